#include "tools/atomic_write.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cardc::tools {

bool atomic_write(const std::string& path_given, std::string_view contents, std::string& error) {
  namespace fs = std::filesystem;
  // Through a symlink: the file it names is rewritten and the link stays a link (renaming over the link itself
  // would replace it with a plain file).
  std::error_code ec;
  std::string path = path_given;
  if (fs::is_symlink(path_given, ec)) {
    const fs::path resolved = fs::weakly_canonical(path_given, ec);
    if (!ec) path = resolved.string();
  }
  fs::path target(path);
  fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string tmpl = (dir / ("." + target.filename().string() + ".cardc-XXXXXX")).string();
  int fd = ::mkstemp(tmpl.data());
  if (fd < 0) {
    error = std::strerror(errno);
    return false;
  }
  auto fail = [&](int err) {
    error = std::strerror(err);
    ::close(fd);
    ::unlink(tmpl.c_str());
    return false;
  };
  // An existing file keeps its permissions; a new one gets what any new file gets (0666 less the umask), not
  // mkstemp's private 0600.
  struct stat st {};
  mode_t mode = 0;
  if (::stat(path.c_str(), &st) == 0) {
    mode = st.st_mode & 07777;
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  if (::fchmod(fd, mode) != 0) return fail(errno);
  size_t done = 0;
  while (done < contents.size()) {
    ssize_t n = ::write(fd, contents.data() + done, contents.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail(errno);
    }
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0) return fail(errno);
  if (::close(fd) != 0) {
    error = std::strerror(errno);
    ::unlink(tmpl.c_str());
    return false;
  }
  if (::rename(tmpl.c_str(), path.c_str()) != 0) {
    error = std::strerror(errno);
    ::unlink(tmpl.c_str());
    return false;
  }
  return true;
}

}  // namespace cardc::tools
