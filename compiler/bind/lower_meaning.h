#pragma once
// Lowering: the meaning tree (compiler/meaning) to the effect IR, one function per node (docs/meaning.md). It reads
// no words: what a card does comes from its meaning, its vocabulary from the profile by id. A card is lowered from
// its meaning when the wording grammar read every paragraph of it and the lowering knows every node; otherwise the
// binder reads it as before (the migration of docs/meaning.md).
#include <cstdint>
#include <optional>
#include <vector>

#include "bind/card_binder.h"

namespace cardc::binding {

// The card's definition: its card, stats and keywords (cardrt_def_card, _stat, _keyword). Returns the local holding
// the definition id. Shared by the binder and the lowering.
uint32_t define_card(const GameProfile& p, const ast::Card& card, Body& reg, Body& out);

// `if (r < 0) return r` around a registration call (its result in a new local of `reg`).
Node checked_registration(Node c, Body& reg);

// An ability's functions before registration: the condition (when `has_condition`), targeting, costs and effect
// (continuous for CARDRT_AB_CONTINUOUS); each but the condition gets its final `return CARDRT_OK` here.
struct AbilitySlots {
  bool has_condition = false;
  Body condition, target, cost, effect;
};

// Registers one ability of the card `def` (cardrt_def_ability, then a cardrt_def_ability_fn per slot) into `out`; the
// local holding its index. Shared by the binder and the lowering, so both register alike.
uint32_t register_ability(Module& m, const std::string& unit_prefix, uint32_t def, int32_t kind, int32_t designators,
                          const std::string& trigger, uint32_t flags, AbilitySlots slots, SourceRange origin, Body& reg,
                          Body& out);

// Adds a function of a unit to the module (named `<unit prefix>_<suffix><index>`, as both paths name them) and
// returns its index.
int add_unit_function(Module& m, const std::string& unit_prefix, const std::string& suffix, FnKind kind, Body body,
                      SourceRange origin);

// A description the profile declares by a stat ("dishonorable": a Personality whose Personal Honor is at most 0):
// whether `card` is one. Shared by the binder and the lowering.
Node description_test(const DescriptionDef& d, const Node& card);

// A keyword action (the profile declares it, as its reminder text defines it). Its target test of a candidate
// (param 2) at strength `strength` (computed for each candidate): an enemy card in play of one of its types that the
// strength reaches, an attack's at the current battlefield. `attached_too`: its types' attachment restrictions
// lifted ("This may target a Personality with Followers"); `widened`: more cards it may target; `excluded`: cards it
// may not. Shared by the binder and the lowering.
struct KeywordActionUse {
  Node strength;
  bool attached_too = false;
  std::optional<Node> widened, excluded;
};
Node keyword_action_target(const KeywordActionDef& a, KeywordActionUse use);
// Chooses its target with the filter function `filter` into `slot`, then does its primitive to it. For an attack that
// destroys, when `attack_card` is given, it and `destroyed` receive the locals holding the card it was aimed at and
// whether it destroyed it ("If the Ranged Attack destroyed a Follower", "After this destroys a card").
void keyword_action_effect(const KeywordActionDef& a, int filter, int64_t slot, Body& b,
                           std::optional<uint32_t>* attack_card, std::optional<uint32_t>* destroyed);
// The runtime's kind of an attack (CARDRT_ATTACK_RANGED, _MELEE); -1: the action is no attack.
int32_t runtime_attack_kind(const KeywordActionDef& a);

// Lowers the card read by the wording grammar into `m` and appends its registration to `reg`. nullopt (nothing
// added) when some paragraph was not read, does not round-trip, or holds a node the lowering does not know yet.
std::optional<bool> lower_card_meaning(const CheckContext& ctx, ir::Module& m, const CardReading& r, size_t index,
                                       const std::vector<ParagraphMeaning>& paragraphs, Body& reg);

}  // namespace cardc::binding
