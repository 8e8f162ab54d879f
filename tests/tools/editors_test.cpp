// editors/: the VS Code manifest and TextMate grammars are valid JSON and point at each other.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

namespace fs = std::filesystem;

namespace {

nlohmann::json load(const fs::path& p) {
  std::ifstream in(p);
  EXPECT_TRUE(in) << p;
  return nlohmann::json::parse(in);
}

}  // namespace

TEST(Editors, ManifestGrammarsAndServer) {
  fs::path dir = fs::path(CARDC_SOURCE_DIR) / "editors/vscode";
  auto manifest = load(dir / "package.json");
  std::set<std::string> exts;
  for (const auto& l : manifest["contributes"]["languages"]) {
    for (const auto& e : l["extensions"]) exts.insert(e.get<std::string>());
    EXPECT_TRUE(fs::exists(dir / l["configuration"].get<std::string>()));
  }
  EXPECT_EQ(exts, (std::set<std::string>{".cards", ".game"}));
  ASSERT_EQ(manifest["contributes"]["grammars"].size(), 2u);
  for (const auto& g : manifest["contributes"]["grammars"]) {
    auto grammar = load(dir / g["path"].get<std::string>());
    EXPECT_EQ(grammar["scopeName"], g["scopeName"]);
    EXPECT_FALSE(grammar["patterns"].empty());
  }
  load(dir / "language-configuration.json");
  std::ifstream js(dir / "extension.js");
  std::string src((std::istreambuf_iterator<char>(js)), {});
  EXPECT_NE(src.find("'lsp'"), std::string::npos);  // starts `cardc lsp`
}
