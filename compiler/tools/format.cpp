#include "tools/format.h"

#include <sstream>
#include <vector>

#include "base/source_manager.h"
#include "diag/diagnostic_engine.h"
#include "diag/render.h"
#include "parse/parser.h"
#include "tools/ast_equal.h"

namespace cardc::tools {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// Runs of blanks become one space.
std::string collapse(std::string_view s) {
  std::string out;
  bool gap = false;
  for (char c : trim(s)) {
    if (is_space(c)) {
      gap = true;
      continue;
    }
    if (gap) out += ' ';
    gap = false;
    out += c;
  }
  return out;
}

// One source line: indentation, code, the blanks before a trailing comment, and the comment ('#' to the end).
struct Line {
  std::string_view code;     // trimmed
  std::string_view comment;  // from '#', trailing blanks removed
  uint32_t comment_col = 0;  // 0-based column (code points) of '#'
  size_t indent = 0;         // leading blanks
  bool blank() const { return code.empty() && comment.empty(); }
};

std::vector<Line> split_lines(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a byte-order mark is not text
  std::vector<Line> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view raw = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() : nl + 1;
    Line l;
    while (l.indent < raw.size() && is_space(raw[l.indent])) ++l.indent;
    size_t hash = raw.find('#');
    std::string_view code = raw.substr(0, hash);
    if (hash != std::string_view::npos) {
      l.comment = trim(raw.substr(hash));
      l.comment_col = utf8_length(raw.substr(0, hash));
    }
    l.code = trim(code);
    out.push_back(l);
  }
  return out;
}

// `code` followed by the comment, at its old column when there is room.
std::string with_comment(const std::string& code, const Line& l) {
  if (l.comment.empty()) return code;
  if (code.empty()) return std::string(l.comment);
  uint32_t len = utf8_length(code);
  size_t gap = l.comment_col > len ? l.comment_col - len : 1;
  return code + std::string(gap, ' ') + std::string(l.comment);
}

// Splits at any of the separators (each a UTF-8 string).
std::vector<std::string> split_any(std::string_view s, std::initializer_list<std::string_view> seps) {
  std::vector<std::string> out;
  size_t start = 0, i = 0;
  while (i < s.size()) {
    bool hit = false;
    for (auto sep : seps) {
      if (s.substr(i, sep.size()) == sep) {
        out.push_back(collapse(s.substr(start, i - start)));
        i += sep.size();
        start = i;
        hit = true;
        break;
      }
    }
    if (!hit) ++i;
  }
  out.push_back(collapse(s.substr(start)));
  return out;
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? std::string(sep) : "") + parts[i];
  return out;
}

constexpr std::string_view kMiddot = "\xC2\xB7", kBullet = "\xE2\x80\xA2";

// The separator a list line uses (the first one written; every entry gets it), spaced: " · ", " • ", ", ".
std::string separator(std::string_view s, std::initializer_list<std::string_view> seps) {
  size_t best = std::string_view::npos;
  std::string_view which = *seps.begin();
  for (auto sep : seps) {
    size_t at = s.find(sep);
    if (at < best) best = at, which = sep;
  }
  return which == "," ? ", " : " " + std::string(which) + " ";
}

// The lower-case field word a line starts with, or "".
std::string_view field_word(std::string_view code) {
  size_t n = 0;
  while (n < code.size() && code[n] >= 'a' && code[n] <= 'z') ++n;
  if (n < code.size() && !is_space(code[n])) return {};
  std::string_view w = code.substr(0, n);
  for (std::string_view f : {"game", "set", "card", "type", "stats", "keywords", "text", "flavor", "end"})
    if (w == f) return w;
  return {};
}

// Collects output lines; blank and comment lines wait until the next code line says where they belong.
class Writer {
 public:
  void code(std::string s) {
    out_.push_back(std::move(s));
  }
  void blank() {
    if (!out_.empty() && !out_.back().empty()) out_.push_back("");
  }
  bool last_is_comment() const {
    if (out_.empty()) return false;
    std::string_view t = trim(out_.back());
    return !t.empty() && t.front() == '#';
  }
  bool last_is_blank() const { return out_.empty() || out_.back().empty(); }
  std::string finish() {
    while (!out_.empty() && out_.back().empty()) out_.pop_back();
    std::string s;
    for (const auto& l : out_) s += l + "\n";
    return s;
  }

 private:
  std::vector<std::string> out_;
};

class SetFormatter {
 public:
  std::string run(std::string_view text) {
    auto lines = split_lines(text);
    // A comment line right under a trailing comment (or under such a line), indented: it continues that comment
    // and keeps its column.
    bool continuing = false;
    for (const Line& l : lines) {
      if (l.code.empty()) {
        continuing = !l.blank() && l.indent > 0 && continuing;
        pending_.push_back({&l, continuing});
      } else {
        code_line(l);
      }
      if (!l.code.empty()) continuing = !l.comment.empty();
      else if (l.blank()) continuing = false;
    }
    flush(0, in_card_ ? Next::EndOfFile : Next::Other);
    if (in_card_) w_.code("end");
    return w_.finish();
  }

 private:
  enum class Next { Card, Field, Other, EndOfFile };

  void flush(size_t indent, Next next) {
    bool inside = in_card_ && next == Next::Field;
    for (auto [l, keep] : pending_) {
      if (l->blank()) {
        if (!inside) blank_wanted_ = true;
        continue;
      }
      if (blank_wanted_) w_.blank();
      blank_wanted_ = false;
      w_.code((keep ? std::string(l->indent, ' ') : std::string(indent, ' ')) + std::string(l->comment));
    }
    pending_.clear();
  }

  void code_line(const Line& l) {
    std::string_view word = field_word(l.code);
    std::string_view rest = trim(l.code.substr(word.size()));
    if (word == "card") {
      if (in_card_) {  // close the open card before the comments that lead into the next one
        w_.code("end");
        in_card_ = false;
        blank_wanted_ = true;
      }
      flush(0, Next::Card);
      if (blank_wanted_ || (!w_.last_is_blank() && !w_.last_is_comment())) w_.blank();
      blank_wanted_ = false;
      w_.code(with_comment(rest.empty() ? "card" : "card " + std::string(rest), l));
      in_card_ = true;
      in_text_ = false;
      return;
    }
    if (word == "end") {
      flush(0, Next::Field);
      w_.code(with_comment("end", l));
      in_card_ = in_text_ = false;
      blank_wanted_ = true;
      return;
    }
    if (word == "game" || word == "set") {
      flush(0, Next::Other);
      if (blank_wanted_) w_.blank();
      blank_wanted_ = false;
      std::string r = word == "game" ? collapse(rest) : std::string(rest);
      w_.code(with_comment(std::string(word) + (r.empty() ? "" : " " + r), l));
      return;
    }
    if (!word.empty() && in_card_) {
      flush(2, Next::Field);
      in_text_ = false;
      std::string out;
      if (word == "type") {
        out = "  type " + collapse(rest);
      } else if (word == "stats") {
        out = "  stats " + join(split_any(rest, {kMiddot, ","}), separator(rest, {kMiddot, ","}));
      } else if (word == "keywords") {
        auto parts = split_any(rest, {kBullet, kMiddot, ","});
        for (auto& p : parts) {
          if (p.size() >= 4 && p.starts_with("**") && p.ends_with("**"))
            p = "**" + collapse(std::string_view(p).substr(2, p.size() - 4)) + "**";
        }
        out = "  keywords " + join(parts, separator(rest, {kBullet, kMiddot, ","}));
      } else if (word == "text") {
        in_text_ = true;
        // A first paragraph written on the `text` line stays there ("text Draw a card."), one space after it.
        out = rest.empty() ? "  text" : "  text " + collapse(rest);
      } else {  // flavor
        out = rest.empty() ? "  flavor" : "  flavor " + std::string(rest);  // prose: kept as written
      }
      w_.code(with_comment(out, l));
      return;
    }
    // A paragraph (or, in a file with errors, something the verifier will refuse): its words with one space
    // between them (the verifier proves no word changed).
    flush(in_card_ ? 4 : 0, in_card_ ? Next::Field : Next::Other);
    w_.code(with_comment(std::string(in_card_ ? 4 : 0, ' ') + (in_card_ ? collapse(l.code) : std::string(l.code)), l));
  }

  std::vector<std::pair<const Line*, bool>> pending_;  // blank and comment lines; bool: keeps its column
  Writer w_;
  bool in_card_ = false, in_text_ = false, blank_wanted_ = false;
};

// Profile lines: tokens re-spaced.
std::string respace_profile(std::string_view code) {
  std::vector<std::string> toks;
  size_t i = 0;
  auto punct = [](char c) { return c == '(' || c == ')' || c == '[' || c == ']' || c == ':' || c == ',' || c == '='; };
  while (i < code.size()) {
    char c = code[i];
    if (is_space(c)) {
      ++i;
      continue;
    }
    if (c == '"' || code.substr(i, 3) == "\xE2\x80\x9C") {  // a quoted value, kept as written
      size_t open = c == '"' ? 1 : 3;
      size_t close = std::string_view::npos;
      for (size_t j = i + open; j < code.size(); ++j) {
        if (code[j] == '"') { close = j + 1; break; }
        if (code.substr(j, 3) == "\xE2\x80\x9D") { close = j + 3; break; }
      }
      if (close == std::string_view::npos) close = code.size();
      toks.emplace_back(code.substr(i, close - i));
      i = close;
      continue;
    }
    if (punct(c)) {
      toks.emplace_back(1, c);
      ++i;
      continue;
    }
    size_t j = i;
    while (j < code.size() && !is_space(code[j]) && !punct(code[j]) && code[j] != '"' &&
           code.substr(j, 3) != "\xE2\x80\x9C")
      ++j;
    toks.emplace_back(code.substr(i, j - i));
    i = j;
  }
  std::string out;
  std::string prev;
  for (const auto& t : toks) {
    bool tight = t == ")" || t == "]" || t == "," || t == ":" || prev == "(" || prev == "[";
    if (!out.empty() && !tight) out += ' ';
    out += t;
    prev = t;
  }
  return out;
}

}  // namespace

std::string format_card_set_text(std::string_view text) { return SetFormatter().run(text); }

std::string format_profile_text(std::string_view text) {
  auto lines = split_lines(text);
  Writer w;
  bool blank_wanted = false;
  bool continuing = false;  // as in card sets: an indented comment line under a trailing comment keeps its column
  for (const Line& l : lines) {
    if (l.blank()) {
      blank_wanted = true;
      continuing = false;
      continue;
    }
    if (blank_wanted && !w.last_is_blank()) w.blank();
    blank_wanted = false;
    if (l.code.empty()) {
      continuing = continuing && l.indent > 0;
      w.code((continuing ? std::string(l.indent, ' ') : "") + std::string(l.comment));
    } else {
      w.code(with_comment(respace_profile(l.code), l));
      continuing = !l.comment.empty();
    }
  }
  return w.finish();
}

std::optional<std::string> format_source(std::string_view text, FormatLanguage lang, const std::string& name,
                                         std::string& error) {
  SourceManager sm;
  DiagnosticEngine diags(sm);
  FileId before = sm.add(name, std::string(text));
  std::string out = lang == FormatLanguage::CardSet ? format_card_set_text(text) : format_profile_text(text);
  FileId after = sm.add(name + " (formatted)", out);
  auto render = [&] {
    std::ostringstream s;
    for (const auto& d : diags.sorted())
      if (d.severity == Severity::Error) render_text(sm, d, s, {});
    return s.str();
  };
  std::string why;
  if (lang == FormatLanguage::CardSet) {
    auto a = parse_card_set(sm, before, diags);
    if (!a || diags.errors()) {
      error = render() + name + ": not formatted: the file has errors\n";
      return std::nullopt;
    }
    auto b = parse_card_set(sm, after, diags);
    if (!b || diags.errors() || !ast_equal(*a, *b, &why)) {
      error = render() + name + ": not formatted: the layout would change the card set (" + why + "); please report\n";
      return std::nullopt;
    }
  } else {
    auto a = parse_profile(sm, before, diags);
    if (!a || diags.errors()) {
      error = render() + name + ": not formatted: the file has errors\n";
      return std::nullopt;
    }
    auto b = parse_profile(sm, after, diags);
    if (!b || diags.errors() || !ast_equal(*a, *b, &why)) {
      error = render() + name + ": not formatted: the layout would change the profile (" + why + "); please report\n";
      return std::nullopt;
    }
  }
  return out;
}

}  // namespace cardc::tools
