#pragma once
// The meaning of card text: what a trait or ability says, in game terms (003 Traits, Abilities; 001 Target, This).
// Built by a language's wording reader (compiler/parse/wording_reader.h over compiler/wording's tokens), printed by
// `cardc check --emit=meaning` (dump.h), spelled back by a language's renderer (compiler/wording/render.h).
// No words of any language live here: vocabulary is by profile id (an index into the GameProfile's tables), verbs by
// primitive (profile/primitives.def), and every node keeps the source range it was read from.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "base/source_manager.h"
#include "meaning/boxed.h"
#include "meaning/primitive.h"

namespace cardc::meaning {

// An index into one of the GameProfile's tables (card_types, stats, resources, keywords, events, durations,
// designators); -1: none.
using ProfileId = int32_t;

// 001 This, 003 Traits: a reference to a card.
struct CardRef {
  enum class Kind : uint8_t {
    ThisCard,     // "this card", "this Personality" on that Personality
    Bearer,       // "this Personality" on an attachment: the card it is attached to (001 This)
    ThisKeyword,  // "this Shugenja": the card (or its bearer) only while it has the keyword (001 This)
    Target,       // a target of the unit ("target Personality" where the effect declares it)
    Pronoun,      // he, him, it ...: its antecedent, a target of the unit or its performer
    Performer,    // "your performing Monk": the card performing the action (Unit::performer); named again by its
                  // noun ("your Monk"): that noun in card_type or keyword
    TheTarget,    // "the target": the unit's one target; "the Personality": its one target of that noun (card_type or
                  // keyword)
    Discarded,    // "the card": the card the unit's effect before it discarded ("Discard a card to give him a Force
                  // bonus equal to the card's Focus Value")
    Created,      // "it" after "Create a 1F Ashigaru Follower": the card the unit's effect before it created (003
                  // Created cards)
    Duelist,      // "the winner", "the duel's loser": a duelist of the duel the unit's effect started, by its result
                  // (`loser`; none after a tie or a refused challenge), or (`under_way`) of the duel under way as a
                  // Focus Effect's moment comes ("After this duel ends, bow its winner"); `yours`: your duelist in
                  // it, whatever the result ("your Personality in it", its card type in `card_type`) (docs/meaning.md 27)
  };
  Kind kind = Kind::ThisCard;
  ProfileId card_type = -1;  // ThisCard, Bearer: the card type the words name (-1: "this card")
  ProfileId keyword = -1;    // ThisKeyword; ThisCard: the keyword it is named by, printed on it ("this Terrain")
  int target = -1;           // Target, Pronoun, TheTarget: the index of the unit's targeting it names (Pronoun: -1
                             // names the unit's performer, -2 the card named before by its own name; TheTarget: -1
                             // the card a keyword action is choosing, in its strength's condition)
  bool person = false;       // Pronoun: it names a person ("he"); decides agreement only where the antecedent's card
                             // types do not ("your target Samurai ... him")
  std::string name;          // ThisCard named by its own name: the words printed ("Akagi" on "Bayushi Akagi")
  bool unit = false;         // the card's unit: it and every card attached to it (001 This: "this unit"; "his unit")
  bool unit_itself = false;  // unit: a targeted unit named as such ("a target enemy unit", "it" after it, "the
                             // target"), its card the one heading it; printed as any reference to that target
  bool plural = false;       // Pronoun, TheTarget: every card of a targeting of several ("them", "each target")
  // TheTarget printed "the enemy Personality", "the opposing Personality": the one target of that noun and side
  enum class SideNamed : uint8_t { None, Enemy, Opposing };
  SideNamed side_named = SideNamed::None;
  bool its = false;          // Bearer printed "its Personality", "its" naming this card (001 Attach)
  bool pronoun = false;      // ThisCard, Bearer, ThisKeyword named again by a pronoun ("Bow this Shugenja unless he is
                             // Void": he is this Shugenja, 001 This); `person` as printed
  bool loser = false;        // Duelist: the loser, not the winner; named again by a pronoun (`pronoun`, `person`)
  bool under_way = false;    // Duelist: of the duel under way, not of one the unit started
  bool yours = false;        // Duelist: your duelist ("your Personality in it")
  // Duelist, how it was printed (the same meaning whichever): "the loser", "the duel's loser", "this duel's loser", "its
  // loser"; "your Personality in it", "... in this duel"
  enum class DuelForm : uint8_t { The, TheDuels, ThisDuels, Its, InIt, InThisDuel };
  DuelForm duel_form = DuelForm::The;
  SourceRange range;
};

struct CardFilter;
struct AmountIf;
struct Condition;

// Who does what a verb says: you (an imperative: "Gain 2 Honor"), or the controller of a card ("His controller loses
// 1 Honor").
struct PlayerRef {
  enum class Kind : uint8_t { You, ControllerOf, Each, Target };
  Kind kind = Kind::You;
  Boxed<CardRef> of;  // ControllerOf
  int target = -1;    // Target: the unit's targeting of a player ("A target player loses 1 Honor")
  bool other = false;         // Each: every player but you ("each other player")
  bool all = false;           // Each: printed "all players" (the same meaning as "each player")
  SourceRange range;
  // Each: a relative clause, only the players it holds of, each judged as "you" ("each player who does not control an
  // Ancestor Personality": a YouControl condition, negated; docs/meaning.md 23)
  std::shared_ptr<const Condition> who;
};

// 000 7: a number the text gives. Integers only (7.1); X is the card's one X (7.4); a card's stat, its value as the
// effect resolves (7.2: "a Force penalty equal to his Chi"); how many cards of a set there are as it resolves (7.4:
// "the number of beasts you rule").
struct Amount {
  enum class Kind : uint8_t { Constant, X, StatOf, CountOf };
  Kind kind = Kind::Constant;
  int64_t value = 0;  // Constant
  Boxed<CardRef> of;  // StatOf: whose stat
  ProfileId stat = -1;        // StatOf
  bool own = false;           // StatOf: printed "his own Chi" (the same meaning)
  bool base = false;          // StatOf: its base value, printed on the card (003 Stats: "his base Personal Honor")
  bool printed = false;       // base, printed "printed" ("his printed Force": the same meaning)
  bool negated = false;       // StatOf: its opposite ("a Force penalty equal to ...")
  int64_t minus = 0;          // StatOf: that much less ("his Force minus 1"), never below zero (000 7.2)
  std::shared_ptr<const CardFilter> cards;  // CountOf: the set counted, `value` for each of its cards ("1 Honor for
                                            // each Samurai you control"; 1 for "the number of ...")
  std::shared_ptr<const AmountIf> or_if;    // ", or 3 Gold if ...": another amount, used instead while a condition holds
  SourceRange range;
};

// Whose cards a set holds, as the rules define the words (001 Enemy, Opposing; a Terrain is neither, 001 Terrain).
enum class Side : uint8_t {
  Any,
  Yours,     // cards you control
  Opposing,  // 001 Opposing: cards opposing yours in a battle
  Enemy,     // 001 Enemy: cards on the other side
  AnotherPlayers,  // "another player's": cards a player other than you controls (a Terrain too: not a side)
};

// "with 2 Chi or less": a stat compared with an amount; "with lower Chi than this Shugenja": with another card's stat
// (its current value, 000 7.2), the same stat when the words name none.
struct StatBound {
  enum class Compare : uint8_t { AtMost, AtLeast, Below, Above, Exactly, Differs };  // Differs: "different from"
  // how the words put it (one meaning, several spellings; the renderer keeps it): "with 2 Chi or less" (Trailing),
  // "with 4 or lower Force" (Leading), "with lower Chi than ..." (Before), "with Chi lower than ..." (After); in a
  // condition, "his Force is 0" (Trailing) or "he has 0 Force" (Has)
  enum class Form : uint8_t { Trailing, Leading, Before, After, Has };
  ProfileId stat = -1;
  Amount value;  // Constant, X, or StatOf
  Compare compare = Compare::AtMost;
  Form form = Form::Trailing;
  bool equal_first = false;  // "equal to or lower than", "equal or lower" (not "lower than or equal to")
  bool same_stat = false;    // StatOf with the stat unsaid: "than this Personality", "than Fushiki's" (possessive)
  bool possessive = false;
  bool base = false;     // the card's base value of the stat, printed on it (003 Stats: "with 7 or more base Force")
  bool printed = false;  // base, printed "printed" (the same meaning)
  bool implied = false;  // Before, with "than ..." unsaid: "with lower Force" compares with the card performing the
                         // action (its StatOf names it: this card, its bearer, or the chosen performer)
  SourceRange range;
  // A relative clause (docs/meaning.md 23): "whose Force is 7 or higher" says what "with 7 or higher Force" says; its
  // form Leading ("is 7 or higher", "is 0": Exactly) or After ("is less than or equal to this Shugenja's Chi")
  bool whose = false;
  bool now = false;       // whose, printed "is now 0" (judged as the set is anyway)
  bool total = false;     // the total Force of the card's unit (003 Stats: its unbowed cards' Force totaled): "whose
                          // unit's total Force"; compared with a unit ("than this unit"), that unit's total
  bool unit_has = false;  // total, printed "whose unit has lower total Force than this unit" (form Before)
  bool own = false;       // whose: the value is a stat of the card itself, named by a pronoun ("whose Force is different
                          // from his base Force"); `value.of` is that pronoun, for its spelling only
};

// "unbowed", "dishonored": one of the profile's card states holds, or does not (its opposite).
struct StateTest {
  ProfileId state = -1;
  bool holds = true;
  SourceRange range;
};

// "without attachments", "without Followers", "without a Weapon or Armor": whether cards of a kind are attached to
// the card (001 Attach).
struct AttachedTest {
  std::vector<ProfileId> card_types;  // attached cards of one of these types ...
  std::vector<ProfileId> keywords;    // ... or with one of these keywords (neither: any attachment)
  bool plural = false;                // printed "Followers", not "a Follower" (the same meaning)
  bool none = true;                   // "without": no such card is attached
  bool no_word = false;               // printed "with no Followers" (the same meaning as "without")
  // "a Gaijin or Peasant Weapon": the attached card has one of these keywords as well as one of `keywords`
  // (docs/meaning.md 25)
  std::vector<ProfileId> choice;
  SourceRange range;
};

// Where a card is or goes (001 Battlefields: a card at no battlefield is home; the current battlefield is where the
// battle is resolved).
struct Place {
  enum class Kind : uint8_t {
    Home,
    CurrentBattlefield,
    AnyBattlefield,      // at a battlefield, not home
    AnotherBattlefield,  // at a battlefield other than the current one
  };
  Kind kind = Kind::Home;
  SourceRange range;
  bool this_battlefield = false;  // CurrentBattlefield printed "this battlefield" (001: it refers to the current one)
  bool there = false;  // printed "there": the place the unit named before ("If any enemy units are at the current
                       // battlefield: Move him there")
};

// The zones a card of a set is in, by profile id: "in your discard pile", "in your hand or discard pile" (one of
// them), "in play" (the game's zone in play: where a set's cards are anyway); printed "from" ("Discard a Kiho from
// your hand") says the same.
struct ZoneTest {
  std::vector<ProfileId> zones;
  bool yours = false;  // "your": the controller's own zones (a card out of play is its owner's)
  bool from = false;   // printed "from", not "in" (the same meaning)
  SourceRange range;
};

// Where a card stands in the battle (001 Battlefields; 003 Stats example: the attacking cards are the attacking
// player's, the player whose turn it is): "attacking", "defending", "opposed" (at the current battlefield with cards
// of the other side there).
enum class BattleRole : uint8_t { Attacking, Defending, Opposed };

// 003 Stats: an army is a side's units at a battlefield (a unit is a person and the cards attached to him; 001 Terrain:
// a Terrain is in no side or army). "your army" and "the enemy army" are at the current battlefield, the battle's;
// "this army", "his army", "Yoritomo's army" are the side of that card where it is (none while it is home); compared
// with another army ("her army has fewer units than the enemy army"), the enemy army is the other side where that one is.
struct Army {
  enum class Kind : uint8_t { Yours, Enemy, OfCard };
  Kind kind = Kind::Yours;
  Boxed<CardRef> of;      // OfCard
  bool current = false;   // Yours printed "your current army" (the same meaning)
  bool opposing = false;  // Enemy printed "the opposing army" (the same meaning)
  bool this_word = false; // OfCard printed "this army" (this card's: 001 This)
  bool defending = false; // Yours: "your defending army", only while you defend (the player whose turn it is not: 003
                          // Stats example)
  SourceRange range;
};

// A set of cards a noun phrase describes: "an opposing Personality", "Your Samurai Personalities",
// "Other units you control".
struct CardFilter {
  std::vector<ProfileId> card_types;  // the card is one of these (empty: any card)
  bool attachment = false;            // "attachment": a card attached to another (or, out of play, of a type that
                                      // attaches: "a target attachment in your hand"); card_types then empty
  std::vector<StateTest> states;      // and in these states
  std::vector<ProfileId> descriptions;  // and these descriptions of the profile hold ("dishonorable": 003 Personal
                                        // Honor, a Personality with at most 0 Personal Honor)
  std::vector<ProfileId> keywords;    // the card has all of these (003 Keywords)
  std::vector<ProfileId> any_keywords;  // and one of these ("a Nonhuman or Shadowlands Personality")
  std::vector<ProfileId> no_keywords;   // and none of these ("a non-Unique Follower", 003 Keywords)
  std::vector<ProfileId> not_types;     // and of none of these card types ("a non-Ring card")
  Side side = Side::Any;
  bool other = false;   // not this card (001 This: nor the card it is attached to)
  bool plural = false;  // names every such card, not one
  bool singular_spelling = false;  // plural, its last keyword printed as in the singular ("Your Earth Shugenja have")
  bool units = false;  // named as units ("any enemy units"; 001 This: a card and the cards attached to it): a unit is
                       // where its cards are, on their side, so with no other words the set of its cards says the same.
                       // One unit ("a target enemy unit"): the card heading it (a person attached to none), whose
                       // side and place in the battle are the unit's
  bool types_and = false;     // plural, its card types joined by "and" ("Personalities and Followers"): every card
                              // of each, the same set as "or"
  bool keywords_and = false;  // plural, its keyword choice joined by "and" ("Fudo and Fallen Personalities")
  // its keyword choice printed as a list ("Daimyo, Duelist, or Kensai"; the same meaning as "Daimyo or Duelist or
  // Kensai"), with a comma before "or" (`keywords_serial`) or not
  bool keywords_listed = false;
  bool keywords_serial = false;
  std::vector<StatBound> stats;
  std::vector<AttachedTest> attached;
  std::vector<BattleRole> roles;      // and in these places in the battle ("an attacking Personality")
  std::optional<Place> at;            // and there ("at the current battlefield", "at home")
  Boxed<ZoneTest> in;         // and in one of these zones ("in your discard pile"; none: in play)
  Boxed<CardRef> of;          // and attached to that card ("one of his Weapons", "each of Higaru's Swords")
  Boxed<CardRef> in_unit;     // and in that unit ("in this unit", "in his unit": a CardRef with `unit`)
  bool partitive = false;             // printed "one of your Personalities", "each of his ..." (a plural after "of":
                                      // the same meaning as "a Personality you control", "each ...")
  bool without_of = false;            // partitive printed "all his attachments" (the same as "all of his")
  std::vector<CardFilter> alternatives;  // or a card of one of these ("an Air Shugenja or a Holding": whole noun
                                         // phrases, each with its own words; none of them has alternatives)
  Boxed<Army> army;           // and in that army ("in your army", "in the enemy army", "in this army")
  SourceRange range;
  // and a relative clause (docs/meaning.md 23): it has a token of each of these statuses the profile marks [token]
  // ("a Personality who has a Madness token", 001 Token); printed with "who" (of persons) or "that"
  std::vector<ProfileId> has_tokens;
  bool who = false;
};

// 001 Target: how many cards one targeting takes, printed before its noun: "one or two" (OrN), "one or more" (OrMore:
// no bound), "up to two" (UpTo: from none), "two" (Exactly). Every card it takes is the target; what names it names
// them all ("Bow them", "each target's Force").
struct TargetCount {
  enum class Form : uint8_t { OrN, OrMore, UpTo, Exactly };
  Form form = Form::OrN;
  int64_t min = 1;
  int64_t max = 1;  // -1: no bound (OrMore)
  SourceRange range;
};

// 001 Target: a targeting procedure. Its index in the unit is what references to the target name.
struct Targeting {
  CardFilter filter;
  std::optional<TargetCount> count;  // several cards ("Target one or two Samurai"); none: one card
  bool several() const { return count && count->max != 1; }
  bool inline_ = false;         // "Straighten target Personality": declared where the effect names it
  bool in_constraints = false;  // "Target a Personality: ...": declared before the costs are paid
  bool verb_after = false;      // inline, worded "target and bow an enemy Personality" ("bow target enemy Personality")
  bool performing = false;      // "Target your performing Courtier": the target is a card that may perform the action
                                // (001 Tactician): the card itself or its bearer, else one present at the battle
  bool anywhere = false;        // performing, "at any location": a Battle action's performer need not be at the battle
  bool player = false;          // a player, any, not a card ("A target player loses 1 Honor": 001 Target designates
                                // cards or other game entities such as a player); its filter unused, declared inline
  SourceRange range;
};

// The card performing an action no card prints as its own (001 Tactician: an action is performed by a card, or by
// none), one of yours the text describes, chosen as the action is announced: "your performing unbowed Monk".
struct Performer {
  CardFilter filter;      // its side is always yours
  bool anywhere = false;  // "at any location": a Battle action's performer need not be at the current battlefield
  bool named_by_this = false;  // "this Shugenja" on an action card names it (001 This) rather than "your performing"
  SourceRange range;
};

// 003 Stats: a change to one stat ("+2F", "ATK -3").
struct StatChange {
  ProfileId stat = -1;
  Amount delta;  // signed; for another operation than Add, its operand (the factor, the divisor, the value set)
  SourceRange range;
  // 002 523: what the change does to the stat; a division rounds down unless the text says up ("Halve its ATK,
  // rounded up"). Only a sentence of its own gives another operation than Add ("Double its ATK", "Its ATK is divided
  // by 2": wording_reader's stat_operation).
  enum class Op : uint8_t { Add, Multiply, Divide, Set };
  Op op = Op::Add;
  bool round_up = false;
  // How an operation was printed, for the rendering (the same meaning whichever): by a verb ("Double", "Halve",
  // "Divide ... by 3", "Reduce ... by half" or "to half", "Set ... to 4") or said of the stat ("is doubled", "is
  // multiplied by 3", "is halved", "is divided by 3", "is set to 4"); the stat before its card ("the ATK of target
  // creature"); the rounding printed (", rounded down" means what nothing means).
  enum class Form : uint8_t { Modifier, Double, Halve, Divide, ReduceByHalf, ReduceToHalf, Set, IsDoubled, IsMultiplied,
                              IsHalved, IsDivided, IsSet };
  Form form = Form::Modifier;
  bool stat_first = false;
  bool rounding_printed = false, rounding_comma = false;
  bool by_verb() const { return form >= Form::Double && form <= Form::Set; }
};

// How long an effect lasts: one of the profile's durations ("until the battle ends"), or for good (003 Stats:
// "Permanently give").
struct Duration {
  ProfileId duration = -1;
  bool permanent = false;
  SourceRange range;
};

// One thing "Give" gives a card (003 Stats, Keywords): a stat change or a keyword.
// 001 Token: markers of a kind placed on the card ("two +1F tokens", "a -1F/-1C Poison token", "a Madness token"); their
// stats are bonuses (or penalties) from the card that created them, so they stay when it leaves play.
struct TokenGift {
  int64_t count = 1;
  std::vector<StatChange> changes;  // "+1F/+1C": each token's
  ProfileId kind = -1;              // the profile's status marked [token] ("Poison token"; "token": its unnamed one)
  SourceRange range;
};

struct Unit;

struct Gift {
  std::optional<StatChange> change;
  ProfileId keyword = -1;
  SourceRange range;
  // "+2F or -2F", "a Force bonus or penalty equal to his Chi", "+2 or -2 strength": the controller chooses `change` or
  // this one as the effect resolves (at most one gift of an effect)
  Boxed<StatChange> or_else;
  Boxed<TokenGift> tokens;  // or tokens ("two +1F tokens"): the only gift of its effect
  // or a trait or ability granted (003 Embedded text: "the ability, "Battle: ..."", "the trait "...""): a unit of its
  // own, whose "this Personality" and pronouns are the card that has it; "ability" or "trait" as its kind says
  Boxed<Unit> granted;
  ProfileId holder = -1;  // granted: the card type of the card given it, when the words name one (-1: unknown)
};

struct StrengthBonus;
struct Condition;

// 001 This, Target; 003 Stats: a province, a game object with a strength, named by the profile's zone of provinces.
struct ProvinceRef {
  enum class Kind : uint8_t {
    This,        // "this Province": the one the card is in, else the current battlefield's (001 This)
    Current,     // "the current Province", "the current battlefield's province", "this battlefield's province"
    OfCard,      // "its Province": the province of the battlefield that card is at (none when it is home)
    OneOfYours,  // "one of your Provinces": one you choose as the effect resolves, not targeted (001 Target)
    Left,        // "the Province": the one the unit's trigger says the card left ("... enters play from a Province")
  };
  Kind kind = Kind::This;
  ProfileId zone = -1;        // the zone of provinces, as printed
  bool battlefield = false;   // Current, printed by its battlefield ("the current battlefield's province")
  bool this_battlefield = false;  // ... as "this battlefield's province"
  Boxed<CardRef> of;  // OfCard
  SourceRange range;
};

// 003 Gold Cost: a change to what is paid for a card: an amount less (or more) of the resource its cost is paid in
// ("2 less Gold", "1 more Gold", "1 less Gold for each Geisha you control").
struct CostChange {
  Amount amount;       // Constant, or CountOf (so much for each card of a set)
  bool more = false;   // "more": the cost rises
  ProfileId resource = -1;
  SourceRange range;
};

// What is paid as an effect brings a card into play ("Attach it to him, paying all costs"): its costs, or less
// ("paying 2 less Gold"), never below a minimum ("to a minimum of 1"); never below zero anyway (000 7.2).
struct Payment {
  std::optional<CostChange> change;  // none: all costs
  std::optional<Amount> minimum;
  SourceRange range;
};

// The top cards of a deck (a zone of the profile), in the order they lie: "the top card of your Fate deck", "the top 3
// cards of any Fate deck" (whose, the controller chooses as the effect resolves: no target, 001 Target), "a number of
// cards on the top of your Fate deck equal to his Chi" (as many as the stat is then, 000 7.2). Fewer if the deck holds
// fewer (002 520: as many as there are).
struct DeckTop {
  Amount count;  // Constant, or StatOf ("a number of cards ... equal to his Chi")
  ProfileId zone = -1;
  enum class Whose : uint8_t { Yours, Any, OneOfYours };  // OneOfYours: "one of your decks", a zone of yours the
                                                         // controller chooses among those the profile marks `deck`
  Whose whose = Whose::Yours;
  bool whose_a = false;      // Any, printed "a Fate deck" (the same meaning)
  bool number_of = false;    // printed "a number of cards on top of ... equal to"
  bool on_the_top = false;   // number_of, printed "on the top" (the same meaning as "on top")
  bool named = false;        // one card discarded that "the card" names after it ("the card's Focus Value")
  SourceRange range;
};
// Cards of the unit's latest look ("Look at the top three cards ...", or the card a search found), chosen among, never
// targeted: all of
// them ("them", "it"), some the controller chooses among them ("one", "one of them", "one or two of these cards"), or
// those not chosen yet ("the rest", "the remaining cards", "the other three").
struct LookedCards {
  enum class Which : uint8_t { All, Some, Rest };
  Which which = Which::All;
  int64_t min = 1, max = 1;  // Some: how many the controller chooses
  int64_t other = -1;        // Rest printed "the other three": how many that is (-1: not printed)
  // how it was printed (the same meaning whichever): "them" / "it"; "one of them" / "one or two of these cards";
  // "the rest" / "the remaining cards" / "the other three [cards]"
  enum class Form : uint8_t { Them, It, Bare, OfThem, OfTheseCards, TheRest, TheRemainingCards, TheOther };
  Form form = Form::Them;
  bool cards_word = false;  // TheOther, printed "cards" after the number
  SourceRange range;
};
// Where cards looked at go (001: an ordered zone has a top and a bottom): back where they were, into a zone of yours
// ("in your hand"), or on the top or bottom of a deck: yours, or the one they are in ("at the bottom", "of the deck");
// several in the order the controller chooses ("in any order").
struct LookedPlace {
  enum class Kind : uint8_t { Back, Zone, Top, Bottom };
  Kind kind = Kind::Back;
  ProfileId zone = -1;      // Zone; Top, Bottom: the deck named (-1, or `of_the`: the one they are in)
  bool yours = false;       // the zone printed "your"
  bool any_order = false;   // "in any order": the controller orders them
  bool into = false, at = false, the = false, of_the = false;  // printed "into", "at", "the bottom", "of the deck"
  SourceRange range;
};
// An effect verb frame: one primitive with its roles. Which roles a primitive takes is the grammar's and the
// lowering's business; a role a frame does not fill stays empty.
struct Effect {
  Primitive verb = Primitive::gain_;
  Boxed<PlayerRef> player;  // who does it, when the sentence names a player ("His controller loses 1 Honor")
  std::optional<CardRef> card;  // the card it acts on ("Bow this Personality")
  std::optional<StateTest> state;  // set_state: the profile state its verb puts the card in ("Dishonor him"), or takes
                                   // it out of (holds false: the state's undo verb, "Rehonor him")
  Boxed<CardFilter> cards;  // or every card of a set ("Give each Nonhuman Personality +1F"); discard: the
                                    // one card of your hand it discards ("Discard a Kiho")
  std::optional<Amount> amount;  // how many ("Gain 2 Honor", "Draw a card")
  ProfileId resource = -1;       // "Honor", "coins"; take action / discard: a unique resource taken or given up
                                 // ("Take the Imperial Favor", "Discard the Imperial Favor")
  ProfileId action = -1;         // a keyword action ("Ranged 3 Attack", "Fear 2"): verb is what it does to its one
                                 // target, amount its strength (the profile's declaration says the rest)
  std::vector<StrengthBonus> bonuses;  // a keyword action's: more strength while a condition holds
  ProfileId status = -1;         // deal: the counters dealt ("wounds")
  ProfileId keyword = -1;        // remove: the keyword taken away ("Remove Ninja from Hurunayi"); none, and no
                                 // `status` nor `any_status`: the card goes out of the game ("Remove this Spell from the
                                 // game", the profile's zone of that role)
  // remove: counters of `status` taken off `card`, `amount` of them (none: all of them, "Remove all Poison counters
  // from target unit"); or of one status the controller chooses as it resolves, all of its counters (`any_status`:
  // "Remove all counters of one Status from target unit"; 004 Status)
  bool any_status = false;
  bool counters_word = false;    // remove: "counter(s)" printed after the status's name ("Poison counters")
  ProfileId ignoring = -1;       // deal: the stat the damage ignores ("ignoring Resist"; 004 Resist: only Resist)
  ProfileId stat = -1;           // increase, reduce: the card's stat changed by `amount` ("Reduce his Force by 2");
                                 // switch: the first of the two stats that trade values
  ProfileId other_stat = -1;     // switch: the second ("Switch his Force and Chi"), of `other_card` when it is set
  Boxed<CardRef> other_card;     // move: a second card moved as well ("Move home this unit and a target enemy unit");
                                 // switch: a second card whose same stat trades with the first's ("Switch the
                                 // target's and this Follower's Force")
  SourceRange ignoring_range;    // the words "ignoring Resist"
  bool side_by_side = false;     // create: its keywords printed with no bullet or comma between them ("a 0F/2C/0PH
                                 // Ninja Scorpion Clan Personality"; the same meaning)
  std::vector<StatChange> base;  // create: the created card's printed stats ("2F/2C/3PH"), each from zero; the card's
                                 // type and keywords are in `cards`, how many in `amount`, where in `to`
  std::vector<ProfileId> designators;  // take action, no resource: an additional action, of one of these designators
                                       // (none: any action; "Take an additional Battle action")
  std::vector<Gift> gifts;       // give: what the card gets, in the order printed
  std::optional<Duration> duration;
  std::optional<Place> to;  // move: where the card goes (home, the current battlefield)
  Boxed<CardRef> opposing;  // move: to oppose this card, at the battlefield where it is ("Move Ibara to oppose it";
                            // 001 Battlefields: a side's units oppose the other side's there)
  ProfileId opposing_verb = -1;  // the profile's verb printed for it (of the assign primitive: "oppose")
  // put: the zone the card goes to ("into play"), and whose: its owner's ("into its owner's hand") or yours ("into
  // your hand")
  ProfileId zone = -1;
  enum class ZoneOf : uint8_t { Game, Owners, Yours };
  ZoneOf zone_of = ZoneOf::Game;
  bool place_first = false; // the place printed before the card ("Move home a target Personality")
  bool optional = false;  // "You may ...": the controller chooses whether it happens
  bool either = false;    // a cost paid by `card` or by one of `cards`, the controller's choice as it is paid ("Bow
                          // Kojinrue or one of his Weapons")
  // give, increase, reduce, destroy: the province it acts on instead of a card ("Give this Province +3 strength",
  // "Destroy one of your Provinces"); give: its strength change in `gifts` (the stat the profile gives the role
  // province strength), increase / reduce: by `amount`
  Boxed<ProvinceRef> province;
  ProfileId refill = -1;  // put: the verb that refills a province (the profile's [refills]), the province in `province`,
                          // face-up when `state` says the profile's Face-down does not hold
  // produce: Gold that pays for one card of a set only ("Produce 2 Gold, which can only pay for a single Armor, Mine, or
  // Weapon"; 003 Gold Cost), and how that was printed (the same meaning whichever)
  Boxed<CardFilter> earmark;
  struct EarmarkSpelling {
    bool comma = false, which = false, may = false, one = false;
  } earmark_spelling;
  Boxed<CardRef> host;     // attach: the card it is attached to ("Attach it to him")
  Boxed<CardRef> performer; // take action: the card that must perform the additional action ("which he must perform")
  Boxed<Payment> payment;  // attach: what is paid for the card attached (003 Gold Cost)
  Boxed<DeckTop> top;              // discard, look: the top cards of a deck ("Discard the top card of any Fate deck")
  Boxed<LookedCards> looked;       // put, discard: cards of the unit's latest look ("Put the rest back in any order")
  Boxed<LookedPlace> looked_place; // put: where those go
  ProfileId searched = -1;         // search: the zone of yours searched for one card of `cards` ("Search your Fate deck
                                   // for a Ring"); the card found (none, if none is there) is then looked at as a look's
  Boxed<Condition> unless;  // a cost paid only while this does not hold ("Bow Yashiro unless you have Reconnaissance")
  bool kept = false;  // discard of one card of your hand: "the card" names it after ("Discard a card: Gain Honor equal to
                      // the card's Focus Value"), so the card discarded is kept to be named
  Boxed<Army> into;  // move: the army the card joins ("Move him into your defending army": yours, at the current
                     // battlefield)
  SourceRange range;
};

// A condition (003 Abilities: in the constraints block the ability may be used only while it holds; before or after an
// effect, the effect happens only if it holds as it resolves).
struct Condition {
  enum class Kind : uint8_t {
    CardIs,      // a card is in a state or has one of some keywords ("he is Kolat, Ninja, or Shadowlands")
    YouControl,  // you control a card of a set ("you control a Courtier")
    YouHave,     // you hold some of a resource ("you have Reconnaissance")
    HowMany,     // how many cards are in a zone of yours, or how much of a resource you hold, compared with a number ("you
                 // have four or fewer cards in your hand", "you have 10 or more Gold")
    YouAre,      // you have one of some player keywords ("you are a Crab Clan player": your Stronghold's clan)
    YourTurn,    // it is your turn
    InBattle,    // a card is attacking, defending or opposed ("while attacking")
    WouldBeOpposed,  // were the card at the current battlefield, an enemy unit would be there (001 Battlefields)
    Has,         // cards of a kind are attached to a card ("while he has a Spell"; 001 Attach)
    AttachedTo,  // a card is attached to a card of a set ("while attached to a Ratling")
    StatIs,      // a card's stat compared with an amount as it is judged ("if his Force is now 0")
    PaysFor,     // the payment under way is for one card of a set ("when it pays for a single Shugenja only": 003 Gold
                 // Cost, Gold is produced while a card is paid for); the set in `cards`
    At,          // a card is at a place ("he is at the current battlefield", "this card is not at home")
    Moved,       // the unit's move before it moved the card: it was elsewhere and nothing kept it ("If he moved";
                 // 001 Battlefields)
    Exists,      // some card of a set is in play ("any enemy units are at the current battlefield"); the set in `cards`
    All,         // every part holds
    Any,         // some part holds
    InProvinces, // a card is in a state in one of your provinces ("this Event is face-up in one of them"); `state`,
                 // `zone` (the provinces'), `provinces` how they are named
    ArmyUnits,   // an army has fewer (more) units than another ("her army has fewer units than the enemy army"):
                 // `army`, `than`, `compare` Below or Above
    ArmyOpposed, // an army is opposed: it has units and the other side has units where it is ("your current army
                 // is opposed"; 001 Battlefields)
    ArmySize,    // how many units an army has, compared with `count` ("there are two or more units in his army":
                 // `compare` AtLeast; "or fewer" AtMost; none Exactly)
    HasTokens,   // a card has one or more tokens of a status ("your Monk has any Fire tokens"; 001 Token): `status`
    Opposes,     // a card and another (`other`), or some card of a set (`cards`), are on opposite sides in the battle at
                 // the current battlefield ("while opposing this Item", "it is opposing a bowed Follower"; 001
                 // Battlefields, 003 Stats example: the attacking player's cards and the other side's)
    BattleSide,  // you are the Attacker (`defender`: the Defender) of the battle: the Attacker is the player whose turn
                 // it is (003 Stats example: the player attacking, and the Defender, his opponent)
    RollResult,  // the unit's roll succeeded (`lost`: failed; "if successful", "if unsuccessful"; 004 Luck)
    DuelResult,  // a card won (`lost`: lost) the duel the unit's effect started ("If this Personality wins the duel");
                 // after a tie or a refused challenge neither holds (docs/meaning.md 27)
  };
  // InProvinces: "one of your Provinces", "one of them" (the provinces the trigger's reveal was in), "your Province"
  enum class ProvincesNamed : uint8_t { OneOfYours, OneOfThem, Yours };
  Kind kind = Kind::CardIs;
  bool negated = false;             // "is not", "it is not your turn"
  std::optional<CardRef> card;      // CardIs, InBattle, WouldBeOpposed, Has, AttachedTo; empty: the card the trait describes
                                    // ("This card has +3F while defending")
  std::optional<StateTest> state;   // CardIs: "bowed"
  std::vector<ProfileId> keywords;  // CardIs, YouAre: one of these
  bool player_noun = false;         // YouAre: worded "a Crab Clan player" (not "Mantis Clan")
  std::vector<ProfileId> descriptions;  // CardIs: or one of these descriptions holds ("Ninja, Shadowlands, or
                                        // dishonorable"; printed after the keywords)
  Boxed<CardFilter> cards;  // YouControl, Exists, AttachedTo (what it is attached to)
  std::optional<BattleRole> role;   // InBattle
  Boxed<AttachedTest> attached;  // Has (AttachedTest::none false)
  Boxed<StatBound> stat;    // StatIs (of `card`)
  std::optional<Place> at;          // At
  ProfileId resource = -1;          // YouHave; HowMany, when no zone
  ProfileId zone = -1;              // HowMany: the cards in this zone of yours
  Boxed<Amount> count;      // HowMany, ArmySize: the number compared with (a constant: 000 7.1)
  StatBound::Compare compare = StatBound::Compare::AtMost;  // HowMany: "or fewer" (AtMost), "or more" (AtLeast)
  std::vector<Condition> parts;     // All, Any
  ProvincesNamed provinces = ProvincesNamed::OneOfYours;  // InProvinces
  Boxed<Army> army;         // ArmyUnits, ArmyOpposed, ArmySize
  Boxed<Army> than;         // ArmyUnits: the army compared with
  // docs/meaning.md 25: CardIs may test `card` against a set of `cards` ("it is an attachment", "the target is a
  // Follower"); YouControl's set may be another player's ("another player controls a dishonorable Personality": the
  // set's side AnotherPlayers)
  ProfileId status = -1;            // HasTokens
  bool any = false;                 // YouControl, Opposes: printed "any Rings" (some card of the set; the same meaning)
  bool attached_word = false;       // Has: printed "attached" after the cards ("has a Weapon attached"; the same meaning)
  bool defender = false;            // BattleSide: "you are the Defender"
  Boxed<CardRef> other;             // Opposes: the card opposed
  bool lost = false;                // DuelResult: "loses the duel"; RollResult: "unsuccessful"
  SourceRange range;
};

// ", or 3 Gold if you control a Courtier", "-2F, or -3F if he is defending", "+3F, or +4F while he is Fire": an
// amount's alternative, used instead while the condition holds as the effect resolves (in a continuous trait: each
// time it applies). Of the same resource or stat as the amount it follows.
struct AmountIf {
  Amount amount;
  Condition condition;
  bool while_ = false;  // printed "while" (the same meaning)
  SourceRange range;
};

// "Melee 4 Attack, with +2 strength if you control a Shugenja": a keyword action's strength is more by `value` while
// the condition holds as the action chooses its target; `instead`: it is `value` instead ("Ranged 3 Attack, or Ranged
// 4 Attack if the target is Shadowlands"). "the target" in the condition is the card the action is choosing
// (CardRef::TheTarget, target -1).
struct StrengthBonus {
  int64_t value = 0;
  bool instead = false;
  Condition condition;
  SourceRange range;
};

// Stat changes for a card or for a set of cards (003 Stats): in a continuous trait they hold while the card is in
// play; in an effect they last for the duration (to the end of the turn when none is given).
struct StatModifier {
  std::optional<CardRef> card;
  // printed with a verb of loss ("He loses 1F", "He suffers -1F"): every change is a penalty of its size, whatever its
  // printed sign (003 Stats: "lose -1F" is the same as "suffer -1F"); the changes keep the printed signs
  std::optional<Primitive> loss;
  SourceRange loss_range;  // the verb
  Boxed<CardFilter> cards;
  std::vector<StatChange> changes;
  std::vector<ProfileId> keywords;    // keywords it has too, printed after the changes ("+3F and Elite", "Naval")
  std::optional<Duration> duration;
  Boxed<Condition> while_;    // a continuous trait that holds only while this does, judged each time it
                                      // applies ("while defending", "while he has a Spell"; 003 Traits)
  Boxed<Gift> granted;  // a trait or ability it has too, in quotes ("have +1F and the ability, "...""; 003 Embedded text)
  bool while_first = false;   // printed before the subject ("While this Shugenja is Fire, he has +1F"; the same meaning)
  SourceRange range;
};

// Effects that happen only if a condition holds ("If it is your turn, draw a card", "Destroy him if he is bowed").
struct Conditional {
  Condition condition;
  std::vector<Effect> effects;
  // "If he is dishonorable, he loses 1 Honor. Otherwise, gain 1 Honor": the sentence after it, done when the condition
  // fails (not when the controller declines an effect "you may" do)
  std::vector<Effect> otherwise;
  SourceRange otherwise_range;
  bool condition_first = true;  // the order printed (both orders mean the same; the renderer keeps it)
  bool you = false;  // printed "you" before the effects ("If you rule 6 Structures, you win the game"): the controller
                     // does them, as the imperative says
  bool as_moving = false;  // printed "as he moves" after the effect (a Moved condition): done with the move before it,
                           // so only if it happened, as "if he moved" says
  SourceRange range;
};

// "Bow him to gain 2 Honor": effects done in order that others happen (in the effects block, so no cost: 003
// Abilities); the others happen only if the first were done.
struct InOrderTo {
  std::optional<int> target;  // "Target your performing Tactician to give ...": the targeting done first (its index in
                              // Unit::targets), instead of effects (001 Target: the effects need the target chosen)
  std::vector<Effect> done;
  std::vector<Effect> then;
  bool optional = false;  // "You may bow him to gain 2 Honor": the controller chooses whether to do it
  // How the two parts were printed, the same meaning whichever: "to"; "and" after a targeting ("You may target your
  // Personality and move him home"); "; if you did," ("You may discard a Kiho; if you did, destroy the target"; also
  // ". If you did," and "if you do")
  enum class Form : uint8_t { To, And, IfYouDid };
  Form form = Form::To;
  bool did_period = false, did_present = false;
  Boxed<Condition> only_if;  // "If he is a Kensai, you may bow him to ...": all of it only while this holds, judged
                             // first (printed before it)
  SourceRange range;
};

// Effects of which the controller chooses one as the choice resolves ("Move him home or give him +2F"; "Bow or
// straighten him": two verbs for one card, printed once).
struct Choice {
  std::vector<Effect> options;
  bool shared_card = false;  // "Bow or straighten him", "Raise or lower his Force by 2": the options differ by their
                             // verb only, printed once after the last verb
  bool shared_verb = false;  // "Bow him or all of his attachments": the options differ by the cards the verb acts on,
                             // the verb printed once before the first
  SourceRange range;
};

// 002 524: an ability constructor ("Choose one or more: Gain 1 coin; Draw a card", "choose 2 times from: ..."): the
// controller builds a chain of the options and queues it, in the order given. "one or more": 1 to N distinct options
// (524.2); "N times": a chain of N, repeats allowed (524.1).
struct Constructor {
  std::vector<Effect> options;  // in printed order
  Boxed<Amount> times;  // "choose 2 times from"; none: "one or more"
  SourceRange range;            // the chooser ("Choose one or more")
};

// "Choose a beast you rule", "Choose 2 beasts": cards the controller chooses as the effect resolves, not targeted
// (001 Target: "choose" does not target); how many (000 7.2: a negative number cannot be chosen).
struct ChooseCards {
  Boxed<Amount> count;  // none: one, by the filter's article ("Choose a beast")
  CardFilter filter;
  SourceRange range;
};

// 001 Attach, Transfer: what this card may be attached to, a requirement of attachment the runtime checks as the card
// is attached or transferred: only to a card of the set ("Will only attach to a Samurai"), or never to one ("Will
// not attach to a Shadowlands Personality").
struct AttachRequirement {
  CardFilter to;
  bool only = true;  // false: never to such a card
  SourceRange range;
};

// How long something waited for or restricted lasts, printed as a span: "this turn", "this phase", "this battle" (the
// designator of battles), "this game" (as long as the game lasts); None: unsaid.
enum class Span : uint8_t { None, Turn, Phase, Battle, Game };

// 003 Traits: what a card may not do or have done to it, while the trait holds ("This unit cannot attack structures",
// "This Personality cannot be destroyed", "This unit cannot be inflicted with Statuses": 004 Status), or for a while
// in an effect ("He may not perform actions this turn"). What the rules' procedures do to a card is restricted too:
// the engine's assignment to attack, the Force a card contributes in battle resolution and the bowing it does,
// movement by card effects, straightening ("Negate his next straightening": the next one only).
struct Restriction {
  enum class Kind : uint8_t {
    Attack, BeDestroyed, ReceiveStatus, ReceiveAttachment,
    PerformActions,    // "may not perform actions": its abilities, as a performer too (001 Tactician)
    AssignAttack,      // "may not be assigned to attack"
    UseAbilities,      // "A target Holding's abilities may not be used"
    BeMoved,           // "Card effects will not move this Personality", "Negate his movement": by effects only
    Straighten,        // "Negate his (next) straightening"
    ContributeForce,   // "He does not contribute Force while unbowed" (a stat of battle resolution's totals)
    ResolutionBow,     // "Battle resolution does not bow cards in this unit": each card of `cards`
    AttackTarget,      // "Ranged Attacks cannot target cards in this unit": the keyword actions `actions`, each card of
                       // `cards`
  };
  Kind kind = Kind::Attack;
  CardRef card;                 // the card restricted (none for ResolutionBow and AttackTarget: `cards`)
  Boxed<CardFilter> cards;      // the cards restricted, each of them, re-read while the trait holds
  Boxed<CardFilter> against;    // Attack: only these cards ("structures"); none: any. ReceiveAttachment: the cards it
                                // may not have attached ("Cannot attach Items": 001 Attach)
  std::vector<ProfileId> actions;  // AttackTarget: the keyword actions, in printed order
  ProfileId stat = -1;          // ContributeForce: the stat contributed
  ProfileId battle = -1;        // ResolutionBow, ContributeForce "during battle resolution": the designator of battles
  std::optional<CardRef> army;  // ContributeForce printed "to his army", the card's own (where any Force is contributed)
  Boxed<Condition> while_;      // ContributeForce: only while this holds, judged when the engine asks
  // the words of the "not", each the same meaning (printed as they were, for the round trip)
  enum class Negation : uint8_t { Cannot, CanNot, MayNot, WillNot, DoesNot, Negate };  // Negate: "Negate his ..."
  Negation negation = Negation::Cannot;
  bool next = false;            // "Negate his next straightening": only the next one, then it ends
  bool subject_printed = true;  // "Cannot attach Items": printed without one, about the card itself
  // how long an effect's restriction lasts: a duration of the profile or a span ("this turn"); neither: to the end of
  // the turn, as any effect's
  std::optional<Duration> duration;
  Span span = Span::None;
  ProfileId span_battle = -1;   // "this battle": the designator printed
  SourceRange range;
};

// A bound on a card's stat ("His maximum Force is 1 until the battle ends", 003 Stats: a maximum or minimum the
// current value is held within), in an effect for a duration (to the end of the turn when none is given), in a
// continuous trait while it holds.
struct StatLimit {
  CardRef card;
  ProfileId stat = -1;
  bool maximum = true;
  Amount value;
  std::optional<Duration> duration;
  SourceRange range;
};

// 003 Traits: "Melee and Ranged Attacks targeting this Personality have -2 strength": keyword actions of these kinds
// (the profile's, named in general) have their strength changed while they target the card.
struct ActionStrength {
  std::vector<ProfileId> actions;  // GameProfile::keyword_actions, in printed order
  CardRef target;
  int64_t delta = 0;
  SourceRange range;
};

// 003 Stats: a continuous change to the strength of every province, or of yours ("Provinces have -1 strength", "Your
// provinces have +2 strength"), while the card is in play.
struct ProvinceModifier {
  bool yours = false;
  ProfileId zone = -1;  // the zone of provinces, as printed (plural)
  StatChange change;    // of the stat the profile gives the role province strength
  // "... while another player controls a dishonorable Personality": only while it holds, judged each time the
  // strength is read (docs/meaning.md 25); a condition about some card named (no card here has the bonus)
  Boxed<Condition> while_;
  SourceRange range;
};

// 003 Gold Cost: how this card enters play, a term of the card registered with it (not an ability): in a state ("This
// Fortification enters play bowed"), or for a changed cost ("Enters play paying 2 less Gold if you are a Lion Clan
// player", "This Holding enters play for 1 less Gold for each Geisha you control"), while a condition holds as the
// cost is paid.
struct EnteringPlay {
  std::optional<CardRef> card;       // the subject printed ("This Holding", "Kenzo"); none: "Enters play ..."
  ProfileId event = -1;              // no subject: the profile event whose words open the paragraph ("Enters play")
  ProfileId zone = -1;               // with a subject: the zone in play as printed ("play")
  std::optional<StateTest> state;    // "bowed"
  Boxed<CostChange> change;  // "for 1 less Gold"
  bool paying = false;               // printed "paying", not "for" (the same meaning)
  Boxed<Condition> condition;  // "if you are a Lion Clan player"
  Boxed<CardFilter> cards;     // other cards entering, not this one ("Your Spells enter play for 1 less Gold")
  Boxed<CardFilter> host;      // this card attaching to a card of the set ("Attaches to a Thunder Shugenja for ...")
  bool ignoring = false;       // none of the cost paid ("ignoring costs", "ignoring Gold Cost")
  ProfileId ignored_stat = -1;  // ignoring: the cost's stat as printed ("Gold Cost"; -1: "costs")
  SourceRange range;
};

// A sentence that declares a target: which targeting of the unit (Unit::targets).
struct TargetStep {
  int target = -1;
  SourceRange range;
};

// 003 Traits: when a triggered trait or a reaction happens.
enum class Timing : uint8_t { After, Before, When };

// 002 rule 521: the moment a delayed effect waits for: an event of the profile about a card ("After the next time
// this turn he is destroyed during a battle", "After each time he assigns this turn"). It is waited for once ("the
// next time", "the first time", or unsaid) or each time, until the span ends ("this turn", "this phase", "this
// battle"; "this game" or none: as long as the game lasts); "during a battle": only while a battle is under way.
struct Moment {
  Timing timing = Timing::After;  // After or When (the same moment)
  enum class Times : uint8_t { Unsaid, Next, First, Each };
  Times times = Times::Unsaid;
  ProfileId event = -1;
  CardRef card;                   // what the event happens to
  using Span = meaning::Span;
  Span span = Span::None;
  bool span_first = false;        // printed before the card ("the next time this turn he is destroyed")
  ProfileId battle = -1;          // the designator "this battle" / "during a battle" names (the profile's battles)
  bool during = false;            // "during a battle"
  bool boundary = false;          // "After this duel ends": the event is a boundary the profile declares, of the duel
                                  // under way (PhraseDef::boundary); `card` unused (docs/meaning.md 27)
  bool your_next = false;         // with `boundary`: "When your next turn begins": of the controller's next turn, not
                                  // this one (001 Turn), an event about a turn
  SourceRange range;
};

// 002 rule 521: effects set up now that happen at a later moment ("After the next time this turn it bows, its
// controller loses 1 Honor").
struct Delayed {
  Moment moment;
  std::vector<Effect> effects;
  SourceRange range;
};

// 003 Focus Value: a duel an effect starts ("This Personality challenges him", "Your target Personality challenges a
// target enemy Personality to a duel"): the challenger and the card challenged compare their duel stats and focused
// cards; the winner and the loser are named after it (CardRef::Kind::Duelist). The profile's verb says whether the
// challenged may refuse (`[refusable]`: a challenge, 003 Traits "may not issue challenges"), so it is kept, not only
// its primitive. One duel per unit (docs/meaning.md 27).
struct Duel {
  CardRef challenger;
  CardRef challenged;
  ProfileId verb = -1;       // GameProfile::verbs, of the challenge primitive
  bool to_a_duel = false;    // printed "to a duel" after the card challenged (the same meaning)
  SourceRange range;
};
// 003 Focus Value: the stat this card's duels compare for it, a term of its definition ("Nikaru uses his printed
// Force as his duel stat"); printed: its base value, not its current one.
struct DuelStat {
  CardRef card;              // this card
  ProfileId stat = -1;
  bool printed = false;
  bool person = true;        // printed "his" ("her"), not "its"
  SourceRange range;
};
// One sentence of a unit's body, in text order.
using Step = std::variant<Effect, TargetStep, StatModifier, Conditional, InOrderTo, Choice, Constructor, ChooseCards,
                          AttachRequirement, Restriction, StatLimit, ActionStrength, ProvinceModifier, EnteringPlay, Delayed,
                          Duel, DuelStat>;
// A statement says what holds (a stat change, a restriction, a bound) rather than what happens: a trait of
// statements alone holds while its card is in play (003 Traits). An operation on a stat printed as a verb ("Double
// its ATK", "Halve the ATK of target creature") is an effect, not a statement.
inline bool is_statement(const Step& s) {
  if (const auto* m = std::get_if<StatModifier>(&s); m && m->changes.size() == 1 && m->changes[0].by_verb()) return false;
  return std::holds_alternative<StatModifier>(s) || std::holds_alternative<Restriction>(s) || std::holds_alternative<StatLimit>(s) ||
         std::holds_alternative<ActionStrength>(s) || std::holds_alternative<ProvinceModifier>(s);
}

// 003 Abilities: the action that did a trigger's event to a card ("After the action Equips a Spell to Rin", "After
// another player's Battle action targets this Personality"): whose action, and with which designator.
struct ActionBy {
  enum class Whose : uint8_t { Any, Yours, Others };
  Whose whose = Whose::Any;
  bool the = false;          // "the action": the one an Interrupt answers (any action, as printed), not "an action"
  ProfileId designator = -1; // "Battle action": an action with this designator
  SourceRange range;
};

struct Trigger {
  Timing timing = Timing::After;
  ProfileId event = -1;
  // Who or what the event happens to: a card ("this Personality enters play"), the controller ("your turn
  // begins"), or any card of a set ("a Personality is destroyed"); a card and yours: you did it to the card ("After
  // you Equip this Follower", "After you Recruit this Holding").
  std::optional<CardRef> card;
  bool yours = false;
  bool others = false;  // "After another player's turn begins": a turn (or phase) of a player other than you
  // "After an Attack Phase ends", "After the battle ends": any turn's or battle's, printed with an article
  enum class Article : uint8_t { None, Indefinite, Definite };
  Article article = Article::None;
  Boxed<CardFilter> cards;
  ProfileId from = -1;  // the zone the card left ("After this Holding enters play from a Province"): the provinces' zone
  bool leads = false;  // printed leading its sentence, before a comma ("After you Equip this Follower, lose 2 Honor"),
                       // or its block's costs and targets ("After Itao enters play, target a Follower in your hand:"):
                       // the same meaning as before a colon
  // "After you reveal cards in your Provinces at the start of your turn" (the Dynasty Events' moment, yours): the
  // zone they are revealed in (the provinces'), as the turn starts
  ProfileId revealed_in = -1;
  bool alone = false;  // the event named alone before its colon ("Invest:"): it happens to this card (`card`)
  bool as_a = false;   // alone, printed "As a Focus Effect" (the same meaning; docs/meaning.md 27)
  // An action did it (`card` or `cards`: what it did it to): "After the action Equips a Spell to Rin" ("to Rin": the
  // card is now attached to `attached_to`, or to one of `attached_to_cards`: "After you Equip this Spell to a Void
  // Shugenja"), "... this Follower at a battlefield" (not at home, 001 Battlefields)
  std::optional<ActionBy> action;
  std::optional<CardRef> attached_to;
  Boxed<CardFilter> attached_to_cards;
  bool at_battlefield = false;
  SourceRange range;
};

// 003 Traits, Abilities: one trait or ability.
enum class UnitKind : uint8_t {
  Ability,      // one or more designators before a colon: voluntary
  Triggered,    // a trigger before a colon: happens when its event does
  Untriggered,  // neither: a continuous trait, an action card's effect, "Lose 3 Honor" on a card that enters play,
                // or with costs "Bow this card: Produce 2 Gold" (a trait used when paying); which of these the card
                // type and the body decide (003 Traits)
};

// A block of the constraints (003 Abilities): its costs, or a targeting, in the order printed (001 Targeting
// paradoxes: a choice a later cost needs is made at targeting time).
struct Constraint {
  enum class Kind : uint8_t { Costs, Targeting, Condition, Performer, Roll };  // Roll: Unit::roll, its block
  Kind kind = Kind::Costs;
  std::vector<int> items;  // indices into Unit::costs, or the one index into Unit::targets or Unit::conditions
                           // (Performer: none; the unit has one)
  bool joined = false;     // printed in the block before it, after "and" ("Bow this card and target a Follower:")
  bool leads = false;      // Condition printed before a comma, the block's other parts after it ("If any enemy units are
                           // at the current battlefield, choose your performing Personality:"): one block
  bool sentences = false;  // Costs printed one sentence each ("Bow this card. Pay 3 Gold:", as cardc import writes cost
                           // icons): the same meaning as joined by "and"
  SourceRange range;
};

// 000 7.4: "..., where X is this beast's ATK": what the card's X stands for, printed after a sentence of the body.
struct XDefinition {
  Amount amount;  // StatOf or CountOf
  size_t after = 0;  // the index in Unit::body of the last step of the sentence it follows
  SourceRange range;
};

// 003 Traits: "Once per game", "Twice per turn" before the colon: how often an ability may be used, or a trait
// trigger, per turn or per game (003 Abilities: an ability once per turn unless its text says otherwise).
struct UseLimit {
  int64_t times = 1;
  bool per_game = false;
  SourceRange range;
};

struct Unit {
  UnitKind kind = UnitKind::Untriggered;
  std::vector<ProfileId> designators;  // Battle, Open (003 Abilities: order irrelevant)
  std::vector<ProfileId> keywords;     // keywords before the designators: Tactical, Ninja
  Boxed<Trigger> trigger;
  std::vector<Constraint> constraints; // the constraint blocks after the trigger, in text order
  std::vector<Effect> costs;           // 003 Abilities C: paid before the effects
  std::vector<Targeting> targets;      // every targeting of the unit, in text order
  std::vector<Condition> conditions;   // the constraints block's conditions
  Boxed<Condition> even_if;    // "Even if this card is bowed": usable though this holds
  Boxed<Performer> performer;  // named by "your performing ..." in the constraints or the effects
  std::optional<UseLimit> limit;       // printed before the colon ("Once per game:")
  std::vector<Step> body;
  Boxed<XDefinition> x;        // "where X is ..." (000 7.4)
  // 004 Luck, Resist: "Roll for Luck:" before the effects: a D6 rolled against this card's unit's stat (a stat the
  // profile marks [rolled]) as the effects begin, not a cost; each sentence of the body is then a Conditional on its
  // outcome (Condition::Kind::RollResult, "if successful")
  ProfileId roll = -1;
  SourceRange range;
};

}  // namespace cardc::meaning
