// Object files, assembly, LLVM IR text and card libraries: what `cardc compile` writes, and that a library loaded
// with the runtime's loader plays exactly like the same module in the JIT.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "cardrt/cardrt.h"
#include "codegen/emit.h"
#include "ir/verify.h"
#include "modules.h"
#include "test_support.hpp"

using namespace cardc;
using cardc::codegen::EmitOptions;
using cardc::codegen::OptLevel;
using namespace cgtest;

namespace {

EmitOptions at(OptLevel level) {
  EmitOptions o;
  o.opt = level;
  return o;
}

// Loads the library at `path` into a fresh legends game and plays `scenario`.
std::string load_and_play(const std::string& path, const char* source_hash, std::string (*scenario)(rt::TestGame&)) {
  rt::TestGame t(rt::make_legends());
  char error[512] = "unchanged";
  const int32_t r = cardrt_library_load_trusted(t.pool(), path.c_str(), nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED,
                                                "legends", "profile-1", source_hash, error, sizeof error);
  EXPECT_EQ(r, CARDRT_OK) << error;
  if (r != CARDRT_OK) return {};
  EXPECT_STREQ(error, "");
  return scenario(t);
}

std::string run_output(const std::string& command) {
  std::string out;
  std::unique_ptr<FILE, int (*)(FILE*)> p(::popen(command.c_str(), "r"), ::pclose);
  if (!p) return out;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p.get())) > 0) out.append(buf, n);
  return out;
}

}  // namespace

TEST(Library, PlaysLikeTheJitWithAnIdenticalEventLog) {
  TempDir dir;
  struct Case {
    ir::Module module;
    const char* source;
    std::string (*scenario)(rt::TestGame&);
  } cases[] = {{magistrate_module(), "source-1", &play_magistrate},
               {caster_module(), "source-2", &play_caster},
               {herald_module(), "source-herald", &play_herald},
               {control_flow_module(), "control", &play_control_flow}};
  int n = 0;
  for (Case& c : cases)
    for (OptLevel level : {OptLevel::O0, OptLevel::O2}) {
      const std::string path = dir.file("set" + std::to_string(n++) + ".so");
      codegen::Status s = codegen::write_library(c.module, path, at(level));
      ASSERT_TRUE(s) << s.error();
      const std::string from_jit = jit_and_play(level, c.module, c.scenario);
      const std::string from_library = load_and_play(path, c.source, c.scenario);
      EXPECT_FALSE(from_jit.empty());
      EXPECT_EQ(from_library, from_jit);
    }
}

TEST(Library, ExportsOnlyItsEntryPointAndIdentity) {
  TempDir dir;
  const std::string path = dir.file("set.so");
  ASSERT_TRUE(codegen::write_library(magistrate_module(), path, at(OptLevel::O2)));
  if (!codegen::find_program("nm")) GTEST_SKIP() << "no nm";
  const std::string symbols = run_output("nm -D --defined-only '" + path + "'");
  for (const char* s : ir::kLibrarySymbols) EXPECT_NE(symbols.find(s), std::string::npos) << symbols;
  EXPECT_EQ(symbols.find("gain_honor"), std::string::npos) << symbols;  // card code stays internal
  const std::string undefined = run_output("nm -D --undefined-only '" + path + "'");
  EXPECT_NE(undefined.find("cardrt_gain_resource"), std::string::npos) << undefined;  // resolved in the runtime
}

TEST(Emit, ObjectIsARelocatableElfFile) {
  auto obj = codegen::emit_object(magistrate_module(), at(OptLevel::O2));
  ASSERT_TRUE(obj) << obj.error();
  ASSERT_GT(obj->size(), 64u);
  EXPECT_EQ(obj->substr(0, 4), "\x7f" "ELF");
  EXPECT_EQ(static_cast<unsigned char>((*obj)[16]), 1);  // e_type ET_REL
}

TEST(Emit, AssemblyNamesTheEntryPoint) {
  auto s = codegen::emit_assembly(magistrate_module(), at(OptLevel::O1));
  ASSERT_TRUE(s) << s.error();
  EXPECT_NE(s->find(".globl\tcardrt_library_register"), std::string::npos) << *s;
  EXPECT_NE(s->find("cardrt_library_game:"), std::string::npos);
}

TEST(Emit, LlvmIrHasTheCSignaturesAndEveryAbiDeclaration) {
  auto o0 = codegen::emit_llvm_ir(magistrate_module(), at(OptLevel::O0));
  ASSERT_TRUE(o0) << o0.error();
  const std::string& t = *o0;
  EXPECT_NE(t.find("define i32 @cardrt_library_register(ptr %pool)"), std::string::npos) << t;
  EXPECT_NE(t.find("define internal i32 @gain_honor(ptr %game, ptr %ctx)"), std::string::npos) << t;
  EXPECT_NE(t.find("@cardrt_library_abi_version = constant i32 " + std::to_string(CARDRT_ABI_VERSION)),
            std::string::npos);
  EXPECT_NE(t.find("@cardrt_library_game = constant [8 x i8] c\"legends\\00\""), std::string::npos) << t;
  EXPECT_NE(t.find("@cardrt_library_source_hash = constant [9 x i8] c\"source-1\\00\""), std::string::npos);
  EXPECT_NE(t.find("declare i32 @cardrt_gain_resource(ptr, ptr, i32, i32, i32)"), std::string::npos) << t;
  EXPECT_NE(t.find("declare i32 @cardrt_target_cards(ptr, ptr, i32, ptr, i32, i32, i32)"), std::string::npos);
  for (const ir::AbiSignature& s : ir::abi_signatures())
    EXPECT_NE(t.find(std::string(" @") + s.name + "("), std::string::npos) << s.name;
}

// Locals are stack slots at -O0 and registers once SROA/mem2reg ran; the register function, which runs once per
// load, is never optimized (optnone).
TEST(Emit, OptimizationLevelsAndTheUnoptimizedRegisterFunction) {
  auto body_of = [](const std::string& text, const std::string& fn) {
    const size_t start = text.find("@" + fn + "(");
    return start == std::string::npos ? std::string() : text.substr(start, text.find("\n}\n", start) - start);
  };
  auto o0 = codegen::emit_llvm_ir(control_flow_module(), at(OptLevel::O0));
  auto o2 = codegen::emit_llvm_ir(control_flow_module(), at(OptLevel::O2));
  ASSERT_TRUE(o0 && o2) << o0.error() << o2.error();
  EXPECT_NE(body_of(*o0, "control").find("alloca"), std::string::npos) << *o0;
  const std::string control = body_of(*o2, "control");
  EXPECT_FALSE(control.empty()) << *o2;
  EXPECT_EQ(control.find("alloca"), std::string::npos) << control;
  EXPECT_NE(body_of(*o2, "cardrt_library_register").find("alloca"), std::string::npos) << *o2;
  EXPECT_NE(o2->find("noinline nounwind optnone"), std::string::npos) << *o2;
}

TEST(Emit, DivisionIsNeverATrappingSdivOn32Bits) {
  for (OptLevel level : {OptLevel::O0, OptLevel::O2}) {
    EmitOptions o = at(level);
    o.lower.export_functions = true;  // else -O2 deletes them: nothing in the module calls them
    auto t = codegen::emit_llvm_ir(arithmetic_module(), o);
    ASSERT_TRUE(t) << t.error();
    EXPECT_NE(t->find("@div("), std::string::npos);
    EXPECT_NE(t->find("sdiv i64"), std::string::npos) << *t;
    EXPECT_EQ(t->find("sdiv i32"), std::string::npos) << *t;
    EXPECT_EQ(t->find("srem"), std::string::npos);
  }
}

TEST(Emit, WriteFileAtomicallyReplacesWholeFiles) {
  TempDir dir;
  const std::string path = dir.file("out.ll");
  write_file(path, "old contents that are longer than the new ones");
  ASSERT_TRUE(codegen::write_file_atomically(path, "new"));
  EXPECT_EQ(read_file(path), "new");
  int entries = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 1);  // no temporary left
  auto bad = codegen::write_file_atomically(dir.file("no/such/folder/out.ll"), "x");
  EXPECT_FALSE(bad);
  EXPECT_NE(bad.error().find("no/such/folder"), std::string::npos) << bad.error();
}

TEST(Emit, MissingCompilerDriverIsAClearErrorAndLeavesTheOutputAlone) {
  TempDir dir;
  const std::string path = dir.file("set.so");
  write_file(path, "previous library");
  EmitOptions o;
  o.cc = dir.file("no-such-cc");
  auto s = codegen::write_library(magistrate_module(), path, o);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().find("cannot link the card library"), std::string::npos) << s.error();
  EXPECT_NE(s.error().find("--cc"), std::string::npos) << s.error();
  EXPECT_EQ(read_file(path), "previous library");
  EXPECT_TRUE(codegen::find_program("cc")) << "the tests need cc";
  EXPECT_FALSE(codegen::find_program("cardc-no-such-program-anywhere"));
}

TEST(Emit, FailingLinkIsReportedWithTheLinkersWords) {
  TempDir dir;
  const std::string path = dir.file("set.so");
  const std::string fake = dir.file("fake-cc");
  write_file(fake, "#!/bin/sh\necho 'fake-cc: cannot link today' >&2\nexit 3\n");
  std::filesystem::permissions(fake, std::filesystem::perms::owner_all);
  EmitOptions o;
  o.cc = fake;
  auto s = codegen::write_library(magistrate_module(), path, o);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().find("exit 3"), std::string::npos) << s.error();
  EXPECT_NE(s.error().find("cannot link today"), std::string::npos) << s.error();
  EXPECT_FALSE(std::filesystem::exists(path));
  int entries = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 1);  // only the fake cc: no temporary left
}
