// sets/skirmish.cards by hand: what a programmer writes against cardrt.h, with the same ABI calls, in the same
// order, as the compiler's code (`cardc compile tests/bench/sets/skirmish.cards --emit=ir`), so the event logs
// agree (effect_peers_agree). Keep in step with the set and with lua/*.lua.
#include "handwritten_cards.h"

namespace bench {
namespace {

// heroes.game, in declaration order.
constexpr int32_t kAttack = 0;    // stat Attack
constexpr int32_t kCreature = 1;  // card type Creature
constexpr int32_t kWound = 0;     // status Wound (a counter)
constexpr int32_t kCoin = 0;      // resource coin
constexpr int32_t kPrayer = 1;    // resource prayer token

bool creature_in_play(cardrt_game* g, int32_t card) {
  return cardrt_card_in_play(g, card) && cardrt_card_type(g, card) == kCreature;
}

// "target creature"
int32_t any_creature(cardrt_game* g, cardrt_effect_ctx*, int32_t card) { return creature_in_play(g, card); }

// Hedge Mender: "Action: Remove 1 wound from target creature."
int32_t mender_action(cardrt_game* g, cardrt_effect_ctx* ctx) {
  if (cardrt_target_cards(g, ctx, 0, reinterpret_cast<cardrt_any_fn>(&any_creature), 1, 1, CARDRT_TGT_FACE_FEATURES))
    return CARDRT_FAILED;
  cardrt_remove_counters(g, ctx, cardrt_slot_get(g, ctx, 0, 0), kWound, 1);
  return CARDRT_OK;
}
// Hedge Mender: "After this creature is dealt wounds: Gain 1 coin."
int32_t mender_dealt_wounds(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_ctx_event(g, ctx, CARDRT_EVF_CARD) == cardrt_ctx_source(g, ctx);
}
int32_t mender_gain_coin(cardrt_game* g, cardrt_effect_ctx* ctx) {
  cardrt_gain_resource(g, ctx, cardrt_ctx_controller(g, ctx), kCoin, 1);
  return CARDRT_OK;
}

// Drill Captain: "Action: Target a creature you control. It has +2 ATK until the end of the turn."
int32_t creature_you_control(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t card) {
  return creature_in_play(g, card) && cardrt_card_controller(g, card) == cardrt_ctx_controller(g, ctx);
}
int32_t captain_action(cardrt_game* g, cardrt_effect_ctx* ctx) {
  if (cardrt_target_cards(g, ctx, 0, reinterpret_cast<cardrt_any_fn>(&creature_you_control), 1, 1,
                          CARDRT_TGT_FACE_FEATURES))
    return CARDRT_FAILED;
  cardrt_stat_modify(g, ctx, cardrt_slot_get(g, ctx, 0, 0), kAttack, 2, CARDRT_DUR_END_OF_TURN);
  return CARDRT_OK;
}

// Ember Slinger: "Action: Deal 1 wound to target creature."
int32_t slinger_action(cardrt_game* g, cardrt_effect_ctx* ctx) {
  if (cardrt_target_cards(g, ctx, 0, reinterpret_cast<cardrt_any_fn>(&any_creature), 1, 1, CARDRT_TGT_FACE_FEATURES))
    return CARDRT_FAILED;
  cardrt_deal_damage(g, ctx, cardrt_slot_get(g, ctx, 0, 0), 1, 0);
  return CARDRT_OK;
}

// Bell Ringer: "After your turn begins: Gain 1 prayer token."
int32_t your_turn_begins(cardrt_game* g, cardrt_effect_ctx* ctx) {
  return cardrt_ctx_event(g, ctx, CARDRT_EVF_PLAYER) == cardrt_ctx_controller(g, ctx);
}
int32_t ringer_gain_prayer(cardrt_game* g, cardrt_effect_ctx* ctx) {
  cardrt_gain_resource(g, ctx, cardrt_ctx_controller(g, ctx), kPrayer, 1);
  return CARDRT_OK;
}

// Banner Sergeant: "Other creatures you control have +1 ATK."
int32_t other_creature_you_control(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t card) {
  return cardrt_card_in_play(g, card) && card != cardrt_ctx_source(g, ctx) && cardrt_card_type(g, card) == kCreature &&
         cardrt_card_controller(g, card) == cardrt_ctx_controller(g, ctx);
}
int32_t plus_one_attack(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t card) {
  cardrt_stat_modify(g, ctx, card, kAttack, 1, CARDRT_DUR_CONTINUOUS);
  return CARDRT_OK;
}
int32_t sergeant_banner(cardrt_game* g, cardrt_effect_ctx* ctx) {
  cardrt_for_each_card(g, ctx, reinterpret_cast<cardrt_any_fn>(&other_creature_you_control),
                       reinterpret_cast<cardrt_any_fn>(&plus_one_attack));
  return CARDRT_OK;
}

cardrt_any_fn fn(cardrt_effect_fn f) { return reinterpret_cast<cardrt_any_fn>(f); }

// One card's definition: title, stats (Attack, Life, Coin Cost) and two keywords.
int32_t creature(cardrt_cardpool* pool, const char* title, int32_t attack, int32_t life, int32_t cost, const char* kw1,
                 const char* kw2) {
  const int32_t def = cardrt_def_card(pool, title, "Creature");
  if (def < 0) return def;
  int32_t rc = 0;
  if ((rc = cardrt_def_stat(pool, def, "Attack", CARDRT_BASE_VALUE, attack)) < 0) return rc;
  if ((rc = cardrt_def_stat(pool, def, "Life", CARDRT_BASE_VALUE, life)) < 0) return rc;
  if ((rc = cardrt_def_stat(pool, def, "Coin Cost", CARDRT_BASE_VALUE, cost)) < 0) return rc;
  if ((rc = cardrt_def_keyword(pool, def, kw1)) < 0) return rc;
  if ((rc = cardrt_def_keyword(pool, def, kw2)) < 0) return rc;
  return def;
}

// An ability with its functions (null: none), in slot order.
int32_t ability(cardrt_cardpool* pool, int32_t def, int32_t kind, const char* event, cardrt_effect_fn condition,
                cardrt_effect_fn effect, int32_t effect_slot = CARDRT_FN_EFFECT) {
  const int32_t ab = cardrt_def_ability(pool, def, kind, 0, event, 0);
  if (ab < 0) return ab;
  int32_t rc = 0;
  if (condition && (rc = cardrt_def_ability_fn(pool, def, ab, CARDRT_FN_CONDITION, fn(condition))) < 0) return rc;
  if ((rc = cardrt_def_ability_fn(pool, def, ab, effect_slot, fn(effect))) < 0) return rc;
  return CARDRT_OK;
}

}  // namespace

int32_t register_handwritten_cards(cardrt_cardpool* pool) {
  int32_t def = 0, rc = 0;
  if ((def = creature(pool, "Hedge Mender", 1, 4, 2, "Human", "Priest")) < 0) return def;
  if ((rc = ability(pool, def, CARDRT_AB_ACTION, "", nullptr, &mender_action)) < 0) return rc;
  if ((rc = ability(pool, def, CARDRT_AB_TRIGGERED, "damaged", &mender_dealt_wounds, &mender_gain_coin)) < 0) return rc;

  if ((def = creature(pool, "Drill Captain", 2, 5, 3, "Human", "Warrior")) < 0) return def;
  if ((rc = ability(pool, def, CARDRT_AB_ACTION, "", nullptr, &captain_action)) < 0) return rc;

  if ((def = creature(pool, "Ember Slinger", 1, 4, 2, "Elf", "Ranger")) < 0) return def;
  if ((rc = ability(pool, def, CARDRT_AB_ACTION, "", nullptr, &slinger_action)) < 0) return rc;

  if ((def = creature(pool, "Bell Ringer", 0, 3, 2, "Dwarf", "Bell")) < 0) return def;
  if ((rc = ability(pool, def, CARDRT_AB_TRIGGERED, "turn_start", &your_turn_begins, &ringer_gain_prayer)) < 0)
    return rc;

  if ((def = creature(pool, "Banner Sergeant", 2, 4, 4, "Human", "Warrior")) < 0) return def;
  if ((rc = ability(pool, def, CARDRT_AB_CONTINUOUS, "", nullptr, &sergeant_banner, CARDRT_FN_CONTINUOUS)) < 0)
    return rc;
  return CARDRT_OK;
}

}  // namespace bench
