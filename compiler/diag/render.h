#pragma once
// Turning diagnostics into text for people (clang style) and JSON for tools.
#include <deque>
#include <ostream>
#include <string>

#include "diag/diagnostic.h"

namespace cardc {

struct TextStyle {
  bool color = false;  // ANSI colours: only when writing to a terminal
};

void render_text(const SourceManager& sm, const Diagnostic& d, std::ostream& out, TextStyle style);
// One JSON object (no trailing newline): file, range (offsets and line:col), severity, name, message,
// notes, fixits, card.
std::string render_json(const SourceManager& sm, const Diagnostic& d);

}  // namespace cardc
