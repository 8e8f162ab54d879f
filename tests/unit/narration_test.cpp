// `cardc run --narrate` (compiler/scenario/narrate.cpp): each log kind below is told as a sentence that says what its
// fields mean (runtime/include/cardrt/cardrt.h, the CARDRT_LOG_* comments), written by hand from those meanings.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "scenario/narrate.h"

namespace {

std::string told(const std::string& line) { return cardc::narrate(line + "\n"); }

// 002 rule 524: the chain is built before it resolves; the log's amount is the option (0-based), value the link.
TEST(Narration, ChainNamesTheOptionAndSaysItIsQueued) {
  EXPECT_EQ(told("    7 chain player=0 card=2[Twin Sparks] amount=1 value=0"),
            "  Twin Sparks: option 2 is queued as link 1 of the chain.\n");
}

TEST(Narration, DuelNamesTheWinner) {
  EXPECT_EQ(told("   31 duel player=0 card=3[Akodo Kage] other=5[Bayushi Tomaru] amount=4 value=2"),
            "  Duel: Akodo Kage (4) against Bayushi Tomaru (2): Akodo Kage wins.\n");
  EXPECT_EQ(told("   31 duel card=3[Akodo Kage] other=5[Bayushi Tomaru] amount=2 value=2"),
            "  Duel: Akodo Kage (2) against Bayushi Tomaru (2): a tie: no one wins.\n");
}

TEST(Narration, ProvinceKinds) {
  EXPECT_EQ(told("    2 province_added player=1 what=province1 amount=3 value=5"),
            "  Player 1's province 1 is added at battlefield 3 (strength 5).\n");
  EXPECT_EQ(told("    9 province_strength player=1 other=4[Kyuden Ikoma] what=province1 amount=-2 value=3"),
            "  Player 1's province 1 gets -2 strength (Kyuden Ikoma) (now 3).\n");
  EXPECT_EQ(told("   10 province_strength player=1 what=province1 amount=0 value=5"),
            "  A strength bonus or penalty of player 1's province 1 ends (strength 5).\n");
  EXPECT_EQ(told("   11 province_destroyed player=1 what=province2 amount=0 value=0"),
            "  Player 1's province 2 is destroyed by player 0.\n");
  EXPECT_EQ(told("   12 in_province player=1 card=6[Marsh of Sorrowing Reeds] what=province1 amount=1 value=1"),
            "  Marsh of Sorrowing Reeds is in play with province 1, at battlefield 1.\n");
  EXPECT_EQ(told("   13 in_province player=1 card=7[Iron Mine] what=province2 amount=0 value=0"),
            "  Iron Mine is put into province 2, face-down.\n");
  EXPECT_EQ(told("   14 provinces_revealed player=1 amount=2 value=0"),
            "  Player 1 reveals his provinces: 2 cards turn face-up.\n");
}

// 004 Luck: a roll equal to or under the attacker's Luck is Critical Damage, and the Resist of the damaged is ignored.
TEST(Narration, CriticalDamage) {
  EXPECT_EQ(told("   20 critical player=1 card=2[Viper Magus] other=1[Ember Knight] amount=2 value=3"),
            "  Ember Knight's roll of 2 is at most its Luck 3: Critical Damage to Viper Magus, whose Resist is ignored.\n");
}

// 000 7.2: setting or doubling a ruler's vitae; a doubling is not a gain of 2.
TEST(Narration, ResourceSetOrDoubled) {
  EXPECT_EQ(told("    5 resource_set player=0 what=vitae amount=2 value=-6"), "  Player 0's vitae is doubled to -6.\n");
  EXPECT_EQ(told("    4 resource_set player=0 what=vitae amount=1 value=-3"), "  Player 0's vitae is set to -3.\n");
}

// 003 step C: a maximum is no bonus; the ending of a modifier does not claim to be the end of a bonus.
TEST(Narration, BoundsAndEndingModifiers) {
  EXPECT_EQ(told("   15 bound_added player=0 card=1[Tsubaki the Exile] other=3[Broken Spear] what=Force amount=1 value=1"),
            "  Tsubaki the Exile's Force gets a minimum or maximum of 1 (Broken Spear): Force is now 1.\n");
  EXPECT_EQ(told("   18 modifier_ended player=0 card=1[Tsubaki the Exile] other=3[Broken Spear] what=Force amount=1 value=4"),
            "  A modifier of Tsubaki the Exile's Force ends: Force is now 4.\n");
}

// A failed expectation names zones in the game's words, not by their number.
TEST(ScenarioMessages, NameZones) {
  char tmpl[] = "/tmp/cardc_zone_message_XXXXXX";
  const std::string dir = ::mkdtemp(tmpl);
  const std::string path = dir + "/zones.scenario";
  std::ofstream(path) << "set " << CARDC_SOURCE_DIR << "/tests/scenarios/heroes/heroes_rules.cards\n"
                      << "card ox \"Stone Ox\" player 0 zone Hand\nexpect ox zone Discard\n";
  const std::string cmd = std::string(CARDC_EXE) + " run --engine=interp --quiet " + path + " 2>&1";
  std::string out;
  FILE* pipe = ::popen(cmd.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::array<char, 4096> buf;
  for (size_t n; (n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0;) out.append(buf.data(), n);
  const int status = ::pclose(pipe);
  std::remove(path.c_str());
  ::rmdir(dir.c_str());
  EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 1) << out;
  EXPECT_NE(out.find("expectation failed: ox is in Hand, expected Discard"), std::string::npos) << out;
}

}  // namespace
