#pragma once
// A rarely filled part of a meaning node, kept on the heap: an optional whose empty state costs one pointer, not the
// part's whole size. The tree's nodes held every optional part inline (an Effect 1,208 bytes, a Step 1,848), so a
// check of many cards touched mostly empty memory for the first time: page faults were a quarter of the
// front end's time (docs/performance.md). Value semantics as std::optional's: a copy copies the part.
#include <memory>
#include <optional>
#include <utility>

namespace cardc::meaning {

template <class T>
class Boxed {
 public:
  Boxed() = default;
  Boxed(std::nullopt_t) {}
  Boxed(const T& v) : p_(std::make_unique<T>(v)) {}
  Boxed(T&& v) : p_(std::make_unique<T>(std::move(v))) {}
  Boxed(const std::optional<T>& v) : p_(v ? std::make_unique<T>(*v) : nullptr) {}
  Boxed(std::optional<T>&& v) : p_(v ? std::make_unique<T>(std::move(*v)) : nullptr) {}
  Boxed(const Boxed& o) : p_(o.p_ ? std::make_unique<T>(*o.p_) : nullptr) {}
  Boxed(Boxed&&) noexcept = default;
  Boxed& operator=(const Boxed& o) {
    if (this != &o) p_ = o.p_ ? std::make_unique<T>(*o.p_) : nullptr;
    return *this;
  }
  Boxed& operator=(Boxed&&) noexcept = default;
  Boxed& operator=(std::nullopt_t) {
    p_.reset();
    return *this;
  }

  template <class... A>
  T& emplace(A&&... a) {
    p_ = std::make_unique<T>(std::forward<A>(a)...);
    return *p_;
  }
  void reset() { p_.reset(); }

  bool has_value() const { return p_ != nullptr; }
  explicit operator bool() const { return p_ != nullptr; }
  T& operator*() { return *p_; }
  const T& operator*() const { return *p_; }
  T* operator->() { return p_.get(); }
  const T* operator->() const { return p_.get(); }
  // The part, or nullptr when it is absent.
  const T* get() const { return p_.get(); }

 private:
  std::unique_ptr<T> p_;
};

}  // namespace cardc::meaning
