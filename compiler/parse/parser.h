#pragma once
// The parser's ANTLR-free face: source text in, AST and diagnostics out. Nothing here throws.
#include <memory>

#include "ast/ast.h"
#include "diag/diagnostic_engine.h"

namespace cardc {

// Input limits (docs/language.md, Limits): past them cardc reports a diagnostic instead of working on.
struct ParseLimits {
  size_t max_file_bytes = 16u << 20;
  size_t max_line_bytes = 16u << 10;
  size_t max_nesting = 32;       // embedded text and reminder text inside each other
  size_t max_cards = 100000;     // per file
  int64_t max_number = 1000000;  // integer literals
};

std::unique_ptr<ast::CardSetFile> parse_card_set(const SourceManager& sm, FileId file, DiagnosticEngine& diags,
                                                 const ParseLimits& limits = {});
std::unique_ptr<ast::ProfileFile> parse_profile(const SourceManager& sm, FileId file, DiagnosticEngine& diags,
                                                const ParseLimits& limits = {});

}  // namespace cardc
