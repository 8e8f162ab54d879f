// The game profile: every game-specific word the runtime knows (stats, card types, resources, zones,
// counters, keywords, events) and which rule modules apply. The compiler fills it from a .game file;
// the runtime has no game hard-coded.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "card_def.hpp"
#include "cardrt/cardrt.h"
#include "named_list.hpp"

namespace cardrt {

struct StatDef {
  std::string name, abbrev;
  int32_t floor = CARDRT_FLOOR_ZERO;  // 003 Stats step B, per stat
  uint32_t flags = 0;
};
struct CardTypeDef {
  std::string name;
  std::vector<int32_t> stats;  // stats the type possesses (003 Absent stats)
  uint32_t flags = 0;
  int32_t discard_pile = -1;   // where its destroyed and discarded cards go (legends: Dynasty or Fate); -1: the
                               // discard role's zone
};
struct ResourceDef {
  std::string name;
  int32_t model = CARDRT_RESOURCE_COUNTER;
  int32_t floor = CARDRT_FLOOR_ZERO;
  int32_t accumulation_cap = 0;  // 002 522.3 (0 = none)
  int32_t supply_size = 0;       // 002 522.2 coins in the supply at start
};
struct ZoneDef {
  std::string name;
  uint32_t flags = 0;
};
struct CounterDef {
  std::string name;
  uint32_t flags = 0;
};
struct KeywordDef {
  std::string name;
  int32_t meaning = CARDRT_KWR_NONE;
};

struct Profile {
  std::string game;
  NamedList<StatDef> stats;
  NamedList<CardTypeDef> card_types;
  NamedList<ResourceDef> resources;
  NamedList<ZoneDef> zones;
  NamedList<CounterDef> counters;
  std::vector<std::string> card_states{"bowed", "face-down"};
  NamedList<KeywordDef> keywords;
  NamedList<std::string> events;  // custom events, ids from CARDRT_EV_FIRST_CUSTOM
  std::array<int32_t, CARDRT_ROLE_COUNT> stat_roles{};
  std::array<int32_t, CARDRT_ZROLE_COUNT> zone_roles{};
  int32_t modifier_order = CARDRT_ORDER_STEPS_A_C;
  uint32_t rules = 0;
  int32_t players = 2;
  int32_t starting_life = 0;
  int32_t dice_sides = 6;
  std::array<int32_t, CARDRT_KWR_TERRAIN + 1> keyword_meanings{};  // add_keyword keeps it
  CachedHash identity;  // of the frozen copy: the hash of its description (saved_game.cpp)

  Profile() {
    stat_roles.fill(-1);
    zone_roles.fill(-1);
    keyword_meanings.fill(-1);
  }

  int32_t role(int32_t r) const { return stat_roles[static_cast<size_t>(r)]; }
  int32_t zone(int32_t r) const { return zone_roles[static_cast<size_t>(r)]; }
  bool rule(uint32_t bit) const { return (rules & bit) != 0; }
  // The discard pile a card of this type goes to: its type's own, else the game's one discard pile (-1: none).
  int32_t discard_pile_of(int32_t type) const {
    if (type >= 0 && type < int32_t(card_types.size()) && card_types[size_t(type)].discard_pile >= 0)
      return card_types[size_t(type)].discard_pile;
    return zone(CARDRT_ZROLE_DISCARD);
  }
  bool zone_in_play(int32_t z) const {
    return z >= 0 && z < int32_t(zones.size()) && (zones[size_t(z)].flags & CARDRT_ZONE_IN_PLAY);
  }
  // The first keyword with this rules meaning, or -1: asked as abilities are used and cards move, so kept as
  // keywords are added rather than searched for.
  int32_t keyword_with_meaning(int32_t meaning) const { return keyword_meanings[static_cast<size_t>(meaning)]; }
  int32_t add_keyword(KeywordDef k) {
    const int32_t m = k.meaning;
    const int32_t i = keywords.add(std::move(k));
    if (i >= 0 && keyword_meanings[static_cast<size_t>(m)] < 0) keyword_meanings[static_cast<size_t>(m)] = i;
    return i;
  }
  int32_t event_count() const { return CARDRT_EV_FIRST_CUSTOM + int32_t(events.size()); }
};

template <class T>
int32_t find_named(const NamedList<T>& v, const char* name) {
  return name ? v.find(name) : -1;
}

int32_t find_event(const Profile& p, const char* name);
const char* builtin_event_name(int32_t id);

// The profile's canonical description (profile_description.cpp), whose hash is its identity
std::string describe_profile(const Profile& p);

}  // namespace cardrt
