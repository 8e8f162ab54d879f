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

// Kinds told since issue 21 (C11, in part), each sentence from the fields' meanings in cardrt.h.
TEST(Narration, AttachmentsHomeAndTerrain) {
  EXPECT_EQ(told("    3 attached player=0 card=4[Sworn Ashigaru] other=2[Doomed Magistrate] amount=0 value=0"),
            "  Sworn Ashigaru is attached to Doomed Magistrate.\n");
  EXPECT_EQ(told("    4 transferred player=0 card=4[War Fan] other=3[Akodo Kage] amount=2 value=0"),
            "  War Fan is transferred to Akodo Kage (001 Transfer).\n");
  EXPECT_EQ(told("    5 sent_home player=1 card=5[Kitsu Omoidasu] other=6[Retreat] amount=2 value=0"),
            "  Kitsu Omoidasu is sent home from battlefield 2 (Retreat).\n");
  EXPECT_EQ(told("    6 terrain_discarded player=0 card=7[Ring of Still Blades] amount=1 value=0"),
            "  Ring of Still Blades, a Terrain, is discarded after the battle at battlefield 1 resolves (001 Terrain).\n");
  EXPECT_EQ(told("    7 keyword_removed player=1 card=5[Kitsu Omoidasu] other=8[Shame] what=Samurai amount=1 value=0"),
            "  Kitsu Omoidasu loses the keyword Samurai (Shame).\n");
}

TEST(Narration, ZonesDuelsShieldsAndPayments) {
  EXPECT_EQ(told("    8 shuffled player=0 what=Fate Deck amount=12 value=0"), "  Player 0 shuffles Fate Deck.\n");
  EXPECT_EQ(told("    9 revealed player=0 card=9[Stone Tribe] other=10[Scout] what=Fate Deck amount=0 value=0"),
            "  Stone Tribe is revealed from Fate Deck (Scout).\n");
  EXPECT_EQ(told("   10 focused player=0 card=11[Broken Spear] other=3[Akodo Kage] amount=2 value=0"),
            "  Player 0 focuses Broken Spear for Akodo Kage (focus value 2).\n");
  EXPECT_EQ(told("   11 damage_prevented player=1 card=12[Frost Golem] amount=2 value=1"),
            "  2 damage to Frost Golem is prevented (1 more would be prevented).\n");
  EXPECT_EQ(told("   12 paid player=0 card=13[Iron Mine] what=Gold amount=3 value=1"),
            "  Player 0 pays 3 Gold for Iron Mine (1 left).\n");
}
