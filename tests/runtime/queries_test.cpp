// The card queries compiled continuous traits and counts use: card type, count and for-each over cards in play.
#include <gtest/gtest.h>

#include "test_support.hpp"

namespace {

using namespace rt;

int32_t is_samurai(cardrt_game* g, cardrt_effect_ctx*, int32_t card) {
  return cardrt_card_type(g, card) == legends::Personality && cardrt_card_has_keyword(g, card, legends::Samurai);
}
int32_t plus_one_force(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t card) {
  return cardrt_stat_modify(g, ctx, card, legends::Force, 1, CARDRT_DUR_CONTINUOUS) > 0 ? CARDRT_OK : CARDRT_FAILED;
}
// 003 Traits: "Your Samurai Personalities have +1F." as a compiled continuous trait writes it.
int32_t samurai_have_plus_one(cardrt_game* g, cardrt_effect_ctx* ctx) {
  cardrt_for_each_card(g, ctx, reinterpret_cast<cardrt_any_fn>(&is_samurai), reinterpret_cast<cardrt_any_fn>(&plus_one_force));
  return CARDRT_OK;
}

TEST(Queries, CardTypeCountAndForEach) {
  TestGame t(make_legends());
  int32_t samurai = t.def("Samurai", "Personality", {{"Force", 2}, {"Chi", 2}}, {"Samurai"});
  int32_t courtier = t.def("Courtier", "Personality", {{"Force", 1}, {"Chi", 2}});
  int32_t banner = t.def("Banner", "Holding");
  t.ability(banner, CARDRT_AB_CONTINUOUS, nullptr, 0, &samurai_have_plus_one);
  t.start();
  int32_t s1 = t.play(samurai, 0), s2 = t.play(samurai, 1), c = t.play(courtier, 0);
  EXPECT_EQ(cardrt_card_type(t, s1), legends::Personality);
  EXPECT_EQ(cardrt_card_type(t, 9999), -1);
  EXPECT_EQ(cardrt_count_cards(t, nullptr, reinterpret_cast<cardrt_any_fn>(&is_samurai)), 2);
  EXPECT_EQ(t.stat(s1, legends::Force), 2);
  t.play(banner, 0);
  // Every Samurai in play gets +1F (the trait says "Your", a filter on the controller is the card's job).
  EXPECT_EQ(t.stat(s1, legends::Force), 3);
  EXPECT_EQ(t.stat(s2, legends::Force), 3);
  EXPECT_EQ(t.stat(c, legends::Force), 1);
}

}  // namespace
