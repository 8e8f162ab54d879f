// The signature trailer of a signed card library (library_signature.hpp): written by cardrt_library_sign, read
// and verified by the loader before dlopen.
#include "library_signature.hpp"

#include <sodium.h>

#include <cstring>

namespace cardrt::signature {
namespace {

constexpr char kDomain[] = "cardrt-library-signature 1";  // with its NUL: the message can be no other protocol's

uint64_t read_le(const unsigned char* p, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

void append_le(std::string& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i, v >>= 8) out.push_back(static_cast<char>(v & 0xff));
}

bool sodium_ready() {
  static const bool ready = ::sodium_init() >= 0;  // thread-safe in libsodium; idempotent
  return ready;
}

bool read_field(const unsigned char*& p, const unsigned char* end, std::string& out) {
  if (end - p < 2) return false;
  const size_t n = size_t(read_le(p, 2));
  p += 2;
  if (n > kMaxIdentityField || size_t(end - p) < n) return false;
  out.assign(reinterpret_cast<const char*>(p), n);
  p += n;
  return out.find('\0') == std::string::npos;
}

void append_field(std::string& out, const std::string& s) {
  append_le(out, s.size(), 2);
  out += s;
}

std::string identity_bytes(const Identity& id) {
  std::string out;
  append_le(out, uint32_t(id.abi_version), 4);
  append_field(out, id.game);
  append_field(out, id.profile_hash);
  append_field(out, id.source_hash);
  return out;
}

// The signed message, fed to `update` in pieces (the image is not copied).
template <class Update>
void message(Update&& update, const unsigned char* image, size_t n, const unsigned char* identity, size_t m) {
  std::string lengths;
  append_le(lengths, n, 8);
  append_le(lengths, m, 4);
  update(reinterpret_cast<const unsigned char*>(kDomain), sizeof kDomain);
  update(reinterpret_cast<const unsigned char*>(lengths.data()), lengths.size());
  update(image, n);
  update(identity, m);
}

}  // namespace

bool ends_with_signature(const char* bytes, size_t size) {
  return size >= sizeof kMagic && std::memcmp(bytes + size - sizeof kMagic, kMagic, sizeof kMagic) == 0;
}

bool read_trailer(const char* bytes, size_t size, Trailer& out, std::string& why) {
  if (!ends_with_signature(bytes, size) || size < kTailBytes) {
    why = "it has no signature trailer";
    return false;
  }
  const auto* u = reinterpret_cast<const unsigned char*>(bytes);
  const unsigned char* tail = u + size - kTailBytes;
  const uint64_t n = read_le(tail + kPublicKeyBytes + kSignatureBytes, 8);
  const uint64_t m = read_le(tail + kPublicKeyBytes + kSignatureBytes + 8, 4);
  if (n > size || m > size || n + m + kTailBytes != size) {
    why = "its signature trailer does not describe its contents (truncated or altered)";
    return false;
  }
  if (n < 4 || std::memcmp(bytes,
                           "\x7f"
                           "ELF",
                           4) != 0) {
    why = "the signed image is not an ELF shared object";
    return false;
  }
  const unsigned char* p = u + n;
  const unsigned char* end = p + m;
  Identity id;
  if (m < 4) {
    why = "its signed identity is truncated";
    return false;
  }
  id.abi_version = int32_t(uint32_t(read_le(p, 4)));
  p += 4;
  if (!read_field(p, end, id.game) || !read_field(p, end, id.profile_hash) || !read_field(p, end, id.source_hash) ||
      p != end) {
    why = "its signed identity is malformed";
    return false;
  }
  out.image_size = size_t(n);
  out.identity_bytes = u + n;
  out.identity_size = size_t(m);
  out.public_key = tail;
  out.signature = tail + kPublicKeyBytes;
  out.identity = std::move(id);
  return true;
}

bool verify(const char* bytes, const Trailer& t) {
  if (!sodium_ready()) return false;
  crypto_sign_state state;
  crypto_sign_init(&state);
  message([&](const unsigned char* p, size_t n) { crypto_sign_update(&state, p, n); },
          reinterpret_cast<const unsigned char*>(bytes), t.image_size, t.identity_bytes, t.identity_size);
  return crypto_sign_final_verify(&state, t.signature, t.public_key) == 0;
}

std::string make_trailer(const std::string& image, const Identity& identity, const unsigned char* secret_key) {
  if (!sodium_ready()) return {};
  const std::string id = identity_bytes(identity);
  std::string out = id;
  unsigned char signature[kSignatureBytes] = {};
  crypto_sign_state state;
  crypto_sign_init(&state);
  message([&](const unsigned char* p, size_t n) { crypto_sign_update(&state, p, n); },
          reinterpret_cast<const unsigned char*>(image.data()), image.size(),
          reinterpret_cast<const unsigned char*>(id.data()), id.size());
  if (crypto_sign_final_create(&state, signature, nullptr, secret_key) != 0) return {};
  unsigned char public_key[kPublicKeyBytes] = {};
  crypto_sign_ed25519_sk_to_pk(public_key, secret_key);
  out.append(reinterpret_cast<const char*>(public_key), kPublicKeyBytes);
  out.append(reinterpret_cast<const char*>(signature), kSignatureBytes);
  append_le(out, image.size(), 8);
  append_le(out, id.size(), 4);
  out.append(kMagic, sizeof kMagic);
  return out;
}

bool keygen(unsigned char* public_key, unsigned char* secret_key) {
  return sodium_ready() && crypto_sign_keypair(public_key, secret_key) == 0;
}

std::string hex(const unsigned char* p, size_t n) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < n; ++i) {
    out.push_back(kHex[p[i] >> 4]);
    out.push_back(kHex[p[i] & 15]);
  }
  return out;
}

std::string fingerprint(const unsigned char* public_key) { return hex(public_key, 8); }

}  // namespace cardrt::signature
