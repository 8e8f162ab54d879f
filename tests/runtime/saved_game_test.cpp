// Saved games (cardrt_game_save / cardrt_game_load; docs/runtime.md "Saved games"): a game saved at any step and
// loaded again evolves exactly as the original would have (its event log, after the same calls, is a fresh game's,
// byte for byte: modifiers and grants with durations, delayed effects waiting for a boundary or an event, the
// replacement effect, the random generator and the default chooser's random picks); bytes of another profile, card
// pool or version, or damaged ones, are refused with a message.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "game_steps.hpp"

using namespace rt;
using namespace game_steps;

namespace {

std::vector<uint8_t> save(const cardrt_game* g) {
  char error[256] = "";
  const int64_t n = cardrt_game_save(g, nullptr, 0, error, sizeof error);
  EXPECT_GT(n, 0) << error;
  if (n <= 0) return {};
  std::vector<uint8_t> bytes(static_cast<size_t>(n));
  EXPECT_EQ(cardrt_game_save(g, bytes.data(), n, error, sizeof error), n);
  return bytes;
}

// The bytes of the shared test game (seed 5) saved after its first `steps` calls.
std::vector<uint8_t> saved_after(TestGame& t, const Cards& c, int steps) {
  cardrt_game* g = new_game(t, 5);
  for (int i = 0; i < steps; ++i) step(g, c, i);
  std::vector<uint8_t> bytes = save(g);
  cardrt_game_destroy(g);
  return bytes;
}

cardrt_game* load(TestGame& t, const std::vector<uint8_t>& bytes, std::string* message = nullptr,
                  const cardrt_host* host = nullptr) {
  char error[512] = "";
  cardrt_game* g = cardrt_game_load(t.profile(), t.pool(), bytes.data(), int64_t(bytes.size()), host, error, sizeof error);
  if (message) *message = error;
  return g;
}

}  // namespace

// Saved at any step and loaded, the game plays on like a fresh game given every call; saving the loaded game gives
// the same bytes.
TEST(SavedGames, LoadedGamePlaysOnLikeAFreshGame) {
  TestGame t(make_legends());
  const Cards c = define(t);
  cardrt_game* fresh = new_game(t, 5);
  for (int i = 0; i < kSteps; ++i) step(fresh, c, i);
  const std::string expected = text_log(fresh), expected_json = json_log(fresh);
  EXPECT_NE(expected.find("delayed"), std::string::npos);  // the cards did what they say
  for (int at : {0, 6, 13, 14, 20, 27, 41, 59}) {
    cardrt_game* original = new_game(t, 5);
    for (int i = 0; i < at; ++i) step(original, c, i);
    const std::vector<uint8_t> bytes = save(original);
    cardrt_game_destroy(original);  // nothing of the original is needed
    std::string message;
    cardrt_game* loaded = load(t, bytes, &message);
    ASSERT_NE(loaded, nullptr) << "saved at step " << at << ": " << message;
    EXPECT_EQ(save(loaded), bytes) << "saved at step " << at;
    for (int i = at; i < kSteps; ++i) step(loaded, c, i);
    EXPECT_EQ(text_log(loaded), expected) << "saved at step " << at;
    EXPECT_EQ(json_log(loaded), expected_json) << "saved at step " << at;
    cardrt_game_destroy(loaded);
  }
  cardrt_game_destroy(fresh);
}

// The random generators are saved: a loaded game draws the numbers the original draws.
TEST(SavedGames, LoadedGameDrawsTheSameRandomNumbers) {
  TestGame t(make_legends());
  define(t);
  cardrt_game* g = new_game(t, 11);
  for (int i = 0; i < 7; ++i) cardrt_random(g, nullptr, 1000);
  cardrt_game* loaded = load(t, save(g));
  ASSERT_NE(loaded, nullptr);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(cardrt_random(loaded, nullptr, 1000), cardrt_random(g, nullptr, 1000));
  cardrt_game_destroy(loaded);
  cardrt_game_destroy(g);
}

// Another card pool (other cards) or another profile: refused, the message naming what the game was saved with and
// what it is loaded into.
TEST(SavedGames, AnotherPoolOrProfileIsRefusedNamingBoth) {
  TestGame t(make_legends());
  const Cards c = define(t);
  const std::vector<uint8_t> bytes = saved_after(t, c, 20);

  TestGame other(make_legends());
  define(other);
  other.def("Extra", "Personality", {{"Force", 1}});
  std::string message;
  EXPECT_EQ(load(other, bytes, &message), nullptr);
  EXPECT_NE(message.find("saved with card library"), std::string::npos) << message;
  EXPECT_NE(message.find("loading into card library"), std::string::npos) << message;
  const size_t first = message.find("(pool "), second = message.find("(pool ", first + 1);
  ASSERT_NE(second, std::string::npos) << message;
  EXPECT_NE(message.substr(first, 22), message.substr(second, 22)) << "two pools named: " << message;

  TestGame gems(make_gems());
  EXPECT_EQ(load(gems, bytes, &message), nullptr);
  EXPECT_NE(message.find("saved with profile"), std::string::npos) << message;
  EXPECT_NE(message.find("loading into profile"), std::string::npos) << message;
}

// Truncated at every length, every byte altered, foreign bytes, another version: refused with a message, never a
// crash (the suite runs under the sanitizers). The fuzz target saved-game goes on from here.
TEST(SavedGames, DamagedOrForeignBytesAreRefused) {
  TestGame t(make_legends());
  const Cards c = define(t);
  const std::vector<uint8_t> bytes = saved_after(t, c, 27);
  std::string message;
  for (size_t n = 0; n < bytes.size(); n += 1 + n / 16) {
    const std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + ptrdiff_t(n));
    EXPECT_EQ(load(t, cut, &message), nullptr) << n;
    EXPECT_FALSE(message.empty());
  }
  for (size_t i = 0; i < bytes.size(); ++i) {
    std::vector<uint8_t> flipped = bytes;
    flipped[i] ^= uint8_t(1u << (i % 8));
    EXPECT_EQ(load(t, flipped, &message), nullptr) << "byte " << i;
  }
  const std::string foreign = "cardrt-profile 1\ngame legends\n";
  EXPECT_EQ(load(t, std::vector<uint8_t>(foreign.begin(), foreign.end()), &message), nullptr);
  EXPECT_NE(message.find("not a cardrt saved game"), std::string::npos) << message;
  std::vector<uint8_t> newer = bytes;
  newer[12] = 99;  // the ABI version, after the magic and the format
  EXPECT_EQ(load(t, newer, &message), nullptr);
  EXPECT_NE(message.find("ABI version 99"), std::string::npos) << message;
  EXPECT_NE(message.find("ABI version " + std::to_string(CARDRT_ABI_VERSION)), std::string::npos) << message;
  EXPECT_EQ(cardrt_game_load(t.profile(), t.pool(), nullptr, 5, nullptr, nullptr, 0), nullptr);
}

namespace {
int32_t nothing(cardrt_game*, cardrt_effect_ctx*) { return CARDRT_OK; }
int32_t delay_nothing(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_delay(g, ctx, CARDRT_BOUNDARY_TURN_END, -1, 0, reinterpret_cast<cardrt_any_fn>(&nothing));
}
struct Saver {
  cardrt_game* game = nullptr;
  int64_t result = 0;
};
int32_t save_while_asked(void* user, const cardrt_choice*, int32_t* answer, int32_t) {
  auto* s = static_cast<Saver*>(user);
  s->result = cardrt_game_save(s->game, nullptr, 0, nullptr, 0);
  answer[0] = 0;
  return 1;
}
}  // namespace

// A game holding a function the pool does not know (card code handed the runtime an undeclared delayed effect)
// cannot name it: saving is refused, saying what holds it. Nor is a game saved from inside one of its calls.
TEST(SavedGames, RefusedForAnUnknownFunctionOrInsideACall) {
  TestGame t(make_legends());
  const Cards c = define(t);
  const int32_t odd = t.def("Odd", "Personality", {{"Force", 1}});
  t.ability(odd, CARDRT_AB_ACTION, nullptr, 0, &delay_nothing);
  cardrt_game* g = new_game(t, 1);
  const int32_t id = cardrt_game_add_card(g, odd, 0, legends::Hand);
  cardrt_game_put_into_play(g, id, 0);
  cardrt_game_begin_turn(g, 0);
  ASSERT_EQ(cardrt_game_use_ability(g, 0, id, 0), CARDRT_OK);
  char error[256] = "";
  EXPECT_EQ(cardrt_game_save(g, nullptr, 0, error, sizeof error), CARDRT_E_STATE);
  EXPECT_NE(std::string(error).find("a delayed effect is a function of card code the card pool does not know"),
            std::string::npos)
      << error;
  cardrt_def_function(t.pool(), CARDRT_FNK_EFFECT, reinterpret_cast<cardrt_any_fn>(&nothing));
  EXPECT_EQ(cardrt_game_save(g, nullptr, 0, error, sizeof error), CARDRT_E_STATE)
      << "the game's pool is the one it was made with";
  cardrt_game_destroy(g);

  Saver saver;
  cardrt_host h{&saver, &save_while_asked, nullptr};
  g = cardrt_game_create(t.profile(), t.pool(), 1, &h);
  saver.game = g;
  for (int i = 0; i < 7; ++i) step(g, c, i);
  ASSERT_EQ(cardrt_game_use_ability(g, 0, 1, 0), CARDRT_OK);  // a Bushi: its target is asked of the host
  EXPECT_EQ(saver.result, CARDRT_E_STATE);
  EXPECT_GT(cardrt_game_save(g, nullptr, 0, nullptr, 0), 0);
  EXPECT_EQ(cardrt_game_save(nullptr, nullptr, 0, nullptr, 0), CARDRT_E_HANDLE);
  cardrt_game_destroy(g);
}

// One game saved from two threads at once (saving only reads it), each thread loading and playing on its own game.
TEST(SavedGames, SavedAndLoadedFromSeveralThreadsAtOnce) {
  TestGame t(make_legends());
  const Cards c = define(t);
  const std::string expected = fresh_log(t, c, 21);
  cardrt_game* g = new_game(t, 21);
  for (int i = 0; i < 25; ++i) step(g, c, i);
  std::vector<std::string> logs(2);
  std::vector<std::thread> threads;
  for (size_t k = 0; k < logs.size(); ++k)
    threads.emplace_back([&, k] {
      for (int round = 0; round < 10; ++round) {
        const int64_t n = cardrt_game_save(g, nullptr, 0, nullptr, 0);
        if (n <= 0) return;
        std::vector<uint8_t> bytes(static_cast<size_t>(n));
        if (cardrt_game_save(g, bytes.data(), n, nullptr, 0) != n) return;
        cardrt_game* loaded = cardrt_game_load(t.profile(), t.pool(), bytes.data(), n, nullptr, nullptr, 0);
        if (!loaded) return;
        for (int i = 25; i < kSteps; ++i) step(loaded, c, i);
        logs[k] = text_log(loaded);
        cardrt_game_destroy(loaded);
        if (logs[k] != expected) return;
      }
    });
  for (auto& th : threads) th.join();
  for (const std::string& log : logs) EXPECT_EQ(log, expected);
  cardrt_game_destroy(g);
}

// The C++ API: Game::save gives the bytes, Game::load a game of them; another pool is an Error carrying the message.
TEST(SavedGames, CppApiSaveAndLoad) {
  FighterGame f;
  cardrt_stat_modify(f.game.get(), nullptr, f.id, f.power, 3, CARDRT_DUR_PERMANENT);
  const std::vector<uint8_t> bytes = f.game.save();
  auto loaded = cardrt::api::Game::load(f.profile, f.pool, bytes);
  EXPECT_EQ(loaded->stat(f.id, f.power), 5);
  cardrt::api::CardPool other(f.profile);
  cardrt_def_card(other.get(), "Other", "Fighter");
  try {
    cardrt::api::Game::load(f.profile, other, bytes);
    ADD_FAILURE() << "loaded into another pool";
  } catch (const cardrt::api::Error& e) {
    EXPECT_NE(std::string(e.what()).find("loading into card library"), std::string::npos) << e.what();
  }
}
