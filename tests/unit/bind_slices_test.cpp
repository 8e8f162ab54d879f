// A large set bound in slices (compiler/ir/slices.h, bind_card_set): the effect IR alive at once is bounded by the
// slice, not the set, and the slices together are exactly the module bound whole.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../bench/synthetic_set.h"
#include "bind/binder.h"
#include "ir/ir.h"
#include "parse/parser.h"
#include "profile/load_profile.h"
#include "sema/pipeline.h"

namespace cardc {
namespace {

// The synthetic set of the front-end benchmark, parsed and checked against the legends profile.
struct CheckedSet {
  SourceManager sm;
  DiagnosticEngine diags{sm};
  std::unique_ptr<ast::CardSetFile> set;
  std::unique_ptr<ast::ProfileFile> profile_ast;
  std::unique_ptr<GameProfile> profile;
  std::unique_ptr<CheckContext> ctx;

  explicit CheckedSet(size_t cards) {
    FileId f = sm.add("synthetic.cards", bench::synthetic_legends_set(cards, 42));
    set = parse_card_set(sm, f, diags);
    std::string error;
    FileId g = sm.load(std::string(CARDC_SOURCE_DIR) + "/cards/legends/legends.game", error, 16u << 20);
    profile_ast = parse_profile(sm, g, diags);
    profile = load_profile(*profile_ast, diags);
    ctx = std::make_unique<CheckContext>(CheckContext{sm, *profile, *set, diags, {}});
    run_sema(*ctx);
  }
};

size_t with_bodies(const ir::Module& m) {
  return static_cast<size_t>(std::count_if(m.functions.begin(), m.functions.end(),
                                           [](const ir::Function& f) { return !f.body.kids.empty(); }));
}

std::string listing(const ir::Function& f) {
  ir::Module one;
  one.functions = {f};
  return ir::print(one);
}

TEST(BindSlices, TheIrAliveAtOnceIsBoundedByTheSliceAndTheSlicesAreTheWholeModule) {
  CheckedSet s(1500);
  ASSERT_TRUE(s.ctx);
  const BindResult whole = bind_card_set(*s.ctx, "p", "s");
  ASSERT_GT(whole.module.functions.size(), 1000u);

  // Every function and registration statement the slices were handed, in order.
  std::vector<std::string> functions, registration;
  std::vector<size_t> alive;  // functions with a body in the module at each slice
  size_t most_in_a_card = 0, last_size = 0;
  ir::SliceSink sink;
  sink.min_functions = 100;
  sink.take = [&](ir::Module& m, size_t first, ir::Function& reg) {
    alive.push_back(with_bodies(m));
    EXPECT_EQ(first, last_size) << "a slice starts where the last one ended";
    for (size_t i = first; i < m.functions.size(); ++i) functions.push_back(listing(m.functions[i]));
    for (const ir::Node& st : reg.body.kids) {
      ir::Function one;
      one.body = ir::block({st});
      registration.push_back(listing(one));
    }
    last_size = m.functions.size();
    return true;
  };
  const BindResult sliced = bind_card_set(*s.ctx, "p", "s", true, &sink);
  EXPECT_FALSE(sliced.stopped);
  EXPECT_EQ(sliced.slices, alive.size());
  ASSERT_GE(alive.size(), 5u);
  // the biggest card of the set: how far past min_functions a slice may go
  for (size_t i = 0, card = 0; card < whole.compiled.size(); ++card) {
    const std::string prefix = "c" + std::to_string(card) + "_";
    size_t n = 0;
    while (i < whole.module.functions.size() && whole.module.functions[i].name.starts_with(prefix)) ++i, ++n;
    most_in_a_card = std::max(most_in_a_card, n);
  }
  for (size_t a : alive) EXPECT_LE(a, sink.min_functions + most_in_a_card) << "IR of earlier slices is still alive";
  EXPECT_LE(with_bodies(sliced.module), sink.min_functions + most_in_a_card + 1);

  // The same functions in the same order (the last ones still in the module), and the same registration.
  ASSERT_EQ(sliced.module.functions.size(), whole.module.functions.size());
  for (size_t i = last_size; i + 1 < sliced.module.functions.size(); ++i)
    functions.push_back(listing(sliced.module.functions[i]));
  for (const ir::Node& st : sliced.module.functions.back().body.kids) {
    ir::Function one;
    one.body = ir::block({st});
    registration.push_back(listing(one));
  }
  ASSERT_EQ(functions.size() + 1, whole.module.functions.size());
  for (size_t i = 0; i < functions.size(); ++i) {
    ASSERT_EQ(functions[i], listing(whole.module.functions[i])) << "function " << i;
    EXPECT_EQ(sliced.module.functions[i].name, whole.module.functions[i].name) << "names stay for later references";
    EXPECT_EQ(sliced.module.functions[i].kind, whole.module.functions[i].kind);
  }
  const ir::Function& whole_reg = whole.module.functions.back();
  ASSERT_EQ(registration.size(), whole_reg.body.kids.size());
  for (size_t i = 0; i < registration.size(); ++i) {
    ir::Function one;
    one.body = ir::block({whole_reg.body.kids[i]});
    ASSERT_EQ(registration[i], listing(one)) << "registration statement " << i;
  }
  EXPECT_EQ(sliced.cards_compiled, whole.cards_compiled);
  EXPECT_EQ(sliced.compiled, whole.compiled);
}

// A sink that keeps nothing of a slice (a check counting what binds, bind/check_binding.h): the module does not grow
// with the set, and every card binds, compiles and lowers as when the set is bound whole, each slice's functions (bodies
// and registration) the same but for the numbers in their names.
TEST(BindSlices, ASinkThatKeepsNothingCountsAsTheWholeBinding) {
  CheckedSet s(600);
  ASSERT_TRUE(s.ctx);
  const BindResult whole = bind_card_set(*s.ctx, "p", "s");
  ir::SliceSink sink;
  sink.min_functions = 1;
  sink.keeps_taken = false;
  size_t handed = 0, most = 0;
  sink.take = [&](ir::Module& m, size_t first, ir::Function&) {
    EXPECT_EQ(first, 0u) << "the functions of the slice before are dropped whole";
    handed += m.functions.size() - first;
    most = std::max(most, m.functions.size());
    return true;
  };
  const BindResult counted = bind_card_set(*s.ctx, "p", "s", true, &sink);
  EXPECT_FALSE(counted.stopped);
  EXPECT_EQ(counted.cards, whole.cards);
  EXPECT_EQ(counted.cards_compiled, whole.cards_compiled);
  EXPECT_EQ(counted.cards_lowered, whole.cards_lowered);
  EXPECT_EQ(counted.compiled, whole.compiled);
  // every function of the whole module but its register function, handed over once or still in the module
  EXPECT_EQ(handed + counted.module.functions.size(), whole.module.functions.size());
  EXPECT_LT(most, 100u) << "the module grew with the set";
}

// A check reads no registration (ir::SliceSink::reads_registration): the binder writes none, yet every card binds or
// fails as when bound whole, into the same functions.
TEST(BindSlices, ASinkThatReadsNoRegistrationGetsTheSameFunctionsAndNoRegistration) {
  CheckedSet s(600);
  ASSERT_TRUE(s.ctx);
  const BindResult whole = bind_card_set(*s.ctx, "p", "s");
  size_t whole_registrations = 0;
  for (const ir::Node& st : whole.module.functions[static_cast<size_t>(whole.module.register_fn)].body.kids)
    if (st.op != ir::Op::Return) ++whole_registrations;
  ASSERT_GT(whole_registrations, 600u);
  ir::SliceSink sink;
  sink.min_functions = 1;
  sink.reads_registration = false;
  std::vector<std::string> handed;
  size_t registration_statements = 0;
  sink.take = [&](ir::Module& m, size_t first, ir::Function& registration) {
    for (size_t f = first; f < m.functions.size(); ++f) handed.push_back(listing(m.functions[f]));
    registration_statements += registration.body.kids.size();
    return true;
  };
  const BindResult counted = bind_card_set(*s.ctx, "p", "s", true, &sink);
  // the cards after the last slice: still in the module, after the slices' functions, with the register function
  for (size_t f = handed.size(); f < counted.module.functions.size(); ++f)
    if (static_cast<int>(f) != counted.module.register_fn) handed.push_back(listing(counted.module.functions[f]));
  for (const ir::Node& st : counted.module.functions[static_cast<size_t>(counted.module.register_fn)].body.kids)
    if (st.op != ir::Op::Return) ++registration_statements;
  EXPECT_EQ(counted.cards_compiled, whole.cards_compiled);
  EXPECT_EQ(counted.cards_lowered, whole.cards_lowered);
  EXPECT_EQ(counted.compiled, whole.compiled);
  EXPECT_EQ(registration_statements, 0u) << "a registration nobody reads was written";
  std::vector<std::string> whole_functions;
  for (size_t f = 0; f < whole.module.functions.size(); ++f)
    if (static_cast<int>(f) != whole.module.register_fn) whole_functions.push_back(listing(whole.module.functions[f]));
  EXPECT_EQ(handed, whole_functions);
}

TEST(BindSlices, ASinkThatRefusesStopsTheBinding) {
  CheckedSet s(400);
  ir::SliceSink sink;
  sink.min_functions = 50;
  size_t calls = 0;
  sink.take = [&](ir::Module&, size_t, ir::Function&) { return ++calls < 2; };
  const BindResult sliced = bind_card_set(*s.ctx, "p", "s", true, &sink);
  EXPECT_TRUE(sliced.stopped);
  EXPECT_EQ(calls, 2u);
  EXPECT_LT(sliced.cards, 400u);
}

}  // namespace
}  // namespace cardc
