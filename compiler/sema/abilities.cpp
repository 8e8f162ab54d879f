// Pass "abilities" (003 Keywords, Traits, Abilities, Embedded text, Created cards): reactions have triggers and
// only reactions do; designators once each; keywords compare whole; embedded text is granted; created cards name
// a card type; Action/Spell cards inherit their abilities' keywords; triggered traits are mandatory.
#include <algorithm>
#include <set>
#include <span>

#include "base/suggest.h"
#include "sema/clause_reader.h"
#include "sema/lexicon.h"
#include "sema/pipeline.h"
#include "sema/unit_walk.h"

namespace cardc {

namespace {

bool is_reaction(const NamedDef* d) { return d && (d->attrs.count("reaction") || d->attrs.count("interrupt")); }

std::string first_words(const CheckContext& ctx, SourceRange r) { return std::string(ctx.sources.text(r)); }

}  // namespace

void check_abilities(CheckContext& ctx) {
  const Lexicon& lex = ctx.lexicon();
  const GameProfile& p = ctx.profile;
  std::vector<std::string> reaction_names;
  for (const auto& d : p.designators)
    if (is_reaction(&d)) reaction_names.push_back(d.name);
  std::string reaction_list = reaction_names.empty() ? "a reaction designator" : reaction_names.front();
  for (size_t k = 1; k < reaction_names.size(); ++k) reaction_list += (k + 1 == reaction_names.size() ? " or " : ", ") + reaction_names[k];

  for (CardReading& r : ctx.readings) {
    DiagnosticEngine::CardScope scope(ctx.diags, r.card->title);
    const CardTypeDef* type = p.card_type(r.card->type);
    std::set<std::string> inherited;
    for_each_unit(r.units, [&](TextUnit& u, bool embedded) {
      // 003 Traits: triggered traits (and their costs) must happen; abilities are always voluntary.
      u.mandatory = u.kind == UnitKind::TriggeredTrait || u.kind == UnitKind::ShorthandTrait;
      if (u.kind == UnitKind::Ability) {
        bool reaction = false;
        std::set<std::string> seen;
        for (const auto& d : u.designators) {
          reaction = reaction || is_reaction(p.designator(d));
          if (!seen.insert(d).second) ctx.diags.report(DiagId::DuplicateDesignator, u.range, d);
        }
        auto trigger = std::find_if(u.constraints.begin(), u.constraints.end(),
                                    [](const Clause& c) { return c.role == ClauseRole::Trigger; });
        // 003 Abilities A: a Reaction has a trigger; other actions are taken, not triggered.
        if (reaction && trigger == u.constraints.end())
          ctx.diags.report(DiagId::ReactionWithoutTrigger, u.range, u.designators.front());
        if (!reaction && trigger != u.constraints.end())
          ctx.diags.report(DiagId::TriggerOnNonReaction, trigger->range, first_words(ctx, trigger->range), reaction_list);
        // 003 Abilities: an Action or Spell card inherits every keyword of its abilities; others do not.
        if (type && type->action && !embedded) inherited.insert(u.keywords.begin(), u.keywords.end());
      }
      for (Clause* c : clauses_of(u)) {
        const auto& t = c->all_terms;
        // 003 Abilities: abilities cannot be used on bowed cards, traits can: "Even if ... bowed" in a trait is idle.
        if (u.kind != UnitKind::Ability) {
          std::string text(ctx.sources.text(c->range));
          std::string lower = text;
          for (auto& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
          if (lower.rfind("even if", 0) == 0 && lower.find("bowed") != std::string::npos)
            ctx.diags.report(DiagId::RedundantEvenIfBowed, c->range);
        }
        // 003 Embedded text: quoted text is a trait or ability an effect grants.
        std::string prim = primitive_of(p, *c);
        bool grants = prim == "give" || prim == "create" || prim == "gain" || prim == "attach" ||
                      (c->form == ClauseForm::Declarative &&
                       (c->predicate == "has" || c->predicate == "have" || c->predicate == "gets" || c->predicate == "get"));
        for (const auto* term : t)
          if (term->kind == ast::TermKind::Embedded && !grants && !c->optional)
            ctx.diags.report(DiagId::EmbeddedWithoutGrant, term->range);
        // 003 Created cards: "Create a Lion Clan, Samurai, Tactician Personality card."
        if (prim == "create") {
          size_t v = after_verb(p, *c);
          size_t end = v;
          // the card's phrase ends at "card", "with", or "and" before another verb ("... Personality and bow him")
          auto verb_after = [&](size_t k) {
            size_t len = 0;
            return word_is(*c->terms[k], "and") && k + 1 < c->terms.size() &&
                   ClauseReader(p).verb_at(std::span(c->terms).subspan(k + 1), len) >= 0;
          };
          while (end < c->terms.size() && c->terms[end]->kind != ast::TermKind::Embedded &&
                 !word_is(*c->terms[end], "card") && !word_is(*c->terms[end], "cards") &&
                 !word_is(*c->terms[end], "with") && !word_is(*c->terms[end], "at") &&
                 !word_is(*c->terms[end], "in") && !word_is(*c->terms[end], "into") &&
                 !word_is(*c->terms[end], "under") && !verb_after(end))
            ++end;
          size_t last = end;
          while (last > v && c->terms[last - 1]->kind != ast::TermKind::Word && c->terms[last - 1]->kind != ast::TermKind::X) --last;
          if (last == v) continue;
          const ast::Term& noun = *c->terms[last - 1];
          if (lex.card_type(noun.text) < 0) {
            auto& d = ctx.diags.report(DiagId::CreatedCardUnknownType, noun.range, p.game, noun.text);
            if (auto best = closest(noun.text, p.card_type_names())) {
              d.fix(noun.range, *best);
              d.note({}, "did you mean '" + *best + "'?");
            }
            continue;
          }
          // The keywords before the type, separated by commas, are the created card's keywords.
          size_t i = v;
          while (i < last - 1) {
            std::string w = lower_word(*c->terms[i]);
            size_t len = 0;
            bool stat_letters = i > v && c->terms[i - 1]->kind == ast::TermKind::Number &&
                                lex.stat_at(std::span(c->terms).subspan(i), len) >= 0;  // "1F/2C/0PH"
            if (c->terms[i]->kind != ast::TermKind::Word || w == "a" || w == "an" || w == "one" || w == "two" || stat_letters) {
              i += stat_letters ? len : 1;
              continue;
            }
            size_t j = i;
            while (j < last - 1 && c->terms[j]->kind == ast::TermKind::Word) ++j;
            std::string kw = words_text(c->terms, i, j);
            if (c->terms[i]->kind == ast::TermKind::Word && is_upper(*c->terms[i]) && !p.keyword(kw) &&
                lex.card_type(kw) < 0) {
              auto& d = ctx.diags.report(DiagId::UnknownKeyword, terms_range(c->terms, i, j), kw, p.game);
              if (auto best = closest(kw, p.keyword_names())) d.note({}, "did you mean '" + *best + "'?");
            }
            i = j;
          }
        }
        // 003 Keywords: parts of a keyword are not that keyword ("Dragon" is not "Dragon Clan").
        for (size_t i = 1; i + 1 < t.size(); ++i) {
          if (!is_upper(*t[i]) || lex.card_type(t[i + 1]->text) < 0) continue;
          size_t len = 0;
          if (lex.keyword_at(std::span(t).subspan(i), len) >= 0 || lex.card_type(t[i]->text) >= 0) continue;
          if (i > 0 && lex.keyword_at(std::span(t).subspan(i - 1), len) >= 0 && len == 2) continue;
          if (lex.stat_at(std::span(t).subspan(i), len) >= 0) continue;
          for (const auto& kw : p.keywords) {
            std::string padded = " " + kw.name + " ";
            if (kw.name != t[i]->text && padded.find(" " + std::string(t[i]->text) + " ") != std::string::npos) {
              ctx.diags.report(DiagId::PartialKeyword, t[i]->range, t[i]->text, p.game, kw.name);
              break;
            }
          }
        }
      }
    });
    r.inherited_keywords.assign(inherited.begin(), inherited.end());
  }
}

}  // namespace cardc
