#pragma once
// What every semantic pass sees: the set, its profile, the diagnostics sink, and analyses computed once.
#include <memory>
#include <string>
#include <vector>

#include "ast/ast.h"
#include "diag/diagnostic_engine.h"
#include "profile/game_profile.h"
#include "sema/lexicon.h"
#include "sema/reading.h"

namespace cardc {

// The tree is declared only here: a change to meaning.h then rebuilds the files that read or lower it, not
// every pass that sees a CheckContext.
namespace meaning {
struct Unit;
}

// What the "meaning" pass made of one paragraph of a card's text (docs/meaning.md).
struct ParagraphMeaning {
  SourceRange paragraph;
  std::shared_ptr<const meaning::Unit> unit;  // the meaning, when the wording grammar read every word
  SourceRange unread;                 // otherwise the first word no sentence shape reads
  std::string why;                    // and why, when the words were read but the tree refused them
  bool round_trips = false;           // read, and the rendering (wording/render.h) says what the printed words say
};

struct CheckContext {
  const SourceManager& sources;
  const GameProfile& profile;
  const ast::CardSetFile& set;
  DiagnosticEngine& diags;
  std::vector<CardReading> readings;  // filled by the "reading" pass, one per card in set order
  std::vector<std::vector<ParagraphMeaning>> meanings = {};  // filled by the "meaning" pass: per card, per unit
                                                              // (a paragraph, or one trait of it: 003 Traits)
  // The profile's spellings, built once for every pass and the binder (each built its own: nine a check, which for a
  // profile of many names cost more than the passes, docs/performance.md).
  const Lexicon& lexicon() const {
    if (!lexicon_) lexicon_ = std::make_shared<const Lexicon>(profile);
    return *lexicon_;
  }
  mutable std::shared_ptr<const Lexicon> lexicon_ = {};
};

}  // namespace cardc
