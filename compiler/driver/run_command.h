#pragma once
// `cardc run SCENARIO...`: play scenarios through the JIT (default), the interpreter or a compiled library.
#include <iosfwd>
#include <string>
#include <vector>

namespace cardc {

struct RunCommandOptions {
  std::vector<std::string> paths;
  std::string engine = "jit";  // jit | interp | all (every engine; their event logs must be identical)
  std::string library;         // --library SET.so: play against a compiled card library instead
  std::vector<std::string> trust;  // --trust KEY.pub: public keys whose signed libraries --library loads
  bool allow_unsigned = false;     // --allow-unsigned: load a library no trusted key signed (unsafe)
  int opt_level = 2;
  std::string jit_mode = "eager";  // eager | lazy (codegen/jit.h); --engine=all runs both
  unsigned jobs = 0;               // JIT compile threads, 0: one per core
  std::string cache_dir;           // "" = codegen default_cache_dir()
  bool no_cache = false;
  std::vector<std::string> profile_dirs;
  bool quiet = false;          // no event log, only failures and the summary
  bool narrate = false;        // the event log as sentences
  std::string record;          // --record FILE: the game as a replay (docs/runtime.md "Replays")
};

int run_run(const RunCommandOptions& opts, std::ostream& out, std::ostream& err);

}  // namespace cardc
