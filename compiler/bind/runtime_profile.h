#pragma once
// The runtime's description of a game, built from its `.game` profile: the compiler produces it, the runtime
// knows nothing of the compiler (runtime/include/cardrt/cardrt.h profile builder).
#include <memory>
#include <optional>
#include <utility>
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

// 64-bit FNV-1a of a text, as 16 hex digits. A profile's identity (checked when a card library loads) is this hash
// of the runtime profile's description, so two .game files that mean the same runtime profile share it; it equals
// cardrt_profile_identity. compile_set also uses it for the set's source hash.
std::string profile_identity(std::string_view text);

// The runtime's canonical text description of a profile (cardrt_profile_describe; docs/runtime.md "Profile
// descriptions"); "" for a null or invalid handle.
std::string describe_runtime_profile(const cardrt_profile* profile);

// The description and identity of a .game profile's runtime profile. On failure (the runtime refuses a declaration)
// returns false with `error` set, and leaves the outputs empty.
bool runtime_profile_identity(const GameProfile& profile, std::string& description, std::string& identity,
                              std::string& error);

// Runtime ids the binder needs, all in profile declaration order except where the runtime has built-ins.
int runtime_state_id(const GameProfile& profile, size_t state_index);  // Bowed and Face-down are built in
int runtime_zone_role_zone(const GameProfile& profile, int role);      // the zone playing a role, -1 if none
// The runtime's duration (CARDRT_DUR_*) a profile duration ends at (its `ends at`); -1 if the runtime has none.
int32_t runtime_duration(const PhraseDef& duration);
// The runtime's boundary (CARDRT_BOUNDARY_*) an event of the profile is ([boundary = duel end]); -1: none.
int32_t runtime_boundary(const PhraseDef& event);
// The runtime's designator bit (CARDRT_DESIG_*) of a profile designator: Limited, Open, Battle and Reaction are the
// runtime's own; any other is an action all the same (CARDRT_DESIG_OTHER).
int32_t runtime_designator(const NamedDef& designator);
// The runtime's name of a profile event: its built-in signal (spaces as underscores), else the event itself.
std::string runtime_event(const GameProfile& profile, int event);
// The keyword the profile gives the 001 Terrain rule (a Terrain is in no side), -1 if none.
int terrain_keyword(const GameProfile& profile);
// 003 Gold Cost: the resource that pays a printed cost stat ("Gold Cost" in Gold), -1 if none; and the profile's cost
// stat a resource pays with that resource (none: no card of the game costs anything to bring into play).
int cost_resource(const GameProfile& profile, const std::string& stat_name);
std::optional<std::pair<size_t, int>> paid_cost(const GameProfile& profile);
// A cost reduction larger than any printed cost: "ignoring costs" (the runtime never lets a cost fall below zero).
inline constexpr int64_t kWholeCost = int64_t{1} << 30;

}  // namespace cardc
