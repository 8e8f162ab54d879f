#include "codegen/object_cache.h"

#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <llvm/IR/Module.h>
#include <llvm/Support/MemoryBufferRef.h>
#include <llvm/Support/xxhash.h>

#include "codegen/emit.h"

namespace cardc::codegen {
namespace {

// [ "CARDCOBJ" ][ payload length: u64 LE ][ xxh3-64 of the payload: u64 LE ][ payload ]
constexpr char kMagic[8] = {'C', 'A', 'R', 'D', 'C', 'O', 'B', 'J'};
constexpr size_t kHeader = 24;

void put_u64(std::string& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

uint64_t get_u64(const char* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

uint64_t hash_of(std::string_view bytes) { return llvm::xxh3_64bits(llvm::StringRef(bytes.data(), bytes.size())); }

}  // namespace

std::string cache_key(std::string_view material) {
  const llvm::XXH128_hash_t h = llvm::xxh3_128bits(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t*>(material.data()), material.size()));
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (uint64_t part : {h.high64, h.low64})
    for (int i = 15; i >= 0; --i) out.push_back(digits[(part >> (4 * i)) & 0xf]);
  return out;
}

std::optional<std::string> read_cache_entry(const std::string& path, bool& rejected) {
  rejected = false;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad() || bytes.size() < kHeader || std::memcmp(bytes.data(), kMagic, 8) != 0 ||
      get_u64(bytes.data() + 8) != bytes.size() - kHeader) {
    rejected = true;
    return std::nullopt;
  }
  std::string payload = bytes.substr(kHeader);
  if (hash_of(payload) != get_u64(bytes.data() + 16)) {
    rejected = true;
    return std::nullopt;
  }
  return payload;
}

bool write_cache_entry(const std::string& path, std::string_view object) {
  try {
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    if (ec) return false;
    std::string bytes(kMagic, 8);
    put_u64(bytes, object.size());
    put_u64(bytes, hash_of(object));
    bytes.append(object);
    return write_file_atomically(path, bytes, 0644).ok();
  } catch (const std::exception&) {
    return false;  // no exception may leave an LLVM callback
  }
}

void DiskObjectCache::notifyObjectCompiled(const llvm::Module* m, llvm::MemoryBufferRef obj) {
  if (!m) return;
  const std::string& id = m->getModuleIdentifier();
  if (dir_.empty() || id.size() <= dir_.size() || id.compare(0, dir_.size(), dir_) != 0) return;
  if (write_cache_entry(id, std::string_view(obj.getBufferStart(), obj.getBufferSize()))) ++written;
}

}  // namespace cardc::codegen
