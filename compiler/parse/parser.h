#pragma once
// The parser's ANTLR-free face: source text in, AST and diagnostics out. Nothing here throws.
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

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
  // Parse every card with ANTLR, never the fast path (tests/unit/fast_card_test.cpp compares the two).
  bool antlr_only = false;
};

// Cards parsed earlier, by their text: a set parsed again after an edit reads only the cards whose text changed
// and reuses the others (their AST and syntax diagnostics, moved to where the card now starts). cardc lsp keeps
// one per document; it holds the cards of the last parse only.
class CardParseCache {
 public:
  struct Entry {
    ast::Card card;                 // ranges relative to the card's first byte (a placeholder file id)
    std::vector<Diagnostic> diags;  // its syntax diagnostics, likewise
  };
  size_t hits() const { return hits_; }
  size_t misses() const { return misses_; }

 private:
  friend std::unique_ptr<ast::CardSetFile> parse_card_set(const SourceManager&, FileId, DiagnosticEngine&,
                                                          const ParseLimits&, CardParseCache*);
  std::unordered_map<std::string, Entry> entries_;
  size_t hits_ = 0, misses_ = 0;
};

std::unique_ptr<ast::CardSetFile> parse_card_set(const SourceManager& sm, FileId file, DiagnosticEngine& diags,
                                                 const ParseLimits& limits = {}, CardParseCache* cache = nullptr);
std::unique_ptr<ast::ProfileFile> parse_profile(const SourceManager& sm, FileId file, DiagnosticEngine& diags,
                                                const ParseLimits& limits = {});

}  // namespace cardc
