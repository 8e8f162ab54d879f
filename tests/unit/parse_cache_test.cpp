// Re-parsing a set after a one-card edit reads only that card (cardc lsp), and gives exactly what a fresh parse
// gives: the same AST at the same places, the same syntax diagnostics.
#include <gtest/gtest.h>

#include <sstream>

#include "ast/dump.h"
#include "diag/render.h"
#include "test_support.h"

namespace cardc {

namespace {

std::string set_text(const std::string& middle_card) {
  return "game legends\nset \"Cache\"\n\n"
         "card \"First\"\n  type Personality\n  stats Force 2 · Chi 2\n  text\n    **Battle:** Bow this card: Draw a card.\nend\n\n" +
         middle_card +
         "card \"Broken\"\n  type Personality\n  stats Force\nend\n\n"
         "card \"Last\"\n  type Strategy\n  text\n    **Limited:** Give a Personality \"Battle: Bow this Personality.\"\nend\n";
}

struct Result {
  std::string ast, diags;
};

Result parse(const std::string& text, CardParseCache* cache) {
  SourceManager sm;
  DiagnosticEngine d(sm);
  FileId f = sm.add("cache.cards", text);
  auto set = parse_card_set(sm, f, d, {}, cache);
  Result r;
  std::ostringstream a, g;
  if (set) ast::dump(*set, sm, a);
  for (const auto& x : d.sorted()) render_text(sm, x, g, {});
  r.ast = a.str();
  r.diags = g.str();
  return r;
}

}  // namespace

TEST(CardParseCache, OnlyTheEditedCardIsParsedAgainAndTheResultIsTheSame) {
  CardParseCache cache;
  std::string before = set_text("card \"Middle\"\n  type Personality\n  stats Force 1 · Chi 1\nend\n\n");
  // An edit that makes the middle card longer: every later card moves.
  std::string after = set_text("card \"Middle\"\n  type Personality\n  stats Force 3 · Chi 1\n  keywords Samurai\nend\n\n");
  Result first = parse(before, &cache);
  EXPECT_NE(first.diags.find("cache.cards:18:14:"), std::string::npos) << first.diags;
  EXPECT_EQ(cache.misses(), 4u);
  Result second = parse(after, &cache);
  EXPECT_EQ(cache.misses(), 5u);  // only "Middle" again
  EXPECT_EQ(cache.hits(), 3u);
  Result fresh = parse(after, nullptr);
  EXPECT_EQ(second.ast, fresh.ast);
  EXPECT_EQ(second.diags, fresh.diags);  // the broken card's syntax error, at its new line
  EXPECT_NE(fresh.diags.find("cache.cards:19:14:"), std::string::npos) << fresh.diags;
  EXPECT_NE(first.ast, second.ast);
}

}  // namespace cardc
