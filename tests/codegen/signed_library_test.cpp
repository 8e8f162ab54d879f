// Signed card libraries (runtime/src/library_signature.cpp, library_loader.cpp; docs/robustness.md "Signed card
// libraries"): an engine runs a library's code only when a key it trusts signed that library for the identity the
// engine expects, unless it opts in to unsigned libraries. Every refusal happens before the dynamic loader sees
// the file, so not even an ELF constructor runs: the hostile libraries here write a file from their constructor,
// and the file must never appear.
#include <elf.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "cardrt/cardrt.h"
#include "codegen/emit.h"
#include "codegen/signing_keys.h"
#include "modules.h"
#include "test_support.hpp"

using namespace cardc;
using namespace cgtest;

namespace {

struct Outcome {
  int32_t code;
  std::string message;
  int32_t cards;
};

struct Keys {
  codegen::PublicKey pub{};
  codegen::SecretKey secret;
  Keys() {
    auto k = codegen::generate_key(pub);
    EXPECT_TRUE(k) << k.error();
    if (k) secret = *k;
  }
};

Outcome load(const std::string& path, const std::vector<const codegen::PublicKey*>& trusted, uint32_t flags = 0,
             const char* game = "legends", const char* profile = "profile-1", const char* source = "source-1") {
  std::vector<uint8_t> keys;
  for (const auto* k : trusted) keys.insert(keys.end(), k->begin(), k->end());
  rt::TestGame t(rt::make_legends());
  char error[1024] = "unchanged";
  const int32_t r = cardrt_library_load_trusted(t.pool(), path.c_str(), keys.data(), int32_t(trusted.size()), flags,
                                                game, profile, source, error, sizeof error);
  return {r, error, cardrt_cardpool_count(t.pool())};
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }
bool exists(const std::string& path) { return ::access(path.c_str(), F_OK) == 0; }

// A shared object that looks like a card library of legends (every identity symbol, an entry point that registers
// nothing) and whose constructor creates `marker`: what an attacker would hand an engine.
std::string build_hostile(const TempDir& dir, const std::string& name, const std::string& marker) {
  const std::string src = dir.file(name + ".c"), so = dir.file(name + ".so");
  write_file(src,
             "#include <fcntl.h>\n#include <unistd.h>\n"
             "__attribute__((constructor)) static void hostile(void) {\n"
             "  int fd = open(\"" +
                 marker +
                 "\", O_WRONLY | O_CREAT, 0644);\n"
                 "  if (fd >= 0) close(fd);\n}\n"
                 "const int cardrt_library_abi_version = " +
                 std::to_string(CARDRT_ABI_VERSION) +
                 ";\n"
                 "const char cardrt_library_game[] = \"legends\";\n"
                 "const char cardrt_library_profile_hash[] = \"profile-1\";\n"
                 "const char cardrt_library_source_hash[] = \"source-1\";\n"
                 "int cardrt_library_register(void* pool) { (void)pool; return 0; }\n");
  auto cc = codegen::find_program("cc");
  EXPECT_TRUE(cc) << cc.error();
  const std::string cmd = *cc + " -shared -fPIC -o '" + so + "' '" + src + "'";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  return so;
}

int32_t sign(const std::string& path, const codegen::SecretKey& key, const char* game = "legends",
             const char* profile = "profile-1", const char* source = "source-1") {
  char error[512] = {};
  const int32_t r = cardrt_library_sign(path.c_str(), key.bytes.data(), game, profile, source, error, sizeof error);
  EXPECT_EQ(r, CARDRT_OK) << error;
  return r;
}

class SignedLibrary : public ::testing::Test {
 protected:
  void SetUp() override {
    signed_ = dir_.file("signed.so");
    codegen::EmitOptions o;
    o.signing_key = &trusted_.secret;
    codegen::Status s = codegen::write_library(magistrate_module(), signed_, o);
    ASSERT_TRUE(s) << s.error();
    unsigned_ = dir_.file("unsigned.so");
    s = codegen::write_library(magistrate_module(), unsigned_, {});
    ASSERT_TRUE(s) << s.error();
  }
  TempDir dir_;
  Keys trusted_, other_;
  std::string signed_, unsigned_;
};

}  // namespace

TEST_F(SignedLibrary, LoadsWhenATrustedKeySignedIt) {
  const Outcome r = load(signed_, {&other_.pub, &trusted_.pub});
  EXPECT_EQ(r.code, CARDRT_OK) << r.message;
  EXPECT_EQ(r.cards, 1);
}

TEST_F(SignedLibrary, RefusesAnUnsignedLibraryUnlessTheEngineAllowsThem) {
  const Outcome r = load(unsigned_, {&trusted_.pub});
  EXPECT_EQ(r.code, CARDRT_LIB_E_UNSIGNED);
  EXPECT_TRUE(contains(r.message, "is not signed")) << r.message;
  EXPECT_EQ(r.cards, 0);
  const Outcome allowed = load(unsigned_, {}, CARDRT_LIBRARY_ALLOW_UNSIGNED);
  EXPECT_EQ(allowed.code, CARDRT_OK) << allowed.message;
}

TEST_F(SignedLibrary, RefusesAKeyTheEngineDoesNotTrust) {
  const Outcome r = load(signed_, {&other_.pub});
  EXPECT_EQ(r.code, CARDRT_LIB_E_UNTRUSTED);
  EXPECT_TRUE(contains(r.message, "does not trust")) << r.message;
  EXPECT_EQ(load(signed_, {}).code, CARDRT_LIB_E_UNTRUSTED);
}

// The entry points from before signatures trust no key and do not allow unsigned libraries.
TEST_F(SignedLibrary, TheEntryPointsWithoutKeysRefuseEveryLibrary) {
  rt::TestGame t(rt::make_legends());
  char error[512];
  EXPECT_EQ(cardrt_library_load(t.pool(), signed_.c_str(), "legends", "profile-1", nullptr, error, sizeof error),
            CARDRT_LIB_E_UNTRUSTED);
  EXPECT_EQ(cardrt_library_load(t.pool(), unsigned_.c_str(), "legends", "profile-1", nullptr, error, sizeof error),
            CARDRT_LIB_E_UNSIGNED);
  cardrt_library* lib = nullptr;
  EXPECT_EQ(cardrt_library_open(signed_.c_str(), nullptr, nullptr, nullptr, &lib, error, sizeof error),
            CARDRT_LIB_E_UNTRUSTED);
  EXPECT_EQ(lib, nullptr);
  EXPECT_EQ(cardrt_cardpool_count(t.pool()), 0);
}

// The signature covers the image: one flipped byte anywhere in it, or in the signed identity, is refused.
TEST_F(SignedLibrary, RefusesAlteredBytesAndAnAlteredIdentity) {
  const std::string bytes = read_file(signed_);
  for (size_t at : {size_t{100}, bytes.size() / 2, bytes.size() - 200}) {
    std::string altered = bytes;
    altered[at] = char(altered[at] ^ 0x20);
    const std::string path = dir_.file("altered.so");
    write_file(path, altered);
    const Outcome r = load(path, {&trusted_.pub});
    EXPECT_NE(r.code, CARDRT_OK) << "byte " << at;
    EXPECT_EQ(r.cards, 0);
  }
  // "legends" in the signed identity made "legendz": the engine expecting legendz must still refuse it.
  std::string altered = bytes;
  const size_t at = altered.rfind("legends");
  ASSERT_NE(at, std::string::npos);
  altered[at + 6] = 'z';
  const std::string path = dir_.file("identity.so");
  write_file(path, altered);
  const Outcome r = load(path, {&trusted_.pub}, 0, "legendz");
  EXPECT_EQ(r.code, CARDRT_LIB_E_CORRUPT);
  EXPECT_TRUE(contains(r.message, "altered after it was signed")) << r.message;
}

// What the signer vouched for is checked against what the engine expects before the library is mapped.
TEST_F(SignedLibrary, RefusesAnotherGameProfileOrSourceBeforeLoading) {
  EXPECT_EQ(load(signed_, {&trusted_.pub}, 0, "terrus").code, CARDRT_LIB_E_GAME);
  EXPECT_EQ(load(signed_, {&trusted_.pub}, 0, "legends", "profile-2").code, CARDRT_LIB_E_PROFILE);
  const Outcome r = load(signed_, {&trusted_.pub}, 0, "legends", "profile-1", "source-2");
  EXPECT_EQ(r.code, CARDRT_LIB_E_SOURCE);
  EXPECT_TRUE(contains(r.message, "refused before any of its code ran")) << r.message;
}

// A library whose symbols say something else than the identity it was signed for is refused.
TEST_F(SignedLibrary, TheSymbolsMustBeTheSignedIdentity) {
  const std::string raw = build_hostile(dir_, "raw", dir_.file("raw-constructor-ran"));  // symbols: profile-1
  sign(raw, trusted_.secret, "legends", "profile-9");
  const Outcome r = load(raw, {&trusted_.pub}, 0, "legends", "profile-9");
  EXPECT_EQ(r.code, CARDRT_LIB_E_CORRUPT);
  EXPECT_TRUE(contains(r.message, "differ from the identity it was signed for")) << r.message;
}

// The attack of issue 24: a shared object with a constructor, given a valid seal (anyone can compute a SHA-256),
// or signed by a key the engine does not trust, or signed by a trusted key for another game. Its constructor
// never runs. The last two loads show the marker would appear if it did.
TEST_F(SignedLibrary, AHostileConstructorNeverRuns) {
  const std::string marker = dir_.file("constructor-ran");
  const std::string resealed = build_hostile(dir_, "resealed", marker);
  char error[512];
  ASSERT_EQ(cardrt_library_seal(resealed.c_str(), error, sizeof error), CARDRT_OK) << error;
  const std::string untrusted = build_hostile(dir_, "untrusted", marker);
  sign(untrusted, other_.secret);
  const std::string other_game = build_hostile(dir_, "other-game", marker);
  sign(other_game, trusted_.secret, "terrus");
  const std::string altered = build_hostile(dir_, "altered", marker);
  sign(altered, trusted_.secret);
  {
    std::string b = read_file(altered);
    b[b.size() / 3] = char(b[b.size() / 3] ^ 1);
    write_file(altered, b);
  }

  EXPECT_EQ(load(resealed, {&trusted_.pub}).code, CARDRT_LIB_E_UNSIGNED);
  EXPECT_EQ(load(untrusted, {&trusted_.pub}).code, CARDRT_LIB_E_UNTRUSTED);
  EXPECT_EQ(load(other_game, {&trusted_.pub}).code, CARDRT_LIB_E_GAME);
  EXPECT_NE(load(altered, {&trusted_.pub}).code, CARDRT_OK);
  EXPECT_FALSE(exists(marker)) << "a refused library's constructor ran";

  // What a trusted signer vouched for runs (this is the marker test's control: it sees a constructor).
  const std::string vouched = build_hostile(dir_, "vouched", marker);
  sign(vouched, trusted_.secret);
  EXPECT_EQ(load(vouched, {&trusted_.pub}).code, CARDRT_OK);
  EXPECT_TRUE(exists(marker));
  ::unlink(marker.c_str());

  EXPECT_EQ(load(resealed, {}, 0).code, CARDRT_LIB_E_UNSIGNED);
  EXPECT_FALSE(exists(marker)) << "an unsigned library's constructor ran";
  EXPECT_EQ(load(resealed, {}, CARDRT_LIBRARY_ALLOW_UNSIGNED).code, CARDRT_OK);
  EXPECT_TRUE(exists(marker)) << "with CARDRT_LIBRARY_ALLOW_UNSIGNED the loader runs whatever is sealed";
}

// Found by the library-signed fuzz target: a signed image whose loaded segment claims more file bytes than the
// file has made glibc's loader touch pages past the end of the memory file (SIGBUS). Refused before dlopen.
TEST_F(SignedLibrary, RefusesASegmentOutsideTheFile) {
  std::string image = read_file(unsigned_);
  image.resize(image.size() - 48);  // its seal: it is signed below
  Elf64_Ehdr eh{};
  std::memcpy(&eh, image.data(), sizeof eh);
  bool patched = false;
  for (size_t i = 0; i < eh.e_phnum && !patched; ++i) {
    Elf64_Phdr ph{};
    const size_t at = eh.e_phoff + i * sizeof ph;
    std::memcpy(&ph, image.data() + at, sizeof ph);
    if (ph.p_type != PT_LOAD) continue;
    ph.p_filesz = ph.p_memsz = image.size() * 4;
    std::memcpy(image.data() + at, &ph, sizeof ph);
    patched = true;
  }
  ASSERT_TRUE(patched);
  const std::string path = dir_.file("segment.so");
  write_file(path, image);
  sign(path, trusted_.secret);
  const Outcome r = load(path, {&trusted_.pub});
  EXPECT_EQ(r.code, CARDRT_LIB_E_CORRUPT);
  EXPECT_TRUE(contains(r.message, "lies outside the file")) << r.message;
}

TEST_F(SignedLibrary, RefusesToSignTwiceOrToSignWhatIsNotElf) {
  char error[512];
  EXPECT_EQ(
      cardrt_library_sign(signed_.c_str(), trusted_.secret.bytes.data(), "legends", "p", "s", error, sizeof error),
      CARDRT_LIB_E_CORRUPT);
  EXPECT_TRUE(contains(error, "already sealed or signed")) << error;
  EXPECT_EQ(
      cardrt_library_sign(unsigned_.c_str(), trusted_.secret.bytes.data(), "legends", "p", "s", error, sizeof error),
      CARDRT_LIB_E_CORRUPT);
  const std::string text = dir_.file("text.so");
  write_file(text, "not an ELF file");
  EXPECT_EQ(cardrt_library_sign(text.c_str(), trusted_.secret.bytes.data(), "legends", "p", "s", error, sizeof error),
            CARDRT_LIB_E_CORRUPT);
}

TEST(LibraryKeys, TextRoundTripsAndMalformedTextIsRefused) {
  Keys k;
  char text[256];
  ASSERT_EQ(cardrt_library_key_to_text(k.pub.data(), CARDRT_LIBRARY_PUBLIC_KEY, text, sizeof text), CARDRT_OK);
  EXPECT_EQ(std::string(text).rfind("cardrt-public-key-1 ", 0), 0u) << text;
  EXPECT_EQ(std::string(text).size(), 20u + 64u);
  codegen::PublicKey back{};
  EXPECT_EQ(cardrt_library_key_from_text((std::string(text) + "\n").c_str(), CARDRT_LIBRARY_PUBLIC_KEY, back.data()),
            CARDRT_OK);
  EXPECT_EQ(back, k.pub);
  // a public key is not a secret key, and one digit less or a non-hex digit is refused
  uint8_t secret[CARDRT_LIBRARY_SECRET_KEY_BYTES];
  EXPECT_EQ(cardrt_library_key_from_text(text, CARDRT_LIBRARY_SECRET_KEY, secret), CARDRT_E_ARGUMENT);
  std::string short_text(text);
  short_text.pop_back();
  EXPECT_EQ(cardrt_library_key_from_text(short_text.c_str(), CARDRT_LIBRARY_PUBLIC_KEY, back.data()),
            CARDRT_E_ARGUMENT);
  std::string bad(text);
  bad.back() = 'g';
  EXPECT_EQ(cardrt_library_key_from_text(bad.c_str(), CARDRT_LIBRARY_PUBLIC_KEY, back.data()), CARDRT_E_ARGUMENT);
  EXPECT_EQ(cardrt_library_key_to_text(k.pub.data(), CARDRT_LIBRARY_PUBLIC_KEY, text, 10), CARDRT_E_ARGUMENT);
}

// A FIFO (or any file that is not a regular file) is refused at once, not waited on.
TEST(LibraryInputs, AFifoIsRefusedWithoutBlocking) {
  TempDir dir;
  const std::string fifo = dir.file("library.so");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const Outcome r = load(fifo, {}, CARDRT_LIBRARY_ALLOW_UNSIGNED);
  EXPECT_EQ(r.code, CARDRT_LIB_E_IO);
  EXPECT_TRUE(contains(r.message, "not a regular file")) << r.message;
  EXPECT_EQ(load("/dev/zero", {}, CARDRT_LIBRARY_ALLOW_UNSIGNED).code, CARDRT_LIB_E_IO);
}
