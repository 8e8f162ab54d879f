// The binder (card_binder.h): tokens (001 Token), "Give Noritada two +1F **Fire** tokens", "a -1F/-1C **Poison**
// token", "a **Madness** token", and what a card has of them ("who has a Madness token", "If your Monk has any Fire
// tokens"). A token is a counter of its kind (a status the profile marks [token]); its stats are bonuses or
// penalties from the card that created it (cardrt_token_bonus), so they stay when that card leaves play.
#include <span>

#include "bind/card_binder.h"
#include "sema/clause_reader.h"
#include "sema/lexicon.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

namespace {

bool is_token_word(const std::string& w) { return w == "token" || w == "tokens"; }

}  // namespace

// The token kind the words at `at` name, ending with "token(s)": "Poison token", "tokens" (the profile's unnamed
// token, when it has one: -1 otherwise). nullopt when the words there are no token's name.
std::optional<int> CardBinder::token_kind_at(const std::vector<const ast::Term*>& t, size_t at, size_t& end) const {
  size_t len = 0;
  int st = at < t.size() ? lex_.status_at(std::span(t).subspan(at), len) : -1;
  if (st >= 0 && p_.statuses[static_cast<size_t>(st)].attrs.count("token") && is_token_word(word_at(t, at + len - 1))) {
    end = at + len;
    return st;
  }
  if (is_token_word(word_at(t, at))) {  // a profile without an unnamed token kind: the bonus alone
    end = at + 1;
    return -1;
  }
  return std::nullopt;
}

// "two +1F tokens", "a -1F/-1C **Poison** token", "a **Madness** token", "four +1F Fire tokens" at `at`. nullopt with
// `why` empty when the words are no token phrase; with `why` set when they are one that is not compiled.
std::optional<CardBinder::TokenPhrase> CardBinder::token_phrase(const Clause& c, size_t at, size_t& read, std::string& why) {
  const auto& t = c.terms;
  if (at >= t.size()) return std::nullopt;
  TokenPhrase tp;
  size_t i = at;
  std::string w = word_at(t, i);
  if (t[i]->kind == ast::TermKind::Number) {
    tp.count = t[i]->value;
    ++i;
  } else if (w == "a" || w == "an") {
    ++i;
  } else if (int n = Lexicon::number_word(w); n >= 0) {
    tp.count = n;
    ++i;
  }
  // the token's name or "token(s)" must follow its stats: anything else is not a token phrase
  size_t stats_end = i;
  while (stats_end < t.size() && (t[stats_end]->kind == ast::TermKind::Modifier || t[stats_end]->kind == ast::TermKind::Slash)) ++stats_end;
  size_t name_end = stats_end;
  while (name_end < t.size() && name_end < stats_end + 3 && !is_token_word(word_at(t, name_end))) ++name_end;
  if (name_end >= t.size() || !is_token_word(word_at(t, name_end))) return std::nullopt;
  if (stats_end > i) {
    size_t sread = i;
    if (!stat_changes(c, i, tp.changes, &sread)) return std::nullopt;
    if (sread != stats_end) {
      why = "the stats of the token in '" + words_text(t, at, name_end + 1) + "' are not compiled yet";
      return std::nullopt;
    }
  }
  size_t end = stats_end;
  auto kind = token_kind_at(t, stats_end, end);
  if (!kind) {
    why = "'" + words_text(t, stats_end, name_end + 1) + "' is not a token of game '" + p_.game + "'";
    return std::nullopt;
  }
  if (tp.count < 1 || tp.count > 8) {
    why = "only one to eight tokens at once are compiled yet";
    return std::nullopt;
  }
  if (*kind < 0 && tp.changes.empty()) {
    why = "a token with no stat and no name changes nothing";
    return std::nullopt;
  }
  tp.kind = *kind;
  read = end;
  return tp;
}

// Each token: its counter, then its stats (001 Token: the bonus comes from the card that created it).
void CardBinder::place_tokens(Body& b, uint32_t who, const TokenPhrase& tp) {
  for (int64_t n = 0; n < tp.count; ++n) {
    if (tp.kind >= 0) b.stmts.push_back(eval(call("cardrt_add_counters", {G(), C(), local(who), konst(tp.kind), konst(1)})));
    for (const StatChange& ch : tp.changes)
      b.stmts.push_back(eval(call("cardrt_token_bonus", {G(), C(), local(who), konst(ch.stat), ch.delta})));
  }
}

// "a Madness token", "any Fire tokens", "no Poison tokens" at `at` (after "has" or "with"): whether `card` has one.
// nullopt when the words are no token's kind.
std::optional<Node> CardBinder::has_token(const std::vector<const ast::Term*>& t, size_t at, size_t to, const Node& card, size_t& end) {
  std::string w = word_at(t, at);
  bool none = w == "no";
  size_t k = (w == "a" || w == "an" || w == "any" || none) ? at + 1 : at;
  auto kind = token_kind_at(t, k, end);
  if (!kind || *kind < 0 || end > to) return std::nullopt;
  Node n = call("cardrt_card_counters", {G(), card, konst(*kind)});
  return none ? binary(Op::Eq, std::move(n), konst(0)) : binary(Op::Gt, std::move(n), konst(0));
}

}  // namespace cardc::binding
