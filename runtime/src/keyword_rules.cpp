// Rule modules for keywords with rules meaning, switched on by the profile.
// 001_99c7513ab738c7d1.txt Glossary T: Tactical / Tactician, Terrain.
#include "game.hpp"

namespace cardrt {
namespace {
constexpr int32_t kTacticalKey = -100;
}

// 001 Tactical: "Tactical Battle: Any number of times per turn, discard a card and target one of your
// Tactician Personalities: Give him a Force bonus equal to the Focus Value of the discarded card."
// Because each Tactician performs one Tactical action per turn, each gets at most one such bonus per turn.
int32_t Game::tactical_battle(PlayerId p) {
  if (!profile_->rule(CARDRT_RULE_TACTICAL)) return CARDRT_E_STATE;
  if (!valid_player(p)) return CARDRT_E_ARGUMENT;
  if (s_.over) return CARDRT_E_STATE;
  const int32_t force = profile_->role(CARDRT_ROLE_FORCE), focus = profile_->role(CARDRT_ROLE_FOCUS);
  const int32_t hand = profile_->zone(CARDRT_ZROLE_HAND);
  if (force < 0 || hand < 0 || s_.battlefield == 0) return CARDRT_FAILED;
  std::vector<int32_t> tacticians;
  for (CardId id : cards_in_play()) {
    const Card& t = card(id);
    if (t.controller == p && is_tactician(t) && !has_state(t, CARDRT_STATE_BOWED) && t.battlefield == s_.battlefield &&
        !used_this_turn(t, kTacticalKey))
      tacticians.push_back(id);
  }
  const std::vector<CardId> cards = s_.players[size_t(p)].zones[size_t(hand)];
  if (tacticians.empty() || cards.empty()) return CARDRT_FAILED;
  cardrt_choice c{};
  c.kind = CARDRT_CHOICE_CARDS;
  c.purpose = CARDRT_PURPOSE_TARGET;
  c.player = p;
  const CardId tactician = tacticians[ask_one(c, tacticians)];
  emit(CARDRT_LOG_TARGETED, p, tactician, 0, 0, 0, 0);
  c.purpose = CARDRT_PURPOSE_DISCARD;
  const CardId discarded = cards[ask_one(c, cards)];
  const int32_t value = focus >= 0 ? stat_value(card(discarded), focus) : 0;
  discard_card(nullptr, discarded);
  mark_used(card(tactician), kTacticalKey);
  emit(CARDRT_LOG_ABILITY_USED, p, tactician, discarded, -1, kTacticalKey, value);
  cardrt_effect_ctx ctx = rule_ctx(p);
  return modify(&ctx, tactician, force, CARDRT_OP_ADD, value, CARDRT_DUR_END_OF_BATTLE) > 0 ? CARDRT_OK
                                                                                           : CARDRT_FAILED;
}

// 001 Terrain: one Terrain per battlefield; it enters play as a rulebook effect before its action resolves.
int32_t Game::play_terrain(PlayerId p, CardId id, int32_t ability) {
  if (!profile_->rule(CARDRT_RULE_TERRAIN)) return CARDRT_E_STATE;
  if (!valid_player(p) || !valid_card(id)) return CARDRT_E_ARGUMENT;
  if (!is_terrain(card(id)) || s_.battlefield == 0) return CARDRT_FAILED;
  for (CardId t : cards_in_play())
    if (is_terrain(card(t)) && card(t).battlefield == s_.battlefield) return CARDRT_FAILED;
  return use_ability(p, id, ability, false, true);
}

// 001 Terrain: after battle resolution, discard the Terrains at the current battlefield; their effects end
// unless delayed to a later time or explicitly lasting beyond the resolution. This is not negation.
void Game::discard_terrains() {
  if (!profile_->rule(CARDRT_RULE_TERRAIN)) return;
  for (CardId t : cards_in_play()) {
    if (!in_play(t) || !is_terrain(card(t)) || card(t).battlefield != s_.battlefield) continue;
    end_effects_from(t, kEndBattleBound);
    emit(CARDRT_LOG_TERRAIN_DISCARDED, card(t).controller, t, 0, -1, s_.battlefield, 0);
    if (discard_pile(t) >= 0) move_card(nullptr, t, discard_pile(t));
  }
}

}  // namespace cardrt
