#include "driver/standard_input.h"

#include "base/read_file.h"

namespace cardc {

bool is_standard_input(const std::string& path) { return path == "-"; }

std::string input_name(const std::string& path) { return is_standard_input(path) ? kStdinName : path; }

FileId load_input(SourceManager& sm, const std::string& path, std::string& error, size_t max_bytes) {
  if (!is_standard_input(path)) return sm.load(path, error, max_bytes);
  // The same bounded reader as a file's (base/read_file.h): it stops past the limit instead of reading an endless
  // pipe.
  std::string text;
  if (!read_input(path, max_bytes, text, error, /*allow_stdin=*/true)) return kNoFile;
  return sm.add(kStdinName, std::move(text));
}

}  // namespace cardc
