// Snapshots (cardrt_game_clone; docs/runtime.md "Snapshots"): a copy has the same state as its original and then
// evolves on its own. Every test compares event logs byte for byte with a fresh game given the same calls: the log
// records every change (modifiers, grants, delayed effects firing, random rolls, choices), so a state the copy lost or
// shared shows up as a difference.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "cardrt/cardrt.hpp"
#include "test_support.hpp"

using namespace rt;

namespace {

std::string text_log(const cardrt_game* g) {
  const int64_t n = cardrt_log_render_text(g, nullptr, 0);
  std::string s(size_t(n), '\0');
  cardrt_log_render_text(g, s.data(), n);
  return s;
}
std::string json_log(const cardrt_game* g) {
  const int64_t n = cardrt_log_render_json(g, nullptr, 0);
  std::string s(size_t(n), '\0');
  cardrt_log_render_json(g, s.data(), n);
  return s;
}

// ---- the cards: every kind of state a game keeps ----
int32_t gain_gold(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_gain_resource(g, ctx, cardrt_ctx_controller(g, ctx), legends::Gold, 1) >= 0 ? CARDRT_OK
                                                                                             : CARDRT_FAILED;
}
int32_t gain_honor(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_gain_resource(g, ctx, cardrt_ctx_controller(g, ctx), legends::FamilyHonor, 1) >= 0 ? CARDRT_OK
                                                                                                    : CARDRT_FAILED;
}
int32_t entering_is_mine(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_card_controller(g, cardrt_ctx_event(g, ctx, CARDRT_EVF_CARD)) == cardrt_ctx_controller(g, ctx);
}
int32_t is_enemy(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t c) {
  return cardrt_card_controller(g, c) != cardrt_ctx_controller(g, ctx);
}
int32_t target_enemy(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_target_cards(g, ctx, 0, reinterpret_cast<cardrt_any_fn>(&is_enemy), 1, 1, 0);
}
// An enemy loses Force until the end of the turn; this card is Samurai until the end of its controller's next turn;
// a delayed effect gives Gold at the end of his turn two turns from now; another gives Family Honor each time one of
// his cards enters play, until the end of the turn after; a random number of Family Honor (the game's generator).
int32_t strike(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t victim = cardrt_slot_get(g, ctx, 0, 0);
  if (victim) cardrt_stat_modify(g, ctx, victim, legends::Force, -1, CARDRT_DUR_END_OF_TURN);
  cardrt_grant_keyword(g, ctx, cardrt_ctx_source(g, ctx), legends::Samurai, CARDRT_DUR_END_OF_YOUR_NEXT_TURN);
  cardrt_delay(g, ctx, CARDRT_BOUNDARY_TURN_END, -1, 2, reinterpret_cast<cardrt_any_fn>(&gain_gold));
  cardrt_delay_until_event(g, ctx, CARDRT_EV_ENTER_PLAY, 0, reinterpret_cast<cardrt_any_fn>(&entering_is_mine),
                           CARDRT_DELAY_EACH_TIME, CARDRT_BOUNDARY_TURN_END, reinterpret_cast<cardrt_any_fn>(&gain_honor));
  const int32_t roll = cardrt_random(g, ctx, 4);
  return cardrt_gain_resource(g, ctx, cardrt_ctx_controller(g, ctx), legends::FamilyHonor, roll) >= 0 ? CARDRT_OK
                                                                                                      : CARDRT_FAILED;
}
// "If you would gain Gold, gain 1 more" (a replacement effect)
int32_t gold_for_me(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_ctx_event(g, ctx, CARDRT_EVF_WHAT) == legends::Gold &&
         cardrt_ctx_event(g, ctx, CARDRT_EVF_PLAYER) == cardrt_ctx_controller(g, ctx);
}
int32_t one_more(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_pending_set_amount(g, ctx, cardrt_pending_amount(g, ctx) + 1);
}

struct Cards {
  int32_t bushi, recruit, banker;
};

// A legends game of two players with several Personalities each, whose default chooser picks at random.
Cards define(TestGame& t) {
  Cards c;
  c.bushi = t.def("Bushi", "Personality", {{"Force", 3}, {"Chi", 2}});
  t.ability(c.bushi, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &strike, &target_enemy);
  c.recruit = t.def("Recruit", "Personality", {{"Force", 1}, {"Chi", 1}});
  t.ability(c.recruit, CARDRT_AB_TRIGGERED, "enter_play", 0, &gain_gold);
  c.banker = t.def("Banker", "Holding", {{"Gold Cost", 2}});
  t.ability(c.banker, CARDRT_AB_REPLACEMENT, "would_gain_resource", 0, &one_more, nullptr, nullptr, &gold_for_me);
  return c;
}

cardrt_game* new_game(TestGame& t, uint64_t seed) {
  cardrt_game* g = cardrt_game_create(t.profile(), t.pool(), seed, nullptr);
  if (g) cardrt_game_set_default_chooser(g, CARDRT_CHOOSER_RANDOM, seed * 31);
  return g;
}

// The calls of the game, in steps: a step is one engine call. Card ids are the same in every game given the same
// steps (ids are never reused).
constexpr int kSteps = 60;
void step(cardrt_game* g, const Cards& c, int i) {
  if (i < 6) {  // setup: three Bushi each, a Banker for player 0, a province each
    const int32_t player = i % 2;
    const int32_t id = cardrt_game_add_card(g, i == 4 ? c.banker : c.bushi, player, legends::Hand);
    cardrt_game_put_into_play(g, id, player);
    if (i < 2) cardrt_game_add_province(g, player, 0);
    return;
  }
  const int turn = (i - 6) / 6, at = (i - 6) % 6;
  const int32_t player = turn % 2;
  switch (at) {
    case 0: cardrt_game_begin_turn(g, player); break;
    case 1: cardrt_game_use_ability(g, player, 1 + player + 2 * (turn % 2), 0); break;  // a Bushi of the player's
    case 2: {
      const int32_t id = cardrt_game_add_card(g, c.recruit, player, legends::Hand);
      cardrt_game_put_into_play(g, id, player);
      break;
    }
    case 3: cardrt_game_use_ability(g, player, 1 + player, 0); break;
    case 4: cardrt_game_draw(g, player, 1); break;
    default: cardrt_game_end_turn(g); break;
  }
}

// The log of a fresh game given every step.
std::string fresh_log(TestGame& t, const Cards& c, uint64_t seed) {
  cardrt_game* g = new_game(t, seed);
  for (int i = 0; i < kSteps; ++i) step(g, c, i);
  std::string log = text_log(g);
  cardrt_game_destroy(g);
  return log;
}

}  // namespace

// A copy taken at any step, and its original, each given the rest of the calls, leave the event log of a game that
// was given all of them: the copy kept every state, and neither changes the other.
TEST(Snapshots, CloneAndOriginalEachPlayOnLikeAFreshGame) {
  TestGame t(make_legends());
  const Cards c = define(t);
  cardrt_game* fresh = new_game(t, 5);
  for (int i = 0; i < kSteps; ++i) step(fresh, c, i);
  const std::string expected = text_log(fresh), expected_json = json_log(fresh);
  // the game must have done what the cards say, or the comparison proves little
  EXPECT_NE(expected.find("delayed"), std::string::npos);
  EXPECT_GT(cardrt_resource_get(fresh, 0, legends::FamilyHonor) + cardrt_resource_get(fresh, 1, legends::FamilyHonor),
            0);
  for (int at : {0, 6, 13, 20, 27, 41, 59}) {
    cardrt_game* original = new_game(t, 5);
    for (int i = 0; i < at; ++i) step(original, c, i);
    cardrt_game* copy = cardrt_game_clone(original, nullptr);
    ASSERT_NE(copy, nullptr);
    EXPECT_EQ(text_log(copy), text_log(original)) << "the copy has the original's log so far";
    for (int i = at; i < kSteps; ++i) step(original, c, i);
    for (int i = at; i < kSteps; ++i) step(copy, c, i);
    EXPECT_EQ(text_log(original), expected) << "original, cloned at step " << at;
    EXPECT_EQ(text_log(copy), expected) << "copy taken at step " << at;
    EXPECT_EQ(json_log(copy), expected_json) << "copy taken at step " << at;
    cardrt_game_destroy(copy);
    cardrt_game_destroy(original);
  }
  cardrt_game_destroy(fresh);
}

// With delayed effects, a replacement effect, grants and modifiers with durations all waiting: the copy is given
// other calls than its original, and then the original goes on as a fresh game does; the copy outlives it.
TEST(Snapshots, WhatTheCopyDoesLeavesTheOriginalAlone) {
  TestGame t(make_legends());
  const Cards c = define(t);
  const int at = 6 + 6 + 2;  // a turn played, and in the second one an ability used and a Recruit played
  const std::string expected = fresh_log(t, c, 9);
  cardrt_game* original = new_game(t, 9);
  for (int i = 0; i < at; ++i) step(original, c, i);
  const int32_t gold = cardrt_resource_get(original, 0, legends::Gold);
  const int32_t force = cardrt_stat_get(original, 1, legends::Force);
  cardrt_game* copy = cardrt_game_clone(original, nullptr);
  ASSERT_NE(copy, nullptr);
  // the copy: other moves (more Gold through the Banker's replacement, a Force penalty, a card destroyed, turns)
  EXPECT_EQ(cardrt_gain_resource(copy, nullptr, 0, legends::Gold, 5), 6);
  cardrt_stat_modify(copy, nullptr, 1, legends::Force, -2, CARDRT_DUR_PERMANENT);
  cardrt_destroy(copy, nullptr, 2);
  for (int k = 0; k < 3; ++k) {
    cardrt_game_end_turn(copy);
    cardrt_game_begin_turn(copy, k % 2);
  }
  EXPECT_EQ(cardrt_resource_get(original, 0, legends::Gold), gold);
  EXPECT_EQ(cardrt_stat_get(original, 1, legends::Force), force);
  EXPECT_TRUE(cardrt_game_card_exists(original, 2));
  for (int i = at; i < kSteps; ++i) step(original, c, i);
  EXPECT_EQ(text_log(original), expected);
  // the original gone, the copy still plays (its delayed effects name it, not the original)
  cardrt_game_destroy(original);
  const int32_t before = cardrt_log_count(copy);
  for (int i = at; i < kSteps; ++i) step(copy, c, i);
  EXPECT_GT(cardrt_log_count(copy), before);
  EXPECT_EQ(cardrt_last_error(copy), CARDRT_OK);
  cardrt_game_destroy(copy);
}

// A copy of a copy, taken at other steps, still plays on like the fresh game.
TEST(Snapshots, CopyOfACopy) {
  TestGame t(make_legends());
  const Cards c = define(t);
  cardrt_game* a = new_game(t, 3);
  for (int i = 0; i < 17; ++i) step(a, c, i);
  cardrt_game* b = cardrt_game_clone(a, nullptr);
  cardrt_game_destroy(a);
  for (int i = 17; i < 33; ++i) step(b, c, i);
  cardrt_game* d = cardrt_game_clone(b, nullptr);
  cardrt_game_destroy(b);
  for (int i = 33; i < kSteps; ++i) step(d, c, i);
  EXPECT_EQ(text_log(d), fresh_log(t, c, 3));
  cardrt_game_destroy(d);
}

// The random generators are state: copies taken at the same point draw the same numbers, and the default chooser's
// random picks are the same too.
TEST(Snapshots, CopiesDrawTheSameRandomNumbers) {
  TestGame t(make_legends());
  define(t);
  cardrt_game* g = new_game(t, 11);
  for (int i = 0; i < 7; ++i) cardrt_random(g, nullptr, 1000);
  cardrt_game* copy = cardrt_game_clone(g, nullptr);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(cardrt_random(copy, nullptr, 1000), cardrt_random(g, nullptr, 1000));
  for (int i = 0; i < 20; ++i) EXPECT_EQ(cardrt_roll_d6(copy, nullptr), cardrt_roll_d6(g, nullptr));
  cardrt_game_destroy(copy);
  cardrt_game_destroy(g);
}

namespace {
struct Hearing {
  cardrt_game* game = nullptr;
  cardrt_game* clone_in_callback = reinterpret_cast<cardrt_game*>(1);
  std::vector<int32_t> kinds;
};
void hear(void* user, const cardrt_log_event* e) { static_cast<Hearing*>(user)->kinds.push_back(e->kind); }
int32_t clone_while_asked(void* user, const cardrt_choice*, int32_t* answer, int32_t) {
  auto* h = static_cast<Hearing*>(user);
  h->clone_in_callback = cardrt_game_clone(h->game, nullptr);
  answer[0] = 0;
  return 1;
}
}  // namespace

// The copy's host is its own, and hears only what happens after the copy; a game in the middle of a call (here:
// asking its host a choice) is not a state to copy, and the clone is refused.
TEST(Snapshots, TheCopyHasItsOwnHostAndIsTakenOnlyBetweenCalls) {
  TestGame t(make_legends());
  const Cards c = define(t);
  Hearing original_host, copy_host;
  cardrt_host h{&original_host, &clone_while_asked, &hear};
  cardrt_game* g = cardrt_game_create(t.profile(), t.pool(), 1, &h);
  original_host.game = g;
  for (int i = 0; i < 7; ++i) step(g, c, i);
  const size_t heard = original_host.kinds.size();
  cardrt_host ch{&copy_host, nullptr, &hear};
  cardrt_game* copy = cardrt_game_clone(g, &ch);
  ASSERT_NE(copy, nullptr);
  EXPECT_TRUE(copy_host.kinds.empty());
  cardrt_game_draw(copy, 0, 1);
  EXPECT_FALSE(copy_host.kinds.empty());
  EXPECT_EQ(original_host.kinds.size(), heard);
  // player 0 uses a Bushi: the target is asked of the host, which tries to copy the game then
  ASSERT_EQ(cardrt_game_use_ability(g, 0, 1, 0), CARDRT_OK);
  EXPECT_EQ(original_host.clone_in_callback, nullptr);
  EXPECT_EQ(cardrt_game_clone(nullptr, nullptr), nullptr);
  cardrt_game_destroy(copy);
  cardrt_game_destroy(g);
}

// One game copied from two threads at once (cloning only reads it): each copy plays on like the fresh game.
TEST(Snapshots, CopiedFromSeveralThreadsAtOnce) {
  TestGame t(make_legends());
  const Cards c = define(t);
  const std::string expected = fresh_log(t, c, 21);
  cardrt_game* g = new_game(t, 21);
  for (int i = 0; i < 25; ++i) step(g, c, i);
  std::vector<std::string> logs(2);
  std::vector<std::thread> threads;
  for (size_t k = 0; k < logs.size(); ++k)
    threads.emplace_back([&, k] {
      for (int round = 0; round < 20; ++round) {
        cardrt_game* copy = cardrt_game_clone(g, nullptr);
        if (!copy) return;
        for (int i = 25; i < kSteps; ++i) step(copy, c, i);
        logs[k] = text_log(copy);
        cardrt_game_destroy(copy);
        if (logs[k] != expected) return;
      }
    });
  for (auto& th : threads) th.join();
  for (const std::string& log : logs) EXPECT_EQ(log, expected);
  cardrt_game_destroy(g);
}

// The C++ API: Game::clone gives an owner of the copy with its own chooser.
TEST(Snapshots, CppApiClone) {
  cardrt::api::ProfileBuilder p("duel");
  const int32_t power = p.stat("Power", "P");
  p.card_type("Fighter", {power});
  const int32_t play = p.zone("Play", CARDRT_ZONE_IN_PLAY, CARDRT_ZROLE_PLAY);
  cardrt::api::CardPool pool(p);
  const int32_t d = cardrt_def_card(pool.get(), "Fighter", "Fighter");
  cardrt_def_stat(pool.get(), d, "Power", CARDRT_BASE_VALUE, 2);
  cardrt::api::Game g(p, pool, 1);
  const int32_t id = g.add_card(d, 0, play);
  auto copy = g.clone();
  cardrt_stat_modify(copy->get(), nullptr, id, power, 3, CARDRT_DUR_PERMANENT);
  EXPECT_EQ(copy->stat(id, power), 5);
  EXPECT_EQ(g.stat(id, power), 2);
}
