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

// What `cardc ARGS` prints (stdout and stderr), and its wait status.
std::string cardc_output(const std::string& args, int& status) {
  const std::string cmd = std::string(CARDC_EXE) + " " + args + " 2>&1";
  std::string out;
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (!pipe) return out;
  std::array<char, 4096> buf;
  for (size_t n; (n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0;) out.append(buf.data(), n);
  status = ::pclose(pipe);
  return out;
}

// Through the whole chain (runtime log, text rendering, narration): 002 523's operations given by the engine to a
// Stone Ox (Attack 5) in tests/scenarios/heroes/modifier_order.scenario, each told as itself with the value the rule
// gives (worked out in that scenario's comments), in both engines alike.
TEST(Narration, ScenarioModifiersThroughTheRuntime) {
  for (const char* engine : {"interp", "jit"}) {
    int status = -1;
    const std::string out = cardc_output(std::string("run --narrate --engine=") + engine + " " + CARDC_SOURCE_DIR +
                                             "/tests/scenarios/heroes/modifier_order.scenario",
                                         status);
    EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 0) << out;
    const char* expected =
        "  Stone Ox's Attack is halved, rounded down: Attack is now 2.\n"
        "  1 is subtracted from Stone Ox's Attack: Attack is now 2.\n"
        "  Stone Ox's Attack is tripled: Attack is now 7.\n"
        "  Stone Ox gets +2 Attack: Attack is now 10.\n"
        "  Stone Ox's Attack is set to 4: Attack is now 4.\n"
        "  Stone Ox's Attack is set to 6: Attack is now 6.\n"
        "  Stone Ox gets +10 Attack: Attack is now 6.\n"
        "  Stone Ox's Attack is halved, rounded up: Attack is now 3.\n"
        "  Stone Ox's Attack is divided by 3, rounded down: Attack is now 1.\n"
        "  8 is subtracted from Stone Ox's Attack: Attack is now 0.\n"
        "  Stone Ox's Attack is halved, rounded down: Attack is now 0.\n"
        "  Stone Ox gets +4 Attack: Attack is now 0.\n"
        "  Stone Ox gets +3 Attack: Attack is now 2.\n";
    std::string told_modifiers;
    size_t at = 0;
    for (size_t nl; (nl = out.find('\n', at)) != std::string::npos; at = nl + 1) {
      const std::string line = out.substr(at, nl + 1 - at);
      if (line.find("Attack is now") != std::string::npos) told_modifiers += line;
    }
    EXPECT_EQ(told_modifiers, expected) << engine << ":\n" << out;
  }
}

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

// 003 step C: a maximum is no bonus, and its ending is not the end of a "+1 Force" (the log's op says which it is).
TEST(Narration, BoundsAndEndingModifiers) {
  EXPECT_EQ(told("   15 bound_added player=0 card=1[Tsubaki the Exile] other=3[Broken Spear] what=Force op=maximum amount=1 value=1"),
            "  Tsubaki the Exile's Force gets a maximum of 1 (Broken Spear): Force is now 1.\n");
  EXPECT_EQ(told("   16 bound_added player=0 card=1[Tsubaki the Exile] what=Chi op=minimum amount=3 value=3"),
            "  Tsubaki the Exile's Chi gets a minimum of 3: Chi is now 3.\n");
  EXPECT_EQ(told("   18 modifier_ended player=0 card=1[Tsubaki the Exile] other=3[Broken Spear] what=Force op=maximum amount=1 value=4"),
            "  The maximum of 1 on Tsubaki the Exile's Force ends (Broken Spear): Force is now 4.\n");
  EXPECT_EQ(told("   19 modifier_ended player=0 card=1[Tsubaki the Exile] other=3[Broken Spear] what=Force op=add amount=1 value=3"),
            "  The +1 Force bonus of Tsubaki the Exile ends (Broken Spear): Force is now 3.\n");
  EXPECT_EQ(told("   20 modifier_ended player=0 card=1[Tsubaki the Exile] what=Chi op=add amount=-2 value=2"),
            "  The -2 Chi penalty of Tsubaki the Exile ends: Chi is now 2.\n");
}

// 002 rule 523: each of the five operations is told as itself; a set to 4 is not "+4", a doubling is not "+2".
TEST(Narration, ModifierAddedNamesItsOperation) {
  EXPECT_EQ(told("    5 modifier_added player=0 card=1[Stone Ox] other=2[Iron Horn] what=Attack op=add amount=2 value=7"),
            "  Stone Ox gets +2 Attack (Iron Horn): Attack is now 7.\n");
  EXPECT_EQ(told("    6 modifier_added player=0 card=1[Stone Ox] what=Attack op=multiply amount=2 value=14"),
            "  Stone Ox's Attack is doubled: Attack is now 14.\n");
  EXPECT_EQ(told("    7 modifier_added player=0 card=1[Stone Ox] what=Attack op=multiply amount=3 value=21"),
            "  Stone Ox's Attack is tripled: Attack is now 21.\n");
  EXPECT_EQ(told("    8 modifier_added player=0 card=1[Stone Ox] what=Attack op=multiply amount=4 value=28"),
            "  Stone Ox's Attack is multiplied by 4: Attack is now 28.\n");
  EXPECT_EQ(told("    9 modifier_added player=0 card=1[Stone Ox] what=Attack op=subtract amount=1 value=27"),
            "  1 is subtracted from Stone Ox's Attack: Attack is now 27.\n");
  EXPECT_EQ(told("   10 modifier_added player=0 card=1[Stone Ox] what=Attack op=divide amount=2 value=13"),
            "  Stone Ox's Attack is halved, rounded down: Attack is now 13.\n");
  EXPECT_EQ(told("   11 modifier_added player=0 card=1[Stone Ox] what=Attack op=divide amount=3 value=9"),
            "  Stone Ox's Attack is divided by 3, rounded down: Attack is now 9.\n");
  EXPECT_EQ(told("   12 modifier_added player=0 card=1[Stone Ox] what=Attack op=divide_up amount=2 value=5"),
            "  Stone Ox's Attack is halved, rounded up: Attack is now 5.\n");
  EXPECT_EQ(told("   13 modifier_added player=0 card=1[Stone Ox] other=3[Petrify] what=Attack op=set amount=4 value=4"),
            "  Stone Ox's Attack is set to 4 (Petrify): Attack is now 4.\n");
}

TEST(Narration, ModifierEndedNamesItsOperation) {
  EXPECT_EQ(told("   21 modifier_ended player=0 card=1[Stone Ox] other=3[Petrify] what=Attack op=set amount=4 value=6"),
            "  The setting of Stone Ox's Attack to 4 ends (Petrify): Attack is now 6.\n");
  EXPECT_EQ(told("   22 modifier_ended player=0 card=1[Stone Ox] what=Attack op=multiply amount=2 value=3"),
            "  The doubling of Stone Ox's Attack ends: Attack is now 3.\n");
  EXPECT_EQ(told("   23 modifier_ended player=0 card=1[Stone Ox] what=Attack op=divide amount=2 value=6"),
            "  The halving (rounded down) of Stone Ox's Attack ends: Attack is now 6.\n");
  EXPECT_EQ(told("   24 modifier_ended player=0 card=1[Stone Ox] what=Attack op=subtract amount=1 value=7"),
            "  The subtraction of 1 from Stone Ox's Attack ends: Attack is now 7.\n");
  EXPECT_EQ(told("   25 modifier_ended player=0 card=1[Stone Ox] what=Attack op=minimum amount=6 value=5"),
            "  The minimum of 6 on Stone Ox's Attack ends: Attack is now 5.\n");
}

// A grant that ends (modifier_ended with what -1: cardrt.h) is named by what it granted.
TEST(Narration, GrantEnded) {
  EXPECT_EQ(told("   26 modifier_ended player=1 card=3[Gate Warden] other=3[Gate Warden] what=keyword Samurai amount=0 value=34"),
            "  The keyword Samurai granted to Gate Warden ends (Gate Warden).\n");
  EXPECT_EQ(told("   27 modifier_ended player=1 card=3[Gate Warden] other=8[Shame] what=keyword removal Samurai amount=1 value=34"),
            "  The removal of Gate Warden's keyword Samurai ends (Shame).\n");
  EXPECT_EQ(told("   28 modifier_ended player=0 card=1[Akodo Kage] other=9[Bushido] what=protection cannot_be_destroyed amount=2 value=0"),
            "  The protection of Akodo Kage (it cannot be destroyed) ends (Bushido).\n");
  EXPECT_EQ(told("   29 modifier_ended player=0 card=2[Plain Retainer] other=4[Rite Master] what=ability of Rite Master amount=3 value=4"),
            "  The ability of Rite Master granted to Plain Retainer ends (Rite Master).\n");
  EXPECT_EQ(told("   30 modifier_ended player=0 card=5[Idle Scout] other=6[Deep Slumber] what=restriction straighten amount=5 value=7"),
            "  The restriction \"may not straighten\" on Idle Scout ends (Deep Slumber).\n");
  EXPECT_EQ(told("   31 modifier_ended player=1 card=7[Kaze Hoshi] other=7[Kaze Hoshi] what=attack strength melee amount=6 value=1"),
            "  The change to the strength of melee attacks targeting Kaze Hoshi ends (Kaze Hoshi).\n");
  EXPECT_EQ(told("   32 modifier_ended player=0 card=1[Akodo Kage] other=10[Iron Will] what=negation Force amount=7 value=0"),
            "  The negation of modifiers to Akodo Kage's Force ends (Iron Will).\n");
}

// 003: a fluctuating bonus recomputed, or a penalty a restriction limits ("will not reduce Chi below 1"), changes.
TEST(Narration, ModifierChangedTellsTheNewOperand) {
  EXPECT_EQ(told("   30 modifier_changed player=0 card=1[Tsubaki the Exile] other=4[Banner] what=Force op=add amount=3 value=5"),
            "  The Force bonus of Tsubaki the Exile is now +3 (Banner): Force is now 5.\n");
  EXPECT_EQ(told("   31 modifier_changed player=0 card=1[Tsubaki the Exile] other=5[Curse] what=Chi op=add amount=-1 value=1"),
            "  The Chi penalty of Tsubaki the Exile is now -1 (Curse): Chi is now 1.\n");
  EXPECT_EQ(told("   32 modifier_changed player=0 card=1[Stone Ox] what=Attack op=set amount=3 value=3"),
            "  Stone Ox's Attack is now set to 3: Attack is now 3.\n");
}

// A failed expectation names zones in the game's words, not by their number.
TEST(ScenarioMessages, NameZones) {
  char tmpl[] = "/tmp/cardc_zone_message_XXXXXX";
  const std::string dir = ::mkdtemp(tmpl);
  const std::string path = dir + "/zones.scenario";
  std::ofstream(path) << "set " << CARDC_SOURCE_DIR << "/tests/scenarios/heroes/heroes_rules.cards\n"
                      << "card ox \"Stone Ox\" player 0 zone Hand\nexpect ox zone Discard\n";
  int status = -1;
  const std::string out = cardc_output("run --engine=interp --quiet " + path, status);
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

// The kinds told since issue 21 (C11) that had no sentence: each from the fields' meanings in cardrt.h.

// A delayed effect waiting for an event "this turn" lapses with the turn; one of a destroyed Terrain is cancelled
// (001 Terrain: its delayed effects will no longer be applied).
TEST(Narration, DelayedCancelled) {
  EXPECT_EQ(told("   40 delayed_cancelled card=3[Ring of Still Blades] what=turn_end amount=17 value=1"),
            "  A delayed effect of Ring of Still Blades lapses at the end of the turn without happening.\n");
  EXPECT_EQ(told("   41 delayed_cancelled card=3[Ring of Still Blades] what=battle_resolved amount=18 value=0"),
            "  A delayed effect of Ring of Still Blades is cancelled: its source is gone, and it will not happen.\n");
}

// An illegal answer is logged and replaced by the default choice (docs/runtime.md, host choices).
TEST(Narration, ChoiceInvalid) {
  EXPECT_EQ(told("   42 choice_invalid player=1 card=4[Twin Sparks] what=target amount=3 value=0"),
            "  Player 1's answer to the choice of targets of Twin Sparks is not legal: the default answer is taken instead.\n");
  EXPECT_EQ(told("   43 choice_invalid player=0 what=accept_challenge amount=0 value=0"),
            "  Player 0's answer to the choice to accept a challenge is not legal: the default answer is taken instead.\n");
}

// 003 Traits: a negated continuous effect does not immediately apply again.
TEST(Narration, GrantSuppressed) {
  EXPECT_EQ(told("   44 grant_suppressed player=0 card=1[Akodo Kage] other=6[Lion's Pride] amount=0 value=0"),
            "  What Lion's Pride's continuous trait gave Akodo Kage was negated: the trait does not apply it again at once "
            "(003 Traits).\n");
}

// 003 Traits "cannot", "may not": a card's restriction, one for its next such action only, and a player's.
TEST(Narration, RestrictionGranted) {
  EXPECT_EQ(told("   45 restriction_granted player=0 card=1[Akodo Kage] other=7[Shame] what=issue_challenge amount=-1 value=-1"),
            "  Akodo Kage may not issue challenges (Shame).\n");
  EXPECT_EQ(told("   46 restriction_granted player=0 card=1[Akodo Kage] other=8[Frozen Stream] what=straighten amount=-1 value=1"),
            "  The next time Akodo Kage would straighten, it does not (Frozen Stream).\n");
  EXPECT_EQ(told("   47 restriction_granted player=0 card=9[Kyuden Bayushi] what=gain_resource:Honor amount=1 value=1"),
            "  Player 1 may not gain Honor (Kyuden Bayushi).\n");
}

// The action a restriction forbids does not happen.
TEST(Narration, Forbidden) {
  EXPECT_EQ(told("   48 forbidden player=0 card=2[Hatchling] other=5[Watchtower] what=attack amount=0 value=0"),
            "  Hatchling may not attack Watchtower: the attack does not happen.\n");
  EXPECT_EQ(told("   49 forbidden player=0 card=1[Akodo Kage] other=3[Bayushi Tomaru] what=issue_challenge amount=0 value=0"),
            "  Akodo Kage may not issue challenges: it does not challenge Bayushi Tomaru.\n");
  EXPECT_EQ(told("   50 forbidden player=1 card=4[Frost Golem] other=6[Viper Magus] what=receive_status amount=2 value=0"),
            "  Frost Golem cannot be inflicted with Statuses (Viper Magus): it receives none.\n");
  EXPECT_EQ(told("   51 forbidden player=1 other=10[Akodo Kage] what=gain_resource:Honor amount=2 value=1"),
            "  Player 1 may not gain Honor (Akodo Kage): 2 Honor are not gained.\n");
  EXPECT_EQ(told("   52 forbidden player=0 card=1[Akodo Kage] other=11[War Fan] what=receive_attachment amount=0 value=0"),
            "  Akodo Kage may not receive attachments: War Fan is not attached to it.\n");
  EXPECT_EQ(told("   53 forbidden player=0 card=1[Akodo Kage] other=8[Frozen Stream] what=straighten amount=0 value=0"),
            "  Akodo Kage may not straighten (Frozen Stream): it does not happen.\n");
}

// Looking at a hidden card names the zone by the profile's name.
TEST(Narration, Looked) {
  EXPECT_EQ(told("   54 looked player=0 card=12[Iron Mine] other=10[Scout] what=Dynasty Deck amount=0 value=0"),
            "  Player 0 looks at Iron Mine in Dynasty Deck (Scout).\n");
}

TEST(Narration, Reordered) {
  EXPECT_EQ(told("   55 reordered player=0 other=10[Scout] what=Fate Deck amount=3 value=0"),
            "  Player 0 puts 3 cards back on top of Fate Deck (Scout).\n");
  EXPECT_EQ(told("   56 reordered player=0 other=10[Scout] what=Fate Deck amount=1 value=1"),
            "  Player 0 puts 1 card on the bottom of Fate Deck (Scout).\n");
}

// The challenged refused the challenge (card: the challenged, other: the challenger).
TEST(Narration, ChallengeRefused) {
  EXPECT_EQ(told("   57 challenge_refused player=1 card=5[Bayushi Tomaru] other=3[Akodo Kage] amount=0 value=0"),
            "  Bayushi Tomaru refuses the challenge of Akodo Kage.\n");
}

TEST(Narration, ShieldAdded) {
  EXPECT_EQ(told("   58 shield_added player=1 card=12[Frost Golem] other=13[Ward] amount=2 value=0"),
            "  The next 2 damage to Frost Golem will be prevented (Ward).\n");
}

// 003 Embedded text: the card gains an ability another card's text holds (what: that card; amount: its index).
TEST(Narration, AbilityGranted) {
  EXPECT_EQ(told("   59 ability_granted player=0 card=1[Akodo Kage] other=14[Sensei] what=Kenshinzen amount=0 value=1020"),
            "  Akodo Kage gains ability 1 of Kenshinzen (Sensei).\n");
}

TEST(Narration, ActionCancelled) {
  EXPECT_EQ(told("   60 action_cancelled player=0 card=1[Akodo Kage] other=5[Bayushi Tomaru] amount=0 value=0"),
            "  Akodo Kage's action is cancelled by the response of Bayushi Tomaru.\n");
}

// Granted (value 1), taken (0), or lapsed at the turn's end (-1); amount: how many are now pending.
TEST(Narration, AdditionalAction) {
  EXPECT_EQ(told("   61 additional_action player=0 other=15[Rally] what=battle amount=1 value=1"),
            "  Player 0 may take an additional Battle action (Rally) (1 pending).\n");
  EXPECT_EQ(told("   62 additional_action player=0 card=1[Akodo Kage] what=limited|open amount=0 value=0"),
            "  Player 0 takes an additional Limited or Open action with Akodo Kage (0 pending).\n");
  EXPECT_EQ(told("   63 additional_action player=1 what=any amount=0 value=-1"),
            "  Player 1's additional action lapses unused at the end of the turn (0 pending).\n");
}

TEST(Narration, AttackStrengthGranted) {
  EXPECT_EQ(told("   64 attack_strength_granted player=1 card=12[Frost Golem] other=16[Hail] what=ranged amount=2 value=0"),
            "  Ranged attacks targeting Frost Golem have +2 strength (Hail).\n");
}

// A choice, a bonus and a penalty are told by what follows them (the targeting, the modifier_added line): no sentence.
TEST(Narration, KindsToldByTheirNeighbours) {
  EXPECT_EQ(told("   65 chosen player=0 card=1[Akodo Kage] what=target amount=1 value=5"), "");
  EXPECT_EQ(told("   66 bonus player=0 card=1[Akodo Kage] what=Force amount=2 value=4"), "");
  EXPECT_EQ(told("   67 penalty player=0 card=1[Akodo Kage] what=Force amount=-2 value=0"), "");
}


// The kinds whose sentences came before issue 21 C: each told as what its fields say (a card, where it went, whose,
// how many), the game's names as the log has them (issue 21 acceptance: a narration golden per log kind).
TEST(Narration, CardsZonesAndPlayers) {
  EXPECT_EQ(told("    1 game_start amount=2 value=1"), "  The game begins.\n");
  EXPECT_EQ(told("    2 card_created player=1 card=1[Emberfang Wolf] what=Field amount=0 value=0"),
            "  Emberfang Wolf is put into Field of player 1.\n");
  EXPECT_EQ(told("   17 card_moved player=0 card=3[Obliterating Ray] what=Discard Pile amount=0 value=0"),
            "  Obliterating Ray moves to Discard Pile.\n");
  EXPECT_EQ(told("   10 enter_play player=0 card=3[Shardcaller] what=Field amount=0 value=0"), "  Shardcaller enters play.\n");
  EXPECT_EQ(told("   15 leave_play player=1 card=1[Cinder Knight] what=Field amount=0 value=0"), "  Cinder Knight leaves play.\n");
  EXPECT_EQ(told("   33 ceased_to_exist player=0 card=5[created Shard] amount=0 value=0"), "  created Shard ceases to exist.\n");
  EXPECT_EQ(told("   20 state_changed player=0 card=3[Sunken Archivist] other=3[Sunken Archivist] what=Exhausted amount=1 value=0"),
            "  Sunken Archivist becomes Exhausted.\n");
  EXPECT_EQ(told("    5 resource_gained player=0 what=coin amount=1 value=9"), "  Player 0 gains 1 coin (now 9).\n");
  EXPECT_EQ(told("   42 draw player=0 card=10[Promise of Dawn] other=5[Cycle of Embers] amount=1 value=0"),
            "  Player 0 draws Promise of Dawn.\n");
  EXPECT_EQ(told("   13 draw_failed player=1 amount=1 value=0"), "  Player 1 cannot draw: the deck is empty.\n");
  EXPECT_EQ(told("   12 mill player=1 card=4[Viper Magus] amount=1 value=0"), "  Viper Magus goes from the deck to the discard pile.\n");
  EXPECT_EQ(told("   18 wound_player player=0 amount=3 value=3"), "  Player 0's hero takes 3 wounds.\n");
  EXPECT_EQ(told("    9 boundary player=0 what=turn_start amount=1 value=0"), "  -- Player 0's turn begins --\n");
}

TEST(Narration, AbilitiesTargetsAndStatuses) {
  EXPECT_EQ(told("   12 ability_used player=0 card=3[Obliterating Ray] amount=0 value=0"), "  Player 0 uses an ability of Obliterating Ray.\n");
  EXPECT_EQ(told("   43 cost_failed player=0 card=3[Shardcaller] amount=1 value=0"), "  Shardcaller: a cost cannot be paid; nothing resolves.\n");
  EXPECT_EQ(told("   14 targeted player=0 card=2[Stone Sentinel] other=3[Obliterating Ray] amount=0 value=0"),
            "  Obliterating Ray targets Stone Sentinel.\n");
  EXPECT_EQ(told("   24 target_illegal player=0 card=3[Field Mouse] other=2[Twin Sparks] amount=0 value=0"),
            "  Field Mouse is no longer a legal target; that part fails.\n");
  EXPECT_EQ(told("   14 cycle_stopped player=0 card=3[Shardcaller] what=enter_play amount=0 value=0"),
            "  The replacement cycle stops before its first repetition (002 rule 525).\n");
  EXPECT_EQ(told("   35 delayed_fired player=0 card=5[Letter Sealed in Ash] what=turn_start amount=16 value=0"),
            "  A delayed effect of Letter Sealed in Ash happens.\n");
  EXPECT_EQ(told("   25 destruction_prevented player=0 card=3[Tsubaki the Exile] other=5[Kuroiwa Oshin] amount=0 value=1"),
            "  Tsubaki the Exile's destruction is prevented (Kuroiwa Oshin).\n");
  // 004 Resist: the roll against the total Resist; a Status that is not resisted applies
  EXPECT_EQ(told("   11 status_resisted player=1 card=3[Stone Sentinel] other=1[Viper Magus] what=Poison amount=2 value=5"),
            "  Stone Sentinel resists Poison (rolled 2, Resist 5).\n");
  EXPECT_EQ(told("   14 status_applied player=1 card=2[Gambler Sprite] other=6[Plague Censer] what=Poison amount=1 value=1"),
            "  Gambler Sprite suffers Poison (Plague Censer).\n");
  EXPECT_EQ(told("   12 counters player=1 card=1[Cinder Knight] other=1[Cinder Knight] what=Damage amount=-1 value=4"),
            "  Cinder Knight has 4 Damage counters.\n");
}


// The kinds that had no golden, or a sentence that left out what its fields say (issue 21 C11, session 17): each
// names its cards and says its numbers as the CARDRT_LOG_* comments and runtime/src give them (emit(kind, player, card,
// other, what, amount, value)), never an id or a zone's number.
TEST(Narration, KeywordsResourcesAndDiscards) {
  EXPECT_EQ(told("    3 keyword_granted player=0 card=1[Akodo Kage] other=6[Lion's Pride] what=Samurai amount=1 value=0"),
            "  Akodo Kage gains the keyword Samurai (Lion's Pride).\n");
  EXPECT_EQ(told("    6 resource_lost player=1 other=4[Bayushi Tomaru] what=Honor amount=2 value=8"),
            "  Player 1 loses 2 Honor (Bayushi Tomaru) (now 8).\n");
  // 002 522.4: temporary coins go back to the supply (amount: minus how many); coins lost for a while come back
  EXPECT_EQ(told("    7 resource_returned player=0 what=coin amount=-2 value=3"),
            "  Player 0 returns 2 temporary coin to the supply (now 3).\n");
  EXPECT_EQ(told("    8 resource_returned player=1 what=coin amount=1 value=5"),
            "  Player 1 gets back 1 coin he lost for a while (now 5).\n");
  EXPECT_EQ(told("   21 discard player=0 card=9[Iron Mine] other=3[Shardcaller] amount=1 value=0"),
            "  Player 0 discards Iron Mine (Shardcaller).\n");
}

// destroyed: amount is the cause (0 an effect, 1 zero Chi, 2 Lethal Damage: runtime/src/game.hpp)
TEST(Narration, DestructionDamageAndHealing) {
  EXPECT_EQ(told("   22 destroyed player=1 card=5[Viper Magus] other=2[Obliterating Ray] amount=0 value=0"),
            "  Viper Magus is destroyed (Obliterating Ray).\n");
  EXPECT_EQ(told("   23 destroyed player=0 card=7[Tsubaki the Exile] amount=1 value=0"),
            "  Tsubaki the Exile is destroyed for having 0 Chi (003 Chi).\n");
  EXPECT_EQ(told("   24 destroyed player=1 card=8[Frost Golem] amount=2 value=0"),
            "  Frost Golem is destroyed by Lethal Damage (004 Health).\n");
  EXPECT_EQ(told("   25 damage player=1 card=5[Viper Magus] other=1[Ember Knight] amount=3 value=3"),
            "  Viper Magus takes 3 damage (Ember Knight) (3 in all).\n");
  // heal: the card healed, the counters removed (what), how many (amount) and how many are left (value)
  EXPECT_EQ(told("   26 heal player=1 card=5[Viper Magus] other=7[Mending Rain] what=Wound amount=2 value=1"),
            "  2 Wound counters are removed from Viper Magus (Mending Rain) (1 left).\n");
  EXPECT_EQ(told("   27 heal_player player=0 other=7[Mending Rain] amount=2 value=1"),
            "  Player 0's hero heals 2 wounds (Mending Rain) (1 left).\n");
}

// 002 526: a die roll (amount: the die's sides, value: the result) and a random number below a bound
TEST(Narration, RollsAndRandomNumbers) {
  EXPECT_EQ(told("   28 roll player=1 card=1[Ember Knight] other=2[Gambler Sprite] what=Luck amount=6 value=4"),
            "  Ember Knight rolls 4 on a D6 for Luck (Gambler Sprite).\n");
  EXPECT_EQ(told("   29 random player=0 other=2[Gambler Sprite] amount=3 value=1"),
            "  A random number below 3 (Gambler Sprite): 1.\n");
}

// triggered: card's trait (amount: its index) on an event (what), performed by other; replaced: card's replacement
// effect on the event (what) of other, its amount now (value; -1: cancelled, 002 rule 525)
TEST(Narration, TriggersAndReplacements) {
  EXPECT_EQ(told("   30 triggered player=0 card=3[Shardcaller] what=enter_play amount=0 value=0"),
            "  Shardcaller's trait 1 triggers on \"enter play\".\n");
  EXPECT_EQ(told("   31 triggered player=1 card=4[Kitsu Omoidasu] other=5[Akodo Kage] what=attacks amount=1 value=0"),
            "  Kitsu Omoidasu's trait 2 triggers on \"attacks\", performed by Akodo Kage.\n");
  EXPECT_EQ(told("   32 replaced player=1 card=8[Stone Ward] other=5[Viper Magus] what=damaged amount=-2 value=1"),
            "  Stone Ward replaces the event \"damaged\" of Viper Magus: its amount is now 1.\n");
  EXPECT_EQ(told("   33 replaced player=1 card=8[Stone Ward] other=5[Viper Magus] what=destroyed amount=0 value=-1"),
            "  Stone Ward replaces the event \"destroyed\" of Viper Magus: it does not happen.\n");
}

// 002 rule 521: a delayed effect waits for a boundary (value: how many turns on) or for an event (what: "event E";
// other: the card it must happen to)
TEST(Narration, DelayedAdded) {
  EXPECT_EQ(told("   34 delayed_added player=0 card=5[Letter Sealed in Ash] what=turn_start amount=16 value=1"),
            "  A delayed effect of Letter Sealed in Ash will happen at the start of the turn, 1 turn from now.\n");
  EXPECT_EQ(told("   35 delayed_added player=0 card=5[Letter Sealed in Ash] what=turn_end amount=17 value=0"),
            "  A delayed effect of Letter Sealed in Ash will happen at the end of the turn.\n");
  EXPECT_EQ(told("   36 delayed_added player=0 card=3[Ring of Still Blades] other=1[Akodo Kage] what=event destroyed amount=18 value=3"),
            "  A delayed effect of Ring of Still Blades waits for the event \"destroyed\" to happen to Akodo Kage.\n");
}

// 000 7.4a: X is chosen and announced (amount: the most it may be, value: X)
TEST(Narration, XWinAndLose) {
  EXPECT_EQ(told("   37 x_announced player=0 card=3[Obliterating Ray] amount=5 value=3"),
            "  Player 0 announces X = 3 for Obliterating Ray (at most 5, 000 7.4a).\n");
  EXPECT_EQ(told("   38 win player=0 amount=0 value=0"), "  Player 0 wins the game.\n");
  EXPECT_EQ(told("   39 lose player=1 amount=0 value=0"), "  Player 1 loses the game.\n");
}

// A protection by what it protects from (CARDRT_PROT_*), never its internal name
TEST(Narration, ProtectionGranted) {
  EXPECT_EQ(told("   40 protection_granted player=0 card=1[Akodo Kage] other=9[Bushido] what=cannot_be_destroyed amount=1 value=0"),
            "  Akodo Kage cannot be destroyed (Bushido).\n");
  EXPECT_EQ(told("   41 protection_granted player=0 card=1[Akodo Kage] other=9[Bushido] what=zero_chi amount=1 value=0"),
            "  Akodo Kage is not destroyed for having 0 Chi (Bushido).\n");
  EXPECT_EQ(told("   42 protection_granted player=1 card=4[Frost Golem] what=untargetable_by_opponents amount=1 value=0"),
            "  Frost Golem cannot be targeted by its controller's opponents.\n");
}
