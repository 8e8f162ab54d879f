#pragma once
// `cardc dump-ast`: the AST as an indented tree with line:col ranges, for people and golden tests.
#include <ostream>
#include <string_view>

#include "ast/ast.h"

namespace cardc::ast {

void dump(const CardSetFile& f, const SourceManager& sm, std::ostream& out, std::string_view only_card = {});
void dump(const ProfileFile& f, const SourceManager& sm, std::ostream& out);

}  // namespace cardc::ast
