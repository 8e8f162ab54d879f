// Pass "targeting" (001 Target, Targeting paradoxes): only the verb or adjective "target" targets; each
// targeting names something targetable; choices a later cost needs are fixed at targeting time.
#include "sema/lexicon.h"
#include "sema/pipeline.h"
#include "sema/unit_walk.h"

namespace cardc {

size_t after_verb(const GameProfile& p, const Clause& c) {
  size_t i = 0;
  if (c.optional) i = 2;  // "You may"
  if (i < c.terms.size() && word_is(*c.terms[i], "then")) ++i;
  if (c.verb >= 0) i += p.verbs[static_cast<size_t>(c.verb)].words.size();
  return i;
}

namespace {

constexpr std::string_view kStops[] = {"with", "who", "which", "that", "at", "in", "from", "to", "until", "for",
                                       "and", "or", "if", "without", "while", "whose", "on"};

}  // namespace

std::optional<TargetCount> target_count(const std::vector<const ast::Term*>& t, size_t k) {
  auto word = [&](size_t i) { return i < t.size() ? lower_word(*t[i]) : std::string(); };
  auto number = [&](size_t i) -> int {
    if (i < t.size() && t[i]->kind == ast::TermKind::Number) return static_cast<int>(std::min<int64_t>(t[i]->value, 9));
    return Lexicon::number_word(word(i));
  };
  TargetCount c;
  if (number(k) >= 0 && (word(k + 1) == "or" || word(k + 1) == "to") && (number(k + 2) >= 0 || word(k + 2) == "more"))
    c = {number(k), word(k + 2) == "more" ? 8 : number(k + 2), k + 3};
  else if (word(k) == "up" && word(k + 1) == "to" && number(k + 2) >= 0)
    c = {0, number(k + 2), k + 3};
  else if (word(k) == "any" && word(k + 1) == "number" && word(k + 2) == "of")
    c = {0, 8, k + 2};
  else
    return std::nullopt;
  if (word(c.end) == "of") ++c.end;
  return c;
}

namespace {

bool stop_word(std::string_view w) {
  for (auto s : kStops)
    if (s == w) return true;
  return false;
}

// The noun a "target" names: the first card type, keyword or entity noun in the few words after it.
struct TargetNoun {
  std::string noun;
  int card_type = -1;
  bool keyword = false;
  size_t end = 0;  // index after the noun
};

TargetNoun find_noun(const Lexicon& lex, const std::vector<const ast::Term*>& t, size_t from) {
  TargetNoun out;
  // "target one or two Personalities", "target one or more of your Samurai": how many, before the noun
  if (auto count = target_count(t, from)) from = count->end;
  for (size_t i = from; i < t.size() && i < from + 8; ++i) {
    if (t[i]->kind == ast::TermKind::Comma || t[i]->kind == ast::TermKind::Semicolon ||
        t[i]->kind == ast::TermKind::Embedded)
      break;
    std::string w = lower_word(*t[i]);
    if (i > from && stop_word(w)) break;
    bool plural = false;
    std::string word(t[i]->text);
    // "target hero's hand": the possessive names what is targeted.
    for (std::string_view suffix : {"'s", "\u2019s"})
      if (word.size() > suffix.size() && word.compare(word.size() - suffix.size(), suffix.size(), suffix) == 0)
        word = word.substr(0, word.size() - suffix.size());
    if (int ct = lex.card_type(word, &plural); ct >= 0) {
      out = {word, ct, false, i + 1};
      return out;
    }
    size_t len = 0;
    if (lex.keyword_at(std::span(t).subspan(i), len) >= 0) {
      // "target Samurai": a keyword names cards; a following card type noun is more precise.
      out = {words_text(t, i, i + len), -1, true, i + len};
      if (i + len < t.size()) {
        if (int ct = lex.card_type(t[i + len]->text); ct >= 0) out = {std::string(t[i + len]->text), ct, true, i + len + 1};
      }
      return out;
    }
    if (Lexicon::entity_noun(w)) {
      out = {std::string(t[i]->text), -1, false, i + 1};
      return out;
    }
  }
  return out;
}

}  // namespace

void check_targeting(CheckContext& ctx) {
  const Lexicon& lex = ctx.lexicon();
  for (size_t ci = 0; ci < ctx.readings.size(); ++ci) {
    CardReading& r = ctx.readings[ci];
    DiagnosticEngine::CardScope scope(ctx.diags, r.card->title);
    for_each_unit(r.units, [&](TextUnit& u, bool) {
      auto clauses = clauses_of(u);
      for (size_t k = 0; k < clauses.size(); ++k) {
        Clause& c = *clauses[k];
        const auto& t = c.all_terms;
        bool in_constraints = k < u.constraints.size();
        for (size_t i = 0; i < t.size(); ++i) {
          std::string before = i > 0 ? lower_word(*t[i - 1]) : "";
          // the verb, also in the third person after a player ("Each player targets and bows an unbowed Samurai")
          if (!word_is(*t[i], "target") && !(word_is(*t[i], "targets") && (before == "player" || before == "players")))
            continue;
          if (before == "the" || before == "that") continue;  // a reference back, not a targeting
          TargetNoun n = find_noun(lex, t, i + 1);
          if (n.noun.empty()) {
            std::string what = i + 1 < t.size() ? words_text(t, i + 1, std::min(t.size(), i + 4)) : "nothing";
            ctx.diags.report(DiagId::TargetNothingTargetable, terms_range(t, i, std::min(t.size(), i + 4)),
                             ctx.profile.game, what);
            continue;
          }
          Targeting tg;
          tg.range = terms_range(t, i, n.end);
          tg.noun = n.noun;
          tg.card_type = n.card_type;
          tg.in_constraints = in_constraints;
          // 001 Target: a restriction on face-up features (card type, keyword, stats, title) cannot be met by a
          // card whose face is hidden from the targeting player; the runtime enforces it.
          tg.face_up_restricted = n.card_type >= 0 || n.keyword;
          // 001 Targeting paradoxes: a cost paid after this targeting may need a choice made now.
          for (size_t later = k + 1; later < u.constraints.size(); ++later)
            if (u.constraints[later].role == ClauseRole::Cost) tg.fixed_for_cost = true;
          u.targets.push_back(std::move(tg));
        }
      }
      // "Choose a Personality: Bow him." sits where targeting goes (the constraints block) and reads as a
      // targeting, but does not target (001 Target).
      for (size_t k = 0; k < u.constraints.size(); ++k) {
        Clause& c = *clauses[k];
        if (primitive_of(ctx.profile, c) != "choose" || c.terms.empty()) continue;
        size_t v = after_verb(ctx.profile, c);
        // "Choose your performing Monk": the performer is chosen as the action is announced; no targeting is meant
        if (v + 1 < c.terms.size() && word_is(*c.terms[v], "your") && word_is(*c.terms[v + 1], "performing")) continue;
        TargetNoun n = find_noun(lex, c.terms, v);
        if (n.noun.empty() || n.end > v + 4) continue;
        bool referred = false;
        for (size_t later = k + 1; later < clauses.size() && !referred; ++later)
          for (const auto* term : clauses[later]->all_terms) {
            std::string w = lower_word(*term);
            if (is_pronoun(w) || w == "chosen") referred = true;
          }
        if (!referred) continue;
        size_t vi = c.optional ? 2 : 0;
        const ast::Term* verb = c.terms[vi];
        std::string fix = is_upper(*verb) ? "Target" : "target";
        ctx.diags.report(DiagId::ChooseIsNotTargeting, verb->range, verb->text).fix(verb->range, fix);
      }
    });
  }
}

}  // namespace cardc
