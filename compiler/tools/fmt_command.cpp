#include "tools/fmt_command.h"

#include <fstream>
#include <ostream>
#include <sstream>

#include "base/read_file.h"
#include "driver/inputs.h"
#include "driver/standard_input.h"
#include "parse/parser.h"
#include "tools/atomic_write.h"
#include "tools/format.h"

namespace cardc::tools {

namespace {

// The 1-based number of the first line where a and b differ.
size_t first_difference(const std::string& a, const std::string& b) {
  size_t line = 1;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (a[i] != b[i]) return line;
    if (a[i] == '\n') ++line;
  }
  return line;
}

}  // namespace

int run_fmt(const FmtOptions& opts, std::ostream& out, std::ostream& err) {
  if (opts.paths.empty()) {
    err << "cardc fmt: no files or folders given\n";
    return 2;
  }
  if (opts.check && opts.in_place) {
    err << "cardc fmt: --check and --in-place exclude each other\n";
    return 2;
  }
  int rc = 0;
  size_t files = 0, unformatted = 0;
  for (const auto& path : expand_inputs(opts.paths)) {
    const bool from_stdin = is_standard_input(path);  // "-": a card set on stdin, formatted to stdout
    FileKind kind = from_stdin ? FileKind::CardSet : file_kind(path);
    if (from_stdin && opts.in_place) {
      err << "cardc fmt: --in-place cannot rewrite standard input ('-'); the formatted set goes to stdout without it\n";
      rc = 2;
      continue;
    }
    if (kind == FileKind::Other) {
      err << "cardc fmt: '" << path << "' is not a card set (.cards) or game profile (.game)\n";
      rc = 2;
      continue;
    }
    // A regular file (non-blocking, never a FIFO or device) or standard input, either bounded by the same limit.
    std::string text, why;
    if (!read_input(path, ParseLimits{}.max_file_bytes, text, why, /*allow_stdin=*/from_stdin)) {
      const std::string name = input_name(path);
      err << name << ":1:1: error: cannot read '" << name << "': " << why << "\n";
      rc = 2;
      continue;
    }
    ++files;
    std::string error;
    auto formatted =
        format_source(text, kind == FileKind::CardSet ? FormatLanguage::CardSet : FormatLanguage::Profile,
                      from_stdin ? kStdinName : path, error);
    if (!formatted) {
      err << error;
      if (rc == 0) rc = 1;
      continue;
    }
    bool same = *formatted == text;
    if (opts.check) {
      if (!same) {
        out << path << ":" << first_difference(text, *formatted) << ": not formatted (cardc fmt --in-place " << path
            << ")\n";
        ++unformatted;
        if (rc == 0) rc = 1;
      }
    } else if (opts.in_place) {
      if (!same) {
        if (!atomic_write(path, *formatted, error)) {
          err << "cardc fmt: cannot write '" << path << "': " << error << "\n";
          rc = 2;
          continue;
        }
        out << "formatted " << path << "\n";
        ++unformatted;
      }
    } else {
      out << *formatted;
    }
  }
  if (opts.check)
    out << files << " file" << (files == 1 ? "" : "s") << " checked, " << unformatted << " not formatted\n";
  return rc;
}

}  // namespace cardc::tools
