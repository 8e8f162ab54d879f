#pragma once
// The address of every runtime ABI function (abi.def), for the JIT's absoluteSymbols. LLVM-free.
#include <span>

namespace cardc::codegen {

struct RuntimeSymbol {
  const char* name;
  void* address;
};

// In abi.def order; the same list as ir::abi_signatures() (tests/codegen check they agree).
std::span<const RuntimeSymbol> runtime_symbols();

}  // namespace cardc::codegen
