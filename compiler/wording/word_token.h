#pragma once
// A word of card text as the wording grammar sees it: a token of grammar/english/WordingLexer.g4, with the profile
// entry a name stands for and the number a numeral or modifier carries. Plain C++: the parser (compiler/parse)
// turns these into ANTLR tokens, the renderer writes them.
#include <cstdint>
#include <string_view>

#include "base/source_manager.h"

namespace cardc::wording {

struct WordToken {
  int type = 0;          // a Token of wording_tokens.h
  SourceRange range = {};  // the words it stands for (several for a multi-word name)
  int32_t id = -1;       // class tokens: the profile entry; MODIFIER: the stat its letters name (-1: none)
  int64_t value = 0;     // NUMBER, MODIFIER (signed)
  bool uses_x = false;   // MODIFIER written with X
  bool plural = false;   // CARD_TYPE, KEYWORD, ZONE read in a plural form
  bool third_person = false;  // a verb token rendered after a subject ("His controller loses"): spelled so, meaning
                              // the same (the round trip does not compare it)
  std::string_view text = {};  // the first word as written (for messages)
};

}  // namespace cardc::wording
