// Keywords, protections, states and granted abilities (003 Keywords, Traits, Abilities).
#include "game.hpp"

namespace cardrt {

// 003 Keywords: a card has a keyword or it does not; a second grant adds no copy and does not protect it
// from removal. The latest of printing, grants and removals decides.
bool Game::has_keyword(const Card& c, int32_t kw) const {
  // while nothing varied them, the keywords are the printed ones (Card::printed_keywords)
  if (!c.keywords_varied && kw >= 0 && kw < 64) return (c.printed_keywords >> kw) & 1u;
  bool has = false;
  if (const CardDef* d = def_of(c)) has = std::find(d->keywords.begin(), d->keywords.end(), kw) != d->keywords.end();
  if (!has) has = std::find(c.created_keywords.begin(), c.created_keywords.end(), kw) != c.created_keywords.end();
  uint64_t best = 0;
  for (const Grant& g : c.grants) {
    if (g.what != kw || (g.kind != GrantKind::keyword && g.kind != GrantKind::keyword_removal)) continue;
    if (g.seq > best) {
      best = g.seq;
      has = g.kind == GrantKind::keyword;
    }
  }
  return has;
}

bool Game::has_protection(const Card& c, int32_t prot, bool continuous_only) const {
  for (const Grant& g : c.grants) {
    if (g.kind != GrantKind::protection || g.what != prot || (continuous_only && !g.from_continuous)) continue;
    if (!g.filter) return true;
    // "while ...": the condition is read now, as the granting card's controller sees it (000 7.3: 0 if unknowable)
    Game& self = const_cast<Game&>(*this);
    const PlayerId who = valid_card(g.source) ? card(g.source).controller : c.controller;
    cardrt_effect_ctx ctx = self.rule_ctx(who, g.source);
    if (eval_depth_ > 8) continue;
    ++eval_depth_;
    const bool holds = g.filter(handle, &ctx, c.id) != 0;
    --eval_depth_;
    if (holds) return true;
  }
  return false;
}

int32_t Game::set_state(cardrt_effect_ctx* ctx, CardId id, int32_t st, bool on) {
  if (id == CARDRT_NO_CARD) return CARDRT_FAILED;
  if (!valid_card(id) || st < 0 || st >= int32_t(profile_->card_states.size()) || st >= 32) return CARDRT_E_ARGUMENT;
  Card& c = card(id);
  // bowing a bowed card (or straightening an unbowed one) cannot be done, so such a cost cannot be paid
  if (has_state(c, st) == on) return CARDRT_FAILED;
  if (ctx && ctx->probe) return CARDRT_OK;
  if (!on && st == CARDRT_STATE_BOWED && forbid_now(ctx, id, CARDRT_FORBID_STRAIGHTEN)) return CARDRT_FAILED;
  if (on) c.states |= (1u << st);
  else c.states &= ~(1u << st);
  emit(CARDRT_LOG_STATE_CHANGED, c.controller, id, ctx_source(ctx), st, on ? 1 : 0, 0);
  if (on && st == CARDRT_STATE_BOWED) {
    raise(EventInfo{.kind = CARDRT_EV_BOWED, .card = id, .player = c.controller, .other = ctx_source(ctx)});
  }
  return CARDRT_OK;
}

AbilityList Game::abilities_of(const Card& c) const {
  AbilityList out;
  for_each_ability(c, [&](const AbilityRef& r) { out.push_back(r); });
  return out;
}

int32_t Game::grant(cardrt_effect_ctx* ctx, CardId id, GrantKind kind, int32_t what, int32_t ability, int32_t dur,
                    cardrt_filter_fn filter, PlayerId player) {
  if (id == CARDRT_NO_CARD) return CARDRT_FAILED;
  if (!valid_card(id) || dur < 0 || dur >= CARDRT_DUR_COUNT) return CARDRT_E_ARGUMENT;
  switch (kind) {
    case GrantKind::keyword:
    case GrantKind::keyword_removal:
      if (what < 0 || what >= int32_t(profile_->keywords.size())) return CARDRT_E_ARGUMENT;
      break;
    case GrantKind::protection:
      if (what < 0 || what >= CARDRT_PROT_COUNT) return CARDRT_E_ARGUMENT;
      break;
    case GrantKind::ability:
      if (what < 0 || what >= int32_t(pool_->defs.size()) || ability < 0 ||
          ability >= int32_t(pool_->defs[size_t(what)].abilities.size()))
        return CARDRT_E_ARGUMENT;
      break;
    case GrantKind::restriction:
      if (what < 0 || what >= CARDRT_FORBID_COUNT) return CARDRT_E_ARGUMENT;
      break;
    case GrantKind::attack_strength:
      if (what < 0 || what >= CARDRT_ATTACK_KIND_COUNT) return CARDRT_E_ARGUMENT;
      break;
    case GrantKind::negation:  // what: the stat; ability: CARDRT_NEGATE_* flags
      if (what < 0 || what >= int32_t(profile_->stats.size()) || ability <= 0 ||
          (uint32_t(ability) & ~uint32_t(CARDRT_NEGATE_BONUSES | CARDRT_NEGATE_PENALTIES | CARDRT_NEGATE_FROM_ACTIONS)) ||
          !(uint32_t(ability) & (CARDRT_NEGATE_BONUSES | CARDRT_NEGATE_PENALTIES)))
        return CARDRT_E_ARGUMENT;
      break;
    case GrantKind::state: return CARDRT_E_ARGUMENT;
  }
  if (ctx && ctx->probe) return CARDRT_OK;
  Card* c = &card(id);
  const CardId source = ctx_source(ctx);
  const int32_t src_ability = ctx ? ctx->ability : -1;
  if (ctx && ctx->continuous) {
    for (Grant& g : c->grants)
      if (g.from_continuous && g.source == source && g.source_ability == src_ability && g.kind == kind &&
          g.what == what && g.ability == ability && g.filter == filter && g.player == player) {
        mark_asserted(g.seen_epoch, ctx->epoch);
        return g.id;
      }
    if (SuppressedGrant* s = find_suppressed(source, src_ability, id, 1, what)) {
      s->seen_epoch = ctx->epoch;
      return CARDRT_OK;
    }
    continuous_changed_ = true;
  }
  if (kind == GrantKind::ability) {
    // 003 Traits: a trait given to a card that has it adds no copy; abilities (actions, Reactions) do stack
    const AbilityDef& ab = pool_->defs[size_t(what)].abilities[size_t(ability)];
    const bool is_trait = ab.kind != CARDRT_AB_ACTION && ab.kind != CARDRT_AB_REACTION;
    bool has = false;
    if (is_trait) for_each_ability(*c, [&](const AbilityRef& r) { has |= r.def == what && r.index == ability; });
    if (has) return CARDRT_OK;
  }
  Grant g;
  g.id = next_id();
  g.kind = kind;
  g.what = what;
  g.ability = ability;
  g.filter = filter;
  g.player = player;
  g.source = source;
  g.source_ability = src_ability;
  g.dur = make_duration(dur, ctx_controller(ctx));
  g.seq = next_seq();
  g.from_continuous = ctx && ctx->continuous;
  g.seen_epoch = ctx ? ctx->epoch : 0;
  if (g.from_continuous) count_made_continuous(g.seen_epoch);
  if (kind == GrantKind::ability) {
    ++s_.ability_grants;
    if (c->in_play) ++s_.ability_grants_in_play;
    keep_sorted(s_.grant_holders, id, true);
  }
  if (kind == GrantKind::restriction && player >= 0) ++s_.player_restrictions;
  if (kind == GrantKind::keyword || kind == GrantKind::keyword_removal) c->keywords_varied = 1;
  c->grants.push_back(g);
  if (kind == GrantKind::keyword) emit(CARDRT_LOG_KEYWORD_GRANTED, c->controller, id, source, what, 1, 0);
  if (kind == GrantKind::ability) emit(CARDRT_LOG_ABILITY_GRANTED, c->controller, id, source, what, ability, 1000 + g.id);
  else if (kind == GrantKind::protection) emit(CARDRT_LOG_PROTECTION_GRANTED, c->controller, id, source, what, 1, 0);
  else if (kind == GrantKind::restriction) emit(CARDRT_LOG_RESTRICTION_GRANTED, c->controller, id, source, what, player, ability);
  else if (kind == GrantKind::attack_strength) emit(CARDRT_LOG_ATTACK_STRENGTH_GRANTED, c->controller, id, source, what, ability, 0);
  return g.id;
}

int32_t Game::remove_keyword(cardrt_effect_ctx* ctx, CardId id, int32_t kw, int32_t dur) {
  if (id == CARDRT_NO_CARD) return CARDRT_FAILED;
  if (!valid_card(id) || kw < 0 || kw >= int32_t(profile_->keywords.size())) return CARDRT_E_ARGUMENT;
  if (dur < 0 || dur >= CARDRT_DUR_COUNT) return CARDRT_E_ARGUMENT;
  if (ctx && ctx->probe) return CARDRT_OK;
  Card& c = card(id);
  // 003 Traits: a keyword given by a continuous trait and then removed does not immediately re-appear
  for (size_t i = c.grants.size(); i-- > 0;) {
    const Grant g = c.grants[i];
    if (g.kind == GrantKind::keyword && g.what == kw && g.from_continuous) {
      s_.suppressed.push_back(SuppressedGrant{g.source, g.source_ability, id, 1, kw, epoch_});
      c.grants.erase(c.grants.begin() + std::ptrdiff_t(i));
      emit(CARDRT_LOG_GRANT_SUPPRESSED, c.controller, id, g.source, kw, 0, 0);
    }
  }
  Grant g;
  g.id = next_id();
  g.kind = GrantKind::keyword_removal;
  g.what = kw;
  g.source = ctx_source(ctx);
  g.source_ability = ctx ? ctx->ability : -1;
  g.dur = make_duration(dur, ctx_controller(ctx));
  g.seq = next_seq();
  c.grants.push_back(g);
  c.keywords_varied = 1;
  emit(CARDRT_LOG_KEYWORD_REMOVED, c.controller, id, g.source, kw, 1, 0);
  return g.id;
}

}  // namespace cardrt
