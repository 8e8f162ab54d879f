// What a card did this turn or this battle, for conditions that ask it: "Straighten him if he won a duel this turn",
// "If Ajasu has moved this battle". The record belongs to the card while it is in play (leaving play clears it:
// zones.cpp), and is stamped with the turn or battle it happened in, so it lapses when the next one begins without
// anything to reset.
#include "game.hpp"

namespace cardrt {

// The engine names the battlefield of the battle under way; naming another one (or one after none) begins a battle.
void Game::set_battlefield(int32_t battlefield) {
  if (battlefield != 0 && battlefield != s_.battlefield) ++s_.battle_serial;
  s_.battlefield = battlefield;
}

// A unit moves together: its Personality and the cards attached to him. A move during a battle is recorded.
void Game::move_unit(CardId head, int32_t battlefield) {
  Card& c = card(head);
  if (c.battlefield == battlefield) return;
  c.battlefield = battlefield;
  for (CardId a : c.attachments) card(a).battlefield = battlefield;
  if (s_.battlefield != 0) {
    c.moved_battle = s_.battle_serial;
    for (CardId a : c.attachments) card(a).moved_battle = s_.battle_serial;
  }
}

// "Ibara has challenged a Personality this turn": the types of the cards it challenged, this turn's only (a bit each).
void Game::record_challenge(CardId challenger, CardId challenged) {
  Card& c = card(challenger);
  if (c.challenged_turn != s_.turn_serial) c.challenged_types = 0;
  c.challenged_turn = s_.turn_serial;
  const int32_t type = card(challenged).type;
  if (type >= 0 && type < 32) c.challenged_types |= uint32_t{1} << type;
}

int32_t Game::challenged_this_turn(CardId id, int32_t type) const {
  if (!valid_card(id) || !card(id).in_play) return 0;
  const Card& c = card(id);
  if (c.challenged_turn == 0 || c.challenged_turn != s_.turn_serial) return 0;
  if (type < 0) return c.challenged_types != 0;
  return type < 32 && (c.challenged_types >> type & 1u);
}

int32_t Game::card_history(CardId id, int32_t which) const {
  if (!valid_card(id) || !card(id).in_play) return 0;
  const Card& c = card(id);
  switch (which) {
    case CARDRT_HISTORY_WON_DUEL_THIS_TURN: return c.won_duel_turn != 0 && c.won_duel_turn == s_.turn_serial;
    case CARDRT_HISTORY_MOVED_THIS_BATTLE:
      return s_.battlefield != 0 && c.moved_battle != 0 && c.moved_battle == s_.battle_serial;
    case CARDRT_HISTORY_ENTERED_PLAY_THIS_TURN: return c.entered_turn != 0 && c.entered_turn == s_.turn_serial;
    default: return 0;
  }
}

}  // namespace cardrt
