// A seeded, portable PRNG: xoshiro256** seeded by splitmix64, with unbiased bounded sampling
// (Lemire's multiply-and-reject). The same seed gives the same numbers on every platform and standard
// library, which std::uniform_int_distribution does not promise. 002_3bccf7f22febdff2.txt 526: uniform.
#pragma once
#include <cstdint>

namespace cardrt {

class Prng {
 public:
  explicit Prng(uint64_t seed = 0) noexcept { reseed(seed); }

  void reseed(uint64_t seed) noexcept {
    for (auto& w : s_) {
      seed += 0x9e3779b97f4a7c15ull;
      uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      w = z ^ (z >> 31);
    }
  }

  uint64_t next() noexcept {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // The generator's state, for saved games (saved_game.cpp): all four words are the state.
  uint64_t& word(int i) noexcept { return s_[i]; }

  // Uniform in [0, bound); bound 0 gives 0 (an undeterminable range, 000 7.3).
  uint32_t below(uint32_t bound) noexcept {
    if (bound == 0) return 0;
    uint32_t x = static_cast<uint32_t>(next() >> 32);
    uint64_t m = uint64_t{x} * bound;
    uint32_t low = static_cast<uint32_t>(m);
    if (low < bound) {
      const uint32_t threshold = static_cast<uint32_t>(-bound) % bound;
      while (low < threshold) {
        x = static_cast<uint32_t>(next() >> 32);
        m = uint64_t{x} * bound;
        low = static_cast<uint32_t>(m);
      }
    }
    return static_cast<uint32_t>(m >> 32);
  }

  // Uniform in [lo, hi] (inclusive); an empty range gives lo.
  int32_t between(int32_t lo, int32_t hi) noexcept {
    if (hi <= lo) return lo;
    const uint64_t span = uint64_t(int64_t{hi} - lo) + 1;
    if (span > 0xffffffffull) return static_cast<int32_t>(int64_t{lo} + int64_t(next() % span));
    return static_cast<int32_t>(int64_t{lo} + below(static_cast<uint32_t>(span)));
  }

 private:
  static constexpr uint64_t rotl(uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4]{};
};

}  // namespace cardrt
