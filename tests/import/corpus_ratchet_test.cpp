// The whole Oracle of the Void corpus (../shared/corpora/l5r-oracle, or $CARDC_L5R_CORPUS), when present:
// every card is either written or reported (none dropped), and the share of cards that check clean does not fall
// more than 2 points below the figure recorded in tests/import/coverage_ratchet.txt (quoted by docs/coverage.md).
// Skipped, saying so, when the corpus is absent.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "driver/check_command.h"
#include "import/coverage.h"
#include "import/import_command.h"

namespace cardc::import {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

fs::path corpus_dir() {
  if (const char* env = std::getenv("CARDC_L5R_CORPUS"); env && *env) return env;
  return fs::path(CARDC_SOURCE_DIR) / ".." / "shared" / "corpora" / "l5r-oracle";
}

// `KEY N` from the ratchet file ('#' starts a comment): clean_percent, compiled_percent.
double recorded_percent(const std::string& wanted) {
  std::istringstream in(read(fs::path(CARDC_SOURCE_DIR) / "tests" / "import" / "coverage_ratchet.txt"));
  std::string line;
  while (std::getline(in, line)) {
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    std::string key;
    double value;
    if (words >> key >> value && key == wanted) return value;
  }
  return -1;
}

TEST(CorpusRatchet, ImportAndCheckTheCorpus) {
  fs::path corpus = corpus_dir();
  std::error_code ec;
  if (!fs::is_directory(corpus, ec))
    GTEST_SKIP() << "corpus not present at " << corpus.string() << " (set CARDC_L5R_CORPUS to its folder)";

  fs::path tmp = fs::temp_directory_path() / ("cardc_corpus_ratchet_" + std::to_string(::getpid()));
  fs::remove_all(tmp, ec);
  ImportOptions io;
  io.inputs = {corpus.string()};
  io.out_dir = (tmp / "cards").string();
  io.report = (tmp / "import.json").string();
  std::ostringstream import_out, import_err;
  int import_code = run_import(io, import_out, import_err);
  ASSERT_NE(import_code, 2) << import_err.str();
  std::cout << import_out.str();

  // Zero dropped: every entry of every export file is either written or reported.
  auto report = nlohmann::json::parse(read(tmp / "import.json"));
  size_t entries = 0;
  for (const auto& e : fs::directory_iterator(corpus))
    if (e.path().extension() == ".json") {
      auto doc = nlohmann::json::parse(read(e.path()));
      ASSERT_TRUE(doc.is_array()) << e.path();
      entries += doc.size();
    }
  size_t written = report["summary"]["written"], not_converted = report["summary"]["not_converted"];
  EXPECT_EQ(report["summary"]["cards"].get<size_t>(), entries);
  EXPECT_EQ(written + not_converted, entries);
  size_t stderr_lines = 0;
  for (char c : import_err.str()) stderr_lines += c == '\n';
  EXPECT_EQ(stderr_lines, not_converted) << "every card not converted is named on stderr";

  CheckOptions co;
  co.paths = {(tmp / "cards").string()};
  co.profile_dirs = {(fs::path(CARDC_SOURCE_DIR) / "cards").string()};
  co.format = "json";
  co.color = "never";
  co.compile = true;  // the compiled share ratchets too
  std::ostringstream check_out, check_err;
  int check_code = run_check(co, check_out, check_err);
  ASSERT_NE(check_code, 2) << check_err.str();
  auto check = nlohmann::json::parse(check_out.str());
  EXPECT_EQ(check["summary"]["cards"].get<size_t>(), written) << "the written files hold every written card";

  Coverage c;
  c.corpus = corpus.string();
  std::string error;
  ASSERT_TRUE(compute_coverage(read(tmp / "import.json"), check_out.str(), c, error)) << error;
  std::cout << coverage_text(c, 10);
  // Each figure may fall at most 2 points below the one recorded (a ratchet: coverage only goes up).
  auto ratchet = [](const char* key, const char* what, double now) {
    double recorded = recorded_percent(key);
    ASSERT_GE(recorded, 0) << "tests/import/coverage_ratchet.txt has no " << key << " line";
    EXPECT_GE(now + 1e-9, recorded - 2.0)
        << "the " << what << " share fell from the recorded " << recorded << "% to " << now
        << "%: fix the regression, or record the new figure in tests/import/coverage_ratchet.txt and "
           "docs/coverage.md with the reason";
  };
  ratchet("clean_percent", "clean", c.clean_percent());
  ratchet("compiled_percent", "compiled", c.compiled_percent());
  fs::remove_all(tmp, ec);
}

}  // namespace
}  // namespace cardc::import
