// Snapshots (cardrt_game_clone; docs/performance.md "Snapshots"): an AI that searches copies the game thousands of
// times a decision. The board is the skirmish of effect_workload.h with decks, 126 cards as in Forge's copier figure
// (5 creatures in play and 58 cards in the deck of each side), the cards those of the library `cardc compile -O2`
// writes. A copy is measured against the only way there was to get the same game before: making it again from its
// setup (and replaying the turns played). Every allocation is counted (operator new below), per copy.
//
// Before timing, the copies are checked: a copy taken after each turn, and its original, each play the remaining
// turns and must leave the event log of a game that played them all (a bench of a wrong copy measures nothing).
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "effect_peers.h"
#include "effect_workload.h"

namespace {
std::atomic<uint64_t> g_allocations{0};
// Out of line: inlined into a delete, GCC would see free() given what operator new returned and warn of a mismatch
// (here operator new is malloc).
[[gnu::noinline]] void release(void* p) noexcept { std::free(p); }
}  // namespace

// Counts every allocation of the process (the runtime's included: libcardrt.so resolves operator new here).
void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return ::operator new(n); }
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }

namespace {

using namespace bench;

constexpr int32_t kDeckCards = 58;  // 2 x (58 + 5) = 126 cards

struct Board {
  std::unique_ptr<PeerCards> cards;
  std::string error;
  WorkloadOptions options;
};

Board& board() {
  static Board b = [] {
    Board made;
    made.cards = PeerCards::create(Peer::Library, made.error);
    made.options.deck_cards = kDeckCards;
    return made;
  }();
  return b;
}

uint64_t digest(const cardrt_game* g) {
  uint64_t h = 0xcbf29ce484222325ull;
  const int32_t n = cardrt_log_count(g);
  for (int32_t i = 0; i < n; ++i) {
    cardrt_log_event e{};
    cardrt_log_get(g, i, &e);
    const auto* bytes = reinterpret_cast<const unsigned char*>(&e);
    for (size_t k = 0; k < sizeof e; ++k) h = (h ^ bytes[k]) * 0x100000001b3ull;
  }
  return h;
}

// "" when a copy taken after any turn, and its original, each play on like a game that played every turn.
std::string check_copies(const Board& b) {
  const Skirmish fresh = setup_skirmish(b.cards->profile(), b.cards->pool(), b.options);
  if (!fresh.game) return "the game could not be made";
  WorkloadResult r;
  for (int32_t t = 0; t < b.options.turns; ++t) play_skirmish_turn(fresh, t, r);
  const uint64_t expected = digest(fresh.game);
  cardrt_game_destroy(fresh.game);
  if (r.failed_uses) return "the workload failed";
  for (int32_t at = 0; at <= b.options.turns; at += 3) {
    Skirmish original = setup_skirmish(b.cards->profile(), b.cards->pool(), b.options);
    for (int32_t t = 0; t < at; ++t) play_skirmish_turn(original, t, r);
    Skirmish copy = original;
    copy.game = cardrt_game_clone(original.game, nullptr);
    if (!copy.game) return "cardrt_game_clone failed";
    for (int32_t t = at; t < b.options.turns; ++t) play_skirmish_turn(original, t, r);
    for (int32_t t = at; t < b.options.turns; ++t) play_skirmish_turn(copy, t, r);
    const bool same = digest(original.game) == expected && digest(copy.game) == expected;
    cardrt_game_destroy(copy.game);
    cardrt_game_destroy(original.game);
    if (!same) return "a copy taken after turn " + std::to_string(at) + " played on differently";
  }
  return "";
}

bool ready(benchmark::State& state) {
  Board& b = board();
  if (!b.cards) {
    state.SkipWithError(b.error.c_str());
    return false;
  }
  static const std::string wrong = check_copies(b);
  if (!wrong.empty()) {
    state.SkipWithError(wrong.c_str());
    return false;
  }
  return true;
}

void count_allocations(benchmark::State& state, uint64_t before) {
  state.counters["allocs"] = benchmark::Counter(double(g_allocations.load() - before) / double(state.iterations()));
  state.counters["cards"] = 2 * (kDeckCards + 5);
}

// The board after its setup and `turns` turns (modifiers, wounds, triggers and their bookkeeping in it), made again:
// the game created, its 126 cards added, ten put into play, the turns replayed.
void BM_Rebuild(benchmark::State& state) {
  if (!ready(state)) return;
  const Board& b = board();
  const auto turns = int32_t(state.range(0));
  const uint64_t before = g_allocations.load();
  for (auto _ : state) {
    Skirmish s = setup_skirmish(b.cards->profile(), b.cards->pool(), b.options);
    WorkloadResult r;
    for (int32_t t = 0; t < turns; ++t) play_skirmish_turn(s, t, r);
    benchmark::DoNotOptimize(s.game);
    cardrt_game_destroy(s.game);
  }
  count_allocations(state, before);
}

// The same board copied (and the copy destroyed, as a search throws it away).
void BM_Clone(benchmark::State& state) {
  if (!ready(state)) return;
  const Board& b = board();
  Skirmish s = setup_skirmish(b.cards->profile(), b.cards->pool(), b.options);
  WorkloadResult r;
  for (int32_t t = 0; t < int32_t(state.range(0)); ++t) play_skirmish_turn(s, t, r);
  const uint64_t before = g_allocations.load();
  for (auto _ : state) {
    cardrt_game* copy = cardrt_game_clone(s.game, nullptr);
    benchmark::DoNotOptimize(copy);
    cardrt_game_destroy(copy);
  }
  count_allocations(state, before);
  state.counters["log_events"] = cardrt_log_count(s.game);
  cardrt_game_destroy(s.game);
}

// The same board saved to bytes (cardrt_game_save, docs/runtime.md "Saved games"), and those bytes loaded into a new
// game (destroyed, as the copy): to set beside the copy.
Skirmish saved_board(benchmark::State& state, std::vector<uint8_t>& bytes) {
  const Board& b = board();
  Skirmish s = setup_skirmish(b.cards->profile(), b.cards->pool(), b.options);
  WorkloadResult r;
  for (int32_t t = 0; t < int32_t(state.range(0)); ++t) play_skirmish_turn(s, t, r);
  char error[256] = "";
  const int64_t n = cardrt_game_save(s.game, nullptr, 0, error, sizeof error);
  if (n <= 0) {
    state.SkipWithError(error);
    return s;
  }
  bytes.resize(size_t(n));
  cardrt_game_save(s.game, bytes.data(), n, nullptr, 0);
  state.counters["bytes"] = double(n);
  return s;
}
void BM_Save(benchmark::State& state) {
  if (!ready(state)) return;
  std::vector<uint8_t> bytes;
  Skirmish s = saved_board(state, bytes);
  if (!bytes.empty()) {
    const uint64_t before = g_allocations.load();
    for (auto _ : state) {
      benchmark::DoNotOptimize(cardrt_game_save(s.game, bytes.data(), int64_t(bytes.size()), nullptr, 0));
    }
    count_allocations(state, before);
  }
  cardrt_game_destroy(s.game);
}
void BM_Load(benchmark::State& state) {
  if (!ready(state)) return;
  std::vector<uint8_t> bytes;
  Skirmish s = saved_board(state, bytes);
  if (!bytes.empty()) {
    const Board& b = board();
    const uint64_t before = g_allocations.load();
    for (auto _ : state) {
      cardrt_game* g = cardrt_game_load(b.cards->profile(), b.cards->pool(), bytes.data(), int64_t(bytes.size()),
                                        nullptr, nullptr, 0);
      if (!g) {
        state.SkipWithError("cardrt_game_load refused the saved board");
        break;
      }
      cardrt_game_destroy(g);
    }
    count_allocations(state, before);
  }
  cardrt_game_destroy(s.game);
}

}  // namespace

BENCHMARK(BM_Save)->Arg(0)->Arg(6)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Load)->Arg(0)->Arg(6)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Rebuild)->Arg(0)->Arg(6)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Clone)->Arg(0)->Arg(6)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
