#pragma once
// How a large module is split for parallel compilation (the JIT's eager loads, jit.cpp; card libraries, emit.cpp):
// the register function (optnone, the largest) and the identity symbols in partition 0, the other functions in
// order in chunks of at least kPartitionFunctions, at most kMaxPartitions in all. The plan depends on the module
// only (never on the number of threads), so a parallel compile produces the objects of a serial one.
//
// In the JIT each partition also exports one table of its functions' addresses (function_table_name), in module
// order: `slot` is a function's index in its partition's table. The register function is in no table (it is
// exported as the library entry point).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ir/ir.h"

namespace cardc::codegen {

inline constexpr size_t kPartitionFunctions = 256;
inline constexpr size_t kMaxPartitions = 64;
// The lazy JIT compiles a partition at the first call of one of its functions: small partitions make that first
// call cheap (the time to a large set's first effect), and there is no parallel compile to feed.
inline constexpr size_t kLazyPartitionFunctions = 64;
inline constexpr size_t kLazyMaxPartitions = size_t{1} << 20;

struct PartitionPlan {
  size_t count = 1;
  std::vector<uint32_t> of;      // function index -> partition
  std::vector<uint32_t> slot;    // function index -> index in its partition's table
  std::vector<uint32_t> tabled;  // partition -> number of functions in its table
};

// The symbol of partition p's table: not a C identifier, so no module function (ir::verify) can take the name.
inline std::string function_table_name(size_t p) { return "cardc.fns." + std::to_string(p); }
// The lazy JIT's partitions (jit.cpp): function_table_name(p) is the table of partition p's call-through stubs
// (what other partitions and the register function reach), and the compiled partition exports the table of its
// functions' own addresses under this name, from which the stubs are filled.
inline std::string code_table_name(size_t p) { return "cardc.code." + std::to_string(p); }

inline PartitionPlan plan_partitions(const ir::Module& m, size_t min_chunk = kPartitionFunctions,
                                     size_t max_partitions = kMaxPartitions) {
  PartitionPlan plan;
  plan.of.assign(m.functions.size(), 0);
  plan.slot.assign(m.functions.size(), 0);
  // (A register index out of range counts as none: the JIT plans a module before it verifies it, jit.cpp.)
  const bool has_register = m.register_fn >= 0 && static_cast<size_t>(m.register_fn) < m.functions.size();
  const size_t others = m.functions.size() - (has_register ? 1 : 0);
  plan.tabled.assign(1, 0);
  if (others == 0) return plan;
  const size_t chunk = std::max(min_chunk, (others + max_partitions - 2) / (max_partitions - 1));
  size_t k = 0;
  for (size_t i = 0; i < m.functions.size(); ++i) {
    if (static_cast<int64_t>(i) == m.register_fn) continue;
    plan.of[i] = static_cast<uint32_t>(1 + k / chunk);
    plan.slot[i] = static_cast<uint32_t>(k % chunk);
    ++k;
  }
  plan.count = 1 + (others + chunk - 1) / chunk;
  plan.tabled.assign(plan.count, 0);
  for (size_t i = 0; i < m.functions.size(); ++i)
    if (static_cast<int64_t>(i) != m.register_fn) ++plan.tabled[plan.of[i]];
  return plan;
}

}  // namespace cardc::codegen
