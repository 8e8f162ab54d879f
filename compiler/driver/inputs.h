#pragma once
// Which files a command works on, and where a set's game profile lives.
#include <optional>
#include <string>
#include <vector>

namespace cardc {

enum class FileKind { CardSet, Profile, Other };
FileKind file_kind(const std::string& path);

// Expands folders recursively into their *.cards and *.game files (sorted, so output is deterministic).
// Paths that do not exist are returned as they are, so the caller reports them.
std::vector<std::string> expand_inputs(const std::vector<std::string>& paths);

// The profile of game `game` for a set at `set_path`: in the extra search dirs first, then in each folder from
// the set's up to the root: DIR/GAME.game, DIR/GAME/GAME.game, DIR/cards/GAME/GAME.game;
// last, the installed cardc's bundled games (share/cardc/GAME/GAME.game).
std::optional<std::string> find_profile(const std::string& game, const std::string& set_path,
                                        const std::vector<std::string>& search_dirs);

}  // namespace cardc
