#pragma once
// Scenarios (docs/scenarios.md): a small text format that sets up a game under a profile, performs steps and
// states expectations. `cardc run SCENARIO` plays one through the JIT, the reference interpreter or a compiled
// card library; the event logs of all three must be identical (differential testing).
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace cardc {

struct ScenarioStep {
  uint32_t line = 0;
  std::vector<std::string> words;  // the line split at blanks; "quoted text" is one word (quotes removed)
};

struct Scenario {
  std::string path;
  std::string set_path;  // the card set, resolved against the scenario's folder
  uint64_t seed = 1;
  std::vector<ScenarioStep> steps;
};

struct ScenarioLimits {
  size_t max_steps = 10000;
  size_t max_line = 4096;
  uint64_t max_file_bytes = 16u << 20;  // read no further (cardc run)
};

// Parses; on failure returns false with "path:line: message" in `error`.
bool parse_scenario(const std::string& path, const std::string& text, Scenario& out, std::string& error,
                    const ScenarioLimits& limits = {});

enum class Engine { Interp, Jit, Library, JitLazy };  // JitLazy: the JIT compiling each function at its first call

struct RunOptions {
  Engine engine = Engine::Jit;
  std::string library;  // Engine::Library: the compiled .so
  // Engine::Library: the public keys trusted to sign it (CARDRT_LIBRARY_PUBLIC_KEY_BYTES each, back to back) and
  // the loader's flags (CARDRT_LIBRARY_ALLOW_UNSIGNED: unsafe, development only).
  std::vector<uint8_t> trusted_keys;
  uint32_t library_flags = 0;
  int opt_level = 2;    // Engine::Jit
  unsigned jit_jobs = 1;      // Engine::Jit: compile threads (0: one per core)
  std::string jit_cache_dir;  // Engine::Jit: the object cache folder ("" = none; codegen/jit.h)
  std::vector<std::string> profile_dirs;
  bool print_log = true;  // the event log
  bool narrate = false;   // ... told as sentences (scenario/narrate.h)
  std::string record;     // a file to write the game's replay into (cardrt_game_record), "" none
};

struct RunResult {
  int exit_code = 0;         // 0 every expectation held; 1 a failure; 2 the scenario or its set could not be used
  std::string log_text;      // the runtime's event log, rendered as text
  size_t expectations = 0, failures = 0;
};

RunResult run_scenario(const Scenario& s, const RunOptions& opts, std::ostream& out, std::ostream& err);

}  // namespace cardc
