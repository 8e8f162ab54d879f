#include "codegen/target.h"

#include <mutex>

#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/IR/Verifier.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Passes/StandardInstrumentations.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Target/TargetOptions.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Scalar/TailRecursionElimination.h>
#include <llvm/TargetParser/Host.h>
#include <llvm/TargetParser/SubtargetFeature.h>

namespace cardc::codegen {

std::optional<OptLevel> opt_level_from_int(int level) {
  if (level < 0 || level > 3) return std::nullopt;
  return static_cast<OptLevel>(level);
}

const char* opt_level_name(OptLevel level) {
  switch (level) {
    case OptLevel::O0: return "O0";
    case OptLevel::O1: return "O1";
    case OptLevel::O2: return "O2";
    case OptLevel::O3: return "O3";
  }
  return "O?";
}

void initialize_llvm() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
  });
}

// -O1 and -O2 use the fast code generator (FastISel, the fast register allocator) on IR the light function
// pipeline has cleaned up: card functions are short runs of runtime calls, and on them SelectionDAG and the greedy
// register allocator cost 4-5x the compile time for effects no benchmark can tell apart (docs/performance.md
// "Full compile at -O2"). -O3 is LLVM's full code generator.
llvm::CodeGenOptLevel codegen_level(OptLevel level) {
  switch (level) {
    case OptLevel::O0:
    case OptLevel::O1:
    case OptLevel::O2: return llvm::CodeGenOptLevel::None;
    case OptLevel::O3: return llvm::CodeGenOptLevel::Aggressive;
  }
  return llvm::CodeGenOptLevel::None;
}

namespace {

// The light function pipeline of -O1 and -O2: locals into registers (SROA), common subexpressions and folding
// (EarlyCSE, InstCombine), the CFG of ifs and and/or tidied (SimplifyCFG), `ret call` marked tail (TailCallElim).
// No inliner, no loop or interprocedural passes: card functions call the runtime and nothing else.
llvm::FunctionPassManager light_function_pipeline() {
  llvm::FunctionPassManager fpm;
  fpm.addPass(llvm::SROAPass(llvm::SROAOptions::ModifyCFG));
  fpm.addPass(llvm::EarlyCSEPass());
  fpm.addPass(llvm::InstCombinePass());
  fpm.addPass(llvm::SimplifyCFGPass());
  fpm.addPass(llvm::TailCallElimPass());
  return fpm;
}

}  // namespace

Expected<std::unique_ptr<llvm::TargetMachine>> make_target_machine(OptLevel level, bool host_cpu) {
  initialize_llvm();
  const std::string triple = llvm::sys::getDefaultTargetTriple();
  std::string error;
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) return Failure{"no LLVM target for '" + triple + "': " + error};
  std::string cpu = "generic";
  std::string features;
  if (host_cpu) {
    cpu = llvm::sys::getHostCPUName().str();
    llvm::SubtargetFeatures f;
    for (const auto& [name, enabled] : llvm::sys::getHostCPUFeatures()) f.AddFeature(name, enabled);
    features = f.getString();
  }
  llvm::TargetOptions options;
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(triple, cpu, features, options,
                                                                      llvm::Reloc::PIC_, std::nullopt,
                                                                      codegen_level(level)));
  if (!tm) return Failure{"LLVM could not create a target machine for '" + triple + "'"};
  return tm;
}

void prepare_module(llvm::Module& m, const llvm::TargetMachine& tm) {
  m.setTargetTriple(tm.getTargetTriple().str());
  m.setDataLayout(tm.createDataLayout());
}

Status verify_llvm(const llvm::Module& m) {
  std::string report;
  llvm::raw_string_ostream out(report);
  if (llvm::verifyModule(m, &out)) {
    out.flush();
    return Failure{"invalid LLVM module: " + report};
  }
  return Status::success();
}

Status optimize(llvm::Module& m, OptLevel level, llvm::TargetMachine* tm) {
  if (level != OptLevel::O0) {
    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    // Passes skip optnone functions (the register function, lower.cpp) through this instrumentation (the
    // standard instrumentations include it).
    llvm::PassInstrumentationCallbacks pic;
    llvm::OptNoneInstrumentation optnone(/*DebugLogging=*/false);
    std::optional<llvm::StandardInstrumentations> si;
    if (level == OptLevel::O3) {
      si.emplace(m.getContext(), /*DebugLogging=*/false);
      si->registerCallbacks(pic, &mam);
    } else {
      optnone.registerCallbacks(pic);
    }
    llvm::PassBuilder pb(tm, llvm::PipelineTuningOptions(), std::nullopt, &pic);
    pb.registerModuleAnalyses(mam);
    pb.registerCGSCCAnalyses(cgam);
    pb.registerFunctionAnalyses(fam);
    pb.registerLoopAnalyses(lam);
    pb.crossRegisterProxies(lam, fam, cgam, mam);
    llvm::ModulePassManager mpm;
    if (level == OptLevel::O3)
      mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
    else
      mpm.addPass(llvm::createModuleToFunctionPassAdaptor(light_function_pipeline()));
    mpm.run(m, mam);
  }
  return verify_llvm(m);
}

}  // namespace cardc::codegen
