// Conformance: keyword rule modules. 001_99c7513ab738c7d1.txt Glossary T (Tactical, Tactician, Terrain,
// Token, Transfer); 003 Chi (zero-Chi destruction and its negation).
#include <gtest/gtest.h>

#include <string>

#include "test_support.hpp"

using namespace rt;

namespace {
int32_t plus_one_force_source(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_stat_modify(g, ctx, cardrt_ctx_source(g, ctx), legends::Force, 1, CARDRT_DUR_END_OF_TURN) > 0
             ? CARDRT_OK
             : CARDRT_FAILED;
}
int32_t gain_gold(cardrt_game* g, cardrt_effect_ctx* ctx) {
  cardrt_gain_resource(g, ctx, cardrt_ctx_controller(g, ctx), legends::Gold, 1);
  return CARDRT_OK;
}
}  // namespace

// 001 Tactical/Tactician: only a Tactician performs a Tactical action; one per Tactician per turn; a card-less
// one needs an unbowed Tactician at the current battlefield.
TEST(Tactical001, OnlyTacticiansOnePerTurn) {
  TestGame t(make_legends());
  const int32_t plain = t.def("Bushi", "Personality", {{"Force", 1}, {"Chi", 2}});
  const int32_t tact = t.def("General", "Personality", {{"Force", 1}, {"Chi", 2}}, {"Tactician"});
  const int32_t pa = t.ability(plain, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_TACTICAL, &plus_one_force_source);
  const int32_t ta = t.ability(tact, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_TACTICAL, &plus_one_force_source);
  const int32_t tb = t.ability(tact, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_TACTICAL, &plus_one_force_source);
  const int32_t order = t.def("Battle Order", "Action", {{"Focus Value", 2}}, {"Tactical"});
  const int32_t oa = t.ability(order, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_TACTICAL | CARDRT_ABF_PLAYED_FROM_HAND,
                               &gain_gold, nullptr, nullptr, nullptr, CARDRT_DESIG_BATTLE);
  t.start();
  const int32_t b = t.play(plain, 0), g1 = t.play(tact, 0), g2 = t.play(tact, 0);
  cardrt_game_begin_turn(t, 0);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, b, pa), CARDRT_FAILED);  // not a Tactician
  EXPECT_EQ(cardrt_game_use_ability(t, 0, g1, ta), CARDRT_OK);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, g1, tb), CARDRT_FAILED);  // his one Tactical action this turn
  // card-less: needs one of your unbowed Tacticians at the current battlefield
  const int32_t o1 = t.add(order, 0, legends::Hand);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, o1, oa), CARDRT_FAILED);  // no battle
  cardrt_game_set_battlefield(t, 1);
  cardrt_game_move_to_battlefield(t, g1, 1);
  cardrt_game_move_to_battlefield(t, g2, 1);
  cardrt_bow(t, nullptr, g2);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, o1, oa), CARDRT_FAILED);  // g1 used, g2 bowed
  cardrt_straighten(t, nullptr, g2);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, o1, oa), CARDRT_OK);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::Gold), 1);
  EXPECT_EQ(cardrt_card_zone(t, o1), legends::Discard);  // an Action is discarded after resolving
  cardrt_game_end_turn(t);
  cardrt_game_begin_turn(t, 0);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, g1, tb), CARDRT_OK);  // a new turn
}

// 001 Tactical Battle: discard a card, target one of your Tacticians: Force bonus equal to its Focus Value;
// one per Tactician per turn.
TEST(Tactical001, PlayersTacticalBattleAbility) {
  TestGame t(make_legends());
  const int32_t tact = t.def("General", "Personality", {{"Force", 1}, {"Chi", 2}}, {"Tactician"});
  const int32_t fate = t.def("Fate", "Action", {{"Focus Value", 3}});
  t.start();
  const int32_t g1 = t.play(tact, 0), g2 = t.play(tact, 0);
  for (int i = 0; i < 3; ++i) t.add(fate, 0, legends::Hand);
  cardrt_game_begin_turn(t, 0);
  EXPECT_EQ(cardrt_game_tactical_battle(t, 0), CARDRT_FAILED);  // no battle
  cardrt_game_set_battlefield(t, 1);
  cardrt_game_move_to_battlefield(t, g1, 1);
  cardrt_game_move_to_battlefield(t, g2, 1);
  EXPECT_EQ(cardrt_game_tactical_battle(t, 0), CARDRT_OK);
  EXPECT_EQ(t.stat(g1, legends::Force), 4);
  EXPECT_EQ(cardrt_zone_count(t, 0, legends::Hand), 2);
  EXPECT_EQ(cardrt_game_tactical_battle(t, 0), CARDRT_OK);  // only g2 may now
  EXPECT_EQ(t.stat(g2, legends::Force), 4);
  EXPECT_EQ(cardrt_game_tactical_battle(t, 0), CARDRT_FAILED);
  cardrt_game_signal(t, CARDRT_BOUNDARY_BATTLE_END);
  EXPECT_EQ(t.stat(g1, legends::Force), 1);
}

namespace {
int32_t mine_and_unit(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t c) {
  return cardrt_card_controller(g, c) == cardrt_ctx_controller(g, ctx) && cardrt_stat_has(g, c, legends::Chi) &&
         cardrt_card_attached_to(g, c) == 0;
}
int32_t circle_after_resolution(cardrt_game* g, cardrt_effect_ctx* ctx) {
  // "... until your next turn ends, your Personalities who were at this battlefield during resolution can not be
  // targeted by other players' actions"
  const int32_t me = cardrt_ctx_controller(g, ctx);
  const int32_t bf = cardrt_card_battlefield(g, cardrt_ctx_source(g, ctx));
  for (int32_t i = 0; i < cardrt_zone_count(g, me, legends::Play); ++i) {
    const int32_t c = cardrt_zone_card(g, me, legends::Play, i);
    if (cardrt_stat_has(g, c, legends::Chi) && cardrt_card_battlefield(g, c) == bf)
      cardrt_grant_protection(g, ctx, c, CARDRT_PROT_UNTARGETABLE_BY_OPPONENTS, CARDRT_DUR_END_OF_YOUR_NEXT_TURN);
  }
  return CARDRT_OK;
}
int32_t circle_of_steel(cardrt_game* g, cardrt_effect_ctx* ctx) {
  // an ongoing battle effect and the delayed one ("After this battle resolves, ...")
  const int32_t me = cardrt_ctx_controller(g, ctx);
  for (int32_t i = 0; i < cardrt_zone_count(g, me, legends::Play); ++i) {
    const int32_t c = cardrt_zone_card(g, me, legends::Play, i);
    if (cardrt_stat_has(g, c, legends::Chi)) cardrt_stat_modify(g, ctx, c, legends::Force, 2, CARDRT_DUR_END_OF_BATTLE);
  }
  return cardrt_delay(g, ctx, CARDRT_BOUNDARY_BATTLE_RESOLVED, -1, 0,
                      reinterpret_cast<cardrt_any_fn>(&circle_after_resolution)) > 0
             ? CARDRT_OK
             : CARDRT_FAILED;
}
int32_t target_any_personality(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_target_cards(g, ctx, 0, reinterpret_cast<cardrt_any_fn>(&mine_and_unit), 1, 1, 0);
}
int32_t is_personality(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t c) {
  return cardrt_stat_has(g, c, legends::Chi) && cardrt_card_controller(g, c) != cardrt_ctx_controller(g, ctx);
}
int32_t target_enemy(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_target_cards(g, ctx, 0, reinterpret_cast<cardrt_any_fn>(&is_personality), 1, 1, 0);
}
int32_t noop(cardrt_game*, cardrt_effect_ctx*) { return CARDRT_OK; }

struct Circle {
  int32_t circle_def, circle_ab, pers_def, sniper_def, sniper_ab;
};
Circle define_circle(TestGame& t) {
  Circle c{};
  c.circle_def = t.def("Circle of Steel", "Action", {{"Focus Value", 1}}, {"Terrain"});
  c.circle_ab = t.ability(c.circle_def, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_PLAYED_FROM_HAND, &circle_of_steel,
                          nullptr, nullptr, nullptr, CARDRT_DESIG_BATTLE | CARDRT_DESIG_TERRAIN_BATTLE);
  c.pers_def = t.def("Bushi", "Personality", {{"Force", 1}, {"Chi", 2}});
  c.sniper_def = t.def("Sniper", "Personality", {{"Force", 1}, {"Chi", 2}});
  c.sniper_ab = t.ability(c.sniper_def, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &noop, &target_enemy);
  return c;
}
}  // namespace

// 001 Terrain, Circle of Steel: discarded after battle resolution, its effect with an explicit longer duration
// remains; its battle-long effect ends; it is in play (not discarded) after its effects; one per battlefield.
TEST(Terrain001, CircleOfSteelDiscardedKeepsLongerEffect) {
  TestGame t(make_legends());
  const Circle c = define_circle(t);
  t.start();
  const int32_t bushi = t.play(c.pers_def, 0);
  const int32_t sniper = t.play(c.sniper_def, 1);
  const int32_t circle = t.add(c.circle_def, 0, legends::Hand);
  const int32_t second = t.add(c.circle_def, 0, legends::Hand);
  (void)target_any_personality;
  cardrt_game_begin_turn(t, 0);
  cardrt_game_set_battlefield(t, 1);
  cardrt_game_move_to_battlefield(t, bushi, 1);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, circle, c.circle_ab), CARDRT_OK);
  EXPECT_EQ(cardrt_card_in_play(t, circle), 1);  // a Terrain stays after its effects
  EXPECT_EQ(cardrt_card_battlefield(t, circle), 1);
  EXPECT_EQ(t.stat(bushi, legends::Force), 3);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, second, c.circle_ab), CARDRT_FAILED);  // one Terrain per battlefield
  EXPECT_EQ(cardrt_game_use_ability(t, 1, sniper, c.sniper_ab), CARDRT_OK);      // not yet protected
  cardrt_game_signal(t, CARDRT_BOUNDARY_BATTLE_RESOLVED);
  EXPECT_EQ(cardrt_card_zone(t, circle), legends::Discard);                      // discarded after resolution
  EXPECT_EQ(t.stat(bushi, legends::Force), 1);                                   // battle-long bonus ended
  EXPECT_EQ(cardrt_game_use_ability(t, 1, sniper, c.sniper_ab), CARDRT_FAILED);  // protected: effect remains
  cardrt_game_signal(t, CARDRT_BOUNDARY_BATTLE_END);
  cardrt_game_end_turn(t);
  cardrt_game_begin_turn(t, 1);
  EXPECT_EQ(cardrt_game_use_ability(t, 1, sniper, c.sniper_ab), CARDRT_FAILED);  // until your next turn ends
  cardrt_game_end_turn(t);
  cardrt_game_begin_turn(t, 0);
  cardrt_game_end_turn(t);
  cardrt_game_begin_turn(t, 1);
  EXPECT_EQ(cardrt_game_use_ability(t, 1, sniper, c.sniper_ab), CARDRT_OK);
}

// 001 Terrain: destroyed during the battle, its ongoing effects end and its delayed effects are not applied.
TEST(Terrain001, CircleOfSteelDestroyedEndsEverything) {
  TestGame t(make_legends());
  const Circle c = define_circle(t);
  t.start();
  const int32_t bushi = t.play(c.pers_def, 0);
  const int32_t sniper = t.play(c.sniper_def, 1);
  const int32_t circle = t.add(c.circle_def, 0, legends::Hand);
  cardrt_game_begin_turn(t, 0);
  cardrt_game_set_battlefield(t, 1);
  cardrt_game_move_to_battlefield(t, bushi, 1);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, circle, c.circle_ab), CARDRT_OK);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, circle, c.circle_ab), CARDRT_FAILED);  // "Terrain Battle:" in play
  ASSERT_EQ(cardrt_destroy(t, nullptr, circle), CARDRT_OK);
  EXPECT_EQ(t.stat(bushi, legends::Force), 1);
  EXPECT_EQ(t.count_log(CARDRT_LOG_DELAYED_CANCELLED), 1);
  cardrt_game_signal(t, CARDRT_BOUNDARY_BATTLE_RESOLVED);
  EXPECT_EQ(cardrt_game_use_ability(t, 1, sniper, c.sniper_ab), CARDRT_OK);  // never protected
}

// 001 Token: tokens are not cards, leave play with their card, and their effects come from the creator.
TEST(Token001, TokensLeaveWithCardAndComeFromCreator) {
  TestGame t(make_legends());
  const int32_t d = t.def("Bushi", "Personality", {{"Force", 2}, {"Chi", 2}});
  const int32_t maker = t.def("Sensei", "Personality", {{"Force", 1}, {"Chi", 2}});
  auto place = [](cardrt_game* g, cardrt_effect_ctx* ctx) -> int32_t {
    return cardrt_place_stat_token(g, ctx, cardrt_zone_card(g, 0, legends::Play, 0), legends::Force, 1) > 0
               ? CARDRT_OK
               : CARDRT_FAILED;
  };
  const int32_t ab = t.ability(maker, CARDRT_AB_ACTION, nullptr, 0, +place);
  t.start();
  const int32_t b = t.play(d, 0);
  const int32_t s = t.play(maker, 0);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, s, ab), CARDRT_OK);
  EXPECT_EQ(t.stat(b, legends::Force), 3);
  EXPECT_EQ(cardrt_card_counters(t, b, legends::TokenCounter), 1);
  EXPECT_NE(t.text_log().find("bonus player=0 card=1[Bushi] other=2[Sensei]"), std::string::npos);
  cardrt_move_card(t, nullptr, b, legends::Hand, 0);
  cardrt_game_put_into_play(t, b, 0);
  EXPECT_EQ(cardrt_card_counters(t, b, legends::TokenCounter), 0);
  EXPECT_EQ(t.stat(b, legends::Force), 2);
}

namespace {
int32_t samurai_only(cardrt_game* g, cardrt_effect_ctx*, int32_t host) {
  return cardrt_card_has_keyword(g, host, legends::Samurai);
}
int32_t count_attach(cardrt_game*, cardrt_effect_ctx*);
int g_attached = 0;
int32_t count_attach(cardrt_game*, cardrt_effect_ctx*) {
  ++g_attached;
  return CARDRT_OK;
}
}  // namespace

// 001 Transfer: no cost; requirements still apply; not attaching; not entering play.
TEST(Transfer001, TransferKeepsRequirementsButIsNotAttaching) {
  g_attached = 0;
  TestGame t(make_legends());
  const int32_t sam = t.def("Samurai", "Personality", {{"Force", 1}, {"Chi", 2}}, {"Samurai"});
  const int32_t monk = t.def("Monk", "Personality", {{"Force", 1}, {"Chi", 2}});
  const int32_t blade = t.def("Daisho", "Item", {{"Force", 2}});
  cardrt_def_attach_filter(t.pool(), blade, reinterpret_cast<cardrt_any_fn>(&samurai_only));
  const int32_t watcher = t.def("Watcher", "Holding");
  t.ability(watcher, CARDRT_AB_TRIGGERED, "attached", 0, &count_attach);
  t.start();
  t.play(watcher, 0);
  const int32_t s1 = t.play(sam, 0), s2 = t.play(sam, 0), m = t.play(monk, 0);
  const int32_t d = t.add(blade, 0, legends::Hand);
  EXPECT_EQ(cardrt_attach(t, nullptr, d, m), CARDRT_FAILED);  // requirement: Samurai only
  ASSERT_EQ(cardrt_attach(t, nullptr, d, s1), CARDRT_OK);
  EXPECT_EQ(g_attached, 1);
  EXPECT_EQ(t.stat(s1, legends::Force), 3);
  const int enters = t.count_log(CARDRT_LOG_ENTER_PLAY);
  EXPECT_EQ(cardrt_transfer(t, nullptr, d, m), CARDRT_FAILED);  // requirements still apply
  ASSERT_EQ(cardrt_transfer(t, nullptr, d, s2), CARDRT_OK);
  EXPECT_EQ(cardrt_card_attached_to(t, d), s2);
  EXPECT_EQ(t.stat(s1, legends::Force), 1);
  EXPECT_EQ(t.stat(s2, legends::Force), 3);
  EXPECT_EQ(g_attached, 1);                                 // not attaching
  EXPECT_EQ(t.count_log(CARDRT_LOG_ENTER_PLAY), enters);    // not entering play
}

namespace {
int32_t negate_destruction(cardrt_game* g, cardrt_effect_ctx* ctx) { return cardrt_pending_cancel(g, ctx); }
int32_t is_self(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_ctx_event(g, ctx, CARDRT_EVF_CARD) == cardrt_ctx_source(g, ctx);
}
int32_t cannot_be_destroyed(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_grant_protection(g, ctx, cardrt_ctx_source(g, ctx), CARDRT_PROT_CANNOT_BE_DESTROYED,
                                 CARDRT_DUR_CONTINUOUS) > 0 ? CARDRT_OK : CARDRT_FAILED;
}
}  // namespace

// 003 Chi: zero Chi destroys; "Before this card is destroyed: negate the destruction" does not stop it, a
// continuous "cannot be destroyed" or an effect naming the zero-Chi rule does.
TEST(Chi003, ZeroChiDestructionAndItsNegation) {
  TestGame t(make_legends());
  const int32_t phoenix = t.def("Phoenix", "Personality", {{"Force", 1}, {"Chi", 1}});
  t.ability(phoenix, CARDRT_AB_REPLACEMENT, "would_be_destroyed", 0, &negate_destruction, nullptr, nullptr, &is_self);
  const int32_t stone = t.def("Stone Monk", "Personality", {{"Force", 1}, {"Chi", 1}});
  t.ability(stone, CARDRT_AB_CONTINUOUS, nullptr, 0, &cannot_be_destroyed);
  const int32_t plain = t.def("Bushi", "Personality", {{"Force", 1}, {"Chi", 1}});
  t.start();
  const int32_t p = t.play(phoenix, 0), s = t.play(stone, 0), b = t.play(plain, 0);
  EXPECT_EQ(cardrt_destroy(t, nullptr, p), CARDRT_FAILED);  // the ongoing negation works on effects
  EXPECT_EQ(cardrt_card_in_play(t, p), 1);
  cardrt_stat_modify(t, nullptr, p, legends::Chi, -1, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(cardrt_card_in_play(t, p), 0);  // ...but not on zero Chi
  cardrt_stat_modify(t, nullptr, s, legends::Chi, -1, CARDRT_DUR_END_OF_TURN);
  EXPECT_EQ(cardrt_card_in_play(t, s), 1);  // a continuous "cannot be destroyed" holds
  cardrt_grant_protection(t, nullptr, b, CARDRT_PROT_ZERO_CHI, CARDRT_DUR_END_OF_TURN);
  cardrt_stat_modify(t, nullptr, b, legends::Chi, -1, CARDRT_DUR_PERMANENT);
  EXPECT_EQ(cardrt_card_in_play(t, b), 1);  // "not destroyed for having 0 Chi until the end of the turn"
  cardrt_game_end_turn(t);
  EXPECT_EQ(cardrt_card_in_play(t, b), 0);
  EXPECT_EQ(cardrt_card_in_play(t, s), 1);
}
