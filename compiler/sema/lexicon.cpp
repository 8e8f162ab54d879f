#include "sema/lexicon.h"

#include <algorithm>
#include <array>

#include "profile/load_profile.h"

namespace cardc {

namespace {

// `text` (any case) is a plural of `singular` (lower case): singular + s, + es, or y -> ies.
bool lower_plural_of(std::string_view text, std::string_view singular) {
  auto is = [&](std::string_view stem, std::string_view suffix) {
    return text.size() == stem.size() + suffix.size() && lower_equals(text.substr(0, stem.size()), stem) &&
           lower_equals(text.substr(stem.size()), suffix);
  };
  if (is(singular, "s") || is(singular, "es")) return true;
  return singular.size() > 1 && singular.back() == 'y' && is(singular.substr(0, singular.size() - 1), "ies");
}

// Matches `words` (lower case) at the start of `terms`, the last word also in a plural form.
bool match_words(TermSpan terms, const std::vector<std::string>& words, bool allow_plural) {
  if (words.empty() || words.size() > terms.size()) return false;
  for (size_t i = 0; i < words.size(); ++i) {
    std::string_view w = word_text(*terms[i]);
    if (lower_equals(w, words[i])) continue;
    if (allow_plural && i + 1 == words.size() && lower_plural_of(w, words[i])) continue;
    return false;
  }
  return true;
}

}  // namespace

bool lower_equals(std::string_view text, std::string_view lower) {
  if (text.size() != lower.size()) return false;
  for (size_t i = 0; i < text.size(); ++i)
    if (ascii_lower(text[i]) != lower[i]) return false;
  return true;
}

Lexicon::Lexicon(const GameProfile& p) : p_(p) {
  auto t = std::make_shared<Tables>();
  auto add = [](Spellings& to, std::vector<Spelling> entry) {
    const auto i = static_cast<uint32_t>(to.entries.size());
    for (size_t j = 0; j < entry.size(); ++j)
      if (!entry[j].empty()) to.first[entry[j][0]].emplace_back(i, static_cast<uint32_t>(j));
    to.entries.push_back(std::move(entry));
  };
  for (const auto& s : p.stats) {
    std::vector<Spelling> sp{phrase_words(s.name)};
    for (const auto& a : s.abbrevs) sp.push_back(phrase_words(a));
    add(t->stats, std::move(sp));
  }
  for (const auto& r : p.resources) {
    std::vector<Spelling> sp{phrase_words(r.name)};
    for (const auto& a : r.abbrevs) sp.push_back(phrase_words(a));
    // "Family Honor": the player stat a resource keeps its total in (legends: Honor)
    if (!r.player_stat.empty()) sp.push_back(phrase_words(r.player_stat));
    add(t->resources, std::move(sp));
  }
  for (const auto& s : p.statuses) {
    std::vector<Spelling> sp{phrase_words(s.name)};
    for (const auto& a : s.abbrevs) sp.push_back(phrase_words(a));
    add(t->statuses, std::move(sp));
  }
  for (const auto& d : p.durations) add(t->durations, {d.words});  // one spelling each, lower case
  for (const auto& d : p.designators) t->designators.push_back(phrase_words(d.name));
  for (const auto& k : p.keywords) {
    auto& words = t->keywords.emplace_back(1);
    for (char c : k.name) {
      if (c == ' ') words.emplace_back();
      else words.back() += c;
    }
    t->keyword_first[words[0]].push_back(static_cast<uint32_t>(t->keywords.size() - 1));
  }
  for (const auto& c : p.card_types) {
    std::string n = c.name;
    for (auto& ch : n) ch = ascii_lower(ch);
    // The forms lower_plural_of accepts; the first type a form names keeps it (emplace never replaces).
    const int i = static_cast<int>(t->card_types.size());
    t->card_type_forms.emplace(n, std::make_pair(i, false));
    t->card_type_forms.emplace(n + "s", std::make_pair(i, true));
    t->card_type_forms.emplace(n + "es", std::make_pair(i, true));
    if (n.size() > 1 && n.back() == 'y') t->card_type_forms.emplace(n.substr(0, n.size() - 1) + "ies", std::make_pair(i, true));
    t->card_types.push_back(std::move(n));
  }
  t_ = std::move(t);
}

bool is_pronoun(std::string_view w) {
  static constexpr std::array<std::string_view, 14> k = {"he", "him", "his", "she", "her", "hers", "it", "its",
                                                         "they", "them", "their", "himself", "herself", "itself"};
  return std::find(k.begin(), k.end(), w) != k.end();
}

bool is_determiner(std::string_view w) {
  static constexpr std::array<std::string_view, 14> k = {"a", "an", "the", "one", "another", "each", "every",
                                                         "all", "any", "your", "target", "that", "those", "these"};
  return std::find(k.begin(), k.end(), w) != k.end();
}

int Lexicon::card_type(std::string_view word, bool* plural) const {
  std::string lower(word);
  for (auto& c : lower) c = ascii_lower(c);
  auto it = t_->card_type_forms.find(lower);
  if (it == t_->card_type_forms.end()) return -1;
  if (plural) *plural = it->second.second;
  return it->second.first;
}

int Lexicon::number_word(std::string_view w) {
  static constexpr std::array<std::string_view, 11> names = {"zero", "one", "two",   "three", "four", "five",
                                                             "six",  "seven", "eight", "nine", "ten"};
  for (size_t n = 0; n < names.size(); ++n)
    if (w == names[n]) return static_cast<int>(n);
  return -1;
}

void Lexicon::use_limit(std::string_view s, int& times, bool& per_game) {
  times = 0;
  per_game = false;
  size_t sp = s.find(' ');
  if (sp == std::string_view::npos) return;
  std::string_view first = s.substr(0, sp), rest = s.substr(sp + 1);
  int n = first == "once" ? 1 : first == "twice" ? 2 : number_word(first);
  if (n < 0 && !first.empty() && std::all_of(first.begin(), first.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
      first.size() < 3)
    n = std::stoi(std::string(first));
  if (n <= 0) return;
  if (first != "once" && first != "twice") {
    if (rest.rfind("times ", 0) != 0) return;
    rest.remove_prefix(6);
  }
  if (rest == "per turn") times = n;
  else if (rest == "per game") times = n, per_game = true;
}

bool Lexicon::entity_noun(std::string_view w) {
  static constexpr std::array<std::string_view, 24> k = {
      "card",       "cards",  "player", "players",  "unit",      "units",     "province", "provinces",
      "army",       "armies", "side",   "attachment", "attachments", "token", "tokens",   "opponent",
      "opponents",  "ruler",  "rulers", "deck",     "battlefield", "battlefields", "ability", "action"};
  return std::any_of(k.begin(), k.end(), [&](std::string_view n) { return lower_equals(w, n); });
}

// The longest spelling at the start of `terms`, the first in table order among equally long ones (as a walk of the
// whole table would find), trying only the spellings whose first word the first term can be.
int Lexicon::longest_at(TermSpan terms, size_t& len, const Spellings& s, bool allow_plural) {
  int best = -1;
  len = 0;
  if (terms.empty()) return best;
  std::string w(word_text(*terms[0]));
  if (w.empty()) return best;
  for (auto& c : w) c = ascii_lower(c);
  std::pair<uint32_t, uint32_t> best_at{};
  auto try_word = [&](std::string_view first) {
    auto it = s.first.find(first);
    if (it == s.first.end()) return;
    for (const auto& [i, j] : it->second) {
      const Spelling& sp = s.entries[i][j];
      if ((sp.size() > len || (sp.size() == len && std::make_pair(i, j) < best_at)) && match_words(terms, sp, allow_plural)) {
        best = static_cast<int>(i);
        best_at = {i, j};
        len = sp.size();
      }
    }
  };
  std::string_view v(w);
  try_word(v);
  if (allow_plural) {  // the one word of a spelling may be plural (lower_plural_of)
    if (v.ends_with("s")) try_word(v.substr(0, v.size() - 1));
    if (v.ends_with("es")) try_word(v.substr(0, v.size() - 2));
    if (v.size() > 3 && v.ends_with("ies")) try_word(std::string(v.substr(0, v.size() - 3)) + "y");
  }
  return best;
}

int Lexicon::stat_at(TermSpan terms, size_t& len) const { return longest_at(terms, len, t_->stats, false); }
int Lexicon::resource_at(TermSpan terms, size_t& len) const { return longest_at(terms, len, t_->resources, true); }
int Lexicon::status_at(TermSpan terms, size_t& len) const { return longest_at(terms, len, t_->statuses, true); }

int Lexicon::keyword_at(TermSpan terms, size_t& len) const {
  int best = -1;
  len = 0;
  if (terms.empty()) return best;
  auto try_word = [&](std::string_view first) {
    auto it = t_->keyword_first.find(first);
    if (it == t_->keyword_first.end()) return;
    for (uint32_t i : it->second) {
      const std::vector<std::string>& words = t_->keywords[i];
      if (words.size() < len || (words.size() == len && static_cast<int>(i) > best) || words.size() > terms.size()) continue;
      bool ok = true;
      for (size_t k = 0; k < words.size() && ok; ++k) {
        std::string_view t = terms[k]->text, w = words[k];
        // Keywords are written capitalised as printed; the last may be plural ("Samurai", "Courtiers").
        ok = t == w || (k + 1 == words.size() && t.starts_with(w) &&
                        (t.substr(w.size()) == "s" || t.substr(w.size()) == "es"));
      }
      if (ok) {
        best = static_cast<int>(i);
        len = words.size();
      }
    }
  };
  std::string_view t0 = terms[0]->text;
  try_word(t0);
  if (t0.ends_with("s")) try_word(t0.substr(0, t0.size() - 1));
  if (t0.ends_with("es")) try_word(t0.substr(0, t0.size() - 2));
  return best;
}

int Lexicon::duration_at(TermSpan terms, size_t& len) const { return longest_at(terms, len, t_->durations, false); }

std::vector<std::string> Lexicon::first_word_forms(Names names) const {
  std::vector<std::string> out;
  // a first word and the forms longest_at and keyword_at strip back to it ("s", "es", "y" -> "ies")
  auto add = [&](const std::string& first) {
    std::string w = first;
    for (char& c : w) c = ascii_lower(c);
    out.push_back(w + "s");
    out.push_back(w + "es");
    if (w.size() > 1 && w.back() == 'y') out.push_back(w.substr(0, w.size() - 1) + "ies");
    out.push_back(std::move(w));
  };
  auto spellings = [&](const Spellings& s) {
    for (const auto& [first, at] : s.first) add(first);
  };
  switch (names) {
    case Names::Stats: spellings(t_->stats); break;
    case Names::Resources: spellings(t_->resources); break;
    case Names::Statuses: spellings(t_->statuses); break;
    case Names::Durations: spellings(t_->durations); break;
    case Names::Keywords:
      for (const auto& [first, at] : t_->keyword_first) add(first);
      break;
    case Names::CardTypes:
      for (const auto& [form, type] : t_->card_type_forms) out.push_back(form);
      break;
  }
  return out;
}

int Lexicon::stat_abbrev(std::string_view letters) const {
  for (size_t i = 0; i < p_.stats.size(); ++i)
    for (const auto& a : p_.stats[i].abbrevs)
      if (a == letters) return static_cast<int>(i);
  return -1;
}

// "hero's" -> "hero": a possessive names the same thing.
size_t possessive_stem_size(std::string_view w) {
  // (every suffix below ends in 's', '\'' or the last byte of U+2019 (’): most words end in none, and are no possessive)
  if (w.empty() || (w.back() != 's' && w.back() != '\'' && w.back() != '\x99')) return 0;
  for (std::string_view suffix : {"'s", "\u2019s", "s'", "s\u2019"})
    if (w.size() > suffix.size() && w.ends_with(suffix)) return w.size() - suffix.size() + (suffix[0] == 's' ? 1 : 0);
  return 0;
}

std::string possessive_stem(std::string_view w) {
  const size_t stem = possessive_stem_size(w);
  return std::string(stem ? w.substr(0, stem) : w);
}

}  // namespace cardc
