// The binder (card_binder.h): cards moving between zones. "Look at the top 3 cards of your deck", "Search your deck
// for a Strike at the Center", "Choose a beast you rule": the cards looked at, found or chosen fill a choice slot
// (not targets: 001 Target), and later pronouns ("them", "one of them", "it") read that slot.
#include "bind/card_binder.h"

#include <algorithm>
#include <span>

#include "bind/runtime_profile.h"
#include "sema/clause_reader.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

std::optional<int64_t> CardBinder::choice_slot(const Clause& c) {
  size_t k = unit_->targets.size() + chosen_;
  if (k >= 8) {
    fail({c.range, "it needs more than 8 targets and choices at once"});
    return std::nullopt;
  }
  ++chosen_;
  return static_cast<int64_t>(k);
}

std::optional<int64_t> CardBinder::choose_into_slot(const Clause& c, int filter, int min, int max, uint32_t flags, Body& b,
                                                    bool required) {
  auto k = choice_slot(c);
  if (!k) return std::nullopt;
  Node choose = call("cardrt_choose_cards", {G(), C(), konst(*k), fn_ref(filter), konst(min), konst(max), konst(flags)});
  b.stmts.push_back(required ? fail_if(binary(Op::Ne, std::move(choose), konst(CARDRT_OK))) : eval(std::move(choose)));
  return k;
}

std::optional<int64_t> CardBinder::picked_slot(SourceRange a) const {
  for (const auto& [range, k] : picked_)
    if (range.begin <= a.begin && a.end <= range.end) return k;
  return std::nullopt;
}

const Reference* CardBinder::reference_at(const TextUnit& u, const ast::Term* term) {
  for (const Reference& r : u.references)
    if (r.range.begin == term->range.begin) return &r;
  return nullptr;
}

// The zone a phrase names at terms[i] ("your deck", "the Wilds", "your hand", "the discard pile"); -1 if none.
// Zones belong to a player: the binder's callers use the controller's.
int CardBinder::zone_at(const Clause& c, size_t i, size_t& end) const {
  const auto& t = c.terms;
  while (i < t.size() && (lower_word(*t[i]) == "the" || lower_word(*t[i]) == "your" || lower_word(*t[i]) == "his" ||
                          lower_word(*t[i]) == "its" || lower_word(*t[i]) == "their"))
    ++i;
  if (i >= t.size()) return -1;
  // The profile's own zone names first, longest match ("Home Deck" before "deck").
  int best = -1;
  size_t best_len = 0;
  for (size_t z = 0; z < p_.zones.size(); ++z) {
    std::vector<std::string> words;
    std::string name = lower(p_.zones[z].name);
    for (size_t s = 0, e; s <= name.size(); s = e + 1) {
      e = name.find(' ', s);
      if (e == std::string::npos) e = name.size();
      if (e > s) words.push_back(name.substr(s, e - s));
    }
    if (words.size() <= best_len || i + words.size() > t.size()) continue;
    bool match = true;
    for (size_t k = 0; k < words.size() && match; ++k) match = lower_word(*t[i + k]) == words[k];
    if (match) {
      best = static_cast<int>(z);
      best_len = words.size();
    }
  }
  if (best >= 0) {
    end = i + best_len;
    return best;
  }
  // The roles every game has: deck, hand, discard pile.
  std::string w = lower_word(*t[i]);
  int role = w == "deck" ? CARDRT_ZROLE_DECK : w == "hand" ? CARDRT_ZROLE_HAND : w == "discard" ? CARDRT_ZROLE_DISCARD : -1;
  if (role < 0) return -1;
  end = i + 1;
  if (role == CARDRT_ZROLE_DISCARD && end < t.size() && lower_word(*t[end]) == "pile") ++end;
  return runtime_zone_role_zone(p_, role);
}

// "Reveal it and put it into your hand": the part after "and" is an effect of its own.
bool CardBinder::and_then(const Clause& c, size_t end, Body& b, bool continuous) {
  if (end >= c.terms.size()) return true;
  if (lower_word(*c.terms[end]) != "and" || end + 1 >= c.terms.size())
    return fail({c.range, "the words after '" + std::string(ctx_.sources.text(c.terms[end - 1]->range)) + "' are not compiled yet"});
  size_t len = 0;
  ClauseReader reader(p_);
  int verb = reader.verb_at(std::span(c.terms).subspan(end + 1), len);
  // "His controller loses 1 Honor and discards a card": the subject's second verb
  if (verb < 0 && player_ && !reader.third_person_verb(lower_word(*c.terms[end + 1]), verb)) verb = -1;
  if (verb < 0) return fail({c.range, "the words after 'and' are not an effect cardc knows"});
  return effect_body(tail_clause(c, end + 1, verb), b, continuous);
}

// "Look at the top 3 cards of your deck" (of the Wilds): the controller sees them; they fill a slot.
bool CardBinder::look_at(const Clause& c, size_t v, Body& b) {
  const auto& t = c.terms;
  size_t i = v;
  while (i < t.size() && lower_word(*t[i]) != "top") ++i;
  auto n = i + 1 < t.size() ? amount_at(c, i + 1) : std::nullopt;
  if (i + 1 < t.size() && !n && lower_word(*t[i + 1]) == "card") n = konst(1);  // "the top card of"
  size_t of = i;
  while (of < t.size() && lower_word(*t[of]) != "of") ++of;
  size_t end = of + 1;
  int zone = of < t.size() ? zone_at(c, of + 1, end) : -1;
  if (i >= t.size() || !n || zone < 0) return fail({c.range, "only looking at the top cards of a zone is compiled yet"});
  auto k = choice_slot(c);
  if (!k) return false;
  b.stmts.push_back(eval(call("cardrt_look_at_top", {G(), C(), konst(*k), controller(), konst(zone), std::move(*n)})));
  picked_.push_back({c.range, *k});
  return and_then(c, end, b, false);
}

// "Search your deck for a Strike at the Center" (003 Card title: the whole title), "... for a Spell card".
bool CardBinder::search(const Clause& c, size_t v, Body& b) {
  const auto& t = c.terms;
  size_t end = v;
  int zone = zone_at(c, v, end);
  if (zone < 0 || end >= t.size() || lower_word(*t[end]) != "for") return fail({c.range, "it searches no zone for a card"});
  std::optional<Node> test;
  size_t stop = end + 1;
  while (stop < t.size() && lower_word(*t[stop]) != "and") ++stop;
  const Reference* title = nullptr;
  for (size_t i = end + 1; i < stop && !title; ++i)
    if (const Reference* r = reference_at(t[i]); r && r->kind == RefKind::Title) title = r;
  if (title) {
    std::string name(ctx_.sources.text(title->range));
    for (const char* article : {"a ", "an ", "the "})
      if (lower(name).rfind(article, 0) == 0) name = name.substr(std::string(article).size());
    test = call("cardrt_card_title_is", {G(), param(2), str(name)});
  } else {
    std::string why;
    if (!noun_filter(t, end + 1, stop, param(2), test, why, false)) return fail({c.range, why});
  }
  int fn = filter_function(std::move(*test), c.range);
  auto k = choice_slot(c);
  if (!k) return false;
  // Finding nothing is allowed: no one else can check a hidden zone.
  b.stmts.push_back(eval(call("cardrt_search_zone", {G(), C(), konst(*k), controller(), konst(zone), fn_ref(fn), konst(0), konst(1)})));
  picked_.push_back({c.range, *k});
  return and_then(c, stop, b, false);
}

// "Put them back in any order", "Put one of them into the Market", "put it into your hand".
bool CardBinder::put_picked(const Clause& c, size_t v, Body& b) {
  const auto& t = c.terms;
  std::string why;
  size_t i = v;
  // "one of them": a choice among the cards a slot holds
  std::optional<Node> card;
  size_t end = i;
  if (i + 2 < t.size() && lower_word(*t[i + 1]) == "of") {
    auto n = amount_at(c, i);
    const Reference* r = reference_at(t[i + 2]);
    auto from = r ? picked_slot(r->antecedent) : std::nullopt;
    if (!n || !from) return fail({c.range, "'" + words_text(t, i, i + 3) + "' is not a choice cardc can make yet"});
    auto k = choice_slot(c);
    if (!k) return false;
    if (n->op != Op::Const || n->value != 1) return fail({c.range, "putting more than one of them is not compiled yet"});
    b.stmts.push_back(eval(call("cardrt_choose_from_slot", {G(), C(), konst(*from), konst(*k), konst(1), konst(1)})));
    card = slot(static_cast<int>(*k));
    end = i + 3;
  } else if (const Reference* r = i < t.size() ? reference_at(t[i]) : nullptr; r && lower_word(*t[i]) == "them") {
    // "Put them back in any order": the cards looked at go back on top, in the order the player chooses
    auto from = picked_slot(r->antecedent);
    std::string rest = lower(words_text(t, i + 1, t.size()));
    if (!from || rest.find("back") == std::string::npos || rest.find("any order") == std::string::npos)
      return fail({c.range, "putting several cards is compiled only as 'Put them back in any order'"});
    b.stmts.push_back(eval(call("cardrt_reorder_top", {G(), C(), konst(*from)})));
    return true;
  } else {
    card = card_at(c, i, end, why);
    if (!card) return fail({c.range, why});
  }
  size_t into = end;
  while (into < t.size() && lower_word(*t[into]) != "into" && lower_word(*t[into]) != "in" && lower_word(*t[into]) != "on")
    ++into;
  size_t zend = into + 1;
  int zone = into < t.size() ? zone_at(c, into + 1, zend) : -1;
  // "on the bottom of your deck"
  bool bottom = false;
  if (zone < 0 && into + 3 < t.size() && lower_word(*t[into + 2]) == "bottom") {
    bottom = true;
    zone = zone_at(c, into + 4, zend);
  } else if (zone < 0 && into + 3 < t.size() && lower_word(*t[into + 2]) == "top") {
    zone = zone_at(c, into + 4, zend);
  }
  if (zone < 0) return fail({c.range, "it names no zone to put the card into"});
  b.stmts.push_back(eval(call("cardrt_move_card", {G(), C(), std::move(*card), konst(zone), konst(bottom ? 1 : 0)})));
  return and_then(c, zend, b, false);
}

// "Choose a beast you rule": a choice, not a target (001 Target); later "it" is the chosen card.
bool CardBinder::choose(const Clause& c, size_t v, Body& b) {
  std::optional<Node> test;
  std::string why;
  // "Choose your performing Personality": already chosen as the action was announced (performers.cpp)
  if (size_t end = v; v + 1 < c.terms.size() && lower_word(*c.terms[v + 1]) == "performing" && performer_at(c.terms, v, end))
    return and_then(c, end, b, false);
  // "Choose a player, who loses 3 Honor", "choose another player who gains or loses 2 Honor": a player the
  // controller chooses (not targeted, 001 Target), then what the relative clause says that player does
  if (auto word = [&](size_t k) { return word_at(c.terms, k); };
      (word(v) == "a" || word(v) == "another") && word(v + 1) == "player") {
    size_t k = v + 2;
    if (k < c.terms.size() && c.terms[k]->kind == ast::TermKind::Comma) ++k;
    int verb = -1;
    if (word(k) != "who" || !ClauseReader(p_).third_person_verb(word(k + 1), verb))
      return fail({c.range, "only 'a player, who <does something>' is compiled yet"});
    auto slot_k = choice_slot(c);
    if (!slot_k) return false;
    Node test = word(v) == "another" ? binary(Op::Ne, param(2), controller()) : konst(1);
    int fn = filter_function(std::move(test), c.range);
    b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_choose_player", {G(), C(), konst(*slot_k), fn_ref(fn), konst(0)}), konst(CARDRT_OK))));
    std::optional<Node> saved = std::move(player_);
    player_ = slot(static_cast<int>(*slot_k));
    bool ok = effect_body(tail_clause(c, k + 1, verb), b, false);
    player_ = std::move(saved);
    return ok;
  }
  if (!noun_filter(c.terms, v, c.terms.size(), param(2), test, why)) return fail({c.range, why});
  auto k = choose_into_slot(c, filter_function(std::move(*test), c.range), 1, 1, 0, b);
  if (!k) return false;
  picked_.push_back({c.range, *k});
  return true;
}

// "Attach it to him, paying all costs", "Equip a target Weapon in your discard pile to Katagi, paying 2 less Gold, to
// a minimum of 1": the card is attached (the runtime checks what it may be attached to) after its cost is paid
// (003 Gold Cost; less when the text says so). Without "paying", it is not compiled (whether costs are paid is
// the text's to say).
bool CardBinder::attach(const Clause& c, size_t v, Body& b) {
  const auto& t = c.terms;
  size_t end = v;
  auto card = targeted_card(c, v, end, b);
  if (!card) return false;
  if (end + 1 >= t.size() || lower_word(*t[end]) != "to") return fail({c.range, "it names no card to attach it to"});
  size_t host_end = end + 1;
  auto host = targeted_card(c, end + 1, host_end, b);
  if (!host) return false;
  // ", paying all costs", ", paying N less Gold", ", to a minimum of M"
  bool paying = false;
  int64_t less = 0, minimum = 0;
  size_t i = host_end;
  auto word = [&](size_t k) { return word_at(t, k); };
  while (i < t.size()) {
    if (t[i]->kind == ast::TermKind::Comma) ++i;
    if (word(i) == "paying" && word(i + 1) == "all" && word(i + 2) == "costs") {
      paying = true;
      i += 3;
    } else if (word(i) == "paying" && i + 2 < t.size() && t[i + 1]->kind == ast::TermKind::Number && word(i + 2) == "less") {
      paying = true;
      less = t[i + 1]->value;
      i += 3;
      size_t len = 0;
      if (i < t.size() && lex_.resource_at(std::span(t).subspan(i), len) >= 0) i += len;
    } else if (word(i) == "to" && word(i + 1) == "a" && word(i + 2) == "minimum" && word(i + 3) == "of" && i + 4 < t.size() &&
               t[i + 4]->kind == ast::TermKind::Number) {
      minimum = t[i + 4]->value;
      i += 5;
    } else {
      return fail({c.range, "the words after '" + words_text(t, v, i) + "' are not compiled yet"});
    }
  }
  // "Create a +2F Weapon Item and attach it to this Personality": a created card is not played, nothing is paid
  const Reference* r = reference_at(t[v]);
  bool created = r && created_range_.valid() && created_range_.begin <= r->antecedent.begin && r->antecedent.end <= created_range_.end;
  if (created && !paying && less == 0 && minimum == 0) {
    b.stmts.push_back(eval(call("cardrt_attach", {G(), C(), std::move(*card), std::move(*host)})));
    return true;
  }
  if (!paying) return fail({c.range, "attaching without saying what is paid is not compiled yet"});
  auto paid = paid_cost();
  if (!paid) return fail({c.range, "the profile has no cost stat a resource pays"});
  const auto [cost_stat, res] = *paid;
  uint32_t who = b.local(), on = b.local();
  b.stmts.push_back(let(who, std::move(*card)));
  b.stmts.push_back(let(on, std::move(*host)));
  Node cost = binary(Op::Max, konst(minimum),
                     binary(Op::Sub, call("cardrt_stat_get", {G(), local(who), konst(static_cast<int64_t>(cost_stat))}), konst(less)));
  b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_pay_resource", {G(), C(), controller(), konst(res), std::move(cost)}), konst(CARDRT_OK))));
  b.stmts.push_back(eval(call("cardrt_attach", {G(), C(), local(who), local(on)})));
  return true;
}

// "Return any number of beasts you rule to your hand" (000 7.2b: any number may be zero).
bool CardBinder::return_any_number(const Clause& c, size_t v, Body& b) {
  const auto& t = c.terms;
  size_t to = v + 3;
  while (to < t.size() && lower_word(*t[to]) != "to") ++to;
  size_t zend = to + 1;
  int zone = to < t.size() ? zone_at(c, to + 1, zend) : -1;
  std::optional<Node> test;
  std::string why;
  if (zone < 0) return fail({c.range, "it names no zone to return the cards to"});
  if (!noun_filter(t, v + 3, to, param(2), test, why)) return fail({c.range, why});
  auto k = choose_into_slot(c, filter_function(std::move(*test), c.range), 0, 8, 0, b, false);
  if (!k) return false;
  Body each;
  each.stmts.push_back(ret(call("cardrt_move_card", {G(), C(), param(2), konst(zone), konst(0)})));
  int af = add_function("each", FnKind::Amount, std::move(each), c.range);
  b.stmts.push_back(eval(call("cardrt_for_each_in_slot", {G(), C(), konst(*k), fn_ref(af)})));
  return true;
}

// "Build a Structure from your hand without paying its cost" (000 7.4b: its X is zero).
bool CardBinder::play_from_hand(const Clause& c, size_t v, Body& b) {
  const auto& t = c.terms;
  size_t from = v;
  while (from < t.size() && lower_word(*t[from]) != "from") ++from;
  size_t zend = from + 1;
  int zone = from < t.size() ? zone_at(c, from + 1, zend) : -1;
  std::string rest = lower(words_text(t, zend, t.size()));
  if (zone != runtime_zone_role_zone(p_, CARDRT_ZROLE_HAND) || rest.rfind("without paying", 0) != 0)
    return fail({c.range, "only playing a card from your hand without paying its cost is compiled yet"});
  std::optional<Node> test;
  std::string why;
  if (!noun_filter(t, v, from, param(2), test, why, false)) return fail({c.range, why});
  int fn = filter_function(std::move(*test), c.range);
  b.stmts.push_back(eval(call("cardrt_play_from_hand", {G(), C(), controller(), fn_ref(fn)})));
  return true;
}

}  // namespace cardc::binding
