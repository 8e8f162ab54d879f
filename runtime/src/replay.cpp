// Replays (cardrt_game_record / cardrt_game_replay_bytes / cardrt_replay_play; docs/runtime.md "Replays").
//
// A recording holds the game's start (its seed and default chooser when nothing had changed it yet, else the game
// saved), then every engine call that changes the game (its number, arguments and result) and every answer the host
// gave to a choice, and the events each call logged. Played back, the calls are made again in order on a game made
// from the start, the host's answers given again, and each call's result, answers asked and events compared with the
// recording: the first difference is reported, so a replay recorded with another card library (played with
// CARDRT_REPLAY_FORCE) says where the new cards first play differently. The bytes are stamped like saved games
// (stamped_bytes.hpp): format and ABI versions, the profile's and the card pool's identities, a checksum.
#include "replay.hpp"

#include <algorithm>
#include <memory>
#include <string>

#include "event_log.hpp"
#include "handles.hpp"
#include "stamped_bytes.hpp"

namespace cardrt {

namespace {

constexpr char kMagic[8] = {'C', 'A', 'R', 'D', 'P', 'L', 'A', 'Y'};
constexpr uint32_t kFormat = 1;
constexpr uint8_t kFromSeed = 1, kFromSavedGame = 2;
constexpr int32_t kMaxListArgs = 1024;  // cardrt_game_script_rolls holds at most this many results
constexpr int32_t kMaxAnswerValues = 1 << 16;

struct CallInfo {
  const char* name;
  int32_t arity;
};
constexpr CallInfo kCalls[] = {
#define CARDRT_REPLAY_INFO(name, function, arity) {#function, arity},
    CARDRT_REPLAY_CALLS(CARDRT_REPLAY_INFO)
#undef CARDRT_REPLAY_INFO
};
static_assert(std::size(kCalls) == size_t(EngineCallKind::count));

// "cardrt_game_use_ability(0, 5, 0)", as the engine called it (the game and the context left out)
std::string describe_call(const RecordedCall& c) {
  std::string s = c.call >= 0 && c.call < int32_t(std::size(kCalls)) ? kCalls[c.call].name : "?";
  s += '(';
  for (size_t i = 0; i < c.args.size(); ++i) s += (i ? ", " : "") + std::to_string(c.args[i]);
  return s + ')';
}

std::string describe_event(const cardrt_log_event& e) {
  return std::string(EventLog::kind_name(e.kind)) + " player=" + std::to_string(e.player) +
         " card=" + std::to_string(e.card) + " other=" + std::to_string(e.other) + " what=" + std::to_string(e.what) +
         " amount=" + std::to_string(e.amount) + " value=" + std::to_string(e.value) +
         (e.op >= 0 ? " op=" + std::to_string(e.op) : std::string());
}

bool same_event(const cardrt_log_event& a, const cardrt_log_event& b) {
  return a.seq == b.seq && a.kind == b.kind && a.player == b.player && a.card == b.card && a.other == b.other &&
         a.what == b.what && a.amount == b.amount && a.value == b.value && a.op == b.op;
}

std::string describe_choice(const RecordedAnswer& a) {
  return "kind " + std::to_string(a.kind) + ", purpose " + std::to_string(a.purpose) + ", player " +
         std::to_string(a.player) + ", " + std::to_string(a.option_count) + " options";
}

template <class A>
void event(A& a, cardrt_log_event& e) {
  a.num(e.seq), a.num(e.kind), a.num(e.player), a.num(e.card), a.num(e.other), a.num(e.what), a.num(e.amount);
  a.num(e.value), a.num(e.op);
}

template <class A>
void numbers(A& a, std::vector<int32_t>& v, int32_t most, const char* what) {
  const size_t n = a.count(v.size(), sizeof(int32_t));
  if constexpr (A::reading) {
    if (n > size_t(most)) a.fail(std::string(what) + " of " + std::to_string(n) + " numbers");
    v.resize(n);
  }
  for (int32_t& x : v) a.num(x);
}

}  // namespace

// Reads and writes recordings, records, and plays back: a friend of Game's.
struct Replay {
  static void begin(Game& g) {
    auto r = std::make_shared<Recording>();
    if (!g.played_) {
      r->from_seed = true;
      r->seed = g.seed_;
      r->chooser_kind = g.chooser_kind_;
      for (int i = 0; i < 4; ++i) r->chooser_words[i] = g.chooser_rng_.word(i);
    } else {
      r->from_seed = false;
      r->start = save_game(g);  // throws SaveError when it cannot be saved
    }
    r->host_chooses = g.host_.choose != nullptr;
    r->events_begin = uint32_t(g.log_.size());
    g.recording_ = std::move(r);
  }

  // The body after the stamped header: one description for writing and reading.
  template <class A>
  static void transfer(A& a, Recording& r) {
    uint8_t start = r.from_seed ? kFromSeed : kFromSavedGame;
    a.num(start);
    if constexpr (A::reading) {
      if (start != kFromSeed && start != kFromSavedGame)
        a.fail("it starts in an unknown way (" + std::to_string(start) + ")");
      r.from_seed = start == kFromSeed;
    }
    if (r.from_seed) {
      a.num(r.seed), a.num(r.chooser_kind);
      for (uint64_t& w : r.chooser_words) a.num(w);
      if constexpr (A::reading)
        if (r.chooser_kind != CARDRT_CHOOSER_FIRST && r.chooser_kind != CARDRT_CHOOSER_RANDOM)
          a.fail("its default chooser is of unknown kind " + std::to_string(r.chooser_kind));
    } else {
      stamped_string(a, r.start);
    }
    a.flag(r.host_chooses);
    a.num(r.events_begin);
    const size_t calls = a.count(r.calls.size(), 16);
    if constexpr (A::reading) r.calls.resize(calls);
    for (RecordedCall& c : r.calls) {
      a.num(c.call);
      if constexpr (A::reading)
        if (c.call < 0 || c.call >= int32_t(EngineCallKind::count))
          a.fail("it holds an engine call of unknown number " + std::to_string(c.call));
      const int32_t arity = kCalls[c.call].arity;
      numbers(a, c.args, arity < 0 ? kMaxListArgs : arity, "an engine call's arguments");
      if constexpr (A::reading)
        if (arity >= 0 && int32_t(c.args.size()) != arity)
          a.fail(std::string("a call of ") + kCalls[c.call].name + " has " + std::to_string(c.args.size()) +
                 " arguments, not " + std::to_string(arity));
      a.num(c.result), a.num(c.answers_end), a.num(c.events_end);
    }
    const size_t answers = a.count(r.answers.size(), 24);
    if constexpr (A::reading) r.answers.resize(answers);
    for (RecordedAnswer& x : r.answers) {
      a.num(x.kind), a.num(x.purpose), a.num(x.player), a.num(x.option_count), a.num(x.count);
      numbers(a, x.values, kMaxAnswerValues, "an answer");
    }
  }

  // What a recording read must hold for the playing to rely on it: answers and events counted in order.
  static std::string check(const Recording& r, size_t events) {
    uint32_t answers = 0, logged = 0;
    for (const RecordedCall& c : r.calls) {
      if (c.answers_end < answers || c.events_end < logged) return "its calls' answers or events go backwards";
      answers = c.answers_end, logged = c.events_end;
    }
    if (answers != r.answers.size()) return "its calls count other answers than it holds";
    if (logged != events) return "its calls count other events than it holds";
    return {};
  }

  static std::string bytes(const Game& game) {
    const Recording& r = *game.recording_;
    Writer w{*game.pool_, {}};
    w.out.resize(4096 + r.calls.size() * 32 + game.log_.size() * sizeof(cardrt_log_event));
    const size_t length_at = begin_stamped(w, kMagic, kFormat, identity_of(*game.profile_, *game.pool_));
    transfer(w, const_cast<Recording&>(r));  // transfer only reads when writing
    const auto& events = game.log_.events();
    uint32_t n = uint32_t(events.size() - std::min<size_t>(r.events_begin, events.size()));
    w.num(n);
    for (size_t i = r.events_begin; i < events.size(); ++i) {
      cardrt_log_event e = events[i];
      event(w, e);
    }
    end_stamped(w, length_at);
    return std::move(w.out);
  }

  // ---------------------------------------------------------------- playing back
  struct Player {
    Player(const Recording& r, const std::vector<cardrt_log_event>& e) : rec(r), events(e) {}
    const Recording& rec;
    const std::vector<cardrt_log_event>& events;  // recorded since the recording began
    cardrt_host host{};                           // the engine's: hears the events
    size_t next_answer = 0;
    int32_t call = -1;  // the call being played
    std::string divergence;
    int32_t divergence_call = -1, divergence_event = -1;

    void diverged(const std::string& what, int32_t at_event = -1) {
      if (!divergence.empty()) return;
      divergence = what;
      divergence_call = call;
      divergence_event = at_event;
    }
    std::string at() const {
      if (call < 0) return "the start";
      return "call " + std::to_string(call + 1) + " of " + std::to_string(rec.calls.size()) + " (" +
             describe_call(rec.calls[size_t(call)]) + ")";
    }

    static int32_t choose(void* user, const cardrt_choice* c, int32_t* answer, int32_t capacity) {
      Player& p = *static_cast<Player*>(user);
      RecordedAnswer asked{c->kind, c->purpose, c->player, c->option_count, 0, {}};
      if (p.next_answer >= p.rec.answers.size()) {
        p.diverged(p.at() + " asks a choice (" + describe_choice(asked) + ") the recording does not hold");
        return -1;  // the default chooser answers
      }
      const RecordedAnswer& a = p.rec.answers[p.next_answer++];
      if (a.kind != c->kind || a.purpose != c->purpose || a.player != c->player || a.option_count != c->option_count) {
        p.diverged(p.at() + " asks choice " + std::to_string(p.next_answer) + " (" + describe_choice(asked) +
                   "), the recording's was " + describe_choice(a));
        return -1;
      }
      const size_t n = std::min(a.values.size(), size_t(std::max(capacity, 0)));
      std::copy_n(a.values.begin(), n, answer);
      return a.count;
    }
    static void on_event(void* user, const cardrt_log_event* e) {
      const Player& p = *static_cast<Player*>(user);
      if (p.host.on_event) p.host.on_event(p.host.user, e);
    }
  };

  static int32_t call(cardrt_game* g, const RecordedCall& c) {
    const std::vector<int32_t>& a = c.args;
    switch (EngineCallKind(c.call)) {
      case EngineCallKind::set_default_chooser:
        return cardrt_game_set_default_chooser(g, a[0], uint64_t(uint32_t(a[1])) | uint64_t(uint32_t(a[2])) << 32);
      case EngineCallKind::add_card: return cardrt_game_add_card(g, a[0], a[1], a[2]);
      case EngineCallKind::put_into_play: return cardrt_game_put_into_play(g, a[0], a[1]);
      case EngineCallKind::begin_turn: return cardrt_game_begin_turn(g, a[0]);
      case EngineCallKind::end_turn: return cardrt_game_end_turn(g);
      case EngineCallKind::signal: return cardrt_game_signal(g, a[0]);
      case EngineCallKind::set_phase: return cardrt_game_set_phase(g, a[0]);
      case EngineCallKind::set_battlefield: return cardrt_game_set_battlefield(g, a[0]);
      case EngineCallKind::move_to_battlefield: return cardrt_game_move_to_battlefield(g, a[0], a[1]);
      case EngineCallKind::add_province: return cardrt_game_add_province(g, a[0], a[1]);
      case EngineCallKind::put_in_province: return cardrt_game_put_in_province(g, a[0], a[1], a[2]);
      case EngineCallKind::destroy_province: return cardrt_game_destroy_province(g, a[0], a[1]);
      case EngineCallKind::reveal_provinces: return cardrt_game_reveal_provinces(g, a[0]);
      case EngineCallKind::set_province_zones: return cardrt_game_set_province_zones(g, a[0], a[1]);
      case EngineCallKind::take_additional_action: return cardrt_game_take_additional_action(g, a[0]);
      case EngineCallKind::take_additional_action_for:
        return cardrt_game_take_additional_action_for(g, a[0], a[1], a[2], a[3], a[4]);
      case EngineCallKind::emit: return cardrt_game_emit(g, a[0], a[1], a[2], a[3]);
      case EngineCallKind::emit_other: return cardrt_game_emit_other(g, a[0], a[1], a[2], a[3], a[4]);
      case EngineCallKind::forbidden: return cardrt_game_forbidden(g, a[0], a[1], a[2]);
      case EngineCallKind::accumulate: return cardrt_game_accumulate(g, a[0], a[1]);
      case EngineCallKind::draw: return cardrt_game_draw(g, a[0], a[1]);
      case EngineCallKind::concede: return cardrt_game_concede(g, a[0]);
      case EngineCallKind::use_ability: return cardrt_game_use_ability(g, a[0], a[1], a[2]);
      case EngineCallKind::play_free: return cardrt_game_play_free(g, a[0], a[1], a[2]);
      case EngineCallKind::tactical_battle: return cardrt_game_tactical_battle(g, a[0]);
      case EngineCallKind::play_terrain: return cardrt_game_play_terrain(g, a[0], a[1], a[2]);
      case EngineCallKind::script_rolls: return cardrt_game_script_rolls(g, a.data(), int32_t(a.size()));
      case EngineCallKind::end_of_turn_resist: return cardrt_game_end_of_turn_resist(g, a[0]);
      case EngineCallKind::begin_payment: return cardrt_game_begin_payment(g, a[0], a[1], a[2], a[3]);
      case EngineCallKind::finish_payment: return cardrt_game_finish_payment(g, a[0]);
      case EngineCallKind::attach: return cardrt_attach(g, nullptr, a[0], a[1]);
      case EngineCallKind::transfer: return cardrt_transfer(g, nullptr, a[0], a[1]);
      case EngineCallKind::attack: return cardrt_attack(g, nullptr, a[0], a[1]);
      case EngineCallKind::deal_damage: return cardrt_deal_damage(g, nullptr, a[0], a[1], uint32_t(a[2]));
      case EngineCallKind::heal: return cardrt_heal(g, nullptr, a[0], a[1]);
      case EngineCallKind::wound_player: return cardrt_wound_player(g, nullptr, a[0], a[1]);
      case EngineCallKind::heal_player: return cardrt_heal_player(g, nullptr, a[0], a[1]);
      case EngineCallKind::set_resource: return cardrt_set_resource(g, nullptr, a[0], a[1], a[2]);
      case EngineCallKind::gain_resource: return cardrt_gain_resource(g, nullptr, a[0], a[1], a[2]);
      case EngineCallKind::stat_modify: return cardrt_stat_modify(g, nullptr, a[0], a[1], a[2], a[3]);
      case EngineCallKind::stat_modify_op: return cardrt_stat_modify_op(g, nullptr, a[0], a[1], a[2], a[3], a[4]);
      case EngineCallKind::stat_set: return cardrt_stat_set(g, nullptr, a[0], a[1], a[2], a[3]);
      case EngineCallKind::count: break;
    }
    return CARDRT_E_INTERNAL;  // never: the numbers were checked when read
  }

  static cardrt_game* play(std::shared_ptr<const Profile> profile, std::shared_ptr<const CardPool> pool,
                           std::string_view bytes, uint32_t flags, const cardrt_host* host,
                           cardrt_replay_report& report, std::string& message) {
    Reader r{*pool, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()};
    const Identity stamped = open_stamped(r, bytes, kMagic, kFormat, "replay");
    const std::string foreign = identity_difference(stamped, identity_of(*profile, *pool), "recorded", "playing with");
    if (!foreign.empty() && !(flags & CARDRT_REPLAY_FORCE)) r.fail(foreign);
    Recording rec;
    transfer(r, rec);
    std::vector<cardrt_log_event> events(r.count(0, sizeof(cardrt_log_event)));
    for (cardrt_log_event& e : events) event(r, e);
    if (r.left != 0) r.fail(std::to_string(r.left) + " bytes past the end of the replay");
    if (std::string why = check(rec, events.size()); !why.empty()) r.fail("inconsistent: " + why);

    auto player = std::make_unique<Player>(rec, events);
    if (host) player->host = *host;
    cardrt_host replay_host{player.get(), rec.host_chooses ? &Player::choose : nullptr, &Player::on_event};
    std::unique_ptr<Game> game;
    if (rec.from_seed) {
      game = std::make_unique<Game>(profile, pool, rec.seed, &replay_host);
      game->chooser_kind_ = rec.chooser_kind;
      for (int i = 0; i < 4; ++i) game->chooser_rng_.word(i) = rec.chooser_words[i];
    } else {
      try {
        game = load_game(profile, pool, rec.start, &replay_host);
      } catch (const SaveError& e) {
        r.fail("it starts from a saved game that cannot be loaded: " + e.message);
      }
    }
    if (game->log_.size() != rec.events_begin)
      r.fail("its start has " + std::to_string(game->log_.size()) + " events, the recording began after " +
             std::to_string(rec.events_begin));
    auto handle = std::make_unique<cardrt_game>();
    handle->g = std::move(game);
    Game& g = *handle->g;
    g.handle = handle.get();
    g.publish_cards();

    Player& p = *player;
    size_t logged = 0;  // recorded events compared so far
    for (size_t i = 0; i < rec.calls.size(); ++i) {
      const RecordedCall& c = rec.calls[i];
      p.call = int32_t(i);
      const int32_t result = call(handle.get(), c);
      if (result != c.result)
        p.diverged(p.at() + " returned " + std::to_string(result) + ", the recording says " + std::to_string(c.result));
      if (p.next_answer < c.answers_end)
        p.diverged(p.at() + " asked " + std::to_string(c.answers_end - p.next_answer) +
                   " choices fewer than the recording holds");
      p.next_answer = std::max<size_t>(p.next_answer, c.answers_end);  // the next call's answers start where they did
      if (p.divergence.empty()) {  // after the first difference the logs are no longer comparable
        const auto& played = g.log_.events();
        const size_t played_end = played.size() - std::min<size_t>(rec.events_begin, played.size());
        for (size_t k = logged; k < std::max<size_t>(c.events_end, played_end); ++k) {
          const bool have_played = k < played_end, have_recorded = k < c.events_end;
          if (have_played && have_recorded && same_event(played[rec.events_begin + k], events[k])) continue;
          const size_t at = rec.events_begin + k;
          p.diverged(p.at() + ": event " + std::to_string(at + 1) + " is " +
                         (have_played ? "'" + describe_event(played[at]) + "'" : "missing") + ", the recording's " +
                         (have_recorded ? "'" + describe_event(events[k]) + "'" : "none"),
                     int32_t(at));
          break;
        }
      }
      logged = c.events_end;
    }
    report.calls = int32_t(rec.calls.size());
    report.diverged = p.divergence.empty() ? 0 : 1;
    report.divergence_call = p.divergence_call;
    report.divergence_event = p.divergence_event;
    report.foreign = foreign.empty() ? 0 : 1;
    message = foreign.empty() ? p.divergence
              : p.divergence.empty() ? foreign + "; played anyway: no divergence"
                                     : foreign + "; played anyway: " + p.divergence;
    // the game lives on without the replay's host: what the engine gave is its host from now on
    g.host_ = host ? *host : cardrt_host{};
    return handle.release();
  }
};

namespace {
void unreplayable(Game& g, const std::string& why) {
  if (g.recording_ && g.recording_->unreplayable.empty()) g.recording_->unreplayable = why;
}
}  // namespace

EngineCall::EngineCall(Game& g, EngineCallKind kind, std::initializer_list<int32_t> args) noexcept : g_(g) {
  try {
    if (!g.idle() || g.in_engine_call_) {  // from inside a callback: a part of the call under way
      if (g.recording_)
        unreplayable(g, std::string("the host called ") + kCalls[int(kind)].name +
                            " from inside one of the game's callbacks");
      return;
    }
    top_ = true;
    g.in_engine_call_ = true;
    if (kind != EngineCallKind::set_default_chooser) g.played_ = true;
    if (g.recording_) {
      g.recording_->calls.push_back(RecordedCall{int32_t(kind), std::vector<int32_t>(args), 0, 0, 0});
      recorded_ = true;
    }
  } catch (...) {
    unreplayable(g, "out of memory while recording");
  }
}
EngineCall::EngineCall(Game& g, EngineCallKind kind, const int32_t* list, int32_t count) noexcept
    : EngineCall(g, kind, std::initializer_list<int32_t>{}) {
  if (!recorded_) return;
  // a list the call refuses (none, too long) is recorded as none: playing it back, the call refuses too
  try {
    if (list && count > 0 && count <= kMaxListArgs) g.recording_->calls.back().args.assign(list, list + count);
    else if (count != 0) unreplayable(g, "cardrt_game_script_rolls was called with a list a recording cannot hold");
  } catch (...) {
    unreplayable(g, "out of memory while recording");
  }
}
void EngineCall::finish(int32_t result) noexcept {
  if (!recorded_ || !g_.recording_) return;
  RecordedCall& c = g_.recording_->calls.back();
  c.result = result;
  c.answers_end = uint32_t(g_.recording_->answers.size());
  c.events_end = uint32_t(g_.log().size() - std::min<size_t>(g_.recording_->events_begin, g_.log().size()));
}
EngineCall::~EngineCall() {
  if (top_) g_.in_engine_call_ = false;
}

void note_unrecorded_change(Game& g) {
  g.played_ = true;
  if (g.recording_)
    unreplayable(g, "the engine changed the game through a card ABI function (one compiled cards call), which a "
                    "replay does not record");
}

void record_answer(Game& g, const cardrt_choice& c, int32_t count, const int32_t* values, int32_t room) noexcept {
  try {
    RecordedAnswer a{c.kind, c.purpose, c.player, c.option_count, count, {}};
    const int32_t n = std::clamp(count, 0, std::min(room, kMaxAnswerValues));
    a.values.assign(values, values + n);
    g.recording_->answers.push_back(std::move(a));
  } catch (...) {
    unreplayable(g, "out of memory while recording");
  }
}

}  // namespace cardrt

extern "C" int32_t cardrt_game_record(cardrt_game* game, int32_t on, char* error, int32_t error_capacity) {
  if (!game || game->magic != cardrt::kGameMagic || !game->g) {
    cardrt::copy_message("cardrt_game_record: not a game", error, error_capacity);
    return CARDRT_E_HANDLE;
  }
  cardrt::Game& g = *game->g;
  if (!g.idle()) {
    cardrt::copy_message("cardrt_game_record: the game is in the middle of a call", error, error_capacity);
    return CARDRT_E_STATE;
  }
  g.recording_.reset();
  if (!on) return CARDRT_OK;
  try {
    cardrt::Replay::begin(g);
    return CARDRT_OK;
  } catch (const cardrt::SaveError& e) {
    cardrt::copy_message("cannot record the game: its start cannot be saved: " + e.message, error, error_capacity);
    return CARDRT_E_STATE;
  } catch (...) {
    cardrt::copy_message("cardrt_game_record: out of memory", error, error_capacity);
    return CARDRT_E_NO_MEMORY;
  }
}

extern "C" int64_t cardrt_game_replay_bytes(const cardrt_game* game, uint8_t* out, int64_t capacity, char* error,
                                            int32_t error_capacity) {
  if (!game || game->magic != cardrt::kGameMagic || !game->g || capacity < 0 || (capacity > 0 && !out)) {
    cardrt::copy_message("cardrt_game_replay_bytes: not a game, or no room", error, error_capacity);
    return CARDRT_E_HANDLE;
  }
  const cardrt::Game& g = *game->g;
  if (!g.idle() || !g.recording_) {
    cardrt::copy_message(g.idle() ? "cardrt_game_replay_bytes: the game is not being recorded (cardrt_game_record)"
                                  : "cardrt_game_replay_bytes: the game is in the middle of a call",
                         error, error_capacity);
    return CARDRT_E_STATE;
  }
  if (!g.recording_->unreplayable.empty()) {
    cardrt::copy_message("the recording cannot be played back: " + g.recording_->unreplayable, error, error_capacity);
    return CARDRT_E_STATE;
  }
  try {
    const std::string bytes = cardrt::Replay::bytes(g);
    if (int64_t(bytes.size()) <= capacity) std::memcpy(out, bytes.data(), bytes.size());
    return int64_t(bytes.size());
  } catch (...) {
    cardrt::copy_message("cardrt_game_replay_bytes: out of memory", error, error_capacity);
    return CARDRT_E_NO_MEMORY;
  }
}

extern "C" cardrt_game* cardrt_replay_play(const cardrt_profile* profile, const cardrt_cardpool* pool,
                                           const uint8_t* bytes, int64_t size, uint32_t flags, const cardrt_host* host,
                                           cardrt_replay_report* report, char* message, int32_t message_capacity) {
  cardrt_replay_report ignored{};
  cardrt_replay_report& rep = report ? *report : ignored;
  rep = cardrt_replay_report{0, 0, -1, -1, 0};
  cardrt::copy_message("", message, message_capacity);
  if (!profile || profile->magic != cardrt::kProfileMagic || !pool || pool->magic != cardrt::kPoolMagic ||
      (!bytes && size != 0) || size < 0 || (flags & ~uint32_t(CARDRT_REPLAY_FORCE))) {
    cardrt::copy_message("cardrt_replay_play: no profile, card pool or bytes, or unknown flags", message,
                         message_capacity);
    return nullptr;
  }
  try {
    const auto frozen = profile->frozen.get(profile->p);
    if (cardrt::profile_identity(*frozen) != cardrt::profile_identity(*pool->profile)) {
      cardrt::copy_message("cannot play the replay: the card pool was made for another profile", message,
                           message_capacity);
      return nullptr;
    }
    std::string said;
    cardrt_game* g = cardrt::Replay::play(frozen, pool->frozen.get(pool->pool),
                                          std::string_view(reinterpret_cast<const char*>(bytes), size_t(size)), flags,
                                          host, rep, said);
    cardrt::copy_message(said, message, message_capacity);
    return g;
  } catch (const cardrt::SaveError& e) {
    cardrt::copy_message("cannot play the replay: " + e.message, message, message_capacity);
  } catch (...) {
    cardrt::copy_message("cardrt_replay_play: out of memory", message, message_capacity);
  }
  rep = cardrt_replay_report{0, 0, -1, -1, 0};
  return nullptr;
}
