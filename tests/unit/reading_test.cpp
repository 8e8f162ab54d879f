// How paragraphs are read into traits and abilities (003 Traits, Abilities; 002 rule 524).
#include <gtest/gtest.h>

#include "profile/load_profile.h"
#include "sema/pipeline.h"
#include "test_support.h"

namespace cardc {

namespace {

constexpr const char* kProfile = R"(game legends
stat Force (F)
stat Chi (C)
stat Gold Cost (GC)
resource Honor
resource Gold (G) [produced]
resource coin (coins)
card type Personality: Force, Chi, Gold Cost [enters play, person]   # "him" names one (003 Traits)
card type Holding: Gold Cost [enters play]
card type Strategy: Gold Cost [action]
designator Battle
designator Open
designator Limited
designator Reaction [reaction]
keyword Tactical [rule = tactical]
keyword Ninja
event enters play [signal = enter play]
event turn begins [signal = turn start]
event is destroyed [signal = destroyed]
event attacks [engine]
event Focus Effect [signal = focused]
verb Gain [primitive = gain]
verb Lose [primitive = lose]
verb Bow [primitive = bow]
verb Target [primitive = target]
verb Give [primitive = give]
verb Draw [primitive = draw]
verb Discard [primitive = discard]
verb Produce [primitive = produce]
verb Challenge [primitive = challenge]
verb Straighten [primitive = straighten]
verb Pay [primitive = pay]
verb Choose [primitive = choose]
verb Heal [primitive = heal]
verb Deal [primitive = deal]
verb Return [primitive = return]
)";

struct Read {
  std::unique_ptr<test::Parsed> game, set;
  std::unique_ptr<GameProfile> profile;
  std::unique_ptr<CheckContext> ctx;
};

std::unique_ptr<Read> read(const std::string& type, const std::string& text) {
  auto r = std::make_unique<Read>();
  r->game = test::parse_game(kProfile);
  r->profile = load_profile(*r->game->profile, *r->game->diags);
  r->set = test::parse_set("game legends\ncard \"A\"\n  type " + type + "\n  text\n    " + text + "\n");
  r->ctx = std::make_unique<CheckContext>(CheckContext{r->set->sm, *r->profile, *r->set->set, *r->set->diags, {}});
  run_sema(*r->ctx);
  return r;
}

const TextUnit& only_unit(const Read& r) {
  EXPECT_EQ(r.ctx->readings.size(), 1u);
  EXPECT_EQ(r.ctx->readings[0].units.size(), 1u);
  return r.ctx->readings[0].units[0];
}

}  // namespace

TEST(Reading, AbilityWithDesignatorsConstraintsAndEffects) {
  auto r = read("Personality", "**Battle/Open:** Pay 2 Gold: Straighten target Personality.");
  EXPECT_EQ(r->set->diags->errors(), 0u);
  const TextUnit& u = only_unit(*r);
  EXPECT_EQ(u.kind, UnitKind::Ability);
  EXPECT_EQ(u.designators, (std::vector<std::string>{"Battle", "Open"}));
  ASSERT_EQ(u.constraints.size(), 1u);
  EXPECT_EQ(u.constraints[0].role, ClauseRole::Cost);
  ASSERT_EQ(u.effects.size(), 1u);
  EXPECT_EQ(r->profile->verbs[static_cast<size_t>(u.effects[0].verb)].primitive, "straighten");
}

TEST(Reading, KeywordsBeforeTheDesignatorAndTargetingInConstraints) {
  auto r = read("Personality",
                "Tactical Battle: Discard a card and target one of your Tactician Personalities: Give him a Force "
                "bonus equal to the Focus Value of the discarded card.");
  EXPECT_EQ(r->set->diags->errors(), 0u);
  const TextUnit& u = only_unit(*r);
  EXPECT_EQ(u.kind, UnitKind::Ability);
  EXPECT_EQ(u.keywords, std::vector<std::string>{"Tactical"});
  EXPECT_EQ(u.designators, std::vector<std::string>{"Battle"});
}

TEST(Reading, TriggeredTraitKnowsItsEvent) {
  auto r = read("Personality", "After your turn begins: Target another player's Personality. This Personality challenges him.");
  EXPECT_EQ(r->set->diags->errors(), 0u);
  const TextUnit& u = only_unit(*r);
  EXPECT_EQ(u.kind, UnitKind::TriggeredTrait);
  ASSERT_EQ(u.constraints.size(), 1u);
  EXPECT_EQ(u.constraints[0].role, ClauseRole::Trigger);
  EXPECT_EQ(r->profile->events[static_cast<size_t>(u.constraints[0].event)].text, "turn begins");
  ASSERT_EQ(u.effects.size(), 2u);
  EXPECT_EQ(u.effects[1].form, ClauseForm::Declarative);
  EXPECT_EQ(u.effects[1].predicate, "challenges");
}

TEST(Reading, SentencesAreSeparateTraitsUnlessAPronounRefersBack) {
  // 003 Traits: two traits.
  auto two = read("Personality", "Lose 2 Honor. This Personality may not issue challenges.");
  EXPECT_EQ(two->ctx->readings[0].units.size(), 2u);
  // 003 Traits: "Lose 3 Honor" on a card that enters play is the enters-play shorthand.
  EXPECT_EQ(two->ctx->readings[0].units[0].kind, UnitKind::ShorthandTrait);
  // 001 This: "This may target ..." modifies the previous effect: one trait.
  auto one = read("Personality", "Draw a card. This may target a Personality with Followers.");
  EXPECT_EQ(one->ctx->readings[0].units.size(), 1u);
}

TEST(Reading, GoldProducingTrait) {
  auto r = read("Holding", "Bow this card: Produce 3 Gold.");
  EXPECT_EQ(only_unit(*r).kind, UnitKind::GoldTrait);
}

TEST(Reading, EmbeddedTextIsItsOwnUnitAndNotTheContainersAbility) {
  auto r = read("Strategy", "**Limited:** Give a Personality \"Ninja Battle: This Personality challenges a target Personality opposing him.\"");
  EXPECT_EQ(r->set->diags->errors(), 0u);
  const TextUnit& u = only_unit(*r);
  // 003 Embedded text: the Limited ability is not a Battle or Ninja ability.
  EXPECT_EQ(u.designators, std::vector<std::string>{"Limited"});
  EXPECT_TRUE(u.keywords.empty());
  ASSERT_EQ(u.embedded.size(), 1u);
  EXPECT_EQ(u.embedded[0].designators, std::vector<std::string>{"Battle"});
  EXPECT_EQ(u.embedded[0].keywords, std::vector<std::string>{"Ninja"});
}

TEST(Reading, ConstructorOptions) {
  // 002 rule 524: the options after "choose 2 times from:" are the chain's parts.
  auto r = read("Personality", "When this hero attacks, choose 2 times from: Gain 1 coin; Draw a card; Heal 2.");
  EXPECT_EQ(r->set->diags->errors(), 0u);
  const TextUnit& u = only_unit(*r);
  ASSERT_EQ(u.effects.size(), 3u);
  EXPECT_EQ(u.effects[0].role, ClauseRole::Option);
}

TEST(Reading, OncePerTurnBeforeAndAfterTheColon) {
  // 003 Traits: "once per turn" before the colon: the trait triggers once.
  auto before = read("Personality", "Once per turn, after a Personality is destroyed: Gain 1 Honor.");
  EXPECT_TRUE(only_unit(*before).once_per_turn_before_colon);
  EXPECT_EQ(only_unit(*before).constraints[0].role, ClauseRole::Trigger);
  auto r = read("Personality", "Once per turn: Draw a card.");
  EXPECT_TRUE(only_unit(*r).once_per_turn_before_colon);
  auto after = read("Personality", "After a Personality is destroyed: Once per turn, gain 1 Honor.");
  EXPECT_TRUE(only_unit(*after).once_per_turn_after_colon);
  EXPECT_FALSE(only_unit(*after).once_per_turn_before_colon);
}

TEST(Reading, UncompilableClauseIsNamed) {
  auto r = read("Personality", "Flarb the Personality wildly.");
  ASSERT_EQ(r->set->diags->errors(), 1u);
  const Diagnostic& d = r->set->diags->all().front();
  EXPECT_EQ(d.id, DiagId::UncompilableClause);
  EXPECT_NE(d.message.find("'Flarb the Personality wildly'"), std::string::npos);
  EXPECT_EQ(d.card_title, "A");
}

TEST(Reading, NamedEventTrigger) {
  auto r = read("Personality", "Focus Effect: Gain 1 Honor.");
  EXPECT_EQ(r->set->diags->errors(), 0u);
  EXPECT_EQ(only_unit(*r).constraints[0].role, ClauseRole::Trigger);
}

}  // namespace cardc

namespace cardc {

// 000 7.2b: "any number" may be zero, but not when something is divided among them.
TEST(Reading, AnyNumberDividedAmongNeedsAtLeastOne) {
  auto divided = read("Strategy", "**Battle:** Pay X Gold: Deal X wounds divided among any number of target Personalities.");
  const TextUnit& u = only_unit(*divided);
  ASSERT_EQ(u.effects.size(), 1u);
  EXPECT_TRUE(u.effects[0].any_number_nonzero);
  auto chosen = read("Strategy", "**Battle:** Return any number of Personalities you control to your hand.");
  EXPECT_FALSE(only_unit(*chosen).effects[0].any_number_nonzero);
}

}  // namespace cardc
