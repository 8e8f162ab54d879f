// effect_peers_agree (ctest): every peer of the effect benchmark plays the workload a few times and must leave the
// same event log as the hand-written C++ cards: same length, same hash of every field of every event, and the same
// stat queries; a run that differs from another run of the same peer fails too. Exit status 1 on any difference.
// Peers this build lacks (no Lua at configure time) are reported and skipped.
//   effect_peers_agree [--lua-dir DIR]   (DIR: other Lua card scripts; the wrong-card test points it at a mutant)
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>

#include "effect_peers.h"
#include "effect_workload.h"

using namespace bench;

int main(int argc, char** argv) {
  std::string lua_dir;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--lua-dir") == 0 && i + 1 < argc) {
      lua_dir = argv[++i];
    } else {
      std::fprintf(stderr, "usage: effect_peers_agree [--lua-dir DIR]\n");
      return 2;
    }
  }
  constexpr int kRuns = 3;
  const WorkloadOptions options;
  bool have_reference = false, ok = true;
  WorkloadResult reference;
  for (Peer peer : kPeers) {
    if (!peer_built(peer)) {
      std::printf("%-24s skipped: not built (its Lua was not found at configure time)\n", peer_name(peer));
      continue;
    }
    std::string error;
    auto cards = PeerCards::create(peer, error, lua_dir);
    if (!cards) {
      std::printf("%-24s FAILED: %s\n", peer_name(peer), error.c_str());
      ok = false;
      continue;
    }
    for (int run = 0; run < kRuns; ++run) {
      const WorkloadResult r = play_skirmish(cards->profile(), cards->pool(), options, true);
      std::string problem;
      if (!cards->card_error().empty()) problem = "card code error: " + cards->card_error();
      else if (r.failed_uses != 0) problem = std::to_string(r.failed_uses) + " ability uses were refused";
      else if (r.effects == 0) problem = "no effect resolved";
      else if (!have_reference) {
        reference = r;
        have_reference = true;
      } else if (r.log_hash != reference.log_hash || r.log_events != reference.log_events ||
                 r.queries != reference.queries || r.effects != reference.effects) {
        problem = "differs from " + std::string(peer_name(kPeers[0]));
      }
      std::printf("%-24s run %d: %d events, %d effects, log hash %016" PRIx64 ", queries %" PRId64 "%s%s\n",
                  peer_name(peer), run, r.log_events, r.effects, r.log_hash, r.queries, problem.empty() ? "" : ": ",
                  problem.c_str());
      if (!problem.empty()) ok = false;
    }
  }
  if (!have_reference) {
    std::printf("no peer ran\n");
    return 1;
  }
  std::printf(ok ? "all peers agree\n" : "the peers DISAGREE\n");
  return ok ? 0 : 1;
}
