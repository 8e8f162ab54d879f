#pragma once
// The wording checks of issue 21 (B) on the meaning tree: what a designer expects the rules to refuse in a reading
// that the grammar accepted (docs/meaning.md "Checks on the tree"). Language-neutral: nodes and profile ids only.
#include <functional>
#include <string>

#include "diag/diagnostic_engine.h"
#include "meaning/meaning.h"
#include "profile/game_profile.h"

namespace cardc::wording {

// Reports on `diags` what the rules refuse in one unit; `text` gives the printed words of a range.
void check_meaning(const meaning::Unit& u, const GameProfile& p, DiagnosticEngine& diags,
                   const std::function<std::string(SourceRange)>& text);

}  // namespace cardc::wording
