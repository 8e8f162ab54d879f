#pragma once
// The register function of a large set in pieces, so that compiling it is spread over the partitions compiled in
// parallel (jit.cpp's eager loads that compile it, emit.cpp's libraries) instead of being one function of six
// runtime calls per card compiled on one thread: the long pole of a large set's compile.
//
// A piece is a run of the register function's top-level statements, cut only where no local is live (each card's
// definitions start with fresh locals, so a set is cut between cards); piece k is the function register_piece_name(k)
// of partition `partition`, `int64_t (cardrt_cardpool*)`, with the register function's locals. It returns
// kPieceRanToItsEnd (2^32, which no 32-bit value sign-extends to) when its statements run to their end, and the
// value sign-extended when one of them returns. The entry point calls the pieces in order and returns the first
// value one returns, so the pieces together do exactly what the function does. The plan depends on the module only
// (never on the number of threads).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "codegen/partition.h"
#include "ir/ir.h"

namespace cardc::codegen {

struct RegisterPiece {
  size_t begin = 0, end = 0;  // top-level statements [begin, end) of the register function's body
  uint32_t partition = 0;
};

inline constexpr int64_t kPieceRanToItsEnd = int64_t{1} << 32;

// A piece has at least this many statements: smaller functions cost more to call and link than they save.
inline constexpr size_t kRegisterPieceStatements = 1024;

// One piece per partition but the first (which holds the entry point), as even as the cuts allow; none when the
// module has no register function, a single partition, or a register function too small to be worth cutting.
std::vector<RegisterPiece> plan_register_pieces(const ir::Module& m, const PartitionPlan& plan);
// The cuts of that plan: register function `f` in at most `wanted` pieces (partition 0 each), as even as the cuts
// allow; none when fewer than two pieces of kRegisterPieceStatements would do (a library written in slices, emit.h
// LibraryStream, cuts each slice's registration so).
std::vector<RegisterPiece> cut_register_function(const ir::Function& f, size_t wanted);

// Not a C identifier, so no module function can take the name (as function_table_name).
inline std::string register_piece_name(size_t k) { return "cardc.register." + std::to_string(k); }

}  // namespace cardc::codegen
