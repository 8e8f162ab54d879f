#pragma once
// Helpers shared by the unit tests: parse text in memory, run the cardc binary.
#include <memory>
#include <string>

#include "diag/diagnostic_engine.h"
#include "parse/parser.h"

namespace cardc::test {

struct Parsed {
  SourceManager sm;
  std::unique_ptr<DiagnosticEngine> diags;
  std::unique_ptr<ast::CardSetFile> set;
  std::unique_ptr<ast::ProfileFile> profile;
};

inline std::unique_ptr<Parsed> parse_set(const std::string& text, const std::string& name = "t.cards") {
  auto p = std::make_unique<Parsed>();
  p->diags = std::make_unique<DiagnosticEngine>(p->sm);
  FileId f = p->sm.add(name, text);
  p->set = parse_card_set(p->sm, f, *p->diags);
  return p;
}

inline std::unique_ptr<Parsed> parse_game(const std::string& text, const std::string& name = "t.game") {
  auto p = std::make_unique<Parsed>();
  p->diags = std::make_unique<DiagnosticEngine>(p->sm);
  FileId f = p->sm.add(name, text);
  p->profile = parse_profile(p->sm, f, *p->diags);
  return p;
}

struct RunResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// Runs `cardc ARGS` (a shell word list) and captures its output and exit code.
RunResult run_cardc(const std::string& args);
std::string write_temp(const std::string& name, const std::string& contents);

}  // namespace cardc::test
