#include "codegen/compile_command.h"

#include <filesystem>
#include <optional>
#include <ostream>
#include <system_error>
#include <thread>
#include <algorithm>

#include "codegen/emit.h"
#include "ir/verify.h"

namespace cardc::codegen {
namespace fs = std::filesystem;

namespace {

bool is_text_kind(const std::string& emit) {
  return emit == "llvm" || emit == "asm" || emit == "ir" || emit == "profile";
}

// Never overwrite an input: not one of the named paths, and not a card set or profile (which is what a
// mistyped -o usually is).
bool overwrites_input(const CompileOptions& opts, std::string& why) {
  const fs::path out(opts.output);
  const std::string ext = out.extension().string();
  if (ext == ".cards" || ext == ".game") {
    why = "refusing to write '" + opts.output + "': it names a card set or profile, which cardc only reads";
    return true;
  }
  for (const std::string& in : opts.paths) {
    std::error_code ec;
    const bool same = fs::path(in) == out || (fs::exists(out, ec) && fs::equivalent(in, out, ec));
    if (same) {
      why = "refusing to write '" + opts.output + "': it is an input";
      return true;
    }
  }
  return false;
}

}  // namespace

int build_ir_module_unavailable(const CompileOptions&, ir::Module&, std::ostream& err) {
  err << "cardc compile: this build has no binder yet (compiler/bind turns checked card sets into effect IR)\n";
  return 2;
}

int run_compile(const CompileOptions& opts, const BuildIrModule& build, std::ostream& out, std::ostream& err) {
  const auto level = opt_level_from_int(opts.opt_level);
  if (!level) {
    err << "cardc compile: -O" << opts.opt_level << " is not a level (use -O0, -O1, -O2 or -O3)\n";
    return 2;
  }
  const std::string& emit = opts.emit;
  if (emit != "lib" && emit != "obj" && !is_text_kind(emit)) {
    err << "cardc compile: --emit=" << emit << " is not one of lib, obj, asm, llvm, ir, profile\n";
    return 2;
  }
  const bool to_stdout = opts.output.empty() || opts.output == "-";
  if (to_stdout && !is_text_kind(emit)) {
    err << "cardc compile: --emit=" << emit << " writes a binary file: name it with -o\n";
    return 2;
  }
  if (!opts.sign_key.empty() && emit != "lib") {
    err << "cardc compile: --sign signs a card library: it goes with --emit=lib\n";
    return 2;
  }
  // The key is read before the long compile, so a wrong path fails at once.
  std::optional<SecretKey> signing_key;
  if (!opts.sign_key.empty()) {
    auto key = read_secret_key(opts.sign_key);
    if (!key) {
      err << "cardc compile: " << key.error() << "\n";
      return 2;
    }
    signing_key = *key;
  }
  std::string why;
  if (!to_stdout && overwrites_input(opts, why)) {
    err << "cardc compile: " << why << "\n";
    return 2;
  }

  EmitOptions emit_opts;
  emit_opts.opt = *level;
  emit_opts.cc = opts.cc;
  emit_opts.jobs = opts.jobs > 0 ? opts.jobs : std::max(1u, std::thread::hardware_concurrency());
  if (signing_key) emit_opts.signing_key = &*signing_key;
  // A library is compiled slice by slice while the binder runs (emit.h LibraryStream).
  std::optional<LibraryStream> stream;
  std::optional<ir::SliceSink> sink;
  CompileOptions build_opts = opts;
  if (emit == "lib") {
    stream.emplace(emit_opts);
    sink = stream->sink();
    build_opts.slices = &*sink;
  }

  ir::Module module;
  if (const int r = build(build_opts, module, err); r != 0) return r;
  // From here on every message is printed after the progress line is erased.
  struct ProgressDone {
    const CompileOptions& o;
    ~ProgressDone() { clear(); }
    void clear() const {
      if (o.progress) o.progress("");
    }
  } progress_done{opts};
  if (opts.progress && module.functions.size() > 300 && emit != "ir" && emit != "profile")
    opts.progress("generating code for " + std::to_string(module.functions.size()) + " functions");

  if (stream && !stream->error().empty()) {
    progress_done.clear();
    err << "cardc compile: " << stream->error() << "\n";
    return stream->invalid_module() ? 1 : 2;
  }

  // --emit=profile: the description of the runtime profile the set was compiled against (docs/runtime.md
  // "Profile descriptions"), which every card library embeds.
  if (emit == "profile" && module.profile_description.empty()) {
    progress_done.clear();
    err << "cardc compile: the runtime could not describe the set's profile\n";
    return 1;
  }
  // --emit=ir shows any module, valid or not (that is what it is for); everything else needs a valid one.
  if (emit != "ir" && emit != "profile") {
    if (const auto errors = ir::verify(module); !errors.empty()) {
      progress_done.clear();
      err << "cardc compile: invalid effect IR module:\n" << ir::format(errors);
      return 1;
    }
  }
  if (emit == "lib") {
    if (Status s = stream->slices() > 0 ? stream->finish(module, opts.output) : write_library(module, opts.output, emit_opts);
        !s) {
      progress_done.clear();
      err << "cardc compile: " << s.error() << "\n";
      return 2;
    }
    return 0;
  }
  Expected<std::string> bytes = emit == "profile" ? Expected<std::string>(module.profile_description)
                                : emit == "ir"     ? Expected<std::string>(ir::print(module))
                                : emit == "llvm" ? emit_llvm_ir(module, emit_opts)
                                : emit == "asm"  ? emit_assembly(module, emit_opts)
                                                 : emit_object(module, emit_opts);
  progress_done.clear();
  if (!bytes) {
    err << "cardc compile: " << bytes.error() << "\n";
    return 2;
  }
  if (to_stdout) {
    out << *bytes;
    return 0;
  }
  if (Status s = write_file_atomically(opts.output, *bytes); !s) {
    err << "cardc compile: " << s.error() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace cardc::codegen
