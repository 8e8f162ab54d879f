// Cards moving between zones: entering and leaving play, drawing, discarding, attachments, created cards,
// counters and tokens.
#include <algorithm>

#include "game.hpp"
#include "saturating.hpp"

namespace cardrt {

CardId Game::add_card(int32_t def, PlayerId owner, int32_t zone) {
  const Profile& p = *profile_;
  if (def < 0 || def >= int32_t(pool_->defs.size()) || !valid_player(owner) || zone < 0 ||
      zone >= int32_t(p.zones.size()))
    return CARDRT_E_ARGUMENT;
  const CardDef& d = pool_->defs[size_t(def)];
  Card c;
  c.id = int32_t(s_.cards.size()) + 1;
  c.def = def;
  c.type = d.type;
  for (int32_t kw : d.keywords)
    if (kw >= 0 && kw < 64) c.printed_keywords |= uint64_t{1} << kw;
  c.owner = c.controller = c.zone_player = owner;
  set_zone(c, zone);
  c.base.assign(d.stats.data(), d.stats.data() + d.stats.size());
  c.base.resize(p.stats.size());
  c.counters.assign(p.counters.size(), 0);
  // asked about events wherever it is (ids only grow: the list stays sorted); otherwise while in play (set_in_play)
  if (d.triggers.bits && d.triggers_out_of_play) s_.with_triggers.push_back(c.id);
  s_.cards.push_back(std::move(c));
  publish_cards();
  Card& added = s_.cards.back();
  insert_into_zone(added, owner, zone, true);
  emit(CARDRT_LOG_CARD_CREATED, owner, added.id, 0, zone, 0, def);
  return added.id;
}

void Game::set_zone(Card& c, int32_t zone) {
  if (zone != c.zone) {  // a card that changes zones leaves its province (provinces.cpp)
    // the province it has just left, if it was in one ("After you Recruit this Holding from a Province")
    c.left_province = c.province;
    c.province = 0;
  }
  c.zone = zone;
  set_in_play(c, c.exists && profile_->zone_in_play(zone));
}


void Game::set_in_play(Card& c, bool in_play) {
  if (bool(c.in_play) == in_play) return;
  c.in_play = in_play;
  if (in_play) c.entered_turn = s_.turn_serial;  // "entered play this turn" (card_history.cpp)
  keep_sorted(s_.in_play, c.id, in_play);
  if (const CardDef* d = def_of(c)) {
    if (!d->continuous.empty()) keep_sorted(s_.in_play_continuous, c.id, in_play);
    if (d->triggers.bits && !d->triggers_out_of_play) keep_sorted(s_.with_triggers, c.id, in_play);
  }
  if (in_play)
    for (const Grant& g : c.grants) s_.ability_grants_in_play += g.kind == GrantKind::ability ? 1 : 0;
}

void Game::remove_from_zone(Card& c) {
  auto& list = s_.players[size_t(c.zone_player)].zones[size_t(c.zone)];
  list.erase(std::remove(list.begin(), list.end(), c.id), list.end());
}

void Game::insert_into_zone(Card& c, PlayerId p, int32_t zone, bool bottom) {
  auto& list = s_.players[size_t(p)].zones[size_t(zone)];
  if (bottom) list.push_back(c.id);
  else list.insert(list.begin(), c.id);
  set_zone(c, zone);
  c.zone_player = p;
}

bool Game::is_terrain(const Card& c) const {
  if (!profile_->rule(CARDRT_RULE_TERRAIN)) return false;
  const int32_t kw = profile_->keyword_with_meaning(CARDRT_KWR_TERRAIN);
  return kw >= 0 && has_keyword(c, kw);
}

// Leaving play makes the card a new object: its modifiers, grants, states, counters and tokens go
// (001 Token: tokens leave play with their card), its attachments leave too, and a created card
// ceases to exist (003 Created cards).
void Game::leave_play(Card& c) {
  const CardId id = c.id;
  emit(CARDRT_LOG_LEAVE_PLAY, c.controller, id, 0, c.zone, 0, 0);
  if (c.attached_to) {
    auto& host = card(c.attached_to).attachments;
    host.erase(std::remove(host.begin(), host.end(), id), host.end());
    c.attached_to = 0;
  }
  const std::vector<CardId> attachments = c.attachments;
  for (CardId a : attachments) {
    card(a).attached_to = 0;
    if (discard_pile(a) >= 0) move_card(nullptr, a, discard_pile(a));
  }
  Card& cc = card(id);
  cc.attachments.clear();
  cc.mods.clear();
  cc.continuous_mods_shared = false;
  cc.grants.clear();
  cc.shields.clear();
  cc.states = 0;
  std::fill(cc.counters.begin(), cc.counters.end(), 0);
  cc.uses.clear();
  cc.battlefield = 0;
  cc.won_duel_turn = 0;
  cc.moved_battle = 0;
  cc.entered_turn = cc.challenged_turn = 0;
  cc.challenged_types = 0;
  cc.no_side = false;
  cc.x_value = 0;
  cc.zero_chi_logged = false;
  end_effects_from(id, kEndWhileInPlay);
  raise(EventInfo{.kind = CARDRT_EV_LEAVE_PLAY, .card = id, .player = card(id).controller});
}

int32_t Game::move_card(cardrt_effect_ctx* ctx, CardId id, int32_t zone, bool to_bottom) {
  if (id == CARDRT_NO_CARD) return CARDRT_FAILED;
  if (!valid_card(id) || zone < 0 || zone >= int32_t(profile_->zones.size())) return CARDRT_E_ARGUMENT;
  if (ctx && ctx->probe) return CARDRT_OK;
  const bool was_in_play = in_play(id);
  const bool to_play = profile_->zone_in_play(zone);
  if (was_in_play && to_play) {  // between play zones: the same object
    Card& c = card(id);
    remove_from_zone(c);
    insert_into_zone(c, c.controller, zone, true);
    emit(CARDRT_LOG_CARD_MOVED, c.controller, id, ctx_source(ctx), zone, 0, 0);
    return CARDRT_OK;
  }
  if (was_in_play) {
    leave_play(card(id));
    Card& c = card(id);
    if (c.created) {  // 003 Created cards: a created card ceases to exist when it leaves play
      remove_from_zone(c);
      c.exists = false;
      set_in_play(c, false);
      emit(CARDRT_LOG_CEASED_TO_EXIST, c.owner, id, 0, -1, 0, 0);
      return CARDRT_OK;
    }
    c.controller = c.owner;
  }
  Card& c = card(id);
  const int32_t from_zone = c.zone;
  remove_from_zone(c);
  ++c.object;
  // new cards go on top of ordered zones (deck, discard pile) unless told otherwise, at the end of others
  const bool ordered = profile_->zones[size_t(zone)].flags & CARDRT_ZONE_ORDERED;
  insert_into_zone(c, to_play ? c.controller : c.owner, zone, to_bottom || !ordered);
  emit(CARDRT_LOG_CARD_MOVED, c.zone_player, id, ctx_source(ctx), zone, 0, 0);
  if (to_play) {
    // "This Fortification enters play bowed": so it is as it enters, before anything answers its entering
    if (const CardDef* d = def_of(c); d && d->enter_play_states) c.states |= d->enter_play_states;
    emit(CARDRT_LOG_ENTER_PLAY, c.controller, id, ctx_source(ctx), zone, 0, 0);
    // what: the zone it came from ("After this Holding enters play from a Province")
    raise(EventInfo{.kind = CARDRT_EV_ENTER_PLAY, .card = id, .player = c.controller, .what = from_zone});
  }
  return CARDRT_OK;
}

int32_t Game::play_cost(PlayerId p, CardId id, int32_t stat, CardId host) {
  if (!valid_player(p) || !valid_card(id) || stat < 0 || stat >= int32_t(profile_->stats.size())) return 0;
  int64_t cost = stat_value(card(id), stat);
  // the card's own text ("Enters play for 1 less Gold if you are a Lion Clan player"), its player's as "you"; when
  // it attaches, what it says of the card it attaches to ("Attaches to a Thunder Shugenja for 1 less Gold")
  if (const CardDef* d = def_of(card(id)))
    for (const auto& [fn, scope] : d->cost_reductions)
      if (scope == CARDRT_COST_SELF || (scope == CARDRT_COST_ATTACHING && host != 0)) {
        cardrt_effect_ctx ctx = rule_ctx(p, id);
        cost -= fn(handle, &ctx, scope == CARDRT_COST_SELF ? id : host);
      }
  // the cards in play ("Your Spells enter play for 1 less Gold"), each with its controller as "you"
  for (CardId src : cards_in_play())
    if (const CardDef* d = def_of(card(src)))
      for (const auto& [fn, scope] : d->cost_reductions)
        if (scope == CARDRT_COST_OTHERS && src != id) {
          cardrt_effect_ctx ctx = rule_ctx(card(src).controller, src);
          cost -= fn(handle, &ctx, id);
        }
  return int32_t(std::clamp<int64_t>(cost, 0, INT32_MAX));  // 000 7.2: never below zero
}

int32_t Game::put_into_play(CardId id, PlayerId controller, int32_t battlefield) {
  const int32_t play = profile_->zone(CARDRT_ZROLE_PLAY);
  if (play < 0) return CARDRT_E_STATE;
  if (!valid_card(id) || !valid_player(controller)) return CARDRT_E_ARGUMENT;
  if (in_play(id)) return CARDRT_FAILED;
  card(id).controller = controller;
  if (battlefield >= 0) card(id).battlefield = battlefield;
  return move_card(nullptr, id, play);
}

int32_t Game::destroy(cardrt_effect_ctx* ctx, CardId id, int32_t cause) {
  if (id == CARDRT_NO_CARD) return CARDRT_FAILED;
  if (!valid_card(id)) return CARDRT_E_ARGUMENT;
  if (!in_play(id)) return CARDRT_FAILED;
  if (ctx && ctx->probe) return CARDRT_OK;
  Card& c = card(id);
  // 003 Chi: only a continuous negation, or an effect that refers to the zero Chi rule, stops destruction
  // from zero Chi; ongoing or instantaneous negation (replacement effects) does not
  const bool prevented = cause == kCauseZeroChi
                             ? (has_protection(c, CARDRT_PROT_CANNOT_BE_DESTROYED, true) ||
                                has_protection(c, CARDRT_PROT_ZERO_CHI))
                             : has_protection(c, CARDRT_PROT_CANNOT_BE_DESTROYED);
  if (prevented) {
    if (cause != kCauseZeroChi || !c.zero_chi_logged)
      emit(CARDRT_LOG_DESTRUCTION_PREVENTED, c.controller, id, ctx_source(ctx), -1, cause, 0);
    if (cause == kCauseZeroChi) c.zero_chi_logged = true;
    return CARDRT_FAILED;
  }
  if (cause != kCauseZeroChi) {
    Pending p;
    p.ev.kind = CARDRT_EV_WOULD_BE_DESTROYED;
    p.ev.card = id;
    p.ev.player = c.controller;
    p.ev.other = ctx_source(ctx);
    p.cause = cause;
    replace(p);
    if (p.cancelled) {
      emit(CARDRT_LOG_DESTRUCTION_PREVENTED, card(id).controller, id, ctx_source(ctx), -1, cause, 1);
      return CARDRT_FAILED;
    }
  }
  // 001 Terrain: a destroyed Terrain's ongoing effects end and its delayed effects are no longer applied;
  // this is not negation, so even effects that can not be negated end
  if (is_terrain(card(id))) end_effects_from(id, kEndAll);
  const PlayerId ctrl = card(id).controller;
  emit(CARDRT_LOG_DESTROYED, ctrl, id, ctx_source(ctx), -1, cause, 0);
  const int32_t discard = discard_pile(id);
  const int32_t removed = profile_->zone(CARDRT_ZROLE_REMOVED);
  const int32_t to = discard >= 0 ? discard : removed;
  if (to < 0) return CARDRT_E_STATE;
  move_card(ctx, id, to);
  raise(EventInfo{.kind = CARDRT_EV_DESTROYED, .card = id, .player = ctrl, .amount = cause, .other = ctx_source(ctx)});
  return CARDRT_OK;
}

int32_t Game::discard_card(cardrt_effect_ctx* ctx, CardId id) {
  if (id == CARDRT_NO_CARD) return CARDRT_FAILED;
  if (!valid_card(id)) return CARDRT_E_ARGUMENT;
  const int32_t discard = discard_pile(id);
  if (discard < 0) return CARDRT_E_STATE;
  if (card(id).zone == discard) return CARDRT_FAILED;
  if (ctx && ctx->probe) return CARDRT_OK;
  emit(CARDRT_LOG_DISCARD, card(id).controller, id, ctx_source(ctx), -1, 1, 0);
  return move_card(ctx, id, discard);
}

// 002_3bccf7f22febdff2.txt 520.3: drawing more than the deck holds takes as many as there are.
int32_t Game::draw(cardrt_effect_ctx* ctx, PlayerId p, int32_t n) {
  const int32_t deck = profile_->zone(CARDRT_ZROLE_DECK), hand = profile_->zone(CARDRT_ZROLE_HAND);
  if (deck < 0 || hand < 0) return CARDRT_E_STATE;
  if (!valid_player(p) || n < 0) return CARDRT_E_ARGUMENT;
  if (ctx && ctx->probe) return CARDRT_OK;
  Pending pend;
  pend.ev.kind = CARDRT_EV_WOULD_DRAW;
  pend.ev.player = p;
  pend.ev.amount = n;
  replace(pend);
  if (pend.cancelled) return 0;
  n = std::max(0, pend.ev.amount);
  int32_t drawn = 0;
  for (; drawn < n; ++drawn) {
    auto& d = s_.players[size_t(p)].zones[size_t(deck)];
    if (d.empty()) break;
    const CardId top = d.front();
    move_card(ctx, top, hand);
    emit(CARDRT_LOG_DRAW, p, top, ctx_source(ctx), -1, 1, 0);
    raise(EventInfo{.kind = CARDRT_EV_CARD_DRAWN, .card = top, .player = p});
  }
  if (drawn < n) {
    Player& pl = s_.players[size_t(p)];
    // 002 601: failing to draw for the third time in the accumulation phase loses the game
    const bool counts = s_.phase == CARDRT_PHASE_ACCUMULATION && profile_->rule(CARDRT_RULE_DECK_OUT);
    if (counts) ++pl.failed_draws;
    emit(CARDRT_LOG_DRAW_FAILED, p, 0, ctx_source(ctx), -1, n - drawn, pl.failed_draws);
    if (counts && pl.failed_draws >= 3) player_loses(p);
  }
  return drawn;
}

// 002 520.4: discarding more than the hand holds discards the whole hand. The player chooses which.
std::vector<CardId> Game::hand_for(const cardrt_effect_ctx* ctx, PlayerId p) const {
  const int32_t hand = profile_->zone(CARDRT_ZROLE_HAND);
  if (hand < 0 || !valid_player(p)) return {};
  std::vector<CardId> cards = s_.players[size_t(p)].zones[size_t(hand)];
  if (ctx && ctx->ab && (ctx->ab->flags & CARDRT_ABF_PLAYED_FROM_HAND)) std::erase(cards, ctx->source);
  return cards;
}

std::vector<CardId> Game::accepted(cardrt_effect_ctx* ctx, const std::vector<CardId>& ids, cardrt_filter_fn filter) {
  if (!filter) return ids;
  std::vector<CardId> out;
  for (CardId id : ids) {
    ++eval_depth_;
    const bool ok = filter(handle, ctx, id) != 0;
    --eval_depth_;
    if (ok) out.push_back(id);
  }
  return out;
}

// "Discard a random card from target hero's hand": 002 rule 526, every card equally likely (the game's seeded
// generator); 520.4: with fewer cards in hand, all of them.
int32_t Game::discard_random(cardrt_effect_ctx* ctx, PlayerId p, int32_t n) {
  const int32_t hand = profile_->zone(CARDRT_ZROLE_HAND);
  if (hand < 0 || profile_->zone(CARDRT_ZROLE_DISCARD) < 0) return CARDRT_E_STATE;
  if (p == CARDRT_NO_PLAYER) return 0;
  if (!valid_player(p) || n < 0) return CARDRT_E_ARGUMENT;
  if (ctx && ctx->probe) return CARDRT_OK;
  std::vector<CardId> cards = hand_for(ctx, p);
  int32_t done = 0;
  for (; done < n && !cards.empty(); ++done) {
    const size_t pick = size_t(random_below(ctx, int32_t(cards.size())));
    discard_card(ctx, cards[pick]);
    cards.erase(cards.begin() + std::ptrdiff_t(pick));
  }
  return done;
}

int32_t Game::discard_from_hand(cardrt_effect_ctx* ctx, PlayerId p, int32_t n) {
  const int32_t hand = profile_->zone(CARDRT_ZROLE_HAND);
  if (hand < 0 || profile_->zone(CARDRT_ZROLE_DISCARD) < 0) return CARDRT_E_STATE;
  if (!valid_player(p) || n < 0) return CARDRT_E_ARGUMENT;
  if (ctx && ctx->probe) return CARDRT_OK;
  const std::vector<CardId> cards = hand_for(ctx, p);
  const int32_t k = std::min<int32_t>(n, int32_t(cards.size()));
  std::vector<CardId> chosen;
  if (k == int32_t(cards.size())) {
    chosen = cards;
  } else if (k > 0) {
    cardrt_choice c{};
    c.kind = CARDRT_CHOICE_CARDS;
    c.purpose = CARDRT_PURPOSE_DISCARD;
    c.player = p;
    c.source_card = ctx_source(ctx);
    c.min_count = c.max_count = k;
    for (int32_t i : ask(c, cards)) chosen.push_back(cards[size_t(i)]);
  }
  for (CardId id : chosen) discard_card(ctx, id);
  return int32_t(chosen.size());
}

int32_t Game::mill(cardrt_effect_ctx* ctx, PlayerId p, int32_t n) {
  const int32_t deck = profile_->zone(CARDRT_ZROLE_DECK), discard = profile_->zone(CARDRT_ZROLE_DISCARD);
  if (deck < 0 || discard < 0) return CARDRT_E_STATE;
  if (!valid_player(p) || n < 0) return CARDRT_E_ARGUMENT;
  if (ctx && ctx->probe) return CARDRT_OK;
  int32_t done = 0;
  for (; done < n; ++done) {
    auto& d = s_.players[size_t(p)].zones[size_t(deck)];
    if (d.empty()) break;  // 002 520.1: as far as possible
    const CardId top = d.front();
    emit(CARDRT_LOG_MILL, p, top, ctx_source(ctx), -1, 1, 0);
    move_card(ctx, top, discard_pile(top) >= 0 ? discard_pile(top) : discard);
  }
  return done;
}

// Attaching puts a card in play in a unit; a transfer (001 Transfer) moves it between Personalities without a
// cost, still meeting requirements, without attaching or entering play.
int32_t Game::attach(cardrt_effect_ctx* ctx, CardId att, CardId host, bool transfer) {
  if (att == CARDRT_NO_CARD || host == CARDRT_NO_CARD) return CARDRT_FAILED;
  if (!valid_card(att) || !valid_card(host) || att == host) return CARDRT_E_ARGUMENT;
  if (!in_play(host)) return CARDRT_FAILED;
  if (transfer && (!card(att).attached_to || card(att).attached_to == host)) return CARDRT_FAILED;
  if (const CardDef* d = def_of(card(att)); d && d->attach_filter) {
    cardrt_effect_ctx local = rule_ctx(card(att).controller, att);
    if (!d->attach_filter(handle, ctx ? ctx : &local, host)) return CARDRT_FAILED;
  }
  // the host's restriction: "Cannot attach Items" (003 Traits)
  if (forbidden(host, CARDRT_FORBID_RECEIVE_ATTACHMENT, att)) {
    if (!(ctx && ctx->probe)) emit(CARDRT_LOG_FORBIDDEN, card(host).controller, host, att, CARDRT_FORBID_RECEIVE_ATTACHMENT, 0, 0);
    return CARDRT_FAILED;
  }
  if (ctx && ctx->probe) return CARDRT_OK;
  if (transfer) {
    Card& a = card(att);  // card code above may have added cards
    auto& old = card(a.attached_to).attachments;
    old.erase(std::remove(old.begin(), old.end(), att), old.end());
    const CardId from = a.attached_to;
    a.attached_to = host;
    a.battlefield = card(host).battlefield;
    card(host).attachments.push_back(att);
    emit(CARDRT_LOG_TRANSFERRED, a.controller, att, host, -1, from, 0);
    return CARDRT_OK;
  }
  if (const CardId from = card(att).attached_to) {
    auto& old = card(from).attachments;
    old.erase(std::remove(old.begin(), old.end(), att), old.end());
  }
  if (!in_play(att)) {
    card(att).controller = card(host).controller;
    const int32_t play = profile_->zone(CARDRT_ZROLE_PLAY);
    if (play < 0) return CARDRT_E_STATE;
    move_card(ctx, att, play);
  }
  Card& a2 = card(att);
  a2.attached_to = host;
  a2.battlefield = card(host).battlefield;
  card(host).attachments.push_back(att);
  emit(CARDRT_LOG_ATTACHED, a2.controller, att, host, -1, 0, 0);
  raise(EventInfo{.kind = CARDRT_EV_ATTACHED, .card = att, .player = a2.controller, .other = host});
  return CARDRT_OK;
}

// 003 Created cards: base values are those the effect grants; other stats of the type are 0 ("-" for an
// unspecified Honor Requirement); no title; a created card that cannot enter play ceases to exist.
CardId Game::create_card(cardrt_effect_ctx* ctx, int32_t type, PlayerId controller, int32_t zone) {
  const Profile& p = *profile_;
  if (type < 0 || type >= int32_t(p.card_types.size()) || !valid_player(controller) || zone < 0 ||
      zone >= int32_t(p.zones.size()))
    return CARDRT_E_ARGUMENT;
  if (ctx && ctx->probe) return CARDRT_OK;
  Card c;
  c.id = int32_t(s_.cards.size()) + 1;
  c.created = true;
  c.type = type;
  c.owner = c.controller = c.zone_player = controller;
  set_zone(c, zone);
  c.base.resize(p.stats.size());
  for (int32_t st : p.card_types[size_t(type)].stats)
    c.base[size_t(st)] = (p.stats[size_t(st)].flags & CARDRT_STATF_CREATED_DASH) ? BaseStat{CARDRT_BASE_DASH, 0}
                                                                                 : BaseStat{CARDRT_BASE_VALUE, 0};
  c.counters.assign(p.counters.size(), 0);
  if (ctx && ctx->source && valid_card(ctx->source)) c.battlefield = card(ctx->source).battlefield;
  s_.cards.push_back(std::move(c));
  publish_cards();
  const CardId id = s_.cards.back().id;
  emit(CARDRT_LOG_CARD_CREATED, controller, id, ctx_source(ctx), zone, 1, -1);
  if (!p.zone_in_play(zone)) {
    s_.cards.back().exists = false;
    emit(CARDRT_LOG_CEASED_TO_EXIST, controller, id, 0, -1, 0, 0);
    return CARDRT_FAILED;
  }
  insert_into_zone(s_.cards.back(), controller, zone, true);
  emit(CARDRT_LOG_ENTER_PLAY, controller, id, ctx_source(ctx), zone, 0, 0);
  raise(EventInfo{.kind = CARDRT_EV_ENTER_PLAY, .card = id, .player = controller, .what = -1});  // from no zone
  return id;
}

int32_t Game::damage_counter() const {
  for (size_t i = 0; i < profile_->counters.size(); ++i)
    if (profile_->counters[i].flags & CARDRT_COUNTER_DAMAGE) return int32_t(i);
  return -1;
}

int32_t Game::add_counters(cardrt_effect_ctx* ctx, CardId id, int32_t counter, int32_t n) {
  if (id == CARDRT_NO_CARD) return CARDRT_FAILED;
  if (!valid_card(id) || counter < 0 || counter >= int32_t(profile_->counters.size()) || n < 0)
    return CARDRT_E_ARGUMENT;
  if (!in_play(id)) return CARDRT_FAILED;  // tokens and counters are placed on cards in play
  if (ctx && ctx->probe) return CARDRT_OK;
  Card& c = card(id);
  c.counters[size_t(counter)] = sat_add(c.counters[size_t(counter)], n);
  emit(CARDRT_LOG_COUNTERS, c.controller, id, ctx_source(ctx), counter, n, c.counters[size_t(counter)]);
  return CARDRT_OK;
}

int32_t Game::remove_counters(cardrt_effect_ctx* ctx, CardId id, int32_t counter, int32_t n) {
  if (id == CARDRT_NO_CARD) return CARDRT_FAILED;
  if (!valid_card(id) || counter < 0 || counter >= int32_t(profile_->counters.size()) || n < 0)
    return CARDRT_E_ARGUMENT;
  if (ctx && ctx->probe) return CARDRT_OK;
  Card& c = card(id);
  const int32_t k = std::min(n, c.counters[size_t(counter)]);  // 002 520.1: as far as possible
  c.counters[size_t(counter)] -= k;
  emit(CARDRT_LOG_COUNTERS, c.controller, id, ctx_source(ctx), counter, -k, c.counters[size_t(counter)]);
  return k;
}

}  // namespace cardrt
