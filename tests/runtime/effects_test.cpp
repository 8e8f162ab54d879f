// Conformance: effects machinery. 003 Traits/Abilities; 001 Target, Targeting paradoxes, Turn;
// 002_3bccf7f22febdff2.txt 520-526, 601-602.
#include <gtest/gtest.h>

#include <string>

#include "test_support.hpp"

using namespace rt;

namespace {
std::string g_trace;  // test-only record of which card code ran, in order

int32_t fn_pay2_and_bow(cardrt_game* g, cardrt_effect_ctx* ctx) {
  if (cardrt_bow(g, ctx, cardrt_ctx_source(g, ctx)) != CARDRT_OK) return CARDRT_FAILED;
  return cardrt_pay_resource(g, ctx, cardrt_ctx_controller(g, ctx), legends::Gold, 2);
}
int32_t fn_gain_honor(cardrt_game* g, cardrt_effect_ctx* ctx) {
  g_trace += "E";
  return cardrt_gain_resource(g, ctx, cardrt_ctx_controller(g, ctx), legends::FamilyHonor, 1) >= 0 ? CARDRT_OK
                                                                                                : CARDRT_FAILED;
}
}  // namespace

// 003 Traits/costs: a cost is paid fully or not at all; a failed cost resolves nothing.
TEST(Effects003, CostPaidFullyOrNotAtAll) {
  g_trace.clear();
  TestGame t(make_legends());
  const int32_t d = t.def("Magistrate", "Personality", {{"Force", 1}, {"Chi", 2}});
  const int32_t ab = t.ability(d, CARDRT_AB_ACTION, nullptr, 0, &fn_gain_honor, nullptr, &fn_pay2_and_bow);
  t.start();
  const int32_t c = t.play(d, 0);
  cardrt_gain_resource(t, nullptr, 0, legends::Gold, 1);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, c, ab), CARDRT_FAILED);
  EXPECT_EQ(cardrt_card_state(t, c, CARDRT_STATE_BOWED), 0);  // the bow was undone with the unpaid gold
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::Gold), 1);
  EXPECT_EQ(g_trace, "");
  EXPECT_EQ(t.count_log(CARDRT_LOG_COST_FAILED), 1);
  cardrt_gain_resource(t, nullptr, 0, legends::Gold, 1);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, c, ab), CARDRT_OK);
  EXPECT_EQ(cardrt_card_state(t, c, CARDRT_STATE_BOWED), 1);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::Gold), 0);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::FamilyHonor), 1);
}

namespace {
int32_t is_samurai(cardrt_game* g, cardrt_effect_ctx*, int32_t c) { return cardrt_card_has_keyword(g, c, legends::Samurai); }
int32_t target_samurai(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_target_cards(g, ctx, 0, reinterpret_cast<cardrt_any_fn>(&is_samurai), 1, 1, CARDRT_TGT_FACE_FEATURES);
}
int32_t samurai_plus2_and_honor(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t t = cardrt_slot_get(g, ctx, 0, 0);
  g_trace += cardrt_stat_modify(g, ctx, t, legends::Force, 2, CARDRT_DUR_END_OF_TURN) > CARDRT_FAILED ? "F" : "f";
  return fn_gain_honor(g, ctx);
}
int32_t strip_samurai(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_remove_keyword(g, ctx, cardrt_ctx_event(g, ctx, CARDRT_EVF_CARD), legends::Samurai,
                               CARDRT_DUR_END_OF_TURN) > 0 ? CARDRT_OK : CARDRT_FAILED;
}
}  // namespace

// 001 Target: a target that becomes illegal makes the dependent part fail; the rest is done (002 520.1).
TEST(Effects001, TargetIllegalAtResolutionFailsOnlyDependentPart) {
  g_trace.clear();
  TestGame t(make_legends());
  const int32_t sam = t.def("Samurai", "Personality", {{"Force", 1}, {"Chi", 2}}, {"Samurai"});
  const int32_t caster = t.def("Caster", "Personality", {{"Force", 1}, {"Chi", 2}});
  const int32_t ab = t.ability(caster, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &samurai_plus2_and_honor,
                               &target_samurai);
  t.start();
  const int32_t s = t.play(sam, 1);
  const int32_t c = t.play(caster, 0);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, c, ab), CARDRT_OK);
  EXPECT_EQ(t.stat(s, legends::Force), 3);
  EXPECT_EQ(g_trace, "FE");
}

TEST(Effects001, TargetIllegalAfterTargetingReaction) {
  g_trace.clear();
  TestGame t(make_legends());
  const int32_t sam = t.def("Samurai", "Personality", {{"Force", 1}, {"Chi", 2}}, {"Samurai"});
  const int32_t caster = t.def("Caster", "Personality", {{"Force", 1}, {"Chi", 2}});
  const int32_t ab = t.ability(caster, CARDRT_AB_ACTION, nullptr, 0, &samurai_plus2_and_honor, &target_samurai);
  const int32_t spoiler = t.def("Spoiler", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.ability(spoiler, CARDRT_AB_TRIGGERED, "targeted", 0, &strip_samurai);
  t.start();
  const int32_t s = t.play(sam, 1);
  const int32_t c = t.play(caster, 0);
  t.play(spoiler, 1);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, c, ab), CARDRT_OK);
  EXPECT_EQ(t.stat(s, legends::Force), 1);  // the +2F part failed
  EXPECT_EQ(g_trace, "fE");                 // the honor part still happened
  EXPECT_EQ(t.count_log(CARDRT_LOG_TARGET_ILLEGAL), 1);
}

// 001 Target: a face-down card cannot be targeted by its face-up features.
TEST(Effects001, FaceDownCardsNotTargetableByFeatures) {
  TestGame t(make_legends());
  const int32_t sam = t.def("Samurai", "Personality", {{"Force", 1}, {"Chi", 2}}, {"Samurai"});
  const int32_t caster = t.def("Caster", "Personality", {{"Force", 1}, {"Chi", 2}});
  const int32_t ab = t.ability(caster, CARDRT_AB_ACTION, nullptr, 0, &samurai_plus2_and_honor, &target_samurai);
  t.start();
  const int32_t s = t.play(sam, 1);
  const int32_t c = t.play(caster, 0);
  cardrt_set_card_state(t, nullptr, s, CARDRT_STATE_FACE_DOWN, 1);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, c, ab), CARDRT_FAILED);  // no legal target: the action cannot be taken
  EXPECT_EQ(cardrt_card_state(t, c, CARDRT_STATE_BOWED), 0);
}

namespace {
int32_t has_item(cardrt_game* g, cardrt_effect_ctx*, int32_t c) {
  return cardrt_card_attached_to(g, c) != 0;
}
int32_t share_target(cardrt_game* g, cardrt_effect_ctx* ctx) {
  // target a Personality; designate the attachment now (a choice, not a target), kept till costs are paid
  if (cardrt_target_cards(g, ctx, 0, nullptr, 1, 1, 0) != CARDRT_OK) return CARDRT_FAILED;
  return cardrt_choose_cards(g, ctx, 1, reinterpret_cast<cardrt_any_fn>(&has_item), 1, 1, 0);
}
int32_t share_cost(cardrt_game* g, cardrt_effect_ctx* ctx) { return cardrt_bow(g, ctx, cardrt_slot_get(g, ctx, 1, 0)); }
int32_t destroy_attachments_of_target(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t victim = cardrt_ctx_event(g, ctx, CARDRT_EVF_CARD);
  for (int32_t p = 0; p < 2; ++p)
    for (int32_t i = cardrt_zone_count(g, p, legends::Play) - 1; i >= 0; --i) {
      const int32_t c = cardrt_zone_card(g, p, legends::Play, i);
      if (cardrt_card_attached_to(g, c) == victim) cardrt_destroy(g, ctx, c);
    }
  return CARDRT_OK;
}
}  // namespace

// 001 Targeting paradoxes: the attachment chosen at targeting is destroyed by a reaction; the cost of bowing
// it can no longer be paid, no other may be chosen, and nothing resolves.
TEST(Effects001, TargetingParadoxChoiceFixedAndCostFails) {
  g_trace.clear();
  TestGame t(make_legends());
  const int32_t pers = t.def("Bushi", "Personality", {{"Force", 1}, {"Chi", 2}});
  const int32_t item = t.def("Katana", "Item", {{"Force", 1}});
  const int32_t share = t.def("Sharer", "Personality", {{"Force", 1}, {"Chi", 2}});
  const int32_t ab = t.ability(share, CARDRT_AB_ACTION, nullptr, 0, &fn_gain_honor, &share_target, &share_cost);
  const int32_t breaker = t.def("Breaker", "Holding");
  t.ability(breaker, CARDRT_AB_TRIGGERED, "targeted", 0, &destroy_attachments_of_target);
  t.start();
  const int32_t b = t.play(pers, 0);
  const int32_t k1 = t.add(item, 0, legends::Hand), k2 = t.add(item, 0, legends::Hand);
  cardrt_attach(t, nullptr, k1, b);
  const int32_t sharer = t.play(share, 0);
  cardrt_attach(t, nullptr, k2, sharer);
  t.play(breaker, 1);
  t.answer({0});  // target the Bushi
  t.answer({0});  // choose his Katana (k1)
  EXPECT_EQ(cardrt_game_use_ability(t, 0, sharer, ab), CARDRT_FAILED);
  EXPECT_EQ(cardrt_card_in_play(t, k1), 0);
  EXPECT_EQ(cardrt_card_state(t, k2, CARDRT_STATE_BOWED), 0);  // no alternate choice was made
  EXPECT_EQ(g_trace, "");
  EXPECT_EQ(t.count_log(CARDRT_LOG_COST_FAILED), 1);
}

// 002_3bccf7f22febdff2.txt 520.2-520.4: heal, draw and discard shortfalls are carried out as far as possible.
TEST(FullExecution002, DrawHealDiscardShortfalls) {
  TestGame t(make_heroes());
  const int32_t d = t.def("Golem", "Creature", {{"Power", 1}, {"Health", 9}});
  t.start();
  const int32_t c = t.play(d, 0);
  t.add(d, 0, heroes::Deck);
  t.add(d, 0, heroes::Deck);
  EXPECT_EQ(cardrt_draw(t, nullptr, 0, 5), 2);
  EXPECT_EQ(cardrt_zone_count(t, 0, heroes::Hand), 2);
  cardrt_add_counters(t, nullptr, c, 0, 1);
  EXPECT_EQ(cardrt_heal(t, nullptr, c, 3), 1);
  EXPECT_EQ(cardrt_card_counters(t, c, 0), 0);
  EXPECT_EQ(cardrt_discard_from_hand(t, nullptr, 0, 4), 2);
  EXPECT_EQ(cardrt_zone_count(t, 0, heroes::Hand), 0);
  cardrt_wound_player(t, nullptr, 1, 2);
  EXPECT_EQ(cardrt_heal_player(t, nullptr, 1, 5), 2);
  // discarding fewer than the hand holds: the player chooses which
  t.add(d, 0, heroes::Hand);
  const int32_t keep = t.add(d, 0, heroes::Hand);
  t.answer({0});
  EXPECT_EQ(cardrt_discard_from_hand(t, nullptr, 0, 1), 1);
  EXPECT_EQ(cardrt_zone_card(t, 0, heroes::Hand, 0), keep);
}

namespace {
int32_t delayed_two_coins(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_gain_resource(g, ctx, cardrt_ctx_affected_player(g, ctx), heroes::Coins, 2) >= 0 ? CARDRT_OK
                                                                                                : CARDRT_FAILED;
}
int32_t schedule_end_of_turn(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_delay(g, ctx, CARDRT_BOUNDARY_TURN_END, -1, 0, reinterpret_cast<cardrt_any_fn>(&delayed_two_coins)) > 0
             ? CARDRT_OK
             : CARDRT_FAILED;
}
int32_t schedule_two_turns(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_delay(g, ctx, CARDRT_BOUNDARY_TURN_END, -1, 2, reinterpret_cast<cardrt_any_fn>(&delayed_two_coins)) > 0
             ? CARDRT_OK
             : CARDRT_FAILED;
}
}  // namespace

// 002 521: a delayed effect naming no target applies to the hero controlling the ability.
TEST(Delayed002, UntargetedDelayedEffectAppliesToController) {
  TestGame t(make_heroes());
  const int32_t d = t.def("Oracle", "Creature", {{"Power", 1}, {"Health", 1}});
  const int32_t ab = t.ability(d, CARDRT_AB_ACTION, nullptr, 0, &schedule_end_of_turn);
  t.start();
  const int32_t c = t.play(d, 1);
  cardrt_game_begin_turn(t, 0);  // player 0's turn; player 1 uses the ability
  ASSERT_EQ(cardrt_game_use_ability(t, 1, c, ab), CARDRT_OK);
  EXPECT_EQ(cardrt_resource_get(t, 1, heroes::Coins), 0);
  cardrt_game_end_turn(t);
  EXPECT_EQ(cardrt_resource_get(t, 1, heroes::Coins), 2);
  EXPECT_EQ(cardrt_resource_get(t, 0, heroes::Coins), 0);
}

// 001 Turn: "two turns from now" counts that player's turns.
TEST(Turn001, TwoTurnsFromNowCountsThatPlayersTurns) {
  TestGame t(make_heroes());
  const int32_t d = t.def("Oracle", "Creature", {{"Power", 1}, {"Health", 1}});
  const int32_t ab = t.ability(d, CARDRT_AB_ACTION, nullptr, 0, &schedule_two_turns);
  t.start();
  const int32_t c = t.play(d, 0);
  cardrt_game_begin_turn(t, 0);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, c, ab), CARDRT_OK);
  const int32_t order[] = {0, 1, 0, 1};  // ends: own turn 1, opp 1, own 2, opp 2
  cardrt_game_end_turn(t);  // end of player 0's turn 1
  EXPECT_EQ(cardrt_resource_get(t, 0, heroes::Coins), 0);
  for (int i = 1; i < 4; ++i) {
    cardrt_game_begin_turn(t, order[i]);
    cardrt_game_end_turn(t);
    // two of player 0's turns from now: the end of his turn 3
    EXPECT_EQ(cardrt_resource_get(t, 0, heroes::Coins), 0) << "after turn end " << i;
  }
  cardrt_game_begin_turn(t, 0);
  cardrt_game_end_turn(t);
  EXPECT_EQ(cardrt_resource_get(t, 0, heroes::Coins), 2);
}

// Durations: end of turn, until your next turn, end of your next turn, ended by host boundaries.
TEST(Durations, HostSignalledBoundariesEndDurations) {
  TestGame t(make_legends());
  const int32_t d = t.def("Bushi", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.start();
  const int32_t c = t.play(d, 0);
  cardrt_game_begin_turn(t, 0);
  cardrt_effect_ctx* none = nullptr;
  cardrt_stat_modify(t, none, c, legends::Force, 1, CARDRT_DUR_END_OF_TURN);
  cardrt_stat_modify(t, none, c, legends::Force, 10, CARDRT_DUR_UNTIL_YOUR_NEXT_TURN);
  cardrt_stat_modify(t, none, c, legends::Force, 100, CARDRT_DUR_END_OF_YOUR_NEXT_TURN);
  EXPECT_EQ(t.stat(c, legends::Force), 112);
  cardrt_game_end_turn(t);
  EXPECT_EQ(t.stat(c, legends::Force), 111);
  cardrt_game_begin_turn(t, 1);
  EXPECT_EQ(t.stat(c, legends::Force), 111);  // the opponent's turn is not "your next turn"
  cardrt_game_end_turn(t);
  cardrt_game_begin_turn(t, 0);
  EXPECT_EQ(t.stat(c, legends::Force), 101);
  cardrt_game_end_turn(t);
  EXPECT_EQ(t.stat(c, legends::Force), 1);
}

namespace {
int32_t trace_t(cardrt_game*, cardrt_effect_ctx*) {
  g_trace += "T";
  return CARDRT_OK;
}
int32_t trace_r(cardrt_game*, cardrt_effect_ctx*) {
  g_trace += "R";
  return CARDRT_OK;
}
int32_t optional_once_gold(cardrt_game* g, cardrt_effect_ctx* ctx) {
  // "After ...: you may gain 1 Gold. Once per turn." (the restriction after the colon)
  if (!cardrt_choose_yes_no(g, ctx, CARDRT_PURPOSE_OPTIONAL)) return CARDRT_OK;
  if (!cardrt_once_per_turn(g, ctx, 0)) return CARDRT_OK;
  cardrt_gain_resource(g, ctx, cardrt_ctx_controller(g, ctx), legends::Gold, 1);
  return CARDRT_OK;
}
}  // namespace

// 003 Traits: a triggered trait applies before a Reaction with the same trigger; traits are mandatory.
TEST(Triggers003, TraitsBeforeReactions) {
  g_trace.clear();
  TestGame t(make_legends());
  const int32_t r = t.def("Reactor", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.ability(r, CARDRT_AB_REACTION, "battle_begins", 0, &trace_r);
  const int32_t tr = t.def("Trait", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.ability(tr, CARDRT_AB_TRIGGERED, "battle_begins", 0, &trace_t);
  t.start();
  t.play(r, 0);  // lower card id, same player
  t.play(tr, 0);
  const int32_t ev = cardrt_event_id(t, "battle_begins");
  ASSERT_EQ(cardrt_game_emit(t, ev, 0, 0, 0), CARDRT_OK);
  EXPECT_EQ(g_trace, "TR");
  t.answer({0});  // decline the Reaction: it is voluntary; the trait is not asked
  cardrt_game_begin_turn(t, 0);
  cardrt_game_emit(t, ev, 0, 0, 0);
  EXPECT_EQ(g_trace, "TRT");
}

// 003 Traits: "once per turn" before the colon triggers only at the first opportunity; after the colon the
// trait triggers each time but the (optional) effect is used up only when used.
TEST(Triggers003, OncePerTurnBeforeVersusAfterColon) {
  g_trace.clear();
  TestGame t(make_legends());
  const int32_t before = t.def("Before", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.ability(before, CARDRT_AB_TRIGGERED, "battle_begins", CARDRT_ABF_ONCE_PER_TURN_TRIGGER, &trace_t);
  const int32_t after = t.def("After", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.ability(after, CARDRT_AB_TRIGGERED, "battle_begins", 0, &optional_once_gold);
  t.start();
  t.play(before, 0);
  t.play(after, 0);
  cardrt_game_begin_turn(t, 0);
  const int32_t ev = cardrt_event_id(t, "battle_begins");
  t.answer({0});  // first time: decline the optional effect
  cardrt_game_emit(t, ev, 0, 0, 0);
  cardrt_game_emit(t, ev, 0, 0, 0);  // accept (default yes)
  cardrt_game_emit(t, ev, 0, 0, 0);  // accept, but already used this turn
  EXPECT_EQ(g_trace, "T");
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::Gold), 1);
  cardrt_game_end_turn(t);
  cardrt_game_begin_turn(t, 0);
  cardrt_game_emit(t, ev, 0, 0, 0);
  EXPECT_EQ(g_trace, "TT");
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::Gold), 2);
}

// 003 Abilities: once per turn per ability instance; identical cards each have their own; not on a bowed card
// unless "even if bowed"; granted abilities stack, granted keywords do not.
TEST(Abilities003, OncePerTurnPerInstanceBowedAndStacking) {
  TestGame t(make_legends());
  const int32_t d = t.def("Courtier", "Personality", {{"Force", 1}, {"Chi", 2}});
  const int32_t ab = t.ability(d, CARDRT_AB_ACTION, nullptr, 0, &fn_gain_honor);
  const int32_t e = t.def("Monk", "Personality", {{"Force", 1}, {"Chi", 2}});
  const int32_t eb = t.ability(e, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_EVEN_IF_BOWED, &fn_gain_honor);
  t.start();
  const int32_t a = t.play(d, 0), b = t.play(d, 0), m = t.play(e, 0);
  cardrt_game_begin_turn(t, 0);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, a, ab), CARDRT_OK);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, a, ab), CARDRT_FAILED);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, b, ab), CARDRT_OK);  // identical card: a separate ability
  EXPECT_EQ(cardrt_game_use_ability(t, 1, m, eb), CARDRT_FAILED);  // not the controller
  cardrt_bow(t, nullptr, m);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, m, eb), CARDRT_OK);  // even if bowed
  cardrt_game_end_turn(t);
  cardrt_game_begin_turn(t, 0);
  cardrt_bow(t, nullptr, a);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, a, ab), CARDRT_FAILED);  // bowed
  // abilities granted twice stack: two instances, each once per turn
  const int32_t g1 = cardrt_grant_ability(t, nullptr, m, d, ab, CARDRT_DUR_END_OF_TURN);
  const int32_t g2 = cardrt_grant_ability(t, nullptr, m, d, ab, CARDRT_DUR_END_OF_TURN);
  ASSERT_GT(g1, 0);
  ASSERT_GT(g2, 0);
  cardrt_straighten(t, nullptr, m);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, m, 1000 + g1), CARDRT_OK);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, m, 1000 + g2), CARDRT_OK);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, m, 1000 + g1), CARDRT_FAILED);
  // 003 Keywords: granted twice is still one keyword, and is not protected against removal
  cardrt_grant_keyword(t, nullptr, b, legends::Samurai, CARDRT_DUR_END_OF_TURN);
  cardrt_grant_keyword(t, nullptr, b, legends::Samurai, CARDRT_DUR_END_OF_TURN);
  cardrt_remove_keyword(t, nullptr, b, legends::Samurai, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(cardrt_card_has_keyword(t, b, legends::Samurai), 0);
}

namespace {
int32_t all_yours_are_samurai(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t me = cardrt_ctx_controller(g, ctx);
  for (int32_t i = 0; i < cardrt_zone_count(g, me, legends::Play); ++i)
    cardrt_grant_keyword(g, ctx, cardrt_zone_card(g, me, legends::Play, i), legends::Samurai, CARDRT_DUR_CONTINUOUS);
  return CARDRT_OK;
}
}  // namespace

// 003 Traits: continuous traits are always on; a negated grant does not immediately re-appear.
TEST(Continuous003, NegatedGrantDoesNotReappearAtOnce) {
  TestGame t(make_legends());
  const int32_t lord = t.def("Lord", "Holding");
  t.ability(lord, CARDRT_AB_CONTINUOUS, nullptr, 0, &all_yours_are_samurai);
  const int32_t p = t.def("Peasant", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.start();
  const int32_t a = t.play(p, 0), b = t.play(p, 0);
  const int32_t l = t.play(lord, 0);
  EXPECT_EQ(cardrt_card_has_keyword(t, a, legends::Samurai), 1);
  EXPECT_EQ(cardrt_card_has_keyword(t, b, legends::Samurai), 1);
  cardrt_remove_keyword(t, nullptr, a, legends::Samurai, CARDRT_DUR_END_OF_TURN);
  cardrt_game_end_turn(t);  // the removal ended, yet the trait does not re-grant at once
  EXPECT_EQ(cardrt_card_has_keyword(t, a, legends::Samurai), 0);
  EXPECT_EQ(cardrt_card_has_keyword(t, b, legends::Samurai), 1);
  // leaving and re-entering play makes a new object, which the trait covers again
  cardrt_move_card(t, nullptr, a, legends::Hand, 0);
  cardrt_game_put_into_play(t, a, 0);
  EXPECT_EQ(cardrt_card_has_keyword(t, a, legends::Samurai), 1);
  // without its card in play, the trait stops
  cardrt_discard_card(t, nullptr, l);
  EXPECT_EQ(cardrt_card_has_keyword(t, b, legends::Samurai), 0);
}

namespace {
int32_t galliwaspin_condition(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_ctx_event(g, ctx, CARDRT_EVF_WHAT) == heroes::Prayer &&
         cardrt_ctx_event(g, ctx, CARDRT_EVF_PLAYER) == cardrt_ctx_controller(g, ctx);
}
int32_t galliwaspin_effect(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_pending_set_amount(g, ctx, cardrt_pending_amount(g, ctx) + 1);
}
}  // namespace

// 002_3bccf7f22febdff2.txt 525.2: two Galliwaspins: the first adds 1, the second adds 1, the first cannot apply
// again: gaining 1 prayer token gains 3.
TEST(Replacement002, TwoGalliwaspinsCycleStopsBeforeRepetition) {
  TestGame t(make_heroes());
  const int32_t d = t.def("Galliwaspin", "Creature", {{"Power", 1}, {"Health", 1}});
  t.ability(d, CARDRT_AB_REPLACEMENT, "would_gain_resource", 0, &galliwaspin_effect, nullptr, nullptr,
            &galliwaspin_condition);
  t.start();
  t.play(d, 0);
  EXPECT_EQ(cardrt_gain_resource(t, nullptr, 0, heroes::Prayer, 1), 2);  // one Galliwaspin
  t.play(d, 0);
  EXPECT_EQ(cardrt_gain_resource(t, nullptr, 0, heroes::Prayer, 1), 3);  // two: 1 + 1 + 1
  EXPECT_EQ(cardrt_resource_get(t, 0, heroes::Prayer), 5);
  EXPECT_GE(t.count_log(CARDRT_LOG_CYCLE_STOPPED), 1);
  EXPECT_EQ(cardrt_gain_resource(t, nullptr, 1, heroes::Prayer, 1), 1);  // not for the opponent
  EXPECT_EQ(cardrt_gain_resource(t, nullptr, 0, heroes::Coins, 1), 1);   // not for coins
}

namespace {
// The options trace what they did, not that they ran: the runtime also runs an option's effect checking only (002
// 524: an option whose effect chooses its targets is probed for them), and then it does nothing.
int32_t mode_coin(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t me = cardrt_ctx_controller(g, ctx), before = cardrt_resource_get(g, me, heroes::Coins);
  const int32_t r = cardrt_gain_resource(g, ctx, me, heroes::Coins, 1);
  if (cardrt_resource_get(g, me, heroes::Coins) > before) g_trace += "c";
  return r >= 0 ? CARDRT_OK : CARDRT_FAILED;
}
int32_t is_enemy_creature(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t c) {
  return cardrt_card_controller(g, c) != cardrt_ctx_controller(g, ctx);
}
int32_t mode_wound_target(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_target_cards(g, ctx, 0, reinterpret_cast<cardrt_any_fn>(&is_enemy_creature), 1, 1, 0);
}
int32_t mode_wound(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t target = cardrt_slot_get(g, ctx, 0, 0), before = cardrt_card_counters(g, target, 0);
  const int32_t r = cardrt_add_counters(g, ctx, target, 0, 1);
  if (cardrt_card_counters(g, target, 0) > before) g_trace += "w";
  return r;
}
int32_t mode_draw(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t me = cardrt_ctx_controller(g, ctx), before = cardrt_zone_count(g, me, heroes::Hand);
  const int32_t r = cardrt_draw(g, ctx, me, 1);
  if (cardrt_zone_count(g, me, heroes::Hand) > before) g_trace += "d";
  return r >= 0 ? CARDRT_OK : CARDRT_FAILED;
}
int32_t construct_three_times(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_construct(g, ctx, CARDRT_CONSTRUCT_X_TIMES, 3);
}
int32_t construct_one_or_more(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_construct(g, ctx, CARDRT_CONSTRUCT_ONE_OR_MORE, 0);
}
}  // namespace

// 002 524: the ability constructor: X times with repeats, one or more without, order as given, no chain with
// an illegal target (and no declaration when no legal chain exists).
TEST(Constructor002, ChainsRepeatsOrderAndLegality) {
  g_trace.clear();
  TestGame t(make_heroes());
  const int32_t d = t.def("Weaver", "Spell");
  const int32_t x3 = t.ability(d, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_CONSTRUCTOR | CARDRT_ABF_UNLIMITED,
                               &construct_three_times);
  const int32_t one = t.ability(d, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_CONSTRUCTOR | CARDRT_ABF_UNLIMITED,
                                &construct_one_or_more);
  for (int32_t a : {x3, one}) {
    cardrt_def_mode(t.pool(), d, a, nullptr, reinterpret_cast<cardrt_any_fn>(&mode_coin));
    cardrt_def_mode(t.pool(), d, a, reinterpret_cast<cardrt_any_fn>(&mode_wound_target),
                    reinterpret_cast<cardrt_any_fn>(&mode_wound));
    cardrt_def_mode(t.pool(), d, a, nullptr, reinterpret_cast<cardrt_any_fn>(&mode_draw));
  }
  const int32_t golem = t.def("Golem", "Creature", {{"Power", 1}, {"Health", 5}});
  const int32_t only_target = t.def("Hunter", "Spell");
  const int32_t hunt = t.ability(only_target, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_CONSTRUCTOR, &construct_one_or_more);
  cardrt_def_mode(t.pool(), only_target, hunt, reinterpret_cast<cardrt_any_fn>(&mode_wound_target),
                  reinterpret_cast<cardrt_any_fn>(&mode_wound));
  t.start();
  const int32_t w = t.play(d, 0);
  t.add(golem, 0, heroes::Deck);
  // no enemy creature: the wound mode is not legal and is not offered
  t.answer({0, 0, 1});  // options are [coin, draw]: coin, coin, draw
  ASSERT_EQ(cardrt_game_use_ability(t, 0, w, x3), CARDRT_OK);
  EXPECT_EQ(g_trace, "ccd");
  EXPECT_EQ(t.script().seen_options.back(), (std::vector<int32_t>{0, 2}));
  // Hunter has only the wound mode: no legal chain, it cannot be declared
  const int32_t h = t.play(only_target, 0);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, h, hunt), CARDRT_FAILED);
  const int32_t enemy = t.play(golem, 1);
  g_trace.clear();
  t.answer({1, 0});  // one or more: wound first, then coin (order as given)
  ASSERT_EQ(cardrt_game_use_ability(t, 0, w, one), CARDRT_OK);
  EXPECT_EQ(g_trace, "wc");
  EXPECT_EQ(cardrt_card_counters(t, enemy, 0), 1);
  g_trace.clear();
  t.answer({0, 0});  // repeats are not allowed in "one or more": falls back to the default chain
  ASSERT_EQ(cardrt_game_use_ability(t, 0, w, one), CARDRT_OK);
  EXPECT_EQ(g_trace, "c");
  EXPECT_GE(t.count_log(CARDRT_LOG_CHOICE_INVALID), 1);
}

namespace {
int32_t construct_a_million_times(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_construct(g, ctx, CARDRT_CONSTRUCT_X_TIMES, 1000000);
}
}  // namespace

// docs/robustness.md: "choose X times" has a hard bound; a huge X is refused with E_LIMIT, never run.
TEST(Constructor002, HugeChainIsRefused) {
  g_trace.clear();
  TestGame t(make_heroes());
  const int32_t d = t.def("Weaver", "Spell");
  const int32_t a = t.ability(d, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_CONSTRUCTOR | CARDRT_ABF_UNLIMITED,
                              &construct_a_million_times);
  cardrt_def_mode(t.pool(), d, a, nullptr, reinterpret_cast<cardrt_any_fn>(&mode_coin));
  t.start();
  const int32_t w = t.play(d, 0);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, w, a), CARDRT_E_LIMIT);
  EXPECT_EQ(g_trace, "");
}

// 002 526: seeded, uniform, portable randomness; the same seed replays the same log byte for byte.
TEST(Random002, SeededUniformAndReplayable) {
  auto run = [](uint64_t seed, std::string* text, std::string* json) {
    TestGame t(make_gems(), seed);
    t.def("Unit", "Unit", {{"Health", 3}, {"Luck", 3}});
    t.start();
    std::vector<int32_t> rolls;
    int counts[6] = {0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 60000; ++i) {
      const int32_t r = cardrt_roll_d6(t, nullptr);
      ++counts[r - 1];
      if (i < 20) rolls.push_back(r);
    }
    for (int c : counts) EXPECT_NEAR(c, 10000, 400);
    for (int i = 0; i < 20; ++i) cardrt_random(t, nullptr, 1000);
    *text = t.text_log();
    *json = t.json_log();
    return rolls;
  };
  std::string t1, j1, t2, j2, t3, j3;
  const auto a = run(7, &t1, &j1), b = run(7, &t2, &j2), c = run(8, &t3, &j3);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_EQ(t1, t2);
  EXPECT_EQ(j1, j2);
  EXPECT_NE(j1, j3);
  EXPECT_EQ(j1.substr(0, 2), "{\"");
}

namespace {
int32_t count_gains(cardrt_game*, cardrt_effect_ctx*) {
  g_trace += "g";
  return CARDRT_OK;
}
}  // namespace

// 002 522: coins between supply and play area; accumulation only below 10; temporary coins return without a
// loss; temporarily lost coins come back without a gain; the player chooses which coins to lose.
TEST(Coins002, SupplyAccumulationTemporaryAndChoice) {
  g_trace.clear();
  TestGame t(make_heroes());
  const int32_t watcher = t.def("Watcher", "Creature", {{"Power", 1}, {"Health", 1}});
  t.ability(watcher, CARDRT_AB_TRIGGERED, "resource_gained", 0, &count_gains);
  t.start();
  t.play(watcher, 0);
  cardrt_game_begin_turn(t, 0);
  for (int i = 0; i < 12; ++i) cardrt_game_accumulate(t, 0, heroes::Coins);
  EXPECT_EQ(cardrt_resource_get(t, 0, heroes::Coins), 10);  // 522.3: only while fewer than 10
  EXPECT_EQ(cardrt_gain_resource(t, nullptr, 0, heroes::Coins, 2), 2);  // abilities may exceed 10
  EXPECT_EQ(cardrt_resource_get(t, 0, heroes::Coins), 12);
  g_trace.clear();
  cardrt_gain_resource_temporary(t, nullptr, 0, heroes::Coins, 3, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(cardrt_resource_get(t, 0, heroes::Coins), 15);
  t.answer({1});  // 522.5: lose a temporary coin
  t.answer({0});  // then a permanent one
  EXPECT_EQ(cardrt_lose_resource(t, nullptr, 0, heroes::Coins, 2), 2);
  EXPECT_EQ(t.script().seen.back().purpose, CARDRT_PURPOSE_LOSE_COINS);
  cardrt_lose_resource_temporary(t, nullptr, 0, heroes::Coins, 1, CARDRT_DUR_END_OF_TURN);
  const int lost_before = t.count_log(CARDRT_LOG_RESOURCE_LOST);
  EXPECT_EQ(g_trace, "g");
  cardrt_game_end_turn(t);
  // 13 - 1 temporary lost + 2 temporaries returned to the supply + 1 temporarily lost comes back: 11
  EXPECT_EQ(cardrt_resource_get(t, 0, heroes::Coins), 11);
  EXPECT_EQ(t.count_log(CARDRT_LOG_RESOURCE_LOST), lost_before);  // returning is not losing
  EXPECT_EQ(g_trace, "g");                                        // getting them back is not gaining
  EXPECT_EQ(t.count_log(CARDRT_LOG_RESOURCE_RETURNED), 2);
  // the supply is finite: 30 coins in all
  EXPECT_EQ(cardrt_gain_resource(t, nullptr, 0, heroes::Coins, 100), 19);
}

// 002 601-602: wounds to the hero at or above starting life; third failed accumulation draw; a card's win.
TEST(Victory002, HeroWoundsDeckOutAndCardText) {
  {
    TestGame t(make_heroes());
    t.def("Golem", "Creature");
    t.start();
    cardrt_wound_player(t, nullptr, 1, 19);
    EXPECT_EQ(cardrt_game_winner(t), -1);
    cardrt_wound_player(t, nullptr, 1, 1);
    EXPECT_EQ(cardrt_game_winner(t), 0);
    EXPECT_EQ(cardrt_game_begin_turn(t, 1), CARDRT_E_STATE);
  }
  {
    TestGame t(make_heroes());
    t.def("Golem", "Creature");
    t.start();
    cardrt_game_draw(t, 0, 1);  // outside the accumulation phase: does not count
    cardrt_game_set_phase(t, CARDRT_PHASE_ACCUMULATION);
    cardrt_game_draw(t, 0, 1);
    cardrt_game_draw(t, 0, 1);
    EXPECT_EQ(cardrt_game_winner(t), -1);
    cardrt_game_draw(t, 0, 1);
    EXPECT_EQ(cardrt_game_winner(t), 1);
  }
  {
    TestGame t(make_heroes());
    t.def("Golem", "Creature");
    t.start();
    EXPECT_EQ(cardrt_player_wins(t, nullptr, 1), CARDRT_OK);
    EXPECT_EQ(cardrt_game_winner(t), 1);
  }
}
