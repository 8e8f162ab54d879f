#pragma once
// The JIT's on-disk object cache (docs/codegen.md "Object cache"): one file per compiled partition of a card set,
// named by a key that covers everything the machine code depends on (the effect IR's text, the optimization level,
// the target, LLVM's version and the cache format). Entries are written atomically (temporary file + rename) and
// sealed with their length and a 64-bit hash of their bytes; an entry that does not match its seal (truncated,
// damaged, or another file) is ignored and compiled again, never loaded.
// The key is computed from the ir::Module in memory (a walk over every field ir::print shows), not from its printed
// text: printing a 10,000-card set took longer than loading it. Entries are read into memory once (never mapped:
// what was checked is what is linked, whatever happens to the file afterwards).
// Includes LLVM types: for compiler/codegen/*.cpp only.
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include <llvm/ExecutionEngine/ObjectCache.h>
#include <llvm/Support/MemoryBuffer.h>

#include "codegen/cache_key.h"
#include "ir/ir.h"

namespace cardc::codegen {

// Bump when the lowering or the entry format changes in a way the key does not see.
// 2: the JIT's partitions keep their functions internal and export a table of them (LowerOptions::function_tables).
inline constexpr std::string_view kObjectCacheFormat = "cardc-objcache-2";


// The key of module `m` in `context` (everything else the machine code depends on: options, target, versions):
// covers the context and every field of the module that ir::print shows (game, hashes, each function's name,
// kind, locals and body: every node's op, value, text and operands) and the register function's index. Safe on a
// module that has not been verified (no recursion on the node tree). A module with a source key (ir::Module) is
// keyed by it instead of its functions: the "source hash + compiler version + options", and no walk of
// millions of nodes on a reload.
std::string module_cache_key(const ir::Module& m, std::string_view context);

// Reads an entry's object into memory. Null: there is none. An entry that exists but does not match its seal is
// reported through `rejected` (and treated as absent).
std::unique_ptr<llvm::MemoryBuffer> read_cache_entry(const std::string& path, bool& rejected);

// Writes an entry atomically, creating the folder. Returns false on any error (a cache never fails a build).
bool write_cache_entry(const std::string& path, std::string_view object);

// The llvm::ObjectCache the JIT's compiler calls: every module it compiles whose identifier is a path in the
// cache folder is written there. getObject always misses: hits are found before lowering (jit.cpp), so a cached
// set is not even lowered.
class DiskObjectCache : public llvm::ObjectCache {
 public:
  explicit DiskObjectCache(std::string dir) : dir_(std::move(dir)) {}
  void notifyObjectCompiled(const llvm::Module* m, llvm::MemoryBufferRef obj) override;
  std::unique_ptr<llvm::MemoryBuffer> getObject(const llvm::Module*) override { return nullptr; }
  const std::string& dir() const { return dir_; }
  std::atomic<uint64_t> written{0};

 private:
  std::string dir_;
};

}  // namespace cardc::codegen
