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

#include "game_steps.hpp"

using namespace rt;
using namespace game_steps;

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
  FighterGame f;
  auto copy = f.game.clone();
  cardrt_stat_modify(copy->get(), nullptr, f.id, f.power, 3, CARDRT_DUR_PERMANENT);
  EXPECT_EQ(copy->stat(f.id, f.power), 5);
  EXPECT_EQ(f.game.stat(f.id, f.power), 2);
}
