#include "sema/lexicon.h"

#include <algorithm>
#include <array>

#include "profile/load_profile.h"

namespace cardc {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool plural_of(std::string_view word, std::string_view singular) {
  if (word == std::string(singular) + "s" || word == std::string(singular) + "es") return true;
  return singular.size() > 1 && singular.back() == 'y' &&
         word == std::string(singular.substr(0, singular.size() - 1)) + "ies";
}

// Matches `words` (lower case) at the start of `terms`, the last word also in a plural form.
bool match_words(TermSpan terms, const std::vector<std::string>& words, bool allow_plural) {
  if (words.empty() || words.size() > terms.size()) return false;
  for (size_t i = 0; i < words.size(); ++i) {
    std::string w = lower_word(*terms[i]);
    if (w == words[i]) continue;
    if (allow_plural && i + 1 == words.size() && plural_of(w, words[i])) continue;
    return false;
  }
  return true;
}

}  // namespace

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
  std::string w = lower(word);
  for (size_t i = 0; i < p_.card_types.size(); ++i) {
    std::string n = lower(p_.card_types[i].name);
    if (w == n) {
      if (plural) *plural = false;
      return static_cast<int>(i);
    }
    if (plural_of(w, n)) {
      if (plural) *plural = true;
      return static_cast<int>(i);
    }
  }
  return -1;
}

bool Lexicon::entity_noun(std::string_view w) {
  static constexpr std::array<std::string_view, 24> k = {
      "card",       "cards",  "player", "players",  "unit",      "units",     "province", "provinces",
      "army",       "armies", "side",   "attachment", "attachments", "token", "tokens",   "opponent",
      "opponents",  "ruler",  "rulers", "deck",     "battlefield", "battlefields", "ability", "action"};
  return std::find(k.begin(), k.end(), lower(w)) != k.end();
}

int Lexicon::stat_at(TermSpan terms, size_t& len) const {
  int best = -1;
  len = 0;
  for (size_t i = 0; i < p_.stats.size(); ++i) {
    std::vector<std::vector<std::string>> spellings{phrase_words(p_.stats[i].name)};
    for (const auto& a : p_.stats[i].abbrevs) spellings.push_back(phrase_words(a));
    for (const auto& sp : spellings) {
      if (sp.size() > len && match_words(terms, sp, false)) {
        best = static_cast<int>(i);
        len = sp.size();
      }
    }
  }
  return best;
}

int Lexicon::resource_at(TermSpan terms, size_t& len) const {
  int best = -1;
  len = 0;
  for (size_t i = 0; i < p_.resources.size(); ++i) {
    std::vector<std::vector<std::string>> spellings{phrase_words(p_.resources[i].name)};
    for (const auto& a : p_.resources[i].abbrevs) spellings.push_back(phrase_words(a));
    // "Family Honor": the player stat a resource keeps its total in (legends: Honor)
    if (!p_.resources[i].player_stat.empty()) spellings.push_back(phrase_words(p_.resources[i].player_stat));
    for (const auto& sp : spellings) {
      if (sp.size() > len && match_words(terms, sp, true)) {
        best = static_cast<int>(i);
        len = sp.size();
      }
    }
  }
  return best;
}

int Lexicon::status_at(TermSpan terms, size_t& len) const {
  int best = -1;
  len = 0;
  for (size_t i = 0; i < p_.statuses.size(); ++i) {
    std::vector<std::vector<std::string>> spellings{phrase_words(p_.statuses[i].name)};
    for (const auto& a : p_.statuses[i].abbrevs) spellings.push_back(phrase_words(a));
    for (const auto& sp : spellings) {
      if (sp.size() > len && match_words(terms, sp, true)) {
        best = static_cast<int>(i);
        len = sp.size();
      }
    }
  }
  return best;
}

int Lexicon::keyword_at(TermSpan terms, size_t& len) const {
  int best = -1;
  len = 0;
  for (size_t i = 0; i < p_.keywords.size(); ++i) {
    std::vector<std::string> words;
    std::string cur;
    for (char c : p_.keywords[i].name) {
      if (c == ' ') {
        words.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
    words.push_back(cur);
    if (words.size() <= len || words.size() > terms.size()) continue;
    bool ok = true;
    for (size_t k = 0; k < words.size() && ok; ++k) {
      const std::string& t = terms[k]->text;
      // Keywords are written capitalised as printed; the last may be plural ("Samurai", "Courtiers").
      ok = t == words[k] || (k + 1 == words.size() && (t == words[k] + "s" || t == words[k] + "es"));
    }
    if (ok) {
      best = static_cast<int>(i);
      len = words.size();
    }
  }
  return best;
}

int Lexicon::duration_at(TermSpan terms, size_t& len) const {
  int best = -1;
  len = 0;
  for (size_t i = 0; i < p_.durations.size(); ++i) {
    const auto& words = p_.durations[i].words;
    if (words.size() > len && match_words(terms, words, false)) {
      best = static_cast<int>(i);
      len = words.size();
    }
  }
  return best;
}

int Lexicon::stat_abbrev(std::string_view letters) const {
  for (size_t i = 0; i < p_.stats.size(); ++i)
    for (const auto& a : p_.stats[i].abbrevs)
      if (a == letters) return static_cast<int>(i);
  return -1;
}

// "hero's" -> "hero": a possessive names the same thing.
std::string possessive_stem(const std::string& w) {
  for (std::string_view suffix : {"'s", "\u2019s", "s'", "s\u2019"}) {
    if (w.size() > suffix.size() && w.compare(w.size() - suffix.size(), suffix.size(), suffix) == 0)
      return w.substr(0, w.size() - suffix.size() + (suffix[0] == 's' ? 1 : 0));
  }
  return w;
}

}  // namespace cardc
