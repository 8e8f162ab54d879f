/* Random playouts, as an engine's AI searches (docs/tools.md "Example engine", docs/performance.md "Snapshots"):
 *
 *   playouts SET.so [SECONDS] [SEED]
 *
 * It makes the board the example engine makes (engine.c: every card of the library into play for each of two
 * players, one more of each in the deck) and begins player 0's turn. A playout copies that game (cardrt_game_clone),
 * plays random legal actions on the copy until none is left or 8 were taken, ends the turn and throws the copy away.
 * It counts playouts for SECONDS (default 1) on one thread, then on two (one board per thread: games are never
 * shared between threads), then the same playouts made the way an engine had to before snapshots: the board made
 * again from its setup for each one (the baseline of the ratio). Last, one decision an AI would make: each legal
 * first action tried by 32 playouts that begin with it. Exit status: 0 done, 1 a runtime call failed, 2 usage. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cardrt/cardrt.h>

enum { kMaxKeys = 16, kMaxActionsPerTurn = 8, kMaxCandidates = 4096, kPlayoutsPerAction = 32 };

static const cardrt_profile* g_profile;
static const cardrt_cardpool* g_pool;
static int32_t g_defs;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* xorshift64*: the playouts' own random numbers (the games' generators are the runtime's) */
static uint64_t next_random(uint64_t* s) {
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return *s * 0x2545F4914F6CDD1Dull;
}

/* The board: a new game, every card into play for each player (from the deck, whatever the game calls it) and one
 * more of each in the deck, player 0's turn. */
static cardrt_game* make_board(uint64_t seed) {
  cardrt_game* g = cardrt_game_create(g_profile, g_pool, seed, NULL);
  if (!g) return NULL;
  const int32_t deck = cardrt_game_zone_by_role(g, CARDRT_ZROLE_DECK);
  if (deck < 0) {
    cardrt_game_destroy(g);
    return NULL;
  }
  for (int32_t player = 0; player < 2; ++player)
    for (int32_t def = 0; def < g_defs; ++def) {
      const int32_t card = cardrt_game_add_card(g, def, player, deck);
      if (card <= 0 || cardrt_game_put_into_play(g, card, player) < 0 ||
          cardrt_game_add_card(g, def, player, deck) <= 0) {
        cardrt_game_destroy(g);
        return NULL;
      }
    }
  if (cardrt_game_begin_turn(g, 0) < 0) {
    cardrt_game_destroy(g);
    return NULL;
  }
  return g;
}

typedef struct {
  int32_t card, key;
} Action;

/* What the player could try now: each ability key of each card he controls in play (the runtime refuses those that
 * are not actions or cannot be used now). */
static int32_t candidates(const cardrt_game* g, int32_t player, Action* out) {
  int32_t n = 0;
  const int32_t cards = cardrt_game_card_count(g);
  for (int32_t card = 1; card <= cards; ++card) {
    if (!cardrt_card_in_play((cardrt_game*)g, card) || cardrt_card_controller((cardrt_game*)g, card) != player) continue;
    int32_t keys[kMaxKeys];
    const int32_t k = cardrt_game_card_abilities(g, card, keys, kMaxKeys);
    for (int32_t i = 0; i < k && i < kMaxKeys && n < kMaxCandidates; ++i) out[n++] = (Action){card, keys[i]};
  }
  return n;
}

/* Random legal actions of player 0 to the end of his turn; `first` (card 0: none) is tried first. Returns the number
 * of actions taken, or -1 when a runtime call failed. */
static int play_turn(cardrt_game* g, uint64_t* rng, Action first, Action* scratch) {
  int taken = 0;
  if (first.card && cardrt_game_use_ability(g, 0, first.card, first.key) == CARDRT_OK) ++taken;
  while (taken < kMaxActionsPerTurn && cardrt_game_winner(g) < 0) {
    int32_t n = candidates(g, 0, scratch);
    int done = 0;
    while (n > 0 && !done) {  /* random order, without repeating a refused one */
      const int32_t i = (int32_t)(next_random(rng) % (uint64_t)n);
      const Action a = scratch[i];
      scratch[i] = scratch[--n];
      const int32_t r = cardrt_game_use_ability(g, 0, a.card, a.key);
      if (r == CARDRT_OK) done = 1;
      else if (r != CARDRT_FAILED && r != CARDRT_E_ARGUMENT && r != CARDRT_E_STATE) return -1;
    }
    if (!done) break;
    ++taken;
  }
  return cardrt_game_end_turn(g) < 0 ? -1 : taken;
}

/* One playout from `root`: a copy (or, with rebuild, a board made again) played to the end of the turn. */
static int playout(const cardrt_game* root, int rebuild, uint64_t* rng, Action first, Action* scratch) {
  cardrt_game* g = rebuild ? make_board(7) : cardrt_game_clone(root, NULL);
  if (!g) return -1;
  cardrt_game_set_default_chooser(g, CARDRT_CHOOSER_RANDOM, next_random(rng));  /* the choices differ too */
  const int taken = play_turn(g, rng, first, scratch);
  cardrt_game_destroy(g);
  return taken;
}

typedef struct {
  double seconds;
  int rebuild;
  uint64_t seed;
  long playouts, actions;
  int failed;
} Run;

static void* run_playouts(void* arg) {
  Run* run = (Run*)arg;
  Action* scratch = (Action*)malloc(sizeof(Action) * kMaxCandidates);
  cardrt_game* root = make_board(7);
  if (!root || !scratch) {
    run->failed = 1;
    free(scratch);
    cardrt_game_destroy(root);
    return NULL;
  }
  uint64_t rng = run->seed | 1;
  const Action none = {0, 0};
  const double end = now() + run->seconds;
  while (now() < end) {
    for (int i = 0; i < 16; ++i) {
      const int taken = playout(root, run->rebuild, &rng, none, scratch);
      if (taken < 0) {
        run->failed = 1;
        break;
      }
      ++run->playouts;
      run->actions += taken;
    }
    if (run->failed) break;
  }
  free(scratch);
  cardrt_game_destroy(root);
  return NULL;
}

/* Playouts per second on `threads` threads (one board each). */
static double measure(int threads, int rebuild, double seconds, uint64_t seed, double* actions_per_playout) {
  Run runs[2] = {{seconds, rebuild, seed, 0, 0, 0}, {seconds, rebuild, seed * 3 + 1, 0, 0, 0}};
  pthread_t ids[2];
  const double start = now();
  for (int t = 0; t < threads; ++t)
    if (pthread_create(&ids[t], NULL, run_playouts, &runs[t]) != 0) return -1;
  long playouts = 0, actions = 0;
  for (int t = 0; t < threads; ++t) {
    pthread_join(ids[t], NULL);
    if (runs[t].failed) return -1;
    playouts += runs[t].playouts;
    actions += runs[t].actions;
  }
  const double elapsed = now() - start;
  *actions_per_playout = playouts ? (double)actions / (double)playouts : 0;
  return (double)playouts / elapsed;
}

int main(int argc, char** argv) {
  /* --trust KEY.pub: the key that signed the library (as the example engine; --allow-unsigned for development) */
  uint8_t key[CARDRT_LIBRARY_PUBLIC_KEY_BYTES];
  int32_t key_count = 0;
  uint32_t flags = 0;
  char error[1024] = "";
  int arg = 1;
  for (; arg < argc && strncmp(argv[arg], "--", 2) == 0; ++arg) {
    if (strcmp(argv[arg], "--allow-unsigned") == 0) {
      flags |= CARDRT_LIBRARY_ALLOW_UNSIGNED;
    } else if (strcmp(argv[arg], "--trust") == 0 && arg + 1 < argc && key_count == 0) {
      if (cardrt_library_read_key(argv[++arg], CARDRT_LIBRARY_PUBLIC_KEY, key, error, sizeof error) != CARDRT_OK) {
        fprintf(stderr, "playouts: %s\n", error);
        return 1;
      }
      key_count = 1;
    } else {
      break;
    }
  }
  argc -= arg - 1;
  argv += arg - 1;
  if (argc < 2 || argc > 4) {
    fprintf(stderr, "usage: playouts [--trust KEY.pub] [--allow-unsigned] SET.so [SECONDS] [SEED]\n");
    return 2;
  }
  const double seconds = argc >= 3 ? atof(argv[2]) : 1.0;
  const uint64_t seed = argc == 4 ? strtoull(argv[3], NULL, 10) : 1;
  if (!(seconds > 0)) {
    fprintf(stderr, "playouts: SECONDS must be a positive number\n");
    return 2;
  }
  cardrt_library* lib = NULL;
  cardrt_profile* profile = NULL;
  int32_t r = cardrt_library_open_trusted(argv[1], key, key_count, flags, NULL, NULL, NULL, &lib, error, sizeof error);
  if (r == CARDRT_OK) r = cardrt_library_profile(lib, &profile, error, sizeof error);
  cardrt_cardpool* pool = r == CARDRT_OK ? cardrt_cardpool_create(profile) : NULL;
  if (pool) r = cardrt_library_register_cards(lib, pool, error, sizeof error);
  if (r != CARDRT_OK || !pool) {
    fprintf(stderr, "playouts: %s: %s\n", argv[1], *error ? error : "the card pool could not be made");
    return 1;
  }
  g_profile = profile;
  g_pool = pool;
  g_defs = cardrt_cardpool_count(pool);

  cardrt_game* root = make_board(7);
  if (!root) {
    fprintf(stderr, "playouts: the board could not be made\n");
    return 1;
  }
  printf("playouts: %s: %d cards on the board, %d events in its log so far\n", argv[1],
         (int)cardrt_game_card_count(root), (int)cardrt_log_count(root));

  double per = 0, per2 = 0, per_rebuilt = 0;
  const double one = measure(1, 0, seconds, seed, &per);
  const double two = measure(2, 0, seconds, seed, &per2);
  const double rebuilt = measure(1, 1, seconds, seed, &per_rebuilt);
  if (one < 0 || two < 0 || rebuilt < 0) {
    fprintf(stderr, "playouts: a runtime call failed during the playouts\n");
    return 1;
  }
  printf("playouts: one thread %.0f/s (%.2f actions each), two threads %.0f/s (%.2fx)\n", one, per, two, two / one);
  printf("playouts: the board made again for each playout instead of copied: %.0f/s (copying is %.1fx faster)\n",
         rebuilt, one / rebuilt);

  /* One decision: each legal first action of player 0, 32 playouts that begin with it. */
  Action* actions = (Action*)malloc(sizeof(Action) * kMaxCandidates);
  Action* scratch = (Action*)malloc(sizeof(Action) * kMaxCandidates);
  if (!actions || !scratch) return 1;
  int32_t n = 0;  /* the legal ones: each tried on a copy */
  for (int32_t a = 0, all = candidates(root, 0, actions); a < all; ++a) {
    cardrt_game* g = cardrt_game_clone(root, NULL);
    if (!g) return 1;
    if (cardrt_game_use_ability(g, 0, actions[a].card, actions[a].key) == CARDRT_OK) actions[n++] = actions[a];
    cardrt_game_destroy(g);
  }
  uint64_t rng = seed | 1;
  long made = 0;
  const double start = now();
  for (int32_t a = 0; a < n; ++a)
    for (int i = 0; i < kPlayoutsPerAction; ++i) {
      if (playout(root, 0, &rng, actions[a], scratch) < 0) return 1;
      ++made;
    }
  const double took = now() - start;
  printf("playouts: one decision, %d legal actions x %d playouts: %.2f ms (%ld playouts)\n", (int)n,
         kPlayoutsPerAction, took * 1e3, made);
  free(actions);
  free(scratch);
  cardrt_game_destroy(root);
  cardrt_cardpool_destroy(pool);
  cardrt_profile_destroy(profile);
  cardrt_library_unload(lib);
  return 0;
}
