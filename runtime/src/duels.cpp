// Duels and challenges, and leaving a battlefield. A duel compares each duelist's duel stat (the stat the profile
// gives the duel role, else its Chi, else its Attack), where a negative value counts as zero (000_6878fa005291d153.txt 7.2a), plus the Focus Value
// of a card each duelist's player may focus from hand (003 Focus Value: "used for dueling"). Effects that last
// "until the duel ends" end with it (003 Focus Value: a bonus during a duel ends at its end).
#include "game.hpp"
#include "saturating.hpp"

namespace cardrt {

// The card a duelist's player focuses from hand, if any (003 Focus Value: "used for dueling").
CardId Game::choose_focus(cardrt_effect_ctx* ctx, CardId duelist) {
  const Profile& p = *profile_;
  const int32_t focus = p.role(CARDRT_ROLE_FOCUS), hand = p.zone(CARDRT_ZROLE_HAND);
  if (focus < 0 || hand < 0) return 0;
  const PlayerId who = card(duelist).controller;
  std::vector<CardId> options;
  for (CardId id : s_.players[size_t(who)].zones[size_t(hand)])
    if (stat_present(card(id), focus)) options.push_back(id);
  if (options.empty()) return 0;
  cardrt_choice c{};
  c.kind = CARDRT_CHOICE_CARDS;
  c.purpose = CARDRT_PURPOSE_FOCUS;
  c.player = who;
  c.source_card = ctx_source(ctx);
  c.min_count = 0;
  c.max_count = 1;
  for (int32_t i : ask(c, options)) {
    const CardId f = options[size_t(i)];
    emit(CARDRT_LOG_FOCUSED, who, f, duelist, focus, std::max(0, stat_value(card(f), focus)), 0);
    return f;
  }
  return 0;
}

// A duelist's total: his duel stat (negative counts as zero, 000 7.2a) plus the Focus Value of the card focused for
// him, read after the Focus Effects ("Raise this card's Focus Value to 5").
int32_t Game::duel_total(CardId duelist, CardId focused) {
  const Profile& p = *profile_;
  int32_t stat = p.role(CARDRT_ROLE_DUEL);
  if (stat < 0) stat = p.role(CARDRT_ROLE_CHI);
  if (stat < 0) stat = p.role(CARDRT_ROLE_ATTACK);
  const CardDef* own = valid_card(duelist) ? def_of(card(duelist)) : nullptr;
  const bool printed = own && own->duel_stat >= 0 && own->duel_stat_printed;
  if (own && own->duel_stat >= 0) stat = own->duel_stat;
  int64_t total = stat >= 0 && valid_card(duelist)
                      ? std::max(0, printed ? stat_base(card(duelist), stat) : stat_value(card(duelist), stat))  // 000 7.2a
                      : 0;
  const int32_t focus = p.role(CARDRT_ROLE_FOCUS);
  if (focused && focus >= 0 && valid_card(focused)) total = acc_add(total, std::max(0, stat_value(card(focused), focus)));
  return clamp_to_i32(total);
}

CardId Game::duel_card(PlayerId you, int32_t which) const {
  const State::Duel& d = s_.duel;
  switch (which) {
    case CARDRT_DUEL_WINNER: return d.winner;
    case CARDRT_DUEL_LOSER: return d.winner == 0 ? 0 : d.winner == d.duelists[0] ? d.duelists[1] : d.duelists[0];
    case CARDRT_DUEL_YOURS:
    case CARDRT_DUEL_THEIRS:
      for (CardId c : d.duelists)
        if (c && valid_card(c) && (card(c).controller == you) == (which == CARDRT_DUEL_YOURS)) return c;
      return 0;
    default: return 0;
  }
}

CardId Game::duel(cardrt_effect_ctx* ctx, CardId a, CardId b, uint32_t flags) {
  if (a == CARDRT_NO_CARD || b == CARDRT_NO_CARD || !in_play(a) || !in_play(b) || a == b) return 0;
  if (ctx && ctx->probe) return 0;
  if (flags & CARDRT_DUEL_CHALLENGE) {
    // 003 Traits: "This Personality may not issue challenges"
    if (forbidden(a, CARDRT_FORBID_ISSUE_CHALLENGE, b)) {
      emit(CARDRT_LOG_FORBIDDEN, card(a).controller, a, b, CARDRT_FORBID_ISSUE_CHALLENGE, 0, 0);
      return 0;
    }
    record_challenge(a, b);  // issued, whether or not it is accepted
    if (!choose_yes_no(ctx, card(b).controller, CARDRT_PURPOSE_ACCEPT_CHALLENGE, b)) {
      emit(CARDRT_LOG_CHALLENGE_REFUSED, card(b).controller, b, a, -1, 0, 0);
      return 0;
    }
  }
  s_.duel = State::Duel{{a, b}, 0};
  // each duelist enters the duel ("After this beast enters a duel"), before either player focuses
  for (auto [duelist, other] : {std::pair{a, b}, std::pair{b, a}})
    if (in_play(duelist))
      raise(EventInfo{.kind = CARDRT_EV_DUEL_ENTERED, .card = duelist, .player = card(duelist).controller, .other = other});
  const CardId fa = choose_focus(ctx, a), fb = choose_focus(ctx, b);
  // 003 Traits: "Focus Effect:" is a trigger at a point in a duel: each focused card's, once both are focused
  for (auto [f, duelist] : {std::pair{fa, a}, std::pair{fb, b}})
    if (f && valid_card(f) && valid_card(duelist))
      raise(EventInfo{.kind = CARDRT_EV_FOCUSED, .card = f, .player = card(duelist).controller, .other = duelist});
  const int32_t ta = duel_total(a, fa), tb = duel_total(b, fb);
  const CardId winner = ta > tb ? a : tb > ta ? b : 0;
  s_.duel.winner = winner;
  if (winner) card(winner).won_duel_turn = s_.turn_serial;  // "if he won a duel this turn" (card_history.cpp)
  emit(CARDRT_LOG_DUEL, winner ? card(winner).controller : -1, a, b, -1, ta, tb);
  for (CardId f : {fa, fb})
    if (f && valid_card(f) && !in_play(f) && discard_pile(f) >= 0) move_card(ctx, f, discard_pile(f));
  signal(CARDRT_BOUNDARY_DUEL_END);
  return winner;
}

int32_t Game::send_home(cardrt_effect_ctx* ctx, CardId id) {
  if (id == CARDRT_NO_CARD) return CARDRT_FAILED;
  if (!valid_card(id)) return CARDRT_E_ARGUMENT;
  Card& c = card(id);
  if (!in_play(id) || c.battlefield == 0) return CARDRT_FAILED;
  if (ctx && ctx->probe) return CARDRT_OK;
  if (forbid_now(ctx, id, CARDRT_FORBID_MOVE)) return CARDRT_FAILED;
  const int32_t from = c.battlefield;
  move_unit(id, 0);  // the unit goes home together
  emit(CARDRT_LOG_SENT_HOME, c.controller, id, ctx_source(ctx), -1, from, 0);
  return CARDRT_OK;
}

}  // namespace cardrt
