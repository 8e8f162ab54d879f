// Parse + check throughput of the front end, in cards per second, against a baseline measured in the same run
// (a plain scan of the same bytes for line breaks: the cost of touching the input at all).
#include <benchmark/benchmark.h>

#include <malloc.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "bind/check_binding.h"
#include "parse/parser.h"
#include "base/read_file.h"
#include "profile/load_profile.h"
#include "sema/pipeline.h"
#include "synthetic_set.h"

namespace {

using namespace cardc;


struct Profile {
  SourceManager sm;
  DiagnosticEngine diags{sm};
  std::unique_ptr<ast::ProfileFile> file;
  std::unique_ptr<GameProfile> model;
  Profile() {
    FileId f = sm.add("legends.game", read_file(std::string(CARDC_SOURCE_DIR) + "/cards/legends/legends.game"));
    file = parse_profile(sm, f, diags);
    if (file) model = load_profile(*file, diags);
  }
};

void check_text(const std::string& text, const GameProfile& profile, benchmark::State& state,
                bool antlr_only = false) {
  SourceManager sm;
  DiagnosticEngine diags(sm);
  FileId f = sm.add("bench.cards", text);
  // Heap held by the AST (malloc's in-use bytes before and after parsing, as load_bench measures it).
  const size_t before = mallinfo2().uordblks;
  ParseLimits limits;
  limits.antlr_only = antlr_only;
  auto set = parse_card_set(sm, f, diags, limits);
  const size_t after = mallinfo2().uordblks;
  if (set && !set->cards.empty())
    state.counters["ast_B_per_card"] = static_cast<double>(after - before) / static_cast<double>(set->cards.size());
  if (!set) {
    state.SkipWithError("parse failed");
    return;
  }
  CheckContext ctx{sm, profile, *set, diags, {}};
  check_card_set(ctx);  // what `cardc check` does: the semantic passes, then the binding (bind/check_binding.h)
  benchmark::DoNotOptimize(ctx.readings.data());
  state.counters["errors"] = static_cast<double>(diags.errors());
}

void BM_ScanBytesBaseline(benchmark::State& state) {
  std::string text = bench::synthetic_legends_set(static_cast<size_t>(state.range(0)), 42);
  for (auto _ : state) {
    size_t lines = 0;
    for (const char* p = text.data(); (p = static_cast<const char*>(std::memchr(p, '\n', text.data() + text.size() - p)));
         ++p)
      ++lines;
    benchmark::DoNotOptimize(lines);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * state.range(0));
}

void BM_ParseAndCheckSynthetic(benchmark::State& state) {
  static Profile profile;
  if (!profile.model) {
    state.SkipWithError("legends profile did not load");
    return;
  }
  std::string text = bench::synthetic_legends_set(static_cast<size_t>(state.range(0)), 42);
  for (auto _ : state) check_text(text, *profile.model, state);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * state.range(0));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

// The same with every card parsed by ANTLR (the parser before the fast path of compiler/parse/fast_card.cpp).
void BM_ParseAndCheckSyntheticAntlrOnly(benchmark::State& state) {
  static Profile profile;
  if (!profile.model) {
    state.SkipWithError("legends profile did not load");
    return;
  }
  std::string text = bench::synthetic_legends_set(static_cast<size_t>(state.range(0)), 42);
  for (auto _ : state) check_text(text, *profile.model, state, true);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * state.range(0));
}

void BM_ParseAndCheckBundledLegends(benchmark::State& state) {
  static Profile profile;
  std::string text;
  size_t cards = 0;
  for (const auto& e : std::filesystem::directory_iterator(std::string(CARDC_SOURCE_DIR) + "/cards/legends")) {
    if (e.path().extension() != ".cards") continue;
    text = read_file(e.path().string());
    for (size_t p = 0; (p = text.find("\ncard ", p)) != std::string::npos; ++p) ++cards;
    break;
  }
  if (!profile.model || text.empty()) {
    state.SkipWithError("no bundled legends set");
    return;
  }
  for (auto _ : state) check_text(text, *profile.model, state);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * cards));
}

}  // namespace

BENCHMARK(BM_ScanBytesBaseline)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseAndCheckSynthetic)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseAndCheckSyntheticAntlrOnly)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseAndCheckBundledLegends)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
