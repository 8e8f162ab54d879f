// One Oracle of the Void export file to one card set (compiler/import/oracle_import.h), read back by cardc's parser.
// Every card here is invented for the test: names, wording and flavor are not real cards'.
#include <gtest/gtest.h>

#include "diag/diagnostic_engine.h"
#include "import/oracle_import.h"
#include "parse/parser.h"

namespace cardc::import {
namespace {

const char* kSample = R"json([
 {"title": ["Kaeru Tomomi"], "formattedtitle": "Kaeru Tomomi", "type": ["Personality"], "cardid": 9001,
  "force": ["3"], "chi": ["2"], "honor": ["-"], "ph": ["1"], "cost": ["6"],
  "keywords": ["<b>Unique</b>", "Heron Tribe", "Samurai"],
  "text": ["<b>Battle, :bow::</b> Bow a target Follower.<br>Lose 1 Honor. <i>(Honor is lost once.)</i>"],
  "printingprimary": "2",
  "printing": [{"printingid": "1", "flavor": ["<i>An older printing.</i>"]},
               {"printingid": "2", "flavor": ["<i>\"The reeds bend &amp; rise.\"</i>"]}]},
 {"title": ["Reed Blade"], "formattedtitle": "Reed Blade &#149; Experienced", "type": ["Item"], "cardid": 9002,
  "force": ["2"], "chi": ["-1"], "cost": ["3"], "focus": ["2"], "keywords": ["<b>Weapon</b>", "Experienced"],
  "text": ["This Personality has +1F.<br><b>Open, :g2::</b> Straighten this Personality."]},
 {"title": ["Marsh &amp; Mist"], "formattedtitle": "Marsh &amp; Mist", "type": ["Strategy"], "cardid": 9003,
  "focus": ["1"], "cost": ["0"], "text": ["<b>Political Limited:</b> Draw a card.<br><b>Battle:</b> Gain 1 Honor."]},
 {"title": ["Frog Bearer"], "formattedtitle": "Frog Bearer", "type": ["Follower"], "cardid": 9004,
  "force": ["1"], "chi": ["0"], "ph": ["-"], "honor": ["0"], "cost": ["2"], "focus": ["3"], "text": []},
 {"title": ["The \"Silent\" Heron"], "formattedtitle": "The \"Silent\" Heron", "type": ["Personality"],
  "cardid": 9005, "force": ["1"], "text": ["Draw a card."]},
 {"title": ["Stone Stair"], "formattedtitle": "Stone Stair", "type": ["Holding"], "cardid": 9006, "cost": ["2"],
  "text": [":bow:: Produce 2 Gold."]}
])json";

SetConversion convert(const char* json = kSample) {
  SetOptions o;
  o.set_name = "Invented Marsh";
  return convert_oracle_set(json, o);
}

TEST(OracleImport, WritesTheWholeSet) {
  SetConversion r = convert();
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.cards_in, 6u);
  EXPECT_EQ(r.written.size() + r.problems.size(), r.cards_in);  // nothing dropped
  EXPECT_EQ(r.text.rfind("game legends\nset \"Invented Marsh\"\n", 0), 0u);
  const char* expected_first = R"(card "Kaeru Tomomi"  # cardid 9001
  type Personality
  stats Force 3 · Chi 2 · Honor Requirement - · Personal Honor 1 · Gold Cost 6
  keywords **Unique** • Heron Tribe • Samurai
  text
    **Battle:** Bow this card: Bow a target Follower.
    Lose 1 Honor. (Honor is lost once.)
  flavor _"The reeds bend & rise."_
end
)";
  EXPECT_NE(r.text.find(expected_first), std::string::npos) << r.text;
}

TEST(OracleImport, ItemModifiersAreSigned) {
  SetConversion r = convert();
  EXPECT_NE(r.text.find("card \"Reed Blade \u2022 Experienced\"  # cardid 9002\n  type Item\n"
                        "  stats Force +2 · Chi -1 · Gold Cost 3 · Focus Value 2\n"
                        "  keywords **Weapon** • Experienced\n"
                        "  text\n    This Personality has +1F.\n    **Open:** Pay 2 Gold: Straighten this Personality.\n"
                        "end\n"),
            std::string::npos)
      << r.text;
}

TEST(OracleImport, EntitiesInTitlesAndFollowerPlaceholders) {
  SetConversion r = convert();
  EXPECT_NE(r.text.find("card \"Marsh & Mist\""), std::string::npos);
  // The export gives every Follower Chi 0 and Personal Honor "-"; Followers have neither (003).
  EXPECT_NE(r.text.find("card \"Frog Bearer\"  # cardid 9004\n  type Follower\n"
                        "  stats Force 1 · Honor Requirement 0 · Gold Cost 2 · Focus Value 3\nend\n"),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("    Bow this card: Produce 2 Gold.\n"), std::string::npos);
}

TEST(OracleImport, CardThatCannotBeWrittenIsReportedNotDropped) {
  SetConversion r = convert();
  ASSERT_EQ(r.problems.size(), 1u);
  const Problem& p = r.problems[0];
  EXPECT_EQ(p.card.index, 4u);
  EXPECT_EQ(p.card.title, "The \"Silent\" Heron");
  EXPECT_EQ(p.card.cardid, "9005");
  EXPECT_NE(p.reason.find("title"), std::string::npos);
  EXPECT_NE(p.reason.find("quote"), std::string::npos);
  EXPECT_EQ(r.text.find("Silent"), std::string::npos);
  // Written in input order, around the reported card.
  ASSERT_EQ(r.written.size(), 5u);
  EXPECT_EQ(r.written[3].title, "Frog Bearer");
  EXPECT_EQ(r.written[4].title, "Stone Stair");
}

TEST(OracleImport, OtherUnwritableCards) {
  const char* json = R"json([
    {"title": ["Old Gate"], "type": ["Holding"], "keywords": ["9 Lives"]},
    {"title": ["Odd Spear"], "type": ["Item"], "force": ["+3*"]},
    {"type": ["Event"], "text": ["Draw a card."]},
    "not a card",
    {"title": ["Fine Card"], "type": ["Event"], "text": ["Draw a card."]}
  ])json";
  SetConversion r = convert(json);
  ASSERT_EQ(r.error, "");
  ASSERT_EQ(r.problems.size(), 4u);
  EXPECT_NE(r.problems[0].reason.find("keyword '9 Lives'"), std::string::npos);  // a keyword starts with a word
  EXPECT_NE(r.problems[1].reason.find("'+3*'"), std::string::npos);
  EXPECT_NE(r.problems[2].reason.find("no title"), std::string::npos);
  EXPECT_NE(r.problems[3].reason.find("not a card"), std::string::npos);
  EXPECT_EQ(r.written.size(), 1u);
  // Problems of one kind share a category (the coverage report counts them together).
  EXPECT_EQ(r.problems[0].category.find("Old Gate"), std::string::npos);
}

// Keywords with a number (003 Keywords: "Experienced 2" is an Experienced keyword), an Item's modifier set by its
// text ("+*"), and a keyword the export encoded twice (UTF-8 read as Latin-1) are all written, and read back.
TEST(OracleImport, NumberedKeywordsVariableModifiersAndDoubleEncodedText) {
  const char* json = R"json([
    {"title": ["Old Gate"], "type": ["Holding"], "keywords": ["<b>Experienced 2CW</b>", "Keeper of the 9th Gate"]},
    {"title": ["Odd Spear"], "type": ["Item"], "force": ["+*"], "chi": ["+1"],
     "keywords": ["Sh\u00c5\u008dj\u00c5\u008d"], "text": ["This Item's Force modifier equals this Personality's Chi."]}
  ])json";
  SetConversion r = convert(json);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.problems.size(), 0u);
  EXPECT_NE(r.text.find("  keywords **Experienced 2CW** • Keeper of the 9th Gate\n"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("  stats Force +* · Chi +1\n  keywords Shōjō\n"), std::string::npos) << r.text;
  SourceManager sm;
  DiagnosticEngine diags(sm);
  auto set = parse_card_set(sm, sm.add("numbered.cards", r.text), diags);
  ASSERT_TRUE(set);
  EXPECT_EQ(diags.errors(), 0u);
  ASSERT_EQ(set->cards.size(), 2u);
  ASSERT_EQ(set->cards[0].keywords.size(), 2u);
  EXPECT_EQ(set->cards[0].keywords[0].text, "Experienced 2CW");
  EXPECT_EQ(set->cards[0].keywords[1].text, "Keeper of the 9th Gate");
  EXPECT_EQ(set->cards[1].stats[0].value.kind, ast::StatValueKind::SignedVariable);
}

TEST(OracleImport, InputThatIsNotAnExport) {
  EXPECT_NE(convert("{\"title\": 1}").error, "");
  EXPECT_NE(convert("[{\"title\": ").error, "");
  SetConversion empty = convert("[]");
  EXPECT_EQ(empty.error, "");
  EXPECT_EQ(empty.text, "game legends\nset \"Invented Marsh\"\n");
}

TEST(OracleImport, Deterministic) {
  SetConversion a = convert(), b = convert();
  EXPECT_EQ(a.text, b.text);
}

// The written set reads back through cardc's own parser: same titles, fields, keywords, paragraphs and flavor.
TEST(OracleImport, RoundTripsThroughTheParser) {
  SetConversion r = convert();
  SourceManager sm;
  DiagnosticEngine diags(sm);
  FileId f = sm.add("invented.cards", r.text);
  auto set = parse_card_set(sm, f, diags);
  ASSERT_TRUE(set);
  EXPECT_EQ(diags.errors(), 0u);
  EXPECT_EQ(set->game, "legends");
  EXPECT_EQ(set->set_name, "Invented Marsh");
  ASSERT_EQ(set->cards.size(), r.written.size());
  for (size_t i = 0; i < set->cards.size(); ++i) EXPECT_EQ(set->cards[i].title, r.written[i].title);
  const ast::Card& kaeru = set->cards[0];
  EXPECT_EQ(kaeru.type, "Personality");
  ASSERT_EQ(kaeru.stats.size(), 5u);
  EXPECT_EQ(kaeru.stats[2].name, "Honor Requirement");
  EXPECT_EQ(kaeru.stats[2].value.kind, ast::StatValueKind::Absent);
  ASSERT_EQ(kaeru.keywords.size(), 3u);
  EXPECT_TRUE(kaeru.keywords[0].bold);
  EXPECT_EQ(kaeru.keywords[1].text, "Heron Tribe");
  EXPECT_FALSE(kaeru.keywords[1].bold);
  ASSERT_EQ(kaeru.text.size(), 2u);
  EXPECT_EQ(kaeru.text[0].blocks.size(), 3u);  // designators, cost, effects
  EXPECT_TRUE(kaeru.text[0].blocks[0].bold);
  ASSERT_EQ(kaeru.text[1].reminders.size(), 1u);
  EXPECT_EQ(kaeru.flavor, "\"The reeds bend & rise.\"");
  const ast::Card& blade = set->cards[1];
  ASSERT_EQ(blade.stats.size(), 4u);
  EXPECT_EQ(blade.stats[0].value.kind, ast::StatValueKind::Signed);
  EXPECT_EQ(blade.stats[0].value.value, 2);
  EXPECT_EQ(blade.stats[1].value.value, -1);
}

}  // namespace
}  // namespace cardc::import
