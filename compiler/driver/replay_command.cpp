#include "driver/replay_command.h"

#include <memory>
#include <ostream>

#include "base/read_file.h"
#include "cardrt/cardrt.h"
#include "codegen/signing_keys.h"
#include "scenario/narrate.h"

namespace cardc {

namespace {

constexpr uint64_t kMaxReplayBytes = uint64_t(1) << 30;  // a recording of millions of calls fits

std::string render_log(const cardrt_game* g) {
  const int64_t need = cardrt_log_render_text(g, nullptr, 0);
  if (need <= 0) return {};
  std::string s(size_t(need), '\0');
  cardrt_log_render_text(g, s.data(), need);
  s.resize(size_t(need) - 1);  // the size counts the NUL
  return s;
}

template <class T, void (*Destroy)(T*)>
struct Owned {
  T* p = nullptr;
  Owned() = default;
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  ~Owned() { Destroy(p); }
};

}  // namespace

int run_replay(const ReplayCommandOptions& opts, std::ostream& out, std::ostream& err) {
  std::string bytes, why;
  if (!read_input(opts.path, kMaxReplayBytes, bytes, why)) {
    err << opts.path << ":1:1: error: cannot read '" << opts.path << "': " << why << "\n";
    return 2;
  }
  auto trusted = codegen::read_public_keys(opts.trust);  // --trust, back to back
  if (!trusted) {
    err << "cardc replay: " << trusted.error() << "\n";
    return 2;
  }
  const std::vector<uint8_t>& keys = *trusted;
  // The library's own profile (cardrt_library_profile), so no game profile file is needed: the replay's identities
  // are checked against the library's.
  char msg[1024] = "";
  Owned<cardrt_library, cardrt_library_unload> lib;  // destroyed last: the pool and the game hold its functions
  int32_t rc = cardrt_library_open_trusted(opts.library.c_str(), keys.data(),
                                           int32_t(keys.size() / CARDRT_LIBRARY_PUBLIC_KEY_BYTES),
                                           opts.allow_unsigned ? CARDRT_LIBRARY_ALLOW_UNSIGNED : 0, nullptr, nullptr,
                                           nullptr, &lib.p, msg, sizeof msg);
  Owned<cardrt_profile, cardrt_profile_destroy> profile;
  if (rc == CARDRT_OK) rc = cardrt_library_profile(lib.p, &profile.p, msg, sizeof msg);
  Owned<cardrt_cardpool, cardrt_cardpool_destroy> pool;
  if (rc == CARDRT_OK) {
    pool.p = cardrt_cardpool_create(profile.p);
    rc = pool.p ? cardrt_library_register_cards(lib.p, pool.p, msg, sizeof msg) : int32_t(CARDRT_E_NO_MEMORY);
  }
  if (rc != CARDRT_OK) {
    err << opts.library << ": " << msg << "\n";
    return 2;
  }
  cardrt_replay_report report{};
  Owned<cardrt_game, cardrt_game_destroy> game;
  game.p = cardrt_replay_play(profile.p, pool.p, reinterpret_cast<const uint8_t*>(bytes.data()), int64_t(bytes.size()),
                              opts.force ? CARDRT_REPLAY_FORCE : 0, nullptr, &report, msg, sizeof msg);
  if (!game.p) {
    err << opts.path << ": " << msg << "\n";
    if (std::string(msg).find(" with card library ") != std::string::npos && !opts.force)
      err << opts.path << ": note: --force plays it anyway and reports where the games first differ\n";
    return 2;
  }
  if (!opts.quiet) {
    const std::string log = render_log(game.p);
    out << (opts.narrate ? narrate(log) : log);
  }
  if (!std::string(msg).empty()) err << opts.path << ": " << msg << "\n";
  err << opts.path << ": " << report.calls << " engine calls played, " << cardrt_log_count(game.p) << " events"
      << (report.diverged ? ", diverged from the recording" : ", identical to the recording") << "\n";
  return report.diverged ? 1 : 0;
}

}  // namespace cardc
