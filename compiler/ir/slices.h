#pragma once
// A large module bound and consumed in slices (a card library of a large set, docs/codegen.md "Large libraries"):
// the binder hands each slice of cards to a sink as soon as those cards are bound, then drops the bodies of their
// functions, so the effect IR alive at once is about one slice's, not the whole set's.
#include <cstddef>
#include <functional>

#include "ir/ir.h"

namespace cardc::ir {

struct SliceSink {
  // A slice ends after the first card that brings it to this many functions. The slices depend on the cards and
  // this number only.
  size_t min_functions = 4096;
  // The slice: the module's functions [first, module.functions.size()) and their registration (a Register function
  // whose body is the slice's cards' registration statements, in card order). The sink may append to the module's
  // functions for the time of the call, but leaves them as it found them. False stops the binding (the sink keeps
  // the error). After the call the binder keeps the functions' names and kinds (later cards and the register
  // function may refer to them) and drops their bodies.
  std::function<bool(Module& module, size_t first, Function& registration)> take;
  // The binding starts again from the first card (compile --keep-going binds a second time without the cards that
  // had errors): forget every slice taken. Empty: nothing to forget.
  std::function<void()> restart;
  // False: the sink needs nothing of a slice once it has taken it (a check only counts what binds). The binder then
  // drops the slice's functions whole instead of keeping their names, so the module does not grow with the set and
  // the later cards' functions are numbered afresh; the module it returns holds only the cards after the last slice.
  bool keeps_taken = true;
  // False: the sink never reads the registration it is handed (a check counts what binds). The binder then writes
  // the cards' functions but not the calls that register them (cardrt_def_card, _ability, _ability_fn ...).
  bool reads_registration = true;
};

}  // namespace cardc::ir
