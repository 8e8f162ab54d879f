// The language server's check after one keystroke in a large set (tools/set_checker.h), against a full check of
// the same text in the same run (docs/performance.md "Language server"). Issue 22: under 20 ms a keystroke on a
// 2,000-card file.
#include <benchmark/benchmark.h>

#include "synthetic_set.h"
#include "tools/set_checker.h"

namespace {

using namespace cardc;

// The synthetic legends set, placed beside the bundled legends profile so that the checker finds it.
const std::string& set_path() {
  static const std::string path = std::string(CARDC_SOURCE_DIR) + "/cards/legends/bench_keystroke.cards";
  return path;
}

// Two versions of the set, one letter apart in one card's text, half way down: a keystroke and its undo.
struct Texts {
  std::string before, after;
  explicit Texts(size_t cards) {
    before = bench::synthetic_legends_set(cards, 42);
    size_t card = before.find("\ncard ", before.size() / 2);
    size_t line = before.find("\n    ", before.find("\n  text", card)) + 5;  // its first line of text
    after = before.substr(0, line + 3) + "x" + before.substr(line + 3);
  }
};

void BM_FullCheck(benchmark::State& state) {
  Texts t(static_cast<size_t>(state.range(0)));
  size_t diags = 0;
  for (auto _ : state) {
    tools::SetChecker checker({}, nullptr);  // nothing kept: the whole set parsed and checked
    auto doc = checker.check(set_path(), t.after);
    if (!doc->profile()) state.SkipWithError("the legends profile was not found");
    diags = doc->diags.all().size();
    benchmark::DoNotOptimize(doc.get());
  }
  state.counters["diagnostics"] = static_cast<double>(diags);
}

void BM_Keystroke(benchmark::State& state) {
  Texts t(static_cast<size_t>(state.range(0)));
  tools::SetChecker checker({}, nullptr);
  checker.check(set_path(), t.before);
  bool typed = false;
  size_t checked = 0;
  for (auto _ : state) {
    typed = !typed;
    auto doc = checker.check(set_path(), typed ? t.after : t.before);
    checked = doc->cards_checked;
    benchmark::DoNotOptimize(doc.get());
  }
  state.counters["cards_checked"] = static_cast<double>(checked);
}

BENCHMARK(BM_FullCheck)->Arg(2000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Keystroke)->Arg(2000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
