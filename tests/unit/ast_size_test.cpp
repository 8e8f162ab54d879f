// The AST's size (issue 7: under 2 KB of heap per card; docs/performance.md, "Front end"). A term is 40 bytes and a
// card's text is one allocation; a field added to Term, or a vector back in a node, fails here before it shows in a
// benchmark.
#include <gtest/gtest.h>

#include <malloc.h>

#include <sstream>

#include "../bench/synthetic_set.h"
#include "ast/dump.h"
#include "test_support.h"

namespace cardc {

namespace {

std::string dumped(const test::Parsed& p) {
  std::ostringstream out;
  ast::dump(*p.set, p.sm, out);
  return out.str();
}

TEST(AstSize, NodesKeepTheirSize) {
  // text view 16 + range 12 + kind, flags and stat letters 4 + value or embedded paragraph 8: the 18.7 terms of an
  // average card are most of its AST.
  EXPECT_EQ(sizeof(ast::Term), 40u);
  EXPECT_EQ(sizeof(ast::Sentence), 32u);  // a span of terms, not a vector
  EXPECT_EQ(sizeof(ast::Block), 32u);
  EXPECT_EQ(sizeof(ast::Paragraph), 48u);
  EXPECT_EQ(sizeof(ast::StatEntry), 64u);  // the name a view, not a string
}

// Malloc's in-use bytes before and after parsing the 1,000-card synthetic set of front_end_bench (seed 42), as the
// benchmark measures them.
TEST(AstSize, ASyntheticSetTakesUnderTwoKilobytesACard) {
  const std::string text = bench::synthetic_legends_set(1000, 42);
  SourceManager sm;
  DiagnosticEngine diags(sm);
  FileId f = sm.add("synthetic.cards", text);
  parse_card_set(sm, f, diags);  // the parser's scratch (thread_local) is allocated once, not counted below
  const size_t before = mallinfo2().uordblks;
  auto set = parse_card_set(sm, f, diags);
  const size_t after = mallinfo2().uordblks;
  ASSERT_TRUE(set);
  ASSERT_EQ(set->cards.size(), 1000u);
  EXPECT_LT((after - before) / set->cards.size(), 2048u);
}

// A card's text is one block with pointers into itself: a copy gets its own block and points only into it.
TEST(AstSize, CopiedCardTextIsDeep) {
  auto p = test::parse_set(
      "game legends\n\ncard \"A\"\n  type Strategy\n  text\n    Give him +2F and \"Battle: Bow him \"Open: Draw.\"\" "
      "(free).\n    Draw a card.\nend\n");
  ASSERT_TRUE(p->set);
  ASSERT_EQ(p->set->cards.size(), 1u);
  const std::string before = dumped(*p);
  ast::Card copy = p->set->cards[0];
  ast::Card assigned;
  assigned = copy;
  p->set->cards[0] = ast::Card();  // the original's block is freed
  for (const ast::Card* c : {&copy, &assigned}) {
    p->set->cards[0] = *c;
    EXPECT_EQ(dumped(*p), before);
  }
  const ast::Term& give = copy.text[0].blocks[0].sentences[0].terms[4];
  ASSERT_EQ(give.kind, ast::TermKind::Embedded);
  const auto* inner = give.embedded_text();
  const auto* first = &copy.text[0];
  EXPECT_GT(static_cast<const void*>(inner), static_cast<const void*>(first));
  EXPECT_LT(static_cast<const void*>(inner), static_cast<const void*>(&give));  // paragraphs come before terms
  EXPECT_NE(inner, assigned.text[0].blocks[0].sentences[0].terms[4].embedded_text());
}

}  // namespace

}  // namespace cardc
