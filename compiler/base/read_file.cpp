#include "base/read_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace cardc {
namespace {

// What a file that is not a regular file is, in words.
std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  return "not a regular file";
}

std::string size_words(uint64_t bytes) {
  if (bytes >= (uint64_t{1} << 20) && bytes % (uint64_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + "-byte";
}

// Reads fd to its end or until more than max_bytes came; false when there was more.
bool read_bounded(int fd, uint64_t max_bytes, std::string& out, std::string& why) {
  out.clear();
  char buf[65536];
  for (;;) {
    const ssize_t r = ::read(fd, buf, sizeof buf);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      why = std::strerror(errno);
      return false;
    }
    if (r == 0) return true;
    if (out.size() + size_t(r) > max_bytes) {
      why = "larger than the " + size_words(max_bytes) + " limit";
      out.clear();
      return false;
    }
    out.append(buf, size_t(r));
  }
}

}  // namespace

bool read_input(const std::string& path, uint64_t max_bytes, std::string& out, std::string& why, bool allow_stdin) {
  out.clear();
  if (path == "-" && allow_stdin) return read_bounded(STDIN_FILENO, max_bytes, out, why);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    const int e = errno;
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
      why = "not a regular file (" + kind_of(st.st_mode) + ")";
    else
      why = std::strerror(e);
    return false;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    why = std::strerror(errno);
    ::close(fd);
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    why = "not a regular file (" + kind_of(st.st_mode) + ")";
    ::close(fd);
    return false;
  }
  if (uint64_t(st.st_size) > max_bytes) {
    why = "larger than the " + size_words(max_bytes) + " limit";
    ::close(fd);
    return false;
  }
  const bool ok = read_bounded(fd, max_bytes, out, why);  // bounded again: the file may grow meanwhile
  ::close(fd);
  return ok;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace cardc
