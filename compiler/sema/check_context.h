#pragma once
// What every semantic pass sees: the set, its profile, the diagnostics sink, and analyses computed once.
#include <vector>

#include "ast/ast.h"
#include "diag/diagnostic_engine.h"
#include "profile/game_profile.h"
#include "sema/reading.h"

namespace cardc {

struct CheckContext {
  const SourceManager& sources;
  const GameProfile& profile;
  const ast::CardSetFile& set;
  DiagnosticEngine& diags;
  std::vector<CardReading> readings;  // filled by the "reading" pass, one per card in set order
};

}  // namespace cardc
