#pragma once
// Call-through stubs for the lazy JIT (jit.cpp, docs/codegen.md "Lazy compilation"), written by us instead of
// ORC's CompileOnDemandLayer: one block of executable memory holds, per card function,
//
//   stub i:   jmp *slot[i](%rip)            the address the runtime receives for the function
//   thunk i:  mov $i, %r11d ; jmp resolver  where slot[i] points until the function is compiled
//
// and one resolver that saves the argument registers, calls resolve(context, i) (which compiles the function's
// partition and fills the slots of all its functions, set()) and jumps to the address it returns. Making 50,000
// stubs is a loop writing 1.6 MB; ORC's per-function reexports, symbols and materialization units cost seconds.
// x86-64 (System V) only: create() returns null elsewhere, and the JIT then compiles a lazy set eagerly.
// LLVM-free; for compiler/codegen only.
#include <cstddef>
#include <cstdint>
#include <memory>

namespace cardc::codegen {

class LazyStubs {
 public:
  // Returns the address to continue at: the compiled function, or a function returning an error code (never null).
  // Called from generated code: must not throw.
  using Resolve = void* (*)(void* context, uint32_t index) noexcept;

  // `count` stubs, every slot at its thunk. Null when the host is not x86-64 or memory cannot be mapped.
  static std::unique_ptr<LazyStubs> create(size_t count, Resolve resolve, void* context);
  ~LazyStubs();
  LazyStubs(const LazyStubs&) = delete;
  LazyStubs& operator=(const LazyStubs&) = delete;

  size_t size() const { return count_; }
  void* stub(size_t i) const;
  // Points stub i at `target` from now on (an atomic store: other threads may be calling the stub).
  void set(size_t i, void* target);
  bool resolved(size_t i) const;  // set() since create()
  void* target(size_t i) const;   // where stub i jumps now

 private:
  LazyStubs() = default;
  size_t count_ = 0;
  unsigned char* base_ = nullptr;  // the mapping: the resolver and the stubs (read + execute), then the slots
  size_t bytes_ = 0;
  size_t code_bytes_ = 0;
  void** slots_ = nullptr;
};

}  // namespace cardc::codegen
