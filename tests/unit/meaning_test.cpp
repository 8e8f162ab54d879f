// The meaning tree read by the wording grammar (docs/meaning.md): what each sentence shape means, that a sentence
// with a word no shape reads is refused with that word named, and the round trip. Expected values come from the
// rules and the printed words, under the bundled legends profile.
#include <gtest/gtest.h>

#include <filesystem>

#include "meaning/meaning.h"
#include "base/read_file.h"
#include "meaning/dump.h"
#include "profile/load_profile.h"
#include "sema/pipeline.h"
#include "test_support.h"
#include "wording/render.h"

namespace cardc {

namespace {

using namespace meaning;

struct Read {
  std::unique_ptr<test::Parsed> game, set;
  std::unique_ptr<GameProfile> profile;
  std::unique_ptr<CheckContext> ctx;
  // A paragraph's meaning with its rendering spelled, as `--emit=meaning` shows it (the check spells it only for a
  // diagnostic)
  struct Paragraph : ParagraphMeaning {
    std::string rendered;
  };
  Paragraph paragraph(size_t k = 0) const {
    Paragraph p{ctx->meanings.at(0).at(k), {}};
    if (p.unit) p.rendered = wording::spell(wording::render(*p.unit, *profile), *profile);
    return p;
  }
  const Unit& unit(size_t k = 0) const { return *ctx->meanings.at(0).at(k).unit; }
  std::string text(SourceRange r) const { return std::string(set->sm.text(r)); }
  int id_of(const auto& table, std::string_view name) const {
    for (size_t i = 0; i < table.size(); ++i)
      if (table[i].name == name) return static_cast<int>(i);
    return -2;
  }
};

std::unique_ptr<Read> read(const std::string& type, const std::string& text, const std::string& game = "legends",
                           const std::string& title = "A") {
  auto r = std::make_unique<Read>();
  r->game = test::parse_game(read_file(std::string(CARDC_SOURCE_DIR) + "/cards/" + game + "/" + game + ".game"));
  r->profile = load_profile(*r->game->profile, *r->game->diags);
  r->set = test::parse_set("game " + game + "\ncard \"" + title + "\"\n  type " + type + "\n  text\n    " + text + "\n");
  r->ctx = std::make_unique<CheckContext>(CheckContext{r->set->sm, *r->profile, *r->set->set, *r->set->diags, {}});
  run_sema(*r->ctx);
  return r;
}

// A paragraph the tree refuses, and the words of the reason.
void expect_refused(const std::string& type, const std::string& text, std::string_view why) {
  auto r = read(type, text);
  EXPECT_FALSE(r->paragraph().unit) << text;
  EXPECT_NE(r->paragraph().why.find(why), std::string::npos) << text << ": " << r->paragraph().why;
}

}  // namespace

// 003 Abilities: keywords, designator, a cost, then targeting and an effect that lasts; the pronoun names the target.
TEST(Meaning, AbilityWithCostTargetAndTemporaryPenalty) {
  auto r = read("Personality",
                "**Tactical Battle:** Bow this Personality: Target an opposing Personality. He has -2F until the battle ends.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread);
  const Unit& u = r->unit();
  const GameProfile& p = *r->profile;
  EXPECT_EQ(u.kind, meaning::UnitKind::Ability);
  EXPECT_EQ(u.keywords, std::vector<ProfileId>{r->id_of(p.keywords, "Tactical")});
  EXPECT_EQ(u.designators, std::vector<ProfileId>{r->id_of(p.designators, "Battle")});
  ASSERT_EQ(u.costs.size(), 1u);
  EXPECT_EQ(u.costs[0].verb, Primitive::bow_);
  EXPECT_EQ(u.costs[0].card->kind, CardRef::Kind::ThisCard);
  ASSERT_EQ(u.targets.size(), 1u);
  EXPECT_EQ(u.targets[0].filter.side, Side::Opposing);
  EXPECT_EQ(u.targets[0].filter.card_types, std::vector<ProfileId>{r->id_of(p.card_types, "Personality")});
  ASSERT_EQ(u.body.size(), 2u);
  const auto& m = std::get<StatModifier>(u.body[1]);
  EXPECT_EQ(m.card->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(m.card->target, 0);
  ASSERT_EQ(m.changes.size(), 1u);
  EXPECT_EQ(m.changes[0].stat, r->id_of(p.stats, "Force"));
  EXPECT_EQ(m.changes[0].delta.value, -2);
  EXPECT_EQ(p.durations.at(static_cast<size_t>(m.duration->duration)).text, "until the battle ends");
  EXPECT_TRUE(r->paragraph().round_trips);
  EXPECT_EQ(r->paragraph().rendered,
            "Tactical Battle: Bow this Personality: Target an opposing Personality. He has -2F until the battle ends.");
}

// 003 Traits: a trigger before the colon; the event by its profile entry.
TEST(Meaning, TriggeredTrait) {
  auto r = read("Personality", "After this Personality enters play: Gain 2 Honor.");
  ASSERT_TRUE(r->paragraph().unit);
  const Unit& u = r->unit();
  EXPECT_EQ(u.kind, meaning::UnitKind::Triggered);
  ASSERT_TRUE(u.trigger);
  EXPECT_EQ(u.trigger->timing, Timing::After);
  EXPECT_EQ(r->profile->events.at(static_cast<size_t>(u.trigger->event)).text, "enters play");
  EXPECT_EQ(u.trigger->card->kind, CardRef::Kind::ThisCard);
  const auto& e = std::get<Effect>(u.body.at(0));
  EXPECT_EQ(e.verb, Primitive::gain_);
  EXPECT_EQ(e.amount->value, 2);
  EXPECT_EQ(r->profile->resources.at(static_cast<size_t>(e.resource)).name, "Honor");
}

// 001 Enemy / Opposing are different sets (the issue's "enemy card" read as any other player's card); "other" is its
// own word, kept with the side ("Your other Personalities").
TEST(Meaning, SidesOfCardSets) {
  auto opposing = read("Strategy", "**Battle:** Target an opposing Personality. Bow him.");
  auto enemy = read("Strategy", "**Battle:** Target an enemy Personality. Bow him.");
  ASSERT_TRUE(opposing->paragraph().unit && enemy->paragraph().unit);
  EXPECT_EQ(opposing->unit().targets[0].filter.side, Side::Opposing);
  EXPECT_EQ(enemy->unit().targets[0].filter.side, Side::Enemy);
  auto yours = read("Personality", "Your other Samurai Personalities have +1F.");
  ASSERT_TRUE(yours->paragraph().unit) << yours->text(yours->paragraph().unread);
  const auto& m = std::get<StatModifier>(yours->unit().body.at(0));
  EXPECT_EQ(m.cards->side, Side::Yours);
  EXPECT_TRUE(m.cards->other);
  EXPECT_TRUE(m.cards->plural);
  EXPECT_EQ(m.cards->keywords, std::vector<ProfileId>{yours->id_of(yours->profile->keywords, "Samurai")});
  EXPECT_FALSE(m.duration);  // continuous (003 Traits)
  EXPECT_TRUE(yours->paragraph().round_trips);
  // "... you control" is "your ...": the same set, and the same meaning
  auto control = read("Personality", "**Battle:** Target a Samurai Personality you control. Bow him.");
  ASSERT_TRUE(control->paragraph().unit);
  EXPECT_EQ(control->unit().targets[0].filter.side, Side::Yours);
  EXPECT_TRUE(control->paragraph().round_trips);
  // ... and so is "your Temple Holding" for one card (a targeting in the constraints block)
  auto yours_one = read("Personality", "**Open:** Target your Samurai Personality: Straighten him.");
  ASSERT_TRUE(yours_one->paragraph().unit) << yours_one->text(yours_one->paragraph().unread);
  EXPECT_EQ(yours_one->unit().targets[0].filter.side, Side::Yours);
  EXPECT_TRUE(yours_one->unit().targets[0].in_constraints);
  EXPECT_TRUE(yours_one->paragraph().round_trips);
}

// Keyword actions as the profile declares them (their reminder text): the strength where the profile puts it ("Ranged
// 3 Attack", "Fear 2"), or a card's stat after the whole name; what each does is the profile's, not a word's.
TEST(Meaning, KeywordActions) {
  auto r = read("Personality", "**Battle:** Bow this Personality: Ranged 3 Attack.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread);
  const GameProfile& p = *r->profile;
  const auto& ranged = std::get<Effect>(r->unit().body.at(0));
  ASSERT_GE(ranged.action, 0);
  EXPECT_EQ(p.keyword_actions.at(static_cast<size_t>(ranged.action)).name, "Ranged Attack");
  EXPECT_EQ(ranged.verb, Primitive::destroy_);  // "Destroy a target enemy Follower, or Personality without Followers"
  EXPECT_EQ(ranged.amount->value, 3);
  EXPECT_TRUE(r->paragraph().round_trips);
  EXPECT_EQ(r->paragraph().rendered, "Battle: Bow this Personality: Ranged 3 Attack.");

  auto fear = read("Follower", "**Battle:** Fear 2.");
  ASSERT_TRUE(fear->paragraph().unit);
  const auto& bows = std::get<Effect>(fear->unit().body.at(0));
  EXPECT_EQ(fear->profile->keyword_actions.at(static_cast<size_t>(bows.action)).name, "Fear");
  EXPECT_EQ(bows.verb, Primitive::bow_);  // Fear bows instead of destroying
  EXPECT_EQ(fear->paragraph().rendered, "Battle: Fear 2.");

  auto melee = read("Personality", "**Battle:** Melee 6 Attack and gain 1 Honor.");
  ASSERT_TRUE(melee->paragraph().unit) << melee->text(melee->paragraph().unread);
  EXPECT_EQ(std::get<Effect>(melee->unit().body.at(0)).amount->value, 6);
  EXPECT_EQ(std::get<Effect>(melee->unit().body.at(1)).verb, Primitive::gain_);
  EXPECT_TRUE(melee->paragraph().round_trips);

  // a card's stat as its strength (000 7.2): after its whole name; "Fear equal to" and "with a strength" say the same
  auto chi = read("Strategy", "**Battle:** Target your Shugenja. Ranged Attack with strength equal to his Chi.");
  ASSERT_TRUE(chi->paragraph().unit) << chi->text(chi->paragraph().unread);
  const auto& by_chi = std::get<Effect>(chi->unit().body.at(1));
  EXPECT_EQ(by_chi.amount->kind, Amount::Kind::StatOf);
  EXPECT_EQ(by_chi.amount->stat, chi->id_of(chi->profile->stats, "Chi"));
  EXPECT_EQ(by_chi.amount->of->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(by_chi.amount->of->target, 0);
  EXPECT_TRUE(chi->paragraph().round_trips);
  for (const char* same : {"**Battle:** Target your Follower. Fear equal to its Force.",
                           "**Battle:** Target your Follower. Fear with a strength equal to its Force."}) {
    auto f = read("Strategy", same);
    ASSERT_TRUE(f->paragraph().unit) << same << ": " << f->text(f->paragraph().unread);
    EXPECT_TRUE(f->paragraph().round_trips) << same;
    EXPECT_EQ(f->paragraph().rendered, "Battle: Target a Follower you control. Fear with strength equal to its Force.");
  }

  // more strength while a condition holds, asked as the target is chosen; a bonus about the action's own target is
  // refused (the tree's references name the unit's targets, not the action's)
  auto bonus = read("Personality", "**Battle:** Bow this Personality: Melee 4 Attack with +2 strength if you control a Shugenja.");
  ASSERT_TRUE(bonus->paragraph().unit) << bonus->text(bonus->paragraph().unread);
  const auto& more = std::get<Effect>(bonus->unit().body.at(0));
  ASSERT_EQ(more.bonuses.size(), 1u);
  EXPECT_EQ(more.bonuses[0].value, 2);
  EXPECT_EQ(more.bonuses[0].condition.kind, Condition::Kind::YouControl);
  EXPECT_EQ(more.bonuses[0].condition.cards->keywords, std::vector<ProfileId>{bonus->id_of(bonus->profile->keywords, "Shugenja")});
  EXPECT_TRUE(bonus->paragraph().round_trips);
  EXPECT_EQ(bonus->paragraph().rendered, "Battle: Bow this Personality: Melee 4 Attack, with +2 strength if you control a Shugenja.");
  // another strength while the card it is choosing is Shadowlands: "the target" is that card, not a target of the unit
  auto other = read("Personality", "**Battle:** Ranged 3 Attack, or Ranged 4 Attack if the target is Shadowlands.");
  ASSERT_TRUE(other->paragraph().unit) << other->text(other->paragraph().unread);
  const auto& either = std::get<Effect>(other->unit().body.at(0));
  ASSERT_EQ(either.bonuses.size(), 1u);
  EXPECT_TRUE(either.bonuses[0].instead);
  EXPECT_EQ(either.bonuses[0].value, 4);
  EXPECT_EQ(either.bonuses[0].condition.card->kind, CardRef::Kind::TheTarget);
  EXPECT_EQ(either.bonuses[0].condition.card->target, -1);
  EXPECT_TRUE(other->unit().targets.empty());
  EXPECT_EQ(other->paragraph().rendered, "Battle: Ranged 3 Attack, or Ranged 4 Attack if the target is Shadowlands.");
  auto mixed = read("Personality", "**Battle:** Ranged 3 Attack, or Melee 4 Attack if the target is Shadowlands.");
  EXPECT_FALSE(mixed->paragraph().unit);
  auto about_target = read("Strategy", "**Battle:** Target a Personality. Ranged 3 Attack, with +2 strength if he is bowed.");
  EXPECT_FALSE(about_target->paragraph().unit);
  auto stat_bonus = read("Personality", "**Battle:** Ranged 3 Attack, with +2F strength if it is your turn.");
  EXPECT_FALSE(stat_bonus->paragraph().unit);

  // the strength elsewhere than the profile puts it, or no strength: refused, naming the words
  for (const char* bad : {"**Battle:** Ranged 3.", "**Battle:** Ranged Attack 3.", "**Battle:** Ranged Attack.",
                          "**Battle:** Fear a."}) {
    auto b = read("Personality", bad);
    EXPECT_FALSE(b->paragraph().unit) << bad;
  }
}

// Fail closed by construction: a word no shape reads refuses the paragraph, naming the word (never a partial read).
TEST(Meaning, AWordNoShapeReadsIsNamed) {
  auto r = read("Personality", "After this Personality enters play: Gain 2 Honor twice.");
  EXPECT_FALSE(r->paragraph().unit);
  EXPECT_EQ(r->text(r->paragraph().unread), "twice");
  auto luck = read("Personality", "**Battle:** Bow this Personality: Straighten this Personality ignoring Luck.");
  EXPECT_FALSE(luck->paragraph().unit);
  EXPECT_EQ(luck->text(luck->paragraph().unread), "Luck");  // "ignoring" is a word of the language; legends has no Luck
}

// The word named is the first no reading gets past, whichever shape the parser tried first: "or" and "and" may join
// another condition ("... or he is dishonorable", "... and the Personality is bowed"), so the word after them is unread.
TEST(Meaning, TheWordNamedIsTheFirstNoReadingGetsPast) {
  auto state = read("Personality", "**Open:** Gain 2 Honor if this Personality is not bowed or dishonorable.");
  EXPECT_FALSE(state->paragraph().unit);
  EXPECT_EQ(state->text(state->paragraph().unread), "dishonorable");
  auto resource = read("Personality", "**Battle:** Gain 2 Honor, or 3 Honor if you control a Courtier and the Imperial Favor.");
  EXPECT_FALSE(resource->paragraph().unit);
  EXPECT_EQ(resource->text(resource->paragraph().unread), "Imperial Favor");
}

// 003 Traits: a pronoun names an earlier target of its unit; with none it names nothing, never the card by default.
TEST(Meaning, PronounWithoutAntecedentIsRefused) {
  auto r = read("Personality", "**Battle:** He has +2F until the battle ends.");
  EXPECT_FALSE(r->paragraph().unit);
  EXPECT_EQ(r->text(r->paragraph().unread), "He");
  EXPECT_NE(r->paragraph().why.find("antecedent"), std::string::npos);
}

// 001 This: "this Personality" on an attachment is its bearer; on a card of another type it names nothing.
TEST(Meaning, ThisNamesTheBearerOnAnAttachment) {
  auto item = read("Item", "**Battle:** Bow this Personality.");
  ASSERT_TRUE(item->paragraph().unit);
  EXPECT_EQ(std::get<Effect>(item->unit().body.at(0)).card->kind, CardRef::Kind::Bearer);
  auto holding = read("Holding", "**Battle:** Bow this Personality.");
  EXPECT_FALSE(holding->paragraph().unit);
}

// The round trip: a Holding is "it" (the profile marks Personality a person), so "him" for one is reported.
TEST(Meaning, RoundTripReportsAWordTheMeaningDoesNotSay) {
  auto r = read("Strategy", "**Battle:** Target a Personality. Give him Samurai and Cavalry and Shadowlands.");
  ASSERT_TRUE(r->paragraph().unit);
  EXPECT_FALSE(r->paragraph().round_trips);
  EXPECT_EQ(r->paragraph().rendered, "Battle: Target a Personality. Give him Samurai, Cavalry and Shadowlands.");
  EXPECT_EQ(r->set->diags->warnings(), 1u);
}

// 003 Traits: "he" names a person (the profile's [person] card types); "him" for a Holding is an error where the
// pronoun is read, not a reading bound anyway; "it" may name a person too.
TEST(Meaning, PronounAgreement) {
  auto r = read("Strategy", "**Battle:** Target an opposing Holding. Bow him.");
  ASSERT_TRUE(r->paragraph().unit);
  EXPECT_EQ(r->set->diags->errors(), 1u);
  auto it = read("Strategy", "**Battle:** Target a Nonhuman Personality: Move it home.");
  ASSERT_TRUE(it->paragraph().unit);
  EXPECT_EQ(it->set->diags->errors(), 0u);
  EXPECT_TRUE(it->paragraph().round_trips) << it->paragraph().rendered;
}

// Draw: the number of cards and the noun agree; X stays the card's X (000 7.4).
TEST(Meaning, DrawAmounts) {
  auto one = read("Strategy", "**Battle:** Draw a card.");
  ASSERT_TRUE(one->paragraph().unit);
  EXPECT_EQ(std::get<Effect>(one->unit().body.at(0)).amount->value, 1);
  auto x = read("Spell", "Draw X cards.", "heroes");
  ASSERT_TRUE(x->paragraph().unit) << x->text(x->paragraph().unread);
  EXPECT_EQ(std::get<Effect>(x->unit().body.at(0)).amount->kind, Amount::Kind::X);
  auto bad = read("Strategy", "**Battle:** Draw 2 card.");
  EXPECT_FALSE(bad->paragraph().unit);
}

// Card states of the profile as adjectives, either way ("unbowed" is Bowed not holding), card types as alternatives,
// and a card named by its keywords alone (any card with them); "your target" is a target you control.
TEST(Meaning, StatesAlternativesAndKeywordNouns) {
  auto r = read("Holding", "**Battle:** Bow this card: Bow your target unbowed Follower or Item.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread);
  const CardFilter& f = r->unit().targets.at(0).filter;
  EXPECT_EQ(f.side, Side::Yours);
  ASSERT_EQ(f.states.size(), 1u);
  EXPECT_EQ(f.states[0].state, r->id_of(r->profile->states, "Bowed"));
  EXPECT_FALSE(f.states[0].holds);
  EXPECT_EQ(f.card_types, (std::vector<ProfileId>{r->id_of(r->profile->card_types, "Follower"), r->id_of(r->profile->card_types, "Item")}));
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto bowed = read("Strategy", "**Battle:** Target a bowed Samurai. Straighten him.");
  ASSERT_TRUE(bowed->paragraph().unit) << bowed->text(bowed->paragraph().unread);
  const CardFilter& b = bowed->unit().targets.at(0).filter;
  EXPECT_TRUE(b.card_types.empty());  // any card with the keyword
  EXPECT_EQ(b.keywords, std::vector<ProfileId>{bowed->id_of(bowed->profile->keywords, "Samurai")});
  ASSERT_EQ(b.states.size(), 1u);
  EXPECT_TRUE(b.states[0].holds);
  EXPECT_TRUE(bowed->paragraph().round_trips) << bowed->paragraph().rendered;
  // a stat compared after alternatives describes them all, as the rules' keyword actions word it ("a target enemy
  // Follower or Personality with 4 or lower Force"); any other clause may describe the last or all of them: not read
  auto scope = read("Strategy", "**Battle:** Target an enemy Follower or Personality with 2 Force or less. Bow it.");
  ASSERT_TRUE(scope->paragraph().unit) << scope->text(scope->paragraph().unread);
  EXPECT_EQ(scope->unit().targets.at(0).filter.card_types.size(), 2u);
  EXPECT_EQ(scope->unit().targets.at(0).filter.stats.size(), 1u);
  auto without = read("Strategy", "**Battle:** Target an enemy Follower or Personality without a Weapon. Bow it.");
  EXPECT_FALSE(without->paragraph().unit);
  EXPECT_EQ(without->text(without->paragraph().unread), "without a Weapon");
  // keywords as alternatives: one of them, then all of the rest ("your Earth or Water Shugenja")
  auto either = read("Strategy", "**Battle:** Bow your performing Samurai and target a Nonhuman or Shadowlands Personality: Move him home.");
  ASSERT_TRUE(either->paragraph().unit) << either->text(either->paragraph().unread);
  const CardFilter& e = either->unit().targets.at(0).filter;
  EXPECT_EQ(e.any_keywords, (std::vector<ProfileId>{either->id_of(either->profile->keywords, "Nonhuman"), either->id_of(either->profile->keywords, "Shadowlands")}));
  EXPECT_TRUE(e.keywords.empty());
  EXPECT_TRUE(either->paragraph().round_trips) << either->paragraph().rendered;
  auto element = read("Strategy", "**Battle:** Target your Earth or Water Shugenja. Straighten him.");
  ASSERT_TRUE(element->paragraph().unit) << element->text(element->paragraph().unread);
  EXPECT_EQ(element->unit().targets.at(0).filter.any_keywords.size(), 2u);
  EXPECT_EQ(element->unit().targets.at(0).filter.keywords, std::vector<ProfileId>{element->id_of(element->profile->keywords, "Shugenja")});
  EXPECT_TRUE(element->paragraph().round_trips) << element->paragraph().rendered;
  // a keyword or a card type is another set (a union), not read
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Nonhuman or Personality. Bow it.")->paragraph().unit);
}

// Give (003 Stats, Keywords): stat changes and keywords in the order printed, to one card or to each card of a set,
// to the end of the turn unless a duration is given; "Permanently give" (a verb the profile marks [permanent]) is
// for good and never the same meaning as "Give".
TEST(Meaning, GiveStatChangesAndKeywords) {
  auto r = read("Strategy", "**Battle:** Give a target Personality +1F/+2C and Cavalry until the battle ends.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread);
  const auto& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(e.verb, Primitive::give_);
  ASSERT_EQ(e.gifts.size(), 3u);
  EXPECT_EQ(e.gifts[0].change->delta.value, 1);
  EXPECT_EQ(e.gifts[1].change->stat, r->id_of(r->profile->stats, "Chi"));
  EXPECT_EQ(e.gifts[2].keyword, r->id_of(r->profile->keywords, "Cavalry"));
  ASSERT_TRUE(e.duration);
  EXPECT_FALSE(e.duration->permanent);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto each = read("Strategy", "**Open:** Give each Nonhuman Personality +1F and give each Nonhuman Follower +1F.");
  ASSERT_TRUE(each->paragraph().unit) << each->text(each->paragraph().unread);
  ASSERT_EQ(each->unit().body.size(), 2u);
  EXPECT_TRUE(std::get<Effect>(each->unit().body[0]).cards->plural);
  EXPECT_TRUE(each->paragraph().round_trips) << each->paragraph().rendered;
  auto forever = read("Strategy", "**Battle:** Target your Personality. Permanently give him +1F.");
  ASSERT_TRUE(forever->paragraph().unit) << forever->text(forever->paragraph().unread);
  EXPECT_TRUE(std::get<Effect>(forever->unit().body.at(1)).duration->permanent);
  EXPECT_EQ(forever->paragraph().rendered, "Battle: Target a Personality you control. Permanently give him +1F.");
  EXPECT_TRUE(forever->paragraph().round_trips);
}

// Conditions (003 Abilities): in the constraints block the ability is usable only while one holds; before or after
// an effect, the effect happens only if it holds. A keyword list is one of them; "not" is kept, never dropped.
TEST(Meaning, Conditions) {
  auto after = read("Strategy", "**Battle:** Target an enemy Personality. Bow him. Destroy him if he is Kolat, Ninja, or Shadowlands.");
  ASSERT_TRUE(after->paragraph().unit) << after->text(after->paragraph().unread);
  const auto& k = std::get<Conditional>(after->unit().body.at(2));
  EXPECT_FALSE(k.condition_first);
  EXPECT_EQ(k.condition.kind, Condition::Kind::CardIs);
  EXPECT_EQ(k.condition.card->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(k.condition.keywords.size(), 3u);
  EXPECT_EQ(std::get<Conditional>(after->unit().body.at(2)).effects.at(0).verb, Primitive::destroy_);
  EXPECT_TRUE(after->paragraph().round_trips) << after->paragraph().rendered;
  auto before = read("Strategy", "**Battle:** If it is not your turn, draw a card and gain 1 Honor.");
  ASSERT_TRUE(before->paragraph().unit) << before->text(before->paragraph().unread);
  const auto& b = std::get<Conditional>(before->unit().body.at(0));
  EXPECT_EQ(b.condition.kind, Condition::Kind::YourTurn);
  EXPECT_TRUE(b.condition.negated);
  EXPECT_EQ(b.effects.size(), 2u);
  EXPECT_TRUE(before->paragraph().round_trips) << before->paragraph().rendered;
  auto usable = read("Holding", "**Battle:** If you control a Courtier and it is your turn: Gain 1 Honor.");
  ASSERT_TRUE(usable->paragraph().unit) << usable->text(usable->paragraph().unread);
  ASSERT_EQ(usable->unit().conditions.size(), 1u);
  EXPECT_EQ(usable->unit().constraints.at(0).kind, Constraint::Kind::Condition);
  EXPECT_EQ(usable->unit().conditions[0].kind, Condition::Kind::All);
  EXPECT_EQ(usable->unit().conditions[0].parts.at(0).cards->side, Side::Yours);
  EXPECT_TRUE(usable->paragraph().round_trips) << usable->paragraph().rendered;
  // "you may" after the condition: the controller chooses whether the one effect happens; before several, not read
  auto may = read("Strategy", "**Battle:** Target a Personality. If you control a Courtier, you may straighten him.");
  ASSERT_TRUE(may->paragraph().unit) << may->text(may->paragraph().unread);
  EXPECT_TRUE(std::get<Conditional>(may->unit().body.at(1)).effects.at(0).optional);
  EXPECT_TRUE(may->paragraph().round_trips) << may->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Personality. If you control a Courtier, you may straighten him and gain 1 Honor.")->paragraph().unit);
  // a pronoun in a condition needs an antecedent too, before it or in the effects after it ("If he would be opposed,
  // move your target Personality ..."); a condition of words no shape reads is not read
  EXPECT_FALSE(read("Strategy", "**Battle:** If he is bowed, gain 1 Honor.")->paragraph().unit);
  auto ahead = read("Strategy", "**Battle:** If he is bowed, straighten your target Personality.");
  ASSERT_TRUE(ahead->paragraph().unit) << ahead->text(ahead->paragraph().unread);
  EXPECT_EQ(std::get<Conditional>(ahead->unit().body.at(0)).condition.card->target, 0);
  EXPECT_FALSE(read("Strategy", "**Battle:** Gain 1 Honor if it is your turn twice.")->paragraph().unit);
}

// A description the profile declares by a stat (003 Personal Honor: "dishonorable", a Personality with at most zero
// Personal Honor) as an adjective of a set and in a condition, by its entry: never the keyword Dishonorable, never a
// card state; before a card type that has no Personal Honor it names no card and is refused.
TEST(Meaning, Descriptions) {
  auto r = read("Strategy", "**Battle:** Target an enemy dishonorable Personality. Bow him. Destroy him if he is Ninja, Shadowlands, or dishonorable.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread);
  const int dishonorable = r->id_of(r->profile->descriptions, "dishonorable");
  ASSERT_GE(dishonorable, 0);
  const CardFilter& f = r->unit().targets.at(0).filter;
  EXPECT_EQ(f.side, Side::Enemy);
  EXPECT_EQ(f.card_types, std::vector<ProfileId>{r->id_of(r->profile->card_types, "Personality")});
  EXPECT_EQ(f.descriptions, std::vector<ProfileId>{dishonorable});
  EXPECT_TRUE(f.keywords.empty());
  EXPECT_TRUE(f.states.empty());
  const Condition& k = std::get<Conditional>(r->unit().body.at(2)).condition;
  EXPECT_EQ(k.keywords.size(), 2u);
  EXPECT_EQ(k.descriptions, std::vector<ProfileId>{dishonorable});
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto alone = read("Personality", "**Open:** Bow this Personality: If you control a dishonorable Personality, gain 2 Honor.");
  ASSERT_TRUE(alone->paragraph().unit) << alone->text(alone->paragraph().unread);
  const Condition& c = std::get<Conditional>(alone->unit().body.at(0)).condition;
  EXPECT_EQ(c.kind, Condition::Kind::YouControl);
  EXPECT_EQ(c.cards->descriptions, std::vector<ProfileId>{dishonorable});
  EXPECT_EQ(alone->paragraph().rendered, "Open: Bow this Personality: If you control a dishonorable Personality, gain 2 Honor.");
  EXPECT_TRUE(alone->paragraph().round_trips);
  auto is = read("Strategy", "**Battle:** Target a Personality. If he is dishonorable, destroy him.");
  ASSERT_TRUE(is->paragraph().unit) << is->text(is->paragraph().unread);
  EXPECT_EQ(std::get<Conditional>(is->unit().body.at(1)).condition.descriptions, std::vector<ProfileId>{dishonorable});
  EXPECT_TRUE(is->paragraph().round_trips) << is->paragraph().rendered;
  // a Follower has no Personal Honor (003): "a dishonorable Follower" names no card
  auto follower = read("Strategy", "**Battle:** Target a dishonorable Follower. Bow it.");
  EXPECT_FALSE(follower->paragraph().unit);
  EXPECT_EQ(follower->text(follower->paragraph().unread), "dishonorable");
}

// A stat compared with another card's (000 7.2: its current value), the same stat when the words name none ("than this
// Personality"), strictly or not as printed; "lower" before a stat or "than" compares, though the profile has a verb
// "Lower". A pronoun or a target on the other side is refused: the tree does not say which card it names yet.
TEST(Meaning, StatComparisons) {
  auto r = read("Personality", "**Battle:** Target an enemy Personality with lower Personal Honor than this Personality. Bow him.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread);
  const StatBound& b = r->unit().targets.at(0).filter.stats.at(0);
  EXPECT_EQ(b.stat, r->id_of(r->profile->stats, "Personal Honor"));
  EXPECT_EQ(b.compare, StatBound::Compare::Below);
  EXPECT_EQ(b.form, StatBound::Form::Before);
  EXPECT_EQ(b.value.kind, Amount::Kind::StatOf);
  EXPECT_EQ(b.value.stat, b.stat);
  EXPECT_EQ(b.value.of->kind, CardRef::Kind::ThisCard);
  EXPECT_TRUE(b.same_stat);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto le = read("Personality", "**Battle:** Target an enemy Follower with Force less than or equal to Aiko's Chi. Destroy it.",
                 "legends", "Kitsu Aiko");
  ASSERT_TRUE(le->paragraph().unit) << le->text(le->paragraph().unread);
  const StatBound& l = le->unit().targets.at(0).filter.stats.at(0);
  EXPECT_EQ(l.compare, StatBound::Compare::AtMost);
  EXPECT_EQ(l.form, StatBound::Form::After);
  EXPECT_FALSE(l.equal_first);
  EXPECT_EQ(l.value.stat, le->id_of(le->profile->stats, "Chi"));
  EXPECT_TRUE(le->paragraph().round_trips) << le->paragraph().rendered;
  auto first = read("Personality", "**Open:** Target an enemy Personality with Gold Cost equal to or lower than Aiko's Force. Bow him.",
                    "legends", "Kitsu Aiko");
  ASSERT_TRUE(first->paragraph().unit) << first->text(first->paragraph().unread);
  EXPECT_TRUE(first->unit().targets.at(0).filter.stats.at(0).equal_first);
  EXPECT_EQ(first->unit().targets.at(0).filter.stats.at(0).compare, StatBound::Compare::AtMost);
  EXPECT_EQ(first->paragraph().rendered, "Open: Target an enemy Personality with Gold Cost equal to or lower than Aiko's Force. Bow him.");
  auto leading = read("Strategy", "**Battle:** Destroy a target enemy Personality with 4 or lower Force.");
  ASSERT_TRUE(leading->paragraph().unit) << leading->text(leading->paragraph().unread);
  const StatBound& g = leading->unit().targets.at(0).filter.stats.at(0);
  EXPECT_EQ(g.form, StatBound::Form::Leading);
  EXPECT_EQ(g.compare, StatBound::Compare::AtMost);
  EXPECT_EQ(g.value.value, 4);
  EXPECT_TRUE(leading->paragraph().round_trips) << leading->paragraph().rendered;
  // "higher" is "more"; the meaning keeps the direction: rendered "lower" would not round-trip
  auto higher = read("Personality", "**Battle:** Target an enemy Personality with higher Chi than this Personality. Bow him.");
  ASSERT_TRUE(higher->paragraph().unit);
  EXPECT_EQ(higher->unit().targets.at(0).filter.stats.at(0).compare, StatBound::Compare::Above);
  EXPECT_TRUE(higher->paragraph().round_trips) << higher->paragraph().rendered;
  // the other side a pronoun: refused, naming it
  auto him = read("Strategy", "**Battle:** Target your Personality. Target an enemy Personality with lower Chi than him. Bow him.");
  EXPECT_FALSE(him->paragraph().unit);
  EXPECT_EQ(him->text(him->paragraph().unread), "him");
}

// "with lower Force", "than" unsaid: lower than the card performing the action (001 Tactician): the card itself for a
// person, its bearer for an attachment, the chosen performer for an action card; a card that performs no action (a
// Holding) has nothing to compare with, so the comparison is not read
TEST(Meaning, StatComparisonsWithThePerformer) {
  auto own = read("Personality", "**Battle:** Target an enemy Personality with lower Force: Bow him.");
  ASSERT_TRUE(own->paragraph().unit) << own->text(own->paragraph().unread);
  const StatBound& b = own->unit().targets.at(0).filter.stats.at(0);
  EXPECT_TRUE(b.implied);
  EXPECT_EQ(b.compare, StatBound::Compare::Below);
  EXPECT_EQ(b.value.stat, own->id_of(own->profile->stats, "Force"));
  EXPECT_EQ(b.value.of->kind, CardRef::Kind::ThisCard);
  EXPECT_EQ(own->paragraph().rendered, "Battle: Target an enemy Personality with lower Force: Bow him.");
  auto worn = read("Item", "**Battle:** Bow a target Personality with equal or lower Chi.");
  ASSERT_TRUE(worn->paragraph().unit) << worn->text(worn->paragraph().unread);
  EXPECT_EQ(worn->unit().targets.at(0).filter.stats.at(0).value.of->kind, CardRef::Kind::Bearer);
  EXPECT_EQ(worn->unit().targets.at(0).filter.stats.at(0).compare, StatBound::Compare::AtMost);
  EXPECT_TRUE(worn->paragraph().round_trips) << worn->paragraph().rendered;
  auto chosen = read("Strategy", "**Battle:** Choose your performing Samurai and target an enemy Personality with lower Personal Honor: Bow him.");
  ASSERT_TRUE(chosen->paragraph().unit) << chosen->text(chosen->paragraph().unread);
  EXPECT_EQ(chosen->unit().targets.at(0).filter.stats.at(0).value.of->kind, CardRef::Kind::Performer);
  EXPECT_TRUE(chosen->paragraph().round_trips) << chosen->paragraph().rendered;
  auto none = read("Holding", "**Battle:** Bow this card: Bow a target Personality with lower Force.");
  EXPECT_FALSE(none->paragraph().unit);
  EXPECT_EQ(none->text(none->paragraph().unread), "with lower Force");
  auto unchosen = read("Strategy", "**Battle:** Bow a target Personality with lower Force.");
  EXPECT_FALSE(unchosen->paragraph().unit);
}

// 001 Tactician: an action no card prints as its own is performed by one of your cards the words describe ("your
// performing unbowed Monk"), chosen as it is announced; "choose" names it without targeting it (001 Target); a
// pronoun after it names it until a target is named; "at any location" frees a Battle action's performer.
TEST(Meaning, Performers) {
  auto r = read("Strategy", "**Battle:** Choose your performing unbowed Monk and target an enemy Personality: Bow him.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Unit& u = r->unit();
  const GameProfile& p = *r->profile;
  ASSERT_TRUE(u.performer);
  EXPECT_EQ(u.performer->filter.side, Side::Yours);
  EXPECT_EQ(u.performer->filter.keywords, std::vector<ProfileId>{r->id_of(p.keywords, "Monk")});
  ASSERT_EQ(u.performer->filter.states.size(), 1u);
  EXPECT_FALSE(u.performer->filter.states[0].holds);  // unbowed: bowed does not hold
  EXPECT_FALSE(u.performer->anywhere);
  ASSERT_EQ(u.constraints.size(), 2u);
  EXPECT_EQ(u.constraints[0].kind, Constraint::Kind::Performer);
  EXPECT_EQ(u.constraints[1].kind, Constraint::Kind::Targeting);
  EXPECT_TRUE(u.constraints[1].joined);
  // "him": the target, named after the performer
  EXPECT_EQ(std::get<Effect>(u.body.at(0)).card->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(std::get<Effect>(u.body.at(0)).card->target, 0);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto own = read("Strategy", "**Battle:** Choose your performing Monk: Straighten him.");
  ASSERT_TRUE(own->paragraph().unit) << own->text(own->paragraph().unread);
  EXPECT_EQ(std::get<Effect>(own->unit().body.at(0)).card->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(std::get<Effect>(own->unit().body.at(0)).card->target, -1);  // the performer
  EXPECT_TRUE(own->paragraph().round_trips) << own->paragraph().rendered;

  auto cost = read("Holding", "**Limited:** Bow your performing Shugenja at any location: Gain 1 Honor.");
  ASSERT_TRUE(cost->paragraph().unit) << cost->text(cost->paragraph().unread);
  EXPECT_EQ(cost->unit().costs.at(0).card->kind, CardRef::Kind::Performer);
  EXPECT_TRUE(cost->unit().performer->anywhere);
  EXPECT_EQ(cost->paragraph().rendered, "Limited: Bow your performing Shugenja at any location: Gain 1 Honor.");
  EXPECT_TRUE(cost->paragraph().round_trips);

  // one performer; several cards do not perform one action
  EXPECT_FALSE(read("Strategy", "**Battle:** Choose your performing Monk: Bow your performing Monk.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Choose your performing Monks: Gain 1 Honor.")->paragraph().unit);
}

// 001 This, 001 Tactician: on an action card (a Spell), "this Shugenja" is the card performing the action: one of
// yours with the keyword, chosen once as it is announced (at the current battlefield for a Battle action); named again
// by "this Shugenja" or a pronoun, it is the same card. Another keyword after it names another card: refused, as is a
// Spell's trait, which names the card it is attached to (not read yet).
TEST(Meaning, ThisKeywordOnAnActionCardIsItsPerformer) {
  auto r = read("Spell", "**Battle:** Bow this Shugenja: Give this Shugenja +2F. Straighten him.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Unit& u = r->unit();
  const GameProfile& p = *r->profile;
  ASSERT_TRUE(u.performer);
  EXPECT_TRUE(u.performer->named_by_this);
  EXPECT_EQ(u.performer->filter.side, Side::Yours);
  EXPECT_EQ(u.performer->filter.keywords, std::vector<ProfileId>{r->id_of(p.keywords, "Shugenja")});
  EXPECT_TRUE(u.constraints.size() == 1 && u.constraints[0].kind == Constraint::Kind::Costs);  // chosen, not printed as a choice
  EXPECT_EQ(u.costs.at(0).card->kind, CardRef::Kind::Performer);
  ASSERT_EQ(u.body.size(), 2u);
  EXPECT_EQ(std::get<Effect>(u.body[0]).card->kind, CardRef::Kind::Performer);
  EXPECT_EQ(std::get<Effect>(u.body[1]).card->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(std::get<Effect>(u.body[1]).card->target, -1);  // "him": the performer
  EXPECT_EQ(r->paragraph().rendered, "Battle: Bow this Shugenja: Give this Shugenja +2F. Straighten him.");
  EXPECT_TRUE(r->paragraph().round_trips);

  // a condition on it: "If this Shugenja is Earth"
  auto cond = read("Spell", "**Battle:** Bow this card and target an enemy card: Bow it. If this Shugenja is Earth, gain 2 Honor.");
  ASSERT_TRUE(cond->paragraph().unit) << cond->text(cond->paragraph().unread) << ": " << cond->paragraph().why;
  EXPECT_TRUE(cond->unit().performer && cond->unit().performer->named_by_this);

  // another keyword names another card; a printed performer and "this" together are two ways of naming one
  EXPECT_FALSE(read("Spell", "**Battle:** Bow this Shugenja: Give this Monk +2F.")->paragraph().unit);
  EXPECT_FALSE(read("Spell", "**Battle:** Choose your performing Shugenja: Give this Shugenja +2F.")->paragraph().unit);
  // a Spell's trait: the card it is attached to, while he has the keyword (001 This), no performer
  auto trait = read("Spell", "This Shugenja has +2F.");
  ASSERT_TRUE(trait->paragraph().unit) << trait->text(trait->paragraph().unread) << ": " << trait->paragraph().why;
  EXPECT_EQ(std::get<StatModifier>(trait->unit().body.at(0)).card->kind, CardRef::Kind::ThisKeyword);
  EXPECT_FALSE(trait->unit().performer);
  // not an action card: "this Shugenja" is the card itself (a Personality) if it has the keyword
  auto person = read("Personality", "**Battle:** Bow this Shugenja: Gain 1 Honor.");
  ASSERT_TRUE(person->paragraph().unit) << person->text(person->paragraph().unread);
  EXPECT_FALSE(person->unit().performer);
  EXPECT_EQ(person->unit().costs.at(0).card->kind, CardRef::Kind::ThisKeyword);
}

// 001 Tactician: "Target your performing Personality", "your target performing bowed Personality": a target that is
// the card performing the action, so the unit has no other performer; a second performer is refused.
TEST(Meaning, TargetsThatPerform) {
  auto r = read("Strategy", "**Battle:** Target your performing unbowed Samurai at any location: Give him +1F.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Unit& u = r->unit();
  ASSERT_EQ(u.targets.size(), 1u);
  EXPECT_TRUE(u.targets[0].performing);
  EXPECT_TRUE(u.targets[0].anywhere);
  EXPECT_EQ(u.targets[0].filter.side, Side::Yours);
  EXPECT_EQ(u.targets[0].filter.keywords, std::vector<ProfileId>{r->id_of(r->profile->keywords, "Samurai")});
  EXPECT_FALSE(u.performer);
  EXPECT_EQ(std::get<Effect>(u.body.at(0)).card->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(std::get<Effect>(u.body.at(0)).card->target, 0);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto in = read("Strategy", "**Open:** Straighten your target performing bowed Personality.");
  ASSERT_TRUE(in->paragraph().unit) << in->text(in->paragraph().unread);
  EXPECT_TRUE(in->unit().targets.at(0).performing && in->unit().targets.at(0).inline_);
  EXPECT_EQ(in->paragraph().rendered, "Open: Straighten your target performing bowed Personality.");

  EXPECT_FALSE(read("Strategy", "**Battle:** Choose your performing Monk and target your performing Samurai: Bow him.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target your performing Samurai: Straighten your target performing Monk.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target your performing Samurais: Gain 1 Honor.")->paragraph().unit);
}

// "If you have four or fewer cards in your hand", "if you have 10 or more Gold": a count of yours compared with a
// number the text gives (000 7.1); X, or cards in play (which are controlled, not had), are refused.
TEST(Meaning, HowManyYouHave) {
  auto r = read("Holding", "**Limited:** Bow this card: If you have four or fewer cards in your hand, draw a card.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& c = std::get<Conditional>(r->unit().body.at(0)).condition;
  EXPECT_EQ(c.kind, Condition::Kind::HowMany);
  EXPECT_EQ(c.count->value, 4);
  EXPECT_EQ(c.compare, StatBound::Compare::AtMost);
  EXPECT_EQ(c.zone, r->id_of(r->profile->zones, "Hand"));
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto gold = read("Holding", "**Limited:** Bow this card: If you have 10 or more Gold, gain 1 Honor.");
  ASSERT_TRUE(gold->paragraph().unit) << gold->text(gold->paragraph().unread);
  const auto& g = std::get<Conditional>(gold->unit().body.at(0)).condition;
  EXPECT_EQ(g.compare, StatBound::Compare::AtLeast);
  EXPECT_EQ(g.zone, -1);
  EXPECT_EQ(g.resource, gold->id_of(gold->profile->resources, "Gold"));

  EXPECT_FALSE(read("Holding", "**Limited:** Bow this card: If you have X or fewer cards in your hand, draw a card.")->paragraph().unit);
}

// 003 Traits: "Melee and Ranged Attacks targeting this Personality have -2 strength": keyword actions of a kind, named
// in the plural, aimed at a card. One attack named in the singular, a stat's letters on the strength, or an action
// named twice are refused.
TEST(Meaning, StrengthOfAttacksAimedAtACard) {
  auto r = read("Item", "Melee and Ranged Attacks targeting this Personality have -2 strength.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& a = std::get<ActionStrength>(r->unit().body.at(0));
  ASSERT_EQ(a.actions.size(), 2u);
  EXPECT_EQ(r->profile->keyword_actions[static_cast<size_t>(a.actions[0])].name, "Melee Attack");
  EXPECT_EQ(r->profile->keyword_actions[static_cast<size_t>(a.actions[1])].name, "Ranged Attack");
  EXPECT_EQ(a.target.kind, CardRef::Kind::Bearer);  // 001 This: on an attachment, the Personality
  EXPECT_EQ(a.delta, -2);
  EXPECT_TRUE(is_statement(r->unit().body.at(0)));
  EXPECT_EQ(r->paragraph().rendered, "Melee and Ranged Attacks targeting this Personality have -2 strength.");
  EXPECT_TRUE(r->paragraph().round_trips);

  EXPECT_FALSE(read("Item", "Ranged Attack targeting this Personality have -2 strength.")->paragraph().unit);
  EXPECT_FALSE(read("Item", "Ranged Attacks targeting this Personality have -2F strength.")->paragraph().unit);
  EXPECT_FALSE(read("Item", "Ranged and Ranged Attacks targeting this Personality have -2 strength.")->paragraph().unit);
}

// 001 Target: "Destroy one of his attachments" acts on one card the controller chooses as the effect resolves (not a
// target); a pronoun after it would name the chosen card, which is not read yet; every card of a set is refused.
// "Target your performing Samurai to give him +1F": the targeting is done first, then the effects after "to".
TEST(Meaning, ChosenCardsAndTargetingInOrderTo) {
  auto r = read("Strategy", "**Battle:** Target an enemy Personality: Destroy one of his attachments.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(e.verb, Primitive::destroy_);
  EXPECT_FALSE(e.card);
  ASSERT_TRUE(e.cards);
  EXPECT_TRUE(e.cards->attachment);
  EXPECT_FALSE(e.cards->plural);
  ASSERT_TRUE(e.cards->of);
  EXPECT_EQ(e.cards->of->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(r->unit().targets.size(), 1u);  // chosen, not targeted
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Battle:** Target an enemy Personality: Destroy one of his attachments. Gain 1 Honor. Bow it.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target an enemy Personality: Destroy his attachments.")->paragraph().unit);
  // "all of": every card of the set
  auto all = read("Strategy", "**Battle:** Target an enemy Personality: Destroy all of his attachments.");
  ASSERT_TRUE(all->paragraph().unit) << all->text(all->paragraph().unread) << ": " << all->paragraph().why;
  EXPECT_TRUE(std::get<Effect>(all->unit().body.at(0)).cards->plural);
  EXPECT_TRUE(all->paragraph().round_trips) << all->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Battle:** Target an enemy Personality: Destroy all of his attachment.")->paragraph().unit);

  auto to = read("Strategy", "**Open:** Target your performing Samurai to give him +1F.");
  ASSERT_TRUE(to->paragraph().unit) << to->text(to->paragraph().unread) << ": " << to->paragraph().why;
  const auto& k = std::get<InOrderTo>(to->unit().body.at(0));
  ASSERT_TRUE(k.target);
  EXPECT_EQ(*k.target, 0);
  EXPECT_TRUE(to->unit().targets.at(0).performing);
  EXPECT_TRUE(k.done.empty());
  ASSERT_EQ(k.then.size(), 1u);
  EXPECT_EQ(k.then[0].card->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(k.then[0].card->target, 0);
  EXPECT_EQ(to->paragraph().rendered, "Open: Target your performing Samurai to give him +1F.");
  EXPECT_TRUE(to->paragraph().round_trips);
}

// 003 Stats: "Reduce his Force by 2", "Raise this Shugenja's Force by his Chi": the stat changed by an amount, a
// penalty or a bonus; by a number that is not positive, or a stat the game lacks, refused.
TEST(Meaning, RaiseAndReduceAStat) {
  auto r = read("Strategy", "**Battle:** Target an enemy Personality: Reduce his Force by 2 until the battle ends.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(e.verb, Primitive::reduce_);
  EXPECT_EQ(e.card->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(e.stat, r->id_of(r->profile->stats, "Force"));
  EXPECT_EQ(e.amount->value, 2);
  EXPECT_TRUE(e.duration);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto up = read("Personality", "**Battle:** Target a Follower you control: Raise its Force by this Personality's Chi.");
  ASSERT_TRUE(up->paragraph().unit) << up->text(up->paragraph().unread) << ": " << up->paragraph().why;
  const Effect& u = std::get<Effect>(up->unit().body.at(0));
  EXPECT_EQ(u.verb, Primitive::increase_);
  EXPECT_EQ(u.amount->kind, Amount::Kind::StatOf);

  EXPECT_FALSE(read("Strategy", "**Battle:** Target an enemy Personality: Reduce his Force by 0.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target an enemy Personality: Reduce his Force by -2.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target an enemy Personality: Reduce his ATK by 2.")->paragraph().unit);
}

// 001 Attach: "with a Weapon" in a set: at least one such card is attached; a card type that never attaches refused.
TEST(Meaning, WithAnAttachment) {
  auto r = read("Strategy", "**Battle:** Target an enemy Personality with a Follower or Weapon: Bow him.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const CardFilter& f = r->unit().targets.at(0).filter;
  ASSERT_EQ(f.attached.size(), 1u);
  EXPECT_FALSE(f.attached[0].none);
  EXPECT_EQ(f.attached[0].keywords, std::vector<ProfileId>{r->id_of(r->profile->keywords, "Weapon")});
  EXPECT_EQ(f.attached[0].card_types, std::vector<ProfileId>{r->id_of(r->profile->card_types, "Follower")});
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Battle:** Target an enemy Personality with a Holding: Bow him.")->paragraph().unit);
}

// 003 Traits: a use limit before the colon, per turn or per game; more than 15 times (the runtime's count) or a
// number the text does not give refused.
TEST(Meaning, UseLimits) {
  auto r = read("Personality", "**Limited:** Once per game: Gain 4 Honor.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  ASSERT_TRUE(r->unit().limit);
  EXPECT_EQ(r->unit().limit->times, 1);
  EXPECT_TRUE(r->unit().limit->per_game);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto t = read("Personality", "Twice per turn, after this Personality is bowed: Gain 1 Honor.");
  ASSERT_TRUE(t->paragraph().unit) << t->text(t->paragraph().unread) << ": " << t->paragraph().why;
  EXPECT_EQ(t->unit().kind, meaning::UnitKind::Triggered);
  EXPECT_EQ(t->unit().limit->times, 2);
  EXPECT_FALSE(t->unit().limit->per_game);
  ASSERT_TRUE(t->unit().trigger);
  EXPECT_TRUE(t->paragraph().round_trips) << t->paragraph().rendered;

  auto n = read("Personality", "**Open:** Three times per turn: Gain 1 Honor.");
  ASSERT_TRUE(n->paragraph().unit);
  EXPECT_EQ(n->unit().limit->times, 3);
  EXPECT_FALSE(read("Personality", "**Open:** 16 times per turn: Gain 1 Honor.")->paragraph().unit);
  EXPECT_FALSE(read("Personality", "**Open:** X times per turn: Gain 1 Honor.")->paragraph().unit);
}

// "Each player loses 1 Honor", "All other players lose 2 Honor": every player (but you) in turn; a verb no player does
// ("Each player bows ...") refused as for "his controller".
TEST(Meaning, EveryPlayer) {
  auto r = read("Strategy", "**Open:** All other players lose 2 Honor.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  ASSERT_TRUE(e.player);
  EXPECT_EQ(e.player->kind, PlayerRef::Kind::Each);
  EXPECT_TRUE(e.player->other);
  EXPECT_TRUE(e.player->all);
  EXPECT_EQ(r->paragraph().rendered, "Open: All other players lose 2 Honor.");
  EXPECT_TRUE(r->paragraph().round_trips);
  auto each = read("Strategy", "**Open:** Each player draws 1 card.");
  ASSERT_TRUE(each->paragraph().unit) << each->text(each->paragraph().unread);
  EXPECT_FALSE(std::get<Effect>(each->unit().body.at(0)).player->other);
  EXPECT_TRUE(each->paragraph().round_trips) << each->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Open:** Each player bows this card.")->paragraph().unit);
}

// 002 520: "Heal 2 wounds on target beast" removes counters of the damage status from a card; "Heal X" (heroes) from
// your hero.
TEST(Meaning, Healing) {
  auto r = read("Beast", "**Dusk:** Exhaust this card: Heal 2 wounds on target Canine beast.", "terrus");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(e.verb, Primitive::heal_);
  EXPECT_EQ(e.amount->value, 2);
  ASSERT_TRUE(e.card);
  EXPECT_EQ(e.card->kind, CardRef::Kind::Target);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto hero = read("Spell", "Heal X. Draw a card.", "heroes");
  ASSERT_TRUE(hero->paragraph().unit) << hero->text(hero->paragraph().unread);
  EXPECT_FALSE(std::get<Effect>(hero->unit().body.at(0)).card);  // your hero
  EXPECT_TRUE(hero->paragraph().round_trips) << hero->paragraph().rendered;
}

// 003 Stats: "Switch his Force and Chi": two stats of one card trade values; a stat with itself refused.
TEST(Meaning, SwitchingTwoStats) {
  auto r = read("Strategy", "**Battle:** Target an enemy Personality: Switch his Force and Chi.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(e.verb, Primitive::switch_);
  EXPECT_EQ(e.stat, r->id_of(r->profile->stats, "Force"));
  EXPECT_EQ(e.other_stat, r->id_of(r->profile->stats, "Chi"));
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Battle:** Target an enemy Personality: Switch his Force and Force.")->paragraph().unit);
}

// "the target" names the unit's one target; "your Monk" names the performer again by its noun, and nothing else.
TEST(Meaning, NamedAgain) {
  auto r = read("Strategy", "**Battle:** Choose your performing unbowed Monk and target an enemy Personality: Give the target -2F. Give your Monk +1F.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  EXPECT_EQ(std::get<Effect>(r->unit().body.at(0)).card->kind, CardRef::Kind::TheTarget);
  EXPECT_EQ(std::get<Effect>(r->unit().body.at(1)).card->kind, CardRef::Kind::Performer);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_EQ(r->paragraph().rendered,
            "Battle: Choose your performing unbowed Monk and target an enemy Personality: Give the target -2F. Give your Monk +1F.");
  // no performer, another noun, two targets: the words do not say which card
  EXPECT_FALSE(read("Strategy", "**Battle:** Bow your Monk.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Choose your performing Monk: Bow your Samurai.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Follower. Target a Personality. Bow the target.")->paragraph().unit);
}

// 003 Abilities: what the effects block tells you to do is an effect, never a cost; "Bow him to gain 2 Honor" does what
// follows "to" only if what comes before it was done.
TEST(Meaning, InOrderTo) {
  auto r = read("Follower", "**Limited:** Bow this Follower to destroy a target Follower. Lose 2 Honor.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Unit& u = r->unit();
  EXPECT_TRUE(u.costs.empty());
  const auto& k = std::get<InOrderTo>(u.body.at(0));
  ASSERT_EQ(k.done.size(), 1u);
  EXPECT_EQ(k.done[0].verb, Primitive::bow_);
  EXPECT_EQ(k.done[0].card->kind, CardRef::Kind::ThisCard);
  ASSERT_EQ(k.then.size(), 1u);
  EXPECT_EQ(k.then[0].verb, Primitive::destroy_);
  EXPECT_EQ(k.then[0].card->kind, CardRef::Kind::Target);
  EXPECT_EQ(r->paragraph().rendered, "Limited: Bow this Follower to destroy target Follower. Lose 2 Honor.");
  EXPECT_TRUE(r->paragraph().round_trips);
  auto two = read("Strategy", "**Battle:** Bow your performing Courtier at any location and lose 2 Honor to draw a card and gain 1 Honor.");
  ASSERT_TRUE(two->paragraph().unit) << two->text(two->paragraph().unread) << ": " << two->paragraph().why;
  EXPECT_EQ(std::get<InOrderTo>(two->unit().body.at(0)).done.size(), 2u);
  EXPECT_EQ(std::get<InOrderTo>(two->unit().body.at(0)).then.size(), 2u);
  EXPECT_TRUE(two->unit().performer->anywhere);
  EXPECT_TRUE(two->paragraph().round_trips) << two->paragraph().rendered;
  // what comes before "to" names its cards as any effect does
  EXPECT_FALSE(read("Strategy", "**Battle:** Bow him to gain 1 Honor.")->paragraph().unit);
}

// 001 Battlefields: a card moved home leaves the battlefield; "home" may come before or after the card, and the
// rendering keeps the order printed. As a cost, a card already home cannot pay it.
TEST(Meaning, MoveHome) {
  auto r = read("Strategy", "**Battle:** Target an enemy Personality: Move him home.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(e.verb, Primitive::move_);
  ASSERT_TRUE(e.to);
  EXPECT_EQ(e.to->kind, Place::Kind::Home);
  EXPECT_EQ(e.card->kind, CardRef::Kind::Pronoun);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto first = read("Strategy", "**Battle:** Move home a target enemy Personality.");
  ASSERT_TRUE(first->paragraph().unit) << first->text(first->paragraph().unread) << ": " << first->paragraph().why;
  EXPECT_TRUE(std::get<Effect>(first->unit().body.at(0)).place_first);
  EXPECT_EQ(first->paragraph().rendered, "Battle: Move home target enemy Personality.");
  EXPECT_TRUE(first->paragraph().round_trips);
  auto cost = read("Strategy", "**Battle:** Move your performing Ninja Personality home and target an enemy card: Bow it.");
  ASSERT_TRUE(cost->paragraph().unit) << cost->text(cost->paragraph().unread) << ": " << cost->paragraph().why;
  ASSERT_EQ(cost->unit().costs.size(), 1u);
  EXPECT_EQ(cost->unit().costs[0].verb, Primitive::move_);
  EXPECT_EQ(cost->unit().costs[0].card->kind, CardRef::Kind::Performer);
  // home is where a card goes, not a card: "Move home" with no card is not read
  EXPECT_FALSE(read("Strategy", "**Battle:** Move home.")->paragraph().unit);
}

// 001 Attach: "without attachments" (any attached card), "without Followers" (a type that attaches), "without a
// Weapon or Armor" (attached cards with one of the keywords); a type that never attaches makes no such test.
TEST(Meaning, WithoutAttachments) {
  auto r = read("Strategy", "**Battle:** Target an enemy card without attachments: Bow it.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const CardFilter& f = r->unit().targets.at(0).filter;
  ASSERT_EQ(f.attached.size(), 1u);
  EXPECT_TRUE(f.attached[0].none);
  EXPECT_TRUE(f.attached[0].card_types.empty());
  EXPECT_TRUE(f.attached[0].keywords.empty());
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto kinds = read("Strategy", "**Battle:** Bow this card and target an enemy Personality without a Weapon or Armor: Bow him.");
  ASSERT_TRUE(kinds->paragraph().unit) << kinds->text(kinds->paragraph().unread) << ": " << kinds->paragraph().why;
  const AttachedTest& a = kinds->unit().targets.at(0).filter.attached.at(0);
  const GameProfile& p = *kinds->profile;
  EXPECT_EQ(a.keywords, (std::vector<ProfileId>{kinds->id_of(p.keywords, "Weapon"), kinds->id_of(p.keywords, "Armor")}));
  EXPECT_TRUE(kinds->paragraph().round_trips) << kinds->paragraph().rendered;
  auto type = read("Strategy", "**Battle:** Target an enemy Personality without Followers: Destroy him.");
  ASSERT_TRUE(type->paragraph().unit) << type->text(type->paragraph().unread) << ": " << type->paragraph().why;
  EXPECT_EQ(type->unit().targets.at(0).filter.attached.at(0).card_types,
            std::vector<ProfileId>{type->id_of(type->profile->card_types, "Follower")});
  EXPECT_FALSE(read("Strategy", "**Battle:** Target an enemy Personality without Holdings: Destroy him.")->paragraph().unit);
  // after alternatives the words do not say which card type the clause describes
  EXPECT_FALSE(read("Strategy", "**Battle:** Target an enemy Follower or Personality without Followers: Destroy it.")->paragraph().unit);
}

// 000 7.2: a card's stat as an amount, its value as the effect resolves: "a Force penalty equal to his own Personal
// Honor" (the target's), "Akagi's Force" (003 Card title: the card's own name names the card), "Honor equal to its
// Force". A name that is not the card's is no reference.
TEST(Meaning, StatAmounts) {
  auto r = read("Personality", "**Battle:** Give a target enemy Personality a Force penalty equal to his own Personal Honor.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const GameProfile& p = *r->profile;
  const auto& give = std::get<Effect>(r->unit().body.at(0));
  ASSERT_EQ(give.gifts.size(), 1u);
  const StatChange& ch = *give.gifts[0].change;
  EXPECT_EQ(ch.stat, r->id_of(p.stats, "Force"));
  EXPECT_EQ(ch.delta.kind, Amount::Kind::StatOf);
  EXPECT_TRUE(ch.delta.negated);  // a penalty
  EXPECT_EQ(ch.delta.stat, r->id_of(p.stats, "Personal Honor"));
  EXPECT_EQ(ch.delta.of->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(ch.delta.of->target, 0);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto named = read("Personality", "**Battle:** Give a target enemy Personality a Force penalty equal to Akagi's Force.", "legends",
                    "Bayushi Akagi");
  ASSERT_TRUE(named->paragraph().unit) << named->text(named->paragraph().unread) << ": " << named->paragraph().why;
  const Amount& a = std::get<Effect>(named->unit().body.at(0)).gifts.at(0).change->delta;
  EXPECT_EQ(a.of->kind, CardRef::Kind::ThisCard);
  EXPECT_EQ(a.of->name, "Akagi");
  EXPECT_EQ(named->paragraph().rendered, "Battle: Give target enemy Personality a Force penalty equal to Akagi's Force.");
  EXPECT_TRUE(named->paragraph().round_trips);
  auto gain = read("Strategy", "**Open:** Target a Follower: Gain Honor equal to its Force.");
  ASSERT_TRUE(gain->paragraph().unit) << gain->text(gain->paragraph().unread) << ": " << gain->paragraph().why;
  EXPECT_EQ(std::get<Effect>(gain->unit().body.at(0)).amount->kind, Amount::Kind::StatOf);
  EXPECT_TRUE(gain->paragraph().round_trips) << gain->paragraph().rendered;
  // another card's name, a bonus with no stat, "equal to" a number: not read
  EXPECT_FALSE(read("Personality", "**Battle:** Give a target Personality a Force bonus equal to Kenji's Force.", "legends",
                    "Bayushi Akagi")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Open:** Target a Follower: Give him a bonus equal to his Chi.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Open:** Gain Honor equal to 2.")->paragraph().unit);
}

// 000_6878fa005291d153.txt 7.4: "where X is ..." defines the card's X after the sentence that uses it: a card's stat
// (this card's, or the target's through a pronoun) or how many cards of a set there are ("the number of Structures
// you rule": "rule" is the Terrus wording of "control"). One definition a unit; the amount of a set of one card, and
// "X" defined with no effect before it, are not read.
TEST(Meaning, TextDefinedX) {
  auto r = read("Beast", "**Night:** Deal X wounds to target beast, where X is this beast's ATK.", "terrus");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const GameProfile& p = *r->profile;
  const Effect& deal = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(deal.verb, Primitive::deal_);
  EXPECT_EQ(deal.amount->kind, Amount::Kind::X);
  EXPECT_EQ(deal.status, r->id_of(p.statuses, "Wound"));
  EXPECT_EQ(deal.card->kind, CardRef::Kind::Target);
  ASSERT_TRUE(r->unit().x);
  EXPECT_EQ(r->unit().x->after, 0u);
  EXPECT_EQ(r->unit().x->amount.kind, Amount::Kind::StatOf);
  EXPECT_EQ(r->unit().x->amount.stat, r->id_of(p.stats, "Attack"));
  EXPECT_EQ(r->unit().x->amount.of->kind, CardRef::Kind::ThisCard);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto its = read("Beast", "**Dusk:** Deal X wounds to target beast, where X is its ATK.", "terrus");
  ASSERT_TRUE(its->paragraph().unit) << its->text(its->paragraph().unread) << ": " << its->paragraph().why;
  EXPECT_EQ(its->unit().x->amount.of->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(its->unit().x->amount.of->target, 0);  // 003 Traits: the target, not this beast
  auto count = read("Beast", "**Dawn:** Gain X meat, where X is the number of Structures you rule.", "terrus");
  ASSERT_TRUE(count->paragraph().unit) << count->text(count->paragraph().unread) << ": " << count->paragraph().why;
  const Amount& n = count->unit().x->amount;
  EXPECT_EQ(n.kind, Amount::Kind::CountOf);
  EXPECT_EQ(n.value, 1);
  EXPECT_EQ(n.cards->side, Side::Yours);
  EXPECT_EQ(n.cards->card_types, std::vector<ProfileId>{count->id_of(count->profile->card_types, "Structure")});
  EXPECT_TRUE(count->paragraph().round_trips) << count->paragraph().rendered;
  EXPECT_FALSE(read("Beast", "**Dawn:** Gain X meat, where X is the number of a Structure you rule.", "terrus")->paragraph().unit);
  EXPECT_FALSE(read("Beast", "**Dawn:** Gain X meat, where X is this beast's ATK, where X is this beast's DEF.", "terrus")->paragraph().unit);
}

// 002 524: an ability constructor's options are the effects after the colon, one a clause; "one or more" builds a
// chain of distinct options (524.2), "N times from" one of N, repeats allowed (524.1). An option is an effect, so
// one whose words no effect reads refuses the whole paragraph.
TEST(Meaning, AbilityConstructor) {
  auto some = read("Spell", "Choose one or more: Deal 2 wounds to target creature; Gain 1 coin.", "heroes");
  ASSERT_TRUE(some->paragraph().unit) << some->text(some->paragraph().unread) << ": " << some->paragraph().why;
  ASSERT_EQ(some->unit().body.size(), 1u);
  const Constructor& k = std::get<Constructor>(some->unit().body.at(0));
  EXPECT_FALSE(k.times);
  ASSERT_EQ(k.options.size(), 2u);
  EXPECT_EQ(k.options[0].verb, Primitive::deal_);
  EXPECT_EQ(k.options[0].card->kind, CardRef::Kind::Target);
  EXPECT_EQ(k.options[1].verb, Primitive::gain_);
  EXPECT_EQ(k.options[1].amount->value, 1);
  EXPECT_TRUE(some->paragraph().round_trips) << some->paragraph().rendered;
  auto times = read("Hero", "When this hero attacks, choose 2 times from: Gain 1 coin; Draw a card.", "heroes");
  ASSERT_TRUE(times->paragraph().unit) << times->text(times->paragraph().unread) << ": " << times->paragraph().why;
  const Constructor& t = std::get<Constructor>(times->unit().body.at(0));
  ASSERT_TRUE(t.times);
  EXPECT_EQ(t.times->value, 2);
  EXPECT_EQ(t.options.size(), 2u);
  EXPECT_TRUE(times->unit().trigger);
  EXPECT_TRUE(times->paragraph().round_trips) << times->paragraph().rendered;
  // an option no effect reads ("Gain coins") refuses the paragraph: never a chain without it
  EXPECT_FALSE(read("Spell", "Choose one or more: Gain coins; Draw a card.", "heroes")->paragraph().unit);
  EXPECT_FALSE(read("Spell", "Choose one or more Draw a card; Gain 1 coin.", "heroes")->paragraph().unit);
}

// "Choose N <cards>": cards chosen, not targeted (001 Target), how many as printed; one by the article. A negative
// number is read so that the check can refuse it (000 7.2: "Choose -2 beasts"); a pronoun after it would name the
// chosen cards and is not read (never the latest target); a plural with no number says not how many.
TEST(Meaning, ChoosingCards) {
  auto two = read("Action", "**Dusk:** Choose 2 beasts you rule.", "terrus");
  ASSERT_TRUE(two->paragraph().unit) << two->text(two->paragraph().unread) << ": " << two->paragraph().why;
  const ChooseCards& k = std::get<ChooseCards>(two->unit().body.at(0));
  ASSERT_TRUE(k.count);
  EXPECT_EQ(k.count->value, 2);
  EXPECT_EQ(k.filter.card_types, std::vector<ProfileId>{two->id_of(two->profile->card_types, "Beast")});
  EXPECT_EQ(k.filter.side, Side::Yours);
  EXPECT_TRUE(k.filter.plural);
  EXPECT_TRUE(two->paragraph().round_trips) << two->paragraph().rendered;
  auto one = read("Action", "**Dusk:** Choose a beast you rule.", "terrus");
  ASSERT_TRUE(one->paragraph().unit) << one->paragraph().why;
  EXPECT_FALSE(std::get<ChooseCards>(one->unit().body.at(0)).count);
  EXPECT_TRUE(one->paragraph().round_trips) << one->paragraph().rendered;
  auto negative = read("Action", "**Dusk:** Choose -2 beasts.", "terrus");
  ASSERT_TRUE(negative->paragraph().unit) << negative->paragraph().why;
  EXPECT_EQ(std::get<ChooseCards>(negative->unit().body.at(0)).count->value, -2);
  EXPECT_TRUE(negative->paragraph().round_trips) << negative->paragraph().rendered;
  EXPECT_FALSE(read("Action", "**Dusk:** Choose beasts.", "terrus")->paragraph().unit);
  EXPECT_FALSE(read("Action", "**Dusk:** Choose +2 beasts.", "terrus")->paragraph().unit);
  EXPECT_FALSE(read("Action", "**Dusk:** Choose 2 a beast.", "terrus")->paragraph().unit);
  EXPECT_FALSE(read("Action", "**Dusk:** Target a beast. Choose a beast you rule. Destroy it.", "terrus")->paragraph().unit);
}

// "for each": an amount once for every card of a set (000 7.2), a stat change that fluctuates with the count (003
// Stats); "+1F/+1C" share one set. "for each" before a plural, or after X, is not read.
TEST(Meaning, AmountsForEachCard) {
  auto gain = read("Strategy", "**Open:** Gain 2 Honor for each Samurai you control.");
  ASSERT_TRUE(gain->paragraph().unit) << gain->text(gain->paragraph().unread) << ": " << gain->paragraph().why;
  const Amount& a = *std::get<Effect>(gain->unit().body.at(0)).amount;
  EXPECT_EQ(a.kind, Amount::Kind::CountOf);
  EXPECT_EQ(a.value, 2);
  EXPECT_EQ(a.cards->keywords, std::vector<ProfileId>{gain->id_of(gain->profile->keywords, "Samurai")});
  EXPECT_EQ(a.cards->side, Side::Yours);
  EXPECT_TRUE(gain->paragraph().round_trips) << gain->paragraph().rendered;
  auto has = read("Personality", "Ango has +1F/+1C for each Ring you control.", "legends", "Togashi Ango");
  ASSERT_TRUE(has->paragraph().unit) << has->text(has->paragraph().unread) << ": " << has->paragraph().why;
  const auto& m = std::get<StatModifier>(has->unit().body.at(0));
  ASSERT_EQ(m.changes.size(), 2u);
  EXPECT_EQ(m.changes[0].delta.kind, Amount::Kind::CountOf);
  EXPECT_EQ(m.changes[0].delta.value, 1);
  EXPECT_EQ(m.changes[0].delta.cards, m.changes[1].delta.cards);  // one set, counted once
  EXPECT_TRUE(has->paragraph().round_trips) << has->paragraph().rendered;
  auto give = read("Strategy", "**Battle:** Give a target enemy Personality -1F for each Samurai Personality you control.");
  ASSERT_TRUE(give->paragraph().unit) << give->text(give->paragraph().unread) << ": " << give->paragraph().why;
  EXPECT_EQ(std::get<Effect>(give->unit().body.at(0)).gifts.at(0).change->delta.value, -1);
  EXPECT_EQ(give->paragraph().rendered, "Battle: Give target enemy Personality -1F for each Samurai Personality you control.");
  EXPECT_FALSE(read("Strategy", "**Open:** Gain 1 Honor for each Samurai Personalities you control.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Open:** Gain X Honor for each Samurai you control.")->paragraph().unit);
}

// 003 Card title: a card named by its own name is the latest thing a pronoun after it names ("give Ruri +2F and give
// her Samurai": Ruri, not the target); named only as whose stat an amount is, it is not.
TEST(Meaning, PronounAfterTheCardsName) {
  auto r = read("Personality", "**Battle:** Target a Personality: Bow him to give Ruri +2F and give her Samurai.", "legends", "Iron Ruri");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& k = std::get<InOrderTo>(r->unit().body.at(0));
  EXPECT_EQ(k.done.at(0).card->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(k.done.at(0).card->target, 0);
  EXPECT_EQ(k.then.at(0).card->kind, CardRef::Kind::ThisCard);
  EXPECT_EQ(k.then.at(1).card->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(k.then.at(1).card->target, -2);  // Ruri
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto stat = read("Personality", "**Battle:** Target a Personality: Give him a Force bonus equal to Ruri's Chi. Bow him.", "legends",
                   "Iron Ruri");
  ASSERT_TRUE(stat->paragraph().unit) << stat->text(stat->paragraph().unread) << ": " << stat->paragraph().why;
  EXPECT_EQ(std::get<Effect>(stat->unit().body.at(1)).card->target, 0);  // "him": the target
}

// 001 Attach: "attachment" is any card attached to another (out of play, a card of a type that attaches).
TEST(Meaning, AttachmentNoun) {
  auto r = read("Strategy", "**Battle:** Bow a target enemy attachment.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const CardFilter& f = r->unit().targets.at(0).filter;
  EXPECT_TRUE(f.attachment);
  EXPECT_TRUE(f.card_types.empty());
  EXPECT_EQ(f.side, Side::Enemy);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_EQ(r->paragraph().rendered, "Battle: Bow target enemy attachment.");
}

// 003 Traits: a continuous trait that holds only while a condition does, judged each time it applies. With no card
// named the condition is about the card the trait describes ("while defending"); "you control" is about its
// controller, never the card having a keyword (a wrong reading the old binder had).
TEST(Meaning, WhileTraits) {
  auto r = read("Personality", "This Personality has +3F and **Elite** while defending.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const GameProfile& p = *r->profile;
  const auto& m = std::get<StatModifier>(r->unit().body.at(0));
  ASSERT_EQ(m.changes.size(), 1u);
  EXPECT_EQ(m.keywords, std::vector<ProfileId>{r->id_of(p.keywords, "Elite")});
  ASSERT_TRUE(m.while_);
  EXPECT_EQ(m.while_->kind, Condition::Kind::InBattle);
  EXPECT_EQ(*m.while_->role, BattleRole::Defending);
  EXPECT_FALSE(m.while_->card);  // the card the trait describes
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto control = read("Personality", "This Personality has +2F while you control a Courtier.");
  ASSERT_TRUE(control->paragraph().unit);
  const auto& c = *std::get<StatModifier>(control->unit().body.at(0)).while_;
  EXPECT_EQ(c.kind, Condition::Kind::YouControl);
  EXPECT_EQ(c.cards->keywords, std::vector<ProfileId>{r->id_of(p.keywords, "Courtier")});
  auto has = read("Personality", "Kaito has **Naval** while he has a Weapon or Armor.", "legends", "Doji Kaito");
  ASSERT_TRUE(has->paragraph().unit) << has->text(has->paragraph().unread) << ": " << has->paragraph().why;
  const auto& h = *std::get<StatModifier>(has->unit().body.at(0)).while_;
  EXPECT_EQ(h.kind, Condition::Kind::Has);
  EXPECT_FALSE(h.attached->none);
  EXPECT_EQ(h.attached->keywords.size(), 2u);
  EXPECT_EQ(has->paragraph().rendered, "Kaito has Naval while he has a Weapon or Armor.");
  auto host = read("Follower", "This Follower has +2F while attached to a Ratling.");
  ASSERT_TRUE(host->paragraph().unit);
  EXPECT_EQ(std::get<StatModifier>(host->unit().body.at(0)).while_->kind, Condition::Kind::AttachedTo);
  auto group = read("Holding", "Your Samurai Personalities have +1F while opposed.");
  ASSERT_TRUE(group->paragraph().unit);
  EXPECT_EQ(*std::get<StatModifier>(group->unit().body.at(0)).while_->role, BattleRole::Opposed);
  // an attacking card in a set (001 Battlefields)
  auto target = read("Strategy", "**Battle:** Bow a target attacking Personality.");
  ASSERT_TRUE(target->paragraph().unit) << target->text(target->paragraph().unread) << ": " << target->paragraph().why;
  EXPECT_EQ(target->unit().targets.at(0).filter.roles, std::vector<BattleRole>{BattleRole::Attacking});
  EXPECT_TRUE(target->paragraph().round_trips) << target->paragraph().rendered;
  // not read: a duration and a condition for one trait; attached to several cards; "has" a card type that never
  // attaches (001 Attach: a Holding is never attached)
  EXPECT_FALSE(read("Personality", "This Personality has +1F until the end of the turn while attacking.")->paragraph().unit);
  EXPECT_FALSE(read("Follower", "This Follower has +2F while attached to Ratlings.")->paragraph().unit);
  EXPECT_FALSE(read("Personality", "Kaito has +2F while he has a Holding.", "legends", "Doji Kaito")->paragraph().unit);
}

// 001 Battlefields: where a card is ("at home", "at the current battlefield", "at another battlefield") in a set, and
// the current battlefield as where a card moves.
TEST(Meaning, Places) {
  auto r = read("Holding", "**Battle:** Bow this card: Move your target Personality at home to the current battlefield.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  EXPECT_EQ(r->unit().targets.at(0).filter.at->kind, Place::Kind::Home);
  const auto& move = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(move.verb, Primitive::move_);
  EXPECT_EQ(move.to->kind, Place::Kind::CurrentBattlefield);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto each = read("Holding", "**Battle:** Bow this card: Give each Samurai Personality at the current battlefield +1F.");
  ASSERT_TRUE(each->paragraph().unit) << each->text(each->paragraph().unread) << ": " << each->paragraph().why;
  EXPECT_EQ(std::get<Effect>(each->unit().body.at(0)).cards->at->kind, Place::Kind::CurrentBattlefield);
  auto away = read("Strategy", "**Battle:** Bow a target Personality at another battlefield.");
  ASSERT_TRUE(away->paragraph().unit);
  EXPECT_EQ(away->unit().targets.at(0).filter.at->kind, Place::Kind::AnotherBattlefield);
  // not read: two places for one card; "to" a place that is no battlefield
  EXPECT_FALSE(read("Strategy", "**Battle:** Bow a target Personality at home at the current battlefield.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Move a target Personality to another battlefield.")->paragraph().unit);
}

// Zones in card sets: "in your discard pile" is the zone the profile names "discard pile" (legends: the Fate Discard
// Pile), "your" the controller's own; one of several zones; "in play" the zone marked in play; "from" after a discard.
TEST(Meaning, ZonesInSets) {
  auto pile = read("Holding", "**Open:** Bow this card: Put a target Follower in your discard pile into your hand.");
  ASSERT_TRUE(pile->paragraph().unit) << pile->text(pile->paragraph().unread) << ": " << pile->paragraph().why;
  const CardFilter& f = pile->unit().targets.at(0).filter;
  ASSERT_TRUE(f.in);
  EXPECT_EQ(f.in->zones, (std::vector<ProfileId>{pile->id_of(pile->profile->zones, "Fate Discard Pile")}));
  EXPECT_TRUE(f.in->yours);
  EXPECT_EQ(f.side, Side::Any);  // a card of your discard pile is not "a Follower you control"
  EXPECT_TRUE(pile->paragraph().round_trips) << pile->paragraph().rendered;
  auto two = read("Strategy", "**Open:** Target a Weapon or Armor in your hand or discard pile: Put it into your hand.");
  ASSERT_TRUE(two->paragraph().unit) << two->text(two->paragraph().unread) << ": " << two->paragraph().why;
  EXPECT_EQ(two->unit().targets.at(0).filter.in->zones,
            (std::vector<ProfileId>{two->id_of(two->profile->zones, "Hand"), two->id_of(two->profile->zones, "Fate Discard Pile")}));
  auto types = read("Strategy", "**Open:** Target a Follower or Item in your hand: Put it into your hand.");
  ASSERT_TRUE(types->paragraph().unit) << types->text(types->paragraph().unread) << ": " << types->paragraph().why;
  EXPECT_EQ(types->unit().targets.at(0).filter.card_types.size(), 2u);  // both types, in the hand
  auto play = read("Strategy", "**Battle:** Bow a target enemy Holding in play.");
  ASSERT_TRUE(play->paragraph().unit) << play->text(play->paragraph().unread) << ": " << play->paragraph().why;
  EXPECT_EQ(play->unit().targets.at(0).filter.in->zones, (std::vector<ProfileId>{play->id_of(play->profile->zones, "Play")}));
  auto from = read("Personality", "**Battle:** Discard a Kiho or Weapon from your hand to draw a card.");
  ASSERT_TRUE(from->paragraph().unit) << from->text(from->paragraph().unread) << ": " << from->paragraph().why;
  const auto& done = std::get<InOrderTo>(from->unit().body.at(0)).done.at(0);
  ASSERT_TRUE(done.cards && done.cards->in);
  EXPECT_TRUE(done.cards->in->from);
  EXPECT_TRUE(from->paragraph().round_trips) << from->paragraph().rendered;
  // a card of a set put into a zone: chosen as it resolves, not targeted (001 Target); "it" after it would name the
  // chosen card, which the tree has no reference for yet
  auto put = read("Personality", "**Limited:** Put a Spell in your discard pile into your hand.");
  ASSERT_TRUE(put->paragraph().unit) << put->text(put->paragraph().unread) << ": " << put->paragraph().why;
  const auto& e = std::get<Effect>(put->unit().body.at(0));
  EXPECT_FALSE(e.card);
  ASSERT_TRUE(e.cards && e.cards->in);
  EXPECT_TRUE(put->unit().targets.empty());
  EXPECT_TRUE(put->paragraph().round_trips) << put->paragraph().rendered;
  EXPECT_FALSE(read("Personality", "**Open:** Put a Follower from your hand into play and bow it.")->paragraph().unit);
  // not read: two zones for one card; "your" before the zone in play (no player's)
  EXPECT_FALSE(read("Strategy", "**Open:** Target a Follower in your hand in your discard pile: Put it into your hand.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Bow a target Holding in your play.")->paragraph().unit);
}

// A possessor's cards: "one of your Followers" is one card you control, "each of your Samurai Personalities" every
// one, "each of her Fire Spells" the cards attached to her (001 Attach); the noun after "of" is plural.
TEST(Meaning, PossessedCards) {
  auto one = read("Holding", "**Battle:** Target one of your Followers: Bow it.");
  ASSERT_TRUE(one->paragraph().unit) << one->text(one->paragraph().unread) << ": " << one->paragraph().why;
  const CardFilter& f = one->unit().targets.at(0).filter;
  EXPECT_EQ(f.side, Side::Yours);
  EXPECT_FALSE(f.plural);
  EXPECT_TRUE(f.partitive);
  EXPECT_TRUE(one->paragraph().round_trips) << one->paragraph().rendered;
  auto each = read("Holding", "**Battle:** Bow this card: Give each of your Samurai Personalities +1F.");
  ASSERT_TRUE(each->paragraph().unit) << each->text(each->paragraph().unread) << ": " << each->paragraph().why;
  EXPECT_TRUE(std::get<Effect>(each->unit().body.at(0)).cards->plural);  // every one
  EXPECT_TRUE(each->paragraph().round_trips) << each->paragraph().rendered;
  auto hers = read("Personality", "Kaede has +1F for each of her Fire Spells.", "legends", "Isawa Kaede");
  ASSERT_TRUE(hers->paragraph().unit) << hers->text(hers->paragraph().unread) << ": " << hers->paragraph().why;
  const auto& count = *std::get<StatModifier>(hers->unit().body.at(0)).changes.at(0).delta.cards;
  ASSERT_TRUE(count.of);
  EXPECT_EQ(count.of->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(count.of->target, -2);  // her: Kaede herself
  EXPECT_TRUE(hers->paragraph().round_trips) << hers->paragraph().rendered;
  // "in this unit" on a Follower: the unit of its Personality (001 This); "in his unit" inside a target's words: the
  // unit of the card named before the target, never the target itself
  auto unit = read("Follower", "This Follower has +1F for each Ashigaru in this unit.");
  ASSERT_TRUE(unit->paragraph().unit) << unit->text(unit->paragraph().unread) << ": " << unit->paragraph().why;
  const auto& in = *std::get<StatModifier>(unit->unit().body.at(0)).changes.at(0).delta.cards;
  ASSERT_TRUE(in.in_unit);
  EXPECT_EQ(in.in_unit->kind, CardRef::Kind::Bearer);
  EXPECT_TRUE(in.in_unit->unit);
  EXPECT_TRUE(unit->paragraph().round_trips) << unit->paragraph().rendered;
  auto his = read("Strategy", "**Battle:** Target an enemy Personality: Destroy a target Follower in his unit.");
  ASSERT_TRUE(his->paragraph().unit) << his->text(his->paragraph().unread) << ": " << his->paragraph().why;
  const auto& of = *his->unit().targets.at(1).filter.in_unit;
  EXPECT_EQ(of.kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(of.target, 0);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target an enemy Personality: Destroy a target Follower in it.")->paragraph().unit);
  // not read: "of" with neither "one" nor "each" before it; a singular noun after "of"
  EXPECT_FALSE(read("Holding", "**Battle:** Target of your Followers: Bow it.")->paragraph().unit);
  EXPECT_FALSE(read("Holding", "**Battle:** Target one of your Follower: Bow it.")->paragraph().unit);
}

// Alternatives of whole noun phrases: "an Air Shugenja or a Holding" is a card of one of the sets, each with its own
// words (what follows the last describes it alone, as printed).
TEST(Meaning, SetAlternatives) {
  auto r = read("Personality", "**Open:** Target an Air Shugenja or a Holding: Straighten it.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const CardFilter& f = r->unit().targets.at(0).filter;
  EXPECT_EQ(f.keywords.size(), 2u);
  EXPECT_TRUE(f.card_types.empty());
  ASSERT_EQ(f.alternatives.size(), 1u);
  EXPECT_EQ(f.alternatives[0].card_types, (std::vector<ProfileId>{r->id_of(r->profile->card_types, "Holding")}));
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto three = read("Personality", "**Limited:** Target another Personality or a Follower you control or a Holding: Straighten it.");
  ASSERT_TRUE(three->paragraph().unit) << three->text(three->paragraph().unread) << ": " << three->paragraph().why;
  const CardFilter& g = three->unit().targets.at(0).filter;
  EXPECT_TRUE(g.other);
  ASSERT_EQ(g.alternatives.size(), 2u);  // flat: one set, then the others
  EXPECT_EQ(g.alternatives[0].side, Side::Yours);  // "you control" describes the Follower alone
  EXPECT_EQ(g.alternatives[1].side, Side::Any);
  auto hand = read("Personality", "**Battle:** Discard a Kiho or a Spell from your hand to draw a card.");
  ASSERT_TRUE(hand->paragraph().unit) << hand->text(hand->paragraph().unread) << ": " << hand->paragraph().why;
  EXPECT_TRUE(hand->paragraph().round_trips) << hand->paragraph().rendered;
  // not read: one card or several; alternatives after "each"
  EXPECT_FALSE(read("Personality", "**Open:** Target a Samurai or your Courtiers: Straighten it.")->paragraph().unit);
  EXPECT_FALSE(read("Holding", "**Battle:** Give each Samurai or a Courtier +1F.")->paragraph().unit);
}

// A player named as the one who does what the verb says ("His controller loses 1 Honor"), and cards another player
// controls ("another player's Personality": any card not yours, a Terrain too, unlike "enemy": 001 Terrain).
TEST(Meaning, Players) {
  auto r = read("Strategy", "**Limited:** Target a Personality. His controller loses 1 Honor.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& lose = std::get<Effect>(r->unit().body.at(1));
  ASSERT_TRUE(lose.player);
  EXPECT_EQ(lose.player->kind, PlayerRef::Kind::ControllerOf);
  EXPECT_EQ(lose.player->of->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(lose.player->of->target, 0);
  EXPECT_EQ(r->paragraph().rendered, "Limited: Target a Personality. His controller loses 1 Honor.");
  EXPECT_TRUE(r->paragraph().round_trips);
  auto theirs = read("Strategy", "**Open:** Target another player's Follower: Bow it.");
  ASSERT_TRUE(theirs->paragraph().unit) << theirs->text(theirs->paragraph().unread) << ": " << theirs->paragraph().why;
  EXPECT_EQ(theirs->unit().targets.at(0).filter.side, Side::AnotherPlayers);
  EXPECT_TRUE(theirs->paragraph().round_trips) << theirs->paragraph().rendered;
  // not read: a player subject for a verb done to a card; a controller with no antecedent
  EXPECT_FALSE(read("Strategy", "**Limited:** Target a Personality. His controller bows him.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Limited:** His controller loses 1 Honor.")->paragraph().unit);
}

// "Even if this card is bowed": the ability may be used though the card is bowed; a state in a condition is a
// state, not an event ("is bowed" is one only after a timing word: Wording.g4's `trigger`).
TEST(Meaning, EvenIf) {
  auto r = read("Personality", "**Battle/Open:** Even if Nanae is bowed, target a Personality: You may straighten him.", "legends",
                "Doji Nanae");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  ASSERT_TRUE(r->unit().even_if);
  EXPECT_EQ(r->unit().even_if->kind, Condition::Kind::CardIs);
  EXPECT_EQ(r->unit().even_if->card->kind, CardRef::Kind::ThisCard);
  EXPECT_TRUE(r->unit().even_if->state->holds);
  EXPECT_EQ(r->paragraph().rendered, "Battle/Open: Even if Nanae is bowed, target a Personality: You may straighten him.");
  auto alone = read("Item", "**Battle:** Even if this card is bowed: Straighten this Personality.");
  ASSERT_TRUE(alone->paragraph().unit) << alone->text(alone->paragraph().unread) << ": " << alone->paragraph().why;
  EXPECT_TRUE(alone->paragraph().round_trips) << alone->paragraph().rendered;
  auto state = read("Strategy", "**Battle:** Target a Personality: Destroy him if he is bowed.");
  ASSERT_TRUE(state->paragraph().unit) << state->text(state->paragraph().unread) << ": " << state->paragraph().why;
  EXPECT_TRUE(std::get<Conditional>(state->unit().body.at(0)).condition.state);
}

// A choice of effects ("Move him home or give him +2F") or of verbs for one card ("Bow or straighten him"): the
// controller chooses one as it resolves. A profile state's verbs ("Dishonor him", "Rehonor him") by their state.
TEST(Meaning, ChoicesAndStateVerbs) {
  auto r = read("Strategy", "**Open:** Target a Personality: Bow or straighten him.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& k = std::get<Choice>(r->unit().body.at(0));
  EXPECT_TRUE(k.shared_card);
  ASSERT_EQ(k.options.size(), 2u);
  EXPECT_EQ(k.options[0].verb, Primitive::bow_);
  EXPECT_EQ(k.options[1].verb, Primitive::straighten_);
  EXPECT_EQ(r->paragraph().rendered, "Open: Target a Personality: Bow or straighten him.");
  auto two = read("Strategy", "**Battle:** Target a Personality: Move him home or give him +2F.");
  ASSERT_TRUE(two->paragraph().unit) << two->text(two->paragraph().unread) << ": " << two->paragraph().why;
  EXPECT_FALSE(std::get<Choice>(two->unit().body.at(0)).shared_card);
  EXPECT_TRUE(two->paragraph().round_trips) << two->paragraph().rendered;
  auto state = read("Strategy", "**Open:** Target a Personality: Dishonor him. Rehonor him.");
  ASSERT_TRUE(state->paragraph().unit) << state->text(state->paragraph().unread) << ": " << state->paragraph().why;
  const GameProfile& p = *state->profile;
  const auto& dishonor = std::get<Effect>(state->unit().body.at(0));
  const auto& rehonor = std::get<Effect>(state->unit().body.at(1));
  EXPECT_EQ(dishonor.state->state, state->id_of(p.states, "Dishonored"));
  EXPECT_TRUE(dishonor.state->holds);
  EXPECT_FALSE(rehonor.state->holds);  // the state's undo verb
  EXPECT_EQ(state->paragraph().rendered, "Open: Target a Personality: Dishonor him. Rehonor him.");
  EXPECT_TRUE(state->paragraph().round_trips);
}

// --emit=meaning: the tree as cardc prints it for a designer (stable: a golden file).
// ", or 3 Gold if it is not your turn", "-2F, or -3F if he is defending": the other amount while the condition holds
// as the effect resolves (each time a continuous trait applies); of the same resource or stat, or refused.
// "you are a Crab Clan player": a keyword of the family the profile gives players ([player keywords = Clan] on the
// Stronghold); a keyword of no such family ("a Samurai player") is said of no player, and "a" goes with "player"
TEST(Meaning, WhatAPlayerIs) {
  auto r = read("Strategy", "**Limited:** If you are a Lion Clan or Crane Clan player, gain 2 Honor.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread);
  const Condition& k = std::get<Conditional>(r->unit().body.at(0)).condition;
  EXPECT_EQ(k.kind, Condition::Kind::YouAre);
  EXPECT_TRUE(k.player_noun);
  EXPECT_EQ(k.keywords, (std::vector<ProfileId>{r->id_of(r->profile->keywords, "Lion Clan"), r->id_of(r->profile->keywords, "Crane Clan")}));
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto samurai = read("Strategy", "**Limited:** If you are a Samurai player, gain 2 Honor.");
  EXPECT_FALSE(samurai->paragraph().unit);
  EXPECT_EQ(samurai->text(samurai->paragraph().unread), "Samurai");
  EXPECT_FALSE(read("Strategy", "**Limited:** If you are Lion Clan player, gain 2 Honor.")->paragraph().unit);
}

// 003 Traits: "cannot" restricts what a card may do or have done to it while the trait holds; "cannot attack" only
// some cards when a set follows; a restriction against one card is not read
TEST(Meaning, Restrictions) {
  auto r = read("Item", "This Personality cannot be destroyed.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread);
  const auto& k = std::get<Restriction>(r->unit().body.at(0));
  EXPECT_EQ(k.kind, Restriction::Kind::BeDestroyed);
  EXPECT_EQ(k.card.kind, CardRef::Kind::Bearer);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto some = read("Beast", "This beast cannot attack structures.", "terrus");
  ASSERT_TRUE(some->paragraph().unit) << some->text(some->paragraph().unread);
  const auto& a = std::get<Restriction>(some->unit().body.at(0));
  EXPECT_EQ(a.kind, Restriction::Kind::Attack);
  ASSERT_TRUE(a.against);
  EXPECT_TRUE(a.against->plural);
  EXPECT_FALSE(read("Beast", "This beast cannot attack a structure.", "terrus")->paragraph().unit);
}

// 003 Stats: a maximum or a minimum of a card's stat, for a duration in an effect, while the trait holds in a trait
TEST(Meaning, StatLimits) {
  auto r = read("Strategy", "**Battle:** Target a Personality. His maximum Force is 1 until the battle ends.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread);
  const auto& k = std::get<StatLimit>(r->unit().body.at(1));
  EXPECT_TRUE(k.maximum);
  EXPECT_EQ(k.stat, r->id_of(r->profile->stats, "Force"));
  EXPECT_EQ(k.value.value, 1);
  EXPECT_EQ(k.card.kind, CardRef::Kind::Pronoun);
  ASSERT_TRUE(k.duration);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto trait = read("Personality", "This Personality's minimum Chi is 2.");
  ASSERT_TRUE(trait->paragraph().unit) << trait->text(trait->paragraph().unread);
  EXPECT_FALSE(std::get<StatLimit>(trait->unit().body.at(0)).maximum);
  EXPECT_TRUE(trait->paragraph().round_trips) << trait->paragraph().rendered;
}

// "target and bow an enemy Personality": the inline target of "bow target enemy Personality", worded verb after (001
// Target: declared where the effect names it); a plural set is not one target
TEST(Meaning, TargetThenVerb) {
  auto r = read("Strategy", "**Battle:** Gain 1 Honor. You may target and dishonor an enemy Courtier.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread);
  const meaning::Targeting& t = r->unit().targets.at(0);
  EXPECT_TRUE(t.inline_);
  EXPECT_TRUE(t.verb_after);
  EXPECT_EQ(t.filter.side, Side::Enemy);
  const Effect& e = std::get<Effect>(r->unit().body.at(1));
  EXPECT_EQ(e.verb, Primitive::set_state_);
  EXPECT_TRUE(e.optional);
  EXPECT_EQ(e.card->kind, CardRef::Kind::Target);
  EXPECT_EQ(r->paragraph().rendered, "Battle: Gain 1 Honor. You may target and dishonor an enemy Courtier.");
  EXPECT_FALSE(read("Strategy", "**Battle:** Target and bow enemy Personalities.")->paragraph().unit);
}

TEST(Meaning, AlternativeAmounts) {
  auto r = read("Holding", "Bow this card: Produce 2 Gold, or 3 Gold if it is not your turn.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& produce = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(produce.amount->value, 2);
  ASSERT_TRUE(produce.amount->or_if);
  EXPECT_EQ(produce.amount->or_if->amount.value, 3);
  EXPECT_EQ(produce.amount->or_if->condition.kind, Condition::Kind::YourTurn);
  EXPECT_TRUE(produce.amount->or_if->condition.negated);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto give = read("Strategy", "**Battle:** Give a target Personality -2F, or -3F if he is defending.");
  ASSERT_TRUE(give->paragraph().unit) << give->text(give->paragraph().unread) << ": " << give->paragraph().why;
  const StatChange& ch = *std::get<Effect>(give->unit().body.at(0)).gifts.at(0).change;
  EXPECT_EQ(ch.delta.value, -2);
  EXPECT_EQ(ch.delta.or_if->amount.value, -3);
  EXPECT_EQ(ch.delta.or_if->condition.kind, Condition::Kind::InBattle);
  EXPECT_EQ(ch.delta.or_if->condition.card->target, 0);  // "he": the target
  EXPECT_TRUE(give->paragraph().round_trips) << give->paragraph().rendered;
  auto trait = read("Personality", "This Personality has +1F, or +2F while attacking.");
  ASSERT_TRUE(trait->paragraph().unit);
  const auto& m = std::get<StatModifier>(trait->unit().body.at(0));
  EXPECT_TRUE(m.changes.at(0).delta.or_if->while_);
  EXPECT_FALSE(m.changes.at(0).delta.or_if->condition.card);  // the card the trait describes
  // not read: an alternative of another resource or another stat (it would say something else than "or more")
  EXPECT_FALSE(read("Holding", "Bow this card: Produce 2 Gold, or 3 Honor if it is not your turn.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Give a target Personality -2F, or -3C if he is defending.")->paragraph().unit);
}

// 001 Attach, Transfer: what a card may be attached to, only by a card that attaches; "After you Equip this Follower":
// you did the event to this card (an event at equal length beats the verb after a timing word and its subject).
TEST(Meaning, AttachRequirementsAndWhatYouDid) {
  auto r = read("Follower", "Will only attach to a Crab Clan Personality.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& a = std::get<AttachRequirement>(r->unit().body.at(0));
  EXPECT_TRUE(a.only);
  EXPECT_EQ(a.to.card_types, std::vector<ProfileId>{r->id_of(r->profile->card_types, "Personality")});
  auto never = read("Item", "Will not attach to a Shadowlands Personality.");
  ASSERT_TRUE(never->paragraph().unit);
  EXPECT_FALSE(std::get<AttachRequirement>(never->unit().body.at(0)).only);
  // "Can only Equip to" says what "Will only attach to" says (the round trip's normal form)
  auto can = read("Item", "Can only Equip to a Samurai.");
  ASSERT_TRUE(can->paragraph().unit);
  EXPECT_TRUE(can->paragraph().round_trips) << can->paragraph().rendered;
  auto equip = read("Follower", "After you Equip this Follower, lose 1 Honor.");
  ASSERT_TRUE(equip->paragraph().unit) << equip->text(equip->paragraph().unread) << ": " << equip->paragraph().why;
  const Trigger& t = *equip->unit().trigger;
  EXPECT_TRUE(t.yours);
  EXPECT_EQ(t.card->kind, CardRef::Kind::ThisCard);
  EXPECT_EQ(equip->profile->events.at(static_cast<size_t>(t.event)).text, "Equip");
  EXPECT_TRUE(equip->paragraph().round_trips) << equip->paragraph().rendered;
  // not read: a requirement on a card that never attaches (a Personality); several cards; what you did to another card
  EXPECT_FALSE(read("Personality", "Will only attach to a Samurai.")->paragraph().unit);
  EXPECT_FALSE(read("Item", "Will only attach to Samurai Personalities.")->paragraph().unit);
  EXPECT_FALSE(read("Follower", "After you Equip a Follower, lose 1 Honor.")->paragraph().unit);
}

// 001 This: "this unit" is the card's unit (on an attachment, its Personality's); "his unit" the unit of the card the
// pronoun names. A card in no unit (a Holding) has none.
TEST(Meaning, Units) {
  auto r = read("Follower", "**Open:** Straighten this unit.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const CardRef& c = *std::get<Effect>(r->unit().body.at(0)).card;
  EXPECT_EQ(c.kind, CardRef::Kind::Bearer);
  EXPECT_TRUE(c.unit);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto his = read("Personality", "**Open:** Target a Personality: Straighten his unit.");
  ASSERT_TRUE(his->paragraph().unit) << his->text(his->paragraph().unread) << ": " << his->paragraph().why;
  const CardRef& h = *std::get<Effect>(his->unit().body.at(0)).card;
  EXPECT_EQ(h.kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(h.target, 0);
  EXPECT_TRUE(h.unit);
  EXPECT_EQ(his->paragraph().rendered, "Open: Target a Personality: Straighten his unit.");
  EXPECT_FALSE(read("Holding", "**Open:** Straighten this unit.")->paragraph().unit);
}

// 003 Traits: a paragraph without a colon holds a trait a sentence, except a sentence that can only refer back (a
// pronoun before any card of its own); an action card's sentences are one effect; a colon makes one ability.
TEST(Meaning, TraitsOfAParagraph) {
  auto two = read("Follower", "Will only attach to a Human. This Personality has **Cavalry**.");
  ASSERT_EQ(two->ctx->meanings.at(0).size(), 2u);
  EXPECT_TRUE(std::holds_alternative<AttachRequirement>(two->unit(0).body.at(0)));
  EXPECT_TRUE(std::holds_alternative<StatModifier>(two->unit(1).body.at(0)));
  EXPECT_EQ(two->text(two->paragraph(1).paragraph).rfind("This Personality has", 0), 0u);  // the second sentence
  // "He" can only refer back: one trait
  auto back = read("Personality", "This Personality has +1F. He has **Cavalry**.");
  EXPECT_EQ(back->ctx->meanings.at(0).size(), 1u);
  // an action card: what it does when played, one effect
  auto action = read("Strategy", "Gain 1 Honor. Draw a card.");
  ASSERT_EQ(action->ctx->meanings.at(0).size(), 1u);
  EXPECT_EQ(action->unit().body.size(), 2u);
  // a colon: one ability, every sentence its effects
  auto ability = read("Personality", "**Open:** Gain 1 Honor. Draw a card.");
  EXPECT_EQ(ability->ctx->meanings.at(0).size(), 1u);
}

// "Discard a card", "Discard a Kiho to give him +2F": a card of your hand; a pronoun after such a choice would name
// the discarded card, which the tree cannot name yet: refused, never bound to another card.
TEST(Meaning, Discarding) {
  auto r = read("Personality", "**Battle:** Discard a Kiho to give this Personality +2F.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& k = std::get<InOrderTo>(r->unit().body.at(0));
  EXPECT_EQ(k.done.at(0).verb, Primitive::discard_);
  EXPECT_EQ(k.done.at(0).cards->keywords, std::vector<ProfileId>{r->id_of(r->profile->keywords, "Kiho")});
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto its = read("Personality", "**Battle:** Discard a card to give this Personality a Force bonus equal to its Focus Value.");
  EXPECT_FALSE(its->paragraph().unit);
  EXPECT_EQ(its->text(its->paragraph().unread), "its");
  EXPECT_FALSE(read("Personality", "**Battle:** Discard your Kiho.")->paragraph().unit);
}

// "You may take an additional Battle action", "Take two additional Battle actions": grants of actions by designator
// (the profile's), the noun's number agreeing with the count.
TEST(Meaning, AdditionalActions) {
  auto r = read("Personality", "**Battle:** Take two additional Battle actions.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(e.verb, Primitive::take_action_);
  EXPECT_EQ(e.amount->value, 2);
  EXPECT_EQ(e.designators, std::vector<ProfileId>{r->id_of(r->profile->designators, "Battle")});
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_FALSE(read("Personality", "**Battle:** Take two additional Battle action.")->paragraph().unit);
  EXPECT_FALSE(read("Personality", "**Battle:** Take an additional Battle actions.")->paragraph().unit);
}

// "Put this Strategy into play", "Put it into its owner's hand": a zone of the profile where one is named (after
// "into", "your", a possessive; elsewhere "battlefield" stays the language's word); the profile's other verbs of
// moving cards ("Rearrange", "Refill") say more than their primitive, so the round trip compares them by entry.
TEST(Meaning, PuttingIntoZones) {
  auto r = read("Strategy", "**Limited:** Pay 2 Gold: Put this Strategy into play.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(e.verb, Primitive::put_);
  EXPECT_EQ(r->profile->zones.at(static_cast<size_t>(e.zone)).name, "Play");
  EXPECT_EQ(e.zone_of, Effect::ZoneOf::Game);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto hand = read("Personality", "**Battle:** Target an opposed attachment: Put it into its owner's hand.");
  ASSERT_TRUE(hand->paragraph().unit) << hand->text(hand->paragraph().unread) << ": " << hand->paragraph().why;
  EXPECT_EQ(std::get<Effect>(hand->unit().body.at(0)).zone_of, Effect::ZoneOf::Owners);
  EXPECT_TRUE(hand->paragraph().round_trips) << hand->paragraph().rendered;
  auto refill = read("Strategy", "**Limited:** Refill this Strategy into play.");
  ASSERT_TRUE(refill->paragraph().unit);
  EXPECT_FALSE(refill->paragraph().round_trips) << refill->paragraph().rendered;
}

// 003 Created cards: "Create a 2F/2C/3PH Lion Clan • Samurai Personality", "Create two 1F/1C/0PH Ninja Personalities
// at the current battlefield": the printed stats ("2F" is a number and a stat's letters written together), keywords
// and card type; a pronoun after it would name the created card, which the tree cannot name yet.
TEST(Meaning, CreatedCards) {
  auto r = read("Holding", "**Limited:** Create a 2F/2C/3PH **Lion Clan • Samurai** Personality.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(e.verb, Primitive::create_);
  ASSERT_EQ(e.base.size(), 3u);
  EXPECT_EQ(e.base[2].stat, r->id_of(r->profile->stats, "Personal Honor"));
  EXPECT_EQ(e.base[2].delta.value, 3);
  EXPECT_EQ(e.cards->keywords.size(), 2u);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto two = read("Holding", "**Battle:** Create two 1F/1C/0PH **Ninja** Personalities at the current battlefield.");
  ASSERT_TRUE(two->paragraph().unit) << two->text(two->paragraph().unread) << ": " << two->paragraph().why;
  EXPECT_EQ(std::get<Effect>(two->unit().body.at(0)).amount->value, 2);
  EXPECT_TRUE(two->paragraph().round_trips) << two->paragraph().rendered;
  EXPECT_FALSE(read("Holding", "**Battle:** Create two 1F/1C/0PH **Ninja** Personality.")->paragraph().unit);
  EXPECT_FALSE(read("Holding", "**Battle:** Create a 1F/1F **Ninja** Personality.")->paragraph().unit);
  // "him" after it names the card created (CardRef::Created); after two created cards, "them" is not read yet
  auto him = read("Holding", "**Battle:** Create a 1F/1C/0PH **Ninja** Personality and straighten him.");
  ASSERT_TRUE(him->paragraph().unit) << him->text(him->paragraph().unread) << ": " << him->paragraph().why;
  EXPECT_EQ(std::get<Effect>(him->unit().body.at(1)).card->kind, CardRef::Kind::Created);
  EXPECT_TRUE(him->paragraph().round_trips) << him->paragraph().rendered;
  EXPECT_FALSE(read("Holding", "**Battle:** Create two 1F/1C/0PH **Ninja** Personalities and straighten them.")->paragraph().unit);
}

// "Dishonor him if his Force is now 0", "If his Personal Honor is 3 or higher": a card's stat as it is when the
// condition is judged (000 7.2); "now" says no more than that (the round trip drops it).
TEST(Meaning, StatConditions) {
  auto r = read("Strategy", "**Battle:** Give a target enemy Personality -3F. Dishonor him if his Force is now 0.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& k = std::get<Conditional>(r->unit().body.at(1));
  EXPECT_EQ(k.condition.kind, Condition::Kind::StatIs);
  EXPECT_EQ(k.condition.stat->compare, StatBound::Compare::Exactly);
  EXPECT_EQ(k.condition.card->target, 0);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto higher = read("Strategy", "**Battle:** Target a Personality: If his Personal Honor is 3 or higher, gain 1 Honor.");
  ASSERT_TRUE(higher->paragraph().unit);
  EXPECT_EQ(std::get<Conditional>(higher->unit().body.at(0)).condition.stat->compare, StatBound::Compare::AtLeast);
  EXPECT_TRUE(higher->paragraph().round_trips) << higher->paragraph().rendered;
  auto has = read("Strategy", "**Battle:** Give a target enemy Personality -3F. Dishonor him if he now has zero Force.");
  ASSERT_TRUE(has->paragraph().unit) << has->text(has->paragraph().unread) << ": " << has->paragraph().why;
  const auto& h = std::get<Conditional>(has->unit().body.at(1)).condition;
  EXPECT_EQ(h.stat->value.value, 0);
  EXPECT_EQ(h.stat->form, StatBound::Form::Has);
  EXPECT_TRUE(has->paragraph().round_trips) << has->paragraph().rendered;
}

// Provinces (001 Target: "a Province or player", a game object; 003 Stats: its strength changes like a stat; 001
// This: "this Province" is the one the card is in, else the current battlefield's): by the profile's zone of provinces,
// which effect changes its strength and by how much, and which province; "one of your Provinces" is chosen, not
// targeted (001 Target). A zone that holds no provinces, a noun whose number disagrees, and a stat's letters on a
// province's strength are refused.
TEST(Meaning, Provinces) {
  auto r = read("Holding", "**Battle:** Bow this card: Give this Province +2 strength until the battle ends.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const GameProfile& p = *r->profile;
  const auto& give = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(give.verb, Primitive::give_);
  ASSERT_TRUE(give.province);
  EXPECT_FALSE(give.card);
  EXPECT_EQ(give.province->kind, ProvinceRef::Kind::This);
  EXPECT_EQ(give.province->zone, r->id_of(p.zones, "Province"));
  ASSERT_EQ(give.gifts.size(), 1u);
  EXPECT_EQ(give.gifts[0].change->stat, r->id_of(p.stats, "Province Strength"));
  EXPECT_EQ(give.gifts[0].change->delta.value, 2);
  EXPECT_EQ(p.durations.at(static_cast<size_t>(give.duration->duration)).text, "until the battle ends");
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto bonus = read("Personality", "**Battle:** Give this battlefield's province a strength penalty equal to this Personality's Chi.");
  ASSERT_TRUE(bonus->paragraph().unit) << bonus->text(bonus->paragraph().unread) << ": " << bonus->paragraph().why;
  const auto& pen = std::get<Effect>(bonus->unit().body.at(0));
  EXPECT_EQ(pen.province->kind, ProvinceRef::Kind::Current);
  EXPECT_TRUE(pen.province->this_battlefield);
  EXPECT_EQ(pen.gifts.at(0).change->delta.kind, Amount::Kind::StatOf);
  EXPECT_TRUE(pen.gifts.at(0).change->delta.negated);
  EXPECT_EQ(pen.gifts.at(0).change->delta.stat, r->id_of(p.stats, "Chi"));
  EXPECT_TRUE(bonus->paragraph().round_trips) << bonus->paragraph().rendered;

  auto its = read("Personality", "**Battle:** Target an enemy Personality: Give its Province -2 strength.");
  ASSERT_TRUE(its->paragraph().unit) << its->text(its->paragraph().unread) << ": " << its->paragraph().why;
  const auto& of = std::get<Effect>(its->unit().body.at(0));
  EXPECT_EQ(of.province->kind, ProvinceRef::Kind::OfCard);
  EXPECT_EQ(of.province->of->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(of.province->of->target, 0);
  EXPECT_EQ(of.gifts.at(0).change->delta.value, -2);
  EXPECT_TRUE(its->paragraph().round_trips) << its->paragraph().rendered;

  auto raise = read("Strategy", "**Battle:** Reduce the current battlefield's province's strength by 2.");
  ASSERT_TRUE(raise->paragraph().unit) << raise->text(raise->paragraph().unread) << ": " << raise->paragraph().why;
  const auto& by = std::get<Effect>(raise->unit().body.at(0));
  EXPECT_EQ(by.verb, Primitive::reduce_);
  EXPECT_EQ(by.province->kind, ProvinceRef::Kind::Current);
  EXPECT_TRUE(by.province->battlefield);
  EXPECT_EQ(by.amount->value, 2);
  EXPECT_TRUE(raise->paragraph().round_trips) << raise->paragraph().rendered;

  auto destroy = read("Strategy", "**Open:** Destroy one of your Provinces.");
  ASSERT_TRUE(destroy->paragraph().unit) << destroy->text(destroy->paragraph().unread) << ": " << destroy->paragraph().why;
  const auto& d = std::get<Effect>(destroy->unit().body.at(0));
  EXPECT_EQ(d.verb, Primitive::destroy_);
  EXPECT_EQ(d.province->kind, ProvinceRef::Kind::OneOfYours);
  EXPECT_TRUE(destroy->unit().targets.empty());  // chosen, not targeted
  EXPECT_TRUE(destroy->paragraph().round_trips) << destroy->paragraph().rendered;
  EXPECT_EQ(destroy->paragraph().rendered, "Open: Destroy one of your provinces.");

  // refused: a zone that holds no provinces; "one of your Province"; "+2F strength"
  expect_refused("Strategy", "**Open:** Give this Fate Deck +2 strength.", "no provinces");
  expect_refused("Strategy", "**Open:** Destroy one of your Province.", "disagree");
  expect_refused("Strategy", "**Open:** Give this Province +2F strength.", "letters");

  // 003 Stats: a continuous change to every province's strength, or to yours
  auto all = read("Ring", "Provinces have -1 strength.");
  ASSERT_TRUE(all->paragraph().unit) << all->text(all->paragraph().unread) << ": " << all->paragraph().why;
  const auto& every = std::get<ProvinceModifier>(all->unit().body.at(0));
  EXPECT_FALSE(every.yours);
  EXPECT_EQ(every.change.stat, r->id_of(p.stats, "Province Strength"));
  EXPECT_EQ(every.change.delta.value, -1);
  EXPECT_TRUE(all->paragraph().round_trips) << all->paragraph().rendered;
  auto mine = read("Personality", "Your provinces have +2 strength.");
  ASSERT_TRUE(mine->paragraph().unit) << mine->text(mine->paragraph().unread) << ": " << mine->paragraph().why;
  EXPECT_TRUE(std::get<ProvinceModifier>(mine->unit().body.at(0)).yours);
  EXPECT_TRUE(mine->paragraph().round_trips) << mine->paragraph().rendered;
  expect_refused("Personality", "Your province have +2 strength.", "disagree");
  expect_refused("Personality", "Your Hands have +2 strength.", "no provinces");
}

// A card that has just left a province ("After this Holding enters play from a Province", the profile's zone of
// provinces; no other zone), and the province refilled (the verb the profile marks [refills]): "the Province" is the one
// the trigger names, face-up as printed (face-down otherwise). Refused: a card leaving a zone that holds no provinces,
// "the Province" with no trigger naming one, refilling one chosen as it resolves, and a put verb that does not refill.
TEST(Meaning, LeavingAndRefillingProvinces) {
  auto r = read("Holding", "After you Recruit this Holding from a Province, refill the Province face-up.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const GameProfile& p = *r->profile;
  const Trigger& t = *r->unit().trigger;
  EXPECT_TRUE(t.yours);
  EXPECT_EQ(t.card->kind, CardRef::Kind::ThisCard);
  EXPECT_EQ(t.from, r->id_of(p.zones, "Province"));
  const auto& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(e.verb, Primitive::put_);
  EXPECT_EQ(p.verbs.at(static_cast<size_t>(e.refill)).name, "Refill");
  EXPECT_EQ(e.province->kind, ProvinceRef::Kind::Left);
  ASSERT_TRUE(e.state);
  EXPECT_EQ(p.states.at(static_cast<size_t>(e.state->state)).name, "Face-down");
  EXPECT_FALSE(e.state->holds);  // face-up
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto enters = read("Holding", "After this Holding enters play from a Province, gain 1 Honor.");
  ASSERT_TRUE(enters->paragraph().unit) << enters->text(enters->paragraph().unread) << ": " << enters->paragraph().why;
  EXPECT_FALSE(enters->unit().trigger->yours);
  EXPECT_EQ(enters->unit().trigger->from, r->id_of(p.zones, "Province"));
  EXPECT_TRUE(enters->paragraph().round_trips) << enters->paragraph().rendered;

  auto down = read("Holding", "**Battle:** Bow this card: Refill this Province.");
  ASSERT_TRUE(down->paragraph().unit) << down->text(down->paragraph().unread) << ": " << down->paragraph().why;
  EXPECT_FALSE(std::get<Effect>(down->unit().body.at(0)).state);  // face-down
  EXPECT_EQ(std::get<Effect>(down->unit().body.at(0)).province->kind, ProvinceRef::Kind::This);

  expect_refused("Holding", "After this Holding enters play from a Hand, gain 1 Honor.", "no provinces");
  expect_refused("Holding", "**Battle:** Bow this card: Refill the Province face-up.", "no trigger");
  expect_refused("Holding", "**Battle:** Bow this card: Refill one of your Provinces.", "chosen");
  expect_refused("Holding", "**Battle:** Bow this card: Put this Province face-up.", "putting a province");
}

TEST(Meaning, EmitMeaningGolden) {
  // every set of tests/meaning beside its printed tree (<set>.meaning)
  size_t sets = 0;
  for (const auto& e : std::filesystem::directory_iterator(std::string(CARDC_SOURCE_DIR) + "/tests/meaning")) {
    if (e.path().extension() != ".cards") continue;
    ++sets;
    auto out = test::run_cardc("check --emit=meaning " + e.path().string());
    EXPECT_EQ(out.exit_code, 0) << e.path() << "\n" << out.output;
    EXPECT_EQ(out.output, read_file(std::filesystem::path(e.path()).replace_extension(".meaning").string())) << e.path();
  }
  EXPECT_GE(sets, 2u);
}

// 002 523: a stat multiplied, divided or set by a card's words, a verb or said of the stat; a division rounds down unless
// the text says up (the heroes profile's `verb Halve`). Each reads as one change of that operation to the card's stat;
// the words as printed come back from the rendering (the round trip; tests/meaning/stat_operations.meaning shows them).
TEST(Meaning, StatOperations) {
  using Op = StatChange::Op;
  struct Case {
    const char* text;
    Op op;
    int64_t operand;
    bool up;
  };
  const Case cases[] = {
      {"Target a creature. Double its ATK until end of turn.", Op::Multiply, 2, false},
      {"Target a creature. Its ATK is doubled.", Op::Multiply, 2, false},
      {"Target a creature. Its ATK is multiplied by 3.", Op::Multiply, 3, false},
      {"Halve the ATK of target creature.", Op::Divide, 2, false},
      {"Halve the ATK of target creature, rounded up.", Op::Divide, 2, true},
      {"Target a creature. Its ATK is halved.", Op::Divide, 2, false},
      {"Target a creature. Its ATK is divided by 2, rounded down.", Op::Divide, 2, false},
      {"Target a creature. Divide its ATK by 3, rounded up.", Op::Divide, 3, true},
      {"Reduce the ATK of target creature by half, rounded up.", Op::Divide, 2, true},
      {"Reduce the ATK of target creature to half.", Op::Divide, 2, false},
      {"Set the ATK of target creature to 4.", Op::Set, 4, false},
      {"Target a creature. Its ATK is set to 6 until end of turn.", Op::Set, 6, false},
  };
  for (const Case& c : cases) {
    auto r = read("Spell", c.text, "heroes");
    ASSERT_TRUE(r->paragraph().unit) << c.text << ": " << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
    const auto& m = std::get<StatModifier>(r->unit().body.back());
    ASSERT_EQ(m.changes.size(), 1u) << c.text;
    EXPECT_EQ(m.changes[0].stat, r->id_of(r->profile->stats, "Attack")) << c.text;
    EXPECT_EQ(m.changes[0].op, c.op) << c.text;
    EXPECT_EQ(m.changes[0].delta.value, c.operand) << c.text;
    EXPECT_EQ(m.changes[0].round_up, c.up) << c.text;
    EXPECT_EQ(m.card->kind, r->unit().body.size() == 1 ? CardRef::Kind::Target : CardRef::Kind::Pronoun) << c.text;
    EXPECT_EQ(r->unit().targets.size(), 1u) << c.text;
    EXPECT_TRUE(r->paragraph().round_trips) << c.text << " rendered " << r->paragraph().rendered;
  }
  // refused, naming why: dividing by 0 means nothing (000 7.3 would make it 0, a card never says so); a factor the
  // text does not print; a stat the game does not have is a word no shape reads
  auto zero = read("Spell", "Target a creature. Its ATK is divided by 0.", "heroes");
  EXPECT_FALSE(zero->paragraph().unit);
  EXPECT_NE(zero->paragraph().why.find("dividing by 0"), std::string::npos) << zero->paragraph().why;
  auto x = read("Spell", "Target a creature. Its ATK is multiplied by X.", "heroes");
  EXPECT_FALSE(x->paragraph().unit);
  EXPECT_NE(x->paragraph().why.find("no number"), std::string::npos) << x->paragraph().why;
  auto force = read("Spell", "Halve the Force of target creature.", "heroes");
  EXPECT_FALSE(force->paragraph().unit);
  EXPECT_EQ(force->text(force->paragraph().unread), "Force");
  // "rounded" with no direction, or words after the operation, refuse the paragraph: never a partial read
  EXPECT_FALSE(read("Spell", "Halve the ATK of target creature, rounded.", "heroes")->paragraph().unit);
  EXPECT_FALSE(read("Spell", "Target a creature. Its ATK is doubled and then some.", "heroes")->paragraph().unit);
}

// 003 Gold Cost: how this card enters play (a term of the card, not an ability): bowed, or for less (more) of the
// resource its cost is paid in, while a condition holds or for each card of a set; and what an effect that brings a
// card into play attached pays ("paying all costs", "paying 2 less Gold, to a minimum of 1").
TEST(Meaning, EnteringPlayAndPaying) {
  auto bowed = read("Holding", "This Holding enters play bowed.");
  ASSERT_TRUE(bowed->paragraph().unit) << bowed->text(bowed->paragraph().unread) << ": " << bowed->paragraph().why;
  const auto& b = std::get<EnteringPlay>(bowed->unit().body.at(0));
  ASSERT_TRUE(b.card && b.state);
  EXPECT_EQ(b.card->kind, CardRef::Kind::ThisCard);
  EXPECT_EQ(b.state->state, bowed->id_of(bowed->profile->states, "Bowed"));
  EXPECT_TRUE(b.state->holds);
  EXPECT_FALSE(b.change);
  EXPECT_TRUE(bowed->paragraph().round_trips) << bowed->paragraph().rendered;

  // no subject printed: the paragraph opens with the event's words
  auto lion = read("Personality", "Enters play paying 2 less Gold if you are a Lion Clan player.");
  ASSERT_TRUE(lion->paragraph().unit) << lion->text(lion->paragraph().unread) << ": " << lion->paragraph().why;
  const auto& l = std::get<EnteringPlay>(lion->unit().body.at(0));
  EXPECT_FALSE(l.card);
  ASSERT_TRUE(l.change && l.condition);
  EXPECT_EQ(l.change->amount.value, 2);
  EXPECT_FALSE(l.change->more);
  EXPECT_EQ(l.change->resource, lion->id_of(lion->profile->resources, "Gold"));
  EXPECT_TRUE(l.paying);
  EXPECT_EQ(l.condition->kind, Condition::Kind::YouAre);
  EXPECT_TRUE(lion->paragraph().round_trips) << lion->paragraph().rendered;
  EXPECT_EQ(lion->paragraph().rendered, "Enters play paying 2 less Gold if you are a Lion Clan player.");

  auto each = read("Holding", "This Holding enters play for 1 less Gold for each Geisha you control.");
  ASSERT_TRUE(each->paragraph().unit) << each->text(each->paragraph().unread) << ": " << each->paragraph().why;
  const auto& e = std::get<EnteringPlay>(each->unit().body.at(0));
  ASSERT_TRUE(e.change);
  EXPECT_EQ(e.change->amount.kind, Amount::Kind::CountOf);
  EXPECT_EQ(e.change->amount.cards->keywords, std::vector<ProfileId>{each->id_of(each->profile->keywords, "Geisha")});
  EXPECT_EQ(e.change->amount.cards->side, Side::Yours);
  EXPECT_FALSE(e.paying);
  EXPECT_TRUE(each->paragraph().round_trips) << each->paragraph().rendered;

  auto more = read("Personality", "Kenzo enters play for 1 more Gold if you control a Courtier.", "legends", "Tsuda Kenzo");
  ASSERT_TRUE(more->paragraph().unit) << more->text(more->paragraph().unread) << ": " << more->paragraph().why;
  EXPECT_TRUE(std::get<EnteringPlay>(more->unit().body.at(0)).change->more);
  EXPECT_TRUE(more->paragraph().round_trips) << more->paragraph().rendered;

  auto attach = read("Personality", "**Open:** Target a Follower in your hand: Attach it to this Personality, paying 2 less Gold, to a minimum of 1.");
  ASSERT_TRUE(attach->paragraph().unit) << attach->text(attach->paragraph().unread) << ": " << attach->paragraph().why;
  const auto& a = std::get<Effect>(attach->unit().body.at(0));
  EXPECT_EQ(a.verb, Primitive::attach_);
  EXPECT_EQ(a.card->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(a.host->kind, CardRef::Kind::ThisCard);
  ASSERT_TRUE(a.payment && a.payment->change && a.payment->minimum);
  EXPECT_EQ(a.payment->change->amount.value, 2);
  EXPECT_EQ(a.payment->minimum->value, 1);
  EXPECT_TRUE(attach->paragraph().round_trips) << attach->paragraph().rendered;
  auto all = read("Personality", "**Open:** Target a Follower in your hand: Attach it to this Personality, paying all costs.");
  ASSERT_TRUE(all->paragraph().unit) << all->text(all->paragraph().unread) << ": " << all->paragraph().why;
  EXPECT_FALSE(std::get<Effect>(all->unit().body.at(0)).payment->change);

  // refused, naming why: another card entering play (what a pronoun names is no term of this card); a zone not in
  // play; paying more than the costs; a change of no count
  expect_refused("Personality", "**Battle:** Target a Follower. It enters play bowed.", "another card than this one");
  expect_refused("Holding", "This Holding enters hand bowed.", "not in play");
  expect_refused("Personality", "**Open:** Target a Follower in your hand: Attach it to this Personality, paying 2 more Gold.",
                 "paying more");
  expect_refused("Holding", "This Holding enters play for 0 less Gold.", "no count");
  // attaching without saying what is paid, or words after the payment, are no shape: never a partial read
  EXPECT_FALSE(read("Personality", "**Open:** Target a Follower in your hand: Attach it to this Personality.")->paragraph().unit);
  EXPECT_FALSE(read("Holding", "This Holding enters play for 1 less Gold, up to 3 less Gold.")->paragraph().unit);
  EXPECT_FALSE(read("Holding", "This Holding enters play bowed and dishonored.")->paragraph().unit);

  // "when it pays for a single Shugenja only": the changes hold while the payment under way is for one such card
  auto pays = read("Holding", "This Holding has +2GP when it pays for a single Shugenja only.");
  ASSERT_TRUE(pays->paragraph().unit) << pays->text(pays->paragraph().unread) << ": " << pays->paragraph().why;
  const auto& m = std::get<StatModifier>(pays->unit().body.at(0));
  ASSERT_TRUE(m.while_);
  EXPECT_EQ(m.while_->kind, Condition::Kind::PaysFor);
  EXPECT_EQ(m.while_->cards->keywords, std::vector<ProfileId>{pays->id_of(pays->profile->keywords, "Shugenja")});
  EXPECT_EQ(m.changes.at(0).stat, pays->id_of(pays->profile->stats, "Gold Production"));
  EXPECT_TRUE(pays->paragraph().round_trips) << pays->paragraph().rendered;
  // a side after "a single" says nothing the rules define; "only" unsaid is no shape (it would widen the bonus)
  expect_refused("Holding", "This Holding has +2GP when it pays for a single enemy Shugenja only.", "a side");
  EXPECT_FALSE(read("Holding", "This Holding has +2GP when it pays for a single Shugenja.")->paragraph().unit);

  // Gold that pays for one card bought with one of some keywords only
  auto held = read("Holding", "Bow this card: Produce 2 Gold, which can only pay for a single Armor, Mine, or Weapon.");
  ASSERT_TRUE(held->paragraph().unit) << held->text(held->paragraph().unread) << ": " << held->paragraph().why;
  const auto& g = std::get<Effect>(held->unit().body.at(0));
  ASSERT_TRUE(g.earmark);
  EXPECT_EQ(g.earmark->any_keywords.size(), 3u);
  EXPECT_TRUE(held->paragraph().round_trips) << held->paragraph().rendered;
  // an action rather than a card, or an amount the text computes, is not read: never Gold that pays for anything
  auto action = read("Holding", "Bow this card: Produce 2 Gold that can only pay for a single Kharmic action.");
  EXPECT_FALSE(action->paragraph().unit);
  EXPECT_EQ(action->text(action->paragraph().unread), "action");

  // costs one sentence each ("Bow this card. Pay 2 Gold:", the importer's cost icons): one block, paid in order
  auto icons = read("Holding", "**Limited:** Bow this card. Pay 2 Gold: Draw a card.");
  ASSERT_TRUE(icons->paragraph().unit) << icons->text(icons->paragraph().unread) << ": " << icons->paragraph().why;
  ASSERT_EQ(icons->unit().constraints.size(), 1u);
  EXPECT_TRUE(icons->unit().constraints[0].sentences);
  ASSERT_EQ(icons->unit().costs.size(), 2u);
  EXPECT_EQ(icons->unit().costs[1].verb, Primitive::pay_);
  EXPECT_TRUE(icons->paragraph().round_trips) << icons->paragraph().rendered;
  EXPECT_FALSE(read("Holding", "**Limited:** Bow this card. Target a Follower: Draw a card.")->paragraph().unit);

  // a trigger before a comma, then the block's targets: "After this Personality enters play, target ...:"
  auto after = read("Personality", "**Reaction:** After this Personality enters play, target a Follower in your hand: Attach it to this Personality, paying all costs.");
  ASSERT_TRUE(after->paragraph().unit) << after->text(after->paragraph().unread) << ": " << after->paragraph().why;
  ASSERT_TRUE(after->unit().trigger);
  EXPECT_TRUE(after->unit().trigger->leads);
  ASSERT_EQ(after->unit().targets.size(), 1u);
  EXPECT_TRUE(after->unit().targets[0].in_constraints);
  EXPECT_TRUE(after->paragraph().round_trips) << after->paragraph().rendered;
  EXPECT_FALSE(read("Personality", "**Reaction:** After this Personality enters play, after a Follower enters play, target a Follower: Bow it.")
                   ->paragraph().unit);
}

// 001 Target: a targeting of several cards ("one or two", "one or more", "up to two", "two") and what names them all
// ("them", "each target", the counted target itself); a name of one card for them, or of them for one, is refused.
TEST(Meaning, SeveralTargets) {
  auto r = read("Strategy", "**Battle:** Target one or two Samurai: Raise each target's Force by 2.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  ASSERT_TRUE(r->unit().targets.at(0).count);
  EXPECT_EQ(r->unit().targets[0].count->form, TargetCount::Form::OrN);
  EXPECT_EQ(r->unit().targets[0].count->min, 1);
  EXPECT_EQ(r->unit().targets[0].count->max, 2);
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(e.card->kind, CardRef::Kind::TheTarget);
  EXPECT_TRUE(e.card->plural);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto more = read("Strategy", "**Open:** Target one or more of your bowed Followers: Straighten them.");
  ASSERT_TRUE(more->paragraph().unit) << more->text(more->paragraph().unread) << ": " << more->paragraph().why;
  EXPECT_EQ(more->unit().targets.at(0).count->max, -1);  // no bound
  EXPECT_EQ(more->unit().targets[0].filter.side, Side::Yours);
  EXPECT_TRUE(more->paragraph().round_trips) << more->paragraph().rendered;

  auto up_to = read("Strategy", "**Battle:** Target up to two enemy Personalities: Give them -1F.");
  ASSERT_TRUE(up_to->paragraph().unit) << up_to->text(up_to->paragraph().unread);
  EXPECT_EQ(up_to->unit().targets.at(0).count->min, 0);
  EXPECT_TRUE(up_to->paragraph().round_trips) << up_to->paragraph().rendered;

  auto inline_ = read("Holding", "**Open:** Bow this card: Bow one or two target attachments.");
  ASSERT_TRUE(inline_->paragraph().unit) << inline_->text(inline_->paragraph().unread);
  EXPECT_TRUE(inline_->unit().targets.at(0).inline_);
  EXPECT_TRUE(std::get<Effect>(inline_->unit().body.at(0)).card->plural);
  EXPECT_TRUE(inline_->paragraph().round_trips) << inline_->paragraph().rendered;

  // a name of one card for several, of several for one, and counts that take no cards or read backwards
  EXPECT_FALSE(read("Strategy", "**Battle:** Target one or two Samurai: Bow him.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target one or two Samurai: Bow the target.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Samurai: Bow them.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Samurai: Raise each target's Force by 2.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target one or two Personality: Bow them.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target two or one Personalities: Bow them.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target up to 0 Personalities: Bow them.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target Personalities: Bow them.")->paragraph().unit);
}

// 001 Battlefields: "If he moved" asks the unit's move before it about the same card; with no move before it, refused.
TEST(Meaning, IfHeMoved) {
  auto r = read("Strategy", "**Battle:** Target an attacking Personality: Move him home. If he moved, gain 1 Honor.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Conditional& k = std::get<Conditional>(r->unit().body.at(1));
  EXPECT_EQ(k.condition.kind, Condition::Kind::Moved);
  EXPECT_EQ(k.condition.card->target, 0);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Battle:** Target an attacking Personality: Bow him. If he moved, gain 1 Honor.")->paragraph().unit);
}

// 001 Battlefields: "this battlefield" is the current battlefield (the same meaning, kept for the rendering); "he is at
// the current battlefield" asks where a card is; "Move him to any battlefield" says where the lowering cannot send him.
TEST(Meaning, ThisBattlefieldAndWhereACardIs) {
  auto r = read("Holding", "**Battle:** Bow this card: Move your target Personality to this battlefield.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(e.to->kind, Place::Kind::CurrentBattlefield);
  EXPECT_TRUE(e.to->this_battlefield);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto at = read("Strategy", "**Battle:** Target a Personality: If he is not at the current battlefield, bow him.");
  ASSERT_TRUE(at->paragraph().unit) << at->text(at->paragraph().unread);
  const Conditional& k = std::get<Conditional>(at->unit().body.at(0));
  EXPECT_EQ(k.condition.kind, Condition::Kind::At);
  EXPECT_TRUE(k.condition.negated);
  EXPECT_TRUE(at->paragraph().round_trips) << at->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Personality: Move him to any battlefield.")->paragraph().unit);
  // the designators, then a trigger leading its sentence
  auto lead = read("Personality", "**Reaction:** After this Personality enters play, gain 1 Honor.");
  ASSERT_TRUE(lead->paragraph().unit) << lead->text(lead->paragraph().unread);
  EXPECT_TRUE(lead->unit().trigger->leads);
  EXPECT_EQ(lead->unit().kind, meaning::UnitKind::Ability);
  EXPECT_TRUE(lead->paragraph().round_trips) << lead->paragraph().rendered;
}

// "Bow the Personality": the unit's one target its noun names; with none or several such targets, refused. A
// conditional's effect done by another player ("If he is dishonorable, his controller loses 2 Honor").
TEST(Meaning, TargetNamedByItsNoun) {
  auto r = read("Strategy", "**Battle:** Target an enemy Personality: Bow the Personality. If he is dishonorable, his controller loses 2 Honor.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(e.card->kind, CardRef::Kind::TheTarget);
  EXPECT_EQ(e.card->target, 0);
  EXPECT_EQ(e.card->card_type, r->id_of(r->profile->card_types, "Personality"));
  const Conditional& k = std::get<Conditional>(r->unit().body.at(1));
  EXPECT_EQ(k.effects.at(0).player->kind, PlayerRef::Kind::ControllerOf);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Battle:** Target an enemy Follower: Bow the Personality.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Personality and target a Personality: Bow the Personality.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target one or two Personalities: Bow the Personality.")->paragraph().unit);
}

// 003 Card title: a word of the title names the card where a comma or a bullet follows it in the title ("Nishoji" of
// "Nishoji, the Steel-Eyed"), not a piece of a hyphenated word ("Steel" of "Steel-Eyed").
TEST(Meaning, NameBeforePunctuationInTheTitle) {
  auto r = read("Personality", "After Nishoji enters play, lose 3 Honor.", "legends", "Nishoji, the Steel-Eyed");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  EXPECT_EQ(r->unit().trigger->card->name, "Nishoji");
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_FALSE(read("Personality", "After Steel enters play, lose 3 Honor.", "legends", "Nishoji, the Steel-Eyed")->paragraph().unit);
}

// 001 Attach: "with no Followers" means "without Followers"; "it has no attachments" is a condition on what is attached.
TEST(Meaning, NoAttachments) {
  auto r = read("Strategy", "**Battle:** Target an enemy card: Bow it. Destroy it if it has no attachments.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Conditional& k = std::get<Conditional>(r->unit().body.at(1));
  EXPECT_EQ(k.condition.kind, Condition::Kind::Has);
  EXPECT_TRUE(k.condition.negated);
  EXPECT_TRUE(k.condition.attached->card_types.empty());  // any attachment
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto with = read("Strategy", "**Battle:** Bow a target enemy Personality with no Followers.");
  ASSERT_TRUE(with->paragraph().unit) << with->text(with->paragraph().unread);
  const AttachedTest& a = with->unit().targets.at(0).filter.attached.at(0);
  EXPECT_TRUE(a.none);
  EXPECT_EQ(a.card_types.at(0), with->id_of(with->profile->card_types, "Follower"));
  EXPECT_TRUE(with->paragraph().round_trips) << with->paragraph().rendered;
  // a card type that is never attached
  EXPECT_FALSE(read("Strategy", "**Battle:** Bow a target enemy Personality with no Holdings.")->paragraph().unit);
}

// 003 Keywords: "Remove Ninja from him until the end of the turn" takes a keyword away for a duration; "Remove this
// Strategy from the game"; a keyword the game does not declare, or a card with no "from", is not read.
TEST(Meaning, Removing) {
  auto r = read("Strategy", "**Open:** Target a Personality: Remove Ninja from him until the end of the turn.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(e.verb, Primitive::remove_);
  EXPECT_EQ(e.keyword, r->id_of(r->profile->keywords, "Ninja"));
  EXPECT_TRUE(e.duration);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto gone = read("Strategy", "**Limited:** Remove this Strategy from the game.");
  ASSERT_TRUE(gone->paragraph().unit) << gone->text(gone->paragraph().unread);
  EXPECT_EQ(std::get<Effect>(gone->unit().body.at(0)).keyword, -1);
  EXPECT_TRUE(gone->paragraph().round_trips) << gone->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Open:** Target a Personality: Remove Wizard from him.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Limited:** Remove this Strategy.")->paragraph().unit);
}

// "Your other Earth Shugenja have +1F": keywords alone, spelled alike in both numbers, name every such card after
// "have" (rendered as printed); with an article the noun is one card, and "have" is refused.
TEST(Meaning, KeywordsAlikeInBothNumbers) {
  auto r = read("Personality", "Your other Earth Shugenja have +1F.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const StatModifier& m = std::get<StatModifier>(r->unit().body.at(0));
  EXPECT_TRUE(m.cards->plural);
  EXPECT_TRUE(m.cards->other);
  EXPECT_EQ(m.cards->side, Side::Yours);
  EXPECT_EQ(r->paragraph().rendered, "Your other Earth Shugenja have +1F.");
  EXPECT_TRUE(r->paragraph().round_trips);
  EXPECT_FALSE(read("Personality", "A Shugenja have +1C.")->paragraph().unit);
}

// "the card's Focus Value" after "Discard a card to ...": the card discarded; with none discarded, or after a target
// named "card" (which "the card" could name too), refused.
TEST(Meaning, TheCardDiscarded) {
  auto r = read("Strategy", "**Battle:** Discard a card to give a target enemy Personality a Force penalty equal to the card's Focus Value.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const InOrderTo& k = std::get<InOrderTo>(r->unit().body.at(0));
  const Amount& a = k.then.at(0).gifts.at(0).change->delta;
  EXPECT_EQ(a.of->kind, CardRef::Kind::Discarded);
  EXPECT_TRUE(a.negated);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Personality: Give him a Force bonus equal to the card's Focus Value.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Discard a card to give a target enemy card a Force penalty equal to the card's Focus Value.")->paragraph().unit);
}

// The top cards of a deck (docs/meaning.md 17): discarded or looked at; the cards looked at put back, on a deck's
// bottom or in your hand, or discarded: chosen among as the effect resolves (001 Target: not targeted). The words must
// agree with how many were looked at and how many are left, and several cards put on a deck need the order the words
// give ("in any order": the controller's choice); "the card" names the one top card discarded.
TEST(Meaning, DeckTopsLookedAndPut) {
  auto r = read("Strategy", "**Open:** Look at the top three cards of any Fate deck. You may put one on the bottom. Put the rest back in any order.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& look = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(look.verb, Primitive::look_);
  ASSERT_TRUE(look.top);
  EXPECT_EQ(look.top->count.value, 3);
  EXPECT_EQ(look.top->whose, DeckTop::Whose::Any);
  EXPECT_EQ(look.top->zone, r->id_of(r->profile->zones, "Fate Deck"));
  const Effect& one = std::get<Effect>(r->unit().body.at(1));
  EXPECT_EQ(one.verb, Primitive::put_);
  EXPECT_TRUE(one.optional);
  ASSERT_TRUE(one.looked && one.looked_place);
  EXPECT_EQ(one.looked->which, LookedCards::Which::Some);
  EXPECT_EQ(one.looked->max, 1);
  EXPECT_EQ(one.looked_place->kind, LookedPlace::Kind::Bottom);
  EXPECT_FALSE(one.looked_place->any_order);
  const Effect& rest = std::get<Effect>(r->unit().body.at(2));
  EXPECT_EQ(rest.looked->which, LookedCards::Which::Rest);
  EXPECT_EQ(rest.looked_place->kind, LookedPlace::Kind::Back);
  EXPECT_TRUE(rest.looked_place->any_order);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  // "a number of cards on top of ... equal to his Chi": the stat as the effect resolves (000 7.2)
  auto chi = read("Strategy", "**Open:** Target your Courtier. Look at a number of cards on top of your Fate deck equal to his Chi. Put one of them in your hand. Put the remaining cards at the bottom of the deck in any order.");
  ASSERT_TRUE(chi->paragraph().unit) << chi->text(chi->paragraph().unread) << ": " << chi->paragraph().why;
  const Effect& by_chi = std::get<Effect>(chi->unit().body.at(1));
  EXPECT_EQ(by_chi.top->count.kind, Amount::Kind::StatOf);
  EXPECT_EQ(by_chi.top->count.stat, chi->id_of(chi->profile->stats, "Chi"));
  const Effect& hand = std::get<Effect>(chi->unit().body.at(2));
  EXPECT_EQ(hand.looked_place->kind, LookedPlace::Kind::Zone);
  EXPECT_EQ(hand.looked_place->zone, chi->id_of(chi->profile->zones, "Hand"));
  EXPECT_TRUE(std::get<Effect>(chi->unit().body.at(3)).looked_place->of_the);
  EXPECT_TRUE(chi->paragraph().round_trips) << chi->paragraph().rendered;

  // the one top card discarded is kept for "the card"; a discard of the top cards as a cost
  auto mill = read("Follower", "**Battle:** Discard the top card of any Fate deck. Ranged Attack with strength equal to the card's Focus Value.");
  ASSERT_TRUE(mill->paragraph().unit) << mill->text(mill->paragraph().unread) << ": " << mill->paragraph().why;
  EXPECT_TRUE(std::get<Effect>(mill->unit().body.at(0)).top->named);
  EXPECT_EQ(std::get<Effect>(mill->unit().body.at(1)).amount->of->kind, CardRef::Kind::Discarded);
  EXPECT_TRUE(mill->paragraph().round_trips) << mill->paragraph().rendered;
  auto cost = read("Region", "**Battle:** Discard the top 2 cards of your Fate deck: Gain 1 Honor.");
  ASSERT_TRUE(cost->paragraph().unit) << cost->text(cost->paragraph().unread) << ": " << cost->paragraph().why;
  EXPECT_EQ(cost->unit().costs.at(0).top->count.value, 2);
  EXPECT_FALSE(cost->unit().costs.at(0).top->named);
  EXPECT_TRUE(cost->paragraph().round_trips) << cost->paragraph().rendered;

  // a zone searched for one card: "it" names the card found (none, if none is there)
  auto search = read("Strategy", "**Open:** Search your Fate deck for a Ring. Show it and put it in your hand.");
  ASSERT_TRUE(search->paragraph().unit) << search->text(search->paragraph().unread) << ": " << search->paragraph().why;
  const Effect& found = std::get<Effect>(search->unit().body.at(0));
  EXPECT_EQ(found.verb, Primitive::search_);
  EXPECT_EQ(found.searched, search->id_of(search->profile->zones, "Fate Deck"));
  EXPECT_EQ(found.cards->card_types, std::vector<ProfileId>{search->id_of(search->profile->card_types, "Ring")});
  EXPECT_EQ(std::get<Effect>(search->unit().body.at(1)).verb, Primitive::reveal_);
  EXPECT_EQ(std::get<Effect>(search->unit().body.at(2)).looked->form, LookedCards::Form::It);
  EXPECT_TRUE(search->paragraph().round_trips) << search->paragraph().rendered;
  // "one of your decks": the controller chooses among the zones the profile marks `deck`
  auto decks = read("Strategy", "**Open:** Look at the top card of one of your decks. You may put it at the bottom.");
  ASSERT_TRUE(decks->paragraph().unit) << decks->text(decks->paragraph().unread) << ": " << decks->paragraph().why;
  EXPECT_EQ(std::get<Effect>(decks->unit().body.at(0)).top->whose, DeckTop::Whose::OneOfYours);
  EXPECT_TRUE(decks->paragraph().round_trips) << decks->paragraph().rendered;
  // the put verb's own shape ("into your hand") names them too
  auto into = read("Strategy", "**Open:** Look at the top card of your Fate deck. Put it into your hand.");
  ASSERT_TRUE(into->paragraph().unit) << into->text(into->paragraph().unread) << ": " << into->paragraph().why;
  EXPECT_EQ(std::get<Effect>(into->unit().body.at(1)).looked_place->zone, into->id_of(into->profile->zones, "Hand"));

  for (const char* refused : {
           "**Open:** Put them back in any order.",  // nothing looked at
           "**Open:** Look at the top card of your Fate deck. Put them back.",  // "them" for one card
           "**Open:** Look at the top 3 cards of your Fate deck. Put it back.",  // "it" for three
           "**Open:** Look at the top 3 cards of your Fate deck. Put the other two on the bottom of your deck in any order.",  // none chosen
           "**Open:** Look at the top 4 cards of your Fate deck. Put one of them in your hand. Put the other two on the bottom of your deck in any order.",  // three are left
           "**Open:** Look at the top 3 cards of your Fate deck. Put one in your hand. Put the rest on the bottom of your deck.",  // in what order
           "**Open:** Look at the top card of your Fate deck. Put it on the bottom in any order.",  // one card has no order
           "**Open:** Look at the top 2 cards of your Fate deck. Put one of them in your hand. Put one of them in your hand. Put one of them in your hand.",  // more than are left
           "**Open:** Look at the top card of your Fate deck. Put it into its owner's hand.",  // a zone not yours
           "**Open:** Look at the top card of your Fate deck. Bow it.",  // a pronoun no put of looked cards reads
           "**Open:** Discard the top 3 cards of your Fate deck. Gain Honor equal to the card's Focus Value.",  // which card
           "**Open:** Discard the top 1 cards of your Fate deck.",
           "**Open:** Search your Fate deck for a Ring. Show them.",  // one card found
           "**Open:** Look at the top card of one of your hands.",  // no deck
           "**Open:** Look at the top 3 cards of your Fate deck. Show it.",  // which of three
           "**Open:** Search your Fate deck for a Ring. Put the rest back in any order.",  // nothing chosen
       }) {
    auto no = read("Strategy", refused);
    EXPECT_FALSE(no->paragraph().unit) << refused << " read as: " << no->paragraph().rendered;
  }
}

// "Your Samurai Personalities and Followers", "Shadowlands and Nonhuman Personalities": of several cards, "and" joins
// the sets of each type or keyword (the same set as "or", rendered as printed); of one card it would say both types or
// keywords at once, and is refused.
TEST(Meaning, SetsJoinedByAnd) {
  auto r = read("Holding", "Your Samurai Personalities and Followers have +1F while opposed.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  auto o = read("Holding", "Your Samurai Personalities or Followers have +1F while opposed.");
  ASSERT_TRUE(o->paragraph().unit) << o->text(o->paragraph().unread);
  const CardFilter& a = *std::get<StatModifier>(r->unit().body.at(0)).cards;
  const CardFilter& b = *std::get<StatModifier>(o->unit().body.at(0)).cards;
  EXPECT_TRUE(a.plural);
  EXPECT_EQ(a.card_types, b.card_types);
  EXPECT_EQ(a.card_types.size(), 2u);
  EXPECT_EQ(a.keywords, b.keywords);
  EXPECT_TRUE(a.types_and);
  EXPECT_EQ(r->paragraph().rendered, "Your Samurai Personalities and Followers have +1F while opposed.");
  EXPECT_TRUE(r->paragraph().round_trips);
  auto k = read("Item", "Shadowlands and Nonhuman Personalities have -1F while attacking.");
  ASSERT_TRUE(k->paragraph().unit) << k->text(k->paragraph().unread) << ": " << k->paragraph().why;
  const CardFilter& kf = *std::get<StatModifier>(k->unit().body.at(0)).cards;
  EXPECT_EQ(kf.any_keywords.size(), 2u);  // one of them, not both
  EXPECT_TRUE(kf.keywords.empty());
  EXPECT_TRUE(k->paragraph().round_trips) << k->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Battle:** Give a target Samurai and Courtier Personality +1F.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Bow a target Personality and Follower.")->paragraph().unit);
}

// The controller's choice as the effect resolves: of two changes ("+2F or -2F", "a Force bonus or penalty equal to his
// Chi", "+2 or -2 strength": `Gift::or_else`) or of two verbs sharing the rest of the effect ("Raise or lower his Force
// by 2"); a first verb of another frame, the same verb twice or "bonus or bonus" choose nothing and are refused.
TEST(Meaning, SignAndVerbChoices) {
  auto r = read("Strategy", "**Battle:** Give a target Personality +2F or -2F.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Gift& g = std::get<Effect>(r->unit().body.at(0)).gifts.at(0);
  EXPECT_EQ(g.change->delta.value, 2);
  ASSERT_TRUE(g.or_else);
  EXPECT_EQ(g.or_else->delta.value, -2);
  EXPECT_EQ(g.or_else->stat, g.change->stat);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto q = read("Personality", "**Open:** Target another Personality: Give him a Force bonus or penalty equal to his Chi.");
  ASSERT_TRUE(q->paragraph().unit) << q->text(q->paragraph().unread) << ": " << q->paragraph().why;
  const Gift& qg = std::get<Effect>(q->unit().body.at(0)).gifts.at(0);
  EXPECT_FALSE(qg.change->delta.negated);
  ASSERT_TRUE(qg.or_else);
  EXPECT_TRUE(qg.or_else->delta.negated);
  EXPECT_TRUE(q->paragraph().round_trips) << q->paragraph().rendered;
  auto p = read("Personality", "**Battle:** Give this Province +2 or -3 strength.");
  ASSERT_TRUE(p->paragraph().unit) << p->text(p->paragraph().unread) << ": " << p->paragraph().why;
  const Gift& pg = std::get<Effect>(p->unit().body.at(0)).gifts.at(0);
  EXPECT_EQ(pg.change->delta.value, 2);
  EXPECT_EQ(pg.or_else->delta.value, -3);
  EXPECT_TRUE(p->paragraph().round_trips) << p->paragraph().rendered;
  auto v = read("Strategy", "**Open:** Target a Personality: Raise or lower his Force by 2.");
  ASSERT_TRUE(v->paragraph().unit) << v->text(v->paragraph().unread) << ": " << v->paragraph().why;
  const Choice& k = std::get<Choice>(v->unit().body.at(0));
  ASSERT_EQ(k.options.size(), 2u);
  EXPECT_EQ(k.options[0].verb, Primitive::increase_);
  EXPECT_EQ(k.options[1].verb, Primitive::reduce_);
  EXPECT_EQ(k.options[0].stat, k.options[1].stat);
  EXPECT_EQ(k.options[0].amount->value, 2);
  EXPECT_TRUE(v->paragraph().round_trips) << v->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Open:** Target a Personality: Bow or lower his Force by 2.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Open:** Target a Personality: Raise or raise his Force by 2.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Open:** Target a Personality: Give him a Force bonus or bonus equal to his Chi.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Open:** Target a Personality: Give him +2F or -2F and +1C or -1C.")->paragraph().unit);
}

// "Give him and each of his Followers +3F": the card, then every card of the set; "Switch the target's and this
// Follower's Force": one stat of two cards (003 Stats).
TEST(Meaning, CardsJoinedByAnd) {
  auto r = read("Strategy", "**Battle:** Target your defending Personality: Give him and each of his Followers +3F.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  ASSERT_TRUE(e.card);
  ASSERT_TRUE(e.cards);
  EXPECT_TRUE(e.cards->plural);
  ASSERT_TRUE(e.cards->of);  // attached to him (001 Attach)
  EXPECT_EQ(e.cards->card_types.at(0), r->id_of(r->profile->card_types, "Follower"));
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto s = read("Follower", "**Open:** Target another player's Personality. Switch the target's and this Follower's Force.");
  ASSERT_TRUE(s->paragraph().unit) << s->text(s->paragraph().unread) << ": " << s->paragraph().why;
  const Effect& w = std::get<Effect>(s->unit().body.at(1));
  EXPECT_EQ(w.verb, Primitive::switch_);
  EXPECT_EQ(w.card->kind, CardRef::Kind::TheTarget);
  ASSERT_TRUE(w.other_card);
  EXPECT_EQ(w.other_card->kind, CardRef::Kind::ThisCard);
  EXPECT_EQ(w.stat, w.other_stat);
  EXPECT_TRUE(s->paragraph().round_trips) << s->paragraph().rendered;
}

// "his Force minus 1", "his Chi minus two": that much less than the stat (000 7.2: never below zero); "minus X" or
// "minus a" names no number.
TEST(Meaning, StatMinusANumber) {
  auto r = read("Strategy", "**Open:** Target a Personality: Give him a Force penalty equal to his Chi minus two.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Amount& a = std::get<Effect>(r->unit().body.at(0)).gifts.at(0).change->delta;
  EXPECT_EQ(a.kind, Amount::Kind::StatOf);
  EXPECT_EQ(a.minus, 2);
  EXPECT_TRUE(a.negated);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Open:** Target a Personality: Give him a Force penalty equal to his Chi minus X.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Open:** Target a Personality: Give him a Force penalty equal to his Chi minus a.")->paragraph().unit);
}

// "If any enemy units are at the current battlefield, choose ...:": some card of that side is there, the block's parts
// after the comma; "there" names the one place named before, and nothing when none was (or "any battlefield" was).
TEST(Meaning, UnitsThereAndAConditionLeadingTheBlock) {
  auto r = read("Strategy", "**Battle:** If any enemy units are at the current battlefield, choose your performing Personality: Move him there.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Condition& k = r->unit().conditions.at(0);
  EXPECT_EQ(k.kind, Condition::Kind::Exists);
  EXPECT_EQ(k.cards->side, Side::Enemy);
  EXPECT_TRUE(k.cards->units);
  EXPECT_EQ(k.cards->at->kind, Place::Kind::CurrentBattlefield);
  EXPECT_TRUE(r->unit().constraints.at(0).leads);
  const Effect& m = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(m.to->kind, Place::Kind::CurrentBattlefield);
  EXPECT_TRUE(m.to->there);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Battle:** Choose your performing Personality: Move him there.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Personality at any battlefield: Move him there.")->paragraph().unit);
}

// 001 This: a pronoun after "this Personality" (on an attachment, its bearer; on a Personality, itself) names that card again;
// with another card named before it ("Target a Follower. Give this Personality +1F. Bow it.") the words do not say
// which, and the sentence is refused.
TEST(Meaning, PronounNamingThisCardAgain) {
  auto r = read("Item", "**Battle:** Move this Personality home. Straighten him.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(1));
  EXPECT_EQ(e.card->kind, CardRef::Kind::Bearer);
  EXPECT_TRUE(e.card->pronoun);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto s = read("Personality", "**Battle:** Move this Personality home. Straighten him.");
  ASSERT_TRUE(s->paragraph().unit) << s->text(s->paragraph().unread) << ": " << s->paragraph().why;
  EXPECT_EQ(std::get<Effect>(s->unit().body.at(1)).card->kind, CardRef::Kind::ThisCard);
  EXPECT_TRUE(s->paragraph().round_trips) << s->paragraph().rendered;
  EXPECT_FALSE(read("Item", "**Battle:** Target a Follower. Give this Personality +1F. Bow it.")->paragraph().unit);
}

// "Bow this Shugenja unless he is Void:": a cost paid only while the condition does not hold (003 Abilities C); "unless"
// with nothing after it is not read.
TEST(Meaning, CostUnless) {
  auto r = read("Spell", "**Battle:** Bow this Shugenja unless he is Void: Gain 2 Honor.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& c = r->unit().costs.at(0);
  EXPECT_EQ(c.verb, Primitive::bow_);
  ASSERT_TRUE(c.unless);
  EXPECT_EQ(c.unless->kind, Condition::Kind::CardIs);
  EXPECT_EQ(c.unless->keywords.at(0), r->id_of(r->profile->keywords, "Void"));
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_FALSE(read("Spell", "**Battle:** Bow this Shugenja unless: Gain 2 Honor.")->paragraph().unit);
}

// "Straighten his unit as he moves": only if the move before it moved him (the test of "if he moved"); with no move
// before it, or "move" not agreeing with its subject, refused.
TEST(Meaning, AsHeMoves) {
  auto r = read("Item", "**Battle:** Move this Personality home. Straighten his unit as he moves.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Conditional& k = std::get<Conditional>(r->unit().body.at(1));
  EXPECT_TRUE(k.as_moving);
  EXPECT_EQ(k.condition.kind, Condition::Kind::Moved);
  EXPECT_EQ(k.condition.card->kind, CardRef::Kind::Bearer);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_FALSE(read("Item", "**Battle:** Straighten this Personality as he moves.")->paragraph().unit);
  EXPECT_FALSE(read("Item", "**Battle:** Move this Personality home. Straighten him as he move.")->paragraph().unit);
}

// "If it is your turn, bow this Holding to draw a card": the whole in-order-to only while the condition holds. A stat's
// owner in an amount is no antecedent: in "a Force penalty equal to this Shugenja's Chi. If its Force is now 0", "its"
// is the target penalised (on a Spell "this Shugenja" is its performer).
TEST(Meaning, ConditionBeforeInOrderTo) {
  auto r = read("Holding", "**Battle:** If it is your turn, you may bow this Holding to draw a card.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const InOrderTo& k = std::get<InOrderTo>(r->unit().body.at(0));
  ASSERT_TRUE(k.only_if);
  EXPECT_EQ(k.only_if->kind, Condition::Kind::YourTurn);
  EXPECT_TRUE(k.optional);
  EXPECT_EQ(k.done.at(0).verb, Primitive::bow_);
  EXPECT_EQ(k.then.at(0).verb, Primitive::draw_);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto s = read("Spell", "**Battle:** Give a target enemy Personality a Force penalty equal to this Shugenja's Chi. "
                         "If its Force is now 0, you may destroy this Spell to draw a card.");
  ASSERT_TRUE(s->paragraph().unit) << s->text(s->paragraph().unread) << ": " << s->paragraph().why;
  const InOrderTo& t = std::get<InOrderTo>(s->unit().body.at(1));
  ASSERT_TRUE(t.only_if);
  ASSERT_TRUE(t.only_if->card);
  EXPECT_EQ(t.only_if->card->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(t.only_if->card->target, 0);  // the target, not this Shugenja
  // a card discarded from the hand is no person in play: "him" names the card named before it
  auto h = read("Personality", "**Battle:** If Akagi is attacking, discard a card to give him a Force bonus equal to the card's Focus Value.",
                "legends", "Bayushi Akagi");
  ASSERT_TRUE(h->paragraph().unit) << h->text(h->paragraph().unread) << ": " << h->paragraph().why;
  const InOrderTo& d = std::get<InOrderTo>(h->unit().body.at(0));
  EXPECT_EQ(d.then.at(0).card->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(d.then.at(0).card->target, -2);  // Akagi
  // a card attached to another is no person: "him" after "one of his Weapons" is the card they are attached to
  auto w = read("Strategy", "**Battle:** Target a Personality. If he is a Kensai, you may bow one of his Weapons to straighten him.");
  ASSERT_TRUE(w->paragraph().unit) << w->text(w->paragraph().unread) << ": " << w->paragraph().why;
  const InOrderTo& b = std::get<InOrderTo>(w->unit().body.at(1));
  EXPECT_EQ(b.then.at(0).card->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(b.then.at(0).card->target, 0);  // the Personality, not a Weapon
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Personality. You may bow a Follower to straighten him.")->paragraph().unit);
  EXPECT_FALSE(read("Holding", "**Battle:** If it is your turn, bow this Holding to.")->paragraph().unit);
  EXPECT_FALSE(read("Holding", "**Battle:** If, bow this Holding to draw a card.")->paragraph().unit);
}

// 003 Abilities C: "Destroy this card:", "Destroy your performing Personality", "Discard this Spell:" (the card
// itself) and "Discard a card:" (one of your hand) are costs; "the card" after it names the card discarded (kept). A
// card in play other than this one is not discarded as a cost, and a discard of several cards is not read yet. At the
// start of a paragraph "Discard" is the verb, not the profile's event "discard" of the same words.
TEST(Meaning, DestroyAndDiscardCosts) {
  auto r = read("Item", "**Battle:** Destroy this card: Melee 3 Attack.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  EXPECT_EQ(r->unit().costs.at(0).verb, Primitive::destroy_);
  EXPECT_EQ(r->unit().costs.at(0).card->kind, CardRef::Kind::ThisCard);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto d = read("Strategy", "**Open:** Discard a card: Gain Honor equal to the card's Focus Value.");
  ASSERT_TRUE(d->paragraph().unit) << d->text(d->paragraph().unread) << ": " << d->paragraph().why;
  const Effect& c = d->unit().costs.at(0);
  EXPECT_EQ(c.verb, Primitive::discard_);
  ASSERT_TRUE(c.cards);
  EXPECT_TRUE(c.kept);
  EXPECT_EQ(std::get<Effect>(d->unit().body.at(0)).amount->of->kind, CardRef::Kind::Discarded);

  auto h = read("Holding", "Discard a card: Gain 1 Honor.");
  ASSERT_TRUE(h->paragraph().unit) << h->text(h->paragraph().unread) << ": " << h->paragraph().why;
  EXPECT_FALSE(h->unit().costs.at(0).kept);
  EXPECT_TRUE(h->paragraph().round_trips) << h->paragraph().rendered;

  auto s = read("Spell", "**Battle:** Discard this Spell: Gain 2 Honor.");
  ASSERT_TRUE(s->paragraph().unit) << s->text(s->paragraph().unread) << ": " << s->paragraph().why;
  EXPECT_TRUE(s->paragraph().round_trips) << s->paragraph().rendered;

  EXPECT_FALSE(read("Strategy", "**Battle:** Target an enemy Personality and discard him: Gain 1 Honor.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Discard two cards: Gain 1 Honor.")->paragraph().unit);
}

// "A, B, and C": effects one after the other, in a sentence and in a conditional's list; a comma before a verb ends an
// effect as "and" does, in the round trip too.
TEST(Meaning, EffectSeries) {
  auto r = read("Strategy", "**Battle:** Bow a target enemy Personality, dishonor him, and gain 1 Honor.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  ASSERT_EQ(r->unit().body.size(), 3u);
  EXPECT_EQ(std::get<Effect>(r->unit().body.at(1)).card->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(std::get<Effect>(r->unit().body.at(2)).verb, Primitive::gain_);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto k = read("Strategy", "**Open:** If it is your turn, draw a card, gain 1 Honor, and lose 1 Gold.");
  ASSERT_TRUE(k->paragraph().unit) << k->text(k->paragraph().unread) << ": " << k->paragraph().why;
  EXPECT_EQ(std::get<Conditional>(k->unit().body.at(0)).effects.size(), 3u);
  EXPECT_TRUE(k->paragraph().round_trips) << k->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Battle:** Bow a target enemy Personality, dishonor him, and.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Bow a target enemy Personality, dishonor him,")->paragraph().unit);
}

// 001 Token: "two +1F Fire tokens": how many, each one's stats and its kind (a status the profile marks [token]); the
// noun's number agrees with the count, a status that is no token is refused, and tokens go with no other gift.
TEST(Meaning, TokenGifts) {
  auto r = read("Strategy", "**Battle:** Give a target Personality two +1F **Fire** tokens.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  ASSERT_EQ(e.gifts.size(), 1u);
  ASSERT_TRUE(e.gifts[0].tokens);
  EXPECT_EQ(e.gifts[0].tokens->count, 2);
  EXPECT_EQ(e.gifts[0].tokens->changes.at(0).delta.value, 1);
  EXPECT_EQ(e.gifts[0].tokens->kind, r->id_of(r->profile->statuses, "Fire token"));
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Battle:** Give a target Personality two +1F **Fire** token.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Give a target Personality a +1F tokens.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Give a target Personality +1F and a +1F token.")->paragraph().unit);
}

// 003 Stats: an army is a side's units at a battlefield. Cards of an army ("in the enemy army", "in this army": this
// card's, an attachment's its bearer's), armies compared by their units (the enemy army of another: the other side
// where that one is) and an army opposed; refused: an army compared with another than the enemy army, "this army" on
// a card in none (an action card: 001 Terrain), two places for one card, a word no rule reads.
TEST(Meaning, Armies) {
  auto r = read("Personality", "Hana has +1F for each unbowed card in the enemy army.", "legends", "Kaito Hana");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const StatModifier& m = std::get<StatModifier>(r->unit().body.at(0));
  const CardFilter& counted = *m.changes.at(0).delta.cards;
  ASSERT_TRUE(counted.army);
  EXPECT_EQ(counted.army->kind, Army::Kind::Enemy);
  EXPECT_EQ(counted.side, Side::Any);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto t = read("Personality", "**Battle:** Bow a target enemy Follower. Give each Samurai in this army +1F.");
  ASSERT_TRUE(t->paragraph().unit) << t->text(t->paragraph().unread) << ": " << t->paragraph().why;
  ASSERT_TRUE(std::holds_alternative<Effect>(t->unit().body.back()));
  const Effect& give = std::get<Effect>(t->unit().body.back());
  ASSERT_TRUE(give.cards && give.cards->army);
  EXPECT_EQ(give.cards->army->kind, Army::Kind::OfCard);
  EXPECT_EQ(give.cards->army->of->kind, CardRef::Kind::ThisCard);
  EXPECT_TRUE(give.cards->army->this_word);
  EXPECT_TRUE(t->paragraph().round_trips) << t->paragraph().rendered;
  auto f = read("Follower", "**Battle:** Give each Samurai in this army +1F.");
  ASSERT_TRUE(f->paragraph().unit) << f->text(f->paragraph().unread) << ": " << f->paragraph().why;
  EXPECT_EQ(std::get<Effect>(f->unit().body.at(0)).cards->army->of->kind, CardRef::Kind::Bearer);  // 001 This

  auto c = read("Personality",
                "**Battle:** Fear 2, with +1 strength if Hana is unbowed, and with +1 strength if her army has fewer units than the enemy army.",
                "legends", "Kaito Hana");
  ASSERT_TRUE(c->paragraph().unit) << c->text(c->paragraph().unread) << ": " << c->paragraph().why;
  const Condition& k = std::get<Effect>(c->unit().body.at(0)).bonuses.at(1).condition;
  EXPECT_EQ(k.kind, Condition::Kind::ArmyUnits);
  EXPECT_EQ(k.compare, StatBound::Compare::Below);
  EXPECT_EQ(k.army->kind, Army::Kind::OfCard);
  EXPECT_EQ(k.army->of->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(k.than->kind, Army::Kind::Enemy);
  EXPECT_TRUE(c->paragraph().round_trips) << c->paragraph().rendered;

  auto n = read("Personality", "**Battle:** Fear 1, with +1 strength if Hana's army has more units than the opposing army.", "legends", "Kaito Hana");
  ASSERT_TRUE(n->paragraph().unit) << n->text(n->paragraph().unread) << ": " << n->paragraph().why;
  const Condition& more = std::get<Effect>(n->unit().body.at(0)).bonuses.at(0).condition;
  EXPECT_EQ(more.compare, StatBound::Compare::Above);
  EXPECT_EQ(more.army->of->kind, CardRef::Kind::ThisCard);
  EXPECT_TRUE(more.than->opposing);
  EXPECT_TRUE(n->paragraph().round_trips) << n->paragraph().rendered;

  auto o = read("Strategy", "**Battle:** Target your Samurai. Straighten him if your current army is not opposed.");
  ASSERT_TRUE(o->paragraph().unit) << o->text(o->paragraph().unread) << ": " << o->paragraph().why;
  const Conditional& q = std::get<Conditional>(o->unit().body.at(1));
  EXPECT_EQ(q.condition.kind, Condition::Kind::ArmyOpposed);
  EXPECT_TRUE(q.condition.negated);
  EXPECT_TRUE(q.condition.army->current);
  EXPECT_TRUE(o->paragraph().round_trips) << o->paragraph().rendered;

  auto sz = read("Strategy", "**Battle:** Target an enemy Personality. Bow him if there are two or more units in his army.");
  ASSERT_TRUE(sz->paragraph().unit) << sz->text(sz->paragraph().unread) << ": " << sz->paragraph().why;
  const Condition& size = std::get<Conditional>(sz->unit().body.at(1)).condition;
  EXPECT_EQ(size.kind, Condition::Kind::ArmySize);
  EXPECT_EQ(size.compare, StatBound::Compare::AtLeast);
  EXPECT_EQ(size.count->value, 2);
  EXPECT_EQ(size.army->of->target, 0);
  EXPECT_TRUE(sz->paragraph().round_trips) << sz->paragraph().rendered;
  auto one = read("Strategy", "**Battle:** Target an enemy Personality. Bow him if there is one unit in his army.");
  ASSERT_TRUE(one->paragraph().unit) << one->text(one->paragraph().unread) << ": " << one->paragraph().why;
  EXPECT_TRUE(one->paragraph().round_trips) << one->paragraph().rendered;
  expect_refused("Strategy", "**Battle:** Target an enemy Personality. Bow him if there are one units in his army.", "go with one unit");
  expect_refused("Strategy", "**Battle:** Target an enemy Personality. Bow him if there is two unit in his army.", "go with one unit");
  expect_refused("Strategy", "**Battle:** Target an enemy Personality. Bow him if there are X units in his army.", "does not give");

  auto mv = read("Personality", "**Home Battle:** Move this Personality into your defending army.");
  ASSERT_TRUE(mv->paragraph().unit) << mv->text(mv->paragraph().unread) << ": " << mv->paragraph().why;
  const Effect& into = std::get<Effect>(mv->unit().body.at(0));
  EXPECT_EQ(into.verb, Primitive::move_);
  ASSERT_TRUE(into.into);
  EXPECT_TRUE(into.into->defending);
  EXPECT_FALSE(into.to);
  EXPECT_TRUE(mv->paragraph().round_trips) << mv->paragraph().rendered;
  expect_refused("Personality", "**Battle:** Move this Personality into the enemy army.", "another army than yours");
  expect_refused("Personality", "**Battle:** Move this Personality into this army.", "another army than yours");

  expect_refused("Personality", "**Battle:** Fear 2, with +1 strength if this card's army has fewer units than your army.", "than the enemy army");
  expect_refused("Personality", "**Battle:** Fear 2, with +1 strength if the enemy army has fewer units than the enemy army.", "than the enemy army");
  expect_refused("Strategy", "**Battle:** Give each Samurai in this army +1F.", "in no army");
  expect_refused("Strategy", "**Battle:** Give each Samurai at home in your army +1F.", "two places");
  EXPECT_FALSE(read("Strategy", "**Battle:** Give each Samurai in your brave army +1F.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Straighten your target Samurai if your army is opposed slowly.")->paragraph().unit);
}

}  // namespace cardc

namespace cardc {

// The Dynasty Events' moment (docs/meaning.md 19): "After you reveal cards in your Provinces at the start of your
// turn" is yours, the reveal of the profile's provinces, and "if this Event is face-up in one of them" asks for this
// card face-up in one of those provinces. Any other event at the turn's start, the singular "Province", "them" with no
// reveal before it, another card in the province: refused.
TEST(Meaning, RevealedEventsAndFaceUpInAProvince) {
  auto r = read("Event",
                "After you reveal cards in your Provinces at the start of your turn, if this Event is face-up in one of them, gain 2 Gold.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Unit& u = r->unit();
  EXPECT_EQ(u.kind, meaning::UnitKind::Triggered);
  ASSERT_TRUE(u.trigger);
  EXPECT_TRUE(u.trigger->yours);
  EXPECT_EQ(u.trigger->revealed_in, r->id_of(r->profile->zones, "Province"));
  EXPECT_EQ(r->profile->events[static_cast<size_t>(u.trigger->event)].signal, "provinces revealed");
  const Conditional& k = std::get<Conditional>(u.body.at(0));
  EXPECT_EQ(k.condition.kind, Condition::Kind::InProvinces);
  EXPECT_EQ(k.condition.provinces, Condition::ProvincesNamed::OneOfThem);
  EXPECT_EQ(k.condition.card->kind, CardRef::Kind::ThisCard);
  ASSERT_TRUE(k.condition.state);
  EXPECT_EQ(k.condition.state->state, r->id_of(r->profile->states, "Face-down"));
  EXPECT_FALSE(k.condition.state->holds);  // face-up: not face-down
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  // 003 Abilities B: "If this card is face-up in one of your Provinces", "... in your Province"
  auto a = read("Personality", "**Open:** If this Personality is face-up in one of your Provinces, gain 1 Honor.");
  ASSERT_TRUE(a->paragraph().unit) << a->text(a->paragraph().unread) << ": " << a->paragraph().why;
  EXPECT_EQ(std::get<Conditional>(a->unit().body.at(0)).condition.provinces, Condition::ProvincesNamed::OneOfYours);
  EXPECT_TRUE(a->paragraph().round_trips) << a->paragraph().rendered;
  auto y = read("Holding", "**Limited:** If this Holding is face-up in your Province, draw a card.");
  ASSERT_TRUE(y->paragraph().unit) << y->text(y->paragraph().unread) << ": " << y->paragraph().why;
  EXPECT_EQ(std::get<Conditional>(y->unit().body.at(0)).condition.provinces, Condition::ProvincesNamed::Yours);

  // no other event happens as the turn starts
  EXPECT_FALSE(read("Event", "After you gain Honor in your Provinces at the start of your turn, gain 2 Gold.")->paragraph().unit);
  // the reveal is of all your provinces: the plural
  EXPECT_FALSE(read("Event", "After you reveal cards in your Province at the start of your turn, gain 2 Gold.")->paragraph().unit);
  // a zone that holds no provinces
  EXPECT_FALSE(read("Event", "After you reveal cards in your Hands at the start of your turn, gain 2 Gold.")->paragraph().unit);
  // "them" names the provinces of a reveal: none here
  EXPECT_FALSE(read("Personality", "**Open:** If this Personality is face-up in one of them, gain 1 Honor.")->paragraph().unit);
  // one of your provinces is several; your province one
  EXPECT_FALSE(read("Personality", "**Open:** If this Personality is face-up in one of your Province, gain 1 Honor.")->paragraph().unit);
  EXPECT_FALSE(read("Personality", "**Open:** If this Personality is face-up in your Provinces, gain 1 Honor.")->paragraph().unit);
  // only this card's place is read
  EXPECT_FALSE(read("Strategy", "**Open:** Target a Personality: If he is face-up in one of your Provinces, gain 1 Honor.")->paragraph().unit);
}

}  // namespace cardc

namespace cardc {

// 002 rule 521: a delayed effect and its moment (docs/meaning.md 19): an event about a card, once or each time, for a
// span, during a battle or not. Refused: a moment with neither "the next time" nor a span (a trigger's words, not a
// moment), "before" (nothing waits before an event), two spans, an event that happens to no card.
TEST(Meaning, DelayedMoments) {
  auto r = read("Strategy", "**Battle:** Target an enemy Personality. After the next time this turn he is destroyed during a battle, gain 2 Honor.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Delayed& d = std::get<Delayed>(r->unit().body.at(1));
  EXPECT_EQ(d.moment.timing, meaning::Timing::After);
  EXPECT_EQ(d.moment.times, Moment::Times::Next);
  EXPECT_EQ(d.moment.span, Moment::Span::Turn);
  EXPECT_TRUE(d.moment.span_first);
  EXPECT_TRUE(d.moment.during);
  EXPECT_EQ(d.moment.battle, r->id_of(r->profile->designators, "Battle"));
  EXPECT_EQ(d.moment.card.kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(r->profile->events[static_cast<size_t>(d.moment.event)].signal, "destroyed");
  ASSERT_EQ(d.effects.size(), 1u);
  EXPECT_EQ(d.effects[0].verb, Primitive::gain_);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto each = read("Strategy", "**Open:** Target a Personality. After each time he is bowed this phase, his controller loses 1 Honor.");
  ASSERT_TRUE(each->paragraph().unit) << each->text(each->paragraph().unread) << ": " << each->paragraph().why;
  const Delayed& e = std::get<Delayed>(each->unit().body.at(1));
  EXPECT_EQ(e.moment.times, Moment::Times::Each);
  EXPECT_EQ(e.moment.span, Moment::Span::Phase);
  EXPECT_FALSE(e.moment.span_first);
  ASSERT_TRUE(e.effects.at(0).player);  // his controller loses it, not you
  EXPECT_TRUE(each->paragraph().round_trips) << each->paragraph().rendered;

  // a span alone makes it a moment; with neither, the words are a trigger's and no moment of the body
  EXPECT_TRUE(read("Strategy", "**Battle:** Target a Personality. After he is destroyed this battle, gain 1 Honor.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Personality. After he is destroyed, gain 1 Honor.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Personality. Before the next time this turn he is destroyed, gain 1 Honor.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Personality. After the next time this turn he is destroyed this turn, gain 1 Honor.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Personality. After the next time this turn he gains Honor, gain 1 Honor.")->paragraph().unit);
}

// 003 Keywords: "non-" before a keyword is a card without it, before a card type a card of another type; the prefix is
// a word of the grammar's, split from its word by the classifier. Refused: "non-" before a word that is neither, or
// with no noun or keyword after it.
TEST(Meaning, NonKeywords) {
  auto r = read("Strategy", "**Battle:** Bow a target enemy non-Unique Personality.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const meaning::Targeting& t = r->unit().targets.at(0);
  EXPECT_EQ(t.filter.no_keywords, std::vector<ProfileId>{r->id_of(r->profile->keywords, "Unique")});
  EXPECT_TRUE(t.filter.keywords.empty());
  EXPECT_EQ(t.filter.card_types, std::vector<ProfileId>{r->id_of(r->profile->card_types, "Personality")});
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto g = read("Holding", "Your non-Shadowlands Personalities have +1C.");
  ASSERT_TRUE(g->paragraph().unit) << g->text(g->paragraph().unread) << ": " << g->paragraph().why;
  EXPECT_EQ(std::get<StatModifier>(g->unit().body.at(0)).cards->no_keywords,
            std::vector<ProfileId>{g->id_of(g->profile->keywords, "Shadowlands")});

  auto c = read("Strategy", "**Limited:** Target a non-Ring card in your discard pile: Put it into your hand.");
  ASSERT_TRUE(c->paragraph().unit) << c->text(c->paragraph().unread) << ": " << c->paragraph().why;
  EXPECT_EQ(c->unit().targets.at(0).filter.not_types, std::vector<ProfileId>{c->id_of(c->profile->card_types, "Ring")});
  EXPECT_TRUE(c->unit().targets.at(0).filter.card_types.empty());
  EXPECT_TRUE(c->paragraph().round_trips) << c->paragraph().rendered;

  EXPECT_FALSE(read("Strategy", "**Battle:** Bow a target non-Gold Personality.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Bow a target non-Frobbed Personality.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Bow a target non-Unique.")->paragraph().unit);
}

// 003 Gold Cost: terms of a card about what cards cost: other cards' ("Your Spells enter play for 1 less Gold"), none
// of it ("ignoring Gold Cost"), this card's when it attaches to a card of a set. Refused: the verb in the imperative (an
// effect, not a term), attaching on a card that does not attach, one card "enter"ing, a stat that is no cost.
TEST(Meaning, CostTerms) {
  auto r = read("Holding", "Your Spells enter play for 1 less Gold.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const EnteringPlay& e = std::get<EnteringPlay>(r->unit().body.at(0));
  ASSERT_TRUE(e.cards);
  EXPECT_EQ(e.cards->card_types, std::vector<ProfileId>{r->id_of(r->profile->card_types, "Spell")});
  EXPECT_EQ(e.change->amount.value, 1);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto i = read("Personality", "This Personality enters play ignoring Gold Cost if you control a Ring.");
  ASSERT_TRUE(i->paragraph().unit) << i->text(i->paragraph().unread) << ": " << i->paragraph().why;
  const EnteringPlay& ig = std::get<EnteringPlay>(i->unit().body.at(0));
  EXPECT_TRUE(ig.ignoring);
  EXPECT_EQ(ig.ignored_stat, i->id_of(i->profile->stats, "Gold Cost"));
  EXPECT_TRUE(ig.condition);
  EXPECT_TRUE(i->paragraph().round_trips) << i->paragraph().rendered;

  auto a = read("Item", "Attaches to a Samurai ignoring costs.");
  ASSERT_TRUE(a->paragraph().unit) << a->text(a->paragraph().unread) << ": " << a->paragraph().why;
  const EnteringPlay& at = std::get<EnteringPlay>(a->unit().body.at(0));
  ASSERT_TRUE(at.host);
  EXPECT_EQ(at.host->keywords, std::vector<ProfileId>{a->id_of(a->profile->keywords, "Samurai")});
  EXPECT_TRUE(at.ignoring);
  EXPECT_EQ(at.ignored_stat, -1);
  EXPECT_TRUE(a->paragraph().round_trips) << a->paragraph().rendered;

  EXPECT_FALSE(read("Item", "Attach to a Samurai for 1 less Gold.")->paragraph().unit);
  EXPECT_FALSE(read("Holding", "Attaches to a Samurai for 1 less Gold.")->paragraph().unit);
  EXPECT_FALSE(read("Holding", "Your Spell enter play for 1 less Gold.")->paragraph().unit);
  EXPECT_FALSE(read("Personality", "This Personality enters play ignoring Force.")->paragraph().unit);
  EXPECT_FALSE(read("Item", "Attaches to your Samurai Personalities for 1 less Gold.")->paragraph().unit);
}

// 003 Stats: the current value of a stat is checked unless the text names its base value, printed on the card: "base"
// or "printed" (the same meaning) before the stat, in an amount, a condition and a set's comparison. Refused: a base
// value compared with another card's same stat (which of its values, the words do not say), "base" before no stat.
TEST(Meaning, BaseValues) {
  auto r = read("Strategy", "**Open:** Target a Personality: His controller loses Honor equal to his printed Personal Honor.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  ASSERT_EQ(e.amount->kind, Amount::Kind::StatOf);
  EXPECT_TRUE(e.amount->base);
  EXPECT_TRUE(e.amount->printed);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto f = read("Strategy", "**Battle:** Bow a target enemy Personality with 3 or lower base Force.");
  ASSERT_TRUE(f->paragraph().unit) << f->text(f->paragraph().unread) << ": " << f->paragraph().why;
  const StatBound& b = f->unit().targets.at(0).filter.stats.at(0);
  EXPECT_TRUE(b.base);
  EXPECT_FALSE(b.printed);
  EXPECT_EQ(b.compare, StatBound::Compare::AtMost);
  EXPECT_TRUE(f->paragraph().round_trips) << f->paragraph().rendered;

  auto c = read("Strategy", "**Open:** Target a Personality: If his base Personal Honor is 3 or higher, dishonor him.");
  ASSERT_TRUE(c->paragraph().unit) << c->text(c->paragraph().unread) << ": " << c->paragraph().why;
  EXPECT_TRUE(c->paragraph().round_trips) << c->paragraph().rendered;

  EXPECT_FALSE(read("Strategy", "**Battle:** Bow a target Personality with lower base Force than this Strategy.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Bow a target Personality with 3 or lower base.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Bow a target base Personality.")->paragraph().unit);
}

// 003 Traits: a condition printed before its trait ("While opposed, this Personality has +2F"), read first so a
// pronoun after it names its card; 001 This on action cards: a Spell's trait names the card it is attached to ("This
// Shugenja has +2F"), and a keyword the card prints itself names the card ("Put this Terrain into play" on a Terrain
// Strategy), not a performer. Refused: a duration with the leading condition, one card with "have".
TEST(Meaning, WhileFirstAndActionCardTraits) {
  auto r = read("Personality", "While opposed, this Personality has +2F.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const StatModifier& m = std::get<StatModifier>(r->unit().body.at(0));
  EXPECT_TRUE(m.while_first);
  ASSERT_TRUE(m.while_);
  EXPECT_EQ(m.while_->kind, Condition::Kind::InBattle);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto s = read("Spell", "While this Shugenja is Fire, he has +1C.");
  ASSERT_TRUE(s->paragraph().unit) << s->text(s->paragraph().unread) << ": " << s->paragraph().why;
  const StatModifier& sm = std::get<StatModifier>(s->unit().body.at(0));
  EXPECT_EQ(sm.card->kind, CardRef::Kind::ThisKeyword);
  EXPECT_FALSE(s->unit().performer);
  EXPECT_TRUE(s->paragraph().round_trips) << s->paragraph().rendered;

  auto b = read("Spell", "**Battle:** Give this Shugenja +2F.");
  ASSERT_TRUE(b->paragraph().unit) << b->text(b->paragraph().unread) << ": " << b->paragraph().why;
  EXPECT_TRUE(b->unit().performer);  // in an ability, the card performing it (001 Tactician)

  auto h = read("Personality", "This Personality has +2F while he has a Spell.");
  ASSERT_TRUE(h->paragraph().unit) << h->text(h->paragraph().unread) << ": " << h->paragraph().why;
  EXPECT_EQ(std::get<StatModifier>(h->unit().body.at(0)).while_->attached->card_types,
            std::vector<ProfileId>{h->id_of(h->profile->card_types, "Spell")});
  EXPECT_FALSE(read("Personality", "This Personality has +2F while he has a Holding.")->paragraph().unit);

  EXPECT_FALSE(read("Personality", "While opposed, this Personality has +2F until the turn ends.")->paragraph().unit);
  EXPECT_FALSE(read("Holding", "While you control a Ring, your Personality have +1F.")->paragraph().unit);
}

}  // namespace cardc

namespace cardc {

// 003 Embedded text: a granted ability or trait is a unit of its own in the gift ("Permanently give him +1F and the
// ability, "..."", without the comma as well), read as the card given it has it: "this Personality" in it is that
// card (its own, not the granting Strategy). Refused: any word in the quotes no shape reads (the whole paragraph, at
// that word), "trait" naming an ability and "ability" a trait (003 Traits, Abilities), "this Personality" in quotes
// given to a card whose type the words do not say, the granting card's own name in the quotes.
TEST(Meaning, GrantedAbilities) {
  auto r = read("Strategy",
                "**Battle:** Target your Personality. Permanently give him +1F and the ability, \"**Limited:** Bow this Personality: Gain 2 Honor.\"");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.back());
  ASSERT_EQ(e.gifts.size(), 2u);
  EXPECT_TRUE(e.gifts[0].change);
  ASSERT_TRUE(e.gifts[1].granted);
  EXPECT_EQ(e.gifts[1].holder, r->id_of(r->profile->card_types, "Personality"));
  const Unit& g = *e.gifts[1].granted;
  EXPECT_EQ(g.kind, meaning::UnitKind::Ability);
  EXPECT_EQ(g.designators.at(0), r->id_of(r->profile->designators, "Limited"));
  ASSERT_EQ(g.costs.size(), 1u);
  EXPECT_EQ(g.costs[0].card->kind, CardRef::Kind::ThisCard);  // the card that has it
  EXPECT_EQ(g.costs[0].card->card_type, r->id_of(r->profile->card_types, "Personality"));
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  EXPECT_EQ(r->paragraph().rendered,
            "Battle: Target a Personality you control. Permanently give him +1F and the ability, \u201cLimited: Bow this Personality: Gain 2 Honor.\u201d");

  auto t = read("Strategy", "**Open:** Target your Personality. Give him the trait \"This Personality has +2F.\"");
  ASSERT_TRUE(t->paragraph().unit) << t->text(t->paragraph().unread) << ": " << t->paragraph().why;
  EXPECT_EQ(std::get<Effect>(t->unit().body.back()).gifts.at(0).granted->kind, meaning::UnitKind::Untriggered);
  EXPECT_TRUE(t->paragraph().round_trips) << t->paragraph().rendered;

  auto w = read("Strategy", "**Battle:** Target your Personality. Give him the ability, \"**Battle:** Frobnicate target enemy Follower.\"");
  EXPECT_FALSE(w->paragraph().unit);
  EXPECT_EQ(w->text(w->paragraph().unread), "Frobnicate");
  expect_refused("Strategy", "**Battle:** Target your Personality. Give him the trait, \"**Battle:** Gain 1 Honor.\"", "an ability named a trait");
  expect_refused("Strategy", "**Battle:** Target your Personality. Give him the ability, \"This Personality has +2F.\"", "a trait named an ability");
  expect_refused("Strategy", "**Battle:** Target a card. Give it the ability, \"**Battle:** Bow this Personality: Gain 1 Honor.\"",
                 "a card type this card is not");
  auto n = read("Strategy", "**Battle:** Target your Personality. Give him the ability, \"**Battle:** Bow Sunao: Gain 1 Honor.\"", "legends",
                "Sunao's Gift");
  EXPECT_FALSE(n->paragraph().unit);  // the Strategy's own name: no name inside the quotes
  EXPECT_EQ(n->text(n->paragraph().unread), "Sunao");

  // a trait that grants it: "Your Samurai Personalities have +1F and the ability, "..."" (while the trait holds)
  auto h = read("Holding", "Your Samurai Personalities have +1F and the ability, \"**Open:** Bow this Personality: Gain 1 Honor.\"");
  ASSERT_TRUE(h->paragraph().unit) << h->text(h->paragraph().unread) << ": " << h->paragraph().why;
  const StatModifier& m = std::get<StatModifier>(h->unit().body.at(0));
  EXPECT_EQ(m.changes.size(), 1u);
  ASSERT_TRUE(m.granted);
  EXPECT_EQ(m.granted->holder, h->id_of(h->profile->card_types, "Personality"));
  EXPECT_EQ(m.granted->granted->costs.at(0).card->kind, CardRef::Kind::ThisCard);
  EXPECT_TRUE(h->paragraph().round_trips) << h->paragraph().rendered;
  // "Your Samurai have ...": no card type, so "this Personality" in the quotes names no card the words say
  expect_refused("Holding", "Your Samurai have the ability, \"**Open:** Bow this Personality: Gain 1 Honor.\"", "a card type this card is not");
}

// docs/meaning.md 23: a relative clause on a set is the stat bound it states ("whose Force is 3 or lower" says what
// "with 3 or lower Force" says); "whose unit's total Force" is the Force of the card's unit, its unbowed cards' Force
// totaled (003 Stats), compared with a number or another unit ("than this unit"). Refused: a total of a stat the rules
// do not total, a unit's total compared with one card's stat (or a card's stat with a unit), a pronoun in the
// comparison, "total" without "unit's".
TEST(Meaning, RelativeClauses) {
  auto r = read("Strategy", "**Battle:** Bow a target enemy Personality whose Force is 3 or lower.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const StatBound& b = r->unit().targets.at(0).filter.stats.at(0);
  EXPECT_TRUE(b.whose);
  EXPECT_FALSE(b.total);
  EXPECT_EQ(b.stat, r->id_of(r->profile->stats, "Force"));
  EXPECT_EQ(b.compare, StatBound::Compare::AtMost);
  EXPECT_EQ(b.value.value, 3);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto t = read("Strategy", "**Battle:** Move home a target Personality whose unit's total Force is 8 or higher.");
  ASSERT_TRUE(t->paragraph().unit) << t->text(t->paragraph().unread) << ": " << t->paragraph().why;
  const StatBound& tb = t->unit().targets.at(0).filter.stats.at(0);
  EXPECT_TRUE(tb.total);
  EXPECT_EQ(tb.compare, StatBound::Compare::AtLeast);
  EXPECT_EQ(tb.value.value, 8);
  EXPECT_TRUE(t->paragraph().round_trips) << t->paragraph().rendered;

  auto u = read("Personality", "**Battle:** Target an enemy Personality whose unit has lower total Force than this unit: Bow the target.");
  ASSERT_TRUE(u->paragraph().unit) << u->text(u->paragraph().unread) << ": " << u->paragraph().why;
  const StatBound& ub = u->unit().targets.at(0).filter.stats.at(0);
  EXPECT_TRUE(ub.total);
  EXPECT_TRUE(ub.unit_has);
  EXPECT_EQ(ub.compare, StatBound::Compare::Below);
  ASSERT_EQ(ub.value.kind, Amount::Kind::StatOf);
  EXPECT_TRUE(ub.value.of->unit);
  EXPECT_EQ(ub.value.of->kind, CardRef::Kind::ThisCard);
  EXPECT_TRUE(u->paragraph().round_trips) << u->paragraph().rendered;

  auto z = read("Strategy", "**Limited:** Target one or two Followers whose Force is now 0: Destroy them.");
  ASSERT_TRUE(z->paragraph().unit) << z->text(z->paragraph().unread) << ": " << z->paragraph().why;
  EXPECT_EQ(z->unit().targets.at(0).filter.stats.at(0).compare, StatBound::Compare::Exactly);
  EXPECT_TRUE(z->paragraph().round_trips) << z->paragraph().rendered;

  auto c = read("Item", "**Battle:** Bow this card: Bow a target enemy attachment whose Force is less than or equal to this Personality's Chi.");
  ASSERT_TRUE(c->paragraph().unit) << c->text(c->paragraph().unread) << ": " << c->paragraph().why;
  const StatBound& cb = c->unit().targets.at(0).filter.stats.at(0);
  EXPECT_EQ(cb.compare, StatBound::Compare::AtMost);
  EXPECT_EQ(cb.value.stat, c->id_of(c->profile->stats, "Chi"));
  EXPECT_TRUE(c->paragraph().round_trips) << c->paragraph().rendered;

  // "different from his base Force": "his" names the card the clause describes, its own base value
  auto d = read("Strategy", "**Battle:** Target a Personality whose Force is different from his base Force: Bow him.");
  ASSERT_TRUE(d->paragraph().unit) << d->text(d->paragraph().unread) << ": " << d->paragraph().why;
  const StatBound& db = d->unit().targets.at(0).filter.stats.at(0);
  EXPECT_EQ(db.compare, StatBound::Compare::Differs);
  EXPECT_TRUE(db.own);
  EXPECT_TRUE(db.value.base);
  EXPECT_FALSE(db.base);
  EXPECT_TRUE(d->paragraph().round_trips) << d->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Holding whose Gold Cost is different from his base Gold Cost: Bow it.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Personality whose Force is different from his Force: Bow him.")->paragraph().unit);

  // 001 Token: "who has a Madness token", a counter of that status; "who" of persons only, "that" of any card
  auto k = read("Strategy", "**Open:** Bow a target Personality who has a Madness token.");
  ASSERT_TRUE(k->paragraph().unit) << k->text(k->paragraph().unread) << ": " << k->paragraph().why;
  const CardFilter& kf = k->unit().targets.at(0).filter;
  EXPECT_EQ(kf.has_tokens, std::vector<ProfileId>{k->id_of(k->profile->statuses, "Madness token")});
  EXPECT_TRUE(kf.who);
  EXPECT_TRUE(k->paragraph().round_trips) << k->paragraph().rendered;
  EXPECT_TRUE(read("Strategy", "**Open:** Bow a target Follower that has a Charging token.")->paragraph().round_trips);
  EXPECT_FALSE(read("Strategy", "**Open:** Destroy a target Holding who has a Wealth token.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Open:** Bow a target Personality who has a Madness tokens.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Open:** Bow a target Personality who has a Madness token who has a Madness token.")->paragraph().unit);

  // players: "Each player who does not control a Samurai Personality loses 2 Honor", each judged as "you"
  auto p = read("Strategy", "**Limited:** Each player who does not control a Samurai Personality loses 2 Honor.");
  ASSERT_TRUE(p->paragraph().unit) << p->text(p->paragraph().unread) << ": " << p->paragraph().why;
  const Effect& pe = std::get<Effect>(p->unit().body.at(0));
  ASSERT_TRUE(pe.player && pe.player->who);
  EXPECT_EQ(pe.player->who->kind, Condition::Kind::YouControl);
  EXPECT_TRUE(pe.player->who->negated);
  EXPECT_EQ(pe.player->who->cards->side, Side::Yours);
  EXPECT_TRUE(p->paragraph().round_trips) << p->paragraph().rendered;
  auto q = read("Strategy", "**Open:** Each other player who controls a Holding draws a card.");
  ASSERT_TRUE(q->paragraph().unit) << q->text(q->paragraph().unread) << ": " << q->paragraph().why;
  EXPECT_FALSE(std::get<Effect>(q->unit().body.at(0)).player->who->negated);
  EXPECT_TRUE(q->paragraph().round_trips) << q->paragraph().rendered;
  EXPECT_FALSE(read("Strategy", "**Open:** Each player who controls your Holding draws a card.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Open:** Each player who controls Holdings draws a card.")->paragraph().unit);

  EXPECT_FALSE(read("Strategy", "**Battle:** Bow a target Personality whose unit's total Chi is 3 or lower.")->paragraph().unit);
  EXPECT_FALSE(read("Personality", "**Battle:** Bow a target Personality whose unit has lower total Force than this Personality.")->paragraph().unit);
  EXPECT_FALSE(read("Personality", "**Battle:** Bow a target Personality whose Force is lower than this unit.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Personality: Bow a target Follower whose Force is lower than his Chi.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Battle:** Bow a target Personality whose total Force is 3 or lower.")->paragraph().unit);
}

// "Otherwise, ...": the other branch of the sentence before it, which must begin with "If" (the condition judged once,
// its effects done when it fails). Refused: "Otherwise" after no condition, after a condition printed after its effect,
// or a second time.
TEST(Meaning, Otherwise) {
  auto r = read("Personality", "**Open:** Target an enemy Personality: If he is bowed, destroy him. Otherwise, bow him.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  ASSERT_EQ(r->unit().body.size(), 1u);
  const Conditional& k = std::get<Conditional>(r->unit().body.at(0));
  ASSERT_EQ(k.effects.size(), 1u);
  ASSERT_EQ(k.otherwise.size(), 1u);
  EXPECT_EQ(k.effects[0].verb, Primitive::destroy_);
  EXPECT_EQ(k.otherwise[0].verb, Primitive::bow_);
  EXPECT_TRUE(k.otherwise_range.valid());
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto m = read("Strategy", "**Open:** If you control a Temple, you may draw a card. Otherwise, lose 1 Honor.");
  ASSERT_TRUE(m->paragraph().unit) << m->text(m->paragraph().unread) << ": " << m->paragraph().why;
  const Conditional& mk = std::get<Conditional>(m->unit().body.at(0));
  EXPECT_TRUE(mk.effects.at(0).optional);
  EXPECT_FALSE(mk.otherwise.at(0).optional);
  EXPECT_TRUE(m->paragraph().round_trips) << m->paragraph().rendered;

  EXPECT_FALSE(read("Strategy", "**Open:** Draw a card. Otherwise, lose 1 Honor.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Open:** Target a Personality: Bow him if he is a Monk. Otherwise, destroy him.")->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Open:** If you control a Temple, draw a card. Otherwise, lose 1 Honor. Otherwise, gain 1 Honor.")
                   ->paragraph().unit);
  EXPECT_FALSE(read("Strategy", "**Open:** If you control a Temple, draw a card. Otherwise lose 1 Honor.")->paragraph().unit);
}

// An event named alone before its colon happens to this card ("Invest: Pay 3 Gold: ...", the profile's Invest event:
// this card entering play, optional). Refused: an event about no card named alone, a second block before the event.
TEST(Meaning, EventNamedAlone) {
  auto r = read("Personality", "Invest: Pay 3 Gold: Give this Personality two +1F tokens.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  ASSERT_TRUE(r->unit().trigger);
  const Trigger& t = *r->unit().trigger;
  EXPECT_TRUE(t.alone);
  EXPECT_EQ(r->profile->events.at(static_cast<size_t>(t.event)).text, "Invest");
  ASSERT_TRUE(t.card);
  EXPECT_EQ(t.card->kind, CardRef::Kind::ThisCard);
  EXPECT_EQ(r->unit().kind, meaning::UnitKind::Triggered);
  EXPECT_EQ(r->unit().costs.size(), 1u);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  EXPECT_FALSE(read("Personality", "battle begins: Gain 1 Honor.")->paragraph().unit);
  EXPECT_FALSE(read("Personality", "Invest slowly: Pay 3 Gold: Gain 2 Honor.")->paragraph().unit);
}

// 003 Created cards: "it" after "Create a 1F Infantry Follower" names the card created, attached paying nothing (it is
// not played). Refused: a pronoun naming several created cards, attaching another card without saying what is paid.
TEST(Meaning, CreatedCardNamedAgain) {
  auto r = read("Holding", "**Limited:** Bow this card: Create a 1F **Infantry** Follower and attach it to your target Personality.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& attach = std::get<Effect>(r->unit().body.at(1));
  EXPECT_EQ(attach.verb, Primitive::attach_);
  EXPECT_EQ(attach.card->kind, CardRef::Kind::Created);
  EXPECT_EQ(attach.host->kind, CardRef::Kind::Target);
  EXPECT_FALSE(attach.payment);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  EXPECT_FALSE(read("Holding", "**Limited:** Bow this card: Create two 1F **Infantry** Followers and attach them to your target Personality.")
                   ->paragraph().unit);
  EXPECT_FALSE(read("Personality", "**Open:** Target a Follower in your hand: Attach it to this Personality.")->paragraph().unit);
}


// 001 This: a unit (a Personality and the cards attached to him) as a target, by the card heading it; what names it
// again names the unit ("it": each card in it), and a unit is "it", never "he"
TEST(Meaning, UnitsAsTargets) {
  auto r = read("Strategy", "**Battle:** Target an enemy unit: Bow it.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const CardFilter& f = r->unit().targets.at(0).filter;
  EXPECT_TRUE(f.units);
  EXPECT_FALSE(f.plural);
  EXPECT_TRUE(f.card_types.empty());
  EXPECT_EQ(f.side, Side::Enemy);
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  ASSERT_TRUE(e.card);
  EXPECT_TRUE(e.card->unit);
  EXPECT_TRUE(e.card->unit_itself);
  EXPECT_EQ(e.card->target, 0);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto m = read("Personality", "**Battle:** Bow this Personality: Move home a target enemy unit.");
  ASSERT_TRUE(m->paragraph().unit) << m->text(m->paragraph().unread) << ": " << m->paragraph().why;
  const Effect& me = std::get<Effect>(m->unit().body.at(0));
  ASSERT_TRUE(me.card);
  EXPECT_EQ(me.card->kind, CardRef::Kind::Target);
  EXPECT_TRUE(me.card->unit_itself);
  EXPECT_EQ(m->paragraph().rendered, "Battle: Bow this Personality: Move home target enemy unit.");

  auto o = read("Strategy", "**Battle:** Target an opposed unit: Straighten the target.");
  ASSERT_TRUE(o->paragraph().unit) << o->text(o->paragraph().unread) << ": " << o->paragraph().why;
  EXPECT_EQ(o->unit().targets.at(0).filter.roles.size(), 1u);
  EXPECT_TRUE(std::get<Effect>(o->unit().body.at(0)).card->unit_itself);

  // a unit is "it" (003 Traits: a pronoun agrees with what it names)
  expect_refused("Strategy", "**Battle:** Target an enemy unit: Bow him.", "'he' naming a unit");
  // what one card may be said to be: whether the unit or its head is meant, the words leave open
  expect_refused("Strategy", "**Battle:** Target an enemy Samurai unit: Bow it.", "a unit described as one card is");
  expect_refused("Strategy", "**Battle:** Target an enemy bowed unit: Straighten it.", "a unit described as one card is");
  expect_refused("Strategy", "**Battle:** Target an enemy unit with 3 or lower Force: Bow it.", "a unit described as one card is");
  expect_refused("Strategy", "**Battle:** Target an enemy unit: Bow its unit.", "a unit's unit");
  expect_refused("Strategy", "**Battle:** Choose your performing unit: Bow it.", "a unit performing an action");

  // "Move home this unit and a target enemy unit": both go home, the second printed with its article
  auto two = read("Personality", "**Battle:** Move home this unit and a target enemy unit.");
  ASSERT_TRUE(two->paragraph().unit) << two->text(two->paragraph().unread) << ": " << two->paragraph().why;
  const Effect& te = std::get<Effect>(two->unit().body.at(0));
  ASSERT_TRUE(te.card && te.other_card);
  EXPECT_EQ(te.card->kind, CardRef::Kind::ThisCard);
  EXPECT_TRUE(te.card->unit);
  EXPECT_FALSE(te.card->unit_itself);
  EXPECT_TRUE(te.other_card->unit_itself);
  EXPECT_EQ(two->paragraph().rendered, "Battle: Move home this unit and a target enemy unit.");
}

// 001 Battlefields: "Move this Personality to oppose him": to the battlefield where he is; "him" names a card named
// before the clause, not the card moved (that would be "himself")
TEST(Meaning, MoveToOppose) {
  auto r = read("Personality", "**Battle:** Target an enemy Personality: Move this Personality to oppose him.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_EQ(e.verb, Primitive::move_);
  ASSERT_TRUE(e.card && e.opposing);
  EXPECT_EQ(e.card->kind, CardRef::Kind::ThisCard);
  EXPECT_EQ(e.opposing->kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(e.opposing->target, 0);
  EXPECT_FALSE(e.to);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  expect_refused("Personality", "**Battle:** Move this Personality to oppose him.", "no antecedent");
}


// 001 Attach: "Cannot attach Items", "Will not attach Armor": a Personality never has such cards attached; printed
// without a subject only as a term of the card itself
TEST(Meaning, AttachRestrictions) {
  auto r = read("Personality", "Cannot attach Items.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& k = std::get<Restriction>(r->unit().body.at(0));
  EXPECT_EQ(k.kind, Restriction::Kind::ReceiveAttachment);
  EXPECT_FALSE(k.subject_printed);
  EXPECT_EQ(k.card.kind, CardRef::Kind::ThisCard);
  ASSERT_TRUE(k.against);
  EXPECT_TRUE(k.against->plural);
  EXPECT_EQ(k.against->card_types, std::vector<ProfileId>{r->id_of(r->profile->card_types, "Item")});
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto a = read("Personality", "Will not attach Armor.");
  ASSERT_TRUE(a->paragraph().unit) << a->text(a->paragraph().unread) << ": " << a->paragraph().why;
  const auto& ka = std::get<Restriction>(a->unit().body.at(0));
  EXPECT_EQ(ka.negation, Restriction::Negation::WillNot);
  EXPECT_TRUE(ka.against->plural);
  EXPECT_TRUE(ka.against->singular_spelling);
  EXPECT_EQ(a->paragraph().rendered, "Will not attach Armor.");

  // with no subject the card itself, so one that takes attachments; never another restriction
  expect_refused("Holding", "Cannot attach Items.", "a restriction that names no card");
  expect_refused("Personality", "Cannot attack.", "a restriction that names no card");
  expect_refused("Personality", "This Personality will not attack.", "'will not' of what a card does");
  expect_refused("Personality", "Cannot attach an Item.", "a restriction against one card");
}


// "You may target your Personality and move him home": a targeting joined to its effects by "and", as "to" joins them;
// with "You may" the controller chooses, and only then is the target chosen (001 Target)
TEST(Meaning, TargetAndEffects) {
  auto r = read("Strategy", "**Battle:** You may target your Personality and move him home.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& k = std::get<InOrderTo>(r->unit().body.at(0));
  EXPECT_TRUE(k.optional);
  EXPECT_EQ(k.form, InOrderTo::Form::And);
  ASSERT_TRUE(k.target);
  EXPECT_EQ(*k.target, 0);
  EXPECT_FALSE(r->unit().targets.at(0).inline_);
  ASSERT_EQ(k.then.size(), 1u);
  EXPECT_EQ(k.then[0].verb, Primitive::move_);
  EXPECT_EQ(k.then[0].card->kind, CardRef::Kind::Pronoun);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto two = read("Strategy", "**Battle:** Target an enemy Personality and bow him and give him -2F.");
  ASSERT_TRUE(two->paragraph().unit) << two->text(two->paragraph().unread) << ": " << two->paragraph().why;
  const auto& k2 = std::get<InOrderTo>(two->unit().body.at(0));
  EXPECT_FALSE(k2.optional);
  EXPECT_EQ(k2.then.size(), 2u);
  EXPECT_TRUE(two->paragraph().round_trips) << two->paragraph().rendered;

  expect_refused("Strategy", "**Battle:** You may target your Personality.", "'you may' before a targeting with no effect after it");

  // "target and give your Samurai Personality Conqueror": the inline target of "give your target ...", worded the other way
  auto g = read("Strategy", "**Battle:** You may target and give your Samurai Personality Conqueror.");
  ASSERT_TRUE(g->paragraph().unit) << g->text(g->paragraph().unread) << ": " << g->paragraph().why;
  const Effect& ge = std::get<Effect>(g->unit().body.at(0));
  EXPECT_EQ(ge.verb, Primitive::give_);
  EXPECT_TRUE(ge.optional);
  EXPECT_TRUE(g->unit().targets.at(0).verb_after);
  EXPECT_EQ(g->unit().targets.at(0).filter.side, Side::Yours);
  ASSERT_EQ(ge.gifts.size(), 1u);
  EXPECT_EQ(ge.gifts[0].keyword, g->id_of(g->profile->keywords, "Conqueror"));
  EXPECT_TRUE(g->paragraph().round_trips) << g->paragraph().rendered;
  expect_refused("Strategy", "**Battle:** Target and give your Samurai Personalities +1F.", "targeting several cards at once");
}


// "You may discard a Kiho; if you did, destroy him": the in-order-to of "to", printed "; if you did," (also ". If you
// did," and "if you do"); the same meaning whichever
TEST(Meaning, IfYouDid) {
  auto r = read("Strategy", "**Battle:** Target an enemy Personality: Bow him. You may discard a Kiho; if you did, destroy him.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& k = std::get<InOrderTo>(r->unit().body.at(1));
  EXPECT_EQ(k.form, InOrderTo::Form::IfYouDid);
  EXPECT_TRUE(k.optional);
  EXPECT_FALSE(k.did_period);
  EXPECT_FALSE(k.did_present);
  ASSERT_EQ(k.done.size(), 1u);
  EXPECT_EQ(k.done[0].verb, Primitive::discard_);
  ASSERT_EQ(k.then.size(), 1u);
  EXPECT_EQ(k.then[0].verb, Primitive::destroy_);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto p = read("Personality", "**Battle:** You may bow this Personality. If you did, gain 2 Honor.");
  ASSERT_TRUE(p->paragraph().unit) << p->text(p->paragraph().unread) << ": " << p->paragraph().why;
  const auto& kp = std::get<InOrderTo>(p->unit().body.at(0));
  EXPECT_TRUE(kp.did_period);
  EXPECT_EQ(p->paragraph().rendered, "Battle: You may bow this Personality. If you did, gain 2 Honor.");

  auto t = read("Strategy", "**Battle:** You may target an enemy Personality; if you do, give him -2F.");
  ASSERT_TRUE(t->paragraph().unit) << t->text(t->paragraph().unread) << ": " << t->paragraph().why;
  const auto& kt = std::get<InOrderTo>(t->unit().body.at(0));
  EXPECT_TRUE(kt.did_present);
  ASSERT_TRUE(kt.target);

  // another doer than you is another shape ("If he did not, ..."): not read
  EXPECT_FALSE(read("Strategy", "**Battle:** You may bow this card; if he did, gain 2 Honor.")->paragraph().unit);
}


// "Move a target Personality home and bow his unit as he moves": the effects before "as" one after the other, the last
// only if the move among them moved him (001 Battlefields)
TEST(Meaning, SeveralEffectsAsHeMoves) {
  auto r = read("Strategy", "**Battle:** Move a target enemy Personality home and bow his unit as he moves.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  ASSERT_EQ(r->unit().body.size(), 2u);
  EXPECT_EQ(std::get<Effect>(r->unit().body.at(0)).verb, Primitive::move_);
  const auto& k = std::get<Conditional>(r->unit().body.at(1));
  EXPECT_TRUE(k.as_moving);
  EXPECT_EQ(k.condition.kind, Condition::Kind::Moved);
  ASSERT_EQ(k.effects.size(), 1u);
  EXPECT_EQ(k.effects[0].verb, Primitive::bow_);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  // "he moves" names the card moved: "they move" names none
  EXPECT_FALSE(read("Strategy", "**Battle:** Move a target enemy Personality home and bow his unit as they move.")->paragraph().unit);
}


// "Bow him or all of his attachments": one verb, two sets of cards it may act on, the controller choosing as it resolves
TEST(Meaning, SharedVerbChoice) {
  auto r = read("Strategy", "**Battle:** Target an enemy Personality: Bow him or all of his attachments.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& k = std::get<Choice>(r->unit().body.at(0));
  EXPECT_TRUE(k.shared_verb);
  ASSERT_EQ(k.options.size(), 2u);
  EXPECT_EQ(k.options[1].verb, Primitive::bow_);
  EXPECT_FALSE(k.options[1].card);
  ASSERT_TRUE(k.options[1].cards);
  EXPECT_TRUE(k.options[1].cards->plural);
  EXPECT_TRUE(k.options[1].cards->attachment);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  // the verb before "or" must act on one card
  expect_refused("Strategy", "**Battle:** Gain 2 Honor or all of your Followers.", "cards after 'or' where the verb before acts on no one card");
}


// 001 Target: "A target player loses 1 Honor": a player targeted where the effect names him; no pronoun names him
TEST(Meaning, TargetPlayer) {
  auto r = read("Personality", "**Political Interrupt:** After this Personality enters play, a target player loses 1 Honor.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  ASSERT_EQ(r->unit().targets.size(), 1u);
  EXPECT_TRUE(r->unit().targets[0].player);
  EXPECT_TRUE(r->unit().targets[0].inline_);
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  ASSERT_TRUE(e.player);
  EXPECT_EQ(e.player->kind, PlayerRef::Kind::Target);
  EXPECT_EQ(e.player->target, 0);
  EXPECT_EQ(e.verb, Primitive::lose_);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  // a pronoun, or "the target", names cards
  expect_refused("Strategy", "**Battle:** Target a Personality. A target player loses 1 Honor. Bow him.", "a pronoun after a targeted player");
  expect_refused("Strategy", "**Battle:** A target player loses 1 Honor. Bow the target.", "'the target' naming a player");
}

}  // namespace cardc

namespace cardc {

// docs/meaning.md 25: conditions on what a card is attached to (001 Attach), has attached or has on it (001 Token),
// which card type it is, what another player controls; "any" before a set you control; three keywords as alternatives.
// Refused: a declared target, several cards or a side where one card is meant, "any" before one card or a status that
// is no token, a card type that does not attach after "has".
TEST(Meaning, HeldConditions) {
  auto first = [](const Read& r) -> const Condition& { return std::get<Conditional>(r.unit().body.at(0)).condition; };

  auto a = read("Follower", "**Battle:** Bow this card: If this Follower is attached to a Water Shugenja, gain 1 Honor.");
  ASSERT_TRUE(a->paragraph().unit) << a->text(a->paragraph().unread) << ": " << a->paragraph().why;
  const Condition& ak = first(*a);
  EXPECT_EQ(ak.kind, Condition::Kind::AttachedTo);
  EXPECT_EQ(ak.card->kind, CardRef::Kind::ThisCard);
  EXPECT_EQ(ak.cards->keywords, (std::vector<ProfileId>{a->id_of(a->profile->keywords, "Water"), a->id_of(a->profile->keywords, "Shugenja")}));
  EXPECT_TRUE(a->paragraph().round_trips) << a->paragraph().rendered;

  // "a Gaijin or Peasant Weapon": a Weapon, and one of the two keywords
  auto h = read("Personality", "**Battle:** If this Personality has a Gaijin or Peasant Weapon attached, gain 1 Honor.");
  ASSERT_TRUE(h->paragraph().unit) << h->text(h->paragraph().unread) << ": " << h->paragraph().why;
  const Condition& hk = first(*h);
  EXPECT_EQ(hk.kind, Condition::Kind::Has);
  EXPECT_TRUE(hk.attached_word);
  EXPECT_EQ(hk.attached->keywords, std::vector<ProfileId>{h->id_of(h->profile->keywords, "Weapon")});
  EXPECT_EQ(hk.attached->choice, (std::vector<ProfileId>{h->id_of(h->profile->keywords, "Gaijin"), h->id_of(h->profile->keywords, "Peasant")}));
  EXPECT_TRUE(h->paragraph().round_trips) << h->paragraph().rendered;
  auto plain = read("Personality", "**Battle:** If this Personality has a Weapon, gain 1 Honor.");
  ASSERT_TRUE(plain->paragraph().unit) << plain->paragraph().why;
  EXPECT_FALSE(first(*plain).attached_word);
  EXPECT_TRUE(first(*plain).attached->choice.empty());

  auto t = read("Personality", "**Battle:** If this Personality has any Fire tokens, gain 1 Honor.");
  ASSERT_TRUE(t->paragraph().unit) << t->text(t->paragraph().unread) << ": " << t->paragraph().why;
  EXPECT_EQ(first(*t).kind, Condition::Kind::HasTokens);
  EXPECT_EQ(first(*t).status, t->id_of(t->profile->statuses, "Fire token"));
  EXPECT_TRUE(t->paragraph().round_trips) << t->paragraph().rendered;

  auto ty = read("Strategy", "**Battle:** Bow a target enemy card. Destroy it if it is an attachment.");
  ASSERT_TRUE(ty->paragraph().unit) << ty->text(ty->paragraph().unread) << ": " << ty->paragraph().why;
  const Condition& tk = std::get<Conditional>(ty->unit().body.at(1)).condition;
  EXPECT_EQ(tk.kind, Condition::Kind::CardIs);
  EXPECT_TRUE(tk.cards->attachment);
  EXPECT_TRUE(ty->paragraph().round_trips) << ty->paragraph().rendered;

  // "another player controls": a card of the set controlled by a player other than you
  auto o = read("Personality", "This Personality has +1F while another player controls a dishonorable Personality.");
  ASSERT_TRUE(o->paragraph().unit) << o->text(o->paragraph().unread) << ": " << o->paragraph().why;
  const Condition& ok = *std::get<StatModifier>(o->unit().body.at(0)).while_;
  EXPECT_EQ(ok.kind, Condition::Kind::YouControl);
  EXPECT_EQ(ok.cards->side, Side::AnotherPlayers);
  EXPECT_EQ(ok.cards->descriptions, std::vector<ProfileId>{o->id_of(o->profile->descriptions, "dishonorable")});
  EXPECT_TRUE(o->paragraph().round_trips) << o->paragraph().rendered;

  // a province bonus only while a condition holds; one naming no card is refused (no card has the bonus)
  auto pv = read("Personality", "Your provinces have +2 strength while another player controls a dishonorable Personality.");
  ASSERT_TRUE(pv->paragraph().unit) << pv->text(pv->paragraph().unread) << ": " << pv->paragraph().why;
  const ProvinceModifier& pm = std::get<ProvinceModifier>(pv->unit().body.at(0));
  ASSERT_TRUE(pm.while_);
  EXPECT_EQ(pm.while_->kind, Condition::Kind::YouControl);
  EXPECT_EQ(pm.while_->cards->side, Side::AnotherPlayers);
  EXPECT_TRUE(pv->paragraph().round_trips) << pv->paragraph().rendered;
  expect_refused("Personality", "Your provinces have +2 strength while attacking.", "a condition on no card named");

  auto any = read("Holding", "**Open:** Bow this card: If you control any Rings, gain 1 Honor.");
  ASSERT_TRUE(any->paragraph().unit) << any->text(any->paragraph().unread) << ": " << any->paragraph().why;
  EXPECT_TRUE(first(*any).any);
  EXPECT_EQ(first(*any).cards->side, Side::Yours);
  EXPECT_TRUE(any->paragraph().round_trips) << any->paragraph().rendered;

  auto three = read("Strategy", "**Open:** Straighten a target Daimyo, Duelist, or Kensai Personality.");
  ASSERT_TRUE(three->paragraph().unit) << three->text(three->paragraph().unread) << ": " << three->paragraph().why;
  const CardFilter& tf = three->unit().targets.at(0).filter;
  EXPECT_EQ(tf.any_keywords, (std::vector<ProfileId>{three->id_of(three->profile->keywords, "Daimyo"), three->id_of(three->profile->keywords, "Duelist"),
                                                      three->id_of(three->profile->keywords, "Kensai")}));
  EXPECT_TRUE(tf.keywords.empty());
  EXPECT_TRUE(three->paragraph().round_trips) << three->paragraph().rendered;
  // the list's spelling kept: without the comma before "or", and as "or" alone
  for (const char* text : {"**Open:** Straighten a target Daimyo, Duelist or Kensai Personality.",
                           "**Open:** Straighten a target Daimyo or Duelist or Kensai Personality."}) {
    auto spelled = read("Strategy", text);
    ASSERT_TRUE(spelled->paragraph().unit) << text;
    EXPECT_EQ(spelled->unit().targets.at(0).filter.any_keywords, tf.any_keywords) << text;
    EXPECT_TRUE(spelled->paragraph().round_trips) << spelled->paragraph().rendered;
  }

  // 001 Battlefields: opposing a card, or some card of a set ("any" before the plural)
  auto op = read("Item", "This Personality has +2F while opposing a Shadowlands card.");
  ASSERT_TRUE(op->paragraph().unit) << op->text(op->paragraph().unread) << ": " << op->paragraph().why;
  const Condition& opk = *std::get<StatModifier>(op->unit().body.at(0)).while_;
  EXPECT_EQ(opk.kind, Condition::Kind::Opposes);
  EXPECT_FALSE(opk.card);  // the card the trait describes
  EXPECT_EQ(opk.cards->keywords, std::vector<ProfileId>{op->id_of(op->profile->keywords, "Shadowlands")});
  EXPECT_TRUE(op->paragraph().round_trips) << op->paragraph().rendered;
  auto opi = read("Personality", "**Battle:** If this Personality is opposing any dishonorable Personalities, gain 1 Honor.");
  ASSERT_TRUE(opi->paragraph().unit) << opi->text(opi->paragraph().unread) << ": " << opi->paragraph().why;
  EXPECT_EQ(first(*opi).kind, Condition::Kind::Opposes);
  EXPECT_TRUE(first(*opi).any);
  EXPECT_EQ(first(*opi).card->kind, CardRef::Kind::ThisCard);
  EXPECT_TRUE(opi->paragraph().round_trips) << opi->paragraph().rendered;
  auto spell = read("Personality", "**Battle:** If this Personality has a Fire Spell, gain 1 Honor.");
  ASSERT_TRUE(spell->paragraph().unit) << spell->text(spell->paragraph().unread) << ": " << spell->paragraph().why;
  EXPECT_EQ(first(*spell).attached->card_types, std::vector<ProfileId>{spell->id_of(spell->profile->card_types, "Spell")});
  EXPECT_EQ(first(*spell).attached->choice, std::vector<ProfileId>{spell->id_of(spell->profile->keywords, "Fire")});
  EXPECT_TRUE(spell->paragraph().round_trips) << spell->paragraph().rendered;
  // "with lower Force" in a trait: lower than the card the trait is on (no card performs an action there)
  auto lower = read("Personality", "This Personality has +2F while opposing a Personality with lower Force.");
  ASSERT_TRUE(lower->paragraph().unit) << lower->text(lower->paragraph().unread) << ": " << lower->paragraph().why;
  const StatBound& lb = std::get<StatModifier>(lower->unit().body.at(0)).while_->cards->stats.at(0);
  EXPECT_EQ(lb.compare, StatBound::Compare::Below);
  EXPECT_EQ(lb.value.of->kind, CardRef::Kind::ThisCard);
  EXPECT_TRUE(lower->paragraph().round_trips) << lower->paragraph().rendered;
  auto bearer = read("Item", "This Personality has +2F while opposing a Personality with lower Force.");
  ASSERT_TRUE(bearer->paragraph().unit) << bearer->paragraph().why;
  EXPECT_EQ(std::get<StatModifier>(bearer->unit().body.at(0)).while_->cards->stats.at(0).value.of->kind, CardRef::Kind::Bearer);
  expect_refused("Holding", "Your Personalities with lower Force have +1F.", "no card performing the action");
  expect_refused("Personality", "**Battle:** If this Personality is opposing dishonorable Personalities, gain 1 Honor.", "'any' before several cards");
  expect_refused("Personality", "**Battle:** If this Personality is opposing a target Personality, gain 1 Honor.", "a target declared inside a condition");

  // 003 Stats example: the Attacker and the Defender are players of the battle
  auto side = read("Strategy", "**Battle:** If you are the Defender, gain 1 Honor.");
  ASSERT_TRUE(side->paragraph().unit) << side->text(side->paragraph().unread) << ": " << side->paragraph().why;
  EXPECT_EQ(first(*side).kind, Condition::Kind::BattleSide);
  EXPECT_TRUE(first(*side).defender);
  EXPECT_TRUE(side->paragraph().round_trips) << side->paragraph().rendered;

  expect_refused("Strategy", "**Battle:** If a target Personality is attached to a Shugenja, gain 1 Honor.", "a target declared inside a condition");
  expect_refused("Follower", "**Battle:** Bow this card: If this Follower is attached to an enemy Shugenja, gain 1 Honor.", "to a side");
  expect_refused("Personality", "**Battle:** If this Personality has any Poison, gain 1 Honor.", "");
  expect_refused("Holding", "**Open:** Bow this card: If you control any Ring, gain 1 Honor.", "a singular noun with no article");
  expect_refused("Personality", "**Battle:** If this Personality has a Holding attached, gain 1 Honor.", "does not attach");
  expect_refused("Personality", "**Battle:** If this Personality is a Personalities, gain 1 Honor.", "");
  expect_refused("Personality", "This Personality has +1F while another player controls your Personality.", "");
}

// 003 Abilities: an action did a trigger's event to a card: whose action, with which designator, and what it did it
// to ("After the action Equips a Spell to Rin"; 001 Targeting: "After another player's Battle action targets ...")
TEST(Meaning, ActionTriggers) {
  auto r = read("Personality", "**Interrupt:** After the action Equips a Spell to Rin, gain 2 Honor.", "legends", "Asako Rin");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Trigger& t = *r->unit().trigger;
  ASSERT_TRUE(t.action);
  EXPECT_TRUE(t.action->the);
  EXPECT_EQ(t.action->whose, ActionBy::Whose::Any);
  EXPECT_EQ(t.action->designator, -1);
  EXPECT_EQ(r->profile->events.at(static_cast<size_t>(t.event)).text, "Equips");
  ASSERT_TRUE(t.cards);
  EXPECT_EQ(t.cards->card_types, std::vector<ProfileId>{r->id_of(r->profile->card_types, "Spell")});
  ASSERT_TRUE(t.attached_to);
  EXPECT_EQ(t.attached_to->kind, CardRef::Kind::ThisCard);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto o = read("Personality", "**Reaction:** After another player's Battle action targets this Personality: Gain 2 Honor.");
  ASSERT_TRUE(o->paragraph().unit) << o->text(o->paragraph().unread) << ": " << o->paragraph().why;
  const Trigger& to = *o->unit().trigger;
  ASSERT_TRUE(to.action);
  EXPECT_FALSE(to.action->the);
  EXPECT_EQ(to.action->whose, ActionBy::Whose::Others);
  EXPECT_EQ(to.action->designator, o->id_of(o->profile->designators, "Battle"));
  ASSERT_TRUE(to.card);
  EXPECT_EQ(to.card->kind, CardRef::Kind::ThisCard);
  EXPECT_EQ(o->paragraph().rendered, "Reaction: After another player's Battle action targets this Personality: Gain 2 Honor.");

  auto y = read("Personality", "After your action targets one of your cards, gain 1 Honor.");
  ASSERT_TRUE(y->paragraph().unit) << y->text(y->paragraph().unread) << ": " << y->paragraph().why;
  EXPECT_EQ(y->unit().trigger->action->whose, ActionBy::Whose::Yours);
  EXPECT_TRUE(y->paragraph().round_trips) << y->paragraph().rendered;

  auto b = read("Follower", "**Interrupt:** After the action Equips this Follower at a battlefield, gain 1 Honor.");
  ASSERT_TRUE(b->paragraph().unit) << b->text(b->paragraph().unread) << ": " << b->paragraph().why;
  EXPECT_TRUE(b->unit().trigger->at_battlefield);
  EXPECT_FALSE(b->unit().trigger->attached_to);
  EXPECT_TRUE(b->paragraph().round_trips) << b->paragraph().rendered;

  auto f = read("Holding", "**Interrupt:** After the action Recruits a Personality from a Province, gain 1 Honor.");
  ASSERT_TRUE(f->paragraph().unit) << f->text(f->paragraph().unread) << ": " << f->paragraph().why;
  EXPECT_GE(f->unit().trigger->from, 0);
  EXPECT_TRUE(f->paragraph().round_trips) << f->paragraph().rendered;

  // "After you Equip this Spell to a Void Shugenja": the card it is now attached to is one of a set
  auto v = read("Spell", "After you Equip this Spell to a Void Shugenja, draw a card.");
  ASSERT_TRUE(v->paragraph().unit) << v->text(v->paragraph().unread) << ": " << v->paragraph().why;
  EXPECT_TRUE(v->unit().trigger->yours);
  ASSERT_TRUE(v->unit().trigger->attached_to_cards);
  EXPECT_EQ(v->unit().trigger->attached_to_cards->keywords.size(), 2u);
  EXPECT_TRUE(v->paragraph().round_trips) << v->paragraph().rendered;

  // an event about an action, not a card, is not something an action does to a card
  EXPECT_FALSE(read("Personality", "After an action resolves this card, gain 1 Honor.")->paragraph().unit);
  expect_refused("Personality", "After your action gains Honor this Personality, draw a card.", "no card");
  // "the action" with nothing it did it to, or a player's action named twice: not read
  EXPECT_FALSE(read("Personality", "**Interrupt:** After the action Equips, gain 1 Honor.")->paragraph().unit);
  EXPECT_FALSE(read("Personality", "After your another player's action targets this card, gain 1 Honor.")->paragraph().unit);
}

// 001 Tactician: an additional action a named card must perform ("You may take an additional Battle action, which he
// must perform"): the card that performs it, with its antecedent
TEST(Meaning, AdditionalActionPerformedBy) {
  auto r = read("Strategy", "**Battle:** Choose your performing Monk: Straighten him. You may take an additional Battle action, which he must perform.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(1));
  EXPECT_EQ(e.verb, Primitive::take_action_);
  ASSERT_TRUE(e.performer);
  EXPECT_EQ(e.performer->kind, CardRef::Kind::Pronoun);  // "he": the performing Monk
  EXPECT_EQ(e.performer->target, -1);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;

  auto n = read("Personality", "**Battle:** Take an additional Battle action which Takeo must perform.", "legends", "Hida Takeo");
  ASSERT_TRUE(n->paragraph().unit) << n->text(n->paragraph().unread) << ": " << n->paragraph().why;
  EXPECT_EQ(std::get<Effect>(n->unit().body.at(0)).performer->kind, CardRef::Kind::ThisCard);
  EXPECT_TRUE(n->paragraph().round_trips) << n->paragraph().rendered;

  // two actions, each his; "may perform" is another shape (not read)
  auto two = read("Personality", "**Battle:** Take two additional Battle actions, which this Personality must perform.");
  ASSERT_TRUE(two->paragraph().unit) << two->text(two->paragraph().unread) << ": " << two->paragraph().why;
  EXPECT_TRUE(two->paragraph().round_trips) << two->paragraph().rendered;
  EXPECT_FALSE(read("Personality", "**Battle:** Take an additional Battle action, which this Personality may perform.")->paragraph().unit);
}

// Turns and phases of another player, and any one of them: "After another player's turn begins", "After an Attack
// Phase ends", "After the battle ends" (the event's player, or none)
TEST(Meaning, TurnTriggersOfAnyPlayer) {
  auto o = read("Personality", "After another player's turn begins, straighten this Personality.");
  ASSERT_TRUE(o->paragraph().unit) << o->text(o->paragraph().unread) << ": " << o->paragraph().why;
  EXPECT_TRUE(o->unit().trigger->others);
  EXPECT_FALSE(o->unit().trigger->yours);
  EXPECT_TRUE(o->paragraph().round_trips) << o->paragraph().rendered;

  auto a = read("Follower", "After an Attack Phase ends: Straighten this Follower.");
  ASSERT_TRUE(a->paragraph().unit) << a->text(a->paragraph().unread) << ": " << a->paragraph().why;
  EXPECT_EQ(a->unit().trigger->article, Trigger::Article::Indefinite);
  EXPECT_TRUE(a->paragraph().round_trips) << a->paragraph().rendered;

  auto t = read("Personality", "After the battle ends, gain 1 Honor.");
  ASSERT_TRUE(t->paragraph().unit) << t->text(t->paragraph().unread) << ": " << t->paragraph().why;
  EXPECT_EQ(t->unit().trigger->article, Trigger::Article::Definite);
  EXPECT_TRUE(t->paragraph().round_trips) << t->paragraph().rendered;

  // an event about a card names the card; another player's is a turn's
  expect_refused("Personality", "After a enters play, gain 1 Honor.", "no card named");
  expect_refused("Personality", "After another player's battle ends, gain 1 Honor.", "no turn's");
}

}  // namespace cardc

namespace cardc {

// docs/meaning.md 27: a duel an effect starts (003 Focus Value), the challenger the subject and the card challenged
// the object; its result named after it ("the loser", "the duel's winner", a pronoun naming the loser named last; "If
// this Personality wins the duel"); the profile's verb kept (legends' Challenge is [refusable]: 003 Traits, "may not
// issue challenges").
TEST(Meaning, DuelsAndTheirResult) {
  auto r = read("Personality", "**Iaijutsu Battle:** This Personality challenges a target enemy Personality. Dishonor the duel's loser. Move him home.");
  ASSERT_TRUE(r->paragraph().unit) << r->paragraph().why;
  const Unit& u = r->unit();
  ASSERT_EQ(u.body.size(), 3u);
  const auto& d = std::get<Duel>(u.body[0]);
  EXPECT_EQ(d.challenger.kind, CardRef::Kind::ThisCard);
  EXPECT_EQ(d.challenged.kind, CardRef::Kind::Target);
  ASSERT_EQ(u.targets.size(), 1u);
  EXPECT_EQ(u.targets[0].filter.side, Side::Enemy);
  EXPECT_EQ(r->profile->verbs.at(static_cast<size_t>(d.verb)).name, "Challenge");
  EXPECT_TRUE(r->profile->verbs.at(static_cast<size_t>(d.verb)).refusable);
  const Effect& dishonor = std::get<Effect>(u.body[1]);
  EXPECT_EQ(dishonor.card->kind, CardRef::Kind::Duelist);
  EXPECT_TRUE(dishonor.card->loser);
  EXPECT_FALSE(dishonor.card->under_way);
  const Effect& home = std::get<Effect>(u.body[2]);  // "him": the loser, named last
  EXPECT_EQ(home.card->kind, CardRef::Kind::Duelist);
  EXPECT_TRUE(home.card->loser);
  EXPECT_TRUE(home.card->pronoun);
  EXPECT_EQ(r->paragraph().rendered,
            "Iaijutsu Battle: This Personality challenges target enemy Personality. Dishonor the duel's loser. Move him home.");

  // "him" after the verb names the target named before the sentence, never the challenger ("himself")
  auto him = read("Personality", "**Open:** Target another player's Personality. This Personality challenges him to a duel. If this Personality wins the duel, gain 2 Honor.");
  ASSERT_TRUE(him->paragraph().unit) << him->paragraph().why;
  const auto& hd = std::get<Duel>(him->unit().body.at(1));
  EXPECT_EQ(hd.challenged.kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(hd.challenged.target, 0);
  EXPECT_TRUE(hd.to_a_duel);
  const auto& won = std::get<Conditional>(him->unit().body.at(2)).condition;
  EXPECT_EQ(won.kind, Condition::Kind::DuelResult);
  EXPECT_FALSE(won.lost);
  EXPECT_EQ(won.card->kind, CardRef::Kind::ThisCard);
  auto lost = read("Personality", "**Battle:** This Personality challenges a target enemy Personality. If this Personality loses the duel, bow this Personality.");
  ASSERT_TRUE(lost->paragraph().unit) << lost->paragraph().why;
  EXPECT_TRUE(std::get<Conditional>(lost->unit().body.at(1)).condition.lost);

  // refused: a result of no duel, a second duel, the verb in the imperative
  expect_refused("Strategy", "**Battle:** Target an enemy Personality. Bow the loser.", "no duel the unit started");
  expect_refused("Strategy", "**Battle:** Target an enemy Personality. If he wins the duel, gain 1 Honor.", "names no duel");
  expect_refused("Strategy", "**Battle:** Your target Personality challenges a target enemy Personality. Your target Samurai challenges the winner.",
                 "a second duel");
  expect_refused("Strategy", "**Battle:** Your target Personality challenges a target enemy Personality. Bow its loser.", "nor of one ended");
}

// 003 Traits: "Focus Effect:" is a trigger of a trait during a duel, worded "As a Focus Effect: ..." or "As a Focus
// Effect, ...": the card focused is this one. "After this duel ends" is the boundary the profile declares ([boundary =
// duel end]), of the duel under way, whose winner and loser are known then ("its winner", "this duel's loser"), and
// "your Personality in it" your duelist (docs/meaning.md 27).
TEST(Meaning, FocusEffects) {
  auto colon = read("Strategy", "As a Focus Effect: Gain 1 Honor.");
  ASSERT_TRUE(colon->paragraph().unit) << colon->paragraph().why;
  const Unit& u = colon->unit();
  EXPECT_EQ(u.kind, meaning::UnitKind::Triggered);
  ASSERT_TRUE(u.trigger);
  EXPECT_TRUE(u.trigger->alone);
  EXPECT_TRUE(u.trigger->as_a);
  EXPECT_EQ(colon->profile->events.at(static_cast<size_t>(u.trigger->event)).text, "Focus Effect");
  EXPECT_EQ(u.trigger->card->kind, CardRef::Kind::ThisCard);
  EXPECT_EQ(colon->paragraph().rendered, "As a Focus Effect: Gain 1 Honor.");
  auto comma = read("Strategy", "As a Focus Effect, after this duel ends, bow its winner.");
  ASSERT_TRUE(comma->paragraph().unit) << comma->paragraph().why;
  const auto& later = std::get<Delayed>(comma->unit().body.at(0));
  EXPECT_TRUE(later.moment.boundary);
  EXPECT_EQ(comma->profile->events.at(static_cast<size_t>(later.moment.event)).boundary, "duel end");
  const CardRef& winner = *later.effects.at(0).card;
  EXPECT_EQ(winner.kind, CardRef::Kind::Duelist);
  EXPECT_TRUE(winner.under_way);
  EXPECT_FALSE(winner.loser);
  EXPECT_EQ(comma->paragraph().rendered, "As a Focus Effect, after this duel ends, bow its winner.");
  auto yours = read("Strategy", "As a Focus Effect: After this duel ends, give your Personality in it +3F.");
  ASSERT_TRUE(yours->paragraph().unit) << yours->paragraph().why;
  const CardRef& mine = *std::get<Delayed>(yours->unit().body.at(0)).effects.at(0).card;
  EXPECT_TRUE(mine.yours);
  EXPECT_TRUE(mine.under_way);

  // refused: "this duel" with no duel under way (no Focus Effect), another event after "this", a duelist "in it"
  // before the duel ended
  expect_refused("Strategy", "**Battle:** After this duel ends, gain 1 Honor.", "no duel under way");
  expect_refused("Strategy", "As a Focus Effect: After this turn ends, gain 1 Honor.", "");
  expect_refused("Strategy", "As a Focus Effect: Give your Personality in it +1F.", "a duelist of no duel under way");
  expect_refused("Strategy", "As a Focus Effect: Bow the winner.", "no duel the unit started");
}

// 004 Health, Resist: counters of a status on a unit taken off it, as many as printed or all of them ("Remove all
// Poison counters", damage counters among them), or all of one Status the controller chooses as it resolves (004
// Resist: "remove all counters of 1 type of Status from that unit").
TEST(Meaning, CountersRemoved) {
  auto r = read("Unit", "**Skill:** Remove all Poison counters from target unit. Remove 2 damage counters from it.", "gems");
  ASSERT_TRUE(r->paragraph().unit) << r->paragraph().why;
  const GameProfile& p = *r->profile;
  const Unit& u = r->unit();
  ASSERT_EQ(u.body.size(), 2u);
  const Effect& poison = std::get<Effect>(u.body[0]);
  EXPECT_EQ(poison.verb, Primitive::remove_);
  EXPECT_EQ(poison.status, r->id_of(p.statuses, "Poison"));
  EXPECT_FALSE(poison.amount);  // all of them
  EXPECT_FALSE(poison.any_status);
  EXPECT_EQ(poison.card->kind, CardRef::Kind::Target);
  const Effect& damage = std::get<Effect>(u.body[1]);
  EXPECT_EQ(damage.status, r->id_of(p.statuses, "Damage"));
  ASSERT_TRUE(damage.amount);
  EXPECT_EQ(damage.amount->value, 2);
  EXPECT_EQ(damage.card->kind, CardRef::Kind::Pronoun);
  EXPECT_TRUE(r->paragraph().round_trips);

  auto one = read("Unit", "**Skill:** Remove all counters of one Status from this unit.", "gems");
  ASSERT_TRUE(one->paragraph().unit) << one->paragraph().why;
  const Effect& chosen = std::get<Effect>(one->unit().body.at(0));
  EXPECT_TRUE(chosen.any_status);
  EXPECT_EQ(chosen.status, -1);
  EXPECT_FALSE(chosen.amount);
  EXPECT_EQ(chosen.card->kind, CardRef::Kind::ThisCard);

  // refused: counters of no status named, and a number of counters of a Status chosen (which the rules never word)
  for (const char* text : {"**Skill:** Remove all counters from target unit.", "**Skill:** Remove 2 counters of one Status from target unit."}) {
    auto no = read("Unit", text, "gems");
    EXPECT_FALSE(no->paragraph().unit) << text;
  }
}

// 004 Luck, Resist: "Roll for Luck:" before the effects rolls a D6 against a stat the profile marks [rolled], as the
// effects begin (no cost); each sentence after it is one outcome's ("if successful", "if unsuccessful").
TEST(Meaning, RollOutcomes) {
  auto r = read("Unit", "**Skill:** Roll for Luck: if successful, draw a card. If unsuccessful, deal 1 damage to this unit.", "gems");
  ASSERT_TRUE(r->paragraph().unit) << r->paragraph().why;
  const Unit& u = r->unit();
  EXPECT_EQ(u.roll, r->id_of(r->profile->stats, "Luck"));
  EXPECT_TRUE(u.costs.empty());  // the roll is no cost (004 Luck: rolled with the card's effect)
  ASSERT_EQ(u.body.size(), 2u);
  const auto& yes = std::get<Conditional>(u.body[0]);
  EXPECT_EQ(yes.condition.kind, Condition::Kind::RollResult);
  EXPECT_FALSE(yes.condition.lost);
  EXPECT_EQ(yes.effects.at(0).verb, Primitive::draw_);
  const auto& no = std::get<Conditional>(u.body[1]);
  EXPECT_EQ(no.condition.kind, Condition::Kind::RollResult);
  EXPECT_TRUE(no.condition.lost);
  EXPECT_EQ(no.effects.at(0).verb, Primitive::deal_);
  EXPECT_TRUE(r->paragraph().round_trips);

  // refused: an outcome of no roll, a sentence after a roll with no outcome (it would happen whatever the die says), a
  // stat no die is rolled for (004: Luck and Resist), a second roll
  const std::pair<const char*, const char*> refused[] = {
      {"**Skill:** If successful, draw a card.", "no roll"},
      {"**Skill:** Roll for Luck: draw a card.", "names no outcome"},
      {"**Skill:** Roll for Luck: if successful, draw a card. Gain 1 energy.", "names no outcome"},
      {"**Skill:** Roll for Health: if successful, draw a card.", "no die is rolled"},
      {"**Skill:** Roll for Luck: Roll for Resist: if successful, draw a card.", "a second roll"},
  };
  for (const auto& [text, why] : refused) {
    auto no_read = read("Unit", text, "gems");
    EXPECT_FALSE(no_read->paragraph().unit) << text;
    EXPECT_NE(no_read->paragraph().why.find(why), std::string::npos) << text << ": " << no_read->paragraph().why;
  }
}

// 002 521, 001 Turn: "When your next turn begins, ..." waits for the boundary the profile declares its turn's start
// to be, in the controller's next turn (not this one); an event that is no turn's boundary is refused.
TEST(Meaning, YourNextTurn) {
  auto r = read("Spell", "Target a creature. When your next turn begins, deal 2 wounds to it.", "heroes");
  ASSERT_TRUE(r->paragraph().unit) << r->paragraph().why;
  const auto& d = std::get<Delayed>(r->unit().body.at(1));
  EXPECT_TRUE(d.moment.boundary);
  EXPECT_TRUE(d.moment.your_next);
  EXPECT_EQ(r->profile->events.at(static_cast<size_t>(d.moment.event)).text, "turn begins");
  ASSERT_EQ(d.effects.size(), 1u);
  EXPECT_EQ(d.effects[0].verb, Primitive::deal_);
  EXPECT_EQ(d.effects[0].card->kind, CardRef::Kind::Pronoun);  // the target, named before the moment
  EXPECT_TRUE(r->paragraph().round_trips);

  // refused: heroes declares no boundary at a turn's end (its "until your next turn ends" is a duration)
  auto ends = read("Spell", "When your next turn ends, draw a card.", "heroes");
  EXPECT_FALSE(ends->paragraph().unit);
  EXPECT_NE(ends->paragraph().why.find("no turn's boundary"), std::string::npos) << ends->paragraph().why;
}

// "If ..., you win the game": the controller wins when the condition holds as it resolves; "you" before the effects
// says what the imperative says, its verb in the same person.
TEST(Meaning, YouWinTheGame) {
  auto r = read("Creature", "Before your turn ends: If you have 10 or more prayer tokens, you win the game.", "heroes");
  ASSERT_TRUE(r->paragraph().unit) << r->paragraph().why;
  const auto& k = std::get<Conditional>(r->unit().body.at(0));
  EXPECT_EQ(k.condition.kind, Condition::Kind::HowMany);
  EXPECT_TRUE(k.you);
  ASSERT_EQ(k.effects.size(), 1u);
  EXPECT_EQ(k.effects[0].verb, Primitive::win_);
  EXPECT_FALSE(k.effects[0].player);  // the controller
  EXPECT_TRUE(r->paragraph().round_trips);

  auto bare = read("Spell", "If you have 20 or more coins, win the game.", "heroes");
  ASSERT_TRUE(bare->paragraph().unit) << bare->paragraph().why;
  EXPECT_FALSE(std::get<Conditional>(bare->unit().body.at(0)).you);

  // refused: "you" with a verb of the third person
  auto wins = read("Spell", "If you have 20 or more coins, you wins the game.", "heroes");
  EXPECT_FALSE(wins->paragraph().unit);
  EXPECT_NE(wins->paragraph().why.find("person"), std::string::npos) << wins->paragraph().why;
}

// 003 Traits: restrictions on what the rules' procedures do to a card ("may not perform actions", "may not be assigned
// to attack", "abilities may not be used", "Card effects will not move", "does not contribute Force", "Battle resolution
// does not bow", "Ranged Attacks cannot target"), each "not" as printed; an effect's lasts to the end of the turn or as
// long as it says, a trait's while the trait holds (never for a span)
TEST(Meaning, ProcedureRestrictions) {
  auto act = read("Strategy", "**Open:** Target a Personality: He may not perform actions this turn.");
  ASSERT_TRUE(act->paragraph().unit) << act->text(act->paragraph().unread) << ": " << act->paragraph().why;
  const auto& a = std::get<Restriction>(act->unit().body.at(0));
  EXPECT_EQ(a.kind, Restriction::Kind::PerformActions);
  EXPECT_EQ(a.negation, Restriction::Negation::MayNot);
  EXPECT_EQ(a.card.kind, CardRef::Kind::Pronoun);
  EXPECT_EQ(a.span, Span::Turn);
  EXPECT_TRUE(act->paragraph().round_trips) << act->paragraph().rendered;

  auto used = read("Strategy", "**Battle:** Target a Holding: Its abilities may not be used until the end of the turn.");
  ASSERT_TRUE(used->paragraph().unit) << used->text(used->paragraph().unread) << ": " << used->paragraph().why;
  const auto& u = std::get<Restriction>(used->unit().body.at(0));
  EXPECT_EQ(u.kind, Restriction::Kind::UseAbilities);
  EXPECT_TRUE(u.duration);
  EXPECT_EQ(used->paragraph().rendered, "Battle: Target a Holding: Its abilities may not be used until the end of the turn.");

  auto moved = read("Item", "Card effects will not move this Personality.");
  ASSERT_TRUE(moved->paragraph().unit) << moved->text(moved->paragraph().unread) << ": " << moved->paragraph().why;
  EXPECT_EQ(std::get<Restriction>(moved->unit().body.at(0)).kind, Restriction::Kind::BeMoved);
  EXPECT_EQ(std::get<Restriction>(moved->unit().body.at(0)).card.kind, CardRef::Kind::Bearer);

  auto force = read("Personality", "This Personality does not contribute Force to his army during battle resolution while unbowed.");
  ASSERT_TRUE(force->paragraph().unit) << force->text(force->paragraph().unread) << ": " << force->paragraph().why;
  const auto& f = std::get<Restriction>(force->unit().body.at(0));
  EXPECT_EQ(f.kind, Restriction::Kind::ContributeForce);
  EXPECT_EQ(f.stat, force->id_of(force->profile->stats, "Force"));
  EXPECT_TRUE(f.army);
  ASSERT_TRUE(f.while_);
  EXPECT_EQ(f.while_->kind, Condition::Kind::CardIs);
  EXPECT_FALSE(f.while_->card);  // the card the trait describes
  ASSERT_TRUE(f.while_->state);
  EXPECT_FALSE(f.while_->state->holds);  // unbowed: the opposite of Bowed
  EXPECT_TRUE(force->paragraph().round_trips) << force->paragraph().rendered;

  auto ranged = read("Follower", "Melee and Ranged Attacks may not target cards in this unit.");
  ASSERT_TRUE(ranged->paragraph().unit) << ranged->text(ranged->paragraph().unread) << ": " << ranged->paragraph().why;
  const auto& t = std::get<Restriction>(ranged->unit().body.at(0));
  EXPECT_EQ(t.kind, Restriction::Kind::AttackTarget);
  EXPECT_EQ(t.actions.size(), 2u);
  ASSERT_TRUE(t.cards);
  EXPECT_TRUE(t.cards->plural);
  EXPECT_TRUE(ranged->paragraph().round_trips) << ranged->paragraph().rendered;

  auto bow = read("Personality", "Battle resolution does not bow cards in this unit.");
  ASSERT_TRUE(bow->paragraph().unit) << bow->text(bow->paragraph().unread) << ": " << bow->paragraph().why;
  EXPECT_EQ(std::get<Restriction>(bow->unit().body.at(0)).kind, Restriction::Kind::ResolutionBow);

  // a trait holds while it does: a span is an effect's
  expect_refused("Personality", "This Personality may not perform actions this turn.", "how long a trait's restriction lasts");
  // "does not" tells what the rules' procedures do; "will not" what a card is never given
  expect_refused("Personality", "This Personality does not perform actions.", "this 'not' with this restriction");
  expect_refused("Personality", "This Personality will not be assigned to attack.", "'will not' of what a card does");
  // one attack where all of a kind are meant, or one card of a set, is not this restriction
  EXPECT_FALSE(read("Follower", "Ranged Attack cannot target cards in this unit.")->paragraph().unit);
  expect_refused("Follower", "Ranged Attacks cannot target a card in this unit.", "a restriction of one card of a set");
  // a set restricted by an effect: not read yet
  expect_refused("Strategy", "**Battle:** Ranged Attacks cannot target cards in your army.", "a restriction of a set of cards in an effect");
  // his army is the restricted card's own
  EXPECT_FALSE(read("Strategy", "**Battle:** Target a Personality. This card does not contribute Force to his army.")->paragraph().unit);
}

// "Negate his next straightening": a restriction an effect makes on a card, the next one only when "next" says so,
// for the span printed (to the end of the turn when none is); never a trait's
TEST(Meaning, NegatedStraighteningAndMovement) {
  auto next = read("Strategy", "**Battle:** Target an enemy Personality: Bow him. Negate his next straightening this game.");
  ASSERT_TRUE(next->paragraph().unit) << next->text(next->paragraph().unread) << ": " << next->paragraph().why;
  const auto& n = std::get<Restriction>(next->unit().body.at(1));
  EXPECT_EQ(n.kind, Restriction::Kind::Straighten);
  EXPECT_EQ(n.negation, Restriction::Negation::Negate);
  EXPECT_TRUE(n.next);
  EXPECT_EQ(n.span, Span::Game);
  EXPECT_EQ(n.card.kind, CardRef::Kind::Pronoun);
  EXPECT_TRUE(next->paragraph().round_trips) << next->paragraph().rendered;

  auto move = read("Strategy", "**Battle:** Target an enemy Personality: Negate his movement.");
  ASSERT_TRUE(move->paragraph().unit) << move->text(move->paragraph().unread) << ": " << move->paragraph().why;
  const auto& m = std::get<Restriction>(move->unit().body.at(0));
  EXPECT_EQ(m.kind, Restriction::Kind::BeMoved);
  EXPECT_FALSE(m.next);
  EXPECT_EQ(m.span, Span::None);
  EXPECT_FALSE(m.duration);

  expect_refused("Personality", "Negate his movement.", "a negation in a trait");
  // a negation of what is no procedure of the rules
  EXPECT_FALSE(read("Strategy", "**Battle:** Target an enemy Personality: Negate his bowing.")->paragraph().unit);
}

// 003 Abilities C: "Bow Kojinrue or one of his Weapons": the cost is paid by this card or by one card of the set, the
// controller's choice as it is paid (not targeted: 001 Target); only bowing this card or one of its own
TEST(Meaning, CostPaidByThisCardOrOneOfASet) {
  auto r = read("Personality", "**Battle:** Bow Tomoko or one of her Spells, and target an enemy Follower: Destroy it.", "legends", "Moshi Tomoko");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& c = r->unit().costs.at(0);
  EXPECT_EQ(c.verb, Primitive::bow_);
  EXPECT_TRUE(c.either);
  ASSERT_TRUE(c.card);
  EXPECT_EQ(c.card->kind, CardRef::Kind::ThisCard);
  ASSERT_TRUE(c.cards);
  EXPECT_FALSE(c.cards->plural);
  EXPECT_EQ(c.cards->card_types, std::vector<ProfileId>{r->id_of(r->profile->card_types, "Spell")});
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  // all of them, another card's, or another verb: not this cost
  expect_refused("Personality", "**Battle:** Bow this card or all of his Spells: Draw a card.", "several cards paying a cost one card pays");
  expect_refused("Personality", "**Battle:** Destroy this card or one of his Spells: Draw a card.", "another card paying a cost other than bowing this one");
  expect_refused("Personality", "**Battle:** Bow your performing Samurai or one of his Weapons: Draw a card.", "another card paying a cost other than bowing this one");
}

// 001 Attach: "its Personality" on an attachment is the card it is attached to, "its" naming this card; on a card that
// attaches to none, or after "its" names another card, it names nothing. "all his attachments" is "all of his".
TEST(Meaning, ItsPersonalityAndAllHisAttachments) {
  auto r = read("Item", "After this Item enters play, straighten its Personality.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  ASSERT_TRUE(e.card);
  EXPECT_EQ(e.card->kind, CardRef::Kind::Bearer);
  EXPECT_TRUE(e.card->its);
  EXPECT_EQ(e.card->card_type, r->id_of(r->profile->card_types, "Personality"));
  EXPECT_EQ(r->paragraph().rendered, "After this Item enters play, straighten its Personality.");
  expect_refused("Holding", "After this Holding enters play, straighten its Personality.", "'its' names no card this one is attached to");
  expect_refused("Strategy", "**Battle:** Target a Follower. Bow its Personality.", "'its' names no card this one is attached to");

  auto all = read("Strategy", "**Battle:** Target an enemy Personality. Bow him or all his attachments.");
  ASSERT_TRUE(all->paragraph().unit) << all->text(all->paragraph().unread) << ": " << all->paragraph().why;
  const auto& k = std::get<Choice>(all->unit().body.at(1));
  ASSERT_TRUE(k.options.at(1).cards);
  EXPECT_TRUE(k.options[1].cards->plural);
  EXPECT_TRUE(k.options[1].cards->without_of);
  ASSERT_TRUE(k.options[1].cards->of);
  EXPECT_EQ(all->paragraph().rendered, "Battle: Target an enemy Personality. Bow him or all his attachments.");
  // "one his attachments" is no English
  EXPECT_FALSE(read("Strategy", "**Battle:** Target an enemy Personality. Bow one his attachments.")->paragraph().unit);
}

// 003 Focus Value: "Nikaru uses his printed Force as his duel stat", the stat this card's duels compare for it, a term
// of its definition; of another card, in an ability, or with a pronoun naming another card, refused
TEST(Meaning, DuelStat) {
  auto r = read("Personality", "Nikaru uses his printed Force as his duel stat.", "legends", "Hiruma Nikaru");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& d = std::get<DuelStat>(r->unit().body.at(0));
  EXPECT_EQ(d.card.kind, CardRef::Kind::ThisCard);
  EXPECT_EQ(d.stat, r->id_of(r->profile->stats, "Force"));
  EXPECT_TRUE(d.printed);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto current = read("Personality", "This Personality uses his Chi as his duel stat.");
  ASSERT_TRUE(current->paragraph().unit) << current->text(current->paragraph().unread) << ": " << current->paragraph().why;
  EXPECT_FALSE(std::get<DuelStat>(current->unit().body.at(0)).printed);
  expect_refused("Strategy", "**Battle:** Target a Personality. He uses his Chi as his duel stat.", "the duel stat of a card other than this one");
  expect_refused("Personality", "This Personality uses his Chi as its duel stat.", "a pronoun that names another card");
}

// "A target player gains or loses 2 Honor": one player (targeted once, 001 Target) does one of the two, the effect's
// controller choosing which; a verb that fits no resource effect, or the same verb twice, refused
TEST(Meaning, PlayerGainsOrLoses) {
  auto r = read("Strategy", "**Political Limited:** A target player gains or loses 2 Honor.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  ASSERT_EQ(r->unit().targets.size(), 1u);
  EXPECT_TRUE(r->unit().targets[0].player);
  const auto& k = std::get<Choice>(r->unit().body.at(0));
  ASSERT_EQ(k.options.size(), 2u);
  EXPECT_EQ(k.options[0].verb, Primitive::gain_);
  EXPECT_EQ(k.options[1].verb, Primitive::lose_);
  for (const Effect& e : k.options) {
    ASSERT_TRUE(e.player);
    EXPECT_EQ(e.player->kind, PlayerRef::Kind::Target);
    EXPECT_EQ(e.player->target, 0);
    EXPECT_EQ(e.amount->value, 2);
  }
  EXPECT_EQ(r->paragraph().rendered, "Political Limited: A target player gains or loses 2 Honor.");
  auto each = read("Strategy", "**Open:** Each player gains or loses 1 Honor.");
  ASSERT_TRUE(each->paragraph().unit) << each->text(each->paragraph().unread) << ": " << each->paragraph().why;
  EXPECT_TRUE(each->paragraph().round_trips) << each->paragraph().rendered;
  expect_refused("Strategy", "**Open:** A target player loses or loses 1 Honor.", "the same verb on both sides of 'or'");
  expect_refused("Strategy", "**Open:** A target player gains or draws 1 card.", "a verb that does not fit the effect after 'or'");
}

// 003 Created cards: the created card's keywords side by side ("a 0F/2C/0PH Ninja Scorpion Clan Personality") as with
// bullets or commas between them; joined two ways, refused
TEST(Meaning, CreatedCardKeywordsSideBySide) {
  auto r = read("Strategy", "**Battle:** Create a 1F/1C/0PH Ninja Scorpion Clan Personality.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const Effect& e = std::get<Effect>(r->unit().body.at(0));
  EXPECT_TRUE(e.side_by_side);
  EXPECT_EQ(e.cards->keywords, (std::vector<ProfileId>{r->id_of(r->profile->keywords, "Ninja"), r->id_of(r->profile->keywords, "Scorpion Clan")}));
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  auto bullets = read("Strategy", "**Battle:** Create a 1F/1C/0PH Ninja • Scorpion Clan Personality.");
  ASSERT_TRUE(bullets->paragraph().unit);
  EXPECT_FALSE(std::get<Effect>(bullets->unit().body.at(0)).side_by_side);
  expect_refused("Strategy", "**Battle:** Create a 1F/1C/0PH Ninja • Scorpion Clan Samurai Personality.", "keywords of a created card joined two ways");
}

// "the enemy Personality": of the unit's targets of that noun, the one of that side (001 Enemy); with none of that side
// the words name no target
TEST(Meaning, TheTargetNamedByItsSide) {
  auto r = read("Personality", "**Battle:** Target an enemy Personality: Bow him. You may target and straighten a Personality. If the enemy Personality is Shadowlands, gain 2 Honor.");
  ASSERT_TRUE(r->paragraph().unit) << r->text(r->paragraph().unread) << ": " << r->paragraph().why;
  const auto& k = std::get<Conditional>(r->unit().body.back());
  ASSERT_TRUE(k.condition.card);
  EXPECT_EQ(k.condition.card->kind, CardRef::Kind::TheTarget);
  EXPECT_EQ(k.condition.card->target, 0);
  EXPECT_EQ(k.condition.card->side_named, CardRef::SideNamed::Enemy);
  EXPECT_TRUE(r->paragraph().round_trips) << r->paragraph().rendered;
  expect_refused("Personality", "**Battle:** Target a Personality: Bow him. If the enemy Personality is Shadowlands, gain 2 Honor.", "'the' with a noun no target has");
}

}  // namespace cardc
