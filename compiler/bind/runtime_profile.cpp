#include "bind/runtime_profile.h"

#include <algorithm>
#include <cstdio>

namespace cardc {

namespace {

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool named(const NamedDef& d, std::string_view what) {
  if (lower(d.name).find(what) != std::string::npos) return true;
  return std::any_of(d.abbrevs.begin(), d.abbrevs.end(), [&](const std::string& a) { return lower(a) == what; });
}

int32_t floor_of(const GameProfile& p, Floor f) {
  if (f == Floor::None) return CARDRT_FLOOR_NONE;
  return p.negative_results == NegativeResults::ZeroExceptSetDoubleModify ? CARDRT_FLOOR_ZERO_EXCEPT_SET
                                                                          : CARDRT_FLOOR_ZERO;
}

}  // namespace

int runtime_zone_role_zone(const GameProfile& p, int role) {
  auto find = [&](auto pred) -> int {
    for (size_t i = 0; i < p.zones.size(); ++i)
      if (pred(p.zones[i])) return static_cast<int>(i);
    return -1;
  };
  switch (role) {
    // The zones are found by their printed names or abbreviations ("Fate Deck (deck)", "Discard Pile").
    case CARDRT_ZROLE_DECK: return find([](const NamedDef& z) { return named(z, "deck"); });
    case CARDRT_ZROLE_HAND: return find([](const NamedDef& z) { return named(z, "hand"); });
    case CARDRT_ZROLE_DISCARD: return find([](const NamedDef& z) { return named(z, "discard"); });
    case CARDRT_ZROLE_PLAY: return find([](const NamedDef& z) { return z.attrs.count("in play") > 0; });
    case CARDRT_ZROLE_REMOVED: return find([](const NamedDef& z) { return named(z, "removed"); });
  }
  return -1;
}

int runtime_state_id(const GameProfile& p, size_t index) {
  // 003: Bowed and face-down are the runtime's own states; the profile's others follow them.
  std::string n = lower(p.states[index].name);
  if (n == "bowed") return CARDRT_STATE_BOWED;
  if (n == "face-down") return CARDRT_STATE_FACE_DOWN;
  int id = CARDRT_STATE_FIRST_CUSTOM;
  for (size_t i = 0; i < index; ++i) {
    std::string m = lower(p.states[i].name);
    if (m != "bowed" && m != "face-down") ++id;
  }
  return id;
}

std::string profile_identity(std::string_view text) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::string describe_runtime_profile(const cardrt_profile* profile) {
  const int64_t size = cardrt_profile_describe(profile, nullptr, 0);
  if (size <= 0) return {};
  std::string text(static_cast<size_t>(size), '\0');
  if (cardrt_profile_describe(profile, text.data(), size) != size) return {};
  text.pop_back();  // the NUL
  return text;
}

bool runtime_profile_identity(const GameProfile& profile, std::string& description, std::string& identity,
                              std::string& error) {
  description.clear();
  identity.clear();
  RuntimeProfile rp = make_runtime_profile(profile, error);
  if (!rp) return false;
  description = describe_runtime_profile(rp.get());
  if (description.empty()) {
    error = "the runtime cannot describe the profile";
    return false;
  }
  identity = profile_identity(description);
  return true;
}

RuntimeProfile make_runtime_profile(const GameProfile& p, std::string& error) {
  RuntimeProfile rp(cardrt_profile_create(p.game.c_str()));
  if (!rp) {
    error = "the runtime refused the profile name";
    return nullptr;
  }
  auto must = [&](int32_t r, const std::string& what) {
    if (r < 0 && error.empty()) error = "the runtime refused " + what + " (code " + std::to_string(r) + ")";
    return r;
  };
  for (const StatDef& s : p.stats)
    must(cardrt_profile_add_stat(rp.get(), s.name.c_str(), s.abbrevs.empty() ? "" : s.abbrevs.front().c_str(),
                                 floor_of(p, s.floor), 0),
         "stat " + s.name);
  for (const CardTypeDef& t : p.card_types) {
    std::vector<int32_t> stats;
    uint32_t flags = 0;
    for (const auto& slot : t.stats) {
      stats.push_back(static_cast<int32_t>(slot.stat));
      if (slot.modifier) flags |= CARDRT_TYPE_STATS_MODIFY_HOST;  // 003 Item Force and Chi
    }
    must(cardrt_profile_add_card_type(rp.get(), t.name.c_str(), stats.data(), static_cast<int32_t>(stats.size()), flags),
         "card type " + t.name);
  }
  for (const ResourceDef& r : p.resources) {
    int32_t floor = CARDRT_FLOOR_ZERO;
    if (!r.player_stat.empty())
      if (auto idx = p.stat(r.player_stat)) floor = floor_of(p, p.stats[*idx].floor);
    // 002 rule 522.2: a supply resource moves between the supply and the play area; the supply holds
    // kSupply tokens per player unless the profile says otherwise.
    constexpr int32_t kSupply = 100;
    must(cardrt_profile_add_resource(rp.get(), r.name.c_str(), r.supply ? CARDRT_RESOURCE_SUPPLY : CARDRT_RESOURCE_COUNTER,
                                     floor, static_cast<int32_t>(r.gain_limit), r.supply ? kSupply : 0),
         "resource " + r.name);
  }
  for (const NamedDef& z : p.zones) {
    uint32_t flags = 0;
    if (z.attrs.count("in play")) flags |= CARDRT_ZONE_IN_PLAY;
    if (z.attrs.count("hidden")) flags |= CARDRT_ZONE_HIDDEN;
    // a pile with a top and a bottom: decks, discard piles, and zones the profile says are ordered ("the Wilds")
    if (named(z, "deck") || named(z, "discard") || z.attrs.count("ordered")) flags |= CARDRT_ZONE_ORDERED;
    must(cardrt_profile_add_zone(rp.get(), z.name.c_str(), flags), "zone " + z.name);
  }
  for (int role = 0; role < CARDRT_ZROLE_COUNT; ++role)
    if (int z = runtime_zone_role_zone(p, role); z >= 0) must(cardrt_profile_set_zone_role(rp.get(), role, z), "a zone role");
  for (size_t t = 0; t < p.card_types.size(); ++t) {  // [discard pile = ZONE]: the type's own pile
    const std::string& pile = p.card_types[t].discard_pile;
    if (pile.empty()) continue;
    for (size_t z = 0; z < p.zones.size(); ++z)
      if (p.zones[z].name == pile)
        must(cardrt_profile_set_discard_pile(rp.get(), static_cast<int32_t>(t), static_cast<int32_t>(z)),
             "the discard pile of " + p.card_types[t].name);
  }
  for (const NamedDef& s : p.statuses) {
    uint32_t flags = s.attrs.count("damage") ? CARDRT_COUNTER_DAMAGE
                     : s.attrs.count("token") ? CARDRT_COUNTER_TOKEN
                                              : CARDRT_COUNTER_STATUS;
    must(cardrt_profile_add_counter(rp.get(), s.name.c_str(), flags), "status " + s.name);
  }
  for (size_t i = 0; i < p.states.size(); ++i)
    if (runtime_state_id(p, i) >= CARDRT_STATE_FIRST_CUSTOM)
      must(cardrt_profile_add_card_state(rp.get(), p.states[i].name.c_str()), "state " + p.states[i].name);
  for (const KeywordDef& k : p.keywords) {
    int32_t meaning = k.rule == "tactical" ? CARDRT_KWR_TACTICAL
                      : k.rule == "tactician" ? CARDRT_KWR_TACTICIAN
                      : k.rule == "terrain" ? CARDRT_KWR_TERRAIN
                                            : CARDRT_KWR_NONE;
    must(cardrt_profile_add_keyword(rp.get(), k.name.c_str(), meaning), "keyword " + k.name);
  }
  for (const PhraseDef& e : p.events) must(cardrt_profile_add_event(rp.get(), e.text.c_str()), "event " + e.text);
  static const std::pair<std::string_view, int> roles[] = {
      {"force", CARDRT_ROLE_FORCE}, {"chi", CARDRT_ROLE_CHI},       {"personal honor", CARDRT_ROLE_PERSONAL_HONOR},
      {"focus", CARDRT_ROLE_FOCUS}, {"health", CARDRT_ROLE_HEALTH}, {"attack", CARDRT_ROLE_ATTACK},
      {"luck", CARDRT_ROLE_LUCK},   {"resist", CARDRT_ROLE_RESIST}, {"duel", CARDRT_ROLE_DUEL},
      {"province strength", CARDRT_ROLE_PROVINCE_STRENGTH}};
  for (size_t i = 0; i < p.stats.size(); ++i)
    for (const auto& [name, role] : roles)
      if (p.stats[i].role == name) must(cardrt_profile_set_stat_role(rp.get(), role, static_cast<int32_t>(i)), "a stat role");
  must(cardrt_profile_set_modifier_order(rp.get(), p.modifier_order == ModifierOrder::Rule523 ? CARDRT_ORDER_RULE_523
                                                                                               : CARDRT_ORDER_STEPS_A_C),
       "the modifier order");
  static const std::pair<std::string_view, uint32_t> modules[] = {
      {"zero chi", CARDRT_RULE_ZERO_CHI},       {"lethal damage", CARDRT_RULE_LETHAL_DAMAGE},
      {"gem dice", CARDRT_RULE_GEM_DICE},       {"tactical", CARDRT_RULE_TACTICAL},
      {"terrain", CARDRT_RULE_TERRAIN},         {"hero wounds", CARDRT_RULE_HERO_WOUNDS},
      {"deck out", CARDRT_RULE_DECK_OUT},       {"x zero out of play", CARDRT_RULE_ZERO_ON_LEAVE_X}};
  uint32_t bits = 0;
  for (const auto& m : p.modules)
    for (const auto& [name, bit] : modules)
      if (m == name) bits |= bit;
  must(cardrt_profile_enable_rules(rp.get(), bits), "the rule modules");
  // Starting life: a lethal stat's printed value is the card's; the player's is the profile's (002 601).
  must(cardrt_profile_set_players(rp.get(), 2, 20), "the player count");
  for (const NamedDef& d : p.dice) {
    int sides = 6;
    if (auto it = d.attrs.find("sides"); it != d.attrs.end()) sides = std::max(1, std::atoi(it->second.c_str()));
    must(cardrt_profile_set_dice(rp.get(), sides), "the dice");
  }
  if (!error.empty()) return nullptr;
  return rp;
}

int32_t runtime_duration(const PhraseDef& duration) {
  const std::string& at = duration.attr;
  if (at == "turn end") return CARDRT_DUR_END_OF_TURN;
  if (at == "battle end") return CARDRT_DUR_END_OF_BATTLE;
  if (at == "duel end") return CARDRT_DUR_END_OF_DUEL;
  if (at == "dawn") return CARDRT_DUR_DAWN;
  if (at == "your next turn end") return CARDRT_DUR_END_OF_YOUR_NEXT_TURN;
  if (at == "your next turn begin") return CARDRT_DUR_UNTIL_YOUR_NEXT_TURN;
  if (at == "your turn 2 begin") return CARDRT_DUR_UNTIL_YOUR_TURN_2;
  if (at == "your turn 3 begin") return CARDRT_DUR_UNTIL_YOUR_TURN_3;
  if (at == "game end") return CARDRT_DUR_PERMANENT;
  if (at == "phase end") return CARDRT_DUR_END_OF_PHASE;
  return -1;
}

int32_t runtime_boundary(const PhraseDef& event) {
  if (event.boundary == "duel end") return CARDRT_BOUNDARY_DUEL_END;
  if (event.boundary == "turn start") return CARDRT_BOUNDARY_TURN_START;
  return -1;
}

int32_t runtime_designator(const NamedDef& designator) {
  std::string l = designator.name;
  for (auto& c : l) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return l == "limited" ? CARDRT_DESIG_LIMITED : l == "open" ? CARDRT_DESIG_OPEN
         : l == "battle" ? CARDRT_DESIG_BATTLE : l == "reaction" ? CARDRT_DESIG_REACTION
                                                : CARDRT_DESIG_OTHER;
}

std::string runtime_event(const GameProfile& profile, int event) {
  const PhraseDef& e = profile.events[static_cast<size_t>(event)];
  if (e.signal.empty()) return e.text;
  std::string s = e.signal;
  std::replace(s.begin(), s.end(), ' ', '_');
  return s;
}

int terrain_keyword(const GameProfile& profile) {
  for (size_t k = 0; k < profile.keywords.size(); ++k)
    if (profile.keywords[k].rule == "terrain") return static_cast<int>(k);
  return -1;
}

// The resource that pays a printed cost stat: "Energy Cost" is paid in energy, "Coin Cost" in coins, "Gold Cost" in
// Gold (the stat's first word names the resource, in its singular or plural spelling). -1 if none.
int cost_resource(const GameProfile& profile, const std::string& stat_name) {
  std::string first = lower(stat_name.substr(0, stat_name.find(' ')));
  for (size_t r = 0; r < profile.resources.size(); ++r) {
    if (lower(profile.resources[r].name) == first) return static_cast<int>(r);
    for (const auto& a : profile.resources[r].abbrevs)
      if (lower(a) == first || lower(a) == first + "s") return static_cast<int>(r);
  }
  return -1;
}

std::optional<std::pair<size_t, int>> paid_cost(const GameProfile& profile) {
  for (size_t s = 0; s < profile.stats.size(); ++s)
    if (int res = profile.stats[s].cost ? cost_resource(profile, profile.stats[s].name) : -1; res >= 0) return std::make_pair(s, res);
  return std::nullopt;
}

}  // namespace cardc
