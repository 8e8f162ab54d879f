#include "profile.hpp"

#include <cstring>

namespace cardrt {

const char* builtin_event_name(int32_t id) {
  static const char* const names[] = {"none", "enter_play", "leave_play", "destroyed", "damaged", "resource_gained",
                                      "resource_lost", "card_drawn", "turn_start", "turn_end", "battle_resolved",
                                      "targeted", "bonus", "penalty", "attached", "status_inflicted", "bowed",
                                      "would_gain_resource", "would_be_destroyed", "would_be_damaged", "would_draw",
                                      "would_resolve_action", "focused", "payment", "provinces_revealed",
                                      "province_destroyed", "lethal_damage", "duel_entered"};
  constexpr int32_t n = int32_t(sizeof(names) / sizeof(names[0]));
  return (id >= 0 && id < n) ? names[id] : "event";
}

int32_t find_event(const Profile& p, const char* name) {
  if (!name) return -1;
  if (!*name) return CARDRT_EV_NONE;
  if (const int32_t i = p.events.find(name); i >= 0) return CARDRT_EV_FIRST_CUSTOM + i;
  for (int32_t i = 1; i < CARDRT_EV_FIRST_CUSTOM; ++i)
    if (std::strcmp(builtin_event_name(i), name) == 0) return i;
  return -1;
}

}  // namespace cardrt
