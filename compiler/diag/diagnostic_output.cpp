#include "diag/diagnostic_output.h"

#include <cstdlib>
#include <unistd.h>

#include "diag/render.h"

namespace cardc {

DiagnosticOutput& diagnostic_output() {
  static DiagnosticOutput setting;
  return setting;
}

DiagnosticOutput diagnostic_output_from(const std::string& format, const std::string& color) {
  DiagnosticOutput o;
  o.json = format == "json";
  if (color == "always") o.color = true;
  else if (color == "never") o.color = false;
  else o.color = ::isatty(STDERR_FILENO) && !std::getenv("NO_COLOR");
  return o;
}

void write_diagnostics(const SourceManager& sm, const std::deque<Diagnostic>& diags, std::ostream& err) {
  const DiagnosticOutput& o = diagnostic_output();
  for (const auto& d : diags) {
    if (o.json) err << render_json(sm, d) << "\n";
    else render_text(sm, d, err, TextStyle{o.color});
  }
}

}  // namespace cardc
