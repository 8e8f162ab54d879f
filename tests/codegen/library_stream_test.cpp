// A card library written in slices while the binder runs (compiler/codegen/emit.h LibraryStream, ir/slices.h): it
// plays like the library of the whole module, does not depend on the number of threads, and the code generator
// never holds more than a partition's functions per thread.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cardrt/cardrt.h"
#include "codegen/emit.h"
#include "ir/verify.h"
#include "many_cards.h"
#include "modules.h"
#include "test_support.hpp"

using namespace cardc;
using cardc::codegen::EmitOptions;
using cardc::codegen::LibraryStream;
using namespace cgtest;

namespace {

// Herald (a delayed effect: a function its card code hands the runtime) first, then `fillers` one-ability cards;
// `cards` gets each card's (functions, registration statements), in order, as the binder would bind them.
ir::Module herald_and_fillers(int fillers, std::vector<std::pair<size_t, size_t>>& cards) {
  ir::Module m = herald_module();
  ir::Module more = many_cards_module(fillers);
  ir::Function reg = std::move(m.functions.back());
  m.functions.pop_back();
  reg.body.kids.pop_back();  // its return: the fillers' registration follows
  cards = {{m.functions.size(), reg.body.kids.size()}};
  const int64_t offset = static_cast<int64_t>(m.functions.size());
  for (int i = 0; i < fillers; ++i) m.functions.push_back(std::move(more.functions[static_cast<size_t>(i)]));
  std::vector<ir::Node>& filler_reg = more.functions.back().body.kids;
  for (size_t s = 0; s + 1 < filler_reg.size(); ++s) {
    ir::Node st = std::move(filler_reg[s]);
    if (st.op == ir::Op::Eval && st.kids[0].kids.back().op == ir::Op::FnRef) st.kids[0].kids.back().value += offset;
    reg.body.kids.push_back(std::move(st));
  }
  for (int i = 0; i < fillers; ++i) cards.emplace_back(1, 6);
  reg.body.kids.push_back(ir::ret(ir::konst(CARDRT_OK)));
  m.functions.push_back(std::move(reg));
  m.register_fn = static_cast<int>(m.functions.size() - 1);
  return m;
}

EmitOptions small_slices(unsigned jobs) {
  EmitOptions o;
  o.opt = codegen::OptLevel::O1;
  o.jobs = jobs;
  o.slice_functions = 64;
  o.stream_partition_functions = 16;
  return o;
}

// `whole` handed to a LibraryStream slice by slice as bind_card_set does (the bodies of a slice dropped once it is
// taken), then finished at `path`. `most_bodies`: the most functions with a body the module held at a slice.
codegen::Status write_streamed(const ir::Module& whole, const std::vector<std::pair<size_t, size_t>>& cards,
                               const std::string& path, const EmitOptions& o, size_t* most_bodies = nullptr) {
  LibraryStream stream(o);
  ir::Module m;
  m.game = whole.game;
  m.profile_hash = whole.profile_hash;
  m.source_hash = whole.source_hash;
  const ir::Function& whole_reg = whole.functions.back();
  std::vector<ir::Node> stmts;
  size_t fi = 0, si = 0, first = 0;
  auto hand_over = [&] {
    ir::Function reg;
    reg.name = whole_reg.name;
    reg.kind = ir::FnKind::Register;
    reg.locals = whole_reg.locals;
    reg.body = ir::block(std::move(stmts));
    stmts.clear();
    size_t bodies = 0;
    for (const ir::Function& f : m.functions) bodies += f.body.kids.empty() ? 0 : 1;
    if (most_bodies) *most_bodies = std::max(*most_bodies, bodies);
    const bool ok = stream.take(m, first, reg);
    for (size_t f = first; f < m.functions.size(); ++f) m.functions[f].body = ir::Node{};
    first = m.functions.size();
    return ok;
  };
  for (const auto& [functions, statements] : cards) {
    if (m.functions.size() > first && m.functions.size() - first >= o.slice_functions && !hand_over())
      return codegen::Failure{stream.error()};
    for (size_t k = 0; k < functions; ++k) m.functions.push_back(whole.functions[fi++]);
    for (size_t k = 0; k < statements; ++k) stmts.push_back(whole_reg.body.kids[si++]);
  }
  EXPECT_GE(stream.slices(), 2u);
  ir::Function reg = whole_reg;
  reg.body = ir::block(std::move(stmts));
  reg.body.kids.push_back(ir::ret(ir::konst(CARDRT_OK)));
  m.functions.push_back(std::move(reg));
  m.register_fn = static_cast<int>(m.functions.size() - 1);
  EXPECT_TRUE(ir::verify(m).empty()) << ir::format(ir::verify(m));
  return stream.finish(m, path);
}

std::string bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The titles the library registers, in order, after playing Herald (its delayed effect, through a saved game).
std::string load_and_play(const std::string& path) {
  rt::TestGame t(rt::make_legends());
  char error[512] = "";
  const int32_t r = cardrt_library_load_trusted(t.pool(), path.c_str(), nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED,
                                                "legends", "profile-1", "source-herald", error, sizeof error);
  EXPECT_EQ(r, CARDRT_OK) << error;
  if (r != CARDRT_OK) return {};
  std::string out;
  for (int32_t d = 0; d < cardrt_cardpool_count(t.pool()); ++d)
    out += std::string(cardrt_cardpool_card_title(t.pool(), d)) + "\n";
  return out + play_herald(t);
}

}  // namespace

TEST(LibraryStream, PlaysLikeTheWholeModulesLibraryWhateverTheThreads) {
  TempDir dir;
  std::vector<std::pair<size_t, size_t>> cards;
  const ir::Module whole = herald_and_fillers(300, cards);
  ASSERT_TRUE(ir::verify(whole).empty()) << ir::format(ir::verify(whole));
  const std::string whole_path = dir.file("whole.so"), one = dir.file("one.so"), two = dir.file("two.so");
  codegen::Status s = codegen::write_library(whole, whole_path, small_slices(2));
  ASSERT_TRUE(s) << s.error();
  s = write_streamed(whole, cards, one, small_slices(1));
  ASSERT_TRUE(s) << s.error();
  s = write_streamed(whole, cards, two, small_slices(2));
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(bytes_of(one), bytes_of(two)) << "the library depends on the number of threads";
  const std::string expected = load_and_play(whole_path);
  EXPECT_NE(expected.find("Card 299\n"), std::string::npos);
  EXPECT_EQ(load_and_play(two), expected);
}

TEST(LibraryStream, HoldsAPartitionsFunctionsPerThreadNotTheSets) {
  TempDir dir;
  std::vector<std::pair<size_t, size_t>> cards;
  const ir::Module whole = herald_and_fillers(300, cards);
  const EmitOptions o = small_slices(2);
  size_t most_bodies = 0;
  codegen::reset_emit_counters();
  codegen::Status s = write_streamed(whole, cards, dir.file("streamed.so"), o, &most_bodies);
  ASSERT_TRUE(s) << s.error();
  const codegen::EmitCounters streamed = codegen::emit_counters();
  // a partition has fewer than twice stream_partition_functions functions, and the slice's registration piece
  EXPECT_LE(streamed.most_modules_alive, 2u);
  EXPECT_LE(streamed.most_functions_alive, 2 * (2 * o.stream_partition_functions + 1));
  EXPECT_LE(most_bodies, o.slice_functions + 1);
  // the whole module's library, for contrast: its partitions grow with the set
  codegen::reset_emit_counters();
  s = codegen::write_library(whole, dir.file("whole.so"), o);
  ASSERT_TRUE(s) << s.error();
  EXPECT_GT(codegen::emit_counters().most_functions_alive, streamed.most_functions_alive * 2);
}

TEST(LibraryStream, AnInvalidSliceStopsItWithTheVerifiersWords) {
  TempDir dir;
  std::vector<std::pair<size_t, size_t>> cards;
  ir::Module whole = herald_and_fillers(200, cards);
  whole.functions[150].body.kids.push_back(ir::eval(ir::call("cardrt_no_such_function", {ir::konst(1)})));
  const codegen::Status s = write_streamed(whole, cards, dir.file("bad.so"), small_slices(2));
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().find("invalid effect IR module"), std::string::npos) << s.error();
  EXPECT_FALSE(std::filesystem::exists(dir.file("bad.so")));
}

TEST(LibraryStream, ASlicesRegistrationInPiecesRegistersEveryCard) {
  TempDir dir;
  std::vector<std::pair<size_t, size_t>> cards;
  const ir::Module whole = herald_and_fillers(2400, cards);
  EmitOptions o = small_slices(2);
  o.opt = codegen::OptLevel::O0;
  o.slice_functions = 1100;  // 6,600 statements of registration a slice: a piece for each of its partitions
  o.stream_partition_functions = 512;
  const std::string whole_path = dir.file("whole.so"), streamed = dir.file("streamed.so");
  codegen::Status s = codegen::write_library(whole, whole_path, o);
  ASSERT_TRUE(s) << s.error();
  s = write_streamed(whole, cards, streamed, o);
  ASSERT_TRUE(s) << s.error();
  const std::string expected = load_and_play(whole_path);
  EXPECT_NE(expected.find("Card 2399\n"), std::string::npos);
  EXPECT_EQ(load_and_play(streamed), expected);
}
