// The binder (card_binder.h): costs (003 Abilities C); each fails the ability when it cannot be paid.
#include "bind/card_binder.h"

#include <algorithm>
#include <span>

#include "bind/runtime_profile.h"
#include "sema/clause_reader.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

bool CardBinder::cost_clause(const Clause& c, Body& b) {
  if (std::optional<bool> r = unless_clause(c, b, true, false)) return *r;
  // "Discard a card and target one of your Tactician Personalities": a cost and a targeting in one clause.
  for (size_t k = 0; k < unit_->targets.size(); ++k)
    if (unit_->targets[k].range.begin > c.range.begin && unit_->targets[k].range.end <= c.range.end && !declared_targets_.count(k)) {
      if (!announced_targets_) return fail({unit_->targets[k].range, "a targeting outside an ability's constraints is not compiled yet"});
      if (!emit_target(c, k, *announced_targets_)) return false;
    }
  std::string prim = primitive_of(p_, c);
  size_t v = after_verb(p_, c);
  std::string why;
  if (prim == "bow" || prim == "set_state") {
    size_t end = v;
    auto card = card_at(c, v, end, why);
    if (!card) return fail({c.range, why});
    // "Bow Kojinrue or one of his Weapons", "Bow Tomiko or one of her Spells": the controller chooses which unbowed
    // card of those pays (not targeted, 001 Target)
    if (prim == "bow" && word_at(c.terms, end) == "or" && word_at(c.terms, end + 1) == "one" && word_at(c.terms, end + 2) == "of") {
      size_t to = end + 3;
      while (to < c.terms.size() && c.terms[to]->kind == ast::TermKind::Word && word_at(c.terms, to) != "and") ++to;
      std::optional<Node> test;
      if (!noun_filter(c.terms, end + 1, to, param(2), test, why)) return fail({c.range, why});  // "one of his Weapons"
      Node either = binary(Op::Or, binary(Op::Eq, param(2), std::move(*card)), std::move(*test));
      Node unbowed = not_(call("cardrt_card_state", {G(), param(2), konst(CARDRT_STATE_BOWED)}));
      auto k = choose_into_slot(c, filter_function(and_(std::move(either), std::move(unbowed)), c.range), 1, 1, 0, b);
      if (!k) return false;
      b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_bow", {G(), C(), slot(static_cast<int>(*k))}), konst(CARDRT_OK))));
      return more_costs(c, to, b);
    }
    if (prim == "bow") {
      b.stmts.push_back(fail_if(call("cardrt_card_state", {G(), *card, konst(CARDRT_STATE_BOWED)})));
      b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_bow", {G(), C(), *card}), konst(CARDRT_OK))));
    } else {
      int state = state_named_by_verb(c, "verb");
      if (state < 0) return fail({c.range, "its verb names no card state of the profile"});
      b.stmts.push_back(fail_if(call("cardrt_card_state", {G(), *card, konst(state)})));
      b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_set_card_state", {G(), C(), *card, konst(state), konst(1)}), konst(CARDRT_OK))));
    }
    return more_costs(c, end, b);
  }
  if (prim == "pay" || prim == "spend") {
    auto amount = amount_at(c, v);
    size_t len = 0;
    int res = v + 1 < c.terms.size() ? lex_.resource_at(std::span(c.terms).subspan(v + 1), len) : -1;
    if (!amount || res < 0) return fail({c.range, "it pays no amount of a resource"});
    Node who = controller();
    if (c.terms[v]->kind == ast::TermKind::X) {
      // 000 7.4a: X in a cost is chosen and announced when paying.
      uint32_t x = b.local();
      b.stmts.push_back(let(x, call("cardrt_x_announce", {G(), C(), call("cardrt_resource_get", {G(), controller(), konst(res)})})));
      amount = local(x);
    }
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_pay_resource", {G(), C(), std::move(who), konst(res), std::move(*amount)}), konst(CARDRT_OK))));
    return more_costs(c, v + 1 + len, b);
  }
  if (prim == "discard") {
    if (auto n = top_of_deck(c, v)) {
      // "discard the top card of your Fate deck": all of them or the cost is not paid
      uint32_t want = b.local();
      b.stmts.push_back(let(want, std::move(n->count)));
      b.stmts.push_back(fail_if(binary(Op::Lt, call("cardrt_mill", {G(), C(), controller(), local(want)}), local(want))));
      return more_costs(c, n->end, b);
    }
    // "Discard this card": the card itself
    if (size_t end = v; !amount_at(c, v))
      if (const Reference* r = v < c.terms.size() ? reference_at(c.terms[v]) : nullptr; r && r->kind == RefKind::ThisCard) {
        while (end < c.terms.size() && c.terms[end]->range.begin < r->range.end) ++end;
        b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_discard_card", {G(), C(), self()}), konst(CARDRT_OK))));
        return more_costs(c, end, b);
      }
    auto amount = amount_at(c, v);
    if (!amount) return fail({c.range, "it discards no number of cards"});
    // "Discard a card: Produce Gold equal to its Focus Value": a pronoun whose antecedent is the discarded card
    const size_t card_end = cards_from_hand_end(c, v + 1);
    const SourceRange phrase = terms_range(c.terms, v, card_end);
    bool read_later = std::any_of(unit_->references.begin(), unit_->references.end(), [&](const Reference& r) {
      return r.kind == RefKind::TheDiscarded ||
             (r.kind == RefKind::Pronoun && r.antecedent.file == phrase.file && phrase.begin <= r.antecedent.begin &&
              r.antecedent.end <= phrase.end);
    });
    if (read_later && amount->op == Op::Const && amount->value == 1) {
      // "Discard a card ...: ... the Focus Value of the discarded card": the card is chosen, discarded, and kept
      // an Action card being played is not one of the cards in hand it may discard
      int other = filter_function(binary(Op::Ne, param(2), self()), c.range);
      auto k = choose_into_slot(c, other, 1, 1, CARDRT_TGT_HAND, b);
      if (!k) return false;
      discarded_slot_ = *k;
      picked_.push_back({phrase, *k});  // "its Focus Value"
      b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_discard_card", {G(), C(), slot(static_cast<int>(*k))}), konst(CARDRT_OK))));
      b.stmts.push_back(eval(call("cardrt_slot_follow", {G(), C(), konst(*k)})));
      return more_costs(c, card_end, b);
    }
    uint32_t n = b.local();
    b.stmts.push_back(let(n, std::move(*amount)));
    b.stmts.push_back(fail_if(binary(Op::Lt, call("cardrt_discard_from_hand", {G(), C(), controller(), local(n)}), local(n))));
    return more_costs(c, cards_from_hand_end(c, v + 1), b);
  }
  if (prim == "lose") {
    auto amount = amount_at(c, v);
    size_t len = 0;
    int res = v + 1 < c.terms.size() ? lex_.resource_at(std::span(c.terms).subspan(v + 1), len) : -1;
    if (!amount || res < 0) return fail({c.range, "it loses no amount of a resource"});
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_pay_resource", {G(), C(), controller(), konst(res), std::move(*amount)}), konst(CARDRT_OK))));
    return more_costs(c, v + 1 + len, b);
  }
  if (prim == "target") {  // emitted above; a cost of targets only, nothing after them left unread
    std::vector<std::pair<size_t, size_t>> mine;
    size_t tail = 0;
    return after_targets(c, target_words(c, mine), true, tail).has_value();
  }
  if (prim == "choose" && v + 1 < c.terms.size()) {
    // "Choose your performing unbowed Monk": chosen as the action is announced (performers.cpp)
    size_t end = v;
    auto who = performer_at(c.terms, v, end);
    if (!who) return fail({c.range, "this cost is not compiled yet"});
    // the card itself performs it ("Choose your performing unbowed Monk" on a Monk): what the words say of him must
    // hold, every word read (fail closed)
    if (!performer_slot_ && printed_performer() && word_is(*c.terms[v], "your")) {
      std::optional<Node> test;
      if (!noun_filter(c.terms, v + 1, end, *who, test, why)) return fail({c.range, why});
      b.stmts.push_back(fail_if(not_(std::move(*test))));
    }
    return more_costs(c, end, b);
  }
  std::string text = lower_text(c.range);
  if (prim == "move" && (lower(words_text(c.terms, v, c.terms.size())) == "the top card of your deck to the discard pile" ||
                         lower(words_text(c.terms, v, c.terms.size())) == "the top card of your deck to your discard pile")) {
    // "Send the top card of your deck to the discard pile"
    b.stmts.push_back(fail_if(binary(Op::Lt, call("cardrt_mill", {G(), C(), controller(), konst(1)}), konst(1))));
    return true;
  }
  if ((prim == "destroy" || (prim == "move" && std::any_of(c.terms.begin(), c.terms.end(), [](const ast::Term* x) { return word_is(*x, "home"); }))) &&
      v < c.terms.size() &&
      !word_is(*c.terms[v], "a") && !word_is(*c.terms[v], "an")) {
    // "Destroy this card", "Destroy your performing unbowed Courtier", "Move your performing Personality home"
    size_t end = v;
    auto card = card_at(c, v, end, why);
    if (!card) return fail({c.range, why});
    if (prim == "move") {
      if (end >= c.terms.size() || !word_is(*c.terms[end], "home")) return fail({c.range, "this cost is not compiled yet"});
      b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_send_home", {G(), C(), std::move(*card)}), konst(CARDRT_OK))));
      return more_costs(c, end + 1, b);
    }
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_destroy", {G(), C(), std::move(*card)}), konst(CARDRT_OK))));
    return more_costs(c, end, b);
  }
  if (prim == "destroy" && v < c.terms.size() && (word_is(*c.terms[v], "a") || word_is(*c.terms[v], "an"))) {
    // "Destroy a Shard you control": a choice, not a target (001 Target), fixed at once.
    std::optional<Node> test;
    if (!noun_filter(c.terms, v, c.terms.size(), param(2), test, why)) return fail({c.range, why});
    auto k = choose_into_slot(c, filter_function(std::move(*test), c.range), 1, 1, 0, b);
    if (!k) return false;
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_destroy", {G(), C(), slot(static_cast<int>(*k))}), konst(CARDRT_OK))));
    return true;
  }
  return fail({c.range, "this cost is not compiled yet"});
}

// "Exhaust this creature and pay X coins": the part after "and" is a cost of its own.
// "Choose your performing Monk, target an enemy card, and discard this card": costs listed with commas. Words it
// cannot read are reported (fail closed), never skipped.
// After "Discard a card" / "Discard 2 cards": the words "card(s)" and "from your hand" are read; what follows is
// another cost or nothing (more_costs says which). Other words were skipped here before, unread.
size_t CardBinder::cards_from_hand_end(const Clause& c, size_t i) const {
  const auto& t = c.terms;
  auto word = [&](size_t k) { return word_at(t, k); };
  if (word(i) == "card" || word(i) == "cards") ++i;
  if (word(i) == "from" && word(i + 1) == "your" && word(i + 2) == "hand") i += 3;
  return i;
}

bool CardBinder::more_costs(const Clause& c, size_t end, Body& b) {
  const auto& t = c.terms;
  if (end >= t.size()) return true;
  size_t at = end;
  if (t[at]->kind == ast::TermKind::Comma) ++at;
  if (at < t.size() && word_is(*t[at], "and")) ++at;
  if (at == end || at >= t.size())
    return fail({c.range, "the words after '" + std::string(ctx_.sources.text(t[end - 1]->range)) + "' are not compiled yet"});
  size_t len = 0;
  int verb = ClauseReader(p_).verb_at(std::span(t).subspan(at), len);
  if (verb < 0) return fail({c.range, "the words after '" + std::string(ctx_.sources.text(t[end - 1]->range)) + "' are not a cost cardc knows"});
  if (p_.verbs[static_cast<size_t>(verb)].primitive == "target")  // emitted by cost_clause; the costs may go on
    return more_costs(c, target_phrase_end(t, at + len - 1), b);
  return cost_clause(tail_clause(c, at, verb), b);
}

// The profile state whose `attr` ("verb", "undo verb") names the clause's verb; -1 if none.
int CardBinder::state_named_by_verb(const Clause& c, const std::string& attr) {
  const VerbDef& v = p_.verbs[static_cast<size_t>(c.verb)];
  for (size_t s = 0; s < p_.states.size(); ++s) {
    auto it = p_.states[s].attrs.find(attr);
    if (it != p_.states[s].attrs.end() && it->second == v.name) return runtime_state_id(p_, s);
  }
  return -1;
}

}  // namespace cardc::binding
