#pragma once
// The semantic passes, in the order they run. Each is a small unit with a name (`--stop-after=NAME`).
#include <string_view>
#include <vector>

#include "sema/check_context.h"

namespace cardc {

struct Pass {
  std::string_view name;
  void (*run)(CheckContext&);
};

const std::vector<Pass>& sema_passes();
// Runs the passes up to and including `stop_after` (all when empty). Returns false if the name is unknown.
bool run_sema(CheckContext& ctx, std::string_view stop_after = {});

// The passes (one file each).
void check_card_structure(CheckContext& ctx);
void check_vocabulary(CheckContext& ctx);
void read_card_text(CheckContext& ctx);
void check_targeting(CheckContext& ctx);
void resolve_references(CheckContext& ctx);
void check_numbers(CheckContext& ctx);
void check_stats(CheckContext& ctx);
void check_abilities(CheckContext& ctx);
void check_game_rules(CheckContext& ctx);
void check_event_contract(CheckContext& ctx);  // compiler/sema/event_contract.cpp
void read_meaning(CheckContext& ctx);  // compiler/wording/read_meaning.cpp

}  // namespace cardc
