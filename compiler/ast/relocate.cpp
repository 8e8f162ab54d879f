#include "ast/relocate.h"

namespace cardc::ast {

namespace {

struct Mover {
  FileId file;
  int64_t delta;
  std::string_view text;

  void at(SourceRange& r) const {
    if (!r.valid()) return;
    r.file = file;
    r.begin = static_cast<uint32_t>(r.begin + delta);
    r.end = static_cast<uint32_t>(r.end + delta);
  }
  // Every node of the card's text, embedded paragraphs too (a copy: the original keeps its own block).
  void card_text(CardText& t) const {
    CardText::Nodes n = t.nodes();
    for (Paragraph& p : n.paragraphs) at(p.range);
    for (Block& b : n.blocks) at(b.range);
    for (Sentence& s : n.sentences) at(s.range);
    for (Term& term : n.terms) {
      // A parsed term's text is its range's text, the stat letters its end.
      at(term.range);
      term.text = text_of(term.range);
    }
    for (Reminder& r : n.reminders) {
      at(r.range);
      r.text = r.text.empty() ? std::string_view() : text.substr(r.range.begin + 1, r.text.size());  // inside ( )
    }
  }
  std::string_view text_of(SourceRange r) const { return text.substr(r.begin, r.end - r.begin); }
};

}  // namespace

Card relocated(const Card& card, FileId file, int64_t delta, std::string_view file_text) {
  Mover m{file, delta, file_text};
  Card c = card;
  m.at(c.title_range);
  m.at(c.range);
  m.at(c.type_range);
  m.at(c.flavor_range);
  for (StatEntry& s : c.stats) {
    m.at(s.name_range);
    if (std::string_view v = m.text_of(s.name_range); v == s.name) s.name = v;  // else a kept name
    m.at(s.value.range);
    m.at(s.range);
  }
  for (KeywordEntry& k : c.keywords) m.at(k.range);
  m.card_text(c.text);
  for (FieldMark& f : c.fields) m.at(f.range);
  return c;
}

}  // namespace cardc::ast
