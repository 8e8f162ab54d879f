#pragma once
// Signing keys of card libraries (docs/robustness.md "Signed card libraries"): `cardc keygen NAME` writes a key
// pair, `cardc compile --sign NAME` signs with its secret half, and engines (and `cardc run --trust NAME.pub`)
// trust the public half. The file formats are the runtime's (cardrt_library_key_to_text): one line each.
// LLVM-free header.
#include <array>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "cardrt/cardrt.h"
#include "codegen/codegen.h"

namespace cardc::codegen {

using PublicKey = std::array<uint8_t, CARDRT_LIBRARY_PUBLIC_KEY_BYTES>;
// libsodium's Ed25519 secret key: its seed, then its public key.
struct SecretKey {
  std::array<uint8_t, CARDRT_LIBRARY_SECRET_KEY_BYTES> bytes{};
  SecretKey() = default;
  SecretKey(const SecretKey&) = default;
  SecretKey& operator=(const SecretKey&) = default;
  ~SecretKey();  // wiped
};

Expected<SecretKey> read_secret_key(const std::string& path);
Expected<PublicKey> read_public_key(const std::string& path);
// The public keys of several files, back to back (as cardrt_library_load_trusted takes them): `--trust` options.
Expected<std::vector<uint8_t>> read_public_keys(const std::vector<std::string>& paths);
// A fresh key pair in memory (what `cardc run --engine=all` signs its own temporary library with).
Expected<SecretKey> generate_key(PublicKey& public_key);

// `cardc keygen NAME`: writes the secret key to NAME (mode 0600) and the public key to NAME.pub; refuses to
// overwrite either. Exit codes: 0 written, 2 usage or I/O error.
int run_keygen(const std::string& path, std::ostream& out, std::ostream& err);

}  // namespace cardc::codegen
