// The binder (card_binder.h): targeting (001 Target): the runtime asks for targets before costs are paid.
#include "bind/card_binder.h"

#include <algorithm>
#include <span>

#include "bind/runtime_profile.h"
#include "sema/clause_reader.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

// Where the phrase of the "target" at t[i] begins: the words before it that restrict it too ("your target
// Personality", "another target opposed Mercenary", "another player's target Holding", "your other target
// Personality"); i when none.
size_t CardBinder::target_lead(const std::vector<const ast::Term*>& t, size_t i) {
  auto word = [&](size_t k) { return lower_word(*t[k]); };
  if (i >= 2 && ((word(i - 2) == "your" && word(i - 1) == "other") ||
                 (word(i - 2) == "another" && (word(i - 1) == "player's" || word(i - 1) == "player’s"))))
    return i - 2;
  if (i >= 1 && (word(i - 1) == "your" || word(i - 1) == "another")) return i - 1;
  return i;
}

// The words of a clause its targets' phrases cover (by all_terms index), and which targets it holds (with the index
// of each one's first word).
std::vector<bool> CardBinder::target_words(const Clause& c, std::vector<std::pair<size_t, size_t>>& mine) const {
  const auto& t = c.all_terms;
  std::vector<bool> read(t.size(), false);
  for (size_t k = 0; k < unit_->targets.size(); ++k) {
    const Targeting& tg = unit_->targets[k];
    if (tg.range.begin < c.range.begin || tg.range.end > c.range.end) continue;
    size_t i = 0;
    while (i < t.size() && t[i]->range.begin != tg.range.begin) ++i;
    mine.push_back({k, i});
    for (size_t j = target_lead(t, i); j < target_phrase_end(t, i); ++j) read[j] = true;
  }
  return read;
}

// Only targets: "Target your Samurai and an enemy Personality" (its conditions and "You may" are read elsewhere),
// then perhaps an effect (not in the constraints block): "You may target your Personality and move him home",
// "Target your performing Tactician to give a target Follower -6F and bow it" (which may refer to them). Anything
// else in the clause ("Target X, discard a card ..., and remove this Strategy from the game") would be left out:
// reported (fail closed). Returns where the effect begins (in terms) and its verb, or {0, -1}; nullopt: reported.
std::optional<std::pair<size_t, int>> CardBinder::after_targets(const Clause& c, const std::vector<bool>& read, bool constraints,
                                                                 size_t& tail) {
  const auto& t = c.all_terms;
  tail = t.size();
  for (size_t j = 0; j < t.size(); ++j) {
    const ast::Term* term = t[j];
    auto own = std::find(c.terms.begin(), c.terms.end(), term);
    if (own == c.terms.end()) continue;  // a condition's words
    std::string w = lower_word(*term);
    if (!read[j] && !constraints && (w == "and" || w == "to")) {
      size_t at = static_cast<size_t>(own - c.terms.begin());
      size_t len = 0;
      int verb = at + 1 < c.terms.size() ? ClauseReader(p_).verb_at(std::span(c.terms).subspan(at + 1), len) : -1;
      if (verb >= 0 && p_.verbs[static_cast<size_t>(verb)].primitive != "target") {
        tail = j;
        return std::pair<size_t, int>{at + 1, verb};
      }
    }
    if (read[j] || w == "target" || w == "targets" || w == "and" || term->kind == ast::TermKind::Comma) continue;
    if ((w == "you" || w == "may") && c.optional) continue;
    fail({c.range, "the words '" + words_text(t, j, t.size()) + "' after the targets are not compiled yet"});
    return std::nullopt;
  }
  return std::pair<size_t, int>{0, -1};
}

bool CardBinder::targeting_clause(const Clause& c, Body& b, bool constraints) {
  std::vector<std::pair<size_t, size_t>> mine;
  std::vector<bool> read = target_words(c, mine);
  size_t tail = 0;
  auto effect = after_targets(c, read, constraints, tail);
  if (!effect) return false;
  // the targets before the effect; those inside it are its own (declared as it reads them)
  for (const auto& [k, i] : mine)
    if (i < tail && !emit_target(c, k, b)) return false;
  return effect->second < 0 || effect_body(tail_clause(c, effect->first, effect->second), b, false);
}

// The end of the noun phrase of the "target" at t[i]: from the word after it to the end of the clause's own words
// (the semantic passes' range stops at the first noun; "a target Personality or Follower" goes on).
size_t CardBinder::target_phrase_end(const std::vector<const ast::Term*>& t, size_t i) const {
  size_t to = i + 1;
  // not "lower than or equal to", "attached to this Personality", a count "one to three" (read once, not per word)
  const auto count = target_count(t, i + 1);
  // whether the words read so far compare a stat ("than", "equal"), kept as the phrase grows instead of re-read
  auto comparing = [](const ast::Term* x) { return word_is(*x, "than") || word_is(*x, "equal"); };
  bool compared = i < t.size() && comparing(t[i]);
  while (to < t.size()) {
    std::string w = lower_word(*t[to]);
    bool count_to = count && to < count->end;
    bool stop = (w == "to" && !word_is(*t[to - 1], "equal") && !word_is(*t[to - 1], "attached") && !count_to) ||
                (w == "and" && !restriction_follows(t, to + 1)) || w == "until" || w == "ignoring" || w == "into" ||
                t[to]->kind == ast::TermKind::Comma || t[to]->kind == ast::TermKind::Semicolon ||
                t[to]->kind == ast::TermKind::Embedded ||  // "Give target creature “...”": the quote is not the noun
                t[to]->kind == ast::TermKind::Modifier ||  // "Give a target enemy Personality -2F"
                // "remove a target dead Personality in any discard pile from the game": where it goes, not the noun
                (w == "from" && to + 2 < t.size() && word_is(*t[to + 1], "the") && word_is(*t[to + 2], "game"));
    // "Your target unbowed Personality challenges a target enemy Personality": the subject ends at its verb
    if (int verb = -1; to > i + 1 && lex_.card_type(t[to - 1]->text) >= 0 && ClauseReader(p_).third_person_verb(w, verb))
      stop = true;
    // "each Personality and Follower opposing him": one set of two kinds (noun_filter joins them)
    if (w == "and" && to + 1 < t.size() && lex_.card_type(t[to + 1]->text) >= 0 &&
        (word_is(*t[i], "each") || word_is(*t[i], "all")))
      stop = false;
    // "Give a target Personality a Force penalty equal to ...": what is given, not the noun
    if ((w == "a" || w == "an") && to + 1 < t.size()) {
      size_t len = 0;
      if (lex_.stat_at(std::span(t).subspan(to + 1), len) >= 0 && to + 1 + len < t.size()) {
        std::string kind = lower_word(*t[to + 1 + len]);
        if (kind == "bonus" || kind == "penalty") stop = true;
      }
    }
    // "a target Daimyo, Duelist, or Kensai Personality": a comma inside a list of alternatives
    if (t[to]->kind == ast::TermKind::Comma && to + 1 < t.size()) {
      size_t len = 0;
      std::string next = lower_word(*t[to + 1]);
      bool item = lex_.card_type(t[to + 1]->text) >= 0 || lex_.keyword_at(std::span(t).subspan(to + 1), len) >= 0;
      if (next == "or" || item) {
        for (size_t j = to + 1; j < t.size() && t[j]->kind != ast::TermKind::Semicolon; ++j) {
          if (word_is(*t[j], "or")) {
            stop = false;
            break;
          }
          if (t[j]->kind != ast::TermKind::Comma && lex_.card_type(t[j]->text) < 0 &&
              lex_.keyword_at(std::span(t).subspan(j), len) < 0)
            break;
        }
      }
    }
    // "a target Personality opposing him": after the noun, "opposing" names whom it opposes (the challenger).
    if (w == "opposing" && to > i + 1 && lex_.card_type(t[to - 1]->text) >= 0) stop = true;
    // "Give your target Spirit **Expendable**": bold words are what is given, never part of the noun phrase
    if (to > i + 1 && t[to]->bold) stop = true;
    // "Move your target Personality home" (but "a Personality at home" is where he is)
    if (w == "home" && to > i + 1 && !word_is(*t[to - 1], "at")) stop = true;
    // "Give target Personality **Samurai**": a keyword right after the head noun is what is given
    size_t klen = 0;
    if (to > i + 1 && lex_.card_type(possessive_stem(t[to - 1]->text)) >= 0 && lex_.keyword_at(std::span(t).subspan(to), klen) >= 0 &&
        !(to + klen < t.size() && lex_.card_type(t[to + klen]->text) >= 0))
      stop = true;
    if (stop) break;
    ++to;
    // "target hero's hand": the possessive card ends the phrase ("another player's Personality" goes on, and so does
    // a stat compared with: "with Force lower than or equal to this Personality's Chi")
    size_t slen = 0;
    compared = compared || comparing(t[to - 1]);
    if (const std::string stem = possessive_stem(t[to - 1]->text);
        stem != t[to - 1]->text && lex_.card_type(stem) >= 0 &&
        !(compared && to < t.size() && lex_.stat_at(std::span(t).subspan(to), slen) >= 0))
      break;
  }
  return to;
}

// The target whose noun phrase (as the binder reads it, past the first noun) holds `a`.
std::optional<size_t> CardBinder::target_containing(SourceRange a) const {
  for (size_t k = 0; k < unit_->targets.size(); ++k) {
    const Targeting& tg = unit_->targets[k];
    if (a.begin < tg.range.begin) continue;
    for (const auto* cl : {&unit_->constraints, &unit_->effects})
      for (const Clause& c : *cl) {
        const auto& t = c.all_terms;
        for (size_t i = 0; i < t.size(); ++i) {
          if (t[i]->range.begin != tg.range.begin) continue;
          size_t to = target_phrase_end(t, i);
          if (to > i && a.end <= t[to - 1]->range.end) return k;
        }
      }
  }
  return std::nullopt;
}

// `min`/`max`: how many ("any number of target beasts"); one by default.
bool CardBinder::emit_target(const Clause& c, size_t k, Body& b, std::optional<Node> min, int max) {
  const Targeting& tg = unit_->targets[k];
  const auto& t = c.all_terms;
  size_t i = 0;
  while (i < t.size() && t[i]->range.begin != tg.range.begin) ++i;
  size_t to = target_phrase_end(t, i);
  // A trailing "opposing him" is the challenge's opponent: the same restriction as "opposing".
  std::optional<Node> test;
  std::string why;
  // "your target Personality": a target you control; "target one or two Personalities": how many (the runtime
  // asks for them all at once)
  // "his target Follower", "Takeuchi's target Follower": one attached to that card (noun_filter reads the holder);
  // "another player's target Holding", "your other target Personality": the words before "target" restrict it too
  const size_t lead = target_lead(t, i);
  std::string before = i > 0 ? lower_word(*t[i - 1]) : "";
  bool holder = lead == i && before != "a" && before != "an" && i > 0 && target_word(t, i - 1) == i;
  size_t from = lead < i ? lead : holder ? i - 1 : i + 1;
  if (auto count = target_count(t, i + 1); count && !min) {
    if (count->max < 1 || count->min > count->max || count->max > 8)
      return fail({tg.range, "this count of targets is not compiled yet"});
    min = konst(count->min);
    max = count->max;
    multi_targets_.push_back(k);
    from = count->end;  // "one or more of your Personalities": "your Personalities" read by the filter
  }
  targeting_slot_ = k;
  bool read = noun_filter(t, from, to, param(2), test, why);
  targeting_slot_.reset();
  declared_targets_.insert(k);  // chosen here, or reported here once (the unit then fails)
  if (!read) return fail({tg.range, why});
  bool out_of_play = zone_named_;
  int f = filter_function(std::move(*test), tg.range);
  uint32_t flags = (tg.face_up_restricted ? CARDRT_TGT_FACE_FEATURES : 0) | (out_of_play ? CARDRT_TGT_ANY_ZONE : 0);
  b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_target_cards", {G(), C(), konst(static_cast<int64_t>(k)), fn_ref(f), min ? std::move(*min) : konst(1), konst(max),
                                                                        konst(static_cast<int64_t>(flags))}),
                                   konst(CARDRT_OK))));
  return true;
}

// "a target Personality", "your target Follower", "Takeuchi's target Follower" (the card's own target, named by its
// short name), "another player's target Holding", "your other target Personality" at t[i]: where "target" is; else i.
size_t CardBinder::target_word(const std::vector<const ast::Term*>& t, size_t i) const {
  for (size_t k = i + 1; k < t.size() && k <= i + 2; ++k)
    if (word_is(*t[k], "target")) {
      std::string d = lower_word(*t[i]);
      if (k == i + 1) {
        const Reference* own = d.ends_with("'s") ? reference_at(t[i]) : nullptr;
        // "the Force of his target Follower": the target his performer chose
        bool his = d == "his" || d == "her" || d == "its";
        if (d == "a" || d == "an" || his || (own && own->kind == RefKind::ThisCard)) return k;
      }
      if (target_lead(t, k) == i) return k;  // "your", "another", "another player's", "your other"
    }
  return i;
}

// A "target ..." inside an effect ("Straighten target Personality"): declare it before use.
bool CardBinder::emit_inline_target(const Clause& c, size_t i, Body& b) {
  i = target_word(c.terms, i);
  // ("Each player targets and bows ...": the player's verb, read as the word)
  if (i >= c.terms.size() || (!word_is(*c.terms[i], "target") && !(player_ && word_is(*c.terms[i], "targets"))))
    return true;
  for (size_t k = 0; k < unit_->targets.size(); ++k)
    if (unit_->targets[k].range.begin == c.terms[i]->range.begin)
      return early_targets_.count(k) || declared_targets_.count(k) ? true : emit_target(c, k, b);  // chosen once
  return true;
}

// The card named at terms[i], declaring the "target ..." there first; nullopt once reported as not compiled.
std::optional<Node> CardBinder::targeted_card(const Clause& c, size_t i, size_t& end, Body& b) {
  if (!emit_inline_target(c, i, b)) return std::nullopt;
  std::string why;
  auto card = card_at(c, i, end, why);
  if (!card) fail({c.range, why});
  return card;
}

}  // namespace cardc::binding
