#include "codegen/jit.h"

#include <exception>
#include <string>
#include <vector>

#include <llvm/ExecutionEngine/Orc/Core.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>
#include <llvm/Target/TargetMachine.h>

#include "codegen/lower.h"
#include "codegen/runtime_symbols.h"
#include "codegen/target.h"

namespace cardc {

using codegen::Expected;
using codegen::Failure;

namespace {

// llvm::Error -> our error value (consumes the error, as LLVM requires).
Failure failure(const char* what, llvm::Error e) { return Failure{std::string(what) + ": " + llvm::toString(std::move(e))}; }

const char* rt_error_name(int32_t code) {
  switch (code) {
    case CARDRT_E_HANDLE: return "CARDRT_E_HANDLE";
    case CARDRT_E_ARGUMENT: return "CARDRT_E_ARGUMENT";
    case CARDRT_E_UNKNOWN_NAME: return "CARDRT_E_UNKNOWN_NAME (a word the pool's profile does not define)";
    case CARDRT_E_STATE: return "CARDRT_E_STATE";
    case CARDRT_E_NO_MEMORY: return "CARDRT_E_NO_MEMORY";
    case CARDRT_E_INTERNAL: return "CARDRT_E_INTERNAL";
    case CARDRT_E_LIMIT: return "CARDRT_E_LIMIT";
    default: return "an error";
  }
}

}  // namespace

struct Jit::Impl {
  struct Loaded {
    llvm::orc::JITDylib* dylib = nullptr;
    std::string register_name;  // the ir name of the register function ("" when there is none)
  };

  JitOptions options;
  std::unique_ptr<llvm::TargetMachine> tm;  // the JIT's target, for the optimizer's cost models
  std::unique_ptr<llvm::orc::LLJIT> lljit;
  llvm::orc::JITDylib* runtime = nullptr;  // the ABI functions, as absolute symbols
  std::vector<Loaded> modules;

  Expected<const Loaded*> module(ModuleId id) const {
    if (id < 0 || static_cast<size_t>(id) >= modules.size())
      return Failure{"no module " + std::to_string(id) + " in this JIT"};
    return &modules[static_cast<size_t>(id)];
  }
};

Jit::Jit(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Jit::~Jit() = default;
const JitOptions& Jit::options() const { return impl_->options; }

Expected<std::unique_ptr<Jit>> Jit::create(const JitOptions& options) {
  try {
    codegen::initialize_llvm();
    auto impl = std::make_unique<Impl>();
    impl->options = options;

    auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!jtmb) return failure("cannot describe the host for the JIT", jtmb.takeError());
    jtmb->setCodeGenOptLevel(codegen::codegen_level(options.opt));
    auto tm = jtmb->createTargetMachine();
    if (!tm) return failure("cannot create the JIT's target machine", tm.takeError());
    impl->tm = std::move(*tm);

    // No process symbols (every runtime function is registered below) and no platform runtime (card code has no
    // static initializers).
    auto lljit = llvm::orc::LLJITBuilder()
                     .setJITTargetMachineBuilder(std::move(*jtmb))
                     .setLinkProcessSymbolsByDefault(false)
                     .setPlatformSetUp(llvm::orc::setUpInactivePlatform)
                     .create();
    if (!lljit) return failure("cannot create the JIT", lljit.takeError());
    impl->lljit = std::move(*lljit);

    llvm::orc::ExecutionSession& es = impl->lljit->getExecutionSession();
    impl->runtime = &es.createBareJITDylib("<cardrt>");
    llvm::orc::SymbolMap symbols;
    for (const codegen::RuntimeSymbol& s : codegen::runtime_symbols())
      symbols[impl->lljit->mangleAndIntern(s.name)] = llvm::orc::ExecutorSymbolDef(
          llvm::orc::ExecutorAddr::fromPtr(s.address), llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable);
    if (llvm::Error e = impl->runtime->define(llvm::orc::absoluteSymbols(std::move(symbols))))
      return failure("cannot register the runtime's functions", std::move(e));
    return std::unique_ptr<Jit>(new Jit(std::move(impl)));
  } catch (const std::exception& e) {
    return Failure{std::string("cannot create the JIT: ") + e.what()};
  }
}

Expected<Jit::ModuleId> Jit::add(const ir::Module& m) {
  try {
    Impl& j = *impl_;
    auto context = std::make_unique<llvm::LLVMContext>();
    codegen::LowerOptions lower_options;
    lower_options.export_functions = true;  // lookup() by ir name
    auto lowered = codegen::lower(m, *context, lower_options);
    if (!lowered) return lowered.take_failure();
    std::unique_ptr<llvm::Module> module = std::move(*lowered);
    codegen::prepare_module(*module, *j.tm);
    module->setDataLayout(j.lljit->getDataLayout());
    if (codegen::Status s = codegen::optimize(*module, j.options.opt, j.tm.get()); !s) return Failure{s.error()};

    const ModuleId id = static_cast<ModuleId>(j.modules.size());
    auto dylib = j.lljit->createJITDylib("cards." + std::to_string(id));
    if (!dylib) return failure("cannot create a JITDylib", dylib.takeError());
    dylib->addToLinkOrder(*j.runtime);
    if (llvm::Error e = j.lljit->addIRModule(*dylib, llvm::orc::ThreadSafeModule(std::move(module), std::move(context))))
      return failure("cannot add the module to the JIT", std::move(e));
    Impl::Loaded loaded;
    loaded.dylib = &*dylib;
    if (m.register_fn >= 0) loaded.register_name = m.functions[static_cast<size_t>(m.register_fn)].name;
    j.modules.push_back(std::move(loaded));
    return id;
  } catch (const std::exception& e) {
    return Failure{std::string("cannot add the module to the JIT: ") + e.what()};
  }
}

Expected<void*> Jit::lookup(ModuleId id, std::string_view name) {
  try {
    auto loaded = impl_->module(id);
    if (!loaded) return loaded.take_failure();
    // The register function is exported under the library entry name whatever its ir name.
    const std::string symbol =
        !(*loaded)->register_name.empty() && name == (*loaded)->register_name ? CARDRT_LIBRARY_ENTRY : std::string(name);
    auto addr = impl_->lljit->lookup(*(*loaded)->dylib, symbol);
    if (!addr) return failure(("cannot find '" + symbol + "' in the JIT").c_str(), addr.takeError());
    return addr->toPtr<void*>();
  } catch (const std::exception& e) {
    return Failure{std::string("JIT lookup failed: ") + e.what()};
  }
}

Expected<int32_t> Jit::register_cards(ModuleId id, cardrt_cardpool* pool) {
  auto loaded = impl_->module(id);
  if (!loaded) return loaded.take_failure();
  if ((*loaded)->register_name.empty()) return Failure{"module " + std::to_string(id) + " has no register function"};
  auto entry = lookup(id, CARDRT_LIBRARY_ENTRY);
  if (!entry) return entry.take_failure();
  auto fn = reinterpret_cast<cardrt_library_register_fn>(*entry);
  const int32_t r = fn(pool);
  if (r < 0)
    return Failure{std::string(CARDRT_LIBRARY_ENTRY) + " returned " + std::to_string(r) + ", " + rt_error_name(r)};
  return r;
}

}  // namespace cardc
