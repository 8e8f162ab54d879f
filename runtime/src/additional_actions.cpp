// Additional actions: "You may take an additional Battle action" grants the player an action the engine gives him
// when it runs its action windows; "to play a Terrain", "to play it", "to use an ability on one of his Weapons",
// "which he must perform" restrict which actions it may be. Grants not taken lapse at the end of the turn
// (durations.cpp).
#include "game.hpp"

namespace cardrt {

int32_t Game::grant_additional_action(cardrt_effect_ctx* ctx, PlayerId p, AdditionalAction a) {
  if (!valid_player(p) || a.designators < 0 || a.how < CARDRT_ADDITIONAL_ANY || a.how > CARDRT_ADDITIONAL_USE ||
      (a.performer && !valid_card(a.performer)) || (a.card && !valid_card(a.card)))
    return CARDRT_E_ARGUMENT;
  if (ctx && ctx->probe) return CARDRT_OK;
  if (a.filter) a.ctx = ctx ? kept_ctx(*ctx) : std::make_shared<cardrt_effect_ctx>(rule_ctx(p));
  auto& left = s_.players[size_t(p)].additional_actions;
  const int32_t d = a.designators;
  left.push_back(a);
  emit(CARDRT_LOG_ADDITIONAL_ACTION, p, 0, ctx_source(ctx), d, int32_t(left.size()), 1);
  return CARDRT_OK;
}

bool Game::additional_action_fits(const AdditionalAction& a, int32_t designators, int32_t how, CardId card,
                                  CardId performer) {
  if (a.designators && !(a.designators & designators)) return false;
  if (a.how != CARDRT_ADDITIONAL_ANY && a.how != how) return false;
  if (a.performer && a.performer != performer) return false;
  if (a.card && a.card != card) return false;
  if (a.filter) {
    if (card <= 0 || !valid_card(card)) return false;
    cardrt_effect_ctx ctx = *a.ctx;  // a copy: the filter may not change what the next asking reads
    ++eval_depth_;
    const bool ok = a.filter(handle, &ctx, card) != 0;
    --eval_depth_;
    if (!ok) return false;
  }
  return true;
}

int32_t Game::take_additional_action(PlayerId p, const Taking* action) {
  if (!valid_player(p)) return CARDRT_E_ARGUMENT;
  auto& left = s_.players[size_t(p)].additional_actions;
  for (size_t i = 0; i < left.size(); ++i) {
    const AdditionalAction& a = left[i];
    // without a description of the action, only a grant any action may be is taken
    if (action ? !additional_action_fits(a, action->designators, action->how, action->card, action->performer)
               : a.restricted())
      continue;
    const int32_t d = a.designators;
    left.erase(left.begin() + std::ptrdiff_t(i));
    emit(CARDRT_LOG_ADDITIONAL_ACTION, p, action ? action->card : 0, 0, d, int32_t(left.size()), 0);
    return d;
  }
  return -1;
}

}  // namespace cardrt
