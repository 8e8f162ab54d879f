#pragma once
// Moving a card's AST to another place: every range gets a new file and is shifted by `delta` bytes. Used to
// reuse a card parsed earlier whose text has not changed but now starts elsewhere (cardc lsp after an edit).
// Embedded paragraphs are copied, never shared, so the original stays as it was. Terms' text views are re-pointed
// into `file_text`, the text the new ranges index (the new file's, or the cached card's own copy).
#include <cstdint>

#include "ast/ast.h"

namespace cardc::ast {

Card relocated(const Card& card, FileId file, int64_t delta, std::string_view file_text);

}  // namespace cardc::ast
