/* An engine built outside the cardc source tree (docs/tools.md "Example engine"): it links the installed cardrt
 * (find_package(cardrt)), and needs nothing but a compiled card library:
 *
 *   engine [--trust KEY.pub]... [--allow-unsigned] SET.so [SEED]
 *
 * It opens the library (its signature by one of the trusted keys, made with `cardc keygen` and `cardc compile
 * --sign`, its identity and the ABI are checked before any of its code runs; --allow-unsigned, unsafe and for
 * development only, also loads libraries no trusted key signed), builds the profile the library was compiled against
 * from the description the library embeds, registers the cards and lists them (title and type), puts one of every
 * card into play for each of two players (and one more of each into the deck, whatever the game calls these zones:
 * it asks the profile which zone has which role), lets player 0 use every action of their cards with the default
 * chooser, ends the turn and prints the runtime's event log. Exit status: 0 done, 1 a runtime call failed, 2 usage.
 * The same file builds as C and as C++ (examples/engine/CMakeLists.txt). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cardrt/cardrt.h>

enum { kMaxAbilities = 8, kMaxKeys = 16 };

static int fail(const char* what, int32_t code, const char* error) {
  fprintf(stderr, "engine: %s failed (code %d)%s%s\n", what, (int)code, error && *error ? ": " : "", error ? error : "");
  return 1;
}

static const char* outcome(int32_t r) {
  switch (r) {
    case CARDRT_OK: return "done";
    case CARDRT_FAILED: return "not possible now";
    default: return "error";
  }
}

int main(int argc, char** argv) {
  uint8_t keys[kMaxKeys * CARDRT_LIBRARY_PUBLIC_KEY_BYTES];
  int32_t key_count = 0;
  uint32_t flags = 0;
  char error[1024] = "";
  int arg = 1;
  for (; arg < argc && strncmp(argv[arg], "--", 2) == 0; ++arg) {
    if (strcmp(argv[arg], "--allow-unsigned") == 0) {
      flags |= CARDRT_LIBRARY_ALLOW_UNSIGNED;
    } else if (strcmp(argv[arg], "--trust") == 0 && arg + 1 < argc && key_count < kMaxKeys) {
      const int32_t r =
          cardrt_library_read_key(argv[++arg], CARDRT_LIBRARY_PUBLIC_KEY,
                                  keys + key_count * CARDRT_LIBRARY_PUBLIC_KEY_BYTES, error, sizeof error);
      if (r != CARDRT_OK) return fail("cardrt_library_read_key", r, error);
      ++key_count;
    } else {
      break;
    }
  }
  if (argc - arg < 1 || argc - arg > 2 || strncmp(argv[arg], "--", 2) == 0) {
    fprintf(stderr, "usage: %s [--trust KEY.pub]... [--allow-unsigned] SET.so [SEED]\n", argv[0]);
    return 2;
  }
  const char* path = argv[arg];
  const uint64_t seed = argc - arg == 2 ? strtoull(argv[arg + 1], NULL, 10) : 1;

  /* 1. Open: no expected game or profile hash, the library brings its own (its signer vouches for it). */
  cardrt_library* lib = NULL;
  int32_t r = cardrt_library_open_trusted(path, keys, key_count, flags, NULL, NULL, NULL, &lib, error, sizeof error);
  if (r != CARDRT_OK) return fail("cardrt_library_open_trusted", r, error);

  /* 2. The profile the cards were compiled against. */
  cardrt_profile* profile = NULL;
  r = cardrt_library_profile(lib, &profile, error, sizeof error);
  if (r != CARDRT_OK) return fail("cardrt_library_profile", r, error);
  char identity[17];
  cardrt_profile_identity(profile, identity, sizeof identity);

  /* 3. A pool with the library's cards. */
  cardrt_cardpool* pool = cardrt_cardpool_create(profile);
  if (!pool) return fail("cardrt_cardpool_create", CARDRT_E_NO_MEMORY, NULL);
  r = cardrt_library_register_cards(lib, pool, error, sizeof error);
  if (r != CARDRT_OK) return fail("cardrt_library_register_cards", r, error);
  const int32_t defs = cardrt_cardpool_count(pool);
  printf("engine: %s: profile %s, %d cards\n", path, identity, (int)defs);
  for (int32_t def = 0; def < defs; ++def)
    printf("engine: card %d: %s (%s)\n", (int)def, cardrt_cardpool_card_title(pool, def),
           cardrt_profile_card_type_name(profile, cardrt_cardpool_card_type(pool, def)));

  /* The zones by their role, not by their name (terrus plays in its "Field"). */
  const int32_t deck = cardrt_profile_zone_by_role(profile, CARDRT_ZROLE_DECK);
  const int32_t play = cardrt_profile_zone_by_role(profile, CARDRT_ZROLE_PLAY);
  if (deck < 0) return fail("cardrt_profile_zone_by_role(deck)", deck, "the game has no deck");
  if (play < 0) return fail("cardrt_profile_zone_by_role(play)", play, "the game has no play area");
  printf("engine: deck zone %s, play zone %s\n", cardrt_profile_zone_name(profile, deck),
         cardrt_profile_zone_name(profile, play));

  /* 4. A game, the default chooser (host.choose NULL). */
  cardrt_host host = {NULL, NULL, NULL};
  cardrt_game* g = cardrt_game_create(profile, pool, seed, &host);
  if (!g) return fail("cardrt_game_create", CARDRT_E_NO_MEMORY, NULL);
  cardrt_profile_destroy(profile); /* the game keeps its own copies */
  cardrt_cardpool_destroy(pool);

  /* Every card into play for both players (from the deck), and one more of each left in the deck for what the
   * cards draw. */
  int32_t* cards = (int32_t*)calloc((size_t)(defs > 0 ? defs : 1), sizeof(int32_t));
  if (!cards) return fail("calloc", CARDRT_E_NO_MEMORY, NULL);
  for (int32_t player = 0; player < 2; ++player)
    for (int32_t def = 0; def < defs; ++def) {
      const int32_t card = cardrt_game_add_card(g, def, player, deck);
      if (card <= 0) return fail("cardrt_game_add_card", card, NULL);
      r = cardrt_game_put_into_play(g, card, player);
      if (r < 0) return fail("cardrt_game_put_into_play", r, NULL);
      if (cardrt_card_zone(g, card) != play) return fail("cardrt_card_zone", CARDRT_E_STATE, "not in the play zone");
      if (player == 0) cards[def] = card;
      if (cardrt_game_add_card(g, def, player, deck) <= 0) return fail("cardrt_game_add_card", CARDRT_E_STATE, NULL);
    }

  /* 5. Player 0's turn: every action of every card, in order. Keys that are not actions are refused with
   * CARDRT_E_ARGUMENT (a triggered or continuous ability, or no ability). */
  r = cardrt_game_begin_turn(g, 0);
  if (r < 0) return fail("cardrt_game_begin_turn", r, NULL);
  int used = 0;
  for (int32_t def = 0; def < defs; ++def)
    for (int32_t key = 0; key < kMaxAbilities; ++key) {
      r = cardrt_game_use_ability(g, 0, cards[def], key);
      if (r == CARDRT_E_ARGUMENT) continue;
      if (r < 0) return fail("cardrt_game_use_ability", r, NULL);
      printf("engine: card %d, ability %d: %s\n", (int)cards[def], (int)key, outcome(r));
      used += r == CARDRT_OK;
    }
  r = cardrt_game_end_turn(g);
  if (r < 0) return fail("cardrt_game_end_turn", r, NULL);

  /* 6. The event log. */
  const int64_t n = cardrt_log_render_text(g, NULL, 0);
  char* text = n > 0 ? (char*)malloc((size_t)n) : NULL;
  if (!text) return fail("cardrt_log_render_text", CARDRT_E_NO_MEMORY, NULL);
  cardrt_log_render_text(g, text, n);
  fputs(text, stdout);
  printf("engine: %d abilities used, %d events\n", used, (int)cardrt_log_count(g));
  free(text);
  free(cards);
  cardrt_game_destroy(g);
  /* The pool and game that held the library's functions are gone: the library may go too. */
  cardrt_library_unload(lib);
  return used > 0 ? 0 : 1;
}
