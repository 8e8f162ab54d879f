// Conformance: 004_371df101c41b5f86.txt (HP, AT, LK, RS): lethal damage, D6 rolls for Luck and Critical
// Damage, Resist, Status counters, the Luck-above-6 rule.
#include <gtest/gtest.h>

#include "test_support.hpp"

using namespace rt;

namespace {
struct Units {
  int32_t def_attacker, def_defender;
};
}  // namespace

// 004 Luck: "a unit with 8 Luck deals damage to another unit: send 2 cards from the Deck to the Discard Pile".
TEST(Gems004, LuckEightSendsTwoCards) {
  TestGame t(make_gems());
  const int32_t a = t.def("Striker", "Unit", {{"Health", 5}, {"Attack", 3}, {"Luck", 8}, {"Resist", 0}});
  const int32_t d = t.def("Wall", "Unit", {{"Health", 10}, {"Attack", 1}, {"Luck", 0}, {"Resist", 1}});
  t.start();
  const int32_t att = t.play(a, 0), def = t.play(d, 1);
  for (int i = 0; i < 5; ++i) t.add(d, 1, gems::Deck);
  // Luck 8: the Critical Damage roll (<= 8) always succeeds, so Resist is ignored
  EXPECT_EQ(cardrt_attack(t, nullptr, att, def), 3);
  EXPECT_EQ(cardrt_card_counters(t, def, gems::Damage), 3);
  EXPECT_EQ(cardrt_zone_count(t, 1, gems::Deck), 3);
  EXPECT_EQ(cardrt_zone_count(t, 1, gems::Discard), 2);
  EXPECT_EQ(t.count_log(CARDRT_LOG_CRITICAL), 1);
}

// 004 Resist: a failed Critical Damage roll reduces the damage by the total Resist; Luck 0 always fails.
TEST(Gems004, ResistReducesDamageWhenCriticalFails) {
  TestGame t(make_gems());
  const int32_t a = t.def("Brute", "Unit", {{"Health", 5}, {"Attack", 3}, {"Luck", 0}, {"Resist", 0}});
  const int32_t d = t.def("Wall", "Unit", {{"Health", 10}, {"Attack", 1}, {"Luck", 0}, {"Resist", 1}});
  t.start();
  const int32_t att = t.play(a, 0), def = t.play(d, 1);
  t.add(d, 1, gems::Deck);
  EXPECT_EQ(cardrt_attack(t, nullptr, att, def), 2);
  EXPECT_EQ(cardrt_zone_count(t, 1, gems::Deck), 1);  // Luck not above 6: no cards sent
  EXPECT_EQ(t.count_log(CARDRT_LOG_ROLL), 1);
  // damage from a card effect that ignores Resist: no roll, no reduction
  cardrt_deal_damage(t, nullptr, def, 4, CARDRT_DMG_IGNORE_RESIST);
  EXPECT_EQ(cardrt_card_counters(t, def, gems::Damage), 6);
  EXPECT_EQ(t.count_log(CARDRT_LOG_ROLL), 1);
  // Resist larger than the damage: zero, never negative
  cardrt_stat_modify(t, nullptr, def, gems::RS, 10, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(cardrt_attack(t, nullptr, att, def), 0);
}

// 004 Health: damage counters equal to or above total Health are Lethal Damage.
TEST(Gems004, LethalDamage) {
  TestGame t(make_gems());
  const int32_t d = t.def("Sprite", "Unit", {{"Health", 2}, {"Attack", 1}, {"Luck", 0}, {"Resist", 0}});
  t.start();
  const int32_t u = t.play(d, 0);
  cardrt_deal_damage(t, nullptr, u, 1, CARDRT_DMG_IGNORE_RESIST);
  EXPECT_EQ(cardrt_card_in_play(t, u), 1);
  cardrt_stat_modify(t, nullptr, u, gems::HP, -1, CARDRT_DUR_END_OF_TURN);  // total Health now 1
  EXPECT_EQ(cardrt_card_in_play(t, u), 0);
  EXPECT_EQ(cardrt_card_zone(t, u), gems::Discard);
  EXPECT_EQ(cardrt_card_counters(t, u, gems::Damage), 0);  // counters leave with the card
}

// 004 Luck: a Luck roll succeeds when the D6 result is equal to or less than total Luck.
TEST(Gems004, LuckRollBounds) {
  TestGame t(make_gems(), 3);
  const int32_t lucky = t.def("Lucky", "Unit", {{"Health", 2}, {"Luck", 6}});
  const int32_t hapless = t.def("Hapless", "Unit", {{"Health", 2}, {"Luck", 0}});
  const int32_t even = t.def("Even", "Unit", {{"Health", 2}, {"Luck", 3}});
  t.start();
  const int32_t a = t.play(lucky, 0), b = t.play(hapless, 0), c = t.play(even, 0);
  int wins = 0;
  for (int i = 0; i < 200; ++i) {
    EXPECT_EQ(cardrt_roll_luck(t, nullptr, a), 1);
    EXPECT_EQ(cardrt_roll_luck(t, nullptr, b), 0);
    wins += cardrt_roll_luck(t, nullptr, c);
  }
  EXPECT_GT(wins, 60);
  EXPECT_LT(wins, 140);
}

// 004 Resist: a Status is resisted by a roll <= Resist; "ignoring Resist" skips the roll; at the end of your
// turn a successful Resist roll removes all counters of one Status type.
TEST(Gems004, StatusResistRollsAndEndOfTurnRemoval) {
  TestGame t(make_gems());
  const int32_t stone = t.def("Stone", "Unit", {{"Health", 9}, {"Resist", 6}});
  const int32_t glass = t.def("Glass", "Unit", {{"Health", 9}, {"Resist", 0}});
  t.start();
  const int32_t s = t.play(stone, 0), g = t.play(glass, 0);
  EXPECT_EQ(cardrt_inflict_status(t, nullptr, s, gems::Poison, 2, 0), 0);  // Resist 6: always resisted
  EXPECT_EQ(cardrt_card_counters(t, s, gems::Poison), 0);
  EXPECT_EQ(cardrt_inflict_status(t, nullptr, g, gems::Poison, 2, 0), 1);  // Resist 0: always applied
  EXPECT_EQ(cardrt_inflict_status(t, nullptr, s, gems::Poison, 1, CARDRT_DMG_IGNORE_RESIST), 1);
  EXPECT_EQ(cardrt_inflict_status(t, nullptr, s, gems::Burn, 3, CARDRT_DMG_IGNORE_RESIST), 1);
  EXPECT_EQ(cardrt_inflict_status(t, nullptr, s, gems::Damage, 1, 0), CARDRT_E_ARGUMENT);  // not a Status
  t.answer({1});  // roll for the Stone: yes
  t.answer({1});  // remove Burn (options: Poison, Burn)
  t.answer({1});  // roll for the Glass: yes (Resist 0 fails)
  EXPECT_EQ(cardrt_game_end_of_turn_resist(t, 0), 3);
  EXPECT_EQ(cardrt_card_counters(t, s, gems::Burn), 0);
  EXPECT_EQ(cardrt_card_counters(t, s, gems::Poison), 1);
  EXPECT_EQ(cardrt_card_counters(t, g, gems::Poison), 2);
}

// Scripted die results (cardrt_game_script_rolls): the engine's results come first, oldest first, then the seeded
// generator goes on where it was; a result that is not a face of the profile's D6 is refused and none is kept.
TEST(Gems004, ScriptedRollsComeFirst) {
  TestGame t(make_gems()), fresh(make_gems());
  t.start();
  fresh.start();
  const int32_t rolls[] = {4, 1};
  EXPECT_EQ(cardrt_game_script_rolls(t, rolls, 2), CARDRT_OK);
  EXPECT_EQ(cardrt_roll_d6(t, nullptr), 4);
  EXPECT_EQ(cardrt_roll_d6(t, nullptr), 1);
  const int32_t bad[] = {2, 7};
  EXPECT_EQ(cardrt_game_script_rolls(t, bad, 2), CARDRT_E_ARGUMENT);
  const int32_t zero[] = {0};
  EXPECT_EQ(cardrt_game_script_rolls(t, zero, 1), CARDRT_E_ARGUMENT);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(cardrt_roll_d6(t, nullptr), cardrt_roll_d6(fresh, nullptr));
}

// 000_6878fa005291d153.txt 7.4: an X the text defines ("Deal X damage to target unit, where X is this unit's AT",
// "... where X is the number of units you control") is read when the effect reads it: the effect function computes
// the amount with cardrt_stat_result (7.2: never negative) or cardrt_count_cards at resolution, not when the card
// was defined or the ability announced, so later changes count.
namespace {
int32_t any_other_unit(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t c) {
  return cardrt_card_in_play(g, c) && c != cardrt_ctx_source(g, ctx);
}
int32_t yours(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t c) {
  return cardrt_card_in_play(g, c) && cardrt_card_controller(g, c) == cardrt_ctx_controller(g, ctx);
}
int32_t target_other_unit(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_target_cards(g, ctx, 0, reinterpret_cast<cardrt_any_fn>(&any_other_unit), 1, 1, 0);
}
int32_t deal_own_attack(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t x = cardrt_stat_result(g, cardrt_ctx_source(g, ctx), gems::AT);
  return cardrt_deal_damage(g, ctx, cardrt_slot_get(g, ctx, 0, 0), x, CARDRT_DMG_IGNORE_RESIST) >= 0 ? CARDRT_OK
                                                                                                 : CARDRT_FAILED;
}
int32_t deal_units_you_control(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t x = cardrt_count_cards(g, ctx, reinterpret_cast<cardrt_any_fn>(&yours));
  return cardrt_deal_damage(g, ctx, cardrt_slot_get(g, ctx, 0, 0), x, CARDRT_DMG_IGNORE_RESIST) >= 0 ? CARDRT_OK
                                                                                                 : CARDRT_FAILED;
}
}  // namespace

TEST(Numbers000, TextDefinedXIsReadAtResolution) {
  TestGame t(make_gems());
  const int32_t brute = t.def("Brute", "Unit", {{"Health", 9}, {"Attack", 3}, {"Luck", 0}, {"Resist", 0}});
  const int32_t caller = t.def("Caller", "Unit", {{"Health", 9}, {"Attack", 1}, {"Luck", 0}, {"Resist", 0}});
  const int32_t wall = t.def("Wall", "Unit", {{"Health", 30}, {"Attack", 0}, {"Luck", 0}, {"Resist", 0}});
  const int32_t by_attack = t.ability(brute, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &deal_own_attack,
                                      &target_other_unit);
  const int32_t by_count = t.ability(caller, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &deal_units_you_control,
                                     &target_other_unit);
  t.start();
  const int32_t w = t.play(wall, 1);
  const int32_t b = t.play(brute, 0);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, b, by_attack), CARDRT_OK);
  EXPECT_EQ(cardrt_card_counters(t, w, gems::Damage), 3);  // its AT, 3
  cardrt_stat_modify(t, nullptr, b, gems::AT, 2, CARDRT_DUR_END_OF_TURN);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, b, by_attack), CARDRT_OK);
  EXPECT_EQ(cardrt_card_counters(t, w, gems::Damage), 8);  // now 5
  cardrt_stat_modify(t, nullptr, b, gems::AT, -9, CARDRT_DUR_END_OF_TURN);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, b, by_attack), CARDRT_OK);
  EXPECT_EQ(cardrt_card_counters(t, w, gems::Damage), 8);  // -4 deals 0 (000 7.2)
  const int32_t c = t.play(caller, 0);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, c, by_count), CARDRT_OK);
  EXPECT_EQ(cardrt_card_counters(t, w, gems::Damage), 10);  // two units player 0 controls
  t.play(wall, 0);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, c, by_count), CARDRT_OK);
  EXPECT_EQ(cardrt_card_counters(t, w, gems::Damage), 13);  // three now
}
