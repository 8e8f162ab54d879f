// Provinces (ABI 9, runtime/src/provinces.cpp): game entities a player owns (001 Target: "a Province or player"),
// with a strength (003 Stats: provinces have stats) that is the owner's Province Strength plus bonuses and
// penalties with durations, at a battlefield (001 This: "This Province" in a battle is the province of the
// battlefield), holding cards face-up or face-down, destroyed or not.
#include <gtest/gtest.h>

#include "test_support.hpp"

using namespace rt;

namespace {
// The legends test profile with a Province Strength stat on a Stronghold card type.
int32_t g_strength_stat = -1;
cardrt_profile* legends_with_provinces() {
  cardrt_profile* p = make_legends();
  g_strength_stat = cardrt_profile_add_stat(p, "Province Strength", "PS", CARDRT_FLOOR_ZERO, 0);
  const int32_t stats[] = {g_strength_stat};
  cardrt_profile_add_card_type(p, "Stronghold", stats, 1, 0);
  cardrt_profile_add_zone(p, "Province", CARDRT_ZONE_HIDDEN);
  cardrt_profile_set_stat_role(p, CARDRT_ROLE_PROVINCE_STRENGTH, g_strength_stat);
  return p;
}
constexpr int32_t kProvinceZone = 5;  // after Deck, Hand, Discard, Play, Removed

int32_t give_current_plus_two_until_battle_ends(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_province_modify(g, ctx, cardrt_battlefield_province(g, CARDRT_CURRENT_BATTLEFIELD), 2,
                                CARDRT_DUR_END_OF_BATTLE) >= 16 ? CARDRT_OK : CARDRT_FAILED;
}
int32_t give_current_minus_nine(cardrt_game* g, cardrt_effect_ctx* ctx) {
  cardrt_province_modify(g, ctx, cardrt_battlefield_province(g, CARDRT_CURRENT_BATTLEFIELD), -9, CARDRT_DUR_END_OF_TURN);
  return CARDRT_OK;
}
int32_t destroy_one_of_yours(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_destroy_province(g, ctx, cardrt_choose_province(g, ctx, cardrt_ctx_controller(g, ctx)));
}
int32_t gain_one_honor(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_gain_resource(g, ctx, cardrt_ctx_controller(g, ctx), legends::FamilyHonor, 1);
}
// "After you reveal cards in your Provinces at the start of your turn, if this Event is face-up in one of them"
int32_t revealed_face_up_in_mine(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t me = cardrt_ctx_source(g, ctx);
  return cardrt_ctx_event(g, ctx, CARDRT_EVF_PLAYER) == cardrt_ctx_controller(g, ctx) &&
         cardrt_card_province(g, me) != 0 && !cardrt_card_state(g, me, CARDRT_STATE_FACE_DOWN);
}
}  // namespace

TEST(Provinces001, StrengthIsTheStrongholdsProvinceStrengthPlusBonusesThatEndWithTheirDuration) {
  TestGame t(legends_with_provinces());
  const int32_t keep = t.def("Keep", "Stronghold", {{"Province Strength", 6}});
  const int32_t herald = t.def("Herald", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.ability(herald, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &give_current_plus_two_until_battle_ends);
  t.ability(herald, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &give_current_minus_nine);
  t.start();
  const int32_t west = cardrt_game_add_province(t, 0, 1), east = cardrt_game_add_province(t, 0, 2);
  const int32_t theirs = cardrt_game_add_province(t, 1, 3);
  EXPECT_EQ(west, 1);
  EXPECT_EQ(cardrt_game_province_count(t), 3);
  EXPECT_EQ(cardrt_province_strength(t, west), 0);  // no Stronghold in play yet
  t.play(keep, 0);
  EXPECT_EQ(cardrt_province_strength(t, west), 6);
  EXPECT_EQ(cardrt_province_strength(t, east), 6);
  EXPECT_EQ(cardrt_province_strength(t, theirs), 0);  // the other player's Stronghold counts for his
  const int32_t h = t.play(herald, 0);
  // no battle: "this Province" names nothing, and the dependent part fails (002 520)
  EXPECT_EQ(cardrt_battlefield_province(t, CARDRT_CURRENT_BATTLEFIELD), 0);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, h, 0), CARDRT_OK);  // the ability was used; its effect failed
  EXPECT_EQ(cardrt_province_strength(t, west), 6);
  cardrt_game_set_battlefield(t, 2);
  EXPECT_EQ(cardrt_battlefield_province(t, CARDRT_CURRENT_BATTLEFIELD), east);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, h, 0), CARDRT_OK);
  EXPECT_EQ(cardrt_province_strength(t, east), 8);
  EXPECT_EQ(cardrt_province_strength(t, west), 6);
  EXPECT_EQ(cardrt_game_province(t, east, CARDRT_PROVF_STRENGTH), 8);
  // 003 step B: a penalty larger than the strength leaves 0, not less
  ASSERT_EQ(cardrt_game_use_ability(t, 0, h, 1), CARDRT_OK);
  EXPECT_EQ(cardrt_province_strength(t, east), 0);
  cardrt_game_signal(t, CARDRT_BOUNDARY_BATTLE_END);  // +2 ends
  EXPECT_EQ(cardrt_province_strength(t, east), 0);
  cardrt_game_end_turn(t);  // -9 ends
  EXPECT_EQ(cardrt_province_strength(t, east), 6);
  EXPECT_NE(t.text_log().find("province_strength player=0 other=2[Herald] what=province2 amount=2 value=8"),
            std::string::npos);
  EXPECT_EQ(cardrt_game_add_province(t, 7, 1), CARDRT_E_ARGUMENT);
  EXPECT_EQ(cardrt_province_strength(t, 99), 0);
  EXPECT_EQ(cardrt_last_error(t), CARDRT_E_ARGUMENT);
}

TEST(Provinces001, DestroyedProvincesAreCountedForTheirOwnerAndForWhoeverDestroyedThem) {
  TestGame t(legends_with_provinces());
  const int32_t fanatic = t.def("Fanatic", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.ability(fanatic, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &destroy_one_of_yours);
  const int32_t mourner = t.def("Mourner", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.ability(mourner, CARDRT_AB_TRIGGERED, "province_destroyed", 0, &gain_one_honor);
  t.start();
  const int32_t a = cardrt_game_add_province(t, 0, 1), b = cardrt_game_add_province(t, 0, 2);
  const int32_t c = cardrt_game_add_province(t, 1, 3);
  t.play(mourner, 1);
  EXPECT_EQ(cardrt_province_count(t, 0, CARDRT_PROVINCES_STANDING), 2);
  ASSERT_EQ(cardrt_game_destroy_province(t, c, 0), CARDRT_OK);  // player 0's army destroyed it
  EXPECT_EQ(cardrt_game_destroy_province(t, c, 0), CARDRT_FAILED);  // once only
  EXPECT_EQ(cardrt_province_count(t, 1, CARDRT_PROVINCES_STANDING), 0);
  EXPECT_EQ(cardrt_province_count(t, 1, CARDRT_PROVINCES_DESTROYED), 1);
  EXPECT_EQ(cardrt_province_count(t, 0, CARDRT_PROVINCES_DESTROYED_BY), 1);
  EXPECT_EQ(cardrt_resource_get(t, 1, legends::FamilyHonor), 1);  // the event was raised
  // a destroyed province is at no battlefield any more
  cardrt_game_set_battlefield(t, 3);
  EXPECT_EQ(cardrt_battlefield_province(t, CARDRT_CURRENT_BATTLEFIELD), 0);
  // "Destroy one of your Provinces": the controller chooses (not targeting, 001 Target) among his standing ones
  const int32_t f = t.play(fanatic, 0);
  t.answer({1});  // the second option: province b
  ASSERT_EQ(cardrt_game_use_ability(t, 0, f, 0), CARDRT_OK);
  EXPECT_EQ(cardrt_game_province(t, b, CARDRT_PROVF_DESTROYED), 1);
  EXPECT_EQ(cardrt_game_province(t, a, CARDRT_PROVF_DESTROYED), 0);
  EXPECT_EQ(cardrt_game_province(t, b, CARDRT_PROVF_DESTROYED_BY), 0);
  const cardrt_choice& asked = t.script().seen.back();
  EXPECT_EQ(asked.kind, CARDRT_CHOICE_PROVINCE);
  EXPECT_EQ(t.script().seen_options.back(), (std::vector<int32_t>{a, b}));
  EXPECT_EQ(cardrt_province_count(t, 0, CARDRT_PROVINCES_DESTROYED), 1);
  EXPECT_EQ(cardrt_province_count(t, 0, CARDRT_PROVINCES_DESTROYED_BY), 2);
}

TEST(Provinces001, RevealingTurnsTheCardsFaceUpAndAnEventFaceUpInOneOfThemTriggers) {
  TestGame t(legends_with_provinces());
  const int32_t omen = t.def("Omen", "Action", {{"Focus Value", 1}});
  t.ability(omen, CARDRT_AB_TRIGGERED, "provinces_revealed", CARDRT_ABF_OUT_OF_PLAY, &gain_one_honor, nullptr,
            nullptr, &revealed_face_up_in_mine);
  t.start();
  const int32_t mine = cardrt_game_add_province(t, 0, 1);
  const int32_t in_province = cardrt_game_add_card(t, omen, 0, kProvinceZone);
  const int32_t in_hand = cardrt_game_add_card(t, omen, 0, legends::Hand);
  ASSERT_EQ(cardrt_game_put_in_province(t, in_province, mine, 0), CARDRT_OK);
  EXPECT_EQ(cardrt_card_province(t, in_province), mine);
  EXPECT_EQ(cardrt_card_province(t, in_hand), 0);
  EXPECT_EQ(cardrt_card_state(t, in_province, CARDRT_STATE_FACE_DOWN), 1);
  // another player's reveal is not yours
  EXPECT_EQ(cardrt_game_reveal_provinces(t, 1), 0);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::FamilyHonor), 0);
  EXPECT_EQ(cardrt_game_reveal_provinces(t, 0), 1);
  EXPECT_EQ(cardrt_card_state(t, in_province, CARDRT_STATE_FACE_DOWN), 0);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::FamilyHonor), 1);  // the copy in hand did nothing
  // a card that leaves the province's zone is no longer in the province
  cardrt_move_card(t, nullptr, in_province, legends::Discard, 0);
  EXPECT_EQ(cardrt_card_province(t, in_province), 0);
  EXPECT_EQ(cardrt_game_reveal_provinces(t, 0), 0);
  EXPECT_EQ(cardrt_resource_get(t, 0, legends::FamilyHonor), 1);
  // the engine cannot put a card in play, or another player's card, into a province
  const int32_t other = cardrt_game_add_card(t, omen, 1, kProvinceZone);
  EXPECT_EQ(cardrt_game_put_in_province(t, other, mine, 1), CARDRT_E_STATE);
}

TEST(Provinces001, RefillingTakesTheTopOfTheRefillZoneOrTheCardNamedAndACardRemembersTheProvinceItLeft) {
  TestGame t(legends_with_provinces());
  const int32_t holding = t.def("Farm", "Holding", {{"Gold Cost", 2}});
  t.start();
  const int32_t mine = cardrt_game_add_province(t, 0, 1);
  const int32_t a = cardrt_game_add_card(t, holding, 0, legends::Deck);
  const int32_t b = cardrt_game_add_card(t, holding, 0, legends::Deck);
  // the engine has not said where province cards are kept
  EXPECT_EQ(cardrt_refill_province(t, nullptr, mine, CARDRT_REFILL_TOP, 1), CARDRT_E_STATE);
  ASSERT_EQ(cardrt_game_set_province_zones(t, kProvinceZone, legends::Deck), CARDRT_OK);
  ASSERT_EQ(cardrt_refill_province(t, nullptr, mine, CARDRT_REFILL_TOP, 0), CARDRT_OK);  // face-down
  EXPECT_EQ(cardrt_card_zone(t, a), kProvinceZone);
  EXPECT_EQ(cardrt_card_province(t, a), mine);
  EXPECT_EQ(cardrt_card_state(t, a, CARDRT_STATE_FACE_DOWN), 1);
  ASSERT_EQ(cardrt_refill_province(t, nullptr, mine, b, 1), CARDRT_OK);  // "with him, face-up"
  EXPECT_EQ(cardrt_card_province(t, b), mine);
  EXPECT_EQ(cardrt_card_state(t, b, CARDRT_STATE_FACE_DOWN), 0);
  EXPECT_EQ(cardrt_refill_province(t, nullptr, mine, CARDRT_REFILL_TOP, 1), CARDRT_FAILED);  // the deck is empty
  EXPECT_EQ(cardrt_refill_province(t, nullptr, mine, CARDRT_NO_CARD, 1), CARDRT_FAILED);     // no card named
  // the card leaves for play: it remembers the province ("enters play from a Province, refill the Province")
  EXPECT_EQ(cardrt_card_left_province(t, b), 0);
  ASSERT_EQ(cardrt_game_put_into_play(t, b, 0), CARDRT_OK);
  EXPECT_EQ(cardrt_card_province(t, b), 0);
  EXPECT_EQ(cardrt_card_left_province(t, b), mine);
  cardrt_game_destroy_province(t, mine, 1);
  EXPECT_EQ(cardrt_refill_province(t, nullptr, mine, a, 1), CARDRT_FAILED);  // destroyed
}

TEST(Provinces001, DestroyedSinceYourLastTurnBeganCountsFromYourTurnBeforeThisOneDuringYourTurn) {
  TestGame t(legends_with_provinces());
  t.start();
  const int32_t a = cardrt_game_add_province(t, 0, 1), b = cardrt_game_add_province(t, 0, 2);
  cardrt_game_begin_turn(t, 0);
  cardrt_game_destroy_province(t, a, 1);  // during player 0's first turn
  EXPECT_EQ(cardrt_province_count(t, 0, CARDRT_PROVINCES_DESTROYED_SINCE_YOUR_TURN), 1);
  cardrt_game_end_turn(t);
  cardrt_game_begin_turn(t, 1);  // another player's turn: since player 0's last turn began, a was destroyed
  EXPECT_EQ(cardrt_province_count(t, 0, CARDRT_PROVINCES_DESTROYED_SINCE_YOUR_TURN), 1);
  cardrt_game_end_turn(t);
  cardrt_game_begin_turn(t, 0);  // his own turn: his turn before this one is when a was destroyed
  EXPECT_EQ(cardrt_province_count(t, 0, CARDRT_PROVINCES_DESTROYED_SINCE_YOUR_TURN), 1);
  cardrt_game_end_turn(t);
  cardrt_game_begin_turn(t, 1);
  EXPECT_EQ(cardrt_province_count(t, 0, CARDRT_PROVINCES_DESTROYED_SINCE_YOUR_TURN), 0);
  cardrt_game_destroy_province(t, b, 1);
  cardrt_game_end_turn(t);
  cardrt_game_begin_turn(t, 0);
  EXPECT_EQ(cardrt_province_count(t, 0, CARDRT_PROVINCES_DESTROYED_SINCE_YOUR_TURN), 1);
  EXPECT_EQ(cardrt_province_count(t, 0, CARDRT_PROVINCES_DESTROYED), 2);
}
