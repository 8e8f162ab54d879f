#include "sema/pipeline.h"

namespace cardc {

const std::vector<Pass>& sema_passes() {
  static const std::vector<Pass> passes = {
      {"structure", check_card_structure},  // fields: title, type, duplicates, flavor last
      {"vocabulary", check_vocabulary},     // card types, stats, keywords against the profile
      {"reading", read_card_text},          // traits and abilities: designators, triggers, clauses
  };
  return passes;
}

bool run_sema(CheckContext& ctx, std::string_view stop_after) {
  bool known = stop_after.empty();
  for (const Pass& p : sema_passes()) known = known || p.name == stop_after;
  if (!known) return false;
  for (const Pass& p : sema_passes()) {
    p.run(ctx);
    if (p.name == stop_after) break;
  }
  return true;
}

}  // namespace cardc
