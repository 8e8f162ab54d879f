#pragma once
// Effect IR modules built by hand for the code generator's tests, as the binder would build them, plus small
// helpers (temporary folders, files). The card code is described in words above each builder.
#include <cstdint>
#include <string>

#include "codegen/codegen.h"
#include "ir/ir.h"
#include "test_support.hpp"

namespace cgtest {

// The legends test profile's ids (tests/runtime/test_support.hpp).
inline constexpr int kForce = 0, kFamilyHonor = 1, kSamurai = 0;

// "Magistrate" (Personality, Force 1, Chi 2), an unlimited action: "Gain 2 Family Honor; this Personality gets
// +3 Force until the end of the turn."  Functions: 0 gain_honor (effect), 1 register.
cardc::ir::Module magistrate_module(std::string profile_hash = "profile-1", std::string source_hash = "source-1");

// "Sensei" (Force 2, Chi 2, Samurai) and "Caster" (Force 1, Chi 2): Caster's action "Target a Samurai: he gets +2
// Force until the end of the turn; gain 1 Family Honor." A filter function and a target function called back by the
// runtime. Functions: 0 is_samurai (filter), 1 target_samurai, 2 boost, 3 register.
cardc::ir::Module caster_module();

// "Herald" (Personality, Force 1, Chi 1), an unlimited action: "At the end of the turn, gain 2 Family Honor" (a
// delayed effect, 002 rule 521): the action hands the runtime the address of the delayed effect's body, which the
// register function never names. Functions: 0 at_turn_end (effect), 1 delay_honor (effect), 2 register.
cardc::ir::Module herald_module();

// Base-kind functions (game, a, b) -> a OP b for every arithmetic, comparison and logic operator, named by the
// operator ("add", "div", "and", ...); plus "div_min_by_minus_one" and "div_by_zero" on constants, so the
// optimizer folds them. No register function.
cardc::ir::Module arithmetic_module();

// The queries the lowering reads from the runtime's views instead of calling (codegen/inline_queries.h), each a
// filter (game, ctx, card) -> the query's answer: "in_play", "type", "controller", "keyword_0" .. "keyword_2" and
// "keyword_99" (of the card), "source" and "ctx_controller" (of the context), and "your_other_samurai" (in play, not
// the context's source, a Personality, the context's controller's, Samurai: And of them all). No register function.
cardc::ir::Module queries_module();

// A game-changing test of control flow: an unlimited action of "Tester" (Personality) whose effect exercises If,
// Let/Local, And/Or short-circuit (a right operand that would gain Gold), Return and falling off the end.
// Functions: 0 control (effect), 1 register.
cardc::ir::Module control_flow_module();

// The scenarios the tests play with a module's cards, whether the JIT or a loaded library registered them in
// t's pool (game not started yet). Each checks the game state with gtest assertions and returns the rendered log.
std::string play_magistrate(rt::TestGame& t);  // magistrate_module
std::string play_caster(rt::TestGame& t);      // caster_module
std::string play_control_flow(rt::TestGame& t);  // control_flow_module
// herald_module: the action used, the game saved while its delayed effect waits, loaded, and both games ended: the
// loaded one gains the Honor too and its log is the original's.
std::string play_herald(rt::TestGame& t);

// JITs `m` at `level`, registers it in a fresh legends game and plays `scenario`; returns the log ("" after a
// gtest failure).
std::string jit_and_play(cardc::codegen::OptLevel level, const cardc::ir::Module& m,
                         std::string (*scenario)(rt::TestGame&));

// A unique empty folder under the system's temporary folder, removed by the destructor.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

std::string read_file(const std::string& path);
void write_file(const std::string& path, const std::string& bytes);

}  // namespace cgtest
