#pragma once
// The coverage report (scripts/coverage, docs/coverage.md): how much of an imported corpus cardc checks clean.
// Inputs are the JSON report of `cardc import --report` and the output of `cardc check --diagnostics-format=json`
// on the imported files; no I/O here.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cardc::import {

struct DiagnosticCount {
  std::string name;
  std::string severity;  // error | warning | note
  size_t count = 0;      // diagnostics
  size_t cards = 0;      // distinct cards with it
  size_t only = 0;       // cards whose only error it is: fixing it alone makes them clean
  std::string example;   // the title of the first card it was reported on
};

struct ReasonCount {
  std::string reason;    // the reason with quoted names replaced by '…'
  size_t count = 0;
  std::string example;
};

struct Coverage {
  std::string corpus;
  size_t files = 0;
  size_t cards = 0;          // entries in the corpus
  size_t imported = 0;       // written as cards
  size_t not_converted = 0;
  size_t clean = 0;          // imported cards with no error (binding's included: the cards compiled)
  long compiled = -1;        // cards compiled to the effect IR (cardc check's summary); -1: not bound
  long faithful = -1;        // of those, cards whose every paragraph the wording grammar read and round-trips
  long lowered = -1;         // of the compiled, cards lowered from their meaning (docs/meaning.md), not bound from words
  std::vector<ReasonCount> not_converted_reasons;  // most frequent first
  std::vector<DiagnosticCount> diagnostics;         // most frequent first
  double clean_percent() const { return cards ? 100.0 * static_cast<double>(clean) / static_cast<double>(cards) : 0; }
  double compiled_percent() const {
    return cards && compiled > 0 ? 100.0 * static_cast<double>(compiled) / static_cast<double>(cards) : 0;
  }
};

// Fails (returns false, `error` says why) when either input is not what it should be.
bool compute_coverage(std::string_view import_report_json, std::string_view check_json, Coverage& out,
                      std::string& error);

std::string coverage_text(const Coverage& c, size_t top = 25);
std::string coverage_json(const Coverage& c, size_t top = 25);

}  // namespace cardc::import
