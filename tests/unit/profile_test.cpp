#include <deque>
#include <map>
#include <set>
#include <gtest/gtest.h>

#include "base/read_file.h"
#include "profile/load_profile.h"
#include "sema/clause_reader.h"
#include "sema/lexicon.h"
#include "test_support.h"

namespace cardc {

namespace {
std::unique_ptr<GameProfile> load(test::Parsed& p) { return load_profile(*p.profile, *p.diags); }
}  // namespace

TEST(Profile, ModelFromDeclarations) {
  auto p = test::parse_game(
      "game legends \"L5R\"\n"
      "policy modifier order = rule 523\n"
      "stat Force (F)\n"
      "stat Honor Requirement (HR) [floor = none, dash is lowest]\n"
      "player stat Family Honor [floor = none]\n"
      "resource Honor [player stat = Family Honor]\n"
      "card type Item: Force (modifier) [attaches]\n"
      "designator Battle\n"
      "keyword Experienced [prefix]\n"
      "keyword Clan: Lion Clan\n"
      "verb Bow [primitive = bow]\n");
  auto g = load(*p);
  EXPECT_EQ(p->diags->errors(), 0u);
  EXPECT_EQ(g->modifier_order, ModifierOrder::Rule523);
  ASSERT_TRUE(g->stat("HR").has_value());
  EXPECT_EQ(g->stats[*g->stat("HR")].floor, Floor::None);
  EXPECT_TRUE(g->stats[*g->stat("Honor Requirement")].dash_is_lowest);
  const CardTypeDef* item = g->card_type("Item");
  ASSERT_TRUE(item);
  EXPECT_TRUE(item->attaches);
  ASSERT_TRUE(item->slot(*g->stat("F")));
  EXPECT_TRUE(item->slot(*g->stat("F"))->modifier);
  // 003 Keywords EXCEPTION: any keyword containing Experienced is an Experienced keyword.
  EXPECT_TRUE(g->keyword("Experienced 2 Akodo Kage"));
  EXPECT_EQ(g->keyword("Lion Clan")->family, "Clan");
  // 003 Keywords: a part of a keyword is not the keyword.
  EXPECT_FALSE(g->keyword("Lion"));
}

// A keyword action is the profile's (docs/language.md, Keyword actions): another game declares its own, with its
// targets, what it does, the stat its strength reaches and where the strength is printed; its other spellings are
// verbs of the same action.
TEST(Profile, KeywordActionsAreDeclared) {
  auto p = test::parse_game(
      "game skirmish\n"
      "stat Armor (A)\n"
      "stat Might (M) [role = force]\n"
      "card type Soldier: Armor, Might\n"
      "card type Banner [attaches]\n"
      "card type Tower: Armor\n"
      "designator Battle\n"
      "verb Volley Strike (Loose a Volley): Soldier (without Banner), Tower [primitive = attack, keyword action = destroy, attack = ranged, reaches = Might, strength after = Volley]\n"
      "verb Taunt: Soldier [primitive = bow, keyword action = bow, reaches = Armor]\n");
  auto g = load(*p);
  EXPECT_EQ(p->diags->errors(), 0u);
  ASSERT_EQ(g->keyword_actions.size(), 2u);
  const KeywordActionDef& volley = g->keyword_actions[0];
  EXPECT_EQ(volley.primitive, "destroy");
  EXPECT_EQ(volley.attack, "ranged");
  EXPECT_EQ(volley.stat, *g->stat("Might"));
  EXPECT_EQ(volley.strength_at, 1u);  // "Volley 3 Strike"
  ASSERT_EQ(volley.targets.size(), 2u);
  EXPECT_EQ(volley.targets[0].card_type, 0u);
  EXPECT_EQ(volley.targets[0].without, 1);  // a Soldier with no Banner attached
  EXPECT_EQ(volley.targets[1].without, -1);
  EXPECT_EQ(g->keyword_actions[1].strength_at, 1u);  // "Taunt 2": after the whole name
  EXPECT_EQ(g->keyword_actions[1].attack, "");
  // its verbs: the whole name, the words before the strength, the other name
  std::vector<std::pair<std::string, int>> verbs;
  for (const VerbDef& v : g->verbs) verbs.emplace_back(v.name, v.action);
  EXPECT_EQ(verbs, (std::vector<std::pair<std::string, int>>{{"Volley Strike", 0}, {"Volley", 0}, {"Loose a Volley", 0}, {"Taunt", 1}}));

  // each wrong part is named: an effect the runtime does not do to a card, an attack kind, a stat, a card type, the
  // strength's place, an attack whose stat is not the force the runtime's attacks compare
  for (const char* bad : {"verb Hex: Soldier [primitive = bow, keyword action = draw, reaches = Armor]",
                          "verb Hex: Soldier [primitive = bow, keyword action = bow, attack = thrown, reaches = Armor]",
                          "verb Hex: Soldier [primitive = bow, keyword action = bow, reaches = Luck]",
                          "verb Hex: Dragon [primitive = bow, keyword action = bow, reaches = Armor]",
                          "verb Hex: Soldier (with Banner) [primitive = bow, keyword action = bow, reaches = Armor]",
                          "verb Hex Bolt [primitive = bow, keyword action = bow, reaches = Armor]",
                          "verb Hex Bolt: Soldier [primitive = bow, keyword action = bow, reaches = Armor, strength after = Bolt]",
                          "verb Hex: Soldier [primitive = attack, keyword action = destroy, attack = melee, reaches = Armor]"}) {
    auto q = test::parse_game(std::string("game skirmish\nstat Armor (A)\nstat Might (M) [role = force]\ncard type Soldier: Armor\n"
                                          "card type Banner [attaches]\ndesignator Battle\n") + bad + "\n");
    auto h = load(*q);
    EXPECT_EQ(q->diags->errors(), 1u) << bad;
    EXPECT_TRUE(h->keyword_actions.empty()) << bad;
  }
}

// A description by a stat is the profile's (003 Personal Honor: "dishonorable" is a Personality with at most zero
// Personal Honor): its card type, a stat that type has, one bound; declared before or after the card type.
TEST(Profile, DescriptionsAreDeclared) {
  auto p = test::parse_game(
      "game skirmish\n"
      "description dishonorable: Soldier [stat = Honor, at most = 0]\n"
      "description veteran: Soldier [stat = Might, at least = 3]\n"
      "stat Honor (H)\n"
      "stat Might (M)\n"
      "card type Soldier: Honor, Might\n"
      "card type Banner: Might [attaches]\n"
      "designator Battle\n"
      "verb Bow [primitive = bow]\n");
  auto g = load(*p);
  EXPECT_EQ(p->diags->errors(), 0u);
  ASSERT_EQ(g->descriptions.size(), 2u);
  EXPECT_EQ(g->descriptions[0].name, "dishonorable");
  EXPECT_EQ(g->descriptions[0].card_type, 0u);
  EXPECT_EQ(g->descriptions[0].stat, *g->stat("Honor"));
  EXPECT_TRUE(g->descriptions[0].at_most);
  EXPECT_EQ(g->descriptions[0].bound, 0);
  EXPECT_FALSE(g->descriptions[1].at_most);
  EXPECT_EQ(g->descriptions[1].bound, 3);
  // each wrong part is named: no card type or two, a stat the card type does not have, no bound or two, a bound that
  // is no number
  for (const char* bad : {"description dishonorable [stat = Honor, at most = 0]",
                          "description dishonorable: Soldier, Banner [stat = Honor, at most = 0]",
                          "description dishonorable: Dragon [stat = Honor, at most = 0]",
                          "description dishonorable: Banner [stat = Honor, at most = 0]",
                          "description dishonorable: Soldier [at most = 0]",
                          "description dishonorable: Soldier [stat = Honor]",
                          "description dishonorable: Soldier [stat = Honor, at most = 0, at least = 1]",
                          "description dishonorable: Soldier [stat = Honor, at most = none]"}) {
    auto q = test::parse_game(std::string("game skirmish\nstat Honor (H)\nstat Might (M)\ncard type Soldier: Honor, Might\n"
                                          "card type Banner: Might [attaches]\ndesignator Battle\nverb Bow [primitive = bow]\n") + bad + "\n");
    auto h = load(*q);
    EXPECT_EQ(q->diags->errors(), 1u) << bad;
    EXPECT_TRUE(h->descriptions.empty()) << bad;
  }
}

TEST(Profile, ChecksReportEveryProblem) {
  auto p = test::parse_game(
      "game g\n"
      "stat Force (F)\n"
      "stat Force (Fo)\n"                            // ProfileDuplicate
      "card type Personality: Force, Wisdom\n"       // ProfileUnknownStat
      "designator Battle [timing = fast]\n"          // ProfileUnknownAttribute
      "policy modifier order = alphabetical\n"       // ProfileBadPolicy
      "verb Bow [primitive = curtsey]\n");           // ProfileBadPolicy
  auto g = load(*p);
  std::vector<std::string> names;
  for (const auto& d : p->diags->sorted()) names.emplace_back(diag_info(d.id).name);
  EXPECT_EQ(names, (std::vector<std::string>{"ProfileDuplicate", "ProfileUnknownStat", "ProfileUnknownAttribute",
                                             "ProfileBadPolicy", "ProfileBadPolicy"}));
}

// Issue 24: the profile's lookups go through indexes, not walks of its lists (a profile of 100,000 stats made
// checking, compiling and loading quadratic). Not a timing test: it counts the spellings a lookup compares with.
TEST(Profile, LookupsCompareWithAFewSpellingsWhateverTheSize) {
  std::string text = "game g\ncard type Thing\ndesignator Battle\nverb Bow [primitive = bow]\n";
  constexpr int n = 5000;
  auto word = [](int i) {
    std::string w;  // letters only: profile names are words
    for (int k = i + 26 * 26; k; k /= 26) w.insert(w.begin(), static_cast<char>('a' + k % 26));
    return w;
  };
  auto name = [&](int i) { return "Stat " + word(i); };
  for (int i = 0; i < n; ++i) text += "stat " + name(i) + " (X" + word(i) + ")\n";
  for (int i = 0; i < n; ++i) text += "keyword Kw " + word(i) + "\n";
  auto p = test::parse_game(text);
  auto g = load(*p);
  EXPECT_EQ(p->diags->errors(), 0u);
  ASSERT_EQ(g->stats.size(), size_t(n));
  size_t comparisons = 0;
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(g->stat(name(i)), size_t(i));
    ASSERT_EQ(g->stat("X" + word(i)), size_t(i));  // by abbreviation
    ASSERT_TRUE(g->keyword("Kw " + word(i)));
    comparisons += g->indexes().stats.comparisons(name(i)) + g->indexes().keywords.comparisons("Kw " + word(i));
  }
  // A walk of the lists compares with n/2 spellings a lookup on average (1.25e7 here).
  EXPECT_LE(comparisons, size_t(8) * n);
  EXPECT_FALSE(g->stat("Stat"));
}

TEST(Profile, ASpellingNamesTheFirstStatDeclaredWithIt) {
  // One stat's abbreviation is another's name: the first declared keeps it, as a walk of the list found it.
  GameProfile g;
  StatDef force, chi;
  force.name = "Force";
  force.abbrevs = {"Chi"};
  chi.name = "Chi";
  chi.abbrevs = {"C"};
  g.add_stat(force);
  g.add_stat(chi);
  EXPECT_EQ(g.stat("Chi"), size_t(0));
  EXPECT_EQ(g.stat("C"), size_t(1));
  KeywordDef experienced;
  experienced.name = "Experienced";
  experienced.prefix = true;
  g.add_keyword(experienced);
  EXPECT_EQ(g.keyword("Experienced 2 Akodo Kage"), &g.keywords[0]);
  EXPECT_EQ(g.keyword("Experiencedx"), nullptr);
}

// ClauseReader's lookups go through the profile's index of phrases by first word: a word as printed in any case finds
// the longest verb declared that starts there, the first declared of a third-person form, the event named whole.
TEST(Profile, VerbsAndEventsAreFoundByTheirFirstWord) {
  auto p = test::parse_game(
      "game legends \"L5R\"\n"
      "stat Force (F)\n"
      "card type Personality: Force\n"
      "designator Battle\n"
      "verb Bow [primitive = bow]\n"
      "verb Carry [primitive = bow]\n"
      "verb Bow out [primitive = destroy]\n"
      "event enters play [subject = card, signal = enter play]\n");
  auto g = load(*p);
  ASSERT_EQ(p->diags->errors(), 0u);
  // a term's text is a view of its source: the words live as long as the test
  std::deque<std::string> source;
  auto terms = [&](std::vector<std::string> words) {
    std::vector<ast::Term> out;
    for (auto& w : words) {
      ast::Term t;
      t.kind = ast::TermKind::Word;
      t.text = source.emplace_back(std::move(w));
      out.push_back(t);
    }
    return out;
  };
  ClauseReader reader(*g);
  auto find = [&](const std::vector<ast::Term>& t, size_t& len) {
    std::vector<const ast::Term*> ptrs;
    for (const auto& x : t) ptrs.push_back(&x);
    return reader.verb_at(ptrs, len);
  };
  size_t len = 0;
  EXPECT_EQ(find(terms({"BOW", "Out", "him"}), len), 2);  // the longest, whatever the case
  EXPECT_EQ(len, 2u);
  EXPECT_EQ(find(terms({"bow", "him"}), len), 0);
  EXPECT_EQ(len, 1u);
  EXPECT_EQ(find(terms({"bows"}), len), -1);
  int verb = -1;
  EXPECT_TRUE(reader.third_person_verb("carries", verb));
  EXPECT_EQ(verb, 1);
  EXPECT_TRUE(reader.third_person_verb("bows", verb));
  EXPECT_EQ(verb, 0);
  EXPECT_FALSE(reader.third_person_verb("bow", verb));
  auto event = terms({"Enters", "play"});
  std::vector<const ast::Term*> ev{&event[0], &event[1]};
  EXPECT_EQ(reader.event_named(ev), 0);
  EXPECT_EQ(reader.event_named(std::span(ev).first(1)), -1);
}

TEST(Profile, PhraseWordsAreLowerCase) {
  EXPECT_EQ(phrase_words("Enters  Play"), (std::vector<std::string>{"enters", "play"}));
}

// The classifier asks each lookup of profile names only at a word of its table's Lexicon::first_word_forms: every name
// a lookup finds starts at one of those forms, or the classifier would miss it. Each
// spelling of the bundled legends profile, as printed and lower-cased, its last word also in the plural forms the
// lookups accept ("Personalities", "Courtiers", "prayer tokens").
TEST(Profile, EveryNameTheLexiconFindsStartsAtOneOfItsFirstWordForms) {
  auto p = test::parse_game(read_file(std::string(CARDC_SOURCE_DIR) + "/cards/legends/legends.game"));
  auto g = load(*p);
  ASSERT_EQ(p->diags->errors(), 0u);
  Lexicon lex(*g);
  using Names = Lexicon::Names;
  std::map<Names, std::set<std::string>> forms;
  for (Names n : {Names::Stats, Names::Resources, Names::Statuses, Names::Durations, Names::Keywords, Names::CardTypes})
    for (std::string& w : lex.first_word_forms(n)) forms[n].insert(std::move(w));
  std::vector<std::string> names;
  for (const auto& s : g->stats) {
    names.push_back(s.name);
    for (const auto& a : s.abbrevs) names.push_back(a);
  }
  for (const auto& r : g->resources) {
    names.push_back(r.name);
    for (const auto& a : r.abbrevs) names.push_back(a);
    names.push_back(r.player_stat);
  }
  for (const auto& s : g->statuses) {
    names.push_back(s.name);
    for (const auto& a : s.abbrevs) names.push_back(a);
  }
  for (const auto& k : g->keywords) names.push_back(k.name);
  for (const auto& c : g->card_types) names.push_back(c.name);
  for (const auto& d : g->durations) {
    std::string n;
    for (const auto& w : d.words) n += (n.empty() ? "" : " ") + w;
    names.push_back(n);
  }
  std::deque<std::string> source;  // the terms' words live as long as the test
  size_t found = 0;
  for (const std::string& name : names) {
    if (name.empty()) continue;
    for (std::string suffix : {"", "s", "es", "ies"}) {
      std::string spelled = name;
      if (suffix == "ies") {
        if (spelled.back() != 'y') continue;
        spelled.pop_back();
      }
      spelled += suffix;
      for (bool lower : {false, true}) {
        std::string text = spelled;
        if (lower)
          for (char& c : text) c = ascii_lower(c);
        std::vector<ast::Term> terms;
        for (size_t at = 0; at <= text.size();) {
          size_t end = std::min(text.find(' ', at), text.size());
          ast::Term t;
          t.kind = ast::TermKind::Word;
          t.text = source.emplace_back(text.substr(at, end - at));
          terms.push_back(t);
          at = end + 1;
        }
        std::vector<const ast::Term*> words;
        for (const auto& t : terms) words.push_back(&t);
        std::string first(terms[0].text);
        for (char& c : first) c = ascii_lower(c);
        size_t len = 0;
        auto check = [&](Names n, int id) {
          if (id < 0) return;
          ++found;
          EXPECT_TRUE(forms[n].contains(first)) << "'" << text << "' is named, at a word no form of its table lists: '" << first << "'";
        };
        check(Names::Durations, lex.duration_at(words, len));
        check(Names::Stats, lex.stat_at(words, len));
        check(Names::Resources, lex.resource_at(words, len));
        check(Names::Statuses, lex.status_at(words, len));
        check(Names::Keywords, lex.keyword_at(words, len));
        check(Names::CardTypes, lex.card_type(terms[0].text));
      }
    }
  }
  EXPECT_GT(found, names.size());  // the names as printed, and some of their plurals
}

}  // namespace cardc
