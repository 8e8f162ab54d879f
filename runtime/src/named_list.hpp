// A profile's list of named things (stats, card types, resources, zones, counters, keywords, events) with an index
// of its names. Declaring and looking up a name costs the same however long the list is: when each declaration
// searched the list, a profile of 100,000 stats took 29 s to build when a library was opened (docs/performance.md
// "Profiles with many names"). Items are only ever added, so an index never goes stale.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cardrt {

inline const std::string& name_of(const std::string& s) { return s; }
template <class T>
const std::string& name_of(const T& item) {
  return item.name;
}

template <class T>
class NamedList {
 public:
  using value_type = T;
  using const_iterator = typename std::vector<T>::const_iterator;

  size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  const T& operator[](size_t i) const { return items_[i]; }
  // An item to change in place, never its name (the index keys on it): a card type's discard pile.
  T& item(size_t i) { return items_[i]; }
  const_iterator begin() const { return items_.begin(); }
  const_iterator end() const { return items_.end(); }

  // The index of the item named `name` (exact spelling), or -1.
  int32_t find(std::string_view name) const {
    auto it = index_.find(name);
    return it == index_.end() ? -1 : it->second;
  }
  // Adds `item` unless its name is taken: its index, or -1.
  int32_t add(T item) {
    const auto i = static_cast<int32_t>(items_.size());
    auto [at, fresh] = index_.emplace(name_of(item), i);
    if (!fresh) return -1;
    try {
      items_.push_back(std::move(item));
    } catch (...) {
      index_.erase(at);
      throw;
    }
    return i;
  }
  // How many names a lookup of `name` compares with (those in its hash bucket): tests hold it small, so a profile's
  // lookups stay constant-time whatever its size (tests/runtime/named_list_test.cpp).
  size_t comparisons(std::string_view name) const { return index_.bucket_size(index_.bucket(std::string(name))); }

 private:
  struct Hash {
    using is_transparent = void;  // found by a string_view: no string made per lookup
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::vector<T> items_;
  std::unordered_map<std::string, int32_t, Hash, std::equal_to<>> index_;
};

}  // namespace cardrt
