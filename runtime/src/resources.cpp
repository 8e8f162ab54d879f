// Resources: plain counters (Gold, Honor, vitae, prayer tokens) and 002 rule 522 coins, which move between
// a player's supply and play area.
#include <algorithm>
#include <array>

#include "game.hpp"
#include "saturating.hpp"

namespace cardrt {
namespace {
int32_t temporary_total(const ResourceState& rs) {
  int32_t t = 0;
  for (const auto& e : rs.temporary) t = sat_add(t, e.count);
  return t;
}
}  // namespace

int32_t Game::gain_resource(cardrt_effect_ctx* ctx, PlayerId p, int32_t r, int32_t n, int32_t dur) {
  if (!valid_player(p) || r < 0 || r >= int32_t(profile_->resources.size())) return CARDRT_E_ARGUMENT;
  if (n < 0) return CARDRT_E_ARGUMENT;  // 000 7.2: no negative choices; "gain -1" is not a loss
  if (dur >= CARDRT_DUR_COUNT) return CARDRT_E_ARGUMENT;
  if (ctx && ctx->probe) return CARDRT_OK;
  // "You may not gain Honor": nothing is gained (losing is still possible)
  if (player_forbidden(p, CARDRT_FORBID_GAIN_RESOURCE, r)) {
    emit(CARDRT_LOG_FORBIDDEN, p, 0, ctx_source(ctx), CARDRT_FORBID_GAIN_RESOURCE, n, r);
    return 0;
  }
  // 002 rule 525: "if you would gain ..." replacement effects, each at most once
  Pending pend;
  pend.ev.kind = CARDRT_EV_WOULD_GAIN_RESOURCE;
  pend.ev.player = p;
  pend.ev.what = r;
  pend.ev.amount = n;
  pend.ev.other = ctx_source(ctx);
  replace(pend);
  if (pend.cancelled) return 0;
  n = std::max(0, pend.ev.amount);
  const ResourceDef& d = profile_->resources[size_t(r)];
  ResourceState& rs = s_.players[size_t(p)].resources[size_t(r)];
  if (d.model == CARDRT_RESOURCE_SUPPLY) {
    n = std::min(n, rs.supply);  // 002 522.2: a coin comes from the supply (520.1: as far as possible)
    rs.supply -= n;
  }
  rs.amount = sat_add(rs.amount, n);
  if (dur > CARDRT_DUR_PERMANENT && n > 0)
    rs.temporary.push_back(TempEntry{n, make_duration(dur, ctx_controller(ctx)), ctx_source(ctx)});
  emit(CARDRT_LOG_RESOURCE_GAINED, p, 0, ctx_source(ctx), r, n, rs.amount);
  if (n > 0) {
    raise(EventInfo{.kind = CARDRT_EV_RESOURCE_GAINED, .player = p, .amount = n, .what = r, .other = ctx_source(ctx)});
  }
  return n;
}

int32_t Game::lose_resource(cardrt_effect_ctx* ctx, PlayerId p, int32_t r, int32_t n, int32_t dur, bool pay) {
  if (!valid_player(p) || r < 0 || r >= int32_t(profile_->resources.size())) return CARDRT_E_ARGUMENT;
  if (n < 0 || dur >= CARDRT_DUR_COUNT) return CARDRT_E_ARGUMENT;
  const ResourceDef& d = profile_->resources[size_t(r)];
  ResourceState* rs = &s_.players[size_t(p)].resources[size_t(r)];
  // a cost is paid fully or not at all
  if (pay && rs->amount < n) return CARDRT_FAILED;
  if (ctx && ctx->probe) return CARDRT_OK;
  int32_t k = n;
  if (d.model == CARDRT_RESOURCE_SUPPLY) {
    k = std::min(n, std::max(0, rs->amount));
    for (int32_t i = 0; i < k; ++i) {
      const int32_t temp = temporary_total(*rs);
      const int32_t permanent = rs->amount - temp;
      bool lose_temporary = permanent <= 0;
      if (temp > 0 && permanent > 0) {
        // 002 522.5: a player forced to lose coins chooses which
        cardrt_choice c{};
        c.kind = CARDRT_CHOICE_COINS;
        c.purpose = CARDRT_PURPOSE_LOSE_COINS;
        c.player = p;
        c.source_card = ctx_source(ctx);
        lose_temporary = ask_one(c, std::array<int32_t, 2>{0, 1}) == 1;
        rs = &s_.players[size_t(p)].resources[size_t(r)];
      }
      if (lose_temporary)
        for (auto& e : rs->temporary)
          if (e.count > 0) {
            --e.count;
            break;
          }
      --rs->amount;
      ++rs->supply;
    }
  } else if (d.floor == CARDRT_FLOOR_NONE) {
    rs->amount = sat_sub(rs->amount, n);  // e.g. Family Honor may be negative (003 step B exception)
  } else {
    k = std::min(n, std::max(0, rs->amount));  // 000 7.2: a result that would be negative is zero
    rs->amount -= k;
  }
  if (dur > CARDRT_DUR_PERMANENT && k > 0)
    rs->lost_for.push_back(TempEntry{k, make_duration(dur, ctx_controller(ctx)), ctx_source(ctx)});
  emit(CARDRT_LOG_RESOURCE_LOST, p, 0, ctx_source(ctx), r, k, rs->amount);
  if (k > 0) {
    raise(EventInfo{.kind = CARDRT_EV_RESOURCE_LOST, .player = p, .amount = k, .what = r, .other = ctx_source(ctx)});
  }
  return pay ? CARDRT_OK : k;
}

// 000 7.2: setting or doubling a ruler's vitae may give a negative total; other results floor at 0.
int32_t Game::set_resource(cardrt_effect_ctx* ctx, PlayerId p, int32_t r, int32_t v, bool doubling) {
  if (!valid_player(p) || r < 0 || r >= int32_t(profile_->resources.size())) return CARDRT_E_ARGUMENT;
  if (ctx && ctx->probe) return CARDRT_OK;
  const ResourceDef& d = profile_->resources[size_t(r)];
  ResourceState& rs = s_.players[size_t(p)].resources[size_t(r)];
  int32_t nv = doubling ? sat_mul(rs.amount, 2) : v;
  if (d.floor == CARDRT_FLOOR_ZERO) nv = std::max(0, nv);
  if (d.model == CARDRT_RESOURCE_SUPPLY) {
    nv = std::max(0, nv);
    if (nv > rs.amount) {
      const int32_t k = std::min(nv - rs.amount, rs.supply);
      rs.supply -= k;
      nv = rs.amount + k;
    } else {
      rs.supply = sat_add(rs.supply, rs.amount - nv);
    }
  }
  rs.amount = nv;
  emit(CARDRT_LOG_RESOURCE_SET, p, 0, ctx_source(ctx), r, doubling ? 2 : 1, nv);
  return CARDRT_OK;
}

// 002 522.3: in the accumulation phase a player gains a coin only while holding fewer than the cap.
int32_t Game::accumulate(PlayerId p, int32_t r) {
  if (!valid_player(p) || r < 0 || r >= int32_t(profile_->resources.size())) return CARDRT_E_ARGUMENT;
  const ResourceDef& d = profile_->resources[size_t(r)];
  if (d.accumulation_cap > 0 && s_.players[size_t(p)].resources[size_t(r)].amount >= d.accumulation_cap) return 0;
  return gain_resource(nullptr, p, r, 1);
}

}  // namespace cardrt
