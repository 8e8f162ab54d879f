#pragma once
// The renderer: a meaning tree spelled back as canonical English card text (as XMage writes each card's rules text
// from its effects). render() gives the words as tokens of the wording grammar, so that the round trip
// (round_trip.h) compares meaning with meaning; spell() writes them as text for a designer.
#include <string>
#include <vector>

#include "meaning/meaning.h"
#include "profile/game_profile.h"
#include "wording/word_token.h"

namespace cardc::wording {

std::vector<WordToken> render(const meaning::Unit& u, const GameProfile& p);
std::string spell(const std::vector<WordToken>& words, const GameProfile& p);

}  // namespace cardc::wording
