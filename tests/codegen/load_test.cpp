// Load-time work of the JIT (docs/codegen.md "Loading large sets"): lazy compilation (each function at its first
// call), parallel compilation of partitions, and the on-disk object cache. Every test compares behaviour (event
// logs) with the plain eager JIT, and reads what was compiled from Jit::stats().
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "cardrt/cardrt.h"
#include "codegen/emit.h"
#include "codegen/jit.h"
#include "codegen/partition.h"
#include "interp/interpreter.h"
#include "many_cards.h"
#include "modules.h"
#include "test_support.hpp"

using cardc::Jit;
using cardc::JitOptions;
using cardc::codegen::OptLevel;
using namespace cgtest;
namespace fs = std::filesystem;

namespace {

std::unique_ptr<Jit> make(JitOptions o) {
  auto jit = Jit::create(o);
  EXPECT_TRUE(jit) << jit.error();
  return jit ? std::move(*jit) : nullptr;
}

JitOptions lazy(OptLevel level) {
  JitOptions o;
  o.opt = level;
  o.lazy = true;
  return o;
}

JitOptions eager(OptLevel level, unsigned jobs = 1, std::string cache = "") {
  JitOptions o;
  o.opt = level;
  o.jobs = jobs;
  o.cache_dir = std::move(cache);
  return o;
}

// Registers `m` through `jit`, plays cards `which` of a many_cards_module (each uses its action once) and returns
// the event log.
std::string play_many(Jit& jit, const cardc::ir::Module& m, const std::vector<int>& which) {
  auto id = jit.add(m);
  EXPECT_TRUE(id) << id.error();
  if (!id) return {};
  rt::TestGame t(rt::make_legends());
  auto r = jit.register_cards(*id, t.pool());
  EXPECT_TRUE(r) << r.error();
  if (!r) return {};
  EXPECT_EQ(cardrt_cardpool_count(t.pool()), static_cast<int32_t>(m.functions.size() - 1));
  t.start();
  EXPECT_EQ(cardrt_game_begin_turn(t, 0), CARDRT_OK);
  for (int i : which) {
    const int32_t c = t.play(cardrt_cardpool_find(t.pool(), ("Card " + std::to_string(i)).c_str()), 0);
    EXPECT_EQ(cardrt_game_use_ability(t, 0, c, 0), CARDRT_OK);
  }
  EXPECT_EQ(cardrt_game_end_turn(t), CARDRT_OK);
  return t.text_log();
}

std::string play_with(JitOptions o, const cardc::ir::Module& m, std::string (*scenario)(rt::TestGame&)) {
  auto jit = make(o);
  if (!jit) return {};
  auto id = jit->add(m);
  EXPECT_TRUE(id) << id.error();
  if (!id) return {};
  rt::TestGame t(rt::make_legends());
  auto r = jit->register_cards(*id, t.pool());
  EXPECT_TRUE(r) << r.error();
  if (!r) return {};
  return scenario(t);
}

// name -> bytes of every file in `dir`.
std::map<std::string, std::string> files_in(const std::string& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out[e.path().filename().string()] = read_file(e.path().string());
  return out;
}

const std::vector<int> kPlayed = {0, 1, 2, 3, 4, 257, 511, 599};

}  // namespace

// ---------------------------------------------------------------- lazy

TEST(JitLazy, SameEventLogsAsEagerOnTheHandBuiltCards) {
  for (OptLevel level : {OptLevel::O0, OptLevel::O2}) {
    for (auto* scenario : {&play_magistrate, &play_caster, &play_control_flow}) {
      const cardc::ir::Module m = scenario == &play_magistrate ? magistrate_module()
                                  : scenario == &play_caster   ? caster_module()
                                                               : control_flow_module();
      const std::string eager_log = play_with(eager(level), m, scenario);
      ASSERT_FALSE(eager_log.empty());
      EXPECT_EQ(play_with(lazy(level), m, scenario), eager_log);
    }
  }
}

// Registering interprets the register function (nothing compiled) and hands the runtime our own call-through
// stubs, one per function; the first call of a function compiles its partition (here card i is in partition
// 1 + i / 256) and fills the stubs of all its functions, so calls of the others compile nothing more.
TEST(JitLazy, RegisteringCompilesNothingAndAFirstCallOnlyItsPartition) {
  const cardc::ir::Module m = many_cards_module(600);
  auto jit = make(lazy(OptLevel::O2));
  ASSERT_TRUE(jit);
  auto id = jit->add(m);
  ASSERT_TRUE(id) << id.error();
  EXPECT_EQ(jit->stats().lazy_stubs, 600u);
  rt::TestGame t(rt::make_legends());
  auto r = jit->register_cards(*id, t.pool());
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(cardrt_cardpool_count(t.pool()), 600);
  EXPECT_EQ(jit->stats().modules_compiled, 0u);
  const auto plan = cardc::codegen::plan_partitions(m, cardc::codegen::kLazyPartitionFunctions,
                                                    cardc::codegen::kLazyMaxPartitions);
  ASSERT_EQ(plan.of[7], plan.of[50]);
  ASSERT_NE(plan.of[50], plan.of[599]);
  t.start();
  ASSERT_EQ(cardrt_game_begin_turn(t, 0), CARDRT_OK);
  auto use = [&](int card) {
    const int32_t c = t.play(cardrt_cardpool_find(t.pool(), ("Card " + std::to_string(card)).c_str()), 0);
    ASSERT_EQ(cardrt_game_use_ability(t, 0, c, 0), CARDRT_OK);
  };
  use(7);
  EXPECT_EQ(jit->stats().modules_compiled, 1u);  // card 7's partition, nothing else
  EXPECT_EQ(jit->stats().lazy_partitions_compiled, 1u);
  use(7);  // another copy: the same function
  use(50);  // the same partition (the lazy JIT's partitions hold 64 functions: partition.h)
  EXPECT_EQ(jit->stats().modules_compiled, 1u);
  use(599);  // the last partition
  EXPECT_EQ(jit->stats().modules_compiled, 2u);
  EXPECT_EQ(jit->stats().partitions, 0u);  // (eager partitions only)
  // lookup() by IR name gives the stub, which calls the compiled function.
  auto f = jit->lookup(*id, "card300_effect");
  ASSERT_TRUE(f) << f.error();
  EXPECT_EQ(jit->stats().modules_compiled, 2u);  // a lookup compiles nothing
}

// The register function can still be looked up (and is compiled then), e.g. to call it by hand.
TEST(JitLazy, TheEntryPointIsCompiledWhenLookedUp) {
  const cardc::ir::Module m = many_cards_module(300);
  auto jit = make(lazy(OptLevel::O2));
  ASSERT_TRUE(jit);
  auto id = jit->add(m);
  ASSERT_TRUE(id) << id.error();
  auto entry = jit->lookup(*id, CARDRT_LIBRARY_ENTRY);
  ASSERT_TRUE(entry) << entry.error();
  EXPECT_EQ(jit->stats().modules_compiled, 1u);
  rt::TestGame t(rt::make_legends());
  EXPECT_EQ(reinterpret_cast<cardrt_library_register_fn>(*entry)(t.pool()), CARDRT_OK);
  EXPECT_EQ(cardrt_cardpool_count(t.pool()), 300);
}

// A set of thousands of cards registers lazily without per-function work beyond a stub: 20,000 functions in
// a fraction of the time their eager -O0 compile takes (seconds), with one partition compiled by a call.
TEST(JitLazy, ALargeSetRegistersWithStubsOnly) {
  const cardc::ir::Module m = many_cards_module(20000);
  auto jit = make(lazy(OptLevel::O2));
  ASSERT_TRUE(jit);
  auto id = jit->add(m);
  ASSERT_TRUE(id) << id.error();
  rt::TestGame t(rt::make_legends());
  auto r = jit->register_cards(*id, t.pool());
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(cardrt_cardpool_count(t.pool()), 20000);
  EXPECT_EQ(jit->stats().modules_compiled, 0u);
  EXPECT_EQ(jit->stats().lazy_stubs, 20000u);
  t.start();
  ASSERT_EQ(cardrt_game_begin_turn(t, 0), CARDRT_OK);
  const int32_t c = t.play(cardrt_cardpool_find(t.pool(), "Card 19999"), 0);
  ASSERT_EQ(cardrt_game_use_ability(t, 0, c, 0), CARDRT_OK);
  EXPECT_EQ(jit->stats().modules_compiled, 1u);
}

TEST(JitLazy, ManyCardsSameLogAsEager) {
  const cardc::ir::Module m = many_cards_module(600);
  auto e = make(eager(OptLevel::O2));
  auto l = make(lazy(OptLevel::O2));
  ASSERT_TRUE(e && l);
  const std::string eager_log = play_many(*e, m, kPlayed);
  ASSERT_FALSE(eager_log.empty());
  EXPECT_EQ(play_many(*l, m, kPlayed), eager_log);
}

TEST(JitLazy, LookupOfEveryKindOfSymbol) {
  auto jit = make(lazy(OptLevel::O0));
  ASSERT_TRUE(jit);
  auto id = jit->add(magistrate_module());
  ASSERT_TRUE(id) << id.error();
  auto game = jit->lookup(*id, "cardrt_library_game");
  ASSERT_TRUE(game) << game.error();
  EXPECT_STREQ(static_cast<const char*>(*game), "legends");
  EXPECT_TRUE(jit->lookup(*id, "gain_honor"));
  EXPECT_FALSE(jit->lookup(*id, "no_such_function"));
}

TEST(JitLazy, LoadsAWholeSetFromTheCacheAndNeverWritesIt) {
  const cardc::ir::Module m = many_cards_module(600);
  TempDir dir;
  {
    JitOptions o = lazy(OptLevel::O2);
    o.cache_dir = dir.path();
    auto jit = make(o);
    ASSERT_TRUE(jit);
    EXPECT_FALSE(play_many(*jit, m, kPlayed).empty());
    EXPECT_EQ(jit->stats().cache_hits, 0u);
    EXPECT_EQ(jit->stats().lazy_stubs, 600u);  // compiled lazily
  }
  EXPECT_TRUE(files_in(dir.path()).empty());  // a lazy load writes nothing
  std::string eager_log;
  {
    auto jit = make(eager(OptLevel::O2, 2, dir.path()));  // fills the cache
    ASSERT_TRUE(jit);
    eager_log = play_many(*jit, m, kPlayed);
  }
  JitOptions o = lazy(OptLevel::O2);
  o.cache_dir = dir.path();
  auto jit = make(o);
  ASSERT_TRUE(jit);
  EXPECT_EQ(play_many(*jit, m, kPlayed), eager_log);
  EXPECT_EQ(jit->stats().modules_compiled, 0u);  // every partition from the cache
  EXPECT_EQ(jit->stats().cache_hits, jit->stats().partitions);
  EXPECT_GE(jit->stats().partitions, 2u);
}

// ---------------------------------------------------------------- the -O2 pipeline

// -O1/-O2 are the light function pipeline and the fast code generator (target.cpp), -O3 LLVM's full pipelines:
// every level plays 600 generated cards and the hand-built ones exactly as the reference interpreter does.
TEST(JitLevels, EveryLevelAgreesWithTheInterpreter) {
  const cardc::ir::Module m = many_cards_module(600);
  std::string interp_log;
  {
    cardc::Interpreter interp(m);
    ASSERT_TRUE(interp.ok()) << interp.error();
    rt::TestGame t(rt::make_legends());
    ASSERT_EQ(interp.register_cards(t.pool()), CARDRT_OK);
    t.start();
    ASSERT_EQ(cardrt_game_begin_turn(t, 0), CARDRT_OK);
    for (int i : kPlayed) {
      const int32_t c = t.play(cardrt_cardpool_find(t.pool(), ("Card " + std::to_string(i)).c_str()), 0);
      ASSERT_EQ(cardrt_game_use_ability(t, 0, c, 0), CARDRT_OK);
    }
    ASSERT_EQ(cardrt_game_end_turn(t), CARDRT_OK);
    interp_log = t.text_log();
  }
  ASSERT_FALSE(interp_log.empty());
  for (OptLevel level : {OptLevel::O0, OptLevel::O1, OptLevel::O2, OptLevel::O3}) {
    auto e = make(eager(level, 2));
    auto l = make(lazy(level));
    ASSERT_TRUE(e && l);
    EXPECT_EQ(play_many(*e, m, kPlayed), interp_log) << cardc::codegen::opt_level_name(level);
    EXPECT_EQ(play_many(*l, m, kPlayed), interp_log) << cardc::codegen::opt_level_name(level);
  }
  for (auto* scenario : {&play_magistrate, &play_caster, &play_control_flow}) {
    const cardc::ir::Module hand = scenario == &play_magistrate ? magistrate_module()
                                   : scenario == &play_caster   ? caster_module()
                                                                : control_flow_module();
    cardc::Interpreter interp(hand);
    ASSERT_TRUE(interp.ok()) << interp.error();
    rt::TestGame t(rt::make_legends());
    ASSERT_EQ(interp.register_cards(t.pool()), CARDRT_OK);
    const std::string expected = scenario(t);
    for (OptLevel level : {OptLevel::O1, OptLevel::O2, OptLevel::O3})
      EXPECT_EQ(play_with(eager(level), hand, scenario), expected) << cardc::codegen::opt_level_name(level);
  }
}

// An eager load that writes no cache interprets its register function instead of compiling it: the register
// function is a module of its own that ORC compiles only when the entry point is looked up.
TEST(JitEager, WithoutACacheTheRegisterFunctionIsInterpretedAndCompiledOnlyWhenLookedUp) {
  const cardc::ir::Module m = many_cards_module(600);
  auto jit = make(eager(OptLevel::O2, 2));
  ASSERT_TRUE(jit);
  const std::string log = play_many(*jit, m, kPlayed);
  ASSERT_FALSE(log.empty());
  const uint64_t partitions = jit->stats().partitions;
  EXPECT_GE(partitions, 3u);
  EXPECT_EQ(jit->stats().modules_compiled, partitions);  // partition 0 holds the identity only
  auto id = jit->add(m);
  ASSERT_TRUE(id) << id.error();
  auto entry = jit->lookup(*id, CARDRT_LIBRARY_ENTRY);
  ASSERT_TRUE(entry) << entry.error();
  EXPECT_EQ(jit->stats().modules_compiled, 2 * partitions + 1);  // the second set's partitions and its entry
  rt::TestGame t(rt::make_legends());
  EXPECT_EQ(reinterpret_cast<cardrt_library_register_fn>(*entry)(t.pool()), CARDRT_OK);
  EXPECT_EQ(cardrt_cardpool_count(t.pool()), 600);
  // With a cache, the register function is compiled (into partition 0) and cached with the rest.
  TempDir dir;
  auto cached = make(eager(OptLevel::O2, 2, dir.path()));
  ASSERT_TRUE(cached);
  EXPECT_EQ(play_many(*cached, m, kPlayed), log);
  EXPECT_EQ(cached->stats().modules_compiled, cached->stats().partitions);
  EXPECT_EQ(cached->stats().cache_written, cached->stats().partitions);
}

// ---------------------------------------------------------------- parallel

TEST(JitParallel, PartitionsCompiledOnTwoThreadsAreTheSerialObjectsByteForByte) {
  const cardc::ir::Module m = many_cards_module(1000);
  TempDir serial_dir, parallel_dir;
  std::string serial_log, parallel_log;
  uint64_t partitions = 0;
  {
    auto jit = make(eager(OptLevel::O2, 1, serial_dir.path()));
    ASSERT_TRUE(jit);
    serial_log = play_many(*jit, m, kPlayed);
    partitions = jit->stats().partitions;
    EXPECT_GE(partitions, 4u);  // the register function, then chunks of the 1000 effects
    EXPECT_EQ(jit->stats().modules_compiled, partitions);
  }
  {
    auto jit = make(eager(OptLevel::O2, 2, parallel_dir.path()));
    ASSERT_TRUE(jit);
    parallel_log = play_many(*jit, m, kPlayed);
    EXPECT_EQ(jit->stats().partitions, partitions);
    EXPECT_EQ(jit->stats().modules_compiled, partitions);
  }
  ASSERT_FALSE(serial_log.empty());
  EXPECT_EQ(parallel_log, serial_log);
  const auto serial = files_in(serial_dir.path()), parallel = files_in(parallel_dir.path());
  EXPECT_EQ(serial.size(), partitions);
  EXPECT_TRUE(serial == parallel) << "the objects of a parallel compile differ from the serial ones";
}

TEST(JitParallel, SameLogAsSinglePartitionHandBuiltCards) {
  JitOptions o = eager(OptLevel::O2, 0);  // one thread per core
  EXPECT_EQ(play_with(o, magistrate_module(), &play_magistrate),
            play_with(eager(OptLevel::O2), magistrate_module(), &play_magistrate));
  EXPECT_EQ(play_with(o, caster_module(), &play_caster), play_with(eager(OptLevel::O0), caster_module(), &play_caster));
}

// A Jit with compile threads destroyed right after its first lookup: ORC may still be finishing a materialization
// on a compile thread then (the runtime's absolute symbols: the partitions' links needed them resolved, not
// emitted). With LLJIT's own compile threads (LLVM 19) that task outlived the session: "JIT session error: Resource
// tracker ... became defunct", then heap corruption (jit.cpp, CompileThreads). The task has to be descheduled at the
// wrong moment, so it takes a busy machine and many Jits. From the cache (all rounds but the first) the partitions
// are only linked, so the lookup is answered soonest after the runtime's symbols are resolved. The session errors ORC
// reports go to stderr, so they are checked too.
TEST(JitParallel, DestroyedRightAfterTheFirstLookupWhileThreadsFinish) {
  const cardc::ir::Module m = magistrate_module();
  TempDir dir;
  testing::internal::CaptureStderr();
  for (int round = 0; round < 500; ++round) {
    auto jit = make(eager(OptLevel::O0, 2, dir.path()));
    ASSERT_TRUE(jit);
    auto id = jit->add(m);
    ASSERT_TRUE(id) << id.error();
    auto entry = jit->lookup(*id, CARDRT_LIBRARY_ENTRY);
    ASSERT_TRUE(entry) << entry.error();
  }
  const std::string errors = testing::internal::GetCapturedStderr();
  EXPECT_EQ(errors.find("JIT session error"), std::string::npos) << errors;
}

// ---------------------------------------------------------------- object cache

TEST(JitCache, SecondLoadDoesNoCodegenAndBehavesTheSame) {
  const cardc::ir::Module m = many_cards_module(600);
  TempDir dir;
  std::string first_log;
  uint64_t partitions = 0;
  {
    auto jit = make(eager(OptLevel::O2, 2, dir.path()));
    ASSERT_TRUE(jit);
    first_log = play_many(*jit, m, kPlayed);
    const auto s = jit->stats();
    partitions = s.partitions;
    EXPECT_EQ(s.cache_hits, 0u);
    EXPECT_EQ(s.cache_misses, partitions);
    EXPECT_EQ(s.modules_compiled, partitions);
    EXPECT_EQ(s.cache_written, partitions);
  }
  ASSERT_FALSE(first_log.empty());
  auto jit = make(eager(OptLevel::O2, 2, dir.path()));
  ASSERT_TRUE(jit);
  EXPECT_EQ(play_many(*jit, m, kPlayed), first_log);
  const auto s = jit->stats();
  EXPECT_EQ(s.cache_hits, partitions);
  EXPECT_EQ(s.cache_misses, 0u);
  EXPECT_EQ(s.modules_compiled, 0u);  // no code generation at all
  EXPECT_EQ(s.cache_written, 0u);
}

TEST(JitCache, CorruptOrTruncatedEntriesAreIgnoredAndRebuilt) {
  const cardc::ir::Module m = many_cards_module(600);
  TempDir dir;
  std::string first_log;
  {
    auto jit = make(eager(OptLevel::O0, 1, dir.path()));
    ASSERT_TRUE(jit);
    first_log = play_many(*jit, m, kPlayed);
  }
  auto entries = files_in(dir.path());
  ASSERT_GE(entries.size(), 3u);
  auto it = entries.begin();
  const std::string flipped = dir.file(it->first);
  std::string bytes = it->second;
  bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x40);  // a bit flip inside the object
  write_file(flipped, bytes);
  ++it;
  const std::string truncated = dir.file(it->first);
  write_file(truncated, it->second.substr(0, it->second.size() - 100));
  ++it;
  const std::string garbage = dir.file(it->first);
  write_file(garbage, "not an object at all");

  auto jit = make(eager(OptLevel::O0, 1, dir.path()));
  ASSERT_TRUE(jit);
  EXPECT_EQ(play_many(*jit, m, kPlayed), first_log);
  const auto s = jit->stats();
  EXPECT_EQ(s.cache_rejected, 3u);
  EXPECT_EQ(s.cache_misses, 3u);
  EXPECT_EQ(s.modules_compiled, 3u);  // only the three damaged partitions
  EXPECT_EQ(s.cache_hits, s.partitions - 3);
  EXPECT_EQ(s.cache_written, 3u);
  EXPECT_TRUE(files_in(dir.path()) == files_in(dir.path()));
  EXPECT_EQ(read_file(truncated), entries[fs::path(truncated).filename().string()]);  // rewritten whole
}

TEST(JitCache, KeyCoversTheModuleAndTheOptions) {
  TempDir dir;
  auto load = [&](const cardc::ir::Module& m, OptLevel level) {
    auto jit = make(eager(level, 1, dir.path()));
    EXPECT_TRUE(jit);
    if (!jit) return cardc::JitStats{};
    play_many(*jit, m, {0, 1});
    return jit->stats();
  };
  EXPECT_EQ(load(many_cards_module(300), OptLevel::O0).cache_hits, 0u);
  EXPECT_EQ(load(many_cards_module(300), OptLevel::O0).modules_compiled, 0u);
  EXPECT_EQ(load(many_cards_module(300), OptLevel::O2).cache_hits, 0u);             // another level
  EXPECT_EQ(load(many_cards_module(300, "edited"), OptLevel::O0).cache_hits, 0u);   // another source
  cardc::ir::Module changed = many_cards_module(300);
  changed.functions[5].body.kids[2].kids[0].value = 1;  // other card code under the same source hash
  EXPECT_EQ(load(changed, OptLevel::O0).cache_hits, 0u);
}

// A module the compile pipeline made carries a source key (the set's and the profile's text): the cache keys it by
// that, with the options and the compiler's identity, instead of walking its functions. Another key is another
// entry; the same key loads the entry without any code generation.
TEST(JitCache, ModulesWithASourceKeyAreKeyedByIt) {
  TempDir dir;
  auto load = [&](const cardc::ir::Module& m) {
    auto jit = make(eager(OptLevel::O0, 1, dir.path()));
    EXPECT_TRUE(jit);
    if (!jit) return cardc::JitStats{};
    play_many(*jit, m, {0, 1});
    return jit->stats();
  };
  cardc::ir::Module keyed = many_cards_module(300);
  keyed.source_key = "set-text-one";
  EXPECT_EQ(load(keyed).cache_hits, 0u);
  cardc::JitStats again = load(keyed);
  EXPECT_EQ(again.modules_compiled, 0u);
  EXPECT_GT(again.cache_hits, 0u);
  cardc::ir::Module other = keyed;
  other.source_key = "set-text-two";  // another text: another entry
  EXPECT_EQ(load(other).cache_hits, 0u);
  cardc::ir::Module unkeyed = many_cards_module(300);  // no key: the functions are walked, another entry again
  EXPECT_EQ(load(unkeyed).cache_hits, 0u);
}

// A partition's object names its table of functions, not each function (what linking a cached set costs is
// mostly per symbol and per unwind entry): the functions are private, and lookup() by ir name still finds every
// one of them, compiled or loaded from the cache.
TEST(JitCache, PartitionsExportATableAndLookupStillFindsEveryFunction) {
  const cardc::ir::Module m = many_cards_module(600);
  TempDir dir;
  {
    auto jit = make(eager(OptLevel::O0, 1, dir.path()));
    ASSERT_TRUE(jit);
    EXPECT_FALSE(play_many(*jit, m, kPlayed).empty());
  }
  auto jit = make(eager(OptLevel::O0, 1, dir.path()));
  ASSERT_TRUE(jit);
  EXPECT_FALSE(play_many(*jit, m, kPlayed).empty());
  EXPECT_EQ(jit->stats().modules_compiled, 0u);
  for (const auto& f : m.functions) {
    auto addr = jit->lookup(0, f.name);
    ASSERT_TRUE(addr) << f.name << ": " << addr.error();
    EXPECT_NE(*addr, nullptr);
  }
  auto effect = jit->lookup(0, "card7_effect");
  auto other = jit->lookup(0, "card8_effect");
  ASSERT_TRUE(effect && other);
  EXPECT_NE(*effect, *other);
  EXPECT_FALSE(jit->lookup(0, "no_such_function"));

  if (std::system("command -v nm > /dev/null 2>&1") != 0) return;
  for (const auto& [name, bytes] : files_in(dir.path())) {
    const std::string object = dir.file("entry.o");
    write_file(object, bytes.substr(24));  // after the entry's header (object_cache.cpp)
    const std::string cmd = "nm '" + object + "' > '" + dir.file("nm.txt") + "'";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << name;
    const std::string symbols = read_file(dir.file("nm.txt"));
    EXPECT_EQ(symbols.find("_effect"), std::string::npos) << name << ":\n" << symbols;
    if (name.find(".0-of-") == std::string::npos) {
      EXPECT_NE(symbols.find("cardc.fns."), std::string::npos) << name << ":\n" << symbols;
    }
  }
}

TEST(JitCache, AnUnwritableCacheFolderOnlyCostsTheCache) {
  TempDir dir;
  write_file(dir.file("file"), "x");
  auto jit = make(eager(OptLevel::O0, 1, dir.file("file") + "/cache"));  // under a file: cannot be created
  ASSERT_TRUE(jit);
  const cardc::ir::Module m = many_cards_module(300);
  EXPECT_FALSE(play_many(*jit, m, {0}).empty());
  EXPECT_EQ(jit->stats().cache_written, 0u);
}

TEST(JitCache, DefaultFolder) {
  // The variables are restored afterwards: other tests in this process may read them.
  struct Saved {
    std::string name;
    bool set;
    std::string value;
  };
  std::vector<Saved> saved;
  for (const char* name : {"CARDC_CACHE_DIR", "XDG_CACHE_HOME", "HOME"}) {
    const char* v = std::getenv(name);
    saved.push_back({name, v != nullptr, v ? v : ""});
  }
  ::setenv("CARDC_CACHE_DIR", "/tmp/x-cardc", 1);
  ::setenv("XDG_CACHE_HOME", "/tmp/xdg", 1);
  EXPECT_EQ(cardc::default_cache_dir(), "/tmp/x-cardc");
  ::unsetenv("CARDC_CACHE_DIR");
  EXPECT_EQ(cardc::default_cache_dir(), "/tmp/xdg/cardc");
  ::unsetenv("XDG_CACHE_HOME");
  ::setenv("HOME", "/home/someone", 1);
  EXPECT_EQ(cardc::default_cache_dir(), "/home/someone/.cache/cardc");
  for (const Saved& s : saved) {
    if (s.set) ::setenv(s.name.c_str(), s.value.c_str(), 1);
    else ::unsetenv(s.name.c_str());
  }
}

// ---------------------------------------------------------------- card libraries in partitions

TEST(LibraryParallel, ALargeLibraryIsTheSameOnOneAndTwoThreadsAndPlaysLikeTheJit) {
  const cardc::ir::Module m = many_cards_module(1000);  // 1,000 effects: compiled as partitions
  TempDir dir;
  cardc::codegen::EmitOptions o;
  o.opt = OptLevel::O2;
  o.jobs = 1;
  ASSERT_TRUE(cardc::codegen::write_library(m, dir.file("serial.so"), o).ok());
  o.jobs = 2;
  ASSERT_TRUE(cardc::codegen::write_library(m, dir.file("parallel.so"), o).ok());
  EXPECT_TRUE(read_file(dir.file("serial.so")) == read_file(dir.file("parallel.so")))
      << "a library built on two threads differs from the one built on one";

  // The partitions' functions are hidden: the library still exports only its entry point and identity symbols.
  if (std::system("command -v nm > /dev/null 2>&1") == 0) {
    const std::string cmd = "nm -D --defined-only " + dir.file("parallel.so") + " > " + dir.file("dynsym.txt");
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    const std::string dynsym = read_file(dir.file("dynsym.txt"));
    EXPECT_NE(dynsym.find("cardrt_library_register"), std::string::npos) << dynsym;
    EXPECT_EQ(dynsym.find("card0_effect"), std::string::npos) << dynsym;
    EXPECT_EQ(dynsym.find("card999_effect"), std::string::npos) << dynsym;
    EXPECT_EQ(dynsym.find("cardc.register."), std::string::npos) << dynsym;  // the register function's pieces
  }

  auto jit = make(eager(OptLevel::O2));
  ASSERT_TRUE(jit);
  const std::string jit_log = play_many(*jit, m, kPlayed);
  ASSERT_FALSE(jit_log.empty());

  rt::TestGame t(rt::make_legends());
  char error[512] = {};
  ASSERT_EQ(
      cardrt_library_load_trusted(t.pool(), dir.file("parallel.so").c_str(), nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED,
                                  "legends", "bench-profile", nullptr, error, sizeof error),
      CARDRT_OK)
      << error;
  EXPECT_EQ(cardrt_cardpool_count(t.pool()), 1000);
  t.start();
  ASSERT_EQ(cardrt_game_begin_turn(t, 0), CARDRT_OK);
  for (int i : kPlayed) {
    const int32_t c = t.play(cardrt_cardpool_find(t.pool(), ("Card " + std::to_string(i)).c_str()), 0);
    EXPECT_EQ(cardrt_game_use_ability(t, 0, c, 0), CARDRT_OK);
  }
  EXPECT_EQ(cardrt_game_end_turn(t), CARDRT_OK);
  EXPECT_EQ(t.text_log(), jit_log);
}
