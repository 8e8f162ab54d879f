#pragma once
// `cardc check PATH...` and `cardc dump-ast FILE`.
#include <iosfwd>
#include <string>
#include <vector>

#include "diag/diagnostic_engine.h"

namespace cardc {

struct CheckOptions {
  std::vector<std::string> paths;
  std::vector<std::string> profile_dirs;
  std::string format = "text";  // text | json
  std::string emit;             // "" | ast
  std::string stop_after;       // a sema pass name
  std::string only_card;        // dump-ast --card
  std::string color = "auto";   // auto | always | never
  size_t error_limit = kDefaultErrorLimit;  // --error-limit; 0: no limit
  bool werror = false;
  bool verify = false;
  bool time = false;            // print the elapsed time in the summary (default: on a terminal only)
  bool compile = false;         // also count the cards compiled in the summary (every check binds them)
};

// Exit codes: 0 clean, 1 errors found (or --verify mismatches), 2 usage or I/O error.
int run_check(const CheckOptions& opts, std::ostream& out, std::ostream& err);
int run_dump_ast(const CheckOptions& opts, std::ostream& out, std::ostream& err);

}  // namespace cardc
