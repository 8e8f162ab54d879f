// The binder (card_binder.h): payments. "When paying a Gold cost", "When paying for a Holding" (a Reaction to the
// runtime's paying event: its card is the card paid for), and Gold produced for some cards only: "Produce 2 Gold
// that can only pay for a single Kharmic action", "which may only pay for that card" (cardrt_gain_earmarked).
#include <span>

#include "bind/card_binder.h"
#include "sema/clause_reader.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

// "When paying a Gold cost", "When paying for a Personality with a Clan alignment different than your own": the
// payer is you (your Reactions answer your payments), and the card paid for is what the words after "for" name.
bool CardBinder::paying_trigger(const Clause& c, std::string& trigger, std::optional<Node>& who) {
  const auto& t = c.all_terms;
  trigger = "payment";
  size_t k = 0;
  while (k < t.size() && word_at(t, k) != "paying") ++k;
  if (k == 0 || k + 1 >= t.size() || (word_at(t, 0) != "when" && word_at(t, 0) != "after" && word_at(t, 0) != "while"))
    return fail({c.range, "this trigger is not compiled yet"});
  auto field = [&](int32_t f) { return call("cardrt_ctx_event", {G(), C(), konst(f)}); };
  Node mine = binary(Op::Eq, field(CARDRT_EVF_PLAYER), controller());
  ++k;
  // "a Gold cost": a payment of that resource
  if (word_at(t, k) == "a" || word_at(t, k) == "an") {
    size_t len = 0;
    int res = lex_.resource_at(std::span(t).subspan(k + 1), len);
    if (res < 0 || k + 1 + len + 1 != t.size() || word_at(t, k + 1 + len) != "cost")
      return fail({c.range, "the words after 'paying' are not compiled yet"});
    who = and_(std::move(mine), binary(Op::Eq, field(CARDRT_EVF_WHAT), konst(res)));
    return true;
  }
  if (word_at(t, k) != "for") return fail({c.range, "the words after 'paying' are not compiled yet"});
  // "for a Holding": the card paid for, wherever it is (in a Province, in hand)
  std::optional<Node> test;
  std::string why;
  if (!noun_filter(t, k + 1, t.size(), field(CARDRT_EVF_CARD), test, why, false)) return fail({c.range, why});
  who = and_(std::move(mine), std::move(*test));
  return true;
}

// After "Produce 2 Gold": ", which can only pay for a single Armor, Mine, or Weapon", "that can only pay for a
// single Kharmic action", "which may only pay for that card". nullopt: no such words at `read`.
std::optional<bool> CardBinder::earmarked_gold(const Clause& c, size_t read, int res, Node amount, Body& b) {
  const auto& t = c.terms;
  size_t k = read;
  if (k < t.size() && t[k]->kind == ast::TermKind::Comma) ++k;
  if (word_at(t, k) != "that" && word_at(t, k) != "which") return std::nullopt;
  ++k;
  if ((word_at(t, k) != "can" && word_at(t, k) != "may") || word_at(t, k + 1) != "only" || word_at(t, k + 2) != "pay" ||
      word_at(t, k + 3) != "for")
    return std::nullopt;
  k += 4;
  uint32_t flags = 0;
  Node filter = konst(0);
  if (word_at(t, k) == "that" && word_at(t, k + 1) == "card" && k + 2 == t.size()) {
    flags = CARDRT_EARMARK_THIS_PAYMENT;  // the card being paid for now
  } else if ((word_at(t, k) == "a" || word_at(t, k) == "one") && word_at(t, k + 1) == "single") {
    // "a single Kharmic action": the card whose action it is; "a single Armor, Mine, or Weapon": the card bought
    flags = CARDRT_EARMARK_SINGLE;
    size_t to = t.size();
    if (word_at(t, to - 1) == "action") --to;
    std::optional<Node> test;
    std::string why;
    if (to <= k + 2 || !noun_filter(t, k + 2, to, param(2), test, why, false))
      return fail({c.range, why.empty() ? "what the " + p_.resources[static_cast<size_t>(res)].name + " can pay for is not compiled yet" : why});
    filter = fn_ref(filter_function(std::move(*test), c.range));
  } else {
    return fail({c.range, "what the " + p_.resources[static_cast<size_t>(res)].name + " can pay for is not compiled yet"});
  }
  b.stmts.push_back(eval(call("cardrt_gain_earmarked", {G(), C(), acting_player(c), konst(res),
                                                         std::move(amount), std::move(filter), konst(flags)})));
  return true;
}

}  // namespace cardc::binding
