// The Lua peer of the effect benchmark (docs/performance.md, "Effects: peers"): the cardrt ABI exposed to Lua
// scripts, one script per card, as YGOPro-style engines run their cards. Built twice from this one file, as two
// loadable modules: against Lua 5.4 (effect_peer_lua54.so) and against LuaJIT 2.1 (effect_peer_luajit.so). The
// two Lua implementations export the same C symbols, so they cannot share one executable; the benchmark opens
// each module with dlopen (lua_peer.cpp).
//
// The binding is thin on purpose:
//  - every function of abi.def becomes cardrt.<name without the cardrt_ prefix>, a lua_CFunction that converts
//    its arguments (handles are light userdata, numbers integers, names strings) and pushes the result;
//  - the runtime calls card code through C function pointers, so each Lua function a script hands to the runtime
//    (an ability's effect, a target filter) is bound to a C trampoline from a fixed pool, which calls the Lua
//    function with lua_pcall: bench.effect(fn) and bench.filter(fn) return that trampoline as light userdata.
// Each card script returns a table whose register(pool) defines the card with cardrt.def_* calls, like the
// register function of a compiled card library.
//
// One Lua state per module at a time (the trampolines find it in a global): not thread-safe, like the JIT.
#include <lua.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "cardrt/cardrt.h"

namespace {

lua_State* g_lua = nullptr;
std::string g_error;  // the first error a trampoline met (a script error, a bad return value)

// ---------------------------------------------------------------- arguments and results
template <typename T>
T arg(lua_State* L, int i);
template <>
int32_t arg<int32_t>(lua_State* L, int i) {
  return static_cast<int32_t>(luaL_checkinteger(L, i));
}
template <>
uint32_t arg<uint32_t>(lua_State* L, int i) {
  return static_cast<uint32_t>(luaL_checkinteger(L, i));
}
template <>
[[maybe_unused]] int64_t arg<int64_t>(lua_State* L, int i) {
  return static_cast<int64_t>(luaL_checkinteger(L, i));
}
template <>
const char* arg<const char*>(lua_State* L, int i) {
  return luaL_checkstring(L, i);
}
template <>
cardrt_game* arg<cardrt_game*>(lua_State* L, int i) {
  return static_cast<cardrt_game*>(lua_touserdata(L, i));
}
template <>
cardrt_effect_ctx* arg<cardrt_effect_ctx*>(lua_State* L, int i) {
  return static_cast<cardrt_effect_ctx*>(lua_touserdata(L, i));
}
template <>
cardrt_cardpool* arg<cardrt_cardpool*>(lua_State* L, int i) {
  return static_cast<cardrt_cardpool*>(lua_touserdata(L, i));
}
template <>
cardrt_any_fn arg<cardrt_any_fn>(lua_State* L, int i) {
  return reinterpret_cast<cardrt_any_fn>(lua_touserdata(L, i));  // a trampoline from bench.effect / bench.filter
}

// One lua_CFunction per ABI function, its argument conversions deduced from the function's C type.
template <auto F>
struct Wrap;
template <typename R, typename... A, R (*F)(A...)>
struct Wrap<F> {
  static int call(lua_State* L) { return call_with(L, std::index_sequence_for<A...>{}); }
  template <size_t... I>
  static int call_with(lua_State* L, std::index_sequence<I...>) {
    lua_pushinteger(L, static_cast<lua_Integer>(F(arg<A>(L, static_cast<int>(I) + 1)...)));
    return 1;
  }
};

struct AbiFunction {
  const char* name;  // without the "cardrt_" prefix
  lua_CFunction fn;
};
#define CARDRT_ABI_FN(name, ...) {#name + 7, &Wrap<&name>::call},
constexpr AbiFunction kAbi[] = {
#include "cardrt/abi.def"
};
#undef CARDRT_ABI_FN

// The constants card code uses (cardrt.h): cardrt.OK, cardrt.AB_ACTION, ...
struct Constant {
  const char* name;
  int32_t value;
};
constexpr Constant kConstants[] = {
    {"OK", CARDRT_OK},
    {"FAILED", CARDRT_FAILED},
    {"NO_CARD", CARDRT_NO_CARD},
    {"NO_PLAYER", CARDRT_NO_PLAYER},
    {"BASE_VALUE", CARDRT_BASE_VALUE},
    {"AB_TRIGGERED", CARDRT_AB_TRIGGERED},
    {"AB_CONTINUOUS", CARDRT_AB_CONTINUOUS},
    {"AB_ACTION", CARDRT_AB_ACTION},
    {"AB_REACTION", CARDRT_AB_REACTION},
    {"FN_CONDITION", CARDRT_FN_CONDITION},
    {"FN_TARGET", CARDRT_FN_TARGET},
    {"FN_COST", CARDRT_FN_COST},
    {"FN_EFFECT", CARDRT_FN_EFFECT},
    {"FN_CONTINUOUS", CARDRT_FN_CONTINUOUS},
    {"ABF_UNLIMITED", static_cast<int32_t>(CARDRT_ABF_UNLIMITED)},
    {"DUR_END_OF_TURN", CARDRT_DUR_END_OF_TURN},
    {"DUR_CONTINUOUS", CARDRT_DUR_CONTINUOUS},
    {"EVF_PLAYER", CARDRT_EVF_PLAYER},
    {"EVF_CARD", CARDRT_EVF_CARD},
    {"TGT_FACE_FEATURES", static_cast<int32_t>(CARDRT_TGT_FACE_FEATURES)},
    {"DMG_IGNORE_RESIST", static_cast<int32_t>(CARDRT_DMG_IGNORE_RESIST)},
    {"DMG_NO_CRITICAL_ROLL", static_cast<int32_t>(CARDRT_DMG_NO_CRITICAL_ROLL)},
};

// ---------------------------------------------------------------- trampolines
// Slot n of each pool calls the Lua function kept in the registry under refs[n].
constexpr int kTrampolines = 128;
struct Pool {
  std::array<int, kTrampolines> refs{};
  int used = 0;
};
Pool g_effects, g_filters;

int32_t result(lua_State* L, int status) {
  if (status != 0) {
    if (g_error.empty()) g_error = lua_tostring(L, -1) ? lua_tostring(L, -1) : "a Lua error";
    lua_pop(L, 1);
    return CARDRT_E_INTERNAL;
  }
  int32_t r = lua_isboolean(L, -1) ? lua_toboolean(L, -1) : static_cast<int32_t>(lua_tointeger(L, -1));
  lua_pop(L, 1);
  return r;
}

template <int N>
int32_t effect_trampoline(cardrt_game* g, cardrt_effect_ctx* ctx) {
  lua_State* L = g_lua;
  lua_rawgeti(L, LUA_REGISTRYINDEX, g_effects.refs[N]);
  lua_pushlightuserdata(L, g);
  lua_pushlightuserdata(L, ctx);
  return result(L, lua_pcall(L, 2, 1, 0));
}

template <int N>
int32_t filter_trampoline(cardrt_game* g, cardrt_effect_ctx* ctx, int32_t candidate) {
  lua_State* L = g_lua;
  lua_rawgeti(L, LUA_REGISTRYINDEX, g_filters.refs[N]);
  lua_pushlightuserdata(L, g);
  lua_pushlightuserdata(L, ctx);
  lua_pushinteger(L, candidate);
  return result(L, lua_pcall(L, 3, 1, 0));
}

template <size_t... I>
constexpr std::array<cardrt_effect_fn, kTrampolines> effect_table(std::index_sequence<I...>) {
  return {&effect_trampoline<static_cast<int>(I)>...};
}
template <size_t... I>
constexpr std::array<cardrt_filter_fn, kTrampolines> filter_table(std::index_sequence<I...>) {
  return {&filter_trampoline<static_cast<int>(I)>...};
}
constexpr auto kEffectTrampolines = effect_table(std::make_index_sequence<kTrampolines>{});
constexpr auto kFilterTrampolines = filter_table(std::make_index_sequence<kTrampolines>{});

// bench.effect(fn) / bench.filter(fn): the C function pointer the runtime will call for fn.
template <typename Fn>
int bind(lua_State* L, Pool& pool, const std::array<Fn, kTrampolines>& table) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  if (pool.used == kTrampolines) return luaL_error(L, "out of trampolines (%d)", kTrampolines);
  lua_pushvalue(L, 1);
  pool.refs[static_cast<size_t>(pool.used)] = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pushlightuserdata(L, reinterpret_cast<void*>(table[static_cast<size_t>(pool.used++)]));
  return 1;
}
int bind_effect(lua_State* L) { return bind(L, g_effects, kEffectTrampolines); }
int bind_filter(lua_State* L) { return bind(L, g_filters, kFilterTrampolines); }

void open_libraries(lua_State* L) {
  luaL_openlibs(L);
  lua_newtable(L);
  for (const AbiFunction& f : kAbi) {
    lua_pushcfunction(L, f.fn);
    lua_setfield(L, -2, f.name);
  }
  for (const Constant& c : kConstants) {
    lua_pushinteger(L, c.value);
    lua_setfield(L, -2, c.name);
  }
  lua_setglobal(L, "cardrt");
  lua_newtable(L);
  lua_pushcfunction(L, &bind_effect);
  lua_setfield(L, -2, "effect");
  lua_pushcfunction(L, &bind_filter);
  lua_setfield(L, -2, "filter");
  lua_setglobal(L, "bench");
}

void copy_error(const std::string& what, char* error, int32_t capacity) {
  if (!error || capacity <= 0) return;
  std::strncpy(error, what.c_str(), static_cast<size_t>(capacity) - 1);
  error[capacity - 1] = '\0';
}

}  // namespace

// ---------------------------------------------------------------- the module's entry points (lua_peer.h)
extern "C" {

// "Lua 5.4" or "LuaJIT 2.1.0-beta3": which Lua this module was built against.
CARDRT_API const char* bench_lua_version(void) {
#ifdef LUAJIT_VERSION
  return LUAJIT_VERSION;
#else
  return LUA_RELEASE;
#endif
}

// Closes the Lua state (after every game and pool using its cards is gone).
CARDRT_API void bench_lua_close(void) {
  if (g_lua) lua_close(g_lua);
  g_lua = nullptr;
  g_effects = {};
  g_filters = {};
  g_error.clear();
}

// Opens a fresh Lua state, runs each script (paths[0..count)) and calls the table it returns: register(pool).
// CARDRT_OK, or an error code with the message in error[0..capacity).
CARDRT_API int32_t bench_lua_register(cardrt_cardpool* pool, const char* const* paths, int32_t count, char* error,
                                      int32_t capacity) {
  bench_lua_close();
  g_lua = luaL_newstate();
  if (!g_lua) {
    copy_error("cannot create a Lua state", error, capacity);
    return CARDRT_E_NO_MEMORY;
  }
  lua_State* L = g_lua;
  open_libraries(L);
  for (int32_t i = 0; i < count; ++i) {
    if (luaL_loadfile(L, paths[i]) != 0 || lua_pcall(L, 0, 1, 0) != 0) {
      copy_error(lua_tostring(L, -1), error, capacity);
      return CARDRT_E_ARGUMENT;
    }
    lua_getfield(L, -1, "register");
    lua_pushlightuserdata(L, pool);
    if (lua_pcall(L, 1, 1, 0) != 0) {
      copy_error(std::string(paths[i]) + ": " + lua_tostring(L, -1), error, capacity);
      return CARDRT_E_ARGUMENT;
    }
    const int32_t rc = static_cast<int32_t>(lua_tointeger(L, -1));
    lua_pop(L, 2);
    if (rc != CARDRT_OK) {
      copy_error(std::string(paths[i]) + ": register returned " + std::to_string(rc), error, capacity);
      return rc < 0 ? rc : CARDRT_E_INTERNAL;
    }
  }
  return CARDRT_OK;
}

// The first error a card function met while the runtime called it ("" when none).
CARDRT_API const char* bench_lua_error(void) { return g_error.c_str(); }

}  // extern "C"
