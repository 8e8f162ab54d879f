// The fast card reader (compiler/parse/fast_card.cpp) against the grammar's ANTLR parser: for every card set in the
// repository and for tricky cards written here, both give the same AST with the same byte ranges and the same
// diagnostics; the fast path reads ordinary cards itself and gives back the ones it must not read.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "base/read_file.h"
#include "diag/render.h"
#include "parse/fast_card.h"
#include "test_support.h"

namespace cardc {

namespace {

// Every field of the tree, ranges as byte offsets: the two paths must agree exactly.
struct Printer {
  std::ostringstream out;
  void r(SourceRange x) { out << '<' << x.file << ':' << x.begin << '-' << x.end << '>'; }
  void paragraph(const ast::Paragraph& p) {
    out << "P";
    r(p.range);
    for (const auto& b : p.blocks) {
      out << "\n B" << b.bold;
      r(b.range);
      for (const auto& s : b.sentences) {
        out << "\n  S" << s.ends_with_period;
        r(s.range);
        for (const auto& t : s.terms) {
          out << "\n   T" << int(t.kind) << " '" << t.text << "' b" << t.bold << " i" << t.italic << " v"
              << (t.embedded_text() ? 0 : t.value) << " x" << t.uses_x << " f" << t.fractional << " s'" << t.stat()
              << "'";
          r(t.range);
          if (t.embedded_text()) {
            out << " {";
            paragraph(*t.embedded_text());
            out << "}";
          }
        }
      }
    }
    for (const auto& m : p.reminders) {
      out << "\n R'" << m.text << "'";
      r(m.range);
    }
  }
  void card(const ast::Card& c) {
    out << "\nCARD '" << c.title << "'";
    r(c.title_range);
    r(c.range);
    out << " type '" << c.type << "'";
    r(c.type_range);
    for (const auto& s : c.stats) {
      out << "\n stat '" << s.name << "'";
      r(s.name_range);
      out << int(s.value.kind) << ' ' << s.value.value;
      r(s.value.range);
      r(s.range);
    }
    for (const auto& k : c.keywords) {
      out << "\n kw '" << k.text << "' " << k.bold;
      r(k.range);
    }
    for (const auto& p : c.text) {
      out << "\n";
      paragraph(p);
    }
    out << "\n flavor '" << c.flavor << "'";
    r(c.flavor_range);
    for (const auto& f : c.fields) {
      out << " F" << int(f.kind);
      r(f.range);
    }
  }
};

std::string parse_all(const std::string& text, bool antlr_only) {
  SourceManager sm;
  DiagnosticEngine d(sm);
  FileId f = sm.add("t.cards", text);
  ParseLimits limits;
  limits.antlr_only = antlr_only;
  auto set = parse_card_set(sm, f, d, limits);
  Printer p;
  if (set) {
    p.out << set->game;
    p.r(set->game_range);
    p.out << set->set_name;
    p.r(set->set_range);
    for (const auto& c : set->cards) p.card(c);
  } else {
    p.out << "no set";
  }
  p.out << "\n--- diagnostics\n";
  for (const auto& x : d.sorted()) render_text(sm, x, p.out, {});
  return p.out.str();
}

void expect_same(const std::string& text, const std::string& what) {
  std::string antlr = parse_all(text, true), fast = parse_all(text, false);
  EXPECT_EQ(fast, antlr) << what;
}

// Whether the fast path reads a card by itself (the set's only card, after a header).
bool fast_reads(const std::string& card) { return fast_parse_card(card, 0, 0, {}).has_value(); }

}  // namespace

TEST(FastCard, EverySetInTheRepositoryParsesTheSame) {
  size_t files = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(CARDC_SOURCE_DIR)) {
    const std::string path = e.path().string();
    if (e.path().extension() != ".cards" || path.find("/build") != std::string::npos) continue;
    ++files;
    expect_same(read_file(path), path);
  }
  EXPECT_GT(files, 50u);
}

TEST(FastCard, TrickyCardsParseTheSame) {
  const std::string head = "game legends\nset \"T\"\n\n";
  const char* cards[] = {
      // markup, keywords, stats with X, dash, asterisk, signed values; field words inside text
      "card \"A\"\n  type Personality\n  stats Force X · Chi - , Honor Requirement 3* · Gold Cost *\n"
      "  keywords **Unique** • Lion Clan · Samurai\n  text\n    **Battle:** Bow him until the end of the turn: "
      "Draw a card; type text card stats.\n    _Ninja_ +2F, -X, \u22123 and +X give X. 1.5 or 2 . 3\n"
      "  flavor _Hello \u201cthere\u201d_\nend\n",
      // embedded text, straight and curly quotes, nested reminders, empty quotes
      "card \"B\"\n  type Strategy\n  text\n    Give him \"Battle: Bow him.\" (Reminder (nested \"x\") it's free.)\n"
      "    Say \u201cOpen: Draw 2 cards.\u201d and \"\" too.\n    (Only a reminder.)\nend\n\n\n",
      // words with apostrophes, hyphens, U+2019; a word that is a letter X; declaration words
      "card \"C\"\n  type Holding\n  text\n    The hero's Dragon-clan X-ray set game stat player\u2019s tokens' - \u2013 \u2014.\n",
      // no end, trailing comment lines, CRLF line ends, a comment after a field
      "card \"D\"\r\n  type Follower # a comment\r\n  stats Force 2\r\n  text\r\n    Draw a card.\r\n# trailing\r\n\r\n",
      // `end` at the end of input without a line break
      "card \"E\"\n  type Follower\nend",
      // letters outside ASCII: in the title and flavor (read), in text (given back to ANTLR, the same result)
      "card \"Caf\u00e9 \u00c9t\u00e9\"\n  type Follower\n  flavor Mot\u00e9 \u76ee\nend\n",
      "card \"F\"\n  type Follower\n  text\n    Bow the caf\u00e9-owner and Jos\u00e9.\nend\n",
      // syntax errors: missing value, stray characters, unterminated quote, lone CR, missing newline at the end
      "card \"G\"\n  type Personality\n  stats Force\nend\n",
      "card \"H\"\n  type Personality\n  text\n    Draw a card & bow him + 2 @.\nend\n",
      "card \"I\"\n  type Strategy\n  text\n    Give him \"Battle: Bow him.\nend\n",
      "card \"J\r\"\n  type Strategy\n  text\n    Draw\r a card.\nend\n",
      "card \"K\"\n  type Strategy\n  text\n    Draw a card.",
      "card \"L\"\n  type\n  keywords **Unclosed\n  stats Force 3 Chi 2\nend\n",
      "card \"M\"\n  type Strategy\n  text\n    Draw 99999999999999999999 cards and gain +9999999F.\nend\n",
      "card\n  type Token\n  text\n    : Draw.\n  text\n  flavor\nend\nend\n",
      "card \"N\"\n  type Strategy\n  text\n    Give \"\"Battle: \"Open: \"Draw.\"\"\"\" \u2018x\u2019 and 'y' \u2018\"Draw a card.\"\u2019\u00a0\"Bow.\" [\"Open: Bow.\"].\nend\n",
      "card \"O\"\n  type Strategy\n  text\n    ((((((((((((((((((((((((((((((((((deep))))))))))))))))))))))))))))))))))\nend\n",
      "card \"Ab \u2018\"\n  type Strategy\nend\n",  // a straight quote after U+2018 opens: not a title's end
      "card \"P\" extra\n  type Strategy\nend\n",
      "card \"Q\"\n  type Strategy\n  text\n    Draw a card.)\n    Bow him.\"\nend\n",
      // keywords with numbers (written against a word too), a modifier set by the text; "+*" and a keyword that
      // starts with a number are syntax errors
      "card \"R\"\n  type Item\n  stats Force +* \u00b7 Chi +1\n  keywords **Experienced 2CW** \u2022 Keeper of the 9th "
      "Gate \u2022 Two-Handed 3 / 4\nend\n",
      "card \"S\"\n  type Item\n  stats Force -* \u00b7 Chi +*F\n  keywords 2 Rings\n  text\n    Give him +*.\nend\n",
  };
  for (const char* c : cards) expect_same(head + c, c);
  // Every card above in one set, one after another.
  std::string all = head;
  for (const char* c : cards) all += std::string(c) + "\n";
  expect_same(all, "all together");
}

// Terms view the text of the file they were parsed from, also when a card comes from the cache of unchanged cards
// (parsed from another source manager, gone since): ast::relocated re-points them into the new file.
TEST(FastCard, TermsViewTheSourceTheyWereReadFrom) {
  const std::string a = "game legends\n\ncard \"A\"\n  type Strategy\n  text\n    Give him +2F and \"Battle: Bow him.\"\nend\n\n"
                        "card \"B\"\n  type Strategy\n  text\n    Draw 1.5 cards.\nend\n";
  const std::string b = "game legends\n\ncard \"New\"\n  type Strategy\n  text\n    Bow him.\nend\n\n" + a.substr(14);
  CardParseCache cache;
  for (const std::string* text : {&a, &b}) {
    SourceManager sm;
    DiagnosticEngine d(sm);
    FileId f = sm.add("t.cards", *text);
    auto set = parse_card_set(sm, f, d, {}, &cache);
    ASSERT_TRUE(set);
    std::string_view src = sm.contents(f);
    size_t terms = 0;
    auto check = [&](const ast::Paragraph& p, auto& self) -> void {
      for (const auto& blk : p.blocks)
        for (const auto& s : blk.sentences)
          for (const auto& t : s.terms) {
            ++terms;
            EXPECT_GE(t.text.data(), src.data());
            EXPECT_LE(t.text.data() + t.text.size(), src.data() + src.size());
            EXPECT_EQ(t.text, sm.text(t.range));
            if (!t.stat().empty()) {
              EXPECT_EQ(t.stat().data() + t.stat().size(), t.text.data() + t.text.size());
            }
            if (t.embedded_text()) self(*t.embedded_text(), self);
          }
    };
    for (const auto& c : set->cards)
      for (const auto& p : c.text) check(p, check);
    EXPECT_GT(terms, 10u);
  }
  EXPECT_EQ(cache.hits(), 2u);  // A and B, the second time
}

TEST(FastCard, ReadsOrdinaryCardsAndGivesBackWhatItMustNotRead) {
  EXPECT_TRUE(fast_reads("card \"A\"\n  type Personality\n  stats Force 2 · Chi 3\n  text\n    Draw a card.\nend\n"));
  EXPECT_TRUE(fast_reads("card \"Caf\u00e9\"\n  type Personality\n  flavor \u76ee\nend\n"));
  EXPECT_FALSE(fast_reads("card \"A\"\n  type Personality\n  stats Force\nend\n"));        // syntax error
  EXPECT_FALSE(fast_reads("card \"A\"\n  type Personality\n  text\n    Draw & bow.\nend\n"));  // reported character
  EXPECT_FALSE(fast_reads("card \"A\"\n  type Strategy\n  text\n    Bow Jos\u00e9.\nend\n"));  // \p{L} decides
  EXPECT_FALSE(fast_reads("card \"A\"\n  type Strategy\n  text\n    Draw 9999999 cards.\nend\n"));  // out of range
  auto card = fast_parse_card("card \"A\"\n  text\n    Bow him.\n", 7, 100, {});
  ASSERT_TRUE(card);
  EXPECT_EQ(card->title_range, (SourceRange{7, 106, 107}));
  ASSERT_EQ(card->text.size(), 1u);
  EXPECT_EQ(card->text[0].blocks[0].sentences[0].terms[1].range, (SourceRange{7, 124, 127}));  // "him"
  EXPECT_EQ(card->range, (SourceRange{7, 100, 129}));  // to the last line break, as ANTLR's rule stop
}

}  // namespace cardc
