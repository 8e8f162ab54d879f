// How long the JIT takes to compile a card set: a module of N small effect functions (one card each, plus the
// register function that defines them), at -O0 and -O2. A measurement for docs/codegen.md, not a test:
//   build/tests/codegen/cardc_jit_bench [--functions N] [--repeat R]
// Prints, per level, the median of R runs of: add (verify + lower + optimize), codegen (machine code and linking,
// at the first lookup), register (the entry point defining N cards in a pool), then writing the same module as a
// card library (cc -shared) and loading it with cardrt_library_load.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cardrt/cardrt.h"
#include "codegen/emit.h"
#include "codegen/jit.h"
#include "ir/ir.h"
#include "modules.h"
#include "test_support.hpp"

using namespace cardc;
using namespace cardc::ir;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Card i: "If you have at least i%5 Gold, gain i%3+1 Family Honor; otherwise this Personality gets +2*(i%4) Force
// until the end of the turn."
Module bench_module(int n) {
  Module m;
  m.game = "legends";
  m.profile_hash = "bench-profile";
  m.source_hash = "bench-source";
  auto game = [] { return param(0); };
  auto ctx = [] { return param(1); };
  for (int i = 0; i < n; ++i) {
    Function f;
    f.name = "card" + std::to_string(i) + "_effect";
    f.kind = FnKind::Effect;
    f.locals = 1;
    f.body = block({
        let(0, call("cardrt_ctx_controller", {game(), ctx()})),
        if_(binary(Op::Ge, call("cardrt_resource_get", {game(), local(0), konst(0)}), konst(i % 5)),
            block({eval(call("cardrt_gain_resource",
                             {game(), ctx(), local(0), konst(1), binary(Op::Add, konst(i % 3), konst(1))}))}),
            block({eval(call("cardrt_stat_modify", {game(), ctx(), call("cardrt_ctx_source", {game(), ctx()}),
                                                    konst(0), binary(Op::Mul, konst(2), konst(i % 4)),
                                                    konst(CARDRT_DUR_END_OF_TURN)}))})),
        ret(konst(CARDRT_OK)),
    });
    m.functions.push_back(std::move(f));
  }
  Function reg;
  reg.name = "register_cards";
  reg.kind = FnKind::Register;
  reg.locals = 2;
  std::vector<Node> body;
  for (int i = 0; i < n; ++i) {
    body.push_back(let(0, call("cardrt_def_card", {param(0), str("Card " + std::to_string(i)), str("Personality")})));
    body.push_back(if_(binary(Op::Lt, local(0), konst(0)), block({ret(local(0))})));
    body.push_back(eval(call("cardrt_def_stat", {param(0), local(0), str("Force"), konst(CARDRT_BASE_VALUE), konst(i % 4)})));
    body.push_back(eval(call("cardrt_def_stat", {param(0), local(0), str("Chi"), konst(CARDRT_BASE_VALUE), konst(2)})));
    body.push_back(let(1, call("cardrt_def_ability", {param(0), local(0), konst(CARDRT_AB_ACTION), konst(0), str(""),
                                                      konst(0)})));
    body.push_back(eval(call("cardrt_def_ability_fn", {param(0), local(0), local(1), konst(CARDRT_FN_EFFECT), fn_ref(i)})));
  }
  body.push_back(ret(konst(CARDRT_OK)));
  reg.body = block(std::move(body));
  m.functions.push_back(std::move(reg));
  m.register_fn = n;
  return m;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int n = 1000, repeat = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--functions")) n = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--repeat")) repeat = std::atoi(argv[i + 1]);
  }
  if (n < 1 || repeat < 1) {
    std::fprintf(stderr, "usage: cardc_jit_bench [--functions N] [--repeat R]\n");
    return 2;
  }
  const Module m = bench_module(n);
  std::printf("module: %d effect functions + 1 register function (%d cards), median of %d runs\n", n, n, repeat);
  std::printf("%-5s %10s %10s %10s %10s | %12s %10s\n", "level", "add ms", "codegen ms", "register", "total ms",
              "write .so ms", "load ms");
  for (codegen::OptLevel level : {codegen::OptLevel::O0, codegen::OptLevel::O2}) {
    std::vector<double> add, gen, reg, total, lib, load;
    for (int r = 0; r < repeat; ++r) {
      const auto t0 = Clock::now();
      auto jit = Jit::create({level});
      if (!jit) return std::fprintf(stderr, "%s\n", jit.error().c_str()), 1;
      auto t = Clock::now();
      auto id = (*jit)->add(m);
      if (!id) return std::fprintf(stderr, "%s\n", id.error().c_str()), 1;
      add.push_back(ms_since(t));
      t = Clock::now();
      auto entry = (*jit)->lookup(*id, CARDRT_LIBRARY_ENTRY);
      if (!entry) return std::fprintf(stderr, "%s\n", entry.error().c_str()), 1;
      gen.push_back(ms_since(t));
      rt::TestGame game(rt::make_legends());
      t = Clock::now();
      auto result = (*jit)->register_cards(*id, game.pool());
      if (!result || cardrt_cardpool_count(game.pool()) != n) return std::fprintf(stderr, "register failed\n"), 1;
      reg.push_back(ms_since(t));
      total.push_back(ms_since(t0));

      cgtest::TempDir dir;
      codegen::EmitOptions o;
      o.opt = level;
      t = Clock::now();
      if (auto s = codegen::write_library(m, dir.file("bench.so"), o); !s)
        return std::fprintf(stderr, "%s\n", s.error().c_str()), 1;
      lib.push_back(ms_since(t));
      rt::TestGame game2(rt::make_legends());
      char error[512];
      t = Clock::now();
      if (cardrt_library_load(game2.pool(), dir.file("bench.so").c_str(), "legends", "bench-profile", nullptr, error,
                              sizeof error) != CARDRT_OK)
        return std::fprintf(stderr, "%s\n", error), 1;
      load.push_back(ms_since(t));
    }
    std::printf("%-5s %10.1f %10.1f %10.2f %10.1f | %12.1f %10.2f\n", codegen::opt_level_name(level), median(add),
                median(gen), median(reg), median(total), median(lib), median(load));
  }
  return 0;
}
