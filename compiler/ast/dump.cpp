#include "ast/dump.h"

#include <string>

namespace cardc::ast {

namespace {

class Dumper {
 public:
  Dumper(const SourceManager& sm, std::ostream& out) : sm_(sm), out_(out) {}

  std::string at(SourceRange r) const {
    if (!r.valid()) return "<no range>";
    LineCol a = sm_.line_col(r.file, r.begin), b = sm_.line_col(r.file, r.end);
    return "<" + std::to_string(a.line) + ":" + std::to_string(a.col) + "-" + std::to_string(b.line) + ":" +
           std::to_string(b.col) + ">";
  }
  void line(int depth, const std::string& s) { out_ << std::string(depth * 2, ' ') << s << "\n"; }

  static std::string quote(std::string_view s) { return "\"" + std::string(s) + "\""; }

  static const char* term_kind(TermKind k) {
    switch (k) {
      case TermKind::Word: return "Word";
      case TermKind::Number: return "Number";
      case TermKind::Modifier: return "Modifier";
      case TermKind::X: return "X";
      case TermKind::Comma: return "Comma";
      case TermKind::Semicolon: return "Semicolon";
      case TermKind::Slash: return "Slash";
      case TermKind::Dash: return "Dash";
      case TermKind::Embedded: return "Embedded";
      case TermKind::Other: return "Other";
    }
    return "?";
  }

  void paragraph(const Paragraph& p, int d) {
    line(d, "Paragraph " + at(p.range));
    for (const Block& b : p.blocks) {
      line(d + 1, std::string("Block") + (b.bold ? " bold" : "") + " " + at(b.range));
      for (const Sentence& s : b.sentences) {
        line(d + 2, std::string("Sentence") + (s.ends_with_period ? " ." : "") + " " + at(s.range));
        for (const Term& t : s.terms) {
          std::string extra;
          if (t.kind == TermKind::Number) extra = " value=" + std::to_string(t.value);
          if (t.kind == TermKind::Modifier)
            extra = std::string(" value=") + (t.uses_x ? (t.text[0] == '+' ? "+X" : "-X") : std::to_string(t.value)) +
                    (t.stat().empty() ? "" : " stat=" + std::string(t.stat()));
          if (t.bold) extra += " bold";
          if (t.italic) extra += " italic";
          line(d + 3, std::string(term_kind(t.kind)) + " " + quote(t.text) + extra + " " + at(t.range));
          if (t.embedded_text()) paragraph(*t.embedded_text(), d + 4);
        }
      }
    }
    for (const Reminder& r : p.reminders) line(d + 1, "Reminder " + quote(r.text) + " " + at(r.range));
  }

  void card(const Card& c, int d) {
    line(d, "Card " + quote(c.title) + " " + at(c.range));
    if (!c.type.empty()) line(d + 1, "Type " + quote(c.type) + " " + at(c.type_range));
    for (const StatEntry& s : c.stats) {
      std::string v;
      switch (s.value.kind) {
        case StatValueKind::Number: v = std::to_string(s.value.value); break;
        case StatValueKind::NumberAsterisk: v = std::to_string(s.value.value) + "*"; break;
        case StatValueKind::Signed: v = (s.value.value >= 0 ? "+" : "") + std::to_string(s.value.value); break;
        case StatValueKind::X: v = "X"; break;
        case StatValueKind::Absent: v = "-"; break;
        case StatValueKind::Variable: v = "*"; break;
        case StatValueKind::SignedVariable: v = "+*"; break;
      }
      line(d + 1, "Stat " + quote(s.name) + " " + v + " " + at(s.range));
    }
    for (const KeywordEntry& k : c.keywords)
      line(d + 1, "Keyword " + quote(k.text) + (k.bold ? " bold" : "") + " " + at(k.range));
    for (const Paragraph& p : c.text) paragraph(p, d + 1);
    if (!c.flavor.empty()) line(d + 1, "Flavor " + quote(c.flavor) + " " + at(c.flavor_range));
  }

 private:
  const SourceManager& sm_;
  std::ostream& out_;
};

}  // namespace

void dump(const CardSetFile& f, const SourceManager& sm, std::ostream& out, std::string_view only_card) {
  Dumper d(sm, out);
  if (only_card.empty()) {
    d.line(0, "CardSet game=" + f.game + " set=" + Dumper::quote(f.set_name) + " file=" + sm.name(f.file));
  }
  for (const Card& c : f.cards)
    if (only_card.empty() || c.title == only_card) d.card(c, only_card.empty() ? 1 : 0);
}

void dump(const ProfileFile& f, const SourceManager& sm, std::ostream& out) {
  Dumper d(sm, out);
  d.line(0, "Profile game=" + f.game + " title=" + Dumper::quote(f.title));
  for (const Declaration& decl : f.decls) {
    std::string s = std::string("Declaration ") + decl_kind_name(decl.kind);
    if (decl.name) s += " " + Dumper::quote(decl.name->text);
    for (const auto& a : decl.abbrevs) s += " (" + a.text + ")";
    if (decl.value) s += " = " + Dumper::quote(decl.value->text);
    d.line(1, s + " " + d.at(decl.range));
    for (const auto& it : decl.items) {
      std::string item = "Item " + Dumper::quote(it.name.text);
      for (const auto& a : it.abbrevs) item += " (" + a.text + ")";
      d.line(2, item);
    }
    for (const auto& a : decl.attrs)
      d.line(2, "Attr " + Dumper::quote(a.name.text) + (a.value ? " = " + Dumper::quote(a.value->text) : ""));
  }
}

}  // namespace cardc::ast
