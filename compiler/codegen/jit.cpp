#include "codegen/jit.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <deque>
#include <exception>
#include <filesystem>
#include <mutex>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unordered_map>
#include <vector>

#include <llvm/Config/llvm-config.h>
#include <llvm/ExecutionEngine/Orc/CompileUtils.h>
#include <llvm/ExecutionEngine/Orc/Core.h>
#include <llvm/ExecutionEngine/Orc/ExecutorProcessControl.h>
#include <llvm/ExecutionEngine/Orc/IRCompileLayer.h>
#include <llvm/ExecutionEngine/Orc/IRTransformLayer.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/ExecutionEngine/Orc/TaskDispatch.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/ThreadPool.h>
#include <llvm/Target/TargetMachine.h>

#include "codegen/lazy_stubs.h"
#include "codegen/lower.h"
#include "codegen/object_cache.h"
#include "codegen/partition.h"
#include "codegen/register_pieces.h"
#include "codegen/runtime_symbols.h"
#include "codegen/target.h"
#include "interp/interpreter.h"
#include "ir/verify.h"

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

// Where a lazy call-through jumps when compiling its partition failed (it cannot: the module was verified before
// it was added, but the stub needs somewhere to go). Every card function returns an int32_t status; the
// arguments are ignored, which the x86-64 C calling convention allows.
extern "C" int32_t cardc_lazy_compile_failed() { return CARDRT_E_INTERNAL; }

// The JIT's compiler: ORC's thread-safe compiler (a TargetMachine per module), counting the modules it compiles.
// A module that defines the register function is compiled with the code generator at -O0 whatever the level: the
// function is optnone (lower.cpp), and the -O2 code generator's register allocator (greedy, with live-interval
// analysis over a function of six calls per card) costs seconds on a large set for code that runs once.
class CountingCompiler : public llvm::orc::IRCompileLayer::IRCompiler {
 public:
  CountingCompiler(llvm::orc::JITTargetMachineBuilder jtmb, llvm::ObjectCache* cache, std::atomic<uint64_t>& count)
      : IRCompiler(llvm::orc::irManglingOptionsFromTargetOptions(jtmb.getOptions())),
        inner_(jtmb, cache),
        register_(at_o0(jtmb), cache),
        count_(count) {}
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> operator()(llvm::Module& m) override {
    ++count_;
    const llvm::Function* entry = m.getFunction(CARDRT_LIBRARY_ENTRY);
    if (entry && !entry->isDeclaration()) return register_(m);
    return inner_(m);
  }

 private:
  static llvm::orc::JITTargetMachineBuilder at_o0(llvm::orc::JITTargetMachineBuilder b) {
    b.setCodeGenOptLevel(llvm::CodeGenOptLevel::None);
    return b;
  }
  llvm::orc::ConcurrentIRCompiler inner_;
  llvm::orc::ConcurrentIRCompiler register_;
  std::atomic<uint64_t>& count_;
};

// The compile threads of an eager load (jobs > 1): ORC tasks on a fixed pool, given to LLJIT as the dispatcher of
// its ExecutorProcessControl instead of LLJITBuilder::setNumCompileThreads. In LLVM 19 the latter installs a
// DynamicThreadPoolTaskDispatcher, and two things there made a Jit destroyed right after its first lookup crash
// now and then ("JIT session error: Resource tracker ... became defunct", then heap corruption):
//  - A task may still be running when the lookup returns: the lookup waits for the partitions' symbols, whose
//    links needed the runtime's absolute symbols (Jit::create) only resolved, and the task that materializes those
//    may not have emitted them yet (seen in gdb: AbsoluteSymbolsMaterializationUnit::materialize -> notifyEmitted
//    -> ResourceTrackerDefunct). LLJIT::~LLJIT calls ExecutionSession::endSession, which removes every JITDylib
//    (their resource trackers become defunct) before it shuts the dispatcher down (EPC disconnect), so that task
//    fails on a defunct tracker (llvm-project issue 174922 describes this order).
//  - DynamicThreadPoolTaskDispatcher counts a task done before it destroys it (its detached thread drops the task
//    after the count it waits on reached zero), so shutdown() can return, and the session and its symbol string
//    pool be freed, while a MaterializationUnit still holds SymbolStringPtrs into the pool: use after free.
// Here a task is destroyed on its thread before the pool counts it done, and Jit::Impl waits for every task before
// the LLJIT is destroyed (~Impl). Same parallelism: materializations ran on at most `threads` threads there too.
class CompileThreads final : public llvm::orc::TaskDispatcher {
 public:
  explicit CompileThreads(unsigned threads) : pool_(llvm::hardware_concurrency(threads)) {}
  void dispatch(std::unique_ptr<llvm::orc::Task> task) override {
    // ThreadPool takes copyable functions only: the raw pointer owns the task until it has run.
    pool_.async([t = task.release()] {
      t->run();
      delete t;
    });
  }
  void shutdown() override { pool_.wait(); }
  // Every task dispatched so far has run and been destroyed.
  void wait() { pool_.wait(); }

 private:
  llvm::DefaultThreadPool pool_;
};

}  // namespace

std::string default_cache_dir() {
  if (const char* d = std::getenv("CARDC_CACHE_DIR"); d && *d) return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) return std::string(d) + "/cardc";
  if (const char* d = std::getenv("HOME"); d && *d) return std::string(d) + "/.cache/cardc";
  return "";
}

unsigned resolve_jobs(unsigned jobs) {
  if (jobs > 0) return jobs;
  return std::max(1u, std::thread::hardware_concurrency());
}

struct Jit::Impl {
  // A lazy load (docs/codegen.md "Lazy compilation"): the module's functions are reached through call-through
  // stubs of our own (lazy_stubs.h), one per function; the tables `cardc.fns.<p>` that the register function and
  // the other partitions read hold the stubs' addresses (absolute symbols). Partition 0 (the register function) is
  // compiled at the first lookup; partition p at the first call of any of its functions, which then fills the stubs
  // of all its functions from the partition's own table (code_table_name).
  struct LazyLoad {
    Impl* jit = nullptr;
    llvm::orc::JITDylib* dylib = nullptr;
    std::shared_ptr<const ir::Module> shared;  // the module, when add() was given it shared; else a copy
    const ir::Module& module;                 // *shared: partitions are lowered from it when first called
    explicit LazyLoad(std::shared_ptr<const ir::Module> m) : shared(std::move(m)), module(*shared) {}
    codegen::PartitionPlan plan;
    std::unique_ptr<codegen::LazyStubs> stubs;
    std::vector<std::vector<void*>> stub_tables;  // partition -> its stubs in slot order (cardc.fns.<p>)
    std::vector<uint8_t> compiled;                // partition -> compiled (or failed)
    std::string module_name;                      // for the LLVM modules' identifiers
    std::string error;                            // the first partition that could not be compiled, and why
    std::mutex mutex;                             // stubs may be called from several threads
    int32_t abi_version = CARDRT_ABI_VERSION;     // cardrt_library_abi_version
    bool entry_added = false;                     // partition 0 (the register function), lowered at need

    static void* resolve(void* context, uint32_t index) noexcept;
  };

  struct Loaded {
    llvm::orc::JITDylib* dylib = nullptr;
    std::string register_name;      // the ir name of the register function ("" when there is none)
    std::vector<std::string> reps;  // eager: one symbol per partition, looked up together to compile them all
    bool materialized = false;
    // Partitioned loads (eager, and lazy loads from the cache) keep module functions private; lookup() by ir name
    // reads the address from the function's partition table (LowerOptions::function_tables).
    bool tables = false;
    codegen::PartitionPlan plan;
    std::string names;                                      // every function's ir name, each followed by a NUL
    std::vector<uint32_t> name_at;                          // function index -> offset in names
    std::unordered_map<std::string_view, uint32_t> index;   // ir name -> function index (built at need)
    std::vector<void* const*> table_at;                     // partition -> its table, once materialized
    std::unique_ptr<LazyLoad> lazy;        
    // An eager load without a cache: the module, whose register function register_cards interprets (add_eager).
    std::shared_ptr<const ir::Module> interpret;                  // a lazy load with stubs (add_lazy)
  };

  JitOptions options;
  std::unique_ptr<llvm::orc::JITTargetMachineBuilder> jtmb;
  // Declared before lljit, so destroyed after it: its compiler (and compile threads) use them.
  std::unique_ptr<codegen::DiskObjectCache> cache;
  std::atomic<uint64_t> compiled{0};
  std::unique_ptr<llvm::orc::LLJIT> lljit;
  CompileThreads* threads = nullptr;  // lljit's task dispatcher when it has compile threads (owned by lljit)
  JitStats stats;
  llvm::orc::JITDylib* runtime = nullptr;  // the ABI functions, as absolute symbols
  std::deque<Loaded> modules;  // a deque: a Loaded never moves (its index holds views of its names)

  // No task may still run when the LLJIT ends its session (CompileThreads says why).
  ~Impl() {
    if (threads) threads->wait();
  }

  Expected<Loaded*> module(ModuleId id) {
    if (id < 0 || static_cast<size_t>(id) >= modules.size())
      return Failure{"no module " + std::to_string(id) + " in this JIT"};
    return &modules[static_cast<size_t>(id)];
  }

  // The cache key of `m`: the module (codegen::module_cache_key) and everything else its machine code depends on.
  std::string cache_key(const ir::Module& m) const {
    std::string s(codegen::kObjectCacheFormat);
    s += "\ncompiler " + executable_identity() + "\nllvm " LLVM_VERSION_STRING;
    s += "\ntriple " + jtmb->getTargetTriple().str() + "\ncpu " + jtmb->getCPU();
    s += "\nfeatures " + jtmb->getFeatures().getString() + "\nopt " + codegen::opt_level_name(options.opt);
    s += "\nabi " + std::to_string(CARDRT_ABI_VERSION) + "\ndescription " + m.profile_description + "\n";
    return codegen::module_cache_key(m, s);
  }

  // The compiler's own version: the identity of the running executable (size, modification time, inode), so a
  // rebuilt cardc (a changed lowering, say) never loads objects an older build wrote.
  static std::string executable_identity() {
    struct stat st {};
    if (::stat("/proc/self/exe", &st) != 0) return "unknown";
    return std::to_string(st.st_size) + "." + std::to_string(st.st_mtim.tv_sec) + "." +
           std::to_string(st.st_mtim.tv_nsec) + "." + std::to_string(st.st_ino);
  }

  // One symbol partition p defines: its function table, or (partition 0) an identity symbol.
  static std::string partition_rep(const codegen::PartitionPlan& plan, size_t p) {
    return p > 0 && plan.tabled[p] > 0 ? codegen::function_table_name(p) : ir::kLibrarySymbols[1];
  }

  // A partitioned load: the plan and the functions' names, for lookup() by ir name.
  static void use_tables(Loaded& loaded, const ir::Module& m, const codegen::PartitionPlan& plan) {
    loaded.tables = true;
    loaded.plan = plan;
    loaded.name_at.reserve(m.functions.size());
    for (const ir::Function& f : m.functions) {
      loaded.name_at.push_back(static_cast<uint32_t>(loaded.names.size()));
      loaded.names.append(f.name);
      loaded.names.push_back('\0');
    }
    loaded.table_at.assign(plan.count, nullptr);
    for (size_t p = 0; p < plan.count; ++p) loaded.reps.push_back(partition_rep(plan, p));
  }

  // Reads every partition's entry; counts what it rejects. The objects of the partitions it found.
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> read_entries(const std::string& key, size_t count, size_t& found) {
    std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects(count);
    found = 0;
    for (size_t p = 0; p < count; ++p) {
      bool rejected = false;
      objects[p] = codegen::read_cache_entry(entry_path(key, p, count), rejected);
      if (rejected) ++stats.cache_rejected;
      if (objects[p]) ++found;
    }
    return objects;
  }

  std::string entry_path(const std::string& key, size_t p, size_t count) const {
    return cache->dir() + "/" + key + "." + std::to_string(p) + "-of-" + std::to_string(count) + ".o";
  }

  // LLJIT::addIRModule, less its copy: with compile threads LLJIT clones every module it is given into a new
  // LLVMContext (a bitcode write and read, so that modules sharing a context can be compiled in parallel), and
  // that cost more CPU than the threads saved. Every module here has a context of its own (one per partition), so
  // it goes straight to the IR transform layer (the inactive platform's init-helper layer does nothing else).
  llvm::Error add_ir_module(llvm::orc::JITDylib& dylib, llvm::orc::ThreadSafeModule tsm) {
    return lljit->getIRTransformLayer().add(dylib, std::move(tsm));
  }

  // Lazy loads use the cache only when it holds every partition of the set (an eager load wrote them): then nothing
  // is compiled at all. Returns false (and adds nothing) otherwise.
  Expected<bool> add_whole_from_cache(const ir::Module& m, llvm::orc::JITDylib& dylib);

  // `shared` is m, or null (then a lazy load copies m when it needs to keep it).
  Expected<ModuleId> add_lazy(const ir::Module& m, std::shared_ptr<const ir::Module> shared, llvm::orc::JITDylib& dylib);
  Expected<ModuleId> add(const ir::Module& m, std::shared_ptr<const ir::Module> shared);
  // Lowers partition p of a lazy load, adds it, and points its functions' stubs at the code (under the load's lock).
  codegen::Status compile_lazy_partition(LazyLoad& lazy, size_t p);
  // A lookup of a lazy load's entry point (register_cards interprets the function instead): partition 0, compiled
  // when looked up.
  codegen::Status add_lazy_entry(LazyLoad& lazy);
  Expected<ModuleId> add_eager(const ir::Module& m, std::shared_ptr<const ir::Module> shared,
                               llvm::orc::JITDylib& dylib);
};

Jit::Jit(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Jit::~Jit() = default;
const JitOptions& Jit::options() const { return impl_->options; }

JitStats Jit::stats() const {
  JitStats s = impl_->stats;
  s.modules_compiled = impl_->compiled.load();
  for (const Impl::Loaded& l : impl_->modules)
    if (l.lazy) s.lazy_partitions_compiled += std::count(l.lazy->compiled.begin(), l.lazy->compiled.end(), 1);
  if (impl_->cache) s.cache_written = impl_->cache->written.load();
  return s;
}

Expected<std::unique_ptr<Jit>> Jit::create(const JitOptions& options) {
  try {
    codegen::initialize_llvm();
    auto impl = std::make_unique<Impl>();
    impl->options = options;
    const unsigned threads = options.lazy ? 0 : resolve_jobs(options.jobs);

    auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!jtmb) return failure("cannot describe the host for the JIT", jtmb.takeError());
    jtmb->setCodeGenOptLevel(codegen::codegen_level(options.opt));
    impl->jtmb = std::make_unique<llvm::orc::JITTargetMachineBuilder>(*jtmb);
    if (!options.cache_dir.empty()) {
      std::error_code ec;
      std::filesystem::path dir = std::filesystem::absolute(options.cache_dir, ec);
      impl->cache = std::make_unique<codegen::DiskObjectCache>((ec ? std::filesystem::path(options.cache_dir) : dir)
                                                                   .lexically_normal()
                                                                   .string());
    }
    Impl* j = impl.get();
    auto compiler = [j](llvm::orc::JITTargetMachineBuilder b)
        -> llvm::Expected<std::unique_ptr<llvm::orc::IRCompileLayer::IRCompiler>> {
      // Lazy loads read the cache but never write it (add_lazy).
      llvm::ObjectCache* writes = j->options.lazy ? nullptr : j->cache.get();
      return std::make_unique<CountingCompiler>(std::move(b), writes, j->compiled);
    };

    // No process symbols (every runtime function is registered below) and no platform runtime (card code has no
    // static initializers).
    // Lazy loads compile on the thread that calls a stub (no compile threads).
    llvm::orc::LLJITBuilder jit_builder;
    jit_builder.setJITTargetMachineBuilder(std::move(*jtmb))
        .setLinkProcessSymbolsByDefault(false)
        .setPlatformSetUp(llvm::orc::setUpInactivePlatform)
        .setCompileFunctionCreator(compiler);
    CompileThreads* pool = nullptr;
    if (threads > 1) {
      // Our own dispatcher, not setNumCompileThreads (CompileThreads says why). An ExecutorProcessControl of ours
      // also turns on LLJIT's concurrent compilation support, as setNumCompileThreads did.
      auto dispatcher = std::make_unique<CompileThreads>(threads);
      pool = dispatcher.get();
      auto epc = llvm::orc::SelfExecutorProcessControl::Create(nullptr, std::move(dispatcher));
      if (!epc) return failure("cannot create the JIT's process control", epc.takeError());
      jit_builder.setExecutorProcessControl(std::move(*epc));
    }
    auto lljit = jit_builder.create();
    if (!lljit) return failure("cannot create the JIT", lljit.takeError());
    impl->lljit = std::move(*lljit);
    impl->threads = pool;

    // The IR pipeline runs per compiled module, on the thread that compiles it (a TargetMachine of its own for the
    // cost models: TargetMachines are not thread-safe).
    const codegen::OptLevel level = options.opt;
    const llvm::orc::JITTargetMachineBuilder builder = *impl->jtmb;
    impl->lljit->getIRTransformLayer().setTransform(
        [level, builder](llvm::orc::ThreadSafeModule tsm,
                         llvm::orc::MaterializationResponsibility&) -> llvm::Expected<llvm::orc::ThreadSafeModule> {
          if (level == codegen::OptLevel::O0) return tsm;
          // The register function is optnone: the module that defines it has nothing for the pipeline to do.
          bool register_module = false;
          tsm.withModuleDo([&](llvm::Module& m) {
            const llvm::Function* entry = m.getFunction(CARDRT_LIBRARY_ENTRY);
            register_module = entry && !entry->isDeclaration();
          });
          if (register_module) return tsm;
          llvm::Error err = tsm.withModuleDo([&](llvm::Module& m) -> llvm::Error {
            auto b = builder;
            auto tm = b.createTargetMachine();
            if (!tm) return tm.takeError();
            codegen::Status s = codegen::optimize(m, level, tm->get());
            if (!s) return llvm::make_error<llvm::StringError>(s.error(), llvm::inconvertibleErrorCode());
            return llvm::Error::success();
          });
          if (err) return err;
          return tsm;
        });

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

Expected<bool> Jit::Impl::add_whole_from_cache(const ir::Module& m, llvm::orc::JITDylib& dylib) {
  if (!cache) return false;
  const codegen::PartitionPlan plan = codegen::plan_partitions(m);
  size_t found = 0;
  auto objects = read_entries(cache_key(m), plan.count, found);
  if (found < plan.count) return false;
  Loaded& loaded = modules.back();
  use_tables(loaded, m, plan);
  for (size_t p = 0; p < plan.count; ++p) {
    ++stats.partitions;
    ++stats.cache_hits;
    if (llvm::Error e = lljit->addObjectFile(dylib, std::move(objects[p])))
      return failure("cannot add a cached object to the JIT", std::move(e));
  }
  return true;
}

void* Jit::Impl::LazyLoad::resolve(void* context, uint32_t index) noexcept {
  auto* lazy = static_cast<LazyLoad*>(context);
  try {
    std::lock_guard<std::mutex> lock(lazy->mutex);
    if (index >= lazy->plan.of.size()) return reinterpret_cast<void*>(&cardc_lazy_compile_failed);
    const size_t p = lazy->plan.of[index];
    if (!lazy->compiled[p]) {
      codegen::Status s = lazy->jit->compile_lazy_partition(*lazy, p);
      if (!s && lazy->error.empty()) lazy->error = s.error();
    }
    // Filled by the compile; still the thunk if it failed.
    if (!lazy->stubs->resolved(index)) return reinterpret_cast<void*>(&cardc_lazy_compile_failed);
    return lazy->stubs->target(index);
  } catch (...) {
    return reinterpret_cast<void*>(&cardc_lazy_compile_failed);
  }
}

codegen::Status Jit::Impl::compile_lazy_partition(LazyLoad& lazy, size_t p) {
  lazy.compiled[p] = 2;  // tried (a failure is not retried)
  auto context = std::make_unique<llvm::LLVMContext>();
  codegen::LowerOptions lower_options;
  lower_options.verify_ir = false;  // add() did
  lower_options.define_identity = false;
  lower_options.define_function = [&lazy, p](size_t i) { return lazy.plan.of[i] == p; };
  lower_options.function_tables = &lazy.plan;
  lower_options.partition = p;
  lower_options.code_table = true;
  auto lowered = codegen::lower(lazy.module, *context, lower_options);
  if (!lowered) return lowered.take_failure();
  std::unique_ptr<llvm::Module> module = std::move(*lowered);
  module->setModuleIdentifier(lazy.module_name + "." + std::to_string(p));
  module->setTargetTriple(jtmb->getTargetTriple().str());
  module->setDataLayout(lljit->getDataLayout());
  if (llvm::Error e = add_ir_module(*lazy.dylib, llvm::orc::ThreadSafeModule(std::move(module), std::move(context))))
    return failure("cannot add a partition to the JIT", std::move(e));
  auto table = lljit->lookup(*lazy.dylib, codegen::code_table_name(p));
  if (!table) return failure("cannot compile a partition", table.takeError());
  void* const* code = table->toPtr<void* const*>();
  for (size_t i = 0; i < lazy.plan.of.size(); ++i)
    if (lazy.plan.of[i] == p && static_cast<int64_t>(i) != lazy.module.register_fn)
      lazy.stubs->set(i, code[lazy.plan.slot[i]]);
  lazy.compiled[p] = 1;
  return codegen::Status::success();
}

codegen::Status Jit::Impl::add_lazy_entry(LazyLoad& lazy) {
  std::lock_guard<std::mutex> lock(lazy.mutex);
  if (lazy.entry_added) return codegen::Status::success();
  auto context = std::make_unique<llvm::LLVMContext>();
  codegen::LowerOptions lower_options;
  lower_options.verify_ir = false;         // add() did
  lower_options.define_identity = false;  // absolute symbols (add_lazy)
  lower_options.define_function = [&lazy](size_t i) { return lazy.plan.of[i] == 0; };
  lower_options.function_tables = &lazy.plan;
  lower_options.partition = 0;
  auto lowered = codegen::lower(lazy.module, *context, lower_options);
  if (!lowered) return lowered.take_failure();
  std::unique_ptr<llvm::Module> module = std::move(*lowered);
  module->setModuleIdentifier(lazy.module_name + ".0");
  module->setTargetTriple(jtmb->getTargetTriple().str());
  module->setDataLayout(lljit->getDataLayout());
  if (llvm::Error e = add_ir_module(*lazy.dylib, llvm::orc::ThreadSafeModule(std::move(module), std::move(context))))
    return failure("cannot add the module to the JIT", std::move(e));
  lazy.entry_added = true;
  return codegen::Status::success();
}

Expected<Jit::ModuleId> Jit::Impl::add_lazy(const ir::Module& m, std::shared_ptr<const ir::Module> shared,
                                            llvm::orc::JITDylib& dylib) {
  auto cached = add_whole_from_cache(m, dylib);
  if (!cached) return cached.take_failure();
  if (*cached) return static_cast<ModuleId>(modules.size() - 1);
  if (const auto errors = ir::verify(m); !errors.empty())
    return Failure{"invalid effect IR module:\n" + ir::format(errors)};
  Loaded& loaded = modules.back();
  auto lazy = std::make_unique<LazyLoad>(shared ? std::move(shared) : std::make_shared<const ir::Module>(m));
  lazy->jit = this;
  lazy->dylib = &dylib;
  lazy->plan = codegen::plan_partitions(m, codegen::kLazyPartitionFunctions, codegen::kLazyMaxPartitions);
  lazy->stubs = codegen::LazyStubs::create(m.functions.size(), &LazyLoad::resolve, lazy.get());
  // Without stubs of our own (a host other than x86-64) the set is compiled whole at its first lookup.
  if (!lazy->stubs) return add_eager(m, nullptr, dylib);
  const codegen::PartitionPlan& plan = lazy->plan;
  lazy->module_name = "cards." + std::to_string(modules.size() - 1);
  lazy->compiled.assign(plan.count, 0);
  lazy->stub_tables.resize(plan.count);
  for (size_t p = 0; p < plan.count; ++p) lazy->stub_tables[p].resize(plan.tabled[p], nullptr);
  for (size_t i = 0; i < m.functions.size(); ++i)
    if (static_cast<int64_t>(i) != m.register_fn) lazy->stub_tables[plan.of[i]][plan.slot[i]] = lazy->stubs->stub(i);
  llvm::orc::SymbolMap tables;
  for (size_t p = 1; p < plan.count; ++p)
    if (plan.tabled[p] > 0)
      tables[lljit->mangleAndIntern(codegen::function_table_name(p))] = llvm::orc::ExecutorSymbolDef(
          llvm::orc::ExecutorAddr::fromPtr(lazy->stub_tables[p].data()), llvm::JITSymbolFlags::Exported);
  if (!tables.empty())
    if (llvm::Error e = dylib.define(llvm::orc::absoluteSymbols(std::move(tables))))
      return failure("cannot define the stub tables", std::move(e));
  // The identity symbols, from the module copy: nothing is compiled before the first call of a card function (the
  // register function is interpreted, register_cards).
  llvm::orc::SymbolMap identity;
  auto data = [&](const char* name, const void* at) {
    identity[lljit->mangleAndIntern(name)] =
        llvm::orc::ExecutorSymbolDef(llvm::orc::ExecutorAddr::fromPtr(at), llvm::JITSymbolFlags::Exported);
  };
  data(ir::kLibrarySymbols[1], &lazy->abi_version);
  data(ir::kLibrarySymbols[2], lazy->module.game.c_str());
  data(ir::kLibrarySymbols[3], lazy->module.profile_hash.c_str());
  data(ir::kLibrarySymbols[4], lazy->module.source_hash.c_str());
  data(CARDRT_LIBRARY_PROFILE_DESCRIPTION, lazy->module.profile_description.c_str());
  if (llvm::Error e = dylib.define(llvm::orc::absoluteSymbols(std::move(identity))))
    return failure("cannot define the identity symbols", std::move(e));
  use_tables(loaded, m, plan);
  loaded.reps.clear();  // nothing to materialize at the first lookup
  stats.lazy_stubs += m.functions.size() - (m.register_fn >= 0 ? 1 : 0);
  loaded.lazy = std::move(lazy);
  return static_cast<ModuleId>(modules.size() - 1);
}

Expected<Jit::ModuleId> Jit::Impl::add_eager(const ir::Module& m, std::shared_ptr<const ir::Module> shared,
                                             llvm::orc::JITDylib& dylib) {
  const codegen::PartitionPlan plan = codegen::plan_partitions(m);
  const std::string key = cache ? cache_key(m) : "";
  size_t found = 0;
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> cached =
      cache ? read_entries(key, plan.count, found) : std::vector<std::unique_ptr<llvm::MemoryBuffer>>(plan.count);
  // A set the cache holds whole is not verified again: its key covers every field of the module, and entries are
  // written only by compiling a module that passed ir::verify. Anything to compile is verified first.
  if (found < plan.count)
    if (const auto errors = ir::verify(m); !errors.empty())
      return Failure{"invalid effect IR module:\n" + ir::format(errors)};
  Loaded& loaded = modules.back();
  use_tables(loaded, m, plan);
  // A load that writes no cache interprets its register function (register_cards): it runs once, and compiling it
  // (one function of six runtime calls per card, at codegen -O0) was half of a large set's compile. It is then a
  // module of its own, which ORC compiles only if something looks it up (lookup of the entry point, or a function
  // referring to it). With a cache it is compiled into partition 0 as before, so that a reload needs neither.
  const bool has_register = m.register_fn >= 0 && static_cast<size_t>(m.register_fn) < m.functions.size();
  if (!cache && has_register) loaded.interpret = shared ? std::move(shared) : std::make_shared<const ir::Module>(m);
  const int64_t reg = m.register_fn;
  // Compiled, the register function is spread over the partitions in pieces (register_pieces.h).
  // (Planned only when something is compiled: a set the cache holds whole needs no plan.)
  const std::vector<codegen::RegisterPiece> pieces = loaded.interpret || found == plan.count
                                                         ? std::vector<codegen::RegisterPiece>{}
                                                         : codegen::plan_register_pieces(m, plan);
  stats.register_pieces += pieces.size();
  for (size_t p = 0; p < plan.count; ++p) {
    ++stats.partitions;
    if (p == 0 && loaded.interpret) {
      for (const bool entry : {false, true}) {
        auto context = std::make_unique<llvm::LLVMContext>();
        codegen::LowerOptions lower_options;
        lower_options.verify_ir = false;  // verified above
        lower_options.define_identity = !entry;
        lower_options.define_function = [&plan, entry, reg](size_t i) {
          return plan.of[i] == 0 && (static_cast<int64_t>(i) == reg) == entry;
        };
        lower_options.function_tables = &plan;
        lower_options.partition = 0;
        auto lowered = codegen::lower(m, *context, lower_options);
        if (!lowered) return lowered.take_failure();
        std::unique_ptr<llvm::Module> module = std::move(*lowered);
        module->setModuleIdentifier("cards." + std::to_string(modules.size() - 1) + (entry ? ".entry" : ".0"));
        module->setTargetTriple(jtmb->getTargetTriple().str());
        module->setDataLayout(lljit->getDataLayout());
        if (llvm::Error e = add_ir_module(dylib, llvm::orc::ThreadSafeModule(std::move(module), std::move(context))))
          return failure("cannot add the module to the JIT", std::move(e));
      }
      continue;
    }
    const std::string path = cache ? entry_path(key, p, plan.count) : "";
    if (cached[p]) {
      ++stats.cache_hits;
      if (llvm::Error e = lljit->addObjectFile(dylib, std::move(cached[p])))
        return failure("cannot add a cached object to the JIT", std::move(e));
      continue;
    }
    if (cache) ++stats.cache_misses;
    auto context = std::make_unique<llvm::LLVMContext>();
    codegen::LowerOptions lower_options;
    lower_options.verify_ir = false;  // verified above
    lower_options.define_identity = p == 0;
    lower_options.define_function = [&plan, p](size_t i) { return plan.of[i] == p; };
    lower_options.function_tables = &plan;
    lower_options.partition = p;
    if (!pieces.empty()) lower_options.register_pieces = &pieces;
    auto lowered = codegen::lower(m, *context, lower_options);
    if (!lowered) return lowered.take_failure();
    std::unique_ptr<llvm::Module> module = std::move(*lowered);
    // The object cache writes a module whose identifier is its entry's path (object_cache.h).
    module->setModuleIdentifier(cache ? path : "cards." + std::to_string(modules.size() - 1) + "." + std::to_string(p));
    module->setTargetTriple(jtmb->getTargetTriple().str());
    module->setDataLayout(lljit->getDataLayout());
    if (llvm::Error e = add_ir_module(dylib, llvm::orc::ThreadSafeModule(std::move(module), std::move(context))))
      return failure("cannot add the module to the JIT", std::move(e));
  }
  return static_cast<ModuleId>(modules.size() - 1);
}

Expected<Jit::ModuleId> Jit::add(const ir::Module& m) { return impl_->add(m, nullptr); }

Expected<Jit::ModuleId> Jit::add(std::shared_ptr<const ir::Module> m) {
  if (!m) return Failure{"no module to add"};
  const ir::Module& ref = *m;
  return impl_->add(ref, std::move(m));
}

Expected<Jit::ModuleId> Jit::Impl::add(const ir::Module& m, std::shared_ptr<const ir::Module> shared) {
  try {
    Impl& j = *this;
    // Verified by add_eager / add_lazy, unless the cache holds the whole set (they say why).
    const ModuleId id = static_cast<ModuleId>(j.modules.size());
    auto dylib = j.lljit->createJITDylib("cards." + std::to_string(id));
    if (!dylib) return failure("cannot create a JITDylib", dylib.takeError());
    dylib->addToLinkOrder(*j.runtime);
    Impl::Loaded loaded;
    loaded.dylib = &*dylib;
    if (m.register_fn >= 0 && static_cast<size_t>(m.register_fn) < m.functions.size())
      loaded.register_name = m.functions[static_cast<size_t>(m.register_fn)].name;
    j.modules.push_back(std::move(loaded));
    auto added = j.options.lazy ? j.add_lazy(m, std::move(shared), *dylib) : j.add_eager(m, std::move(shared), *dylib);
    if (!added) {
      j.modules.back().dylib = nullptr;  // unusable: lookups refuse it
      return added.take_failure();
    }
    return id;
  } catch (const std::exception& e) {
    return Failure{std::string("cannot add the module to the JIT: ") + e.what()};
  }
}

Expected<void*> Jit::lookup(ModuleId id, std::string_view name) {
  try {
    auto found = impl_->module(id);
    if (!found) return found.take_failure();
    Impl::Loaded& loaded = **found;
    if (!loaded.dylib) return Failure{"module " + std::to_string(id) + " could not be added to this JIT"};
    // Eager: the first lookup compiles every partition at once, so that they are compiled in parallel.
    if (!loaded.materialized && !loaded.reps.empty()) {
      llvm::orc::SymbolLookupSet all;
      for (const std::string& rep : loaded.reps) all.add(impl_->lljit->mangleAndIntern(rep));
      auto done = impl_->lljit->getExecutionSession().lookup(llvm::orc::makeJITDylibSearchOrder(loaded.dylib),
                                                             std::move(all));
      if (!done) return failure("cannot compile the module", done.takeError());
      if (loaded.tables && !loaded.lazy)
        for (size_t p = 1; p < loaded.plan.count; ++p) {
          auto table = done->find(impl_->lljit->mangleAndIntern(loaded.reps[p]));
          if (table != done->end() && loaded.plan.tabled[p] > 0)
            loaded.table_at[p] = table->second.getAddress().toPtr<void* const*>();
        }
    }
    loaded.materialized = true;
    // The register function is exported under the library entry name whatever its ir name.
    const bool entry = !loaded.register_name.empty() && name == loaded.register_name;
    if (loaded.tables && !entry) {
      if (loaded.index.empty())
        for (size_t i = 0; i < loaded.name_at.size(); ++i)
          loaded.index.emplace(std::string_view(loaded.names.data() + loaded.name_at[i]), static_cast<uint32_t>(i));
      auto it = loaded.index.find(name);
      if (it != loaded.index.end() && loaded.lazy) return loaded.lazy->stubs->stub(it->second);
      if (it != loaded.index.end()) {
        void* const* table = loaded.table_at[loaded.plan.of[it->second]];
        if (!table) return Failure{"cannot find '" + std::string(name) + "' in the JIT: its partition has no table"};
        return table[loaded.plan.slot[it->second]];
      }
    }
    const std::string symbol = entry ? CARDRT_LIBRARY_ENTRY : std::string(name);
    if (loaded.lazy && (entry || name == CARDRT_LIBRARY_ENTRY) && !loaded.lazy->entry_added)
      if (codegen::Status s = impl_->add_lazy_entry(*loaded.lazy); !s) return Failure{s.error()};
    auto addr = impl_->lljit->lookup(*loaded.dylib, symbol);
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
  if (!(*loaded)->dylib) return Failure{"module " + std::to_string(id) + " could not be added to this JIT"};
  int32_t r = 0;
  if (Impl::LazyLoad* lazy = (*loaded)->lazy.get()) {
    // A lazy load interprets its register function (run once; compiling it would cost more than the rest of a
    // first effect), handing the runtime the stubs' addresses.
    std::vector<void*> addresses(lazy->module.functions.size(), nullptr);
    for (size_t i = 0; i < addresses.size(); ++i)
      if (static_cast<int64_t>(i) != lazy->module.register_fn) addresses[i] = lazy->stubs->stub(i);
    std::string error;
    r = Interpreter::run_register_function(lazy->module, pool, addresses, error);
    if (!error.empty()) return Failure{"cannot register the cards: " + error};
  } else if (const ir::Module* m = (*loaded)->interpret.get()) {
    // Compiles every partition (the first lookup) and reads the function tables.
    if (auto first = lookup(id, ir::kLibrarySymbols[1]); !first) return first.take_failure();
    const Impl::Loaded& l = **loaded;
    std::vector<void*> addresses(m->functions.size(), nullptr);
    for (size_t i = 0; i < addresses.size(); ++i) {
      if (static_cast<int64_t>(i) == m->register_fn) continue;
      void* const* table = l.table_at[l.plan.of[i]];
      if (!table) return Failure{"cannot register the cards: a partition has no table"};
      addresses[i] = table[l.plan.slot[i]];
    }
    std::string error;
    r = Interpreter::run_register_function(*m, pool, addresses, error);
    if (!error.empty()) return Failure{"cannot register the cards: " + error};
  } else {
    auto entry = lookup(id, CARDRT_LIBRARY_ENTRY);
    if (!entry) return entry.take_failure();
    auto fn = reinterpret_cast<cardrt_library_register_fn>(*entry);
    r = fn(pool);
  }
  if (r < 0)
    return Failure{std::string(CARDRT_LIBRARY_ENTRY) + " returned " + std::to_string(r) + ", " + rt_error_name(r)};
  return r;
}

}  // namespace cardc
