#include "codegen/signing_keys.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstring>
#include <ostream>

namespace cardc::codegen {
namespace {

// Reads a key file of `kind` into `out`: the runtime reads key files (regular files only, bounded), for engines
// and for cardc alike.
Status read_key(const std::string& path, int32_t kind, uint8_t* out) {
  char error[512] = {};
  if (cardrt_library_read_key(path.c_str(), kind, out, error, sizeof error) != CARDRT_OK) return Failure{error};
  return Status::success();
}

// Creates `path` with `mode` and writes `text`; never replaces an existing file.
Status write_new_file(const std::string& path, const std::string& text, mode_t mode) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode);
  if (fd < 0) {
    if (errno == EEXIST) return Failure{"'" + path + "' exists: cardc keygen never replaces a key"};
    return Failure{"cannot create '" + path + "': " + std::strerror(errno)};
  }
  bool ok = ::fchmod(fd, mode) == 0;  // whatever the umask
  size_t done = 0;
  while (ok && done < text.size()) {
    const ssize_t w = ::write(fd, text.data() + done, text.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0)
      ok = false;
    else
      done += size_t(w);
  }
  if (ok) ok = ::fsync(fd) == 0;
  if (::close(fd) != 0) ok = false;
  if (!ok) {
    const std::string why = std::strerror(errno);
    ::unlink(path.c_str());
    return Failure{"cannot write '" + path + "': " + why};
  }
  return Status::success();
}

std::string key_text(const uint8_t* key, int32_t kind) {
  char text[2 * CARDRT_LIBRARY_SECRET_KEY_BYTES + 32] = {};
  cardrt_library_key_to_text(key, kind, text, sizeof text);
  std::string out = std::string(text) + "\n";
  std::memset(text, 0, sizeof text);
  return out;
}

}  // namespace

SecretKey::~SecretKey() {
  volatile uint8_t* p = bytes.data();
  for (size_t i = 0; i < bytes.size(); ++i) p[i] = 0;
}

Expected<SecretKey> read_secret_key(const std::string& path) {
  SecretKey key;
  if (Status s = read_key(path, CARDRT_LIBRARY_SECRET_KEY, key.bytes.data()); !s) return Failure{s.error()};
  return key;
}

Expected<PublicKey> read_public_key(const std::string& path) {
  PublicKey key{};
  if (Status s = read_key(path, CARDRT_LIBRARY_PUBLIC_KEY, key.data()); !s) return Failure{s.error()};
  return key;
}

Expected<std::vector<uint8_t>> read_public_keys(const std::vector<std::string>& paths) {
  std::vector<uint8_t> keys;
  for (const std::string& path : paths) {
    auto key = read_public_key(path);
    if (!key) return Failure{key.error()};
    keys.insert(keys.end(), key->begin(), key->end());
  }
  return keys;
}

Expected<SecretKey> generate_key(PublicKey& public_key) {
  SecretKey key;
  if (cardrt_library_keygen(public_key.data(), key.bytes.data()) != CARDRT_OK)
    return Failure{"cannot make a signing key (libsodium did not start)"};
  return key;
}

int run_keygen(const std::string& path, std::ostream& out, std::ostream& err) {
  PublicKey public_key{};
  auto secret = generate_key(public_key);
  if (!secret) {
    err << "cardc keygen: " << secret.error() << "\n";
    return 2;
  }
  const std::string pub_path = path + ".pub";
  struct stat st {};
  if (::lstat(pub_path.c_str(), &st) == 0) {
    err << "cardc keygen: '" << pub_path << "' exists: cardc keygen never replaces a key\n";
    return 2;
  }
  std::string text = key_text(secret->bytes.data(), CARDRT_LIBRARY_SECRET_KEY);
  Status s = write_new_file(path, text, 0600);
  std::fill(text.begin(), text.end(), '\0');
  if (!s) {
    err << "cardc keygen: " << s.error() << "\n";
    return 2;
  }
  if (Status p = write_new_file(pub_path, key_text(public_key.data(), CARDRT_LIBRARY_PUBLIC_KEY), 0644); !p) {
    ::unlink(path.c_str());
    err << "cardc keygen: " << p.error() << "\n";
    return 2;
  }
  out << "cardc keygen: wrote the secret key '" << path << "' (keep it private: whoever has it can sign card "
      << "libraries your engines run) and the public key '" << pub_path << "' (give it to the engines)\n";
  return 0;
}

}  // namespace cardc::codegen
