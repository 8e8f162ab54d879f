#pragma once
// The lexicon step of the wording reader: each word of a paragraph becomes a token of the wording grammar
// (grammar/english/WordingLexer.g4). The profile's names come first, longest match, multi-word names merged into one
// token (003 Keywords: a keyword compares whole); then the language's closed-class words; any other word is WORD,
// which no sentence shape reads.
#include <string>
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
  void sentence(std::span<const ast::Term> terms, std::vector<WordToken>& out, std::string_view title) const;
  size_t own_name(std::span<const ast::Term* const> words, std::string_view title) const;
  bool profile_name(std::span<const ast::Term* const> words, WordToken& out, size_t& len, bool event) const;
  const Lexicon& lex_;
  const GameProfile& p_;
  std::vector<int> verb_tokens_;
  std::vector<std::vector<std::string>> designator_words_;  // lower case
  // a card state's name and its opposite's ("Bowed", "Unbowed"): the state and whether it holds
  struct StateWords {
    std::vector<std::string> words;  // lower case
    int state;
    bool holds;
  };
  std::vector<StateWords> state_words_;
  // profile verbs and events by their first word (lower case): the few that can start at a word, not all of them
  std::unordered_map<std::string, std::vector<int>> verbs_by_first_, events_by_first_;  // per profile verb: the token of its primitive (0: a primitive with no token)
};

}  // namespace cardc::wording
