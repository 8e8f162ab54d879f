#pragma once
// The lexicon step of the wording reader: each word of a paragraph becomes a token of the wording grammar
// (grammar/english/WordingLexer.g4). The profile's names come first, longest match, multi-word names merged into one
// token (003 Keywords: a keyword compares whole); then the language's closed-class words; any other word is WORD,
// which no sentence shape reads.
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ast/ast.h"
#include "profile/game_profile.h"
#include "sema/lexicon.h"
#include "wording/word_token.h"

namespace cardc::wording {

class Classifier {
 public:
  explicit Classifier(const Lexicon& lex);
  // The tokens of `p`: its blocks joined by COLON, its sentences ended by PERIOD where printed. `title`: the card's
  // title, whose words name the card itself (NAME).
  std::vector<WordToken> classify(const ast::Paragraph& p, std::string_view title = {}) const;

 private:
  // `lower`: scratch for the lower-cased word, reused across a paragraph's words (no allocation per word)
  void sentence(std::span<const ast::Term> terms, std::vector<WordToken>& out, std::string_view title, std::string& lower) const;
  size_t own_name(std::span<const ast::Term* const> words, std::string_view title) const;
  size_t action_tail(std::span<const ast::Term* const> words, const std::vector<WordToken>& out, int& action, bool& plural) const;
  // `first`: words[0] lower-cased; `event`: whether an event phrase may start here, and whether it wins over a verb of
  // the same length (after a trigger's subject: "After you Equip this Follower") or only when longer (at the start of
  // the paragraph: "Focus Effect:", but "Discard a card:" is a cost); `place`: where a zone may be named (after "into",
  // "your", a possessive), a zone's name read before a verb of the same spelling ("into play")
  enum class EventHere : uint8_t { No, Longer, Ties };
  bool profile_name(std::span<const ast::Term* const> words, std::string_view first, WordToken& out, size_t& len,
                    EventHere event, bool place) const;
  const Lexicon& lex_;
  const GameProfile& p_;
  std::vector<int> verb_tokens_;
  std::vector<std::vector<std::string>> designator_words_;  // lower case
  std::vector<std::vector<std::string>> zone_words_;        // lower case: each zone's name and its short names
  std::vector<int> zone_ids_;                               // the zone each of zone_words_ names
  std::vector<std::vector<std::string>> description_words_;  // lower case ("dishonorable")
  // a card state's name and its opposite's ("Bowed", "Unbowed"): the state and whether it holds
  struct StateWords {
    std::vector<std::string> words;  // lower case
    int state;
    bool holds;
  };
  std::vector<StateWords> state_words_;
  // Maps keyed by a lower-case word, looked up with a string_view (no key string built per lookup).
  struct WordHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  template <class V>
  using ByWord = std::unordered_map<std::string, V, WordHash, std::equal_to<>>;
  // profile verbs and events by their first word (lower case): the few that can start at a word, not all of them
  ByWord<std::vector<int>> verbs_by_first_, events_by_first_;
  // the third-person forms of the one-word verbs ("challenges", "carries") -> the first verb with that form, as
  // ClauseReader::third_person_verb finds it (walking the verbs for every word cost a tenth of the meaning pass)
  ByWord<int> third_person_;
  // every word (lower case) a name of the profile may start at, and the kinds of names that may start there
  // (`May`): a verb, a verb's third person, an event, a name of the Lexicon's (Lexicon::first_word_forms), a zone (or
  // its plural), a description, a designator, a card state. profile_name asks only the lookups and walks a word may
  // answer: one lookup at most words ("the", "target", "each" ...), the card types alone at "Personality"
  enum May : uint16_t {
    kVerb = 1, kThirdPerson = 2, kEvent = 4, kDuration = 8, kStat = 16, kResource = 32, kStatus = 64, kCardType = 128,
    kKeyword = 256, kZone = 512, kDescription = 1024, kDesignator = 2048, kState = 4096
  };
  ByWord<uint16_t> may_name_;
};

}  // namespace cardc::wording
