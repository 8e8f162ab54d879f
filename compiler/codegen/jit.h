#pragma once
// cardc::Jit: compiles ir::Modules in memory with ORC's LLJIT and hands their cards to a runtime card pool.
// LLVM-free header. The runtime's ABI functions are given to the JIT one by one (absoluteSymbols from abi.def,
// the addresses of the real functions of the linked cardrt), never found by searching the process.
//
//   auto jit = cardc::Jit::create({cardc::codegen::OptLevel::O2});
//   auto id = (*jit)->add(module);                    // verify, lower, optimize
//   auto r = (*jit)->register_cards(*id, pool);       // generate code, call cardrt_library_register(pool)
//
// Loading modes (docs/codegen.md "Loading large sets"):
//   eager (default): a set is split into partitions of a few hundred functions, compiled on `jobs` threads at the
//     first lookup, and, with a cache_dir, each partition's object file is kept on disk: a set whose effect IR,
//     options and target are unchanged is loaded from there without lowering or code generation.
//     Without a cache_dir the register function is interpreted by register_cards, not compiled (it is compiled
//     only if the entry point is looked up).
//   lazy: every function is compiled at its first call (ORC's CompileOnDemandLayer); the register function hands
//     the runtime the addresses of call-through stubs. Lazy loads never write the cache; when it holds every
//     partition of the set (an eager load wrote them), they load the objects from there and compile nothing.
//
// The Jit owns the generated code: keep it alive while any pool or game made from those pools uses its cards.
// Not thread-safe: use one Jit from one thread at a time (it may use threads of its own while compiling).
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "codegen/codegen.h"
#include "ir/ir.h"

namespace cardc {

struct JitOptions {
  JitOptions() = default;
  JitOptions(codegen::OptLevel level) : opt(level) {}  // Jit::create({level}): the defaults otherwise

  codegen::OptLevel opt = codegen::OptLevel::O2;
  bool lazy = false;      // compile each function at its first call instead of the whole set at the first lookup
  unsigned jobs = 1;      // eager: compile threads (0: one per core); the output does not depend on it
  std::string cache_dir;  // the object cache folder ("": no cache; lazy loads only read it); default_cache_dir()
};

// What a Jit has done so far (tests and `--verbose` read it).
struct JitStats {
  uint64_t modules_compiled = 0;  // LLVM modules turned into machine code (eager: partitions; lazy: functions)
  uint64_t partitions = 0;        // eager: partitions of the modules added
  uint64_t cache_hits = 0;        // partitions loaded from the cache
  uint64_t cache_misses = 0;      // partitions not in the cache (compiled, then written)
  uint64_t cache_rejected = 0;    // entries that did not match their seal: ignored and rewritten
  uint64_t cache_written = 0;     // entries written
  uint64_t lazy_stubs = 0;        // lazy: call-through stubs made (one per card function; lazy_stubs.h)
  uint64_t lazy_partitions_compiled = 0;  // lazy: partitions compiled so far, the register function's included
  uint64_t register_pieces = 0;  // eager loads that compile the register function: the pieces it was cut into
};

// $CARDC_CACHE_DIR, else $XDG_CACHE_HOME/cardc, else $HOME/.cache/cardc ("" when none is set).
std::string default_cache_dir();
// `jobs` as the number of threads to use: 0 is one per core.
unsigned resolve_jobs(unsigned jobs);

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
  // The same; a lazy load keeps `m` (it lowers partitions from it when they are first called) instead of a copy
  // of it, which for a set of 10,000 cards costs about as much as the rest of a lazy load.
  codegen::Expected<ModuleId> add(std::shared_ptr<const ir::Module> m);

  // The address of a symbol of module `id`: any module function by its ir name, CARDRT_LIBRARY_ENTRY, or an
  // identity symbol (cardrt_library_game, ...).
  codegen::Expected<void*> lookup(ModuleId id, std::string_view name);

  // Calls the module's register function with `pool`: the runtime receives every card definition and function
  // pointer of the module. Returns its result; a negative result (a runtime error code) is a Failure.
  codegen::Expected<int32_t> register_cards(ModuleId id, cardrt_cardpool* pool);

  const JitOptions& options() const;
  JitStats stats() const;

 private:
  struct Impl;
  explicit Jit(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace cardc
