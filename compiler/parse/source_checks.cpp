#include "parse/source_checks.h"

namespace cardc {

namespace {
// Length of the valid UTF-8 sequence starting at s[i], or 0 when it is invalid.
size_t utf8_sequence(std::string_view s, size_t i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  if (n == 1) return c == 0 ? 0 : 1;  // NUL is not text
  for (size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
  if (n == 2 && c < 0xC2) return 0;  // overlong
  return n;
}
}  // namespace

bool check_source_text(const SourceManager& sm, FileId file, DiagnosticEngine& diags, const ParseLimits& limits) {
  std::string_view s = sm.contents(file);
  bool blank = true;
  size_t line_start = 0;
  for (size_t i = 0; i < s.size();) {
    // most bytes are printable ASCII: valid UTF-8 and no line end, so only a space leaves the file blank
    if (const auto c = static_cast<unsigned char>(s[i]); c >= 0x20 && c < 0x80) {
      blank = blank && c == ' ';
      ++i;
      continue;
    }
    size_t n = utf8_sequence(s, i);
    if (n == 0) {
      uint32_t at = static_cast<uint32_t>(i);
      diags.report(DiagId::InvalidEncoding, {file, at, at + 1}, static_cast<unsigned>(static_cast<unsigned char>(s[i])));
      return false;
    }
    if (s[i] == '\n') {
      if (i - line_start > limits.max_line_bytes) {
        diags.report(DiagId::LineTooLong, {file, static_cast<uint32_t>(line_start), static_cast<uint32_t>(line_start)},
                     i - line_start, limits.max_line_bytes);
        return false;
      }
      line_start = i + 1;
    } else if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r') {
      blank = false;
    }
    i += n;
  }
  if (s.size() - line_start > limits.max_line_bytes) {
    diags.report(DiagId::LineTooLong, {file, static_cast<uint32_t>(line_start), static_cast<uint32_t>(line_start)},
                 s.size() - line_start, limits.max_line_bytes);
    return false;
  }
  if (blank) {
    diags.report(DiagId::EmptyFile, {file, 0, 0});
    return false;
  }
  return true;
}

}  // namespace cardc
