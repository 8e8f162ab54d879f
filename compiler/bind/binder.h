#pragma once
// The binder: from the semantic readings of a checked card set to the effect IR (compiler/ir) that the
// interpreter runs and the code generator lowers. Each clause becomes calls of the runtime ABI; a clause it
// cannot compile is an error naming it, and that card is left out of the library (fail closed).
#include <string>
#include <vector>

#include "ir/ir.h"
#include "ir/slices.h"
#include "sema/check_context.h"

namespace cardc {

struct BindResult {
  ir::Module module;
  size_t cards = 0;           // cards in the set
  size_t cards_compiled = 0;  // cards whose every trait and ability compiled
  std::vector<bool> compiled; // per card, in set order: counted in cards_compiled
  size_t cards_lowered = 0;   // of those, cards lowered from their meaning (docs/meaning.md), not bound from words
  // Slices handed to a SliceSink: the module's functions before the last slice's have names and kinds but no
  // bodies, and its register function registers only the cards after the last slice.
  size_t slices = 0;
  bool stopped = false;  // a SliceSink refused a slice: the cards after it are not bound
};

// `from_meaning`: cards the wording grammar read whole are lowered from their meaning (docs/meaning.md); false binds
// every card from its words, as before the migration (tests compare the two). `slices`: the cards are handed to it
// slice by slice as they are bound (ir/slices.h); the cards after the last slice stay in the module.
BindResult bind_card_set(const CheckContext& ctx, const std::string& profile_identity, const std::string& source_hash,
                         bool from_meaning = true, const ir::SliceSink* slices = nullptr);

}  // namespace cardc
