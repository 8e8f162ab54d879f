#include "sema/clause_reader.h"

#include <algorithm>
#include <array>

#include "sema/lexicon.h"

namespace cardc {

namespace {

// Closed-class English that introduces a condition or a timing phrase; not game vocabulary.
constexpr std::array<std::string_view, 16> kSubordinators = {
    "if", "while", "unless", "until", "after", "before", "when", "whenever", "once", "twice",
    "even", "during", "as", "instead", "otherwise", "for"};
constexpr std::array<std::string_view, 4> kTiming = {"after", "before", "when", "whenever"};
// Words that join a subject to what is said of it.
constexpr std::array<std::string_view, 21> kPredicates = {
    "has", "have", "is", "are", "was", "were", "gets", "get", "may", "can", "cannot", "can't", "will", "must",
    "does", "do", "counts", "count", "becomes", "become", "would"};

template <size_t N>
bool in(const std::array<std::string_view, N>& set, std::string_view w) {
  return std::find(set.begin(), set.end(), w) != set.end();
}

}  // namespace

std::string_view word_text(const ast::Term& t) {
  return t.kind == ast::TermKind::Word || t.kind == ast::TermKind::X ? std::string_view(t.text) : std::string_view();
}

std::string lower_word(const ast::Term& t) {
  if (t.kind != ast::TermKind::Word && t.kind != ast::TermKind::X) return {};
  std::string s(t.text);
  for (auto& c : s) c = ascii_lower(c);
  return s;
}

int ClauseReader::verb_at(TermSpan terms, size_t& len) const {
  int best = -1;
  len = 0;
  if (terms.empty()) return best;
  // the verbs whose first word this is (GameProfile::index_phrases), in the order declared; the longest wins
  for (int v : profile_.indexes().verbs.starting(word_text(*terms[0]))) {
    const auto& words = profile_.verbs[static_cast<size_t>(v)].words;
    if (words.size() > terms.size() || words.size() <= len) continue;
    bool match = true;
    for (size_t i = 1; i < words.size() && match; ++i) match = lower_equals(word_text(*terms[i]), words[i]);
    if (match) {
      best = v;
      len = words.size();
    }
  }
  return best;
}

bool ClauseReader::third_person_verb(std::string_view w, int& verb) const {
  std::optional<size_t> v = profile_.indexes().third_person.find(w);  // "challenges", "carries": GameProfile::index_phrases
  if (!v) return false;
  verb = static_cast<int>(*v);
  return true;
}

int ClauseReader::event_in(TermSpan terms) const {
  int best = -1;
  size_t best_len = 0;
  std::vector<std::string> words;
  for (const auto* t : terms) words.push_back(lower_word(*t));
  for (size_t e = 0; e < profile_.events.size(); ++e) {
    const auto& ev = profile_.events[e].words;
    if (ev.empty() || ev.size() > words.size() || ev.size() <= best_len) continue;
    for (size_t i = 0; i + ev.size() <= words.size(); ++i) {
      if (std::equal(ev.begin(), ev.end(), words.begin() + static_cast<long>(i))) {
        best = static_cast<int>(e);
        best_len = ev.size();
        break;
      }
    }
  }
  return best;
}

int ClauseReader::event_named(TermSpan terms) const {
  if (terms.empty()) return -1;
  for (int e : profile_.indexes().events.starting(word_text(*terms[0]))) {
    const auto& ev = profile_.events[static_cast<size_t>(e)].words;
    if (ev.size() != terms.size()) continue;
    bool match = true;
    for (size_t i = 1; i < ev.size() && match; ++i) match = lower_equals(word_text(*terms[i]), ev[i]);
    if (match) return e;
  }
  return -1;
}

bool ClauseReader::read(TermSpan terms, Clause& out, std::string& why) const {
  out.all_terms.assign(terms.begin(), terms.end());
  if (terms.empty()) {
    why = "it is empty";
    return false;
  }
  // Leading condition and timing phrases end at a comma: "If he is bowed, ...", "Until the end of the turn, ...",
  // "Any number of times per turn, ...", "Three times per turn: ..." (003 Abilities: a use limit the text states)
  auto any_number = [](TermSpan t) {
    size_t k = 0;
    if (t.size() > 3 && word_is(*t[0], "any") && word_is(*t[1], "number") && word_is(*t[2], "of")) k = 3;
    else if (t.size() > 1 && (t[0]->kind == ast::TermKind::Number || Lexicon::number_word(lower_word(*t[0])) > 0)) k = 1;
    else return false;
    return t.size() > k + 2 && word_is(*t[k], "times") && word_is(*t[k + 1], "per");
  };
  // "If he is Kolat, Ninja, or Shadowlands, gain 2 Honor": the commas of a list of words (no verb in it, "or" or
  // "and" before its last item) do not end the condition
  auto list_comma = [&](TermSpan t, size_t p) {
    size_t q = p + 1;
    while (q < t.size() && t[q]->kind != ast::TermKind::Comma) ++q;
    if (q >= t.size() || q == p + 1 || q - p - 1 > 4) return false;
    size_t len = 0;
    bool joined = word_is(*t[p + 1], "or") || word_is(*t[p + 1], "and");
    size_t item = joined ? p + 2 : p + 1;
    if (item >= q || verb_at(t.subspan(item), len) >= 0) return false;
    if (joined) return true;  // ", or Shadowlands,": the last item
    return q + 1 < t.size() && (word_is(*t[q + 1], "or") || word_is(*t[q + 1], "and"));
  };
  while (!terms.empty() && (in(kSubordinators, lower_word(*terms[0])) || any_number(terms))) {
    auto comma = terms.begin();
    for (; comma != terms.end(); ++comma)
      if ((*comma)->kind == ast::TermKind::Comma && !list_comma(terms, static_cast<size_t>(comma - terms.begin()))) break;
    if (comma == terms.end()) {
      // The whole clause is a condition or a timing phrase (a constraints-block element).
      bool timing = in(kTiming, lower_word(*terms[0]));
      out.form = timing ? ClauseForm::Timing : ClauseForm::Condition;
      out.event = timing ? event_in(terms) : -1;
      out.terms.assign(terms.begin(), terms.end());
      return true;
    }
    SourceRange cond = SourceRange::join(terms.front()->range, (*(comma - 1))->range);
    out.conditions.push_back(cond);
    if (in(kTiming, lower_word(*terms[0])) && out.event < 0)
      out.event = event_in(terms.subspan(0, static_cast<size_t>(comma - terms.begin())));
    terms = terms.subspan(static_cast<size_t>(comma - terms.begin()) + 1);
  }
  if (terms.empty()) {
    why = "a condition is followed by nothing to do";
    return false;
  }
  out.terms.assign(terms.begin(), terms.end());
  if (event_named(terms) >= 0) {  // "Focus Effect"
    out.form = ClauseForm::Timing;
    out.event = event_named(terms);
    return true;
  }
  std::string w0 = lower_word(*terms[0]);
  std::string w1 = terms.size() > 1 ? lower_word(*terms[1]) : "";
  std::string w2 = terms.size() > 2 ? lower_word(*terms[2]) : "";
  if (w0 == "then" && terms.size() > 1) {
    terms = terms.subspan(1);
    w0 = w1;
    w1 = w2;
  }
  // "You may draw a card": an optional imperative. "You may not gain Honor" is a restriction (declarative).
  if (w0 == "you" && w1 == "may" && w2 != "not" && terms.size() > 2) {
    size_t len = 0;
    if (int v = verb_at(terms.subspan(2), len); v >= 0) {
      out.form = ClauseForm::Imperative;
      out.optional = true;
      out.verb = v;
      return true;
    }
  }
  size_t len = 0;
  if (int v = verb_at(terms, len); v >= 0) {
    out.form = ClauseForm::Imperative;
    out.verb = v;
    return true;
  }
  // "Will only attach to a Phoenix Clan Personality", "Can only attach to a Samurai": the card's own requirement of
  // attachment (001 Transfer: "requirements and restrictions of attachment"), a statement about the card itself
  // (any verb with the primitive attach: legends' "Will only Equip to ...")
  auto attaching = [&](const std::string& w, bool third_person) {
    int verb = -1;
    if (third_person) return third_person_verb(w, verb) && profile_.verbs[static_cast<size_t>(verb)].primitive == "attach";
    for (const VerbDef& v : profile_.verbs)
      if (v.primitive == "attach" && v.words.size() == 1 && v.words.front() == w) return true;
    return false;
  };
  if ((w0 == "will" || w0 == "can" || w0 == "may") && w1 == "only" && attaching(w2, false) && terms.size() > 4 &&
      word_is(*terms[3], "to")) {
    out.form = ClauseForm::Declarative;
    out.predicate = "attach";
    out.subject.clear();
    return true;
  }
  // "Attaches to Kataoka ignoring costs", "Attaches to a Thunder Shugenja for 1 less Gold": what the card costs when
  // it attaches to such a card, a statement about the card itself
  if (attaching(w0, true) && w1 == "to" && terms.size() > 3) {
    out.form = ClauseForm::Declarative;
    out.predicate = "attaches";
    out.subject.clear();
    return true;
  }
  // "Cannot attach Items", "Will not attach cards": a restriction of the card itself (003 Traits), its subject left
  // out as printed
  if ((w0 == "cannot" && w1 == "attach") || ((w0 == "will" || w0 == "can" || w0 == "may") && w1 == "not" && w2 == "attach")) {
    out.form = ClauseForm::Declarative;
    out.predicate = w0;
    out.subject.clear();
    return true;
  }
  // "Enters play for 1 less Gold if ...", "This Holding enters play paying 1 less Gold for each Ring you control",
  // "Your Spells enter play for 1 less Gold": what a card costs to bring into play (the subject: this card when
  // there is none)
  // "Hamuro enters play ignoring Gold Cost if ...", "This Fortification enters play bowed": how it enters
  for (size_t i = 0; i + 2 < terms.size() && terms[i]->kind != ast::TermKind::Embedded; ++i) {
    // compared in place: three lower-cased copies at every word of every clause cost more than the rest of the loop
    const ast::Term &a = *terms[i], &b = *terms[i + 1], &c = *terms[i + 2];
    bool more = i + 3 < terms.size();
    if ((word_is(a, "enters") || word_is(a, "enter")) && word_is(b, "play") &&
        (((word_is(c, "for") || word_is(c, "paying") || word_is(c, "ignoring")) && more) || (word_is(c, "bowed") && !more))) {
      out.form = ClauseForm::Declarative;
      out.predicate = "enters play";
      out.subject.clear();
      for (size_t k = 0; k < i; ++k) {
        if (k) out.subject += ' ';
        out.subject += terms[k]->text;
      }
      return true;
    }
  }
  // Declarative: a subject, then a predicate word or a verb in the third person ("This Personality challenges").
  for (size_t i = 1; i < terms.size(); ++i) {
    if (terms[i]->kind == ast::TermKind::Embedded) break;
    std::string w = lower_word(*terms[i]);
    int verb = -1;
    // a plural subject takes the verb's plain form: "You lose", "All players lose 3 Honor", "All other players discard"
    bool you = (i == 1 && w0 == "you") ||
               (w0 == "all" && ((i == 2 && word_is(*terms[1], "players")) ||
                                (i == 3 && word_is(*terms[1], "other") && word_is(*terms[2], "players"))));
    size_t vlen = 0;
    if (in(kPredicates, w) || third_person_verb(w, verb) ||
        (you && (verb = verb_at(terms.subspan(i), vlen)) >= 0)) {
      out.form = ClauseForm::Declarative;
      out.verb = verb;
      out.predicate = w;
      for (size_t k = 0; k < i; ++k) {
        if (k) out.subject += ' ';
        out.subject += terms[k]->text;
      }
      return true;
    }
  }
  if (terms[0]->kind == ast::TermKind::Word)
    why = "'" + std::string(terms[0]->text) + "' is not a verb of game '" + profile_.game +
          "', and no subject is followed by has, is, may or a verb";
  else
    why = "it starts with '" + std::string(terms[0]->text) + "' where a verb or a subject belongs";
  return false;
}

}  // namespace cardc
