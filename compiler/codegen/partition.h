#pragma once
// How a large module is split for parallel compilation (the JIT's eager loads, jit.cpp; card libraries, emit.cpp):
// the register function (optnone, the largest) and the identity symbols in partition 0, the other functions in
// order in chunks of at least kPartitionFunctions, at most kMaxPartitions in all. The plan depends on the module
// only (never on the number of threads), so a parallel compile produces the objects of a serial one.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "ir/ir.h"

namespace cardc::codegen {

inline constexpr size_t kPartitionFunctions = 256;
inline constexpr size_t kMaxPartitions = 64;

struct PartitionPlan {
  size_t count = 1;
  std::vector<uint32_t> of;  // function index -> partition
};

inline PartitionPlan plan_partitions(const ir::Module& m) {
  PartitionPlan plan;
  plan.of.assign(m.functions.size(), 0);
  const size_t others = m.functions.size() - (m.register_fn >= 0 ? 1 : 0);
  if (others == 0) return plan;
  const size_t chunk = std::max(kPartitionFunctions, (others + kMaxPartitions - 2) / (kMaxPartitions - 1));
  size_t k = 0;
  for (size_t i = 0; i < m.functions.size(); ++i) {
    if (static_cast<int64_t>(i) == m.register_fn) continue;
    plan.of[i] = static_cast<uint32_t>(1 + k / chunk);
    ++k;
  }
  plan.count = 1 + (others + chunk - 1) / chunk;
  return plan;
}

}  // namespace cardc::codegen
