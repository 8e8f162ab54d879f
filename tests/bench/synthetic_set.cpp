#include "synthetic_set.h"

#include <array>
#include <string_view>

namespace cardc::bench {

namespace {

// splitmix64: a small portable PRNG so the same seed gives the same set everywhere.
uint64_t next(uint64_t& s) {
  uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

constexpr std::array<std::string_view, 10> kText = {
    "Lose 2 Honor.",
    "After this Personality enters play: Gain 2 Honor.",
    "**Battle/Open:** Pay 2 Gold: Straighten target Personality.",
    "**Reaction:** After a Personality is destroyed: Draw a card.",
    "Your Samurai Personalities have +1F.",
    "This Personality has +1F for each Samurai in play.",
    "**Limited:** Give a Personality \"Ninja Battle: This Personality challenges a target Personality opposing him.\"",
    "**Battle:** Target a Personality. His maximum Force is 1 until the battle ends.",
    "**Tactical Battle:** Bow this Personality: Target an opposing Personality. He has -2F until the battle ends.",
    "This Personality cannot be destroyed.",
};
constexpr std::array<std::string_view, 4> kKeywords = {"Samurai", "Lion Clan", "Courtier", "Shugenja"};

}  // namespace

std::string synthetic_legends_set(size_t cards, uint64_t seed) {
  std::string out = "game legends\nset \"Synthetic\"\n\n";
  for (size_t i = 0; i < cards; ++i) {
    out += "card \"Synthetic Personality " + std::to_string(i) + "\"\n  type Personality\n";
    out += "  stats Force " + std::to_string(next(seed) % 6) + " · Chi " + std::to_string(1 + next(seed) % 5) +
           " · Honor Requirement " + std::to_string(next(seed) % 8) + " · Personal Honor " +
           std::to_string(next(seed) % 4) + " · Gold Cost " + std::to_string(2 + next(seed) % 10) + "\n";
    out += "  keywords " + std::string(kKeywords[next(seed) % kKeywords.size()]) + "\n  text\n";
    size_t lines = 1 + next(seed) % 3;
    for (size_t l = 0; l < lines; ++l) out += "    " + std::string(kText[next(seed) % kText.size()]) + "\n";
    if (next(seed) % 3 == 0) out += "  flavor _Steel remembers._\n";
    out += "end\n\n";
  }
  return out;
}

}  // namespace cardc::bench
