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

llvm::CodeGenOptLevel codegen_level(OptLevel level) {
  switch (level) {
    case OptLevel::O0: return llvm::CodeGenOptLevel::None;
    case OptLevel::O1: return llvm::CodeGenOptLevel::Less;
    case OptLevel::O2: return llvm::CodeGenOptLevel::Default;
    case OptLevel::O3: return llvm::CodeGenOptLevel::Aggressive;
  }
  return llvm::CodeGenOptLevel::Default;
}

namespace {

llvm::OptimizationLevel pass_level(OptLevel level) {
  switch (level) {
    case OptLevel::O0: return llvm::OptimizationLevel::O0;
    case OptLevel::O1: return llvm::OptimizationLevel::O1;
    case OptLevel::O2: return llvm::OptimizationLevel::O2;
    case OptLevel::O3: return llvm::OptimizationLevel::O3;
  }
  return llvm::OptimizationLevel::O2;
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
    // The standard instrumentations make the pipeline honour optnone (the register function, lower.cpp).
    llvm::PassInstrumentationCallbacks pic;
    llvm::StandardInstrumentations si(m.getContext(), /*DebugLogging=*/false);
    si.registerCallbacks(pic, &mam);
    llvm::PassBuilder pb(tm, llvm::PipelineTuningOptions(), std::nullopt, &pic);
    pb.registerModuleAnalyses(mam);
    pb.registerCGSCCAnalyses(cgam);
    pb.registerFunctionAnalyses(fam);
    pb.registerLoopAnalyses(lam);
    pb.crossRegisterProxies(lam, fam, cgam, mam);
    llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(pass_level(level));
    mpm.run(m, mam);
  }
  return verify_llvm(m);
}

}  // namespace cardc::codegen
