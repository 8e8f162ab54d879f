// Using abilities and resolving traits: conditions, targeting, costs (all or nothing), effects.
// 003_c83c069b880758ae.txt Traits and Abilities; 001 Tactical; 002 rule 524.
#include <algorithm>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstring>
#include <type_traits>

#include "game.hpp"

namespace cardrt {
namespace {
constexpr int32_t kTacticalKey = -100;  // 001 Tactical: one Tactical action per Tactician per turn
}

Game::EffectRun::EffectRun(Game& g, CardId source, const AbilityRef& ref, PlayerId controller) : g_(g) {
  if (g.run_depth_ == g.runs_.size()) g.runs_.push_back(std::make_unique<cardrt_effect_ctx>());
  ctx_ = g.runs_[g.run_depth_++].get();
  // fresh: the slots the previous run at this depth filled, then the fields before the slots in one copy
  static constexpr cardrt_effect_ctx kFresh{};
  static_assert(std::is_trivially_copyable_v<cardrt_effect_ctx> && std::is_standard_layout_v<cardrt_effect_ctx>);
  static_assert(offsetof(cardrt_effect_ctx, slots) + sizeof(kFresh.slots) == sizeof(cardrt_effect_ctx));
  cardrt_effect_ctx& ctx = *ctx_;
  for (unsigned filled = ctx.filled_slots; filled != 0; filled &= filled - 1)  // most runs fill none
    ctx.slots[std::countr_zero(filled)] = Slot{};
  std::memcpy(static_cast<void*>(ctx_), &kFresh, offsetof(cardrt_effect_ctx, slots));
  for ([[maybe_unused]] const Slot& s : ctx.slots) assert(s.pristine());  // every slot write sets filled_slots
  ctx.game = &g;
  ctx.source = source;
  ctx.def = ref.def;
  ctx.ability = ref.key;
  ctx.ab = ref.ab;
  ctx.controller = controller;
  if (source > 0 && g.valid_card(source)) {
    ctx.x = g.card(source).x_value;
    ctx.x_set = false;
  }
}

bool Game::used_this_turn(const Card& c, int32_t key) const {
  for (const UseRecord& u : c.uses)
    if (u.key == key && u.turn == s_.turn_serial) return true;
  return false;
}

// 003 Traits: "once (or twice, etc.) per turn (or phase, game, etc.)": the ability's limit (CARDRT_ABF_TIMES, once
// when none; per turn, or per game with CARDRT_ABF_PER_GAME) is reached.
bool Game::use_limit_reached(const Card& c, int32_t key, uint32_t flags) const {
  const int32_t times = std::max(1, CARDRT_ABF_TIMES_OF(flags));
  for (const UseRecord& u : c.uses)
    if (u.key == key) return (flags & CARDRT_ABF_PER_GAME) ? u.this_game >= times : (u.turn == s_.turn_serial && u.this_turn >= times);
  return false;
}

void Game::mark_used(Card& c, int32_t key) {
  for (UseRecord& u : c.uses)
    if (u.key == key) {
      u.this_turn = u.turn == s_.turn_serial ? u.this_turn + 1 : 1;
      u.turn = s_.turn_serial;
      ++u.this_game;
      return;
    }
  c.uses.push_back(UseRecord{key, s_.turn_serial, 1, 1});
}

// 003 Traits: "once per turn" after the colon: triggered every time, the effect applied once; used up only
// when the effect is actually used.
int32_t Game::once_per_turn(cardrt_effect_ctx* ctx, int32_t key) {
  if (!ctx || !valid_card(ctx->source)) return 0;
  const int32_t k = 0x40000000 | ((ctx->ability & 0xfffff) << 8) | (key & 0xff);
  Card& c = card(ctx->source);
  if (used_this_turn(c, k)) return 0;
  if (!ctx->probe) mark_used(c, k);
  return 1;
}

bool Game::is_tactician(const Card& c) const {
  const int32_t kw = profile_->keyword_with_meaning(CARDRT_KWR_TACTICIAN);
  return kw >= 0 && has_keyword(c, kw);
}

int32_t Game::use_ability(PlayerId p, CardId id, int32_t key, bool free_play, bool terrain_play) {
  if (s_.over) return CARDRT_E_STATE;
  if (!valid_player(p) || !valid_card(id)) return CARDRT_E_ARGUMENT;
  const Card& c = card(id);
  AbilityRef ref;
  for_each_ability(c, [&](const AbilityRef& r) {
    if (r.key == key) ref = r;
  });
  if (!ref.ab) return CARDRT_E_ARGUMENT;
  const AbilityDef& ab = *ref.ab;
  if (ab.kind != CARDRT_AB_ACTION && ab.kind != CARDRT_AB_REACTION) return CARDRT_E_ARGUMENT;
  const bool from_hand = (ab.flags & CARDRT_ABF_PLAYED_FROM_HAND) != 0;
  const int32_t hand = profile_->zone(CARDRT_ZROLE_HAND);
  if (from_hand) {
    if (c.owner != p || c.zone != hand) return CARDRT_FAILED;
  } else if ((ab.flags & CARDRT_ABF_OUT_OF_PLAY) && !in_play(id)) {
    // 003 Abilities B: "If this card is face-up in one of your Provinces" restricts the ability and lets its owner
    // use it out of play; its condition says where
    if (c.owner != p) return CARDRT_FAILED;
  } else if (!in_play(id) || c.controller != p) {
    return CARDRT_FAILED;
  }
  // "A target Holding's abilities may not be used", "He may not perform actions this turn" (his own abilities)
  if (in_play(id) && (forbid_now(nullptr, id, CARDRT_FORBID_USE_ABILITIES) || forbid_now(nullptr, id, CARDRT_FORBID_PERFORM_ACTIONS)))
    return CARDRT_FAILED;
  // 003 Abilities: abilities on a bowed card can not be used, unless "even if bowed"
  if (in_play(id) && has_state(c, CARDRT_STATE_BOWED) && !(ab.flags & CARDRT_ABF_EVEN_IF_BOWED)) return CARDRT_FAILED;
  // 003 Abilities: once per turn per ability instance, unless the text says otherwise
  if (!(ab.flags & CARDRT_ABF_UNLIMITED) && use_limit_reached(c, key, ab.flags)) return CARDRT_FAILED;
  // 001 Terrain: the "Terrain Battle:" action can not be used while the Terrain is in play
  if ((ab.designators & CARDRT_DESIG_TERRAIN_BATTLE) && in_play(id)) return CARDRT_FAILED;
  // 001 Terrain: a Terrain action card is played through the Terrain rules (one per battlefield)
  if (!terrain_play && from_hand && is_terrain(c)) return play_terrain(p, id, key);
  EffectRun run(*this, id, ref, p);
  cardrt_effect_ctx& ctx = run.ctx();
  ctx.free_play = free_play || (ab.flags & CARDRT_ABF_FREE);
  return resolve(ctx, true, (ab.flags & CARDRT_ABF_TACTICAL) != 0, p, terrain_play);
}

bool Game::constructor_legal(cardrt_effect_ctx* ctx) {
  cardrt_effect_ctx probe = *ctx;
  probe.probe = true;
  return construct(&probe, CARDRT_CONSTRUCT_ONE_OR_MORE, 1) == CARDRT_OK;
}

int32_t Game::resolve(cardrt_effect_ctx& ctx, bool voluntary, bool tactical, PlayerId p, bool terrain_play) {
  const AbilityDef& ab = *ctx.ab;
  const CardId source = ctx.source;
  // conditions (003 Abilities, constraints block B)
  if (ab.fn[CARDRT_FN_CONDITION] && !ab.fn[CARDRT_FN_CONDITION](handle, &ctx)) return CARDRT_FAILED;

  // 001 Tactical: only a Tactician performs a Tactical action; a card-less one needs one of your unbowed
  // Tacticians at the current battlefield; each Tactician performs one Tactical action per turn
  CardId performer = 0;
  if (tactical && profile_->rule(CARDRT_RULE_TACTICAL)) {
    const bool card_less = !in_play(source) || (ab.flags & CARDRT_ABF_PLAYED_FROM_HAND);
    if (!card_less) {
      if (!is_tactician(card(source)) || used_this_turn(card(source), kTacticalKey)) return CARDRT_FAILED;
      performer = source;
    } else {
      std::vector<int32_t> options;
      for (CardId id : cards_in_play()) {
        const Card& t = card(id);
        if (t.controller == p && is_tactician(t) && !has_state(t, CARDRT_STATE_BOWED) && s_.battlefield != 0 &&
            t.battlefield == s_.battlefield && !used_this_turn(t, kTacticalKey) &&
            !forbidden(id, CARDRT_FORBID_PERFORM_ACTIONS, 0))
          options.push_back(id);
      }
      if (options.empty()) return CARDRT_FAILED;
      cardrt_choice c{};
      c.kind = CARDRT_CHOICE_CARDS;
      c.purpose = CARDRT_PURPOSE_TACTICIAN;
      c.player = p;
      c.source_card = source;
      performer = options[ask_one(c, options)];
    }
  }
  // 002 524.2: a constructor spell cannot be declared if no legal chain exists
  if ((ab.flags & CARDRT_ABF_CONSTRUCTOR) && !constructor_legal(&ctx)) return CARDRT_FAILED;

  // targeting (constraints block D); for a trait, targeting is carried out if possible (001 Target)
  if (ab.fn[CARDRT_FN_TARGET]) {
    ctx.targeting = true;
    const int32_t r = ab.fn[CARDRT_FN_TARGET](handle, &ctx);
    ctx.targeting = false;
    if (r < 0) return r;
    if (r != CARDRT_OK && voluntary) return CARDRT_FAILED;
  }
  // targeting has happened before costs are paid: reactions to it may change the game (001 Targeting paradoxes)
  for (const Slot& s : ctx.slots) {
    if (!s.used || !s.targeted || s.players) continue;
    for (int32_t i = 0; i < s.count; ++i) {
      // amount: the ability's kind, what: its designators ("After another player's Battle action targets ...")
      raise(EventInfo{.kind = CARDRT_EV_TARGETED, .card = s.ids[i], .player = p, .amount = ab.kind, .what = ab.designators,
                      .other = source});
    }
  }
  // costs: paid fully or not at all; a failed cost resolves nothing (003 Traits, costs)
  if (ab.fn[CARDRT_FN_COST]) {
    State snapshot = s_;
    const size_t log_size = log_.size();
    const int32_t r = ab.fn[CARDRT_FN_COST](handle, &ctx);
    if (r != CARDRT_OK) {
      s_ = std::move(snapshot);
      publish_cards();  // the restored cards live elsewhere
      log_.truncate(log_size);
      emit(CARDRT_LOG_COST_FAILED, p, source, 0, -1, r, 0);
      return r < 0 ? r : CARDRT_FAILED;
    }
  }
  if (voluntary && !(ab.flags & CARDRT_ABF_UNLIMITED) && valid_card(source)) mark_used(card(source), ctx.ability);
  if (performer && valid_card(performer)) mark_used(card(performer), kTacticalKey);
  emit(voluntary ? CARDRT_LOG_ABILITY_USED : CARDRT_LOG_TRIGGERED, p, source, performer, ctx.event.kind, ctx.ability,
       0);

  // 001 Terrain: the card enters play at the current battlefield as a rulebook effect before its action resolves
  if (terrain_play) {
    const int32_t play = profile_->zone(CARDRT_ZROLE_PLAY);
    card(source).controller = p;
    card(source).battlefield = s_.battlefield;
    move_card(nullptr, source, play);
    card(source).battlefield = s_.battlefield;
    card(source).no_side = true;
  }

  // Another player may respond to an action with one that cancels it ("Cancel target action"): its costs stay paid.
  const bool cancelled = voluntary && cancelled_by_response(ctx, p);
  resolving_.emplace_back(source, ctx.ability);
  int32_t r = CARDRT_OK;
  if (ab.fn[CARDRT_FN_EFFECT] && !cancelled) r = ab.fn[CARDRT_FN_EFFECT](handle, &ctx);
  resolving_.pop_back();

  // an Action card played from hand is discarded after it resolves (a Terrain stays: 001 Terrain)
  if ((ab.flags & CARDRT_ABF_PLAYED_FROM_HAND) && valid_card(source) &&
      card(source).zone == profile_->zone(CARDRT_ZROLE_HAND))
    discard_card(nullptr, source);
  return r < 0 ? r : CARDRT_OK;
}

// The response window before an action resolves: each other player's responses to CARDRT_EV_WOULD_RESOLVE_ACTION
// (on cards in play, or Action cards in hand) are offered in turn; one that cancels the pending action ends it.
bool Game::cancelled_by_response(const cardrt_effect_ctx& ctx, PlayerId player) {
  // most pools have no responses at all: no scan of every card on every action
  if (!pool_->has_responses || trigger_depth_ >= 8 || s_.over) return false;
  Pending pend;
  pend.ev = EventInfo{.kind = CARDRT_EV_WOULD_RESOLVE_ACTION, .card = ctx.source, .player = player, .what = ctx.ability};
  const int32_t hand = profile_->zone(CARDRT_ZROLE_HAND);
  ++trigger_depth_;
  for (size_t i = 0; i < s_.cards.size() && !pend.cancelled; ++i) {
    const Card& c = s_.cards[i];
    const bool in_hand = c.zone == hand;
    const PlayerId who = in_hand ? c.owner : c.controller;
    if (!c.exists || who == player || (!in_hand && !profile_->zone_in_play(c.zone))) continue;
    for (const AbilityRef& r : abilities_of(c)) {
      if (r.ab->kind != CARDRT_AB_REACTION || r.ab->trigger != CARDRT_EV_WOULD_RESOLVE_ACTION) continue;
      if (in_hand != ((r.ab->flags & CARDRT_ABF_PLAYED_FROM_HAND) != 0)) continue;
      if (!in_hand && has_state(c, CARDRT_STATE_BOWED) && !(r.ab->flags & CARDRT_ABF_EVEN_IF_BOWED)) continue;
      EffectRun run(*this, c.id, r, who);
      cardrt_effect_ctx& rctx = run.ctx();
      rctx.event = pend.ev;
      rctx.pending = &pend;
      if (r.ab->fn[CARDRT_FN_CONDITION] && !r.ab->fn[CARDRT_FN_CONDITION](handle, &rctx)) continue;
      if (!choose_yes_no(&rctx, who, CARDRT_PURPOSE_REACTION, c.id)) continue;
      const CardId responder = c.id;
      resolve(rctx, true, (r.ab->flags & CARDRT_ABF_TACTICAL) != 0, who);
      if (pend.cancelled) emit(CARDRT_LOG_ACTION_CANCELLED, player, ctx.source, responder, -1, ctx.ability, 0);
      break;  // one response per card and window (and `c` may have moved while it resolved)
    }
  }
  --trigger_depth_;
  return pend.cancelled;
}

}  // namespace cardrt
