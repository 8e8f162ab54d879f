#include <gtest/gtest.h>

#include "test_support.h"

namespace cardc {

using test::parse_set;

constexpr const char* kKage = R"(game legends
set "Emerald Dawn"

card "Akodo Kage"
  type Personality
  stats Force 3 · Chi 2 · Honor Requirement - · Gold Cost 8*
  keywords **Unique** • Lion Clan • Samurai
  text
    Lose 3 Honor.
    **Tactical Battle:** Bow this Personality: Target an opposing Personality. He has -2F until the battle ends.
    **Limited:** Give a Personality "Ninja Battle: This Personality challenges a target Personality opposing him."
    Draw a card. (Reminder: it's "free".)
  flavor _The general's eyes — 目 — missed nothing._
end
)";

TEST(Parser, CardFieldsWithExactRanges) {
  auto p = parse_set(kKage);
  ASSERT_TRUE(p->set);
  EXPECT_EQ(p->diags->errors(), 0u);
  EXPECT_EQ(p->set->game, "legends");
  EXPECT_EQ(p->set->set_name, "Emerald Dawn");
  ASSERT_EQ(p->set->cards.size(), 1u);
  const ast::Card& c = p->set->cards[0];
  EXPECT_EQ(c.title, "Akodo Kage");
  EXPECT_EQ(p->sm.text(c.title_range), "Akodo Kage");
  EXPECT_EQ(c.type, "Personality");
  ASSERT_EQ(c.stats.size(), 4u);
  EXPECT_EQ(c.stats[2].name, "Honor Requirement");
  EXPECT_EQ(c.stats[2].value.kind, ast::StatValueKind::Absent);
  EXPECT_EQ(c.stats[3].value.kind, ast::StatValueKind::NumberAsterisk);
  EXPECT_EQ(c.stats[3].value.value, 8);
  LineCol lc = p->sm.line_col(c.stats[1].name_range.file, c.stats[1].name_range.begin);
  EXPECT_EQ(lc.line, 6u);
  EXPECT_EQ(lc.col, 19u);
  ASSERT_EQ(c.keywords.size(), 3u);
  EXPECT_TRUE(c.keywords[0].bold);
  EXPECT_EQ(c.keywords[1].text, "Lion Clan");
  EXPECT_FALSE(c.keywords[1].bold);
  EXPECT_EQ(c.flavor, "The general's eyes — 目 — missed nothing.");
  ASSERT_EQ(c.text.size(), 4u);
}

TEST(Parser, AbilityBlocksSentencesAndModifiers) {
  auto p = parse_set(kKage);
  const ast::Paragraph& ab = p->set->cards[0].text[1];
  ASSERT_EQ(ab.blocks.size(), 3u);  // designators : constraints : effects
  EXPECT_TRUE(ab.blocks[0].bold);
  EXPECT_EQ(p->sm.text(ab.blocks[0].range), "Tactical Battle");
  EXPECT_EQ(p->sm.text(ab.blocks[1].range), "Bow this Personality");
  ASSERT_EQ(ab.blocks[2].sentences.size(), 2u);
  const ast::Sentence& he = ab.blocks[2].sentences[1];
  EXPECT_TRUE(he.ends_with_period);
  const ast::Term& mod = he.terms[2];
  EXPECT_EQ(mod.kind, ast::TermKind::Modifier);
  EXPECT_EQ(mod.value, -2);
  EXPECT_EQ(mod.stat(), "F");
}

TEST(Parser, EmbeddedTextIsItsOwnParagraph) {
  auto p = parse_set(kKage);
  const ast::Paragraph& lim = p->set->cards[0].text[2];
  ASSERT_EQ(lim.blocks.size(), 2u);  // the colon inside the quotes does not split the outer paragraph
  const ast::Term& q = lim.blocks[1].sentences[0].terms.back();
  ASSERT_EQ(q.kind, ast::TermKind::Embedded);
  ASSERT_TRUE(q.embedded);
  ASSERT_EQ(q.embedded->blocks.size(), 2u);
  EXPECT_EQ(p->sm.text(q.embedded->blocks[0].range), "Ninja Battle");
  EXPECT_TRUE(q.embedded->blocks[1].sentences[0].ends_with_period);
}

TEST(Parser, ReminderTextIsKeptNotCompiled) {
  auto p = parse_set(kKage);
  const ast::Paragraph& d = p->set->cards[0].text[3];
  ASSERT_EQ(d.reminders.size(), 1u);
  EXPECT_EQ(d.reminders[0].text, "Reminder: it's \"free\".");
  ASSERT_EQ(d.blocks.size(), 1u);  // the colon inside the reminder does not split
  EXPECT_EQ(d.blocks[0].sentences.size(), 1u);
}

TEST(Parser, NestedStraightQuotes) {
  auto p = parse_set("game g\ncard \"A\"\n  text\n    Give him \"Limited: Give him \"Battle: Bow him.\".\"\n");
  ASSERT_TRUE(p->set);
  EXPECT_EQ(p->diags->errors(), 0u);
  const ast::Term& outer = p->set->cards[0].text[0].blocks[0].sentences[0].terms.back();
  ASSERT_EQ(outer.kind, ast::TermKind::Embedded);
  const ast::Term& inner = outer.embedded->blocks[1].sentences[0].terms.back();
  ASSERT_EQ(inner.kind, ast::TermKind::Embedded);
  EXPECT_EQ(inner.embedded->blocks.size(), 2u);
}

TEST(Parser, SyntaxErrorsAreDiagnosticsWithPositions) {
  auto p = parse_set("game g\ncard \"A\"\n  stats Force\n  text\n    Draw \"a card.\n");
  EXPECT_GE(p->diags->errors(), 2u);
  auto d = p->diags->sorted();
  EXPECT_EQ(diag_info(d[0].id).name, "UnexpectedToken");
  EXPECT_EQ(p->sm.line_col(d[0].range.file, d[0].range.begin).line, 3u);
  EXPECT_EQ(diag_info(d[1].id).name, "UnterminatedQuote");
  EXPECT_EQ(p->sm.line_col(d[1].range.file, d[1].range.begin).line, 5u);
}

TEST(Parser, MissingHeader) {
  auto p = parse_set("card \"A\"\n  type Personality\n");
  ASSERT_EQ(p->diags->errors(), 1u);
  EXPECT_EQ(p->diags->all().front().id, DiagId::MissingGameHeader);
}

TEST(Parser, HugeNumberIsReportedNotWrapped) {
  auto p = parse_set("game g\ncard \"A\"\n  stats Force 99999999999999999999999\n");
  ASSERT_EQ(p->diags->errors(), 1u);
  EXPECT_EQ(p->diags->all().front().id, DiagId::NumberOutOfRange);
}

TEST(Parser, ProfileDeclarations) {
  auto p = test::parse_game(
      "game legends \"L5R\"\n"
      "stat Honor Requirement (HR) [floor = none, dash is lowest]\n"
      "card type Item: Force (modifier), Gold Cost [enters play, attaches]\n"
      "policy modifier order = steps A-C\n");
  ASSERT_TRUE(p->profile);
  EXPECT_EQ(p->diags->errors(), 0u);
  ASSERT_EQ(p->profile->decls.size(), 3u);
  const auto& hr = p->profile->decls[0];
  EXPECT_EQ(hr.kind, ast::DeclKind::Stat);
  EXPECT_EQ(hr.name->text, "Honor Requirement");
  EXPECT_EQ(hr.abbrevs[0].text, "HR");
  ASSERT_EQ(hr.attrs.size(), 2u);
  EXPECT_EQ(hr.attrs[0].value->text, "none");
  const auto& item = p->profile->decls[1];
  EXPECT_EQ(item.kind, ast::DeclKind::CardType);
  EXPECT_EQ(item.items[0].abbrevs[0].text, "modifier");
  EXPECT_EQ(p->profile->decls[2].value->text, "steps A-C");
}

}  // namespace cardc
