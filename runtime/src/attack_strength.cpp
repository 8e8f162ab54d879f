// Whether an attack with a strength (a Ranged or Melee Attack, "Ranged 4 Attack") can target a card: its Force must
// be at most the attack's strength (the keyword action's reminder text: "destroys a Follower or Personality with
// Force equal to or lower than the strength"). Cards change both sides: "Ranged Attacks targeting this Personality
// have -2 strength" adds to the strength of attacks that target that card only, and "Ranged Attacks cannot target
// cards in this unit" forbids them (003 Traits: a restriction, checked when the action happens).
#include "game.hpp"
#include "saturating.hpp"

namespace cardrt {

bool Game::attack_reaches(cardrt_effect_ctx* ctx, CardId target, int32_t kind, int32_t strength) {
  if (!valid_card(target) || kind < 0 || kind >= CARDRT_ATTACK_KIND_COUNT) return false;
  const int32_t forbid = kind == CARDRT_ATTACK_RANGED ? CARDRT_FORBID_RANGED_ATTACK_TARGET : CARDRT_FORBID_MELEE_ATTACK_TARGET;
  if (forbidden(target, forbid, ctx_source(ctx))) return false;
  const int32_t force = profile_->role(CARDRT_ROLE_FORCE);
  if (force < 0) return false;
  int64_t total = strength;
  for (const Grant& g : card(target).grants)
    if (g.kind == GrantKind::attack_strength && g.what == kind) total = acc_add(total, g.ability);
  return int64_t(stat_value(card(target), force)) <= total;
}

}  // namespace cardrt
