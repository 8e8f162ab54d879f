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

struct Clause {
  ClauseRole role = ClauseRole::Effect;
  ClauseForm form = ClauseForm::Imperative;
  SourceRange range;
  std::vector<const ast::Term*> terms;  // the clause's own terms (leading conditions removed)
  std::vector<SourceRange> conditions;  // leading "If ..., " / "Until ..., " phrases
  bool optional = false;                // "You may ..."
  int verb = -1;                        // index into GameProfile::verbs (Imperative, or a 3rd-person predicate)
  int event = -1;                       // index into GameProfile::events (Timing)
  std::string subject;                  // Declarative
  std::string predicate;                // Declarative: has / is / may not / challenges ...
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
};

struct CardReading {
  const ast::Card* card = nullptr;
  std::vector<TextUnit> units;
};

}  // namespace cardc
