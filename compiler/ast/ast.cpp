#include "ast/ast.h"

#include <cstring>
#include <mutex>
#include <unordered_set>
#include <new>
#include <type_traits>

namespace cardc::ast {

const char* field_name(FieldKind k) {
  switch (k) {
    case FieldKind::Type: return "type";
    case FieldKind::Stats: return "stats";
    case FieldKind::Keywords: return "keywords";
    case FieldKind::Text: return "text";
    case FieldKind::Flavor: return "flavor";
  }
  return "?";
}

std::string_view stat_name(std::string_view source, const std::string& joined) {
  if (source == joined) return source;
  static std::mutex mutex;
  static std::unordered_set<std::string> pool;  // nodes: a name never moves
  std::lock_guard lock(mutex);
  return *pool.insert(joined).first;
}

const char* decl_kind_name(DeclKind k) {
  switch (k) {
    case DeclKind::Stat: return "stat";
    case DeclKind::PlayerStat: return "player stat";
    case DeclKind::Resource: return "resource";
    case DeclKind::CardType: return "card type";
    case DeclKind::Zone: return "zone";
    case DeclKind::State: return "state";
    case DeclKind::Description: return "description";
    case DeclKind::Designator: return "designator";
    case DeclKind::Keyword: return "keyword";
    case DeclKind::Keywords: return "keywords";
    case DeclKind::Event: return "event";
    case DeclKind::Duration: return "duration";
    case DeclKind::Status: return "status";
    case DeclKind::Dice: return "dice";
    case DeclKind::Verb: return "verb";
    case DeclKind::Policy: return "policy";
  }
  return "?";
}

}  // namespace cardc::ast

namespace cardc::ast {

namespace {

static_assert(std::is_trivially_copyable_v<Term> && std::is_trivially_copyable_v<Sentence> &&
              std::is_trivially_copyable_v<Block> && std::is_trivially_copyable_v<Reminder> &&
              std::is_trivially_copyable_v<Paragraph>,
              "a CardText is copied as bytes, then its pointers are moved");

struct Counts {
  size_t top = 0, paragraphs = 0, blocks = 0, sentences = 0, terms = 0, reminders = 0;
  void add(const DraftParagraph& p) {
    ++paragraphs;
    blocks += p.blocks.size();
    reminders += p.reminders.size();
    for (const DraftBlock& b : p.blocks) {
      sentences += b.sentences.size();
      for (const DraftSentence& s : b.sentences) terms += s.terms.size();
    }
    for (const DraftParagraph& e : p.embedded) add(e);
  }
  size_t bytes() const {
    return paragraphs * sizeof(Paragraph) + blocks * sizeof(Block) + sentences * sizeof(Sentence) +
           terms * sizeof(Term) + reminders * sizeof(Reminder);
  }
};

// Lays drafts out in the block: each node's children are placed together before any of them is filled, so that
// every span is contiguous; embedded paragraphs go after the card's own.
struct Layout {
  Paragraph* paragraphs;
  Block* blocks;
  Sentence* sentences;
  Term* terms;
  Reminder* reminders;

  void fill(const DraftParagraph& d, Paragraph* out) {
    Block* bs = blocks;
    blocks += d.blocks.size();
    Reminder* rs = reminders;
    reminders += d.reminders.size();
    for (size_t i = 0; i < d.reminders.size(); ++i) new (rs + i) Reminder(d.reminders[i]);
    new (out) Paragraph{{bs, d.blocks.size()}, {rs, d.reminders.size()}, d.range};
    size_t next_embedded = 0;
    for (size_t i = 0; i < d.blocks.size(); ++i) {
      const DraftBlock& db = d.blocks[i];
      Sentence* ss = sentences;
      sentences += db.sentences.size();
      new (bs + i) Block{{ss, db.sentences.size()}, db.range, db.bold};
      for (size_t j = 0; j < db.sentences.size(); ++j) {
        const DraftSentence& ds = db.sentences[j];
        Term* ts = terms;
        terms += ds.terms.size();
        new (ss + j) Sentence{{ts, ds.terms.size()}, ds.range, ds.ends_with_period};
        for (size_t k = 0; k < ds.terms.size(); ++k) {
          Term* t = new (ts + k) Term(ds.terms[k]);
          if (t->kind != TermKind::Embedded) continue;
          Paragraph* inner = paragraphs++;
          t->embedded = inner;
          fill(d.embedded.at(next_embedded++), inner);
        }
      }
    }
  }
};

template <typename T>
T* moved(T* p, std::ptrdiff_t delta) {
  return reinterpret_cast<T*>(reinterpret_cast<std::byte*>(const_cast<std::remove_const_t<T>*>(p)) + delta);
}

}  // namespace

CardText::CardText(const std::vector<DraftParagraph>& paragraphs) {
  Counts n;
  n.top = paragraphs.size();
  for (const DraftParagraph& p : paragraphs) n.add(p);
  if (n.paragraphs == 0) return;
  block_.reset(new std::byte[n.bytes()]);
  top_ = static_cast<uint32_t>(n.top);
  paragraphs_ = static_cast<uint32_t>(n.paragraphs);
  blocks_ = static_cast<uint32_t>(n.blocks);
  sentences_ = static_cast<uint32_t>(n.sentences);
  terms_ = static_cast<uint32_t>(n.terms);
  reminders_ = static_cast<uint32_t>(n.reminders);
  Nodes at = nodes();
  Layout l{at.paragraphs.data() + n.top, at.blocks.data(), at.sentences.data(), at.terms.data(),
           at.reminders.data()};
  for (size_t i = 0; i < paragraphs.size(); ++i) l.fill(paragraphs[i], at.paragraphs.data() + i);
}

size_t CardText::bytes() const {
  return paragraphs_ * sizeof(Paragraph) + blocks_ * sizeof(Block) + sentences_ * sizeof(Sentence) +
         terms_ * sizeof(Term) + reminders_ * sizeof(Reminder);
}

CardText::Nodes CardText::nodes() {
  std::byte* p = block_.get();
  Nodes n;
  n.paragraphs = {reinterpret_cast<Paragraph*>(p), paragraphs_};
  p += paragraphs_ * sizeof(Paragraph);
  n.blocks = {reinterpret_cast<Block*>(p), blocks_};
  p += blocks_ * sizeof(Block);
  n.sentences = {reinterpret_cast<Sentence*>(p), sentences_};
  p += sentences_ * sizeof(Sentence);
  n.terms = {reinterpret_cast<Term*>(p), terms_};
  p += terms_ * sizeof(Term);
  n.reminders = {reinterpret_cast<Reminder*>(p), reminders_};
  return n;
}

CardText::CardText(const CardText& o)
    : top_(o.top_), paragraphs_(o.paragraphs_), blocks_(o.blocks_), sentences_(o.sentences_), terms_(o.terms_),
      reminders_(o.reminders_) {
  if (!o.block_) return;
  const size_t size = o.bytes();
  block_.reset(new std::byte[size]);
  std::memcpy(block_.get(), o.block_.get(), size);
  // Every pointer in the block points into it: move each by as much as the block moved.
  const std::ptrdiff_t delta = block_.get() - o.block_.get();
  Nodes n = nodes();
  for (Paragraph& p : n.paragraphs) {
    if (!p.blocks.empty()) p.blocks = {moved(p.blocks.data(), delta), p.blocks.size()};
    if (!p.reminders.empty()) p.reminders = {moved(p.reminders.data(), delta), p.reminders.size()};
  }
  for (Block& b : n.blocks)
    if (!b.sentences.empty()) b.sentences = {moved(b.sentences.data(), delta), b.sentences.size()};
  for (Sentence& s : n.sentences)
    if (!s.terms.empty()) s.terms = {moved(s.terms.data(), delta), s.terms.size()};
  for (Term& t : n.terms)
    if (t.kind == TermKind::Embedded) t.embedded = moved(t.embedded, delta);
}

CardText& CardText::operator=(const CardText& o) {
  if (this != &o) *this = CardText(o);
  return *this;
}

}  // namespace cardc::ast
