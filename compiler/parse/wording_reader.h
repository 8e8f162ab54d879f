#pragma once
// The wording reader's ANTLR-free face: the tokens of one paragraph (compiler/wording/classify.h) in, its meaning
// (compiler/meaning/meaning.h) out, built by the sentence shapes of grammar/english/Wording.g4. A paragraph is read
// only when the grammar covers every token; otherwise the first token no shape reads is named.
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "meaning/meaning.h"
#include "profile/game_profile.h"
#include "wording/word_token.h"

namespace cardc {

struct WordingRead {
  std::optional<meaning::Unit> unit;  // the meaning, when every word was read
  SourceRange unread;                 // otherwise: the first word no shape reads (or the last, if more was expected)
  std::string why;                    // and what went wrong in the reading, when the words were read
  // 003 Traits: pronouns that name a person ("he", "him", "his") whose antecedent may be a card of a type that is no
  // person (the profile's [person] card types): the pronoun, and that card type
  std::vector<std::pair<SourceRange, meaning::ProfileId>> disagreeing_pronouns;
};

// 003 Embedded text: reads the quoted paragraph whose term is at `quoted` as a unit of its own, on a card of type
// `holder` (the card given it, -1 when the words do not say: "this Personality" in it names that card).
using EmbeddedReader = std::function<WordingRead(SourceRange quoted, int holder)>;

// `card_type`: the card's type in the profile (references to "this Personality" on an attachment name its bearer).
// `keywords`: the card's own printed keywords ("this Terrain" on a Terrain Strategy names the card itself, 001 This)
// `embedded`: how quoted text is read (none: a granted trait or ability is refused).
WordingRead read_wording(std::span<const wording::WordToken> tokens, const GameProfile& profile, int card_type,
                         std::span<const meaning::ProfileId> keywords = {}, const EmbeddedReader* embedded = nullptr);

}  // namespace cardc
