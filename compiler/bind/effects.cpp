// The binder (card_binder.h): imperative effects, their conditions, rolls and the ability constructor.
#include "bind/card_binder.h"

#include <algorithm>
#include <set>
#include <span>
#include <utility>

#include "bind/runtime_profile.h"
#include "sema/clause_reader.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

bool CardBinder::roll_effects(const TextUnit& u, Body& b) {
  // 004: "Roll for Luck" / "Roll for Resist": a D6 against the stat of this card's unit (a Gear's is the unit it is
  // attached to, 001 This); "if successful" effects happen on success.
  uint32_t r = b.local();
  int stat = -1;
  const auto& rt = roll_->terms;
  for (size_t i = 0; i + 1 < rt.size() && stat < 0; ++i)
    if (word_is(*rt[i], "for")) {
      size_t len = 0;
      stat = lex_.stat_at(std::span(rt).subspan(i + 1), len);
    }
  if (stat < 0)
    for (size_t s = 0; s < p_.stats.size() && stat < 0; ++s)
      if (p_.stats[s].role == "luck") stat = static_cast<int>(s);
  if (stat < 0) return fail({roll_->range, "it rolls for no stat of the profile"});
  b.stmts.push_back(let(r, call("cardrt_roll_stat", {G(), C(), this_unit(), konst(stat)})));
  Body yes, no;
  yes.locals = no.locals = b.locals;  // locals the branches allocate are the function's too
  for (const Clause& c : u.effects) {
    // 004: the outcome each sentence is for, its whole condition: "if successful" or "if unsuccessful" (a sentence
    // with no outcome, or more words in it, "if successful and ...", "if not successful", is refused, never read as
    // one of the two)
    std::string cond = c.conditions.size() == 1 ? lower_text(c.conditions.front()) : "";
    if (cond != "if successful" && cond != "if unsuccessful")
      return fail({c.conditions.empty() ? u.range : c.conditions.front(), "only 'if successful' or 'if unsuccessful' after a roll is compiled yet"});
    bool fails = cond == "if unsuccessful";
    Clause main = c;
    main.conditions.clear();
    if (!effect_clause(main, fails ? no : yes, false)) return false;
  }
  b.locals = std::max(yes.locals, no.locals);
  b.stmts.push_back(if_(local(r), block(std::move(yes.stmts)), block(std::move(no.stmts))));
  return true;
}

bool CardBinder::constructor_(const TextUnit& u, const Clause& c, Body& b, uint32_t& flags) {
  if (primitive_of(p_, c) != "choose") return fail({c.range, "this is not compiled yet"});
  std::string text = lower_text(c.range);
  int32_t kind = text.find("one or more") != std::string::npos ? CARDRT_CONSTRUCT_ONE_OR_MORE : CARDRT_CONSTRUCT_X_TIMES;
  Node count = konst(0);
  if (kind == CARDRT_CONSTRUCT_X_TIMES) {
    size_t v = after_verb(p_, c);
    auto n = amount_at(c, v);
    if (!n) return fail({c.range, "it says no number of times"});
    count = std::move(*n);
  }
  for (const Clause& opt : u.effects) {
    Body ob;
    if (!effect_clause(opt, ob, false)) return false;
    ob.stmts.push_back(ret(konst(CARDRT_OK)));
    modes_.push_back(add_function("option", FnKind::Effect, std::move(ob), opt.range));
  }
  // 002 rule 524: the player builds the chain from the options; it cannot be declared without a legal one.
  flags |= CARDRT_ABF_CONSTRUCTOR;
  b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_construct", {G(), C(), konst(kind), std::move(count)}), konst(CARDRT_OK))));
  constructor_used_ = true;
  return true;
}

// Stat changes written together at `from`: "+2F", "-1F/-1C", "+2F and +2C", "+2 Force", "ATK -3". Reads only
// those words: `read` is where they end, so the caller can fail closed on what follows ("-2F, or -3F if ...").
bool CardBinder::stat_changes(const Clause& c, size_t from, std::vector<StatChange>& out, size_t* read) {
  const auto& t = c.terms;
  size_t i = from;
  auto separator = [&](size_t k) {
    return k < t.size() && (t[k]->kind == ast::TermKind::Slash || t[k]->kind == ast::TermKind::Comma || word_is(*t[k], "and"));
  };
  while (i < t.size()) {
    size_t len = 0;
    int stat = -1;
    size_t at = i;
    // "ATK -3": the stat's words before the modifier
    if (t[at]->kind != ast::TermKind::Modifier) {
      stat = lex_.stat_at(std::span(t).subspan(at), len);
      if (stat < 0 || at + len >= t.size() || t[at + len]->kind != ast::TermKind::Modifier || !t[at + len]->stat().empty()) break;
      at += len;
    }
    const ast::Term& m = *t[at];
    size_t next = at + 1;
    if (stat < 0 && !m.stat().empty()) stat = lex_.stat_abbrev(m.stat());
    if (stat < 0 && next < t.size() && (stat = lex_.stat_at(std::span(t).subspan(next), len)) >= 0) next += len;
    if (stat < 0) return fail({m.range, "it names no stat"});
    Node d = m.uses_x ? chosen_x() : konst(m.value);
    if (m.uses_x && m.text[0] != '+') d = binary(Op::Sub, konst(0), std::move(d));
    out.push_back({stat, std::move(d)});
    i = next;
    // another change after "/", "," or "and"; otherwise the separator is not ours ("and bow him")
    if (!separator(i)) break;
    size_t k = i + 1;
    if (k < t.size() && word_is(*t[k], "and")) ++k;  // "+1F, and +1C"
    bool change = k < t.size() && (t[k]->kind == ast::TermKind::Modifier ||
                                   (lex_.stat_at(std::span(t).subspan(k), len) >= 0 && k + len < t.size() &&
                                    t[k + len]->kind == ast::TermKind::Modifier));
    if (!change) break;
    i = k;
  }
  if (read) *read = i;
  return true;
}

// A card's stat as an amount (000 7.2: a result, never negative): "the Focus Value of the discarded card", "his
// Personal Honor", "Arata's Personal Honor". `end` is where its words end.
std::optional<Node> CardBinder::stat_of_card(const Clause& c, size_t at, size_t& end, std::string& why) {
  const auto& t = c.terms;
  size_t len = 0;
  // "the current battlefield's province's strength" (000 7.2: never negative)
  bool owned = false;
  size_t pend = at;
  if (auto prov = province_at(t, at, pend, owned); prov && owned && word_at(t, pend) == "strength") {
    end = pend + 1;
    return binary(Op::Max, konst(0), call("cardrt_province_strength", {G(), std::move(*prov)}));
  }
  if (int stat = at < t.size() && word_is(*t[at], "the") ? lex_.stat_at(std::span(t).subspan(at + 1), len) : -1; stat >= 0) {
    // "the Focus Value of the discarded card"
    size_t of = at + 1 + len;
    if (of + 1 >= t.size() || !word_is(*t[of], "of")) return std::nullopt;
    auto card = card_at(c, of + 1, end, why);
    if (!card) return std::nullopt;
    return call("cardrt_stat_result", {G(), std::move(*card), konst(stat)});
  }
  // "half his Chi, rounded up" (000 7.3: halves are rounded as the text says; down when it says nothing)
  if (at + 1 < t.size() && word_is(*t[at], "half")) {
    auto whole = stat_of_card(c, at + 1, end, why);
    if (!whole) return std::nullopt;
    bool up = false;
    size_t r = end < t.size() && t[end]->kind == ast::TermKind::Comma ? end + 1 : end;
    if (r + 1 < t.size() && word_is(*t[r], "rounded") && (word_is(*t[r + 1], "up") || word_is(*t[r + 1], "down"))) {
      up = word_is(*t[r + 1], "up");
      end = r + 2;
    }
    return binary(Op::Div, up ? binary(Op::Add, std::move(*whole), konst(1)) : std::move(*whole), konst(2));
  }
  std::optional<Node> card;
  // "the card's Focus Value" after "Discard a card to ...": the discarded card
  if (at + 1 < t.size() && word_is(*t[at], "the") && !word_is(*t[at + 1], "card") && discarded_slot_ &&
      possessive_stem(lower_word(*t[at + 1])) == "card") {
    card = slot(static_cast<int>(*discarded_slot_));
    end = at + 2;
  } else {
    card = card_at(c, at, end, why);
  }
  if (card && end < t.size() && word_is(*t[end], "own")) ++end;  // "his own Personal Honor"
  int stat = card && end < t.size() ? lex_.stat_at(std::span(t).subspan(end), len) : -1;
  if (stat < 0) return std::nullopt;
  end += len;
  Node value = call("cardrt_stat_result", {G(), std::move(*card), konst(stat)});
  // "his Force minus two", "his Chi plus 1": a result, never negative (000 7.2)
  if (std::string w = word_at(t, end); (w == "minus" || w == "plus") && end + 1 < t.size()) {
    std::optional<int64_t> n;
    if (t[end + 1]->kind == ast::TermKind::Number) n = t[end + 1]->value;
    else if (int k = Lexicon::number_word(word_at(t, end + 1)); k >= 0) n = k;
    if (n) {
      value = w == "plus" ? binary(Op::Add, std::move(value), konst(*n))
                          : binary(Op::Max, konst(0), binary(Op::Sub, std::move(value), konst(*n)));
      end += 2;
    }
  }
  return value;
}

// "Produce 2 Gold, or 3 Gold if you control a Courtier", "Give him -2F, or -3F if he is dishonorable": the second
// amount when the condition (to the end of the clause) holds, else the first. `at` is where ", or" would begin and
// `second` the second amount; `after` is where its "if" should be. The chosen amount, or nullopt (nothing read).
std::optional<Node> CardBinder::or_amount_if(const Clause& c, size_t after, Node first, Node second) {
  const auto& t = c.terms;
  if (after >= t.size() || !word_is(*t[after], "if")) return std::nullopt;
  SourceRange cond = terms_range(t, after, t.size());
  auto g = card_condition(c, cond);  // resource conditions too (condition_of)
  if (!g) return std::nullopt;
  Node chosen = binary(Op::Ne, std::move(*g), konst(0));
  return binary(Op::Add, first, binary(Op::Mul, binary(Op::Sub, std::move(second), first), std::move(chosen)));
}

// The player an effect is about: the subject of "His controller loses 1 Honor" (player_), the player a delayed effect
// applies to (002 rule 521), or the ability's controller.
Node CardBinder::acting_player(const Clause& c) const {
  if (player_) return *player_;
  return c.delayed ? call("cardrt_ctx_affected_player", {G(), C()}) : controller();
}

// "Discard a card to gain Honor equal to its Focus Value", "You may discard a Kiho or Weapon from your hand to draw a
// card": a card of the controller's hand is chosen and discarded, and only then does the rest happen; "it", "its"
// and "the discarded card" are that card. nullopt: not this shape.
std::optional<bool> CardBinder::discard_to(const Clause& c, size_t v, Body& b, bool continuous) {
  const auto& t = c.terms;
  size_t to = v;
  while (to < t.size() && !word_is(*t[to], "to")) ++to;
  if (to + 1 >= t.size() || v + 1 >= to || (!word_is(*t[v], "a") && !word_is(*t[v], "an"))) return std::nullopt;
  size_t len = 0;
  ClauseReader reader(p_);
  int verb = reader.verb_at(std::span(t).subspan(to + 1), len);
  if (verb < 0) return std::nullopt;
  size_t np_end = to;
  // "from your hand": the only hand it can be
  if (np_end >= v + 3 && word_is(*t[np_end - 3], "from") && word_is(*t[np_end - 2], "your") && word_is(*t[np_end - 1], "hand"))
    np_end -= 3;
  std::optional<Node> test;
  std::string why;
  if (!noun_filter(t, v + 1, np_end, param(2), test, why, false)) return fail({c.range, why});
  // an Action card being played is not one of the cards in hand it may discard
  int filter = filter_function(and_(std::move(*test), binary(Op::Ne, param(2), self())), c.range);
  auto k = choose_into_slot(c, filter, 1, 1, CARDRT_TGT_HAND, b);
  if (!k) return false;
  b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_discard_card", {G(), C(), slot(static_cast<int>(*k))}), konst(CARDRT_OK))));
  b.stmts.push_back(eval(call("cardrt_slot_follow", {G(), C(), konst(*k)})));
  picked_.push_back({terms_range(t, v, to), *k});
  discarded_slot_ = *k;
  return effect_body(tail_clause(c, to + 1, verb), b, continuous);
}

// True when nothing but a duration ("until the end of the turn") is left at `read`.
bool CardBinder::only_duration_left(const Clause& c, size_t read) const {
  if (read >= c.terms.size()) return true;
  if (!word_is(*c.terms[read], "until")) return false;
  size_t len = 0;
  return lex_.duration_at(std::span(c.terms).subspan(read), len) >= 0 && read + len == c.terms.size();
}

// What `bind` binds, in a block run only while `cond` holds (its locals are the body's, numbered on).
template <class Bind>
bool CardBinder::only_if(Node cond, Body& b, Bind&& bind) {
  Body inner;
  inner.locals = b.locals;
  if (!bind(inner)) return false;
  b.locals = inner.locals;
  b.stmts.push_back(if_(std::move(cond), block(std::move(inner.stmts))));
  return true;
}

// What follows the words an effect read: a duration, "and <another effect>", or nothing; anything else is reported
// (fail closed: "Give him -2F, or -3F if ..." must not compile as "Give him -2F").
bool CardBinder::rest_of_effect(const Clause& c, size_t v, size_t read, Body& b, bool continuous) {
  if (only_duration_left(c, read)) return true;
  // ", and bow him", ", show it, and put it in your hand": a series of effects (card_moves.cpp and_then)
  if (c.terms[read]->kind == ast::TermKind::Comma && series_stop(c, read) > read + 1) return and_then(c, read, b, continuous);
  if (word_is(*c.terms[read], "and") && read + 1 < c.terms.size()) {
    size_t len = 0;
    if (ClauseReader(p_).verb_at(std::span(c.terms).subspan(read + 1), len) >= 0) return and_then(c, read, b, continuous);
  }
  // ", and if the enemy leader controls a dishonorable Personality, he loses 2 Honor": a second effect with its own
  // condition (read from the words to the next comma)
  if (size_t at = c.terms[read]->kind == ast::TermKind::Comma ? read + 1 : read; word_at(c.terms, at) == "and" && word_at(c.terms, at + 1) == "if") {
    size_t comma = at + 2;
    while (comma < c.terms.size() && c.terms[comma]->kind != ast::TermKind::Comma) ++comma;
    Clause then;
    std::string ignored;
    if (comma + 1 < c.terms.size() && ClauseReader(p_).read(std::span(c.terms).subspan(comma + 1), then, ignored) &&
        then.conditions.empty() && (then.form == ClauseForm::Imperative || then.form == ClauseForm::Declarative)) {
      std::optional<Node> cond = card_condition(c, terms_range(c.terms, at + 1, comma));
      if (!cond) return fail({c.range, "the condition '" + words_text(c.terms, at + 1, comma) + "' is not compiled yet"});
      then.range = terms_range(c.terms, comma + 1, c.terms.size());
      then.role = c.role;
      return only_if(std::move(*cond), b, [&](Body& inner) { return effect_body(then, inner, continuous); });
    }
  }
  return fail({c.range, "the words after '" + words_text(c.terms, v, read) + "' are not compiled yet"});
}

// "Bow this Shugenja unless he is Void", "Bow Yashiro unless you have Reconnaissance" (a cost): the clause before
// "unless" happens only when the condition after it does not hold. nullopt: no "unless" after the clause's verb.
std::optional<bool> CardBinder::unless_clause(const Clause& c, Body& b, bool cost, bool continuous) {
  size_t u = 1;
  while (u < c.terms.size() && !word_is(*c.terms[u], "unless")) ++u;
  if (u + 1 >= c.terms.size()) return std::nullopt;
  auto cond = card_condition(c, terms_range(c.terms, u, c.terms.size()));  // "unless": already negated
  if (!cond) return fail({c.range, "the condition '" + words_text(c.terms, u, c.terms.size()) + "' is not compiled yet"});
  Clause before = c;
  before.terms.resize(u);
  before.range.end = c.terms[u - 1]->range.end;
  return only_if(std::move(*cond), b, [&](Body& inner) { return cost ? cost_clause(before, inner) : effect_clause(before, inner, continuous); });
}

// 003 Embedded text: the traits and abilities quoted in `quoted` are abilities of this card's definition; the runtime
// grants them to `card` (abilities stack). How many it grants (0: the quoted text holds nothing cardc read).
size_t CardBinder::grant_quoted(const ast::Term& quoted, Node card, int32_t dur, Body& b) {
  size_t granted = 0;
  for (const TextUnit& e : unit_->embedded) {
    if (e.range.begin < quoted.range.begin || e.range.end > quoted.range.end) continue;
    auto at = std::find(embedded_units_.begin(), embedded_units_.end(), &e);
    int64_t index = static_cast<int64_t>(printed_abilities_) + (at - embedded_units_.begin());
    b.stmts.push_back(eval(call("cardrt_grant_ability", {G(), C(), card, call("cardrt_ctx_def", {G(), C()}), konst(index), konst(dur)})));
    ++granted;
  }
  return granted;
}

// "Give a target Personality and Jin-e each a -1F/-1C **Poison** token", "Give him and each of his Followers +3F":
// the gift to the first card, then to the other (or to each of the others), each as its own clause (a target in
// one is chosen once, by that clause). nullopt: not two cards.
std::optional<bool> CardBinder::gift_to_two(const Clause& c, size_t v, Body& b, bool continuous) {
  const auto& t = c.terms;
  size_t end = v;
  std::string why;
  if (!card_at(c, v, end, why) || word_at(t, end) != "and") return std::nullopt;
  Clause one = c, two = c;
  if (word_at(t, end + 1) == "each" || word_at(t, end + 1) == "all") {
    // "him and each of his Followers": "each" starts the second phrase
    size_t each_end = target_phrase_end(t, end + 1);
    if (each_end >= t.size()) return std::nullopt;
    one.terms.erase(one.terms.begin() + static_cast<long>(end), one.terms.begin() + static_cast<long>(each_end));
    two.terms.erase(two.terms.begin() + static_cast<long>(v), two.terms.begin() + static_cast<long>(end + 1));
  } else {
    // "a target Personality and Jin-e each": "each" ends the second phrase
    size_t each = end + 1;
    while (each < t.size() && word_at(t, each) != "each" && word_at(t, each) != "and") ++each;
    if (each + 1 >= t.size() || word_at(t, each) != "each" || each == end + 1) return std::nullopt;
    one.terms.erase(one.terms.begin() + static_cast<long>(end), one.terms.begin() + static_cast<long>(each + 1));
    two.terms.erase(two.terms.begin() + static_cast<long>(each), two.terms.begin() + static_cast<long>(each + 1));
    two.terms.erase(two.terms.begin() + static_cast<long>(v), two.terms.begin() + static_cast<long>(end + 1));
  }
  one.all_terms = one.terms;
  two.all_terms = two.terms;
  return effect_body(one, b, continuous) && effect_body(two, b, continuous);
}

// "Negate this Personality's Force and Chi bonuses" (003 Stats: an Item's stats are modifiers, not bonuses), "Negate
// all current and new Force bonuses and penalties on him from actions", "... Force penalties to him from actions":
// while it lasts, those modifiers count for nothing (cardrt_negate_modifiers, one per stat). nullopt: not this shape.
std::optional<bool> CardBinder::negate_modifiers(const Clause& c, size_t v, Body& b, int32_t dur) {
  const auto& t = c.terms;
  size_t k = v;
  bool all = word_at(t, k) == "all" && word_at(t, k + 1) == "current" && word_at(t, k + 2) == "and" && word_at(t, k + 3) == "new";
  std::optional<Node> card;
  std::string why;
  if (all) {
    k += 4;
  } else {
    size_t end = k;
    // "this Personality's Force": the card, then its stats
    card = card_at(c, k, end, why);
    if (!card || end <= k || !t[end - 1]->text.ends_with("'s")) return std::nullopt;
    k = end;
  }
  std::vector<int> stats;
  for (size_t len = 0; k < t.size();) {
    int s = lex_.stat_at(std::span(t).subspan(k), len);
    if (s < 0) break;
    stats.push_back(s);
    k += len;
    if (word_at(t, k) == "and" && lex_.stat_at(std::span(t).subspan(std::min(k + 1, t.size())), len) >= 0) ++k;
  }
  uint32_t flags = 0;
  if (word_at(t, k) == "bonuses") {
    flags |= CARDRT_NEGATE_BONUSES;
    ++k;
    if (word_at(t, k) == "and" && word_at(t, k + 1) == "penalties") {
      flags |= CARDRT_NEGATE_PENALTIES;
      k += 2;
    }
  } else if (word_at(t, k) == "penalties") {
    flags |= CARDRT_NEGATE_PENALTIES;
    ++k;
  }
  if (stats.empty() || !flags) return std::nullopt;
  if (all) {
    if (word_at(t, k) != "on" && word_at(t, k) != "to") return fail({c.range, "it names no card whose modifiers it negates"});
    size_t end = k + 1;
    card = targeted_card(c, k + 1, end, b);
    if (!card) return false;
    k = end;
  }
  if (word_at(t, k) == "from" && word_at(t, k + 1) == "actions") {
    flags |= CARDRT_NEGATE_FROM_ACTIONS;
    k += 2;
  }
  if (!only_duration_left(c, k)) return fail({c.range, "the words after '" + words_text(t, v, k) + "' are not compiled yet"});
  int32_t d = duration(c, dur);
  if (d == -1) return fail({c.range, "its duration is not compiled yet"});
  uint32_t who = b.local();
  b.stmts.push_back(let(who, std::move(*card)));
  for (int s : stats)
    b.stmts.push_back(eval(call("cardrt_negate_modifiers", {G(), C(), local(who), konst(s), konst(flags), konst(d)})));
  return true;
}

// "Bow him or all his attachments", "Give him +2F or -2F", "Move him home or give him a Force bonus equal to his
// Chi": two effects, one of which the controller chooses (CARDRT_PURPOSE_VERB: yes is the first). After "or" comes a
// verb (a second effect), a card phrase in place of the verb's object, or a bonus in place of the bonus before "or".
// nullopt: no such "or" ("a Personality or Follower" is one phrase; ", or -4F if ..." reads its own condition).
std::optional<bool> CardBinder::alternative_effects(const Clause& c, size_t v, Body& b, bool continuous) {
  std::string prim = primitive_of(p_, c);
  if (prim == "target" || prim == "choose" || c.form != ClauseForm::Imperative) return std::nullopt;
  const auto& t = c.terms;
  size_t o = v;
  while (o < t.size() && word_at(t, o) != "or") {
    if (word_at(t, o) == "target" || word_at(t, o) == "if" || word_at(t, o) == "unless") return std::nullopt;
    ++o;
  }
  if (o <= v || o + 1 >= t.size() || t[o - 1]->kind == ast::TermKind::Comma) return std::nullopt;
  // "with 1 or lower Force", "equal to or greater than": a comparison, not two effects
  static const std::set<std::string> comparison{"more", "fewer", "less", "lower", "higher", "greater"};
  if (comparison.count(word_at(t, o + 1)) || t[o - 1]->kind == ast::TermKind::Number) return std::nullopt;
  for (size_t k = o + 1; k < t.size(); ++k)
    if (word_at(t, k) == "target") return std::nullopt;
  Clause one = c;
  one.terms.resize(o);
  one.range.end = t[o - 1]->range.end;
  one.optional = false;
  Clause other;
  size_t len = 0;
  static const std::set<std::string> card_phrase{"him", "her", "it", "them", "all", "each", "one", "your", "this", "his", "its"};
  if (int verb = ClauseReader(p_).verb_at(std::span(t).subspan(o + 1), len); verb >= 0) {
    other = tail_clause(c, o + 1, verb);
  } else if (t[o + 1]->kind == ast::TermKind::Modifier && t[o - 1]->kind == ast::TermKind::Modifier) {
    other = one;  // "+2F or -2F": the bonus replaced
    other.terms.back() = t[o + 1];
    other.terms.insert(other.terms.end(), t.begin() + static_cast<long>(o + 2), t.end());
  } else if (card_phrase.count(word_at(t, o + 1)) || reference_at(t[o + 1])) {
    other = one;  // "Bow him or all his attachments": the verb's object replaced
    other.terms.resize(v);
    other.terms.insert(other.terms.end(), t.begin() + static_cast<long>(o + 1), t.end());
  } else {
    return std::nullopt;
  }
  other.all_terms = other.terms;
  other.optional = false;
  other.range = SourceRange::join(other.terms.front()->range, other.terms.back()->range);
  one.all_terms = one.terms;
  return either_effect(one, other, b, continuous);
}

// Two effects, one of which the controller chooses (CARDRT_PURPOSE_VERB: yes is the first): both are bound, each in
// its own block.
bool CardBinder::either_effect(const Clause& one, const Clause& other, Body& b, bool continuous) {
  Body a, d;
  a.locals = b.locals;
  if (!effect_body(one, a, continuous)) return false;
  d.locals = a.locals;
  if (!effect_body(other, d, continuous)) return false;
  b.locals = d.locals;
  b.stmts.push_back(if_(call("cardrt_choose_yes_no", {G(), C(), konst(CARDRT_PURPOSE_VERB)}), block(std::move(a.stmts)), block(std::move(d.stmts))));
  return true;
}

// "Remove him from the game if he is Crab Clan", "Straighten his unit if you do not control him": an effect with its
// condition after it happens only when the condition holds as the effect resolves, as a leading "If ..." would.
// nullopt: no such condition (alternatives with "or" read their own "if": "-2F, or -4F if ...").
std::optional<bool> CardBinder::trailing_condition(const Clause& c, Body& b, bool continuous) {
  // attacks read their own "with +2 strength if ..."
  if (c.form != ClauseForm::Imperative || keyword_action(p_, c)) return std::nullopt;
  const auto& t = c.terms;
  size_t at = 1;
  while (at < t.size() && word_at(t, at) != "if") {
    if (word_at(t, at) == "or" || word_at(t, at) == "unless" || word_at(t, at) == "with") return std::nullopt;
    ++at;
  }
  if (at + 2 >= t.size() || t[at - 1]->kind == ast::TermKind::Comma) return std::nullopt;
  SourceRange where = terms_range(t, at, t.size());
  std::optional<Node> cond = duel_condition(c, where);
  if (!cond) cond = card_condition(c, where);
  if (!cond) return std::nullopt;
  Clause before = c;
  before.terms.resize(at);
  before.range.end = t[at - 1]->range.end;
  return only_if(std::move(*cond), b, [&](Body& inner) { return effect_clause(before, inner, continuous); });
}

// "Straighten this Holding after your next Dynasty Phase begins", "remove him from the game after the battle ends":
// an effect with its moment after it is a delayed effect (002 rule 521), as "After ..., <effect>" would be. nullopt:
// no such moment (it must end the clause: "begins" or "ends").
std::optional<bool> CardBinder::trailing_moment(const Clause& c, Body& b, bool continuous) {
  const auto& t = c.terms;
  if (c.form != ClauseForm::Imperative || c.delayed || t.size() < 4) return std::nullopt;
  std::string last = word_at(t, t.size() - 1);
  if (last != "begins" && last != "ends") return std::nullopt;
  size_t at = 2;
  while (at < t.size() && word_at(t, at) != "after") {
    std::string w = word_at(t, at);
    if (w == "if" || w == "or" || w == "unless" || w == "until" || t[at]->kind == ast::TermKind::Comma) return std::nullopt;
    ++at;
  }
  if (at + 2 >= t.size()) return std::nullopt;
  Clause later = c;
  later.terms.resize(at);
  later.range.end = t[at - 1]->range.end;
  later.conditions.insert(later.conditions.begin(), terms_range(t, at, t.size()));
  later.delayed = true;
  // with no card named, it applies to its controller (002 rule 521)
  bool named = false;
  for (size_t k = 0; k < at; ++k)
    named = named || word_at(t, k) == "target" || is_pronoun(word_at(t, k)) || lex_.card_type(t[k]->text) >= 0;
  later.delayed_on_controller = !named;
  return effect_clause(later, b, continuous);
}

bool CardBinder::effect_clause(const Clause& c, Body& b, bool continuous) {
  // "If he is dishonorable, ... . Otherwise, ...": the condition of the sentence just before, as it was judged then
  const std::optional<uint32_t> before = std::exchange(last_condition_, std::nullopt);
  if (std::optional<bool> r = unless_clause(c, b, false, continuous)) return *r;
  if (std::optional<bool> r = trailing_condition(c, b, continuous)) return *r;
  if (std::optional<bool> r = trailing_moment(c, b, continuous)) return *r;
  // Sentences that modify the effect before them, already read by it (001 This).
  std::string whole = lower_text(c.range);
  if (ranged_ && whole == "this may target a personality with followers") return true;  // read by strength_attack
  if (floor_used_ && whole.rfind("this will not reduce ", 0) == 0) return true;
  // "Once per turn, you may draw a card": once per turn after the colon (003 Traits), then the optional effect.
  Body inner;
  bool once = false;
  std::optional<Node> guard;
  // "If he would be opposed, move your target unbowed Personality ...": the target the condition names is chosen
  // before the condition is asked (001 Target: targets are chosen as the action is announced)
  for (const auto& cond : c.conditions)
    for (const Reference& r : unit_->references)
      if (r.range.begin >= cond.begin && r.range.end <= cond.end && r.antecedent.begin >= cond.end)
        for (size_t k = 0; k < unit_->targets.size(); ++k)
          if (unit_->targets[k].range == r.antecedent && !early_targets_.count(k)) {
            if (!emit_target(c, k, b)) return false;
            early_targets_.insert(k);
          }
  // a delayed effect's first condition is its moment (read below); the others are read like any effect's, and are
  // checked when the moment comes ("After this duel ends, if he won it, ...")
  for (size_t k = c.delayed ? 1 : 0; k < c.conditions.size(); ++k) {
    const SourceRange cond = c.conditions[k];
    std::string t = lower_text(cond);
    if (auto g = resource_condition(c, cond)) {
      guard = std::move(g);
      continue;
    }
    if (auto g = duel_condition(c, cond)) {
      guard = std::move(g);
      continue;
    }
    if (auto g = card_condition(c, cond)) {
      guard = guard ? and_(std::move(*guard), std::move(*g)) : std::move(*g);
      continue;
    }
    if (t == "otherwise" && before && c.conditions.size() == 1 && !c.delayed) {
      guard = not_(local(*before));
      continue;
    }
    if (t.rfind("once per turn", 0) == 0) once = true;
    else if (t.rfind("until", 0) == 0) continue;  // a duration, read by duration()
    else return fail({c.range, "the condition '" + std::string(ctx_.sources.text(cond)) + "' is not compiled yet"});
  }
  Body& target = (once || c.optional || c.delayed || guard) ? inner : b;
  inner.locals = b.locals;
  if (!effect_body(c, target, continuous)) return false;
  if (&target == &b) return true;
  b.locals = inner.locals;
  if (guard && !c.delayed) {  // judged once, and kept for an "Otherwise" after it
    last_condition_ = b.local();
    b.stmts.push_back(let(*last_condition_, std::move(*guard)));
    guard = local(*last_condition_);
  }
  Node go = guard ? std::move(*guard) : konst(1);
  if (once) go = and_(std::move(go), call("cardrt_once_per_turn", {G(), C(), konst(static_cast<int64_t>(c.range.begin))}));
  if (c.optional) go = and_(std::move(go), call("cardrt_choose_yes_no", {G(), C(), konst(0)}));
  if (c.delayed) {
    // "After this destroys a card, gain 1 Honor": the moment was the effect just before; nothing to wait for
    if (std::optional<Node> passed = moment_just_passed(c)) {
      b.stmts.push_back(if_(and_(std::move(*passed), std::move(go)), block(std::move(inner.stmts))));
      return true;
    }
    // 002 rule 521: a delayed effect waits for its moment; with no target it applies to its controller.
    Body later;
    later.locals = inner.locals;
    later.stmts.push_back(if_(std::move(go), block(std::move(inner.stmts))));
    later.stmts.push_back(ret(konst(CARDRT_OK)));
    EventMoment em;
    if (std::optional<bool> r = event_moment(c, em, b)) {
      if (!*r) return false;
      Node filter = konst(0);
      if (em.during_battle) {
        Body test;
        test.stmts.push_back(ret(binary(Op::Ne, call("cardrt_current_battlefield", {G()}), konst(0))));
        filter = fn_ref(add_function("awaited", FnKind::Effect, std::move(test), c.range));
      }
      int f = add_function("delayed", FnKind::Effect, std::move(later), c.range);
      Node event = call("cardrt_event_id", {G(), str(em.event)});
      b.stmts.push_back(eval(call("cardrt_delay_until_event", {G(), C(), std::move(event), std::move(em.card), std::move(filter),
                                                               konst(em.flags), konst(em.lapses), fn_ref(f)})));
      return true;
    }
    int32_t bnd = -1;
    int turns = 0;
    if (!*delayed_moment(c, bnd, turns)) return false;
    int f = add_function("delayed", FnKind::Effect, std::move(later), c.range);
    b.stmts.push_back(eval(call("cardrt_delay", {G(), C(), konst(bnd), konst(-1), konst(turns), fn_ref(f)})));
    return true;
  }
  b.stmts.push_back(if_(std::move(go), block(std::move(inner.stmts))));
  return true;
}

// "the top card of your Fate deck", "the top 3 cards of your deck" at terms[v]: how many, and where the words end.
// Only the deck of the deck role, which cardrt_mill takes from: the acting player's, or with `choices` "of a / any
// Fate deck", a player the controller chooses there (not targeted, 001 Target).
std::optional<CardBinder::TopCards> CardBinder::top_of_deck(const Clause& c, size_t v, Body* choices) {
  const auto& t = c.terms;
  auto word = [&](size_t k) { return word_at(t, k); };
  if (word(v) != "the" || word(v + 1) != "top") return std::nullopt;
  size_t i = v + 2;
  Node n = konst(1);
  if (word(i) != "card")
    if (auto a = amount_at(c, i)) {
      n = std::move(*a);
      ++i;
    }
  if (word(i) != "card" && word(i) != "cards") return std::nullopt;
  bool any = word(i + 2) == "a" || word(i + 2) == "any";
  if (word(i + 1) != "of" || (word(i + 2) != "your" && !(any && choices))) return std::nullopt;
  size_t end = 0;
  int zone = zone_at(c, any ? i + 3 : i + 2, end);
  if (zone < 0 || zone != runtime_zone_role_zone(p_, CARDRT_ZROLE_DECK)) return std::nullopt;
  TopCards top{std::move(n), end, {}};
  if (any && !(top.whose = chosen_player(c, konst(1), *choices))) return std::nullopt;
  return top;
}

// "You may take an additional Battle action", "Take an additional Limited or Open action", "Take two additional
// Battle actions": the player may act again after this action resolves; the runtime keeps the grant and the engine
// takes it (cardrt_game_take_additional_action). The designators say which actions it may be (none: any).
bool CardBinder::additional_action(const Clause& c, size_t v, Body& b) {
  const auto& t = c.terms;
  auto word = [&](size_t k) { return word_at(t, k); };
  size_t k = v;
  int64_t count = 1;
  if (auto n = amount_at(c, k); n && n->op == Op::Const) {
    count = n->value;
    ++k;
  }
  if (word(k) != "additional" || count < 1 || count > 5) return fail({c.range, "only taking additional actions is compiled yet"});
  ++k;
  int32_t designators = 0;
  for (; k < t.size() && word(k) != "action" && word(k) != "actions"; ++k) {
    std::string w = word(k);
    if (w == "or") continue;
    int32_t d = w == "battle" ? CARDRT_DESIG_BATTLE : w == "limited" ? CARDRT_DESIG_LIMITED : w == "open" ? CARDRT_DESIG_OPEN : 0;
    if (d == 0) return fail({c.range, "the word '" + std::string(t[k]->text) + "' of the additional action is not compiled yet"});
    designators |= d;
  }
  if (k >= t.size()) return fail({c.range, "it names no action"});
  ++k;
  // "(after this one resolves)" says when, as the engine takes it
  if (word(k) == "after" && word(k + 1) == "this" && word(k + 2) == "one" && word(k + 3) == "resolves") k += 4;
  // "appropriate to this phase": any action the phase allows, as every action must be
  if (word(k) == "appropriate" && word(k + 1) == "to" && word(k + 2) == "this" && word(k + 3) == "phase") k += 4;
  // Which actions it may be: "to play a Terrain", "to play it", "to use an ability on one of his Weapons", ", which
  // Takasho must perform"
  int32_t how = CARDRT_ADDITIONAL_ANY;
  Node performer = konst(0), card = konst(0), filter = konst(0);
  std::string why;
  if (word(k) == "to" && (word(k + 1) == "play" || word(k + 1) == "use")) {
    how = word(k + 1) == "play" ? CARDRT_ADDITIONAL_PLAY : CARDRT_ADDITIONAL_USE;
    size_t from = k + 2;
    if (how == CARDRT_ADDITIONAL_USE) {
      // "to use an ability on <cards>": an ability of such a card
      if (!((word(from) == "an" || word(from) == "a") && word(from + 1) == "ability" && word(from + 2) == "on"))
        return fail({c.range, "the words after '" + words_text(t, v, k + 2) + "' are not compiled yet"});
      from += 3;
    }
    size_t end = from;
    while (end < t.size() && t[end]->kind != ast::TermKind::Comma && word(end) != "which") ++end;
    size_t read = from;
    std::optional<Node> one = end == from + 1 ? card_at(c, from, read, why) : std::nullopt;
    if (one && read == end) {
      card = std::move(*one);
    } else {
      if (word(from) == "one" && word(from + 1) == "of") from += 2;
      std::optional<Node> test;
      if (!noun_filter(t, from, end, param(2), test, why, false)) return fail({c.range, why});
      filter = fn_ref(filter_function(std::move(*test), c.range));
    }
    k = end;
  }
  if (k < t.size() && (t[k]->kind == ast::TermKind::Comma ? word(k + 1) == "which" : word(k) == "which")) {
    size_t w = t[k]->kind == ast::TermKind::Comma ? k + 1 : k;
    size_t read = w + 1;
    auto who = card_at(c, w + 1, read, why);
    if (!who || word(read) != "must" || word(read + 1) != "perform" || read + 2 != t.size())
      return fail({c.range, why.empty() ? "the words after '" + words_text(t, v, k) + "' are not compiled yet" : why});
    performer = std::move(*who);
    k = t.size();
  }
  if (k < t.size()) return fail({c.range, "the words after '" + words_text(t, v, k) + "' are not compiled yet"});
  bool restricted = how != CARDRT_ADDITIONAL_ANY || performer.op != Op::Const || performer.value != 0;
  for (int64_t i = 0; i < count; ++i)
    b.stmts.push_back(eval(restricted ? call("cardrt_grant_additional_action_for",
                                             {G(), C(), acting_player(c), konst(designators), konst(how), performer, card, filter})
                                      : call("cardrt_grant_additional_action", {G(), C(), acting_player(c), konst(designators)})));
  return true;
}

// "If you have 12 or more prayer tokens": a comparison of the controller's resource.
std::optional<Node> CardBinder::resource_condition(const Clause& c, SourceRange cond) {
  std::vector<const ast::Term*> t;
  for (const auto* term : c.all_terms)
    if (term->range.begin >= cond.begin && term->range.end <= cond.end) t.push_back(term);
  return resource_condition_terms(c, t, cond);
}

std::optional<Node> CardBinder::resource_condition_terms(const Clause&, const std::vector<const ast::Term*>& t, SourceRange cond) {
  auto word = [&](size_t k) { return word_at(t, k); };
  auto number = [&](size_t k) -> std::optional<int64_t> {
    if (k < t.size() && t[k]->kind == ast::TermKind::Number) return t[k]->value;
    if (int n = Lexicon::number_word(word(k)); n >= 0) return n;
    return std::nullopt;
  };
  // 0 when `d` is no direction (an optional<Op> draws a false -Wmaybe-uninitialized from g++ 12)
  auto direction = [](const std::string& d) -> int {
    if (d == "more" || d == "higher" || d == "greater") return static_cast<int>(Op::Ge);
    if (d == "fewer" || d == "less" || d == "lower") return static_cast<int>(Op::Le);
    return 0;
  };
  if (word(0) != "if") return std::nullopt;
  size_t len = 0;
  // "If your Family Honor is 9 or lower": a resource, or the player stat it is counted as
  if (word(1) == "your" && t.size() > 5) {
    int res = lex_.resource_at(std::span(t).subspan(2), len);
    size_t k = 2 + len;
    auto n = number(k + 1);
    int cmp = word(k + 2) == "or" ? direction(word(k + 3)) : 0;
    if (res < 0 || word(k) != "is" || !n || !cmp || k + 4 != t.size()) return std::nullopt;
    return binary(static_cast<Op>(cmp), call("cardrt_resource_get", {G(), controller(), konst(res)}), konst(*n));
  }
  std::string verb = word(2);
  auto n = number(3);
  Op cmp = static_cast<Op>(word(4) == "or" ? direction(word(5)) : 0);
  if (t.size() < 7 || word(1) != "you" || (verb != "have" && verb != "control" && verb != "rule") || !n || cmp == Op{})
    return std::nullopt;
  int res = lex_.resource_at(std::span(t).subspan(6), len);
  if (res >= 0 && verb == "have") {
    if (6 + len != t.size()) return std::nullopt;
    return binary(cmp, call("cardrt_resource_get", {G(), controller(), konst(res)}), konst(*n));
  }
  // "If you have four or fewer cards in your hand": the cards of a zone of yours
  if (verb == "have" && (word(6) == "card" || word(6) == "cards") && word(7) == "in") {
    Clause zc;
    zc.terms = t;
    size_t zend = 0;
    int zone = zone_at(zc, 8, zend);
    if (zone < 0 || zend != t.size()) return std::nullopt;
    return binary(cmp, call("cardrt_zone_count", {G(), controller(), konst(zone)}), konst(*n));
  }
  // "If you rule 6 or more Structures": count the cards in play you control.
  std::optional<Node> test;
  std::string why;
  if (!noun_filter(t, 6, t.size(), param(2), test, why)) return std::nullopt;
  int fn = filter_function(and_(std::move(*test), binary(Op::Eq, call("cardrt_card_controller", {G(), param(2)}), controller())), cond);
  return binary(cmp, call("cardrt_count_cards", {G(), C(), fn_ref(fn)}), konst(*n));
}

// Gains and losses of a resource; with a duration they are temporary (002 rule 522.4: their end is neither a
// loss nor a gain). `dur` < 0: permanent.
void CardBinder::change_resource(Body& b, const std::string& prim, Node who, int res, Node amount, int32_t dur) {
  if (dur >= 0)
    b.stmts.push_back(eval(call(prim == "lose" ? "cardrt_lose_resource_temporary" : "cardrt_gain_resource_temporary",
                                {G(), C(), std::move(who), konst(res), std::move(amount), konst(dur)})));
  else
    b.stmts.push_back(eval(call(prim == "lose" ? "cardrt_lose_resource" : "cardrt_gain_resource",
                                {G(), C(), std::move(who), konst(res), std::move(amount)})));
}

// 004 Resist: "ignoring Resist" deals damage or inflicts a status without the Resist roll.
uint32_t CardBinder::resist_flags(const Clause& c) {
  uint32_t flags = 0;
  for (const auto* t : c.terms)
    if (word_is(*t, "ignoring")) flags |= CARDRT_DMG_IGNORE_RESIST;
  return flags;
}

bool CardBinder::effect_body(const Clause& c, Body& b, bool continuous) {
  InlineBody inline_targets(*this, continuous ? nullptr : &b);  // card_at declares a target read before it is chosen
  std::string prim = primitive_of(p_, c);
  size_t v = after_verb(p_, c);
  std::string why;
  int32_t dur_default = continuous ? CARDRT_DUR_CONTINUOUS : CARDRT_DUR_END_OF_TURN;
  if (c.form == ClauseForm::Declarative && c.verb >= 0 && p_.verbs[static_cast<size_t>(c.verb)].primitive == "challenge") {
    // "This Personality challenges him", "It duels the target beast": the subject is the challenger
    size_t pred = 0;
    while (pred < c.terms.size() && !word_is(*c.terms[pred], c.predicate)) ++pred;
    return duel(c, pred + 1, b);
  }
  if (c.form == ClauseForm::Declarative) return declarative(c, b, continuous);
  if (c.form != ClauseForm::Imperative) return fail({c.range, "it is not an effect"});
  if (std::optional<bool> p = province_effect(c, v, b, continuous)) return *p;
  if (prim == "target" && v + 1 < c.terms.size() && word_is(*c.terms[v], "and")) {
    // "Target and bow your unbowed Kensai": the second verb acts on the target the words after it describe
    size_t len = 0;
    ClauseReader reader(p_);
    int verb = reader.verb_at(std::span(c.terms).subspan(v + 1), len);
    // "Each player targets and bows an unbowed Samurai": the player's second verb
    if (verb < 0 && player_ && reader.third_person_verb(lower_word(*c.terms[v + 1]), verb)) len = 1;
    if (verb < 0) return fail({c.range, "the words after 'and' are not an effect cardc knows"});
    Clause act = c;
    act.terms.assign(c.terms.begin() + static_cast<long>(v + 1), c.terms.begin() + static_cast<long>(v + 1 + len));
    act.terms.push_back(c.terms[v - 1]);  // "target"
    act.terms.insert(act.terms.end(), c.terms.begin() + static_cast<long>(v + 1 + len), c.terms.end());
    act.all_terms = act.terms;
    act.verb = verb;
    act.optional = false;
    return effect_body(act, b, continuous);
  }
  if (prim != "target" && v + 1 < c.terms.size() && v > 0 && word_is(*c.terms[v], "or")) {
    // "Bow or straighten him": the controller chooses one of the two verbs (CARDRT_PURPOSE_VERB: yes is the first)
    size_t len = 0;
    int second = ClauseReader(p_).verb_at(std::span(c.terms).subspan(v + 1), len);
    // "who gains or loses 2 Honor": the second verb in the third person too
    if (second < 0 && player_ && ClauseReader(p_).third_person_verb(lower_word(*c.terms[v + 1]), second)) len = 1;
    if (second >= 0 && v + 1 + len < c.terms.size()) {
      Clause one = c;
      one.terms.erase(one.terms.begin() + static_cast<long>(v), one.terms.begin() + static_cast<long>(v + 1 + len));
      one.all_terms = one.terms;
      one.optional = false;
      Clause other = tail_clause(c, v + 1, second);
      other.all_terms = other.terms;
      // "Bow or straighten a target Personality": the target is chosen once, before the verb (001 Target), so both
      // verbs act on it
      if (!emit_inline_target(c, v + 1 + len, b)) return false;
      return either_effect(one, other, b, continuous);
    }
  }
  if (std::optional<bool> r = alternative_effects(c, v, b, continuous)) return *r;
  if (prim == "target") return targeting_clause(c, b, false);
  if (std::optional<bool> each = each_object(c, v, b, continuous)) return *each;
  if (std::optional<bool> rule = attack_rule(c, b, continuous)) return *rule;
  if (const KeywordActionDef* a = keyword_action(p_, c)) return strength_attack(*a, c, v, b);
  if (prim == "gain" || prim == "lose" || prim == "produce") {
    auto amount = amount_at(c, v);
    size_t w = v + (amount ? 1 : 0);
    size_t len = 0;
    int res = w < c.terms.size() ? lex_.resource_at(std::span(c.terms).subspan(w), len) : -1;
    if (res < 0) return fail({c.range, "it names no resource of the profile"});
    size_t read = w + len;  // the words read so far: nothing after them but a duration may be left unread
    if (!amount) {
      // "Gain Honor equal to his Personal Honor", "gain coins equal to the result" (of the roll before)
      size_t e = w + len;
      if (roll_local_ && e + 3 < c.terms.size() + 1 && e + 3 <= c.terms.size() && word_is(*c.terms[e], "equal") &&
          word_is(*c.terms[e + 2], "the") && e + 3 < c.terms.size() && word_is(*c.terms[e + 3], "result")) {
        amount = local(*roll_local_);
        read = e + 4;
      }
    }
    if (!amount) {
      size_t e = w + len;
      if (e + 2 < c.terms.size() && word_is(*c.terms[e], "equal") && word_is(*c.terms[e + 1], "to")) {
        amount = stat_of_card(c, e + 2, read, why);
        if (!amount) return fail({c.range, why.empty() ? "its amount is not compiled yet" : why});
      } else {
        return fail({c.range, "it gives no amount"});
      }
    }
    // "Produce 2 Gold that can only pay for a single Kharmic action"
    if (prim == "produce")
      if (std::optional<bool> r = earmarked_gold(c, read, res, *amount, b)) return *r;
    // "Produce 2 Gold, or 3 Gold if it is not your turn"
    if (read + 2 < c.terms.size() && c.terms[read]->kind == ast::TermKind::Comma && word_is(*c.terms[read + 1], "or")) {
      auto second = amount_at(c, read + 2);
      size_t after = read + 3, rlen = 0;
      if (after < c.terms.size() && lex_.resource_at(std::span(c.terms).subspan(after), rlen) == res) after += rlen;
      auto either = second ? or_amount_if(c, after, *amount, *second) : std::nullopt;
      if (!either) return fail({c.range, "the words after '" + words_text(c.terms, v, read) + "' are not compiled yet"});
      amount = std::move(either);
      read = c.terms.size();
    }
    // "Produce 1 Gold, plus 1 additional Gold for each non-Unique Holding you control": the second amount is per card
    std::optional<Node> base;
    if (read + 5 < c.terms.size() && c.terms[read]->kind == ast::TermKind::Comma && word_at(c.terms, read + 1) == "plus")
      if (auto per = amount_at(c, read + 2); per && word_at(c.terms, read + 3) == "additional") {
        size_t rlen = 0;
        if (lex_.resource_at(std::span(c.terms).subspan(read + 4), rlen) == res && word_at(c.terms, read + 4 + rlen) == "for") {
          base = std::move(amount);
          amount = std::move(per);
          read += 4 + rlen;
        }
      }
    // "gain 1 Honor for each Province you have destroyed this game" (provinces.cpp), "for each Samurai you control"
    if (read + 2 < c.terms.size() && word_is(*c.terms[read], "for") && word_is(*c.terms[read + 1], "each")) {
      size_t to = read + 2;
      while (to < c.terms.size() && !word_is(*c.terms[to], "until") && !word_is(*c.terms[to], "and")) ++to;
      if (auto count = province_count(c.terms, read + 2, c.terms.size())) {
        amount = binary(Op::Mul, std::move(*amount), std::move(*count));
        read = c.terms.size();
      } else if (std::optional<Node> test; noun_filter(c.terms, read + 2, to, param(2), test, why)) {
        int per = filter_function(std::move(*test), c.range);
        amount = binary(Op::Mul, std::move(*amount), call("cardrt_count_cards", {G(), C(), fn_ref(per)}));
        read = to;
      } else {
        return fail({c.range, why});
      }
    }
    if (base) {
      if (read < c.terms.size() && word_at(c.terms, read) != "until" && word_at(c.terms, read) != "and")
        return fail({c.range, "the words after '" + words_text(c.terms, v, read) + "' are not compiled yet"});
      amount = binary(Op::Add, std::move(*base), std::move(*amount));
    }
    // "Produce 2 Gold and lose 1 Honor": a second effect of its own
    bool more = read < c.terms.size() && word_is(*c.terms[read], "and");
    if (read < c.terms.size() && !more && !word_is(*c.terms[read], "until"))
      return fail({c.range, "the words after '" + words_text(c.terms, v, read) + "' are not compiled yet"});
    int32_t dur = more ? -2 : duration(c, -2);
    if (dur == -1) return fail({c.range, "its duration is not compiled yet"});
    change_resource(b, prim, acting_player(c), res, std::move(*amount), dur);
    return more ? and_then(c, read, b, continuous) : true;
  }
  if (prim == "discard") {
    // "You may discard one of them" (of the cards looked at): each card chosen goes to its discard pile
    bool failed = false;
    size_t end = v;
    if (auto k = picked_cards(c, v, end, b, failed)) {
      Body each;
      each.stmts.push_back(ret(call("cardrt_discard_card", {G(), C(), param(2)})));
      int fn = add_function("each", FnKind::Amount, std::move(each), c.range);
      b.stmts.push_back(eval(call("cardrt_for_each_in_slot", {G(), C(), konst(*k), fn_ref(fn)})));
      return rest_of_effect(c, v, end, b, continuous);
    }
    if (failed) return false;
  }
  if (prim == "discard") {
    if (auto n = top_of_deck(c, v, &b)) {
      // "Discard the top card of your Fate deck", "Discard the top 3 cards of your Fate deck and ...", "... of any
      // Fate deck": the deck's top cards go to the discard pile (002 rule 520: as many as there are)
      Node who = n->whose ? std::move(*n->whose) : acting_player(c);
      // "Discard the top card of any Fate deck. Melee Attack with strength equal to the card's Focus Value": the
      // one card discarded is kept in a slot that follows it, as a discard cost's is
      std::string later = lower_text(SourceRange{c.range.file, c.range.end, unit_->range.end});
      bool one = n->count.op == Op::Const && n->count.value == 1;
      if (one && (later.find("the card's") != std::string::npos || later.find("the discarded card") != std::string::npos)) {
        auto k = choice_slot(c);
        if (!k) return false;
        uint32_t p = b.local();
        b.stmts.push_back(let(p, std::move(who)));
        b.stmts.push_back(eval(call("cardrt_look_at_top", {G(), C(), konst(*k), local(p), konst(runtime_zone_role_zone(p_, CARDRT_ZROLE_DECK)), konst(1)})));
        b.stmts.push_back(eval(call("cardrt_mill", {G(), C(), local(p), konst(1)})));
        b.stmts.push_back(eval(call("cardrt_slot_follow", {G(), C(), konst(*k)})));
        discarded_slot_ = *k;
        return rest_of_effect(c, v, n->end, b, continuous);
      }
      b.stmts.push_back(eval(call("cardrt_mill", {G(), C(), std::move(who), std::move(n->count)})));
      return rest_of_effect(c, v, n->end, b, continuous);
    }
  }
  if (prim == "discard")
    if (std::optional<bool> r = discard_unique(c, v, b, continuous)) return *r;  // "Discard the Imperial Favor"
  if (prim == "discard")
    if (std::optional<bool> r = discard_to(c, v, b, continuous)) return *r;
  if (prim == "discard" && !amount_at(c, v)) {
    // "Discard it", "Discard this Strategy": that card goes to its discard pile; "Discard this Strategy from play":
    // only while it is in play
    size_t end = v;
    auto card = card_at(c, v, end, why);
    if (!card) return fail({c.range, why});
    if (word_at(c.terms, end) == "from" && word_at(c.terms, end + 1) == "play") {
      uint32_t which = b.local();
      b.stmts.push_back(let(which, std::move(*card)));
      b.stmts.push_back(if_(call("cardrt_card_in_play", {G(), local(which)}),
                            block({eval(call("cardrt_discard_card", {G(), C(), local(which)}))})));
      return rest_of_effect(c, v, end + 2, b, continuous);
    }
    b.stmts.push_back(eval(call("cardrt_discard_card", {G(), C(), std::move(*card)})));
    return rest_of_effect(c, v, end, b, continuous);
  }
  if (prim == "draw" || prim == "discard") {
    auto amount = amount_at(c, v);
    if (!amount) return fail({c.range, "it says no number of cards"});
    Node who = acting_player(c);
    // "Discard a random card from target hero's hand" (002 rule 526): whose hand, and chosen at random
    size_t w = v + 1;
    bool random = w < c.terms.size() && word_is(*c.terms[w], "random");
    if (random) ++w;
    if (w < c.terms.size() && lower_word(*c.terms[w]).rfind("card", 0) == 0) ++w;
    // "discards a card at random"
    if (!random && w + 1 < c.terms.size() && word_is(*c.terms[w], "at") && word_is(*c.terms[w + 1], "random")) {
      random = true;
      w += 2;
    }
    // "from your hand", "from target hero's hand": nothing else may stand between "from" and "hand"
    if (prim == "discard" && w + 1 < c.terms.size() && word_is(*c.terms[w], "from") &&
        lower_word(*c.terms.back()) == "hand") {
      if (!word_is(*c.terms[w + 1], "your")) {
        size_t end = w + 1;
        auto card = targeted_card(c, w + 1, end, b);
        if (!card) return false;
        who = call("cardrt_card_controller", {G(), std::move(*card)});
        w = end;
      } else {
        w += 2;
      }
      if (w + 1 == c.terms.size()) ++w;  // the hand itself
    }
    if (w < c.terms.size()) return fail({c.range, "the words after '" + words_text(c.terms, v, w) + "' are not compiled yet"});
    if (random) {
      if (prim != "discard") return fail({c.range, "only discarding at random is compiled yet"});
      b.stmts.push_back(eval(call("cardrt_discard_random", {G(), C(), std::move(who), std::move(*amount)})));
      return true;
    }
    // 002 rule 520: as many as there are.
    b.stmts.push_back(eval(call(prim == "draw" ? "cardrt_draw" : "cardrt_discard_from_hand", {G(), C(), std::move(who), std::move(*amount)})));
    return true;
  }
  if (prim == "heal") {
    auto amount = amount_at(c, v);
    if (!amount) return fail({c.range, "it heals no number"});
    size_t on = v + 1;
    while (on < c.terms.size() && !word_is(*c.terms[on], "on")) ++on;
    if (on + 1 < c.terms.size()) {
      size_t end = on + 1;
      auto card = targeted_card(c, on + 1, end, b);
      if (!card) return false;
      b.stmts.push_back(eval(call("cardrt_heal", {G(), C(), std::move(*card), std::move(*amount)})));
    } else {
      b.stmts.push_back(eval(call("cardrt_heal_player", {G(), C(), controller(), std::move(*amount)})));  // 002 rule 520.2
    }
    return true;
  }
  if (prim == "deal" && lower_text(c.range).find("divided among") != std::string::npos) {
    // "Deal X wounds divided among any number of target beasts" (000 7.2b: at least one is chosen when X > 0)
    auto amount = amount_at(c, v);
    const TextUnit& u = *unit_;
    std::optional<size_t> k;
    for (size_t i = 0; i < u.targets.size(); ++i)
      if (u.targets[i].range.begin >= c.range.begin && u.targets[i].range.end <= c.range.end) k = i;
    if (!amount || !k) return fail({c.range, "it divides no amount among targets"});
    uint32_t n = b.local();
    b.stmts.push_back(let(n, std::move(*amount)));
    Node min = binary(Op::Gt, local(n), konst(0));
    if (!emit_target(c, *k, b, std::move(min), 8)) return false;
    b.stmts.push_back(eval(call("cardrt_deal_damage_divided", {G(), C(), konst(static_cast<int64_t>(*k)), local(n), konst(resist_flags(c))})));
    return true;
  }
  if (prim == "deal") {
    auto amount = amount_at(c, v);
    size_t to = v;
    while (to < c.terms.size() && !word_is(*c.terms[to], "to")) ++to;
    if (!amount || to + 1 >= c.terms.size()) return fail({c.range, "it deals no amount to a card"});
    if (word_is(*c.terms[to + 1], "any") || word_is(*c.terms[to - 1], "among"))
      return fail({c.range, "dividing among any number is not compiled yet"});
    size_t end = to + 1;
    auto card = targeted_card(c, to + 1, end, b);
    if (!card) return false;
    uint32_t flags = resist_flags(c);
    Node target = c.delayed ? std::move(*card) : std::move(*card);
    b.stmts.push_back(eval(call("cardrt_deal_damage", {G(), C(), std::move(target), std::move(*amount), konst(flags)})));
    return true;
  }
  if (prim == "bow" || prim == "straighten" || prim == "destroy" || prim == "set_state") {
    if (std::optional<bool> r = timed_effect(c, b, continuous)) return *r;
    size_t end = v;
    auto card = targeted_card(c, v, end, b);
    if (!card) return false;
    const char* verb_fn = prim == "bow" ? "cardrt_bow" : prim == "straighten" ? "cardrt_straighten" : "cardrt_destroy";
    // "Straighten his unit", "bow your target Personality's unit", "Straighten this unit": the card and the cards
    // attached to him, each (001 This: "this unit" is the card's unit, not only its Personality)
    const bool this_unit = end == v + 2 && word_at(c.terms, v) == "this" && word_at(c.terms, v + 1) == "unit";
    if (((word_at(c.terms, end) == "unit" && end > v) || this_unit) && prim != "set_state") {
      if (this_unit) --end;  // (the reference read "unit" already)
      Node who = std::move(*card);
      Body each;
      each.stmts.push_back(eval(call(verb_fn, {G(), C(), param(2)})));
      for_each_card(b, filter_function(in_unit_of(who), c.range), std::move(each), c.range);
      return rest_of_effect(c, v, end + 1, b, continuous);
    }
    Node act;
    if (prim == "set_state") {
      int s = state_named_by_verb(c, "verb");
      int undo = state_named_by_verb(c, "undo verb");
      if (s < 0 && undo < 0) return fail({c.range, "its verb names no card state"});
      act = call("cardrt_set_card_state", {G(), C(), std::move(*card), konst(s >= 0 ? s : undo), konst(s >= 0 ? 1 : 0)});
    } else {
      act = call(verb_fn, {G(), C(), std::move(*card)});
    }
    // "Destroy him if he is Kolat": only while the condition after the card holds
    if (word_at(c.terms, end) == "if") {
      SourceRange cond = terms_range(c.terms, end, c.terms.size());
      auto g = card_condition(c, cond);
      if (!g) return fail({c.range, "the condition '" + words_text(c.terms, end, c.terms.size()) + "' is not compiled yet"});
      b.stmts.push_back(if_(std::move(*g), block({eval(std::move(act))})));
      return true;
    }
    // "Bow him or move him home": the controller chooses one of the two (CARDRT_PURPOSE_VERB: yes is the first)
    if (size_t len = 0; word_at(c.terms, end) == "or" && end + 1 < c.terms.size()) {
      int verb = ClauseReader(p_).verb_at(std::span(c.terms).subspan(end + 1), len);
      if (verb < 0) return fail({c.range, "the words after '" + words_text(c.terms, v, end) + "' are not compiled yet"});
      Body other;
      other.locals = b.locals;
      if (!effect_body(tail_clause(c, end + 1, verb), other, continuous)) return false;
      b.locals = other.locals;
      b.stmts.push_back(if_(call("cardrt_choose_yes_no", {G(), C(), konst(CARDRT_PURPOSE_VERB)}), block({eval(std::move(act))}),
                            block(std::move(other.stmts))));
      return true;
    }
    // "Bow this Follower to destroy a target Follower": the rest happens only when the first did (its price)
    if (size_t len = 0; word_at(c.terms, end) == "to" && end + 1 < c.terms.size()) {
      int verb = ClauseReader(p_).verb_at(std::span(c.terms).subspan(end + 1), len);
      if (verb >= 0) {
        Body then;
        then.locals = b.locals;
        if (!effect_body(tail_clause(c, end + 1, verb), then, continuous)) return false;
        b.locals = then.locals;
        b.stmts.push_back(if_(binary(Op::Eq, std::move(act), konst(CARDRT_OK)), block(std::move(then.stmts))));
        return true;
      }
    }
    b.stmts.push_back(eval(std::move(act)));
    return rest_of_effect(c, v, end, b, continuous);  // "Bow him into the river" is not "Bow him" (fail closed)
  }
  if (prim == "negate") {
    if (std::optional<bool> r = negate_procedure(c, v, b, dur_default)) return *r;
    if (std::optional<bool> r = negate_modifiers(c, v, b, dur_default)) return *r;
    std::string t = lower_text(c.range);
    size_t d = v;
    while (d < c.terms.size() && !word_is(*c.terms[d], "destruction")) ++d;
    if (d == c.terms.size() || d > v + 1) return fail({c.range, "only 'Negate the destruction' is compiled yet"});
    b.stmts.push_back(eval(call("cardrt_pending_cancel", {G(), C()})));
    // "Negate the destruction of it": the destruction under way, of the card the trigger names
    size_t read = d + 1;
    if (word_at(c.terms, read) == "of" && read + 1 < c.terms.size()) {
      size_t end = read + 1;
      if (!card_at(c, read + 1, end, why)) return fail({c.range, why});
      read = end;
    }
    return rest_of_effect(c, v, read, b, continuous);
  }
  if (prim == "give") {
    size_t end = v;
    std::optional<Node> card;
    // "Give a +1F/+1C **Training** token to a target Personality"
    size_t tread = v;
    if (auto tp = token_phrase(c, v, tread, why); tp && word_at(c.terms, tread) == "to") {
      end = tread + 1;
      card = targeted_card(c, tread + 1, end, b);
      if (!card) return false;
      uint32_t who = b.local();
      b.stmts.push_back(let(who, std::move(*card)));
      place_tokens(b, who, *tp);
      return rest_of_effect(c, v, end, b, continuous);
    }
    why.clear();
    if (v + 1 < c.terms.size() && (word_is(*c.terms[v], "a") || word_is(*c.terms[v], "an")) &&
        !word_is(*c.terms[v + 1], "target")) {
      // "Give a Personality ...": a choice, not a target (001 Target)
      end = v + 1;
      while (end < c.terms.size() && c.terms[end]->kind == ast::TermKind::Word && lex_.card_type(c.terms[end]->text) < 0) ++end;
      std::optional<Node> test;
      if (end >= c.terms.size() || !noun_filter(c.terms, v, end + 1, param(2), test, why))
        return fail({c.range, why.empty() ? "it names no card to give to" : why});
      ++end;
      auto k = choose_into_slot(c, filter_function(std::move(*test), c.range), 1, 1, 0, b);
      if (!k) return false;
      card = slot(static_cast<int>(*k));
    } else if (std::optional<bool> r = gift_to_two(c, v, b, continuous)) {
      return *r;
    } else {
      card = targeted_card(c, v, end, b);
    }
    if (!card) return false;
    bool permanent = lower(p_.verbs[static_cast<size_t>(c.verb)].name).find("permanently") != std::string::npos;
    int32_t dur = duration(c, permanent ? CARDRT_DUR_PERMANENT : dur_default);
    if (dur == -1) return fail({c.range, "its duration is not compiled yet"});
    // "Give this Follower two +1F tokens", "Give him a -1F/-1C **Poison** token" (001 Token)
    {
      size_t read = end;
      if (auto tp = token_phrase(c, end, read, why)) {
        uint32_t who = b.local();
        b.stmts.push_back(let(who, std::move(*card)));
        place_tokens(b, who, *tp);
        return rest_of_effect(c, v, read, b, continuous);
      }
      if (!why.empty()) return fail({c.range, why});
    }
    std::vector<StatChange> changes;
    size_t read = end;
    if (!stat_changes(c, end, changes, &read)) return false;
    size_t slen = 0;
    int bstat = end + 1 < c.terms.size() ? lex_.stat_at(std::span(c.terms).subspan(end + 1), slen) : -1;
    size_t kind = end + 1 + slen;
    // "Give it a Force bonus or penalty equal to Heiwa's Chi": the controller chooses which (CARDRT_PURPOSE_VERB: yes is
    // the bonus)
    bool either = kind + 5 < c.terms.size() && word_is(*c.terms[kind], "bonus") && word_is(*c.terms[kind + 1], "or") &&
                  word_is(*c.terms[kind + 2], "penalty") && word_is(*c.terms[kind + 3], "equal");
    if (changes.empty() && bstat >= 0 && either) {
      size_t cend = kind + 5;
      auto of = stat_of_card(c, kind + 5, cend, why);
      if (!of) return fail({c.range, why.empty() ? "the amount of the bonus is not compiled yet" : why});
      // each branch its own change, as the meaning tree lowers a choice of two changes
      Node penalty = eval(call("cardrt_stat_modify", {G(), C(), *card, konst(bstat), binary(Op::Sub, konst(0), *of), konst(dur)}));
      b.stmts.push_back(if_(call("cardrt_choose_yes_no", {G(), C(), konst(CARDRT_PURPOSE_VERB)}),
                            block({eval(call("cardrt_stat_modify", {G(), C(), std::move(*card), konst(bstat), std::move(*of), konst(dur)}))}),
                            block({std::move(penalty)})));
      return rest_of_effect(c, v, cend, b, continuous);
    }
    if (changes.empty() && bstat >= 0 && kind + 3 < c.terms.size() &&
        (word_is(*c.terms[kind], "bonus") || word_is(*c.terms[kind], "penalty")) &&
        word_is(*c.terms[kind + 1], "equal") && word_is(*c.terms[kind + 2], "to")) {
      // "Give him a Force bonus equal to the Focus Value of the discarded card" (000 7.2: a result, never negative)
      size_t cend = kind + 3;
      auto of = stat_of_card(c, kind + 3, cend, why);
      if (!of) return fail({c.range, why.empty() ? "the amount of the bonus is not compiled yet" : why});
      Node amount = std::move(*of);
      if (word_is(*c.terms[kind], "penalty")) amount = binary(Op::Sub, konst(0), std::move(amount));
      b.stmts.push_back(eval(call("cardrt_stat_modify", {G(), C(), std::move(*card), konst(bstat), std::move(amount), konst(dur)})));
      return rest_of_effect(c, v, cend, b, continuous);
    }
    // "Give him -2F, or -3F if he is dishonorable"
    if (changes.size() == 1 && read + 2 < c.terms.size() && c.terms[read]->kind == ast::TermKind::Comma &&
        word_is(*c.terms[read + 1], "or") && c.terms[read + 2]->kind == ast::TermKind::Modifier) {
      std::vector<StatChange> second;
      size_t after = read + 2;
      if (!stat_changes(c, read + 2, second, &after)) return false;
      auto either = second.size() == 1 && second[0].stat == changes[0].stat
                        ? or_amount_if(c, after, changes[0].delta, second[0].delta) : std::nullopt;
      if (!either) return fail({c.range, "the words after '" + words_text(c.terms, v, read) + "' are not compiled yet"});
      changes[0].delta = std::move(*either);
      read = c.terms.size();
    }
    // "Give a target enemy Personality -1F for each Ninja Personality you control" (003 fluctuating)
    if (changes.size() == 1 && read + 2 < c.terms.size() && word_is(*c.terms[read], "for") && word_is(*c.terms[read + 1], "each")) {
      size_t to = read + 2;
      while (to < c.terms.size() && !word_is(*c.terms[to], "until")) ++to;
      std::optional<Node> test;
      if (!noun_filter(c.terms, read + 2, to, param(2), test, why)) return fail({c.range, why});
      int per = filter_function(std::move(*test), c.range);
      modify_per(b, std::move(*card), changes[0], call("cardrt_count_cards", {G(), C(), fn_ref(per)}), dur, c.range);
      return rest_of_effect(c, v, to, b, continuous);
    }
    // A list of gifts: "+1F, Shadowlands, and the ability, “Battle: ...”", "**Shadowlands • Undead**", "+3F and
    // **Elite**", "Imperial, Magistrate, and the ability ...", "the trait “...”" (003 Embedded text: the quoted
    // traits and abilities are this card's definition's; the runtime grants them, and abilities stack)
    uint32_t who = b.local();
    b.stmts.push_back(let(who, std::move(*card)));
    const auto& t = c.terms;
    auto gift = [&](size_t i, size_t& after) -> bool {
      if (!changes.empty()) {  // the stat changes read above
        for (auto& ch : changes)
          b.stmts.push_back(eval(call("cardrt_stat_modify", {G(), C(), local(who), konst(ch.stat), std::move(ch.delta), konst(dur)})));
        changes.clear();
        after = read;
        return true;
      }
      std::vector<StatChange> more;
      if (size_t r = i; i < t.size() && t[i]->kind == ast::TermKind::Modifier && stat_changes(c, i, more, &r) && !more.empty()) {
        for (auto& ch : more)
          b.stmts.push_back(eval(call("cardrt_stat_modify", {G(), C(), local(who), konst(ch.stat), std::move(ch.delta), konst(dur)})));
        after = r;
        return true;
      }
      size_t len = 0;
      if (int kw = i < t.size() ? lex_.keyword_at(std::span(t).subspan(i), len) : -1; kw >= 0) {
        b.stmts.push_back(eval(call("cardrt_grant_keyword", {G(), C(), local(who), konst(kw), konst(dur)})));
        after = i + len;
        return true;
      }
      size_t q = i;
      if (word_at(t, q) == "the" && (word_at(t, q + 1) == "ability" || word_at(t, q + 1) == "trait")) {
        q += 2;
        if (q < t.size() && t[q]->kind == ast::TermKind::Comma) ++q;
      }
      if (q >= t.size() || t[q]->kind != ast::TermKind::Embedded || grant_quoted(*t[q], local(who), dur, b) == 0) return false;
      after = q + 1;
      return true;
    };
    size_t i = end;
    if (!gift(i, i)) return fail({c.range, "what it gives is not compiled yet"});
    for (;;) {
      // a separator (",", "and", ", and", the bullet between bold keywords), then another gift; else the words are
      // the rest of the effect ("and bow him")
      size_t k = i;
      if (k < t.size() && (t[k]->kind == ast::TermKind::Comma || (t[k]->kind == ast::TermKind::Other && t[k]->text == "•"))) ++k;
      if (word_at(t, k) == "and") ++k;
      if (k == i || !gift(k, k)) break;
      i = k;
    }
    return rest_of_effect(c, v, i, b, continuous);
  }
  if (prim == "switch") {
    // "Switch his Force and Chi" (003 setting stats)
    size_t end = v;
    auto card = card_at(c, v, end, why);
    if (!card) return fail({c.range, why});
    // "Switch the target's and this Follower's Force": one stat of two cards
    if (word_at(c.terms, end) == "and") {
      size_t second_end = end + 1;
      auto second = card_at(c, end + 1, second_end, why);
      size_t len = 0;
      int s = second ? lex_.stat_at(std::span(c.terms).subspan(std::min(second_end, c.terms.size())), len) : -1;
      if (!second || s < 0) return fail({c.range, why.empty() ? "it does not name two cards' stat" : why});
      if (!only_duration_left(c, second_end + len))
        return fail({c.range, "the words after '" + words_text(c.terms, v, second_end + len) + "' are not compiled yet"});
      b.stmts.push_back(eval(call("cardrt_stat_switch", {G(), C(), std::move(*card), konst(s), std::move(*second), konst(s)})));
      return true;
    }
    // "his Force and Chi": two stats, then nothing but a duration (fail closed)
    std::vector<int> stats;
    size_t i = end;
    for (size_t len = 0; i < c.terms.size() && stats.size() < 2;) {
      int s = lex_.stat_at(std::span(c.terms).subspan(i), len);
      if (s < 0) break;
      stats.push_back(s);
      i += len;
      if (stats.size() == 1 && word_at(c.terms, i) == "and") ++i;
    }
    if (stats.size() != 2) return fail({c.range, "it does not name two stats"});
    if (!only_duration_left(c, i)) return fail({c.range, "the words after '" + words_text(c.terms, v, i) + "' are not compiled yet"});
    uint32_t who = b.local();
    b.stmts.push_back(let(who, std::move(*card)));
    b.stmts.push_back(eval(call("cardrt_stat_switch", {G(), C(), local(who), konst(stats[0]), local(who), konst(stats[1])})));
    return true;
  }
  if (prim == "set" && v + 1 < c.terms.size() && word_is(*c.terms[v], "each")) {
    // "Set each ruler's vitae total to 10" (000 7.2: setting a ruler's vitae may make it anything)
    size_t len = 0;
    int res = -1;
    size_t at = v;
    for (; at < c.terms.size() && res < 0; ++at) res = lex_.resource_at(std::span(c.terms).subspan(at), len);
    size_t to = at;
    while (to < c.terms.size() && !word_is(*c.terms[to], "to")) ++to;
    auto value = amount_at(c, to + 1);
    if (res < 0 || !value) return fail({c.range, "it sets no resource to a value"});
    for (Node who : {controller(), call("cardrt_opponent", {G(), controller()})})
      b.stmts.push_back(eval(call("cardrt_set_resource", {G(), C(), std::move(who), konst(res), *value})));
    return true;
  }
  if (prim == "double" || prim == "set") {
    // "Double its ATK until end of turn", "Set the ATK of target creature to 1 until end of turn"
    size_t i = v;
    std::optional<Node> card;
    int stat = -1;
    size_t len = 0;
    size_t end = i;
    if (i < c.terms.size() && word_is(*c.terms[i], "the")) ++i;
    if ((stat = lex_.stat_at(std::span(c.terms).subspan(i), len)) >= 0) {
      size_t of = i + len;
      if (of < c.terms.size() && word_is(*c.terms[of], "of")) {
        if (!emit_inline_target(c, of + 1, b)) return false;
        card = card_at(c, of + 1, end, why);
      }
    } else {
      card = card_at(c, i, end, why);
      if (end < c.terms.size()) stat = lex_.stat_at(std::span(c.terms).subspan(end), len);
    }
    if (!card || stat < 0) return fail({c.range, why.empty() ? "it names no card and stat" : why});
    int32_t dur = duration(c, dur_default);
    if (dur == -1) return fail({c.range, "its duration is not compiled yet"});
    if (prim == "double") {
      b.stmts.push_back(eval(call("cardrt_stat_modify_op", {G(), C(), std::move(*card), konst(stat), konst(CARDRT_OP_MUL), konst(2), konst(dur)})));
      size_t after = stat >= 0 && end < c.terms.size() && lex_.stat_at(std::span(c.terms).subspan(end), len) == stat ? end + len : end;
      if (!only_duration_left(c, after)) return fail({c.range, "the words after '" + words_text(c.terms, v, after) + "' are not compiled yet"});
      return true;
    }
    // "Set his Force equal to his Chi or Personal Honor": a stat of a card, or the one of two the controller chooses
    // (CARDRT_PURPOSE_VERB: yes is the first)
    if (word_at(c.terms, end + len) == "equal" && word_at(c.terms, end + len + 1) == "to" && end + len + 2 < c.terms.size()) {
      size_t from = end + len + 2, read = from;
      auto first = stat_of_card(c, from, read, why);
      if (!first) return fail({c.range, why.empty() ? "it sets no value" : why});
      Node value = std::move(*first);
      size_t slen = 0;
      if (word_at(c.terms, read) == "or" && lex_.stat_at(std::span(c.terms).subspan(read + 1), slen) >= 0 && read > from + 1) {
        // the second stat of the same card: "his" before it again
        Clause other = c;
        other.terms.assign(c.terms.begin() + static_cast<long>(from), c.terms.begin() + static_cast<long>(read - 1));
        size_t stat_words = 0;
        lex_.stat_at(std::span(c.terms).subspan(read - 1), stat_words);
        if (stat_words != 1) return fail({c.range, "the words after '" + words_text(c.terms, v, read) + "' are not compiled yet"});
        other.terms.insert(other.terms.end(), c.terms.begin() + static_cast<long>(read + 1), c.terms.begin() + static_cast<long>(read + 1 + slen));
        size_t oread = 0;
        auto second = stat_of_card(other, 0, oread, why);
        if (!second || oread != other.terms.size()) return fail({c.range, why.empty() ? "it sets no value" : why});
        uint32_t pick = b.local();
        b.stmts.push_back(let(pick, call("cardrt_choose_yes_no", {G(), C(), konst(CARDRT_PURPOSE_VERB)})));
        value = binary(Op::Add, binary(Op::Mul, local(pick), std::move(value)),
                       binary(Op::Mul, binary(Op::Sub, konst(1), local(pick)), std::move(*second)));
        read += 1 + slen;
      }
      if (!only_duration_left(c, read)) return fail({c.range, "the words after '" + words_text(c.terms, v, read) + "' are not compiled yet"});
      b.stmts.push_back(eval(call("cardrt_stat_set", {G(), C(), std::move(*card), konst(stat), std::move(value), konst(dur)})));
      return true;
    }
    size_t to = end;
    while (to < c.terms.size() && !word_is(*c.terms[to], "to")) ++to;
    auto value = amount_at(c, to + 1);
    if (!value) return fail({c.range, "it sets no value"});
    if (!only_duration_left(c, to + 2)) return fail({c.range, "the words after '" + words_text(c.terms, v, to + 2) + "' are not compiled yet"});
    b.stmts.push_back(eval(call("cardrt_stat_set", {G(), C(), std::move(*card), konst(stat), std::move(*value), konst(dur)})));
    return true;
  }
  if (prim == "create") {
    // 003 Created cards: "Create a Lion Clan, Samurai, Tactician Personality card.", "create a 0F/2C/0PH **Ninja •
    // Scorpion Clan** Personality and straighten him", "Create a +2F/+1C **Weapon** Item", "Create a Spirit card with
    // Attack 1 and Life 1". Every word is read (fail closed).
    const auto& t = c.terms;
    size_t end = v;  // the end of the card's phrase: "card", "with", or "and" before another verb
    auto verb_after = [&](size_t k) {
      size_t len = 0;
      return word_is(*t[k], "and") && k + 1 < t.size() && ClauseReader(p_).verb_at(std::span(t).subspan(k + 1), len) >= 0;
    };
    auto phrase_end = [&](size_t k) {
      std::string w = lower_word(*t[k]);
      return w == "card" || w == "with" || w == "at" || w == "in" || w == "into" || w == "under" || verb_after(k);
    };
    while (end < t.size() && !phrase_end(end)) ++end;
    if (end == v) return fail({c.range, "it names no card type"});
    size_t last = end;
    while (last > v && t[last - 1]->kind != ast::TermKind::Word) --last;
    int ct = last > v ? lex_.card_type(t[last - 1]->text) : -1;
    if (ct < 0) return fail({c.range, "it names no card type"});
    int play = runtime_zone_role_zone(p_, CARDRT_ZROLE_PLAY);
    // "Create two 1F/1C/0PH ... Personalities": that many cards alike
    int64_t copies = 1;
    if (auto n = amount_at(c, v); n && n->op == Op::Const && n->value >= 2 && n->value <= 10 && lex_.card_type(t[last - 1]->text) >= 0)
      copies = n->value;
    const size_t first_stmt = b.stmts.size();
    uint32_t made = b.local();
    b.stmts.push_back(let(made, call("cardrt_create_card", {G(), C(), str(p_.card_types[static_cast<size_t>(ct)].name), controller(), konst(play)})));
    auto set_base = [&](int stat, int64_t value) {
      b.stmts.push_back(eval(call("cardrt_created_set_base", {G(), C(), local(made), konst(stat), konst(value)})));
    };
    auto unread = [&](size_t i) { return fail({c.range, "the word '" + std::string(t[i]->text) + "' of the created card is not compiled yet"}); };
    for (size_t i = v; i + 1 < last; ++i) {
      std::string w = lower_word(*t[i]);
      if (t[i]->kind == ast::TermKind::Comma || t[i]->kind == ast::TermKind::Slash || t[i]->kind == ast::TermKind::Other ||
          (i == v && (w == "a" || w == "an" || copies > 1)) || w == "and")
        continue;
      size_t len = 0;
      // "0F/2C/0PH": a number and a stat's abbreviation for each stat; "+2F/+1C" for an Item's modifiers
      if (t[i]->kind == ast::TermKind::Modifier && !t[i]->uses_x && !t[i]->stat().empty()) {
        ast::Term abbrev = *t[i];
        abbrev.kind = ast::TermKind::Word;
        abbrev.text = t[i]->stat();
        std::vector<const ast::Term*> one{&abbrev};
        int s = lex_.stat_at(one, len);
        if (s < 0) return unread(i);
        set_base(s, t[i]->value);
        continue;
      }
      if (t[i]->kind == ast::TermKind::Number && i + 1 < last - 1) {
        int s = lex_.stat_at(std::span(t).subspan(i + 1), len);
        if (s < 0 || len != 1) return unread(i);
        set_base(s, t[i]->value);
        ++i;
        continue;
      }
      int kw = lex_.keyword_at(std::span(t).subspan(i), len);
      if (kw < 0 && t[i]->bold && t[i]->kind == ast::TermKind::Word) {
        // a bold keyword the profile does not know ("**Fox • Nonhuman**"): as on a printed card's keyword line, the
        // semantic passes warned (UnknownKeyword) and the card has it in name only
        while (i + 1 < last - 1 && t[i + 1]->bold && t[i + 1]->kind == ast::TermKind::Word) ++i;
        continue;
      }
      if (kw < 0 || i + len > last - 1) return unread(i);
      b.stmts.push_back(eval(call("cardrt_created_add_keyword", {G(), C(), local(made), konst(kw)})));
      i += len - 1;
    }
    size_t i = last;
    if (i < t.size() && word_is(*t[i], "card")) ++i;
    // "with the ability, “Battle: ...”", "with the trait “This Province has +1 strength”" (003 Embedded text): the
    // created card has it for as long as it exists
    if (word_at(t, i) == "with" && word_at(t, i + 1) == "the" && (word_at(t, i + 2) == "ability" || word_at(t, i + 2) == "trait")) {
      size_t q = i + 3;
      if (q < t.size() && t[q]->kind == ast::TermKind::Comma) ++q;
      if (q >= t.size() || t[q]->kind != ast::TermKind::Embedded || grant_quoted(*t[q], local(made), CARDRT_DUR_PERMANENT, b) == 0)
        return unread(i + 1);
      i = q + 1;
    }
    // "with Attack 1 and Life 1"
    if (i < t.size() && word_is(*t[i], "with")) {
      ++i;
      while (i < t.size() && !verb_after(i)) {
        size_t len = 0;
        int s = lex_.stat_at(std::span(t).subspan(i), len);
        if (s < 0 || i + len >= t.size() || t[i + len]->kind != ast::TermKind::Number) return unread(i);
        set_base(s, t[i + len]->value);
        i += len + 1;
        if (i < t.size() && (t[i]->kind == ast::TermKind::Comma || (word_is(*t[i], "and") && !verb_after(i)))) ++i;
      }
    }
    // "... Personalities at the current battlefield", "at home": where the created cards are (001 battlefields)
    if (i + 1 < t.size() && word_is(*t[i], "at")) {
      std::string w1 = lower_word(*t[i + 1]), w2 = i + 2 < t.size() ? lower_word(*t[i + 2]) : "", w3 = i + 3 < t.size() ? lower_word(*t[i + 3]) : "";
      std::optional<Node> where;
      if (w1 == "home") {
        where = konst(0);
        i += 2;
      } else if (w1 == "the" && w2 == "current" && w3 == "battlefield") {
        where = call("cardrt_current_battlefield", {G()});
        i += 4;
      }
      if (where) b.stmts.push_back(eval(call("cardrt_move_to_battlefield", {G(), C(), local(made), std::move(*where)})));
    }
    if (copies > 1) {
      if (i < t.size()) return fail({c.range, "the words after several created cards are not compiled yet"});
      std::vector<Node> one(b.stmts.begin() + static_cast<long>(first_stmt), b.stmts.end());
      for (int64_t k = 1; k < copies; ++k) b.stmts.insert(b.stmts.end(), one.begin(), one.end());
      return true;
    }
    last_created_ = made;
    created_range_ = c.range;
    // "... and attach it to your target Personality": the rest, with "it" the created card
    if (i < t.size()) return rest_of_effect(c, v, i, b, continuous);
    return true;
  }
  if (prim == "take_action" || prim == "take action") {
    if (std::optional<bool> r = take_unique(c, v, b, continuous)) return *r;  // "Take the Imperial Favor"
    return additional_action(c, v, b);
  }
  if (prim == "inflict") {
    // 004: "Inflict Poison on target unit [ignoring Resist]"
    size_t len = 0;
    size_t i = v;
    int st = lex_.status_at(std::span(c.terms).subspan(i), len);
    if (st < 0) return fail({c.range, "it names no status"});
    size_t on = i + len;
    if (on >= c.terms.size() || !word_is(*c.terms[on], "on")) return fail({c.range, "it names no card"});
    if (word_is(*c.terms[on + 1], "each")) {
      // "Inflict Sleep on each unit your opponent controls": for each card the phrase names.
      std::optional<Node> test;
      size_t stop = on + 2;
      while (stop < c.terms.size() && !word_is(*c.terms[stop], "ignoring")) ++stop;
      std::vector<const ast::Term*> np(c.terms.begin() + static_cast<long>(on + 2), c.terms.begin() + static_cast<long>(stop));
      bool opponents = false;
      for (size_t k = 0; k + 1 < np.size(); ++k)
        if (word_is(*np[k], "your") && (word_is(*np[k + 1], "opponent") || word_is(*np[k + 1], "opponents"))) opponents = true;
      if (opponents) np.erase(std::remove_if(np.begin(), np.end(), [](const ast::Term* x) {
                                std::string l = lower_word(*x);
                                return l == "your" || l == "opponent" || l == "opponents" || l == "controls" || l == "control";
                              }), np.end());
      if (!noun_filter(np, 0, np.size(), param(2), test, why)) return fail({c.range, why});
      Node f_test = std::move(*test);
      if (opponents) f_test = and_(std::move(f_test), binary(Op::Ne, call("cardrt_card_controller", {G(), param(2)}), controller()));
      int fn = filter_function(std::move(f_test), c.range);
      uint32_t flags = resist_flags(c);
      Body apply;
      apply.stmts.push_back(eval(call("cardrt_inflict_status", {G(), C(), param(2), konst(st), konst(1), konst(flags)})));
      for_each_card(b, fn, std::move(apply), c.range);
      return true;
    }
    size_t end = on + 1;
    auto card = targeted_card(c, on + 1, end, b);
    if (!card) return false;
    uint32_t flags = resist_flags(c);
    b.stmts.push_back(eval(call("cardrt_inflict_status", {G(), C(), std::move(*card), konst(st), konst(1), konst(flags)})));
    return true;
  }
  if (prim == "remove") {
    // "Remove this card from the game", "remove your performing Personality from the game to draw a card": the card
    // goes to the zone of cards removed from the game; what follows "to" happens only if it went
    {
      const auto& t = c.terms;
      size_t from = v;
      while (from < t.size() && !word_is(*t[from], "from")) ++from;
      if (from > v && from + 2 < t.size() && word_is(*t[from + 1], "the") && word_is(*t[from + 2], "game")) {
        int zone = runtime_zone_role_zone(p_, CARDRT_ZROLE_REMOVED);
        if (zone < 0) return fail({c.range, "the game has no zone for cards removed from it ('removed')"});
        size_t end = v;
        auto card = targeted_card(c, v, end, b);
        if (!card) return false;
        if (end != from) return fail({c.range, "the words after '" + words_text(t, v, end) + "' are not compiled yet"});
        uint32_t moved = b.local();
        b.stmts.push_back(let(moved, call("cardrt_move_card", {G(), C(), std::move(*card), konst(zone), konst(0)})));
        size_t after = from + 3;
        size_t len = 0;
        if (after + 1 < t.size() && word_is(*t[after], "to"))
          if (int verb = ClauseReader(p_).verb_at(std::span(t).subspan(after + 1), len); verb >= 0) {
            b.stmts.push_back(fail_if(binary(Op::Ne, local(moved), konst(CARDRT_OK))));
            return effect_body(tail_clause(c, after + 1, verb), b, continuous);
          }
        return after == t.size() ? true : rest_of_effect(c, v, after, b, continuous);
      }
    }
    // "Remove **Ninja** from Hurunayi [until the end of the turn]": a keyword taken away (003 Keywords: effects
    // grant and remove them, following the rules on duration)
    {
      size_t klen = 0;
      int kw = v < c.terms.size() ? lex_.keyword_at(std::span(c.terms).subspan(v), klen) : -1;
      if (kw >= 0 && v + klen + 1 < c.terms.size() && word_is(*c.terms[v + klen], "from")) {
        size_t end = v + klen + 1;
        auto card = targeted_card(c, v + klen + 1, end, b);
        if (!card) return false;
        int32_t dur = duration(c, dur_default);
        if (dur == -1) return fail({c.range, "its duration is not compiled yet"});
        b.stmts.push_back(eval(call("cardrt_remove_keyword", {G(), C(), std::move(*card), konst(kw), konst(dur)})));
        return rest_of_effect(c, v, end, b, continuous);
      }
    }
    // "Remove 2 damage counters from it", "Remove all Poison counters from target unit"
    bool all = v < c.terms.size() && word_is(*c.terms[v], "all");
    if (all && lower(words_text(c.terms, v, v + 6)) == "all counters of one status from") {
      // "Remove all counters of one Status from target unit": the controller picks the Status (004 Status)
      size_t from = v + 5;
      size_t end = from + 1;
      auto card = from + 1 < c.terms.size() ? targeted_card(c, from + 1, end, b) : std::nullopt;
      if (!card) return from + 1 < c.terms.size() ? false : fail({c.range, "it names no card"});
      uint32_t who = b.local(), st = b.local();
      b.stmts.push_back(let(who, std::move(*card)));
      b.stmts.push_back(let(st, call("cardrt_choose_status", {G(), C(), local(who)})));
      b.stmts.push_back(if_(binary(Op::Ge, local(st), konst(0)),
                            block({eval(call("cardrt_remove_counters", {G(), C(), local(who), local(st),
                                                                        call("cardrt_card_counters", {G(), local(who), local(st)})}))})));
      return rest_of_effect(c, v, end, b, continuous);
    }
    auto amount = all ? std::optional<Node>{} : amount_at(c, v);
    size_t i = v + 1;
    size_t len = 0;
    int st = i < c.terms.size() ? lex_.status_at(std::span(c.terms).subspan(i), len) : -1;
    if (st < 0 || (!all && !amount)) return fail({c.range, "what it removes is not compiled yet"});
    size_t from = i + len;
    if (word_at(c.terms, from) == "counter" || word_at(c.terms, from) == "counters") ++from;
    if (word_at(c.terms, from) != "from" || from + 1 >= c.terms.size()) return fail({c.range, "it names no card"});
    size_t end = from + 1;
    auto card = targeted_card(c, from + 1, end, b);
    if (!card) return false;
    uint32_t who = b.local();
    b.stmts.push_back(let(who, std::move(*card)));
    Node n = all ? call("cardrt_card_counters", {G(), local(who), konst(st)}) : std::move(*amount);
    b.stmts.push_back(eval(call("cardrt_remove_counters", {G(), C(), local(who), konst(st), std::move(n)})));
    return rest_of_effect(c, v, end, b, continuous);
  }
  if (prim == "win") {
    b.stmts.push_back(eval(call("cardrt_player_wins", {G(), C(), controller()})));
    return true;
  }
  if (prim == "roll") {
    // "Roll a D6. Gain coins equal to the result ..." (002 rule 526: uniform)
    roll_local_ = b.local();
    b.stmts.push_back(let(*roll_local_, call("cardrt_roll_d6", {G(), C()})));
    return true;
  }
  if (prim == "put" && std::any_of(c.terms.begin(), c.terms.end(), [](const ast::Term* x) { return word_is(*x, "token"); })) {
    // 001 Token: "Put a +1F token on it": the bonus comes from the card that created the token.
    size_t read = v;
    auto tp = token_phrase(c, v, read, why);
    if (!tp) return fail({c.range, why.empty() ? "the token's bonus is not compiled yet" : why});
    if (word_at(c.terms, read) != "on") return fail({c.range, "the words after '" + words_text(c.terms, v, read) + "' are not compiled yet"});
    size_t end = read + 1;
    auto card = targeted_card(c, read + 1, end, b);
    if (!card) return false;
    uint32_t who = b.local();
    b.stmts.push_back(let(who, std::move(*card)));
    place_tokens(b, who, *tp);
    return rest_of_effect(c, v, end, b, continuous);
  }
  if (prim == "return" && v + 2 < c.terms.size() && word_is(*c.terms[v], "any") && word_is(*c.terms[v + 1], "number"))
    return return_any_number(c, v, b);
  if (prim == "return") {
    // "Return it to your hand"
    size_t end = v;
    auto card = card_at(c, v, end, why);
    int hand = runtime_zone_role_zone(p_, CARDRT_ZROLE_HAND);
    // "to your hand", "to its owner's hand", "to his hand": nothing else before "hand", and nothing after it but a
    // duration or another effect (fail closed)
    size_t h = end + 1;
    auto whose = [](const std::string& w) {
      return w == "your" || w == "its" || w == "his" || w == "her" || w == "their" || w == "owner's" || w == "owners'";
    };
    while (h < c.terms.size() && h < end + 3 && whose(lower_word(*c.terms[h]))) ++h;
    if (!card || hand < 0 || word_at(c.terms, end) != "to" || h == end + 1 || word_at(c.terms, h) != "hand")
      return fail({c.range, why.empty() ? "only returning a card to its hand is compiled yet" : why});
    b.stmts.push_back(eval(call("cardrt_move_card", {G(), C(), std::move(*card), konst(hand), konst(0)})));
    return rest_of_effect(c, v, h + 1, b, continuous);
  }
  // "Move him to the current battlefield", "Move your Monk to the current battlefield": with his unit; "Move this
  // Personality there" after "If any enemy units are at the current battlefield"; "to this battlefield" in a Battle
  // action, where the battle is. `words`: how many words at the end name the current battlefield.
  // "Move Norime into your defending army": to the current battlefield, where the player whose turn it is not
  // defends; "Move Ibara to oppose it": to the battlefield where that card is (to its enemies' side of it).
  size_t words = 0;
  std::optional<Node> dest, allowed;
  if (prim == "move") {
    std::string text = lower_text(c.range);
    words = text.ends_with(" to the current battlefield") ? 4
            : text.ends_with(" there") && current_battlefield_named_before(c.range.begin) ? 1
            : text.ends_with(" to this battlefield") && (unit_designators_ & CARDRT_DESIG_BATTLE) ? 3
                                                                                                 : 0;
    if (!words && text.ends_with(" into your defending army")) {
      words = 4;
      allowed = binary(Op::Ne, controller(), call("cardrt_active_player", {G()}));
    }
    for (size_t k = v + 1; !words && k + 2 < c.terms.size(); ++k)
      if (word_at(c.terms, k) == "to" && word_at(c.terms, k + 1) == "oppose") {
        size_t e = k + 2;
        auto opposed = card_at(c, k + 2, e, why);
        if (!opposed || e != c.terms.size()) return fail({c.range, why.empty() ? "the words after 'to oppose' are not compiled yet" : why});
        words = c.terms.size() - k;
        dest = call("cardrt_card_battlefield", {G(), std::move(*opposed)});
      }
  }
  if (words) {
    size_t end = v;
    auto card = targeted_card(c, v, end, b);
    if (!card) return false;
    if (end + words != c.terms.size() || (words > 1 && !word_is(*c.terms[end], "to") && !word_is(*c.terms[end], "into")))
      return fail({c.range, "the words after '" + words_text(c.terms, v, end) + "' are not compiled yet"});
    uint32_t who = b.local();
    b.stmts.push_back(let(who, std::move(*card)));
    uint32_t where = b.local();
    b.stmts.push_back(let(where, dest ? std::move(*dest) : call("cardrt_current_battlefield", {G()})));
    // nowhere to go (no battle, a card at home): no move
    Node go = binary(Op::Gt, local(where), konst(0));
    if (allowed) go = and_(std::move(go), std::move(*allowed));
    Node elsewhere = and_(std::move(go), binary(Op::Ne, call("cardrt_card_battlefield", {G(), local(who)}), local(where)));
    Node move = call("cardrt_move_to_battlefield", {G(), C(), local(who), local(where)});
    // "If he moved": he was elsewhere and nothing kept him from moving ("negate his movement"; not inside a
    // per-card function, whose locals are its own)
    if (!each_term_) {
      moved_local_ = b.local();
      moved_card_ = terms_range(c.terms, v, end);
      b.stmts.push_back(let(*moved_local_, and_(std::move(elsewhere), binary(Op::Eq, std::move(move), konst(CARDRT_OK)))));
    } else {
      b.stmts.push_back(if_(std::move(elsewhere), block({eval(std::move(move))})));
    }
    return true;
  }
  bool home = std::any_of(c.terms.begin() + static_cast<long>(std::min(v, c.terms.size())), c.terms.end(),
                          [](const ast::Term* x) { return word_is(*x, "home"); });
  if (prim == "transfer" || (prim == "move" && !home && v < c.terms.size() && word_is(*c.terms[v], "this"))) {
    // 001 Transfer: "Transfer this card to target Personality you control" (no cost, not entering play)
    size_t end = v;
    // "Transfer your target Follower to ...": the target is declared before it is read (card_at alone left it empty)
    auto card = targeted_card(c, v, end, b);
    if (!card) return false;
    if (end + 1 >= c.terms.size() || !word_is(*c.terms[end], "to")) return fail({c.range, "it names no card to move to"});
    size_t to_end = end + 1;
    auto to = targeted_card(c, end + 1, to_end, b);
    if (!to) return false;
    b.stmts.push_back(eval(call("cardrt_transfer", {G(), C(), std::move(*card), std::move(*to)})));
    return rest_of_effect(c, v, to_end, b, continuous);
  }
  if (prim == "prevent" && !replacing_ && v + 1 < c.terms.size() && word_is(*c.terms[v + 1], "next")) {
    // "Prevent the next 2 wounds that would be dealt to this structure until the end of the turn"
    auto n = amount_at(c, v + 2);
    size_t to = v + 3;
    while (to < c.terms.size() && !word_is(*c.terms[to], "to")) ++to;
    size_t end = to + 1;
    auto card = n && to + 1 < c.terms.size() ? targeted_card(c, to + 1, end, b) : std::nullopt;
    if (!card) return n && to + 1 < c.terms.size() ? false : fail({c.range, "it prevents no amount to a card"});
    int32_t dur = duration(c, CARDRT_DUR_END_OF_TURN);
    if (dur == -1) return fail({c.range, "its duration is not compiled yet"});
    if (!only_duration_left(c, end)) return fail({c.range, "the words after '" + words_text(c.terms, v, end) + "' are not compiled yet"});
    b.stmts.push_back(eval(call("cardrt_prevent_damage", {G(), C(), std::move(*card), std::move(*n), konst(dur)})));
    return true;
  }
  if (prim == "prevent") {
    // "Prevent 2 of those wounds" in a replacement of the damage (002 rule 525): the pending amount shrinks.
    auto n = amount_at(c, v);
    if (!n || !replacing_) return fail({c.range, "only preventing part of a pending amount is compiled yet"});
    b.stmts.push_back(eval(call("cardrt_pending_set_amount",
                                {G(), C(), binary(Op::Max, konst(0), binary(Op::Sub, call("cardrt_pending_amount", {G(), C()}), std::move(*n)))})));
    return true;
  }
  if (prim == "cancel" && lower_text(c.range).ends_with("target action") && unit_->kind == UnitKind::Ability) {
    // the response's target is the action it answers (card_binder.cpp makes the ability a response)
    b.stmts.push_back(eval(call("cardrt_pending_cancel", {G(), C()})));
    return true;
  }
  if (prim == "look") return look_at(c, v, b);
  if (prim == "search") return search(c, v, b);
  if (prim == "put") return put_picked(c, v, b);
  if (prim == "choose") return choose(c, v, b);
  if (prim == "reduce" || prim == "increase") {
    // "Reduce a target enemy Personality's Force by Taisho's Force", "Raise this Shugenja's Force by his Chi",
    // "Reduce the Force of his Follower by 2": a penalty or bonus of that amount
    size_t i = v, end = v;
    std::optional<Node> card;
    int stat = -1;
    size_t len = 0;
    if (i < c.terms.size() && word_is(*c.terms[i], "the") && (stat = lex_.stat_at(std::span(c.terms).subspan(i + 1), len)) >= 0 &&
        i + 1 + len < c.terms.size() && word_is(*c.terms[i + 1 + len], "of")) {
      card = targeted_card(c, i + 2 + len, end, b);
    } else {
      card = targeted_card(c, i, end, b);
      if (card && end < c.terms.size()) {
        stat = lex_.stat_at(std::span(c.terms).subspan(end), len);
        end += len;
      }
    }
    if (!card) return false;
    if (stat < 0 || end + 1 >= c.terms.size() || !word_is(*c.terms[end], "by"))
      return fail({c.range, "it names no stat to change by an amount"});
    size_t read = end + 1;
    // "by an amount equal to your Paragon's Force"
    if (word_at(c.terms, read) == "an" && word_at(c.terms, read + 1) == "amount" && word_at(c.terms, read + 2) == "equal" &&
        word_at(c.terms, read + 3) == "to")
      read += 4;
    std::optional<Node> amount = read == end + 1 ? amount_at(c, read) : std::nullopt;
    if (amount) ++read;
    else amount = stat_of_card(c, read, read, why);
    if (!amount) return fail({c.range, why.empty() ? "its amount is not compiled yet" : why});
    int32_t dur = duration(c, dur_default);
    if (dur == -1) return fail({c.range, "its duration is not compiled yet"});
    Node delta = prim == "reduce" ? binary(Op::Sub, konst(0), std::move(*amount)) : std::move(*amount);
    b.stmts.push_back(eval(call("cardrt_stat_modify", {G(), C(), std::move(*card), konst(stat), std::move(delta), konst(dur)})));
    return rest_of_effect(c, v, read, b, continuous);
  }
  if (prim == "play") return play_from_hand(c, v, b);
  if (prim == "attach") return attach(c, v, b);
  if (prim == "challenge") return duel(c, v, b);
  if (prim == "reveal") {
    size_t end = v;
    auto card = card_at(c, v, end, why);
    if (!card) return fail({c.range, why});
    b.stmts.push_back(eval(call("cardrt_reveal", {G(), C(), std::move(*card)})));
    return and_then(c, end, b, continuous);
  }
  if (prim == "move" && home) {
    // "Send him home", "Move home a target enemy unit", "Move your target Personality home": he leaves the
    // battlefield with his unit
    bool first = v < c.terms.size() && word_is(*c.terms[v], "home");
    size_t end = first ? v + 1 : v;
    auto card = targeted_card(c, end, end, b);
    if (!card) return false;
    if (!first) {
      if (end >= c.terms.size() || !word_is(*c.terms[end], "home"))
        return fail({c.range, "the words after '" + words_text(c.terms, v, end) + "' are not compiled yet"});
      ++end;
    }
    // "If he moved": he went home (he was at a battlefield, and nothing negated his movement; not inside a per-card
    // function, whose locals are its own)
    // "Move home this unit and a target enemy unit": both go home
    if (size_t len = 0; first && word_at(c.terms, end) == "and" && end + 1 < c.terms.size() &&
                        ClauseReader(p_).verb_at(std::span(c.terms).subspan(end + 1), len) < 0) {
      size_t second_end = end + 1;
      auto second = targeted_card(c, end + 1, second_end, b);
      if (!second) return false;
      b.stmts.push_back(eval(call("cardrt_send_home", {G(), C(), std::move(*card)})));
      b.stmts.push_back(eval(call("cardrt_send_home", {G(), C(), std::move(*second)})));
      return rest_of_effect(c, v, second_end, b, continuous);
    }
    Node home = call("cardrt_send_home", {G(), C(), std::move(*card)});
    if (!each_term_) {
      moved_local_ = b.local();
      moved_card_ = terms_range(c.terms, first ? v + 1 : v, first ? end : end - 1);
      b.stmts.push_back(let(*moved_local_, binary(Op::Eq, std::move(home), konst(CARDRT_OK))));
    } else {
      b.stmts.push_back(eval(std::move(home)));
    }
    return rest_of_effect(c, v, end, b, continuous);
  }
  return fail({c.range, "the verb '" + p_.verbs[static_cast<size_t>(std::max(c.verb, 0))].name + "' (" + prim + ") is not compiled yet"});
}

}  // namespace cardc::binding
