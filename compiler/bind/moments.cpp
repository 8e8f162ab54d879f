// The moment a delayed effect waits for (002 rule 521): "After this duel ends, ...", "When your next turn begins,
// ...", "Before this turn ends, ...". Every word of the moment is read; a moment with any other word is reported,
// never matched by a phrase inside it (a probe such as "After the duel ends slowly" must fail).
#include <algorithm>

#include "bind/card_binder.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

namespace {

// One moment the runtime signals: the words of its event, and whether "before" fits it.
struct MomentShape {
  std::vector<std::string> event;  // "turn begins", "duel 's resolution" as words
  int32_t boundary;
  int32_t before;  // the boundary "before" names: the same one when it comes first, -1 when nothing is signalled
};

}  // namespace

std::optional<bool> CardBinder::delayed_moment(const Clause& c, int32_t& boundary, int& turns) {
  std::vector<std::string> w;
  for (const auto* t : c.all_terms)
    if (t->range.begin >= c.conditions.front().begin && t->range.end <= c.conditions.front().end) w.push_back(lower_word(*t));
  auto fail_moment = [&] { return fail({c.conditions.front(), "its moment is not compiled yet"}); };
  if (w.empty()) return fail_moment();
  std::string timing = w.front();
  if (timing != "after" && timing != "before" && timing != "when" && timing != "at") return fail_moment();
  // The runtime's boundaries (runtime/src/durations.cpp): a turn's start and end, the end of a phase, a battle about
  // to resolve, resolved and ended, a duel's end, dawn. The turn's end is signalled before anything of it ends, so
  // "Before this turn ends" is that moment too; nothing is signalled before a duel ends.
  static const std::vector<MomentShape> shapes = {
      {{"turn", "begins"}, CARDRT_BOUNDARY_TURN_START, -1},
      {{"turn", "ends"}, CARDRT_BOUNDARY_TURN_END, CARDRT_BOUNDARY_TURN_END},
      {{"end", "of", "the", "turn"}, CARDRT_BOUNDARY_TURN_END, CARDRT_BOUNDARY_TURN_END},
      {{"phase", "ends"}, CARDRT_BOUNDARY_PHASE_END, CARDRT_BOUNDARY_PHASE_END},
      {{"battle", "resolves"}, CARDRT_BOUNDARY_BATTLE_RESOLVED, CARDRT_BOUNDARY_BATTLE_RESOLVING},
      {{"battle's", "resolution"}, CARDRT_BOUNDARY_BATTLE_RESOLVED, CARDRT_BOUNDARY_BATTLE_RESOLVING},
      {{"battle", "ends"}, CARDRT_BOUNDARY_BATTLE_END, -1},
      {{"duel", "ends"}, CARDRT_BOUNDARY_DUEL_END, -1},
      {{"duel's", "resolution"}, CARDRT_BOUNDARY_DUEL_END, -1},
      {{"dawn", "begins"}, CARDRT_BOUNDARY_DAWN, -1},
      {{"dawn"}, CARDRT_BOUNDARY_DAWN, -1},
  };
  for (const auto& s : shapes) {
    if (w.size() < 1 + s.event.size()) continue;
    if (!std::equal(s.event.begin(), s.event.end(), w.end() - static_cast<long>(s.event.size()))) continue;
    if (timing == "before" && s.before < 0) return fail_moment();
    // the words between the timing word and the event: which one ("this", "the", "the current") or whose ("your
    // next": the controller's next turn, 001 Turn)
    std::vector<std::string> which(w.begin() + 1, w.end() - static_cast<long>(s.event.size()));
    boundary = timing == "before" ? s.before : s.boundary;
    turns = 0;
    bool turn = s.boundary == CARDRT_BOUNDARY_TURN_START || (s.boundary == CARDRT_BOUNDARY_TURN_END && s.event.front() == "turn");
    if (s.event.front() == "end") {  // "At the end of the turn"
      if (!which.empty() || timing != "at") return fail_moment();
      return true;
    }
    if (s.event.front() == "dawn" && s.event.size() == 1) {  // "At dawn"
      if (!which.empty() || timing != "at") return fail_moment();
      return true;
    }
    if (which == std::vector<std::string>{"this"} || which == std::vector<std::string>{"the"} ||
        which == std::vector<std::string>{"the", "current"})
      return true;
    bool your_next = which == std::vector<std::string>{"your", "next"};
    if (turn && (your_next || (which == std::vector<std::string>{"your"} && s.boundary == CARDRT_BOUNDARY_TURN_START))) {
      // your next turn (001 Turn): counted from your own turns, so one set up in your turn waits for the next
      turns = 1;
      return true;
    }
    return fail_moment();
  }
  return fail_moment();
}

}  // namespace cardc::binding

namespace cardc::binding {

// Whether the pronoun at `term` names the card the effect moved (moved_card_): it refers to those words, or to what
// they refer to ("Move him home. Bow him as he moves.": both "him" and "he" are the loser).
bool CardBinder::names_moved_card(const ast::Term* term) const {
  const Reference* r = reference_at(term);
  if (!r || !moved_card_.valid()) return false;
  if (r->antecedent.valid() && r->antecedent.begin >= moved_card_.begin && r->antecedent.end <= moved_card_.end) return true;
  for (const Reference& m : unit_->references)
    if (m.range.begin >= moved_card_.begin && m.range.end <= moved_card_.end)
      return m.kind == r->kind && m.antecedent.valid() == r->antecedent.valid() &&
             (!m.antecedent.valid() || (m.antecedent.begin == r->antecedent.begin && m.antecedent.end == r->antecedent.end));
  return false;
}

// "Bow him as he moves", "straighten his unit as he moves", "Straighten his unit after this moves him": the effect
// happens with the movement the effect made just before, so only when it did move (the move's own result, as "If he
// moved" reads it). "Bow him before this battle resolves": a delayed effect at the moment the battle is about to
// resolve (002 rule 521). nullopt: the clause has no such words.
std::optional<bool> CardBinder::timed_effect(const Clause& c, Body& b, bool continuous) {
  const auto& t = c.terms;
  size_t n = t.size(), words = 0;
  const ast::Term* who = nullptr;
  if (n > 4 && word_at(t, n - 4) == "before" && word_at(t, n - 3) == "this" && word_at(t, n - 2) == "battle" &&
      word_at(t, n - 1) == "resolves") {
    Clause with = c;
    with.terms.resize(n - 4);
    with.range.end = with.terms.back()->range.end;
    Body later;
    later.locals = b.locals;
    if (!effect_body(with, later, continuous)) return false;
    later.stmts.push_back(ret(konst(CARDRT_OK)));
    int f = add_function("delayed", FnKind::Effect, std::move(later), c.range);
    b.stmts.push_back(eval(call("cardrt_delay", {G(), C(), konst(CARDRT_BOUNDARY_BATTLE_RESOLVING), konst(-1), konst(0), fn_ref(f)})));
    return true;
  }
  if (n > 3 && word_at(t, n - 3) == "as" && word_at(t, n - 1) == "moves") {
    words = 3;
    who = t[n - 2];
  } else if (n > 4 && word_at(t, n - 4) == "after" && word_at(t, n - 3) == "this" && word_at(t, n - 2) == "moves") {
    words = 4;
    who = t[n - 1];
  } else {
    return std::nullopt;
  }
  if (!moved_local_ || !names_moved_card(who))
    return fail({c.range, "the words '" + words_text(t, n - words, n) + "' name no movement this effect made"});
  Clause with = c;
  with.terms.resize(n - words);
  with.range.end = with.terms.back()->range.end;
  Body inner;
  inner.locals = b.locals;
  if (!effect_body(with, inner, continuous)) return false;
  b.locals = inner.locals;
  b.stmts.push_back(if_(local(*moved_local_), block(std::move(inner.stmts))));
  return true;
}

}  // namespace cardc::binding

namespace cardc::binding {

// A moment that the effect before it has already passed: "Ranged 3 Attack. After this destroys a card, gain 1 Honor"
// (this: the attack, which destroys its target as it resolves). The condition is whether it did; nullopt: not such a
// moment.
std::optional<Node> CardBinder::moment_just_passed(const Clause& c) const {
  std::vector<std::string> w;
  for (const auto* t : c.all_terms)
    if (t->range.begin >= c.conditions.front().begin && t->range.end <= c.conditions.front().end) w.push_back(lower_word(*t));
  if (destroyed_local_ && w == std::vector<std::string>{"after", "this", "destroys", "a", "card"}) return local(*destroyed_local_);
  return std::nullopt;
}

}  // namespace cardc::binding

namespace cardc::binding {

// "After the target attacks this turn", "After the next time this turn he is destroyed during a battle", "After each
// time he assigns this turn", "After this Terrain is destroyed": a delayed effect that waits for an event about a card
// (cardrt_delay_until_event, 002 rule 521). Every word is read: the timing word, "the next time" / "each time", a span
// ("this turn", "this phase", "this battle", "this game") before or after the event, the card, the event, "during a
// battle". nullopt: the moment's event is not about a card (a boundary's, read by delayed_moment).
std::optional<bool> CardBinder::event_moment(const Clause& c, EventMoment& out, Body& b) {
  if (c.event < 0) return std::nullopt;
  const PhraseDef& e = p_.events[static_cast<size_t>(c.event)];
  // events about a card; of the runtime's own, those whose card is the one it happened to
  if (!e.awaited_on_card()) return std::nullopt;
  Clause m = c;
  m.terms.clear();
  for (const auto* t : c.all_terms)
    if (t->range.begin >= c.conditions.front().begin && t->range.end <= c.conditions.front().end) m.terms.push_back(t);
  const auto& t = m.terms;
  auto word = [&](size_t k) { return word_at(t, k); };
  auto fail_moment = [&] { return fail({c.conditions.front(), "its moment is not compiled yet"}); };
  if (word(0) != "after" && word(0) != "when") return fail_moment();
  size_t i = 1;
  out = EventMoment{};
  if ((word(1) == "the" && (word(2) == "next" || word(2) == "first") && word(3) == "time")) {
    i = 4;
  } else if (word(1) == "each" && word(2) == "time") {
    out.flags |= CARDRT_DELAY_EACH_TIME;
    i = 3;
  }
  bool span = false;
  auto read_span = [&](size_t& k) {
    if (word(k) != "this") return;
    std::string w = word(k + 1);
    int32_t lapses = w == "turn" ? CARDRT_BOUNDARY_TURN_END : w == "phase" ? CARDRT_BOUNDARY_PHASE_END
                     : w == "battle" ? CARDRT_BOUNDARY_BATTLE_END : w == "game" ? 0 : -1;
    if (lapses < 0 || span) return;
    out.lapses = lapses;
    span = true;
    k += 2;
  };
  read_span(i);
  size_t ev = i;
  while (ev < t.size() && word(ev) != lower(e.words.front())) ++ev;
  if (ev == i || ev + e.words.size() > t.size()) return fail_moment();
  for (size_t k = 0; k < e.words.size(); ++k)
    if (word(ev + k) != lower(e.words[k])) return fail_moment();
  size_t end = i;
  std::string why;
  auto card = card_at(m, i, end, why);
  if (!card || end != ev) return fail_moment();
  size_t k = ev + e.words.size();
  read_span(k);
  if (word(k) == "during" && word(k + 1) == "a" && word(k + 2) == "battle") {
    out.during_battle = true;
    k += 3;
  }
  if (k != t.size()) return fail_moment();
  uint32_t who = b.local();
  b.stmts.push_back(let(who, std::move(*card)));
  out.card = local(who);
  // every word read, the moment waits for the event: someone must raise it (docs/language.md, Events)
  if (!e.raised()) return never_raised(c.conditions.front(), c.event);
  out.event = runtime_event(c.event);
  return true;
}

}  // namespace cardc::binding
