#pragma once
// "Did you mean ...?": the closest known spelling by edit distance, when it is close enough to be a typo.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cardc {

size_t edit_distance(std::string_view a, std::string_view b);  // case-insensitive Levenshtein
std::optional<std::string> closest(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace cardc
