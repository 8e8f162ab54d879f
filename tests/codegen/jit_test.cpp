// The JIT: hand-built effect IR modules, compiled in memory at -O0..-O3, registered into a runtime pool and played
// through the engine API.
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <string>

#include "cardrt/cardrt.h"
#include "codegen/jit.h"
#include "codegen/runtime_symbols.h"
#include "ir/verify.h"
#include "modules.h"
#include "test_support.hpp"

using cardc::Jit;
using cardc::codegen::OptLevel;
using namespace cgtest;

namespace {

std::unique_ptr<Jit> make_jit(OptLevel level) {
  auto jit = Jit::create({level});
  EXPECT_TRUE(jit) << jit.error();
  return jit ? std::move(*jit) : nullptr;
}

class JitAtLevel : public ::testing::TestWithParam<OptLevel> {};

std::string level_name(const ::testing::TestParamInfo<OptLevel>& info) {
  return cardc::codegen::opt_level_name(info.param);
}

}  // namespace

TEST(CodegenAbi, RuntimeSymbolsAndSignaturesAreTheAbiDefList) {
  const auto symbols = cardc::codegen::runtime_symbols();
  const auto signatures = cardc::ir::abi_signatures();
  ASSERT_EQ(symbols.size(), signatures.size());
  ASSERT_EQ(static_cast<int32_t>(symbols.size()), cardrt_abi_function_count());
  for (size_t i = 0; i < symbols.size(); ++i) {
    EXPECT_STREQ(symbols[i].name, signatures[i].name);
    EXPECT_STREQ(symbols[i].name, cardrt_abi_function_name(static_cast<int32_t>(i)));
    EXPECT_NE(symbols[i].address, nullptr);
  }
  const auto* gain = cardc::ir::find_abi("cardrt_gain_resource");
  ASSERT_NE(gain, nullptr);
  EXPECT_EQ(gain->param_count, 5);
  EXPECT_EQ(gain->params[0], cardc::ir::AbiType::Game);
  EXPECT_EQ(gain->params[1], cardc::ir::AbiType::Ctx);
  EXPECT_EQ(cardc::ir::find_abi("cardrt_target_cards")->params[6], cardc::ir::AbiType::U32);
  EXPECT_EQ(cardc::ir::find_abi("cardrt_no_such_function"), nullptr);
}

TEST_P(JitAtLevel, AbilityGainsHonorAndForceThroughTheEngine) {
  const std::string log = jit_and_play(GetParam(), magistrate_module(), &play_magistrate);
  EXPECT_NE(log.find("resource_gained"), std::string::npos) << log;
}

TEST_P(JitAtLevel, RuntimeCallsBackIntoGeneratedFilterAndTarget) {
  jit_and_play(GetParam(), caster_module(), &play_caster);
}

TEST_P(JitAtLevel, ControlFlowIfLetShortCircuitAndReturn) {
  jit_and_play(GetParam(), control_flow_module(), &play_control_flow);
}

TEST(Jit, SameLogAtEveryLevel) {
  const std::string o0 = jit_and_play(OptLevel::O0, magistrate_module(), &play_magistrate);
  EXPECT_FALSE(o0.empty());
  EXPECT_EQ(jit_and_play(OptLevel::O2, magistrate_module(), &play_magistrate), o0);
  EXPECT_EQ(jit_and_play(OptLevel::O3, magistrate_module(), &play_magistrate), o0);
}

namespace {

int32_t clamp(int64_t v) { return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : static_cast<int32_t>(v); }

// What the IR means (ir.h; 000_6878fa005291d153.txt 7.3), written independently of the lowering.
int32_t reference(const std::string& op, int32_t a, int32_t b) {
  if (op == "add") return clamp(int64_t{a} + b);
  if (op == "sub") return clamp(int64_t{a} - b);
  if (op == "mul") return clamp(int64_t{a} * b);
  if (op == "div") return b == 0 ? 0 : clamp(int64_t{a} / b);
  if (op == "min") return a < b ? a : b;
  if (op == "max") return a > b ? a : b;
  if (op == "eq") return a == b;
  if (op == "ne") return a != b;
  if (op == "lt") return a < b;
  if (op == "le") return a <= b;
  if (op == "gt") return a > b;
  if (op == "ge") return a >= b;
  if (op == "and") return a != 0 && b != 0;
  if (op == "or") return a != 0 || b != 0;
  if (op == "not") return a == 0;
  ADD_FAILURE() << "no reference for " << op;
  return 0;
}

}  // namespace

// Saturating arithmetic and division by zero in generated code, on values the optimizer cannot see (parameters).
// A trapping division would kill the test (SIGFPE), not fail it quietly.
TEST_P(JitAtLevel, ArithmeticSaturatesAndDivisionByZeroIsZero) {
  auto jit = make_jit(GetParam());
  ASSERT_TRUE(jit);
  auto id = jit->add(arithmetic_module());
  ASSERT_TRUE(id) << id.error();
  const int32_t values[] = {INT32_MIN, INT32_MIN + 1, -65536, -46341, -7, -2, -1, 0, 1, 2, 3, 7, 46341, 65536,
                            INT32_MAX - 1, INT32_MAX};
  for (const char* op : {"add", "sub", "mul", "div", "min", "max", "eq", "ne", "lt", "le", "gt", "ge", "and", "or",
                         "not"}) {
    auto f = jit->lookup(*id, op);
    ASSERT_TRUE(f) << f.error();
    auto fn = reinterpret_cast<cardrt_base_fn>(*f);
    for (int32_t a : values)
      for (int32_t b : values)
        ASSERT_EQ(fn(nullptr, a, b), reference(op, a, b)) << a << " " << op << " " << b;
  }
  // the same on constants, folded by the optimizer at -O1 and above
  auto call = [&](const char* name) {
    auto f = jit->lookup(*id, name);
    EXPECT_TRUE(f) << f.error();
    return f ? reinterpret_cast<cardrt_base_fn>(*f)(nullptr, 0, 0) : -12345;
  };
  EXPECT_EQ(call("div_min_by_minus_one"), INT32_MAX);
  EXPECT_EQ(call("div_by_zero"), 0);
  EXPECT_EQ(call("mul_overflow"), INT32_MAX);
  // spot checks that do not depend on the reference
  auto div = reinterpret_cast<cardrt_base_fn>(*jit->lookup(*id, "div"));
  EXPECT_EQ(div(nullptr, -7, 2), -3);  // truncates toward zero, like the runtime
  EXPECT_EQ(div(nullptr, 5, 0), 0);
  EXPECT_EQ(div(nullptr, INT32_MIN, -1), INT32_MAX);
  auto add = reinterpret_cast<cardrt_base_fn>(*jit->lookup(*id, "add"));
  EXPECT_EQ(add(nullptr, INT32_MAX, 1), INT32_MAX);
  EXPECT_EQ(add(nullptr, INT32_MIN, -1), INT32_MIN);
}

INSTANTIATE_TEST_SUITE_P(Levels, JitAtLevel, ::testing::Values(OptLevel::O0, OptLevel::O1, OptLevel::O2, OptLevel::O3),
                         level_name);

TEST(Jit, ModulesLiveSideBySide) {
  auto jit = make_jit(OptLevel::O1);
  ASSERT_TRUE(jit);
  auto a = jit->add(magistrate_module());
  auto b = jit->add(magistrate_module("profile-1", "another-source"));  // the same names, another JITDylib
  ASSERT_TRUE(a) << a.error();
  ASSERT_TRUE(b) << b.error();
  auto sa = jit->lookup(*a, "cardrt_library_source_hash");
  auto sb = jit->lookup(*b, "cardrt_library_source_hash");
  ASSERT_TRUE(sa && sb);
  EXPECT_STREQ(static_cast<const char*>(*sa), "source-1");
  EXPECT_STREQ(static_cast<const char*>(*sb), "another-source");
  auto game = jit->lookup(*a, "cardrt_library_game");
  ASSERT_TRUE(game);
  EXPECT_STREQ(static_cast<const char*>(*game), "legends");
  auto version = jit->lookup(*a, "cardrt_library_abi_version");
  ASSERT_TRUE(version);
  EXPECT_EQ(*static_cast<const int32_t*>(*version), CARDRT_ABI_VERSION);
  // the register function answers to its ir name and to the library entry name
  auto by_ir_name = jit->lookup(*a, "register_cards");
  auto by_entry = jit->lookup(*a, CARDRT_LIBRARY_ENTRY);
  ASSERT_TRUE(by_ir_name && by_entry);
  EXPECT_EQ(*by_ir_name, *by_entry);
}

TEST(Jit, ErrorsAreValues) {
  auto jit = make_jit(OptLevel::O0);
  ASSERT_TRUE(jit);
  auto missing = jit->lookup(7, "anything");
  EXPECT_FALSE(missing);
  EXPECT_NE(missing.error().find("no module 7"), std::string::npos) << missing.error();
  auto id = jit->add(arithmetic_module());
  ASSERT_TRUE(id) << id.error();
  auto no_symbol = jit->lookup(*id, "no_such_function");
  EXPECT_FALSE(no_symbol);
  EXPECT_NE(no_symbol.error().find("no_such_function"), std::string::npos) << no_symbol.error();
  rt::TestGame t(rt::make_legends());
  auto r = jit->register_cards(*id, t.pool());  // the arithmetic module has no register function
  EXPECT_FALSE(r);
  EXPECT_NE(r.error().find("no register function"), std::string::npos) << r.error();
}

// A register function that fails (a card type the pool's profile lacks) is a Failure naming the runtime's code.
TEST(Jit, RegisterFailureIsReported) {
  auto m = magistrate_module();
  m.functions[1].body.kids[0].kids[0].kids[2].text = "Spaceship";  // cardrt_def_card(pool, "Magistrate", "Spaceship")
  auto jit = make_jit(OptLevel::O0);
  ASSERT_TRUE(jit);
  auto id = jit->add(m);
  ASSERT_TRUE(id) << id.error();
  rt::TestGame t(rt::make_legends());
  auto r = jit->register_cards(*id, t.pool());
  EXPECT_FALSE(r);
  EXPECT_NE(r.error().find("CARDRT_E_UNKNOWN_NAME"), std::string::npos) << r.error();
}
