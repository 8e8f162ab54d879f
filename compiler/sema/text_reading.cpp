// Pass "reading": every paragraph of card text becomes traits and abilities (003 Traits, Abilities), and
// every clause must be one cardc can compile: text that cannot be read is an error naming the clause (fail closed).
#include <algorithm>

#include "base/suggest.h"
#include "profile/load_profile.h"
#include "sema/clause_reader.h"
#include "sema/lexicon.h"
#include "sema/pipeline.h"
#include "sema/unit_walk.h"

namespace cardc {

namespace {

constexpr std::string_view kPronouns[] = {"he", "him", "his", "she", "her", "it", "its", "they", "them", "their",
                                          "this"};

class TextReader {
 public:
  TextReader(CheckContext& ctx, const ast::Card& card, const Lexicon& lex)
      : ctx_(ctx), p_(ctx.profile), reader_(ctx.profile), lex_(lex), card_(card),
        type_(ctx.profile.card_type(card.type)) {}

  std::vector<TextUnit> paragraph(const ast::Paragraph& para) {
    std::vector<TextUnit> units;
    if (para.blocks.empty()) return units;
    if (para.blocks.size() == 1) {
      traits(para, units);
    } else {
      units.push_back(colon_unit(para));
    }
    check_period(para);
    return units;
  }

 private:
  std::string clause_text(SourceRange r) const {
    std::string s(ctx_.sources.text(r));
    if (utf8_length(s) > 70) {
      size_t cut = 67;
      while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
      s = s.substr(0, cut) + "...";
    }
    return s;
  }

  static std::vector<const ast::Term*> flat(const ast::Sentence& s) {
    std::vector<const ast::Term*> out;
    for (const auto& t : s.terms) out.push_back(&t);
    return out;
  }

  // Splits at semicolons: "...; this will not reduce Chi below 1." and constructor options are clauses each.
  static std::vector<std::vector<const ast::Term*>> clauses_of(const ast::Sentence& s) {
    std::vector<std::vector<const ast::Term*>> out(1);
    for (const auto& t : s.terms) {
      if (t.kind == ast::TermKind::Semicolon) out.emplace_back();
      else out.back().push_back(&t);
    }
    return out;
  }

  static SourceRange range_of(const std::vector<const ast::Term*>& terms) {
    SourceRange r;
    for (const auto* t : terms) r = SourceRange::join(r, t->range);
    return r;
  }

  // Reads one clause; reports it when it cannot be compiled. Returns false then.
  bool clause(const std::vector<const ast::Term*>& terms, ClauseRole role, SourceRange where, Clause& out) {
    out.role = role;
    out.range = terms.empty() ? where : range_of(terms);
    std::string why;
    if (!reader_.read(terms, out, why)) {
      if (terms.empty()) ctx_.diags.report(DiagId::EmptyClause, where, "clause");
      else if (role == ClauseRole::Effect && in_italics(terms)) {
        // flavor inside the rules text, marked so by its italics: no rule to read
      } else if (role == ClauseRole::Effect && narration(terms)) {
        ctx_.diags.report(DiagId::Narration, out.range, clause_text(out.range));
      }
      else ctx_.diags.report(DiagId::UncompilableClause, out.range, clause_text(out.range), why);
      return false;
    }
    if (out.form == ClauseForm::Timing && out.event < 0) report_unknown_event(out);
    if (role == ClauseRole::Effect && (out.form == ClauseForm::Timing || out.form == ClauseForm::Condition) &&
        out.conditions.empty()) {
      ctx_.diags.report(DiagId::UncompilableClause, out.range, clause_text(out.range),
                        "a condition or trigger here is followed by nothing to do; end it with a colon or a comma");
      return false;
    }
    // Timing inside an effect ("After this battle resolves, ...") is a delayed effect: its event must exist too.
    if (!out.conditions.empty() && out.event < 0) {
      const ast::Term* first = terms.empty() ? nullptr : terms.front();
      std::string w = first ? lower_word(*first) : "";
      if (w == "after" || w == "before" || w == "when" || w == "whenever") {
        Clause timing;
        timing.range = out.conditions.front();
        std::vector<const ast::Term*> cond;
        for (const auto* t : terms)
          if (t->range.begin >= timing.range.begin && t->range.end <= timing.range.end) cond.push_back(t);
        timing.terms = cond;
        report_unknown_event(timing);
      }
    }
    embedded(out);
    return true;
  }

  // A sentence that tells a story and does nothing in the game: "She summons an ancestor", "Fujimura exposes his
  // crimes" (a sentence in italics, "_He undergoes vigorous training._", is flavor: in_italics). It is dropped with a warning, and only
  // when nothing in it could be a rule: its subject is this card (a pronoun or a word of its own title), its verb is
  // no game verb and not close to one (a misspelt "He destorys it" stays an error), and it names no number, stat,
  // resource, card type, keyword or target (fail closed).
  static bool in_italics(const std::vector<const ast::Term*>& t) {
    return t.front()->italic &&
           std::all_of(t.begin(), t.end(), [](const ast::Term* x) { return x->italic || x->kind != ast::TermKind::Word; });
  }
  bool narration(const std::vector<const ast::Term*>& t) const {
    auto word = [](const ast::Term* x) { return x->kind == ast::TermKind::Word; };
    if (t.size() < 3 || !word(t[0]) || !word(t[1])) return false;
    std::string subject = lower_word(*t[0]), verb = lower_word(*t[1]);
    bool own_name = is_upper(*t[0]) && subject.size() > 2 && title_word(card_.title, subject);
    if (!own_name && subject != "he" && subject != "she" && subject != "it" && subject != "they") return false;
    if (verb.size() < 4 || verb.back() != 's' || is_upper(*t[1])) return false;
    for (const VerbDef& v : p_.verbs) {
      const std::string& base = v.words.front();
      std::vector<std::string> forms = {base, base + "s", base + "es"};
      if (base.size() > 1 && base.back() == 'y') forms.push_back(base.substr(0, base.size() - 1) + "ies");
      for (const std::string& f : forms) {
        // one letter off, or two letters swapped ("destorys")
        size_t d = edit_distance(verb, f);
        std::string a = verb, b = f;
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        if (d <= 1 || (d == 2 && a == b)) return false;
      }
    }
    for (size_t k = 2; k < t.size(); ++k) {
      if (t[k]->kind == ast::TermKind::Number || t[k]->kind == ast::TermKind::Modifier || t[k]->kind == ast::TermKind::Embedded ||
          t[k]->kind == ast::TermKind::X)
        return false;
      if (!word(t[k])) continue;
      std::string w = lower_word(*t[k]);
      size_t len = 0;
      std::span<const ast::Term* const> rest(t.begin() + std::ptrdiff_t(k), t.end());
      if (w == "target" || w == "targets" || lex_.stat_at(rest, len) >= 0 || lex_.resource_at(rest, len) >= 0 ||
          lex_.card_type(t[k]->text) >= 0 || (is_upper(*t[k]) && lex_.keyword_at(rest, len) >= 0))
        return false;
    }
    return true;
  }

  void report_unknown_event(const Clause& c) {
    // The words after the subject are the event; suggest the closest declared event phrase.
    std::string text(ctx_.sources.text(c.range));
    std::vector<std::string> names;
    for (const auto& e : p_.events) names.push_back(e.text);
    auto& d = ctx_.diags.report(DiagId::UnknownEvent, c.range, p_.game, text);
    std::string tail;
    size_t n = c.terms.size();
    for (size_t k = n >= 2 ? n - 2 : 0; k < n; ++k) tail += (tail.empty() ? "" : " ") + lower_word(*c.terms[k]);
    if (auto best = closest(tail, names)) d.note({}, "did you mean '" + *best + "'?");
  }

  // Quoted text in a clause is a trait or ability of its own, read as its own unit (003 Embedded text).
  void embedded(const Clause& c) {
    for (const auto* t : c.terms)
      if (t->kind == ast::TermKind::Embedded && t->embedded) {
        if (t->embedded->blocks.empty()) {
          ctx_.diags.report(DiagId::EmptyClause, t->range, "embedded text");
          continue;
        }
        auto inner = paragraph(*t->embedded);
        for (auto& u : inner) pending_embedded_.push_back(std::move(u));
      }
  }

  // 003 Traits EXCEPTION: a sentence whose pronoun can only refer back to the previous sentence belongs to it:
  // a pronoun before any noun of its own ("He has -2F", "Remove 2 damage counters from it"), or a bare "This".
  bool refers_back(const ast::Sentence& s) const {
    if (s.terms.empty()) return false;
    std::string w0 = lower_word(s.terms[0]);
    if (w0 == "this") {  // "This may target ..." refers back; "This Personality ..." names its own subject
      std::string next = s.terms.size() > 1 ? lower_word(s.terms[1]) : "";
      return next.empty() || next == "may" || next == "will" || next == "is" || next == "does" || next == "can";
    }
    for (const auto& t : s.terms) {
      std::string w = lower_word(t);
      if (std::find(std::begin(kPronouns), std::end(kPronouns), w) != std::end(kPronouns) && w != "this") return true;
      if (lex_.card_type(t.text) >= 0 || Lexicon::entity_noun(w)) return false;  // an antecedent of its own
    }
    return false;
  }

  // A paragraph without colons: each sentence is a trait, unless it can only refer back (003 Traits EXCEPTION).
  void traits(const ast::Paragraph& para, std::vector<TextUnit>& units) {
    for (const ast::Sentence& s : para.blocks[0].sentences) {
      if (s.terms.empty()) {
        ctx_.diags.report(DiagId::EmptyClause, s.range, "sentence");
        continue;
      }
      // An action card's undesignated sentences are together what it does when played (002 spells).
      bool joins = !units.empty() && (refers_back(s) || (type_ && type_->action));
      if (!joins) {
        units.emplace_back();
        units.back().range = s.range;
      }
      TextUnit& u = units.back();
      u.range = SourceRange::join(u.range, s.range);
      for (auto& terms : clauses_of(s)) {
        Clause c;
        if (!clause(terms, ClauseRole::Effect, s.range, c)) continue;
        u.effects.push_back(std::move(c));
      }
      move_embedded(u);
      classify_trait(u);
    }
  }

  // The profile event "As a Focus Effect" names ("as a" or "as an" and the event's words), or -1.
  int as_event(const std::vector<const ast::Term*>& t, size_t from, size_t to) const {
    if (to < from + 3 || !word_is(*t[from], "as") || (!word_is(*t[from + 1], "a") && !word_is(*t[from + 1], "an")))
      return -1;
    for (size_t e = 0; e < p_.events.size(); ++e) {
      const auto& w = p_.events[e].words;
      if (w.size() != to - from - 2) continue;
      bool match = true;
      for (size_t i = 0; i < w.size() && match; ++i) match = lower_word(*t[from + 2 + i]) == w[i];
      if (match) return static_cast<int>(e);
    }
    return -1;
  }

  // "As a Focus Effect: After this duel ends, ...", "As a Focus Effect, after this duel ends, bow its winner": the
  // trait triggers at that moment (003 Traits: "Focus Effect" is a special trigger for a trait), on any card type.
  bool lift_as_event(TextUnit& u) {
    for (Clause& c : u.constraints) {
      if (c.form != ClauseForm::Condition) continue;
      int e = as_event(c.terms, 0, c.terms.size());
      if (e < 0) continue;
      c.form = ClauseForm::Timing;
      c.role = ClauseRole::Trigger;
      c.event = e;
      if (u.kind != UnitKind::Ability) u.kind = UnitKind::TriggeredTrait;
      return true;
    }
    if (u.effects.empty() || u.effects.front().conditions.empty()) return false;
    Clause& c = u.effects.front();
    std::vector<const ast::Term*> head;
    for (const auto* t : c.all_terms)
      if (t->range.begin >= c.conditions.front().begin && t->range.end <= c.conditions.front().end) head.push_back(t);
    int e = as_event(head, 0, head.size());
    if (e < 0) return false;
    Clause trigger;
    trigger.role = ClauseRole::Trigger;
    trigger.form = ClauseForm::Timing;
    trigger.range = c.conditions.front();
    trigger.event = e;
    trigger.terms = head;
    trigger.all_terms = head;
    c.conditions.erase(c.conditions.begin());
    // the clause now begins at its next condition ("after this duel ends, ...") or its words, not at the comma
    const uint32_t begin = !c.conditions.empty() ? c.conditions.front().begin : c.terms.empty() ? trigger.range.end : c.terms.front()->range.begin;
    c.all_terms.erase(std::remove_if(c.all_terms.begin(), c.all_terms.end(),
                                     [&](const ast::Term* t) { return t->range.begin < begin; }),
                      c.all_terms.end());
    u.constraints.insert(u.constraints.begin(), std::move(trigger));
    if (u.kind != UnitKind::Ability) u.kind = UnitKind::TriggeredTrait;
    return true;
  }

  // "When this hero attacks, choose ...": a leading timing phrase is the trigger of the trait (003 Triggered traits),
  // except on cards that do not stay in play, where it delays the effect (002 rule 521).
  // `reaction`: a Reaction or Interrupt ability's leading "After ...," is its trigger even on an action card.
  bool lift_trigger(TextUnit& u, std::vector<Clause>& from, bool reaction = false) {
    if (from.empty() || from.front().conditions.empty() || from.front().event < 0 || from.front().terms.empty()) return false;
    if (type_ && type_->action && !reaction) return false;
    Clause& c = from.front();
    const ast::Term* first = nullptr;
    for (const auto* t : c.all_terms)
      if (t->range.begin >= c.conditions.front().begin) {
        first = t;
        break;
      }
    std::string w = first ? lower_word(*first) : "";
    if (w != "when" && w != "whenever" && w != "after" && w != "before") return false;
    std::string text = std::string(ctx_.sources.text(c.conditions.front()));
    for (auto& ch : text) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (text.find(" next ") != std::string::npos) return false;  // "When your next turn begins": delayed
    Clause trigger;
    trigger.role = ClauseRole::Trigger;
    trigger.form = ClauseForm::Timing;
    trigger.range = c.conditions.front();
    trigger.event = c.event;
    for (const auto* t : c.all_terms)
      if (t->range.begin >= trigger.range.begin && t->range.end <= trigger.range.end) trigger.terms.push_back(t);
    trigger.all_terms = trigger.terms;
    c.conditions.erase(c.conditions.begin());
    c.event = -1;
    c.all_terms.erase(std::remove_if(c.all_terms.begin(), c.all_terms.end(),
                                     [&](const ast::Term* t) { return t->range.begin < c.terms.front()->range.begin; }),
                      c.all_terms.end());
    if (!c.terms.empty()) c.range = SourceRange::join(c.terms.front()->range, c.terms.back()->range);
    // "After ..., bow this Personality:": what is left of a constraint is a cost (or a targeting), not the trigger
    if (&from == &u.constraints && c.role == ClauseRole::Trigger) c.role = is_constructor(c) ? ClauseRole::Effect : constraint_role(c);
    u.constraints.insert(u.constraints.begin(), std::move(trigger));
    u.kind = u.kind == UnitKind::Ability ? UnitKind::Ability : UnitKind::TriggeredTrait;
    return true;
  }

  void classify_trait(TextUnit& u) {
    if (lift_as_event(u)) return;
    if (lift_trigger(u, u.effects)) return;
    if (u.effects.size() != 1 || u.effects[0].form != ClauseForm::Imperative) return;
    const Clause& c = u.effects[0];
    const VerbDef& v = p_.verbs[static_cast<size_t>(c.verb)];
    // 003 Traits: "Lose 3 Honor" on a card that enters play is "After this card enters play: Lose 3 Honor".
    if (type_ && type_->enters_play && (v.primitive == "lose" || v.primitive == "gain") && c.conditions.empty()) {
      const ast::Term* last = c.terms.back();
      if (last->kind == ast::TermKind::Word && p_.resource(last->text) && c.terms.size() == 3)
        u.kind = UnitKind::ShorthandTrait;
    }
  }

  void move_embedded(TextUnit& u) {
    for (auto& e : pending_embedded_) u.embedded.push_back(std::move(e));
    pending_embedded_.clear();
  }

  // The designators of an ability head such as "Tactical Battle/Open" (003 Abilities, action designators).
  bool designator_head(const ast::Block& b, TextUnit& u) {
    if (b.sentences.size() != 1) return false;
    const ast::Sentence& s = b.sentences[0];
    std::vector<std::vector<const ast::Term*>> groups(1);
    for (const auto& t : s.terms) {
      if (t.kind == ast::TermKind::Slash) groups.emplace_back();
      else if (t.kind == ast::TermKind::Word) groups.back().push_back(&t);
      else return false;  // numbers, quotes, modifiers: not a head
    }
    struct Match {
      const NamedDef* designator = nullptr;
      size_t words = 0;
    };
    std::vector<Match> matches;
    bool all = true;
    for (const auto& g : groups) {
      Match m;
      for (size_t di = 0; di < p_.designators.size(); ++di) {
        const auto& words = lex_.designator_words()[di];
        if (words.empty() || words.size() > g.size() || words.size() <= m.words) continue;
        bool ok = true;
        for (size_t i = 0; i < words.size() && ok; ++i) ok = word_is(*g[g.size() - words.size() + i], words[i]);
        if (ok) {
          m.designator = &p_.designators[di];
          m.words = words.size();
        }
      }
      all = all && m.designator && !g.empty();
      matches.push_back(m);
    }
    size_t len = 0;
    bool verb_first = reader_.verb_at(TermSpan(flat(s)), len) >= 0;
    bool timing = !s.terms.empty() && (lower_word(s.terms[0]) == "after" || lower_word(s.terms[0]) == "before" ||
                                       lower_word(s.terms[0]) == "when");
    bool event_name = reader_.event_named(TermSpan(flat(s))) >= 0;
    if (!all) {
      // A bold head, or a short verb-less one ("Batle:"), was meant as designators: say which word is wrong.
      size_t words = 0;
      for (const auto& g : groups) words += g.size();
      bool meant = (b.bold || (words <= 2 && groups.size() == 1)) && !verb_first && !timing && !event_name;
      if (!meant) return false;
      for (size_t gi = 0; gi < groups.size(); ++gi) {
        if (matches[gi].designator || groups[gi].empty()) continue;
        const ast::Term* last = groups[gi].back();
        auto& d = ctx_.diags.report(DiagId::UnknownDesignator, last->range, last->text, p_.game);
        if (auto best = closest(last->text, p_.designator_names())) {
          d.fix(last->range, *best);
          d.note({}, "did you mean '" + *best + "'?");
        }
      }
      return true;  // reported; read the rest as an ability anyway
    }
    for (size_t gi = 0; gi < groups.size(); ++gi) {
      u.designators.push_back(matches[gi].designator->name);
      // 003 Abilities: each word before the designator is a separate keyword ("Bushido Virtue").
      for (size_t k = 0; k + matches[gi].words < groups[gi].size(); ++k) {
        const ast::Term* w = groups[gi][k];
        u.keywords.emplace_back(w->text);
        if (!p_.keyword(w->text)) {
          auto& d = ctx_.diags.report(DiagId::UnknownKeyword, w->range, w->text, p_.game);
          if (auto best = closest(w->text, p_.keyword_names())) {
            d.fix(w->range, *best);
            d.note({}, "did you mean '" + *best + "'?");
          }
        }
      }
    }
    return true;
  }

  // A paragraph with colons: [designators:] [constraints:]* effects (003 Abilities, Triggered traits).
  TextUnit colon_unit(const ast::Paragraph& para) {
    TextUnit u;
    u.range = para.range;
    const auto& blocks = para.blocks;
    size_t first = 0;
    if (designator_head(blocks[0], u)) {
      u.kind = UnitKind::Ability;
      first = 1;
    } else {
      u.kind = UnitKind::TriggeredTrait;
    }
    bool constructor = false;
    for (size_t b = first; b + 1 < blocks.size(); ++b) {
      if (blocks[b].sentences.empty()) {
        ctx_.diags.report(DiagId::EmptyClause, blocks[b].range.valid() ? blocks[b].range : para.range,
                          "constraints block");
        continue;
      }
      for (const ast::Sentence& s : blocks[b].sentences) {
        for (auto& terms : clauses_of(s)) {
          Clause c;
          if (!clause(terms, ClauseRole::Cost, s.range, c)) continue;
          c.role = constraint_role(c);
          if (once_per(c)) u.once_per_turn_before_colon = true;
          constructor = constructor || is_constructor(c);
          if (is_constructor(c)) c.role = ClauseRole::Effect;
          u.constraints.push_back(std::move(c));
        }
      }
    }
    const ast::Block& effects = blocks.back();
    if (effects.sentences.empty()) {
      ctx_.diags.report(DiagId::EmptyClause, para.range, "effects block");
    }
    for (const ast::Sentence& s : effects.sentences) {
      for (auto& terms : clauses_of(s)) {
        Clause c;
        if (!clause(terms, constructor ? ClauseRole::Option : ClauseRole::Effect, s.range, c)) continue;
        u.effects.push_back(std::move(c));
      }
    }
    for (const auto& c : u.effects)
      if (!c.conditions.empty() && once_per_text(c.conditions.front())) u.once_per_turn_after_colon = true;
    if (!lift_as_event(u) && u.kind != UnitKind::Ability) lift_trigger(u, u.constraints);
    // "Reaction: After this Personality is bowed, ...": the Oracle's usual wording puts a reaction's trigger in front
    // of its first clause rather than in a block of its own (003 Abilities: a reaction has a trigger)
    if (u.kind == UnitKind::Ability && reacts(u) && std::none_of(u.constraints.begin(), u.constraints.end(), [](const Clause& c) {
          return c.role == ClauseRole::Trigger && c.form == ClauseForm::Timing;
        }))
      if (!lift_trigger(u, u.constraints, true)) lift_trigger(u, u.effects, true);
    if (u.kind == UnitKind::TriggeredTrait) classify_colon_trait(u);
    move_embedded(u);
    return u;
  }

  bool reacts(const TextUnit& u) const {
    return std::any_of(u.designators.begin(), u.designators.end(), [&](const std::string& d) {
      const NamedDef* nd = p_.designator(d);
      return nd && (nd->attrs.count("reaction") || nd->attrs.count("interrupt"));
    });
  }

  bool once_per_text(SourceRange r) const {
    std::string s(ctx_.sources.text(r));
    for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    // only "once per turn": "twice per turn", "once per game" are other limits, which the binder reports (fail
    // closed) rather than read as this one
    return s.rfind("once per turn", 0) == 0;
  }
  bool once_per(const Clause& c) const { return once_per_text(c.range); }

  bool is_constructor(const Clause& c) const {
    if (c.form != ClauseForm::Imperative || c.verb < 0) return false;
    if (p_.verbs[static_cast<size_t>(c.verb)].primitive != "choose") return false;
    // 002 rule 524: "choose X times from:" and "choose one or more:" build a chain from the options that follow.
    std::string s(ctx_.sources.text(c.range));
    for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    auto ends = [&](std::string_view suffix) {
      return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    return ends("times from") || ends("one or more") || ends("from");
  }

  ClauseRole constraint_role(const Clause& c) const {
    switch (c.form) {
      case ClauseForm::Timing: return ClauseRole::Trigger;
      case ClauseForm::Condition: return ClauseRole::Condition;
      case ClauseForm::Declarative: return ClauseRole::Condition;
      case ClauseForm::Imperative: break;
    }
    if (!c.conditions.empty() && c.event >= 0) return ClauseRole::Trigger;
    const VerbDef& v = p_.verbs[static_cast<size_t>(c.verb)];
    return v.primitive == "target" ? ClauseRole::Targeting : ClauseRole::Cost;
  }

  void classify_colon_trait(TextUnit& u) {
    bool trigger = std::any_of(u.constraints.begin(), u.constraints.end(),
                               [](const Clause& c) { return c.role == ClauseRole::Trigger; });
    if (trigger) return;
    // 003 Traits: "Bow this card: Produce X Gold" is an optional trait used when paying a Gold cost.
    bool produces = std::any_of(u.effects.begin(), u.effects.end(), [&](const Clause& c) {
      return c.form == ClauseForm::Imperative && p_.verbs[static_cast<size_t>(c.verb)].primitive == "produce";
    });
    if (produces) u.kind = UnitKind::GoldTrait;
  }

  void check_period(const ast::Paragraph& para) {
    const ast::Block& last = para.blocks.back();
    if (last.sentences.empty()) return;
    const ast::Sentence& s = last.sentences.back();
    if (s.ends_with_period || s.terms.empty()) return;
    if (s.terms.back().kind == ast::TermKind::Embedded) return;  // `... "Battle: Bow him."` ends inside the quote
    SourceRange end{s.range.file, s.range.end, s.range.end};
    ctx_.diags.report(DiagId::MissingPeriod, end).fix(end, ".");
  }

  CheckContext& ctx_;
  const GameProfile& p_;
  ClauseReader reader_;
  Lexicon lex_;
  const ast::Card& card_;
  const CardTypeDef* type_;
  std::vector<TextUnit> pending_embedded_;
};

}  // namespace

const char* unit_kind_name(UnitKind k) {
  switch (k) {
    case UnitKind::ContinuousTrait: return "continuous trait";
    case UnitKind::TriggeredTrait: return "triggered trait";
    case UnitKind::ShorthandTrait: return "shorthand trait";
    case UnitKind::GoldTrait: return "gold-producing trait";
    case UnitKind::Ability: return "ability";
  }
  return "?";
}

const char* clause_role_name(ClauseRole r) {
  switch (r) {
    case ClauseRole::Trigger: return "trigger";
    case ClauseRole::Condition: return "condition";
    case ClauseRole::Cost: return "cost";
    case ClauseRole::Targeting: return "targeting";
    case ClauseRole::Effect: return "effect";
    case ClauseRole::Option: return "option";
  }
  return "?";
}

void read_card_text(CheckContext& ctx) {
  ctx.readings.clear();
  const Lexicon& lex = ctx.lexicon();
  for (const ast::Card& card : ctx.set.cards) {
    DiagnosticEngine::CardScope scope(ctx.diags, card.title);
    CardReading r;
    r.card = &card;
    TextReader reader(ctx, card, lex);
    for (const ast::Paragraph& p : card.text)
      for (auto& u : reader.paragraph(p)) r.units.push_back(std::move(u));
    ctx.readings.push_back(std::move(r));
  }
}

}  // namespace cardc
