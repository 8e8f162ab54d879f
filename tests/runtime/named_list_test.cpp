// A profile's names are found through an index (runtime/src/named_list.hpp): a profile of 100,000 stats was
// quadratic to build when each declaration searched the list for its name (issue 24; docs/performance.md "Profiles
// with many names"). Not a timing test: it counts the names a lookup compares with.
#include <gtest/gtest.h>

#include <string>
#include <type_traits>

#include "cardrt/cardrt.h"
#include "profile.hpp"

namespace {

std::string stat_name(int i) { return "Stat " + std::to_string(i); }

// Every list the profile finds by name is a NamedList: none can be searched by walking it.
static_assert(std::is_same_v<decltype(cardrt::Profile::stats), cardrt::NamedList<cardrt::StatDef>>);
static_assert(std::is_same_v<decltype(cardrt::Profile::card_types), cardrt::NamedList<cardrt::CardTypeDef>>);
static_assert(std::is_same_v<decltype(cardrt::Profile::resources), cardrt::NamedList<cardrt::ResourceDef>>);
static_assert(std::is_same_v<decltype(cardrt::Profile::zones), cardrt::NamedList<cardrt::ZoneDef>>);
static_assert(std::is_same_v<decltype(cardrt::Profile::counters), cardrt::NamedList<cardrt::CounterDef>>);
static_assert(std::is_same_v<decltype(cardrt::Profile::keywords), cardrt::NamedList<cardrt::KeywordDef>>);
static_assert(std::is_same_v<decltype(cardrt::Profile::events), cardrt::NamedList<std::string>>);

TEST(NamedList, LookupsCompareWithAFewNamesWhateverTheSize) {
  constexpr int n = 100000;
  cardrt::NamedList<cardrt::StatDef> stats;
  for (int i = 0; i < n; ++i) ASSERT_EQ(stats.add(cardrt::StatDef{stat_name(i), "", CARDRT_FLOOR_ZERO, 0}), i);
  // A walk of the list compares with n/2 names a lookup on average: 5e9 for the whole profile.
  size_t comparisons = 0;
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(stats.find(stat_name(i)), i);
    comparisons += stats.comparisons(stat_name(i));
  }
  EXPECT_LE(comparisons, size_t(4) * n);
  EXPECT_EQ(stats.find("Stat"), -1);
  EXPECT_EQ(stats.find("stat 1"), -1);  // exact spelling
}

TEST(NamedList, ASecondItemOfTheSameNameIsRefused) {
  cardrt::NamedList<std::string> events;
  EXPECT_EQ(events.add("won"), 0);
  EXPECT_EQ(events.add("lost"), 1);
  EXPECT_EQ(events.add("won"), -1);
  EXPECT_EQ(events.size(), 2u);
  EXPECT_EQ(events.find("lost"), 1);
}

// Through the C ABI: a 100,000-stat profile refuses a duplicate and finds each stat where it was declared.
TEST(NamedList, LargeProfileThroughTheAbi) {
  cardrt_profile* p = cardrt_profile_create("many");
  ASSERT_NE(p, nullptr);
  for (int i = 0; i < 100000; ++i)
    ASSERT_EQ(cardrt_profile_add_stat(p, stat_name(i).c_str(), "", CARDRT_FLOOR_ZERO, 0), i);
  EXPECT_EQ(cardrt_profile_add_stat(p, stat_name(99999).c_str(), "", CARDRT_FLOOR_ZERO, 0), CARDRT_E_ARGUMENT);
  EXPECT_EQ(cardrt_profile_add_keyword(p, "Tactician", CARDRT_KWR_TACTICIAN), 0);
  EXPECT_EQ(cardrt_profile_add_keyword(p, "Also Tactician", CARDRT_KWR_TACTICIAN), 1);
  EXPECT_EQ(cardrt_profile_add_keyword(p, "Tactician", CARDRT_KWR_NONE), CARDRT_E_ARGUMENT);
  cardrt_profile_destroy(p);
}

TEST(NamedList, TheFirstKeywordOfAMeaningIsKept) {
  cardrt::Profile p;
  EXPECT_EQ(p.keyword_with_meaning(CARDRT_KWR_TERRAIN), -1);
  EXPECT_EQ(p.add_keyword({"Unique", CARDRT_KWR_NONE}), 0);
  EXPECT_EQ(p.add_keyword({"Terrain", CARDRT_KWR_TERRAIN}), 1);
  EXPECT_EQ(p.add_keyword({"Battlefield", CARDRT_KWR_TERRAIN}), 2);
  EXPECT_EQ(p.add_keyword({"Terrain", CARDRT_KWR_TACTICIAN}), -1);
  EXPECT_EQ(p.keyword_with_meaning(CARDRT_KWR_TERRAIN), 1);
  EXPECT_EQ(p.keyword_with_meaning(CARDRT_KWR_TACTICIAN), -1);
}

}  // namespace
