// The language server's incremental checks (compiler/tools/set_checker.h) never differ from a full check: after
// every edit of a series (typing in a card's text, a stat misspelt, a title changed or repeated, a card removed or
// added, junk typed), the diagnostics it publishes equal those of `cardc check`'s pipeline run afresh on the same
// text (parse, profile, every semantic pass, the binding, error limit 20), in order and in every field. And the work is the
// edit's: typing in one card's text parses and checks that card only.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "base/read_file.h"
#include "bind/check_binding.h"
#include "driver/inputs.h"
#include "parse/parser.h"
#include "profile/load_profile.h"
#include "sema/pipeline.h"
#include "synthetic_set.h"
#include "tools/set_checker.h"

namespace {

using namespace cardc;

std::string where(const SourceManager& sm, SourceRange r) {
  if (!r.valid()) return "-";
  LineCol a = sm.line_col(r.file, r.begin), b = sm.line_col(r.file, r.end);
  return fmt::format("{}:{}:{}-{}:{}", sm.name(r.file), a.line, a.col, b.line, b.col);
}

// Every field a diagnostic publishes, one line each, in the order published.
std::vector<std::string> published(const DiagnosticEngine& diags, const SourceManager& sm) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diags.sorted()) {
    std::string line = fmt::format("{} {} {} [{}] {}", where(sm, d.range), diag_info(d.id).name,
                                   static_cast<int>(d.severity), d.card_title, d.message);
    for (const auto& n : d.notes) line += " | note " + where(sm, n.range) + " " + n.message;
    for (const auto& f : d.fixits) line += " | fix " + where(sm, f.range) + " '" + f.replacement + "'";
    out.push_back(line);
  }
  if (diags.limit_hit()) out.push_back("(error limit hit)");
  return out;
}

// The reference: what `cardc check` does, from nothing, with no cache of any kind.
std::vector<std::string> full_check(const std::string& path, const std::string& text) {
  SourceManager sm;
  DiagnosticEngine diags(sm);
  diags.set_error_limit(kDefaultErrorLimit);
  FileId f = sm.add(path, text);
  auto set = parse_card_set(sm, f, diags);
  if (set && !set->game.empty()) {
    auto profile_path = find_profile(set->game, path, {});
    EXPECT_TRUE(profile_path) << set->game;
    if (!profile_path) return {};
    FileId pf = sm.add(*profile_path, read_file(*profile_path));
    DiagnosticEngine scratch(sm);
    auto profile_ast = parse_profile(sm, pf, scratch);
    auto profile = profile_ast ? load_profile(*profile_ast, scratch) : nullptr;
    if (profile) {
      CheckContext ctx{sm, *profile, *set, diags, {}};
      check_card_set(ctx);
      return published(diags, sm);
    }
  }
  return published(diags, sm);
}

// A deterministic series of edits, each made where a designer might make it.
class Editor {
 public:
  Editor(std::string text, uint64_t seed) : text_(std::move(text)), state_(seed) {}
  const std::string& text() const { return text_; }

  // One edit; returns what it was, for the failure message.
  std::string edit() {
    std::vector<size_t> cards;
    for (size_t at = text_.find("\ncard "); at != std::string::npos; at = text_.find("\ncard ", at + 1))
      cards.push_back(at + 1);
    if (cards.empty()) return "no card";
    const size_t k = next(cards.size());
    const size_t begin = cards[k], end = k + 1 < cards.size() ? cards[k + 1] : text_.size();
    const std::string card = text_.substr(begin, end - begin);
    switch (next(9)) {
      case 0:
      case 1:
      case 2: {  // a letter typed in the card's text
        size_t t = card.find("\n    ");
        if (t == std::string::npos) t = card.size() / 2;
        const size_t at = begin + t + 5 + next(20);
        text_.insert(std::min(at, end - 1), 1, "xe .2"[next(5)]);
        return fmt::format("typed in card {}", k);
      }
      case 3: {  // a letter deleted anywhere in the card
        const size_t at = begin + next(card.size());
        text_.erase(at, 1);
        return fmt::format("deleted byte {} of card {}", at - begin, k);
      }
      case 4: {  // a stat misspelt
        size_t s = card.find("Force");
        if (s == std::string::npos) s = card.find("Chi");
        if (s == std::string::npos) return "no stat";
        text_.replace(begin + s, 2, "Fx");
        return fmt::format("stat misspelt in card {}", k);
      }
      case 5: {  // the title changed
        const size_t q = card.find('"');
        text_.insert(begin + q + 1, "New ");
        return fmt::format("title changed in card {}", k);
      }
      case 6:  // the card copied after itself (a repeated title)
        text_.insert(end, card.back() == '\n' ? card : card + "\n");
        return fmt::format("card {} repeated", k);
      case 7:  // the card removed
        text_.erase(begin, end - begin);
        return fmt::format("card {} removed", k);
      default: {  // a line of junk in the card
        const size_t nl = card.find('\n');
        text_.insert(begin + nl + 1, "  junk ~~ here\n");
        return fmt::format("junk in card {}", k);
      }
    }
  }

 private:
  size_t next(size_t n) {
    state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<size_t>((state_ >> 33) % n);
  }
  std::string text_;
  uint64_t state_;
};

void expect_same_as_full_checks(const std::string& path, const std::string& text, int edits, uint64_t seed) {
  tools::SetChecker checker({}, nullptr);
  Editor editor(text, seed);
  size_t incremental = 0;
  std::string history;
  for (int i = 0; i <= edits; ++i) {
    if (i > 0) history += editor.edit() + "; ";
    auto doc = checker.check(path, editor.text());
    if (doc->cards_reused > 0) ++incremental;
    ASSERT_EQ(published(doc->diags, doc->sm), full_check(path, editor.text())) << "after: " << history;
  }
  // Most edits leave every title in place: those are checked piecewise.
  EXPECT_GT(incremental, static_cast<size_t>(edits / 3)) << history;
}

std::string source(const std::string& relative) { return std::string(CARDC_SOURCE_DIR) + "/" + relative; }

TEST(SetChecker, EditsOfTheBundledSetsGiveTheFullCheck) {
  for (const char* set : {"cards/legends/emerald_dawn.cards", "cards/heroes/lantern_road.cards",
                          "cards/gems/prismfall.cards", "cards/terrus/ashen_meadows.cards"}) {
    SCOPED_TRACE(set);
    expect_same_as_full_checks(source(set), read_file(source(set)), 40, 7);
  }
}

TEST(SetChecker, EditsPastTheErrorLimitGiveTheFullCheck) {
  // 200 synthetic cards, 30 of them with a misspelt stat: more errors than the limit shows, so which 20 are shown
  // depends on the order a full check reports them in.
  std::string text = bench::synthetic_legends_set(200, 3);
  size_t at = 0;
  for (int i = 0; i < 30 && (at = text.find("stats Force", at)) != std::string::npos; ++i, at += 400)
    text.replace(at + 6, 5, "Forse");
  const std::string path = source("cards/legends/synthetic_edits.cards");
  ASSERT_NE(std::find(full_check(path, text).begin(), full_check(path, text).end(), "(error limit hit)"),
            full_check(path, text).end());
  expect_same_as_full_checks(path, text, 60, 11);
}

TEST(SetChecker, TypingInOneCardChecksThatCardOnly) {
  const std::string path = source("cards/legends/emerald_dawn.cards");
  const std::string text = read_file(path);
  tools::SetChecker checker({}, nullptr);
  auto first = checker.check(path, text);
  const size_t cards = first->set->cards.size();
  EXPECT_EQ(first->cards_checked, cards);
  std::string typed = text;
  typed.replace(typed.find("Lose 3 Honor."), 13, "Lose 4 Honor.");
  auto second = checker.check(path, typed);
  EXPECT_EQ(second->cards_parsed, 1u);
  EXPECT_EQ(second->cards_checked, 1u);
  EXPECT_EQ(second->cards_reused, cards - 1);
  EXPECT_EQ(published(second->diags, second->sm), full_check(path, typed));
  // A changed title may change what other cards' text refers to: every card is checked again.
  std::string retitled = typed;
  retitled.replace(retitled.find("card \"Akodo Kage\""), 17, "card \"Akodo Kagi\"");
  auto third = checker.check(path, retitled);
  EXPECT_EQ(third->cards_checked, cards);
  EXPECT_EQ(published(third->diags, third->sm), full_check(path, retitled));
}

// Issue 21 B10: the editor shows what `cardc check` shows, binding included: words nothing reads are an error as the
// designer types them, in the card typed in (checked alone) and in a full check.
TEST(SetChecker, WordsNothingReadsAreAnErrorAsTyped) {
  const std::string path = source("cards/legends/emerald_dawn.cards");
  const std::string text = read_file(path);
  tools::SetChecker checker({}, nullptr);
  auto first = checker.check(path, text);
  EXPECT_EQ(first->diags.errors(), 0u);
  std::string typed = text;
  typed.replace(typed.find("Lose 3 Honor."), 13, "Lose 3 Honor and then some.");
  auto second = checker.check(path, typed);
  EXPECT_EQ(second->cards_checked, 1u);
  const std::vector<std::string> shown = published(second->diags, second->sm);
  EXPECT_EQ(shown, full_check(path, typed));
  ASSERT_EQ(shown.size(), 1u);
  EXPECT_NE(shown[0].find("EffectNotCompiled"), std::string::npos) << shown[0];
  EXPECT_NE(shown[0].find("'Lose 3 Honor and then some'"), std::string::npos) << shown[0];
}

TEST(SetChecker, AnEditedProfileIsReadAgain) {
  // An open profile's text (as edited) is what the set is checked against; a change to it is seen.
  const std::string path = source("cards/legends/emerald_dawn.cards");
  std::optional<std::string> profile = read_file(source("cards/legends/legends.game"));
  tools::SetChecker checker({}, [&](const std::string& p) {
    return p.ends_with("legends.game") ? profile : std::nullopt;
  });
  auto before = checker.check(path, read_file(path));
  EXPECT_TRUE(before->profile()->stat("Chi"));
  const size_t chi = profile->find("stat Chi");
  ASSERT_NE(chi, std::string::npos);
  profile->replace(chi, 8, "stat Qi ");
  auto after = checker.check(path, read_file(path));
  EXPECT_FALSE(after->profile()->stat("Chi"));
  EXPECT_EQ(after->cards_checked, after->set->cards.size());
  EXPECT_GT(after->diags.errors(), before->diags.errors());
}

}  // namespace
