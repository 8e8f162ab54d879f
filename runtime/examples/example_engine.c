/* A minimal engine embedding cardrt (docs/runtime.md): it describes its game with the profile builder,
 * registers one card the way a compiled card library does, drives two turns, and prints the event log.
 * Written in C to show that the ABI needs nothing from C++. Exit status 0 means every check held. */
#include <stdio.h>
#include <stdlib.h>

#include "cardrt/cardrt.h"

enum { STAT_POWER, STAT_HEALTH };
enum { ZONE_DECK, ZONE_HAND, ZONE_DISCARD, ZONE_PLAY };
enum { RES_COINS };

/* "Reaction: After the start of your turn: gain 2 coins and draw a card." -- as a code generator would emit it. */
static int32_t apprentice_condition(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_ctx_event(g, ctx, CARDRT_EVF_PLAYER) == cardrt_ctx_controller(g, ctx);
}
static int32_t apprentice_effect(cardrt_game* g, cardrt_effect_ctx* ctx) {
  const int32_t me = cardrt_ctx_affected_player(g, ctx);
  cardrt_gain_resource(g, ctx, me, RES_COINS, 2);
  cardrt_draw(g, ctx, me, 1);
  return CARDRT_OK;
}

/* The one entry point a card library exports. */
static int32_t library_register(cardrt_cardpool* pool) {
  const int32_t def = cardrt_def_card(pool, "Apprentice", "Creature");
  if (def < 0) return def;
  cardrt_def_stat(pool, def, "Power", CARDRT_BASE_VALUE, 1);
  cardrt_def_stat(pool, def, "Health", CARDRT_BASE_VALUE, 2);
  const int32_t ab = cardrt_def_ability(pool, def, CARDRT_AB_TRIGGERED, 0, "turn_start", 0);
  cardrt_def_ability_fn(pool, def, ab, CARDRT_FN_CONDITION, (cardrt_any_fn)apprentice_condition);
  cardrt_def_ability_fn(pool, def, ab, CARDRT_FN_EFFECT, (cardrt_any_fn)apprentice_effect);
  return cardrt_def_card(pool, "Scroll", "Creature") >= 0 ? CARDRT_OK : CARDRT_E_INTERNAL;
}

static int events_seen = 0;
static void on_event(void* user, const cardrt_log_event* e) {
  (void)user;
  (void)e;
  ++events_seen;
}

#define CHECK(cond)                                              \
  do {                                                           \
    if (!(cond)) {                                               \
      fprintf(stderr, "check failed: %s (line %d)\n", #cond, __LINE__); \
      return 1;                                                  \
    }                                                            \
  } while (0)

int main(void) {
  CHECK(cardrt_abi_version() == CARDRT_ABI_VERSION);
  cardrt_profile* p = cardrt_profile_create("heroes");
  cardrt_profile_add_stat(p, "Power", "P", CARDRT_FLOOR_ZERO, 0);
  cardrt_profile_add_stat(p, "Health", "H", CARDRT_FLOOR_ZERO, 0);
  const int32_t creature_stats[] = {STAT_POWER, STAT_HEALTH};
  cardrt_profile_add_card_type(p, "Creature", creature_stats, 2, 0);
  cardrt_profile_add_zone(p, "Deck", CARDRT_ZONE_ORDERED | CARDRT_ZONE_HIDDEN);
  cardrt_profile_add_zone(p, "Hand", CARDRT_ZONE_HIDDEN);
  cardrt_profile_add_zone(p, "Discard", CARDRT_ZONE_ORDERED);
  cardrt_profile_add_zone(p, "Play", CARDRT_ZONE_IN_PLAY);
  cardrt_profile_set_zone_role(p, CARDRT_ZROLE_DECK, ZONE_DECK);
  cardrt_profile_set_zone_role(p, CARDRT_ZROLE_HAND, ZONE_HAND);
  cardrt_profile_set_zone_role(p, CARDRT_ZROLE_DISCARD, ZONE_DISCARD);
  cardrt_profile_set_zone_role(p, CARDRT_ZROLE_PLAY, ZONE_PLAY);
  cardrt_profile_add_resource(p, "coins", CARDRT_RESOURCE_SUPPLY, CARDRT_FLOOR_ZERO, 10, 30);
  cardrt_profile_set_modifier_order(p, CARDRT_ORDER_RULE_523);

  cardrt_cardpool* pool = cardrt_cardpool_create(p);
  CHECK(library_register(pool) == CARDRT_OK);  /* an engine would dlsym(CARDRT_LIBRARY_ENTRY) */

  cardrt_host host = {NULL, NULL, on_event}; /* NULL chooser: the default chooser decides */
  cardrt_game* g = cardrt_game_create(p, pool, 42, &host);
  CHECK(g != NULL);
  cardrt_profile_destroy(p);  /* the game keeps its own copies */
  cardrt_cardpool_destroy(pool);

  const int32_t apprentice = cardrt_game_add_card(g, 0, 0, ZONE_HAND);
  for (int i = 0; i < 3; ++i) cardrt_game_add_card(g, 1, 0, ZONE_DECK);
  CHECK(cardrt_game_put_into_play(g, apprentice, 0) == CARDRT_OK);

  CHECK(cardrt_game_begin_turn(g, 0) == CARDRT_OK);
  cardrt_game_set_phase(g, CARDRT_PHASE_ACCUMULATION);
  CHECK(cardrt_game_accumulate(g, 0, RES_COINS) == 1);
  cardrt_game_set_phase(g, CARDRT_PHASE_OTHER);
  CHECK(cardrt_game_end_turn(g) == CARDRT_OK);
  CHECK(cardrt_game_begin_turn(g, 1) == CARDRT_OK); /* not the Apprentice's controller: no trigger */
  CHECK(cardrt_game_end_turn(g) == CARDRT_OK);
  CHECK(cardrt_game_begin_turn(g, 0) == CARDRT_OK);

  CHECK(cardrt_resource_get(g, 0, RES_COINS) == 5);     /* 2 + 1 + 2 */
  CHECK(cardrt_zone_count(g, 0, ZONE_HAND) == 2);       /* drew twice */
  CHECK(cardrt_stat_get(g, apprentice, STAT_POWER) == 1);
  CHECK(events_seen == cardrt_log_count(g));

  const int64_t n = cardrt_log_render_text(g, NULL, 0);
  char* text = (char*)malloc((size_t)n);
  CHECK(text != NULL);
  cardrt_log_render_text(g, text, n);
  fputs(text, stdout);
  free(text);
  cardrt_game_destroy(g);
  puts("example engine: ok");
  return 0;
}
