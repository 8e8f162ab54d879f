#pragma once
// What `cardc check` does after the semantic passes, shared by the command, the language server and the front-end
// benchmark so that the three report the same errors: every card is bound to the effect IR (binding only: no LLVM,
// no JIT), and what cannot be bound is an error of plain `check` (issue 21 B10: a sentence with words nothing reads
// is an error there, not only under `--compile`). The IR is dropped slice by slice as it is bound (ir/slices.h).
#include <cstddef>
#include <string_view>

#include "sema/check_context.h"

namespace cardc {

struct CheckBinding {
  bool bound = false;    // false: a --stop-after pass stopped the check before binding
  size_t compiled = 0;   // cards with no error of any pass that bound whole (BindResult::cards_compiled)
  size_t faithful = 0;   // of those, cards whose every paragraph the wording grammar read and renders back
  size_t lowered = 0;    // cards lowered from their meaning (docs/meaning.md), not bound from their words
};

// Binds every card of a checked set, reporting what cannot be bound to ctx.diags; the IR is not kept.
CheckBinding bind_checked_set(const CheckContext& ctx);

// The whole check: the semantic passes up to `stop_after` (all when empty), then, when all ran, the binding.
CheckBinding check_card_set(CheckContext& ctx, std::string_view stop_after = {});

}  // namespace cardc
