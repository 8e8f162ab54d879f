#include "wording/round_trip.h"

#include "wording_tokens.h"

namespace cardc::wording {

namespace {

bool is(const WordToken& w, Token t) { return w.type == static_cast<int>(t); }
// a verb of the profile (WordingLexer.g4's V_ tokens, in one run from V_GAIN to V_USE)
bool verb_token(const WordToken& w) { return w.type >= static_cast<int>(Token::V_GAIN) && w.type <= static_cast<int>(Token::V_USE); }

struct Key {
  int type;
  int64_t id;
  int64_t value;
  SourceRange range;
  bool operator==(const Key& o) const { return type == o.type && id == o.id && value == o.value; }
};

// The normal form of a word sequence: what it means, not how it is spelled (round_trip.h).
std::vector<Key> normal_form(std::span<const WordToken> words) {
  std::vector<Key> out;
  const int kA = static_cast<int>(Token::A), kNumber = static_cast<int>(Token::NUMBER);
  for (size_t i = 0; i < words.size(); ++i) {
    const WordToken& w = words[i];
    Key k{w.type, -1, 0, w.range};
    switch (static_cast<Token>(w.type)) {
      case Token::A: case Token::AN:
        // "a target Personality" is "target Personality"; "he is a Kensai" is "he is Kensai"
        if (i + 1 < words.size() && is(words[i + 1], Token::V_TARGET)) continue;
        if (i > 0 && is(words[i - 1], Token::IS) && i + 1 < words.size() && is(words[i + 1], Token::KEYWORD)) continue;
        k.type = kA;
        break;
      case Token::ONE: k.type = kA; break;
      // "less than" and "lower than", "more" and "higher" compare alike
      case Token::LOWER: k.type = static_cast<int>(Token::LESS); break;
      case Token::HIGHER: k.type = static_cast<int>(Token::MORE_); break;
      case Token::ANOTHER:  // "another" = "a" + "other"
        out.push_back(Key{kA, -1, 0, w.range});
        k.type = static_cast<int>(Token::OTHER);
        break;
      case Token::NUMBER: if (w.value == 1) k.type = kA; else k.value = w.value; break;
      case Token::ZERO: k = {kNumber, -1, 0, w.range}; break;
      case Token::TWO: k = {kNumber, -1, 2, w.range}; break;
      case Token::THREE: k = {kNumber, -1, 3, w.range}; break;
      case Token::FOUR: k = {kNumber, -1, 4, w.range}; break;
      case Token::FIVE: k = {kNumber, -1, 5, w.range}; break;
      case Token::HE: case Token::SHE: case Token::HIM: case Token::HER: case Token::HIS:
        k.type = static_cast<int>(Token::HE);  // a person, whatever the case or gender
        break;
      case Token::CARD_TYPES: k.type = static_cast<int>(Token::CARD_TYPE); k.id = w.id; k.value = 1; break;
      case Token::COMMA:
        // "After this Follower enters play, lose 1 Honor": a trigger ends at a comma as at a colon
        if (!out.empty() && out.back().type == static_cast<int>(Token::EVENT)) k.type = static_cast<int>(Token::COLON);
        // "A, B, and C" is "A, B and C"; "target beast, ignoring Resist" is "target beast ignoring Resist"
        else if (i + 1 < words.size() && (is(words[i + 1], Token::AND) || is(words[i + 1], Token::IGNORING))) continue;
        // "Ranged 3 Attack, with +2 strength if ..." is "Ranged 3 Attack with +2 strength if ..."
        else if (i + 3 < words.size() && is(words[i + 1], Token::WITH) && is(words[i + 2], Token::MODIFIER) && is(words[i + 3], Token::STRENGTH)) continue;
        // "the ability "..."" is "the ability, "..."" (003 Embedded text)
        else if (i + 1 < words.size() && is(words[i + 1], Token::EMBEDDED)) continue;
        // "an additional action, which he must perform" is "an additional action which he must perform"
        else if (i + 1 < words.size() && is(words[i + 1], Token::WHICH)) continue;
        // "Search your deck for a Ring, reveal it, and put it in your hand": effects one after the other, as after "and"
        else if (i + 1 < words.size() && verb_token(words[i + 1])) k.type = static_cast<int>(Token::PERIOD);
        break;
      case Token::SLASH:
        // "+1F/+1C" is "+1F and +1C"
        if (i > 0 && is(words[i - 1], Token::MODIFIER) && i + 1 < words.size() && is(words[i + 1], Token::MODIFIER))
          k.type = static_cast<int>(Token::AND);
        break;
      case Token::MODIFIER: {
        // "+2 Force" and "Force +2" are "+2F"
        k.id = w.id;
        k.value = w.value;
        if (k.id < 0 && i + 1 < words.size() && is(words[i + 1], Token::STAT)) k.id = words[++i].id;
        else if (k.id < 0 && !out.empty() && out.back().type == static_cast<int>(Token::STAT)) {
          k.id = out.back().id;
          out.pop_back();
        }
        break;
      }
      case Token::PRINTED: k.type = static_cast<int>(Token::BASE); break;  // "printed Force" is "base Force" (003 Stats)
      case Token::NOW:  // "if his Force is now 0": a condition is judged as it resolves, "now" says no more
        continue;
      case Token::CAN: case Token::MAY:
        // "Can only attach to", "May not attach to": a requirement of attachment, as "Will only attach to"
        if (i + 2 < words.size() && (is(words[i + 1], Token::ONLY) || is(words[i + 1], Token::NOT)) && is(words[i + 2], Token::V_ATTACH))
          k.type = static_cast<int>(Token::WILL);
        break;
      case Token::YOUR:
        // "your target Personality" is "target your Personality"
        if (i + 1 < words.size() && is(words[i + 1], Token::V_TARGET)) {
          out.push_back(Key{words[i + 1].type, -1, words[i + 1].value, words[i + 1].range});
          out.push_back(k);
          ++i;
          continue;
        }
        break;
      case Token::CARD:
        // "a Samurai card" is "a Samurai": a card named by its keywords; "a Shard card" is "a Shard" (its type)
        if (!out.empty() && (out.back().type == static_cast<int>(Token::KEYWORD) || out.back().type == static_cast<int>(Token::CARD_TYPE))) continue;
        break;
      case Token::CARDS:
        // "Samurai cards" is "Samurais": cards named by their keywords
        if (!out.empty() && out.back().type == static_cast<int>(Token::KEYWORD)) {
          out.back().value = 1;
          continue;
        }
        break;
      case Token::KEYWORD:
        k.id = w.id;
        k.value = w.plural ? 1 : 0;  // "Monk" is not "Monks"
        break;
      case Token::AND:
        // "Bow him and destroy him" is "Bow him. Destroy him.": effects one after the other
        if (i + 1 < words.size() && verb_token(words[i + 1])) k.type = static_cast<int>(Token::PERIOD);
        break;
      case Token::V_TAKE_CONTROL:
      case Token::RULE:
        // "you control": a profile's verb "Control" after "you" is the relation; "you rule" is its Terrus wording
        if (i > 0 && is(words[i - 1], Token::YOU)) k.type = static_cast<int>(Token::CONTROL);
        // "each player who does not control ...", "who controls ..." (docs/meaning.md 23): the relation too
        if (i > 1 && is(words[i - 1], Token::NOT) && is(words[i - 2], Token::DOES)) k.type = static_cast<int>(Token::CONTROL);
        if (i > 0 && is(words[i - 1], Token::WHO) && w.type == static_cast<int>(Token::V_TAKE_CONTROL)) k.type = static_cast<int>(Token::CONTROLS);
        // "another player controls ..." (docs/meaning.md 25): the relation
        if (i > 1 && is(words[i - 1], Token::PLAYER) && is(words[i - 2], Token::ANOTHER) && w.type == static_cast<int>(Token::V_TAKE_CONTROL))
          k.type = static_cast<int>(Token::CONTROLS);
        break;
      case Token::STAT_VALUE:  // "2F": the stat and its value
        k.id = w.id;
        k.value = w.value;
        break;
      case Token::BULLET:  // "Lion Clan • Samurai" is "Lion Clan, Samurai"
        k.type = static_cast<int>(Token::COMMA);
        break;
      case Token::V_SET_STATE:
        // "Dishonor him" is not "Rehonor him": a set-state verb by its entry (each names its state and direction)
      case Token::V_PUT:
        // "Put it into your hand" is not "Refill it" or "Rearrange it": the profile's verbs of moving cards say more
        // than their primitive
        k.id = w.id;
        break;
      case Token::V_FLIP:
        // "your turn", "once per turn", "this turn": a profile's verb "Turn" after "your", "per" or "this" is the noun
        if (i > 0 && (is(words[i - 1], Token::YOUR) || is(words[i - 1], Token::PER) || is(words[i - 1], Token::THIS)))
          k.type = static_cast<int>(Token::TURN);
        break;
      case Token::YOU:
        // "a Follower you control" is "your Follower": the side before the card's adjectives
        if (i + 1 < words.size() && (is(words[i + 1], Token::CONTROL) || is(words[i + 1], Token::RULE) || is(words[i + 1], Token::V_TAKE_CONTROL)) && !out.empty() &&
            (out.back().type == static_cast<int>(Token::CARD_TYPE) || out.back().type == static_cast<int>(Token::KEYWORD))) {
          size_t j = out.size() - 1;
          while (j > 0 && (out[j - 1].type == static_cast<int>(Token::KEYWORD) || out[j - 1].type == static_cast<int>(Token::OTHER) ||
                           out[j - 1].type == static_cast<int>(Token::STATE) || out[j - 1].type == static_cast<int>(Token::DESCRIPTION) ||
                           // "a defending Personality you control": a place in the battle is an adjective too
                           out[j - 1].type == static_cast<int>(Token::ATTACKING) || out[j - 1].type == static_cast<int>(Token::DEFENDING) ||
                           out[j - 1].type == static_cast<int>(Token::OPPOSED) ||
                           // "a Nonhuman or Shadowlands Personality you control": keywords as alternatives
                           (out[j - 1].type == static_cast<int>(Token::OR) && j > 1 && out[j - 2].type == static_cast<int>(Token::KEYWORD))))
            --j;
          // "a Holding you control" is "your Holding": the side takes the article's place
          if (j > 0 && out[j - 1].type == kA) out[j - 1] = Key{static_cast<int>(Token::YOUR), -1, 0, out[j - 1].range};
          else out.insert(out.begin() + static_cast<long>(j), Key{static_cast<int>(Token::YOUR), -1, 0, w.range});
          ++i;
          continue;
        }
        break;
      default:
        // a verb by its primitive (its token) and whether it is permanent (its value), a profile name by its entry, a
        // card state by its entry and whether it holds (its value)
        if (w.type >= static_cast<int>(Token::CARD_TYPE) && w.type <= static_cast<int>(Token::STATE)) k.id = w.id;
        k.value = w.value;
        break;
      case Token::KEYWORD_ACTION: {
        // a keyword action by its entry, by any of its names (the profile's synonyms: "make a Fear effect" is Fear);
        // "Fear with strength equal to", "Fear with a strength equal to" and "Fear equal to" say the same
        k.id = w.id;
        k.value = w.value;
        size_t j = i + 1;
        if (j < words.size() && is(words[j], Token::WITH)) ++j;
        if (j > i + 1 && j < words.size() && (is(words[j], Token::A) || is(words[j], Token::AN))) ++j;
        if (j > i + 1 && j < words.size() && is(words[j], Token::STRENGTH) && j + 1 < words.size() && is(words[j + 1], Token::EQUAL)) i = j;
        break;
      }
      case Token::ACTION_TAIL: k.id = w.id; break;
      case Token::EMBEDDED:
        // a rendered granted unit (render.cpp: its words between an opening and a closing EMBEDDED) is the one quoted
        // term printed; its words are compared with the quoted ones on their own (read_meaning.cpp)
        if (w.value == 1)
          for (int depth = 1; depth > 0 && i + 1 < words.size();) {
            ++i;
            if (is(words[i], Token::EMBEDDED)) depth += words[i].value == 1 ? 1 : words[i].value == 2 ? -1 : 0;
          }
        k.value = 0;
        break;
    }
    out.push_back(k);
  }
  return out;
}

}  // namespace

std::optional<RoundTripDifference> round_trip_difference(std::span<const WordToken> printed,
                                                         std::span<const WordToken> rendered) {
  std::vector<Key> a = normal_form(printed), b = normal_form(rendered);
  // a trailing period is the same sentence
  if (!a.empty() && a.back().type == static_cast<int>(Token::PERIOD)) a.pop_back();
  if (!b.empty() && b.back().type == static_cast<int>(Token::PERIOD)) b.pop_back();
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i)
    if (!(a[i] == b[i])) return RoundTripDifference{a[i].range, i};
  if (a.size() == b.size()) return std::nullopt;
  return RoundTripDifference{a.empty() ? SourceRange{} : a[std::min(n, a.size() - 1)].range, n};
}

}  // namespace cardc::wording
