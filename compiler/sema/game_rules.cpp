// Pass "game rules": wording the profile's rule modules give meaning to. Durations and resources come from the
// profile; coins may be temporary only where the profile says (002 rule 522); the ability constructor needs
// options (002 rule 524); replacement effects say "instead" (002 rule 525); dice, Resist and statuses (004).
#include <algorithm>

#include "base/suggest.h"
#include "sema/lexicon.h"
#include "sema/pipeline.h"
#include "sema/unit_walk.h"

namespace cardc {

namespace {

constexpr std::string_view kBoundaryWords[] = {"end", "ends", "dawn", "next", "battle", "duel", "phase", "turn",
                                               "round", "dusk", "night", "day"};

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool is_constructor_chooser(const CheckContext& ctx, const Clause& c) {
  if (primitive_of(ctx.profile, c) != "choose") return false;
  std::string s = lower(std::string(ctx.sources.text(c.range)));
  auto ends = [&](std::string_view x) { return s.size() >= x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0; };
  return ends("from") || ends("one or more");
}

}  // namespace

void check_game_rules(CheckContext& ctx) {
  const Lexicon& lex = ctx.lexicon();
  const GameProfile& p = ctx.profile;
  std::vector<std::string> durations, resources, statuses;
  for (const auto& d : p.durations) durations.push_back(d.text);
  for (const auto& r : p.resources) resources.push_back(r.name);
  for (const auto& s : p.statuses) statuses.push_back(s.name);

  for (CardReading& r : ctx.readings) {
    DiagnosticEngine::CardScope scope(ctx.diags, r.card->title);
    for_each_unit(r.units, [&](TextUnit& u, bool) {
      std::string unit_text = lower(std::string(ctx.sources.text(u.range)));
      size_t options = 0;
      for (const Clause& c : u.effects) options += c.role == ClauseRole::Option;
      for (Clause* c : clauses_of(u)) {
        const auto& t = c->all_terms;
        std::string prim = primitive_of(p, *c);
        // Durations: "until the end of the turn" must be one the profile declares.
        int duration = -1;
        for (size_t i = 0; i < t.size(); ++i) {
          if (!word_is(*t[i], "until")) continue;
          bool boundary = false;
          size_t end = i + 1;
          while (end < t.size() && end < i + 9 && t[end]->kind == ast::TermKind::Word) {
            std::string w = lower_word(*t[end]);
            boundary = boundary || std::find(std::begin(kBoundaryWords), std::end(kBoundaryWords), w) != std::end(kBoundaryWords);
            ++end;
          }
          if (!boundary) continue;  // "until you have ..." is not a duration
          size_t len = 0;
          duration = lex.duration_at(std::span(t).subspan(i), len);
          if (duration < 0) {
            SourceRange rr = terms_range(t, i, end);
            std::string phrase(ctx.sources.text(rr));
            auto& d = ctx.diags.report(DiagId::UnknownDuration, rr, p.game, phrase);
            if (auto best = closest(phrase, durations)) d.note({}, "did you mean '" + *best + "'?");
          }
        }
        // Resources: "Gain 2 Honor", "Pay X vitae", "gain 1 more prayer token".
        if (prim == "gain" || prim == "lose" || prim == "pay" || prim == "produce" || prim == "spend") {
          size_t v = after_verb(p, *c);
          if (v < c->terms.size() && (c->terms[v]->kind == ast::TermKind::Number || c->terms[v]->kind == ast::TermKind::X)) {
            size_t w = v + 1;
            while (w < c->terms.size() && (word_is(*c->terms[w], "more") || word_is(*c->terms[w], "additional") ||
                                           word_is(*c->terms[w], "extra") || word_is(*c->terms[w], "fewer")))
              ++w;
            if (w < c->terms.size() && c->terms[w]->kind == ast::TermKind::Word) {
              auto rest = std::span(c->terms).subspan(w);
              size_t len = 0;
              int res = lex.resource_at(rest, len);
              bool known = res >= 0 || lex.stat_at(rest, len) >= 0 || lex.status_at(rest, len) >= 0 ||
                           lex.card_type(c->terms[w]->text) >= 0 || Lexicon::entity_noun(lower_word(*c->terms[w])) ||
                           lex.keyword_at(rest, len) >= 0;
              if (!known) {
                auto& d = ctx.diags.report(DiagId::UnknownResource, c->terms[w]->range, c->terms[w]->text, p.game);
                if (auto best = closest(c->terms[w]->text, resources)) {
                  d.fix(c->terms[w]->range, *best);
                  d.note({}, "did you mean '" + *best + "'?");
                }
              } else if (res >= 0 && prim == "gain" && duration >= 0 && !p.resources[static_cast<size_t>(res)].temporary) {
                // 002 rule 522.4: only resources the profile marks [temporary] can be gained until a boundary.
                ctx.diags.report(DiagId::TemporaryNotAllowed, c->range, p.resources[static_cast<size_t>(res)].name, p.game);
              }
            }
          }
        }
        // 004: a roll for a stat; success or failure decides something.
        if (prim == "roll") {
          size_t v = after_verb(p, *c);
          if (v < c->terms.size() && word_is(*c->terms[v], "for") && v + 1 < c->terms.size()) {
            size_t len = 0;
            int s = lex.stat_at(std::span(c->terms).subspan(v + 1), len);
            bool rolled = false;
            if (s >= 0)
              for (const auto& d : p.dice)
                rolled = rolled || std::find(d.items.begin(), d.items.end(), p.stats[static_cast<size_t>(s)].name) != d.items.end();
            if (!rolled) ctx.diags.report(DiagId::UnknownRollStat, c->terms[v + 1]->range, c->terms[v + 1]->text, p.game);
            // 004: "Roll for Luck" succeeds or fails; the text must say what either does. ("Roll a D6" is a number.)
            bool outcome = unit_text.find("success") != std::string::npos ||
                           unit_text.find("succeed") != std::string::npos || unit_text.find("fail") != std::string::npos;
            if (!outcome) ctx.diags.report(DiagId::RollWithoutOutcome, c->range, std::string(ctx.sources.text(c->range)));
          }
        }
        // 004 Resist: "ignoring Resist" changes damage (Critical Damage) and statuses only.
        for (size_t i = 0; i + 1 < t.size(); ++i) {
          if (!word_is(*t[i], "ignoring")) continue;
          size_t len = 0;
          int s = lex.stat_at(std::span(t).subspan(i + 1), len);
          // ("ignoring Gold Cost": a cost not paid, 003 Gold Cost)
          if (s < 0 || p.stats[static_cast<size_t>(s)].cost) continue;
          bool damage = prim == "deal" || prim == "inflict" || prim == "attack" || unit_text.find("damage") != std::string::npos;
          if (!damage) ctx.diags.report(DiagId::IgnoringResistMisplaced, terms_range(t, i, i + 1 + len), t[i + 1]->text);
        }
        // 004 Status: "Inflict Poison on target unit."
        if (prim == "inflict") {
          size_t v = after_verb(p, *c);
          while (v < c->terms.size() && (c->terms[v]->kind == ast::TermKind::Number || word_is(*c->terms[v], "a") ||
                                         word_is(*c->terms[v], "an")))
            ++v;
          size_t len = 0;
          if (v < c->terms.size() && lex.status_at(std::span(c->terms).subspan(v), len) < 0) {
            auto& d = ctx.diags.report(DiagId::UnknownStatus, c->terms[v]->range, c->terms[v]->text, p.game);
            if (auto best = closest(c->terms[v]->text, statuses)) {
              d.fix(c->terms[v]->range, *best);
              d.note({}, "did you mean '" + *best + "'?");
            }
          }
        }
        // 002 rule 524: the constructor builds a chain from at least two options.
        if (is_constructor_chooser(ctx, *c) && options < 2)
          ctx.diags.report(DiagId::ConstructorTooFewOptions, c->range, std::string(ctx.sources.text(c->range)),
                           options == 1 ? std::string("1 option") : std::to_string(options) + " options");
        // 002 rule 525: "If you would gain ..., gain 1 more ... instead" is a replacement effect.
        if (!c->conditions.empty()) {
          std::string cond = lower(std::string(ctx.sources.text(c->conditions.front())));
          // ("If he would be opposed" asks what would be true were he there: a state, not an event to replace)
          if (cond.rfind("if ", 0) == 0 && cond.find(" would ") != std::string::npos && !cond.ends_with(" would be opposed")) {
            bool instead = std::any_of(c->terms.begin(), c->terms.end(), [](const ast::Term* x) { return word_is(*x, "instead"); });
            if (!instead) ctx.diags.report(DiagId::ReplacementWithoutInstead, c->range);
          }
        }
      }
    });
  }
}

}  // namespace cardc
