// Re-asserting a continuous trait's bonus (Game::reassert) looks first where the card's last re-assertion left off
// (Card::reassert_hint) instead of scanning the card's modifiers. The hint must give the scan's answer: the same
// modifier, kept with its id, however the card's modifiers moved since (one ended before it, the card left play and
// came back, a trait was lost), and the first unasserted one when one trait keeps two bonuses of a stat on a card.
#include <gtest/gtest.h>

#include <map>
#include <utility>
#include <vector>

#include "test_support.hpp"

using namespace rt;

namespace {
// test-only record: the modifier ids each (trait's source, card) got from cardrt_stat_modify, pass after pass
std::map<std::pair<int32_t, int32_t>, std::vector<int32_t>> g_ids;
int32_t g_victim = 0;

int32_t your_personality(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t card) {
  return cardrt_card_in_play(g, card) && cardrt_card_type(g, card) == legends::Personality &&
         cardrt_card_controller(g, card) == cardrt_ctx_controller(g, ctx);
}
int32_t plus_one_recorded(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t card) {
  const int32_t id = cardrt_stat_modify(g, ctx, card, legends::Force, 1, CARDRT_DUR_CONTINUOUS);
  g_ids[{cardrt_ctx_source(g, ctx), card}].push_back(id);
  return CARDRT_OK;
}
int32_t banner(cardrt_game* g, cardrt_effect_ctx* ctx) {  // "Your Personalities have +1F"
  cardrt_for_each_card(g, ctx, reinterpret_cast<cardrt_any_fn>(&your_personality),
                       reinterpret_cast<cardrt_any_fn>(&plus_one_recorded));
  return CARDRT_OK;
}
int32_t plus_two_this_phase(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t card) {
  return cardrt_stat_modify(g, ctx, card, legends::Force, 2, CARDRT_DUR_END_OF_PHASE) >= 0 ? CARDRT_OK : CARDRT_FAILED;
}
int32_t rally(cardrt_game* g, cardrt_effect_ctx* ctx) {  // "Your Personalities get +2F until the end of the phase"
  cardrt_for_each_card(g, ctx, reinterpret_cast<cardrt_any_fn>(&your_personality),
                       reinterpret_cast<cardrt_any_fn>(&plus_two_this_phase));
  return CARDRT_OK;
}
int32_t destroy_victim(cardrt_game* g, cardrt_effect_ctx* ctx) { return cardrt_destroy(g, ctx, g_victim); }
int32_t victim_to_hand(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_move_card(g, ctx, g_victim, legends::Hand, 0);
}
// "Give the victim this card's banner trait until the end of the phase" (index 0 of the Banner Lord's text)
int32_t lend_banner(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_grant_ability(g, ctx, g_victim, cardrt_ctx_def(g, ctx), 0, CARDRT_DUR_END_OF_PHASE) >= 16
             ? CARDRT_OK
             : CARDRT_FAILED;
}

int g_pass = 0;
// One trait, two bonuses of one stat on its own card: +1F, then +2F or +1F on alternate passes.
int32_t two_bonuses(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t self = cardrt_ctx_source(g, ctx);
  g_ids[{self, 1}].push_back(cardrt_stat_modify(g, ctx, self, legends::Force, 1, CARDRT_DUR_CONTINUOUS));
  g_ids[{self, 2}].push_back(
      cardrt_stat_modify(g, ctx, self, legends::Force, ++g_pass % 2 ? 2 : 1, CARDRT_DUR_CONTINUOUS));
  return CARDRT_OK;
}

// Every (source, card) whose trait still applies got the same modifier in its last pass as in the one before.
void expect_kept(const std::vector<std::pair<int32_t, int32_t>>& keys) {
  for (const auto& key : keys) {
    const std::vector<int32_t>& ids = g_ids[key];
    ASSERT_GE(ids.size(), 2u);
    EXPECT_GE(ids.back(), 16) << "source " << key.first << " card " << key.second;
    EXPECT_EQ(ids.back(), ids[ids.size() - 2]) << "source " << key.first << " card " << key.second;
  }
}
}  // namespace

// 003 Traits: a continuous trait keeps its one modifier on each card it names, pass after pass, while the card's
// other modifiers come and go around it.
TEST(Reassert, EachTraitKeepsItsModifierWhileTheCardsModifiersMove) {
  g_ids.clear();
  TestGame t(make_legends());
  const int32_t lord = t.def("Banner Lord", "Holding");
  t.ability(lord, CARDRT_AB_CONTINUOUS, nullptr, 0, &banner);
  t.ability(lord, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &rally);
  t.ability(lord, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &destroy_victim);
  t.ability(lord, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &victim_to_hand);
  t.ability(lord, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &lend_banner);
  const int32_t p = t.def("Ashigaru", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.start();
  cardrt_game_begin_turn(t, 0);
  std::vector<int32_t> men, lords;
  for (int i = 0; i < 3; ++i) men.push_back(t.play(p, 0));
  lords.push_back(t.play(lord, 0));
  ASSERT_EQ(cardrt_game_use_ability(t, 0, lords[0], 1), CARDRT_OK);  // +2F each, made before the other lords' +1F
  for (int i = 0; i < 4; ++i) lords.push_back(t.play(lord, 0));
  auto keys = [&](const std::vector<int32_t>& sources, const std::vector<int32_t>& cards) {
    std::vector<std::pair<int32_t, int32_t>> out;
    for (int32_t s : sources)
      for (int32_t c : cards) out.emplace_back(s, c);
    return out;
  };
  for (int32_t m : men) EXPECT_EQ(t.stat(m, legends::Force), 1 + 2 + 5);
  cardrt_game_signal(t, CARDRT_BOUNDARY_BATTLE_END);
  expect_kept(keys(lords, men));
  const int bonuses = t.count_log(CARDRT_LOG_BONUS);

  // the +2F ends: every later modifier moves one place down
  cardrt_game_signal(t, CARDRT_BOUNDARY_PHASE_END);
  for (int32_t m : men) EXPECT_EQ(t.stat(m, legends::Force), 1 + 5);
  expect_kept(keys(lords, men));
  EXPECT_EQ(t.count_log(CARDRT_LOG_BONUS), bonuses);

  // a lord in the middle leaves play: its modifiers end, the others' stay
  g_victim = lords[2];
  ASSERT_EQ(cardrt_game_use_ability(t, 0, lords[0], 2), CARDRT_OK);
  lords.erase(lords.begin() + 2);
  cardrt_game_signal(t, CARDRT_BOUNDARY_BATTLE_END);
  for (int32_t m : men) EXPECT_EQ(t.stat(m, legends::Force), 1 + 4);
  expect_kept(keys(lords, men));
  EXPECT_EQ(t.count_log(CARDRT_LOG_BONUS), bonuses);

  // a Personality leaves play and comes back: new modifiers once, then kept
  g_victim = men[1];
  ASSERT_EQ(cardrt_game_use_ability(t, 0, lords[0], 3), CARDRT_OK);
  EXPECT_EQ(t.stat(men[1], legends::Force), 1);
  ASSERT_EQ(cardrt_game_put_into_play(t, men[1], 0), CARDRT_OK);
  EXPECT_EQ(t.count_log(CARDRT_LOG_BONUS), bonuses + 4);
  cardrt_game_signal(t, CARDRT_BOUNDARY_BATTLE_END);
  for (int32_t m : men) EXPECT_EQ(t.stat(m, legends::Force), 1 + 4);
  expect_kept(keys(lords, men));

  // a Personality holds a lent banner for the phase, then loses it: its modifiers end, the lords' stay
  g_victim = men[0];
  ASSERT_EQ(cardrt_game_use_ability(t, 0, lords[0], 4), CARDRT_OK);
  for (int32_t m : men) EXPECT_EQ(t.stat(m, legends::Force), 1 + 5);
  cardrt_game_signal(t, CARDRT_BOUNDARY_BATTLE_END);
  expect_kept(keys({men[0]}, men));
  expect_kept(keys(lords, men));
  cardrt_game_signal(t, CARDRT_BOUNDARY_PHASE_END);
  for (int32_t m : men) EXPECT_EQ(t.stat(m, legends::Force), 1 + 4);
  cardrt_game_signal(t, CARDRT_BOUNDARY_BATTLE_END);
  expect_kept(keys(lords, men));
  EXPECT_EQ(t.count_log(CARDRT_LOG_BONUS), bonuses + 4 + 3);
}

// 003 Traits: one trait keeping two bonuses of one stat on one card re-asserts them in the order made: each call
// gets the first modifier not yet asserted in the pass (the second one's size changes on alternate passes).
TEST(Reassert, TwoBonusesOfOneTraitOnOneCardAreKeptInTheOrderMade) {
  g_ids.clear();
  g_pass = 0;
  TestGame t(make_legends());
  const int32_t d = t.def("Twin Banner", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.ability(d, CARDRT_AB_CONTINUOUS, nullptr, 0, &two_bonuses);
  const int32_t yard = t.def("Drill Yard", "Holding");
  t.ability(yard, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &rally);
  t.start();
  cardrt_game_begin_turn(t, 0);
  const int32_t c = t.play(d, 0);
  const int32_t y = t.play(yard, 0);
  // more modifiers than reassert scans without looking at its hint
  for (int i = 0; i < 3; ++i) ASSERT_EQ(cardrt_game_use_ability(t, 0, y, 0), CARDRT_OK);
  for (int i = 0; i < 6; ++i) cardrt_game_signal(t, CARDRT_BOUNDARY_BATTLE_END);
  const std::vector<int32_t>& first = g_ids[{c, 1}];
  const std::vector<int32_t>& second = g_ids[{c, 2}];
  ASSERT_GE(first.size(), 7u);
  ASSERT_EQ(first.size(), second.size());
  for (size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(first[i], first[0]) << "pass " << i;
    EXPECT_EQ(second[i], second[0]) << "pass " << i;
  }
  EXPECT_NE(first[0], second[0]);
  EXPECT_EQ(t.stat(c, legends::Force), 1 + 3 * 2 + 1 + (g_pass % 2 ? 2 : 1));
}
