// The proof sheet's HTML: card faces, markup, badges, diagnostics beneath (the browser test is
// proof_sheet_chromium.sh).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tools/proof_sheet.h"

using namespace cardc;
using namespace cardc::tools;
namespace fs = std::filesystem;

namespace {

size_t count(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = 0; (p = hay.find(needle, p)) != std::string::npos; p += needle.size()) ++n;
  return n;
}

}  // namespace

TEST(ProofSheet, TextMarkup) {
  EXPECT_EQ(text_to_html("**Battle:** Bow him.", 0, {}), "<b>Battle:</b> Bow him.");
  EXPECT_EQ(text_to_html("Gain 1 coin. (Not _really_.)", 0, {}), "Gain 1 coin. <i>(Not really.)</i>");
  EXPECT_EQ(text_to_html("Open: Draw <a card>.", 100, {{100, 105}}), "<b>Open:</b> Draw &lt;a card&gt;.");
}

TEST(ProofSheet, BundledSetFacesBadgesAndText) {
  auto cs = compile_set(std::string(CARDC_SOURCE_DIR) + "/cards/legends/emerald_dawn.cards", {}, false);
  ASSERT_TRUE(cs->set);
  ProofCounts counts;
  std::string page = render_proof_sheet(*cs, &counts);
  EXPECT_EQ(counts.cards, cs->set->cards.size());
  EXPECT_EQ(count(page, "<article class=\"card "), cs->set->cards.size());
  EXPECT_EQ(counts.clean, cs->set->cards.size());
  EXPECT_NE(page.find("<h2 class=\"title\">Akodo Kage</h2>"), std::string::npos);
  EXPECT_NE(page.find("<b>Tactical Battle:</b>"), std::string::npos);
  EXPECT_NE(page.find("<b class=\"keyword rules\">Unique</b>"), std::string::npos);
  EXPECT_NE(page.find("<p class=\"flavor\">The general&#39;s eyes missed nothing.</p>"), std::string::npos);
  EXPECT_EQ(page.find("<link"), std::string::npos);  // self-contained
  EXPECT_EQ(page.find("<script"), std::string::npos);
}

TEST(ProofSheet, DiagnosticsBeneathTheirCard) {
  fs::path tmp = fs::temp_directory_path() / ("cardc_proof_test_" + std::to_string(::getpid()));
  fs::create_directories(tmp);
  fs::copy_file(fs::path(CARDC_SOURCE_DIR) / "cards/legends/legends.game", tmp / "legends.game");
  std::ofstream(tmp / "bad.cards") << "game legends\n\ncard \"Good\"\n  type Event\n  text\n    Gain 1 Honor.\nend\n\n"
                                      "card \"Bad\"\n  type Personality\n  stats Forse 2\nend\n";
  auto cs = compile_set((tmp / "bad.cards").string(), {}, false);
  ProofCounts counts;
  std::string page = render_proof_sheet(*cs, &counts);
  EXPECT_EQ(counts.cards, 2u);
  EXPECT_EQ(counts.with_errors, 1u);
  size_t bad = page.find("data-title=\"Bad\"");
  ASSERT_NE(bad, std::string::npos);
  EXPECT_NE(page.find("badge errors", bad), std::string::npos);
  EXPECT_NE(page.find("[UnknownStat]", bad), std::string::npos);
  EXPECT_EQ(page.find("[UnknownStat]"), page.find("[UnknownStat]", bad));  // beneath "Bad", not "Good"
  fs::remove_all(tmp);
}
