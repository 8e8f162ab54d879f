// Conformance: stats and modifiers. 003_c83c069b880758ae.txt Stats; 000_6878fa005291d153.txt 7.1-7.4d;
// 002_3bccf7f22febdff2.txt 523.
#include <gtest/gtest.h>

#include <climits>

#include "test_support.hpp"

using namespace rt;

namespace {

// Region: "Attacking Personalities at this Province's battlefield have -2F." (continuous trait)
int32_t region_trait(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t bf = 1;
  for (int32_t p = 0; p < 2; ++p)
    for (int32_t i = 0; i < cardrt_zone_count(g, p, legends::Play); ++i) {
      const int32_t c = cardrt_zone_card(g, p, legends::Play, i);
      if (cardrt_stat_has(g, c, legends::Chi) && cardrt_card_battlefield(g, c) == bf)
        cardrt_stat_modify(g, ctx, c, legends::Force, -2, CARDRT_DUR_CONTINUOUS);
    }
  return CARDRT_OK;
}

int32_t own_personal_honor(cardrt_game* g, cardrt_effect_ctx*, int32_t card) {
  return cardrt_stat_get(g, card, legends::PersonalHonor);
}

// Obsidian Dragon: "Non-Unique Personalities have a Force and Chi penalty equal to their own Personal Honor
// while they oppose Obsidian Dragon; this will not reduce Chi below 1."
int32_t obsidian_dragon_trait(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t opp = cardrt_opponent(g, cardrt_ctx_controller(g, ctx));
  for (int32_t i = 0; i < cardrt_zone_count(g, opp, legends::Play); ++i) {
    const int32_t c = cardrt_zone_card(g, opp, legends::Play, i);
    if (!cardrt_stat_has(g, c, legends::PersonalHonor) || cardrt_card_has_keyword(g, c, legends::Unique)) continue;
    cardrt_stat_modify_fluctuating(g, ctx, c, legends::Force, reinterpret_cast<cardrt_any_fn>(&own_personal_honor),
                                   -1, CARDRT_DUR_CONTINUOUS);
    cardrt_stat_penalty_floored(g, ctx, c, legends::Chi, reinterpret_cast<cardrt_any_fn>(&own_personal_honor), 0, 1,
                                CARDRT_DUR_CONTINUOUS);
  }
  return CARDRT_OK;
}

}  // namespace

// 003_c83c069b880758ae.txt Stats steps A-C, the Samurai example: Force 0 -> 2 -> 1 -> 1 -> 4.
TEST(Stats003, SamuraiForceWalkThroughStepsAToC) {
  TestGame t(make_legends());
  const int32_t samurai_def = t.def("Samurai", "Personality", {{"Force", 1}, {"Chi", 2}}, {"Samurai"});
  const int32_t region_def = t.def("Region", "Region");
  t.ability(region_def, CARDRT_AB_CONTINUOUS, nullptr, 0, &region_trait);
  t.start();
  const int32_t samurai = t.play(samurai_def, 0);
  t.play(region_def, 1);
  ASSERT_EQ(cardrt_game_set_battlefield(t, 1), CARDRT_OK);
  ASSERT_EQ(cardrt_game_move_to_battlefield(t, samurai, 1), CARDRT_OK);
  EXPECT_EQ(t.stat(samurai, legends::Force), 0);  // 1-2 = -1, treated as 0 (step B)
  ASSERT_GT(cardrt_stat_modify(t, nullptr, samurai, legends::Force, 3, CARDRT_DUR_END_OF_TURN), 0);
  EXPECT_EQ(t.stat(samurai, legends::Force), 2);  // 1-2+3
  ASSERT_GT(cardrt_stat_bound(t, nullptr, samurai, legends::Force, CARDRT_BOUND_MAX, 1, CARDRT_DUR_END_OF_BATTLE), 0);
  EXPECT_EQ(t.stat(samurai, legends::Force), 1);  // maximum 1 (step C)
  ASSERT_EQ(cardrt_game_move_to_battlefield(t, samurai, 2), CARDRT_OK);
  EXPECT_EQ(t.stat(samurai, legends::Force), 1);  // the Region's -2F ended: 1+3 = 4, maximum 1
  ASSERT_EQ(cardrt_game_signal(t, CARDRT_BOUNDARY_BATTLE_END), CARDRT_OK);
  EXPECT_EQ(t.stat(samurai, legends::Force), 4);  // the maximum ended, +3F lasts till end of turn
  cardrt_game_end_turn(t);
  EXPECT_EQ(t.stat(samurai, legends::Force), 1);
}

// 003 Stats, restriction example: the Obsidian Dragon walk-through (Chi 1, 3, 1, then 0 and destroyed).
TEST(Stats003, ObsidianDragonChiRestrictionRecomputedWhenPenaltyChanges) {
  TestGame t(make_legends());
  const int32_t pers_def = t.def("Courtier", "Personality", {{"Force", 2}, {"Chi", 3}, {"Personal Honor", 3}});
  const int32_t dragon_def = t.def("Obsidian Dragon", "Personality", {{"Force", 5}, {"Chi", 5}}, {"Unique"});
  t.ability(dragon_def, CARDRT_AB_CONTINUOUS, nullptr, 0, &obsidian_dragon_trait);
  t.start();
  const int32_t pers = t.play(pers_def, 0);
  t.play(dragon_def, 1);
  // -3C would reduce Chi below 1, so the penalty applied is -2C
  EXPECT_EQ(t.stat(pers, legends::Chi), 1);
  EXPECT_EQ(t.stat(pers, legends::Force), 0);
  // +2C: the penalty was only -2C when applied, so back to 3C
  cardrt_stat_modify(t, nullptr, pers, legends::Chi, 2, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(t.stat(pers, legends::Chi), 3);
  // +2PH recalculates the penalty to -5C; cut so that Chi is not below 1 (the rulebook's "now 1C")
  cardrt_stat_modify(t, nullptr, pers, legends::PersonalHonor, 2, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(t.stat(pers, legends::PersonalHonor), 5);
  EXPECT_EQ(t.stat(pers, legends::Chi), 1);
  // -1C from a token: the restriction does not apply to other sources; 0C destroys him (003 Chi)
  ASSERT_GT(cardrt_place_stat_token(t, nullptr, pers, legends::Chi, -1), 0);
  EXPECT_EQ(cardrt_card_in_play(t, pers), 0);
  EXPECT_EQ(cardrt_card_zone(t, pers), legends::Discard);
}

// 003 Setting stats to a value: the Force/Chi switch with a +1C weapon destroys the Personality.
TEST(Stats003, ForceChiSwitchWithWeaponDestroysPersonality) {
  TestGame t(make_legends());
  const int32_t pers_def = t.def("Monk", "Personality", {{"Force", 0}, {"Chi", 3}});
  const int32_t weapon_def = t.def("Weapon", "Item", {{"Chi", 1}, {"Force", 0}});
  t.start();
  const int32_t pers = t.play(pers_def, 0);
  const int32_t weapon = t.add(weapon_def, 0, legends::Hand);
  ASSERT_EQ(cardrt_attach(t, nullptr, weapon, pers), CARDRT_OK);
  EXPECT_EQ(t.stat(pers, legends::Chi), 4);
  const int bonuses = t.count_log(CARDRT_LOG_BONUS), penalties = t.count_log(CARDRT_LOG_PENALTY);
  ASSERT_EQ(cardrt_stat_switch(t, nullptr, pers, legends::Force, pers, legends::Chi), CARDRT_OK);
  EXPECT_EQ(t.count_log(CARDRT_LOG_BONUS), bonuses + 1);      // +4F
  EXPECT_EQ(t.count_log(CARDRT_LOG_PENALTY), penalties + 1);  // -4C
  EXPECT_EQ(cardrt_card_in_play(t, pers), 0);                 // 0C: destroyed
  EXPECT_EQ(cardrt_card_in_play(t, weapon), 0);               // its attachment leaves play with it
}

// 003 Absent stats: read as zero, cannot receive bonuses unless the bonus grants the stat.
TEST(Stats003, AbsentStatsReadZeroAndTakeNoBonuses) {
  TestGame t(make_legends());
  const int32_t holding_def = t.def("Mine", "Holding", {{"Gold Cost", 2}});
  const int32_t follower_def = t.def("Troops", "Follower", {{"Force", 2}});
  t.start();
  const int32_t mine = t.play(holding_def, 0);
  EXPECT_EQ(cardrt_stat_has(t, mine, legends::Force), 0);
  EXPECT_EQ(t.stat(mine, legends::Force), 0);
  EXPECT_EQ(cardrt_stat_modify(t, nullptr, mine, legends::Force, 3, CARDRT_DUR_END_OF_TURN), CARDRT_FAILED);
  EXPECT_EQ(t.stat(mine, legends::Force), 0);
  EXPECT_GT(cardrt_stat_modify_op(t, nullptr, mine, legends::Force, CARDRT_OP_ADD | CARDRT_OP_GRANTS_STAT, 3,
                                  CARDRT_DUR_END_OF_TURN),
            0);
  EXPECT_EQ(t.stat(mine, legends::Force), 3);
  // 003 EXCEPTION: Followers have no Chi, so the zero-Chi rule never destroys them
  const int32_t troops = t.play(follower_def, 0);
  EXPECT_EQ(cardrt_card_in_play(t, troops), 1);
}

// 003 Stats: a minimum above the maximum leaves the value unchanged until they stop contradicting.
TEST(Stats003, MinimumAboveMaximumLeavesValueUnchanged) {
  TestGame t(make_legends());
  const int32_t d = t.def("Bushi", "Personality", {{"Force", 5}, {"Chi", 2}});
  t.start();
  const int32_t c = t.play(d, 0);
  const int32_t max = cardrt_stat_bound(t, nullptr, c, legends::Force, CARDRT_BOUND_MAX, 3, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(t.stat(c, legends::Force), 3);
  cardrt_stat_bound(t, nullptr, c, legends::Force, CARDRT_BOUND_MIN, 4, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(t.stat(c, legends::Force), 3);  // unchanged, not 4 or 5
  cardrt_stat_modify(t, nullptr, c, legends::Force, 10, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(t.stat(c, legends::Force), 3);  // still unchanged while they contradict
  ASSERT_EQ(cardrt_modifier_end(t, nullptr, max), CARDRT_OK);
  EXPECT_EQ(t.stat(c, legends::Force), 15);
  // applying a bound is not a bonus or penalty
  EXPECT_EQ(t.count_log(CARDRT_LOG_PENALTY), 0);
}

// 003 Stats: +0 is not a bonus; a bonus ending is not a penalty.
TEST(Stats003, ZeroIsNoBonusAndEndingIsNoPenalty) {
  TestGame t(make_legends());
  const int32_t d = t.def("Bushi", "Personality", {{"Force", 2}, {"Chi", 2}});
  t.start();
  const int32_t c = t.play(d, 0);
  cardrt_stat_modify(t, nullptr, c, legends::Force, 0, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(t.count_log(CARDRT_LOG_BONUS), 0);
  EXPECT_EQ(t.count_log(CARDRT_LOG_PENALTY), 0);
  const int32_t m = cardrt_stat_modify(t, nullptr, c, legends::Force, 2, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(t.count_log(CARDRT_LOG_BONUS), 1);
  cardrt_modifier_end(t, nullptr, m);
  cardrt_game_end_turn(t);
  EXPECT_EQ(t.stat(c, legends::Force), 2);
  EXPECT_EQ(t.count_log(CARDRT_LOG_PENALTY), 0);
  EXPECT_GE(t.count_log(CARDRT_LOG_MODIFIER_ENDED), 1);
}

namespace {
int32_t count_samurai(cardrt_game* g, cardrt_effect_ctx*, int32_t) {
  int32_t n = 0;
  for (int32_t p = 0; p < 2; ++p)
    for (int32_t i = 0; i < cardrt_zone_count(g, p, legends::Play); ++i)
      n += cardrt_card_has_keyword(g, cardrt_zone_card(g, p, legends::Play, i), legends::Samurai);
  return n;
}
}  // namespace

// 003 Stats, fluctuating bonus: "+1F for each Samurai in play" going from +3F to +2F is not a penalty.
TEST(Stats003, FluctuatingBonusChangeIsNotAPenalty) {
  TestGame t(make_legends());
  const int32_t sam = t.def("Samurai", "Personality", {{"Force", 1}, {"Chi", 2}}, {"Samurai"});
  const int32_t monk = t.def("Monk", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.start();
  const int32_t a = t.play(sam, 0);
  t.play(sam, 0);
  t.play(sam, 1);
  const int32_t m = t.play(monk, 0);
  ASSERT_GT(cardrt_stat_modify_fluctuating(t, nullptr, m, legends::Force, reinterpret_cast<cardrt_any_fn>(&count_samurai),
                                           1, CARDRT_DUR_END_OF_TURN),
            0);
  EXPECT_EQ(t.stat(m, legends::Force), 4);
  const int penalties = t.count_log(CARDRT_LOG_PENALTY);
  ASSERT_EQ(cardrt_destroy(t, nullptr, a), CARDRT_OK);
  EXPECT_EQ(t.stat(m, legends::Force), 3);
  EXPECT_EQ(t.count_log(CARDRT_LOG_PENALTY), penalties);
  EXPECT_GE(t.count_log(CARDRT_LOG_MODIFIER_CHANGED), 1);
}

namespace {
int32_t hand_size_base(cardrt_game* g, int32_t card, int32_t) {
  return cardrt_zone_count(g, cardrt_card_controller(g, card), legends::Hand);
}
}  // namespace

// 003 Asterisks: "*" instead of a stat: determined by circumstances; undeterminable is zero.
TEST(Stats003, AsteriskStatsAndUndeterminableBase) {
  TestGame t(make_legends());
  const int32_t d = t.def("Scholar", "Personality", {{"Chi", 2}});
  cardrt_def_stat(t.pool(), d, "Force", CARDRT_BASE_ASTERISK, 0);
  cardrt_def_base_fn(t.pool(), d, reinterpret_cast<cardrt_any_fn>(&hand_size_base));
  const int32_t e = t.def("Mystery", "Personality", {{"Chi", 2}});
  cardrt_def_stat(t.pool(), e, "Force", CARDRT_BASE_ASTERISK, 0);  // no way to determine it
  const int32_t filler = t.def("Filler", "Holding");
  t.start();
  const int32_t s = t.play(d, 0);
  const int32_t m = t.play(e, 0);
  t.add(filler, 0, legends::Hand);
  t.add(filler, 0, legends::Hand);
  EXPECT_EQ(t.stat(s, legends::Force), 2);
  EXPECT_EQ(t.stat(m, legends::Force), 0);
  cardrt_stat_modify(t, nullptr, s, legends::Force, 1, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(t.stat(s, legends::Force), 3);
  EXPECT_EQ(cardrt_stat_base(t, s, legends::Force), 2);
}

// 003 step B exceptions: Honor Requirement may be negative; Family Honor may be negative.
TEST(Stats003, FloorPolicyPerStatAndResource) {
  TestGame t(make_legends());
  const int32_t d = t.def("Ronin", "Personality", {{"Force", 1}, {"Chi", 1}, {"Honor Requirement", -2}});
  t.start();
  const int32_t c = t.play(d, 0);
  EXPECT_EQ(t.stat(c, legends::HonorRequirement), -2);
  cardrt_stat_modify(t, nullptr, c, legends::HonorRequirement, -3, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(t.stat(c, legends::HonorRequirement), -5);
  cardrt_stat_modify(t, nullptr, c, legends::Force, -3, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(t.stat(c, legends::Force), 0);
  cardrt_lose_resource(t, nullptr, 0, legends::FamilyHonor, 4);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::FamilyHonor), -4);
  cardrt_lose_resource(t, nullptr, 0, legends::Gold, 4);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::Gold), 0);
}

// 003 Created cards: base values from the effect, others 0, Honor Requirement "-", no title, cease to exist.
namespace {
int32_t create_follower(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t c = cardrt_create_card(g, ctx, "Follower", cardrt_ctx_controller(g, ctx), legends::Play);
  cardrt_created_set_base(g, ctx, c, legends::Force, 1);
  cardrt_created_add_keyword(g, ctx, c, legends::Samurai);
  const int32_t p = cardrt_create_card(g, ctx, "Personality", cardrt_ctx_controller(g, ctx), legends::Play);
  cardrt_created_set_base(g, ctx, p, legends::Chi, 2);
  // a created card that cannot enter play ceases to exist
  const int32_t h = cardrt_create_card(g, ctx, "Follower", cardrt_ctx_controller(g, ctx), legends::Hand);
  return h == CARDRT_FAILED ? CARDRT_OK : CARDRT_E_INTERNAL;
}
}  // namespace

TEST(Stats003, CreatedCards) {
  TestGame t(make_legends());
  const int32_t trainer = t.def("Matsu Benika", "Personality", {{"Force", 2}, {"Chi", 2}});
  const int32_t ab = t.ability(trainer, CARDRT_AB_ACTION, nullptr, 0, &create_follower);
  t.start();
  const int32_t b = t.play(trainer, 0);
  const int32_t before = cardrt_game_card_count(t);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, b, ab), CARDRT_OK);
  const int32_t follower = before + 1, pers = before + 2, in_hand = before + 3;
  EXPECT_EQ(t.stat(follower, legends::Force), 1);
  EXPECT_EQ(t.stat(follower, legends::GoldCost), 0);  // a stat of the type not specified: base 0
  EXPECT_EQ(cardrt_card_has_keyword(t, follower, legends::Samurai), 1);
  EXPECT_EQ(t.stat(pers, legends::HonorRequirement), CARDRT_DASH);
  EXPECT_EQ(t.stat(pers, legends::Force), 0);
  EXPECT_EQ(cardrt_game_card_exists(t, in_hand), 0);
  EXPECT_NE(t.text_log().find("created Follower"), std::string::npos);  // no title
  ASSERT_EQ(cardrt_discard_card(t, nullptr, follower), CARDRT_OK);
  EXPECT_EQ(cardrt_game_card_exists(t, follower), 0);  // ceased to exist when it left play
  EXPECT_EQ(cardrt_zone_count(t, 0, legends::Discard), 0);
}

// 000_6878fa005291d153.txt 7.2: the -2/2/2 beast; 7.2a: duel statistics floor at zero.
TEST(Numbers000, NegativeBeastStatAndDuelFloor) {
  TestGame t(make_terrus());
  const int32_t d = t.def("Beast", "Beast", {{"ATK", 1}, {"DEF", 2}, {"HP", 2}});
  t.start();
  const int32_t b = t.play(d, 0);
  cardrt_stat_modify(t, nullptr, b, terrus::Atk, -3, CARDRT_DUR_DAWN);
  EXPECT_EQ(t.stat(b, terrus::Atk), -2);  // a -2/2/2 beast
  EXPECT_EQ(t.stat(b, terrus::Atk) + t.stat(b, terrus::Def) + t.stat(b, terrus::Hp), 2);  // total statistic 2
  EXPECT_EQ(cardrt_stat_result(t, b, terrus::Atk), 0);  // cannot assign wounds by its ATK
  // 7.2a: a duel bonus of 1 gives -1, resolved as 0; a bonus of 4 gives 2
  const int32_t duel1 = cardrt_stat_modify(t, nullptr, b, terrus::Atk, 1, CARDRT_DUR_END_OF_DUEL);
  EXPECT_EQ(t.stat(b, terrus::Atk), -1);
  EXPECT_EQ(cardrt_stat_duel(t, b, terrus::Atk), 0);
  cardrt_modifier_end(t, nullptr, duel1);
  cardrt_stat_modify(t, nullptr, b, terrus::Atk, 4, CARDRT_DUR_END_OF_DUEL);
  EXPECT_EQ(cardrt_stat_duel(t, b, terrus::Atk), 2);
  cardrt_game_signal(t, CARDRT_BOUNDARY_DUEL_END);
  cardrt_stat_modify(t, nullptr, b, terrus::Atk, 3, CARDRT_DUR_PERMANENT);
  EXPECT_EQ(t.stat(b, terrus::Atk), 1);  // ATK +3 raises it to 1
  cardrt_game_signal(t, CARDRT_BOUNDARY_DAWN);
  EXPECT_EQ(t.stat(b, terrus::Atk), 4);  // the -3 lasted until dawn
}

// 000 7.2: vitae results floor at zero, except setting or doubling a ruler's vitae.
TEST(Numbers000, VitaeFloorsExceptSetAndDouble) {
  TestGame t(make_terrus());
  t.def("Beast", "Beast");
  t.start();
  cardrt_gain_resource(t, nullptr, 0, terrus::Vitae, 3);
  EXPECT_EQ(cardrt_lose_resource(t, nullptr, 0, terrus::Vitae, 5), 3);
  EXPECT_EQ(cardrt_resource_get(t, 0, terrus::Vitae), 0);
  cardrt_set_resource(t, nullptr, 0, terrus::Vitae, -3);
  EXPECT_EQ(cardrt_resource_get(t, 0, terrus::Vitae), -3);
  cardrt_double_resource(t, nullptr, 0, terrus::Vitae);
  EXPECT_EQ(cardrt_resource_get(t, 0, terrus::Vitae), -6);
  EXPECT_EQ(cardrt_gain_resource(t, nullptr, 0, terrus::Vitae, -1), CARDRT_E_ARGUMENT);  // 7.2 no negative choices
}

// 000 7.3: a number that cannot be determined is zero; arithmetic saturates instead of overflowing.
TEST(Numbers000, UndeterminableIsZeroAndArithmeticSaturates) {
  TestGame t(make_heroes());
  const int32_t d = t.def("Golem", "Creature", {{"Power", 2}, {"Health", 3}});
  t.start();
  const int32_t c = t.play(d, 0);
  cardrt_stat_modify_op(t, nullptr, c, heroes::Power, CARDRT_OP_DIV, 0, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(t.stat(c, heroes::Power), 0);
  cardrt_game_end_turn(t);
  cardrt_stat_modify(t, nullptr, c, heroes::Health, INT32_MAX, CARDRT_DUR_PERMANENT);
  cardrt_stat_modify(t, nullptr, c, heroes::Health, INT32_MAX, CARDRT_DUR_PERMANENT);
  EXPECT_EQ(t.stat(c, heroes::Health), INT32_MAX);
  cardrt_stat_modify_op(t, nullptr, c, heroes::Power, CARDRT_OP_MUL, INT32_MAX, CARDRT_DUR_PERMANENT);
  cardrt_stat_modify_op(t, nullptr, c, heroes::Power, CARDRT_OP_MUL, INT32_MAX, CARDRT_DUR_PERMANENT);
  EXPECT_EQ(t.stat(c, heroes::Power), INT32_MAX);
  EXPECT_EQ(cardrt_random(t, nullptr, 0), 0);
}

// 002_3bccf7f22febdff2.txt 523.1-523.2: add, multiply, subtract, divide, set by entry order, clamp to 0.
TEST(Modifiers002, Rule523OrderNotEntryOrder) {
  TestGame t(make_heroes());
  const int32_t d = t.def("Golem", "Creature", {{"Power", 2}, {"Health", 3}});
  t.start();
  const int32_t c = t.play(d, 0);
  cardrt_stat_modify_op(t, nullptr, c, heroes::Power, CARDRT_OP_SUB, 1, CARDRT_DUR_END_OF_TURN);
  cardrt_stat_modify_op(t, nullptr, c, heroes::Power, CARDRT_OP_DIV, 2, CARDRT_DUR_END_OF_TURN);
  cardrt_stat_modify_op(t, nullptr, c, heroes::Power, CARDRT_OP_MUL, 3, CARDRT_DUR_END_OF_TURN);
  cardrt_stat_modify(t, nullptr, c, heroes::Power, 4, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(t.stat(c, heroes::Power), 8);  // ((2+4)*3-1)/2, not ((2-1)/2)*3+4
  cardrt_stat_set(t, nullptr, c, heroes::Power, 7, CARDRT_DUR_END_OF_TURN);
  cardrt_stat_set(t, nullptr, c, heroes::Power, 5, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(t.stat(c, heroes::Power), 5);  // sets in the order they entered: the later one holds
  cardrt_game_end_turn(t);
  EXPECT_EQ(t.stat(c, heroes::Power), 2);
  cardrt_stat_modify_op(t, nullptr, c, heroes::Power, CARDRT_OP_SUB, 5, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(t.stat(c, heroes::Power), 0);  // 523.2: negative becomes 0
}

// 002_3bccf7f22febdff2.txt 523.1 divisions: "half its ATK, rounded down" (CARDRT_OP_DIV) and "rounded up"
// (CARDRT_OP_DIV_UP), exact for a negative value too: terrus' ATK may be negative (000 7.2), so 523.2's floor does
// not hide the rounding.
TEST(Modifiers002, DivisionsRoundDownOrUp) {
  cardrt_profile* p = make_terrus();
  cardrt_profile_set_modifier_order(p, CARDRT_ORDER_RULE_523);
  TestGame t(p);
  const int32_t d = t.def("Beast", "Beast", {{"ATK", 5}});
  t.start();
  const int32_t down = t.play(d, 0), up = t.play(d, 0);
  cardrt_stat_modify_op(t, nullptr, down, terrus::Atk, CARDRT_OP_DIV, 2, CARDRT_DUR_PERMANENT);
  cardrt_stat_modify_op(t, nullptr, up, terrus::Atk, CARDRT_OP_DIV_UP, 2, CARDRT_DUR_PERMANENT);
  EXPECT_EQ(t.stat(down, terrus::Atk), 2);  // 2.5 rounded down
  EXPECT_EQ(t.stat(up, terrus::Atk), 3);    // 2.5 rounded up
  // subtractions before divisions: (5 - 8) / 2 = -1.5, rounded down -2, rounded up -1
  cardrt_stat_modify_op(t, nullptr, down, terrus::Atk, CARDRT_OP_SUB, 8, CARDRT_DUR_PERMANENT);
  cardrt_stat_modify_op(t, nullptr, up, terrus::Atk, CARDRT_OP_SUB, 8, CARDRT_DUR_PERMANENT);
  EXPECT_EQ(t.stat(down, terrus::Atk), -2);
  EXPECT_EQ(t.stat(up, terrus::Atk), -1);
  EXPECT_EQ(cardrt_stat_modify_op(t, nullptr, up, terrus::Atk, CARDRT_OP_DIV_UP + 1, 2, CARDRT_DUR_PERMANENT),
            CARDRT_E_ARGUMENT);
}

namespace {
int32_t announce_x_and_gain(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t x = cardrt_x_announce(g, ctx, 5);
  cardrt_gain_resource(g, ctx, cardrt_ctx_controller(g, ctx), legends::Gold, x);
  return CARDRT_OK;
}
}  // namespace

// 000 7.4a-d: X announced when playing; zero when played free; zero out of play; one X per card.
TEST(Numbers000, XRulesAtRuntime) {
  TestGame t(make_legends());
  const int32_t d = t.def("Shapeshifter", "Personality", {{"Chi", 2}});
  cardrt_def_stat(t.pool(), d, "Force", CARDRT_BASE_X, 0);
  const int32_t ab = t.ability(d, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &announce_x_and_gain);
  t.start();
  const int32_t c = t.play(d, 0);
  const int32_t other = t.add(d, 0, legends::Hand);
  t.answer({3});
  ASSERT_EQ(cardrt_game_use_ability(t, 0, c, ab), CARDRT_OK);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::Gold), 3);
  EXPECT_EQ(t.stat(c, legends::Force), 3);      // 7.4d: the same X everywhere on the card
  EXPECT_EQ(t.stat(other, legends::Force), 0);  // 7.4c: X in hand is zero
  ASSERT_EQ(cardrt_game_play_free(t, 0, c, ab), CARDRT_OK);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::Gold), 3);  // 7.4b: free, X can only be 0
  ASSERT_EQ(cardrt_discard_card(t, nullptr, c), CARDRT_OK);
  EXPECT_EQ(t.stat(c, legends::Force), 0);  // 7.4c: X in the discard pile is zero
}

// 000 7.2b/7.2: negative numbers cannot be chosen; an illegal answer falls back to the default and is logged.
TEST(Numbers000, NoNegativeChoices) {
  TestGame t(make_legends());
  const int32_t d = t.def("Any", "Holding");
  auto pick = [](cardrt_game* g, cardrt_effect_ctx* ctx) -> int32_t {
    const int32_t n = cardrt_choose_number(g, ctx, -5, 4);
    return cardrt_gain_resource(g, ctx, cardrt_ctx_controller(g, ctx), legends::Gold, n) >= 0 ? CARDRT_OK
                                                                                            : CARDRT_FAILED;
  };
  const int32_t ab = t.ability(d, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, +pick);
  t.start();
  const int32_t c = t.play(d, 0);
  t.answer({-1});
  ASSERT_EQ(cardrt_game_use_ability(t, 0, c, ab), CARDRT_OK);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::Gold), 0);
  EXPECT_EQ(t.count_log(CARDRT_LOG_CHOICE_INVALID), 1);
  EXPECT_EQ(t.script().seen.back().min_count, 0);
  t.answer({4});
  ASSERT_EQ(cardrt_game_use_ability(t, 0, c, ab), CARDRT_OK);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::Gold), 4);
}
