#pragma once
// Structural equality of ASTs, ignoring source ranges: the formatter's guarantee that it changed only layout.
#include <string>

#include "ast/ast.h"

namespace cardc::tools {

// True when both trees hold the same cards, fields, words, markup, numbers and reminders (ranges ignored).
// On a difference, `why` names the first one found.
bool ast_equal(const ast::CardSetFile& a, const ast::CardSetFile& b, std::string* why = nullptr);
bool ast_equal(const ast::ProfileFile& a, const ast::ProfileFile& b, std::string* why = nullptr);

}  // namespace cardc::tools
