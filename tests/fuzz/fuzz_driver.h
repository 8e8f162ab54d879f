#pragma once
// An in-process fuzzing driver for code that includes ANTLR or LLVM headers, which clang's libFuzzer cannot build
// here (ANTLR 4.9's headers need g++): it is built with g++ and the sanitizers (CARDC_SANITIZE=ON) and mutates a seed
// corpus deterministically. A crash aborts under ASan/UBSan; the input being run is always on disk first
// (fuzz-out/TARGET/current), so the crash is reproducible: `cardc_fuzz TARGET --replay FILE` (or a folder of inputs).
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cardc::fuzz {

struct Target {
  std::string name;
  std::vector<std::string> seeds;  // files whose contents start the corpus
  std::vector<std::string> dict;   // words of the language, spliced in by the mutator
  // Runs one input; returns a "signature" (e.g. the diagnostic names seen) used to keep novel inputs.
  std::function<uint64_t(std::string_view input)> run;
};

int fuzz_main(int argc, char** argv, const std::vector<Target>& targets);

}  // namespace cardc::fuzz
