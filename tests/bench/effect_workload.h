#pragma once
// The effect workload (issue 7, deliverable 1): a scripted game of the skirmish set (sets/skirmish.cards) that plays
// and resolves a fixed sequence of abilities, triggers and stat queries, through the cardrt ABI only, so that every
// peer of the effect benchmark (effect_peers.h) runs exactly the same game with its own card code.
#include <array>
#include <cstdint>

#include "cardrt/cardrt.h"

namespace bench {

struct WorkloadOptions {
  int32_t turns = 20;   // turns played, alternating players
  uint64_t seed = 7;    // the game's seed (nothing in the set is random; the default chooser takes the first option)
  int32_t deck_cards = 0;  // cards of the lineup put into each player's Deck first, as a real game has (never drawn)
};

// What one game did: a digest of its event log, and what a peer comparison or a per-effect figure needs.
struct WorkloadResult {
  uint64_t log_hash = 0;     // FNV-1a over every field of every log event
  int32_t log_events = 0;
  int32_t effects = 0;       // abilities used and triggered abilities resolved (log kinds ability_used, triggered)
  int64_t queries = 0;       // a sum over the engine's stat queries, so that none is optimized away
  int32_t failed_uses = 0;   // ability uses the runtime refused
};

// The game after its setup: the decks made and each side's five creatures put into play (their ids by kLineup).
struct Skirmish {
  cardrt_game* game = nullptr;  // null: the game could not be made
  std::array<std::array<int32_t, 5>, 2> cards{};
  int32_t attack = -1, life = -1, wound = -1;
};
Skirmish setup_skirmish(const cardrt_profile* profile, const cardrt_cardpool* pool, const WorkloadOptions& options);
// One turn of the script (turn 0 is the first player's first turn), adding to r's queries and failed_uses.
void play_skirmish_turn(const Skirmish& s, int32_t turn, WorkloadResult& r);

// Plays one game with the cards of `pool` (titles of sets/skirmish.cards) and destroys it. With `digest` false the
// log is not read back (the timed loop); the counts then stay zero except queries and failed_uses.
WorkloadResult play_skirmish(const cardrt_profile* profile, const cardrt_cardpool* pool, const WorkloadOptions& options,
                             bool digest);

}  // namespace bench
