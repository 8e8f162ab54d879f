#pragma once
// `cardc fmt [--check] [--in-place] PATH...` (tools/format.h has the layout).
#include <iosfwd>
#include <string>
#include <vector>

namespace cardc::tools {

struct FmtOptions {
  std::vector<std::string> paths;  // files or folders (recursively: *.cards, *.game)
  bool check = false;              // report files that are not formatted; change nothing
  bool in_place = false;           // rewrite files that are not formatted (atomically)
};

// Without --check or --in-place the formatted files are written to `out`.
// Exit codes: 0 formatted (or, with --check, already formatted), 1 a file is not formatted (--check) or has
// errors, 2 usage or I/O error.
int run_fmt(const FmtOptions& opts, std::ostream& out, std::ostream& err);

}  // namespace cardc::tools
