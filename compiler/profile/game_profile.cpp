#include "profile/game_profile.h"

namespace cardc {

void GameProfile::add_stat(StatDef s) {
  index_.stats.add(s.name, stats.size());
  for (const auto& a : s.abbrevs) index_.stats.add(a, stats.size());
  stats.push_back(std::move(s));
}

void GameProfile::add_card_type(CardTypeDef t) {
  index_.card_types.add(t.name, card_types.size());
  card_types.push_back(std::move(t));
}

void GameProfile::add_resource(ResourceDef r) {
  index_.resources.add(r.name, resources.size());
  for (const auto& a : r.abbrevs) index_.resources.add(a, resources.size());
  resources.push_back(std::move(r));
}

void GameProfile::add_keyword(KeywordDef k) {
  index_.keywords.add(k.name, keywords.size());
  if (k.prefix) index_.prefix_keywords.push_back(keywords.size());
  keywords.push_back(std::move(k));
}

void GameProfile::add_designator(NamedDef d) {
  index_.designators.add(d.name, designators.size());
  designators.push_back(std::move(d));
}

void GameProfile::index_phrases() {
  index_.verbs = {};
  index_.events = {};
  index_.third_person = {};
  for (size_t v = 0; v < verbs.size(); ++v) {
    const std::vector<std::string>& w = verbs[v].words;
    if (w.empty()) continue;
    index_.verbs.add(w[0], static_cast<int>(v));
    if (w.size() != 1) continue;
    // challenge -> challenges, destroy -> destroys, dish -> dishes, carry -> carries
    index_.third_person.add(w[0] + "s", v);
    index_.third_person.add(w[0] + "es", v);
    if (w[0].size() > 1 && w[0].back() == 'y') index_.third_person.add(w[0].substr(0, w[0].size() - 1) + "ies", v);
  }
  for (size_t e = 0; e < events.size(); ++e)
    if (!events[e].words.empty()) index_.events.add(events[e].words[0], static_cast<int>(e));
}

// A spelling given to two stats (one's name, another's abbreviation) names the first declared: the index keeps
// the first index of each spelling, and a stat's name and abbreviations are indexed before the next stat's.
std::optional<size_t> GameProfile::stat(std::string_view n) const { return index_.stats.find(n); }

bool GameProfile::zone_in_play(int zone) const { return zones[static_cast<size_t>(zone)].attrs.count("in play") > 0; }
bool GameProfile::zone_of_provinces(int zone) const { return zones[static_cast<size_t>(zone)].attrs.count("provinces") > 0; }
bool GameProfile::deck_zone(int zone) const { return zones[static_cast<size_t>(zone)].attrs.count("deck") > 0; }
bool GameProfile::damage_status(int status) const { return statuses[static_cast<size_t>(status)].attrs.count("damage") > 0; }
bool GameProfile::token_status(int status) const { return statuses[static_cast<size_t>(status)].attrs.count("token") > 0; }

int GameProfile::stat_with_role(std::string_view role) const {
  for (size_t s = 0; s < stats.size(); ++s)
    if (stats[s].role == role) return static_cast<int>(s);
  return -1;
}

int GameProfile::player_keywords_type() const {
  for (size_t t = 0; t < card_types.size(); ++t)
    if (!card_types[t].player_keywords.empty()) return static_cast<int>(t);
  return -1;
}

const CardTypeDef* GameProfile::card_type(std::string_view n) const {
  auto i = index_.card_types.find(n);
  return i ? &card_types[*i] : nullptr;
}

const KeywordDef* GameProfile::keyword(std::string_view n) const {
  if (auto i = index_.keywords.find(n)) return &keywords[*i];
  // 003 Keywords EXCEPTION: "Experienced 2 Akodo Kage" is an Experienced keyword.
  for (size_t i : index_.prefix_keywords) {
    const KeywordDef& k = keywords[i];
    if (n.size() > k.name.size() && n.substr(0, k.name.size()) == k.name && n[k.name.size()] == ' ') return &k;
  }
  return nullptr;
}

std::optional<size_t> GameProfile::keyword_id(std::string_view n) const {
  if (const KeywordDef* k = keyword(n)) return static_cast<size_t>(k - keywords.data());
  return std::nullopt;
}

const NamedDef* GameProfile::designator(std::string_view n) const {
  auto i = index_.designators.find(n);
  return i ? &designators[*i] : nullptr;
}

const ResourceDef* GameProfile::resource(std::string_view n) const {
  auto i = index_.resources.find(n);
  return i ? &resources[*i] : nullptr;
}

std::vector<std::string> GameProfile::stat_spellings() const {
  std::vector<std::string> out;
  for (const auto& s : stats) {
    if (s.player) continue;
    out.push_back(s.name);
    out.insert(out.end(), s.abbrevs.begin(), s.abbrevs.end());
  }
  return out;
}

std::vector<std::string> GameProfile::card_type_names() const {
  std::vector<std::string> out;
  for (const auto& t : card_types) out.push_back(t.name);
  return out;
}

std::vector<std::string> GameProfile::keyword_names() const {
  std::vector<std::string> out;
  for (const auto& k : keywords) out.push_back(k.name);
  return out;
}

std::vector<std::string> GameProfile::designator_names() const {
  std::vector<std::string> out;
  for (const auto& d : designators) out.push_back(d.name);
  return out;
}

}  // namespace cardc
