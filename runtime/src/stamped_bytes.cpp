// Bytes stamped with what they belong to (stamped_bytes.hpp): the header and checksum saved games and replays share.
#include "stamped_bytes.hpp"

#include <cstdio>

#include "profile.hpp"

namespace cardrt {

uint64_t fnv1a(std::string_view s, uint64_t h) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

// The checksum: FNV-1a over 64-bit little-endian words, then the last bytes one by one (a byte at a time, FNV-1a's
// multiply chain costs more than the rest of a save).
uint64_t checksum(std::string_view s) {
  uint64_t h = 1469598103934665603ull;
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    h = (h ^ w) * 1099511628211ull;
  }
  for (; i < s.size(); ++i) h = (h ^ static_cast<unsigned char>(s[i])) * 1099511628211ull;
  return h;
}

namespace {

// A fingerprint of the pool's definitions and known functions: two pools with the same library identity (or none)
// but other cards are told apart.
uint64_t fingerprint(const CardPool& pool) {
  std::string s;
  const auto put = [&](auto v) { s.append(reinterpret_cast<const char*>(&v), sizeof v); };
  put(uint64_t(pool.defs.size()));
  for (const CardDef& d : pool.defs) {
    put(uint64_t(d.title.size()));
    s += d.title;
    put(d.type);
    for (const BaseStat& b : d.stats) put(b.kind), put(b.value);
    for (int32_t k : d.keywords) put(k);
    put(uint64_t(d.abilities.size()));
    for (const AbilityDef& a : d.abilities) {
      put(a.kind), put(a.designators), put(a.trigger), put(a.flags), put(uint64_t(a.modes.size()));
      for (const cardrt_effect_fn f : a.fn) put(bool(f));
    }
    put(d.enter_play_states), put(d.duel_stat), put(d.duel_stat_printed), put(uint64_t(d.cost_reductions.size()));
    put(uint64_t(d.province_bonuses.size())), put(bool(d.base_fn)), put(bool(d.attach_filter));
  }
  put(uint64_t(pool.functions.size()));
  for (const KnownFunction& f : pool.functions) put(f.kind);
  return fnv1a(s);
}

std::string hex(uint64_t v) {
  char b[17];
  std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(v));
  return b;
}

}  // namespace

std::string Identity::library_name() const {
  return "card library '" + (library.empty() ? std::string("(cards defined through the API)") : library) + "' (pool " +
         hex(pool) + ")";
}

uint64_t profile_identity(const Profile& pr) {
  uint64_t id = pr.identity.value.load(std::memory_order_relaxed);
  if (!id) pr.identity.value.store(id = fnv1a(describe_profile(pr)), std::memory_order_relaxed);
  return id;
}

Identity identity_of(const Profile& pr, const CardPool& pool) {
  const uint64_t profile = profile_identity(pr);
  uint64_t print = pool.fingerprint.value.load(std::memory_order_relaxed);
  if (!print) pool.fingerprint.value.store(print = fingerprint(pool), std::memory_order_relaxed);
  return Identity{hex(profile), pool.library, print};
}

void copy_message(const std::string& m, char* out, int32_t capacity) {
  if (!out || capacity <= 0) return;
  const size_t n = std::min(m.size(), size_t(capacity - 1));
  std::memcpy(out, m.data(), n);
  out[n] = '\0';
}


std::string identity_difference(const Identity& stamped, const Identity& here, const char* done, const char* doing) {
  if (stamped.profile != here.profile)
    return std::string(done) + " with profile " + stamped.profile + ", " + doing + " profile " + here.profile;
  if (stamped.library != here.library || stamped.pool != here.pool)
    return std::string(done) + " with " + stamped.library_name() + ", " + doing + " " + here.library_name();
  return {};
}

size_t begin_stamped(Writer& w, const char (&magic)[8], uint32_t format, const Identity& id) {
  w.bytes(magic, sizeof magic);
  uint32_t abi = CARDRT_ABI_VERSION;
  w.num(format), w.num(abi);
  const size_t length_at = w.used;
  uint64_t length = 0;
  w.num(length);
  std::string profile = id.profile, library = id.library;
  uint64_t pool = id.pool;
  stamped_string(w, profile), stamped_string(w, library), w.num(pool);
  return length_at;
}

void end_stamped(Writer& w, size_t length_at) {
  const uint64_t length = w.used + sizeof(uint64_t);
  std::memcpy(w.out.data() + length_at, &length, sizeof length);
  uint64_t sum = checksum(std::string_view(w.out.data(), w.used));
  w.num(sum);
  w.out.resize(w.used);
}

Identity open_stamped(Reader& r, std::string_view bytes, const char (&magic)[8], uint32_t format, const char* what) {
  if (bytes.size() < sizeof magic || std::memcmp(bytes.data(), magic, sizeof magic) != 0)
    r.fail(std::string("not a cardrt ") + what);
  r.p += sizeof magic, r.left -= sizeof magic;
  uint32_t read_format = 0, abi = 0;
  r.num(read_format), r.num(abi);
  if (read_format != format)
    r.fail(std::string(what) + " format " + std::to_string(read_format) + ", this runtime reads format " +
           std::to_string(format));
  if (abi != CARDRT_ABI_VERSION)
    r.fail("made by cardrt ABI version " + std::to_string(abi) + ", this runtime is ABI version " +
           std::to_string(CARDRT_ABI_VERSION));
  uint64_t length = 0;
  r.num(length);
  if (length != bytes.size())
    r.fail("it is " + std::to_string(bytes.size()) + " bytes, its header says " + std::to_string(length) +
           " (truncated or extended)");
  if (r.left < sizeof(uint64_t)) r.fail("it ends too soon (truncated)");
  uint64_t sum = 0;
  std::memcpy(&sum, bytes.data() + bytes.size() - sizeof sum, sizeof sum);
  if (sum != checksum(bytes.substr(0, bytes.size() - sizeof sum)))
    r.fail("it was altered since it was made (checksum)");
  r.left -= sizeof sum;
  Identity stamped;
  stamped_string(r, stamped.profile), stamped_string(r, stamped.library), r.num(stamped.pool);
  return stamped;
}

}  // namespace cardrt
