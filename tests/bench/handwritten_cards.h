#pragma once
// The effect workload's cards (sets/skirmish.cards) written by hand in C++ against the cardrt ABI: the limit the
// generated code is measured against (docs/performance.md, "Effects: peers").
#include "cardrt/cardrt.h"

namespace bench {

// Defines the five cards in `pool` as a card library's entry point does. CARDRT_OK or the first error.
int32_t register_handwritten_cards(cardrt_cardpool* pool);

}  // namespace bench
