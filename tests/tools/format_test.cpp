// The formatter: canonical layout, idempotent, AST-preserving (every bundled file and the messy samples), atomic
// in-place writes, refusal of files with errors.
#include <gtest/gtest.h>
#include "base/read_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "diag/diagnostic_engine.h"
#include "driver/inputs.h"
#include "parse/parser.h"
#include "tools/ast_equal.h"
#include "tools/format.h"

namespace fs = std::filesystem;
using namespace cardc;
using namespace cardc::tools;

namespace {


FormatLanguage lang_of(const std::string& path) {
  return file_kind(path) == FileKind::Profile ? FormatLanguage::Profile : FormatLanguage::CardSet;
}

// Parses both texts and asserts their ASTs are equal (ranges aside).
void expect_same_ast(const std::string& before, const std::string& after, FormatLanguage lang) {
  SourceManager sm;
  DiagnosticEngine diags(sm);
  FileId a = sm.add("before", before), b = sm.add("after", after);
  std::string why;
  if (lang == FormatLanguage::CardSet) {
    auto x = parse_card_set(sm, a, diags), y = parse_card_set(sm, b, diags);
    ASSERT_TRUE(x && y);
    EXPECT_TRUE(ast_equal(*x, *y, &why)) << why;
    EXPECT_GT(x->cards.size(), 0u);
  } else {
    auto x = parse_profile(sm, a, diags), y = parse_profile(sm, b, diags);
    ASSERT_TRUE(x && y);
    EXPECT_TRUE(ast_equal(*x, *y, &why)) << why;
    EXPECT_GT(x->decls.size(), 0u);
  }
  EXPECT_EQ(diags.errors(), 0u);
}

std::vector<std::string> bundled() {
  return expand_inputs({std::string(CARDC_SOURCE_DIR) + "/cards"});
}

}  // namespace

TEST(Format, BundledFilesAreCanonicalIdempotentAndAstPreserving) {
  auto files = bundled();
  ASSERT_GE(files.size(), 8u);
  for (const auto& f : files) {
    SCOPED_TRACE(f);
    std::string text = read_file(f), error;
    auto once = format_source(text, lang_of(f), f, error);
    ASSERT_TRUE(once) << error;
    EXPECT_EQ(*once, text) << "bundled files are already formatted (cardc fmt --check cards/)";
    expect_same_ast(text, *once, lang_of(f));
    auto twice = format_source(*once, lang_of(f), f, error);
    ASSERT_TRUE(twice) << error;
    EXPECT_EQ(*twice, *once);
  }
}

// Every bundled file, scrambled (indentation, blank lines, separators' spacing, CRLF), formats back to itself.
TEST(Format, ScrambledBundledFilesFormatBack) {
  for (const auto& f : bundled()) {
    SCOPED_TRACE(f);
    std::string text = read_file(f), scrambled;
    std::istringstream in(text);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
      ++n;
      size_t start = line.find_first_not_of(' ');
      bool comment = start != std::string::npos && line[start] == '#';
      std::string body = start == std::string::npos ? "" : line.substr(start);
      if (!comment && lang_of(f) == FormatLanguage::CardSet) {
        for (size_t p = 0; (p = body.find("\xC2\xB7", p)) != std::string::npos; p += 2)  // "a · b" -> "a·b"
          if (p > 0 && body[p - 1] == ' ') body.erase(--p, 1);
      }
      scrambled += std::string(comment ? 0 : static_cast<size_t>(n % 5), ' ') + body + (n % 3 ? "\n" : "  \r\n");
      if (n % 7 == 0) scrambled += "\n\n";
    }
    std::string error;
    auto out = format_source(scrambled, lang_of(f), f, error);
    ASSERT_TRUE(out) << error;
    expect_same_ast(text, *out, lang_of(f));
    auto again = format_source(*out, lang_of(f), f, error);
    ASSERT_TRUE(again) << error;
    EXPECT_EQ(*again, *out);
  }
}

TEST(Format, MessySamplesMatchTheirGoldenLayout) {
  fs::path dir = fs::path(CARDC_SOURCE_DIR) / "tests/tools/fmt";
  for (std::string name : {"messy.cards", "messy.game"}) {
    SCOPED_TRACE(name);
    std::string in = read_file(dir / name), error;
    std::string expected_name = name.substr(0, name.find('.')) + ".expected" + name.substr(name.find('.'));
    std::string expected = read_file(dir / expected_name);
    auto out = format_source(in, lang_of(name), name, error);
    ASSERT_TRUE(out) << error;
    EXPECT_EQ(*out, expected);
    expect_same_ast(in, *out, lang_of(name));
    EXPECT_EQ(*format_source(*out, lang_of(name), name, error), *out);
  }
}

TEST(Format, AddsAMissingEndAndKeepsCommentsInPlace) {
  std::string in = "game legends\ncard \"A\"\n  type Personality   # why\n# next\ncard \"B\"\n  type Personality\n";
  std::string error;
  auto out = format_source(in, FormatLanguage::CardSet, "t.cards", error);
  ASSERT_TRUE(out) << error;
  EXPECT_EQ(*out,
            "game legends\n\ncard \"A\"\n  type Personality   # why\nend\n\n# next\ncard \"B\"\n  type Personality\nend\n");
}

// Text is words: runs of spaces between them become one (the AST check proves no word changed). Flavor is prose
// and stays as written.
TEST(Format, NormalisesSpacingInsideText) {
  std::string in =
      "game legends\n\ncard \"A\"\n  type Personality\n  text Draw  a   card.\n    Gain  1 Honor,   then  bow.  \n"
      "  flavor _Two  spaces._\nend\n";
  std::string error;
  auto out = format_source(in, FormatLanguage::CardSet, "t.cards", error);
  ASSERT_TRUE(out) << error;
  EXPECT_EQ(*out,
            "game legends\n\ncard \"A\"\n  type Personality\n  text Draw a card.\n    Gain 1 Honor, then bow.\n"
            "  flavor _Two  spaces._\nend\n");
  expect_same_ast(in, *out, FormatLanguage::CardSet);
}

TEST(Format, RefusesFilesWithSyntaxErrors) {
  std::string error;
  auto out = format_source("game legends\ncard \"A\"\n  stats Force\n", FormatLanguage::CardSet, "bad.cards", error);
  EXPECT_FALSE(out);
  EXPECT_NE(error.find("not formatted"), std::string::npos) << error;
}

TEST(FmtCommand, CheckAndAtomicInPlace) {
  fs::path tmp = fs::temp_directory_path() / ("cardc_fmt_test_" + std::to_string(::getpid()));
  fs::create_directories(tmp / "cards/legends");
  fs::copy_file(fs::path(CARDC_SOURCE_DIR) / "cards/legends/legends.game", tmp / "cards/legends/legends.game");
  fs::copy_file(fs::path(CARDC_SOURCE_DIR) / "tests/tools/fmt/messy.cards", tmp / "messy.cards");
  fs::permissions(tmp / "messy.cards", fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  std::string exe = CARDC_EXE;
  auto run = [&](const std::string& args) {
    return WEXITSTATUS(std::system((exe + " fmt " + args + " > " + (tmp / "out.txt").string() + " 2>&1").c_str()));
  };
  EXPECT_EQ(run("--check " + (tmp / "messy.cards").string()), 1);
  EXPECT_NE(read_file(tmp / "out.txt").find("not formatted"), std::string::npos);
  EXPECT_EQ(run("--in-place " + (tmp / "messy.cards").string()), 0);
  EXPECT_EQ(read_file(tmp / "messy.cards"), read_file(fs::path(CARDC_SOURCE_DIR) / "tests/tools/fmt/messy.expected.cards"));
  EXPECT_EQ(fs::status(tmp / "messy.cards").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  EXPECT_EQ(run("--check " + tmp.string()), 0);
  for (const auto& e : fs::directory_iterator(tmp))  // no temporary file left behind
    EXPECT_EQ(e.path().filename().string().find(".cardc-"), std::string::npos) << e.path();
  EXPECT_EQ(run("--check --in-place " + tmp.string()), 2);
  fs::remove_all(tmp);
}
