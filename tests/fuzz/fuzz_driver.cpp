#include "fuzz_driver.h"
#include "base/read_file.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <unistd.h>

#ifdef CARDC_COVERAGE
extern "C" void __gcov_reset(void);  // libgcov: zero the counters (GCC 11+)
#endif

namespace cardc::fuzz {

namespace {

namespace fs = std::filesystem;


// xorshift64*: the mutations are the same for the same --seed everywhere.
struct Rng {
  uint64_t s;
  uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545F4914F6CDD1Dull;
  }
  size_t below(size_t n) { return n ? static_cast<size_t>(next() % n) : 0; }
};

std::string mutate(std::string in, Rng& r, const std::vector<std::string>& dict, const std::vector<std::string>& corpus) {
  size_t steps = 1 + r.below(4);
  for (size_t k = 0; k < steps; ++k) {
    size_t pos = r.below(in.size() + 1);
    switch (r.below(9)) {
      case 0:  // flip a bit
        if (!in.empty()) in[r.below(in.size())] ^= static_cast<char>(1u << r.below(8));
        break;
      case 1:  // a random byte
        if (!in.empty()) in[r.below(in.size())] = static_cast<char>(r.below(256));
        break;
      case 2:  // insert bytes
        in.insert(pos, std::string(1 + r.below(8), static_cast<char>(r.below(256))));
        break;
      case 3:  // delete a range
        if (!in.empty()) in.erase(r.below(in.size()), 1 + r.below(32));
        break;
      case 4:  // duplicate a range (deep nesting, long lines)
        if (!in.empty()) {
          size_t a = r.below(in.size());
          std::string piece = in.substr(a, 1 + r.below(64));
          for (size_t n = 1 + r.below(8); n > 0; --n) in.insert(pos, piece);
        }
        break;
      case 5:
      case 6:  // a word of the language
        if (!dict.empty()) in.insert(pos, dict[r.below(dict.size())]);
        break;
      case 7:  // splice another input
        if (!corpus.empty()) {
          const std::string& other = corpus[r.below(corpus.size())];
          if (!other.empty()) in.insert(pos, other.substr(r.below(other.size()), 1 + r.below(256)));
        }
        break;
      case 8:  // truncate
        in.resize(pos);
        break;
    }
    if (in.size() > (1u << 20)) in.resize(1u << 20);
  }
  return in;
}

std::string current_path;

void on_alarm(int) {
  // A hang: the input is on disk already; abort so the sanitizer runtime prints where it was.
  const char msg[] = "cardc_fuzz: the input took longer than the time limit (a hang); see fuzz-out/*/current\n";
  ssize_t ignored = ::write(2, msg, sizeof msg - 1);
  (void)ignored;
  std::abort();
}

void write_current(const std::string& data) {
  std::ofstream(current_path, std::ios::binary | std::ios::trunc) << data;
}

}  // namespace

int fuzz_main(int argc, char** argv, const std::vector<Target>& targets) {
  if (argc < 2) {
    std::cerr << "usage: cardc_fuzz TARGET [--seconds N] [--runs N] [--seed S] [--out DIR] [--seeds DIR] [--replay FILE|DIR]"
                 " [--time-limit SECONDS]\ntargets:";
    for (const auto& t : targets) std::cerr << " " << t.name;
    std::cerr << "\n";
    return 2;
  }
  const Target* target = nullptr;
  for (const auto& t : targets)
    if (t.name == argv[1]) target = &t;
  if (!target) {
    std::cerr << "cardc_fuzz: unknown target '" << argv[1] << "'\n";
    return 2;
  }
  double seconds = 10;
  uint64_t runs = UINT64_MAX, seed = 1;
  std::string out = "fuzz-out", replay, extra_seeds;
  unsigned time_limit = 10;
  for (int i = 2; i + 1 < argc; i += 2) {
    std::string k = argv[i], v = argv[i + 1];
    if (k == "--seconds") seconds = std::stod(v);
    else if (k == "--runs") runs = std::stoull(v);
    else if (k == "--seed") seed = std::stoull(v);
    else if (k == "--out") out = v;
    else if (k == "--replay") replay = v;
    else if (k == "--time-limit") time_limit = static_cast<unsigned>(std::stoul(v));
    else if (k == "--seeds") extra_seeds = v;
    else {
      std::cerr << "cardc_fuzz: unknown option '" << k << "'\n";
      return 2;
    }
  }
#ifdef CARDC_COVERAGE
  // Building every target's seeds ran code of other targets: count only what this target runs from here on.
  __gcov_reset();
#endif
  if (!replay.empty()) {
    // A file, or every file of a folder in name order (a kept corpus, e.g. for coverage).
    std::vector<std::string> inputs;
    std::error_code ec;
    if (fs::is_directory(replay, ec)) {
      for (fs::directory_iterator it(replay, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file()) inputs.push_back(it->path().string());
      std::sort(inputs.begin(), inputs.end());
    } else {
      inputs.push_back(replay);
    }
    size_t bytes = 0;
    for (const auto& path : inputs) {
      std::string data = read_file(path);
      bytes += data.size();
      target->run(data);
    }
    std::cout << "replayed " << replay << " (" << inputs.size() << " inputs, " << bytes << " bytes): no crash\n";
    return 0;
  }
  fs::create_directories(fs::path(out) / target->name);
  current_path = (fs::path(out) / target->name / "current").string();
  std::signal(SIGALRM, on_alarm);

  std::vector<std::string> corpus;
  for (const auto& s : target->seeds) corpus.push_back(read_file(s));
  if (!extra_seeds.empty()) {
    std::error_code ec;
    for (fs::directory_iterator it(extra_seeds, ec), end; !ec && it != end; it.increment(ec))
      if (it->is_regular_file()) corpus.push_back(read_file(it->path().string()));
  }
  if (corpus.empty()) corpus.push_back({});
  std::set<uint64_t> signatures;
  for (const auto& c : corpus) {
    write_current(c);
    alarm(time_limit);
    signatures.insert(target->run(c));
    alarm(0);
  }
  Rng rng{seed * 0x9E3779B97F4A7C15ull + 1};
  auto start = std::chrono::steady_clock::now();
  uint64_t execs = 0;
  size_t largest = 0;
  while (execs < runs) {
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (elapsed >= seconds) break;
    std::string input = mutate(corpus[rng.below(corpus.size())], rng, target->dict, corpus);
    write_current(input);
    alarm(time_limit);
    uint64_t sig = target->run(input);
    alarm(0);
    ++execs;
    largest = std::max(largest, input.size());
    // Keep inputs that reach a behaviour not seen before (a crude, uninstrumented stand-in for coverage).
    if (signatures.insert(sig).second && corpus.size() < 4096) corpus.push_back(std::move(input));
  }
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "fuzz " << target->name << ": " << execs << " executions in " << elapsed << " s ("
            << (elapsed > 0 ? static_cast<uint64_t>(static_cast<double>(execs) / elapsed) : 0) << "/s), "
            << signatures.size() << " distinct behaviours, corpus " << corpus.size() << ", largest input " << largest
            << " bytes, no crash\n";
  std::remove(current_path.c_str());
  return 0;
}

}  // namespace cardc::fuzz
