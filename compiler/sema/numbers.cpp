// Pass "numbers" (000 7.1-7.4d): the one X of each card and how it gets its value; numbers a player would
// choose are never negative; "lose -1F" and "+0" mean something other than they seem; integers only.
#include "sema/lexicon.h"
#include "sema/pipeline.h"
#include "sema/unit_walk.h"

namespace cardc {

namespace {

bool uses_x(const ast::Term& t) { return t.kind == ast::TermKind::X || (t.kind == ast::TermKind::Modifier && t.uses_x); }

// "where X is ...", "X is equal to ...", "X equals ...": the text defines X (000 7.4).
bool defines_x(const std::vector<const ast::Term*>& t, size_t i) {
  if (t[i]->kind != ast::TermKind::X || i + 1 >= t.size()) return false;
  std::string next = lower_word(*t[i + 1]);
  return next == "is" || next == "equals" || next == "be";
}

// Verbs whose number a player chooses or that count things: the number can not be negative (000 7.2).
bool counting_primitive(const std::string& p) {
  return p == "pay" || p == "draw" || p == "discard" || p == "gain" || p == "produce" || p == "spend" || p == "heal" ||
         p == "deal" || p == "reveal" || p == "search" || p == "lose" || p == "look" || p == "add" || p == "remove";
}

FloorPolicy number_policy(const GameProfile& p, const Clause& c, bool duel) {
  if (duel) return FloorPolicy::DuelFloor;  // 000 7.2a
  if (p.modifier_order == ModifierOrder::StepsAC) return FloorPolicy::PerStat;  // 003 step B
  if (p.negative_results == NegativeResults::ZeroExceptSetDoubleModify) {
    // 000 7.2: setting, doubling or modifying a beast's or structure's statistic keeps a negative result.
    std::string prim = c.verb >= 0 ? p.verbs[static_cast<size_t>(c.verb)].primitive : "";
    if (prim == "set" || prim == "double" || prim == "increase" || prim == "reduce") return FloorPolicy::MayBeNegative;
    for (const auto* t : c.all_terms)
      if (t->kind == ast::TermKind::Modifier) return FloorPolicy::MayBeNegative;
  }
  return FloorPolicy::ClampZero;  // 002 rule 523.2, 000 7.2
}

}  // namespace

const char* floor_policy_name(FloorPolicy f) {
  switch (f) {
    case FloorPolicy::ClampZero: return "negative results are 0";
    case FloorPolicy::MayBeNegative: return "may be negative (sets/doubles/modifies a stat, 000 7.2)";
    case FloorPolicy::DuelFloor: return "duel: negative stats count as 0 (000 7.2a)";
    case FloorPolicy::PerStat: return "each stat's floor (003 step B)";
  }
  return "?";
}

void check_numbers(CheckContext& ctx) {
  const Lexicon& lex = ctx.lexicon();
  for (CardReading& r : ctx.readings) {
    DiagnosticEngine::CardScope scope(ctx.diags, r.card->title);
    const ast::Card& card = *r.card;
    XBinding& x = r.x;
    const ast::Term* first_free_use = nullptr;  // an X that needs a definition or a cost
    SourceRange defined_at;
    // Stats: X in a cost stat is chosen when paying and zero in hand/discard/ravine (000 7.4a, 7.4c).
    SourceRange stat_x_use;
    for (const ast::StatEntry& s : card.stats) {
      if (s.value.kind != ast::StatValueKind::X) continue;
      auto idx = ctx.profile.stat(s.name);
      if (idx && ctx.profile.stats[*idx].cost) {
        x.source = XSource::CostStat;
        x.where = s.range;
        x.zero_in_hidden_zones = true;
        x.zero_when_free = true;
      } else {
        stat_x_use = s.value.range;
      }
    }
    for_each_unit(r.units, [&](TextUnit& u, bool) {
      for (Clause* c : clauses_of(u)) {
        const auto& t = c->all_terms;
        bool cost = c->role == ClauseRole::Cost;
        for (size_t i = 0; i < t.size(); ++i) {
          if (t[i]->kind == ast::TermKind::Number && t[i]->fractional)
            ctx.diags.report(DiagId::NonIntegerNumber, t[i]->range, t[i]->text);
          if (!uses_x(*t[i])) continue;
          if (defines_x(t, i)) {
            if (defined_at.valid())
              ctx.diags.report(DiagId::XDefinedTwice, t[i]->range).note(defined_at, "X is first defined here");
            else
              defined_at = c->range;
            continue;
          }
          if (cost) {
            if (x.source == XSource::None) {
              x.source = XSource::ChosenWhenPaying;
              x.where = c->range;
            }
            x.zero_when_free = true;  // 000 7.4b
            continue;
          }
          if (!first_free_use) first_free_use = t[i];
        }
      }
    });
    if (defined_at.valid()) {
      // 000 7.4c: even a card whose text defines X treats an X cost as zero out of play.
      x.source = XSource::DefinedByText;
      x.where = defined_at;
    }
    if (x.source == XSource::None) {
      if (first_free_use) ctx.diags.report(DiagId::XNotBound, first_free_use->range);
      else if (stat_x_use.valid()) ctx.diags.report(DiagId::XNotBound, stat_x_use);
    }

    for_each_unit(r.units, [&](TextUnit& u, bool) {
      std::string unit_text(ctx.sources.text(u.range));
      for (auto& ch : unit_text) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      bool duel = unit_text.find("duel") != std::string::npos;
      for (Clause* c : clauses_of(u)) {
        const auto& t = c->all_terms;
        c->floor = number_policy(ctx.profile, *c, duel);
        // 002 rule 521: an effect delayed to a later time; with no target named it applies to its controller.
        if (!c->conditions.empty()) {
          std::string w = lower_word(*t.front());
          if (w == "after" || w == "when" || w == "at" || w == "before" || w == "whenever") {
            c->delayed = c->role == ClauseRole::Effect || c->role == ClauseRole::Option;
            bool named = false;
            for (const auto* term : c->terms) {
              std::string x = lower_word(*term);
              named = named || x == "target" || is_pronoun(x) || lex.card_type(term->text) >= 0;
            }
            c->delayed_on_controller = c->delayed && !named;
          }
        }
        // 000 7.2b: "any number" may be zero, unless something is divided or distributed among them.
        for (size_t i = 0; i + 2 < t.size(); ++i)
          if (word_is(*t[i], "any") && word_is(*t[i + 1], "number") && word_is(*t[i + 2], "of") && i > 0) {
            std::string before = lower_word(*t[i - 1]);
            if (before == "among" || before == "between") c->any_number_nonzero = true;
          }
        // +0 is no bonus (003 Stats).
        for (const auto* term : t)
          if (term->kind == ast::TermKind::Modifier && !term->uses_x && term->value == 0)
            ctx.diags.report(DiagId::ZeroBonus, term->range, term->text);
        std::string prim = primitive_of(ctx.profile, *c);
        if (!counting_primitive(prim)) continue;
        size_t v = after_verb(ctx.profile, *c);
        if (v >= c->terms.size()) continue;
        const ast::Term& n = *c->terms[v];
        if (n.kind != ast::TermKind::Modifier || n.value >= 0) continue;
        size_t len = 0;
        bool stat = (!n.stat().empty() && lex.stat_abbrev(n.stat()) >= 0) ||
                    (n.stat().empty() && v + 1 < c->terms.size() && lex.stat_at(std::span(c->terms).subspan(v + 1), len) >= 0);
        const ast::Term& verb = *c->terms[v - ctx.profile.verbs[static_cast<size_t>(c->verb)].words.size()];
        if (prim == "lose" && stat) {
          // 003 Stats: "lose -1F" is a loss, the same as "suffer -1F", not a double-negative gain.
          ctx.diags.report(DiagId::LoseNegative, SourceRange::join(verb.range, n.range),
                           std::string(verb.text) + " " + std::string(n.text), n.text)
              .fix(verb.range, is_upper(verb) ? "Suffer" : "suffer");
        } else {
          ctx.diags.report(DiagId::NegativeChoice, SourceRange::join(verb.range, n.range), std::string(verb.text) + " " + std::string(n.text));
        }
      }
    });
  }
}

}  // namespace cardc
