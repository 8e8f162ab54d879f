// Payments: a cost in a resource paid for a card ("When paying a Gold cost", "When paying for a Holding"). The
// engine opens a payment for the card it buys (or whose ability it pays for), which raises CARDRT_EV_PAYING: the
// moment Reactions produce Gold for it; then it finishes the payment. Gold produced "that can only pay for a single
// Kharmic action" is earmarked: it pays only for a card its filter accepts, and a single earmark pays once.
#include <algorithm>

#include "game.hpp"
#include "saturating.hpp"

namespace cardrt {

int32_t Game::begin_payment(PlayerId p, CardId for_card, int32_t resource, int32_t amount) {
  if (!valid_player(p) || resource < 0 || resource >= int32_t(profile_->resources.size()) || amount < 0)
    return CARDRT_E_ARGUMENT;
  if (for_card != 0 && !valid_card(for_card)) return CARDRT_E_ARGUMENT;
  if (s_.payment.open) return CARDRT_E_STATE;  // one payment at a time
  s_.payment = Payment{true, ++s_.payment_serial, p, for_card, resource, amount, 0};
  raise(EventInfo{.kind = CARDRT_EV_PAYING, .card = for_card, .player = p, .amount = amount, .what = resource});
  return CARDRT_OK;
}

bool Game::earmark_accepts(const Earmark& e, CardId for_card) {
  if (e.payment && e.payment != s_.payment.serial) return false;  // "which may only pay for that card"
  if (!e.filter) return true;
  if (for_card <= 0 || !valid_card(for_card)) return false;
  cardrt_effect_ctx ctx = rule_ctx(e.player, e.source);
  ctx.ability = e.source_ability;
  ++eval_depth_;
  const bool ok = e.filter(handle, &ctx, for_card) != 0;
  --eval_depth_;
  return ok;
}

int32_t Game::finish_payment(PlayerId p) {
  if (!s_.payment.open || s_.payment.player != p) return CARDRT_E_STATE;
  Payment pay = s_.payment;
  s_.payment.open = false;
  ResourceState& rs = s_.players[size_t(p)].resources[size_t(pay.resource)];
  const int32_t due = std::max(0, pay.amount - pay.reduction);
  // what each usable earmark gives: whatever it holds (a single one pays for this card alone)
  std::vector<size_t> usable;
  int32_t earmarked = 0;
  for (size_t i = 0; i < rs.earmarked.size(); ++i)
    if (earmark_accepts(rs.earmarked[i], pay.card)) {
      usable.push_back(i);
      earmarked = sat_add(earmarked, rs.earmarked[i].count);
    }
  int32_t paid = CARDRT_FAILED;
  if (sat_add(earmarked, rs.amount) >= due) {
    int32_t left = due;
    for (size_t i : usable) {
      Earmark& e = rs.earmarked[i];
      const int32_t take = std::min(left, e.count);
      left -= take;
      e.count -= take;
      if (e.single) e.count = 0;  // "a single ...": what it did not pay is lost with it
    }
    rs.amount -= left;
    paid = due;
    emit(CARDRT_LOG_PAID, p, pay.card, 0, pay.resource, due, rs.amount);
  }
  // Gold produced for this payment alone does not outlive it
  std::erase_if(rs.earmarked, [&](const Earmark& e) { return e.count <= 0 || e.payment == pay.serial; });
  return paid;
}

int32_t Game::gain_earmarked(cardrt_effect_ctx* ctx, PlayerId p, int32_t r, int32_t n, cardrt_filter_fn filter,
                             uint32_t flags) {
  if (!valid_player(p) || r < 0 || r >= int32_t(profile_->resources.size()) || n < 0) return CARDRT_E_ARGUMENT;
  if ((flags & CARDRT_EARMARK_THIS_PAYMENT) && !s_.payment.open) return CARDRT_FAILED;  // no card being paid for
  if (ctx && ctx->probe) return CARDRT_OK;
  if (n == 0) return 0;
  Earmark e;
  e.count = n;
  e.filter = filter;
  e.player = ctx_controller(ctx);
  e.source = ctx_source(ctx);
  e.source_ability = ctx ? ctx->ability : -1;
  e.single = (flags & CARDRT_EARMARK_SINGLE) != 0;
  e.payment = (flags & CARDRT_EARMARK_THIS_PAYMENT) ? s_.payment.serial : 0;
  s_.players[size_t(p)].resources[size_t(r)].earmarked.push_back(e);
  emit(CARDRT_LOG_RESOURCE_GAINED, p, 0, ctx_source(ctx), r, n, s_.players[size_t(p)].resources[size_t(r)].amount);
  return n;
}

int32_t Game::earmarked(PlayerId p, int32_t r) const {
  if (!valid_player(p) || r < 0 || r >= int32_t(profile_->resources.size())) return CARDRT_E_ARGUMENT;
  int32_t n = 0;
  for (const Earmark& e : s_.players[size_t(p)].resources[size_t(r)].earmarked) n = sat_add(n, e.count);
  return n;
}

int32_t Game::reduce_payment(cardrt_effect_ctx* ctx, int32_t n) {
  if (!s_.payment.open) return CARDRT_FAILED;
  if (n < 0) return CARDRT_E_ARGUMENT;
  if (ctx && ctx->probe) return CARDRT_OK;
  s_.payment.reduction = sat_add(s_.payment.reduction, n);
  return CARDRT_OK;
}

}  // namespace cardrt
