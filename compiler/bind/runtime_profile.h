#pragma once
// The runtime's description of a game, built from its `.game` profile: the compiler produces it, the runtime
// knows nothing of the compiler (runtime/include/cardrt/cardrt.h profile builder).
#include <memory>
#include <string>

#include "cardrt/cardrt.h"
#include "profile/game_profile.h"

namespace cardc {

struct RuntimeProfileDeleter {
  void operator()(cardrt_profile* p) const { cardrt_profile_destroy(p); }
};
using RuntimeProfile = std::unique_ptr<cardrt_profile, RuntimeProfileDeleter>;

// Builds the runtime profile; on failure returns null and says which declaration the runtime refused.
RuntimeProfile make_runtime_profile(const GameProfile& profile, std::string& error);

// A stable identity of a profile (64-bit FNV-1a of its file text, hex), checked when a card library loads.
std::string profile_identity(std::string_view profile_text);

// Runtime ids the binder needs, all in profile declaration order except where the runtime has built-ins.
int runtime_state_id(const GameProfile& profile, size_t state_index);  // Bowed and Face-down are built in
int runtime_zone_role_zone(const GameProfile& profile, int role);      // the zone playing a role, -1 if none

}  // namespace cardc
