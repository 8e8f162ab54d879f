#pragma once
// `cardc check --verify`: expected diagnostics live in the checked files as comments (clang -verify style):
//   # expected-error@+1 {{unknown stat 'Forse'}} [UnknownStat]
//   # expected-warning@-2:9 {{...}}        (@N absolute line, @+N / @-N relative, :C column; no @ = this line)
// The comments are found with a regex over the raw text, so files with syntax errors can be verified too.
#include <deque>
#include <ostream>
#include <vector>

#include "diag/diagnostic.h"

namespace cardc {

struct Expectation {
  FileId file = kNoFile;
  uint32_t comment_line = 0;
  uint32_t line = 0;
  uint32_t col = 0;  // 0: any column
  Severity severity = Severity::Error;
  std::string text;  // must occur in the message
  std::string name;  // must equal the diagnostic's name when given
};

std::vector<Expectation> scan_expectations(const SourceManager& sm, FileId file, std::vector<std::string>& problems);

// Compares; writes each mismatch to `out`; returns the number of mismatches.
size_t verify_diagnostics(const SourceManager& sm, const std::vector<Expectation>& expected,
                          const std::deque<Diagnostic>& actual, std::ostream& out);

}  // namespace cardc
