#pragma once
// The command line's manners (docs/tools.md "Command line"): --version, and "did you mean" for a mistyped
// subcommand or option (CLI11 2.1 has no suggestions of its own).
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace cardc {

// What --version prints: the compiler's version, the card library ABI it compiles for, and the version of the
// profile description format the runtime reads and writes.
std::string version_text();

// When the first argument should name a subcommand and names none: the message saying so, with the closest
// subcommand when it looks like a typo ("cardc: 'chek' is not a cardc command; did you mean 'check'?").
std::optional<std::string> unknown_subcommand_message(const CLI::App& app, int argc, const char* const* argv);

// After CLI11 refused arguments it did not expect: one line per mistyped option of the subcommand that was parsed,
// naming the closest option ("cardc check: unknown option '--colr'; did you mean '--color'?"), or "".
std::string unknown_option_hints(const CLI::App& app);

// --profile-path DIR, repeatable: each takes exactly one folder, so `compile --profile-path DIR SET.cards` leaves
// SET.cards to the positional arguments (a plain vector option would swallow it).
CLI::Option* add_profile_path_option(CLI::App* command, std::vector<std::string>& dirs);

}  // namespace cardc
