#pragma once
// Walking the readings: every unit (embedded ones too) and its clauses in text order.
#include <string>
#include <vector>

#include "sema/check_context.h"
#include "sema/clause_reader.h"

namespace cardc {

template <typename F>
void for_each_unit(std::vector<TextUnit>& units, F&& f, bool embedded = false) {
  for (TextUnit& u : units) {
    f(u, embedded);
    for_each_unit(u.embedded, f, true);
  }
}

// Constraints first, then effects: the order in which a player reads and resolves them.
inline std::vector<Clause*> clauses_of(TextUnit& u) {
  std::vector<Clause*> out;
  for (auto& c : u.constraints) out.push_back(&c);
  for (auto& c : u.effects) out.push_back(&c);
  return out;
}

inline std::string words_text(const std::vector<const ast::Term*>& terms, size_t from, size_t to) {
  std::string s;
  for (size_t i = from; i < to && i < terms.size(); ++i) {
    if (!s.empty()) s += ' ';
    s += terms[i]->text;
  }
  return s;
}

inline SourceRange terms_range(const std::vector<const ast::Term*>& terms, size_t from, size_t to) {
  SourceRange r;
  for (size_t i = from; i < to && i < terms.size(); ++i) r = SourceRange::join(r, terms[i]->range);
  return r;
}

inline bool is_upper(const ast::Term& t) {
  return t.kind == ast::TermKind::Word && !t.text.empty() && std::isupper(static_cast<unsigned char>(t.text[0]));
}

// The keyword action a clause's verb is, as the profile declares it ("Ranged 3 Attack", "Fear 2", "make a Fear
// effect": each a target of its own, their reminder text); nullptr: none.
inline const KeywordActionDef* keyword_action(const GameProfile& p, const Clause& c) {
  if (c.verb < 0) return nullptr;
  const int a = p.verbs[static_cast<size_t>(c.verb)].action;
  return a < 0 ? nullptr : &p.keyword_actions[static_cast<size_t>(a)];
}

// Whether `word` (lower case) is a whole word of a card's title ("tsudoken" of "Akodo Tsudoken, the Elder"): the
// card's short name (003 Card title).
inline bool title_word(std::string_view title, std::string_view word) {
  std::string t = " ";
  for (char ch : title) t += ch == ',' ? ' ' : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  t += ' ';
  return !word.empty() && t.find(" " + std::string(word) + " ") != std::string::npos;
}

// The primitive of an imperative clause's verb ("" otherwise).
inline std::string primitive_of(const GameProfile& p, const Clause& c) {
  if (c.form != ClauseForm::Imperative || c.verb < 0) return {};
  return p.verbs[static_cast<size_t>(c.verb)].primitive;
}

// Index in c.terms of the first term after the imperative verb ("You may" skipped).
size_t after_verb(const GameProfile& p, const Clause& c);
// How many cards a count at `k` allows, and the index after it (and after an "of"): "one or two", "one or more",
// "one to three", "up to two", "any number of" (at most 8). nullopt: no count there.
struct TargetCount {
  int min = 1, max = 1;
  size_t end = 0;
};
std::optional<TargetCount> target_count(const std::vector<const ast::Term*>& t, size_t k);

}  // namespace cardc
