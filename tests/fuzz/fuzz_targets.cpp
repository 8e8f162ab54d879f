// The fuzz targets of cardc (issue "Robustness"): every front-end stage, the compile-and-run pipeline through the
// interpreter and the JIT, the scenario parser, the importer and the card-library loader. `scripts/fuzz TARGET N`.
#include <elf.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "bind/binder.h"
#include "base/read_file.h"
#include "bind/runtime_profile.h"
#include "codegen/emit.h"
#include "codegen/jit.h"
#include "fuzz_driver.h"
#include "import/oracle_import.h"
#include "interp/interpreter.h"
#include "parse/parser.h"
#include "profile/load_profile.h"
#include "scenario/scenario.h"
#include "sema/pipeline.h"
#include "codegen/signing_keys.h"
#include "tools/lsp_server.h"

namespace {

using namespace cardc;
namespace fs = std::filesystem;

const std::string kRoot = CARDC_SOURCE_DIR;

std::vector<std::string> files(const std::vector<std::string>& dirs, const std::string& ext) {
  std::vector<std::string> out;
  for (const auto& d : dirs) {
    std::error_code ec;
    for (fs::recursive_directory_iterator it(kRoot + "/" + d, ec), end; !ec && it != end; it.increment(ec))
      if (it->path().extension() == ext) out.push_back(it->path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}


uint64_t signature(const DiagnosticEngine& d, uint64_t extra = 0) {
  uint64_t h = 1469598103934665603ull ^ extra;
  for (const auto& x : d.all()) {
    h ^= static_cast<uint64_t>(x.id) + 1;
    h *= 1099511628211ull;
  }
  return h;
}

const std::vector<std::string> kWords = {
    "game ", "set ", "card ", "type ", "stats ", "keywords ", "text\n", "flavor ", "end\n", "**", "_", "\"", "“", "”",
    "(", ")", ":", ".", ";", ",", "•", "·", "/", "X", "+2F", "-1", "*", "-", "\n", "    ", "#",
    "Battle", "Limited", "Open", "Reaction", "Target ", "target ", "Bow ", "Gain 2 Honor", "Personality", "Force",
    "Chi", "this ", "him", "his", "it", "until the end of the turn", "choose 2 times from", "Choose one or more",
    "If you would gain ", " instead", "After this Personality enters play", "Pay X Gold", "Draw X cards",
    "Create a Lion Clan, Samurai Personality card", "Give him ", "Samurai", "Tactical ", "Once per turn, ",
    "stat ", "card type ", "designator ", "keyword ", "event ", "verb ", "[primitive = draw]", "policy ",
    "999999999999", "\xff", "\x00", "\r\n"};

// The bundled profiles, parsed once, for the targets that check sets. A set is checked against the profile its
// `game` line names (legends when none does), so the other games' rules (damage, dice, the ability constructor)
// are fuzzed too, not only legends'.
struct Profile {
  SourceManager sm;
  DiagnosticEngine diags{sm};
  std::unique_ptr<ast::ProfileFile> ast;
  std::unique_ptr<GameProfile> profile;
  explicit Profile(const std::string& path) {
    FileId f = sm.add(path, read_file(path));
    ast = parse_profile(sm, f, diags);
    if (ast) profile = load_profile(*ast, diags);
  }
};
const GameProfile* profile_for(const std::string& game) {
  static const std::map<std::string, std::unique_ptr<Profile>> all = [] {
    std::map<std::string, std::unique_ptr<Profile>> m;
    for (const char* g : {"legends", "heroes", "gems", "terrus"})
      m[g] = std::make_unique<Profile>(kRoot + "/cards/" + g + "/" + g + ".game");
    return m;
  }();
  auto it = all.find(game);
  if (it == all.end() || !it->second->profile) it = all.find("legends");
  return it->second->profile.get();
}

struct Checked {
  SourceManager sm;
  std::unique_ptr<DiagnosticEngine> diags = std::make_unique<DiagnosticEngine>(sm);
  std::unique_ptr<ast::CardSetFile> set;
  const GameProfile* profile = nullptr;
  std::unique_ptr<CheckContext> ctx;
};

std::unique_ptr<Checked> check(std::string_view input) {
  auto c = std::make_unique<Checked>();
  FileId f = c->sm.add("fuzz.cards", std::string(input));
  c->set = parse_card_set(c->sm, f, *c->diags);
  if (!c->set || !(c->profile = profile_for(c->set->game))) return c;
  c->ctx = std::make_unique<CheckContext>(CheckContext{c->sm, *c->profile, *c->set, *c->diags, {}});
  run_sema(*c->ctx);
  return c;
}

// Plays every registered card: into play, then each of its first abilities with the default chooser.
int64_t play_all(const GameProfile& game, cardrt_cardpool* pool, cardrt_profile* profile) {
  cardrt_game* g = cardrt_game_create(profile, pool, 7, nullptr);
  if (!g) return -1;
  int64_t log = 0;
  int32_t n = cardrt_cardpool_count(pool);
  int32_t hand = runtime_zone_role_zone(game, CARDRT_ZROLE_HAND);
  cardrt_game_begin_turn(g, 0);
  for (int32_t def = 0; def < n && def < 64; ++def) {
    int32_t id = cardrt_game_add_card(g, def, def % 2, hand);
    if (id <= 0) continue;
    cardrt_game_put_into_play(g, id, def % 2);
    for (int32_t a = 0; a < 4; ++a) cardrt_game_use_ability(g, def % 2, id, a);
  }
  cardrt_game_end_turn(g);
  log = cardrt_log_count(g);
  cardrt_game_destroy(g);
  return log;
}

// ---- library-signed: past the signature
// A mutated ELF image handed to glibc's dynamic loader mostly fuzzes glibc, which trusts the ELF it maps (a
// segment past the end of the file was SIGBUS; the loader now refuses that layout, but the dynamic section,
// relocations and symbol tables are glibc's to trust). So the target keeps the seed's ELF structure and takes
// from the mutated input only the bytes of the symbols the loader reads after the signature: the identity strings
// and the profile description. Each image is signed, for the identity its own symbols state, with a key the
// loader trusts, then opened, its profile built from the description and its cards registered.
struct SignedSeed {
  std::string image;                                   // the first seed, its seal dropped
  std::vector<std::pair<size_t, size_t>> symbol_bytes;  // file offset and size of each symbol below
};

const char* const kSignedSymbols[] = {"cardrt_library_game", "cardrt_library_profile_hash",
                                      "cardrt_library_source_hash", "cardrt_library_profile_description"};

// The file ranges of the symbols above in a well-formed ELF64 shared object (empty when it is not one).
std::vector<std::pair<size_t, size_t>> symbol_ranges(const std::string& elf) {
  std::vector<std::pair<size_t, size_t>> out;
  auto in_file = [&](uint64_t off, uint64_t n) { return off <= elf.size() && n <= elf.size() - off; };
  Elf64_Ehdr eh{};
  if (!in_file(0, sizeof eh)) return out;
  std::memcpy(&eh, elf.data(), sizeof eh);
  std::vector<Elf64_Shdr> sh(eh.e_shnum);
  std::vector<Elf64_Phdr> ph(eh.e_phnum);
  if (!in_file(eh.e_shoff, sh.size() * sizeof(Elf64_Shdr)) || !in_file(eh.e_phoff, ph.size() * sizeof(Elf64_Phdr)))
    return out;
  std::memcpy(sh.data(), elf.data() + eh.e_shoff, sh.size() * sizeof(Elf64_Shdr));
  std::memcpy(ph.data(), elf.data() + eh.e_phoff, ph.size() * sizeof(Elf64_Phdr));
  for (const Elf64_Shdr& s : sh) {
    if (s.sh_type != SHT_DYNSYM || s.sh_link >= sh.size() || !in_file(s.sh_offset, s.sh_size)) continue;
    const Elf64_Shdr& strtab = sh[s.sh_link];
    if (!in_file(strtab.sh_offset, strtab.sh_size)) continue;
    for (uint64_t i = 0; i + 1 <= s.sh_size / sizeof(Elf64_Sym); ++i) {
      Elf64_Sym sym{};
      std::memcpy(&sym, elf.data() + s.sh_offset + i * sizeof sym, sizeof sym);
      if (sym.st_name >= strtab.sh_size) continue;
      const std::string name(elf.c_str() + strtab.sh_offset + sym.st_name);
      for (const char* want : kSignedSymbols) {
        if (name != want) continue;
        for (const Elf64_Phdr& p : ph)  // virtual address to file offset, through the segment that loads it
          if (p.p_type == PT_LOAD && sym.st_value >= p.p_vaddr && sym.st_value + sym.st_size <= p.p_vaddr + p.p_filesz)
            out.push_back({size_t(sym.st_value - p.p_vaddr + p.p_offset), size_t(sym.st_size)});
      }
    }
  }
  return out;
}

// A NUL-terminated string of the image at [offset, offset + size): up to its first NUL.
std::string string_at(const std::string& image, std::pair<size_t, size_t> range) {
  const std::string bytes = image.substr(range.first, range.second);
  return bytes.substr(0, bytes.find('\0'));
}

uint64_t run_signed_library(std::string_view in) {
  static const std::pair<codegen::PublicKey, codegen::SecretKey> key = [] {
    codegen::PublicKey pub{};
    auto secret = codegen::generate_key(pub);
    return std::make_pair(pub, secret ? *secret : codegen::SecretKey{});
  }();
  static SignedSeed seed;
  std::string image(in);
  if (image.size() >= 48 && image.compare(image.size() - 8, 8, "CARDLIB1") == 0) image.resize(image.size() - 48);
  if (seed.image.empty()) {  // the driver runs the seeds first, unmutated: the first one is the structure kept
    seed.symbol_bytes = symbol_ranges(image);
    if (seed.symbol_bytes.size() != std::size(kSignedSymbols)) return 1;  // not a card library: wait for one
    seed.image = image;
  }
  std::string mutated = seed.image;
  for (const auto& [offset, size] : seed.symbol_bytes)
    for (size_t i = offset; i < offset + size && i < image.size(); ++i) mutated[i] = image[i];
  const std::string path = fs::temp_directory_path().string() + "/cardc-fuzz-signed-" + std::to_string(::getpid()) + ".so";
  std::ofstream(path, std::ios::binary | std::ios::trunc) << mutated;
  char msg[256];
  // Signed for what its (mutated) symbols say, so the loader's checks after the signature see them.
  int32_t rc = cardrt_library_sign(path.c_str(), key.second.bytes.data(), string_at(mutated, seed.symbol_bytes[0]).c_str(),
                                   string_at(mutated, seed.symbol_bytes[1]).c_str(),
                                   string_at(mutated, seed.symbol_bytes[2]).c_str(), msg, sizeof msg);
  uint64_t sig = 1000 + static_cast<uint32_t>(rc);
  cardrt_library* lib = nullptr;
  if (rc == CARDRT_OK) {
    rc = cardrt_library_open_trusted(path.c_str(), key.first.data(), 1, 0, nullptr, nullptr, nullptr, &lib, msg, sizeof msg);
    sig = static_cast<uint32_t>(rc);
  }
  if (lib) {
    cardrt_profile* profile = nullptr;
    rc = cardrt_library_profile(lib, &profile, msg, sizeof msg);
    sig = sig * 31 + static_cast<uint32_t>(rc);
    if (profile) {
      if (cardrt_cardpool* pool = cardrt_cardpool_create(profile)) {
        sig = sig * 31 + static_cast<uint32_t>(cardrt_library_register_cards(lib, pool, msg, sizeof msg));
        cardrt_cardpool_destroy(pool);
      }
      cardrt_profile_destroy(profile);
    }
    cardrt_library_unload(lib);
  }
  std::remove(path.c_str());
  return sig;
}


// ---- saved-game: cardrt_game_load on damaged and foreign bytes
// A game of the library seed set's cards (through the interpreter), played a few steps and saved: the seed. Each input
// is loaded twice: as it is (the checksum refuses almost every mutation) and with its length and checksum made right
// again, so that the reader's own checks of every number and list are what refuse it. A game that loads is saved
// again and played on: what load accepted must be a game the runtime can run.
struct SavedGameSeed {
  std::unique_ptr<Checked> checked;
  std::unique_ptr<Interpreter> interp;
  RuntimeProfile profile;
  cardrt_cardpool* pool = nullptr;
  std::string seed_path;
  std::string replay_seed_path;  // the same game's replay (the replay target)
};
const SavedGameSeed& saved_game_seed() {
  static const SavedGameSeed seed = [] {
    SavedGameSeed s;
    s.checked = check(read_file(kRoot + "/tests/fuzz/seeds/library_seed.cards"));
    if (!s.checked->ctx || s.checked->diags->errors()) return s;
    static BindResult bound = bind_card_set(*s.checked->ctx, "fuzz", "fuzz");
    std::string error;
    s.profile = make_runtime_profile(*s.checked->profile, error);
    if (!s.profile) return s;
    s.pool = cardrt_cardpool_create(s.profile.get());
    s.interp = std::make_unique<Interpreter>(bound.module);
    if (!s.interp->ok() || s.interp->register_cards(s.pool) < 0) return s;
    cardrt_game* g = cardrt_game_create(s.profile.get(), s.pool, 7, nullptr);
    cardrt_game_record(g, 1, nullptr, 0);
    std::string replay;
    const int32_t hand = runtime_zone_role_zone(*s.checked->profile, CARDRT_ZROLE_HAND);
    std::string saved;
    cardrt_game_begin_turn(g, 0);
    for (int32_t def = 0; def < cardrt_cardpool_count(s.pool) && def < 8; ++def) {
      const int32_t id = cardrt_game_add_card(g, def, def % 2, hand);
      cardrt_game_put_into_play(g, id, def % 2);
      cardrt_game_use_ability(g, def % 2, id, 0);
      const int64_t n = cardrt_game_save(g, nullptr, 0, nullptr, 0);  // the last state that saves
      if (n <= 0) continue;
      saved.assign(size_t(n), '\0');
      cardrt_game_save(g, reinterpret_cast<uint8_t*>(saved.data()), n, nullptr, 0);
    }
    const int64_t n = cardrt_game_replay_bytes(g, nullptr, 0, nullptr, 0);
    if (n > 0) {
      replay.assign(size_t(n), '\0');
      cardrt_game_replay_bytes(g, reinterpret_cast<uint8_t*>(replay.data()), n, nullptr, 0);
    }
    cardrt_game_destroy(g);
    s.replay_seed_path =
        fs::temp_directory_path().string() + "/cardc-fuzz-seed-" + std::to_string(::getpid()) + ".replay";
    std::ofstream(s.replay_seed_path, std::ios::binary | std::ios::trunc) << replay;
    s.seed_path = fs::temp_directory_path().string() + "/cardc-fuzz-seed-" + std::to_string(::getpid()) + ".save";
    std::ofstream(s.seed_path, std::ios::binary | std::ios::trunc) << saved;
    return s;
  }();
  return seed;
}
// Bytes stamped like saved games and replays (runtime/src/stamped_bytes.hpp) with their length and checksum made right
// again, so that the reader's own checks of every number and list are what refuse them.
std::string restamped(std::string_view in) {
  std::string fixed(in);
  if (fixed.size() >= 32) {  // the header's length (after the magic, format and ABI version) and the checksum
    const uint64_t length = fixed.size();
    std::memcpy(fixed.data() + 16, &length, sizeof length);
    // FNV-1a over 64-bit words, then the last bytes (docs/runtime.md "Saved games")
    uint64_t h = 1469598103934665603ull;
    const size_t end = fixed.size() - 8;
    size_t i = 0;
    for (uint64_t w; i + 8 <= end; i += 8) {
      std::memcpy(&w, fixed.data() + i, 8);
      h = (h ^ w) * 1099511628211ull;
    }
    for (; i < end; ++i) h = (h ^ static_cast<unsigned char>(fixed[i])) * 1099511628211ull;
    std::memcpy(fixed.data() + end, &h, sizeof h);
  }
  return fixed;
}

// Runs `load` (the bytes, whether they were restamped; the game it made or NULL, and its message) on the input as it
// is and restamped, plays two turns on each game it made and returns a signature of what happened.
template <class Load>
uint64_t load_and_play_on(std::string_view in, Load&& load) {
  uint64_t sig = 0;
  const std::string fixed = restamped(in);
  for (const bool fixed_one : {false, true}) {
    const std::string_view b = fixed_one ? std::string_view(fixed) : in;
    char error[512] = "";
    cardrt_game* g = load(b, fixed_one, error, int32_t(sizeof error));
    sig = sig * 31 + std::hash<std::string>{}(std::string(error).substr(0, 40)) % 1000;
    if (!g) continue;
    for (int turn = 0; turn < 2; ++turn) {
      cardrt_game_begin_turn(g, turn % 2);
      for (int32_t id = 1; id <= 8; ++id) cardrt_game_use_ability(g, turn % 2, id, 0);
      cardrt_game_end_turn(g);
    }
    sig = sig * 31 + uint64_t(cardrt_log_count(g));
    cardrt_game_destroy(g);
  }
  return sig;
}

uint64_t run_saved_game(std::string_view in) {
  const SavedGameSeed& seed = saved_game_seed();
  if (!seed.pool) return 1;
  return load_and_play_on(in, [&](std::string_view b, bool, char* error, int32_t capacity) {
    cardrt_game* g = cardrt_game_load(seed.profile.get(), seed.pool, reinterpret_cast<const uint8_t*>(b.data()),
                                      int64_t(b.size()), nullptr, error, capacity);
    if (g && cardrt_game_save(g, nullptr, 0, nullptr, 0) != int64_t(b.size()))
      std::abort();  // a loaded game saves to the bytes it was loaded from
    return g;
  });
}

// ---- replay: cardrt_replay_play on damaged and foreign bytes
// The seed is the saved-game seed's game recorded from its creation. Each input is played as it is, then with its
// length and checksum made right and CARDRT_REPLAY_FORCE (identities altered too): whatever calls and answers the
// reader accepts, the played game must be one the runtime runs on and its report must be consistent.
uint64_t run_replay(std::string_view in) {
  const SavedGameSeed& seed = saved_game_seed();
  if (!seed.pool) return 1;
  return load_and_play_on(in, [&](std::string_view b, bool fixed, char* error, int32_t capacity) {
    cardrt_replay_report report{};
    cardrt_game* g = cardrt_replay_play(seed.profile.get(), seed.pool, reinterpret_cast<const uint8_t*>(b.data()),
                                        int64_t(b.size()), fixed ? CARDRT_REPLAY_FORCE : 0, nullptr, &report, error,
                                        capacity);
    if (g && (report.diverged != (report.divergence_call >= 0 || report.divergence_event >= 0 ? 1 : 0) ||
              report.divergence_event >= cardrt_log_count(g)))
      std::abort();  // the report says what the game shows
    return g;
  });
}

std::vector<fuzz::Target> targets() {
  std::vector<std::string> sets = files({"cards", "tests/check", "tests/scenarios"}, ".cards");
  std::vector<std::string> games = files({"cards", "tests/check"}, ".game");
  std::vector<fuzz::Target> t;
  t.push_back({"cards", sets, kWords, [](std::string_view in) {
                 SourceManager sm;
                 DiagnosticEngine d(sm);
                 parse_card_set(sm, sm.add("f.cards", std::string(in)), d);
                 return signature(d);
               }});
  t.push_back({"profile", games, kWords, [](std::string_view in) {
                 SourceManager sm;
                 DiagnosticEngine d(sm);
                 auto p = parse_profile(sm, sm.add("f.game", std::string(in)), d);
                 if (p) load_profile(*p, d);
                 return signature(d);
               }});
  t.push_back({"check", sets, kWords, [](std::string_view in) { return signature(*check(in)->diags); }});
  t.push_back({"compile-run", sets, kWords, [](std::string_view in) {
                 auto c = check(in);
                 if (!c->ctx || c->diags->errors()) return signature(*c->diags);
                 BindResult b = bind_card_set(*c->ctx, "fuzz", "fuzz");
                 std::string error;
                 RuntimeProfile rp = make_runtime_profile(*c->profile, error);
                 if (!rp) return signature(*c->diags, 1);
                 cardrt_cardpool* pool = cardrt_cardpool_create(rp.get());
                 Interpreter interp(b.module);
                 int64_t log = -2;
                 if (interp.ok() && interp.register_cards(pool) >= 0) log = play_all(*c->profile, pool, rp.get());
                 cardrt_cardpool_destroy(pool);
                 return signature(*c->diags, static_cast<uint64_t>(log));
               }});
  t.push_back({"compile-jit", sets, kWords, [](std::string_view in) {
                 auto c = check(in);
                 if (!c->ctx || c->diags->errors()) return signature(*c->diags);
                 BindResult b = bind_card_set(*c->ctx, "fuzz", "fuzz");
                 std::string error;
                 RuntimeProfile rp = make_runtime_profile(*c->profile, error);
                 auto jit = Jit::create({codegen::OptLevel::O0});
                 if (!rp || !jit) return signature(*c->diags, 1);
                 cardrt_cardpool* pool = cardrt_cardpool_create(rp.get());
                 int64_t log = -2;
                 auto id = (*jit)->add(b.module);
                 if (id) {
                   auto reg = (*jit)->register_cards(*id, pool);
                   if (reg && *reg >= 0) log = play_all(*c->profile, pool, rp.get());
                 }
                 cardrt_cardpool_destroy(pool);
                 return signature(*c->diags, static_cast<uint64_t>(log));
               }});
  // The runtime's profile description reader (docs/runtime.md): seeded with the bundled profiles' descriptions.
  std::vector<std::string> descriptions;
  for (const auto& game : files({"cards"}, ".game")) {
    SourceManager sm;
    DiagnosticEngine d(sm);
    auto ast = parse_profile(sm, sm.add(game, read_file(game)), d);
    if (!ast) continue;
    auto profile = load_profile(*ast, d);
    std::string error;
    RuntimeProfile rp = make_runtime_profile(*profile, error);
    if (!rp) continue;
    std::string path = fs::temp_directory_path().string() + "/cardc-fuzz-" + fs::path(game).stem().string() + ".profile";
    std::ofstream(path, std::ios::binary | std::ios::trunc) << describe_runtime_profile(rp.get());
    descriptions.push_back(path);
  }
  t.push_back({"profile-description", descriptions,
               {"cardrt-profile 1\n", "game ", "stat ", "card-type ", "resource ", "zone ", "zone-role ", "counter ",
                "state ", "keyword ", "event ", "stat-role ", "modifier-order ", "rules ", "players ", "dice ", "\"",
                "\\x", "bit-", "\n"},
               [](std::string_view in) {
                 char error[256];
                 std::string text(in);
                 cardrt_profile* p = cardrt_profile_from_description(text.c_str(), error, sizeof error);
                 uint64_t sig = p ? 1 : 2 + std::hash<std::string>{}(std::string(error).substr(0, 12)) % 1000;
                 cardrt_profile_destroy(p);
                 return sig;
               }});
  t.push_back({"scenario", files({"tests/scenarios"}, ".scenario"),
               {"card ", "play ", "use ", " ability ", "expect ", "answer choose ", "\"", "seed ", "set ", "turn 0\n"},
               [](std::string_view in) {
                 Scenario s;
                 std::string error;
                 bool ok = parse_scenario(kRoot + "/tests/scenarios/x.scenario", std::string(in), s, error);
                 return static_cast<uint64_t>(ok) + s.steps.size() * 2;
               }});
  t.push_back({"import", files({"tests/fuzz/seeds"}, ".json"),
               {"{", "}", "[", "]", "\"title\"", "\"text\"", "\"type\"", "<b>", "</b>", "<br>", ":bow:", ":g2:", "&amp;",
                "&#149;", "<i>(", ")</i>", "\"keywords\"", "\"force\"", "\"honor\"", "\"-\""},
               [](std::string_view in) {
                 auto r = import::convert_oracle_set(in, {"legends", "Fuzz"});
                 return static_cast<uint64_t>(r.error.empty()) + 2 * r.written.size() + 1000 * r.problems.size();
               }});
  t.push_back({"library", files({"tests/fuzz/seeds"}, ".so"), {"\x7f" "ELF", "CARDLIB1", "cardrt_library_register"},
               [](std::string_view in) {
                 // A corrupted card library must be refused before any of its code runs.
                 std::string path = fs::temp_directory_path().string() + "/cardc-fuzz-library-" + std::to_string(::getpid()) + ".so";
                 std::ofstream(path, std::ios::binary | std::ios::trunc) << in;
                 char msg[256];
                 cardrt_library* lib = nullptr;
                 int32_t rc = cardrt_library_open_trusted(path.c_str(), nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED,
                                                          "legends", nullptr, nullptr, &lib, msg, sizeof msg);
                 if (lib) cardrt_library_unload(lib);
                 std::remove(path.c_str());
                 return static_cast<uint64_t>(static_cast<uint32_t>(rc));
               }});
  t.push_back({"saved-game", {saved_game_seed().seed_path}, {"CARDSAVE", "legends"},
               [](std::string_view in) { return run_saved_game(in); }});
  t.push_back({"replay", {saved_game_seed().replay_seed_path}, {"CARDPLAY", "CARDSAVE", "legends"},
               [](std::string_view in) { return run_replay(in); }});
  t.push_back({"library-signed", files({"tests/fuzz/seeds"}, ".so"), {"legends", "cardrt-profile 1\n", "stat ", "\n"},
               [](std::string_view in) { return run_signed_library(in); }});
  t.push_back({"lsp",
               files({"tests/fuzz/seeds/lsp"}, ".lspmsg"),
               {"{",
                "}",
                "[",
                "]",
                "\"jsonrpc\":\"2.0\"",
                "\"id\":",
                "\"method\":",
                "\"params\":",
                "\"textDocument/hover\"",
                "\"textDocument/didChange\"",
                "\"textDocument/completion\"",
                "\"textDocument/definition\"",
                "\"textDocument/codeAction\"",
                "\"textDocument/didOpen\"",
                "\"textDocument/references\"",
                "\"textDocument/prepareRename\"",
                "\"textDocument/rename\"",
                "\"newName\":",
                "\"position\":{\"line\":",
                "\"character\":",
                "\"range\":",
                "\"contentChanges\":",
                "\"text\":",
                "\"uri\":\"file:///fuzz/a.cards\"",
                "null",
                "-1",
                "2147483648",
                "1e308",
                "\"\\u0000\""},
               [](std::string_view in) {
                 // One message from the client, between an opened document and a clean shutdown.
                 const auto frame = [](std::string_view body) {
                   return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + std::string(body);
                 };
                 static const std::string open = [] {
                   std::string s = read_file(kRoot + "/tests/fuzz/seeds/lsp/did_open.lspmsg");
                   return s;
                 }();
                 std::string session =
                     frame(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}})") +
                     frame(open) + frame(in) + frame(R"({"jsonrpc":"2.0","id":2,"method":"shutdown"})") +
                     frame(R"({"jsonrpc":"2.0","method":"exit"})");
                 std::istringstream input(session);
                 std::ostringstream output, log;
                 tools::LspOptions o;
                 o.profile_dirs = {kRoot + "/cards"};
                 const int rc = tools::run_lsp(o, input, output, log);
                 // The behaviour: the error codes answered, and whether the server reached the shutdown.
                 uint64_t sig = static_cast<uint64_t>(rc);
                 const std::string out = output.str();
                 for (size_t at = out.find("\"code\":"); at != std::string::npos; at = out.find("\"code\":", at + 1))
                   sig = sig * 31 + std::hash<std::string>{}(out.substr(at, 14));
                 return sig;
               }});
  t.push_back({"lsp-framing",
               files({"tests/fuzz/seeds/lsp-framing"}, ".lspstream"),
               {"Content-Length: ", "content-length:", "Content-Type: application/vscode-jsonrpc; charset=utf-8",
                "\r\n", "\r\n\r\n", "\n", ":", "99999999999999999999", "-1", "67108864", "0", "{", "}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"},
               [](std::string_view in) {
                 // The raw byte stream from the client, headers included: the server answers with well-formed
                 // frames of valid JSON only, and stops (it never waits for more or grows without bound).
                 std::istringstream input{std::string(in)};
                 std::ostringstream output, log;
                 tools::LspOptions o;
                 o.profile_dirs = {kRoot + "/cards"};
                 const int rc = tools::run_lsp(o, input, output, log);
                 const std::string out = output.str();
                 uint64_t sig = static_cast<uint64_t>(rc);
                 for (size_t at = 0; at < out.size();) {
                   const std::string head = "Content-Length: ";
                   const size_t end = out.find("\r\n\r\n", at);
                   if (out.compare(at, head.size(), head) != 0 || end == std::string::npos) std::abort();
                   const size_t length = std::stoul(out.substr(at + head.size(), end - at - head.size()));
                   if (end + 4 + length > out.size()) std::abort();
                   const auto msg = nlohmann::json::parse(out.substr(end + 4, length), nullptr, false);
                   if (msg.is_discarded()) std::abort();
                   sig = sig * 31 + (msg.contains("error") ? msg["error"].value("code", 0) : msg.contains("id") ? 1 : 2);
                   at = end + 4 + length;
                 }
                 return sig;
               }});
  return t;
}

}  // namespace

int main(int argc, char** argv) { return cardc::fuzz::fuzz_main(argc, argv, targets()); }
