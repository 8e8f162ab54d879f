// A context's children read without dynamic_cast. ANTLR's generated accessors (`c->cardRef()`, `c->GAME()`) and
// `antlrcpp::is` dynamic_cast every child of the context at every call, and a test of a labeled alternative
// (`dynamic_cast<W::CardCostContext*>(c)`) walks the class hierarchy comparing type names at every miss: half of the
// 14% `__dynamic_cast` took in `cardc check` (docs/performance.md, session 21). Here a labeled alternative is its
// exact class (typeid: the generator derives nothing from it), a rule is its rule index, a token its type. The wording
// reader writes `sub<W::CardRefContext>(c)` for `c->cardRef()`, `subs<...>` for the list, `term(c, W::GAME)` for
// `c->GAME()`, `terms` for the list and `node_as<W::CardCostContext>(c)` for the cast.
#pragma once

#include <cstddef>
#include <typeinfo>
#include <type_traits>
#include <vector>

#include "antlr4-runtime.h"

namespace cardc::parse_tree {

// A child is a terminal (a token, or an error node the parser inserted) or a rule's context.
inline bool is_terminal(const antlr4::tree::ParseTree* n) {
  const std::type_info& t = typeid(*n);
  return t == typeid(antlr4::tree::TerminalNodeImpl) || t == typeid(antlr4::tree::ErrorNodeImpl);
}

// A rule's context is built as `T(parent, invokingState)`; a labeled alternative's as `T(ruleContext*)`.
template <class T>
inline constexpr bool is_rule = std::is_constructible_v<T, antlr4::ParserRuleContext*, size_t>;

// The rule index of T, asked once of an empty context of it.
template <class T>
size_t rule_index() {
  static_assert(is_rule<T>);
  static const size_t index = T(nullptr, 0).getRuleIndex();
  return index;
}

// n as a T, or null: `dynamic_cast<T*>(n)` for the classes the generator makes.
template <class T>
T* node_as(antlr4::tree::ParseTree* n) {
  if (!n) return nullptr;
  if constexpr (is_rule<T>) {
    if (is_terminal(n) || static_cast<antlr4::ParserRuleContext*>(n)->getRuleIndex() != rule_index<T>()) return nullptr;
  } else {
    if (typeid(*n) != typeid(T)) return nullptr;
  }
  return static_cast<T*>(n);
}

// The i-th child of rule T (`c->cardRef()`, `c->cardRef(i)`), or null.
template <class T>
T* sub(antlr4::ParserRuleContext* c, size_t i = 0) {
  for (antlr4::tree::ParseTree* n : c->children)
    if (T* t = node_as<T>(n))
      if (i-- == 0) return t;
  return nullptr;
}

// The children of rule T in order (`for (auto* e : c->effect())`), without a vector.
template <class T>
class Children {
 public:
  using Base = std::vector<antlr4::tree::ParseTree*>::const_iterator;
  class iterator {
   public:
    iterator(Base at, Base end) : at_(at), end_(end) { skip(); }
    T* operator*() const { return static_cast<T*>(*at_); }
    iterator& operator++() {
      ++at_;
      skip();
      return *this;
    }
    bool operator==(const iterator& o) const { return at_ == o.at_; }

   private:
    void skip() {
      while (at_ != end_ && !node_as<T>(*at_)) ++at_;
    }
    Base at_, end_;
  };
  explicit Children(const antlr4::ParserRuleContext* c) : c_(c) {}
  iterator begin() const { return {c_->children.begin(), c_->children.end()}; }
  iterator end() const { return {c_->children.end(), c_->children.end()}; }
  size_t size() const {
    size_t n = 0;
    for (iterator i = begin(); i != end(); ++i) ++n;
    return n;
  }
  bool empty() const { return begin() == end(); }

 private:
  const antlr4::ParserRuleContext* c_;
};

template <class T>
Children<T> subs(const antlr4::ParserRuleContext* c) {
  return Children<T>(c);
}

// The i-th token of a type among the children (`c->GAME()`), or null.
inline antlr4::tree::TerminalNode* term(antlr4::ParserRuleContext* c, size_t type, size_t i = 0) {
  for (antlr4::tree::ParseTree* n : c->children)
    if (is_terminal(n)) {
      auto* t = static_cast<antlr4::tree::TerminalNode*>(n);
      if (t->getSymbol()->getType() == type && i-- == 0) return t;
    }
  return nullptr;
}

// The tokens of a type among the children in order (`for (auto* k : c->KEYWORD())`).
inline std::vector<antlr4::tree::TerminalNode*> terms(antlr4::ParserRuleContext* c, size_t type) {
  std::vector<antlr4::tree::TerminalNode*> out;
  for (antlr4::tree::ParseTree* n : c->children)
    if (is_terminal(n)) {
      auto* t = static_cast<antlr4::tree::TerminalNode*>(n);
      if (t->getSymbol()->getType() == type) out.push_back(t);
    }
  return out;
}

}  // namespace cardc::parse_tree
