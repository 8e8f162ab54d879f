#include "base/source_manager.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "base/read_file.h"

namespace cardc {

uint32_t utf8_length(std::string_view s) {
  uint32_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;  // count lead bytes and ASCII, not continuation bytes
  return n;
}

FileId SourceManager::add(std::string name, std::string contents) {
  File f{std::move(name), std::move(contents), {0}};
  for (uint32_t i = 0; i < f.contents.size(); ++i)
    if (f.contents[i] == '\n') f.line_starts.push_back(i + 1);
  files_.push_back(std::move(f));
  return static_cast<FileId>(files_.size() - 1);
}

FileId SourceManager::load(const std::string& path, std::string& error, size_t max_bytes) {
  std::string data;
  if (!read_input(path, max_bytes, data, error)) return kNoFile;
  return add(path, std::move(data));
}

std::string_view SourceManager::text(SourceRange r) const {
  if (!r.valid()) return {};
  std::string_view c = files_[r.file].contents;
  if (r.begin > c.size()) return {};
  return c.substr(r.begin, std::min<size_t>(r.end, c.size()) - r.begin);
}

LineCol SourceManager::line_col(FileId id, uint32_t offset) const {
  const File& f = files_[id];
  auto it = std::upper_bound(f.line_starts.begin(), f.line_starts.end(), offset);
  uint32_t line = static_cast<uint32_t>(it - f.line_starts.begin());
  uint32_t start = f.line_starts[line - 1];
  uint32_t end = std::min<uint32_t>(offset, static_cast<uint32_t>(f.contents.size()));
  return {line, utf8_length(std::string_view(f.contents).substr(start, end - start)) + 1};
}

std::string_view SourceManager::line_text(FileId id, uint32_t line) const {
  const File& f = files_[id];
  if (line == 0 || line > f.line_starts.size()) return {};
  uint32_t start = f.line_starts[line - 1];
  uint32_t end = line < f.line_starts.size() ? f.line_starts[line] - 1 : static_cast<uint32_t>(f.contents.size());
  std::string_view s = std::string_view(f.contents).substr(start, end - start);
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  return s;
}

}  // namespace cardc
