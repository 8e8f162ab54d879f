#include "effect_peers.h"

#include "bind/runtime_profile.h"
#include "codegen/jit.h"
#include "driver/compile_pipeline.h"
#include "handwritten_cards.h"
#include "interp/interpreter.h"
#include "lua_peer.h"

// Paths the build gives (tests/bench/CMakeLists.txt): the set and scripts in the source tree, the card library
// `cardc compile` wrote, and the Lua peer modules ("" when that Lua was not found at configure time).
#ifndef CARDC_SOURCE_DIR
#error "CARDC_SOURCE_DIR must be defined"
#endif
#ifndef EFFECT_PEERS_LIBRARY
#error "EFFECT_PEERS_LIBRARY must be defined"
#endif
#ifndef EFFECT_PEER_LUA54
#define EFFECT_PEER_LUA54 ""
#endif
#ifndef EFFECT_PEER_LUAJIT
#define EFFECT_PEER_LUAJIT ""
#endif

namespace bench {
namespace {

// The compiled set and its runtime profile, shared by every peer: one profile, so every game is the same game.
struct CompiledSkirmish {
  std::unique_ptr<cardc::CompiledSet> set;
  cardc::RuntimeProfile profile;
  std::string error;
  CompiledSkirmish() {
    set = cardc::compile_set(std::string(CARDC_SOURCE_DIR) + "/tests/bench/sets/skirmish.cards", {});
    if (!set->checked || set->bound.cards_compiled != 5) {
      error = "tests/bench/sets/skirmish.cards did not compile (cardc check --compile says why)";
      return;
    }
    profile = cardc::make_runtime_profile(*set->profile, error);
  }
};
CompiledSkirmish& skirmish() {
  static CompiledSkirmish s;
  return s;
}

}  // namespace

struct PeerCards::Engines {
  std::unique_ptr<cardc::Jit> jit;
  std::unique_ptr<cardc::Interpreter> interp;
  std::unique_ptr<LuaPeer> lua;
};

const char* peer_name(Peer peer) {
  switch (peer) {
    case Peer::Handwritten: return "hand-written C++";
    case Peer::JitO2: return "JIT -O2";
    case Peer::JitO0: return "JIT -O0";
    case Peer::Library: return "card library .so (-O2)";
    case Peer::Interpreter: return "reference interpreter";
    case Peer::Lua54: return "Lua 5.4";
    case Peer::LuaJit: return "LuaJIT";
  }
  return "?";
}

bool peer_built(Peer peer) {
  if (peer == Peer::Lua54) return *EFFECT_PEER_LUA54 != '\0';
  if (peer == Peer::LuaJit) return *EFFECT_PEER_LUAJIT != '\0';
  return true;
}

std::vector<std::string> lua_card_scripts(const std::string& lua_dir) {
  const std::string dir = (lua_dir.empty() ? std::string(CARDC_SOURCE_DIR) + "/tests/bench/lua" : lua_dir) + "/";
  return {dir + "hedge_mender.lua", dir + "drill_captain.lua", dir + "ember_slinger.lua", dir + "bell_ringer.lua",
          dir + "banner_sergeant.lua"};
}

std::unique_ptr<PeerCards> PeerCards::create(Peer peer, std::string& error, const std::string& lua_dir) {
  CompiledSkirmish& s = skirmish();
  if (!s.profile) {
    error = s.error;
    return nullptr;
  }
  std::unique_ptr<PeerCards> p(new PeerCards);
  p->engines_ = std::make_unique<Engines>();
  p->pool_ = cardrt_cardpool_create(s.profile.get());
  Engines& e = *p->engines_;
  int32_t rc = CARDRT_OK;
  switch (peer) {
    case Peer::Handwritten:
      rc = register_handwritten_cards(p->pool_);
      break;
    case Peer::JitO2:
    case Peer::JitO0: {
      cardc::JitOptions options;
      options.opt = peer == Peer::JitO0 ? cardc::codegen::OptLevel::O0 : cardc::codegen::OptLevel::O2;
      p->detail_ = peer == Peer::JitO0 ? "-O0" : "-O2";
      auto jit = cardc::Jit::create(options);
      if (!jit) {
        error = jit.error();
        return nullptr;
      }
      e.jit = std::move(*jit);
      auto id = e.jit->add(s.set->bound.module);
      if (!id) {
        error = id.error();
        return nullptr;
      }
      auto r = e.jit->register_cards(*id, p->pool_);
      if (!r) {
        error = r.error();
        return nullptr;
      }
      rc = *r;
      break;
    }
    case Peer::Library: {
      char message[512] = {0};
      rc = cardrt_library_load_trusted(p->pool_, EFFECT_PEERS_LIBRARY, nullptr, 0, CARDRT_LIBRARY_ALLOW_UNSIGNED,
                                       s.set->profile->game.c_str(), s.set->profile_identity.c_str(),
                                       s.set->source_hash.c_str(), message, sizeof message);
      if (rc != CARDRT_OK) {
        error = std::string(EFFECT_PEERS_LIBRARY) + ": " + message;
        return nullptr;
      }
      p->detail_ = EFFECT_PEERS_LIBRARY;
      break;
    }
    case Peer::Interpreter:
      e.interp = std::make_unique<cardc::Interpreter>(s.set->bound.module);
      if (!e.interp->ok()) {
        error = e.interp->error();
        return nullptr;
      }
      rc = e.interp->register_cards(p->pool_);
      break;
    case Peer::Lua54:
    case Peer::LuaJit: {
      const std::string module = peer == Peer::Lua54 ? EFFECT_PEER_LUA54 : EFFECT_PEER_LUAJIT;
      if (module.empty()) {
        error = std::string(peer_name(peer)) + " was not found when the benchmark was configured (pkg-config " +
                (peer == Peer::Lua54 ? "lua5.4" : "luajit") + "; scripts/setup installs it)";
        return nullptr;
      }
      e.lua = LuaPeer::open(module, error);
      if (!e.lua) return nullptr;
      rc = e.lua->register_cards(p->pool_, lua_card_scripts(lua_dir), error);
      if (rc != CARDRT_OK) return nullptr;
      p->detail_ = e.lua->version();
      break;
    }
  }
  if (rc != CARDRT_OK) {
    error = std::string(peer_name(peer)) + ": registering the cards failed (runtime code " + std::to_string(rc) + ")";
    return nullptr;
  }
  return p;
}

PeerCards::~PeerCards() {
  // The pool first: it holds pointers into the code the engines own.
  if (pool_) cardrt_cardpool_destroy(pool_);
}

const cardrt_profile* PeerCards::profile() const { return skirmish().profile.get(); }

std::string PeerCards::card_error() const { return engines_ && engines_->lua ? engines_->lua->card_error() : ""; }

}  // namespace bench
