#include "profile/game_profile.h"

namespace cardc {

std::optional<size_t> GameProfile::stat(std::string_view n) const {
  for (size_t i = 0; i < stats.size(); ++i) {
    if (stats[i].name == n) return i;
    for (const auto& a : stats[i].abbrevs)
      if (a == n) return i;
  }
  return std::nullopt;
}

const CardTypeDef* GameProfile::card_type(std::string_view n) const {
  for (const auto& t : card_types)
    if (t.name == n) return &t;
  return nullptr;
}

const KeywordDef* GameProfile::keyword(std::string_view n) const {
  for (const auto& k : keywords)
    if (k.name == n) return &k;
  // 003 Keywords EXCEPTION: "Experienced 2 Akodo Kage" is an Experienced keyword.
  for (const auto& k : keywords)
    if (k.prefix && n.size() > k.name.size() && n.substr(0, k.name.size()) == k.name && n[k.name.size()] == ' ')
      return &k;
  return nullptr;
}

const NamedDef* GameProfile::designator(std::string_view n) const {
  for (const auto& d : designators)
    if (d.name == n) return &d;
  return nullptr;
}

const ResourceDef* GameProfile::resource(std::string_view n) const {
  for (const auto& r : resources) {
    if (r.name == n) return &r;
    for (const auto& a : r.abbrevs)
      if (a == n) return &r;
  }
  return nullptr;
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
