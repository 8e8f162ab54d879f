#include "codegen/lazy_stubs.h"

#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <new>

namespace cardc::codegen {

#if defined(__x86_64__)
namespace {

constexpr size_t kResolverBytes = 64;  // the resolver, padded
constexpr size_t kEntryBytes = 24;     // stub (6 bytes) + thunk (11 bytes), padded with int3

size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

void put32(unsigned char*& p, int32_t v) {
  std::memcpy(p, &v, 4);
  p += 4;
}
void put64(unsigned char*& p, uint64_t v) {
  std::memcpy(p, &v, 8);
  p += 8;
}
void put(unsigned char*& p, std::initializer_list<unsigned char> bytes) {
  for (unsigned char b : bytes) *p++ = b;
}

// The resolver: the thunk left the function's index in r11d. Card functions take at most three integer
// arguments (cardrt.h); all six integer argument registers are kept anyway. At entry rsp is 8 mod 16 (the
// caller's call); six pushes and 8 bytes more make it 0 mod 16 at the call of resolve.
void write_resolver(unsigned char* p, LazyStubs::Resolve resolve, void* context) {
  put(p, {0x57, 0x56, 0x52, 0x51, 0x41, 0x50, 0x41, 0x51});  // push rdi, rsi, rdx, rcx, r8, r9
  put(p, {0x48, 0x83, 0xEC, 0x08});                          // sub rsp, 8
  put(p, {0x44, 0x89, 0xDE});                                // mov esi, r11d     (index)
  put(p, {0x48, 0xBF});                                      // movabs rdi, context
  put64(p, reinterpret_cast<uint64_t>(context));
  put(p, {0x48, 0xB8});                                      // movabs rax, resolve
  put64(p, reinterpret_cast<uint64_t>(resolve));
  put(p, {0xFF, 0xD0});                                      // call rax
  put(p, {0x49, 0x89, 0xC3});                                // mov r11, rax      (where to go)
  put(p, {0x48, 0x83, 0xC4, 0x08});                          // add rsp, 8
  put(p, {0x41, 0x59, 0x41, 0x58, 0x59, 0x5A, 0x5E, 0x5F});  // pop r9, r8, rcx, rdx, rsi, rdi
  put(p, {0x41, 0xFF, 0xE3});                                // jmp r11
}

}  // namespace

std::unique_ptr<LazyStubs> LazyStubs::create(size_t count, Resolve resolve, void* context) {
  const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  const size_t code = round_up(kResolverBytes + count * kEntryBytes, page);
  const size_t bytes = code + round_up(std::max<size_t>(count, 1) * sizeof(void*), page);
  // Slots are reached with rip-relative jumps (rel32): the whole block is one mapping, well within 2 GB.
  void* mem = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) return nullptr;
  std::unique_ptr<LazyStubs> s(new (std::nothrow) LazyStubs());
  if (!s) {
    ::munmap(mem, bytes);
    return nullptr;
  }
  s->count_ = count;
  s->base_ = static_cast<unsigned char*>(mem);
  s->bytes_ = bytes;
  s->code_bytes_ = code;
  s->slots_ = reinterpret_cast<void**>(s->base_ + code);
  std::memset(s->base_, 0xCC, code);  // int3 between the pieces
  write_resolver(s->base_, resolve, context);
  for (size_t i = 0; i < count; ++i) {
    unsigned char* stub = s->base_ + kResolverBytes + i * kEntryBytes;
    unsigned char* thunk = stub + 6;
    unsigned char* p = stub;
    put(p, {0xFF, 0x25});  // jmp qword ptr [rip + rel32]
    put32(p, static_cast<int32_t>(reinterpret_cast<unsigned char*>(&s->slots_[i]) - (stub + 6)));
    put(p, {0x41, 0xBB});  // mov r11d, imm32
    put32(p, static_cast<int32_t>(i));
    put(p, {0xE9});  // jmp rel32 (the resolver)
    put32(p, static_cast<int32_t>(s->base_ - (thunk + 11)));
    s->slots_[i] = thunk;
  }
  if (::mprotect(s->base_, code, PROT_READ | PROT_EXEC) != 0) return nullptr;  // the destructor unmaps
  return s;
}

LazyStubs::~LazyStubs() {
  if (base_) ::munmap(base_, bytes_);
}

void* LazyStubs::stub(size_t i) const { return base_ + kResolverBytes + i * kEntryBytes; }

void LazyStubs::set(size_t i, void* target) {
  std::atomic_ref<void*>(slots_[i]).store(target, std::memory_order_release);
}

void* LazyStubs::target(size_t i) const { return std::atomic_ref<void*>(slots_[i]).load(std::memory_order_acquire); }

bool LazyStubs::resolved(size_t i) const {
  return std::atomic_ref<void*>(slots_[i]).load(std::memory_order_acquire) !=
         static_cast<void*>(base_ + kResolverBytes + i * kEntryBytes + 6);
}

#else

std::unique_ptr<LazyStubs> LazyStubs::create(size_t, Resolve, void*) { return nullptr; }
LazyStubs::~LazyStubs() = default;
void* LazyStubs::stub(size_t) const { return nullptr; }
void LazyStubs::set(size_t, void*) {}
bool LazyStubs::resolved(size_t) const { return false; }
void* LazyStubs::target(size_t) const { return nullptr; }

#endif

}  // namespace cardc::codegen
