// "Each player targets and bows an unbowed Samurai", "Starting with you, each player may create ...", "all players
// lose 3 Honor": what every player does, one after another in turn order starting with the player whose ability it
// is (a player who has lost the game takes no part, 002 601). Each does it as the controller of a fresh context:
// what he chooses and targets is his (001 Target: the player choosing targets is the one the text names).
#include "game.hpp"

namespace cardrt {

int32_t Game::for_each_player(cardrt_effect_ctx* ctx, cardrt_filter_fn filter, cardrt_effect_fn fn) {
  if (!ctx || !fn || !valid_player(ctx->controller)) return CARDRT_E_ARGUMENT;
  if (ctx->probe) return CARDRT_OK;
  const int32_t n = int32_t(s_.players.size());
  int32_t done = 0;
  for (int32_t i = 0; i < n && !s_.over; ++i) {
    const PlayerId p = (ctx->controller + i) % n;
    if (s_.players[size_t(p)].lost) continue;
    if (filter && !filter(handle, ctx, p)) continue;
    cardrt_effect_ctx each = *ctx;
    each.controller = p;
    for (Slot& s : each.slots) s = Slot{};
    each.filled_slots = 0;
    if (fn(handle, &each) == CARDRT_OK) ++done;
  }
  return done;
}

}  // namespace cardrt
