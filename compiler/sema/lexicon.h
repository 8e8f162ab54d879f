#pragma once
// The profile's vocabulary as the semantic passes meet it in running text: card type nouns in any case and
// number ("Personalities", "beast"), multi-word stats, resources, statuses, keywords and durations.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "profile/game_profile.h"
#include "sema/clause_reader.h"

namespace cardc {

class Lexicon {
 public:
  // Splits and lower-cases the profile's names once: build one per pass (copies share the tables), not per lookup.
  explicit Lexicon(const GameProfile& p);

  // Card type named by one word, singular or plural, any case; -1 if none.
  int card_type(std::string_view word, bool* plural = nullptr) const;
  // Nouns for game entities that are not card types: card, player, unit, Province, army, attachment, token ...
  static bool entity_noun(std::string_view lower);
  // A number written as a word, "zero" to "ten" (lower case); -1 if none.
  static int number_word(std::string_view lower);
  // A use limit, lower case: "once per turn" (1, per turn), "twice per turn", "three times per turn", "2 times per
  // game", "once per game" (003 Traits: "once (or twice, etc.) per turn (or phase, game, etc.)"). `times` 0 when the
  // words are no such limit; `per_game`: it counts the game, not the turn.
  static void use_limit(std::string_view lower, int& times, bool& per_game);
  // Multi-word matches starting at terms[0]; `len` gets the number of words; -1 if none.
  int stat_at(TermSpan terms, size_t& len) const;       // "Personal Honor", "Force", "ATK"
  int resource_at(TermSpan terms, size_t& len) const;   // "prayer token(s)", "Gold", "coins"
  int status_at(TermSpan terms, size_t& len) const;     // "Poison", "damage counters"
  int keyword_at(TermSpan terms, size_t& len) const;    // "Lion Clan" (case as printed)
  int duration_at(TermSpan terms, size_t& len) const;   // "until the end of the turn"
  int stat_abbrev(std::string_view letters) const;      // "F" -> Force
  // The tables of names the lookups below find in.
  enum class Names : uint8_t { Stats, Resources, Statuses, Durations, Keywords, CardTypes };
  // Every word (lower case) the lookup of `names` (stat_at, resource_at, status_at, duration_at, keyword_at,
  // card_type) can find a name at, and more: a first word as the lookup looks it up (a plural form where it takes
  // one). At a word not among them that lookup finds nothing, so a caller asking all six at every word asks this
  // first.
  std::vector<std::string> first_word_forms(Names names) const;
  // The words of each designator's name, lower case, in the profile's order ("Battle", "Open" ...)
  const std::vector<std::vector<std::string>>& designator_words() const { return t_->designators; }

  const GameProfile& profile() const { return p_; }

 private:
  using Spelling = std::vector<std::string>;  // words, lower case
  // Entries by their first word, so a lookup tries the few that can match instead of the whole vocabulary
  // (the binder and the passes ask at nearly every word). Values keep the tables' order: ties go to the first.
  struct WordHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  template <class V>
  using ByWord = std::unordered_map<std::string, V, WordHash, std::equal_to<>>;
  struct Spellings {
    std::vector<std::vector<Spelling>> entries;              // per entry: name, abbreviations (...)
    ByWord<std::vector<std::pair<uint32_t, uint32_t>>> first;  // first word -> (entry, spelling)
  };
  struct Tables {
    Spellings stats, resources, statuses, durations;
    std::vector<std::vector<std::string>> designators;  // lower case
    std::vector<std::vector<std::string>> keywords;  // words as printed, split at each blank
    ByWord<std::vector<uint32_t>> keyword_first;     // first word as printed -> keywords
    std::vector<std::string> card_types;             // lower case
    ByWord<std::pair<int, bool>> card_type_forms;    // singular and plural forms, lower case -> (type, plural)
  };
  static int longest_at(TermSpan terms, size_t& len, const Spellings& s, bool allow_plural);
  const GameProfile& p_;
  std::shared_ptr<const Tables> t_;
};

// Lower-cases ASCII letters only: std::tolower in the "C" locale, which cardc never changes.
inline char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + ('a' - 'A')) : c; }
// `text` lower-cased equals `lower` (already lower case), without building the lower-cased copy.
bool lower_equals(std::string_view text, std::string_view lower);
// The word `t` lower-cased equals `lower`: `lower_word(t) == lower` (also "" for a term that is no word) without
// building the lower-cased copy, nor measuring a literal before comparing sizes as std::string's == does.
inline bool word_is(const ast::Term& t, std::string_view lower) { return lower_equals(word_text(t), lower); }

bool is_pronoun(std::string_view lower);
// "hero's" -> "hero": a possessive names the same thing.
std::string possessive_stem(std::string_view w);
// The length of `w` without its possessive ending ("hero's" -> 4, "heroes'" -> 6); 0 when it has none.
size_t possessive_stem_size(std::string_view w);
// "a", "an", "the", "one", "another" ... words that open a noun phrase.
bool is_determiner(std::string_view lower);

}  // namespace cardc
