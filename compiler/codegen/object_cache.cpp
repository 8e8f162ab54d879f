#include "codegen/object_cache.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <memory>
#include <vector>

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

namespace {

std::string hex(const llvm::XXH128_hash_t& h) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (uint64_t part : {h.high64, h.low64})
    for (int i = 15; i >= 0; --i) out.push_back(digits[(part >> (4 * i)) & 0xf]);
  return out;
}

}  // namespace

std::string cache_key(std::string_view material) {
  return hex(llvm::xxh3_128bits(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t*>(material.data()), material.size())));
}

namespace {

// xxh3-128 over a stream of fields, without materializing the stream: fields are appended to a block, each full
// block is hashed, and the digest is the hash of the blocks' hashes and the total length (a hash list). Numbers are
// appended in the host's byte order: the key is the host's anyway (it covers the target triple).
class StreamHash {
 public:
  void u64(uint64_t v) {
    if (used_ + 8 > kBlock) flush();
    std::memcpy(block_.get() + used_, &v, 8);
    used_ += 8;
  }
  void bytes(const char* p, size_t n) {
    while (n > 0) {
      if (used_ == kBlock) flush();
      const size_t take = std::min(n, kBlock - used_);
      std::memcpy(block_.get() + used_, p, take);
      used_ += take;
      p += take;
      n -= take;
    }
  }
  void text(std::string_view s) {  // length-prefixed, so that field boundaries are part of the stream
    u64(s.size());
    bytes(s.data(), s.size());
  }
  // The digest of everything since the last finish (16 bytes); the stream starts afresh.
  llvm::XXH128_hash_t finish() {
    flush();
    digests_.append(reinterpret_cast<const char*>(&total_), sizeof total_);
    const llvm::XXH128_hash_t h = llvm::xxh3_128bits(
        llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t*>(digests_.data()), digests_.size()));
    digests_.clear();
    total_ = 0;
    return h;
  }

 private:
  static constexpr size_t kBlock = size_t{1} << 14;
  void flush() {
    if (used_ == 0) return;
    const llvm::XXH128_hash_t h = llvm::xxh3_128bits(llvm::ArrayRef<uint8_t>(block_.get(), used_));
    digests_.append(reinterpret_cast<const char*>(&h.high64), 8);
    digests_.append(reinterpret_cast<const char*>(&h.low64), 8);
    total_ += used_;
    used_ = 0;
  }
  std::unique_ptr<uint8_t[]> block_ = std::make_unique_for_overwrite<uint8_t[]>(kBlock);
  size_t used_ = 0;
  std::string digests_;
  uint64_t total_ = 0;
};

}  // namespace

std::string module_cache_key(const ir::Module& m, std::string_view context) {
  StreamHash k;
  k.text(context);
  k.text(m.game);
  k.text(m.profile_hash);
  k.text(m.source_hash);
  k.u64(static_cast<uint64_t>(static_cast<int64_t>(m.register_fn)));
  k.u64(m.functions.size());
  if (!m.source_key.empty()) {  // the module is what this compiler makes of that text (the context names the compiler)
    k.text("source key");
    k.text(m.source_key);
    return hex(k.finish());
  }
  std::vector<const ir::Node*> stack;
  for (const ir::Function& f : m.functions) {
    k.text(f.name);
    k.u64(static_cast<uint64_t>(f.kind) << 32 | f.locals);
    // Pre-order, each node with its operand count: the sequence determines the tree. (A large set's node trees
    // are hundreds of megabytes scattered through the heap: this walk is bound by memory, about 30 ns a node.)
    stack.assign(1, &f.body);
    while (!stack.empty()) {
      const ir::Node* n = stack.back();
      stack.pop_back();
      k.u64(static_cast<uint64_t>(n->op) << 56 ^ n->kids.size());
      // a call as its name (the key of an ABI function is what it was when a call held its name)
      k.u64(static_cast<uint64_t>(n->op == ir::Op::Call ? 0 : n->value));
      k.text(n->op == ir::Op::Call ? ir::abi_name(*n) : std::string_view(n->text));
      for (size_t i = n->kids.size(); i-- > 0;) stack.push_back(&n->kids[i]);
    }
  }
  return hex(k.finish());
}

std::unique_ptr<llvm::MemoryBuffer> read_cache_entry(const std::string& path, bool& rejected) {
  rejected = false;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return nullptr;
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  auto read_at = [fd](char* p, size_t n, uint64_t at) {
    while (n > 0) {
      const ssize_t r = ::pread(fd, p, n, static_cast<off_t>(at));
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) return false;
      p += r;
      n -= static_cast<size_t>(r);
      at += static_cast<uint64_t>(r);
    }
    return true;
  };
  struct stat st {};
  char header[kHeader];
  rejected = true;  // from here on, anything but a matching entry is a rejected one
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || static_cast<uint64_t>(st.st_size) < kHeader ||
      !read_at(header, kHeader, 0) || std::memcmp(header, kMagic, 8) != 0 ||
      get_u64(header + 8) != static_cast<uint64_t>(st.st_size) - kHeader)
    return nullptr;
  const size_t size = static_cast<size_t>(get_u64(header + 8));
  std::unique_ptr<llvm::WritableMemoryBuffer> object = llvm::WritableMemoryBuffer::getNewUninitMemBuffer(size, path);
  if (!object || !read_at(object->getBufferStart(), size, kHeader) ||
      hash_of(std::string_view(object->getBufferStart(), size)) != get_u64(header + 16))
    return nullptr;
  rejected = false;
  return object;
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
