// Provinces: game entities each player owns (001 Target: "a Province or player" can be targeted), with a strength
// (003 Stats: provinces have stats), the cards in them, face-up or face-down, and destroyed or not. Each is at one
// battlefield of the engine's numbering: "This Province" in a battle is the province of the battlefield (001 This).
// The engine creates, fills, reveals and destroys them as its battles resolve; card code reads and changes them.
#include <algorithm>

#include "game.hpp"
#include "saturating.hpp"

namespace cardrt {

int32_t Game::add_province(PlayerId owner, int32_t battlefield) {
  if (!valid_player(owner) || battlefield <= 0) return CARDRT_E_ARGUMENT;
  Province p;
  p.id = int32_t(s_.provinces.size()) + 1;
  p.owner = owner;
  p.battlefield = battlefield;
  s_.provinces.push_back(p);
  emit(CARDRT_LOG_PROVINCE_ADDED, owner, 0, 0, p.id, battlefield, province_strength(p.id));
  return p.id;
}

int32_t Game::put_in_province(CardId id, int32_t province_id, bool face_up) {
  if (!valid_card(id) || !valid_province(province_id)) return CARDRT_E_ARGUMENT;
  Card& c = card(id);
  const Province& p = province(province_id);
  if (c.owner != p.owner || p.destroyed) return CARDRT_E_STATE;
  if (c.in_play) {
    // A card in play with its province (a Region, 003 Stats example: "Attacking Personalities at this Province's
    // battlefield have -2F") is face-up at that province's battlefield, where its effects apply; it stays with it
    // until it changes zones.
    c.province = province_id;
    c.battlefield = p.battlefield;
    c.states &= ~(1u << CARDRT_STATE_FACE_DOWN);
    emit(CARDRT_LOG_IN_PROVINCE, c.owner, id, 0, province_id, 1, p.battlefield);
    return CARDRT_OK;
  }
  // out of play, a province holds its owner's cards (the engine's Province zone)
  c.province = province_id;
  if (face_up) c.states &= ~(1u << CARDRT_STATE_FACE_DOWN);
  else c.states |= (1u << CARDRT_STATE_FACE_DOWN);
  emit(CARDRT_LOG_IN_PROVINCE, c.owner, id, 0, province_id, face_up ? 1 : 0, 0);
  return CARDRT_OK;
}

// 003 Stats, steps A-C as for a card's stat: the base (the owner's Province Strength over his cards in play: his
// Stronghold's, plus a Sensei's modifier), plus every bonus and penalty, then the floor of that stat's policy.
int32_t Game::province_strength(int32_t id) {
  if (!valid_province(id)) return 0;
  const Province& p = s_.provinces[size_t(id - 1)];
  int64_t total = 0;
  const int32_t stat = profile_->role(CARDRT_ROLE_PROVINCE_STRENGTH);
  if (stat >= 0)
    for (CardId c : s_.in_play)
      if (card(c).controller == p.owner && stat_present(card(c), stat)) total = acc_add(total, stat_value(card(c), stat));
  for (const ProvinceBonus& b : p.bonuses) total = acc_add(total, b.amount);
  // continuous traits of the cards in play ("Your provinces have +1 strength"): asked now, so they hold exactly while
  // their card is in play and their condition does (003 Traits)
  for (CardId src : cards_in_play())
    if (const CardDef* d = def_of(card(src)))
      for (cardrt_filter_fn fn : d->province_bonuses) {
        cardrt_effect_ctx ctx = rule_ctx(card(src).controller, src);
        total = acc_add(total, fn(handle, &ctx, id));
      }
  int32_t value = clamp_to_i32(total);
  const bool floor_zero = stat < 0 || profile_->stats[size_t(stat)].floor != CARDRT_FLOOR_NONE;
  if (floor_zero) value = std::max(0, value);
  return value;
}

int32_t Game::modify_province(cardrt_effect_ctx* ctx, int32_t id, int32_t amount, int32_t dur) {
  if (id == 0) return CARDRT_FAILED;  // no province there: the dependent part fails (002 520)
  if (!valid_province(id)) return CARDRT_E_ARGUMENT;
  // a continuous trait would have to be re-asserted on every settle, which provinces do not do yet
  if (dur < 0 || dur >= CARDRT_DUR_COUNT || dur == CARDRT_DUR_CONTINUOUS) return CARDRT_E_ARGUMENT;
  Province& p = province(id);
  if (p.destroyed) return CARDRT_FAILED;
  if (ctx && ctx->probe) return CARDRT_OK;
  ProvinceBonus b;
  b.id = next_id();
  b.amount = amount;
  b.source = ctx_source(ctx);
  b.dur = make_duration(dur, ctx_controller(ctx));
  // 003: +0 is no bonus; it is kept (it may be read as given) but changes nothing
  p.bonuses.push_back(b);
  emit(CARDRT_LOG_PROVINCE_STRENGTH, p.owner, 0, b.source, id, amount, province_strength(id));
  return b.id;
}

void Game::expire_province_bonuses(int32_t boundary, PlayerId player) {
  for (Province& p : s_.provinces)
    for (size_t i = 0; i < p.bonuses.size();) {
      const ProvinceBonus& b = p.bonuses[i];
      const bool ends = duration_ends(b.dur, boundary, player) ||
                        (b.dur.kind == CARDRT_DUR_WHILE_SOURCE_IN_PLAY && !in_play(b.source));
      if (!ends) {
        ++i;
        continue;
      }
      const CardId source = b.source;
      p.bonuses.erase(p.bonuses.begin() + std::ptrdiff_t(i));
      // 003: a bonus ending is not a penalty
      emit(CARDRT_LOG_PROVINCE_STRENGTH, p.owner, 0, source, p.id, 0, province_strength(p.id));
    }
}

int32_t Game::destroy_province(cardrt_effect_ctx* ctx, int32_t id, PlayerId by) {
  if (id == 0) return CARDRT_FAILED;
  if (!valid_province(id)) return CARDRT_E_ARGUMENT;
  Province& p = province(id);
  if (p.destroyed) return CARDRT_FAILED;
  if (ctx && ctx->probe) return CARDRT_OK;
  p.destroyed = true;
  p.destroyed_by = valid_player(by) ? by : -1;
  p.destroyed_serial = s_.turn_serial;
  const PlayerId owner = p.owner;
  emit(CARDRT_LOG_PROVINCE_DESTROYED, owner, 0, ctx_source(ctx), id, p.destroyed_by, 0);
  raise(EventInfo{.kind = CARDRT_EV_PROVINCE_DESTROYED, .card = 0, .player = owner, .amount = p.destroyed_by,
                  .what = id, .other = 0});
  return CARDRT_OK;
}

int32_t Game::battlefield_province(int32_t battlefield) const {
  if (battlefield == CARDRT_CURRENT_BATTLEFIELD) battlefield = s_.battlefield;
  if (battlefield <= 0) return 0;
  for (const Province& p : s_.provinces)
    if (p.battlefield == battlefield && !p.destroyed) return p.id;
  return 0;
}

int32_t Game::card_province(CardId id) const {
  if (!valid_card(id)) return 0;
  const int32_t p = card(id).province;
  return valid_province(p) && !s_.provinces[size_t(p - 1)].destroyed ? p : 0;
}

int32_t Game::count_provinces(PlayerId player, int32_t which) const {
  if (which == CARDRT_PROVINCES_OTHERS_FEWEST || which == CARDRT_PROVINCES_OTHERS_MOST) {
    // "fewer Provinces than each other player" / "than any other player": the other players still in the game
    int32_t best = -1;
    for (PlayerId q = 0; q < int32_t(s_.players.size()); ++q) {
      if (q == player || s_.players[size_t(q)].lost) continue;
      const int32_t n = count_provinces(q, CARDRT_PROVINCES_STANDING);
      if (best < 0 || (which == CARDRT_PROVINCES_OTHERS_FEWEST ? n < best : n > best)) best = n;
    }
    return std::max(best, 0);
  }
  int32_t n = 0;
  for (const Province& p : s_.provinces) {
    switch (which) {
      case CARDRT_PROVINCES_STANDING: n += p.owner == player && !p.destroyed; break;
      case CARDRT_PROVINCES_DESTROYED: n += p.owner == player && p.destroyed; break;
      case CARDRT_PROVINCES_DESTROYED_BY: n += p.destroyed && p.destroyed_by == player; break;
      case CARDRT_PROVINCES_DESTROYED_SINCE_YOUR_TURN: {
        // since his last turn began: during his own turn, the turn of his before this one (what the other players'
        // turns since then did); from the game's start when there is none
        const Player& who = s_.players[size_t(player)];
        const int64_t since = s_.active == player ? who.prev_turn_serial : who.last_turn_serial;
        n += p.owner == player && p.destroyed && p.destroyed_serial >= since;
        break;
      }
      default: return 0;
    }
  }
  return n;
}

// "Choose one of your Provinces": a choice, not targeting (001 Target).
int32_t Game::choose_province(cardrt_effect_ctx* ctx, PlayerId whose) {
  std::vector<int32_t> options;
  for (const Province& p : s_.provinces)
    if (!p.destroyed && (whose == CARDRT_NO_PLAYER || p.owner == whose)) options.push_back(p.id);
  if (options.empty()) return 0;
  cardrt_choice c{};
  c.kind = CARDRT_CHOICE_PROVINCE;
  c.purpose = CARDRT_PURPOSE_CHOOSE;
  c.player = ctx_controller(ctx);
  c.source_card = ctx_source(ctx);
  return options[ask_one(c, options)];  // logged as chosen by ask
}

// "Refill this Province face-up", "Refill this Province with him, face-up": the top card of its owner's refill zone
// (the engine's Dynasty deck), or the card named, goes into the engine's province zone and into the province.
int32_t Game::refill_province(cardrt_effect_ctx* ctx, int32_t id, CardId with, bool face_up) {
  if (id == 0 || with == CARDRT_NO_CARD) return CARDRT_FAILED;  // no such province or card: this part fails (002 520)
  if (!valid_province(id)) return CARDRT_E_ARGUMENT;
  if (s_.province_zone < 0 || (with == CARDRT_REFILL_TOP && s_.refill_zone < 0)) return CARDRT_E_STATE;
  const Province& p = province(id);
  if (p.destroyed) return CARDRT_FAILED;
  CardId card_id = with;
  if (with == CARDRT_REFILL_TOP) {
    const std::vector<CardId>& deck = s_.players[size_t(p.owner)].zones[size_t(s_.refill_zone)];
    if (deck.empty()) return CARDRT_FAILED;
    card_id = deck.front();  // index 0 is the top of an ordered zone
  }
  if (!valid_card(card_id) || card(card_id).owner != p.owner || in_play(card_id)) return CARDRT_FAILED;
  if (ctx && ctx->probe) return CARDRT_OK;
  const int32_t owner = p.owner;
  if (const int32_t r = move_card(ctx, card_id, s_.province_zone); r != CARDRT_OK) return r;
  if (!valid_card(card_id) || card(card_id).owner != owner) return CARDRT_FAILED;
  return put_in_province(card_id, id, face_up);
}

// The start of a player's turn: the face-down cards in his provinces turn face-up, then the reveal is an event
// ("After you reveal cards in your Provinces at the start of your turn, if this Event is face-up in one of them").
int32_t Game::reveal_provinces(PlayerId player) {
  if (!valid_player(player)) return CARDRT_E_ARGUMENT;
  int32_t turned = 0;
  for (Card& c : s_.cards) {
    if (!c.exists || card_province(c.id) == 0 || province(c.province).owner != player) continue;
    if (!has_state(c, CARDRT_STATE_FACE_DOWN)) continue;
    c.states &= ~(1u << CARDRT_STATE_FACE_DOWN);
    emit(CARDRT_LOG_STATE_CHANGED, c.controller, c.id, 0, CARDRT_STATE_FACE_DOWN, 0, 0);
    ++turned;
  }
  emit(CARDRT_LOG_PROVINCES_REVEALED, player, 0, 0, 0, turned, 0);
  raise(EventInfo{.kind = CARDRT_EV_PROVINCES_REVEALED, .card = 0, .player = player, .amount = turned});
  return turned;
}

}  // namespace cardrt
