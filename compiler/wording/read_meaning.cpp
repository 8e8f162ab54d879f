// The "meaning" pass (sema/pipeline.h): each trait or ability of each card (a paragraph, or a sentence of one: 003
// Traits) read by the wording grammar into its meaning, rendered back, and compared with its printed words
// (docs/meaning.md). A paragraph the grammar does not read is left to the binder as before (the migration of docs/meaning.md); a reading that does not round-trip is reported.
#include "diag/diagnostic_engine.h"
#include "parse/wording_reader.h"
#include "sema/lexicon.h"
#include "sema/pipeline.h"
#include "wording/check_meaning.h"
#include "wording/classify.h"
#include "wording/render.h"
#include "wording/round_trip.h"
#include "wording/traits.h"

namespace cardc {

namespace {

// 003 Embedded text: the paragraph quoted by the term at `quoted`, in `p` or in a paragraph quoted in it (nullptr:
// none there)
const ast::Paragraph* quoted_paragraph(const ast::Paragraph& p, SourceRange quoted) {
  for (const ast::Block& b : p.blocks)
    for (const ast::Sentence& s : b.sentences)
      for (const ast::Term& t : s.terms) {
        const ast::Paragraph* e = t.embedded_text();
        if (!e) continue;
        if (t.range.file == quoted.file && t.range.begin == quoted.begin && t.range.end == quoted.end) return e;
        if (const ast::Paragraph* inner = quoted_paragraph(*e, quoted)) return inner;
      }
  return nullptr;
}

}  // namespace

void read_meaning(CheckContext& ctx) {
  const Lexicon& lex = ctx.lexicon();
  wording::Classifier classifier(lex);
  ctx.meanings.assign(ctx.set.cards.size(), {});
  const ast::Paragraph* paragraph = nullptr;  // the paragraph being read
  bool quoted_differs = false;                // a unit quoted in it does not round-trip
  // 003 Embedded text: a granted trait or ability is read, checked and compared as a unit of its own, on the card
  // given it: the granting card's own name is no name there (a word no shape reads), its "this" is the holder
  EmbeddedReader read_quoted = [&](SourceRange quoted, int holder) {
    WordingRead r;
    const ast::Paragraph* q = quoted_paragraph(*paragraph, quoted);
    if (!q) return r;
    std::vector<wording::WordToken> words = classifier.classify(*q, {});
    if (words.empty()) return r;
    r = read_wording(words, ctx.profile, holder, {}, &read_quoted);
    if (!r.unit) return r;
    wording::check_meaning(*r.unit, ctx.profile, ctx.diags, [&](SourceRange at) { return std::string(ctx.sources.text(at)); });
    std::vector<wording::WordToken> rendered = wording::render(*r.unit, ctx.profile);
    if (auto diff = wording::round_trip_difference(words, rendered)) {
      quoted_differs = true;
      ctx.diags.report(DiagId::MeaningRoundTrip, diff->printed.valid() ? diff->printed : q->range, std::string(ctx.sources.text(q->range)),
                       wording::spell(rendered, ctx.profile), std::string(ctx.sources.text(diff->printed)));
    }
    return r;
  };
  for (size_t c = 0; c < ctx.set.cards.size(); ++c) {
    const ast::Card& card = ctx.set.cards[c];
    const CardTypeDef* type_def = ctx.profile.card_type(card.type);
    const int type = type_def ? static_cast<int>(type_def - ctx.profile.card_types.data()) : -1;
    const bool action = type_def && type_def->action;
    std::vector<meaning::ProfileId> keywords;  // its printed keywords, by the profile's ids
    for (const ast::KeywordEntry& k : card.keywords)
      if (auto i = ctx.profile.keyword_id(k.text)) keywords.push_back(static_cast<meaning::ProfileId>(*i));
    for (const ast::Paragraph& p : card.text) {
      paragraph = &p;
      std::vector<wording::WordToken> printed = classifier.classify(p, card.title);
      if (printed.empty()) continue;  // reminder text alone: no rules meaning (003 Reminder text), nothing to read
      // 003 Traits: a paragraph without a colon holds a trait a sentence
      for (std::span<const wording::WordToken> words : wording::traits_of(printed, action)) {
        ParagraphMeaning m;
        m.paragraph = SourceRange::join(words.front().range, words.back().range);
        if (words.size() == printed.size()) m.paragraph = p.range;
        quoted_differs = false;
        WordingRead r = read_wording(words, ctx.profile, type, keywords, &read_quoted);
        for (const auto& [pronoun, card_type] : r.disagreeing_pronouns)  // 003 Traits: "he" names a person
          ctx.diags.report(DiagId::PronounAgreement, pronoun, std::string(ctx.sources.text(pronoun)),
                           ctx.profile.card_types[static_cast<size_t>(card_type)].name);
        m.unread = r.unread;
        m.why = std::move(r.why);
        if (r.unit) {
          wording::check_meaning(*r.unit, ctx.profile, ctx.diags, [&](SourceRange at) { return std::string(ctx.sources.text(at)); });
          std::vector<wording::WordToken> rendered = wording::render(*r.unit, ctx.profile);
          auto diff = wording::round_trip_difference(words, rendered);
          m.round_trips = !diff && !quoted_differs;
          // spelled as text only for a designer (this diagnostic, --emit=meaning): most paragraphs round-trip
          if (diff)
            ctx.diags.report(DiagId::MeaningRoundTrip, diff->printed.valid() ? diff->printed : m.paragraph, std::string(ctx.sources.text(m.paragraph)),
                             wording::spell(rendered, ctx.profile), std::string(ctx.sources.text(diff->printed)));
          m.unit = std::make_shared<const meaning::Unit>(std::move(*r.unit));
        }
        ctx.meanings[c].push_back(std::move(m));
      }
    }
  }
}

}  // namespace cardc
