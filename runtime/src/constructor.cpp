// 002_3bccf7f22febdff2.txt rule 524: the ability constructor. "Choose X times from" builds a chain of X
// abilities with repeats; "choose one or more" builds a chain of 1..N distinct abilities. Every link is
// queued with its targets, so no chain may hold a link with illegal targets; the chain resolves in the
// order the player gave.
#include <memory>

#include "game.hpp"

namespace cardrt {

int32_t Game::construct(cardrt_effect_ctx* ctx, int32_t kind, int32_t count) {
  if (!ctx || !ctx->ab) return CARDRT_E_STATE;
  if (kind != CARDRT_CONSTRUCT_X_TIMES && kind != CARDRT_CONSTRUCT_ONE_OR_MORE) return CARDRT_E_ARGUMENT;
  const auto& modes = ctx->ab->modes;
  if (modes.empty()) return CARDRT_E_STATE;
  std::vector<int32_t> legal;
  for (size_t i = 0; i < modes.size(); ++i) {
    if (!modes[i].target) {
      legal.push_back(int32_t(i));
      continue;
    }
    cardrt_effect_ctx probe = *ctx;
    for (auto& s : probe.slots) s = Slot{};
    probe.probe = true;
    if (modes[i].target(handle, &probe) == CARDRT_OK) legal.push_back(int32_t(i));
  }
  if (legal.empty()) return CARDRT_FAILED;
  if (ctx->probe) return CARDRT_OK;
  if (kind == CARDRT_CONSTRUCT_X_TIMES && count <= 0) return CARDRT_OK;  // X = 0: an empty chain
  // A hard bound on "choose X times" (docs/robustness.md): a chain longer than this is refused, never run.
  constexpr int32_t kMaxChain = 100;
  if (kind == CARDRT_CONSTRUCT_X_TIMES && count > kMaxChain) return CARDRT_E_LIMIT;

  cardrt_choice c{};
  c.kind = CARDRT_CHOICE_MODES;
  c.purpose = CARDRT_PURPOSE_CONSTRUCT;
  c.player = ctx->controller;
  c.source_card = ctx->source;
  if (kind == CARDRT_CONSTRUCT_X_TIMES) {
    c.min_count = c.max_count = count;
    c.allow_repeats = 1;
  } else {
    c.min_count = 1;
    c.max_count = int32_t(legal.size());
  }
  const auto answer = ask(c, legal);
  std::vector<std::unique_ptr<cardrt_effect_ctx>> links;
  for (int32_t idx : answer) {
    const int32_t mode = legal[size_t(idx)];
    auto link = std::make_unique<cardrt_effect_ctx>(*ctx);
    for (auto& s : link->slots) s = Slot{};
    emit(CARDRT_LOG_CHAIN, ctx->controller, ctx->source, 0, -1, mode, int32_t(links.size()));
    if (modes[size_t(mode)].target && modes[size_t(mode)].target(handle, link.get()) != CARDRT_OK)
      return CARDRT_FAILED;  // a link without legal targets: the chain cannot be queued
    link->ability = ctx->ability;
    link->x = ctx->x;
    links.push_back(std::move(link));
  }
  for (size_t i = 0; i < links.size(); ++i) {
    const int32_t mode = legal[size_t(answer[i])];
    if (modes[size_t(mode)].effect) modes[size_t(mode)].effect(handle, links[i].get());
  }
  return CARDRT_OK;
}

}  // namespace cardrt
