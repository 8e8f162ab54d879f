#include <gtest/gtest.h>

#include "profile/load_profile.h"
#include "test_support.h"

namespace cardc {

namespace {
std::unique_ptr<GameProfile> load(test::Parsed& p) { return load_profile(*p.profile, *p.diags); }
}  // namespace

TEST(Profile, ModelFromDeclarations) {
  auto p = test::parse_game(
      "game legends \"L5R\"\n"
      "policy modifier order = rule 523\n"
      "stat Force (F)\n"
      "stat Honor Requirement (HR) [floor = none, dash is lowest]\n"
      "player stat Family Honor [floor = none]\n"
      "resource Honor [player stat = Family Honor]\n"
      "card type Item: Force (modifier) [attaches]\n"
      "designator Battle\n"
      "keyword Experienced [prefix]\n"
      "keyword Clan: Lion Clan\n"
      "verb Bow [primitive = bow]\n");
  auto g = load(*p);
  EXPECT_EQ(p->diags->errors(), 0u);
  EXPECT_EQ(g->modifier_order, ModifierOrder::Rule523);
  ASSERT_TRUE(g->stat("HR").has_value());
  EXPECT_EQ(g->stats[*g->stat("HR")].floor, Floor::None);
  EXPECT_TRUE(g->stats[*g->stat("Honor Requirement")].dash_is_lowest);
  const CardTypeDef* item = g->card_type("Item");
  ASSERT_TRUE(item);
  EXPECT_TRUE(item->attaches);
  ASSERT_TRUE(item->slot(*g->stat("F")));
  EXPECT_TRUE(item->slot(*g->stat("F"))->modifier);
  // 003 Keywords EXCEPTION: any keyword containing Experienced is an Experienced keyword.
  EXPECT_TRUE(g->keyword("Experienced 2 Akodo Kage"));
  EXPECT_EQ(g->keyword("Lion Clan")->family, "Clan");
  // 003 Keywords: a part of a keyword is not the keyword.
  EXPECT_FALSE(g->keyword("Lion"));
}

TEST(Profile, ChecksReportEveryProblem) {
  auto p = test::parse_game(
      "game g\n"
      "stat Force (F)\n"
      "stat Force (Fo)\n"                            // ProfileDuplicate
      "card type Personality: Force, Wisdom\n"       // ProfileUnknownStat
      "designator Battle [timing = fast]\n"          // ProfileUnknownAttribute
      "policy modifier order = alphabetical\n"       // ProfileBadPolicy
      "verb Bow [primitive = curtsey]\n");           // ProfileBadPolicy
  auto g = load(*p);
  std::vector<std::string> names;
  for (const auto& d : p->diags->sorted()) names.emplace_back(diag_info(d.id).name);
  EXPECT_EQ(names, (std::vector<std::string>{"ProfileDuplicate", "ProfileUnknownStat", "ProfileUnknownAttribute",
                                             "ProfileBadPolicy", "ProfileBadPolicy"}));
}

TEST(Profile, PhraseWordsAreLowerCase) {
  EXPECT_EQ(phrase_words("Enters  Play"), (std::vector<std::string>{"enters", "play"}));
}

}  // namespace cardc
