// One scripted game of the skirmish set: each side puts its five creatures into play, then every turn
//   - the turn begins: each Bell Ringer's "After your turn begins" trigger is checked, the active player's resolves;
//   - the active player uses the three action abilities: Drill Captain (+2 ATK until the end of the turn on a
//     creature he controls), Ember Slinger (1 wound; on the first creature, a Hedge Mender, whose "After this
//     creature is dealt wounds: Gain 1 coin" then triggers), Hedge Mender (removes the wound);
//   - the engine queries every creature's ATK and Life and its wounds, as a game UI or an AI evaluation would;
//   - the turn ends, which expires the ATK bonus.
// After every top-level operation the runtime settles: both Banner Sergeants' continuous traits run again.
// The default chooser takes the first legal option, so the game is the same for every peer and every run.
#include "effect_workload.h"

#include <array>

namespace bench {
namespace {

constexpr std::array<const char*, 5> kLineup = {"Hedge Mender", "Drill Captain", "Ember Slinger", "Bell Ringer",
                                                "Banner Sergeant"};
static_assert(sizeof(Skirmish::cards[0]) / sizeof(int32_t) == kLineup.size());
constexpr int kMender = 0, kCaptain = 1, kSlinger = 2;
// The action abilities used each turn, in order (each card's ability 0).
constexpr std::array<int, 3> kActions = {kCaptain, kSlinger, kMender};

uint64_t fnv1a(uint64_t h, int64_t v) {
  for (int i = 0; i < 8; ++i) {
    h ^= static_cast<uint64_t>(v >> (8 * i)) & 0xffu;
    h *= 0x100000001b3ull;
  }
  return h;
}

}  // namespace

Skirmish setup_skirmish(const cardrt_profile* profile, const cardrt_cardpool* pool, const WorkloadOptions& options) {
  Skirmish s;
  cardrt_game* g = cardrt_game_create(profile, pool, options.seed, nullptr);
  if (!g) return s;
  s.game = g;
  s.attack = cardrt_stat_id(g, "Attack");
  s.life = cardrt_stat_id(g, "Life");
  s.wound = cardrt_counter_id(g, "Wound");
  const int32_t hand = cardrt_zone_id(g, "Hand");
  const int32_t deck = cardrt_zone_id(g, "Deck");
  for (int32_t player = 0; player < 2; ++player)
    for (int32_t i = 0; i < options.deck_cards; ++i)
      cardrt_game_add_card(g, cardrt_cardpool_find(pool, kLineup[size_t(i) % kLineup.size()]), player, deck);
  for (int32_t player = 0; player < 2; ++player)
    for (size_t i = 0; i < kLineup.size(); ++i) {
      const int32_t id = cardrt_game_add_card(g, cardrt_cardpool_find(pool, kLineup[i]), player, hand);
      cardrt_game_put_into_play(g, id, player);
      s.cards[static_cast<size_t>(player)][i] = id;
    }
  return s;
}

void play_skirmish_turn(const Skirmish& s, int32_t turn, WorkloadResult& r) {
  cardrt_game* g = s.game;
  const int32_t player = turn % 2;
  cardrt_game_begin_turn(g, player);
  for (int a : kActions)
    if (cardrt_game_use_ability(g, player, s.cards[static_cast<size_t>(player)][static_cast<size_t>(a)], 0) !=
        CARDRT_OK)
      ++r.failed_uses;
  for (const auto& side : s.cards)
    for (int32_t id : side)
      r.queries += cardrt_stat_get(g, id, s.attack) + 16 * cardrt_stat_get(g, id, s.life) +
                   256 * cardrt_card_counters(g, id, s.wound);
  cardrt_game_end_turn(g);
}

WorkloadResult play_skirmish(const cardrt_profile* profile, const cardrt_cardpool* pool, const WorkloadOptions& options,
                             bool digest) {
  WorkloadResult r;
  const Skirmish s = setup_skirmish(profile, pool, options);
  cardrt_game* g = s.game;
  if (!g) {
    r.failed_uses = -1;
    return r;
  }
  for (int32_t turn = 0; turn < options.turns; ++turn) play_skirmish_turn(s, turn, r);

  if (digest) {
    uint64_t h = 0xcbf29ce484222325ull;
    const int32_t n = cardrt_log_count(g);
    for (int32_t i = 0; i < n; ++i) {
      cardrt_log_event e{};
      cardrt_log_get(g, i, &e);
      for (int64_t v : {int64_t{e.seq}, int64_t{e.kind}, int64_t{e.player}, int64_t{e.card}, int64_t{e.other},
                        int64_t{e.what}, int64_t{e.amount}, int64_t{e.value}})
        h = fnv1a(h, v);
      if (e.kind == CARDRT_LOG_ABILITY_USED || e.kind == CARDRT_LOG_TRIGGERED) ++r.effects;
    }
    r.log_hash = fnv1a(h, r.queries);
    r.log_events = n;
  }
  cardrt_game_destroy(g);
  return r;
}

}  // namespace bench
