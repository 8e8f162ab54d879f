// Restrictions: what a card or a player "cannot" or "may not" do (003 Traits: a continuous trait is always on
// while its card is in play; an effect's restriction lasts for its duration). A restriction is a grant on the
// card it restricts, or, for a player, on the card whose text restricts them, so it ends with that card's trait.
#include "game.hpp"

namespace cardrt {

// Is `actor` forbidden to do `action` to `other`? The restriction's filter reads `other` with the context of
// the card that imposed it ("This Hatchling cannot attack structures": structures, in its controller's eyes).
bool Game::forbidden(CardId actor, int32_t action, CardId other) {
  if (!valid_card(actor)) return false;
  const std::vector<Grant> grants = card(actor).grants;  // a filter may not change the game, but be safe
  for (const Grant& g : grants) {
    if (g.kind != GrantKind::restriction || g.what != action || g.player >= 0) continue;
    if (!g.filter) return true;
    if (other <= 0 || !valid_card(other)) continue;
    const PlayerId who = valid_card(g.source) ? card(g.source).controller : card(actor).controller;
    cardrt_effect_ctx ctx = rule_ctx(who, g.source);
    ctx.ability = g.source_ability;
    ++eval_depth_;
    const bool hit = g.filter(handle, &ctx, other) != 0;
    --eval_depth_;
    if (hit) return true;
  }
  return false;
}

bool Game::forbid_now(cardrt_effect_ctx* ctx, CardId actor, int32_t action) {
  if (!forbidden(actor, action, 0)) return false;
  Card& c = card(actor);
  for (size_t i = 0; i < c.grants.size(); ++i) {
    const Grant& g = c.grants[i];
    if (g.kind == GrantKind::restriction && g.what == action && g.player < 0 && !g.filter && g.ability == kRestrictionNext) {
      c.grants.erase(c.grants.begin() + std::ptrdiff_t(i));
      break;
    }
  }
  emit(CARDRT_LOG_FORBIDDEN, c.controller, actor, ctx_source(ctx), action, 0, 0);
  return true;
}

// "You may not gain Honor": held by the card whose trait says it (002 rule 521: "you" is its controller).
bool Game::player_forbidden(PlayerId p, int32_t action, int32_t what) {
  if (s_.player_restrictions == 0) return false;  // no card holds one: nothing to walk
  int32_t held = 0;
  bool forbidden = false;
  for (const Card& c : s_.cards) {
    if (!c.exists) continue;
    for (const Grant& g : c.grants) {
      if (g.kind != GrantKind::restriction || g.player < 0) continue;
      ++held;
      if (g.what == action && g.player == p && (g.ability < 0 || g.ability == what)) forbidden = true;
    }
  }
  s_.player_restrictions = held;
  return forbidden;
}

}  // namespace cardrt
