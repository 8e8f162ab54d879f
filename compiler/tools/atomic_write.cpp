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

bool atomic_write(const std::string& path, std::string_view contents, std::string& error) {
  namespace fs = std::filesystem;
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
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && ::fchmod(fd, st.st_mode & 07777) != 0) return fail(errno);
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
