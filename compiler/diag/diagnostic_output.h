#pragma once
// How every subcommand writes its diagnostics to stderr (docs/tools.md "Command line"): the global options
// --diagnostics-format (text or json) and --color (auto, always, never), set once by cardc's main and honoured by
// check, compile, run, render and dump-ast alike.
#include <ostream>
#include <string>
#include <deque>

#include "diag/diagnostic.h"

namespace cardc {

class SourceManager;

struct DiagnosticOutput {
  bool json = false;   // one JSON object per line (render_json), instead of the clang-style text
  bool color = false;  // ANSI colours in the text form
};

// The process's setting (text, no colour until main sets it).
DiagnosticOutput& diagnostic_output();
// From the option values: format "text" or "json"; color "always", "never" or "auto" (stderr is a terminal and
// NO_COLOR is unset).
DiagnosticOutput diagnostic_output_from(const std::string& format, const std::string& color);

// Writes diagnostics the way the setting says.
void write_diagnostics(const SourceManager& sm, const std::deque<Diagnostic>& diags, std::ostream& err);

}  // namespace cardc
