// Pass "stats" (003 Stats): stat abbreviations resolve through the profile; bonuses and penalties go only to
// stats the receiving card type has; a restriction like "this will not reduce Chi below 1" needs its penalty;
// a minimum above a maximum is flagged.
#include <map>

#include "base/suggest.h"
#include "sema/lexicon.h"
#include "sema/pipeline.h"
#include "sema/unit_walk.h"

namespace cardc {

namespace {

// The card type of whatever the clause is about, looking back from term `upto`: a card type noun, or a
// reference resolved by the references pass.
int recipient_type(const Lexicon& lex, const TextUnit& u, const std::vector<const ast::Term*>& t, size_t upto) {
  int type = -1;
  for (size_t i = 0; i < upto && i < t.size(); ++i) {
    if (int ct = lex.card_type(t[i]->text); ct >= 0) type = ct;
    for (const Reference& r : u.references)
      if (r.range.begin <= t[i]->range.begin && t[i]->range.end <= r.range.end && r.card_type >= 0) type = r.card_type;
    const ast::Term& w = *t[i];
    if (word_is(w, "you") || word_is(w, "your") || word_is(w, "player") || word_is(w, "players")) type = -1;
  }
  return type;
}

}  // namespace

void check_stats(CheckContext& ctx) {
  const Lexicon& lex = ctx.lexicon();
  const GameProfile& p = ctx.profile;
  std::vector<std::string> abbrevs;
  for (const auto& s : p.stats) abbrevs.insert(abbrevs.end(), s.abbrevs.begin(), s.abbrevs.end());
  for (CardReading& r : ctx.readings) {
    DiagnosticEngine::CardScope scope(ctx.diags, r.card->title);
    for_each_unit(r.units, [&](TextUnit& u, bool) {
      std::map<int, SourceRange> penalties;  // stat -> where a penalty to it was given
      std::map<int, std::pair<int64_t, SourceRange>> maxima, minima;
      for (Clause* c : clauses_of(u)) {
        const auto& t = c->all_terms;
        for (size_t i = 0; i < t.size(); ++i) {
          const ast::Term& term = *t[i];
          int stat = -1;
          bool negative = false;
          SourceRange where = term.range;
          if (term.kind == ast::TermKind::Modifier) {
            negative = term.value < 0 || (term.uses_x && term.text[0] != '+');
            if (!term.stat().empty()) {
              stat = lex.stat_abbrev(term.stat());
              if (stat < 0) {
                auto& d = ctx.diags.report(DiagId::UnknownStatAbbreviation, term.range, term.stat(), term.text, p.game);
                if (auto best = closest(term.stat(), abbrevs)) d.note({}, "did you mean '" + *best + "'?");
                continue;
              }
            } else {
              // "ATK -3" (stat before) or "+2 Force" (stat after)
              size_t len = 0;
              for (size_t back = 1; back <= 2 && back <= i && stat < 0; ++back) {
                int s = lex.stat_at(std::span(t).subspan(i - back), len);
                if (s >= 0 && len == back) stat = s;
              }
              if (stat < 0 && i + 1 < t.size()) stat = lex.stat_at(std::span(t).subspan(i + 1), len);
            }
          } else if (term.kind == ast::TermKind::Word) {
            // "a Force bonus", "a Force and Chi penalty equal to ..."
            if (word_is(term, "bonus") || word_is(term, "penalty")) {
              negative = word_is(term, "penalty");
              for (size_t back = i; back-- > 0 && back + 4 >= i;) {
                size_t len = 0;
                int s = lex.stat_at(std::span(t).subspan(back), len);
                if (s >= 0 && back + len <= i) {
                  if (negative) penalties[s] = c->range;
                  int type = recipient_type(lex, u, t, back);
                  if (type >= 0 && !p.card_types[static_cast<size_t>(type)].slot(static_cast<size_t>(s)))
                    ctx.diags.report(DiagId::BonusToAbsentStat, terms_range(t, back, back + len),
                                     p.card_types[static_cast<size_t>(type)].name, p.stats[static_cast<size_t>(s)].name);
                }
              }
              continue;
            }
            if ((word_is(term, "maximum") || word_is(term, "minimum")) && i + 1 < t.size()) {
              size_t len = 0;
              int s = lex.stat_at(std::span(t).subspan(i + 1), len);
              size_t at = i + 1 + len;
              if (s >= 0 && at + 1 < t.size() && word_is(*t[at], "is") && t[at + 1]->kind == ast::TermKind::Number)
                (word_is(term, "maximum") ? maxima : minima)[s] = {t[at + 1]->value, terms_range(t, i, at + 2)};
              continue;
            }
            // "this will not reduce Chi below 1" restricts a penalty to Chi (003 Stats).
            if (word_is(term, "reduce") && i + 1 < t.size()) {
              size_t len = 0;
              int s = lex.stat_at(std::span(t).subspan(i + 1), len);
              if (s >= 0 && i + 1 + len < t.size() && word_is(*t[i + 1 + len], "below") && !penalties.count(s)) {
                SourceRange rr = terms_range(t, 0, std::min(t.size(), i + 3 + len));
                const std::string& name = p.stats[static_cast<size_t>(s)].name;
                ctx.diags.report(DiagId::RestrictionWithoutPenalty, rr, std::string(ctx.sources.text(rr)), name, name);
              }
            }
            continue;
          } else {
            continue;
          }
          if (stat < 0) continue;
          if (negative) penalties[stat] = c->range;
          int type = recipient_type(lex, u, t, i);
          if (type >= 0 && !p.card_types[static_cast<size_t>(type)].slot(static_cast<size_t>(stat)))
            ctx.diags.report(DiagId::BonusToAbsentStat, where, p.card_types[static_cast<size_t>(type)].name,
                             p.stats[static_cast<size_t>(stat)].name);
        }
      }
      for (const auto& [s, mn] : minima) {
        auto mx = maxima.find(s);
        if (mx != maxima.end() && mn.first > mx->second.first)
          ctx.diags.report(DiagId::ContradictoryMinMax, mn.second, p.stats[static_cast<size_t>(s)].name, mn.first,
                           mx->second.first)
              .note(mx->second.second, "the maximum is set here");
      }
    });
  }
}

}  // namespace cardc
