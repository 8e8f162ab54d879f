#pragma once
// From a card set file to its effect IR: parse, load the profile, check, bind. Shared by `cardc compile`,
// `cardc run` and `cardc check --compile`.
#include <functional>
#include <iosfwd>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ast/ast.h"
#include "bind/binder.h"
#include "diag/diagnostic_engine.h"
#include "parse/parser.h"
#include "profile/game_profile.h"
#include "sema/check_context.h"

namespace cardc {

struct CompiledSet {
  SourceManager sm;
  DiagnosticEngine diags{sm};
  std::string path, profile_path;
  std::unique_ptr<ast::CardSetFile> set;
  std::unique_ptr<ast::ProfileFile> profile_ast;
  std::unique_ptr<GameProfile> profile;
  std::string profile_identity;  // hash of the runtime profile's description (library identity, docs/codegen.md)
  std::string source_hash;       // hash of the set text
  std::unique_ptr<CheckContext> ctx;
  BindResult bound;
  bool io_error = false;
  bool checked = false;  // parse + profile + sema ran without errors
  std::string mixed_games;  // several sets of different games ("b.cards is a set of game 'x', a.cards of 'y'")
};

// Cards a `compile --keep-going` leaves out: (the set's index among the paths, the offset where the card begins).
using CardsLeftOut = std::set<std::pair<size_t, uint32_t>>;

// Reports what a long run is doing ("checking big.cards (10,000 cards)"; "" when it is over): progress.h.
using ProgressFn = std::function<void(const std::string& what)>;

// Never throws; problems are diagnostics in the result. `bind` false stops after checking. `progress` hears of
// each phase of a set of more than kProgressMinCards cards.
std::unique_ptr<CompiledSet> compile_set(const std::string& path, const std::vector<std::string>& profile_dirs,
                                         bool bind = true, const ProgressFn& progress = {});

// Several sets of one game as one: the first set's header, every set's cards in order, checked and bound together
// (one library). `left_out` drops those cards before checking; `reread` takes the sets' texts from an earlier
// compile's source manager (set i is its file i) instead of reading them again (standard input reads once).
// `slices`: bind_card_set hands the cards to it slice by slice (ir/slices.h).
std::unique_ptr<CompiledSet> compile_sets(const std::vector<std::string>& paths,
                                          const std::vector<std::string>& profile_dirs, bool bind = true,
                                          const ProgressFn& progress = {}, const CardsLeftOut* left_out = nullptr,
                                          const SourceManager* reread = nullptr,
                                          const ir::SliceSink* slices = nullptr);

// Loads a profile by path (for scenarios that name a game), with its identity.
struct LoadedProfile {
  SourceManager sm;
  DiagnosticEngine diags{sm};
  std::unique_ptr<ast::ProfileFile> ast;
  std::unique_ptr<GameProfile> profile;
  std::string identity;
};

void print_diagnostics(const SourceManager& sm, const DiagnosticEngine& diags, std::ostream& err);

// `cardc compile`'s front half (compiler/codegen/compile_command.h BuildIrModule): the card sets of the paths (files
// and folders, every folder must hold one) to one module. 0 with `module` filled; 1 when the sets have errors
// (printed to err); 2 on usage or I/O errors. `keep_going`: cards with errors are left out (and named) instead.
// `slices`: the module is handed to it slice by slice as it is bound (ir/slices.h, bind_card_set).
int build_ir_module(const std::vector<std::string>& paths, const std::vector<std::string>& profile_dirs,
                    ir::Module& module, std::ostream& err, const ProgressFn& progress = {}, bool keep_going = false,
                    const ir::SliceSink* slices = nullptr);

}  // namespace cardc
