// Effect execution through each engine on the same workload (issue "Codegen": the JIT must be at least 10x
// faster per effect than the interpreter; docs/performance.md). The workload is card code the runtime calls on
// every settle: 30 Personalities in play, each with a continuous trait ("Your Samurai Personalities have +1F",
// "+1F for each Samurai in play"), so one top-level operation runs 30 continuous functions, 900 filter calls and
// the modifiers they keep. Baselines in the same run: the same game with the traits' cards replaced by vanilla
// ones (the runtime's own cost), and an empty loop.
#include <benchmark/benchmark.h>

#include <memory>

#include "bind/runtime_profile.h"
#include "codegen/jit.h"
#include "driver/compile_pipeline.h"
#include "interp/interpreter.h"

namespace {

using namespace cardc;

struct Setup {
  std::unique_ptr<CompiledSet> set = compile_set(std::string(CARDC_SOURCE_DIR) + "/tests/bench/sets/banners.cards", {});
  RuntimeProfile profile;
  Setup() {
    std::string error;
    if (set->checked) profile = make_runtime_profile(*set->profile, error);
  }
};
Setup& setup() {
  static Setup s;
  return s;
}

enum class Engine { Interp, JitO0, JitO2, Vanilla };

void run(benchmark::State& state, Engine engine) {
  Setup& s = setup();
  if (!s.profile || s.set->bound.cards_compiled != 2) {
    state.SkipWithError("the bench set did not compile");
    return;
  }
  cardrt_cardpool* pool = cardrt_cardpool_create(s.profile.get());
  std::unique_ptr<Interpreter> interp;
  std::unique_ptr<Jit> jit;
  if (engine == Engine::Interp) {
    interp = std::make_unique<Interpreter>(s.set->bound.module);
    interp->register_cards(pool);
  } else if (engine == Engine::JitO0 || engine == Engine::JitO2) {
    auto j = Jit::create({engine == Engine::JitO0 ? codegen::OptLevel::O0 : codegen::OptLevel::O2});
    if (!j) {
      state.SkipWithError(j.error().c_str());
      return;
    }
    jit = std::move(*j);
    auto id = jit->add(s.set->bound.module);
    if (!id || !jit->register_cards(*id, pool)) {
      state.SkipWithError("the JIT failed");
      return;
    }
  } else {
    // The runtime's own cost: the same cards without their traits.
    cardrt_def_card(pool, "Banner Bearer", "Personality");
    cardrt_def_card(pool, "Drill Sergeant", "Personality");
  }
  cardrt_game* g = cardrt_game_create(s.profile.get(), pool, 1, nullptr);
  int32_t hand = runtime_zone_role_zone(*s.set->profile, CARDRT_ZROLE_HAND);
  int32_t samurai = cardrt_keyword_id(g, "Samurai");
  for (int i = 0; i < 30; ++i) {
    int32_t id = cardrt_game_add_card(g, i % 2, 0, hand);
    cardrt_game_put_into_play(g, id, 0);
    (void)samurai;
  }
  for (auto _ : state) {
    // One top-level operation: the game settles, running every continuous trait.
    cardrt_game_signal(g, CARDRT_BOUNDARY_PHASE_END);
  }
  state.counters["force_of_card_1"] = cardrt_stat_get(g, 1, 0);
  cardrt_game_destroy(g);
  cardrt_cardpool_destroy(pool);
}

void BM_SettleVanillaRuntime(benchmark::State& s) { run(s, Engine::Vanilla); }
void BM_SettleInterpreter(benchmark::State& s) { run(s, Engine::Interp); }
void BM_SettleJitO0(benchmark::State& s) { run(s, Engine::JitO0); }
void BM_SettleJitO2(benchmark::State& s) { run(s, Engine::JitO2); }

}  // namespace

BENCHMARK(BM_SettleVanillaRuntime)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SettleInterpreter)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SettleJitO0)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SettleJitO2)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
