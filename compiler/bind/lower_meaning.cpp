// Lowering (lower_meaning.h): one function per meaning node, the node's rules written beside it. No words here: the
// card's meaning says what happens, the profile's tables by id say with what.
#include "bind/lower_meaning.h"

#include <algorithm>
#include <map>

#include "bind/runtime_profile.h"
#include "meaning/meaning.h"

namespace cardc::binding {

namespace {

using namespace meaning;

// Thrown inside the lowering for a node it does not know yet: the card is left to the binder (nothing is added).
struct NotYet {};

class MeaningLowering {
 public:
  MeaningLowering(const CheckContext& ctx, Module& m, const CardReading& r, size_t index)
      : p_(ctx.profile), m_(m), card_(*r.card), x_defined_by_text_(r.x.source == XSource::DefinedByText), prefix_("c" + std::to_string(index) + "_" + ident(r.card->title).substr(0, 24)) {
    for (size_t t = 0; t < p_.card_types.size(); ++t)
      if (p_.card_types[t].name == card_.type) type_ = &p_.card_types[t];
    terrain_ = terrain_keyword(p_);
  }

  void card(const std::vector<ParagraphMeaning>& paragraphs, Body& reg) {
    if (!type_) throw NotYet{};
    Body out;
    uint32_t def = define_card(p_, card_, reg, out);
    // 000 7.4d: every X of the card is the one the text defines, whichever unit defines it
    for (const ParagraphMeaning& pm : paragraphs)
      if (pm.unit->x) card_x_ = &*pm.unit->x;
    size_t n = 0;
    printed_abilities_ = static_cast<size_t>(std::count_if(paragraphs.begin(), paragraphs.end(), [](const ParagraphMeaning& pm) {
      return registers_ability(*pm.unit);
    }));
    for (const ParagraphMeaning& pm : paragraphs) {
      unit_prefix_ = prefix_ + "_u" + std::to_string(n++);
      unit(*pm.unit, def, reg, out);
    }
    granted_units(def, reg, out);
    for (auto& s : out.stmts) reg.stmts.push_back(std::move(s));
  }

 private:
  // ---------------------------------------------------------------- units (003 Traits, Abilities)
  // Whether the unit is an ability of the card's definition (a requirement of attachment, a bonus to provinces and how
  // the card enters play are terms of the card, registered with it)
  static bool registers_ability(const Unit& u) {
    return std::none_of(u.body.begin(), u.body.end(), [](const Step& s) {
      return std::holds_alternative<AttachRequirement>(s) || std::holds_alternative<ProvinceModifier>(s) || std::holds_alternative<EnteringPlay>(s) ||
             std::holds_alternative<DuelStat>(s);
    });
  }

  // 003 Embedded text: a granted trait or ability is an ability of this card's definition, registered after the
  // printed ones (so theirs keep their places) and flagged CARDRT_ABF_GRANTED; the runtime grants it to the card given
  // it (cardrt_grant_ability), which has it as its own: "this Personality" in it is that card, which performs it. Its
  // index, as the gift that grants it is lowered.
  int64_t granted_index(const Gift& g) {
    auto at = std::find_if(granted_.begin(), granted_.end(), [&](const Granted& k) { return k.unit == &*g.granted; });
    if (at == granted_.end()) at = granted_.insert(granted_.end(), Granted{&*g.granted, g.holder});
    return static_cast<int64_t>(printed_abilities_) + (at - granted_.begin());
  }

  // The granted units, in the order their grants were lowered (one granted inside another after it), each on the card
  // type of the card given it: a person, which performs its own actions (001 Tactician); any other is not lowered yet
  void granted_units(uint32_t def, Body& reg, Body& out) {
    const CardTypeDef* printed = type_;
    for (size_t k = 0; k < granted_.size(); ++k) {
      const Granted g = granted_[k];
      if (g.holder < 0 || !p_.card_types[static_cast<size_t>(g.holder)].person || !registers_ability(*g.unit)) throw NotYet{};
      type_ = &p_.card_types[static_cast<size_t>(g.holder)];
      granting_ = true;
      unit_prefix_ = prefix_ + "_g" + std::to_string(k);
      unit(*g.unit, def, reg, out);
    }
    granting_ = false;
    type_ = printed;
  }

  void unit(const Unit& u, uint32_t def, Body& reg, Body& out) {
    u_ = &u;
    if (std::any_of(u.body.begin(), u.body.end(), [](const Step& s) { return std::holds_alternative<AttachRequirement>(s); }))
      return attach_requirement(u, def, reg, out);
    if (std::any_of(u.body.begin(), u.body.end(), [](const Step& s) { return std::holds_alternative<ProvinceModifier>(s); }))
      return province_bonus(u, def, reg, out);
    if (std::any_of(u.body.begin(), u.body.end(), [](const Step& s) { return std::holds_alternative<EnteringPlay>(s); }))
      return entering_play(u, def, reg, out);
    if (std::any_of(u.body.begin(), u.body.end(), [](const Step& s) { return std::holds_alternative<DuelStat>(s); }))
      return duel_stat(u, def, reg, out);
    declared_.clear();
    created_.reset();
    duel_.reset();
    chosen_ = 0;
    moved_.reset();
    looked_slot_ = -1;
    looked_taken_ = 0;
    discarded_slot_ = -1;
    int32_t kind = CARDRT_AB_CONTINUOUS;
    int32_t designators = 0;
    uint32_t flags = 0;
    std::string trigger;
    Body cond, target, cost, effect;
    bool has_cond = false;
    // a trait of statements alone (stat changes, restrictions) holds while the card is in play; anything else happens
    const bool effects = std::any_of(u.body.begin(), u.body.end(), [](const Step& s) { return !meaning::is_statement(s); });
    switch (u.kind) {
      case meaning::UnitKind::Ability: {
        bool reaction = false;
        for (ProfileId d : u.designators) {
          const NamedDef& nd = p_.designators[static_cast<size_t>(d)];
          reaction = reaction || nd.attrs.count("reaction") || nd.attrs.count("interrupt");
          designators |= runtime_designator(nd);
        }
        kind = reaction ? CARDRT_AB_REACTION : CARDRT_AB_ACTION;
        for (ProfileId k : u.keywords) {
          const KeywordDef& kd = p_.keywords[static_cast<size_t>(k)];
          if (kd.rule == "tactical") flags |= CARDRT_ABF_TACTICAL;
          else if (kd.rule == "repeatable") flags |= CARDRT_ABF_UNLIMITED;  // 003 Abilities: "unless ... states otherwise"
        }
        // a reaction waits for its trigger ("Reaction: After a Personality is destroyed:"); any other ability has none
        if (u.trigger && !reaction) throw NotYet{};
        if (u.trigger) has_cond = trigger_of(*u.trigger, trigger, flags, cond);
        break;
      }
      case meaning::UnitKind::Triggered:
        // an action card's "After ..., gain 1 Honor" is a delayed effect of playing it (003 Abilities), not a trait;
        // an event nobody raises is refused by the binder (EventNeverRaised): neither is lowered yet
        // (an Event's trigger on its own reveal is its trait: revealed_trigger)
        // "After you Equip this Spell, ...": what you did to the card itself, which puts it in play, is its own trait's
        // trigger (as the binder reads a trait whose sentence begins with its moment); a Focus Effect is the trait of a
        // card focused from its player's hand, whatever its type (focus_trigger)
        if ((type_->action && u.trigger->revealed_in < 0 && !(u.trigger->yours && u.trigger->card && u.trigger->card->kind == CardRef::Kind::ThisCard) &&
             !focus_trigger(*u.trigger)) ||
            !p_.events[static_cast<size_t>(u.trigger->event)].raised())
          throw NotYet{};
        kind = CARDRT_AB_TRIGGERED;
        has_cond = trigger_of(*u.trigger, trigger, flags, cond);
        if (p_.events[static_cast<size_t>(u.trigger->event)].optional) flags |= CARDRT_ABF_OPTIONAL;
        break;
      case meaning::UnitKind::Untriggered:
        if (!u.costs.empty()) {
          // 003 Traits: "Bow this card: Produce X Gold" is an optional trait, used when paying a Gold cost
          const bool produces = std::any_of(u.body.begin(), u.body.end(), [](const Step& s) {
            return std::holds_alternative<Effect>(s) && std::get<Effect>(s).verb == Primitive::produce_;
          });
          if (!produces) throw NotYet{};
          kind = CARDRT_AB_ACTION;
          flags |= CARDRT_ABF_OPTIONAL | CARDRT_ABF_UNLIMITED;
        } else if (type_->action) {
          // an action card's own sentences are what it does when played (003 Abilities); its statements alone are
          // traits that hold while it is in play, attached by its own text (the pool's Spells: "This Shugenja has +2F")
          if (effects) kind = CARDRT_AB_ACTION;
        } else if (effects) {
          // 003 Traits: "Lose 3 Honor" on a card that enters play is "After this card enters play: Lose 3 Honor"
          if (!type_->enters_play || !std::all_of(u.body.begin(), u.body.end(), [](const Step& s) { return std::holds_alternative<Effect>(s); }))
            throw NotYet{};
          kind = CARDRT_AB_TRIGGERED;
          trigger = signal_event("enter play");
          if (trigger.empty()) throw NotYet{};
          cond.stmts.push_back(ret(binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_CARD)}), self())));
          has_cond = true;
        }
        break;
    }
    if (u.even_if) {
      // "Even if this card is bowed": the rules' ban on using a bowed card's ability is lifted (the runtime's flag);
      // any other "even if" is not lowered yet
      const Condition& k = *u.even_if;
      const bool bowed = k.kind == Condition::Kind::CardIs && !k.negated && k.state && k.state->holds && k.keywords.empty() &&
                         runtime_state_id(p_, static_cast<size_t>(k.state->state)) == CARDRT_STATE_BOWED;
      // "Even if this card is not at the current battlefield": the runtime asks no card's own ability for its presence
      // there (only a performer's: 001 Tactician), so there is nothing to lift
      const bool absent = k.kind == Condition::Kind::At && k.negated && k.at->kind == Place::Kind::CurrentBattlefield &&
                          (k.card->kind == CardRef::Kind::ThisCard || k.card->kind == CardRef::Kind::Bearer);
      if ((!bowed && !absent) || (bowed && k.card->kind != CardRef::Kind::ThisCard) || kind == CARDRT_AB_CONTINUOUS) throw NotYet{};
      if (bowed) flags |= CARDRT_ABF_EVEN_IF_BOWED;
    }
    if (type_->action && !(u.trigger && (u.trigger->revealed_in >= 0 || focus_trigger(*u.trigger)))) flags |= CARDRT_ABF_PLAYED_FROM_HAND;
    if (granting_) flags |= CARDRT_ABF_GRANTED;
    if (u.limit) {  // 003 Traits: how often it may be used, or the trait trigger, per turn or per game
      if (kind != CARDRT_AB_ACTION && kind != CARDRT_AB_REACTION) flags |= CARDRT_ABF_ONCE_PER_TURN_TRIGGER;
      if (u.limit->times > 1) flags |= CARDRT_ABF_TIMES(static_cast<uint32_t>(u.limit->times));
      if (u.limit->per_game) flags |= CARDRT_ABF_PER_GAME;
    }
    continuous_ = kind == CARDRT_AB_CONTINUOUS;
    performer_slot_ = -1;
    in_province_ = delayed_ = false;
    designators_ = designators;
    if (u.performer) choose_performer(*u.performer, designators, target);
    // a targeting, alone in its block or joined to costs or the performer ("Bow this card and target ...:"), is made
    // with the others before any cost is paid (001 Targeting paradoxes)
    for (const Constraint& c : u.constraints)
      if (c.kind == Constraint::Kind::Targeting) declare_target(c.items.at(0), target);
    for (const Constraint& c : u.constraints) {
      if (c.kind == Constraint::Kind::Condition) {
        // 003 Abilities: the ability may be used (or the trait triggers) only while the condition holds
        Node prev = has_cond && !cond.stmts.empty() ? std::move(cond.stmts.back().kids.front()) : konst(1);
        if (has_cond) cond.stmts.pop_back();
        const Condition& k = u.conditions[static_cast<size_t>(c.items.at(0))];
        if (names_a_target(k)) throw NotYet{};  // asked before any target is chosen: not a shape lowered yet
        Node holds = condition(k, cond);
        cond.stmts.push_back(ret(and_(std::move(prev), std::move(holds))));
        has_cond = true;
      } else if (c.kind == Constraint::Kind::Costs)
        for (int k : c.items) cost_of(u.costs[static_cast<size_t>(k)], cost);
      // (Performer: chosen above, as the action is announced)
    }
    modes_.clear();
    top_ = &effect;
    if (u.roll >= 0) roll(u, effect);
    else
      for (const Step& s : u.body) step(s, effect);
    top_ = nullptr;
    if (!modes_.empty()) flags |= CARDRT_ABF_CONSTRUCTOR;  // 002 524: the chain is built from the options (modes)
    // 003 Abilities B: "If this card is face-up in one of your Provinces" also lets the action be used out of play
    if (in_province_ && kind == CARDRT_AB_ACTION && !(flags & CARDRT_ABF_PLAYED_FROM_HAND)) flags |= CARDRT_ABF_OUT_OF_PLAY;
    // 000 7.4a: an action card's printed cost of X is chosen and announced as it is played: not lowered yet
    if (kind == CARDRT_AB_ACTION && (flags & CARDRT_ABF_PLAYED_FROM_HAND))
      for (const ast::StatEntry& st : card_.stats)
        if (auto idx = p_.stat(st.name); idx && st.value.kind == ast::StatValueKind::X && p_.stats[*idx].cost) throw NotYet{};

    uint32_t ab = register_ability(m_, unit_prefix_, def, kind, designators, trigger, flags,
                                   {has_cond, std::move(cond), std::move(target), std::move(cost), std::move(effect)}, u.range, reg, out);
    for (int mode : modes_)
      out.stmts.push_back(checked_registration(call("cardrt_def_mode", {param(0), local(def), local(ab), konst(0), fn_ref(mode)}), reg));
  }

  // 001 Attach, Transfer: a requirement of attachment is what the card is, registered with it (the runtime checks it
  // as the card is attached or transferred), not an ability. The card is not in play yet as it attaches.
  void attach_requirement(const Unit& u, uint32_t def, Body& reg, Body& out) {
    if (u.body.size() != 1 || u.kind != meaning::UnitKind::Untriggered || !u.constraints.empty()) throw NotYet{};
    const auto& a = std::get<AttachRequirement>(u.body[0]);
    Node test = filter_test(a.to, param(2), false);
    Body b;
    b.stmts.push_back(ret(a.only ? std::move(test) : not_(std::move(test))));  // "Will not attach to": never such a card
    int fn = filter_fn(std::move(b), a.range);
    out.stmts.push_back(checked_registration(call("cardrt_def_attach_filter", {param(0), local(def), fn_ref(fn)}), reg));
  }

  // 003 Stats: "Your provinces have +2 strength" is a bonus the runtime asks for whenever a province's strength is read,
  // while the card is in play (cardrt_def_province_bonus), registered with the card, not an ability.
  void province_bonus(const Unit& u, uint32_t def, Body& reg, Body& out) {
    if (u.body.size() != 1 || u.kind != meaning::UnitKind::Untriggered || !u.constraints.empty()) throw NotYet{};
    const auto& m = std::get<ProvinceModifier>(u.body[0]);
    Node amount = konst(m.change.delta.value);
    if (m.yours) amount = binary(Op::Mul, std::move(amount), binary(Op::Eq, call("cardrt_province_owner", {G(), param(2)}), controller()));
    Body f;
    // "... while another player controls a dishonorable Personality": nothing while it does not hold
    if (m.while_) amount = binary(Op::Mul, std::move(amount), binary(Op::Ne, condition(*m.while_, f), konst(0)));
    f.stmts.push_back(ret(std::move(amount)));
    int fn = add_function("province", FnKind::Filter, std::move(f), m.range);
    out.stmts.push_back(checked_registration(call("cardrt_def_province_bonus", {param(0), local(def), fn_ref(fn)}), reg));
  }

  // 003 Gold Cost: how this card enters play is a term of the card, registered with it, not an ability: the state it
  // enters play in (cardrt_def_enter_play_state), or how much less of its cost the engine charges to bring it into
  // play (cardrt_def_cost_reduction: a function of the card, asked as it is paid for; "more" is a negative reduction;
  // 000 7.2: never below zero), nothing while the condition does not hold.
  void entering_play(const Unit& u, uint32_t def, Body& reg, Body& out) {
    if (u.body.size() != 1 || u.kind != meaning::UnitKind::Untriggered || !u.constraints.empty()) throw NotYet{};
    const auto& e = std::get<EnteringPlay>(u.body[0]);
    // "This Fortification enters play bowed": this card, which has the keyword as printed (001 This)
    if (e.card && e.card->kind == CardRef::Kind::ThisKeyword && !prints_keyword(e.card->keyword)) throw NotYet{};
    if (e.state) {
      // the runtime brings a card into play bowed, or as it is
      if (!e.state->holds || runtime_state_id(p_, static_cast<size_t>(e.state->state)) != CARDRT_STATE_BOWED) throw NotYet{};
      out.stmts.push_back(checked_registration(call("cardrt_def_enter_play_state", {param(0), local(def), konst(CARDRT_STATE_BOWED)}), reg));
      return;
    }
    const auto cost = paid_cost(p_);
    if (!cost) throw NotYet{};
    // "ignoring costs", "ignoring Gold Cost": the whole of it; else only the resource the cost is paid in
    if (e.ignoring && e.ignored_stat >= 0 && static_cast<size_t>(e.ignored_stat) != cost->first) throw NotYet{};
    if (!e.ignoring && e.change->resource != cost->second) throw NotYet{};
    continuous_ = false;
    Body f;
    Node less = konst(kWholeCost);
    if (!e.ignoring) {
      Amount each = e.change->amount;
      if (e.change->more) each.value = -each.value;
      less = amount(each, f);
    }
    if (e.condition) less = binary(Op::Mul, std::move(less), binary(Op::Ne, condition(*e.condition, f), konst(0)));
    // the card paid for (param 2), out of play as it is paid for: one of the set ("Your Spells enter play ..."); or, as
    // this card attaches, the card it attaches to ("Attaches to a Thunder Shugenja ...", cardrt_game_attach_cost)
    int32_t scope = CARDRT_COST_SELF;
    if (e.cards || e.host) {
      less = binary(Op::Mul, std::move(less), binary(Op::Ne, filter_test(e.cards ? *e.cards : *e.host, param(2), false), konst(0)));
      scope = e.cards ? CARDRT_COST_OTHERS : CARDRT_COST_ATTACHING;
    }
    f.stmts.push_back(ret(std::move(less)));
    int fn = add_function("cost", FnKind::Filter, std::move(f), e.range);
    out.stmts.push_back(checked_registration(call("cardrt_def_cost_reduction", {param(0), local(def), fn_ref(fn), konst(scope)}), reg));
  }

  // 003 Focus Value: the stat this card's duels compare for it, a term of the card registered with it
  // (cardrt_def_duel_stat), its printed value or its current one
  void duel_stat(const Unit& u, uint32_t def, Body& reg, Body& out) {
    if (u.body.size() != 1 || !u.constraints.empty()) throw NotYet{};
    const auto& d = std::get<DuelStat>(u.body[0]);
    out.stmts.push_back(checked_registration(call("cardrt_def_duel_stat", {param(0), local(def), konst(d.stat), konst(d.printed ? 1 : 0)}), reg));
  }

  // Trigger: the runtime's event, and a condition on what it happened to. Returns whether there is a condition.
  bool trigger_of(const Trigger& t, std::string& trigger, uint32_t& flags, Body& cond) {
    const PhraseDef& e = p_.events[static_cast<size_t>(t.event)];
    // an event nobody raises would be waited for forever: the binder refuses the card (EventNeverRaised; issue 20,
    // events are a contract), so the lowering never compiles it silently ("After you discard this Strategy")
    if (!e.raised()) throw NotYet{};
    // a moment before an event is a replacement or a window of its own (binder); before a turn's end is the end
    if (t.timing == Timing::Before && e.signal != "turn end") throw NotYet{};
    // a signal whose trigger carries more than the event (payments, focusing, targeting, reveals) is not lowered yet
    if (t.revealed_in >= 0) return revealed_trigger(t, trigger, flags, cond);
    if (e.focused()) {
      // "As a Focus Effect: ...": this card's own, as it is focused in a duel from its player's hand (003 Traits: a
      // trigger at a point in a duel), so out of play and not played from a hand; the duel discards it afterwards
      if (!focus_trigger(t)) throw NotYet{};
      trigger = runtime_event(p_, t.event);
      flags |= CARDRT_ABF_OUT_OF_PLAY;
      cond.stmts.push_back(ret(binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_CARD)}), self())));
      return true;
    }
    if (t.action) return action_trigger(t, trigger, cond);
    if (e.paying() || e.focused() || e.targeted() || e.reveals_provinces()) throw NotYet{};
    trigger = runtime_event(p_, t.event);
    Node event_card = call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_CARD)});
    if (t.card && t.yours) {
      // "After you Equip this Follower": you did it, to the card; "... from a Province": it has just left one
      Node mine = binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_PLAYER)}), controller());
      if (t.from >= 0) mine = and_(std::move(mine), binary(Op::Ne, call("cardrt_card_left_province", {G(), card(*t.card, cond)}), konst(0)));
      mine = and_(std::move(mine), binary(Op::Eq, event_card, card(*t.card, cond)));
      if (std::optional<Node> to = attached_test(t, event_card, cond)) mine = and_(std::move(mine), std::move(*to));  // "... to a Void Shugenja"
      cond.stmts.push_back(ret(std::move(mine)));
      return true;
    }
    if (t.from >= 0) throw NotYet{};  // "After this Holding enters play from a Province": the binder does not read it
    if (t.card) {
      // "After this creature is destroyed": its own leaving play triggers it from where it went (003 Traits (d))
      if (t.card->kind == CardRef::Kind::ThisCard && e.takes_out_of_play()) flags |= CARDRT_ABF_OUT_OF_PLAY;
      cond.stmts.push_back(ret(binary(Op::Eq, std::move(event_card), card(*t.card, cond))));
      return true;
    }
    if (t.yours || t.others) {  // "After your turn begins", "After another player's turn begins"
      cond.stmts.push_back(ret(binary(t.yours ? Op::Eq : Op::Ne, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_PLAYER)}), controller())));
      return true;
    }
    if (t.article != Trigger::Article::None) return false;  // "After an Attack Phase ends": any
    // the event's card is judged as the event found it, in play or not: "one of your Samurai is destroyed" has left
    // play, and a card bowed or entering play is in play by the event itself
    cond.stmts.push_back(ret(filter_test(*t.cards, std::move(event_card), false)));
    return true;
  }

  // A Focus Effect: the focused event named alone (its card this one), after it
  bool focus_trigger(const Trigger& t) const {
    return t.alone && t.timing == Timing::After && p_.events[static_cast<size_t>(t.event)].focused();
  }

  // "After another player's Battle action targets this Personality": the runtime's targeted event, which carries the
  // action's controller, designators and kind (001 Targeting); "After the action Equips a Spell to Rin", "... this
  // Follower at a battlefield": the engine's event with the card equipped or recruited, which names no action's player
  // or designator (those are not lowered), nor any other event an action is said to do (refused rather than read as
  // the event alone)
  bool action_trigger(const Trigger& t, std::string& trigger, Body& cond) {
    const PhraseDef& e = p_.events[static_cast<size_t>(t.event)];
    const ActionBy& a = *t.action;
    const bool targeted = e.targeted();
    if (t.timing != Timing::After || (!targeted && (!e.engine || a.whose != ActionBy::Whose::Any || a.designator >= 0))) throw NotYet{};
    trigger = runtime_event(p_, t.event);
    auto field = [&](int32_t f) { return call("cardrt_ctx_event", {G(), C(), konst(f)}); };
    std::optional<Node> test;
    auto add = [&](Node n) { test = test ? and_(std::move(*test), std::move(n)) : std::move(n); };
    if (a.whose != ActionBy::Whose::Any) add(binary(a.whose == ActionBy::Whose::Yours ? Op::Eq : Op::Ne, field(CARDRT_EVF_PLAYER), controller()));
    if (a.designator >= 0) {
      // one bit of the designators, with the arithmetic the IR has: (d / bit) - 2 * (d / (2 * bit))
      const int32_t bit = runtime_designator(p_.designators[static_cast<size_t>(a.designator)]);
      if (bit == CARDRT_DESIG_OTHER) throw NotYet{};  // the runtime tells no other designator apart
      Node d = field(CARDRT_EVF_WHAT);
      add(binary(Op::Ne, binary(Op::Sub, binary(Op::Div, d, konst(bit)), binary(Op::Mul, konst(2), binary(Op::Div, d, konst(2 * bit)))), konst(0)));
    }
    if (targeted) add(binary(Op::Ge, field(CARDRT_EVF_AMOUNT), konst(CARDRT_AB_ACTION)));  // an action, not a trait
    Node card = field(CARDRT_EVF_CARD);
    if (t.at_battlefield) add(binary(Op::Ne, call("cardrt_card_battlefield", {G(), card}), konst(0)));
    if (std::optional<Node> to = attached_test(t, card, cond)) add(std::move(*to));
    if (t.from >= 0) add(binary(Op::Ne, call("cardrt_card_left_province", {G(), card}), konst(0)));
    // a card targeted is in play; one equipped or recruited is judged as the event found it
    add(t.card ? binary(Op::Eq, card, this->card(*t.card, cond)) : filter_test(*t.cards, card, targeted));
    cond.stmts.push_back(ret(std::move(*test)));
    return true;
  }

  // "... to Rin", "... to a Void Shugenja": the event's card is now attached to that card, or to one of the set (001 Attach)
  std::optional<Node> attached_test(const Trigger& t, const Node& card, Body& cond) {
    if (t.attached_to) return binary(Op::Eq, call("cardrt_card_attached_to", {G(), card}), this->card(*t.attached_to, cond));
    if (t.attached_to_cards) return filter_test(*t.attached_to_cards, call("cardrt_card_attached_to", {G(), card}));
    return std::nullopt;
  }

  // "After you reveal cards in your Provinces at the start of your turn" (the engine's reveal, cardrt_game_reveal_provinces,
  // raising provinces_revealed with the player): the card's own trait, from the province it is in (out of play, not
  // played from a hand); the engine, which revealed it, discards or keeps the Event afterwards. Yours: the player who
  // revealed is this card's.
  bool revealed_trigger(const Trigger& t, std::string& trigger, uint32_t& flags, Body& cond) {
    if (!p_.events[static_cast<size_t>(t.event)].reveals_provinces() || t.timing != Timing::After || !t.yours) throw NotYet{};
    trigger = runtime_event(p_, t.event);
    flags |= CARDRT_ABF_OUT_OF_PLAY;
    cond.stmts.push_back(ret(binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_PLAYER)}), controller())));
    return true;
  }

  std::string signal_event(std::string_view signal) const {
    for (size_t i = 0; i < p_.events.size(); ++i)
      if (p_.events[i].signal == signal) return runtime_event(p_, static_cast<int>(i));
    return {};
  }

  // ---------------------------------------------------------------- the performer (001 Tactician)
  // "your performing unbowed Monk" on a card that performs no action itself (an action card, a Holding): one of
  // your cards the words describe, chosen once as the action is announced, before its targets; for a Battle action
  // one at the current battlefield unless "at any location" (001 Tactician: "one of your unbowed Tacticians is at the
  // current battlefield"). Its slot follows the unit's targets.
  void choose_performer(const Performer& p, int32_t designators, Body& b) {
    if (u_->kind != meaning::UnitKind::Ability) throw NotYet{};
    // a person performs its own actions, an attachment's are its bearer's: what the words say of that card is a
    // restriction the lowering does not hold yet
    if (type_->person || type_->attaches) throw NotYet{};
    std::optional<Node> here;
    if ((designators & CARDRT_DESIG_BATTLE) && !p.anywhere)
      here = binary(Op::Eq, call("cardrt_card_battlefield", {G(), param(2)}), call("cardrt_current_battlefield", {G()}));
    int fn = filter_function(p.filter, p.range, std::move(here));
    performer_slot_ = static_cast<int>(u_->targets.size());
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_choose_cards", {G(), C(), konst(performer_slot_), fn_ref(fn), konst(1), konst(1), konst(0)}),
                                     konst(CARDRT_OK))));
  }

  // ---------------------------------------------------------------- costs (003 Abilities C)
  // Each fails the ability when it cannot be paid.
  void cost_of(const Effect& c, Body& b) {
    if (c.unless) {  // "Bow Yashiro unless you have Reconnaissance": paid only while the condition does not hold
      Effect always = c;
      always.unless.reset();
      Node holds = condition(*c.unless, b);
      Body paid;
      paid.locals = b.locals;
      cost_of(always, paid);
      b.locals = paid.locals;
      b.stmts.push_back(if_(not_(std::move(holds)), block(std::move(paid.stmts))));
      return;
    }
    switch (c.verb) {
      case Primitive::bow_: {
        if (c.either) return bow_either_cost(c, b);
        Node who = card(*c.card, b);
        b.stmts.push_back(fail_if(call("cardrt_card_state", {G(), who, konst(CARDRT_STATE_BOWED)})));  // a bowed card cannot pay
        b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_bow", {G(), C(), who}), konst(CARDRT_OK))));
        return;
      }
      case Primitive::set_state_: {  // "Exhaust this card": a card already in the state cannot pay
        if (!c.state->holds) throw NotYet{};
        Node who = card(*c.card, b);
        const int64_t st = runtime_state_id(p_, static_cast<size_t>(c.state->state));
        b.stmts.push_back(fail_if(call("cardrt_card_state", {G(), who, konst(st)})));
        b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_set_card_state", {G(), C(), who, konst(st), konst(1)}), konst(CARDRT_OK))));
        return;
      }
      case Primitive::pay_:
      case Primitive::lose_: {
        Node n = amount(*c.amount, b);
        if (c.verb == Primitive::pay_ && c.amount->kind == Amount::Kind::X && !x_defined_by_text_ && !card_x_) {
          // 000 7.4a: X in a cost is chosen and announced when paying, at most what the player has
          uint32_t x = b.local();
          b.stmts.push_back(let(x, call("cardrt_x_announce", {G(), C(), call("cardrt_resource_get", {G(), controller(), konst(c.resource)})})));
          n = local(x);
        }
        b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_pay_resource", {G(), C(), controller(), konst(c.resource), std::move(n)}), konst(CARDRT_OK))));
        return;
      }
      case Primitive::move_:  // "Move your performing Personality home": a card already home cannot pay
        b.stmts.push_back(fail_if(binary(Op::Ne, send_home(c, b), konst(CARDRT_OK))));
        return;
      case Primitive::destroy_:  // "Destroy this card", "Destroy your performing Personality"
        b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_destroy", {G(), C(), card(*c.card, b)}), konst(CARDRT_OK))));
        return;
      case Primitive::discard_:
        if (c.top) return discard_top_cost(*c.top, b);
        if (c.card) {  // "Discard this card"
          b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_discard_card", {G(), C(), card(*c.card, b)}), konst(CARDRT_OK))));
          return;
        }
        return discard_from_hand_cost(c, b);
      default: throw NotYet{};
    }
  }

  // "Bow Kojinrue or one of his Weapons": one unbowed card, this one or one of the set, chosen as the cost is paid (not
  // targeted, 001 Target) and kept in a slot; none: the cost cannot be paid
  void bow_either_cost(const Effect& c, Body& b) {
    Body f;
    f.stmts.push_back(ret(and_(binary(Op::Or, binary(Op::Eq, param(2), card(*c.card, f)), filter_test(*c.cards, param(2), true)),
                               not_(call("cardrt_card_state", {G(), param(2), konst(CARDRT_STATE_BOWED)})))));
    int fn = filter_fn(std::move(f), c.range);
    const int64_t k = next_slot();
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_choose_cards", {G(), C(), konst(k), fn_ref(fn), konst(1), konst(1), konst(0)}), konst(CARDRT_OK))));
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_bow", {G(), C(), slot(static_cast<int>(k))}), konst(CARDRT_OK))));
  }

  // "Discard a card": one of your hand, or the ability cannot be used; an action card being played is not one of them.
  // Named after it ("the card's Focus Value"), it is chosen and kept (the slot follows it to the discard pile).
  void discard_from_hand_cost(const Effect& c, Body& b) {
    if (!any_card(*c.cards)) throw NotYet{};
    if (!c.kept) {
      uint32_t n = b.local();
      b.stmts.push_back(let(n, konst(1)));
      b.stmts.push_back(fail_if(binary(Op::Lt, call("cardrt_discard_from_hand", {G(), C(), controller(), local(n)}), local(n))));
      return;
    }
    discard_chosen_from_hand(binary(Op::Ne, param(2), self()), c.range, b);
  }

  // A card of your hand that passes `test` is chosen (or what needs it fails) and discarded, kept in a slot that follows
  // it to the discard pile: "the card's Focus Value" names it (`discarded_slot_`)
  void discard_chosen_from_hand(Node test, SourceRange range, Body& b) {
    Body f;
    f.stmts.push_back(ret(std::move(test)));
    int fn = filter_fn(std::move(f), range);
    const int64_t k = next_slot();
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_choose_cards", {G(), C(), konst(k), fn_ref(fn), konst(1), konst(1), konst(CARDRT_TGT_HAND)}),
                                     konst(CARDRT_OK))));
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_discard_card", {G(), C(), slot(static_cast<int>(k))}), konst(CARDRT_OK))));
    b.stmts.push_back(eval(call("cardrt_slot_follow", {G(), C(), konst(k)})));
    discarded_slot_ = static_cast<int>(k);
  }

  // ---------------------------------------------------------------- the body, sentence by sentence
  void step(const Step& s, Body& b) {
    if (const auto* e = std::get_if<Effect>(&s)) return effect(*e, b);
    if (const auto* t = std::get_if<TargetStep>(&s)) return declare_target(t->target, b);
    if (const auto* k = std::get_if<Conditional>(&s)) return conditional(*k, b);
    if (const auto* o = std::get_if<InOrderTo>(&s)) return in_order_to(*o, b);
    if (const auto* k = std::get_if<Choice>(&s)) return choice(*k, b);
    if (const auto* k = std::get_if<Constructor>(&s)) return constructor(*k, b);
    if (const auto* k = std::get_if<ChooseCards>(&s)) return choose_cards(*k, b);
    if (const auto* r = std::get_if<Restriction>(&s)) return restriction(*r, b);
    if (const auto* l = std::get_if<StatLimit>(&s)) return stat_limit(*l, b);
    if (const auto* a = std::get_if<ActionStrength>(&s)) return action_strength(*a, b);
    if (const auto* d = std::get_if<Delayed>(&s)) return delayed(*d, b);
    if (const auto* d = std::get_if<Duel>(&s)) return duel(*d, b);
    if (std::holds_alternative<ProvinceModifier>(s)) throw NotYet{};  // with other sentences: not a shape lowered yet
    const auto& m = std::get<StatModifier>(s);
    if (m.changes.size() == 1 && m.changes[0].op != StatChange::Op::Add) return stat_operation(m, b);
    stat_modifier(m, b);
  }

  // "As a Focus Effect: After this duel ends, bow its winner": the effects wait for the boundary the profile's event
  // is (cardrt_delay; the duel under way ends, and its winner is known: cardrt_duel_card), as the binder's moments
  void delayed_to_boundary(const Delayed& d, Body& b) {
    const int32_t boundary = runtime_boundary(p_.events[static_cast<size_t>(d.moment.event)]);
    if (boundary < 0 || d.moment.timing == Timing::Before) throw NotYet{};
    for (const Effect& x : d.effects)  // the frames the binder reads in a delayed effect the same way (a card's; the
                                       // controller's draw; counters dealt to a card)
      if (x.optional || x.player || x.province || x.action >= 0 || (!x.card && x.verb != Primitive::draw_) ||
          (x.verb != Primitive::bow_ && x.verb != Primitive::straighten_ && x.verb != Primitive::destroy_ &&
           x.verb != Primitive::set_state_ && x.verb != Primitive::give_ && x.verb != Primitive::draw_ && x.verb != Primitive::deal_))
        throw NotYet{};
    Body later = delayed_body(d, b);
    int f = add_function("delayed", FnKind::Effect, std::move(later), d.range);
    // your next turn: counted from your own turns, so one set up in your turn waits for the next (001 Turn)
    b.stmts.push_back(eval(call("cardrt_delay", {G(), C(), konst(boundary), konst(-1), konst(d.moment.your_next ? 1 : 0), fn_ref(f)})));
  }

  // a delayed effect's effects, run when its moment comes (002 rule 521): the body of a function of their own
  Body delayed_body(const Delayed& d, Body& b) {
    Body inner;
    inner.locals = b.locals;
    delayed_ = true;
    for (const Effect& x : d.effects) effect(x, inner);
    delayed_ = false;
    b.locals = inner.locals;
    Body later;
    later.locals = inner.locals;
    later.stmts.push_back(if_(konst(1), block(std::move(inner.stmts))));
    later.stmts.push_back(ret(konst(CARDRT_OK)));
    return later;
  }

  // 003 Focus Value: the challenger and the card challenged duel (cardrt_duel: 0 after a tie, or when the duel does not
  // happen); a challenge may be refused (the verb's [refusable]: 003 Traits, "may not issue challenges"). The two and
  // the winner are kept for "the loser", "the winner" and "if he wins the duel" after it (docs/meaning.md 27).
  void duel(const Duel& d, Body& b) {
    if (continuous_ || duel_) throw NotYet{};
    Node challenger = card(d.challenger, b);
    Node challenged = card(d.challenged, b);
    const uint32_t flags = p_.verbs[static_cast<size_t>(d.verb)].refusable ? static_cast<uint32_t>(CARDRT_DUEL_CHALLENGE) : 0u;
    Duelists k;
    k.challenger = b.local();
    b.stmts.push_back(let(k.challenger, std::move(challenger)));
    k.challenged = b.local();
    b.stmts.push_back(let(k.challenged, std::move(challenged)));
    k.winner = b.local();
    b.stmts.push_back(let(k.winner, call("cardrt_duel", {G(), C(), local(k.challenger), local(k.challenged), konst(flags)})));
    duel_ = k;
  }

  // 002 rule 521: a delayed effect waits for its moment, an event about a card (cardrt_delay_until_event): the card
  // as the effect is set up, once or each time, until the span's boundary (none, or "this game": as long as the game
  // lasts), "during a battle" only while one is under way. Events the runtime raises with the card they happened to
  // (its own, or the profile's raised by the engine).
  void delayed(const Delayed& d, Body& b) {
    if (continuous_) throw NotYet{};
    const Moment& m = d.moment;
    if (m.boundary) return delayed_to_boundary(d, b);
    const PhraseDef& e = p_.events[static_cast<size_t>(m.event)];
    if (!e.awaited_on_card()) throw NotYet{};
    if (!e.raised()) throw NotYet{};  // waited for forever: the binder refuses it (EventNeverRaised)
    if (m.battle >= 0 && !battles(m.battle)) throw NotYet{};
    static constexpr int32_t lapses[] = {0, CARDRT_BOUNDARY_TURN_END, CARDRT_BOUNDARY_PHASE_END, CARDRT_BOUNDARY_BATTLE_END, 0};
    // the verbs whose player the binder reads as the delayed effect's (the lowering's player()); others: not yet
    for (const Effect& x : d.effects) {
      const bool plain = !x.province && !x.earmark && !x.top && !x.looked && x.searched < 0 && x.action < 0 && !x.optional;
      const bool verb = x.verb == Primitive::gain_ || x.verb == Primitive::lose_ || x.verb == Primitive::draw_ ||
                        (x.card && (x.verb == Primitive::bow_ || x.verb == Primitive::straighten_ || x.verb == Primitive::destroy_ ||
                                    x.verb == Primitive::set_state_));
      if (!plain || !verb) throw NotYet{};
    }
    Body later = delayed_body(d, b);
    const uint32_t who = b.local();
    b.stmts.push_back(let(who, card(m.card, b)));
    Node awaited = konst(0);
    if (m.during) {
      Body test;
      test.stmts.push_back(ret(binary(Op::Ne, call("cardrt_current_battlefield", {G()}), konst(0))));
      awaited = fn_ref(add_function("awaited", FnKind::Effect, std::move(test), d.range));
    }
    int f = add_function("delayed", FnKind::Effect, std::move(later), d.range);
    Node event = call("cardrt_event_id", {G(), str(runtime_event(p_, m.event))});
    b.stmts.push_back(eval(call("cardrt_delay_until_event", {G(), C(), std::move(event), local(who), std::move(awaited),
                                                             konst(m.times == Moment::Times::Each ? CARDRT_DELAY_EACH_TIME : 0),
                                                             konst(lapses[static_cast<size_t>(m.span)]), fn_ref(f)})));
  }

  // 002 523: a stat multiplied, divided or set ("Double its ATK until end of turn", "Halve the ATK of target creature,
  // rounded up", "Its ATK is set to 4"): one modifier of that operation for the duration (to the end of the turn when
  // none is given); the runtime applies the operations in 523's order. A division rounds down unless the text says up.
  // A set is the binder's cardrt_stat_set (a set modifier all the same).
  void stat_operation(const StatModifier& m, Body& b) {
    if (continuous_) throw NotYet{};  // a trait that multiplies, divides or sets a stat while it holds: not lowered yet
    int32_t dur = CARDRT_DUR_END_OF_TURN;
    if (m.duration && m.duration->permanent) dur = CARDRT_DUR_PERMANENT;
    else if (m.duration) {
      dur = runtime_duration(p_.durations[static_cast<size_t>(m.duration->duration)]);
      if (dur < 0) throw NotYet{};
    }
    const StatChange& ch = m.changes[0];
    Node who = card(*m.card, b);
    if (ch.op == StatChange::Op::Set) {
      b.stmts.push_back(eval(call("cardrt_stat_set", {G(), C(), std::move(who), konst(ch.stat), amount(ch.delta, b), konst(dur)})));
      return;
    }
    const int32_t op = ch.op == StatChange::Op::Multiply ? CARDRT_OP_MUL : ch.round_up ? CARDRT_OP_DIV_UP : CARDRT_OP_DIV;
    b.stmts.push_back(eval(call("cardrt_stat_modify_op", {G(), C(), std::move(who), konst(ch.stat), konst(op), konst(ch.delta.value), konst(dur)})));
  }

  // 003 Stats: the stat's current value is held within the bound, for the duration (the runtime applies it)
  void stat_limit(const StatLimit& l, Body& b) {
    int32_t dur = continuous_ ? CARDRT_DUR_CONTINUOUS : CARDRT_DUR_END_OF_TURN;
    if (l.duration) {
      if (continuous_) throw NotYet{};
      dur = runtime_duration(p_.durations[static_cast<size_t>(l.duration->duration)]);
      if (dur < 0) throw NotYet{};
    }
    Node who = card(l.card, b);
    b.stmts.push_back(eval(call("cardrt_stat_bound", {G(), C(), std::move(who), konst(l.stat), konst(l.maximum ? CARDRT_BOUND_MAX : CARDRT_BOUND_MIN),
                                                     amount(l.value, b), konst(dur)})));
  }

  // 003 Traits: what attacks of a kind aimed at a card have, held while the trait is (the runtime's attack strength
  // grants, which it counts as an attack of that kind chooses its target)
  void action_strength(const ActionStrength& a, Body& b) {
    if (!continuous_) throw NotYet{};
    for (ProfileId k : a.actions) {
      const int32_t kind = runtime_attack_kind(p_.keyword_actions[static_cast<size_t>(k)]);
      if (kind < 0) throw NotYet{};  // a keyword action that is no attack (Fear): no strength grant in the runtime
      b.stmts.push_back(eval(call("cardrt_grant_attack_strength", {G(), C(), card(a.target, b), konst(kind), konst(a.delta), konst(CARDRT_DUR_CONTINUOUS)})));
    }
  }

  // 003 Traits: a restriction the runtime checks when the action happens (or the engine, in its own procedures:
  // assigning, battle resolution), held while the trait is, or for an effect's duration (to the end of the turn when
  // none is given)
  void restriction(const Restriction& r, Body& b) {
    using K = Restriction::Kind;
    const Node dur = konst(restriction_duration(r));
    auto forbid = [&](Node who, int32_t action, Node other) {
      return eval(call("cardrt_forbid", {G(), C(), std::move(who), konst(action), std::move(other), dur}));
    };
    switch (r.kind) {
      case K::AttackTarget: {  // each card of the set, against each kind of attack (its keyword actions)
        Body each;
        for (ProfileId k : r.actions) {
          const int32_t kind = runtime_attack_kind(p_.keyword_actions[static_cast<size_t>(k)]);
          if (kind < 0) throw NotYet{};  // a keyword action that is no attack (Fear)
          each.stmts.push_back(forbid(param(2), kind == CARDRT_ATTACK_RANGED ? CARDRT_FORBID_RANGED_ATTACK_TARGET : CARDRT_FORBID_MELEE_ATTACK_TARGET, konst(0)));
        }
        return for_each_card(b, filter_function(*r.cards, r.range), std::move(each), r.range);
      }
      case K::ResolutionBow: {  // each card of the set keeps its state through battle resolution
        if (!battles(r.battle)) throw NotYet{};
        Body each;
        each.stmts.push_back(forbid(param(2), CARDRT_FORBID_RESOLUTION_BOW, konst(0)));
        return for_each_card(b, filter_function(*r.cards, r.range), std::move(each), r.range);
      }
      default:
        break;
    }
    Node who = card(r.card, b);
    switch (r.kind) {
      case K::BeDestroyed:
        b.stmts.push_back(eval(call("cardrt_grant_protection", {G(), C(), std::move(who), konst(CARDRT_PROT_CANNOT_BE_DESTROYED), dur})));
        return;
      case K::Attack: {
        Node against = r.against ? fn_ref(filter_function(*r.against, r.range)) : konst(0);
        b.stmts.push_back(forbid(std::move(who), CARDRT_FORBID_ATTACK, std::move(against)));
        return;
      }
      case K::ReceiveStatus:
        b.stmts.push_back(forbid(std::move(who), CARDRT_FORBID_RECEIVE_STATUS, konst(0)));
        return;
      case K::ReceiveAttachment: {  // the card attaching is not in play yet (001 Attach)
        Body f;
        f.stmts.push_back(ret(filter_test(*r.against, param(2), false)));
        int fn = filter_fn(std::move(f), r.range);
        b.stmts.push_back(forbid(std::move(who), CARDRT_FORBID_RECEIVE_ATTACHMENT, fn_ref(fn)));
        return;
      }
      case K::PerformActions:
        b.stmts.push_back(forbid(std::move(who), CARDRT_FORBID_PERFORM_ACTIONS, konst(0)));
        return;
      case K::AssignAttack:
        b.stmts.push_back(forbid(std::move(who), CARDRT_FORBID_ASSIGN_ATTACK, konst(0)));
        return;
      case K::UseAbilities:
        b.stmts.push_back(forbid(std::move(who), CARDRT_FORBID_USE_ABILITIES, konst(0)));
        return;
      case K::BeMoved:  // by card effects only: the engine's own moves (assigning) are not card effects
        b.stmts.push_back(forbid(std::move(who), CARDRT_FORBID_MOVE | (r.next ? CARDRT_FORBID_NEXT : 0), konst(0)));
        return;
      case K::Straighten:
        b.stmts.push_back(forbid(std::move(who), CARDRT_FORBID_STRAIGHTEN | (r.next ? CARDRT_FORBID_NEXT : 0), konst(0)));
        return;
      case K::ContributeForce: {
        // the Force of battle resolution's totals (003 Stats); "while ...": judged when the engine asks, about the card
        if (r.stat != p_.stat_with_role("force") || (r.battle >= 0 && !battles(r.battle))) throw NotYet{};
        Node test = konst(0);
        if (r.while_) {
          Body f;
          subject_ = param(2);
          f.stmts.push_back(ret(condition(*r.while_, f)));
          test = fn_ref(filter_fn(std::move(f), r.range));
        }
        b.stmts.push_back(forbid(std::move(who), CARDRT_FORBID_CONTRIBUTE_FORCE, std::move(test)));
        return;
      }
      default:
        throw NotYet{};
    }
  }

  // a trait's restriction holds while the trait does; an effect's for its duration or span, to the end of the turn
  // when none is given
  int32_t restriction_duration(const Restriction& r) const {
    if (continuous_) return CARDRT_DUR_CONTINUOUS;
    if (r.duration) {
      const int32_t d = runtime_duration(p_.durations[static_cast<size_t>(r.duration->duration)]);
      if (d < 0) throw NotYet{};
      return d;
    }
    switch (r.span) {
      case Span::None:
      case Span::Turn: return CARDRT_DUR_END_OF_TURN;
      case Span::Phase: return CARDRT_DUR_END_OF_PHASE;
      case Span::Game: return CARDRT_DUR_PERMANENT;
      case Span::Battle:
        if (!battles(r.span_battle)) throw NotYet{};
        return CARDRT_DUR_END_OF_BATTLE;
    }
    throw NotYet{};
  }

  // the designator of the profile's battles ("Battle resolution", "this battle")
  bool battles(ProfileId designator) const {
    return designator >= 0 && runtime_designator(p_.designators[static_cast<size_t>(designator)]) == CARDRT_DESIG_BATTLE;
  }

  // each card of a set, the body with the card as param(2), as the cards are when it runs
  void for_each_card(Body& b, int filter, Body each, SourceRange origin) {
    each.stmts.push_back(ret(konst(CARDRT_OK)));
    int fn = each_fn(std::move(each), origin);
    b.stmts.push_back(eval(call("cardrt_for_each_card", {G(), C(), fn_ref(filter), fn_ref(fn)})));
  }

  // "Move him home or give him +2F", "Bow or straighten him": the controller chooses one (CARDRT_PURPOSE_VERB: yes is
  // the first) as it resolves
  void choice(const Choice& k, Body& b) {
    if (continuous_ || k.options.size() != 2) throw NotYet{};
    // "Bow or straighten a target Personality": the one target is chosen before the verb, so both verbs act on it
    // (either); a target in one option of two effects ("Bow him or destroy a target Follower") is not lowered yet
    either(k.options[0], k.options[1], b);
  }

  // One of two effects, the controller's choice as they resolve (CARDRT_PURPOSE_VERB: yes is the first printed). A
  // target both act on is chosen before (001 Target), not on one branch.
  void either(const Effect& one, const Effect& other, Body& b) {
    // "A target player gains or loses 2 Honor": the player targeted once, before the choice (001 Target)
    for (const Effect* e : {&one, &other})
      if (e->player && e->player->kind == PlayerRef::Kind::Target && std::find(declared_.begin(), declared_.end(), e->player->target) == declared_.end()) {
        if (!one.player || !other.player || one.player->kind != other.player->kind || one.player->target != other.player->target) throw NotYet{};
        declare_target(e->player->target, b);
      }
    for (const Effect* e : {&one, &other})
      if (e->card && e->card->kind == CardRef::Kind::Target && std::find(declared_.begin(), declared_.end(), e->card->target) == declared_.end()) {
        if (!one.card || !other.card || one.card->kind != other.card->kind || one.card->target != other.card->target) throw NotYet{};
        declare_target(e->card->target, b);
      }
    Body first, second;
    first.locals = b.locals;
    effect(one, first);
    second.locals = first.locals;
    effect(other, second);
    b.locals = second.locals;
    b.stmts.push_back(if_(call("cardrt_choose_yes_no", {G(), C(), konst(CARDRT_PURPOSE_VERB)}), block(std::move(first.stmts)), block(std::move(second.stmts))));
  }

  // "+2F or -2F", "a Force bonus or penalty equal to his Chi", "+2 or -2 strength": the effect with the one change or
  // with the other, the controller's choice
  bool either_change(const Effect& e, Body& b) {
    for (size_t g = 0; g < e.gifts.size(); ++g) {
      if (!e.gifts[g].or_else) continue;
      Effect one = e, other = e;
      one.gifts[g].or_else.reset();
      other.gifts[g].change = *e.gifts[g].or_else;
      other.gifts[g].or_else.reset();
      either(one, other, b);
      return true;
    }
    return false;
  }

  // "Choose a beast you rule": one card chosen as the effect resolves (001 Target: "choose" does not target), into the
  // slot after the unit's targets and earlier choices, as the binder chooses it; with none to choose the effect fails.
  // A number of cards ("Choose 2 beasts") the binder refuses: not lowered yet
  void choose_cards(const ChooseCards& k, Body& b) {
    if (k.count) throw NotYet{};
    chosen_card(k.filter, k.range, b);
  }

  // "Each player loses 1 Honor", "All other players lose 2 Honor": every player (but you) in turn does it as the one
  // the context is controlled by, so "you" in the effect is that player
  void each_player(const Effect& e, Body& b) {
    if (continuous_) throw NotYet{};
    Effect one = e;
    one.player.reset();
    Body each;
    if (e.player->who) {
      // "each player who does not control an Ancestor Personality": judged in the player's own effect, where the
      // player is "you" (the runtime's for_each_player makes each one the context's controller)
      Body only;
      effect_frame(one, only);
      Node holds = condition(*e.player->who, each);
      each.stmts.push_back(if_(std::move(holds), block(std::move(only.stmts))));
    } else {
      effect_frame(one, each);
    }
    each.stmts.push_back(ret(konst(CARDRT_OK)));
    int fn = add_function("each_player", FnKind::Effect, std::move(each), e.range);
    Node who = konst(0);
    if (e.player->other) {
      Body others;
      others.stmts.push_back(ret(binary(Op::Ne, param(2), controller())));
      who = fn_ref(filter_fn(std::move(others), e.range));
    }
    b.stmts.push_back(eval(call("cardrt_for_each_player", {G(), C(), std::move(who), fn_ref(fn)})));
  }

  // "Straighten all of your Followers": the verb on each card of the set in play as the effect resolves
  void each_card(const Effect& e, Body& b) {
    if (continuous_ || out_of_play_zone(*e.cards)) throw NotYet{};
    Body each;
    each.stmts.push_back(eval(call(card_verb(e.verb), {G(), C(), param(2)})));
    each.stmts.push_back(ret(konst(CARDRT_OK)));
    int af = each_fn(std::move(each), e.range);
    int f = filter_function(*e.cards, e.range);
    b.stmts.push_back(eval(call("cardrt_for_each_card", {G(), C(), fn_ref(f), fn_ref(af)})));
  }

  // One card of a set in play, chosen by the controller as the effect resolves (001 Target: not targeted), into the
  // slot after the unit's targets and earlier choices; with none to choose the effect fails
  Node chosen_card(const CardFilter& f, SourceRange at, Body& b) {
    if (continuous_ || out_of_play_zone(f) || f.units) throw NotYet{};  // (a unit chosen is more than its head)
    const int64_t slot_k = next_slot();
    int fn = filter_function(f, at);
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_choose_cards", {G(), C(), konst(slot_k), fn_ref(fn), konst(1), konst(1), konst(0)}),
                                     konst(CARDRT_OK))));
    return slot(static_cast<int>(slot_k));
  }

  // 002 524: "Choose one or more: ...", "choose 2 times from: ...": each option a function (a mode of the ability);
  // the runtime builds the chain (its targets known first, so a chain with an illegal target is never built) and
  // queues it, as the binder's constructor does
  void constructor(const Constructor& k, Body& b) {
    if (continuous_ || !modes_.empty()) throw NotYet{};
    for (const Effect& e : k.options) {
      Body ob;
      effect(e, ob);
      ob.stmts.push_back(ret(konst(CARDRT_OK)));
      modes_.push_back(add_function("option", FnKind::Effect, std::move(ob), e.range));
    }
    const int32_t kind = k.times ? CARDRT_CONSTRUCT_X_TIMES : CARDRT_CONSTRUCT_ONE_OR_MORE;
    Node count = k.times ? amount(*k.times, b) : konst(0);
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_construct", {G(), C(), konst(kind), std::move(count)}), konst(CARDRT_OK))));
  }

  // "You may ...": the controller chooses whether it happens
  void effect(const Effect& e, Body& b) {
    if (continuous_) throw NotYet{};
    if (!e.optional) return effect_frame(e, b);
    Body inner;
    inner.locals = b.locals;
    effect_frame(e, inner);
    b.locals = inner.locals;
    b.stmts.push_back(if_(and_(konst(1), call("cardrt_choose_yes_no", {G(), C(), konst(0)})), block(std::move(inner.stmts))));
  }

  // Who does what the verb says: you, or the controller of a card ("His controller loses 1 Honor")
  Node player(const Effect& e, Body& b) {
    // a delayed effect applies to the player it was set up for (002 rule 521), whoever controls the card then
    if (!e.player || e.player->kind == PlayerRef::Kind::You) return delayed_ ? call("cardrt_ctx_affected_player", {G(), C()}) : controller();
    if (e.player->kind == PlayerRef::Kind::Each) throw NotYet{};  // each_player makes each one "you" in turn
    if (e.player->kind == PlayerRef::Kind::Target) {  // "A target player loses 1 Honor": declared where named
      if (std::find(declared_.begin(), declared_.end(), e.player->target) == declared_.end()) declare_target(e.player->target, b);
      return slot(e.player->target);
    }
    return call("cardrt_card_controller", {G(), card(*e.player->of, b)});
  }

  // The runtime's call for a verb done to one card (bow, straighten, destroy).
  static const char* card_verb(Primitive p) {
    return p == Primitive::bow_ ? "cardrt_bow" : p == Primitive::straighten_ ? "cardrt_straighten" : "cardrt_destroy";
  }

  // One verb frame per primitive.
  void effect_frame(const Effect& e, Body& b) {
    if (either_change(e, b)) return;
    if (const int k = several_named(e); k >= 0 && each_target_ != k) return each_target(e, k, b);
    if (e.player && e.player->kind == PlayerRef::Kind::Each) return each_player(e, b);
    if (e.action >= 0) return keyword_action(e, b);
    if (e.province) return province_effect(e, b);
    if (e.earmark) return earmarked(e, b);
    if (e.top || e.looked || e.searched >= 0) return deck_effect(e, b);
    switch (e.verb) {
      case Primitive::gain_:
      case Primitive::lose_:
      case Primitive::produce_: {
        // a resource changes hands for a while ("until end of turn") or for good
        int32_t dur = -2;
        if (e.duration) {
          dur = runtime_duration(p_.durations[static_cast<size_t>(e.duration->duration)]);
          if (dur < 0) throw NotYet{};
        }
        const bool lose = e.verb == Primitive::lose_;
        if (dur >= 0)
          b.stmts.push_back(eval(call(lose ? "cardrt_lose_resource_temporary" : "cardrt_gain_resource_temporary",
                                      {G(), C(), player(e, b), konst(e.resource), amount(*e.amount, b), konst(dur)})));
        else
          b.stmts.push_back(eval(call(lose ? "cardrt_lose_resource" : "cardrt_gain_resource",
                                      {G(), C(), player(e, b), konst(e.resource), amount(*e.amount, b)})));
        return;
      }
      case Primitive::draw_:
        // 002 rule 520: as many as there are
        b.stmts.push_back(eval(call("cardrt_draw", {G(), C(), player(e, b), amount(*e.amount, b)})));
        return;
      case Primitive::bow_:
      case Primitive::straighten_:
      case Primitive::destroy_: {
        if (!e.card && e.cards->plural) return each_card(e, b);  // "Straighten all of your Followers"
        if (!e.card) {  // "Destroy one of his attachments"
          b.stmts.push_back(eval(call(card_verb(e.verb), {G(), C(), chosen_card(*e.cards, e.range, b)})));
          return;
        }
        if (e.card->unit) return each_in_unit(e, b);
        Node who = card(*e.card, b);
        b.stmts.push_back(eval(call(card_verb(e.verb), {G(), C(), std::move(who)})));
        return;
      }
      case Primitive::deal_: {
        // counters of the profile's damage status ("wounds") on a card; Resist and its like are the runtime's
        if (!p_.damage_status(e.status)) throw NotYet{};
        // 004 Resist: "ignoring Resist" (no other stat can be ignored: IgnoringNotResist)
        if (e.ignoring >= 0 && p_.stats[static_cast<size_t>(e.ignoring)].role != "resist") throw NotYet{};
        Node who = card(*e.card, b);
        b.stmts.push_back(eval(call("cardrt_deal_damage", {G(), C(), std::move(who), amount(*e.amount, b),
                                                           konst(e.ignoring >= 0 ? CARDRT_DMG_IGNORE_RESIST : 0)})));
        return;
      }
      case Primitive::inflict_: {
        // 004 Status: one Status of the profile's, rolled against unless "ignoring Resist" (the runtime's roll)
        if (p_.damage_status(e.status)) throw NotYet{};
        if (e.ignoring >= 0 && p_.stats[static_cast<size_t>(e.ignoring)].role != "resist") throw NotYet{};
        Node who = card(*e.card, b);
        b.stmts.push_back(eval(call("cardrt_inflict_status", {G(), C(), std::move(who), konst(e.status), konst(1),
                                                              konst(e.ignoring >= 0 ? CARDRT_DMG_IGNORE_RESIST : 0)})));
        return;
      }
      case Primitive::set_state_:  // "Dishonor him", "Rehonor him": into the profile's state, or out of it
        if (!e.card && e.cards->plural) throw NotYet{};  // "Dishonor all of ...": not lowered yet
        b.stmts.push_back(eval(call("cardrt_set_card_state", {G(), C(), e.card ? card(*e.card, b) : chosen_card(*e.cards, e.range, b),
                                                             konst(runtime_state_id(p_, static_cast<size_t>(e.state->state))),
                                                             konst(e.state->holds ? 1 : 0)})));
        return;
      case Primitive::give_: return give(e, b);
      case Primitive::remove_: return remove(e, b);
      case Primitive::win_:  // the controller wins the game
        if (e.player) throw NotYet{};  // another player ("His controller wins the game"): not lowered yet
        b.stmts.push_back(eval(call("cardrt_player_wins", {G(), C(), controller()})));
        return;
      case Primitive::switch_: {  // 003 Stats: the two current values trade, for good (the runtime has no end for it)
        if (e.duration) throw NotYet{};
        if (e.other_card) {  // one stat of two cards
          b.stmts.push_back(eval(call("cardrt_stat_switch", {G(), C(), card(*e.card, b), konst(e.stat), card(*e.other_card, b), konst(e.stat)})));
          return;
        }
        uint32_t who = b.local();
        b.stmts.push_back(let(who, card(*e.card, b)));
        b.stmts.push_back(eval(call("cardrt_stat_switch", {G(), C(), local(who), konst(e.stat), local(who), konst(e.other_stat)})));
        return;
      }
      case Primitive::heal_:  // 002 520: as many as there are; with no card, your hero's wounds (520.2)
        if (e.card) b.stmts.push_back(eval(call("cardrt_heal", {G(), C(), card(*e.card, b), amount(*e.amount, b)})));
        else b.stmts.push_back(eval(call("cardrt_heal_player", {G(), C(), controller(), amount(*e.amount, b)})));
        return;
      case Primitive::increase_:  // "Reduce his Force by 2": a penalty of that size for the effect's duration (003 Stats)
      case Primitive::reduce_: {
        int32_t dur = CARDRT_DUR_END_OF_TURN;
        if (e.duration) {
          dur = runtime_duration(p_.durations[static_cast<size_t>(e.duration->duration)]);
          if (dur < 0) throw NotYet{};
        }
        Node who = card(*e.card, b);
        Node by = amount(*e.amount, b);
        if (e.verb == Primitive::reduce_) by = binary(Op::Sub, konst(0), std::move(by));
        b.stmts.push_back(eval(call("cardrt_stat_modify", {G(), C(), std::move(who), konst(e.stat), std::move(by), konst(dur)})));
        return;
      }
      case Primitive::create_: {
        // 003 Created cards: each in play under your control with its printed stats and keywords, at home unless the
        // words put it at the current battlefield (001 Battlefields)
        if (e.amount->value > 10 || (e.to && e.to->kind != Place::Kind::Home && e.to->kind != Place::Kind::CurrentBattlefield)) throw NotYet{};
        const int play = runtime_zone_role_zone(p_, CARDRT_ZROLE_PLAY);
        const std::string& type = p_.card_types[static_cast<size_t>(e.cards->card_types.at(0))].name;
        uint32_t made = b.local();
        for (int64_t k = 0; k < e.amount->value; ++k) {
          b.stmts.push_back(let(made, call("cardrt_create_card", {G(), C(), str(type), controller(), konst(play)})));
          for (const StatChange& s : e.base)
            b.stmts.push_back(eval(call("cardrt_created_set_base", {G(), C(), local(made), konst(s.stat), konst(s.delta.value)})));
          for (ProfileId kw : e.cards->keywords) b.stmts.push_back(eval(call("cardrt_created_add_keyword", {G(), C(), local(made), konst(kw)})));
          if (e.to)
            b.stmts.push_back(eval(call("cardrt_move_to_battlefield", {G(), C(), local(made),
                                                                     e.to->kind == Place::Kind::Home ? konst(0) : call("cardrt_current_battlefield", {G()})})));
        }
        created_ = made;
        return;
      }
      case Primitive::put_: {
        // "Put this Strategy into play", "Put it into its owner's hand": a card goes to its owner's zone (the runtime);
        // "into your hand" is that only for a card of yours, which the words do not promise of any card but this one
        if (e.cards) return put_chosen(e, b);
        // (or a target in one of your zones out of play: "Put a target Follower in your discard pile into your hand")
        if (e.zone_of == Effect::ZoneOf::Yours && e.card->kind != CardRef::Kind::ThisCard && !yours_out_of_play(*e.card)) throw NotYet{};
        b.stmts.push_back(eval(call("cardrt_move_card", {G(), C(), card(*e.card, b), konst(e.zone), konst(0)})));
        return;
      }
      case Primitive::take_action_: {
        if (e.resource < 0) {
          // "Take two additional Battle actions": the player may act again after this action resolves, an action of
          // one of the designators (none: any); the runtime keeps each grant, the engine takes it
          int32_t designators = 0;
          for (ProfileId d : e.designators) {
            const int32_t bit = runtime_designator(p_.designators[static_cast<size_t>(d)]);
            // the runtime tells Battle, Limited and Open actions apart; another designator is not a grant it keeps
            if (bit != CARDRT_DESIG_BATTLE && bit != CARDRT_DESIG_LIMITED && bit != CARDRT_DESIG_OPEN) throw NotYet{};
            designators |= bit;
          }
          if (e.amount->value > 5) throw NotYet{};
          // "..., which he must perform": each grant names the card that performs it (001 Tactician)
          for (int64_t i = 0; i < e.amount->value; ++i)
            b.stmts.push_back(eval(e.performer ? call("cardrt_grant_additional_action_for", {G(), C(), player(e, b), konst(designators),
                                                                                             konst(CARDRT_ADDITIONAL_ANY), card(*e.performer, b), konst(0), konst(0)})
                                               : call("cardrt_grant_additional_action", {G(), C(), player(e, b), konst(designators)})));
          return;
        }
        // "Take the Imperial Favor": every other player's goes to zero, yours to one
        Body each;
        each.stmts.push_back(eval(call("cardrt_set_resource", {G(), C(), controller(), konst(e.resource), konst(0)})));
        each.stmts.push_back(ret(konst(CARDRT_OK)));
        int fn = add_function("each_player", FnKind::Effect, std::move(each), e.range);
        Body others;
        others.stmts.push_back(ret(binary(Op::Ne, param(2), controller())));
        int f = filter_fn(std::move(others), e.range);
        b.stmts.push_back(eval(call("cardrt_for_each_player", {G(), C(), fn_ref(f), fn_ref(fn)})));
        b.stmts.push_back(eval(call("cardrt_set_resource", {G(), C(), controller(), konst(e.resource), konst(1)})));
        return;
      }
      case Primitive::discard_: {
        // "Discard a card": one of your hand, the runtime asks which (002 rule 520: none when the hand is empty)
        if (e.cards) in_your_hand(*e.cards);  // "Discard a card from your hand": the same
        if (e.cards && any_card(*e.cards)) {
          b.stmts.push_back(eval(call("cardrt_discard_from_hand", {G(), C(), controller(), konst(1)})));
          return;
        }
        // "Discard the Imperial Favor": given up, if you hold it
        if (e.resource < 0) throw NotYet{};
        b.stmts.push_back(if_(holds_resource(e.resource), block({eval(set_your_resource(e.resource, 0))})));
        return;
      }
      case Primitive::move_: {
        if ((e.to && e.to->kind == Place::Kind::CurrentBattlefield) || e.into || e.opposing) {
          if (e.other_card) throw NotYet{};
          return move_to_battle(e, b);
        }
        if (e.other_card) {  // "Move home this unit and a target enemy unit": each goes home, the target chosen first
          Effect second = e;
          second.card = *e.other_card;
          second.other_card.reset();
          Node other_home = send_home(second, b);
          b.stmts.push_back(eval(send_home(e, b)));
          b.stmts.push_back(eval(std::move(other_home)));
          return;
        }
        // whether he went home is kept: "If he moved" may ask it
        uint32_t moved = b.local();
        b.stmts.push_back(let(moved, binary(Op::Eq, send_home(e, b), konst(CARDRT_OK))));
        if (&b == top_) moved_ = Moved{moved, *e.card};
        return;
      }
      case Primitive::attach_: return attach(e, b);
      default: throw NotYet{};
    }
  }

  // ---------------------------------------------------------------- decks: their top cards, looked at and put back
  // The deck the profile gives the deck role: the one the runtime discards the top cards of (cardrt_mill).
  bool deck_of_role(ProfileId zone) const { return zone == runtime_zone_role_zone(p_, CARDRT_ZROLE_DECK); }

  // "Discard the top 3 cards of your Fate deck: ...": all of them, or the cost is not paid
  void discard_top_cost(const DeckTop& t, Body& b) {
    if (t.whose != DeckTop::Whose::Yours || t.number_of || !deck_of_role(t.zone)) throw NotYet{};
    uint32_t want = b.local();
    b.stmts.push_back(let(want, amount(t.count, b)));
    b.stmts.push_back(fail_if(binary(Op::Lt, call("cardrt_mill", {G(), C(), controller(), local(want)}), local(want))));
  }

  // Whose deck: yours, or a player the controller chooses as the effect resolves (not targeted, 001 Target)
  Node deck_owner(const DeckTop& t, Body& b) {
    if (t.whose != DeckTop::Whose::Any) return controller();
    const int64_t k = next_slot();
    Body f;
    f.stmts.push_back(ret(konst(1)));
    int fn = filter_fn(std::move(f), t.range);
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_choose_player", {G(), C(), konst(k), fn_ref(fn), konst(0)}), konst(CARDRT_OK))));
    return slot(static_cast<int>(k));
  }

  // "Discard the top card of any Fate deck", "Discard the top 3 cards of your Fate deck": as many as there are (002
  // 520); one card that "the card" names after it is looked at first and kept in a slot that follows it to the pile
  // "Look at the top three cards of your Fate deck": the controller sees them, and they fill a slot that the puts
  // and discards after it read; "Put one of them in your hand", "Put the rest back in any order", "You may discard
  // one of them"
  void deck_effect(const Effect& e, Body& b) {
    if (e.player) throw NotYet{};
    if (e.top && e.verb == Primitive::discard_) {
      const DeckTop& t = *e.top;
      if (t.number_of || t.whose == DeckTop::Whose::OneOfYours || !deck_of_role(t.zone)) throw NotYet{};
      Node who = deck_owner(t, b);
      if (!t.named) {
        b.stmts.push_back(eval(call("cardrt_mill", {G(), C(), std::move(who), amount(t.count, b)})));
        return;
      }
      const int64_t k = next_slot();
      uint32_t p = b.local();
      b.stmts.push_back(let(p, std::move(who)));
      b.stmts.push_back(eval(call("cardrt_look_at_top", {G(), C(), konst(k), local(p), konst(t.zone), konst(1)})));
      b.stmts.push_back(eval(call("cardrt_mill", {G(), C(), local(p), konst(1)})));
      b.stmts.push_back(eval(call("cardrt_slot_follow", {G(), C(), konst(k)})));
      discarded_slot_ = static_cast<int>(k);
      return;
    }
    if (e.top) {  // look
      const DeckTop& t = *e.top;
      if (t.whose_a) throw NotYet{};
      Node zone = konst(t.zone);
      if (t.whose == DeckTop::Whose::OneOfYours) {  // the controller chooses which of his decks
        uint32_t mask = 0;
        for (size_t z = 0; z < p_.zones.size() && z < 32; ++z)
          if (p_.deck_zone(static_cast<int>(z))) mask |= 1u << z;
        uint32_t chosen = b.local();
        b.stmts.push_back(let(chosen, call("cardrt_choose_zone", {G(), C(), konst(mask)})));
        zone = local(chosen);
      }
      Node who = deck_owner(t, b);
      Node n = amount(t.count, b);
      const int64_t k = next_slot();
      b.stmts.push_back(eval(call("cardrt_look_at_top", {G(), C(), konst(k), std::move(who), std::move(zone), std::move(n)})));
      looked_slot_ = static_cast<int>(k);
      looked_taken_ = 0;
      return;
    }
    if (e.searched >= 0) {
      // "Search your Fate deck for a Ring": one such card or none (no one else can check a hidden zone), where it is
      zones_searched_ = true;
      Node test = filter_test(*e.cards, param(2), false);
      zones_searched_ = false;
      Body f;
      f.stmts.push_back(ret(std::move(test)));
      int fn = filter_fn(std::move(f), e.range);
      const int64_t k = next_slot();
      b.stmts.push_back(eval(call("cardrt_search_zone", {G(), C(), konst(k), controller(), konst(e.searched), fn_ref(fn), konst(0), konst(1)})));
      looked_slot_ = static_cast<int>(k);
      looked_taken_ = 0;
      return;
    }
    if (looked_slot_ < 0) throw NotYet{};
    if (e.verb == Primitive::reveal_) {  // "Show it": the card found, to every player
      if (e.looked->which != LookedCards::Which::All) throw NotYet{};
      b.stmts.push_back(eval(call("cardrt_reveal", {G(), C(), slot(looked_slot_)})));
      return;
    }
    const int64_t group = looked_cards(*e.looked, b);
    if (e.verb == Primitive::discard_) {  // each card chosen goes to its discard pile
      Body each;
      each.stmts.push_back(ret(call("cardrt_discard_card", {G(), C(), param(2)})));
      int fn = each_fn(std::move(each), e.range);
      b.stmts.push_back(eval(call("cardrt_for_each_in_slot", {G(), C(), konst(group), fn_ref(fn)})));
      return;
    }
    const LookedPlace& w = *e.looked_place;
    // where: back where they were, or a zone of yours (a deck's top or bottom: of the deck they are in, unless named)
    const int32_t zone = w.kind == LookedPlace::Kind::Back || w.of_the ? -1 : w.zone;
    const uint32_t flags = (w.kind == LookedPlace::Kind::Bottom ? uint32_t{CARDRT_PUT_BOTTOM} : 0u) |
                           (w.any_order ? uint32_t{CARDRT_PUT_ANY_ORDER} : 0u);
    b.stmts.push_back(eval(call("cardrt_put_slot", {G(), C(), konst(group), zone >= 0 ? controller() : konst(-1), konst(zone), konst(flags)})));
  }

  // The slot of the cards looked at a put or discard names: all of them, some the controller chooses (the effect
  // fails if he cannot choose as many), or those not chosen yet
  int64_t looked_cards(const LookedCards& k, Body& b) {
    if (k.which == LookedCards::Which::All) return looked_slot_;
    const int64_t to = next_slot();
    if (k.which == LookedCards::Which::Rest) {
      b.stmts.push_back(eval(call("cardrt_slot_except", {G(), C(), konst(looked_slot_), konst(looked_taken_), konst(to)})));
      return to;
    }
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_choose_from_slot", {G(), C(), konst(looked_slot_), konst(to), konst(k.min), konst(k.max)}),
                                     konst(CARDRT_OK))));
    looked_taken_ |= 1u << to;
    return to;
  }

  // 003 Gold Cost: "Produce 2 Gold, which can only pay for a single Armor, Mine, or Weapon": held apart, it pays for one
  // card bought with one of those keywords (out of play as it is bought) and for nothing else (cardrt_gain_earmarked)
  void earmarked(const Effect& e, Body& b) {
    if (continuous_ || e.verb != Primitive::produce_ || e.duration) throw NotYet{};
    Body f;
    f.stmts.push_back(ret(filter_test(*e.earmark, param(2), false)));
    int fn = filter_fn(std::move(f), e.earmark->range);
    b.stmts.push_back(eval(call("cardrt_gain_earmarked", {G(), C(), player(e, b), konst(e.resource), amount(*e.amount, b), fn_ref(fn),
                                                         konst(CARDRT_EARMARK_SINGLE)})));
  }

  // "Attach it to him, paying 2 less Gold, to a minimum of 1": the card's printed cost is paid (003 Gold Cost: less what
  // the text says, never below its minimum, nor below zero: 000 7.2), or the effect fails; then it is attached (the
  // runtime checks what it may be attached to: 001 Attach).
  void attach(const Effect& e, Body& b) {
    // a card just created is attached as it is, paying nothing: it is not played (003 Created cards)
    if (!e.payment) {
      if (continuous_) throw NotYet{};
      Node made = card(*e.card, b);
      b.stmts.push_back(eval(call("cardrt_attach", {G(), C(), std::move(made), card(*e.host, b)})));
      return;
    }
    const auto cost = paid_cost(p_);
    if (continuous_ || !cost || !e.payment || (e.payment->change && e.payment->change->resource != cost->second)) throw NotYet{};
    uint32_t who = b.local(), on = b.local();
    b.stmts.push_back(let(who, card(*e.card, b)));
    b.stmts.push_back(let(on, card(*e.host, b)));
    const int64_t less = e.payment->change ? e.payment->change->amount.value : 0;
    const int64_t minimum = e.payment->minimum ? e.payment->minimum->value : 0;
    Node price = binary(Op::Max, konst(minimum),
                        binary(Op::Sub, call("cardrt_stat_get", {G(), local(who), konst(static_cast<int64_t>(cost->first))}), konst(less)));
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_pay_resource", {G(), C(), controller(), konst(cost->second), std::move(price)}), konst(CARDRT_OK))));
    b.stmts.push_back(eval(call("cardrt_attach", {G(), C(), local(who), local(on)})));
  }

  // "Straighten his unit", "Bow this unit": the card and every card attached to it, each (001 This)
  void each_in_unit(const Effect& e, Body& b) {
    Node who = unit_head(*e.card, b);
    Body test;
    test.stmts.push_back(ret(in_unit_of(who)));
    int f = filter_fn(std::move(test), e.range);
    Body each;
    each.stmts.push_back(eval(call(card_verb(e.verb), {G(), C(), param(2)})));
    for_each_card(b, f, std::move(each), e.range);
  }

  // A keyword action, as the profile declares it (its reminder text): its one target chosen among the cards its
  // strength reaches, into the slot after the unit's targets and earlier choices, then what it does to it.
  void keyword_action(const Effect& e, Body& b) {
    if (u_->performer) throw NotYet{};  // the performer's slot follows the targets too: not lowered together yet
    const KeywordActionDef& a = p_.keyword_actions[static_cast<size_t>(e.action)];
    // the strength, computed for each candidate in the target filter (000 7.2: a stat as the filter asks)
    Body strength;
    Node n = amount(*e.amount, strength);
    // ", with +2 strength if you control a Shugenja", ", or Ranged 4 Attack if the target is Shadowlands": asked of each
    // candidate as the target is chosen ("the target" is the candidate)
    choosing_ = true;
    for (const StrengthBonus& k : e.bonuses) {
      Node holds = binary(Op::Ne, condition(k.condition, strength), konst(0));
      n = k.instead ? binary(Op::Add, n, binary(Op::Mul, binary(Op::Sub, konst(k.value), n), std::move(holds)))
                    : binary(Op::Add, std::move(n), binary(Op::Mul, konst(k.value), std::move(holds)));
    }
    choosing_ = false;
    if (!strength.stmts.empty()) throw NotYet{};  // a strength that needs a target declared first
    Body filter;
    filter.stmts.push_back(ret(keyword_action_target(a, {std::move(n), false, std::nullopt, std::nullopt})));
    int fn = filter_fn(std::move(filter), e.range);
    keyword_action_effect(a, fn, next_slot(), b, &attack_card_, &destroyed_);
  }

  // 001 Battlefields: "Move him to the current battlefield": with his unit; no move when there is no battle or he is
  // there already. Whether he moved is kept ("If he moved" may ask it).
  void move_to_battle(const Effect& e, Body& b) {
    uint32_t who = b.local();
    b.stmts.push_back(let(who, card(*e.card, b)));
    uint32_t where = b.local();
    // "to oppose him": where he is (at home: nowhere to go)
    b.stmts.push_back(let(where, e.opposing ? call("cardrt_card_battlefield", {G(), card(*e.opposing, b)}) : call("cardrt_current_battlefield", {G()})));
    // "into your defending army": your army at the current battlefield, only while you defend (003 Stats example)
    Node go = binary(Op::Gt, local(where), konst(0));
    if (e.into && e.into->defending) go = and_(std::move(go), you_defend());
    Node elsewhere = and_(std::move(go), binary(Op::Ne, call("cardrt_card_battlefield", {G(), local(who)}), local(where)));
    Node move = call("cardrt_move_to_battlefield", {G(), C(), local(who), local(where)});
    uint32_t moved = b.local();
    b.stmts.push_back(let(moved, and_(std::move(elsewhere), binary(Op::Eq, std::move(move), konst(CARDRT_OK)))));
    if (&b == top_) moved_ = Moved{moved, *e.card};
  }

  // 001 Battlefields: a card moved home leaves the battlefield with its unit (the runtime moves the unit)
  Node send_home(const Effect& e, Body& b) {
    if (!e.to || e.to->kind != Place::Kind::Home) throw NotYet{};
    return call("cardrt_send_home", {G(), C(), e.card->unit ? unit_head(*e.card, b) : card(*e.card, b)});
  }

  // "Give him +2F", "Permanently give her Tattooed", "Give each Nonhuman Personality +1F/+1C": the gifts in the order
  // printed, for the duration (to the end of the turn when none is given; 003 Stats).
  // How long what an effect gives or takes lasts: to the end of the turn when the text gives no duration (003 Stats)
  int32_t effect_duration(const Effect& e) const {
    if (!e.duration) return CARDRT_DUR_END_OF_TURN;
    if (e.duration->permanent) return CARDRT_DUR_PERMANENT;
    const int32_t dur = runtime_duration(p_.durations[static_cast<size_t>(e.duration->duration)]);
    if (dur < 0) throw NotYet{};
    return dur;
  }

  // 003 Keywords: "Remove Ninja from Hurunayi" (for the duration); "Remove this Spell from the game": into the zone of
  // cards removed from it (whether it went is kept, as a move's)
  void remove(const Effect& e, Body& b) {
    if (e.any_status || e.status >= 0) {
      // 004 Status: counters taken off a card, as many as printed or all of them; or all of one Status the controller
      // chooses (cardrt_choose_status: none, when the card has none)
      Node from = card(*e.card, b);
      uint32_t who = b.local();
      b.stmts.push_back(let(who, std::move(from)));
      if (e.any_status) {
        uint32_t st = b.local();
        b.stmts.push_back(let(st, call("cardrt_choose_status", {G(), C(), local(who)})));
        b.stmts.push_back(if_(binary(Op::Ge, local(st), konst(0)),
                              block({eval(call("cardrt_remove_counters", {G(), C(), local(who), local(st),
                                                                          call("cardrt_card_counters", {G(), local(who), local(st)})}))})));
        return;
      }
      Node n = e.amount ? amount(*e.amount, b) : call("cardrt_card_counters", {G(), local(who), konst(e.status)});
      b.stmts.push_back(eval(call("cardrt_remove_counters", {G(), C(), local(who), konst(e.status), std::move(n)})));
      return;
    }
    if (e.keyword >= 0) {
      b.stmts.push_back(eval(call("cardrt_remove_keyword", {G(), C(), card(*e.card, b), konst(e.keyword), konst(effect_duration(e))})));
      return;
    }
    const int zone = runtime_zone_role_zone(p_, CARDRT_ZROLE_REMOVED);
    if (zone < 0) throw NotYet{};
    uint32_t moved = b.local();
    b.stmts.push_back(let(moved, call("cardrt_move_card", {G(), C(), card(*e.card, b), konst(zone), konst(0)})));
  }

  void give(const Effect& e, Body& b) {
    const int32_t dur = effect_duration(e);
    auto gifts_to = [&](Node card, Body& into) {
      // 001 Target: a target an amount names is declared with the others, before the gifts are given
      for (const Gift& g : e.gifts)
        if (g.change && g.change->delta.of && g.change->delta.of->kind == CardRef::Kind::Target) this->card(*g.change->delta.of, into);
      if (e.gifts.size() == 1 && e.gifts[0].change && e.gifts[0].change->delta.kind == Amount::Kind::CountOf)
        return modify_per_card(into, std::move(card), *e.gifts[0].change, dur);  // "-1F for each Samurai you control"
      if (e.gifts.size() == 1 && e.gifts[0].change && e.gifts[0].change->delta.kind == Amount::Kind::StatOf) {
        // one change by a stat's value: the card is read once, no local needed
        const StatChange& ch = *e.gifts[0].change;
        into.stmts.push_back(eval(call("cardrt_stat_modify", {G(), C(), std::move(card), konst(ch.stat), amount(ch.delta, into), konst(dur)})));
        return;
      }
      uint32_t who = into.local();
      into.stmts.push_back(let(who, std::move(card)));
      for (const Gift& g : e.gifts) {
        if (g.tokens) {  // 001 Token: each its counter, then its stats, bonuses from the card that created it
          for (int64_t n = 0; n < g.tokens->count; ++n) {
            into.stmts.push_back(eval(call("cardrt_add_counters", {G(), C(), local(who), konst(g.tokens->kind), konst(1)})));
            for (const StatChange& ch : g.tokens->changes)
              into.stmts.push_back(eval(call("cardrt_token_bonus", {G(), C(), local(who), konst(ch.stat), amount(ch.delta, into)})));
          }
          continue;
        }
        if (g.granted) {  // 003 Embedded text: an ability of this card's definition, granted to the card (abilities stack)
          into.stmts.push_back(eval(call("cardrt_grant_ability", {G(), C(), local(who), call("cardrt_ctx_def", {G(), C()}), konst(granted_index(g)), konst(dur)})));
          continue;
        }
        if (g.change && g.change->delta.kind == Amount::Kind::CountOf) {  // "+1F/+1C for each Ring you control"
          modify_per_card(into, local(who), *g.change, dur);
          continue;
        }
        into.stmts.push_back(eval(g.change ? call("cardrt_stat_modify", {G(), C(), local(who), konst(g.change->stat), amount(g.change->delta, into), konst(dur)})
                                           : call("cardrt_grant_keyword", {G(), C(), local(who), konst(g.keyword), konst(dur)})));
      }
    };
    if (e.card) gifts_to(card(*e.card, b), b);
    if (!e.cards) return;  // "Give him and each of his Followers +3F": the card first, then each of the set
    Body each;
    gifts_to(param(2), each);
    each.stmts.push_back(ret(konst(CARDRT_OK)));
    int af = each_fn(std::move(each), e.range);
    int f = filter_function(*e.cards, e.range);
    b.stmts.push_back(eval(call("cardrt_for_each_card", {G(), C(), fn_ref(f), fn_ref(af)})));
  }

  // A province (runtime/src/provinces.cpp; 001 This): the one the card is in, else the current battlefield's (0 when
  // there is none, so what depends on it fails: 002 520); the current battlefield's; the one of the battlefield a card
  // is at; or one of yours, chosen as the effect resolves (001 Target: not targeted).
  Node province(const ProvinceRef& r, const Effect& e, Body& b) {
    Node current = call("cardrt_battlefield_province", {G(), konst(CARDRT_CURRENT_BATTLEFIELD)});
    switch (r.kind) {
      case ProvinceRef::Kind::This: {
        Node own = call("cardrt_card_province", {G(), self()});
        return binary(Op::Add, own, binary(Op::Mul, binary(Op::Eq, own, konst(0)), std::move(current)));
      }
      case ProvinceRef::Kind::Current: return current;
      case ProvinceRef::Kind::OfCard:
        return call("cardrt_battlefield_province", {G(), call("cardrt_card_battlefield", {G(), card(*r.of, b)})});
      case ProvinceRef::Kind::OneOfYours: return call("cardrt_choose_province", {G(), C(), player(e, b)});
      case ProvinceRef::Kind::Left: return call("cardrt_card_left_province", {G(), self()});
    }
    throw NotYet{};
  }

  // "Give this Province +3 strength", "... a strength bonus equal to his Chi" (003 Stats: its strength changes like a
  // stat, for the duration, to the end of the turn when none is given), "Increase the current province's strength by
  // 2" (a penalty for "Reduce"), "Destroy one of your Provinces" (the effect fails if it was destroyed already).
  void province_effect(const Effect& e, Body& b) {
    if (e.refill >= 0) {
      // "Refill this Province face-up": the top card of its owner's refill deck into it, face-down unless face-up
      const bool face_up = e.state && !e.state->holds && runtime_state_id(p_, static_cast<size_t>(e.state->state)) == CARDRT_STATE_FACE_DOWN;
      if (e.state && !face_up) throw NotYet{};
      b.stmts.push_back(eval(call("cardrt_refill_province", {G(), C(), province(*e.province, e, b), konst(CARDRT_REFILL_TOP), konst(face_up ? 1 : 0)})));
      return;
    }
    if (e.verb == Primitive::destroy_) {
      b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_destroy_province", {G(), C(), province(*e.province, e, b)}), konst(CARDRT_OK))));
      return;
    }
    int32_t dur = CARDRT_DUR_END_OF_TURN;
    if (e.duration && e.duration->permanent) dur = CARDRT_DUR_PERMANENT;
    else if (e.duration) {
      dur = runtime_duration(p_.durations[static_cast<size_t>(e.duration->duration)]);
      if (dur < 0) throw NotYet{};
    }
    uint32_t which = b.local();
    b.stmts.push_back(let(which, province(*e.province, e, b)));
    Node by = e.verb == Primitive::give_ ? amount(e.gifts.at(0).change->delta, b) : amount(*e.amount, b);
    if (e.verb == Primitive::reduce_) by = binary(Op::Sub, konst(0), std::move(by));
    b.stmts.push_back(eval(call("cardrt_province_modify", {G(), C(), local(which), std::move(by), konst(dur)})));
  }

  // 003 Stats: changes to a card, or to every card of a set; in a continuous trait while it holds, in an effect for its
  // duration (to the end of the turn when none is given).
  void stat_modifier(const StatModifier& m, Body& b) {
    int32_t dur = continuous_ ? CARDRT_DUR_CONTINUOUS : CARDRT_DUR_END_OF_TURN;
    if (m.duration) {
      if (continuous_) throw NotYet{};  // a continuous trait with a duration is not a shape the tree holds yet
      dur = runtime_duration(p_.durations[static_cast<size_t>(m.duration->duration)]);
      if (dur < 0) throw NotYet{};
    }
    if (m.loss) throw NotYet{};  // "He loses 1F": the binder's reading is not compared yet
    if (m.while_ && !continuous_) throw NotYet{};  // "while" in an effect: not a shape lowered yet
    auto apply = [&](Body& into, const Node& who) {
      for (ProfileId k : m.keywords) into.stmts.push_back(eval(call("cardrt_grant_keyword", {G(), C(), who, konst(k), konst(dur)})));
      // 003 Embedded text: "Your Samurai have the ability, "..."": granted while the trait holds (the runtime takes a
      // continuous grant back once the trait no longer makes it), abilities of this card's definition
      if (m.granted)
        into.stmts.push_back(eval(call("cardrt_grant_ability", {G(), C(), who, call("cardrt_ctx_def", {G(), C()}), konst(granted_index(*m.granted)), konst(dur)})));
      for (const StatChange& ch : m.changes) {
        if (ch.delta.kind == Amount::Kind::CountOf) modify_per_card(into, who, ch, dur);  // "DEF +1 for each Structure you rule"
        else into.stmts.push_back(eval(call("cardrt_stat_modify", {G(), C(), who, konst(ch.stat), amount(ch.delta, into), konst(dur)})));
      }
    };
    if (m.card) {
      Node c = card(*m.card, b);
      subject_ = c;  // as written: a condition on it reads the card, not the local
      uint32_t who = b.local();
      if (m.while_first) {
        // "While opposed, Brawler has +2F": the condition judged first, as printed (the binder's order)
        const uint32_t holds = b.local();
        b.stmts.push_back(let(holds, condition(*m.while_, b)));
        Body guarded;
        guarded.locals = b.locals;
        guarded.stmts.push_back(let(who, std::move(c)));
        apply(guarded, local(who));
        b.locals = guarded.locals;
        b.stmts.push_back(if_(local(holds), block(std::move(guarded.stmts))));
        return;
      }
      b.stmts.push_back(let(who, std::move(c)));
      if (!m.while_) return apply(b, local(who));
      // 003 Traits: the trait applies only while its condition holds, judged each time it applies
      Node holds = condition(*m.while_, b);
      Body guarded;
      guarded.locals = b.locals;
      apply(guarded, local(who));
      b.locals = guarded.locals;
      b.stmts.push_back(if_(std::move(holds), block(std::move(guarded.stmts))));
      return;
    }
    // a change for each card, or an alternative change, to every card of a set: the binder refuses it, not lowered yet
    for (const StatChange& ch : m.changes)
      if (ch.delta.kind == Amount::Kind::CountOf || ch.delta.or_if) throw NotYet{};
    int filter = filter_function(*m.cards, m.range);
    Body each;
    if (m.while_) {
      subject_ = param(2);
      each.stmts.push_back(if_(not_(condition(*m.while_, each)), block({ret(konst(CARDRT_OK))})));
    }
    apply(each, param(2));
    for_each_card(b, filter, std::move(each), m.range);
  }

  // 003 Stats, fluctuating: "+1F for each Samurai you control" is the change times a count the runtime recomputes
  // while the modifier lasts; the sign goes in the modifier, the size in its amount function. One count function a set
  // ("+1F/+1C for each Ring you control" count one set).
  void modify_per_card(Body& into, Node card, const StatChange& ch, int32_t dur) {
    auto [at, fresh] = per_card_filters_.try_emplace(ch.delta.cards.get(), -1);
    if (fresh) at->second = filter_function(*ch.delta.cards, ch.delta.range);
    const int64_t v = ch.delta.value;
    Body size;
    size.stmts.push_back(ret(binary(Op::Mul, call("cardrt_count_cards", {G(), C(), fn_ref(at->second)}),
                                    binary(Op::Max, konst(v), binary(Op::Sub, konst(0), konst(v))))));
    int af = add_function("amount", FnKind::Amount, std::move(size), ch.range);
    into.stmts.push_back(eval(call("cardrt_stat_modify_fluctuating", {G(), C(), std::move(card), konst(ch.stat), fn_ref(af),
                                                                      konst(v < 0 ? -1 : 1), konst(dur)})));
  }

  // "Bow him to gain 2 Honor": what follows "to" happens only if what comes before it was done (a card already
  // bowed is not bowed again, so no Honor); "Discard the Imperial Favor to draw a card": only if you held it
  void in_order_to(const InOrderTo& k, Body& b) {
    if (k.only_if) {  // "If he is a Kensai, you may bow ... to ...": judged first, the rest only while it holds
      if (continuous_ || names_undeclared_target(*k.only_if)) throw NotYet{};
      InOrderTo unconditional = k;
      unconditional.only_if.reset();
      unconditional.optional = false;  // "you may": asked only while the condition holds (the one test)
      Node holds = condition(*k.only_if, b);
      Body inner;
      inner.locals = b.locals;
      in_order_to(unconditional, inner);
      b.locals = inner.locals;
      uint32_t judged = b.local();  // kept in a local, as an "Otherwise" after it would read (as a conditional's)
      b.stmts.push_back(let(judged, std::move(holds)));
      Node ask = local(judged);
      if (k.optional) ask = and_(std::move(ask), call("cardrt_choose_yes_no", {G(), C(), konst(0)}));
      b.stmts.push_back(if_(std::move(ask), block(std::move(inner.stmts))));
      return;
    }
    if (k.optional && !continuous_ && (k.target || (k.done.size() == 1 && !k.done[0].optional))) {
      // "You may bow him to gain 2 Honor", "You may target your Personality and move him home": the controller chooses
      // whether to do it, asked first (a target is chosen only then)
      InOrderTo chosen = k;
      chosen.optional = false;
      Body inner;
      inner.locals = b.locals;
      in_order_to(chosen, inner);
      b.locals = inner.locals;
      b.stmts.push_back(if_(and_(konst(1), call("cardrt_choose_yes_no", {G(), C(), konst(0)})), block(std::move(inner.stmts))));
      return;
    }
    if (k.target && !continuous_) {  // "Target your performing Tactician to give ...": chosen (or the ability fails), then
      declare_target(*k.target, b);
      for (const Effect& t : k.then) effect(t, b);
      return;
    }
    if (continuous_ || k.done.size() != 1 || k.done[0].optional) throw NotYet{};
    if (k.done[0].verb == Primitive::discard_ && k.done[0].cards) {
      // "Discard a Kiho to give him +2F": a card of your hand is chosen (not an action card being played) and
      // discarded, and only then the rest; with none to discard the effect fails
      const Effect& d = k.done[0];
      discard_chosen_from_hand(and_(filter_test(in_your_hand(*d.cards), param(2), false), binary(Op::Ne, param(2), self())), d.range, b);
      for (const Effect& t : k.then) effect(t, b);
      discarded_slot_ = -1;
      return;
    }
    if (k.done[0].verb == Primitive::discard_ && k.done[0].resource >= 0) {
      for (const Effect& t : k.then)
        if (t.card && t.card->kind == CardRef::Kind::Target) throw NotYet{};  // a target declared after "to"
      Body inner;
      inner.locals = b.locals;
      inner.stmts.push_back(eval(set_your_resource(k.done[0].resource, 0)));
      for (const Effect& t : k.then) effect(t, inner);
      b.locals = inner.locals;
      b.stmts.push_back(if_(holds_resource(k.done[0].resource), block(std::move(inner.stmts))));
      return;
    }
    if (!k.done[0].card) throw NotYet{};
    const Effect& e = k.done[0];
    if (e.verb != Primitive::bow_ && e.verb != Primitive::straighten_ && e.verb != Primitive::destroy_) throw NotYet{};
    for (const Effect& t : k.then)
      if (t.card && t.card->kind == CardRef::Kind::Target) throw NotYet{};  // a target declared after "to"
    Node done = binary(Op::Eq, call(card_verb(e.verb), {G(), C(), card(*e.card, b)}), konst(CARDRT_OK));
    Body inner;
    inner.locals = b.locals;
    for (const Effect& t : k.then) effect(t, inner);
    b.locals = inner.locals;
    b.stmts.push_back(if_(std::move(done), block(std::move(inner.stmts))));
  }

  // 004 Luck, Resist: "Roll for Luck: if successful, ...": the D6 against the stat of this card's unit (a Gear's is its
  // bearer's, 001 This) as the effects begin; each sentence's effects on its outcome. A sentence whose condition is
  // more than the outcome, or with "Otherwise", is not lowered yet.
  void roll(const Unit& u, Body& b) {
    if (continuous_) throw NotYet{};
    uint32_t r = b.local();
    b.stmts.push_back(let(r, call("cardrt_roll_stat", {G(), C(), type_->attaches ? bearer() : self(), konst(u.roll)})));
    Body yes, no;
    yes.locals = no.locals = b.locals;
    for (const Step& s : u.body) {
      const auto& k = std::get<Conditional>(s);  // the reader's: each sentence is an outcome's
      if (k.condition.kind != Condition::Kind::RollResult || !k.otherwise.empty()) throw NotYet{};
      for (const Effect& e : k.effects) effect(e, k.condition.lost ? no : yes);
    }
    b.locals = std::max(yes.locals, no.locals);
    b.stmts.push_back(if_(local(r), block(std::move(yes.stmts)), block(std::move(no.stmts))));
  }

  // ---------------------------------------------------------------- conditions
  // The effects happen only if the condition holds as they resolve.
  void conditional(const Conditional& k, Body& b) {
    if (continuous_) throw NotYet{};
    Body inner;
    inner.locals = b.locals;
    if (!k.condition_first)  // "Destroy him if he is bowed": the effect names (and declares) its target first
      for (const Effect& e : k.effects)
        if (e.card && e.card->kind == CardRef::Kind::Target) throw NotYet{};
    // "If he would be opposed, move your target Personality ...": the target the condition names is chosen before the
    // condition is asked (001 Target: targets are chosen as the action is announced)
    for (const Effect& e : k.effects)
      if (e.card && e.card->kind == CardRef::Kind::Target && names_target(k.condition, e.card->target) &&
          std::find(declared_.begin(), declared_.end(), e.card->target) == declared_.end())
        declare_target(e.card->target, b);
    Node holds = condition(k.condition, b);
    // a target first chosen in one branch would be unchosen in the other (001 Target: chosen as the action is announced)
    const size_t declared_before = declared_.size();
    // "If he moved, you may bow him": the controller is asked only while the condition holds (the one test)
    const bool ask = k.effects.size() == 1 && k.effects[0].optional;
    for (const Effect& e : k.effects) {
      if (!ask) effect(e, inner);
      else {
        Effect chosen = e;
        chosen.optional = false;
        effect(chosen, inner);
      }
    }
    b.locals = inner.locals;
    std::optional<uint32_t> judged;
    if (k.condition_first) {  // judged once, before the effects (kept in a local, which an "Otherwise" after it reads)
      judged = b.local();
      b.stmts.push_back(let(*judged, std::move(holds)));
      holds = local(*judged);
    }
    if (ask) holds = and_(std::move(holds), call("cardrt_choose_yes_no", {G(), C(), konst(0)}));
    b.stmts.push_back(if_(std::move(holds), block(std::move(inner.stmts))));
    if (k.otherwise.empty()) return;
    // "Otherwise, ...": when the condition failed as it was judged; an effect the controller declined is no failed
    // condition
    Body other;
    other.locals = b.locals;
    for (const Effect& e : k.otherwise) effect(e, other);
    if (declared_.size() != declared_before || !judged) throw NotYet{};
    b.locals = other.locals;
    const uint32_t failed = b.local();
    b.stmts.push_back(let(failed, not_(local(*judged))));
    b.stmts.push_back(if_(local(failed), block(std::move(other.stmts))));
  }

  static bool names_target(const Condition& k, int target) {
    if (k.card && k.card->kind == CardRef::Kind::Pronoun && k.card->target == target) return true;
    if (k.army && k.army->of && k.army->of->kind == CardRef::Kind::Pronoun && k.army->of->target == target) return true;
    return std::any_of(k.parts.begin(), k.parts.end(), [&](const Condition& p) { return names_target(p, target); });
  }
  // a target the condition names that no effect before it declared (so not chosen yet as it is judged)
  bool names_undeclared_target(const Condition& k) const {
    auto undeclared = [&](const CardRef* r) {
      return r && (r->kind == CardRef::Kind::Target || r->kind == CardRef::Kind::Pronoun) && r->target >= 0 &&
             std::find(declared_.begin(), declared_.end(), r->target) == declared_.end();
    };
    if (undeclared(k.card ? &*k.card : nullptr) || (k.stat && undeclared(k.stat->value.of.get()))) return true;
    return std::any_of(k.parts.begin(), k.parts.end(), [&](const Condition& p) { return names_undeclared_target(p); });
  }
  static bool names_a_target(const Condition& k) {
    if (k.card && (k.card->kind == CardRef::Kind::Target || k.card->kind == CardRef::Kind::Pronoun)) return true;
    if (k.army && k.army->of && k.army->of->kind == CardRef::Kind::Pronoun) return true;
    return std::any_of(k.parts.begin(), k.parts.end(), [](const Condition& p) { return names_a_target(p); });
  }

  Node condition(const Condition& k, Body& b) {
    Node n = konst(1);
    switch (k.kind) {
      case Condition::Kind::All:
      case Condition::Kind::Any:
        for (size_t i = 0; i < k.parts.size(); ++i) {
          Node part = condition(k.parts[i], b);
          n = i == 0 ? std::move(part) : k.kind == Condition::Kind::All ? and_(std::move(n), std::move(part)) : binary(Op::Or, std::move(n), std::move(part));
        }
        break;
      case Condition::Kind::CardIs: {
        // "If this Shugenja is Earth": in a condition, a card that is no Shugenja makes it false, not the effect fail
        // (001 This): not lowered yet
        if (k.card && k.card->kind == CardRef::Kind::ThisKeyword) throw NotYet{};
        Node who = k.card ? card(*k.card, b) : *subject_;  // none: the card the trait describes ("while unbowed")
        if (k.cards) {  // "if it is an attachment": of the set the noun names, wherever it is (docs/meaning.md 25)
          n = filter_test(*k.cards, who, false);
          break;
        }
        if (k.state) {
          n = call("cardrt_card_state", {G(), who, konst(runtime_state_id(p_, static_cast<size_t>(k.state->state)))});
          if (!k.state->holds) n = not_(std::move(n));
        }
        for (size_t i = 0; i < k.keywords.size(); ++i) {  // one of the keywords
          Node has = call("cardrt_card_has_keyword", {G(), who, konst(k.keywords[i])});
          n = i == 0 ? std::move(has) : binary(Op::Or, std::move(n), std::move(has));
        }
        for (size_t i = 0; i < k.descriptions.size(); ++i) {  // or descriptions ("or dishonorable")
          Node is = description_test(p_.descriptions[static_cast<size_t>(k.descriptions[i])], who);
          n = i == 0 && k.keywords.empty() ? std::move(is) : binary(Op::Or, std::move(n), std::move(is));
        }
        break;
      }
      case Condition::Kind::YouControl:
      case Condition::Kind::Exists: {  // "any enemy units are at the current battlefield": some card of the set is there
        int f = filter_function(*k.cards, k.range);
        n = binary(Op::Gt, call("cardrt_count_cards", {G(), C(), fn_ref(f)}), konst(0));
        break;
      }
      case Condition::Kind::YouAre: {
        // a player has the keywords of the profile's family that his card of the [player keywords] type has (003:
        // "a Crab Clan player" controls a Stronghold of the Crab Clan)
        const int type = p_.player_keywords_type();
        if (type < 0) throw NotYet{};
        Node c2 = param(2);
        std::optional<Node> any;
        for (ProfileId kw : k.keywords) {
          Node has = call("cardrt_card_has_keyword", {G(), c2, konst(kw)});
          any = any ? binary(Op::Or, std::move(*any), std::move(has)) : std::move(has);
        }
        Node test = and_(and_(call("cardrt_card_in_play", {G(), c2}), binary(Op::Eq, call("cardrt_card_type", {G(), c2}), konst(type))),
                         and_(binary(Op::Eq, call("cardrt_card_controller", {G(), c2}), controller()), std::move(*any)));
        n = any_card(std::move(test), k.range);
        break;
      }
      case Condition::Kind::YouHave:
        n = binary(Op::Gt, call("cardrt_resource_get", {G(), controller(), konst(k.resource)}), konst(0));
        break;
      case Condition::Kind::HowMany: {  // the zones are the runtime's by profile index
        Node have = k.zone >= 0 ? call("cardrt_zone_count", {G(), controller(), konst(k.zone)})
                                : call("cardrt_resource_get", {G(), controller(), konst(k.resource)});
        n = binary(k.compare == StatBound::Compare::AtLeast ? Op::Ge : Op::Le, std::move(have), konst(k.count->value));
        break;
      }
      case Condition::Kind::YourTurn:
        n = binary(Op::Eq, call("cardrt_active_player", {G()}), controller());
        break;
      case Condition::Kind::InProvinces: {
        // "this Event is face-up in one of them": in a province, in the state, yours; a card is only ever put into its
        // owner's provinces and out of play its controller is its owner, so "your" is whose card it is
        if (k.card->kind != CardRef::Kind::ThisCard) throw NotYet{};
        in_province_ = true;
        Node who = card(*k.card, b);
        Node in = binary(Op::Ne, call("cardrt_card_province", {G(), who}), konst(0));
        Node state = call("cardrt_card_state", {G(), who, konst(runtime_state_id(p_, static_cast<size_t>(k.state->state)))});
        if (!k.state->holds) state = not_(std::move(state));
        n = and_(and_(std::move(in), std::move(state)), binary(Op::Eq, call("cardrt_card_controller", {G(), who}), controller()));
        break;
      }
      case Condition::Kind::PaysFor: {
        // 003 Gold Cost: a payment is under way, for a card of the set (the card bought, out of play)
        Node paid = call("cardrt_payment_card", {G()});
        n = and_(binary(Op::Ne, paid, konst(0)), filter_test(*k.cards, paid, false));
        break;
      }
      case Condition::Kind::InBattle:
        n = in_battle(*k.role, k.card ? card(*k.card, b) : *subject_);
        break;
      case Condition::Kind::At:  // 001 Battlefields
        n = at_place(*k.at, card(*k.card, b));
        break;
      case Condition::Kind::Moved:
        // "If he moved": what the unit's latest move did, kept where it was done (a move inside a choice or for each
        // card keeps it in a body of its own); of the same card
        if (!moved_ || &b != top_ || !same_card(moved_->card, *k.card)) throw NotYet{};
        n = local(moved_->local);
        break;
      case Condition::Kind::WouldBeOpposed: {
        // were it at the current battlefield, an enemy unit would be there: a card of another player that heads a
        // unit (a person that does not attach: 001 Attach) in play at the current battlefield (001 Battlefields)
        Node who = card(*k.card, b);
        Node c2 = param(2);
        Node enemy = and_(and_(call("cardrt_card_in_play", {G(), c2}), unit_head_test(c2)),
                          and_(binary(Op::Ne, call("cardrt_card_controller", {G(), c2}), call("cardrt_card_controller", {G(), who})),
                               at_place(Place{Place::Kind::CurrentBattlefield, {}, false}, c2)));
        n = any_card(std::move(enemy), k.range);
        break;
      }
      case Condition::Kind::ArmyUnits: {
        // "her army has fewer units than the enemy army": the units (their heads) of each side where her army is;
        // no army while she is home
        if (k.army->defending) throw NotYet{};  // while you defend: not lowered yet
        const ArmyPlace mine = army_place(*k.army, b);
        const ArmyPlace theirs = army_place(*k.than, b, &mine);
        n = and_(binary(Op::Gt, mine.battlefield, konst(0)),
                 binary(k.compare == StatBound::Compare::Below ? Op::Lt : Op::Gt, army_units(mine, k.range), army_units(theirs, k.range)));
        break;
      }
      case Condition::Kind::ArmySize: {
        // "there are two or more units in his army": its units where it is (none while he is home)
        if (k.army->defending) throw NotYet{};  // while you defend: not lowered yet
        static constexpr Op ops[] = {Op::Le, Op::Ge, Op::Lt, Op::Gt, Op::Eq, Op::Ne};  // StatBound::Compare
        const ArmyPlace mine = army_place(*k.army, b);
        n = and_(binary(Op::Gt, mine.battlefield, konst(0)),
                 binary(ops[static_cast<size_t>(k.compare)], army_units(mine, k.range), konst(k.count->value)));
        break;
      }
      case Condition::Kind::ArmyOpposed: {
        // 001 Battlefields: an army is opposed while units of the other side are where it is (and it has units)
        if (k.army->defending) throw NotYet{};  // while you defend: not lowered yet
        const ArmyPlace mine = army_place(*k.army, b);
        ArmyPlace theirs = mine;
        theirs.other = !mine.other;
        n = and_(binary(Op::Gt, mine.battlefield, konst(0)),
                 and_(binary(Op::Gt, army_units(mine, k.range), konst(0)), binary(Op::Gt, army_units(theirs, k.range), konst(0))));
        break;
      }
      case Condition::Kind::StatIs: {  // "if his Force is now 0": the stat as it is when judged
        static constexpr Op ops[] = {Op::Le, Op::Ge, Op::Lt, Op::Gt, Op::Eq, Op::Ne};  // StatBound::Compare
        n = binary(ops[static_cast<size_t>(k.stat->compare)], stat_value(card(*k.card, b), k.stat->stat, k.stat->base), compared(k.stat->value));
        break;
      }
      case Condition::Kind::Has:
        n = binary(Op::Gt, attached_count(*k.attached, card(*k.card, b)), konst(0));
        break;
      case Condition::Kind::Opposes: {
        // 001 Battlefields: both in the battle at the current battlefield, on opposite sides; the sides of a set's
        // cards by the attacking player (the player whose turn it is, 003 Stats example) and the other
        Node who = k.card ? card(*k.card, b) : *subject_;
        const Place current{Place::Kind::CurrentBattlefield, {}, false};
        Node here = at_place(current, who);
        if (k.other) {
          Node other = card(*k.other, b);
          Node sides = binary(Op::Ne, call("cardrt_card_controller", {G(), other}), call("cardrt_card_controller", {G(), who}));
          n = and_(std::move(here), and_(at_place(current, other), std::move(sides)));
          break;
        }
        auto side = [&](Op op) {
          Node c2 = param(2);
          Node there = and_(at_place(current, c2), binary(op, call("cardrt_card_controller", {G(), c2}), call("cardrt_active_player", {G()})));
          return binary(Op::Gt, call("cardrt_count_cards", {G(), C(), fn_ref(filter_function(*k.cards, k.range, std::move(there)))}), konst(0));
        };
        Node attackers = side(Op::Eq), defenders = side(Op::Ne);
        Node attacking = binary(Op::Eq, call("cardrt_card_controller", {G(), who}), call("cardrt_active_player", {G()}));
        n = and_(std::move(here), binary(Op::Or, and_(attacking, std::move(defenders)), and_(not_(attacking), std::move(attackers))));
        break;
      }
      case Condition::Kind::BattleSide: {
        // 003 Stats example: the Attacker is the player whose turn it is, the Defender his opponent, while a battle is
        // resolved; only a Battle action is sure to be taken in one (elsewhere the binder's reading stays)
        if (designators_ != CARDRT_DESIG_BATTLE) throw NotYet{};
        Node mine = binary(Op::Eq, call("cardrt_active_player", {G()}), controller());
        n = k.defender ? not_(std::move(mine)) : std::move(mine);
        break;
      }
      case Condition::Kind::HasTokens:  // 001 Token: one or more of that status's tokens are on the card
        n = binary(Op::Gt, call("cardrt_card_counters", {G(), card(*k.card, b), konst(k.status)}), konst(0));
        break;
      case Condition::Kind::AttachedTo:  // 001 Attach: the card it is attached to is of the set
        n = filter_test(*k.cards, call("cardrt_card_attached_to", {G(), k.card ? card(*k.card, b) : *subject_}));
        break;
      case Condition::Kind::RollResult: throw NotYet{};  // lowered by the roll (roll), its only place
      case Condition::Kind::DuelResult: {
        // the unit's duel: the card is its winner; it lost if there was a winner and it was the other duelist
        if (!duel_) throw NotYet{};
        Node who = card(*k.card, b);
        Node winner = local(duel_->winner);
        n = !k.lost ? binary(Op::Eq, std::move(winner), std::move(who))
                    : and_(binary(Op::Ne, winner, konst(0)), binary(Op::Ne, winner, std::move(who)));
        break;
      }
    }
    return k.negated ? not_(std::move(n)) : n;
  }

  // ---------------------------------------------------------------- targeting (001 Target)
  void declare_target(int k, Body& b) {
    const meaning::Targeting& t = u_->targets[static_cast<size_t>(k)];
    if (continuous_) throw NotYet{};
    if (t.player) {  // 001 Target: any player
      Body any;
      any.stmts.push_back(ret(konst(1)));
      int f = filter_fn(std::move(any), t.range);
      b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_target_player", {G(), C(), konst(k), fn_ref(f), konst(0)}), konst(CARDRT_OK))));
      declared_.push_back(k);
      return;
    }
    zones_searched_ = true;
    int f = filter_function(t.filter, t.range, t.performing ? std::optional<Node>(performing(t.anywhere)) : std::nullopt);
    zones_searched_ = false;
    // 001 Target: a restriction on face-up features (card type, keyword, stats) cannot be met by a hidden card
    const bool face_up = !t.filter.card_types.empty() || !t.filter.keywords.empty() || !t.filter.any_keywords.empty() ||
                         !t.filter.no_keywords.empty() || !t.filter.not_types.empty() || !t.filter.stats.empty();
    // the binder restricts by the noun only ("a target enemy card with 2 or lower Force" may take a face-down card,
    // though Force is a face-up feature): such a card stays with it until it is fixed there
    if (t.filter.card_types.empty() && t.filter.keywords.empty() && t.filter.any_keywords.empty() && !t.filter.stats.empty())
      throw NotYet{};
    // a target in a zone out of play ("a target Follower in your discard pile") is looked for there
    const int64_t flags = (face_up ? CARDRT_TGT_FACE_FEATURES : 0) | (out_of_play_zone(t.filter) ? CARDRT_TGT_ANY_ZONE : 0);
    // several cards: at least `min`, at most `max` ("one or more": as many as a slot holds)
    const int64_t min = t.count ? t.count->min : 1, max = !t.count ? 1 : t.count->max < 0 ? kSlotCards : t.count->max;
    if (max > kSlotCards) throw NotYet{};
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_target_cards", {G(), C(), konst(k), fn_ref(f), konst(min), konst(max), konst(flags)}),
                                     konst(CARDRT_OK))));
    declared_.push_back(k);
  }
  static constexpr int64_t kSlotCards = 8;  // the cards one slot of the runtime holds

  // A targeting of several cards ("one or two target attachments", "them", "each target"): the effect on each of them
  // in turn, the card in the effect that card
  int several_named(const Effect& e) const {
    if (!e.card || e.card->target < 0 || e.card->kind == CardRef::Kind::Performer || e.card->kind == CardRef::Kind::ThisCard) return -1;
    return u_->targets[static_cast<size_t>(e.card->target)].several() ? e.card->target : -1;
  }
  void each_target(const Effect& e, int k, Body& b) {
    if (continuous_ || each_target_ >= 0) throw NotYet{};
    if (std::find(declared_.begin(), declared_.end(), k) == declared_.end()) declare_target(k, b);
    each_target_ = k;
    Body each;
    effect_frame(e, each);
    each_target_ = -1;
    each.stmts.push_back(ret(konst(CARDRT_OK)));
    int af = each_fn(std::move(each), e.range);
    b.stmts.push_back(eval(call("cardrt_for_each_in_slot", {G(), C(), konst(k), fn_ref(af)})));
  }

  // "your performing Courtier" as a target (001 Tactician): a person performs its own actions and an attachment's are
  // its bearer's, so the target is that card; an action card's is one of yours present at the battle for a Battle
  // action (unless "at any location"); a card of another type performs none
  Node performing(bool anywhere) {
    const Node candidate = param(2);
    if (type_->action) {
      if ((designators_ & CARDRT_DESIG_BATTLE) && !anywhere)
        return binary(Op::Eq, call("cardrt_card_battlefield", {G(), candidate}), call("cardrt_current_battlefield", {G()}));
      return konst(1);
    }
    if (type_->attaches) return binary(Op::Eq, candidate, bearer());
    if (type_->person) return binary(Op::Eq, candidate, self());
    throw NotYet{};
  }

  // ---------------------------------------------------------------- references (001 This, 003 Traits)
  Node card(const CardRef& r, Body& b) {
    if (r.unit) throw NotYet{};  // a unit where one card is meant: only the verbs that act on a unit take one
    switch (r.kind) {
      case CardRef::Kind::ThisCard: return self();
      case CardRef::Kind::Bearer: return bearer();
      case CardRef::Kind::ThisKeyword: {
        // "this Shugenja": the card (or the one it is attached to) only while it has the keyword; else the reference
        // fails (001 This): no card, so what acts on it does nothing and a cost on it cannot be paid. "this Weapon" on
        // an attachment that prints the keyword itself may mean the attachment: not lowered
        if (type_->attaches && prints_keyword(r.keyword)) throw NotYet{};
        // (on an action card that does not print the keyword, a trait's: the card it is attached to, the pool's Spells
        // attaching by their own text)
        Node who = type_->attaches || (type_->action && !prints_keyword(r.keyword)) ? bearer() : self();
        return binary(Op::Mul, who, call("cardrt_card_has_keyword", {G(), who, konst(r.keyword)}));
      }
      case CardRef::Kind::Target:
        // "Straighten target Personality": declared where the effect names it
        if (std::find(declared_.begin(), declared_.end(), r.target) == declared_.end()) declare_target(r.target, b);
        return target_card(r.target);
      case CardRef::Kind::Pronoun: return r.target == -2 ? self() : r.target < 0 ? slot(performer_slot_) : target_card(r.target);
      case CardRef::Kind::Performer: return slot(performer_slot_);
      case CardRef::Kind::Discarded:
        if (discarded_slot_ < 0) throw NotYet{};
        return slot(discarded_slot_);
      case CardRef::Kind::Created:
        if (!created_) throw NotYet{};
        return local(*created_);
      case CardRef::Kind::Duelist: {
        // the duel under way (a Focus Effect's), or else the last one: the runtime's (003 Traits)
        if (r.under_way)
          return call("cardrt_duel_card", {G(), C(), konst(r.yours ? CARDRT_DUEL_YOURS : r.loser ? CARDRT_DUEL_LOSER : CARDRT_DUEL_WINNER)});
        // the unit's duel: its winner, or the duelist who is not (none after a tie or a refused challenge)
        if (!duel_) throw NotYet{};
        Node winner = local(duel_->winner);
        if (!r.loser) return winner;
        Node a = local(duel_->challenger), c = local(duel_->challenged);
        return binary(Op::Add, binary(Op::Mul, binary(Op::Eq, winner, a), c), binary(Op::Mul, binary(Op::Eq, winner, c), a));
      }
      case CardRef::Kind::TheTarget:
        if (r.target >= 0) return target_card(r.target);
        if (!choosing_) throw NotYet{};
        return param(2);  // the card a keyword action is choosing (its target filter's candidate)
    }
    throw NotYet{};
  }
  // The card a unit is named by ("this unit": this card or its bearer; "his unit": his)
  Node unit_head(const CardRef& r, Body& b) {
    CardRef head = r;
    head.unit = false;
    return card(head, b);
  }
  static Node slot(int k) { return call("cardrt_slot_get", {G(), C(), konst(k), konst(0)}); }
  // The slot of the next card chosen as the effect resolves: after the unit's targets and its performer (whose slot
  // follows the targets) and the cards chosen before it
  int64_t next_slot() {
    const int64_t k = static_cast<int64_t>(u_->targets.size()) + (u_->performer ? 1 : 0) + chosen_++;
    if (k >= 8) throw NotYet{};  // the runtime's slots
    return k;
  }
  // whether two references name one card: this card, its bearer, the performer, or the same target (named by the
  // target, a pronoun or "the target")
  static bool same_card(const CardRef& a, const CardRef& b) {
    if (a.unit || b.unit || a.plural || b.plural) return false;
    auto key = [](const CardRef& r) -> int {
      const bool targeted = r.kind == CardRef::Kind::Target || r.kind == CardRef::Kind::Pronoun || r.kind == CardRef::Kind::TheTarget;
      if (targeted && r.target >= 0) return r.target;
      if (r.kind == CardRef::Kind::ThisCard || (r.kind == CardRef::Kind::Pronoun && r.target == -2)) return -3;
      if (r.kind == CardRef::Kind::Bearer) return -4;
      if (r.kind == CardRef::Kind::Performer || (r.kind == CardRef::Kind::Pronoun && r.target == -1)) return -5;
      return -6 - static_cast<int>(r.kind);  // this keyword: unlike any other
    };
    const int ka = key(a);
    return ka == key(b) && ka > -6;
  }
  // the card of target k; of a targeting of several, the one each_target is at (elsewhere the words would not say which)
  Node target_card(int k) const {
    if (!u_->targets[static_cast<size_t>(k)].several()) return slot(k);
    if (each_target_ != k) throw NotYet{};
    return param(2);
  }

  // ---------------------------------------------------------------- card sets (001 Enemy, Opposing, Terrain)
  // `in_play` false: a card not in play may be of the set (a card about to be attached is tested against its bearer)
  Node filter_test(const CardFilter& f, Node card, bool in_play = true) {
    if (!f.alternatives.empty()) {
      // "an Air Shugenja or a Holding": a card of one of the sets, each tested whole ("X or (Y or Z)")
      Node any = filter_test(f.alternatives.back(), card, in_play);
      for (size_t i = f.alternatives.size() - 1; i-- > 0;) any = binary(Op::Or, filter_test(f.alternatives[i], card, in_play), std::move(any));
      CardFilter first = f;
      first.alternatives.clear();
      return binary(Op::Or, filter_test(first, card, in_play), std::move(any));
    }
    // "in your discard pile": a card out of play, found where it is (only a targeting or a choice looks there)
    const bool out_of_play = out_of_play_zone(f);
    if (out_of_play && !zones_searched_) throw NotYet{};
    Node all = in_play && !out_of_play ? call("cardrt_card_in_play", {G(), card}) : konst(1);
    auto add = [&](Node n) { all = and_(std::move(all), std::move(n)); };
    if (out_of_play) {
      Node in = konst(0);
      for (size_t i = 0; i < f.in->zones.size(); ++i) {
        Node here = binary(Op::Eq, call("cardrt_card_zone", {G(), card}), konst(f.in->zones[i]));
        in = i == 0 ? std::move(here) : binary(Op::Or, std::move(in), std::move(here));
      }
      add(std::move(in));
      // your zones hold the cards you own: out of play, a card's controller is its owner
      if (f.in->yours) add(binary(Op::Eq, call("cardrt_card_controller", {G(), card}), controller()));
    }
    switch (f.side) {
      case Side::Any: break;
      case Side::Yours: add(binary(Op::Eq, call("cardrt_card_controller", {G(), card}), controller())); break;
      case Side::AnotherPlayers: add(binary(Op::Ne, call("cardrt_card_controller", {G(), card}), controller())); break;
      case Side::Opposing:
      case Side::Enemy:
        // the other side: another player's card; a Terrain is in no side, so never an enemy or opposing card (001 Terrain)
        add(binary(Op::Ne, call("cardrt_card_controller", {G(), card}), controller()));
        // (a Terrain is an action card in play: only a set that may hold one needs the test)
        if (terrain_ >= 0 && may_hold_action_cards(f)) add(not_(call("cardrt_card_has_keyword", {G(), card, konst(terrain_)})));
        break;
    }
    if (f.units && !f.plural) add(unit_head_test(card));  // "a target enemy unit": the card heading it (001 This)
    if (f.other) {
      // 001 This: "other" cards are neither this card nor the card it is attached to
      add(binary(Op::Ne, card, self()));
      if (type_->attaches) add(binary(Op::Ne, card, bearer()));
    }
    for (ProfileId k : f.keywords) add(call("cardrt_card_has_keyword", {G(), card, konst(k)}));
    Node one_of = konst(0);  // "Nonhuman or Shadowlands"
    for (size_t i = 0; i < f.any_keywords.size(); ++i) {
      Node has = call("cardrt_card_has_keyword", {G(), card, konst(f.any_keywords[i])});
      one_of = i == 0 ? std::move(has) : binary(Op::Or, std::move(one_of), std::move(has));
    }
    if (!f.any_keywords.empty()) add(std::move(one_of));
    for (ProfileId k : f.no_keywords) add(not_(call("cardrt_card_has_keyword", {G(), card, konst(k)})));  // "non-Unique"
    Node kinds = konst(0);
    for (size_t i = 0; i < f.card_types.size(); ++i) {
      Node is = binary(Op::Eq, call("cardrt_card_type", {G(), card}), konst(f.card_types[i]));
      kinds = i == 0 ? std::move(is) : binary(Op::Or, std::move(kinds), std::move(is));
    }
    if (!f.card_types.empty()) add(std::move(kinds));
    for (ProfileId t : f.not_types) add(binary(Op::Ne, call("cardrt_card_type", {G(), card}), konst(t)));  // "non-Ring"
    if (f.attachment) {
      // 001 Attach: attached to a card; out of play, a card of a type that attaches
      Node attaching = konst(0);
      for (size_t t = 0; t < p_.card_types.size(); ++t)
        if (p_.card_types[t].attaches)
          attaching = binary(Op::Or, std::move(attaching), binary(Op::Eq, call("cardrt_card_type", {G(), card}), konst(static_cast<int64_t>(t))));
      add(binary(Op::Or, binary(Op::Gt, call("cardrt_card_attached_to", {G(), card}), konst(0)),
                 and_(not_(call("cardrt_card_in_play", {G(), card})), std::move(attaching))));
    }
    for (const StateTest& st : f.states) {
      Node in = call("cardrt_card_state", {G(), card, konst(runtime_state_id(p_, static_cast<size_t>(st.state)))});
      add(st.holds ? std::move(in) : not_(std::move(in)));
    }
    for (ProfileId d : f.descriptions) add(description_test(p_.descriptions[static_cast<size_t>(d)], card));
    for (const StatBound& s : f.stats) {
      static constexpr Op ops[] = {Op::Le, Op::Ge, Op::Lt, Op::Gt, Op::Eq, Op::Ne};  // StatBound::Compare
      if (s.total) {  // 003 Stats: the total Force of the card's unit, compared with a number or another unit's
        add(binary(ops[static_cast<size_t>(s.compare)], call("cardrt_unit_force", {G(), card}), unit_total_compared(s)));
        continue;
      }
      // "whose Force is different from his base Force": the card's own stat on both sides
      Node value = s.own ? stat_value(card, s.value.stat, s.value.base) : compared(s.value);
      add(binary(ops[static_cast<size_t>(s.compare)], stat_value(card, s.stat, s.base), std::move(value)));
    }
    for (const AttachedTest& a : f.attached) add(binary(a.none ? Op::Eq : Op::Gt, attached_count(a, card), konst(0)));
    // 001 Token: "who has a Madness token", a counter of that status on the card
    for (ProfileId k : f.has_tokens) add(binary(Op::Gt, call("cardrt_card_counters", {G(), card, konst(k)}), konst(0)));
    for (BattleRole r : f.roles) add(in_battle(r, card));
    if (f.at) add(at_place(*f.at, card));
    if (f.in_unit) {
      // 001 This: "in this unit": the unit's Personality (this card, or the one it is attached to) or a card attached
      // to him; no unit, no card in it.
      // "each other Ashigaru in this unit" on a Follower: whether its Personality is an "other" one, the binder (this
      // card alone) and "other" here (nor its bearer) answer apart; left to the binder until that is settled
      if (f.other && type_->attaches) throw NotYet{};
      Body none;
      Node head = unit_head(*f.in_unit, none);
      if (!none.stmts.empty()) throw NotYet{};
      // "in his unit": the unit the card "his" names leads, or, attached, its bearer does
      if (f.in_unit->kind == CardRef::Kind::Pronoun) head = unit_leader(head);
      else if (f.in_unit->kind != CardRef::Kind::ThisCard && f.in_unit->kind != CardRef::Kind::Bearer) throw NotYet{};
      add(in_unit_led_by(card, head));
    }
    if (f.army) {
      // 003 Stats: "in your army", "in the enemy army", "in this army"; 001 Terrain: a Terrain is in no army (the side
      // test says it already of an enemy card)
      Body none;
      const ArmyPlace a = army_place(*f.army, none);
      if (!none.stmts.empty()) throw NotYet{};  // a target declared here: not in a set's test
      add(and_(binary(Op::Gt, a.battlefield, konst(0)), army_side(a, card)));
      if (f.army->defending) add(you_defend());
      if (terrain_ >= 0 && f.side != Side::Enemy && f.side != Side::Opposing && may_hold_action_cards(f))
        add(not_(call("cardrt_card_has_keyword", {G(), card, konst(terrain_)})));
    }
    if (f.of) {  // 001 Attach: "one of his Weapons", the cards attached to him
      Body none;
      Node holder = this->card(*f.of, none);
      if (!none.stmts.empty()) throw NotYet{};  // a target declared here: not in a set's test
      add(binary(Op::Eq, call("cardrt_card_attached_to", {G(), card}), std::move(holder)));
    }
    return all;
  }

  // What a stat is compared with: a number, or another card's stat as it is when the set is judged (000 7.2)
  Node compared(const Amount& a) {
    if (a.kind == Amount::Kind::Constant) return konst(a.value);
    // "this Shugenja" (only while it has the keyword) and X are not lowered in a comparison yet
    if (a.kind != Amount::Kind::StatOf || a.of->kind == CardRef::Kind::ThisKeyword || a.minus) throw NotYet{};
    Body none;
    Node who = card(*a.of, none);
    if (!none.stmts.empty()) throw NotYet{};  // a target declared here: not in a set's test
    return stat_value(std::move(who), a.stat, a.base);
  }

  // What a unit's total Force is compared with (003 Stats): a number, or another unit's total ("than this unit")
  Node unit_total_compared(const StatBound& s) {
    if (!s.same_stat || !s.value.of || !s.value.of->unit) return compared(s.value);
    Body none;
    Node head = unit_head(*s.value.of, none);
    if (!none.stmts.empty()) throw NotYet{};
    return call("cardrt_unit_force", {G(), std::move(head)});
  }

  // a card's stat as it is now, or its base value, printed on it (003 Stats: the current value unless the text names the
  // base)
  static Node stat_value(Node card, ProfileId stat, bool base) {
    return call(base ? "cardrt_stat_base" : "cardrt_stat_get", {G(), std::move(card), konst(stat)});
  }

  // 001 Battlefields: a card at no battlefield is home; the current battlefield is the battle's, when there is one
  static Node at_place(const Place& p, const Node& card) {
    Node bf = call("cardrt_card_battlefield", {G(), card});
    switch (p.kind) {
      case Place::Kind::Home: return binary(Op::Eq, std::move(bf), konst(0));
      case Place::Kind::CurrentBattlefield: {
        Node current = call("cardrt_current_battlefield", {G()});
        return and_(binary(Op::Ne, current, konst(0)), binary(Op::Eq, std::move(bf), current));
      }
      case Place::Kind::AnyBattlefield: return binary(Op::Gt, std::move(bf), konst(0));
      case Place::Kind::AnotherBattlefield:
        return and_(binary(Op::Gt, bf, konst(0)), binary(Op::Ne, bf, call("cardrt_current_battlefield", {G()})));
    }
    throw NotYet{};
  }

  // 001 Battlefields; 003 Stats example: the attacking cards are the attacking player's (the player whose turn it
  // is) at a battlefield, the defending ones the other side's; an opposed card is at the current battlefield, where
  // both sides have cards
  Node in_battle(BattleRole r, const Node& card) {
    Node at = binary(Op::Gt, call("cardrt_card_battlefield", {G(), card}), konst(0));
    Node side = call("cardrt_card_controller", {G(), card});
    if (r == BattleRole::Attacking) return and_(std::move(at), binary(Op::Eq, std::move(side), call("cardrt_active_player", {G()})));
    if (r == BattleRole::Defending) return and_(std::move(at), binary(Op::Ne, std::move(side), call("cardrt_active_player", {G()})));
    auto present = [&](Op op) { return any_card(at_current_battlefield_on_side(op), {}); };
    return and_(and_(binary(Op::Gt, call("cardrt_current_battlefield", {G()}), konst(0)),
                     binary(Op::Eq, call("cardrt_card_battlefield", {G(), card}), call("cardrt_current_battlefield", {G()}))),
                and_(present(Op::Eq), present(Op::Ne)));
  }

  // ---------------------------------------------------------------- armies (003 Stats)
  // An army is a side's units at a battlefield (001 Battlefields: none at home): where it is and whose side.
  // "your army", "the enemy army": at the current battlefield (the battle's); a card's ("this army", "his army"): where
  // that card is, on its controller's side; the enemy army beside another (`beside`): the other side where that is.
  struct ArmyPlace {
    Node battlefield;
    Node side;           // a player
    bool other = false;  // the side of every other player than `side`
  };
  ArmyPlace army_place(const Army& a, Body& b, const ArmyPlace* beside = nullptr) {
    switch (a.kind) {
      case Army::Kind::Yours: return {call("cardrt_current_battlefield", {G()}), controller(), false};
      case Army::Kind::Enemy:
        if (beside) return {beside->battlefield, beside->side, !beside->other};
        return {call("cardrt_current_battlefield", {G()}), controller(), true};
      case Army::Kind::OfCard: {
        Node who = card(*a.of, b);
        return {call("cardrt_card_battlefield", {G(), who}), call("cardrt_card_controller", {G(), who}), false};
      }
    }
    throw NotYet{};
  }
  // 003 Stats example: the defending side is the player's whose turn it is not
  Node you_defend() { return binary(Op::Ne, controller(), call("cardrt_active_player", {G()})); }
  // whether `card` is where the army is, on its side (the army's battlefield not asked: none, no army)
  static Node army_side(const ArmyPlace& a, const Node& card) {
    return and_(binary(Op::Eq, call("cardrt_card_battlefield", {G(), card}), a.battlefield),
                binary(a.other ? Op::Ne : Op::Eq, call("cardrt_card_controller", {G(), card}), a.side));
  }
  // how many units the army has: the cards heading them there (001 This: a unit is a person and its attachments)
  Node army_units(const ArmyPlace& a, SourceRange at) {
    Body f;
    f.stmts.push_back(ret(and_(and_(call("cardrt_card_in_play", {G(), param(2)}), unit_head_test(param(2))), army_side(a, param(2)))));
    return call("cardrt_count_cards", {G(), C(), fn_ref(filter_fn(std::move(f), at))});
  }
  // whether `card` heads a unit (card_binder.h); a game without persons has no units
  Node unit_head_test(const Node& card) const {
    std::optional<Node> heads = binding::unit_head_test(p_, card);
    if (!heads) throw NotYet{};
    return std::move(*heads);
  }

  // Whether some card passes `test` (a filter over its parameter 2, the card judged)
  Node any_card(Node test, SourceRange at) {
    Body f;
    f.stmts.push_back(ret(std::move(test)));
    return binary(Op::Gt, call("cardrt_count_cards", {G(), C(), fn_ref(filter_fn(std::move(f), at))}), konst(0));
  }

  // How many cards of a kind are attached to `holder` (001 Attach): of a type, or of any type that attaches, counted
  // by the runtime; of some keywords, through a test of each attached card.
  Node attached_count(const AttachedTest& a, const Node& holder) {
    // (an action card attached by its own text, "while he has a Spell", is tested as the binder tests it: the same count)
    if (a.keywords.empty() && a.choice.empty() && a.card_types.size() <= 1 && (a.card_types.empty() || p_.card_types[static_cast<size_t>(a.card_types[0])].attaches))
      return call("cardrt_card_attachments", {G(), holder, konst(a.card_types.empty() ? -1 : a.card_types[0])});
    Node kinds = konst(0);
    bool first = true;
    auto one_of = [&](Node is) {
      kinds = first ? std::move(is) : binary(Op::Or, std::move(kinds), std::move(is));
      first = false;
    };
    for (ProfileId t : a.card_types) one_of(binary(Op::Eq, call("cardrt_card_type", {G(), param(2)}), konst(t)));
    for (ProfileId k : a.keywords) one_of(call("cardrt_card_has_keyword", {G(), param(2), konst(k)}));
    if (!a.choice.empty()) {  // "a Gaijin or Peasant Weapon": and one of these keywords
      Node any = call("cardrt_card_has_keyword", {G(), param(2), konst(a.choice[0])});
      for (size_t i = 1; i < a.choice.size(); ++i) any = binary(Op::Or, std::move(any), call("cardrt_card_has_keyword", {G(), param(2), konst(a.choice[i])}));
      kinds = and_(std::move(any), std::move(kinds));
    }
    Body test;
    test.stmts.push_back(ret(and_(call("cardrt_card_in_play", {G(), param(2)}), std::move(kinds))));
    int fn = filter_fn(std::move(test), a.range);
    return call("cardrt_card_attachments_matching", {G(), C(), holder, fn_ref(fn)});
  }

  // The cards of your hand a discard chooses from: "Discard a Kiho from your hand" says where they are, the only hand
  // a discard takes from; any other zone is not lowered yet
  // whether the card prints the keyword (its keyword line, by the profile's name)
  bool prints_keyword(ProfileId k) const {
    return std::any_of(card_.keywords.begin(), card_.keywords.end(), [&](const ast::KeywordEntry& e) { return p_.keyword_id(e.text) == static_cast<size_t>(k); });
  }

  // "a card": no word narrows the set
  static bool any_card(const CardFilter& f) {
    return f.card_types.empty() && f.keywords.empty() && f.states.empty() && !f.attachment && f.alternatives.empty() && f.stats.empty() &&
           f.attached.empty() && !f.other;
  }
  CardFilter in_your_hand(const CardFilter& f) const {
    CardFilter hand = f;
    for (CardFilter& a : hand.alternatives) a = in_your_hand(a);  // "a Kiho or a Spell from your hand"
    if (!f.in) return hand;
    if (!f.in->yours || f.in->zones.size() != 1 || f.in->zones[0] != runtime_zone_role_zone(p_, CARDRT_ZROLE_HAND)) throw NotYet{};
    hand.in.reset();
    return hand;
  }

  // "Put a Spell in your discard pile into your hand": one card of the set, chosen where it is as the effect resolves
  // (001 Target: not targeted), into a slot after the unit's targets; put into the zone of the player who chose it
  void put_chosen(const Effect& e, Body& b) {
    if (!out_of_play_zone(*e.cards) || e.zone_of == Effect::ZoneOf::Owners) throw NotYet{};
    zones_searched_ = true;
    const int fn = filter_function(*e.cards, e.range);
    zones_searched_ = false;
    const int64_t slot_k = next_slot();
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_choose_cards", {G(), C(), konst(slot_k), fn_ref(fn), konst(1), konst(1), konst(CARDRT_TGT_ANY_ZONE)}),
                                     konst(CARDRT_OK))));
    b.stmts.push_back(eval(call("cardrt_put_slot", {G(), C(), konst(slot_k), controller(), konst(e.zone), konst(0)})));
  }

  // A target chosen in your zones out of play: a card you own
  bool yours_out_of_play(const CardRef& r) const {
    // the target, by "target", "the target" or a pronoun naming it ("Target a Follower in your discard pile: Put it into ...")
    if ((r.kind != CardRef::Kind::Target && r.kind != CardRef::Kind::Pronoun && r.kind != CardRef::Kind::TheTarget) || r.target < 0)
      return false;
    const CardFilter& f = u_->targets[static_cast<size_t>(r.target)].filter;
    return out_of_play_zone(f) && f.in->yours;
  }

  // A set in zones out of play ("in your hand", "in your discard pile"); "in play" is where a set's cards are anyway
  bool out_of_play_zone(const CardFilter& f) const {
    if (!f.in) return false;
    return std::any_of(f.in->zones.begin(), f.in->zones.end(),
                       [&](ProfileId z) { return !p_.zone_in_play(z); });
  }

  bool may_hold_action_cards(const CardFilter& f) const {
    return f.card_types.empty() || std::any_of(f.card_types.begin(), f.card_types.end(), [&](ProfileId t) {
             return p_.card_types[static_cast<size_t>(t)].action;
           });
  }

  // A test of a card (param 2), and a body run for each card of a set (param 2 the card): the IR's functions by kind
  int filter_fn(Body b, SourceRange origin) { return add_function("filter", FnKind::Filter, std::move(b), origin); }
  int each_fn(Body b, SourceRange origin) { return add_function("each", FnKind::Amount, std::move(b), origin); }

  // `also`: one more test of the card (param 2) the set's words do not give ("at the current battlefield")
  int filter_function(const CardFilter& f, SourceRange origin, std::optional<Node> also = std::nullopt) {
    Body b;
    Node test = filter_test(f, param(2));
    if (also) test = and_(std::move(test), std::move(*also));
    b.stmts.push_back(ret(std::move(test)));
    return filter_fn(std::move(b), origin);
  }

  // ---------------------------------------------------------------- amounts (000 7)
  Node amount(const Amount& a, Body& b) {
    if (!a.or_if) return one_amount(a, b);
    // ", or 3 Gold if it is not your turn": the first plus the difference while the condition holds, so each amount
    // is computed once
    Node first = one_amount(a, b);
    Node second = amount(a.or_if->amount, b);
    Node holds = binary(Op::Ne, condition(a.or_if->condition, b), konst(0));
    return binary(Op::Add, first, binary(Op::Mul, binary(Op::Sub, std::move(second), first), std::move(holds)));
  }

  Node one_amount(const Amount& a, Body& b) {
    // 000 7.4: the card's one X: the amount its text defines, computed where the X stands as the effect resolves;
    // else chosen and announced (7.4a)
    if (a.kind == Amount::Kind::X && (x_defined_by_text_ || card_x_)) return amount(defined_x(), b);
    if (a.kind == Amount::Kind::X) return call("cardrt_ctx_x", {G(), C()});
    if (a.kind == Amount::Kind::CountOf) {
      // "the number of Structures you rule": the cards of the set in play as the effect resolves
      int f = filter_function(*a.cards, a.range);
      return binary(Op::Mul, konst(a.value), call("cardrt_count_cards", {G(), C(), fn_ref(f)}));
    }
    if (a.kind == Amount::Kind::StatOf) {
      // 000 7.2: the stat's value as the effect resolves, never below zero; a penalty of that much
      Node v = a.base ? stat_value(card(*a.of, b), a.stat, true) : call("cardrt_stat_result", {G(), card(*a.of, b), konst(a.stat)});
      if (a.minus) v = binary(Op::Max, konst(0), binary(Op::Sub, std::move(v), konst(a.minus)));  // "his Force minus 1"
      return a.negated ? binary(Op::Sub, konst(0), std::move(v)) : v;
    }
    return konst(a.value);
  }

  // The definition of the card's X (000 7.4d: one X a card). One in another unit is used only when it names no card
  // of that unit (a target, a pronoun, the performer): "this beast's ATK", "the number of beasts you rule".
  const Amount& defined_x() const {
    const XDefinition* d = u_->x ? &*u_->x : card_x_;
    if (!d) throw NotYet{};  // defined in words the grammar does not read ("X is 2.")
    const Amount& a = d->amount;
    if (!u_->x && a.of && a.of->kind != CardRef::Kind::ThisCard && a.of->kind != CardRef::Kind::Bearer) throw NotYet{};
    return a;
  }

  int add_function(const std::string& suffix, FnKind kind, Body body, SourceRange origin) {
    return add_unit_function(m_, unit_prefix_, suffix, kind, std::move(body), origin);
  }

  const GameProfile& p_;
  Module& m_;
  const ast::Card& card_;
  bool x_defined_by_text_;
  const CardTypeDef* type_ = nullptr;
  int terrain_ = -1;
  std::string prefix_, unit_prefix_;
  const Unit* u_ = nullptr;
  bool continuous_ = false;
  bool delayed_ = false;      // lowering a delayed effect's body (002 rule 521)
  bool in_province_ = false;  // the unit asks whether this card is in a state in one of your provinces
  std::vector<int> declared_;
  std::vector<int> modes_;   // the unit's constructor options (002 524), registered after the ability
  int performer_slot_ = -1;
  int32_t designators_ = 0;  // the unit's designators (CARDRT_DESIG_*)  // the unit's performer, once chosen
  int64_t chosen_ = 0;       // cards the unit's keyword actions chose so far (their slots follow its targets)
  bool choosing_ = false;    // lowering a keyword action's strength: "the target" is its filter's candidate
  int each_target_ = -1;     // lowering the effect on each card of this targeting of several (each_target)
  int discarded_slot_ = -1;
  // the locals of the unit's duel: its two duelists and its winner (docs/meaning.md 27)
  struct Duelists {
    uint32_t challenger = 0, challenged = 0, winner = 0;
  };
  std::optional<Duelists> duel_;
  std::optional<uint32_t> created_;  // the local holding the card the unit's create effect made last  // lowering what follows "Discard a card to ...": the slot of the card discarded
  int looked_slot_ = -1;     // the unit's latest look at the top cards of a deck: its slot
  uint32_t looked_taken_ = 0;  // and the slots of the cards chosen from it since (those "the rest" leaves out)
  // the unit's latest move in its effects' own body (not inside a choice or a function for each card, whose locals are
  // their own): whether it moved its card ("If he moved")
  struct Moved {
    uint32_t local;
    CardRef card;
  };
  std::optional<Moved> moved_;
  const Body* top_ = nullptr;  // the unit's effects' body, while its steps are lowered
  bool zones_searched_ = false;  // lowering a target's set: it may be out of play ("in your discard pile")
  std::optional<uint32_t> attack_card_, destroyed_;  // what the unit's last attack aimed at and did
  std::optional<Node> subject_;  // the card a trait describes, for a condition that names no card ("while attacking")
  const XDefinition* card_x_ = nullptr;  // "where X is ..." in any unit of the card
  std::map<const CardFilter*, int> per_card_filters_;  // the count function of each "for each" set
  // 003 Embedded text: the card's granted units (granted_index), registered after its printed abilities
  struct Granted {
    const Unit* unit;
    ProfileId holder;  // the card type of the card given it (-1: the words do not say)
  };
  std::vector<Granted> granted_;
  size_t printed_abilities_ = 0;
  bool granting_ = false;  // lowering a granted unit
};

}  // namespace

std::optional<bool> lower_card_meaning(const CheckContext& ctx, ir::Module& m, const CardReading& r, size_t index,
                                       const std::vector<ParagraphMeaning>& paragraphs, Body& reg) {
  if (!std::all_of(paragraphs.begin(), paragraphs.end(), [](const ParagraphMeaning& p) { return p.unit && p.round_trips; }))
    return std::nullopt;
  const size_t functions_before = m.functions.size();
  Body card_reg;
  card_reg.registering = reg.registering;
  try {
    MeaningLowering(ctx, m, r, index).card(paragraphs, card_reg);
  } catch (const NotYet&) {
    m.functions.resize(functions_before);
    return std::nullopt;
  }
  reg.locals = std::max(reg.locals, card_reg.locals);
  for (auto& s : card_reg.stmts) reg.stmts.push_back(std::move(s));
  return true;
}

}  // namespace cardc::binding
