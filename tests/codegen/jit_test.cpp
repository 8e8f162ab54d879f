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

namespace {

using Query = int32_t (*)(cardrt_game*, cardrt_effect_ctx*, int32_t);
Query g_source = nullptr, g_ctx_controller = nullptr, g_your_other_samurai = nullptr;
cardrt_game* g_other_game = nullptr;
std::string g_ctx_seen;

// Card code asking the generated context queries with its own game, another game and none.
int32_t compare_context_queries(cardrt_game* g, cardrt_effect_ctx* ctx) {
  for (cardrt_game* asked : {g, g_other_game, static_cast<cardrt_game*>(nullptr)}) {
    if (g_source(asked, ctx, 0) != cardrt_ctx_source(asked, ctx)) g_ctx_seen += "source differs; ";
    if (g_ctx_controller(asked, ctx, 0) != cardrt_ctx_controller(asked, ctx)) g_ctx_seen += "controller differs; ";
  }
  // the whole filter, read in one go, against the same questions asked one by one with short-circuits
  const int32_t count = cardrt_game_card_count(g);
  for (int32_t card = -1; card <= count + 1; ++card) {
    const int32_t asked = cardrt_card_in_play(g, card) && card != cardrt_ctx_source(g, ctx) &&
                          cardrt_card_type(g, card) == 0 &&
                          cardrt_card_controller(g, card) == cardrt_ctx_controller(g, ctx) &&
                          cardrt_card_has_keyword(g, card, 0);
    if (g_your_other_samurai(g, ctx, card) != asked) g_ctx_seen += "filter differs on " + std::to_string(card) + "; ";
    if (g_your_other_samurai(g_other_game, ctx, card) != 0) g_ctx_seen += "another game's filter accepts; ";
  }
  g_ctx_seen += "asked";
  return CARDRT_OK;
}

}  // namespace

// The queries the lowering reads from the runtime's views (inline_queries.h) answer as the functions do, also where
// the read must not be the answer: ids out of range, a card that ceased to exist, no game, no context, another game's.
TEST_P(JitAtLevel, InlinedQueriesAnswerAsTheRuntimeDoes) {
  auto jit = make_jit(GetParam());
  ASSERT_TRUE(jit);
  auto id = jit->add(queries_module());
  ASSERT_TRUE(id) << id.error();
  auto query = [&](const char* name) {
    auto f = jit->lookup(*id, name);
    EXPECT_TRUE(f) << f.error();
    return f ? reinterpret_cast<Query>(*f) : nullptr;
  };
  const Query in_play = query("in_play"), type = query("type"), controller = query("controller");
  g_source = query("source");
  g_ctx_controller = query("ctx_controller");
  g_your_other_samurai = query("your_other_samurai");
  ASSERT_TRUE(in_play && type && controller && g_source && g_ctx_controller && g_your_other_samurai);
  const std::pair<Query, int32_t> keywords[] = {
      {query("keyword_0"), 0}, {query("keyword_1"), 1}, {query("keyword_2"), 2}, {query("keyword_99"), 99}};

  rt::TestGame t(rt::make_legends());
  rt::TestGame other(rt::make_legends());
  const int32_t p = t.def("Ashigaru", "Personality", {{"Force", 1}, {"Chi", 2}}, {"Samurai", "Tactical"});
  const int32_t h = t.def("Watchtower", "Holding");
  t.ability(h, CARDRT_AB_ACTION, nullptr, CARDRT_ABF_UNLIMITED, &compare_context_queries);
  t.start();
  other.def("Ashigaru", "Personality", {{"Force", 1}, {"Chi", 2}});
  other.start();
  g_other_game = other;
  int32_t highest = 0;
  auto expect_same = [&](const std::string& when) {
    for (int32_t card = -2; card <= highest + 3; ++card)
      for (cardrt_game* g : {t.g(), static_cast<cardrt_game*>(nullptr)}) {
        EXPECT_EQ(in_play(g, nullptr, card), cardrt_card_in_play(g, card)) << when << ", card " << card;
        EXPECT_EQ(type(g, nullptr, card), cardrt_card_type(g, card)) << when << ", card " << card;
        EXPECT_EQ(controller(g, nullptr, card), cardrt_card_controller(g, card)) << when << ", card " << card;
        for (auto [has, kw] : keywords)
          EXPECT_EQ(has(g, nullptr, card), cardrt_card_has_keyword(g, card, kw)) << when << ", card " << card;
        // no context: no controller to compare, and the calls answer for the cards
        const int32_t asked = cardrt_card_in_play(g, card) && card != cardrt_ctx_source(g, nullptr) &&
                              cardrt_card_type(g, card) == 0 &&
                              cardrt_card_controller(g, card) == cardrt_ctx_controller(g, nullptr) &&
                              cardrt_card_has_keyword(g, card, 0);
        EXPECT_EQ(g_your_other_samurai(g, nullptr, card), asked) << when << ", card " << card;
      }
    EXPECT_EQ(g_source(t, nullptr, 0), cardrt_ctx_source(t, nullptr)) << when;
    EXPECT_EQ(g_ctx_controller(t, nullptr, 0), cardrt_ctx_controller(t, nullptr)) << when;
  };
  expect_same("no cards");
  for (int i = 0; i < 40; ++i) highest = t.add(i % 2 ? p : h, i % 2, i % 3 ? rt::legends::Hand : rt::legends::Deck);
  for (int i = 0; i < 10; ++i) highest = t.play(i % 2 ? p : h, i % 2);
  expect_same("cards in hand, deck and play");
  const int32_t stolen = highest = t.add(p, 0, rt::legends::Hand);
  ASSERT_EQ(cardrt_game_put_into_play(t, stolen, 1), CARDRT_OK);
  expect_same("a card in play under another controller");
  ASSERT_EQ(cardrt_destroy(t, nullptr, stolen), CARDRT_OK);
  expect_same("a card destroyed");
  ASSERT_GE(cardrt_grant_keyword(t, nullptr, highest - 1, 1, CARDRT_DUR_PERMANENT), 16);  // Tactician, not printed
  ASSERT_GE(cardrt_remove_keyword(t, nullptr, highest - 3, 0, CARDRT_DUR_PERMANENT), 16);  // Samurai, printed
  expect_same("keywords given and taken");
  highest = cardrt_game_card_count(t);
  ASSERT_EQ(cardrt_create_card(t, nullptr, "Personality", 0, rt::legends::Hand), CARDRT_FAILED);
  ++highest;
  ASSERT_EQ(cardrt_game_card_exists(t, highest), 0);
  expect_same("a created card that ceased to exist");
  const int32_t tower = highest = t.play(h, 0);
  cardrt_game_begin_turn(t, 0);
  g_ctx_seen.clear();
  ASSERT_EQ(cardrt_game_use_ability(t, 0, tower, 0), CARDRT_OK);
  EXPECT_EQ(g_ctx_seen, "asked");
  g_other_game = nullptr;
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
