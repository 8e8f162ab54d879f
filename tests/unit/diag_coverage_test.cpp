// Every diagnostic has a golden test that makes it fire and one that stays clean, and a docs entry.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "diag/diagnostic.h"
#include "base/read_file.h"

namespace cardc {

namespace fs = std::filesystem;

namespace {
}  // namespace

// Golden tests: tests/check/diagnostics/<Name>/bad.{cards,game} expects [Name]; good.{cards,game} is clean.
// Diagnostics about files themselves (unreadable, binary, too large) are tested in cli_test.cpp instead.
TEST(DiagnosticCoverage, EveryDiagnosticHasABadAndAGoodTest) {
  fs::path root = fs::path(CARDC_SOURCE_DIR) / "tests";
  std::string cli = read_file(root / "unit" / "cli_test.cpp");
  std::vector<std::string> missing;
  for (size_t i = 0; i < static_cast<size_t>(DiagId::Count); ++i) {
    std::string name(diag_info(static_cast<DiagId>(i)).name);
    fs::path dir = root / "check" / "diagnostics" / name;
    std::string tag = "[" + name + "]";
    bool bad = false, good = false;
    for (const char* ext : {".cards", ".game"}) {
      if (fs::exists(dir / (std::string("bad") + ext)) && read_file(dir / (std::string("bad") + ext)).find(tag) != std::string::npos)
        bad = true;
      if (fs::exists(dir / (std::string("good") + ext))) good = true;
    }
    // A command-line test names the diagnostic in an expectation and has a passing counterpart.
    bool in_cli = cli.find("\"" + tag + "\"") != std::string::npos || cli.find(tag) != std::string::npos;
    if (!(bad && good) && !in_cli) missing.push_back(name);
  }
  EXPECT_TRUE(missing.empty()) << "diagnostics without golden tests: " << ::testing::PrintToString(missing);
}

TEST(DiagnosticCoverage, EveryDiagnosticIsDocumented) {
  std::string doc = read_file(fs::path(CARDC_SOURCE_DIR) / "docs" / "diagnostics.md");
  std::vector<std::string> missing;
  for (size_t i = 0; i < static_cast<size_t>(DiagId::Count); ++i) {
    std::string name(diag_info(static_cast<DiagId>(i)).name);
    if (doc.find("### " + name) == std::string::npos) missing.push_back(name);
  }
  EXPECT_TRUE(missing.empty()) << "undocumented diagnostics: " << ::testing::PrintToString(missing);
}

TEST(DiagnosticCoverage, NamesAreUniqueAndFindable) {
  for (size_t i = 0; i < static_cast<size_t>(DiagId::Count); ++i) {
    auto id = static_cast<DiagId>(i);
    auto back = diag_by_name(diag_info(id).name);
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(*back, id);
  }
}

}  // namespace cardc
