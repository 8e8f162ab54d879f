// A list with room for N elements inside itself, for the short lists the runtime builds on every event and settle
// (a card's abilities, the cards in play, the abilities one event triggers): filling it allocates nothing until it
// outgrows that room, then it moves to the heap (all of it: while there, the heap holds every element). Elements are
// plain values (ids, ability references, a card's base stats and counters).
#pragma once
#include <cstddef>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

namespace cardrt {

template <class T, size_t N>
class InlineList {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  InlineList() = default;
  InlineList(const InlineList& other) { *this = other; }
  // A copy: one memcpy when the elements fit inside (a snapshot copies every card's lists, game.hpp).
  InlineList& operator=(const InlineList& other) {
    if (this == &other) return *this;
    if (other.size_ <= N) {
      heap_.clear();
      if (other.size_) std::memcpy(static_cast<void*>(room()), other.room(), other.size_ * sizeof(T));
    } else {
      heap_ = other.heap_;  // holds all of other's elements
    }
    size_ = other.size_;
    return *this;
  }

  void push_back(const T& v) {
    if (size_ < N) std::construct_at(room() + size_, v);
    else spill(v);
    ++size_;
  }
  // The list becomes a copy of [first, last): one copy inside when it fits.
  void assign(const T* first, const T* last) {
    clear();
    const size_t n = size_t(last - first);
    if (n <= N) {
      if (n) std::memcpy(static_cast<void*>(room()), first, n * sizeof(T));
      size_ = n;
      return;
    }
    for (; first != last; ++first) push_back(*first);
  }
  // n copies of v
  void assign(size_t n, const T& v) {
    clear();
    for (size_t i = 0; i < n; ++i) push_back(v);
  }
  // n elements: the first n kept, new ones value-initialized
  void resize(size_t n) {
    if (n < size_) {
      if (size_ > N && n <= N) {
        if (n) std::memcpy(static_cast<void*>(room()), heap_.data(), n * sizeof(T));
        heap_.clear();
      } else if (size_ > N) {
        heap_.resize(n);
      }
      size_ = n;
      return;
    }
    while (size_ < n) push_back(T{});
  }
  void clear() {
    size_ = 0;
    heap_.clear();
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* begin() { return size_ > N ? heap_.data() : room(); }
  T* end() { return begin() + size_; }
  const T* begin() const { return size_ > N ? heap_.data() : room(); }
  const T* end() const { return begin() + size_; }
  T& operator[](size_t i) { return begin()[i]; }
  const T& operator[](size_t i) const { return begin()[i]; }

 private:
  // the heap holds every element from the first that does not fit; it is never shrunk back
  [[gnu::noinline]] void spill(const T& v) {
    if (size_ == N) heap_.assign(room(), room() + N);
    heap_.push_back(v);
  }
  T* room() { return std::launder(reinterpret_cast<T*>(room_)); }
  const T* room() const { return std::launder(reinterpret_cast<const T*>(room_)); }

  alignas(T) std::byte room_[N * sizeof(T)];
  size_t size_ = 0;
  std::vector<T> heap_;
};

}  // namespace cardrt
