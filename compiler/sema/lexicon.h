#pragma once
// The profile's vocabulary as the semantic passes meet it in running text: card type nouns in any case and
// number ("Personalities", "beast"), multi-word stats, resources, statuses, keywords and durations.
#include <string>
#include <string_view>

#include "profile/game_profile.h"
#include "sema/clause_reader.h"

namespace cardc {

class Lexicon {
 public:
  explicit Lexicon(const GameProfile& p) : p_(p) {}

  // Card type named by one word, singular or plural, any case; -1 if none.
  int card_type(std::string_view word, bool* plural = nullptr) const;
  // Nouns for game entities that are not card types: card, player, unit, Province, army, attachment, token ...
  static bool entity_noun(std::string_view lower);
  // Multi-word matches starting at terms[0]; `len` gets the number of words; -1 if none.
  int stat_at(TermSpan terms, size_t& len) const;       // "Personal Honor", "Force", "ATK"
  int resource_at(TermSpan terms, size_t& len) const;   // "prayer token(s)", "Gold", "coins"
  int status_at(TermSpan terms, size_t& len) const;     // "Poison", "damage counters"
  int keyword_at(TermSpan terms, size_t& len) const;    // "Lion Clan" (case as printed)
  int duration_at(TermSpan terms, size_t& len) const;   // "until the end of the turn"
  int stat_abbrev(std::string_view letters) const;      // "F" -> Force

  const GameProfile& profile() const { return p_; }

 private:
  const GameProfile& p_;
};

bool is_pronoun(std::string_view lower);
// "hero's" -> "hero": a possessive names the same thing.
std::string possessive_stem(const std::string& w);
// "a", "an", "the", "one", "another" ... words that open a noun phrase.
bool is_determiner(std::string_view lower);

}  // namespace cardc
