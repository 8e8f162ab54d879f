// Profile descriptions: a game profile as a small line-based UTF-8 text (cardrt.h "engine API: profile
// descriptions"; docs/runtime.md "Profile descriptions"). The compiler writes one from a .game file and embeds it in
// every card library; an engine reads it back with cardrt_profile_from_description.
//
// The text is canonical: cardrt_profile_describe writes exactly one text per profile, and the reader accepts only
// that text (after parsing it compares its input with the description of what it built, line by line). So every
// accepted text round-trips byte for byte, and the hash of the text (cardrt_profile_identity) identifies the profile.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "cardrt/cardrt.h"
#include "handles.hpp"
#include "profile.hpp"

using cardrt::kProfileMagic;

namespace {

constexpr const char* kHeader = "cardrt-profile 1";

// ---------------------------------------------------------------- vocabulary of the format
const char* const kFloors[] = {"zero", "none", "zero-except-set"};                  // CARDRT_FLOOR_*
const char* const kModels[] = {"counter", "supply"};                                // CARDRT_RESOURCE_*
const char* const kZoneRoles[] = {"deck", "hand", "discard", "play", "removed"};     // CARDRT_ZROLE_*
const char* const kMeanings[] = {"none", "tactical", "tactician", "terrain"};        // CARDRT_KWR_*
const char* const kStatRoles[] = {"force", "chi",    "personal-honor", "focus",      // CARDRT_ROLE_*
                                  "health", "attack", "luck",           "resist", "duel",
                                  "province-strength"};
const char* const kOrders[] = {"steps-a-c", "rule-523"};                             // CARDRT_ORDER_*
// Flag words by bit (bit 0 first); a bit without a word is written bit-N.
const char* const kStatFlags[] = {"created-dash"};
const char* const kTypeFlags[] = {"modifies-host"};
const char* const kZoneFlags[] = {"in-play", "hidden", "ordered"};
const char* const kCounterFlags[] = {"damage", "status", "token"};
const char* const kRuleBits[] = {"zero-chi", "lethal-damage", "gem-dice", "tactical",
                                 "terrain",  "hero-wounds",   "deck-out", "x-zero-out-of-play"};

template <size_t N>
constexpr int32_t count(const char* const (&)[N]) {
  return int32_t(N);
}
static_assert(count(kZoneRoles) == CARDRT_ZROLE_COUNT && count(kStatRoles) == CARDRT_ROLE_COUNT);
static_assert(count(kMeanings) == CARDRT_KWR_TERRAIN + 1 && count(kFloors) == CARDRT_FLOOR_ZERO_EXCEPT_SET + 1);

// Declarations in the order a description lists them.
enum Section { kStat, kCardType, kResource, kZone, kZoneRole, kDiscardPile, kCounter, kState, kKeyword, kEvent,
               kStatRole, kModifierOrder, kRules, kPlayers, kDice, kSectionCount };
const char* const kSectionWords[] = {"stat",    "card-type", "resource", "zone",  "zone-role", "discard-pile",
                                     "counter", "state",     "keyword",  "event", "stat-role",
                                     "modifier-order", "rules", "players", "dice"};
static_assert(count(kSectionWords) == kSectionCount);

// ---------------------------------------------------------------- writing
// Length of the valid UTF-8 sequence at s[i] (RFC 3629: no overlong forms, no surrogates, at most U+10FFFF), 0 if
// the bytes there are not one.
size_t utf8_length(std::string_view s, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  if (c < 0x80) return 1;
  size_t n = 0;
  unsigned char lo = 0x80, hi = 0xbf;
  if (c >= 0xc2 && c <= 0xdf) n = 2;
  else if (c >= 0xe0 && c <= 0xef) {
    n = 3;
    if (c == 0xe0) lo = 0xa0;
    if (c == 0xed) hi = 0x9f;
  } else if (c >= 0xf0 && c <= 0xf4) {
    n = 4;
    if (c == 0xf0) lo = 0x90;
    if (c == 0xf4) hi = 0x8f;
  } else
    return 0;
  if (i + n > s.size()) return 0;
  if (b(i + 1) < lo || b(i + 1) > hi) return 0;
  for (size_t k = 2; k < n; ++k)
    if (b(i + k) < 0x80 || b(i + k) > 0xbf) return 0;
  return n;
}

void put_hex_byte(std::string& out, unsigned char c) {
  static const char digits[] = "0123456789abcdef";
  out += "\\x";
  out += digits[c >> 4];
  out += digits[c & 15];
}

// A name as a quoted string: \" and \\ escaped, control bytes and bytes that are not UTF-8 as \xHH.
void put_string(std::string& out, std::string_view s) {
  out += '"';
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += char(c);
      ++i;
    } else if (c < 0x20 || c == 0x7f) {
      put_hex_byte(out, c);
      ++i;
    } else if (const size_t n = utf8_length(s, i); n > 0) {
      out.append(s.substr(i, n));
      i += n;
    } else {
      put_hex_byte(out, c);
      ++i;
    }
  }
  out += '"';
}

template <size_t N>
void put_flags(std::string& out, uint32_t bits, const char* const (&words)[N]) {
  for (uint32_t bit = 0; bit < 32; ++bit) {
    if (!(bits & (1u << bit))) continue;
    out += ' ';
    if (bit < N) out += words[bit];
    else out += "bit-" + std::to_string(bit);
  }
}

template <size_t N>
const char* word_of(int32_t v, const char* const (&words)[N]) {
  return v >= 0 && v < int32_t(N) ? words[v] : "?";
}

std::string describe(const cardrt::Profile& p) {
  std::string o;
  o.reserve(1024);
  o += kHeader;
  o += "\ngame ";
  put_string(o, p.game);
  o += '\n';
  for (const auto& s : p.stats) {
    o += "stat ";
    put_string(o, s.name);
    o += " abbrev ";
    put_string(o, s.abbrev);
    o += " floor ";
    o += word_of(s.floor, kFloors);
    put_flags(o, s.flags, kStatFlags);
    o += '\n';
  }
  for (const auto& t : p.card_types) {
    o += "card-type ";
    put_string(o, t.name);
    put_flags(o, t.flags, kTypeFlags);
    o += " stats";
    for (int32_t s : t.stats) {
      o += ' ';
      put_string(o, p.stats[size_t(s)].name);
    }
    o += '\n';
  }
  for (const auto& r : p.resources) {
    o += "resource ";
    put_string(o, r.name);
    o += ' ';
    o += word_of(r.model, kModels);
    o += " floor ";
    o += word_of(r.floor, kFloors);
    o += " accumulation-cap " + std::to_string(r.accumulation_cap) + " supply-size " + std::to_string(r.supply_size);
    o += '\n';
  }
  for (const auto& z : p.zones) {
    o += "zone ";
    put_string(o, z.name);
    put_flags(o, z.flags, kZoneFlags);
    o += '\n';
  }
  for (int32_t role = 0; role < CARDRT_ZROLE_COUNT; ++role) {
    const int32_t z = p.zone(role);
    if (z < 0) continue;
    o += "zone-role ";
    o += kZoneRoles[role];
    o += ' ';
    put_string(o, p.zones[size_t(z)].name);
    o += '\n';
  }
  for (const auto& t : p.card_types) {  // a card type's own discard pile (legends: Dynasty and Fate)
    if (t.discard_pile < 0) continue;
    o += "discard-pile ";
    put_string(o, t.name);
    o += ' ';
    put_string(o, p.zones[size_t(t.discard_pile)].name);
    o += '\n';
  }
  for (const auto& c : p.counters) {
    o += "counter ";
    put_string(o, c.name);
    put_flags(o, c.flags, kCounterFlags);
    o += '\n';
  }
  for (size_t i = CARDRT_STATE_FIRST_CUSTOM; i < p.card_states.size(); ++i) {
    o += "state ";
    put_string(o, p.card_states[i]);
    o += '\n';
  }
  for (const auto& k : p.keywords) {
    o += "keyword ";
    put_string(o, k.name);
    if (k.meaning != CARDRT_KWR_NONE) {
      o += " rule ";
      o += word_of(k.meaning, kMeanings);
    }
    o += '\n';
  }
  for (const auto& e : p.events) {
    o += "event ";
    put_string(o, e);
    o += '\n';
  }
  for (int32_t role = 0; role < CARDRT_ROLE_COUNT; ++role) {
    const int32_t s = p.role(role);
    if (s < 0) continue;
    o += "stat-role ";
    o += kStatRoles[role];
    o += ' ';
    put_string(o, p.stats[size_t(s)].name);
    o += '\n';
  }
  o += "modifier-order ";
  o += word_of(p.modifier_order, kOrders);
  o += "\nrules";
  if (p.rules == 0) o += " none";
  put_flags(o, p.rules, kRuleBits);
  o += "\nplayers " + std::to_string(p.players) + " life " + std::to_string(p.starting_life);
  o += "\ndice " + std::to_string(p.dice_sides) + "\n";
  return o;
}

// ---------------------------------------------------------------- reading
struct ParseError {
  std::string message;
};
[[noreturn]] void fail(std::string message) { throw ParseError{std::move(message)}; }

std::string quote(std::string_view s) {
  std::string q;
  put_string(q, s);
  return q;
}

struct Token {
  bool quoted = false;
  std::string text;  // a word, or a string's value
};

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Words are runs of bytes other than space and '"'; strings are "..." with \" \\ and \xHH escapes.
std::vector<Token> tokenize(std::string_view line) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ') {
      ++i;
      continue;
    }
    if (line[i] == '\t') fail("a tab (declarations separate their parts with spaces)");
    Token t;
    if (line[i] != '"') {
      while (i < line.size() && line[i] != ' ' && line[i] != '"' && line[i] != '\t') t.text += line[i++];
      out.push_back(std::move(t));
      continue;
    }
    t.quoted = true;
    ++i;
    bool closed = false;
    while (i < line.size()) {
      const char c = line[i++];
      if (c == '"') {
        closed = true;
        break;
      }
      if (c != '\\') {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
          fail("a control character in a string (write it as \\xHH)");
        t.text += c;
        continue;
      }
      if (i >= line.size()) break;
      const char e = line[i++];
      if (e == '"' || e == '\\') {
        t.text += e;
      } else if (e == 'x') {
        const int hi = i < line.size() ? hex_value(line[i]) : -1;
        const int lo = i + 1 < line.size() ? hex_value(line[i + 1]) : -1;
        if (hi < 0 || lo < 0) fail("\\x in a string must be followed by two hex digits");
        const char byte = static_cast<char>(hi * 16 + lo);
        if (byte == '\0') fail("a string may not contain \\x00");
        t.text += byte;
        i += 2;
      } else {
        fail(std::string("unknown escape \\") + e + " in a string (escapes: \\\" \\\\ \\xHH)");
      }
    }
    if (!closed) fail("a string is not closed (a '\"' is missing)");
    if (i < line.size() && line[i] == '\t') fail("a tab (declarations separate their parts with spaces)");
    if (i < line.size() && line[i] != ' ') fail("a string must be followed by a space or the end of the line");
    out.push_back(std::move(t));
  }
  return out;
}

class Reader {
 public:
  Reader(std::vector<Token> tokens, std::string_view what) : t_(std::move(tokens)), what_(what) {}

  bool at_end() const { return i_ >= t_.size(); }
  bool next_is_word(std::string_view w) const { return i_ < t_.size() && !t_[i_].quoted && t_[i_].text == w; }
  bool next_is_string() const { return i_ < t_.size() && t_[i_].quoted; }

  std::string string(std::string_view role) {
    if (at_end()) fail(std::string(what_) + ": " + std::string(role) + " (a quoted string) is missing");
    if (!t_[i_].quoted)
      fail(std::string(what_) + ": expected " + std::string(role) + " as a quoted string, found '" + t_[i_].text + "'");
    return t_[i_++].text;
  }
  std::string name(std::string_view role) {
    std::string s = string(role);
    if (s.empty()) fail(std::string(what_) + ": " + std::string(role) + " may not be empty");
    return s;
  }
  void keyword(std::string_view w) {
    if (next_is_word(w)) {
      ++i_;
      return;
    }
    fail(std::string(what_) + ": expected '" + std::string(w) + "'" + found());
  }
  template <size_t N>
  int32_t choice(std::string_view role, const char* const (&words)[N]) {
    if (i_ < t_.size() && !t_[i_].quoted)
      for (size_t k = 0; k < N; ++k)
        if (t_[i_].text == words[k]) {
          ++i_;
          return int32_t(k);
        }
    std::string list;
    for (size_t k = 0; k < N; ++k) list += (k ? ", " : "") + std::string(words[k]);
    fail(std::string(what_) + ": expected " + std::string(role) + " (" + list + ")" + found());
  }
  int32_t number(std::string_view role, int64_t min, int64_t max) {
    if (at_end() || t_[i_].quoted) fail(std::string(what_) + ": expected " + std::string(role) + " (a number)" + found());
    const std::string& s = t_[i_].text;
    size_t k = s[0] == '-' ? 1 : 0;
    if (k == s.size()) fail(std::string(what_) + ": " + std::string(role) + " '" + s + "' is not a number");
    int64_t v = 0;
    for (; k < s.size(); ++k) {
      if (s[k] < '0' || s[k] > '9') fail(std::string(what_) + ": " + std::string(role) + " '" + s + "' is not a number");
      v = v * 10 + (s[k] - '0');
      if (v > int64_t{1} << 40) break;
    }
    if (s[0] == '-') v = -v;
    if (v < min || v > max)
      fail(std::string(what_) + ": " + std::string(role) + " " + s + " is out of range (" + std::to_string(min) + " to " +
           std::to_string(max) + ")");
    ++i_;
    return int32_t(v);
  }
  // Flag words (or bit-N) until the end of the line or a stop word.
  template <size_t N>
  uint32_t flags(const char* const (&words)[N], std::string_view stop = {}) {
    uint32_t bits = 0;
    while (!at_end() && !t_[i_].quoted && (stop.empty() || t_[i_].text != stop)) {
      const std::string& w = t_[i_].text;
      int bit = -1;
      for (size_t k = 0; k < N; ++k)
        if (w == words[k]) bit = int(k);
      if (bit < 0 && w.size() > 4 && w.compare(0, 4, "bit-") == 0 && w.size() <= 6) {
        int v = 0;
        bool digits = true;
        for (size_t k = 4; k < w.size(); ++k) {
          digits = digits && w[k] >= '0' && w[k] <= '9';
          v = v * 10 + (w[k] - '0');
        }
        if (digits && v < 32) bit = v;
      }
      if (bit < 0) {
        std::string list;
        for (size_t k = 0; k < N; ++k) list += (k ? ", " : "") + std::string(words[k]);
        fail(std::string(what_) + ": unknown flag '" + w + "' (flags: " + list + ", or bit-N)");
      }
      if (bits & (1u << bit)) fail(std::string(what_) + ": the flag '" + w + "' is given twice");
      bits |= 1u << bit;
      ++i_;
    }
    return bits;
  }
  void end() {
    if (!at_end()) fail(std::string(what_) + ": unexpected " + describe_token(t_[i_]) + " at the end of the line");
  }

 private:
  static std::string describe_token(const Token& t) { return t.quoted ? "string " + quote(t.text) : "'" + t.text + "'"; }
  std::string found() const { return at_end() ? ", found the end of the line" : ", found " + describe_token(t_[i_]); }

  std::vector<Token> t_;
  size_t i_ = 1;  // after the declaration word
  std::string_view what_;
};

void check_code(int32_t r, const std::string& what) {
  if (r == CARDRT_E_NO_MEMORY) throw std::bad_alloc();
  if (r == CARDRT_E_LIMIT) fail(what + ": too many (the runtime's limit)");
  if (r < 0) fail(what + ": the runtime refused it (code " + std::to_string(r) + ")");
}

template <class V>
int32_t index_of(const V& list, const std::string& name) {
  return cardrt::find_named(list, name.c_str());
}

// One declaration line into the profile under construction.
void declare(cardrt_profile* profile, const std::string& word, std::vector<Token> tokens) {
  cardrt::Profile& p = profile->edit();
  cardrt_profile* h = profile;
  if (word == "stat") {
    Reader r(std::move(tokens), "stat");
    const std::string name = r.name("the stat's name");
    r.keyword("abbrev");
    const std::string abbrev = r.string("the abbreviation");
    r.keyword("floor");
    const int32_t floor = r.choice("the floor policy", kFloors);
    const uint32_t flags = r.flags(kStatFlags);
    r.end();
    if (index_of(p.stats, name) >= 0) fail("stat " + quote(name) + " is declared twice");
    check_code(cardrt_profile_add_stat(h, name.c_str(), abbrev.c_str(), floor, flags), "stat " + quote(name));
  } else if (word == "card-type") {
    Reader r(std::move(tokens), "card-type");
    const std::string name = r.name("the card type's name");
    const uint32_t flags = r.flags(kTypeFlags, "stats");
    r.keyword("stats");
    std::vector<int32_t> stats;
    while (r.next_is_string()) {
      const std::string s = r.string("a stat");
      const int32_t id = index_of(p.stats, s);
      if (id < 0) fail("card-type " + quote(name) + ": unknown stat " + quote(s) + " (stats are declared before card types)");
      stats.push_back(id);
    }
    r.end();
    if (index_of(p.card_types, name) >= 0) fail("card-type " + quote(name) + " is declared twice");
    check_code(cardrt_profile_add_card_type(h, name.c_str(), stats.data(), int32_t(stats.size()), flags),
               "card-type " + quote(name));
  } else if (word == "resource") {
    Reader r(std::move(tokens), "resource");
    const std::string name = r.name("the resource's name");
    const int32_t model = r.choice("the resource model", kModels);
    r.keyword("floor");
    const int32_t floor = r.choice("the floor policy", kFloors);
    r.keyword("accumulation-cap");
    const int32_t cap = r.number("the accumulation cap", 0, INT32_MAX);
    r.keyword("supply-size");
    const int32_t supply = r.number("the supply size", 0, INT32_MAX);
    r.end();
    if (index_of(p.resources, name) >= 0) fail("resource " + quote(name) + " is declared twice");
    check_code(cardrt_profile_add_resource(h, name.c_str(), model, floor, cap, supply), "resource " + quote(name));
  } else if (word == "zone") {
    Reader r(std::move(tokens), "zone");
    const std::string name = r.name("the zone's name");
    const uint32_t flags = r.flags(kZoneFlags);
    r.end();
    if (index_of(p.zones, name) >= 0) fail("zone " + quote(name) + " is declared twice");
    check_code(cardrt_profile_add_zone(h, name.c_str(), flags), "zone " + quote(name));
  } else if (word == "zone-role") {
    Reader r(std::move(tokens), "zone-role");
    const int32_t role = r.choice("the zone role", kZoneRoles);
    const std::string zone = r.string("the zone");
    r.end();
    const int32_t z = index_of(p.zones, zone);
    if (z < 0) fail("zone-role " + std::string(kZoneRoles[role]) + ": unknown zone " + quote(zone));
    if (p.zone(role) >= 0) fail("zone-role " + std::string(kZoneRoles[role]) + " is given twice");
    check_code(cardrt_profile_set_zone_role(h, role, z), "zone-role");
  } else if (word == "discard-pile") {
    Reader r(std::move(tokens), "discard-pile");
    const std::string type = r.string("the card type");
    const std::string zone = r.string("the zone");
    r.end();
    const int32_t t = index_of(p.card_types, type), z = index_of(p.zones, zone);
    if (t < 0) fail("discard-pile: unknown card type " + quote(type));
    if (z < 0) fail("discard-pile " + quote(type) + ": unknown zone " + quote(zone));
    if (p.card_types[size_t(t)].discard_pile >= 0) fail("discard-pile " + quote(type) + " is given twice");
    if (p.zone_in_play(z)) fail("discard-pile " + quote(type) + ": " + quote(zone) + " is a zone in play");
    check_code(cardrt_profile_set_discard_pile(h, t, z), "discard-pile");
  } else if (word == "counter") {
    Reader r(std::move(tokens), "counter");
    const std::string name = r.name("the counter's name");
    const uint32_t flags = r.flags(kCounterFlags);
    r.end();
    if (index_of(p.counters, name) >= 0) fail("counter " + quote(name) + " is declared twice");
    check_code(cardrt_profile_add_counter(h, name.c_str(), flags), "counter " + quote(name));
  } else if (word == "state") {
    Reader r(std::move(tokens), "state");
    const std::string name = r.name("the state's name");
    r.end();
    check_code(cardrt_profile_add_card_state(h, name.c_str()), "state " + quote(name));
  } else if (word == "keyword") {
    Reader r(std::move(tokens), "keyword");
    const std::string name = r.name("the keyword");
    int32_t meaning = CARDRT_KWR_NONE;
    if (r.next_is_word("rule")) {
      r.keyword("rule");
      meaning = r.choice("the keyword's rule meaning", kMeanings);
      if (meaning == CARDRT_KWR_NONE) fail("keyword " + quote(name) + ": a keyword without a rule meaning has no 'rule'");
    }
    r.end();
    if (index_of(p.keywords, name) >= 0) fail("keyword " + quote(name) + " is declared twice");
    check_code(cardrt_profile_add_keyword(h, name.c_str(), meaning), "keyword " + quote(name));
  } else if (word == "event") {
    Reader r(std::move(tokens), "event");
    const std::string name = r.name("the event's name");
    r.end();
    if (cardrt::find_event(p, name.c_str()) >= 0) {
      const bool builtin = cardrt::find_event(p, name.c_str()) < CARDRT_EV_FIRST_CUSTOM;
      fail("event " + quote(name) + (builtin ? " is a built-in event" : " is declared twice"));
    }
    check_code(cardrt_profile_add_event(h, name.c_str()), "event " + quote(name));
  } else if (word == "stat-role") {
    Reader r(std::move(tokens), "stat-role");
    const int32_t role = r.choice("the stat role", kStatRoles);
    const std::string stat = r.string("the stat");
    r.end();
    const int32_t s = index_of(p.stats, stat);
    if (s < 0) fail("stat-role " + std::string(kStatRoles[role]) + ": unknown stat " + quote(stat));
    if (p.role(role) >= 0) fail("stat-role " + std::string(kStatRoles[role]) + " is given twice");
    check_code(cardrt_profile_set_stat_role(h, role, s), "stat-role");
  } else if (word == "modifier-order") {
    Reader r(std::move(tokens), "modifier-order");
    const int32_t order = r.choice("the modifier order", kOrders);
    r.end();
    check_code(cardrt_profile_set_modifier_order(h, order), "modifier-order");
  } else if (word == "rules") {
    Reader r(std::move(tokens), "rules");
    uint32_t bits = 0;
    if (r.next_is_word("none")) {
      r.keyword("none");
    } else {
      bits = r.flags(kRuleBits);
      if (bits == 0) fail("rules: name the rule modules, or write 'rules none'");
    }
    r.end();
    check_code(cardrt_profile_enable_rules(h, bits), "rules");
  } else if (word == "players") {
    Reader r(std::move(tokens), "players");
    const int32_t players = r.number("the player count", 1, 16);
    r.keyword("life");
    const int32_t life = r.number("the starting life", 0, INT32_MAX);
    r.end();
    check_code(cardrt_profile_set_players(h, players, life), "players");
  } else if (word == "dice") {
    Reader r(std::move(tokens), "dice");
    const int32_t sides = r.number("the number of sides", 1, INT32_MAX);
    r.end();
    check_code(cardrt_profile_set_dice(h, sides), "dice");
  } else {
    fail("unknown declaration '" + word +
         "' (declarations: stat, card-type, resource, zone, zone-role, discard-pile, counter, state, keyword, event, "
         "stat-role, modifier-order, rules, players, dice)");
  }
}

struct Line {
  int number;
  std::string_view text;
};

cardrt_profile* parse(std::string_view text, std::string& error) {
  int line_no = 0;
  cardrt_profile* h = nullptr;
  try {
    // The whole text first: UTF-8, LF line ends, a final newline.
    std::vector<Line> lines;
    {
      int n = 1;
      size_t start = 0;
      for (size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
          lines.push_back({n++, text.substr(start, i - start)});
          start = ++i;
          continue;
        }
        line_no = n;
        if (c == '\r') fail("a carriage return (descriptions end lines with LF alone)");
        const size_t k = utf8_length(text, i);
        if (k == 0) fail("the text is not UTF-8 (byte " + std::to_string(i - start + 1) + " of the line)");
        i += k;
      }
      if (start < text.size()) {
        line_no = n;
        fail("the last line does not end with a newline");
      }
    }
    line_no = 1;
    if (lines.empty()) fail("the description is empty (its first line is '" + std::string(kHeader) + "')");
    const std::string_view first = lines[0].text;
    if (first != kHeader) {
      if (first.substr(0, 15) == "cardrt-profile ")
        fail("description version '" + std::string(first.substr(15)) + "': this runtime reads version 1 ('" +
             kHeader + "')");
      fail("not a cardrt profile description (its first line is '" + std::string(kHeader) + "')");
    }
    line_no = 2;
    if (lines.size() < 2) fail("the description ends before its 'game' line");
    {
      std::vector<Token> t = tokenize(lines[1].text);
      if (t.empty() || t[0].quoted || t[0].text != "game") fail("the second line is the game: game \"NAME\"");
      Reader r(std::move(t), "game");
      const std::string game = r.string("the game's name");
      r.end();
      h = cardrt_profile_create(game.c_str());
      if (!h) throw std::bad_alloc();
    }
    std::vector<int> seen_at(kSectionCount, 0);  // line of the last declaration of each kind
    int section = -1;
    for (size_t li = 2; li < lines.size(); ++li) {
      line_no = lines[li].number;
      if (lines[li].text.empty()) fail("an empty line (a description has one declaration on every line)");
      std::vector<Token> t = tokenize(lines[li].text);
      if (t.empty()) fail("a line of spaces (a description has one declaration on every line)");
      if (t[0].quoted) fail("a line begins with a string; it begins with what it declares (stat, zone, ...)");
      const std::string word = t[0].text;
      int kind = -1;
      for (int k = 0; k < kSectionCount; ++k)
        if (word == kSectionWords[k]) kind = k;
      if (kind >= 0) {
        if (kind < section)
          fail("'" + word + "' after '" + kSectionWords[section] + "': declarations come in the order stat, card-type, "
               "resource, zone, zone-role, discard-pile, counter, state, keyword, event, stat-role, modifier-order, rules, "
               "players, dice");
        if (kind >= kModifierOrder && seen_at[size_t(kind)])
          fail("a second '" + word + "' line (the first is line " + std::to_string(seen_at[size_t(kind)]) + ")");
        section = kind;
        seen_at[size_t(kind)] = line_no;
      }
      declare(h, word, std::move(t));
    }
    line_no = int(lines.size()) + 1;
    for (int k = kModifierOrder; k < kSectionCount; ++k)
      if (!seen_at[size_t(k)]) fail(std::string("the description ends without its '") + kSectionWords[k] + "' line");
    // Canonical form: the text must be what cardrt_profile_describe writes for the profile it describes.
    const std::string canonical = describe(h->p);
    size_t a = 0, b = 0;
    for (line_no = 1;; ++line_no) {
      const size_t ea = text.find('\n', a), eb = canonical.find('\n', b);
      if (ea == std::string_view::npos || eb == std::string::npos) break;
      if (text.substr(a, ea - a) != std::string_view(canonical).substr(b, eb - b))
        fail("not in canonical form; cardrt_profile_describe writes this line as '" + canonical.substr(b, eb - b) + "'");
      a = ea + 1;
      b = eb + 1;
    }
    if (text != canonical) fail("not in canonical form (the description differs from what cardrt_profile_describe writes)");
    return h;
  } catch (const ParseError& e) {
    error = "line " + std::to_string(line_no) + ": " + e.message;
  } catch (const std::bad_alloc&) {
    error = "out of memory";
  } catch (...) {
    error = "internal error reading the profile description";
  }
  cardrt_profile_destroy(h);
  return nullptr;
}

void report(char* error, int32_t capacity, const std::string& message) {
  if (!error || capacity <= 0) return;
  const size_t n = std::min(message.size(), size_t(capacity) - 1);
  std::memcpy(error, message.data(), n);
  error[n] = '\0';
}

bool ok(const cardrt_profile* p) { return p && p->magic == kProfileMagic; }

}  // namespace

namespace cardrt {
std::string describe_profile(const Profile& p) { return describe(p); }
}  // namespace cardrt

extern "C" {

cardrt_profile* cardrt_profile_from_description(const char* text, char* error, int32_t error_capacity) {
  std::string message;
  cardrt_profile* p = nullptr;
  try {
    if (!text) message = "cardrt_profile_from_description: no text";
    else p = parse(text, message);
  } catch (...) {
    message = "out of memory";
    p = nullptr;
  }
  report(error, error_capacity, p ? std::string() : message);
  return p;
}

int64_t cardrt_profile_describe(const cardrt_profile* profile, char* buffer, int64_t capacity) {
  if (!ok(profile)) return CARDRT_E_HANDLE;
  try {
    const std::string s = describe(profile->p);
    if (buffer && capacity > 0) {
      const size_t n = std::min<size_t>(s.size(), size_t(capacity - 1));
      std::memcpy(buffer, s.data(), n);
      buffer[n] = '\0';
    }
    return int64_t(s.size()) + 1;
  } catch (...) {
    return CARDRT_E_NO_MEMORY;
  }
}

int32_t cardrt_profile_identity(const cardrt_profile* profile, char* out, int32_t capacity) {
  if (!ok(profile)) return CARDRT_E_HANDLE;
  if (!out || capacity < 17) return CARDRT_E_ARGUMENT;
  try {
    const std::string s = describe(profile->p);
    uint64_t h = 1469598103934665603ull;  // 64-bit FNV-1a, as cardc's profile_identity
    for (unsigned char c : s) {
      h ^= c;
      h *= 1099511628211ull;
    }
    std::snprintf(out, size_t(capacity), "%016llx", static_cast<unsigned long long>(h));
    return CARDRT_OK;
  } catch (...) {
    return CARDRT_E_NO_MEMORY;
  }
}

}  // extern "C"
