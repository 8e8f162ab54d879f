#include "driver/installed_profiles.h"

#include <filesystem>
#include <system_error>

#ifndef CARDC_BIN_TO_PROFILES
#define CARDC_BIN_TO_PROFILES "../share/cardc"
#endif

namespace cardc {

namespace fs = std::filesystem;

std::optional<std::string> installed_profile_dir() {
  std::error_code ec;
  // The program itself, not argv[0] (a cardc found on PATH or through a symlink).
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec || exe.empty()) return std::nullopt;
  const fs::path dir = (exe.parent_path() / CARDC_BIN_TO_PROFILES).lexically_normal();
  if (!fs::is_directory(dir, ec)) return std::nullopt;
  return dir.string();
}

}  // namespace cardc
