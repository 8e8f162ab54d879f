#pragma once
// The round trip (docs/meaning.md): printed words -> meaning -> rendered words, compared after a normalisation that
// keeps meaning and drops spelling: case; a/an/one/1; number words and digits; he/she/him/her (which card a
// pronoun names is in the tree, its gender is not; "it" names a card that is no person); "+2F" / "+2 Force" / "Force +2"; a verb by its primitive, a name
// by its profile entry (abbreviations, plurals). Any other difference means the tree lost or bent a word.
#include <optional>
#include <span>
#include <vector>

#include "wording/word_token.h"

namespace cardc::wording {

struct RoundTripDifference {
  SourceRange printed;   // the first printed word that differs (or the last, if the rendering is longer)
  size_t rendered_at;    // the index of the rendered word it differs from
};

std::optional<RoundTripDifference> round_trip_difference(std::span<const WordToken> printed,
                                                         std::span<const WordToken> rendered);

}  // namespace cardc::wording
