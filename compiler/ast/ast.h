#pragma once
// The card-text AST: plain C++ nodes with exact source ranges. Built only by compiler/parse; no ANTLR, no LLVM.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_manager.h"

namespace cardc::ast {

struct Paragraph;

// One element of a sentence. Words keep their markup (bold marks keywords and designators, 003 Keywords).
enum class TermKind : uint8_t {
  Word,      // text: the word as written
  Number,    // value: 3
  Modifier,  // value and text: +2F, -3, +XF (sign, number or X, optional stat abbreviation in `stat`)
  X,         // the variable X (000 7.4)
  Comma,
  Semicolon,
  Slash,
  Dash,
  Embedded,  // quoted text granting a trait or ability (003 Embedded text): `embedded`
  Other,     // punctuation with no meaning in card text (?, !, =, brackets, bullets, stray characters)
};

// `text` and `stat` view the source file's text, which the SourceManager keeps: an AST never outlives the
// SourceManager it was parsed from (ast::relocated re-points them when a cached card is placed again). Members are
// ordered largest first and the flags are bits: 72 bytes a term (docs/performance.md, "Front end").
struct Term {
  std::string_view text;  // source spelling
  std::string_view stat;  // Modifier: the stat letters after the number ("F" in +2F), may be empty
  std::shared_ptr<Paragraph> embedded;  // Embedded
  int64_t value = 0;     // Number, Modifier (signed; 0 when the modifier is +X/-X)
  SourceRange range;
  TermKind kind = TermKind::Word;
  bool bold : 1 = false;
  bool italic : 1 = false;
  bool uses_x : 1 = false;      // Modifier written with X (+X, -XF)
  bool fractional : 1 = false;  // Number written with a decimal point (1.5): reported, 000 7.1
};

// Text between two periods (or a period and a colon) within one block.
struct Sentence {
  std::vector<Term> terms;
  SourceRange range;
  bool ends_with_period = false;
};

// Text between colons. In an ability: designator block, constraints blocks, effects block (003 Abilities).
struct Block {
  std::vector<Sentence> sentences;
  SourceRange range;
  bool bold = false;  // every word of the block is bold (a printed designator or trigger)
};

// Reminder text in parentheses: kept, never compiled (003 Reminder text).
struct Reminder {
  std::string text;  // without the parentheses
  SourceRange range;
};

// One line of card text: a trait or an ability, or several traits (one per sentence, 003 Traits).
struct Paragraph {
  std::vector<Block> blocks;
  std::vector<Reminder> reminders;
  SourceRange range;
};

enum class StatValueKind : uint8_t { Number, NumberAsterisk, Signed, X, Absent, Variable, SignedVariable /* +* */ };

struct StatValue {
  int64_t value = 0;
  SourceRange range;
  StatValueKind kind = StatValueKind::Number;
};

struct StatEntry {
  std::string name;  // as written: "Force", "F", "Honor Requirement"
  StatValue value;
  SourceRange name_range;
  SourceRange range;
};

struct KeywordEntry {
  std::string text;  // "Lion Clan"
  SourceRange range;
  bool bold = false;  // keywords with rules meaning are printed bold
};

enum class FieldKind : uint8_t { Type, Stats, Keywords, Text, Flavor };
const char* field_name(FieldKind k);

struct FieldMark {
  FieldKind kind;
  SourceRange range;  // the field word
};

struct Card {
  std::string title;  // empty for untitled (created) cards
  std::string type;
  std::string flavor;
  std::vector<StatEntry> stats;
  std::vector<KeywordEntry> keywords;
  std::vector<Paragraph> text;
  std::vector<FieldMark> fields;  // every field in the order written (duplicate and order checks)
  SourceRange title_range;
  SourceRange range;  // from `card` to the card's last line
  SourceRange type_range;
  SourceRange flavor_range;
};

struct CardSetFile {
  FileId file = kNoFile;
  std::string game;
  SourceRange game_range;
  std::string set_name;
  SourceRange set_range;
  std::vector<Card> cards;
};

// ---------------------------------------------------------------- game profiles

enum class DeclKind : uint8_t {
  Stat, PlayerStat, Resource, CardType, Zone, State, Designator, Keyword, Keywords, Event, Duration, Status,
  Dice, Verb, Policy
};
const char* decl_kind_name(DeclKind k);

struct Name {
  std::string text;
  SourceRange range;
};

struct ProfileItem {
  Name name;
  std::vector<Name> abbrevs;  // "Force (modifier)" -> {"modifier"}
};

struct Attr {
  Name name;
  std::optional<Name> value;
};

struct Declaration {
  DeclKind kind{};
  SourceRange range;
  SourceRange kind_range;
  std::optional<Name> name;
  std::vector<Name> abbrevs;
  std::optional<Name> value;  // `policy modifier order = steps A-C`
  std::vector<ProfileItem> items;
  std::vector<Attr> attrs;
};

struct ProfileFile {
  FileId file = kNoFile;
  std::string game;
  SourceRange game_range;
  std::string title;
  std::vector<Declaration> decls;
};

}  // namespace cardc::ast
