// Damage, healing, dice and victory: 004 (HP, AT, LK, RS), 002 rules 520 and 601-602.
#include <algorithm>

#include "game.hpp"
#include "saturating.hpp"

namespace cardrt {

int32_t Game::roll_d6(cardrt_effect_ctx* ctx, CardId who, int32_t what) {
  const int32_t sides = std::max(1, profile_->dice_sides);
  // 002 526: uniform unless stated otherwise; a result the engine scripted comes first
  int32_t r = 0;
  if (!s_.scripted_rolls.empty()) {
    r = s_.scripted_rolls.front();
    s_.scripted_rolls.erase(s_.scripted_rolls.begin());
  } else {
    r = 1 + int32_t(s_.rng.below(uint32_t(sides)));
  }
  emit(CARDRT_LOG_ROLL, who > 0 && valid_card(who) ? card(who).controller : ctx_controller(ctx), who,
       ctx_source(ctx), what, sides, r);
  return r;
}

// The next die rolls give these results, in order (a rules test, an engine whose players roll real dice); each is a
// face of the profile's die, or none is kept.
int32_t Game::script_rolls(const int32_t* results, int32_t count) {
  constexpr size_t kMaxScripted = 1024;
  if (count < 0 || (count > 0 && !results) || s_.scripted_rolls.size() + size_t(count) > kMaxScripted)
    return CARDRT_E_ARGUMENT;
  const int32_t sides = std::max(1, profile_->dice_sides);
  for (int32_t i = 0; i < count; ++i)
    if (results[i] < 1 || results[i] > sides) return CARDRT_E_ARGUMENT;
  s_.scripted_rolls.insert(s_.scripted_rolls.end(), results, results + count);
  return CARDRT_OK;
}

int32_t Game::random_below(cardrt_effect_ctx* ctx, int32_t bound) {
  if (bound <= 0) return 0;  // 000 7.3: an undeterminable number is zero
  const int32_t r = int32_t(s_.rng.below(uint32_t(bound)));
  emit(CARDRT_LOG_RANDOM, ctx_controller(ctx), 0, ctx_source(ctx), -1, bound, r);
  return r;
}

int32_t Game::deal_damage(cardrt_effect_ctx* ctx, CardId target, int32_t amount, uint32_t flags, CardId from) {
  if (target == CARDRT_NO_CARD) return 0;
  if (!valid_card(target)) return CARDRT_E_ARGUMENT;
  if (!in_play(target)) return 0;
  const int32_t dmg = damage_counter();
  if (dmg < 0) return CARDRT_E_STATE;
  if (ctx && ctx->probe) return 0;
  amount = floor_zero(amount);  // 000 7.2: a negative result is zero
  const int32_t luck = profile_->role(CARDRT_ROLE_LUCK), resist = profile_->role(CARDRT_ROLE_RESIST);
  if (profile_->rule(CARDRT_RULE_GEM_DICE) && !(flags & CARDRT_DMG_IGNORE_RESIST)) {
    bool critical = false;
    // 004 Luck: roll for Critical Damage at the start of damage calculation; success is <= total Luck
    if (!(flags & CARDRT_DMG_NO_CRITICAL_ROLL)) {
      const int32_t lk = (from > 0 && valid_card(from) && luck >= 0) ? stat_value(card(from), luck) : 0;
      const int32_t r = roll_d6(ctx, from, luck);
      critical = r <= lk;
      if (critical) emit(CARDRT_LOG_CRITICAL, card(target).controller, target, from, -1, r, lk);
    }
    // 004 Resist: when the Critical Damage roll fails, damage is reduced by the total Resist
    if (!critical && resist >= 0) amount = floor_zero(sat_sub(amount, stat_value(card(target), resist)));
  }
  Pending pend;
  pend.ev.kind = CARDRT_EV_WOULD_BE_DAMAGED;
  pend.ev.card = target;
  pend.ev.player = card(target).controller;
  pend.ev.amount = amount;
  pend.ev.other = from;
  replace(pend);
  if (pend.cancelled) return 0;
  amount = floor_zero(pend.ev.amount);
  Card& c = card(target);
  amount = absorb_damage(c, amount);
  c.counters[size_t(dmg)] = sat_add(c.counters[size_t(dmg)], amount);
  emit(CARDRT_LOG_DAMAGE, c.controller, target, from, dmg, amount, c.counters[size_t(dmg)]);
  if (amount > 0) {
    raise(EventInfo{.kind = CARDRT_EV_DAMAGED, .card = target, .player = c.controller, .amount = amount,
                    .other = from});
  }
  return amount;
}

int32_t Game::attack(cardrt_effect_ctx* ctx, CardId attacker, CardId defender) {
  if (attacker == CARDRT_NO_CARD || defender == CARDRT_NO_CARD) return 0;
  if (!valid_card(attacker) || !valid_card(defender)) return CARDRT_E_ARGUMENT;
  if (!in_play(attacker) || !in_play(defender)) return 0;
  // 003 Traits: "This unit cannot attack [structures]" -- the attack does not happen
  if (forbidden(attacker, CARDRT_FORBID_ATTACK, defender)) {
    emit(CARDRT_LOG_FORBIDDEN, card(attacker).controller, attacker, defender, CARDRT_FORBID_ATTACK, 0, 0);
    return 0;
  }
  const int32_t at = profile_->role(CARDRT_ROLE_ATTACK), lk = profile_->role(CARDRT_ROLE_LUCK);
  const int32_t base = at >= 0 ? floor_zero(stat_value(card(attacker), at)) : 0;  // 004 Attack: the base damage
  const PlayerId victim = card(defender).controller;
  const int32_t dealt = deal_damage(ctx, defender, base, CARDRT_DMG_ATTACK, attacker);
  // 004 Luck: a unit with total Luck above 6 that deals damage with an attack sends (Luck - 6) cards from the
  // top of the attacked card's controller's deck to the discard pile
  if (dealt > 0 && lk >= 0 && profile_->rule(CARDRT_RULE_GEM_DICE) && valid_card(attacker)) {
    const int32_t luck = stat_value(card(attacker), lk);
    if (luck > 6) mill(ctx, victim, luck - 6);
  }
  return dealt;
}

// 002 520.2: healing X removes all wounds when there are fewer than X.
int32_t Game::heal(cardrt_effect_ctx* ctx, CardId id, int32_t n) {
  if (id == CARDRT_NO_CARD) return 0;
  if (!valid_card(id) || n < 0) return CARDRT_E_ARGUMENT;
  const int32_t dmg = damage_counter();
  if (dmg < 0) return CARDRT_E_STATE;
  if (ctx && ctx->probe) return 0;
  Card& c = card(id);
  const int32_t k = std::min(n, c.counters[size_t(dmg)]);
  c.counters[size_t(dmg)] -= k;
  emit(CARDRT_LOG_HEAL, c.controller, id, ctx_source(ctx), dmg, k, c.counters[size_t(dmg)]);
  return k;
}

int32_t Game::wound_player(cardrt_effect_ctx* ctx, PlayerId p, int32_t n) {
  if (!valid_player(p) || n < 0) return CARDRT_E_ARGUMENT;
  if (ctx && ctx->probe) return 0;
  Player& pl = s_.players[size_t(p)];
  pl.wounds = sat_add(pl.wounds, n);
  emit(CARDRT_LOG_WOUND_PLAYER, p, 0, ctx_source(ctx), -1, n, pl.wounds);
  return n;
}

int32_t Game::heal_player(cardrt_effect_ctx* ctx, PlayerId p, int32_t n) {
  if (!valid_player(p) || n < 0) return CARDRT_E_ARGUMENT;
  if (ctx && ctx->probe) return 0;
  Player& pl = s_.players[size_t(p)];
  const int32_t k = std::min(n, pl.wounds);  // 002 520.2
  pl.wounds -= k;
  emit(CARDRT_LOG_HEAL_PLAYER, p, 0, ctx_source(ctx), -1, k, pl.wounds);
  return k;
}

// 004 Resist: a unit being inflicted with a Status rolls for Resist first; a roll <= its Resist avoids it.
int32_t Game::inflict_status(cardrt_effect_ctx* ctx, CardId id, int32_t counter, int32_t n, uint32_t flags) {
  if (id == CARDRT_NO_CARD) return 0;
  if (!valid_card(id) || counter < 0 || counter >= int32_t(profile_->counters.size()) || n < 0)
    return CARDRT_E_ARGUMENT;
  if (!(profile_->counters[size_t(counter)].flags & CARDRT_COUNTER_STATUS)) return CARDRT_E_ARGUMENT;
  if (!in_play(id)) return 0;
  if (ctx && ctx->probe) return 0;
  // "This unit cannot be inflicted with Statuses": no Resist roll, no counters (004 Status)
  if (forbidden(id, CARDRT_FORBID_RECEIVE_STATUS, ctx_source(ctx))) {
    emit(CARDRT_LOG_FORBIDDEN, card(id).controller, id, ctx_source(ctx), CARDRT_FORBID_RECEIVE_STATUS, n, 0);
    return 0;
  }
  const int32_t rs = profile_->role(CARDRT_ROLE_RESIST);
  if (profile_->rule(CARDRT_RULE_GEM_DICE) && !(flags & CARDRT_DMG_IGNORE_RESIST) && rs >= 0) {
    const int32_t resist = stat_value(card(id), rs);
    const int32_t r = roll_d6(ctx, id, rs);
    if (r <= resist) {
      emit(CARDRT_LOG_STATUS_RESISTED, card(id).controller, id, ctx_source(ctx), counter, r, resist);
      return 0;
    }
  }
  Card& c = card(id);
  c.counters[size_t(counter)] = sat_add(c.counters[size_t(counter)], n);
  emit(CARDRT_LOG_STATUS_APPLIED, c.controller, id, ctx_source(ctx), counter, n, c.counters[size_t(counter)]);
  raise(EventInfo{.kind = CARDRT_EV_STATUS_INFLICTED, .card = id, .player = c.controller, .amount = n,
                  .what = counter});
  return 1;
}

// 004 Resist: at the end of each of your turns you may roll for Resist once for each of your units with
// Status counters; a success removes all counters of one Status type of your choice.
int32_t Game::end_of_turn_resist(PlayerId p) {
  if (!valid_player(p)) return CARDRT_E_ARGUMENT;
  const int32_t rs = profile_->role(CARDRT_ROLE_RESIST);
  if (rs < 0) return CARDRT_E_STATE;
  int32_t removed = 0;
  for (CardId id : cards_in_play()) {
    if (!in_play(id) || card(id).controller != p) continue;
    if (statuses_on(card(id)).empty()) continue;
    if (!choose_yes_no(nullptr, p, CARDRT_PURPOSE_RESIST_ROLL, id)) continue;
    const int32_t resist = stat_value(card(id), rs);
    if (roll_d6(nullptr, id, rs) > resist) continue;
    const int32_t which = choose_status(p, id, id);
    removed += remove_counters(nullptr, id, which, card(id).counters[size_t(which)]);
  }
  return removed;
}

std::vector<int32_t> Game::statuses_on(const Card& c) const {
  std::vector<int32_t> out;
  for (size_t k = 0; k < profile_->counters.size(); ++k)
    if ((profile_->counters[k].flags & CARDRT_COUNTER_STATUS) && c.counters[k] > 0) out.push_back(int32_t(k));
  return out;
}

// One Status type on a card, chosen by `chooser` ("counters of one Status"); -1 when the card has none.
int32_t Game::choose_status(PlayerId chooser, CardId id, CardId source) {
  if (!valid_card(id)) return -1;
  const std::vector<int32_t> statuses = statuses_on(card(id));
  if (statuses.empty()) return -1;
  cardrt_choice c{};
  c.kind = CARDRT_CHOICE_MODES;
  c.purpose = CARDRT_PURPOSE_STATUS_TYPE;
  c.player = chooser;
  c.source_card = source;
  return statuses[ask_one(c, statuses)];
}

// Damage divided among the cards of a slot: 000 7.2b, a non-zero number of them is chosen (targeting did that);
// the controller splits the amount, at least 1 to each while there is enough.
int32_t Game::deal_damage_divided(cardrt_effect_ctx* ctx, int32_t slot, int32_t amount, uint32_t flags) {
  if (!ctx) return CARDRT_E_STATE;
  const std::vector<CardId> targets = slot_cards(ctx, slot);
  int32_t left = floor_zero(amount), dealt = 0;
  if (targets.empty() || ctx->probe) return 0;
  for (size_t i = 0; i < targets.size(); ++i) {
    const int32_t after = int32_t(targets.size() - i - 1);  // targets still to get a share
    int32_t share = left;
    if (after > 0) {
      const int32_t min = left > after ? 1 : 0;
      share = choose_number(ctx, ctx->controller, min, left - std::min(after, std::max(0, left - 1)),
                            CARDRT_PURPOSE_DIVIDE);
    }
    left -= share;
    if (share > 0) dealt = sat_add(dealt, floor_zero(deal_damage(ctx, targets[i], share, flags, ctx->source)));
  }
  return dealt;
}

// "Prevent the next 2 wounds that would be dealt to this structure until the end of the turn."
int32_t Game::prevent_damage(cardrt_effect_ctx* ctx, CardId id, int32_t amount, int32_t dur) {
  if (id == CARDRT_NO_CARD) return CARDRT_FAILED;
  if (!valid_card(id) || amount < 0) return CARDRT_E_ARGUMENT;
  if (!in_play(id)) return CARDRT_FAILED;
  if (ctx && ctx->probe) return CARDRT_OK;
  Card& c = card(id);
  c.shields.push_back(TempEntry{.count = amount, .dur = make_duration(dur, ctx_controller(ctx)), .source = ctx_source(ctx)});
  emit(CARDRT_LOG_SHIELD_ADDED, c.controller, id, ctx_source(ctx), -1, amount, 0);
  return CARDRT_OK;
}

// Shields absorb damage oldest first; returns what is left to deal.
int32_t Game::absorb_damage(Card& c, int32_t amount) {
  int32_t prevented = 0;
  while (amount > 0 && !c.shields.empty()) {
    TempEntry& s = c.shields.front();
    const int32_t k = std::min(amount, s.count);
    s.count -= k;
    amount -= k;
    prevented += k;
    if (s.count == 0) c.shields.erase(c.shields.begin());
  }
  if (prevented > 0) {
    int32_t left = 0;
    for (const TempEntry& s : c.shields) left = sat_add(left, s.count);
    emit(CARDRT_LOG_DAMAGE_PREVENTED, c.controller, c.id, 0, -1, prevented, left);
  }
  return amount;
}

int32_t Game::player_loses(PlayerId p) {
  if (!valid_player(p)) return CARDRT_E_ARGUMENT;
  if (s_.over || s_.players[size_t(p)].lost) return CARDRT_FAILED;
  s_.players[size_t(p)].lost = true;
  emit(CARDRT_LOG_LOSE, p, 0, 0, -1, 0, 0);
  PlayerId last = -1;
  int32_t standing = 0;
  for (PlayerId q = 0; q < int32_t(s_.players.size()); ++q)
    if (!s_.players[size_t(q)].lost) {
      last = q;
      ++standing;
    }
  // 002 602.1: a player wins when the opponent must lose
  if (standing == 1) {
    s_.winner = last;
    s_.over = true;
    emit(CARDRT_LOG_WIN, last, 0, 0, -1, 0, 0);
  } else if (standing == 0) {
    s_.over = true;
  }
  return CARDRT_OK;
}

int32_t Game::player_wins(PlayerId p) {
  if (!valid_player(p)) return CARDRT_E_ARGUMENT;
  if (s_.over) return CARDRT_FAILED;
  s_.winner = p;
  s_.over = true;
  emit(CARDRT_LOG_WIN, p, 0, 0, -1, 0, 0);
  for (PlayerId q = 0; q < int32_t(s_.players.size()); ++q)
    if (q != p && !s_.players[size_t(q)].lost) {
      s_.players[size_t(q)].lost = true;
      emit(CARDRT_LOG_LOSE, q, 0, 0, -1, 0, 0);
    }
  return CARDRT_OK;
}

}  // namespace cardrt
