// Load time of large card sets (docs/performance.md "Code generation and loading"): synthetic legends sets of N
// cards (tests/bench/synthetic_set.cpp, seed 42) from their text to callable card code, through every loading
// path. A measurement, not a test (ctest runs it once on 300 cards to see that it works):
//   load_bench [--cards 1000,10000,50000] [--repeat 3] [--jobs 2] [--skip-so] [--write-set N FILE]
//              [--cache-opt 0..3] [--so-opt 0..3]
// --cache-opt / --so-opt: the level the object cache is filled at and the library written at (default 2, the
// figures of docs/performance.md; 0 makes a quick run while iterating on the load paths).
// Prints one line per (set size, measurement) with the median of the repeats, in a fixed format that
// scripts/load_figures.py reads (name=value pairs).
#include <malloc.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "bind/runtime_profile.h"
#include "codegen/emit.h"
#include "codegen/jit.h"
#include "driver/compile_pipeline.h"
#include "parse/parser.h"
#include "synthetic_set.h"

using namespace cardc;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

namespace {

double secs_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

std::vector<std::string> profile_dirs() { return {std::string(CARDC_SOURCE_DIR) + "/cards/legends"}; }

void report(size_t cards, const char* what, double value, const char* unit) {
  std::printf("cards=%zu %s=%.6g %s\n", cards, what, value, unit);
  std::fflush(stdout);
}

// Runs `fn` in a child process and returns the child's peak RSS in KB (the parent's memory is not counted
// beyond what fork shares).
long child_peak_rss_kb(const std::function<void()>& fn) {
  std::fflush(stdout);
  const pid_t pid = ::fork();
  if (pid == 0) {
    fn();
    std::_Exit(0);
  }
  int status = 0;
  struct rusage ru {};
  if (::wait4(pid, &status, 0, &ru) < 0) return -1;
  return ru.ru_maxrss;
}

// Calls the first effect function of the module through the JIT (in lazy mode: through its stub, which compiles
// it). The game has no cards in play and the context is null: the runtime refuses the call's handles and the
// effect returns an error code, which is all a first call needs to do here.
bool call_first_effect(Jit& jit, Jit::ModuleId id, const ir::Module& m, cardrt_game* game) {
  for (const auto& f : m.functions) {
    if (f.kind != ir::FnKind::Effect) continue;
    auto addr = jit.lookup(id, f.name);
    if (!addr) return std::fprintf(stderr, "%s\n", addr.error().c_str()), false;
    auto fn = reinterpret_cast<cardrt_effect_fn>(*addr);
    (void)fn(game, nullptr);
    return true;
  }
  return false;
}

// LOAD_BENCH_PHASES=lazy,eager,cache,so (default: all) selects what is measured after the front end (eager_o0 or
// eager_o2: the eager compiles at that level only);
// LOAD_BENCH_O0_ONLY leaves out the eager -O2 compiles; LOAD_BENCH_KEEP keeps the work folder (the object cache,
// the library).
bool phase(const char* name) {
  const char* p = std::getenv("LOAD_BENCH_PHASES");
  return !p || (std::string(",") + p + ",").find(std::string(",") + name + ",") != std::string::npos;
}

// Profiling one phase: `perf record -D -1 --control=fifo:CTL,ACK` with LOAD_BENCH_PERF_CTL=CTL and
// LOAD_BENCH_PERF_ACK=ACK records only the repeated loads (the lazy loads, the cached reloads, the library loads),
// not the front end or the compiles that prepare them.
void perf_control(const char* command) {
  const char* ctl = std::getenv("LOAD_BENCH_PERF_CTL");
  if (!ctl || !*ctl) return;
  if (FILE* f = std::fopen(ctl, "w")) {
    std::fprintf(f, "%s\n", command);
    std::fclose(f);
  }
  if (const char* ack = std::getenv("LOAD_BENCH_PERF_ACK"); ack && *ack)
    if (FILE* f = std::fopen(ack, "r")) {
      char line[16];
      (void)std::fgets(line, sizeof line, f);
      std::fclose(f);
    }
}

double cpu_now() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

struct Loaded {
  RuntimeProfile profile;
  cardrt_cardpool* pool = nullptr;
  cardrt_game* game = nullptr;
  ~Loaded() {
    if (game) cardrt_game_destroy(game);
    if (pool) cardrt_cardpool_destroy(pool);
  }
};

std::unique_ptr<Loaded> fresh_pool(const CompiledSet& set) {
  auto l = std::make_unique<Loaded>();
  std::string error;
  l->profile = make_runtime_profile(*set.profile, error);
  if (!l->profile) return nullptr;
  l->pool = cardrt_cardpool_create(l->profile.get());
  return l;
}

codegen::OptLevel cache_level = codegen::OptLevel::O2;  // --cache-opt
codegen::OptLevel so_level = codegen::OptLevel::O2;     // --so-opt

int run_size(size_t n, int repeat, unsigned jobs, bool skip_so, bool skip_serial_o2) {
  const std::string dir = (fs::temp_directory_path() / ("cardc-load-bench-" + std::to_string(::getpid()))).string();
  fs::create_directories(dir);
  const std::string path = dir + "/synthetic.cards";
  {
    std::ofstream out(path, std::ios::binary);
    out << bench::synthetic_legends_set(n, 42);
  }
  report(n, "set_bytes", static_cast<double>(fs::file_size(path)), "B");

  // ---- front end: parse + check (one core), memory
  std::vector<double> check_t, check_cpu;
  for (int r = 0; r < repeat; ++r) {
    auto t = Clock::now();
    const double c0 = cpu_now();
    auto checked = compile_set(path, profile_dirs(), /*bind=*/false);
    check_cpu.push_back(cpu_now() - c0);
    check_t.push_back(secs_since(t));
    if (!checked->checked) {
      std::fprintf(stderr, "the synthetic set has errors:\n");
      print_diagnostics(checked->sm, checked->diags, std::cerr);
      return 1;
    }
  }
  report(n, "parse_check_s", median(check_t), "s");
  report(n, "parse_check_cpu_s", median(check_cpu), "s");
  report(n, "parse_check_cards_per_cpu_s", static_cast<double>(n) / median(check_cpu), "cards/s");
  {
    // Heap held by the AST of the set (and its syntax diagnostics): malloc's in-use bytes before and after parsing.
    SourceManager sm;
    DiagnosticEngine diags(sm);
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    FileId f = sm.add(path, text.str());
    const size_t before = mallinfo2().uordblks;
    auto ast = parse_card_set(sm, f, diags);
    const size_t after = mallinfo2().uordblks;
    report(n, "ast_bytes_per_card", static_cast<double>(after - before) / static_cast<double>(n), "B");
  }

  // ---- front end to effect IR: the whole set as one module (the cards' registrations share the register
  // function's locals, so a set of any size stays under the IR's limit on locals)
  auto t_bind = Clock::now();
  const double c_bind = cpu_now();
  std::unique_ptr<CompiledSet> bound = compile_set(path, profile_dirs(), /*bind=*/true);
  if (!bound->checked) return std::fprintf(stderr, "the synthetic set has errors\n"), 1;
  const double bind_s = secs_since(t_bind);
  const double bind_cpu = cpu_now() - c_bind;
  const std::vector<double> bind_t = {bind_s};
  report(n, "parse_check_bind_s", bind_s, "s");
  report(n, "parse_check_bind_cpu_s", bind_cpu, "s");
  const size_t cards_compiled = bound->bound.cards_compiled;
  const CompiledSet* set = bound.get();
  // Shared, so that a lazy load keeps it instead of a copy (Jit::add).
  const auto shared = std::make_shared<const ir::Module>(std::move(bound->bound.module));
  const ir::Module& m = *shared;
  report(n, "functions", static_cast<double>(m.functions.size()), "");
  report(n, "cards_compiled", static_cast<double>(cards_compiled), "");

  // ---- lazy: time to the first effect (after the front end)
  if (phase("lazy")) {
    std::vector<double> add_t, reg_t, first_t, total_t, total_cpu, add_cpu, reg_cpu, first_cpu;
    perf_control("enable");
    for (int r = 0; r < repeat; ++r) {
      JitOptions o(std::getenv("LAZY_O0") ? codegen::OptLevel::O0 : codegen::OptLevel::O2);
      o.lazy = true;
      auto t0 = Clock::now();
      const double c0 = cpu_now();
      auto jit = Jit::create(o);
      if (!jit) return std::fprintf(stderr, "%s\n", jit.error().c_str()), 1;
      auto id = (*jit)->add(shared);
      if (!id) return std::fprintf(stderr, "%s\n", id.error().c_str()), 1;
      add_t.push_back(secs_since(t0));
      add_cpu.push_back(cpu_now() - c0);
      auto l = fresh_pool(*set);
      auto t = Clock::now();
      double c1 = cpu_now();
      auto rr = (*jit)->register_cards(*id, l->pool);
      if (!rr) return std::fprintf(stderr, "%s\n", rr.error().c_str()), 1;
      reg_t.push_back(secs_since(t));
      reg_cpu.push_back(cpu_now() - c1);
      if (r == 0) report(n, "lazy_modules_compiled_at_register", static_cast<double>((*jit)->stats().modules_compiled), "");
      l->game = cardrt_game_create(l->profile.get(), l->pool, 1, nullptr);
      t = Clock::now();
      c1 = cpu_now();
      if (!call_first_effect(**jit, *id, m, l->game)) return 1;
      first_t.push_back(secs_since(t));
      first_cpu.push_back(cpu_now() - c1);
      total_t.push_back(secs_since(t0));
      total_cpu.push_back(cpu_now() - c0);
    }
    perf_control("disable");
    report(n, "lazy_add_s", median(add_t), "s");
    report(n, "lazy_add_cpu_s", median(add_cpu), "s");
    report(n, "lazy_register_s", median(reg_t), "s");
    report(n, "lazy_register_cpu_s", median(reg_cpu), "s");
    report(n, "lazy_first_call_s", median(first_t), "s");
    report(n, "lazy_first_call_cpu_s", median(first_cpu), "s");
    report(n, "lazy_jit_total_s", median(total_t), "s");
    report(n, "lazy_jit_total_cpu_s", median(total_cpu), "s");
    report(n, "lazy_time_to_first_effect_s", median(bind_t) + median(total_t), "s");
    report(n, "lazy_time_to_first_effect_cpu_s", bind_cpu + median(total_cpu), "s");
  }

  // ---- eager: full compile, serial and parallel, -O0 and -O2
  for (codegen::OptLevel level : {codegen::OptLevel::O0, codegen::OptLevel::O2}) {
    if (!phase("eager") && !phase(level == codegen::OptLevel::O0 ? "eager_o0" : "eager_o2")) continue;
    if (level == codegen::OptLevel::O2 && std::getenv("LOAD_BENCH_O0_ONLY")) break;
    for (unsigned threads : {1u, jobs}) {
      if (threads == 1 && level == codegen::OptLevel::O2 && skip_serial_o2) continue;
      std::vector<double> total_t, total_cpu;
      for (int r = 0; r < (n >= 50000 ? 1 : repeat); ++r) {
        JitOptions o(level);
        o.jobs = threads;
        auto t0 = Clock::now();
        const double c0 = cpu_now();
        auto jit = Jit::create(o);
        if (!jit) return 1;
        auto id = (*jit)->add(m);
        if (!id) return std::fprintf(stderr, "%s\n", id.error().c_str()), 1;
        auto l = fresh_pool(*set);
        auto rr = (*jit)->register_cards(*id, l->pool);
        if (!rr) return std::fprintf(stderr, "%s\n", rr.error().c_str()), 1;
        total_t.push_back(secs_since(t0));
        total_cpu.push_back(cpu_now() - c0);
      }
      const std::string name = std::string("eager_") + codegen::opt_level_name(level) + "_jobs" +
                               std::to_string(threads) + "_s";
      report(n, name.c_str(), median(total_t), "s");
      report(n, (name.substr(0, name.size() - 2) + "_cpu_s").c_str(), median(total_cpu), "s");
    }
  }

  // ---- object cache: fill, then reload
  if (phase("cache")) {
    const std::string cache = dir + "/cache";
    JitOptions o(cache_level);
    o.jobs = jobs;
    o.cache_dir = cache;
    {
      // the first load with a cache (cardc run's default): compiles everything, the register function too
      auto t0 = Clock::now();
      const double c0 = cpu_now();
      auto jit = Jit::create(o);
      auto id = (*jit)->add(m);
      auto l = fresh_pool(*set);
      if (!id || !(*jit)->register_cards(*id, l->pool)) return 1;
      report(n, "cache_fill_s", secs_since(t0), "s");
      report(n, "cache_fill_cpu_s", cpu_now() - c0, "s");
      report(n, "cache_fill_register_pieces", static_cast<double>((*jit)->stats().register_pieces), "");
      if (cardrt_cardpool_count(l->pool) != static_cast<int32_t>(cards_compiled))
        return std::fprintf(stderr, "registered %d cards, expected %zu\n", cardrt_cardpool_count(l->pool), cards_compiled), 1;
    }
    std::vector<double> reload_t, reload_cpu;
    perf_control("enable");
    for (int r = 0; r < repeat; ++r) {
      auto t0 = Clock::now();
      const double c0 = cpu_now();
      auto jit = Jit::create(o);
      auto id = (*jit)->add(m);
      auto l = fresh_pool(*set);
      auto rr = (*jit)->register_cards(*id, l->pool);
      if (!id || !rr) return 1;
      reload_t.push_back(secs_since(t0));
      reload_cpu.push_back(cpu_now() - c0);
      const JitStats s = (*jit)->stats();
      if (s.modules_compiled != 0 || s.cache_hits != s.partitions) {
        std::fprintf(stderr, "the second load compiled %llu modules\n", static_cast<unsigned long long>(s.modules_compiled));
        return 1;
      }
    }
    perf_control("disable");
    report(n, "cache_reload_jit_s", median(reload_t), "s");
    report(n, "cache_reload_jit_cpu_s", median(reload_cpu), "s");
    report(n, "cache_reload_total_s", median(bind_t) + median(reload_t), "s");
    uint64_t bytes = 0;
    for (const auto& e : fs::directory_iterator(cache)) bytes += e.file_size();
    report(n, "cache_bytes", static_cast<double>(bytes), "B");
  }

  // ---- card library: write (-O2, one object, cc -shared) and load
  if (!skip_so && phase("so")) {
    codegen::EmitOptions eo;
    eo.opt = so_level;
    eo.jobs = jobs;
    const std::string so = dir + "/synthetic.so";
    auto t = Clock::now();
    if (auto s = codegen::write_library(m, so, eo); !s) return std::fprintf(stderr, "%s\n", s.error().c_str()), 1;
    report(n, (std::string("so_write_") + codegen::opt_level_name(so_level) + "_s").c_str(), secs_since(t), "s");
    std::vector<double> load_t, load_cpu;
    perf_control("enable");
    for (int r = 0; r < repeat; ++r) {
      auto l = fresh_pool(*set);
      char error[512];
      t = Clock::now();
      const double c0 = cpu_now();
      if (cardrt_library_load_trusted(l->pool, so.c_str(), nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED, "legends",
                                      set->profile_identity.c_str(), nullptr, error, sizeof error) != CARDRT_OK)
        return std::fprintf(stderr, "%s\n", error), 1;
      load_t.push_back(secs_since(t));
      load_cpu.push_back(cpu_now() - c0);
    }
    perf_control("disable");
    report(n, "so_load_s", median(load_t), "s");
    report(n, "so_load_cpu_s", median(load_cpu), "s");
    report(n, "so_bytes", static_cast<double>(fs::file_size(so)), "B");
  }
  std::error_code ec;
  if (std::getenv("LOAD_BENCH_KEEP")) std::fprintf(stderr, "kept %s\n", dir.c_str());  // to look at the cache
  else fs::remove_all(dir, ec);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<size_t> sizes = {1000, 10000, 50000};
  int repeat = 3;
  unsigned jobs = 2;
  bool skip_so = false, skip_serial_o2 = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--cards") {
      sizes.clear();
      std::stringstream s(next());
      for (std::string x; std::getline(s, x, ',');) sizes.push_back(std::stoul(x));
    } else if (a == "--repeat") {
      repeat = std::max(1, std::atoi(next().c_str()));
    } else if (a == "--jobs") {
      jobs = static_cast<unsigned>(std::max(1, std::atoi(next().c_str())));
    } else if (a == "--skip-so") {
      skip_so = true;
    } else if (a == "--skip-serial-o2") {
      skip_serial_o2 = true;
    } else if (a == "--cache-opt" || a == "--so-opt") {
      auto level = codegen::opt_level_from_int(std::atoi(next().c_str()));
      if (!level) return std::fprintf(stderr, "%s takes 0..3\n", a.c_str()), 2;
      (a == "--cache-opt" ? cache_level : so_level) = *level;
    } else if (a == "--write-set") {
      const size_t n = std::stoul(next());
      std::ofstream out(next(), std::ios::binary);
      out << bench::synthetic_legends_set(n, 42);
      return out ? 0 : 2;
    } else {
      std::fprintf(stderr,
                   "usage: load_bench [--cards N,N...] [--repeat R] [--jobs J] [--skip-so] [--skip-serial-o2] "
                   "[--write-set N FILE] [--cache-opt 0..3] [--so-opt 0..3]\n");
      return 2;
    }
  }
  // Peak RSS of parse + check, each in a child forked before this process holds anything large.
  for (size_t n : sizes) {
    const std::string path = (fs::temp_directory_path() / ("cardc-load-bench-rss-" + std::to_string(::getpid()))).string();
    {
      std::ofstream out(path, std::ios::binary);
      out << bench::synthetic_legends_set(n, 42);
    }
    const long base = child_peak_rss_kb([] {});
    const long peak = child_peak_rss_kb([&] { auto s = compile_set(path, profile_dirs(), false); });
    report(n, "check_peak_rss_mb", static_cast<double>(peak) / 1024.0, "MB");
    report(n, "check_rss_per_card_kb", static_cast<double>(peak - base) / static_cast<double>(n), "KB");
    fs::remove(path);
  }
  for (size_t n : sizes)
    if (int r = run_size(n, repeat, jobs, skip_so, skip_serial_o2); r != 0) return r;
  return 0;
}
