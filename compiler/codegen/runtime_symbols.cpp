#include "codegen/runtime_symbols.h"

#include "cardrt/cardrt.h"

namespace cardc::codegen {
namespace {

// The functions themselves: the codegen library links cardrt, so these are the real runtime entry points.
const RuntimeSymbol kRuntimeSymbols[] = {
#define CARDRT_ABI_FN(name, ...) {#name, reinterpret_cast<void*>(&name)},
#include "cardrt/abi.def"
#undef CARDRT_ABI_FN
};

}  // namespace

std::span<const RuntimeSymbol> runtime_symbols() { return kRuntimeSymbols; }

}  // namespace cardc::codegen
