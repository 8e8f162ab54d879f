// The coverage figures from an import report and `cardc check --diagnostics-format=json` (compiler/import/coverage.h).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "import/coverage.h"

namespace cardc::import {
namespace {

const char* kReport = R"json({"files": [
  {"input": "in/a.json", "output": "out/a.cards", "cards": 4,
   "written": [{"title": "Alpha"}, {"title": "Beta"}, {"title": "Gamma"}],
   "not_converted": [{"title": "Delta", "reason": "its keyword 'X 2' cannot be written",
                      "category": "a keyword cannot be written"}]},
  {"input": "in/b.json", "output": "out/b.cards", "cards": 2,
   "written": [{"title": "Alpha"}, {"title": "Epsilon"}], "not_converted": []}
]})json";

const char* kCheck = R"json({"diagnostics": [
  {"file": "/tmp/x/out/a.cards", "severity": "error", "name": "UnknownEvent", "card": "Beta"},
  {"file": "/tmp/x/out/a.cards", "severity": "error", "name": "UncompilableClause", "card": "Beta"},
  {"file": "/tmp/x/out/a.cards", "severity": "error", "name": "UncompilableClause", "card": "Gamma"},
  {"file": "/tmp/x/out/a.cards", "severity": "error", "name": "UncompilableClause", "card": "Gamma"},
  {"file": "/tmp/x/out/a.cards", "severity": "warning", "name": "UnknownKeyword", "card": "Alpha"},
  {"file": "/tmp/x/out/b.cards", "severity": "error", "name": "UnknownEvent", "card": "Epsilon"}
], "summary": {}})json";

TEST(Coverage, Figures) {
  Coverage c;
  std::string error;
  ASSERT_TRUE(compute_coverage(kReport, kCheck, c, error)) << error;
  EXPECT_EQ(c.files, 2u);
  EXPECT_EQ(c.cards, 6u);
  EXPECT_EQ(c.imported, 5u);
  EXPECT_EQ(c.not_converted, 1u);
  EXPECT_EQ(c.clean, 2u);  // Alpha in a (a warning only) and Alpha in b; a card is matched within its own file
  EXPECT_NEAR(c.clean_percent(), 100.0 * 2 / 6, 1e-9);
  ASSERT_EQ(c.diagnostics.size(), 3u);
  EXPECT_EQ(c.diagnostics[0].name, "UncompilableClause");
  EXPECT_EQ(c.diagnostics[0].count, 3u);
  EXPECT_EQ(c.diagnostics[0].cards, 2u);
  EXPECT_EQ(c.diagnostics[0].only, 1u);  // Gamma; Beta also has UnknownEvent
  EXPECT_EQ(c.diagnostics[0].example, "Beta");
  EXPECT_EQ(c.diagnostics[1].name, "UnknownEvent");
  EXPECT_EQ(c.diagnostics[1].only, 1u);  // Epsilon
  ASSERT_EQ(c.not_converted_reasons.size(), 1u);
  EXPECT_EQ(c.not_converted_reasons[0].reason, "a keyword cannot be written");
  EXPECT_EQ(c.not_converted_reasons[0].example, "Delta");
}

TEST(Coverage, ErrorOutsideAnyCardMakesTheFileUnclean) {
  const char* check = R"json({"diagnostics": [
    {"file": "out/b.cards", "severity": "error", "name": "UnexpectedToken", "card": null}]})json";
  Coverage c;
  std::string error;
  ASSERT_TRUE(compute_coverage(kReport, check, c, error)) << error;
  EXPECT_EQ(c.clean, 3u);  // the three of a.cards
}

// Every check binds each card (issue 21 B10): a card the binder refuses has an error and is not clean, so "clean"
// and "compiled" are one figure.
TEST(Coverage, ACardThatDoesNotCompileIsNotClean) {
  const char* check = R"json({"diagnostics": [
    {"file": "out/a.cards", "severity": "error", "name": "EffectNotCompiled", "card": "Beta"}],
    "summary": {"compiled": 4}})json";
  Coverage c;
  std::string error;
  ASSERT_TRUE(compute_coverage(kReport, check, c, error)) << error;
  EXPECT_EQ(c.clean, 4u);  // all five written cards but Beta
  EXPECT_EQ(c.compiled, 4);
}

TEST(Coverage, Outputs) {
  Coverage c;
  std::string error;
  ASSERT_TRUE(compute_coverage(kReport, kCheck, c, error));
  c.corpus = "invented";
  std::string text = coverage_text(c, 25);
  EXPECT_NE(text.find("cards clean         2 (33.3% of all cards, no errors)"), std::string::npos) << text;
  EXPECT_NE(text.find("n/a: checked with --stop-after"), std::string::npos);
  EXPECT_NE(text.find("UncompilableClause"), std::string::npos);
  auto j = nlohmann::json::parse(coverage_json(c, 1));
  EXPECT_EQ(j["cards"], 6);
  EXPECT_EQ(j["clean"], 2);
  EXPECT_DOUBLE_EQ(j["clean_percent"].get<double>(), 33.3);
  EXPECT_TRUE(j["compiled"].is_null());
  EXPECT_EQ(j["diagnostics"].size(), 1u);  // top 1
  EXPECT_EQ(j["diagnostics"][0]["example"], "Beta");
}

// `cardc check --compile` reports how many cards compiled in its summary object.
TEST(Coverage, CompiledFromTheCheckSummary) {
  const char* check =
      R"json({"diagnostics": [], "summary": {"files": 2, "cards": 6, "compiled": 3, "faithful": 2, "lowered": 1}})json";
  Coverage c;
  std::string error;
  ASSERT_TRUE(compute_coverage(kReport, check, c, error)) << error;
  EXPECT_EQ(c.compiled, 3);
  EXPECT_NE(coverage_text(c, 5).find("cards compiled      3 (50.0% of all cards, to native code)"), std::string::npos)
      << coverage_text(c, 5);
  auto j = nlohmann::json::parse(coverage_json(c, 1));
  EXPECT_EQ(j["compiled"], 3);
  EXPECT_DOUBLE_EQ(j["compiled_percent"].get<double>(), 50.0);
  EXPECT_EQ(j["faithful"], 2);
  EXPECT_EQ(j["lowered"], 1);
  EXPECT_NE(coverage_text(c, 5).find("cards lowered       1 ("), std::string::npos) << coverage_text(c, 5);
}

TEST(Coverage, BadInputs) {
  Coverage c;
  std::string error;
  EXPECT_FALSE(compute_coverage("not json", kCheck, c, error));
  EXPECT_FALSE(compute_coverage(kReport, "{\"summary\": {}}", c, error));
  EXPECT_NE(error.find("diagnostics"), std::string::npos);
  EXPECT_FALSE(compute_coverage(R"({"files": [{"input": "x.json", "error": "cannot read"}]})", kCheck, c, error));
}

}  // namespace
}  // namespace cardc::import
