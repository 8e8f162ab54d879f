#pragma once
// How cardc reads card text (003 Traits, Abilities): each paragraph becomes one or more text units (traits or
// abilities), each with designators, a constraints block (trigger, conditions, costs, targeting) and an effects
// block of clauses. Later passes and codegen work from these readings, never from raw words.
#include <optional>
#include <string>
#include <vector>

#include "ast/ast.h"

namespace cardc {

enum class UnitKind : uint8_t {
  ContinuousTrait,  // no trigger: always on (003 Traits)
  TriggeredTrait,   // trigger before a colon; mandatory
  ShorthandTrait,   // "Lose 3 Honor" on a card that enters play = "After this card enters play: Lose 3 Honor"
  GoldTrait,        // "Bow this card: Produce X Gold": optional, used when paying a Gold cost (003 Traits)
  Ability,          // one or more action designators; voluntary
};
const char* unit_kind_name(UnitKind k);

enum class ClauseRole : uint8_t { Trigger, Condition, Cost, Targeting, Effect, Option };
const char* clause_role_name(ClauseRole r);

enum class ClauseForm : uint8_t {
  Imperative,   // a profile verb first: "Bow this card", "Ranged attack 4"
  Declarative,  // subject + predicate: "Your Samurai Personalities have +1F", "He is not destroyed ..."
  Timing,       // "After this Personality enters play", "Focus Effect"
  Condition,    // "If you control no Courtiers", "Even if this card is bowed", "Once per turn"
};

// How a number this clause computes is floored (000 7.2, 7.2a; 003 Stats step B; 002 rule 523.2).
enum class FloorPolicy : uint8_t {
  ClampZero,      // a result that would be negative is 0
  MayBeNegative,  // sets, doubles or modifies a stat: negative values stand (000 7.2 exceptions)
  DuelFloor,      // duel calculations treat negative stats as 0 (000 7.2a)
  PerStat,        // each stat's own floor (003 step B: Honor Requirement, Family Honor may be negative)
};
const char* floor_policy_name(FloorPolicy f);

struct Clause {
  ClauseRole role = ClauseRole::Effect;
  ClauseForm form = ClauseForm::Imperative;
  SourceRange range;
  std::vector<const ast::Term*> terms;  // the clause's own terms (leading conditions removed)
  std::vector<const ast::Term*> all_terms;  // with its leading conditions
  std::vector<SourceRange> conditions;  // leading "If ..., " / "Until ..., " phrases
  bool optional = false;                // "You may ..."
  int verb = -1;                        // index into GameProfile::verbs (Imperative, or a 3rd-person predicate)
  int event = -1;                       // index into GameProfile::events (Timing)
  std::string subject;                  // Declarative
  std::string predicate;                // Declarative: has / is / may not / challenges ...
  FloorPolicy floor = FloorPolicy::ClampZero;  // set by the "numbers" pass
  bool delayed = false;                 // waits for its timing ("After this battle resolves, ...", 002 rule 521)
  bool delayed_on_controller = false;   // names no target: applies to the controlling player (002 rule 521)
  bool any_number_nonzero = false;      // "divided among any number of ...": at least one if possible (000 7.2b)
};

// A word or phrase that refers to something: resolved by the "references" pass (003 Traits, 001 This).
enum class RefKind : uint8_t {
  ThisCard,        // "this card", "this Personality" on that Personality
  ThisBearer,      // "this Personality" on an attachment: the Personality it is attached to (001 This)
  ThisKeyword,     // "this Shugenja": the card (or bearer) if it has the keyword, else the reference fails
  ThisContext,     // "this unit", "this battle", "this battlefield", "this Province", "this turn"
  ThisEffect,      // "This may target ...": modifies the previous effect (001 This)
  Pronoun,         // he, him, his, it, they ... -> the latest fitting antecedent
  TheTarget,       // "the target Personality"
  TheDiscarded,    // "the discarded card"
  That,            // "that card"
  Title,           // a card title ("Search your deck for a Strike at the Center")
};
const char* ref_kind_name(RefKind k);

struct Reference {
  RefKind kind = RefKind::Pronoun;
  SourceRange range;        // the referring words
  SourceRange antecedent;   // what it resolved to (invalid: the card itself, or a context)
  std::string resolved;     // readable: "this card", "the target of 'Target an opposing Personality'"
  int card_type = -1;       // card type of what it denotes, when known (for stat checks)
};

// A targeting procedure (001 Target): only the word "target" targets.
struct Targeting {
  SourceRange range;            // from "target" to the noun
  std::string noun;             // "Personality", "unit"
  int card_type = -1;
  bool in_constraints = false;  // declared in the constraints block (before paying costs)
  bool face_up_restricted = false;  // restricted by face-up features: hidden cards cannot be chosen (001 Target)
  bool fixed_for_cost = false;  // a choice a later cost needs is made now and kept (001 Targeting paradoxes)
};

struct TextUnit {
  UnitKind kind = UnitKind::ContinuousTrait;
  SourceRange range;
  std::vector<std::string> designators;  // Battle, Open (order irrelevant, 003 Abilities)
  std::vector<std::string> keywords;     // keywords before the designator: Tactical, Ninja (each word one keyword)
  std::vector<Clause> constraints;
  std::vector<Clause> effects;
  bool once_per_turn_before_colon = false;  // 003 Traits: triggers once
  bool once_per_turn_after_colon = false;   // 003 Traits: triggers each time, effect applies once
  std::vector<TextUnit> embedded;           // granted traits/abilities in quotes: their own units (003 Embedded text)
  // Filled by the later passes:
  std::vector<Reference> references;
  std::vector<Targeting> targets;
  bool mandatory = false;                   // triggered traits and their costs must happen (003 Traits)
};

// 000 7.4: how the one X of a card gets its value.
enum class XSource : uint8_t {
  None,             // the card has no X
  DefinedByText,    // "where X is ...": the expression decides (recorded)
  ChosenWhenPaying, // X in a cost: chosen and announced when playing or activating (7.4a); 0 when free (7.4b)
  CostStat,         // X in a printed cost stat: also 0 while in hand, discard or ravine (7.4c)
};
const char* x_source_name(XSource s);

struct XBinding {
  XSource source = XSource::None;
  SourceRange where;                 // the defining expression or the cost
  bool zero_in_hidden_zones = false; // 7.4c
  bool zero_when_free = false;       // 7.4b
};

struct CardReading {
  const ast::Card* card = nullptr;
  std::vector<TextUnit> units;
  XBinding x;
  std::vector<std::string> inherited_keywords;  // Action/Spell cards inherit their abilities' keywords (003)
};

}  // namespace cardc
