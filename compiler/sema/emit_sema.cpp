#include "sema/emit_sema.h"

#include <string>

namespace cardc {

const char* ref_kind_name(RefKind k) {
  switch (k) {
    case RefKind::ThisCard: return "this-card";
    case RefKind::ThisBearer: return "this-bearer";
    case RefKind::ThisKeyword: return "this-keyword";
    case RefKind::ThisContext: return "this-context";
    case RefKind::ThisEffect: return "this-effect";
    case RefKind::Pronoun: return "pronoun";
    case RefKind::TheTarget: return "the-target";
    case RefKind::TheDiscarded: return "the-discarded";
    case RefKind::That: return "that";
    case RefKind::Title: return "title";
  }
  return "?";
}

const char* x_source_name(XSource s) {
  switch (s) {
    case XSource::None: return "none";
    case XSource::DefinedByText: return "defined by text";
    case XSource::ChosenWhenPaying: return "chosen when paying a cost (000 7.4a)";
    case XSource::CostStat: return "printed cost stat (000 7.4a, 7.4c)";
  }
  return "?";
}

namespace {

class Emitter {
 public:
  Emitter(const CheckContext& ctx, std::ostream& out) : ctx_(ctx), out_(out) {}

  std::string at(SourceRange r) const {
    if (!r.valid()) return "";
    LineCol lc = ctx_.sources.line_col(r.file, r.begin);
    return "@" + std::to_string(lc.line) + ":" + std::to_string(lc.col);
  }
  std::string text(SourceRange r) const { return "\"" + std::string(ctx_.sources.text(r)) + "\""; }

  void clause(const Clause& c, int d) {
    std::string form = c.form == ClauseForm::Imperative    ? "imperative"
                       : c.form == ClauseForm::Declarative ? "declarative"
                       : c.form == ClauseForm::Timing      ? "timing"
                                                           : "condition";
    std::string s = std::string(clause_role_name(c.role)) + " " + form;
    if (c.verb >= 0) {
      const VerbDef& v = ctx_.profile.verbs[static_cast<size_t>(c.verb)];
      s += " verb=" + v.name + "(" + v.primitive + ")";
    }
    if (c.event >= 0) s += " event=\"" + ctx_.profile.events[static_cast<size_t>(c.event)].text + "\"";
    if (!c.subject.empty()) s += " subject=\"" + c.subject + "\" predicate=" + c.predicate;
    if (c.optional) s += " optional";
    s += std::string(" numbers=\"") + floor_policy_name(c.floor) + "\"";
    if (c.delayed) s += c.delayed_on_controller ? " delayed(on its controller, 002 rule 521)" : " delayed";
    if (c.any_number_nonzero) s += " any-number(at least one, 000 7.2b)";
    line(d, s + " " + text(c.range) + " " + at(c.range));
    for (const auto& cond : c.conditions) line(d + 1, "condition " + text(cond));
  }

  void unit(const TextUnit& u, int d) {
    std::string s = unit_kind_name(u.kind);
    if (!u.designators.empty()) {
      s += " [";
      for (size_t i = 0; i < u.designators.size(); ++i) s += (i ? "/" : "") + u.designators[i];
      s += "]";
    }
    for (const auto& k : u.keywords) s += " keyword=" + k;
    if (u.mandatory) s += " mandatory";
    else if (u.kind == UnitKind::Ability) s += " voluntary";
    if (u.once_per_turn_before_colon) s += " once-per-turn(before colon: triggers once)";
    if (u.once_per_turn_after_colon) s += " once-per-turn(after colon: effect once)";
    line(d, s + " " + at(u.range));
    for (const auto& c : u.constraints) clause(c, d + 1);
    for (const auto& c : u.effects) clause(c, d + 1);
    for (const auto& t : u.targets) {
      std::string ts = "target " + t.noun + " " + text(t.range) + (t.in_constraints ? " in constraints" : " in effects");
      if (t.face_up_restricted) ts += " face-up-restricted";
      if (t.fixed_for_cost) ts += " fixed-for-cost";
      line(d + 1, ts + " " + at(t.range));
    }
    for (const auto& r : u.references)
      line(d + 1, std::string("ref ") + ref_kind_name(r.kind) + " " + text(r.range) + " " + at(r.range) + " -> " +
                      r.resolved + (r.antecedent.valid() ? " " + at(r.antecedent) : ""));
    for (const auto& e : u.embedded) {
      line(d + 1, "embedded:");
      unit(e, d + 2);
    }
  }

  void card(const CardReading& r) {
    line(0, "card \"" + r.card->title + "\" (" + r.card->type + ")");
    std::string xs = std::string("X: ") + x_source_name(r.x.source);
    if (r.x.where.valid()) xs += " " + text(r.x.where);
    if (r.x.zero_in_hidden_zones) xs += "; 0 in hand/discard/ravine (000 7.4c)";
    if (r.x.zero_when_free) xs += "; 0 when played free (000 7.4b)";
    line(1, xs);
    line(1, std::string("numbers: ") +
                (ctx_.profile.negative_results == NegativeResults::Zero ? "negative results are 0"
                                                                        : "negative results are 0 except set/double/modify (000 7.2)") +
                (ctx_.profile.modifier_order == ModifierOrder::StepsAC ? "; modifiers by 003 steps A-C"
                                                                       : "; modifiers by 002 rule 523"));
    if (!r.inherited_keywords.empty()) {
      std::string k = "inherits keywords:";
      for (const auto& w : r.inherited_keywords) k += " " + w;
      line(1, k);
    }
    for (const auto& u : r.units) unit(u, 1);
  }

 private:
  void line(int d, const std::string& s) { out_ << std::string(d * 2, ' ') << s << "\n"; }
  const CheckContext& ctx_;
  std::ostream& out_;
};

}  // namespace

void emit_sema(const CheckContext& ctx, std::ostream& out) {
  Emitter e(ctx, out);
  for (const auto& r : ctx.readings) e.card(r);
}

}  // namespace cardc
