// Triggered traits, Reactions and replacement effects.
// 003 Traits: triggered traits are mandatory and apply before Reactions with the same trigger.
// 002 rule 525: a cycle of rule or replacement effects stops before its first repetition.
#include <algorithm>

#include "game.hpp"

namespace cardrt {
namespace {
constexpr int kMaxTriggerDepth = 32;

bool has_granted_abilities(const Card& c) {
  return std::any_of(c.grants.begin(), c.grants.end(), [](const Grant& g) { return g.kind == GrantKind::ability; });
}
}  // namespace

void Game::dispatch(const EventInfo& ev) {
  if (ev.kind == CARDRT_EV_NONE || s_.over) return;
  if (trigger_depth_ >= kMaxTriggerDepth) {
    emit(CARDRT_LOG_CYCLE_STOPPED, -1, ev.card, 0, ev.kind, trigger_depth_, 0);
    return;
  }
  if (!s_.delayed_on_event.empty()) {
    ++trigger_depth_;
    fire_delayed_on_event(ev);
    --trigger_depth_;
  }
  if (!pool_->triggers.may_contain(ev.kind)) return;  // no ability of the pool triggers on it
  ++trigger_depth_;
  struct Hit {
    CardId card;
    AbilityRef ref;
  };
  InlineList<Hit, 8> traits, reactions;
  // (runs no card code: the cards stay where they are)
  auto collect = [&](const Card& c, int pass) {
    if (!c.exists || ((c.controller == s_.active) != (pass == 0))) return;
    // only a card whose printed abilities or granted ones may answer the event is asked for them
    const CardDef* d = def_of(c);
    if (!(d && d->triggers.may_contain(ev.kind)) && !has_granted_abilities(c)) return;
    const bool here = c.in_play;
    for_each_ability(c, [&](const AbilityRef& r) {
      if (r.ab->trigger != ev.kind) return;
      if (!here && !(r.ab->flags & CARDRT_ABF_OUT_OF_PLAY)) return;
      if (r.ab->kind == CARDRT_AB_TRIGGERED) traits.push_back(Hit{c.id, r});
      else if (r.ab->kind == CARDRT_AB_REACTION) reactions.push_back(Hit{c.id, r});
    });
  };
  // deterministic order: the active player's cards first, then the others, each by card id. Only cards whose
  // definition has triggers or that hold granted abilities can answer: while no card may hold one, the cards with
  // triggers are all there is to ask; otherwise also the cards that may hold one (their grants counted again, and
  // those that hold none dropped), the two lists merged by id.
  if (s_.ability_grants == 0) {
    for (int pass = 0; pass < 2; ++pass)
      for (CardId id : s_.with_triggers) collect(card(id), pass);
  } else {
    int32_t grants = 0;
    size_t kept = 0;
    for (CardId id : s_.grant_holders) {
      int32_t held = 0;
      for (const Grant& g : card(id).grants) held += g.kind == GrantKind::ability ? 1 : 0;
      if (held) s_.grant_holders[kept++] = id;
      grants += held;
    }
    s_.grant_holders.resize(kept);
    s_.ability_grants = grants;
    const std::vector<CardId>& a = s_.with_triggers;
    const std::vector<CardId>& b = s_.grant_holders;
    for (int pass = 0; pass < 2; ++pass)
      for (size_t i = 0, j = 0; i < a.size() || j < b.size();) {
        const CardId id = j == b.size() || (i < a.size() && a[i] < b[j]) ? a[i] : b[j];
        if (i < a.size() && a[i] == id) ++i;
        if (j < b.size() && b[j] == id) ++j;
        collect(card(id), pass);
      }
  }
  auto in_chain = [&](CardId id, int32_t key) {
    return std::find(resolving_.begin(), resolving_.end(), std::make_pair(id, key)) != resolving_.end();
  };
  // the traits all resolve even if an earlier one made a later one's card leave play (003 Traits)
  for (const Hit& h : traits) {
    if (!valid_card(h.card) || s_.over) continue;
    if (in_chain(h.card, h.ref.key)) {  // 002 525.1: the cycle stops before it repeats
      emit(CARDRT_LOG_CYCLE_STOPPED, card(h.card).controller, h.card, 0, ev.kind, 0, 0);
      continue;
    }
    // 003 Traits: "once per turn" before the colon: only the first opportunity this turn triggers it
    if (h.ref.ab->flags & CARDRT_ABF_ONCE_PER_TURN_TRIGGER) {
      if (use_limit_reached(card(h.card), h.ref.key, h.ref.ab->flags)) continue;
      mark_used(card(h.card), h.ref.key);
    }
    const PlayerId ctrl = card(h.card).controller;
    EffectRun run(*this, h.card, h.ref, ctrl);
    cardrt_effect_ctx& ctx = run.ctx();
    ctx.event = ev;
    // an optional trait ("Invest: Pay 3 Gold: ...") is offered only when it triggers (its condition holds, as for a
    // reaction), and its player may decline it with its costs
    if (h.ref.ab->flags & CARDRT_ABF_OPTIONAL) {
      const AbilityDef& ab = *h.ref.ab;
      if (ab.fn[CARDRT_FN_CONDITION] && !ab.fn[CARDRT_FN_CONDITION](handle, &ctx)) continue;
      if (!choose_yes_no(&ctx, ctrl, CARDRT_PURPOSE_OPTIONAL, h.card)) continue;
    }
    resolve(ctx, false, false, ctrl);
  }
  // Reactions are voluntary: each is offered to its controller (003 Abilities)
  for (const Hit& h : reactions) {
    if (!in_play(h.card) || s_.over) continue;
    const Card& c = card(h.card);
    const AbilityDef& ab = *h.ref.ab;
    if (has_state(c, CARDRT_STATE_BOWED) && !(ab.flags & CARDRT_ABF_EVEN_IF_BOWED)) continue;
    if (!(ab.flags & CARDRT_ABF_UNLIMITED) && used_this_turn(c, h.ref.key)) continue;
    if (in_chain(h.card, h.ref.key)) continue;
    const PlayerId ctrl = c.controller;
    EffectRun run(*this, h.card, h.ref, ctrl);
    cardrt_effect_ctx& ctx = run.ctx();
    ctx.event = ev;
    if (ab.fn[CARDRT_FN_CONDITION] && !ab.fn[CARDRT_FN_CONDITION](handle, &ctx)) continue;
    if (!choose_yes_no(&ctx, ctrl, CARDRT_PURPOSE_REACTION, h.card)) continue;
    resolve(ctx, true, (ab.flags & CARDRT_ABF_TACTICAL) != 0, ctrl);
  }
  --trigger_depth_;
}

bool Game::replace(Pending& p) {
  if (!pool_->replacements.may_contain(p.ev.kind)) return false;  // no ability of the pool replaces it
  std::vector<std::pair<CardId, int32_t>> applied;
  bool repetition = false;
  bool any = false;
  for (int guard = 0; guard < 64 && !p.cancelled; ++guard) {
    struct Candidate {
      CardId card;
      AbilityRef ref;
    };
    InlineList<Candidate, 8> fresh;
    const int32_t hand = profile_->zone(CARDRT_ZROLE_HAND);
    for (const Card& holder : s_.cards) {
      // replacement traits and Interrupts on cards in play, and Interrupts on Action cards in hand
      const bool in_hand = holder.exists && holder.zone == hand;
      if (!holder.exists || (!in_hand && !profile_->zone_in_play(holder.zone))) continue;
      const CardId id = holder.id;
      for (const AbilityRef& r : abilities_of(card(id))) {
        if (r.ab->kind != CARDRT_AB_REPLACEMENT || r.ab->trigger != p.ev.kind) continue;
        if (in_hand != ((r.ab->flags & CARDRT_ABF_PLAYED_FROM_HAND) != 0)) continue;
        cardrt_effect_ctx probe = rule_ctx(card(id).controller, id);
        probe.def = r.def;
        probe.ability = r.key;
        probe.ab = r.ab;
        probe.event = p.ev;
        probe.pending = &p;
        probe.probe = true;
        if (r.ab->fn[CARDRT_FN_CONDITION] && !r.ab->fn[CARDRT_FN_CONDITION](handle, &probe)) continue;
        if (std::find(applied.begin(), applied.end(), std::make_pair(id, r.key)) != applied.end()) {
          repetition = true;  // 002 525.2: applying it again would repeat the cycle
          continue;
        }
        fresh.push_back(Candidate{id, r});
      }
    }
    if (fresh.empty()) break;
    size_t pick = 0;
    if (fresh.size() > 1) {
      // the affected player chooses the order in which replacement effects apply
      std::vector<int32_t> options;
      for (const auto& f : fresh) options.push_back(f.card);
      cardrt_choice c{};
      c.kind = CARDRT_CHOICE_CARDS;
      c.purpose = CARDRT_PURPOSE_REPLACEMENT;
      c.player = p.ev.player >= 0 ? p.ev.player : s_.active;
      pick = ask_one(c, options);
    }
    const Candidate f = fresh[pick];
    const bool from_hand = (f.ref.ab->flags & CARDRT_ABF_PLAYED_FROM_HAND) != 0;
    const PlayerId who = from_hand ? card(f.card).owner : card(f.card).controller;
    EffectRun run(*this, f.card, f.ref, who);
    cardrt_effect_ctx& ctx = run.ctx();
    ctx.event = p.ev;
    ctx.pending = &p;
    const int32_t before = p.ev.amount;
    applied.emplace_back(f.card, f.ref.key);
    if (f.ref.ab->designators != 0) {
      // An Interrupt ("Interrupt: Before one of your Personalities is destroyed: Discard a card: Negate the
      // destruction.") is an action: its player may take it, paying its costs (003 Abilities)
      const Card& c = card(f.card);
      const bool usable = (from_hand || !has_state(c, CARDRT_STATE_BOWED) || (f.ref.ab->flags & CARDRT_ABF_EVEN_IF_BOWED)) &&
                          ((f.ref.ab->flags & CARDRT_ABF_UNLIMITED) || !used_this_turn(c, f.ref.key));
      if (!usable || !choose_yes_no(&ctx, who, CARDRT_PURPOSE_REPLACEMENT, f.card)) continue;
      if (resolve(ctx, true, (f.ref.ab->flags & CARDRT_ABF_TACTICAL) != 0, who) != CARDRT_OK) continue;
    } else if (f.ref.ab->fn[CARDRT_FN_EFFECT]) {
      f.ref.ab->fn[CARDRT_FN_EFFECT](handle, &ctx);
    }
    any = true;
    emit(CARDRT_LOG_REPLACED, p.ev.player, f.card, p.ev.card, p.ev.kind, p.ev.amount - before,
         p.cancelled ? -1 : p.ev.amount);
    repetition = false;  // only a repetition after the last application is the cycle's end
  }
  if (repetition) emit(CARDRT_LOG_CYCLE_STOPPED, p.ev.player, p.ev.card, 0, p.ev.kind, int32_t(applied.size()), 0);
  return any;
}

}  // namespace cardrt
