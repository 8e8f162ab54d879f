# Writes a plain C++ header from an ANTLR .tokens file, so that code outside compiler/parse (the word classifier,
# the renderer) names the wording grammar's tokens and their English spellings without ANTLR headers.
#   cmake -DTOKENS=WordingLexer.tokens -DOUT=wording_tokens.h -P tokens_header.cmake
file(STRINGS "${TOKENS}" lines)
set(names "")
set(words "")
set(symbols "")
foreach(line IN LISTS lines)
  if(line MATCHES "^'(.*)'=([0-9]+)$")
    string(APPEND words "  {${CMAKE_MATCH_2}, \"${CMAKE_MATCH_1}\"},\n")
  elseif(line MATCHES "^([A-Za-z_0-9]+)=([0-9]+)$")
    string(APPEND names "  ${CMAKE_MATCH_1} = ${CMAKE_MATCH_2},\n")
    string(APPEND symbols "  {${CMAKE_MATCH_2}, \"${CMAKE_MATCH_1}\"},\n")
  endif()
endforeach()
file(WRITE "${OUT}.tmp" "// Generated from ${TOKENS} by grammar/tokens_header.cmake: do not edit.\n#pragma once\n\nnamespace cardc::wording {\n\nenum class Token : int {\n  Invalid = 0,\n${names}};\n\nstruct TokenWord {\n  int token;\n  const char* word;\n};\n// The closed-class words: each literal token and its one spelling.\ninline constexpr TokenWord kTokenWords[] = {\n${words}};\n// Every token by its name in the grammar (V_BOW): how a primitive finds its verb token.\ninline constexpr TokenWord kTokenNames[] = {\n${symbols}};\n\n}  // namespace cardc::wording\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
