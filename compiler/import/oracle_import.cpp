#include "import/oracle_import.h"

#include <array>
#include <optional>

#include <nlohmann/json.hpp>

#include "import/oracle_text.h"

namespace cardc::import {

namespace {

using nlohmann::json;

// Values in the export are mostly lists of strings ("force": ["3"]); some are plain strings or numbers.
std::optional<std::string> first_string(const json& card, const char* key) {
  auto it = card.find(key);
  if (it == card.end()) return std::nullopt;
  const json* v = &*it;
  if (v->is_array()) {
    if (v->empty()) return std::nullopt;
    v = &(*v)[0];
  }
  if (v->is_string()) return undo_double_encoding(v->get<std::string>());
  if (v->is_number_integer()) return std::to_string(v->get<long long>());
  return std::nullopt;
}

std::vector<std::string> strings(const json& card, const char* key) {
  std::vector<std::string> out;
  auto it = card.find(key);
  if (it == card.end()) return out;
  if (it->is_string()) out.push_back(undo_double_encoding(it->get<std::string>()));
  if (it->is_array())
    for (const auto& v : *it)
      if (v.is_string()) out.push_back(undo_double_encoding(v.get<std::string>()));
  return out;
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? std::string(sep) : "") + parts[i];
  return out;
}

bool contains_ci(std::string_view s, std::string_view needle) {
  for (size_t i = 0; i + needle.size() <= s.size(); ++i) {
    bool eq = true;
    for (size_t k = 0; k < needle.size() && eq; ++k)
      eq = std::tolower(static_cast<unsigned char>(s[i + k])) == std::tolower(static_cast<unsigned char>(needle[k]));
    if (eq) return true;
  }
  return false;
}

// Stats in the order a printed card lists them; export key -> the profile's stat name (cards/legends/legends.game).
struct StatKey {
  const char* key;
  const char* name;
};
constexpr std::array<StatKey, 9> kStats = {{
    {"force", "Force"},
    {"chi", "Chi"},
    {"honor", "Honor Requirement"},
    {"ph", "Personal Honor"},
    {"cost", "Gold Cost"},
    {"focus", "Focus Value"},
    {"production", "Gold Production"},
    {"strength", "Province Strength"},
    {"startinghonor", "Starting Family Honor"},
}};

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// statValue : NUMBER '*'? | SIGNED | 'X' | '-' | '*'
bool valid_stat_value(std::string_view v) {
  if (v == "X" || v == "-" || v == "*" || v == "+*") return true;
  if (all_digits(v)) return true;
  if (v.size() > 1 && v.back() == '*' && all_digits(v.substr(0, v.size() - 1))) return true;
  if (v.size() > 1 && (v[0] == '+' || v[0] == '-'))
    return all_digits(v.substr(1)) || v.substr(1) == "X";
  return false;
}

struct CardOut {
  std::string text;      // the card's lines
  std::string problem;   // non-empty: not converted
  std::string category;  // the problem without the card's own names
};

CardOut convert_card(const json& card, CardRef& ref) {
  CardOut out;
  auto fail = [&](std::string why, std::string category = {}) {
    out.category = category.empty() ? why : std::move(category);
    out.problem = std::move(why);
    return out;
  };
  if (!card.is_object()) return fail("the entry is not a card object");
  if (auto id = first_string(card, "cardid")) ref.cardid = *id;

  // The export's formatted title carries the experience level ("Title &#149; Experienced 2"), which tells the
  // printings of one character apart; the bare title is the fallback.
  std::optional<std::string> raw_title;
  if (auto it = card.find("formattedtitle"); it != card.end() && it->is_string() && !it->get<std::string>().empty())
    raw_title = it->get<std::string>();
  else
    raw_title = first_string(card, "title");
  if (!raw_title || plain_text(*raw_title).empty()) return fail("it has no title");
  ref.title = plain_text(*raw_title);
  if (auto why = quoted_problem(ref.title); !why.empty())
    return fail("its title cannot be written: " + why);

  auto type = first_string(card, "type");
  if (!type || plain_text(*type).empty()) return fail("it has no card type");
  std::string type_name = plain_text(*type);
  if (auto why = name_words_problem(type_name); !why.empty())
    return fail("its card type '" + type_name + "' cannot be written: " + why, "a card type cannot be written: " + why);

  std::vector<std::string> stats;
  for (const auto& s : kStats) {
    auto v = first_string(card, s.key);
    if (!v) continue;
    std::string value = plain_text(*v);
    if (value.empty()) continue;
    // A Follower has no Chi or Personal Honor (003); the export fills them with "0" and "-" on every Follower.
    if (type_name == "Follower" && ((std::string_view(s.key) == "chi" && value == "0") ||
                                    (std::string_view(s.key) == "ph" && value == "-")))
      continue;
    // An Item's Force and Chi are modifiers, always signed (003 Specific stats).
    if (type_name == "Item" && (std::string_view(s.key) == "force" || std::string_view(s.key) == "chi") &&
        all_digits(value))
      value = "+" + value;
    if (!valid_stat_value(value))
      return fail(std::string("its ") + s.name + " '" + value +
                      "' cannot be written: a stat value is N, N*, +N, -N, X, -, * or +*",
                  "a stat value cannot be written: '" + value + "'");
    stats.push_back(std::string(s.name) + " " + value);
  }

  std::vector<std::string> keywords;
  for (const std::string& raw : strings(card, "keywords")) {
    std::string name = plain_text(raw);
    if (name.empty()) continue;
    if (auto why = name_words_problem(name, /*numbers_after_first_word=*/true); !why.empty())
      return fail("its keyword '" + name + "' cannot be written: " + why, "a keyword cannot be written: " + why);
    keywords.push_back(contains_ci(raw, "<b") ? "**" + name + "**" : name);
  }

  TextConversion text = convert_text(join(strings(card, "text"), "<br>"));
  if (!text.problem.empty()) return fail("its text cannot be written: " + text.problem);

  std::string flavor;
  if (auto primary = first_string(card, "printingprimary"); primary) {
    auto it = card.find("printing");
    if (it != card.end() && it->is_array()) {
      for (const auto& p : *it) {
        if (!p.is_object() || first_string(p, "printingid") != primary) continue;
        std::string problem;
        flavor = convert_flavor(join(strings(p, "flavor"), "<br>"), problem);
        if (!problem.empty()) return fail(problem);
        break;
      }
    }
  }

  std::string& t = out.text;
  t += "card \"" + ref.title + "\"";
  if (!ref.cardid.empty() && quoted_problem(ref.cardid).empty()) t += "  # cardid " + ref.cardid;
  t += "\n  type " + type_name + "\n";
  if (!stats.empty()) t += "  stats " + join(stats, " · ") + "\n";
  if (!keywords.empty()) t += "  keywords " + join(keywords, " • ") + "\n";
  if (!text.paragraphs.empty()) {
    t += "  text\n";
    for (const auto& p : text.paragraphs) t += "    " + p + "\n";
  }
  if (!flavor.empty()) t += "  flavor _" + flavor + "_\n";
  t += "end\n";
  return out;
}

}  // namespace

SetConversion convert_oracle_set(std::string_view json_text, const SetOptions& opts) {
  SetConversion r;
  json doc;
  try {
    doc = json::parse(json_text.begin(), json_text.end());
  } catch (const json::exception& e) {
    r.error = std::string("not JSON: ") + e.what();
    return r;
  }
  if (!doc.is_array()) {
    r.error = "not an Oracle of the Void export: the file must hold one JSON array of cards";
    return r;
  }
  if (auto why = quoted_problem(opts.set_name); !opts.set_name.empty() && !why.empty()) {
    r.error = "the set name '" + opts.set_name + "' cannot be written: " + why;
    return r;
  }
  if (auto why = name_words_problem(opts.game); !why.empty() || opts.game.find(' ') != std::string::npos) {
    r.error = "the game name '" + opts.game + "' is not one word";
    return r;
  }
  r.text = "game " + opts.game + "\n";
  if (!opts.set_name.empty()) r.text += "set \"" + opts.set_name + "\"\n";
  r.cards_in = doc.size();
  for (size_t i = 0; i < doc.size(); ++i) {
    CardRef ref;
    ref.index = i;
    CardOut c = convert_card(doc[i], ref);
    if (!c.problem.empty()) {
      r.problems.push_back({std::move(ref), std::move(c.problem), std::move(c.category)});
      continue;
    }
    r.text += "\n" + c.text;
    r.written.push_back(std::move(ref));
  }
  return r;
}

}  // namespace cardc::import
