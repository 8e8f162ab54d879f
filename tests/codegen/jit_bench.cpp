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
#include "many_cards.h"
#include "modules.h"
#include "test_support.hpp"

using namespace cardc;
using namespace cardc::ir;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

Module bench_module(int n) { return cgtest::many_cards_module(n); }

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
      if (cardrt_library_load_trusted(game2.pool(), dir.file("bench.so").c_str(), nullptr, 0,
                                      CARDRT_LIBRARY_ALLOW_UNSIGNED, "legends", "bench-profile", nullptr, error,
                                      sizeof error) != CARDRT_OK)
        return std::fprintf(stderr, "%s\n", error), 1;
      load.push_back(ms_since(t));
    }
    std::printf("%-5s %10.1f %10.1f %10.2f %10.1f | %12.1f %10.2f\n", codegen::opt_level_name(level), median(add),
                median(gen), median(reg), median(total), median(lib), median(load));
  }
  return 0;
}
