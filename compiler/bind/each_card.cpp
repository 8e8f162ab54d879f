// The binder (card_binder.h): one verb for several cards, or for a card chosen on the spot. "Give each Nonhuman
// Personality +1F", "Straighten all of your Rings", "Bow one or two target attachments", "Bow one or more of your
// target unbowed Shugenja", "Destroy a Terrain" (a choice, not a target: 001 Target). The clause is bound once with
// the phrase replaced by one card, into a function the runtime calls for each card (cardrt_for_each_card,
// cardrt_for_each_in_slot), or with the chosen card.
#include "bind/card_binder.h"

#include <cctype>
#include <span>

#include "bind/runtime_profile.h"
#include "sema/clause_reader.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

namespace {

// How many cards a quantifier before "target" allows: "one or two", "one or more of your", "up to two", "any number
// of". `at` is where the quantifier starts; `target` is set to the index of "target". nullopt: not a quantifier.
std::optional<std::pair<int, int>> target_quantity(const std::vector<const ast::Term*>& t, size_t at, size_t& target) {
  auto count = target_count(t, at);
  if (!count) return std::nullopt;
  size_t k = count->end;
  if (word_at(t, k) == "your") ++k;
  if (word_at(t, k) != "target" || count->max < 1 || count->min > count->max || count->max > 8) return std::nullopt;
  target = k;
  return std::pair<int, int>{count->min, count->max};
}

}  // namespace

// "his attachments", "Kaori's Weapons" at `at`: a card's possessive and a plural noun of cards, which are the cards
// attached to it (noun_filter reads the holder).
bool CardBinder::plural_attached(const std::vector<const ast::Term*>& t, size_t at) const {
  std::string w = word_at(t, at);
  if (!(w == "his" || w == "her" || w == "its" || w.ends_with("'s")) || at + 1 >= t.size()) return false;
  const Reference* r = reference_at(t[at]);
  if (!r || !((r->kind == RefKind::Pronoun && r->card_type >= 0) || r->kind == RefKind::ThisCard)) return false;
  // the noun may follow adjectives ("his unbowed Weapons"): the phrase's last word is a plural noun of cards (a card
  // type, "attachments", or a capitalised plural such as a keyword's, which noun_filter then reads or reports)
  size_t end = target_phrase_end(t, at);
  if (end <= at + 1 || t[end - 1]->kind != ast::TermKind::Word) return false;
  std::string last(t[end - 1]->text);
  bool plural = false;
  if (lex_.card_type(last, &plural) >= 0) return plural;
  return lower(last) == "attachments" || (last.size() > 2 && std::isupper(static_cast<unsigned char>(last[0])) &&
                                          last.back() == 's' && !last.ends_with("'s"));
}

// "Sora's Weapon", "his Follower" at `at`: a card's possessive and a singular keyword or card type that attaches:
// one of the cards attached to it.
bool CardBinder::attached_one(const std::vector<const ast::Term*>& t, size_t at) const {
  std::string w = word_at(t, at);
  if (!(w == "his" || w == "her" || w == "its" || w.ends_with("'s")) || at + 2 != target_phrase_end(t, at)) return false;
  const Reference* r = reference_at(t[at]);
  if (!r || !((r->kind == RefKind::Pronoun && r->card_type >= 0) || r->kind == RefKind::ThisCard)) return false;
  bool plural = true;
  int ct = lex_.card_type(t[at + 1]->text, &plural);
  if (ct >= 0) return !plural && p_.card_types[static_cast<size_t>(ct)].attaches;
  size_t len = 0;
  return lex_.keyword_at(std::span(t).subspan(at + 1), len) >= 0 && len == 1 && lex_.stat_at(std::span(t).subspan(at + 1), len) < 0;
}

std::optional<bool> CardBinder::each_object(const Clause& c, size_t v, Body& b, bool continuous) {
  const auto& t = c.terms;
  if (v >= t.size() || each_term_) return std::nullopt;
  std::string prim = primitive_of(p_, c);
  if (prim != "bow" && prim != "straighten" && prim != "destroy" && prim != "set_state" && prim != "give" && prim != "move" &&
      prim != "increase" && prim != "reduce")
    return std::nullopt;
  auto word = [&](size_t k) { return word_at(t, k); };
  // The phrase [v, end) and what runs for its cards.
  size_t end = v;
  std::string why;
  enum class How { each, slot, chosen } how;
  int64_t k = -1;
  std::optional<Node> filter_test;
  size_t target = 0;
  const Reference* plural = word(v) == "them" ? reference_at(t[v]) : nullptr;
  std::optional<size_t> many;  // "target one or two Personalities: Bow them": each card of that target
  if (plural)
    for (size_t j : multi_targets_)
      if (unit_->targets[j].range == plural->antecedent || target_containing(plural->antecedent) == j) many = j;
  // "target one or two Samurai: Raise each target's Force by ...": each card of the unit's one target of several
  const bool each_target = word(v) == "each" && possessive_stem(word(v + 1)) == "target" && word(v + 1) != "target" &&
                           multi_targets_.size() == 1;
  if (each_target) many = multi_targets_.front();
  if (prim == "increase" || prim == "reduce") {
    if (!each_target) return std::nullopt;  // only "each target's <stat>" yet; the verb reads the rest
  }
  if (many) {
    k = static_cast<int64_t>(*many);
    end = each_target ? v + 2 : v + 1;
    how = How::slot;
  } else if (auto q = target_quantity(t, v, target)) {
    size_t tk = unit_->targets.size();
    for (size_t j = 0; j < unit_->targets.size(); ++j)
      if (unit_->targets[j].range.begin == t[target]->range.begin) tk = j;
    if (tk == unit_->targets.size()) return std::nullopt;
    if (!emit_target(c, tk, b, konst(q->first), q->second)) return false;
    end = target_phrase_end(t, target);
    k = static_cast<int64_t>(tk);
    how = How::slot;
  } else if (word(v) == "each" || word(v) == "all") {
    size_t from = v + 1;
    if (word(from) == "of") ++from;
    end = target_phrase_end(t, v);
    if (!noun_filter(t, from, end, param(2), filter_test, why)) return fail({c.range, why});
    how = How::each;
  } else if (plural_attached(t, v)) {
    // "Straighten his attachments", "bow Kaori's Followers": each card attached to him
    end = target_phrase_end(t, v);
    if (!noun_filter(t, v, end, param(2), filter_test, why)) return fail({c.range, why});
    how = How::each;
  } else if (bool one_of = word(v) == "one" && word(v + 1) == "of" && word(v + 2) != "them" && word(v + 2) != "these" &&
                            word(v + 2) != "target" && word(v + 3) != "target";
             (prim != "give" && attached_one(t, v)) ||
             ((word(v) == "a" || word(v) == "an") && word(v + 1) != "target" && prim != "give" && prim != "move") || one_of) {
    // "Destroy a Terrain", "bow one of his Weapons", "give one of your Personalities +2F", "You may bow Sora's Weapon
    // to straighten him" (one attached to him): chosen, not targeted (001 Target)
    size_t from = one_of ? v + 2 : word(v) == "a" || word(v) == "an" ? v + 1 : v;
    end = target_phrase_end(t, v);
    std::optional<Node> test;
    if (!noun_filter(t, from, end, param(2), test, why)) return fail({c.range, why});
    auto slot_k = choose_into_slot(c, filter_function(std::move(*test), c.range), 1, 1, 0, b);
    if (!slot_k) return false;
    k = *slot_k;
    how = How::chosen;
  } else {
    return std::nullopt;
  }
  // "Give each Nonhuman Personality +1F/+1C and give each Nonhuman Follower +1F": a second verb for a set of its own
  // runs once, after this one (not once for each card of this set)
  size_t stop = t.size();
  int tail_verb = -1;
  for (size_t j = end; j + 2 < t.size() && how == How::each; ++j) {
    size_t len = 0;
    int verb = word(j) == "and" ? ClauseReader(p_).verb_at(std::span(t).subspan(j + 1), len) : -1;
    if (verb >= 0 && (word(j + 1 + len) == "each" || word(j + 1 + len) == "all")) {
      stop = j > end && t[j - 1]->kind == ast::TermKind::Comma ? j - 1 : j;
      tail_verb = verb;
      break;
    }
  }
  // The clause again, with the phrase as one word that card_at reads as the card.
  Clause one = c;
  one.terms.assign(t.begin(), t.begin() + static_cast<long>(v));
  one.terms.push_back(t[v]);
  one.terms.insert(one.terms.end(), t.begin() + static_cast<long>(end), t.begin() + static_cast<long>(stop));
  each_term_ = t[v];
  if (how == How::chosen) {
    each_card_ = slot(static_cast<int>(k));
    bool ok = effect_body(one, b, continuous);
    each_term_ = nullptr;
    return ok;
  }
  each_card_ = param(2);
  Body each;
  each_body_ = true;  // a target in the verb would be chosen again for each card: card_at reports it instead
  bool ok = effect_body(one, each, continuous);
  each_body_ = false;
  each_term_ = nullptr;
  if (!ok) return false;
  each.stmts.push_back(ret(konst(CARDRT_OK)));
  int af = add_function("each", FnKind::Amount, std::move(each), c.range);
  if (how == How::slot) {
    b.stmts.push_back(eval(call("cardrt_for_each_in_slot", {G(), C(), konst(k), fn_ref(af)})));
  } else {
    int f = filter_function(std::move(*filter_test), c.range);
    b.stmts.push_back(eval(call("cardrt_for_each_card", {G(), C(), fn_ref(f), fn_ref(af)})));
  }
  if (tail_verb >= 0) {
    size_t and_at = stop < t.size() && word(stop) == "and" ? stop : stop + 1;
    return effect_body(tail_clause(c, and_at + 1, tail_verb), b, continuous);
  }
  return true;
}

}  // namespace cardc::binding
