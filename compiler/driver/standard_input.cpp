#include "driver/standard_input.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace cardc {

bool is_standard_input(const std::string& path) { return path == "-"; }

bool read_standard_input(std::string& out, std::string& error, size_t max_bytes) {
  out.clear();
  char buffer[1 << 16];
  // Bounded: stop one chunk past the limit instead of reading an endless pipe.
  while (true) {
    const size_t n = std::fread(buffer, 1, sizeof buffer, stdin);
    out.append(buffer, n);
    if (out.size() > max_bytes) {
      error = "standard input is larger than the limit of " + std::to_string(max_bytes) + " bytes";
      return false;
    }
    if (n < sizeof buffer) break;
  }
  if (std::ferror(stdin)) {
    error = std::strerror(errno);
    return false;
  }
  return true;
}

FileId load_input(SourceManager& sm, const std::string& path, std::string& error, size_t max_bytes) {
  if (!is_standard_input(path)) return sm.load(path, error, max_bytes);
  std::string text;
  if (!read_standard_input(text, error, max_bytes)) return kNoFile;
  return sm.add(kStdinName, std::move(text));
}

}  // namespace cardc
