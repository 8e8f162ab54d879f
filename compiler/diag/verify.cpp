#include "diag/verify.h"

#include <regex>

namespace cardc {

std::vector<Expectation> scan_expectations(const SourceManager& sm, FileId file, std::vector<std::string>& problems) {
  static const std::regex re(
      R"(expected-(error|warning|note)(@([+-]?)([0-9]+)(:([0-9]+))?)?\s*\{\{(.*?)\}\}(\s*\[([A-Za-z0-9_]+)\])?)");
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
      std::string comment = line.substr(hash);
      for (std::sregex_iterator it(comment.begin(), comment.end(), re), end; it != end; ++it) {
        const std::smatch& m = *it;
        Expectation e;
        e.file = file;
        e.comment_line = line_no;
        e.severity = m[1] == "error" ? Severity::Error : m[1] == "warning" ? Severity::Warning : Severity::Note;
        e.line = line_no;
        if (m[2].matched) {
          long n = std::stol(m[4]);
          if (m[3] == "+") e.line = line_no + static_cast<uint32_t>(n);
          else if (m[3] == "-") e.line = n < line_no ? line_no - static_cast<uint32_t>(n) : 0;
          else e.line = static_cast<uint32_t>(n);
          if (m[6].matched) e.col = static_cast<uint32_t>(std::stoul(m[6]));
        }
        e.text = m[7];
        if (m[9].matched) e.name = m[9];
        out.push_back(std::move(e));
      }
      if (comment.find("expected-") != std::string::npos && !std::regex_search(comment, re))
        problems.push_back(sm.name(file) + ":" + std::to_string(line_no) + ": malformed expectation: " + comment);
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
