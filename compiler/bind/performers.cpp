// The binder (card_binder.h): the card that performs an action ("Choose your performing unbowed Monk", "Bow your
// performing Shugenja", "Target your performing Personality"). An action printed on a card in play is performed by
// that card, or by the card an attachment is attached to (001 This); an action card's (a Strategy's, a Spell's)
// action is performed by one of your cards the text describes, chosen as the action is announced, and a Battle
// action only by one present at the current battlefield (001 Tactician: "one of your unbowed Tacticians is at the
// current battlefield"). Later words name it again: "your Monk", "him", "this Shugenja".
#include "bind/card_binder.h"

#include <algorithm>
#include <span>

#include "bind/runtime_profile.h"
#include "sema/unit_walk.h"

namespace cardc::binding {

namespace {

bool is_performing(const ast::Term& t) { return lower_word(t) == "performing"; }

}  // namespace

// The performer of the unit's action when the card itself or its bearer performs it; nullopt for action cards.
std::optional<Node> CardBinder::printed_performer() const {
  const CardTypeDef* ct = p_.card_type(r_.card->type);
  if (!ct) return std::nullopt;
  // An action card's continuous trait holds while the card is in play, which for a Spell is attached to the one who
  // cast it ("Shugenja may attach and cast Spells"; "While this Shugenja is Thunder, he has +1C"): its bearer
  // 003 Embedded text: an ability granted to a card is that card's own, performed by it ("the ability, "Battle:
  // Target an enemy card with lower Force ...""), whatever card granted it
  if (unit_ && std::find(embedded_units_.begin(), embedded_units_.end(), unit_) != embedded_units_.end()) return self();
  if (ct->action) return unit_ && unit_->kind == UnitKind::ContinuousTrait ? std::optional<Node>(bearer()) : std::nullopt;
  return ct->attaches ? bearer() : self();
}

// Whether the card performs its unit's action itself (or through its bearer): a person does, an attachment's bearer
// does, a granted ability's holder does; a Holding or a Stronghold performs none (001 Tactician: an action "not
// performed by any card"), so "your performing Shugenja" on it is one of yours, chosen as the action is announced.
bool CardBinder::performs_own_actions() const {
  const CardTypeDef* ct = p_.card_type(r_.card->type);
  if (!ct || !printed_performer()) return false;
  if (unit_ && std::find(embedded_units_.begin(), embedded_units_.end(), unit_) != embedded_units_.end()) return true;
  return ct->action || ct->attaches || ct->person;
}

// The card performing the unit's action: the one chosen as it was announced, else the printed one.
std::optional<Node> CardBinder::performer() const {
  if (performer_slot_) return call("cardrt_slot_get", {G(), C(), konst(*performer_slot_), konst(0)});
  return printed_performer();
}

// "this Shugenja" on an action card, whose text has no card of that keyword: the card performing the action.
// "this Shugenja's Chi": the possessive of a one-word keyword names it too.
bool CardBinder::names_performer_by_keyword(const std::vector<const ast::Term*>& t, size_t i, size_t& len) const {
  const CardTypeDef* ct = p_.card_type(r_.card->type);
  if (!ct || !ct->action || i + 1 >= t.size() || !word_is(*t[i], "this") || reference_at(t[i])) return false;
  if (lex_.keyword_at(std::span(t).subspan(i + 1), len) >= 0) return true;
  std::string stem = possessive_stem(t[i + 1]->text);
  if (stem == t[i + 1]->text) return false;
  ast::Term word = *t[i + 1];
  word.text = stem;
  std::vector<const ast::Term*> one{&word};
  return lex_.keyword_at(one, len) >= 0 && len == 1;
}

// Before the unit's targets and costs: an action card's performer is chosen, once, as the action is announced.
bool CardBinder::performer_choice(const TextUnit& u, int32_t designators, Body& b) {
  performer_slot_.reset();
  performer_noun_.clear();
  if (u.kind != UnitKind::Ability || performs_own_actions()) return true;
  std::vector<const Clause*> clauses;
  for (const Clause& c : u.constraints) clauses.push_back(&c);
  for (const Clause& c : u.effects) clauses.push_back(&c);
  for (const Clause* c : clauses) {
    const auto& t = c->all_terms;  // with its leading conditions ("If this Shugenja is Earth, ...")
    for (size_t i = 0; i < t.size(); ++i) {
      size_t len = 0;
      size_t from = 0, to = 0;
      if (is_performing(*t[i]) && i > 0 && word_is(*t[i - 1], "your")) {
        // "Target your performing Personality": the target is the performer (noun_filter reads "performing")
        if (i > 1 && word_is(*t[i - 2], "target")) return true;
        from = i + 1;
        to = target_phrase_end(t, i);
      } else if (names_performer_by_keyword(t, i, len)) {
        from = i + 1;
        to = i + 1 + len;
      } else {
        continue;
      }
      std::optional<Node> test;
      std::string why;
      // "this Shugenja's Chi": the filter reads the keyword without its possessive
      std::vector<const ast::Term*> words(t.begin() + static_cast<long>(from), t.begin() + static_cast<long>(to));
      ast::Term stem = *words.back();
      const std::string stem_text = possessive_stem(stem.text);  // a term's text is a view: keep what it views
      stem.text = stem_text;
      words.back() = &stem;
      if (!noun_filter(words, 0, words.size(), param(2), test, why)) return fail({c->range, why});
      // yours, and present at the battle for a Battle action
      Node mine = binary(Op::Eq, call("cardrt_card_controller", {G(), param(2)}), controller());
      Node f = and_(std::move(*test), std::move(mine));
      bool anywhere = lower(words_text(t, from, to)).find("at any location") != std::string::npos;
      if ((designators & CARDRT_DESIG_BATTLE) && !anywhere)
        f = and_(std::move(f), binary(Op::Eq, call("cardrt_card_battlefield", {G(), param(2)}), call("cardrt_current_battlefield", {G()})));
      auto k = choose_into_slot(*c, filter_function(std::move(f), c->range), 1, 1, 0, b);
      if (!k) return false;
      performer_slot_ = *k;
      // its noun: the last word before a restriction ("your performing Courtier at any location": "courtier")
      size_t noun = from;
      for (size_t j = from; j < to; ++j) {
        std::string w = lower_word(*t[j]);
        if (w == "at" || w == "with" || w == "without" || w == "in" || w == "who" || w == "whose" || w == "that") break;
        noun = j;
      }
      performer_noun_ = lower(possessive_stem(t[noun]->text));
      picked_.push_back({terms_range(t, i, to), *k});
      return true;
    }
  }
  return true;
}

// The performer named at t[i] ("your performing Monk", "your Monk" once chosen, "this Shugenja"); `end` is where
// its words end. nullopt when the words there do not name it.
std::optional<Node> CardBinder::performer_at(const std::vector<const ast::Term*>& t, size_t i, size_t& end) const {
  if (i + 1 >= t.size()) return std::nullopt;
  std::string w = lower_word(*t[i]);
  std::optional<Node> who = performer();
  if (!who) return std::nullopt;
  size_t len = 0;
  if ((w == "your" || w == "the") && is_performing(*t[i + 1])) {
    end = target_phrase_end(t, i + 1);
    return who;
  }
  if (names_performer_by_keyword(t, i, len)) {
    end = i + 1 + len;
    // a Spell's trait: the card it is attached to, only while he has the keyword (001 This; else it fails)
    if (!performer_slot_) {
      size_t klen = 0;
      const int kw = lex_.keyword_at(std::span(t).subspan(i + 1), klen);
      if (kw >= 0) return binary(Op::Mul, *who, call("cardrt_card_has_keyword", {G(), *who, konst(kw)}));
    }
    return who;
  }
  // "your Monk", "your Berserker's base Force": the performer chosen as "your performing unbowed Monk"
  if (w == "your" && !performer_noun_.empty() && lower(possessive_stem(t[i + 1]->text)) == performer_noun_) {
    end = i + 2;
    return who;
  }
  return std::nullopt;
}

}  // namespace cardc::binding
