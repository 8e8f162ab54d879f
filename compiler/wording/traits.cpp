// The traits of a paragraph (traits.h; 003 Traits).
#include "wording/traits.h"

#include <algorithm>

#include "wording_tokens.h"

namespace cardc::wording {

namespace {

bool is(const WordToken& w, Token t) { return w.type == static_cast<int>(t); }

// A sentence that can only refer back: "This may ...", "This is ...", or a pronoun before any card it names itself
// (a card type, the card's own name, "card", "unit", "player", ...).
bool refers_back(std::span<const WordToken> s) {
  if (s.empty()) return false;
  if (is(s[0], Token::THIS))
    return s.size() == 1 || is(s[1], Token::MAY) || is(s[1], Token::WILL) || is(s[1], Token::IS) || is(s[1], Token::CAN) ||
           is(s[1], Token::PERIOD);
  static constexpr Token pronouns[] = {Token::HE, Token::SHE, Token::IT, Token::THEY, Token::HIM, Token::HER, Token::THEM, Token::HIS, Token::ITS};
  static constexpr Token nouns[] = {Token::CARD_TYPE, Token::CARD_TYPES, Token::NAME, Token::CARD, Token::CARDS, Token::UNIT,
                                    Token::PLAYER, Token::OPPONENT, Token::ATTACHMENT, Token::ATTACHMENTS, Token::BATTLEFIELD};
  for (const WordToken& w : s) {
    if (std::any_of(std::begin(pronouns), std::end(pronouns), [&](Token t) { return is(w, t); })) return true;
    if (std::any_of(std::begin(nouns), std::end(nouns), [&](Token t) { return is(w, t); })) return false;
  }
  return false;
}

}  // namespace

std::vector<std::span<const WordToken>> traits_of(std::span<const WordToken> paragraph, bool action_card) {
  const bool colon = std::any_of(paragraph.begin(), paragraph.end(), [](const WordToken& w) { return is(w, Token::COLON); });
  if (colon || action_card) return {paragraph};
  std::vector<std::span<const WordToken>> out;
  size_t from = 0;
  for (size_t i = 0; i < paragraph.size(); ++i) {
    if (!is(paragraph[i], Token::PERIOD) && i + 1 < paragraph.size()) continue;
    std::span<const WordToken> sentence = paragraph.subspan(from, i + 1 - from);
    if (!out.empty() && refers_back(sentence)) out.back() = paragraph.subspan(out.back().data() - paragraph.data(), i + 1 - (out.back().data() - paragraph.data()));
    else out.push_back(sentence);
    from = i + 1;
  }
  return out;
}

}  // namespace cardc::wording
