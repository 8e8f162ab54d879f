#include "codegen/emit.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
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

// A large library is compiled as the partitions of codegen/partition.h, one object each, on opts.jobs threads
// (each with its own LLVMContext and TargetMachine); functions are hidden instead of internal so the objects link
// with each other. The register function's partition is compiled without the IR pipeline and at codegen -O0 (it
// is optnone; see jit.cpp). The objects do not depend on the number of threads.
Expected<std::vector<std::string>> emit_partition_objects(const ir::Module& m, const PartitionPlan& plan,
                                                          const EmitOptions& opts) {
  std::vector<std::string> objects(plan.count), errors(plan.count);
  // the register function spread over the partitions (register_pieces.h), not the long pole of the compile
  const std::vector<RegisterPiece> pieces = plan_register_pieces(m, plan);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t p; (p = next++) < plan.count;) {
      try {
        const OptLevel level = p == 0 ? OptLevel::O0 : opts.opt;
        auto tm = make_target_machine(level, /*host_cpu=*/false);
        if (!tm) {
          errors[p] = tm.error();
          continue;
        }
        llvm::LLVMContext context;
        LowerOptions lower_options = opts.lower;
        lower_options.verify_ir = false;  // write_library did
        lower_options.define_identity = p == 0;
        lower_options.hidden_functions = true;
        lower_options.define_function = [&plan, p](size_t i) { return plan.of[i] == p; };
        lower_options.partition = p;
        if (!pieces.empty()) lower_options.register_pieces = &pieces;
        auto lowered = lower(m, context, lower_options);
        if (!lowered) {
          errors[p] = lowered.error();
          continue;
        }
        prepare_module(**lowered, **tm);
        if (Status st = optimize(**lowered, level, tm->get()); !st) {
          errors[p] = st.error();
          continue;
        }
        llvm::SmallVector<char, 0> buffer;
        llvm::raw_svector_ostream out(buffer);
        llvm::legacy::PassManager pm;
        if ((*tm)->addPassesToEmitFile(pm, out, nullptr, llvm::CodeGenFileType::ObjectFile)) {
          errors[p] = "the target cannot emit object files";
          continue;
        }
        pm.run(**lowered);
        objects[p].assign(buffer.data(), buffer.size());
      } catch (const std::exception& e) {
        errors[p] = std::string("code generation failed: ") + e.what();
      }
    }
  };
  const size_t threads = std::min<size_t>(std::max(1u, opts.jobs), plan.count);
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  for (const std::string& e : errors)
    if (!e.empty()) return Failure{e};
  return objects;
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
    auto cc = find_program(opts.cc.empty() ? "cc" : opts.cc);
    if (!cc)
      return Failure{"cannot link the card library: " + cc.error() +
                     " (a C compiler driver links the object into a shared library: install gcc or clang, or "
                     "name one with --cc)"};
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

    std::string dir_pattern = (fs::temp_directory_path() / "cardc-XXXXXX").string();
    if (!::mkdtemp(dir_pattern.data())) return Failure{"cannot create a temporary folder: " + errno_text()};
    Cleanup dir{dir_pattern};
    const std::string log_path = dir_pattern + "/cc.log";
    std::vector<std::string> argv = {*cc, "-shared", "-o", ""};
    for (size_t i = 0; i < objects.size(); ++i) {
      const std::string obj_path = dir_pattern + "/cards" + (objects.size() > 1 ? "." + std::to_string(i) : "") + ".o";
      if (Status s = write_file_atomically(obj_path, objects[i]); !s) return s;
      argv.push_back(obj_path);
    }

    auto out = temp_beside(path);
    if (!out) return out.take_failure();
    Cleanup out_cleanup{*out};
    argv[3] = *out;
    auto status = run(argv, log_path);
    if (!status) return status.take_failure();
    if (*status != 0)
      return Failure{*cc + " -shared failed (exit " + std::to_string(*status) + "):\n" + read_small_file(log_path)};

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
  } catch (const std::exception& e) {
    return Failure{std::string("cannot write the card library: ") + e.what()};
  }
}

}  // namespace cardc::codegen
