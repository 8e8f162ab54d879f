#include "driver/check_command.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <iostream>
#include <map>
#include <memory>
#include <unistd.h>

#include <fmt/format.h>

#include "ast/dump.h"
#include "diag/diagnostic_json.h"
#include "diag/diagnostic_output.h"
#include "diag/render.h"
#include "diag/verify.h"
#include "driver/inputs.h"
#include "parse/parser.h"
#include "profile/load_profile.h"
#include "bind/check_binding.h"
#include "bind/runtime_profile.h"
#include "driver/progress.h"
#include "driver/standard_input.h"
#include "sema/emit_sema.h"
#include "meaning/dump.h"
#include "sema/pipeline.h"

namespace cardc {

namespace {

// One run of the front end over many files; profiles are loaded once and shared by every set of that game.
class Session {
 public:
  explicit Session(const CheckOptions& o) : opts_(o), diags_(sm_) {
    diags_.set_werror(o.werror);
    diags_.set_error_limit(o.verify ? 0 : o.error_limit);  // --verify compares every diagnostic
  }

  FileId load(const std::string& path) {
    std::string error;
    FileId id = load_input(sm_, path, error, limits_.max_file_bytes);
    if (id == kNoFile) {
      const std::string name = input_name(path);
      diags_.report(DiagId::CannotReadFile, SourceRange{sm_.add(name, ""), 0, 0}, name, error);
      io_error_ = true;
    }
    return id;
  }

  const GameProfile* profile_at(const std::string& path, const std::string& expected_game) {
    auto it = profiles_.find(path);
    if (it == profiles_.end()) {
      Entry e;
      FileId id = load(path);
      if (id != kNoFile) {
        ++files_;
        e.ast = parse_profile(sm_, id, diags_, limits_);
        if (e.ast) e.model = load_profile(*e.ast, diags_);
      }
      it = profiles_.emplace(path, std::move(e)).first;
      const Entry& loaded = it->second;
      if (loaded.ast && !expected_game.empty() && loaded.ast->game != expected_game)
        diags_.report(DiagId::ProfileNameMismatch, loaded.ast->game_range, loaded.ast->game, expected_game);
    }
    return it->second.model.get();
  }

  void check_profile_file(const std::string& path) {
    std::string stem = std::filesystem::path(path).stem().string();
    profile_at(std::filesystem::path(path).lexically_normal().string(), stem);
  }

  void check_set_file(const std::string& path) {
    FileId id = load(path);
    if (id == kNoFile) return;
    ++files_;
    // A large set shows a progress line on a terminal (never in a pipe, never with JSON output).
    const size_t card_count = count_cards(sm_.contents(id));
    ProgressLine progress(card_count > kProgressMinCards && opts_.format != "json" &&
                          ProgressLine::stderr_is_terminal());
    const std::string what = fmt::format("{} ({} cards)", path, card_count);
    progress.set("parsing " + what);
    auto set = parse_card_set(sm_, id, diags_, limits_);
    if (!set) return;
    progress.set("checking " + what);
    cards_ += set->cards.size();
    if (opts_.emit == "ast") ast::dump(*set, sm_, out_ast_, opts_.only_card);
    if (set->game.empty()) return;
    auto where = find_profile(set->game, path, opts_.profile_dirs);
    if (!where) {
      diags_.report(DiagId::UnknownGame, set->game_range, set->game, set->game, set->game);
      return;
    }
    const GameProfile* profile = profile_at(*where, set->game);
    if (!profile) return;  // the profile's own diagnostics say why
    CheckContext ctx{sm_, *profile, *set, diags_, {}};
    // The semantic passes, then each card bound as `cardc compile` binds it (no LLVM): what cannot be bound is an
    // error of plain `check` too (bind/check_binding.h).
    run_sema(ctx, opts_.stop_after);
    if (opts_.emit == "sema") emit_sema(ctx, out_ast_);
    if (opts_.emit == "meaning") meaning::dump(ctx, out_ast_);
    if (opts_.stop_after.empty()) {
      progress.set("binding " + what);
      const CheckBinding b = bind_checked_set(ctx);
      cards_compiled_ += b.compiled;
      cards_lowered_ += b.lowered;
      cards_faithful_ += b.faithful;
    }
  }

  void run(const std::vector<std::string>& inputs) {
    for (const auto& path : inputs) {
      if (is_standard_input(path)) {
        check_set_file(path);
        continue;
      }
      switch (file_kind(path)) {
        case FileKind::CardSet: check_set_file(path); break;
        case FileKind::Profile: check_profile_file(path); break;
        case FileKind::Other: {
          std::error_code ec;
          if (!std::filesystem::exists(path, ec)) {
            diags_.report(DiagId::CannotReadFile, {}, path, "No such file or directory");
            io_error_ = true;
          } else {
            diags_.report(DiagId::UnknownFileKind, {}, path);
            io_error_ = true;
          }
        }
      }
    }
  }

  SourceManager sm_;
  ParseLimits limits_;
  const CheckOptions& opts_;
  DiagnosticEngine diags_;
  struct Entry {
    std::unique_ptr<ast::ProfileFile> ast;
    std::unique_ptr<GameProfile> model;
  };
  std::map<std::string, Entry> profiles_;
  std::ostringstream out_ast_;
  size_t files_ = 0, cards_ = 0, cards_compiled_ = 0, cards_faithful_ = 0, cards_lowered_ = 0;
  bool io_error_ = false;
};


}  // namespace

int run_check(const CheckOptions& opts, std::ostream& out, std::ostream& err) {
  if (opts.paths.empty()) {
    err << "cardc check: no files or folders given\n";
    return 2;
  }
  if (!opts.stop_after.empty()) {
    bool known = false;
    std::string names;
    for (const Pass& p : sema_passes()) {
      known = known || p.name == opts.stop_after;
      names += (names.empty() ? "" : ", ") + std::string(p.name);
    }
    if (!known) {
      err << "cardc check: unknown pass '" << opts.stop_after << "' (passes: " << names << ")\n";
      return 2;
    }
  }
  // A folder with nothing to check is a mistake (a wrong path), not a clean result.
  bool empty_folder = false;
  for (const auto& p : opts.paths) {
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec) && expand_inputs({p}).empty()) {
      err << "cardc check: '" << p << "' holds no card sets (.cards) or game profiles (.game)\n";
      empty_folder = true;
    }
  }
  if (empty_folder) return 2;
  auto start = std::chrono::steady_clock::now();
  Session s(opts);
  s.run(expand_inputs(opts.paths));
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  auto diags = s.diags_.sorted();

  if (opts.verify) {
    std::vector<Expectation> expected;
    std::vector<std::string> problems;
    for (FileId f = 0; f < s.sm_.file_count(); ++f) {
      auto e = scan_expectations(s.sm_, f, problems);
      expected.insert(expected.end(), e.begin(), e.end());
    }
    for (const auto& p : problems) out << p << "\n";
    size_t bad = verify_diagnostics(s.sm_, expected, diags, out) + problems.size();
    out << fmt::format("verify: {} expected diagnostics, {} seen, {} mismatches\n", expected.size(), diags.size(), bad);
    return bad ? 1 : 0;
  }

  if (!opts.emit.empty()) out << s.out_ast_.str();
  std::string summary = fmt::format("{} file{}, {} card{}: {} error{}, {} warning{}", s.files_,
                                    s.files_ == 1 ? "" : "s", s.cards_, s.cards_ == 1 ? "" : "s",
                                    s.diags_.errors(), s.diags_.errors() == 1 ? "" : "s", s.diags_.warnings(),
                                    s.diags_.warnings() == 1 ? "" : "s");
  if (opts.compile) summary += fmt::format(" ({} card{} compiled)", s.cards_compiled_, s.cards_compiled_ == 1 ? "" : "s");
  if (s.diags_.limit_hit())
    summary += fmt::format(" (more errors not shown: --error-limit={}; --error-limit=0 shows all)", opts.error_limit);
  bool show_time = opts.time || ::isatty(STDERR_FILENO);
  if (opts.format == "json") {
    // One document: a diagnostic a line (as before), every value serialized by nlohmann-json (valid UTF-8).
    out << "{\"diagnostics\":[";
    bool first = true;
    for (const auto& d : diags) {
      out << (first ? "\n" : ",\n") << dump_json(diagnostic_json(s.sm_, d));
      first = false;
    }
    nlohmann::ordered_json summary_json = {{"files", s.files_}, {"cards", s.cards_}, {"errors", s.diags_.errors()},
                                           {"warnings", s.diags_.warnings()}};
    if (opts.stop_after.empty()) {  // every card was bound (bind/check_binding.h), with or without --compile
      summary_json["compiled"] = s.cards_compiled_;
      summary_json["faithful"] = s.cards_faithful_;
      summary_json["lowered"] = s.cards_lowered_;
    }
    if (opts.time) summary_json["seconds"] = std::round(secs * 1000) / 1000;
    out << "\n],\"summary\":" << dump_json(summary_json) << "}\n";
  } else {
    // Diagnostics and the summary are messages, on stderr like every command's; stdout is for data (JSON, --emit).
    write_diagnostics(s.sm_, diags, err);
    if (opts.emit.empty()) err << summary << (show_time ? fmt::format(" in {:.2f} s", secs) : "") << "\n";
  }
  if (s.io_error_) return 2;
  return s.diags_.errors() ? 1 : 0;
}

int run_dump_ast(const CheckOptions& opts, std::ostream& out, std::ostream& err) {
  int rc = 0;
  for (const auto& path : opts.paths) {
    SourceManager sm;
    DiagnosticEngine diags(sm);
    std::string error;
    FileId id = sm.load(path, error, ParseLimits{}.max_file_bytes);
    if (id == kNoFile) {
      err << "cardc: cannot read '" << path << "': " << error << "\n";
      return 2;
    }
    if (file_kind(path) == FileKind::Profile) {
      if (auto p = parse_profile(sm, id, diags)) ast::dump(*p, sm, out);
    } else {
      if (auto s = parse_card_set(sm, id, diags)) ast::dump(*s, sm, out, opts.only_card);
    }
    write_diagnostics(sm, diags.sorted(), err);
    if (diags.errors()) rc = 1;
  }
  return rc;
}

}  // namespace cardc
