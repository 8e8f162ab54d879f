// Runtime microbenchmarks (docs/performance.md, Runtime): current-value stat evaluation with 0, 4 and 32
// modifiers, a damage + trigger round trip, making a game from a pool of N cards and finding a card by title, against a plain array read measured in the same run.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace rt;

namespace {

void BM_Baseline_ArrayRead(benchmark::State& state) {
  std::vector<int32_t> values(64, 3);
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(values.data());
    int32_t v = values[i & 63];
    benchmark::DoNotOptimize(v);
    ++i;
  }
}
BENCHMARK(BM_Baseline_ArrayRead);

// the floor for any ABI read: an out-of-line call that reads one array element
__attribute__((noinline)) int32_t read_at(const int32_t* values, size_t i) { return values[i & 63]; }
void BM_Baseline_CallRead(benchmark::State& state) {
  std::vector<int32_t> values(64, 3);
  int32_t (*volatile fn)(const int32_t*, size_t) = &read_at;
  size_t i = 0;
  for (auto _ : state) {
    int32_t v = fn(values.data(), i++);
    benchmark::DoNotOptimize(v);
  }
}
BENCHMARK(BM_Baseline_CallRead);

void BM_StatGet(benchmark::State& state) {
  TestGame t(make_legends());
  const int32_t d = t.def("Bushi", "Personality", {{"Force", 2}, {"Chi", 2}});
  t.start();
  const int32_t c = t.play(d, 0);
  for (int64_t i = 0; i < state.range(0); ++i)
    cardrt_stat_modify(t, nullptr, c, legends::Force, (i % 2) ? 1 : -1, CARDRT_DUR_END_OF_TURN);
  cardrt_game* g = t;
  for (auto _ : state) {
    int32_t v = cardrt_stat_get(g, c, legends::Force);
    benchmark::DoNotOptimize(v);
  }
}
BENCHMARK(BM_StatGet)->Arg(0)->Arg(4)->Arg(32);

void BM_StatGet_Rule523(benchmark::State& state) {
  TestGame t(make_heroes());
  const int32_t d = t.def("Golem", "Creature", {{"Power", 2}, {"Health", 2}});
  t.start();
  const int32_t c = t.play(d, 0);
  for (int64_t i = 0; i < state.range(0); ++i)
    cardrt_stat_modify_op(t, nullptr, c, heroes::Power, int32_t(i % 4), 2, CARDRT_DUR_END_OF_TURN);
  cardrt_game* g = t;
  for (auto _ : state) {
    int32_t v = cardrt_stat_get(g, c, heroes::Power);
    benchmark::DoNotOptimize(v);
  }
}
BENCHMARK(BM_StatGet_Rule523)->Arg(0)->Arg(4)->Arg(32);

int32_t heal_one(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_heal(g, ctx, cardrt_ctx_event(g, ctx, CARDRT_EVF_CARD), 1) >= 0 ? CARDRT_OK : CARDRT_FAILED;
}

// deal 1 damage (no rolls) -> the "damaged" triggered trait of the unit heals it -> the game settles; with N cards
// in the decks (the cost of a top-level operation must not grow with them)
void BM_DamageTriggerRoundTrip(benchmark::State& state) {
  TestGame t(make_gems());
  const int32_t d = t.def("Troll", "Unit", {{"Health", 5}, {"Attack", 1}, {"Luck", 0}, {"Resist", 0}});
  t.ability(d, CARDRT_AB_TRIGGERED, "damaged", 0, &heal_one);
  t.start();
  const int32_t u = t.play(d, 0);
  for (int64_t i = 0; i < state.range(0); ++i) t.add(d, int32_t(i % 2), gems::Deck);
  cardrt_game* g = t;
  for (auto _ : state) {
    int32_t r = cardrt_deal_damage(g, nullptr, u, 1, CARDRT_DMG_IGNORE_RESIST);
    benchmark::DoNotOptimize(r);
  }
  if (cardrt_card_counters(g, u, gems::Damage) != 0) state.SkipWithError("trigger did not heal");
}
BENCHMARK(BM_DamageTriggerRoundTrip)->Arg(0)->Arg(150);

int32_t do_nothing(cardrt_game*, cardrt_effect_ctx*) { return CARDRT_OK; }

// An event in a game of 10 cards in play and N in the decks, while one card in play holds a granted triggered
// trait that answers it (a real game's decks; "gains ..." on some card): the event is dispatched, the trait
// resolves, the game settles.
void BM_EventWithAGrantedTrait(benchmark::State& state) {
  TestGame t(make_legends());
  const int32_t d = t.def("Samurai", "Personality", {{"Force", 2}, {"Chi", 2}});
  const int32_t trait = t.ability(d, CARDRT_AB_TRIGGERED, "battle_begins", CARDRT_ABF_GRANTED, &do_nothing);
  t.start();
  int32_t holder = -1;
  for (int i = 0; i < 10; ++i) holder = t.play(d, i % 2);
  for (int64_t i = 0; i < state.range(0); ++i) t.add(d, int32_t(i % 2), legends::Deck);
  cardrt_game* g = t;
  if (cardrt_grant_ability(g, nullptr, holder, d, trait, CARDRT_DUR_PERMANENT) < 0) state.SkipWithError("no grant");
  const int32_t battle_begins = cardrt_event_id(g, "battle_begins");
  for (auto _ : state) {
    int32_t r = cardrt_game_emit(g, battle_begins, 0, 0, 0);
    benchmark::DoNotOptimize(r);
  }
  if (t.count_log(CARDRT_LOG_TRIGGERED) == 0) state.SkipWithError("the granted trait did not trigger");
}
BENCHMARK(BM_EventWithAGrantedTrait)->Arg(0)->Arg(150)->Arg(1000);

// Making a game (and destroying it) from a pool of N card definitions, as an AI's playouts do thousands of times:
// games share the frozen copy of an unchanged profile and pool (runtime/src/handles.hpp) instead of copying them.
void BM_GameCreate(benchmark::State& state) {
  cardrt_profile* profile = rt::make_legends();
  cardrt_cardpool* pool = cardrt_cardpool_create(profile);
  for (int64_t i = 0; i < state.range(0); ++i) {
    const int32_t d = cardrt_def_card(pool, ("Samurai " + std::to_string(i)).c_str(), "Personality");
    cardrt_def_stat(pool, d, "Force", CARDRT_BASE_VALUE, int32_t(i % 5));
    cardrt_def_keyword(pool, d, "Samurai");
    const int32_t a = cardrt_def_ability(pool, d, CARDRT_AB_ACTION, 0, "", 0);
    cardrt_def_ability_fn(pool, d, a, CARDRT_FN_EFFECT, nullptr);
  }
  for (auto _ : state) {
    cardrt_game* g = cardrt_game_create(profile, pool, 1, nullptr);
    benchmark::DoNotOptimize(g);
    cardrt_game_destroy(g);
  }
  cardrt_cardpool_destroy(pool);
  cardrt_profile_destroy(profile);
}
BENCHMARK(BM_GameCreate)->Arg(5)->Arg(1000)->Arg(10000);

// Finding a card of a pool of N definitions by its title, as an engine building decks by name does.
void BM_PoolFind(benchmark::State& state) {
  cardrt_profile* profile = rt::make_legends();
  cardrt_cardpool* pool = cardrt_cardpool_create(profile);
  for (int64_t i = 0; i < state.range(0); ++i)
    cardrt_def_card(pool, ("Synthetic Personality " + std::to_string(i)).c_str(), "Personality");
  const std::string last = "Synthetic Personality " + std::to_string(state.range(0) - 1);
  for (auto _ : state) benchmark::DoNotOptimize(cardrt_cardpool_find(pool, last.c_str()));
  cardrt_cardpool_destroy(pool);
  cardrt_profile_destroy(profile);
}
BENCHMARK(BM_PoolFind)->Arg(5)->Arg(1000)->Arg(10000);

}  // namespace

BENCHMARK_MAIN();
