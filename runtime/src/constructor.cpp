// 002_3bccf7f22febdff2.txt rule 524: the ability constructor. "Choose X times from" builds a chain of X
// abilities with repeats; "choose one or more" builds a chain of 1..N distinct abilities. Every link is
// queued with its targets, so no chain may hold a link with illegal targets, and a spell with no legal chain
// cannot be declared; the chain resolves in the order the player gave.
#include <memory>

#include "game.hpp"

namespace cardrt {

namespace {

// A fresh link of the chain: the ability's context without targets.
std::unique_ptr<cardrt_effect_ctx> fresh_link(const cardrt_effect_ctx& ctx) {
  auto link = std::make_unique<cardrt_effect_ctx>(ctx);
  for (auto& s : link->slots) s = Slot{};
  link->filled_slots = 0;
  link->chosen_slots = 0;
  link->probe = false;
  link->probe_target_failed = false;
  link->choosing_targets = false;
  return link;
}

}  // namespace

// Whether an option has legal targets now. An option with a target function says so itself. An option whose
// effect chooses its targets ("Deal 2 wounds to target creature") is probed: its effect runs with every primitive
// only checking (ctx->probe), asking no one, on a copy of the state that is put back after, and a targeting that
// finds fewer legal targets than it needs makes the option illegal.
bool Game::option_legal(cardrt_effect_ctx* ctx, const ModeDef& mode) {
  if (!mode.target && !mode.effect) return true;
  auto probe = fresh_link(*ctx);
  probe->probe = true;
  if (mode.target) return mode.target(handle, probe.get()) == CARDRT_OK;
  State saved = s_;
  const size_t log_size = log_.size();
  ++probing_;
  const int32_t r = mode.effect(handle, probe.get());
  --probing_;
  s_ = std::move(saved);
  publish_cards();  // the restored cards live elsewhere
  log_.truncate(log_size);
  return r >= 0 && !probe->probe_target_failed;
}

int32_t Game::construct(cardrt_effect_ctx* ctx, int32_t kind, int32_t count) {
  if (!ctx || !ctx->ab) return CARDRT_E_STATE;
  if (kind != CARDRT_CONSTRUCT_X_TIMES && kind != CARDRT_CONSTRUCT_ONE_OR_MORE) return CARDRT_E_ARGUMENT;
  const auto& modes = ctx->ab->modes;
  if (modes.empty()) return CARDRT_E_STATE;
  // Only options with legal targets are offered: a chain holding one without is never built (524.2).
  std::vector<int32_t> legal;
  for (size_t i = 0; i < modes.size(); ++i)
    if (option_legal(ctx, modes[i])) legal.push_back(int32_t(i));
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
  // Each link is queued with its targets, chosen now in the chain's order, before any link resolves.
  std::vector<std::unique_ptr<cardrt_effect_ctx>> links;
  for (int32_t idx : answer) {
    const int32_t mode = legal[size_t(idx)];
    const ModeDef& m = modes[size_t(mode)];
    auto link = fresh_link(*ctx);
    emit(CARDRT_LOG_CHAIN, ctx->controller, ctx->source, 0, -1, mode, int32_t(links.size()));
    if (m.target && m.target(handle, link.get()) != CARDRT_OK)
      return CARDRT_FAILED;  // a link without legal targets: the chain cannot be queued
    if (!m.target && m.effect) {
      // its effect chooses its targets: it runs checking only, its targetings choosing and keeping their targets
      link->probe = link->choosing_targets = true;
      ++probing_;
      const int32_t r = m.effect(handle, link.get());
      --probing_;
      link->probe = link->choosing_targets = false;
      if (r < 0 || link->probe_target_failed) return CARDRT_FAILED;
    }
    links.push_back(std::move(link));
  }
  for (size_t i = 0; i < links.size(); ++i) {
    const ModeDef& m = modes[size_t(legal[size_t(answer[i])])];
    if (m.effect) m.effect(handle, links[i].get());
  }
  return CARDRT_OK;
}

}  // namespace cardrt
