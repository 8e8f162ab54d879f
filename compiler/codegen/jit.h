#pragma once
// cardc::Jit: compiles ir::Modules in memory with ORC's LLJIT and hands their cards to a runtime card pool.
// LLVM-free header. The runtime's ABI functions are given to the JIT one by one (absoluteSymbols from abi.def,
// the addresses of the real functions of the linked cardrt), never found by searching the process.
//
//   auto jit = cardc::Jit::create({.opt = cardc::codegen::OptLevel::O2});
//   auto id = (*jit)->add(module);                    // verify, lower, optimize
//   auto r = (*jit)->register_cards(*id, pool);       // generate code, call cardrt_library_register(pool)
//
// The Jit owns the generated code: keep it alive while any pool or game made from those pools uses its cards.
// Not thread-safe: use one Jit from one thread at a time.
#include <cstdint>
#include <memory>
#include <string_view>

#include "codegen/codegen.h"
#include "ir/ir.h"

namespace cardc {

struct JitOptions {
  codegen::OptLevel opt = codegen::OptLevel::O2;
};

class Jit {
 public:
  using ModuleId = int;

  static codegen::Expected<std::unique_ptr<Jit>> create(const JitOptions& options = {});
  ~Jit();
  Jit(const Jit&) = delete;
  Jit& operator=(const Jit&) = delete;

  // Verifies (ir::verify and llvm::verifyModule), lowers and optimizes `m` and adds it in a JITDylib of its own,
  // so that several card sets live side by side. Machine code is generated at the module's first lookup.
  codegen::Expected<ModuleId> add(const ir::Module& m);

  // The address of a symbol of module `id`: any module function by its ir name, CARDRT_LIBRARY_ENTRY, or an
  // identity symbol (cardrt_library_game, ...).
  codegen::Expected<void*> lookup(ModuleId id, std::string_view name);

  // Calls the module's register function with `pool`: the runtime receives every card definition and function
  // pointer of the module. Returns its result; a negative result (a runtime error code) is a Failure.
  codegen::Expected<int32_t> register_cards(ModuleId id, cardrt_cardpool* pool);

  const JitOptions& options() const;

 private:
  struct Impl;
  explicit Jit(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace cardc
