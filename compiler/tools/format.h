#pragma once
// `cardc fmt`: the one canonical layout of card sets and game profiles (docs/tools.md, Formatter).
//
// Card sets: `game`/`set` header at column 0; `card "Title"` and `end` at column 0 (a missing `end` is added);
// fields indented 2 (`type`, `stats A 1 · B 2`, `keywords **A** • B`, `text`, `flavor ...`), list separators as
// the line's first one, spaced (` · `, ` • `, `, `); each paragraph on its own line indented 4, its words exactly as
// written (a first paragraph written on the `text` line stays there); one blank line between cards, none inside a card, never
// two in a row. Profiles: one declaration per line at column 0, single spaces, `, ` `: ` ` = ` `(x)` `[a, b]`.
// Comments are kept: a trailing comment keeps its column when the code before it leaves room; a whole-line
// comment takes the indentation of the code line after it (or keeps its own when it continues a trailing comment).
#include <optional>
#include <string>
#include <string_view>

namespace cardc::tools {

enum class FormatLanguage { CardSet, Profile };

// Pure layout: no parsing, no checks (format_source below verifies the result).
std::string format_card_set_text(std::string_view text);
std::string format_profile_text(std::string_view text);

// Formats `text` (a file named `name`) and proves the result: the input must parse without errors, and the output
// must parse to an equal AST (tools/ast_equal.h). Returns nullopt and fills `error` (the parse diagnostics,
// rendered) when the file cannot be formatted.
std::optional<std::string> format_source(std::string_view text, FormatLanguage lang, const std::string& name,
                                         std::string& error);

}  // namespace cardc::tools
