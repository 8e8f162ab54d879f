// The C++ API: RAII owners and typed helpers over the same C ABI (one core, one contract). Header-only, so a
// C++ engine built with another compiler or standard library still talks to cardrt only through cardrt.h.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "cardrt/cardrt.h"

namespace cardrt::api {

class Error : public std::runtime_error {
 public:
  explicit Error(int32_t code, const std::string& what) : std::runtime_error(what), code_(code) {}
  int32_t code() const noexcept { return code_; }

 private:
  int32_t code_;
};

// Throws for caller errors (negative codes); returns OK / FAILED / ids as they are.
inline int32_t check(int32_t r, const char* what) {
  if (r < 0) throw Error(r, std::string(what) + " failed with " + std::to_string(r));
  return r;
}

class ProfileBuilder {
 public:
  explicit ProfileBuilder(const std::string& game) : p_(cardrt_profile_create(game.c_str())) {
    if (!p_) throw Error(CARDRT_E_NO_MEMORY, "cardrt_profile_create");
  }
  ~ProfileBuilder() { cardrt_profile_destroy(p_); }
  ProfileBuilder(const ProfileBuilder&) = delete;
  ProfileBuilder& operator=(const ProfileBuilder&) = delete;

  int32_t stat(const std::string& name, const std::string& abbrev, int32_t floor = CARDRT_FLOOR_ZERO,
               uint32_t flags = 0) {
    return check(cardrt_profile_add_stat(p_, name.c_str(), abbrev.c_str(), floor, flags), "add_stat");
  }
  int32_t card_type(const std::string& name, const std::vector<int32_t>& stats, uint32_t flags = 0) {
    return check(cardrt_profile_add_card_type(p_, name.c_str(), stats.data(), int32_t(stats.size()), flags),
                 "add_card_type");
  }
  int32_t resource(const std::string& name, int32_t model = CARDRT_RESOURCE_COUNTER,
                   int32_t floor = CARDRT_FLOOR_ZERO, int32_t cap = 0, int32_t supply = 0) {
    return check(cardrt_profile_add_resource(p_, name.c_str(), model, floor, cap, supply), "add_resource");
  }
  int32_t zone(const std::string& name, uint32_t flags = 0, int32_t role = -1) {
    const int32_t z = check(cardrt_profile_add_zone(p_, name.c_str(), flags), "add_zone");
    if (role >= 0) check(cardrt_profile_set_zone_role(p_, role, z), "set_zone_role");
    return z;
  }
  int32_t counter(const std::string& name, uint32_t flags) {
    return check(cardrt_profile_add_counter(p_, name.c_str(), flags), "add_counter");
  }
  int32_t keyword(const std::string& name, int32_t meaning = CARDRT_KWR_NONE) {
    return check(cardrt_profile_add_keyword(p_, name.c_str(), meaning), "add_keyword");
  }
  int32_t event(const std::string& name) { return check(cardrt_profile_add_event(p_, name.c_str()), "add_event"); }
  ProfileBuilder& role(int32_t role, int32_t stat) {
    check(cardrt_profile_set_stat_role(p_, role, stat), "set_stat_role");
    return *this;
  }
  ProfileBuilder& order(int32_t order) {
    check(cardrt_profile_set_modifier_order(p_, order), "set_modifier_order");
    return *this;
  }
  ProfileBuilder& rules(uint32_t bits) {
    check(cardrt_profile_enable_rules(p_, bits), "enable_rules");
    return *this;
  }
  ProfileBuilder& players(int32_t n, int32_t starting_life) {
    check(cardrt_profile_set_players(p_, n, starting_life), "set_players");
    return *this;
  }
  const cardrt_profile* get() const { return p_; }

 private:
  cardrt_profile* p_;
};

class CardPool {
 public:
  explicit CardPool(const ProfileBuilder& profile) : pool_(cardrt_cardpool_create(profile.get())) {
    if (!pool_) throw Error(CARDRT_E_HANDLE, "cardrt_cardpool_create");
  }
  ~CardPool() { cardrt_cardpool_destroy(pool_); }
  CardPool(const CardPool&) = delete;
  CardPool& operator=(const CardPool&) = delete;
  // Runs a card library's entry point (from dlsym(CARDRT_LIBRARY_ENTRY) or linked in).
  void load(cardrt_library_register_fn entry) { check(entry(pool_), "cardrt_library_register"); }
  cardrt_cardpool* get() { return pool_; }

 private:
  cardrt_cardpool* pool_;
};

class Game {
 public:
  using Chooser = std::function<std::vector<int32_t>(const cardrt_choice&)>;
  using Listener = std::function<void(const cardrt_log_event&)>;

  Game(const ProfileBuilder& profile, CardPool& pool, uint64_t seed, Chooser chooser = {}, Listener listener = {})
      : chooser_(std::move(chooser)), listener_(std::move(listener)) {
    const cardrt_host h = host();
    g_ = cardrt_game_create(profile.get(), pool.get(), seed, &h);
    if (!g_) throw Error(CARDRT_E_ARGUMENT, "cardrt_game_create");
  }
  // A snapshot (cardrt_game_clone) with a chooser and a listener of its own: not in the middle of a call.
  std::unique_ptr<Game> clone(Chooser chooser = {}, Listener listener = {}) const {
    return std::unique_ptr<Game>(new Game(Cloning{}, g_, std::move(chooser), std::move(listener)));
  }
  // A saved game (cardrt_game_save): the bytes, or Error with the runtime's message.
  std::vector<uint8_t> save() const {
    char error[512] = "";
    const int64_t n = cardrt_game_save(g_, nullptr, 0, error, sizeof error);
    if (n < 0) throw Error(int32_t(n), error);
    std::vector<uint8_t> bytes(static_cast<size_t>(n));
    if (cardrt_game_save(g_, bytes.data(), n, error, sizeof error) != n) throw Error(CARDRT_E_STATE, error);
    return bytes;
  }
  // A game loaded from saved bytes (cardrt_game_load) with its own chooser and listener, or Error with the message
  // (another profile, card pool or version, damaged bytes).
  static std::unique_ptr<Game> load(const ProfileBuilder& profile, CardPool& pool, const std::vector<uint8_t>& bytes,
                                    Chooser chooser = {}, Listener listener = {}) {
    return std::unique_ptr<Game>(new Game(Loading{}, profile.get(), pool.get(), bytes, std::move(chooser),
                                          std::move(listener)));
  }
  // Replays (cardrt_game_record / cardrt_game_replay_bytes): start recording (or stop), and the recording so far; Error
  // with the runtime's message when it cannot be.
  void record(bool on = true) {
    char error[512] = "";
    const int32_t r = cardrt_game_record(g_, on ? 1 : 0, error, sizeof error);
    if (r != CARDRT_OK) throw Error(r, error);
  }
  std::vector<uint8_t> replay_bytes() const {
    char error[512] = "";
    const int64_t n = cardrt_game_replay_bytes(g_, nullptr, 0, error, sizeof error);
    if (n < 0) throw Error(int32_t(n), error);
    std::vector<uint8_t> bytes(static_cast<size_t>(n));
    if (cardrt_game_replay_bytes(g_, bytes.data(), n, error, sizeof error) != n) throw Error(CARDRT_E_STATE, error);
    return bytes;
  }
  // A replay played back (cardrt_replay_play; flags: CARDRT_REPLAY_FORCE) with its own chooser (after the replay) and
  // listener; *report and *message (when given) receive the report and the first divergence. Error with the message
  // when it is refused.
  static std::unique_ptr<Game> replay(const ProfileBuilder& profile, CardPool& pool, const std::vector<uint8_t>& bytes,
                                      uint32_t flags = 0, cardrt_replay_report* report = nullptr,
                                      std::string* message = nullptr, Chooser chooser = {}, Listener listener = {}) {
    return std::unique_ptr<Game>(new Game(Replaying{}, profile.get(), pool.get(), bytes, flags, report, message,
                                          std::move(chooser), std::move(listener)));
  }
  ~Game() { cardrt_game_destroy(g_); }
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  cardrt_game* get() { return g_; }
  int32_t add_card(int32_t def, int32_t player, int32_t zone) {
    return check(cardrt_game_add_card(g_, def, player, zone), "add_card");
  }
  int32_t use_ability(int32_t player, int32_t card, int32_t ability) {
    return check(cardrt_game_use_ability(g_, player, card, ability), "use_ability");
  }
  void begin_turn(int32_t player) { check(cardrt_game_begin_turn(g_, player), "begin_turn"); }
  void end_turn() { check(cardrt_game_end_turn(g_), "end_turn"); }
  void signal(int32_t boundary) { check(cardrt_game_signal(g_, boundary), "signal"); }
  int32_t stat(int32_t card, int32_t stat) { return cardrt_stat_get(g_, card, stat); }
  int32_t winner() const { return cardrt_game_winner(g_); }
  std::string log_text() const { return render(&cardrt_log_render_text); }
  std::string log_json() const { return render(&cardrt_log_render_json); }

 private:
  std::string render(int64_t (*fn)(const cardrt_game*, char*, int64_t)) const {
    const int64_t n = fn(g_, nullptr, 0);
    if (n <= 0) return {};
    std::string s(size_t(n), '\0');
    fn(g_, s.data(), n);
    s.resize(size_t(n - 1));
    return s;
  }
  struct Cloning {};
  Game(Cloning, const cardrt_game* from, Chooser chooser, Listener listener)
      : chooser_(std::move(chooser)), listener_(std::move(listener)) {
    const cardrt_host h = host();
    g_ = cardrt_game_clone(from, &h);
    if (!g_) throw Error(CARDRT_E_STATE, "cardrt_game_clone");
  }
  struct Loading {};
  Game(Loading, const cardrt_profile* profile, const cardrt_cardpool* pool, const std::vector<uint8_t>& bytes,
       Chooser chooser, Listener listener)
      : chooser_(std::move(chooser)), listener_(std::move(listener)) {
    const cardrt_host h = host();
    char error[512] = "";
    g_ = cardrt_game_load(profile, pool, bytes.data(), int64_t(bytes.size()), &h, error, sizeof error);
    if (!g_) throw Error(CARDRT_E_STATE, error);
  }
  struct Replaying {};
  Game(Replaying, const cardrt_profile* profile, const cardrt_cardpool* pool, const std::vector<uint8_t>& bytes,
       uint32_t flags, cardrt_replay_report* report, std::string* message, Chooser chooser, Listener listener)
      : chooser_(std::move(chooser)), listener_(std::move(listener)) {
    const cardrt_host h = host();
    char said[1024] = "";
    g_ = cardrt_replay_play(profile, pool, bytes.data(), int64_t(bytes.size()), flags, &h, report, said, sizeof said);
    if (!g_) throw Error(CARDRT_E_STATE, said);
    if (message) *message = said;
  }
  cardrt_host host() {
    cardrt_host h{};
    h.user = this;
    if (chooser_) h.choose = &Game::choose_thunk;
    if (listener_) h.on_event = &Game::event_thunk;
    return h;
  }
  // Host callbacks must not let exceptions escape into cardrt.
  static int32_t choose_thunk(void* user, const cardrt_choice* c, int32_t* answer, int32_t cap) noexcept {
    try {
      const auto a = static_cast<Game*>(user)->chooser_(*c);
      int32_t n = 0;
      for (int32_t v : a)
        if (n < cap) answer[n++] = v;
      return n;
    } catch (...) {
      return -1;  // invalid: the runtime falls back to its default choice
    }
  }
  static void event_thunk(void* user, const cardrt_log_event* e) noexcept {
    try {
      static_cast<Game*>(user)->listener_(*e);
    } catch (...) {
    }
  }
  Chooser chooser_;
  Listener listener_;
  cardrt_game* g_ = nullptr;
};

}  // namespace cardrt::api
