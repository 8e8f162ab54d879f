// The cardc command on bad input of every kind: a diagnostic and an exit code, never a crash or a hang.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <sys/wait.h>

#include <nlohmann/json.hpp>

#include "test_support.h"

namespace cardc::test {

RunResult run_cardc(const std::string& args) {
  std::string cmd = std::string(CARDC_EXE) + " " + args + " 2>&1";
  RunResult r;
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) r.output.append(buf.data(), n);
  int status = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;  // -1: killed by a signal (a crash)
  return r;
}

std::string write_temp(const std::string& name, const std::string& contents) {
  static std::string dir = [] {
    char tmpl[] = "/tmp/cardc_cli_XXXXXX";
    const char* d = ::mkdtemp(tmpl);
    return std::string(d ? d : "/tmp");
  }();
  std::string path = dir + "/" + name;
  std::ofstream(path, std::ios::binary) << contents;
  return path;
}

namespace {

inline const std::string kLegendsProfiles = std::string("--profile-path ") + CARDC_SOURCE_DIR + "/cards";

TEST(Cli, MissingPathIsAnIoError) {
  auto r = run_cardc("check /nonexistent/cardc/missing.cards");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("cannot read '/nonexistent/cardc/missing.cards'"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("[CannotReadFile]"), std::string::npos);
}

TEST(Cli, ExistingCleanFileIsRead) {
  std::string p = write_temp("clean.cards", "game legends\ncard \"A\"\n  type Personality\n");
  auto r = run_cardc("check " + kLegendsProfiles + " " + p);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("1 card: 0 errors, 0 warnings"), std::string::npos) << r.output;
}

TEST(Cli, UnknownFileKind) {
  std::string p = write_temp("notes.txt", "hello\n");
  auto r = run_cardc("check " + p);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("[UnknownFileKind]"), std::string::npos) << r.output;
}

TEST(Cli, BinaryJunk) {
  std::string junk;
  for (int i = 0; i < 4096; ++i) junk += static_cast<char>((i * 131 + 7) % 256);
  std::string p = write_temp("junk.cards", junk);
  auto r = run_cardc("check " + p);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("junk.cards:1:2: error: file is not UTF-8 text (byte 0x8A)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("[InvalidEncoding]"), std::string::npos);
}

TEST(Cli, EmptyFile) {
  std::string p = write_temp("empty.cards", "");
  auto r = run_cardc("check " + p);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("empty.cards:1:1: error: file is empty"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("[EmptyFile]"), std::string::npos);
}

TEST(Cli, FiveMegabytesOnOneLine) {
  std::string p = write_temp("long.cards", "game legends\n" + std::string(5u << 20, 'a'));
  auto r = run_cardc("check " + p);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("long.cards:2:1: error: line is 5242880 bytes long"), std::string::npos)
      << r.output.substr(0, 500);
  EXPECT_NE(r.output.find("[LineTooLong]"), std::string::npos);
}

TEST(Cli, FiveHundredNestedQuotes) {
  std::string text = "game legends\ncard \"A\"\n  type Personality\n  text\n    ";
  for (int i = 0; i < 500; ++i) text += "Give him \"";
  text += "Draw a card.";
  for (int i = 0; i < 500; ++i) text += "\"";
  std::string p = write_temp("nested.cards", text + "\n");
  auto r = run_cardc("check " + p);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("nest 33 levels deep here; the limit is 32 [NestingTooDeep]"), std::string::npos)
      << r.output.substr(0, 800);
}

TEST(Cli, TooManyCardsInOneFile) {
  ParseLimits limits;
  limits.max_cards = 2;
  auto p = std::make_unique<Parsed>();
  p->diags = std::make_unique<DiagnosticEngine>(p->sm);
  FileId f = p->sm.add("many.cards", "game g\ncard \"A\"\ncard \"B\"\ncard \"C\"\n");
  auto set = parse_card_set(p->sm, f, *p->diags, limits);
  ASSERT_TRUE(set);
  EXPECT_EQ(set->cards.size(), 2u);
  ASSERT_EQ(p->diags->errors(), 1u);
  EXPECT_EQ(diag_info(p->diags->all().front().id).name, std::string_view("TooManyCards"));  // [TooManyCards]
  // Within the limit: no diagnostic.
  auto q = std::make_unique<Parsed>();
  q->diags = std::make_unique<DiagnosticEngine>(q->sm);
  parse_card_set(q->sm, q->sm.add("two.cards", "game g\ncard \"A\"\ncard \"B\"\n"), *q->diags, limits);
  EXPECT_EQ(q->diags->errors(), 0u);
}

// Five distinct mistakes in one file: all five reported at their line:col, exit 1.
TEST(Cli, FiveMistakesAllReported) {
  std::string p = write_temp("five.cards",
                             "game legends\n"
                             "card \"Doji Test\"\n"
                             "  type Personalty\n"                 // 3:8 UnknownCardType
                             "card \"Bayushi Test\"\n"
                             "  type Personality\n"
                             "  stats Forse 2 · Chi 2\n"          // 6:9 UnknownStat
                             "  keywords Samuri\n"                // 7:12 UnknownKeyword (warning)
                             "  text\n"
                             "    **Batle:** Draw a card.\n"      // 9:7 UnknownDesignator
                             "    Flarb the Personality.\n"       // 10:5 UncompilableClause
                             "card \"Doji Test\"\n"               // 11:7 DuplicateTitle
                             "  type Personality\n");
  auto r = run_cardc("check " + kLegendsProfiles + " " + p);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  for (const char* want : {"five.cards:3:8: error: unknown card type 'Personalty'", "five.cards:6:9: error: unknown stat 'Forse'",
                           "five.cards:7:12: warning: unknown keyword 'Samuri'",
                           "five.cards:9:7: error: 'Batle' is not an action designator",
                           "five.cards:10:5: error: cardc cannot compile the clause 'Flarb the Personality'",
                           "five.cards:11:7: error: another card in this set is titled 'Doji Test'"})
    EXPECT_NE(r.output.find(want), std::string::npos) << want << "\n" << r.output;
  EXPECT_NE(r.output.find("5 errors, 1 warning"), std::string::npos) << r.output;
}

// "Cards compiled" (the coverage report's figure) counts a card only when it has no error of any pass: a clause
// that sema cannot read never reaches the binder, which would otherwise compile the rest of the card.
TEST(Cli, ACardWithAnErrorIsNotCountedAsCompiled) {
  std::string p = write_temp("counted.cards",
                             "game legends\n"
                             "card \"Counted\"\n"
                             "  type Personality\n"
                             "  stats Force 2 · Chi 2\n"
                             "  text\n"
                             "    **Open:** Gain 1 Honor.\n"
                             "card \"Half Read\"\n"
                             "  type Personality\n"
                             "  stats Force 2 · Chi 2\n"
                             "  text\n"
                             "    **Open:** Gain 1 Honor.\n"
                             "    Flarb the Personality.\n");
  auto r = run_cardc("check --compile " + kLegendsProfiles + " " + p);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("cardc cannot compile the clause 'Flarb the Personality'"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("(1 card compiled)"), std::string::npos) << r.output;
}

TEST(Cli, JsonFormatAndDeterminism) {
  std::string p = write_temp("json.cards", "game legends\ncard \"A\"\n  type Personalty\n");
  auto a = run_cardc("check --diagnostics-format=json " + kLegendsProfiles + " " + p);
  auto b = run_cardc("check --diagnostics-format=json " + kLegendsProfiles + " " + p);
  EXPECT_EQ(a.exit_code, 1);
  EXPECT_EQ(a.output, b.output);  // byte-identical
  EXPECT_NE(a.output.find("\"name\":\"UnknownCardType\""), std::string::npos) << a.output;
  EXPECT_NE(a.output.find("\"card\":\"A\""), std::string::npos);
  // Every check binds each card (issue 21 B10), so the summary always says how many compiled.
  EXPECT_NE(a.output.find("\"summary\":{\"files\":2,\"cards\":1,\"errors\":1,\"warnings\":0,\"compiled\":0,"
                          "\"faithful\":0,\"lowered\":0}"),
            std::string::npos)
      << a.output;
}

// A file name that is not UTF-8 (Latin-1 "café") still gives valid UTF-8 JSON (nlohmann-json rejects anything
// else): the byte that is not UTF-8 becomes U+FFFD, in check's document and in compile's JSON lines alike.
TEST(Cli, JsonIsValidUtf8ForALatin1FileName) {
  std::string p = write_temp("caf\xe9.cards", "game legends\ncard \"A\"\n  type Personalty\n");
  auto check = run_cardc("check --diagnostics-format=json " + kLegendsProfiles + " '" + p + "'");
  EXPECT_EQ(check.exit_code, 1) << check.output;
  nlohmann::json doc;
  ASSERT_NO_THROW(doc = nlohmann::json::parse(check.output)) << check.output;
  ASSERT_EQ(doc["diagnostics"].size(), 1u);
  const std::string file = doc["diagnostics"][0]["file"];
  EXPECT_TRUE(file.ends_with("/caf\xef\xbf\xbd.cards")) << file;
  EXPECT_EQ(doc["diagnostics"][0]["range"]["file"], file);
  auto compile = run_cardc("compile --diagnostics-format=json " + kLegendsProfiles + " '" + p + "' -o /dev/null");
  EXPECT_EQ(compile.exit_code, 1) << compile.output;
  std::istringstream lines(compile.output);
  size_t objects = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    nlohmann::json j;
    ASSERT_NO_THROW(j = nlohmann::json::parse(line)) << line;
    EXPECT_EQ(j["name"], "UnknownCardType");
    ++objects;
  }
  EXPECT_EQ(objects, 1u) << compile.output;
}

TEST(Cli, WerrorAndErrorLimit) {
  std::string p = write_temp("warn.cards", "game legends\ncard \"A\"\n  type Personality\n  keywords Samuri\n");
  EXPECT_EQ(run_cardc("check " + kLegendsProfiles + " " + p).exit_code, 0);
  EXPECT_EQ(run_cardc("check --werror " + kLegendsProfiles + " " + p).exit_code, 1);
  std::string q = write_temp("many.cards", "game legends\ncard \"A\"\n  type X1\ncard \"B\"\n  type X2\ncard \"C\"\n  type X3\n");
  auto r = run_cardc("check --error-limit=1 " + kLegendsProfiles + " " + q);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("(more errors not shown: --error-limit=1; --error-limit=0 shows all)"), std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find("'X2'"), std::string::npos) << r.output;
}

TEST(Cli, UsageErrors) {
  EXPECT_EQ(run_cardc("check").exit_code, 2);
  EXPECT_EQ(run_cardc("frobnicate").exit_code, 2);
  EXPECT_EQ(run_cardc("check --stop-after=nosuchpass x.cards").exit_code, 2);
}

}  // namespace
}  // namespace cardc::test

namespace cardc::test {
namespace {

// --emit=sema shows, for every card, its X binding, targets and resolved references.
TEST(Cli, EmitSemaShowsReferencesTargetsAndX) {
  std::string p = write_temp("sema.cards",
                             "game legends\n"
                             "card \"Kage\"\n"
                             "  type Personality\n"
                             "  text\n"
                             "    **Tactical Battle:** Bow this Personality: Target an opposing Personality. He has -2F until the battle ends.\n"
                             "card \"Tax\"\n"
                             "  type Strategy\n"
                             "  text\n"
                             "    **Battle:** Pay X Gold: Draw X cards.\n");
  auto r = run_cardc("check --emit=sema " + kLegendsProfiles + " " + p);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  for (const char* want : {"card \"Kage\" (Personality)", "X: none",
                           "ability [Battle] keyword=Tactical voluntary",
                           "target Personality \"Target an opposing Personality\" in effects face-up-restricted @5:48",
                           "ref this-card \"this Personality\" @5:30 -> this card",
                           "ref pronoun \"He\" @5:80 -> 'Target an opposing Personality' @5:48",
                           "card \"Tax\" (Strategy)", "X: chosen when paying a cost (000 7.4a) \"Pay X Gold\"; 0 when played free (000 7.4b)"})
    EXPECT_NE(r.output.find(want), std::string::npos) << want << "\n" << r.output;
}

}  // namespace
}  // namespace cardc::test
