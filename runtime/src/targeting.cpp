// Targeting and fixed choices. 001_99c7513ab738c7d1.txt Target, Targeting paradoxes: a choice made at
// targeting is kept through resolution; if it becomes invalid, the cost is not paid or the effect fails.
#include <algorithm>
#include <utility>

#include "game.hpp"

namespace cardrt {

bool Game::candidate_legal(cardrt_effect_ctx* ctx, const Slot& s, int32_t id) {
  if (s.players) {
    if (!valid_player(id) || s_.players[size_t(id)].lost) return false;
    return !s.filter || s.filter(handle, ctx, id);
  }
  if (!valid_card(id)) return false;
  const Card& c = card(id);
  const int32_t hand = profile_->zone(CARDRT_ZROLE_HAND);
  if (s.flags & CARDRT_TGT_ANY_ZONE) {
  } else if (s.flags & CARDRT_TGT_HAND) {
    if (c.zone != hand || c.zone_player != s.chooser) return false;
  } else if (!c.in_play) {
    return false;
  }
  // 001 Target: a card whose face is not revealed cannot be targeted by its face-up features
  if ((s.flags & CARDRT_TGT_FACE_FEATURES) && has_state(c, CARDRT_STATE_FACE_DOWN)) return false;
  if (s.targeted && c.controller != s.chooser && has_protection(c, CARDRT_PROT_UNTARGETABLE_BY_OPPONENTS))
    return false;
  return !s.filter || s.filter(handle, ctx, id);
}

int32_t Game::target(cardrt_effect_ctx* ctx, int32_t slot, cardrt_filter_fn filter, int32_t min, int32_t max,
                     uint32_t flags, bool targeted, bool players) {
  if (!ctx) return CARDRT_E_STATE;
  if (slot < 0 || slot >= 8 || max > Slot::kCap) return CARDRT_E_LIMIT;
  if (min < 0 || max < min || max < 1) return CARDRT_E_ARGUMENT;
  // 002 524: chosen as the constructor's chain was built, the link keeps its targets (slot_get re-checks them)
  const uint8_t bit = uint8_t(1u << slot);
  if (ctx->chosen_slots & bit) {
    if (!ctx->choosing_targets) ctx->chosen_slots &= uint8_t(~bit);
    return CARDRT_OK;
  }
  Slot s;
  s.filter = filter;
  s.flags = flags;
  s.targeted = targeted;
  s.players = players;
  s.chooser = ctx->controller;
  InlineList<int32_t, 64> candidates;
  if (players) {
    for (PlayerId p = 0; p < int32_t(s_.players.size()); ++p)
      if (candidate_legal(ctx, s, p)) candidates.push_back(p);
  } else if (flags & CARDRT_TGT_ANY_ZONE) {
    for (size_t i = 0; i < s_.cards.size(); ++i)
      if (candidate_legal(ctx, s, int32_t(i) + 1)) candidates.push_back(int32_t(i) + 1);
  } else {
    // Only a card in play, or in the chooser's hand, can be legal (candidate_legal): those are asked, by id as every
    // card would be, not the decks. The ids are fixed first (as cardrt_for_each_card's): the filter is card code.
    CardList ids;
    if (flags & CARDRT_TGT_HAND) {
      const int32_t hand = profile_->zone(CARDRT_ZROLE_HAND);
      if (valid_player(s.chooser) && hand >= 0) {
        const auto& in_hand = s_.players[size_t(s.chooser)].zones[size_t(hand)];
        ids.assign(in_hand.data(), in_hand.data() + in_hand.size());
        std::sort(ids.begin(), ids.end());
      }
    } else {
      ids = cards_in_play();
    }
    for (int32_t id : ids)
      if (candidate_legal(ctx, s, id)) candidates.push_back(id);
  }
  if (int32_t(candidates.size()) < min) {
    if (ctx->probe) ctx->probe_target_failed = true;  // a constructor's option without legal targets (002 524)
    return CARDRT_FAILED;
  }
  if (ctx->probe && !ctx->choosing_targets) return CARDRT_OK;
  s.used = true;
  if (!candidates.empty()) {
    cardrt_choice c{};
    c.kind = players ? CARDRT_CHOICE_PLAYER : CARDRT_CHOICE_CARDS;
    c.purpose = targeted ? CARDRT_PURPOSE_TARGET : CARDRT_PURPOSE_CHOOSE;
    c.player = ctx->controller;
    c.source_card = ctx->source;
    c.min_count = min;
    c.max_count = max;
    // the questions of an option run to choose its targets are the player's (Game::probing_ silences the rest)
    const int probing = std::exchange(probing_, 0);
    const Answer answer = ask(c, candidates);
    probing_ = probing;
    for (int32_t idx : answer) {
      const int32_t id = candidates[size_t(idx)];
      s.ids[s.count] = id;
      s.objects[s.count] = players ? 0u : card(id).object;
      ++s.count;
      if (targeted) emit(CARDRT_LOG_TARGETED, ctx->controller, players ? 0 : id, ctx->source, slot, players ? id : 0, 0);
    }
  }
  ctx->slots[slot] = s;
  ctx->filled_slots |= bit;
  if (ctx->choosing_targets) ctx->chosen_slots |= bit;
  // a target chosen as the effect resolves ("Bow a target Personality") is targeted now; the targeting step's
  // targets are raised together after that step (abilities.cpp)
  if (targeted && !players && !ctx->targeting && ctx->ab)
    for (int32_t i = 0; i < s.count; ++i)
      raise(EventInfo{.kind = CARDRT_EV_TARGETED, .card = s.ids[i], .player = ctx->controller, .amount = ctx->ab->kind,
                      .what = ctx->ab->designators, .other = ctx->source});
  return CARDRT_OK;
}

int32_t Game::slot_get(cardrt_effect_ctx* ctx, int32_t slot, int32_t index) {
  if (!ctx || slot < 0 || slot >= 8) return 0;
  const Slot& s = ctx->slots[slot];
  const int32_t none = s.players ? CARDRT_NO_PLAYER : CARDRT_NO_CARD;
  if (!s.used || index < 0 || index >= s.count) return none;
  const int32_t id = s.ids[index];
  // the target must be the same object, still legal, when it is used
  const bool same = s.players || (valid_card(id) && card(id).object == s.objects[index]);
  if (same && candidate_legal(ctx, s, id)) return id;
  emit(CARDRT_LOG_TARGET_ILLEGAL, ctx->controller, s.players ? 0 : id, ctx->source, slot, index, 0);
  return none;
}

}  // namespace cardrt
