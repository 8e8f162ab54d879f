#include "tools/set_checker.h"

#include <algorithm>
#include <filesystem>

#include "base/read_file.h"
#include "bind/check_binding.h"
#include "driver/inputs.h"
#include "profile/load_profile.h"
#include "sema/pipeline.h"

namespace cardc::tools {

namespace {

std::string canonical(const std::string& path) {
  std::error_code ec;
  std::string c = std::filesystem::weakly_canonical(path, ec).string();
  return ec ? path : c;
}

// A kept diagnostic's ranges in the set are held relative to the card they lie in (file kCardBase + the card's
// index), so they stay right when the cards before them grow or shrink. The header's ranges stay as they are.
constexpr FileId kCardBase = 0x80000000u;

// The card whose slice (from its `card` line to the next card's) holds `offset`; -1 before the first card.
long card_of(const std::vector<uint32_t>& starts, uint32_t offset) {
  auto it = std::upper_bound(starts.begin(), starts.end(), offset);
  return static_cast<long>(it - starts.begin()) - 1;
}

void for_each_range(Diagnostic& d, const std::function<void(SourceRange&)>& f) {
  f(d.range);
  for (auto& n : d.notes) f(n.range);
  for (auto& x : d.fixits) f(x.range);
}

Diagnostic to_card_relative(Diagnostic d, FileId file, const std::vector<uint32_t>& starts) {
  for_each_range(d, [&](SourceRange& r) {
    if (r.file != file) return;
    long k = card_of(starts, r.begin);
    if (k < 0) return;
    r.file = kCardBase + static_cast<FileId>(k);
    r.begin -= starts[static_cast<size_t>(k)];
    r.end -= starts[static_cast<size_t>(k)];
  });
  return d;
}

Diagnostic from_card_relative(Diagnostic d, FileId file, const std::vector<uint32_t>& starts) {
  for_each_range(d, [&](SourceRange& r) {
    if (r.file == kNoFile || r.file < kCardBase) return;
    const uint32_t base = starts[r.file - kCardBase];
    r.file = file;
    r.begin += base;
    r.end += base;
  });
  return d;
}

// A card as the passes that look across cards see the cards not being checked: title, type and fields only.
ast::Card stub_of(const ast::Card& c) {
  ast::Card s;
  s.title = c.title;
  s.type = c.type;
  s.fields = c.fields;
  s.title_range = c.title_range;
  s.range = c.range;
  s.type_range = c.type_range;
  return s;
}

ast::CardSetFile header_of(const ast::CardSetFile& set) {
  ast::CardSetFile out;
  out.file = set.file;
  out.game = set.game;
  out.game_range = set.game_range;
  out.set_name = set.set_name;
  out.set_range = set.set_range;
  return out;
}

}  // namespace

// What the last check of the document left for the next one.
struct SetChecker::Cache {
  CardParseCache parse;  // cards parsed before, by their text
  std::shared_ptr<const LoadedProfile> profile;
  uint64_t profile_generation = 0;  // counts the profiles read (an address could be reused by the next one)

  // The semantic passes' diagnostics of each card, by pass, reusable while the profile, the header and every
  // card's title (in order) are unchanged: then a card's diagnostics depend only on its own text.
  struct Card {
    std::string text;
    std::vector<std::vector<Diagnostic>> by_pass;
  };
  bool reusable = false;
  uint64_t checked_with = 0;  // the profile_generation the kept diagnostics were made with
  std::string header;
  std::vector<std::string> titles;
  std::vector<Card> cards;
};

SetChecker::SetChecker(std::vector<std::string> profile_dirs, OpenText open_text)
    : profile_dirs_(std::move(profile_dirs)), open_text_(std::move(open_text)), cache_(std::make_unique<Cache>()) {}
SetChecker::~SetChecker() = default;

std::unique_ptr<CheckedDocument> SetChecker::check(const std::string& path, const std::string& text) {
  auto c = std::make_unique<CheckedDocument>();
  c->diags.set_error_limit(kDefaultErrorLimit);  // as cardc check: a junk document sends 20 errors, not millions
  c->file = c->sm.add(path, text);
  if (file_kind(path) == FileKind::Profile) {
    c->profile_ast = parse_profile(c->sm, c->file, c->diags);
    if (c->profile_ast) c->own_profile = load_profile(*c->profile_ast, c->diags);
    return c;
  }
  Cache& cache = *cache_;
  // Everything is reported to `raw` (no limit) first, then replayed into c->diags in the order a full check
  // reports it, so the error limit keeps the same errors.
  DiagnosticEngine raw(c->sm);
  const size_t misses = cache.parse.misses();
  c->set = parse_card_set(c->sm, c->file, raw, ParseLimits{}, &cache.parse);
  c->cards_parsed = cache.parse.misses() - misses;
  auto replay = [&](const DiagnosticEngine& from) {
    for (const Diagnostic& d : from.all()) c->diags.add(d);
  };
  if (!c->set || c->set->game.empty()) {
    cache.reusable = false;
    replay(raw);
    return c;
  }
  auto where = find_profile(c->set->game, path, profile_dirs_);
  if (!where) {
    raw.report(DiagId::UnknownGame, c->set->game_range, c->set->game, c->set->game, c->set->game);
    cache.reusable = false;
    replay(raw);
    return c;
  }
  c->profile_path = canonical(*where);
  std::optional<std::string> profile_text = open_text_ ? open_text_(*where) : std::nullopt;
  if (!profile_text) {
    std::string why;
    profile_text.emplace();
    if (!read_input(*where, ParseLimits{}.max_file_bytes, *profile_text, why)) {
      cache.reusable = false;
      replay(raw);
      return c;  // an unreadable profile: the set is not checked (the profile's own problem)
    }
  }
  if (!cache.profile || cache.profile->path != c->profile_path || cache.profile->text != *profile_text) {
    auto p = std::make_shared<LoadedProfile>();
    p->path = c->profile_path;
    p->text = *profile_text;
    p->sm.add("", "");
    FileId pf = p->sm.add(*where, p->text);
    p->ast = parse_profile(p->sm, pf, p->diags);
    if (p->ast) p->model = load_profile(*p->ast, p->diags);
    cache.profile = std::move(p);
    ++cache.profile_generation;
  }
  c->sm.add(*where, cache.profile->text);  // file 1, where the profile's ranges point
  c->set_profile = cache.profile;
  if (!c->set_profile->model) {
    cache.reusable = false;
    replay(raw);
    return c;
  }
  replay(raw);

  // ---- the semantic passes: again only for the cards whose text changed, when the rest is as it was
  const ast::CardSetFile& set = *c->set;
  const std::string_view src = c->sm.contents(c->file);
  std::vector<uint32_t> starts;
  bool ranges_ok = true;
  for (const auto& card : set.cards) {
    if (!card.range.valid() || (!starts.empty() && card.range.begin <= starts.back())) ranges_ok = false;
    starts.push_back(card.range.begin);
  }
  auto slice = [&](size_t i) {
    const uint32_t end = i + 1 < starts.size() ? starts[i + 1] : static_cast<uint32_t>(src.size());
    return src.substr(starts[i], end - starts[i]);
  };
  const std::string_view header = src.substr(0, starts.empty() ? src.size() : starts.front());
  std::vector<std::string> titles;
  for (const auto& card : set.cards) titles.push_back(card.title);
  // The semantic passes, then each card bound as `cardc check` binds it (bind/check_binding.h), so the editor shows
  // what cannot be compiled as the command does.
  std::vector<Pass> passes = sema_passes();
  passes.push_back({"binding", [](CheckContext& ctx) { bind_checked_set(ctx); }});

  // Runs every pass over `run_set`, filing each diagnostic of the `wanted` cards (all when null) under its pass and
  // its card; false when one lies in no card or a pass reports its cards out of order (a replay could not then
  // keep the full check's order). A full check (`publish`) sends them on in the order reported.
  using ByCard = std::vector<std::vector<std::vector<Diagnostic>>>;  // [card][pass]
  auto run = [&](const ast::CardSetFile& run_set, ByCard& out, const std::vector<bool>* wanted, bool publish) {
    DiagnosticEngine d(c->sm);
    CheckContext ctx{c->sm, *c->set_profile->model, run_set, d, {}};
    out.assign(set.cards.size(), std::vector<std::vector<Diagnostic>>(passes.size()));
    bool ok = ranges_ok;
    for (size_t p = 0; p < passes.size(); ++p) {
      const size_t before = d.all().size();
      passes[p].run(ctx);
      long last = -1;
      for (size_t k = before; k < d.all().size(); ++k) {
        const Diagnostic& dg = d.all()[k];
        long i = dg.range.file == c->file && ranges_ok ? card_of(starts, dg.range.begin) : -1;
        if (i < 0 || i < last) ok = false;
        last = std::max(last, i);
        if (i >= 0 && (!wanted || (*wanted)[static_cast<size_t>(i)]))
          out[static_cast<size_t>(i)][p].push_back(to_card_relative(dg, c->file, starts));
      }
    }
    if (publish) replay(d);
    return ok;
  };

  ByCard by_card;
  bool done = false;
  if (cache.reusable && ranges_ok && cache.checked_with == cache.profile_generation && cache.header == header &&
      cache.titles == titles) {
    std::vector<bool> changed(set.cards.size(), false);
    ast::CardSetFile partial = header_of(set);
    partial.cards.reserve(set.cards.size());
    for (size_t i = 0; i < set.cards.size(); ++i) {
      changed[i] = cache.cards[i].text != slice(i);
      partial.cards.push_back(changed[i] ? set.cards[i] : stub_of(set.cards[i]));
      (changed[i] ? c->cards_checked : c->cards_reused)++;
    }
    if (c->cards_checked == 0 || run(partial, by_card, &changed, false)) {
      for (size_t i = 0; i < set.cards.size(); ++i)
        if (changed[i]) {
          cache.cards[i].text = slice(i);
          cache.cards[i].by_pass = std::move(by_card[i]);
        }
      done = true;
    } else {
      c->cards_checked = c->cards_reused = 0;  // not reproducible piecewise: the full check below
    }
  }
  if (!done) {
    // A full check: its diagnostics go out in the order reported, and are kept per card for the next edit.
    c->cards_checked = set.cards.size();
    c->cards_reused = 0;
    cache.reusable = run(set, by_card, nullptr, true);
    cache.checked_with = cache.profile_generation;
    cache.header = std::string(header);
    cache.titles = std::move(titles);
    cache.cards.assign(set.cards.size(), {});
    for (size_t i = 0; i < set.cards.size() && cache.reusable; ++i) {
      cache.cards[i].text = slice(i);
      cache.cards[i].by_pass = std::move(by_card[i]);
    }
    return c;
  }
  for (size_t p = 0; p < passes.size(); ++p)
    for (const auto& card : cache.cards)
      for (const Diagnostic& dg : card.by_pass[p]) c->diags.add(from_card_relative(dg, c->file, starts));
  return c;
}

std::unique_ptr<CardAnalysis> analyse_card(const CheckedDocument& doc, size_t index) {
  if (!doc.set || index >= doc.set->cards.size() || !doc.profile() || !doc.set_profile) return nullptr;
  auto a = std::make_unique<CardAnalysis>();
  a->set = header_of(*doc.set);
  for (size_t i = 0; i < doc.set->cards.size(); ++i)
    a->set.cards.push_back(i == index ? doc.set->cards[i] : stub_of(doc.set->cards[i]));
  a->index = index;
  a->diags = std::make_unique<DiagnosticEngine>(doc.sm);
  a->ctx = std::make_unique<CheckContext>(CheckContext{doc.sm, *doc.profile(), a->set, *a->diags, {}});
  run_sema(*a->ctx);
  return a;
}

}  // namespace cardc::tools
