// The runtime's card library loader (runtime/src/library_loader.cpp): it refuses, with a message naming what
// differs, every library it must not run: another ABI version, game, profile or source; a truncated, bit-flipped
// or foreign file (refused before the dynamic loader maps it, so none of its code runs).
#include <dlfcn.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "cardrt/cardrt.h"
#include "codegen/emit.h"
#include "modules.h"
#include "test_support.hpp"

using namespace cardc;
using namespace cgtest;

namespace {

struct Outcome {
  int32_t code;
  std::string message;
  int32_t cards;  // in the pool afterwards
};

Outcome load(const std::string& path, const char* game = "legends", const char* profile = "profile-1",
             const char* source = "source-1") {
  rt::TestGame t(rt::make_legends());
  char error[1024] = "unchanged";
  const int32_t r = cardrt_library_load_trusted(t.pool(), path.c_str(), nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED, game,
                                                profile, source, error, sizeof error);
  return {r, error, cardrt_cardpool_count(t.pool())};
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// A small C shared object built with cc: not a card library.
std::string build_foreign(const TempDir& dir, const std::string& name, const std::string& c_source) {
  const std::string src = dir.file(name + ".c"), so = dir.file(name + ".so");
  write_file(src, c_source);
  auto cc = codegen::find_program("cc");
  EXPECT_TRUE(cc) << cc.error();
  const std::string cmd = *cc + " -shared -fPIC -o '" + so + "' '" + src + "'";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  return so;
}

class Loader : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir;
    good_ = dir_->file("good.so");
    codegen::Status s = codegen::write_library(magistrate_module(), good_, {});
    ASSERT_TRUE(s) << s.error();
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static std::string copy_of_good(const std::string& name) {
    const std::string path = dir_->file(name);
    write_file(path, read_file(good_));
    return path;
  }
  static TempDir* dir_;
  static std::string good_;
};
TempDir* Loader::dir_ = nullptr;
std::string Loader::good_;

}  // namespace

TEST_F(Loader, LoadsACardLibraryWithMatchingIdentity) {
  const Outcome ok = load(good_);
  EXPECT_EQ(ok.code, CARDRT_OK) << ok.message;
  EXPECT_EQ(ok.message, "");
  EXPECT_EQ(ok.cards, 1);
  const Outcome unchecked_source = load(good_, "legends", "profile-1", nullptr);  // NULL: not checked
  EXPECT_EQ(unchecked_source.code, CARDRT_OK) << unchecked_source.message;
}

TEST_F(Loader, RefusesAnotherAbiVersion) {
  codegen::EmitOptions o;
  o.lower.abi_version = CARDRT_ABI_VERSION + 1;
  const std::string path = dir_->file("abi.so");
  ASSERT_TRUE(codegen::write_library(magistrate_module(), path, o));
  const Outcome r = load(path);
  EXPECT_EQ(r.code, CARDRT_LIB_E_ABI);
  EXPECT_TRUE(contains(r.message, "wrong ABI version")) << r.message;
  EXPECT_TRUE(contains(r.message, "built for cardrt ABI version " + std::to_string(CARDRT_ABI_VERSION + 1))) << r.message;
  EXPECT_TRUE(contains(r.message, "this runtime is version " + std::to_string(CARDRT_ABI_VERSION))) << r.message;
  EXPECT_EQ(r.cards, 0);
}

TEST_F(Loader, RefusesAnotherGame) {
  const Outcome r = load(good_, "terrus");
  EXPECT_EQ(r.code, CARDRT_LIB_E_GAME);
  EXPECT_TRUE(contains(r.message, "wrong game")) << r.message;
  EXPECT_TRUE(contains(r.message, "holds cards of game 'legends', expected 'terrus'")) << r.message;
  EXPECT_EQ(r.cards, 0);
}

TEST_F(Loader, RefusesAnotherProfile) {
  const Outcome r = load(good_, "legends", "profile-2");
  EXPECT_EQ(r.code, CARDRT_LIB_E_PROFILE);
  EXPECT_TRUE(contains(r.message, "wrong profile")) << r.message;
  EXPECT_TRUE(contains(r.message, "'profile-1'")) << r.message;
  EXPECT_TRUE(contains(r.message, "'profile-2'")) << r.message;
  EXPECT_EQ(r.cards, 0);
}

TEST_F(Loader, RefusesEditedSource) {
  const Outcome r = load(good_, "legends", "profile-1", "source-2");
  EXPECT_EQ(r.code, CARDRT_LIB_E_SOURCE);
  EXPECT_TRUE(contains(r.message, "edited source")) << r.message;
  EXPECT_TRUE(contains(r.message, "'source-1', expected 'source-2'")) << r.message;
  EXPECT_EQ(r.cards, 0);
}

TEST_F(Loader, RefusesATruncatedLibrary) {
  const std::string bytes = read_file(good_);
  for (size_t keep : {bytes.size() / 2, bytes.size() - 1, bytes.size() - 48, size_t{100}, size_t{0}}) {
    const std::string path = dir_->file("truncated-" + std::to_string(keep) + ".so");
    write_file(path, bytes.substr(0, keep));
    const Outcome r = load(path);
    EXPECT_EQ(r.code, CARDRT_LIB_E_CORRUPT) << keep << ": " << r.message;
    EXPECT_TRUE(contains(r.message, "truncated")) << r.message;
    EXPECT_EQ(r.cards, 0);
  }
}

TEST_F(Loader, RefusesABitFlippedLibrary) {
  const std::string bytes = read_file(good_);
  // in the ELF header, in the middle (code or data), in the last byte of the image, in the seal's digest and length
  for (size_t at : {size_t{5}, bytes.size() / 2, bytes.size() - 49, bytes.size() - 40, bytes.size() - 12}) {
    std::string flipped = bytes;
    flipped[at] = static_cast<char>(flipped[at] ^ 0x10);
    const std::string path = dir_->file("flipped-" + std::to_string(at) + ".so");
    write_file(path, flipped);
    const Outcome r = load(path);
    EXPECT_EQ(r.code, CARDRT_LIB_E_CORRUPT) << at << ": " << r.message;
    EXPECT_TRUE(contains(r.message, "altered")) << r.message;
    EXPECT_EQ(r.cards, 0);
  }
}

TEST_F(Loader, RefusesAForeignSharedObjectWithoutRunningIt) {
  // a copy of the C library
  Dl_info info{};
  ASSERT_NE(::dladdr(reinterpret_cast<void*>(&::printf), &info), 0);
  ASSERT_NE(info.dli_fname, nullptr);
  const std::string libc = dir_->file("libc-copy.so");
  write_file(libc, read_file(info.dli_fname));
  const Outcome r = load(libc);
  EXPECT_EQ(r.code, CARDRT_LIB_E_CORRUPT) << r.message;
  EXPECT_TRUE(contains(r.message, "not a card library written by cardc compile")) << r.message;

  // a shared object whose initializer would announce that it ran
  ::unsetenv("CARDC_FOREIGN_INIT_RAN");
  const std::string foreign = build_foreign(*dir_, "foreign",
                                            "#include <stdlib.h>\n"
                                            "__attribute__((constructor)) static void init(void) {\n"
                                            "  setenv(\"CARDC_FOREIGN_INIT_RAN\", \"1\", 1);\n"
                                            "}\n"
                                            "int cardrt_library_register(void* pool) { return 0; }\n");
  const Outcome f = load(foreign);
  EXPECT_EQ(f.code, CARDRT_LIB_E_CORRUPT) << f.message;
  EXPECT_EQ(::getenv("CARDC_FOREIGN_INIT_RAN"), nullptr) << "the loader ran a foreign library's code";
}

TEST_F(Loader, RefusesASealedLibraryWithoutTheIdentitySymbols) {
  const std::string foreign = build_foreign(*dir_, "sealed-foreign", "int cardrt_library_register(void* p) { return 0; }\n");
  char error[256];
  ASSERT_EQ(cardrt_library_seal(foreign.c_str(), error, sizeof error), CARDRT_OK) << error;
  const Outcome r = load(foreign);
  EXPECT_EQ(r.code, CARDRT_LIB_E_LOAD) << r.message;
  EXPECT_TRUE(contains(r.message, "does not define cardrt_library_abi_version")) << r.message;
}

TEST_F(Loader, ReportsMissingFilesAndBadArguments) {
  const Outcome missing = load(dir_->file("no-such.so"));
  EXPECT_EQ(missing.code, CARDRT_LIB_E_IO);
  EXPECT_TRUE(contains(missing.message, "cannot open")) << missing.message;
  EXPECT_EQ(load(dir_->path()).code, CARDRT_LIB_E_IO);  // a folder

  char error[64];
  EXPECT_EQ(cardrt_library_load_trusted(nullptr, good_.c_str(), nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED, "legends",
                                        "profile-1", nullptr, error, sizeof error),
            CARDRT_E_HANDLE);
  rt::TestGame t(rt::make_legends());
  EXPECT_EQ(cardrt_library_load_trusted(t.pool(), nullptr, nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED, "legends",
                                        "profile-1", nullptr, error, sizeof error),
            CARDRT_E_ARGUMENT);
  EXPECT_EQ(cardrt_library_load_trusted(t.pool(), good_.c_str(), nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED, nullptr,
                                        "profile-1", nullptr, nullptr, 0),
            CARDRT_E_ARGUMENT);
  // a small buffer receives a NUL-terminated prefix of the message
  char small[8];
  EXPECT_EQ(cardrt_library_load_trusted(t.pool(), good_.c_str(), nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED, "terrus",
                                        "profile-1", nullptr, small, sizeof small),
            CARDRT_LIB_E_GAME);
  EXPECT_EQ(std::string(small), "wrong g");
  EXPECT_EQ(cardrt_library_seal(dir_->file("no-such.so").c_str(), error, sizeof error), CARDRT_LIB_E_IO);
  const std::string text = dir_->file("text.so");
  write_file(text, "not an ELF file");
  EXPECT_EQ(cardrt_library_seal(text.c_str(), error, sizeof error), CARDRT_LIB_E_CORRUPT);
}

TEST_F(Loader, RegistrationFailureIsReported) {
  ir::Module m = magistrate_module();
  m.functions[1].body.kids[0].kids[0].kids[2].text = "Spaceship";  // a card type legends does not have
  const std::string path = dir_->file("spaceship.so");
  ASSERT_TRUE(codegen::write_library(m, path, {}));
  const Outcome r = load(path);
  EXPECT_EQ(r.code, CARDRT_LIB_E_REGISTER);
  EXPECT_TRUE(contains(r.message, "returned -3")) << r.message;
  EXPECT_TRUE(contains(r.message, "does not define")) << r.message;
}

TEST_F(Loader, SealingIsIdempotent) {
  const std::string path = copy_of_good("resealed.so");
  char error[256];
  ASSERT_EQ(cardrt_library_seal(path.c_str(), error, sizeof error), CARDRT_OK) << error;
  EXPECT_EQ(read_file(path), read_file(good_));
}

// An engine that owns the library handle: one library, two pools, then unload once the games are gone.
TEST_F(Loader, OpenRegisterUnload) {
  cardrt_library* lib = nullptr;
  char error[256];
  ASSERT_EQ(cardrt_library_open_trusted(good_.c_str(), nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED, "legends",
                                        "profile-1", "source-1", &lib, error, sizeof error),
            CARDRT_OK)
      << error;
  ASSERT_NE(lib, nullptr);
  {
    rt::TestGame a(rt::make_legends()), b(rt::make_legends());
    ASSERT_EQ(cardrt_library_register_cards(lib, a.pool(), error, sizeof error), CARDRT_OK) << error;
    ASSERT_EQ(cardrt_library_register_cards(lib, b.pool(), error, sizeof error), CARDRT_OK) << error;
    EXPECT_EQ(play_magistrate(a), play_magistrate(b));
  }
  cardrt_library_unload(lib);
  cardrt_library_unload(nullptr);
  EXPECT_EQ(cardrt_library_register_cards(nullptr, nullptr, error, sizeof error), CARDRT_E_HANDLE);
  cardrt_library* none = reinterpret_cast<cardrt_library*>(0x1);
  EXPECT_EQ(cardrt_library_open_trusted(dir_->file("no-such.so").c_str(), nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED,
                                        "legends", "p", nullptr, &none, error, sizeof error),
            CARDRT_LIB_E_IO);
  EXPECT_EQ(none, nullptr);
}

// A set recompiled to the same path while the old build is still loaded: the loader gets the new build (the
// dynamic loader identifies objects by name, so a naive dlopen(path) would hand back the old one).
TEST_F(Loader, ReloadsARebuiltLibraryAtTheSamePath) {
  const std::string path = dir_->file("rebuilt.so");
  ASSERT_TRUE(codegen::write_library(magistrate_module("profile-1", "first"), path, {}));
  EXPECT_EQ(load(path, "legends", "profile-1", "first").code, CARDRT_OK);
  ASSERT_TRUE(codegen::write_library(magistrate_module("profile-1", "second"), path, {}));
  const Outcome second = load(path, "legends", "profile-1", "second");
  EXPECT_EQ(second.code, CARDRT_OK) << second.message;
  EXPECT_EQ(load(path, "legends", "profile-1", "first").code, CARDRT_LIB_E_SOURCE);
}

// The seal's digest is the SHA-256 of the image (checked against coreutils' sha256sum), for every length of the
// last block and across blocks: the loader's SHA-256 uses the CPU's SHA extensions where it has them.
TEST_F(Loader, TheSealIsTheSha256OfTheImage) {
  if (std::system("command -v sha256sum > /dev/null 2>&1") != 0) GTEST_SKIP() << "no sha256sum";
  std::vector<size_t> sizes;
  for (size_t n = 4; n <= 200; ++n) sizes.push_back(n);
  sizes.push_back(size_t{1} << 20);
  sizes.push_back((size_t{1} << 20) + 55);
  uint32_t x = 12345;
  for (size_t n : sizes) {
    std::string image = "\x7f" "ELF";
    while (image.size() < n) {
      x = x * 1664525u + 1013904223u;
      image.push_back(static_cast<char>(x >> 24));
    }
    const std::string path = dir_->file("digest.bin");
    write_file(path, image);
    char error[256];
    ASSERT_EQ(cardrt_library_seal(path.c_str(), error, sizeof error), CARDRT_OK) << error;
    const std::string sealed = read_file(path);
    ASSERT_EQ(sealed.size(), n + 48);
    static const char* digits = "0123456789abcdef";
    std::string seal_hex;
    for (size_t i = n; i < n + 32; ++i) {
      seal_hex.push_back(digits[static_cast<unsigned char>(sealed[i]) >> 4]);
      seal_hex.push_back(digits[static_cast<unsigned char>(sealed[i]) & 15]);
    }
    write_file(path, image);
    const std::string cmd = "sha256sum '" + path + "' > '" + dir_->file("digest.txt") + "'";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    EXPECT_EQ(read_file(dir_->file("digest.txt")).substr(0, 64), seal_hex) << "image of " << n << " bytes";
  }
}

// The library runs from an anonymous memory file that is sealed against writes before its seal is checked: no one
// (not another process through /proc, not this one) can change what was checked before it runs.
TEST_F(Loader, RunsFromAMemoryFileSealedAgainstWrites) {
  auto memfds = [] {
    std::vector<int> fds;
    for (const auto& e : std::filesystem::directory_iterator("/proc/self/fd")) {
      std::error_code ec;
      const std::string target = std::filesystem::read_symlink(e.path(), ec).string();
      if (!ec && target.find("memfd:cardrt-library") != std::string::npos)
        fds.push_back(std::stoi(e.path().filename().string()));
    }
    return fds;
  };
  const std::vector<int> before = memfds();
  cardrt_library* lib = nullptr;
  char error[256];
  ASSERT_EQ(cardrt_library_open_trusted(good_.c_str(), nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED, "legends",
                                        "profile-1", "source-1", &lib, error, sizeof error),
            CARDRT_OK)
      << error;
  std::vector<int> added;
  for (int fd : memfds())
    if (std::find(before.begin(), before.end(), fd) == before.end()) added.push_back(fd);
  ASSERT_EQ(added.size(), 1u);
  const int seals = ::fcntl(added[0], F_GET_SEALS);
  EXPECT_TRUE(seals >= 0 && (seals & F_SEAL_WRITE) && (seals & F_SEAL_SHRINK) && (seals & F_SEAL_GROW)) << seals;
  const int w = ::open(("/proc/self/fd/" + std::to_string(added[0])).c_str(), O_WRONLY | O_CLOEXEC);
  if (w >= 0) {  // opening for writing is allowed; writing is not
    EXPECT_LT(::pwrite(w, "x", 1, 100), 0) << "the memory file the library runs from is writable";
    EXPECT_EQ(errno, EPERM);
    ::close(w);
  }
  rt::TestGame t(rt::make_legends());
  ASSERT_EQ(cardrt_library_register_cards(lib, t.pool(), error, sizeof error), CARDRT_OK) << error;
  EXPECT_EQ(cardrt_cardpool_count(t.pool()), 1);
  cardrt_library_unload(lib);
}
