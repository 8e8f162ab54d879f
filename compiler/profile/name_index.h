#pragma once
// A profile's spellings to the index of what they name. GameProfile's lookups go through one per kind instead of
// walking its lists: the checker, the binder and the code generator ask at nearly every word, so a walk made a
// profile of 100,000 stats quadratic (docs/performance.md "Profiles with many names").
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace cardc {

class NameIndex {
 public:
  // The first index given a spelling keeps it: a lookup finds the first declaration, as a walk of the list did.
  void add(std::string_view spelling, size_t index) { map_.emplace(std::string(spelling), index); }
  std::optional<size_t> find(std::string_view spelling) const {
    auto it = map_.find(spelling);
    if (it == map_.end()) return std::nullopt;
    return it->second;
  }
  // How many spellings a lookup of `spelling` compares with (those in its hash bucket): tests hold it small.
  size_t comparisons(std::string_view spelling) const { return map_.bucket_size(map_.bucket(std::string(spelling))); }

 private:
  struct Hash {
    using is_transparent = void;  // found by a string_view: no string made per lookup
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, size_t, Hash, std::equal_to<>> map_;
};

}  // namespace cardc
