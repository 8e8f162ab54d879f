#pragma once
// 003 Traits: the traits of a paragraph. A paragraph with a colon is one trait or ability; one without holds a trait
// per sentence, except that a sentence that can only refer back ("He has +2F": a pronoun before any card of its own,
// "This may ...") belongs to the one before it (003 Traits EXCEPTION); an action card's sentences are together what
// it does when played. The binder's reading (sema/text_reading.cpp) splits the same way.
#include <span>
#include <vector>

#include "wording/word_token.h"

namespace cardc::wording {

// The paragraph's tokens (compiler/wording/classify.h), one span a trait, in text order.
std::vector<std::span<const WordToken>> traits_of(std::span<const WordToken> paragraph, bool action_card);

}  // namespace cardc::wording
