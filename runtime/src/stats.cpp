// Bonuses, penalties, bounds and their bookkeeping (003_c83c069b880758ae.txt General rules about stats).
#include <algorithm>

#include "game.hpp"
#include "saturating.hpp"

namespace cardrt {

SuppressedGrant* Game::find_suppressed(CardId source, int32_t ability, CardId target, int32_t kind, int32_t what) {
  for (auto& s : s_.suppressed)
    if (s.source == source && s.ability == ability && s.target == target && s.kind == kind && s.what == what)
      return &s;
  return nullptr;
}

StatModifier* Game::find_modifier(int32_t id, Card** owner) {
  for (Card& c : s_.cards) {
    if (!c.exists) continue;
    for (StatModifier& m : c.mods)
      if (m.id == id) {
        if (owner) *owner = &c;
        return &m;
      }
  }
  return nullptr;
}

// 003: a restriction such as "this will not reduce Chi below 1" is applied whenever the penalty is applied
// or changes value, and changes the amount actually applied then; it does not touch other sources.
void Game::apply_restriction(Card& c, StatModifier& m) {
  if (!m.restricted || m.op != CARDRT_OP_ADD || m.nominal >= 0) {
    m.amount = m.nominal;
    return;
  }
  const int32_t without = stat_value(c, m.stat, &m);
  const int32_t allowed = std::min(0, sat_sub(m.restrict_floor, without));  // a penalty never becomes a bonus
  m.amount = std::max(m.nominal, allowed);
}

int32_t Game::modify(cardrt_effect_ctx* ctx, CardId target, int32_t stat, int32_t op, int32_t amount, int32_t dur,
                     cardrt_amount_fn fluct, int32_t sign, bool grants_stat, bool token, bool restricted,
                     int32_t restrict_floor) {
  if (target == CARDRT_NO_CARD) return CARDRT_FAILED;  // an illegal target: the dependent part fails
  if (!valid_card(target)) return CARDRT_E_ARGUMENT;
  if (stat < 0 || stat >= int32_t(profile_->stats.size())) return CARDRT_E_ARGUMENT;
  if (dur < 0 || dur >= CARDRT_DUR_COUNT) return CARDRT_E_ARGUMENT;
  if (op != CARDRT_OP_ADD && op != CARDRT_OP_SUB && op != CARDRT_OP_MUL && op != CARDRT_OP_DIV &&
      op != CARDRT_OP_DIV_UP && op != CARDRT_OP_SET && op != kOpMin && op != kOpMax)
    return CARDRT_E_ARGUMENT;
  Card* c = &card(target);
  // 003 Absent stats can not receive bonuses or penalties, unless the bonus specifically grants the stat
  if (!stat_present(*c, stat)) {
    if (!grants_stat) return CARDRT_FAILED;
    if (ctx && ctx->probe) return CARDRT_OK;
    c->base[size_t(stat)] = BaseStat{CARDRT_BASE_VALUE, 0};
  }
  if (c->base[size_t(stat)].kind == CARDRT_BASE_DASH) return CARDRT_FAILED;
  if (ctx && ctx->probe) return CARDRT_OK;

  const CardId source = ctx_source(ctx);
  const int32_t ability = ctx ? ctx->ability : -1;
  if (ctx && ctx->continuous) {
    // 003 Traits: a continuous trait is always on; re-asserting it keeps its one modifier
    for (StatModifier& m : c->mods) {
      if (m.from_continuous && m.source == source && m.ability == ability && m.stat == stat && m.op == op &&
          m.seen_epoch != ctx->epoch) {
        mark_asserted(m.seen_epoch, ctx->epoch);
        m.fluct = fluct;
        if (fluct) s_.fluctuating = true;
        m.sign = sign;
        if (!fluct && m.nominal != amount) {  // a changed size is not a new bonus or penalty
          m.nominal = amount;
          const int32_t before = m.amount;
          apply_restriction(*c, m);
          if (m.amount != before) {
            emit_modifier(CARDRT_LOG_MODIFIER_CHANGED, *c, m);
            continuous_changed_ = true;
          }
        }
        return m.id;
      }
    }
    if (SuppressedGrant* s = find_suppressed(source, ability, target, 0, stat)) {
      s->seen_epoch = ctx->epoch;
      return CARDRT_OK;
    }
    continuous_changed_ = true;
  }

  StatModifier m;
  m.id = next_id();
  m.stat = stat;
  m.op = op;
  m.fluct = fluct;
  if (fluct) s_.fluctuating = true;
  m.sign = sign;
  m.source = source;
  m.controller = ctx_controller(ctx);
  m.ability = ability;
  m.dur = make_duration(dur, m.controller);
  m.seq = next_seq();
  m.from_token = token;
  m.from_continuous = ctx && ctx->continuous;
  m.seen_epoch = ctx ? ctx->epoch : 0;
  if (m.from_continuous) count_made_continuous(m.seen_epoch);
  if (fluct) {
    cardrt_effect_ctx local = rule_ctx(m.controller, source);
    ++eval_depth_;
    amount = sat_mul(sign, fluct(handle, ctx ? ctx : &local, target));
    --eval_depth_;
  }
  m.nominal = amount;
  m.amount = amount;
  m.restricted = restricted;
  m.restrict_floor = restrict_floor;
  const int32_t before = stat_value(*c, stat);
  if (op == kOpMin || op == kOpMax) m.frozen = before;
  if (m.from_continuous && !c->continuous_mods_shared)
    for (const StatModifier& o : c->mods)
      if (o.from_continuous && o.source == m.source && o.ability == m.ability && o.stat == m.stat)
        c->continuous_mods_shared = true;
  c->mods.push_back(m);
  apply_restriction(*c, c->mods.back());
  amount = c->mods.back().amount;
  const int32_t after = stat_value(*c, stat);
  const int32_t id = m.id;
  const PlayerId ctrl = c->controller;

  if (op == kOpMin || op == kOpMax) {
    // 003: a change due to a maximum or minimum is not a bonus or penalty
    emit_modifier(CARDRT_LOG_BOUND_ADDED, *c, c->mods.back());
    return id;
  }
  emit_modifier(CARDRT_LOG_MODIFIER_ADDED, *c, c->mods.back());
  // 003: +0 is not a bonus when checking whether one was received; for 002 523 operations the direction of the
  // change decides (any change in a stat's value is a bonus if increased, a penalty if decreased)
  const int32_t direction = op == CARDRT_OP_ADD ? amount : (after > before ? 1 : (after < before ? -1 : 0));
  if (direction != 0) {
    const bool bonus = direction > 0;
    emit(bonus ? CARDRT_LOG_BONUS : CARDRT_LOG_PENALTY, ctrl, target, source, stat, amount, after);
    raise(EventInfo{.kind = bonus ? CARDRT_EV_BONUS : CARDRT_EV_PENALTY, .card = target, .player = ctrl,
                    .amount = amount, .what = stat, .other = source});
  }
  return id;
}

int32_t Game::set_stat(cardrt_effect_ctx* ctx, CardId target, int32_t stat, int32_t value, int32_t dur) {
  if (target == CARDRT_NO_CARD) return CARDRT_FAILED;
  if (!valid_card(target) || stat < 0 || stat >= int32_t(profile_->stats.size())) return CARDRT_E_ARGUMENT;
  if (profile_->modifier_order == CARDRT_ORDER_RULE_523) return modify(ctx, target, stat, CARDRT_OP_SET, value, dur);
  // 003 Setting stats to a value: give the bonus or penalty that makes the current value equal the new one
  const int32_t delta = sat_sub(value, stat_value(card(target), stat));
  return modify(ctx, target, stat, CARDRT_OP_ADD, delta, dur);
}

int32_t Game::switch_stats(cardrt_effect_ctx* ctx, CardId a, int32_t sa, CardId b, int32_t sb) {
  if (a == CARDRT_NO_CARD || b == CARDRT_NO_CARD) return CARDRT_FAILED;
  if (!valid_card(a) || !valid_card(b)) return CARDRT_E_ARGUMENT;
  const int32_t n = int32_t(profile_->stats.size());
  if (sa < 0 || sa >= n || sb < 0 || sb >= n) return CARDRT_E_ARGUMENT;
  // both values are read before either changes; bonuses already in a stat are not re-applied (003 example)
  const int32_t va = stat_value(card(a), sa), vb = stat_value(card(b), sb);
  const int32_t ra = set_stat(ctx, a, sa, vb, CARDRT_DUR_PERMANENT);
  const int32_t rb = set_stat(ctx, b, sb, va, CARDRT_DUR_PERMANENT);
  if (ra < 0) return ra;
  if (rb < 0) return rb;
  return (ra == CARDRT_FAILED || rb == CARDRT_FAILED) ? CARDRT_FAILED : CARDRT_OK;
}

int32_t Game::bound(cardrt_effect_ctx* ctx, CardId target, int32_t stat, int32_t which, int32_t value, int32_t dur) {
  if (which != CARDRT_BOUND_MIN && which != CARDRT_BOUND_MAX) return CARDRT_E_ARGUMENT;
  return modify(ctx, target, stat, which == CARDRT_BOUND_MIN ? kOpMin : kOpMax, value, dur);
}

int32_t Game::restrict_floor(int32_t modifier, int32_t floor) {
  Card* c = nullptr;
  StatModifier* m = find_modifier(modifier, &c);
  if (!m) return CARDRT_E_ARGUMENT;
  if (m->restricted && m->restrict_floor == floor) return CARDRT_OK;  // re-asserted by a continuous trait
  m->restricted = true;
  m->restrict_floor = floor;
  const int32_t before = m->amount;
  apply_restriction(*c, *m);
  if (m->amount != before)
    emit_modifier(CARDRT_LOG_MODIFIER_CHANGED, *c, *m);
  return CARDRT_OK;
}

int32_t Game::end_modifier(cardrt_effect_ctx* ctx, int32_t modifier) {
  Card* c = nullptr;
  StatModifier* m = find_modifier(modifier, &c);
  if (!m) return CARDRT_FAILED;
  if (ctx && ctx->probe) return CARDRT_OK;
  const StatModifier copy = *m;
  c->mods.erase(c->mods.begin() + (m - c->mods.data()));
  // 003: when a bonus, penalty, maximum or minimum ends or is negated, the change is not a bonus or penalty
  emit_modifier(CARDRT_LOG_MODIFIER_ENDED, *c, copy);
  if (copy.from_continuous) {
    // 003 Traits: the continuous trait does not immediately apply again
    s_.suppressed.push_back(SuppressedGrant{copy.source, copy.ability, c->id, 0, copy.stat, epoch_});
    emit(CARDRT_LOG_GRANT_SUPPRESSED, c->controller, c->id, copy.source, copy.stat, 0, 0);
  }
  return CARDRT_OK;
}

// 003: changes in a fluctuating bonus due to the game state are recomputed, and are not bonuses or penalties.
bool Game::refresh_fluctuating() {
  // Most games have no fluctuating modifier: the walk happens only while one may exist. The flag is cleared first
  // so that one made by card code during the walk (modify sets it) keeps it set.
  if (!s_.fluctuating) return false;
  s_.fluctuating = false;
  bool changed = false;
  bool any = false;
  for (size_t i = 0; i < s_.cards.size(); ++i) {
    if (!s_.cards[i].exists) continue;
    for (size_t k = 0; k < s_.cards[i].mods.size(); ++k) {
      StatModifier& m = s_.cards[i].mods[k];
      if (!m.fluct) continue;
      any = true;
      cardrt_effect_ctx ctx = rule_ctx(m.controller, m.source);
      ctx.ability = m.ability;
      ++eval_depth_;
      const int32_t nominal = sat_mul(m.sign, m.fluct(handle, &ctx, s_.cards[i].id));
      --eval_depth_;
      StatModifier& mm = s_.cards[i].mods[k];
      if (nominal == mm.nominal) continue;
      mm.nominal = nominal;
      const int32_t before = mm.amount;
      apply_restriction(s_.cards[i], mm);
      if (mm.amount != before) {
        changed = true;
        emit_modifier(CARDRT_LOG_MODIFIER_CHANGED, s_.cards[i], mm);
      }
    }
  }
  if (any) s_.fluctuating = true;
  return changed;
}

}  // namespace cardrt
