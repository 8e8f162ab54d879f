// The binder (card_binder.h): provinces as game objects (runtime/src/provinces.cpp). A province is a game entity
// (001 Target: "a Province or player"), with a strength (003 Stats: provinces have stats), at a battlefield (001
// This: "This Province" in the context of a battle is the Province associated with the battlefield). Read here:
// the phrases that name one ("this Province", "the current Province", "the current battlefield's province"), changes
// to its strength, destroying one of your own, counts of provinces in conditions and amounts, "face-up in one of
// your Provinces", and the Dynasty Events' moment "After you reveal cards in your Provinces at the start of your
// turn". Every word is read or the clause is reported (fail closed).
#include "bind/card_binder.h"

#include <span>

#include "sema/clause_reader.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

namespace {

bool is_province(const std::string& w) {
  std::string s = possessive_stem(w);
  return s == "province" || s == "provinces";
}
bool possessive(const std::string& w) { return possessive_stem(w) != w; }

}  // namespace

// "this Province": the province the card is in (a Dynasty card face-up in it), else the province of the current
// battlefield (001 This); 0 when there is none, so that what depends on it fails (002 520).
Node CardBinder::this_province() const {
  Node own = call("cardrt_card_province", {G(), self()});
  Node here = call("cardrt_battlefield_province", {G(), konst(CARDRT_CURRENT_BATTLEFIELD)});
  return binary(Op::Add, own, binary(Op::Mul, binary(Op::Eq, own, konst(0)), std::move(here)));
}

// A phrase naming one province at t[i]: "this Province", "the current Province", "the current battlefield's
// province", "this battlefield's province". `end` is where it ends; `owned` is set when its last word is possessive
// ("the current province's strength").
std::optional<Node> CardBinder::province_at(const std::vector<const ast::Term*>& t, size_t i, size_t& end, bool& owned) const {
  auto word = [&](size_t k) { return word_at(t, k); };
  auto done = [&](size_t last, Node n) -> std::optional<Node> {
    end = last + 1;
    owned = possessive(word(last));
    return n;
  };
  Node current = call("cardrt_battlefield_province", {G(), konst(CARDRT_CURRENT_BATTLEFIELD)});
  if (word(i) == "this" && is_province(word(i + 1)) && possessive_stem(word(i + 1)) == "province") return done(i + 1, this_province());
  bool battlefield_of = (word(i) == "this" && possessive_stem(word(i + 1)) == "battlefield" && possessive(word(i + 1))) ||
                        (word(i) == "the" && word(i + 1) == "current" && possessive_stem(word(i + 2)) == "battlefield" &&
                         possessive(word(i + 2)));
  if (battlefield_of) {
    size_t p = word(i) == "this" ? i + 2 : i + 3;
    if (possessive_stem(word(p)) == "province") return done(p, std::move(current));
    return std::nullopt;
  }
  if (word(i) == "the" && word(i + 1) == "current" && possessive_stem(word(i + 2)) == "province") return done(i + 2, std::move(current));
  return std::nullopt;
}

// "in this province", "in the current battlefield's province", "in one of your provinces", "in a Province" at t[i]
// (its "in"): a card in that province (cardrt_card_province), out of play. `end` is where the words end.
std::optional<Node> CardBinder::in_province(const std::vector<const ast::Term*>& t, size_t i, size_t to, Node card, size_t& end) const {
  if (word_at(t, i) != "in" || i + 1 >= to) return std::nullopt;
  Node where = call("cardrt_card_province", {G(), card});
  bool owned = false;
  if (auto one = province_at(t, i + 1, end, owned); one && !owned && end <= to)
    return and_(binary(Op::Ne, where, konst(0)), binary(Op::Eq, where, std::move(*one)));
  // "in one of your provinces", "in your Provinces": a card is only ever in its owner's provinces
  size_t k = i + 1;
  if (word_at(t, k) == "one" && word_at(t, k + 1) == "of") k += 2;
  if (word_at(t, k) == "your" && k + 1 < to && is_province(word_at(t, k + 1))) {
    end = k + 2;
    return and_(binary(Op::Ne, where, konst(0)), binary(Op::Eq, call("cardrt_card_controller", {G(), card}), controller()));
  }
  // "in a Province": any player's
  if ((word_at(t, k) == "a" || word_at(t, k) == "any") && k + 1 < to && possessive_stem(word_at(t, k + 1)) == "province") {
    end = k + 2;
    return binary(Op::Ne, where, konst(0));
  }
  return std::nullopt;
}

// Changes to a province's strength and destroying one; nullopt when the clause is not about a province.
//   "Give this Province +2 strength", "Give the current Province +2 or -2 strength", "give this Province a strength
//   bonus equal to the card's Focus Value", "Increase the current battlefield's province's strength by his Chi",
//   "Raise or lower the current province's strength by his Force" (each verb read alone), "Destroy one of your
//   Provinces" (a choice, not a target: 001 Target).
std::optional<bool> CardBinder::province_effect(const Clause& c, size_t v, Body& b, bool continuous) {
  const auto& t = c.terms;
  std::string prim = primitive_of(p_, c);
  std::string why;
  if (prim == "destroy" && ((word_at(t, v) == "one" && word_at(t, v + 1) == "of" && word_at(t, v + 2) == "your" &&
                             possessive_stem(word_at(t, v + 3)) == "provinces"))) {
    Node chosen = call("cardrt_choose_province", {G(), C(), acting_player(c)});
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_destroy_province", {G(), C(), std::move(chosen)}), konst(CARDRT_OK))));
    return rest_of_effect(c, v, v + 4, b, continuous);
  }
  // "You may discard a card in the current battlefield's province": a choice among the cards in it (not a target)
  if (prim == "discard" && (word_at(t, v) == "a" || word_at(t, v) == "an")) {
    size_t in = v + 1, end = 0;
    while (in < t.size() && word_at(t, in) != "in") ++in;
    auto where = in < t.size() ? in_province(t, in, t.size(), param(2), end) : std::nullopt;
    if (!where) return std::nullopt;
    std::optional<Node> test;
    if (!noun_filter(t, v, in, param(2), test, why, false)) return fail({c.range, why});
    auto k = choose_into_slot(c, filter_function(and_(std::move(*test), std::move(*where)), c.range), 1, 1, CARDRT_TGT_ANY_ZONE, b);
    if (!k) return false;
    b.stmts.push_back(eval(call("cardrt_discard_card", {G(), C(), slot(static_cast<int>(*k))})));
    return rest_of_effect(c, v, end, b, continuous);
  }
  if (prim == "put" && lower(p_.verbs[static_cast<size_t>(c.verb)].name) == "refill") return refill(c, v, b, continuous);
  if (prim != "give" && prim != "increase" && prim != "reduce") return std::nullopt;
  size_t end = v;
  bool owned = false;
  auto province = province_at(t, v, end, owned);
  // "Give its Province -3 strength": the province of the battlefield that card is at (none at home)
  if (std::string w = word_at(t, v); !province && (w == "its" || w == "his" || w == "her") &&
                                     possessive_stem(word_at(t, v + 1)) == "province" && reference_at(t[v])) {
    Clause one;
    one.terms = {t[v]};
    size_t e = 0;
    std::string ignored;
    if (auto card = card_at(one, 0, e, ignored); card && e == 1) {
      province = call("cardrt_battlefield_province", {G(), call("cardrt_card_battlefield", {G(), std::move(*card)})});
      end = v + 2;
      owned = possessive(word_at(t, v + 1));
    }
  }
  if (!province) return std::nullopt;
  // 003 Traits: a continuous trait's bonus would be re-asserted on every settle, which provinces do not do yet
  if (continuous) return fail({c.range, "a continuous strength bonus of a province is not compiled yet"});
  bool permanent = lower(p_.verbs[static_cast<size_t>(c.verb)].name).find("permanently") != std::string::npos;
  int32_t dur = duration(c, permanent ? CARDRT_DUR_PERMANENT : CARDRT_DUR_END_OF_TURN);
  if (dur == -1) return fail({c.range, "its duration is not compiled yet"});
  const Node where = *province;
  uint32_t which = b.local();
  b.stmts.push_back(let(which, std::move(*province)));
  auto modify = [&](Node amount) { return eval(call("cardrt_province_modify", {G(), C(), local(which), std::move(amount), konst(dur)})); };
  auto strength = [&](size_t k) { return word_at(t, k) == "strength"; };
  size_t read = end;
  if (prim == "give" && !owned) {
    auto bare = [&](size_t k) { return k < t.size() && t[k]->kind == ast::TermKind::Modifier && t[k]->stat().empty() && !t[k]->uses_x; };
    if (bare(end) && strength(end + 1)) {
      // "+3 strength"
      b.stmts.push_back(modify(konst(t[end]->value)));
      read = end + 2;
    } else if (bare(end) && word_at(t, end + 1) == "or" && bare(end + 2) && strength(end + 3)) {
      // "+2 or -2 strength": its controller chooses which (CARDRT_PURPOSE_VERB: yes, the first), the province found in
      // each branch as the meaning tree lowers a choice of two changes
      b.stmts.pop_back();
      const uint32_t other = b.local();
      Node second = eval(call("cardrt_province_modify", {G(), C(), local(other), konst(t[end + 2]->value), konst(dur)}));
      b.stmts.push_back(if_(call("cardrt_choose_yes_no", {G(), C(), konst(CARDRT_PURPOSE_VERB)}),
                            block({let(which, where), modify(konst(t[end]->value))}), block({let(other, where), std::move(second)})));
      read = end + 4;
    } else if (word_at(t, end) == "a" && strength(end + 1) &&
               (word_at(t, end + 2) == "bonus" || word_at(t, end + 2) == "penalty") && word_at(t, end + 3) == "equal" &&
               word_at(t, end + 4) == "to") {
      // "a strength bonus equal to your Courtier's Chi"
      auto amount = stat_of_card(c, end + 5, read, why);
      if (!amount) return fail({c.range, why.empty() ? "its amount is not compiled yet" : why});
      b.stmts.push_back(modify(word_at(t, end + 2) == "bonus" ? std::move(*amount) : binary(Op::Sub, konst(0), std::move(*amount))));
    } else {
      return fail({c.range, "what it gives the province is not compiled yet"});
    }
  } else if (prim != "give" && owned && strength(end) && word_at(t, end + 1) == "by") {
    // "Increase the current province's strength by 2", "... by his Force"
    read = end + 2;
    std::optional<Node> amount = amount_at(c, read);
    if (amount) ++read;
    else amount = stat_of_card(c, read, read, why);
    if (!amount) return fail({c.range, why.empty() ? "its amount is not compiled yet" : why});
    b.stmts.push_back(modify(prim == "reduce" ? binary(Op::Sub, konst(0), std::move(*amount)) : std::move(*amount)));
  } else {
    return fail({c.range, "what it does to the province is not compiled yet"});
  }
  return rest_of_effect(c, v, read, b, continuous);
}

// "Refill this Province face-up", "Refill this Province with him, face-up", "refill the Province face-up" (after
// "After this Holding enters play from a Province": the one it left): the top card of the owner's Dynasty deck (the
// engine's refill zone), or the card named, goes into it; face-down unless the text says face-up.
std::optional<bool> CardBinder::refill(const Clause& c, size_t v, Body& b, bool continuous) {
  const auto& t = c.terms;
  size_t end = v;
  bool owned = false;
  std::optional<Node> province = province_at(t, v, end, owned);
  if (province && owned) province.reset();
  // "the Province" or "it" when the unit's moment named the one the card left ("After Ryo enters play from a Province,
  // refill it face-up"): the only province the unit names
  // (or "After you Recruit this Holding from a Province, refill the Province face-up")
  bool left_named = false;
  for (const Clause& k : unit_->constraints)
    if (k.role == ClauseRole::Trigger && k.event >= 0 && lower_text(k.range).ends_with(" from a province")) {
      std::string ev = lower(p_.events[static_cast<size_t>(k.event)].text);
      left_named = ev == "enters play" || ev == "recruit";
    }
  if (!province && left_named && ((word_at(t, v) == "the" && word_at(t, v + 1) == "province") || word_at(t, v) == "it")) {
    province = call("cardrt_card_left_province", {G(), self()});
    end = word_at(t, v) == "it" ? v + 1 : v + 2;
  }
  if (!province) return fail({c.range, "the province it refills is not compiled yet"});
  Node card = konst(CARDRT_REFILL_TOP);
  std::string why;
  if (word_at(t, end) == "with") {
    auto named = card_at(c, end + 1, end, why);
    if (!named) return fail({c.range, why.empty() ? "the card it refills with is not compiled yet" : why});
    card = std::move(*named);
  }
  if (end < t.size() && t[end]->kind == ast::TermKind::Comma && word_at(t, end + 1) == "face-up") ++end;
  bool face_up = word_at(t, end) == "face-up";
  if (face_up) ++end;
  b.stmts.push_back(eval(call("cardrt_refill_province", {G(), C(), std::move(*province), std::move(card), konst(face_up ? 1 : 0)})));
  return rest_of_effect(c, v, end, b, continuous);
}

// How many provinces the words [from, to) count, for the controller: "Province you have destroyed this game" (the
// ones he destroyed), "of your Provinces that have been destroyed this game" (his own, destroyed), "of your
// Provinces" (his own still standing). nullopt: not a count of provinces.
std::optional<Node> CardBinder::province_count(const std::vector<const ast::Term*>& t, size_t from, size_t to) const {
  std::vector<std::string> w;
  for (size_t k = from; k < to; ++k) w.push_back(word_at(t, k));
  auto is = [&](std::initializer_list<const char*> words) {
    if (w.size() != words.size()) return false;
    size_t k = 0;
    for (const char* x : words) {
      std::string want = x;
      if (want == "PROVINCE" ? !is_province(w[k]) : w[k] != want) return false;
      ++k;
    }
    return true;
  };
  int32_t which = -1;
  if (is({"PROVINCE", "you", "have", "destroyed", "this", "game"}) || is({"PROVINCE", "you", "have", "destroyed"}))
    which = CARDRT_PROVINCES_DESTROYED_BY;
  else if (is({"of", "your", "PROVINCE", "that", "have", "been", "destroyed", "this", "game"}) ||
           is({"of", "your", "PROVINCE", "that", "have", "been", "destroyed"}) || is({"of", "your", "destroyed", "PROVINCE"}))
    which = CARDRT_PROVINCES_DESTROYED;
  else if (is({"of", "your", "PROVINCE"}))
    which = CARDRT_PROVINCES_STANDING;
  if (which < 0) return std::nullopt;
  return call("cardrt_province_count", {G(), controller(), konst(which)});
}

// Conditions about provinces (t: the condition's words, its leading "If"/"While"/"Unless" first):
//   "If Ashiko is face-up in one of your Provinces", "if this Event is face-up in one of them" (the provinces of the
//   trigger), "If Miwa is face-up in your province"; "If you have fewer Provinces than each other player" (or "any
//   other player"), "If you have two or fewer Provinces", "If you have exactly one Province".
std::optional<Node> CardBinder::province_condition(const std::vector<const ast::Term*>& all) {
  // the left part of "..., or you are a Scorpion Clan player" ends with its comma
  std::vector<const ast::Term*> t = all;
  while (!t.empty() && t.back()->kind == ast::TermKind::Comma) t.pop_back();
  auto word = [&](size_t k) { return word_at(t, k); };
  std::string lead = word(0);
  if (t.size() < 4 || (lead != "if" && lead != "while" && lead != "unless")) return std::nullopt;
  auto result = [&](Node n) -> std::optional<Node> { return lead == "unless" ? not_(std::move(n)) : std::move(n); };
  // "<this card> is face-up in ..."
  if (const Reference* r = reference_at(t[1]); r && r->kind == RefKind::ThisCard) {
    size_t k = 1;
    while (k < t.size() && t[k]->range.end <= r->range.end) ++k;
    if (word(k) != "is" || word(k + 1) != "face-up" || word(k + 2) != "in") return std::nullopt;
    size_t p = k + 3;
    bool yours = (word(p) == "one" && word(p + 1) == "of" && ((word(p + 2) == "your" && is_province(word(p + 3)) && p + 4 == t.size()) ||
                                                           (word(p + 2) == "them" && p + 3 == t.size()))) ||
                 (word(p) == "your" && possessive_stem(word(p + 1)) == "province" && p + 2 == t.size());
    if (!yours) return std::nullopt;
    in_province_ = true;  // 003 Abilities B: such a condition also lets the ability be used out of play
    // a card is only ever put into its owner's provinces (cardrt_game_put_in_province), and out of play its
    // controller is its owner: "your" is whose card it is
    Node card = self();
    Node in = binary(Op::Ne, call("cardrt_card_province", {G(), card}), konst(0));
    Node up = not_(call("cardrt_card_state", {G(), card, konst(CARDRT_STATE_FACE_DOWN)}));
    Node mine = binary(Op::Eq, call("cardrt_card_controller", {G(), card}), controller());
    return result(and_(and_(std::move(in), std::move(up)), std::move(mine)));
  }
  // "If none of your provinces have been destroyed since your last turn began" (this turn's start, during yours)
  {
    static const char* const since[] = {"none", "of", "your", "PROVINCE", "have", "been", "destroyed", "since", "your", "last", "turn", "began"};
    bool match = t.size() == 13;
    for (size_t k = 0; match && k < 12; ++k)
      match = std::string(since[k]) == "PROVINCE" ? is_province(word(k + 1)) : word(k + 1) == since[k];
    if (match)
      return result(binary(Op::Eq, call("cardrt_province_count", {G(), controller(), konst(CARDRT_PROVINCES_DESTROYED_SINCE_YOUR_TURN)}),
                           konst(0)));
  }
  if (word(1) != "you" || word(2) != "have") return std::nullopt;
  Node mine = call("cardrt_province_count", {G(), controller(), konst(CARDRT_PROVINCES_STANDING)});
  // "fewer Provinces than each other player" (than every other one) / "than any other player" (than one of them)
  if (word(3) == "fewer" && is_province(word(4)) && word(5) == "than" && word(7) == "other" && word(8) == "player" && t.size() == 9 &&
      (word(6) == "each" || word(6) == "any")) {
    Node theirs = call("cardrt_province_count", {G(), controller(), konst(word(6) == "each" ? CARDRT_PROVINCES_OTHERS_FEWEST
                                                                                             : CARDRT_PROVINCES_OTHERS_MOST)});
    return result(binary(Op::Lt, std::move(mine), std::move(theirs)));
  }
  // "two or fewer Provinces", "three or more Provinces", "exactly one Province"
  auto number = [&](size_t k) -> int64_t {
    if (int n = Lexicon::number_word(word(k)); n >= 0) return n;
    if (k < t.size() && t[k]->kind == ast::TermKind::Number) return t[k]->value;
    return -1;
  };
  if (number(3) >= 0 && word(4) == "or" && (word(5) == "fewer" || word(5) == "more") && is_province(word(6)) && t.size() == 7)
    return result(binary(word(5) == "fewer" ? Op::Le : Op::Ge, std::move(mine), konst(number(3))));
  if (word(3) == "exactly" && number(4) >= 0 && is_province(word(5)) && t.size() == 6)
    return result(binary(Op::Eq, std::move(mine), konst(number(4))));
  return std::nullopt;
}

// The Dynasty Events' moment, "After you reveal cards in your Provinces at the start of your turn" (the runtime's
// provinces_revealed event, raised by the engine's cardrt_game_reveal_provinces): its words are read whole; the
// player who revealed must be this card's. nullopt: not this moment.
std::optional<Node> CardBinder::provinces_revealed(SourceRange moment) const {
  std::string text = lower_text(moment);
  if (text != "after you reveal cards in your provinces at the start of your turn") return std::nullopt;
  return binary(Op::Eq, call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_PLAYER)}), controller());
}

// "Your provinces have +1 strength", "Provinces have -1 strength", "While this Shugenja is Earth, your provinces have
// +1 strength", "... while another player controls a dishonorable Personality": a continuous trait the runtime asks
// whenever a province's strength is read, while this card is in play (cardrt_def_province_bonus). nullopt: not this
// statement.
std::optional<bool> CardBinder::province_bonus(const TextUnit& u, uint32_t def, Body& reg, Body& out) {
  const Clause* statement = sole_statement(u, "have");
  if (!statement) return std::nullopt;
  const Clause& c = *statement;
  const auto& t = c.terms;
  auto word = [&](size_t k) { return word_at(t, k); };
  size_t i = word(0) == "your" ? 1 : 0;
  const bool yours = i == 1;
  if (word(i) != "provinces" || word(i + 1) != "have") return std::nullopt;
  i += 2;
  if (i + 1 >= t.size() || t[i]->kind != ast::TermKind::Modifier || !t[i]->stat().empty() || t[i]->uses_x || word(i + 1) != "strength")
    return fail({c.range, "what the provinces have is not compiled yet"});
  Node amount = konst(t[i]->value);
  i += 2;
  if (yours) amount = binary(Op::Mul, std::move(amount), binary(Op::Eq, call("cardrt_province_owner", {G(), param(2)}), controller()));
  // the condition, leading ("While this Shugenja is Earth, ...") or after ("... while another player controls ...")
  std::vector<SourceRange> conditions = c.conditions;
  if (i < t.size()) {
    if (word(i) != "while") return fail({c.range, "the words after 'strength' are not compiled yet"});
    conditions.push_back(terms_range(t, i, t.size()));
  }
  for (SourceRange cond : conditions) {
    if (!lower_text(cond).starts_with("while ")) return fail({c.range, "the condition '" + std::string(ctx_.sources.text(cond)) + "' is not compiled yet"});
    auto g = card_condition(c, cond);
    if (!g) return fail({c.range, "the condition '" + std::string(ctx_.sources.text(cond)) + "' is not compiled yet"});
    amount = binary(Op::Mul, std::move(amount), binary(Op::Ne, std::move(*g), konst(0)));
  }
  Body f;
  f.stmts.push_back(ret(std::move(amount)));
  int fn = add_function("province", FnKind::Filter, std::move(f), c.range);
  out.stmts.push_back(checked(call("cardrt_def_province_bonus", {param(0), local(def), fn_ref(fn)}), reg));
  return true;
}

}  // namespace cardc::binding
