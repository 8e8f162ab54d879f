#include "diag/verify.h"

#include <gtest/gtest.h>

#include <sstream>

#include "diag/diagnostic_engine.h"

namespace cardc {

TEST(Verify, RelativeAbsoluteAndColumnExpectations) {
  SourceManager sm;
  FileId f = sm.add("v.cards",
                    "# expected-error@+1 {{unknown stat}} [UnknownStat]\n"
                    "stats Forse 1\n"
                    "# expected-warning@2:7 {{keyword}}\n");
  std::vector<std::string> problems;
  auto ex = scan_expectations(sm, f, problems);
  ASSERT_EQ(ex.size(), 2u);
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(ex[0].line, 2u);
  EXPECT_EQ(ex[0].name, "UnknownStat");
  EXPECT_EQ(ex[1].line, 2u);
  EXPECT_EQ(ex[1].col, 7u);
  EXPECT_EQ(ex[1].severity, Severity::Warning);

  DiagnosticEngine diags(sm);
  uint32_t at = static_cast<uint32_t>(sm.contents(f).find("Forse"));
  diags.report(DiagId::UnknownStat, {f, at, at + 5}, "Forse", "g");
  diags.report(DiagId::UnknownKeyword, {f, at, at + 5}, "Forse", "g");
  std::ostringstream out;
  EXPECT_EQ(verify_diagnostics(sm, ex, diags.sorted(), out), 0u) << out.str();
}

TEST(Verify, TwoExpectationsOnALineAndBracesInTheText) {
  SourceManager sm;
  FileId f = sm.add("v.cards",
                    "x\n"
                    "# expected-note@-1 {{a {brace} inside}} expected-error@5:3{{second}}[Name_2] expected-oops\n");
  std::vector<std::string> problems;
  auto ex = scan_expectations(sm, f, problems);
  ASSERT_EQ(ex.size(), 2u);
  EXPECT_TRUE(problems.empty());  // one malformed mention beside well-formed ones is not a problem of the line
  EXPECT_EQ(ex[0].severity, Severity::Note);
  EXPECT_EQ(ex[0].line, 1u);
  EXPECT_EQ(ex[0].text, "a {brace} inside");
  EXPECT_EQ(ex[1].line, 5u);
  EXPECT_EQ(ex[1].col, 3u);
  EXPECT_EQ(ex[1].text, "second");
  EXPECT_EQ(ex[1].name, "Name_2");
}

TEST(Verify, ReportsMissingAndUnexpected) {
  SourceManager sm;
  FileId f = sm.add("v.cards", "# expected-error {{never}} [UnknownStat]\nx\n");
  std::vector<std::string> problems;
  auto ex = scan_expectations(sm, f, problems);
  DiagnosticEngine diags(sm);
  diags.report(DiagId::UnknownCardType, {f, 41, 42}, "x", "g");
  std::ostringstream out;
  EXPECT_EQ(verify_diagnostics(sm, ex, diags.sorted(), out), 2u);
  EXPECT_NE(out.str().find("expected error not seen"), std::string::npos);
  EXPECT_NE(out.str().find("unexpected error seen"), std::string::npos);
}

TEST(Verify, WrongNameDoesNotMatch) {
  SourceManager sm;
  FileId f = sm.add("v.cards", "x # expected-error {{x}} [UnknownStat]\n");
  std::vector<std::string> problems;
  auto ex = scan_expectations(sm, f, problems);
  DiagnosticEngine diags(sm);
  diags.report(DiagId::UnknownCardType, {f, 0, 1}, "x", "g");
  std::ostringstream out;
  EXPECT_EQ(verify_diagnostics(sm, ex, diags.sorted(), out), 2u);
}

TEST(Verify, MalformedExpectationIsAProblem) {
  SourceManager sm;
  FileId f = sm.add("v.cards", "# expected-error no braces\n");
  std::vector<std::string> problems;
  scan_expectations(sm, f, problems);
  EXPECT_EQ(problems.size(), 1u);
}

}  // namespace cardc
