// Looking at and searching hidden zones, revealing, and putting a card from hand into play. Cards looked at or
// found are kept in a choice slot (not targeted: 001 Target), so "them" and "one of them" refer to exactly those
// cards, and only while they are still the same objects where they were.
#include <algorithm>

#include "game.hpp"

namespace cardrt {

void Game::fill_slot(cardrt_effect_ctx* ctx, int32_t slot, const std::vector<CardId>& ids) {
  Slot s;
  s.used = true;
  s.flags = CARDRT_TGT_ANY_ZONE;
  s.chooser = ctx->controller;
  for (CardId id : ids) {
    if (s.count == Slot::kCap) break;
    s.ids[s.count] = id;
    s.objects[s.count] = card(id).object;
    ++s.count;
  }
  ctx->slots[slot] = s;
  ctx->filled_slots |= uint8_t(1u << slot);
}

std::vector<CardId> Game::slot_cards(cardrt_effect_ctx* ctx, int32_t slot) {
  std::vector<CardId> out;
  if (!ctx || slot < 0 || slot >= 8 || ctx->slots[slot].players) return out;
  for (int32_t i = 0; i < ctx->slots[slot].count; ++i)
    if (CardId id = slot_get(ctx, slot, i); id != CARDRT_NO_CARD) out.push_back(id);
  return out;
}

int32_t Game::look_at_top(cardrt_effect_ctx* ctx, int32_t slot, PlayerId p, int32_t zone, int32_t count) {
  if (!ctx || slot < 0 || slot >= 8) return CARDRT_E_STATE;
  if (!valid_player(p) || zone < 0 || zone >= int32_t(profile_->zones.size())) return CARDRT_E_ARGUMENT;
  if (!(profile_->zones[size_t(zone)].flags & CARDRT_ZONE_ORDERED)) return CARDRT_E_ARGUMENT;
  const auto& list = s_.players[size_t(p)].zones[size_t(zone)];
  // 002 rule 520: as many as there are; a slot holds at most Slot::kCap cards
  const size_t n = std::min({list.size(), size_t(std::max(0, count)), size_t(Slot::kCap)});
  std::vector<CardId> seen(list.begin(), list.begin() + std::ptrdiff_t(n));
  if (ctx->probe) return int32_t(n);
  fill_slot(ctx, slot, seen);
  for (CardId id : seen) emit(CARDRT_LOG_LOOKED, ctx->controller, id, ctx->source, zone, 0, 0);
  return int32_t(n);
}

int32_t Game::reorder_top(cardrt_effect_ctx* ctx, int32_t slot) {
  const int32_t moved = put_slot(ctx, slot, -1, -1, CARDRT_PUT_ANY_ORDER);
  return moved < 0 ? moved : CARDRT_OK;
}

int32_t Game::put_slot(cardrt_effect_ctx* ctx, int32_t slot, PlayerId p, int32_t zone, uint32_t flags) {
  if (!ctx || slot < 0 || slot >= 8) return CARDRT_E_STATE;
  std::vector<CardId> cards = slot_cards(ctx, slot);
  if (cards.empty()) return 0;
  // -1: back where they came from, the zone of the first; only the cards still there go back
  if (zone < 0) {
    p = card(cards[0]).zone_player;
    zone = card(cards[0]).zone;
    std::erase_if(cards, [&](CardId id) { return card(id).zone != zone || card(id).zone_player != p; });
  }
  if (!valid_player(p) || zone >= int32_t(profile_->zones.size())) return CARDRT_E_ARGUMENT;
  if (ctx->probe) return int32_t(cards.size());
  const bool bottom = flags & CARDRT_PUT_BOTTOM;
  if (flags & CARDRT_PUT_ANY_ORDER && cards.size() > 1) {
    cardrt_choice c{};
    c.kind = CARDRT_CHOICE_ORDER;
    c.purpose = CARDRT_PURPOSE_ORDER;
    c.player = ctx->controller;
    c.source_card = ctx->source;
    c.min_count = c.max_count = int32_t(cards.size());
    std::vector<CardId> ordered;
    for (int32_t i : ask(c, cards)) ordered.push_back(cards[size_t(i)]);
    cards = std::move(ordered);
  }
  // `cards` is now top first. Within their own zone they keep being the same objects (only their places change);
  // into another zone they move as any card does.
  const auto same_zone = [&](CardId id) { return card(id).zone == zone && card(id).zone_player == p; };
  if (std::all_of(cards.begin(), cards.end(), same_zone)) {
    for (CardId id : cards) remove_from_zone(card(id));
    if (bottom)
      for (CardId id : cards) insert_into_zone(card(id), p, zone, true);
    else
      for (size_t i = cards.size(); i-- > 0;) insert_into_zone(card(cards[i]), p, zone, false);
    emit(CARDRT_LOG_REORDERED, ctx->controller, 0, ctx->source, zone, int32_t(cards.size()), bottom ? 1 : 0);
    return int32_t(cards.size());
  }
  if (bottom)
    for (CardId id : cards) move_card(ctx, id, zone, true);
  else
    for (size_t i = cards.size(); i-- > 0;) move_card(ctx, cards[i], zone, false);
  return int32_t(cards.size());
}

int32_t Game::slot_except(cardrt_effect_ctx* ctx, int32_t from, uint32_t except, int32_t to) {
  if (!ctx || from < 0 || from >= 8 || to < 0 || to >= 8) return CARDRT_E_STATE;
  std::vector<CardId> rest = slot_cards(ctx, from);
  for (int32_t k = 0; k < 8; ++k)
    if (except & (1u << k))
      for (CardId id : slot_cards(ctx, k)) std::erase(rest, id);
  if (ctx->probe) return int32_t(rest.size());
  fill_slot(ctx, to, rest);
  return int32_t(rest.size());
}

int32_t Game::choose_zone(cardrt_effect_ctx* ctx, uint32_t zones) {
  if (!ctx) return CARDRT_E_STATE;
  std::vector<int32_t> options;
  for (int32_t z = 0; z < int32_t(profile_->zones.size()) && z < 32; ++z)
    if (zones & (1u << z)) options.push_back(z);
  if (options.empty()) return -1;
  if (options.size() == 1 || ctx->probe) return options[0];
  cardrt_choice c{};
  c.kind = CARDRT_CHOICE_MODES;
  c.purpose = CARDRT_PURPOSE_ZONE;
  c.player = ctx->controller;
  c.source_card = ctx->source;
  return options[ask_one(c, options)];
}

int32_t Game::choose_from_slot(cardrt_effect_ctx* ctx, int32_t from, int32_t to, int32_t min, int32_t max) {
  if (!ctx || from < 0 || from >= 8 || to < 0 || to >= 8) return CARDRT_E_STATE;
  if (min < 0 || max < min) return CARDRT_E_ARGUMENT;
  const std::vector<CardId> cards = slot_cards(ctx, from);
  if (int32_t(cards.size()) < min) return CARDRT_FAILED;
  if (ctx->probe) return CARDRT_OK;
  std::vector<CardId> chosen;
  if (!cards.empty() && max > 0) {
    cardrt_choice c{};
    c.kind = CARDRT_CHOICE_CARDS;
    c.purpose = CARDRT_PURPOSE_CHOOSE;
    c.player = ctx->controller;
    c.source_card = ctx->source;
    c.min_count = min;
    c.max_count = max;
    for (int32_t i : ask(c, cards)) chosen.push_back(cards[size_t(i)]);
  }
  fill_slot(ctx, to, chosen);
  return CARDRT_OK;
}

void Game::shuffle_zone(PlayerId p, int32_t zone) {
  auto& list = s_.players[size_t(p)].zones[size_t(zone)];
  // Fisher-Yates on the game's seeded generator: the same seed gives the same order (002 rule 526)
  for (size_t i = list.size(); i > 1; --i) std::swap(list[i - 1], list[s_.rng.below(uint32_t(i))]);
  emit(CARDRT_LOG_SHUFFLED, p, 0, 0, zone, int32_t(list.size()), 0);
}

int32_t Game::search_zone(cardrt_effect_ctx* ctx, int32_t slot, PlayerId p, int32_t zone, cardrt_filter_fn filter,
                          int32_t min, int32_t max) {
  if (!ctx || slot < 0 || slot >= 8) return CARDRT_E_STATE;
  if (!valid_player(p) || zone < 0 || zone >= int32_t(profile_->zones.size())) return CARDRT_E_ARGUMENT;
  if (min < 0 || max < min || max > Slot::kCap) return CARDRT_E_ARGUMENT;
  const std::vector<CardId> found = accepted(ctx, s_.players[size_t(p)].zones[size_t(zone)], filter);
  // 003 Card title: a search for a title finds only that title; finding nothing is allowed (a hidden zone's
  // content cannot be checked by the other players), but fewer than `min` means the part fails.
  if (int32_t(found.size()) < min) return CARDRT_FAILED;
  if (ctx->probe) return CARDRT_OK;
  std::vector<CardId> chosen;
  if (!found.empty() && max > 0) {
    cardrt_choice c{};
    c.kind = CARDRT_CHOICE_CARDS;
    c.purpose = CARDRT_PURPOSE_SEARCH;
    c.player = ctx->controller;
    c.source_card = ctx->source;
    c.min_count = std::min<int32_t>(std::max(min, 1), max);
    c.max_count = max;
    for (int32_t i : ask(c, found)) chosen.push_back(found[size_t(i)]);
  }
  fill_slot(ctx, slot, chosen);
  const uint32_t flags = profile_->zones[size_t(zone)].flags;
  if ((flags & CARDRT_ZONE_ORDERED) && (flags & CARDRT_ZONE_HIDDEN)) shuffle_zone(p, zone);
  return CARDRT_OK;
}

int32_t Game::reveal(cardrt_effect_ctx* ctx, CardId id) {
  if (id == CARDRT_NO_CARD) return CARDRT_FAILED;
  if (!valid_card(id)) return CARDRT_E_ARGUMENT;
  if (ctx && ctx->probe) return CARDRT_OK;
  emit(CARDRT_LOG_REVEALED, ctx_controller(ctx), id, ctx_source(ctx), card(id).zone, 0, 0);
  return CARDRT_OK;
}

CardId Game::play_from_hand(cardrt_effect_ctx* ctx, PlayerId p, cardrt_filter_fn filter) {
  const std::vector<CardId> options = accepted(ctx, hand_for(ctx, p), filter);
  if (options.empty() || (ctx && ctx->probe)) return 0;
  cardrt_choice c{};
  c.kind = CARDRT_CHOICE_CARDS;
  c.purpose = CARDRT_PURPOSE_PLAY;
  c.player = p;
  c.source_card = ctx_source(ctx);
  const CardId id = options[ask_one(c, options)];
  // 000 7.4b: played without paying its cost, so X can only be zero
  card(id).x_value = 0;
  return put_into_play(id, p) == CARDRT_OK ? id : 0;
}

}  // namespace cardrt
