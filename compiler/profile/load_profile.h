#pragma once
// Builds a GameProfile from a parsed `.game` file, checking it (unknown stats in card types, duplicates,
// unknown attributes and policies).
#include <memory>

#include "ast/ast.h"
#include "diag/diagnostic_engine.h"
#include "profile/game_profile.h"

namespace cardc {

std::unique_ptr<GameProfile> load_profile(const ast::ProfileFile& file, DiagnosticEngine& diags);

// Lower-case words of a phrase, for matching events, durations and verbs against card text.
std::vector<std::string> phrase_words(std::string_view text);

}  // namespace cardc
