#include "diag/verify.h"

#include <cctype>
#include <optional>

namespace cardc {

namespace {

// One expectation at text[at] ("expected-error@+1:17 {{message}} [Name]"); nullopt when it is malformed. A hand-written
// scanner, not std::regex: no backtracking, and no libstdc++ regex warnings under the sanitizers.
std::optional<Expectation> parse_expectation(std::string_view text, size_t at, uint32_t line_no, FileId file) {
  size_t i = at + std::string_view("expected-").size();
  auto starts = [&](std::string_view w) { return text.substr(i, w.size()) == w; };
  auto digits = [&]() -> std::optional<uint32_t> {
    size_t b = i;
    uint64_t v = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && v < 100000000) v = v * 10 + uint64_t(text[i++] - '0');
    if (i == b) return std::nullopt;
    return static_cast<uint32_t>(v);
  };
  Expectation e;
  e.file = file;
  e.comment_line = line_no;
  e.line = line_no;
  if (starts("error")) e.severity = Severity::Error, i += 5;
  else if (starts("warning")) e.severity = Severity::Warning, i += 7;
  else if (starts("note")) e.severity = Severity::Note, i += 4;
  else return std::nullopt;
  if (i < text.size() && text[i] == '@') {
    ++i;
    char sign = i < text.size() && (text[i] == '+' || text[i] == '-') ? text[i++] : 0;
    auto n = digits();
    if (!n) return std::nullopt;
    e.line = sign == '+' ? line_no + *n : sign == '-' ? (*n < line_no ? line_no - *n : 0) : *n;
    if (i < text.size() && text[i] == ':') {
      ++i;
      auto col = digits();
      if (!col) return std::nullopt;
      e.col = *col;
    }
  }
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (!starts("{{")) return std::nullopt;
  i += 2;
  size_t close = text.find("}}", i);
  if (close == std::string_view::npos) return std::nullopt;
  e.text = std::string(text.substr(i, close - i));
  i = close + 2;
  size_t j = i;
  while (j < text.size() && std::isspace(static_cast<unsigned char>(text[j]))) ++j;
  if (j < text.size() && text[j] == '[') {
    size_t k = j + 1;
    while (k < text.size() && (std::isalnum(static_cast<unsigned char>(text[k])) || text[k] == '_')) ++k;
    if (k > j + 1 && k < text.size() && text[k] == ']') e.name = std::string(text.substr(j + 1, k - j - 1));
  }
  return e;
}

}  // namespace

std::vector<Expectation> scan_expectations(const SourceManager& sm, FileId file, std::vector<std::string>& problems) {
  std::vector<Expectation> out;
  std::string_view text = sm.contents(file);
  uint32_t line_no = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string line(text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos));
    ++line_no;
    size_t hash = line.find('#');
    if (hash != std::string::npos) {
      std::string_view comment = std::string_view(line).substr(hash);
      bool any = false, mentioned = false;
      for (size_t at = comment.find("expected-"); at != std::string_view::npos; at = comment.find("expected-", at + 1)) {
        mentioned = true;
        if (auto e = parse_expectation(comment, at, line_no, file)) {
          out.push_back(std::move(*e));
          any = true;
        }
      }
      if (mentioned && !any)
        problems.push_back(sm.name(file) + ":" + std::to_string(line_no) + ": malformed expectation: " + std::string(comment));
    }
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  return out;
}

namespace {
struct Seen {
  FileId file;
  uint32_t line, col;
  Severity severity;
  std::string message, name;
  bool matched = false;
};
}  // namespace

size_t verify_diagnostics(const SourceManager& sm, const std::vector<Expectation>& expected,
                          const std::deque<Diagnostic>& actual, std::ostream& out) {
  std::vector<Seen> seen;
  for (const Diagnostic& d : actual) {
    LineCol lc = d.range.valid() ? sm.line_col(d.range.file, d.range.begin) : LineCol{};
    seen.push_back({d.range.file, lc.line, lc.col, d.severity, d.message, std::string(diag_info(d.id).name)});
    for (const Note& n : d.notes) {
      // A note without a place of its own belongs to its diagnostic's line.
      LineCol nlc = n.range.valid() ? sm.line_col(n.range.file, n.range.begin) : lc;
      seen.push_back({n.range.valid() ? n.range.file : d.range.file, nlc.line, nlc.col, Severity::Note, n.message,
                      std::string(diag_info(d.id).name)});
    }
  }
  size_t mismatches = 0;
  for (const Expectation& e : expected) {
    bool found = false;
    for (Seen& s : seen) {
      if (s.matched || s.file != e.file || s.line != e.line || s.severity != e.severity) continue;
      if (e.col && s.col != e.col) continue;
      if (s.message.find(e.text) == std::string::npos) continue;
      if (!e.name.empty() && e.severity != Severity::Note && s.name != e.name) continue;
      s.matched = found = true;
      break;
    }
    if (!found) {
      ++mismatches;
      out << sm.name(e.file) << ":" << e.line << (e.col ? ":" + std::to_string(e.col) : "") << ": expected "
          << severity_name(e.severity) << " not seen: {{" << e.text << "}}" << (e.name.empty() ? "" : " [" + e.name + "]")
          << " (expectation on line " << e.comment_line << ")\n";
    }
  }
  for (const Seen& s : seen) {
    if (s.matched) continue;
    // Notes need no expectation unless the test asks for them.
    if (s.severity == Severity::Note) continue;
    ++mismatches;
    out << (s.file == kNoFile ? std::string("cardc") : sm.name(s.file)) << ":" << s.line << ":" << s.col
        << ": unexpected " << severity_name(s.severity) << " seen: " << s.message << " [" << s.name << "]\n";
  }
  return mismatches;
}

}  // namespace cardc
