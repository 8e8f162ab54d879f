#pragma once
// `cardc compile SET.cards... -o set.so [--emit=lib|obj|asm|llvm|ir|profile] [-O0..-O3]`: the back half of the compiler.
// The front half (parse, check, bind: sources -> ir::Module) is a callback, so the driver joins the two with one
// line. LLVM-free header.
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "ir/ir.h"
#include "ir/slices.h"

namespace cardc::codegen {

struct CompileOptions {
  std::vector<std::string> paths;         // card sets (.cards) and folders, as for `cardc check`
  std::vector<std::string> profile_dirs;  // --profile-path
  std::string output;                     // -o; "-" or "" = stdout (text kinds only)
  std::string emit = "lib";               // lib (card library .so) | obj | asm | llvm | ir | profile (description)
  int opt_level = 2;                      // -O0..-O3
  std::string cc;                         // --cc: the C compiler driver that links the .so ("" = cc on PATH)
  unsigned jobs = 0;                      // -j: threads for a large library (0: one per core); same output
  std::string sign_key;                   // --sign KEY: sign the library with this secret key (cardc keygen)
  // Hears what a long compile is doing ("generating code for 10,001 functions"; "" when it is over); the driver
  // shows it as a progress line on a terminal. Empty: nothing is reported.
  std::function<void(const std::string& what)> progress;
  // Set by run_compile for the builder, not by callers: --emit=lib hands the binder's slices to the library as they
  // are bound (emit.h LibraryStream), so a large set's IR is never alive all at once. Null: bind the whole module.
  const ir::SliceSink* slices = nullptr;
};

// Builds the checked, bound module of opts.paths. Returns 0 with `module` filled, or the exit code of the
// failure (1: the sources have errors, 2: usage or I/O) after printing its diagnostics to `err`.
using BuildIrModule = std::function<int(const CompileOptions& opts, ir::Module& module, std::ostream& err)>;

// Exit codes: 0 written, 1 errors in the sources or an invalid module, 2 usage, I/O or toolchain error.
int run_compile(const CompileOptions& opts, const BuildIrModule& build, std::ostream& out, std::ostream& err);

// The callback until compiler/bind lands: says so and returns 2.
int build_ir_module_unavailable(const CompileOptions& opts, ir::Module& module, std::ostream& err);

}  // namespace cardc::codegen
