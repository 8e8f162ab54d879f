// Integer arithmetic that never overflows or traps: results saturate at the int32 range.
// 000_6878fa005291d153.txt 7.3: a number that cannot be determined (division by zero) is zero.
#pragma once
#include <cstdint>
#include <limits>

namespace cardrt {

constexpr int32_t clamp_to_i32(int64_t v) noexcept {
  if (v > std::numeric_limits<int32_t>::max()) return std::numeric_limits<int32_t>::max();
  if (v < std::numeric_limits<int32_t>::min()) return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(v);
}
constexpr int32_t sat_add(int32_t a, int32_t b) noexcept { return clamp_to_i32(int64_t{a} + b); }
constexpr int32_t sat_sub(int32_t a, int32_t b) noexcept { return clamp_to_i32(int64_t{a} - b); }
constexpr int32_t sat_mul(int32_t a, int32_t b) noexcept { return clamp_to_i32(int64_t{a} * b); }
// Truncates toward zero like the rulebooks' "divide"; x / 0 is undeterminable, hence 0 (000 7.3).
constexpr int32_t sat_div(int32_t a, int32_t b) noexcept {
  if (b == 0) return 0;
  return clamp_to_i32(int64_t{a} / b);
}
// Divisions of 002 rule 523 ("halve", "half, rounded down / up"): exact rounding for negative values too.
constexpr int32_t sat_div_down(int32_t a, int32_t b) noexcept {
  if (b == 0) return 0;
  const int64_t q = int64_t{a} / b, r = int64_t{a} % b;
  return clamp_to_i32((r != 0 && ((r < 0) != (b < 0))) ? q - 1 : q);
}
constexpr int32_t sat_div_up(int32_t a, int32_t b) noexcept {
  if (b == 0) return 0;
  const int64_t q = int64_t{a} / b, r = int64_t{a} % b;
  return clamp_to_i32((r != 0 && ((r < 0) == (b < 0))) ? q + 1 : q);
}
constexpr int32_t floor_zero(int32_t v) noexcept { return v < 0 ? 0 : v; }

// 64-bit accumulator for sums of many modifiers; saturating so 2^32 modifiers still cannot wrap.
constexpr int64_t acc_add(int64_t a, int64_t b) noexcept {
  constexpr int64_t hi = int64_t{1} << 62, lo = -hi;
  int64_t r = a + b;  // a, b stay within +-2^62, so this cannot overflow
  return r > hi ? hi : (r < lo ? lo : r);
}

}  // namespace cardrt
