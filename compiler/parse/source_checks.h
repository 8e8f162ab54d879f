#pragma once
// Checks on raw bytes before the lexer runs: encoding, line length, emptiness.
#include "diag/diagnostic_engine.h"
#include "parse/parser.h"

namespace cardc {

// Returns false when the file cannot be parsed at all (the diagnostic is reported).
bool check_source_text(const SourceManager& sm, FileId file, DiagnosticEngine& diags, const ParseLimits& limits);

}  // namespace cardc
