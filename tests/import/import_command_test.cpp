// `cardc import` with files: outputs, report, exit codes, determinism and safety (compiler/import/import_command.h).
// The JSON samples are invented for the test.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "import/import_command.h"

namespace cardc::import {
namespace {

namespace fs = std::filesystem;

class TempDir {
 public:
  TempDir() {
    static int n = 0;
    path_ = fs::temp_directory_path() / ("cardc_import_test_" + std::to_string(::getpid()) + "_" + std::to_string(n++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  fs::path operator/(const std::string& p) const { return path_ / p; }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

void write(const fs::path& p, const std::string& s) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << s;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const char* kGood = R"json([
 {"title": ["Lantern Keeper"], "type": ["Personality"], "cardid": 1, "force": ["1"], "chi": ["1"],
  "honor": ["2"], "ph": ["1"], "cost": ["3"], "text": ["<b>Open:</b> Gain 1 Honor."]}
])json";
const char* kOneBad = R"json([
 {"title": ["Rope Bridge"], "type": ["Region"], "cardid": 2, "text": ["Draw a card."]},
 {"title": ["Twin \"Rivers\""], "type": ["Region"], "cardid": 3, "text": ["Draw a card."]}
])json";

struct ImportRun {
  int code = 0;
  std::string out, err;
};

ImportRun import(const std::vector<std::string>& inputs, const fs::path& out_dir, const std::string& report = "") {
  ImportOptions o;
  o.inputs = inputs;
  o.out_dir = out_dir.string();
  o.report = report;
  std::ostringstream out, err;
  ImportRun r;
  r.code = run_import(o, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

TEST(ImportCommand, FolderOfExports) {
  TempDir t;
  write(t / "in/people.json", kGood);
  write(t / "in/places.json", kOneBad);
  write(t / "in/README.md", "not an export");
  ImportRun r = import({(t / "in").string()}, t / "out", (t / "report.json").string());
  EXPECT_EQ(r.code, 1) << r.err;  // one card could not be converted
  EXPECT_NE(r.err.find("card 'Twin \"Rivers\"' (cardid 3) not converted"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("imported 2 files, 3 cards"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 written, 1 not converted"), std::string::npos) << r.out;
  ASSERT_TRUE(fs::exists(t / "out/people.cards"));
  ASSERT_TRUE(fs::exists(t / "out/places.cards"));
  EXPECT_FALSE(fs::exists(t / "out/README.cards"));
  EXPECT_EQ(read(t / "out/people.cards").rfind("game legends\nset \"Oracle of the Void: people\"\n", 0), 0u);

  auto report = nlohmann::json::parse(read(t / "report.json"));
  EXPECT_EQ(report["summary"]["cards"], 3);
  EXPECT_EQ(report["summary"]["written"], 2);
  EXPECT_EQ(report["summary"]["not_converted"], 1);
  ASSERT_EQ(report["files"].size(), 2u);
  EXPECT_EQ(report["files"][1]["not_converted"][0]["cardid"], "3");
  // No temporary files are left behind.
  for (const auto& e : fs::directory_iterator(t / "out")) EXPECT_EQ(e.path().extension(), ".cards") << e.path();
}

TEST(ImportCommand, ImportingTwiceGivesIdenticalFiles) {
  TempDir t;
  write(t / "people.json", kGood);
  write(t / "places.json", kOneBad);
  import({(t / "people.json").string(), (t / "places.json").string()}, t / "a");
  import({(t / "people.json").string(), (t / "places.json").string()}, t / "b");
  ImportRun again = import({(t / "people.json").string(), (t / "places.json").string()}, t / "a");  // over itself
  EXPECT_EQ(again.code, 1);
  for (const char* f : {"people.cards", "places.cards"}) {
    EXPECT_EQ(read(t / "a" / f), read(t / "b" / f)) << f;
    EXPECT_FALSE(read(t / "a" / f).empty());
  }
}

TEST(ImportCommand, AllConvertedIsExitZero) {
  TempDir t;
  write(t / "people.json", kGood);
  EXPECT_EQ(import({(t / "people.json").string()}, t / "out").code, 0);
}

TEST(ImportCommand, InputErrorsAreExitTwo) {
  TempDir t;
  EXPECT_EQ(import({(t / "missing.json").string()}, t / "out").code, 2);
  write(t / "broken.json", "[{\"title\": ");
  write(t / "people.json", kGood);
  ImportRun r = import({(t / "broken.json").string(), (t / "people.json").string()}, t / "out");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("not JSON"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::exists(t / "out/people.cards"));  // the other inputs are still imported
}

TEST(ImportCommand, NeverOverwritesAnInput) {
  TempDir t;
  write(t / "set.cards", kGood);  // a JSON export that happens to be named .cards
  ImportRun r = import({(t / "set.cards").string()}, t.path());
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("refusing to overwrite"), std::string::npos) << r.err;
  EXPECT_EQ(read(t / "set.cards"), kGood);
}

TEST(ImportCommand, TwoInputsWithOneOutputName) {
  TempDir t;
  write(t / "a/people.json", kGood);
  write(t / "b/people.json", kGood);
  ImportRun r = import({(t / "a/people.json").string(), (t / "b/people.json").string()}, t / "out");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("would both be written"), std::string::npos) << r.err;
}

TEST(ImportCommand, UnknownSourceFormat) {
  TempDir t;
  ImportOptions o;
  o.from = "other-db";
  o.inputs = {(t / "x.json").string()};
  o.out_dir = (t / "out").string();
  std::ostringstream out, err;
  EXPECT_EQ(run_import(o, out, err), 2);
}

// The `cardc import` subcommand itself (compiler/driver/main.cpp).
TEST(ImportCommand, CommandLine) {
  TempDir t;
  write(t / "people.json", kGood);
  std::string cmd = std::string(CARDC_EXE) + " import --from=l5r-oracle " + (t / "people.json").string() + " -o " +
                    (t / "out").string() + " > " + (t / "log").string() + " 2>&1";
  int status = std::system(cmd.c_str());
  EXPECT_EQ(WEXITSTATUS(status), 0) << read(t / "log");
  EXPECT_TRUE(fs::exists(t / "out/people.cards"));
  std::string bad = std::string(CARDC_EXE) + " import --from=nope " + (t / "people.json").string() + " -o " +
                    (t / "out").string() + " > " + (t / "log").string() + " 2>&1";
  EXPECT_EQ(WEXITSTATUS(std::system(bad.c_str())), 2);
}

// What cardc check would refuse is not written, and not reported as written: a card whose text makes a line
// longer than the 16 KiB line limit (parse/parser.h ParseLimits, the limits check applies).
TEST(ImportCommand, RefusesASetCheckWouldRefuse) {
  TempDir t;
  std::string text;
  while (text.size() < 20000) text += "Gain 1 Honor. ";
  write(t / "in/long.json",
        std::string(R"json([{"title": ["Long Winded"], "type": ["Strategy"], "cardid": 9, "text": [")json") + text +
            "\"]}]");
  write(t / "in/people.json", kGood);
  ImportRun r = import({(t / "in").string()}, t / "out", (t / "report.json").string());
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("long.json:1:1: error: not imported: line "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("over the 16384-byte line limit of cardc check"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(t / "out/long.cards"));
  EXPECT_TRUE(fs::exists(t / "out/people.cards"));
  EXPECT_NE(r.out.find("imported 1 file, 1 cards"), std::string::npos) << r.out;
  auto report = nlohmann::json::parse(read(t / "report.json"));
  EXPECT_EQ(report["summary"]["written"], 1);
}

}  // namespace
}  // namespace cardc::import
