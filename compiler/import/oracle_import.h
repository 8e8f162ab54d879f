#pragma once
// `cardc import --from=l5r-oracle`: one Oracle of the Void JSON export file (an array of cards of one card type,
// e.g. personalities.json) becomes one card set in the cardc language. In memory: JSON text in, .cards text and
// the cards that could not be converted out. See docs/coverage.md for the conversion rules.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cardc::import {

struct CardRef {
  size_t index = 0;     // position in the input array (0-based)
  std::string title;    // as written in the set ("" when the card has none)
  std::string cardid;   // the export's card id ("" when none)
};

struct Problem {
  CardRef card;
  std::string reason;    // why the card cannot be written in the language
  std::string category;  // the reason without this card's names, to count like problems together
};

struct SetOptions {
  std::string game = "legends";
  std::string set_name;  // the `set "..."` line
};

struct SetConversion {
  std::string error;              // non-empty: the input as a whole is not an export (not JSON, not an array)
  size_t cards_in = 0;            // entries in the input array
  std::vector<CardRef> written;   // converted, in input order
  std::vector<Problem> problems;  // not converted, in input order; cards_in == written + problems
  std::string text;               // the .cards file: header, then the written cards
};

SetConversion convert_oracle_set(std::string_view json_text, const SetOptions& opts);

}  // namespace cardc::import
