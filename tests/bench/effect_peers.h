#pragma once
// The peers of the effect benchmark (issue 7, deliverable 2): the skirmish set's card code from each engine a user
// could pick, registered into a runtime card pool, so that the same workload (effect_workload.h) runs on each and
// every peer calls the same cardrt ABI functions. docs/performance.md, "Effects: peers".
#include <memory>
#include <string>
#include <vector>

#include "cardrt/cardrt.h"

namespace bench {

enum class Peer {
  Handwritten,  // hand-written C++ against cardrt.h (handwritten_cards.cpp): the limit
  JitO2,        // cardc::Jit at -O2
  JitO0,        // cardc::Jit at -O0
  Library,      // the card library `cardc compile -O2` wrote, loaded with cardrt_library_load
  Interpreter,  // the reference interpreter (compiler/interp)
  Lua54,        // one Lua script per card (lua/*.lua) through lua_binding.cpp, on Lua 5.4
  LuaJit,       // the same scripts and binding on LuaJIT 2.1
};
constexpr Peer kPeers[] = {Peer::Handwritten, Peer::JitO2,  Peer::JitO0, Peer::Library,
                           Peer::Interpreter, Peer::Lua54, Peer::LuaJit};
const char* peer_name(Peer peer);

// One peer's cards in a fresh pool, with what keeps their code alive (a JIT, an interpreter, a Lua state).
class PeerCards {
 public:
  // Null with `error` set when the peer cannot run here (e.g. built without Lua) or its cards did not register.
  // The Lua peers read their scripts from `lua_dir` ("": tests/bench/lua). One PeerCards per Lua peer at a time:
  // each Lua module keeps one Lua state.
  static std::unique_ptr<PeerCards> create(Peer peer, std::string& error, const std::string& lua_dir = "");
  ~PeerCards();
  PeerCards(const PeerCards&) = delete;
  PeerCards& operator=(const PeerCards&) = delete;

  const cardrt_profile* profile() const;
  const cardrt_cardpool* pool() const { return pool_; }
  // An error the card code met while running ("" when none): Lua script errors surface here.
  std::string card_error() const;
  // What ran: "LuaJIT 2.1.0-beta3", "-O2", ...
  const std::string& detail() const { return detail_; }

  struct Engines;

 private:
  PeerCards() = default;
  cardrt_cardpool* pool_ = nullptr;
  std::unique_ptr<Engines> engines_;
  std::string detail_;
};

// False when the benchmark was configured without that peer (no Lua 5.4 or no LuaJIT found by pkg-config).
bool peer_built(Peer peer);

// The Lua card scripts in `dir` ("": tests/bench/lua) in registration order (the order of sets/skirmish.cards).
std::vector<std::string> lua_card_scripts(const std::string& dir = "");

}  // namespace bench
