// "Take an additional action" (ABI 5): card code grants a player additional actions with designators; the engine
// asks how many are pending and takes the oldest first; those not taken lapse at the end of the turn.
#include <gtest/gtest.h>

#include "test_support.hpp"

using namespace rt;

namespace {
int32_t grant_battle_then_any(cardrt_game* g, cardrt_effect_ctx* ctx) {
  cardrt_grant_additional_action(g, ctx, cardrt_ctx_controller(g, ctx), CARDRT_DESIG_BATTLE);
  cardrt_grant_additional_action(g, ctx, cardrt_ctx_controller(g, ctx), 0);
  return CARDRT_OK;
}
}  // namespace

TEST(AdditionalActions, TheEngineTakesTheOldestFirstAndTheRestLapseAtTheTurnsEnd) {
  TestGame t(make_legends());
  const int32_t d = t.def("Herald", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.ability(d, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &grant_battle_then_any);
  t.start();
  const int32_t herald = t.play(d, 0);
  cardrt_game_begin_turn(t, 0);
  EXPECT_EQ(cardrt_game_take_additional_action(t, 0), -1);  // none yet
  ASSERT_EQ(cardrt_game_use_ability(t, 0, herald, 0), CARDRT_OK);
  EXPECT_EQ(cardrt_game_additional_actions(t, 0), 2);
  EXPECT_EQ(cardrt_game_additional_actions(t, 1), 0);
  EXPECT_EQ(cardrt_game_take_additional_action(t, 0), CARDRT_DESIG_BATTLE);
  EXPECT_EQ(cardrt_game_additional_actions(t, 0), 1);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, herald, 0), CARDRT_OK);
  EXPECT_EQ(cardrt_game_additional_actions(t, 0), 3);
  EXPECT_EQ(cardrt_game_take_additional_action(t, 0), 0);  // "an additional action": any
  cardrt_game_end_turn(t);
  EXPECT_EQ(cardrt_game_additional_actions(t, 0), 0);
  EXPECT_EQ(cardrt_game_take_additional_action(t, 0), -1);
  EXPECT_EQ(cardrt_game_take_additional_action(t, 7), CARDRT_E_ARGUMENT);
}

// ABI 12: a grant only some actions may be. The engine that describes its action takes the oldest grant it fits;
// the engine that does not takes only grants any action may be.
namespace {
int32_t herald_performs(cardrt_game* g, cardrt_effect_ctx* ctx) {
  // "You may take an additional Battle action, which this Personality must perform", then "an additional action"
  cardrt_grant_additional_action_for(g, ctx, cardrt_ctx_controller(g, ctx), CARDRT_DESIG_BATTLE, CARDRT_ADDITIONAL_ANY,
                                     cardrt_ctx_source(g, ctx), 0, nullptr);
  cardrt_grant_additional_action(g, ctx, cardrt_ctx_controller(g, ctx), 0);
  return CARDRT_OK;
}
}  // namespace

TEST(AdditionalActions, ARestrictedGrantIsTakenOnlyByAnActionItFits) {
  TestGame t(make_legends());
  const int32_t d = t.def("Herald", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.ability(d, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &herald_performs);
  t.start();
  const int32_t herald = t.play(d, 0);
  const int32_t other = t.play(d, 0);
  cardrt_game_begin_turn(t, 0);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, herald, 0), CARDRT_OK);
  EXPECT_EQ(cardrt_game_additional_actions(t, 0), 2);
  // an undescribed action skips the restricted grant and takes the one after it
  EXPECT_EQ(cardrt_game_take_additional_action(t, 0), 0);
  EXPECT_EQ(cardrt_game_take_additional_action(t, 0), -1);
  // performed by another card, or an Open action: not this grant
  EXPECT_EQ(cardrt_game_take_additional_action_for(t, 0, CARDRT_DESIG_BATTLE, CARDRT_ADDITIONAL_USE, other, other), -1);
  EXPECT_EQ(cardrt_game_take_additional_action_for(t, 0, CARDRT_DESIG_OPEN, CARDRT_ADDITIONAL_USE, herald, herald), -1);
  EXPECT_EQ(cardrt_game_additional_actions(t, 0), 1);
  EXPECT_EQ(cardrt_game_take_additional_action_for(t, 0, CARDRT_DESIG_BATTLE, CARDRT_ADDITIONAL_USE, herald, herald),
            CARDRT_DESIG_BATTLE);
  EXPECT_EQ(cardrt_game_additional_actions(t, 0), 0);
  EXPECT_EQ(cardrt_game_take_additional_action_for(t, 0, 0, CARDRT_ADDITIONAL_PLAY, 999, 0), CARDRT_E_ARGUMENT);
}
