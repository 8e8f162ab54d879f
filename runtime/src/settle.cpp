// After every top-level operation the game settles: continuous traits are re-asserted, fluctuating
// amounts recomputed, and the continuously applied rules checked (zero Chi, lethal damage, hero wounds).
#include <algorithm>

#include "game.hpp"

namespace cardrt {

// 003 Traits: continuous traits are "always on" while their card is in play. Each pass re-asserts them;
// what is no longer asserted ends, and a negated grant stays away while its trait keeps asserting it.
bool Game::continuous_pass() {
  ++epoch_;
  continuous_seen_ = 0;
  continuous_changed_ = false;
  deferring_ = true;
  for (CardId id : cards_with_continuous_traits()) {
    if (!in_play(id)) continue;
    // the card's continuous traits are fixed first: asserting one may grant the card more abilities
    InlineList<AbilityRef, 4> traits;
    for_each_continuous_trait(card(id), [&](const AbilityRef& r) { traits.push_back(r); });
    for (const AbilityRef& r : traits) {
      cardrt_effect_fn fn = r.ab->fn[CARDRT_FN_CONTINUOUS] ? r.ab->fn[CARDRT_FN_CONTINUOUS] : r.ab->fn[CARDRT_FN_EFFECT];
      if (!fn) continue;
      EffectRun run(*this, id, r, card(id).controller);
      cardrt_effect_ctx& ctx = run.ctx();
      ctx.continuous = true;
      ctx.epoch = epoch_;
      fn(handle, &ctx);
    }
  }
  deferring_ = false;
  bool changed = continuous_changed_;
  // What no trait asserted in this pass ends. When every entry made by continuous traits was asserted again
  // (the count of marks reaches State::continuous_entries, never below the real number), none is left to end.
  if (continuous_seen_ != s_.continuous_entries) {
    int32_t left = 0;
    for (Card& c : s_.cards) {
      if (!c.exists) continue;
      for (size_t i = 0; i < c.mods.size();) {
        if (c.mods[i].from_continuous && c.mods[i].seen_epoch != epoch_) {
          const StatModifier m = c.mods[i];
          c.mods.erase(c.mods.begin() + std::ptrdiff_t(i));
          emit_modifier(CARDRT_LOG_MODIFIER_ENDED, c, m);
          changed = true;
        } else {
          left += c.mods[i].from_continuous ? 1 : 0;
          ++i;
        }
      }
      for (size_t i = 0; i < c.grants.size();) {
        if (c.grants[i].from_continuous && c.grants[i].seen_epoch != epoch_) {
          const Grant g = c.grants[i];
          c.grants.erase(c.grants.begin() + std::ptrdiff_t(i));
          emit(CARDRT_LOG_MODIFIER_ENDED, c.controller, c.id, g.source, -1, int32_t(g.kind), g.what);
          changed = true;
        } else {
          left += c.grants[i].from_continuous ? 1 : 0;
          ++i;
        }
      }
    }
    s_.continuous_entries = left;
  }
  std::erase_if(s_.suppressed, [&](const SuppressedGrant& s) { return s.seen_epoch != epoch_; });
  std::vector<EventInfo> events;
  events.swap(deferred_);
  for (const EventInfo& ev : events) dispatch(ev);
  return changed || !events.empty();
}

void Game::settle() {
  const Profile& p = *profile_;
  const int32_t chi = p.role(CARDRT_ROLE_CHI), health = p.role(CARDRT_ROLE_HEALTH);
  const int32_t dmg = damage_counter();
  int iter = 0;
  for (; iter < 16 && !s_.over; ++iter) {
    bool changed = continuous_pass();
    changed |= refresh_fluctuating();
    // zero Chi and lethal damage look at every card in play; without them nothing needs to
    if (p.rule(CARDRT_RULE_ZERO_CHI) || p.rule(CARDRT_RULE_LETHAL_DAMAGE)) {
      for (CardId id : cards_in_play()) {
        if (!in_play(id) || s_.over) continue;
        const Card& c = card(id);
        const auto& type = p.card_types[size_t(c.type)];
        // 003 Chi: if the Chi of a Personality in play is ever zero, destroy him (continuously applied)
        if (p.rule(CARDRT_RULE_ZERO_CHI) && chi >= 0 && !(type.flags & CARDRT_TYPE_STATS_MODIFY_HOST) &&
            stat_present(c, chi)) {
          if (stat_value(c, chi) == 0) {
            if (destroy(nullptr, id, kCauseZeroChi) == CARDRT_OK) {
              changed = true;
              continue;
            }
          } else {
            card(id).zero_chi_logged = false;
          }
        }
        // 004 Health: damage counters equal to or above total Health are Lethal Damage. The unit receives it
        // (CARDRT_EV_LETHAL_DAMAGE: "Before this unit receives Lethal Damage" answers), then, if it still has
        // Lethal Damage, the rule destroys it; what took its counters away in that window saved it.
        auto lethal = [&] {
          return p.rule(CARDRT_RULE_LETHAL_DAMAGE) && health >= 0 && dmg >= 0 && in_play(id) &&
                 stat_present(card(id), health) && card(id).counters[size_t(dmg)] > 0 &&
                 card(id).counters[size_t(dmg)] >= stat_value(card(id), health);
        };
        if (lethal()) {
          const int32_t counters = card(id).counters[size_t(dmg)];
          raise(EventInfo{.kind = CARDRT_EV_LETHAL_DAMAGE, .card = id, .player = card(id).controller, .amount = counters});
          if (lethal() && destroy(nullptr, id, kCauseLethal) == CARDRT_OK) changed = true;
          else if (valid_card(id) && card(id).counters[size_t(dmg)] != counters) changed = true;
        }
      }
    }
    // 002 601: wounds equal to or above the hero's starting life lose the game
    if (p.rule(CARDRT_RULE_HERO_WOUNDS) && p.starting_life > 0)
      for (PlayerId q = 0; q < int32_t(s_.players.size()); ++q)
        if (!s_.players[size_t(q)].lost && s_.players[size_t(q)].wounds >= p.starting_life && !s_.over) {
          player_loses(q);
          changed = true;
        }
    if (!changed) break;
  }
  // 002 525.1: rule effects that keep causing each other stop rather than loop
  if (iter == 16) emit(CARDRT_LOG_CYCLE_STOPPED, -1, 0, 0, -1, iter, 0);
}

}  // namespace cardrt
