#include "sema/pipeline.h"

namespace cardc {

const std::vector<Pass>& sema_passes() {
  static const std::vector<Pass> passes = {
      {"structure", check_card_structure},  // fields: title, type, duplicates, flavor last
      {"vocabulary", check_vocabulary},     // card types, stats, keywords against the profile
      {"reading", read_card_text},          // traits and abilities: designators, triggers, clauses
      {"targeting", check_targeting},       // 001 Target: what each "target" names
      {"references", resolve_references},   // pronouns, "this ...", "the target ...", titles
      {"numbers", check_numbers},           // 000 7.1-7.4d: X binding, negative choices, +0, integers
      {"stats", check_stats},               // 003 Stats: abbreviations, absent stats, restrictions, min/max
      {"abilities", check_abilities},       // 003 Keywords, Abilities, Embedded text, Created cards
      {"game-rules", check_game_rules},    // durations, resources, 002 rules 522-525, 004 dice and statuses
      {"events", check_event_contract},    // every event a card waits for is raised by the runtime or the engine
      {"meaning", read_meaning},           // the wording grammar: each paragraph's meaning, and its round trip
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
