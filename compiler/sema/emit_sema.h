#pragma once
// `cardc check --emit=sema`: what the passes understood of every card: its traits and abilities, their
// clauses, resolved references, targets and the card's X binding. For debugging and golden tests.
#include <ostream>

#include "sema/check_context.h"

namespace cardc {

void emit_sema(const CheckContext& ctx, std::ostream& out);

}  // namespace cardc
