#include "tools/render_command.h"

#include <ostream>

#include <fmt/format.h>

#include "diag/diagnostic_output.h"
#include "bind/check_binding.h"
#include "diag/render.h"
#include "driver/compile_pipeline.h"
#include "driver/inputs.h"
#include "tools/atomic_write.h"
#include "tools/proof_sheet.h"

namespace cardc::tools {

int run_render(const RenderOptions& opts, std::ostream& out, std::ostream& err) {
  if (file_kind(opts.path) != FileKind::CardSet) {
    err << "cardc render: '" << opts.path << "' is not a card set (.cards)\n";
    return 2;
  }
  auto cs = compile_set(opts.path, opts.profile_dirs, /*bind=*/false);
  if (cs->io_error || !cs->set) {
    write_diagnostics(cs->sm, cs->diags.sorted(), err);
    err << "cardc render: cannot read or parse '" << opts.path << "'\n";
    return 2;
  }
  if (cs->ctx) bind_checked_set(*cs->ctx);  // as `cardc check`: what cannot be compiled is shown under its card
  ProofCounts counts;
  std::string page = render_proof_sheet(*cs, &counts);
  if (opts.output.empty() || opts.output == "-") {
    out << page;
    return 0;
  }
  std::string error;
  if (!atomic_write(opts.output, page, error)) {
    err << "cardc render: cannot write '" << opts.output << "': " << error << "\n";
    return 2;
  }
  out << fmt::format("{}: {} card{} ({} clean, {} with warnings, {} with errors)\n", opts.output, counts.cards,
                     counts.cards == 1 ? "" : "s", counts.clean, counts.with_warnings, counts.with_errors);
  return 0;
}

}  // namespace cardc::tools
