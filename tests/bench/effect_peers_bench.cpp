// The effect workload on every peer in one Google Benchmark run (issue 7: "ratios measured side by side in one
// run"; docs/performance.md, "Effects: peers"). One iteration is one whole scripted game (effect_workload.h):
// setup, 20 turns of abilities, triggers, stat queries and end-of-turn expiries. The per_effect counter divides the
// game's time by the effects it resolved (abilities used + triggered abilities), which is the same for every peer.
// A peer this build lacks (no Lua found at configure time) reports an error instead of a time.
#include <benchmark/benchmark.h>

#include <map>

#include "effect_peers.h"
#include "effect_workload.h"

namespace {

using namespace bench;

// Each peer's cards are made once per process (a JIT compile, a library load, a Lua state), not per run.
PeerCards* cards_of(Peer peer, std::string& error) {
  static std::map<Peer, std::unique_ptr<PeerCards>> made;
  static std::map<Peer, std::string> errors;
  auto it = made.find(peer);
  if (it == made.end()) {
    it = made.emplace(peer, PeerCards::create(peer, errors[peer])).first;
  }
  error = errors[peer];
  return it->second.get();
}

// `deck_cards` in each player's deck (BM_SkirmishWithDecks; 0 for the peers' table).
void BM_Skirmish(benchmark::State& state, Peer peer, int32_t deck_cards) {
  std::string error;
  PeerCards* cards = cards_of(peer, error);
  if (!cards) {
    state.SkipWithError(error.c_str());
    return;
  }
  WorkloadOptions options;
  options.deck_cards = deck_cards;
  const WorkloadResult once = play_skirmish(cards->profile(), cards->pool(), options, true);
  if (once.failed_uses != 0 || !cards->card_error().empty()) {
    state.SkipWithError(("the workload failed: " + cards->card_error()).c_str());
    return;
  }
  for (auto _ : state) {
    WorkloadResult r = play_skirmish(cards->profile(), cards->pool(), options, false);
    benchmark::DoNotOptimize(r.queries);
  }
  state.counters["effects"] = once.effects;
  state.counters["per_effect"] =
      benchmark::Counter(once.effects, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.SetLabel(cards->detail());
}

}  // namespace

int main(int argc, char** argv) {
  for (Peer peer : kPeers)
    benchmark::RegisterBenchmark((std::string("BM_Skirmish/") + peer_name(peer)).c_str(), BM_Skirmish, peer, 0)
        ->Unit(benchmark::kMicrosecond);
  // The same game with 40 cards in each deck, as a real game has: what a top-level operation costs must not grow
  // with cards that take no part (docs/performance.md "Runtime"). Not a peer comparison: the JIT only.
  benchmark::RegisterBenchmark("BM_SkirmishWithDecks/JIT -O2", BM_Skirmish, Peer::JitO2, 40)
      ->Unit(benchmark::kMicrosecond);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
