// The game of the snapshot and saved-game tests (snapshot_test.cpp, saved_game_test.cpp): cards that leave every kind
// of state a game keeps (modifiers and grants with durations, delayed effects waiting for a boundary or an event, a
// replacement effect, random numbers, random default choices), and the engine calls of a game of them, in steps. Both
// compare event logs byte for byte with a fresh game given the same calls: the log records every change, so a state a
// copy or a loaded game lost shows up as a difference.
#pragma once
#include <string>

#include "cardrt/cardrt.hpp"
#include "test_support.hpp"

namespace game_steps {

using namespace rt;

inline std::string text_log(const cardrt_game* g) {
  const int64_t n = cardrt_log_render_text(g, nullptr, 0);
  std::string s(size_t(n), '\0');
  cardrt_log_render_text(g, s.data(), n);
  return s;
}
inline std::string json_log(const cardrt_game* g) {
  const int64_t n = cardrt_log_render_json(g, nullptr, 0);
  std::string s(size_t(n), '\0');
  cardrt_log_render_json(g, s.data(), n);
  return s;
}

// ---- the cards: every kind of state a game keeps ----
inline int32_t gain_gold(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_gain_resource(g, ctx, cardrt_ctx_controller(g, ctx), legends::Gold, 1) >= 0 ? CARDRT_OK
                                                                                             : CARDRT_FAILED;
}
inline int32_t gain_honor(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_gain_resource(g, ctx, cardrt_ctx_controller(g, ctx), legends::FamilyHonor, 1) >= 0 ? CARDRT_OK
                                                                                                    : CARDRT_FAILED;
}
inline int32_t entering_is_mine(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_card_controller(g, cardrt_ctx_event(g, ctx, CARDRT_EVF_CARD)) == cardrt_ctx_controller(g, ctx);
}
inline int32_t is_enemy(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t c) {
  return cardrt_card_controller(g, c) != cardrt_ctx_controller(g, ctx);
}
inline int32_t target_enemy(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_target_cards(g, ctx, 0, reinterpret_cast<cardrt_any_fn>(&is_enemy), 1, 1, 0);
}
// An enemy loses Force until the end of the turn; this card is Samurai until the end of its controller's next turn;
// a delayed effect gives Gold at the end of his turn two turns from now; another gives Family Honor each time one of
// his cards enters play, until the end of the turn after; a random number of Family Honor (the game's generator).
inline int32_t strike(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t victim = cardrt_slot_get(g, ctx, 0, 0);
  if (victim) cardrt_stat_modify(g, ctx, victim, legends::Force, -1, CARDRT_DUR_END_OF_TURN);
  cardrt_grant_keyword(g, ctx, cardrt_ctx_source(g, ctx), legends::Samurai, CARDRT_DUR_END_OF_YOUR_NEXT_TURN);
  cardrt_delay(g, ctx, CARDRT_BOUNDARY_TURN_END, -1, 2, reinterpret_cast<cardrt_any_fn>(&gain_gold));
  cardrt_delay_until_event(g, ctx, CARDRT_EV_ENTER_PLAY, 0, reinterpret_cast<cardrt_any_fn>(&entering_is_mine),
                           CARDRT_DELAY_EACH_TIME, CARDRT_BOUNDARY_TURN_END, reinterpret_cast<cardrt_any_fn>(&gain_honor));
  const int32_t roll = cardrt_random(g, ctx, 4);
  return cardrt_gain_resource(g, ctx, cardrt_ctx_controller(g, ctx), legends::FamilyHonor, roll) >= 0 ? CARDRT_OK
                                                                                                      : CARDRT_FAILED;
}
// "If you would gain Gold, gain 1 more" (a replacement effect)
inline int32_t gold_for_me(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_ctx_event(g, ctx, CARDRT_EVF_WHAT) == legends::Gold &&
         cardrt_ctx_event(g, ctx, CARDRT_EVF_PLAYER) == cardrt_ctx_controller(g, ctx);
}
inline int32_t one_more(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_pending_set_amount(g, ctx, cardrt_pending_amount(g, ctx) + 1);
}

struct Cards {
  int32_t bushi, recruit, banker;
};

// A legends game of two players with several Personalities each, whose default chooser picks at random.
inline Cards define(TestGame& t) {
  Cards c;
  c.bushi = t.def("Bushi", "Personality", {{"Force", 3}, {"Chi", 2}});
  t.ability(c.bushi, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &strike, &target_enemy);
  c.recruit = t.def("Recruit", "Personality", {{"Force", 1}, {"Chi", 1}});
  t.ability(c.recruit, CARDRT_AB_TRIGGERED, "enter_play", 0, &gain_gold);
  c.banker = t.def("Banker", "Holding", {{"Gold Cost", 2}});
  t.ability(c.banker, CARDRT_AB_REPLACEMENT, "would_gain_resource", 0, &one_more, nullptr, nullptr, &gold_for_me);
  // the functions card code hands the runtime, which a saved game names (the abilities' are known already)
  cardrt_def_function(t.pool(), CARDRT_FNK_EFFECT, reinterpret_cast<cardrt_any_fn>(&gain_honor));
  cardrt_def_function(t.pool(), CARDRT_FNK_EFFECT, reinterpret_cast<cardrt_any_fn>(&entering_is_mine));
  cardrt_def_function(t.pool(), CARDRT_FNK_FILTER, reinterpret_cast<cardrt_any_fn>(&is_enemy));
  return c;
}

inline cardrt_game* new_game(TestGame& t, uint64_t seed) {
  cardrt_game* g = cardrt_game_create(t.profile(), t.pool(), seed, nullptr);
  if (g) cardrt_game_set_default_chooser(g, CARDRT_CHOOSER_RANDOM, seed * 31);
  return g;
}

// The calls of the game, in steps: a step is one engine call. Card ids are the same in every game given the same
// steps (ids are never reused).
constexpr int kSteps = 60;
inline void step(cardrt_game* g, const Cards& c, int i) {
  if (i < 6) {  // setup: three Bushi each, a Banker for player 0, a province each
    const int32_t player = i % 2;
    const int32_t id = cardrt_game_add_card(g, i == 4 ? c.banker : c.bushi, player, legends::Hand);
    cardrt_game_put_into_play(g, id, player);
    if (i < 2) cardrt_game_add_province(g, player, 0);
    return;
  }
  const int turn = (i - 6) / 6, at = (i - 6) % 6;
  const int32_t player = turn % 2;
  switch (at) {
    case 0: cardrt_game_begin_turn(g, player); break;
    case 1: cardrt_game_use_ability(g, player, 1 + player + 2 * (turn % 2), 0); break;  // a Bushi of the player's
    case 2: {
      const int32_t id = cardrt_game_add_card(g, c.recruit, player, legends::Hand);
      cardrt_game_put_into_play(g, id, player);
      break;
    }
    case 3: cardrt_game_use_ability(g, player, 1 + player, 0); break;
    case 4: cardrt_game_draw(g, player, 1); break;
    default: cardrt_game_end_turn(g); break;
  }
}

// The log of a fresh game given every step.
inline std::string fresh_log(TestGame& t, const Cards& c, uint64_t seed) {
  cardrt_game* g = new_game(t, seed);
  for (int i = 0; i < kSteps; ++i) step(g, c, i);
  std::string log = text_log(g);
  cardrt_game_destroy(g);
  return log;
}


// The C++ API tests' game: one stat, Fighters, a play zone, and a game with one Fighter of Power 2 in play.
struct FighterGame {
  cardrt::api::ProfileBuilder profile{"duel"};
  int32_t power = profile.stat("Power", "P");
  int32_t play = (profile.card_type("Fighter", {power}), profile.zone("Play", CARDRT_ZONE_IN_PLAY, CARDRT_ZROLE_PLAY));
  cardrt::api::CardPool pool{profile};
  int32_t fighter = define_fighter(pool);
  cardrt::api::Game game{profile, pool, 1};
  int32_t id = game.add_card(fighter, 0, play);

  static int32_t define_fighter(cardrt::api::CardPool& pool) {
    const int32_t d = cardrt_def_card(pool.get(), "Fighter", "Fighter");
    cardrt_def_stat(pool.get(), d, "Power", CARDRT_BASE_VALUE, 2);
    return d;
  }
};

}  // namespace game_steps
