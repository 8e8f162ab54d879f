#pragma once
// `cardc render SET.cards -o proofs.html`: the proof sheet of a card set (tools/proof_sheet.h).
#include <iosfwd>
#include <string>
#include <vector>

namespace cardc::tools {

struct RenderOptions {
  std::string path;                       // one card set
  std::string output;                     // file, or - for stdout
  std::vector<std::string> profile_dirs;  // extra folders to look for GAME.game in
};

// Exit codes: 0 written (cards with diagnostics are shown, not failures), 2 usage or I/O error or a file that
// has no cards to show.
int run_render(const RenderOptions& opts, std::ostream& out, std::ostream& err);

}  // namespace cardc::tools
