#pragma once
// Bytes stamped with what they belong to (saved games, saved_game.cpp; replays, replay.cpp): a magic, the format and
// ABI versions, the length, the profile's and the card pool's identities, and a checksum at the end. One writer and
// one reader of numbers and functions serve every such format, so a saved game and a replay check their bytes alike:
// truncated, altered or foreign bytes are refused with a message, never read past their end.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>

#include "game.hpp"

namespace cardrt {

static_assert(std::endian::native == std::endian::little,
              "saved games and replays are little-endian, as the machines cardrt runs on");

uint64_t fnv1a(std::string_view s, uint64_t h = 1469598103934665603ull);
// FNV-1a over 64-bit little-endian words, then the last bytes one by one
uint64_t checksum(std::string_view s);

struct SaveError {
  std::string message;
};

// ---------------------------------------------------------------- the two directions of one description
struct Writer {
  static constexpr bool reading = false;
  const CardPool& pool;
  std::string out;

  size_t used = 0;  // bytes of `out` written (out is grown ahead, cut to this at the end)

  // A number: a copy of its bytes of a size known here, inlined (a save writes thousands)
  template <class T>
  [[gnu::always_inline]] void num(T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (out.size() - used < sizeof v) grow(sizeof v);
    std::memcpy(out.data() + used, &v, sizeof v);
    used += sizeof v;
  }
  void bytes(const void* p, size_t n) {
    if (out.size() - used < n) grow(n);
    std::memcpy(out.data() + used, p, n);
    used += n;
  }
  [[gnu::noinline]] void grow(size_t n) { out.resize(std::max(out.size() * 2, used + n + 256)); }
  void flag(bool& v) {
    uint8_t b = v ? 1 : 0;
    num(b);
  }
  size_t count(size_t n, size_t) {
    uint32_t c = uint32_t(n);
    num(c);
    return n;
  }
  // A function: its position among the pool's known functions (-1: none)
  template <class F>
  void fn(F& f, int32_t kind, const char* what) {
    int32_t index = -1;
    if (f) {
      const auto it = pool.function_index.find(reinterpret_cast<uintptr_t>(f));
      if (it == pool.function_index.end())
        throw SaveError{std::string(what) + " is a function of card code the card pool does not know (declare it with "
                        "cardrt_def_function)"};
      (void)kind;
      index = it->second;
    }
    num(index);
  }
};

struct Reader {
  static constexpr bool reading = true;
  const CardPool& pool;
  const uint8_t* p;
  size_t left;

  [[noreturn]] void fail(const std::string& why) { throw SaveError{why}; }
  template <class T>
  [[gnu::always_inline]] void num(T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (left < sizeof v) fail("it ends too soon (truncated)");
    std::memcpy(&v, p, sizeof v);
    p += sizeof v;
    left -= sizeof v;
  }
  void flag(bool& v) {
    uint8_t b = 0;
    num(b);
    if (b > 1) fail("a yes/no field holds " + std::to_string(b));
    v = b == 1;
  }
  // A list of n elements of at least `each` bytes: never more than the bytes left could hold
  size_t count(size_t, size_t each) {
    uint32_t c = 0;
    num(c);
    if (each && c > left / each) fail("a list of " + std::to_string(c) + " elements is longer than the bytes left");
    return c;
  }
  template <class F>
  void fn(F& f, int32_t kind, const char* what) {
    int32_t index = 0;
    num(index);
    if (index == -1) {
      f = nullptr;
      return;
    }
    if (index < 0 || index >= int32_t(pool.functions.size()))
      fail(std::string(what) + " names function " + std::to_string(index) + ", which the card pool does not have");
    const KnownFunction& k = pool.functions[size_t(index)];
    const auto compatible = [](int32_t a, int32_t b) {
      const auto sig = [](int32_t x) { return x == CARDRT_FNK_AMOUNT ? CARDRT_FNK_FILTER : x; };
      return a == 0 || sig(a) == sig(b);
    };
    if (!compatible(k.kind, kind))
      fail(std::string(what) + " names function " + std::to_string(index) + " of another kind");
    f = reinterpret_cast<F>(k.fn);
  }
};


// What bytes are stamped with: the profile's identity and the card pool's (its libraries and a fingerprint of its
// definitions).
struct Identity {
  std::string profile, library;
  uint64_t pool = 0;
  std::string library_name() const;
};
// Of a profile that never changes (a frozen copy, a pool's): computed once.
uint64_t profile_identity(const Profile& pr);
// Of the frozen profile and pool a game holds, which never change: computed once each.
Identity identity_of(const Profile& pr, const CardPool& pool);
// What differs between the identity bytes were stamped with and one they meet ("" when none): "<done> with profile
// A, <doing> profile B" or the same of the card libraries (done: "saved", doing: "loading into").
std::string identity_difference(const Identity& stamped, const Identity& here, const char* done, const char* doing);

// The header: magic, format, ABI version, the length (written by end_stamped) and the identity. Returns where the
// length goes.
size_t begin_stamped(Writer& w, const char (&magic)[8], uint32_t format, const Identity& id);
// The length and the checksum.
void end_stamped(Writer& w, size_t length_at);
// Checks the header and the checksum (`what`: "saved game", "replay", in the messages) and returns the identity;
// `r` is then at the body, and r.left counts the body's bytes only.
Identity open_stamped(Reader& r, std::string_view bytes, const char (&magic)[8], uint32_t format, const char* what);

template <class A>
void stamped_string(A& a, std::string& s) {
  const size_t n = a.count(s.size(), 1);
  if constexpr (A::reading) {
    s.assign(reinterpret_cast<const char*>(a.p), n);
    a.p += n, a.left -= n;
  } else {
    a.bytes(s.data(), n);
  }
}

// saved_game.cpp: a game's bytes (throws SaveError when it holds what cannot be saved), and a game made of them
// (throws SaveError when they are refused)
std::string save_game(const Game& game);
std::unique_ptr<Game> load_game(std::shared_ptr<const Profile> profile, std::shared_ptr<const CardPool> pool,
                                std::string_view bytes, const cardrt_host* host);

void copy_message(const std::string& m, char* out, int32_t capacity);

}  // namespace cardrt
