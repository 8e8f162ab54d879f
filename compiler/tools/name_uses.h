#pragma once
// Where a name of the game (a stat, keyword or card type of the profile) or a card's title is written: the
// language server's references and rename (docs/tools.md "Language server").
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.h"

namespace cardc::tools {

enum class NameKind { Stat, Keyword, CardType, Title };

struct GameName {
  NameKind kind;
  std::string name;  // as the profile declares it (a stat's full name), or the title
};

// Whole-word, case-sensitive occurrences of `name` in `text` as [begin, end) offsets; with `plurals`, also its
// plural as card text writes one ("Personalities", "Samurais"); `comments` skips '#' to the end of a line.
std::vector<std::pair<size_t, size_t>> word_occurrences(std::string_view text, std::string_view name, bool plurals,
                                                        bool skip_comments);

// `written` (the name or its plural, as found) with the name replaced by `new_name`, keeping the plural.
std::string respelled(std::string_view written, std::string_view name, std::string_view new_name);

// Every place in `set` (whose text is `file_text`) where `n` is written: a stat's full name in stats lines, a
// keyword in keywords lines, a card type in type lines, a title in title lines, and each of them in card text.
std::vector<SourceRange> name_uses(std::string_view file_text, const ast::CardSetFile& set, const GameName& n);

}  // namespace cardc::tools
