#pragma once
// Source files and positions: every AST node and diagnostic points here by (file id, byte offsets).
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace cardc {

using FileId = uint32_t;
inline constexpr FileId kNoFile = UINT32_MAX;

// A half-open byte range [begin, end) in one file.
struct SourceRange {
  FileId file = kNoFile;
  uint32_t begin = 0;
  uint32_t end = 0;

  bool valid() const { return file != kNoFile; }
  static SourceRange join(SourceRange a, SourceRange b) {
    if (!a.valid()) return b;
    if (!b.valid()) return a;
    return {a.file, a.begin < b.begin ? a.begin : b.begin, a.end > b.end ? a.end : b.end};
  }
  bool operator==(const SourceRange&) const = default;
};

// 1-based line and column; columns count Unicode code points, as editors show them.
struct LineCol {
  uint32_t line = 0;
  uint32_t col = 0;
};

class SourceManager {
 public:
  // Adds a file whose contents are already in memory (tests, the language server).
  FileId add(std::string name, std::string contents);
  // Reads a file from disk; returns kNoFile and fills `error` on failure.
  FileId load(const std::string& path, std::string& error, size_t max_bytes);

  const std::string& name(FileId id) const { return files_[id].name; }
  std::string_view contents(FileId id) const { return files_[id].contents; }
  std::string_view text(SourceRange r) const;
  LineCol line_col(FileId id, uint32_t offset) const;
  // The text of a 1-based line, without its line break.
  std::string_view line_text(FileId id, uint32_t line) const;
  size_t file_count() const { return files_.size(); }

 private:
  struct File {
    std::string name;
    std::string contents;
    std::vector<uint32_t> line_starts;
  };
  std::deque<File> files_;  // a deque never moves a file: the AST's views of its text stay valid
};

// Number of code points in a UTF-8 byte string (invalid bytes count one each).
uint32_t utf8_length(std::string_view s);

}  // namespace cardc
