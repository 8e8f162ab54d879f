#pragma once
// `cardc replay FILE --library SET.so`: play a replay (docs/runtime.md "Replays") back against a compiled card library
// and print the event log, which is the recorded game's byte for byte when nothing diverged.
#include <iosfwd>
#include <string>
#include <vector>

namespace cardc {

struct ReplayCommandOptions {
  std::string path;                // the replay
  std::string library;             // --library SET.so
  std::vector<std::string> trust;  // --trust KEY.pub: public keys whose signed libraries --library loads
  bool allow_unsigned = false;     // --allow-unsigned (unsafe)
  bool force = false;              // --force: play a replay of another card library, reporting the first divergence
  bool quiet = false;              // no event log
  bool narrate = false;            // the event log as sentences
};

// 0: played, identical to the recording; 1: played with a divergence (under --force, or the runtime changed); 2: refused
// (not a replay, damaged, another library without --force) or the library could not be loaded.
int run_replay(const ReplayCommandOptions& opts, std::ostream& out, std::ostream& err);

}  // namespace cardc
