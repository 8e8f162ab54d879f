// The C++ API (cardrt.hpp) over the same core: RAII owners, a lambda chooser, a listener.
#include <gtest/gtest.h>

#include "cardrt/cardrt.hpp"

namespace {
int32_t gain_two(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_gain_resource(g, ctx, cardrt_ctx_controller(g, ctx), 0, cardrt_choose_number(g, ctx, 0, 5)) >= 0
             ? CARDRT_OK
             : CARDRT_FAILED;
}
int32_t library(cardrt_cardpool* pool) {
  const int32_t d = cardrt_def_card(pool, "Banker", "Creature");
  cardrt_def_stat(pool, d, "Power", CARDRT_BASE_VALUE, 2);
  const int32_t a = cardrt_def_ability(pool, d, CARDRT_AB_ACTION, 0, "", 0);
  return cardrt_def_ability_fn(pool, d, a, CARDRT_FN_EFFECT, reinterpret_cast<cardrt_any_fn>(&gain_two));
}
}  // namespace

TEST(CppApi, BuildsProfileLoadsLibraryAndPlays) {
  cardrt::api::ProfileBuilder p("heroes");
  const int32_t power = p.stat("Power", "P");
  p.card_type("Creature", {power});
  p.resource("coins", CARDRT_RESOURCE_SUPPLY, CARDRT_FLOOR_ZERO, 10, 30);
  p.zone("Hand", 0, CARDRT_ZROLE_HAND);
  const int32_t play = p.zone("Play", CARDRT_ZONE_IN_PLAY, CARDRT_ZROLE_PLAY);
  p.order(CARDRT_ORDER_RULE_523).players(2, 20);
  EXPECT_THROW(p.stat("Power", "P"), cardrt::api::Error);  // duplicate name
  cardrt::api::CardPool pool(p);
  pool.load(&library);
  int events = 0;
  cardrt::api::Game g(p, pool, 5, [](const cardrt_choice& c) { return std::vector<int32_t>{c.max_count}; },
                      [&](const cardrt_log_event&) { ++events; });
  const int32_t card = g.add_card(0, 0, play);
  EXPECT_EQ(g.stat(card, power), 2);
  g.begin_turn(0);
  EXPECT_EQ(g.use_ability(0, card, 0), CARDRT_OK);
  EXPECT_EQ(cardrt_resource_get(g.get(), 0, 0), 5);
  EXPECT_EQ(events, cardrt_log_count(g.get()));
  EXPECT_NE(g.log_json().find("\"resource_gained\""), std::string::npos);
}
