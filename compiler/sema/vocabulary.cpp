// Pass "vocabulary": card types, stats and keywords must be the profile's (language.md, Structure).
#include <set>

#include "base/suggest.h"
#include "sema/pipeline.h"

namespace cardc {

namespace {

void suggest(Diagnostic& d, SourceRange r, std::string_view word, const std::vector<std::string>& known) {
  if (auto best = closest(word, known)) {
    d.fix(r, *best);
    d.note({}, "did you mean '" + *best + "'?");
  }
}

void check_stats(CheckContext& ctx, const ast::Card& card, const CardTypeDef* type) {
  const GameProfile& p = ctx.profile;
  std::set<size_t> given;
  for (const ast::StatEntry& s : card.stats) {
    if (s.name.empty()) continue;
    auto idx = p.stat(s.name);
    if (!idx || p.stats[*idx].player) {
      auto& d = ctx.diags.report(DiagId::UnknownStat, s.name_range, s.name, p.game);
      suggest(d, s.name_range, s.name, p.stat_spellings());
      continue;
    }
    const StatDef& def = p.stats[*idx];
    if (!given.insert(*idx).second) {
      ctx.diags.report(DiagId::DuplicateStat, s.name_range, def.name);
      continue;
    }
    if (!type) continue;
    const CardTypeDef::Slot* slot = type->slot(*idx);
    // 003 Absent stats: a card type without a stat does not possess it.
    if (!slot) {
      ctx.diags.report(DiagId::StatNotOnCardType, s.name_range, type->name, def.name)
          .fix(s.range, "")
          .note(type->where, "card type " + type->name + " is declared here");
      continue;
    }
    // 003 Force/Chi of an Item are modifiers, printed with a sign; other stats are plain values.
    bool is_signed = s.value.kind == ast::StatValueKind::Signed || s.value.kind == ast::StatValueKind::SignedVariable;
    if (slot->modifier && s.value.kind == ast::StatValueKind::Number)
      ctx.diags.report(DiagId::StatSignMismatch, s.value.range,
                       fmt::format("{} of a {} is a modifier: write +{} or -{}", def.name, type->name, s.value.value,
                                   s.value.value))
          .fix(s.value.range, "+" + std::to_string(s.value.value));
    else if (!slot->modifier && is_signed)
      ctx.diags.report(DiagId::StatSignMismatch, s.value.range,
                       fmt::format("{} of a {} is a value, not a modifier: write it without a sign", def.name,
                                   type->name))
          .fix(s.value.range, s.value.kind == ast::StatValueKind::SignedVariable
                                  ? std::string("*")
                                  : std::to_string(s.value.value < 0 ? -s.value.value : s.value.value));
  }
}

}  // namespace

void check_vocabulary(CheckContext& ctx) {
  const GameProfile& p = ctx.profile;
  for (const ast::Card& card : ctx.set.cards) {
    DiagnosticEngine::CardScope scope(ctx.diags, card.title);
    const CardTypeDef* type = nullptr;
    if (!card.type.empty()) {
      type = p.card_type(card.type);
      if (!type) {
        auto& d = ctx.diags.report(DiagId::UnknownCardType, card.type_range, card.type, p.game);
        suggest(d, card.type_range, card.type, p.card_type_names());
      }
    }
    check_stats(ctx, card, type);
    std::set<std::string> seen;
    for (const ast::KeywordEntry& k : card.keywords) {
      if (!seen.insert(k.text).second) {
        ctx.diags.report(DiagId::DuplicateKeyword, k.range, k.text);
        continue;
      }
      // 003 Keywords: compared as whole keywords, so "Ninjato" is not "Ninja" (no partial matches here).
      if (!p.keyword(k.text)) {
        auto& d = ctx.diags.report(DiagId::UnknownKeyword, k.range, k.text, p.game);
        suggest(d, k.range, k.text, p.keyword_names());
      }
    }
  }
}

}  // namespace cardc
