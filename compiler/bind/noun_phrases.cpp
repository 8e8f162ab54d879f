// The binder (card_binder.h): noun phrases, the cards they describe (filters) or name (references);
// amounts and durations.
#include "bind/card_binder.h"

#include <algorithm>
#include <span>

#include "bind/lower_meaning.h"
#include "bind/runtime_profile.h"
#include "sema/clause_reader.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

// "with no Followers and lower Force": after "and", a second restriction of the same noun phrase (the word after "and"
// begins one), not a second clause.
bool CardBinder::restriction_follows(const std::vector<const ast::Term*>& t, size_t k) {
  if (k >= t.size()) return false;
  static const char* const starts[] = {"no", "lower", "higher", "equal", "fewer", "greater", "more", "less", "without"};
  std::string w = lower_word(*t[k]);
  return std::find(std::begin(starts), std::end(starts), w) != std::end(starts);
}

// A test over `card` for a noun phrase such as "an opposing Samurai Personality you control with 2 Chi or less".
bool CardBinder::noun_filter(const std::vector<const ast::Term*>& t, size_t from, size_t to, Node card, std::optional<Node>& out,
                           std::string& why, bool in_play, bool need_noun) {
  // "a Kiho or a Spell", "an Air Shugenja or a Holding": two whole noun phrases, each with its own article, are
  // alternatives (without the article, "unbowed Follower or Weapon" leaves open what "unbowed" applies to: the
  // words below read it, or fail closed)
  for (size_t k = from + 1; k + 2 < to; ++k) {
    std::string a = lower_word(*t[k + 1]);
    if (!word_is(*t[k], "or") || (a != "a" && a != "an")) continue;
    size_t left_end = t[k - 1]->kind == ast::TermKind::Comma ? k - 1 : k;
    std::optional<Node> left, right;
    std::string why_left, why_right;
    if (!noun_filter(t, from, left_end, card, left, why_left, in_play, need_noun)) break;
    const bool left_zone = zone_named_;
    if (!noun_filter(t, k + 1, to, card, right, why_right, in_play, need_noun)) break;
    if (left_zone != zone_named_) break;  // one side in play, the other in a zone: not one search
    out = binary(Op::Or, std::move(*left), std::move(*right));
    return true;
  }
  // the phrase being read, for a pronoun that names the card itself ("whose Force is different from his base Force")
  const Restored<SourceRange> phrase(filtering_, from < to ? SourceRange::join(t[from]->range, t[to - 1]->range) : filtering_);
  std::vector<Node> tests;
  bool noun = false;
  auto add = [&](Node n) { tests.push_back(std::move(n)); };
  // "a Daimyo, Duelist, or Kensai Personality", "a Personality or Follower": alternatives of one kind (keywords
  // or card types) joined by "or" are one test. `last_kind` is the kind of the previous word's test.
  enum class Kind { none, keyword, type };
  Kind last_kind = Kind::none, pending = Kind::none;
  bool saw_keyword = false;
  // "each Personality and Follower", "Fudo and Fallen Personalities", "Your Ashigaru Personalities and Followers": in
  // a phrase naming a set (each, all, or a plural noun) "and" between two kinds joins them as "or" does
  bool set_phrase = from > 0 && (word_is(*t[from - 1], "each") || word_is(*t[from - 1], "all"));
  for (size_t j = from; j < to; ++j) {
    bool plural = false;
    std::string w = lower_word(*t[j]);
    if (w == "each" || w == "all" || (lex_.card_type(t[j]->text, &plural) >= 0 && plural)) set_phrase = true;
  }
  auto joins = [&](const std::string& w) { return w == "or" || (set_phrase && w == "and"); };
  bool joined_by_and = false;
  auto has_or_after = [&](size_t k) {
    for (size_t j = k; j < to; ++j)
      if (joins(lower_word(*t[j]))) return true;
    return false;
  };
  auto add_kind = [&](Kind k, Node n) {
    if (pending != Kind::none) {
      if (pending != k || tests.empty()) return false;
      Node prev = std::move(tests.back());
      tests.back() = binary(Op::Or, std::move(prev), std::move(n));
    } else {
      add(std::move(n));
    }
    pending = Kind::none;
    last_kind = k;
    return true;
  };
  auto owner = [&]() { return call("cardrt_card_controller", {G(), card}); };
  bool zone_named = false;  // "in your hand": the card is out of play
  zone_named_ = false;
  bool other_side = false;       // "enemy", "opposing": a card on the other side
  bool in_army = false;          // "in your army": a card of an army (001 Terrain: a Terrain is in none)
  std::vector<int> types_named;  // the card types the words name (none: any card)
  // "your performing Courtier at any location": no presence at the battlefield is asked for
  bool anywhere = false;
  for (size_t i = from; i + 2 < to; ++i)
    if (word_is(*t[i], "at") && word_is(*t[i + 1], "any") && word_is(*t[i + 2], "location")) anywhere = true;
  for (size_t i = from; i < to; ++i) {
    const ast::Term& term = *t[i];
    std::string w = lower_word(term);
    // "with no Followers and lower Force": "and" before a second restriction reads as "with" ("and without ..." as is)
    if (w == "and" && i + 1 < to && restriction_follows(t, i + 1)) {
      if (word_is(*t[i + 1], "without")) continue;
      w = "with";
    }
    if ((term.kind == ast::TermKind::Comma || joins(w)) && last_kind != Kind::none && (joins(w) || has_or_after(i))) {
      pending = last_kind;
      last_kind = Kind::none;
      joined_by_and = w == "and";
      continue;
    }
    if (joins(w) && pending != Kind::none) continue;  // "Daimyo, Duelist, or Kensai"
    if (term.kind != ast::TermKind::Comma) last_kind = Kind::none;
    if (term.kind == ast::TermKind::Comma) continue;
    // "your dead Personality", "your discarded Personality", "in any discard pile": in one of the discard piles (the
    // game's word for a destroyed Personality's place; how he died, "honorably dead", is not recorded: those words stay
    // reported)
    const bool any_pile = w == "in" && i + 3 < to && word_is(*t[i + 1], "any") && word_is(*t[i + 2], "discard") &&
                          word_is(*t[i + 3], "pile");
    if (w == "dead" || w == "discarded" || any_pile) {
      std::optional<Node> piles;
      for (size_t z = 0; z < p_.zones.size(); ++z)
        if (lower(p_.zones[z].name).find("discard pile") != std::string::npos) {
          Node in = binary(Op::Eq, call("cardrt_card_zone", {G(), card}), konst(static_cast<int64_t>(z)));
          piles = piles ? binary(Op::Or, std::move(*piles), std::move(in)) : std::move(in);
        }
      if (!piles) {
        why = "'" + w + "' needs a discard pile zone in the profile";
        return false;
      }
      add(std::move(*piles));
      zone_named = true;
      if (any_pile) i += 3;
      continue;
    }
    // "in your hand", "in your discard pile", "in your hand or discard pile", "in any player's discard pile": cards
    // out of play, in that zone (the caller's targeting then looks outside play: zone_named_)
    if (w == "in" && i + 1 < to && !word_is(*t[i + 1], "play")) {
      size_t k = i + 1;
      bool yours = word_is(*t[k], "your");
      if (word_is(*t[k], "any") && k + 1 < to && possessive_stem(lower_word(*t[k + 1])) == "player") k += 2;
      Clause words;
      words.terms = t;
      size_t zend = k;
      int zone = zone_at(words, k, zend);
      if (zone >= 0 && zend <= to) {
        Node in = binary(Op::Eq, call("cardrt_card_zone", {G(), card}), konst(zone));
        if (zend + 1 < to && word_is(*t[zend], "or")) {
          size_t z2end = zend + 1;
          int zone2 = zone_at(words, zend + 1, z2end);
          if (zone2 >= 0 && z2end <= to) {
            in = binary(Op::Or, std::move(in), binary(Op::Eq, call("cardrt_card_zone", {G(), card}), konst(zone2)));
            zend = z2end;
          }
        }
        add(std::move(in));
        if (yours) add(binary(Op::Eq, owner(), controller()));
        zone_named = true;
        i = zend - 1;
        continue;
      }
    }
    // "in your army", "in the enemy army": a player's cards at the current battlefield; "in this army": this card's
    // side where it is (an army is a player's units at a battlefield; units at home are in none; 001 Terrain: a
    // Terrain is in no army)
    size_t army = i + 1 < to && word_is(*t[i + 1], "the") ? i + 2 : i + 1;  // "in the enemy army"
    if (w == "in" && army + 1 < to && word_is(*t[army + 1], "army")) {
      std::string whose = lower_word(*t[army]);
      Node where = call("cardrt_current_battlefield", {G()});
      std::optional<Node> side;
      if (whose == "your") side = binary(Op::Eq, owner(), controller());
      else if (whose == "enemy") side = binary(Op::Ne, owner(), controller());
      else if (whose == "this" || whose == "his" || whose == "her") {
        // "this army": the performer's; "his army": the army of the card the pronoun names (001 This), as "his unit"
        std::optional<Node> who = whose == "this" ? printed_performer() : std::nullopt;
        if (whose != "this")
          if (const Reference* r = reference_at(t[army]); r && r->kind == RefKind::Pronoun) {
            std::string ignored;
            who = from_antecedent(r->antecedent, ignored);
          }
        if (who) {
          where = call("cardrt_card_battlefield", {G(), *who});
          side = binary(Op::Eq, owner(), call("cardrt_card_controller", {G(), std::move(*who)}));
        }
      }
      if (side) {
        Node here = and_(binary(Op::Gt, where, konst(0)), binary(Op::Eq, call("cardrt_card_battlefield", {G(), card}), where));
        add(and_(std::move(here), std::move(*side)));
        in_army = true;
        i = army + 1;
        continue;
      }
    }
    // "in this unit", "in his unit": the card itself or one attached to the same Personality as it
    if (w == "in" && i + 2 < to && (word_is(*t[i + 1], "this") || word_is(*t[i + 1], "his")) &&
        word_is(*t[i + 2], "unit")) {
      std::optional<Node> head = printed_performer();
      // "Target an enemy Personality: ... destroy a card without attachments in his unit": the unit of the card the
      // pronoun names (001 This: a unit is a Personality and what is attached to him; an attachment's unit is its
      // bearer's)
      if (!head && word_is(*t[i + 1], "his"))
        if (const Reference* r = reference_at(t[i + 1]);
            r && r->kind == RefKind::Pronoun &&
            !(filtering_.valid() && r->antecedent.begin < filtering_.end && filtering_.begin < r->antecedent.end)) {
          std::string ignored;
          if (auto named = from_antecedent(r->antecedent, ignored)) head = unit_leader(*named);
        }
      // (a pronoun the references name the phrase's own card by: "Destroy a target Follower in his unit" is not
      // "attached to itself"; refused rather than read so)
      if (!head) {
        why = "the unit in '" + words_text(t, from, to) + "' is not compiled yet";
        return false;
      }
      // no unit (a Follower not attached to anyone): no card is in it
      add(in_unit_led_by(card, *head));
      i += 2;
      continue;
    }
    // "one of his Weapons", "Kaori's unbowed Nonhuman Followers": the cards attached to that card (never a player's:
    // the holder must be a card of a known type, or this card by its own name)
    if ((w == "his" || w == "her" || w == "its" || w.ends_with("'s")) && i + 1 < to)
      if (const Reference* r = reference_at(t[i]);
          r && ((r->kind == RefKind::Pronoun && r->card_type >= 0) || r->kind == RefKind::ThisCard)) {
        Clause one;
        one.terms = {t[i]};
        size_t e = 0;
        std::string ignored;
        if (auto holder = card_at(one, 0, e, ignored); holder && e == 1) {
          add(binary(Op::Eq, call("cardrt_card_attached_to", {G(), card}), std::move(*holder)));
          continue;
        }
      }
    // "a card in a unit": one heading a unit (a person attached to nothing) or attached to a card (001 This); a
    // Holding is in none
    if (w == "in" && i + 2 < to && word_is(*t[i + 1], "a") && word_is(*t[i + 2], "unit")) {
      Node attached = binary(Op::Gt, call("cardrt_card_attached_to", {G(), card}), konst(0));
      std::optional<Node> head = unit_head_test(p_, card);
      add(head ? binary(Op::Or, std::move(attached), std::move(*head)) : std::move(attached));
      i += 2;
      continue;
    }
    if (w == "a" || w == "an" || w == "one" || w == "of" || w == "target" || w == "the" || w == "any" ||
        w == "each" || w == "in" || w == "play")
      continue;
    if (w == "your" || ((w == "you") && i + 1 < to && (word_is(*t[i + 1], "control") || word_is(*t[i + 1], "rule")))) {
      add(binary(Op::Eq, owner(), controller()));
      if (w == "you") ++i;
      continue;
    }
    if (w == "opposing" || w == "another" || w == "enemy") {
      if (w == "another" && i + 1 < to && !word_is(*t[i + 1], "player's") && !word_is(*t[i + 1], "ruler") &&
          !word_is(*t[i + 1], "player’s")) {
        add(binary(Op::Ne, card, self()));  // "another unit": not this card, nor a card targeted before (as "other")
        for (size_t k = 0; targeting_slot_ && k < *targeting_slot_; ++k) add(binary(Op::Ne, card, slot(static_cast<int>(k))));
        continue;
      }
      add(binary(Op::Ne, owner(), controller()));
      other_side = other_side || w != "another";
      if (i + 1 < to && (word_is(*t[i + 1], "player's") || word_is(*t[i + 1], "player’s"))) ++i;
      if (i + 2 < to && word_is(*t[i + 1], "ruler") && word_is(*t[i + 2], "rules")) i += 2;
      continue;
    }
    // "a Personality controlled by a player who controls a dishonorable Personality", "a Holding controlled by a player
    // with four or more Holdings in play": what its controller controls (cardrt_count_cards_for judges the inner
    // phrase with the card's controller as "you")
    if (w == "controlled" && i + 3 < to && word_is(*t[i + 1], "by") && word_is(*t[i + 2], "a") &&
        word_is(*t[i + 3], "player")) {
      size_t k = i + 4;
      int64_t at_least = 1;
      size_t inner = k;
      if (k + 1 < to && word_is(*t[k], "who") && (word_is(*t[k + 1], "controls") || word_is(*t[k + 1], "has"))) {
        inner = k + 2;
      } else if (k + 3 < to && word_is(*t[k], "with") && word_is(*t[k + 2], "or") && word_is(*t[k + 3], "more")) {
        const int n = t[k + 1]->kind == ast::TermKind::Number ? static_cast<int>(t[k + 1]->value) : Lexicon::number_word(lower_word(*t[k + 1]));
        if (n < 0) {
          why = "the restriction '" + words_text(t, i, std::min(to, i + 7)) + "' is not compiled yet";
          return false;
        }
        at_least = n;
        inner = k + 4;
      } else {
        why = "the restriction '" + words_text(t, i, std::min(to, i + 6)) + "' is not compiled yet";
        return false;
      }
      std::optional<Node> theirs;
      std::string inner_why;
      if (inner >= to || !noun_filter(t, inner, to, param(2), theirs, inner_why)) {
        why = inner_why.empty() ? "the restriction '" + words_text(t, i, to) + "' is not compiled yet" : inner_why;
        return false;
      }
      Node mine = and_(std::move(*theirs), binary(Op::Eq, call("cardrt_card_controller", {G(), param(2)}), controller()));
      int fn = filter_function(std::move(mine), SourceRange::join(t[inner]->range, t[to - 1]->range));
      add(binary(Op::Ge, call("cardrt_count_cards_for", {G(), card, fn_ref(fn)}), konst(at_least)));
      i = to - 1;
      continue;
    }
    // "a Personality who has a Madness token", "a card with a Poison token", "without Fire tokens" (001 Token)
    if ((w == "who" || w == "that" || w == "with" || w == "without") && i + 1 < to) {
      size_t k = (w == "who" || w == "that") && (word_is(*t[i + 1], "has") || word_is(*t[i + 1], "have")) ? i + 2 : i + 1;
      bool none = w == "without";
      if (w == "with" && word_is(*t[k], "no") && k + 1 < to) {  // "with no Training tokens"
        none = true;
        ++k;
      }
      size_t tend = 0;
      if (k > i + 1 || w == "with" || w == "without")
        if (auto token = has_token(t, k, to, card, tend)) {
          add(none ? not_(std::move(*token)) : std::move(*token));
          i = tend - 1;
          continue;
        }
    }
    // "your Personalities who were at this battlefield during resolution": a relative clause describing them
    if ((w == "who" || w == "that") && i + 1 < to &&
        (word_is(*t[i + 1], "were") || word_is(*t[i + 1], "are") || word_is(*t[i + 1], "is") ||
         word_is(*t[i + 1], "was"))) {
      ++i;
      continue;
    }
    if (w == "during" && i + 1 < to && word_is(*t[i + 1], "resolution")) {  // the moment the effect happens
      ++i;
      continue;
    }
    if (w == "performing") {
      // the card performing the action (performers.cpp); a target "your performing Personality" on an action card
      // is one that may perform it: present at the current battlefield for a Battle action
      std::optional<Node> who = performer();
      if (who) add(binary(Op::Eq, card, std::move(*who)));
      else if ((unit_designators_ & CARDRT_DESIG_BATTLE) && !anywhere)
        add(binary(Op::Eq, call("cardrt_card_battlefield", {G(), card}), call("cardrt_current_battlefield", {G()})));
      continue;
    }
    // a word the profile declares as a description by a stat ("dishonorable": 003 Personal Honor)
    if (const DescriptionDef* d = description_at(t, i, to)) {
      add(description_test(*d, card));
      i += d->words.size() - 1;
      continue;
    }
    // a card state of the profile or its opposite: "dishonored", "honorable", "face-up" (bowed/unbowed below)
    if (w != "bowed" && w != "unbowed") {
      bool matched = false;
      for (size_t st = 0; st < p_.states.size() && !matched; ++st) {
        auto opp = p_.states[st].attrs.find("opposite");
        bool is = lower(p_.states[st].name) == w, isnt = opp != p_.states[st].attrs.end() && lower(opp->second) == w;
        if (!is && !isnt) continue;
        Node state = call("cardrt_card_state", {G(), card, konst(runtime_state_id(p_, st))});
        add(is ? std::move(state) : not_(std::move(state)));
        matched = true;
      }
      if (matched) continue;
    }
    if (w == "bowed" || w == "unbowed") {
      Node bowed = call("cardrt_card_state", {G(), card, konst(CARDRT_STATE_BOWED)});
      add(w == "bowed" ? std::move(bowed) : not_(std::move(bowed)));
      continue;
    }
    // "Unaligned": of no clan (no keyword of the profile's Clan family)
    if (w == "unaligned") {
      Node none = konst(1);
      bool any = false;
      for (size_t kw = 0; kw < p_.keywords.size(); ++kw)
        if (p_.keywords[kw].family == "Clan") {
          none = and_(std::move(none), not_(call("cardrt_card_has_keyword", {G(), card, konst(static_cast<int64_t>(kw))})));
          any = true;
        }
      if (!any) {
        why = "'Unaligned' needs a keyword family Clan in the profile";
        return false;
      }
      add(std::move(none));
      continue;
    }
    // "non-Naval", "non-Water": without that keyword
    if (w.rfind("non-", 0) == 0 && w.size() > 4) {
      size_t klen = 0;
      ast::Term rest = term;
      rest.text = term.text.substr(4);
      std::vector<const ast::Term*> one{&rest};
      if (int kw = lex_.keyword_at(std::span(one), klen); kw >= 0) {
        add(not_(call("cardrt_card_has_keyword", {G(), card, konst(kw)})));
        continue;
      }
    }
    if (w == "defending") {
      // the other side of the battle: a player whose turn it is not, at a battlefield
      add(and_(binary(Op::Gt, call("cardrt_card_battlefield", {G(), card}), konst(0)),
               binary(Op::Ne, owner(), call("cardrt_active_player", {G()}))));
      continue;
    }
    if (w == "opposed") {
      // at the current battlefield, where both sides have cards: the attacker's (the player whose turn it is) and the
      // defender's, so whichever side the card is on, enemy cards are there with it
      auto side = [&](Op op) {
        return binary(Op::Gt, call("cardrt_count_cards", {G(), C(), fn_ref(filter_function(at_current_battlefield_on_side(op), term.range))}), konst(0));
      };
      add(and_(and_(binary(Op::Gt, call("cardrt_current_battlefield", {G()}), konst(0)),
                    binary(Op::Eq, call("cardrt_card_battlefield", {G(), card}), call("cardrt_current_battlefield", {G()}))),
               and_(side(Op::Eq), side(Op::Ne))));
      continue;
    }
    if (w == "attacking") {
      // 003 Stats example: the attacking Personalities are the attacking player's (the player whose turn it is)
      // at a battlefield.
      add(and_(binary(Op::Gt, call("cardrt_card_battlefield", {G(), card}), konst(0)),
               binary(Op::Eq, owner(), call("cardrt_active_player", {G()}))));
      continue;
    }
    if (w == "at" && i + 3 < to && word_is(*t[i + 1], "this") && t[i + 2]->text.size() > 2 &&
        (t[i + 2]->text.ends_with("'s") || t[i + 2]->text.ends_with("’s")) && word_is(*t[i + 3], "battlefield")) {
      // "at this Province's battlefield": the battlefield where this card is (a Region is at its Province's).
      Node here = call("cardrt_card_battlefield", {G(), self()});
      add(and_(binary(Op::Gt, here, konst(0)), binary(Op::Eq, call("cardrt_card_battlefield", {G(), card}), here)));
      i += 3;
      continue;
    }
    if (w == "at" && i + 2 < to && (word_is(*t[i + 1], "this") || word_is(*t[i + 1], "the")) &&
        word_is(*t[i + 2], "battlefield")) {
      // 001: "this battlefield" refers to the current battlefield; with no battle no card is there (a card at home is
      // at none either, which the bare comparison of the two took for being there)
      add(at_current_battlefield(card));
      i += 2;
      continue;
    }
    // "at any battlefield": at one (not home); "at another battlefield": at one other than the current battlefield
    if (w == "at" && i + 2 < to && (word_is(*t[i + 1], "any") || word_is(*t[i + 1], "another")) &&
        word_is(*t[i + 2], "battlefield")) {
      Node at = binary(Op::Gt, call("cardrt_card_battlefield", {G(), card}), konst(0));
      if (word_is(*t[i + 1], "another"))
        at = and_(std::move(at), binary(Op::Ne, call("cardrt_card_battlefield", {G(), card}), call("cardrt_current_battlefield", {G()})));
      add(std::move(at));
      i += 2;
      continue;
    }
    // "at home": at no battlefield (001 battlefields: a card not at a battlefield is home)
    if (w == "at" && i + 1 < to && word_is(*t[i + 1], "home")) {
      add(binary(Op::Eq, call("cardrt_card_battlefield", {G(), card}), konst(0)));
      i += 1;
      continue;
    }
    // "at the current battlefield": there, during a battle
    if (w == "at" && i + 3 < to && word_is(*t[i + 1], "the") && word_is(*t[i + 2], "current") &&
        word_is(*t[i + 3], "battlefield")) {
      add(at_current_battlefield(card));
      i += 3;
      continue;
    }
    // "whose Force is 7 or higher", "whose unit's total Force is 7 or higher", "whose Force is less than or equal to
    // this Shugenja's Chi", "whose unit has lower total Force than this unit": the comparisons read after "with"
    if (w == "whose" && i + 3 < to) {
      if (auto cmp = whose_comparison(t, i + 1, to, card, i)) {
        add(std::move(*cmp));
        continue;
      }
      why = "the restriction '" + words_text(t, i, std::min(to, i + 5)) + "' is not compiled yet";
      return false;
    }
    // "without attachments", "with a Follower", "without Followers", "with no Followers": what is attached to the card
    if ((w == "with" || w == "without") && i + 1 < to) {
      size_t k = i + 1;
      if (w == "with" && word_is(*t[k], "no") && k + 1 < to) {
        w = "without";
        ++k;
      }
      std::string a = lower_word(*t[k]);
      if ((a == "a" || a == "an" || a == "any") && k + 1 < to) a = lower_word(*t[++k]);
      int type = -1;
      bool attachment = a == "attachment" || a == "attachments";
      if (!attachment) {
        bool plural = false;
        type = lex_.card_type(t[k]->text, &plural);
        const CardTypeDef* ct = type >= 0 ? &p_.card_types[static_cast<size_t>(type)] : nullptr;
        if (!ct || !ct->attaches) type = -2;
      }
      if (attachment || type >= 0) {
        Node n = call("cardrt_card_attachments", {G(), card, konst(attachment ? -1 : type)});
        add(w == "with" ? binary(Op::Gt, std::move(n), konst(0)) : binary(Op::Eq, std::move(n), konst(0)));
        i = k;
        continue;
      }
      // "with a Weapon", "without a Weapon or Armor", "without attached Weapons": attached cards of a kind
      if (word_is(*t[k], "attached") && k + 1 < to) ++k;
      size_t e = k;
      while (e < to && !word_is(*t[e], "and") && !word_is(*t[e], "at") && !word_is(*t[e], "in") &&
             t[e]->kind != ast::TermKind::Comma)
        ++e;
      if (auto matching = attached_matching(t, k, e, card)) {
        add(w == "with" ? binary(Op::Gt, std::move(*matching), konst(0)) : binary(Op::Eq, std::move(*matching), konst(0)));
        i = e - 1;
        continue;
      }
    }
    if (w == "with" && i + 2 < to) {
      // "with 2 Chi or less", "with X Force or less"
      const ast::Term& n = *t[i + 1];
      size_t len = 0;
      int stat = lex_.stat_at(std::span(t).subspan(i + 2), len);
      size_t after = i + 2 + len;
      if ((n.kind == ast::TermKind::Number || n.kind == ast::TermKind::X) && stat >= 0 && after < to && word_is(*t[after], "or")) {
        std::string more = after + 1 < to ? lower_word(*t[after + 1]) : "";
        Node v = n.kind == ast::TermKind::X ? chosen_x() : konst(n.value);
        Node s = call("cardrt_stat_get", {G(), card, konst(stat)});
        if (more == "less" || more == "fewer") add(binary(Op::Le, std::move(s), std::move(v)));
        else if (more == "more" || more == "greater") add(binary(Op::Ge, std::move(s), std::move(v)));
        else {
          why = "the restriction '" + words_text(t, i, std::min(to, i + 5)) + "' is not compiled yet";
          return false;
        }
        i = after + 1;
        continue;
      }
      if (auto cmp = stat_comparison(t, i + 1, to, card, i)) {
        add(std::move(*cmp));
        continue;
      }
      why = "the restriction '" + words_text(t, i, std::min(to, i + 5)) + "' is not compiled yet";
      return false;
    }
    bool plural = false;
    if (int ct = lex_.card_type(possessive_stem(term.text), &plural); ct >= 0) {
      types_named.push_back(ct);
      // "Samurai Personality or Follower" is ambiguous: fail closed rather than guess the grouping; "Your Ashigaru
      // Personalities and Followers" names a set: Ashigaru ones of both
      if (pending == Kind::type && saw_keyword && !joined_by_and) break;
      if (!add_kind(Kind::type, binary(Op::Eq, call("cardrt_card_type", {G(), card}), konst(ct)))) break;
      noun = true;
      continue;
    }
    size_t len = 0;
    if (int kw = lex_.keyword_at(std::span(t).subspan(i), len); kw >= 0 && i + len <= to) {
      if (!add_kind(Kind::keyword, call("cardrt_card_has_keyword", {G(), card, konst(kw)}))) break;
      saw_keyword = true;
      noun = true;
      i += len - 1;
      continue;
    }
    if (w == "at" && i + 2 < to && word_is(*t[i + 1], "any") && word_is(*t[i + 2], "location")) {
      i += 2;  // read above
      continue;
    }
    if (w == "attachment" || w == "attachments") {
      // a card attached to another (a Follower, an Item, ...); out of play ("pays for a single attachment"), a card
      // of a type that attaches
      Node kind = konst(0);
      for (size_t ty = 0; ty < p_.card_types.size(); ++ty)
        if (p_.card_types[ty].attaches)
          kind = binary(Op::Or, std::move(kind), binary(Op::Eq, call("cardrt_card_type", {G(), card}), konst(static_cast<int64_t>(ty))));
      add(binary(Op::Or, binary(Op::Gt, call("cardrt_card_attached_to", {G(), card}), konst(0)),
                 and_(not_(call("cardrt_card_in_play", {G(), card})), std::move(kind))));
      noun = true;
      continue;
    }
    if (w == "unit") {  // one unit is a card and those attached to it (001 This), not one card: the meaning tree's
      why = "'" + words_text(t, from, to) + "' names a unit, which the binder does not read";
      return false;
    }
    if (w == "card" || w == "cards" || w == "units") {
      noun = true;
      continue;
    }
    if (w == "other" || w == "another") {
      add(binary(Op::Ne, card, self()));
      // "your target Personality to your other target Personality": nor one targeted before it (the runtime lets one
      // card fill two slots)
      for (size_t k = 0; targeting_slot_ && k < *targeting_slot_; ++k) add(binary(Op::Ne, card, slot(static_cast<int>(k))));
      continue;
    }
    why = "the word '" + std::string(term.text) + "' in '" + words_text(t, from, to) + "' is not compiled yet";
    return false;
  }
  if (pending != Kind::none) {
    why = "the alternatives in '" + words_text(t, from, to) + "' are not compiled yet";
    return false;
  }
  if (!noun && need_noun) {
    why = "'" + words_text(t, from, to) + "' names no card type or keyword";
    return false;
  }
  // 001 Terrain: a Terrain is in no side or army, never an enemy or opposing card (a Terrain is an action card in play:
  // only a set that may hold one needs the test)
  if (int terrain = terrain_keyword(p_);
      terrain >= 0 && (other_side || in_army) && (types_named.empty() || std::any_of(types_named.begin(), types_named.end(), [&](int ty) {
                                       return p_.card_types[static_cast<size_t>(ty)].action;
                                     })))
    tests.push_back(not_(call("cardrt_card_has_keyword", {G(), card, konst(terrain)})));
  // Cards in a hidden zone or a hand are found by what they are, not by being in play.
  Node all = in_play && !zone_named ? call("cardrt_card_in_play", {G(), card}) : konst(1);
  zone_named_ = zone_named;
  for (auto& n : tests) all = and_(std::move(all), std::move(n));
  out = std::move(all);
  return true;
}

// The description the profile declares whose words start at t[i] (before `to`), in any case; null if none.
const DescriptionDef* CardBinder::description_at(const std::vector<const ast::Term*>& t, size_t i, size_t to) const {
  for (const DescriptionDef& d : p_.descriptions) {
    bool match = !d.words.empty() && i + d.words.size() <= to;
    for (size_t k = 0; k < d.words.size() && match; ++k) match = lower_word(*t[i + k]) == d.words[k];
    if (match) return &d;
  }
  return nullptr;
}

// 003 Personal Honor: "dishonorable" is a Personality whose Personal Honor is at most zero (the profile says which
// card type, stat and bound)
Node description_test(const DescriptionDef& d, const Node& card) {
  return and_(binary(Op::Eq, call("cardrt_card_type", {G(), card}), konst(static_cast<int64_t>(d.card_type))),
              binary(d.at_most ? Op::Le : Op::Ge, call("cardrt_stat_get", {G(), card, konst(static_cast<int64_t>(d.stat))}),
                     konst(d.bound)));
}

// How many cards attached to `holder` the words [from, to) describe ("Weapon or Armor", "Fire Spell"); nullopt when
// they are not a kind of card that may be attached (a card type that attaches, or keywords).
std::optional<Node> CardBinder::attached_matching(const std::vector<const ast::Term*>& t, size_t from, size_t to, const Node& holder) {
  if (from >= to) return std::nullopt;
  // a card type that attaches, or an action card that may attach by its own text ("Shugenja may attach and cast
  // Spells": "while he has a Spell")
  for (size_t j = from; j < to; ++j)
    if (int ct = lex_.card_type(t[j]->text); ct >= 0 && !p_.card_types[static_cast<size_t>(ct)].attaches &&
                                               !p_.card_types[static_cast<size_t>(ct)].action)
      return std::nullopt;
  std::optional<Node> test;
  std::string why;
  if (!noun_filter(t, from, to, param(2), test, why)) return std::nullopt;
  int fn = filter_function(std::move(*test), t[from]->range);
  return call("cardrt_card_attachments_matching", {G(), C(), holder, fn_ref(fn)});
}

// After "with": "4 or lower Force", "3 or higher Personal Honor", "lower Personal Honor" (than the card performing the
// action: this card, its bearer, or an action card's performer), "equal or lower Chi", "lower Chi than this
// Personality", "Force equal to or lower than your Paragon's Personal Honor"; "total Force" is the Force of the
// card's unit ("lower total Force than this unit"). A test over `card`; `last` is the last word read. nullopt when the
// words are not one of these.
std::optional<Node> CardBinder::stat_comparison(const std::vector<const ast::Term*>& t, size_t k, size_t to, const Node& card,
                                                size_t& last) {
  auto word = [&](size_t j) { return j < to ? lower_word(*t[j]) : std::string(); };
  auto direction = [](const std::string& w) -> int {
    if (w == "lower" || w == "less" || w == "fewer" || w == "smaller") return -1;
    if (w == "higher" || w == "more" || w == "greater" || w == "larger") return 1;
    return 0;
  };
  // The stat at t[j], after an optional "total" (a unit's total Force, 003 Stats: only Force is totaled) or "base"
  // (003 Stats: the current value is checked unless the text names the base value); -1 if none. `base` is kept
  // apart from the caller's `total` flag in `base_stat`, since "base total Force" names nothing.
  bool base_stat = false;
  auto stat_at = [&](size_t j, size_t& len, bool& total) -> int {
    total = word(j) == "total";
    base_stat = !total && word(j) == "base";
    if (total || base_stat) ++j;
    int stat = j < to ? lex_.stat_at(std::span(t).subspan(j), len) : -1;
    if (stat < 0 || j + len > to || (total && p_.stats[static_cast<size_t>(stat)].role != "force")) return -1;
    if (total || base_stat) ++len;
    return stat;
  };
  auto value_of = [&](Node c, int stat, bool total, bool base) {
    if (total) return call("cardrt_unit_force", {G(), std::move(c)});
    return call(base ? "cardrt_stat_base" : "cardrt_stat_get", {G(), std::move(c), konst(stat)});
  };
  auto value = [&](Node c, int stat, bool total) { return value_of(std::move(c), stat, total, false); };
  size_t len = 0;
  bool total = false;
  // "4 or lower Force"
  if (k < to && (t[k]->kind == ast::TermKind::Number || t[k]->kind == ast::TermKind::X) && word(k + 1) == "or" &&
      direction(word(k + 2)) != 0) {
    int stat = stat_at(k + 3, len, total);
    if (stat < 0 || base_stat) return std::nullopt;
    Node v = t[k]->kind == ast::TermKind::X ? chosen_x() : konst(t[k]->value);
    last = k + 2 + len;
    return binary(direction(word(k + 2)) < 0 ? Op::Le : Op::Ge, value(card, stat, total), std::move(v));
  }
  // A card the comparison is made with, at t[j]: "this Personality", "him", "Hana", the performer ("your Samurai"),
  // "this unit"; `after` is set past its words.
  auto other_card = [&](size_t j, size_t& after) -> std::optional<Node> {
    if (j >= to) return std::nullopt;
    if (auto who = performer_at(t, j, after)) return who;
    const Reference* r = reference_at(t[j]);
    if (!r) return std::nullopt;
    std::optional<Node> n;
    std::string why;
    // "a Personality whose Force is different from his base Force": a pronoun whose antecedent is the phrase being
    // read names the card the filter is asked about
    if ((r->kind == RefKind::Pronoun || r->kind == RefKind::TheTarget) && filtering_.valid() &&
        r->antecedent.file == filtering_.file && r->antecedent.begin < filtering_.end && filtering_.begin < r->antecedent.end)
      n = card;
    else if (r->kind == RefKind::ThisCard) n = self();
    else if (r->kind == RefKind::ThisBearer || r->kind == RefKind::ThisKeyword) n = bearer();
    else if (r->kind == RefKind::Pronoun || r->kind == RefKind::TheTarget) n = from_antecedent(r->antecedent, why);
    else if (r->kind == RefKind::ThisContext && word(j) == "this" && word(j + 1) == "unit") n = this_unit();
    if (!n) return std::nullopt;
    after = j;
    while (after < to && t[after]->range.begin < r->range.end) ++after;
    return n;
  };
  // The other side after "than": a number, or a card and its stat ("his Force", "this card's"; "this unit": its
  // total Force when this side's is); the stat defaults to this side's.
  auto other_side = [&](size_t j, int stat, bool mine_total) -> std::optional<Node> {
    if (j < to && t[j]->kind == ast::TermKind::Number) {
      last = j;
      return konst(t[j]->value);
    }
    size_t after = j;
    auto other = other_card(j, after);
    if (!other) return std::nullopt;
    size_t olen = 0;
    bool ototal = false;
    int ostat = stat_at(after, olen, ototal);
    bool obase = base_stat;
    if (ostat >= 0) after += olen;
    else {
      ostat = stat;
      ototal = mine_total;
      obase = false;
    }
    last = after - 1;
    return value_of(std::move(*other), ostat, ototal, obase);
  };
  // "Force lower than or equal to his Force", "Gold Cost lower than this card's", "Force less than 3", "total Force
  // equal to or lower than ..."
  if (int stat = stat_at(k, len, total); stat >= 0 && k + len < to) {
    const bool base = base_stat;
    size_t d = k + len;
    // "Force equal to X", "Force different from his base Force": the same value, or not
    if ((word(d) == "equal" && word(d + 1) == "to" && word(d + 2) != "or") || (word(d) == "different" && word(d + 1) == "from")) {
      Op op = word(d) == "equal" ? Op::Eq : Op::Ne;
      auto other = other_side(d + 2, stat, total);
      if (!other) return std::nullopt;
      return binary(op, value_of(card, stat, total, base), std::move(*other));
    }
    // "Force equal to or lower than ...", the same as "lower than or equal to"
    bool equal = word(d) == "equal" && word(d + 1) == "to" && word(d + 2) == "or";
    if (equal) d += 3;
    int dir = direction(word(d));
    if (dir == 0 || word(d + 1) != "than") return std::nullopt;
    size_t j = d + 2;
    if (!equal && word(j) == "or" && word(j + 1) == "equal" && word(j + 2) == "to") {
      equal = true;
      j += 3;
    }
    Op op = dir < 0 ? (equal ? Op::Le : Op::Lt) : (equal ? Op::Ge : Op::Gt);
    auto other = other_side(j, stat, total);
    if (!other) return std::nullopt;
    return binary(op, value_of(card, stat, total, base), std::move(*other));
  }
  // "lower Personal Honor [than ...]", "equal or lower Chi", "lower total Force than this unit"
  bool equal = word(k) == "equal" && word(k + 1) == "or";
  size_t d = equal ? k + 2 : k;
  int dir = direction(word(d));
  if (dir == 0) return std::nullopt;
  int stat = stat_at(d + 1, len, total);
  if (stat < 0 || base_stat) return std::nullopt;
  size_t end = d + 1 + len;
  Op op = dir < 0 ? (equal ? Op::Le : Op::Lt) : (equal ? Op::Ge : Op::Gt);
  if (word(end) == "than") {
    // "than this Personality", "than Hana", "than him": a card the unit names
    auto other = other_side(end + 1, stat, total);
    if (!other) return std::nullopt;
    return binary(op, value(card, stat, total), std::move(*other));
  }
  std::optional<Node> other = performer();
  // an action card's "Target your unbowed Samurai. Target an enemy Personality with lower Chi": the card of yours
  // the action targeted before, which stands for the performer
  if (!other)
    if (auto mine = your_earlier_target(t[k]->range)) other = slot(*mine);
  if (!other) return std::nullopt;
  last = end - 1;
  return binary(op, value(card, stat, total), value(std::move(*other), stat, total));
}

// After "whose": "[unit's] [total] <stat> is <comparison>" or "unit has <comparison>", read as stat_comparison reads
// them after "with" ("whose Force is 7 or higher" as "with 7 or higher Force"); `last` is the last word read.
std::optional<Node> CardBinder::whose_comparison(const std::vector<const ast::Term*>& t, size_t k, size_t to, const Node& card,
                                                 size_t& last) {
  auto word = [&](size_t j) { return j < to ? lower_word(*t[j]) : std::string(); };
  // "whose unit has lower total Force than this unit": a unit's Force is its total Force (stat_comparison)
  if (word(k) == "unit" && word(k + 1) == "has") {
    size_t l = 0;
    auto cmp = stat_comparison(t, k + 2, to, card, l);
    bool total = false;
    for (size_t j = k + 2; cmp && j <= l; ++j) total = total || word(j) == "total";
    if (!cmp || !total) return std::nullopt;  // "whose unit has lower Force": a unit's Force is its total
    last = l;
    return cmp;
  }
  bool unit = word(k) == "unit's" || word(k) == "unit’s";
  size_t s = unit ? k + 1 : k;
  if (unit && word(s) != "total") return std::nullopt;  // "whose unit's Force": the unit's is its total Force
  size_t is = s;
  while (is < to && word(is) != "is") ++is;
  if (is == s || is + 1 >= to) return std::nullopt;
  std::vector<const ast::Term*> v;
  size_t l = 0;
  if (t[is + 1]->kind == ast::TermKind::Number && word(is + 2) == "or" && is + 3 < to) {
    // "7 or higher": the words after "with" are "7 or higher total Force"
    v.assign(t.begin() + static_cast<long>(is + 1), t.begin() + static_cast<long>(is + 4));
    v.insert(v.end(), t.begin() + static_cast<long>(s), t.begin() + static_cast<long>(is));
    auto cmp = stat_comparison(v, 0, v.size(), card, l);
    if (!cmp || l + 1 != v.size()) return std::nullopt;
    last = is + 3;
    return cmp;
  }
  // "Force is less than or equal to ...": "Force less than or equal to ..."
  v.assign(t.begin() + static_cast<long>(s), t.begin() + static_cast<long>(is));
  const size_t stat_words = v.size();
  v.insert(v.end(), t.begin() + static_cast<long>(is + 1), t.begin() + static_cast<long>(to));
  auto cmp = stat_comparison(v, 0, v.size(), card, l);
  if (!cmp || l < stat_words) return std::nullopt;
  last = is + 1 + (l - stat_words);
  return cmp;
}

// "Bow the loser", "The winner gains 2 Honor", "Destroy the duel's loser" at terms[i]: a duelist of the unit's duel (0
// after a tie or a refused challenge). nullopt: no duelist is named there, or the unit started no duel.
std::optional<Node> CardBinder::duelist_at(const std::vector<const ast::Term*>& t, size_t i, size_t& end) {
  size_t side = i + 1;
  if (!duel_local_ || side >= t.size() || !word_is(*t[i], "the")) return std::nullopt;
  if (side + 1 < t.size() && possessive_stem(lower_word(*t[side])) == "duel") ++side;
  const std::string role = possessive_stem(lower_word(*t[side]));
  if (role != "winner" && role != "loser") return std::nullopt;
  end = side + 1;
  Node winner = local(*duel_local_);
  if (role == "winner") return winner;
  Node a = local(*duel_challenger_), b = local(*duel_challenged_);
  return binary(Op::Add, binary(Op::Mul, binary(Op::Eq, winner, a), b), binary(Op::Mul, binary(Op::Eq, winner, b), a));
}

// A card the clause names at terms[i]: this card, its bearer, a target, a pronoun's antecedent, the event's card.
std::optional<Node> CardBinder::card_at(const Clause& c, size_t i, size_t& end, std::string& why) {
  const auto& t = c.terms;
  if (i >= t.size()) {
    why = "it names no card";
    return std::nullopt;
  }
  // "a target Personality", "your target Follower", "another player's target Holding" (the target's filter reads
  // "your", "another")
  i = target_word(t, i);
  if (each_term_ && t[i] == each_term_) {  // each_card.cpp
    end = i + 1;
    return *each_card_;
  }
  // "Fear 2, or Fear 4 if the target is a Follower": the candidate the attack's target filter is asked about
  if (attack_target_ && i + 1 < t.size() && word_is(*t[i], "the") && word_is(*t[i + 1], "target")) {
    end = i + 2;
    return *attack_target_;
  }
  if (auto who = performer_at(t, i, end)) return who;
  std::string w = lower_word(*t[i]);
  const TextUnit& u = *unit_;
  // "Target your unbowed Samurai. Give a target Personality a Force penalty equal to your Samurai's Force": the card
  // of yours targeted before, named again by a noun of its phrase
  if (w == "your" && i + 1 < t.size())
    if (auto k = your_earlier_target(t[i]->range)) {
      std::string phrase = " " + lower(std::string(ctx_.sources.text(u.targets[static_cast<size_t>(*k)].range))) + " ";
      if (phrase.find(" " + lower(possessive_stem(t[i + 1]->text)) + " ") != std::string::npos) {
        end = i + 2;
        return slot(*k);
      }
    }
  auto skip_to = [&](SourceRange r) {
    end = i;
    while (end < t.size() && t[end]->range.begin < r.end) ++end;
  };
  // ("Each player targets and bows ...": the player's verb, read as the word)
  if (w == "target" || (w == "targets" && player_)) {
    for (size_t k = 0; k < u.targets.size(); ++k)
      if (u.targets[k].range.begin == t[i]->range.begin) {
        // a target read where nothing chose it yet is chosen now, in the effect being bound; elsewhere (a continuous
        // trait, the function run for each card of a set) its slot would be empty: reported
        if (!declared_targets_.count(k)) {
          const bool in_clause = std::any_of(c.all_terms.begin(), c.all_terms.end(),
                                             [&](const ast::Term* x) { return x->range.begin == u.targets[k].range.begin; });
          if (!inline_body_ || each_body_ || !in_clause || !emit_target(c, k, *inline_body_)) {
            why = "the target '" + words_text(t, i, target_phrase_end(t, i)) + "' is read where it is not chosen";
            return std::nullopt;
          }
        }
        end = target_phrase_end(t, i);
        return slot(static_cast<int>(k));
      }
  }
  if (auto d = duelist_at(t, i, end)) return d;
  // A duel this ability did not start (a Focus Effect's, 003 Traits): "its winner", "the duel's winner", "this
  // duel's loser", "your Personality in it", "your Personality in this duel" (the runtime's duel under way, or else
  // the last one)
  if (!duel_local_) {
    size_t k = i;
    std::string first = w;
    bool duel_named = false;
    if ((first == "the" || first == "this") && k + 1 < t.size() && word_is(*t[k + 1], "duel's")) {
      duel_named = true;
      k += 2;
    } else if (first == "its") {
      const Reference* r = reference_at(t[k]);
      duel_named = r && lower(std::string(ctx_.sources.text(r->antecedent))).ends_with("duel");
      ++k;
    }
    if (duel_named && k < t.size() && (word_is(*t[k], "winner") || word_is(*t[k], "loser")) && unit_mentions_duel()) {
      end = k + 1;
      return call("cardrt_duel_card", {G(), C(), konst(word_is(*t[k], "winner") ? CARDRT_DUEL_WINNER : CARDRT_DUEL_LOSER)});
    }
    if (first == "your" && i + 3 < t.size() && lex_.card_type(t[i + 1]->text) >= 0 && word_is(*t[i + 2], "in")) {
      size_t after = 0;
      if (word_is(*t[i + 3], "it")) after = i + 4;
      else if (i + 4 < t.size() && (word_is(*t[i + 3], "this") || word_is(*t[i + 3], "the")) && word_is(*t[i + 4], "duel"))
        after = i + 5;
      if (after && unit_mentions_duel()) {
        end = after;
        return call("cardrt_duel_card", {G(), C(), konst(CARDRT_DUEL_YOURS)});
      }
    }
  }
  // "Target an enemy Personality: Bow the Personality": the one target of that card type in the unit; "The
  // Personality's controller may dishonor him"; "Target your performing Courtier ... equal to the Courtier's Chi":
  // the one target whose noun is that keyword
  if (w == "the" && i + 1 < t.size()) {
    if (auto k = target_of_type(possessive_stem(t[i + 1]->text))) {
      end = i + 2;
      return slot(*k);
    }
    // "If the enemy Personality is Kolat, ...": the one target of that type whose words say "enemy" too
    if (std::string adj = lower_word(*t[i + 1]); (adj == "enemy" || adj == "opposing") && i + 2 < t.size()) {
      int ct = lex_.card_type(possessive_stem(t[i + 2]->text));
      std::optional<int> found;
      size_t count = 0;
      for (size_t k = 0; k < unit_->targets.size() && ct >= 0; ++k) {
        std::string phrase = " " + lower(std::string(ctx_.sources.text(unit_->targets[k].range))) + " ";
        if (unit_->targets[k].card_type == ct && phrase.find(" " + adj + " ") != std::string::npos) {
          found = static_cast<int>(k);
          ++count;
        }
      }
      if (found && count == 1) {
        end = i + 3;
        return slot(*found);
      }
    }
  }
  if (w == "the" && i + 1 < t.size() && possessive_stem(lower_word(*t[i + 1])) == "target") {
    const Reference* r = reference_at(t[i]);
    if (r) {
      skip_to(r->range);
      return from_antecedent(r->antecedent, why);
    }
    // "the target's Force": the unit's one target
    if (!word_is(*t[i + 1], "target") && u.targets.size() == 1) {
      end = i + 2;
      return slot(0);
    }
  }
  // "When this unit attacks: Inflict Burn on the attacked unit": the other party of the trigger's attack.
  if (w == "the" && i + 2 < t.size()) {
    std::string part = lower_word(*t[i + 1]);
    const Clause* trig = nullptr;
    for (const Clause& k : u.constraints)
      if (k.role == ClauseRole::Trigger) trig = &k;
    if ((part == "attacked" || part == "attacking") && trig && trig->event >= 0 &&
        lower(p_.events[static_cast<size_t>(trig->event)].text).find("attack") != std::string::npos &&
        (lex_.card_type(t[i + 2]->text) >= 0 || lower_word(*t[i + 2]).rfind("unit", 0) == 0)) {
      // "attacks": the event's card attacks the other; "is attacked": the other attacks the event's card.
      bool passive = lower(p_.events[static_cast<size_t>(trig->event)].text).find("attacked") != std::string::npos;
      end = i + 3;
      return call("cardrt_ctx_event", {G(), C(), konst((part == "attacked") != passive ? CARDRT_EVF_OTHER : CARDRT_EVF_CARD)});
    }
  }
  // "dishonor its Personality" (after "this Weapon attaches"), "Kaito's Personality": the card the attachment named
  // is attached to
  if ((w == "its" || w == "his" || w == "her" || w.ends_with("'s")) && i + 1 < t.size() && reference_at(t[i])) {
    bool plural = true;
    int ct = lex_.card_type(t[i + 1]->text, &plural);
    const CardTypeDef* host = ct >= 0 ? &p_.card_types[static_cast<size_t>(ct)] : nullptr;
    if (host && !plural && !host->attaches && host->enters_play) {
      Clause one;
      one.terms = {t[i]};
      size_t e = 0;
      std::string ignored;
      if (auto holder = card_at(one, 0, e, ignored); holder && e == 1) {
        end = i + 2;
        return call("cardrt_card_attached_to", {G(), std::move(*holder)});
      }
    }
  }
  if (const Reference* r = reference_at(t[i])) {
    skip_to(r->range);
    switch (r->kind) {
      case RefKind::ThisCard: return self();
      case RefKind::ThisContext:
        // 001 This: "this unit" is the card's unit: a card that is a unit itself, or the one it is attached to.
        if (word_is(*t[i], "this") && i + 1 < t.size() && lower_word(*t[i + 1]).rfind("unit", 0) == 0) {
          const CardTypeDef* ct = p_.card_type(r_.card->type);
          if (ct && ct->enters_play && !ct->action) return this_unit();
        }
        break;
      case RefKind::ThisBearer: return bearer();
      case RefKind::ThisKeyword: {
        // 001 This: "this Shugenja" names the card only while it has the keyword; otherwise the reference fails (no
        // card: what acts on it does nothing, a cost on it cannot be paid)
        size_t len = 0;
        int kw = i + 1 < t.size() ? lex_.keyword_at(std::span(t).subspan(i + 1), len) : -1;
        if (kw < 0) return bearer();
        return binary(Op::Mul, bearer(), call("cardrt_card_has_keyword", {G(), bearer(), konst(kw)}));
      }
      case RefKind::Pronoun:
      case RefKind::That:
      case RefKind::TheTarget: return from_antecedent(r->antecedent, why);
      case RefKind::TheDiscarded:
        if (discarded_slot_) return slot(static_cast<int>(*discarded_slot_));
        break;
      default: break;
    }
  }
  why = "'" + words_text(t, i, std::min(t.size(), i + 4)) + "' is not a card cardc can find at runtime yet";
  return std::nullopt;
}

// The unit's one target of the card type `word` names ("the Personality"); nullopt if none or several.
std::optional<int> CardBinder::target_of_type(std::string_view word) const {
  int ct = lex_.card_type(word);
  // a keyword noun ("the Courtier"): the target whose phrase's noun it is (sema's targeting pass, find_noun)
  auto named = [&](const Targeting& tg) {
    return ct >= 0 ? tg.card_type == ct : !word.empty() && lower(tg.noun) == lower(std::string(word));
  };
  std::optional<int> found;
  for (size_t k = 0; k < unit_->targets.size(); ++k)
    if (named(unit_->targets[k])) {
      if (found) return std::nullopt;
      found = static_cast<int>(k);
    }
  return found;
}

// The unit's one target before `before` whose phrase is "your target ..." or "target your ..."; nullopt if none or
// several.
std::optional<int> CardBinder::your_earlier_target(SourceRange before) const {
  std::optional<int> found;
  for (size_t k = 0; k < unit_->targets.size(); ++k) {
    SourceRange r = unit_->targets[k].range;
    if (r.file != before.file || r.end > before.begin) continue;
    std::string text = lower(std::string(ctx_.sources.text(r)));
    bool yours = text.starts_with("your ") || text.starts_with("target your ") ||
                 (r.begin >= 5 && lower(std::string(ctx_.sources.text(SourceRange{r.file, r.begin - 5, r.begin}))) == "your ");
    if (!yours) continue;
    if (found) return std::nullopt;
    found = static_cast<int>(k);
  }
  return found;
}

Node CardBinder::slot(int k) { return call("cardrt_slot_get", {G(), C(), konst(k), konst(0)}); }

std::optional<Node> CardBinder::from_antecedent(SourceRange a, std::string& why) {
  const TextUnit& u = *unit_;
  // "Create a ... Personality card. Permanently give him +2F": the card just created.
  if (created_range_.valid() && created_range_.begin <= a.begin && a.end <= created_range_.end) return local(last_created_);
  if (auto k = picked_slot(a)) return slot(static_cast<int>(*k));
  // "Dishonor the duel's loser. Move him home.": the duelist named (references.cpp), read as "the loser" reads
  if (duel_local_) {
    std::vector<const ast::Term*> named;
    for (const Clause& c : u.effects)
      for (const ast::Term* term : c.all_terms)
        if (term->range.begin >= a.begin && term->range.end <= a.end) named.push_back(term);
    size_t end = 0;
    if (auto d = duelist_at(named, 0, end); d && end == named.size()) return d;
  }
  for (size_t k = 0; k < u.targets.size(); ++k)
    if (u.targets[k].range == a) {
      // "target one or two Personalities": only a verb that runs for each of them may use them (each_card.cpp);
      // anywhere else the first card alone would be read (fail closed)
      if (std::find(multi_targets_.begin(), multi_targets_.end(), k) != multi_targets_.end()) {
        why = "what happens to each of '" + std::string(ctx_.sources.text(a)) + "' here is not compiled yet";
        return std::nullopt;
      }
      return slot(static_cast<int>(k));
    }
  // "Target an enemy Personality or Follower: Give it -3F": a noun further on in the target's phrase
  if (auto k = target_containing(a)) return slot(static_cast<int>(*k));
  // "this Shugenja" on a Spell, then "he": the card performing the action (performers.cpp)
  if (std::string_view text = ctx_.sources.text(a); text.starts_with("this ") || text.starts_with("This ")) {
    if (performer_slot_) return slot(static_cast<int>(*performer_slot_));
    // ... or, in a continuous trait of a Spell, the one it is attached to (printed_performer)
    const CardTypeDef* ct = p_.card_type(r_.card->type);
    if (ct && ct->action)
      if (auto who = printed_performer()) {
        // 001 This: "this Shugenja" is the card it is attached to only while he has the keyword; else it fails
        if (auto k = p_.keyword_id(text.substr(5)))
          return binary(Op::Mul, *who, call("cardrt_card_has_keyword", {G(), *who, konst(static_cast<int64_t>(*k))}));
        return who;
      }
  }
  // "Bow the Personality. If he is dishonorable, ...": "the Personality" is the unit's one Personality target
  if (a.begin >= 4) {
    std::string_view the = ctx_.sources.text(SourceRange{a.file, a.begin - 4, a.begin});
    std::string_view noun = ctx_.sources.text(a);
    if (lower(std::string(the)) == "the " && noun.find(' ') == std::string_view::npos)
      if (auto k = target_of_type(possessive_stem(noun))) return slot(*k);
  }
  for (const Reference& r : u.references)
    if (r.range == a) {
      if (r.kind == RefKind::ThisCard) return self();
      if (r.kind == RefKind::ThisBearer || r.kind == RefKind::ThisKeyword) return bearer();
    }
  for (const Clause& c : u.constraints)
    if (c.role == ClauseRole::Trigger && c.range.begin <= a.begin && a.end <= c.range.end)
      return call("cardrt_ctx_event", {G(), C(), konst(CARDRT_EVF_CARD)});
  why = "'" + std::string(ctx_.sources.text(a)) + "' is not something cardc can find at runtime yet";
  return std::nullopt;
}

// A number at terms[i]: 3, X, "a"/"an" (one).
std::optional<Node> CardBinder::amount_at(const Clause& c, size_t i) {
  if (i >= c.terms.size()) return std::nullopt;
  const ast::Term& t = *c.terms[i];
  if (t.kind == ast::TermKind::Number) return konst(t.value);
  if (t.kind == ast::TermKind::X) return chosen_x();
  std::string w = lower_word(t);
  if (w == "a" || w == "an") return konst(1);
  if (int n = Lexicon::number_word(w); n >= 0) return konst(n);
  return std::nullopt;
}

// CARDRT_DUR_* for the clause's "until ..." phrase; `fallback` when it has none.
int32_t CardBinder::duration(const Clause& c, int32_t fallback) {
  const auto& t = c.all_terms;
  for (size_t i = 0; i < t.size(); ++i) {
    if (!word_is(*t[i], "until")) continue;
    size_t len = 0;
    int d = lex_.duration_at(std::span(t).subspan(i), len);
    if (d < 0) return -1;
    return runtime_duration(p_.durations[static_cast<size_t>(d)]);
  }
  return fallback;
}

// A card-set phrase in a continuous trait ("Your Samurai Personalities"): a filter function over its words.
std::optional<int> CardBinder::subject_filter(const Clause& c, size_t to) {
  std::optional<Node> test;
  std::string why;
  if (!noun_filter(c.terms, 0, to, param(2), test, why)) {
    fail({c.range, why});
    return std::nullopt;
  }
  return filter_function(std::move(*test), c.range);
}

}  // namespace cardc::binding
