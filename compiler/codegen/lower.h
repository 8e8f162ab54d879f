#pragma once
// ir::Module -> llvm::Module: one LLVM function per ir::Function with the C signature of its FnKind, a declaration
// of every runtime ABI function (abi.def), and the library's identity symbols (docs/codegen.md).
// Includes LLVM types: for compiler/codegen/*.cpp only.
#include <memory>

#include "codegen/codegen.h"
#include "ir/ir.h"

namespace llvm {
class LLVMContext;
class Module;
}  // namespace llvm

namespace cardc::codegen {

// Checks `m` (ir::verify), lowers it, and checks the result with llvm::verifyModule. A module that fails either
// check is a Failure naming every problem; it is never returned. Target triple and data layout are left to the
// caller (target.h prepare_module).
Expected<std::unique_ptr<llvm::Module>> lower(const ir::Module& m, llvm::LLVMContext& context,
                                              const LowerOptions& options = {});

}  // namespace cardc::codegen
