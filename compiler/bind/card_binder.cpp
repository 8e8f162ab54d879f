// The binder (binder.h, card_binder.h): the card, its units and their registration (003 Abilities, 003 Traits).
#include "bind/card_binder.h"

#include "bind/binder.h"
#include "bind/lower_meaning.h"

#include <algorithm>
#include <span>

#include "bind/runtime_profile.h"
#include "sema/clause_reader.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

// Appends the card's registration to `reg`; false when some part cannot be compiled (reported).
bool CardBinder::bind(Body& reg) {
  const ast::Card& card = *r_.card;
  const CardTypeDef* type = p_.card_type(card.type);
  // No second error for a card with no type or an unknown one: sema reported it (MissingType, UnknownCardType).
  if (!type) return false;
  Body out;
  uint32_t def = define_card(p_, card, reg, out);
  bool ok = true;
  size_t n = 0;
  // Every printed unit registers one ability, except a trait that defines a base value (a base function).
  printed_abilities_ = static_cast<size_t>(
      std::count_if(r_.units.begin(), r_.units.end(), [&](const TextUnit& u) { return !base_shape(u); }));
  embedded_units_.clear();
  for (const TextUnit& u : r_.units) {
    unit_ = &u;
    unit_prefix_ = prefix_ + "_u" + std::to_string(n++);
    if (!unit(u, def, reg, out)) ok = false;
  }
  // 003 Embedded text: the granted traits and abilities, after the printed ones (their indices were promised).
  granting_ = true;
  for (size_t k = 0; k < embedded_units_.size() && ok; ++k) {
    const TextUnit& e = *embedded_units_[k];
    unit_ = &e;
    unit_prefix_ = prefix_ + "_g" + std::to_string(k);
    if (!unit(e, def, reg, out)) ok = false;
  }
  granting_ = false;
  if (!ok) return false;
  if (reads_defined_x_) return fail({r_.x.where, "an X the text defines is not compiled yet: it would be read as a chosen X (000 7.4)"});
  for (auto& s : out.stmts) reg.stmts.push_back(std::move(s));
  return true;
}

Node CardBinder::chosen_x() const {
  if (r_.x.source == XSource::DefinedByText) reads_defined_x_ = true;
  return call("cardrt_ctx_x", {G(), C()});
}

Node checked_registration(Node c, Body& reg) {
  uint32_t t = reg.local();
  return block({let(t, std::move(c)), if_(binary(Op::Lt, local(t), konst(0)), block({ret(local(t))}))});
}

uint32_t register_ability(Module& m, const std::string& unit_prefix, uint32_t def, int32_t kind, int32_t designators,
                          const std::string& trigger, uint32_t flags, AbilitySlots slots, SourceRange origin, Body& reg,
                          Body& out) {
  uint32_t ab = reg.local();
  if (reg.registering) {
    out.stmts.push_back(let(ab, call("cardrt_def_ability", {param(0), local(def), konst(kind), konst(designators),
                                                            str(trigger), konst(static_cast<int64_t>(flags))})));
    out.stmts.push_back(if_(binary(Op::Lt, local(ab), konst(0)), block({ret(local(ab))})));
  }
  auto slot_fn = [&](int32_t slot, const std::string& name, Body b) {
    if (slot != CARDRT_FN_CONDITION) b.stmts.push_back(ret(konst(CARDRT_OK)));
    int f = add_unit_function(m, unit_prefix, name, FnKind::Effect, std::move(b), origin);
    if (reg.registering)
      out.stmts.push_back(checked_registration(call("cardrt_def_ability_fn", {param(0), local(def), local(ab), konst(slot), fn_ref(f)}), reg));
  };
  if (slots.has_condition) slot_fn(CARDRT_FN_CONDITION, "condition", std::move(slots.condition));
  if (!slots.target.stmts.empty()) slot_fn(CARDRT_FN_TARGET, "target", std::move(slots.target));
  if (!slots.cost.stmts.empty()) slot_fn(CARDRT_FN_COST, "cost", std::move(slots.cost));
  const bool continuous = kind == CARDRT_AB_CONTINUOUS;
  slot_fn(continuous ? CARDRT_FN_CONTINUOUS : CARDRT_FN_EFFECT, continuous ? "continuous" : "effect", std::move(slots.effect));
  return ab;
}

uint32_t define_card(const GameProfile& p, const ast::Card& card, Body& reg, Body& out) {
  auto checked = [&](Node c) { return checked_registration(std::move(c), reg); };
  uint32_t def = reg.local();
  if (!reg.registering) return def;
  out.stmts.push_back(let(def, call("cardrt_def_card", {param(0), str(card.title), str(card.type)})));
  out.stmts.push_back(if_(binary(Op::Lt, local(def), konst(0)), block({ret(local(def))})));
  for (const ast::StatEntry& s : card.stats) {
    auto idx = p.stat(s.name);
    if (!idx) continue;
    int32_t kind = CARDRT_BASE_VALUE;
    int64_t value = s.value.value;
    switch (s.value.kind) {
      case ast::StatValueKind::Number:
      case ast::StatValueKind::NumberAsterisk:
      case ast::StatValueKind::Signed: break;
      case ast::StatValueKind::X: kind = CARDRT_BASE_X; value = 0; break;
      case ast::StatValueKind::Variable:
      case ast::StatValueKind::SignedVariable: kind = CARDRT_BASE_ASTERISK; value = 0; break;
      case ast::StatValueKind::Absent: kind = p.stats[*idx].dash_is_lowest ? CARDRT_BASE_DASH : CARDRT_BASE_ABSENT; value = 0; break;
    }
    out.stmts.push_back(checked(call("cardrt_def_stat", {param(0), local(def), str(p.stats[*idx].name), konst(kind), konst(value)})));
  }
  // The runtime knows the profile's keywords: "Experienced Tessai" is the Experienced keyword (003 Keywords); a keyword
  // the profile does not declare (a warning of the vocabulary pass) has no rule meaning and nothing can test it.
  for (const ast::KeywordEntry& k : card.keywords)
    if (const KeywordDef* kd = p.keyword(k.text))
      out.stmts.push_back(checked(call("cardrt_def_keyword", {param(0), local(def), str(kd->name)})));
  return def;
}

// `if (r < 0) return r` around a registration call.
Node CardBinder::checked(Node c, Body& reg) { return checked_registration(std::move(c), reg); }

// Whether the ability's text before `offset` names the current battlefield, which "there" then means ("If any enemy
// units are at the current battlefield: Move this Personality there").
bool CardBinder::current_battlefield_named_before(uint32_t offset) const {
  if (!unit_ || offset < unit_->range.begin) return false;
  std::string_view before = ctx_.sources.text(SourceRange{unit_->range.file, unit_->range.begin, offset});
  return lower(std::string(before)).find("the current battlefield") != std::string::npos;
}

// The card is at the current battlefield, during a battle (001 battlefields: none is current outside one).
Node CardBinder::at_current_battlefield(Node card) const {
  Node bf = call("cardrt_current_battlefield", {G()});
  return and_(binary(Op::Ne, bf, konst(0)), binary(Op::Eq, call("cardrt_card_battlefield", {G(), std::move(card)}), bf));
}

Node CardBinder::this_unit() const {
  const CardTypeDef* ct = p_.card_type(r_.card->type);
  return ct && ct->attaches ? bearer() : self();
}

bool CardBinder::fail(Failure f) {
  if (earlier_errors && f.where.valid()) {
    auto it = std::lower_bound(earlier_errors->begin(), earlier_errors->end(), std::make_pair(f.where.file, f.where.begin));
    if (it != earlier_errors->end() && it->first == f.where.file && it->second < f.where.end) return false;
  }
  std::string text(ctx_.sources.text(f.where));
  if (text.size() > 70) {
    size_t cut = 67;  // never inside a UTF-8 sequence ("Mantis Clan • Fox"): diagnostics are UTF-8, JSON too
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    text = text.substr(0, cut) + "...";
  }
  ctx_.diags.report(DiagId::EffectNotCompiled, f.where, text, f.why);
  return false;
}

// A moment that waits for an event nobody raises (docs/language.md, Events): the runtime raises an event with a
// signal, the engine one the profile marks [engine]; a card waiting for any other would wait forever.
bool CardBinder::never_raised(SourceRange where, int event) {
  ctx_.diags.report(DiagId::EventNeverRaised, where, p_.events[static_cast<size_t>(event)].text, p_.game);
  return false;
}

int add_unit_function(Module& m, const std::string& unit_prefix, const std::string& suffix, FnKind kind, Body body,
                      SourceRange origin) {
  Function f;
  f.name = unit_prefix + "_" + suffix + std::to_string(m.functions.size());
  f.kind = kind;
  f.locals = body.locals;
  f.body = block(std::move(body.stmts));
  f.origin = origin;
  m.functions.push_back(std::move(f));
  return static_cast<int>(m.functions.size() - 1);
}

int CardBinder::add_function(const std::string& suffix, FnKind kind, Body body, SourceRange origin) {
  return add_unit_function(m_, unit_prefix_, suffix, kind, std::move(body), origin);
}

// A continuous trait that is one statement with that predicate ("Will only attach to ...", "Enters play for ...",
// "Attaches to ..."): what the card is, not what it does; nullptr otherwise.
const Clause* CardBinder::sole_statement(const TextUnit& u, std::string_view predicate) const {
  if (u.kind != UnitKind::ContinuousTrait || u.effects.size() != 1) return nullptr;
  const Clause& c = u.effects[0];
  return c.form == ClauseForm::Declarative && c.predicate == predicate ? &c : nullptr;
}

// "Will only attach to a Phoenix Clan Personality": what the card may be attached to (001 Transfer: requirements of
// attachment hold for attaching and transferring; the runtime checks the filter). nullopt: not this statement.
std::optional<bool> CardBinder::attach_requirement(const TextUnit& u, uint32_t def, Body& reg, Body& out) {
  const Clause* statement = sole_statement(u, "attach");
  if (!statement || !statement->subject.empty() || statement->terms.size() < 5) return std::nullopt;
  const Clause& c = *statement;
  const CardTypeDef* ct = p_.card_type(r_.card->type);
  if (!ct || !ct->attaches) return fail({c.range, "only a card that attaches has a requirement of attachment"});
  if (!c.conditions.empty()) return fail({c.range, "a requirement of attachment with a condition is not compiled yet"});
  std::optional<Node> test;
  std::string why;
  if (!noun_filter(c.terms, 4, c.terms.size(), param(2), test, why, false, false)) return fail({c.range, why});
  int fn = filter_function(std::move(*test), c.range);
  out.stmts.push_back(checked(call("cardrt_def_attach_filter", {param(0), local(def), fn_ref(fn)}), reg));
  return true;
}

// "Enters play for 1 less Gold if you are a Lion Clan player", "This card enters play paying 1 less Gold for each
// Ring you control", "Your Spells enter play for 1 less Gold": a reduction of the cost the engine charges to bring a
// card into play (cardrt_game_play_cost; 003 Gold Cost). nullopt: not this statement.
std::optional<bool> CardBinder::cost_reduction(const TextUnit& u, uint32_t def, Body& reg, Body& out) {
  const Clause* statement = sole_statement(u, "enters play");
  if (!statement) return std::nullopt;
  const Clause& c = *statement;
  const auto& t = c.terms;
  auto word = [&](size_t k) { return word_at(t, k); };
  if (!c.conditions.empty()) return fail({c.range, "a cost reduction after a condition is not compiled yet"});
  size_t e = 0;
  while (e < t.size() && word(e) != "enters" && word(e) != "enter") ++e;
  // the subject: none, or this card by a reference that covers it ("This Holding", its short name)
  const Reference* subject = e > 0 ? reference_at(t[0]) : nullptr;
  const bool self_named = e == 0 || (subject && subject->kind == RefKind::ThisCard && subject->range.end >= t[e - 1]->range.end);
  // "This Fortification enters play bowed": the state it enters play in
  if (word(e + 2) == "bowed" && e + 3 == t.size()) {
    if (!self_named) return fail({c.range, "only this card entering play bowed is compiled yet"});
    out.stmts.push_back(checked(call("cardrt_def_enter_play_state", {param(0), local(def), konst(CARDRT_STATE_BOWED)}), reg));
    return true;
  }
  // whose cost: this card (no subject, "This Holding", its short name), or the cards "Your Spells" names
  int32_t scope = CARDRT_COST_SELF;
  std::optional<Node> which;
  if (!self_named) {
    std::string why;
    if (word(0) != "your" || !noun_filter(t, 0, e, param(2), which, why, false, false))
      return fail({c.range, why.empty() ? "only this card's cost or your cards' is compiled yet" : why});
    scope = CARDRT_COST_OTHERS;
  }
  // "for 1 less Gold", "paying 2 less Gold": in the resource the printed cost stat is paid in; "ignoring Gold
  // Cost", "ignoring costs": none of it is paid (000 7.2: never below zero)
  size_t k = e + 2;
  auto cost = paid_cost();
  if (!cost) return fail({c.range, "the card has no cost to reduce"});
  std::string why;
  Node amount = konst(0);
  int64_t per_card = 0;  // "for each ...": the reduction per card
  if (word(k) == "ignoring") {
    size_t len = ignored_cost_words(t, k + 1, cost->first);
    if (!len) return fail({c.range, "the words after 'ignoring' are not compiled yet"});
    k += 1 + len;
    amount = konst(kWholeCost);
  } else {
    if (word(k) != "for" && word(k) != "paying") return fail({c.range, "it says no cost"});
    ++k;
    auto n = amount_at(c, k);
    // "for 1 more Gold": the cost rises
    int64_t sign = word(k + 1) == "less" ? 1 : word(k + 1) == "more" ? -1 : 0;
    size_t len = 0;
    int res = sign != 0 ? lex_.resource_at(std::span(t).subspan(k + 2), len) : -1;
    if (!n || n->op != Op::Const || res != cost->second)
      return fail({c.range, "only 'for N less <the cost's resource>' is compiled yet"});
    k += 2 + len;
    per_card = sign * n->value;
    amount = konst(per_card);
  }
  if (per_card != 0 && word(k) == "for" && word(k + 1) == "each") {
    // "for each Ring you control[, up to three Rings]": one less per card the phrase names, in play
    size_t to = k + 2;
    while (to < t.size() && t[to]->kind != ast::TermKind::Comma) ++to;
    std::optional<Node> each;
    if (!noun_filter(t, k + 2, to, param(2), each, why)) return fail({c.range, why});
    int per = filter_function(std::move(*each), c.range);
    amount = binary(Op::Mul, std::move(amount), call("cardrt_count_cards", {G(), C(), fn_ref(per)}));
    k = to;
    if (k + 3 < t.size() && t[k]->kind == ast::TermKind::Comma && word(k + 1) == "up" && word(k + 2) == "to") {
      auto most = amount_at(c, k + 3);
      if (!most) return fail({c.range, "the words after 'up to' are not compiled yet"});
      amount = binary(Op::Min, std::move(amount), binary(Op::Mul, konst(per_card), std::move(*most)));
      k += 4;
      // "up to three Rings": the noun again
      size_t nlen = 0;
      if (k < t.size() && (lex_.card_type(t[k]->text) >= 0 || lex_.keyword_at(std::span(t).subspan(k), nlen) >= 0))
        k += nlen ? nlen : 1;
    }
  } else if (word(k) == "if") {
    auto g = card_condition(c, terms_range(t, k, t.size()));
    if (!g) return fail({c.range, "the condition '" + words_text(t, k, t.size()) + "' is not compiled yet"});
    amount = binary(Op::Mul, std::move(amount), binary(Op::Ne, std::move(*g), konst(0)));
    k = t.size();
  }
  if (k < t.size()) return fail({c.range, "the words after '" + words_text(t, e, k) + "' are not compiled yet"});
  if (which) amount = binary(Op::Mul, std::move(amount), binary(Op::Ne, std::move(*which), konst(0)));
  return register_cost_reduction(def, std::move(amount), scope, c.range, reg, out);
}

// The function (game, ctx, card) -> how much less, registered with its scope (cardrt_def_cost_reduction).
bool CardBinder::register_cost_reduction(uint32_t def, Node amount, int32_t scope, SourceRange origin, Body& reg, Body& out) {
  Body f;
  f.stmts.push_back(ret(std::move(amount)));
  int fn = add_function("cost", FnKind::Filter, std::move(f), origin);
  out.stmts.push_back(checked(call("cardrt_def_cost_reduction", {param(0), local(def), fn_ref(fn), konst(scope)}), reg));
  return true;
}

// The words after "ignoring" that name what is not paid: "costs", "cost", or the cost stat ("Gold Cost"); 0: none.
size_t CardBinder::ignored_cost_words(const std::vector<const ast::Term*>& t, size_t k, size_t cost_stat) const {
  size_t len = 0;
  if (lex_.stat_at(std::span(t).subspan(std::min(k, t.size())), len) == static_cast<int>(cost_stat)) return len;
  return word_at(t, k) == "costs" || word_at(t, k) == "cost" ? 1 : 0;
}

// "Attaches to Kataoka ignoring costs", "Attaches to a Thunder Shugenja for 1 less Gold": what the card costs when
// it is brought into play attached to such a card (cardrt_game_attach_cost; it may still attach to others, at its
// full cost). nullopt: not this statement.
std::optional<bool> CardBinder::attach_cost(const TextUnit& u, uint32_t def, Body& reg, Body& out) {
  const Clause* statement = sole_statement(u, "attaches");
  if (!statement) return std::nullopt;
  const Clause& c = *statement;
  const auto& t = c.terms;
  auto word = [&](size_t k) { return word_at(t, k); };
  // (the text itself says the card attaches: a Spell that attaches to a Shugenja does, whatever its type says)
  if (!c.conditions.empty()) return fail({c.range, "a cost of attaching after a condition is not compiled yet"});
  auto cost = paid_cost();
  if (!cost) return fail({c.range, "the card has no cost to reduce"});
  // the host's description runs to "ignoring" or "for N less <resource>"
  size_t to = 2;
  while (to < t.size() && word(to) != "ignoring" && !(word(to) == "for" && to + 2 < t.size() && word(to + 2) == "less")) ++to;
  if (to == t.size()) return fail({c.range, "only 'ignoring costs' and 'for N less Gold' are compiled yet"});
  std::optional<Node> host;
  std::string why;
  // "Equips to Kakita Daitsu for 1 less Gold": a capitalised phrase that is no card type or keyword is a card's
  // whole title (003 Card title)
  bool titled = to > 2 && std::all_of(t.begin() + 2, t.begin() + std::ptrdiff_t(to), [](const ast::Term* x) {
    return x->kind == ast::TermKind::Word && is_upper(*x) && possessive_stem(std::string(x->text)) == x->text;
  });
  if (!noun_filter(t, 2, to, param(2), host, why, false, false)) {
    if (!titled) return fail({c.range, why});
    host = call("cardrt_card_title_is", {G(), param(2), str(words_text(t, 2, to))});
  }
  Node amount = konst(0);
  if (word(to) == "ignoring") {
    // "ignoring costs", "ignoring Gold Cost": none of the printed cost is paid (000 7.2: never below zero)
    size_t len = ignored_cost_words(t, to + 1, cost->first);
    if (!len || to + 1 + len != t.size()) return fail({c.range, "the words after 'ignoring' are not compiled yet"});
    amount = konst(kWholeCost);
  } else {
    auto n = amount_at(c, to + 1);
    size_t len = 0;
    int res = lex_.resource_at(std::span(t).subspan(to + 3), len);
    if (!n || res != cost->second || to + 3 + len != t.size()) return fail({c.range, "only 'for N less <the cost's resource>' is compiled yet"});
    amount = std::move(*n);
  }
  return register_cost_reduction(def, binary(Op::Mul, std::move(amount), binary(Op::Ne, std::move(*host), konst(0))),
                                 CARDRT_COST_ATTACHING, c.range, reg, out);
}

// "Once per turn", "Twice per turn", "Three times per turn", "Once per game" before the colon (003 Traits: a trait
// triggers only so often; an ability is used only so often): the flags for it. False: the words are no such limit.
bool CardBinder::use_limit(const std::string& lowered, int32_t kind, uint32_t& flags) const {
  int times = 0;
  bool per_game = false;
  Lexicon::use_limit(lowered, times, per_game);
  if (times <= 0 || times > 15) return false;
  if (kind != CARDRT_AB_ACTION && kind != CARDRT_AB_REACTION) flags |= CARDRT_ABF_ONCE_PER_TURN_TRIGGER;
  if (times > 1) flags |= CARDRT_ABF_TIMES(static_cast<uint32_t>(times));
  if (per_game) flags |= CARDRT_ABF_PER_GAME;
  return true;
}

// A filter function (a test over the candidate card, param 2) the runtime calls back.
int CardBinder::filter_function(Node test, SourceRange origin) {
  Body f;
  f.stmts.push_back(ret(std::move(test)));
  return add_function("filter", FnKind::Filter, std::move(f), origin);
}

int CardBinder::each_function(Body body, SourceRange origin) {
  body.stmts.push_back(ret(konst(CARDRT_OK)));
  return add_function("each", FnKind::Amount, std::move(body), origin);
}

void CardBinder::for_each_card(Body& b, int filter, Body body, SourceRange origin) {
  int fn = each_function(std::move(body), origin);
  b.stmts.push_back(eval(call("cardrt_for_each_card", {G(), C(), fn_ref(filter), fn_ref(fn)})));
}

std::string CardBinder::lower_text(SourceRange r) const { return lower(std::string(ctx_.sources.text(r))); }

// "Even if this card is bowed", "even if bowed", "Even if Tsudoken is bowed" (a word of the card's own title): the
// ability may be used while the card is bowed. Exactly so: "even if bowed and even if unopposed" says more.
bool CardBinder::even_if_bowed(const std::string& t) const {
  if (t == "even if bowed") return true;
  return even_if_this(t, " is bowed");
}

// A condition's words that name the trigger's moment ("After ...", "Before ...", "When ...", "Whenever ..."): read with
// the trigger, not as a condition.
static bool names_a_moment(const std::string& t) {
  return t.starts_with("after ") || t.starts_with("before ") || t.starts_with("when ") || t.starts_with("whenever ");
}

// "even if <this card> <tail>": this card named as "this card", a pronoun, "this Personality" or a word of its title
bool CardBinder::even_if_this(const std::string& t, std::string_view tail) const {
  if (!t.starts_with("even if ") || !t.ends_with(tail) || t.size() <= 8 + tail.size()) return false;
  std::string who = t.substr(8, t.size() - 8 - tail.size());
  if (who == "this card" || who == "he" || who == "she" || who == "it") return true;
  if (who.starts_with("this ") && who.find(' ', 5) == std::string::npos) return true;  // "this Personality"
  if (who == lower(r_.card->title)) return true;  // its whole title ("Even if Still Water is ...")
  return who.find(' ') == std::string::npos && title_word(r_.card->title, who);
}

bool CardBinder::unit(const TextUnit& u, uint32_t def, Body& reg, Body& out) {
  // Granted text in this unit: each embedded unit gets the next ability index after the printed ones.
  for (const TextUnit& e : u.embedded) embedded_units_.push_back(&e);
  picked_.clear();
  looked_.reset();
  early_targets_.clear();
  declared_targets_.clear();
  discarded_slot_.reset();
  duel_local_.reset();
  duel_challenger_.reset();
  multi_targets_.clear();
  moved_local_.reset();
  moved_card_ = {};
  destroyed_local_.reset();
  attack_card_.reset();
  last_condition_.reset();
  duel_challenged_.reset();
  ranged_ = floor_used_ = in_province_ = false;
  if (std::optional<bool> base = base_definition(u, def, reg, out)) return *base;
  if (std::optional<bool> req = attach_requirement(u, def, reg, out)) return *req;
  if (std::optional<bool> cost = cost_reduction(u, def, reg, out)) return *cost;
  if (std::optional<bool> cost = attach_cost(u, def, reg, out)) return *cost;
  if (std::optional<bool> bonus = province_bonus(u, def, reg, out)) return *bonus;
  if (std::optional<bool> duel = duel_stat(u, def, reg, out)) return *duel;
  int32_t kind = CARDRT_AB_ACTION;
  int32_t designators = 0;
  uint32_t flags = 0;
  std::string trigger;
  Body cond, target, cost, effect;
  const Restored<Body*> announced(announced_targets_, &target);  // a granted unit bound within this one has its own
  bool has_cond = false;
  const Clause* trig = nullptr;
  for (const Clause& c : u.constraints)
    if (c.role == ClauseRole::Trigger) trig = &c;

  switch (u.kind) {
    case UnitKind::Ability: {
      bool reaction = false;
      for (const auto& d : u.designators) {
        const NamedDef* nd = p_.designator(d);
        reaction = reaction || (nd && (nd->attrs.count("reaction") || nd->attrs.count("interrupt")));
        designators |= nd ? runtime_designator(*nd) : CARDRT_DESIG_OTHER;  // an action all the same
      }
      kind = reaction ? CARDRT_AB_REACTION : CARDRT_AB_ACTION;
      for (const auto& k : u.keywords)
        if (const KeywordDef* kd = p_.keyword(k); kd && kd->rule == "tactical") flags |= CARDRT_ABF_TACTICAL;
        else if (kd && kd->rule == "repeatable") flags |= CARDRT_ABF_UNLIMITED;  // 003 Abilities: "unless ... states otherwise"
      break;
    }
    case UnitKind::TriggeredTrait: kind = CARDRT_AB_TRIGGERED; break;
    case UnitKind::ShorthandTrait: kind = CARDRT_AB_TRIGGERED; break;
    case UnitKind::GoldTrait: kind = CARDRT_AB_ACTION; flags |= CARDRT_ABF_OPTIONAL | CARDRT_ABF_UNLIMITED; break;
    case UnitKind::ContinuousTrait: kind = CARDRT_AB_CONTINUOUS; break;
  }
  const CardTypeDef* card_type = p_.card_type(r_.card->type);
  // An action card's (Spell's, Strategy's) own sentences are what it does when played, not continuous traits.
  // So is an untriggered trait with costs or a constructor ("Choose one or more: ..."): any sentence of it that does
  // something ("Target a unit you control. It has +2 LK until the end of the turn.").
  if (card_type && card_type->action && !granting_ && (kind == CARDRT_AB_CONTINUOUS || kind == CARDRT_AB_TRIGGERED) && !trig &&
      u.kind != UnitKind::ShorthandTrait &&
      std::any_of(u.effects.begin(), u.effects.end(), [](const Clause& c) { return c.form == ClauseForm::Imperative; }))
    kind = CARDRT_AB_ACTION;
  // "Cancel target action": a response to an action about to resolve (the runtime's response window), whose target
  // is that action.
  if (kind == CARDRT_AB_ACTION && std::any_of(u.effects.begin(), u.effects.end(), [&](const Clause& c) {
        return primitive_of(p_, c) == "cancel" && lower_text(c.range).ends_with("target action");
      })) {
    kind = CARDRT_AB_REACTION;
    trigger = "would_resolve_action";
  }
  if (u.once_per_turn_before_colon) flags |= CARDRT_ABF_ONCE_PER_TURN_TRIGGER;
  if (granting_) flags |= CARDRT_ABF_GRANTED;
  if (card_type && card_type->action && !granting_) flags |= CARDRT_ABF_PLAYED_FROM_HAND;

  // Triggers: the event, and a condition on who or what it happened to.
  replacing_ = false;
  created_range_ = {};
  chosen_ = 0;
  roll_local_.reset();
  unit_designators_ = designators;
  if (!performer_choice(u, designators, target)) return false;
  if (u.kind == UnitKind::ShorthandTrait) {
    // 003 Traits: "Lose 3 Honor" is "After this card enters play: Lose 3 Honor".
    trigger = signal_event("enter play");
    if (trigger.empty()) return fail({u.range, "the profile has no event with signal 'enter play' for this shorthand"});
    cond.stmts.push_back(ret(binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_CARD)}), self())));
    has_cond = true;
  }
  if (trig) {
    std::optional<Node> who;
    if (!trigger_of(*trig, trigger, kind, who)) return false;
    // "After this creature is destroyed": the card's own leaving play triggers it from where it went (003 Traits (d):
    // the trait says it happens from an area not in play)
    const std::string& sig = trig->event >= 0 ? p_.events[static_cast<size_t>(trig->event)].signal : std::string();
    if (trig->event >= 0 && p_.events[static_cast<size_t>(trig->event)].takes_out_of_play() && trig->all_terms.size() > 1 &&
        word_is(*trig->all_terms[0], "after") && word_is(*trig->all_terms[1], "this"))
      flags |= CARDRT_ABF_OUT_OF_PLAY;
    // "As a Focus Effect: ...": the card's own, when it is focused in a duel (from its player's hand, 003 Traits)
    if (sig == "focused") {
      flags |= CARDRT_ABF_OUT_OF_PLAY;
      flags &= ~static_cast<uint32_t>(CARDRT_ABF_PLAYED_FROM_HAND);  // the duel discards it, after its resolution
      Node mine = binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_CARD)}), self());
      who = who ? and_(std::move(*who), std::move(mine)) : std::move(mine);
    }
    if (who) {
      cond.stmts.push_back(ret(std::move(*who)));
      has_cond = true;
    }
  }
  // "After this battle resolves, until your next turn ends, ...": a trait whose sentence begins with its moment
  // is a triggered trait on that event (003 Traits), not a delayed effect set up again and again.
  std::optional<Clause> standing;
  if (u.kind == UnitKind::ContinuousTrait && !u.effects.empty() && u.effects[0].delayed && u.effects[0].event >= 0 &&
      !u.effects[0].conditions.empty() && lower_text(u.effects[0].conditions.front()).rfind("after ", 0) == 0) {
    // several sentences after another moment are read as before (the delayed path reports them)
    const bool revealed = p_.events[static_cast<size_t>(u.effects[0].event)].reveals_provinces();
    if (revealed) {
      // "After you reveal cards in your Provinces at the start of your turn, if this Event is face-up in one of
      // them, ...": the card's own, from the province it is in (not in play); its sentences are the trait's effect.
      // The engine, which revealed it, discards or keeps the Event afterwards.
      auto yours = provinces_revealed(u.effects[0].conditions.front());
      if (!yours) return fail({u.effects[0].conditions.front(), "the words of this moment are not compiled yet"});
      if (std::any_of(u.effects.begin() + 1, u.effects.end(), [](const Clause& e) { return e.delayed; }))
        return fail({u.range, "a later delayed sentence of this trait is not compiled yet"});
      cond.stmts.push_back(ret(std::move(*yours)));
      has_cond = true;
      flags |= CARDRT_ABF_OUT_OF_PLAY;
      flags &= ~static_cast<uint32_t>(CARDRT_ABF_PLAYED_FROM_HAND);
    }
    if (revealed || u.effects.size() == 1) {
      standing = u.effects[0];
      standing->delayed = false;
      standing->conditions.erase(standing->conditions.begin());
      kind = CARDRT_AB_TRIGGERED;
      trigger = runtime_event(standing->event);
      if (!p_.events[static_cast<size_t>(standing->event)].raised()) return never_raised(u.effects[0].conditions.front(), standing->event);
      if (!revealed) {
        // who or what the event happens to, read as a trait's trigger reads it ("After you Equip this Spell to a Void
        // Shugenja" is not every Equip): the moment's own words, every one of them
        const SourceRange m = u.effects[0].conditions.front();
        Clause moment = u.effects[0];
        moment.all_terms.clear();
        for (const auto* term : u.effects[0].all_terms)
          if (term->range.begin >= m.begin && term->range.end <= m.end) moment.all_terms.push_back(term);
        moment.range = m;
        std::optional<Node> who;
        if (!trigger_of(moment, trigger, kind, who)) return false;
        if (who) {
          cond.stmts.push_back(ret(std::move(*who)));
          has_cond = true;
        }
      }
    }
  }
  // 002 rule 525: "If you would gain a prayer token, gain 1 more prayer token instead."
  if (u.kind == UnitKind::ContinuousTrait && u.effects.size() == 1 && !u.effects[0].conditions.empty()) {
    std::string cond_text = lower_text(u.effects[0].conditions.front());
    if (cond_text.rfind("if ", 0) == 0 && cond_text.find(" would ") != std::string::npos)
      return replacement(u, u.effects[0], def, reg, out);
  }
  // A condition in the constraints (003 Abilities): "Even if this card is bowed", "Any number of times per turn", a
  // use limit, or one the ability may be used (the trait triggers) only while it holds. False: not read.
  auto usable_if = [&](const Clause& c, SourceRange cond_range, const std::string& t) {
    if (even_if_bowed(t)) flags |= CARDRT_ABF_EVEN_IF_BOWED;
    // "Even if Still Water is not at the current battlefield": a card's own ability never asks for its presence there
    // (only a performer's does: 001 Tactician), so there is nothing to lift
    else if (even_if_this(t, " is not at the current battlefield")) {
    }
    // 003 Abilities: "Abilities can be used only once per turn, unless their ... text states otherwise"
    else if (t == "any number of times per turn") flags |= CARDRT_ABF_UNLIMITED;
    else if (use_limit(t, kind, flags)) {
    } else if (auto g = card_condition(c, cond_range)) {
      Node prev = has_cond && !cond.stmts.empty() ? std::move(cond.stmts.back().kids.front()) : konst(1);
      if (has_cond) cond.stmts.pop_back();
      cond.stmts.push_back(ret(and_(std::move(prev), std::move(*g))));
      has_cond = true;
    } else return false;
    return true;
  };
  // The conditions printed before a targeting or a cost in its block; a trigger's moment ("After ..., discard this
  // card:") is the trigger's, read with it.
  auto conditions_before = [&](const Clause& c) {
    for (SourceRange cr : c.conditions) {
      std::string t = lower_text(cr);
      if (names_a_moment(t)) continue;
      if (!usable_if(c, cr, t)) return fail({cr, "the condition '" + std::string(ctx_.sources.text(cr)) + "' is not compiled yet"});
    }
    return true;
  };
  // Constraints: conditions, targeting, costs (003 Abilities).
  for (const Clause& c : u.constraints) {
    switch (c.role) {
      case ClauseRole::Trigger:
        // what leads the trigger: "Once per turn, after ..." (003 Traits: a limit before the colon); any other
        // limit or condition there ("Twice per turn, after ...") is reported, never left out
        for (SourceRange cr : c.conditions) {
          std::string t = lower_text(cr);
          if (!names_a_moment(t) && !use_limit(t, kind, flags))
            return fail({cr, "the condition '" + std::string(ctx_.sources.text(cr)) + "' of this trigger is not compiled yet"});
        }
        break;
      case ClauseRole::Condition: {
        std::string t = lower_text(c.range);
        // "Even if this card is bowed, if this Shugenja is Water": the flag, then the condition after the comma
        SourceRange cond_range = c.range;
        if (c.conditions.size() == 1 && c.conditions.front().begin == c.range.begin &&
            even_if_bowed(lower_text(c.conditions.front()))) {
          size_t k = 0;
          while (k < c.terms.size() && (c.terms[k]->range.begin < c.conditions.front().end || c.terms[k]->kind == ast::TermKind::Comma)) ++k;
          if (k < c.terms.size() && word_at(c.terms, k) == "if") {
            flags |= CARDRT_ABF_EVEN_IF_BOWED;
            cond_range = terms_range(c.terms, k, c.terms.size());
            t = lower_text(cond_range);
          }
        }
        if (!usable_if(c, cond_range, t)) return fail({c.range, "this condition is not compiled yet"});
        break;
      }
      case ClauseRole::Targeting:
        // "Even if Nanae is bowed, target a Personality:", "If it is not your turn, target ...": a condition printed
        // before the targeting in its block, read as one on its own (targeting_clause does not read it)
        if (!conditions_before(c)) return false;
        if (!targeting_clause(c, target, true)) return false;
        break;
      case ClauseRole::Cost:
        if (primitive_of(p_, c) == "roll") {
          roll_ = &c;  // 004: "Roll for Luck: if successful, ..." rolls as the effect begins
          break;
        }
        if (!conditions_before(c)) return false;
        if (!cost_clause(c, cost)) return false;
        break;
      case ClauseRole::Effect:
        // The ability constructor's chooser: "choose 2 times from" (002 rule 524).
        if (!constructor_(u, c, effect, flags)) return false;
        break;
      case ClauseRole::Option: break;
    }
  }
  // Effects.
  if (!constructor_used_) {
    if (roll_ && !roll_effects(u, effect)) return false;
    if (standing) {
      if (!effect_clause(*standing, effect, false)) return false;
      for (size_t k = 1; k < u.effects.size(); ++k)
        if (!effect_clause(u.effects[k], effect, false)) return false;
    } else if (!roll_) {
      for (const Clause& c : u.effects)
        if (!effect_clause(c, effect, kind == CARDRT_AB_CONTINUOUS)) return false;
    }
  }
  roll_ = nullptr;
  effect.stmts.push_back(ret(konst(CARDRT_OK)));

  // 000 7.4a: an Action card whose printed cost has an X ("Energy Cost X"): X is chosen and announced as it is
  // played, at most what the player has of the resource that pays that cost (7.4b: 0 when played free).
  if (kind == CARDRT_AB_ACTION && (flags & CARDRT_ABF_PLAYED_FROM_HAND)) {
    for (const ast::StatEntry& st : r_.card->stats) {
      auto idx = p_.stat(st.name);
      if (!idx || st.value.kind != ast::StatValueKind::X || !p_.stats[*idx].cost) continue;
      int res = cost_resource(p_.stats[*idx].name);
      if (res < 0) return fail({st.range, "no resource of the profile pays '" + p_.stats[*idx].name + "', so its X has no bound"});
      cost.stmts.insert(cost.stmts.begin(), eval(call("cardrt_x_announce", {G(), C(), call("cardrt_resource_get", {G(), controller(), konst(res)})})));
      break;  // 7.4d: one X per card
    }
  }

  // 003 Abilities B: "If this card is face-up in one of your Provinces" lets its owner use the action out of play
  if (in_province_ && kind == CARDRT_AB_ACTION && !(flags & CARDRT_ABF_PLAYED_FROM_HAND)) flags |= CARDRT_ABF_OUT_OF_PLAY;
  // Registration.
  effect.stmts.pop_back();  // register_ability adds the final return
  uint32_t ab = register_ability(m_, unit_prefix_, def, kind, designators, trigger, flags,
                                 {has_cond, std::move(cond), std::move(target), std::move(cost), std::move(effect)}, u.range,
                                 reg, out);
  for (int mode : modes_)
    out.stmts.push_back(checked(call("cardrt_def_mode", {param(0), local(def), local(ab), konst(0), fn_ref(mode)}), reg));
  modes_.clear();
  constructor_used_ = false;
  return true;
}

// The resource that pays a printed cost stat, and the cost stat a resource pays (runtime_profile.h, shared with the
// lowering).
int CardBinder::cost_resource(const std::string& stat_name) const { return cardc::cost_resource(p_, stat_name); }

std::optional<std::pair<size_t, int>> CardBinder::paid_cost() const { return cardc::paid_cost(p_); }

std::string CardBinder::signal_event(std::string_view signal) const {
  for (size_t i = 0; i < p_.events.size(); ++i)
    if (p_.events[i].signal == signal) return runtime_event(static_cast<int>(i));
  return {};
}

// The runtime name of a profile event (runtime_profile.h).
std::string CardBinder::runtime_event(int event) const { return cardc::runtime_event(p_, event); }

bool CardBinder::trigger_of(const Clause& c, std::string& trigger, int32_t& kind, std::optional<Node>& who) {
  if (c.event < 0) return fail({c.range, "its event is unknown"});
  const PhraseDef& e = p_.events[static_cast<size_t>(c.event)];
  const auto& t = c.all_terms;
  // "Invest:": an event named alone, which happens to this card and may be declined, is read by the wording grammar
  // alone (the meaning tree's Trigger::alone)
  if (e.optional) return fail({c.range, "this trigger is compiled from its meaning only"});
  // "After this Holding enters play from a Province": the zone it came from (the runtime's enter-play event says)
  if (e.enters_play() && t.size() > 3 && lower_word(*t[t.size() - 3]) == "from") {
    Clause zc = c;
    zc.terms = c.all_terms;
    size_t z = t.size() - 2, zend = 0;
    if (word_is(*t[z], "a") || word_is(*t[z], "an")) ++z;
    int zone = zone_at(zc, z, zend);
    if (zone >= 0 && zend == t.size()) {
      Clause rest = c;
      rest.all_terms.resize(t.size() - 3);
      if (!trigger_of(rest, trigger, kind, who)) return false;
      Node from = binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_WHAT)}), konst(zone));
      who = who ? and_(std::move(*who), std::move(from)) : std::move(from);
      return true;
    }
  }
  if (e.paying()) return paying_trigger(c, trigger, who);
  if (e.targeted() && lower(e.text) == "targets") {
    trigger = runtime_event(c.event);
    return targeted_trigger(c, who);
  }
  std::string first = t.empty() ? "" : lower_word(*t[0]);
  trigger = runtime_event(c.event);
  if (first == "before" && e.attr == "action" && lower(e.text).ends_with("resolves")) {
    // "Before another player's action resolves", "Before an action resolves": the window the runtime opens before
    // a voluntary action resolves (its responses may cancel it)
    trigger = "would_resolve_action";
    kind = kind == CARDRT_AB_TRIGGERED ? kind : CARDRT_AB_REACTION;
    std::vector<std::string> words;
    for (size_t i = 1; i < t.size() && lower_word(*t[i]) != e.words.front(); ++i) words.push_back(lower_word(*t[i]));
    if (!words.empty() && words.back() == "action") words.pop_back();
    if (words.size() == 2 && words[0] == "another" && possessive_stem(words[1]) == "player") {
      who = binary(Op::Ne, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_PLAYER)}), controller());
      words.clear();
    } else if (words.size() == 1 && words[0] == "your") {
      who = binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_PLAYER)}), controller());
      words.clear();
    } else if (words.size() == 1 && (words[0] == "an" || words[0] == "a")) {
      words.clear();
    }
    if (!words.empty()) return fail({c.range, "this trigger is not compiled yet"});
    return true;
  }
  if (first == "before") {
    // "Before this card is destroyed: Negate the destruction." is a replacement of the destruction (002 525).
    if (e.signal == "destroyed") {
      trigger = "would_be_destroyed";
      kind = CARDRT_AB_REPLACEMENT;
    } else if (e.signal == "damaged") {
      trigger = "would_be_damaged";
      kind = CARDRT_AB_REPLACEMENT;
      replacing_ = true;
    } else if (e.signal == "turn end") {
      // "Before your turn ends": the runtime signals the turn's end before anything of it ends.
    } else if (e.signal == "lethal damage") {
      // "Before this unit receives Lethal Damage": the runtime raises it before the rule destroys the unit (004 Health)
    } else if (!e.signal.empty()) {
      return fail({c.range, "a trigger before '" + e.text + "' is not compiled yet"});
    }
  }
  // Who the event happened to: the words between the timing word and the event phrase. "Once per turn, after one
  // of your Samurai Personalities is destroyed": the timing word comes after the once-per-turn words.
  // Any limit before it ("Twice per turn, after ...", "Three times per turn, after ...") likewise: its subject was
  // once left out after any limit but "once", so the trait triggered on every card the event happened to.
  size_t start = 1, end = t.size();
  const bool timed = first == "after" || first == "before" || first == "when" || first == "whenever";
  bool limited = false;
  if (!timed) {
    size_t k = 0;
    while (k < t.size() && !word_is(*t[k], "after") && !word_is(*t[k], "before") && !word_is(*t[k], "when")) ++k;
    if (first == "once" && k == t.size()) return fail({c.range, "its moment is not compiled yet"});
    if (k < t.size()) {
      start = k + 1;
      limited = true;
    }
  }
  for (size_t i = start; i < t.size(); ++i)
    if (lower_word(*t[i]) == e.words.front()) {
      end = i;
      break;
    }
  std::vector<const ast::Term*> subject(t.begin() + static_cast<long>(std::min(start, end)), t.begin() + static_cast<long>(end));
  // Words after the event's own ("After this Personality enters play from a Province") narrow it: not read yet, so
  // the trigger is not compiled (fail closed) -- except what you did it to ("After you Recruit this Holding"), below.
  bool you = subject.size() == 1 && word_is(*subject[0], "you");
  bool by_action = subject.size() == 2 && word_at(subject, 1) == "action" && (word_at(subject, 0) == "the" || word_at(subject, 0) == "an");
  if (end < t.size() && end + e.words.size() < t.size() && !you && !by_action)
    return fail({c.range, "the words after '" + e.text + "' are not compiled yet"});
  // "Focus Effect": the trigger is the event's own name
  if (!timed && !limited) subject.clear();
  // "After this beast enters a duel": a duelist, read as any card subject below
  bool card_subject = e.attr == "duel" && !subject.empty() &&
                      (word_is(*subject[0], "this") || (reference_at(subject[0]) && reference_at(subject[0])->kind == RefKind::ThisCard));
  if (subject.empty() || e.attr == "turn" || e.attr == "battle" || (e.attr == "duel" && !card_subject)) {
    // "After your turn begins", "Before another player's turn ends", "After the current battle ends"
    Node player = call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_PLAYER)});
    for (size_t k = 0; k < subject.size(); ++k) {
      std::string w = lower_word(*subject[k]);
      if (w == "your") {
        who = binary(Op::Eq, player, controller());
      } else if ((w == "another" || w == "an") && k + 1 < subject.size() &&
                 (possessive_stem(lower_word(*subject[k + 1])) == "player" || possessive_stem(lower_word(*subject[k + 1])) == "opponent")) {
        who = binary(Op::Ne, player, controller());
        ++k;
      } else if (w != "the" && w != "this" && w != "a" && w != "an" && w != "each" && w != "current") {
        // ("After the next turn begins" as a trigger would answer every turn: "next" is a delayed effect's word)
        return fail({c.range, "the word '" + std::string(subject[k]->text) + "' in this trigger is not compiled yet"});
      }
    }
    return true;
  }
  Node card = call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_CARD)});
  if (word_is(*subject[0], "this")) {
    // "After this unit attacks" on a Gear: the unit it is attached to (001 This); "this Personality" on an Item: its
    // bearer; otherwise the card itself
    const Reference* r = reference_at(subject[0]);
    bool unit = subject.size() == 2 && lower_word(*subject[1]).rfind("unit", 0) == 0;
    // the reference is the whole subject ("this Personality quickly attacks" is not "this Personality attacks")
    if (!unit && subject.size() > 1 && (!r || r->range.end != subject.back()->range.end))
      return fail({c.range, "the words after '" + std::string(subject[0]->text) + "' in this trigger are not compiled yet"});
    Node whom = r && (r->kind == RefKind::ThisBearer || r->kind == RefKind::ThisKeyword) ? bearer()
                : unit                                                                  ? this_unit()
                                                                                        : self();
    who = binary(Op::Eq, std::move(card), std::move(whom));
    return true;
  }
  // "After Shikenuro enters play": the card's own short name (003 Card title)
  if (const Reference* r = reference_at(subject[0]); r && r->kind == RefKind::ThisCard && r->range.end >= subject.back()->range.end) {
    who = binary(Op::Eq, std::move(card), self());
    return true;
  }
  // "After you Recruit this Holding", "After you Equip this Follower": you did it, to this card
  if (subject.size() == 1 && word_is(*subject[0], "you")) {
    Node mine = binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_PLAYER)}), controller());
    size_t obj = end + e.words.size(), last = t.size();
    // "After you Recruit this Holding from a Province": it has just left one of the provinces
    bool from_province = last >= obj + 4 && word_at(t, last - 3) == "from" && word_at(t, last - 2) == "a" &&
                         possessive_stem(word_at(t, last - 1)) == "province";
    if (from_province) last -= 3;
    if (obj < last) {
      const Reference* r = reference_at(t[obj]);
      if (!r || r->range.end != t[last - 1]->range.end || (r->kind != RefKind::ThisCard && r->kind != RefKind::ThisBearer))
        return fail({c.range, "the words after '" + e.text + "' are not compiled yet"});
      Node it = r->kind == RefKind::ThisCard ? self() : bearer();
      if (from_province) mine = and_(std::move(mine), binary(Op::Ne, call("cardrt_card_left_province", {G(), it}), konst(0)));
      mine = and_(std::move(mine), binary(Op::Eq, std::move(card), std::move(it)));
    } else if (from_province) {
      return fail({c.range, "the words after '" + e.text + "' are not compiled yet"});
    }
    who = std::move(mine);
    return true;
  }
  if (std::optional<bool> r = action_object_trigger(c, end, who)) return *r;
  std::optional<Node> test;
  std::string why;
  // The event's card need not be in play any more ("After a Personality is destroyed").
  if (!noun_filter(subject, 0, subject.size(), call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_CARD)}), test, why, false))
    return fail({c.range, why});
  who = std::move(test);
  return true;
}

// "After the action Equips a Spell to Tameko", "After the action Equips this Follower at a battlefield", "After the
// action Recruits your Lion Clan Shugenja": the action an Interrupt answers did it to the event's card (the engine
// raises the profile's "Equips" / "Recruits" event with the card equipped or recruited). The object is read whole:
// this card or a noun phrase, then "to X" (it is now attached to X) or "at a battlefield" (it is not at home).
// nullopt: the subject is not "the action".
std::optional<bool> CardBinder::action_object_trigger(const Clause& c, size_t event_at, std::optional<Node>& who) {
  const auto& t = c.all_terms;
  const PhraseDef& e = p_.events[static_cast<size_t>(c.event)];
  if (event_at < 3 || word_at(t, event_at - 1) != "action" || (word_at(t, event_at - 2) != "the" && word_at(t, event_at - 2) != "an"))
    return std::nullopt;
  size_t obj = event_at + e.words.size(), last = t.size();
  if (obj >= last) return fail({c.range, "what the action does it to is not compiled yet"});
  Node card = call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_CARD)});
  std::optional<Node> test;
  auto add = [&](Node n) { test = test ? and_(std::move(*test), std::move(n)) : std::move(n); };
  if (last >= obj + 4 && word_at(t, last - 3) == "at" && word_at(t, last - 2) == "a" && word_at(t, last - 1) == "battlefield") {
    add(binary(Op::Ne, call("cardrt_card_battlefield", {G(), card}), konst(0)));
    last -= 3;
  } else {
    for (size_t k = obj + 1; k + 1 < last; ++k)
      if (word_at(t, k) == "to") {
        const Reference* r = reference_at(t[k + 1]);
        if (!r || r->kind != RefKind::ThisCard || r->range.end != t[last - 1]->range.end)
          return fail({c.range, "the card after 'to' in this trigger is not compiled yet"});
        add(binary(Op::Eq, call("cardrt_card_attached_to", {G(), card}), self()));
        last = k;
        break;
      }
  }
  const Reference* r = reference_at(t[obj]);
  if (r && r->range.begin == t[obj]->range.begin && (r->kind == RefKind::ThisCard || r->kind == RefKind::ThisBearer)) {
    if (r->range.end != t[last - 1]->range.end) return fail({c.range, "the words after '" + e.text + "' are not compiled yet"});
    add(binary(Op::Eq, card, r->kind == RefKind::ThisCard ? self() : bearer()));
  } else {
    std::optional<Node> of;
    std::string why;
    std::vector<const ast::Term*> object(t.begin() + static_cast<long>(obj), t.begin() + static_cast<long>(last));
    if (!noun_filter(object, 0, object.size(), card, of, why, false)) return fail({c.range, why});
    add(std::move(*of));
  }
  who = std::move(test);
  return true;
}

// "After another player's Battle action targets this Personality", "After another player targets The Dark Naga with
// an action", "After another player's action targets one of your cards": an action's targeting (001 Targeting; the
// runtime's targeted event carries the ability's controller, kind and designators, and the card targeted).
bool CardBinder::targeted_trigger(const Clause& c, std::optional<Node>& who) {
  const auto& t = c.all_terms;
  auto word = [&](size_t k) { return word_at(t, k); };
  size_t ev = 0;
  while (ev < t.size() && word(ev) != "targets") ++ev;
  if (word(0) != "after" || ev + 1 >= t.size()) return fail({c.range, "this trigger is not compiled yet"});
  auto field = [&](int32_t f) { return call("cardrt_ctx_event", {G(), C(), konst(f)}); };
  std::optional<Node> test;
  auto add = [&](Node n) { test = test ? and_(std::move(*test), std::move(n)) : std::move(n); };
  size_t k = 1;
  if (word(k) == "another" && possessive_stem(word(k + 1)) == "player") {
    add(binary(Op::Ne, field(CARDRT_EVF_PLAYER), controller()));
    k += 2;
  } else if (word(k) == "your") {
    add(binary(Op::Eq, field(CARDRT_EVF_PLAYER), controller()));
    ++k;
  } else if (word(k) == "an" || word(k) == "a") {
    ++k;
  }
  bool action_named = false;
  for (; k < ev; ++k) {
    if (word(k) == "battle") {
      // bit CARDRT_DESIG_BATTLE of the designators, with the arithmetic the IR has: (d / 4) - 2 * (d / 8)
      Node d = field(CARDRT_EVF_WHAT);
      add(binary(Op::Ne, binary(Op::Sub, binary(Op::Div, d, konst(CARDRT_DESIG_BATTLE)), binary(Op::Mul, konst(2), binary(Op::Div, d, konst(2 * CARDRT_DESIG_BATTLE)))), konst(0)));
    } else if (word(k) == "action" && k + 1 == ev) {
      action_named = true;
    } else {
      return fail({c.range, "the word '" + std::string(t[k]->text) + "' in this trigger is not compiled yet"});
    }
  }
  size_t end = t.size();
  // "... targets The Dark Naga with an action"
  if (end >= ev + 4 && word(end - 3) == "with" && (word(end - 2) == "an" || word(end - 2) == "a") && word(end - 1) == "action") {
    if (action_named) return fail({c.range, "this trigger is not compiled yet"});
    action_named = true;
    end -= 3;
  }
  if (!action_named) return fail({c.range, "this trigger is not compiled yet"});
  // an action: not a triggered or continuous trait
  add(binary(Op::Ge, field(CARDRT_EVF_AMOUNT), konst(CARDRT_AB_ACTION)));
  Node card = field(CARDRT_EVF_CARD);
  const Reference* r = reference_at(t[ev + 1]);
  if (r && r->range.end >= t[end - 1]->range.end && r->range.begin == t[ev + 1]->range.begin &&
      (r->kind == RefKind::ThisCard || r->kind == RefKind::ThisBearer || r->kind == RefKind::ThisKeyword)) {
    add(binary(Op::Eq, std::move(card), r->kind == RefKind::ThisCard ? self() : bearer()));
  } else {
    std::vector<const ast::Term*> object(t.begin() + static_cast<long>(ev + 1), t.begin() + static_cast<long>(end));
    std::optional<Node> of;
    std::string why;
    if (!noun_filter(object, 0, object.size(), std::move(card), of, why)) return fail({c.range, why});
    add(std::move(*of));
  }
  who = std::move(test);
  return true;
}

bool CardBinder::replacement(const TextUnit& u, const Clause& c, uint32_t def, Body& reg, Body& out) {
  // "If you would gain a prayer token, gain 1 more prayer token instead." (002 rule 525)
  std::string prim = primitive_of(p_, c);
  size_t v = after_verb(p_, c);
  auto n = amount_at(c, v);
  size_t w = v + 1;
  while (w < c.terms.size() && (word_is(*c.terms[w], "more") || word_is(*c.terms[w], "additional"))) ++w;
  size_t len = 0;
  int res = w < c.terms.size() ? lex_.resource_at(std::span(c.terms).subspan(w), len) : -1;
  if (prim != "gain" || !n || res < 0) return fail({c.range, "only 'gain N more <resource> instead' replacements are compiled yet"});
  Body cond, eff;
  cond.stmts.push_back(ret(and_(binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_WHAT)}), konst(res)),
                               binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_PLAYER)}), controller()))));
  eff.stmts.push_back(eval(call("cardrt_pending_set_amount",
                                {G(), C(), binary(Op::Add, call("cardrt_pending_amount", {G(), C()}), std::move(*n))})));
  eff.stmts.push_back(ret(konst(CARDRT_OK)));
  uint32_t ab = reg.local();
  out.stmts.push_back(let(ab, call("cardrt_def_ability", {param(0), local(def), konst(CARDRT_AB_REPLACEMENT), konst(0),
                                                          str("would_gain_resource"), konst(0)})));
  out.stmts.push_back(if_(binary(Op::Lt, local(ab), konst(0)), block({ret(local(ab))})));
  int cf = add_function("condition", FnKind::Effect, std::move(cond), u.range);
  int ef = add_function("effect", FnKind::Effect, std::move(eff), u.range);
  out.stmts.push_back(checked(call("cardrt_def_ability_fn", {param(0), local(def), local(ab), konst(CARDRT_FN_CONDITION), fn_ref(cf)}), reg));
  out.stmts.push_back(checked(call("cardrt_def_ability_fn", {param(0), local(def), local(ab), konst(CARDRT_FN_EFFECT), fn_ref(ef)}), reg));
  return true;
}

}  // namespace cardc::binding

namespace cardc {

using binding::Body;
using binding::CardBinder;

BindResult bind_card_set(const CheckContext& ctx, const std::string& profile_identity, const std::string& source_hash,
                         bool from_meaning, const ir::SliceSink* slices) {
  BindResult out;
  out.module.game = ctx.profile.game;
  out.module.profile_hash = profile_identity;
  out.module.source_hash = source_hash;
  Body reg;
  // Where the errors of the earlier passes are: a card with an error of its own is not counted as compiled even when
  // the binder reads all it is given (sema leaves out a clause it cannot read, so the binder never sees it).
  std::vector<std::pair<FileId, uint32_t>> errors;
  for (const Diagnostic& d : ctx.diags.all())
    if (d.severity == Severity::Error) errors.emplace_back(d.range.file, d.range.begin);
  for (const SourceRange& r : ctx.diags.dropped_errors()) errors.emplace_back(r.file, r.begin);  // past --error-limit
  std::sort(errors.begin(), errors.end());
  auto has_error = [&](SourceRange card) {
    auto it = std::lower_bound(errors.begin(), errors.end(), std::make_pair(card.file, card.begin));
    return it != errors.end() && it->first == card.file && it->second < card.end;
  };
  const Lexicon& lex = ctx.lexicon();
  // ir/slices.h: the cards bound since the last slice, handed over once they have enough functions.
  size_t slice_first = 0;
  auto hand_over_slice = [&] {
    ir::Function registration;
    registration.name = "cardrt_library_register";
    registration.kind = ir::FnKind::Register;
    registration.locals = reg.locals;
    registration.body = ir::block(std::move(reg.stmts));
    out.stopped = !slices->take(out.module, slice_first, registration);
    if (!slices->keeps_taken) out.module.functions.clear();
    for (size_t f = slice_first; f < out.module.functions.size(); ++f) out.module.functions[f].body = ir::Node{};
    reg = Body{};
    slice_first = out.module.functions.size();
    ++out.slices;
  };
  for (size_t i = 0; i < ctx.readings.size(); ++i) {
    if (slices && out.module.functions.size() > slice_first &&
        out.module.functions.size() - slice_first >= slices->min_functions) {
      hand_over_slice();
      if (out.stopped) break;
    }
    const CardReading& r = ctx.readings[i];
    const bool checked_clean = !has_error(r.card->range);
    DiagnosticEngine::CardScope scope(ctx.diags, r.card->title);
    ++out.cards;
    out.compiled.push_back(false);
    size_t functions_before = out.module.functions.size();
    // Each card's registration sets every local before it reads it, so the cards share one set of locals: the
    // register function of a 10,000-card set stays far below the IR's limit on locals.
    Body card_reg;
    card_reg.registering = !slices || slices->reads_registration;
    // A card the wording grammar read whole is lowered from its meaning; any other is bound from its words.
    if (from_meaning && i < ctx.meanings.size())
      if (std::optional<bool> lowered = lower_card_meaning(ctx, out.module, r, i, ctx.meanings[i], card_reg)) {
        reg.locals = std::max(reg.locals, card_reg.locals);
        for (auto& s : card_reg.stmts) reg.stmts.push_back(std::move(s));
        if (checked_clean) ++out.cards_compiled;
        out.compiled.back() = checked_clean;
        ++out.cards_lowered;
        continue;
      }
    CardBinder b(ctx, lex, out.module, r, i);
    b.earlier_errors = &errors;
    if (b.bind(card_reg)) {
      reg.locals = std::max(reg.locals, card_reg.locals);
      for (auto& s : card_reg.stmts) reg.stmts.push_back(std::move(s));
      if (checked_clean) ++out.cards_compiled;
      out.compiled.back() = checked_clean;
    } else {
      // Fail closed: a card that cannot be compiled entirely is not in the library at all.
      out.module.functions.resize(functions_before);
    }
  }
  reg.stmts.push_back(ir::ret(ir::konst(CARDRT_OK)));
  ir::Function entry;
  entry.name = "cardrt_library_register";
  entry.kind = ir::FnKind::Register;
  entry.locals = reg.locals;
  entry.body = ir::block(std::move(reg.stmts));
  out.module.functions.push_back(std::move(entry));
  out.module.register_fn = static_cast<int>(out.module.functions.size() - 1);
  return out;
}

}  // namespace cardc
