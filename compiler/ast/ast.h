#pragma once
// The card-text AST: plain C++ nodes with exact source ranges. Built only by compiler/parse; no ANTLR, no LLVM.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
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

// `text` views the source file's text, which the SourceManager keeps: an AST never outlives the SourceManager it was
// parsed from (ast::relocated re-points it when a cached card is placed again). 40 bytes a term
// (docs/performance.md, "Front end"): the stat letters are the end of `text`, and an embedded paragraph, owned by
// the card's CardText, shares its 8 bytes with the value an embedded term never has.
struct Term {
  std::string_view text;  // source spelling
  SourceRange range;
  TermKind kind = TermKind::Word;
  bool bold : 1 = false;
  bool italic : 1 = false;
  bool uses_x : 1 = false;      // Modifier written with X (+X, -XF)
  bool fractional : 1 = false;  // Number written with a decimal point (1.5): reported, 000 7.1
  uint16_t stat_size = 0;       // Modifier: how many letters at the end of `text` name its stat (a line < 64 KB)
  union {
    int64_t value = 0;          // Number, Modifier (signed; 0 when the modifier is +X/-X)
    const Paragraph* embedded;  // Embedded (only then: read `kind` first)
  };

  // Modifier: the stat letters after the number ("F" in +2F), may be empty.
  std::string_view stat() const { return text.substr(text.size() - std::min<size_t>(stat_size, text.size())); }
  const Paragraph* embedded_text() const { return kind == TermKind::Embedded ? embedded : nullptr; }
};

// Text between two periods (or a period and a colon) within one block.
struct Sentence {
  std::span<const Term> terms;  // in the card's CardText
  SourceRange range;
  bool ends_with_period = false;
};

// Text between colons. In an ability: designator block, constraints blocks, effects block (003 Abilities).
struct Block {
  std::span<const Sentence> sentences;
  SourceRange range;
  bool bold = false;  // every word of the block is bold (a printed designator or trigger)
};

// Reminder text in parentheses: kept, never compiled (003 Reminder text).
struct Reminder {
  std::string_view text;  // without the parentheses (a view of the source, as a term's text)
  SourceRange range;
};

// One line of card text: a trait or an ability, or several traits (one per sentence, 003 Traits).
struct Paragraph {
  std::span<const Block> blocks;
  std::span<const Reminder> reminders;
  SourceRange range;
};

// A paragraph as the parsers build it, before it is laid out in its card's CardText. The k-th Embedded term (in
// text order, any sentence) is `embedded[k]`.
struct DraftSentence {
  std::vector<Term> terms;
  SourceRange range;
  bool ends_with_period = false;
};
struct DraftBlock {
  std::vector<DraftSentence> sentences;
  SourceRange range;
  bool bold = false;
};
struct DraftParagraph {
  std::vector<DraftBlock> blocks;
  std::vector<Reminder> reminders;
  std::vector<DraftParagraph> embedded;
  SourceRange range;
};

// A card's text: its paragraphs, and every block, sentence, term, reminder and embedded paragraph under them, in one
// allocation (about 16 allocations a card before). Read like a vector of paragraphs; a copy is a deep copy.
class CardText {
 public:
  CardText() = default;
  explicit CardText(const std::vector<DraftParagraph>& paragraphs);
  CardText(const CardText& o);
  CardText& operator=(const CardText& o);
  CardText(CardText&&) noexcept = default;
  CardText& operator=(CardText&&) noexcept = default;

  const Paragraph* begin() const { return paragraphs(); }
  const Paragraph* end() const { return paragraphs() + top_; }
  size_t size() const { return top_; }
  bool empty() const { return top_ == 0; }
  const Paragraph& operator[](size_t i) const { return paragraphs()[i]; }
  const Paragraph& front() const { return paragraphs()[0]; }
  const Paragraph& back() const { return paragraphs()[top_ - 1]; }

  // Every node, for ast::relocated (paragraphs: the card's, then the embedded ones).
  struct Nodes {
    std::span<Paragraph> paragraphs;
    std::span<Block> blocks;
    std::span<Sentence> sentences;
    std::span<Term> terms;
    std::span<Reminder> reminders;
  };
  Nodes nodes();
  size_t bytes() const;

 private:
  Paragraph* paragraphs() const { return reinterpret_cast<Paragraph*>(block_.get()); }
  std::unique_ptr<std::byte[]> block_;
  uint32_t top_ = 0, paragraphs_ = 0, blocks_ = 0, sentences_ = 0, terms_ = 0, reminders_ = 0;
};

enum class StatValueKind : uint8_t { Number, NumberAsterisk, Signed, X, Absent, Variable, SignedVariable /* +* */ };

struct StatValue {
  int64_t value = 0;
  SourceRange range;
  StatValueKind kind = StatValueKind::Number;
};

// The name's words joined by single blanks: a view of the source when it is written so (nearly always), else of
// the same words kept once for the process (stat_name). 64 bytes an entry.
struct StatEntry {
  std::string_view name;  // as written: "Force", "F", "Honor Requirement"
  StatValue value;
  SourceRange name_range;
  SourceRange range;
};

struct KeywordEntry {
  std::string text;  // "Lion Clan"
  SourceRange range;
  bool bold = false;  // keywords with rules meaning are printed bold
};

// A stat name as StatEntry keeps it: `source` (the words as written) when it equals `joined`, else `joined` kept for
// the process (stat spellings are few; the pool grows only with spellings never seen before).
std::string_view stat_name(std::string_view source, const std::string& joined);

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
  CardText text;
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
  Stat, PlayerStat, Resource, CardType, Zone, State, Description, Designator, Keyword, Keywords, Event, Duration, Status,
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
