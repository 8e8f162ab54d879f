#include "bind/check_binding.h"

#include <algorithm>

#include "bind/binder.h"
#include "sema/pipeline.h"

namespace cardc {

CheckBinding bind_checked_set(const CheckContext& ctx) {
  // Only the counts are kept: each card's IR is dropped as soon as it is bound (a slice of one card, ir/slices.h), so
  // memory does not grow with the set's cards, and the next card reuses the memory just freed while it is still in
  // the cache (a slice of 4,096 functions freed at once cost 1.3x the check's CPU time: docs/performance.md). Nor are
  // the functions' names kept: nothing refers to a card's functions after its own slice.
  const ir::SliceSink counted_only{.min_functions = 1,
                                   .take = [](ir::Module&, size_t, ir::Function&) { return true; },
                                   .restart = {},
                                   .keeps_taken = false,
                                   .reads_registration = false};
  BindResult b = bind_card_set(ctx, "", "", true, &counted_only);
  CheckBinding out;
  out.bound = true;
  out.compiled = b.cards_compiled;
  out.lowered = b.cards_lowered;
  // faithful: compiled, and every paragraph read by the wording grammar with a meaning that round-trips
  for (size_t c = 0; c < b.compiled.size() && c < ctx.meanings.size(); ++c)
    if (b.compiled[c] && std::all_of(ctx.meanings[c].begin(), ctx.meanings[c].end(),
                                     [](const ParagraphMeaning& m) { return m.unit && m.round_trips; }))
      ++out.faithful;
  return out;
}

CheckBinding check_card_set(CheckContext& ctx, std::string_view stop_after) {
  if (!run_sema(ctx, stop_after) || !stop_after.empty()) return {};
  return bind_checked_set(ctx);
}

}  // namespace cardc
