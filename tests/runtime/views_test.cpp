// The views compiled card code reads instead of calling (cardrt.h, ABI 7; docs/runtime.md "Views"): every read a
// generated query makes must be the answer of the function it replaces, however the cards have changed since the
// game began: more cards than the list had room for, created cards, cards that ceased to exist, another controller,
// cards leaving play, and a failed cost that puts the whole state back (003 Traits, costs: all or nothing).
#include <gtest/gtest.h>

#include <string>

#include "test_support.hpp"

using namespace rt;

namespace {

const cardrt_game_view& view_of(cardrt_game* g) { return *reinterpret_cast<const cardrt_game_view*>(g); }

const cardrt_card_view* card_view(cardrt_game* g, int32_t id) {
  const cardrt_game_view& v = view_of(g);
  if (id < 1 || id > v.card_count) return nullptr;
  return reinterpret_cast<const cardrt_card_view*>(v.cards + ptrdiff_t(id - 1) * v.card_stride);
}

// For every id from before the first card to past the last: what the view says where generated code reads it is what
// the functions answer; where it would not read it (out of range, no longer existing), nothing is checked.
void expect_views_answer(cardrt_game* g, const std::string& when) {
  const cardrt_game_view& v = view_of(g);
  for (int32_t id = -2; id <= v.card_count + 2; ++id) {
    const cardrt_card_view* c = card_view(g, id);
    if (!c) {
      EXPECT_EQ(cardrt_game_card_exists(g, id), 0) << when << ", card " << id;
      continue;
    }
    EXPECT_EQ(c->exists != 0, cardrt_game_card_exists(g, id) != 0) << when << ", card " << id;
    EXPECT_EQ(c->in_play != 0 ? 1 : 0, cardrt_card_in_play(g, id)) << when << ", card " << id;
    if (!c->exists) continue;
    EXPECT_EQ(c->type, cardrt_card_type(g, id)) << when << ", card " << id;
    EXPECT_EQ(c->controller, cardrt_card_controller(g, id)) << when << ", card " << id;
    if (c->keywords_varied) continue;
    for (int32_t kw = legends::Samurai; kw <= legends::Lion; ++kw)
      EXPECT_EQ(int32_t((c->printed_keywords >> kw) & 1u), cardrt_card_has_keyword(g, id, kw))
          << when << ", card " << id << ", keyword " << kw;
  }
  EXPECT_EQ(cardrt_game_card_exists(g, v.card_count + 1), 0) << when << ": the count is the highest id";
}

std::string g_ctx_check;  // what card code saw of its context's view
int32_t check_ctx_view(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const auto& cv = *reinterpret_cast<const cardrt_ctx_view*>(ctx);
  g_ctx_check = (cv.game == view_of(g).game ? "same game" : "other game") + std::string(", ") +
                (cv.source == cardrt_ctx_source(g, ctx) ? "source" : "wrong source") + ", " +
                (cv.controller == cardrt_ctx_controller(g, ctx) ? "controller" : "wrong controller");
  return CARDRT_OK;
}

// A cost that makes cards (more than the card list may have room for) and then cannot be paid: the game is put
// back as it was before the cost.
int32_t cost_making_cards_then_failing(cardrt_game* g, cardrt_effect_ctx* ctx) {
  for (int i = 0; i < 40; ++i) cardrt_create_card(g, ctx, "Personality", cardrt_ctx_controller(g, ctx), legends::Play);
  expect_views_answer(g, "while the cost makes cards");
  return CARDRT_FAILED;
}
int32_t make_token_elsewhere(cardrt_game* g, cardrt_effect_ctx* ctx) {  // a created card outside play ceases to exist
  cardrt_create_card(g, ctx, "Personality", cardrt_ctx_controller(g, ctx), legends::Hand);
  return CARDRT_OK;
}

}  // namespace

TEST(Views, CardViewsAnswerAsTheQueriesDoWhateverHappensToTheCards) {
  TestGame t(make_legends());
  const int32_t p = t.def("Ashigaru", "Personality", {{"Force", 1}, {"Chi", 2}}, {"Samurai", "Lion Clan"});
  const int32_t h = t.def("Watchtower", "Holding", {}, {"Dragon"});
  t.ability(h, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &check_ctx_view, nullptr, &cost_making_cards_then_failing);
  t.ability(h, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &make_token_elsewhere);
  t.ability(h, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &check_ctx_view);
  t.start();
  EXPECT_EQ(view_of(t).card_count, 0);
  expect_views_answer(t, "no cards");

  for (int i = 0; i < 30; ++i) t.add(i % 2 ? p : h, i % 2, i % 3 ? legends::Hand : legends::Deck);
  for (int i = 0; i < 30; ++i) t.play(i % 2 ? p : h, i % 2);
  expect_views_answer(t, "60 cards added");

  const int32_t stolen = t.add(p, 0, legends::Hand);
  ASSERT_EQ(cardrt_game_put_into_play(t, stolen, 1), CARDRT_OK);  // into play under another player's control
  EXPECT_EQ(cardrt_card_controller(t, stolen), 1);
  expect_views_answer(t, "in play under another controller");

  ASSERT_EQ(cardrt_destroy(t, nullptr, stolen), CARDRT_OK);
  EXPECT_EQ(cardrt_card_in_play(t, stolen), 0);
  expect_views_answer(t, "destroyed");

  const int32_t tower = t.play(h, 0);
  cardrt_game_begin_turn(t, 0);
  const int32_t before = view_of(t).card_count;
  EXPECT_NE(cardrt_game_use_ability(t, 0, tower, 0), CARDRT_OK);  // the cost fails: nothing it did stays
  EXPECT_EQ(view_of(t).card_count, before);
  expect_views_answer(t, "after the failed cost");

  ASSERT_EQ(cardrt_game_use_ability(t, 0, tower, 1), CARDRT_OK);
  EXPECT_EQ(view_of(t).card_count, before + 1);
  EXPECT_EQ(cardrt_game_card_exists(t, before + 1), 0);  // created outside play: it ceased to exist
  expect_views_answer(t, "a created card ceased to exist");

  g_ctx_check.clear();
  ASSERT_EQ(cardrt_game_use_ability(t, 0, tower, 2), CARDRT_OK);
  EXPECT_EQ(g_ctx_check, "same game, source, controller");
}

// 003 Keywords: a card's keywords are its printed ones until something gives or takes one; from then on the view
// says so (keywords_varied), and the printed bits are no longer the answer.
TEST(Views, KeywordsVariedOnceAKeywordIsGivenTakenOrCreated) {
  TestGame t(make_legends());
  const int32_t p = t.def("Ashigaru", "Personality", {{"Force", 1}, {"Chi", 2}}, {"Samurai"});
  t.start();
  const int32_t given = t.play(p, 0), taken = t.play(p, 0), plain = t.play(p, 1);
  EXPECT_EQ(card_view(t, given)->printed_keywords, uint64_t{1} << legends::Samurai);
  EXPECT_EQ(card_view(t, given)->keywords_varied, 0);
  ASSERT_GE(cardrt_grant_keyword(t, nullptr, given, legends::Lion, CARDRT_DUR_PERMANENT), 16);
  ASSERT_GE(cardrt_remove_keyword(t, nullptr, taken, legends::Samurai, CARDRT_DUR_PERMANENT), 16);
  EXPECT_NE(card_view(t, given)->keywords_varied, 0);
  EXPECT_NE(card_view(t, taken)->keywords_varied, 0);
  EXPECT_EQ(card_view(t, plain)->keywords_varied, 0);
  EXPECT_EQ(cardrt_card_has_keyword(t, given, legends::Lion), 1);  // not printed: the view's bits would say 0
  EXPECT_EQ(cardrt_card_has_keyword(t, taken, legends::Samurai), 0);  // printed: the bits would say 1
  EXPECT_EQ(cardrt_card_has_keyword(t, plain, legends::Samurai), 1);
  const int32_t token = cardrt_create_card(t, nullptr, "Holding", 0, legends::Play);  // no Chi: it stays (003 Chi)
  ASSERT_GT(token, 0);
  EXPECT_EQ(card_view(t, token)->printed_keywords, 0u);
  ASSERT_EQ(cardrt_created_add_keyword(t, nullptr, token, legends::Dragon), CARDRT_OK);
  EXPECT_NE(card_view(t, token)->keywords_varied, 0);
  EXPECT_EQ(cardrt_card_has_keyword(t, token, legends::Dragon), 1);
  expect_views_answer(t, "keywords given, taken and created");
}
