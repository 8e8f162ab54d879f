// Negated bonuses and penalties (003 Stats: bonuses and penalties are modifiers; an Item's stats are modifiers, not
// bonuses): "Negate this Personality's Force and Chi bonuses", "Negate all current and new Force bonuses and
// penalties on him from actions". A negation is a grant on the card (GrantKind::negation: the stat and its
// CARDRT_NEGATE_* flags) with a duration; while it lasts, the modifiers it names count for nothing, those already
// made and those made later. The stat's value reads them (stat_value.cpp).
#include "game.hpp"

namespace cardrt {

bool Game::has_negation(const Card& c, int32_t stat) const {
  for (const Grant& g : c.grants)
    if (g.kind == GrantKind::negation && g.what == stat) return true;
  return false;
}

// A modifier made by an action (003 Abilities: an ability creates an action), not by a trait or a token.
bool Game::from_action(const StatModifier& m) const {
  if (m.from_continuous || m.from_token || m.ability < 0 || !valid_card(m.source)) return false;
  const CardDef* d = def_of(card(m.source));
  return d && m.ability < int32_t(d->abilities.size()) && d->abilities[size_t(m.ability)].kind == CARDRT_AB_ACTION;
}

bool Game::negated(const Card& c, const StatModifier& m) const {
  if (m.amount == 0) return false;
  const uint32_t sign = m.amount > 0 ? CARDRT_NEGATE_BONUSES : CARDRT_NEGATE_PENALTIES;
  for (const Grant& g : c.grants) {
    if (g.kind != GrantKind::negation || g.what != m.stat || !(uint32_t(g.ability) & sign)) continue;
    if ((uint32_t(g.ability) & CARDRT_NEGATE_FROM_ACTIONS) && !from_action(m)) continue;
    return true;
  }
  return false;
}

}  // namespace cardrt
