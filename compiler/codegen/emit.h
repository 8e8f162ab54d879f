#pragma once
// Files from an ir::Module: LLVM IR text, assembly, ELF object files and card libraries (.so).
// LLVM-free header. Every product is verified (ir::verify, llvm::verifyModule) before it is written, and files
// are written atomically: a temporary file in the destination folder, renamed into place when complete.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "codegen/codegen.h"
#include "codegen/register_pieces.h"
#include "codegen/signing_keys.h"
#include "ir/ir.h"
#include "ir/slices.h"

namespace cardc::codegen {

struct EmitOptions {
  OptLevel opt = OptLevel::O2;
  // The C compiler driver that links the shared library (`cc -shared -o set.so set.o`); "" = `cc` on PATH.
  std::string cc;
  LowerOptions lower;
  // Threads for a large card library (write_library: one object per partition, codegen/partition.h); the library
  // does not depend on it.
  unsigned jobs = 1;
  // Sign the library with this key (cardc compile --sign) instead of only sealing it. Not owned.
  const SecretKey* signing_key = nullptr;
  // A library written in slices (LibraryStream): the binder's slices (ir::SliceSink::min_functions) and the
  // partitions a slice is compiled in (at least this many functions each). The library depends on both; only tests
  // change them (to cut a small set).
  size_t slice_functions = 4096;
  size_t stream_partition_functions = kPartitionFunctions;
};

// The module lowered and optimized at opts.opt, as LLVM IR text (`cardc compile --emit=llvm`).
Expected<std::string> emit_llvm_ir(const ir::Module& m, const EmitOptions& opts);
// As assembly for the host architecture, baseline CPU (`--emit=asm`).
Expected<std::string> emit_assembly(const ir::Module& m, const EmitOptions& opts);
// As the bytes of a relocatable, position-independent ELF object (`--emit=obj`).
Expected<std::string> emit_object(const ir::Module& m, const EmitOptions& opts);

// A card library at `path`: object(s) -> `cc -shared` -> signed (cardrt_library_sign, with opts.signing_key) or
// else sealed (cardrt_library_seal) -> renamed into place.
// A module of more than 512 functions besides the register function is compiled in partitions, on opts.jobs
// threads, and linked from one object per partition.
Status write_library(const ir::Module& m, const std::string& path, const EmitOptions& opts);

// A card library written while the binder runs (ir/slices.h), so that a large set's effect IR and LLVM modules
// are never alive all at once: each slice of cards is verified and compiled, as soon as it is bound, into objects
// in a temporary folder (its partitions on opts.jobs threads, each with its own LLVMContext, dropped once its object
// is written), and finish() compiles the entry point (the handed-function declarations, then a call of each slice's
// piece of the registration, register_pieces.h) with the identity symbols, and links, signs or seals the library.
// Deterministic: the objects depend on the module, slice_functions and stream_partition_functions only.
class LibraryStream {
 public:
  explicit LibraryStream(const EmitOptions& opts);
  ~LibraryStream();  // removes the temporary folder
  LibraryStream(const LibraryStream&) = delete;
  LibraryStream& operator=(const LibraryStream&) = delete;

  // The binder's sink for this stream (ir::SliceSink; refers to the stream).
  ir::SliceSink sink();
  // ir::SliceSink::take: false after an error (error()).
  bool take(ir::Module& m, size_t first, ir::Function& registration);
  // ir::SliceSink::restart: every slice taken is forgotten (its objects removed).
  void restart();
  size_t slices() const { return slices_; }
  // The module once bound (its functions before the last slice without bodies, its register function registering
  // the cards after it; verified whole by the caller): those cards as the last slice, then the entry point, linked
  // into `path`. Only after at least one slice; a module no slice was taken from is write_library's.
  Status finish(ir::Module& m, const std::string& path);

  const std::string& error() const { return error_; }
  bool invalid_module() const { return invalid_module_; }  // the error is an ir::verify error

 private:
  Status compile_slice(ir::Module& m, size_t first, size_t end);

  EmitOptions opts_;
  std::string cc_;                      // the linker, found before the first slice is compiled
  std::string dir_;                     // the temporary folder of the objects ("" until the first slice)
  std::vector<std::string> objects_;    // object files, slice order (the entry point's is linked first)
  std::vector<bool> handed_;            // ir/handed_functions.h, gathered slice by slice
  std::vector<RegisterPiece> pieces_;   // one per slice
  size_t slices_ = 0;
  size_t next_first_ = 0;               // the first function no slice has taken
  std::string error_;
  bool invalid_module_ = false;
};

// What the code generator has held at once since reset_emit_counters (an internal hook for tests that bound a
// library's memory by the partition instead of the set): LLVM modules alive, and functions defined in them.
struct EmitCounters {
  size_t most_modules_alive = 0;
  size_t most_functions_alive = 0;
};
EmitCounters emit_counters();
void reset_emit_counters();

// Writes `bytes` to a temporary file beside `path`, then renames it to `path` (mode: the file's permissions).
Status write_file_atomically(const std::string& path, std::string_view bytes, unsigned mode = 0644);

// The full path of an executable: `name` itself when it contains a '/', else the first match on PATH.
Expected<std::string> find_program(const std::string& name);

}  // namespace cardc::codegen
