#include "base/source_manager.h"

#include <gtest/gtest.h>

#include "base/suggest.h"

namespace cardc {

TEST(SourceManager, LineAndColumnAreOneBasedAndCountCodePoints) {
  SourceManager sm;
  // "·" is two bytes in UTF-8 but one column.
  FileId f = sm.add("x.cards", "game legends\n  stats Force 3 · Chi 2\n");
  std::string_view text = sm.contents(f);
  uint32_t chi = static_cast<uint32_t>(text.find("Chi"));
  LineCol lc = sm.line_col(f, chi);
  EXPECT_EQ(lc.line, 2u);
  EXPECT_EQ(lc.col, 19u);  // bytes would say 20
  EXPECT_EQ(sm.line_text(f, 2), "  stats Force 3 · Chi 2");
  EXPECT_EQ(sm.line_col(f, 0).line, 1u);
  EXPECT_EQ(sm.line_col(f, 0).col, 1u);
}

// The AST's terms view the file's text: adding files never moves an earlier file's text, however short.
TEST(SourceManager, TextStaysWhereItIsWhenFilesAreAdded) {
  SourceManager sm;
  FileId f = sm.add("short", "ab");
  const char* at = sm.contents(f).data();
  for (int i = 0; i < 1000; ++i) sm.add("more" + std::to_string(i), "x");
  EXPECT_EQ(sm.contents(f).data(), at);
  EXPECT_EQ(sm.contents(f), "ab");
}

TEST(SourceManager, TextOfRangeAndCrLfLines) {
  SourceManager sm;
  FileId f = sm.add("x", "ab\r\ncd");
  EXPECT_EQ(sm.text({f, 4, 6}), "cd");
  EXPECT_EQ(sm.line_text(f, 1), "ab");
  EXPECT_EQ(sm.line_text(f, 2), "cd");
  EXPECT_EQ(sm.line_text(f, 3), "");
}

TEST(SourceManager, MissingFileReportsError) {
  SourceManager sm;
  std::string error;
  EXPECT_EQ(sm.load("/nonexistent/cardc/file.cards", error, 1000), kNoFile);
  EXPECT_FALSE(error.empty());
}

TEST(Suggest, ClosestSpellingWithinATypo) {
  std::vector<std::string> known{"Samurai", "Shugenja", "Courtier"};
  EXPECT_EQ(closest("Samuri", known).value_or(""), "Samurai");
  EXPECT_EQ(closest("samurai", known).value_or(""), "Samurai");  // case only
  EXPECT_FALSE(closest("Samurai", known).has_value());            // already known
  EXPECT_FALSE(closest("Dragon", known).has_value());             // nothing close
}

}  // namespace cardc
