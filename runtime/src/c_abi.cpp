// The C ABI: validates every handle and argument, catches every exception, returns integer codes.
// Game-changing calls run inside a Game::Scope so the game settles and the host hears the events.
#include <algorithm>
#include <cstring>
#include <new>

#include "cardrt/cardrt.h"
#include "game.hpp"
#include "handles.hpp"
#include "replay.hpp"
#include "saturating.hpp"

using cardrt::Game;

using cardrt::kGameMagic;
using cardrt::kPoolMagic;
using cardrt::EngineCallKind;
using cardrt::kProfileMagic;

namespace {

bool ok(const cardrt_profile* p) { return p && p->magic == kProfileMagic; }
bool ok(const cardrt_cardpool* p) { return p && p->magic == kPoolMagic; }
bool ok(const cardrt_game* g) { return g && g->magic == kGameMagic && g->g; }
bool nonempty(const char* s) { return s && *s; }

template <class F>
int32_t guard(F&& f) noexcept {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    return CARDRT_E_NO_MEMORY;
  } catch (...) {
    return CARDRT_E_INTERNAL;
  }
}

// A game-changing call: checks the handles, settles afterwards, records the last error.
template <class F>
int32_t act(cardrt_game* game, cardrt_effect_ctx* ctx, F&& f) noexcept {
  if (!ok(game)) return CARDRT_E_HANDLE;
  if (ctx && ctx->game != game->g.get()) return CARDRT_E_HANDLE;
  Game& g = *game->g;
  if (g.depth_ == 0 && !g.in_engine_call_) cardrt::note_unrecorded_change(g);  // not an engine call: no replay holds it
  const int32_t r = guard([&] {
    Game::Scope scope(g);
    return f(g);
  });
  g.last_error = r < 0 ? r : CARDRT_OK;
  return r;
}

// An engine call (cardrt_game_*): recorded with its arguments and result while the game records (replay.hpp).
template <class F>
int32_t engine(cardrt_game* game, EngineCallKind kind, std::initializer_list<int32_t> args, F&& f) noexcept {
  if (!ok(game)) return CARDRT_E_HANDLE;
  cardrt::EngineCall call(*game->g, kind, args);
  const int32_t r = act(game, nullptr, std::forward<F>(f));
  call.finish(r);
  return r;
}

// A card ABI function an engine may call itself to play the rules (no context, between calls: an attack, damage): a
// recorded engine call then; from card code, an action of the call under way.
template <class F>
int32_t rule(cardrt_game* game, cardrt_effect_ctx* ctx, EngineCallKind kind, std::initializer_list<int32_t> args,
             F&& f) noexcept {
  if (ctx || !ok(game) || !game->g->idle()) return act(game, ctx, std::forward<F>(f));
  return engine(game, kind, args, std::forward<F>(f));
}

// A read: no settling. Invalid input reads 0 (000 7.3) and records the error.
template <class F>
int32_t read(const cardrt_game* game, F&& f) noexcept {
  if (!ok(game)) return 0;
  Game& g = *game->g;
  return guard([&] { return f(g); });
}

int32_t bad(Game& g, int32_t code = CARDRT_E_ARGUMENT) {
  g.last_error = code;
  return 0;
}

cardrt_effect_fn as_effect(cardrt_any_fn f) { return reinterpret_cast<cardrt_effect_fn>(f); }
cardrt_filter_fn as_filter(cardrt_any_fn f) { return reinterpret_cast<cardrt_filter_fn>(f); }
cardrt_amount_fn as_amount(cardrt_any_fn f) { return reinterpret_cast<cardrt_amount_fn>(f); }

template <class V>
int32_t lookup(const cardrt_game* game, const V& (*pick)(const cardrt::Profile&), const char* name) {
  if (!ok(game)) return CARDRT_E_HANDLE;
  const int32_t i = cardrt::find_named(pick(game->g->profile()), name);
  return i >= 0 ? i : CARDRT_E_UNKNOWN_NAME;
}

const char* const kAbiNames[] = {
#define CARDRT_ABI_FN(name, ...) #name,
#include "cardrt/abi.def"
#undef CARDRT_ABI_FN
};

// Every card ABI function's address. A card library loaded by an engine that links cardrt_static resolves these
// functions in the engine's executable, and a linker takes an object out of an archive only for a symbol something
// references: this table (kept by `used`, in the object every engine needs) references them all, so the static
// runtime always carries the whole card ABI (docs/runtime.md "Linking the static runtime").
[[gnu::used]] const void* const kAbiAddresses[] = {
#define CARDRT_ABI_FN(name, ...) reinterpret_cast<const void*>(&name),
#include "cardrt/abi.def"
#undef CARDRT_ABI_FN
};

}  // namespace

extern "C" {

int32_t cardrt_abi_version(void) { return CARDRT_ABI_VERSION; }
int32_t cardrt_abi_function_count(void) { return int32_t(sizeof(kAbiNames) / sizeof(kAbiNames[0])); }
const char* cardrt_abi_function_name(int32_t i) {
  return (i >= 0 && i < cardrt_abi_function_count()) ? kAbiNames[i] : nullptr;
}

// ---------------------------------------------------------------- profile builder
cardrt_profile* cardrt_profile_create(const char* game_name) {
  try {
    auto* p = new cardrt_profile;
    p->p.game = game_name ? game_name : "";
    return p;
  } catch (...) {
    return nullptr;
  }
}
void cardrt_profile_destroy(cardrt_profile* p) {
  if (ok(p)) {
    p->magic = 0;
    delete p;
  }
}
int32_t cardrt_profile_add_stat(cardrt_profile* p, const char* name, const char* abbrev, int32_t floor, uint32_t flags) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  if (!nonempty(name) || floor < CARDRT_FLOOR_ZERO || floor > CARDRT_FLOOR_ZERO_EXCEPT_SET) return CARDRT_E_ARGUMENT;
  if (cardrt::find_named(p->p.stats, name) >= 0) return CARDRT_E_ARGUMENT;
  return guard([&] { return p->edit().stats.add(cardrt::StatDef{name, abbrev ? abbrev : "", floor, flags}); });
}
int32_t cardrt_profile_add_card_type(cardrt_profile* p, const char* name, const int32_t* stats, int32_t n,
                                     uint32_t flags) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  if (!nonempty(name) || n < 0 || (n > 0 && !stats) || cardrt::find_named(p->p.card_types, name) >= 0)
    return CARDRT_E_ARGUMENT;
  for (int32_t i = 0; i < n; ++i)
    if (stats[i] < 0 || stats[i] >= int32_t(p->p.stats.size())) return CARDRT_E_ARGUMENT;
  return guard([&] {
    return p->edit().card_types.add(cardrt::CardTypeDef{name, std::vector<int32_t>(stats, stats + n), flags});
  });
}
int32_t cardrt_profile_add_resource(cardrt_profile* p, const char* name, int32_t model, int32_t floor, int32_t cap,
                                    int32_t supply) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  if (!nonempty(name) || (model != CARDRT_RESOURCE_COUNTER && model != CARDRT_RESOURCE_SUPPLY) || cap < 0 ||
      supply < 0 || floor < CARDRT_FLOOR_ZERO || floor > CARDRT_FLOOR_ZERO_EXCEPT_SET ||
      cardrt::find_named(p->p.resources, name) >= 0)
    return CARDRT_E_ARGUMENT;
  return guard([&] { return p->edit().resources.add(cardrt::ResourceDef{name, model, floor, cap, supply}); });
}
int32_t cardrt_profile_add_zone(cardrt_profile* p, const char* name, uint32_t flags) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  if (!nonempty(name) || cardrt::find_named(p->p.zones, name) >= 0) return CARDRT_E_ARGUMENT;
  return guard([&] { return p->edit().zones.add(cardrt::ZoneDef{name, flags}); });
}
int32_t cardrt_profile_set_zone_role(cardrt_profile* p, int32_t role, int32_t zone) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  if (role < 0 || role >= CARDRT_ZROLE_COUNT || zone < 0 || zone >= int32_t(p->p.zones.size()))
    return CARDRT_E_ARGUMENT;
  p->edit().zone_roles[size_t(role)] = zone;
  return CARDRT_OK;
}
int32_t cardrt_profile_set_discard_pile(cardrt_profile* p, int32_t type, int32_t zone) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  if (type < 0 || type >= int32_t(p->p.card_types.size()) || zone < 0 || zone >= int32_t(p->p.zones.size()) ||
      p->p.zone_in_play(zone))
    return CARDRT_E_ARGUMENT;
  p->edit().card_types.item(size_t(type)).discard_pile = zone;
  return CARDRT_OK;
}
int32_t cardrt_profile_add_counter(cardrt_profile* p, const char* name, uint32_t flags) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  if (!nonempty(name) || cardrt::find_named(p->p.counters, name) >= 0) return CARDRT_E_ARGUMENT;
  return guard([&] { return p->edit().counters.add(cardrt::CounterDef{name, flags}); });
}
int32_t cardrt_profile_add_card_state(cardrt_profile* p, const char* name) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  if (!nonempty(name)) return CARDRT_E_ARGUMENT;
  if (p->p.card_states.size() >= 32) return CARDRT_E_LIMIT;
  return guard([&] {
    p->edit().card_states.emplace_back(name);
    return int32_t(p->p.card_states.size()) - 1;
  });
}
int32_t cardrt_profile_add_keyword(cardrt_profile* p, const char* name, int32_t meaning) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  if (!nonempty(name) || meaning < CARDRT_KWR_NONE || meaning > CARDRT_KWR_TERRAIN ||
      cardrt::find_named(p->p.keywords, name) >= 0)
    return CARDRT_E_ARGUMENT;
  return guard([&] { return p->edit().add_keyword(cardrt::KeywordDef{name, meaning}); });
}
int32_t cardrt_profile_add_event(cardrt_profile* p, const char* name) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  if (!nonempty(name) || cardrt::find_event(p->p, name) >= 0) return CARDRT_E_ARGUMENT;
  return guard([&] { return CARDRT_EV_FIRST_CUSTOM + p->edit().events.add(name); });
}
int32_t cardrt_profile_set_stat_role(cardrt_profile* p, int32_t role, int32_t stat) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  if (role < 0 || role >= CARDRT_ROLE_COUNT || stat < 0 || stat >= int32_t(p->p.stats.size()))
    return CARDRT_E_ARGUMENT;
  p->edit().stat_roles[size_t(role)] = stat;
  return CARDRT_OK;
}
int32_t cardrt_profile_set_modifier_order(cardrt_profile* p, int32_t order) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  if (order != CARDRT_ORDER_STEPS_A_C && order != CARDRT_ORDER_RULE_523) return CARDRT_E_ARGUMENT;
  p->edit().modifier_order = order;
  return CARDRT_OK;
}
int32_t cardrt_profile_enable_rules(cardrt_profile* p, uint32_t bits) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  p->edit().rules |= bits;
  return CARDRT_OK;
}
int32_t cardrt_profile_set_players(cardrt_profile* p, int32_t players, int32_t life) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  if (players < 1 || players > 16 || life < 0) return CARDRT_E_ARGUMENT;
  p->edit().players = players;
  p->edit().starting_life = life;
  return CARDRT_OK;
}
int32_t cardrt_profile_set_dice(cardrt_profile* p, int32_t sides) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  if (sides < 1) return CARDRT_E_ARGUMENT;
  p->edit().dice_sides = sides;
  return CARDRT_OK;
}

// ---------------------------------------------------------------- card pools and registration
cardrt_cardpool* cardrt_cardpool_create(const cardrt_profile* profile) {
  if (!ok(profile)) return nullptr;
  try {
    auto* pool = new cardrt_cardpool;
    pool->profile = std::make_shared<const cardrt::Profile>(profile->p);
    return pool;
  } catch (...) {
    return nullptr;
  }
}
void cardrt_cardpool_destroy(cardrt_cardpool* pool) {
  if (ok(pool)) {
    pool->magic = 0;
    delete pool;
  }
}
int32_t cardrt_cardpool_count(const cardrt_cardpool* pool) {
  return ok(pool) ? int32_t(pool->pool.defs.size()) : CARDRT_E_HANDLE;
}
int32_t cardrt_cardpool_find(const cardrt_cardpool* pool, const char* title) {
  if (!ok(pool)) return CARDRT_E_HANDLE;
  if (!title) return CARDRT_E_ARGUMENT;
  return guard([&] {
    const auto it = pool->by_title.find(std::string_view(title));
    return it == pool->by_title.end() ? int32_t(CARDRT_E_UNKNOWN_NAME) : it->second;
  });
}

// What a pool and a profile hold, for engines (cardrt.h "what a pool and a profile hold"): reads, no copies.
const char* cardrt_cardpool_card_title(const cardrt_cardpool* pool, int32_t def) {
  if (!ok(pool) || def < 0 || def >= int32_t(pool->pool.defs.size())) return nullptr;
  return pool->pool.defs[size_t(def)].title.c_str();
}
int32_t cardrt_cardpool_card_type(const cardrt_cardpool* pool, int32_t def) {
  if (!ok(pool)) return CARDRT_E_HANDLE;
  if (def < 0 || def >= int32_t(pool->pool.defs.size())) return CARDRT_E_ARGUMENT;
  return pool->pool.defs[size_t(def)].type;
}
int32_t cardrt_profile_card_type_count(const cardrt_profile* p) {
  return ok(p) ? int32_t(p->p.card_types.size()) : CARDRT_E_HANDLE;
}
const char* cardrt_profile_card_type_name(const cardrt_profile* p, int32_t type) {
  if (!ok(p) || type < 0 || type >= int32_t(p->p.card_types.size())) return nullptr;
  return p->p.card_types[size_t(type)].name.c_str();
}
namespace {
int32_t zone_with_role(const cardrt::Profile& p, int32_t role) {
  if (role < 0 || role >= CARDRT_ZROLE_COUNT) return CARDRT_E_ARGUMENT;
  const int32_t z = p.zone(role);
  return z >= 0 ? z : int32_t(CARDRT_E_UNKNOWN_NAME);
}
}  // namespace
int32_t cardrt_profile_zone_by_role(const cardrt_profile* p, int32_t role) {
  return ok(p) ? zone_with_role(p->p, role) : CARDRT_E_HANDLE;
}
int32_t cardrt_game_zone_by_role(const cardrt_game* game, int32_t role) {
  return ok(game) ? zone_with_role(game->g->profile(), role) : CARDRT_E_HANDLE;
}
int32_t cardrt_profile_discard_pile(const cardrt_profile* p, int32_t type) {
  if (!ok(p)) return CARDRT_E_HANDLE;
  if (type < 0 || type >= int32_t(p->p.card_types.size())) return CARDRT_E_ARGUMENT;
  const int32_t z = p->p.discard_pile_of(type);
  return z >= 0 ? z : int32_t(CARDRT_E_UNKNOWN_NAME);
}
const char* cardrt_profile_zone_name(const cardrt_profile* p, int32_t zone) {
  if (!ok(p) || zone < 0 || zone >= int32_t(p->p.zones.size())) return nullptr;
  return p->p.zones[size_t(zone)].name.c_str();
}

namespace {
// A definition to change (the pool's frozen copy is dropped: handles.hpp).
cardrt::CardDef* def_at(cardrt_cardpool* pool, int32_t def) {
  if (def < 0 || def >= int32_t(pool->pool.defs.size())) return nullptr;
  return &pool->edit().defs[size_t(def)];
}
}  // namespace

int32_t cardrt_def_card(cardrt_cardpool* pool, const char* title, const char* type) {
  if (!ok(pool)) return CARDRT_E_HANDLE;
  if (!title || !type) return CARDRT_E_ARGUMENT;
  const int32_t t = cardrt::find_named(pool->profile->card_types, type);
  if (t < 0) return CARDRT_E_UNKNOWN_NAME;
  return guard([&] {
    cardrt::CardDef d;
    d.title = title;
    d.type = t;
    d.stats.resize(pool->profile->stats.size());
    const int32_t id = int32_t(pool->pool.defs.size());
    const auto [at, first] = pool->by_title.emplace(d.title, id);  // the first of a title is the one found
    try {
      pool->edit().defs.push_back(std::move(d));
    } catch (...) {
      if (first) pool->by_title.erase(at);
      throw;
    }
    return id;
  });
}
int32_t cardrt_def_stat(cardrt_cardpool* pool, int32_t def, const char* stat, int32_t kind, int32_t value) {
  if (!ok(pool)) return CARDRT_E_HANDLE;
  cardrt::CardDef* d = def_at(pool, def);
  if (!d || kind < CARDRT_BASE_ABSENT || kind > CARDRT_BASE_DASH) return CARDRT_E_ARGUMENT;
  const int32_t s = cardrt::find_named(pool->profile->stats, stat);
  if (s < 0) return CARDRT_E_UNKNOWN_NAME;
  d->stats[size_t(s)] = cardrt::BaseStat{kind, value};
  return CARDRT_OK;
}
int32_t cardrt_def_keyword(cardrt_cardpool* pool, int32_t def, const char* keyword) {
  if (!ok(pool)) return CARDRT_E_HANDLE;
  cardrt::CardDef* d = def_at(pool, def);
  if (!d) return CARDRT_E_ARGUMENT;
  const int32_t k = cardrt::find_named(pool->profile->keywords, keyword);
  if (k < 0) return CARDRT_E_UNKNOWN_NAME;
  return guard([&] {
    for (int32_t have : d->keywords)
      if (have == k) return CARDRT_OK;  // 003 Keywords: no extra copy
    d->keywords.push_back(k);
    return CARDRT_OK;
  });
}
int32_t cardrt_def_ability(cardrt_cardpool* pool, int32_t def, int32_t kind, int32_t designators, const char* trigger,
                           uint32_t flags) {
  if (!ok(pool)) return CARDRT_E_HANDLE;
  cardrt::CardDef* d = def_at(pool, def);
  if (!d || kind < CARDRT_AB_TRIGGERED || kind > CARDRT_AB_REPLACEMENT) return CARDRT_E_ARGUMENT;
  const int32_t ev = cardrt::find_event(*pool->profile, trigger ? trigger : "");
  if (ev < 0) return CARDRT_E_UNKNOWN_NAME;
  return guard([&] {
    cardrt::AbilityDef a;
    a.kind = kind;
    a.designators = designators;
    a.trigger = ev;
    a.flags = flags;
    if (ev == CARDRT_EV_WOULD_RESOLVE_ACTION) pool->edit().has_responses = true;
    if (kind == CARDRT_AB_TRIGGERED || kind == CARDRT_AB_REACTION) pool->edit().triggers.add(ev);
    if (kind == CARDRT_AB_REPLACEMENT) pool->edit().replacements.add(ev);
    if (kind == CARDRT_AB_CONTINUOUS && !(flags & CARDRT_ABF_GRANTED))
      d->continuous.push_back(int32_t(d->abilities.size()));
    if ((kind == CARDRT_AB_TRIGGERED || kind == CARDRT_AB_REACTION) && !(flags & CARDRT_ABF_GRANTED)) {
      d->triggers.add(ev);
      if (flags & CARDRT_ABF_OUT_OF_PLAY) d->triggers_out_of_play = true;
    }
    d->abilities.push_back(std::move(a));
    return int32_t(d->abilities.size()) - 1;
  });
}
int32_t cardrt_def_ability_fn(cardrt_cardpool* pool, int32_t def, int32_t ability, int32_t slot, cardrt_any_fn fn) {
  if (!ok(pool)) return CARDRT_E_HANDLE;
  cardrt::CardDef* d = def_at(pool, def);
  if (!d || ability < 0 || ability >= int32_t(d->abilities.size()) || slot < 0 || slot >= CARDRT_FN_COUNT)
    return CARDRT_E_ARGUMENT;
  return guard([&] {
    pool->edit().know(fn, CARDRT_FNK_EFFECT);
    d->abilities[size_t(ability)].fn[size_t(slot)] = as_effect(fn);
    return CARDRT_OK;
  });
}
int32_t cardrt_def_mode(cardrt_cardpool* pool, int32_t def, int32_t ability, cardrt_any_fn target,
                        cardrt_any_fn effect) {
  if (!ok(pool)) return CARDRT_E_HANDLE;
  cardrt::CardDef* d = def_at(pool, def);
  if (!d || ability < 0 || ability >= int32_t(d->abilities.size()) || !effect) return CARDRT_E_ARGUMENT;
  return guard([&] {
    auto& modes = d->abilities[size_t(ability)].modes;
    pool->edit().know(target, CARDRT_FNK_EFFECT);
    pool->edit().know(effect, CARDRT_FNK_EFFECT);
    modes.push_back(cardrt::ModeDef{as_effect(target), as_effect(effect)});
    return int32_t(modes.size()) - 1;
  });
}
int32_t cardrt_def_base_fn(cardrt_cardpool* pool, int32_t def, cardrt_any_fn fn) {
  if (!ok(pool)) return CARDRT_E_HANDLE;
  cardrt::CardDef* d = def_at(pool, def);
  if (!d) return CARDRT_E_ARGUMENT;
  return guard([&] {
    pool->edit().know(fn, CARDRT_FNK_BASE);
    d->base_fn = reinterpret_cast<cardrt_base_fn>(fn);
    return CARDRT_OK;
  });
}
int32_t cardrt_def_cost_reduction(cardrt_cardpool* pool, int32_t def, cardrt_any_fn fn, int32_t scope) {
  if (!ok(pool)) return CARDRT_E_HANDLE;
  cardrt::CardDef* d = def_at(pool, def);
  if (!d || !fn || scope < CARDRT_COST_SELF || scope > CARDRT_COST_ATTACHING) return CARDRT_E_ARGUMENT;
  return guard([&] {
    pool->edit().know(fn, CARDRT_FNK_FILTER);
    d->cost_reductions.emplace_back(as_filter(fn), scope);
    return CARDRT_OK;
  });
}
int32_t cardrt_def_province_bonus(cardrt_cardpool* pool, int32_t def, cardrt_any_fn fn) {
  if (!ok(pool)) return CARDRT_E_HANDLE;
  cardrt::CardDef* d = def_at(pool, def);
  if (!d || !fn) return CARDRT_E_ARGUMENT;
  return guard([&] {
    pool->edit().know(fn, CARDRT_FNK_FILTER);
    d->province_bonuses.push_back(as_filter(fn));
    return CARDRT_OK;
  });
}
int32_t cardrt_negate_modifiers(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t stat, uint32_t flags,
                                int32_t dur) {
  return act(game, ctx, [&](Game& g) {
    return g.grant(ctx, card, cardrt::GrantKind::negation, stat, int32_t(flags & 0xff), dur);
  });
}
int32_t cardrt_def_duel_stat(cardrt_cardpool* pool, int32_t def, int32_t stat, int32_t printed) {
  if (!ok(pool)) return CARDRT_E_HANDLE;
  cardrt::CardDef* d = def_at(pool, def);
  if (!d || stat < 0) return CARDRT_E_ARGUMENT;
  d->duel_stat = stat;
  d->duel_stat_printed = printed != 0;
  return CARDRT_OK;
}
int32_t cardrt_province_owner(cardrt_game* game, int32_t province) {
  return read(game, [&](Game& g) { return g.valid_province(province) ? g.province(province).owner : -1; });
}
int32_t cardrt_def_enter_play_state(cardrt_cardpool* pool, int32_t def, int32_t state) {
  if (!ok(pool)) return CARDRT_E_HANDLE;
  cardrt::CardDef* d = def_at(pool, def);
  if (!d || state < 0 || state >= 32) return CARDRT_E_ARGUMENT;
  d->enter_play_states |= 1u << state;
  return CARDRT_OK;
}
int32_t cardrt_def_attach_filter(cardrt_cardpool* pool, int32_t def, cardrt_any_fn fn) {
  if (!ok(pool)) return CARDRT_E_HANDLE;
  cardrt::CardDef* d = def_at(pool, def);
  if (!d) return CARDRT_E_ARGUMENT;
  return guard([&] {
    pool->edit().know(fn, CARDRT_FNK_FILTER);
    d->attach_filter = as_filter(fn);
    return CARDRT_OK;
  });
}
int32_t cardrt_def_function(cardrt_cardpool* pool, int32_t kind, cardrt_any_fn fn) {
  if (!ok(pool)) return CARDRT_E_HANDLE;
  if (!fn || kind < CARDRT_FNK_EFFECT || kind > CARDRT_FNK_BASE) return CARDRT_E_ARGUMENT;
  return guard([&] {
    pool->edit().know(fn, kind);
    return int32_t(pool->pool.function_index.at(reinterpret_cast<uintptr_t>(fn)));
  });
}

// ---------------------------------------------------------------- games
cardrt_game* cardrt_game_create(const cardrt_profile* profile, const cardrt_cardpool* pool, uint64_t seed,
                                const cardrt_host* host) {
  if (!ok(profile) || !ok(pool)) return nullptr;
  // the pool's names were resolved against its profile: it must describe the same game
  const auto& a = profile->p;
  const auto& b = *pool->profile;
  if (a.game != b.game || a.stats.size() != b.stats.size() || a.card_types.size() != b.card_types.size() ||
      a.keywords.size() != b.keywords.size() || a.events.size() != b.events.size() || a.card_types.empty())
    return nullptr;
  try {
    auto* g = new cardrt_game;
    // the frozen copies of unchanged handles, shared with the other games made from them (handles.hpp)
    g->g = std::make_unique<Game>(profile->frozen.get(a), pool->frozen.get(pool->pool), seed, host);
    g->g->handle = g;
    g->g->publish_cards();
    return g;
  } catch (...) {
    return nullptr;
  }
}
void cardrt_game_destroy(cardrt_game* game) {
  if (ok(game)) {
    game->magic = 0;
    delete game;
  }
}
int32_t cardrt_game_set_default_chooser(cardrt_game* game, int32_t kind, uint64_t seed) {
  if (!ok(game)) return CARDRT_E_HANDLE;
  cardrt::EngineCall call(*game->g, EngineCallKind::set_default_chooser,
                          {kind, int32_t(uint32_t(seed)), int32_t(uint32_t(seed >> 32))});
  const int32_t r =
      kind != CARDRT_CHOOSER_FIRST && kind != CARDRT_CHOOSER_RANDOM ? int32_t(CARDRT_E_ARGUMENT) : CARDRT_OK;
  if (r == CARDRT_OK) game->g->set_default_chooser(kind, seed);
  call.finish(r);
  return r;
}
int32_t cardrt_last_error(const cardrt_game* game) { return ok(game) ? game->g->last_error : CARDRT_E_HANDLE; }
int32_t cardrt_game_add_card(cardrt_game* game, int32_t def, int32_t player, int32_t zone) {
  return engine(game, EngineCallKind::add_card, {def, player, zone},
                [&](Game& g) { return g.add_card(def, player, zone); });
}
int32_t cardrt_game_put_into_play(cardrt_game* game, int32_t card, int32_t player) {
  return engine(game, EngineCallKind::put_into_play, {card, player},
                [&](Game& g) { return g.put_into_play(card, player); });
}
int32_t cardrt_game_begin_turn(cardrt_game* game, int32_t player) {
  return engine(game, EngineCallKind::begin_turn, {player}, [&](Game& g) { return g.begin_turn(player); });
}
int32_t cardrt_game_end_turn(cardrt_game* game) {
  return engine(game, EngineCallKind::end_turn, {}, [&](Game& g) { return g.end_turn(); });
}
int32_t cardrt_game_signal(cardrt_game* game, int32_t boundary) {
  return engine(game, EngineCallKind::signal, {boundary}, [&](Game& g) { return g.signal(boundary); });
}
int32_t cardrt_game_set_phase(cardrt_game* game, int32_t phase) {
  return engine(game, EngineCallKind::set_phase, {phase}, [&](Game& g) {
    if (phase != CARDRT_PHASE_OTHER && phase != CARDRT_PHASE_ACCUMULATION) return int32_t(CARDRT_E_ARGUMENT);
    g.state().phase = phase;
    return int32_t(CARDRT_OK);
  });
}
int32_t cardrt_game_set_battlefield(cardrt_game* game, int32_t battlefield) {
  return engine(game, EngineCallKind::set_battlefield, {battlefield}, [&](Game& g) {
    if (battlefield < 0) return int32_t(CARDRT_E_ARGUMENT);
    g.set_battlefield(battlefield);
    return int32_t(CARDRT_OK);
  });
}
// ---------------------------------------------------------------- provinces (provinces.cpp)
int32_t cardrt_game_add_province(cardrt_game* game, int32_t player, int32_t battlefield) {
  return engine(game, EngineCallKind::add_province, {player, battlefield},
                [&](Game& g) { return g.add_province(player, battlefield); });
}
int32_t cardrt_game_put_in_province(cardrt_game* game, int32_t card, int32_t province, int32_t face_up) {
  return engine(game, EngineCallKind::put_in_province, {card, province, face_up},
                [&](Game& g) { return g.put_in_province(card, province, face_up != 0); });
}
int32_t cardrt_game_destroy_province(cardrt_game* game, int32_t province, int32_t by_player) {
  return engine(game, EngineCallKind::destroy_province, {province, by_player},
                [&](Game& g) { return g.destroy_province(nullptr, province, by_player); });
}
int32_t cardrt_game_reveal_provinces(cardrt_game* game, int32_t player) {
  return engine(game, EngineCallKind::reveal_provinces, {player}, [&](Game& g) { return g.reveal_provinces(player); });
}
int32_t cardrt_game_set_province_zones(cardrt_game* game, int32_t province_zone, int32_t refill_zone) {
  return engine(game, EngineCallKind::set_province_zones, {province_zone, refill_zone}, [&](Game& g) {
    const int32_t zones = int32_t(g.profile().zones.size());
    if (province_zone < 0 || province_zone >= zones || refill_zone < -1 || refill_zone >= zones) return int32_t(CARDRT_E_ARGUMENT);
    g.state().province_zone = province_zone;
    g.state().refill_zone = refill_zone;
    return int32_t(CARDRT_OK);
  });
}
int32_t cardrt_refill_province(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t province, int32_t card, int32_t face_up) {
  return act(game, ctx, [&](Game& g) { return g.refill_province(ctx, province, card, face_up != 0); });
}
int32_t cardrt_card_left_province(cardrt_game* game, int32_t card) {
  return read(game, [&](Game& g) { return g.valid_card(card) ? g.card(card).left_province : bad(g); });
}
int32_t cardrt_game_province(const cardrt_game* game, int32_t province, int32_t field) {
  return read(game, [&](Game& g) {
    if (!g.valid_province(province)) return bad(g);
    const cardrt::Province& p = g.province(province);
    switch (field) {
      case CARDRT_PROVF_OWNER: return p.owner;
      case CARDRT_PROVF_BATTLEFIELD: return p.battlefield;
      case CARDRT_PROVF_DESTROYED: return p.destroyed ? 1 : 0;
      case CARDRT_PROVF_STRENGTH: return g.province_strength(province);
      case CARDRT_PROVF_DESTROYED_BY: return p.destroyed_by;
      default: return bad(g);
    }
  });
}
int32_t cardrt_game_province_count(const cardrt_game* game) {
  return read(game, [&](Game& g) { return int32_t(g.state().provinces.size()); });
}
int32_t cardrt_province_strength(cardrt_game* game, int32_t province) {
  return read(game, [&](Game& g) { return g.valid_province(province) ? g.province_strength(province) : bad(g); });
}
int32_t cardrt_province_modify(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t province, int32_t amount, int32_t dur) {
  return act(game, ctx, [&](Game& g) { return g.modify_province(ctx, province, amount, dur); });
}
int32_t cardrt_battlefield_province(cardrt_game* game, int32_t battlefield) {
  return read(game, [&](Game& g) { return g.battlefield_province(battlefield); });
}
int32_t cardrt_card_province(cardrt_game* game, int32_t card) {
  return read(game, [&](Game& g) { return g.card_province(card); });
}
int32_t cardrt_province_count(cardrt_game* game, int32_t player, int32_t which) {
  return read(game, [&](Game& g) { return g.valid_player(player) ? g.count_provinces(player, which) : bad(g); });
}
int32_t cardrt_choose_province(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t player) {
  return act(game, ctx, [&](Game& g) { return g.choose_province(ctx, player); });
}
int32_t cardrt_destroy_province(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t province) {
  return act(game, ctx, [&](Game& g) { return g.destroy_province(ctx, province, g.ctx_controller(ctx)); });
}

int32_t cardrt_game_move_to_battlefield(cardrt_game* game, int32_t card, int32_t battlefield) {
  return engine(game, EngineCallKind::move_to_battlefield, {card, battlefield}, [&](Game& g) {
    if (!g.in_play(card) || battlefield < 0) return int32_t(CARDRT_E_ARGUMENT);
    g.move_unit(card, battlefield);
    return int32_t(CARDRT_OK);
  });
}
int32_t cardrt_game_play_cost(cardrt_game* game, int32_t player, int32_t card, int32_t stat) {
  if (!ok(game)) return 0;
  return read(game, [&](Game& g) { return g.play_cost(player, card, stat); });
}
int32_t cardrt_game_attach_cost(cardrt_game* game, int32_t player, int32_t card, int32_t host, int32_t stat) {
  return read(game, [&](Game& g) { return g.valid_card(host) ? g.play_cost(player, card, stat, host) : bad(g); });
}
int32_t cardrt_game_additional_actions(cardrt_game* game, int32_t player) {
  if (!ok(game)) return 0;
  return read(game, [&](Game& g) {
    return g.valid_player(player) ? int32_t(g.state().players[size_t(player)].additional_actions.size()) : 0;
  });
}
int32_t cardrt_game_take_additional_action(cardrt_game* game, int32_t player) {
  return engine(game, EngineCallKind::take_additional_action, {player},
                [&](Game& g) { return g.take_additional_action(player, nullptr); });
}
int32_t cardrt_game_take_additional_action_for(cardrt_game* game, int32_t player, int32_t designators, int32_t how,
                                               int32_t card, int32_t performer) {
  return engine(game, EngineCallKind::take_additional_action_for, {player, designators, how, card, performer},
                [&](Game& g) {
    if ((card && !g.valid_card(card)) || (performer && !g.valid_card(performer))) return int32_t(CARDRT_E_ARGUMENT);
    const Game::Taking action{designators, how, card, performer};
    return g.take_additional_action(player, &action);
  });
}
int32_t cardrt_game_emit(cardrt_game* game, int32_t event, int32_t card, int32_t player, int32_t amount) {
  return engine(game, EngineCallKind::emit, {event, card, player, amount}, [&](Game& g) {
    if (event <= CARDRT_EV_NONE || event >= g.profile().event_count()) return int32_t(CARDRT_E_ARGUMENT);
    g.dispatch(cardrt::EventInfo{.kind = event, .card = card, .player = player, .amount = amount});
    return int32_t(CARDRT_OK);
  });
}
int32_t cardrt_game_emit_other(cardrt_game* game, int32_t event, int32_t card, int32_t other, int32_t player,
                               int32_t amount) {
  return engine(game, EngineCallKind::emit_other, {event, card, other, player, amount}, [&](Game& g) {
    if (event <= CARDRT_EV_NONE || event >= g.profile().event_count()) return int32_t(CARDRT_E_ARGUMENT);
    g.dispatch(cardrt::EventInfo{.kind = event, .card = card, .player = player, .amount = amount, .other = other});
    return int32_t(CARDRT_OK);
  });
}
int32_t cardrt_game_forbidden(cardrt_game* game, int32_t card, int32_t action, int32_t other) {
  return engine(game, EngineCallKind::forbidden, {card, action, other}, [&](Game& g) {
    if (!g.valid_card(card) || action < 0 || action >= CARDRT_FORBID_COUNT) return int32_t(CARDRT_E_ARGUMENT);
    return int32_t(g.forbidden(card, action, other) ? 1 : 0);
  });
}
int32_t cardrt_game_accumulate(cardrt_game* game, int32_t player, int32_t resource) {
  return engine(game, EngineCallKind::accumulate, {player, resource},
                [&](Game& g) { return g.accumulate(player, resource); });
}
int32_t cardrt_game_draw(cardrt_game* game, int32_t player, int32_t count) {
  return engine(game, EngineCallKind::draw, {player, count}, [&](Game& g) { return g.draw(nullptr, player, count); });
}
int32_t cardrt_game_concede(cardrt_game* game, int32_t player) {
  return engine(game, EngineCallKind::concede, {player}, [&](Game& g) { return g.player_loses(player); });
}
int32_t cardrt_game_winner(const cardrt_game* game) { return ok(game) ? game->g->state().winner : CARDRT_E_HANDLE; }
int32_t cardrt_game_use_ability(cardrt_game* game, int32_t player, int32_t card, int32_t ability) {
  return engine(game, EngineCallKind::use_ability, {player, card, ability},
                [&](Game& g) { return g.use_ability(player, card, ability, false); });
}
int32_t cardrt_game_card_abilities(const cardrt_game* game, int32_t card, int32_t* keys, int32_t capacity) {
  return read(game, [&](Game& g) {
    if (!g.valid_card(card)) return 0;
    const auto refs = g.abilities_of(g.card(card));
    for (size_t i = 0; keys && i < refs.size() && int32_t(i) < capacity; ++i) keys[i] = refs[i].key;
    return int32_t(refs.size());
  });
}
int32_t cardrt_game_play_free(cardrt_game* game, int32_t player, int32_t card, int32_t ability) {
  return engine(game, EngineCallKind::play_free, {player, card, ability},
                [&](Game& g) { return g.use_ability(player, card, ability, true); });
}
int32_t cardrt_game_tactical_battle(cardrt_game* game, int32_t player) {
  return engine(game, EngineCallKind::tactical_battle, {player}, [&](Game& g) { return g.tactical_battle(player); });
}
int32_t cardrt_game_play_terrain(cardrt_game* game, int32_t player, int32_t card, int32_t ability) {
  return engine(game, EngineCallKind::play_terrain, {player, card, ability},
                [&](Game& g) { return g.play_terrain(player, card, ability); });
}
int32_t cardrt_game_script_rolls(cardrt_game* game, const int32_t* results, int32_t count) {
  if (!ok(game)) return CARDRT_E_HANDLE;
  cardrt::EngineCall call(*game->g, EngineCallKind::script_rolls, results, count);
  const int32_t r = act(game, nullptr, [&](Game& g) { return g.script_rolls(results, count); });
  call.finish(r);
  return r;
}
int32_t cardrt_game_end_of_turn_resist(cardrt_game* game, int32_t player) {
  return engine(game, EngineCallKind::end_of_turn_resist, {player},
                [&](Game& g) { return g.end_of_turn_resist(player); });
}
int32_t cardrt_game_card_count(const cardrt_game* game) {
  return ok(game) ? int32_t(game->g->state().cards.size()) : CARDRT_E_HANDLE;
}
int32_t cardrt_game_card_exists(const cardrt_game* game, int32_t card) {
  return ok(game) && game->g->valid_card(card) ? 1 : 0;
}
int32_t cardrt_game_player_wounds(const cardrt_game* game, int32_t player) {
  if (!ok(game) || !game->g->valid_player(player)) return 0;
  return game->g->state().players[size_t(player)].wounds;
}
int32_t cardrt_log_count(const cardrt_game* game) { return ok(game) ? int32_t(game->g->log().size()) : 0; }
int32_t cardrt_log_get(const cardrt_game* game, int32_t index, cardrt_log_event* out) {
  if (!ok(game)) return CARDRT_E_HANDLE;
  if (!out || index < 0 || index >= int32_t(game->g->log().size())) return CARDRT_E_ARGUMENT;
  *out = game->g->log().events()[size_t(index)];
  return CARDRT_OK;
}
namespace {
int64_t copy_out(const std::string& s, char* buffer, int64_t capacity) {
  if (buffer && capacity > 0) {
    const size_t n = std::min<size_t>(s.size(), size_t(capacity - 1));
    std::memcpy(buffer, s.data(), n);
    buffer[n] = '\0';
  }
  return int64_t(s.size()) + 1;
}
}  // namespace
int64_t cardrt_log_render_text(const cardrt_game* game, char* buffer, int64_t capacity) {
  if (!ok(game)) return CARDRT_E_HANDLE;
  try {
    return copy_out(game->g->log().render_text(*game->g), buffer, capacity);
  } catch (...) {
    return CARDRT_E_NO_MEMORY;
  }
}
int64_t cardrt_log_render_json(const cardrt_game* game, char* buffer, int64_t capacity) {
  if (!ok(game)) return CARDRT_E_HANDLE;
  try {
    return copy_out(game->g->log().render_json(*game->g), buffer, capacity);
  } catch (...) {
    return CARDRT_E_NO_MEMORY;
  }
}

// ---------------------------------------------------------------- vocabulary
int32_t cardrt_stat_id(cardrt_game* game, const char* name) {
  return lookup(game, +[](const cardrt::Profile& p) -> const auto& { return p.stats; }, name);
}
int32_t cardrt_keyword_id(cardrt_game* game, const char* name) {
  return lookup(game, +[](const cardrt::Profile& p) -> const auto& { return p.keywords; }, name);
}
int32_t cardrt_resource_id(cardrt_game* game, const char* name) {
  return lookup(game, +[](const cardrt::Profile& p) -> const auto& { return p.resources; }, name);
}
int32_t cardrt_counter_id(cardrt_game* game, const char* name) {
  return lookup(game, +[](const cardrt::Profile& p) -> const auto& { return p.counters; }, name);
}
int32_t cardrt_zone_id(cardrt_game* game, const char* name) {
  return lookup(game, +[](const cardrt::Profile& p) -> const auto& { return p.zones; }, name);
}
int32_t cardrt_event_id(cardrt_game* game, const char* name) {
  if (!ok(game)) return CARDRT_E_HANDLE;
  const int32_t e = cardrt::find_event(game->g->profile(), name);
  return e > 0 ? e : CARDRT_E_UNKNOWN_NAME;
}

// ---------------------------------------------------------------- effect context
namespace {
bool ctx_ok(const cardrt_game* game, const cardrt_effect_ctx* ctx) { return ok(game) && ctx && ctx->game == game->g.get(); }
}  // namespace
int32_t cardrt_ctx_source(cardrt_game* game, cardrt_effect_ctx* ctx) { return ctx_ok(game, ctx) ? ctx->source : 0; }
int32_t cardrt_ctx_controller(cardrt_game* game, cardrt_effect_ctx* ctx) {
  return ctx_ok(game, ctx) ? ctx->controller : CARDRT_NO_PLAYER;
}
int32_t cardrt_ctx_affected_player(cardrt_game* game, cardrt_effect_ctx* ctx) {
  if (!ctx_ok(game, ctx)) return CARDRT_NO_PLAYER;
  // 002 rule 521: with no target named, the effect applies to the hero controlling the ability
  for (const cardrt::Slot& s : ctx->slots)
    if (s.used && s.players && s.count > 0) return s.ids[0];
  return ctx->controller;
}
int32_t cardrt_ctx_x(cardrt_game* game, cardrt_effect_ctx* ctx) { return ctx_ok(game, ctx) ? ctx->x : 0; }
int32_t cardrt_ctx_event(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t field) {
  if (!ctx_ok(game, ctx)) return 0;
  const cardrt::EventInfo& e = ctx->event;
  switch (field) {
    case CARDRT_EVF_KIND: return e.kind;
    case CARDRT_EVF_CARD: return e.card;
    case CARDRT_EVF_PLAYER: return e.player;
    case CARDRT_EVF_AMOUNT: return e.amount;
    case CARDRT_EVF_WHAT: return e.what;
    case CARDRT_EVF_OTHER: return e.other;
    default: return 0;
  }
}

// ---------------------------------------------------------------- reads
int32_t cardrt_stat_get(cardrt_game* game, int32_t card, int32_t stat) {
  return read(game, [&](Game& g) {
    if (!g.valid_card(card) || stat < 0 || stat >= int32_t(g.profile().stats.size())) return bad(g);
    return g.stat_value(g.card(card), stat);
  });
}
int32_t cardrt_stat_base(cardrt_game* game, int32_t card, int32_t stat) {
  return read(game, [&](Game& g) {
    if (!g.valid_card(card) || stat < 0 || stat >= int32_t(g.profile().stats.size())) return bad(g);
    return g.stat_base(g.card(card), stat);
  });
}
int32_t cardrt_stat_result(cardrt_game* game, int32_t card, int32_t stat) {
  return cardrt::floor_zero(cardrt_stat_get(game, card, stat));
}
int32_t cardrt_stat_duel(cardrt_game* game, int32_t card, int32_t stat) {
  return cardrt::floor_zero(cardrt_stat_get(game, card, stat));
}
int32_t cardrt_stat_has(cardrt_game* game, int32_t card, int32_t stat) {
  return read(game, [&](Game& g) {
    if (!g.valid_card(card)) return bad(g);
    return g.stat_present(g.card(card), stat) ? 1 : 0;
  });
}
int32_t cardrt_card_has_keyword(cardrt_game* game, int32_t card, int32_t kw) {
  return read(game, [&](Game& g) {
    if (!g.valid_card(card)) return bad(g);
    return g.has_keyword(g.card(card), kw) ? 1 : 0;
  });
}
int32_t cardrt_card_state(cardrt_game* game, int32_t card, int32_t st) {
  return read(game, [&](Game& g) {
    if (!g.valid_card(card) || st < 0 || st >= 32) return bad(g);
    return g.has_state(g.card(card), st) ? 1 : 0;
  });
}
int32_t cardrt_card_controller(cardrt_game* game, int32_t card) {
  return read(game, [&](Game& g) { return g.valid_card(card) ? g.card(card).controller : CARDRT_NO_PLAYER; });
}
int32_t cardrt_card_zone(cardrt_game* game, int32_t card) {
  return read(game, [&](Game& g) { return g.valid_card(card) ? g.card(card).zone : -1; });
}
int32_t cardrt_card_in_play(cardrt_game* game, int32_t card) {
  return read(game, [&](Game& g) { return g.in_play(card) ? 1 : 0; });
}
int32_t cardrt_card_attached_to(cardrt_game* game, int32_t card) {
  return read(game, [&](Game& g) { return g.valid_card(card) ? g.card(card).attached_to : 0; });
}
int32_t cardrt_card_counters(cardrt_game* game, int32_t card, int32_t counter) {
  return read(game, [&](Game& g) {
    if (!g.valid_card(card) || counter < 0 || counter >= int32_t(g.profile().counters.size())) return bad(g);
    return g.card(card).counters[size_t(counter)];
  });
}
int32_t cardrt_resource_get(cardrt_game* game, int32_t player, int32_t resource) {
  return read(game, [&](Game& g) {
    if (!g.valid_player(player) || resource < 0 || resource >= int32_t(g.profile().resources.size())) return bad(g);
    return g.state().players[size_t(player)].resources[size_t(resource)].amount;
  });
}
int32_t cardrt_zone_count(cardrt_game* game, int32_t player, int32_t zone) {
  return read(game, [&](Game& g) {
    if (!g.valid_player(player) || zone < 0 || zone >= int32_t(g.profile().zones.size())) return bad(g);
    return int32_t(g.state().players[size_t(player)].zones[size_t(zone)].size());
  });
}
int32_t cardrt_zone_card(cardrt_game* game, int32_t player, int32_t zone, int32_t pos) {
  return read(game, [&](Game& g) {
    if (!g.valid_player(player) || zone < 0 || zone >= int32_t(g.profile().zones.size())) return bad(g);
    const auto& z = g.state().players[size_t(player)].zones[size_t(zone)];
    return (pos >= 0 && pos < int32_t(z.size())) ? z[size_t(pos)] : 0;
  });
}
int32_t cardrt_card_battlefield(cardrt_game* game, int32_t card) {
  return read(game, [&](Game& g) { return g.valid_card(card) ? g.card(card).battlefield : 0; });
}
int32_t cardrt_current_battlefield(cardrt_game* game) { return ok(game) ? game->g->state().battlefield : 0; }
int32_t cardrt_active_player(cardrt_game* game) {
  return ok(game) ? game->g->state().active : CARDRT_NO_PLAYER;
}
int32_t cardrt_opponent(cardrt_game* game, int32_t player) { return ok(game) ? game->g->opponent(player) : -1; }
int32_t cardrt_for_each_player(cardrt_game* game, cardrt_effect_ctx* ctx, cardrt_any_fn filter, cardrt_any_fn fn) {
  return act(game, ctx, [&](Game& g) { return g.for_each_player(ctx, as_filter(filter), as_effect(fn)); });
}
int32_t cardrt_duel_card(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t which) {
  if (!ctx_ok(game, ctx)) return 0;
  return read(game, [&](Game& g) { return g.duel_card(ctx->controller, which); });
}
int32_t cardrt_player_turns(cardrt_game* game, int32_t player) {
  return read(game, [&](Game& g) { return g.valid_player(player) ? g.state().players[size_t(player)].turns_started : bad(g); });
}

// ---------------------------------------------------------------- stats and modifiers
int32_t cardrt_stat_modify(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t stat, int32_t delta,
                           int32_t dur) {
  // A continuous trait keeping its bonus changes nothing that settles or raises: no scope, nothing that throws.
  if (ok(game) && ctx && ctx->game == game->g.get())
    if (const int32_t id = game->g->reassert(ctx, card, stat, delta, dur)) {
      game->g->last_error = CARDRT_OK;
      return id;
    }
  return rule(game, ctx, EngineCallKind::stat_modify, {card, stat, delta, dur},
              [&](Game& g) { return g.modify(ctx, card, stat, CARDRT_OP_ADD, delta, dur); });
}
int32_t cardrt_stat_modify_op(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t stat, int32_t op,
                              int32_t operand, int32_t dur) {
  return rule(game, ctx, EngineCallKind::stat_modify_op, {card, stat, op, operand, dur}, [&](Game& g) {
    const int32_t base_op = op & 0xff;
    if (base_op > CARDRT_OP_DIV_UP) return int32_t(CARDRT_E_ARGUMENT);
    if (base_op != CARDRT_OP_ADD && g.profile().modifier_order == CARDRT_ORDER_STEPS_A_C) {
      // 003 Setting stats: under steps A-C every change is a bonus or penalty, here the difference the operation
      // makes to the current value ("Double its ATK": a -2 ATK doubled is a further -2, 000 7.2)
      if (!g.valid_card(card) || stat < 0 || stat >= int32_t(g.profile().stats.size())) return int32_t(CARDRT_E_ARGUMENT);
      const int32_t now = g.stat_value(g.card(card), stat);
      const int32_t next = base_op == CARDRT_OP_MUL   ? cardrt::sat_mul(now, operand)
                           : base_op == CARDRT_OP_DIV ? cardrt::sat_div_down(now, operand)
                           : base_op == CARDRT_OP_DIV_UP ? cardrt::sat_div_up(now, operand)
                           : base_op == CARDRT_OP_SUB ? cardrt::sat_sub(now, operand)
                                                      : operand;
      return g.modify(ctx, card, stat, CARDRT_OP_ADD, cardrt::sat_sub(next, now), dur);
    }
    return g.modify(ctx, card, stat, base_op, operand, dur, nullptr, 1, (op & CARDRT_OP_GRANTS_STAT) != 0);
  });
}
int32_t cardrt_stat_set(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t stat, int32_t value,
                        int32_t dur) {
  return rule(game, ctx, EngineCallKind::stat_set, {card, stat, value, dur},
                [&](Game& g) { return g.set_stat(ctx, card, stat, value, dur); });
}
int32_t cardrt_stat_modify_fluctuating(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t stat,
                                       cardrt_any_fn fn, int32_t sign, int32_t dur) {
  return act(game, ctx, [&](Game& g) {
    if (!fn || (sign != 1 && sign != -1)) return int32_t(CARDRT_E_ARGUMENT);
    return g.modify(ctx, card, stat, CARDRT_OP_ADD, 0, dur, as_amount(fn), sign);
  });
}
int32_t cardrt_modifier_restrict_floor(cardrt_game* game, int32_t modifier, int32_t floor) {
  return act(game, nullptr, [&](Game& g) { return g.restrict_floor(modifier, floor); });
}
int32_t cardrt_stat_penalty_floored(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t stat,
                                    cardrt_any_fn fn, int32_t amount, int32_t floor, int32_t dur) {
  return act(game, ctx, [&](Game& g) {
    if (amount < 0) return int32_t(CARDRT_E_ARGUMENT);
    return g.modify(ctx, card, stat, CARDRT_OP_ADD, fn ? 0 : -amount, dur, as_amount(fn), -1, false, false, true,
                    floor);
  });
}
int32_t cardrt_stat_bound(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t stat, int32_t which,
                          int32_t value, int32_t dur) {
  return act(game, ctx, [&](Game& g) { return g.bound(ctx, card, stat, which, value, dur); });
}
int32_t cardrt_modifier_end(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t modifier) {
  return act(game, ctx, [&](Game& g) { return g.end_modifier(ctx, modifier); });
}
int32_t cardrt_stat_switch(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t a, int32_t sa, int32_t b, int32_t sb) {
  return act(game, ctx, [&](Game& g) { return g.switch_stats(ctx, a, sa, b, sb); });
}

// ---------------------------------------------------------------- states, keywords, grants
int32_t cardrt_bow(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card) {
  return act(game, ctx, [&](Game& g) { return g.set_state(ctx, card, CARDRT_STATE_BOWED, true); });
}
int32_t cardrt_straighten(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card) {
  return act(game, ctx, [&](Game& g) { return g.set_state(ctx, card, CARDRT_STATE_BOWED, false); });
}
int32_t cardrt_set_card_state(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t st, int32_t on) {
  return act(game, ctx, [&](Game& g) { return g.set_state(ctx, card, st, on != 0); });
}
int32_t cardrt_grant_keyword(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t kw, int32_t dur) {
  return act(game, ctx, [&](Game& g) { return g.grant(ctx, card, cardrt::GrantKind::keyword, kw, -1, dur); });
}
int32_t cardrt_remove_keyword(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t kw, int32_t dur) {
  return act(game, ctx, [&](Game& g) { return g.remove_keyword(ctx, card, kw, dur); });
}
int32_t cardrt_grant_protection(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t prot, int32_t dur) {
  return act(game, ctx, [&](Game& g) { return g.grant(ctx, card, cardrt::GrantKind::protection, prot, -1, dur); });
}
int32_t cardrt_grant_protection_while(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t prot,
                                      cardrt_any_fn condition, int32_t dur) {
  return act(game, ctx, [&](Game& g) {
    if (!condition) return int32_t(CARDRT_E_ARGUMENT);
    return g.grant(ctx, card, cardrt::GrantKind::protection, prot, -1, dur, as_filter(condition));
  });
}
int32_t cardrt_grant_ability(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t def, int32_t ability,
                             int32_t dur) {
  return act(game, ctx, [&](Game& g) { return g.grant(ctx, card, cardrt::GrantKind::ability, def, ability, dur); });
}
int32_t cardrt_forbid(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t action, cardrt_any_fn filter,
                      int32_t dur) {
  return act(game, ctx, [&](Game& g) {
    const int32_t what = action & ~CARDRT_FORBID_NEXT;
    if (what == CARDRT_FORBID_GAIN_RESOURCE) return int32_t(CARDRT_E_ARGUMENT);  // a player's: cardrt_forbid_player
    // "Negate its next straightening": a restriction that ends once it has forbidden something (Game::forbid_now)
    const int32_t next = (action & CARDRT_FORBID_NEXT) ? cardrt::kRestrictionNext : -1;
    return g.grant(ctx, card, cardrt::GrantKind::restriction, what, next, dur, as_filter(filter));
  });
}
int32_t cardrt_grant_attack_strength(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t kind,
                                     int32_t amount, int32_t dur) {
  return act(game, ctx, [&](Game& g) { return g.grant(ctx, card, cardrt::GrantKind::attack_strength, kind, amount, dur); });
}
int32_t cardrt_attack_reaches(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t kind, int32_t strength) {
  if (ctx && ok(game) && ctx->game != game->g.get()) return 0;
  return read(game, [&](Game& g) { return int32_t(g.attack_reaches(ctx, card, kind, strength) ? 1 : 0); });
}
int32_t cardrt_forbid_player(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t player, int32_t action, int32_t what,
                             int32_t dur) {
  return act(game, ctx, [&](Game& g) {
    if (!g.valid_player(player) || action != CARDRT_FORBID_GAIN_RESOURCE || !ctx || !g.valid_card(ctx->source))
      return int32_t(CARDRT_E_ARGUMENT);
    if (what < 0 || what >= int32_t(g.profile().resources.size())) return int32_t(CARDRT_E_ARGUMENT);
    return g.grant(ctx, ctx->source, cardrt::GrantKind::restriction, action, what, dur, nullptr, player);
  });
}

// ---------------------------------------------------------------- targeting and choices
int32_t cardrt_target_cards(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t slot, cardrt_any_fn filter,
                            int32_t min, int32_t max, uint32_t flags) {
  return act(game, ctx, [&](Game& g) { return g.target(ctx, slot, as_filter(filter), min, max, flags, true, false); });
}
int32_t cardrt_target_player(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t slot, cardrt_any_fn filter,
                             uint32_t flags) {
  return act(game, ctx, [&](Game& g) { return g.target(ctx, slot, as_filter(filter), 1, 1, flags, true, true); });
}
int32_t cardrt_choose_player(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t slot, cardrt_any_fn filter,
                             uint32_t flags) {
  return act(game, ctx, [&](Game& g) { return g.target(ctx, slot, as_filter(filter), 1, 1, flags, false, true); });
}
int32_t cardrt_choose_cards(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t slot, cardrt_any_fn filter,
                            int32_t min, int32_t max, uint32_t flags) {
  return act(game, ctx,
             [&](Game& g) { return g.target(ctx, slot, as_filter(filter), min, max, flags, false, false); });
}
int32_t cardrt_slot_count(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t slot) {
  if (!ctx_ok(game, ctx) || slot < 0 || slot >= 8) return 0;
  return ctx->slots[slot].count;
}
int32_t cardrt_slot_get(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t slot, int32_t index) {
  if (!ctx_ok(game, ctx)) return 0;
  Game& g = *game->g;
  return guard([&] { return g.slot_get(ctx, slot, index); });
}
int32_t cardrt_choose_number(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t min, int32_t max) {
  return act(game, ctx, [&](Game& g) {
    return g.choose_number(ctx, g.ctx_controller(ctx), min, max, CARDRT_PURPOSE_CHOOSE);
  });
}
int32_t cardrt_choose_yes_no(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t purpose) {
  return act(game, ctx, [&](Game& g) {
    return g.choose_yes_no(ctx, g.ctx_controller(ctx), purpose > 0 ? purpose : CARDRT_PURPOSE_OPTIONAL, 0) ? 1 : 0;
  });
}
int32_t cardrt_choose_yes_no_for(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t player, int32_t purpose) {
  return act(game, ctx, [&](Game& g) {
    if (!g.valid_player(player)) return 0;
    return g.choose_yes_no(ctx, player, purpose > 0 ? purpose : CARDRT_PURPOSE_OPTIONAL, 0) ? 1 : 0;
  });
}
int32_t cardrt_grant_additional_action(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t player, int32_t designators) {
  return act(game, ctx, [&](Game& g) {
    cardrt::AdditionalAction a;
    a.designators = designators;
    return g.grant_additional_action(ctx, player, std::move(a));
  });
}
int32_t cardrt_grant_additional_action_for(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t player, int32_t designators,
                                           int32_t how, int32_t performer, int32_t card, cardrt_any_fn filter) {
  return act(game, ctx, [&](Game& g) {
    cardrt::AdditionalAction a;
    a.designators = designators;
    a.how = how;
    a.performer = performer;
    a.card = card;
    a.filter = as_filter(filter);
    return g.grant_additional_action(ctx, player, std::move(a));
  });
}
int32_t cardrt_x_announce(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t max) {
  if (!ctx_ok(game, ctx)) return 0;
  return act(game, ctx, [&](Game& g) {
    // 000 7.4b: played without paying its cost, the only legal X is zero; 7.4a otherwise chosen and announced
    const int32_t x = ctx->free_play ? 0 : g.choose_number(ctx, ctx->controller, 0, std::max(0, max), CARDRT_PURPOSE_X);
    ctx->x = x;
    ctx->x_set = true;
    if (g.valid_card(ctx->source)) g.card(ctx->source).x_value = x;  // 7.4d: one X for the whole card
    g.emit(CARDRT_LOG_X_ANNOUNCED, ctx->controller, ctx->source, 0, -1, max, x);
    return x;
  });
}
int32_t cardrt_once_per_turn(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t key) {
  return act(game, ctx, [&](Game& g) { return g.once_per_turn(ctx, key); });
}
int32_t cardrt_construct(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t kind, int32_t count) {
  return act(game, ctx, [&](Game& g) { return g.construct(ctx, kind, count); });
}

// ---------------------------------------------------------------- resources
int32_t cardrt_gain_resource(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t p, int32_t r, int32_t n) {
  return rule(game, ctx, EngineCallKind::gain_resource, {p, r, n},
                [&](Game& g) { return g.gain_resource(ctx, p, r, n); });
}
int32_t cardrt_lose_resource(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t p, int32_t r, int32_t n) {
  return act(game, ctx, [&](Game& g) { return g.lose_resource(ctx, p, r, n); });
}
int32_t cardrt_gain_resource_temporary(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t p, int32_t r, int32_t n,
                                       int32_t dur) {
  return act(game, ctx, [&](Game& g) {
    if (dur <= CARDRT_DUR_PERMANENT) return int32_t(CARDRT_E_ARGUMENT);
    return g.gain_resource(ctx, p, r, n, dur);
  });
}
int32_t cardrt_lose_resource_temporary(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t p, int32_t r, int32_t n,
                                       int32_t dur) {
  return act(game, ctx, [&](Game& g) {
    if (dur <= CARDRT_DUR_PERMANENT) return int32_t(CARDRT_E_ARGUMENT);
    return g.lose_resource(ctx, p, r, n, dur);
  });
}
int32_t cardrt_pay_resource(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t p, int32_t r, int32_t n) {
  return act(game, ctx, [&](Game& g) { return g.lose_resource(ctx, p, r, n, -1, true); });
}
int32_t cardrt_set_resource(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t p, int32_t r, int32_t v) {
  return rule(game, ctx, EngineCallKind::set_resource, {p, r, v},
                [&](Game& g) { return g.set_resource(ctx, p, r, v, false); });
}
int32_t cardrt_double_resource(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t p, int32_t r) {
  return act(game, ctx, [&](Game& g) { return g.set_resource(ctx, p, r, 0, true); });
}

// ---------------------------------------------------------------- moving cards
int32_t cardrt_draw(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t p, int32_t n) {
  return act(game, ctx, [&](Game& g) { return g.draw(ctx, p, n); });
}
int32_t cardrt_discard_from_hand(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t p, int32_t n) {
  return act(game, ctx, [&](Game& g) { return g.discard_from_hand(ctx, p, n); });
}
int32_t cardrt_mill(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t p, int32_t n) {
  return act(game, ctx, [&](Game& g) { return g.mill(ctx, p, n); });
}
int32_t cardrt_move_card(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t zone, int32_t bottom) {
  return act(game, ctx, [&](Game& g) { return g.move_card(ctx, card, zone, bottom != 0); });
}
int32_t cardrt_destroy(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card) {
  return act(game, ctx, [&](Game& g) { return g.destroy(ctx, card, cardrt::kCauseEffect); });
}
int32_t cardrt_discard_card(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card) {
  return act(game, ctx, [&](Game& g) { return g.discard_card(ctx, card); });
}
int32_t cardrt_attach(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t att, int32_t host) {
  return rule(game, ctx, EngineCallKind::attach, {att, host}, [&](Game& g) { return g.attach(ctx, att, host, false); });
}
int32_t cardrt_transfer(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t att, int32_t host) {
  return rule(game, ctx, EngineCallKind::transfer, {att, host},
                [&](Game& g) { return g.attach(ctx, att, host, true); });
}
int32_t cardrt_create_card(cardrt_game* game, cardrt_effect_ctx* ctx, const char* type, int32_t controller,
                           int32_t zone) {
  return act(game, ctx, [&](Game& g) {
    const int32_t t = cardrt::find_named(g.profile().card_types, type);
    if (t < 0) return int32_t(CARDRT_E_UNKNOWN_NAME);
    return g.create_card(ctx, t, controller, zone);
  });
}
int32_t cardrt_created_set_base(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t stat, int32_t v) {
  return act(game, ctx, [&](Game& g) {
    if (!g.valid_card(card) || !g.card(card).created || stat < 0 || stat >= int32_t(g.profile().stats.size()))
      return int32_t(CARDRT_E_ARGUMENT);
    g.card(card).base[size_t(stat)] = cardrt::BaseStat{CARDRT_BASE_VALUE, v};  // granted without a duration
    return int32_t(CARDRT_OK);
  });
}
int32_t cardrt_created_add_keyword(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t kw) {
  return act(game, ctx, [&](Game& g) {
    if (!g.valid_card(card) || !g.card(card).created || kw < 0 || kw >= int32_t(g.profile().keywords.size()))
      return int32_t(CARDRT_E_ARGUMENT);
    auto& k = g.card(card).created_keywords;
    if (std::find(k.begin(), k.end(), kw) == k.end()) k.push_back(kw);
    g.card(card).keywords_varied = 1;
    return int32_t(CARDRT_OK);
  });
}

// ---------------------------------------------------------------- counters and tokens
int32_t cardrt_add_counters(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t counter, int32_t n) {
  return act(game, ctx, [&](Game& g) { return g.add_counters(ctx, card, counter, n); });
}
int32_t cardrt_remove_counters(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t counter, int32_t n) {
  return act(game, ctx, [&](Game& g) { return g.remove_counters(ctx, card, counter, n); });
}
int32_t cardrt_place_stat_token(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t stat, int32_t delta) {
  return act(game, ctx, [&](Game& g) {
    // 001 Token: the token's bonus or penalty comes from the card that created it, and leaves with its card
    if (!g.in_play(card)) return int32_t(CARDRT_FAILED);
    const auto& counters = g.profile().counters;
    for (size_t i = 0; i < counters.size(); ++i)
      if (counters[i].flags & CARDRT_COUNTER_TOKEN) {
        g.add_counters(ctx, card, int32_t(i), 1);
        break;
      }
    return g.modify(ctx, card, stat, CARDRT_OP_ADD, delta, CARDRT_DUR_PERMANENT, nullptr, 1, false, true);
  });
}
int32_t cardrt_gain_earmarked(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t player, int32_t resource, int32_t amount,
                              cardrt_any_fn filter, uint32_t flags) {
  return act(game, ctx, [&](Game& g) { return g.gain_earmarked(ctx, player, resource, amount, as_filter(filter), flags); });
}
int32_t cardrt_payment_card(cardrt_game* game) {
  return act(game, nullptr, [&](Game& g) { return int32_t(g.payment_card()); });
}
int32_t cardrt_payment_reduce(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t amount) {
  return act(game, ctx, [&](Game& g) { return g.reduce_payment(ctx, amount); });
}
int32_t cardrt_game_begin_payment(cardrt_game* game, int32_t player, int32_t card, int32_t resource, int32_t amount) {
  return engine(game, EngineCallKind::begin_payment, {player, card, resource, amount},
                [&](Game& g) { return g.begin_payment(player, card, resource, amount); });
}
int32_t cardrt_game_finish_payment(cardrt_game* game, int32_t player) {
  return engine(game, EngineCallKind::finish_payment, {player}, [&](Game& g) { return g.finish_payment(player); });
}
int32_t cardrt_game_earmarked(cardrt_game* game, int32_t player, int32_t resource) {
  return read(game, [&](Game& g) { return g.earmarked(player, resource); });
}
int32_t cardrt_token_bonus(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t stat, int32_t delta) {
  return act(game, ctx, [&](Game& g) {
    // 001 Token: "a -1F/-1C Poison token": each of the token's stats, from the card that created it; the token
    // itself is a counter of its kind (cardrt_add_counters), placed first
    if (!g.in_play(card)) return int32_t(CARDRT_FAILED);
    return g.modify(ctx, card, stat, CARDRT_OP_ADD, delta, CARDRT_DUR_PERMANENT, nullptr, 1, false, true);
  });
}

// ---------------------------------------------------------------- damage, healing, dice
int32_t cardrt_deal_damage(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t target, int32_t amount, uint32_t flags) {
  return rule(game, ctx, EngineCallKind::deal_damage, {target, amount, int32_t(flags)},
                [&](Game& g) { return g.deal_damage(ctx, target, amount, flags, g.ctx_source(ctx)); });
}
int32_t cardrt_attack(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t attacker, int32_t defender) {
  return rule(game, ctx, EngineCallKind::attack, {attacker, defender},
                [&](Game& g) { return g.attack(ctx, attacker, defender); });
}
int32_t cardrt_heal(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t n) {
  return rule(game, ctx, EngineCallKind::heal, {card, n}, [&](Game& g) { return g.heal(ctx, card, n); });
}
int32_t cardrt_wound_player(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t p, int32_t n) {
  return rule(game, ctx, EngineCallKind::wound_player, {p, n}, [&](Game& g) { return g.wound_player(ctx, p, n); });
}
int32_t cardrt_heal_player(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t p, int32_t n) {
  return rule(game, ctx, EngineCallKind::heal_player, {p, n}, [&](Game& g) { return g.heal_player(ctx, p, n); });
}
int32_t cardrt_roll_d6(cardrt_game* game, cardrt_effect_ctx* ctx) {
  return act(game, ctx, [&](Game& g) { return g.roll_d6(ctx, g.ctx_source(ctx), -1); });
}
int32_t cardrt_random(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t bound) {
  return act(game, ctx, [&](Game& g) { return g.random_below(ctx, bound); });
}
int32_t cardrt_discard_random(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t player, int32_t count) {
  return act(game, ctx, [&](Game& g) { return g.discard_random(ctx, player, count); });
}
int32_t cardrt_roll_stat(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t stat) {
  return act(game, ctx, [&](Game& g) {
    // 004 Luck and Resist rolls: success when the D6 result is equal to or less than the unit's total
    if (!g.valid_card(card) || stat < 0 || stat >= int32_t(g.profile().stats.size())) return int32_t(CARDRT_E_ARGUMENT);
    const int32_t total = g.stat_value(g.card(card), stat);
    return g.roll_d6(ctx, card, stat) <= total ? 1 : 0;
  });
}
int32_t cardrt_roll_luck(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card) {
  return act(game, ctx, [&](Game& g) {
    // 004 Luck: success when the D6 result is equal to or less than the unit's total Luck
    const int32_t lk = g.profile().role(CARDRT_ROLE_LUCK);
    if (!g.valid_card(card) || lk < 0) return int32_t(CARDRT_E_ARGUMENT);
    const int32_t luck = g.stat_value(g.card(card), lk);
    return g.roll_d6(ctx, card, lk) <= luck ? 1 : 0;
  });
}
int32_t cardrt_inflict_status(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t counter, int32_t n,
                              uint32_t flags) {
  return act(game, ctx, [&](Game& g) { return g.inflict_status(ctx, card, counter, n, flags); });
}

// ---------------------------------------------------------------- timing
int32_t cardrt_delay(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t boundary, int32_t player, int32_t turns,
                     cardrt_any_fn fn) {
  return act(game, ctx, [&](Game& g) { return g.delay(ctx, boundary, player, turns, as_effect(fn)); });
}
int32_t cardrt_delay_until_event(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t event, int32_t card, cardrt_any_fn filter,
                                 uint32_t flags, int32_t lapses, cardrt_any_fn fn) {
  return act(game, ctx, [&](Game& g) {
    return g.delay_until_event(ctx, event, card, filter ? as_effect(filter) : nullptr, flags, lapses, as_effect(fn));
  });
}
int32_t cardrt_emit(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t event, int32_t card, int32_t amount) {
  return act(game, ctx, [&](Game& g) {
    if (event < CARDRT_EV_FIRST_CUSTOM || event >= g.profile().event_count()) return int32_t(CARDRT_E_ARGUMENT);
    if (ctx && ctx->probe) return int32_t(CARDRT_OK);
    g.dispatch(cardrt::EventInfo{.kind = event, .card = card, .player = g.ctx_controller(ctx), .amount = amount,
                                 .other = g.ctx_source(ctx)});
    return int32_t(CARDRT_OK);
  });
}

// ---------------------------------------------------------------- replacement
int32_t cardrt_pending_amount(cardrt_game* game, cardrt_effect_ctx* ctx) {
  return ctx_ok(game, ctx) && ctx->pending ? ctx->pending->ev.amount : 0;
}
int32_t cardrt_pending_set_amount(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t v) {
  if (!ctx_ok(game, ctx)) return CARDRT_E_HANDLE;
  if (!ctx->pending) return CARDRT_E_STATE;
  if (ctx->probe) return CARDRT_OK;
  ctx->pending->ev.amount = cardrt::floor_zero(v);
  return CARDRT_OK;
}
int32_t cardrt_pending_cancel(cardrt_game* game, cardrt_effect_ctx* ctx) {
  if (!ctx_ok(game, ctx)) return CARDRT_E_HANDLE;
  if (!ctx->pending) return CARDRT_E_STATE;
  if (ctx->probe) return CARDRT_OK;
  ctx->pending->cancelled = true;
  return CARDRT_OK;
}

// ---------------------------------------------------------------- win and lose
int32_t cardrt_player_wins(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t p) {
  return act(game, ctx, [&](Game& g) { return g.player_wins(p); });
}
int32_t cardrt_player_loses(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t p) {
  return act(game, ctx, [&](Game& g) { return g.player_loses(p); });
}

}  // extern "C"

// ---- card queries for compiled continuous traits and counts ----
extern "C" {

int32_t cardrt_card_type(cardrt_game* game, int32_t card) {
  return read(game, [&](Game& g) { return g.valid_card(card) ? g.card(card).type : -1; });
}

int32_t cardrt_count_cards(cardrt_game* game, cardrt_effect_ctx* ctx, cardrt_any_fn filter) {
  if (!ok(game) || !filter) return 0;
  return read(game, [&](Game& g) {
    int32_t n = 0;
    const int32_t count = int32_t(g.state().cards.size());
    for (int32_t id = 1; id <= count; ++id)
      if (g.in_play(id) && as_filter(filter)(game, ctx, id)) ++n;
    return n;
  });
}

int32_t cardrt_for_each_card(cardrt_game* game, cardrt_effect_ctx* ctx, cardrt_any_fn filter, cardrt_any_fn fn) {
  return act(game, ctx, [&](Game& g) {
    if (!filter || !fn) return int32_t(CARDRT_E_ARGUMENT);
    int32_t done = 0;
    // Ids are fixed first: cards created by fn are not visited (a snapshot of the cards in play now).
    const cardrt::CardList ids = g.cards_in_play();
    for (int32_t id : ids)
      if (g.in_play(id) && as_filter(filter)(game, ctx, id) && as_amount(fn)(game, ctx, id) == CARDRT_OK) ++done;
    return done;
  });
}

// ---------------------------------------------------------------- appended in ABI version 8 (beside the call it unrolls)
int32_t cardrt_each_card_begin(cardrt_game* game, cardrt_effect_ctx* ctx) {
  if (!ok(game)) return CARDRT_E_HANDLE;
  if (ctx && ctx->game != game->g.get()) return CARDRT_E_HANDLE;
  Game& g = *game->g;
  const int32_t r = guard([&] { return g.each_card_begin(); });
  // failed before the loop's operation began: as cardrt_for_each_card failing inside its scope
  if (r < 0) return act(game, ctx, [&](Game&) { return r; });
  return r;
}

int32_t cardrt_each_card_end(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t done) {
  if (!ok(game)) return CARDRT_E_HANDLE;
  if (ctx && ctx->game != game->g.get()) return CARDRT_E_HANDLE;
  Game& g = *game->g;
  if (!g.each_card_end()) {
    g.last_error = CARDRT_E_STATE;
    return CARDRT_E_STATE;
  }
  g.last_error = CARDRT_OK;
  return done;
}

// ---------------------------------------------------------------- appended in ABI version 3
int32_t cardrt_count_cards_for(cardrt_game* game, int32_t card, cardrt_any_fn filter) {
  if (!ok(game) || !filter) return 0;
  return read(game, [&](Game& g) {
    if (!g.valid_card(card)) return 0;
    // A base function has no effect context: "you" is the card's controller, "this card" the card itself.
    cardrt_effect_ctx ctx = g.rule_ctx(g.card(card).controller, card);
    return cardrt_count_cards(game, &ctx, filter);
  });
}

int32_t cardrt_choose_status(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card) {
  if (!ctx_ok(game, ctx)) return -1;
  Game& g = *game->g;
  const int32_t r = guard([&] { return ctx->probe ? int32_t(-1) : g.choose_status(ctx->controller, card, ctx->source); });
  return r < 0 ? -1 : r;
}

int32_t cardrt_send_home(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card) {
  return act(game, ctx, [&](Game& g) { return g.send_home(ctx, card); });
}

int32_t cardrt_card_attachments(cardrt_game* game, int32_t card, int32_t type) {
  return read(game, [&](Game& g) {
    if (!g.valid_card(card)) return 0;
    int32_t n = 0;
    for (int32_t a : g.card(card).attachments)
      if (type < 0 || g.card(a).type == type) ++n;
    return n;
  });
}

int32_t cardrt_card_history(cardrt_game* game, int32_t card, int32_t which) {
  return read(game, [&](Game& g) { return g.card_history(card, which); });
}

int32_t cardrt_card_challenged(cardrt_game* game, int32_t card, int32_t type) {
  return read(game, [&](Game& g) { return g.challenged_this_turn(card, type); });
}

int32_t cardrt_unit_force(cardrt_game* game, int32_t card) {
  return read(game, [&](Game& g) { return g.unit_force(card); });
}

int32_t cardrt_move_to_battlefield(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t battlefield) {
  return act(game, ctx, [&](Game& g) {
    if (!g.in_play(card) || battlefield < 0) return int32_t(CARDRT_E_ARGUMENT);
    if (g.forbid_now(ctx, card, CARDRT_FORBID_MOVE)) return int32_t(CARDRT_FAILED);
    // a Personality moves with his unit: the cards attached to him
    g.move_unit(card, battlefield);
    return int32_t(CARDRT_OK);
  });
}

int32_t cardrt_card_attachments_matching(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, cardrt_any_fn filter) {
  if (!ok(game) || !filter) return 0;
  return read(game, [&](Game& g) {
    if (!g.valid_card(card)) return 0;
    int32_t n = 0;
    for (int32_t a : g.card(card).attachments)
      if (as_filter(filter)(game, ctx, a)) ++n;
    return n;
  });
}

int32_t cardrt_look_at_top(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t slot, int32_t player, int32_t zone,
                           int32_t count) {
  if (!ctx_ok(game, ctx)) return CARDRT_E_HANDLE;
  return act(game, ctx, [&](Game& g) { return g.look_at_top(ctx, slot, player, zone, count); });
}

int32_t cardrt_reorder_top(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t slot) {
  if (!ctx_ok(game, ctx)) return CARDRT_E_HANDLE;
  return act(game, ctx, [&](Game& g) { return g.reorder_top(ctx, slot); });
}

int32_t cardrt_choose_zone(cardrt_game* game, cardrt_effect_ctx* ctx, uint32_t zones) {
  if (!ctx_ok(game, ctx)) return CARDRT_E_HANDLE;
  return act(game, ctx, [&](Game& g) { return g.choose_zone(ctx, zones); });
}

int32_t cardrt_slot_except(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t from, uint32_t except, int32_t to) {
  if (!ctx_ok(game, ctx)) return CARDRT_E_HANDLE;
  return act(game, ctx, [&](Game& g) { return g.slot_except(ctx, from, except, to); });
}

int32_t cardrt_put_slot(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t slot, int32_t player, int32_t zone,
                        uint32_t flags) {
  if (!ctx_ok(game, ctx)) return CARDRT_E_HANDLE;
  return act(game, ctx, [&](Game& g) { return g.put_slot(ctx, slot, player, zone, flags); });
}

int32_t cardrt_choose_from_slot(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t from, int32_t to, int32_t min,
                                int32_t max) {
  if (!ctx_ok(game, ctx)) return CARDRT_E_HANDLE;
  return act(game, ctx, [&](Game& g) { return g.choose_from_slot(ctx, from, to, min, max); });
}

int32_t cardrt_search_zone(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t slot, int32_t player, int32_t zone,
                           cardrt_any_fn filter, int32_t min, int32_t max) {
  if (!ctx_ok(game, ctx)) return CARDRT_E_HANDLE;
  return act(game, ctx, [&](Game& g) { return g.search_zone(ctx, slot, player, zone, as_filter(filter), min, max); });
}

int32_t cardrt_card_title_is(cardrt_game* game, int32_t card, const char* title) {
  if (!title) return 0;
  return read(game, [&](Game& g) { return int32_t(g.valid_card(card) && g.card_title(card) == title); });
}

int32_t cardrt_reveal(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card) {
  return act(game, ctx, [&](Game& g) { return g.reveal(ctx, card); });
}

int32_t cardrt_for_each_in_slot(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t slot, cardrt_any_fn fn) {
  if (!ctx_ok(game, ctx)) return CARDRT_E_HANDLE;
  return act(game, ctx, [&](Game& g) {
    if (!fn) return int32_t(CARDRT_E_ARGUMENT);
    int32_t done = 0;
    for (int32_t id : g.slot_cards(ctx, slot))
      if (as_amount(fn)(game, ctx, id) == CARDRT_OK) ++done;
    return done;
  });
}

int32_t cardrt_deal_damage_divided(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t slot, int32_t amount,
                                   uint32_t flags) {
  if (!ctx_ok(game, ctx)) return CARDRT_E_HANDLE;
  return act(game, ctx, [&](Game& g) { return g.deal_damage_divided(ctx, slot, amount, flags); });
}

int32_t cardrt_prevent_damage(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t card, int32_t amount, int32_t dur) {
  return act(game, ctx, [&](Game& g) { return g.prevent_damage(ctx, card, amount, dur); });
}

int32_t cardrt_play_from_hand(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t player, cardrt_any_fn filter) {
  return act(game, ctx, [&](Game& g) { return g.play_from_hand(ctx, player, as_filter(filter)); });
}

int32_t cardrt_duel(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t challenger, int32_t challenged, uint32_t flags) {
  return act(game, ctx, [&](Game& g) { return g.duel(ctx, challenger, challenged, flags); });
}

int32_t cardrt_ctx_def(cardrt_game* game, cardrt_effect_ctx* ctx) { return ctx_ok(game, ctx) ? ctx->def : -1; }

int32_t cardrt_slot_follow(cardrt_game* game, cardrt_effect_ctx* ctx, int32_t slot) {
  if (!ctx_ok(game, ctx) || slot < 0 || slot >= 8) return CARDRT_E_ARGUMENT;
  return read(game, [&](Game& g) {
    cardrt::Slot& s = ctx->slots[slot];
    if (s.players) return int32_t(CARDRT_E_ARGUMENT);
    ctx->filled_slots |= uint8_t(1u << slot);
    for (int32_t i = 0; i < s.count; ++i)
      if (g.valid_card(s.ids[i])) s.objects[i] = g.card(s.ids[i]).object;
    s.flags |= CARDRT_TGT_ANY_ZONE;
    s.filter = nullptr;
    return int32_t(CARDRT_OK);
  });
}

}  // extern "C"
