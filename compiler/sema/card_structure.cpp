// Pass "structure": the shape of each card, whatever the game (003 Card features).
#include <map>

#include "sema/pipeline.h"

namespace cardc {

void check_card_structure(CheckContext& ctx) {
  std::map<std::string, const ast::Card*> titles;
  for (const ast::Card& card : ctx.set.cards) {
    DiagnosticEngine::CardScope scope(ctx.diags, card.title);
    // 003 Created cards: a created card has no title; every other card has one.
    const CardTypeDef* type = ctx.profile.card_type(card.type);
    if (card.title.empty() && !(type && type->created)) ctx.diags.report(DiagId::MissingTitle, card.title_range);
    bool has_type = false, seen_flavor = false;
    std::map<ast::FieldKind, const ast::FieldMark*> seen;
    for (const ast::FieldMark& f : card.fields) {
      if (f.kind == ast::FieldKind::Type) has_type = true;
      auto [it, fresh] = seen.emplace(f.kind, &f);
      if (!fresh)
        ctx.diags.report(DiagId::DuplicateField, f.range, ast::field_name(f.kind))
            .note(it->second->range, "first given here");
      // 003 Flavor text: at the bottom of the text box, not part of card text.
      if (f.kind == ast::FieldKind::Text && seen_flavor)
        ctx.diags.report(DiagId::TextAfterFlavor, f.range).note(seen[ast::FieldKind::Flavor]->range, "flavor text is here");
      if (f.kind == ast::FieldKind::Flavor) seen_flavor = true;
    }
    if (!has_type) ctx.diags.report(DiagId::MissingType, card.title_range, card.title.empty() ? "(untitled)" : card.title);
    if (!card.title.empty()) {
      auto [it, fresh] = titles.emplace(card.title, &card);
      if (!fresh)
        ctx.diags.report(DiagId::DuplicateTitle, card.title_range, card.title)
            .note(it->second->title_range, "first card with this title");
    }
  }
}

}  // namespace cardc
