#include "driver/compile_pipeline.h"

#include <algorithm>
#include <deque>
#include <filesystem>
#include <ostream>
#include <set>
#include <string>
#include <tuple>

#include "bind/runtime_profile.h"
#include "codegen/cache_key.h"
#include "diag/diagnostic_output.h"
#include "diag/render.h"
#include "driver/inputs.h"
#include "driver/progress.h"
#include "driver/standard_input.h"
#include "profile/load_profile.h"
#include "sema/pipeline.h"

namespace cardc {

std::unique_ptr<CompiledSet> compile_set(const std::string& path, const std::vector<std::string>& profile_dirs, bool bind,
                                         const ProgressFn& progress) {
  return compile_sets({path}, profile_dirs, bind, progress);
}

std::unique_ptr<CompiledSet> compile_sets(const std::vector<std::string>& paths,
                                          const std::vector<std::string>& profile_dirs, bool bind,
                                          const ProgressFn& progress, const CardsLeftOut* left_out,
                                          const SourceManager* reread, const ir::SliceSink* slices) {
  auto out = std::make_unique<CompiledSet>();
  out->path = paths.empty() ? "" : paths.front();
  ParseLimits limits;
  std::string error;
  // Every set is loaded first, in order, so set i is FileId i (a --keep-going retry reads the texts from there).
  std::vector<FileId> files;
  size_t cards = 0;
  for (size_t i = 0; i < paths.size(); ++i) {
    FileId file = reread ? out->sm.add(reread->name(FileId(i)), std::string(reread->contents(FileId(i))))
                         : load_input(out->sm, paths[i], error, limits.max_file_bytes);
    if (file == kNoFile) {
      // An empty file of that name gives the diagnostic its file:1:1 (nothing is compiled after it).
      const std::string name = input_name(paths[i]);
      out->diags.report(DiagId::CannotReadFile, SourceRange{out->sm.add(name, ""), 0, 0}, name, error);
      out->io_error = true;
      return out;
    }
    files.push_back(file);
    cards += count_cards(out->sm.contents(file));
  }
  if (files.empty()) return out;
  const std::string what = paths.size() == 1 ? paths.front() : std::to_string(paths.size()) + " sets";
  auto phase = [&](const char* doing) {
    if (progress && cards > kProgressMinCards)
      progress(std::string(doing) + " " + what + " (" + std::to_string(cards) + " cards)");
  };
  phase("parsing");
  // One library holds the cards of every set, as one set: the first set's header, every set's cards in order.
  std::string sources;  // what the source hash and the cache key are made of
  for (size_t i = 0; i < files.size(); ++i) {
    auto set = parse_card_set(out->sm, files[i], out->diags, limits);
    if (!set || set->game.empty()) {
      if (i == 0) out->set = std::move(set);  // what was read, for the callers that show it
      return out;
    }
    if (out->set && set->game != out->set->game) {
      out->mixed_games = paths[i] + " is a set of game '" + set->game + "', " + paths.front() + " of game '" +
                         out->set->game + "'";
      return out;
    }
    if (left_out) {
      std::erase_if(set->cards, [&](const ast::Card& c) { return left_out->count({i, c.range.begin}) > 0; });
    }
    sources += (i ? "\nset\n" : "") + std::string(out->sm.contents(files[i]));
    if (!out->set) {
      out->set = std::move(set);
    } else {
      for (auto& c : set->cards) out->set->cards.push_back(std::move(c));
    }
  }
  out->source_hash = profile_identity(sources);
  auto where = find_profile(out->set->game, paths.front(), profile_dirs);
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
  out->bound = bind_card_set(*out->ctx, out->profile_identity, out->source_hash, true, slices);
  out->bound.module.profile_description = std::move(description);
  // The sets and the profile as read: with the compiler's identity (in the cache's key) they determine the module.
  std::string material = "set\n" + sources + "\nprofile\n" + std::string(out->sm.contents(pfile));
  if (left_out)
    for (const auto& [set, at] : *left_out) material += "\nleft out " + std::to_string(set) + ":" + std::to_string(at);
  out->bound.module.source_key = codegen::cache_key(material);
  return out;
}

void print_diagnostics(const SourceManager& sm, const DiagnosticEngine& diags, std::ostream& err) {
  write_diagnostics(sm, diags.sorted(), err);
}

}  // namespace cardc

namespace cardc {

int build_ir_module(const std::vector<std::string>& paths, const std::vector<std::string>& profile_dirs,
                    ir::Module& module, std::ostream& err, const ProgressFn& progress, bool keep_going,
                    const ir::SliceSink* slices) {
  std::vector<std::string> sets;
  for (const auto& p : paths) {
    const std::vector<std::string> found = expand_inputs({p});
    size_t here = 0;
    for (const auto& f : found)
      if (file_kind(f) == FileKind::CardSet || is_standard_input(f)) {
        sets.push_back(f);
        ++here;
      }
    if (here == 0) {
      std::error_code ec;
      if (std::filesystem::is_directory(p, ec))
        err << "cardc compile: '" << p << "' holds no card sets (.cards); found 0\n";
      else
        err << "cardc compile: '" << p << "' is not a card set (.cards)\n";
      return 2;
    }
  }
  if (sets.empty()) {
    err << "cardc compile: give at least one card set (.cards) or folder; found 0\n";
    return 2;
  }
  auto compiled = compile_sets(sets, profile_dirs, true, progress, nullptr, nullptr, slices);
  if (progress) progress("");
  write_diagnostics(compiled->sm, compiled->diags.sorted(), err);
  if (!compiled->mixed_games.empty()) {
    err << "cardc compile: one library holds one game's cards: " << compiled->mixed_games << "\n";
    return 2;
  }
  if (compiled->io_error) return 2;
  // --keep-going: leave out the cards that have errors (their diagnostics are printed above) and compile the rest;
  // errors outside every card (a set's header, the profile) still stop the compile. A check error stops a pass before
  // the binding, so the next pass may find binding errors in other cards: leave those out too, until a pass is clean
  // (each pass leaves out at least one more card, so this ends).
  CardsLeftOut left_out;
  std::vector<std::string> titles;
  std::set<std::tuple<uint32_t, uint32_t, std::string>> printed;  // a later pass prints only what is new
  for (const auto& d : compiled->diags.sorted()) printed.insert({d.range.file, d.range.begin, d.message});
  while (!compiled->checked || compiled->diags.errors()) {
    if (!keep_going || !compiled->set || !compiled->profile) return 1;
    const size_t before = left_out.size();
    for (const auto& d : compiled->diags.sorted()) {
      if (d.severity != Severity::Error) continue;
      const ast::Card* in = nullptr;
      for (const auto& c : compiled->set->cards)
        if (d.range.valid() && c.range.file == d.range.file && d.range.begin >= c.range.begin &&
            d.range.begin < std::max(c.range.end, c.range.begin + 1))
          in = &c;
      if (!in || in->range.file >= sets.size()) return 1;
      if (left_out.insert({size_t(in->range.file), in->range.begin}).second) titles.push_back(in->title);
    }
    if (left_out.size() == before) return 1;
    if (slices && slices->restart) slices->restart();  // the earlier binding's slices are not the library's
    compiled = compile_sets(sets, profile_dirs, true, progress, &left_out, &compiled->sm, slices);
    if (progress) progress("");
    std::deque<Diagnostic> fresh;
    for (const auto& d : compiled->diags.sorted())
      if (printed.insert({d.range.file, d.range.begin, d.message}).second) fresh.push_back(d);
    write_diagnostics(compiled->sm, fresh, err);
  }
  if (!titles.empty()) {
    err << "cardc compile: --keep-going left out " << titles.size() << " card" << (titles.size() == 1 ? "" : "s")
        << " with errors:";
    for (size_t i = 0; i < titles.size(); ++i) err << (i ? ", '" : " '") << titles[i] << "'";
    err << "\n";
  }
  module = std::move(compiled->bound.module);
  return 0;
}

}  // namespace cardc
