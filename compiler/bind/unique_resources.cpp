// The binder (card_binder.h): a resource the profile marks [unique], of which there is one in the game and one
// player at most holds it (legends: the Imperial Favor). "Take the Imperial Favor" takes it from whoever holds it;
// "Discard the Imperial Favor to draw a card" gives it up, and only then does the rest happen; "If you control the
// Imperial Favor" asks whether you hold it.
#include <span>

#include "bind/card_binder.h"
#include "sema/clause_reader.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

// The unique resource "the <name>" names at t[i] (its index), with `end` after its words; -1 when none.
int CardBinder::unique_resource_at(const std::vector<const ast::Term*>& t, size_t i, size_t& end) const {
  if (word_at(t, i) != "the") return -1;
  size_t len = 0;
  int res = i + 1 < t.size() ? lex_.resource_at(std::span(t).subspan(i + 1), len) : -1;
  if (res < 0 || !p_.resources[static_cast<size_t>(res)].unique) return -1;
  end = i + 1 + len;
  return res;
}

// "Take the Imperial Favor": every other player's goes to zero, yours to one.
std::optional<bool> CardBinder::take_unique(const Clause& c, size_t v, Body& b, bool continuous) {
  size_t end = v;
  int res = unique_resource_at(c.terms, v, end);
  if (res < 0) return std::nullopt;
  Body each;
  each.stmts.push_back(eval(set_your_resource(res, 0)));
  each.stmts.push_back(ret(konst(CARDRT_OK)));
  int fn = add_function("each_player", FnKind::Effect, std::move(each), c.range);
  Node others = fn_ref(filter_function(binary(Op::Ne, param(2), controller()), c.range));
  b.stmts.push_back(eval(call("cardrt_for_each_player", {G(), C(), std::move(others), fn_ref(fn)})));
  b.stmts.push_back(eval(set_your_resource(res, 1)));
  return rest_of_effect(c, v, end, b, continuous);
}

// "Discard the Imperial Favor", "Discard the Imperial Favor to draw a card", "discard the Imperial Favor and remove
// this Strategy from the game to draw a card": given up if you hold it; what follows "to" happens only then.
std::optional<bool> CardBinder::discard_unique(const Clause& c, size_t v, Body& b, bool continuous) {
  size_t end = v;
  int res = unique_resource_at(c.terms, v, end);
  if (res < 0) return std::nullopt;
  const auto& t = c.terms;
  Node held = holds_resource(res);
  Body then;
  then.locals = b.locals;
  then.stmts.push_back(eval(set_your_resource(res, 0)));
  size_t to = end;
  while (to < t.size() && word_at(t, to) != "to") ++to;
  if (to < t.size()) {
    // the words between ("and remove this Strategy from the game") are more of the price, then the effect
    if (to > end) {
      Clause price = c;
      price.terms.resize(to);
      if (!and_then(price, end, then, continuous)) return false;
    }
    size_t len = 0;
    int verb = to + 1 < t.size() ? ClauseReader(p_).verb_at(std::span(t).subspan(to + 1), len) : -1;
    if (verb < 0) return fail({c.range, "the words after 'to' are not an effect cardc knows"});
    if (!effect_body(tail_clause(c, to + 1, verb), then, continuous)) return false;
  } else if (!rest_of_effect(c, v, end, then, continuous)) {
    return false;
  }
  b.locals = then.locals;
  b.stmts.push_back(if_(std::move(held), block(std::move(then.stmts))));
  return true;
}

}  // namespace cardc::binding
