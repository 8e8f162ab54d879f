// The binder (card_binder.h): conditions on cards and on what a player controls, read with the noun-phrase words
// ("If he is dishonorable", "If this Shugenja is Earth", "If he is a Kensai", "If the target is Shadowlands and
// attacking", "If you control a Courtier or Shugenja", "Unless you are Spider Clan", "If it is not your turn").
// A condition with a word the noun phrases do not read is not compiled (fail closed), never read in part.
#include "bind/card_binder.h"

#include <algorithm>
#include <span>

#include "bind/runtime_profile.h"
#include "sema/clause_reader.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

namespace {

// The condition's words. A list "Kolat, Ninja, or Shadowlands" reads as "Kolat or Ninja or Shadowlands": each comma
// of it becomes the list's last "or" / "and" (a comma before it is dropped).
std::vector<const ast::Term*> terms_in(const Clause& c, SourceRange cond) {
  std::vector<const ast::Term*> t;
  for (const auto* term : c.all_terms)
    if (term->range.begin >= cond.begin && term->range.end <= cond.end) t.push_back(term);
  for (size_t k = 1; k + 1 < t.size(); ++k) {
    if (t[k]->kind != ast::TermKind::Comma) continue;
    // the list's end: ", or X" / ", and X" after items of at most three words each
    size_t j = k;
    while (j < t.size()) {
      size_t next = j + 1;
      while (next < t.size() && t[next]->kind != ast::TermKind::Comma && next - j <= 4) ++next;
      std::string w = word_at(t, j + 1);
      if (w == "or" || w == "and") break;
      if (next >= t.size() || t[next]->kind != ast::TermKind::Comma) {
        j = t.size();
        break;
      }
      j = next;
    }
    if (j + 1 >= t.size()) continue;
    const ast::Term* join = t[j + 1];
    for (size_t m = k; m <= j; ++m)
      if (t[m]->kind == ast::TermKind::Comma) t[m] = m == j ? nullptr : join;
    t.erase(std::remove(t.begin(), t.end(), nullptr), t.end());
    k = 0;
  }
  return t;
}

}  // namespace

// A description of one card: the noun-phrase words in [from, to), joined by "and" ("Shadowlands and attacking").
std::optional<Node> CardBinder::card_is(const std::vector<const ast::Term*>& t, size_t from, size_t to, Node card) {
  std::optional<Node> all;
  size_t part = from;
  for (size_t i = from; i <= to; ++i) {
    if (i < to && !word_is(*t[i], "and")) continue;
    std::optional<Node> test;
    std::string why;
    if (part >= i || !noun_filter(t, part, i, card, test, why, false, false)) return std::nullopt;
    all = all ? and_(std::move(*all), std::move(*test)) : std::move(*test);
    part = i + 1;
  }
  return all;
}

// "he has a Weapon", "Waiko has a Fire Spell": a card attached to `holder` that the words [from, to) describe.
std::optional<Node> CardBinder::has_attached(const std::vector<const ast::Term*>& t, size_t from, size_t to, const Node& holder) {
  size_t k = from;
  if (k < to && (word_is(*t[k], "a") || word_is(*t[k], "an") || word_is(*t[k], "any"))) ++k;
  auto n = attached_matching(t, k, to, holder);
  if (!n) return std::nullopt;
  return binary(Op::Gt, std::move(*n), konst(0));
}

// "the enemy leader controls an Imperial card or the Imperial Favor", "any other player controls a Personality", from
// t[k] to the end: the other player (the enemy leader is the other side's; two players, as "another player is" reads
// it) controls a card the words describe, or holds the unique resource named. nullopt when the words are not this.
std::optional<Node> CardBinder::other_player_controls(const std::vector<const ast::Term*>& t, size_t k, SourceRange origin) {
  auto word = [&](size_t j) { return word_at(t, j); };
  size_t from = 0;
  if (word(k) == "the" && word(k + 1) == "enemy" && word(k + 2) == "leader" && word(k + 3) == "controls") from = k + 4;
  else if (word(k) == "another" && word(k + 1) == "player" && word(k + 2) == "controls") from = k + 3;
  else if (word(k) == "any" && word(k + 1) == "other" && word(k + 2) == "player" && word(k + 3) == "controls") from = k + 4;
  if (from == 0 || from >= t.size()) return std::nullopt;
  const bool leader = word(k) == "the";
  Node them = call("cardrt_opponent", {G(), controller()});
  auto controls = [&](size_t a, size_t b) -> std::optional<Node> {
    size_t uend = 0;
    int held = unique_resource_at(t, a, uend);  // "the Imperial Favor"
    if (held >= 0 && uend == b) return binary(Op::Gt, call("cardrt_resource_get", {G(), them, konst(held)}), konst(0));
    std::optional<Node> test;
    std::string why;
    if (!noun_filter(t, a, b, param(2), test, why)) return std::nullopt;
    // a card of the enemy leader's; "another player" is any player but you, as "another player's Personality" reads
    // it (the same test as the meaning tree's Side::AnotherPlayers; docs/meaning.md 25)
    Node whose = leader ? binary(Op::Eq, call("cardrt_card_controller", {G(), param(2)}), them)
                        : binary(Op::Ne, call("cardrt_card_controller", {G(), param(2)}), controller());
    int fn = filter_function(and_(std::move(*test), std::move(whose)), origin);
    return binary(Op::Gt, call("cardrt_count_cards", {G(), C(), fn_ref(fn)}), konst(0));
  };
  if (auto all = controls(from, t.size())) return all;
  // "an Imperial card or the Imperial Favor": a card or a unique resource
  for (size_t j = from + 1; j + 1 < t.size(); ++j) {
    if (word(j) != "or") continue;
    auto a = controls(from, j), b = controls(j + 1, t.size());
    if (a && b) return binary(Op::Or, std::move(*a), std::move(*b));
  }
  return std::nullopt;
}

// "Senkiku opposes a dishonorable Personality", "while opposing this Item": `card` and a card the words [from, to)
// name or describe are on opposite sides at the current battlefield (as "opposed" reads it: both in the battle
// there, controlled by different players). nullopt when the words are neither a card nor a noun phrase.
std::optional<Node> CardBinder::opposes(const std::vector<const ast::Term*>& t, size_t from, size_t to, const Node& card, SourceRange origin) {
  if (from >= to) return std::nullopt;
  Node here = at_current_battlefield(card);
  // "this Item", "him": one card
  if (const Reference* r = reference_at(t[from]); r && t[to - 1]->range.end <= r->range.end) {
    std::optional<Node> other;
    std::string why;
    if (r->kind == RefKind::ThisCard) other = self();
    else if (r->kind == RefKind::ThisBearer || r->kind == RefKind::ThisKeyword) other = bearer();
    else if (r->kind == RefKind::Pronoun || r->kind == RefKind::TheTarget) other = from_antecedent(r->antecedent, why);
    if (!other) return std::nullopt;
    Node sides = binary(Op::Ne, call("cardrt_card_controller", {G(), *other}), call("cardrt_card_controller", {G(), card}));
    return and_(std::move(here), and_(at_current_battlefield(std::move(*other)), std::move(sides)));
  }
  // cards of the words on one side of the battle: the attacker's (the player whose turn it is) or the defender's. The
  // filter reads only its candidate (`card` may itself be a filter's candidate, in a continuous trait)
  auto side = [&](Op op) -> std::optional<Node> {
    std::optional<Node> test;
    std::string why;
    if (!noun_filter(t, from, to, param(2), test, why)) return std::nullopt;
    Node c2 = param(2);
    Node there = and_(std::move(*test), and_(at_current_battlefield(c2), binary(op, call("cardrt_card_controller", {G(), c2}),
                                                                                 call("cardrt_active_player", {G()}))));
    return binary(Op::Gt, call("cardrt_count_cards", {G(), C(), fn_ref(filter_function(std::move(there), origin))}), konst(0));
  };
  auto attackers = side(Op::Eq), defenders = side(Op::Ne);
  if (!attackers || !defenders) return std::nullopt;
  Node attacking = binary(Op::Eq, call("cardrt_card_controller", {G(), card}), call("cardrt_active_player", {G()}));
  Node other_side = binary(Op::Or, and_(attacking, std::move(*defenders)), and_(not_(attacking), std::move(*attackers)));
  return and_(std::move(here), std::move(other_side));
}

// What an attack of this ability was aimed at or did, from t[1] to the end: "(with +2 strength) if it targets a
// Follower" (the candidate the attack's target filter is asked about), "If this destroyed an enemy Personality", "If
// the Ranged Attack destroyed a Follower" (the attack before, in this ability: it destroyed its target, and that card,
// now out of play, is one the words describe). nullopt when the words are none of these.
std::optional<Node> CardBinder::attack_condition(const std::vector<const ast::Term*>& t) {
  auto word = [&](size_t k) { return word_at(t, k); };
  std::optional<Node> test;
  std::string why;
  if (attack_target_ && (word(1) == "it" || word(1) == "this") && word(2) == "targets") {
    if (!noun_filter(t, 3, t.size(), *attack_target_, test, why)) return std::nullopt;
    return test;
  }
  size_t k = 0;
  if (word(1) == "this" && word(2) == "destroyed") k = 3;
  else if (size_t len = 0; word(1) == "the" && t.size() > 2) {
    // "the Ranged Attack": a keyword action of the profile that is an attack
    const int v = ClauseReader(p_).verb_at(std::span(t).subspan(2), len);
    const int a = v < 0 ? -1 : p_.verbs[static_cast<size_t>(v)].action;
    if (a >= 0 && !p_.keyword_actions[static_cast<size_t>(a)].attack.empty() && word(2 + len) == "destroyed") k = 3 + len;
  }
  if (k == 0 || !destroyed_local_ || !attack_card_ || k >= t.size()) return std::nullopt;
  if (!noun_filter(t, k, t.size(), local(*attack_card_), test, why, false)) return std::nullopt;
  return and_(local(*destroyed_local_), std::move(*test));
}

// From t[k] to the end: "Force is now zero", "Chi is 2 or less", "base Personal Honor is 3 or higher" (003: the base
// value, before bonuses and penalties) of `card`; nullopt unless the words are this.
std::optional<Node> CardBinder::stat_is(const std::vector<const ast::Term*>& t, size_t k, const Node& card) {
  auto word = [&](size_t j) { return word_at(t, j); };
  bool base = word(k) == "base";
  if (base) ++k;
  size_t len = 0;
  int stat = lex_.stat_at(std::span(t).subspan(std::min(k, t.size())), len);
  k += len;
  if (stat < 0 || (word(k) != "is" && word(k) != "are")) return std::nullopt;
  ++k;
  if (word(k) == "now") ++k;
  Node value = call(base ? "cardrt_stat_base" : "cardrt_stat_get", {G(), card, konst(stat)});
  // "If the discarded card's Focus Value is odd": the value less twice its half (integers, 000 7.1)
  if ((word(k) == "odd" || word(k) == "even") && k + 1 == t.size()) {
    Node rest = binary(Op::Sub, value, binary(Op::Mul, konst(2), binary(Op::Div, value, konst(2))));
    return binary(word(k) == "odd" ? Op::Ne : Op::Eq, std::move(rest), konst(0));
  }
  std::optional<int64_t> n;
  if (k < t.size() && t[k]->kind == ast::TermKind::Number) n = t[k]->value;
  else if (word(k) == "zero") n = 0;
  if (!n) return std::nullopt;
  ++k;
  Op op = Op::Eq;
  if (word(k) == "or" && k + 2 == t.size()) {
    std::string more = word(k + 1);
    if (more == "less" || more == "lower" || more == "fewer") op = Op::Le;
    else if (more == "more" || more == "higher" || more == "greater") op = Op::Ge;
    else return std::nullopt;
    k += 2;
  }
  if (k != t.size()) return std::nullopt;
  return binary(op, std::move(value), konst(*n));
}

// After "has": "0 Force", "2 or more Chi", "lower Force than Aimaro" (the card's current value, 003 steps A-C); nullopt
// unless the words from `k` to the end are one of these.
std::optional<Node> CardBinder::has_stat(const std::vector<const ast::Term*>& t, size_t k, const Node& card) {
  if (k >= t.size()) return std::nullopt;
  size_t len = 0;
  if (t[k]->kind == ast::TermKind::Number) {
    int stat = lex_.stat_at(std::span(t).subspan(k + 1), len);
    if (stat >= 0 && k + 1 + len == t.size())
      return binary(Op::Eq, call("cardrt_stat_get", {G(), card, konst(stat)}), konst(t[k]->value));
  }
  size_t last = 0;
  auto cmp = stat_comparison(t, k, t.size(), card, last);
  if (!cmp || last + 1 != t.size()) return std::nullopt;
  return cmp;
}

// A condition the words of `cond` state: on the controller's resources or cards, on a card, or two of them joined by
// "and" / "or" ("If you have four or fewer cards in your hand and you are a Crab Clan player", "If its Force is now 0
// or this Shugenja is Thunder"); the second part is read as if it began with the same "If".
std::optional<Node> CardBinder::card_condition(const Clause& c, SourceRange cond) { return condition_of(c, terms_in(c, cond), cond, 0); }

std::optional<Node> CardBinder::condition_of(const Clause& c, const std::vector<const ast::Term*>& t, SourceRange cond, int depth) {
  if (auto g = resource_condition_terms(c, t, cond)) return g;
  if (auto g = province_condition(t)) return g;
  if (auto g = card_condition_terms(c, t, cond)) return g;
  if (depth >= 3) return std::nullopt;  // three joins are the most a printed condition has
  for (size_t k = 2; k + 2 < t.size(); ++k) {
    std::string w = lower_word(*t[k]);
    if (w != "and" && w != "or") continue;
    // "If you have fewer Provinces than each other player, or exactly one Province": the comma only separates
    const size_t left_end = t[k - 1]->kind == ast::TermKind::Comma ? k - 1 : k;
    std::vector<const ast::Term*> left(t.begin(), t.begin() + static_cast<long>(left_end));
    auto a = condition_of(c, left, cond, depth + 1);
    if (!a) continue;
    // the second part read after the same "If", or after its subject and verb too, which it leaves out ("If you
    // have fewer Provinces than each other player, or exactly one Province": "you have exactly one Province")
    // never after a negation, which the second part may share ("If he is not bowed or dishonorable")
    const bool negated = std::any_of(left.begin() + 1, left.end(), [](const ast::Term* w) {
      std::string lw = lower_word(*w);
      return lw == "not" || lw == "no" || lw == "none" || lw == "never" || lw == "without" || lw == "nor";
    });
    std::optional<Node> b;
    for (size_t p = 1; !b && p <= (negated ? 1u : 3u) && p + 1 < left_end; ++p) {
      if (t[p - 1]->kind != ast::TermKind::Word) break;
      std::vector<const ast::Term*> right(t.begin(), t.begin() + static_cast<long>(p));
      right.insert(right.end(), t.begin() + static_cast<long>(k + 1), t.end());
      b = condition_of(c, right, cond, depth + 1);
    }
    if (!b) continue;
    // each part after "Unless" is negated already: "Unless A or B" holds when neither does (not A and not B)
    bool unless = word_is(*t[0], "unless");
    return binary((w == "and") != unless ? Op::And : Op::Or, std::move(*a), std::move(*b));
  }
  return std::nullopt;
}

std::optional<Node> CardBinder::card_condition_terms(const Clause& c, const std::vector<const ast::Term*>& t, SourceRange cond) {
  // "While opposed, Kuniken has +1F": a state of the card the clause is about, named after the condition
  if (t.size() == 2 && word_is(*t[0], "while") && !c.terms.empty()) {
    size_t end = 0;
    std::string why;
    auto subject = card_at(c, 0, end, why);
    if (!subject || end >= c.terms.size() || (word_at(c.terms, end) != "has" && word_at(c.terms, end) != "have")) return std::nullopt;
    return card_is(t, 1, 2, std::move(*subject));
  }
  if (t.size() < 3) return std::nullopt;
  std::string lead = lower_word(*t[0]);
  bool negate = lead == "unless";
  if (lead != "if" && lead != "while" && lead != "unless") return std::nullopt;
  auto result = [&](Node n) { return negate ? not_(std::move(n)) : std::move(n); };
  auto word = [&](size_t k) { return word_at(t, k); };
  if (auto g = attack_condition(t)) return result(std::move(*g));
  // "If it is your turn", "If it is not your turn", "If it is another player's turn"
  if (word(1) == "it" && word(2) == "is" && word(t.size() - 1) == "turn") {
    size_t k = 3;
    if (word(k) == "not") {
      negate = !negate;
      ++k;
    }
    Node mine = binary(Op::Eq, call("cardrt_active_player", {G()}), controller());
    if (word(k) == "your" && k + 2 == t.size()) return result(std::move(mine));
    // "If it is not your first turn", "If it is not your first or second turn": your turn, counted for you (001
    // Turn); "not" negates the count, not whose turn it is
    if (word(k) == "your" && k + 3 <= t.size()) {
      static const char* const ordinals[] = {"first", "second", "third", "fourth"};
      int64_t upto = 0;
      for (size_t i = k + 1; i + 1 < t.size(); ++i) {
        std::string w = word(i);
        if (w == "or" && upto > 0) continue;
        auto at = std::find(std::begin(ordinals), std::end(ordinals), w);
        if (at == std::end(ordinals) || at - std::begin(ordinals) != upto) return std::nullopt;  // first, or second, ...
        ++upto;
      }
      if (upto == 0) return std::nullopt;
      Node early = binary(Op::Le, call("cardrt_player_turns", {G(), controller()}), konst(upto));
      return result(and_(std::move(mine), std::move(early)));
    }
    if (word(k) == "another" && (word(k + 1) == "player's" || word(k + 1) == "player’s") && k + 3 == t.size())
      return result(not_(std::move(mine)));
    return std::nullopt;
  }
  // "If he moved": after "Move him home" or "Move him to the current battlefield" in this effect
  if (t.size() == 3 && is_pronoun(word(1)) && word(2) == "moved" && moved_local_) return result(local(*moved_local_));
  // "If you are the Attacker" (the player whose turn it is, 003 Stats example) / "the Defender"
  if (word(1) == "you" && word(2) == "are" && word(3) == "the" && t.size() == 5 && (word(4) == "attacker" || word(4) == "defender")) {
    Node mine = binary(Op::Eq, call("cardrt_active_player", {G()}), controller());
    return result(word(4) == "attacker" ? std::move(mine) : not_(std::move(mine)));
  }
  // "If another player has higher Family Honor than you"
  if (word(1) == "another" && word(2) == "player" && word(3) == "has" && (word(4) == "higher" || word(4) == "lower" || word(4) == "more" || word(4) == "fewer") &&
      word(t.size() - 2) == "than" && word(t.size() - 1) == "you") {
    size_t len = 0;
    int res = lex_.resource_at(std::span(t).subspan(5), len);
    if (res < 0 || 5 + len + 2 != t.size()) return std::nullopt;
    Node theirs = call("cardrt_resource_get", {G(), call("cardrt_opponent", {G(), controller()}), konst(res)});
    Node mine = call("cardrt_resource_get", {G(), controller(), konst(res)});
    bool higher = word(4) == "higher" || word(4) == "more";
    return result(binary(higher ? Op::Gt : Op::Lt, std::move(theirs), std::move(mine)));
  }
  if (auto o = other_player_controls(t, 1, cond)) return result(std::move(*o));
  // "if your current army is opposed": your Personalities in the battle at the current battlefield (an army is its
  // side's units there; a unit is a Personality and his attachments), and enemy Personalities there too
  if (word(1) == "your" && (word(2) == "army" || (word(2) == "current" && word(3) == "army"))) {
    size_t k = word(2) == "army" ? 3 : 4;
    if (word(k) != "is") return std::nullopt;
    ++k;
    if (word(k) == "not") {
      negate = !negate;
      ++k;
    }
    int personality = lex_.card_type("Personality");
    if (word(k) != "opposed" || k + 1 != t.size() || personality < 0) return std::nullopt;
    auto side = [&](Op op) {
      Node c2 = param(2);
      Node there = and_(and_(call("cardrt_card_in_play", {G(), c2}), binary(Op::Eq, call("cardrt_card_type", {G(), c2}), konst(personality))),
                        and_(binary(Op::Eq, call("cardrt_card_battlefield", {G(), c2}), call("cardrt_current_battlefield", {G()})),
                             binary(op, call("cardrt_card_controller", {G(), c2}), controller())));
      return binary(Op::Gt, call("cardrt_count_cards", {G(), C(), fn_ref(filter_function(std::move(there), cond))}), konst(0));
    };
    Node battle = binary(Op::Gt, call("cardrt_current_battlefield", {G()}), konst(0));
    return result(and_(std::move(battle), and_(side(Op::Eq), side(Op::Ne))));
  }
  // "If you control a Courtier or Shugenja", "While you control one or more Rings"
  if (word(1) == "you" && (word(2) == "control" || word(2) == "have")) {
    // "If you have Reconnaissance", "unless you have Reconnaissance": any of a resource the player holds
    // "If you control the Imperial Favor"
    size_t len = 0, uend = 0;
    int held = word(2) == "have" ? lex_.resource_at(std::span(t).subspan(3), len) : -1;
    if (held < 0 || 3 + len != t.size()) {
      held = unique_resource_at(t, 3, uend);
      if (uend != t.size()) held = -1;
    }
    if (held >= 0) return result(binary(Op::Gt, call("cardrt_resource_get", {G(), controller(), konst(held)}), konst(0)));
    size_t from = 3;
    if (word(from) == "one" && word(from + 1) == "or" && word(from + 2) == "more") from += 3;
    std::optional<Node> test;
    std::string why;
    if (!noun_filter(t, from, t.size(), param(2), test, why)) return std::nullopt;
    int fn = filter_function(and_(std::move(*test), binary(Op::Eq, call("cardrt_card_controller", {G(), param(2)}), controller())), cond);
    return result(binary(Op::Gt, call("cardrt_count_cards", {G(), C(), fn_ref(fn)}), konst(0)));
  }
  // "Unless you are Spider Clan", "If you are a Dragon Clan player", "if another player is Phoenix Clan", "if you
  // are a Lion Clan or Scorpion Clan player": a player is of the clan his Stronghold is (its clan keyword; the profile
  // declares it: `card type Stronghold [player keywords = Clan]`)
  {
    size_t k = 1;
    std::optional<Node> player;
    if (word(1) == "you" && word(2) == "are") {
      player = controller();
      k = 3;
    } else if (word(1) == "the" && (word(2) == "attacker" || word(2) == "defender") && word(3) == "is") {
      // "if the Defender is Spider Clan": the Attacker is the player whose turn it is (003 Stats example)
      Node active = call("cardrt_active_player", {G()});
      player = word(2) == "attacker" ? active : call("cardrt_opponent", {G(), active});
      k = 4;
    } else if ((word(1) == "another" || word(1) == "any") && (word(2) == "player" || (word(2) == "other" && word(3) == "player"))) {
      k = word(2) == "other" ? 4 : 3;
      if (word(k) == "is") {
        player = call("cardrt_opponent", {G(), controller()});
        ++k;
      }
    }
    const int stronghold = p_.player_keywords_type();
    if (player && stronghold >= 0) {
      if (word(k) == "a" || word(k) == "an") ++k;
      // one clan, or several joined by "or" ("a Lion Clan or Scorpion Clan player")
      std::optional<Node> clans;
      size_t after = k;
      while (after < t.size()) {
        size_t len = 0;
        int kw = lex_.keyword_at(std::span(t).subspan(after), len);
        if (kw < 0 || p_.keywords[static_cast<size_t>(kw)].family != p_.card_types[static_cast<size_t>(stronghold)].player_keywords) {
          clans.reset();
          break;
        }
        Node has = call("cardrt_card_has_keyword", {G(), param(2), konst(kw)});
        clans = clans ? binary(Op::Or, std::move(*clans), std::move(has)) : std::move(has);
        after += len;
        if (word(after) != "or") break;
        ++after;
      }
      if (clans && (after == t.size() || (after + 1 == t.size() && word(after) == "player"))) {
        Node c2 = param(2);
        Node test = and_(and_(call("cardrt_card_in_play", {G(), c2}), binary(Op::Eq, call("cardrt_card_type", {G(), c2}), konst(stronghold))),
                         and_(binary(Op::Eq, call("cardrt_card_controller", {G(), c2}), std::move(*player)), std::move(*clans)));
        int fn = filter_function(std::move(test), cond);
        return result(binary(Op::Gt, call("cardrt_count_cards", {G(), C(), fn_ref(fn)}), konst(0)));
      }
    }
  }
  // "If any enemy units are at the current battlefield": some card in play fits the words around the copula, read
  // as one noun phrase ("enemy units at the current battlefield")
  if (word(1) == "any") {
    size_t copula = 2;
    while (copula < t.size() && word(copula) != "are" && word(copula) != "is") ++copula;
    if (copula > 2 && copula + 1 < t.size()) {
      std::vector<const ast::Term*> phrase(t.begin() + 2, t.begin() + static_cast<long>(copula));
      phrase.insert(phrase.end(), t.begin() + static_cast<long>(copula + 1), t.end());
      std::optional<Node> test;
      std::string why;
      if (!noun_filter(phrase, 0, phrase.size(), param(2), test, why)) return std::nullopt;
      int fn = filter_function(std::move(*test), cond);  // in play: the noun phrase's test says so
      return result(binary(Op::Gt, call("cardrt_count_cards", {G(), C(), fn_ref(fn)}), konst(0)));
    }
  }
  // "while your Stronghold's Gold Production is 4 or greater": the player's Stronghold (a player has one)
  if (int stronghold = lex_.card_type("Stronghold"); stronghold >= 0 && word(1) == "your" && t.size() > 3 &&
                                                     lex_.card_type(possessive_stem(t[2]->text)) == stronghold && possessive_stem(t[2]->text) != t[2]->text) {
    Node c2 = param(2);
    auto is = stat_is(t, 3, c2);
    if (!is) return std::nullopt;
    Node yours = and_(and_(call("cardrt_card_in_play", {G(), c2}), binary(Op::Eq, call("cardrt_card_type", {G(), c2}), konst(stronghold))),
                      binary(Op::Eq, call("cardrt_card_controller", {G(), c2}), controller()));
    int fn = filter_function(and_(std::move(yours), std::move(*is)), cond);
    return result(binary(Op::Gt, call("cardrt_count_cards", {G(), C(), fn_ref(fn)}), konst(0)));
  }
  // "if another of your Dojos entered play this turn", "if a Follower entered play this turn": a card in play the words
  // describe entered play this turn (the runtime's record per turn, card_history.cpp)
  if (t.size() > 5 && lower(words_text(t, t.size() - 4, t.size())) == "entered play this turn") {
    size_t to = t.size() - 4, from = 1;
    bool another = word(1) == "another" && word(2) == "of";
    if (another || (word(1) == "one" && word(2) == "of")) from = 3;
    std::optional<Node> test;
    std::string why;
    Node c2 = param(2);
    if (from < to && noun_filter(t, from, to, c2, test, why)) {
      Node entered = and_(std::move(*test), call("cardrt_card_history", {G(), c2, konst(CARDRT_HISTORY_ENTERED_PLAY_THIS_TURN)}));
      if (another) entered = and_(std::move(entered), binary(Op::Ne, c2, self()));
      int fn = filter_function(std::move(entered), cond);
      return result(binary(Op::Gt, call("cardrt_count_cards", {G(), C(), fn_ref(fn)}), konst(0)));
    }
  }
  // "if her army has fewer units than the enemy army": the Personalities of each side at her battlefield (none at home)
  if ((word(1) == "her" || word(1) == "his") && word(2) == "army" && word(3) == "has" && (word(4) == "fewer" || word(4) == "more") &&
      word(5) == "units" && word(6) == "than" && word(7) == "the" && (word(8) == "enemy" || word(8) == "opposing") && word(9) == "army" &&
      t.size() == 10) {
    const Reference* r = reference_at(t[1]);
    int personality = lex_.card_type("Personality");
    std::string why;
    auto her = r && r->kind == RefKind::Pronoun ? from_antecedent(r->antecedent, why) : std::nullopt;
    if (!her || personality < 0) return std::nullopt;
    Node where = call("cardrt_card_battlefield", {G(), *her});
    auto side = [&](Op op) {
      Node c2 = param(2);
      Node unit = and_(and_(call("cardrt_card_in_play", {G(), c2}), binary(Op::Eq, call("cardrt_card_type", {G(), c2}), konst(personality))),
                       and_(binary(op, call("cardrt_card_controller", {G(), c2}), call("cardrt_card_controller", {G(), *her})),
                            binary(Op::Eq, call("cardrt_card_battlefield", {G(), c2}), where)));
      return call("cardrt_count_cards", {G(), C(), fn_ref(filter_function(std::move(unit), cond))});
    };
    return result(and_(binary(Op::Gt, where, konst(0)), binary(word(4) == "fewer" ? Op::Lt : Op::Gt, side(Op::Eq), side(Op::Ne))));
  }
  // "while there are two or more units in his army": the Personalities of his side at his battlefield (a unit is a
  // Personality and his attachments; an army is a side's units at a battlefield, so none while he is at home)
  const int64_t how_many = t.size() > 3 ? (t[3]->kind == ast::TermKind::Number ? t[3]->value : Lexicon::number_word(word(3))) : -1;
  if (word(1) == "there" && (word(2) == "are" || word(2) == "is") && t.size() >= 8 && how_many >= 0 && word(t.size() - 3) == "in" &&
      word(t.size() - 1) == "army") {
    size_t k = 4;
    Op op = Op::Eq;
    if (word(k) == "or" && (word(k + 1) == "more" || word(k + 1) == "fewer")) {
      op = word(k + 1) == "more" ? Op::Ge : Op::Le;
      k += 2;
    }
    const Reference* r = reference_at(t[t.size() - 2]);
    int personality = lex_.card_type("Personality");
    if ((word(k) != "units" && word(k) != "unit") || k + 4 != t.size() || !r || r->kind != RefKind::Pronoun || personality < 0)
      return std::nullopt;
    std::string why;
    auto his = from_antecedent(r->antecedent, why);
    if (!his) return std::nullopt;
    Node c2 = param(2);
    Node where = call("cardrt_card_battlefield", {G(), *his});
    Node unit = and_(and_(call("cardrt_card_in_play", {G(), c2}), binary(Op::Eq, call("cardrt_card_type", {G(), c2}), konst(personality))),
                     and_(binary(Op::Eq, call("cardrt_card_controller", {G(), c2}), call("cardrt_card_controller", {G(), *his})),
                          binary(Op::Eq, call("cardrt_card_battlefield", {G(), c2}), where)));
    Node count = call("cardrt_count_cards", {G(), C(), fn_ref(filter_function(std::move(unit), cond))});
    return result(and_(binary(Op::Gt, where, konst(0)), binary(op, std::move(count), konst(how_many))));
  }
  // "<card> is [not] [a|an] <description>"
  Clause cc = c;
  cc.terms = t;
  size_t end = 1;
  std::string why;
  auto card = card_at(cc, 1, end, why);
  if (!card || end >= t.size()) return std::nullopt;
  // "Straighten Rikiya if he won a duel this turn", "If Ajasu has moved this battle": what the card did while in play,
  // as the runtime records it (a record per turn and per battle, lapsing when the next begins)
  {
    std::string did = lower(words_text(t, end, t.size()));
    int which = did == "won a duel this turn"      ? CARDRT_HISTORY_WON_DUEL_THIS_TURN
                : did == "has moved this battle"   ? CARDRT_HISTORY_MOVED_THIS_BATTLE
                                                   : -1;
    if (which >= 0) return result(call("cardrt_card_history", {G(), *card, konst(which)}));
    // "if Ibara has challenged a Personality this turn": a card of that type, accepted or refused
    size_t k = end + (word(end) == "has" ? 1 : 0);
    if (word(k) == "challenged" && (word(k + 1) == "a" || word(k + 1) == "an") && k + 5 == t.size() && word(k + 3) == "this" &&
        word(k + 4) == "turn") {
      int type = lex_.card_type(t[k + 2]->text);
      if (type < 0) return std::nullopt;
      return result(call("cardrt_card_challenged", {G(), *card, konst(type)}));
    }
  }
  // "If Senkiku opposes a dishonorable Personality"
  if (word(end) == "opposes") {
    auto o = opposes(t, end + 1, t.size(), *card, cond);
    if (!o) return std::nullopt;
    return result(std::move(*o));
  }
  // "If his Force is now zero", "if its Force is now 0", "If Toshimo's Chi is 2 or less"
  if (auto is = stat_is(t, end, *card)) return result(std::move(*is));
  // "If he would be opposed", "If Lao-she would be opposed": were he at the current battlefield, enemy Personalities
  // would be there (an opposed unit has enemy units in the battle at its battlefield)
  if (word(end) == "would" && word(end + 1) == "be" && word(end + 2) == "opposed" && end + 3 == t.size()) {
    int personality = lex_.card_type("Personality");
    if (personality < 0) return std::nullopt;
    Node c2 = param(2);
    Node enemy = and_(and_(call("cardrt_card_in_play", {G(), c2}), binary(Op::Eq, call("cardrt_card_type", {G(), c2}), konst(personality))),
                      and_(binary(Op::Ne, call("cardrt_card_controller", {G(), c2}), call("cardrt_card_controller", {G(), *card})),
                           at_current_battlefield(c2)));
    int fn = filter_function(std::move(enemy), cond);
    return result(binary(Op::Gt, call("cardrt_count_cards", {G(), C(), fn_ref(fn)}), konst(0)));
  }
  // "if he now has 0 Force", "if he is now bowed": "now" is the moment the condition is judged, after the effect
  // before it, which is when any condition after an effect is judged
  if (word(end) == "now" && (word(end + 1) == "has" || word(end + 1) == "have")) ++end;
  // "If Toshimo has a Weapon", "If Waiko has a Fire Spell"
  // "If this Personality does not have a Madness token"
  if (word(end) == "does" && word(end + 1) == "not" && word(end + 2) == "have") {
    negate = !negate;
    end += 2;
  }
  if (word(end) == "has" || word(end) == "have") {
    if (auto stat = has_stat(t, end + 1, *card)) return result(std::move(*stat));
    // "if it has no attachments", "if he has no Followers"
    if (word(end + 1) == "no" && end + 2 < t.size()) {
      std::optional<Node> any;
      if (end + 3 == t.size() && (word(end + 2) == "attachments" || word(end + 2) == "attachment"))
        any = binary(Op::Gt, call("cardrt_card_attachments", {G(), *card, konst(-1)}), konst(0));
      else
        any = has_attached(t, end + 2, t.size(), *card);
      if (!any) return std::nullopt;
      return result(not_(std::move(*any)));
    }
    // "If your Monk has any Fire tokens" (001 Token)
    if (size_t tend = 0; auto token = has_token(t, end + 1, t.size(), *card, tend)) {
      if (tend == t.size()) return result(std::move(*token));
      return std::nullopt;
    }
    // "If Juriken has a Gaijin or Peasant Weapon attached": "attached" says what "has" means already
    size_t to = word(t.size() - 1) == "attached" ? t.size() - 1 : t.size();
    auto has = has_attached(t, end + 1, to, *card);
    if (!has) return std::nullopt;
    return result(std::move(*has));
  }
  if (word(end) != "is" && word(end) != "are") return std::nullopt;
  ++end;
  if (word(end) == "not") {
    negate = !negate;
    ++end;
  }
  if (word(end) == "now") ++end;  // "if he is now bowed"
  // "If he is now there" (after "Move this Personality there"), "if he is at the current battlefield"
  {
    size_t k = end;
    bool there = word(k) == "there" && k + 1 == t.size() && current_battlefield_named_before(cond.begin);
    bool current = lower(words_text(t, k, t.size())) == "at the current battlefield";
    if (there || current) return result(at_current_battlefield(std::move(*card)));
  }
  // "If it is opposing a bowed Follower": as "while opposing" (before, card_is read "opposing" as the side of the card
  // itself: "it is an opposing bowed Follower"; docs/meaning.md 25)
  if (word(end) == "opposing") {
    auto o = opposes(t, end + 1, t.size(), *card, cond);
    if (!o) return std::nullopt;
    return result(std::move(*o));
  }
  // "if this Follower is attached to an Earth Shugenja"
  if (word(end) == "attached" && word(end + 1) == "to") {
    std::optional<Node> host;
    if (!noun_filter(t, end + 2, t.size(), call("cardrt_card_attached_to", {G(), std::move(*card)}), host, why, true)) return std::nullopt;
    return result(std::move(*host));
  }
  auto is = card_is(t, end, t.size(), std::move(*card));
  if (!is) return std::nullopt;
  return result(std::move(*is));
}

// "... has +2F while opposed", "while he has a Follower", "while attached to a Ratling", "while she is bowed": a
// condition on the card that has the bonus (`subject`), judged each time the continuous trait applies (003 Traits).
// t[from] is "while"; the condition runs to the end of the clause. nullopt when it is not one of these.
std::optional<Node> CardBinder::while_subject(const std::vector<const ast::Term*>& t, size_t from, size_t subject_end, Node subject) {
  size_t i = from + 1;
  if (i >= t.size()) return std::nullopt;
  auto word = [&](size_t k) { return word_at(t, k); };
  // "Ogaru has +1F while the enemy leader controls an Imperial card": not about the subject
  if (auto o = other_player_controls(t, i, terms_range(t, from, t.size()))) return o;
  // "while you control a Geisha": not about the subject either (the caller reads it as a condition of the player)
  if (word(i) == "you") return std::nullopt;
  // a pronoun for the subject itself ("Nairuko has +2F while she has a Spell")
  if (is_pronoun(word(i))) {
    const Reference* r = reference_at(t[i]);
    if (!r || r->antecedent.begin < t.front()->range.begin || r->antecedent.end > t[subject_end - 1]->range.end) return std::nullopt;
    ++i;
  }
  if (word(i) == "has" || word(i) == "have") {
    if (size_t tend = 0; auto token = has_token(t, i + 1, t.size(), subject, tend))  // "while he has a Poison token"
      return tend == t.size() ? token : std::nullopt;
    // "has a Follower": what is attached to the subject (a card type that attaches)
    size_t k = i + 1;
    if (word(k) == "a" || word(k) == "an") ++k;
    int type = k + 1 == t.size() ? lex_.card_type(t[k]->text) : -1;
    const CardTypeDef* ct = type >= 0 ? &p_.card_types[static_cast<size_t>(type)] : nullptr;
    if (ct && ct->attaches) return binary(Op::Gt, call("cardrt_card_attachments", {G(), std::move(subject), konst(type)}), konst(0));
    // "has a Weapon": an attached card with that keyword
    return has_attached(t, i + 1, t.size(), subject);
  }
  // "Mitsuru has +2F while opposing a dishonorable Personality", "... have -1F while opposing this Item"
  if (word(i) == "opposing") return opposes(t, i + 1, t.size(), subject, terms_range(t, from, t.size()));
  if (word(i) == "attached" && word(i + 1) == "to") {
    std::optional<Node> test;
    std::string why;
    if (!noun_filter(t, i + 2, t.size(), call("cardrt_card_attached_to", {G(), std::move(subject)}), test, why, true)) return std::nullopt;
    return test;
  }
  bool negate = false;
  if (word(i) == "is" || word(i) == "are") {
    ++i;
    if (word(i) == "not") {
      negate = true;
      ++i;
    }
    // "while it is opposing a bowed Follower": as "while opposing" (not the subject's own side; docs/meaning.md 25)
    if (word(i) == "opposing" && !negate) return opposes(t, i + 1, t.size(), subject, terms_range(t, from, t.size()));
  }
  auto is = card_is(t, i, t.size(), std::move(subject));
  if (!is) return std::nullopt;
  return negate ? not_(std::move(*is)) : std::move(*is);
}

}  // namespace cardc::binding
