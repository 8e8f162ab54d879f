#include "driver/run_command.h"

#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>

#include <cstdlib>
#include <filesystem>

#include "base/read_file.h"
#include "codegen/emit.h"
#include "codegen/jit.h"
#include "codegen/signing_keys.h"
#include "driver/compile_pipeline.h"
#include "scenario/scenario.h"

namespace cardc {

namespace {

// A card library of the scenario's set in a fresh temporary folder, for the differential run through a compiled
// .so; removed when it goes out of scope. `path` is empty when it could not be written (`error` says why). It is
// signed with a key made for it alone, which the run trusts and nothing keeps.
struct TemporaryLibrary {
  std::filesystem::path dir, path;
  std::string error;
  codegen::PublicKey public_key{};
  TemporaryLibrary(const Scenario& s, const std::vector<std::string>& profile_dirs, int opt_level) {
    std::error_code ec;
    std::filesystem::path base = std::filesystem::temp_directory_path(ec);
    if (ec) base = "/tmp";
    std::string tmpl = (base / "cardc-run-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) {
      error = "cannot make a temporary folder";
      return;
    }
    dir = tmpl;
    auto set = compile_set(s.set_path, profile_dirs);
    if (!set->checked) {
      error = "the card set has errors";
      return;
    }
    auto key = codegen::generate_key(public_key);
    if (!key) {
      error = key.error();
      return;
    }
    codegen::EmitOptions eo;
    eo.opt = static_cast<codegen::OptLevel>(opt_level);
    eo.signing_key = &*key;
    auto st = codegen::write_library(set->bound.module, (dir / "set.so").string(), eo);
    if (!st) {
      error = st.error();
      return;
    }
    path = dir / "set.so";
  }
  ~TemporaryLibrary() {
    std::error_code ec;
    if (!dir.empty()) std::filesystem::remove_all(dir, ec);
  }
};

}  // namespace

int run_run(const RunCommandOptions& opts, std::ostream& out, std::ostream& err) {
  int worst = 0;
  size_t passed = 0, failed = 0;
  auto keys = codegen::read_public_keys(opts.trust);  // --trust, back to back
  if (!keys) {
    err << "cardc run: " << keys.error() << "\n";
    return 2;
  }
  const std::vector<uint8_t>& trusted_keys = *keys;
  for (const auto& path : opts.paths) {
    std::string text, why;
    if (!read_input(path, ScenarioLimits{}.max_file_bytes, text, why)) {
      err << path << ":1:1: error: cannot read '" << path << "': " << why << "\n";
      worst = 2;
      continue;
    }
    Scenario s;
    std::string error;
    if (!parse_scenario(path, text, s, error)) {
      err << error << "\n";
      worst = 2;
      continue;
    }
    RunOptions ro;
    ro.opt_level = opts.opt_level;
    ro.jit_jobs = opts.jobs;
    ro.jit_cache_dir = opts.no_cache ? "" : !opts.cache_dir.empty() ? opts.cache_dir : default_cache_dir();
    ro.profile_dirs = opts.profile_dirs;
    ro.print_log = !opts.quiet;
    ro.narrate = opts.narrate;
    ro.record = opts.record;
    std::vector<std::pair<std::string, Engine>> engines;
    std::optional<TemporaryLibrary> library;
    if (!opts.library.empty()) {
      engines.push_back({"library", Engine::Library});
      ro.library = opts.library;
      ro.trusted_keys = trusted_keys;
      ro.library_flags = opts.allow_unsigned ? CARDRT_LIBRARY_ALLOW_UNSIGNED : 0;
    } else if (opts.engine == "all") {
      // Differential testing: the eager JIT, the lazy JIT (stubs, each function compiled at its first call), the
      // interpreter and a compiled card library (.so) must give the same event log.
      engines = {{"jit", Engine::Jit}, {"jit --jit=lazy", Engine::JitLazy}, {"interp", Engine::Interp}};
      library.emplace(s, opts.profile_dirs, opts.opt_level);
      if (library->path.empty()) {
        err << path << ": cannot build the card library for the differential run: " << library->error << "\n";
        worst = std::max(worst, 1);
        ++failed;
        continue;
      }
      ro.library = library->path.string();
      ro.trusted_keys.assign(library->public_key.begin(), library->public_key.end());
      engines.push_back({"library", Engine::Library});
    } else if (opts.engine == "interp") {
      engines.push_back({"interp", Engine::Interp});
    } else {
      engines.push_back({"jit", opts.jit_mode == "lazy" ? Engine::JitLazy : Engine::Jit});
    }
    std::string first_log;
    int rc = 0;
    const std::string cache_dir = ro.jit_cache_dir;
    for (size_t i = 0; i < engines.size(); ++i) {
      ro.engine = engines[i].second;
      // Compared with the others, the lazy JIT must compile lazily: a complete cache entry (the eager JIT just
      // wrote it) would load the eager objects instead.
      ro.jit_cache_dir = engines.size() > 1 && ro.engine == Engine::JitLazy ? "" : cache_dir;
      if (i > 0) ro.print_log = false, ro.record.clear();  // the first engine's game is the one recorded
      std::ostringstream sink;
      RunResult r = run_scenario(s, ro, i == 0 ? out : sink, err);
      rc = std::max(rc, r.exit_code);
      if (i == 0) first_log = r.log_text;
      else if (r.log_text != first_log) {
        // Differential testing: the generated code and the interpreter must do exactly the same.
        err << path << ": the event log through " << engines[i].first << " differs from " << engines[0].first << "\n";
        rc = std::max(rc, 1);
      }
    }
    (rc == 0 ? passed : failed)++;
    worst = std::max(worst, rc);
  }
  out << "scenarios: " << passed << " passed, " << failed << " failed\n";
  return worst;
}

}  // namespace cardc
