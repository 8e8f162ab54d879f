#include "lua_peer.h"

#include <dlfcn.h>

namespace bench {

std::unique_ptr<LuaPeer> LuaPeer::open(const std::string& module_path, std::string& error) {
  // RTLD_LOCAL: the module's Lua symbols stay its own, so Lua 5.4 and LuaJIT do not resolve against each other.
  void* dl = dlopen(module_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!dl) {
    const char* why = dlerror();
    error = why ? why : "dlopen failed";
    return nullptr;
  }
  std::unique_ptr<LuaPeer> p(new LuaPeer);
  p->register_ = reinterpret_cast<RegisterFn>(dlsym(dl, "bench_lua_register"));
  p->version_ = reinterpret_cast<TextFn>(dlsym(dl, "bench_lua_version"));
  p->error_ = reinterpret_cast<TextFn>(dlsym(dl, "bench_lua_error"));
  p->close_ = reinterpret_cast<CloseFn>(dlsym(dl, "bench_lua_close"));
  if (!p->register_ || !p->version_ || !p->error_ || !p->close_) {
    error = module_path + ": not a Lua peer module";
    return nullptr;
  }
  return p;
}

LuaPeer::~LuaPeer() { close_(); }

int32_t LuaPeer::register_cards(cardrt_cardpool* pool, const std::vector<std::string>& scripts, std::string& error) {
  std::vector<const char*> paths;
  for (const auto& s : scripts) paths.push_back(s.c_str());
  char message[1024] = {0};
  const int32_t rc = register_(pool, paths.data(), static_cast<int32_t>(paths.size()), message, sizeof message);
  if (rc != CARDRT_OK) error = message;
  return rc;
}

std::string LuaPeer::card_error() const { return error_(); }
std::string LuaPeer::version() const { return version_(); }

}  // namespace bench
