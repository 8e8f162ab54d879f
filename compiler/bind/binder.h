#pragma once
// The binder: from the semantic readings of a checked card set to the effect IR (compiler/ir) that the
// interpreter runs and the code generator lowers. Each clause becomes calls of the runtime ABI; a clause it
// cannot compile is an error naming it, and that card is left out of the library (fail closed).
#include <string>

#include "ir/ir.h"
#include "sema/check_context.h"

namespace cardc {

struct BindResult {
  ir::Module module;
  size_t cards = 0;           // cards in the set
  size_t cards_compiled = 0;  // cards whose every trait and ability compiled
};

BindResult bind_card_set(const CheckContext& ctx, const std::string& profile_identity, const std::string& source_hash);

}  // namespace cardc
