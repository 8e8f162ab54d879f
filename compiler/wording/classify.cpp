#include "wording/classify.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <unordered_map>

#include "meaning/primitive.h"
#include "profile/load_profile.h"
#include "sema/clause_reader.h"
#include "wording_tokens.h"

namespace cardc::wording {

namespace {

int tok(Token t) { return static_cast<int>(t); }

// whether quoted text ends with a period ("... Bow him.")
bool ends_with_period(const ast::Paragraph& p) {
  return !p.blocks.empty() && !p.blocks.back().sentences.empty() && p.blocks.back().sentences.back().ends_with_period;
}

// The closed-class words of the language: lower-case spelling -> token (WordingLexer.g4's literal tokens).
const std::unordered_map<std::string_view, int>& closed_words() {
  static const std::unordered_map<std::string_view, int> words = [] {
    std::unordered_map<std::string_view, int> m;
    for (const TokenWord& w : kTokenWords) m.emplace(w.word, w.token);
    return m;
  }();
  return words;
}

// The verb token of a primitive: the grammar's token named V_ and the primitive's name in upper case.
int verb_token(meaning::Primitive p) {
  std::string name = "V_";
  for (char c : meaning::primitive_name(p)) name += static_cast<char>(c >= 'a' && c <= 'z' ? c - ('a' - 'A') : c);
  for (const TokenWord& t : kTokenNames)
    if (name == t.word) return t.token;
  return 0;
}

// Longest match at the start of `words` among `candidates` of a table of phrases (lower-case words); -1 if none.
template <class Table>
int longest_of(const Table& table, const std::vector<int>* candidates, std::span<const ast::Term* const> words, size_t& len) {
  int best = -1;
  len = 0;
  if (!candidates) return best;
  for (int i : *candidates) {
    const auto& w = table[static_cast<size_t>(i)].words;
    if (w.empty() || w.size() > words.size() || w.size() <= len) continue;
    bool match = true;
    for (size_t k = 0; k < w.size() && match; ++k) match = lower_equals(word_text(*words[k]), w[k]);
    if (match) {
      best = i;
      len = w.size();
    }
  }
  return best;
}

}  // namespace

Classifier::Classifier(const Lexicon& lex) : lex_(lex), p_(lex.profile()) {
  verb_tokens_.reserve(p_.verbs.size());
  for (const VerbDef& v : p_.verbs) {
    auto prim = meaning::primitive_named(v.primitive);
    verb_tokens_.push_back(v.action >= 0 ? tok(Token::KEYWORD_ACTION) : prim ? verb_token(*prim) : 0);
  }
  for (const NamedDef& d : p_.designators) designator_words_.push_back(phrase_words(d.name));
  for (size_t z = 0; z < p_.zones.size(); ++z) {  // "Fate Discard Pile (discard pile)": "your discard pile" names it too
    zone_words_.push_back(phrase_words(p_.zones[z].name));
    zone_ids_.push_back(static_cast<int>(z));
    for (const std::string& a : p_.zones[z].abbrevs) {
      zone_words_.push_back(phrase_words(a));
      zone_ids_.push_back(static_cast<int>(z));
    }
  }
  for (const DescriptionDef& d : p_.descriptions) description_words_.push_back(d.words);
  for (size_t st = 0; st < p_.states.size(); ++st) {
    state_words_.push_back({phrase_words(p_.states[st].name), static_cast<int>(st), true});
    if (auto opp = p_.states[st].attrs.find("opposite"); opp != p_.states[st].attrs.end())
      state_words_.push_back({phrase_words(opp->second), static_cast<int>(st), false});
  }
  for (size_t v = 0; v < p_.verbs.size(); ++v)
    if (!p_.verbs[v].words.empty()) verbs_by_first_[p_.verbs[v].words[0]].push_back(static_cast<int>(v));
  for (size_t e = 0; e < p_.events.size(); ++e)
    if (!p_.events[e].words.empty()) events_by_first_[p_.events[e].words[0]].push_back(static_cast<int>(e));
  // ClauseReader::third_person_verb's forms: base + "s", base + "es", and "y" -> "ies"; the first verb keeps a form
  for (size_t v = 0; v < p_.verbs.size(); ++v) {
    if (p_.verbs[v].words.size() != 1 || p_.verbs[v].action >= 0) continue;  // a keyword action has no third person
    const std::string& base = p_.verbs[v].words[0];
    third_person_.emplace(base + "s", static_cast<int>(v));
    third_person_.emplace(base + "es", static_cast<int>(v));
    if (base.size() > 1 && base.back() == 'y')
      third_person_.emplace(base.substr(0, base.size() - 1) + "ies", static_cast<int>(v));
  }
  auto may = [&](const std::string& w, uint16_t kind) { may_name_[w] |= kind; };
  for (const auto& [w, ids] : verbs_by_first_) may(w, kVerb);
  for (const auto& [w, v] : third_person_) may(w, kThirdPerson);
  for (const auto& [w, ids] : events_by_first_) may(w, kEvent);
  for (auto [names, kind] : {std::pair{Lexicon::Names::Durations, kDuration}, {Lexicon::Names::Stats, kStat},
                             {Lexicon::Names::Resources, kResource}, {Lexicon::Names::Statuses, kStatus},
                             {Lexicon::Names::CardTypes, kCardType}, {Lexicon::Names::Keywords, kKeyword}})
    for (const std::string& w : lex.first_word_forms(names)) may(w, kind);
  for (const auto& zw : zone_words_)  // a zone's first word, or its plural ("Provinces")
    if (!zw.empty()) {
      may(zw[0], kZone);
      may(zw[0] + "s", kZone);
    }
  for (const auto& dw : description_words_)
    if (!dw.empty()) may(dw[0], kDescription);
  for (const auto& dw : designator_words_)
    if (!dw.empty()) may(dw[0], kDesignator);
  for (const StateWords& sw : state_words_)
    if (!sw.words.empty()) may(sw.words[0], kState);
}

// The profile name that starts `words`, longest first; at equal length a verb, then a duration, an event, a stat, a
// resource, a status, a card type, a keyword, a description, a designator, a card state.
bool Classifier::profile_name(std::span<const ast::Term* const> words, std::string_view first, WordToken& out,
                              size_t& len, EventHere event, bool place) const {
  len = 0;
  auto offer = [&](int id, size_t n, Token type) {
    if (id < 0 || n <= len) return;
    len = n;
    out.type = tok(type);
    out.id = id;
  };
  size_t n = 0;
  auto candidates = [&](const ByWord<std::vector<int>>& m) -> const std::vector<int>* {
    auto it = m.find(first);
    return it == m.end() ? nullptr : &it->second;
  };
  // no name of the profile starts at most words ("the", "target" ...); at the others, only some kinds of names
  const auto found = may_name_.find(first);
  if (found == may_name_.end()) return false;
  const uint16_t may = found->second;
  int verb = may & kVerb ? longest_of(p_.verbs, candidates(verbs_by_first_), words, n) : -1;
  if (verb >= 0 && verb_tokens_[static_cast<size_t>(verb)] != 0) {
    len = n;
    out.type = verb_tokens_[static_cast<size_t>(verb)];
    out.id = verb;
    out.value = p_.verbs[static_cast<size_t>(verb)].permanent ? 1 : 0;  // what the round trip compares besides the primitive
    if (const int a = p_.verbs[static_cast<size_t>(verb)].action; a >= 0) {
      // a keyword action by its entry; value 1: the words before its strength ("Ranged" of "Ranged 3 Attack")
      const KeywordActionDef& ka = p_.keyword_actions[static_cast<size_t>(a)];
      out.id = a;
      out.value = n == ka.strength_at && ka.strength_at < ka.words.size() ? 1 : 0;
    }
  }
  if (len == 0 && (may & kThirdPerson)) {
    if (auto it = third_person_.find(first); it != third_person_.end() && verb_tokens_[static_cast<size_t>(it->second)] != 0) {
      verb = it->second;
      len = 1;
      out.type = verb_tokens_[static_cast<size_t>(verb)];
      out.id = verb;
      out.third_person = true;  // "as he moves": the verb agrees with a subject
    }
  }
  // (each lookup sets n before it is offered: a function's arguments have no order of evaluation)
  int id = may & kDuration ? lex_.duration_at(words, n) : -1;
  offer(id, n, Token::DURATION);
  if (event != EventHere::No && (may & kEvent)) {
    // after a timing word and its subject, a trigger's event: at equal length the event, not the verb ("After you
    // Equip this Follower", "After you Recruit this Holding")
    id = longest_of(p_.events, candidates(events_by_first_), words, n);
    if (id >= 0 && (n > len || (n == len && event == EventHere::Ties))) {
      len = n;
      out.type = tok(Token::EVENT);
      out.id = id;
      out.value = 0;
    }
  }
  id = may & kStat ? lex_.stat_at(words, n) : -1;
  offer(id, n, Token::STAT);
  id = may & kResource ? lex_.resource_at(words, n) : -1;
  offer(id, n, Token::RESOURCE);
  id = may & kStatus ? lex_.status_at(words, n) : -1;
  offer(id, n, Token::STATUS);
  if (id >= 0 && out.type == tok(Token::STATUS) && out.id == id) {
    // "two +1F tokens": its last word printed in the plural (the profile names it in the singular)
    const std::string& name = p_.statuses[static_cast<size_t>(id)].name;
    const size_t space = name.rfind(' ');
    const std::string_view last = std::string_view(name).substr(space == std::string::npos ? 0 : space + 1);
    const std::string_view printed = word_text(*words[n - 1]);
    out.plural = printed.size() != last.size() ||
                 !std::equal(printed.begin(), printed.end(), last.begin(), [](char a, char b) { return ascii_lower(a) == ascii_lower(b); });
  }
  bool plural = false;
  int type = may & kCardType ? lex_.card_type(word_text(*words[0]), &plural) : -1;
  if (type >= 0 && len == 0) {
    offer(type, 1, plural ? Token::CARD_TYPES : Token::CARD_TYPE);
    out.plural = plural;
  }
  id = may & kKeyword ? lex_.keyword_at(words, n) : -1;
  offer(id, n, Token::KEYWORD);
  // a zone where one is named ("into play", "your hand", "its owner's hand"), before a verb of the same spelling
  // ("play"); elsewhere the word is the language's ("the current battlefield")
  // (its last word may be printed in the plural: "one of your Provinces"; so printed, a zone's name is no verb and is
  // read anywhere: "Provinces have -1 strength")
  for (size_t i = 0; (may & kZone) && i < zone_words_.size(); ++i) {
    const auto& zw = zone_words_[i];
    if (zw.empty() || !first.starts_with(zw[0])) continue;  // its first word, or that word's plural, is not here
    bool match = zw.size() <= words.size() && (zw.size() > len || (place && zw.size() == len));
    bool many = false;
    for (size_t k = 0; k < zw.size() && match; ++k) {
      std::string_view w = word_text(*words[k]);
      match = lower_equals(w, zw[k]);
      if (!match && k + 1 == zw.size() && w.size() == zw[k].size() + 1 && (w.back() == 's' || w.back() == 'S'))
        match = many = lower_equals(w.substr(0, zw[k].size()), zw[k]);
    }
    if (!match || (!place && (!many || zw.size() <= len))) continue;
    len = zw.size();
    out.type = tok(Token::ZONE);
    out.id = zone_ids_[i];
    out.value = 0;
    out.plural = many;
  }
  // a word the profile declares as a description, in any case ("dishonorable"; a keyword of the same name is
  // printed capitalised and matched above)
  auto phrase_at = [&](const std::vector<std::vector<std::string>>& table, Token type) {
    for (size_t i = 0; i < table.size(); ++i) {
      const auto& dw = table[i];
      if (dw.empty() || dw[0] != first) continue;  // (`first` is the first word lower-cased)
      bool match = dw.size() <= words.size();
      for (size_t k = 0; k < dw.size() && match; ++k) match = lower_equals(word_text(*words[k]), dw[k]);
      if (match) offer(static_cast<int>(i), dw.size(), type);
    }
  };
  if (may & kDescription) phrase_at(description_words_, Token::DESCRIPTION);
  if (may & kDesignator) phrase_at(designator_words_, Token::DESIGNATOR);
  // a card state as an adjective ("unbowed Follower"): value 1 when the state holds, 0 for its opposite
  for (const StateWords& sw : state_words_) {
    if (!(may & kState) || sw.words.empty() || sw.words[0] != first) continue;
    bool match = sw.words.size() <= words.size() && sw.words.size() > len;
    for (size_t k = 0; k < sw.words.size() && match; ++k) match = lower_equals(word_text(*words[k]), sw.words[k]);
    if (!match) continue;
    offer(sw.state, sw.words.size(), Token::STATE);
    out.value = sw.holds ? 1 : 0;
  }
  // a keyword's last word printed in the plural ("Monks", "Courtiers"): a plural noun when it names cards alone
  if (len > 0 && out.type == tok(Token::KEYWORD)) {
    std::string_view name = p_.keywords[static_cast<size_t>(out.id)].name;
    std::string_view last = name.substr(name.rfind(' ') == std::string_view::npos ? 0 : name.rfind(' ') + 1);
    out.plural = word_text(*words[len - 1]).size() > last.size();  // matched with its "s" or "es" (Lexicon::keyword_at)
  }
  return len > 0;
}

// How many words at the start of `words` end the name of the keyword action whose words before its strength, then its
// strength, are the last two tokens ("Attack" after "Ranged 3"); 0 if none.
// Right after the words before a strength, the rest of the name in the plural ("Attacks" after "Ranged", in "Melee and
// Ranged Attacks") names keyword actions of that kind in general (`plural`).
size_t Classifier::action_tail(std::span<const ast::Term* const> words, const std::vector<WordToken>& out, int& action, bool& plural) const {
  plural = false;
  if (!out.empty() && out.back().type == tok(Token::KEYWORD_ACTION) && out.back().value == 1) {
    const KeywordActionDef& a = p_.keyword_actions[static_cast<size_t>(out.back().id)];
    const size_t n = a.words.size() - a.strength_at;
    if (n == 0 || n > words.size()) return 0;
    for (size_t k = 0; k < n; ++k) {
      if (words[k]->kind != ast::TermKind::Word) return 0;
      const std::string& tail = a.words[a.strength_at + k];
      if (k + 1 < n ? !lower_equals(word_text(*words[k]), tail) : !lower_equals(word_text(*words[k]), tail + "s")) return 0;
    }
    action = out.back().id;
    plural = true;
    return n;
  }
  if (out.size() < 2 || out[out.size() - 2].type != tok(Token::KEYWORD_ACTION) || out[out.size() - 2].value != 1 ||
      (out.back().type != tok(Token::NUMBER) && out.back().type != tok(Token::VARX)))
    return 0;
  const KeywordActionDef& a = p_.keyword_actions[static_cast<size_t>(out[out.size() - 2].id)];
  const size_t n = a.words.size() - a.strength_at;
  if (n > words.size()) return 0;
  for (size_t k = 0; k < n; ++k)
    if (words[k]->kind != ast::TermKind::Word || !lower_equals(word_text(*words[k]), a.words[a.strength_at + k])) return 0;
  action = out[out.size() - 2].id;
  return n;
}

namespace {

bool capitalised(std::string_view w) { return !w.empty() && w[0] >= 'A' && w[0] <= 'Z'; }

// How many letters at the start of a word are a prefix of the language ("non-" of "non-Unique"); 0 if none.
size_t prefix_size(const ast::Term& t) {
  if (t.kind != ast::TermKind::Word) return 0;
  const size_t dash = t.text.find('-');
  if (dash == std::string_view::npos || dash == 0 || dash + 1 >= t.text.size()) return 0;
  std::string lower(t.text.substr(0, dash + 1));
  for (char& c : lower) c = ascii_lower(c);
  return closed_words().contains(lower) ? dash + 1 : 0;
}

}  // namespace

// How many words at the start of `words` are words of the card's own title used as its name (003 Card title: the
// Oracle's "Akagi" on "Bayushi Akagi"): capitalised whole words of the title, of three letters or more; a possessive
// ends the name. Only words nothing else reads come here.
size_t Classifier::own_name(std::span<const ast::Term* const> words, std::string_view title) const {
  size_t n = 0;
  while (n < words.size() && words[n]->kind == ast::TermKind::Word) {
    std::string_view w = words[n]->text;
    const size_t stem = possessive_stem_size(w);
    if (stem) w = w.substr(0, stem);
    bool whole = false;
    for (size_t at = title.find(w); w.size() >= 3 && capitalised(w) && at != std::string_view::npos && !whole; at = title.find(w, at + 1)) {
      const size_t e = at + w.size();
      // a word of the title ends at a space or a punctuation mark ("Nishoji" of "Nishoji, the Steel-Eyed"), not inside a
      // hyphenated or possessive word
      auto boundary = [&](size_t i) {
        const unsigned char ch = static_cast<unsigned char>(title[i]);
        return !std::isalnum(ch) && ch != '-' && ch != '\'' && ch < 0x80;
      };
      whole = (at == 0 || boundary(at - 1)) && (e == title.size() || boundary(e));
    }
    if (!whole) break;
    ++n;
    if (stem) break;
  }
  return n;
}

void Classifier::sentence(std::span<const ast::Term> printed, std::vector<WordToken>& out, std::string_view title,
                          std::string& lower) const {
  // a prefix of the language is read as a word of its own: "non-Unique" is NON KEYWORD (WordingLexer.g4's literal
  // tokens ending in a hyphen)
  std::vector<ast::Term> split;
  if (std::any_of(printed.begin(), printed.end(), [](const ast::Term& t) { return prefix_size(t) > 0; })) {
    split.reserve(printed.size() + 2);
    for (const ast::Term& t : printed) {
      const size_t n = prefix_size(t);
      split.push_back(t);
      if (!n) continue;
      split.back().text = t.text.substr(0, n);
      split.back().range.end = t.range.begin + static_cast<uint32_t>(n);
      split.push_back(t);
      split.back().text = t.text.substr(n);
      split.back().range.begin = t.range.begin + static_cast<uint32_t>(n);
    }
    printed = split;
  }
  // a possessive word is read as its stem followed by POSS: "Akagi's Force" is NAME POSS STAT
  std::vector<ast::Term> stems;
  std::vector<bool> possessive;
  std::span<const ast::Term> terms = printed;
  for (size_t i = 0; i < printed.size(); ++i) {
    if (printed[i].kind != ast::TermKind::Word) continue;
    const size_t stem = possessive_stem_size(printed[i].text);
    if (!stem) continue;
    if (stems.empty()) {
      stems.assign(printed.begin(), printed.end());
      possessive.assign(printed.size(), false);
    }
    stems[i].text = printed[i].text.substr(0, stem);
    possessive[i] = true;
  }
  if (!stems.empty()) terms = stems;
  std::vector<const ast::Term*> words;
  words.reserve(terms.size());
  for (const ast::Term& t : terms) words.push_back(&t);
  // an event is what a trigger waits for (Wording.g4: only `trigger` reads EVENT): a timing word ("after", "before",
  // "when") in this block's sentence comes before it, so "if this card is bowed" is a state, not the event "is bowed"
  bool timing = false;
  for (size_t k = out.size(); k > 0 && out[k - 1].type != tok(Token::PERIOD) && out[k - 1].type != tok(Token::COLON) && !timing; --k)
    timing = out[k - 1].type == tok(Token::AFTER) || out[k - 1].type == tok(Token::BEFORE) || out[k - 1].type == tok(Token::WHEN);
  for (size_t i = 0; i < terms.size();) {
    const ast::Term& t = terms[i];
    WordToken w;
    w.range = t.range;
    w.text = t.text;
    size_t len = 1;
    switch (t.kind) {
      case ast::TermKind::Number: {
        w.type = tok(Token::NUMBER);
        w.value = t.value;
        // "2F" of "2F/2C/3PH": a number and a stat's letters written together, a printed stat of a created card
        if (i + 1 < terms.size() && terms[i + 1].kind == ast::TermKind::Word && terms[i + 1].range.begin == t.range.end) {
          size_t n = 0;
          const int stat = lex_.stat_at(std::span(words).subspan(i + 1, 1), n);
          if (stat >= 0 && n == 1) {
            w.type = tok(Token::STAT_VALUE);
            w.id = stat;
            w.range = SourceRange::join(t.range, terms[i + 1].range);
            len = 2;
          }
        }
        break;
      }
      case ast::TermKind::X: w.type = tok(Token::VARX); break;
      case ast::TermKind::Modifier:
        w.type = tok(Token::MODIFIER);
        w.value = t.value;
        w.uses_x = t.uses_x;
        // letters that name no stat ("+2Q") leave the modifier unreadable: id -2
        w.id = t.stat().empty() ? -1 : lex_.stat_abbrev(t.stat()) >= 0 ? lex_.stat_abbrev(t.stat()) : -2;
        break;
      case ast::TermKind::Comma: w.type = tok(Token::COMMA); break;
      case ast::TermKind::Semicolon: w.type = tok(Token::SEMI); break;
      case ast::TermKind::Slash: w.type = tok(Token::SLASH); break;
      case ast::TermKind::Embedded: w.type = tok(Token::EMBEDDED); break;
      case ast::TermKind::Dash: w.type = tok(Token::WORD); break;
      // "•" between keywords, as a card's keyword line prints them ("Lion Clan • Samurai")
      case ast::TermKind::Other: w.type = t.text == "•" ? tok(Token::BULLET) : tok(Token::WORD); break;
      case ast::TermKind::Word: {
        // an event phrase follows its subject ("After you gain Honor"), or names the trigger alone at the start of the
        // paragraph ("Focus Effect:"); after a sentence, a block or a connective, "Gain Honor" is a verb and its resource
        // (also after "As a" opening it: "As a Focus Effect: ...", docs/meaning.md 27)
        const bool as_a = out.size() == 2 && out[0].type == tok(Token::AS) && (out[1].type == tok(Token::A) || out[1].type == tok(Token::AN));
        const bool subject_before = out.empty() || as_a ||
                                    (timing && out.back().type != tok(Token::PERIOD) && out.back().type != tok(Token::COLON) &&
                                     out.back().type != tok(Token::AND) && out.back().type != tok(Token::OR) &&
                                     out.back().type != tok(Token::COMMA) && out.back().type != tok(Token::TO) &&
                                     out.back().type != tok(Token::MAY));
        lower.assign(t.text);  // lower_word, into the paragraph's scratch
        for (char& c : lower) c = ascii_lower(c);
        int action = -1;
        bool plural = false;
        if (const size_t n = action_tail(std::span(words).subspan(i), out, action, plural)) {
          len = n;
          w.type = tok(Token::ACTION_TAIL);
          w.id = action;
          w.plural = plural;
          w.range = SourceRange::join(t.range, terms[i + len - 1].range);
          break;
        }
        // a comparative ("lower") before a stat or "than" compares ("with lower Chi than ..."), though a profile verb
        // has its spelling ("Lower his Force")
        if (auto it = closed_words().find(std::string_view(lower));
            it != closed_words().end() && (it->second == tok(Token::LOWER) || it->second == tok(Token::HIGHER))) {
          // (after "or" after a number: "whose Force is 3 or lower", docs/meaning.md 23; a verb is never there)
          auto number = [&](int type) {
            for (Token n : {Token::NUMBER, Token::ZERO, Token::ONE, Token::TWO, Token::THREE, Token::FOUR, Token::FIVE})
              if (type == tok(n)) return true;
            return false;
          };
          const bool after_number = out.size() > 1 && out.back().type == tok(Token::OR) && number(out[out.size() - 2].type);
          size_t n = 0;
          std::string next(i + 1 < terms.size() ? word_text(*words[i + 1]) : std::string_view());
          for (char& ch : next) ch = ascii_lower(ch);
          auto than = closed_words().find(std::string_view(next));
          // (or before a stat's base value: "with 3 or lower printed Force"; or a unit's total: "lower total Force")
          const bool compares = than != closed_words().end() && (than->second == tok(Token::THAN) || than->second == tok(Token::BASE) ||
                                                                 than->second == tok(Token::PRINTED) || than->second == tok(Token::TOTAL));
          if (after_number || compares || (i + 1 < terms.size() && lex_.stat_at(std::span(words).subspan(i + 1), n) >= 0)) {
            w.type = it->second;
            break;
          }
        }
        // (after "in" or "from": "a Follower in your discard pile", "in play"; after "or" after a zone: "in your hand or
        // discard pile")
        // (after "this", "current", an article or a possessive pronoun, a zone's name that is no word of the language:
        // "this Province", "the current Province", "its Province", "from a Province", "any Fate deck", but "the current
        // battlefield")
        const int before = out.empty() ? -1 : out.back().type;
        // (after "enters": "This Holding enters play")
        const bool place = !out.empty() && (before == tok(Token::INTO) || before == tok(Token::YOUR) ||
                                            before == tok(Token::POSS) || before == tok(Token::IN) ||
                                            before == tok(Token::ENTERS) || before == tok(Token::ENTER) ||
                                            before == tok(Token::FROM) ||
                                            (before == tok(Token::OR) && out.size() > 1 && out[out.size() - 2].type == tok(Token::ZONE)) ||
                                            ((before == tok(Token::THIS) || before == tok(Token::CURRENT) || before == tok(Token::HIS) ||
                                              before == tok(Token::THE) || before == tok(Token::A) || before == tok(Token::AN) ||
                                              before == tok(Token::HER) || before == tok(Token::ITS) ||
                                              before == tok(Token::ANY)) &&  // "any Fate deck": whose, the controller chooses
                                             closed_words().find(std::string_view(lower)) == closed_words().end()));
        // a name ends at a possessive: "the current battlefield's province's strength" is the province's strength,
        // not the stat Province Strength
        size_t upto = words.size() - i;
        for (size_t k = i; !possessive.empty() && k < words.size(); ++k)
          if (possessive[k]) {
            upto = k - i + 1;
            break;
          }
        const EventHere event = !subject_before ? EventHere::No : out.empty() ? EventHere::Longer : EventHere::Ties;
        if (profile_name(std::span(words).subspan(i, upto), lower, w, len, event, place)) {
          w.range = SourceRange::join(t.range, terms[i + len - 1].range);
          break;
        }
        len = 1;
        auto it = closed_words().find(std::string_view(lower));
        w.type = it == closed_words().end() ? tok(Token::WORD) : it->second;
        if (w.type == tok(Token::WORD) && !title.empty())
          if (size_t n = own_name(std::span(words).subspan(i), title)) {
            len = n;
            w.type = tok(Token::NAME);
            w.range = SourceRange::join(t.range, terms[i + n - 1].range);
            w.text = std::string_view(t.text.data(), static_cast<size_t>(terms[i + n - 1].text.data() + terms[i + n - 1].text.size() - t.text.data()));
          }
        break;
      }
    }
    // a possessive inside a multi-word name leaves it unread: the name is not what owns
    bool inner = false;
    for (size_t k = i; !possessive.empty() && k + 1 < i + len; ++k) inner = inner || possessive[k];
    if (inner) w.type = tok(Token::WORD);
    out.push_back(w);
    if (w.type == tok(Token::PERIOD) || w.type == tok(Token::COLON)) timing = false;
    if (w.type == tok(Token::AFTER) || w.type == tok(Token::BEFORE) || w.type == tok(Token::WHEN)) timing = true;
    if (!possessive.empty() && possessive[i + len - 1]) {
      const ast::Term& last = printed[i + len - 1];
      out.push_back(WordToken{tok(Token::POSS), SourceRange{last.range.file, last.range.end, last.range.end}});
    }
    // 'the ability, "... Bow him." Otherwise, ...': the period inside the closing quote ends the sentence around it too,
    // when a capitalised word begins the next
    if (w.type == tok(Token::EMBEDDED) && ends_with_period(*t.embedded_text()) && i + 1 < terms.size() &&
        terms[i + 1].kind == ast::TermKind::Word && !terms[i + 1].text.empty() && terms[i + 1].text[0] >= 'A' && terms[i + 1].text[0] <= 'Z')
      out.push_back(WordToken{tok(Token::PERIOD), SourceRange{t.range.file, t.range.end, t.range.end}});
    i += len;
  }
}

std::vector<WordToken> Classifier::classify(const ast::Paragraph& p, std::string_view title) const {
  std::vector<WordToken> out;
  size_t most = p.blocks.size();  // at most a token a term, a period a sentence, a colon a block
  for (const ast::Block& block : p.blocks)
    for (const ast::Sentence& s : block.sentences) most += s.terms.size() + 1;
  out.reserve(most);
  std::string lower;
  for (size_t b = 0; b < p.blocks.size(); ++b) {
    const ast::Block& block = p.blocks[b];
    if (b > 0) {  // the colon between two blocks: where the earlier one ends
      const SourceRange& prev = p.blocks[b - 1].range;
      out.push_back(WordToken{tok(Token::COLON), SourceRange{prev.file, prev.end, prev.end}});
    }
    for (const ast::Sentence& s : block.sentences) {
      sentence(s.terms, out, title, lower);
      if (s.ends_with_period) out.push_back(WordToken{tok(Token::PERIOD), SourceRange{s.range.file, s.range.end, s.range.end}});
    }
  }
  return out;
}

}  // namespace cardc::wording
