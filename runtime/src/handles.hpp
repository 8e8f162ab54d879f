#pragma once
// The opaque handles of the C ABI (cardrt.h) and their magic numbers: defined once, shared by every file that
// implements ABI functions, so a handle's layout cannot differ between them.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "cardrt/cardrt.h"
#include "game.hpp"

namespace cardrt {
constexpr uint32_t kProfileMagic = 0x50524f46u, kPoolMagic = 0x504f4f4cu, kGameMagic = 0x47414d45u;
}  // namespace cardrt

// A game made from a profile and a pool reads them for its whole life and never changes them, so the games made
// from unchanged ones share one frozen copy (`frozen`) instead of copying every definition per game: an AI playing
// out thousands of games of a 10,000-card pool. Every change to the profile or the pool drops the copy (the games
// already made keep theirs), so a game never sees a definition made after it. The mutex makes the copy once when
// several threads make games from the same handles at the same time (changing a handle while it is in use never
// was thread-safe).
template <class T>
class Frozen {
 public:
  std::shared_ptr<const T> get(const T& live) const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!copy_) copy_ = std::make_shared<const T>(live);
    return copy_;
  }
  // Called by every change (each definition of a registration): without a copy there is nothing to lock for. A
  // change concurrent with making a game was never allowed, so the unlocked test races with nothing allowed.
  void drop() {
    if (!copy_) return;
    std::lock_guard<std::mutex> lock(mutex_);
    copy_.reset();
  }

 private:
  mutable std::mutex mutex_;
  mutable std::shared_ptr<const T> copy_;
};

struct cardrt_profile {
  uint32_t magic = cardrt::kProfileMagic;
  cardrt::Profile p;
  Frozen<cardrt::Profile> frozen;
  // Every change goes through here.
  cardrt::Profile& edit() {
    frozen.drop();
    return p;
  }
};
struct cardrt_cardpool {
  uint32_t magic = cardrt::kPoolMagic;
  std::shared_ptr<const cardrt::Profile> profile;
  cardrt::CardPool pool;
  Frozen<cardrt::CardPool> frozen;
  // The first definition of each title (cardrt_cardpool_find): an engine building decks by name from a large pool
  // asks it for every card of every deck.
  struct TitleHash {
    using is_transparent = void;  // found by a string_view: no string made per lookup
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, int32_t, TitleHash, std::equal_to<>> by_title;
  cardrt::CardPool& edit() {
    frozen.drop();
    return pool;
  }
};
// Begins with its cardrt_game_view (cardrt.h), which compiled card code reads; Game::publish_cards keeps it.
struct cardrt_game {
  cardrt_game_view view{};
  uint32_t magic = cardrt::kGameMagic;
  std::unique_ptr<cardrt::Game> g;
};
static_assert(offsetof(cardrt_game, view) == 0);
