// The migration of docs/meaning.md: a card the wording grammar read whole is lowered from its meaning. On every
// bundled and scenario set, the lowering's IR is compared with the binder's, card by card: each difference must be a
// fix named here (with the rule that makes it one), never a regression.
#include <gtest/gtest.h>

#include <filesystem>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <set>
#include <algorithm>
#include <cctype>

#include "base/read_file.h"
#include "bind/binder.h"
#include "ir/ir.h"
#include "parse/parser.h"
#include "profile/load_profile.h"
#include "sema/pipeline.h"

namespace cardc {

namespace {

namespace fs = std::filesystem;

// The same test whatever the order its words gave: a filter's conjuncts (pure queries) flattened and sorted, a
// conjunct that is the constant true dropped ("and(1, x)" is "x").
void canonical(ir::Node& n) {
  for (auto& k : n.kids) canonical(k);
  if (n.op != ir::Op::And) return;
  std::vector<ir::Node> terms;
  std::function<void(ir::Node&)> flatten = [&](ir::Node& x) {
    if (x.op == ir::Op::And) {
      for (auto& k : x.kids) flatten(k);
    } else {
      terms.push_back(std::move(x));
    }
  };
  for (auto& k : n.kids) flatten(k);
  std::erase_if(terms, [](const ir::Node& x) { return x.op == ir::Op::Const && x.value != 0; });
  if (terms.empty()) terms.push_back(ir::Node{ir::Op::Const, 1, {}, {}, {}});
  if (terms.size() == 1) {
    ir::Node only = std::move(terms[0]);
    n = std::move(only);
    return;
  }
  ir::Module one;
  auto key = [&](const ir::Node& x) {
    ir::Function f;
    f.body = ir::block({ir::ret(x)});
    one.functions = {f};
    return ir::print(one);
  };
  std::sort(terms.begin(), terms.end(), [&](const ir::Node& a, const ir::Node& b) { return key(a) < key(b); });
  n.kids = std::move(terms);
}


struct Bound {
  // per card, in set order: its title and the listing of its functions from each path
  std::vector<std::string> titles, words, meaning;
  std::string words_register, meaning_register;
  size_t lowered = 0;
};

// The listing of each card's functions (named c<index>_...), and of the register function. A function's name ends in a
// counter of the module's functions, which runs on past a card only one path compiles: each name is spelled as the
// card's index and the function's place among the card's functions, so the cards after such a card compare alike.
void split(ir::Module m, size_t cards, std::vector<std::string>& per_card, std::string& reg) {
  per_card.assign(cards, "");
  std::vector<std::pair<std::string, std::string>> names;  // the module's name, the name compared
  std::vector<size_t> seen(cards, 0);
  for (const auto& f : m.functions) {
    size_t index = 0;
    if (f.kind != ir::FnKind::Register && std::sscanf(f.name.c_str(), "c%zu_", &index) == 1 && index < cards)
      names.emplace_back("@" + f.name, "@c" + std::to_string(index) + "_fn" + std::to_string(seen[index]++));
  }
  // longest first: "@c0_x_filter1" is a prefix of "@c0_x_filter10"
  std::sort(names.begin(), names.end(), [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  auto renamed = [&](std::string text) {
    for (const auto& [from, to] : names)
      for (size_t at = text.find(from); at != std::string::npos;) {
        const char next = at + from.size() < text.size() ? text[at + from.size()] : ' ';
        if (std::isalnum(static_cast<unsigned char>(next)) || next == '_') {  // a longer name this one begins
          at = text.find(from, at + from.size());
          continue;
        }
        text.replace(at, from.size(), to);
        at = text.find(from, at + to.size());
      }
    return text;
  };
  // a function's address by the name compared (printed alone, a function would name index i of a module of one)
  std::vector<std::string> compared(m.functions.size());
  for (size_t i = 0; i < m.functions.size(); ++i) compared[i] = renamed("@" + m.functions[i].name);
  std::function<void(ir::Node&)> addresses = [&](ir::Node& n) {
    for (auto& k : n.kids) addresses(k);
    if (n.op == ir::Op::FnRef)
      n = ir::str(n.value >= 0 && static_cast<size_t>(n.value) < compared.size() ? compared[static_cast<size_t>(n.value)] : "@?");
  };
  for (auto& f : m.functions) {
    addresses(f.body);
    canonical(f.body);
    ir::Module one;
    one.functions = {f};
    std::string text = renamed(ir::print(one));
    size_t index = 0;
    if (f.kind == ir::FnKind::Register) reg = text;
    else if (std::sscanf(f.name.c_str(), "c%zu_", &index) == 1 && index < cards) per_card[index] += text;
  }
}

std::optional<Bound> bind_both(const fs::path& set_path) {
  SourceManager sm;
  DiagnosticEngine diags(sm);
  std::string error;
  FileId f = sm.load(set_path.string(), error, 16u << 20);
  if (f == kNoFile) return std::nullopt;
  auto set = parse_card_set(sm, f, diags);
  if (!set || set->game.empty()) return std::nullopt;
  fs::path game = fs::path(CARDC_SOURCE_DIR) / "cards" / set->game / (set->game + ".game");
  if (fs::exists(set_path.parent_path() / (set->game + ".game"))) game = set_path.parent_path() / (set->game + ".game");
  FileId g = sm.load(game.string(), error, 16u << 20);
  if (g == kNoFile) return std::nullopt;
  auto profile_ast = parse_profile(sm, g, diags);
  if (!profile_ast) return std::nullopt;
  auto profile = load_profile(*profile_ast, diags);
  CheckContext ctx{sm, *profile, *set, diags, {}};
  run_sema(ctx);
  Bound b;
  for (const auto& c : set->cards) b.titles.push_back(c.title);
  BindResult words = bind_card_set(ctx, "", "", false);
  BindResult meaning = bind_card_set(ctx, "", "", true);
  split(std::move(words.module), set->cards.size(), b.words, b.words_register);
  split(std::move(meaning.module), set->cards.size(), b.meaning, b.meaning_register);
  b.lowered = meaning.cards_lowered;
  return b;
}

// The first line where two listings differ, with a little context.
std::string first_difference(const std::string& a, const std::string& b) {
  size_t i = 0, line = 1;
  while (i < a.size() && i < b.size() && a[i] == b[i]) line += a[i++] == '\n';
  auto around = [&](const std::string& s) {
    size_t from = s.rfind('\n', i == 0 ? 0 : i - 1);
    from = from == std::string::npos ? 0 : from + 1;
    return s.substr(from, 240);
  };
  return "line " + std::to_string(line) + "\n  binder:   " + around(a) + "\n  lowering: " + around(b);
}

std::vector<fs::path> sets() {
  std::vector<fs::path> out;
  for (const char* dir : {"cards", "tests/scenarios", "tests/meaning"})
    for (const auto& e : fs::recursive_directory_iterator(fs::path(CARDC_SOURCE_DIR) / dir))
      if (e.path().extension() == ".cards") out.push_back(e.path());
  // a folder of more sets to compare, outside the repository (an imported corpus: docs/meaning.md)
  if (const char* more = std::getenv("CARDC_MEANING_COMPARE_DIR"))
    for (const auto& e : fs::recursive_directory_iterator(more))
      if (e.path().extension() == ".cards") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// Cards the binder refuses and the lowering compiles, each with the rule that makes the lowering's reading right (a
// card the binder compiles must still give the same IR). Their sets' register functions differ by those cards.
struct NamedFix {
  const char* set;
  const char* title;
  const char* rule;
};
constexpr NamedFix kFixes[] = {
    {"tests/scenarios/legends/granted_traits.cards", "Lantern Shrine", "003 Embedded text: 'Your Samurai Personalities have the ability, \"...\"', granted while the trait holds (the binder read no such statement)"},
    {"tests/scenarios/legends/card_costs.cards", "Offering of Insight", "003 Abilities C: 'Discard a card: ... the card's Focus Value', the card of your hand discarded as the cost (the binder refused 'the card' after a cost)"},
    {"tests/scenarios/legends/sign_choices.cards", "Fickle Blessing", "001 Target: '+2F or -2F' on a target chosen before the choice (the binder refused it)"},
    {"tests/scenarios/terrus/defined_x.cards", "Ember Drake", "000 7.4: X the text defines, as the effect resolves"},
    {"tests/scenarios/terrus/defined_x.cards", "Census Wyrm", "000 7.4: X the text defines, as the effect resolves"},
    {"tests/scenarios/terrus/defined_x.cards", "Mirror Serpent", "000 7.4: X the text defines, as the effect resolves"},
    {"tests/scenarios/terrus/defined_x.cards", "Counting Crow", "000 7.4: X the text defines, as the effect resolves"},
    {"tests/scenarios/legends/attach_requirements.cards", "Blessed Tanto", "001 Attach: 'Will not attach to a Shadowlands Personality', never to such a bearer"},
    {"tests/meaning/attachments.cards", "Sacred Tanto", "001 Attach: 'Will not attach to a Shadowlands Personality', never to such a bearer"},
    {"tests/scenarios/legends/per_card_amounts.cards", "Counting Daimyo", "003 Stats: '+1F/+1C for each Ring you control', both changes fluctuating with the count"},
    {"tests/scenarios/legends/unit_sets.cards", "Bitter Lesson", "001 This: 'a target Follower in his unit', the unit of the Personality targeted before it (the binder named the Follower itself and now refuses it)"},
    {"tests/meaning/card_sets.cards", "Yogo Tadashi", "003 Personal Honor: 'if he is Ninja, Shadowlands, or dishonorable', a description of the profile among the keywords"},
    {"tests/scenarios/heroes/stat_operations.cards", "Tripling Rune", "002 523: 'Its ATK is multiplied by 3', a multiplication (the binder reads no such sentence)"},
    {"tests/scenarios/heroes/stat_operations.cards", "Halving Curse", "002 523: 'Halve the ATK of target creature', a division rounded down (the binder had no halving)"},
    {"tests/scenarios/heroes/stat_operations.cards", "Splitting Word", "002 523: 'Its ATK is divided by 2, rounded down', a division (the binder had no division)"},
    {"tests/scenarios/heroes/stat_operations.cards", "Ceiling Curse", "002 523: 'Its ATK is divided by 3, rounded up', a division rounded up (the binder had no division)"},
    {"tests/scenarios/heroes/stat_operations.cards", "Sundering Hex", "002 523: 'Reduce the ATK of target creature by half', a division (the binder had no halving)"},
    {"tests/scenarios/heroes/stat_operations.cards", "Stone Mark", "002 523: 'Its ATK is set to 6', a set said of the stat (the binder reads 'Set ... to' alone)"},
    {"tests/meaning/stat_operations.cards", "Tripling Rune", "002 523: 'Its ATK is multiplied by 3', a multiplication (the binder reads no such sentence)"},
    {"tests/meaning/stat_operations.cards", "Halving Curse", "002 523: 'Halve the ATK of target creature', a division rounded down (the binder had no halving)"},
    {"tests/meaning/stat_operations.cards", "Ceiling Curse", "002 523: 'Its ATK is divided by 3, rounded up', a division rounded up (the binder had no division)"},
    {"tests/meaning/stat_operations.cards", "Sundering Hex", "002 523: 'Reduce the ATK of target creature by half', a division (the binder had no halving)"},
    {"tests/meaning/stat_operations.cards", "Stone Mark", "002 523: 'Its ATK is set to 6', a set said of the stat (the binder reads 'Set ... to' alone)"},
    {"tests/scenarios/legends/non_keywords.cards", "Sifting the Ashes", "003 Keywords: 'a non-Ring card', a card of another type (the binder read 'non-' before a keyword alone)"},
    {"tests/meaning/non_keywords.cards", "Gleaning", "003 Keywords: 'a non-Ring card', a card of another type (the binder read 'non-' before a keyword alone)"},
    {"tests/scenarios/legends/base_values.cards", "Measured Glance", "003 Stats: 'with 3 or lower printed Force', the base value printed on the card (the binder read 'base' only after 'than')"},
    {"tests/scenarios/legends/base_values.cards", "Lineage Tax", "003 Stats: 'Honor equal to his base Personal Honor', the base value (the binder read no base value in an amount)"},
    {"tests/meaning/base_values.cards", "Old Ledger", "003 Stats: 'with 4 or lower base Gold Cost', the base value printed on the card (the binder read 'base' only after 'than')"},
    {"tests/meaning/base_values.cards", "Weighing of Names", "003 Stats: 'Honor equal to his printed Personal Honor', the base value (the binder read no base value in an amount)"},
    {"tests/scenarios/legends/action_triggers.cards", "Watchful Magistrate", "001 Targeting: 'another player's Open action targets this Personality', an action of that designator (the binder read Battle alone)"},
    {"tests/scenarios/legends/action_triggers.cards", "Wary Courtier", "003 Abilities: 'After the action targets this Personality', any action an Interrupt answers (the binder refused 'the action' before 'targets')"},
    {"tests/scenarios/legends/action_triggers.cards", "Gate of Welcome", "003 Abilities: 'After the action Recruits a Personality from a Province', the card recruited has just left one (the binder refused 'from')"},
    {"tests/scenarios/legends/action_triggers.cards", "Teaching of the Void", "001 Attach: 'After you Equip this Spell to a Void Shugenja', only to such a card (the binder read any Equip of the Spell, and now refuses the words)"},
    {"tests/meaning/action_triggers.cards", "Lesson of Emptiness", "001 Attach: 'After you Equip this Spell to a Void Shugenja', only to such a card (the binder read any Equip of the Spell, and now refuses the words)"},
    {"tests/meaning/action_triggers.cards", "Isawa Ito", "001 Targeting: 'your Open action targets one of your Followers', an action of that designator (the binder read Battle alone)"},
    {"tests/meaning/action_triggers.cards", "Hall of Banners", "003 Abilities: 'After an action Recruits a Samurai Personality from a Province', the card recruited has just left one (the binder refused 'from')"},
    {"tests/meaning/invest.cards", "Patient Investor", "Invest (the profile's optional event named alone): after this card enters play, its player may pay to get the effect (the binder read the trigger as any card entering play, not optional)"},
    {"tests/meaning/invest.cards", "Growing Orchard", "Invest (the profile's optional event named alone): after this card enters play, its player may pay to get the effect (the binder read the trigger as any card entering play, not optional)"},
    {"tests/meaning/otherwise.cards", "Path of the Judge", "003 Embedded text: 'the ability, \"... Destroy him.\" Otherwise, ...', the quote's period ends the sentence around it (the binder refused the sentence after it)"},
    {"tests/meaning/base_values.cards", "Humbling Stare", "003 Stats: 'with 3 or lower printed Force', the base value printed on the card (the binder read 'base' only after 'than')"},
    {"tests/scenarios/legends/relative_clauses.cards", "Quiet Ebb", "docs/meaning.md 23: 'a target Follower whose Force is 0', exactly 0 (the binder read a number after 'whose ... is' only before 'or lower' / 'or higher')"},
    {"tests/scenarios/legends/relative_clauses.cards", "Ancestral Reckoning", "docs/meaning.md 23: 'Each player who does not control a Samurai Personality loses 2 Honor', each player judged as 'you' (the binder refused 'who' after 'player')"},
    {"tests/scenarios/legends/relative_clauses.cards", "Shared Fortune", "docs/meaning.md 23: 'Each other player who controls a Holding draws a card', each player judged as 'you' (the binder refused 'who' after 'player')"},
    {"tests/meaning/relative_clauses.cards", "Ancestral Reckoning", "docs/meaning.md 23: 'Each player who does not control a Samurai Personality loses 2 Honor', each player judged as 'you' (the binder refused 'who' after 'player')"},
    {"tests/meaning/relative_clauses.cards", "Quiet Ebb", "docs/meaning.md 23: 'Followers whose Force is 0', exactly 0 (the binder read a number after 'whose ... is' only before 'or lower' / 'or higher')"},
    {"tests/scenarios/legends/move_variants.cards", "Roaming Guard", "001 This: 'Move home this unit and a target enemy unit', a unit targeted by the Personality heading it, both going home (the binder read 'unit' as any card and now refuses it); 'Move this Personality to oppose him' (001 Battlefields: where he is)"},
    {"tests/meaning/units_as_targets.cards", "Riverbank Ambush", "001 This: 'Target an enemy unit: Destroy it', a unit targeted by the Personality heading it, each card in it destroyed (the binder read 'unit' as any card and now refuses it)"},
    {"tests/meaning/units_as_targets.cards", "Scattering Shout", "001 This: 'Move home a target enemy unit', a unit targeted by the Personality heading it, moved home with its attachments (the binder read 'unit' as any card and now refuses it)"},
    {"tests/meaning/units_as_targets.cards", "Rallying Drum", "001 This: 'Target an opposed unit: Straighten the target', a unit targeted by the Personality heading it, each card in it straightened (the binder read 'unit' as any card and now refuses it)"},
    {"tests/meaning/units_as_targets.cards", "Sweeping Retreat", "001 This: 'Move home this unit and a target enemy unit', a unit targeted by the Personality heading it, both going home (the binder read 'unit' as any card and now refuses it)"},
    {"tests/meaning/if_you_did.cards", "Kiho of Finality", "docs/meaning.md 26: 'You may discard a Kiho; if you did, destroy him', what follows 'if you did' only if what comes before it was done, as 'to' says (the binder refused it; legends/if_you_did.scenario)"},
    {"tests/meaning/if_you_did.cards", "Weary Veteran", "docs/meaning.md 26: 'You may bow this Personality. If you did, gain 2 Honor', what follows 'if you did' only if what comes before it was done, as 'to' says (the binder refused it; legends/if_you_did.scenario)"},
    {"tests/meaning/if_you_did.cards", "Measured Reproach", "docs/meaning.md 26: 'You may target an enemy Personality; if you do, give him -2F and gain 1 Honor', what follows 'if you did' only if what comes before it was done, as 'to' says (the binder refused it; legends/if_you_did.scenario)"},
    {"tests/scenarios/legends/unit_targets.cards", "Border Rider", "001 This: 'Move home a target enemy unit', a unit targeted by the Personality heading it, moved home with its attachments (the binder read 'unit' as any card and now refuses it)"},
    {"tests/scenarios/legends/unit_targets.cards", "Crushing Charge", "001 This: 'Target an enemy unit: Bow it', a unit targeted by the Personality heading it, each card in it bowed (the binder read 'unit' as any card and now refuses it)"},
    {"tests/scenarios/legends/unit_targets.cards", "Second Breath", "001 This: 'Target an opposed unit: Straighten it', a unit targeted by the Personality heading it, each card in it straightened (the binder read 'unit' as any card and now refuses it)"},
};

bool named_fix(const std::string& set, const std::string& title) {
  // a set outside the repository (CARDC_MEANING_COMPARE_DIR: an imported corpus, whose text the project never
  // copies): a card the binder refuses is listed below, not named; its shape's fix is named on a set of the repository
  if (set.starts_with("..")) return true;
  return std::any_of(std::begin(kFixes), std::end(kFixes), [&](const NamedFix& f) { return set == f.set && title == f.title; });
}

}  // namespace

// Every card of every set: the same IR from both paths (the 001 Terrain rule, once a fix of the lowering's alone, is
// in both). A card the grammar does not read whole is bound from its words by both.
TEST(MeaningLowering, SameIrAsTheBinderExceptNamedFixes) {
  size_t lowered = 0, compared = 0;
  for (const fs::path& p : sets()) {
    auto b = bind_both(p);
    if (!b) continue;
    ++compared;
    lowered += b->lowered;
    std::string name = p.lexically_relative(CARDC_SOURCE_DIR).string();
    bool fixed = false;
    for (size_t c = 0; c < b->titles.size(); ++c)
      fixed = fixed || (b->words[c].empty() && !b->meaning[c].empty() && named_fix(name, b->titles[c]));
    EXPECT_TRUE(fixed || b->words_register == b->meaning_register)
        << name << ": the register functions differ: " << first_difference(b->words_register, b->meaning_register);
    for (size_t c = 0; c < b->titles.size(); ++c) {
      if (b->words[c] == b->meaning[c]) continue;
      if (b->words[c].empty() && !b->meaning[c].empty() && named_fix(name, b->titles[c])) {
        if (name.starts_with("..")) std::printf("lowered, the binder refused it: %s, card '%s'\n", name.c_str(), b->titles[c].c_str());
        continue;
      }
      ADD_FAILURE() << name << ", card '" << b->titles[c] << "': " << first_difference(b->words[c], b->meaning[c]);
      // both listings of one card, to see a difference whole (CARDC_MEANING_COMPARE_SHOW=title)
      if (const char* show = std::getenv("CARDC_MEANING_COMPARE_SHOW"); show && b->titles[c] == show)
        std::printf("binder:\n%s\nlowering:\n%s\n", b->words[c].c_str(), b->meaning[c].c_str());
    }
  }
  EXPECT_GT(compared, 50u);
  EXPECT_GT(lowered, 0u) << "no card was lowered from its meaning";
  std::printf("compared %zu sets: %zu cards lowered from their meaning\n", compared, lowered);
}

}  // namespace cardc
