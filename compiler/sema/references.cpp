// Pass "references" (003 Traits, 001 This, 003 Card title): every pronoun, "this ...", "the target ...",
// "the discarded card", "that ..." and card title resolves to something declared, or is reported.
#include <algorithm>
#include <utility>
#include <set>
#include <span>

#include "base/suggest.h"
#include "sema/clause_reader.h"
#include "sema/lexicon.h"
#include "sema/pipeline.h"
#include "sema/unit_walk.h"

namespace cardc {

namespace {

constexpr std::string_view kContextNouns[] = {"unit", "battle", "battlefield", "province", "turn", "phase", "duel",
                                              "game", "army", "round", "attack", "side", "way", "time", "effect",
                                              "ability", "action", "penalty", "bonus", "trait", "cost", "challenge"};
constexpr std::string_view kTitleConnectors[] = {"of", "at", "the", "in", "on", "to", "and", "a", "an", "for", "with"};


struct Antecedent {
  SourceRange range;
  std::string text;
  int card_type = -1;
  bool target = false;
  bool self = false;  // "this Personality": the card itself
  bool duelist = false;  // "the loser": a duelist, a person or not (named "him" or "it")
};

class Resolver {
 public:
  Resolver(CheckContext& ctx, const ast::Card& card, const std::set<std::string>& titles, const Lexicon& lex)
      : ctx_(ctx), lex_(lex), card_(card), titles_(titles), type_(ctx.profile.card_type(card.type)) {
    own_type_ = -1;
    for (size_t i = 0; i < ctx.profile.card_types.size(); ++i)
      if (type_ == &ctx.profile.card_types[i]) own_type_ = static_cast<int>(i);
  }

  void unit(TextUnit& u, bool embedded) {
    std::vector<Antecedent> ante;
    bool discarded = false;
    // Embedded text lives on the card it is granted to: "This Personality" there is that Personality.
    bool this_any = embedded;
    size_t target_index = 0;
    for (Clause* c : clauses_of(u)) {
      const auto& t = c->all_terms;
      for (size_t i = 0; i < t.size(); ++i) {
        std::string w = lower_word(*t[i]);
        if (w.empty()) continue;
        std::string prev = i > 0 ? lower_word(*t[i - 1]) : "";
        std::string next = i + 1 < t.size() ? lower_word(*t[i + 1]) : "";
        // A targeting declared here (recorded by the targeting pass, in order) is an antecedent.
        if (w == "target" && prev != "the" && prev != "that") {
          if (target_index < u.targets.size()) {
            const Targeting& tg = u.targets[target_index++];
            ante.push_back({tg.range, std::string(ctx_.sources.text(tg.range)), tg.card_type, true});
            // the target's own words, but a pronoun among them ("target and destroy one of his attachments")
            // (or the card's own name: "Target Fujito's Follower")
            while (i + 1 < t.size() && t[i + 1]->range.end <= tg.range.end && !is_pronoun(lower_word(*t[i + 1])) &&
                   !own_name_at(t, i + 1))
              ++i;
          }
          continue;
        }
        if (w == "this" && i + 1 < t.size()) {
          size_t refs = u.references.size();
          size_t at = i;
          i = this_ref(u, t, i, this_any);
          // "this Shugenja" on an action card (a Spell) names the card performing it (001 This): "he" can follow
          size_t len = 0;
          if (u.references.size() == refs && type_ && type_->action && lex_.keyword_at(std::span(t).subspan(at + 1), len) >= 0) {
            SourceRange r = terms_range(t, at, at + 1 + len);
            ante.push_back({r, std::string(ctx_.sources.text(r)), lex_.card_type("Personality"), false});
            i = at + len;
            continue;
          }
          // "This beast has ATK +1 for each wound on it": what "this ..." names can be referred back to.
          if (u.references.size() > refs && u.references.back().kind != RefKind::ThisEffect &&
              u.references.back().kind != RefKind::ThisContext) {
            const Reference& ref = u.references.back();
            ante.push_back({ref.range, std::string(ctx_.sources.text(ref.range)), ref.card_type, false, true});
          }
          // "After this duel ends, bow its winner": a duel has a winner and a loser to refer to through "its"
          if (u.references.size() > refs && u.references.back().kind == RefKind::ThisContext &&
              lower_word_text(std::string(ctx_.sources.text(u.references.back().range))).ends_with("duel")) {
            const Reference& ref = u.references.back();
            ante.push_back({ref.range, std::string(ctx_.sources.text(ref.range)), -1, false, false});
          }
          continue;
        }
        if (w == "this") {  // "..., this will not reduce Chi below 1"
          u.references.push_back({RefKind::ThisEffect, t[i]->range, {}, "the previous effect", -1});
          continue;
        }
        // "Dishonor the duel's loser. Move him home.": a duelist named by the duel's result is what a pronoun after it
        // names (docs/meaning.md 27)
        if (w == "the") {
          size_t k = i + 1;
          if (k < t.size() && next == "duel's") ++k;
          const std::string n = k < t.size() ? lower_word(*t[k]) : "";
          if (n == "winner" || n == "loser") {
            SourceRange r = terms_range(t, i, k + 1);
            ante.push_back({r, std::string(ctx_.sources.text(r)), -1, false, false, true});
            i = k;
            continue;
          }
        }
        if (w == "the" && (next == "target" || next == "targeted")) {
          // "the target", "the target Personality", "the targeted card" ("Give the target -2F": not the -2F)
          size_t len = 0;
          bool noun = i + 2 < t.size() && (lex_.card_type(possessive_stem(t[i + 2]->text)) >= 0 ||
                                           lex_.keyword_at(std::span(t).subspan(i + 2), len) >= 0 ||
                                           Lexicon::entity_noun(lower_word(*t[i + 2])));
          SourceRange r = terms_range(t, i, std::min(t.size(), i + (noun ? 3 : 2)));
          auto it = std::find_if(ante.rbegin(), ante.rend(), [](const Antecedent& a) { return a.target; });
          if (it == ante.rend() && keyword_action(ctx_.profile, *c))
            // "Ranged 3 Attack, or Ranged 4 Attack if the target is Shadowlands": the card the attack targets
            u.references.push_back({RefKind::TheTarget, r, c->range, "the target of the attack", -1});
          else if (it == ante.rend())
            ctx_.diags.report(DiagId::TargetReferenceWithoutTargeting, r, std::string(ctx_.sources.text(r)));
          else {
            u.references.push_back({RefKind::TheTarget, r, it->range, "the target of '" + it->text + "'", it->card_type});
            // named again, it is the latest thing named: "Give the target -3F. Bow it if its Force is now 0"
            Antecedent again = *it;
            ante.push_back(again);
          }
          i += 2;
          continue;
        }
        if (w == "the" && next == "discarded") {
          SourceRange r = terms_range(t, i, std::min(t.size(), i + 3));
          if (!discarded)
            ctx_.diags.report(DiagId::DiscardedCardWithoutDiscard, r, std::string(ctx_.sources.text(r)));
          else
            u.references.push_back({RefKind::TheDiscarded, r, {}, "the card discarded before", -1});
          i += 2;
          continue;
        }
        if (w == "that" && i + 1 < t.size() && (lex_.card_type(t[i + 1]->text) >= 0 || next == "card")) {
          SourceRange r = terms_range(t, i, i + 2);
          if (ante.empty())
            ctx_.diags.report(DiagId::PronounWithoutAntecedent, r, std::string(ctx_.sources.text(r)));
          else
            u.references.push_back({RefKind::That, r, ante.back().range, "'" + ante.back().text + "'", ante.back().card_type});
          ++i;
          continue;
        }
        // "If it is not your turn", "If it is another player's first turn": "it" stands for no thing
        if (w == "it" && next == "is") {
          bool turn = false;
          for (size_t k = i + 2; k < t.size() && k < i + 11 && !turn; ++k) turn = word_is(*t[k], "turn");
          if (turn) continue;
        }
        // "Choose your performing Monk: Straighten him": the performer can be referred back to
        if (w == "performing" && prev == "your" && i + 1 < t.size()) {
          size_t k = i + 1;
          while (k + 1 < t.size() && t[k + 1]->kind == ast::TermKind::Word && is_upper(*t[k + 1])) ++k;
          int ct = lex_.card_type(possessive_stem(t[k]->text));
          SourceRange r = terms_range(t, i + 1, k + 1);
          ante.push_back({r, std::string(ctx_.sources.text(r)), ct >= 0 ? ct : lex_.card_type("Personality"), false});
          i = k;
          continue;
        }
        if (is_pronoun(w)) {
          // "If he would be opposed, move your target Personality ...": a pronoun in the condition that leads the
          // clause, with no person named before it, names the one the clause names after the condition
          if (auto ahead = forward_antecedent(u, *c, i, w, ante)) {
            pronoun(u, *t[i], w, {*ahead}, std::string());
            continue;
          }
          pronoun(u, *t[i], w, ante, i > 0 ? lower_word(*t[i - 1]) : std::string(), next);
          continue;
        }
        if ((w == "for" || w == "named" || w == "titled") && i + 1 < t.size()) {
          size_t refs = u.references.size();
          i = title(u, t, i + 1);
          if (u.references.size() > refs)  // "Search your deck for a Strike at the Center. Reveal it ..."
            ante.push_back({u.references.back().range, std::string(ctx_.sources.text(u.references.back().range)), -1});
          continue;
        }
        // The Oracle's short name: capitalised words of the card's own title ("Taruko" on "Komori Taruko") name
        // the card itself (003 Card title).
        if (size_t n = own_name_at(t, i)) {
          SourceRange r = terms_range(t, i, i + n);
          u.references.push_back({RefKind::ThisCard, r, {}, "this card (" + std::string(ctx_.sources.text(r)) + ")", own_type_});
          // named as a verb's object ("give Kuchika +2F and permanently give her **Tattooed**"), the card is what an
          // object pronoun after it names: it is not the subject an object pronoun names someone other than
          size_t vlen = 0;
          bool object_of_verb = i > 0 && ClauseReader(ctx_.profile).verb_at(std::span(t).subspan(i - 1), vlen) >= 0 && vlen == 1;
          ante.push_back({r, std::string(ctx_.sources.text(r)), own_type_, false, true});
          if (object_of_verb) named_objects_.push_back({r, c->range});
          i += n - 1;
          continue;
        }
        // Any card or entity noun can be referred back to ("Your Personalities ... while they ...").
        bool plural = false;
        if (int ct = lex_.card_type(possessive_stem(t[i]->text), &plural); ct >= 0)
          ante.push_back({t[i]->range, std::string(t[i]->text), ct, false});
        else if (Lexicon::entity_noun(w) || w == "opponent" ||
                 (w == "you" && next != "control" && next != "rule" && next != "own"))  // "a unit you control"
          ante.push_back({t[i]->range, std::string(t[i]->text), -1, false});
      }
      if (primitive_of(ctx_.profile, *c) == "discard") discarded = true;
    }
  }

 private:
  std::optional<Antecedent> forward_antecedent(const TextUnit& u, const Clause& c, size_t i, const std::string& w,
                                               const std::vector<Antecedent>& ante) const {
    const auto& t = c.all_terms;
    if ((w != "he" && w != "she") || c.conditions.empty() || t.empty()) return std::nullopt;
    const SourceRange cond = c.conditions.front();
    if (cond.begin != t.front()->range.begin || t[i]->range.end > cond.end) return std::nullopt;
    for (const Antecedent& a : ante)
      if (a.card_type >= 0 || a.target) return std::nullopt;
    for (size_t k = i + 1; k < t.size(); ++k) {
      if (t[k]->range.begin < cond.end) continue;
      if (word_is(*t[k], "target"))
        for (const Targeting& tg : u.targets)
          if (tg.range.begin == t[k]->range.begin || (k > 0 && tg.range.begin == t[k - 1]->range.begin))
            return Antecedent{tg.range, std::string(ctx_.sources.text(tg.range)), tg.card_type, true};
      if (size_t n = own_name_at(t, k)) {
        SourceRange r = terms_range(t, k, k + n);
        return Antecedent{r, std::string(ctx_.sources.text(r)), own_type_, false, true};
      }
    }
    return std::nullopt;
  }

  // How many words at t[i] are words of the card's own title used as its name ("Taruko", "Komori Taruko's"); 0 if
  // none. Not a card type, keyword or stat, and not a word that describes a following noun ("Akodo Personalities").
  size_t own_name_at(const std::vector<const ast::Term*>& t, size_t i) const {
    auto title_word = [&](size_t k) {
      if (k >= t.size() || !is_upper(*t[k])) return false;
      std::string w = possessive_stem(t[k]->text);
      // "The" and "And" only inside the title's words ("After The Great Death enters play": its full title)
      if (w.size() < 3 || ((w == "The" || w == "And") && (k + 1 >= t.size() || k != i || !card_.title.starts_with(w + " "))))
        return false;
      size_t len = 0;
      if (lex_.card_type(w) >= 0 || lex_.keyword_at(std::span(t).subspan(k), len) >= 0 || lex_.stat_at(std::span(t).subspan(k), len) >= 0)
        return false;
      for (size_t at = card_.title.find(w); at != std::string::npos; at = card_.title.find(w, at + 1)) {
        bool starts = at == 0 || !std::isalnum(static_cast<unsigned char>(card_.title[at - 1]));
        size_t e = at + w.size();
        bool ends = e == card_.title.size() || !std::isalnum(static_cast<unsigned char>(card_.title[e]));
        if (starts && ends) return true;
      }
      return false;
    };
    size_t n = 0;
    while (title_word(i + n)) {
      ++n;
      if (possessive_stem(t[i + n - 1]->text) != t[i + n - 1]->text) break;  // "Taruko's Force": the name ends
    }
    if (n == 0 || (i + n < t.size() && lex_.card_type(possessive_stem(t[i + n]->text)) >= 0 &&
                   possessive_stem(t[i + n - 1]->text) == t[i + n - 1]->text))
      return 0;
    return n;
  }

  // "this <noun>": the card itself, its bearer, a keyword test, or a context (001 This). Returns the last index used.
  size_t this_ref(TextUnit& u, const std::vector<const ast::Term*>& t, size_t i, bool this_any) {
    const ast::Term& noun = *t[i + 1];
    std::string n = lower_word_text(possessive_stem(noun.text));  // "this unit's AT"
    SourceRange r = SourceRange::join(t[i]->range, noun.range);
    if (n == "card") {
      u.references.push_back({RefKind::ThisCard, r, {}, "this card", own_type_});
      return i + 1;
    }
    if (n == "may" || n == "will" || n == "is" || n == "does" || n == "can" || n == "cannot" || n == "must") {
      u.references.push_back({RefKind::ThisEffect, t[i]->range, {}, "the previous effect", -1});
      return i;
    }
    bool context = std::find(std::begin(kContextNouns), std::end(kContextNouns), n) != std::end(kContextNouns);
    if (int ct = lex_.card_type(possessive_stem(noun.text)); ct >= 0 && !(context && ct != own_type_)) {
      const CardTypeDef& def = ctx_.profile.card_types[static_cast<size_t>(ct)];
      if (ct == own_type_) {
        u.references.push_back({RefKind::ThisCard, r, {}, "this card", ct});
      } else if (this_any) {
        u.references.push_back({RefKind::ThisCard, r, {}, "the card the text is granted to", ct});
      } else if (type_ && type_->attaches) {
        // 001 This: on an attachment, "this Personality" is the Personality in the attachment's unit.
        u.references.push_back({RefKind::ThisBearer, r, {}, "the " + def.name + " this card is attached to", ct});
      } else if (type_) {
        ctx_.diags.report(DiagId::ThisTypeMismatch, r, noun.text, type_->name, def.name);
      }
      return i + 1;
    }
    size_t len = 0;
    if (lex_.keyword_at(std::span(t).subspan(i + 1), len) >= 0) {
      std::string kw = words_text(t, i + 1, i + 1 + len);
      r = terms_range(t, i, i + 1 + len);
      bool has = std::any_of(card_.keywords.begin(), card_.keywords.end(),
                             [&](const ast::KeywordEntry& k) { return k.text == kw; });
      if (type_ && type_->attaches && has && !this_any) {
        // "After this Weapon attaches" on a Weapon: a keyword the attachment itself has names the attachment (001
        // This: other uses of "this" follow normal language)
        u.references.push_back({RefKind::ThisCard, r, {}, "this card (" + kw + ")", own_type_});
      } else if (type_ && type_->attaches) {
        // 001 This: "this Shugenja" on an attachment is the bearer if he is a Shugenja; else the reference fails.
        u.references.push_back({RefKind::ThisKeyword, r, {}, "the bearer, if it has " + kw, -1});
      } else if (type_ && type_->action && !has && !this_any) {
        // "this Shugenja" on a Spell or Strategy: the card performing the action (the caller keeps it as an
        // antecedent; the binder chooses the performer)
      } else if (has || this_any) {
        u.references.push_back({RefKind::ThisCard, r, {}, "this card (" + kw + ")", own_type_});
      } else {
        ctx_.diags.report(DiagId::ThisKeywordNotOnCard, r, kw, kw);
      }
      return i + len;
    }
    if (std::find(std::begin(kContextNouns), std::end(kContextNouns), n) != std::end(kContextNouns)) {
      u.references.push_back({RefKind::ThisContext, r, {}, "the current " + n, -1});
      return i + 1;
    }
    return i;  // "this" before another word is ordinary English
  }

  // The card named by its short name as the object of a verb ("give Kuchika +2F and permanently give her ..."): an
  // object pronoun after it in the same clause names it (an object pronoun otherwise names someone other than the
  // card, which calls itself "this Personality").
  bool named_object(const Antecedent& a, const ast::Term& term) const {
    for (const auto& [name, clause] : named_objects_)
      if (name == a.range && clause.begin <= term.range.begin && term.range.end <= clause.end) return true;
    return false;
  }

  void pronoun(TextUnit& u, const ast::Term& term, const std::string& w, const std::vector<Antecedent>& ante,
               const std::string& before, const std::string& after = std::string()) {
    bool person = w == "he" || w == "him" || w == "his" || w == "she" || w == "her" || w == "hers" ||
                  w == "himself" || w == "herself";
    // He/him/his refer back to a card (a person) or a player; it/they to anything named before.
    // An object pronoun ("This Personality challenges him", "bow him") names someone other than the card, which
    // calls itself "this Personality"; it falls back to the card only when nothing else was named.
    bool object = w == "him" || w == "her" || w == "them";
    // He/him/his name persons: cards of a type (Personalities), targets and players before plain "card" nouns.
    auto person_like = [&](const Antecedent& a) {
      // 003 Traits: a pronoun agrees with what it names: "him" names no card of a type that is no person (a
      // Follower), so "Choose your performing Personality and target a Follower: Attach it to him" is the Personality
      if (a.card_type >= 0 && !ctx_.profile.card_types[static_cast<size_t>(a.card_type)].person) return false;
      std::string n = lower_word_text(a.text);
      return a.card_type >= 0 || a.target || a.duelist || n == "player" || n == "players" || n == "opponent";
    };
    bool thing = w == "it" || w == "its" || w == "itself";
    auto fits = [&](const Antecedent& a) {
      std::string n = lower_word_text(a.text);
      if (thing && (n == "you" || n == "player" || n == "players" || n == "opponent" || n == "ruler" || n == "rulers"))
        return false;  // "it" is no player
      if ((w == "them" || w == "they" || w == "their") && n == "you") return false;  // "You may put them back": never you
      // "Put a +1F token on it": what a token is put on is a card, never the token (001 Token: tokens are not cards)
      if ((before == "on" || before == "onto") && (n == "token" || n == "tokens")) return false;
      return !person || a.card_type >= 0 || a.target || a.duelist || Lexicon::entity_noun(n);
    };
    // a phrase never names itself: "one of his attachments" inside "target and destroy one of his attachments"
    auto inside = [&](const Antecedent& a) { return a.range.begin <= term.range.begin && term.range.end <= a.range.end; };
    std::vector<Antecedent> outer;
    for (const Antecedent& a : ante)
      if (!inside(a)) outer.push_back(a);
    if (outer.size() != ante.size()) return pronoun(u, term, w, outer, before, after);
    auto it = ante.rend();
    // "move home a target Personality and himself": a reflexive after "and" is not the one it is joined to
    bool coordinated_reflexive = (w == "himself" || w == "herself") && before == "and";
    if (person)
      for (it = ante.rbegin(); it != ante.rend(); ++it)
        if (person_like(*it) && !(object && it->self && !named_object(*it, term)) && !std::exchange(coordinated_reflexive, false))
          break;
    // "Even if Kusugi is not at the current battlefield, bow him": a person before a place, even the card itself
    if (person && it == ante.rend())
      for (it = ante.rbegin(); it != ante.rend(); ++it)
        if (person_like(*it) && it->card_type >= 0) break;
    // "Target an enemy Personality: ... target and destroy a card without attachments in his unit": a card is no
    // person, and every card is in its own unit; "his unit" is the unit of the person named before it
    if (person && w == "his" && after == "unit" && it != ante.rend() && it->target && it->card_type < 0 &&
        lower_word_text(it->text).ends_with(" card"))
      for (auto earlier = std::next(it); earlier != ante.rend(); ++earlier)
        if (earlier->card_type >= 0 && !earlier->self) {
          it = earlier;
          break;
        }
    if (it == ante.rend())
      for (it = ante.rbegin(); it != ante.rend(); ++it)
        if (fits(*it) && !(object && it->self)) break;
    if (it == ante.rend())
      for (it = ante.rbegin(); it != ante.rend(); ++it)
        if (fits(*it)) break;
    if (it == ante.rend()) {
      ctx_.diags.report(DiagId::PronounWithoutAntecedent, term.range, term.text);
      return;
    }
    u.references.push_back({RefKind::Pronoun, term.range, it->range, "'" + it->text + "'", it->card_type});
  }

  static std::string lower_word_text(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  }

  // "for a Strike at the Center": a capitalised phrase after for/named/titled is a title unless it is a
  // card type or keyword (003 Card title: capitalised; partial titles never match). Returns the last index used.
  size_t title(TextUnit& u, const std::vector<const ast::Term*>& t, size_t i) {
    size_t start = i;
    std::string a = lower_word(*t[start]);
    if (a == "a" || a == "an" || a == "the") ++start;
    if (start >= t.size() || !is_upper(*t[start]) || t[start]->bold) return i - 1;
    size_t end = start;
    size_t last_upper = start;
    while (end < t.size() && t[end]->kind == ast::TermKind::Word) {
      std::string w = lower_word(*t[end]);
      bool connector = std::find(std::begin(kTitleConnectors), std::end(kTitleConnectors), w) != std::end(kTitleConnectors);
      if (!is_upper(*t[end]) && !connector) break;
      if (is_upper(*t[end])) last_upper = end;
      ++end;
    }
    end = last_upper + 1;
    // A card type, keyword, stat or resource is not a title ("Search your deck for a Samurai").
    size_t len = 0;
    if (lex_.card_type(t[start]->text) >= 0 || (lex_.keyword_at(std::span(t).subspan(start), len) >= 0 && len == end - start) ||
        lex_.stat_at(std::span(t).subspan(start), len) >= 0 || lex_.resource_at(std::span(t).subspan(start), len) >= 0)
      return i - 1;
    if (end - start == 1 && lex_.keyword_at(std::span(t).subspan(start), len) >= 0) return i - 1;
    std::string phrase = words_text(t, start, end);
    SourceRange r = terms_range(t, start, end);
    if (titles_.count(phrase)) {
      u.references.push_back({RefKind::Title, r, {}, "the card titled '" + phrase + "'", -1});
      return end - 1;
    }
    for (const auto& title : titles_) {
      // Whole-word part of a longer title: "Strike" in "Strike at the Center".
      std::string padded = " " + title + " ";
      if (padded.find(" " + phrase + " ") != std::string::npos) {
        ctx_.diags.report(DiagId::PartialTitleReference, r, phrase, title);
        return end - 1;
      }
    }
    if (end - start < 2) return i - 1;  // one capitalised word: a name we cannot tell from a noun
    auto& d = ctx_.diags.report(DiagId::UnknownCardTitle, r, phrase);
    std::vector<std::string> known(titles_.begin(), titles_.end());
    if (auto best = closest(phrase, known)) {
      d.fix(r, *best);
      d.note({}, "did you mean '" + *best + "'?");
    }
    return end - 1;
  }

  std::vector<std::pair<SourceRange, SourceRange>> named_objects_;  // (the name, its clause): named_object
  CheckContext& ctx_;
  Lexicon lex_;
  const ast::Card& card_;
  const std::set<std::string>& titles_;
  const CardTypeDef* type_;
  int own_type_;
};

}  // namespace

void resolve_references(CheckContext& ctx) {
  std::set<std::string> titles;
  for (const auto& c : ctx.set.cards)
    if (!c.title.empty()) titles.insert(c.title);
  const Lexicon& lex = ctx.lexicon();
  for (CardReading& r : ctx.readings) {
    DiagnosticEngine::CardScope scope(ctx.diags, r.card->title);
    Resolver res(ctx, *r.card, titles, lex);
    for_each_unit(r.units, [&](TextUnit& u, bool embedded) { res.unit(u, embedded); });
  }
}

}  // namespace cardc
