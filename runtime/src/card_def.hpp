// Card definitions registered by a card library: printed features and the code of each ability.
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "cardrt/cardrt.h"

namespace cardrt {

struct BaseStat {
  int32_t kind = CARDRT_BASE_ABSENT;  // 003 Absent stats, Asterisks; 000 7.4 X
  int32_t value = 0;
};

struct ModeDef {  // one option of an ability constructor (002 rule 524)
  cardrt_effect_fn target = nullptr;
  cardrt_effect_fn effect = nullptr;
};

struct AbilityDef {
  int32_t kind = CARDRT_AB_ACTION;
  int32_t designators = 0;
  int32_t trigger = CARDRT_EV_NONE;
  uint32_t flags = 0;
  std::array<cardrt_effect_fn, CARDRT_FN_COUNT> fn{};
  std::vector<ModeDef> modes;
};

// A set of events, one bit per event id (ids past 63 share bits with lower ones: a shared bit costs only a scan).
struct EventSet {
  uint64_t bits = 0;
  void add(int32_t ev) { bits |= uint64_t{1} << (uint32_t(ev) & 63u); }
  bool may_contain(int32_t ev) const { return (bits >> (uint32_t(ev) & 63u)) & 1u; }
};

struct CardDef {
  std::string title;  // empty: no title (003 Card title: created cards and tokens)
  int32_t type = 0;
  std::vector<BaseStat> stats;  // by stat id
  std::vector<int32_t> keywords;
  std::vector<AbilityDef> abilities;
  std::vector<int32_t> continuous;  // the printed continuous traits among them, by index (what settling runs)
  EventSet triggers;                // the events its printed triggered traits and Reactions trigger on
  // Some printed triggered trait or Reaction of it works out of play (CARDRT_ABF_OUT_OF_PLAY): its cards are asked
  // about events wherever they are, the others only while in play (State::with_triggers).
  bool triggers_out_of_play = false;
  cardrt_base_fn base_fn = nullptr;
  cardrt_filter_fn attach_filter = nullptr;
  // "Enters play for 1 less Gold if ...", "Your Spells enter play for 1 less Gold": (fn, scope) where fn answers how
  // much less a card costs; scope CARDRT_COST_SELF (this card, wherever it is) or CARDRT_COST_OTHERS (any card,
  // while this one is in play)
  std::vector<std::pair<cardrt_filter_fn, int32_t>> cost_reductions;
  // "Your provinces have +1 strength [while ...]": fn (game, ctx, province) -> how much stronger the province is while
  // this card is in play (asked whenever a province's strength is read; ctx: the card and its controller)
  std::vector<cardrt_filter_fn> province_bonuses;
  uint32_t enter_play_states = 0;  // card states (bits) it enters play in: "This Fortification enters play bowed"
  // "Nikaru uses his printed Force as his duel stat": the stat a duel counts for this card (-1: the profile's), and
  // whether as printed (its base, without bonuses and penalties)
  int32_t duel_stat = -1;
  bool duel_stat_printed = false;
};

// A function of card code the pool knows (saved_game.cpp): every function its definitions name, and those a library
// declares with cardrt_def_function (the bodies and filters card code hands the runtime while it runs). A saved game
// names a function by its position here, never by its address.
struct KnownFunction {
  cardrt_any_fn fn = nullptr;
  int32_t kind = 0;  // CARDRT_FNK_*
};

// A value computed once from a frozen profile or pool (saved_game.cpp: their identities), which a copy of it does not
// keep: the copy may be changed. 0: not computed yet. Threads that compute it at once store the same value.
struct CachedHash {
  mutable std::atomic<uint64_t> value{0};
  CachedHash() = default;
  CachedHash(const CachedHash&) {}
  CachedHash& operator=(const CachedHash&) {
    value.store(0, std::memory_order_relaxed);
    return *this;
  }
};

struct CardPool {
  std::vector<CardDef> defs;
  std::vector<KnownFunction> functions;
  std::unordered_map<uintptr_t, int32_t> function_index;  // by address: its position in `functions`
  // The card libraries that registered into the pool ("game/profile hash/source hash", " + " between two): "" for a
  // pool defined through the API
  std::string library;
  CachedHash fingerprint;  // of the frozen copy (saved_game.cpp)
  // Adds fn to the known functions (once: a second kind for the same function makes it known as both).
  void know(cardrt_any_fn fn, int32_t kind) {
    if (!fn) return;
    const auto [at, added] = function_index.emplace(reinterpret_cast<uintptr_t>(fn), int32_t(functions.size()));
    if (added) functions.push_back(KnownFunction{fn, kind});
    else if (functions[size_t(at->second)].kind != kind) functions[size_t(at->second)].kind = 0;
  }
  bool has_responses = false;  // some ability answers CARDRT_EV_WOULD_RESOLVE_ACTION: actions open a response window
  // The events some ability of the pool (printed or granted) triggers on or replaces: most events of a game have
  // none, and then nothing asks every card for its abilities.
  EventSet triggers;      // triggered traits and Reactions
  EventSet replacements;  // replacement effects and Interrupts
};

}  // namespace cardrt
