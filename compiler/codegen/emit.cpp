#include "codegen/emit.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include "codegen/lower.h"
#include "codegen/partition.h"
#include "codegen/register_pieces.h"
#include "codegen/target.h"
#include "ir/handed_functions.h"
#include "ir/verify.h"

extern char** environ;

namespace cardc::codegen {
namespace fs = std::filesystem;

namespace {

struct Prepared {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
  std::unique_ptr<llvm::TargetMachine> tm;
};

// Lowered, verified and optimized for a baseline CPU of the host architecture (a file may run elsewhere).
Expected<Prepared> prepare(const ir::Module& m, const EmitOptions& opts) {
  Prepared p;
  auto tm = make_target_machine(opts.opt, /*host_cpu=*/false);
  if (!tm) return tm.take_failure();
  p.tm = std::move(*tm);
  p.context = std::make_unique<llvm::LLVMContext>();
  auto lowered = lower(m, *p.context, opts.lower);
  if (!lowered) return lowered.take_failure();
  p.module = std::move(*lowered);
  prepare_module(*p.module, *p.tm);
  if (Status s = optimize(*p.module, opts.opt, p.tm.get()); !s) return Failure{s.error()};
  return p;
}

Expected<std::string> emit_machine_code(const ir::Module& m, const EmitOptions& opts, llvm::CodeGenFileType kind) {
  try {
    auto p = prepare(m, opts);
    if (!p) return p.take_failure();
    llvm::SmallVector<char, 0> buffer;
    llvm::raw_svector_ostream out(buffer);
    llvm::legacy::PassManager pm;
    if (p->tm->addPassesToEmitFile(pm, out, nullptr, kind))
      return Failure{"the target cannot emit this kind of file"};
    pm.run(*p->module);
    return std::string(buffer.data(), buffer.size());
  } catch (const std::exception& e) {
    return Failure{std::string("code generation failed: ") + e.what()};
  }
}

std::string errno_text() { return std::strerror(errno); }

// Runs argv[0] (a full path) with stdout and stderr sent to `log`; returns its exit status or a Failure.
Expected<int> run(const std::vector<std::string>& argv, const std::string& log) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = 0;
  const int err = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0) return Failure{"cannot run " + argv[0] + ": " + std::strerror(err)};
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return Failure{"cannot wait for " + argv[0] + ": " + errno_text()};
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

std::string read_small_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  std::string text = s.str();
  if (text.size() > 4000) text = text.substr(0, 4000) + "\n...";
  return text;
}

// A unique temporary path beside `path` (same folder, so rename is atomic); the file exists, empty.
Expected<std::string> temp_beside(const std::string& path) {
  fs::path target(path);
  fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string pattern = (dir / ("." + target.filename().string() + ".tmp.XXXXXX")).string();
  const int fd = ::mkstemp(pattern.data());
  if (fd < 0) return Failure{"cannot create a file in '" + dir.string() + "': " + errno_text()};
  ::close(fd);
  return pattern;
}

// Removes a temporary folder (or file) when it goes out of scope.
struct Cleanup {
  std::string path;
  ~Cleanup() {
    if (path.empty()) return;
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

// What is alive at once (EmitCounters): LLVM modules of partitions, and the functions they define.
std::atomic<size_t> live_modules{0}, most_modules{0}, live_functions{0}, most_functions{0};

void raise_to(std::atomic<size_t>& most, size_t now) {
  for (size_t seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
  }
}

// Counts a lowered module (and its defined functions) as alive for its lifetime.
class LiveModule {
 public:
  explicit LiveModule(const llvm::Module& m) {
    for (const llvm::Function& f : m)
      if (!f.isDeclaration()) ++functions_;
    raise_to(most_modules, ++live_modules);
    raise_to(most_functions, live_functions += functions_);
  }
  ~LiveModule() {
    --live_modules;
    live_functions -= functions_;
  }
  LiveModule(const LiveModule&) = delete;
  LiveModule& operator=(const LiveModule&) = delete;

 private:
  size_t functions_ = 0;
};

// One partition of a library (the functions and register pieces `lower_options` selects, hidden so the objects link
// with each other), lowered in a context of its own and compiled to the bytes of an object file at `level`.
Expected<std::string> partition_object(const ir::Module& m, const LowerOptions& lower_options, OptLevel level) {
  try {
    auto tm = make_target_machine(level, /*host_cpu=*/false);
    if (!tm) return tm.take_failure();
    llvm::LLVMContext context;
    auto lowered = lower(m, context, lower_options);
    if (!lowered) return lowered.take_failure();
    const LiveModule alive(**lowered);
    prepare_module(**lowered, **tm);
    if (Status st = optimize(**lowered, level, tm->get()); !st) return Failure{st.error()};
    llvm::SmallVector<char, 0> buffer;
    llvm::raw_svector_ostream out(buffer);
    llvm::legacy::PassManager pm;
    if ((*tm)->addPassesToEmitFile(pm, out, nullptr, llvm::CodeGenFileType::ObjectFile))
      return Failure{"the target cannot emit object files"};
    pm.run(**lowered);
    return std::string(buffer.data(), buffer.size());
  } catch (const std::exception& e) {
    return Failure{std::string("code generation failed: ") + e.what()};
  }
}

// Runs work(0) .. work(count - 1) on up to `jobs` threads (the calling one among them).
template <class Work>
void in_parallel(size_t count, unsigned jobs, const Work& work) {
  std::atomic<size_t> next{0};
  auto loop = [&] {
    for (size_t i; (i = next++) < count;) work(i);
  };
  const size_t threads = std::min<size_t>(std::max(1u, jobs), count);
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(loop);
  loop();
  for (std::thread& t : pool) t.join();
}

// A large library is compiled as the partitions of codegen/partition.h, one object each, on opts.jobs threads
// (each with its own LLVMContext and TargetMachine); functions are hidden instead of internal so the objects link
// with each other. The register function's partition is compiled without the IR pipeline and at codegen -O0 (it
// is optnone; see jit.cpp). The objects do not depend on the number of threads.
Expected<std::vector<std::string>> emit_partition_objects(const ir::Module& m, const PartitionPlan& plan,
                                                          const EmitOptions& opts) {
  std::vector<std::string> objects(plan.count), errors(plan.count);
  // the register function spread over the partitions (register_pieces.h), not the long pole of the compile
  const std::vector<RegisterPiece> pieces = plan_register_pieces(m, plan);
  in_parallel(plan.count, opts.jobs, [&](size_t p) {
    LowerOptions lower_options = opts.lower;
    lower_options.verify_ir = false;  // write_library did
    lower_options.define_identity = p == 0;
    lower_options.hidden_functions = true;
    lower_options.define_function = [&plan, p](size_t i) { return plan.of[i] == p; };
    lower_options.partition = p;
    if (!pieces.empty()) lower_options.register_pieces = &pieces;
    auto object = partition_object(m, lower_options, p == 0 ? OptLevel::O0 : opts.opt);
    if (object)
      objects[p] = std::move(*object);
    else
      errors[p] = object.error();
  });
  for (const std::string& e : errors)
    if (!e.empty()) return Failure{e};
  return objects;
}

Expected<std::string> find_linker(const EmitOptions& opts) {
  auto cc = find_program(opts.cc.empty() ? "cc" : opts.cc);
  if (!cc)
    return Failure{"cannot link the card library: " + cc.error() +
                   " (a C compiler driver links the object into a shared library: install gcc or clang, or "
                   "name one with --cc)"};
  return cc;
}

Expected<std::string> make_temp_folder() {
  std::string dir_pattern = (fs::temp_directory_path() / "cardc-XXXXXX").string();
  if (!::mkdtemp(dir_pattern.data())) return Failure{"cannot create a temporary folder: " + errno_text()};
  return dir_pattern;
}

// `cc -shared` of the objects (in `dir`, a temporary folder) into a temporary file beside `path`, signed or sealed
// with m's identity, renamed into place.
Status link_library(const ir::Module& m, const std::string& cc, const std::vector<std::string>& object_paths,
                    const std::string& dir, const std::string& path, const EmitOptions& opts) {
  const std::string log_path = dir + "/cc.log";
  std::vector<std::string> argv = {cc, "-shared", "-o", ""};
  argv.insert(argv.end(), object_paths.begin(), object_paths.end());
  auto out = temp_beside(path);
  if (!out) return out.take_failure();
  Cleanup out_cleanup{*out};
  argv[3] = *out;
  auto status = run(argv, log_path);
  if (!status) return status.take_failure();
  if (*status != 0)
    return Failure{cc + " -shared failed (exit " + std::to_string(*status) + "):\n" + read_small_file(log_path)};

  char error[512] = {};
  if (opts.signing_key) {
    if (cardrt_library_sign(out->c_str(), opts.signing_key->bytes.data(), m.game.c_str(), m.profile_hash.c_str(),
                            m.source_hash.c_str(), error, sizeof error) != CARDRT_OK)
      return Failure{std::string("cannot sign the card library: ") + error};
  } else if (cardrt_library_seal(out->c_str(), error, sizeof error) != CARDRT_OK) {
    return Failure{std::string("cannot seal the card library: ") + error};
  }
  if (::chmod(out->c_str(), 0755) != 0 || ::rename(out->c_str(), path.c_str()) != 0)
    return Failure{"cannot write '" + path + "': " + errno_text()};
  out_cleanup.path.clear();  // renamed into place
  return Status::success();
}

}  // namespace

Expected<std::string> emit_llvm_ir(const ir::Module& m, const EmitOptions& opts) {
  try {
    auto p = prepare(m, opts);
    if (!p) return p.take_failure();
    std::string text;
    llvm::raw_string_ostream out(text);
    p->module->print(out, nullptr);
    out.flush();
    return text;
  } catch (const std::exception& e) {
    return Failure{std::string("code generation failed: ") + e.what()};
  }
}

Expected<std::string> emit_assembly(const ir::Module& m, const EmitOptions& opts) {
  return emit_machine_code(m, opts, llvm::CodeGenFileType::AssemblyFile);
}

Expected<std::string> emit_object(const ir::Module& m, const EmitOptions& opts) {
  return emit_machine_code(m, opts, llvm::CodeGenFileType::ObjectFile);
}

Expected<std::string> find_program(const std::string& name) {
  auto runnable = [](const std::string& p) {
    struct stat st {};
    return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
  };
  if (name.find('/') != std::string::npos) {
    if (runnable(name)) return name;
    return Failure{"'" + name + "' is not an executable file"};
  }
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    const size_t end = std::min(dirs.find(':', start), dirs.size());
    std::string dir = dirs.substr(start, end - start);
    if (dir.empty()) dir = ".";
    const std::string candidate = dir + "/" + name;
    if (runnable(candidate)) return candidate;
    start = end + 1;
  }
  return Failure{"no '" + name + "' on PATH"};
}

Status write_file_atomically(const std::string& path, std::string_view bytes, unsigned mode) {
  auto tmp = temp_beside(path);
  if (!tmp) return tmp.take_failure();
  const int fd = ::open(tmp->c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  bool ok = fd >= 0;
  size_t done = 0;
  while (ok && done < bytes.size()) {
    const ssize_t w = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) ok = false;
    else done += static_cast<size_t>(w);
  }
  if (ok) ok = ::fchmod(fd, mode) == 0;
  if (fd >= 0 && ::close(fd) != 0) ok = false;
  if (ok) ok = ::rename(tmp->c_str(), path.c_str()) == 0;
  if (!ok) {
    const std::string why = errno_text();
    ::unlink(tmp->c_str());
    return Failure{"cannot write '" + path + "': " + why};
  }
  return Status::success();
}

Status write_library(const ir::Module& m, const std::string& path, const EmitOptions& opts) {
  try {
    if (m.register_fn < 0) return Failure{"a card library needs a register function (the module has none)"};
    auto cc = find_linker(opts);
    if (!cc) return cc.take_failure();
    // One object, or one per partition for a large module (emit_partition_objects).
    std::vector<std::string> objects;
    const PartitionPlan plan = plan_partitions(m);
    if (plan.count >= 3) {
      if (const auto errors = ir::verify(m); !errors.empty())
        return Failure{"invalid effect IR module:\n" + ir::format(errors)};
      auto parts = emit_partition_objects(m, plan, opts);
      if (!parts) return parts.take_failure();
      objects = std::move(*parts);
    } else {
      auto object = emit_object(m, opts);
      if (!object) return object.take_failure();
      objects.push_back(std::move(*object));
    }

    auto dir = make_temp_folder();
    if (!dir) return dir.take_failure();
    Cleanup dir_cleanup{*dir};
    std::vector<std::string> object_paths;
    for (size_t i = 0; i < objects.size(); ++i) {
      const std::string obj_path = *dir + "/cards" + (objects.size() > 1 ? "." + std::to_string(i) : "") + ".o";
      if (Status s = write_file_atomically(obj_path, objects[i]); !s) return s;
      object_paths.push_back(obj_path);
    }
    return link_library(m, *cc, object_paths, *dir, path, opts);
  } catch (const std::exception& e) {
    return Failure{std::string("cannot write the card library: ") + e.what()};
  }
}

EmitCounters emit_counters() { return EmitCounters{most_modules.load(), most_functions.load()}; }

void reset_emit_counters() {
  most_modules = live_modules.load();
  most_functions = live_functions.load();
}

// ---------------------------------------------------------------- LibraryStream

LibraryStream::LibraryStream(const EmitOptions& opts) : opts_(opts) {}

LibraryStream::~LibraryStream() {
  if (dir_.empty()) return;
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

ir::SliceSink LibraryStream::sink() {
  ir::SliceSink s;
  s.min_functions = opts_.slice_functions;
  s.take = [this](ir::Module& m, size_t first, ir::Function& registration) { return take(m, first, registration); };
  s.restart = [this] { restart(); };
  return s;
}

void LibraryStream::restart() {
  for (const std::string& object : objects_) ::unlink(object.c_str());
  objects_.clear();
  handed_.clear();
  pieces_.clear();
  slices_ = 0;
  next_first_ = 0;
  error_.clear();
  invalid_module_ = false;
}

bool LibraryStream::take(ir::Module& m, size_t first, ir::Function& registration) {
  if (!error_.empty()) return false;
  try {
    // The registration is the register function for the time of the slice's compile (register_pieces.h's pieces
    // are cut from the register function's body), then goes back to the binder.
    const size_t end = m.functions.size();
    const int register_fn = m.register_fn;
    m.functions.push_back(std::move(registration));
    m.register_fn = static_cast<int>(end);
    const Status compiled = compile_slice(m, first, end);
    registration = std::move(m.functions.back());
    m.functions.pop_back();
    m.register_fn = register_fn;
    next_first_ = end;
    if (!compiled) error_ = compiled.error();
  } catch (const std::exception& e) {
    error_ = std::string("cannot write the card library: ") + e.what();
  }
  return error_.empty();
}

// Functions [first, end) of `m` and its register function (number `end`), verified and compiled into objects: the
// functions in partitions of at least stream_partition_functions, the first of which also defines this slice's
// piece of the registration.
Status LibraryStream::compile_slice(ir::Module& m, size_t first, size_t end) {
  if (const auto errors = ir::verify_functions(m, first, end + 1); !errors.empty()) {
    invalid_module_ = true;
    return Failure{"invalid effect IR module:\n" + ir::format(errors)};
  }
  if (dir_.empty()) {
    auto cc = find_linker(opts_);
    if (!cc) return cc.take_failure();
    cc_ = *cc;
    auto dir = make_temp_folder();
    if (!dir) return dir.take_failure();
    dir_ = *dir;
  }
  for (size_t i = first; i < end; ++i) ir::mark_handed(m.functions[i].body, handed_);
  const size_t n = end - first;
  const size_t parts = std::max<size_t>(1, n / std::max<size_t>(1, opts_.stream_partition_functions));
  const size_t chunk = (n + parts - 1) / parts;
  // The slice's registration in pieces (register_pieces.h), piece j in partition j, so that no partition compiles
  // more than its share of it (an optnone function of thousands of statements is most of a partition's memory).
  const ir::Function& registration = m.functions[end];
  std::vector<RegisterPiece> cut = cut_register_function(registration, parts);
  if (cut.empty()) cut.push_back(RegisterPiece{0, registration.body.kids.size(), 0});
  // The plan as this slice's partitions see it: the earlier slices' pieces are declared only (partition 0 is none
  // of these; partition j + 1 defines the slice's piece j).
  std::vector<RegisterPiece> pieces(pieces_.size(), RegisterPiece{0, 0, 0});
  for (size_t j = 0; j < cut.size(); ++j) {
    pieces.push_back(RegisterPiece{cut[j].begin, cut[j].end, static_cast<uint32_t>(j + 1)});
    pieces_.push_back(RegisterPiece{0, 0, 1});  // for finish(): called, defined elsewhere
  }

  std::vector<std::string> objects(parts), errors(parts);
  in_parallel(parts, opts_.jobs, [&](size_t j) {
    const size_t a = std::min(end, first + j * chunk), b = std::min(end, a + chunk);
    if (j > 0 && a == b && j >= cut.size()) return;
    LowerOptions lower_options = opts_.lower;
    lower_options.verify_ir = false;  // verify_functions did
    lower_options.define_identity = false;
    lower_options.hidden_functions = true;
    lower_options.define_function = [a, b](size_t i) { return i >= a && i < b; };
    lower_options.partition = j + 1;
    lower_options.register_pieces = &pieces;
    auto object = partition_object(m, lower_options, opts_.opt);
    if (object)
      objects[j] = std::move(*object);
    else
      errors[j] = object.error();
  });
  for (const std::string& e : errors)
    if (!e.empty()) return Failure{e};
  for (std::string& object : objects) {
    if (object.empty()) continue;
    const std::string obj_path = dir_ + "/cards." + std::to_string(objects_.size() + 1) + ".o";
    if (Status s = write_file_atomically(obj_path, object); !s) return s;
    objects_.push_back(obj_path);
    std::string().swap(object);
  }
  ++slices_;
  return Status::success();
}

Status LibraryStream::finish(ir::Module& m, const std::string& path) {
  try {
    if (!error_.empty()) return Failure{error_};
    if (slices_ == 0) return Failure{"no slice of the library was compiled"};
    if (m.register_fn < 0 || static_cast<size_t>(m.register_fn) + 1 != m.functions.size() ||
        next_first_ > static_cast<size_t>(m.register_fn))
      return Failure{"a card library needs a register function, last, after the cards of its slices"};
    const size_t end = static_cast<size_t>(m.register_fn);
    if (Status s = compile_slice(m, next_first_, end); !s) {
      error_ = s.error();
      return s;
    }
    // The entry point: the handed functions declared, then every slice's piece called in order (all are in other
    // objects: partition 1 is not this one), and the identity symbols.
    LowerOptions lower_options = opts_.lower;
    lower_options.verify_ir = false;
    lower_options.define_identity = true;
    lower_options.hidden_functions = true;
    lower_options.define_function = [end](size_t i) { return i == end; };
    lower_options.partition = 0;
    lower_options.register_pieces = &pieces_;
    lower_options.handed = &handed_;
    auto entry = partition_object(m, lower_options, OptLevel::O0);
    if (!entry) return entry.take_failure();
    const std::string entry_path = dir_ + "/cards.0.o";
    if (Status s = write_file_atomically(entry_path, *entry); !s) return s;
    std::vector<std::string> object_paths{entry_path};
    object_paths.insert(object_paths.end(), objects_.begin(), objects_.end());
    return link_library(m, cc_, object_paths, dir_, path, opts_);
  } catch (const std::exception& e) {
    return Failure{std::string("cannot write the card library: ") + e.what()};
  }
}

}  // namespace cardc::codegen
