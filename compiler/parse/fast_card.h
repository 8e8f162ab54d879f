#pragma once
// A card read without ANTLR: the fast path of parse_card_set for the common card that has no syntax error.
// It lexes and parses one card's slice exactly as grammar/CardText.g4 does and builds the same AST (the same
// ranges, words and markup) as parser.cpp's AstBuilder. It never reports: on anything it does not read exactly
// as the grammar would without an error (a syntax error, a number out of range, a stray character, a letter
// outside ASCII where the grammar's \p{L} would matter, deep nesting) it returns nothing and the caller parses
// the card with ANTLR, which reports. tests/unit/fast_card_test.cpp holds both paths to the same trees.
#include <optional>
#include <string_view>

#include "ast/ast.h"
#include "parse/parser.h"

namespace cardc {

// `slice` is one card's text (from its `card` line to the next card), starting at byte `base` of `file`.
std::optional<ast::Card> fast_parse_card(std::string_view slice, FileId file, uint32_t base,
                                         const ParseLimits& limits);

}  // namespace cardc
