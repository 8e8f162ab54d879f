// The current value of a stat: the hot path. No allocation, no virtual dispatch.
#include "game.hpp"
#include "saturating.hpp"

namespace cardrt {

int32_t Game::stat_base(const Card& c, int32_t stat) const {
  // 003 Absent stats: something that needs the value of an absent stat reads zero
  if (!stat_present(c, stat)) return 0;
  const BaseStat& b = c.base[size_t(stat)];
  switch (b.kind) {
    case CARDRT_BASE_VALUE: return b.value;
    case CARDRT_BASE_DASH: return CARDRT_DASH;
    case CARDRT_BASE_X: {
      // 000_6878fa005291d153.txt 7.4c: X is zero out of play; 7.4d: one X per card; 7.4: the text may define X
      if (!profile_->zone_in_play(c.zone)) return 0;
      const CardDef* d = def_of(c);
      if (!d || !d->base_fn) return c.x_value;
      if (eval_depth_ > 8) return 0;
      ++eval_depth_;
      const int32_t v = d->base_fn(handle, c.id, stat);
      --eval_depth_;
      return v;
    }
    case CARDRT_BASE_ASTERISK: {
      // 003 Asterisks: a value that cannot be determined is zero (also a base that reads itself, 000 7.3)
      const CardDef* d = def_of(c);
      if (!d || !d->base_fn || eval_depth_ > 8) return 0;
      ++eval_depth_;
      const int32_t v = d->base_fn(handle, c.id, stat);
      --eval_depth_;
      return v;
    }
    default: return 0;
  }
}

int32_t Game::stat_value(const Card& c, int32_t stat, const StatModifier* exclude) const {
  if (!stat_present(c, stat)) return 0;
  const int32_t base = stat_base(c, stat);
  if (base == CARDRT_DASH) return CARDRT_DASH;  // 003 Honor Requirement "-": infinitely low
  const Profile& p = *profile_;
  int64_t v = base;

  // 003 Force/Chi: an Item's stat is a modifier that adds to its Personality's stat
  for (CardId a : c.attachments) {
    const Card& att = card(a);
    if ((p.card_types[size_t(att.type)].flags & CARDRT_TYPE_STATS_MODIFY_HOST) && stat_present(att, stat))
      v = acc_add(v, stat_value(att, stat));
  }

  bool has_min = false, has_max = false;
  int32_t min_v = 0, max_v = 0;
  const StatModifier* last_bound = nullptr;
  const int32_t floor = p.stats[size_t(stat)].floor;

  if (p.modifier_order == CARDRT_ORDER_STEPS_A_C) {
    // 003_c83c069b880758ae.txt Stats, step A: apply all current bonuses and penalties
    const bool negations = has_negation(c, stat);
    for (const StatModifier& m : c.mods) {
      if (m.stat != stat || &m == exclude) continue;
      if (m.op == CARDRT_OP_ADD) {
        if (negations && negated(c, m)) continue;  // "Negate this Personality's Force and Chi bonuses"
        v = acc_add(v, m.amount);
      } else if (m.op == kOpMax) {
        max_v = has_max ? std::min(max_v, m.amount) : m.amount;
        has_max = true;
        last_bound = &m;
      } else if (m.op == kOpMin) {
        min_v = has_min ? std::max(min_v, m.amount) : m.amount;
        has_min = true;
        last_bound = &m;
      }
    }
    // step B: below 0 is 0, except stats whose policy says they may be negative, and stats with a + or - sign
    // such as an Item's Force and Chi
    if (floor != CARDRT_FLOOR_NONE && v < 0 && !(p.card_types[size_t(c.type)].flags & CARDRT_TYPE_STATS_MODIFY_HOST))
      v = 0;
  } else {
    // 002_3bccf7f22febdff2.txt 523.1: additions, multiplications, subtractions, divisions, then sets by entry
    bool any_mul = false, any_div = false;
    int64_t subs = 0;
    const StatModifier* last_set = nullptr;
    for (const StatModifier& m : c.mods) {
      if (m.stat != stat || &m == exclude) continue;
      switch (m.op) {
        case CARDRT_OP_ADD:
          if (m.amount >= 0) v = acc_add(v, m.amount);
          else subs = acc_add(subs, -int64_t{m.amount});
          break;
        case CARDRT_OP_SUB: subs = acc_add(subs, m.amount); break;
        case CARDRT_OP_MUL: any_mul = true; break;
        case CARDRT_OP_DIV:
        case CARDRT_OP_DIV_UP: any_div = true; break;
        case CARDRT_OP_SET: last_set = &m; break;  // entry order: the latest set is the one that holds
        case kOpMax:
          max_v = has_max ? std::min(max_v, m.amount) : m.amount;
          has_max = true;
          last_bound = &m;
          break;
        case kOpMin:
          min_v = has_min ? std::max(min_v, m.amount) : m.amount;
          has_min = true;
          last_bound = &m;
          break;
        default: break;
      }
    }
    int32_t w = clamp_to_i32(v);
    if (any_mul)
      for (const StatModifier& m : c.mods)
        if (m.stat == stat && &m != exclude && m.op == CARDRT_OP_MUL) w = sat_mul(w, m.amount);
    w = clamp_to_i32(int64_t{w} - subs);
    if (any_div)  // in any order (523.1): each rounds its own result; by 0 gives 0 (000 7.3)
      for (const StatModifier& m : c.mods)
        if (m.stat == stat && &m != exclude && (m.op == CARDRT_OP_DIV || m.op == CARDRT_OP_DIV_UP))
          w = m.op == CARDRT_OP_DIV ? sat_div_down(w, m.amount) : sat_div_up(w, m.amount);
    if (last_set) w = last_set->amount;
    v = w;
    // 523.2: after all modifiers a negative result becomes 0
    if (floor != CARDRT_FLOOR_NONE && v < 0) v = 0;
  }

  // step C: minimum and maximum; a minimum above the maximum leaves the value unchanged
  if (has_min && has_max && min_v > max_v) return last_bound->frozen;
  if (has_max && v > max_v) v = max_v;
  if (has_min && v < min_v) v = min_v;
  return clamp_to_i32(v);
}

}  // namespace cardrt
