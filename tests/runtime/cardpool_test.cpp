// The card pool handle (runtime/src/handles.hpp). Games share the frozen copy of an unchanged profile and pool: what
// a game sees is still what the handles held when it was made, whatever is defined or changed after, and games can
// be made from the same handles on several threads at once. Titles are found through an index.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "cardrt/cardrt.h"
#include "test_support.hpp"

namespace {

using namespace rt::legends;

struct Handles {
  cardrt_profile* profile = rt::make_legends();
  cardrt_cardpool* pool = cardrt_cardpool_create(profile);
  ~Handles() {
    cardrt_cardpool_destroy(pool);
    cardrt_profile_destroy(profile);
  }
};

int32_t define_samurai(cardrt_cardpool* pool, const char* title, int32_t force) {
  const int32_t d = cardrt_def_card(pool, title, "Personality");
  EXPECT_GE(d, 0);
  EXPECT_EQ(cardrt_def_stat(pool, d, "Force", CARDRT_BASE_VALUE, force), CARDRT_OK);
  return d;
}

// The Force of a card of definition `def` put into play in `g`, or the error of adding it.
int32_t force_in(cardrt_game* g, int32_t def) {
  const int32_t id = cardrt_game_add_card(g, def, 0, Hand);
  if (id < 0) return id;
  EXPECT_EQ(cardrt_game_put_into_play(g, id, 0), CARDRT_OK);
  return cardrt_stat_get(g, id, Force);
}

}  // namespace

TEST(SharedPool, AGameSeesThePoolAsItWasWhenItWasMade) {
  Handles h;
  const int32_t first = define_samurai(h.pool, "First Samurai", 2);
  cardrt_game* before = cardrt_game_create(h.profile, h.pool, 1, nullptr);
  cardrt_game* same = cardrt_game_create(h.profile, h.pool, 2, nullptr);  // shares the copy `before` has
  ASSERT_TRUE(before && same);
  // a card defined after, and a definition changed after, the games were made
  const int32_t second = define_samurai(h.pool, "Second Samurai", 5);
  ASSERT_EQ(cardrt_def_stat(h.pool, first, "Force", CARDRT_BASE_VALUE, 4), CARDRT_OK);
  cardrt_game* after = cardrt_game_create(h.profile, h.pool, 3, nullptr);
  ASSERT_TRUE(after);
  for (cardrt_game* g : {before, same}) {
    EXPECT_EQ(force_in(g, first), 2);
    EXPECT_EQ(force_in(g, second), CARDRT_E_ARGUMENT);  // no such definition in this game
  }
  EXPECT_EQ(force_in(after, first), 4);
  EXPECT_EQ(force_in(after, second), 5);
  for (cardrt_game* g : {before, same, after}) cardrt_game_destroy(g);
}

TEST(SharedPool, AGameSeesTheProfileAsItWasWhenItWasMade) {
  Handles h;
  define_samurai(h.pool, "First Samurai", 2);
  cardrt_game* before = cardrt_game_create(h.profile, h.pool, 1, nullptr);
  ASSERT_TRUE(before);
  ASSERT_GE(cardrt_profile_add_zone(h.profile, "Shrine", 0), 0);
  cardrt_game* after = cardrt_game_create(h.profile, h.pool, 2, nullptr);
  ASSERT_TRUE(after);
  EXPECT_LT(cardrt_zone_id(before, "Shrine"), 0);
  EXPECT_GE(cardrt_zone_id(after, "Shrine"), 0);
  // and a game outlives the handles it was made from
  cardrt_game_destroy(after);
  cardrt_cardpool_destroy(h.pool);
  cardrt_profile_destroy(h.profile);
  h.pool = nullptr;
  h.profile = nullptr;
  EXPECT_EQ(force_in(before, 0), 2);
  cardrt_game_destroy(before);
}

TEST(SharedPool, GamesMadeOnSeveralThreadsAtOnce) {
  Handles h;
  for (int i = 0; i < 50; ++i) define_samurai(h.pool, ("Samurai " + std::to_string(i)).c_str(), i % 7);
  std::vector<int32_t> sums(4, 0);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < sums.size(); ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 25; ++round) {
        cardrt_game* g = cardrt_game_create(h.profile, h.pool, t, nullptr);
        if (!g) continue;
        for (int32_t d = 0; d < 50; d += 7) sums[t] += force_in(g, d);
        cardrt_game_destroy(g);
      }
    });
  for (std::thread& t : threads) t.join();
  int32_t one = 0;
  for (int32_t d = 0; d < 50; d += 7) one += d % 7;
  for (int32_t s : sums) EXPECT_EQ(s, 25 * one);
}

TEST(CardPool, FindsTheFirstDefinitionOfATitle) {
  Handles h;
  for (int i = 0; i < 2000; ++i) define_samurai(h.pool, ("Samurai " + std::to_string(i)).c_str(), i % 3);
  const int32_t again = define_samurai(h.pool, "Samurai 1234", 9);  // a second card of a title
  EXPECT_EQ(again, 2000);
  EXPECT_EQ(cardrt_cardpool_find(h.pool, "Samurai 0"), 0);
  EXPECT_EQ(cardrt_cardpool_find(h.pool, "Samurai 1234"), 1234);
  EXPECT_EQ(cardrt_cardpool_find(h.pool, "Samurai 1999"), 1999);
  EXPECT_EQ(cardrt_cardpool_find(h.pool, "Samurai"), CARDRT_E_UNKNOWN_NAME);
  EXPECT_EQ(cardrt_cardpool_find(h.pool, ""), CARDRT_E_UNKNOWN_NAME);
  EXPECT_EQ(cardrt_cardpool_find(h.pool, nullptr), CARDRT_E_ARGUMENT);
  EXPECT_EQ(cardrt_cardpool_find(nullptr, "Samurai 0"), CARDRT_E_HANDLE);
  // a definition that failed (an unknown type) is not found
  EXPECT_EQ(cardrt_def_card(h.pool, "Ghost", "No Such Type"), CARDRT_E_UNKNOWN_NAME);
  EXPECT_EQ(cardrt_cardpool_find(h.pool, "Ghost"), CARDRT_E_UNKNOWN_NAME);
}

// An engine lists a pool's cards (title and type, in registration order) and asks which zone has a role instead
// of guessing its name: terrus plays in its "Field", and heroes has no zone for removed cards.
TEST(PoolListing, TitlesAndTypesInRegistrationOrder) {
  Handles h;
  const int32_t samurai = define_samurai(h.pool, "Akodo Toturi", 3);
  const int32_t region = cardrt_def_card(h.pool, "Plains of Otosan Uchi", "Region");
  ASSERT_EQ(cardrt_cardpool_count(h.pool), 2);
  EXPECT_STREQ(cardrt_cardpool_card_title(h.pool, samurai), "Akodo Toturi");
  EXPECT_STREQ(cardrt_cardpool_card_title(h.pool, region), "Plains of Otosan Uchi");
  EXPECT_EQ(cardrt_cardpool_card_type(h.pool, samurai), rt::legends::Personality);
  EXPECT_EQ(cardrt_cardpool_card_type(h.pool, region), rt::legends::Region);
  EXPECT_STREQ(cardrt_profile_card_type_name(h.profile, cardrt_cardpool_card_type(h.pool, region)), "Region");
  EXPECT_EQ(cardrt_profile_card_type_count(h.profile), 6);
  // out of range and bad handles
  EXPECT_EQ(cardrt_cardpool_card_title(h.pool, 2), nullptr);
  EXPECT_EQ(cardrt_cardpool_card_title(h.pool, -1), nullptr);
  EXPECT_EQ(cardrt_cardpool_card_title(nullptr, 0), nullptr);
  EXPECT_EQ(cardrt_cardpool_card_type(h.pool, 2), CARDRT_E_ARGUMENT);
  EXPECT_EQ(cardrt_cardpool_card_type(nullptr, 0), CARDRT_E_HANDLE);
  EXPECT_EQ(cardrt_profile_card_type_name(h.profile, 6), nullptr);
  EXPECT_EQ(cardrt_profile_card_type_count(nullptr), CARDRT_E_HANDLE);
}

TEST(PoolListing, ZonesByRole) {
  cardrt_profile* terrus = rt::make_terrus();
  EXPECT_EQ(cardrt_profile_zone_by_role(terrus, CARDRT_ZROLE_PLAY), rt::terrus::Field);
  EXPECT_STREQ(cardrt_profile_zone_name(terrus, cardrt_profile_zone_by_role(terrus, CARDRT_ZROLE_PLAY)), "Field");
  EXPECT_EQ(cardrt_profile_zone_by_role(terrus, CARDRT_ZROLE_REMOVED), rt::terrus::Ravine);
  EXPECT_EQ(cardrt_profile_zone_by_role(terrus, CARDRT_ZROLE_DECK), rt::terrus::Deck);
  EXPECT_EQ(cardrt_profile_zone_by_role(terrus, CARDRT_ZROLE_COUNT), CARDRT_E_ARGUMENT);
  EXPECT_EQ(cardrt_profile_zone_by_role(terrus, -1), CARDRT_E_ARGUMENT);
  EXPECT_EQ(cardrt_profile_zone_by_role(nullptr, CARDRT_ZROLE_PLAY), CARDRT_E_HANDLE);
  EXPECT_EQ(cardrt_profile_zone_name(terrus, 5), nullptr);
  cardrt_cardpool* pool = cardrt_cardpool_create(terrus);
  cardrt_game* g = cardrt_game_create(terrus, pool, 1, nullptr);
  ASSERT_TRUE(g);
  EXPECT_EQ(cardrt_game_zone_by_role(g, CARDRT_ZROLE_PLAY), rt::terrus::Field);
  EXPECT_EQ(cardrt_game_zone_by_role(nullptr, CARDRT_ZROLE_PLAY), CARDRT_E_HANDLE);
  cardrt_game_destroy(g);
  cardrt_cardpool_destroy(pool);
  cardrt_profile_destroy(terrus);

  cardrt_profile* heroes = rt::make_heroes();
  EXPECT_EQ(cardrt_profile_zone_by_role(heroes, CARDRT_ZROLE_PLAY), rt::heroes::Play);
  EXPECT_EQ(cardrt_profile_zone_by_role(heroes, CARDRT_ZROLE_REMOVED), CARDRT_E_UNKNOWN_NAME);
  cardrt_profile_destroy(heroes);
}
