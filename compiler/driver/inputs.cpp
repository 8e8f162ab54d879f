#include "driver/inputs.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "driver/installed_profiles.h"

namespace cardc {

namespace fs = std::filesystem;

FileKind file_kind(const std::string& path) {
  auto ext = fs::path(path).extension().string();
  if (ext == ".cards") return FileKind::CardSet;
  if (ext == ".game") return FileKind::Profile;
  return FileKind::Other;
}

std::vector<std::string> expand_inputs(const std::vector<std::string>& paths) {
  std::vector<std::string> out;
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (fs::recursive_directory_iterator it(p, fs::directory_options::skip_permission_denied, ec), end;
           !ec && it != end; it.increment(ec)) {
        // Not only regular files: a FIFO or device named like a set is refused when read, not skipped silently.
        if (!it->is_directory(ec) && file_kind(it->path().string()) != FileKind::Other)
          found.push_back(it->path().lexically_normal().string());
      }
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else {
      out.push_back(p);
    }
  }
  return out;
}

std::optional<std::string> find_profile(const std::string& game, const std::string& set_path,
                                        const std::vector<std::string>& search_dirs) {
  std::error_code ec;
  auto exists = [&](const fs::path& p) { return fs::is_regular_file(p, ec); };
  for (const auto& d : search_dirs) {
    for (const fs::path& c : {fs::path(d) / (game + ".game"), fs::path(d) / game / (game + ".game")})
      if (exists(c)) return c.lexically_normal().string();
  }
  fs::path dir = fs::absolute(fs::path(set_path), ec).parent_path();
  while (true) {
    for (const fs::path& c : {dir / (game + ".game"), dir / game / (game + ".game"), dir / "cards" / game / (game + ".game")})
      if (exists(c)) return fs::relative(c, fs::current_path(), ec).lexically_normal().string();
    if (!dir.has_parent_path() || dir.parent_path() == dir) break;
    dir = dir.parent_path();
  }
  // Last, the bundled games an installed cardc brings (share/cardc).
  if (auto installed = installed_profile_dir())
    if (fs::path c = fs::path(*installed) / game / (game + ".game"); exists(c)) return c.string();
  return std::nullopt;
}

}  // namespace cardc
