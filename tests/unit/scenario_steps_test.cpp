// Scenario steps that must change nothing a game does (docs/scenarios.md): "save and load" saves the game
// (cardrt_game_save) and goes on from the copy it loads (cardrt_game_load). The same scenario without those lines must
// print the same event log and hold the same expectations, through the interpreter and the JIT.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "base/read_file.h"
#include "test_support.h"

namespace cardc {

namespace {

// The scenario's text without its "save and load" lines, its set named by a path from anywhere.
std::string without_saves(const std::string& path, size_t& saves) {
  const std::string dir = path.substr(0, path.rfind('/') + 1);
  std::istringstream in(read_file(path));
  std::string out;
  saves = 0;
  for (std::string line; std::getline(in, line);) {
    if (line == "save and load") {
      ++saves;
      continue;
    }
    if (line.rfind("set ", 0) == 0) line = "set " + dir + line.substr(4);
    out += line + "\n";
  }
  return out;
}

}  // namespace

TEST(ScenarioSteps, SaveAndLoadChangesNothing) {
  for (const char* name : {"legends/engine_queries", "heroes/stat_operations"}) {
    const std::string path = std::string(CARDC_SOURCE_DIR) + "/tests/scenarios/" + name + ".scenario";
    size_t saves = 0;
    const std::string plain = test::write_temp(std::string(name).substr(std::string(name).find('/') + 1) + "_plain.scenario",
                                               without_saves(path, saves));
    EXPECT_GE(saves, 1u) << name;
    for (const char* engine : {"interp", "jit"}) {
      const auto with = test::run_cardc(std::string("run --engine=") + engine + " " + path);
      const auto without = test::run_cardc(std::string("run --engine=") + engine + " " + plain);
      EXPECT_EQ(with.exit_code, 0) << name << " " << engine << "\n" << with.output;
      EXPECT_EQ(without.exit_code, 0) << name << " " << engine << "\n" << without.output;
      EXPECT_EQ(with.output, without.output) << name << " " << engine;
    }
  }
}

// A step the scenario language does not have is refused with its line, never skipped.
TEST(ScenarioSteps, UnknownRoleOrCountIsRefused) {
  const std::string set = std::string(CARDC_SOURCE_DIR) + "/tests/scenarios/legends/provinces.cards";
  const auto role = test::run_cardc("run --engine=interp " + test::write_temp("role.scenario", "set " + set + "\nexpect zone role graveyard Play\n"));
  EXPECT_EQ(role.exit_code, 2) << role.output;
  EXPECT_NE(role.output.find("role.scenario:2: 'graveyard' is not deck, hand, discard, play or removed"), std::string::npos) << role.output;
  const auto count = test::run_cardc("run --engine=interp " + test::write_temp("count.scenario", "set " + set + "\nexpect player 0 provinces lost 1\n"));
  EXPECT_EQ(count.exit_code, 2) << count.output;
  EXPECT_NE(count.output.find("count.scenario:2: 'lost' is not standing"), std::string::npos) << count.output;
}

}  // namespace cardc
