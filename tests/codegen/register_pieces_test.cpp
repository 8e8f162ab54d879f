// The register function of a large set in pieces (compiler/codegen/register_pieces.h): where it may be cut, and
// that a set registered through the pieces is the set registered through the whole function, errors included.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cardrt/cardrt.h"
#include "codegen/jit.h"
#include "codegen/partition.h"
#include "codegen/register_pieces.h"
#include "many_cards.h"
#include "modules.h"
#include "test_support.hpp"

using cardc::Jit;
using cardc::JitOptions;
using cardc::codegen::OptLevel;
using cardc::codegen::plan_partitions;
using cardc::codegen::plan_register_pieces;
using cardc::codegen::RegisterPiece;
namespace ir = cardc::ir;
using namespace cgtest;

namespace {

std::vector<RegisterPiece> pieces_of(const ir::Module& m) { return plan_register_pieces(m, plan_partitions(m)); }

bool starts_a_card(const ir::Node& s) {
  return s.op == ir::Op::Let && !s.kids.empty() && s.kids[0].op == ir::Op::Call && ir::abi_name(s.kids[0]) == "cardrt_def_card";
}

// Registers `m` with an eager JIT, with or without an object cache; the register function's result and the number
// of cards the pool holds after it.
struct Registered {
  bool ok = false;
  std::string error;
  int32_t cards = -1;
  uint64_t pieces = 0;
};

Registered register_with(const ir::Module& m, bool cache) {
  TempDir dir;
  JitOptions o;
  o.opt = OptLevel::O1;
  o.jobs = 2;
  if (cache) o.cache_dir = dir.path();
  auto jit = Jit::create(o);
  EXPECT_TRUE(jit) << jit.error();
  Registered out;
  if (!jit) return out;
  auto id = (*jit)->add(m);
  EXPECT_TRUE(id) << id.error();
  if (!id) return out;
  rt::TestGame t(rt::make_legends());
  auto r = (*jit)->register_cards(*id, t.pool());
  out.ok = r.ok();
  if (!r) out.error = r.error();
  out.cards = cardrt_cardpool_count(t.pool());
  out.pieces = (*jit)->stats().register_pieces;
  return out;
}

}  // namespace

TEST(RegisterPieces, ALargeSetIsCutBetweenCardsOnePiecePerPartition) {
  const ir::Module m = many_cards_module(600);
  const auto plan = plan_partitions(m);
  const auto pieces = pieces_of(m);
  ASSERT_GE(plan.count, 3u);
  ASSERT_EQ(pieces.size(), plan.count - 1);
  const auto& body = m.functions[static_cast<size_t>(m.register_fn)].body.kids;
  size_t next = 0;
  std::vector<bool> used(plan.count, false);
  for (const RegisterPiece& p : pieces) {
    EXPECT_EQ(p.begin, next);  // contiguous, in order, nothing left out
    EXPECT_GE(p.end - p.begin, cardc::codegen::kRegisterPieceStatements);
    EXPECT_TRUE(starts_a_card(body[p.begin])) << "piece at " << p.begin << " does not start a card";
    ASSERT_GE(p.partition, 1u);  // partition 0 holds the entry point
    ASSERT_LT(p.partition, plan.count);
    EXPECT_FALSE(used[p.partition]);
    used[p.partition] = true;
    next = p.end;
  }
  EXPECT_EQ(next, body.size());
  EXPECT_EQ(pieces_of(m).size(), pieces.size());  // the plan depends on the module only
}

TEST(RegisterPieces, NeverCutWhereALocalIsLive) {
  // local 1 holds the first card's handle and is read by the last statement: no cut anywhere after the first let
  ir::Module m = many_cards_module(600);
  ir::Function& reg = m.functions[static_cast<size_t>(m.register_fn)];
  auto& body = reg.body.kids;
  reg.locals = 3;
  body.insert(body.begin() + 1, ir::let(2, ir::local(0)));
  body.insert(body.end() - 1, ir::eval(ir::call("cardrt_def_keyword", {ir::param(0), ir::local(2), ir::str("Samurai")})));
  EXPECT_TRUE(pieces_of(m).empty());
  // a let inside an if may not run: local 2, set at the top and again under an if at statement 1,800, is read
  // after that if, so it is live from the top to the read and nothing before the read may be cut
  ir::Module n = many_cards_module(600);
  ir::Function& nreg = n.functions[static_cast<size_t>(n.register_fn)];
  auto& nbody = nreg.body.kids;
  nreg.locals = 3;
  nbody.insert(nbody.begin(), ir::let(2, ir::konst(9)));
  size_t at = 1800;
  while (!starts_a_card(nbody[at])) ++at;
  nbody.insert(nbody.begin() + static_cast<long>(at), ir::if_(ir::konst(1), ir::block({ir::let(2, ir::konst(5))})));
  nbody.insert(nbody.begin() + static_cast<long>(at) + 1, ir::eval(ir::local(2)));
  const auto pieces = pieces_of(n);
  ASSERT_GE(pieces.size(), 2u);
  for (const RegisterPiece& p : pieces) {
    if (p.begin > 0) {
      EXPECT_GT(p.begin, at + 1);
    }
  }
}

TEST(RegisterPieces, StatementsInBlocksAsTheBinderWritesThem) {
  // the binder writes each definition and its check as a block: a block's let defines its local for what follows
  ir::Module m = many_cards_module(1200);  // six statements a card: three blocks
  auto& body = m.functions[static_cast<size_t>(m.register_fn)].body.kids;
  std::vector<ir::Node> blocks;
  for (size_t i = 0; i + 1 < body.size(); i += 2) blocks.push_back(ir::block({body[i], body[i + 1]}));
  if (body.size() % 2) blocks.push_back(body.back());
  body = std::move(blocks);
  const auto pieces = pieces_of(m);
  ASSERT_GE(pieces.size(), 2u);
  for (const RegisterPiece& p : pieces) EXPECT_TRUE(starts_a_card(body[p.begin].kids.at(0)));
  EXPECT_EQ(register_with(m, true).cards, 1200);
}

TEST(RegisterPieces, SmallSetsAreNotCut) {
  EXPECT_TRUE(pieces_of(many_cards_module(40)).empty());   // one partition
  EXPECT_TRUE(pieces_of(many_cards_module(300)).empty());  // two partitions, 1,801 statements: one piece
}

TEST(RegisterPieces, TheCompiledPiecesRegisterWhatTheWholeFunctionDoes) {
  const ir::Module m = many_cards_module(600);
  const Registered interpreted = register_with(m, false);
  const Registered compiled = register_with(m, true);
  EXPECT_EQ(interpreted.pieces, 0u);  // without a cache the register function is interpreted, never cut
  EXPECT_EQ(compiled.pieces, pieces_of(m).size());
  EXPECT_TRUE(interpreted.ok) << interpreted.error;
  EXPECT_TRUE(compiled.ok) << compiled.error;
  EXPECT_EQ(compiled.cards, 600);
}

TEST(RegisterPieces, AnErrorInALaterPieceEndsTheRegistrationThere) {
  // card 500 names a type the profile lacks: cardrt_def_card fails and the function returns its code
  ir::Module m = many_cards_module(600);
  for (ir::Node& s : m.functions[static_cast<size_t>(m.register_fn)].body.kids)
    if (starts_a_card(s) && s.kids[0].kids.size() == 3 && s.kids[0].kids[1].text == "Card 500")
      s.kids[0].kids[2].text = "Nonsense Type";
  const auto pieces = pieces_of(m);
  ASSERT_GE(pieces.size(), 2u);
  const Registered interpreted = register_with(m, false);
  const Registered compiled = register_with(m, true);
  ASSERT_FALSE(interpreted.ok);
  ASSERT_FALSE(compiled.ok);
  EXPECT_EQ(compiled.error, interpreted.error);
  EXPECT_EQ(interpreted.cards, 500);  // cards 0..499, then nothing
  EXPECT_EQ(compiled.cards, 500);
}

TEST(RegisterPieces, AReturnOfZeroInALaterPieceEndsTheRegistrationThere) {
  // "return 0" before card 450: a piece that returns 0 is not a piece that ran to its end
  ir::Module m = many_cards_module(600);
  auto& body = m.functions[static_cast<size_t>(m.register_fn)].body.kids;
  for (size_t i = 0; i < body.size(); ++i)
    if (starts_a_card(body[i]) && body[i].kids[0].kids[1].text == "Card 450") {
      body.insert(body.begin() + static_cast<long>(i), ir::ret(ir::konst(0)));
      break;
    }
  ASSERT_GE(pieces_of(m).size(), 2u);
  const Registered interpreted = register_with(m, false);
  const Registered compiled = register_with(m, true);
  EXPECT_TRUE(interpreted.ok) << interpreted.error;
  EXPECT_TRUE(compiled.ok) << compiled.error;
  EXPECT_EQ(interpreted.cards, 450);
  EXPECT_EQ(compiled.cards, 450);
}
