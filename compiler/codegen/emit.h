#pragma once
// Files from an ir::Module: LLVM IR text, assembly, ELF object files and card libraries (.so).
// LLVM-free header. Every product is verified (ir::verify, llvm::verifyModule) before it is written, and files
// are written atomically: a temporary file in the destination folder, renamed into place when complete.
#include <string>
#include <string_view>

#include "codegen/codegen.h"
#include "codegen/signing_keys.h"
#include "ir/ir.h"

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

// Writes `bytes` to a temporary file beside `path`, then renames it to `path` (mode: the file's permissions).
Status write_file_atomically(const std::string& path, std::string_view bytes, unsigned mode = 0644);

// The full path of an executable: `name` itself when it contains a '/', else the first match on PATH.
Expected<std::string> find_program(const std::string& name);

}  // namespace cardc::codegen
