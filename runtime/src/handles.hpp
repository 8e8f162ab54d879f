#pragma once
// The opaque handles of the C ABI (cardrt.h) and their magic numbers: defined once, shared by every file that
// implements ABI functions, so a handle's layout cannot differ between them.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "cardrt/cardrt.h"
#include "game.hpp"

namespace cardrt {
constexpr uint32_t kProfileMagic = 0x50524f46u, kPoolMagic = 0x504f4f4cu, kGameMagic = 0x47414d45u;
}  // namespace cardrt

struct cardrt_profile {
  uint32_t magic = cardrt::kProfileMagic;
  cardrt::Profile p;
};
struct cardrt_cardpool {
  uint32_t magic = cardrt::kPoolMagic;
  std::shared_ptr<const cardrt::Profile> profile;
  cardrt::CardPool pool;
};
// Begins with its cardrt_game_view (cardrt.h), which compiled card code reads; Game::publish_cards keeps it.
struct cardrt_game {
  cardrt_game_view view{};
  uint32_t magic = cardrt::kGameMagic;
  std::unique_ptr<cardrt::Game> g;
};
static_assert(offsetof(cardrt_game, view) == 0);
