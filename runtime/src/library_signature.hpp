#pragma once
// The signature trailer of a signed card library (docs/codegen.md "Library format", docs/robustness.md "Signed card
// libraries"): who vouches for the image, and what it says it is, readable before the dynamic loader sees a byte.
//
//   [ELF image: n bytes][identity: m bytes][public key: 32][signature: 64][n: u64 LE][m: u32 LE]["CARDSIG1"]
//
// identity = u32 LE ABI version, then game, profile hash and source hash, each a u16 LE length and its bytes.
// The signature is Ed25519ph (RFC 8032's prehashed Ed25519, libsodium's crypto_sign_init/update/final) over
// kSignatureDomain, n (u64 LE), m (u32 LE), the image and the identity: the bytes that run and the identity the
// loader checks are vouched for together, and neither can be moved to another library.
#include <cstddef>
#include <cstdint>
#include <string>

namespace cardrt::signature {

inline constexpr char kMagic[8] = {'C', 'A', 'R', 'D', 'S', 'I', 'G', '1'};
inline constexpr size_t kPublicKeyBytes = 32, kSecretKeyBytes = 64, kSignatureBytes = 64;
inline constexpr size_t kTailBytes = kPublicKeyBytes + kSignatureBytes + 8 + 4 + 8;
inline constexpr size_t kMaxIdentityField = 4096;  // each of game, profile hash, source hash

struct Identity {
  int32_t abi_version = 0;
  std::string game, profile_hash, source_hash;
};

// What the end of a file says; the fields point into the file's bytes.
struct Trailer {
  size_t image_size = 0;
  const unsigned char* identity_bytes = nullptr;
  size_t identity_size = 0;
  const unsigned char* public_key = nullptr;
  const unsigned char* signature = nullptr;
  Identity identity;
};

// True when the bytes end with this trailer's magic (whether or not the rest of it holds).
bool ends_with_signature(const char* bytes, size_t size);
// Reads the trailer of `bytes` (false and `why` when it is malformed: lengths that do not add up, an image that is
// not ELF, an identity that does not parse). Verifies nothing.
bool read_trailer(const char* bytes, size_t size, Trailer& out, std::string& why);
// True when the trailer's signature is valid for its public key over the image and identity.
bool verify(const char* bytes, const Trailer& t);
// The trailer that signs `image` with `identity` (secret key: libsodium's 64-byte Ed25519 secret key); "" when
// libsodium cannot start.
std::string make_trailer(const std::string& image, const Identity& identity, const unsigned char* secret_key);
// A new key pair; false when libsodium cannot start.
bool keygen(unsigned char* public_key, unsigned char* secret_key);
// Bytes in lowercase hex.
std::string hex(const unsigned char* p, size_t n);
// The key's first 8 bytes in hex: how messages name a key.
std::string fingerprint(const unsigned char* public_key);

}  // namespace cardrt::signature
