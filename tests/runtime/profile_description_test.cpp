// Profile descriptions (cardrt.h "engine API: profile descriptions", docs/runtime.md "Profile descriptions"): the
// test profiles round-trip byte for byte, the profile read back behaves like the one described, and malformed
// descriptions are refused with the line that is wrong.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>

#include "cardrt/cardrt.h"
#include "test_support.hpp"

namespace {

std::string describe(const cardrt_profile* p) {
  const int64_t n = cardrt_profile_describe(p, nullptr, 0);
  EXPECT_GT(n, 0);
  if (n <= 0) return {};
  std::string s(static_cast<size_t>(n), '\0');
  EXPECT_EQ(cardrt_profile_describe(p, s.data(), n), n);
  s.pop_back();
  return s;
}

struct Parsed {
  cardrt_profile* profile = nullptr;
  std::string error;
  ~Parsed() { cardrt_profile_destroy(profile); }
};

std::unique_ptr<Parsed> parse(const std::string& text) {
  auto out = std::make_unique<Parsed>();
  char error[512];
  std::memset(error, 'z', sizeof error);
  out->profile = cardrt_profile_from_description(text.c_str(), error, sizeof error);
  out->error = error;
  return out;
}

std::string identity(const cardrt_profile* p) {
  char id[17];
  EXPECT_EQ(cardrt_profile_identity(p, id, sizeof id), CARDRT_OK);
  return id;
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

class Description : public ::testing::TestWithParam<int> {};

cardrt_profile* make(int which) {
  switch (which) {
    case 0: return rt::make_legends();
    case 1: return rt::make_terrus();
    case 2: return rt::make_heroes();
    default: return rt::make_gems();
  }
}

TEST_P(Description, RoundTripsByteForByte) {
  cardrt_profile* p = make(GetParam());
  const std::string d = describe(p);
  ASSERT_EQ(d.rfind("cardrt-profile 1\ngame \"", 0), 0u) << d;
  auto back = parse(d);
  ASSERT_NE(back->profile, nullptr) << back->error;
  EXPECT_EQ(back->error, "");
  EXPECT_EQ(describe(back->profile), d);
  EXPECT_EQ(identity(back->profile), identity(p));
  cardrt_profile_destroy(p);
}

std::string profile_name(const ::testing::TestParamInfo<int>& info) {
  static const char* const names[] = {"legends", "terrus", "heroes", "gems"};
  return names[info.param];
}
INSTANTIATE_TEST_SUITE_P(TestProfiles, Description, ::testing::Values(0, 1, 2, 3), profile_name);

TEST(ProfileDescription, LegendsReadsAsDocumented) {
  cardrt_profile* p = rt::make_legends();
  const std::string d = describe(p);
  cardrt_profile_destroy(p);
  for (const char* line :
       {"\nstat \"Honor Requirement\" abbrev \"HR\" floor none created-dash\n",
        "\ncard-type \"Item\" modifies-host stats \"Force\" \"Chi\" \"Gold Cost\"\n", "\ncard-type \"Region\" stats\n",
        "\nresource \"Family Honor\" counter floor none accumulation-cap 0 supply-size 0\n",
        "\nzone \"Deck\" hidden ordered\n", "\nzone-role play \"Play\"\n", "\ncounter \"token\" token\n",
        "\nkeyword \"Samurai\"\n", "\nkeyword \"Tactician\" rule tactician\n", "\nevent \"battle_begins\"\n",
        "\nstat-role personal-honor \"Personal Honor\"\n", "\nmodifier-order steps-a-c\n",
        "\nrules zero-chi tactical terrain\n", "\nplayers 2 life 0\n", "\ndice 6\n"})
    EXPECT_NE(d.find(line), std::string::npos) << line << "\nin\n" << d;
}

// The profile read back plays like the original: the same little game gives the same event log (a Samurai with
// Force, a Personality with zero Chi destroyed, 003 Chi).
std::string play_little_game(cardrt_profile* profile) {
  rt::TestGame t(profile);  // takes the profile
  const int32_t samurai = t.def("Akodo Test", "Personality", {{"Force", 2}, {"Chi", 1}, {"Personal Honor", 1}}, {"Samurai"});
  const int32_t frail = t.def("Frail Test", "Personality", {{"Force", 1}, {"Chi", 0}});
  t.start();
  const int32_t c = t.play(samurai, 0);
  t.play(frail, 1);
  EXPECT_EQ(t.stat(c, rt::legends::Force), 2);
  EXPECT_GE(t.count_log(CARDRT_LOG_DESTROYED), 1) << t.text_log();
  return t.text_log();
}

TEST(ProfileDescription, ReadBackProfileRunsGames) {
  cardrt_profile* original = rt::make_legends();
  auto back = parse(describe(original));
  ASSERT_NE(back->profile, nullptr) << back->error;
  cardrt_profile* copy = back->profile;
  back->profile = nullptr;
  const std::string expected = play_little_game(original);
  EXPECT_EQ(play_little_game(copy), expected);
}

TEST(ProfileDescription, EscapesAndUnusualValuesRoundTrip) {
  cardrt_profile* p = cardrt_profile_create("odd \"game\" \\ name");
  const int32_t s = cardrt_profile_add_stat(p, "Ω Might", "", CARDRT_FLOOR_ZERO_EXCEPT_SET, 0x81u);
  ASSERT_GE(s, 0);
  ASSERT_GE(cardrt_profile_add_stat(p, "tab\there\x7f", "\xff", CARDRT_FLOOR_ZERO, 0), 0);  // not UTF-8: \xHH
  const int32_t stats[] = {s, s};
  ASSERT_GE(cardrt_profile_add_card_type(p, "Twice", stats, 2, 0x10u), 0);
  ASSERT_GE(cardrt_profile_add_resource(p, "coins", CARDRT_RESOURCE_SUPPLY, CARDRT_FLOOR_NONE, 10, 30), 0);
  ASSERT_GE(cardrt_profile_add_zone(p, "Z", 0x300u), 0);
  ASSERT_GE(cardrt_profile_add_counter(p, "C", 0), 0);
  ASSERT_GE(cardrt_profile_add_card_state(p, "Dishonored"), 0);
  ASSERT_GE(cardrt_profile_add_card_state(p, "Dishonored"), 0);  // the builder allows it; so does the format
  ASSERT_EQ(cardrt_profile_set_stat_role(p, CARDRT_ROLE_LUCK, s), CARDRT_OK);
  ASSERT_EQ(cardrt_profile_set_stat_role(p, CARDRT_ROLE_FORCE, s), CARDRT_OK);
  ASSERT_EQ(cardrt_profile_enable_rules(p, 0x80000001u), CARDRT_OK);
  ASSERT_EQ(cardrt_profile_set_players(p, 16, 2147483647), CARDRT_OK);
  ASSERT_EQ(cardrt_profile_set_dice(p, 20), CARDRT_OK);
  const std::string d = describe(p);
  EXPECT_NE(d.find("game \"odd \\\"game\\\" \\\\ name\"\n"), std::string::npos) << d;
  EXPECT_NE(d.find("stat \"Ω Might\" abbrev \"\" floor zero-except-set created-dash bit-7\n"), std::string::npos) << d;
  EXPECT_NE(d.find("stat \"tab\\x09here\\x7f\" abbrev \"\\xff\" floor zero\n"), std::string::npos) << d;
  EXPECT_NE(d.find("card-type \"Twice\" bit-4 stats \"Ω Might\" \"Ω Might\"\n"), std::string::npos) << d;
  EXPECT_NE(d.find("zone \"Z\" bit-8 bit-9\n"), std::string::npos) << d;
  EXPECT_NE(d.find("counter \"C\"\n"), std::string::npos) << d;
  EXPECT_NE(d.find("rules zero-chi bit-31\n"), std::string::npos) << d;
  EXPECT_NE(d.find("players 16 life 2147483647\ndice 20\n"), std::string::npos) << d;
  auto back = parse(d);
  ASSERT_NE(back->profile, nullptr) << back->error;
  EXPECT_EQ(describe(back->profile), d);
  cardrt_profile_destroy(p);
}

TEST(ProfileDescription, DescribeAndIdentityArguments) {
  EXPECT_EQ(cardrt_profile_describe(nullptr, nullptr, 0), CARDRT_E_HANDLE);
  cardrt_profile* p = rt::make_heroes();
  const std::string d = describe(p);
  char small[8];
  EXPECT_EQ(cardrt_profile_describe(p, small, sizeof small), int64_t(d.size()) + 1);
  EXPECT_EQ(std::string(small), d.substr(0, 7));
  char id[17];
  EXPECT_EQ(cardrt_profile_identity(p, id, 16), CARDRT_E_ARGUMENT);
  EXPECT_EQ(cardrt_profile_identity(p, nullptr, 17), CARDRT_E_ARGUMENT);
  EXPECT_EQ(cardrt_profile_identity(nullptr, id, 17), CARDRT_E_HANDLE);
  ASSERT_EQ(cardrt_profile_identity(p, id, sizeof id), CARDRT_OK);
  // 64-bit FNV-1a of the description, as cardc's profile_identity
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : d) h = (h ^ c) * 1099511628211ull;
  char want[17];
  std::snprintf(want, sizeof want, "%016llx", static_cast<unsigned long long>(h));
  EXPECT_STREQ(id, want);
  cardrt_profile_destroy(p);
  EXPECT_EQ(cardrt_profile_from_description(nullptr, nullptr, 0), nullptr);
  EXPECT_EQ(cardrt_profile_from_description("x", nullptr, 0), nullptr);  // no error buffer: still refused
}

// Malformed descriptions: refused, with the line that is wrong.
struct Bad {
  const char* from;  // replaced in the legends description (first occurrence)
  const char* to;
  std::string expected;  // the start of the error ("line N: ..."), or a part of it
};

TEST(ProfileDescription, RefusesMalformedDescriptionsWithTheLine) {
  cardrt_profile* p = rt::make_legends();
  const std::string good = describe(p);
  cardrt_profile_destroy(p);
  auto line_of = [&](const std::string& needle) {
    const size_t at = good.find(needle);
    return std::to_string(1 + std::count(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
  };
  const std::string stat_line = line_of("stat \"Chi\"");
  const std::string type_line = line_of("card-type \"Item\"");
  const std::string zone_line = line_of("zone \"Hand\"");
  const std::string role_line = line_of("zone-role hand");
  const std::string kw_line = line_of("keyword \"Tactician\"");
  const std::string players_line = line_of("players 2");
  const Bad cases[] = {
      {"cardrt-profile 1", "cardrt-profile 2", "line 1: description version '2'"},
      {"cardrt-profile 1", "profile 1", "line 1: not a cardrt profile description"},
      {"game \"legends\"", "gamer \"legends\"", "line 2: the second line is the game"},
      {"game \"legends\"", "game legends", "line 2: game: expected the game's name as a quoted string"},
      {"stat \"Chi\" abbrev \"C\" floor zero", "stat \"Chi\" abbrev \"C\" floor lowest",
       "line " + stat_line + ": stat: expected the floor policy (zero, none, zero-except-set), found 'lowest'"},
      {"stat \"Chi\" abbrev \"C\"", "stat \"Force\" abbrev \"C\"", "line " + stat_line + ": stat \"Force\" is declared twice"},
      {"stat \"Chi\" abbrev \"C\" floor zero", "stat \"Chi\" abbrev \"C\" floor zero shiny",
       "line " + stat_line + ": stat: unknown flag 'shiny'"},
      {"stat \"Chi\" abbrev \"C\" floor zero", "stat \"Chi abbrev C floor zero", "line " + stat_line + ": a string is not closed"},
      {"stat \"Chi\"", "stat \"Chi\"x", "line " + stat_line + ": a string must be followed by a space"},
      {"stat \"Chi\"", "stat \"C\\qi\"", "line " + stat_line + ": unknown escape \\q"},
      {"stat \"Chi\"", "stat \"C\\x0\"", "line " + stat_line + ": \\x in a string must be followed by two hex digits"},
      {"stat \"Chi\"", "stat \"C\\x00\"", "line " + stat_line + ": a string may not contain \\x00"},
      {"stat \"Chi\"", "stat \"\"", "line " + stat_line + ": stat: the stat's name may not be empty"},
      {"card-type \"Item\" modifies-host stats \"Force\"", "card-type \"Item\" modifies-host stats \"Strength\"",
       "line " + type_line + ": card-type \"Item\": unknown stat \"Strength\""},
      {"card-type \"Item\" modifies-host stats", "card-type \"Item\" modifies-host",
       "line " + type_line + ": card-type: expected 'stats', found string \"Force\""},
      {"zone \"Hand\" hidden", "zone \"Hand\"\thidden", "line " + zone_line + ": a tab"},
      {"zone-role hand \"Hand\"", "zone-role hand \"Pocket\"", "line " + role_line + ": zone-role hand: unknown zone \"Pocket\""},
      {"zone-role hand", "zone-role pocket", "line " + role_line + ": zone-role: expected the zone role (deck, hand"},
      {"keyword \"Tactician\" rule tactician", "keyword \"Tactician\" rule sneaky",
       "line " + kw_line + ": keyword: expected the keyword's rule meaning"},
      {"event \"battle_begins\"", "event \"turn_start\"", "is a built-in event"},
      {"players 2 life 0", "players 17 life 0", "line " + players_line + ": players: the player count 17 is out of range (1 to 16)"},
      {"players 2 life 0", "players 2 life -1", "line " + players_line + ": players: the starting life -1 is out of range"},
      {"players 2 life 0", "players two life 0", "line " + players_line + ": players: the player count 'two' is not a number"},
      {"players 2 life 0", "players 2 life 99999999999", "line " + players_line + ": players: the starting life"},
      {"players 2 life 0", "players 2 life 0 extra", "line " + players_line + ": players: unexpected 'extra'"},
      {"dice 6", "dice 0", "dice: the number of sides 0 is out of range"},
      {"modifier-order steps-a-c\n", "modifier-order steps-a-c\nmodifier-order rule-523\n", "a second 'modifier-order' line"},
      {"zone \"Hand\" hidden\n", "zone \"Hand\" hidden\nstat \"Late\" abbrev \"\" floor zero\n",
       "'stat' after 'zone': declarations come in the order"},
      {"zone \"Hand\" hidden\n", "zone \"Hand\" hidden\n\n", "an empty line"},
      {"zone \"Hand\" hidden\n", "zone \"Hand\" hidden\n# a comment\n", "unknown declaration '#'"},
      {"zone \"Hand\" hidden\n", "zone \"Hand\" hidden\ngizmo \"x\"\n", "unknown declaration 'gizmo'"},
      {"zone \"Hand\" hidden", "zone \"Hand\" hidden\r", "line " + zone_line + ": a carriage return"},
      {"zone \"Hand\" hidden", "zone \"Hand\xc3\" hidden", "line " + zone_line + ": the text is not UTF-8"},
      {"zone \"Hand\" hidden", "zone  \"Hand\"  hidden",
       "line " + zone_line + ": not in canonical form; cardrt_profile_describe writes this line as 'zone \"Hand\" hidden'"},
      {"zone \"Hand\" hidden", "zone \"Hand\" ordered hidden", "line " + zone_line + ": not in canonical form"},
      {"zone \"Hand\" hidden", "zone \"\\x48and\" hidden", "line " + zone_line + ": not in canonical form"},
      {"dice 6\n", "", "the description ends without its 'dice' line"},
      {"dice 6\n", "dice 6", "the last line does not end with a newline"},
  };
  for (const Bad& c : cases) {
    const std::string text = replace(good, c.from, c.to);
    auto r = parse(text);
    EXPECT_EQ(r->profile, nullptr) << c.to;
    EXPECT_TRUE(c.expected.rfind("line ", 0) == 0 ? r->error.rfind(c.expected, 0) == 0
                                                   : r->error.find(c.expected) != std::string::npos)
        << "for " << c.to << "\n got: " << r->error << "\nwant: " << c.expected;
    EXPECT_EQ(r->error.rfind("line ", 0), 0u) << r->error;
  }
  EXPECT_EQ(parse("")->error, "line 1: the description is empty (its first line is 'cardrt-profile 1')");
  EXPECT_EQ(parse("cardrt-profile 1\n")->error, "line 2: the description ends before its 'game' line");
  // a small buffer receives a NUL-terminated prefix
  char small[6];
  EXPECT_EQ(cardrt_profile_from_description("nonsense\n", small, sizeof small), nullptr);
  EXPECT_STREQ(small, "line ");
}

// A card type's own discard pile (legends: Dynasty and Fate piles): described on a discard-pile line, read back, and
// used by the game: a Personality destroyed at zero Chi (003 Chi) goes to its type's pile, a Follower discarded from
// hand to the game's discard pile; what cannot be a pile is refused.
TEST(ProfileDescription, DiscardPilesPerCardType) {
  cardrt_profile* p = rt::make_legends();
  const int32_t dynasty = cardrt_profile_add_zone(p, "Dynasty Discard", CARDRT_ZONE_ORDERED);
  ASSERT_GE(dynasty, 0);
  const int32_t personality = 0, follower = 1;
  ASSERT_STREQ(cardrt_profile_card_type_name(p, personality), "Personality");
  EXPECT_EQ(cardrt_profile_set_discard_pile(p, personality, rt::legends::Play), CARDRT_E_ARGUMENT);  // in play
  EXPECT_EQ(cardrt_profile_set_discard_pile(p, 99, dynasty), CARDRT_E_ARGUMENT);
  EXPECT_EQ(cardrt_profile_set_discard_pile(p, personality, 99), CARDRT_E_ARGUMENT);
  ASSERT_EQ(cardrt_profile_set_discard_pile(p, personality, dynasty), CARDRT_OK);
  EXPECT_EQ(cardrt_profile_discard_pile(p, personality), dynasty);
  EXPECT_EQ(cardrt_profile_discard_pile(p, follower), rt::legends::Discard);  // the game's discard pile
  EXPECT_EQ(cardrt_profile_discard_pile(p, 99), CARDRT_E_ARGUMENT);

  const std::string d = describe(p);
  EXPECT_NE(d.find("\nzone-role removed \"Removed\"\ndiscard-pile \"Personality\" \"Dynasty Discard\"\ncounter "),
            std::string::npos)
      << d;
  auto back = parse(d);
  ASSERT_NE(back->profile, nullptr) << back->error;
  EXPECT_EQ(describe(back->profile), d);
  EXPECT_EQ(cardrt_profile_discard_pile(back->profile, personality), dynasty);
  const std::string line = "discard-pile \"Personality\" \"Dynasty Discard\"";
  for (const auto& [to, expected] : std::vector<std::pair<std::string, std::string>>{
           {"discard-pile \"Samurai\" \"Dynasty Discard\"", "discard-pile: unknown card type \"Samurai\""},
           {"discard-pile \"Personality\" \"Attic\"", "discard-pile \"Personality\": unknown zone \"Attic\""},
           {"discard-pile \"Personality\" \"Play\"", "discard-pile \"Personality\": \"Play\" is a zone in play"},
           {line + "\n" + line, "discard-pile \"Personality\" is given twice"}}) {
    auto r = parse(replace(d, line, to));
    EXPECT_EQ(r->profile, nullptr) << to;
    EXPECT_NE(r->error.find(expected), std::string::npos) << r->error;
  }

  rt::TestGame t(p);  // takes the profile
  const int32_t frail = t.def("Frail Test", "Personality", {{"Force", 1}, {"Chi", 1}});
  const int32_t ashigaru = t.def("Ashigaru Test", "Follower", {{"Force", 1}});
  t.start();
  const int32_t c = t.play(frail, 0);
  const int32_t f = t.add(ashigaru, 0, rt::legends::Hand);
  ASSERT_GE(cardrt_stat_modify(t, nullptr, c, rt::legends::Chi, -1, CARDRT_DUR_PERMANENT), 0);  // the modifier id
  EXPECT_EQ(cardrt_card_zone(t, c), dynasty) << t.text_log();  // 003 Chi: destroyed at 0 Chi
  EXPECT_EQ(cardrt_discard_card(t, nullptr, f), CARDRT_OK);
  EXPECT_EQ(cardrt_card_zone(t, f), rt::legends::Discard);
}

// Bytes flipped, dropped and duplicated anywhere: never a crash, and whatever is accepted round-trips.
TEST(ProfileDescription, MutatedDescriptionsNeverCrash) {
  std::string texts[4];
  for (int i = 0; i < 4; ++i) {
    cardrt_profile* p = make(i);
    texts[i] = describe(p);
    cardrt_profile_destroy(p);
  }
  std::mt19937 rng(7);
  int accepted = 0;
  const char alphabet[] = " \"\\\nx0-19azAZ\t\r\xc3\xa9\xff";
  for (int iter = 0; iter < 3000; ++iter) {
    std::string t = texts[iter % 4];
    const int edits = 1 + int(rng() % 3);
    for (int e = 0; e < edits && !t.empty(); ++e) {
      const size_t at = rng() % t.size();
      switch (rng() % 4) {
        case 0: t[at] = alphabet[rng() % (sizeof alphabet - 1)]; break;
        case 1: t.erase(at, 1 + rng() % 8); break;
        case 2: t.insert(at, 1, alphabet[rng() % (sizeof alphabet - 1)]); break;
        default: t.insert(at, t.substr(at, rng() % 40)); break;
      }
    }
    auto r = parse(t);
    if (r->profile) {
      ++accepted;
      EXPECT_EQ(describe(r->profile), t);
    } else {
      EXPECT_EQ(r->error.rfind("line ", 0), 0u) << r->error;
    }
  }
  EXPECT_LT(accepted, 3000);
}

}  // namespace
