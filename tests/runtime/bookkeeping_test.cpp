// Conformance of the runtime's bookkeeping around card code (docs/performance.md "Runtime"): the lists it keeps
// inline (a card's abilities, the cards in play, the abilities one event triggers) must behave the same past
// their inline room; card code that grants abilities while they are being visited sees what the rules say; and
// effect contexts, reused per resolution depth, start every run fresh.
#include <gtest/gtest.h>

#include <string>

#include "test_support.hpp"

using namespace rt;

namespace {
std::string g_trace;  // test-only record of which card code ran, in order

int32_t yours_in_play(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t card) {
  return cardrt_card_in_play(g, card) && cardrt_card_controller(g, card) == cardrt_ctx_controller(g, ctx);
}
int32_t plus_one_force(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t card) {
  return cardrt_stat_modify(g, ctx, card, legends::Force, 1, CARDRT_DUR_CONTINUOUS) >= 0 ? CARDRT_OK : CARDRT_FAILED;
}
int32_t banner(cardrt_game* g, cardrt_effect_ctx* ctx) {
  cardrt_for_each_card(g, ctx, reinterpret_cast<cardrt_any_fn>(&yours_in_play),
                       reinterpret_cast<cardrt_any_fn>(&plus_one_force));
  return CARDRT_OK;
}

template <char C>
int32_t trace(cardrt_game*, cardrt_effect_ctx*) {
  g_trace += C;
  return CARDRT_OK;
}

// A continuous trait that gives its own card a second continuous trait (index 1 of its definition, granted).
int32_t grant_second_trait(cardrt_game* g, cardrt_effect_ctx* ctx) {
  g_trace += 'G';
  cardrt_grant_ability(g, ctx, cardrt_ctx_source(g, ctx), cardrt_ctx_def(g, ctx), 1, CARDRT_DUR_CONTINUOUS);
  return CARDRT_OK;
}

int32_t any_personality(cardrt_game* g, cardrt_effect_ctx*, int32_t card) {
  return cardrt_card_type(g, card) == legends::Personality;
}
int32_t target_one(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_target_cards(g, ctx, 0, reinterpret_cast<cardrt_any_fn>(&any_personality), 1, 1, 0);
}
int32_t yours_unbowed(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t card) {
  return yours_in_play(g, ctx, card) && cardrt_card_type(g, card) == legends::Personality &&
         !cardrt_card_state(g, card, CARDRT_STATE_BOWED);
}
int32_t unbowed_banner(cardrt_game* g, cardrt_effect_ctx* ctx) {
  cardrt_for_each_card(g, ctx, reinterpret_cast<cardrt_any_fn>(&yours_unbowed),
                       reinterpret_cast<cardrt_any_fn>(&plus_one_force));
  return CARDRT_OK;
}
int32_t g_first = 0, g_second = 0;
int32_t swap_bowed(cardrt_game* g, cardrt_effect_ctx* ctx) {  // one operation: the bowed one rises, the other bows
  const bool first_bowed = cardrt_card_state(g, g_first, CARDRT_STATE_BOWED) != 0;
  cardrt_straighten(g, ctx, first_bowed ? g_first : g_second);
  cardrt_bow(g, ctx, first_bowed ? g_second : g_first);
  return CARDRT_OK;
}
int32_t g_grantee = 0;
// "Give that card: <the trait at index 1 of this card's text>" (003 Embedded text)
int32_t grant_trait_to_grantee(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_grant_ability(g, ctx, g_grantee, cardrt_ctx_def(g, ctx), 1, CARDRT_DUR_PERMANENT) >= 16
             ? CARDRT_OK
             : CARDRT_FAILED;
}
int32_t g_slot_read = -1;
int32_t read_slot(cardrt_game* g, cardrt_effect_ctx* ctx) {
  g_slot_read = cardrt_slot_get(g, ctx, 0, 0);
  return CARDRT_OK;
}
int32_t anything(cardrt_game*, cardrt_effect_ctx*, int32_t) { return 1; }
// "Choose a card in your hand", then read the choice
int32_t choose_from_hand(cardrt_game* g, cardrt_effect_ctx* ctx) {
  if (cardrt_target_cards(g, ctx, 0, reinterpret_cast<cardrt_any_fn>(&anything), 1, 1, CARDRT_TGT_HAND) != CARDRT_OK)
    return CARDRT_FAILED;
  return read_slot(g, ctx);
}
}  // namespace

// 003 Traits: a continuous trait covers every card it names, however many are in play (more than the 64 cards
// the runtime's list of cards in play holds inline).
TEST(Bookkeeping, ContinuousTraitOverMoreCardsThanTheInlineRoom) {
  TestGame t(make_legends());
  const int32_t lord = t.def("Banner Lord", "Holding");
  t.ability(lord, CARDRT_AB_CONTINUOUS, nullptr, 0, &banner);
  const int32_t p = t.def("Ashigaru", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.start();
  std::vector<int32_t> ids;
  for (int i = 0; i < 70; ++i) ids.push_back(t.play(p, 0));
  const int32_t theirs = t.play(p, 1);
  t.play(lord, 0);
  for (int32_t id : ids) EXPECT_EQ(t.stat(id, legends::Force), 2) << "card " << id;
  EXPECT_EQ(t.stat(theirs, legends::Force), 1);
  // settling again keeps one modifier per card, no new bonus
  const int bonuses = t.count_log(CARDRT_LOG_BONUS);
  cardrt_game_signal(t, CARDRT_BOUNDARY_PHASE_END);
  EXPECT_EQ(t.count_log(CARDRT_LOG_BONUS), bonuses);
  EXPECT_EQ(t.stat(ids.back(), legends::Force), 2);
}

// 003 Traits: triggered traits all resolve, in the card's order, even when one card has more of them on one
// event than the runtime's lists hold inline (8).
TEST(Bookkeeping, TenTriggeredTraitsOnOneEventAllResolveInOrder) {
  g_trace.clear();
  TestGame t(make_legends());
  const int32_t d = t.def("Many Bells", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.ability(d, CARDRT_AB_TRIGGERED, "battle_begins", 0, &trace<'0'>);
  t.ability(d, CARDRT_AB_TRIGGERED, "battle_begins", 0, &trace<'1'>);
  t.ability(d, CARDRT_AB_TRIGGERED, "battle_begins", 0, &trace<'2'>);
  t.ability(d, CARDRT_AB_TRIGGERED, "battle_begins", 0, &trace<'3'>);
  t.ability(d, CARDRT_AB_TRIGGERED, "battle_begins", 0, &trace<'4'>);
  t.ability(d, CARDRT_AB_TRIGGERED, "battle_begins", 0, &trace<'5'>);
  t.ability(d, CARDRT_AB_TRIGGERED, "battle_begins", 0, &trace<'6'>);
  t.ability(d, CARDRT_AB_TRIGGERED, "battle_begins", 0, &trace<'7'>);
  t.ability(d, CARDRT_AB_TRIGGERED, "battle_begins", 0, &trace<'8'>);
  t.ability(d, CARDRT_AB_TRIGGERED, "battle_begins", 0, &trace<'9'>);
  t.start();
  const int32_t c = t.play(d, 0);
  int32_t keys[16] = {};
  EXPECT_EQ(cardrt_game_card_abilities(t, c, keys, 16), 10);
  EXPECT_EQ(keys[9], 9);
  ASSERT_EQ(cardrt_game_emit(t, cardrt_event_id(t, "battle_begins"), 0, 0, 0), CARDRT_OK);
  EXPECT_EQ(g_trace, "0123456789");
  EXPECT_EQ(t.count_log(CARDRT_LOG_TRIGGERED), 10);
}

// 003 Embedded text: a continuous trait that grants its own card another continuous trait while the runtime is
// visiting that card's traits: the granted one runs from the next pass on (the pass repeats while something
// changed), once per pass, and is granted once (a trait adds no copy).
TEST(Bookkeeping, ContinuousTraitGrantingATraitWhileItsCardIsVisited) {
  g_trace.clear();
  TestGame t(make_legends());
  const int32_t d = t.def("Echoing Shrine", "Holding");
  t.ability(d, CARDRT_AB_CONTINUOUS, nullptr, 0, &grant_second_trait);
  t.ability(d, CARDRT_AB_CONTINUOUS, nullptr, CARDRT_ABF_GRANTED, &trace<'S'>);
  t.start();
  t.play(d, 0);
  EXPECT_EQ(t.count_log(CARDRT_LOG_ABILITY_GRANTED), 1);
  const std::string first = g_trace;
  EXPECT_EQ(first.substr(0, 1), "G");  // the first pass ran the printed trait alone
  EXPECT_NE(first.find("GS"), std::string::npos);
  g_trace.clear();
  cardrt_game_signal(t, CARDRT_BOUNDARY_PHASE_END);
  EXPECT_EQ(g_trace, "GS");  // settled: one pass, both traits, in order
  EXPECT_EQ(t.count_log(CARDRT_LOG_ABILITY_GRANTED), 1);
}

// 001 Target: the targets of one ability are its own. Effect contexts are reused run after run; one ability's
// target must never be seen by the next ability run at the same depth.
TEST(Bookkeeping, AReusedEffectContextStartsWithoutTheLastRunsTargets) {
  TestGame t(make_legends());
  const int32_t aimer = t.def("Archer", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.ability(aimer, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &trace<'A'>, &target_one);
  const int32_t reader = t.def("Scout", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.ability(reader, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &read_slot);
  t.start();
  const int32_t a = t.play(aimer, 0);
  const int32_t r = t.play(reader, 0);
  cardrt_game_begin_turn(t, 0);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, a, 0), CARDRT_OK);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, r, 0), CARDRT_OK);
  EXPECT_EQ(g_slot_read, CARDRT_NO_CARD);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, a, 0), CARDRT_OK);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, r, 0), CARDRT_OK);
  EXPECT_EQ(g_slot_read, CARDRT_NO_CARD);
}

// 003 Traits: a continuous trait stops applying to a card it no longer names even when, in the same operation,
// it starts applying to another one (as many modifiers before and after, but not the same ones).
TEST(Bookkeeping, ContinuousTraitMovingFromOneCardToAnotherInOneOperation) {
  TestGame t(make_legends());
  const int32_t lord = t.def("Rally Lord", "Holding");
  t.ability(lord, CARDRT_AB_CONTINUOUS, nullptr, 0, &unbowed_banner);
  t.ability(lord, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &swap_bowed);
  const int32_t p = t.def("Ashigaru", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.start();
  g_first = t.play(p, 0);
  g_second = t.play(p, 0);
  const int32_t l = t.play(lord, 0);
  EXPECT_EQ(t.stat(g_first, legends::Force), 2);
  EXPECT_EQ(t.stat(g_second, legends::Force), 2);
  cardrt_bow(t, nullptr, g_first);
  EXPECT_EQ(t.stat(g_first, legends::Force), 1);
  EXPECT_EQ(t.stat(g_second, legends::Force), 2);
  cardrt_game_begin_turn(t, 0);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, l, 1), CARDRT_OK);
  EXPECT_EQ(t.stat(g_first, legends::Force), 2);
  EXPECT_EQ(t.stat(g_second, legends::Force), 1);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, l, 1), CARDRT_OK);  // and back
  EXPECT_EQ(t.stat(g_first, legends::Force), 1);
  EXPECT_EQ(t.stat(g_second, legends::Force), 2);
}

// 003 Traits: a continuous trait is always on while its card is in play, also one the card was given while it was
// out of play. Settling asks only the cards in play that may have continuous traits (their definition's, or granted
// ones): a card entering play with a granted trait must be one of them from then on.
TEST(Bookkeeping, ATraitGrantedOutOfPlayIsOnOnceItsCardEntersPlay) {
  g_trace.clear();
  TestGame t(make_legends());
  const int32_t shrine = t.def("Gifting Shrine", "Holding");
  t.ability(shrine, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &grant_trait_to_grantee);
  t.ability(shrine, CARDRT_AB_CONTINUOUS, nullptr, CARDRT_ABF_GRANTED, &trace<'C'>);
  const int32_t p = t.def("Ashigaru", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.start();
  const int32_t s = t.play(shrine, 0);
  t.play(p, 0);
  g_grantee = t.add(p, 0, legends::Hand);
  cardrt_game_begin_turn(t, 0);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, s, 0), CARDRT_OK);
  EXPECT_EQ(t.count_log(CARDRT_LOG_ABILITY_GRANTED), 1);
  EXPECT_EQ(g_trace, "");  // in hand: not on
  ASSERT_EQ(cardrt_game_put_into_play(t, g_grantee, 0), CARDRT_OK);
  EXPECT_EQ(g_trace, "C");
  g_trace.clear();
  cardrt_game_signal(t, CARDRT_BOUNDARY_PHASE_END);
  EXPECT_EQ(g_trace, "C");  // and on every settle
  ASSERT_EQ(cardrt_destroy(t, nullptr, g_grantee), CARDRT_OK);
  g_trace.clear();
  cardrt_game_signal(t, CARDRT_BOUNDARY_PHASE_END);
  EXPECT_EQ(g_trace, "");  // out of play again: off
}

// 003 Embedded text: a triggered trait given to a card is the card's while it has it. Events ask only the cards that
// may answer them (printed triggers, or granted abilities): a card without printed triggers must be asked once it is
// given one.
TEST(Bookkeeping, ATriggeredTraitGivenToACardWithoutTriggersAnswersItsEvent) {
  g_trace.clear();
  TestGame t(make_legends());
  const int32_t shrine = t.def("Gifting Shrine", "Holding");
  t.ability(shrine, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &grant_trait_to_grantee);
  t.ability(shrine, CARDRT_AB_TRIGGERED, "battle_begins", CARDRT_ABF_GRANTED, &trace<'T'>);
  const int32_t p = t.def("Ashigaru", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.start();
  const int32_t s = t.play(shrine, 0);
  g_grantee = t.play(p, 1);
  const int32_t battle_begins = cardrt_event_id(t, "battle_begins");
  ASSERT_EQ(cardrt_game_emit(t, battle_begins, 0, 0, 0), CARDRT_OK);
  EXPECT_EQ(g_trace, "");  // nobody has the trait yet
  cardrt_game_begin_turn(t, 0);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, s, 0), CARDRT_OK);
  ASSERT_EQ(cardrt_game_emit(t, battle_begins, 0, 0, 0), CARDRT_OK);
  EXPECT_EQ(g_trace, "T");
  EXPECT_EQ(t.count_log(CARDRT_LOG_TRIGGERED), 1);
}

TEST(Bookkeeping, CardsWithPrintedAndGrantedTraitsAnswerAnEventInIdOrder) {
  // An event asks the cards with printed triggers and the cards holding granted abilities, merged: 003 Traits
  // resolve all, in the runtime's deterministic order (the active player's cards, each by id). Ids 2 and 4 hold the
  // granted trait, ids 1 and 3 print theirs; a deck card holds the grant too, and answers nothing out of play.
  g_trace.clear();
  TestGame t(make_legends());
  const int32_t printed = t.def("Drummer", "Personality", {{"Force", 1}, {"Chi", 1}});
  const int32_t plain = t.def("Listener", "Personality", {{"Force", 1}, {"Chi", 1}});
  t.ability(printed, CARDRT_AB_TRIGGERED, "battle_begins", 0, &trace<'P'>);
  const int32_t given = t.ability(plain, CARDRT_AB_TRIGGERED, "battle_begins", CARDRT_ABF_GRANTED, &trace<'G'>);
  t.start();
  const int32_t c1 = t.play(printed, 0), c2 = t.play(plain, 0), c3 = t.play(printed, 0), c4 = t.play(plain, 0);
  const int32_t in_deck = t.add(plain, 0, legends::Deck);
  ASSERT_TRUE(c1 < c2 && c2 < c3 && c3 < c4 && c4 < in_deck);
  for (int32_t c : {c4, in_deck, c2})  // granted out of id order
    ASSERT_GE(cardrt_grant_ability(t, nullptr, c, plain, given, CARDRT_DUR_PERMANENT), 0);
  ASSERT_EQ(cardrt_game_emit(t, cardrt_event_id(t, "battle_begins"), 0, 0, 0), CARDRT_OK);
  EXPECT_EQ(g_trace, "PGPG");
  // a holder whose grant ended answers nothing more; the others still do
  ASSERT_GE(cardrt_destroy(t, nullptr, c2), 0);  // leaving play, it loses what it was given
  g_trace.clear();
  ASSERT_EQ(cardrt_game_emit(t, cardrt_event_id(t, "battle_begins"), 0, 0, 0), CARDRT_OK);
  EXPECT_EQ(g_trace, "PPG");
}

TEST(Bookkeeping, ACardIsAskedAboutEventsFromWhereItsTraitsWork) {
  // Cards whose traits work only in play are asked about events only while in play (State::with_triggers follows
  // them in and out); a card with a trait that works out of play is asked wherever it is.
  g_trace.clear();
  TestGame t(make_legends());
  const int32_t drummer = t.def("Drummer", "Personality", {{"Force", 1}, {"Chi", 1}});
  t.ability(drummer, CARDRT_AB_TRIGGERED, "battle_begins", 0, &trace<'D'>);
  const int32_t omen = t.def("Omen", "Action");
  t.ability(omen, CARDRT_AB_TRIGGERED, "battle_begins", CARDRT_ABF_OUT_OF_PLAY, &trace<'O'>);
  t.start();
  const int32_t waiting = t.add(drummer, 0, legends::Hand);
  t.add(omen, 0, legends::Hand);
  const int32_t battle_begins = cardrt_event_id(t, "battle_begins");
  ASSERT_EQ(cardrt_game_emit(t, battle_begins, 0, 0, 0), CARDRT_OK);
  EXPECT_EQ(g_trace, "O");  // the Drummer in hand is not asked; the Omen works from there
  ASSERT_EQ(cardrt_game_put_into_play(t, waiting, 0), CARDRT_OK);
  g_trace.clear();
  ASSERT_EQ(cardrt_game_emit(t, battle_begins, 0, 0, 0), CARDRT_OK);
  EXPECT_EQ(g_trace, "DO");  // by id: the Drummer was added first
  ASSERT_GE(cardrt_destroy(t, nullptr, waiting), 0);
  g_trace.clear();
  ASSERT_EQ(cardrt_game_emit(t, battle_begins, 0, 0, 0), CARDRT_OK);
  EXPECT_EQ(g_trace, "O");
}

TEST(Bookkeeping, CardsInHandAreOfferedByIdWhateverTheirOrderInHand) {
  // Targeting asks only the cards that can be legal (here the chooser's hand, not the decks or the other hand),
  // offered in id order as when every card was asked, whatever the order of the hand.
  TestGame t(make_legends());
  const int32_t shrine = t.def("Shrine", "Holding");
  t.ability(shrine, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &choose_from_hand);
  const int32_t p = t.def("Ashigaru", "Personality", {{"Force", 1}, {"Chi", 1}});
  t.start();
  const int32_t s = t.play(shrine, 0);
  const int32_t first = t.add(p, 0, legends::Hand);
  t.add(p, 1, legends::Hand);  // the other player's hand: never offered
  t.add(p, 0, legends::Deck);
  const int32_t last = t.add(p, 0, legends::Hand);
  // the first card leaves the hand and comes back on top of it: the hand is now last, first
  ASSERT_GE(cardrt_move_card(t, nullptr, first, legends::Discard, 0), 0);
  ASSERT_GE(cardrt_move_card(t, nullptr, first, legends::Hand, 0), 0);
  cardrt_game_begin_turn(t, 0);
  t.answer({1});
  ASSERT_EQ(cardrt_game_use_ability(t, 0, s, 0), CARDRT_OK);
  EXPECT_EQ(g_slot_read, last);  // options: first, last
  ASSERT_FALSE(t.script().seen.empty());
  EXPECT_EQ(t.script().seen_options.back(), (std::vector<int32_t>{first, last}));
}
