#include "diag/render.h"

#include <algorithm>

#include <fmt/format.h>

#include "diag/diagnostic_json.h"

namespace cardc {

namespace {

const char* color_of(Severity s) {
  switch (s) {
    case Severity::Error: return "\033[1;31m";
    case Severity::Warning: return "\033[1;35m";
    case Severity::Note: return "\033[1;36m";
  }
  return "";
}

std::string location(const SourceManager& sm, SourceRange r) {
  if (!r.valid()) return "cardc";
  LineCol lc = sm.line_col(r.file, r.begin);
  return fmt::format("{}:{}:{}", sm.name(r.file), lc.line, lc.col);
}

// Byte offset within `line` -> display column (code points), for placing carets under UTF-8 text.
uint32_t display_col(std::string_view line, uint32_t byte) {
  return utf8_length(line.substr(0, std::min<size_t>(byte, line.size())));
}

// The source line, then a caret line under the range, then a line with the first fix-it's replacement.
void render_snippet(const SourceManager& sm, SourceRange r, const std::vector<FixIt>& fixits, std::ostream& out,
                    TextStyle style) {
  if (!r.valid()) return;
  LineCol lc = sm.line_col(r.file, r.begin);
  std::string_view line = sm.line_text(r.file, lc.line);
  // A line that is not text (binary junk) is not echoed to the terminal.
  for (unsigned char c : line)
    if (c < 0x20 && c != '\t') return;
  for (size_t i = 0; i < line.size();) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > line.size()) return;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(line[i + k]) & 0xC0) != 0x80) return;
    i += n;
  }
  constexpr size_t kMaxShown = 240;  // very long lines are shown cut, with the range kept in view
  std::string_view before = std::string_view(sm.contents(r.file)).substr(0, r.begin);
  size_t nl = before.rfind('\n');
  uint32_t line_start = nl == std::string_view::npos ? 0 : static_cast<uint32_t>(nl + 1);
  uint32_t begin_in_line = r.begin - line_start;
  uint32_t end_in_line = std::min<uint32_t>(r.end > r.begin ? r.end - line_start : begin_in_line + 1,
                                            static_cast<uint32_t>(line.size()) + 1);
  size_t shift = 0;
  if (line.size() > kMaxShown) {
    shift = begin_in_line > kMaxShown / 2 ? begin_in_line - kMaxShown / 2 : 0;
    while (shift > 0 && shift < line.size() && (static_cast<unsigned char>(line[shift]) & 0xC0) == 0x80) --shift;
    line = line.substr(shift, kMaxShown);
    while (!line.empty() && (static_cast<unsigned char>(line.back()) & 0xC0) == 0x80) line.remove_suffix(1);
  }
  std::string gutter = fmt::format("{:>5} | ", lc.line);
  std::string blank(gutter.size() - 2, ' ');
  out << gutter << line << "\n";
  uint32_t c0 = display_col(line, static_cast<uint32_t>(begin_in_line - shift));
  uint32_t c1 = std::max(c0 + 1, display_col(line, static_cast<uint32_t>(end_in_line - shift)));
  std::string carets(c0, ' ');
  carets += '^';
  carets += std::string(c1 - c0 - 1, '~');
  out << blank << "| " << (style.color ? "\033[1;32m" : "") << carets << (style.color ? "\033[0m" : "") << "\n";
  for (const FixIt& f : fixits) {
    if (f.range.file != r.file || sm.line_col(f.range.file, f.range.begin).line != lc.line) continue;
    uint32_t fc = display_col(line, f.range.begin - line_start - static_cast<uint32_t>(shift));
    out << blank << "| " << std::string(fc, ' ') << (style.color ? "\033[32m" : "")
        << (f.replacement.empty() ? std::string("(remove)") : f.replacement) << (style.color ? "\033[0m" : "") << "\n";
    break;
  }
}

}  // namespace

void render_text(const SourceManager& sm, const Diagnostic& d, std::ostream& out, TextStyle style) {
  const DiagInfo& info = diag_info(d.id);
  if (style.color) out << "\033[1m";
  out << location(sm, d.range) << ": ";
  if (style.color) out << color_of(d.severity);
  out << severity_name(d.severity) << ": ";
  if (style.color) out << "\033[0m\033[1m";
  out << d.message << " [" << info.name << "]";
  if (style.color) out << "\033[0m";
  out << "\n";
  render_snippet(sm, d.range, d.fixits, out, style);
  for (const Note& n : d.notes) {
    out << location(sm, n.range.valid() ? n.range : d.range) << ": " << (style.color ? color_of(Severity::Note) : "") << "note: "
        << (style.color ? "\033[0m" : "") << n.message << "\n";
    render_snippet(sm, n.range, {}, out, style);
  }
}

namespace {
nlohmann::ordered_json json_range(const SourceManager& sm, SourceRange r) {
  if (!r.valid()) return nullptr;
  const LineCol a = sm.line_col(r.file, r.begin), b = sm.line_col(r.file, r.end);
  nlohmann::ordered_json j;
  j["file"] = sm.name(r.file);
  j["begin"] = {{"offset", r.begin}, {"line", a.line}, {"col", a.col}};
  j["end"] = {{"offset", r.end}, {"line", b.line}, {"col", b.col}};
  return j;
}
}  // namespace

nlohmann::ordered_json diagnostic_json(const SourceManager& sm, const Diagnostic& d) {
  nlohmann::ordered_json j;
  j["file"] = d.range.valid() ? nlohmann::ordered_json(sm.name(d.range.file)) : nlohmann::ordered_json(nullptr);
  j["range"] = json_range(sm, d.range);
  j["severity"] = std::string(severity_name(d.severity));
  j["name"] = std::string(diag_info(d.id).name);
  j["message"] = d.message;
  j["notes"] = nlohmann::ordered_json::array();
  for (const Note& n : d.notes) j["notes"].push_back({{"range", json_range(sm, n.range)}, {"message", n.message}});
  j["fixits"] = nlohmann::ordered_json::array();
  for (const FixIt& f : d.fixits)
    j["fixits"].push_back({{"range", json_range(sm, f.range)}, {"replacement", f.replacement}});
  j["card"] = d.card_title.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(d.card_title);
  return j;
}

std::string dump_json(const nlohmann::ordered_json& value) {
  // Compact, UTF-8 kept as it is, and any byte that is not UTF-8 replaced (never invalid output).
  return value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string render_json(const SourceManager& sm, const Diagnostic& d) { return dump_json(diagnostic_json(sm, d)); }

}  // namespace cardc
