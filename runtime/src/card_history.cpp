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

int32_t Game::card_history(CardId id, int32_t which) const {
  if (!valid_card(id) || !card(id).in_play) return 0;
  const Card& c = card(id);
  switch (which) {
    case CARDRT_HISTORY_WON_DUEL_THIS_TURN: return c.won_duel_turn != 0 && c.won_duel_turn == s_.turn_serial;
    case CARDRT_HISTORY_MOVED_THIS_BATTLE:
      return s_.battlefield != 0 && c.moved_battle != 0 && c.moved_battle == s_.battle_serial;
    default: return 0;
  }
}

}  // namespace cardrt
