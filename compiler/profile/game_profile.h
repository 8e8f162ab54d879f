#pragma once
// A game's vocabulary and number policy, read from its `.game` file: what the checker and the code generator
// know about a game. Nothing game-specific is hard-coded elsewhere in the compiler.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/source_manager.h"
#include "profile/name_index.h"
#include "profile/phrase_index.h"

namespace cardc {

enum class Floor : uint8_t { Zero, None };  // 003 Stats step B: clamped at 0, or may be negative

struct StatDef {
  std::string name;
  std::vector<std::string> abbrevs;
  Floor floor = Floor::Zero;
  bool player = false;          // a player stat (Family Honor), not a card stat
  bool destroy_at_zero = false; // 003 Chi: a Personality with 0 Chi is destroyed
  bool dash_is_lowest = false;  // 003 Honor Requirement: "-" is infinitely low
  bool lethal = false;          // 004 Health: damage counters reaching it are Lethal Damage
  bool rolled = false;          // 004 Luck/Resist: rolled against with a die
  bool duel_floor = false;      // 000 7.2a: floors at 0 in duel calculations
  std::string role;             // which stat the runtime's rule modules mean: force, chi, luck, resist ...
  bool cost = false;            // a printed cost (Gold Cost): X in it is chosen when paying, 0 out of play (000 7.4)
  SourceRange where;
};

struct CardTypeDef {
  std::string name;
  struct Slot {
    size_t stat;
    bool modifier;  // an Item's Force modifies its Personality's (003 Force)
  };
  std::vector<Slot> stats;
  bool enters_play = false;  // 003 Traits: "Lose 3 Honor" shorthand applies to cards that enter play
  bool attaches = false;
  bool created = false;      // only ever created by effects: untitled (003 Created cards)
  bool action = false;       // Action/Spell-like: inherits its abilities' keywords (003 Abilities)
  bool person = false;       // a person: "he"/"she" name it, other cards are "it" (the wording checks)
  // [player keywords = FAMILY]: a player has the keywords of that family his card of this type has (legends: "a Crab
  // Clan player" controls a Stronghold with the keyword Crab Clan); empty: none
  std::string player_keywords;
  SourceRange player_keywords_at;
  std::string discard_pile;  // [discard pile = ZONE]: where its destroyed and discarded cards go (legends: Dynasty
                             // and Fate piles); empty: the game's discard pile
  SourceRange discard_pile_at;
  SourceRange where;
  const Slot* slot(size_t stat) const {
    for (const auto& s : stats)
      if (s.stat == stat) return &s;
    return nullptr;
  }
};

struct ResourceDef {
  std::string name;
  std::vector<std::string> abbrevs;
  bool produced = false, supply = false, temporary = false;
  bool unique = false;         // one in the game, one player at most holds it (the Imperial Favor)
  int64_t gain_limit = 0;      // 002 rule 522.3: coins gained in the accumulation phase only below this
  std::string player_stat;     // Honor is the player's Family Honor
  SourceRange where;
};

struct KeywordDef {
  std::string name;
  std::string rule;    // rules module switched on by this keyword (unique, tactician, terrain, ...)
  bool prefix = false; // 003 Keywords EXCEPTION: any keyword containing "Experienced"
  std::string family;  // "Clan" for Lion Clan
  SourceRange where;
};

struct PhraseDef {  // events, durations: matched word by word
  std::string text;
  std::vector<std::string> words;
  std::string attr;  // event subject / duration boundary
  SourceRange where;
  std::string signal;  // events: the runtime's built-in event it is (enter_play, destroyed, turn_start ...)
  bool engine = false;  // events: [engine]: the engine raises it (cardrt_game_emit), as it performs that step or action
  // events: [optional]: a trait it triggers is offered to its controller, who may decline it and its costs ("Invest:
  // Pay 3 Gold: ...": after the card enters play, its player may pay to get the effect)
  bool optional = false;
  // events: [boundary = duel end]: the event is a moment the runtime signals as a boundary (runtime/src/durations.cpp),
  // which a delayed effect may wait for ("After this duel ends", docs/meaning.md 27); no trigger waits for it
  std::string boundary{};
  // events: someone raises it (the runtime, or the engine), so a card may wait for it (docs/language.md, Events)
  bool raised() const { return !signal.empty() || engine; }
  // events: the card it happens to is no longer in play as it is judged (destroyed, left play; 003 Traits (d))
  bool takes_out_of_play() const { return signal == "destroyed" || signal == "leave play"; }
  bool enters_play() const { return signal == "enter play"; }
  // events: the engine's reveal of a player's provinces as his turn starts (the Dynasty Events' moment)
  bool reveals_provinces() const { return signal == "provinces revealed"; }
  // events: it happens to a card (its subject), not a player
  bool about_card() const { return attr == "card"; }
  // events: a card focused in a duel, the moment of its Focus Effect (003 Traits); raised with the focused card
  bool focused() const { return signal == "focused"; }
  // events: an action's targeting of a card (the runtime's event carries the action's controller and designators)
  bool targeted() const { return signal == "targeted"; }
  // events: a payment the engine opens for a card ("When paying a Gold cost"; cardrt_game_begin_payment)
  bool paying() const { return signal == "payment"; }
  // events: a turn's or one of its phases' ("turn begins", "Attack Phase ends"), of the player whose turn it is
  bool about_turn() const { return attr == "turn"; }
  // events: a delayed effect may wait for it on one card (002 521): of a card, raised for that card
  bool awaited_on_card() const {
    return about_card() && (signal.empty() || signal == "destroyed" || signal == "bowed" || enters_play());
  }
};

// A keyword action ("Ranged 3 Attack", "Fear 2"): a verb whose reminder text defines it. It does one thing to one
// target it chooses: an enemy card of one of some types that its strength reaches (docs/language.md, Keyword actions).
struct KeywordActionDef {
  struct Target {
    size_t card_type = 0;
    int without = -1;  // "Personality (without Follower)": only while no card of this type is attached to it
  };
  std::string name;             // "Ranged Attack"
  std::vector<std::string> words;  // its name's words, lower case
  std::vector<Target> targets;  // the target is a card of one of these, in the order declared
  std::string primitive;        // what it does to its target (primitives.def): destroy, bow
  std::string attack;           // the runtime's attack it is (ranged, melee: cardrt attack_strength); empty: none
  size_t stat = 0;              // the target's stat its strength must reach: at most the strength
  size_t strength_at = 0;       // how many words of its name come before the strength ("Ranged" 3 "Attack": 1)
};

struct VerbDef {
  std::string name;                 // imperative: "Bow", "Ranged attack"
  std::vector<std::string> words;   // lower-case words
  std::string primitive;
  SourceRange where;
  bool permanent = false;  // [permanent]: what it gives lasts for good (003 Stats: "Permanently give")
  int action = -1;         // a keyword action's verb (GameProfile::keyword_actions), by any of its spellings
  bool refills = false;    // [refills]: a put verb that fills a province with the top card of its owner's refill deck
  bool refusable = false;  // [refusable]: a challenge verb whose duel the challenged may refuse (003 Traits: "may not
                           // issue challenges"; docs/meaning.md 27)
};

struct NamedDef {  // zones, states, designators, statuses, dice
  std::string name;
  std::vector<std::string> abbrevs;
  std::map<std::string, std::string> attrs;
  std::vector<std::string> items;
  SourceRange where;
};

// A word the rules use to describe cards by their stats (003 Personal Honor: a Personality whose Personal Honor is at
// most zero is "dishonorable"): `description dishonorable: Personality [stat = Personal Honor, at most = 0]`. Card
// text names it as an adjective ("a dishonorable Personality", "if he is dishonorable"); it is no keyword and no
// card state, only the comparison, judged when the text asks.
struct DescriptionDef {
  std::string name;                // as printed, lower case: "dishonorable"
  std::vector<std::string> words;  // lower-case words
  size_t card_type = 0;            // a card of this type ...
  size_t stat = 0;                 // ... whose stat is at most (or at least) `bound`
  bool at_most = true;
  int64_t bound = 0;
  SourceRange where;
};

enum class ModifierOrder : uint8_t { StepsAC, Rule523 };
enum class NegativeResults : uint8_t { Zero, ZeroExceptSetDoubleModify };

struct GameProfile {
  std::string game;
  std::string title;
  FileId file = kNoFile;
  ModifierOrder modifier_order = ModifierOrder::StepsAC;
  NegativeResults negative_results = NegativeResults::Zero;
  std::vector<std::string> rules;    // the rulebook files this profile follows
  std::vector<std::string> modules;  // runtime rule modules switched on ("zero chi", "gem dice", ...)

  std::vector<StatDef> stats;
  std::vector<CardTypeDef> card_types;
  std::vector<ResourceDef> resources;
  std::vector<KeywordDef> keywords;
  std::vector<PhraseDef> events;
  std::vector<PhraseDef> durations;
  std::vector<VerbDef> verbs;
  std::vector<KeywordActionDef> keyword_actions;  // their verbs are in `verbs` (VerbDef::action)
  std::vector<NamedDef> zones, states, designators, statuses, dice;
  std::vector<DescriptionDef> descriptions;  // words describing cards by a stat ("dishonorable")

  // Declarations that lookups find by name: add them through these (load_profile does), not by pushing onto the
  // lists above, so that their names are indexed. Names are unique per kind (load_profile checks).
  void add_stat(StatDef s);
  void add_card_type(CardTypeDef t);
  void add_resource(ResourceDef r);
  void add_keyword(KeywordDef k);
  void add_designator(NamedDef d);

  // Lookups by exact spelling (names are case-sensitive as printed, abbreviations too), through the indexes: their
  // cost does not grow with the profile.
  std::optional<size_t> stat(std::string_view name_or_abbrev) const;
  const CardTypeDef* card_type(std::string_view name) const;
  const KeywordDef* keyword(std::string_view name) const;  // handles the Experienced prefix family
  std::optional<size_t> keyword_id(std::string_view name) const;  // its index in `keywords`, the meaning tree's id
  const NamedDef* designator(std::string_view name) const;
  const ResourceDef* resource(std::string_view name) const;
  // Zones by their attributes: the one zone in play, the zone of provinces; a status that is damage
  bool zone_in_play(int zone) const;
  bool zone_of_provinces(int zone) const;
  // whether the zone is a deck (`[deck]`): "one of your decks" names one of these
  bool deck_zone(int zone) const;
  bool damage_status(int status) const;
  // whether the status is a token (`[token]`, 001 Token): a marker placed on a card, its stats bonuses from the card
  // that created it
  bool token_status(int status) const;
  // The stat with the role ("province strength", "luck"); -1: none
  int stat_with_role(std::string_view role) const;
  // The card type whose keywords of its [player keywords] family its controller has ("a Crab Clan player"); -1: none
  int player_keywords_type() const;
  // Candidate spellings for "did you mean".
  std::vector<std::string> stat_spellings() const;
  std::vector<std::string> card_type_names() const;
  std::vector<std::string> keyword_names() const;
  std::vector<std::string> designator_names() const;

  // Indexes `verbs` and `events` (load_profile does, once they are all declared): ClauseReader's lookups go through it.
  void index_phrases();

  // The indexes behind the lookups (tests read their comparison counts).
  struct Indexes {
    NameIndex stats, card_types, resources, keywords, designators;
    std::vector<size_t> prefix_keywords;  // 003 Keywords EXCEPTION: the few keywords that name a family by prefix
    PhraseIndex verbs, events;            // by first word
    // the one-word verbs' third-person forms ("challenges", "carries") -> the first verb with that form
    NameIndex third_person;
  };
  const Indexes& indexes() const { return index_; }

 private:
  Indexes index_;
};

}  // namespace cardc
