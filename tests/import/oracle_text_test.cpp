// The Oracle of the Void's HTML card text to cardc card text (compiler/import/oracle_text.h).
// Every sample here is invented for the test; none is a real card's text.
#include <gtest/gtest.h>

#include "import/oracle_text.h"

namespace cardc::import {
namespace {

std::vector<std::string> paras(std::string_view html) {
  auto r = convert_text(html);
  EXPECT_EQ(r.problem, "") << html;
  return r.paragraphs;
}

std::string one(std::string_view html) {
  auto p = paras(html);
  EXPECT_EQ(p.size(), 1u) << html;
  return p.empty() ? "" : p[0];
}

TEST(OracleText, DecodesEntities) {
  EXPECT_EQ(decode_entities("Salt &amp; Sand"), "Salt & Sand");
  EXPECT_EQ(decode_entities("&quot;Hush&quot;"), "\"Hush\"");
  EXPECT_EQ(decode_entities("Reed &#149; Marsh"), "Reed \u2022 Marsh");  // Windows-1252 bullet
  EXPECT_EQ(decode_entities("wait&#8230;"), "wait\u2026");
  EXPECT_EQ(decode_entities("&#x41;&lt;&gt;&nbsp;"), "A<>\u00A0");
  EXPECT_EQ(decode_entities("&unknownname; & alone"), "&unknownname; & alone");
  EXPECT_EQ(decode_entities("&#0;"), "\uFFFD");
}

TEST(OracleText, PlainTextStripsTagsAndBlanks) {
  EXPECT_EQ(plain_text("  <i>Quiet   <b>river</b></i>\n"), "Quiet river");
  EXPECT_EQ(plain_text("Mossy Gate &#149; Experienced"), "Mossy Gate \u2022 Experienced");
}

TEST(OracleText, ParagraphsSplitAtBr) {
  auto p = paras("Draw a card.<br>Gain 1 Honor.<BR/>Lose 1 Honor.<br />");
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[0], "Draw a card.");
  EXPECT_EQ(p[1], "Gain 1 Honor.");
  EXPECT_EQ(p[2], "Lose 1 Honor.");
}

TEST(OracleText, DesignatorsAreBold) {
  EXPECT_EQ(one("<b>Battle:</b> Bow a target Follower."), "**Battle:** Bow a target Follower.");
  EXPECT_EQ(one("<b>Political Open:</b> Draw a card."), "**Political Open:** Draw a card.");
  EXPECT_EQ(one("<b>Battle/Open:</b>Draw a card."), "**Battle/Open:** Draw a card.");
}

TEST(OracleText, BowIconInHeadIsACost) {
  EXPECT_EQ(one("<b>Battle, :bow::</b> Bow a target Follower."),
            "**Battle:** Bow this card: Bow a target Follower.");
  EXPECT_EQ(one("<b>Limited, :bow:</b>: Draw a card."), "**Limited:** Bow this card: Draw a card.");
}

TEST(OracleText, GoldIconsInHeadArePayments) {
  EXPECT_EQ(one("<b>Open, :g2::</b> Draw a card."), "**Open:** Pay 2 Gold: Draw a card.");
  EXPECT_EQ(one("<b>Open, :bow:, :g10::</b> Draw a card."), "**Open:** Bow this card. Pay 10 Gold: Draw a card.");
  EXPECT_EQ(one("<b>Battle, :gstar::</b> Recruit a Samurai."), "**Battle:** Pay X Gold: Recruit a Samurai.");
  EXPECT_EQ(one("<b>Battle, :g*::</b> Recruit a Samurai."), "**Battle:** Pay X Gold: Recruit a Samurai.");
  // The comma outside the bold, the icons after it.
  EXPECT_EQ(one("<b>Repeatable Limited,</b> :g2:: Draw a card."), "**Repeatable Limited:** Pay 2 Gold: Draw a card.");
}

TEST(OracleText, IconOnlyHeadIsATrait) {
  EXPECT_EQ(one("<b>:bow::</b> Produce 2 Gold."), "Bow this card: Produce 2 Gold.");
  EXPECT_EQ(one(":bow:: Produce 3 Gold."), "Bow this card: Produce 3 Gold.");
  // A keyword trait with an icon cost, not bold in the export: stays not bold.
  EXPECT_EQ(one("Invest :g3:: Give this card a token."), "Invest: Pay 3 Gold: Give this card a token.");
}

TEST(OracleText, IconsInEmbeddedAndReminderHeads) {
  EXPECT_EQ(one("Give him the ability, \"<b>Battle, :bow::</b> Draw a card.\""),
            "Give him the ability, \"**Battle:** Bow this card: Draw a card.\"");
  EXPECT_EQ(one("<i>(<b>Limited, :g1::</b> Draw a card.)</i>"), "(**Limited:** Pay 1 Gold: Draw a card.)");
}

TEST(OracleText, GoldIconsOutsideHeadsAreAmounts) {
  EXPECT_EQ(one("Discipline :g2:."), "Discipline 2 Gold.");
  EXPECT_EQ(one("This card's Invest is :g0: while you are the Attacker."),
            "This card's Invest is 0 Gold while you are the Attacker.");
}

TEST(OracleText, BowIconOutsideAHeadIsAProblem) {
  auto r = convert_text("Draw a card, then :bow: a Follower.");
  EXPECT_NE(r.problem.find(":bow:"), std::string::npos);
}

TEST(OracleText, ReminderTextKeepsOnlyItsParentheses) {
  EXPECT_EQ(one("Draw a card. <i>(Cards are drawn from the Fate deck.)</i>"),
            "Draw a card. (Cards are drawn from the Fate deck.)");
  EXPECT_EQ(one("Gain 1 Honor <i><i>(once)</i></i>."), "Gain 1 Honor (once).");
}

TEST(OracleText, OtherItalicsAreMarked) {
  EXPECT_EQ(one("Bow him. <i>The heron takes flight.</i> Draw a card."),
            "Bow him. _The heron takes flight._ Draw a card.");
}

TEST(OracleText, InlineBoldKeepsBlanksOutside) {
  EXPECT_EQ(one("Give him <b>Ninja </b>and<b> Cavalry</b>."), "Give him **Ninja** and **Cavalry**.");
  EXPECT_EQ(one("Create a 1F <b>Reed &#149; Marsh</b> Follower."), "Create a 1F **Reed \u2022 Marsh** Follower.");
}

TEST(OracleText, OtherTagsAreStrippedAndBlanksCollapsed) {
  EXPECT_EQ(one("<span class=\"x\">Draw</span>   a\n card."), "Draw a card.");
  EXPECT_EQ(one("Draw &amp; discard a card."), "Draw & discard a card.");
}

TEST(OracleText, EmptyParagraphsAreNotWritten) {
  auto p = paras("Draw a card.<br> <br><i></i>");
  EXPECT_EQ(p.size(), 1u);
}

TEST(OracleText, LinesTheLanguageCannotHoldAreProblems) {
  EXPECT_NE(convert_text("Draw card #2.").problem, "");                // '#' starts a comment
  EXPECT_NE(convert_text("flavor of the month.").problem, "");          // a field word would end the text
  EXPECT_NE(convert_text("&#149; Draw a card.").problem, "");          // a bullet cannot begin a paragraph
  EXPECT_EQ(convert_text("flavorful tea is poured.").problem, "");      // not the field word itself
  EXPECT_EQ(convert_text("+2F to each Samurai.").problem, "");
}

TEST(OracleText, NamesAndQuotedText) {
  EXPECT_EQ(name_words_problem("Soul of Reed-Walker"), "");
  EXPECT_EQ(name_words_problem("Heron's Watch"), "");
  EXPECT_EQ(name_words_problem("Battle/Open"), "");
  EXPECT_NE(name_words_problem("Experienced 2"), "");
  EXPECT_EQ(name_words_problem("Experienced 2", /*numbers_after_first_word=*/true), "");
  EXPECT_EQ(name_words_problem("Commander of the 9th Legion", true), "");
  EXPECT_NE(name_words_problem("2 Experienced", true), "");
  EXPECT_NE(name_words_problem("Salt, Sand"), "");
  EXPECT_EQ(quoted_problem("Kaeru \u2022 Experienced (Ash) & Co!"), "");
  EXPECT_NE(quoted_problem("The \"Quiet\" One"), "");
  EXPECT_NE(quoted_problem("The \u201CQuiet\u201D One"), "");
  EXPECT_NE(quoted_problem("Number #1"), "");
}

TEST(OracleText, UndoesDoubleEncoding) {
  EXPECT_EQ(undo_double_encoding("Sh\u00c5\u008dj\u00c5\u008d"), "Sh\u014dj\u014d");
  EXPECT_EQ(undo_double_encoding("Caf\u00c3\u00a9"), "Caf\u00c3\u00a9");  // no C1 control: could be meant
  EXPECT_EQ(undo_double_encoding("\u00c5\u008d \u2022"), "\u00c5\u008d \u2022");  // beyond Latin-1: left as is
  EXPECT_EQ(undo_double_encoding("x\u0085"), "x\u0085");  // the bytes are not UTF-8
}

TEST(OracleText, Flavor) {
  std::string problem;
  EXPECT_EQ(convert_flavor("<i>\"Still water &#8230; deep roots.\"</i><br>- An old saying", problem),
            "\"Still water \u2026 deep roots.\" - An old saying");
  EXPECT_EQ(problem, "");
  convert_flavor("<i>Take #1</i>", problem);
  EXPECT_NE(problem, "");
}

}  // namespace
}  // namespace cardc::import
