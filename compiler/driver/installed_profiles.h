#pragma once
// Where an installed cardc keeps the bundled games' profiles (share/cardc/GAME/GAME.game; docs/tools.md
// "Packaging"): found from where the running cardc program is, so an install works from any prefix.
#include <optional>
#include <string>

namespace cardc {

// The folder, or nothing when there is none (a cardc run from its build tree).
std::optional<std::string> installed_profile_dir();

}  // namespace cardc
