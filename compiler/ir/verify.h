#pragma once
// Checks an ir::Module before anything lowers or runs it, so that a malformed module is an error value and never
// a crash or a wrong call: shapes of nodes, parameter/local/function indices, names, and every Call against the
// runtime's ABI list (runtime/include/cardrt/abi.def: name, arity and argument types).
// Plain C++: no LLVM. The code generator (compiler/codegen) and the interpreter can both rely on it.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ir/ir.h"

namespace cardc::ir {

// The C types of the ABI (abi.def type codes).
enum class AbiType : uint8_t { I32, I64, U32, Game, Ctx, Pool, Str, Fn };
const char* abi_type_name(AbiType t);  // the abi.def code: "I32", "GAME", ...
bool abi_type_is_pointer(AbiType t);

struct AbiSignature {
  const char* name;
  AbiType ret;
  std::array<AbiType, 8> params;  // the first param_count are used
  uint8_t param_count;
};
// Every function of abi.def, in its order (the order is the ABI: append only).
std::span<const AbiSignature> abi_signatures();
const AbiSignature* find_abi(std::string_view name);
// The ABI function a Call names (ir.h abi_name); nullptr when abi.def has none of that name.
const AbiSignature* abi_of(const Node& call);

// The C type of parameter `index` of a module function of kind k (ir.h FnKind).
AbiType fn_param_type(FnKind k, int index);

// Symbols every card library defines besides its (internal) functions; module functions may not take these names.
inline constexpr std::array<const char*, 5> kLibrarySymbols = {
    "cardrt_library_register",     // CARDRT_LIBRARY_ENTRY: the module's Register function
    "cardrt_library_abi_version",  // int32_t CARDRT_ABI_VERSION
    "cardrt_library_game",         // NUL-terminated Module::game
    "cardrt_library_profile_hash", // NUL-terminated Module::profile_hash
    "cardrt_library_source_hash",  // NUL-terminated Module::source_hash
};

// The typing rules the verifier enforces (and the lowering relies on):
//  - values are i32 (Const, Local, arithmetic, comparisons, logic, Call of an I32/U32/I64 function), a string (Str),
//    a function address (FnRef) or a pointer parameter (game, ctx, pool);
//  - arithmetic, comparison, logic, If conditions, Let and Return take i32; Eval takes any value;
//  - a Call argument must have the parameter's type; Const 0 is also NULL for a pointer parameter, a U32
//    parameter takes a Const in [INT32_MIN, UINT32_MAX] and an I64 parameter any Const; elsewhere a Const must
//    fit in int32;
//  - strings hold no NUL byte; nesting is at most kMaxDepth deep; a function may have at most kMaxLocals locals.
inline constexpr int kMaxDepth = 1000;
inline constexpr uint32_t kMaxLocals = 65536;

struct VerifyError {
  std::string function;  // empty for module-level errors
  std::string message;
  SourceRange origin;    // the offending node's origin when it has one, else the function's
};

// Every problem found (empty when the module is well formed).
std::vector<VerifyError> verify(const Module& m);
// The module-level checks and those of functions [first, end) only (a module checked slice by slice, ir/slices.h:
// names are unique within the slice; the whole module's names are checked once its slices are all bound).
std::vector<VerifyError> verify_functions(const Module& m, size_t first, size_t end);
// "function 'f': message" lines, one per error.
std::string format(const std::vector<VerifyError>& errors);

}  // namespace cardc::ir
