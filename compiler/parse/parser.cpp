// The only file that sees ANTLR: runs the generated lexer and parser and builds our AST from the parse tree
// (one build function per grammar rule, the rule quoted above it). Every ANTLR exception is caught here.
#include "parse/parser.h"

#include <charconv>
#include <unordered_set>

#include "CardTextLexer.h"
#include "CardTextParser.h"
#include "antlr4-runtime.h"
#include "ast/relocate.h"
#include "parse/fast_card.h"
#include "parse/source_checks.h"

namespace cardc {

namespace {

using P = cardc_grammar::CardTextParser;
using L = cardc_grammar::CardTextLexer;

// ANTLR indexes code points; our ranges are byte offsets into the UTF-8 file.
class OffsetMap {
 public:
  // `s` is a slice of the file starting at byte `base`.
  explicit OffsetMap(std::string_view s, uint32_t base = 0) {
    bytes_.reserve(s.size() + 1);
    for (size_t i = 0; i < s.size(); ++i)
      if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) bytes_.push_back(base + static_cast<uint32_t>(i));
    bytes_.push_back(base + static_cast<uint32_t>(s.size()));
  }
  uint32_t byte(size_t cp) const { return cp < bytes_.size() ? bytes_[cp] : bytes_.back(); }

 private:
  std::vector<uint32_t> bytes_;
};

// How an expected token is named in a message: literals as written, the rest in words.
std::string expected_name(const antlr4::dfa::Vocabulary& vocab, size_t t) {
  switch (t) {
    case L::NL: return "end of line";
    case L::WORD: return "a word";
    case L::NUMBER: return "a number";
    case L::SIGNED: return "a signed number (+1)";
    case L::OPEN_QUOTE: return "an opening quote";
    case L::CLOSE_QUOTE: return "a closing quote";
    case L::DASH: return "'-'";
    case L::BULLET: return "'\u2022'";
    case L::MIDDOT: return "'\u00b7'";
    case antlr4::Token::EOF: return "end of file";
    default: break;
  }
  std::string lit = vocab.getLiteralName(t);
  return lit.empty() ? vocab.getSymbolicName(t) : lit;
}

std::string friendly_token(size_t type, const std::string& text) {
  switch (type) {
    case L::NL: return "end of line";
    case antlr4::Token::EOF: return "end of file";
    case L::OPEN_QUOTE: return "opening quote";
    case L::CLOSE_QUOTE: return "closing quote";
    case L::WORD: return "word '" + text + "'";
    case L::NUMBER: return "number " + text;
    default: return "'" + text + "'";
  }
}

// Replaces ANTLR's console listener: syntax errors become our diagnostics, at most one per line.
class DiagnosticListener : public antlr4::BaseErrorListener {
 public:
  DiagnosticListener(DiagnosticEngine& d, FileId f, const OffsetMap& m) : diags_(d), file_(f), map_(m) {}

  void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* bad, size_t line, size_t, const std::string&,
                   std::exception_ptr) override {
    if (!reported_lines_.insert(line).second) return;
    ++count_;
    if (!bad) return;  // the lexer never fails: OTHER matches any character
    SourceRange r{file_, map_.byte(bad->getStartIndex()), map_.byte(bad->getStopIndex() + 1)};
    if (bad->getType() == antlr4::Token::EOF || bad->getType() == L::NL) r.end = r.begin;
    auto* parser = dynamic_cast<antlr4::Parser*>(recognizer);
    antlr4::misc::IntervalSet expected;
    try {
      if (parser) expected = parser->getExpectedTokens();
    } catch (...) {
    }
    if (expected.contains(static_cast<size_t>(L::CLOSE_QUOTE)) && (bad->getType() == L::NL || bad->getType() == antlr4::Token::EOF)) {
      diags_.report(DiagId::UnterminatedQuote, r);
      return;
    }
    if (bad->getType() == L::OTHER) {
      diags_.report(DiagId::UnexpectedCharacter, r, bad->getText());
      return;
    }
    std::string context;
    if (parser) {
      std::vector<std::string> names;
      bool any_word = expected.contains(static_cast<size_t>(L::WORD));
      for (size_t t : expected.toList()) {
        // Field and declaration words are words too: "a word" says it once.
        if (any_word && t != L::WORD && parser->getVocabulary().getSymbolicName(t).rfind("K_", 0) == 0) continue;
        if (any_word && t == L::VARX) continue;
        if (names.size() == 6) {
          names.push_back("...");
          break;
        }
        names.push_back(expected_name(parser->getVocabulary(), t));
      }
      if (!names.empty()) {
        context = "; expected ";
        for (size_t i = 0; i < names.size(); ++i) context += (i ? (i + 1 == names.size() ? " or " : ", ") : "") + names[i];
      }
    }
    diags_.report(DiagId::UnexpectedToken, r, friendly_token(bad->getType(), bad->getText()), context);
  }

  size_t count() const { return count_; }

 private:
  DiagnosticEngine& diags_;
  FileId file_;
  const OffsetMap& map_;
  std::unordered_set<size_t> reported_lines_;
  size_t count_ = 0;
};

// Builds AST nodes from parse-tree contexts.
class AstBuilder {
 public:
  AstBuilder(const SourceManager& sm, FileId f, const OffsetMap& m, DiagnosticEngine& d, const ParseLimits& l)
      : sm_(sm), file_(f), map_(m), diags_(d), limits_(l) {}

  SourceRange range(antlr4::Token* t) const {
    return {file_, map_.byte(t->getStartIndex()), map_.byte(t->getStopIndex() + 1)};
  }
  SourceRange range(antlr4::ParserRuleContext* c) const {
    if (!c || !c->getStart()) return {};
    antlr4::Token* stop = c->getStop() ? c->getStop() : c->getStart();
    if (stop->getTokenIndex() < c->getStart()->getTokenIndex()) return {file_, map_.byte(c->getStart()->getStartIndex()),
                                                                         map_.byte(c->getStart()->getStartIndex())};
    return {file_, map_.byte(c->getStart()->getStartIndex()), map_.byte(stop->getStopIndex() + 1)};
  }
  std::string text(SourceRange r) const { return std::string(sm_.text(r)); }
  std::string_view view(SourceRange r) const { return sm_.text(r); }

  // Words joined by single spaces, as a name is compared.
  std::string name_text(P::NameWordsContext* c) const {
    std::string out;
    for (auto* w : c->nameWord()) {
      if (!out.empty() && !w->DASH() && !w->SLASH() && out.back() != '-' && out.back() != '/') out += ' ';
      out += w->getText();
    }
    return out;
  }

  // keywordName : nameWord (nameWord | NUMBER)* -- as nameWords, and a number written against a word ("2CW",
  // "9th") stays one word.
  std::string name_text(P::KeywordNameContext* c) const {
    std::string out;
    size_t previous_end = 0;
    for (auto* child : c->children) {
      auto* w = dynamic_cast<P::NameWordContext*>(child);
      antlr4::Token* first = w ? w->getStart() : dynamic_cast<antlr4::tree::TerminalNode*>(child)->getSymbol();
      bool joins = w && (w->DASH() || w->SLASH());
      if (!out.empty() && !joins && out.back() != '-' && out.back() != '/' && first->getStartIndex() != previous_end)
        out += ' ';
      out += child->getText();
      previous_end = (w ? w->getStop() : first)->getStopIndex() + 1;
    }
    return out;
  }

  // quoted : OPEN_QUOTE quotedElement* CLOSE_QUOTE  -> the text between the quotes
  // After error recovery a quote token may be missing (`set "Unclosed`): take what is there.
  std::pair<std::string, SourceRange> quoted(P::QuotedContext* q) const {
    if (!q || !q->OPEN_QUOTE()) return {std::string(), range(q)};
    SourceRange r{file_, range(q->OPEN_QUOTE()->getSymbol()).end, 0};
    r.end = q->CLOSE_QUOTE() ? range(q->CLOSE_QUOTE()->getSymbol()).begin : range(q).end;
    if (r.end < r.begin) r.end = r.begin;
    return {text(r), r};
  }

  int64_t number(antlr4::Token* t, std::string_view digits) {
    int64_t v = 0;
    auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || v > limits_.max_number) {
      diags_.report(DiagId::NumberOutOfRange, range(t), std::string(digits), limits_.max_number);
      return limits_.max_number;
    }
    (void)p;
    return v;
  }

  // cardSetFile : NL* setHeader cardDecl* EOF
  std::unique_ptr<ast::CardSetFile> card_set(P::CardSetFileContext* c) {
    auto out = std::make_unique<ast::CardSetFile>();
    out->file = file_;
    if (auto* h = c->setHeader()) {
      if (h->gameName) {
        out->game = h->gameName->getText();
        out->game_range = range(h->gameName);
      }
      if (h->setName) std::tie(out->set_name, out->set_range) = quoted(h->setName);
    }
    for (auto* cd : c->cardDecl()) {
      if (out->cards.size() >= limits_.max_cards) {
        diags_.report(DiagId::TooManyCards, range(cd), limits_.max_cards);
        break;
      }
      out->cards.push_back(card(cd));
    }
    return out;
  }

  // cardDecl : K_CARD title=quoted? NL+ field* (K_END (NL+ | EOF))?
  ast::Card card(P::CardDeclContext* c) {
    ast::Card card;
    std::vector<ast::DraftParagraph> paragraphs;
    card.range = range(c);
    // The card's range ends at its last non-blank token, not at trailing blank lines.
    if (c->title) std::tie(card.title, card.title_range) = quoted(c->title);
    else card.title_range = range(c->K_CARD()->getSymbol());
    for (auto* f : c->field()) {
      if (auto* t = dynamic_cast<P::TypeFieldContext*>(f)) {
        card.fields.push_back({ast::FieldKind::Type, range(t->K_TYPE()->getSymbol())});
        if (card.type.empty() && t->typeName) {
          card.type = name_text(t->typeName);
          card.type_range = range(t->typeName);
        }
      } else if (auto* s = dynamic_cast<P::StatsFieldContext*>(f)) {
        card.fields.push_back({ast::FieldKind::Stats, range(s->K_STATS()->getSymbol())});
        for (auto* e : s->statEntry()) card.stats.push_back(stat_entry(e));
      } else if (auto* k = dynamic_cast<P::KeywordsFieldContext*>(f)) {
        card.fields.push_back({ast::FieldKind::Keywords, range(k->K_KEYWORDS()->getSymbol())});
        for (auto* e : k->keywordEntry()) {
          if (!e->keywordName()) continue;
          ast::KeywordEntry kw;
          kw.text = name_text(e->keywordName());
          kw.range = range(e->keywordName());
          kw.bold = !e->BOLD().empty();
          card.keywords.push_back(std::move(kw));
        }
      } else if (auto* t = dynamic_cast<P::TextFieldContext*>(f)) {
        card.fields.push_back({ast::FieldKind::Text, range(t->K_TEXT()->getSymbol())});
        for (auto* p : t->paragraph()) paragraphs.push_back(paragraph(p));
      } else if (auto* fl = dynamic_cast<P::FlavorFieldContext*>(f)) {
        card.fields.push_back({ast::FieldKind::Flavor, range(fl->K_FLAVOR()->getSymbol())});
        auto elems = fl->flavorElement();
        if (!elems.empty()) {
          SourceRange r = SourceRange::join(range(elems.front()), range(elems.back()));
          std::string s = text(r);
          // _italic_ markup around flavor is presentation, not text.
          if (s.size() >= 2 && s.front() == '_' && s.back() == '_') {
            s = s.substr(1, s.size() - 2);
            r.begin += 1;
            r.end -= 1;
          }
          card.flavor = s;
          card.flavor_range = r;
        }
      }
    }
    card.text = ast::CardText(paragraphs);
    return card;
  }

  // statEntry : nameWords statValue
  ast::StatEntry stat_entry(P::StatEntryContext* c) {
    ast::StatEntry e;
    e.range = range(c);
    if (!c->nameWords() || !c->statValue()) return e;  // a syntax error was reported
    e.name_range = range(c->nameWords());
    e.name = ast::stat_name(view(e.name_range), name_text(c->nameWords()));
    e.range = range(c);
    auto* v = c->statValue();
    e.value.range = range(v);
    if (v->NUMBER()) {
      e.value.value = number(v->NUMBER()->getSymbol(), v->NUMBER()->getText());
      e.value.kind = v->STAR() ? ast::StatValueKind::NumberAsterisk : ast::StatValueKind::Number;
    } else if (v->SIGNED()) {
      ast::Term t = modifier(v->SIGNED()->getSymbol());
      e.value.kind = t.uses_x ? ast::StatValueKind::X : ast::StatValueKind::Signed;
      e.value.value = t.value;
    } else if (v->VARX()) {
      e.value.kind = ast::StatValueKind::X;
    } else if (v->DASH()) {
      e.value.kind = ast::StatValueKind::Absent;
    } else if (v->SIGNED_STAR()) {
      e.value.kind = ast::StatValueKind::SignedVariable;
    } else {
      e.value.kind = ast::StatValueKind::Variable;
    }
    return e;
  }

  // SIGNED : [+-] (DIGIT+ | 'X') LETTER*   ->  +2F, -3, +X
  ast::Term modifier(antlr4::Token* t) {
    ast::Term term;
    term.kind = ast::TermKind::Modifier;
    term.text = view(range(t));
    term.range = range(t);
    std::string_view s = term.text;
    bool negative = s[0] == '-' || s[0] != '+';  // '-' or U+2212
    size_t i = s[0] == '+' || s[0] == '-' ? 1 : 3;
    size_t j = i;
    while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
    if (j == i && j < s.size() && s[j] == 'X') {
      term.uses_x = true;
      ++j;
    } else {
      term.value = number(t, s.substr(i, j - i));
    }
    if (negative) term.value = -term.value;
    term.stat_size = static_cast<uint16_t>(std::min<size_t>(s.size() - j, UINT16_MAX));
    return term;
  }

  // paragraph : leadElement element*
  // Colons split blocks and periods split sentences; ** toggles bold and _ toggles italic.
  ast::DraftParagraph paragraph(P::ParagraphContext* c) {
    ast::DraftParagraph para;
    para.range = range(c);
    bool bold = false, italic = false;
    ast::DraftBlock block;
    ast::DraftSentence sentence;
    auto close_sentence = [&](bool period, SourceRange at) {
      if (!sentence.terms.empty() || period) {
        sentence.ends_with_period = period;
        if (sentence.terms.empty()) sentence.range = at;
        block.sentences.push_back(std::move(sentence));
      }
      sentence = {};
    };
    auto close_block = [&]() {
      bool any_word = false, all_bold = true;
      for (auto& s : block.sentences) {
        for (auto& t : s.terms) {
          if (t.kind == ast::TermKind::Word || t.kind == ast::TermKind::X) {
            any_word = true;
            all_bold = all_bold && t.bold;
          }
        }
        block.range = SourceRange::join(block.range, s.range);
      }
      block.bold = any_word && all_bold;
      para.blocks.push_back(std::move(block));
      block = {};
    };
    auto add = [&](ast::Term t) {
      t.bold = bold;
      t.italic = italic;
      sentence.range = SourceRange::join(sentence.range, t.range);
      sentence.terms.push_back(std::move(t));
    };
    auto element = [&](antlr4::ParserRuleContext* e) {
      auto* tok = e->getStart();
      if (auto* emb = dynamic_cast<P::EmbeddedContext*>(e->children.empty() ? nullptr : e->children[0])) {
        ast::Term t;
        t.kind = ast::TermKind::Embedded;
        t.range = range(emb);
        t.text = view(t.range);
        if (emb->paragraph()) {
          para.embedded.push_back(paragraph(emb->paragraph()));
        } else {
          para.embedded.emplace_back().range = t.range;
        }
        add(std::move(t));
        return;
      }
      if (auto* rem = dynamic_cast<P::ReminderContext*>(e->children.empty() ? nullptr : e->children[0])) {
        SourceRange r = range(rem);
        para.reminders.push_back({view({file_, r.begin + 1, r.end - 1}), r});
        return;
      }
      ast::Term t;
      t.range = range(tok);
      t.text = view(t.range);
      switch (tok->getType()) {
        case L::BOLD: bold = !bold; return;
        case L::ITALIC: italic = !italic; return;
        case L::COLON:
          close_sentence(false, t.range);
          close_block();
          return;
        case L::PERIOD: close_sentence(true, t.range); return;
        case L::NUMBER:
          t.kind = ast::TermKind::Number;
          t.value = number(tok, t.text);
          break;
        case L::SIGNED: t = modifier(tok); break;
        case L::VARX: t.kind = ast::TermKind::X; break;
        case L::COMMA: t.kind = ast::TermKind::Comma; break;
        case L::SEMI: t.kind = ast::TermKind::Semicolon; break;
        case L::SLASH: t.kind = ast::TermKind::Slash; break;
        case L::DASH: t.kind = ast::TermKind::Dash; break;
        case L::OTHER:
          diags_.report(DiagId::UnexpectedCharacter, t.range, t.text);
          t.kind = ast::TermKind::Other;
          break;
        case L::STAR: case L::QUESTION: case L::BANG: case L::EQUALS: case L::LBRACK: case L::RBRACK:
        case L::BULLET: case L::MIDDOT:
          t.kind = ast::TermKind::Other;
          break;
        default: t.kind = ast::TermKind::Word; break;
      }
      add(std::move(t));
    };
    std::vector<antlr4::ParserRuleContext*> elems{c->leadElement()};
    for (auto* e : c->element()) elems.push_back(e);
    for (size_t i = 0; i < elems.size(); ++i) {
      // "1.5": a period between two adjacent numbers is a decimal point, not the end of a sentence.
      antlr4::Token* tok = elems[i]->getStart();
      if (tok->getType() == L::PERIOD && i + 1 < elems.size() && !sentence.terms.empty() &&
          sentence.terms.back().kind == ast::TermKind::Number && sentence.terms.back().range.end == range(tok).begin &&
          elems[i + 1]->getStart()->getType() == L::NUMBER &&
          range(elems[i + 1]->getStart()).begin == range(tok).end) {
        ast::Term& num = sentence.terms.back();
        num.range.end = range(elems[i + 1]->getStart()).end;
        num.text = view(num.range);
        num.fractional = true;
        sentence.range = SourceRange::join(sentence.range, num.range);
        ++i;
        continue;
      }
      element(elems[i]);
    }
    close_sentence(false, {});
    close_block();
    return para;
  }

  // profileFile : NL* K_GAME gameName=word title=quoted? NL+ (declaration NL+)* EOF
  std::unique_ptr<ast::ProfileFile> profile(P::ProfileFileContext* c) {
    auto out = std::make_unique<ast::ProfileFile>();
    out->file = file_;
    if (c->gameName) {
      out->game = c->gameName->getText();
      out->game_range = range(c->gameName);
    }
    if (c->title) out->title = quoted(c->title).first;
    for (auto* d : c->declaration()) out->decls.push_back(declaration(d));
    return out;
  }

  ast::Name name(P::NameWordsContext* c) const { return {name_text(c), range(c)}; }

  ast::Name value(P::ValueContext* v) {
    if (v->quoted()) {
      auto [s, r] = quoted(v->quoted());
      return {s, r};
    }
    // Words, numbers and signs joined by single spaces: "rule 523", "steps A-C".
    std::string out;
    for (auto* child : v->children) {
      if (!out.empty()) out += ' ';
      out += child->getText();
    }
    return {out, range(v)};
  }

  // declaration : declKind name=nameWords? abbrevs? (EQUALS value)? (COLON items)? attrs?
  ast::Declaration declaration(P::DeclarationContext* c) {
    ast::Declaration d;
    d.range = range(c);
    auto* k = c->declKind();
    if (!k) return d;
    d.kind_range = range(k);
    d.kind = k->K_PLAYER()      ? ast::DeclKind::PlayerStat
             : k->K_STAT()       ? ast::DeclKind::Stat
             : k->K_RESOURCE()   ? ast::DeclKind::Resource
             : k->K_CARD()       ? ast::DeclKind::CardType
             : k->K_ZONE()       ? ast::DeclKind::Zone
             : k->K_STATE()      ? ast::DeclKind::State
             : k->K_DESCRIPTION() ? ast::DeclKind::Description
             : k->K_DESIGNATOR() ? ast::DeclKind::Designator
             : k->K_KEYWORD()    ? ast::DeclKind::Keyword
             : k->K_KEYWORDS()   ? ast::DeclKind::Keywords
             : k->K_EVENT()      ? ast::DeclKind::Event
             : k->K_DURATION()   ? ast::DeclKind::Duration
             : k->K_STATUS()     ? ast::DeclKind::Status
             : k->K_DICE()       ? ast::DeclKind::Dice
             : k->K_VERB()       ? ast::DeclKind::Verb
                                 : ast::DeclKind::Policy;
    if (c->name) d.name = name(c->name);
    if (auto* a = c->abbrevs())
      for (auto* n : a->nameWords()) d.abbrevs.push_back(name(n));
    if (c->value()) d.value = value(c->value());
    if (auto* items = c->items()) {
      for (auto* it : items->item()) {
        if (!it->nameWords()) continue;
        ast::ProfileItem pi;
        pi.name = name(it->nameWords());
        if (auto* a = it->abbrevs())
          for (auto* n : a->nameWords()) pi.abbrevs.push_back(name(n));
        d.items.push_back(std::move(pi));
      }
    }
    if (auto* attrs = c->attrs()) {
      for (auto* a : attrs->attr()) {
        if (!a->nameWords() || a->nameWords()->nameWord().empty()) continue;  // recovered from an error
        ast::Attr at;
        at.name = name(a->nameWords());
        if (a->value()) at.value = value(a->value());
        d.attrs.push_back(std::move(at));
      }
    }
    return d;
  }

 private:
  const SourceManager& sm_;
  FileId file_;
  const OffsetMap& map_;
  DiagnosticEngine& diags_;
  const ParseLimits& limits_;
};

// Embedded and reminder text nest; deep nesting is refused before the recursive parser sees it.
bool check_nesting(antlr4::CommonTokenStream& tokens, FileId file, const OffsetMap& map, DiagnosticEngine& diags,
                   const ParseLimits& limits) {
  size_t depth = 0;
  for (antlr4::Token* t : tokens.getTokens()) {
    size_t type = t->getType();
    if (type == L::OPEN_QUOTE || type == L::LPAREN) {
      if (++depth > limits.max_nesting) {
        diags.report(DiagId::NestingTooDeep, {file, map.byte(t->getStartIndex()), map.byte(t->getStopIndex() + 1)},
                     depth, limits.max_nesting);
        return false;
      }
    } else if ((type == L::CLOSE_QUOTE || type == L::RPAREN) && depth > 0) {
      --depth;
    } else if (type == L::NL) {
      depth = 0;  // quotes and parentheses never span lines
    }
  }
  return true;
}

// Parses one slice of the file (the whole file, a set's header, or one card) with `rule`, SLL first and full LL
// only when SLL fails, and hands the tree to `build`. Every ANTLR exception stops here.
template <typename Rule, typename Build>
bool parse_slice(const SourceManager& sm, FileId file, uint32_t base, std::string_view src, DiagnosticEngine& diags,
                 const ParseLimits& limits, bool needs_header, Rule rule, Build build) {
  try {
    OffsetMap map(src, base);
    antlr4::ANTLRInputStream input(src.data(), src.size());
    L lexer(&input);
    lexer.removeErrorListeners();
    antlr4::CommonTokenStream tokens(&lexer);
    tokens.fill();
    if (!check_nesting(tokens, file, map, diags, limits)) return false;
    // Both kinds of file start with `game NAME`; without it nothing after can be read.
    for (antlr4::Token* t : tokens.getTokens()) {
      if (!needs_header) break;
      if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL || t->getType() == L::NL) continue;
      if (t->getType() != L::K_GAME) {
        SourceRange r{file, map.byte(t->getStartIndex()), map.byte(t->getStopIndex() + 1)};
        if (t->getType() == antlr4::Token::EOF) r.end = r.begin;
        diags.report(DiagId::MissingGameHeader, r);
        return false;
      }
      break;
    }
    P parser(&tokens);
    parser.removeErrorListeners();
    parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::SLL);
    parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
    antlr4::ParserRuleContext* tree = nullptr;
    try {
      tree = rule(parser);
    } catch (antlr4::ParseCancellationException&) {
      tree = nullptr;
    }
    DiagnosticListener listener(diags, file, map);
    if (!tree) {
      tokens.seek(0);
      parser.reset();
      parser.addErrorListener(&listener);
      parser.setErrorHandler(std::make_shared<antlr4::DefaultErrorStrategy>());
      parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::LL);
      tree = rule(parser);
    }
    AstBuilder builder(sm, file, map, diags, limits);
    build(builder, tree);
    return true;
  } catch (std::exception& e) {
    diags.report(DiagId::UnexpectedToken, {file, base, base}, "input", std::string("; the parser stopped: ") + e.what());
  } catch (...) {
    diags.report(DiagId::UnexpectedToken, {file, base, base}, "input", "; the parser stopped");
  }
  return false;
}

// The file of a cached card's ranges: relative to the card's first byte until it is placed again.
constexpr FileId kRelativeFile = kNoFile - 1;

// Where each card of a set begins: a line whose first word is the field word `card` (card text can never start a
// line with it: paragraphs start with a capital, a number, markup or a quote).
std::vector<size_t> card_starts(std::string_view src) {
  std::vector<size_t> out;
  size_t line = 0;
  while (line < src.size()) {
    size_t i = line;
    while (i < src.size() && (src[i] == ' ' || src[i] == '\t')) ++i;
    if (src.compare(i, 4, "card") == 0) {
      char next = i + 4 < src.size() ? src[i + 4] : '\n';
      if (next == ' ' || next == '\t' || next == '"' || next == '\r' || next == '\n') out.push_back(line);
    }
    size_t nl = src.find('\n', line);
    if (nl == std::string_view::npos) break;
    line = nl + 1;
  }
  return out;
}

}  // namespace

std::unique_ptr<ast::CardSetFile> parse_card_set(const SourceManager& sm, FileId file, DiagnosticEngine& diags,
                                                 const ParseLimits& limits, CardParseCache* cache) {
  if (!check_source_text(sm, file, diags, limits)) return nullptr;
  std::string_view src = sm.contents(file);
  std::vector<size_t> starts = card_starts(src);
  auto out = std::make_unique<ast::CardSetFile>();
  out->file = file;
  // The header (and anything before the first card), then one card at a time: the parse tree of a card is gone
  // before the next is read, so memory does not grow with the set.
  size_t header_end = starts.empty() ? src.size() : starts.front();
  std::unordered_map<std::string, CardParseCache::Entry> fresh;
  bool ok = parse_slice(sm, file, 0, src.substr(0, header_end), diags, limits, true,
                        [](P& p) -> antlr4::ParserRuleContext* { return p.cardSetFile(); },
                        [&](AstBuilder& b, antlr4::ParserRuleContext* t) {
                          auto header = b.card_set(static_cast<P::CardSetFileContext*>(t));
                          out->game = header->game;
                          out->game_range = header->game_range;
                          out->set_name = header->set_name;
                          out->set_range = header->set_range;
                          for (auto& c : header->cards) out->cards.push_back(std::move(c));
                        });
  if (!ok) return nullptr;
  out->cards.reserve(out->cards.size() + std::min(starts.size(), limits.max_cards));
  for (size_t i = 0; i < starts.size(); ++i) {
    size_t begin = starts[i], end = i + 1 < starts.size() ? starts[i + 1] : src.size();
    if (out->cards.size() >= limits.max_cards) {
      uint32_t at = static_cast<uint32_t>(begin);
      diags.report(DiagId::TooManyCards, {file, at, at + 4}, limits.max_cards);
      break;
    }
    std::string_view slice = src.substr(begin, end - begin);
    if (cache) {
      // A card seen in the last parse (or earlier in this one: a repeated card). Its node moves to this parse's
      // map whole: the key is the text its terms view, so nothing is copied but the card placed in the set.
      std::string key(slice);
      auto it = fresh.end();
      if (auto node = cache->entries_.extract(key); !node.empty())  // the usual case: looked up once
        it = fresh.insert(std::move(node)).position;
      else
        it = fresh.find(key);
      if (it != fresh.end()) {
        // An unchanged card: its AST and syntax diagnostics, moved to where it starts now.
        ++cache->hits_;
        out->cards.push_back(ast::relocated(it->second.card, file, static_cast<int64_t>(begin), src));
        for (const Diagnostic& d : it->second.diags) {
          Diagnostic moved = d;
          auto move = [&](SourceRange& r) {
            if (r.file == kRelativeFile) {
              r.file = file;
              r.begin += static_cast<uint32_t>(begin);
              r.end += static_cast<uint32_t>(begin);
            }
          };
          move(moved.range);
          for (auto& n : moved.notes) move(n.range);
          for (auto& f : moved.fixits) move(f.range);
          diags.add(std::move(moved));
        }
        continue;
      }
      ++cache->misses_;
    }
    size_t diags_before = diags.all().size();
    size_t cards_before = out->cards.size();
    // Most cards have no syntax error: read them without ANTLR (fast_card.h); the others, and whatever the fast
    // path is not sure of, with the grammar's parser, which reports.
    std::optional<ast::Card> fast;
    if (!limits.antlr_only) fast = fast_parse_card(slice, file, static_cast<uint32_t>(begin), limits);
    if (fast)
      out->cards.push_back(std::move(*fast));
    else
      parse_slice(sm, file, static_cast<uint32_t>(begin), slice, diags, limits, false,
                  [](P& p) -> antlr4::ParserRuleContext* { return p.cardChunk(); },
                  [&](AstBuilder& b, antlr4::ParserRuleContext* t) {
                    auto* chunk = static_cast<P::CardChunkContext*>(t);
                    if (chunk->cardDecl()) out->cards.push_back(b.card(chunk->cardDecl()));
                  });
    if (cache && out->cards.size() == cards_before + 1) {
      // Kept relative to the card's first byte, so it can be moved wherever the card is next time.
      CardParseCache::Entry e;
      auto [kept, added] = fresh.try_emplace(std::string(slice));
      e.card = ast::relocated(out->cards.back(), kRelativeFile, -static_cast<int64_t>(begin), kept->first);
      for (size_t k = diags_before; k < diags.all().size(); ++k) {
        Diagnostic d = diags.all()[k];
        auto rel = [&](SourceRange& r) {
          if (r.file == file) {
            r.file = kRelativeFile;
            r.begin -= static_cast<uint32_t>(begin);
            r.end -= static_cast<uint32_t>(begin);
          }
        };
        rel(d.range);
        for (auto& n : d.notes) rel(n.range);
        for (auto& f : d.fixits) rel(f.range);
        e.diags.push_back(std::move(d));
      }
      kept->second = std::move(e);
    }
  }
  if (cache) cache->entries_ = std::move(fresh);  // only the cards of this parse are kept
  return out;
}

std::unique_ptr<ast::ProfileFile> parse_profile(const SourceManager& sm, FileId file, DiagnosticEngine& diags,
                                                const ParseLimits& limits) {
  if (!check_source_text(sm, file, diags, limits)) return nullptr;
  std::unique_ptr<ast::ProfileFile> out;
  parse_slice(sm, file, 0, sm.contents(file), diags, limits, true,
              [](P& p) -> antlr4::ParserRuleContext* { return p.profileFile(); },
              [&](AstBuilder& b, antlr4::ParserRuleContext* t) { out = b.profile(static_cast<P::ProfileFileContext*>(t)); });
  return out;
}

}  // namespace cardc
