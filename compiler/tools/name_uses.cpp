#include "tools/name_uses.h"

#include <algorithm>
#include <cctype>

namespace cardc::tools {

namespace {

bool is_word_byte(char ch) {
  const auto c = static_cast<unsigned char>(ch);
  return std::isalnum(c) || c >= 0x80 || ch == '_';
}

// The plural endings card text uses for a name: "Personality" -> "Personalities", "Samurai" -> "Samurais".
std::vector<std::string> plural_forms(std::string_view name) {
  std::vector<std::string> out;
  if (name.size() > 1 && name.back() == 'y') out.push_back(std::string(name.substr(0, name.size() - 1)) + "ies");
  out.push_back(std::string(name) + "s");
  out.push_back(std::string(name) + "es");
  return out;
}

}  // namespace

std::vector<std::pair<size_t, size_t>> word_occurrences(std::string_view text, std::string_view name, bool plurals,
                                                        bool skip_comments) {
  std::vector<std::pair<size_t, size_t>> out;
  if (name.empty()) return out;
  std::vector<std::string> forms{std::string(name)};
  if (plurals)
    for (auto& f : plural_forms(name)) forms.push_back(std::move(f));
  // Searched by the part every form shares ("Personalit" for "Personality", "Personalities").
  const std::string_view stem =
      plurals && name.size() > 1 && name.back() == 'y' ? name.substr(0, name.size() - 1) : name;
  for (size_t at = text.find(stem); at != std::string_view::npos; at = text.find(stem, at + 1)) {
    if (at > 0 && is_word_byte(text[at - 1])) continue;
    if (skip_comments) {
      const size_t line = text.rfind('\n', at);
      const size_t hash = text.find('#', line == std::string_view::npos ? 0 : line + 1);
      if (hash < at) continue;
    }
    // The longest form written here that ends at a word boundary.
    size_t best = 0;
    for (const auto& f : forms)
      if (text.compare(at, f.size(), f) == 0 && (at + f.size() == text.size() || !is_word_byte(text[at + f.size()])))
        best = std::max(best, f.size());
    if (best) out.emplace_back(at, at + best);
  }
  return out;
}

std::string respelled(std::string_view written, std::string_view name, std::string_view new_name) {
  if (written == name) return std::string(new_name);
  // A plural: the new name takes the same kind of ending.
  if (written.size() == name.size() + 2 && written.ends_with("ies") && name.ends_with('y'))
    return new_name.ends_with('y') ? std::string(new_name.substr(0, new_name.size() - 1)) + "ies"
                                   : std::string(new_name) + "s";
  return std::string(new_name) + std::string(written.substr(name.size()));
}

std::vector<SourceRange> name_uses(std::string_view file_text, const ast::CardSetFile& set, const GameName& n) {
  std::vector<SourceRange> out;
  auto add = [&](SourceRange r) {
    if (r.valid()) out.push_back(r);
  };
  for (const ast::Card& card : set.cards) {
    switch (n.kind) {
      case NameKind::Stat:
        for (const auto& st : card.stats)
          if (st.name == n.name) add(st.name_range);
        break;
      case NameKind::Keyword:
        for (const auto& k : card.keywords)
          if (k.text == n.name) {
            // A bold keyword's range holds its ** marks: the name is inside them.
            SourceRange r = k.range;
            std::string_view written = file_text.substr(r.begin, r.end - r.begin);
            if (size_t at = written.find(n.name); at != std::string_view::npos)
              add({r.file, static_cast<uint32_t>(r.begin + at), static_cast<uint32_t>(r.begin + at + n.name.size())});
          }
        break;
      case NameKind::CardType:
        if (card.type == n.name) add(card.type_range);
        break;
      case NameKind::Title:
        if (card.title == n.name) add(card.title_range);
        break;
    }
    // In the card's text: every paragraph, with its embedded text and reminders. A title is never plural.
    for (const ast::Paragraph& para : card.text) {
      const SourceRange r = para.range;
      if (!r.valid() || r.end > file_text.size()) continue;
      for (auto [b, e] :
           word_occurrences(file_text.substr(r.begin, r.end - r.begin), n.name, n.kind != NameKind::Title, false))
        add({r.file, static_cast<uint32_t>(r.begin + b), static_cast<uint32_t>(r.begin + e)});
    }
  }
  std::sort(out.begin(), out.end(), [](SourceRange a, SourceRange b) { return a.begin < b.begin; });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace cardc::tools
