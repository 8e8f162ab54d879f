#pragma once
// Moving a card's AST to another place: every range gets a new file and is shifted by `delta` bytes. Used to
// reuse a card parsed earlier whose text has not changed but now starts elsewhere (cardc lsp after an edit).
// Embedded paragraphs are copied, never shared, so the original stays as it was.
#include <cstdint>

#include "ast/ast.h"

namespace cardc::ast {

Card relocated(const Card& card, FileId file, int64_t delta);

}  // namespace cardc::ast
