#pragma once
// The runtime queries card code asks most (cardrt_card_in_play, cardrt_card_type, cardrt_card_controller,
// cardrt_card_has_keyword, cardrt_ctx_source, cardrt_ctx_controller: a filter asks them for every card in play on
// every settle), read from the runtime's views (cardrt.h, ABI 7) instead of called. The lowering falls back to the
// call whenever a read would not be the function's own answer, so the result is the value the call returns
// (docs/runtime.md "Views").
// Includes LLVM types: for compiler/codegen/*.cpp only.
#include <optional>
#include <string_view>

#include <llvm/ADT/ArrayRef.h>
#include <llvm/IR/IRBuilder.h>

namespace cardc::codegen {

// A query's answer read from the views, and whether it is the function's answer (else the caller must call it).
struct QueryRead {
  llvm::Value* value;  // i32
  llvm::Value* ok;     // i1
};

bool is_inlined_query(std::string_view name);

// The read of query `name` with `args` (the call's arguments) at the builder's insertion point, in straight-line code
// that never faults; nullopt when `name` is not one of the inlined queries (then nothing is emitted).
std::optional<QueryRead> read_query(llvm::IRBuilder<>& b, std::string_view name, llvm::ArrayRef<llvm::Value*> args);

}  // namespace cardc::codegen
