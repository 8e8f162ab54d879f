#include "import/oracle_text.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>

namespace cardc::import {

namespace {

// ---------------------------------------------------------------- UTF-8

// The code point at s[i] and its length; a byte that does not start valid UTF-8 reads as U+FFFD, length 1.
char32_t next_cp(std::string_view s, size_t i, size_t& len) {
  auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = b(i);
  size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size() || (n == 2 && c < 0xC2)) {
    len = 1;
    return n == 1 ? c : 0xFFFD;
  }
  char32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
  for (size_t k = 1; k < n; ++k) {
    if ((b(i + k) & 0xC0) != 0x80) {
      len = 1;
      return 0xFFFD;
    }
    cp = (cp << 6) | (b(i + k) & 0x3F);
  }
  len = n;
  return cp;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || cp == 0) cp = 0xFFFD;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::string utf8(char32_t cp) {
  std::string s;
  append_utf8(s, cp);
  return s;
}

// A character for a message: 'x', or U+XXXX when it would not show (controls, invisible format characters).
std::string shown(char32_t cp) {
  bool invisible = cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0xAD || (cp >= 0x200B && cp <= 0x200F) ||
                   cp == 0xFEFF;
  if (!invisible) return "'" + utf8(cp) + "'";
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
  return buf;
}

bool is_space(char32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool is_digit(char32_t c) { return c >= '0' && c <= '9'; }

// A letter as the grammar's LETTER (\p{L}) sees it, approximately: ASCII letters and the letters of other
// scripts, not punctuation, symbols or private-use characters.
bool is_letter(char32_t c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
  if (c < 0xC0 || c == 0xD7 || c == 0xF7) return c == 0xAA || c == 0xB5 || c == 0xBA;
  if ((c >= 0x2000 && c <= 0x2BFF) || (c >= 0x3000 && c <= 0x303F) || (c >= 0xD800 && c <= 0xF8FF) ||
      (c >= 0xFE00 && c <= 0xFE6F) || (c >= 0xFF00 && c <= 0xFF20) || c == 0xFFFD)
    return false;
  return true;
}

char32_t lower_ascii(char32_t c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (lower_ascii(static_cast<unsigned char>(a[i])) != lower_ascii(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

// ---------------------------------------------------------------- character references

struct NamedEntity {
  std::string_view name;
  char32_t cp;
};
constexpr std::array<NamedEntity, 52> kEntities = {{
    {"amp", '&'},       {"lt", '<'},         {"gt", '>'},         {"quot", '"'},       {"apos", '\''},
    {"nbsp", 0xA0},     {"ndash", 0x2013},   {"mdash", 0x2014},   {"hellip", 0x2026},  {"lsquo", 0x2018},
    {"rsquo", 0x2019},  {"ldquo", 0x201C},   {"rdquo", 0x201D},   {"bull", 0x2022},    {"middot", 0xB7},
    {"times", 0xD7},    {"minus", 0x2212},   {"deg", 0xB0},       {"copy", 0xA9},      {"reg", 0xAE},
    {"trade", 0x2122},  {"laquo", 0xAB},     {"raquo", 0xBB},     {"frac12", 0xBD},    {"shy", 0xAD},
    {"aacute", 0xE1},   {"agrave", 0xE0},    {"acirc", 0xE2},     {"auml", 0xE4},      {"atilde", 0xE3},
    {"eacute", 0xE9},   {"egrave", 0xE8},    {"ecirc", 0xEA},     {"euml", 0xEB},      {"iacute", 0xED},
    {"igrave", 0xEC},   {"icirc", 0xEE},     {"iuml", 0xEF},      {"oacute", 0xF3},    {"ograve", 0xF2},
    {"ocirc", 0xF4},    {"ouml", 0xF6},      {"otilde", 0xF5},    {"uacute", 0xFA},    {"ugrave", 0xF9},
    {"ucirc", 0xFB},    {"uuml", 0xFC},      {"ccedil", 0xE7},    {"ntilde", 0xF1},    {"Eacute", 0xC9},
    {"szlig", 0xDF},    {"oslash", 0xF8},
}};

// Windows-1252 for 0x80-0x9F (0 where it has no character).
constexpr std::array<char32_t, 32> kCp1252 = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

// A character reference at s[i] ('&'): its code point and length, or nullopt.
std::optional<char32_t> entity_at(std::string_view s, size_t i, size_t& len) {
  size_t semi = s.find(';', i);
  if (semi == std::string_view::npos || semi - i > 12 || semi == i + 1) return std::nullopt;
  std::string_view body = s.substr(i + 1, semi - i - 1);
  len = semi - i + 1;
  if (body[0] == '#') {
    bool hex = body.size() > 1 && (body[1] == 'x' || body[1] == 'X');
    std::string_view digits = body.substr(hex ? 2 : 1);
    if (digits.empty()) return std::nullopt;
    uint32_t v = 0;
    for (char ch : digits) {
      uint32_t d;
      if (ch >= '0' && ch <= '9') d = static_cast<uint32_t>(ch - '0');
      else if (hex && ch >= 'a' && ch <= 'f') d = static_cast<uint32_t>(ch - 'a' + 10);
      else if (hex && ch >= 'A' && ch <= 'F') d = static_cast<uint32_t>(ch - 'A' + 10);
      else return std::nullopt;
      v = v * (hex ? 16 : 10) + d;
      if (v > 0x10FFFF) v = 0x110000;
    }
    if (v >= 0x80 && v <= 0x9F && kCp1252[v - 0x80]) return kCp1252[v - 0x80];
    if (v == 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0xFFFD;
    return static_cast<char32_t>(v);
  }
  for (const auto& e : kEntities)
    if (e.name == body) return e.cp;
  return std::nullopt;
}

// ---------------------------------------------------------------- tags

struct Tag {
  std::string name;  // lower case
  bool closing = false;
  size_t end = 0;    // index after '>'
};

// An HTML tag at s[i] ('<'): "<b>", "</i>", "<br/>", "<span class=x>".
std::optional<Tag> tag_at(std::string_view s, size_t i) {
  size_t k = i + 1;
  Tag t;
  while (k < s.size() && s[k] == ' ') ++k;
  if (k < s.size() && s[k] == '/') {
    t.closing = true;
    ++k;
  }
  size_t name_start = k;
  while (k < s.size() && ((s[k] >= 'a' && s[k] <= 'z') || (s[k] >= 'A' && s[k] <= 'Z') || (k > name_start && is_digit(static_cast<unsigned char>(s[k])))))
    ++k;
  if (k == name_start) return std::nullopt;
  for (size_t c = name_start; c < k; ++c) t.name += static_cast<char>(lower_ascii(static_cast<unsigned char>(s[c])));
  size_t close = s.find('>', k);
  size_t next_open = s.find('<', k);
  if (close == std::string_view::npos || (next_open != std::string_view::npos && next_open < close)) return std::nullopt;
  for (size_t c = k; c < close; ++c)
    if (s[c] == '\n') return std::nullopt;
  t.end = close + 1;
  return t;
}

bool is_bold_tag(const std::string& n) { return n == "b" || n == "strong"; }
bool is_italic_tag(const std::string& n) { return n == "i" || n == "em"; }

// Splits at <br> (any spelling: <br>, <BR>, <br/>, <br />).
std::vector<std::string_view> split_br(std::string_view s) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '<') continue;
    auto t = tag_at(s, i);
    if (!t || t->name != "br") continue;
    out.push_back(s.substr(start, i - start));
    start = t->end;
    i = t->end - 1;
  }
  out.push_back(s.substr(start));
  return out;
}

// ---------------------------------------------------------------- cells: one character or icon, with its markup

enum class CellKind : uint8_t { Char, Bow, Gold };

struct Cell {
  CellKind kind = CellKind::Char;
  char32_t cp = 0;
  int gold = 0;  // Gold: the amount; -1 for :gstar: / :g*: (a variable amount, written X)
  bool bold = false;
  bool italic = false;
};

// An icon at s[i] (':'): :bow:, :g0: ... :g99:, :gstar:, :g*:.
std::optional<Cell> icon_at(std::string_view s, size_t i, size_t& len) {
  auto match = [&](std::string_view lit) { return s.size() - i >= lit.size() && iequals(s.substr(i, lit.size()), lit); };
  Cell c;
  if (match(":bow:")) {
    c.kind = CellKind::Bow;
    len = 5;
    return c;
  }
  if (match(":gstar:") || match(":g*:")) {
    c.kind = CellKind::Gold;
    c.gold = -1;
    len = match(":g*:") ? 4 : 7;
    return c;
  }
  if (match(":g")) {
    size_t k = i + 2;
    int v = 0;
    while (k < s.size() && is_digit(static_cast<unsigned char>(s[k])) && k - i < 5) v = v * 10 + (s[k++] - '0');
    if (k > i + 2 && k < s.size() && s[k] == ':') {
      c.kind = CellKind::Gold;
      c.gold = v;
      len = k + 1 - i;
      return c;
    }
  }
  return std::nullopt;
}

// The text inside <i> ... </i> starting at `from`: is it reminder text "(...)"? Then the italics are not written,
// the parentheses already mark it (003 Reminder text).
bool italic_is_reminder(std::string_view s, size_t from) {
  int depth = 1;
  size_t i = from;
  size_t end = s.size();
  for (; i < s.size(); ++i) {
    if (s[i] != '<') continue;
    auto t = tag_at(s, i);
    if (!t || !is_italic_tag(t->name)) continue;
    depth += t->closing ? -1 : 1;
    if (depth == 0) {
      end = i;
      break;
    }
    i = t->end - 1;
  }
  std::string inner = plain_text(s.substr(from, end - from));
  return inner.size() >= 2 && inner.front() == '(' && inner.back() == ')';
}

std::vector<Cell> to_cells(std::string_view s) {
  std::vector<Cell> cells;
  int bold = 0, italic = 0;
  std::vector<bool> italic_stack;  // true: this <i> is reminder text, not italics
  for (size_t i = 0; i < s.size();) {
    if (s[i] == '<') {
      if (auto t = tag_at(s, i)) {
        if (is_bold_tag(t->name)) {
          bold = std::max(0, bold + (t->closing ? -1 : 1));
        } else if (is_italic_tag(t->name)) {
          if (!t->closing) {
            bool reminder = italic_is_reminder(s, t->end);
            italic_stack.push_back(reminder);
            if (!reminder) ++italic;
          } else if (!italic_stack.empty()) {
            if (!italic_stack.back()) --italic;
            italic_stack.pop_back();
          }
        }
        i = t->end;
        continue;
      }
    }
    Cell c;
    size_t len = 1;
    if (s[i] == '&') {
      if (auto cp = entity_at(s, i, len)) c.cp = *cp;
      else c.cp = '&', len = 1;
    } else if (s[i] == ':' && icon_at(s, i, len)) {
      c = *icon_at(s, i, len);
    } else {
      c.cp = next_cp(s, i, len);
    }
    c.bold = bold > 0;
    c.italic = italic > 0;
    cells.push_back(c);
    i += len;
  }
  return cells;
}

Cell char_cell(char32_t cp, bool bold = false, bool italic = false) {
  Cell c;
  c.cp = cp;
  c.bold = bold;
  c.italic = italic;
  return c;
}

void push_text(std::vector<Cell>& out, std::string_view ascii, bool italic) {
  for (char ch : ascii) out.push_back(char_cell(static_cast<unsigned char>(ch), false, italic));
}

std::string cost_text(const Cell& icon) {
  if (icon.kind == CellKind::Bow) return "Bow this card";
  return "Pay " + (icon.gold < 0 ? std::string("X") : std::to_string(icon.gold)) + " Gold";
}

bool is_ws_cell(const Cell& c) { return c.kind == CellKind::Char && is_space(c.cp); }

// The head of an ability or trait starting at cells[start]: everything before its first colon, when that is made of
// designators and icons ("Battle, :bow:", ":bow:", "Invest :g3:"). Rewritten as designators, a colon, the icons'
// costs one sentence each, and a colon. Returns the index to continue scanning from.
size_t rewrite_head(std::vector<Cell>& cells, size_t start) {
  size_t j = start;
  while (j < cells.size() && is_ws_cell(cells[j])) ++j;
  size_t colon = j;
  for (; colon < cells.size(); ++colon) {
    const Cell& c = cells[colon];
    if (c.kind != CellKind::Char) continue;
    if (c.cp == ':') break;
    if (c.cp == '.' || c.cp == '(' || c.cp == ')' || c.cp == '"' || c.cp == 0x201C || c.cp == 0x201D || c.cp == ';')
      return start;
  }
  if (colon >= cells.size()) return start;

  // Pieces of designator text between icons, trimmed of blanks and commas.
  std::vector<std::vector<Cell>> pieces(1);
  std::vector<Cell> icons;
  size_t letters = 0, bold_letters = 0;
  for (size_t k = j; k < colon; ++k) {
    const Cell& c = cells[k];
    if (c.kind != CellKind::Char) {
      icons.push_back(c);
      pieces.emplace_back();
      continue;
    }
    if (!is_space(c.cp) && c.cp != ',') {
      ++letters;
      if (c.bold) ++bold_letters;
    }
    pieces.back().push_back(c);
  }
  size_t words = 0;
  std::vector<std::vector<Cell>> kept;
  for (auto& p : pieces) {
    auto edge = [](const Cell& c) { return c.kind == CellKind::Char && (is_space(c.cp) || c.cp == ','); };
    while (!p.empty() && edge(p.front())) p.erase(p.begin());
    while (!p.empty() && edge(p.back())) p.pop_back();
    if (p.empty()) continue;
    bool in_word = false;
    for (const Cell& c : p) {
      bool w = !is_space(c.cp);
      if (w && !in_word) ++words;
      in_word = w;
    }
    kept.push_back(std::move(p));
  }
  bool head = (!icons.empty() && words <= 3) || (letters > 0 && bold_letters == letters);
  if (!head) return start;

  bool bold = bold_letters > 0;
  bool italic = cells[colon].italic;
  std::vector<Cell> out;
  for (size_t p = 0; p < kept.size(); ++p) {
    if (p) {
      out.push_back(char_cell(',', bold, italic));
      out.push_back(char_cell(' ', bold, italic));
    }
    for (Cell c : kept[p]) {
      c.bold = bold;
      out.push_back(c);
    }
  }
  if (!kept.empty()) out.push_back(char_cell(':', bold, italic));
  for (size_t n = 0; n < icons.size(); ++n) {
    if (n) push_text(out, ".", italic);
    if (n || !kept.empty()) push_text(out, " ", italic);
    push_text(out, cost_text(icons[n]), italic);
  }
  if (!icons.empty()) push_text(out, ":", italic);
  if (colon + 1 < cells.size() && !is_ws_cell(cells[colon + 1])) push_text(out, " ", italic);
  cells.erase(cells.begin() + static_cast<long>(j), cells.begin() + static_cast<long>(colon) + 1);
  cells.insert(cells.begin() + static_cast<long>(j), out.begin(), out.end());
  return j + out.size();
}

// Where an ability or trait can start: the paragraph, reminder text "(...)", embedded text "...".
void rewrite_heads(std::vector<Cell>& cells) {
  size_t i = rewrite_head(cells, 0);
  for (; i < cells.size(); ++i) {
    const Cell& c = cells[i];
    if (c.kind != CellKind::Char) continue;
    bool opens = c.cp == '(' || c.cp == 0x201C;
    if (c.cp == '"') {
      const Cell* prev = i ? &cells[i - 1] : nullptr;
      opens = !prev || (prev->kind == CellKind::Char &&
                        (is_space(prev->cp) || prev->cp == '(' || prev->cp == '[' || prev->cp == 0x201C));
    }
    if (opens) i = std::max(i, rewrite_head(cells, i + 1) - 1);
  }
}

// Icons outside a head: gold icons are amounts ("Discipline :g2:" -> "Discipline 2 Gold"); a bow icon is only ever
// a cost, so one elsewhere cannot be worded mechanically.
std::string rewrite_inline_icons(std::vector<Cell>& cells) {
  for (size_t i = 0; i < cells.size(); ++i) {
    const Cell c = cells[i];
    if (c.kind == CellKind::Char) continue;
    if (c.kind == CellKind::Bow) return "a :bow: icon outside the head of an ability or trait has no wording";
    std::string amount = (c.gold < 0 ? std::string("X") : std::to_string(c.gold)) + " Gold";
    std::vector<Cell> repl;
    for (char ch : amount) repl.push_back(char_cell(static_cast<unsigned char>(ch), c.bold, c.italic));
    cells.erase(cells.begin() + static_cast<long>(i));
    cells.insert(cells.begin() + static_cast<long>(i), repl.begin(), repl.end());
    i += repl.size() - 1;
  }
  return {};
}

// Cells to text with **bold** and _italic_ markers; white space at the edge of a marked run goes outside it.
std::string render(std::vector<Cell> cells) {
  // A blank is marked only when the characters on both sides of it are.
  for (size_t i = 0; i < cells.size(); ++i) {
    if (!is_ws_cell(cells[i])) continue;
    size_t a = i, b = i;
    while (a > 0 && is_ws_cell(cells[a - 1])) --a;
    while (b < cells.size() && is_ws_cell(cells[b])) ++b;
    const Cell* left = a > 0 ? &cells[a - 1] : nullptr;
    const Cell* right = b < cells.size() ? &cells[b] : nullptr;
    for (size_t k = a; k < b; ++k) {
      cells[k].bold = left && right && left->bold && right->bold;
      cells[k].italic = left && right && left->italic && right->italic;
    }
    i = b - 1;
  }
  std::string out;
  bool bold = false, italic = false;
  auto set = [&](bool b, bool it) {
    if (italic && (!it || bold != b)) {
      out += '_';
      italic = false;
    }
    if (bold != b) {
      out += "**";
      bold = b;
    }
    if (!italic && it) {
      out += '_';
      italic = true;
    }
  };
  for (const Cell& c : cells) {
    set(c.bold, c.italic);
    append_utf8(out, c.cp);
  }
  set(false, false);
  return out;
}

std::string collapse_blanks(std::string_view s) {
  std::string out;
  bool blank = false;
  for (char ch : s) {
    if (is_space(static_cast<unsigned char>(ch))) {
      blank = true;
      continue;
    }
    if (blank && !out.empty()) out += ' ';
    blank = false;
    out += ch;
  }
  return out;
}

constexpr std::array<std::string_view, 7> kFieldWords = {"card", "type", "stats", "keywords", "text", "flavor", "end"};

// Why this line cannot be a paragraph of card text (docs/language.md: a paragraph may not begin with a lower-case
// field word; the grammar's leadElement), or "".
std::string paragraph_problem(const std::string& p) {
  if (p.find('#') != std::string::npos) return "its text holds '#', which starts a comment in the language";
  size_t len;
  char32_t c = next_cp(p, 0, len);
  if (is_letter(c)) {
    size_t e = 0;
    while (e < p.size() && p[e] >= 'a' && p[e] <= 'z') ++e;
    std::string_view first(p.data(), e);
    char32_t after = e < p.size() ? next_cp(p, e, len) : U' ';
    bool word_ends = !is_letter(after) && !is_digit(after) && after != '\'' && after != 0x2019 && after != '-';
    if (word_ends)
      for (auto fw : kFieldWords)
        if (first == fw) return "a paragraph starts with the field word '" + std::string(fw) + "'";
    return {};
  }
  if (is_digit(c) || c == '*' || c == '_' || c == '"' || c == 0x201C || c == '(' || c == '-' || c == 0x2013 ||
      c == 0x2014 || c == 0x2212)
    return {};
  if (c == '+' && p.size() > 1 && (is_digit(static_cast<unsigned char>(p[1])) || p[1] == 'X')) return {};
  return "a paragraph starts with " + shown(c) + ", which cannot begin card text";
}

}  // namespace

std::string decode_entities(std::string_view html) {
  std::string out;
  for (size_t i = 0; i < html.size();) {
    size_t len = 1;
    if (html[i] == '&') {
      if (auto cp = entity_at(html, i, len)) {
        append_utf8(out, *cp);
        i += len;
        continue;
      }
      len = 1;
    }
    out += html[i];
    i += len;
  }
  return out;
}

std::string plain_text(std::string_view html) {
  std::string stripped;
  for (size_t i = 0; i < html.size();) {
    if (html[i] == '<') {
      if (auto t = tag_at(html, i)) {
        if (t->name == "br") stripped += ' ';
        i = t->end;
        continue;
      }
    }
    stripped += html[i++];
  }
  return collapse_blanks(decode_entities(stripped));
}

TextConversion convert_text(std::string_view html) {
  TextConversion r;
  for (std::string_view raw : split_br(html)) {
    std::vector<Cell> cells = to_cells(raw);
    rewrite_heads(cells);
    if (auto why = rewrite_inline_icons(cells); !why.empty()) {
      r.problem = why;
      return r;
    }
    std::string p = collapse_blanks(render(std::move(cells)));
    if (p.empty()) continue;
    if (auto why = paragraph_problem(p); !why.empty()) {
      r.problem = why;
      return r;
    }
    r.paragraphs.push_back(std::move(p));
  }
  return r;
}

std::string convert_flavor(std::string_view html, std::string& problem) {
  std::string s = plain_text(html);
  problem.clear();
  if (s.find('#') != std::string::npos) problem = "its flavor text holds '#', which starts a comment in the language";
  return s;
}

std::string name_words_problem(std::string_view name, bool numbers_after_first_word) {
  if (name.empty()) return "it is empty";
  bool after_first_word = false;
  for (size_t i = 0; i < name.size();) {
    size_t len;
    char32_t c = next_cp(name, i, len);
    if (is_space(c) || c == '/' || c == '-' || c == 0x2013 || c == 0x2014 || c == 0x2212) {
      i += len;
      continue;
    }
    // keywordName : nameWord (nameWord | NUMBER)*
    if (numbers_after_first_word && after_first_word && is_digit(c)) {
      while (i < name.size() && is_digit(static_cast<unsigned char>(name[i]))) ++i;
      continue;
    }
    after_first_word = true;
    if (!is_letter(c))
      return shown(c) + " cannot be part of a name (names are words, '-' and '/')";
    // WORD : LETTER (LETTER | DIGIT | APOS | '-' LETTER)* APOS?
    i += len;
    while (i < name.size()) {
      char32_t d = next_cp(name, i, len);
      if (is_letter(d) || is_digit(d) || d == '\'' || d == 0x2019) {
        i += len;
      } else if (d == '-' && i + 1 < name.size()) {
        size_t l2;
        if (!is_letter(next_cp(name, i + 1, l2))) break;
        i += 1;
      } else {
        break;
      }
    }
  }
  return {};
}

std::string undo_double_encoding(std::string text) {
  std::string bytes;
  bool c1 = false;
  for (size_t i = 0; i < text.size();) {
    size_t len;
    char32_t c = next_cp(text, i, len);
    if (c > 0xFF || (c == 0xFFFD && len == 1)) return text;
    c1 = c1 || (c >= 0x80 && c <= 0x9F);
    bytes += static_cast<char>(c);
    i += len;
  }
  if (!c1) return text;
  for (size_t i = 0; i < bytes.size();) {
    size_t len;
    if (next_cp(bytes, i, len) == 0xFFFD && len == 1) return text;
    i += len;
  }
  return bytes;
}

std::string quoted_problem(std::string_view text) {
  if (text.empty()) return "it is empty";
  for (size_t i = 0; i < text.size();) {
    size_t len;
    char32_t c = next_cp(text, i, len);
    if (c == '"' || c == 0x201C || c == 0x201D)
      return "it holds the quote '" + utf8(c) + "', which the language cannot write inside a quoted name";
    if (c == '#') return "it holds '#', which starts a comment in the language";
    if (c < 0x20 || c == 0x7F) return "it holds a control character";
    i += len;
  }
  return {};
}

}  // namespace cardc::import
