// The one grammar of cardc: game profiles (.game) and card sets (.cards).
// Game nouns (card types, stats, keywords, zones, events, verbs) are plain words here; they come from the
// game profile and are resolved by the semantic passes, so one grammar serves every game.
// Layout is line-based: one declaration, field or paragraph per line; indentation is free.
// Inside a paragraph (one trait or ability), colons separate the constraints blocks from the effects block and
// periods separate sentences; compiler/parse/build_ast.cpp builds those blocks from the flat element list below.
grammar CardText;

@lexer::members {
  // A straight double quote opens embedded text when it follows a blank, the start of input or an opening
  // bracket; otherwise it closes (`Give him "Battle: Bow him."` nests without curly quotes).
  // Evaluated after the quote is matched (a right-edge predicate keeps the lexer DFA cacheable for every other
  // token), so the character before the quote is LA(-2).
  bool quoteOpens() {
    if (_input->index() < 2) return true;
    size_t c = _input->LA(-2);
    return c == static_cast<size_t>(antlr4::IntStream::EOF) || c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
           c == '(' || c == '[' || c == 0x201C || c == 0x2018 || c == 0xA0;
  }
}

// ---------------------------------------------------------------- card set files
cardSetFile
  : NL* setHeader cardDecl* EOF
  ;

setHeader
  : K_GAME gameName=word NL+ (K_SET setName=quoted NL+)?
  ;

// compiler/parse parses a set card by card: the header with cardSetFile, then each card's lines with cardChunk,
// so memory and error recovery are bounded by one card.
cardChunk
  : NL* cardDecl EOF
  ;

cardDecl
  : K_CARD title=quoted? NL+ field* (K_END (NL+ | EOF))?
  ;

field
  : K_TYPE typeName=nameWords NL+                                               # typeField
  | K_STATS statEntry ((MIDDOT | COMMA) statEntry)* NL+                          # statsField
  | K_KEYWORDS keywordEntry ((BULLET | MIDDOT | COMMA) keywordEntry)* NL+          # keywordsField
  | K_TEXT (NL+ | paragraph NL+) (paragraph NL+)*                                 # textField
  | K_FLAVOR flavorElement* NL+                                                   # flavorField
  ;

statEntry
  : nameWords statValue
  ;

statValue
  : NUMBER STAR?       // 3 or 3* (printed, modified by the card's own text)
  | SIGNED             // +1 / -1: a modifier stat (an Item's Force)
  | VARX               // X
  | DASH               // - : no value (an Honor Requirement of "-")
  | STAR               // * : no base value, determined by circumstances
  | SIGNED_STAR        // +* : a modifier determined by the card's text (an Item's Force)
  ;

keywordEntry
  : BOLD keywordName BOLD
  | keywordName
  ;

// A keyword's words may carry a number after the first: "Experienced 2", "Experienced 2CW", "Commander of the 9th
// Legion" (003 Keywords: any keyword containing Experienced is an Experienced keyword).
keywordName
  : nameWord (nameWord | NUMBER)*
  ;

flavorElement
  : ~(NL)
  ;

// ---------------------------------------------------------------- card text
// One trait or ability. The first element may not be a lower-case field word (so `flavor` ends the text).
paragraph
  : leadElement element*
  ;

leadElement
  : textWord | NUMBER | SIGNED | VARX | STAR | BOLD | ITALIC | DASH | embedded | reminder
  ;

element
  : word | NUMBER | SIGNED | VARX | STAR | BOLD | ITALIC | DASH
  | COLON | PERIOD | COMMA | SEMI | SLASH | BULLET | MIDDOT | QUESTION | BANG | EQUALS | LBRACK | RBRACK
  | embedded | reminder | OTHER
  ;

// Quoted text grants a trait or ability; it is parsed as a paragraph of its own (003 Embedded text).
embedded
  : OPEN_QUOTE paragraph? CLOSE_QUOTE
  ;

// Parenthesised text is reminder text: kept for round trip, never compiled (003 Reminder text).
reminder
  : LPAREN reminderElement* RPAREN
  ;

reminderElement
  : reminder
  | ~(LPAREN | RPAREN | NL)
  ;

// ---------------------------------------------------------------- game profile files
// One declaration per line; a line that fails to parse is skipped up to its line break (recovery per line).
profileFile
  : NL* K_GAME gameName=word title=quoted? NL+ (declaration? NL)* EOF
  ;

declaration
  : declKind name=nameWords? abbrevs? (EQUALS value)? (COLON items)? attrs?
  ;

declKind
  : K_STAT | K_PLAYER K_STAT | K_RESOURCE | K_CARD K_TYPE | K_ZONE | K_STATE | K_DESCRIPTION | K_DESIGNATOR | K_KEYWORD
  | K_KEYWORDS | K_EVENT | K_DURATION | K_STATUS | K_DICE | K_VERB | K_POLICY
  ;

abbrevs
  : LPAREN nameWords (COMMA nameWords)* RPAREN
  ;

items
  : item (COMMA item)*
  ;

item
  : nameWords abbrevs?
  ;

attrs
  : LBRACK attr (COMMA attr)* RBRACK
  ;

attr
  : nameWords (EQUALS value)?
  ;

value
  : (nameWord | NUMBER | SIGNED)+ | quoted
  ;

// ---------------------------------------------------------------- shared pieces
quoted
  : OPEN_QUOTE quotedElement* CLOSE_QUOTE
  ;

quotedElement
  : ~(NL | OPEN_QUOTE | CLOSE_QUOTE)
  ;

nameWords
  : nameWord+
  ;

nameWord
  : word | DASH | SLASH
  ;

// Field and declaration words are lower-case tokens; inside text they are ordinary words ("the end of the turn").
word
  : textWord | fieldWord
  ;

textWord
  : WORD | VARX | K_GAME | K_SET | K_STAT | K_PLAYER | K_RESOURCE | K_ZONE | K_STATE | K_DESCRIPTION | K_DESIGNATOR | K_KEYWORD
  | K_EVENT | K_DURATION | K_STATUS | K_DICE | K_VERB | K_POLICY
  ;

fieldWord
  : K_CARD | K_TYPE | K_STATS | K_KEYWORDS | K_TEXT | K_FLAVOR | K_END
  ;

// ---------------------------------------------------------------- lexer
K_GAME        : 'game' ;
K_SET         : 'set' ;
K_CARD        : 'card' ;
K_TYPE        : 'type' ;
K_STATS       : 'stats' ;
K_KEYWORDS    : 'keywords' ;
K_TEXT        : 'text' ;
K_FLAVOR      : 'flavor' ;
K_END         : 'end' ;
K_STAT        : 'stat' ;
K_PLAYER      : 'player' ;
K_RESOURCE    : 'resource' ;
K_ZONE        : 'zone' ;
K_STATE       : 'state' ;
K_DESCRIPTION : 'description' ;
K_DESIGNATOR  : 'designator' ;
K_KEYWORD     : 'keyword' ;
K_EVENT       : 'event' ;
K_DURATION    : 'duration' ;
K_STATUS      : 'status' ;
K_DICE        : 'dice' ;
K_VERB        : 'verb' ;
K_POLICY      : 'policy' ;

VARX          : 'X' ;
NUMBER        : DIGIT+ ;
SIGNED        : [+\-\u2212] (DIGIT+ | 'X') LETTER* ;
SIGNED_STAR   : '+*' ;
WORD          : LETTER (LETTER | DIGIT | APOS | '-' LETTER)* APOS? ;

BOLD          : '**' ;
STAR          : '*' ;
ITALIC        : '_' ;
COLON         : ':' ;
PERIOD        : '.' ;
COMMA         : ',' ;
SEMI          : ';' ;
SLASH         : '/' ;
EQUALS        : '=' ;
QUESTION      : '?' ;
BANG          : '!' ;
LPAREN        : '(' ;
RPAREN        : ')' ;
LBRACK        : '[' ;
RBRACK        : ']' ;
BULLET        : '\u2022' ;
MIDDOT        : '\u00B7' ;
DASH          : '-' | '\u2013' | '\u2014' | '\u2212' ;
OPEN_QUOTE    : '\u201C' | '"' {quoteOpens()}? ;
CLOSE_QUOTE   : '\u201D' | '"' ;

COMMENT       : '#' ~[\r\n]* -> channel(HIDDEN) ;
NL            : '\r'? '\n' ;
WS            : [ \t\u00A0\uFEFF]+ -> channel(HIDDEN) ;
OTHER         : . ;

fragment DIGIT  : [0-9] ;
fragment LETTER : [\p{L}] ;
fragment APOS   : '\'' | '\u2019' ;
