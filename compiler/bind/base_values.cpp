// The binder (card_binder.h): values a card's text defines. "This Personality's Force is equal to the number of
// cards in your hand" (a Force of *) and "X is the number of Structures you rule" (an X stat) become the card's base
// function, which the runtime calls whenever it needs that base (003 Asterisks; 000 7.4: X defined by the text,
// 7.4c: zero out of play). Also the linked penalties of continuous traits: "a Force and Chi penalty equal to their
// own Personal Honor" (003 Obsidian Dragon).
#include "bind/card_binder.h"

#include <algorithm>
#include <span>

#include "bind/runtime_profile.h"
#include "sema/clause_reader.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

// "the number of cards in your hand", "the number of Structures you rule": a count judged for `card` (its controller
// is "you"). In a base function there is no effect context: counting goes through cardrt_count_cards_for.
std::optional<Node> CardBinder::count_phrase(const std::vector<const ast::Term*>& t, size_t from, size_t to, Node card,
                                             std::string& why) {
  if (from + 3 > to || !word_is(*t[from], "the") || !word_is(*t[from + 1], "number") || !word_is(*t[from + 2], "of")) {
    why = "only 'the number of ...' is compiled as a defined value yet";
    return std::nullopt;
  }
  size_t i = from + 3;
  // "cards in your hand" (in your deck, in your discard pile): the size of a zone of the card's controller
  for (size_t k = i; k + 1 < to; ++k)
    if (word_is(*t[k], "in") && word_is(*t[k + 1], "your") && k + 2 < to) {
      std::string z = lower_word(*t[k + 2]);
      int role = z == "hand" ? CARDRT_ZROLE_HAND : z == "deck" ? CARDRT_ZROLE_DECK : z == "discard" ? CARDRT_ZROLE_DISCARD : -1;
      int zone = role >= 0 ? runtime_zone_role_zone(p_, role) : -1;
      if (zone < 0 || k != i + 1 || (!word_is(*t[i], "cards") && !word_is(*t[i], "card"))) break;
      return call("cardrt_zone_count", {G(), call("cardrt_card_controller", {G(), card}), konst(zone)});
    }
  std::optional<Node> test;
  if (!noun_filter(t, i, to, param(2), test, why)) return std::nullopt;
  int fn = filter_function(std::move(*test), SourceRange::join(t[from]->range, t[to - 1]->range));
  return call("cardrt_count_cards_for", {G(), std::move(card), fn_ref(fn)});
}

// The shape of a trait that defines a base value: "X is ...", "<this card>'s <stat> is equal to ...". nullopt: not
// one. `stat` is -1 for X; `value` is where the value's words begin.
std::optional<CardBinder::BaseShape> CardBinder::base_shape(const TextUnit& u) const {
  if (u.kind != UnitKind::ContinuousTrait || u.effects.size() != 1) return std::nullopt;
  const auto& t = u.effects[0].terms;
  if (t.size() < 4) return std::nullopt;
  size_t is = 0;
  while (is < t.size() && !word_is(*t[is], "is")) ++is;
  if (is == 0 || is + 1 >= t.size()) return std::nullopt;
  size_t value = is + 1;
  if (word_is(*t[value], "equal") && value + 1 < t.size() && word_is(*t[value + 1], "to")) value += 2;
  if (is == 1 && t[0]->kind == ast::TermKind::X) return BaseShape{-1, value};
  const Reference* r = reference_at(u, t[0]);
  if (!word_is(*t[0], "this") || !r || r->kind != RefKind::ThisCard) return std::nullopt;
  // "This Personality's Force": the stat follows the reference
  size_t s = 0, len = 0;
  while (s < is && t[s]->range.begin < r->range.end) ++s;
  int stat = lex_.stat_at(std::span(t).subspan(s, is - s), len);
  if (stat < 0 || s + len != is) return std::nullopt;
  return BaseShape{stat, value};
}

// A continuous trait that defines a base value: registers the card's base function. nullopt: not one.
std::optional<bool> CardBinder::base_definition(const TextUnit& u, uint32_t def, Body& reg, Body& out) {
  auto shape = base_shape(u);
  if (!shape) return std::nullopt;
  const Clause& c = u.effects[0];
  const auto& t = c.terms;
  size_t value = shape->value;
  int stat = shape->stat;
  bool x = stat < 0;
  if (!x) {
    bool asterisk = false;
    for (const ast::StatEntry& e : r_.card->stats) {
      bool variable = e.value.kind == ast::StatValueKind::Variable || e.value.kind == ast::StatValueKind::SignedVariable;
      if (p_.stat(e.name) == static_cast<size_t>(stat) && variable) asterisk = true;
    }
    if (!asterisk) return fail({c.range, "a stat the text defines must be printed as * (003 Asterisks)"});
  } else if (std::none_of(r_.card->stats.begin(), r_.card->stats.end(),
                          [](const ast::StatEntry& e) { return e.value.kind == ast::StatValueKind::X; })) {
    return fail({c.range, "the card has no X stat for its text to define"});
  }
  std::string why;
  auto amount = count_phrase(t, value, t.size(), param(1), why);
  if (!amount) return fail({c.range, why});
  Body f;
  // a base function answers for every stat the runtime asks about; only the defined one (or every X) has a value
  if (stat >= 0) f.stmts.push_back(if_(binary(Op::Ne, param(2), konst(stat)), block({ret(konst(0))})));
  f.stmts.push_back(ret(std::move(*amount)));
  int fn = add_function("base", FnKind::Base, std::move(f), c.range);
  out.stmts.push_back(checked(call("cardrt_def_base_fn", {param(0), local(def), fn_ref(fn)}), reg));
  return true;
}

// "Non-Unique Personalities have a Force and Chi penalty equal to their own Personal Honor while they oppose
// Obsidian Dragon; this will not reduce Chi below 1": for each card the subject names, a penalty that follows its
// own stat (a fluctuating amount), floored where the trait says so (003 Obsidian Dragon).
bool CardBinder::linked_penalty(const Clause& c, size_t pred, Body& b, int32_t dur) {
  const auto& t = c.terms;
  std::string why;
  size_t i = pred + 1;
  if (i < t.size() && (word_is(*t[i], "a") || word_is(*t[i], "an"))) ++i;
  std::vector<int> stats;
  size_t len = 0;
  while (i < t.size()) {
    int s = lex_.stat_at(std::span(t).subspan(i), len);
    if (s < 0) break;
    stats.push_back(s);
    i += len;
    if (i < t.size() && word_is(*t[i], "and")) ++i;
  }
  if (stats.empty() || i + 3 >= t.size()) return fail({c.range, "what it has is not compiled yet"});
  int sign = word_is(*t[i], "penalty") ? -1 : word_is(*t[i], "bonus") ? 1 : 0;
  if (!sign || !word_is(*t[i + 1], "equal") || !word_is(*t[i + 2], "to")) return fail({c.range, "what it has is not compiled yet"});
  i += 3;
  while (i < t.size() && (word_is(*t[i], "their") || word_is(*t[i], "his") || word_is(*t[i], "its") ||
                          word_is(*t[i], "own")))
    ++i;
  int of = i < t.size() ? lex_.stat_at(std::span(t).subspan(i), len) : -1;
  if (of < 0) return fail({c.range, "the amount of the penalty is not compiled yet"});
  i += len;
  // "while they oppose <this card>": at this card's battlefield, on the other side
  Node test_extra = konst(1);
  size_t subject_end = pred;
  if (i < t.size() && word_is(*t[i], "while")) {
    if (i + 3 > t.size() || !word_is(*t[i + 2], "oppose")) return fail({c.range, "its condition is not compiled yet"});
    // this card: "this Personality", or its own title (003 Card title)
    const Reference* r = i + 3 < t.size() ? reference_at(t[i + 3]) : nullptr;
    bool me = (r && r->kind == RefKind::ThisCard) || lower(words_text(t, i + 3, t.size())) == lower(r_.card->title);
    if (!me) return fail({c.range, "only opposing this card is compiled as a condition yet"});
    Node here = call("cardrt_card_battlefield", {G(), self()});
    test_extra = and_(binary(Op::Gt, here, konst(0)),
                      and_(binary(Op::Eq, call("cardrt_card_battlefield", {G(), param(2)}), here),
                           binary(Op::Ne, call("cardrt_card_controller", {G(), param(2)}), controller())));
    i = t.size();
  }
  // "; this will not reduce Chi below 1"
  std::optional<std::pair<int, int64_t>> floor;
  for (const Clause& e : unit_->effects) {
    std::string text = lower_text(e.range);
    size_t at = text.find("this will not reduce ");
    if (at == std::string::npos) continue;
    // exactly "this will not reduce <stat> below <N>" (effect_clause skips this sentence once it is read here)
    const auto& w = e.all_terms;
    for (size_t k = 3; k + 2 < w.size(); ++k)
      if (lower(words_text(w, k - 3, k + 1)) == "this will not reduce") {
        int s = lex_.stat_at(std::span(w).subspan(k + 1), len);
        size_t below = k + 1 + len;
        if (s >= 0 && below + 2 == w.size() && word_is(*w[below], "below") && w[below + 1]->kind == ast::TermKind::Number)
          floor = std::make_pair(s, w[below + 1]->value);
      }
    if (!floor) return fail({e.range, "this restriction is not compiled yet"});
  }
  std::optional<Node> subject;
  if (!noun_filter(t, 0, subject_end, param(2), subject, why)) return fail({c.range, why});
  int filter = filter_function(and_(std::move(*subject), std::move(test_extra)), c.range);
  Body amount;
  amount.stmts.push_back(ret(binary(Op::Max, konst(0), call("cardrt_stat_get", {G(), param(2), konst(of)}))));
  int af = add_function("amount", FnKind::Amount, std::move(amount), c.range);
  Body apply;
  for (int s : stats) {
    if (sign < 0 && floor && floor->first == s)
      apply.stmts.push_back(eval(call("cardrt_stat_penalty_floored", {G(), C(), param(2), konst(s), fn_ref(af), konst(0), konst(floor->second), konst(dur)})));
    else
      apply.stmts.push_back(eval(call("cardrt_stat_modify_fluctuating", {G(), C(), param(2), konst(s), fn_ref(af), konst(sign), konst(dur)})));
  }
  for_each_card(b, filter, std::move(apply), c.range);
  return true;
}

}  // namespace cardc::binding
