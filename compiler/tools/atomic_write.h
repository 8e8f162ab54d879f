#pragma once
// Replacing a file's contents atomically: readers see the old file or the new one, never half of either.
#include <string>
#include <string_view>

namespace cardc::tools {

// Writes `contents` to a temporary file beside `path` (same folder, same permissions; a new file 0666 less the
// umask), flushes it to disk and renames it over `path`. A symlink is written through: the file it names is
// replaced and the link is kept. Returns false and fills `error` on failure, leaving `path` untouched.
bool atomic_write(const std::string& path, std::string_view contents, std::string& error);

}  // namespace cardc::tools
