#include "diag/render.h"

#include <gtest/gtest.h>

#include <sstream>

#include "diag/diagnostic_engine.h"

namespace cardc {

TEST(Render, ClangStyleLineCaretAndFixIt) {
  SourceManager sm;
  FileId f = sm.add("set.cards", "card \"A\"\n  stats Forse 3\n");
  DiagnosticEngine diags(sm);
  uint32_t at = static_cast<uint32_t>(sm.contents(f).find("Forse"));
  diags.report(DiagId::UnknownStat, {f, at, at + 5}, "Forse", "legends").fix({f, at, at + 5}, "Force");
  std::ostringstream out;
  render_text(sm, diags.all().front(), out, {});
  EXPECT_EQ(out.str(),
            "set.cards:2:9: error: unknown stat 'Forse' in game 'legends' [UnknownStat]\n"
            "    2 |   stats Forse 3\n"
            "      |         ^~~~~\n"
            "      |         Force\n");
}

TEST(Render, CaretUnderUtf8TextCountsColumns) {
  SourceManager sm;
  FileId f = sm.add("s.cards", "  stats F 1 · Chii 2\n");
  DiagnosticEngine diags(sm);
  uint32_t at = static_cast<uint32_t>(sm.contents(f).find("Chii"));
  diags.report(DiagId::UnknownStat, {f, at, at + 4}, "Chii", "g");
  std::ostringstream out;
  render_text(sm, diags.all().front(), out, {});
  EXPECT_NE(out.str().find("\n      |               ^~~~\n"), std::string::npos) << out.str();
}

TEST(Render, JsonHasEveryField) {
  SourceManager sm;
  FileId f = sm.add("a \"b\".cards", "x\n");
  DiagnosticEngine diags(sm);
  {
    DiagnosticEngine::CardScope scope(diags, "Akodo \"Kage\"");
    diags.report(DiagId::UnknownKeyword, {f, 0, 1}, "x", "legends").note({f, 0, 1}, "n").fix({f, 0, 1}, "y");
  }
  std::string j = render_json(sm, diags.all().front());
  EXPECT_NE(j.find(R"("file":"a \"b\".cards")"), std::string::npos) << j;
  EXPECT_NE(j.find(R"("severity":"warning")"), std::string::npos);
  EXPECT_NE(j.find(R"("name":"UnknownKeyword")"), std::string::npos);
  EXPECT_NE(j.find(R"("begin":{"offset":0,"line":1,"col":1})"), std::string::npos);
  EXPECT_NE(j.find(R"("notes":[{"range")"), std::string::npos);
  EXPECT_NE(j.find(R"("replacement":"y")"), std::string::npos);
  EXPECT_NE(j.find(R"("card":"Akodo \"Kage\"")"), std::string::npos);
}

TEST(DiagnosticEngine, SortedByPositionAndErrorLimit) {
  SourceManager sm;
  FileId f = sm.add("f", "abcdef\n");
  DiagnosticEngine diags(sm);
  diags.set_error_limit(2);
  diags.report(DiagId::UnknownStat, {f, 4, 5}, "e", "g");
  diags.report(DiagId::UnknownStat, {f, 1, 2}, "b", "g");
  diags.report(DiagId::UnknownStat, {f, 0, 1}, "a", "g");  // past the limit: dropped
  auto sorted = diags.sorted();
  ASSERT_EQ(sorted.size(), 2u);
  EXPECT_EQ(sorted[0].range.begin, 1u);
  EXPECT_EQ(sorted[1].range.begin, 4u);
  EXPECT_TRUE(diags.limit_hit());
}

TEST(DiagnosticEngine, WerrorTurnsWarningsIntoErrors) {
  SourceManager sm;
  FileId f = sm.add("f", "x\n");
  DiagnosticEngine diags(sm);
  diags.set_werror(true);
  diags.report(DiagId::UnknownKeyword, {f, 0, 1}, "x", "g");
  EXPECT_EQ(diags.errors(), 1u);
  EXPECT_EQ(diags.all().front().severity, Severity::Error);
}

}  // namespace cardc
