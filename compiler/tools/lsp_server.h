#pragma once
// `cardc lsp`: the language server (LSP 3.17, JSON-RPC over stdio). Diagnostics as you type (only the edited
// cards checked again), hover (a card's reading and meaning tree; a stat's, keyword's or card type's profile
// entry), completion by context (with textEdits), go-to-definition (card titles, profile declarations), the outline
// of cards, references and rename (titles; stats, keywords, card types), formatting (cardc fmt), code actions from
// fix-its, re-checking open sets when their profile changes. docs/tools.md has the details.
#include <iosfwd>
#include <string>
#include <vector>

namespace cardc::tools {

struct LspOptions {
  std::vector<std::string> profile_dirs;
};

// Serves until `exit` (0 after shutdown, 1 without) or the end of input. Malformed messages get JSON-RPC errors.
int run_lsp(const LspOptions& opts, std::istream& in, std::ostream& out, std::ostream& log);

}  // namespace cardc::tools
