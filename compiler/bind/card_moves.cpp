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

std::optional<Node> CardBinder::chosen_player(const Clause& c, Node test, Body& b) {
  auto k = choice_slot(c);
  if (!k) return std::nullopt;
  int fn = filter_function(std::move(test), c.range);
  b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_choose_player", {G(), C(), konst(*k), fn_ref(fn), konst(0)}), konst(CARDRT_OK))));
  return slot(static_cast<int>(*k));
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
  while (i < t.size() && (word_is(*t[i], "the") || word_is(*t[i], "your") || word_is(*t[i], "his") ||
                          word_is(*t[i], "its") || word_is(*t[i], "their") ||
                          // "into its owner's hand": a card out of play goes to its owner's zones (cardrt_move_card)
                          (i > 0 && word_is(*t[i], "owner's") && !word_is(*t[i - 1], "the"))))
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
  if (role == CARDRT_ZROLE_DISCARD && end < t.size() && word_is(*t[end], "pile")) ++end;
  return runtime_zone_role_zone(p_, role);
}

// "Reveal it and put it into your hand": the part after "and" is an effect of its own.
bool CardBinder::and_then(const Clause& c, size_t end, Body& b, bool continuous) {
  if (end >= c.terms.size()) return true;
  // "Search your deck for a Ring, show it, and put it in your hand": a series of effects, each up to the next comma
  // before a verb (or before "and")
  if (c.terms[end]->kind == ast::TermKind::Comma) {
    if (size_t stop = series_stop(c, end); stop > end + 1) {
      size_t k = word_at(c.terms, end + 1) == "and" ? end + 2 : end + 1, len = 0;
      int verb = ClauseReader(p_).verb_at(std::span(c.terms).subspan(k), len);
      if (verb < 0 || (k == end + 2 && stop < c.terms.size())) return fail({c.range, "the words after '" + std::string(ctx_.sources.text(c.terms[end - 1]->range)) + "' are not compiled yet"});
      Clause part = tail_clause(c, k, verb);
      part.terms.resize(stop - k);
      part.range = SourceRange::join(part.terms.front()->range, part.terms.back()->range);
      if (!effect_body(part, b, continuous)) return false;
      return and_then(c, stop, b, continuous);
    }
  }
  if (!word_is(*c.terms[end], "and") || end + 1 >= c.terms.size())
    return fail({c.range, "the words after '" + std::string(ctx_.sources.text(c.terms[end - 1]->range)) + "' are not compiled yet"});
  size_t len = 0;
  ClauseReader reader(p_);
  int verb = reader.verb_at(std::span(c.terms).subspan(end + 1), len);
  // "His controller loses 1 Honor and discards a card": the subject's second verb
  if (verb < 0 && player_ && !reader.third_person_verb(lower_word(*c.terms[end + 1]), verb)) verb = -1;
  if (verb < 0) return fail({c.range, "the words after 'and' are not an effect cardc knows"});
  return effect_body(tail_clause(c, end + 1, verb), b, continuous);
}

// The deck a player looks at, at terms[i]: "your Fate deck", "the deck", "one of your decks" and "your Fate or
// Dynasty deck" (the controller chooses which), "any Fate deck" (he chooses whose). nullopt once reported.
std::optional<CardBinder::DeckRead> CardBinder::deck_at(const Clause& c, size_t i, Body& b) {
  const auto& t = c.terms;
  auto word = [&](size_t k) { return word_at(t, k); };
  uint32_t mask = 0;
  size_t end = i;
  if (word(i) == "one" && word(i + 1) == "of" && word(i + 2) == "your" && word(i + 3) == "decks") {
    for (size_t z = 0; z < p_.zones.size() && z < 32; ++z)
      if (lower(p_.zones[z].name).ends_with(" deck") || lower(p_.zones[z].name) == "deck") mask |= 1u << z;
    end = i + 4;
  } else if (word(i) == "your" && word(i + 2) == "or" && word(i + 4) == "deck" && deck_named(word(i + 1)) >= 0 &&
             deck_named(word(i + 3)) >= 0) {
    mask = (1u << deck_named(word(i + 1))) | (1u << deck_named(word(i + 3)));
    end = i + 5;
  }
  if (mask) {
    uint32_t zone = b.local();
    b.stmts.push_back(let(zone, call("cardrt_choose_zone", {G(), C(), konst(mask)})));
    return DeckRead{controller(), local(zone), end};
  }
  // "any Fate deck": whose, the controller chooses (not targeted, 001 Target)
  bool any = word(i) == "any";
  int zone = zone_at(c, any ? i + 1 : i, end);
  if (zone < 0 || (any && word(i + 1) == "the")) {
    fail({c.range, "'" + words_text(t, i, t.size()) + "' names no deck cardc knows"});
    return std::nullopt;
  }
  if (!any) return DeckRead{controller(), konst(zone), end};
  auto whose = chosen_player(c, konst(1), b);
  if (!whose) return std::nullopt;
  return DeckRead{std::move(*whose), konst(zone), end};
}

// Where a part of a series of effects that begins at the comma `comma` ends: at the next comma before a verb or
// "and", or at the end; `comma` + 1 when no verb (or "and" and a verb) follows the comma.
size_t CardBinder::series_stop(const Clause& c, size_t comma) const {
  const auto& t = c.terms;
  ClauseReader reader(p_);
  auto verb_at = [&](size_t k) {
    size_t len = 0;
    if (word_at(t, k) == "and") ++k;
    return k < t.size() && reader.verb_at(std::span(t).subspan(k), len) >= 0;
  };
  if (!verb_at(comma + 1)) return comma + 1;
  size_t stop = comma + 2;
  while (stop < t.size() && !(t[stop]->kind == ast::TermKind::Comma && verb_at(stop + 1))) ++stop;
  return stop;
}

// The profile's zone named "<name> deck" ("fate" names the Fate Deck), -1 if none.
int CardBinder::deck_named(const std::string& name) const {
  for (size_t z = 0; z < p_.zones.size(); ++z)
    if (lower(p_.zones[z].name) == name + " deck") return static_cast<int>(z);
  return -1;
}

// "Look at the top 3 cards of your deck" (of the Wilds), "the top card of one of your decks", "a number of Fate
// cards on top of your deck equal to his Chi": the controller sees them; they fill a slot that later "them", "one
// of them", "one" and "the rest" read.
bool CardBinder::look_at(const Clause& c, size_t v, Body& b) {
  const auto& t = c.terms;
  auto word = [&](size_t k) { return word_at(t, k); };
  auto unread = [&]() { return fail({c.range, "only looking at the top cards of a zone is compiled yet"}); };
  size_t i = v + 1;
  if (word(v) != "at") return unread();
  std::optional<Node> n;
  std::string kind;  // "Fate" in "a number of Fate cards on top of your deck"
  bool number_of = word(i) == "a" && word(i + 1) == "number" && word(i + 2) == "of";
  if (number_of) {
    i += 3;
    if (word(i) != "cards") kind = word(i++);
    if (word(i) != "cards" || word(i + 1) != "on") return unread();
    i += word(i + 2) == "the" ? 3 : 2;
    if (word(i) != "top" || word(i + 1) != "of") return unread();
    i += 2;
  } else {
    if (word(i) != "the" || word(i + 1) != "top") return unread();
    i += 2;
    if (word(i) == "card") {
      n = konst(1);
      ++i;
    } else {
      n = amount_at(c, i);
      if (!n || word(i + 1) != "cards") return unread();
      i += 2;
    }
    if (word(i) != "of") return unread();
    ++i;
  }
  auto deck = deck_at(c, i, b);
  if (!deck) return false;
  size_t end = deck->end;
  Node zone = std::move(deck->zone);
  if (!kind.empty()) {
    // "Fate cards on top of your deck": the deck of those cards
    int z = deck_named(kind);
    if (z < 0 || zone.op != Op::Const || zone.value != z)
      return fail({c.range, "'" + kind + " cards' are not cards of '" + words_text(t, i, end) + "'"});
    zone = konst(z);
  }
  if (number_of) {
    std::string why;
    if (word(end) != "equal" || word(end + 1) != "to") return unread();
    n = amount_at(c, end + 2);
    if (n) end += 3;
    else n = stat_of_card(c, end + 2, end, why);
    if (!n) return fail({c.range, why.empty() ? "its number is not compiled yet" : why});
  }
  auto k = choice_slot(c);
  if (!k) return false;
  b.stmts.push_back(eval(call("cardrt_look_at_top", {G(), C(), konst(*k), std::move(deck->player), std::move(zone), std::move(*n)})));
  picked_.push_back({c.range, *k});
  looked_ = Looked{*k, 0};
  return and_then(c, end, b, false);
}

// "Search your deck for a Strike at the Center" (003 Card title: the whole title), "... for a Spell card".
bool CardBinder::search(const Clause& c, size_t v, Body& b) {
  const auto& t = c.terms;
  size_t end = v;
  int zone = zone_at(c, v, end);
  // "Search your discard pile, then deck, for a Ring": the second zone only when the first has none
  int then = -1;
  if (zone >= 0 && end + 3 < t.size() && t[end]->kind == ast::TermKind::Comma && word_at(t, end + 1) == "then") {
    size_t e2 = end + 2;
    then = zone_at(c, end + 2, e2);
    if (then >= 0 && e2 < t.size() && t[e2]->kind == ast::TermKind::Comma) end = e2 + 1;
    else then = -1;
  }
  if (zone < 0 || end >= t.size() || !word_is(*t[end], "for")) return fail({c.range, "it searches no zone for a card"});
  std::optional<Node> test;
  size_t stop = end + 1;
  while (stop < t.size() && !word_is(*t[stop], "and") &&
         !(t[stop]->kind == ast::TermKind::Comma && series_stop(c, stop) > stop + 1))
    ++stop;
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
  if (then >= 0)
    b.stmts.push_back(if_(binary(Op::Eq, call("cardrt_slot_count", {G(), C(), konst(*k)}), konst(0)),
                          block({eval(call("cardrt_search_zone", {G(), C(), konst(*k), controller(), konst(then), fn_ref(fn), konst(0), konst(1)}))})));
  picked_.push_back({c.range, *k});
  return and_then(c, stop, b, false);
}

// The cards a "Put" moves, at terms[i]: "one of them", "one or two of these cards", "one" (of the cards looked at),
// "them", "it" (the cards looked at or found), "the rest", "the remaining cards", "the other three" (those looked at
// and not chosen yet): a slot. nullopt when the words name no such cards (then they may name a card).
std::optional<int64_t> CardBinder::picked_cards(const Clause& c, size_t i, size_t& end, Body& b, bool& failed) {
  const auto& t = c.terms;
  auto word = [&](size_t k) { return word_at(t, k); };
  // the slot "them" / "these cards" / "it" names at k, with `len` words
  auto named = [&](size_t k, size_t& len) -> std::optional<int64_t> {
    if (word(k) == "these" && word(k + 1) == "cards" && looked_) {
      len = 2;
      return looked_->slot;
    }
    const Reference* r = k < t.size() ? reference_at(t[k]) : nullptr;
    if (!r || (word(k) != "them" && word(k) != "it")) return std::nullopt;
    len = 1;
    return picked_slot(r->antecedent);
  };
  size_t len = 0;
  if (auto whole = named(i, len)) {
    end = i + len;
    return whole;
  }
  // "the rest", "the remaining cards", "the other three"
  size_t rest = word(i) == "the" && word(i + 1) == "rest" ? 2
                : word(i) == "the" && word(i + 1) == "remaining" && word(i + 2) == "cards" ? 3
                : word(i) == "the" && word(i + 1) == "other" && amount_at(c, i + 2) ? (word(i + 3) == "cards" ? 4 : 3)
                                                                                    : 0;
  if (rest) {
    if (!looked_) return std::nullopt;
    auto k = choice_slot(c);
    if (!k) {
      failed = true;
      return std::nullopt;
    }
    b.stmts.push_back(eval(call("cardrt_slot_except", {G(), C(), konst(looked_->slot), konst(looked_->taken), konst(*k)})));
    end = i + rest;
    return k;
  }
  // "one", "one of them", "one or two of these cards"
  auto low = amount_at(c, i);
  if (!low || low->op != Op::Const) return std::nullopt;
  size_t j = i + 1;
  int64_t high = low->value;
  if (word(j) == "or" && amount_at(c, j + 1) && amount_at(c, j + 1)->op == Op::Const) {
    high = amount_at(c, j + 1)->value;
    j += 2;
  }
  std::optional<int64_t> from;
  if (word(j) == "of") {
    from = named(j + 1, len);
    if (!from) return std::nullopt;
    j += 1 + len;
  } else if (looked_ && (word(j) == "in" || word(j) == "into" || word(j) == "on" || word(j) == "at")) {
    from = looked_->slot;  // "Put one in your hand": one of the cards looked at
  } else {
    return std::nullopt;
  }
  if (high < low->value || high > 8) return std::nullopt;
  auto k = choice_slot(c);
  if (!k) {
    failed = true;
    return std::nullopt;
  }
  b.stmts.push_back(fail_if(binary(Op::Ne, call("cardrt_choose_from_slot", {G(), C(), konst(*from), konst(*k), konst(low->value), konst(high)}), konst(CARDRT_OK))));
  if (looked_ && *from == looked_->slot) looked_->taken |= 1u << *k;
  end = j;
  return k;
}

// "a Ring in your Fate discard pile", "a non-Unique Battle Strategy from your discard pile" before "into ...": a card
// the controller chooses there (not targeted, 001 Target), into a new slot. nullopt: the words name no such card.
std::optional<int64_t> CardBinder::chosen_from_zone(const Clause& c, size_t v, size_t& end, Body& b, bool& failed) {
  const auto& t = c.terms;
  size_t stop = v + 1;
  while (stop < t.size() && word_at(t, stop) != "into") ++stop;
  if (stop >= t.size()) return std::nullopt;
  // "from your discard pile" reads as "in your discard pile"
  std::vector<const ast::Term*> words(t.begin() + std::ptrdiff_t(v), t.begin() + std::ptrdiff_t(stop));
  ast::Term in;
  for (auto& w : words)
    if (word_is(*w, "from")) {
      in = *w;
      in.text = "in";
      w = &in;
    }
  std::optional<Node> test;
  std::string why;
  if (!noun_filter(words, 1, words.size(), param(2), test, why) || !zone_named_) return std::nullopt;
  auto k = choose_into_slot(c, filter_function(std::move(*test), c.range), 1, 1, CARDRT_TGT_ANY_ZONE, b);
  if (!k) {
    failed = true;
    return std::nullopt;
  }
  end = stop;
  return k;
}

// "Put them back in any order", "Put one of them into the Market", "put it into your hand", "Put one in your hand",
// "Put the rest at the bottom of the deck in any order", "You may put one or two of these cards on the bottom of your
// deck", "You may rearrange them" (back in any order).
bool CardBinder::put_picked(const Clause& c, size_t v, Body& b) {
  const auto& t = c.terms;
  auto word = [&](size_t k) { return word_at(t, k); };
  std::string why;
  size_t end = v;
  bool failed = false;
  std::optional<int64_t> group = picked_cards(c, v, end, b, failed);
  if (failed) return false;
  // ("Put a target Follower in your discard pile into your hand" targets it, 001 Target: not a card chosen there)
  if (!group && (word(v) == "a" || word(v) == "an") && word(v + 1) != "target")
    if (auto k = chosen_from_zone(c, v, end, b, failed)) group = k;
  if (failed) return false;
  std::optional<Node> card;
  if (!group) {
    card = card_at(c, v, end, why);
    if (!card) return fail({c.range, why.empty() ? "it names no card to put" : why});
  }
  // where: "back" (where they came from), "into your hand", "on the bottom of your deck", "at the bottom" (of the zone
  // they are in), "on top of the deck"
  bool rearrange = word_is(*t[v - 1], "rearrange");
  std::optional<Node> zone;
  bool bottom = false;
  size_t i = end;
  if (rearrange || word(i) == "back") {
    i += rearrange ? 0 : 1;
  } else if ((word(i) == "in" || word(i) == "into") && !(word(i + 1) == "any" && word(i + 2) == "order")) {
    int z = zone_at(c, i + 1, i);
    if (z < 0) return fail({c.range, "it names no zone to put the card into"});
    zone = konst(z);
  } else if (word(i) == "on" || word(i) == "at") {
    size_t k = word(i + 1) == "the" ? i + 2 : i + 1;
    if (word(k) != "top" && word(k) != "bottom") return fail({c.range, "it names no zone to put the card into"});
    bottom = word(k) == "bottom";
    i = k + 1;
    if (word(i) == "of" && !(word(i + 1) == "the" && word(i + 2) == "deck")) {
      int z = zone_at(c, i + 1, i);
      if (z < 0) return fail({c.range, "it names no zone to put the card into"});
      zone = konst(z);
    } else if (word(i) == "of") {
      i += 3;  // "of the deck": the deck they are in
    }
  } else {
    return fail({c.range, "it names no zone to put the card into"});
  }
  bool any_order = word(i) == "in" && word(i + 1) == "any" && word(i + 2) == "order";
  if (any_order) i += 3;
  if (!group) {
    if (!zone || any_order) return fail({c.range, "it names no zone to put the card into"});
    b.stmts.push_back(eval(call("cardrt_move_card", {G(), C(), std::move(*card), std::move(*zone), konst(bottom ? 1 : 0)})));
    return and_then(c, i, b, false);
  }
  uint32_t flags = (bottom ? uint32_t{CARDRT_PUT_BOTTOM} : 0u) | (any_order || rearrange ? uint32_t{CARDRT_PUT_ANY_ORDER} : 0u);
  Node player = zone ? controller() : konst(-1);
  b.stmts.push_back(eval(call("cardrt_put_slot", {G(), C(), konst(*group), std::move(player), zone ? std::move(*zone) : konst(-1), konst(flags)})));
  return and_then(c, i, b, false);
}

// "Choose a beast you rule": a choice, not a target (001 Target); later "it" is the chosen card.
bool CardBinder::choose(const Clause& c, size_t v, Body& b) {
  std::optional<Node> test;
  std::string why;
  // "Choose your performing Personality": already chosen as the action was announced (performers.cpp)
  if (size_t end = v; v + 1 < c.terms.size() && word_is(*c.terms[v + 1], "performing") && performer_at(c.terms, v, end))
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
    auto whose = chosen_player(c, word(v) == "another" ? binary(Op::Ne, param(2), controller()) : konst(1), b);
    if (!whose) return false;
    std::optional<Node> saved = std::move(player_);
    player_ = std::move(whose);
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
  if (end + 1 >= t.size() || !word_is(*t[end], "to")) return fail({c.range, "it names no card to attach it to"});
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
      // in the resource the printed cost is paid in (003 Gold Cost): "paying 2 less Honor" is no discount of Gold
      size_t len = 0;
      auto paid = paid_cost();
      if (i >= t.size() || !paid || lex_.resource_at(std::span(t).subspan(i), len) != paid->second)
        return fail({c.range, "only 'paying N less <the cost's resource>' is compiled yet"});
      i += len;
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
  while (to < t.size() && !word_is(*t[to], "to")) ++to;
  size_t zend = to + 1;
  int zone = to < t.size() ? zone_at(c, to + 1, zend) : -1;
  std::optional<Node> test;
  std::string why;
  if (zone < 0) return fail({c.range, "it names no zone to return the cards to"});
  if (zend < t.size()) return fail({c.range, "the words after '" + words_text(t, v, zend) + "' are not compiled yet"});
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
  while (from < t.size() && !word_is(*t[from], "from")) ++from;
  size_t zend = from + 1;
  int zone = from < t.size() ? zone_at(c, from + 1, zend) : -1;
  std::string rest = lower(words_text(t, zend, t.size()));
  if (zone != runtime_zone_role_zone(p_, CARDRT_ZROLE_HAND) || rest != "without paying its cost")
    return fail({c.range, "only playing a card from your hand without paying its cost is compiled yet"});
  std::optional<Node> test;
  std::string why;
  if (!noun_filter(t, v, from, param(2), test, why, false)) return fail({c.range, why});
  int fn = filter_function(std::move(*test), c.range);
  b.stmts.push_back(eval(call("cardrt_play_from_hand", {G(), C(), controller(), fn_ref(fn)})));
  return true;
}

}  // namespace cardc::binding
