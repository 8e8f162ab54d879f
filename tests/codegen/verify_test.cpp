// Malformed modules are errors (values), never lowered, executed or written: ir::verify catches them before
// LLVM sees them, and every entry point (JIT, LLVM text, object, library) reports the same problem.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <string>

#include "codegen/emit.h"
#include "codegen/jit.h"
#include "ir/verify.h"
#include "modules.h"

using namespace cardc;
using namespace cardc::ir;
using namespace cgtest;

namespace {

struct Malformed {
  const char* name;
  std::function<void(Module&)> spoil;
  const char* message;  // a part of the expected error
};

Node& gain_call(Module& m) { return m.functions[0].body.kids[0].kids[0]; }  // gain_honor: eval(call(...))

const Malformed kMalformed[] = {
    {"CallWithTooFewArguments", [](Module& m) { gain_call(m).kids.pop_back(); },
     "call of cardrt_gain_resource with 4 arguments; abi.def declares 5"},
    {"CallWithTooManyArguments", [](Module& m) { gain_call(m).kids.push_back(konst(1)); },
     "with 6 arguments; abi.def declares 5"},
    {"UnknownAbiFunction", [](Module& m) { gain_call(m) = call("cardrt_gain_everything", std::move(gain_call(m).kids)); },
     "'cardrt_gain_everything', which is not a function of the runtime ABI"},
    {"StringWhereIntegerExpected", [](Module& m) { gain_call(m).kids[4] = str("2"); },
     "argument 5 of cardrt_gain_resource must be I32, not STR"},
    {"IntegerWhereGameExpected", [](Module& m) { gain_call(m).kids[0] = konst(5); },
     "argument 1 of cardrt_gain_resource must be a GAME"},
    {"CtxWhereGameExpected", [](Module& m) { gain_call(m).kids[0] = param(1); },
     "argument 1 of cardrt_gain_resource must be GAME, not CTX"},
    {"ParamOutOfRange", [](Module& m) { gain_call(m).kids[0] = param(2); }, "parameter 2 of a effect function"},
    {"LocalOutOfRange", [](Module& m) { gain_call(m).kids[4] = local(0); }, "local 0, but the function has 0 locals"},
    {"EvalWithoutOperand", [](Module& m) { m.functions[1].body.kids.back() = Node{Op::Eval, 0, {}, {}, {}}; },
     "eval needs 1 operand"},
    {"FunctionReferenceOutOfRange",
     [](Module& m) {
       m.functions[1].body.kids.insert(m.functions[1].body.kids.begin(),
                                       eval(call("cardrt_def_base_fn", {param(0), konst(0), fn_ref(9)})));
     },
     "reference to function 9, but the module has 2"},
    {"ConstantOutOfRange", [](Module& m) { gain_call(m).kids[4] = konst(int64_t{1} << 40); },
     "outside the range of I32"},
    {"StatementWhereValueExpected", [](Module& m) { gain_call(m).kids[4] = block(); },
     "a statement (block) where a value is expected"},
    {"ValueWhereStatementExpected", [](Module& m) { m.functions[0].body.kids[0] = konst(1); },
     "a value (const) where a statement is expected"},
    {"NulInString", [](Module& m) { m.functions[1].body.kids[0].kids[0].kids[1] = str(std::string("Magi\0strate", 11)); },
     "may not contain a NUL byte"},
    {"RegisterFunctionOfWrongKind", [](Module& m) { m.register_fn = 0; }, "is a effect function"},
    {"RegisterFunctionOutOfRange", [](Module& m) { m.register_fn = 5; }, "the register function is number 5"},
    {"DuplicateName", [](Module& m) { m.functions[1].name = "gain_honor"; }, "two functions are named 'gain_honor'"},
    {"NameOfAnAbiFunction", [](Module& m) { m.functions[0].name = "cardrt_draw"; },
     "'cardrt_draw' is the name of a runtime ABI function"},
    {"ReservedIdentityName", [](Module& m) { m.functions[0].name = "cardrt_library_game"; }, "is reserved"},
    {"NotACIdentifier", [](Module& m) { m.functions[0].name = "gain honor"; }, "is not a C identifier"},
    {"ReturnOfAString", [](Module& m) { m.functions[0].body.kids.back() = ret(str("ok")); },
     "the returned value must be a 32-bit integer, not STR"},
    {"IfWithoutBlocks", [](Module& m) { m.functions[0].body.kids.back() = if_(konst(1), konst(2), block()); },
     "the branches of if must be blocks"},
    {"NoGame", [](Module& m) { m.game.clear(); }, "the module names no game"},
};

class MalformedModule : public ::testing::TestWithParam<Malformed> {};

}  // namespace

TEST(Verify, TheTestModulesAreWellFormed) {
  for (const Module& m : {magistrate_module(), caster_module(), arithmetic_module(), control_flow_module()})
    EXPECT_EQ(format(verify(m)), "");
}

TEST_P(MalformedModule, IsAnErrorEverywhere) {
  Module m = magistrate_module();
  GetParam().spoil(m);
  const std::string errors = format(verify(m));
  EXPECT_NE(errors.find(GetParam().message), std::string::npos) << errors;

  auto jit = Jit::create({codegen::OptLevel::O0});
  ASSERT_TRUE(jit) << jit.error();
  auto id = (*jit)->add(m);
  ASSERT_FALSE(id);
  EXPECT_NE(id.error().find(GetParam().message), std::string::npos) << id.error();

  // With an object cache the JIT keys the module before it verifies it (a set the cache holds whole is not
  // verified again, jit.cpp): a malformed module is still refused, and nothing is written.
  {
    TempDir cache;
    JitOptions o(codegen::OptLevel::O0);
    o.cache_dir = cache.path();
    auto cached = Jit::create(o);
    ASSERT_TRUE(cached) << cached.error();
    auto refused = (*cached)->add(m);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().find(GetParam().message), std::string::npos) << refused.error();
    EXPECT_TRUE(std::filesystem::is_empty(cache.path()));
  }

  auto text = codegen::emit_llvm_ir(m, {});
  ASSERT_FALSE(text);
  EXPECT_NE(text.error().find(GetParam().message), std::string::npos) << text.error();

  TempDir dir;
  const std::string out = dir.file("set.so");
  codegen::Status s = codegen::write_library(m, out, {});
  EXPECT_FALSE(s);
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));  // no temporary left behind
}

INSTANTIATE_TEST_SUITE_P(Verify, MalformedModule, ::testing::ValuesIn(kMalformed),
                         [](const ::testing::TestParamInfo<Malformed>& i) { return std::string(i.param.name); });

TEST(Verify, ConstantsAreNullPointersAndWideUnsignedFlags) {
  Module m = caster_module();
  // cardrt_target_cards(game, ctx, slot, filter, min, max, U32 flags): 0 is a NULL filter; flags may use bit 31
  Node& target = m.functions[1].body.kids[0].kids[0];
  target.kids[3] = konst(0);
  target.kids[6] = konst(0xFFFFFFFFll);
  EXPECT_EQ(format(verify(m)), "");
  target.kids[3] = konst(1);
  EXPECT_NE(format(verify(m)).find("or the constant 0 for NULL"), std::string::npos);
  target.kids[3] = konst(0);
  target.kids[6] = konst(0x100000000ll);
  EXPECT_NE(format(verify(m)).find("outside the range of U32"), std::string::npos);
}

TEST(Verify, DeepNestingIsAnErrorNotAStackOverflow) {
  Module m = magistrate_module();
  Node n = konst(1);
  for (int i = 0; i < kMaxDepth + 10; ++i) n = binary(Op::Add, std::move(n), konst(1));
  m.functions[0].body.kids.back() = ret(std::move(n));
  EXPECT_NE(format(verify(m)).find("nested more than"), std::string::npos);
}
