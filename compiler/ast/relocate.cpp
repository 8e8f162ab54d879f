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
  void paragraph(Paragraph& p) const {
    at(p.range);
    for (Block& b : p.blocks) {
      at(b.range);
      for (Sentence& s : b.sentences) {
        at(s.range);
        for (Term& t : s.terms) {
          at(t.range);
          // A parsed term's text is its range's text, the stat letters its end.
          const size_t stat = t.stat.size();
          t.text = text.substr(t.range.begin, t.range.end - t.range.begin);
          t.stat = t.text.substr(t.text.size() - stat);
          if (t.embedded) {
            t.embedded = std::make_shared<Paragraph>(*t.embedded);  // a copy of its own
            paragraph(*t.embedded);
          }
        }
      }
    }
    for (Reminder& r : p.reminders) at(r.range);
  }
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
    m.at(s.value.range);
    m.at(s.range);
  }
  for (KeywordEntry& k : c.keywords) m.at(k.range);
  for (Paragraph& p : c.text) m.paragraph(p);
  for (FieldMark& f : c.fields) m.at(f.range);
  return c;
}

}  // namespace cardc::ast
