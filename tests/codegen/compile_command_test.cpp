// `cardc compile`'s back half (compiler/codegen/compile_command.h) with a module builder standing in for the
// binder: outputs, --emit kinds, and what it refuses to do.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "cardrt/cardrt.h"
#include "codegen/compile_command.h"
#include "ir/ir.h"
#include "modules.h"
#include "test_support.hpp"

using namespace cardc;
using cardc::codegen::CompileOptions;
using namespace cgtest;

namespace {

struct Result {
  int code;
  std::string out, err;
};

Result compile(CompileOptions opts, ir::Module module = magistrate_module(), int builder_result = 0) {
  int calls = 0;
  auto build = [&](const CompileOptions& o, ir::Module& m, std::ostream& err) {
    ++calls;
    EXPECT_EQ(o.paths, opts.paths);
    if (builder_result != 0) {
      err << "set.cards:1:1: error: something the front end found\n";
      return builder_result;
    }
    m = module;
    return 0;
  };
  std::ostringstream out, err;
  const int code = codegen::run_compile(opts, build, out, err);
  return {code, out.str(), err.str()};
}

CompileOptions options(const TempDir& dir, std::string emit, std::string output) {
  CompileOptions o;
  o.paths = {dir.file("set.cards")};
  o.emit = std::move(emit);
  o.output = std::move(output);
  return o;
}

}  // namespace

TEST(CompileCommand, WritesALibraryTheLoaderAccepts) {
  TempDir dir;
  const std::string so = dir.file("set.so");
  const Result r = compile(options(dir, "lib", so));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  rt::TestGame t(rt::make_legends());
  char error[256];
  ASSERT_EQ(cardrt_library_load_trusted(t.pool(), so.c_str(), nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED, "legends",
                                        "profile-1", "source-1", error, sizeof error),
            CARDRT_OK)
      << error;
  play_magistrate(t);
}

TEST(CompileCommand, TextKindsGoToStdoutOrAFile) {
  TempDir dir;
  const Result llvm = compile(options(dir, "llvm", ""));
  ASSERT_EQ(llvm.code, 0) << llvm.err;
  EXPECT_NE(llvm.out.find("i32 @cardrt_library_register(ptr %pool)"), std::string::npos) << llvm.out;

  const Result ir = compile(options(dir, "ir", "-"));
  ASSERT_EQ(ir.code, 0) << ir.err;
  EXPECT_EQ(ir.out, ir::print(magistrate_module()));

  const Result as = compile(options(dir, "asm", dir.file("set.s")));
  ASSERT_EQ(as.code, 0) << as.err;
  EXPECT_NE(read_file(dir.file("set.s")).find("cardrt_library_register:"), std::string::npos);

  const Result obj = compile(options(dir, "obj", dir.file("set.o")));
  ASSERT_EQ(obj.code, 0) << obj.err;
  EXPECT_EQ(read_file(dir.file("set.o")).substr(0, 4), "\x7f" "ELF");
}

TEST(CompileCommand, OptimizationLevels) {
  TempDir dir;
  CompileOptions o = options(dir, "llvm", "");
  o.opt_level = 0;
  auto count = [](const std::string& s, const std::string& part) {
    int n = 0;
    for (size_t at = s.find(part); at != std::string::npos; at = s.find(part, at + 1)) ++n;
    return n;
  };
  const Result o0 = compile(o, control_flow_module());
  ASSERT_EQ(o0.code, 0) << o0.err;
  EXPECT_EQ(count(o0.out, "%l0 = alloca"), 2);  // the control function's and the register function's
  o.opt_level = 3;
  const Result o3 = compile(o, control_flow_module());
  ASSERT_EQ(o3.code, 0) << o3.err;
  EXPECT_EQ(count(o3.out, "%l0 = alloca"), 1);  // only the (optnone) register function keeps its slots
  o.opt_level = 7;
  const Result bad = compile(o);
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("-O7 is not a level"), std::string::npos) << bad.err;
}

TEST(CompileCommand, NeverOverwritesAnInput) {
  TempDir dir;
  const std::string set = dir.file("set.cards");
  write_file(set, "game legends\n");
  CompileOptions o = options(dir, "lib", set);
  const Result r = compile(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("refusing to write"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(set), "game legends\n");

  const std::string other = dir.file("other.so");  // an input that is not a .cards file
  write_file(other, "input");
  o.paths = {other};
  o.output = other;
  const Result same = compile(o);
  EXPECT_EQ(same.code, 2);
  EXPECT_NE(same.err.find("it is an input"), std::string::npos) << same.err;
  EXPECT_EQ(read_file(other), "input");

  o.output = dir.path() + "/./other.so";  // the same file by another name
  EXPECT_EQ(compile(o).code, 2);
  EXPECT_EQ(read_file(other), "input");
}

TEST(CompileCommand, BinaryKindsNeedAnOutputFile) {
  TempDir dir;
  for (const char* kind : {"lib", "obj"}) {
    const Result r = compile(options(dir, kind, ""));
    EXPECT_EQ(r.code, 2) << kind;
    EXPECT_NE(r.err.find("name it with -o"), std::string::npos) << r.err;
  }
  EXPECT_EQ(compile(options(dir, "exe", dir.file("x"))).code, 2);
}

TEST(CompileCommand, FrontEndErrorsStopBeforeAnythingIsWritten) {
  TempDir dir;
  const Result r = compile(options(dir, "lib", dir.file("set.so")), magistrate_module(), 1);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("something the front end found"), std::string::npos);
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(CompileCommand, InvalidModuleIsAnErrorButStillPrintsWithEmitIr) {
  TempDir dir;
  ir::Module bad = magistrate_module();
  bad.functions[0].body.kids[0].kids[0].kids.pop_back();  // a call with the wrong arity
  const Result r = compile(options(dir, "lib", dir.file("set.so")), bad);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("invalid effect IR module"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("abi.def declares 5"), std::string::npos) << r.err;
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
  const Result shown = compile(options(dir, "ir", ""), bad);
  EXPECT_EQ(shown.code, 0) << shown.err;
  EXPECT_NE(shown.out.find("cardrt_gain_resource("), std::string::npos);
}

TEST(CompileCommand, MissingCompilerDriver) {
  TempDir dir;
  CompileOptions o = options(dir, "lib", dir.file("set.so"));
  o.cc = dir.file("no-cc-here");
  const Result r = compile(o);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("cannot link the card library"), std::string::npos) << r.err;
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(CompileCommand, TheStandInBinderSaysSo) {
  ir::Module m;
  std::ostringstream err;
  EXPECT_EQ(codegen::build_ir_module_unavailable({}, m, err), 2);
  EXPECT_NE(err.str().find("no binder"), std::string::npos);
}
