#pragma once
// A profile's phrases (verbs, events) by their first word, found from a word as printed in any case: the few phrases
// that can start at a word, in the order declared, instead of a walk of all of them. The checker and the binder ask
// at nearly every word (docs/performance.md, session 23).
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace cardc {

class PhraseIndex {
 public:
  // A phrase's words are lower case; one that is not could never match a word compared in lower case, as a walk of
  // the list compared them, so it is not indexed.
  void add(std::string_view first, int id) {
    for (char c : first)
      if (c >= 'A' && c <= 'Z') return;
    map_[std::string(first)].push_back(id);
  }
  // The phrases whose first word is `word` in any case, in the order added.
  const std::vector<int>& starting(std::string_view word) const {
    static const std::vector<int> none;
    auto it = map_.find(word);
    return it == map_.end() ? none : it->second;
  }

 private:
  static char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + ('a' - 'A')) : c; }
  struct Hash {  // of the lower-case bytes: no key string made per lookup
    using is_transparent = void;
    size_t operator()(std::string_view s) const {
      size_t h = 14695981039346656037ull;
      for (char c : s) h = (h ^ static_cast<unsigned char>(lower(c))) * 1099511628211ull;
      return h;
    }
  };
  struct Equal {
    using is_transparent = void;
    bool operator()(std::string_view a, std::string_view b) const {
      if (a.size() != b.size()) return false;
      for (size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i])) return false;
      return true;
    }
  };
  std::unordered_map<std::string, std::vector<int>, Hash, Equal> map_;
};

}  // namespace cardc
