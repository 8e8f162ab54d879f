// Test helpers: four small game profiles built through the C profile API (legends-like, terrus-like,
// heroes-like, gems-like), a game wrapper with a scripted chooser, and card registration shorthands.
// Card code in the tests is written as C functions against the ABI, exactly as generated code calls it.
#pragma once
#include <deque>
#include <string>
#include <vector>

#include "cardrt/cardrt.h"

namespace rt {

// Vocabulary ids of the test profiles (declaration order in test_support.cpp).
namespace legends {
enum Stat { Force, Chi, PersonalHonor, HonorRequirement, GoldCost, FocusValue };
enum Type { Personality, Follower, Item, Action, Holding, Region };
enum Res { Gold, FamilyHonor };
enum Zone { Deck, Hand, Discard, Play, Removed };
enum Kw { Samurai, Tactician, Tactical, Terrain, Unique, Dragon, Lion };
enum Counter { TokenCounter };
}  // namespace legends
namespace terrus {
enum Stat { Atk, Def, Hp };
enum Type { Beast, Ruler };
enum Res { Vitae };
enum Zone { Deck, Hand, Discard, Field, Ravine };
}  // namespace terrus
namespace heroes {
enum Stat { Power, Health };
enum Type { Creature, Spell };
enum Res { Coins, Prayer };
enum Zone { Deck, Hand, Discard, Play };
}  // namespace heroes
namespace gems {
enum Stat { HP, AT, LK, RS };
enum Type { Unit };
enum Zone { Deck, Hand, Discard, Play };
enum Counter { Damage, Poison, Burn };
}  // namespace gems

cardrt_profile* make_legends();
cardrt_profile* make_terrus();
cardrt_profile* make_heroes();
cardrt_profile* make_gems();

struct Script {
  std::deque<std::vector<int32_t>> answers;  // next answers, by option index (or number / 0-1)
  std::vector<cardrt_choice> seen;           // every choice asked (options pointer not kept)
  std::vector<std::vector<int32_t>> seen_options;
};

// One game: owns profile, pool and game; cards are defined before start().
class TestGame {
 public:
  explicit TestGame(cardrt_profile* profile, uint64_t seed = 1);
  ~TestGame();
  TestGame(const TestGame&) = delete;
  TestGame& operator=(const TestGame&) = delete;

  cardrt_cardpool* pool() { return pool_; }
  cardrt_profile* profile() { return profile_; }
  void start();
  cardrt_game* g() { return game_; }
  operator cardrt_game*() { return game_; }

  int32_t def(const char* title, const char* type, std::vector<std::pair<const char*, int32_t>> stats = {},
              std::vector<const char*> keywords = {});
  int32_t ability(int32_t def, int32_t kind, const char* trigger, uint32_t flags, cardrt_effect_fn effect,
                  cardrt_effect_fn target = nullptr, cardrt_effect_fn cost = nullptr,
                  cardrt_effect_fn condition = nullptr, int32_t designators = 0);
  int32_t add(int32_t def, int32_t player, int32_t zone);
  int32_t play(int32_t def, int32_t player);  // add straight into the play zone (role PLAY)
  void answer(std::vector<int32_t> a) { script_.answers.push_back(std::move(a)); }
  Script& script() { return script_; }
  std::string text_log();
  std::string json_log();
  int count_log(int32_t kind);
  int32_t stat(int32_t card, int32_t s) { return cardrt_stat_get(game_, card, s); }

 private:
  cardrt_profile* profile_;
  cardrt_cardpool* pool_;
  cardrt_game* game_ = nullptr;
  uint64_t seed_;
  Script script_;
};

}  // namespace rt
