#include "driver/compile_pipeline.h"

#include <ostream>
#include <string>

#include "bind/runtime_profile.h"
#include "codegen/cache_key.h"
#include "diag/render.h"
#include "driver/inputs.h"
#include "driver/progress.h"
#include "profile/load_profile.h"
#include "sema/pipeline.h"

namespace cardc {

std::unique_ptr<CompiledSet> compile_set(const std::string& path, const std::vector<std::string>& profile_dirs, bool bind,
                                         const ProgressFn& progress) {
  auto out = std::make_unique<CompiledSet>();
  out->path = path;
  ParseLimits limits;
  std::string error;
  FileId file = out->sm.load(path, error, limits.max_file_bytes);
  if (file == kNoFile) {
    out->diags.report(DiagId::CannotReadFile, SourceRange{out->sm.add(path, ""), 0, 0}, path, error);
    out->io_error = true;
    return out;
  }
  const size_t cards = count_cards(out->sm.contents(file));
  auto phase = [&](const char* what) {
    if (progress && cards > kProgressMinCards)
      progress(std::string(what) + " " + path + " (" + std::to_string(cards) + " cards)");
  };
  phase("parsing");
  out->set = parse_card_set(out->sm, file, out->diags, limits);
  if (!out->set || out->set->game.empty()) return out;
  out->source_hash = profile_identity(out->sm.contents(file));
  auto where = find_profile(out->set->game, path, profile_dirs);
  if (!where) {
    out->diags.report(DiagId::UnknownGame, out->set->game_range, out->set->game, out->set->game, out->set->game);
    return out;
  }
  out->profile_path = *where;
  FileId pfile = out->sm.load(*where, error, limits.max_file_bytes);
  if (pfile == kNoFile) {
    out->diags.report(DiagId::CannotReadFile, SourceRange{out->sm.add(*where, ""), 0, 0}, *where, error);
    out->io_error = true;
    return out;
  }
  out->profile_ast = parse_profile(out->sm, pfile, out->diags, limits);
  if (!out->profile_ast) return out;
  out->profile = load_profile(*out->profile_ast, out->diags);
  out->profile_identity = profile_identity(out->sm.contents(pfile));
  if (out->diags.errors()) return out;
  // The identity is that of the runtime profile the compiler builds from the .game file (the hash of its
  // description, docs/runtime.md "Profile descriptions"): two .game files meaning the same runtime profile share it.
  // Should the runtime refuse the profile, the identity stays the hash of the file and libraries embed no description.
  std::string description, identity, refused;
  if (runtime_profile_identity(*out->profile, description, identity, refused)) out->profile_identity = identity;
  phase("checking");
  out->ctx = std::make_unique<CheckContext>(CheckContext{out->sm, *out->profile, *out->set, out->diags, {}});
  run_sema(*out->ctx);
  out->checked = out->diags.errors() == 0;
  if (!out->checked || !bind) return out;
  phase("binding");
  out->bound = bind_card_set(*out->ctx, out->profile_identity, out->source_hash);
  out->bound.module.profile_description = std::move(description);
  // The set and the profile as read: with the compiler's identity (in the cache's key) they determine the module.
  std::string material = "set\n" + std::string(out->sm.contents(file)) + "\nprofile\n" + std::string(out->sm.contents(pfile));
  out->bound.module.source_key = codegen::cache_key(material);
  return out;
}

void print_diagnostics(const SourceManager& sm, const DiagnosticEngine& diags, std::ostream& err) {
  for (const auto& d : diags.sorted()) render_text(sm, d, err, {});
}

}  // namespace cardc

namespace cardc {

int build_ir_module(const std::vector<std::string>& paths, const std::vector<std::string>& profile_dirs,
                    ir::Module& module, std::ostream& err, const ProgressFn& progress) {
  std::vector<std::string> sets;
  for (const auto& p : expand_inputs(paths))
    if (file_kind(p) == FileKind::CardSet) sets.push_back(p);
  if (sets.size() != 1) {
    err << "cardc compile: give exactly one card set (.cards); found " << sets.size() << "\n";
    return 2;
  }
  auto compiled = compile_set(sets.front(), profile_dirs, true, progress);
  if (progress) progress("");
  print_diagnostics(compiled->sm, compiled->diags, err);
  if (compiled->io_error) return 2;
  if (!compiled->checked || compiled->diags.errors()) return 1;
  module = std::move(compiled->bound.module);
  return 0;
}

}  // namespace cardc
