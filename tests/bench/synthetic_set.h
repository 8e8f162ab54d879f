#pragma once
// A deterministic synthetic card set for the `legends` profile, drawn from the language's constructs in
// proportions like real wording (abilities with designators, triggered traits, continuous traits, embedded text).
#include <cstdint>
#include <string>

namespace cardc::bench {

std::string synthetic_legends_set(size_t cards, uint64_t seed);

}  // namespace cardc::bench
