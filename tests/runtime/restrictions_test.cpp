// Restrictions (cardrt_forbid, cardrt_forbid_player): "cannot" and "may not" traits and effects (003 Traits:
// a continuous trait is always on while its card is in play and ends when it leaves).
#include <gtest/gtest.h>

#include "test_support.hpp"

using namespace rt;

namespace {

int32_t cannot_attack(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_forbid(g, ctx, cardrt_ctx_source(g, ctx), CARDRT_FORBID_ATTACK, nullptr, CARDRT_DUR_CONTINUOUS) >= 16
             ? CARDRT_OK : CARDRT_FAILED;
}
int32_t no_status(cardrt_game* g, cardrt_effect_ctx* ctx) {
  cardrt_forbid(g, ctx, cardrt_ctx_source(g, ctx), CARDRT_FORBID_RECEIVE_STATUS, nullptr, CARDRT_DUR_CONTINUOUS);
  return CARDRT_OK;
}
// "cannot attack" units with Resist 3 or more (a filter over the attacked card)
int32_t sturdy(cardrt_game* g, cardrt_effect_ctx*, int32_t c) { return cardrt_stat_get(g, c, gems::RS) >= 3; }
int32_t cannot_attack_sturdy(cardrt_game* g, cardrt_effect_ctx* ctx) {
  cardrt_forbid(g, ctx, cardrt_ctx_source(g, ctx), CARDRT_FORBID_ATTACK, reinterpret_cast<cardrt_any_fn>(&sturdy),
                CARDRT_DUR_CONTINUOUS);
  return CARDRT_OK;
}
int32_t no_family_honor(cardrt_game* g, cardrt_effect_ctx* ctx) {
  cardrt_forbid_player(g, ctx, cardrt_ctx_controller(g, ctx), CARDRT_FORBID_GAIN_RESOURCE, legends::FamilyHonor,
                       CARDRT_DUR_CONTINUOUS);
  return CARDRT_OK;
}

}  // namespace

// 003 Traits + 004 Attack: a unit that cannot attack deals no attack damage; the refusal is logged.
TEST(Restrictions003, CannotAttack) {
  TestGame t(make_gems());
  const int32_t a = t.def("Shardling", "Unit", {{"Health", 1}, {"Attack", 3}, {"Luck", 0}, {"Resist", 0}});
  t.ability(a, CARDRT_AB_CONTINUOUS, "", 0, cannot_attack);
  const int32_t d = t.def("Wall", "Unit", {{"Health", 10}, {"Attack", 1}, {"Luck", 0}, {"Resist", 0}});
  t.start();
  const int32_t att = t.play(a, 0), def = t.play(d, 1);
  EXPECT_EQ(cardrt_game_forbidden(t, att, CARDRT_FORBID_ATTACK, def), 1);
  EXPECT_EQ(cardrt_attack(t, nullptr, att, def), 0);
  EXPECT_EQ(cardrt_card_counters(t, def, gems::Damage), 0);
  EXPECT_EQ(t.count_log(CARDRT_LOG_FORBIDDEN), 1);
  // the other unit is not restricted
  EXPECT_EQ(cardrt_game_forbidden(t, def, CARDRT_FORBID_ATTACK, att), 0);
  EXPECT_EQ(cardrt_attack(t, nullptr, def, att), 1);
}

// "cannot attack <cards>": only attacks against the cards the filter accepts are forbidden.
TEST(Restrictions003, CannotAttackSomeCards) {
  TestGame t(make_gems());
  const int32_t a = t.def("Hatchling", "Unit", {{"Health", 2}, {"Attack", 2}, {"Luck", 0}, {"Resist", 0}});
  t.ability(a, CARDRT_AB_CONTINUOUS, "", 0, cannot_attack_sturdy);
  const int32_t hard = t.def("Rampart", "Unit", {{"Health", 10}, {"Attack", 0}, {"Luck", 0}, {"Resist", 3}});
  const int32_t soft = t.def("Sheep", "Unit", {{"Health", 10}, {"Attack", 0}, {"Luck", 0}, {"Resist", 0}});
  t.start();
  const int32_t att = t.play(a, 0), h = t.play(hard, 1), s = t.play(soft, 1);
  EXPECT_EQ(cardrt_attack(t, nullptr, att, h), 0);
  EXPECT_EQ(cardrt_attack(t, nullptr, att, s), 2);
}

// 004 Status: a unit that cannot be inflicted with Statuses makes no Resist roll and gets no counters.
TEST(Restrictions004, CannotBeInflictedWithStatuses) {
  TestGame t(make_gems());
  const int32_t a = t.def("Titan", "Unit", {{"Health", 9}, {"Attack", 5}, {"Luck", 1}, {"Resist", 0}});
  t.ability(a, CARDRT_AB_CONTINUOUS, "", 0, no_status);
  t.start();
  const int32_t titan = t.play(a, 0);
  EXPECT_EQ(cardrt_inflict_status(t, nullptr, titan, gems::Poison, 1, 0), 0);
  EXPECT_EQ(cardrt_card_counters(t, titan, gems::Poison), 0);
  EXPECT_EQ(t.count_log(CARDRT_LOG_ROLL), 0);
  EXPECT_EQ(t.count_log(CARDRT_LOG_FORBIDDEN), 1);
}

// "You may not gain Honor": the controller gains nothing while the card is in play; losing still works; the
// opponent is not restricted; the restriction ends when the card leaves play (003 Traits).
TEST(Restrictions003, PlayerMayNotGain) {
  TestGame t(make_legends());
  const int32_t a = t.def("Exile", "Personality", {{"Force", 1}, {"Chi", 1}});
  t.ability(a, CARDRT_AB_CONTINUOUS, "", 0, no_family_honor);
  t.start();
  const int32_t exile = t.play(a, 0);
  cardrt_set_resource(t, nullptr, 0, legends::FamilyHonor, 5);
  cardrt_set_resource(t, nullptr, 1, legends::FamilyHonor, 5);
  EXPECT_EQ(cardrt_gain_resource(t, nullptr, 0, legends::FamilyHonor, 2), 0);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::FamilyHonor), 5);
  cardrt_lose_resource(t, nullptr, 0, legends::FamilyHonor, 1);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::FamilyHonor), 4);
  cardrt_gain_resource(t, nullptr, 1, legends::FamilyHonor, 2);
  EXPECT_EQ(cardrt_resource_get(t, 1, legends::FamilyHonor), 7);
  cardrt_destroy(t, nullptr, exile);
  cardrt_gain_resource(t, nullptr, 0, legends::FamilyHonor, 2);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::FamilyHonor), 6);
  // a second Exile after the first one's restriction ended (and no card held one) restricts again
  t.play(a, 0);
  cardrt_gain_resource(t, nullptr, 0, legends::FamilyHonor, 2);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::FamilyHonor), 6);
}
