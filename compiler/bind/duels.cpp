// The binder (card_binder.h): challenges and duels ("This Personality challenges him", "It duels the target
// beast"), what depends on their outcome ("If this Personality wins the duel"), ranged attacks and going home.
#include "bind/card_binder.h"

#include <algorithm>
#include <span>

#include "bind/lower_meaning.h"
#include "bind/runtime_profile.h"
#include "sema/clause_reader.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

// "<card> challenges <card>" (a challenge may be refused; 003 Traits "may not issue challenges" applies) or
// "<card> duels <card>". The winner is kept for "If ... wins the duel".
bool CardBinder::duel(const Clause& c, size_t v, Body& b) {
  std::string why;
  size_t end = 0;
  auto challenger = card_at(c, 0, end, why);
  if (!challenger) return fail({c.range, why});
  size_t oend = v;
  auto challenged = targeted_card(c, v, oend, b);
  if (!challenged) return false;
  if (duel_local_) return fail({c.range, "a second duel in one ability is not compiled yet"});
  std::string verb = lower(p_.verbs[static_cast<size_t>(c.verb)].name);
  uint32_t flags = verb == "duel" ? 0u : static_cast<uint32_t>(CARDRT_DUEL_CHALLENGE);
  duel_challenger_ = b.local();
  b.stmts.push_back(let(*duel_challenger_, std::move(*challenger)));
  duel_challenged_ = b.local();
  b.stmts.push_back(let(*duel_challenged_, std::move(*challenged)));
  duel_local_ = b.local();
  b.stmts.push_back(let(*duel_local_, call("cardrt_duel", {G(), C(), local(*duel_challenger_), local(*duel_challenged_), konst(flags)})));
  return true;
}

// "If this Personality wins the duel" / "loses the duel": a comparison with the duel's winner.
std::optional<Node> CardBinder::duel_condition(const Clause& c, SourceRange cond) {
  std::vector<const ast::Term*> t;
  for (const auto* term : c.all_terms)
    if (term->range.begin >= cond.begin && term->range.end <= cond.end) t.push_back(term);
  if (!duel_local_ || t.size() < 4 || !word_is(*t[0], "if") || lower_word(*t.back()) != "duel") return std::nullopt;
  size_t verb = 1;
  while (verb < t.size() && !word_is(*t[verb], "wins") && !word_is(*t[verb], "loses")) ++verb;
  if (verb >= t.size()) return std::nullopt;
  // The duelist: "this Personality" or a pronoun
  std::optional<Node> who;
  if (const Reference* r = reference_at(t[1])) {
    std::string why;
    if (r->kind == RefKind::ThisCard) who = self();
    else if (r->kind == RefKind::Pronoun || r->kind == RefKind::TheTarget) who = from_antecedent(r->antecedent, why);
  }
  if (!who) return std::nullopt;
  Node winner = local(*duel_local_);
  if (word_is(*t[verb], "wins")) return binary(Op::Eq, std::move(winner), std::move(*who));
  // losing: there was a winner, and it was the other duelist
  return and_(binary(Op::Ne, winner, konst(0)), binary(Op::Ne, winner, std::move(*who)));
}

// Keyword actions with a strength, as the profile declares them (their reminder text): "Ranged 3 Attack", "Melee 6
// Attack", "Fear 2", "Fear equal to Zaiburo's Force minus 1", "make a Fear effect with strength equal to its Focus
// Value". "This may target a Personality with Followers" (001 This), or "... that may target a Personality with
// Followers", lifts the restriction of its targets' attachments. Any other words are reported (fail closed).
bool CardBinder::strength_attack(const KeywordActionDef& action, const Clause& c, size_t v, Body& b) {
  const auto& t = c.terms;
  const std::string what = "this " + action.name;
  const std::vector<std::string>& name = p_.verbs[static_cast<size_t>(c.verb)].words;
  // the words of the action's name after its strength ("Ranged 3 Attack"), unless the verb printed them
  auto after_strength = [&](size_t& at) {
    if (name.size() > action.strength_at) return;  // "Ranged Attack with strength equal to ..."
    for (size_t w = action.strength_at; w < action.words.size(); ++w)
      if (at < t.size() && word_is(*t[at], action.words[w])) ++at;
  };
  // the strength: a number, or "[with strength] equal to <a card's stat> [minus N | plus N]"
  if (v + 1 < t.size() && word_is(*t[v], "with") && word_is(*t[v + 1], "strength")) v += 2;
  std::optional<Node> n = amount_at(c, v);
  size_t read = v + 1;
  std::string why;
  if (!n && v + 1 < t.size() && word_is(*t[v], "equal") && word_is(*t[v + 1], "to"))
    n = stat_of_card(c, v + 2, read, why);  // with its "minus N" / "plus N"
  if (!n) return fail({c.range, "the strength of " + what + " is not compiled yet"});
  size_t vlen = 0;
  after_strength(read);
  // "Fear 2, or Fear 3 if this Follower is attached to an Earth Shugenja"
  if (read + 3 < t.size() && t[read]->kind == ast::TermKind::Comma && word_is(*t[read + 1], "or") &&
      t[read + 2]->kind == ast::TermKind::Word && ClauseReader(p_).verb_at(std::span(t).subspan(read + 2), vlen) == c.verb) {
    size_t at = read + 2 + vlen;
    auto second = amount_at(c, at);
    size_t after = at + 1;
    after_strength(after);
    attack_target_ = param(2);  // the strength is computed in the target filter, for each candidate
    auto either = second ? or_amount_if(c, after, *n, std::move(*second)) : std::nullopt;
    attack_target_.reset();
    if (!either) return fail({c.range, "the words after '" + words_text(t, v, read) + "' are not compiled yet"});
    n = std::move(either);
    read = t.size();
  }
  // The strength plus `value` while the condition holds; "if the target is dishonorable" is asked of each candidate,
  // in the target filter.
  auto add_if = [&](SourceRange cond, int64_t value) {
    attack_target_ = param(2);
    auto g = card_condition(c, cond);
    attack_target_.reset();
    if (!g) return fail({c.range, "the condition '" + std::string(ctx_.sources.text(cond)) + "' is not compiled yet"});
    n = binary(Op::Add, std::move(*n), binary(Op::Mul, konst(value), binary(Op::Ne, std::move(*g), konst(0))));
    return true;
  };
  // "Ranged 4 Attack with +2 strength if it targets a Follower", "Melee 4 Attack, with +2 strength if you control a
  // Shugenja": the bonus when the condition (to the end of the clause) holds; several joined by ", and with +1 strength
  // if ...", each with its own condition
  for (size_t w = read < t.size() && t[read]->kind == ast::TermKind::Comma ? read + 1 : read;;) {
    if (w + 3 < t.size() && word_is(*t[w], "with") && t[w + 1]->kind == ast::TermKind::Modifier && t[w + 1]->stat().empty() &&
        !t[w + 1]->uses_x && word_is(*t[w + 2], "strength") && word_is(*t[w + 3], "if")) {
      size_t end = w + 4;
      while (end + 2 < t.size() && !(t[end]->kind == ast::TermKind::Comma && word_is(*t[end + 1], "and") && word_is(*t[end + 2], "with")))
        ++end;
      if (end + 2 >= t.size()) end = t.size();
      if (!add_if(terms_range(t, w + 3, end), t[w + 1]->value)) return false;
      read = end;
      if (end < t.size()) {
        w = end + 2;
        continue;
      }
    }
    break;
  }
  // "Melee Attack equal to this Shugenja's Chi, +1 if he is Earth, +1 if the target is Shadowlands": each amount while
  // its condition (to the next ", +N if" or the end) holds
  while (read + 3 < t.size() && t[read]->kind == ast::TermKind::Comma && t[read + 1]->kind == ast::TermKind::Modifier &&
         t[read + 1]->stat().empty() && !t[read + 1]->uses_x && word_is(*t[read + 2], "if")) {
    size_t end = read + 3;
    while (end < t.size() && !(t[end]->kind == ast::TermKind::Comma && end + 2 < t.size() &&
                               t[end + 1]->kind == ast::TermKind::Modifier && word_is(*t[end + 2], "if")))
      ++end;
    if (!add_if(terms_range(t, read + 2, end), t[read + 1]->value)) return false;
    read = end;
  }
  bool attached_too = false;
  std::optional<Node> excluded, widened;
  if (lower(words_text(t, read, t.size())) == "that may target a personality with followers") {
    attached_too = true;
    read = t.size();
  } else if (size_t w = read < t.size() && t[read]->kind == ast::TermKind::Comma ? read + 1 : read;
             w + 3 < t.size() && (lower(words_text(t, w, w + 3)) == "that may target" || lower(words_text(t, w, w + 3)) == "which may target")) {
    // "Fear 3 that may target a dishonorable Personality with Followers": those too, at the same strength; "Ranged 6
    // Attack, which may target a Personality with attached Followers if you have Reconnaissance": while that holds
    size_t to = w + 3;
    while (to < t.size() && !word_is(*t[to], "if")) ++to;
    if (!noun_filter(t, w + 3, to, param(2), widened, why)) return fail({c.range, why});
    if (to < t.size()) {
      SourceRange cond = terms_range(t, to, t.size());
      auto g = card_condition(c, cond);
      if (!g) return fail({c.range, "the condition '" + std::string(ctx_.sources.text(cond)) + "' is not compiled yet"});
      widened = and_(binary(Op::Ne, std::move(*g), konst(0)), std::move(*widened));
    }
    read = t.size();
  } else if (read + 3 < t.size() && word_is(*t[read], "that") && word_is(*t[read + 1], "cannot") &&
             word_is(*t[read + 2], "target")) {
    // "Fear 4 that cannot target a Cavalry card"
    if (!noun_filter(t, read + 3, t.size(), param(2), excluded, why, false, false)) return fail({c.range, why});
    read = t.size();
  }
  if (!only_duration_left(c, read)) return fail({c.range, "the words after '" + words_text(t, v, read) + "' are not compiled yet"});
  for (const Clause& e : unit_->effects)
    if (lower_text(e.range) == "this may target a personality with followers") attached_too = true;
  int fn = filter_function(keyword_action_target(action, {std::move(*n), attached_too, std::move(widened), std::move(excluded)}), c.range);
  auto k = choice_slot(c);
  if (!k) return false;
  keyword_action_effect(action, fn, *k, b, each_term_ ? nullptr : &attack_card_, &destroyed_local_);
  ranged_ = true;
  return true;
}

int32_t runtime_attack_kind(const KeywordActionDef& a) {
  return a.attack == "ranged" ? CARDRT_ATTACK_RANGED : a.attack == "melee" ? CARDRT_ATTACK_MELEE : -1;
}

Node keyword_action_target(const KeywordActionDef& a, KeywordActionUse use) {
  Node card = param(2);
  Node type = call("cardrt_card_type", {G(), card});
  // one of its types ("Follower, Personality (without Follower)": a Personality with no Follower attached)
  std::optional<Node> kinds;
  for (const KeywordActionDef::Target& k : a.targets) {
    Node is = binary(Op::Eq, type, konst(static_cast<int64_t>(k.card_type)));
    if (k.without >= 0 && !use.attached_too)
      is = and_(std::move(is), binary(Op::Eq, call("cardrt_card_attachments", {G(), card, konst(k.without)}), konst(0)));
    kinds = kinds ? binary(Op::Or, std::move(*kinds), std::move(is)) : std::move(is);
  }
  if (use.widened) kinds = binary(Op::Or, std::move(*kinds), std::move(*use.widened));
  // a strength reaches a card whose stat is at most it; an attack asks the runtime, which adds what the target's
  // cards give attacks against it and honours "Ranged Attacks cannot target ..." (attack_strength.cpp)
  const int32_t attack = runtime_attack_kind(a);
  Node reached = attack < 0 ? binary(Op::Le, call("cardrt_stat_get", {G(), card, konst(static_cast<int64_t>(a.stat))}), std::move(use.strength))
                            : binary(Op::Ne, call("cardrt_attack_reaches", {G(), C(), card, konst(attack), std::move(use.strength)}), konst(0));
  Node test = and_(call("cardrt_card_in_play", {G(), card}),
                   and_(binary(Op::Ne, call("cardrt_card_controller", {G(), card}), controller()),
                        and_(std::move(reached), std::move(*kinds))));
  if (use.excluded) test = and_(std::move(test), not_(std::move(*use.excluded)));
  if (attack >= 0)  // an attack reaches only the current battlefield
    test = and_(std::move(test), binary(Op::Eq, call("cardrt_card_battlefield", {G(), card}), call("cardrt_current_battlefield", {G()})));
  return test;
}

void keyword_action_effect(const KeywordActionDef& a, int filter, int64_t slot, Body& b,
                           std::optional<uint32_t>* attack_card, std::optional<uint32_t>* destroyed) {
  auto target = [&] { return call("cardrt_slot_get", {G(), C(), konst(slot), konst(0)}); };
  b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_target_cards", {G(), C(), konst(slot), fn_ref(filter), konst(1), konst(1), konst(0)}),
                                   konst(CARDRT_OK))));
  const bool destroys = a.primitive == "destroy";
  if (runtime_attack_kind(a) >= 0 && destroys && attack_card) {
    // the card it was aimed at, kept as it leaves play (a slot forgets a card that changed zones): "If the Ranged
    // Attack destroyed a Follower" (conditions.cpp)
    *attack_card = b.local();
    b.stmts.push_back(let(**attack_card, target()));
    // whether it destroyed the card: "After this destroys a card, gain 1 Honor" (moments.cpp)
    *destroyed = b.local();
    b.stmts.push_back(let(**destroyed, binary(Op::Eq, call("cardrt_destroy", {G(), C(), local(**attack_card)}), konst(CARDRT_OK))));
    return;
  }
  const char* verb = destroys ? "cardrt_destroy" : a.primitive == "bow" ? "cardrt_bow" : "cardrt_straighten";
  b.stmts.push_back(eval(call(verb, {G(), C(), target()})));
}

// What cards say about attacks aimed at them (003 Traits: continuous traits and restrictions): "Ranged Attacks
// targeting this Personality have -2 strength", "Ranged and Melee Attacks targeting Meiko have -3 strength",
// "Ranged Attacks cannot target cards in this unit" (also "may not"). nullopt: the clause is not about attacks.
std::optional<bool> CardBinder::attack_rule(const Clause& c, Body& b, bool continuous) {
  const auto& t = c.terms;
  std::vector<int32_t> kinds;
  size_t i = 0;
  const ClauseReader reader(p_);
  for (; i < t.size(); ++i) {
    // the words before an attack's strength ("Ranged"), a keyword action of the profile
    size_t len = 0;
    const int v = reader.verb_at(std::span(t).subspan(i), len);
    const int a = v < 0 ? -1 : p_.verbs[static_cast<size_t>(v)].action;
    const int32_t kind = a < 0 ? -1 : runtime_attack_kind(p_.keyword_actions[static_cast<size_t>(a)]);
    if (kind >= 0 && len == p_.keyword_actions[static_cast<size_t>(a)].strength_at) {
      kinds.push_back(kind);
      i += len - 1;
    } else if (!word_is(*t[i], "and") || kinds.empty()) {
      break;
    }
  }
  if (kinds.empty() || i >= t.size() || !word_is(*t[i], "attacks")) return std::nullopt;
  ++i;
  const int32_t dur = duration(c, continuous ? CARDRT_DUR_CONTINUOUS : CARDRT_DUR_END_OF_TURN);
  std::string why;
  if (i < t.size() && word_is(*t[i], "targeting")) {
    size_t end = 0;
    auto card = card_at(c, i + 1, end, why);
    if (!card) return fail({c.range, why});
    if (end + 2 >= t.size() || (!word_is(*t[end], "have") && !word_is(*t[end], "has")) ||
        t[end + 1]->kind != ast::TermKind::Modifier || !t[end + 1]->stat().empty() || t[end + 1]->uses_x ||
        !word_is(*t[end + 2], "strength") || !only_duration_left(c, end + 3))
      return fail({c.range, "only 'have +N strength' is compiled yet for attacks targeting a card"});
    for (int32_t kind : kinds) {
      Node target = *card;  // a read of the card (its bearer, its name): the same for each kind
      b.stmts.push_back(eval(call("cardrt_grant_attack_strength", {G(), C(), std::move(target), konst(kind), konst(t[end + 1]->value), konst(dur)})));
    }
    return true;
  }
  size_t neg = i;
  size_t target_at = neg < t.size() && word_is(*t[neg], "cannot") ? neg + 1
                     : neg + 1 < t.size() && (word_is(*t[neg], "may") || word_is(*t[neg], "can")) && word_is(*t[neg + 1], "not")
                         ? neg + 2
                         : 0;
  if (!target_at || target_at >= t.size() || !word_is(*t[target_at], "target"))
    return fail({c.range, "only 'targeting <card> have +N strength' and 'cannot target <cards>' are compiled yet for attacks"});
  // each card the noun phrase names, re-read while the trait holds
  std::optional<Node> subject;
  if (!noun_filter(t, target_at + 1, t.size(), param(2), subject, why)) return fail({c.range, why});
  int filter = filter_function(std::move(*subject), c.range);
  Body apply;
  for (int32_t kind : kinds) {
    int32_t forbid = kind == CARDRT_ATTACK_RANGED ? CARDRT_FORBID_RANGED_ATTACK_TARGET : CARDRT_FORBID_MELEE_ATTACK_TARGET;
    apply.stmts.push_back(eval(call("cardrt_forbid", {G(), C(), param(2), konst(forbid), konst(0), konst(dur)})));
  }
  for_each_card(b, filter, std::move(apply), c.range);
  return true;
}

// "Nikaru uses his printed Force as his duel stat": the stat duels count for this card (cardrt_def_duel_stat), a
// property of its definition. nullopt: not this statement.
std::optional<bool> CardBinder::duel_stat(const TextUnit& u, uint32_t def, Body& reg, Body& out) {
  const Clause* statement = sole_statement(u, "uses");
  if (!statement) return std::nullopt;
  const Clause& c = *statement;
  const auto& t = c.terms;
  // the card itself: "Nikaru", "This Personality"
  size_t end = 0;
  while (end < t.size() && word_at(t, end) != "uses") ++end;
  const Reference* own = end > 0 ? reference_at(t[end - 1]) : nullptr;
  if (!own || own->kind != RefKind::ThisCard || end > 2) return fail({c.range, "only a card's own duel stat is compiled yet"});
  size_t i = end + 1;
  std::string his = word_at(t, i);
  if (his != "his" && his != "her" && his != "its") return fail({c.range, "the words after 'uses' are not compiled yet"});
  ++i;
  bool printed = word_at(t, i) == "printed";
  if (printed) ++i;
  size_t len = 0;
  int stat = lex_.stat_at(std::span(t).subspan(std::min(i, t.size())), len);
  i += len;
  if (stat < 0 || word_at(t, i) != "as" || word_at(t, i + 1) != his || word_at(t, i + 2) != "duel" || word_at(t, i + 3) != "stat" ||
      i + 4 != t.size() || !c.conditions.empty())
    return fail({c.range, "the words after 'uses' are not compiled yet"});
  out.stmts.push_back(checked(call("cardrt_def_duel_stat", {param(0), local(def), konst(stat), konst(printed ? 1 : 0)}), reg));
  return true;
}

}  // namespace cardc::binding
