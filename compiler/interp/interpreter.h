#pragma once
// The reference interpreter: runs an ir::Module against the runtime's ABI with no LLVM. It is the
// differential-testing oracle for the code generator and the baseline of the effect benchmarks.
// The runtime calls card code through C function pointers, so each IR function gets a native trampoline
// from a fixed pool (kTrampolines per signature, shared by all interpreters of the process).
#include <memory>
#include <string>
#include <vector>

#include "cardrt/cardrt.h"
#include "ir/ir.h"

namespace cardc {

class Interpreter {
 public:
  static constexpr int kTrampolines = 4096;

  // The module must outlive the interpreter. Check ok() before use.
  explicit Interpreter(const ir::Module& module);
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }

  // Runs the module's register function: every card's descriptor and function pointers go to the pool.
  int32_t register_cards(cardrt_cardpool* pool);

  // Runs only `module`'s register function into `pool`, with addresses[i] as the address of module function i (the
  // lazy JIT's call-through stubs): no trampolines are taken and no other function is prepared. The lazy JIT
  // registers a set this way instead of compiling its register function (docs/codegen.md "Lazy compilation").
  // Returns the function's result, or CARDRT_E_STATE with `error` set when the module cannot be run.
  static int32_t run_register_function(const ir::Module& module, cardrt_cardpool* pool,
                                       const std::vector<void*>& addresses, std::string& error);

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
  std::string error_;
};

}  // namespace cardc
