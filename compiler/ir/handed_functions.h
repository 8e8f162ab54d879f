#pragma once
// What a module's register function does before its body (docs/runtime.md "Saved games"): declare with
// cardrt_def_function each module function card code hands the runtime while it runs (a delayed effect's body, a
// target's filter: every function an FnRef names outside the register function), in module order with its kind, so
// the pool knows it and a saved game can name it. The code generator and the interpreter both run it first.
#include <vector>

#include "ir/ir.h"

namespace cardc::ir {

// A Block of Eval(cardrt_def_function(pool, kind, FnRef)) statements, one per handed function.
Node handed_function_declarations(const Module& m);
// The same from `handed` (function index -> handed), gathered by mark_handed while the functions had their bodies
// (a library written in slices, ir/slices.h, whose bodies are gone by the time its register function is lowered).
Node handed_function_declarations(const Module& m, const std::vector<bool>& handed);
// Marks in `handed` (grown as needed) every function an FnRef in `body` names.
void mark_handed(const Node& body, std::vector<bool>& handed);

}  // namespace cardc::ir
