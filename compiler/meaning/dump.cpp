#include "meaning/dump.h"

#include <fmt/format.h>

#include "meaning/meaning.h"
#include "wording/render.h"

namespace cardc::meaning {

namespace {

class Dumper {
 public:
  Dumper(const CheckContext& ctx, std::ostream& out) : ctx_(ctx), p_(ctx.profile), out_(out) {}

  void card(const ast::Card& c, const std::vector<ParagraphMeaning>& paragraphs) {
    out_ << fmt::format("card \"{}\"\n", c.title);
    for (const ParagraphMeaning& m : paragraphs) {
      if (!m.unit) {
        out_ << fmt::format("  paragraph {} not read: at '{}'{}\n", at(m.paragraph), text(m.unread),
                            m.why.empty() ? std::string() : ": " + m.why);
        continue;
      }
      unit(*m.unit);
      out_ << fmt::format("    rendered \"{}\"{}\n", wording::spell(wording::render(*m.unit, p_), p_),
                          m.round_trips ? "" : " (differs from the printed words)");
    }
  }

 private:
  std::string at(SourceRange r) const {
    if (!r.valid()) return "?";
    LineCol a = ctx_.sources.line_col(r.file, r.begin), b = ctx_.sources.line_col(r.file, r.end);
    return fmt::format("{}:{}-{}:{}", a.line, a.col, b.line, b.col);
  }
  std::string text(SourceRange r) const { return r.valid() ? std::string(ctx_.sources.text(r)) : std::string(); }
  template <class T>
  static std::string named(const std::vector<T>& table, ProfileId id) {
    if (id < 0 || static_cast<size_t>(id) >= table.size()) return "?";
    if constexpr (requires { table[0].text; }) return table[static_cast<size_t>(id)].text;
    else return table[static_cast<size_t>(id)].name;
  }

  void unit(const Unit& u) {
    static constexpr const char* kinds[] = {"ability", "triggered", "untriggered"};
    std::string head = fmt::format("  unit {} {}", at(u.range), kinds[static_cast<size_t>(u.kind)]);
    for (ProfileId k : u.keywords) head += " keyword=" + named(p_.keywords, k);
    for (ProfileId d : u.designators) head += " designator=" + named(p_.designators, d);
    out_ << head << "\n";
    if (u.limit) out_ << fmt::format("    limit {} {} per {}\n", at(u.limit->range), u.limit->times, u.limit->per_game ? "game" : "turn");
    if (u.trigger) {
      static constexpr const char* timings[] = {"after", "before", "when"};
      const Trigger& t = *u.trigger;
      std::string who = t.card && t.yours ? "you-to-" + ref(*t.card) : t.card ? ref(*t.card) : t.yours ? std::string("you")
                        : t.others ? std::string("another-player") : t.cards ? filter(*t.cards)
                        : t.article != Trigger::Article::None ? std::string("any") : "?";
      out_ << fmt::format("    trigger {} {} event=\"{}\" of={}{}{}\n", at(t.range), timings[static_cast<size_t>(t.timing)],
                          named(p_.events, t.event), who, t.from >= 0 ? " from=" + p_.zones[static_cast<size_t>(t.from)].name
                                                         : t.revealed_in >= 0 ? " in=" + p_.zones[static_cast<size_t>(t.revealed_in)].name + " at-turn-start"
                                                                              : std::string(),
                          t.alone ? " named-alone" : "");
    if (t.action) {
      static constexpr const char* whose[] = {"any", "yours", "others"};
      const ActionBy& a = *t.action;
      out_ << fmt::format("    by-action {} {}{}{}{}\n", at(a.range), whose[static_cast<size_t>(a.whose)], a.the ? " the" : "",
                          a.designator >= 0 ? " designator=" + named(p_.designators, a.designator) : std::string(),
                          t.at_battlefield ? " at-battlefield" : "");
    }
    if (t.attached_to) out_ << "    attached-to " << ref(*t.attached_to) << "\n";
    if (t.attached_to_cards) out_ << "    attached-to " << filter(*t.attached_to_cards) << "\n";
    }
    if (u.performer)
      out_ << fmt::format("    performer {}{}{} {}\n", at(u.performer->range), u.performer->anywhere ? " anywhere" : "",
                          u.performer->named_by_this ? " named-by-this" : "",
                          filter(u.performer->filter));
    if (u.even_if) out_ << "    usable-even-if " << condition(*u.even_if) << "\n";
    for (const Condition& c : u.conditions) out_ << "    usable-if " << condition(c) << "\n";
    for (const Effect& c : u.costs) out_ << "    cost " << effect(c) << (c.unless ? " unless(" + condition(*c.unless) + ")" : "") << "\n";
    for (size_t i = 0; i < u.targets.size(); ++i)
      out_ << fmt::format("    target #{} {}{}{}{}{}{} {}\n", i, at(u.targets[i].range), u.targets[i].inline_ ? " inline" : "",
                          u.targets[i].in_constraints ? " in-constraints" : "", u.targets[i].performing ? " performing" : "",
                          u.targets[i].anywhere ? " anywhere" : "", count(u.targets[i].count),
                          u.targets[i].player ? std::string("player") : filter(u.targets[i].filter));
    for (const Constraint& c : u.constraints)
      if (c.kind == Constraint::Kind::Roll) out_ << fmt::format("    roll {} stat={}\n", at(c.range), named(p_.stats, u.roll));
    for (const Step& s : u.body) {
      if (const auto* e = std::get_if<Effect>(&s)) out_ << "    effect " << effect(*e) << "\n";
      else if (const auto* t = std::get_if<TargetStep>(&s)) out_ << fmt::format("    declare target #{} {}\n", t->target, at(t->range));
      else if (const auto* k = std::get_if<Conditional>(&s)) {
        out_ << fmt::format("    only-if {} {}\n", at(k->range), condition(k->condition));
        for (const Effect& e : k->effects) out_ << "      effect " << effect(e) << "\n";
        if (!k->otherwise.empty()) out_ << fmt::format("    otherwise {}\n", at(k->otherwise_range));
        for (const Effect& e : k->otherwise) out_ << "      effect " << effect(e) << "\n";
      }
      else if (const auto* o = std::get_if<InOrderTo>(&s)) {
        out_ << fmt::format("    in-order-to {}{}{}{}\n", at(o->range), o->optional ? " optional" : "", o->form == InOrderTo::Form::And ? " joined" : o->form == InOrderTo::Form::IfYouDid ? " if-you-did" : "",
                            o->only_if ? " only-if " + condition(*o->only_if) : "");
        if (o->target) out_ << fmt::format("      done target #{}\n", *o->target);
        for (const Effect& e : o->done) out_ << "      done " << effect(e) << "\n";
        for (const Effect& e : o->then) out_ << "      then " << effect(e) << "\n";
      }
      else if (const auto* k = std::get_if<Choice>(&s)) {
        out_ << fmt::format("    choose-one {}{}\n", at(k->range), k->shared_card ? " shared-card" : k->shared_verb ? " shared-verb" : "");
        for (const Effect& e : k->options) out_ << "      option " << effect(e) << "\n";
      }
      else if (const auto* k = std::get_if<Constructor>(&s)) {
        out_ << fmt::format("    constructor {} {}\n", at(k->range), k->times ? "times=" + amount(*k->times) : "one-or-more");
        for (const Effect& e : k->options) out_ << "      option " << effect(e) << "\n";
      }
      else if (const auto* k = std::get_if<ChooseCards>(&s))
        out_ << fmt::format("    choose-cards {} count={} {}\n", at(k->range), k->count ? amount(*k->count) : "one",
                            filter(k->filter));
      else if (const auto* pm = std::get_if<ProvinceModifier>(&s))
        out_ << fmt::format("    provinces {} {}{} {:+}{}\n", at(pm->range), pm->yours ? "yours " : "", named(p_.stats, pm->change.stat),
                            pm->change.delta.value, pm->while_ ? " while(" + condition(*pm->while_) + ")" : std::string());
      else if (const auto* l = std::get_if<StatLimit>(&s))
        out_ << fmt::format("    limit {} {}-of-{} {} {}{}\n", at(l->range), named(p_.stats, l->stat), ref(l->card),
                            l->maximum ? "at-most" : "at-least", amount(l->value),
                            l->duration ? duration(*l->duration) : std::string(" duration=none"));
      else if (const auto* a = std::get_if<ActionStrength>(&s)) {
        std::string names;
        for (ProfileId k : a->actions) names += (names.empty() ? "" : "|") + p_.keyword_actions[static_cast<size_t>(k)].name;
        out_ << fmt::format("    action-strength {} {} targeting {} {:+}\n", at(a->range), names, ref(a->target), a->delta);
      } else if (const auto* r = std::get_if<Restriction>(&s)) {
        out_ << restriction(*r);
      } else if (const auto* a = std::get_if<AttachRequirement>(&s))
        out_ << fmt::format("    attaches {} {}-to {}\n", at(a->range), a->only ? "only" : "never", filter(a->to));
      else if (const auto* ep = std::get_if<EnteringPlay>(&s))
        out_ << entering_play(*ep);
      else if (const auto* d = std::get_if<Delayed>(&s)) {
        const Moment& m = d->moment;
        static constexpr const char* times[] = {"once", "next", "first", "each"};
        out_ << fmt::format("    delayed {} {} {} {} event=\"{}\" span={}{}\n", at(d->range), m.timing == Timing::When ? "when" : "after",
                            times[static_cast<size_t>(m.times)], m.your_next ? std::string("boundary-of-your-next") : m.boundary ? std::string("boundary") : ref(m.card), named(p_.events, m.event), span_name(m.span),
                            m.during ? " during-battle" : "");
        for (const Effect& e : d->effects) out_ << "      effect " << effect(e) << "\n";
      }
      else if (const auto* d = std::get_if<DuelStat>(&s))
        out_ << fmt::format("    duel-stat {} {} {}{}\n", at(d->range), ref(d->card), named(p_.stats, d->stat), d->printed ? " printed" : "");
      else if (const auto* d = std::get_if<Duel>(&s))
        out_ << fmt::format("    duel {} {} challenges {} verb={}{}\n", at(d->range), ref(d->challenger), ref(d->challenged),
                            p_.verbs[static_cast<size_t>(d->verb)].name, p_.verbs[static_cast<size_t>(d->verb)].refusable ? " refusable" : "");
      else out_ << "    modifier " << modifier(std::get<StatModifier>(s)) << "\n";
    }
    if (u.x) out_ << fmt::format("    x {} = {} after-step={}\n", at(u.x->range), amount(u.x->amount), u.x->after);
  }

  // "this turn", "this phase", ...: the span's word in the dump
  static const char* span_name(Span s) {
    static constexpr const char* spans[] = {"none", "turn", "phase", "battle", "game"};
    return spans[static_cast<size_t>(s)];
  }

  std::string restriction(const Restriction& r) const {
    static constexpr const char* kinds[] = {"attack", "be-destroyed", "be-inflicted-with-statuses", "have-attached",
                                            "perform-actions", "be-assigned-to-attack", "have-abilities-used", "be-moved",
                                            "straighten", "contribute", "be-bowed-by-resolution", "be-targeted-by"};
    std::string out = fmt::format("    cannot {} {} {}", at(r.range), r.cards ? "each " + filter(*r.cards) : ref(r.card),
                                  kinds[static_cast<size_t>(r.kind)]);
    for (ProfileId k : r.actions) out += " " + p_.keyword_actions[static_cast<size_t>(k)].name;
    if (r.against) out += " " + filter(*r.against);
    if (r.stat >= 0) out += " " + named(p_.stats, r.stat);
    if (r.battle >= 0) out += " battle=" + named(p_.designators, r.battle);
    if (r.next) out += " next-only";
    if (r.while_) out += " while(" + condition(*r.while_) + ")";
    if (r.duration) out += duration(*r.duration);
    if (r.span != Span::None) out += fmt::format(" span={}", span_name(r.span));
    return out + "\n";
  }

  std::string condition(const Condition& k) const {
    std::string s = k.negated ? "not " : "";
    switch (k.kind) {
      case Condition::Kind::All:
      case Condition::Kind::Any: {
        s += k.kind == Condition::Kind::All ? "all(" : "any(";
        for (size_t i = 0; i < k.parts.size(); ++i) s += (i ? ", " : "") + condition(k.parts[i]);
        return s + ")";
      }
      case Condition::Kind::CardIs: {
        s += (k.card ? ref(*k.card) : std::string("it")) + " is";
        if (k.state) s += " " + state(*k.state);
        for (size_t i = 0; i < k.keywords.size(); ++i) s += (i ? " or " : " ") + named(p_.keywords, k.keywords[i]);
        for (size_t i = 0; i < k.descriptions.size(); ++i)
          s += (i || !k.keywords.empty() ? " or " : " ") + named(p_.descriptions, k.descriptions[i]);
        if (k.cards) s += " " + filter(*k.cards);
        return s;
      }
      case Condition::Kind::YouControl:
        return s + (k.cards->side == Side::AnotherPlayers ? "another player controls " : "you control ") + filter(*k.cards);
      case Condition::Kind::Opposes:
        return s + (k.card ? ref(*k.card) : std::string("it")) + " opposes " + (k.other ? ref(*k.other) : "some " + filter(*k.cards));
      case Condition::Kind::BattleSide: return s + (k.defender ? "you are the defender" : "you are the attacker");
      case Condition::Kind::HasTokens: return s + ref(*k.card) + " has-tokens " + named(p_.statuses, k.status);
      case Condition::Kind::RollResult: return s + (k.lost ? "roll-failed" : "roll-succeeded");
      case Condition::Kind::DuelResult: return s + ref(*k.card) + (k.lost ? " lost" : " won") + " the-duel";
      case Condition::Kind::Exists: return s + "some " + filter(*k.cards);
      case Condition::Kind::YouAre: {
        s += "you are";
        for (size_t i = 0; i < k.keywords.size(); ++i) s += (i ? " or " : " ") + named(p_.keywords, k.keywords[i]);
        return s;
      }
      case Condition::Kind::YouHave: return s + "you have " + named(p_.resources, k.resource);
      case Condition::Kind::HowMany:
        return s + fmt::format("you have {}{} {}", k.compare == StatBound::Compare::AtLeast ? ">=" : "<=", amount(*k.count),
                               k.zone >= 0 ? "cards in yours-" + p_.zones[static_cast<size_t>(k.zone)].name : named(p_.resources, k.resource));
      case Condition::Kind::YourTurn: return s + "your turn";
      case Condition::Kind::InProvinces: {
        static constexpr const char* named_as[] = {"one-of-yours", "one-of-them", "yours"};
        return s + ref(*k.card) + " is " + state(*k.state) + " in " + named_as[static_cast<size_t>(k.provinces)] + "-" +
               p_.zones[static_cast<size_t>(k.zone)].name;
      }
      case Condition::Kind::PaysFor: return s + "paying-for " + filter(*k.cards);
      case Condition::Kind::WouldBeOpposed: return s + ref(*k.card) + " would be opposed";
      case Condition::Kind::ArmyUnits:
        return s + "units-of " + army(*k.army) + (k.compare == StatBound::Compare::Below ? " < " : " > ") + "units-of " + army(*k.than);
      case Condition::Kind::ArmyOpposed: return s + army(*k.army) + " opposed";
      case Condition::Kind::ArmySize: {
        static constexpr const char* ops[] = {"<=", ">=", "<", ">", "=="};  // StatBound::Compare
        return s + "units-of " + army(*k.army) + " " + ops[static_cast<size_t>(k.compare)] + " " + amount(*k.count);
      }
      case Condition::Kind::Moved: return s + ref(*k.card) + " moved";
      case Condition::Kind::At: return s + ref(*k.card) + " at " + place(*k.at);
      case Condition::Kind::InBattle: return s + (k.card ? ref(*k.card) : std::string("it")) + " is " + role(*k.role);
      case Condition::Kind::Has: return s + ref(*k.card) + " has " + attached(*k.attached);
      case Condition::Kind::AttachedTo: return s + (k.card ? ref(*k.card) : std::string("it")) + " attached to " + filter(*k.cards);
      case Condition::Kind::StatIs: {
        static constexpr const char* ops[] = {"<=", ">=", "<", ">", "=="};
        return s + fmt::format("{}{}-of-{} {} {}", k.stat->base ? "base-" : "", named(p_.stats, k.stat->stat), ref(*k.card), ops[static_cast<size_t>(k.stat->compare)], amount(k.stat->value));
      }
    }
    return "?";
  }

  std::string state(const StateTest& st) const {
    const NamedDef& d = p_.states[static_cast<size_t>(st.state)];
    auto opp = d.attrs.find("opposite");
    return st.holds || opp == d.attrs.end() ? d.name : opp->second;
  }

  std::string amount(const Amount& a) const {
    if (a.kind == Amount::Kind::StatOf)
      return fmt::format("{}{}{}-of-{}{}", a.negated ? "minus-" : "", a.base ? "base-" : "", named(p_.stats, a.stat), ref(*a.of), a.minus ? fmt::format("-less-{}", a.minus) : "");
    if (a.kind == Amount::Kind::CountOf) return (a.value == 1 ? "" : std::to_string(a.value) + "x") + "count-of-" + filter(*a.cards);
    std::string s = a.kind == Amount::Kind::X ? std::string("X") : std::to_string(a.value);
    if (a.or_if) s += fmt::format("-or-{}-{}({})", amount(a.or_if->amount), a.or_if->while_ ? "while" : "if", condition(a.or_if->condition));
    return s;
  }

  std::string effect(const Effect& e) const {
    std::string s = fmt::format("{} {}", at(e.range), primitive_name(e.verb));
    if (e.optional) s += " optional";
    if (e.player && e.player->kind == PlayerRef::Kind::Each) s += e.player->other ? " player=each-other" : " player=each";
    else if (e.player && e.player->kind == PlayerRef::Kind::Target) s += fmt::format(" player=target#{}", e.player->target);
    else if (e.player) s += " player=controller-of-" + ref(*e.player->of);
    if (e.player && e.player->who) s += " who=(" + condition(*e.player->who) + ")";
    if (e.state) s += " state=" + state(*e.state);
    if (e.card) s += " card=" + ref(*e.card);
    if (e.cards) s += (e.either ? " or-one-of=" : " cards=") + filter(*e.cards);
    if (e.province) s += " province=" + province(*e.province);
    if (e.refill >= 0) s += " refill";
    auto change = [&](const StatChange& c) {
      return c.delta.kind == Amount::Kind::StatOf || c.delta.cards || c.delta.or_if ? fmt::format("{}+({})", named(p_.stats, c.stat), amount(c.delta))
                                                                                  : fmt::format("{}{:+}", named(p_.stats, c.stat), c.delta.value);
    };
    for (const Gift& g : e.gifts) {
      if (g.tokens) {  // "two +1F/+1C Fire tokens"
        s += fmt::format(" tokens={}", g.tokens->count);
        for (const StatChange& c : g.tokens->changes) s += " " + change(c);
        s += " " + named(p_.statuses, g.tokens->kind);
        continue;
      }
      if (g.granted) {
        s += granted(g);
        continue;
      }
      s += !g.change ? " keyword=" + named(p_.keywords, g.keyword) : " " + change(*g.change);
      if (g.or_else) s += "-or-" + change(*g.or_else);  // the controller chooses one
    }
    if (e.stat >= 0) s += " stat=" + named(p_.stats, e.stat);
    if (e.other_stat >= 0) s += " with=" + named(p_.stats, e.other_stat);
    if (e.other_card) s += " with-card=" + ref(*e.other_card);
    if (e.opposing) s += " to-oppose=" + ref(*e.opposing);
    if (e.amount) s += " amount=" + amount(*e.amount);
    if (e.resource >= 0) s += " resource=" + named(p_.resources, e.resource);
    for (ProfileId d : e.designators) s += " designator=" + named(p_.designators, d);
    if (e.performer) s += " performed-by=" + ref(*e.performer);
    for (const StatChange& b : e.base) s += fmt::format(" base-{}={}", named(p_.stats, b.stat), b.delta.value);
    if (e.action >= 0) s += " action=" + named(p_.keyword_actions, e.action);
    for (const StrengthBonus& b : e.bonuses)
      s += b.instead ? fmt::format(" strength={}-if({})", b.value, condition(b.condition))
                     : fmt::format(" strength{:+}-if({})", b.value, condition(b.condition));
    if (e.status >= 0) s += " status=" + named(p_.statuses, e.status);
    if (e.keyword >= 0) s += " keyword=" + named(p_.keywords, e.keyword);
    else if (e.any_status) s += " status=one-chosen";
    else if (e.verb == Primitive::remove_ && e.status < 0) s += " from-the-game";
    if (e.verb == Primitive::remove_ && (e.status >= 0 || e.any_status) && !e.amount) s += " all-counters";
    if (e.ignoring >= 0) s += " ignoring=" + named(p_.stats, e.ignoring);
    if (e.duration) s += duration(*e.duration);
    if (e.to) s += " to=" + place(*e.to);
    if (e.into) s += " into=" + army(*e.into);
    if (e.zone >= 0)
      s += fmt::format(" zone={}{}", e.zone_of == Effect::ZoneOf::Owners ? "owners-" : e.zone_of == Effect::ZoneOf::Yours ? "yours-" : "",
                       p_.zones[static_cast<size_t>(e.zone)].name);
    if (e.earmark) s += " only-for-one=" + filter(*e.earmark);
    if (e.host) s += " to=" + ref(*e.host);
    if (e.payment) s += " paying=" + payment(*e.payment);
    if (e.top)
      s += fmt::format(" top={}-of-{}-{}", amount(e.top->count), e.top->whose == DeckTop::Whose::Yours ? "yours" : e.top->whose == DeckTop::Whose::Any ? "any-players" : "one-of-your",
                       e.top->whose == DeckTop::Whose::OneOfYours ? std::string("decks") : p_.zones[static_cast<size_t>(e.top->zone)].name);
    if (e.looked) {
      static constexpr const char* which[] = {"all", "some", "rest"};
      s += fmt::format(" looked={}", which[static_cast<size_t>(e.looked->which)]);
      if (e.looked->which == LookedCards::Which::Some) s += fmt::format("-{}-to-{}", e.looked->min, e.looked->max);
    }
    if (e.searched >= 0) s += " searched=yours-" + p_.zones[static_cast<size_t>(e.searched)].name;
    if (e.looked_place) {
      static constexpr const char* where[] = {"back", "zone", "top", "bottom"};
      const LookedPlace& w = *e.looked_place;
      s += fmt::format(" to={}", where[static_cast<size_t>(w.kind)]);
      if (w.zone >= 0) s += fmt::format("-of-{}{}", w.of_the ? "theirs-" : w.yours ? "yours-" : "", p_.zones[static_cast<size_t>(w.zone)].name);
      if (w.any_order) s += "-in-any-order";
    }
    return s;
  }

  // 003 Gold Cost: "2-less-Gold", "1-more-Gold", "1x-count-of-...-less-Gold"
  std::string cost_change(const CostChange& c) const {
    return fmt::format("{}-{}-{}", amount(c.amount), c.more ? "more" : "less", named(p_.resources, c.resource));
  }
  std::string payment(const Payment& p) const {
    if (!p.change) return "all-costs";
    return cost_change(*p.change) + (p.minimum ? "-at-least-" + amount(*p.minimum) : std::string());
  }
  std::string entering_play(const EnteringPlay& e) const {
    std::string s = fmt::format("    enters-play {} card={}", at(e.range), e.card ? ref(*e.card) : e.cards ? filter(*e.cards) : std::string("this-card"));
    if (e.host) s += " attaching-to=" + filter(*e.host);
    if (e.state) s += " state=" + state(*e.state);
    if (e.change) s += " cost=" + cost_change(*e.change);
    if (e.ignoring) s += " cost=none";
    if (e.condition) s += " if " + condition(*e.condition);
    return s + "\n";
  }

  std::string province(const ProvinceRef& r) const {
    static constexpr const char* kinds[] = {"this", "current", "of-", "one-of-yours", "the-one-left"};
    std::string s = kinds[static_cast<size_t>(r.kind)];
    if (r.of) s += ref(*r.of);
    return s;
  }

  // 003 Embedded text: the unit granted, rendered back in quotes, and the card type of the card that has it
  std::string granted(const Gift& g) const {
    std::string s = fmt::format(" {}=\"{}\"", g.granted->kind == UnitKind::Ability ? "ability" : "trait", wording::spell(wording::render(*g.granted, p_), p_));
    return g.holder >= 0 ? s + " holder=" + named(p_.card_types, g.holder) : s;
  }

  std::string modifier(const StatModifier& m) const {
    std::string s = at(m.range);
    if (m.card) s += " card=" + ref(*m.card);
    if (m.cards) s += " cards=" + filter(*m.cards);
    if (m.loss) s += fmt::format(" loss={}", primitive_name(*m.loss));
    for (const StatChange& c : m.changes)
      s += c.op != StatChange::Op::Add ? operation(c)
           : c.delta.cards || c.delta.or_if ? fmt::format(" {}+({})", named(p_.stats, c.stat), amount(c.delta)) : fmt::format(" {}{:+}", named(p_.stats, c.stat), c.delta.value);
    for (ProfileId k : m.keywords) s += " keyword=" + named(p_.keywords, k);
    if (m.granted) s += granted(*m.granted);
    s += m.duration ? duration(*m.duration) : std::string(" duration=none");
    if (m.while_) s += " while(" + condition(*m.while_) + ")";
    return s;
  }

  // 002 523: "Attack*2", "Attack/3 rounded-up", "Attack=4"
  std::string operation(const StatChange& c) const {
    using Op = StatChange::Op;
    const char* sign = c.op == Op::Multiply ? "*" : c.op == Op::Divide ? "/" : "=";
    const std::string operand = c.delta.kind == Amount::Kind::Constant ? std::to_string(c.delta.value) : "(" + amount(c.delta) + ")";
    return fmt::format(" {}{}{}{}", named(p_.stats, c.stat), sign, operand,
                       c.op != Op::Divide ? "" : c.round_up ? " rounded-up" : " rounded-down");
  }

  std::string duration(const Duration& d) const {
    return d.permanent ? std::string(" duration=permanent") : fmt::format(" duration=\"{}\"", named(p_.durations, d.duration));
  }

  // " count=1-2", " count=1-any", " count=0-2" (up to), " count=2-2"
  static std::string count(const std::optional<TargetCount>& n) {
    if (!n) return {};
    return fmt::format(" count={}-{}", n->min, n->max < 0 ? std::string("any") : std::to_string(n->max));
  }

  std::string ref(const CardRef& r) const {
    if (r.plural) {
      CardRef one = r;
      one.plural = false;
      return "each-of-" + ref(one);
    }
    if (r.unit) {
      CardRef head = r;
      head.unit = false;
      return "unit-of-" + ref(head);
    }
    switch (r.kind) {
      case CardRef::Kind::ThisCard:
        if (r.keyword >= 0) return "this-card(" + named(p_.keywords, r.keyword) + ")";
        return r.name.empty() ? "this-card" : "this-card(" + r.name + ")";
      case CardRef::Kind::Bearer: return "bearer";
      case CardRef::Kind::ThisKeyword: return "this-card-if-" + named(p_.keywords, r.keyword);
      case CardRef::Kind::Target: return fmt::format("target#{}", r.target);
      case CardRef::Kind::Pronoun:
        return r.target == -2 ? std::string("pronoun->this-card") : r.target < 0 ? std::string("pronoun->performer") : fmt::format("pronoun->target#{}", r.target);
      case CardRef::Kind::Performer: return "performer";
      case CardRef::Kind::Discarded: return "the-discarded-card";
      case CardRef::Kind::Created: return "the-created-card";
      case CardRef::Kind::Duelist:
        return std::string(r.yours ? "your-duelist" : r.loser ? "duel-loser" : "duel-winner") + (r.under_way ? "-of-duel-under-way" : "") +
               (r.pronoun ? "(pronoun)" : "");
      case CardRef::Kind::TheTarget:
        return fmt::format("the-target#{}", r.target) + (r.card_type >= 0 ? "(" + named(p_.card_types, r.card_type) + ")"
                                                         : r.keyword >= 0 ? "(" + named(p_.keywords, r.keyword) + ")" : "");
    }
    return "?";
  }

  std::string filter(const CardFilter& f) const {
    static constexpr const char* sides[] = {"any", "yours", "opposing", "enemy", "another-players"};
    static constexpr const char* compares[] = {"<=", ">=", "<", ">", "=", "!="};  // StatBound::Compare
    std::string s = fmt::format("{{{} side={}", f.plural ? "every" : "one", sides[static_cast<size_t>(f.side)]);
    if (f.other) s += " other";
    for (ProfileId t : f.card_types) s += " type=" + named(p_.card_types, t);
    if (f.attachment) s += " attachment";
    if (f.units) s += " units";
    for (const StateTest& st : f.states) s += " state=" + state(st);
    for (ProfileId k : f.descriptions) s += " description=" + named(p_.descriptions, k);
    for (size_t i = 0; i < f.any_keywords.size(); ++i) s += (i ? "|" : " keyword=") + named(p_.keywords, f.any_keywords[i]);
    for (ProfileId k : f.keywords) s += " keyword=" + named(p_.keywords, k);
    for (ProfileId k : f.no_keywords) s += " not-keyword=" + named(p_.keywords, k);
    for (ProfileId t : f.not_types) s += " not-type=" + named(p_.card_types, t);
    for (const StatBound& b : f.stats)
      s += fmt::format(" {}{}{}{}{}", b.total ? "unit-total-" : "", b.base ? "base-" : "", named(p_.stats, b.stat),
                       compares[static_cast<size_t>(b.compare)],
                       b.own ? fmt::format("own-{}{}", b.value.base ? "base-" : "", named(p_.stats, b.value.stat)) : amount(b.value));
    for (const AttachedTest& a : f.attached) s += (a.none ? " without(" : " with(") + attached(a) + ")";
    for (BattleRole r : f.roles) s += " " + role(r);
    if (f.at) s += " at=" + place(*f.at);
    if (f.of) s += " attached-to=" + ref(*f.of);
    if (f.in_unit) s += " in=" + ref(*f.in_unit);
    for (const CardFilter& a : f.alternatives) s += " or" + filter(a);
    if (f.army) s += " in-army=" + army(*f.army);
    for (ProfileId k : f.has_tokens) s += " has-token=" + named(p_.statuses, k);
    if (f.in) {  // " in=yours-Hand|Fate Discard Pile"
      s += f.in->yours ? " in=yours-" : " in=";
      for (size_t i = 0; i < f.in->zones.size(); ++i) s += (i ? "|" : "") + p_.zones[static_cast<size_t>(f.in->zones[i])].name;
    }
    return s + "}";
  }

  std::string attached(const AttachedTest& a) const {
    std::string kinds;
    for (ProfileId t : a.card_types) kinds += (kinds.empty() ? "type=" : " or type=") + named(p_.card_types, t);
    for (ProfileId k : a.keywords) kinds += (kinds.empty() ? "keyword=" : " or keyword=") + named(p_.keywords, k);
    if (kinds.empty()) kinds = "attachment";
    for (size_t i = 0; i < a.choice.size(); ++i) kinds += (i ? " or " : " and-one-of ") + named(p_.keywords, a.choice[i]);
    return kinds;
  }

  // "army=yours", "army=enemy", "army=of(this-card)"
  std::string army(const Army& a) const {
    switch (a.kind) {
      case Army::Kind::Yours: return a.defending ? "army=yours-defending" : "army=yours";
      case Army::Kind::Enemy: return "army=enemy";
      case Army::Kind::OfCard: return "army=of(" + ref(*a.of) + ")";
    }
    return "?";
  }

  static std::string place(const Place& p) {
    static constexpr const char* places[] = {"home", "current-battlefield", "any-battlefield", "another-battlefield"};
    return places[static_cast<size_t>(p.kind)];
  }

  static std::string role(BattleRole r) {
    static constexpr const char* roles[] = {"attacking", "defending", "opposed"};
    return roles[static_cast<size_t>(r)];
  }

  const CheckContext& ctx_;
  const GameProfile& p_;
  std::ostream& out_;
};

}  // namespace

void dump(const CheckContext& ctx, std::ostream& out) {
  Dumper d(ctx, out);
  for (size_t c = 0; c < ctx.set.cards.size() && c < ctx.meanings.size(); ++c) d.card(ctx.set.cards[c], ctx.meanings[c]);
}

}  // namespace cardc::meaning
