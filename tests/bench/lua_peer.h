#pragma once
// The Lua peers of the effect benchmark: a module built from lua_binding.cpp against one Lua (5.4 or LuaJIT),
// opened with dlopen so that both Lua implementations, which export the same C symbols, live in one process.
#include <memory>
#include <string>
#include <vector>

#include "cardrt/cardrt.h"

namespace bench {

class LuaPeer {
 public:
  // Opens the module at `module_path` (kept loaded for the rest of the process: games may still hold its
  // trampolines). Null with `error` set when it cannot be opened.
  static std::unique_ptr<LuaPeer> open(const std::string& module_path, std::string& error);
  ~LuaPeer();
  LuaPeer(const LuaPeer&) = delete;
  LuaPeer& operator=(const LuaPeer&) = delete;

  // A fresh Lua state runs each card script in order; each registers its card into `pool`.
  int32_t register_cards(cardrt_cardpool* pool, const std::vector<std::string>& scripts, std::string& error);
  // The first error a card function met while the runtime called it ("" when none).
  std::string card_error() const;
  std::string version() const;

 private:
  LuaPeer() = default;
  using RegisterFn = int32_t (*)(cardrt_cardpool*, const char* const*, int32_t, char*, int32_t);
  using TextFn = const char* (*)();
  using CloseFn = void (*)();
  RegisterFn register_ = nullptr;
  TextFn version_ = nullptr, error_ = nullptr;
  CloseFn close_ = nullptr;
};

}  // namespace bench
