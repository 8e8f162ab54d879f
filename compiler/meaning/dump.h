#pragma once
// `cardc check --emit=meaning`: the meaning tree of every card, one node a line, vocabulary by the profile's names,
// each node with the line:col range it was read from. Stable: golden tests compare it.
#include <ostream>

#include "sema/check_context.h"

namespace cardc::meaning {

void dump(const CheckContext& ctx, std::ostream& out);

}  // namespace cardc::meaning
