// Replacing a file atomically (compiler/tools/atomic_write.h), as `fmt --in-place` and `render -o` do: through a
// symlink the linked file changes and the link stays; a new file gets the usual permissions, not 0600.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

#include "tools/atomic_write.h"

namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    char tmpl[] = "/tmp/cardc_atomic_XXXXXX";
    path = ::mkdtemp(tmpl);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::string contents(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

mode_t mode_of(const fs::path& p) {
  struct stat st {};
  ::stat(p.c_str(), &st);
  return st.st_mode & 07777;
}

}  // namespace

TEST(AtomicWrite, WritesThroughASymlinkAndKeepsIt) {
  TempDir d;
  fs::create_directory(d.path / "sets");
  std::ofstream(d.path / "sets" / "real.cards") << "old\n";
  fs::create_symlink("sets/real.cards", d.path / "link.cards");
  std::string error;
  ASSERT_TRUE(cardc::tools::atomic_write((d.path / "link.cards").string(), "new\n", error)) << error;
  EXPECT_TRUE(fs::is_symlink(d.path / "link.cards"));
  EXPECT_EQ(fs::read_symlink(d.path / "link.cards"), fs::path("sets/real.cards"));
  EXPECT_EQ(contents(d.path / "sets" / "real.cards"), "new\n");
  // no temporary file left beside either
  size_t entries = 0;
  for (const auto& e : fs::recursive_directory_iterator(d.path)) entries += e.is_regular_file() || e.is_symlink();
  EXPECT_EQ(entries, 2u);
}

TEST(AtomicWrite, ANewFileGetsTheUmaskAnOldOneKeepsItsMode) {
  TempDir d;
  const mode_t old_mask = ::umask(022);
  std::string error;
  ASSERT_TRUE(cardc::tools::atomic_write((d.path / "proofs.html").string(), "<html>", error)) << error;
  EXPECT_EQ(mode_of(d.path / "proofs.html"), 0644u);
  std::ofstream(d.path / "kept.cards") << "x\n";
  ::chmod((d.path / "kept.cards").c_str(), 0640);
  ASSERT_TRUE(cardc::tools::atomic_write((d.path / "kept.cards").string(), "y\n", error)) << error;
  EXPECT_EQ(mode_of(d.path / "kept.cards"), 0640u);
  ::umask(old_mask);
}
