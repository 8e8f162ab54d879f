// Replays (cardrt_game_record / cardrt_game_replay_bytes / cardrt_replay_play; docs/runtime.md "Replays"): a game
// recorded from its seed, or from the middle (a saved start), played back gives the recorded event log byte for byte,
// with the host's answers given again; a replay of another card pool is refused naming both, or played with
// CARDRT_REPLAY_FORCE reporting the first call and event that differ; damaged bytes are refused, never a crash.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "game_steps.hpp"

using namespace rt;
using namespace game_steps;

namespace {

std::vector<uint8_t> replay_bytes(const cardrt_game* g, std::string* message = nullptr) {
  char error[512] = "";
  const int64_t n = cardrt_game_replay_bytes(g, nullptr, 0, error, sizeof error);
  if (message) *message = error;
  if (n <= 0) return {};
  std::vector<uint8_t> bytes(static_cast<size_t>(n));
  EXPECT_EQ(cardrt_game_replay_bytes(g, bytes.data(), n, error, sizeof error), n);
  return bytes;
}

struct Played {
  cardrt_game* game = nullptr;
  cardrt_replay_report report{};
  std::string message;
};
Played play(TestGame& t, const std::vector<uint8_t>& bytes, uint32_t flags = 0) {
  Played p;
  char message[1024] = "";
  p.game = cardrt_replay_play(t.profile(), t.pool(), bytes.data(), int64_t(bytes.size()), flags, nullptr, &p.report,
                              message, sizeof message);
  p.message = message;
  return p;
}

// The engine calls of a recorded game: the default chooser, then the steps: setup, 6 steps of 2 calls (add, put into
// play) and 2 provinces; 9 turns of 6 steps, one of them 2 calls.
constexpr int32_t kCalls = 1 + (6 * 2 + 2) + 9 * 7;

// A host answering every choice with the last option (not the default chooser's first): answers a replay must give
// again for the log to match.
int32_t last_option(void* user, const cardrt_choice* c, int32_t* answer, int32_t capacity) {
  ++*static_cast<int*>(user);
  if (capacity <= 0) return 0;
  if (c->kind == CARDRT_CHOICE_NUMBER) answer[0] = c->max_count;
  else if (c->kind == CARDRT_CHOICE_YES_NO) answer[0] = 0;
  else answer[0] = c->option_count - 1;
  return 1;
}

// The shared game, recorded from its creation; `host` answers its choices (NULL: the default chooser at random).
cardrt_game* recorded_game(TestGame& t, const Cards& c, uint64_t seed, const cardrt_host* host, int steps = kSteps) {
  cardrt_game* g = cardrt_game_create(t.profile(), t.pool(), seed, host);
  char error[256] = "";
  EXPECT_EQ(cardrt_game_record(g, 1, error, sizeof error), CARDRT_OK) << error;
  cardrt_game_set_default_chooser(g, CARDRT_CHOOSER_RANDOM, seed * 31);
  for (int i = 0; i < steps; ++i) step(g, c, i);
  return g;
}

}  // namespace

// Recorded from its seed, with the default chooser choosing at random or the host answering, a game played back gives
// the recorded log byte for byte (text and JSON), and reports no divergence.
TEST(Replays, PlayedBackToTheSameLog) {
  TestGame t(make_legends());
  const Cards c = define(t);
  for (bool host_answers : {false, true}) {
    int asked = 0;
    cardrt_host h{&asked, &last_option, nullptr};
    cardrt_game* g = recorded_game(t, c, 7, host_answers ? &h : nullptr);
    if (host_answers) {
      EXPECT_GT(asked, 0) << "the host was asked";
    }
    const std::vector<uint8_t> bytes = replay_bytes(g);
    ASSERT_FALSE(bytes.empty());
    Played p = play(t, bytes);
    ASSERT_NE(p.game, nullptr) << p.message;
    EXPECT_EQ(p.message, "");
    EXPECT_EQ(p.report.diverged, 0);
    EXPECT_EQ(p.report.divergence_call, -1);
    EXPECT_EQ(p.report.calls, kCalls) << "every engine call: the chooser, the steps' calls";
    EXPECT_EQ(text_log(p.game), text_log(g));
    EXPECT_EQ(json_log(p.game), json_log(g));
    EXPECT_NE(text_log(g).find("delayed"), std::string::npos);  // the cards did what they say
    if (host_answers) {
      EXPECT_NE(text_log(g), fresh_log(t, c, 7)) << "the host's answers made another game";
    }
    cardrt_game_destroy(p.game);
    cardrt_game_destroy(g);
  }
}

// Recording begun in the middle of a game starts from the game saved then; the replay also plays on afterwards.
TEST(Replays, RecordedFromTheMiddle) {
  TestGame t(make_legends());
  const Cards c = define(t);
  cardrt_game* g = new_game(t, 9);
  for (int i = 0; i < 20; ++i) step(g, c, i);
  ASSERT_EQ(cardrt_game_record(g, 1, nullptr, 0), CARDRT_OK);
  for (int i = 20; i < kSteps; ++i) step(g, c, i);
  Played p = play(t, replay_bytes(g));
  ASSERT_NE(p.game, nullptr) << p.message;
  EXPECT_EQ(p.report.diverged, 0) << p.message;
  EXPECT_EQ(text_log(p.game), text_log(g));
  EXPECT_EQ(text_log(p.game), fresh_log(t, c, 9));
  // the played game is a game: it plays on as the original does
  cardrt_game_begin_turn(p.game, 0), cardrt_game_begin_turn(g, 0);
  EXPECT_EQ(text_log(p.game), text_log(g));
  cardrt_game_destroy(p.game);
  cardrt_game_destroy(g);
}

// A replay recorded with another card pool is refused naming both; with CARDRT_REPLAY_FORCE it is played and the
// first call and event that differ are reported.
TEST(Replays, AnotherPoolRefusedOrPlayedWithTheFirstDivergence) {
  TestGame t(make_legends());
  const Cards c = define(t);
  cardrt_game* g = recorded_game(t, c, 3, nullptr);
  const std::vector<uint8_t> bytes = replay_bytes(g);

  // the same cards, but the Recruit has 2 Chi and its triggered ability gives Family Honor instead of Gold: an
  // updated card library
  TestGame other(make_legends());
  const int32_t bushi = other.def("Bushi", "Personality", {{"Force", 3}, {"Chi", 2}});
  other.ability(bushi, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &strike, &target_enemy);
  const int32_t recruit = other.def("Recruit", "Personality", {{"Force", 1}, {"Chi", 2}});
  other.ability(recruit, CARDRT_AB_TRIGGERED, "enter_play", 0, &gain_honor);
  const int32_t banker = other.def("Banker", "Holding", {{"Gold Cost", 2}});
  other.ability(banker, CARDRT_AB_REPLACEMENT, "would_gain_resource", 0, &one_more, nullptr, nullptr, &gold_for_me);
  cardrt_def_function(other.pool(), CARDRT_FNK_EFFECT, reinterpret_cast<cardrt_any_fn>(&gain_gold));
  cardrt_def_function(other.pool(), CARDRT_FNK_EFFECT, reinterpret_cast<cardrt_any_fn>(&entering_is_mine));
  cardrt_def_function(other.pool(), CARDRT_FNK_FILTER, reinterpret_cast<cardrt_any_fn>(&is_enemy));

  Played refused = play(other, bytes);
  EXPECT_EQ(refused.game, nullptr);
  EXPECT_NE(refused.message.find("recorded with card library"), std::string::npos) << refused.message;
  EXPECT_NE(refused.message.find("playing with card library"), std::string::npos) << refused.message;
  const size_t first = refused.message.find("(pool "), second = refused.message.find("(pool ", first + 1);
  ASSERT_NE(second, std::string::npos) << refused.message;
  EXPECT_NE(refused.message.substr(first, 22), refused.message.substr(second, 22)) << refused.message;

  Played forced = play(other, bytes, CARDRT_REPLAY_FORCE);
  ASSERT_NE(forced.game, nullptr) << forced.message;
  EXPECT_EQ(forced.report.foreign, 1);
  EXPECT_EQ(forced.report.diverged, 1) << forced.message;
  EXPECT_EQ(forced.report.calls, kCalls);
  // The first Recruit enters play at step 8 (turn 0's third step): after the chooser (call 0), the setup's 14 calls,
  // begin_turn and use_ability, add_card is call 17 and put_into_play call 18, whose trigger now gives Family Honor.
  EXPECT_EQ(forced.report.divergence_call, 18) << forced.message;
  ASSERT_GE(forced.report.divergence_event, 0);
  cardrt_log_event played{}, recorded{};
  ASSERT_EQ(cardrt_log_get(forced.game, forced.report.divergence_event, &played), CARDRT_OK);
  ASSERT_EQ(cardrt_log_get(g, forced.report.divergence_event, &recorded), CARDRT_OK);
  EXPECT_NE(std::memcmp(&played, &recorded, sizeof played), 0);
  for (int32_t i = 0; i < forced.report.divergence_event; ++i) {
    ASSERT_EQ(cardrt_log_get(forced.game, i, &played), CARDRT_OK);
    ASSERT_EQ(cardrt_log_get(g, i, &recorded), CARDRT_OK);
    EXPECT_EQ(std::memcmp(&played, &recorded, sizeof played), 0) << "event " << i << " before the divergence";
  }
  EXPECT_NE(text_log(forced.game).find("what=Family Honor"), std::string::npos);
  EXPECT_NE(forced.message.find("put_into_play("), std::string::npos) << forced.message;
  EXPECT_NE(forced.message.find("event " + std::to_string(forced.report.divergence_event + 1)), std::string::npos)
      << forced.message;
  EXPECT_NE(forced.message.find("played anyway: call 19 of "), std::string::npos) << forced.message;
  cardrt_game_destroy(forced.game);
  cardrt_game_destroy(g);
}

// Truncated at every length, every byte altered, foreign bytes (a saved game), another version: refused with a
// message, never a crash (the suite runs under the sanitizers); the fuzz target replay goes on from here.
TEST(Replays, DamagedOrForeignBytesAreRefused) {
  TestGame t(make_legends());
  const Cards c = define(t);
  cardrt_game* g = recorded_game(t, c, 4, nullptr, 30);
  const std::vector<uint8_t> bytes = replay_bytes(g);
  ASSERT_FALSE(bytes.empty());
  for (size_t n = 0; n < bytes.size(); n += 1 + n / 16) {
    Played p = play(t, std::vector<uint8_t>(bytes.begin(), bytes.begin() + ptrdiff_t(n)));
    EXPECT_EQ(p.game, nullptr) << n;
    EXPECT_FALSE(p.message.empty());
  }
  for (size_t i = 0; i < bytes.size(); i += 1 + i / 64) {
    std::vector<uint8_t> flipped = bytes;
    flipped[i] ^= uint8_t(1u << (i % 8));
    Played p = play(t, flipped);
    EXPECT_EQ(p.game, nullptr) << "byte " << i;
  }
  const int64_t n = cardrt_game_save(g, nullptr, 0, nullptr, 0);
  std::vector<uint8_t> saved(static_cast<size_t>(n));
  cardrt_game_save(g, saved.data(), n, nullptr, 0);
  Played p = play(t, saved);
  EXPECT_EQ(p.game, nullptr);
  EXPECT_NE(p.message.find("not a cardrt replay"), std::string::npos) << p.message;
  std::vector<uint8_t> newer = bytes;
  newer[12] = 99;  // the ABI version, after the magic and the format
  p = play(t, newer);
  EXPECT_EQ(p.game, nullptr);
  EXPECT_NE(p.message.find("ABI version 99"), std::string::npos) << p.message;
  EXPECT_EQ(cardrt_replay_play(t.profile(), t.pool(), nullptr, 5, 0, nullptr, nullptr, nullptr, 0), nullptr);
  cardrt_game_destroy(g);
}

// What a replay cannot hold is said when the bytes are asked for: a change through a card ABI function the engine
// called itself. Not recording, no bytes.
TEST(Replays, UnrecordableChangesAreRefused) {
  TestGame t(make_legends());
  const Cards c = define(t);
  cardrt_game* g = recorded_game(t, c, 2, nullptr, 8);
  std::string message;
  EXPECT_FALSE(replay_bytes(g).empty());
  cardrt_random(g, nullptr, 6);  // the engine drew from the game's generator itself
  EXPECT_TRUE(replay_bytes(g, &message).empty());
  EXPECT_NE(message.find("card ABI function"), std::string::npos) << message;
  ASSERT_EQ(cardrt_game_record(g, 0, nullptr, 0), CARDRT_OK);
  EXPECT_EQ(cardrt_game_replay_bytes(g, nullptr, 0, nullptr, 0), CARDRT_E_STATE);
  // recording again starts from the game as it is now (saved): that plays back
  ASSERT_EQ(cardrt_game_record(g, 1, nullptr, 0), CARDRT_OK);
  for (int i = 8; i < 20; ++i) step(g, c, i);
  Played p = play(t, replay_bytes(g));
  ASSERT_NE(p.game, nullptr) << p.message;
  EXPECT_EQ(text_log(p.game), text_log(g));
  cardrt_game_destroy(p.game);
  cardrt_game_destroy(g);
}

// Games recorded and played back on two threads at once, each its own game.
TEST(Replays, RecordedAndPlayedFromSeveralThreadsAtOnce) {
  TestGame t(make_legends());
  const Cards c = define(t);
  std::vector<int> matched(2, 0);
  std::vector<std::thread> threads;
  for (size_t k = 0; k < matched.size(); ++k)
    threads.emplace_back([&, k] {
      for (int round = 0; round < 10; ++round) {
        cardrt_game* g = cardrt_game_create(t.profile(), t.pool(), 100 + k * 10 + size_t(round), nullptr);
        if (cardrt_game_record(g, 1, nullptr, 0) != CARDRT_OK) return;
        cardrt_game_set_default_chooser(g, CARDRT_CHOOSER_RANDOM, uint64_t(round));
        for (int i = 0; i < kSteps; ++i) step(g, c, i);
        const int64_t n = cardrt_game_replay_bytes(g, nullptr, 0, nullptr, 0);
        std::vector<uint8_t> bytes(static_cast<size_t>(std::max<int64_t>(n, 0)));
        cardrt_game_replay_bytes(g, bytes.data(), n, nullptr, 0);
        cardrt_replay_report report{};
        cardrt_game* p = cardrt_replay_play(t.profile(), t.pool(), bytes.data(), n, 0, nullptr, &report, nullptr, 0);
        if (p && report.diverged == 0 && text_log(p) == text_log(g)) ++matched[k];
        cardrt_game_destroy(p);
        cardrt_game_destroy(g);
      }
    });
  for (auto& th : threads) th.join();
  for (int m : matched) EXPECT_EQ(m, 10);
}

// The C++ API: Game::record and replay_bytes, Game::replay; another pool is an Error carrying the message.
TEST(Replays, CppApiRecordAndReplay) {
  FighterGame f;
  f.game.record();
  f.game.begin_turn(0);
  cardrt_stat_modify(f.game.get(), nullptr, f.id, f.power, 3, CARDRT_DUR_END_OF_TURN);  // recorded: a rule's change
  f.game.end_turn();
  const std::vector<uint8_t> bytes = f.game.replay_bytes();
  cardrt_replay_report report{};
  std::string message = "unchanged";
  auto played = cardrt::api::Game::replay(f.profile, f.pool, bytes, 0, &report, &message);
  EXPECT_EQ(played->log_text(), f.game.log_text());
  EXPECT_EQ(report.diverged, 0);
  EXPECT_EQ(message, "");
  cardrt::api::CardPool other(f.profile);
  cardrt_def_card(other.get(), "Other", "Fighter");
  try {
    cardrt::api::Game::replay(f.profile, other, bytes);
    ADD_FAILURE() << "played into another pool";
  } catch (const cardrt::api::Error& e) {
    EXPECT_NE(std::string(e.what()).find("playing with card library"), std::string::npos) << e.what();
  }
}
