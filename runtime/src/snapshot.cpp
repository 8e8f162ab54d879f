// Snapshots (cardrt_game_clone; docs/runtime.md "Snapshots"): an engine that searches copies the game, tries moves on
// the copy and throws it away, thousands of times a decision. The state is a plain value (game.hpp), so a copy is
// the State's copy plus the few things that point back at the game: the contexts delayed effects and additional
// actions keep (their `game`) and the handle's view. The profile and the pool are the frozen copies the original
// shares (handles.hpp), never copied.
#include "game.hpp"
#include "handles.hpp"

namespace cardrt {

namespace {
// A kept context (Game::kept_ctx) of the copy: its own, naming the copy's game. Only the game field points into the
// game (kept contexts answer no pending event; `ab` points into the shared pool).
void rebind(std::shared_ptr<cardrt_effect_ctx>& ctx, Game* game) {
  if (!ctx) return;
  ctx = std::make_shared<cardrt_effect_ctx>(*ctx);
  ctx->game = game;
}
}  // namespace

Game::Game(const Game& from, const cardrt_host* host)
    : profile_(from.profile_),
      pool_(from.pool_),
      seed_(from.seed_),
      s_(from.s_),
      log_(from.log_),
      chooser_kind_(from.chooser_kind_),
      chooser_rng_(from.chooser_rng_) {
  if (host) host_ = *host;
  delivered_ = log_.size();  // the copy's host hears what happens from now on
  last_error = CARDRT_OK;
  played_ = from.played_;  // a copy of a fresh game is fresh (its replay starts from the seed); it records nothing
  // the continuous traits' bookkeeping: entries remember the pass that last asserted them by its epoch
  epoch_ = from.epoch_;
  continuous_seen_ = from.continuous_seen_;
  continuous_changed_ = from.continuous_changed_;
  // The rest is scratch that is empty between operations (depth_, each_depth_, run_depth_, trigger_depth_,
  // eval_depth_, deferring_, deferred_, resolving_, runs_, each_snapshots_): the copy starts with its own, empty.
  for (DelayedEffect& d : s_.delayed) rebind(d.ctx, this);
  for (DelayedOnEvent& d : s_.delayed_on_event) rebind(d.ctx, this);
  for (Player& p : s_.players)
    for (AdditionalAction& a : p.additional_actions) rebind(a.ctx, this);
}

}  // namespace cardrt

extern "C" cardrt_game* cardrt_game_clone(const cardrt_game* game, const cardrt_host* host) {
  if (!game || game->magic != cardrt::kGameMagic || !game->g || !game->g->idle()) return nullptr;
  try {
    auto* copy = new cardrt_game;
    try {
      copy->g = std::make_unique<cardrt::Game>(*game->g, host);
    } catch (...) {
      delete copy;
      return nullptr;
    }
    copy->g->handle = copy;
    copy->g->publish_cards();
    return copy;
  } catch (...) {
    return nullptr;
  }
}
