// The wording reader (wording_reader.h): runs the sentence shapes of grammar/english/Wording.g4 over classified
// tokens and builds the meaning tree, one function per grammar rule (the rule is written above it).
#include "parse/wording_reader.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "Wording.h"
#include "antlr4-runtime.h"
#include "parse/parse_tree.h"

namespace cardc {

namespace {

using W = cardc_wording::Wording;
using namespace meaning;
using namespace parse_tree;

// A paragraph's tokens, remembering the furthest one the parser looked at: the first word no shape reads is the one no
// prediction could read past, whichever rule the parser had chosen when it stopped (a choice made early, as between
// the shapes after a sentence's first effect, fails at the first word that rule cannot read)
class FurthestLook : public antlr4::CommonTokenStream {
 public:
  using antlr4::CommonTokenStream::CommonTokenStream;
  antlr4::Token* LT(ssize_t k) override {
    // Every token is fetched at once (fill) and on the one channel, so the k-th ahead is the k-th in the list, or the
    // end past it: what CommonTokenStream finds by walking the channels token by token, at every look of a prediction
    if (k > 0 && _fetchedEOF && isInitialized()) {
      const size_t i = std::min(_p + static_cast<size_t>(k) - 1, _tokens.size() - 1);
      furthest = std::max(furthest, i);
      return _tokens[i].get();
    }
    antlr4::Token* t = antlr4::CommonTokenStream::LT(k);
    if (t && k > 0) furthest = std::max(furthest, t->getTokenIndex());
    return t;
  }
  void consume() override {  // the next in the list, as LT; at the end CommonTokenStream's refuses
    if (_fetchedEOF && isInitialized() && _p + 1 < _tokens.size())
      ++_p;
    else
      antlr4::CommonTokenStream::consume();
  }
  size_t furthest = 0;
  void reserve(size_t n) { _tokens.reserve(n); }

 protected:
  // ANTLR's asks each token by dynamic_cast whether it may be numbered: a paragraph's are all CommonTokens (made by
  // read_wording, and the end the ListTokenSource adds), numbered here
  size_t fetch(size_t n) override {
    if (_fetchedEOF) return 0;
    for (size_t i = 0; i < n; ++i) {
      std::unique_ptr<antlr4::Token> t(_tokenSource->nextToken());
      static_cast<antlr4::CommonToken*>(t.get())->setTokenIndex(_tokens.size());
      const bool end = t->getType() == antlr4::Token::EOF;
      _tokens.push_back(std::move(t));
      if (end) {
        _fetchedEOF = true;
        return i + 1;
      }
    }
    return n;
  }
};

// The parser's prediction, answering "no alternative" at once after a paragraph's first error: the parse then runs
// out without predicting at each rule it leaves (at the end of the paragraph that prediction found nothing, at full
// cost, every time: a sixth of the prediction of a check; the first error is all a failing paragraph is parsed for).
class StoppablePrediction : public antlr4::atn::ParserATNSimulator {
 public:
  using antlr4::atn::ParserATNSimulator::ParserATNSimulator;
  size_t adaptivePredict(antlr4::TokenStream* input, size_t decision, antlr4::ParserRuleContext* outer) override {
    if (stopped) return antlr4::atn::ATN::INVALID_ALT_NUMBER;
    antlr4::dfa::DFA& dfa = decisionToDFA[decision];
    // a decision's first prediction (no start state yet) and a precedence DFA: ANTLR's own
    if (dfa.isPrecedenceDfa() || !dfa.s0) return antlr4::atn::ParserATNSimulator::adaptivePredict(input, decision, outer);
    // ANTLR's own from here, step for step, but for the std::function it allocates at every prediction to undo it
    // (a third of the cost of a prediction read from the DFA)
    _input = input;
    _startIndex = input->index();
    _outerContext = outer;
    _dfa = &dfa;
    const ssize_t mark = input->mark();
    struct Undo {
      StoppablePrediction& p;
      antlr4::TokenStream* input;
      size_t index;
      ssize_t mark;
      ~Undo() {
        p.mergeCache.clear();
        p._dfa = nullptr;
        input->seek(index);
        input->release(mark);
      }
    } undo{*this, input, _startIndex, mark};
    return execATN(dfa, dfa.s0, input, _startIndex, outer ? outer : &antlr4::ParserRuleContext::EMPTY);
  }
  bool stopped = false;
  // Whether a prediction reached a DFA state where SLL sees a conflict: the only place SLL and LL choose differently.
  // Every state a prediction reaches comes from one of these two (execATN); full LL runs only from such a state.
  bool conflicted = false;

 protected:
  // ANTLR's own takes its process-wide edge lock around this lookup at every token of every prediction (a read lock
  // is a mutex taken and released twice: 3% of a check); read_wording parses one paragraph at a time
  // (one_parse_at_a_time), so no other thread grows this grammar's DFA while it is read. Growing it (addDFAEdge)
  // still takes ANTLR's lock.
  antlr4::dfa::DFAState* getExistingTargetState(antlr4::dfa::DFAState* previous, size_t t) override {
    const auto edge = previous->edges.find(t);
    return noted(edge == previous->edges.end() ? nullptr : edge->second);
  }
  antlr4::dfa::DFAState* computeTargetState(antlr4::dfa::DFA& dfa, antlr4::dfa::DFAState* previous, size_t t) override {
    return noted(antlr4::atn::ParserATNSimulator::computeTargetState(dfa, previous, t));
  }

 private:
  antlr4::dfa::DFAState* noted(antlr4::dfa::DFAState* d) {
    if (d && d->requiresFullContext) conflicted = true;
    return d;
  }
};

// The wording grammar's prediction cache (its DFA, shared by every parser of it) is read and grown by one parse at a
// time, whichever thread parses
std::mutex& one_parse_at_a_time() {
  static std::mutex m;
  return m;
}

// Notes the first syntax error, then runs the parse out at the paragraph's end: no recovery (which would invent
// tokens), and no exception out of the parser. One would unwind through every rule the parser is in, each a large
// generated function whose exception tables the unwinder reads twice: a paragraph no shape reads cost more to give up
// than to parse (docs/performance.md, session 23). At the end a rule that cannot go on throws to its own handler,
// which returns; the tree of a paragraph with an error is not read.
class StopAtFirstError : public antlr4::ANTLRErrorStrategy {
 public:
  StopAtFirstError(FurthestLook& stream, StoppablePrediction& prediction) : stream_(stream), prediction_(prediction) {}
  void reset(antlr4::Parser*) override {}
  antlr4::Token* recoverInline(antlr4::Parser* p) override {
    note(p->getCurrentToken());
    return p->getCurrentToken();  // the end: no token is invented
  }
  void recover(antlr4::Parser*, std::exception_ptr) override { run_out(); }
  void sync(antlr4::Parser*) override {}
  bool inErrorRecoveryMode(antlr4::Parser*) override { return failed; }
  void reportMatch(antlr4::Parser*) override {}
  void reportError(antlr4::Parser*, const antlr4::RecognitionException& e) override { note(e.getOffendingToken()); }

  bool failed = false;
  size_t index = 0;     // the first error's token
  size_t furthest = 0;  // the furthest token looked at by then

 private:
  void note(antlr4::Token* offending) {
    if (!failed) {
      failed = true;
      if (offending) index = offending->getTokenIndex();
      furthest = stream_.furthest;
      prediction_.stopped = true;
    }
    run_out();
  }
  void run_out() { stream_.seek(stream_.size() - 1); }
  FurthestLook& stream_;
  StoppablePrediction& prediction_;
};

// A reading that the grammar accepted but the tree cannot hold (a modifier whose letters name no stat ...).
struct Refusal {
  SourceRange where;
  std::string why;
};

class Transformer {
 public:
  Transformer(std::span<const wording::WordToken> tokens, const GameProfile& p, int card_type, std::span<const ProfileId> keywords,
              const EmbeddedReader* embedded)
      : t_(tokens), p_(p), card_type_(card_type), embedded_(embedded), own_keywords_(keywords) {}

  // unit : header? evenIf? (constraint COLON)* body EOF
  Unit unit(W::UnitContext* c) {
    Unit u;
    unit_ = &u;  // what a card named inside a card set refers to ("with lower Chi than this Shugenja")
    u.range = range(c);
    u.kind = sub<W::HeaderContext>(c) ? UnitKind::Ability : sub<W::TriggerContext>(c) ? UnitKind::Triggered : UnitKind::Untriggered;  // before its words are read
    if (sub<W::HeaderContext>(c)) header(sub<W::HeaderContext>(c), u);
    if (sub<W::EvenIfContext>(c)) u.even_if = condition(sub<W::ConditionContext>(sub<W::EvenIfContext>(c)), u);
    if (sub<W::TriggerContext>(c)) {  // the trigger before a comma
      u.trigger = trigger(sub<W::TriggerContext>(c), u);
      u.trigger->leads = true;
    }
    if (auto* l = sub<W::LimitContext>(c)) {
      u.limit = use_limit(sub<W::UseLimitContext>(l));
      if (sub<W::ConstraintContext>(l)) constraint(sub<W::ConstraintContext>(l), u);
    }
    for (auto* k : subs<W::ConstraintContext>(c)) constraint(k, u);
    u.kind = sub<W::HeaderContext>(c) ? UnitKind::Ability : u.trigger ? UnitKind::Triggered : UnitKind::Untriggered;  // a trigger among the constraints
    body(sub<W::BodyContext>(c), u);
    if (u.roll >= 0)  // 004 Luck: after a roll, each sentence is an outcome's; one that names none would bend the roll away
      for (const Step& s : u.body) {
        const auto* k = std::get_if<Conditional>(&s);
        if (!k || !names_outcome(k->condition)) throw Refusal{u.range, "a sentence after the roll names no outcome ('if successful')"};
      }
    if (top_named_) name_discarded_top(u);
    if (hand_named_)
      for (Effect& c : u.costs)  // "Discard a card: ... the card's Focus Value"
        if (c.verb == Primitive::discard_ && c.cards) c.kept = true;
    return u;
  }

 private:
  static bool names_outcome(const Condition& k) {
    return k.kind == Condition::Kind::RollResult || std::any_of(k.parts.begin(), k.parts.end(), names_outcome);
  }
  const wording::WordToken& tok(antlr4::Token* t) const { return t_[t->getTokenIndex()]; }
  const wording::WordToken& tok(antlr4::tree::TerminalNode* n) const { return tok(n->getSymbol()); }
  SourceRange range(antlr4::ParserRuleContext* c) const {
    size_t a = c->getStart()->getTokenIndex(), b = c->getStop() ? c->getStop()->getTokenIndex() : a;
    if (a >= t_.size()) a = t_.size() - 1;
    if (b >= t_.size()) b = t_.size() - 1;  // the unit's stop is EOF
    if (b < a) b = a;
    return SourceRange::join(t_[a].range, t_[b].range);
  }

  // useLimit : (ONCE | TWICE | amount TIMES) PER (turn | GAME); the runtime counts up to 15 uses
  UseLimit use_limit(W::UseLimitContext* c) {
    UseLimit l;
    l.range = range(c);
    l.per_game = term(c, W::GAME) != nullptr;
    if (term(c, W::TWICE)) l.times = 2;
    if (sub<W::AmountContext>(c)) {
      const Amount n = amount(sub<W::AmountContext>(c));
      if (n.kind != Amount::Kind::Constant || n.value < 3 || n.value > 15) throw Refusal{n.range, "a number of times from 3 to 15"};
      l.times = n.value;
    }
    return l;
  }

  // header : KEYWORD* DESIGNATOR (SLASH DESIGNATOR)* COLON
  void header(W::HeaderContext* c, Unit& u) {
    for (auto* k : terms(c, W::KEYWORD)) u.keywords.push_back(tok(k).id);
    for (auto* d : terms(c, W::DESIGNATOR)) u.designators.push_back(tok(d).id);
  }

  // constraint : trigger | constraintPart ((COMMA | COMMA? AND) constraintPart)* | IF condition
  void constraint(W::ConstraintContext* c, Unit& u) {
    if (auto* t = node_as<W::TriggerConstraintContext>(c)) {
      if (u.trigger) throw Refusal{range(c), "a second trigger"};
      u.trigger = trigger(sub<W::TriggerContext>(t), u);
      return;
    }
    if (auto* k = node_as<W::ConditionConstraintContext>(c)) {
      // 003 Abilities: a condition in the constraints block: the ability may be used only while it holds
      Constraint block;
      block.range = range(c);
      u.conditions.push_back(condition(sub<W::ConditionContext>(k), u));
      block.kind = Constraint::Kind::Condition;
      block.items.push_back(static_cast<int>(u.conditions.size() - 1));
      u.constraints.push_back(std::move(block));
      return;
    }
    if (auto* cp = node_as<W::ConditionPartsConstraintContext>(c)) {
      // "If any enemy units are at the current battlefield, choose your performing Personality:": the condition, then
      // the block's costs and targets (003 Abilities: one constraints block)
      Constraint block;
      block.range = range(sub<W::ConditionContext>(cp));
      u.conditions.push_back(condition(sub<W::ConditionContext>(cp), u));
      block.kind = Constraint::Kind::Condition;
      block.leads = true;
      block.items.push_back(static_cast<int>(u.conditions.size() - 1));
      u.constraints.push_back(std::move(block));
      constraint_parts(sub<W::ConstraintPartsContext>(cp), u);
      return;
    }
    if (auto* tp = node_as<W::TriggerPartsConstraintContext>(c)) {
      // "Reaction: After Itao enters play, target a Follower in your hand:": the trigger, then the block's costs and
      // targets (003 Abilities: one constraints block)
      if (u.trigger) throw Refusal{range(c), "a second trigger"};
      u.trigger = trigger(sub<W::TriggerContext>(tp), u);
      u.trigger->leads = true;  // printed before a comma (the same meaning as a colon)
      constraint_parts(sub<W::ConstraintPartsContext>(tp), u);
      return;
    }
    if (auto* r = node_as<W::RollConstraintContext>(c)) {
      // "Roll for Luck:": 004 Luck, Resist: a D6 rolled against a stat the profile marks [rolled], as the effects begin
      Constraint block;
      block.range = range(c);
      block.kind = Constraint::Kind::Roll;
      const wording::WordToken& stat = tok(term(r, W::STAT));
      if (!p_.stats.at(static_cast<size_t>(stat.id)).rolled) throw Refusal{stat.range, "no die is rolled for this stat"};
      if (u.roll >= 0) throw Refusal{block.range, "a second roll"};
      u.roll = stat.id;
      u.constraints.push_back(std::move(block));
      return;
    }
    if (auto* k = node_as<W::CostSentencesConstraintContext>(c)) {
      // "Bow this card. Pay 3 Gold:": costs one sentence each, paid in order as "and" would join them (003 Abilities C)
      Constraint block;
      block.range = range(c);
      block.sentences = true;
      for (auto* one : subs<W::CostContext>(k)) {
        u.costs.push_back(cost(one, u));
        block.items.push_back(static_cast<int>(u.costs.size() - 1));
      }
      u.constraints.push_back(std::move(block));
      return;
    }
    constraint_parts(sub<W::ConstraintPartsContext>(static_cast<W::BlockConstraintContext*>(c)), u);
  }

  // constraintParts : constraintPart ((COMMA | COMMA? AND) constraintPart)*
  // One block of costs, targeting and the performer, in the order printed; costs in a row are one block.
  void constraint_parts(W::ConstraintPartsContext* c, Unit& u) {
    bool first = true;
    for (auto* part : subs<W::ConstraintPartContext>(c)) {
      Constraint block;
      block.range = range(part);
      block.joined = !first;
      first = false;
      if (auto* k = node_as<W::CostPartContext>(part)) {
        Effect paid = cost(sub<W::CostContext>(k), u);
        if (term(k, W::UNLESS)) paid.unless = condition(sub<W::ConditionContext>(k), u);  // "Bow this Shugenja unless he is Void"
        if (block.joined && u.constraints.back().kind == Constraint::Kind::Costs) {
          u.costs.push_back(std::move(paid));
          u.constraints.back().items.push_back(static_cast<int>(u.costs.size() - 1));
          u.constraints.back().range = SourceRange::join(u.constraints.back().range, block.range);
          continue;
        }
        u.costs.push_back(std::move(paid));
        block.items.push_back(static_cast<int>(u.costs.size() - 1));
      } else if (auto* t = node_as<W::TargetingPartContext>(part)) {
        // 001 Target: declared in the constraints block, chosen before the costs are paid
        add_target(u, targeting(sub<W::TargetingContext>(t)));
        u.targets.back().in_constraints = true;
        block.kind = Constraint::Kind::Targeting;
        block.items.push_back(static_cast<int>(u.targets.size() - 1));
      } else {
        // "Choose your performing unbowed Monk": the performer, chosen as the action is announced
        performer(sub<W::PerformerContext>(static_cast<W::PerformerPartContext*>(part)), u);
        block.kind = Constraint::Kind::Performer;
      }
      u.constraints.push_back(std::move(block));
    }
  }

  // "His controller loses 1 Honor": a player other than you does what a resource verb or "draw" says; "Each player loses
  // 1 Honor", "All other players lose 2 Honor": every player (but you) does it in turn
  void by_player(W::PlayerContext* p, Effect& e, Unit& u) {
    PlayerRef who;
    who.range = range(p);
    if (term(p, W::CONTROLLER)) {
      who.kind = PlayerRef::Kind::ControllerOf;
      who.of = possessor(p->owner, sub<W::CardRefContext>(p), u);
    } else if (term(p, W::V_TARGET)) {
      // "A target player loses 1 Honor": a player targeted where the effect names him (001 Target); no pronoun names
      // him (the words a pronoun names are cards)
      Targeting t;
      t.player = true;
      t.inline_ = true;
      t.range = who.range;
      u.targets.push_back(std::move(t));
      who.kind = PlayerRef::Kind::Target;
      who.target = static_cast<int>(u.targets.size() - 1);
    } else {
      who.kind = PlayerRef::Kind::Each;
      who.other = term(p, W::OTHER) != nullptr;
      who.all = term(p, W::ALL) != nullptr;
      if (term(p, W::WHO)) who.who = player_controls(p, u);
    }
    if (e.verb != Primitive::gain_ && e.verb != Primitive::lose_ && e.verb != Primitive::draw_)
      throw Refusal{e.range, "a player doing what this verb says"};
    e.range = SourceRange::join(who.range, e.range);
    e.player = std::move(who);
  }

  // "each player who does not control an Ancestor Personality", "each player who controls a Ring": a condition on each
  // player, judged with that player as "you" (docs/meaning.md 23), as "you control" is (one card of the set, no side)
  std::shared_ptr<const Condition> player_controls(W::PlayerContext* p, Unit&) {
    Condition k;
    k.kind = Condition::Kind::YouControl;
    k.range = range(p);
    k.negated = term(p, W::DOES) != nullptr;
    k.cards = card_filter(sub<W::CardFilterContext>(p));
    if (k.cards->plural || k.cards->side != Side::Any) throw Refusal{k.cards->range, "'controls' before a plural or a side"};
    k.cards->side = Side::Yours;
    return std::make_shared<const Condition>(std::move(k));
  }

  // A targeting of the unit: the latest card a pronoun may name.
  void add_target(Unit& u, Targeting t) {
    u.targets.push_back(std::move(t));
    antecedent_ = Antecedent::Target;
  }

  // performer : YOUR PERFORMING performed
  CardRef performer(W::PerformerContext* c, Unit& u) {
    if (u.performer || targets_performer(u)) throw Refusal{range(c), "a second performer"};
    Performer p;
    p.range = range(c);
    p.filter = performed(sub<W::PerformedContext>(c), p.range, p.anywhere);
    u.performer = std::move(p);
    antecedent_ = Antecedent::Performer;
    CardRef r;
    r.kind = CardRef::Kind::Performer;
    r.range = range(c);
    return r;
  }

  // 001 This, 001 Tactician: on an action card (a Spell), "this Shugenja" names the card performing the action, one
  // of your cards with the keyword, chosen once as the action is announced, like "your performing Shugenja"; named
  // again, it is the same card
  CardRef this_performer(const wording::WordToken& noun, CardRef r, Unit& u) {
    if (!u.performer) {
      Performer p;
      p.range = r.range;
      p.filter.range = r.range;
      p.filter.side = Side::Yours;
      p.filter.keywords.push_back(noun.id);
      p.named_by_this = true;
      u.performer = std::move(p);
    } else if (!u.performer->named_by_this || u.performer->filter.keywords != std::vector<ProfileId>{noun.id}) {
      throw Refusal{r.range, "'this' names another card than the one performing the action"};
    }
    antecedent_ = Antecedent::Performer;
    r.kind = CardRef::Kind::Performer;
    r.keyword = noun.id;
    return r;
  }

  // performed : (STATE | DESCRIPTION)* (KEYWORD* nouns | KEYWORD+) (AT ANY LOCATION)?: one of your cards, after
  // "your performing"
  CardFilter performed(W::PerformedContext* c, SourceRange whole, bool& anywhere) {
    CardFilter f;
    f.range = whole;
    nouns(sub<W::NounsContext>(c), f, terms(c, W::KEYWORD));
    if (f.plural) throw Refusal{whole, "several cards performing one action"};
    if (f.units) throw Refusal{whole, "a unit performing an action"};  // 001 Tactician: a card performs it
    f.side = Side::Yours;
    states(terms(c, W::STATE), f);
    descriptions(terms(c, W::DESCRIPTION), f);
    for (auto* k : terms(c, W::KEYWORD)) f.keywords.push_back(tok(k).id);
    anywhere = term(c, W::LOCATION) != nullptr;
    return f;
  }
  static bool targets_performer(const Unit& u) {
    return std::any_of(u.targets.begin(), u.targets.end(), [](const Targeting& t) { return t.performing; });
  }
  // "Target your performing Courtier", "your target performing Ancestor": the target is the card performing the
  // action (001 Tactician), so the unit names no other performer
  Targeting performing_target(W::PerformedContext* c, SourceRange whole, const Unit& u) {
    if (u.performer || targets_performer(u)) throw Refusal{whole, "a second performer"};
    Targeting t;
    t.range = whole;
    t.performing = true;
    t.filter = performed(c, whole, t.anywhere);
    return t;
  }

  // trigger : timing triggerSubject EVENT
  Trigger trigger(W::TriggerContext* c, Unit& u) {
    Trigger t;
    t.range = range(c);
    t.event = tok(term(c, W::EVENT)).id;
    if (!sub<W::TimingContext>(c)) {
      // "Invest: Pay 3 Gold: ...": the event named alone happens to this card, after which the trait triggers; "As a
      // Focus Effect: ...": this card is focused in a duel (003 Traits: the special trigger of a trait during a duel;
      // the runtime raises it with the focused card)
      const PhraseDef& e = p_.events[static_cast<size_t>(t.event)];
      if (!e.about_card() && !e.focused()) throw Refusal{t.range, "an event named alone that happens to no card"};
      t.alone = true;
      t.as_a = term(c, W::AS) != nullptr;
      CardRef self;
      self.kind = CardRef::Kind::ThisCard;
      self.range = t.range;
      t.card = self;
      return t;
    }
    t.timing = term(sub<W::TimingContext>(c), W::AFTER) ? Timing::After : term(sub<W::TimingContext>(c), W::BEFORE) ? Timing::Before : Timing::When;
    if (auto* a = sub<W::ActionByContext>(c)) return action_trigger(c, a, std::move(t), u);
    if (term(c, W::START)) {
      // "After you reveal cards in your Provinces at the start of your turn": the reveal the engine makes of your
      // provinces as your turn starts; no other event happens so
      if (!p_.events[static_cast<size_t>(t.event)].reveals_provinces())
        throw Refusal{tok(term(c, W::EVENT)).range, "an event that does not happen as the turn starts"};
      const wording::WordToken& z = tok(term(c, W::ZONE));
      provinces_named(z, true);
      t.yours = true;
      t.revealed_in = z.id;
      return t;
    }
    if (term(c, W::FROM)) {
      // "After this Holding enters play from a Province", "After you Recruit this Holding from a Province": the card
      // has just left a province (the profile's zone of provinces; no other zone is read yet)
      const wording::WordToken& z = tok(term(c, W::ZONE));
      provinces_named(z, false);
      t.from = z.id;
      if (!term(c, W::YOU) && c->object) throw Refusal{range(c->object), "a second card after the event"};
      if (term(c, W::YOU) && !c->object) throw Refusal{t.range, "what you did it to is not named"};
    }
    if (term(c, W::YOU)) {  // "After you Recruit this Holding"
      t.yours = true;
      t.card = card_ref(c->object, u);
      if (t.card->kind != CardRef::Kind::ThisCard && t.card->kind != CardRef::Kind::Bearer)
        throw Refusal{t.card->range, "what you did it to is not this card"};
      attached_to(c, t, u);
      return t;
    }
    if (auto* s = node_as<W::CardSubjectContext>(c->subject)) t.card = card_ref(sub<W::CardRefContext>(s), u);
    else if (node_as<W::YourSubjectContext>(c->subject)) t.yours = true;
    else if (node_as<W::OthersSubjectContext>(c->subject)) {
      if (!p_.events[static_cast<size_t>(t.event)].about_turn()) throw Refusal{range(c->subject), "another player's event that is no turn's"};
      t.others = true;
    } else if (auto* a = node_as<W::AnySubjectContext>(c->subject)) {
      // an event about a card is said of one ("After a Personality enters play"): an article alone names none
      if (p_.events[static_cast<size_t>(t.event)].about_card()) throw Refusal{range(c->subject), "an event about a card with no card named"};
      t.article = a->article->getType() == W::THE ? Trigger::Article::Definite : Trigger::Article::Indefinite;
    } else t.cards = card_filter(sub<W::CardFilterContext>(static_cast<W::FilterSubjectContext*>(c->subject)));
    return t;
  }

  // "... to Rin", "... to a Void Shugenja": the card the event's card is now attached to, or one of a set (001 Attach)
  void attached_to(W::TriggerContext* c, Trigger& t, Unit& u) {
    if (c->holder) t.attached_to = card_ref(c->holder, u);
    else if (c->holders) t.attached_to_cards = card_filter(c->holders);
  }

  // trigger : timing actionBy EVENT (cardRef | cardFilter) (TO cardRef | AT A BATTLEFIELD | FROM (A | AN) ZONE)?
  // "After the action Equips a Spell to Rin", "After another player's Battle action targets this Personality": an
  // action did the event to a card (003 Abilities); what it did it to, and where that card is now
  Trigger action_trigger(W::TriggerContext* c, W::ActionByContext* a, Trigger t, Unit& u) {
    if (!p_.events[static_cast<size_t>(t.event)].about_card()) throw Refusal{tok(term(c, W::EVENT)).range, "an event an action does to no card"};
    ActionBy& by = t.action.emplace();
    by.range = range(a);
    by.the = term(a, W::THE) != nullptr;
    by.whose = term(a, W::YOUR) ? ActionBy::Whose::Yours : sub<W::AnotherPlayersContext>(a) ? ActionBy::Whose::Others : ActionBy::Whose::Any;
    if (term(a, W::DESIGNATOR)) by.designator = tok(term(a, W::DESIGNATOR)).id;
    if (c->object) t.card = card_ref(c->object, u);
    else t.cards = card_filter(c->objects);
    attached_to(c, t, u);
    t.at_battlefield = term(c, W::BATTLEFIELD) != nullptr;
    if (term(c, W::FROM)) {  // "After the action Recruits a Fortification from a Province": it has just left one
      const wording::WordToken& z = tok(term(c, W::ZONE));
      provinces_named(z, false);
      t.from = z.id;
    }
    return t;
  }

  // cost : V_BOW cardRef | (V_PAY | V_LOSE) amount RESOURCE
  Effect cost(W::CostContext* c, Unit& u) {
    Effect e;
    e.range = range(c);
    if (auto* b = node_as<W::CardCostContext>(c)) {
      e.verb = verb(b->verb);
      e.card = card_ref(sub<W::CardRefContext>(b), u);
      if (e.verb == Primitive::set_state_) e.state = state_of_verb(b->verb);
      // a card discarded from play is this card ("Discard this Spell"); another card in play is destroyed, not discarded
      if (e.verb == Primitive::discard_ && e.card->kind != CardRef::Kind::ThisCard) throw Refusal{e.card->range, "discarding a card other than this card as a cost"};
      if (auto* other = sub<W::CardFilterContext>(b)) {
        // "Bow Kojinrue or one of his Weapons": one card, this one or one of the set, chosen as the cost is paid (001
        // Target: not targeted); the card is one of the controller's in play
        if (e.verb != Primitive::bow_ || e.card->kind != CardRef::Kind::ThisCard) throw Refusal{range(other), "another card paying a cost other than bowing this one"};
        e.cards = card_filter(other);
        if (e.cards->plural) throw Refusal{e.cards->range, "several cards paying a cost one card pays"};
        e.either = true;
      }
      return e;
    }
    if (auto* d = node_as<W::DiscardCostContext>(c)) {  // "Discard a card": one of your hand, chosen as it is paid
      discard_from_hand(sub<W::CardFilterContext>(d), e);
      return e;
    }
    if (auto* m = node_as<W::MoveHomeCostContext>(c)) {
      move_home(term(m, W::HOME), sub<W::CardRefContext>(m), u, e);
      return e;
    }
    if (auto* d = node_as<W::DiscardTopCostContext>(c)) {  // "Discard the top 3 cards of your Fate deck"
      e.verb = Primitive::discard_;
      e.top = deck_top(sub<W::DeckTopContext>(d), u);
      return e;
    }
    auto* r = static_cast<W::ResourceCostContext*>(c);
    e.verb = term(r, W::V_PAY) ? Primitive::pay_ : Primitive::lose_;
    e.amount = amount(sub<W::AmountContext>(r));
    e.resource = tok(term(r, W::RESOURCE)).id;
    return e;
  }

  // body : sentence whereX? (PERIOD sentence whereX?)* PERIOD? | constructor PERIOD?
  void body(W::BodyContext* c, Unit& u) {
    if (sub<W::ConstructorContext>(c)) return u.body.push_back(constructor(sub<W::ConstructorContext>(c), u));
    for (auto* child : c->children) {  // in text order: a definition of X follows its sentence
      if (auto* s = node_as<W::SentenceContext>(child)) sentence(s, u);
      else if (auto* w = node_as<W::WhereXContext>(child)) where_x(w, u);
    }
  }

  // whereX : COMMA WHERE VARX IS (statOf | countOf)
  // 000 7.4: what the card's X stands for, after the sentence that uses it; 7.4d: one X a card
  void where_x(W::WhereXContext* c, Unit& u) {
    if (u.x) throw Refusal{range(c), "X is defined twice"};
    if (u.body.empty()) throw Refusal{range(c), "X is defined after no effect"};
    XDefinition d;
    d.range = range(c);
    d.after = u.body.size() - 1;
    d.amount = sub<W::StatOfContext>(c) ? stat_of(sub<W::StatOfContext>(c), u) : count_of(sub<W::CountOfContext>(c));
    u.x = std::move(d);
  }

  // sentence : effect (... inOrderTo? | IF condition | AS cardRef V_MOVE | OR effect) | YOU MAY effect (... inOrderTo)?
  //          | IF condition COMMA (... inOrderTo? | player effect ...) | targeting inOrderTo? | statement | ...
  void sentence(W::SentenceContext* c, Unit& u) {
    if (auto* e = node_as<W::EffectSentenceContext>(c)) {
      if (auto* to = sub<W::InOrderToContext>(e)) {
        u.body.push_back(in_order_to(e, to, u));
      } else if (sub<W::ConditionContext>(e)) {
        // "Destroy him if he is bowed": the effect (and its target) first, then the condition on it
        Conditional k;
        k.range = range(c);
        k.condition_first = false;
        k.effects.push_back(effect(sub<W::EffectContext>(e), u));
        k.condition = condition(sub<W::ConditionContext>(e), u);
        u.body.push_back(std::move(k));
      } else if (term(e, W::AS)) {
        // "Straighten his unit as he moves": with the unit's move before it, so only if it moved him; "Move him home
        // and bow his unit as he moves": the effects before it one after the other, the move among them
        std::vector<W::EffectContext*> effects;
        for (auto* one : subs<W::EffectContext>(e)) effects.push_back(one);
        for (size_t i = 0; i + 1 < effects.size(); ++i) u.body.push_back(effect(effects[i], u));
        Conditional k;
        k.range = range(c);
        k.range.begin = range(effects.back()).begin;  // from the effect it makes conditional
        k.condition_first = false;
        k.as_moving = true;
        k.effects.push_back(effect(effects.back(), u));
        k.condition = moved(sub<W::CardRefContext>(e), range(sub<W::CardRefContext>(e)), u);
        if (!tok(term(e, W::V_MOVE)).third_person) throw Refusal{tok(term(e, W::V_MOVE)).range, "the verb's person and its subject disagree"};
        u.body.push_back(std::move(k));
      } else if (term(e, W::OR)) {
        Choice k;
        k.range = range(c);
        for (auto* one : subs<W::EffectContext>(e)) k.options.push_back(effect(one, u));
        if (auto* other = sub<W::CardFilterContext>(e)) k.options.push_back(other_cards(k, other));
        u.body.push_back(std::move(k));
      } else {
        for (auto* one : subs<W::EffectContext>(e)) u.body.push_back(effect(one, u));
      }
    } else if (auto* o = node_as<W::OptionalSentenceContext>(c)) {
      if (auto* to = sub<W::InOrderToContext>(o)) return u.body.push_back(in_order_to(o, to, u));
      Effect e = effect(sub<W::EffectContext>(o), u);
      e.optional = true;
      e.range = range(c);
      if (e.looked) looked_left_.reset();  // "You may put one on the bottom": how many are left, the controller decides
      u.body.push_back(std::move(e));
    } else if (auto* i = node_as<W::ConditionalSentenceContext>(c)) {
      if (auto* to = sub<W::InOrderToContext>(i)) return u.body.push_back(in_order_to(i, to, u));
      Conditional k;
      k.range = range(c);
      // "If he would be opposed, move your target Personality ...": with no card named before it, a pronoun of the
      // condition names the card the effects name after it (as the semantic passes read it), so they are read first
      const bool ahead = antecedent_ == Antecedent::None && leads_with_pronoun(sub<W::ConditionContext>(i));
      if (!ahead) k.condition = condition(sub<W::ConditionContext>(i), u);
      k.effects = branch(i, u);  // "If you control a Temple, you may straighten him": the controller chooses
      k.you = term(i, W::YOU) && !term(i, W::MAY);  // "..., you win the game": the controller, as the imperative
      if (k.you)
        for (auto* one : subs<W::EffectContext>(i))
          if (const wording::WordToken& v = tok(one->getStart()); v.third_person) throw Refusal{v.range, "the verb's person and its subject disagree"};
      if (ahead) k.condition = condition(sub<W::ConditionContext>(i), u);
      u.body.push_back(std::move(k));
    } else if (auto* o = node_as<W::OtherwiseSentenceContext>(c)) {
      // "If he is dishonorable, his controller loses 1 Honor. Otherwise, ...": the other branch of the sentence before
      std::vector<Effect> otherwise = branch(o, u);
      Conditional* k = u.body.empty() ? nullptr : std::get_if<Conditional>(&u.body.back());
      if (!k || !k->condition_first || k->as_moving || !k->otherwise.empty())
        throw Refusal{range(c), "'Otherwise' follows no sentence that begins with 'If'"};
      k->otherwise = std::move(otherwise);
      k->otherwise_range = range(c);
    } else if (auto* d = node_as<W::DelayedSentenceContext>(c)) {
      u.body.push_back(delayed(d, u));
    } else if (auto* d = node_as<W::DuelSentenceContext>(c)) {
      u.body.push_back(duel(d, u));
    } else if (auto* w = node_as<W::PlayerSentenceContext>(c)) {
      Effect e = effect(sub<W::EffectContext>(w), u);
      by_player(sub<W::PlayerContext>(w), e, u);
      e.range = range(c);
      u.body.push_back(std::move(e));
    } else if (auto* v = node_as<W::VerbChoiceSentenceContext>(c)) {
      u.body.push_back(verb_choice(v, v->first->getStart(), sub<W::EffectContext>(v), nullptr, u));
    } else if (auto* pv = node_as<W::PlayerVerbChoiceSentenceContext>(c)) {
      u.body.push_back(player_verb_choice(pv, u));
    } else if (auto* k = node_as<W::ChooseCardsSentenceContext>(c)) {
      u.body.push_back(choose_cards(k));
    } else if (auto* a = node_as<W::AttachSentenceContext>(c)) {
      u.body.push_back(attach_requirement(sub<W::AttachRequirementContext>(a)));
    } else if (auto* o = node_as<W::OperationSentenceContext>(c)) {
      u.body.push_back(stat_operation(sub<W::StatOperationContext>(o), u));
    } else if (auto* ep = node_as<W::EnteringSentenceContext>(c)) {
      u.body.push_back(entering_play(sub<W::EnteringPlayContext>(ep), u));
    } else if (auto* t = node_as<W::TargetingSentenceContext>(c)) {
      add_target(u, targeting(sub<W::TargetingContext>(t)));
      auto* to = sub<W::InOrderToContext>(t);
      if (to || term(t, W::AND)) {
        // "Target your performing Tactician to give a target Follower -6F": the target chosen, then the effects; "You
        // may target your Personality and move him home": the same, if the controller chooses to (001 Target: chosen
        // only then)
        InOrderTo k;
        k.range = range(c);
        k.target = static_cast<int>(u.targets.size() - 1);
        k.optional = term(t, W::MAY) != nullptr;
        if (!to) k.form = InOrderTo::Form::And;
        else printed_form(to, k);
        for (auto* one : subs<W::EffectContext>(to ? static_cast<antlr4::ParserRuleContext*>(to) : t)) k.then.push_back(effect(one, u));
        u.body.push_back(std::move(k));
      } else {
        if (term(t, W::MAY)) throw Refusal{range(c), "'you may' before a targeting with no effect after it"};
        u.body.push_back(TargetStep{static_cast<int>(u.targets.size() - 1), range(c)});
      }
    } else {
      W::StatementContext* st = sub<W::StatementContext>(static_cast<W::StatementSentenceContext*>(c));
      if (auto r = restriction(st, u)) u.body.push_back(std::move(*r));
      else if (auto* d = node_as<W::DuelStatStatementContext>(st)) u.body.push_back(duel_stat(d, u));
      else if (auto* l = node_as<W::LimitStatementContext>(st)) u.body.push_back(stat_limit(l, u));
      else if (auto* a = node_as<W::ActionStrengthStatementContext>(st)) u.body.push_back(action_strength(a, u));
      else if (auto* pv = node_as<W::ProvinceStatementContext>(st)) u.body.push_back(province_modifier(pv, u));
      else u.body.push_back(statement(st, u));
    }
  }

  // provinceStatement : YOUR? ZONE HAVE MODIFIER STRENGTH
  // "Provinces have -1 strength", "Your provinces have +2 strength": every province (or yours) while the card is in
  // play (003 Stats), by the profile's zone of provinces named in the plural
  ProvinceModifier province_modifier(W::ProvinceStatementContext* c, Unit& u) {
    ProvinceModifier m;
    if (auto* when = sub<W::WhileConditionContext>(c)) {
      // no card has the bonus, so a condition must name what it is about ("while attacking" names nothing here)
      if (!node_as<W::ConditionWhileContext>(when)) throw Refusal{range(when), "a condition on no card named"};
      m.while_ = while_condition(when, u);
    }
    m.range = range(c);
    m.yours = term(c, W::YOUR) != nullptr;
    const wording::WordToken& z = tok(term(c, W::ZONE));
    provinces_named(z, true);
    m.zone = z.id;
    const wording::WordToken& v = tok(term(c, W::MODIFIER));
    if (v.id >= 0 || v.uses_x) throw Refusal{v.range, "a province's strength changed by a stat's letters or X"};
    m.change.range = SourceRange::join(v.range, tok(term(c, W::STRENGTH)).range);
    m.change.stat = province_strength(m.change.range);
    m.change.delta.value = v.value;
    m.change.delta.range = v.range;
    return m;
  }

  // limitStatement : (HIS | HER | ITS | cardRef POSS) (MAXIMUM | MINIMUM) STAT IS amount duration?
  // "His maximum Force is 1 until the battle ends" (003 Stats)
  StatLimit stat_limit(W::LimitStatementContext* c, Unit& u) {
    StatLimit k;
    k.range = range(c);
    k.card = possessor(c->owner, sub<W::CardRefContext>(c), u);
    k.maximum = c->bound->getType() == W::MAXIMUM;
    k.stat = tok(term(c, W::STAT)).id;
    k.value = amount(sub<W::AmountContext>(c));
    if (sub<W::DurationContext>(c)) k.duration = duration(sub<W::DurationContext>(c));
    return k;
  }

  // actionStrengthStatement : KEYWORD_ACTION (AND KEYWORD_ACTION)* ACTION_TAIL TARGETING cardRef HAVE MODIFIER STRENGTH
  // "Melee and Ranged Attacks targeting this Personality have -2 strength": every word before the tail is the first
  // words of a keyword action whose name the tail ends, in the plural
  ActionStrength action_strength(W::ActionStrengthStatementContext* c, Unit& u) {
    ActionStrength k;
    k.range = range(c);
    k.actions = keyword_actions(c);
    k.target = card_ref(sub<W::CardRefContext>(c), u);
    const wording::WordToken& m = tok(term(c, W::MODIFIER));
    if (m.id != -1 || m.uses_x) throw Refusal{m.range, "a strength change is a number with no stat"};
    k.delta = m.value;
    return k;
  }

  // duelStatStatement : cardRef V_USE (HIS | HER | ITS) PRINTED? STAT AS (HIS | HER | ITS) DUEL STAT_NOUN
  // "Nikaru uses his printed Force as his duel stat": a term of this card's definition (003 Focus Value), so of this
  // card alone, in a trait
  DuelStat duel_stat(W::DuelStatStatementContext* c, const Unit& u) {
    DuelStat d;
    d.range = range(c);
    d.card = card_ref(sub<W::CardRefContext>(c), const_cast<Unit&>(u));
    if (d.card.kind != CardRef::Kind::ThisCard || u.kind != UnitKind::Untriggered) throw Refusal{d.card.range, "the duel stat of a card other than this one"};
    d.stat = tok(term(c, W::STAT)).id;
    d.printed = term(c, W::PRINTED) != nullptr;
    d.person = c->own->getType() != W::ITS;
    if (d.person != (c->as->getType() != W::ITS)) throw Refusal{tok(c->as).range, "a pronoun that names another card"};
    return d;
  }

  // KEYWORD_ACTION (AND KEYWORD_ACTION)* ACTION_TAIL: "Melee and Ranged Attacks", every word before the tail the first
  // words of a keyword action whose name the tail ends, in the plural (all attacks of those kinds)
  std::vector<ProfileId> keyword_actions(antlr4::ParserRuleContext* c) {
    std::vector<ProfileId> out;
    const wording::WordToken& tail = tok(term(c, W::ACTION_TAIL));
    if (!tail.plural) throw Refusal{tail.range, "one keyword action where all of a kind are meant"};
    const std::vector<std::string>& words = p_.keyword_actions[static_cast<size_t>(tail.id)].words;
    const size_t at = p_.keyword_actions[static_cast<size_t>(tail.id)].strength_at;
    for (auto* n : terms(c, W::KEYWORD_ACTION)) {
      const wording::WordToken& w = tok(n);
      const KeywordActionDef& a = p_.keyword_actions[static_cast<size_t>(w.id)];
      if (w.value != 1 || !std::equal(a.words.begin() + static_cast<long>(a.strength_at), a.words.end(), words.begin() + static_cast<long>(at), words.end()))
        throw Refusal{w.range, "a keyword action not named by these words"};
      if (std::find(out.begin(), out.end(), w.id) != out.end()) throw Refusal{w.range, "a keyword action named twice"};
      out.push_back(w.id);
    }
    return out;
  }

  // negation : CANNOT | CAN NOT | MAY NOT | WILL NOT | DOES NOT
  static Restriction::Negation negation(W::NegationContext* c) {
    if (term(c, W::CAN)) return Restriction::Negation::CanNot;
    if (term(c, W::MAY)) return Restriction::Negation::MayNot;
    if (term(c, W::WILL)) return Restriction::Negation::WillNot;
    if (term(c, W::DOES)) return Restriction::Negation::DoesNot;
    return Restriction::Negation::Cannot;
  }

  // restrictionSpan : duration | momentSpan: how long an effect's restriction lasts; a trait's holds while it does
  void restriction_span(W::RestrictionSpanContext* c, Restriction& r, const Unit& u) {
    if (!c) return;
    if (u.kind == UnitKind::Untriggered) throw Refusal{range(c), "how long a trait's restriction lasts (it holds while the trait does)"};
    if (auto* d = sub<W::DurationContext>(c)) {
      r.duration = duration(d);
      return;
    }
    auto* s = sub<W::MomentSpanContext>(c);
    r.span = sub<W::TurnContext>(s) ? Span::Turn : term(s, W::PHASE) ? Span::Phase : term(s, W::GAME) ? Span::Game : Span::Battle;
    if (term(s, W::DESIGNATOR)) r.span_battle = tok(term(s, W::DESIGNATOR)).id;
  }

  // The restrictions (003 Traits: what a card may not do, or have done to it; what the rules' procedures may not do to
  // it). nullopt: another statement.
  std::optional<Restriction> restriction(W::StatementContext* st, Unit& u) {
    if (auto* r = node_as<W::RestrictionStatementContext>(st)) return restriction(r, u);
    Restriction r;
    r.range = range(st);
    if (auto* a = node_as<W::AbilitiesRestrictionContext>(st)) {
      // abilitiesRestriction : (HIS | HER | ITS | cardRef POSS) ABILITIES negation BE USED restrictionSpan?
      r.kind = Restriction::Kind::UseAbilities;
      r.card = possessor(a->owner, sub<W::CardRefContext>(a), u);
      r.negation = negation(sub<W::NegationContext>(a));
      restriction_span(sub<W::RestrictionSpanContext>(a), r, u);
    } else if (auto* m = node_as<W::MovedRestrictionContext>(st)) {
      // movedRestriction : CARD EFFECTS negation V_MOVE cardRef restrictionSpan?
      r.kind = Restriction::Kind::BeMoved;
      r.negation = negation(sub<W::NegationContext>(m));
      r.card = card_ref(sub<W::CardRefContext>(m), u);
      restriction_span(sub<W::RestrictionSpanContext>(m), r, u);
    } else if (auto* t = node_as<W::AttackTargetRestrictionContext>(st)) {
      // attackTargetRestriction : KEYWORD_ACTION (AND KEYWORD_ACTION)* ACTION_TAIL negation V_TARGET cardFilter
      r.kind = Restriction::Kind::AttackTarget;
      r.actions = keyword_actions(t);
      r.negation = negation(sub<W::NegationContext>(t));
      cards_restricted(r, sub<W::CardFilterContext>(t), u);
    } else if (auto* b = node_as<W::ResolutionRestrictionContext>(st)) {
      // resolutionRestriction : DESIGNATOR RESOLUTION negation V_BOW cardFilter
      r.kind = Restriction::Kind::ResolutionBow;
      r.battle = tok(term(b, W::DESIGNATOR)).id;
      r.negation = negation(sub<W::NegationContext>(b));
      cards_restricted(r, sub<W::CardFilterContext>(b), u);
    } else if (auto* n = node_as<W::NegateRestrictionContext>(st)) {
      // negateRestriction : V_NEGATE (HIS | HER | ITS) NEXT? (STRAIGHTENING | MOVEMENT) restrictionSpan?
      if (u.kind == UnitKind::Untriggered) throw Refusal{r.range, "a negation in a trait"};
      r.kind = n->procedure->getType() == W::STRAIGHTENING ? Restriction::Kind::Straighten : Restriction::Kind::BeMoved;
      r.negation = Restriction::Negation::Negate;
      r.card = possessor(n->owner, nullptr, u);
      r.next = term(n, W::NEXT) != nullptr;
      restriction_span(sub<W::RestrictionSpanContext>(n), r, u);
    } else {
      return std::nullopt;
    }
    return r;
  }

  // each card of a set restricted, a trait's ("Ranged Attacks cannot target cards in this unit")
  void cards_restricted(Restriction& r, W::CardFilterContext* c, const Unit& u) {
    if (u.kind != UnitKind::Untriggered) throw Refusal{r.range, "a restriction of a set of cards in an effect"};
    r.cards = card_filter(c);
    if (!r.cards->plural) throw Refusal{r.cards->range, "a restriction of one card of a set"};
  }

  // restrictionStatement : cardRef? negation restricted restrictionSpan? (003 Traits: what a card may not do, or have
  // done to it)
  Restriction restriction(W::RestrictionStatementContext* c, Unit& u) {
    Restriction r;
    r.range = range(c);
    r.negation = negation(sub<W::NegationContext>(c));
    r.subject_printed = sub<W::CardRefContext>(c) != nullptr;
    if (r.subject_printed) {
      r.card = card_ref(sub<W::CardRefContext>(c), u);
    } else {
      // "Cannot attach Items", "Will not attach cards": a term of the card itself, a person that takes attachments
      // (001 Attach); of an effect or any other restriction it would name no card
      const bool person = card_type_ >= 0 && p_.card_types[static_cast<size_t>(card_type_)].person;
      if (!person || !node_as<W::AttachRestrictedContext>(sub<W::RestrictedContext>(c)) || u.kind != UnitKind::Untriggered)
        throw Refusal{r.range, "a restriction that names no card"};
      r.card.kind = CardRef::Kind::ThisCard;
      r.card.range = SourceRange{r.range.begin, r.range.begin};
    }
    if (auto* at = node_as<W::AttachRestrictedContext>(sub<W::RestrictedContext>(c))) {
      // "cannot attach Items": such cards are never attached to it (a card attaching is not in play yet)
      r.kind = Restriction::Kind::ReceiveAttachment;
      r.against = card_filter(sub<W::CardFilterContext>(at), false, true);
      if (!r.against->plural) throw Refusal{r.against->range, "a restriction against one card"};
    } else if (auto* a = node_as<W::AttackRestrictedContext>(sub<W::RestrictedContext>(c))) {
      r.kind = Restriction::Kind::Attack;
      if (sub<W::CardFilterContext>(a)) {
        r.against = card_filter(sub<W::CardFilterContext>(a));
        if (!r.against->plural) throw Refusal{r.against->range, "a restriction against one card"};
      }
    } else if (node_as<W::DestroyedRestrictedContext>(sub<W::RestrictedContext>(c))) {
      r.kind = Restriction::Kind::BeDestroyed;
    } else if (node_as<W::StatusRestrictedContext>(sub<W::RestrictedContext>(c))) {
      r.kind = Restriction::Kind::ReceiveStatus;
    } else if (node_as<W::PerformRestrictedContext>(sub<W::RestrictedContext>(c))) {
      r.kind = Restriction::Kind::PerformActions;
    } else if (node_as<W::AssignRestrictedContext>(sub<W::RestrictedContext>(c))) {
      r.kind = Restriction::Kind::AssignAttack;
    } else {
      // contributeRestricted : CONTRIBUTE STAT (TO (HIS | HER | ITS) ARMY)? (DURING DESIGNATOR RESOLUTION)? (WHILE whileCondition)?
      auto* k = static_cast<W::ContributeRestrictedContext*>(sub<W::RestrictedContext>(c));
      r.kind = Restriction::Kind::ContributeForce;
      r.stat = tok(term(k, W::STAT)).id;
      if (k->owner) {
        // "to his army": his own, the only one he contributes to
        r.army = possessor(k->owner, nullptr, u);
        // (a pronoun after the card's own name names it: "Horu ... his army")
        const bool own = r.army->kind == r.card.kind ||
                         (r.army->kind == CardRef::Kind::Pronoun && r.army->target == -2 && r.card.kind == CardRef::Kind::ThisCard && !r.card.name.empty());
        if (!own) throw Refusal{tok(k->owner).range, "an army not the restricted card's"};
      }
      if (term(k, W::DESIGNATOR)) r.battle = tok(term(k, W::DESIGNATOR)).id;
      if (auto* when = sub<W::WhileConditionContext>(k)) r.while_ = while_condition(when, u);
    }
    // "does not" says what the rules' procedures do ("does not contribute Force"); "will not" what a card is never
    // given ("Will not attach cards"): each of the others is what it may not do
    const bool procedure = r.kind == Restriction::Kind::ContributeForce;
    if ((r.negation == Restriction::Negation::DoesNot) != procedure) throw Refusal{range(sub<W::NegationContext>(c)), "this 'not' with this restriction"};
    if (r.negation == Restriction::Negation::WillNot && r.kind != Restriction::Kind::ReceiveAttachment)
      throw Refusal{r.range, "'will not' of what a card does"};
    restriction_span(sub<W::RestrictionSpanContext>(c), r, u);
    return r;
  }

  // constructor : V_CHOOSE (ONE OR MORE_ | amount TIMES FROM) COLON effect (SEMI effect)*
  // 002 524: the options are the effects after the colon, in printed order
  Constructor constructor(W::ConstructorContext* c, Unit& u) {
    Constructor k;
    k.range = SourceRange::join(tok(term(c, W::V_CHOOSE)).range, tok(term(c, W::FROM) ? term(c, W::FROM) : term(c, W::MORE_)).range);
    if (sub<W::AmountContext>(c)) k.times = amount(sub<W::AmountContext>(c));
    for (auto* one : subs<W::EffectContext>(c)) k.options.push_back(effect(one, u));
    return k;
  }

  // chooseCardsSentence : V_CHOOSE chosenCount? cardFilter
  ChooseCards choose_cards(W::ChooseCardsSentenceContext* c) {
    ChooseCards k;
    k.range = range(c);
    k.filter = card_filter(sub<W::CardFilterContext>(c));
    if (auto* n = sub<W::ChosenCountContext>(c)) {
      if (sub<W::CardFilterContext>(c)->article) throw Refusal{k.filter.range, "an article after the number of cards"};
      const wording::WordToken& w = tok(n->getStart());
      Amount a;
      a.range = range(n);
      if (w.type == W::MODIFIER) {
        // "-2": read so that the check can say it cannot be chosen (000 7.2); "+2" or "-2F" is no number of cards
        if (w.uses_x || w.id != -1 || w.value >= 0) throw Refusal{a.range, "a sign or letters on the number of cards"};
        a.value = w.value;
      } else {
        a = amount_word(w, a.range);
      }
      k.count = a;
    } else if (k.filter.plural) {
      throw Refusal{k.filter.range, "how many cards are chosen is unsaid"};
    }
    // a pronoun after it would name the chosen cards: not in the tree yet (it must never name the latest target)
    antecedent_ = Antecedent::Chosen;
    return k;
  }

  // condition : conditionPart (AND conditionPart)* | conditionPart (OR conditionPart)+
  Condition condition(W::ConditionContext* c, Unit& u) {
    const auto parts = subs<W::ConditionPartContext>(c);  // either alternative's parts
    if (parts.size() == 1) return condition_part(*parts.begin(), u);
    Condition all;
    all.kind = node_as<W::AllConditionsContext>(c) ? Condition::Kind::All : Condition::Kind::Any;
    all.range = range(c);
    for (auto* p : parts) all.parts.push_back(condition_part(p, u));
    return all;
  }

  // conditionPart : cardRef IS NOT? description | YOU control cardFilter | YOU HAVE RESOURCE | IT IS NOT? YOUR TURN
  Condition condition_part(W::ConditionPartContext* c, Unit& u) {
    if (auto* o = node_as<W::RollResultConditionContext>(c)) {
      // "if successful", "if unsuccessful": the outcome of the roll the unit's effects begin with (004 Luck)
      Condition k;
      k.range = range(c);
      if (unit_->roll < 0) throw Refusal{k.range, "no roll of the unit has an outcome"};
      k.kind = Condition::Kind::RollResult;
      k.lost = o->outcome->getType() == W::UNSUCCESSFUL;
      return k;
    }
    if (auto* d = node_as<W::DuelResultConditionContext>(c)) {
      // "If this Personality wins the duel", "if he loses the duel": the result of the duel the unit started; after a
      // tie or a refused challenge neither holds (docs/meaning.md 27)
      Condition k;
      k.range = range(c);
      if (!duel_) throw Refusal{k.range, "'the duel' names no duel the unit started before it"};
      const wording::WordToken& verb = tok(d->result);
      if (!verb.third_person) throw Refusal{verb.range, "the verb's person and its subject disagree"};
      k.kind = Condition::Kind::DuelResult;
      k.card = card_ref(sub<W::CardRefContext>(d), u);
      k.lost = d->result->getType() == W::V_LOSE;
      return k;
    }
    Condition k;
    k.range = range(c);
    if (auto* i = node_as<W::CardIsConditionContext>(c)) {
      k.kind = Condition::Kind::CardIs;
      k.card = card_ref(sub<W::CardRefContext>(i), u);
      if (k.card->kind == CardRef::Kind::Target) throw Refusal{k.card->range, "a target declared inside a condition"};
      k.negated = term(i, W::NOT) != nullptr;
      if (auto* s = node_as<W::StateDescriptionContext>(sub<W::DescriptionContext>(i)))
        k.state = StateTest{tok(term(s, W::STATE)).id, tok(term(s, W::STATE)).value != 0, range(s)};
      else
        for (auto* t : subs<W::TraitContext>(static_cast<W::KeywordDescriptionContext*>(sub<W::DescriptionContext>(i)))) {
          if (term(t, W::KEYWORD)) {
            if (!k.descriptions.empty()) throw Refusal{range(t), "a keyword after a description"};
            k.keywords.push_back(tok(term(t, W::KEYWORD)).id);
          } else {
            k.descriptions.push_back(tok(term(t, W::DESCRIPTION)).id);
          }
        }
    } else if (auto* b = node_as<W::CardInBattleConditionContext>(c)) {
      k.kind = Condition::Kind::InBattle;  // "he is defending"
      k.card = card_ref(sub<W::CardRefContext>(b), u);
      if (k.card->kind == CardRef::Kind::Target) throw Refusal{k.card->range, "a target declared inside a condition"};
      k.negated = term(b, W::NOT) != nullptr;
      k.role = battle_role(sub<W::BattleRoleContext>(b));
    } else if (auto* o = node_as<W::WouldBeOpposedConditionContext>(c)) {
      k.kind = Condition::Kind::WouldBeOpposed;  // "he would be opposed"
      k.card = card_ref(sub<W::CardRefContext>(o), u);
      if (k.card->kind == CardRef::Kind::Target) throw Refusal{k.card->range, "a target declared inside a condition"};
    } else if (auto* a = node_as<W::CardAtConditionContext>(c)) {
      k.kind = Condition::Kind::At;  // "he is at the current battlefield", "this card is not at home"
      k.card = card_ref(sub<W::CardRefContext>(a), u);
      if (k.card->kind == CardRef::Kind::Target) throw Refusal{k.card->range, "a target declared inside a condition"};
      k.negated = term(a, W::NOT) != nullptr;
      k.at = term(a, W::THERE) ? there(term(a, W::THERE)) : place(sub<W::PlaceContext>(a));
    } else if (auto* h = node_as<W::HasNoConditionContext>(c)) {
      k.kind = Condition::Kind::Has;  // "it has no attachments": it has none of them (001 Attach)
      k.negated = true;
      k.card = card_ref(sub<W::CardRefContext>(h), u);
      if (k.card->kind == CardRef::Kind::Target) throw Refusal{k.card->range, "a target declared inside a condition"};
      k.attached = attached(sub<W::AttachedCardsContext>(h));
      k.attached->none = false;
      k.attached->no_word = true;
    } else if (auto* m = node_as<W::MovedConditionContext>(c)) {
      // "If he moved": asks what a move before it in the unit did to the card
      const SourceRange where = k.range;
      k = moved(sub<W::CardRefContext>(m), range(c), u);
      k.range = where;
    } else if (auto* y = node_as<W::YouControlConditionContext>(c)) {
      controlled(k, sub<W::CardFilterContext>(y), Side::Yours);
    } else if (auto* ua = node_as<W::UnitsAtConditionContext>(c)) {
      // "any enemy units are at the current battlefield": some card of that side is there (a unit's cards are where
      // it is; 001 Terrain: a Terrain is on no side)
      k.kind = Condition::Kind::Exists;
      CardFilter f;
      f.range = range(c);
      f.plural = true;
      f.units = true;
      if (ua->side) f.side = side(ua->side);
      f.at = term(ua, W::THERE) ? there(term(ua, W::THERE)) : place(sub<W::PlaceContext>(ua));
      k.cards = std::move(f);
    } else if (auto* s = node_as<W::StatIsConditionContext>(c)) {
      // "if his Force is now 0", "if his Personal Honor is 3 or higher": the stat as it is when judged (000 7.2)
      const auto compare = !sub<W::ComparativeContext>(s) ? StatBound::Compare::Exactly
                           : lower(sub<W::ComparativeContext>(s)) ? StatBound::Compare::AtMost : StatBound::Compare::AtLeast;
      stat_is(k, possessor(s->owner, sub<W::CardRefContext>(s), u), c, term(s, W::STAT), sub<W::AmountContext>(s), compare, StatBound::Form::Trailing,
              s->base);
    } else if (auto* hs = node_as<W::HasStatConditionContext>(c)) {
      // "if he now has 0 Force": as "if his Force is now 0"
      stat_is(k, card_ref(sub<W::CardRefContext>(hs), u), c, term(hs, W::STAT), sub<W::AmountContext>(hs), StatBound::Compare::Exactly, StatBound::Form::Has);
    } else if (auto* a = node_as<W::YouAreConditionContext>(c)) {
      // "you are a Crab Clan player": a keyword of the family a player has by a card of his (the profile's [player
      // keywords]); a player is not a card, so any other keyword says nothing of him
      k.kind = Condition::Kind::YouAre;
      const bool article = term(a, W::A) || term(a, W::AN);
      k.player_noun = term(a, W::PLAYER) != nullptr;
      if (article != k.player_noun) throw Refusal{range(c), "'a' and 'player' go together"};
      const int type = p_.player_keywords_type();
      const std::string family = type < 0 ? std::string() : p_.card_types[static_cast<size_t>(type)].player_keywords;
      for (auto* kw : terms(a, W::KEYWORD)) {
        const wording::WordToken& w = tok(kw);
        if (family.empty() || p_.keywords[static_cast<size_t>(w.id)].family != family)
          throw Refusal{w.range, "a keyword no player has"};
        k.keywords.push_back(w.id);
      }
    } else if (auto* h = node_as<W::YouHaveConditionContext>(c)) {
      k.kind = Condition::Kind::YouHave;
      k.resource = tok(term(h, W::RESOURCE)).id;
    } else if (auto* m = node_as<W::YouHaveHowManyConditionContext>(c)) {
      // "you have four or fewer cards in your hand": a zone of a player's, out of play; "10 or more Gold"
      k.kind = Condition::Kind::HowMany;
      k.count = amount(sub<W::AmountContext>(m));
      if (k.count->kind != Amount::Kind::Constant) throw Refusal{k.count->range, "a number the text does not give"};
      k.compare = m->more->getType() == W::MORE_ ? StatBound::Compare::AtLeast : StatBound::Compare::AtMost;
      if (term(m, W::RESOURCE)) {  // "or fewer", "or less": one meaning (the renderer says "fewer" of cards, "less" of a resource)
        k.resource = tok(term(m, W::RESOURCE)).id;
      } else {
        k.zone = tok(term(m, W::ZONE)).id;
        if (p_.zone_in_play(k.zone)) throw Refusal{tok(term(m, W::ZONE)).range, "cards in play are controlled, not had"};
      }
    } else if (auto* ip = node_as<W::InProvincesConditionContext>(c)) {
      in_provinces(k, ip, u);
    } else if (auto* au = node_as<W::ArmyUnitsConditionContext>(c)) {
      // "her army has fewer units than the enemy army": how many units each has (003 Stats)
      k.kind = Condition::Kind::ArmyUnits;
      k.army = army(sub<W::ArmyContext>(au, 0), u);
      k.than = army(au->than, u);
      k.compare = au->comparison->getType() == W::FEWER ? StatBound::Compare::Below : StatBound::Compare::Above;
      // the enemy army of another army: the other side where it is; an army compared with itself, or yours with a
      // card's (which may be elsewhere), says nothing the rules define
      if (k.than->kind != Army::Kind::Enemy || k.army->kind == Army::Kind::Enemy)
        throw Refusal{k.than->range, "an army compared with another than the enemy army"};
    } else if (auto* as = node_as<W::ArmySizeConditionContext>(c)) {
      // "there are two or more units in his army": how many units it has (003 Stats), a number the text gives (000 7.1)
      k.kind = Condition::Kind::ArmySize;
      k.count = amount(sub<W::AmountContext>(as));
      if (k.count->kind != Amount::Kind::Constant) throw Refusal{k.count->range, "a number the text does not give"};
      k.compare = !as->more ? StatBound::Compare::Exactly
                  : as->more->getType() == W::MORE_ ? StatBound::Compare::AtLeast : StatBound::Compare::AtMost;
      // one unit exactly is singular ("there is one unit"), any other count plural ("there are two or more units")
      const bool one = k.count->value == 1 && k.compare == StatBound::Compare::Exactly;
      if (one != (term(as, W::IS) != nullptr) || one != (term(as, W::UNIT) != nullptr))
        throw Refusal{range(c), "'is' and 'unit' go with one unit, 'are' and 'units' with any other number"};
      k.army = army(sub<W::ArmyContext>(as), u);
    } else if (auto* ao = node_as<W::ArmyOpposedConditionContext>(c)) {
      k.kind = Condition::Kind::ArmyOpposed;  // "your current army is opposed"
      k.army = army(sub<W::ArmyContext>(ao), u);
      k.negated = term(ao, W::NOT) != nullptr;
    } else if (auto* held = node_as<W::CardHeldConditionContext>(c)) {
      k = held_condition(sub<W::HeldConditionContext>(held), u);
    } else {
      k.kind = Condition::Kind::YourTurn;
      k.negated = term(static_cast<W::YourTurnConditionContext*>(c), W::NOT) != nullptr;
    }
    return k;
  }

  // opposing : OPPOSING (cardRef | ANY? cardFilter): the card opposed, or some card of a set ("any" before a plural)
  void opposing(W::OpposingContext* c, Condition& k, Unit& u) {
    k.kind = Condition::Kind::Opposes;
    if (auto* r = sub<W::CardRefContext>(c)) {
      k.other = card_ref(r, u);
      if (k.other->kind == CardRef::Kind::Target) throw Refusal{k.other->range, "a target declared inside a condition"};
      if (k.other->plural || k.other->unit) throw Refusal{k.other->range, "opposing several cards or a unit"};
      return;
    }
    k.any = term(c, W::ANY) != nullptr;
    k.cards = card_filter(sub<W::CardFilterContext>(c));
    if (k.cards->plural != k.any || k.cards->side != Side::Any || k.cards->partitive)
      throw Refusal{k.cards->range, "'any' before several cards, an article before one; no side"};
  }

  // "you control a Courtier", "another player controls a dishonorable Personality": one card of a set, whose the
  // words before it say (YouControl; a plural or a side printed with it would say it again)
  void controlled(Condition& k, W::CardFilterContext* f, Side whose) {
    k.kind = Condition::Kind::YouControl;
    k.cards = card_filter(f);
    if (k.cards->plural || k.cards->side != Side::Any) throw Refusal{k.cards->range, "'control' before a plural or a side"};
    k.cards->side = whose;
  }

  // heldCondition (docs/meaning.md 25): what a card is attached to, has attached or has on it, which card types it is
  // of, and what another player controls; the vocabulary of the tree's conditions and sets, by profile id
  Condition held_condition(W::HeldConditionContext* c, Unit& u) {
    Condition k;
    k.range = range(c);
    auto named_card = [&](antlr4::ParserRuleContext* ctx) {
      k.card = card_ref(sub<W::CardRefContext>(ctx), u);
      if (k.card->kind == CardRef::Kind::Target) throw Refusal{k.card->range, "a target declared inside a condition"};
      if (k.card->plural || k.card->unit) throw Refusal{k.card->range, "a condition on several cards or a unit"};
    };
    if (auto* a = node_as<W::AttachedToConditionContext>(c)) {
      // "if this Follower is attached to an Earth Shugenja": the card it is attached to is of the set (001 Attach)
      k.kind = Condition::Kind::AttachedTo;
      named_card(a);
      k.negated = term(a, W::NOT) != nullptr;
      k.cards = card_filter(sub<W::CardFilterContext>(a));
      if (k.cards->plural || k.cards->side != Side::Any) throw Refusal{k.cards->range, "attached to several cards, or to a side"};
    } else if (auto* h = node_as<W::HasAttachedConditionContext>(c)) {
      // "if Juriken has a Gaijin or Peasant Weapon attached": such a card is attached to him (001 Attach)
      k.kind = Condition::Kind::Has;
      named_card(h);
      k.attached = attached(sub<W::AttachedCardsContext>(h));
      k.attached->none = false;
      k.attached_word = term(h, W::ATTACHED) != nullptr;
    } else if (auto* t = node_as<W::HasAnyTokensConditionContext>(c)) {
      // "if your Monk has any Fire tokens": one or more tokens of that status are on him (001 Token)
      k.kind = Condition::Kind::HasTokens;
      named_card(t);
      const wording::WordToken& st = tok(term(t, W::STATUS));
      if (!p_.token_status(st.id) || !st.plural) throw Refusal{st.range, "'any' before a status that is no token, or one token"};
      k.status = st.id;
    } else if (auto* ty = node_as<W::CardTypeConditionContext>(c)) {
      // "Destroy it if it is an attachment", "if the target is a Follower": the card is of the set the noun names
      k.kind = Condition::Kind::CardIs;
      named_card(ty);
      k.negated = term(ty, W::NOT) != nullptr;
      CardFilter f;
      f.range = range(sub<W::NounsContext>(ty));
      nouns(sub<W::NounsContext>(ty), f, {});
      if (f.plural || (f.card_types.empty() && !f.attachment)) throw Refusal{f.range, "one card is of a card type, or an attachment"};
      k.cards = std::move(f);
    } else if (auto* o = node_as<W::AnotherControlsConditionContext>(c)) {
      // "while another player controls a dishonorable Personality": a card of the set that a player other than you
      // controls, as "another player's Personality" names one (Side::AnotherPlayers)
      controlled(k, sub<W::CardFilterContext>(o), Side::AnotherPlayers);
    } else if (auto* op = node_as<W::OpposingConditionContext>(c)) {
      named_card(op);  // "it is opposing a bowed Follower or Personality"
      opposing(sub<W::OpposingContext>(op), k, u);
    } else if (auto* bs = node_as<W::BattleSideConditionContext>(c)) {
      k.kind = Condition::Kind::BattleSide;  // "if you are the Attacker"
      k.defender = bs->side->getType() == W::DEFENDER;
    } else {
      // "if you control any Rings": some card of the set in the plural
      auto* y = static_cast<W::YouControlAnyConditionContext*>(c);
      k.kind = Condition::Kind::YouControl;
      k.any = true;
      k.cards = card_filter(sub<W::CardFilterContext>(y));
      if (!k.cards->plural || k.cards->side != Side::Any || k.cards->partitive) throw Refusal{k.cards->range, "'any' before one card or a side"};
      k.cards->side = Side::Yours;
    }
    return k;
  }

  // delayedSentence : moment COMMA ((YOU MAY)? effect | player effect) (COMMA? AND effect)*
  // "After the next time this turn it bows, its controller loses 1 Honor": effects set up now, done at the moment
  // (002 rule 521); the moment's card is read first, so a pronoun after it may name it
  Delayed delayed(W::DelayedSentenceContext* c, Unit& u) {
    Delayed d;
    d.range = range(c);
    d.moment = moment(sub<W::MomentContext>(c), u);
    duel_end_ = d.moment.boundary && !d.moment.your_next;  // "After this duel ends, bow its winner"
    d.effects = branch(c, u);
    duel_end_ = false;
    return d;
  }

  // whether the unit is a Focus Effect: its trigger the focused event named alone ("As a Focus Effect:"), so a duel is
  // under way as it resolves (003 Traits)
  bool focus_effect(const Unit& u) const {
    return u.trigger && u.trigger->alone && p_.events[static_cast<size_t>(u.trigger->event)].focused();
  }

  // duelSentence : challenger=cardRef V_CHALLENGE challenged=cardRef (TO A DUEL)?
  // "This Personality challenges him", "Your target unbowed Personality challenges a target enemy Personality to a
  // duel": a duel between the two (003 Focus Value), the verb kept for whether it may be refused (the profile's
  // [refusable]). "the winner", "the loser" and "wins the duel" after it name its result (docs/meaning.md 27).
  Duel duel(W::DuelSentenceContext* c, Unit& u) {
    Duel d;
    d.range = range(c);
    if (duel_) throw Refusal{d.range, "a second duel in one unit"};
    const wording::WordToken& verb = tok(term(c, W::V_CHALLENGE));
    if (!verb.third_person) throw Refusal{verb.range, "the verb's person and its subject disagree"};
    d.verb = verb.id;
    // a pronoun after the verb names a card named before the sentence, never the challenger (that would be "himself")
    const Antecedent before = antecedent_, over = this_over_;
    d.challenger = card_ref(c->challenger, u);
    antecedent_ = before;
    this_over_ = over;
    d.challenged = card_ref(c->challenged, u);
    d.to_a_duel = term(c, W::DUEL) != nullptr;
    duel_ = true;
    return d;
  }

  // inOrderTo : TO effect ((COMMA effect)* COMMA? AND effect)*, after the effects of a sentence `c`
  // "Bow him to gain 2 Honor": the effects before "to", then those after it if they were done; "If he is a Kensai, you
  // may bow one of his Weapons to straighten him": all of it only while the condition holds
  template <class Context>
  InOrderTo in_order_to(Context* c, W::InOrderToContext* to, Unit& u) {
    InOrderTo k;
    k.range = range(c);
    k.optional = term(c, W::MAY) != nullptr;
    W::ConditionContext* only_if = sub<W::ConditionContext>(c);
    const bool ahead = only_if && antecedent_ == Antecedent::None && leads_with_pronoun(only_if);
    if (only_if && !ahead) k.only_if = condition(only_if, u);
    for (auto* one : subs<W::EffectContext>(c)) k.done.push_back(effect(one, u));
    for (auto* one : subs<W::EffectContext>(to)) k.then.push_back(effect(one, u));
    if (ahead) k.only_if = condition(only_if, u);
    printed_form(to, k);
    return k;
  }
  // "to", or "; if you did," (its period, its tense): the same meaning
  void printed_form(W::InOrderToContext* to, InOrderTo& k) {
    if (!term(to, W::IF)) return;
    k.form = InOrderTo::Form::IfYouDid;
    k.did_period = term(to, W::PERIOD) != nullptr;
    k.did_present = term(to, W::DO) != nullptr;
  }

  // The effects a condition, "Otherwise" or a moment leads: ((YOU MAY)? effect | player effect) (COMMA? AND effect)*,
  // one after the other; "you may" makes the one effect optional (the controller chooses whether to do it)
  template <class Context>
  std::vector<Effect> branch(Context* c, Unit& u) {
    std::vector<Effect> out;
    for (auto* one : subs<W::EffectContext>(c)) out.push_back(effect(one, u));
    if (sub<W::PlayerContext>(c)) by_player(sub<W::PlayerContext>(c), out.front(), u);
    if (term(c, W::MAY)) {
      if (out.size() != 1) throw Refusal{range(c), "'you may' before several effects"};
      out[0].optional = true;
      if (out[0].looked) looked_left_.reset();  // "you may put one on the bottom": how many are left, he decides
    }
    return out;
  }

  // moment : timing (THE (NEXT | FIRST) TIME | EACH TIME) momentSpan? cardRef EVENT momentSpan? (DURING A DESIGNATOR)?
  //        | timing cardRef EVENT momentSpan (DURING A DESIGNATOR)?
  Moment moment(W::MomentContext* c, Unit& u) {
    Moment m;
    m.range = range(c);
    if (term(sub<W::TimingContext>(c), W::BEFORE)) throw Refusal{m.range, "a moment before an event"};  // 002 521: nothing waits before one
    m.timing = term(sub<W::TimingContext>(c), W::AFTER) ? Timing::After : Timing::When;
    m.times = term(c, W::EACH) ? Moment::Times::Each : !c->which ? Moment::Times::Unsaid
              : c->which->getType() == W::NEXT ? Moment::Times::Next : Moment::Times::First;
    if (!sub<W::CardRefContext>(c) && term(c, W::YOUR)) {
      // "When your next turn begins": a boundary the profile declares (the runtime's), of a turn; your next (001 Turn)
      const wording::WordToken& ev = tok(term(c, W::EVENT));
      const PhraseDef& e = p_.events[static_cast<size_t>(ev.id)];
      if (e.boundary.empty() || !e.about_turn()) throw Refusal{ev.range, "'your next' before an event that is no turn's boundary"};
      m.event = ev.id;
      m.boundary = m.your_next = true;
      return m;
    }
    if (!sub<W::CardRefContext>(c)) {
      // "After this duel ends": the boundary the profile declares the event to be, of the duel under way, which only a
      // Focus Effect has as it resolves (a duel the unit starts is over by the next sentence)
      const wording::WordToken& ev = tok(term(c, W::EVENT));
      if (p_.events[static_cast<size_t>(ev.id)].boundary.empty()) throw Refusal{ev.range, "an event after 'this' that is no boundary"};
      if (!focus_effect(u) || duel_) throw Refusal{m.range, "'this' names no duel under way"};
      m.event = ev.id;
      m.boundary = true;
      return m;
    }
    m.card = card_ref(sub<W::CardRefContext>(c), u);
    if (m.card.kind == CardRef::Kind::Target) throw Refusal{m.card.range, "a target declared inside a moment"};
    const wording::WordToken& ev = tok(term(c, W::EVENT));
    if (!p_.events[static_cast<size_t>(ev.id)].about_card()) throw Refusal{ev.range, "an event that happens to no card"};
    m.event = ev.id;
    if (c->before && c->after) throw Refusal{range(c->after), "a second span"};
    if (auto* s = c->before ? c->before : c->after) {
      m.span_first = c->before != nullptr;
      m.span = sub<W::TurnContext>(s) ? Moment::Span::Turn : term(s, W::PHASE) ? Moment::Span::Phase : term(s, W::GAME) ? Moment::Span::Game : Moment::Span::Battle;
      if (term(s, W::DESIGNATOR)) m.battle = tok(term(s, W::DESIGNATOR)).id;
    }
    if (term(c, W::DURING)) {
      const ProfileId d = tok(term(c, W::DESIGNATOR)).id;
      if (m.battle >= 0 && m.battle != d) throw Refusal{tok(term(c, W::DESIGNATOR)).range, "two designators for one battle"};
      m.battle = d;
      m.during = true;
    }
    return m;
  }

  // inProvincesCondition : cardRef IS STATE IN (ONE OF (YOUR ZONE | THEM) | YOUR ZONE)
  // "this Event is face-up in one of them" (the provinces the unit's trigger revealed), "Ashiko is face-up in one of
  // your Provinces", "Miwa is face-up in your province": this card, in a state, in a province of yours (003
  // Abilities B). A card is only ever put into its owner's provinces.
  void in_provinces(Condition& k, W::InProvincesConditionContext* c, Unit& u) {
    k.kind = Condition::Kind::InProvinces;
    k.card = card_ref(sub<W::CardRefContext>(c), u);
    if (k.card->kind != CardRef::Kind::ThisCard) throw Refusal{k.card->range, "a card other than this one in a province"};
    k.state = StateTest{tok(term(c, W::STATE)).id, tok(term(c, W::STATE)).value != 0, tok(term(c, W::STATE)).range};
    if (term(c, W::THEM)) {
      if (!u.trigger || u.trigger->revealed_in < 0) throw Refusal{tok(term(c, W::THEM)).range, "'them' names no provinces the trigger revealed"};
      k.provinces = Condition::ProvincesNamed::OneOfThem;
      k.zone = u.trigger->revealed_in;
      return;
    }
    const wording::WordToken& z = tok(term(c, W::ZONE));
    k.provinces = term(c, W::ONE) ? Condition::ProvincesNamed::OneOfYours : Condition::ProvincesNamed::Yours;
    provinces_named(z, term(c, W::ONE) != nullptr);
    k.zone = z.id;
  }

  // army : YOUR CURRENT? ARMY | THE (ENEMY | OPPOSING) ARMY | THIS ARMY | (HIS | HER | ITS | cardRef POSS) ARMY
  // 003 Stats: a side's units at a battlefield; "this army" is the one this card is in (001 This)
  Army army(W::ArmyContext* c, Unit& u) {
    Army a;
    a.range = range(c);
    if (term(c, W::YOUR)) {
      a.kind = Army::Kind::Yours;
      a.current = term(c, W::CURRENT) != nullptr;
      a.defending = term(c, W::DEFENDING) != nullptr;
    } else if (c->side) {
      a.kind = Army::Kind::Enemy;
      a.opposing = c->side->getType() == W::OPPOSING;
    } else {
      a.kind = Army::Kind::OfCard;
      if (term(c, W::THIS)) {
        // an action card is in no army (001 Terrain: nor a Terrain); an attachment is in its bearer's
        const CardTypeDef* own = card_type_ >= 0 ? &p_.card_types[static_cast<size_t>(card_type_)] : nullptr;
        if (!own || own->action) throw Refusal{a.range, "'this army' on a card in no army"};
        CardRef r;
        r.range = a.range;
        r.kind = own->attaches ? CardRef::Kind::Bearer : CardRef::Kind::ThisCard;
        a.of = r;
        a.this_word = true;
      } else {
        a.of = possessor(c->owner, sub<W::CardRefContext>(c), u);
        if (a.of->kind == CardRef::Kind::Target || a.of->plural || a.of->unit)
          throw Refusal{a.of->range, "an army named by a target declared there, or by several cards"};
      }
    }
    return a;
  }

  // A condition whose first words are a pronoun naming a card ("he would be opposed", "his Force is 2"; not "it is
  // your turn")
  static bool leads_with_pronoun(W::ConditionContext* c) {
    W::ConditionPartContext* first = nullptr;
    if (auto* all = node_as<W::AllConditionsContext>(c)) first = sub<W::ConditionPartContext>(all, 0);
    else first = sub<W::ConditionPartContext>(static_cast<W::AnyConditionsContext*>(c), 0);
    if (node_as<W::YourTurnConditionContext>(first)) return false;
    switch (first->getStart()->getType()) {
      case W::HE: case W::SHE: case W::IT: case W::HIM: case W::HER: case W::HIS: case W::ITS: return true;
      default: return false;
    }
  }

  // A stat of a card in a condition (StatIs): "his Force is now 0" (Trailing), "he now has 0 Force" (Has); the stat as
  // it is when judged (000 7.2), compared with a number.
  void stat_is(Condition& k, CardRef card, antlr4::ParserRuleContext* c, antlr4::tree::TerminalNode* stat,
               W::AmountContext* value, StatBound::Compare compare, StatBound::Form form, antlr4::Token* base = nullptr) {
    k.kind = Condition::Kind::StatIs;
    if (card.kind == CardRef::Kind::Target) throw Refusal{card.range, "a target declared inside a condition"};
    k.card = std::move(card);
    StatBound b;
    b.range = range(c);
    b.stat = tok(stat).id;
    b.value = amount(value);
    if (b.value.kind != Amount::Kind::Constant) throw Refusal{b.value.range, "a stat compared with other than a number"};
    b.compare = compare;
    b.form = form;
    base_value(base, b.base, b.printed);
    k.stat = std::move(b);
  }

  // targeting : V_TARGET cardFilter
  Targeting targeting(W::TargetingContext* c) {
    if (sub<W::PerformerContext>(c)) return performing_target(sub<W::PerformedContext>(sub<W::PerformerContext>(c)), range(c), *unit_);
    Targeting t;
    if (sub<W::TargetCountContext>(c)) t.count = target_count(sub<W::TargetCountContext>(c));
    // after a count the noun has no article ("one or two Personalities", "one or more of your Samurai")
    t.filter = card_filter(sub<W::CardFilterContext>(c), t.count.has_value());
    if (t.count && t.filter.partitive) t.filter.plural = true;  // "one or two of your Personalities": a plural after "of"
    t.range = range(c);
    several_nouns(t);
    return t;
  }

  // targetCount : amount OR (amount | MORE_) | UP TO amount | (TWO | THREE | FOUR | FIVE | NUMBER): how many cards one
  // targeting takes (001 Target), numbers as printed
  TargetCount target_count(W::TargetCountContext* c) {
    TargetCount n;
    n.range = range(c);
    auto number = [&](W::AmountContext* a) {
      Amount v = amount(a);
      if (v.kind != Amount::Kind::Constant) throw Refusal{v.range, "a count of targets other than a number"};
      return v.value;
    };
    if (term(c, W::UP)) {
      n.form = TargetCount::Form::UpTo;
      n.min = 0;
      n.max = number(sub<W::AmountContext>(c, 0));
    } else if (c->count) {
      n.form = TargetCount::Form::Exactly;
      n.min = n.max = amount_word(tok(c->count), n.range).value;
    } else {
      n.form = term(c, W::MORE_) ? TargetCount::Form::OrMore : TargetCount::Form::OrN;
      n.min = number(sub<W::AmountContext>(c, 0));
      n.max = term(c, W::MORE_) ? -1 : number(sub<W::AmountContext>(c, 1));
      if (n.max >= 0 && n.max <= n.min) throw Refusal{n.range, "a count of targets whose second number is not the greater"};
    }
    if (n.max == 0 || n.min < 0) throw Refusal{n.range, "a count of no targets"};
    return n;
  }
  // The noun agrees with the count: several cards in the plural ("one or two Personalities"), one in the singular
  static void several_nouns(const Targeting& t) {
    const bool typed = !t.filter.card_types.empty() || t.filter.attachment;
    if (!t.several() && t.filter.plural) throw Refusal{t.range, "targeting several cards at once"};
    if (t.several() && typed && !t.filter.plural) throw Refusal{t.filter.range, "a singular noun after a count of several"};
  }

  // effect : (V_GAIN | V_LOSE | V_PRODUCE) amount RESOURCE duration? | V_DRAW amount (CARD | CARDS)
  //        | (V_BOW | V_STRAIGHTEN | V_DESTROY) cardRef
  Effect effect(W::EffectContext* c, Unit& u) {
    Effect e;
    e.range = range(c);
    if (auto* r = node_as<W::ResourceEffectContext>(c)) {
      e.verb = verb(r->verb);
      e.amount = sub<W::StatOfContext>(r) ? stat_of(sub<W::StatOfContext>(r), u) : amount(sub<W::AmountContext>(r));
      if (sub<W::PerCardContext>(r)) per_card(sub<W::PerCardContext>(r), *e.amount);
      e.resource = tok(term(r, W::RESOURCE)).id;
      if (auto* o = sub<W::OrResourceContext>(r)) {
        // "Produce 2 Gold, or 3 Gold if ...": the same resource
        if (tok(term(o, W::RESOURCE)).id != e.resource) throw Refusal{range(o), "an alternative of another resource"};
        or_if(*e.amount, amount(sub<W::AmountContext>(o)), sub<W::ConditionContext>(o), nullptr, range(o), u);
      }
      if (sub<W::DurationContext>(r)) e.duration = duration(sub<W::DurationContext>(r));
    } else if (auto* d = node_as<W::DrawEffectContext>(c)) {
      e.verb = Primitive::draw_;
      e.amount = amount(sub<W::AmountContext>(d));
      // "a card", "2 cards": the noun's number agrees with the amount
      bool one = e.amount->kind == Amount::Kind::Constant && e.amount->value == 1;
      if (one != (term(d, W::CARD) != nullptr)) throw Refusal{range(c), "the number of cards and the noun disagree"};
    } else if (auto* a = node_as<W::AdditionalActionEffectContext>(c)) {
      // "You may take an additional Battle action", "Take two additional Battle actions": the player may act again
      e.verb = Primitive::take_action_;
      e.amount = amount(sub<W::AmountContext>(a));
      if (e.amount->kind != Amount::Kind::Constant || e.amount->value < 1) throw Refusal{e.amount->range, "a number of additional actions that is no count"};
      if ((e.amount->value == 1) != (term(a, W::ACTION) != nullptr)) throw Refusal{range(c), "the number of actions and the noun disagree"};
      for (auto* d : terms(a, W::DESIGNATOR)) e.designators.push_back(tok(d).id);
      if (auto* who = sub<W::CardRefContext>(a)) e.performer = card_ref(who, u);  // "..., which he must perform" (001 Tactician)
    } else if (auto* ce = node_as<W::CreateEffectContext>(c)) {
      // 003 Created cards: "Create a 2F/2C/3PH Lion Clan • Samurai Personality", "Create two 1F/1C/0PH Ninja
      // Personalities at the current battlefield": cards the game had not, in play under your control
      e.verb = Primitive::create_;
      e.amount = amount(sub<W::AmountContext>(ce));
      if (e.amount->kind != Amount::Kind::Constant || e.amount->value < 1) throw Refusal{e.amount->range, "a number of created cards that is no count"};
      if ((e.amount->value == 1) != (term(ce, W::CARD_TYPE) != nullptr)) throw Refusal{range(c), "the number of cards and the noun disagree"};
      CardFilter made;
      made.card_types.push_back(tok(term(ce, W::CARD_TYPE) ? term(ce, W::CARD_TYPE) : term(ce, W::CARD_TYPES)).id);
      for (auto* k : terms(ce, W::KEYWORD)) made.keywords.push_back(tok(k).id);
      // "Ninja • Scorpion Clan", "Ninja, Scorpion Clan" or "Ninja Scorpion Clan": one way throughout
      const size_t marks = terms(ce, W::BULLET).size() + terms(ce, W::COMMA).size();
      if (made.keywords.size() > 1 && marks > 0 && marks + 1 != made.keywords.size()) throw Refusal{range(c), "keywords of a created card joined two ways"};
      e.side_by_side = made.keywords.size() > 1 && marks == 0;
      made.range = range(c);
      e.cards = std::move(made);
      if (auto* line = sub<W::StatLineContext>(ce))
        for (auto* v : terms(line, W::STAT_VALUE)) {
          const wording::WordToken& sv = tok(v);
          StatChange s;
          s.stat = sv.id;
          s.delta.value = sv.value;
          s.delta.range = s.range = sv.range;
          for (const StatChange& b : e.base)
            if (b.stat == s.stat) throw Refusal{sv.range, "a stat printed twice"};
          e.base.push_back(s);
        }
      if (sub<W::PlaceContext>(ce)) e.to = place(sub<W::PlaceContext>(ce));
      // "and attach it to ...": a pronoun after it names the created card (several: not read yet)
      antecedent_ = e.amount->value == 1 ? Antecedent::Created : Antecedent::Chosen;
      created_type_ = e.cards->card_types.front();
    } else if (auto* pe = node_as<W::PutEffectContext>(c)) {
      // "Put this Strategy into play", "Put it into its owner's hand"; "Put a Spell in your discard pile into your
      // hand": one card of the set, chosen as it resolves (not targeted, 001 Target)
      e.verb = Primitive::put_;
      auto* pronoun = node_as<W::PronounRefContext>(sub<W::CardRefContext>(pe));
      if (pronoun && antecedent_ == Antecedent::Looked && (pronoun->pronoun->getType() == W::IT || pronoun->pronoun->getType() == W::THEM)) {
        // "put it into your hand" after a look or a search: the cards looked at (or found), as "Put it in your hand"
        e.looked = looked_all(pronoun->pronoun->getType() == W::IT, range(pronoun));
        auto* z = sub<W::ZoneOfContext>(pe);
        if (!term(z, W::YOUR)) throw Refusal{range(z), "cards looked at put into a zone not yours"};
        LookedPlace w;
        w.range = SourceRange::join(tok(term(pe, W::INTO)).range, range(z));
        w.kind = LookedPlace::Kind::Zone;
        w.into = w.yours = true;
        w.zone = tok(term(z, W::ZONE)).id;
        e.looked_place = std::move(w);
        return e;
      }
      if (sub<W::CardRefContext>(pe)) {
        e.card = card_ref(sub<W::CardRefContext>(pe), u);
      } else {
        e.cards = card_filter(sub<W::CardFilterContext>(pe));
        if (e.cards->plural) throw Refusal{e.cards->range, "putting several cards"};
        antecedent_ = Antecedent::Chosen;  // "it" after it names the chosen card: not in the tree yet
      }
      auto* z = sub<W::ZoneOfContext>(pe);
      e.zone = tok(term(z, W::ZONE)).id;
      e.zone_of = term(z, W::YOUR) ? Effect::ZoneOf::Yours : term(z, W::OWNER) ? Effect::ZoneOf::Owners : Effect::ZoneOf::Game;
    } else if (auto* d = node_as<W::DiscardEffectContext>(c)) {
      discard_from_hand(sub<W::CardFilterContext>(d), e);  // as it resolves
    } else if (auto* q = node_as<W::UniqueResourceEffectContext>(c)) {
      // "Take the Imperial Favor" (from whoever holds it), "Discard the Imperial Favor": a resource of which there is
      // one in the game (the profile's [unique])
      e.verb = q->verb->getType() == W::V_DISCARD ? Primitive::discard_ : Primitive::take_action_;
      e.resource = tok(term(q, W::RESOURCE)).id;
      if (!p_.resources[static_cast<size_t>(e.resource)].unique) throw Refusal{e.range, "'the' before a resource that is not unique"};
    } else if (auto* g = node_as<W::GiveEffectContext>(c)) {
      give(g, u, e);
    } else if (auto* m = node_as<W::MoveHomeEffectContext>(c)) {
      move_home(term(m, W::HOME), sub<W::CardRefContext>(m), u, e);
      if (m->other) e.other_card = card_ref(m->other, u);  // "Move home this unit and a target enemy unit": both go
    } else if (auto* d = node_as<W::DealEffectContext>(c)) {
      // dealEffect : V_DEAL amount STATUS TO cardRef (COMMA? IGNORING STAT)?
      e.verb = Primitive::deal_;
      e.amount = amount(sub<W::AmountContext>(d));
      e.status = tok(term(d, W::STATUS)).id;
      e.card = card_ref(sub<W::CardRefContext>(d), u);
      if (term(d, W::STAT)) {  // any stat the words name: which one may be ignored is checked on the tree (check_meaning.h)
        e.ignoring = tok(term(d, W::STAT)).id;
        e.ignoring_range = SourceRange::join(tok(term(d, W::IGNORING)).range, tok(term(d, W::STAT)).range);
      }
    } else if (auto* f = node_as<W::InflictEffectContext>(c)) {
      // inflictEffect : V_INFLICT STATUS ON cardRef (COMMA? IGNORING STAT)?  (004 Status: one Status, rolled against)
      e.verb = Primitive::inflict_;
      e.status = tok(term(f, W::STATUS)).id;
      e.card = card_ref(sub<W::CardRefContext>(f), u);
      if (term(f, W::STAT)) {
        e.ignoring = tok(term(f, W::STAT)).id;
        e.ignoring_range = SourceRange::join(tok(term(f, W::IGNORING)).range, tok(term(f, W::STAT)).range);
      }
    } else if (auto* rk = node_as<W::RemoveKeywordEffectContext>(c)) {
      // 003 Keywords: effects grant and remove keywords, for a duration (to the end of the turn when none is given)
      e.verb = Primitive::remove_;
      e.keyword = tok(term(rk, W::KEYWORD)).id;
      e.card = card_ref(sub<W::CardRefContext>(rk), u);
      if (sub<W::DurationContext>(rk)) e.duration = duration(sub<W::DurationContext>(rk));
    } else if (node_as<W::WinEffectContext>(c)) {
      e.verb = Primitive::win_;  // 002: the controller wins the game
    } else if (auto* rc = node_as<W::RemoveCountersEffectContext>(c)) {
      // removeCountersEffect : V_REMOVE (ALL | amount) STATUS (COUNTER | COUNTERS)? FROM cardRef  (004 Status: counters
      // on a unit, damage counters among them; no amount: all of them)
      e.verb = Primitive::remove_;
      if (sub<W::AmountContext>(rc)) e.amount = amount(sub<W::AmountContext>(rc));
      e.status = tok(term(rc, W::STATUS)).id;
      e.counters_word = term(rc, W::COUNTER) || term(rc, W::COUNTERS);
      e.card = card_ref(sub<W::CardRefContext>(rc), u);
    } else if (auto* rs = node_as<W::RemoveStatusEffectContext>(c)) {
      // removeStatusEffect : V_REMOVE ALL COUNTERS OF ONE STATUS_NOUN FROM cardRef  (the controller chooses the Status)
      e.verb = Primitive::remove_;
      e.any_status = true;
      e.card = card_ref(sub<W::CardRefContext>(rs), u);
    } else if (auto* rg = node_as<W::RemoveFromGameEffectContext>(c)) {
      e.verb = Primitive::remove_;  // out of the game: the zone of cards removed from it
      e.card = card_ref(sub<W::CardRefContext>(rg), u);
    } else if (auto* b = node_as<W::MoveToBattleEffectContext>(c)) {
      // 001 Battlefields: "Move him to the current battlefield"
      e.verb = Primitive::move_;
      e.card = card_ref(sub<W::CardRefContext>(b), u);
      e.to = term(b, W::THERE) ? there(term(b, W::THERE)) : place(sub<W::PlaceContext>(b));
      if (e.to->kind != Place::Kind::CurrentBattlefield) throw Refusal{e.to->range, "a move to another place than the current battlefield"};
    } else if (auto* mo = node_as<W::MoveToOpposeEffectContext>(c)) {
      // "Move this Personality to oppose him": to the battlefield where that card is, on its enemies' side (001
      // Battlefields); a card of his own side is opposed by no move
      e.verb = Primitive::move_;
      // a pronoun there names a card named before the clause, never the card moved (that would be "himself")
      const Antecedent before = antecedent_, over = this_over_;
      e.card = card_ref(sub<W::CardRefContext>(mo), u);
      antecedent_ = before;
      this_over_ = over;
      e.opposing = card_ref(mo->opposed, u);
      e.opposing_verb = tok(term(mo, W::V_ASSIGN)).id;
    } else if (auto* ia = node_as<W::MoveIntoArmyEffectContext>(c)) {
      // 001 Battlefields: "Move him into your defending army": to the current battlefield, on your side; into another
      // side's army, or a card's (wherever it is), says nothing the rules define
      e.verb = Primitive::move_;
      e.card = card_ref(sub<W::CardRefContext>(ia), u);
      e.into = army(sub<W::ArmyContext>(ia), u);
      if (e.into->kind != Army::Kind::Yours) throw Refusal{e.into->range, "a move into another army than yours"};
    } else if (auto* a = node_as<W::KeywordActionEffectContext>(c)) {
      keyword_action(sub<W::KeywordActionContext>(a), u, e);
    } else if (auto* ra = node_as<W::RaiseEffectContext>(c)) {
      // "Reduce his Force by 2", "Raise this Shugenja's Force by his Chi": a bonus or a penalty to the stat of that size
      // (003 Stats), as "Give him -2F" says it
      e.verb = verb(ra->verb);
      e.card = possessor(ra->owner, sub<W::CardRefContext>(ra), u);
      e.stat = tok(term(ra, W::STAT)).id;
      e.amount = sub<W::StatOfContext>(ra) ? stat_of(sub<W::StatOfContext>(ra), u) : amount(sub<W::AmountContext>(ra));
      if (e.amount->kind == Amount::Kind::Constant && e.amount->value < 1) throw Refusal{e.amount->range, "a change by a number that is not positive"};
      if (sub<W::DurationContext>(ra)) e.duration = duration(sub<W::DurationContext>(ra));
    } else if (auto* sw = node_as<W::SwitchEffectContext>(c)) {
      // "Switch his Force and Chi": the card's two stats trade their current values (003 Stats: setting stats)
      e.verb = Primitive::switch_;
      e.card = possessor(sw->owner, sub<W::CardRefContext>(sw), u);
      e.stat = tok(sw->first).id;
      e.other_stat = tok(sw->second).id;
      if (e.stat == e.other_stat) throw Refusal{range(c), "a stat switched with itself"};
      if (sub<W::DurationContext>(sw)) e.duration = duration(sub<W::DurationContext>(sw));
    } else if (auto* sc = node_as<W::SwitchCardsEffectContext>(c)) {
      // "Switch the target's and this Follower's Force": one stat of two cards trades its current values (003 Stats)
      e.verb = Primitive::switch_;
      e.card = possessor(sc->owner, sc->first, u);
      e.other_card = possessor(nullptr, sc->second, u);
      e.stat = e.other_stat = tok(term(sc, W::STAT)).id;
      if (sub<W::DurationContext>(sc)) e.duration = duration(sub<W::DurationContext>(sc));
    } else if (auto* h = node_as<W::HealEffectContext>(c)) {
      // "Heal 2 wounds on target beast": counters of the profile's damage status removed from a card; "Heal X": from
      // your hero (002 520.2: all of them when fewer)
      e.verb = Primitive::heal_;
      e.amount = amount(sub<W::AmountContext>(h));
      if (term(h, W::STATUS)) {
        e.status = tok(term(h, W::STATUS)).id;
        if (!p_.damage_status(e.status)) throw Refusal{tok(term(h, W::STATUS)).range, "healing removes damage, not this status"};
        e.card = card_ref(sub<W::CardRefContext>(h), u);
      }
    } else if (auto* ch = node_as<W::ChosenCardEffectContext>(c)) {
      // "Destroy one of his attachments", "bow one of Higaru's Swords": one card of the set, which the controller
      // chooses as the effect resolves; not targeted (001 Target: only "target" targets). "Straighten all of your
      // Followers": each card of the set.
      e.verb = verb(ch->verb);
      if (e.verb == Primitive::set_state_) e.state = state_of_verb(ch->verb);
      e.cards = card_filter(sub<W::CardFilterContext>(ch));  // or every card of a set ("Straighten all of your Followers")
      chosen_of_.reset();
      if (e.cards->of && !could_be_person(*e.cards)) chosen_of_ = *e.cards->of;
      antecedent_ = Antecedent::Chosen;
    } else if (auto* ta = node_as<W::TargetAndCardEffectContext>(c)) {
      // "target and bow an enemy Personality": "bow target enemy Personality" worded the other way (001 Target: the
      // target is declared where the effect names it)
      e.verb = verb(ta->verb);
      if (e.verb == Primitive::set_state_) e.state = state_of_verb(ta->verb);
      e.card = target_after_and(sub<W::CardFilterContext>(ta), u);
    } else if (auto* tg = node_as<W::TargetAndGiveEffectContext>(c)) {
      // "target and give your Yojimbo Personality Conqueror": "give your target Yojimbo Personality Conqueror"
      e.verb = Primitive::give_;
      e.card = target_after_and(sub<W::CardFilterContext>(tg), u);
      gifts(sub<W::GiftsContext>(tg), sub<W::DurationContext>(tg), term(tg, W::V_GIVE), u, e);
    } else if (auto* pg = node_as<W::ProvinceGiveEffectContext>(c)) {
      province_give(pg, u, e);
    } else if (auto* ps = node_as<W::ProvinceStrengthEffectContext>(c)) {
      // "Increase the current battlefield's province's strength by his Chi" (003 Stats: a bonus, or a penalty)
      e.verb = verb(ps->verb);
      e.province = province(sub<W::ProvinceContext>(ps), u);
      e.amount = sub<W::StatOfContext>(ps) ? stat_of(sub<W::StatOfContext>(ps), u) : amount(sub<W::AmountContext>(ps));
    } else if (auto* rf = node_as<W::RefillEffectContext>(c)) {
      // "Refill this Province face-up", "refill the Province face-up": the top card of its owner's refill deck goes
      // into it (a put verb the profile marks [refills]), face-down unless the words say face-up
      const wording::WordToken& v = tok(term(rf, W::V_PUT));
      if (!p_.verbs[static_cast<size_t>(v.id)].refills) throw Refusal{v.range, "putting a province somewhere"};
      e.verb = Primitive::put_;
      e.refill = v.id;
      e.province = province(sub<W::ProvinceContext>(rf), u);
      if (e.province->kind == ProvinceRef::Kind::OneOfYours) throw Refusal{e.province->range, "refilling a province chosen as it resolves"};
      if (term(rf, W::STATE)) e.state = StateTest{tok(term(rf, W::STATE)).id, tok(term(rf, W::STATE)).value == 1, tok(term(rf, W::STATE)).range};
    } else if (auto* pd = node_as<W::ProvinceDestroyEffectContext>(c)) {
      e.verb = Primitive::destroy_;
      e.province = province(sub<W::ProvinceContext>(pd), u);
    } else if (auto* em = node_as<W::EarmarkedEffectContext>(c)) {
      // "Produce 2 Gold, which can only pay for a single Armor, Mine, or Weapon": one card bought with one of them
      e.verb = Primitive::produce_;
      e.amount = amount(sub<W::AmountContext>(em));
      e.resource = tok(term(em, W::RESOURCE)).id;
      W::EarmarkContext* k = sub<W::EarmarkContext>(em);
      CardFilter f;
      f.range = SourceRange::join(tok(term(k, W::SINGLE)).range, range(k));
      for (auto* kw : terms(k, W::KEYWORD)) f.any_keywords.push_back(tok(kw).id);
      if (f.any_keywords.size() == 1) f.any_keywords.swap(f.keywords);
      e.earmark = std::move(f);
      e.earmark_spelling = {k->getStart()->getType() == W::COMMA, term(k, W::WHICH) != nullptr, term(k, W::MAY) != nullptr, term(k, W::ONE) != nullptr};
    } else if (auto* at = node_as<W::AttachEffectContext>(c)) {
      // "Attach it to him, paying all costs": the card is brought into play attached, what the payment says paid
      e.verb = Primitive::attach_;
      e.card = card_ref(at->card, u);
      e.host = card_ref(at->host, u);
      // a card just created is not played, so nothing is paid for it (003 Created cards); any other card attached is
      // played, and the words say what is paid
      if (sub<W::PaymentContext>(at)) e.payment = payment(sub<W::PaymentContext>(at));
      else if (e.card->kind != CardRef::Kind::Created) throw Refusal{range(c), "attaching a card without saying what is paid"};
    } else if (auto* dc = node_as<W::DeckCardsEffectContext>(c)) {
      deck_effect(sub<W::DeckEffectContext>(dc), u, e);
    } else {
      auto* k = static_cast<W::CardEffectContext*>(c);
      e.verb = verb(k->verb);
      e.card = card_ref(sub<W::CardRefContext>(k), u);
      if (e.verb == Primitive::set_state_) e.state = state_of_verb(k->verb);
    }
    return e;
  }

  // whether a card of the set may be a person: not one attached to a card ("one of his Weapons", 001 Attach), nor of
  // card types none of which is a person
  bool could_be_person(const CardFilter& f) const {
    if (f.of || f.attachment) return false;
    if (f.card_types.empty()) return true;
    return std::any_of(f.card_types.begin(), f.card_types.end(), [&](ProfileId t) { return p_.card_types[static_cast<size_t>(t)].person; });
  }

  // "Discard a card", "Discard a Kiho": one card of your hand, chosen as the effect resolves or the cost is paid
  void discard_from_hand(W::CardFilterContext* c, Effect& e) {
    e.verb = Primitive::discard_;
    e.cards = card_filter(c);
    if (e.cards->plural || e.cards->side != Side::Any || e.cards->at || !e.cards->roles.empty())
      throw Refusal{e.cards->range, "discarding other than one card of your hand"};
    if (antecedent_ != Antecedent::Discarded) before_discard_ = antecedent_;
    antecedent_ = Antecedent::Discarded;  // "its Focus Value": not in the tree yet
    discarded_ = true;                    // "the card" names it
    discarded_top_ = false;
  }

  // ---------------------------------------------------------------- decks: their top cards, looked at and put back
  // deckEffect : V_DISCARD deckTop | V_LOOK AT deckTop | V_PUT lookedCards lookedPlace | V_DISCARD lookedCards
  void deck_effect(W::DeckEffectContext* c, Unit& u, Effect& e) {
    if (auto* d = node_as<W::DiscardTopEffectContext>(c)) {
      // "Discard the top card of any Fate deck": "the card" after it names that one card (it follows it to the pile)
      e.verb = Primitive::discard_;
      e.top = deck_top(sub<W::DeckTopContext>(d), u);
      const bool one = e.top->count.kind == Amount::Kind::Constant && e.top->count.value == 1 && !e.top->number_of;
      discarded_ = discarded_top_ = one;
      antecedent_ = Antecedent::Discarded;  // a pronoun naming the discarded cards: not in the tree yet
      return;
    }
    if (auto* l = node_as<W::LookAtTopEffectContext>(c)) {
      e.verb = Primitive::look_;
      e.top = deck_top(sub<W::DeckTopContext>(l), u);
      looked_ = true;
      looked_chosen_ = false;
      looked_count_.reset();
      if (e.top->count.kind == Amount::Kind::Constant) looked_count_ = e.top->count.value;
      looked_left_ = looked_count_;
      antecedent_ = Antecedent::Looked;
      return;
    }
    if (auto* p = node_as<W::PutLookedEffectContext>(c)) {
      e.verb = Primitive::put_;
      e.looked = looked_cards(sub<W::LookedCardsContext>(p));
      e.looked_place = looked_place(sub<W::LookedPlaceContext>(p), *e.looked);
      return;
    }
    if (auto* f = node_as<W::SearchEffectContext>(c)) {
      // "Search your Fate deck for a Ring": the one card found (or none) is then named as the cards of a look are
      e.verb = Primitive::search_;
      e.searched = tok(term(f, W::ZONE)).id;
      e.cards = card_filter(sub<W::CardFilterContext>(f));
      if (e.cards->plural || e.cards->side != Side::Any || e.cards->in || e.cards->at || !e.cards->roles.empty())
        throw Refusal{e.cards->range, "searching for other than one card of the zone"};
      looked_ = true;
      looked_chosen_ = false;
      looked_count_ = looked_left_ = 1;
      antecedent_ = Antecedent::Looked;
      return;
    }
    if (auto* v = node_as<W::ShowLookedEffectContext>(c)) {  // "Show it": to every player
      e.verb = Primitive::reveal_;
      e.looked = looked_cards(sub<W::LookedCardsContext>(v), false);
      return;
    }
    auto* d = static_cast<W::DiscardLookedEffectContext*>(c);  // "You may discard one of them"
    e.verb = Primitive::discard_;
    e.looked = looked_cards(sub<W::LookedCardsContext>(d));
  }

  // "Discard the top card of any Fate deck. ... the card's Focus Value": the discard of that one card is marked, so that
  // it keeps the card (in the body's effects, where a discard of the top card is read)
  static void name_discarded_top(Unit& u) {
    auto mark = [](Effect& e) {
      if (e.top && e.verb == Primitive::discard_ && e.top->count.kind == Amount::Kind::Constant && e.top->count.value == 1) e.top->named = true;
    };
    for (Step& s : u.body) {
      if (auto* e = std::get_if<Effect>(&s)) mark(*e);
      if (auto* k = std::get_if<InOrderTo>(&s)) {
        for (Effect& e : k->done) mark(e);
        for (Effect& e : k->then) mark(e);
      }
      if (auto* k = std::get_if<Conditional>(&s))
        for (Effect& e : k->effects) mark(e);
    }
  }

  // deckTop : THE TOP (CARD | amount CARDS) OF deck | A NUMBER_ OF CARDS ON THE? TOP OF deck EQUAL TO statOf
  DeckTop deck_top(W::DeckTopContext* c, Unit& u) {
    DeckTop t;
    t.range = range(c);
    if (sub<W::StatOfContext>(c)) {
      t.number_of = true;
      t.on_the_top = term(c, W::THE) != nullptr;
      t.count = stat_of(sub<W::StatOfContext>(c), u);
    } else if (sub<W::AmountContext>(c)) {
      t.count = amount(sub<W::AmountContext>(c));
      if (t.count.kind != Amount::Kind::Constant || t.count.value < 2)
        throw Refusal{t.count.range, "the top cards of a deck, a number more than one ('the top card': one)"};
    } else {
      t.count.value = 1;
      t.count.range = tok(term(c, W::CARD)).range;
    }
    W::DeckContext* d = sub<W::DeckContext>(c);
    t.zone = tok(term(d, W::ZONE)).id;
    if (term(d, W::ONE)) {  // "one of your decks": the zone named in the plural, one of those the profile marks a deck
      if (!tok(term(d, W::ZONE)).plural || !p_.deck_zone(t.zone))
        throw Refusal{range(d), "'one of your' before other than the profile's decks"};
      t.whose = DeckTop::Whose::OneOfYours;
      return t;
    }
    if (tok(term(d, W::ZONE)).plural) throw Refusal{range(d), "one deck, named in the singular"};
    t.whose = d->whose->getType() == W::YOUR ? DeckTop::Whose::Yours : DeckTop::Whose::Any;
    t.whose_a = d->whose->getType() == W::A;
    return t;
  }

  // lookedCards : THEM | IT | amount (OR amount)? (OF (THEM | THESE CARDS))? | THE (REST | REMAINING CARDS | OTHER amount CARDS?)
  // Cards of the unit's latest look; each word must agree with how many it took and how many are left.
  LookedCards looked_cards(W::LookedCardsContext* c, bool moves = true) {
    LookedCards k;
    k.range = range(c);
    if (!looked_) throw Refusal{k.range, "cards looked at, with no look before them"};
    if (!moves) {  // "Show it": the cards stay where they are, to be named again
      if (!term(c, W::IT) || looked_chosen_ || looked_count_ != 1) throw Refusal{k.range, "showing other than the one card found or looked at"};
      k.form = LookedCards::Form::It;
      return k;
    }
    if (term(c, W::REST) || term(c, W::REMAINING) || term(c, W::OTHER)) {
      k.which = LookedCards::Which::Rest;
      k.form = term(c, W::REST) ? LookedCards::Form::TheRest : term(c, W::REMAINING) ? LookedCards::Form::TheRemainingCards : LookedCards::Form::TheOther;
      if (!looked_chosen_) throw Refusal{k.range, "the rest of the cards looked at, none chosen before"};
      if (term(c, W::OTHER)) {
        const Amount n = amount(sub<W::AmountContext>(c, 0));
        k.other = n.value;
        k.cards_word = term(c, W::CARDS) != nullptr;
        if (n.kind != Amount::Kind::Constant || !looked_left_ || *looked_left_ != n.value)
          throw Refusal{k.range, "'the other " + std::to_string(n.value) + "', not how many cards are left"};
      }
      looked_left_ = 0;
      return k;
    }
    if (!sub<W::AmountContext>(c)) return looked_all(term(c, W::IT) != nullptr, k.range);  // "them", "it"
    // "one", "one of them", "one or two of these cards": some the controller chooses among them
    k.which = LookedCards::Which::Some;
    k.form = term(c, W::THESE) ? LookedCards::Form::OfTheseCards : term(c, W::OF) ? LookedCards::Form::OfThem : LookedCards::Form::Bare;
    const Amount low = amount(sub<W::AmountContext>(c, 0));
    const Amount high = sub<W::AmountContext>(c, 1) ? amount(sub<W::AmountContext>(c, 1)) : low;
    if (low.kind != Amount::Kind::Constant || high.kind != Amount::Kind::Constant || low.value < 1 || high.value < low.value || high.value > 8)
      throw Refusal{k.range, "how many of the cards looked at, from 1 to 8"};
    if (c->getStart()->getType() == W::A || c->getStart()->getType() == W::AN) throw Refusal{k.range, "'a' for cards looked at"};
    if (looked_left_ && high.value > *looked_left_) throw Refusal{k.range, "more cards than are left of those looked at"};
    k.min = low.value;
    k.max = high.value;
    if (looked_left_ && low.value == high.value) *looked_left_ -= low.value;
    else looked_left_.reset();
    looked_chosen_ = true;
    return k;
  }

  // "them", "it": every card looked at (or found), while none was chosen
  LookedCards looked_all(bool it, SourceRange where) {
    LookedCards k;
    k.range = where;
    k.form = it ? LookedCards::Form::It : LookedCards::Form::Them;
    if (looked_chosen_) throw Refusal{where, "a pronoun for the cards looked at after some were chosen"};
    if (it && looked_count_ != 1) throw Refusal{where, "'it' for more than one card looked at"};
    if (!it && looked_count_ == 1) throw Refusal{where, "'them' for one card looked at"};
    looked_left_ = 0;
    return k;
  }

  // lookedPlace : BACK (IN ANY ORDER)? | (IN | INTO) zoneOf | (ON | AT) THE? (TOP | BOTTOM) (OF (YOUR | THE) ZONE)? (IN ANY ORDER)?
  LookedPlace looked_place(W::LookedPlaceContext* c, const LookedCards& k) {
    LookedPlace w;
    w.range = range(c);
    w.any_order = term(c, W::ORDER) != nullptr;
    if (term(c, W::BACK)) {
      w.kind = LookedPlace::Kind::Back;
    } else if (auto* z = sub<W::ZoneOfContext>(c)) {  // "in your hand"
      w.kind = LookedPlace::Kind::Zone;
      w.into = term(c, W::INTO) != nullptr;
      if (!term(z, W::YOUR)) throw Refusal{range(z), "cards looked at put into a zone not yours"};
      w.yours = true;
      w.zone = tok(term(z, W::ZONE)).id;
    } else {
      w.kind = term(c, W::TOP) ? LookedPlace::Kind::Top : LookedPlace::Kind::Bottom;
      w.at = term(c, W::AT) != nullptr;
      w.the = term(c, W::THE) && term(c, W::THE, 0)->getSymbol()->getTokenIndex() < (term(c, W::TOP) ? term(c, W::TOP) : term(c, W::BOTTOM))->getSymbol()->getTokenIndex();
      if (term(c, W::ZONE)) {
        w.zone = tok(term(c, W::ZONE)).id;
        w.yours = term(c, W::YOUR) != nullptr;
        w.of_the = !w.yours;  // "of the deck": the one they are in
      }
    }
    // several cards put in one place lie in some order: the words say who chooses it, or the put is refused
    const bool several = k.which == LookedCards::Which::Rest || (k.which == LookedCards::Which::Some ? k.max > 1 : looked_count_ != 1);
    if (w.any_order && !several) throw Refusal{w.range, "'in any order' for one card"};
    if (several && !w.any_order && (w.kind == LookedPlace::Kind::Top || w.kind == LookedPlace::Kind::Bottom))
      throw Refusal{w.range, "several cards put on a deck in an order the words do not give"};
    return w;
  }

  // keywordAction : KEYWORD_ACTION amount ACTION_TAIL? | KEYWORD_ACTION (WITH (A | AN)? STRENGTH)? EQUAL TO statOf
  // Its strength where the profile puts it: "Ranged 3 Attack" (not "Ranged 3", nor "Ranged Attack 3"), "Fear 2"; or
  // after its whole name, "with strength equal to" a card's stat.
  void keyword_action(W::KeywordActionContext* c, Unit& u, Effect& e) {
    const wording::WordToken& head = tok(term(c, W::KEYWORD_ACTION));
    const KeywordActionDef& a = p_.keyword_actions[static_cast<size_t>(head.id)];
    e.action = head.id;
    e.verb = primitive_named(a.primitive).value_or(Primitive::destroy_);  // the profile checked it
    if (sub<W::StatOfContext>(c)) {
      if (head.value == 1) throw Refusal{range(c), "the strength is not where the profile puts it in '" + a.name + "'"};
      e.amount = stat_of(sub<W::StatOfContext>(c), u);
      return;
    }
    strength_at(head, term(c, W::ACTION_TAIL) != nullptr, sub<W::AmountContext>(c), range(c));
    e.amount = amount(sub<W::AmountContext>(c));
    in_action_ = true;  // "the target" in a condition of its strength: the card the action is choosing
    for (auto* b : subs<W::StrengthBonusContext>(c)) e.bonuses.push_back(strength_bonus(b, u));
    if (auto* o = sub<W::OrStrengthContext>(c)) {
      // orStrength : COMMA OR KEYWORD_ACTION amount ACTION_TAIL? IF condition: the same action, another strength
      const wording::WordToken& again = tok(term(o, W::KEYWORD_ACTION));
      if (again.id != head.id) throw Refusal{again.range, "another keyword action as the strength's alternative"};
      strength_at(again, term(o, W::ACTION_TAIL) != nullptr, sub<W::AmountContext>(o), range(o));
      if (!term(sub<W::AmountContext>(o), W::NUMBER)) throw Refusal{range(sub<W::AmountContext>(o)), "the other strength is a number"};
      StrengthBonus b;
      b.instead = true;
      b.value = tok(sub<W::AmountContext>(o)->getStart()).value;
      b.condition = condition(sub<W::ConditionContext>(o), u);
      b.range = range(o);
      check_bonus(b);
      e.bonuses.push_back(std::move(b));
    }
    in_action_ = false;
  }

  // The strength where the profile puts it: after the words before it (with the rest of the name after it), else
  // after the whole name; a number or X.
  void strength_at(const wording::WordToken& head, bool tail, W::AmountContext* n, SourceRange where) const {
    const KeywordActionDef& a = p_.keyword_actions[static_cast<size_t>(head.id)];
    const bool inside = a.strength_at < a.words.size();
    if ((head.value == 1) != inside || tail != inside)
      throw Refusal{where, "the strength is not where the profile puts it in '" + a.name + "'"};
    if (!term(n, W::NUMBER) && !term(n, W::VARX)) throw Refusal{range(n), "a strength is a number"};
  }

  // strengthBonus : COMMA? WITH MODIFIER STRENGTH IF condition
  StrengthBonus strength_bonus(W::StrengthBonusContext* c, Unit& u) {
    const wording::WordToken& m = tok(term(c, W::MODIFIER));
    // "+2 strength": a number of strength, no stat's letters, no X
    if (m.id != -1 || m.uses_x || m.value == 0) throw Refusal{m.range, "a strength bonus is a number of strength"};
    StrengthBonus b;
    b.value = m.value;
    b.condition = condition(sub<W::ConditionContext>(c), u);
    b.range = range(c);
    check_bonus(b);
    return b;
  }

  // A strength's condition names this card or the card the action is choosing ("the target"); a pronoun or another
  // target ("if he is bowed" after "Target a Personality") would be asked of a card chosen before: refused, not bent.
  static void check_bonus(const StrengthBonus& b) {
    std::function<bool(const Condition&)> other_card = [&](const Condition& k) {
      if (k.card && k.card->kind != CardRef::Kind::ThisCard && k.card->kind != CardRef::Kind::Bearer &&
          k.card->kind != CardRef::Kind::ThisKeyword && !(k.card->kind == CardRef::Kind::TheTarget && k.card->target == -1))
        return true;
      for (const Condition& p : k.parts)
        if (other_card(p)) return true;
      return false;
    };
    if (other_card(b.condition)) throw Refusal{b.range, "a strength's condition about a card chosen before it"};
  }

  // moveHomeEffect, moveHomeCost : V_MOVE (HOME cardRef | cardRef HOME)
  void move_home(antlr4::tree::TerminalNode* home, W::CardRefContext* card, Unit& u, Effect& e) {
    e.verb = Primitive::move_;
    e.place_first = home->getSymbol()->getTokenIndex() < card->getStart()->getTokenIndex();
    e.card = card_ref(card, u);
    e.to = Place{Place::Kind::Home, tok(home).range};
  }

  // giveEffect : V_GIVE (cardRef (AND EACH cardFilter)? | EACH cardFilter) gifts duration?
  // "Give him and each of his Followers +3F": the card, then every card of the set, each the same gifts
  void give(W::GiveEffectContext* c, Unit& u, Effect& e) {
    e.verb = Primitive::give_;
    if (sub<W::CardRefContext>(c)) e.card = card_ref(sub<W::CardRefContext>(c), u);
    if (sub<W::CardFilterContext>(c)) {
      e.cards = card_filter(sub<W::CardFilterContext>(c), true);
      if (e.cards->plural) throw Refusal{range(sub<W::CardFilterContext>(c)), "'each' before a plural"};
      e.cards->plural = true;  // every such card
    }
    gifts(sub<W::GiftsContext>(c), sub<W::DurationContext>(c), term(c, W::V_GIVE), u, e);
  }

  // "target and bow an enemy Personality", "target and give your Yojimbo Personality Conqueror": the inline target of
  // "bow target enemy Personality" worded the other way (001 Target: declared where the effect names it)
  CardRef target_after_and(W::CardFilterContext* c, Unit& u) {
    Targeting t;
    t.filter = card_filter(c);
    if (t.filter.plural) throw Refusal{t.filter.range, "targeting several cards at once"};
    t.inline_ = true;
    t.verb_after = true;
    t.range = t.filter.range;
    add_target(u, std::move(t));
    CardRef r;
    r.kind = CardRef::Kind::Target;
    r.range = u.targets.back().range;
    r.target = static_cast<int>(u.targets.size() - 1);
    return named_unit(std::move(r), u);
  }

  // What a give verb gives (`verb` its token), for how long
  void gifts(W::GiftsContext* c, W::DurationContext* dur, antlr4::tree::TerminalNode* verb, Unit& u, Effect& e) {
    // gifts : gift ((COMMA | COMMA? AND) gift)* ;  gift : statChange (SLASH statChange)* | KEYWORD
    for (auto* g : subs<W::GiftContext>(c)) {
      if (auto* k = node_as<W::KeywordGiftContext>(g)) {
        e.gifts.push_back(Gift{std::nullopt, tok(term(k, W::KEYWORD)).id, range(g), {}, {}, {}, -1});
        continue;
      }
      if (auto* q = node_as<W::EqualGiftContext>(g)) {
        // "a Force penalty equal to his Chi": the stat changes by the other stat's value as the effect resolves
        StatChange ch;
        ch.stat = tok(term(q, W::STAT)).id;
        ch.delta = stat_of(sub<W::StatOfContext>(q), u);
        ch.delta.negated = q->kind->getType() == W::PENALTY;
        ch.range = range(g);
        Gift gift{ch, -1, ch.range, {}, {}, {}, -1};
        if (q->other) gift.or_else = other_sign(ch, q->kind, q->other);  // "a Force bonus or penalty equal to ..."
        e.gifts.push_back(std::move(gift));
        continue;
      }
      if (auto* x = node_as<W::EitherGiftContext>(g)) {
        // "+2F or -2F": the controller chooses one as the effect resolves
        Gift gift{stat_change(sub<W::StatChangeContext>(x, 0)), -1, range(g), {}, {}, {}, -1};
        gift.or_else = stat_change(sub<W::StatChangeContext>(x, 1));
        e.gifts.push_back(std::move(gift));
        continue;
      }
      if (auto* o = node_as<W::OrGiftContext>(g)) {
        StatChange ch = or_change(sub<W::StatChangeContext>(o), sub<W::OrChangeContext>(o), u);
        e.gifts.push_back(Gift{ch, -1, ch.range, {}, {}, {}, -1});
        continue;
      }
      if (auto* q = node_as<W::GrantedGiftContext>(g)) {
        e.gifts.push_back(granted(sub<W::GrantedContext>(q), e.card ? named_type(*e.card, u) : e.cards ? one_type(*e.cards) : -1));
        continue;
      }
      if (auto* t = node_as<W::TokenGiftContext>(g)) {
        Gift gift{std::nullopt, -1, range(g), {}, {}, {}, -1};
        gift.tokens = token_gift(t);
        e.gifts.push_back(std::move(gift));
        continue;
      }
      auto* sg = static_cast<W::StatGiftContext*>(g);
      std::vector<StatChange> changes;
      for (auto* sc : subs<W::StatChangeContext>(sg)) changes.push_back(stat_change(sc));
      if (sub<W::PerCardContext>(sg)) per_card_changes(sub<W::PerCardContext>(sg), changes);
      for (StatChange& ch : changes) e.gifts.push_back(Gift{ch, -1, ch.range, {}, {}, {}, -1});
    }
    one_choice(e);
    for (const Gift& g : e.gifts)  // a token is placed for good: no other gift or duration goes with it
      if (g.tokens && (e.gifts.size() > 1 || dur)) throw Refusal{g.range, "tokens with other gifts or a duration"};
    // 003 Stats: "Permanently give" (a verb the profile marks [permanent]) lasts for good
    const bool permanent = p_.verbs[static_cast<size_t>(tok(verb).id)].permanent;
    if (permanent && dur) throw Refusal{range(dur), "a duration after a permanent verb"};
    if (permanent) e.duration = Duration{-1, true, tok(verb).range};
    else if (dur) e.duration = duration(dur);
  }

  // granted : THE (ABILITY | TRAIT) COMMA? EMBEDDED
  // 003 Embedded text: the quoted text is a trait or ability of its own, read as the card given it has it ("this
  // Personality" is that card of type `holder`, its pronouns its own); every word of it is read, or the whole
  // paragraph is refused, at the first word in the quotes no shape reads. "ability" names an ability, "trait" a trait
  // (003 Traits, Abilities).
  Gift granted(W::GrantedContext* c, ProfileId holder) {
    Gift g{std::nullopt, -1, range(c), {}, {}, {}, holder};
    const wording::WordToken& quoted = tok(term(c, W::EMBEDDED));
    if (!embedded_) throw Refusal{quoted.range, "quoted text where none is read"};
    WordingRead r = (*embedded_)(quoted.range, g.holder);
    if (!r.unit) throw Refusal{r.unread.valid() ? r.unread : quoted.range, r.why.empty() ? "no sentence shape reads these words" : r.why};
    if ((r.unit->kind == UnitKind::Ability) != (term(c, W::ABILITY) != nullptr))
      throw Refusal{range(c), term(c, W::ABILITY) ? "a trait named an ability" : "an ability named a trait"};
    for (auto& d : r.disagreeing_pronouns) disagreeing_.push_back(d);
    g.granted = std::move(*r.unit);
    return g;
  }

  // The card type of every card of a set, when the words name one (-1: they do not)
  static ProfileId one_type(const CardFilter& f) { return f.card_types.size() == 1 && f.alternatives.empty() ? f.card_types[0] : -1; }

  // The card type of the one card a reference names, when the words say it (-1: they do not)
  ProfileId named_type(const CardRef& r, const Unit& u) const {
    auto one = [](const std::vector<ProfileId>& t) { return t.size() == 1 ? t[0] : ProfileId{-1}; };
    switch (r.kind) {
      case CardRef::Kind::ThisCard: return r.card_type >= 0 ? r.card_type : card_type_;
      case CardRef::Kind::Bearer: return r.card_type;
      case CardRef::Kind::Performer: return u.performer ? one(u.performer->filter.card_types) : -1;
      case CardRef::Kind::Target:
      case CardRef::Kind::TheTarget:
      case CardRef::Kind::Pronoun:
        if (r.kind == CardRef::Kind::Pronoun && r.target == -2) return card_type_;  // the card's own name, named again
        if (r.kind == CardRef::Kind::Pronoun && r.target == -1) return u.performer ? one(u.performer->filter.card_types) : -1;
        return r.target >= 0 && static_cast<size_t>(r.target) < u.targets.size() ? one(u.targets[static_cast<size_t>(r.target)].filter.card_types) : -1;
      default: return -1;
    }
  }

  // tokenGift : amount (statChange (SLASH statChange)*)? STATUS
  // 001 Token: "a +1F token", "two +1F Fire tokens", "a -1F/-1C Poison token", "a Madness token": how many, each one's
  // stats, and its kind (a status the profile marks [token]); the noun's number agrees with the count
  TokenGift token_gift(W::TokenGiftContext* c) {
    TokenGift t;
    t.range = range(c);
    const Amount n = amount(sub<W::AmountContext>(c));
    if (n.kind != Amount::Kind::Constant || n.value < 1) throw Refusal{range(sub<W::AmountContext>(c)), "a number of tokens that is not a positive number"};
    t.count = n.value;
    for (auto* sc : subs<W::StatChangeContext>(c)) t.changes.push_back(stat_change(sc));
    const wording::WordToken& kind = tok(term(c, W::STATUS));
    if (!p_.token_status(kind.id)) throw Refusal{kind.range, "a status that is no token"};
    if (kind.plural != (t.count != 1)) throw Refusal{kind.range, "the noun's number and the count disagree"};
    t.kind = kind.id;
    return t;
  }

  // "a bonus or penalty equal to ...": the same change with the other sign; "bonus or bonus" chooses nothing
  StatChange other_sign(const StatChange& ch, antlr4::Token* kind, antlr4::Token* other) const {
    if (other->getType() == kind->getType()) throw Refusal{tok(other).range, "the same word on both sides of 'or'"};
    StatChange o = ch;
    o.delta.negated = other->getType() == W::PENALTY;
    return o;
  }

  // The controller chooses between two changes once per effect: two choices in one gift list would leave open whether
  // they are chosen together
  static void one_choice(const Effect& e) {
    int n = 0;
    for (const Gift& g : e.gifts)
      if (g.or_else && ++n > 1) throw Refusal{g.range, "a second choice of changes in one effect"};
  }

  // province : THIS ZONE | THE CURRENT ZONE | (THIS | THE CURRENT) BATTLEFIELD POSS ZONE | (HIS | HER | ITS) ZONE
  //          | ONE OF YOUR ZONE
  // A province by the profile's zone of provinces (a zone marked `provinces`); any other zone names no province.
  ProvinceRef province(W::ProvinceContext* c, Unit& u) {
    ProvinceRef r;
    r.range = range(c);
    antlr4::tree::TerminalNode* zone = nullptr;
    if (auto* t = node_as<W::ThisProvinceContext>(c)) {
      zone = term(t, W::ZONE);
    } else if (auto* k = node_as<W::CurrentProvinceContext>(c)) {
      r.kind = ProvinceRef::Kind::Current;
      zone = term(k, W::ZONE);
    } else if (auto* b = node_as<W::BattlefieldProvinceContext>(c)) {
      r.kind = ProvinceRef::Kind::Current;
      r.battlefield = true;
      r.this_battlefield = term(b, W::THIS) != nullptr;
      zone = term(b, W::ZONE);
    } else if (auto* o = node_as<W::ProvinceOfCardContext>(c)) {
      r.kind = ProvinceRef::Kind::OfCard;
      r.of = pronoun(tok(o->owner).range, o->owner->getType() != W::ITS, u);
      zone = term(o, W::ZONE);
    } else if (auto* l = node_as<W::ProvinceLeftContext>(c)) {
      // "the Province": the one the unit's trigger names ("After this Holding enters play from a Province")
      if (!u.trigger || u.trigger->from < 0) throw Refusal{r.range, "'the' province of no trigger"};
      r.kind = ProvinceRef::Kind::Left;
      zone = term(l, W::ZONE);
    } else {
      r.kind = ProvinceRef::Kind::OneOfYours;
      zone = term(static_cast<W::OneOfYourProvincesContext*>(c), W::ZONE);
    }
    const wording::WordToken& z = tok(zone);
    // "one of your Provinces" names them in the plural; every other name, one province
    provinces_named(z, r.kind == ProvinceRef::Kind::OneOfYours);
    r.zone = z.id;
    return r;
  }

  // A name of the profile's zone of provinces, in the number the words need
  void provinces_named(const wording::WordToken& z, bool plural) const {
    if (!p_.zone_of_provinces(z.id)) throw Refusal{z.range, "a zone that holds no provinces"};
    if (z.plural != plural) throw Refusal{z.range, "the number of provinces and the noun disagree"};
  }

  // The profile stat of a province's strength (its role), or a refusal where the profile gives provinces none.
  ProfileId province_strength(SourceRange where) const {
    if (const int s = p_.stat_with_role("province strength"); s >= 0) return s;
    throw Refusal{where, "the profile declares no strength of provinces"};
  }

  // provinceGiveEffect : V_GIVE province provinceChange duration?
  // "Give this Province +3 strength", "Give this battlefield's province a strength bonus equal to your Courtier's
  // Chi": its strength changes like a stat (003 Stats), for the duration (to the end of the turn when none is given)
  void province_give(W::ProvinceGiveEffectContext* c, Unit& u, Effect& e) {
    e.verb = Primitive::give_;
    e.province = province(sub<W::ProvinceContext>(c), u);
    StatChange ch;
    ch.range = range(sub<W::ProvinceChangeContext>(c));
    ch.stat = province_strength(ch.range);
    Gift gift;
    if (auto* q = node_as<W::StrengthEqualChangeContext>(sub<W::ProvinceChangeContext>(c))) {
      ch.delta = stat_of(sub<W::StatOfContext>(q), u);
      ch.delta.negated = q->kind->getType() == W::PENALTY;
      if (q->other) gift.or_else = other_sign(ch, q->kind, q->other);  // "a strength bonus or penalty equal to ..."
    } else {
      // "+3 strength"; "+2 or -2 strength": one of them, the controller's choice as it resolves
      auto* sc = static_cast<W::StrengthChangeContext*>(sub<W::ProvinceChangeContext>(c));
      auto bare = [&](antlr4::Token* t) {
        const wording::WordToken& m = tok(t);
        if (m.id >= 0 || m.uses_x) throw Refusal{m.range, "a province's strength changed by a stat's letters or X"};
        StatChange one = ch;
        one.delta.value = m.value;
        one.delta.range = m.range;
        return one;
      };
      ch = bare(term(sc, W::MODIFIER, 0)->getSymbol());
      if (sc->other) gift.or_else = bare(sc->other);
    }
    gift.change = ch;
    gift.range = ch.range;
    e.gifts.push_back(std::move(gift));
    const bool permanent = p_.verbs[static_cast<size_t>(tok(term(c, W::V_GIVE)).id)].permanent;
    if (permanent && sub<W::DurationContext>(c)) throw Refusal{range(sub<W::DurationContext>(c)), "a duration after a permanent verb"};
    if (permanent) e.duration = Duration{-1, true, tok(term(c, W::V_GIVE)).range};
    else if (sub<W::DurationContext>(c)) e.duration = duration(sub<W::DurationContext>(c));
  }

  // verbChoiceSentence : first=choiceVerb OR effect
  // "Bow or straighten him", "Raise or lower the current province's strength by 4": the effect after "or" says the rest
  // for both verbs (the same card or province, the same amount), read once; the first verb must fit that effect's frame
  // (a verb done to a card before a card effect, raising or lowering before a raise)
  // "Bow him or all of his attachments": the verb of a card effect on other cards, one of them or all (chosen as it
  // resolves, not targeted: 001 Target)
  Effect other_cards(Choice& k, W::CardFilterContext* c) {
    const Effect& first = k.options.front();
    const bool on_card = first.verb == Primitive::bow_ || first.verb == Primitive::straighten_ || first.verb == Primitive::destroy_ ||
                         first.verb == Primitive::set_state_;
    if (!on_card || !first.card || first.optional) throw Refusal{range(c), "cards after 'or' where the verb before acts on no one card"};
    k.shared_verb = true;
    Effect second = first;
    second.card.reset();
    second.cards = card_filter(c);
    second.range = range(c);
    return second;
  }

  // playerVerbChoiceSentence : player first=choiceVerb OR effect
  // "A target player gains or loses 2 Honor": the player does one of the two, the effect's controller choosing which
  // (as "Gain or lose 2 Honor" would be chosen); the player is named (and targeted) once
  Choice player_verb_choice(W::PlayerVerbChoiceSentenceContext* v, Unit& u) {
    return verb_choice(v, v->first->getStart(), sub<W::EffectContext>(v), sub<W::PlayerContext>(v), u);
  }

  Choice verb_choice(antlr4::ParserRuleContext* v, antlr4::Token* first, W::EffectContext* rest, W::PlayerContext* player, Unit& u) {
    Choice k;
    k.range = range(v);
    k.shared_card = true;
    const int t = first->getType();
    const bool on_card = t == W::V_BOW || t == W::V_STRAIGHTEN || t == W::V_DESTROY || t == W::V_SET_STATE;
    const bool resource = t == W::V_GAIN || t == W::V_LOSE;
    // a resource's verb before a resource effect of the other ("gains or loses 2 Honor")
    auto* gained = node_as<W::ResourceEffectContext>(rest);
    const bool fits = on_card    ? node_as<W::CardEffectContext>(rest) != nullptr
                      : resource ? gained && !term(gained, W::V_PRODUCE)
                                 : node_as<W::RaiseEffectContext>(rest) || node_as<W::ProvinceStrengthEffectContext>(rest);
    if (!fits) throw Refusal{tok(first).range, "a verb that does not fit the effect after 'or'"};
    Effect second = effect(rest, u);
    if (player) by_player(player, second, u);
    second.range = k.range;
    Effect one = second;
    one.verb = verb(first);
    one.state.reset();
    if (one.verb == Primitive::set_state_) one.state = state_of_verb(first);
    if (one.verb == second.verb && (!one.state || (one.state->state == second.state->state && one.state->holds == second.state->holds)))
      throw Refusal{tok(first).range, "the same verb on both sides of 'or'"};
    k.options.push_back(std::move(one));
    k.options.push_back(std::move(second));
    return k;
  }

  // "he moved", "as he moves": what a move before it in the unit did to the card
  Condition moved(W::CardRefContext* who, SourceRange where, Unit& u) {
    Condition k;
    k.range = where;
    k.kind = Condition::Kind::Moved;
    k.card = card_ref(who, u);
    if (k.card->kind == CardRef::Kind::Target) throw Refusal{k.card->range, "a target declared inside a condition"};
    const bool moves = std::any_of(u.body.begin(), u.body.end(), [](const Step& s) {
      const auto* e = std::get_if<Effect>(&s);
      return e && e->verb == Primitive::move_;
    });
    if (!moves) throw Refusal{where, "'moved' with no move before it"};
    return k;
  }

  // The profile state a set-state verb names: the state whose verb it is (the card is put in it), or whose undo verb
  // (taken out of it)
  StateTest state_of_verb(antlr4::Token* t) const {
    const std::string& name = p_.verbs[static_cast<size_t>(tok(t).id)].name;
    for (size_t s = 0; s < p_.states.size(); ++s)
      for (const auto& [attr, holds] : {std::pair{"verb", true}, std::pair{"undo verb", false}})
        if (auto it = p_.states[s].attrs.find(attr); it != p_.states[s].attrs.end() && it->second == name)
          return StateTest{static_cast<ProfileId>(s), holds, tok(t).range};
    throw Refusal{tok(t).range, "its verb names no card state of the profile"};
  }

  Primitive verb(antlr4::Token* t) const {
    const VerbDef& v = p_.verbs[static_cast<size_t>(tok(t).id)];
    auto prim = primitive_named(v.primitive);
    return prim ? *prim : Primitive::gain_;  // the classifier gives a verb token only to a known primitive
  }

  // statement : cardRef HAS traits duration? (WHILE whileCondition)? | cardFilter HAVE traits duration? (WHILE ...)?
  StatModifier statement(W::StatementContext* c, Unit& u) {
    StatModifier m;
    m.range = range(c);
    W::TraitsContext* traits = nullptr;
    W::DurationContext* dur = nullptr;
    W::WhileConditionContext* when = nullptr;
    if (auto* l = node_as<W::LossStatementContext>(c)) {
      // lossStatement : cardRef (V_LOSE | V_SUFFER) statChanges duration?
      m.card = card_ref(sub<W::CardRefContext>(l), u);
      m.loss = verb(l->loss);
      m.loss_range = tok(l->loss).range;
      m.changes = stat_changes(sub<W::StatChangesContext>(l));
      if (sub<W::DurationContext>(l)) m.duration = duration(sub<W::DurationContext>(l));
      return m;
    }
    if (auto* s = node_as<W::CardStatementContext>(c)) {
      m.card = card_ref(sub<W::CardRefContext>(s), u);
      traits = sub<W::TraitsContext>(s);
      dur = sub<W::DurationContext>(s);
      when = sub<W::WhileConditionContext>(s);
    } else if (auto* wf = node_as<W::WhileFirstStatementContext>(c)) {
      // "While this Shugenja is Fire, he has +1F": the condition read first, so a pronoun after it may name its card
      m.while_ = while_condition(sub<W::WhileConditionContext>(wf), u);
      m.while_first = true;
      if (sub<W::CardRefContext>(wf)) m.card = card_ref(sub<W::CardRefContext>(wf), u);
      else {
        m.cards = card_filter(sub<W::CardFilterContext>(wf));
        if (!m.cards->plural) throw Refusal{range(sub<W::CardFilterContext>(wf)), "'have' with one card"};
      }
      traits = sub<W::TraitsContext>(wf);
    } else if (auto* pay = node_as<W::PayingStatementContext>(c)) {
      // "This Holding has +2GP when it pays for a single Shugenja only": its changes hold while the payment under way
      // is for one such card ("it" is the card the statement is about: this card, which pays)
      m.card = card_ref(sub<W::CardRefContext>(pay), u);
      if (m.card->kind != CardRef::Kind::ThisCard) throw Refusal{m.card->range, "another card than this one paying"};
      traits = sub<W::TraitsContext>(pay);
      Condition k;
      k.kind = Condition::Kind::PaysFor;
      k.range = SourceRange::join(tok(term(pay, W::WHEN)).range, tok(term(pay, W::ONLY)).range);
      k.cards = target_noun(sub<W::TargetNounContext>(pay));
      if (k.cards->side != Side::Any || k.cards->other) throw Refusal{k.cards->range, "a side or 'other' after 'a single'"};
      m.while_ = std::move(k);
    } else {
      auto* g = static_cast<W::GroupStatementContext*>(c);
      m.cards = card_filter(sub<W::CardFilterContext>(g));
      // "Your other Earth Shugenja have +1F": a noun of keywords alone may be spelled alike in both numbers; with no
      // article, "have" says it names several
      const CardFilter& f = *m.cards;
      if (!f.plural && !sub<W::CardFilterContext>(g)->article && !f.partitive && f.card_types.empty() && !f.attachment && !f.keywords.empty() &&
          f.alternatives.empty())
        m.cards->plural = m.cards->singular_spelling = true;
      if (!m.cards->plural) throw Refusal{range(sub<W::CardFilterContext>(g)), "'have' with one card"};
      traits = sub<W::TraitsContext>(g);
      dur = sub<W::DurationContext>(g);
      when = sub<W::WhileConditionContext>(g);
    }
    // traits : statChanges perCard? (AND KEYWORD)? | statChange orChange | KEYWORD
    if (sub<W::StatChangesContext>(traits)) m.changes = stat_changes(sub<W::StatChangesContext>(traits));
    if (sub<W::OrChangeContext>(traits)) m.changes.push_back(or_change(sub<W::StatChangeContext>(traits), sub<W::OrChangeContext>(traits), u));
    if (sub<W::PerCardContext>(traits)) per_card_changes(sub<W::PerCardContext>(traits), m.changes);
    if (term(traits, W::KEYWORD)) m.keywords.push_back(tok(term(traits, W::KEYWORD)).id);
    if (sub<W::GrantedContext>(traits)) m.granted = granted(sub<W::GrantedContext>(traits), m.card ? named_type(*m.card, u) : one_type(*m.cards));
    if (dur) m.duration = duration(dur);
    if (when && dur) throw Refusal{range(when), "a duration and a condition for one trait"};
    if (when) m.while_ = while_condition(when, u);
    return m;
  }

  // whileCondition : battleRole | ATTACHED TO cardFilter | cardRef HAS attachedCards | condition
  // With no card named, it is about the card the trait describes (the condition's card stays empty).
  Condition while_condition(W::WhileConditionContext* c, Unit& u) {
    Condition k;
    k.range = range(c);
    if (auto* r = node_as<W::RoleWhileContext>(c)) {
      k.kind = Condition::Kind::InBattle;
      k.role = battle_role(sub<W::BattleRoleContext>(r));
    } else if (auto* a = node_as<W::AttachedToWhileContext>(c)) {
      k.kind = Condition::Kind::AttachedTo;
      k.cards = card_filter(sub<W::CardFilterContext>(a));
      if (k.cards->plural) throw Refusal{k.cards->range, "attached to several cards"};
    } else if (auto* st = node_as<W::StateWhileContext>(c)) {
      k.kind = Condition::Kind::CardIs;  // "while unbowed": the card the trait describes
      const wording::WordToken& w = tok(term(st, W::STATE));
      k.state = StateTest{w.id, w.value != 0, w.range};
    } else if (auto* o = node_as<W::OpposingWhileContext>(c)) {
      opposing(sub<W::OpposingContext>(o), k, u);  // "while opposing this Item": the card the trait describes
    } else if (auto* h = node_as<W::HasWhileContext>(c)) {
      k.kind = Condition::Kind::Has;
      k.card = card_ref(sub<W::CardRefContext>(h), u);
      if (k.card->kind == CardRef::Kind::Target) throw Refusal{k.card->range, "a target declared inside a condition"};
      k.attached = attached(sub<W::AttachedCardsContext>(h));
      k.attached->none = false;
    } else {
      k = condition(sub<W::ConditionContext>(static_cast<W::ConditionWhileContext*>(c)), u);
    }
    return k;
  }

  // statChanges : statChange (AND statChange)* ;  statChange : MODIFIER STAT? | STAT MODIFIER
  std::vector<StatChange> stat_changes(W::StatChangesContext* c) {
    std::vector<StatChange> out;
    for (auto* s : subs<W::StatChangeContext>(c)) out.push_back(stat_change(s));
    return out;
  }

  StatChange stat_change(W::StatChangeContext* s) {
    const wording::WordToken& m = tok(term(s, W::MODIFIER));
    StatChange ch;
    ch.range = range(s);
    ch.delta.range = m.range;
    if (m.uses_x) throw Refusal{m.range, "a modifier of X"};
    ch.delta.value = m.value;
    if (m.id == -2) throw Refusal{m.range, "its letters name no stat of the profile"};
    if (term(s, W::STAT) && m.id >= 0) throw Refusal{ch.range, "two stats for one modifier"};
    ch.stat = term(s, W::STAT) ? tok(term(s, W::STAT)).id : m.id;
    if (ch.stat < 0) throw Refusal{m.range, "a modifier that names no stat"};
    if (ch.delta.value == 0) throw Refusal{m.range, "+0 is no change"};  // 000 7.2
    return ch;
  }

  // statOperation (002 523): "Double its ATK", "Halve the ATK of target creature, rounded up", "Its ATK is divided by
  // 2": one change to one card's stat that multiplies, divides or sets it. A division rounds down unless the text says
  // up (the profile's primitives halve and divide); a factor or divisor is a number the text prints.
  StatModifier stat_operation(W::StatOperationContext* c, Unit& u) {
    using Op = StatChange::Op;
    using Form = StatChange::Form;
    StatModifier m;
    m.range = range(c);
    StatChange ch;
    ch.range = range(c);
    ch.delta.range = range(c);
    W::StatOperandContext* operand = nullptr;
    W::DurationContext* dur = nullptr;
    W::RoundingContext* rounding = nullptr;
    W::AmountContext* by = nullptr;  // the printed operand, if any
    // an alternative's operation, with its operand when the words fix it (2 for "Double"), and its parts: the stat
    // operated on, a duration, and where the alternative has them a rounding and a printed operand
    auto take = [&](auto* alt, Op op, int64_t v, Form f) {
      ch.op = op;
      ch.delta.value = v;
      ch.form = f;
      operand = sub<W::StatOperandContext>(alt);
      dur = sub<W::DurationContext>(alt);
      if constexpr (requires { sub<W::RoundingContext>(alt); }) rounding = sub<W::RoundingContext>(alt);
      if constexpr (requires { sub<W::AmountContext>(alt); }) by = sub<W::AmountContext>(alt);
    };
    if (auto* d = node_as<W::DoubleOperationContext>(c)) take(d, Op::Multiply, 2, Form::Double);
    else if (auto* h = node_as<W::HalveOperationContext>(c)) take(h, Op::Divide, 2, Form::Halve);
    else if (auto* v = node_as<W::DivideOperationContext>(c)) take(v, Op::Divide, 0, Form::Divide);
    else if (auto* r = node_as<W::ReduceByHalfOperationContext>(c))
      take(r, Op::Divide, 2, term(r, W::BY) ? Form::ReduceByHalf : Form::ReduceToHalf);
    else if (auto* st = node_as<W::SetOperationContext>(c)) take(st, Op::Set, 0, Form::Set);
    else if (auto* mu = node_as<W::MultipliedOperationContext>(c))
      take(mu, Op::Multiply, 2, term(mu, W::DOUBLED) ? Form::IsDoubled : Form::IsMultiplied);
    else if (auto* dv = node_as<W::DividedOperationContext>(c))
      take(dv, Op::Divide, 2, term(dv, W::HALVED) ? Form::IsHalved : Form::IsDivided);
    else take(static_cast<W::SetToOperationContext*>(c), Op::Set, 0, Form::IsSet);
    // the card first (a target it names is declared before anything the amount names)
    ch.stat = tok(term(operand, W::STAT)).id;
    ch.stat_first = term(operand, W::THE) != nullptr;
    m.card = ch.stat_first ? card_ref(sub<W::CardRefContext>(operand), u) : possessor(operand->owner, sub<W::CardRefContext>(operand), u);
    if (by) {
      ch.delta = amount(by);
      // 000 7.1: integers; a factor or a divisor is printed ("Divide its ATK by 3"); a value set may be X (7.4)
      if (ch.op != Op::Set && ch.delta.kind != Amount::Kind::Constant) throw Refusal{ch.delta.range, "a factor or divisor that is no number"};
      if (ch.op == Op::Divide && ch.delta.value == 0) throw Refusal{ch.delta.range, "dividing by 0"};
      if (ch.op == Op::Multiply && ch.delta.value == 0) throw Refusal{ch.delta.range, "multiplying by 0 (say: is set to 0)"};
    }
    if (rounding) {
      ch.round_up = rounding->direction->getType() == W::UP;
      ch.rounding_printed = true;
      ch.rounding_comma = term(rounding, W::COMMA) != nullptr;
    }
    if (dur) m.duration = duration(dur);
    m.changes.push_back(std::move(ch));
    return m;
  }

  // attachRequirement : (WILL | CAN | MAY) (ONLY | NOT) V_ATTACH TO cardFilter
  // 001 Attach: only a card that attaches has one; it names one kind of card, on any side
  AttachRequirement attach_requirement(W::AttachRequirementContext* c) {
    if (card_type_ < 0 || !p_.card_types[static_cast<size_t>(card_type_)].attaches)
      throw Refusal{range(c), "a requirement of attachment on a card that does not attach"};
    AttachRequirement a;
    a.range = range(c);
    a.only = term(c, W::ONLY) != nullptr;
    a.to = card_filter(sub<W::CardFilterContext>(c));
    if (a.to.plural || a.to.side != Side::Any || a.to.other) throw Refusal{a.to.range, "a requirement of attachment to several cards or a side"};
    return a;
  }

  // enteringPlay : (cardRef ENTERS ZONE | EVENT) (STATE | (FOR | PAYING) costChange (perCard | IF condition)?)
  // 003 Gold Cost: how this card enters play; the subject is this card (printed or not), the zone the one in play, the
  // event (no subject printed) the one of entering play
  EnteringPlay entering_play(W::EnteringPlayContext* c, Unit& u) {
    EnteringPlay e;
    e.range = range(c);
    if (c->host) {
      // "Attaches to a Thunder Shugenja for 1 less Gold": this card's cost when it attaches to such a card (001 Attach);
      // the verb in the third person, as a term of the card (not "Attach to ...", an effect)
      const wording::WordToken& verb = tok(term(c, W::V_ATTACH));
      if (!verb.third_person) throw Refusal{verb.range, "a term of the card in the imperative"};
      // (a card of a type that attaches, or an action card whose own text says it attaches: the pool's Spells "Equip to"
      // a Shugenja, as the binder reads them; never a Personality, Holding ...)
      if (card_type_ < 0 || (!p_.card_types[static_cast<size_t>(card_type_)].attaches && !p_.card_types[static_cast<size_t>(card_type_)].action))
        throw Refusal{verb.range, "a card that does not attach"};
      e.host = card_filter(c->host);
      if (e.host->plural) throw Refusal{e.host->range, "attaching to several cards"};
    } else if (term(c, W::ENTER)) {
      // "Your Spells enter play for 1 less Gold": the cards of a set, in the plural (the verb agrees)
      e.cards = card_filter(sub<W::CardFilterContext>(c));
      if (!e.cards->plural) throw Refusal{e.cards->range, "'enter' after one card"};
      const wording::WordToken& z = tok(term(c, W::ZONE));
      if (!p_.zone_in_play(z.id)) throw Refusal{z.range, "entering a zone that is not in play"};
      e.zone = z.id;
    } else if (sub<W::CardRefContext>(c)) {
      e.card = card_ref(sub<W::CardRefContext>(c), u);
      // "This Fortification" on a card that attaches to none is the card itself, with the keyword (001 This)
      const bool attaches = card_type_ >= 0 && p_.card_types[static_cast<size_t>(card_type_)].attaches;
      if (e.card->kind != CardRef::Kind::ThisCard && (e.card->kind != CardRef::Kind::ThisKeyword || attaches))
        throw Refusal{e.card->range, "another card than this one entering play"};
      const wording::WordToken& z = tok(term(c, W::ZONE));
      if (!p_.zone_in_play(z.id)) throw Refusal{z.range, "entering a zone that is not in play"};
      e.zone = z.id;
    } else {
      const wording::WordToken& ev = tok(term(c, W::EVENT));
      if (!p_.events[static_cast<size_t>(ev.id)].enters_play()) throw Refusal{ev.range, "an event that is not entering play"};
      e.event = ev.id;
    }
    if (term(c, W::STATE)) {
      const wording::WordToken& st = tok(term(c, W::STATE));
      e.state = StateTest{st.id, st.value == 1, st.range};
      return e;
    }
    if (auto* ig = sub<W::IgnoredCostContext>(c)) {
      // "ignoring costs", "ignoring Gold Cost": the stat the card's cost is printed in (003 Gold Cost)
      e.ignoring = true;
      if (auto* stat = term(ig, W::STAT)) {
        if (!p_.stats[static_cast<size_t>(tok(stat).id)].cost) throw Refusal{tok(stat).range, "a stat that is no cost"};
        e.ignored_stat = tok(stat).id;
      }
    } else {
      e.paying = term(c, W::PAYING) != nullptr;
      e.change = cost_change(sub<W::CostChangeContext>(c));
    }
    if (sub<W::PerCardContext>(c)) per_card(sub<W::PerCardContext>(c), e.change->amount);
    if (sub<W::ConditionContext>(c)) e.condition = condition(sub<W::ConditionContext>(c), u);
    return e;
  }

  // costChange : amount change=(LESS | MORE_) RESOURCE ("2 less Gold"; a number, 000 7.1)
  CostChange cost_change(W::CostChangeContext* c) {
    CostChange k;
    k.range = range(c);
    k.amount = amount(sub<W::AmountContext>(c));
    if (k.amount.kind != Amount::Kind::Constant || k.amount.value < 1) throw Refusal{k.amount.range, "a change of cost that is no count"};
    k.more = c->change->getType() == W::MORE_;
    k.resource = tok(term(c, W::RESOURCE)).id;
    return k;
  }

  // payment : PAYING ALL COSTS | PAYING costChange (COMMA TO A MINIMUM OF amount)?
  Payment payment(W::PaymentContext* c) {
    Payment p;
    p.range = range(c);
    if (sub<W::CostChangeContext>(c)) {
      p.change = cost_change(sub<W::CostChangeContext>(c));
      if (p.change->more) throw Refusal{p.change->range, "paying more than a card's costs"};
      if (term(c, W::MINIMUM)) {
        p.minimum = amount(sub<W::AmountContext>(c));
        if (p.minimum->kind != Amount::Kind::Constant) throw Refusal{p.minimum->range, "a minimum that is no number"};
      }
    }
    return p;
  }

  // orChange : COMMA OR statChange (IF condition | WHILE whileCondition)
  // "-2F, or -3F if he is defending": the second change of the same stat while the condition holds
  StatChange or_change(W::StatChangeContext* first, W::OrChangeContext* o, Unit& u) {
    StatChange ch = stat_change(first);
    StatChange other = stat_change(sub<W::StatChangeContext>(o));
    if (other.stat != ch.stat) throw Refusal{range(o), "an alternative change of another stat"};
    or_if(ch.delta, other.delta, sub<W::ConditionContext>(o), sub<W::WhileConditionContext>(o), range(o), u);
    ch.range = SourceRange::join(ch.range, range(o));
    return ch;
  }

  // ", or 3 Gold if ...": `other` instead of `a` while the condition holds
  void or_if(Amount& a, Amount other, W::ConditionContext* c, W::WhileConditionContext* w, SourceRange r, Unit& u) {
    auto alt = std::make_shared<AmountIf>();
    alt->amount = std::move(other);
    alt->condition = c ? condition(c, u) : while_condition(w, u);
    alt->while_ = w != nullptr;
    alt->range = r;
    a.or_if = std::move(alt);
  }

  Duration duration(W::DurationContext* c) { return Duration{tok(term(c, W::DURATION)).id, false, range(c)}; }

  // 003 Traits: a pronoun names the latest target of its unit, or its performer or the card by its own name when
  // that was named since ("give Ruri +2F and give her Samurai"); with none it names nothing (never the card)
  CardRef pronoun(SourceRange where, bool person, const Unit& u, bool plural = false) {
    if (antecedent_ == Antecedent::Discarded && person && !discarded_top_ && before_discard_ != Antecedent::None) {
      // "discard a card to give him +2F": a card discarded from the hand is no person in play, so "him" names the card
      // named before it ("its" would name the card discarded: not read yet)
      antecedent_ = before_discard_;
      CardRef r = pronoun(where, person, u, plural);
      antecedent_ = Antecedent::Discarded;
      return r;
    }
    if (antecedent_ == Antecedent::Chosen && person && !plural && chosen_of_) {
      // "bow one of his Weapons to straighten him", "one of Higaru's Swords ... him": a card attached to another is no
      // person, so "him" is the card it is attached to (003 Traits: a pronoun agrees with what it names; 001 Attach)
      CardRef r = *chosen_of_;
      r.range = where;
      r.person = true;
      if (r.kind == CardRef::Kind::ThisCard || r.kind == CardRef::Kind::Bearer || r.kind == CardRef::Kind::ThisKeyword) r.pronoun = true;
      return r;
    }
    if (antecedent_ == Antecedent::None) throw Refusal{where, "the pronoun has no antecedent"};
    if (antecedent_ == Antecedent::Duelist) {  // "Bow the loser. Move him home.": the duelist named last
      if (plural) throw Refusal{where, "a plural pronoun naming one card"};
      CardRef r = duelist_named_;
      r.range = where;
      r.pronoun = true;
      r.person = person;
      return r;
    }
    if (antecedent_ == Antecedent::Created) {  // "Create a 1F Ashigaru Follower and attach it to ...": the card made
      if (plural) throw Refusal{where, "a plural pronoun naming one card"};
      CardRef r;
      r.kind = CardRef::Kind::Created;
      r.range = where;
      r.person = person;
      // 003 Traits: a pronoun agrees with what it names ("he" a person)
      if (person && !p_.card_types[static_cast<size_t>(created_type_)].person) disagreeing_.emplace_back(where, created_type_);
      return r;
    }
    if (antecedent_ == Antecedent::This) {  // the card "this ..." named, named again (001 This)
      if (plural) throw Refusal{where, "a plural pronoun naming one card"};
      // another card named before it (a target, the performer, a card chosen or discarded; the card's own name on an
      // attachment, whose "this Personality" is its bearer) could be the one meant: the words do not say which
      if (this_over_ != Antecedent::None && (this_over_ != Antecedent::Name || this_named_.kind != CardRef::Kind::ThisCard))
        throw Refusal{where, "the pronoun may name 'this' card or a card named before it"};
      CardRef r = this_named_;
      r.range = where;
      r.pronoun = true;
      r.person = person;
      const ProfileId t = r.kind == CardRef::Kind::ThisKeyword ? -1 : r.card_type >= 0 ? r.card_type : card_type_;
      if (person && t >= 0 && !p_.card_types[static_cast<size_t>(t)].person) disagreeing_.emplace_back(where, t);
      return r;
    }
    // a pronoun after cards were chosen ("Choose a beast you rule", "Discard a card") would name them: not read yet
    if (antecedent_ == Antecedent::Chosen || antecedent_ == Antecedent::Discarded) throw Refusal{where, "a pronoun naming a chosen card"};
    if (antecedent_ == Antecedent::Looked) throw Refusal{where, "a pronoun naming cards looked at, where a put or a discard does not read it"};
    CardRef r;
    r.range = where;
    r.kind = CardRef::Kind::Pronoun;
    r.target = antecedent_ == Antecedent::Name ? -2 : antecedent_ == Antecedent::Performer ? -1 : static_cast<int>(u.targets.size() - 1);
    if (r.target >= 0 && u.targets[static_cast<size_t>(r.target)].player) throw Refusal{where, "a pronoun after a targeted player"};
    r.person = person;
    // 003 Traits: a pronoun agrees with what it names: "him" after a target that is no person (a Follower) names the
    // performer named before it ("Choose your performing Personality and target a Follower: Attach it to him")
    if (person && r.target >= 0 && u.performer) {
      const auto& named = u.targets[static_cast<size_t>(r.target)].filter.card_types;
      if (!named.empty() && std::none_of(named.begin(), named.end(), [&](ProfileId t) { return t >= 0 && p_.card_types[static_cast<size_t>(t)].person; }))
        r.target = -1;
    }
    // "them" names a targeting of several cards, "him" or "it" one card (001 Target)
    r.plural = plural;
    if (plural != (r.target >= 0 && u.targets[static_cast<size_t>(r.target)].several()))
      throw Refusal{where, plural ? "a plural pronoun naming one card" : "a pronoun of one card naming several"};
    // "he" needs a person; "it" may name any card (a Nonhuman Personality is "it" as well)
    std::vector<ProfileId> types = r.target == -2 ? std::vector<ProfileId>{card_type_}
                                   : r.target == -1 ? u.performer->filter.card_types
                                                    : u.targets[static_cast<size_t>(r.target)].filter.card_types;
    for (ProfileId t : types)
      if (person && t >= 0 && !p_.card_types[static_cast<size_t>(t)].person) {
        disagreeing_.emplace_back(where, t);
        break;
      }
    return named_unit(std::move(r), u);
  }

  // statOf : ((HIS | HER | ITS) | cardRef POSS) OWN? STAT
  Amount stat_of(W::StatOfContext* c, Unit& u) {
    Amount a;
    a.kind = Amount::Kind::StatOf;
    a.range = range(c);
    a.stat = tok(term(c, W::STAT)).id;
    a.own = term(c, W::OWN) != nullptr;
    base_value(c->base, a.base, a.printed);
    const Antecedent before = antecedent_;
    a.of = possessor(c->owner, sub<W::CardRefContext>(c), u);
    // on a Spell "this Shugenja" is its performer, in an amount a stat's owner only ("a Force penalty equal to this
    // Shugenja's Chi. If its Force is now 0": its, the card penalised)
    if (a.of->kind == CardRef::Kind::Performer && a.of->keyword >= 0) antecedent_ = before;
    if (c->minus) {  // "minus 1", "minus two": a number, not X nor an article
      const int t = c->minus->getStart()->getType();
      const Amount m = amount(c->minus);
      if (m.kind != Amount::Kind::Constant || t == W::A || t == W::AN || m.value <= 0) throw Refusal{range(c->minus), "a number after 'minus'"};
      a.minus = m.value;
    }
    return a;
  }

  // countOf : THE NUMBER_ OF cardFilter
  // 000 7.4: how many cards of a set there are as the effect resolves ("the number of Structures you rule")
  Amount count_of(W::CountOfContext* c) {
    Amount a;
    a.kind = Amount::Kind::CountOf;
    a.value = 1;
    a.range = range(c);
    CardFilter f = card_filter(sub<W::CardFilterContext>(c));
    if (!f.plural) throw Refusal{f.range, "the number of one card"};
    a.cards = std::make_shared<const CardFilter>(std::move(f));
    return a;
  }

  // perCard : FOR EACH cardFilter
  // "1 Honor for each Samurai you control": the amount once for every card of the set as the effect resolves
  void per_card(W::PerCardContext* c, Amount& a) {
    if (a.kind != Amount::Kind::Constant) throw Refusal{a.range, "an amount for each card that is no number"};
    CardFilter f = card_filter(sub<W::CardFilterContext>(c), true);
    if (f.plural) throw Refusal{f.range, "'each' before a plural"};
    f.plural = true;  // every such card
    a.kind = Amount::Kind::CountOf;
    a.range = SourceRange::join(a.range, range(c));
    a.cards = std::make_shared<const CardFilter>(std::move(f));
  }

  // "+1F/+1C for each Ring you control": every change once for each card of one set (003 Stats: it fluctuates with
  // the count)
  void per_card_changes(W::PerCardContext* c, std::vector<StatChange>& changes) {
    Amount each;
    each.value = 1;
    each.range = range(c);
    per_card(c, each);
    for (StatChange& ch : changes) {
      ch.delta.kind = Amount::Kind::CountOf;
      ch.delta.cards = each.cards;
    }
  }

  // Whose stat or controller: "his", "its" (a pronoun), or a card before POSS ("Akagi's", "the target's")
  CardRef possessor(antlr4::Token* owner, W::CardRefContext* ref, Unit& u) {
    if (owner) return pronoun(tok(owner).range, owner->getType() != W::ITS, u);
    const Antecedent before = antecedent_;
    CardRef r = card_ref(ref, u);
    // "Akagi's Force", "this Shugenja's Chi" name a stat, not whom a pronoun names
    if (r.kind == CardRef::Kind::ThisCard || r.kind == CardRef::Kind::Bearer || r.kind == CardRef::Kind::ThisKeyword) antecedent_ = before;
    return r;
  }

  // cardRef : THIS (CARD_TYPE | CARD | KEYWORD) | (HE | SHE | IT | HIM | HER) | V_TARGET CARD_TYPE
  CardRef card_ref(W::CardRefContext* c, Unit& u) {
    CardRef r;
    r.range = range(c);
    if (auto* t = node_as<W::ThisRefContext>(c)) {
      const CardTypeDef* own = card_type_ >= 0 ? &p_.card_types[static_cast<size_t>(card_type_)] : nullptr;
      const wording::WordToken& noun = tok(t->noun);
      if (noun.type == W::KEYWORD) {
        // (an action card's "this Terrain" when it prints the keyword itself: the card, as on any card that attaches to none)
        const bool printed = std::find(own_keywords_.begin(), own_keywords_.end(), noun.id) != own_keywords_.end();
        if (own && own->action && u.kind == UnitKind::Ability && !printed) return this_performer(noun, std::move(r), u);
        if (own && own->action && printed) {  // "Put this Terrain into play" on a Terrain Strategy: the card itself
          r.kind = CardRef::Kind::ThisCard;
          r.keyword = noun.id;
          if (antecedent_ != Antecedent::This) this_over_ = antecedent_;
          antecedent_ = Antecedent::This;
          this_named_ = r;
          return r;
        }
        // 001 This: "this Shugenja", the card itself, or the card it is attached to if he has the keyword; in a trait of an
        // action card, the card it is attached to: the pool's Spells attach by their own text ("Equip this Spell to a
        // Void Shugenja"), and their traits hold while they are in play ("While this Shugenja is Fire, he has +1F")
        r.kind = CardRef::Kind::ThisKeyword;
        r.keyword = noun.id;
      } else if (noun.type == W::CARD_TYPE && noun.id != card_type_) {
        // 001 This: "this Personality" on an attachment names the card it is attached to
        if (!own || !own->attaches) throw Refusal{r.range, "it names a card type this card is not"};
        r.kind = CardRef::Kind::Bearer;
        r.card_type = noun.id;
      } else {
        r.kind = CardRef::Kind::ThisCard;
        r.card_type = noun.type == W::CARD_TYPE ? noun.id : -1;
      }
      // "Bow this Shugenja unless he is Void"; what a pronoun named before it stays a candidate ("Discard a card to give
      // this Personality a bonus equal to its Focus Value")
      if (antecedent_ != Antecedent::This) this_over_ = antecedent_;
      antecedent_ = Antecedent::This;
      this_named_ = r;
      return r;
    }
    if (auto* b = node_as<W::BearerRefContext>(c)) {
      // "its Personality" on an attachment: "its" names this card, and the noun the card it is attached to (001
      // Attach); "this Weapon" names this card when it prints the keyword
      const CardRef its = pronoun(tok(b->owner).range, false, u);
      const CardTypeDef* own = card_type_ >= 0 ? &p_.card_types[static_cast<size_t>(card_type_)] : nullptr;
      const bool itself = its.kind == CardRef::Kind::ThisCard ||
                          (its.kind == CardRef::Kind::ThisKeyword && std::find(own_keywords_.begin(), own_keywords_.end(), its.keyword) != own_keywords_.end());
      const ProfileId noun = tok(b->noun).id;
      if (!itself || !own || !own->attaches || noun == card_type_) throw Refusal{r.range, "'its' names no card this one is attached to"};
      r.kind = CardRef::Kind::Bearer;
      r.card_type = noun;
      r.its = true;
      return r;
    }
    if (auto* p = node_as<W::PronounRefContext>(c)) {
      const bool plural = term(p, W::THEY) || term(p, W::THEM);  // "them": no person to agree with
      return pronoun(r.range, !term(p, W::IT) && !plural, u, plural);
    }
    if (node_as<W::ThisUnitRefContext>(c)) {
      // 001 This: "this unit" is the unit of the card, or of the card it is attached to; a card in no unit has none
      const CardTypeDef* own = card_type_ >= 0 ? &p_.card_types[static_cast<size_t>(card_type_)] : nullptr;
      if (!own || (!own->attaches && !own->person)) throw Refusal{r.range, "'this unit' on a card that is in no unit"};
      r.kind = own->attaches ? CardRef::Kind::Bearer : CardRef::Kind::ThisCard;
      r.unit = true;
      return r;
    }
    if (auto* w = node_as<W::UnitOfRefContext>(c)) {
      // "his unit": the unit of the card the pronoun names
      CardRef of = pronoun(tok(w->owner).range, w->owner->getType() != W::ITS, u);
      if (of.unit_itself) throw Refusal{r.range, "a unit's unit"};
      of.range = r.range;
      of.unit = true;
      return of;
    }
    if (auto* n = node_as<W::NameRefContext>(c)) {
      // 003 Card title: the card's own name (or words of it, as the Oracle prints them) names the card itself
      r.kind = CardRef::Kind::ThisCard;
      r.name = std::string(tok(term(n, W::NAME)).text);
      antecedent_ = Antecedent::Name;
      return r;
    }
    if (auto* d = node_as<W::DuelistRefContext>(c)) {
      // "the loser", "the duel's winner": a duelist of the duel the unit's effect started, by its result; after "After
      // this duel ends" in a Focus Effect, of the duel under way ("its winner", "this duel's loser": "this duel" named)
      r.kind = CardRef::Kind::Duelist;
      r.loser = d->which->getType() == W::LOSER;
      using Form = CardRef::DuelForm;
      r.duel_form = term(d, W::ITS) ? Form::Its : term(d, W::THIS) ? Form::ThisDuels : term(d, W::DUEL) ? Form::TheDuels : Form::The;
      if (duel_end_) r.under_way = true;
      else if (!duel_ || r.duel_form == Form::Its || r.duel_form == Form::ThisDuels)
        throw Refusal{r.range, "the winner or loser of no duel the unit started before it, nor of one ended"};
      antecedent_ = Antecedent::Duelist;
      duelist_named_ = r;
      return r;
    }
    if (auto* y = node_as<W::YourDuelistRefContext>(c)) {
      // "your Personality in it", "your Personality in this duel": your duelist in the duel under way, in a Focus
      // Effect (003 Traits: a trigger during a duel); "it" names the duel only after "After this duel ends"
      if (!focus_effect(u) || (term(y, W::IT) && !duel_end_)) throw Refusal{r.range, "a duelist of no duel under way"};
      r.kind = CardRef::Kind::Duelist;
      r.yours = true;
      r.under_way = true;
      r.card_type = tok(y->noun).id;
      r.duel_form = term(y, W::IT) ? CardRef::DuelForm::InIt : CardRef::DuelForm::InThisDuel;
      antecedent_ = Antecedent::Duelist;
      duelist_named_ = r;
      return r;
    }
    if (auto* p = node_as<W::PerformerRefContext>(c)) return performer(sub<W::PerformerContext>(p), u);
    if (node_as<W::TheTargetRefContext>(c) && in_action_) {
      // "the target" in a keyword action's strength: the card it is choosing
      r.kind = CardRef::Kind::TheTarget;
      r.target = -1;
      return r;
    }
    if (node_as<W::TheCardRefContext>(c)) {
      // "the card's Focus Value" after "Discard a card to ...": the card discarded, the unit's latest choice
      // (a target named "card" since would make it ambiguous: "target an enemy card ... the card")
      if (!discarded_) throw Refusal{r.range, "'the card' names no card discarded before it"};
      top_named_ = top_named_ || discarded_top_;
      hand_named_ = hand_named_ || !discarded_top_;
      for (const Targeting& t : u.targets)
        if (t.filter.card_types.empty() && t.filter.keywords.empty() && t.filter.any_keywords.empty() && !t.filter.attachment)
          throw Refusal{r.range, "'the card' after a target named 'card'"};
      r.kind = CardRef::Kind::Discarded;
      return r;
    }
    if (auto* n = node_as<W::TheNounRefContext>(c)) {
      // "Target an enemy Personality: Bow the Personality": the one target of the unit its noun names (a card type or
      // a keyword of its set); none or several: the words do not say which card
      // ("the enemy Personality": of the targets of that noun, the one of that side, 001 Enemy, Opposing)
      const wording::WordToken& noun = tok(n->noun);
      const bool type = noun.type == W::CARD_TYPE;
      if (n->side) r.side_named = n->side->getType() == W::ENEMY ? CardRef::SideNamed::Enemy : CardRef::SideNamed::Opposing;
      const Side side = !n->side ? Side::Any : n->side->getType() == W::ENEMY ? Side::Enemy : Side::Opposing;
      int found = -1;
      for (size_t k = 0; k < u.targets.size(); ++k) {
        const CardFilter& f = u.targets[k].filter;
        const auto& names = type ? f.card_types : f.keywords;
        if (std::find(names.begin(), names.end(), noun.id) == names.end()) continue;
        if (side != Side::Any && f.side != side) continue;
        if (found >= 0) throw Refusal{r.range, "'the' with a noun several targets have"};
        found = static_cast<int>(k);
      }
      if (found < 0) throw Refusal{r.range, "'the' with a noun no target has"};
      if (u.targets[static_cast<size_t>(found)].several()) throw Refusal{r.range, "'the' naming several cards"};
      r.kind = CardRef::Kind::TheTarget;
      r.target = found;
      (type ? r.card_type : r.keyword) = noun.id;
      return r;
    }
    if (node_as<W::TheTargetRefContext>(c) || node_as<W::EachTargetRefContext>(c)) {
      // "the target": the unit's one target; with several the words do not say which. "each target": every card of
      // the unit's one targeting of several ("target one or two Samurai: Raise each target's Force ...")
      if (u.targets.size() != 1) throw Refusal{r.range, u.targets.empty() ? "'the target' with no target" : "'the target' with several targets"};
      if (u.targets[0].player) throw Refusal{r.range, "'the target' naming a player"};
      r.kind = CardRef::Kind::TheTarget;
      r.target = 0;
      r.plural = node_as<W::EachTargetRefContext>(c) != nullptr;
      if (r.plural != u.targets[0].several()) throw Refusal{r.range, r.plural ? "'each target' of one card" : "'the target' of several cards"};
      return named_unit(std::move(r), u);
    }
    if (auto* a = node_as<W::PerformerAgainRefContext>(c)) {
      // "your Monk" after "your performing unbowed Monk": the performer named again by its noun (its card type, else
      // its last keyword)
      if (!u.performer) throw Refusal{r.range, "no performer was named before it"};
      const CardFilter& f = u.performer->filter;
      const wording::WordToken& noun = tok(a->noun);
      const bool type = noun.type == W::CARD_TYPE;
      const bool names = type ? f.card_types.size() == 1 && f.card_types[0] == noun.id
                              : f.card_types.empty() && !f.keywords.empty() && f.keywords.back() == noun.id;
      if (!names) throw Refusal{r.range, "it names a card that is not the performer"};
      r.kind = CardRef::Kind::Performer;
      (type ? r.card_type : r.keyword) = noun.id;
      return r;
    }
    if (auto* p = node_as<W::PerformingTargetRefContext>(c)) {
      Targeting t = performing_target(sub<W::PerformedContext>(p), r.range, u);
      t.inline_ = true;
      add_target(u, std::move(t));
      r.kind = CardRef::Kind::Target;
      r.target = static_cast<int>(u.targets.size() - 1);
      return r;
    }
    if (auto* k = node_as<W::CountedTargetRefContext>(c)) {
      // "Bow one or two target attachments", "give one or two of your target unbowed Personalities ...": several cards
      // targeted where the effect names them, the effect done to each
      Targeting t;
      t.inline_ = true;
      t.range = r.range;
      t.count = target_count(sub<W::TargetCountContext>(k));
      t.filter = target_noun(sub<W::TargetNounContext>(k), true);
      if (k->owner) {
        if (t.filter.side != Side::Any) throw Refusal{r.range, "two sides for one target"};
        t.filter.side = Side::Yours;
      }
      several_nouns(t);
      r.plural = t.several();
      add_target(u, std::move(t));
      r.kind = CardRef::Kind::Target;
      r.target = static_cast<int>(u.targets.size() - 1);
      return r;
    }
    auto* i = static_cast<W::InlineTargetRefContext*>(c);
    Targeting t;
    t.inline_ = true;
    t.range = r.range;
    t.filter = target_noun(sub<W::TargetNounContext>(i));
    if (i->owner) {  // "your target Personality"
      if (t.filter.side != Side::Any) throw Refusal{r.range, "two sides for one target"};
      t.filter.side = Side::Yours;
    }
    add_target(u, std::move(t));
    r.kind = CardRef::Kind::Target;
    r.target = static_cast<int>(u.targets.size() - 1);
    return named_unit(std::move(r), u);
  }

  // targetNoun : (YOUR | OPPOSING | ENEMY)? OTHER? (STATE | DESCRIPTION | battleRole)* KEYWORD* nouns filterClause*
  CardFilter target_noun(W::TargetNounContext* c, bool counted = false) {
    CardFilter f;
    f.range = range(c);
    nouns(sub<W::NounsContext>(c), f, terms(c, W::KEYWORD));
    if (f.plural && !counted) throw Refusal{f.range, "targeting several cards at once"};
    f.other = term(c, W::OTHER) != nullptr;
    if (c->side) f.side = side(c->side);
    described(c, f);
    one_unit(f, false);
    return f;
  }

  // keywordChoice : (KEYWORD OR)+, then the keywords before the noun: the choice takes the first of them ("Nonhuman or
  // Shadowlands Personality"); a card type right after "or" would make a choice of a keyword and a card type, which
  // this does not say
  void keywords(W::KeywordChoiceContext* choice, const std::vector<antlr4::tree::TerminalNode*>& words, CardFilter& f) {
    size_t from = 0;
    if (choice) {
      if (words.empty()) throw Refusal{range(choice), "a keyword or a card type"};
      // "Fudo and Fallen Personalities": the cards of each keyword; of one card it would say both
      if (term(choice, W::AND)) {
        if (!f.plural) throw Refusal{tok(term(choice, W::AND, 0)).range, "'and' between the keywords of one card"};
        f.keywords_and = true;
      }
      for (auto* k : terms(choice, W::KEYWORD)) f.any_keywords.push_back(tok(k).id);
      // "Daimyo, Duelist, or Kensai": a list, its commas kept for the renderer (one before "or" too: serial)
      const size_t commas = terms(choice, W::COMMA).size();
      f.keywords_listed = commas > 0;
      f.keywords_serial = commas > 0 && commas == f.any_keywords.size();
      f.any_keywords.push_back(tok(words[0]).id);
      from = 1;
    }
    for (size_t i = from; i < words.size(); ++i) f.keywords.push_back(tok(words[i]).id);
  }

  // What a targetNoun and a cardFilter both read after their side: (STATE | DESCRIPTION | battleRole)* notKind*
  // keywordChoice? KEYWORD* ... filterClause*
  void described(antlr4::ParserRuleContext* c, CardFilter& f) {
    states(terms(c, W::STATE), f);
    descriptions(terms(c, W::DESCRIPTION), f);
    for (auto* r : subs<W::BattleRoleContext>(c)) f.roles.push_back(battle_role(r));
    not_kinds(c, f);
    keywords(sub<W::KeywordChoiceContext>(c), terms(c, W::KEYWORD), f);
    for (auto* fc : subs<W::FilterClauseContext>(c)) filter_clause(fc, f);
  }

  // notKind : NON (KEYWORD | CARD_TYPE): "a non-Unique Follower" has no such keyword, "a non-Ring card" is of another type
  void not_kinds(antlr4::ParserRuleContext* c, CardFilter& f) {
    for (auto* n : subs<W::NotKindContext>(c)) {
      if (auto* k = term(n, W::KEYWORD)) f.no_keywords.push_back(tok(k).id);
      else f.not_types.push_back(tok(term(n, W::CARD_TYPE)).id);
    }
  }

  // nouns : CARD_TYPE (OR CARD_TYPE)* | CARD_TYPES (OR CARD_TYPES)* | CARD | CARDS
  // With none, the keywords alone name any card with them, one or several as the last is printed ("Monks").
  void nouns(W::NounsContext* c, CardFilter& f, const std::vector<antlr4::tree::TerminalNode*>& keywords) {
    if (!c) {
      f.plural = !keywords.empty() && tok(keywords.back()).plural;
      return;
    }
    f.plural = term(c, W::CARD_TYPES) || term(c, W::CARDS) || term(c, W::ATTACHMENTS);
    f.attachment = term(c, W::ATTACHMENT) || term(c, W::ATTACHMENTS);
    f.units = term(c, W::UNIT) != nullptr;  // "a target enemy unit": one unit, by the card heading it
    for (auto* n : terms(c, W::CARD_TYPE)) f.card_types.push_back(tok(n).id);
    for (auto* n : terms(c, W::CARD_TYPES)) f.card_types.push_back(tok(n).id);  // "card": any
    f.types_and = term(c, W::AND) != nullptr;  // only between plurals: the grammar says so
  }

  void states(const std::vector<antlr4::tree::TerminalNode*>& words, CardFilter& f) {
    for (auto* w : words) f.states.push_back(StateTest{tok(w).id, tok(w).value != 0, tok(w).range});
  }

  // "a dishonorable Personality": a description holds only for its card type (003 Personal Honor: a Follower has no
  // Personal Honor), so before another noun it names no card, and before alternatives it may describe one of them
  void descriptions(const std::vector<antlr4::tree::TerminalNode*>& words, CardFilter& f) {
    for (auto* w : words) {
      const DescriptionDef& d = p_.descriptions[static_cast<size_t>(tok(w).id)];
      if (f.attachment || f.card_types.size() > 1 ||
          (f.card_types.size() == 1 && f.card_types[0] != static_cast<ProfileId>(d.card_type)))
        throw Refusal{tok(w).range, "a description of another card type"};
      f.descriptions.push_back(tok(w).id);
    }
  }

  // A clause after alternatives ("a Follower or Personality without Followers") may describe the last one or all of
  // them: the words do not say which, so the sentence is not read.
  // A stat compared after them describes them all, as the rules' keyword actions word it ("Bow a target enemy Follower
  // or Personality with 4 or lower Force"; the binder reads it so too).
  void check_clause_scope(const CardFilter& f, W::FilterClauseContext* fc) {
    const bool stat = node_as<W::StatAtMostContext>(fc) || node_as<W::StatOrLowerContext>(fc) ||
                      node_as<W::StatThanContext>(fc) || node_as<W::StatComparedThanContext>(fc) ||
                      node_as<W::WhoseStatIsContext>(fc) || node_as<W::WhoseUnitHasContext>(fc);
    // a zone holds whatever cards are in it: "a Follower or Item in your hand" are both there
    const bool zone = node_as<W::InZoneContext>(fc) != nullptr;
    if (f.card_types.size() > 1 && !node_as<W::YouControlContext>(fc) && !stat && !zone)
      throw Refusal{range(fc), "it may describe the last card type or all of them"};
  }

  static Side side(antlr4::Token* t) {
    switch (t->getType()) {
      case W::YOUR: return Side::Yours;
      case W::OPPOSING: return Side::Opposing;
      default: return Side::Enemy;
    }
  }

  // cardFilter : (A | AN | ANOTHER)? (YOUR | OPPOSING | ENEMY)? OTHER? (STATE | DESCRIPTION | battleRole)* KEYWORD* nouns filterClause*
  // `each`: after "each", a singular noun with no article names every such card. `several`: where the words name
  // several cards ("cannot attach Armor"), a noun of keywords alone with no article may be spelled as one.
  CardFilter card_filter(W::CardFilterContext* c, bool each = false, bool several = false) {
    CardFilter f;
    f.range = range(c);
    nouns(sub<W::NounsContext>(c), f, terms(c, W::KEYWORD));
    if (several && !f.plural && !c->article && !c->side && !sub<W::NounsContext>(c) && !sub<W::PartitiveContext>(c) &&
        !sub<W::AnotherPlayersContext>(c) && !terms(c, W::KEYWORD).empty())
      f.plural = f.singular_spelling = true;
    if (c->article && (f.plural || each)) throw Refusal{f.range, "an article after 'each' or before a plural"};
    if (auto* part = sub<W::PartitiveContext>(c)) partitive(part, each, f);
    else if (!c->article && !f.plural && !c->side && !sub<W::AnotherPlayersContext>(c) && !each) throw Refusal{f.range, "a singular noun with no article"};
    f.other = term(c, W::OTHER) != nullptr || (c->article && c->article->getType() == W::ANOTHER);
    if (c->side) f.side = side(c->side);
    if (sub<W::AnotherPlayersContext>(c)) f.side = Side::AnotherPlayers;
    described(c, f);
    one_unit(f, each);
    if (c->alternative) alternatives(c->alternative, each, f);
    return f;
  }

  // "a target enemy unit", "an opposed unit": one unit (001 This: a person and the cards attached to him), by the card
  // heading it, whose side and place in the battle are the unit's. What else a card may be said to be or have (its
  // keywords, state, a stat but the unit's total) would leave open whether the unit or its head is meant: not read.
  void one_unit(const CardFilter& f, bool each) {
    if (!f.units) return;
    const bool only_total = std::all_of(f.stats.begin(), f.stats.end(), [](const StatBound& b) { return b.total; });
    if (each || !f.states.empty() || !f.descriptions.empty() || !f.keywords.empty() || !f.any_keywords.empty() ||
        !f.no_keywords.empty() || !f.not_types.empty() || !only_total || !f.attached.empty() || f.in || f.of || f.in_unit ||
        f.army || !f.has_tokens.empty() || f.side == Side::AnotherPlayers)
      throw Refusal{f.range, "a unit described as one card is"};
  }

  // A reference to a targeted unit names the unit ("Target an enemy unit: Destroy it": each card in it), its card the
  // one heading it; 003 Traits: a pronoun agrees with what it names, and a unit is "it"
  CardRef named_unit(CardRef r, const Unit& u) const {
    if (r.target < 0 || static_cast<size_t>(r.target) >= u.targets.size() || !u.targets[static_cast<size_t>(r.target)].filter.units ||
        r.kind == CardRef::Kind::Performer)
      return r;
    if (r.kind == CardRef::Kind::Pronoun && r.person) throw Refusal{r.range, "'he' naming a unit"};
    r.unit = r.unit_itself = true;
    return r;
  }

  // (OR alternative=cardFilter)?: "an Air Shugenja or a Holding", "another Personality or a Follower": whole noun
  // phrases, each with its article and its own words (what follows the last describes it alone, as printed); one or
  // every card alike. After "each" the words would leave open which nouns "each" governs: not read.
  void alternatives(W::CardFilterContext* alt, bool each, CardFilter& f) {
    if (each) throw Refusal{range(alt), "alternatives after 'each'"};
    CardFilter other = card_filter(alt);
    if (other.plural != f.plural) throw Refusal{range(alt), "one card or several"};
    std::vector<CardFilter> more = std::move(other.alternatives);
    other.alternatives.clear();
    f.alternatives.push_back(std::move(other));
    for (CardFilter& m : more) f.alternatives.push_back(std::move(m));
  }

  // partitive : ONE? OF (YOUR | HIS | HER | ITS | cardRef POSS)
  // "one of your Personalities" is one card of the set, "each of his Weapons" every one (the caller's "each"); after
  // "of" the noun is plural, and "of" needs "one" or "each" before it. A card's cards are those attached to it (001
  // Attach); a target there would be chosen inside the set's words, which the tree does not say.
  void partitive(W::PartitiveContext* c, bool each, CardFilter& f) {
    if (!f.plural) throw Refusal{f.range, "a singular noun after 'of'"};
    if (!(term(c, W::ONE) || term(c, W::ALL)) == !each) throw Refusal{range(c), "'of' without 'one', 'all' or 'each' before it"};
    f.partitive = true;
    f.without_of = !term(c, W::OF);
    f.plural = term(c, W::ALL) != nullptr;  // one card ("one of"), every card ("all of"), or each card (the caller makes the set every card)
    if (term(c, W::YOUR)) {
      f.side = Side::Yours;
      return;
    }
    f.of = possessor(c->owner, sub<W::CardRefContext>(c), *unit_);
    if (f.of->kind == CardRef::Kind::Target || f.of->kind == CardRef::Kind::TheTarget || f.of->unit)
      throw Refusal{f.of->range, "a target's or a unit's cards"};
  }

  // place : HOME | THE CURRENT BATTLEFIELD | ANY BATTLEFIELD | ANOTHER BATTLEFIELD
  Place place(W::PlaceContext* c) {
    Place p;
    p.range = range(c);
    p.this_battlefield = term(c, W::THIS) != nullptr;
    p.kind = term(c, W::HOME) ? Place::Kind::Home
             : term(c, W::CURRENT) || term(c, W::THIS) ? Place::Kind::CurrentBattlefield
             : term(c, W::ANY) ? Place::Kind::AnyBattlefield
                        : Place::Kind::AnotherBattlefield;
    place_named_ = p;
    return p;
  }

  // "there": the one place the unit named before ("If any enemy units are at the current battlefield: Move him
  // there"); a place of no one battlefield ("any battlefield") or none named leaves it open
  Place there(antlr4::tree::TerminalNode* t) const {
    if (!place_named_ || (place_named_->kind != Place::Kind::Home && place_named_->kind != Place::Kind::CurrentBattlefield))
      throw Refusal{tok(t).range, "'there' with no one place named before"};
    Place p = *place_named_;
    p.range = tok(t).range;
    p.this_battlefield = false;
    p.there = true;
    return p;
  }

  // zoneIn : YOUR? ZONE (OR ZONE)*
  // "in play" is the game's zone in play (the profile's `in play`), no player's: "your" before it says nothing the
  // rules define, so it is refused
  ZoneTest zone_in(W::ZoneInContext* c, bool from) {
    ZoneTest z;
    z.range = range(c);
    z.yours = term(c, W::YOUR) != nullptr;
    z.from = from;
    for (auto* n : terms(c, W::ZONE)) {
      const ProfileId id = tok(n).id;
      if (std::find(z.zones.begin(), z.zones.end(), id) != z.zones.end()) throw Refusal{tok(n).range, "a zone named twice"};
      const bool in_play = p_.zone_in_play(id);
      if (in_play && (z.yours || term(c, W::ZONE, 1))) throw Refusal{tok(n).range, "a zone in play beside a player's zones"};
      z.zones.push_back(id);
    }
    return z;
  }

  // battleRole : ATTACKING | DEFENDING | OPPOSED
  static BattleRole battle_role(W::BattleRoleContext* c) {
    switch (c->getStart()->getType()) {
      case W::ATTACKING: return BattleRole::Attacking;
      case W::DEFENDING: return BattleRole::Defending;
      default: return BattleRole::Opposed;
    }
  }

  // filterClause : YOU control | WITH amount STAT OR (LESS | MORE_) | WITH amount OR comparative STAT
  //              | WITH (EQUAL OR)? comparative STAT THAN compared | WITH STAT ... compared | WITHOUT ... | AT place
  void filter_clause(W::FilterClauseContext* fc, CardFilter& f) {
    check_clause_scope(f, fc);
    if (node_as<W::YouControlContext>(fc)) {
      if (f.side != Side::Any && f.side != Side::Yours) throw Refusal{range(fc), "'you control' after another side"};
      f.side = Side::Yours;
      return;
    }
    if (auto* w = node_as<W::WithoutAttachedContext>(fc)) {
      f.attached.push_back(attached(sub<W::AttachedCardsContext>(w)));
      return;
    }
    if (auto* w = node_as<W::WithNoAttachedContext>(fc)) {  // "with no Followers"
      f.attached.push_back(attached(sub<W::AttachedCardsContext>(w)));
      f.attached.back().no_word = true;
      return;
    }
    if (auto* w = node_as<W::WithAttachedContext>(fc)) {  // "with a Weapon": at least one attached
      AttachedTest a;
      a.range = range(fc);
      a.none = false;
      attached_kinds(subs<W::AttachedKindContext>(w), a);
      f.attached.push_back(std::move(a));
      return;
    }
    if (auto* a = node_as<W::AtPlaceContext>(fc)) {
      if (f.at) throw Refusal{range(fc), "two places for one card"};
      f.at = place(sub<W::PlaceContext>(a));
      return;
    }
    if (auto* n = node_as<W::InUnitContext>(fc)) {  // 001 This: a Personality and the cards attached to him
      if (f.in_unit) throw Refusal{range(fc), "two units for one card"};
      f.in_unit = card_ref(sub<W::CardRefContext>(n), *unit_);
      if (!f.in_unit->unit) throw Refusal{range(fc), "'in' a card that is no unit"};
      return;
    }
    if (auto* a = node_as<W::InArmyContext>(fc)) {  // 003 Stats: "in your army", "in the enemy army"
      if (f.army || f.at) throw Refusal{range(fc), "two places for one card"};
      f.army = army(sub<W::ArmyContext>(a), *unit_);
      return;
    }
    if (auto* h = node_as<W::HasTokenClauseContext>(fc)) {
      has_token(h, f);
      return;
    }
    if (auto* z = node_as<W::InZoneContext>(fc)) {
      if (f.in) throw Refusal{range(fc), "two zones for one card"};
      f.in = zone_in(sub<W::ZoneInContext>(z), term(z, W::FROM) != nullptr);
      return;
    }
    StatBound b;
    b.range = range(fc);
    if (whose_bound(fc, f, b)) {
    } else if (auto* s = node_as<W::StatAtMostContext>(fc)) {
      b.stat = tok(term(s, W::STAT)).id;
      base_value(s->base, b.base, b.printed);
      b.value = amount(sub<W::AmountContext>(s));
      b.compare = s->comparison->getType() == W::LESS ? StatBound::Compare::AtMost : StatBound::Compare::AtLeast;
    } else if (auto* o = node_as<W::StatOrLowerContext>(fc)) {  // "with 4 or lower Force"
      b.stat = tok(term(o, W::STAT)).id;
      base_value(o->base, b.base, b.printed);
      b.value = amount(sub<W::AmountContext>(o));
      b.form = StatBound::Form::Leading;
      b.compare = lower(sub<W::ComparativeContext>(o)) ? StatBound::Compare::AtMost : StatBound::Compare::AtLeast;
    } else if (auto* t = node_as<W::StatThanContext>(fc)) {  // "with [equal or] lower Chi than this Shugenja"
      b.stat = tok(term(t, W::STAT)).id;
      base_value(t->base, b.base, b.printed);
      b.form = StatBound::Form::Before;
      b.equal_first = term(t, W::EQUAL) != nullptr;
      b.compare = compare(lower(sub<W::ComparativeContext>(t)), b.equal_first);
      if (sub<W::ComparedContext>(t)) compared(sub<W::ComparedContext>(t), b);
      else performer_compared(b);
    } else {  // "with Force less than or equal to his Chi", "with Force equal to or lower than your Paragon's Personal Honor"
      auto* a = static_cast<W::StatComparedThanContext*>(fc);
      b.stat = tok(term(a, W::STAT)).id;
      base_value(a->base, b.base, b.printed);
      b.form = StatBound::Form::After;
      b.equal_first = term(a, W::EQUAL) != nullptr && term(a, W::EQUAL)->getSymbol()->getTokenIndex() < sub<W::ComparativeContext>(a)->getStart()->getTokenIndex();
      b.compare = compare(lower(sub<W::ComparativeContext>(a)), term(a, W::EQUAL) != nullptr);
      compared(sub<W::ComparedContext>(a), b);
    }
    // "with lower base Force than this Personality": whose value of the other card, its base or its current one, the
    // words do not say
    if (b.base && b.same_stat) throw Refusal{b.range, "a base value compared with another card's"};
    f.stats.push_back(std::move(b));
  }

  // A relative clause on the cards of a set (docs/meaning.md 23), read as the stat bound it states:
  //   WHOSE whoseStat IS NOW? whoseBound | WHOSE UNIT HAS (EQUAL OR)? comparative TOTAL STAT THAN compared
  // "whose Force is 7 or higher" (Leading, as "with 7 or higher Force"), "whose Force is 0" (Exactly), "whose Force is
  // less than or equal to this Shugenja's Chi" (After), "whose unit's total Force is 7 or higher", "whose unit has lower
  // total Force than this unit" (Before). A total is a unit's Force (003 Stats: the Force of its unbowed Personality and
  // Followers totaled); another stat has no total the rules define, and a total compared with one card's stat unsaid
  // ("than this Personality") leaves open whether that card's Force or its unit's is meant.
  bool whose_bound(W::FilterClauseContext* fc, const CardFilter& f, StatBound& b) {
    auto total_of = [&](antlr4::tree::TerminalNode* stat) {
      if (p_.stats[static_cast<size_t>(tok(stat).id)].role != "force") throw Refusal{tok(stat).range, "a total of a stat the rules do not total"};
      b.total = true;
    };
    auto total_compared = [&] {
      if (b.same_stat && b.total != b.value.of->unit) throw Refusal{b.value.range, "a unit's total compared with one card's stat"};
    };
    b.whose = true;
    if (auto* h = node_as<W::WhoseUnitHasContext>(fc)) {  // "whose unit has lower total Force than this unit"
      b.stat = tok(term(h, W::STAT)).id;
      total_of(term(h, W::STAT));
      b.unit_has = true;
      b.form = StatBound::Form::Before;
      b.equal_first = term(h, W::EQUAL) != nullptr;
      b.compare = compare(lower(sub<W::ComparativeContext>(h)), b.equal_first);
      compared(sub<W::ComparedContext>(h), b);
      total_compared();
      return true;
    }
    auto* w = node_as<W::WhoseStatIsContext>(fc);
    if (!w) {
      b.whose = false;
      return false;
    }
    auto* st = sub<W::WhoseStatContext>(w);
    b.stat = tok(term(st, W::STAT)).id;
    base_value(st->base, b.base, b.printed);
    if (term(st, W::TOTAL)) total_of(term(st, W::STAT));
    b.now = term(w, W::NOW) != nullptr;
    auto* bound = sub<W::WhoseBoundContext>(w);
    if (auto* n = sub<W::AmountContext>(bound)) {  // "is 7 or higher", "is 0"
      b.value = amount(n);
      b.form = StatBound::Form::Leading;
      auto* c = sub<W::ComparativeContext>(bound);
      b.compare = !c ? StatBound::Compare::Exactly : lower(c) ? StatBound::Compare::AtMost : StatBound::Compare::AtLeast;
      return true;
    }
    if (term(bound, W::DIFFERENT)) {  // "is different from his base Force", "is different from this Personality's Chi"
      b.form = StatBound::Form::After;
      b.compare = StatBound::Compare::Differs;
      own_stat(sub<W::ComparedContext>(bound), f, b);
      total_compared();
      return true;
    }
    // "is less than or equal to this Shugenja's Chi", "is equal to or lower than his Chi"
    b.form = StatBound::Form::After;
    const bool equal = term(bound, W::EQUAL) != nullptr;
    b.equal_first = equal && term(bound, W::EQUAL)->getSymbol()->getTokenIndex() < sub<W::ComparativeContext>(bound)->getStart()->getTokenIndex();
    b.compare = compare(lower(sub<W::ComparativeContext>(bound)), equal);
    compared(sub<W::ComparedContext>(bound), b);
    total_compared();
    return true;
  }

  // relative=(WHO | THAT) HAS (A | AN) STATUS: "a Personality who has a Madness token" (001 Token: a token is a status
  // the profile marks [token], one counter each). "who" names persons only (the set's card types all persons), "that"
  // any card; one clause of each kind of token; a token printed in the plural after "a" is refused.
  void has_token(W::HasTokenClauseContext* c, CardFilter& f) {
    const wording::WordToken& kind = tok(term(c, W::STATUS));
    if (!p_.token_status(kind.id)) throw Refusal{kind.range, "a status that is no token"};
    if (kind.plural) throw Refusal{kind.range, "the noun's number and the count disagree"};
    const bool who = c->relative->getType() == W::WHO;
    const bool persons = !f.card_types.empty() && f.alternatives.empty() &&
                         std::all_of(f.card_types.begin(), f.card_types.end(), [&](ProfileId t) { return p_.card_types[static_cast<size_t>(t)].person; });
    if (who && !persons) throw Refusal{tok(term(c, W::WHO)).range, "'who' after cards that are not all persons"};
    if (!f.has_tokens.empty() && f.who != who) throw Refusal{range(c), "'who' and 'that' in one set"};
    if (std::find(f.has_tokens.begin(), f.has_tokens.end(), kind.id) != f.has_tokens.end()) throw Refusal{kind.range, "a token named twice"};
    f.has_tokens.push_back(kind.id);
    f.who = who;
  }

  // After "whose ... is different from": a pronoun owning the stat names the card the clause describes ("whose Force is
  // different from his base Force"), agreeing with its card types (003 Traits: "his" a person, "its" none); any other
  // card is compared as after "than". The card's own current stat compared with itself says nothing: refused.
  void own_stat(W::ComparedContext* c, const CardFilter& f, StatBound& b) {
    auto* s = sub<W::StatOfContext>(c);
    if (!s || !s->owner) return compared(c, b);
    const bool person = s->owner->getType() != W::ITS;
    const bool persons = !f.card_types.empty() && std::all_of(f.card_types.begin(), f.card_types.end(), [&](ProfileId t) {
      return p_.card_types[static_cast<size_t>(t)].person;
    });
    const bool things = std::none_of(f.card_types.begin(), f.card_types.end(), [&](ProfileId t) {
      return p_.card_types[static_cast<size_t>(t)].person;
    });
    if (!f.alternatives.empty() || (person ? !persons : !things)) throw Refusal{tok(s->owner).range, "a pronoun that does not agree with the cards the clause describes"};
    if (term(s, W::OWN) || term(s, W::MINUS)) throw Refusal{range(c), "a comparison with the card's own stat in other words"};
    b.own = true;
    b.value.kind = Amount::Kind::StatOf;
    b.value.range = range(c);
    b.value.stat = tok(term(s, W::STAT)).id;
    base_value(s->base, b.value.base, b.value.printed);
    if (b.value.stat == b.stat && b.value.base == b.base) throw Refusal{range(c), "a stat compared with itself"};
    CardRef who;
    who.kind = CardRef::Kind::Pronoun;
    who.person = person;
    who.range = tok(s->owner).range;
    b.value.of = std::move(who);
  }

  // (BASE | PRINTED)? before a stat: its base value, printed on the card (003 Stats; "printed" the same meaning)
  static void base_value(antlr4::Token* word, bool& base, bool& printed) {
    base = word != nullptr;
    printed = word && word->getType() == W::PRINTED;
  }

  // comparative : LESS | LOWER | MORE_ | HIGHER
  static bool lower(W::ComparativeContext* c) {
    return c->getStart()->getType() == W::LESS || c->getStart()->getType() == W::LOWER;
  }
  static StatBound::Compare compare(bool lower, bool equal) {
    using C = StatBound::Compare;
    return lower ? (equal ? C::AtMost : C::Below) : (equal ? C::AtLeast : C::Above);
  }

  // compared : NUMBER | statOf | cardRef POSS?
  // The other side of a comparison: a number, a card's stat, or a card and the same stat ("than this Personality").
  // A card named in it is this card, its bearer, the performer or the card by its own name: a target or a pronoun
  // there would name a card the set is being chosen beside, which the tree does not say yet.
  // "a Personality with lower Force": lower than the card performing the action, as the binder reads it (001
  // Tactician): the chosen performer, or the card itself (a person) or its bearer (an attachment); an ability of
  // another card (a Holding's) has no card to compare with. In a trait, no card performs an action: the card the trait
  // is on (a person) or its bearer (an attachment) is the one compared with ("Tochiko has +2F while opposing a
  // Personality with lower Force"; docs/meaning.md 25)
  void performer_compared(StatBound& b) {
    CardRef who;
    who.range = b.range;
    if (card_type_ < 0) throw Refusal{b.range, "a comparison with no card to compare with"};
    const CardTypeDef& type = p_.card_types[static_cast<size_t>(card_type_)];
    if (unit_->performer) who.kind = CardRef::Kind::Performer;
    else if (type.person && !type.attaches) who.kind = CardRef::Kind::ThisCard;
    else if (type.attaches && !type.action) who.kind = CardRef::Kind::Bearer;
    else throw Refusal{b.range, "a comparison with no card performing the action"};
    b.value.kind = Amount::Kind::StatOf;
    b.value.range = b.range;
    b.value.stat = b.stat;
    b.value.of = std::move(who);
    b.same_stat = true;
    b.implied = true;
  }

  void compared(W::ComparedContext* c, StatBound& b) {
    if (term(c, W::NUMBER)) {
      b.value.value = tok(term(c, W::NUMBER)).value;
      b.value.range = range(c);
      return;
    }
    if (sub<W::StatOfContext>(c)) {
      if (sub<W::StatOfContext>(c)->owner) throw Refusal{range(c), "a pronoun in a comparison"};
      b.value = stat_of(sub<W::StatOfContext>(c), *unit_);
    } else {
      b.value.kind = Amount::Kind::StatOf;
      b.value.range = range(c);
      b.value.stat = b.stat;
      b.value.of = card_ref(sub<W::CardRefContext>(c), *unit_);
      b.same_stat = true;
      b.possessive = term(c, W::POSS) != nullptr;
    }
    const CardRef::Kind k = b.value.of->kind;
    if (k == CardRef::Kind::Target || k == CardRef::Kind::Pronoun || k == CardRef::Kind::TheTarget)
      throw Refusal{b.value.of->range, "a target or a pronoun in a comparison"};
  }

  // attachedCards : ATTACHMENTS | CARD_TYPES | (A | AN) attachedKind (OR attachedKind)*
  // Only a card type that attaches can be attached (001 Attach), or an action card by its own text: "without Holdings"
  // says nothing.
  AttachedTest attached(W::AttachedCardsContext* c) {
    AttachedTest a;
    a.range = range(c);
    auto type = [&](antlr4::tree::TerminalNode* n) {
      const wording::WordToken& w = tok(n);
      if (!may_attach(w.id)) throw Refusal{w.range, "a card type that does not attach"};
      a.card_types.push_back(w.id);
    };
    if (term(c, W::CARD_TYPES)) {
      a.plural = true;
      type(term(c, W::CARD_TYPES));
    }
    attached_kinds(subs<W::AttachedKindContext>(c), a);
    if (auto* kw = term(c, W::KEYWORD)) {
      // "a Gaijin or Peasant Weapon", "a Fire Spell": one with the keyword before it (or one of the keywords, as
      // keywordChoice reads a set)
      if (auto* choice = sub<W::KeywordChoiceContext>(c))
        for (auto* k : terms(choice, W::KEYWORD)) a.choice.push_back(tok(k).id);
      a.choice.push_back(tok(kw).id);
    }
    return a;
  }
  // attachedKind : KEYWORD | CARD_TYPE, of a card type that attaches (001 Attach)
  void attached_kinds(Children<W::AttachedKindContext> kinds, AttachedTest& a) {
    for (auto* k : kinds) {
      if (term(k, W::KEYWORD)) {
        a.keywords.push_back(tok(term(k, W::KEYWORD)).id);
        continue;
      }
      const wording::WordToken& w = tok(term(k, W::CARD_TYPE));
      if (!may_attach(w.id)) throw Refusal{w.range, "a card type that does not attach"};
      a.card_types.push_back(w.id);
    }
  }
  // a card type that attaches, or an action card, which may by its own text (the pool's Spells: "while he has a Spell")
  bool may_attach(ProfileId type) const {
    const CardTypeDef& t = p_.card_types[static_cast<size_t>(type)];
    return t.attaches || t.action;
  }

  // amount : NUMBER | VARX | A | AN | ONE | TWO | THREE | FOUR | FIVE
  Amount amount(W::AmountContext* c) { return amount_word(tok(c->getStart()), range(c)); }
  // one word of an amount: a number, X, or a number word
  static Amount amount_word(const wording::WordToken& w, SourceRange where) {
    Amount a;
    a.range = where;
    switch (w.type) {
      case W::NUMBER: a.value = w.value; break;
      case W::VARX: a.kind = Amount::Kind::X; break;
      case W::ZERO: a.value = 0; break;
      case W::A: case W::AN: case W::ONE: a.value = 1; break;
      case W::TWO: a.value = 2; break;
      case W::THREE: a.value = 3; break;
      case W::FOUR: a.value = 4; break;
      default: a.value = 5; break;
    }
    return a;
  }

  std::span<const wording::WordToken> t_;
  const GameProfile& p_;
  int card_type_;
  const EmbeddedReader* embedded_;  // reads quoted text (003 Embedded text); none: refused
  // what a pronoun names: the unit's latest target, unless the performer or the card by its own name was named since
  enum class Antecedent : uint8_t { None, Target, Performer, Name, Chosen, Discarded, This, Looked, Created, Duelist };
  Antecedent antecedent_ = Antecedent::None;
  ProfileId created_type_ = -1;  // the card type of the card the last create effect made (Antecedent::Created)
  std::optional<Place> place_named_;  // the last place the unit named, which "there" names
  CardRef this_named_;                // Antecedent::This: the card "this Shugenja", "this Personality" named
  Antecedent this_over_ = Antecedent::None;  // what a pronoun would have named before it
  bool discarded_ = false;  // the unit discarded a card it chose: "the card" names it
  Antecedent before_discard_ = Antecedent::None;  // what a pronoun named before the card of the hand was discarded
  std::optional<CardRef> chosen_of_;  // the card the card chosen is attached to ("one of his Weapons"): "him" names it
  bool duel_ = false;        // the unit's effect started a duel before the words read now (docs/meaning.md 27)
  bool duel_end_ = false;    // reading the effects of "After this duel ends, ..." (the duel under way, ended)
  CardRef duelist_named_;    // Antecedent::Duelist: "the loser" named last ("Bow the loser. Move him home.")
  bool in_action_ = false;  // reading a keyword action's strength: "the target" is the card it is choosing
  // the unit's latest look at the top cards of a deck: how many it took (none: not a constant), how many of them are
  // not chosen yet (none: the controller decides), and whether some were chosen
  bool looked_ = false;
  std::optional<int64_t> looked_count_, looked_left_;
  bool looked_chosen_ = false;
  bool discarded_top_ = false;  // the card "the card" names is the top card of a deck discarded (DeckTop::named)
  bool top_named_ = false;      // and "the card" named it
  bool hand_named_ = false;     // "the card" named a card discarded from your hand
  Unit* unit_ = nullptr;    // the unit being read
  std::span<const ProfileId> own_keywords_;  // the card's printed keywords

 public:
  std::vector<std::pair<SourceRange, ProfileId>> disagreeing_;  // pronouns of a person naming a card of another type
};

}  // namespace

// Whether some rule of the grammar reads a token of this type (a transition of the parser's ATN matches it). A paragraph
// holding a token no rule reads cannot parse: the fast stage would only fail and throw, so it goes to the LL stage.
bool read_by_some_rule(const W& parser, size_t type) {
  static const std::vector<bool> read = [&parser] {
    const antlr4::atn::ATN& atn = parser.getATN();
    std::vector<bool> r(atn.maxTokenType + 1, false);
    for (const antlr4::atn::ATNState* s : atn.states) {
      if (!s) continue;
      for (const antlr4::atn::Transition* t : s->transitions) {
        const auto kind = t->getSerializationType();
        if (kind == antlr4::atn::Transition::NOT_SET || kind == antlr4::atn::Transition::WILDCARD) r.assign(r.size(), true);
        if (kind != antlr4::atn::Transition::ATOM && kind != antlr4::atn::Transition::RANGE && kind != antlr4::atn::Transition::SET)
          continue;
        const antlr4::misc::IntervalSet label = t->label();  // by value: its intervals live as long as it does
        for (const antlr4::misc::Interval& i : label.getIntervals())
          for (ssize_t v = std::max<ssize_t>(i.a, 0); v <= i.b && static_cast<size_t>(v) < r.size(); ++v) r[static_cast<size_t>(v)] = true;
      }
    }
    return r;
  }();
  return type >= read.size() || read[type];
}

WordingRead read_wording(std::span<const wording::WordToken> tokens, const GameProfile& profile, int card_type,
                         std::span<const ProfileId> keywords, const EmbeddedReader* embedded) {
  WordingRead out;
  if (tokens.empty()) return out;
  // WORD is in no rule: a paragraph holding one is not read, and the grammar need not run to say so
  for (const auto& t : tokens)
    if (t.type == W::WORD) {
      out.unread = t.range;
      out.why = "no sentence shape has this word";
      return out;
    }
  std::vector<std::unique_ptr<antlr4::Token>> list;
  list.reserve(tokens.size());
  // (a token's type is all the parser reads: its words are read from `tokens` by index, so no text is copied)
  for (const auto& t : tokens) list.push_back(std::make_unique<antlr4::CommonToken>(static_cast<size_t>(t.type)));
  antlr4::ListTokenSource source(std::move(list));
  std::unique_lock<std::mutex> parsing(one_parse_at_a_time());  // released before the tree is read (embedded text
                                                                // is read by a parse of its own)
  FurthestLook stream(&source);
  stream.reserve(tokens.size() + 1);  // the words and the end
  stream.fill();
  W parser(&stream);
  parser.removeErrorListeners();
  auto* generated = parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
  // the generated parser's prediction cache (its DFA), shared by every paragraph; setInterpreter deletes `generated`
  auto* prediction = new StoppablePrediction(&parser, parser.getATN(), generated->decisionToDFA, generated->getSharedContextCache());
  parser.setInterpreter(prediction);
  // Two stages, as ANTLR advises: SLL prediction, which is fast and right for nearly every sentence, stopping at the
  // first error; then full LL, which finds the first word no shape reads (at once for a paragraph holding a token
  // no rule reads, which SLL could only fail on).
  auto fast = std::make_shared<StopAtFirstError>(stream, *prediction);
  parser.setErrorHandler(fast);
  prediction->setPredictionMode(antlr4::atn::PredictionMode::SLL);
  W::UnitContext* tree = nullptr;
  const bool readable = std::all_of(tokens.begin(), tokens.end(), [&](const wording::WordToken& t) {
    return read_by_some_rule(parser, static_cast<size_t>(t.type));
  });
  if (readable) {
    tree = parser.unit();
    if (fast->failed) tree = nullptr;
  }
  auto full = std::make_shared<StopAtFirstError>(stream, *prediction);
  if (!tree && readable && !prediction->conflicted) {
    // SLL failed without meeting a conflict: each prediction was the one LL makes (the grammar has no predicates,
    // and LL departs from SLL only at a state SLL finds conflicting), so LL would fail at the same token, having
    // looked as far: its parse is not run again (docs/performance.md, session 25)
    full = fast;
  } else if (!tree) {
    parser.reset();
    stream.furthest = 0;
    prediction->stopped = false;
    parser.setErrorHandler(full);
    prediction->setPredictionMode(antlr4::atn::PredictionMode::LL);
    try {
      tree = parser.unit();
    } catch (const std::exception&) {
      full->failed = true;
    }
    if (full->failed) tree = nullptr;
  }
  parsing.unlock();
  if (!tree) {
    const size_t at = std::max(full->index, full->furthest);
    size_t i = at < tokens.size() ? at : tokens.size() - 1;
    out.unread = tokens[i].range;
    // punctuation the classifier added where the text ended a sentence or a block: the words before it stopped short
    if (tokens[i].type == W::PERIOD) out.why = "the sentence ends before a shape of the grammar does";
    if (tokens[i].type == W::COLON) out.why = "the block before ':' is no designator, trigger or cost the grammar reads";
    return out;
  }
  try {
    Transformer reader(tokens, profile, card_type, keywords, embedded);
    out.unit = reader.unit(tree);
    out.disagreeing_pronouns = std::move(reader.disagreeing_);
  } catch (const Refusal& r) {
    out.unread = r.where;
    out.why = r.why;
  }
  return out;
}

}  // namespace cardc
