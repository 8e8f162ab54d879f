// Saved games (cardrt_game_save / cardrt_game_load; docs/runtime.md "Saved games"): the game's whole state as bytes,
// which a later run of the engine, with the same profile and card pool, turns back into a game that evolves exactly
// as the saved one would have.
//
// The state is a plain value (game.hpp) but for pointers: the functions of card code it holds (a delayed effect's body,
// a filter, a fluctuating amount) and the kept contexts' game and ability. A function is saved as its position among
// the functions the pool knows (CardPool::functions), never as an address, so a crafted file can name only a function
// of the pool's, of the kind the place expects; the contexts are made again. One description of the fields
// (`transfer`) serves writing and reading, so the two cannot disagree; every number read is checked to be in range
// before the game is made (`check`), and the bytes carry a checksum, so truncated, altered or foreign bytes are
// refused with a message, never turned into a game that could misbehave.
#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "handles.hpp"
#include "stamped_bytes.hpp"

namespace cardrt {

namespace {

constexpr char kMagic[8] = {'C', 'A', 'R', 'D', 'S', 'A', 'V', 'E'};
constexpr uint32_t kFormat = 1;

template <class A, class T>
  requires std::is_arithmetic_v<T>
void field(A& a, T& v) {
  if constexpr (std::is_same_v<T, bool>) a.flag(v);
  else a.num(v);
}

template <class A, class T>
void field(A& a, std::vector<T>& v);
template <class A, class T, size_t N>
void field(A& a, InlineList<T, N>& v);

template <class A>
void field(A& a, Duration& d) {
  field(a, d.kind);
  field(a, d.player);
  field(a, d.turn);
}
template <class A>
void field(A& a, BaseStat& b) {
  field(a, b.kind);
  field(a, b.value);
}
template <class A>
void field(A& a, StatModifier& m) {
  field(a, m.id), field(a, m.stat), field(a, m.op), field(a, m.amount), field(a, m.nominal);
  field(a, m.restricted), field(a, m.restrict_floor);
  a.fn(m.fluct, CARDRT_FNK_AMOUNT, "a fluctuating bonus's amount");
  field(a, m.sign), field(a, m.frozen), field(a, m.source), field(a, m.controller), field(a, m.ability);
  field(a, m.dur), field(a, m.seq), field(a, m.from_token), field(a, m.from_continuous), field(a, m.seen_epoch);
}
template <class A>
void field(A& a, Grant& g) {
  int32_t kind = int32_t(g.kind);
  field(a, kind);
  if constexpr (A::reading) {
    if (kind < int32_t(GrantKind::keyword) || kind > int32_t(GrantKind::negation))
      a.fail("a grant of unknown kind " + std::to_string(kind));
    g.kind = GrantKind(kind);
  }
  field(a, g.id), field(a, g.what), field(a, g.ability);
  a.fn(g.filter, CARDRT_FNK_FILTER, "a restriction's filter");
  field(a, g.player), field(a, g.source), field(a, g.source_ability), field(a, g.dur), field(a, g.seq);
  field(a, g.from_continuous), field(a, g.seen_epoch);
}
template <class A>
void field(A& a, UseRecord& u) {
  field(a, u.key), field(a, u.turn), field(a, u.this_turn), field(a, u.this_game);
}
template <class A>
void field(A& a, TempEntry& t) {
  field(a, t.count), field(a, t.dur), field(a, t.source);
}
template <class A>
void field(A& a, Card& c) {
  field(a, c.exists), field(a, c.in_play), field(a, c.type), field(a, c.controller), field(a, c.keywords_varied);
  field(a, c.printed_keywords);
  field(a, c.id), field(a, c.def), field(a, c.created), field(a, c.no_side), field(a, c.owner), field(a, c.zone_player);
  field(a, c.zone), field(a, c.battlefield), field(a, c.states), field(a, c.object), field(a, c.x_value);
  field(a, c.zero_chi_logged), field(a, c.base), field(a, c.created_keywords), field(a, c.mods);
  field(a, c.reassert_hint), field(a, c.continuous_mods_shared), field(a, c.grants), field(a, c.counters);
  field(a, c.attached_to), field(a, c.attachments), field(a, c.uses), field(a, c.shields), field(a, c.province);
  field(a, c.left_province), field(a, c.won_duel_turn), field(a, c.moved_battle), field(a, c.entered_turn);
  field(a, c.challenged_turn), field(a, c.challenged_types);
}
template <class A>
void field(A& a, Earmark& e) {
  field(a, e.count);
  a.fn(e.filter, CARDRT_FNK_FILTER, "an earmarked resource's filter");
  field(a, e.player), field(a, e.source), field(a, e.source_ability), field(a, e.single), field(a, e.payment);
}
template <class A>
void field(A& a, ResourceState& r) {
  field(a, r.amount), field(a, r.earmarked), field(a, r.supply), field(a, r.temporary), field(a, r.lost_for);
}
template <class A>
void field(A& a, EventInfo& e) {
  field(a, e.kind), field(a, e.card), field(a, e.player), field(a, e.amount), field(a, e.what), field(a, e.other);
}
template <class A>
void field(A& a, Slot& s) {
  field(a, s.count);
  if constexpr (A::reading)
    if (s.count < 0 || s.count > Slot::kCap) a.fail("a target slot holds " + std::to_string(s.count) + " choices");
  for (int i = 0; i < Slot::kCap; ++i) field(a, s.ids[i]), field(a, s.objects[i]);
  field(a, s.used), field(a, s.targeted), field(a, s.players);
  a.fn(s.filter, CARDRT_FNK_FILTER, "a kept target slot's filter");
  field(a, s.flags), field(a, s.chooser);
}
// A kept context (Game::kept_ctx): its ability as (definition, index) in the pool, its game made again on loading
template <class A>
void field(A& a, std::shared_ptr<cardrt_effect_ctx>& ctx, Game& game) {
  bool present = bool(ctx);
  field(a, present);
  if (!present) {
    ctx.reset();
    return;
  }
  if constexpr (A::reading) {
    ctx = std::make_shared<cardrt_effect_ctx>();
    ctx->game = &game;
  } else if (ctx->pending) {
    throw SaveError{"a kept context answers a pending event"};
  }
  cardrt_effect_ctx& c = *ctx;
  int32_t ab_def = -1, ab_index = -1;
  if constexpr (!A::reading) {
    if (c.ab) {
      const auto& defs = a.pool.defs;
      const auto holds = [&](size_t d) {
        const auto& abs = defs[d].abilities;
        return !abs.empty() && c.ab >= abs.data() && c.ab < abs.data() + abs.size();
      };
      if (c.def >= 0 && size_t(c.def) < defs.size() && holds(size_t(c.def))) ab_def = c.def;
      for (size_t d = 0; ab_def < 0 && d < defs.size(); ++d)
        if (holds(d)) ab_def = int32_t(d);
      if (ab_def < 0) throw SaveError{"a kept context's ability is not one of the card pool's"};
      ab_index = int32_t(c.ab - defs[size_t(ab_def)].abilities.data());
    }
  }
  field(a, ab_def), field(a, ab_index);
  if constexpr (A::reading) {
    c.ab = nullptr;
    if (ab_def != -1 || ab_index != -1) {
      if (ab_def < 0 || ab_def >= int32_t(a.pool.defs.size()) || ab_index < 0 ||
          ab_index >= int32_t(a.pool.defs[size_t(ab_def)].abilities.size()))
        a.fail("a kept context names an ability the card pool does not have");
      c.ab = &a.pool.defs[size_t(ab_def)].abilities[size_t(ab_index)];
    }
  }
  field(a, c.source), field(a, c.controller), field(a, c.def), field(a, c.ability), field(a, c.x), field(a, c.x_set);
  field(a, c.free_play), field(a, c.probe), field(a, c.continuous), field(a, c.targeting), field(a, c.epoch);
  field(a, c.event), field(a, c.filled_slots);
  for (Slot& s : c.slots) field(a, s);
}
template <class A>
void field(A& a, AdditionalAction& x, Game& game) {
  field(a, x.designators), field(a, x.how), field(a, x.performer), field(a, x.card);
  a.fn(x.filter, CARDRT_FNK_FILTER, "an additional action's filter");
  field(a, x.ctx, game);
}
template <class A>
void field(A& a, DelayedEffect& d, Game& game) {
  field(a, d.id), field(a, d.boundary), field(a, d.player), field(a, d.turn);
  a.fn(d.fn, CARDRT_FNK_EFFECT, "a delayed effect");
  field(a, d.source), field(a, d.ctx, game);
}
template <class A>
void field(A& a, DelayedOnEvent& d, Game& game) {
  field(a, d.id), field(a, d.event), field(a, d.card);
  a.fn(d.filter, CARDRT_FNK_EFFECT, "a delayed effect's condition");
  a.fn(d.fn, CARDRT_FNK_EFFECT, "a delayed effect");
  field(a, d.flags), field(a, d.lapses), field(a, d.source), field(a, d.ctx, game);
}
template <class A>
void field(A& a, SuppressedGrant& s) {
  field(a, s.source), field(a, s.ability), field(a, s.target), field(a, s.kind), field(a, s.what);
  field(a, s.seen_epoch);
}
template <class A>
void field(A& a, ProvinceBonus& b) {
  field(a, b.id), field(a, b.amount), field(a, b.source), field(a, b.dur);
}
template <class A>
void field(A& a, Province& p) {
  field(a, p.id), field(a, p.owner), field(a, p.battlefield), field(a, p.destroyed), field(a, p.destroyed_by);
  field(a, p.destroyed_serial), field(a, p.bonuses);
}
template <class A>
void field(A& a, cardrt_log_event& e) {
  field(a, e.seq), field(a, e.kind), field(a, e.player), field(a, e.card), field(a, e.other), field(a, e.what);
  field(a, e.amount), field(a, e.value), field(a, e.op);
}

// The fewest bytes an element of a list is saved in: a count read is refused when the bytes left could not hold that
// many, so what a load allocates stays within a few times the size of its input (a Card takes about 500 bytes).
template <class T>
constexpr size_t kSavedAtLeast = std::is_arithmetic_v<T> ? sizeof(T) : 4;  // every element has a 4-byte field
template <>
constexpr size_t kSavedAtLeast<Card> = 128;  // its fixed fields alone take 156
template <>
constexpr size_t kSavedAtLeast<cardrt_log_event> = sizeof(cardrt_log_event);

// Lists: a count, then the elements
template <class A, class T, class F>
void list(A& a, std::vector<T>& v, F&& each) {
  const size_t n = a.count(v.size(), kSavedAtLeast<T>);
  if constexpr (A::reading) {
    v.clear();
    v.resize(n);
  }
  for (T& x : v) each(x);
}
template <class A, class T>
void field(A& a, std::vector<T>& v) {
  list(a, v, [&](T& x) { field(a, x); });
}
template <class A, class T, size_t N>
void field(A& a, InlineList<T, N>& v) {
  const size_t n = a.count(v.size(), kSavedAtLeast<T>);
  if constexpr (A::reading) v.resize(n);
  for (T& x : v) field(a, x);
}
template <class A>
void field(A& a, Player& p, Game& game) {
  field(a, p.zones), field(a, p.resources), field(a, p.wounds), field(a, p.failed_draws), field(a, p.turns_started);
  field(a, p.last_turn_serial), field(a, p.prev_turn_serial), field(a, p.lost);
  list(a, p.additional_actions, [&](AdditionalAction& x) { field(a, x, game); });
}

// Every number in range and every list consistent with the cards: what the rest of the runtime takes for granted of
// a state it made itself. The first thing wrong, or "" when none is.
std::string check(const Profile& pr, const CardPool& pool, const State& s) {
  const int32_t cards = int32_t(s.cards.size()), players = int32_t(s.players.size());
  const auto player = [&](PlayerId p) { return p >= 0 && p < players; };
  const auto player_or_none = [&](PlayerId p) { return p == -1 || player(p); };
  const auto card_or_none = [&](CardId c) { return c >= 0 && c <= cards; };
  const auto card = [&](CardId c) { return c > 0 && c <= cards; };
  const auto zone = [&](int32_t z) { return z >= 0 && z < int32_t(pr.zones.size()); };
  const auto duration = [&](const Duration& d) {
    return d.kind >= 0 && d.kind < CARDRT_DUR_COUNT && player_or_none(d.player);
  };
  const auto sorted_cards = [&](const std::vector<CardId>& v) {
    for (size_t i = 0; i < v.size(); ++i)
      if (!card(v[i]) || (i && v[i - 1] >= v[i])) return false;
    return true;
  };
  const auto slots_ok = [&](const std::shared_ptr<cardrt_effect_ctx>& ctx) {
    return !ctx || (card_or_none(ctx->source) && player_or_none(ctx->controller) && ctx->def >= -1 &&
                    ctx->def < int32_t(pool.defs.size()));
  };
  if (players != std::max(1, pr.players)) return "it has " + std::to_string(players) + " players, the profile " +
                                                  std::to_string(std::max(1, pr.players));
  if (!player(s.active) || !player_or_none(s.winner)) return "the active player or the winner is not a player";
  if (s.province_zone != -1 && !zone(s.province_zone)) return "the province zone is not a zone";
  if (s.refill_zone != -1 && !zone(s.refill_zone)) return "the refill zone is not a zone";
  std::vector<int32_t> seen(size_t(cards), 0);
  for (const Player& p : s.players) {
    if (p.zones.size() != pr.zones.size() || p.resources.size() != pr.resources.size())
      return "a player's zones or resources are not the profile's";
    for (size_t z = 0; z < p.zones.size(); ++z)
      for (CardId id : p.zones[z]) {
        if (!card(id) || seen[size_t(id - 1)]++) return "a zone lists card " + std::to_string(id) + " wrongly";
        const Card& c = s.cards[size_t(id - 1)];
        if (!c.exists || c.zone != int32_t(z) || !player(c.zone_player) || &s.players[size_t(c.zone_player)] != &p)
          return "card " + std::to_string(id) + " is listed in a zone it is not in";
      }
    for (const ResourceState& r : p.resources) {
      for (const Earmark& e : r.earmarked)
        if (!player_or_none(e.player) || !card_or_none(e.source)) return "an earmark names no player or card";
      for (const auto* list : {&r.temporary, &r.lost_for})
        for (const TempEntry& t : *list)
          if (!duration(t.dur) || !card_or_none(t.source)) return "a temporary resource has a bad duration";
    }
    for (const AdditionalAction& x : p.additional_actions)
      if (!card_or_none(x.performer) || !card_or_none(x.card) || !slots_ok(x.ctx)) return "a bad additional action";
  }
  for (int32_t i = 0; i < cards; ++i) {
    const Card& c = s.cards[size_t(i)];
    const std::string which = "card " + std::to_string(i + 1);
    if (c.id != i + 1) return which + " has id " + std::to_string(c.id);
    if (c.def < -1 || c.def >= int32_t(pool.defs.size())) return which + " has no definition in the card pool";
    if (!player(c.owner) || !player(c.zone_player) || !player(c.controller)) return which + " names no player";
    if (!zone(c.zone) || c.type < 0 || c.type >= int32_t(pr.card_types.size())) return which + " has a bad zone or type";
    if (c.exists && !seen[size_t(i)]) return which + " is in no zone";
    if (c.in_play && !c.exists) return which + " is in play but does not exist";
    if (c.base.size() != pr.stats.size() || c.counters.size() != pr.counters.size())
      return which + " has stats or counters the profile does not";
    if (!card_or_none(c.attached_to)) return which + " is attached to no card";
    for (CardId a : c.attachments)
      if (!card(a)) return which + " has a bad attachment";
    for (int32_t k : c.created_keywords)
      if (k < 0 || k >= int32_t(pr.keywords.size())) return which + " has an unknown keyword";
    if (c.province < 0 || c.province > int32_t(s.provinces.size()) || c.left_province < 0 ||
        c.left_province > int32_t(s.provinces.size()))
      return which + " is in no province";
    for (const StatModifier& m : c.mods)
      if (m.stat < 0 || m.stat >= int32_t(pr.stats.size()) || !duration(m.dur) || !card_or_none(m.source) ||
          !player_or_none(m.controller))
        return which + " has a bad modifier";
    for (const Grant& g : c.grants) {
      if (!duration(g.dur) || !card_or_none(g.source) || !player_or_none(g.player)) return which + " has a bad grant";
      if (g.kind == GrantKind::ability &&
          (g.what < 0 || g.what >= int32_t(pool.defs.size()) || g.ability < 0 ||
           g.ability >= int32_t(pool.defs[size_t(g.what)].abilities.size())))
        return which + " is granted an ability the card pool does not have";
      if ((g.kind == GrantKind::keyword || g.kind == GrantKind::keyword_removal) &&
          (g.what < 0 || g.what >= int32_t(pr.keywords.size())))
        return which + " is granted an unknown keyword";
    }
    for (const TempEntry& t : c.shields)
      if (!duration(t.dur) || !card_or_none(t.source)) return which + " has a bad shield";
  }
  for (CardId id : s.in_play)
    if (!card(id) || !s.cards[size_t(id - 1)].in_play) return "the cards in play are not those in play";
  size_t in_play = 0;
  for (const Card& c : s.cards) in_play += c.in_play ? 1 : 0;
  if (!sorted_cards(s.in_play) || in_play != s.in_play.size() || !sorted_cards(s.in_play_continuous) ||
      !sorted_cards(s.with_triggers) || !sorted_cards(s.grant_holders))
    return "a list of cards by id is not sorted or names no card";
  for (const DelayedEffect& d : s.delayed)
    if (!d.fn || !player_or_none(d.player) || !card_or_none(d.source) || !slots_ok(d.ctx)) return "a bad delayed effect";
  for (const DelayedOnEvent& d : s.delayed_on_event)
    if (!d.fn || !card_or_none(d.card) || !card_or_none(d.source) || !slots_ok(d.ctx)) return "a bad delayed effect";
  for (size_t i = 0; i < s.provinces.size(); ++i) {
    const Province& p = s.provinces[i];
    if (p.id != int32_t(i + 1) || !player(p.owner) || !player_or_none(p.destroyed_by)) return "a bad province";
    for (const ProvinceBonus& b : p.bonuses)
      if (!duration(b.dur) || !card_or_none(b.source)) return "a bad province bonus";
  }
  if (!player_or_none(s.payment.player) || !card_or_none(s.payment.card)) return "a bad payment";
  if (!card_or_none(s.duel.duelists[0]) || !card_or_none(s.duel.duelists[1]) || !card_or_none(s.duel.winner))
    return "a bad duel";
  return {};
}

}  // namespace

// Reads and writes every member a snapshot copies (snapshot.cpp); the scratch that is empty between operations is not
// saved.
struct SavedGame {
  template <class A>
  static void transfer(A& a, Game& g) {
    State& s = g.s_;
    field(a, s.provinces), field(a, s.province_zone), field(a, s.refill_zone), field(a, s.cards);
    list(a, s.players, [&](Player& p) { field(a, p, g); });
    field(a, s.active), field(a, s.turn_serial), field(a, s.battlefield), field(a, s.battle_serial), field(a, s.phase);
    list(a, s.delayed, [&](DelayedEffect& d) { field(a, d, g); });
    list(a, s.delayed_on_event, [&](DelayedOnEvent& d) { field(a, d, g); });
    field(a, s.suppressed), field(a, s.in_play), field(a, s.in_play_continuous), field(a, s.ability_grants_in_play);
    field(a, s.with_triggers), field(a, s.ability_grants), field(a, s.grant_holders), field(a, s.player_restrictions);
    field(a, s.fluctuating), field(a, s.continuous_entries);
    for (int i = 0; i < 4; ++i) field(a, s.rng.word(i));
    field(a, s.next_id), field(a, s.seq), field(a, s.winner), field(a, s.over);
    Payment& pay = s.payment;
    field(a, pay.open), field(a, pay.serial), field(a, pay.player), field(a, pay.card), field(a, pay.resource);
    field(a, pay.amount), field(a, pay.reduction), field(a, s.payment_serial);
    field(a, s.duel.duelists[0]), field(a, s.duel.duelists[1]), field(a, s.duel.winner);
    field(a, s.scripted_rolls);  // the dice results the engine scripted (cardrt_game_script_rolls) not yet rolled
    // the game's own: the event log, the default chooser, the continuous traits' bookkeeping
    std::vector<cardrt_log_event> events = g.log_.events();
    field(a, events);
    if constexpr (A::reading) {
      g.log_ = EventLog{};
      for (const cardrt_log_event& e : events) g.log_.push(e);
    }
    field(a, g.chooser_kind_);
    for (int i = 0; i < 4; ++i) field(a, g.chooser_rng_.word(i));
    field(a, g.epoch_), field(a, g.continuous_seen_), field(a, g.continuous_changed_);
  }

  static std::string save(const Game& game) {
    Game& g = const_cast<Game&>(game);  // transfer only reads when writing
    const Identity id = identity_of(*g.profile_, *g.pool_);
    Writer w{*g.pool_, {}};
    w.out.resize(4096 + g.s_.cards.size() * 256 + g.log_.size() * sizeof(cardrt_log_event));
    const size_t length_at = begin_stamped(w, kMagic, kFormat, id);
    transfer(w, g);
    end_stamped(w, length_at);
    return std::move(w.out);
  }

  static std::unique_ptr<Game> load(std::shared_ptr<const Profile> profile, std::shared_ptr<const CardPool> pool,
                                    std::string_view bytes, const cardrt_host* host) {
    Reader r{*pool, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()};
    const Identity saved = open_stamped(r, bytes, kMagic, kFormat, "saved game");
    if (std::string why = identity_difference(saved, identity_of(*profile, *pool), "saved", "loading into");
        !why.empty())
      r.fail(why);
    auto g = std::make_unique<Game>(profile, pool, 0, host);
    transfer(r, *g);
    if (r.left != 0) r.fail(std::to_string(r.left) + " bytes past the end of the game");
    if (std::string why = check(*profile, *pool, g->s_); !why.empty()) r.fail("inconsistent: " + why);
    g->delivered_ = g->log_.size();  // the host hears what happens from now on
    g->played_ = true;                // its seed is unknown: a replay of it starts from a saved game
    return g;
  }
};

std::string save_game(const Game& game) { return SavedGame::save(game); }
std::unique_ptr<Game> load_game(std::shared_ptr<const Profile> profile, std::shared_ptr<const CardPool> pool,
                                std::string_view bytes, const cardrt_host* host) {
  return SavedGame::load(std::move(profile), std::move(pool), bytes, host);
}

}  // namespace cardrt

extern "C" int64_t cardrt_game_save(const cardrt_game* game, uint8_t* out, int64_t capacity, char* error,
                                    int32_t error_capacity) {
  if (!game || game->magic != cardrt::kGameMagic || !game->g || capacity < 0 || (capacity > 0 && !out)) {
    cardrt::copy_message("cardrt_game_save: not a game, or no room", error, error_capacity);
    return CARDRT_E_HANDLE;
  }
  if (!game->g->idle()) {
    cardrt::copy_message("cardrt_game_save: the game is in the middle of a call", error, error_capacity);
    return CARDRT_E_STATE;
  }
  try {
    const std::string bytes = cardrt::SavedGame::save(*game->g);
    if (int64_t(bytes.size()) <= capacity) std::memcpy(out, bytes.data(), bytes.size());
    return int64_t(bytes.size());
  } catch (const cardrt::SaveError& e) {
    cardrt::copy_message("cannot save the game: " + e.message, error, error_capacity);
    return CARDRT_E_STATE;
  } catch (...) {
    cardrt::copy_message("cardrt_game_save: out of memory", error, error_capacity);
    return CARDRT_E_NO_MEMORY;
  }
}

extern "C" cardrt_game* cardrt_game_load(const cardrt_profile* profile, const cardrt_cardpool* pool,
                                         const uint8_t* bytes, int64_t size, const cardrt_host* host, char* error,
                                         int32_t error_capacity) {
  if (!profile || profile->magic != cardrt::kProfileMagic || !pool || pool->magic != cardrt::kPoolMagic ||
      (!bytes && size != 0) || size < 0) {
    cardrt::copy_message("cardrt_game_load: no profile, card pool or bytes", error, error_capacity);
    return nullptr;
  }
  try {
    // the pool's names were resolved against its profile: it must be the same
    const auto frozen = profile->frozen.get(profile->p);
    if (cardrt::profile_identity(*frozen) != cardrt::profile_identity(*pool->profile)) {
      cardrt::copy_message("cannot load the saved game: the card pool was made for another profile", error,
                           error_capacity);
      return nullptr;
    }
    auto* handle = new cardrt_game;
    try {
      handle->g = cardrt::SavedGame::load(frozen, pool->frozen.get(pool->pool),
                                          std::string_view(reinterpret_cast<const char*>(bytes), size_t(size)), host);
    } catch (...) {
      delete handle;
      throw;
    }
    handle->g->handle = handle;
    handle->g->publish_cards();
    return handle;
  } catch (const cardrt::SaveError& e) {
    cardrt::copy_message("cannot load the saved game: " + e.message, error, error_capacity);
  } catch (...) {
    cardrt::copy_message("cardrt_game_load: out of memory", error, error_capacity);
  }
  return nullptr;
}
