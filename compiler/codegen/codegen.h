#pragma once
// The code generator's LLVM-free vocabulary: optimization levels, lowering options and error values.
// LLVM types never leave compiler/codegen; the driver and the tests include only the LLVM-free headers
// (codegen.h, jit.h, emit.h, compile_command.h).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "cardrt/cardrt.h"

namespace cardc::codegen {

struct PartitionPlan;   // partition.h
struct RegisterPiece;   // register_pieces.h

enum class OptLevel : uint8_t { O0 = 0, O1 = 1, O2 = 2, O3 = 3 };
// 0..3 -> the level; anything else -> nullopt.
std::optional<OptLevel> opt_level_from_int(int level);
const char* opt_level_name(OptLevel level);  // "O0".."O3"

struct LowerOptions {
  // Give every module function external linkage so Jit::lookup can find it by name (the JIT does; a card
  // library keeps them internal and exports only its entry point and identity symbols).
  bool export_functions = false;
  // The value of cardrt_library_abi_version. Only tests change it (to build a library the loader must refuse).
  int32_t abi_version = CARDRT_ABI_VERSION;
  // Partitioned lowering (the JIT's parallel compilation, jit.cpp): define only the functions i for which this
  // returns true; the others are external declarations where referenced. Empty: define every function.
  std::function<bool(size_t)> define_function;
  bool define_identity = true;  // the identity symbols (one partition defines them)
  // A card library in several objects (emit.cpp): module functions that would be internal are external and hidden
  // instead, so the partitions link with each other and the library still exports only its entry and identity.
  bool hidden_functions = false;
  // The JIT's partitions (jit.cpp): module functions are internal, and partition `partition` (the functions
  // define_function selects) exports one table of their addresses (function_table_name); a reference to a function
  // of another partition loads it from that partition's table. A partition's object then exports a handful of
  // symbols instead of one per function, which is most of what linking it costs. Null: functions are symbols.
  const PartitionPlan* function_tables = nullptr;
  size_t partition = 0;
  // With function_tables: partition `partition` exports its table as code_table_name (the lazy JIT, whose
  // function_table_name tables hold call-through stubs); references to other partitions are unchanged.
  bool code_table = false;
  // The register function in pieces (register_pieces.h; a large set's eager load that compiles it, and a library):
  // the partition that defines the register function calls the pieces in order, and partition `partition` defines
  // the pieces planned for it. Null: the register function is one function.
  const std::vector<RegisterPiece>* register_pieces = nullptr;
  // The functions card code hands the runtime (ir/handed_functions.h), gathered while the bodies were there (a
  // library written in slices, emit.h LibraryStream). Null: found in the module's bodies.
  const std::vector<bool>* handed = nullptr;
  bool verify_ir = true;        // false: the caller has run ir::verify on the module already
  // Read the most asked runtime queries from the runtime's views instead of calling them (inline_queries.h). Only
  // tests turn it off (to compare both ways).
  bool inline_queries = true;
};

// An error value: what went wrong, in words for the user.
struct Failure {
  std::string message;
};

template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}
  Expected(Failure f) : v_(std::move(f)) {}
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& operator*() { return std::get<0>(v_); }
  const T& operator*() const { return std::get<0>(v_); }
  T* operator->() { return &std::get<0>(v_); }
  const T* operator->() const { return &std::get<0>(v_); }
  const std::string& error() const {
    static const std::string none;
    return ok() ? none : std::get<1>(v_).message;
  }
  Failure take_failure() { return std::get<1>(std::move(v_)); }

 private:
  std::variant<T, Failure> v_;
};

// Success or a Failure.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Failure f) : error_(std::move(f.message)), failed_(true) {}
  static Status success() { return Status(); }
  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  const std::string& error() const { return error_; }

 private:
  std::string error_;
  bool failed_ = false;
};

}  // namespace cardc::codegen
