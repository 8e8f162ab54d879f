#include <memory>
#include <optional>
#include <algorithm>
#include <deque>
#include <map>
#include <ostream>

#include "bind/runtime_profile.h"
#include "codegen/emit.h"
#include "codegen/jit.h"
#include "driver/compile_pipeline.h"
#include "interp/interpreter.h"
#include "scenario/narrate.h"
#include "scenario/scenario.h"

namespace cardc {

namespace {

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Answers the scenario gives to the runtime's questions, in order; without one the first legal choice.
struct Host {
  std::deque<ScenarioStep> answers;
  std::map<std::string, int32_t>* names = nullptr;
  std::map<std::string, int32_t>* provinces = nullptr;  // a province choice is answered by the province's name
  std::vector<std::string> problems;

  static int32_t choose(void* user, const cardrt_choice* c, int32_t* answer, int32_t capacity) {
    Host& h = *static_cast<Host*>(user);
    if (capacity <= 0) return 0;
    if (h.answers.empty()) {
      if (c->kind == CARDRT_CHOICE_NUMBER) {
        answer[0] = c->min_count;
        return 1;
      }
      if (c->kind == CARDRT_CHOICE_YES_NO) {
        answer[0] = 1;
        return 1;
      }
      int32_t n = std::min<int32_t>({std::max(c->min_count, 1), c->option_count, capacity});
      for (int32_t i = 0; i < n; ++i) answer[i] = i;
      return n;
    }
    ScenarioStep a = h.answers.front();
    h.answers.pop_front();
    const auto& w = a.words;  // answer KIND values...
    std::string kind = w.size() > 1 ? w[1] : "";
    int32_t n = 0;
    if (kind == "yes" || kind == "no") {
      answer[0] = kind == "yes";
      return 1;
    }
    for (size_t i = 2; i < w.size() && n < capacity; ++i) {
      if (kind == "choose") {
        auto& names = c->kind == CARDRT_CHOICE_PROVINCE ? *h.provinces : *h.names;
        auto it = names.find(w[i]);
        int32_t id = it == names.end() ? -1 : it->second;
        int32_t index = -1;
        for (int32_t k = 0; k < c->option_count; ++k)
          if (c->options[k] == id) index = k;
        if (index < 0) h.problems.push_back("line " + std::to_string(a.line) + ": '" + w[i] + "' is not among the choices");
        else answer[n++] = index;
      } else {
        try {
          answer[n++] = std::stoi(w[i]);
        } catch (...) {
          h.problems.push_back("line " + std::to_string(a.line) + ": '" + w[i] + "' is not a number");
        }
      }
    }
    return n;
  }
};

std::string render_log(cardrt_game* g) {
  int64_t need = cardrt_log_render_text(g, nullptr, 0);
  if (need <= 0) return {};
  std::string s(size_t(need), '\0');
  cardrt_log_render_text(g, s.data(), need);
  s.resize(size_t(need) - 1);  // the size counts the NUL
  return s;
}

class Runner {
 public:
  Runner(const Scenario& s, const RunOptions& o, std::ostream& out, std::ostream& err) : s_(s), o_(o), out_(out), err_(err) {}

  RunResult run() {
    compiled_ = compile_set(s_.set_path, o_.profile_dirs);
    if (!compiled_->checked) {
      print_diagnostics(compiled_->sm, compiled_->diags, err_);
      err_ << s_.path << ": the card set '" << s_.set_path << "' has errors\n";
      return {2, {}, 0, 0};
    }
    const GameProfile& p = *compiled_->profile;
    std::string error;
    profile_ = make_runtime_profile(p, error);
    if (!profile_) {
      err_ << compiled_->profile_path << ": " << error << "\n";
      return {2, {}, 0, 0};
    }
    pool_ = cardrt_cardpool_create(profile_.get());
    if (!register_cards()) {
      cardrt_cardpool_destroy(pool_);
      return {2, {}, 0, 0};
    }
    host_.names = &names_;
    host_.provinces = &provinces_;
    host_cb_ = cardrt_host{&host_, &Host::choose, nullptr};
    game_ = cardrt_game_create(profile_.get(), pool_, s_.seed, &host_cb_);
    if (!o_.record.empty()) cardrt_game_record(game_, 1, nullptr, 0);
    RunResult r;
    for (const ScenarioStep& st : s_.steps) {
      if (!step(st, r)) {
        r.exit_code = 2;
        break;
      }
    }
    for (const auto& pr : host_.problems) {
      err_ << s_.path << ": " << pr << "\n";
      r.exit_code = std::max(r.exit_code, 1);
    }
    r.log_text = render_log(game_);
    if (o_.print_log) out_ << (o_.narrate ? narrate(r.log_text) : r.log_text);
    if (r.failures && r.exit_code == 0) r.exit_code = 1;
    if (!o_.record.empty() && !write_replay()) r.exit_code = 2;
    cardrt_game_destroy(game_);
    cardrt_cardpool_destroy(pool_);
    return r;
  }

 private:
  // The game's replay into o_.record (atomically): refused when the scenario changed the game in a way a replay
  // cannot hold (a card ABI function called outside any engine call).
  bool write_replay() {
    char error[512] = "";
    const int64_t n = cardrt_game_replay_bytes(game_, nullptr, 0, error, sizeof error);
    std::string bytes(size_t(std::max<int64_t>(n, 0)), '\0');
    if (n > 0) cardrt_game_replay_bytes(game_, reinterpret_cast<uint8_t*>(bytes.data()), n, error, sizeof error);
    if (n <= 0) {
      err_ << s_.path << ": cannot record the game: " << error << "\n";
      return false;
    }
    if (auto st = codegen::write_file_atomically(o_.record, bytes); !st) {
      err_ << o_.record << ": cannot write the replay: " << st.error() << "\n";
      return false;
    }
    return true;
  }

  bool register_cards() {
    ir::Module& m = compiled_->bound.module;
    int32_t rc = 0;
    switch (o_.engine) {
      case Engine::Interp:
        interp_ = std::make_unique<Interpreter>(m);
        if (!interp_->ok()) {
          err_ << s_.path << ": " << interp_->error() << "\n";
          return false;
        }
        rc = interp_->register_cards(pool_);
        break;
      case Engine::Jit:
      case Engine::JitLazy: {
        auto level = codegen::opt_level_from_int(o_.opt_level);
        JitOptions jo;
        jo.opt = level ? *level : codegen::OptLevel::O2;
        jo.lazy = o_.engine == Engine::JitLazy;
        jo.jobs = o_.jit_jobs;
        jo.cache_dir = o_.jit_cache_dir;
        auto jit = Jit::create(jo);
        if (!jit) {
          err_ << s_.path << ": " << jit.error() << "\n";
          return false;
        }
        jit_ = std::move(*jit);
        auto id = jit_->add(m);
        if (!id) {
          err_ << s_.path << ": " << id.error() << "\n";
          return false;
        }
        auto reg = jit_->register_cards(*id, pool_);
        if (!reg) {
          err_ << s_.path << ": " << reg.error() << "\n";
          return false;
        }
        rc = *reg;
        break;
      }
      case Engine::Library: {
        char msg[512] = {0};
        rc = cardrt_library_load_trusted(pool_, o_.library.c_str(), o_.trusted_keys.data(),
                                         int32_t(o_.trusted_keys.size() / CARDRT_LIBRARY_PUBLIC_KEY_BYTES),
                                         o_.library_flags, compiled_->profile->game.c_str(),
                                         compiled_->profile_identity.c_str(), compiled_->source_hash.c_str(), msg,
                                         sizeof msg);
        if (rc != CARDRT_OK) {
          err_ << o_.library << ": " << msg << "\n";
          return false;
        }
        break;
      }
    }
    if (rc < 0) {
      err_ << s_.path << ": registering the cards failed (runtime code " << rc << ")\n";
      return false;
    }
    return true;
  }

  bool bad(const ScenarioStep& st, const std::string& msg) {
    err_ << s_.path << ":" << st.line << ": " << msg << "\n";
    return false;
  }

  // The resource the words w[from, to) name ("Imperial Favor"), as the runtime numbers it.
  std::optional<int32_t> resource(const ScenarioStep& st, const std::vector<std::string>& w, size_t from, size_t to) {
    const GameProfile& p = *compiled_->profile;
    std::string what;
    for (size_t i = from; i < to; ++i) what += (i > from ? " " : "") + w[i];
    const ResourceDef* res = p.resource(what);
    if (!res) {
      bad(st, "game '" + p.game + "' has no resource '" + what + "'");
      return std::nullopt;
    }
    return static_cast<int32_t>(res - p.resources.data());
  }

  // What a NAME of the scenario stands for (a card, a province), or reported.
  std::optional<int32_t> named(const ScenarioStep& st, const std::map<std::string, int32_t>& names, const std::string& name,
                               const char* what) {
    auto it = names.find(name);
    if (it == names.end()) {
      bad(st, std::string("no ") + what + " is named '" + name + "'");
      return std::nullopt;
    }
    return it->second;
  }
  std::optional<int32_t> card(const ScenarioStep& st, const std::string& name) { return named(st, names_, name, "card"); }

  // The cards a step names as its second and third words ("attach NAME NAME2", "attack NAME NAME2").
  std::optional<std::pair<int32_t, int32_t>> card_pair(const ScenarioStep& st) {
    auto a = card(st, st.words[1]);
    auto b = a ? card(st, st.words[2]) : std::nullopt;
    if (!a || !b) return std::nullopt;
    return std::pair{*a, *b};
  }

  int zone(const std::string& name) const {
    const GameProfile& p = *compiled_->profile;
    for (size_t i = 0; i < p.zones.size(); ++i) {
      if (lower(p.zones[i].name) == lower(name)) return static_cast<int>(i);
      for (const auto& a : p.zones[i].abbrevs)
        if (lower(a) == lower(name)) return static_cast<int>(i);
    }
    return -1;
  }

  std::optional<int32_t> number(const ScenarioStep& st, const std::string& w) {
    try {
      size_t used = 0;
      long v = std::stol(w, &used);
      if (used == w.size()) return static_cast<int32_t>(v);
    } catch (...) {
    }
    bad(st, "'" + w + "' is not a number");
    return std::nullopt;
  }

  void expect(RunResult& r, const ScenarioStep& st, bool ok, const std::string& what) {
    ++r.expectations;
    if (ok) return;
    ++r.failures;
    err_ << s_.path << ":" << st.line << ": expectation failed: " << what << "\n";
  }

  static int32_t boundary(const std::string& w) {
    if (w == "battle resolved") return CARDRT_BOUNDARY_BATTLE_RESOLVED;
    if (w == "battle end") return CARDRT_BOUNDARY_BATTLE_END;
    if (w == "duel end") return CARDRT_BOUNDARY_DUEL_END;
    if (w == "dawn") return CARDRT_BOUNDARY_DAWN;
    if (w == "battle resolving") return CARDRT_BOUNDARY_BATTLE_RESOLVING;
    if (w == "phase end") return CARDRT_BOUNDARY_PHASE_END;
    return -1;
  }

  bool step(const ScenarioStep& st, RunResult& r) {
    const auto& w = st.words;
    const GameProfile& p = *compiled_->profile;
    const std::string& head = w[0];
    auto join = [&](size_t from) {
      std::string s;
      for (size_t i = from; i < w.size(); ++i) s += (i > from ? " " : "") + w[i];
      return s;
    };
    if (head == "card") {
      // card NAME "Title" player P zone ZONE [province PNAME [face-up]]
      bool in_province = (w.size() == 9 || w.size() == 10) && w[7] == "province" && (w.size() == 9 || w[9] == "face-up");
      if ((w.size() != 7 && !in_province) || w[3] != "player" || w[5] != "zone")
        return bad(st, "write: card NAME \"Title\" player P zone ZONE [province PNAME [face-up]]");
      std::optional<int32_t> prov;
      if (in_province && !(prov = province(st, w[8]))) return false;
      int32_t def = cardrt_cardpool_find(pool_, w[2].c_str());
      if (def < 0) return bad(st, "no card titled '" + w[2] + "' is in the compiled set (did it compile?)");
      auto player = number(st, w[4]);
      int z = zone(w[6]);
      if (!player) return false;
      if (z < 0) return bad(st, "game '" + p.game + "' has no zone '" + w[6] + "'");
      int32_t id = cardrt_game_add_card(game_, def, *player, z);
      if (id <= 0) return bad(st, "the runtime refused to add '" + w[2] + "' (code " + std::to_string(id) + ")");
      names_[w[1]] = id;
      if (prov && cardrt_game_put_in_province(game_, id, *prov, w.size() == 10) != CARDRT_OK)
        return bad(st, "the runtime refused to put '" + w[1] + "' into province '" + w[8] + "'");
      return true;
    }
    if (std::optional<bool> done = province_step(st)) return *done;
    if (std::optional<bool> done = engine_step(st)) return *done;
    if (head == "play" && w.size() == 2) {
      auto c = card(st, w[1]);
      if (!c) return false;
      cardrt_game_put_into_play(game_, *c, cardrt_card_controller(game_, *c));
      return true;
    }
    if (head == "resource" && w.size() >= 4) {
      // resource P NAME N: the engine sets a player's resource (setup)
      auto pl = number(st, w[1]);
      auto n = pl ? number(st, w.back()) : std::nullopt;
      if (!pl || !n) return false;
      auto res = resource(st, w, 2, w.size() - 1);
      if (!res) return false;
      cardrt_set_resource(game_, nullptr, *pl, *res, *n);
      return true;
    }
    if (head == "turn" && w.size() == 2) {
      auto pl = number(st, w[1]);
      if (!pl) return false;
      cardrt_game_begin_turn(game_, *pl);
      return true;
    }
    if (head == "end" && w.size() == 2 && w[1] == "turn") {
      cardrt_game_end_turn(game_);
      return true;
    }
    if (head == "signal") {
      int32_t b = boundary(join(1));
      if (b < 0) return bad(st, "unknown boundary '" + join(1) + "' (battle resolving, battle resolved, battle end, duel end, dawn, phase end)");
      cardrt_game_signal(game_, b);
      return true;
    }
    if (head == "battlefield" && w.size() == 2) {
      auto n = number(st, w[1]);
      if (!n) return false;
      cardrt_game_set_battlefield(game_, *n);
      return true;
    }
    if (head == "move" && w.size() == 4 && w[2] == "battlefield") {
      auto c = card(st, w[1]);
      auto n = c ? number(st, w[3]) : std::nullopt;
      if (!c || !n) return false;
      cardrt_game_move_to_battlefield(game_, *c, *n);
      return true;
    }
    if (head == "pay" && w.size() >= 5) {
      // pay P NAME N RESOURCE: the engine has player P pay N of the resource for the card: the payment opens (its
      // Reactions answer "When paying ..."), then is paid, earmarked Gold first (logged `paid` when it can be)
      auto pl = number(st, w[1]);
      auto c = pl ? card(st, w[2]) : std::nullopt;
      auto n = c ? number(st, w[3]) : std::nullopt;
      if (!pl || !c || !n) return false;
      // "... open": the payment stays open (what the engine reads meanwhile, e.g. a Holding's Gold Production)
      bool open = w.back() == "open";
      auto res = resource(st, w, 4, w.size() - (open ? 1 : 0));
      if (!res) return false;
      if (cardrt_game_begin_payment(game_, *pl, *c, *res, *n) != CARDRT_OK)
        return bad(st, "the payment could not begin");
      if (!open) cardrt_game_finish_payment(game_, *pl);
      return true;
    }
    if (head == "take" && w.size() >= 6 && w[1] == "additional" && w[2] == "action" && (w[4] == "play" || w[4] == "use")) {
      // take additional action P play|use NAME [by NAME2] [battle|open|limited ...]: the engine gives player P an
      // action (playing the card, or using its ability, performed by NAME2) and takes the first additional action it
      // fits (cardrt_game_take_additional_action_for); nothing is taken when none fits
      auto pl = number(st, w[3]);
      auto c = pl ? card(st, w[5]) : std::nullopt;
      if (!pl || !c) return false;
      size_t i = 6;
      int32_t performer = 0;
      if (i + 1 < w.size() && w[i] == "by") {
        auto by = card(st, w[i + 1]);
        if (!by) return false;
        performer = *by;
        i += 2;
      }
      int32_t designators = 0;
      for (; i < w.size(); ++i) {
        int32_t d = w[i] == "battle" ? CARDRT_DESIG_BATTLE : w[i] == "open" ? CARDRT_DESIG_OPEN : w[i] == "limited" ? CARDRT_DESIG_LIMITED : 0;
        if (!d) return bad(st, "'" + w[i] + "' is not battle, open or limited");
        designators |= d;
      }
      cardrt_game_take_additional_action_for(game_, *pl, designators, w[4] == "play" ? CARDRT_ADDITIONAL_PLAY : CARDRT_ADDITIONAL_USE,
                                             *c, performer);
      return true;
    }
    if (head == "finish" && w.size() == 3 && w[1] == "payment") {
      auto pl = number(st, w[2]);
      if (!pl) return false;
      cardrt_game_finish_payment(game_, *pl);
      return true;
    }
    if (head == "draw" && w.size() == 3) {
      auto pl = number(st, w[1]);
      auto n = pl ? number(st, w[2]) : std::nullopt;
      if (!pl || !n) return false;
      cardrt_game_draw(game_, *pl, *n);
      return true;
    }
    if (head == "use" && w.size() == 5 && w[2] == "granted" && w[3] == "ability") {
      // use NAME granted ability K: the K-th ability granted to the card (003 Embedded text), in grant order
      auto c = card(st, w[1]);
      auto k = c ? number(st, w[4]) : std::nullopt;
      if (!c || !k) return false;
      std::vector<int32_t> keys(64);
      keys.resize(static_cast<size_t>(std::min<int32_t>(64, cardrt_game_card_abilities(game_, *c, keys.data(), 64))));
      std::erase_if(keys, [](int32_t key) { return key < 1000; });
      if (*k < 0 || static_cast<size_t>(*k) >= keys.size()) return bad(st, "'" + w[1] + "' has no granted ability " + w[4]);
      int32_t rc = cardrt_game_use_ability(game_, cardrt_card_controller(game_, *c), *c, keys[static_cast<size_t>(*k)]);
      if (rc < 0) return bad(st, "the runtime refused to use the ability (code " + std::to_string(rc) + ")");
      last_use_ = rc;
      return true;
    }
    if (head == "use" && (w.size() == 4 || w.size() == 5) && w[2] == "ability") {
      // use NAME ability N [free]
      auto c = card(st, w[1]);
      auto n = c ? number(st, w[3]) : std::nullopt;
      if (!c || !n) return false;
      int32_t who = cardrt_card_controller(game_, *c);
      int32_t rc = w.size() == 5 && w[4] == "free" ? cardrt_game_play_free(game_, who, *c, *n)
                                                   : cardrt_game_use_ability(game_, who, *c, *n);
      if (rc < 0) return bad(st, "the runtime refused to use the ability (code " + std::to_string(rc) + ")");
      last_use_ = rc;
      return true;
    }
    if (head == "attach" && (w.size() == 3 || (w.size() == 4 && w[3] == "refused"))) {
      // attach NAME NAME2: NAME (an Item, a Follower) is attached to NAME2 as when played onto it; "refused": an
      // expectation that the rules refuse it (requirements and restrictions of attachment)
      auto cards = card_pair(st);
      if (!cards) return false;
      int32_t rc = cardrt_attach(game_, nullptr, cards->first, cards->second);
      if (w.size() == 4) {
        if (rc < 0) return bad(st, "the runtime could not attach '" + w[1] + "' (code " + std::to_string(rc) + ")");
        expect(r, st, rc == CARDRT_FAILED, w[1] + " was attached to " + w[2]);
        return true;
      }
      if (rc != CARDRT_OK) return bad(st, "the runtime refused to attach '" + w[1] + "' (code " + std::to_string(rc) + ")");
      return true;
    }
    if (head == "wound" && w.size() == 3) {
      // wound P N: the engine deals N wounds to player P's hero (002 601)
      auto p = number(st, w[1]);
      auto n = p ? number(st, w[2]) : std::nullopt;
      if (!n) return false;
      int32_t rc = cardrt_wound_player(game_, nullptr, *p, *n);
      if (rc < 0) return bad(st, "the runtime refused the wounds (code " + std::to_string(rc) + ")");
      return true;
    }
    if (head == "damage" && w.size() == 3) {
      // damage NAME N: the engine deals N damage (wounds) to the card, as combat does (002 rule 525 replacements,
      // prevention shields and Resist apply)
      auto c = card(st, w[1]);
      auto n = c ? number(st, w[2]) : std::nullopt;
      if (!n) return false;
      int32_t rc = cardrt_deal_damage(game_, nullptr, *c, *n, CARDRT_DMG_NO_CRITICAL_ROLL);
      if (rc < 0) return bad(st, "the runtime refused the damage (code " + std::to_string(rc) + ")");
      return true;
    }
    if (head == "attack" && w.size() == 3) {
      // attack NAME NAME2: the engine resolves NAME's attack on NAME2 (004 Attack: base damage, Critical Damage,
      // Resist; Luck above 6 sends cards from the attacked card's controller's deck to the discard pile)
      auto cards = card_pair(st);
      if (!cards) return false;
      int32_t rc = cardrt_attack(game_, nullptr, cards->first, cards->second);
      if (rc < 0) return bad(st, "the runtime refused the attack (code " + std::to_string(rc) + ")");
      return true;
    }
    if (head == "tactical" && w.size() == 2) {
      auto pl = number(st, w[1]);
      if (!pl) return false;
      last_use_ = cardrt_game_tactical_battle(game_, *pl);
      return true;
    }
    if (head == "emit" && w.size() >= 3) {
      // emit "event phrase" NAME [AMOUNT] [other NAME2]: NAME2 is the event's other card (the attacked unit)
      auto c = card(st, w[2]);
      if (!c) return false;
      int32_t ev = cardrt_event_id(game_, w[1].c_str());
      if (ev < 0) return bad(st, "game '" + p.game + "' has no event '" + w[1] + "'");
      int32_t amount = 0;
      int32_t other = 0;
      size_t rest = 3;
      if (w.size() > rest && w[rest] != "other") {
        auto a = number(st, w[rest]);
        if (!a) return false;
        amount = *a;
        ++rest;
      }
      if (w.size() == rest + 2 && w[rest] == "other") {
        auto o = card(st, w[rest + 1]);
        if (!o) return false;
        other = *o;
      } else if (w.size() != rest) {
        return bad(st, "expected: emit \"event\" NAME [AMOUNT] [other NAME]");
      }
      cardrt_game_emit_other(game_, ev, *c, other, cardrt_card_controller(game_, *c), amount);
      return true;
    }
    if (head == "answer" && w.size() >= 2) {
      host_.answers.push_back(st);
      return true;
    }
    if (head == "save" && w.size() == 3 && w[1] == "and" && w[2] == "load") return save_and_load(st);
    if (head == "created" && w.size() == 2) {
      // "created NAME": the card created last (the highest id) is NAME in later steps
      int32_t id = cardrt_game_card_count(game_);
      if (id <= 0) return bad(st, "no card was created");
      names_[w[1]] = id;
      return true;
    }
    if (head == "expect") return expectation(st, r);
    return bad(st, "unknown step '" + head + "' (see docs/scenarios.md)");
  }

  std::optional<int32_t> province(const ScenarioStep& st, const std::string& name) {
    return named(st, provinces_, name, "province");
  }

  // The engine's other entry points (docs/scenarios.md): phases and the accumulation gain (002 522.3), the
  // end-of-turn Resist rolls (004 Resist), scripted die results, conceding, plain additional actions, Terrains, the
  // default chooser, and stat modifiers of every 002 523 kind. nullopt: not one of these steps.
  std::optional<bool> engine_step(const ScenarioStep& st) {
    const auto& w = st.words;
    const std::string& head = w[0];
    auto refused = [&](int32_t rc) { return bad(st, "the runtime refused it (code " + std::to_string(rc) + ")"); };
    if (head == "phase" && w.size() == 2) {
      // phase accumulation | phase other (002 522.3: the accumulation gain; 601: failed draws count there)
      if (w[1] != "accumulation" && w[1] != "other") return bad(st, "write: phase accumulation | phase other");
      cardrt_game_set_phase(game_, w[1] == "accumulation" ? CARDRT_PHASE_ACCUMULATION : CARDRT_PHASE_OTHER);
      return true;
    }
    if (head == "accumulate" && w.size() >= 3) {
      // accumulate P RESOURCE: the accumulation phase's gain of one (only while below the profile's gain limit)
      auto pl = number(st, w[1]);
      auto res = pl ? resource(st, w, 2, w.size()) : std::nullopt;
      if (!res) return false;
      int32_t rc = cardrt_game_accumulate(game_, *pl, *res);
      return rc < 0 ? refused(rc) : true;
    }
    if (head == "resist" && w.size() == 2) {
      // resist P: the end-of-turn Resist rolls for player P's units with Status counters (004 Resist)
      auto pl = number(st, w[1]);
      if (!pl) return false;
      int32_t rc = cardrt_game_end_of_turn_resist(game_, *pl);
      return rc < 0 ? refused(rc) : true;
    }
    if (head == "roll" && w.size() >= 2) {
      // roll N...: the next die rolls give these results, in order (cardrt_game_script_rolls)
      std::vector<int32_t> results;
      for (size_t i = 1; i < w.size(); ++i) {
        auto n = number(st, w[i]);
        if (!n) return false;
        results.push_back(*n);
      }
      int32_t rc = cardrt_game_script_rolls(game_, results.data(), int32_t(results.size()));
      if (rc < 0) return bad(st, "the runtime refused the die results (each is a face of the game's die)");
      return true;
    }
    if (head == "concede" && w.size() == 2) {
      auto pl = number(st, w[1]);
      if (!pl) return false;
      int32_t rc = cardrt_game_concede(game_, *pl);
      return rc < 0 ? refused(rc) : true;
    }
    if (head == "take" && w.size() == 4 && w[1] == "additional" && w[2] == "action") {
      // take additional action P: the oldest additional action any action may be (cardrt_game_take_additional_action)
      auto pl = number(st, w[3]);
      if (!pl) return false;
      cardrt_game_take_additional_action(game_, *pl);
      return true;
    }
    if (head == "terrain" && w.size() == 4 && w[2] == "ability") {
      // terrain NAME ability N: its controller plays the Terrain action card from hand (001 Terrain)
      auto c = card(st, w[1]);
      auto n = c ? number(st, w[3]) : std::nullopt;
      if (!n) return false;
      int32_t rc = cardrt_game_play_terrain(game_, cardrt_card_controller(game_, *c), *c, *n);
      if (rc < 0) return refused(rc);
      last_use_ = rc;
      return true;
    }
    if (head == "chooser" && (w.size() == 2 || w.size() == 3)) {
      // chooser first | chooser random SEED: who answers the questions the scenario does not
      if (w[1] == "first" && w.size() == 2) {
        cardrt_game_set_default_chooser(game_, CARDRT_CHOOSER_FIRST, 0);
        return true;
      }
      if (w[1] != "random" || w.size() != 3) return bad(st, "write: chooser first | chooser random SEED");
      uint64_t seed = 0;
      try {
        seed = std::stoull(w[2]);
      } catch (...) {
        return bad(st, "'" + w[2] + "' is not a seed");
      }
      cardrt_game_set_default_chooser(game_, CARDRT_CHOOSER_RANDOM, seed);
      return true;
    }
    if (head == "modify" && w.size() >= 5) {
      // modify NAME STAT OP N: the engine gives the card a permanent modifier (cardrt_stat_modify_op); OP: add,
      // multiply, subtract, divide (rounded down), divide-up (rounded up), set (002 523)
      static const std::pair<const char*, int32_t> kOps[] = {
          {"add", CARDRT_OP_ADD}, {"multiply", CARDRT_OP_MUL}, {"subtract", CARDRT_OP_SUB},
          {"divide", CARDRT_OP_DIV}, {"divide-up", CARDRT_OP_DIV_UP}, {"set", CARDRT_OP_SET}};
      auto c = card(st, w[1]);
      auto n = c ? number(st, w.back()) : std::nullopt;
      if (!n) return false;
      const std::string& op_name = w[w.size() - 2];
      int32_t op = -1;
      for (const auto& [name, o] : kOps)
        if (op_name == name) op = o;
      if (op < 0) return bad(st, "'" + op_name + "' is not add, multiply, subtract, divide, divide-up or set");
      std::string stat_name;
      for (size_t i = 2; i + 2 < w.size(); ++i) stat_name += (i > 2 ? " " : "") + w[i];
      auto idx = compiled_->profile->stat(stat_name);
      if (!idx) return bad(st, "game '" + compiled_->profile->game + "' has no stat '" + stat_name + "'");
      int32_t rc = cardrt_stat_modify_op(game_, nullptr, *c, int32_t(*idx), op, *n, CARDRT_DUR_PERMANENT);
      return rc < 0 ? refused(rc) : true;
    }
    return std::nullopt;
  }

  // save and load: the engine saves the game (cardrt_game_save), drops it and goes on from the copy it loads
  // (cardrt_game_load) with the same host: the rest of the scenario must behave as without the step. A recording
  // goes on from the loaded game.
  bool save_and_load(const ScenarioStep& st) {
    char error[512] = "";
    const int64_t n = cardrt_game_save(game_, nullptr, 0, error, sizeof error);
    std::vector<uint8_t> bytes(size_t(std::max<int64_t>(n, 0)));
    if (n <= 0 || cardrt_game_save(game_, bytes.data(), n, error, sizeof error) != n)
      return bad(st, std::string("the runtime could not save the game: ") + error);
    cardrt_game* loaded = cardrt_game_load(profile_.get(), pool_, bytes.data(), n, &host_cb_, error, sizeof error);
    if (!loaded) return bad(st, std::string("the runtime could not load the saved game: ") + error);
    cardrt_game_destroy(game_);
    game_ = loaded;
    if (!o_.record.empty() && cardrt_game_record(game_, 1, error, sizeof error) != CARDRT_OK)
      return bad(st, std::string("cannot record the loaded game: ") + error);
    return true;
  }

  // The engine's province steps (runtime/src/provinces.cpp): "province NAME player P battlefield N", "destroy
  // province NAME [by P]", "reveal provinces P". nullopt: not a province step.
  std::optional<bool> province_step(const ScenarioStep& st) {
    const auto& w = st.words;
    if (w[0] == "province" && w.size() == 4 && w[1] == "zones") {
      // province zones ZONE REFILL_ZONE: where the cards in provinces are kept, and the deck that refills them
      int held = zone(w[2]), refill = zone(w[3]);
      if (held < 0 || refill < 0) return bad(st, "no zone '" + (held < 0 ? w[2] : w[3]) + "'");
      cardrt_game_set_province_zones(game_, held, refill);
      return true;
    }
    if (w[0] == "province") {
      if (w.size() != 6 || w[2] != "player" || w[4] != "battlefield")
        return bad(st, "write: province NAME player P battlefield N");
      auto pl = number(st, w[3]);
      auto bf = pl ? number(st, w[5]) : std::nullopt;
      if (!bf) return false;
      int32_t id = cardrt_game_add_province(game_, *pl, *bf);
      if (id <= 0) return bad(st, "the runtime refused the province (code " + std::to_string(id) + ")");
      provinces_[w[1]] = id;
      return true;
    }
    if (w[0] == "destroy" && w.size() >= 3 && w[1] == "province") {
      auto pr = province(st, w[2]);
      if (!pr) return false;
      std::optional<int32_t> by = -1;
      if (w.size() == 5 && w[3] == "by") by = number(st, w[4]);
      else if (w.size() != 3) return bad(st, "write: destroy province NAME [by P]");
      if (!by) return false;
      cardrt_game_destroy_province(game_, *pr, *by);
      return true;
    }
    if (w[0] == "reveal" && w.size() == 3 && w[1] == "provinces") {
      auto pl = number(st, w[2]);
      if (!pl) return false;
      cardrt_game_reveal_provinces(game_, *pl);
      return true;
    }
    return std::nullopt;
  }

  bool expectation(const ScenarioStep& st, RunResult& r) {
    const auto& w = st.words;
    const GameProfile& p = *compiled_->profile;
    if (w.size() == 3 && w[1] == "log") {
      std::string log = render_log(game_);
      expect(r, st, log.find(w[2]) != std::string::npos, "the log has no line with '" + w[2] + "'");
      return true;
    }
    if (w.size() == 4 && w[1] == "no" && w[2] == "log") {
      std::string log = render_log(game_);
      expect(r, st, log.find(w[3]) == std::string::npos, "the log has a line with '" + w[3] + "'");
      return true;
    }
    if (w.size() == 3 && w[1] == "used") {
      bool want = w[2] == "ok";
      expect(r, st, (last_use_ == CARDRT_OK) == want,
             "the last ability use returned " + std::to_string(last_use_) + ", expected " + (want ? "ok" : "failed"));
      return true;
    }
    if (w.size() == 3 && w[1] == "winner") {
      int32_t win = cardrt_game_winner(game_);
      if (w[2] == "none") {
        expect(r, st, win < 0, "player " + std::to_string(win) + " won");
      } else {
        auto n = number(st, w[2]);
        if (!n) return false;
        expect(r, st, win == *n, "the winner is " + std::to_string(win));
      }
      return true;
    }
    if (w.size() >= 5 && w[1] == "player") {
      // expect player P RESOURCE N | expect player P wounds N | expect player P additional actions N
      auto pl = number(st, w[2]);
      if (!pl) return false;
      std::string what;
      for (size_t i = 3; i + 1 < w.size(); ++i) what += (i > 3 ? " " : "") + w[i];
      auto n = number(st, w.back());
      if (!n) return false;
      int32_t got = 0;
      if (what == "wounds") {
        got = cardrt_game_player_wounds(game_, *pl);
      } else if (what.starts_with("earmarked ")) {
        // expect player P earmarked RESOURCE N: Gold that pays only for some cards (cardrt_game_earmarked)
        const ResourceDef* res = p.resource(what.substr(10));
        if (!res) return bad(st, "game '" + p.game + "' has no resource '" + what.substr(10) + "'");
        got = cardrt_game_earmarked(game_, *pl, static_cast<int32_t>(res - p.resources.data()));
      } else if (what == "additional actions") {
        got = cardrt_game_additional_actions(game_, *pl);
      } else if (what.starts_with("provinces ")) {
        // expect player P provinces WHICH N: cardrt_province_count, as a card's text reads it ("for each Province you
        // have destroyed", "fewer Provinces than each other player")
        static const std::pair<const char*, int32_t> kWhich[] = {
            {"standing", CARDRT_PROVINCES_STANDING},           {"destroyed", CARDRT_PROVINCES_DESTROYED},
            {"destroyed by him", CARDRT_PROVINCES_DESTROYED_BY}, {"others fewest", CARDRT_PROVINCES_OTHERS_FEWEST},
            {"others most", CARDRT_PROVINCES_OTHERS_MOST},      {"destroyed since his turn", CARDRT_PROVINCES_DESTROYED_SINCE_YOUR_TURN}};
        int32_t which = -1;
        for (const auto& [name, k] : kWhich)
          if (what.substr(10) == name) which = k;
        if (which < 0)
          return bad(st, "'" + what.substr(10) + "' is not standing, destroyed, destroyed by him, others fewest, others most or destroyed since his turn");
        got = cardrt_province_count(game_, *pl, which);
      } else {
        const ResourceDef* res = p.resource(what);
        if (!res) return bad(st, "game '" + p.game + "' has no resource '" + what + "'");
        got = cardrt_resource_get(game_, *pl, static_cast<int32_t>(res - p.resources.data()));
      }
      expect(r, st, got == *n, "player " + w[2] + " has " + std::to_string(got) + " " + what + ", expected " + w.back());
      return true;
    }
    if (w.size() == 5 && w[1] == "zone" && w[2] == "role") {
      // expect zone role ROLE ZONE|none: the zone the game gives a role (cardrt_game_zone_by_role), and the profile
      // alike (cardrt_profile_zone_by_role); none: the game gives none that role
      static const std::pair<const char*, int32_t> kRoles[] = {{"deck", CARDRT_ZROLE_DECK},     {"hand", CARDRT_ZROLE_HAND},
                                                               {"discard", CARDRT_ZROLE_DISCARD}, {"play", CARDRT_ZROLE_PLAY},
                                                               {"removed", CARDRT_ZROLE_REMOVED}};
      int32_t role = -1;
      for (const auto& [name, r] : kRoles)
        if (w[3] == name) role = r;
      if (role < 0) return bad(st, "'" + w[3] + "' is not deck, hand, discard, play or removed");
      const int want = w[4] == "none" ? CARDRT_E_UNKNOWN_NAME : zone(w[4]);
      if (want == -1) return bad(st, "game '" + p.game + "' has no zone '" + w[4] + "'");
      const int32_t got = cardrt_game_zone_by_role(game_, role), of_profile = cardrt_profile_zone_by_role(profile_.get(), role);
      auto zone_name = [&](int32_t z) { return z >= 0 && size_t(z) < p.zones.size() ? p.zones[size_t(z)].name : std::string("none"); };
      expect(r, st, got == want && of_profile == want,
             "the game gives the role " + w[3] + " to " + zone_name(got) + " (the profile to " + zone_name(of_profile) + "), expected " + w[4]);
      return true;
    }
    if (w.size() == 5 && w[1] == "discard" && w[2] == "pile") {
      // expect discard pile TYPE ZONE: where a destroyed or discarded card of that type goes (cardrt_profile_discard_pile;
      // the type found by its name among cardrt_profile_card_type_name's)
      int32_t type = -1;
      for (int32_t t = 0, n = cardrt_profile_card_type_count(profile_.get()); t < n && type < 0; ++t)
        if (const char* name = cardrt_profile_card_type_name(profile_.get(), t); name && lower(name) == lower(w[3])) type = t;
      if (type < 0) return bad(st, "game '" + p.game + "' has no card type '" + w[3] + "'");
      const int want = zone(w[4]);
      if (want < 0) return bad(st, "game '" + p.game + "' has no zone '" + w[4] + "'");
      const int32_t got = cardrt_profile_discard_pile(profile_.get(), type);
      const char* got_name = cardrt_profile_zone_name(profile_.get(), got);
      expect(r, st, got == want, "a " + w[3] + " goes to " + (got_name ? got_name : "no zone") + ", expected " + w[4]);
      return true;
    }
    if (w.size() == 3 && w[1] == "provinces") {
      // expect provinces N: how many provinces the engine has created (cardrt_game_province_count: the highest id)
      auto n = number(st, w[2]);
      if (!n) return false;
      const int32_t got = cardrt_game_province_count(game_);
      expect(r, st, got == *n, "the engine has created " + std::to_string(got) + " provinces, expected " + w[2]);
      return true;
    }
    if (w.size() >= 4 && w[1] == "province") {
      // expect province NAME strength N / destroyed / standing
      auto pr = province(st, w[2]);
      if (!pr) return false;
      if (w.size() == 5 && w[3] == "strength") {
        auto n = number(st, w[4]);
        if (!n) return false;
        int32_t got = cardrt_game_province(game_, *pr, CARDRT_PROVF_STRENGTH);
        expect(r, st, got == *n, "province " + w[2] + " has strength " + std::to_string(got) + ", expected " + w[4]);
        return true;
      }
      if (w.size() == 4 && (w[3] == "destroyed" || w[3] == "standing")) {
        bool destroyed = cardrt_game_province(game_, *pr, CARDRT_PROVF_DESTROYED) != 0;
        expect(r, st, destroyed == (w[3] == "destroyed"), "province " + w[2] + (destroyed ? " is destroyed" : " stands"));
        return true;
      }
      return bad(st, "write: expect province NAME strength N | destroyed | standing");
    }
    if (w.size() >= 3) {
      auto c = card(st, w[1]);
      if (!c) return false;
      std::string rest;
      for (size_t i = 2; i < w.size(); ++i) rest += (i > 2 ? " " : "") + w[i];
      if ((w.size() == 4 || (w.size() == 6 && w[4] == "on")) && w[2] == "cost") {
        // expect NAME cost N [on HOST]: what its controller pays to bring it into play (the profile's cost stat, less
        // the reductions of its own text and of the cards in play; cardrt_game_play_cost), attached to HOST
        // (cardrt_game_attach_cost)
        auto n = number(st, w[3]);
        if (!n) return false;
        std::optional<int32_t> host;
        if (w.size() == 6 && !(host = card(st, w[5]))) return false;
        int32_t stat = -1;
        for (size_t s = 0; s < p.stats.size() && stat < 0; ++s)
          if (p.stats[s].cost) stat = static_cast<int32_t>(s);
        if (stat < 0) return bad(st, "game '" + p.game + "' has no cost stat");
        int32_t got = host ? cardrt_game_attach_cost(game_, cardrt_card_controller(game_, *c), *c, *host, stat)
                           : cardrt_game_play_cost(game_, cardrt_card_controller(game_, *c), *c, stat);
        expect(r, st, got == *n, w[1] + " costs " + std::to_string(got) + ", expected " + w[3]);
        return true;
      }
      if (rest == "in play" || rest == "not in play") {
        bool in = cardrt_card_in_play(game_, *c) != 0;
        expect(r, st, in == (rest == "in play"), w[1] + " is " + (in ? "" : "not ") + "in play");
        return true;
      }
      if (rest == "gone" || rest == "exists") {
        bool exists = cardrt_game_card_exists(game_, *c) != 0;
        expect(r, st, exists == (rest == "exists"), w[1] + (exists ? " exists" : " is gone"));
        return true;
      }
      if (w.size() == 5 && w[2] == "at" && w[3] == "battlefield") {
        // "expect NAME at battlefield N" (0: at home)
        auto n = number(st, w[4]);
        if (!n) return false;
        int32_t got = cardrt_card_battlefield(game_, *c);
        expect(r, st, got == *n, w[1] + " is at battlefield " + std::to_string(got) + ", expected " + w[4]);
        return true;
      }
      if ((w.size() == 4 || (w.size() == 6 && w[4] == "position")) && w[2] == "zone") {
        int z = zone(w[3]);
        if (z < 0) return bad(st, "game '" + p.game + "' has no zone '" + w[3] + "'");
        int32_t got = cardrt_card_zone(game_, *c);
        // messages name zones in the game's words, not by number
        const std::string where = got >= 0 && size_t(got) < p.zones.size() ? p.zones[size_t(got)].name : "no zone";
        expect(r, st, got == z, w[1] + " is in " + where + ", expected " + p.zones[size_t(z)].name);
        if (w.size() == 6 && got == z) {
          // "position N": N cards above it in that zone (0: on top)
          int32_t at = -1;
          for (int32_t pl = 0; pl < 8 && at < 0; ++pl)
            for (int32_t pos = 0, id; at < 0 && (id = cardrt_zone_card(game_, pl, z, pos)) != 0; ++pos)
              if (id == *c) at = pos;
          expect(r, st, std::to_string(at) == w[5], w[1] + " is at position " + std::to_string(at) + ", expected " + w[5]);
        }
        return true;
      }
      // States: "bowed", "unbowed", "Dishonored", "not Exhausted"
      bool negate = w[2] == "not" || w[2] == "unbowed";
      std::string state = w[2] == "not" && w.size() == 4 ? w[3] : w[2] == "unbowed" ? "bowed" : w[2];
      for (size_t s = 0; s < p.states.size(); ++s)
        if (lower(p.states[s].name) == lower(state) && w.size() <= 4) {
          bool has = cardrt_card_state(game_, *c, runtime_state_id(p, s)) != 0;
          expect(r, st, has != negate, w[1] + (has ? " is " : " is not ") + state);
          return true;
        }
      if ((w.size() == 4 && w[2] == "keyword") || (w.size() == 5 && w[2] == "no" && w[3] == "keyword")) {
        // expect NAME keyword K / expect NAME no keyword K
        const std::string& name = w.back();
        int32_t kw = cardrt_keyword_id(game_, name.c_str());
        if (kw < 0) return bad(st, "game '" + p.game + "' has no keyword '" + name + "'");
        bool has = cardrt_card_has_keyword(game_, *c, kw) != 0, want = w.size() == 4;
        expect(r, st, has == want, w[1] + (has ? " has" : " lacks") + " the keyword " + name);
        return true;
      }
      if ((w.size() == 5 && w[2] == "may" && w[3] == "not") || (w.size() == 4 && w[2] == "may")) {
        // expect NAME may not ACTION / expect NAME may ACTION: what the engine asks of a restriction (003 Traits)
        static const std::pair<const char*, int32_t> kActions[] = {
            {"attack", CARDRT_FORBID_ATTACK},           {"straighten", CARDRT_FORBID_STRAIGHTEN},
            {"move", CARDRT_FORBID_MOVE},               {"perform_actions", CARDRT_FORBID_PERFORM_ACTIONS},
            {"use_abilities", CARDRT_FORBID_USE_ABILITIES}, {"assign_attack", CARDRT_FORBID_ASSIGN_ATTACK},
            {"contribute_force", CARDRT_FORBID_CONTRIBUTE_FORCE}, {"resolution_bow", CARDRT_FORBID_RESOLUTION_BOW}};
        const std::string& name = w.back();
        int32_t action = -1;
        for (const auto& [n, a] : kActions)
          if (name == n) action = a;
        if (action < 0) return bad(st, "no restriction '" + name + "'");
        // the card itself as `other`: a restriction held while a condition on the card holds judges the card
        bool forbidden = cardrt_game_forbidden(game_, *c, action, *c) != 0, want = w.size() == 5;
        expect(r, st, forbidden == want, w[1] + (forbidden ? " may not " : " may ") + name);
        return true;
      }
      if (w.size() == 5 && w[2] == "counters") {
        int32_t counter = cardrt_counter_id(game_, w[3].c_str());
        auto n = number(st, w[4]);
        if (counter < 0 || !n) return bad(st, "no counter '" + w[3] + "'");
        int32_t got = cardrt_card_counters(game_, *c, counter);
        expect(r, st, got == *n, w[1] + " has " + std::to_string(got) + " " + w[3] + " counters, expected " + w[4]);
        return true;
      }
      // expect NAME duel STAT N: the value a duel counts (000 7.2a: a negative statistic counts as zero)
      if (w.size() >= 5 && w[2] == "duel") {
        std::string name;
        for (size_t i = 3; i + 1 < w.size(); ++i) name += (i > 3 ? " " : "") + w[i];
        auto idx = p.stat(name);
        if (!idx) return bad(st, "game '" + p.game + "' has no stat '" + name + "'");
        auto n = number(st, w.back());
        if (!n) return false;
        int32_t got = cardrt_stat_duel(game_, *c, static_cast<int32_t>(*idx));
        expect(r, st, got == *n, w[1] + " counts " + std::to_string(got) + " " + name + " in a duel, expected " + w.back());
        return true;
      }
      // expect NAME STAT N
      std::string stat_name;
      for (size_t i = 2; i + 1 < w.size(); ++i) stat_name += (i > 2 ? " " : "") + w[i];
      if (auto idx = p.stat(stat_name)) {
        auto n = number(st, w.back());
        if (!n) return false;
        int32_t got = cardrt_stat_get(game_, *c, static_cast<int32_t>(*idx));
        expect(r, st, got == *n, w[1] + " " + stat_name + " is " + std::to_string(got) + ", expected " + w.back());
        return true;
      }
    }
    return bad(st, "unknown expectation (see docs/scenarios.md)");
  }

  const Scenario& s_;
  const RunOptions& o_;
  std::ostream& out_;
  std::ostream& err_;
  std::unique_ptr<CompiledSet> compiled_;
  RuntimeProfile profile_;
  cardrt_cardpool* pool_ = nullptr;
  cardrt_game* game_ = nullptr;
  std::unique_ptr<Interpreter> interp_;
  std::unique_ptr<Jit> jit_;
  Host host_;
  cardrt_host host_cb_{};  // the game's host; a loaded game is given the same one
  std::map<std::string, int32_t> names_;
  std::map<std::string, int32_t> provinces_;
  int32_t last_use_ = 0;
};

}  // namespace

RunResult run_scenario(const Scenario& s, const RunOptions& opts, std::ostream& out, std::ostream& err) {
  return Runner(s, opts, out, err).run();
}

}  // namespace cardc
