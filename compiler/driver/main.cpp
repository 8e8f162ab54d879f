// cardc: the card-text compiler's command line.
#include <iostream>

#include <CLI/CLI.hpp>

#include "codegen/compile_command.h"
#include "codegen/signing_keys.h"
#include "driver/check_command.h"
#include "diag/diagnostic_output.h"
#include "driver/cli_conventions.h"
#include "driver/compile_pipeline.h"
#include "driver/progress.h"
#include "driver/replay_command.h"
#include "driver/run_command.h"
#include "import/import_command.h"
#include "tools/fmt_command.h"
#include "tools/render_command.h"
#include "tools/lsp_server.h"

int main(int argc, char** argv) {
  CLI::App app{"cardc: a compiler for card-game card text", "cardc"};
  app.require_subcommand(1);
  app.set_version_flag("--version", [] { return cardc::version_text(); }, "Print the compiler's, card library ABI's and profile format's versions");
  cardc::CheckOptions opts;
  // Global options, accepted before or after any subcommand (fallthrough; set before the subcommands inherit it).
  app.fallthrough();
  app.add_option("--diagnostics-format", opts.format,
                 "text or json (check: one JSON document on stdout; other commands: one JSON object a line on "
                 "stderr)")
      ->check(CLI::IsMember({"text", "json"}));
  app.add_option("--color", opts.color, "Colour diagnostics: auto (stderr is a terminal), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));

  auto* check = app.add_subcommand("check", "Check card sets (.cards) and game profiles (.game); folders recursively");
  check->add_option("paths", opts.paths, "Files or folders")->required();
  check->add_option("--error-limit", opts.error_limit, "Stop reporting after N errors (default 20; 0: no limit)");
  check->add_flag("--werror", opts.werror, "Treat warnings as errors");
  check->add_flag("--verify", opts.verify, "Compare diagnostics with the expected-* comments in the files");
  check->add_option("--stop-after", opts.stop_after, "Stop after this semantic pass");
  check->add_option("--emit", opts.emit,
                    "Also print: ast (the syntax tree), sema (what the passes understood) or meaning (the meaning tree "
                    "the wording grammar read, docs/meaning.md)")
      ->check(CLI::IsMember({"ast", "sema", "meaning"}));
  cardc::add_profile_path_option(check, opts.profile_dirs);
  check->add_flag("--time", opts.time, "Show the elapsed time in the summary (default on a terminal)");
  check->add_flag("--compile", opts.compile, "Also count the cards compiled in the summary (every check binds each card to the effect IR "
                  "and reports what cannot be compiled yet)");

  auto* dump = app.add_subcommand("dump-ast", "Print the AST of a card set or profile with source ranges");
  dump->add_option("paths", opts.paths, "Files")->required();
  dump->add_option("--card", opts.only_card, "Only the card with this exact title");

  // cardc import --from=l5r-oracle FILE_OR_DIR... -o OUT_DIR (compiler/import/)
  cardc::import::ImportOptions import_opts;
  auto* import = app.add_subcommand("import", "Convert another card database's export into card sets (.cards)");
  import->add_option("--from", import_opts.from, "Source format: l5r-oracle")->required()
      ->check(CLI::IsMember({"l5r-oracle"}));
  import->add_option("inputs", import_opts.inputs, "JSON files, or folders of them")->required();
  import->add_option("-o,--output", import_opts.out_dir, "Output folder")->required();
  import->add_option("--report", import_opts.report, "Also write a JSON report of every card here");

  // cardc compile SET.cards... -o set.so [--emit=lib|obj|asm|llvm|ir|profile] [-O0..-O3] (compiler/codegen/)
  cardc::codegen::CompileOptions compile_opts;
  auto* compile = app.add_subcommand("compile", "Compile card sets to a card library (.so) the runtime loads");
  compile->add_option("paths", compile_opts.paths, "Card sets (.cards) or folders")->required();
  compile->add_option("-o,--output", compile_opts.output, "Output file (text kinds: - or none for stdout)");
  compile->add_option("--emit", compile_opts.emit,
                      "lib (default), obj, asm, llvm (LLVM IR), ir (effect IR) or profile (the runtime profile's "
                      "description)")
      ->check(CLI::IsMember({"lib", "obj", "asm", "llvm", "ir", "profile"}));
  compile->add_option("-O", compile_opts.opt_level, "Optimization level 0-3 (default 2)")->check(CLI::Range(0, 3));
  cardc::add_profile_path_option(compile, compile_opts.profile_dirs);
  compile->add_option("--cc", compile_opts.cc, "C compiler driver that links the library (default: cc on PATH)");
  bool keep_going = false;
  compile->add_flag("-k,--keep-going", keep_going,
                    "Leave cards with errors out of the library (their diagnostics are printed) instead of failing");
  compile->add_option("-j,--jobs", compile_opts.jobs,
                      "Threads for a large library (more than 512 functions: one object per partition; 0: one per "
                      "core, the default). The library does not depend on it");
  compile->add_option(
      "--sign", compile_opts.sign_key,
      "Sign the library with this secret key (cardc keygen): engines that trust its public key load it");

  // cardc keygen NAME: a key pair to sign card libraries with (compiler/codegen/signing_keys.h)
  std::string keygen_path;
  auto* keygen = app.add_subcommand("keygen", "Make a key pair to sign card libraries: NAME (secret) and NAME.pub");
  keygen->add_option("name", keygen_path, "Path of the secret key; the public key goes to NAME.pub")->required();

  cardc::RunCommandOptions run_opts;
  auto* run = app.add_subcommand("run", "Play scenarios (docs/scenarios.md) and check their expectations");
  run->add_option("paths", run_opts.paths, "Scenario files")->required();
  run->add_option("--engine", run_opts.engine,
                  "jit (default), interp, or all (the eager JIT, the lazy JIT and the interpreter; compare their event "
                  "logs)")
      ->check(CLI::IsMember({"jit", "interp", "all"}));
  run->add_option("--jit", run_opts.jit_mode,
                  "eager (default: the whole set compiled at load, on --jobs threads, through the object cache) or "
                  "lazy (each function compiled at its first call)")
      ->check(CLI::IsMember({"eager", "lazy"}));
  run->add_option("-j,--jobs", run_opts.jobs, "JIT compile threads (0: one per core; default 0)");
  run->add_option("--cache-dir", run_opts.cache_dir,
                  "Object cache folder (default: $CARDC_CACHE_DIR, $XDG_CACHE_HOME/cardc or ~/.cache/cardc)");
  run->add_flag("--no-cache", run_opts.no_cache, "Neither read nor write the object cache");
  run->add_option("--library", run_opts.library, "Play against this compiled card library (.so)");
  // One key per --trust (repeatable), so `run --trust KEY.pub SCENARIO` leaves SCENARIO to the positional arguments.
  run->add_option("--trust", run_opts.trust,
                  "A public key (cardc keygen's NAME.pub) whose signed libraries --library loads (repeatable)")
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  run->add_flag("--allow-unsigned", run_opts.allow_unsigned,
                "UNSAFE, development only: let --library load a library no trusted key signed");
  run->add_option("-O", run_opts.opt_level, "JIT optimization level 0-3")->check(CLI::Range(0, 3));
  cardc::add_profile_path_option(run, run_opts.profile_dirs);
  run->add_flag("--quiet", run_opts.quiet, "Print only failures and the summary, not the event log");
  run->add_flag("--narrate", run_opts.narrate, "Tell the event log in sentences");
  run->add_option("--record", run_opts.record,
                  "Record each scenario's game as a replay into this file (cardc replay plays it back); with several "
                  "scenarios, the last one's");

  // cardc replay FILE --library SET.so (docs/runtime.md "Replays")
  cardc::ReplayCommandOptions replay_opts;
  auto* replay = app.add_subcommand(
      "replay", "Play a recorded game (a replay) back against a card library and print its event log");
  replay->add_option("file", replay_opts.path,
                     "The replay (cardc run --record, or an engine's cardrt_game_replay_bytes)")
      ->required();
  replay->add_option("--library", replay_opts.library, "The compiled card library (.so) to play it with")->required();
  replay->add_option("--trust", replay_opts.trust,
                     "A public key (cardc keygen's NAME.pub) whose signed libraries --library loads (repeatable)")
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  replay->add_flag("--allow-unsigned", replay_opts.allow_unsigned,
                   "UNSAFE, development only: let --library load a library no trusted key signed");
  replay->add_flag("--force", replay_opts.force,
                   "Play a replay recorded with another card library anyway, reporting the first call and event that "
                   "differ (exit 1 when they do)");
  replay->add_flag("--quiet", replay_opts.quiet, "Print only the summary, not the event log");
  replay->add_flag("--narrate", replay_opts.narrate, "Tell the event log in sentences");

  // cardc fmt [--check] [--in-place] PATH... (compiler/tools/)
  cardc::tools::FmtOptions fmt_opts;
  auto* fmt_cmd = app.add_subcommand("fmt", "Format card sets and game profiles in the one canonical layout");
  fmt_cmd->add_option("paths", fmt_opts.paths, "Files or folders")->required();
  fmt_cmd->add_flag("--check", fmt_opts.check, "Only report files that are not formatted (exit 1)");
  fmt_cmd->add_flag("-i,--in-place", fmt_opts.in_place, "Rewrite files that are not formatted (atomically)");

  // cardc render SET.cards -o proofs.html (compiler/tools/)
  cardc::tools::RenderOptions render_opts;
  auto* render = app.add_subcommand("render", "Lay out a card set as an HTML proof sheet of card faces");
  render->add_option("path", render_opts.path, "Card set (.cards)")->required();
  render->add_option("-o,--output", render_opts.output, "Output HTML file (- for stdout)")->required();
  cardc::add_profile_path_option(render, render_opts.profile_dirs);

  // cardc lsp: the language server on stdin/stdout (compiler/tools/)
  cardc::tools::LspOptions lsp_opts;
  auto* lsp = app.add_subcommand("lsp", "Run the language server (LSP 3.17, JSON-RPC over stdio)");
  cardc::add_profile_path_option(lsp, lsp_opts.profile_dirs);
  bool lsp_stdio = true;
  lsp->add_flag("--stdio", lsp_stdio, "Use stdin/stdout (the default and only transport)");

  if (auto message = cardc::unknown_subcommand_message(app, argc, argv)) {
    std::cerr << *message << "\n";
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    if (dynamic_cast<const CLI::ExtrasError*>(&e)) std::cerr << cardc::unknown_option_hints(app);
    return 2;
  }
  cardc::diagnostic_output() = cardc::diagnostic_output_from(opts.format, opts.color);
  try {
    if (check->parsed()) return cardc::run_check(opts, std::cout, std::cerr);
    if (dump->parsed()) return cardc::run_dump_ast(opts, std::cout, std::cerr);
    if (fmt_cmd->parsed()) return cardc::tools::run_fmt(fmt_opts, std::cout, std::cerr);
    if (render->parsed()) return cardc::tools::run_render(render_opts, std::cout, std::cerr);
    if (lsp->parsed()) {
      std::ios::sync_with_stdio(false);
      return cardc::tools::run_lsp(lsp_opts, std::cin, std::cout, std::cerr);
    }
    if (run->parsed()) return cardc::run_run(run_opts, std::cout, std::cerr);
    if (replay->parsed()) return cardc::run_replay(replay_opts, std::cout, std::cerr);
    if (import->parsed()) return cardc::import::run_import(import_opts, std::cout, std::cerr);
    if (keygen->parsed()) return cardc::codegen::run_keygen(keygen_path, std::cout, std::cerr);
    if (compile->parsed()) {
      // A progress line for large sets on a terminal (driver/progress.h); every output of compile is a file or
      // stdout, never JSON on stderr.
      cardc::ProgressLine progress(cardc::ProgressLine::stderr_is_terminal() && opts.format != "json");
      if (progress.enabled())
        compile_opts.progress = [&progress](const std::string& what) {
          if (what.empty()) progress.clear();
          else progress.set(what);
        };
      return cardc::codegen::run_compile(
          compile_opts,
          [keep_going](const cardc::codegen::CompileOptions& o, cardc::ir::Module& m, std::ostream& e) {
            return cardc::build_ir_module(o.paths, o.profile_dirs, m, e, o.progress, keep_going, o.slices);
          },
          std::cout, std::cerr);
    }
  } catch (const std::exception& e) {
    std::cerr << "cardc: internal error: " << e.what() << "\n";
    return 2;
  }
  return 2;
}
