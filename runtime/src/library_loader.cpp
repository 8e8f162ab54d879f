// Card libraries: the seal and the signature `cardc compile` appends, and the loader that checks a library before
// any of its code runs (cardrt.h "engine API: card libraries"; docs/codegen.md "Library format").
//
// A signed library is [ELF image][its signature trailer] (library_signature.hpp); an unsigned one is
// [ELF image][SHA-256 of the image: 32 bytes][image length: u64 little-endian]["CARDLIB1"], loaded only when the
// engine allows unsigned libraries. The loader copies the file into an anonymous memory file (memfd), seals that
// against writes, checks it there, and hands the dynamic loader that same memory file, so what runs is exactly
// what was checked, even if the file changes meanwhile (LibraryImage); where that cannot be done it refuses.
// The memfd stays open while the library is loaded: its /proc/self/fd path names the loaded object, and glibc
// finds loaded objects by name, so the number must not be reused for another library meanwhile.
#include <dlfcn.h>
#include <fcntl.h>
#include <elf.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#endif

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <string_view>

#include "cardrt/cardrt.h"
#include "handles.hpp"
#include "library_signature.hpp"

struct cardrt_library {
  uint32_t magic = 0;
  void* dl = nullptr;
  int memfd = -1;  // the memory file the library was loaded from (-1: loaded from its path)
  cardrt_library_register_fn entry = nullptr;
  std::string path;
  std::string game, profile_hash, source_hash;  // the library's own identity symbols
  std::string description;         // CARDRT_LIBRARY_PROFILE_DESCRIPTION ("" when it has none)
};

namespace sig = cardrt::signature;

namespace {

constexpr uint32_t kLibraryMagic = 0x4c494252u;
constexpr char kSealMagic[8] = {'C', 'A', 'R', 'D', 'L', 'I', 'B', '1'};
constexpr size_t kSealSize = 32 + 8 + 8;
constexpr uint64_t kMaxLibraryBytes = uint64_t{1} << 30;
constexpr uint64_t kMaxKeyFileBytes = 4096;  // a key file is one line of about 150 bytes

// ---------------------------------------------------------------- SHA-256 (FIPS 180-4)
constexpr uint32_t kSha256K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
    0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
    0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
    0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2};

using Sha256Blocks = void (*)(uint32_t state[8], const unsigned char* p, size_t blocks);

uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

// The portable compression function: about 200 MB/s.
void sha256_blocks_portable(uint32_t state[8], const unsigned char* p, size_t blocks) {
  for (; blocks > 0; --blocks, p += 64) {
    uint32_t w[64];
    for (int i = 0; i < 16; ++i)
      w[i] = uint32_t(p[4 * i]) << 24 | uint32_t(p[4 * i + 1]) << 16 | uint32_t(p[4 * i + 2]) << 8 | p[4 * i + 3];
    for (int i = 16; i < 64; ++i) {
      const uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6],
             h = state[7];
    for (int i = 0; i < 64; ++i) {
      const uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + kSha256K[i] + w[i];
      const uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    state[0] += a, state[1] += b, state[2] += c, state[3] += d, state[4] += e, state[5] += f, state[6] += g,
        state[7] += h;
  }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// The x86 SHA extensions (Intel SHA-NI, AMD since Zen): about 2 GB/s, 10x the portable code. The round structure
// is Intel's ("Intel SHA Extensions", 2013): the state is kept as ABEF / CDGH, two rounds per sha256rnds2, and
// sha256msg1 / sha256msg2 extend the message schedule four words at a time.
__attribute__((target("sha,sse4.1,ssse3"))) void sha256_blocks_x86_sha(uint32_t state[8], const unsigned char* p,
                                                                      size_t blocks) {
  const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
  __m128i tmp = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&state[0]));
  __m128i state1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&state[4]));
  tmp = _mm_shuffle_epi32(tmp, 0xB1);                // CDAB
  state1 = _mm_shuffle_epi32(state1, 0x1B);          // EFGH
  __m128i state0 = _mm_alignr_epi8(tmp, state1, 8);  // ABEF
  state1 = _mm_blend_epi16(state1, tmp, 0xF0);       // CDGH
  for (; blocks > 0; --blocks, p += 64) {
    const __m128i abef = state0, cdgh = state1;
    __m128i msg[4];
    for (int i = 0; i < 16; ++i) {  // rounds 4i .. 4i+3
      __m128i& cur = msg[i % 4];
      if (i < 4) cur = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i)), byte_swap);
      __m128i w = _mm_add_epi32(cur, _mm_loadu_si128(reinterpret_cast<const __m128i*>(&kSha256K[4 * i])));
      state1 = _mm_sha256rnds2_epu32(state1, state0, w);
      if (i >= 3 && i <= 14) {  // words 4i+4 .. 4i+7
        __m128i& next = msg[(i + 1) % 4];
        next = _mm_add_epi32(next, _mm_alignr_epi8(cur, msg[(i + 3) % 4], 4));
        next = _mm_sha256msg2_epu32(next, cur);
      }
      w = _mm_shuffle_epi32(w, 0x0E);
      state0 = _mm_sha256rnds2_epu32(state0, state1, w);
      if (i >= 1 && i <= 12) msg[(i + 3) % 4] = _mm_sha256msg1_epu32(msg[(i + 3) % 4], cur);
    }
    state0 = _mm_add_epi32(state0, abef);
    state1 = _mm_add_epi32(state1, cdgh);
  }
  tmp = _mm_shuffle_epi32(state0, 0x1B);        // FEBA
  state1 = _mm_shuffle_epi32(state1, 0xB1);     // DCHG
  state0 = _mm_blend_epi16(tmp, state1, 0xF0);  // DCBA
  state1 = _mm_alignr_epi8(state1, tmp, 8);     // ABEF
  _mm_storeu_si128(reinterpret_cast<__m128i*>(&state[0]), state0);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(&state[4]), state1);
}

bool cpu_has_x86_sha() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
  const bool ssse3 = c & (1u << 9), sse41 = c & (1u << 19);
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
  return ssse3 && sse41 && (b & (1u << 29));
}
#endif

class Sha256 {
 public:
  explicit Sha256(Sha256Blocks blocks) : blocks_(blocks) {}
  void update(const unsigned char* p, size_t n) {
    total_ += n;
    if (used_ > 0) {
      const size_t take = std::min(n, size_t{64} - used_);
      std::memcpy(buf_.data() + used_, p, take);
      used_ += take;
      p += take;
      n -= take;
      if (used_ < 64) return;
      blocks_(h_.data(), buf_.data(), 1);
      used_ = 0;
    }
    if (n >= 64) {  // whole blocks straight from the input
      blocks_(h_.data(), p, n / 64);
      p += n / 64 * 64;
      n %= 64;
    }
    std::memcpy(buf_.data(), p, n);
    used_ = n;
  }
  std::array<unsigned char, 32> finish() {
    const uint64_t bits = total_ * 8;
    unsigned char pad[72] = {0x80};
    const size_t zeros = (used_ < 56 ? 56 : 120) - used_;
    for (int i = 0; i < 8; ++i) pad[zeros + size_t(i)] = static_cast<unsigned char>(bits >> (56 - 8 * i));
    update(pad, zeros + 8);
    std::array<unsigned char, 32> out{};
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 4; ++j) out[size_t(4 * i + j)] = static_cast<unsigned char>(h_[size_t(i)] >> (24 - 8 * j));
    return out;
  }

 private:
  Sha256Blocks blocks_;
  std::array<uint32_t, 8> h_ = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::array<unsigned char, 64> buf_{};
  size_t used_ = 0;
  uint64_t total_ = 0;
};

std::array<unsigned char, 32> sha256_with(Sha256Blocks blocks, const char* data, size_t n) {
  Sha256 s(blocks);
  s.update(reinterpret_cast<const unsigned char*>(data), n);
  return s.finish();
}

// The compression function of this CPU: the SHA extensions when it has them and they give the right digest (a
// known answer, FIPS 180-4's two-block example), else the portable code.
Sha256Blocks sha256_blocks() {
  static const Sha256Blocks chosen = [] {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    static constexpr char kMessage[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    static constexpr unsigned char kDigest[32] = {
        0x24, 0x8d, 0x6a, 0x61, 0xd2, 0x06, 0x38, 0xb8, 0xe5, 0xc0, 0x26, 0x93, 0x0c, 0x3e, 0x60, 0x39,
        0xa3, 0x3c, 0xe4, 0x59, 0x64, 0xff, 0x21, 0x67, 0xf6, 0xec, 0xed, 0xd4, 0x19, 0xdb, 0x06, 0xc1};
    if (cpu_has_x86_sha()) {
      const auto d = sha256_with(&sha256_blocks_x86_sha, kMessage, sizeof kMessage - 1);
      if (std::memcmp(d.data(), kDigest, sizeof kDigest) == 0) return &sha256_blocks_x86_sha;
    }
#endif
    return &sha256_blocks_portable;
  }();
  return chosen;
}

std::array<unsigned char, 32> sha256(const char* data, size_t n) { return sha256_with(sha256_blocks(), data, n); }

// ---------------------------------------------------------------- errors
int32_t report(char* error, int32_t capacity, int32_t code, const std::string& message) {
  if (error && capacity > 0) {
    const size_t n = std::min(message.size(), size_t(capacity) - 1);
    std::memcpy(error, message.data(), n);
    error[n] = '\0';
  }
  return code;
}

std::string quoted(const std::string& s) { return "'" + s + "'"; }

// ---------------------------------------------------------------- files and the seal
// Opens a library file for reading: a regular file of at most kMaxLibraryBytes. -1 and a message otherwise.
// Non-blocking, so a FIFO or a device is refused instead of waiting for a writer.
int open_file(const std::string& path, uint64_t& size, int32_t& code, std::string& message,
              const char* what = "card library", uint64_t max_bytes = kMaxLibraryBytes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    message = "cannot open " + quoted(path) + ": " + std::strerror(errno);
    code = CARDRT_LIB_E_IO;
    return -1;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    message = quoted(path) + " is not a regular file (a FIFO, a device, a socket or a folder): not a " + what;
    code = CARDRT_LIB_E_IO;
    return -1;
  }
  if (uint64_t(st.st_size) > max_bytes) {
    ::close(fd);
    message =
        quoted(path) + " is larger than " + (max_bytes == kMaxLibraryBytes ? "1 GiB" : "4 KiB") + ": not a " + what;
    code = CARDRT_LIB_E_CORRUPT;
    return -1;
  }
  size = uint64_t(st.st_size);
  return fd;
}

// Reads at most `size` bytes of `fd` from its start; a file that shrank while being read is checked as it was read.
void read_all(int fd, uint64_t size, std::string& out) {
  out.assign(size_t(size), '\0');
  size_t done = 0;
  while (done < out.size()) {
    const ssize_t r = ::pread(fd, out.data() + done, out.size() - done, off_t(done));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    done += size_t(r);
  }
  out.resize(done);
}

int32_t read_file(const std::string& path, std::string& out, std::string& message) {
  uint64_t size = 0;
  int32_t code = CARDRT_OK;
  const int fd = open_file(path, size, code, message);
  if (fd < 0) return code;
  read_all(fd, size, out);
  ::close(fd);
  return CARDRT_OK;
}

// The bytes of a library as the loader checks and loads them: a memory file the library was copied into (in the
// kernel: no copy through this process) and then sealed against every change (F_SEAL_WRITE and friends: from
// then on nothing, not even this process, can alter it), mapped read-only for the check; the dynamic loader then
// maps that same memory file, so what runs is exactly what was checked. Where memory files cannot be sealed the
// library is refused: a copy that could change after the check, or the file's path, would not be what was checked.
struct LibraryImage {
  const char* data = nullptr;
  size_t size = 0;
  int memfd = -1;  // the sealed memory file
  void* map = nullptr;
  LibraryImage() = default;
  LibraryImage(const LibraryImage&) = delete;
  LibraryImage& operator=(const LibraryImage&) = delete;
  ~LibraryImage() {
    if (map) ::munmap(map, size);
    if (memfd >= 0) ::close(memfd);
  }
};

// Copies `size` bytes of `fd` into a new memory file and seals it. -1 when the system cannot (no memfd_create,
// no sealing, no sendfile into it).
int sealed_copy(int fd, uint64_t size, size_t& copied) {
  const int memfd = ::memfd_create("cardrt-library", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (memfd < 0) return -1;
  copied = 0;
  bool ok = true;
  while (ok && copied < size) {
    const ssize_t r = ::sendfile(memfd, fd, nullptr, size_t(size - copied));
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) ok = false;
    if (r <= 0) break;  // 0: the file shrank; it is checked as it was read
    copied += size_t(r);
  }
  if (ok) ok = ::fcntl(memfd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) == 0;
  if (!ok) {
    ::close(memfd);
    return -1;
  }
  return memfd;
}

int32_t read_image(const std::string& path, LibraryImage& image, std::string& message) {
  uint64_t size = 0;
  int32_t code = CARDRT_OK;
  const int fd = open_file(path, size, code, message);
  if (fd < 0) return code;
  if (size == 0) {
    ::close(fd);
    message = quoted(path) + " is empty: not a card library";
    return CARDRT_LIB_E_CORRUPT;
  }
  size_t copied = 0;
  image.memfd = sealed_copy(fd, size, copied);
  const int copy_errno = errno;
  ::close(fd);
  if (image.memfd < 0) {
    message = "cannot load " + quoted(path) + ": this system cannot make a write-sealed memory copy of it (" +
              std::strerror(copy_errno) + "), and the loader runs nothing but such a checked copy";
    return CARDRT_LIB_E_IO;
  }
  if (copied == 0) {
    message = quoted(path) + " is empty: not a card library";
    return CARDRT_LIB_E_CORRUPT;
  }
  void* map = ::mmap(nullptr, copied, PROT_READ, MAP_SHARED, image.memfd, 0);
  if (map == MAP_FAILED) {
    message = "cannot map the copy of " + quoted(path) + ": " + std::strerror(errno);
    return CARDRT_LIB_E_IO;
  }
  image.map = map;
  image.data = static_cast<const char*>(map);
  image.size = copied;
  return CARDRT_OK;
}

uint64_t read_u64_le(const char* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

std::string seal_for(const std::string& image) {
  std::string seal;
  const auto digest = sha256(image.data(), image.size());
  seal.append(reinterpret_cast<const char*>(digest.data()), digest.size());
  uint64_t n = image.size();
  for (int i = 0; i < 8; ++i, n >>= 8) seal.push_back(static_cast<char>(n & 0xff));
  seal.append(kSealMagic, sizeof kSealMagic);
  return seal;
}

bool is_elf(const char* bytes, size_t n) { return n >= 4 && std::memcmp(bytes, "\x7f" "ELF", 4) == 0; }

#if defined(__x86_64__)
constexpr int kElfMachine = EM_X86_64;
#elif defined(__aarch64__)
constexpr int kElfMachine = EM_AARCH64;
#else
constexpr int kElfMachine = -1;  // not checked
#endif

// The ELF layout the dynamic loader will trust: a 64-bit little-endian shared object for this machine whose
// program headers, and every loaded segment's file bytes, lie inside the file. glibc maps segments without
// checking them against the file's size, and touching a page past the end of the memory file is SIGBUS (found
// by the library-signed fuzz target): a damaged library is refused here instead.
bool elf_layout_ok(const char* bytes, size_t n, std::string& why) {
  ElfW(Ehdr) eh{};
  if (n < sizeof eh) {
    why = "it is too short for an ELF header";
    return false;
  }
  std::memcpy(&eh, bytes, sizeof eh);
  if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB || eh.e_type != ET_DYN ||
      (kElfMachine >= 0 && eh.e_machine != kElfMachine) || eh.e_phentsize != sizeof(ElfW(Phdr))) {
    why = "it is not a 64-bit little-endian shared object for this machine";
    return false;
  }
  if (eh.e_phoff > n || uint64_t(eh.e_phnum) * sizeof(ElfW(Phdr)) > n - eh.e_phoff) {
    why = "its program headers lie outside the file";
    return false;
  }
  for (uint32_t i = 0; i < eh.e_phnum; ++i) {
    ElfW(Phdr) ph{};
    std::memcpy(&ph, bytes + eh.e_phoff + i * sizeof ph, sizeof ph);
    if (ph.p_type != PT_LOAD && ph.p_type != PT_DYNAMIC) continue;
    if (ph.p_offset > n || ph.p_filesz > n - ph.p_offset || ph.p_filesz > ph.p_memsz) {
      why = "its segment " + std::to_string(i) + " lies outside the file";
      return false;
    }
  }
  return true;
}

// The length of the image when `bytes` ends with a valid seal over it.
int32_t check_seal(const std::string& path, const char* bytes, size_t size, size_t& image_size, std::string& message) {
  if (size < kSealSize || std::memcmp(bytes + size - 8, kSealMagic, 8) != 0) {
    message = quoted(path) + " is not a card library written by cardc compile (no seal at its end: the file is " +
              (is_elf(bytes, size) ? "truncated, or another shared object)" : "truncated, or not a library)");
    return CARDRT_LIB_E_CORRUPT;
  }
  const size_t n = size - kSealSize;
  if (read_u64_le(bytes + n + 32) != n || !is_elf(bytes, n)) {
    message = quoted(path) + " is damaged: its seal does not describe its contents (truncated or altered)";
    return CARDRT_LIB_E_CORRUPT;
  }
  const auto digest = sha256(bytes, n);
  if (std::memcmp(digest.data(), bytes + n, digest.size()) != 0) {
    message = quoted(path) + " was altered after cardc wrote it (its SHA-256 does not match its seal); recompile it";
    return CARDRT_LIB_E_CORRUPT;
  }
  image_size = n;
  return CARDRT_OK;
}

// ---------------------------------------------------------------- loading
void close_library(cardrt_library* lib) {
  if (lib->dl) ::dlclose(lib->dl);
  // If the object is still mapped (something pins it), its /proc/self/fd name must stay unique: keep the fd.
  if (lib->memfd >= 0) {
    const std::string name = "/proc/self/fd/" + std::to_string(lib->memfd);
    void* still = lib->dl ? ::dlopen(name.c_str(), RTLD_NOW | RTLD_NOLOAD) : nullptr;
    if (still)
      ::dlclose(still);
    else
      ::close(lib->memfd);
  }
  lib->magic = 0;
  delete lib;
}

// dlopen the verified image: the sealed memory file it was checked in, through /proc/self/fd, or nothing (never
// the file's path, which may name other bytes by now).
void* open_image(LibraryImage& image, int& memfd, std::string& err) {
  memfd = -1;
  const std::string name = "/proc/self/fd/" + std::to_string(image.memfd);
  if (::access(name.c_str(), R_OK) != 0) {
    err = "the checked copy cannot be handed to the dynamic loader (" + name + ": " + std::strerror(errno) +
          "; is /proc mounted?)";
    return nullptr;
  }
  void* dl = ::dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!dl) {
    const char* e = ::dlerror();
    err = e ? e : "dlopen failed";
    return nullptr;
  }
  memfd = image.memfd;  // the library's now: it names the loaded object
  image.memfd = -1;
  return dl;
}

// A symbol the library itself defines (not one of its dependencies), with its size.
struct Symbol {
  const void* address = nullptr;
  size_t size = 0;
};
bool find_symbol(void* dl, const char* name, Symbol& out) {
  ::dlerror();
  void* p = ::dlsym(dl, name);
  if (!p) return false;
  Dl_info info{};
  void* extra = nullptr;
  link_map* self = nullptr;
  if (!::dladdr1(p, &info, &extra, RTLD_DL_SYMENT) || !extra) return false;
  const auto* sym = static_cast<const ElfW(Sym)*>(extra);
  if (::dlinfo(dl, RTLD_DI_LINKMAP, &self) != 0 || !self || !info.dli_fname || !self->l_name ||
      std::strcmp(info.dli_fname, self->l_name) != 0)
    return false;
  out.address = p;
  out.size = sym->st_size;
  return true;
}

// A NUL-terminated string symbol, read within its size.
bool string_symbol(const Symbol& s, std::string& out) {
  if (s.size == 0) return false;
  const char* p = static_cast<const char*>(s.address);
  const void* nul = std::memchr(p, '\0', s.size);
  if (!nul) return false;
  out.assign(p, static_cast<const char*>(nul));
  return true;
}

// What a library says it is against what the engine expects (NULL: not checked).
int32_t check_identity(const std::string& path, int32_t abi, const std::string& have_game,
                       const std::string& have_profile, const std::string& have_source, const char* game,
                       const char* profile_hash, const char* source_hash, std::string& message) {
  if (abi != CARDRT_ABI_VERSION) {
    message = "wrong ABI version: " + quoted(path) + " was built for cardrt ABI version " + std::to_string(abi) +
              ", this runtime is version " + std::to_string(CARDRT_ABI_VERSION) +
              "; recompile it with a matching cardc";
    return CARDRT_LIB_E_ABI;
  }
  if (game && have_game != game) {
    message =
        "wrong game: " + quoted(path) + " holds cards of game " + quoted(have_game) + ", expected " + quoted(game);
    return CARDRT_LIB_E_GAME;
  }
  if (profile_hash && have_profile != profile_hash) {
    message = "wrong profile: " + quoted(path) + " was built against profile " + quoted(have_profile) + " of game " +
              quoted(have_game) + ", the loaded profile is " + quoted(profile_hash) + "; recompile the set";
    return CARDRT_LIB_E_PROFILE;
  }
  if (source_hash && have_source != source_hash) {
    message = "edited source: " + quoted(path) + " was built from card text " + quoted(have_source) + ", expected " +
              quoted(source_hash) + "; the source changed since it was compiled: recompile it";
    return CARDRT_LIB_E_SOURCE;
  }
  return CARDRT_OK;
}

bool is_trusted(const unsigned char* key, const uint8_t* keys, int32_t key_count) {
  for (int32_t i = 0; i < key_count; ++i)
    if (std::memcmp(keys + size_t(i) * sig::kPublicKeyBytes, key, sig::kPublicKeyBytes) == 0) return true;
  return false;
}

// Everything that can be known about the library before the dynamic loader sees it: its trailer, who signed it
// and what it says it is. On success `is_signed` says which trailer it has, and `signed_identity` is set for a
// signed library.
int32_t check_before_loading(const std::string& path, const LibraryImage& image, const uint8_t* keys, int32_t key_count,
                             bool allow_unsigned, const char* game, const char* profile_hash, const char* source_hash,
                             sig::Identity& signed_identity, bool& is_signed, std::string& message) {
  const std::string refused = "; refused before any of its code ran";
  is_signed = sig::ends_with_signature(image.data, image.size);
  if (!is_signed) {
    const bool sealed = image.size >= kSealSize && std::memcmp(image.data + image.size - 8, kSealMagic, 8) == 0;
    if (sealed && !allow_unsigned) {
      message = quoted(path) +
                " is not signed: this engine loads only card libraries signed by a key it trusts "
                "(cardc compile --sign KEY)" +
                refused;
      return CARDRT_LIB_E_UNSIGNED;
    }
    size_t image_size = 0;
    return check_seal(path, image.data, image.size, image_size, message);
  }
  sig::Trailer t;
  std::string why;
  if (!sig::read_trailer(image.data, image.size, t, why)) {
    message = quoted(path) + " is damaged: " + why;
    return CARDRT_LIB_E_CORRUPT;
  }
  if (!is_trusted(t.public_key, keys, key_count) && !allow_unsigned) {
    message = quoted(path) + " is signed by key " + sig::fingerprint(t.public_key) +
              "..., which this engine does not trust" + refused;
    return CARDRT_LIB_E_UNTRUSTED;
  }
  if (!sig::verify(image.data, t)) {
    message =
        quoted(path) + " was altered after it was signed (its Ed25519 signature does not match its contents)" + refused;
    return CARDRT_LIB_E_CORRUPT;
  }
  const sig::Identity& id = t.identity;
  if (int32_t r = check_identity(path, id.abi_version, id.game, id.profile_hash, id.source_hash, game, profile_hash,
                                 source_hash, message);
      r != CARDRT_OK) {
    message += refused;
    return r;
  }
  signed_identity = id;
  return CARDRT_OK;
}

int32_t open_library(const char* path_c, const uint8_t* keys, int32_t key_count, uint32_t flags, const char* game,
                     const char* profile_hash, const char* source_hash, cardrt_library** out, std::string& message,
                     bool require_identity) {
  if (out) *out = nullptr;
  if (!path_c || (require_identity && (!game || !profile_hash)) || !out) {
    message = require_identity ? "cardrt_library_load: path, expected game and expected profile hash are required"
                               : "cardrt_library_open: path and out are required";
    return CARDRT_E_ARGUMENT;
  }
  if (key_count < 0 || (key_count > 0 && !keys) || (flags & ~uint32_t{CARDRT_LIBRARY_ALLOW_UNSIGNED}) != 0) {
    message =
        "cardrt_library_open: trusted_keys must hold key_count keys, and flags only CARDRT_LIBRARY_ALLOW_UNSIGNED";
    return CARDRT_E_ARGUMENT;
  }
  const std::string path = path_c;
  LibraryImage image;
  if (int32_t r = read_image(path, image, message); r != CARDRT_OK) return r;
  sig::Identity signed_identity;
  bool is_signed = false;
  if (int32_t r = check_before_loading(path, image, keys, key_count, (flags & CARDRT_LIBRARY_ALLOW_UNSIGNED) != 0, game,
                                       profile_hash, source_hash, signed_identity, is_signed, message);
      r != CARDRT_OK)
    return r;
  if (std::string why; !elf_layout_ok(image.data, image.size, why)) {
    message = quoted(path) + " is damaged: " + why + "; refused before any of its code ran";
    return CARDRT_LIB_E_CORRUPT;
  }

  auto* lib = new cardrt_library;
  lib->magic = kLibraryMagic;
  lib->path = path;
  std::string dl_error;
  lib->dl = open_image(image, lib->memfd, dl_error);
  if (!lib->dl) {
    close_library(lib);
    message = "the dynamic loader refused " + quoted(path) + ": " + dl_error;
    return CARDRT_LIB_E_LOAD;
  }
  auto refuse = [&](int32_t code, std::string why) {
    close_library(lib);
    message = std::move(why);
    return code;
  };

  Symbol version, lib_game, lib_profile, lib_source, entry;
  const char* missing = nullptr;
  if (!find_symbol(lib->dl, "cardrt_library_abi_version", version)) missing = "cardrt_library_abi_version";
  else if (!find_symbol(lib->dl, "cardrt_library_game", lib_game)) missing = "cardrt_library_game";
  else if (!find_symbol(lib->dl, "cardrt_library_profile_hash", lib_profile)) missing = "cardrt_library_profile_hash";
  else if (!find_symbol(lib->dl, "cardrt_library_source_hash", lib_source)) missing = "cardrt_library_source_hash";
  else if (!find_symbol(lib->dl, CARDRT_LIBRARY_ENTRY, entry)) missing = CARDRT_LIBRARY_ENTRY;
  if (missing)
    return refuse(CARDRT_LIB_E_LOAD, quoted(path) + " is not a card library: it does not define " + missing);

  if (version.size != sizeof(int32_t))
    return refuse(CARDRT_LIB_E_LOAD, quoted(path) + ": cardrt_library_abi_version is not a 32-bit integer");
  int32_t abi = 0;
  std::memcpy(&abi, version.address, sizeof abi);
  std::string have_game, have_profile, have_source;
  if (!string_symbol(lib_game, have_game) || !string_symbol(lib_profile, have_profile) ||
      !string_symbol(lib_source, have_source))
    return refuse(CARDRT_LIB_E_LOAD, quoted(path) + ": its game or hash symbols are not NUL-terminated strings");
  // A signed library is what its signer said it is, in its symbols too.
  if (is_signed && (abi != signed_identity.abi_version || have_game != signed_identity.game ||
                    have_profile != signed_identity.profile_hash || have_source != signed_identity.source_hash))
    return refuse(CARDRT_LIB_E_CORRUPT,
                  quoted(path) + ": its identity symbols differ from the identity it was signed for");
  if (int32_t r =
          check_identity(path, abi, have_game, have_profile, have_source, game, profile_hash, source_hash, message);
      r != CARDRT_OK) {
    std::string why = message;
    return refuse(r, why);
  }
  // The profile description is optional here (libraries from before descriptions lack it); cardrt_library_profile
  // needs it.
  Symbol description;
  if (find_symbol(lib->dl, CARDRT_LIBRARY_PROFILE_DESCRIPTION, description) &&
      !string_symbol(description, lib->description))
    return refuse(CARDRT_LIB_E_LOAD, quoted(path) + ": " CARDRT_LIBRARY_PROFILE_DESCRIPTION " is not a NUL-terminated string");
  lib->game = have_game;
  lib->profile_hash = have_profile;
  lib->source_hash = have_source;
  lib->entry = reinterpret_cast<cardrt_library_register_fn>(const_cast<void*>(entry.address));
  *out = lib;
  return CARDRT_OK;
}

int32_t register_cards(cardrt_library* lib, cardrt_cardpool* pool, std::string& message) {
  if (!lib || lib->magic != kLibraryMagic || !lib->entry) {
    message = "cardrt_library_register_cards: not an open card library";
    return CARDRT_E_HANDLE;
  }
  if (!pool) {
    message = "cardrt_library_register_cards: no card pool";
    return CARDRT_E_HANDLE;
  }
  if (pool->magic != cardrt::kPoolMagic) {
    message = "cardrt_library_register_cards: not a card pool";
    return CARDRT_E_HANDLE;
  }
  const int32_t r = lib->entry(pool);
  // The pool's cards come from this library: saved games and replays name it (saved_game.cpp)
  std::string& names = pool->edit().library;
  names += (names.empty() ? "" : " + ") + lib->game + "/" + lib->profile_hash + "/" + lib->source_hash;
  if (r < 0) {
    message = quoted(lib->path) + ": " CARDRT_LIBRARY_ENTRY " returned " + std::to_string(r) +
              (r == CARDRT_E_UNKNOWN_NAME ? " (it uses a word the pool's profile does not define)" : "");
    return CARDRT_LIB_E_REGISTER;
  }
  return CARDRT_OK;
}

int32_t library_profile(cardrt_library* lib, cardrt_profile** out, std::string& message) {
  if (out) *out = nullptr;
  if (!lib || lib->magic != kLibraryMagic || !lib->entry) {
    message = "cardrt_library_profile: not an open card library";
    return CARDRT_E_HANDLE;
  }
  if (!out) {
    message = "cardrt_library_profile: no place for the profile";
    return CARDRT_E_ARGUMENT;
  }
  if (lib->description.empty()) {
    message = quoted(lib->path) + " embeds no profile description (it was compiled by a cardc without them): "
              "recompile it, or build the profile yourself";
    return CARDRT_LIB_E_LOAD;
  }
  char error[512];
  cardrt_profile* profile = cardrt_profile_from_description(lib->description.c_str(), error, sizeof error);
  if (!profile) {
    if (std::strcmp(error, "out of memory") == 0) {
      message = error;
      return CARDRT_E_NO_MEMORY;
    }
    message = quoted(lib->path) + ": its profile description is invalid: " + error;
    return CARDRT_LIB_E_PROFILE;
  }
  // The description must be the profile the cards were compiled against: same game, same identity. The game is
  // its second line, compared with that line of an empty profile of the library's game (same quoting).
  const auto game_line = [](const std::string& d) {
    const size_t a = d.find('\n');
    const size_t b = a == std::string::npos ? a : d.find('\n', a + 1);
    return b == std::string::npos ? std::string() : d.substr(a + 1, b - a - 1);
  };
  std::string library_game_line;
  if (cardrt_profile* named = cardrt_profile_create(lib->game.c_str())) {
    std::string text(static_cast<size_t>(std::max<int64_t>(cardrt_profile_describe(named, nullptr, 0), 1)), '\0');
    cardrt_profile_describe(named, text.data(), static_cast<int64_t>(text.size()));
    cardrt_profile_destroy(named);
    library_game_line = game_line(text.c_str());
  }
  if (library_game_line != game_line(lib->description)) {
    cardrt_profile_destroy(profile);
    message = "wrong game: the profile description in " + quoted(lib->path) + " says '" +
              game_line(lib->description) + "', but the library holds cards of game " + quoted(lib->game);
    return CARDRT_LIB_E_GAME;
  }
  char identity[17] = {};
  const int32_t r = cardrt_profile_identity(profile, identity, sizeof identity);
  if (r != CARDRT_OK) {
    cardrt_profile_destroy(profile);
    message = "cardrt_library_profile: cannot compute the profile's identity";
    return r == CARDRT_E_NO_MEMORY ? r : CARDRT_E_INTERNAL;
  }
  if (lib->profile_hash != identity) {
    cardrt_profile_destroy(profile);
    message = "wrong profile: the profile description in " + quoted(lib->path) + " has identity " +
              quoted(identity) + ", but its cards were compiled against profile " + quoted(lib->profile_hash);
    return CARDRT_LIB_E_PROFILE;
  }
  *out = profile;
  return CARDRT_OK;
}

template <class F>
int32_t guarded(char* error, int32_t capacity, F&& f) noexcept {
  std::string message;
  int32_t r = CARDRT_E_INTERNAL;
  try {
    r = f(message);
  } catch (const std::bad_alloc&) {
    return report(error, capacity, CARDRT_E_NO_MEMORY, "out of memory");
  } catch (...) {
    return report(error, capacity, CARDRT_E_INTERNAL, "internal error in the library loader");
  }
  return report(error, capacity, r, r == CARDRT_OK ? std::string() : message);
}

// Appends a seal or signature trailer to the library at `path` (`verb` names which in the message).
int32_t append_trailer(const std::string& path, const std::string& trailer, const char* verb, std::string& message) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | O_NONBLOCK);
  bool ok = fd >= 0;
  if (ok) ok = ::write(fd, trailer.data(), trailer.size()) == static_cast<ssize_t>(trailer.size());
  if (fd >= 0 && ::close(fd) != 0) ok = false;
  if (!ok) {
    message = std::string("cannot ") + verb + " " + quoted(path) + ": " + std::strerror(errno);
    return CARDRT_LIB_E_IO;
  }
  return CARDRT_OK;
}

std::string key_prefix(int32_t kind) {
  return kind == CARDRT_LIBRARY_PUBLIC_KEY ? "cardrt-public-key-1 " : "cardrt-secret-key-1 ";
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

extern "C" {

int32_t cardrt_library_open_trusted(const char* path, const uint8_t* trusted_keys, int32_t key_count, uint32_t flags,
                                    const char* expected_game, const char* expected_profile_hash,
                                    const char* expected_source_hash, cardrt_library** out, char* error,
                                    int32_t error_capacity) {
  return guarded(error, error_capacity, [&](std::string& message) {
    return open_library(path, trusted_keys, key_count, flags, expected_game, expected_profile_hash,
                        expected_source_hash, out, message, false);
  });
}

int32_t cardrt_library_open(const char* path, const char* expected_game, const char* expected_profile_hash,
                            const char* expected_source_hash, cardrt_library** out, char* error,
                            int32_t error_capacity) {
  return cardrt_library_open_trusted(path, nullptr, 0, 0, expected_game, expected_profile_hash, expected_source_hash,
                                     out, error, error_capacity);
}

int32_t cardrt_library_register_cards(cardrt_library* library, cardrt_cardpool* pool, char* error,
                                      int32_t error_capacity) {
  return guarded(error, error_capacity, [&](std::string& message) { return register_cards(library, pool, message); });
}

int32_t cardrt_library_profile(cardrt_library* library, cardrt_profile** out, char* error, int32_t error_capacity) {
  return guarded(error, error_capacity, [&](std::string& message) { return library_profile(library, out, message); });
}

void cardrt_library_unload(cardrt_library* library) {
  if (library && library->magic == kLibraryMagic) close_library(library);
}

int32_t cardrt_library_load_trusted(cardrt_cardpool* pool, const char* path, const uint8_t* trusted_keys,
                                    int32_t key_count, uint32_t flags, const char* expected_game,
                                    const char* expected_profile_hash, const char* expected_source_hash, char* error,
                                    int32_t error_capacity) {
  return guarded(error, error_capacity, [&](std::string& message) {
    if (!pool) {
      message = "cardrt_library_load: no card pool";
      return int32_t{CARDRT_E_HANDLE};
    }
    cardrt_library* lib = nullptr;
    int32_t r = open_library(path, trusted_keys, key_count, flags, expected_game, expected_profile_hash,
                             expected_source_hash, &lib, message, true);
    if (r != CARDRT_OK) return r;
    r = register_cards(lib, pool, message);
    // The pool (and every game made from it) keeps the library's functions, even those of a registration that
    // failed half-way: the dlopen reference (and the memory file naming the object) stay for the rest of the
    // process; only the handle's bookkeeping goes.
    lib->magic = 0;
    delete lib;
    return r;
  });
}

int32_t cardrt_library_load(cardrt_cardpool* pool, const char* path, const char* expected_game,
                            const char* expected_profile_hash, const char* expected_source_hash, char* error,
                            int32_t error_capacity) {
  return cardrt_library_load_trusted(pool, path, nullptr, 0, 0, expected_game, expected_profile_hash,
                                     expected_source_hash, error, error_capacity);
}

int32_t cardrt_library_keygen(uint8_t* public_key, uint8_t* secret_key) {
  if (!public_key || !secret_key) return CARDRT_E_ARGUMENT;
  return sig::keygen(public_key, secret_key) ? CARDRT_OK : CARDRT_E_INTERNAL;
}

int32_t cardrt_library_sign(const char* path_c, const uint8_t* secret_key, const char* game, const char* profile_hash,
                            const char* source_hash, char* error, int32_t error_capacity) {
  return guarded(error, error_capacity, [&](std::string& message) {
    if (!path_c || !secret_key || !game || !profile_hash || !source_hash) {
      message = "cardrt_library_sign: path, secret key, game, profile hash and source hash are required";
      return int32_t{CARDRT_E_ARGUMENT};
    }
    const std::string path = path_c;
    sig::Identity id{CARDRT_ABI_VERSION, game, profile_hash, source_hash};
    if (id.game.size() > sig::kMaxIdentityField || id.profile_hash.size() > sig::kMaxIdentityField ||
        id.source_hash.size() > sig::kMaxIdentityField) {
      message = "cardrt_library_sign: an identity string is longer than 4096 bytes";
      return int32_t{CARDRT_E_ARGUMENT};
    }
    std::string bytes;
    if (int32_t r = read_file(path, bytes, message); r != CARDRT_OK) return r;
    if (!is_elf(bytes.data(), bytes.size())) {
      message = quoted(path) + " is not an ELF shared object";
      return int32_t{CARDRT_LIB_E_CORRUPT};
    }
    size_t ignored = 0;
    std::string unused;
    if (sig::ends_with_signature(bytes.data(), bytes.size()) ||
        check_seal(path, bytes.data(), bytes.size(), ignored, unused) == CARDRT_OK) {
      message = quoted(path) + " is already sealed or signed: sign the freshly linked object";
      return int32_t{CARDRT_LIB_E_CORRUPT};
    }
    const std::string trailer = sig::make_trailer(bytes, id, secret_key);
    if (trailer.empty()) {
      message = "cardrt_library_sign: libsodium cannot start";
      return int32_t{CARDRT_E_INTERNAL};
    }
    return append_trailer(path, trailer, "sign", message);
  });
}

int32_t cardrt_library_key_to_text(const uint8_t* key, int32_t kind, char* out, int32_t capacity) {
  const size_t bytes = kind == CARDRT_LIBRARY_PUBLIC_KEY   ? sig::kPublicKeyBytes
                       : kind == CARDRT_LIBRARY_SECRET_KEY ? sig::kSecretKeyBytes
                                                           : 0;
  if (!key || !out || bytes == 0) return CARDRT_E_ARGUMENT;
  const std::string text = key_prefix(kind) + sig::hex(key, bytes);
  if (capacity < 0 || text.size() + 1 > size_t(capacity)) return CARDRT_E_ARGUMENT;
  std::memcpy(out, text.c_str(), text.size() + 1);
  return CARDRT_OK;
}

int32_t cardrt_library_read_key(const char* path_c, int32_t kind, uint8_t* out, char* error, int32_t error_capacity) {
  return guarded(error, error_capacity, [&](std::string& message) {
    if (!path_c || !out || (kind != CARDRT_LIBRARY_PUBLIC_KEY && kind != CARDRT_LIBRARY_SECRET_KEY)) {
      message = "cardrt_library_read_key: path, kind and out are required";
      return int32_t{CARDRT_E_ARGUMENT};
    }
    const std::string path = path_c;
    uint64_t size = 0;
    int32_t code = CARDRT_OK;
    const int fd = open_file(path, size, code, message, "key file", kMaxKeyFileBytes);
    if (fd < 0) return int32_t{CARDRT_LIB_E_IO};
    std::string text;
    read_all(fd, size, text);
    ::close(fd);
    const bool ok =
        text.find('\0') == std::string::npos && cardrt_library_key_from_text(text.c_str(), kind, out) == CARDRT_OK;
    std::fill(text.begin(), text.end(), '\0');
    if (!ok) {
      message = quoted(path) + " is not a " + (kind == CARDRT_LIBRARY_SECRET_KEY ? "secret" : "public") +
                " key file (one line: " + key_prefix(kind) + "and the key in hex, as cardc keygen writes it)";
      return int32_t{CARDRT_E_ARGUMENT};
    }
    return int32_t{CARDRT_OK};
  });
}

int32_t cardrt_library_key_from_text(const char* text, int32_t kind, uint8_t* out) {
  const size_t bytes = kind == CARDRT_LIBRARY_PUBLIC_KEY   ? sig::kPublicKeyBytes
                       : kind == CARDRT_LIBRARY_SECRET_KEY ? sig::kSecretKeyBytes
                                                           : 0;
  if (!text || !out || bytes == 0) return CARDRT_E_ARGUMENT;
  std::string_view t(text);
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
  while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\n' || t.back() == '\r'))
    t.remove_suffix(1);
  const std::string prefix = key_prefix(kind);
  if (t.substr(0, prefix.size()) != prefix) return CARDRT_E_ARGUMENT;
  t.remove_prefix(prefix.size());
  if (t.size() != 2 * bytes) return CARDRT_E_ARGUMENT;
  std::array<uint8_t, sig::kSecretKeyBytes> key{};
  for (size_t i = 0; i < bytes; ++i) {
    const int hi = hex_digit(t[2 * i]), lo = hex_digit(t[2 * i + 1]);
    if (hi < 0 || lo < 0) return CARDRT_E_ARGUMENT;
    key[i] = uint8_t(hi << 4 | lo);
  }
  std::memcpy(out, key.data(), bytes);
  std::fill(key.begin(), key.end(), uint8_t{0});
  return CARDRT_OK;
}

int32_t cardrt_library_seal(const char* path_c, char* error, int32_t error_capacity) {
  return guarded(error, error_capacity, [&](std::string& message) {
    if (!path_c) {
      message = "cardrt_library_seal: no path";
      return int32_t{CARDRT_E_ARGUMENT};
    }
    const std::string path = path_c;
    std::string bytes;
    if (int32_t r = read_file(path, bytes, message); r != CARDRT_OK) return r;
    size_t ignored = 0;
    std::string unused;
    if (check_seal(path, bytes.data(), bytes.size(), ignored, unused) == CARDRT_OK)
      return int32_t{CARDRT_OK};  // already sealed
    if (!is_elf(bytes.data(), bytes.size())) {
      message = quoted(path) + " is not an ELF shared object";
      return int32_t{CARDRT_LIB_E_CORRUPT};
    }
    return append_trailer(path, seal_for(bytes), "seal", message);
  });
}

}  // extern "C"
