#pragma once
// The target side of code generation: LLVM initialization, TargetMachines, the optimization pipeline and
// llvm::verifyModule as an error value. Includes LLVM types: for compiler/codegen/*.cpp only.
#include <memory>

#include <llvm/Support/CodeGen.h>

#include "codegen/codegen.h"

namespace llvm {
class Module;
class TargetMachine;
}  // namespace llvm

namespace cardc::codegen {

// The code generator's optimization level for an -O level: None (FastISel, fast register allocation) up to -O2,
// Aggressive at -O3.
llvm::CodeGenOptLevel codegen_level(OptLevel level);

// Registers the native target, its assembly printer and parser, once per process (thread-safe).
void initialize_llvm();

// A TargetMachine for the default (host) triple with Reloc::PIC_ and the code generator's level for `level`.
// host_cpu: tune for and use every feature of this machine's CPU (the JIT); otherwise a baseline CPU, so that an
// object file or card library runs on any machine of the same architecture.
Expected<std::unique_ptr<llvm::TargetMachine>> make_target_machine(OptLevel level, bool host_cpu);

// Sets the module's target triple and data layout to the machine's.
void prepare_module(llvm::Module& m, const llvm::TargetMachine& tm);

// llvm::verifyModule as a value: the verifier's report is the message.
Status verify_llvm(const llvm::Module& m);

// The IR pipeline for `level`, then verify_llvm: nothing at O0; at O1 and O2 a light function pipeline (SROA,
// EarlyCSE, InstCombine, SimplifyCFG, TailCallElim; target.cpp says why); at O3 the new PassBuilder's default
// per-module O3 pipeline. Functions marked optnone are left as they are.
Status optimize(llvm::Module& m, OptLevel level, llvm::TargetMachine* tm);

}  // namespace cardc::codegen
