#pragma once
// The binder's insides (see binder.h), shared by its files: one CardBinder per card binds each text unit to
// functions of the effect IR (condition, targeting, cost, effect, continuous) plus the filters and amounts the
// runtime calls back. Clauses are bound by what the semantic passes recorded: the verb's primitive, resolved
// references, targets, durations.
//
//   card_binder.cpp   the card, its units (triggers, constraints) and their registration; bind_card_set
//   noun_phrases.cpp  noun-phrase filters, the cards a clause names, amounts and durations
//   targets.cpp       targeting (001 Target)
//   costs.cpp         costs (003 Abilities C)
//   effects.cpp       imperative effects, their conditions, rolls, constructors and replacements
//   statements.cpp    declaratives: stat bonuses, bounds, protections and restrictions (003 Traits)
//   base_values.cpp   stats a card's text defines: "This Personality's Force is equal to ...", "X is ..." (000 7.4)
//   card_moves.cpp    looking at, searching, revealing, putting, returning and playing cards; choice slots
//   duels.cpp         challenges and duels, going home, ranged and melee attacks, Fear
//   performers.cpp    the card performing an action
//   conditions.cpp    conditions on cards and on what a player controls
//   each_card.cpp     one verb for several cards, or for a card chosen on the spot
//   moments.cpp       the moment a delayed effect waits for
//   provinces.cpp     provinces: "this Province", its strength, destroyed provinces, the reveal at a turn's start
#include <cctype>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cardrt/cardrt.h"
#include "ir/ir.h"
#include "sema/check_context.h"
#include "sema/lexicon.h"

namespace cardc::binding {

using namespace ir;

inline Node G() { return param(0); }
inline Node C() { return param(1); }
inline Node and_(Node a, Node b) { return binary(Op::And, std::move(a), std::move(b)); }
inline Node not_(Node a) {
  Node n{Op::Not, 0, {}, {}, {}};
  n.kids.push_back(std::move(a));
  return n;
}
inline Node self() { return call("cardrt_ctx_source", {G(), C()}); }
inline Node bearer() { return call("cardrt_card_attached_to", {G(), self()}); }
inline Node controller() { return call("cardrt_ctx_controller", {G(), C()}); }
inline Node fail_if(Node cond) { return if_(std::move(cond), block({ret(konst(CARDRT_FAILED))})); }
// Shared by the binder and the lowering (docs/meaning.md), so both build one IR for one meaning:
// a unique resource you hold ("the Imperial Favor"), and setting yours ("Take" sets it to 1, "Discard" to 0)
inline Node holds_resource(int res) { return binary(Op::Gt, call("cardrt_resource_get", {G(), controller(), konst(res)}), konst(0)); }
inline Node set_your_resource(int res, int64_t to) { return call("cardrt_set_resource", {G(), C(), controller(), konst(res), konst(to)}); }
// A filter's candidate (param 2) in `who`'s unit: in play, and `who` or attached to it (001 This: "this unit")
inline Node in_unit_of(const Node& who) {
  return and_(call("cardrt_card_in_play", {G(), param(2)}),
              binary(Op::Or, binary(Op::Eq, param(2), who), binary(Op::Eq, call("cardrt_card_attached_to", {G(), param(2)}), who)));
}
// The card leading the unit `card` is in (001 This: an attachment's unit is its bearer's), and whether `card` is in the
// unit `head` leads: `head` or attached to it (no unit, no card in it)
inline Node unit_leader(const Node& card) {
  Node bearer_of = call("cardrt_card_attached_to", {G(), card});
  return binary(Op::Add, bearer_of, binary(Op::Mul, binary(Op::Eq, bearer_of, konst(0)), card));
}
// Whether `card` heads a unit: a person that does not attach (001 This, Attach); nullopt: the game has no such type
inline std::optional<Node> unit_head_test(const GameProfile& p, const Node& card) {
  std::optional<Node> heads;
  for (size_t t = 0; t < p.card_types.size(); ++t)
    if (p.card_types[t].person && !p.card_types[t].attaches) {
      Node is = binary(Op::Eq, call("cardrt_card_type", {G(), card}), konst(static_cast<int64_t>(t)));
      heads = heads ? binary(Op::Or, std::move(*heads), std::move(is)) : std::move(is);
    }
  return heads;
}
inline Node in_unit_led_by(const Node& card, const Node& head) {
  return and_(binary(Op::Ne, head, konst(0)),
              binary(Op::Or, binary(Op::Eq, card, head), binary(Op::Eq, call("cardrt_card_attached_to", {G(), card}), head)));
}
// A filter's candidate (param 2) in play at the current battlefield, on the attacker's side (Op::Eq: the player whose
// turn it is) or the defender's (Op::Ne); "opposed" asks for cards of both sides there (001 Battlefields)
inline Node at_current_battlefield_on_side(Op side) {
  return and_(call("cardrt_card_in_play", {G(), param(2)}),
              and_(binary(Op::Eq, call("cardrt_card_battlefield", {G(), param(2)}), call("cardrt_current_battlefield", {G()})),
                   binary(side, call("cardrt_card_controller", {G(), param(2)}), call("cardrt_active_player", {G()}))));
}

// ASCII, as std::tolower in the "C" locale (which cardc never changes), without a libc call per letter.
inline std::string lower(std::string s) {
  for (auto& c : s) c = ascii_lower(c);
  return s;
}

inline std::string ident(const std::string& s) {
  std::string out;
  for (char c : s) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out.empty() ? std::string("card") : out;
}

// The lower-cased word at t[k], or "" past the end: how the binder reads a phrase word by word.
inline std::string word_at(const std::vector<const ast::Term*>& t, size_t k) { return k < t.size() ? lower_word(*t[k]) : std::string(); }

// The words of `c` from `from` on as a clause of its own, led by verb `verb`: the rest of "X and Y", "X to Y",
// "His controller may Y" (never optional: the caller has read any "You may").
inline Clause tail_clause(const Clause& c, size_t from, int verb) {
  Clause rest = c;
  rest.form = ClauseForm::Imperative;
  rest.terms.assign(c.terms.begin() + static_cast<long>(from), c.terms.end());
  rest.verb = verb;
  rest.optional = false;
  rest.range = SourceRange::join(rest.terms.front()->range, rest.terms.back()->range);
  return rest;
}

// The code generator and the interpreter see one function's statements and locals.
struct Body {
  std::vector<Node> stmts;
  uint32_t locals = 0;
  // False in the register function's body of a check (ir::SliceSink::reads_registration): nothing reads the cards'
  // registration, so define_card and register_ability number their locals and add the ability's functions but write
  // no registration call. What binds, and why not, is decided before and apart from it.
  bool registering = true;
  uint32_t local() { return locals++; }
};

struct Failure {
  SourceRange where;
  std::string why;
};

class CardBinder {
 public:
  // `lex` is the profile's vocabulary, split once for the whole set (bind_card_set), not once per card.
  CardBinder(const CheckContext& ctx, const Lexicon& lex, Module& m, const CardReading& r, size_t index)
      : ctx_(ctx), p_(ctx.profile), lex_(lex), m_(m), r_(r),
        prefix_("c" + std::to_string(index) + "_" + ident(r.card->title).substr(0, 24)) {}

  // Appends the card's registration to `reg`; false when some part cannot be compiled (reported).
  bool bind(Body& reg);
  // Where the earlier passes' errors begin (file, offset), sorted: a clause holding one is not reported again as
  // not compiled (the designer mends the first error; `check` binds every card, bind/check_binding.h).
  const std::vector<std::pair<FileId, uint32_t>>* earlier_errors = nullptr;

 private:
  // Stat changes: "+2F", "ATK -3", "+2F and +2C"; each gives (stat, delta or X).
  struct StatChange {
    int stat;
    Node delta;
  };

  // unique_resources.cpp: a resource one player at most holds (the Imperial Favor)
  int unique_resource_at(const std::vector<const ast::Term*>& t, size_t i, size_t& end) const;
  std::optional<bool> take_unique(const Clause& c, size_t v, Body& b, bool continuous);
  std::optional<bool> discard_unique(const Clause& c, size_t v, Body& b, bool continuous);

  // tokens.cpp: tokens of a kind with their stats (001 Token)
  struct TokenPhrase {
    int64_t count = 1;
    std::vector<StatChange> changes;
    int kind = -1;  // the status counter of the token's kind; -1: the profile has no unnamed token kind
  };
  std::optional<int> token_kind_at(const std::vector<const ast::Term*>& t, size_t at, size_t& end) const;
  std::optional<TokenPhrase> token_phrase(const Clause& c, size_t at, size_t& read, std::string& why);
  void place_tokens(Body& b, uint32_t who, const TokenPhrase& tp);
  std::optional<Node> has_token(const std::vector<const ast::Term*>& t, size_t at, size_t to, const Node& card, size_t& end);

  // card_binder.cpp: the card, its units and their registration (003 Abilities, 003 Traits)
  Node checked(Node c, Body& reg);
  bool fail(Failure f);
  bool never_raised(SourceRange where, int event);  // EventNeverRaised: a moment waiting for an event nobody raises
  Node this_unit() const;  // 001 This: "this unit" is the card, or the one an attachment is attached to
  int add_function(const std::string& suffix, FnKind kind, Body body, SourceRange origin);
  int filter_function(Node test, SourceRange origin);
  // What runs for each card of a set (param 2 is the card): `body`, then CARDRT_OK; for_each_card runs it for each
  // card `filter` accepts (cardrt_for_each_card).
  int each_function(Body body, SourceRange origin);
  void for_each_card(Body& b, int filter, Body body, SourceRange origin);
  std::string lower_text(SourceRange r) const;
  bool even_if_bowed(const std::string& condition) const;
  bool even_if_this(const std::string& condition, std::string_view tail) const;
  bool unit(const TextUnit& u, uint32_t def, Body& reg, Body& out);
  std::string signal_event(std::string_view signal) const;
  int cost_resource(const std::string& stat_name) const;
  // The printed cost stat a resource pays (Gold Cost, in Gold) and that resource; nullopt if the profile has none.
  std::optional<std::pair<size_t, int>> paid_cost() const;
  std::string runtime_event(int event) const;
  bool trigger_of(const Clause& c, std::string& trigger, int32_t& kind, std::optional<Node>& who);
  bool targeted_trigger(const Clause& c, std::optional<Node>& who);
  std::optional<bool> action_object_trigger(const Clause& c, size_t event_at, std::optional<Node>& who);
  bool paying_trigger(const Clause& c, std::string& trigger, std::optional<Node>& who);
  std::optional<bool> earmarked_gold(const Clause& c, size_t read, int res, Node amount, Body& b);
  const Clause* sole_statement(const TextUnit& u, std::string_view predicate) const;
  std::optional<bool> attach_requirement(const TextUnit& u, uint32_t def, Body& reg, Body& out);
  std::optional<bool> attach_cost(const TextUnit& u, uint32_t def, Body& reg, Body& out);
  bool use_limit(const std::string& lowered, int32_t kind, uint32_t& flags) const;
  bool register_cost_reduction(uint32_t def, Node amount, int32_t scope, SourceRange origin, Body& reg, Body& out);
  size_t ignored_cost_words(const std::vector<const ast::Term*>& t, size_t k, size_t cost_stat) const;
  std::optional<bool> cost_reduction(const TextUnit& u, uint32_t def, Body& reg, Body& out);
  bool additional_action(const Clause& c, size_t v, Body& b);
  struct TopCards {
    Node count;
    size_t end;                 // where its words end
    std::optional<Node> whose;  // the player chosen ("of any Fate deck"); none: the acting player's
  };
  std::optional<TopCards> top_of_deck(const Clause& c, size_t v, Body* choices = nullptr);
  size_t cards_from_hand_end(const Clause& c, size_t i) const;
  bool replacement(const TextUnit& u, const Clause& c, uint32_t def, Body& reg, Body& out);

  // noun_phrases.cpp: the cards a noun phrase describes (filters) or names (references), amounts, durations
  bool noun_filter(const std::vector<const ast::Term*>& t, size_t from, size_t to, Node card, std::optional<Node>& out,
                   std::string& why, bool in_play = true, bool need_noun = true);
  std::optional<Node> card_at(const Clause& c, size_t i, size_t& end, std::string& why);
  std::optional<Node> duelist_at(const std::vector<const ast::Term*>& t, size_t i, size_t& end);
  std::optional<Node> attached_matching(const std::vector<const ast::Term*>& t, size_t from, size_t to, const Node& holder);
  const DescriptionDef* description_at(const std::vector<const ast::Term*>& t, size_t i, size_t to) const;
  static bool restriction_follows(const std::vector<const ast::Term*>& t, size_t k);
  std::optional<Node> whose_comparison(const std::vector<const ast::Term*>& t, size_t k, size_t to, const Node& card, size_t& last);
  std::optional<Node> stat_comparison(const std::vector<const ast::Term*>& t, size_t k, size_t to, const Node& card, size_t& last);
  Node slot(int k);
  std::optional<int> target_of_type(std::string_view word) const;
  std::optional<int> your_earlier_target(SourceRange before) const;
  std::optional<Node> from_antecedent(SourceRange a, std::string& why);
  std::optional<Node> amount_at(const Clause& c, size_t i);
  // 000 7.4: the card's one X as an effect reads it: the X chosen and announced. An X the text defines ("where X is
  // this beast's ATK") is not that X: the card is refused rather than read as dealing the chosen X (card_binder.cpp).
  Node chosen_x() const;
  int32_t duration(const Clause& c, int32_t fallback);
  std::optional<int> subject_filter(const Clause& c, size_t to);

  // targets.cpp: targeting (001 Target); the runtime asks for targets before costs are paid
  bool targeting_clause(const Clause& c, Body& b, bool constraints);
  std::vector<bool> target_words(const Clause& c, std::vector<std::pair<size_t, size_t>>& mine) const;
  std::optional<std::pair<size_t, int>> after_targets(const Clause& c, const std::vector<bool>& read, bool constraints, size_t& tail);
  size_t target_phrase_end(const std::vector<const ast::Term*>& t, size_t i) const;
  static size_t target_lead(const std::vector<const ast::Term*>& t, size_t i);
  std::optional<size_t> target_containing(SourceRange a) const;
  bool emit_target(const Clause& c, size_t k, Body& b, std::optional<Node> min = {}, int max = 1);
  bool emit_inline_target(const Clause& c, size_t i, Body& b);
  std::optional<Node> targeted_card(const Clause& c, size_t i, size_t& end, Body& b);

  // costs.cpp: costs (003 Abilities C); each one fails the ability when it cannot be paid
  bool cost_clause(const Clause& c, Body& b);
  bool more_costs(const Clause& c, size_t end, Body& b);
  int state_named_by_verb(const Clause& c, const std::string& attr);

  // effects.cpp: imperative clauses, their conditions, rolls and the ability constructor
  bool roll_effects(const TextUnit& u, Body& b);
  bool constructor_(const TextUnit& u, const Clause& c, Body& b, uint32_t& flags);
  bool stat_changes(const Clause& c, size_t from, std::vector<StatChange>& out, size_t* read = nullptr);
  std::optional<Node> stat_of_card(const Clause& c, size_t at, size_t& end, std::string& why);
  std::optional<Node> or_amount_if(const Clause& c, size_t after, Node first, Node second);
  Node acting_player(const Clause& c) const;
  std::optional<bool> discard_to(const Clause& c, size_t v, Body& b, bool continuous);
  bool only_duration_left(const Clause& c, size_t read) const;
  bool rest_of_effect(const Clause& c, size_t v, size_t read, Body& b, bool continuous);
  bool effect_clause(const Clause& c, Body& b, bool continuous);
  // moments.cpp: the moment a delayed effect waits for, every word read (002 rule 521); nullopt never, false: reported
  std::optional<bool> delayed_moment(const Clause& c, int32_t& boundary, int& turns);
  std::optional<bool> timed_effect(const Clause& c, Body& b, bool continuous);
  std::optional<Node> moment_just_passed(const Clause& c) const;
  struct EventMoment {
    std::string event;          // the runtime's name of the event
    Node card = konst(0);       // the card it is about, as the effect is set up
    uint32_t flags = 0;         // CARDRT_DELAY_*
    int32_t lapses = 0;         // the boundary "this turn" ends at, 0: never
    bool during_battle = false;
  };
  std::optional<bool> event_moment(const Clause& c, EventMoment& out, Body& b);
  bool names_moved_card(const ast::Term* term) const;
  std::optional<bool> unless_clause(const Clause& c, Body& b, bool cost, bool continuous);
  std::optional<bool> trailing_condition(const Clause& c, Body& b, bool continuous);
  template <class Bind>
  bool only_if(Node cond, Body& b, Bind&& bind);
  std::optional<bool> trailing_moment(const Clause& c, Body& b, bool continuous);
  std::optional<bool> alternative_effects(const Clause& c, size_t v, Body& b, bool continuous);
  bool either_effect(const Clause& one, const Clause& other, Body& b, bool continuous);
  std::optional<bool> gift_to_two(const Clause& c, size_t v, Body& b, bool continuous);
  std::optional<bool> negate_modifiers(const Clause& c, size_t v, Body& b, int32_t dur);
  std::optional<Node> resource_condition(const Clause& c, SourceRange cond);
  bool effect_body(const Clause& c, Body& b, bool continuous);
  static void change_resource(Body& b, const std::string& prim, Node who, int res, Node amount, int32_t dur);
  static uint32_t resist_flags(const Clause& c);

  // base_values.cpp: stats defined by the card's text (a base function the runtime calls, 003 Asterisks)
  struct BaseShape {
    int stat;      // -1: X
    size_t value;  // where the value's words begin
  };
  std::optional<BaseShape> base_shape(const TextUnit& u) const;
  std::optional<bool> base_definition(const TextUnit& u, uint32_t def, Body& reg, Body& out);
  std::optional<Node> count_phrase(const std::vector<const ast::Term*>& t, size_t from, size_t to, Node card,
                                   std::string& why);
  bool linked_penalty(const Clause& c, size_t pred, Body& b, int32_t dur);

  // card_moves.cpp: cards moving between zones; the cards looked at, searched for or chosen fill choice slots
  std::optional<int64_t> choice_slot(const Clause& c);
  // A choice (not a target, 001 Target) of min..max cards the filter function accepts, into a new choice slot; with
  // `required`, the ability fails when it cannot be made. nullopt once reported.
  std::optional<int64_t> choose_into_slot(const Clause& c, int filter, int min, int max, uint32_t flags, Body& b,
                                          bool required = true);
  std::optional<int64_t> picked_slot(SourceRange antecedent) const;
  // A player the controller chooses (not targeted, 001 Target) among those `test` accepts (param 2 is the player),
  // into a new choice slot: that slot's player. nullopt once reported.
  std::optional<Node> chosen_player(const Clause& c, Node test, Body& b);
  int zone_at(const Clause& c, size_t i, size_t& end) const;
  // The reference the semantic passes recorded at `term` in unit `u` (the unit being bound by default); nullptr if none.
  static const Reference* reference_at(const TextUnit& u, const ast::Term* term);
  const Reference* reference_at(const ast::Term* term) const { return reference_at(*unit_, term); }
  bool and_then(const Clause& c, size_t end, Body& b, bool continuous);
  size_t grant_quoted(const ast::Term& quoted, Node card, int32_t dur, Body& b);
  size_t series_stop(const Clause& c, size_t comma) const;
  struct DeckRead {
    Node player, zone;
    size_t end;
  };
  std::optional<DeckRead> deck_at(const Clause& c, size_t i, Body& b);
  int deck_named(const std::string& name) const;
  bool look_at(const Clause& c, size_t v, Body& b);
  std::optional<int64_t> chosen_from_zone(const Clause& c, size_t v, size_t& end, Body& b, bool& failed);
  std::optional<int64_t> picked_cards(const Clause& c, size_t i, size_t& end, Body& b, bool& failed);
  bool search(const Clause& c, size_t v, Body& b);
  bool put_picked(const Clause& c, size_t v, Body& b);
  bool choose(const Clause& c, size_t v, Body& b);
  bool return_any_number(const Clause& c, size_t v, Body& b);
  bool play_from_hand(const Clause& c, size_t v, Body& b);
  bool attach(const Clause& c, size_t v, Body& b);

  // performers.cpp: the card performing an action ("your performing Monk", "this Shugenja" on a Spell)
  std::optional<Node> printed_performer() const;
  bool performs_own_actions() const;
  std::optional<Node> performer() const;
  bool names_performer_by_keyword(const std::vector<const ast::Term*>& t, size_t i, size_t& len) const;
  bool performer_choice(const TextUnit& u, int32_t designators, Body& b);
  std::optional<Node> performer_at(const std::vector<const ast::Term*>& t, size_t i, size_t& end) const;

  // conditions.cpp: conditions on cards and on what a player controls ("If he is dishonorable")
  std::optional<Node> card_is(const std::vector<const ast::Term*>& t, size_t from, size_t to, Node card);
  std::optional<Node> card_condition(const Clause& c, SourceRange cond);
  std::optional<Node> condition_of(const Clause& c, const std::vector<const ast::Term*>& t, SourceRange cond, int depth);
  std::optional<Node> card_condition_terms(const Clause& c, const std::vector<const ast::Term*>& t, SourceRange cond);
  std::optional<Node> resource_condition_terms(const Clause& c, const std::vector<const ast::Term*>& t, SourceRange cond);
  std::optional<Node> other_player_controls(const std::vector<const ast::Term*>& t, size_t k, SourceRange origin);
  std::optional<Node> opposes(const std::vector<const ast::Term*>& t, size_t from, size_t to, const Node& card, SourceRange origin);
  std::optional<Node> stat_is(const std::vector<const ast::Term*>& t, size_t k, const Node& card);
  std::optional<Node> attack_condition(const std::vector<const ast::Term*>& t);
  std::optional<Node> has_stat(const std::vector<const ast::Term*>& t, size_t k, const Node& card);
  std::optional<Node> has_attached(const std::vector<const ast::Term*>& t, size_t from, size_t to, const Node& holder);
  std::optional<Node> while_subject(const std::vector<const ast::Term*>& t, size_t from, size_t subject_end, Node subject);

  // each_card.cpp: one verb for several cards ("Give each Nonhuman Personality +1F", "Bow one or two target
  // attachments") or for a card chosen on the spot ("Destroy a Terrain"); nullopt when the object is one card
  bool plural_attached(const std::vector<const ast::Term*>& t, size_t at) const;
  bool attached_one(const std::vector<const ast::Term*>& t, size_t at) const;
  size_t target_word(const std::vector<const ast::Term*>& t, size_t i) const;
  std::optional<bool> each_object(const Clause& c, size_t v, Body& b, bool continuous);

  // duels.cpp: challenges, duels, ranged attacks, going home
  bool duel(const Clause& c, size_t v, Body& b);
  std::optional<Node> duel_condition(const Clause& c, SourceRange cond);
  bool strength_attack(const KeywordActionDef& action, const Clause& c, size_t v, Body& b);
  std::optional<bool> attack_rule(const Clause& c, Body& b, bool continuous);
  bool current_battlefield_named_before(uint32_t offset) const;
  Node at_current_battlefield(Node card) const;
  bool unit_mentions_duel() const { return unit_ && lower_text(unit_->range).find("duel") != std::string::npos; }

  // statements.cpp: declaratives (stat bonuses, bounds, protections) and restrictions (003 Traits)
  bool declarative(const Clause& c, Body& b, bool continuous);
  void modify_per(Body& into, Node card, const StatChange& ch, Node count, int32_t dur, SourceRange origin);
  std::optional<bool> restriction(const Clause& c, Body& b, int32_t dur);
  std::optional<bool> procedure_restriction(const Clause& c, size_t neg, size_t after, Body& b, int32_t dur);
  bool restriction_span(const std::vector<const ast::Term*>& t, size_t k, int32_t& dur);
  std::optional<bool> negate_procedure(const Clause& c, size_t v, Body& b, int32_t dur);
  std::optional<bool> untargetable(const Clause& c, Body& b, int32_t dur);

  // provinces.cpp: provinces as game objects ("this Province", its strength, destroyed provinces, the reveal)
  Node this_province() const;
  std::optional<Node> province_at(const std::vector<const ast::Term*>& t, size_t i, size_t& end, bool& owned) const;
  std::optional<bool> province_effect(const Clause& c, size_t v, Body& b, bool continuous);
  std::optional<bool> refill(const Clause& c, size_t v, Body& b, bool continuous);
  std::optional<Node> in_province(const std::vector<const ast::Term*>& t, size_t i, size_t to, Node card, size_t& end) const;
  std::optional<Node> province_count(const std::vector<const ast::Term*>& t, size_t from, size_t to) const;
  std::optional<Node> province_condition(const std::vector<const ast::Term*>& t);
  std::optional<bool> duel_stat(const TextUnit& u, uint32_t def, Body& reg, Body& out);
  std::optional<bool> province_bonus(const TextUnit& u, uint32_t def, Body& reg, Body& out);
  bool in_province_ = false;  // the unit has a condition "<this card> is face-up in one of your Provinces"
  std::optional<Node> provinces_revealed(SourceRange moment) const;
  const CheckContext& ctx_;
  const GameProfile& p_;
  const Lexicon& lex_;
  Module& m_;
  const CardReading& r_;
  std::string prefix_, unit_prefix_;
  const TextUnit* unit_ = nullptr;
  const Clause* roll_ = nullptr;
  std::vector<int> modes_;
  bool constructor_used_ = false;
  // the unit's target function: a targeting in a cost's clause ("Bow this card and target ...:") is made there, with
  // the others, before any cost is paid (001 Targeting paradoxes: what a cost chooses is chosen after the targets)
  Body* announced_targets_ = nullptr;
  // A member set for a scope and given back what it held when the scope ends (a unit bound within another, a phrase
  // read within a phrase)
  template <class T>
  struct Restored {
    T& at;
    T kept;
    Restored(T& member, T now) : at(member), kept(std::exchange(member, std::move(now))) {}
    ~Restored() { at = std::move(kept); }
    Restored(const Restored&) = delete;
    Restored& operator=(const Restored&) = delete;
  };
  uint32_t last_created_ = 0;
  SourceRange created_range_;
  std::optional<uint32_t> roll_local_;  // the local holding "the result" of the last "Roll a D6"
  size_t chosen_ = 0;       // choice slots used after the unit's target slots
  bool replacing_ = false;  // binding a replacement effect (prevent works on the pending amount)
  std::vector<std::pair<SourceRange, int64_t>> picked_;  // clauses that looked at, searched for or chose cards: slot
  struct Looked {
    int64_t slot;
    uint32_t taken;  // slots of the cards chosen among them since ("Put one in your hand. Put the rest ...")
  };
  std::optional<Looked> looked_;
  std::optional<Node> picked_player_;
  std::set<size_t> early_targets_;
  std::optional<Node> attack_target_;  // "the target" while an attack's strength is read (duels.cpp)  // targets chosen before a condition that names them ("If he would be opposed, ...")  // the player top_of_deck chose ("the top card of any Fate deck")           // the cards the unit's last "Look at" filled
  std::optional<int64_t> discarded_slot_;  // the slot that keeps "the discarded card" of a discard cost
  std::optional<uint32_t> duel_local_;     // the winner of the unit's duel ("If this Personality wins the duel")
  std::vector<size_t> multi_targets_;      // this unit's targets of more than one card ("target one or two X")
  std::optional<int64_t> performer_slot_;
  mutable bool reads_defined_x_ = false;  // an effect read the chosen X of a card whose text defines X  // an action card's performer, chosen as the action is announced
  std::optional<uint32_t> moved_local_;   // whether the card the effect moved was elsewhere ("If he moved")
  SourceRange moved_card_;                 // the words naming that card ("as he moves", moments.cpp)
  std::optional<uint32_t> destroyed_local_;  // whether the unit's attack destroyed its target ("After this destroys a card")
  std::optional<uint32_t> last_condition_;  // the condition of the unit's last effect sentence, as judged ("Otherwise")
  std::optional<uint32_t> attack_card_;      // the local keeping that attack's target ("If this destroyed an enemy Personality")
  std::optional<Node> player_;             // the player subject of a declarative ("His controller loses 1 Honor")
  std::optional<uint32_t> duel_challenger_, duel_challenged_;  // the duel's two sides ("the loser")
  const ast::Term* each_term_ = nullptr;  // each_card.cpp: the word card_at reads as `each_card_`
  std::optional<Node> each_card_;
  bool zone_named_ = false;               // the last noun_filter named a zone out of play ("in your hand")
  // The body an effect is being bound into: a target card_at meets before it was chosen ("a Force penalty equal to
  // your target Personality's Chi") is chosen there, just before the statement that reads it. None in continuous
  // traits (they target nothing) and in the function run for each card of a set.
  Body* inline_body_ = nullptr;
  bool each_body_ = false;
  struct InlineBody {
    CardBinder& binder;
    Body* kept;
    InlineBody(CardBinder& cb, Body* b) : binder(cb), kept(cb.inline_body_) { cb.inline_body_ = b; }
    ~InlineBody() { binder.inline_body_ = kept; }
    InlineBody(const InlineBody&) = delete;
    InlineBody& operator=(const InlineBody&) = delete;
  };
  std::set<size_t> declared_targets_;     // targets whose runtime choice this unit has emitted (card_at reads no other)
  std::optional<size_t> targeting_slot_;   // the target whose phrase noun_filter reads ("other": not an earlier one)
  SourceRange filtering_{};                // the words noun_filter is reading (a pronoun in them names the card)
  int32_t unit_designators_ = 0;            // CARDRT_DESIG_* of the unit being bound
  std::string performer_noun_;              // its noun ("monk" in "your performing unbowed Monk"): "your Monk"
  bool ranged_ = false;                    // a ranged attack was bound ("This may target ..." modifies it)
  bool floor_used_ = false;
  // 003 Embedded text: granted traits and abilities are abilities of the granting card's definition, registered after
  // its printed ones (so printed indices stay in text order) and flagged CARDRT_ABF_GRANTED.
  size_t printed_abilities_ = 0;
  std::vector<const TextUnit*> embedded_units_;
  bool granting_ = false;                // a linked penalty read "this will not reduce <stat> below N"
};

}  // namespace cardc::binding
