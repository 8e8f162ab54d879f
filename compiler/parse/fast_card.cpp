// The fast path of the card parser (see fast_card.h): a hand-written lexer for grammar/CardText.g4's lexer rules and
// a recursive-descent reader of its `cardChunk` rule, with parser.cpp's AstBuilder logic for the AST. Whatever it
// is not sure of, it gives back to ANTLR (returns nothing), so the grammar stays the one definition of the syntax.
#include "parse/fast_card.h"

#include <charconv>
#include <iterator>
#include <memory>
#include <vector>

namespace cardc {

namespace {

// Token kinds of the card-chunk grammar. Declaration words (game, set, stat, ...) are plain words inside a card
// (`textWord`), so they lex as Word here; field words keep their own kinds.
enum class T : uint8_t {
  Word, VarX, Number, Signed, SignedStar, Bold, Star, Italic, Colon, Period, Comma, Semi, Slash, Equals, Question, Bang,
  LParen, RParen, LBrack, RBrack, Bullet, Middot, Dash, OpenQuote, CloseQuote, NL, Other,
  Unknown,  // a code point outside ASCII that may be a letter (\p{L}): only where token kinds do not matter
  Card, Type, Stats, Keywords, Text, Flavor, End, Eof
};

struct Tok {
  T type;
  uint32_t begin, end;  // bytes of the slice
};

bool ascii_letter(unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
bool ascii_digit(unsigned char c) { return c >= '0' && c <= '9'; }

// The code point at s[i] (valid UTF-8: check_source_text ran first) and its length.
char32_t decode(std::string_view s, size_t i, size_t& n) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) return n = 1, c;
  n = (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : 4;
  if (i + n > s.size()) return n = 1, 0xFFFD;
  char32_t cp = c & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
  for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return cp;
}

T keyword_or_word(std::string_view w) {
  switch (w.size()) {
    case 1: return w[0] == 'X' ? T::VarX : T::Word;
    case 3: return w == "end" ? T::End : T::Word;
    case 4: return w == "card" ? T::Card : w == "type" ? T::Type : w == "text" ? T::Text : T::Word;
    case 5: return w == "stats" ? T::Stats : T::Word;
    case 6: return w == "flavor" ? T::Flavor : T::Word;
    case 8: return w == "keywords" ? T::Keywords : T::Word;
    default: return T::Word;
  }
}

// The lexer rules of grammar/CardText.g4, longest match first, the first rule on a tie. Hidden tokens (blanks,
// comments) are dropped: the parser never sees them.
class Lexer {
 public:
  explicit Lexer(std::string_view s) : s_(s) {}

  void run(std::vector<Tok>& out) {
    size_t i = 0;
    while (i < s_.size()) {
      const size_t start = i;
      unsigned char c = static_cast<unsigned char>(s_[i]);
      T type = T::Other;
      if (c < 0x80) {
        ++i;
        if (ascii_letter(c)) {
          i = word_end(start);
          type = keyword_or_word(s_.substr(start, i - start));
        } else if (ascii_digit(c)) {
          while (i < s_.size() && ascii_digit(static_cast<unsigned char>(s_[i]))) ++i;
          type = T::Number;
        } else {
          switch (c) {
            case ' ': case '\t': continue;  // WS
            case '\n': type = T::NL; break;
            case '\r':
              if (i < s_.size() && s_[i] == '\n') {
                ++i;
                type = T::NL;
              }
              break;  // a lone CR is OTHER
            case '#':  // COMMENT : '#' ~[\r\n]*
              while (i < s_.size() && s_[i] != '\r' && s_[i] != '\n') ++i;
              continue;
            case '+':
              if (i < s_.size() && s_[i] == '*') {  // SIGNED_STAR : '+*'
                ++i;
                type = T::SignedStar;
              } else {
                type = signed_end(i, T::Other);
              }
              break;
            case '-': type = signed_end(i, T::Dash); break;
            case '*':
              if (i < s_.size() && s_[i] == '*') {
                ++i;
                type = T::Bold;
              } else {
                type = T::Star;
              }
              break;
            case '_': type = T::Italic; break;
            case ':': type = T::Colon; break;
            case '.': type = T::Period; break;
            case ',': type = T::Comma; break;
            case ';': type = T::Semi; break;
            case '/': type = T::Slash; break;
            case '=': type = T::Equals; break;
            case '?': type = T::Question; break;
            case '!': type = T::Bang; break;
            case '(': type = T::LParen; break;
            case ')': type = T::RParen; break;
            case '[': type = T::LBrack; break;
            case ']': type = T::RBrack; break;
            case '"': type = quote_opens(start) ? T::OpenQuote : T::CloseQuote; break;
            default: break;  // OTHER
          }
        }
      } else {
        size_t n = 0;
        char32_t cp = decode(s_, i, n);
        i += n;
        switch (cp) {
          case 0x00A0: case 0xFEFF: continue;  // WS
          case 0x201C: type = T::OpenQuote; break;
          case 0x201D: type = T::CloseQuote; break;
          case 0x2022: type = T::Bullet; break;
          case 0x00B7: type = T::Middot; break;
          case 0x2013: case 0x2014: type = T::Dash; break;
          case 0x2212: type = signed_end(i, T::Dash); break;
          case 0x2018: case 0x2019: type = T::Other; break;
          default: type = T::Unknown; break;
        }
      }
      out.push_back({type, static_cast<uint32_t>(start), static_cast<uint32_t>(i)});
    }
    out.push_back({T::Eof, static_cast<uint32_t>(s_.size()), static_cast<uint32_t>(s_.size())});
  }

 private:
  // WORD : LETTER (LETTER | DIGIT | APOS | '-' LETTER)* APOS? from s_[start], a letter. A code point outside
  // ASCII that may be a letter ends the word as Unknown would: the parser then gives the card back to ANTLR
  // wherever the split matters, so the word is marked by `unknown_`.
  size_t word_end(size_t start) {
    size_t i = start + 1;
    while (i < s_.size()) {
      unsigned char c = static_cast<unsigned char>(s_[i]);
      if (ascii_letter(c) || ascii_digit(c) || c == '\'') {
        ++i;
      } else if (c == '-' && i + 1 < s_.size() && ascii_letter(static_cast<unsigned char>(s_[i + 1]))) {
        i += 2;
      } else if (c >= 0x80) {
        size_t n = 0;
        if (decode(s_, i, n) != 0x2019) break;  // U+2019 is an APOS; anything else ends the word here
        i += n;
      } else {
        break;
      }
    }
    return i;
  }

  // SIGNED : [+\-\u2212] (DIGIT+ | 'X') LETTER*, with `i` just past the sign; otherwise the sign is `alone`.
  T signed_end(size_t& i, T alone) {
    if (i < s_.size() && ascii_digit(static_cast<unsigned char>(s_[i]))) {
      while (i < s_.size() && ascii_digit(static_cast<unsigned char>(s_[i]))) ++i;
    } else if (i < s_.size() && s_[i] == 'X') {
      ++i;
    } else {
      return alone;
    }
    while (i < s_.size() && ascii_letter(static_cast<unsigned char>(s_[i]))) ++i;
    return T::Signed;
  }

  // The grammar's quoteOpens(): a straight quote opens after a blank, the start of input or an opening bracket.
  bool quote_opens(size_t at) const {
    if (at == 0) return true;
    size_t p = at - 1;
    while (p > 0 && (static_cast<unsigned char>(s_[p]) & 0xC0) == 0x80) --p;
    size_t n = 0;
    char32_t c = decode(s_, p, n);
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '(' || c == '[' || c == 0x201C || c == 0x2018 ||
           c == 0xA0;
  }

  std::string_view s_;
};

// Whatever the fast path does not read exactly as the grammar would, unwinding to fast_parse_card.
struct GiveUp {};

// One element of a paragraph as AstBuilder::paragraph sees it: a token, embedded text or reminder text.
struct Elem {
  enum Kind : uint8_t { Token, Embedded, Reminder } kind = Token;
  uint32_t first = 0, last = 0;  // token indexes: the token, or the opening and closing quote / parenthesis
  std::vector<Elem> inner;       // Embedded: its paragraph's elements (empty: `""`)
};

class Reader {
 public:
  Reader(std::string_view src, FileId file, uint32_t base, const ParseLimits& limits, const std::vector<Tok>& toks)
      : src_(src), file_(file), base_(base), limits_(limits), toks_(toks) {}

  // cardChunk : NL* cardDecl EOF
  // cardDecl : K_CARD title=quoted? NL+ field* (K_END (NL+ | EOF))?
  ast::Card card() {
    ast::Card card;
    std::vector<ast::DraftParagraph> paragraphs;
    skip_nl();
    expect(T::Card);
    const size_t start = pos_ - 1;
    card.title_range = range(start);
    if (la() == T::OpenQuote) {
      uint32_t open = pos_++;
      while (la() != T::CloseQuote) {  // quotedElement : ~(NL | OPEN_QUOTE | CLOSE_QUOTE)
        if (la() == T::NL || la() == T::OpenQuote || la() == T::Eof) throw GiveUp{};
        ++pos_;
      }
      uint32_t close = pos_++;
      card.title_range = {file_, range(open).end, range(close).begin};
      card.title = std::string(text(card.title_range));
    }
    nl_plus();
    for (bool more = true; more;) {
      switch (la()) {
        case T::Type: {
          card.fields.push_back({ast::FieldKind::Type, range(pos_++)});
          auto [a, b] = name_words();
          if (card.type.empty()) {
            card.type = name_text(a, b);
            card.type_range = range(a, b);
          }
          nl_plus();
          break;
        }
        case T::Stats:
          card.fields.push_back({ast::FieldKind::Stats, range(pos_++)});
          for (;;) {
            card.stats.push_back(stat_entry());
            if (la() != T::Middot && la() != T::Comma) break;
            ++pos_;
          }
          nl_plus();
          break;
        case T::Keywords:
          card.fields.push_back({ast::FieldKind::Keywords, range(pos_++)});
          for (;;) {
            // keywordEntry : BOLD keywordName BOLD | keywordName ; keywordName : nameWord (nameWord | NUMBER)*
            ast::KeywordEntry kw;
            kw.bold = la() == T::Bold;
            if (kw.bold) ++pos_;
            auto [a, b] = name_words(/*numbers_after_first=*/true);
            if (kw.bold) expect(T::Bold);
            kw.text = name_text(a, b);
            kw.range = range(a, b);
            card.keywords.push_back(std::move(kw));
            if (la() != T::Bullet && la() != T::Middot && la() != T::Comma) break;
            ++pos_;
          }
          nl_plus();
          break;
        case T::Text:
          // K_TEXT (NL+ | paragraph NL+) (paragraph NL+)*
          card.fields.push_back({ast::FieldKind::Text, range(pos_++)});
          if (la() == T::NL) nl_plus();
          else if (!lead(la())) throw GiveUp{};
          while (lead(la())) {
            paragraphs.push_back(paragraph());
            nl_plus();
          }
          break;
        case T::Flavor: {
          // K_FLAVOR flavorElement* NL+ ; flavorElement : ~(NL)
          card.fields.push_back({ast::FieldKind::Flavor, range(pos_++)});
          const size_t a = pos_;
          while (la() != T::NL && la() != T::Eof) ++pos_;
          if (pos_ > a) {
            SourceRange r = range(a, pos_ - 1);
            std::string_view s = text(r);
            // _italic_ markup around flavor is presentation, not text.
            if (s.size() >= 2 && s.front() == '_' && s.back() == '_') {
              s = s.substr(1, s.size() - 2);
              r.begin += 1;
              r.end -= 1;
            }
            card.flavor = std::string(s);
            card.flavor_range = r;
          }
          nl_plus();
          break;
        }
        case T::End:
          ++pos_;
          if (la() == T::NL) nl_plus();
          more = false;
          break;
        case T::Eof:
          more = false;
          break;
        default:
          throw GiveUp{};
      }
    }
    if (la() != T::Eof) throw GiveUp{};
    // ANTLR's rule stop: the last token consumed (EOF never is).
    card.range = range(start, pos_ - 1);
    card.stats.shrink_to_fit();
    card.keywords.shrink_to_fit();
    card.text = ast::CardText(paragraphs);
    card.fields.shrink_to_fit();
    return card;
  }

 private:
  T la() const { return toks_[pos_].type; }  // the last token is Eof and is never consumed
  void expect(T t) {
    if (la() != t) throw GiveUp{};
    ++pos_;
  }
  void skip_nl() {
    while (la() == T::NL) ++pos_;
  }
  void nl_plus() {
    expect(T::NL);
    skip_nl();
  }

  SourceRange range(size_t tok) const { return {file_, base_ + toks_[tok].begin, base_ + toks_[tok].end}; }
  SourceRange range(size_t first, size_t last) const {
    return {file_, base_ + toks_[first].begin, base_ + toks_[last].end};
  }
  std::string_view text(SourceRange r) const { return src_.substr(r.begin - base_, r.end - r.begin); }
  std::string_view text(size_t tok) const { return src_.substr(toks_[tok].begin, toks_[tok].end - toks_[tok].begin); }

  static bool word(T t) { return t == T::Word || t == T::VarX || (t >= T::Card && t <= T::End); }
  static bool name_word(T t) { return word(t) || t == T::Dash || t == T::Slash; }
  // leadElement : textWord | NUMBER | SIGNED | VARX | STAR | BOLD | ITALIC | DASH | embedded | reminder
  static bool lead(T t) {
    switch (t) {
      case T::Word: case T::VarX: case T::Number: case T::Signed: case T::Star: case T::Bold: case T::Italic:
      case T::Dash: case T::OpenQuote: case T::LParen:
        return true;
      default:
        return false;
    }
  }
  // element : word | NUMBER | ... | embedded | reminder | OTHER  (not NL, RPAREN, CLOSE_QUOTE)
  static bool element(T t) {
    switch (t) {
      case T::NL: case T::RParen: case T::CloseQuote: case T::Eof:
        return false;
      case T::Other: case T::Unknown: case T::SignedStar:
        throw GiveUp{};  // reported by AstBuilder, or a word of letters outside ASCII: ANTLR's
      default:
        return true;
    }
  }

  // nameWords : nameWord+ (greedy: every token up to the next non-name word)
  // A keyword's name may also hold numbers after its first word (keywordName).
  std::pair<size_t, size_t> name_words(bool numbers_after_first = false) {
    const size_t a = pos_;
    while (name_word(la()) || (numbers_after_first && pos_ > a && la() == T::Number)) ++pos_;
    if (pos_ == a) throw GiveUp{};
    return {a, pos_ - 1};
  }

  // Words joined by single spaces, as a name is compared (AstBuilder::name_text); a number written against a word
  // in a keyword ("2CW", "9th") stays one word.
  std::string name_text(size_t a, size_t b) const {
    std::string out;
    for (size_t i = a; i <= b; ++i) {
      if (!out.empty() && toks_[i].type != T::Dash && toks_[i].type != T::Slash && out.back() != '-' &&
          out.back() != '/' && toks_[i].begin != toks_[i - 1].end)
        out += ' ';
      out += text(i);
    }
    return out;
  }

  int64_t number(std::string_view digits) const {
    int64_t v = 0;
    auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || v > limits_.max_number) throw GiveUp{};  // NumberOutOfRange: ANTLR's path reports
    (void)p;
    return v;
  }

  // statEntry : nameWords statValue ; statValue : NUMBER STAR? | SIGNED | VARX | DASH | STAR
  // The value is the entry's last token (or NUMBER STAR): the words before it are the name, VARX and DASH too.
  ast::StatEntry stat_entry() {
    const size_t a = pos_;
    while (la() != T::Middot && la() != T::Comma && la() != T::NL && la() != T::Eof) ++pos_;
    if (pos_ - a < 2) throw GiveUp{};
    const size_t last = pos_ - 1;
    size_t value = last;
    if (toks_[last].type == T::Star && toks_[last - 1].type == T::Number) value = last - 1;
    switch (toks_[value].type) {
      case T::Number: case T::Signed: case T::VarX: case T::Dash: case T::Star: case T::SignedStar: break;
      default: throw GiveUp{};
    }
    if (value == a) throw GiveUp{};
    for (size_t i = a; i < value; ++i)
      if (!name_word(toks_[i].type)) throw GiveUp{};
    ast::StatEntry e;
    e.name_range = range(a, value - 1);
    e.name = ast::stat_name(text(e.name_range), name_text(a, value - 1));
    e.range = range(a, last);
    e.value.range = range(value, last);
    switch (toks_[value].type) {
      case T::Number:
        e.value.value = number(text(value));
        e.value.kind = value != last ? ast::StatValueKind::NumberAsterisk : ast::StatValueKind::Number;
        break;
      case T::Signed: {
        ast::Term t = modifier(value);
        e.value.kind = t.uses_x ? ast::StatValueKind::X : ast::StatValueKind::Signed;
        e.value.value = t.value;
        break;
      }
      case T::VarX: e.value.kind = ast::StatValueKind::X; break;
      case T::Dash: e.value.kind = ast::StatValueKind::Absent; break;
      case T::SignedStar: e.value.kind = ast::StatValueKind::SignedVariable; break;
      default: e.value.kind = ast::StatValueKind::Variable; break;
    }
    return e;
  }

  // SIGNED : [+-] (DIGIT+ | 'X') LETTER*   ->  +2F, -3, +X  (AstBuilder::modifier)
  ast::Term modifier(size_t tok) const {
    ast::Term term;
    term.kind = ast::TermKind::Modifier;
    term.range = range(tok);
    term.text = text(tok);
    std::string_view s = term.text;
    bool negative = s[0] == '-' || s[0] != '+';  // '-' or U+2212
    size_t i = s[0] == '+' || s[0] == '-' ? 1 : 3;
    size_t j = i;
    while (j < s.size() && ascii_digit(static_cast<unsigned char>(s[j]))) ++j;
    if (j == i && j < s.size() && s[j] == 'X') {
      term.uses_x = true;
      ++j;
    } else {
      term.value = number(s.substr(i, j - i));
    }
    if (negative) term.value = -term.value;
    term.stat_size = static_cast<uint16_t>(std::min<size_t>(s.size() - j, UINT16_MAX));
    return term;
  }

  // paragraph : leadElement element*
  std::vector<Elem> paragraph_elems() {
    std::vector<Elem> out;
    if (!lead(la())) throw GiveUp{};
    do {
      Elem e;
      e.first = static_cast<uint32_t>(pos_);
      if (la() == T::OpenQuote) {
        // embedded : OPEN_QUOTE paragraph? CLOSE_QUOTE
        e.kind = Elem::Embedded;
        ++pos_;
        if (la() != T::CloseQuote) e.inner = paragraph_elems();
        expect(T::CloseQuote);
      } else if (la() == T::LParen) {
        // reminder : LPAREN reminderElement* RPAREN ; reminderElement : reminder | ~(LPAREN | RPAREN | NL)
        e.kind = Elem::Reminder;
        size_t depth = 0;
        do {
          if (la() == T::NL || la() == T::Eof) throw GiveUp{};
          if (la() == T::LParen) ++depth;
          else if (la() == T::RParen) --depth;
          ++pos_;
        } while (depth > 0);
      } else {
        ++pos_;
      }
      e.last = static_cast<uint32_t>(pos_ - 1);
      out.push_back(std::move(e));
    } while (element(la()));
    return out;
  }

  ast::DraftParagraph paragraph() { return build_paragraph(paragraph_elems()); }

  // AstBuilder::paragraph: colons split blocks and periods split sentences; ** toggles bold and _ toggles italic.
  // A draft: the card's CardText lays it out in one block (docs/performance.md, "Front end"). Terms and sentences
  // are gathered in scratch vectors that keep their capacity and copied out at their exact size.
  template <typename V>
  static V exact(V& scratch) {
    V out(std::make_move_iterator(scratch.begin()), std::make_move_iterator(scratch.end()));
    scratch.clear();
    return out;
  }

  ast::DraftParagraph build_paragraph(const std::vector<Elem>& elems) {
    ast::DraftParagraph para;
    para.range = range(elems.front().first, elems.back().last);
    bool bold = false, italic = false;
    std::vector<ast::DraftBlock>& blocks = para.blocks;
    std::vector<ast::DraftSentence> sentences;  // of the current block
    std::vector<ast::Term> terms;               // of the current sentence
    terms.reserve(32);
    SourceRange block_range, sentence_range;
    auto close_sentence = [&](bool period, SourceRange at) {
      if (!terms.empty() || period) {
        ast::DraftSentence& sentence = sentences.emplace_back();
        sentence.ends_with_period = period;
        sentence.range = terms.empty() ? at : sentence_range;
        sentence.terms = exact(terms);
      }
      sentence_range = {};
    };
    auto close_block = [&]() {
      bool any_word = false, all_bold = true;
      for (auto& s : sentences) {
        for (auto& t : s.terms) {
          if (t.kind == ast::TermKind::Word || t.kind == ast::TermKind::X) {
            any_word = true;
            all_bold = all_bold && t.bold;
          }
        }
        block_range = SourceRange::join(block_range, s.range);
      }
      ast::DraftBlock& block = blocks.emplace_back();
      block.range = block_range;
      block.bold = any_word && all_bold;
      block.sentences = exact(sentences);
      block_range = {};
    };
    auto add = [&](ast::Term t) {
      t.bold = bold;
      t.italic = italic;
      sentence_range = SourceRange::join(sentence_range, t.range);
      terms.push_back(std::move(t));
    };
    auto element = [&](const Elem& e) {
      if (e.kind == Elem::Embedded) {
        ast::Term t;
        t.kind = ast::TermKind::Embedded;
        t.range = range(e.first, e.last);
        t.text = text(t.range);
        if (!e.inner.empty()) {
          para.embedded.push_back(build_paragraph(e.inner));
        } else {
          para.embedded.emplace_back().range = t.range;
        }
        add(std::move(t));
        return;
      }
      if (e.kind == Elem::Reminder) {
        SourceRange r = range(e.first, e.last);
        para.reminders.push_back({text(SourceRange{file_, r.begin + 1, r.end - 1}), r});
        return;
      }
      const size_t tok = e.first;
      ast::Term t;
      t.range = range(tok);
      switch (toks_[tok].type) {
        case T::Bold: bold = !bold; return;
        case T::Italic: italic = !italic; return;
        case T::Colon:
          close_sentence(false, t.range);
          close_block();
          return;
        case T::Period: close_sentence(true, t.range); return;
        case T::Signed: add(modifier(tok)); return;
        default: break;
      }
      t.text = text(tok);
      switch (toks_[tok].type) {
        case T::Number:
          t.kind = ast::TermKind::Number;
          t.value = number(t.text);
          break;
        case T::VarX: t.kind = ast::TermKind::X; break;
        case T::Comma: t.kind = ast::TermKind::Comma; break;
        case T::Semi: t.kind = ast::TermKind::Semicolon; break;
        case T::Slash: t.kind = ast::TermKind::Slash; break;
        case T::Dash: t.kind = ast::TermKind::Dash; break;
        case T::Star: case T::Question: case T::Bang: case T::Equals: case T::LBrack: case T::RBrack:
        case T::Bullet: case T::Middot:
          t.kind = ast::TermKind::Other;
          break;
        default: t.kind = ast::TermKind::Word; break;
      }
      add(std::move(t));
    };
    auto start_type = [&](size_t i) { return toks_[elems[i].first].type; };
    for (size_t i = 0; i < elems.size(); ++i) {
      // "1.5": a period between two adjacent numbers is a decimal point, not the end of a sentence.
      const size_t tok = elems[i].first;
      if (start_type(i) == T::Period && i + 1 < elems.size() && !terms.empty() &&
          terms.back().kind == ast::TermKind::Number && terms.back().range.end == range(tok).begin &&
          start_type(i + 1) == T::Number && range(elems[i + 1].first).begin == range(tok).end) {
        ast::Term& num = terms.back();
        num.range.end = range(elems[i + 1].first).end;
        num.text = text(num.range);
        num.fractional = true;
        sentence_range = SourceRange::join(sentence_range, num.range);
        ++i;
        continue;
      }
      element(elems[i]);
    }
    close_sentence(false, {});
    close_block();
    return para;
  }

  std::string_view src_;
  FileId file_;
  uint32_t base_;
  const ParseLimits& limits_;
  const std::vector<Tok>& toks_;
  size_t pos_ = 0;
};

// parser.cpp's check_nesting: embedded and reminder text nested deeper than the limit is reported there.
bool nesting_within(const std::vector<Tok>& toks, size_t max) {
  size_t depth = 0;
  for (const Tok& t : toks) {
    if (t.type == T::OpenQuote || t.type == T::LParen) {
      if (++depth > max) return false;
    } else if ((t.type == T::CloseQuote || t.type == T::RParen) && depth > 0) {
      --depth;
    } else if (t.type == T::NL) {
      depth = 0;
    }
  }
  return true;
}

}  // namespace

std::optional<ast::Card> fast_parse_card(std::string_view slice, FileId file, uint32_t base,
                                         const ParseLimits& limits) {
  thread_local std::vector<Tok> toks;
  toks.clear();
  Lexer(slice).run(toks);
  if (!nesting_within(toks, limits.max_nesting)) return std::nullopt;
  try {
    return Reader(slice, file, base, limits, toks).card();
  } catch (GiveUp&) {
    return std::nullopt;
  }
}

}  // namespace cardc
