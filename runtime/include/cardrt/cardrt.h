/* cardrt: the rules runtime that compiled cards call, with a C ABI for engines.
 *
 * Handles are opaque; every function validates them and returns an integer status (CARDRT_OK = 0,
 * CARDRT_FAILED = 1 for "the rules said no", negative for caller errors). No C++ exception crosses this
 * boundary. There is no global state: everything lives in a cardrt_profile, a cardrt_cardpool or a cardrt_game.
 * The functions compiled cards call are listed once, in abi.def, and declared here from that list.
 */
#ifndef CARDRT_CARDRT_H
#define CARDRT_CARDRT_H

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define CARDRT_API __declspec(dllexport)
#else
#define CARDRT_API __attribute__((visibility("default")))
#endif

/* Bumped on any incompatible change to abi.def, the structs or the constants below. */
#define CARDRT_ABI_VERSION 6

typedef struct cardrt_profile cardrt_profile;
typedef struct cardrt_cardpool cardrt_cardpool;
typedef struct cardrt_game cardrt_game;
typedef struct cardrt_effect_ctx cardrt_effect_ctx;
typedef void (*cardrt_any_fn)(void);

/* Card code: conditions, targeting, costs, effects, replacements and continuous traits. Return CARDRT_OK
 * (or, for conditions, nonzero = met), CARDRT_FAILED when the part could not be done. */
typedef int32_t (*cardrt_effect_fn)(cardrt_game*, cardrt_effect_ctx*);
/* A legality test for one candidate (a card id, or a player id for player targeting). Nonzero = legal. */
typedef int32_t (*cardrt_filter_fn)(cardrt_game*, cardrt_effect_ctx*, int32_t candidate);
/* The size of a fluctuating bonus or penalty for one card (003 "fluctuating"). */
typedef int32_t (*cardrt_amount_fn)(cardrt_game*, cardrt_effect_ctx*, int32_t card);
/* The base value of an asterisk stat (003 Asterisks). */
typedef int32_t (*cardrt_base_fn)(cardrt_game*, int32_t card, int32_t stat);

/* ---- status codes ---- */
enum {
  CARDRT_OK = 0,
  CARDRT_FAILED = 1,          /* a rules-level "no": cost unpaid, illegal target, absent stat, cannot */
  CARDRT_E_HANDLE = -1,       /* null or wrong handle */
  CARDRT_E_ARGUMENT = -2,     /* an id or value out of range */
  CARDRT_E_UNKNOWN_NAME = -3, /* a vocabulary name the profile does not define */
  CARDRT_E_STATE = -4,        /* not allowed now (game over, profile frozen, no ability context) */
  CARDRT_E_NO_MEMORY = -5,
  CARDRT_E_INTERNAL = -6,
  CARDRT_E_LIMIT = -7         /* a fixed capacity (slots, nesting depth) was exceeded */
};

/* 003 "-" Honor Requirement: lower than every other value; two "-" compare equal. */
#define CARDRT_DASH INT32_MIN
#define CARDRT_NO_CARD 0
#define CARDRT_NO_PLAYER (-1)

/* ---- profile vocabulary ---- */
enum { CARDRT_FLOOR_ZERO = 0, /* 003 step B */
       CARDRT_FLOOR_NONE = 1, /* Family Honor, Honor Requirement, +/- item stats, 000 7.2 beast stats */
       CARDRT_FLOOR_ZERO_EXCEPT_SET = 2 /* 000 7.2: results floor at 0 unless set/doubled */ };
enum { CARDRT_ORDER_STEPS_A_C = 0, CARDRT_ORDER_RULE_523 = 1 };
enum { CARDRT_RESOURCE_COUNTER = 0, CARDRT_RESOURCE_SUPPLY = 1 /* 002 rule 522 coins */ };
enum { CARDRT_ZONE_IN_PLAY = 1, CARDRT_ZONE_HIDDEN = 2, CARDRT_ZONE_ORDERED = 4 };
enum { CARDRT_ZROLE_DECK = 0, CARDRT_ZROLE_HAND, CARDRT_ZROLE_DISCARD, CARDRT_ZROLE_PLAY, CARDRT_ZROLE_REMOVED,
       CARDRT_ZROLE_COUNT };
enum { CARDRT_COUNTER_DAMAGE = 1, CARDRT_COUNTER_STATUS = 2, CARDRT_COUNTER_TOKEN = 4 };
enum { CARDRT_TYPE_STATS_MODIFY_HOST = 1 /* 003 Item Force/Chi are modifiers of the Personality */ };
enum { CARDRT_STATF_CREATED_DASH = 1 /* 003 created Personality: unspecified Honor Requirement is "-" */ };
/* Stat roles: which stat the rule modules mean. */
enum { CARDRT_ROLE_FORCE = 0, CARDRT_ROLE_CHI, CARDRT_ROLE_PERSONAL_HONOR, CARDRT_ROLE_FOCUS, CARDRT_ROLE_HEALTH,
       CARDRT_ROLE_ATTACK, CARDRT_ROLE_LUCK, CARDRT_ROLE_RESIST,
       CARDRT_ROLE_DUEL, /* appended in ABI version 3: the stat duels compare (else Chi, else Attack) */
       CARDRT_ROLE_COUNT };
/* Rule modules switched on by a profile (bits). */
enum {
  CARDRT_RULE_ZERO_CHI = 1u << 0,       /* 003 Chi: zero Chi destroys a Personality in play */
  CARDRT_RULE_LETHAL_DAMAGE = 1u << 1,  /* 004 Health */
  CARDRT_RULE_GEM_DICE = 1u << 2,       /* 004 Luck, Critical Damage, Resist */
  CARDRT_RULE_TACTICAL = 1u << 3,       /* 001 Tactical / Tactician */
  CARDRT_RULE_TERRAIN = 1u << 4,        /* 001 Terrain */
  CARDRT_RULE_HERO_WOUNDS = 1u << 5,    /* 002 601 wounds to the hero */
  CARDRT_RULE_DECK_OUT = 1u << 6,       /* 002 601 third failed accumulation draw */
  CARDRT_RULE_ZERO_ON_LEAVE_X = 1u << 7 /* 000 7.4c X is zero out of play */
};
/* Keyword rule meanings (001 Glossary T). */
enum { CARDRT_KWR_NONE = 0, CARDRT_KWR_TACTICAL, CARDRT_KWR_TACTICIAN, CARDRT_KWR_TERRAIN };

/* ---- card definitions ---- */
enum { CARDRT_BASE_ABSENT = 0, CARDRT_BASE_VALUE = 1, CARDRT_BASE_ASTERISK = 2, CARDRT_BASE_X = 3,
       CARDRT_BASE_DASH = 4 };
enum { CARDRT_AB_TRIGGERED = 1, CARDRT_AB_CONTINUOUS = 2, CARDRT_AB_ACTION = 3, CARDRT_AB_REACTION = 4,
       CARDRT_AB_REPLACEMENT = 5 };
/* cardrt_def_cost_reduction scopes (ABI 5) */
enum { CARDRT_COST_SELF = 0, CARDRT_COST_OTHERS = 1,
       CARDRT_COST_ATTACHING = 2 /* ABI 6: the card's own text, fn(game, ctx, host): "Attaches to a Thunder Shugenja
                                  * for 1 less Gold" (cardrt_game_attach_cost) */ };
enum { CARDRT_DESIG_LIMITED = 1, CARDRT_DESIG_OPEN = 2, CARDRT_DESIG_BATTLE = 4, CARDRT_DESIG_REACTION = 8,
       CARDRT_DESIG_TERRAIN_BATTLE = 16,
       CARDRT_DESIG_OTHER = 32 /* appended in ABI 3: a designator of the game's own (Interrupt, Engage, Day, ...) */ };
enum {
  CARDRT_ABF_ONCE_PER_TURN_TRIGGER = 1u << 0, /* "once per turn" before the colon (003 Traits) */
  CARDRT_ABF_UNLIMITED = 1u << 1,             /* abilities are once per turn unless the text says otherwise */
  CARDRT_ABF_EVEN_IF_BOWED = 1u << 2,
  CARDRT_ABF_TACTICAL = 1u << 3,              /* a Tactical action (001) */
  CARDRT_ABF_OUT_OF_PLAY = 1u << 4,           /* triggers from an area not in play */
  CARDRT_ABF_OPTIONAL = 1u << 5,              /* optional trait (Gold-producing) */
  CARDRT_ABF_CONSTRUCTOR = 1u << 6,           /* 002 rule 524: cannot be declared without a legal chain */
  CARDRT_ABF_PLAYED_FROM_HAND = 1u << 7,      /* an Action card's ability: the card is card-less for performing */
  CARDRT_ABF_FREE = 1u << 8,                  /* played without paying its cost (000 7.4b) */
  CARDRT_ABF_GRANTED = 1u << 9,               /* appended in ABI 3: embedded text the card grants, not its own (003) */
  /* appended in ABI 6: the limit on using the ability (or triggering the trait, with CARDRT_ABF_ONCE_PER_TURN_TRIGGER)
   * is CARDRT_ABF_TIMES(n) uses, n from 2 to 15 ("Twice per turn", "Three times per turn"; 0: once), per turn or, with
   * CARDRT_ABF_PER_GAME, per game ("Once per game") (003 Traits: "once (or twice, etc.) per turn (or ... game ...)") */
  CARDRT_ABF_PER_GAME = 1u << 16
};
#define CARDRT_ABF_TIMES(n) ((uint32_t)(n) << 12)
#define CARDRT_ABF_TIMES_OF(flags) ((int32_t)(((flags) >> 12) & 0xF))
enum { CARDRT_FN_CONDITION = 0, CARDRT_FN_TARGET = 1, CARDRT_FN_COST = 2, CARDRT_FN_EFFECT = 3,
       CARDRT_FN_CONTINUOUS = 4, CARDRT_FN_COUNT = 5 };

/* ---- effects ---- */
enum { CARDRT_DUR_PERMANENT = 0, CARDRT_DUR_END_OF_TURN, CARDRT_DUR_END_OF_BATTLE, CARDRT_DUR_END_OF_DUEL,
       CARDRT_DUR_DAWN, CARDRT_DUR_UNTIL_YOUR_NEXT_TURN, CARDRT_DUR_END_OF_YOUR_NEXT_TURN, CARDRT_DUR_END_OF_PHASE,
       CARDRT_DUR_WHILE_SOURCE_IN_PLAY, CARDRT_DUR_CONTINUOUS, CARDRT_DUR_COUNT };
enum { CARDRT_OP_ADD = 0, CARDRT_OP_MUL, CARDRT_OP_SUB, CARDRT_OP_DIV, CARDRT_OP_SET,
       CARDRT_OP_GRANTS_STAT = 0x100 /* or-ed in: the bonus grants an absent stat (003 Absent stats) */ };
enum { CARDRT_BOUND_MIN = 0, CARDRT_BOUND_MAX = 1 };
enum { CARDRT_STATE_BOWED = 0, CARDRT_STATE_FACE_DOWN = 1, CARDRT_STATE_FIRST_CUSTOM = 2 };
enum { CARDRT_PROT_CANNOT_BE_DESTROYED = 0, CARDRT_PROT_ZERO_CHI = 1, CARDRT_PROT_UNTARGETABLE_BY_OPPONENTS = 2,
       CARDRT_PROT_COUNT = 3 };
/* What a restriction forbids (cardrt_forbid, cardrt_forbid_player; 003 Traits "cannot", "may not"). */
enum { CARDRT_FORBID_ATTACK = 0,          /* "This unit cannot attack [structures]" (other: the attacked card) */
       CARDRT_FORBID_ISSUE_CHALLENGE = 1, /* "This Personality may not issue challenges" (other: the challenged) */
       CARDRT_FORBID_RECEIVE_STATUS = 2,  /* "This unit cannot be inflicted with Statuses" (004 Status) */
       CARDRT_FORBID_GAIN_RESOURCE = 3,   /* a player: "You may not gain Honor" (what: the resource) */
       /* appended in ABI version 6: "Ranged Attacks cannot target cards in this unit" (other: the attack's source) */
       CARDRT_FORBID_RANGED_ATTACK_TARGET = 4,
       CARDRT_FORBID_MELEE_ATTACK_TARGET = 5,
       CARDRT_FORBID_RECEIVE_ATTACHMENT = 6, /* "Cannot attach Items" (other: the card that would be attached) */
       CARDRT_FORBID_COUNT = 7 };
/* Kinds of attack with a strength (cardrt_attack_reaches, cardrt_grant_attack_strength; appended in ABI version 6). */
enum { CARDRT_ATTACK_RANGED = 0, CARDRT_ATTACK_MELEE = 1, CARDRT_ATTACK_KIND_COUNT = 2 };
enum {
  CARDRT_TGT_FACE_FEATURES = 1u << 0, /* the filter reads face-up features: face-down cards are not legal */
  CARDRT_TGT_ANY_ZONE = 1u << 1,      /* candidates outside play too */
  CARDRT_TGT_HAND = 1u << 2           /* candidates in the chooser's hand */
};
enum { CARDRT_DMG_IGNORE_RESIST = 1u << 0, CARDRT_DMG_NO_CRITICAL_ROLL = 1u << 1, CARDRT_DMG_ATTACK = 1u << 2 };
/* cardrt_duel: a challenge may be refused and is subject to "may not issue challenges" (003 Traits) */
enum { CARDRT_DUEL_CHALLENGE = 1u << 0 };
/* cardrt_duel_card (ABI 6): the cards of the duel under way, or else of the last one */
enum { CARDRT_DUEL_WINNER = 0, CARDRT_DUEL_LOSER = 1, CARDRT_DUEL_YOURS = 2, CARDRT_DUEL_THEIRS = 3 };
enum { CARDRT_CONSTRUCT_X_TIMES = 0, CARDRT_CONSTRUCT_ONE_OR_MORE = 1 };
enum { CARDRT_EVF_KIND = 0, CARDRT_EVF_CARD, CARDRT_EVF_PLAYER, CARDRT_EVF_AMOUNT, CARDRT_EVF_WHAT,
       CARDRT_EVF_OTHER };
enum { CARDRT_BOUNDARY_TURN_START = 1, CARDRT_BOUNDARY_TURN_END, CARDRT_BOUNDARY_PHASE_END,
       CARDRT_BOUNDARY_BATTLE_RESOLVED, CARDRT_BOUNDARY_BATTLE_END, CARDRT_BOUNDARY_DUEL_END, CARDRT_BOUNDARY_DAWN,
       CARDRT_BOUNDARY_COUNT };
enum { CARDRT_PHASE_OTHER = 0, CARDRT_PHASE_ACCUMULATION = 1 };

/* Built-in events; a profile's own events are numbered from CARDRT_EV_FIRST_CUSTOM in declaration order.
 * CARDRT_EV_ENTER_PLAY: card, player (its controller), what: the zone it came from (-1 for a created card).
 * CARDRT_EV_TARGETED: card (the target), player (the ability's controller), amount: the ability's kind
 * (CARDRT_AB_*), what: its designators (CARDRT_DESIG_*), other: its source card. */
enum {
  CARDRT_EV_NONE = 0, CARDRT_EV_ENTER_PLAY, CARDRT_EV_LEAVE_PLAY, CARDRT_EV_DESTROYED, CARDRT_EV_DAMAGED,
  CARDRT_EV_RESOURCE_GAINED, CARDRT_EV_RESOURCE_LOST, CARDRT_EV_CARD_DRAWN, CARDRT_EV_TURN_START,
  CARDRT_EV_TURN_END, CARDRT_EV_BATTLE_RESOLVED, CARDRT_EV_TARGETED, CARDRT_EV_BONUS, CARDRT_EV_PENALTY,
  CARDRT_EV_ATTACHED, CARDRT_EV_STATUS_INFLICTED, CARDRT_EV_BOWED,
  /* replacement windows: "if ... would ..." */
  CARDRT_EV_WOULD_GAIN_RESOURCE, CARDRT_EV_WOULD_BE_DESTROYED, CARDRT_EV_WOULD_BE_DAMAGED, CARDRT_EV_WOULD_DRAW,
  /* appended in ABI 3: an action is about to resolve; responses may cancel it (card: its source, player: its
   * player, what: its ability key) */
  CARDRT_EV_WOULD_RESOLVE_ACTION,
  /* appended in ABI 6: a card was focused in a duel, its Focus Effect's moment (003 Traits: "Focus Effect:" is a
   * trigger at a point in a duel); card: the focused card, player: its player, other: that player's duelist */
  CARDRT_EV_FOCUSED,
  CARDRT_EV_FIRST_CUSTOM = 32
};

/* ---- structured event log ---- */
enum {
  CARDRT_LOG_GAME_START = 1, CARDRT_LOG_CARD_CREATED, CARDRT_LOG_CARD_MOVED, CARDRT_LOG_ENTER_PLAY,
  CARDRT_LOG_LEAVE_PLAY, CARDRT_LOG_CEASED_TO_EXIST, CARDRT_LOG_BONUS, CARDRT_LOG_PENALTY, CARDRT_LOG_MODIFIER_ADDED,
  CARDRT_LOG_MODIFIER_CHANGED, CARDRT_LOG_MODIFIER_ENDED, CARDRT_LOG_BOUND_ADDED, CARDRT_LOG_STATE_CHANGED,
  CARDRT_LOG_KEYWORD_GRANTED, CARDRT_LOG_KEYWORD_REMOVED, CARDRT_LOG_RESOURCE_GAINED, CARDRT_LOG_RESOURCE_LOST,
  CARDRT_LOG_RESOURCE_RETURNED, CARDRT_LOG_RESOURCE_SET, CARDRT_LOG_DRAW, CARDRT_LOG_DRAW_FAILED,
  CARDRT_LOG_DISCARD, CARDRT_LOG_MILL, CARDRT_LOG_DESTROYED, CARDRT_LOG_DESTRUCTION_PREVENTED, CARDRT_LOG_DAMAGE,
  CARDRT_LOG_HEAL, CARDRT_LOG_WOUND_PLAYER, CARDRT_LOG_HEAL_PLAYER, CARDRT_LOG_ROLL, CARDRT_LOG_RANDOM,
  CARDRT_LOG_CRITICAL, CARDRT_LOG_STATUS_RESISTED, CARDRT_LOG_STATUS_APPLIED, CARDRT_LOG_COUNTERS,
  CARDRT_LOG_ABILITY_USED, CARDRT_LOG_TRIGGERED, CARDRT_LOG_COST_FAILED, CARDRT_LOG_TARGETED, CARDRT_LOG_CHOSEN,
  CARDRT_LOG_TARGET_ILLEGAL, CARDRT_LOG_REPLACED, CARDRT_LOG_CYCLE_STOPPED, CARDRT_LOG_DELAYED_ADDED,
  CARDRT_LOG_DELAYED_FIRED, CARDRT_LOG_DELAYED_CANCELLED, CARDRT_LOG_BOUNDARY, CARDRT_LOG_ATTACHED,
  CARDRT_LOG_TRANSFERRED, CARDRT_LOG_TERRAIN_DISCARDED, CARDRT_LOG_X_ANNOUNCED, CARDRT_LOG_WIN, CARDRT_LOG_LOSE,
  CARDRT_LOG_CHOICE_INVALID, CARDRT_LOG_GRANT_SUPPRESSED, CARDRT_LOG_PROTECTION_GRANTED, CARDRT_LOG_CHAIN,
  CARDRT_LOG_RESTRICTION_GRANTED, /* appended: a card or player may not do something (what: CARDRT_FORBID_*) */
  CARDRT_LOG_FORBIDDEN,           /* appended: an action a restriction forbids did not happen (what: CARDRT_FORBID_*) */
  /* appended in ABI version 3 */
  CARDRT_LOG_LOOKED,              /* a player looked at a card of a hidden zone (what: the zone) */
  CARDRT_LOG_REVEALED,            /* a card was revealed (what: its zone) */
  CARDRT_LOG_SHUFFLED,            /* a zone was shuffled (what: the zone) */
  CARDRT_LOG_REORDERED,           /* cards were put back on top of a zone in a chosen order (what: zone, amount: count) */
  CARDRT_LOG_SENT_HOME,           /* a card left its battlefield (amount: the battlefield) */
  CARDRT_LOG_DUEL,                /* a duel resolved: card, other = the duelists; amount, value = their totals */
  CARDRT_LOG_CHALLENGE_REFUSED,   /* card challenged other, who refused */
  CARDRT_LOG_FOCUSED,             /* a card was focused in a duel (other: the duelist; amount: its focus value) */
  CARDRT_LOG_DAMAGE_PREVENTED,    /* amount of damage a prevention shield absorbed (value: shield left) */
  CARDRT_LOG_SHIELD_ADDED,        /* the next amount of damage to card will be prevented */
  CARDRT_LOG_ABILITY_GRANTED,     /* card gained an ability (other: source; what: its definition; amount: its index) */
  CARDRT_LOG_ACTION_CANCELLED,    /* card's action (amount: its ability key) was cancelled by other's response */
  /* appended in ABI version 5 */
  CARDRT_LOG_ADDITIONAL_ACTION,   /* player may take an additional action (what: its designators, 0 any; amount: how
                                   * many are now pending; value: 1 granted, 0 taken, -1 lapsed at a turn's end) */
  CARDRT_LOG_ATTACK_STRENGTH_GRANTED, /* appended in ABI 6: attacks of a kind (what: CARDRT_ATTACK_*) targeting card
                                      * have `amount` more strength (other: the source) */
  CARDRT_LOG_KIND_COUNT
};

typedef struct cardrt_log_event {
  uint32_t seq;
  int32_t kind;   /* CARDRT_LOG_* */
  int32_t player; /* -1 when none */
  int32_t card;   /* 0 when none */
  int32_t other;  /* a second card or source */
  int32_t what;   /* stat, resource, zone, keyword, counter, event... by kind */
  int32_t amount;
  int32_t value;
} cardrt_log_event;

/* ---- host choices ---- */
enum { CARDRT_CHOICE_CARDS = 1, CARDRT_CHOICE_NUMBER, CARDRT_CHOICE_YES_NO, CARDRT_CHOICE_MODES,
       CARDRT_CHOICE_PLAYER, CARDRT_CHOICE_COINS, CARDRT_CHOICE_ORDER };
enum { CARDRT_PURPOSE_TARGET = 1, CARDRT_PURPOSE_CHOOSE, CARDRT_PURPOSE_X, CARDRT_PURPOSE_OPTIONAL,
       CARDRT_PURPOSE_REACTION, CARDRT_PURPOSE_LOSE_COINS, CARDRT_PURPOSE_DISCARD, CARDRT_PURPOSE_REPLACEMENT,
       CARDRT_PURPOSE_CONSTRUCT, CARDRT_PURPOSE_TACTICIAN, CARDRT_PURPOSE_STATUS_TYPE, CARDRT_PURPOSE_RESIST_ROLL,
       /* appended in ABI version 3 */
       CARDRT_PURPOSE_ORDER, CARDRT_PURPOSE_SEARCH, CARDRT_PURPOSE_DIVIDE, CARDRT_PURPOSE_FOCUS,
       CARDRT_PURPOSE_ACCEPT_CHALLENGE, CARDRT_PURPOSE_PLAY,
       /* appended in ABI 5: which of the text's two verbs ("Bow or straighten him"): yes is the first */
       CARDRT_PURPOSE_VERB };

typedef struct cardrt_choice {
  int32_t kind;          /* CARDRT_CHOICE_* */
  int32_t purpose;       /* CARDRT_PURPOSE_* */
  int32_t player;        /* who chooses */
  int32_t source_card;   /* the card whose text asks, 0 for a rule */
  const int32_t* options; /* card ids, player ids, mode indices, coin kinds (0 permanent, 1 temporary)... */
  int32_t option_count;
  int32_t min_count, max_count; /* how many answers (for NUMBER: min and max value) */
  int32_t allow_repeats;  /* 002 rule 524 "X times" */
} cardrt_choice;

/* Write the answer into answer[0..capacity) (option indices; the number for NUMBER; 0/1 for YES_NO) and
 * return how many entries were written. An illegal answer is logged and replaced by the default choice. */
typedef int32_t (*cardrt_choose_callback)(void* user, const cardrt_choice* choice, int32_t* answer,
                                          int32_t capacity);
typedef void (*cardrt_event_callback)(void* user, const cardrt_log_event* event);

typedef struct cardrt_host {
  void* user;
  cardrt_choose_callback choose;  /* NULL: the default chooser */
  cardrt_event_callback on_event; /* NULL: log only */
} cardrt_host;

enum { CARDRT_CHOOSER_FIRST = 0, CARDRT_CHOOSER_RANDOM = 1 };

/* ---- engine API: profile builder ---- */
CARDRT_API int32_t cardrt_abi_version(void);
CARDRT_API cardrt_profile* cardrt_profile_create(const char* game_name);
CARDRT_API void cardrt_profile_destroy(cardrt_profile* profile);
/* Each add returns the new id (>= 0) or an error (< 0). Ids are declaration order. */
CARDRT_API int32_t cardrt_profile_add_stat(cardrt_profile*, const char* name, const char* abbrev, int32_t floor_policy,
                                           uint32_t flags);
CARDRT_API int32_t cardrt_profile_add_card_type(cardrt_profile*, const char* name, const int32_t* stats,
                                                int32_t stat_count, uint32_t flags);
CARDRT_API int32_t cardrt_profile_add_resource(cardrt_profile*, const char* name, int32_t model, int32_t floor_policy,
                                               int32_t accumulation_cap, int32_t supply_size);
CARDRT_API int32_t cardrt_profile_add_zone(cardrt_profile*, const char* name, uint32_t flags);
CARDRT_API int32_t cardrt_profile_set_zone_role(cardrt_profile*, int32_t role, int32_t zone);
CARDRT_API int32_t cardrt_profile_add_counter(cardrt_profile*, const char* name, uint32_t flags);
CARDRT_API int32_t cardrt_profile_add_card_state(cardrt_profile*, const char* name);
CARDRT_API int32_t cardrt_profile_add_keyword(cardrt_profile*, const char* name, int32_t rule_meaning);
CARDRT_API int32_t cardrt_profile_add_event(cardrt_profile*, const char* name);
CARDRT_API int32_t cardrt_profile_set_stat_role(cardrt_profile*, int32_t role, int32_t stat);
CARDRT_API int32_t cardrt_profile_set_modifier_order(cardrt_profile*, int32_t order);
CARDRT_API int32_t cardrt_profile_enable_rules(cardrt_profile*, uint32_t rule_bits);
CARDRT_API int32_t cardrt_profile_set_players(cardrt_profile*, int32_t player_count, int32_t starting_life);
CARDRT_API int32_t cardrt_profile_set_dice(cardrt_profile*, int32_t sides);

/* ---- engine API: card pools ---- */
CARDRT_API cardrt_cardpool* cardrt_cardpool_create(const cardrt_profile* profile);
CARDRT_API void cardrt_cardpool_destroy(cardrt_cardpool* pool);
CARDRT_API int32_t cardrt_cardpool_count(const cardrt_cardpool* pool);
CARDRT_API int32_t cardrt_cardpool_find(const cardrt_cardpool* pool, const char* title);
/* The one entry point a compiled card library exports: it registers its cards with cardrt_def_* calls. */
typedef int32_t (*cardrt_library_register_fn)(cardrt_cardpool* pool);
#define CARDRT_LIBRARY_ENTRY "cardrt_library_register"

/* ---- engine API: games ---- */
/* The game keeps its own references to the profile and pool; the handles may be destroyed afterwards. */
CARDRT_API cardrt_game* cardrt_game_create(const cardrt_profile* profile, const cardrt_cardpool* pool, uint64_t seed,
                                           const cardrt_host* host);
CARDRT_API void cardrt_game_destroy(cardrt_game* game);
CARDRT_API int32_t cardrt_game_set_default_chooser(cardrt_game*, int32_t kind, uint64_t seed);
CARDRT_API int32_t cardrt_last_error(const cardrt_game*);
/* Put a new card of definition def into zone of player (bottom of ordered zones) -> card id > 0. */
CARDRT_API int32_t cardrt_game_add_card(cardrt_game*, int32_t def, int32_t player, int32_t zone);
/* Rule-driven moves by the engine: play a card into play (enter play) and such. */
CARDRT_API int32_t cardrt_game_put_into_play(cardrt_game*, int32_t card, int32_t player);
CARDRT_API int32_t cardrt_game_begin_turn(cardrt_game*, int32_t player);
CARDRT_API int32_t cardrt_game_end_turn(cardrt_game*);
CARDRT_API int32_t cardrt_game_signal(cardrt_game*, int32_t boundary);
CARDRT_API int32_t cardrt_game_set_phase(cardrt_game*, int32_t phase);
CARDRT_API int32_t cardrt_game_set_battlefield(cardrt_game*, int32_t battlefield); /* 0 = no battle */
CARDRT_API int32_t cardrt_game_move_to_battlefield(cardrt_game*, int32_t card, int32_t battlefield);
/* ABI 5. "Take an additional action": the engine asks how many additional actions a player was granted and not yet
 * taken, and takes the oldest when it gives the player the next action -> its designators (CARDRT_DESIG_*, 0: any
 * action; "an additional Battle action": CARDRT_DESIG_BATTLE), or -1 when none. Those not taken lapse at the end of
 * the turn. */
CARDRT_API int32_t cardrt_game_additional_actions(cardrt_game*, int32_t player);
/* ABI 5. What the player pays to bring the card into play: its `stat` (the profile's cost stat, e.g. Gold Cost) less
 * the reductions of its own text ("Enters play for 1 less Gold if you are a Lion Clan player") and of the cards
 * in play ("Your Spells enter play for 1 less Gold"), never below 0 (000 7.2). The engine charges it. */
CARDRT_API int32_t cardrt_game_play_cost(cardrt_game*, int32_t player, int32_t card, int32_t stat);
/* The same for a card brought into play attached to `host` (ABI 6): also less the reductions its own text gives for
 * that host ("Attaches to Kataoka ignoring costs"). */
CARDRT_API int32_t cardrt_game_attach_cost(cardrt_game*, int32_t player, int32_t card, int32_t host, int32_t stat);
CARDRT_API int32_t cardrt_game_take_additional_action(cardrt_game*, int32_t player);
CARDRT_API int32_t cardrt_game_emit(cardrt_game*, int32_t event, int32_t card, int32_t player, int32_t amount);
/* The same with the event's other card ("When this unit attacks": the attacked unit; CARDRT_EVF_OTHER). */
CARDRT_API int32_t cardrt_game_emit_other(cardrt_game*, int32_t event, int32_t card, int32_t other, int32_t player,
                                          int32_t amount);
/* 1 when a restriction on the card forbids the action (CARDRT_FORBID_*) against `other` (0: none), else 0.
 * For the actions the engine drives itself (issuing a challenge, declaring an attack). */
CARDRT_API int32_t cardrt_game_forbidden(cardrt_game*, int32_t card, int32_t action, int32_t other);
/* 002 rule 522.3: the accumulation-phase gain (only while below the cap) */
CARDRT_API int32_t cardrt_game_accumulate(cardrt_game*, int32_t player, int32_t resource);
CARDRT_API int32_t cardrt_game_draw(cardrt_game*, int32_t player, int32_t count);
CARDRT_API int32_t cardrt_game_concede(cardrt_game*, int32_t player);
CARDRT_API int32_t cardrt_game_winner(const cardrt_game*); /* -1 while undecided */
CARDRT_API int32_t cardrt_game_use_ability(cardrt_game*, int32_t player, int32_t card, int32_t ability);
/* The ability keys a card has now, for cardrt_game_use_ability: its printed ones (their index in text order) and
 * those granted to it (003 Embedded text: 1000 + the grant's id), in that order. Writes up to `capacity` keys;
 * returns how many there are (0 for no such card). */
CARDRT_API int32_t cardrt_game_card_abilities(const cardrt_game*, int32_t card, int32_t* keys, int32_t capacity);
/* Use it as played without paying its cost: X can only be zero (000 7.4b). */
CARDRT_API int32_t cardrt_game_play_free(cardrt_game*, int32_t player, int32_t card, int32_t ability);
/* The player's built-in Tactical Battle ability (001 Tactical): discard a card, give a Tactician Force. */
CARDRT_API int32_t cardrt_game_tactical_battle(cardrt_game*, int32_t player);
/* Play a Terrain action card from hand (001 Terrain). */
CARDRT_API int32_t cardrt_game_play_terrain(cardrt_game*, int32_t player, int32_t card, int32_t ability);
/* 004: the end-of-turn Resist rolls for a player's units with Status counters */
CARDRT_API int32_t cardrt_game_end_of_turn_resist(cardrt_game*, int32_t player);
CARDRT_API int32_t cardrt_game_card_count(const cardrt_game*); /* highest card id */
CARDRT_API int32_t cardrt_game_card_exists(const cardrt_game*, int32_t card);
CARDRT_API int32_t cardrt_game_player_wounds(const cardrt_game*, int32_t player);
/* Log: count, one event, and rendering as text or JSON lines. Render returns the full length needed (the
 * buffer receives at most capacity-1 bytes and a NUL). */
CARDRT_API int32_t cardrt_log_count(const cardrt_game*);
CARDRT_API int32_t cardrt_log_get(const cardrt_game*, int32_t index, cardrt_log_event* out);
CARDRT_API int64_t cardrt_log_render_text(const cardrt_game*, char* buffer, int64_t capacity);
CARDRT_API int64_t cardrt_log_render_json(const cardrt_game*, char* buffer, int64_t capacity);

/* ---- engine API: card libraries (runtime/src/library_loader.cpp; docs/codegen.md "Library format") ----
 * A card library is a shared object written by `cardc compile`: the ELF image, then a 48-byte seal (the SHA-256
 * of the image, its length and the magic "CARDLIB1"). Besides its entry point CARDRT_LIBRARY_ENTRY it defines
 * int32_t cardrt_library_abi_version and the NUL-terminated strings cardrt_library_game,
 * cardrt_library_profile_hash and cardrt_library_source_hash. Loading checks, in order: the seal (a truncated,
 * altered or foreign file is refused before the dynamic loader sees it, so none of its code runs), dlopen
 * (RTLD_NOW | RTLD_LOCAL: every ABI function it calls must resolve in this runtime), the ABI version, the game,
 * the profile hash and, when one is expected, the source hash; only then is the entry point called.
 * Each function writes a message naming what differs into error[0..error_capacity) (NUL-terminated, may be NULL)
 * and returns CARDRT_OK or one of these codes (or CARDRT_E_ARGUMENT / CARDRT_E_NO_MEMORY / CARDRT_E_HANDLE). */
typedef struct cardrt_library cardrt_library;
enum {
  CARDRT_LIB_E_IO = -100,       /* the file cannot be read or written */
  CARDRT_LIB_E_CORRUPT = -101,  /* truncated, altered since it was written, or not a card library */
  CARDRT_LIB_E_LOAD = -102,     /* the dynamic loader refused it, or it lacks a card library symbol */
  CARDRT_LIB_E_ABI = -103,      /* built against another CARDRT_ABI_VERSION */
  CARDRT_LIB_E_GAME = -104,     /* built for another game */
  CARDRT_LIB_E_PROFILE = -105,  /* built against another version of the game's profile */
  CARDRT_LIB_E_SOURCE = -106,   /* built from other card text (the source was edited since) */
  CARDRT_LIB_E_REGISTER = -107  /* its entry point returned an error (the pool may hold some of its cards) */
};
/* Check the library at path and register its cards into pool. expected_source_hash NULL: not checked. On
 * success the library stays loaded for the rest of the process, since the pool and every game made from it
 * keep its functions; use cardrt_library_open to manage that lifetime yourself. */
CARDRT_API int32_t cardrt_library_load(cardrt_cardpool* pool, const char* path, const char* expected_game,
                                       const char* expected_profile_hash, const char* expected_source_hash,
                                       char* error, int32_t error_capacity);
/* The same checks without registering: *out receives a handle (NULL on failure). Here expected_game and
 * expected_profile_hash may be NULL (not checked): see cardrt_library_profile below. */
CARDRT_API int32_t cardrt_library_open(const char* path, const char* expected_game, const char* expected_profile_hash,
                                       const char* expected_source_hash, cardrt_library** out, char* error,
                                       int32_t error_capacity);
/* Call the opened library's entry point with pool. */
CARDRT_API int32_t cardrt_library_register_cards(cardrt_library* library, cardrt_cardpool* pool, char* error,
                                                 int32_t error_capacity);
/* Unmap the library. Only after every pool and game that received its cards is destroyed. NULL is a no-op. */
CARDRT_API void cardrt_library_unload(cardrt_library* library);
/* Append the seal to a freshly linked shared object (what `cardc compile` does before renaming it into place). */
CARDRT_API int32_t cardrt_library_seal(const char* path, char* error, int32_t error_capacity);

/* ---- the card ABI, declared from abi.def ---- */
#define CARDRT_T_I32 int32_t
#define CARDRT_T_I64 int64_t
#define CARDRT_T_U32 uint32_t
#define CARDRT_T_GAME cardrt_game*
#define CARDRT_T_CTX cardrt_effect_ctx*
#define CARDRT_T_POOL cardrt_cardpool*
#define CARDRT_T_STR const char*
#define CARDRT_T_FN cardrt_any_fn
#define CARDRT_T_(code) CARDRT_T_##code
#define CARDRT_MAP_1(a) CARDRT_T_(a)
#define CARDRT_MAP_2(a, ...) CARDRT_T_(a), CARDRT_MAP_1(__VA_ARGS__)
#define CARDRT_MAP_3(a, ...) CARDRT_T_(a), CARDRT_MAP_2(__VA_ARGS__)
#define CARDRT_MAP_4(a, ...) CARDRT_T_(a), CARDRT_MAP_3(__VA_ARGS__)
#define CARDRT_MAP_5(a, ...) CARDRT_T_(a), CARDRT_MAP_4(__VA_ARGS__)
#define CARDRT_MAP_6(a, ...) CARDRT_T_(a), CARDRT_MAP_5(__VA_ARGS__)
#define CARDRT_MAP_7(a, ...) CARDRT_T_(a), CARDRT_MAP_6(__VA_ARGS__)
#define CARDRT_MAP_8(a, ...) CARDRT_T_(a), CARDRT_MAP_7(__VA_ARGS__)
#define CARDRT_NARGS_(_1, _2, _3, _4, _5, _6, _7, _8, n, ...) n
#define CARDRT_NARGS(...) CARDRT_NARGS_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define CARDRT_CAT_(a, b) a##b
#define CARDRT_CAT(a, b) CARDRT_CAT_(a, b)
#define CARDRT_PARAMS(...) CARDRT_CAT(CARDRT_MAP_, CARDRT_NARGS(__VA_ARGS__))(__VA_ARGS__)

#define CARDRT_ABI_FN(name, ret, ...) CARDRT_API CARDRT_T_(ret) name(CARDRT_PARAMS(__VA_ARGS__));
#include "cardrt/abi.def"
#undef CARDRT_ABI_FN

/* A library built against this header can check the runtime it is loaded into. */
CARDRT_API int32_t cardrt_abi_function_count(void);
CARDRT_API const char* cardrt_abi_function_name(int32_t index);

/* ---- engine API: profile descriptions (runtime/src/profile_description.cpp; docs/runtime.md "Profile
 * descriptions") ----
 * A profile as a line-based UTF-8 text, one declaration per line, first line "cardrt-profile 1". `cardc compile
 * --emit=profile` prints the description of a set's game, and every card library embeds it (below). The text is
 * canonical: describe writes one text per profile and from_description accepts only that text, so
 * cardrt_profile_describe(cardrt_profile_from_description(d)) == d byte for byte. */
/* Build a profile from a description: NULL on any error, with "line N: what is wrong" written into
 * error[0..error_capacity) (NUL-terminated; error may be NULL). The profile is the caller's to destroy. */
CARDRT_API cardrt_profile* cardrt_profile_from_description(const char* text, char* error, int32_t error_capacity);
/* Write the description into buffer (at most capacity-1 bytes and a NUL) and return the full size needed,
 * NUL included; buffer may be NULL to ask for the size. CARDRT_E_HANDLE for a bad profile. */
CARDRT_API int64_t cardrt_profile_describe(const cardrt_profile* profile, char* buffer, int64_t capacity);
/* The profile's identity: 16 lowercase hex digits and a NUL (capacity >= 17), the 64-bit FNV-1a hash of its
 * description. It is the profile hash cardc writes into card libraries (expected_profile_hash below). */
CARDRT_API int32_t cardrt_profile_identity(const cardrt_profile* profile, char* out, int32_t capacity);

/* ---- engine API: a card library's own profile ----
 * Card libraries also define the NUL-terminated string CARDRT_LIBRARY_PROFILE_DESCRIPTION: the description of the
 * profile they were compiled against ("" from a cardc that predates descriptions). cardrt_library_open accepts
 * NULL for expected_game and expected_profile_hash (not checked) so that an engine holding only the library can
 * open it, build its profile, then make a pool, register the cards and create games:
 *   cardrt_library_open(path, NULL, NULL, NULL, &lib, ...); cardrt_library_profile(lib, &profile, ...);
 *   pool = cardrt_cardpool_create(profile); cardrt_library_register_cards(lib, pool, ...); */
#define CARDRT_LIBRARY_PROFILE_DESCRIPTION "cardrt_library_profile_description"
/* *out receives a new profile built from the library's embedded description (the caller destroys it), after
 * checking that it names the library's game (else CARDRT_LIB_E_GAME) and that its identity is the library's
 * profile hash (else CARDRT_LIB_E_PROFILE). CARDRT_LIB_E_LOAD when the library embeds no description,
 * CARDRT_LIB_E_PROFILE when the description is invalid. */
CARDRT_API int32_t cardrt_library_profile(cardrt_library* library, cardrt_profile** out, char* error,
                                          int32_t error_capacity);

#ifdef __cplusplus
}
#endif

#endif /* CARDRT_CARDRT_H */
