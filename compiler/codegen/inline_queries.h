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

// What a loop over cards checks once before reading queries card after card (none of it changes meanwhile): the
// game handle `game` is present, and `ctx` reads as `ctx_view` (the all-zero stand-in when it is absent or another
// game's), which `ctx_ok` says.
struct QueryFrame {
  llvm::Value* game;
  llvm::Value* ctx;
  llvm::Value* ctx_view;
  llvm::Value* ctx_ok;  // i1
};
// Emits those checks; `game` must be a game handle.
QueryFrame query_frame(llvm::IRBuilder<>& b, llvm::Value* game, llvm::Value* ctx);

// The read of query `name` with `args` (the call's arguments) at the builder's insertion point, in straight-line code
// that never faults; nullopt when `name` is not one of the inlined queries (then nothing is emitted). With a frame
// whose game and context are the arguments', the reads skip the frame's checks.
std::optional<QueryRead> read_query(llvm::IRBuilder<>& b, std::string_view name, llvm::ArrayRef<llvm::Value*> args,
                                    const QueryFrame* frame = nullptr);

// The game view's each_ids (ABI 8): the cards of the innermost loop cardrt_each_card_begin began. `game` must be a
// game handle (the loop began).
llvm::Value* read_each_ids(llvm::IRBuilder<>& b, llvm::Value* game);

}  // namespace cardc::codegen
