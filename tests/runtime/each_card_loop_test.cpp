// cardrt_each_card_begin / _end (ABI 8): cardrt_for_each_card as a loop compiled code runs itself. The list the
// game view shows must be the cards in play when the loop began and stay put while deeper loops run and cards come
// and go; the loop is one operation (the game settles at its end, not before); a loop that failed to begin has no end.
#include <gtest/gtest.h>

#include <vector>

#include "test_support.hpp"

using namespace rt;

namespace {
std::vector<int32_t> loop_ids(cardrt_game* g, int32_t n) {
  const cardrt_game_view* v = reinterpret_cast<const cardrt_game_view*>(g);
  return std::vector<int32_t>(v->each_ids, v->each_ids + n);
}

int32_t your_personality(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t card) {
  return cardrt_card_in_play(g, card) && cardrt_card_type(g, card) == legends::Personality &&
         cardrt_card_controller(g, card) == cardrt_ctx_controller(g, ctx);
}
int32_t plus_one_force(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t card) {
  return cardrt_stat_modify(g, ctx, card, legends::Force, 1, CARDRT_DUR_CONTINUOUS) >= 0 ? CARDRT_OK : CARDRT_FAILED;
}
int32_t banner(cardrt_game* g, cardrt_effect_ctx* ctx) {
  cardrt_for_each_card(g, ctx, reinterpret_cast<cardrt_any_fn>(&your_personality),
                       reinterpret_cast<cardrt_any_fn>(&plus_one_force));
  return CARDRT_OK;
}

int32_t g_made = 0;
int32_t g_inner_count = -1;
std::vector<int32_t> g_outer_seen, g_inner_seen;
// An action that loops itself: for each card in play, a loop inside it, and a card made during the outer loop.
int32_t nested_loops(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t n = cardrt_each_card_begin(g, ctx);
  if (n < 0) return n;
  const int32_t* outer = reinterpret_cast<const cardrt_game_view*>(g)->each_ids;
  for (int32_t i = 0; i < n; ++i) {
    if (i == 0) {
      g_made = cardrt_create_card(g, ctx, "Follower", cardrt_ctx_controller(g, ctx), legends::Play);
      const int32_t m = cardrt_each_card_begin(g, ctx);
      g_inner_count = m;
      g_inner_seen = loop_ids(g, m);
      cardrt_each_card_end(g, ctx, 0);
    }
    g_outer_seen.push_back(outer[i]);  // still the outer loop's list
  }
  return cardrt_each_card_end(g, ctx, n) == n ? CARDRT_OK : CARDRT_FAILED;
}
}  // namespace

TEST(EachCardLoop, TheListIsTheCardsInPlayWhenTheLoopBeganWhateverDeeperLoopsDo) {
  TestGame t(make_legends());
  const int32_t p = t.def("Ashigaru", "Personality", {{"Force", 1}, {"Chi", 2}});
  const int32_t looper = t.def("Looper", "Holding");
  t.ability(looper, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &nested_loops);
  t.start();
  cardrt_game_begin_turn(t, 0);
  std::vector<int32_t> in_play;
  for (int i = 0; i < 3; ++i) in_play.push_back(t.play(p, i % 2));
  const int32_t l = t.play(looper, 0);
  in_play.push_back(l);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, l, 0), CARDRT_OK);
  ASSERT_GT(g_made, 0);
  EXPECT_EQ(g_outer_seen, in_play);  // the card made during the loop is not in it
  std::vector<int32_t> with_made = in_play;
  with_made.push_back(g_made);
  EXPECT_EQ(g_inner_count, 5);
  EXPECT_EQ(g_inner_seen, with_made);  // a loop begun later sees it
}

TEST(EachCardLoop, ALoopIsOneOperationAndOnlyABegunLoopHasAnEnd) {
  TestGame t(make_legends());
  const int32_t p = t.def("Ashigaru", "Personality", {{"Force", 1}, {"Chi", 2}});
  const int32_t lord = t.def("Banner Lord", "Holding");
  t.ability(lord, CARDRT_AB_CONTINUOUS, nullptr, 0, &banner);
  t.start();
  const int32_t l = t.play(lord, 0);
  // no loop under way: no end; no game: no loop
  EXPECT_EQ(cardrt_each_card_end(t, nullptr, 0), CARDRT_E_STATE);
  EXPECT_EQ(cardrt_last_error(t), CARDRT_E_STATE);
  EXPECT_EQ(cardrt_each_card_begin(nullptr, nullptr), CARDRT_E_HANDLE);
  // a loop begun by the host is a top-level operation: the game settles when it ends, not before
  ASSERT_EQ(cardrt_each_card_begin(t, nullptr), 1);
  EXPECT_EQ(loop_ids(t, 1), std::vector<int32_t>{l});
  const int32_t a = t.add(p, 0, legends::Hand);
  ASSERT_EQ(cardrt_game_put_into_play(t, a, 0), CARDRT_OK);
  EXPECT_EQ(t.stat(a, legends::Force), 1);  // the banner's pass has not run yet
  EXPECT_EQ(cardrt_each_card_end(t, nullptr, 7), 7);
  EXPECT_EQ(cardrt_last_error(t), CARDRT_OK);
  EXPECT_EQ(t.stat(a, legends::Force), 2);
  EXPECT_EQ(cardrt_each_card_end(t, nullptr, 0), CARDRT_E_STATE);  // ended once
}
