// Durations, host-signalled boundaries and delayed effects.
// 001 Turn: "two turns from now" counts that player's turns. 002 rule 521: delayed effects.
// 001 Terrain: which effects end when a Terrain is destroyed or discarded.
#include <algorithm>

#include "game.hpp"

namespace cardrt {

Duration Game::make_duration(int32_t kind, PlayerId controller) const {
  Duration d;
  d.kind = kind;
  d.player = valid_player(controller) ? controller : s_.active;
  if (kind == CARDRT_DUR_UNTIL_YOUR_NEXT_TURN || kind == CARDRT_DUR_END_OF_YOUR_NEXT_TURN)
    d.turn = s_.players[size_t(d.player)].turns_started + 1;
  if (kind == CARDRT_DUR_UNTIL_YOUR_TURN_2 || kind == CARDRT_DUR_UNTIL_YOUR_TURN_3)
    d.turn = s_.players[size_t(d.player)].turns_started + (kind == CARDRT_DUR_UNTIL_YOUR_TURN_2 ? 2 : 3);
  return d;
}

bool Game::duration_ends(const Duration& d, int32_t boundary, PlayerId p) const {
  switch (d.kind) {
    case CARDRT_DUR_END_OF_TURN: return boundary == CARDRT_BOUNDARY_TURN_END;
    case CARDRT_DUR_END_OF_BATTLE: return boundary == CARDRT_BOUNDARY_BATTLE_END;
    case CARDRT_DUR_END_OF_DUEL: return boundary == CARDRT_BOUNDARY_DUEL_END;
    case CARDRT_DUR_DAWN: return boundary == CARDRT_BOUNDARY_DAWN;
    case CARDRT_DUR_END_OF_PHASE: return boundary == CARDRT_BOUNDARY_PHASE_END;
    case CARDRT_DUR_UNTIL_YOUR_NEXT_TURN:
    case CARDRT_DUR_UNTIL_YOUR_TURN_2:
    case CARDRT_DUR_UNTIL_YOUR_TURN_3:
      return boundary == CARDRT_BOUNDARY_TURN_START && p == d.player &&
             s_.players[size_t(p)].turns_started >= d.turn;
    case CARDRT_DUR_END_OF_YOUR_NEXT_TURN:
      return boundary == CARDRT_BOUNDARY_TURN_END && p == d.player && s_.players[size_t(p)].turns_started >= d.turn;
    default: return false;  // permanent, while in play, continuous: ended elsewhere
  }
}

void Game::expire(int32_t boundary, PlayerId p) {
  expire_province_bonuses(boundary, p);
  for (Card& c : s_.cards) {
    // (most cards, those in the decks among them, hold nothing that lasts)
    if (!c.exists || (c.mods.empty() && c.shields.empty() && c.grants.empty())) continue;
    for (size_t i = 0; i < c.mods.size();) {
      if (duration_ends(c.mods[i].dur, boundary, p)) {
        const StatModifier m = c.mods[i];
        c.mods.erase(c.mods.begin() + std::ptrdiff_t(i));
        // 003: the change from a bonus ending is not a penalty
        emit_modifier(CARDRT_LOG_MODIFIER_ENDED, c, m);
      } else {
        ++i;
      }
    }
    std::erase_if(c.shields, [&](const TempEntry& s) { return duration_ends(s.dur, boundary, p); });
    for (size_t i = 0; i < c.grants.size();) {
      if (duration_ends(c.grants[i].dur, boundary, p)) {
        const Grant g = c.grants[i];
        c.grants.erase(c.grants.begin() + std::ptrdiff_t(i));
        emit(CARDRT_LOG_MODIFIER_ENDED, c.controller, c.id, g.source, -1, int32_t(g.kind), g.what);
      } else {
        ++i;
      }
    }
  }
  // 002 522.4: temporary coins return to the supply (not a loss); temporarily lost ones come back (not a gain)
  for (PlayerId q = 0; q < int32_t(s_.players.size()); ++q) {
    for (size_t r = 0; r < s_.players[size_t(q)].resources.size(); ++r) {
      ResourceState& rs = s_.players[size_t(q)].resources[r];
      const bool supply = profile_->resources[r].model == CARDRT_RESOURCE_SUPPLY;
      for (size_t i = 0; i < rs.temporary.size();) {
        if (!duration_ends(rs.temporary[i].dur, boundary, p)) {
          ++i;
          continue;
        }
        const int32_t k = std::min(rs.temporary[i].count, std::max(0, rs.amount));
        rs.amount -= k;
        if (supply) rs.supply += k;
        rs.temporary.erase(rs.temporary.begin() + std::ptrdiff_t(i));
        emit(CARDRT_LOG_RESOURCE_RETURNED, q, 0, 0, int32_t(r), -k, rs.amount);
      }
      for (size_t i = 0; i < rs.lost_for.size();) {
        if (!duration_ends(rs.lost_for[i].dur, boundary, p)) {
          ++i;
          continue;
        }
        int32_t k = rs.lost_for[i].count;
        if (supply) {
          k = std::min(k, rs.supply);
          rs.supply -= k;
        }
        rs.amount += k;
        rs.lost_for.erase(rs.lost_for.begin() + std::ptrdiff_t(i));
        emit(CARDRT_LOG_RESOURCE_RETURNED, q, 0, 0, int32_t(r), k, rs.amount);
      }
    }
  }
}

void Game::fire_delayed(int32_t boundary, PlayerId p) {
  std::vector<DelayedEffect> due;
  for (size_t i = 0; i < s_.delayed.size();) {
    const DelayedEffect& d = s_.delayed[i];
    bool fires = d.boundary == boundary;
    if (fires && d.player >= 0)
      fires = p == d.player && s_.players[size_t(p)].turns_started >= d.turn;
    if (fires) {
      due.push_back(d);
      s_.delayed.erase(s_.delayed.begin() + std::ptrdiff_t(i));
    } else {
      ++i;
    }
  }
  for (DelayedEffect& d : due) {
    if (s_.over) break;
    emit(CARDRT_LOG_DELAYED_FIRED, d.ctx->controller, d.source, 0, boundary, d.id, 0);
    d.fn(handle, d.ctx.get());
  }
  // the ones waiting for an event "this turn" (or phase, battle) lapse with it
  for (size_t i = 0; i < s_.delayed_on_event.size();) {
    if (s_.delayed_on_event[i].lapses == boundary) {
      emit(CARDRT_LOG_DELAYED_CANCELLED, -1, s_.delayed_on_event[i].source, 0, boundary, s_.delayed_on_event[i].id, 1);
      s_.delayed_on_event.erase(s_.delayed_on_event.begin() + std::ptrdiff_t(i));
    } else {
      ++i;
    }
  }
}

// An event was raised: the delayed effects waiting for it happen (002 rule 521), each with its own copy of the
// context, whose event is this one. One that waits for the next time is gone before it runs, so that what it does
// cannot make it happen again.
void Game::fire_delayed_on_event(const EventInfo& ev) {
  std::vector<DelayedOnEvent> due;
  for (size_t i = 0; i < s_.delayed_on_event.size();) {
    DelayedOnEvent& d = s_.delayed_on_event[i];
    bool fires = d.event == ev.kind && (d.card == 0 || d.card == ev.card);
    if (fires && d.filter) {
      d.ctx->event = ev;
      fires = d.filter(handle, d.ctx.get()) != 0;
    }
    if (!fires) {
      ++i;
      continue;
    }
    due.push_back(d);
    if (d.flags & CARDRT_DELAY_EACH_TIME) {
      ++i;
    } else {
      s_.delayed_on_event.erase(s_.delayed_on_event.begin() + std::ptrdiff_t(i));
    }
  }
  for (DelayedOnEvent& d : due) {
    if (s_.over) break;
    emit(CARDRT_LOG_DELAYED_FIRED, d.ctx->controller, d.source, ev.card, 0, d.id, ev.kind);
    cardrt_effect_ctx run = *d.ctx;  // each time with the event that made it happen
    run.event = ev;
    d.fn(handle, &run);
  }
}

// A delayed effect keeps its ability's controller and targets (002 521): a copy of the context, no longer a
// continuous trait's and answering no pending event.
std::shared_ptr<cardrt_effect_ctx> Game::kept_ctx(const cardrt_effect_ctx& ctx) {
  auto kept = std::make_shared<cardrt_effect_ctx>(ctx);
  kept->continuous = false;
  kept->pending = nullptr;
  return kept;
}

int32_t Game::delay_until_event(cardrt_effect_ctx* ctx, int32_t event, CardId card, cardrt_effect_fn filter, uint32_t flags,
                                int32_t lapses, cardrt_effect_fn fn) {
  if (!ctx) return CARDRT_E_STATE;
  if (!fn || event <= CARDRT_EV_NONE || event >= profile_->event_count() || lapses < 0 || lapses >= CARDRT_BOUNDARY_COUNT ||
      (flags & ~uint32_t(CARDRT_DELAY_EACH_TIME)) != 0)
    return CARDRT_E_ARGUMENT;
  if (card != 0 && !valid_card(card)) return CARDRT_E_ARGUMENT;
  if (ctx->probe) return CARDRT_OK;
  DelayedOnEvent d;
  d.id = next_id();
  d.event = event;
  d.card = card;
  d.filter = filter;
  d.fn = fn;
  d.flags = flags;
  d.lapses = lapses;
  d.source = ctx->source;
  d.ctx = kept_ctx(*ctx);
  s_.delayed_on_event.push_back(d);
  emit(CARDRT_LOG_DELAYED_ADDED, ctx->controller, ctx->source, card, 0, d.id, event);
  return d.id;
}

int32_t Game::delay(cardrt_effect_ctx* ctx, int32_t boundary, PlayerId player, int32_t turns, cardrt_effect_fn fn) {
  if (!ctx) return CARDRT_E_STATE;
  if (!fn || boundary < CARDRT_BOUNDARY_TURN_START || boundary >= CARDRT_BOUNDARY_COUNT || turns < 0)
    return CARDRT_E_ARGUMENT;
  if (player != -1 && !valid_player(player)) return CARDRT_E_ARGUMENT;
  if (ctx->probe) return CARDRT_OK;
  DelayedEffect d;
  d.id = next_id();
  d.boundary = boundary;
  d.fn = fn;
  d.source = ctx->source;
  d.ctx = kept_ctx(*ctx);
  if (turns > 0) {
    d.player = player >= 0 ? player : ctx->controller;
    if (!valid_player(d.player)) return CARDRT_E_ARGUMENT;
    d.turn = s_.players[size_t(d.player)].turns_started + turns;
  }
  s_.delayed.push_back(d);
  emit(CARDRT_LOG_DELAYED_ADDED, ctx->controller, ctx->source, 0, boundary, d.id, turns);
  return d.id;
}

void Game::end_effects_from(CardId source, EndMode mode) {
  auto ends = [&](const Duration& d) {
    switch (mode) {
      case kEndAll: return true;
      case kEndWhileInPlay: return d.kind == CARDRT_DUR_WHILE_SOURCE_IN_PLAY;
      case kEndBattleBound:
        // 001 Terrain: discarding it after battle resolution keeps only effects whose duration explicitly
        // lasts beyond the battle resolution
        return d.kind == CARDRT_DUR_WHILE_SOURCE_IN_PLAY || d.kind == CARDRT_DUR_END_OF_BATTLE ||
               d.kind == CARDRT_DUR_END_OF_DUEL || d.kind == CARDRT_DUR_CONTINUOUS;
    }
    return false;
  };
  for (Card& c : s_.cards) {
    if (!c.exists) continue;
    for (size_t i = 0; i < c.mods.size();) {
      if (c.mods[i].source == source && !c.mods[i].from_token && ends(c.mods[i].dur)) {
        const StatModifier m = c.mods[i];
        c.mods.erase(c.mods.begin() + std::ptrdiff_t(i));
        emit_modifier(CARDRT_LOG_MODIFIER_ENDED, c, m);  // m.source is source
      } else {
        ++i;
      }
    }
    for (size_t i = 0; i < c.grants.size();) {
      if (c.grants[i].source == source && ends(c.grants[i].dur)) {
        const Grant g = c.grants[i];
        c.grants.erase(c.grants.begin() + std::ptrdiff_t(i));
        emit(CARDRT_LOG_MODIFIER_ENDED, c.controller, c.id, source, -1, int32_t(g.kind), g.what);
      } else {
        ++i;
      }
    }
  }
  if (mode == kEndAll) {
    // 001 Terrain: a destroyed Terrain's delayed effects will no longer be applied
    for (size_t i = 0; i < s_.delayed.size();) {
      if (s_.delayed[i].source == source) {
        emit(CARDRT_LOG_DELAYED_CANCELLED, -1, source, 0, s_.delayed[i].boundary, s_.delayed[i].id, 0);
        s_.delayed.erase(s_.delayed.begin() + std::ptrdiff_t(i));
      } else {
        ++i;
      }
    }
    // except one waiting for this very destruction, whose moment it is ("After this Terrain is destroyed, straighten
    // the target": the card's text says when it applies)
    for (size_t i = 0; i < s_.delayed_on_event.size();) {
      const DelayedOnEvent& d = s_.delayed_on_event[i];
      if (d.source == source && !(d.event == CARDRT_EV_DESTROYED && d.card == source)) {
        emit(CARDRT_LOG_DELAYED_CANCELLED, -1, source, 0, 0, s_.delayed_on_event[i].id, 0);
        s_.delayed_on_event.erase(s_.delayed_on_event.begin() + std::ptrdiff_t(i));
      } else {
        ++i;
      }
    }
  }
}

int32_t Game::begin_turn(PlayerId p) {
  if (!valid_player(p)) return CARDRT_E_ARGUMENT;
  if (s_.over) return CARDRT_E_STATE;
  s_.active = p;
  ++s_.turn_serial;
  ++s_.players[size_t(p)].turns_started;
  s_.players[size_t(p)].prev_turn_serial = s_.players[size_t(p)].last_turn_serial;
  s_.players[size_t(p)].last_turn_serial = s_.turn_serial;
  emit(CARDRT_LOG_BOUNDARY, p, 0, 0, CARDRT_BOUNDARY_TURN_START, s_.players[size_t(p)].turns_started, 0);
  expire(CARDRT_BOUNDARY_TURN_START, p);
  fire_delayed(CARDRT_BOUNDARY_TURN_START, p);
  raise(EventInfo{.kind = CARDRT_EV_TURN_START, .player = p});
  return CARDRT_OK;
}

int32_t Game::end_turn() { return signal(CARDRT_BOUNDARY_TURN_END); }

int32_t Game::signal(int32_t boundary) {
  if (boundary < CARDRT_BOUNDARY_TURN_START || boundary >= CARDRT_BOUNDARY_COUNT) return CARDRT_E_ARGUMENT;
  if (boundary == CARDRT_BOUNDARY_TURN_START) return begin_turn(s_.active);
  const PlayerId p = s_.active;
  emit(CARDRT_LOG_BOUNDARY, p, 0, 0, boundary, s_.players[size_t(p)].turns_started, s_.battlefield);
  // at an end, delayed effects happen first ("at the end of the turn"), then durations run out
  fire_delayed(boundary, p);
  if (boundary == CARDRT_BOUNDARY_TURN_END) {
    raise(EventInfo{.kind = CARDRT_EV_TURN_END, .player = p});
    // additional actions not taken lapse with the turn
    for (size_t q = 0; q < s_.players.size(); ++q) {
      auto& left = s_.players[q].additional_actions;
      while (!left.empty()) {
        const int32_t d = left.back().designators;
        left.pop_back();
        emit(CARDRT_LOG_ADDITIONAL_ACTION, PlayerId(q), 0, 0, d, int32_t(left.size()), -1);
      }
    }
  }
  if (boundary == CARDRT_BOUNDARY_BATTLE_RESOLVED) {
    raise(EventInfo{.kind = CARDRT_EV_BATTLE_RESOLVED, .player = p, .amount = s_.battlefield});
    discard_terrains();  // 001 Terrain: after battle resolution
  }
  expire(boundary, p);
  if (boundary == CARDRT_BOUNDARY_BATTLE_END) s_.battlefield = 0;
  return CARDRT_OK;
}

}  // namespace cardrt
