#include "tools/ast_equal.h"

#include <fmt/format.h>

namespace cardc::tools {

namespace {

struct Cmp {
  std::string* why;
  bool fail(std::string s) {
    if (why && why->empty()) *why = std::move(s);
    return false;
  }

  bool paragraph(const ast::Paragraph& a, const ast::Paragraph& b, const std::string& at) {
    if (a.blocks.size() != b.blocks.size()) return fail(at + ": block count");
    for (size_t i = 0; i < a.blocks.size(); ++i) {
      const auto &x = a.blocks[i], &y = b.blocks[i];
      if (x.bold != y.bold || x.sentences.size() != y.sentences.size()) return fail(fmt::format("{}: block {}", at, i));
      for (size_t j = 0; j < x.sentences.size(); ++j) {
        const auto &s = x.sentences[j], &t = y.sentences[j];
        if (s.ends_with_period != t.ends_with_period || s.terms.size() != t.terms.size())
          return fail(fmt::format("{}: block {} sentence {}", at, i, j));
        for (size_t k = 0; k < s.terms.size(); ++k) {
          const ast::Term &p = s.terms[k], &q = t.terms[k];
          if (p.kind != q.kind || p.text != q.text || p.bold != q.bold || p.italic != q.italic ||
              (p.kind != ast::TermKind::Embedded && p.value != q.value) || p.uses_x != q.uses_x ||
              p.fractional != q.fractional || p.stat() != q.stat())
            return fail(fmt::format("{}: term '{}' vs '{}'", at, p.text, q.text));
          if (p.embedded_text() && !paragraph(*p.embedded_text(), *q.embedded_text(), at + " (embedded)")) return false;
        }
      }
    }
    if (a.reminders.size() != b.reminders.size()) return fail(at + ": reminder count");
    for (size_t i = 0; i < a.reminders.size(); ++i)
      if (a.reminders[i].text != b.reminders[i].text) return fail(at + ": reminder text");
    return true;
  }

  bool card(const ast::Card& a, const ast::Card& b) {
    std::string at = "card \"" + a.title + "\"";
    if (a.title != b.title) return fail(fmt::format("title '{}' vs '{}'", a.title, b.title));
    if (a.type != b.type) return fail(at + ": type");
    if (a.flavor != b.flavor) return fail(at + ": flavor");
    if (a.fields.size() != b.fields.size()) return fail(at + ": field count");
    for (size_t i = 0; i < a.fields.size(); ++i)
      if (a.fields[i].kind != b.fields[i].kind) return fail(at + ": field order");
    if (a.stats.size() != b.stats.size()) return fail(at + ": stat count");
    for (size_t i = 0; i < a.stats.size(); ++i) {
      const auto &x = a.stats[i], &y = b.stats[i];
      if (x.name != y.name || x.value.kind != y.value.kind || x.value.value != y.value.value)
        return fail(at + ": stat " + std::string(x.name));
    }
    if (a.keywords.size() != b.keywords.size()) return fail(at + ": keyword count");
    for (size_t i = 0; i < a.keywords.size(); ++i)
      if (a.keywords[i].text != b.keywords[i].text || a.keywords[i].bold != b.keywords[i].bold)
        return fail(at + ": keyword " + a.keywords[i].text);
    if (a.text.size() != b.text.size()) return fail(at + ": paragraph count");
    for (size_t i = 0; i < a.text.size(); ++i)
      if (!paragraph(a.text[i], b.text[i], fmt::format("{} paragraph {}", at, i + 1))) return false;
    return true;
  }

  static bool name_eq(const ast::Name& a, const ast::Name& b) { return a.text == b.text; }
  static bool names_eq(const std::vector<ast::Name>& a, const std::vector<ast::Name>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!name_eq(a[i], b[i])) return false;
    return true;
  }
  static bool opt_eq(const std::optional<ast::Name>& a, const std::optional<ast::Name>& b) {
    return a.has_value() == b.has_value() && (!a || name_eq(*a, *b));
  }

  bool decl(const ast::Declaration& a, const ast::Declaration& b, size_t i) {
    std::string at = fmt::format("declaration {}", i + 1);
    if (a.kind != b.kind || !opt_eq(a.name, b.name) || !names_eq(a.abbrevs, b.abbrevs) || !opt_eq(a.value, b.value))
      return fail(at);
    if (a.items.size() != b.items.size()) return fail(at + ": items");
    for (size_t j = 0; j < a.items.size(); ++j)
      if (!name_eq(a.items[j].name, b.items[j].name) || !names_eq(a.items[j].abbrevs, b.items[j].abbrevs))
        return fail(at + ": item " + a.items[j].name.text);
    if (a.attrs.size() != b.attrs.size()) return fail(at + ": attributes");
    for (size_t j = 0; j < a.attrs.size(); ++j)
      if (!name_eq(a.attrs[j].name, b.attrs[j].name) || !opt_eq(a.attrs[j].value, b.attrs[j].value))
        return fail(at + ": attribute " + a.attrs[j].name.text);
    return true;
  }
};

}  // namespace

bool ast_equal(const ast::CardSetFile& a, const ast::CardSetFile& b, std::string* why) {
  Cmp c{why};
  if (a.game != b.game) return c.fail("game");
  if (a.set_name != b.set_name) return c.fail("set name");
  if (a.cards.size() != b.cards.size()) return c.fail("card count");
  for (size_t i = 0; i < a.cards.size(); ++i)
    if (!c.card(a.cards[i], b.cards[i])) return false;
  return true;
}

bool ast_equal(const ast::ProfileFile& a, const ast::ProfileFile& b, std::string* why) {
  Cmp c{why};
  if (a.game != b.game || a.title != b.title) return c.fail("game line");
  if (a.decls.size() != b.decls.size()) return c.fail("declaration count");
  for (size_t i = 0; i < a.decls.size(); ++i)
    if (!c.decl(a.decls[i], b.decls[i], i)) return false;
  return true;
}

}  // namespace cardc::tools
