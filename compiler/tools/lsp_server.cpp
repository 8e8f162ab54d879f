#include "tools/lsp_server.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <istream>
#include <map>
#include <memory>
#include <ostream>
#include <sstream>
#include <utility>

#include <nlohmann/json.hpp>

#include "diag/render.h"
#include "driver/inputs.h"
#include "meaning/dump.h"
#include "parse/parser.h"
#include "profile/load_profile.h"
#include "sema/pipeline.h"
#include "tools/format.h"
#include "tools/name_uses.h"
#include "tools/set_checker.h"

namespace cardc::tools {

using json = nlohmann::json;

namespace {

// Messages nest a few levels (a workspace edit about 8); parsing is iterative but copying and destroying a
// nlohmann::json recurse, so a deeper message is refused before it becomes one (docs/robustness.md "Limits").
constexpr int kMaxJsonDepth = 64;

// True when `body` opens more than `limit` arrays and objects inside each other (strings skipped).
bool nests_deeper_than(const std::string& body, int limit) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < body.size(); ++i) {
    const char c = body[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

// ---- one open document; its checker keeps what the next edit can reuse (tools/set_checker.h)
struct Document {
  std::string uri, path, text;
  int64_t version = 0;
  std::unique_ptr<CheckedDocument> checked;
  std::unique_ptr<SetChecker> checker;
};

std::string uri_to_path(const std::string& uri) {
  std::string p = uri.rfind("file://", 0) == 0 ? uri.substr(7) : uri;
  std::string out;
  for (size_t i = 0; i < p.size(); ++i) {
    if (p[i] == '%' && i + 2 < p.size()) {
      out += static_cast<char>(std::stoi(p.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += p[i];
    }
  }
  return out;
}

// A file URI for a path (made absolute), bytes outside RFC 3986's unreserved set and '/' percent-encoded.
std::string path_to_uri(const std::string& path) {
  std::error_code ec;
  std::string abs = std::filesystem::absolute(path, ec).lexically_normal().string();
  if (ec) abs = path;
  std::string out = "file://";
  static const char* hex = "0123456789ABCDEF";
  for (unsigned char ch : abs) {
    if (std::isalnum(ch) || ch == '/' || ch == '-' || ch == '.' || ch == '_' || ch == '~') {
      out += static_cast<char>(ch);
    } else {
      out += '%';
      out += hex[ch >> 4];
      out += hex[ch & 15];
    }
  }
  return out;
}

// LSP positions: 0-based line, character (counted in code points here; equal to UTF-16 units outside the BMP's
// surrogate range, which card text does not use in practice).
json position(const SourceManager& sm, FileId f, uint32_t offset) {
  LineCol lc = sm.line_col(f, offset);
  return {{"line", lc.line - 1}, {"character", lc.col - 1}};
}
json range_json(const SourceManager& sm, SourceRange r) {
  return {{"start", position(sm, r.file, r.begin)}, {"end", position(sm, r.file, r.end)}};
}

uint32_t offset_of(const std::string& text, int64_t line, int64_t character) {
  size_t pos = 0;
  for (int64_t l = 0; l < line && pos < text.size(); ++l) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) return static_cast<uint32_t>(text.size());
    pos = nl + 1;
  }
  for (int64_t c = 0; c < character && pos < text.size() && text[pos] != '\n'; ++c) {
    ++pos;
    while (pos < text.size() && (static_cast<unsigned char>(text[pos]) & 0xC0) == 0x80) ++pos;
  }
  return static_cast<uint32_t>(pos);
}

class Server {
 public:
  Server(const LspOptions& o, std::ostream& out, std::ostream& log) : opts_(o), out_(out), log_(log) {}

  // Returns false when the server should stop (exit).
  bool handle(const std::string& body) {
    json msg;
    if (nests_deeper_than(body, kMaxJsonDepth)) {
      send_error(nullptr, -32600,
                 "invalid request: nested more than " + std::to_string(kMaxJsonDepth) + " levels deep");
      return true;
    }
    try {
      msg = json::parse(body);
    } catch (const std::exception& e) {
      send_error(nullptr, -32700, std::string("parse error: ") + e.what());
      return true;
    }
    if (!msg.is_object() || !msg.contains("method") || !msg["method"].is_string()) {
      if (msg.is_object() && (msg.contains("result") || msg.contains("error"))) return true;  // a response to us
      send_error(msg.is_object() && msg.contains("id") ? msg["id"] : json(nullptr), -32600, "invalid request");
      return true;
    }
    std::string method = msg["method"];
    json id = msg.contains("id") ? msg["id"] : json();
    bool is_request = msg.contains("id");
    json params = msg.value("params", json::object());
    try {
      if (method == "exit") {
        exit_code_ = shutdown_ ? 0 : 1;
        return false;
      }
      if (shutdown_ && is_request) {
        send_error(id, -32600, "the server is shutting down");
        return true;
      }
      if (method == "initialize") {
        watch_ = params.value("capabilities", json::object())
                     .value("workspace", json::object())
                     .value("didChangeWatchedFiles", json::object())
                     .value("dynamicRegistration", false);
        return reply(id, initialize());
      }
      if (method == "initialized") {
        // Ask to hear of profiles changed on disk (the reply needs no handling).
        if (watch_) {
          const json watchers = json::array({{{"globPattern", "**/*.game"}}});
          const json registration = {{"id", "cardc/watch-profiles"},
                                     {"method", "workspace/didChangeWatchedFiles"},
                                     {"registerOptions", {{"watchers", watchers}}}};
          send({{"jsonrpc", "2.0"},
                {"id", "cardc/watch-profiles"},
                {"method", "client/registerCapability"},
                {"params", {{"registrations", json::array({registration})}}}});
        }
        return true;
      }
      if (method == "shutdown") {
        shutdown_ = true;
        return reply(id, nullptr);
      }
      if (method == "textDocument/didOpen") {
        const json& td = params.at("textDocument");
        auto& d = docs_[td.at("uri").get<std::string>()];
        d.uri = td.at("uri");
        d.path = uri_to_path(d.uri);
        d.text = td.at("text");
        d.version = td.value("version", 0);
        recheck(d);
        if (file_kind(d.path) == FileKind::Profile) recheck_sets_of(d.path);
        return true;
      }
      if (method == "textDocument/didChange") {
        auto it = docs_.find(params.at("textDocument").at("uri").get<std::string>());
        if (it == docs_.end()) return true;
        Document& d = it->second;
        for (const auto& ch : params.at("contentChanges")) {
          if (ch.contains("range")) {
            // at(): a missing member throws (an invalid-params error); operator[] on a const json is undefined
            const json& r = ch.at("range");
            uint32_t b = offset_of(d.text, r.at("start").at("line"), r.at("start").at("character"));
            uint32_t e = offset_of(d.text, r.at("end").at("line"), r.at("end").at("character"));
            d.text.replace(b, e - b, ch.at("text").get<std::string>());
          } else {
            d.text = ch.at("text");
          }
        }
        d.version = params["textDocument"].value("version", d.version + 1);
        recheck(d);
        if (file_kind(d.path) == FileKind::Profile) recheck_sets_of(d.path);
        return true;
      }
      if (method == "textDocument/didClose") {
        std::string uri = params.at("textDocument").at("uri");
        docs_.erase(uri);
        publish(uri, json::array(), json());
        if (file_kind(uri_to_path(uri)) == FileKind::Profile) recheck_sets_of(uri_to_path(uri));  // back to the disk's
        return true;
      }
      if (method == "textDocument/didSave") {
        std::string path = uri_to_path(params.at("textDocument").at("uri"));
        if (file_kind(path) == FileKind::Profile) recheck_sets_of(path);
        return true;
      }
      if (method == "workspace/didChangeWatchedFiles") {
        // A profile changed on disk (another editor, git): the open sets of its game are checked again.
        for (const auto& ch : params.at("changes")) {
          std::string path = uri_to_path(ch.at("uri"));
          if (file_kind(path) == FileKind::Profile && !open_document(path)) recheck_sets_of(path);
        }
        return true;
      }
      if (method == "textDocument/hover") return reply(id, hover(params));
      if (method == "textDocument/completion") return reply(id, completion(params));
      if (method == "textDocument/definition") return reply(id, definition(params));
      if (method == "textDocument/codeAction") return reply(id, code_actions(params));
      if (method == "textDocument/documentSymbol") return reply(id, document_symbols(params));
      if (method == "textDocument/formatting") return format(id, params);
      if (method == "textDocument/references") return reply(id, references(params));
      if (method == "textDocument/prepareRename") return prepare_rename(id, params);
      if (method == "textDocument/rename") return rename(id, params);
      if (method == "$/cancelRequest" || method == "$/setTrace") return true;
      if (is_request) send_error(id, -32601, "method not found: " + method);
      return true;
    } catch (const std::exception& e) {
      if (is_request) send_error(id, -32602, std::string("invalid params: ") + e.what());
      return true;
    }
  }

  int exit_code() const { return exit_code_; }

 private:
  json initialize() {
    return {{"capabilities",
             {{"positionEncoding", "utf-16"},
              {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", true}}},
              {"hoverProvider", true},
              {"completionProvider", {{"triggerCharacters", json::array({"*"})}}},
              {"definitionProvider", true},
              {"documentSymbolProvider", true},
              {"documentFormattingProvider", true},
              {"referencesProvider", true},
              {"renameProvider", {{"prepareProvider", true}}},
              {"codeActionProvider", {{"codeActionKinds", json::array({"quickfix"})}}}}},
            {"serverInfo", {{"name", "cardc"}, {"version", "0.1.0"}}}};
  }

  void recheck(Document& d) {
    auto start = std::chrono::steady_clock::now();
    if (!d.checker)
      d.checker = std::make_unique<SetChecker>(opts_.profile_dirs, [this](const std::string& path) {
        const Document* open = open_document(path);
        return open ? std::optional<std::string>(open->text) : std::nullopt;
      });
    // The last check is freed after the diagnostics are sent (a large set's AST takes a while to free).
    std::unique_ptr<CheckedDocument> last = std::exchange(d.checked, d.checker->check(d.path, d.text));
    json diags = json::array();
    for (const auto& dg : d.checked->diags.sorted()) {
      if (dg.range.valid() && dg.range.file != d.checked->file) continue;
      json j = {{"severity", dg.severity == Severity::Error ? 1 : dg.severity == Severity::Warning ? 2 : 3},
                {"source", "cardc"},
                {"code", std::string(diag_info(dg.id).name)},
                {"message", dg.message}};
      j["range"] = dg.range.valid() ? range_json(d.checked->sm, dg.range)
                                    : json{{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 0}, {"character", 0}}}};
      json related = json::array();
      for (const auto& n : dg.notes)
        if (n.range.valid() && n.range.file == d.checked->file)
          related.push_back({{"location", {{"uri", d.uri}, {"range", range_json(d.checked->sm, n.range)}}}, {"message", n.message}});
        else
          j["message"] = j["message"].get<std::string>() + "\n" + n.message;
      if (!related.empty()) j["relatedInformation"] = related;
      if (!dg.fixits.empty()) {
        json edits = json::array();
        for (const auto& f : dg.fixits)
          if (f.range.valid()) edits.push_back({{"range", range_json(d.checked->sm, f.range)}, {"newText", f.replacement}});
        j["data"] = {{"fixits", edits}};
      }
      diags.push_back(j);
    }
    if (d.checked->diags.limit_hit())
      diags.push_back(
          {{"severity", 3},
           {"source", "cardc"},
           {"message", "more errors not shown: the first " + std::to_string(kDefaultErrorLimit) +
                           " are (cardc check --error-limit=0 shows them all)"},
           {"range", {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 0}, {"character", 0}}}}}});
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    log_ << "cardc lsp: checked " << d.path << " v" << d.version << " in " << ms << " ms (cards parsed again: "
         << d.checked->cards_parsed << "; checked again: " << d.checked->cards_checked
         << ", reused: " << d.checked->cards_reused << ")\n";
    publish(d.uri, diags, d.version);
  }

  static std::string canonical(const std::string& path) {
    std::error_code ec;
    std::string c = std::filesystem::weakly_canonical(path, ec).string();
    return ec ? path : c;
  }

  // The open document of `path` (the same file by its canonical path), if any.
  const Document* open_document(const std::string& path) {
    const std::string want = canonical(path);
    for (const auto& [uri, d] : docs_)
      if (d.path == path || canonical(d.path) == want) return &d;
    return nullptr;
  }

  // The profile at `path` changed (edited, saved, closed, changed on disk): the open sets that use it, and those
  // that found no profile yet, are checked again.
  void recheck_sets_of(const std::string& path) {
    const std::string changed = canonical(path);
    for (auto& [uri, d] : docs_)
      if (d.checked && d.checked->set && (d.checked->profile_path == changed || !d.checked->profile())) recheck(d);
  }

  void publish(const std::string& uri, const json& diags, const json& version) {
    json p = {{"uri", uri}, {"diagnostics", diags}};
    if (!version.is_null()) p["version"] = version;
    send({{"jsonrpc", "2.0"}, {"method", "textDocument/publishDiagnostics"}, {"params", p}});
  }

  Document* doc(const json& params) {
    auto it = docs_.find(params.at("textDocument").at("uri").get<std::string>());
    return it == docs_.end() || !it->second.checked ? nullptr : &it->second;
  }

  // The card whose lines hold `offset`, and its index.
  const ast::Card* card_at(const CheckedDocument& c, uint32_t offset, size_t* index = nullptr) {
    if (!c.set) return nullptr;
    for (size_t i = 0; i < c.set->cards.size(); ++i) {
      const auto& r = c.set->cards[i].range;
      if (offset >= r.begin && offset <= r.end) {
        if (index) *index = i;
        return &c.set->cards[i];
      }
    }
    return nullptr;
  }

  static std::string word_at(const std::string& text, uint32_t off, uint32_t* b = nullptr, uint32_t* e = nullptr) {
    auto is_word = [&](size_t i) {
      unsigned char ch = static_cast<unsigned char>(text[i]);
      return std::isalnum(ch) || ch >= 0x80 || ch == '\'' || ch == '-';
    };
    size_t s = off, t = off;
    while (s > 0 && is_word(s - 1)) --s;
    while (t < text.size() && is_word(t)) ++t;
    if (b) *b = static_cast<uint32_t>(s);
    if (e) *e = static_cast<uint32_t>(t);
    return text.substr(s, t - s);
  }

  json hover(const json& params) {
    Document* d = doc(params);
    if (!d) return nullptr;
    const CheckedDocument& c = *d->checked;
    uint32_t off = offset_of(d->text, params.at("position").at("line"), params.at("position").at("character"));
    const GameProfile* p = c.profile();
    // A profile entry under the cursor: stat (name or abbreviation), keyword, card type.
    if (p && c.set) {
      for (const auto& card : c.set->cards) {
        for (const auto& st : card.stats)
          if (off >= st.name_range.begin && off <= st.name_range.end)
            if (auto i = p->stat(st.name)) return markdown(stat_entry(p->stats[*i]), st.name_range, c);
        for (const auto& k : card.keywords)
          if (off >= k.range.begin && off <= k.range.end)
            if (const KeywordDef* kd = p->keyword(k.text)) return markdown(keyword_entry(*kd), k.range, c);
        if (off >= card.type_range.begin && off <= card.type_range.end && card.type_range.valid())
          if (const CardTypeDef* t = p->card_type(card.type)) return markdown(type_entry(*p, *t), card.type_range, c);
      }
    }
    size_t index = 0;
    const ast::Card* card = card_at(c, off, &index);
    if (!card) return nullptr;
    return markdown(card_meaning(c, *card, index), card->title_range, c);
  }

  json markdown(const std::string& s, SourceRange r, const CheckedDocument& c) {
    json h = {{"contents", {{"kind", "markdown"}, {"value", s}}}};
    if (r.valid()) h["range"] = range_json(c.sm, r);
    return h;
  }

  static std::string stat_entry(const StatDef& s) {
    std::string out = "**stat " + s.name + "**";
    for (const auto& a : s.abbrevs) out += " (" + a + ")";
    out += std::string("\n\nfloor: ") + (s.floor == Floor::Zero ? "zero" : "none");
    if (s.player) out += " · player stat";
    if (s.cost) out += " · printed cost (000 7.4c)";
    if (s.destroy_at_zero) out += " · destroyed at zero";
    if (s.dash_is_lowest) out += " · \"-\" is lowest";
    if (!s.role.empty()) out += " · role: " + s.role;
    return out;
  }
  static std::string keyword_entry(const KeywordDef& k) {
    std::string out = "**keyword " + k.name + "**";
    if (!k.family.empty()) out += " (" + k.family + ")";
    out += k.rule.empty() ? "\n\ndescriptive keyword (no rules meaning)" : "\n\nrules meaning: " + k.rule;
    return out;
  }
  static std::string type_entry(const GameProfile& p, const CardTypeDef& t) {
    std::string out = "**card type " + t.name + "**\n\nstats:";
    for (const auto& s : t.stats) out += " " + p.stats[s.stat].name + (s.modifier ? " (modifier)" : "") + ",";
    if (!t.stats.empty()) out.pop_back();
    if (t.enters_play) out += "\n\nenters play";
    if (t.attaches) out += " · attaches";
    if (t.action) out += " · action";
    if (t.created) out += " · created";
    return out;
  }

  // A card's hover: its reading (designators, clauses, targets, references, X), then its meaning tree as
  // `cardc check --emit=meaning` prints it. The card is read again here, alone (tools/set_checker.h).
  std::string card_meaning(const CheckedDocument& c, const ast::Card& card, size_t index) {
    std::string out = "**" + (card.title.empty() ? std::string("(untitled)") : card.title) + "** — " + card.type;
    auto a = analyse_card(c, index);
    if (!a || a->index >= a->ctx->readings.size()) return out + "\n\n(not checked: no profile)";
    const CardReading& r = a->ctx->readings[a->index];
    out += std::string("\n\nX: ") + x_source_name(r.x.source);
    if (r.x.where.valid()) out += " — `" + std::string(c.sm.text(r.x.where)) + "`";
    for (const auto& u : r.units) {
      out += std::string("\n\n- ") + unit_kind_name(u.kind);
      if (!u.designators.empty()) {
        out += " [";
        for (size_t i = 0; i < u.designators.size(); ++i) out += (i ? "/" : "") + u.designators[i];
        out += "]";
      }
      for (const auto& k : u.keywords) out += " keyword " + k;
      out += u.mandatory ? " (mandatory)" : u.kind == UnitKind::Ability ? " (voluntary)" : "";
      for (const auto& cl : u.constraints)
        out += std::string("\n  - ") + clause_role_name(cl.role) + ": `" + std::string(c.sm.text(cl.range)) + "`";
      for (const auto& cl : u.effects)
        out += std::string("\n  - ") + clause_role_name(cl.role) + ": `" + std::string(c.sm.text(cl.range)) + "`";
      for (const auto& t : u.targets)
        out += "\n  - target " + t.noun + (t.in_constraints ? " (chosen before costs)" : " (in effects)");
      for (const auto& ref : u.references)
        out += "\n  - `" + std::string(c.sm.text(ref.range)) + "` → " + ref.resolved;
    }
    if (a->index < a->ctx->meanings.size()) {
      // meaning::dump prints every card of a context: one holding only this card prints its part.
      ast::CardSetFile alone = header_of_card(*c.set, card);
      CheckContext one{c.sm, a->ctx->profile, alone, *a->diags, {}, {a->ctx->meanings[a->index]}};
      std::ostringstream tree;
      meaning::dump(one, tree);
      out += "\n\n**Meaning** (`cardc check --emit=meaning`)\n```\n" + tree.str() + "```";
    }
    return out;
  }

  static ast::CardSetFile header_of_card(const ast::CardSetFile& set, const ast::Card& card) {
    ast::CardSetFile out;
    out.file = set.file;
    out.game = set.game;
    out.set_name = set.set_name;
    out.cards.push_back(card);
    return out;
  }

  // ---- completion by context (docs/tools.md "Language server"): the field the cursor is in decides the list.
  enum class Field { None, Stats, Keywords, Text, Other };

  struct CompletionSite {
    Field field = Field::None;
    std::string_view line;   // the cursor's line
    size_t line_begin = 0;   // its offset in the document
    size_t col = 0;          // the cursor, in bytes from line_begin
    size_t segment = 0;      // where the list entry or sentence being typed starts (bytes from line_begin)
  };

  static bool starts_with_word(std::string_view s, std::string_view w) {
    return s.substr(0, w.size()) == w && (s.size() == w.size() || s[w.size()] == ' ' || s[w.size()] == '\t');
  }

  // The field of the line at `off`: a field's own line (`stats ...`), or a paragraph line under `text`.
  static CompletionSite site_at(const std::string& text, uint32_t off) {
    CompletionSite s;
    size_t nl = off == 0 ? std::string::npos : text.rfind('\n', off - 1);
    s.line_begin = nl == std::string::npos ? 0 : nl + 1;
    size_t line_end = text.find('\n', off);
    if (line_end == std::string::npos) line_end = text.size();
    s.line = std::string_view(text).substr(s.line_begin, line_end - s.line_begin);
    s.col = off - s.line_begin;
    auto trimmed = [](std::string_view l, size_t* indent = nullptr) {
      size_t i = l.find_first_not_of(" \t");
      if (indent) *indent = i == std::string_view::npos ? l.size() : i;
      return i == std::string_view::npos ? std::string_view() : l.substr(i);
    };
    size_t indent = 0;
    std::string_view here = trimmed(s.line, &indent);
    auto field_start = [&](std::string_view word) { return indent + word.size() + 1; };
    if (starts_with_word(here, "stats") && s.col >= field_start("stats")) {
      s.field = Field::Stats;
      s.segment = field_start("stats");
    } else if (starts_with_word(here, "keywords") && s.col >= field_start("keywords")) {
      s.field = Field::Keywords;
      s.segment = field_start("keywords");
    } else if (starts_with_word(here, "text") && s.col >= field_start("text")) {
      s.field = Field::Text;
      s.segment = field_start("text");
    } else if (indent >= 4 || here.empty()) {
      // A paragraph line belongs to the nearest field line above it.
      for (size_t end = s.line_begin; end > 0;) {  // `end` - 1 is the newline ending the line above
        size_t q = end - 1 == 0 ? std::string::npos : text.rfind('\n', end - 2);
        size_t begin = q == std::string::npos ? 0 : q + 1;
        size_t pi = 0;
        std::string_view above = trimmed(std::string_view(text).substr(begin, end - 1 - begin), &pi);
        if (!above.empty() && above[0] != '#' && pi < 4) {
          if (starts_with_word(above, "text")) s.field = Field::Text;
          break;
        }
        end = begin;
      }
      if (s.field == Field::None) return s;
      s.segment = indent;
    } else {
      s.field = Field::Other;
    }
    if (s.col < s.segment) s.segment = s.col;
    std::string_view before = s.line.substr(0, s.col);
    if (s.field == Field::Stats || s.field == Field::Keywords) {
      // The entry being typed starts after the line's last separator (` · `, ` • `, `, `).
      for (std::string_view sep : {"\xC2\xB7", "\xE2\x80\xA2", ","}) {
        size_t at = before.rfind(sep);
        if (at != std::string_view::npos && at + sep.size() > s.segment) s.segment = at + sep.size();
      }
    } else if (s.field == Field::Text) {
      // The sentence being typed starts after the last `.` `!` `?` `:` (and the `**` closing a bold designator).
      for (size_t i = s.col; i > s.segment; --i) {
        char ch = before[i - 1];
        if (ch == '.' || ch == '!' || ch == '?' || ch == ':') {
          s.segment = i;
          break;
        }
      }
      while (s.segment < s.col && before[s.segment] == '*') ++s.segment;
    }
    while (s.segment < s.col && (before[s.segment] == ' ' || before[s.segment] == '\t')) ++s.segment;
    return s;
  }

  static std::string lower(std::string_view s) {
    std::string out(s);
    for (auto& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
  }

  // Where the typed part of `name` starts: the longest run of whole words before the cursor (inside the segment)
  // that `name` begins with, case-insensitively; else the word at the cursor. A multi-word name replaces all of
  // its words already typed ("Honor Req" -> "Honor Requirement").
  static size_t typed_start(const CompletionSite& s, std::string_view name) {
    std::string_view before = s.line.substr(0, s.col);
    std::string lname = lower(name);
    for (size_t b = s.segment; b < s.col; ++b) {
      if (b > s.segment && before[b - 1] != ' ') continue;
      std::string typed = lower(before.substr(b));
      if (lname.compare(0, typed.size(), typed) == 0) return b;
    }
    size_t b = s.col;
    while (b > s.segment && before[b - 1] != ' ' && before[b - 1] != '*') --b;
    return b;
  }

  // The typed text before the cursor is a prefix of a name starting the sentence ("", "Bo", "Ranged at").
  static bool at_sentence_start(const CompletionSite& s, const GameProfile& p) {
    std::string typed = lower(s.line.substr(s.segment, s.col - s.segment));
    if (typed.find(' ') == std::string::npos) return true;
    for (const auto& v : p.verbs)
      if (lower(v.name).compare(0, typed.size(), typed) == 0) return true;
    for (const auto& t : p.card_types)
      if (lower(t.name).compare(0, typed.size(), typed) == 0) return true;
    return false;
  }

  json completion(const json& params) {
    Document* d = doc(params);
    json items = json::array();
    if (!d) return items;
    const CheckedDocument& c = *d->checked;
    uint32_t off = offset_of(d->text, params.at("position").at("line"), params.at("position").at("character"));
    CompletionSite site = site_at(d->text, off);
    // Every item replaces the part of its name already typed (textEdit), so multi-word names complete whole.
    auto add = [&](const std::string& label, int kind, const std::string& detail, const std::string& sort = "",
                   const std::string& insert = "") {
      json item = {{"label", label}, {"kind", kind}, {"detail", detail}};
      if (!sort.empty()) item["sortText"] = sort + label;
      const std::string& text = insert.empty() ? label : insert;
      size_t b = typed_start(site, text);
      if (b == site.col && text != label) b = typed_start(site, label);
      item["textEdit"] = {{"range",
                           {{"start", position(c.sm, c.file, static_cast<uint32_t>(site.line_begin + b))},
                            {"end", position(c.sm, c.file, off)}}},
                          {"newText", text}};
      if (text != label) item["filterText"] = site.line.substr(b, site.col - b).rfind("**", 0) == 0 ? text : label;
      items.push_back(std::move(item));
    };
    const GameProfile* p = c.profile();
    const ast::Card* card = c.set ? card_at(c, off) : nullptr;
    if (p && c.set && card && site.field == Field::Stats) {
      // The card type's stats first, then the game's other card stats; those already on the line are left out.
      const CardTypeDef* type = p->card_type(card->type);
      std::string_view written = site.line;
      for (size_t i = 0; i < p->stats.size(); ++i) {
        const StatDef& st = p->stats[i];
        if (st.player) continue;
        bool on_line = false;
        for (const auto& e : card->stats)
          if (p->stat(e.name) == i && written.find(e.name) != std::string_view::npos &&
              !(off >= e.name_range.begin && off <= e.name_range.end))
            on_line = true;
        if (on_line) continue;
        bool of_type = type && type->slot(i);
        add(st.name, 10, of_type ? "stat of " + type->name : "stat", of_type ? "0" : "1");
        for (const auto& a : st.abbrevs) add(a, 10, "stat " + st.name, "2");
      }
      return {{"isIncomplete", false}, {"items", items}};
    }
    if (p && c.set && site.field == Field::Keywords) {
      for (const auto& k : p->keywords) {
        bool on_line = false;
        if (card)
          for (const auto& e : card->keywords)
            if (e.text == k.name && !(off >= e.range.begin && off <= e.range.end)) on_line = true;
        if (on_line) continue;
        // Keywords with rules meaning are printed bold (docs/language.md).
        add(k.name, 14, k.rule.empty() ? "keyword" : "keyword (" + k.rule + ")", k.rule.empty() ? "1" : "0",
            k.rule.empty() ? "" : "**" + k.name + "**");
      }
      return {{"isIncomplete", false}, {"items", items}};
    }
    if (p && c.set && site.field == Field::Text && at_sentence_start(site, *p)) {
      // A sentence starts with a verb (an imperative: "Bow", "Gain") or a noun ("Personalities have ...").
      for (const auto& v : p->verbs) add(v.name, 3, "verb (" + v.primitive + ")", "0");
      for (const auto& t : p->card_types) add(t.name, 7, "card type", "1");
      return {{"isIncomplete", false}, {"items", items}};
    }
    if (p) {
      for (const auto& t : p->card_types) add(t.name, 7, "card type");
      for (const auto& s : p->stats) {
        add(s.name, 10, s.player ? "player stat" : "stat");
        for (const auto& a : s.abbrevs) add(a, 10, "stat " + s.name);
      }
      for (const auto& k : p->keywords) add(k.name, 14, k.rule.empty() ? "keyword" : "keyword (" + k.rule + ")");
      for (const auto& e : p->events) add(e.text, 23, "event");
      for (const auto& x : p->designators) add(x.name, 14, "designator");
      for (const auto& v : p->verbs) add(v.name, 3, "verb (" + v.primitive + ")");
    }
    if (c.set)
      for (const auto& cd : c.set->cards)
        if (!cd.title.empty()) add(cd.title, 18, "card title (" + cd.type + ")");
    if (!c.set)
      for (const char* k : {"stat", "player stat", "resource", "card type", "zone", "state", "designator", "keyword",
                            "keywords:", "event", "duration", "status", "dice", "verb", "policy"})
        add(k, 14, "declaration");
    return {{"isIncomplete", false}, {"items", items}};
  }

  // ---- definition: a card title's card, or a profile name's declaration in the `.game` file
  json profile_location(const CheckedDocument& c, SourceRange where) {
    if (!where.valid()) return nullptr;
    return {{"uri", path_to_uri(c.sm.name(where.file))}, {"range", range_json(c.sm, where)}};
  }

  // A profile name written in card text under the cursor (case-insensitive; a verb or noun may carry an ending:
  // "bows", "challenges", "Personalities"): the declaration of the longest such name.
  json profile_name_at(const CheckedDocument& c, const CompletionSite& site) {
    const GameProfile& p = *c.profile();
    std::string line = lower(site.line);
    size_t best = 0;
    SourceRange found;
    auto is_letter = [](char ch) { return std::isalpha(static_cast<unsigned char>(ch)) || (ch & 0x80); };
    auto consider_spelling = [&](const std::string& n, SourceRange where) {
      for (size_t at = line.find(n); at != std::string::npos; at = line.find(n, at + 1)) {
        if (at > 0 && is_letter(line[at - 1])) continue;
        size_t end = at + n.size();
        for (std::string_view ending : {"es", "s", "ed", "d", "ing"})
          if (line.compare(end, ending.size(), ending) == 0 &&
              (end + ending.size() == line.size() || !is_letter(line[end + ending.size()]))) {
            end += ending.size();
            break;
          }
        if (end < line.size() && is_letter(line[end])) continue;
        if (at <= site.col && site.col <= end && end - at > best) {
          best = end - at;
          found = where;
        }
      }
    };
    auto consider = [&](const std::string& name, SourceRange where) {
      if (name.empty()) return;
      std::string n = lower(name);
      consider_spelling(n, where);
      if (n.size() > 1 && n.back() == 'y')  // Personality -> Personalities
        consider_spelling(n.substr(0, n.size() - 1) + "ies", where);
    };
    for (const auto& v : p.verbs) consider(v.name, v.where);
    for (const auto& e : p.events) consider(e.text, e.where);
    for (const auto& e : p.durations) consider(e.text, e.where);
    for (const auto& t : p.card_types) consider(t.name, t.where);
    for (const auto& st : p.stats) {
      consider(st.name, st.where);
      for (const auto& a : st.abbrevs) consider(a, st.where);
    }
    for (const auto& r : p.resources) {
      consider(r.name, r.where);
      for (const auto& a : r.abbrevs) consider(a, r.where);
    }
    for (const auto& k : p.keywords) consider(k.name, k.where);
    for (const auto* list : {&p.zones, &p.states, &p.designators, &p.statuses, &p.dice})
      for (const auto& x : *list) {
        consider(x.name, x.where);
        for (const auto& a : x.abbrevs) consider(a, x.where);
      }
    return best ? profile_location(c, found) : json(nullptr);
  }

  json definition(const json& params) {
    Document* d = doc(params);
    if (!d || !d->checked->set) return nullptr;
    const CheckedDocument& c = *d->checked;
    uint32_t off = offset_of(d->text, params.at("position").at("line"), params.at("position").at("character"));
    const GameProfile* p = c.profile();
    // A card's stat, keyword or type: its declaration in the profile.
    if (p)
      if (const ast::Card* card = card_at(c, off)) {
        for (const auto& st : card->stats)
          if (off >= st.name_range.begin && off <= st.name_range.end)
            if (auto i = p->stat(st.name)) return profile_location(c, p->stats[*i].where);
        for (const auto& k : card->keywords)
          if (off >= k.range.begin && off <= k.range.end)
            if (const KeywordDef* kd = p->keyword(k.text)) return profile_location(c, kd->where);
        if (card->type_range.valid() && off >= card->type_range.begin && off <= card->type_range.end)
          if (const CardTypeDef* t = p->card_type(card->type)) return profile_location(c, t->where);
      }
    auto goto_title = [&](std::string_view title) -> json {
      for (const auto& card : c.set->cards)
        if (card.title == title) return {{"uri", d->uri}, {"range", range_json(c.sm, card.title_range)}};
      return nullptr;
    };
    size_t index = 0;
    if (card_at(c, off, &index))
      if (auto a = analyse_card(c, index)) {
        const CardReading& r = a->ctx->readings.at(a->index);
        for (const auto& u : r.units)
          for (const auto& ref : u.references)
            if (ref.kind == RefKind::Title && off >= ref.range.begin && off <= ref.range.end) {
              if (ref.antecedent.valid())
                return {{"uri", d->uri}, {"range", range_json(c.sm, ref.antecedent)}};
              json j = goto_title(c.sm.text(ref.range));
              if (!j.is_null()) return j;
            }
    }
    // Any card title written out in the text under the cursor.
    for (const auto& card : c.set->cards) {
      if (card.title.empty()) continue;
      size_t from = off >= card.title.size() ? off - card.title.size() : 0;
      size_t at = d->text.find(card.title, from);
      if (at != std::string::npos && at <= off && off <= at + card.title.size() && card.title_range.begin > at + 1 + 0 &&
          !(at >= card.title_range.begin && at < card.title_range.end))
        return {{"uri", d->uri}, {"range", range_json(c.sm, card.title_range)}};
    }
    // A verb, event, card type, stat, keyword ... of the profile in card text.
    if (p) {
      CompletionSite site = site_at(d->text, off);
      if (site.field == Field::Text) return profile_name_at(c, site);
    }
    return nullptr;
  }

  // ---- the outline: a set's cards (Class, the type as detail), a profile's declarations
  json document_symbols(const json& params) {
    Document* d = doc(params);
    json symbols = json::array();
    if (!d) return symbols;
    const CheckedDocument& c = *d->checked;
    auto symbol = [&](const std::string& name, const std::string& detail, int kind, SourceRange range,
                      SourceRange selection) {
      if (!selection.valid() || selection.begin < range.begin || selection.end > range.end) selection = range;
      symbols.push_back({{"name", name},
                         {"detail", detail},
                         {"kind", kind},
                         {"range", range_json(c.sm, range)},
                         {"selectionRange", range_json(c.sm, selection)}});
    };
    if (c.set)
      for (const auto& card : c.set->cards)
        if (card.range.valid()) {
          SourceRange r = card.range;  // without the blank lines after `end`
          auto blank = [&](uint32_t at) { return std::isspace(static_cast<unsigned char>(d->text[at])); };
          while (r.end > r.begin && r.end <= d->text.size() && blank(r.end - 1)) --r.end;
          symbol(card.title.empty() ? "(untitled " + card.type + ")" : card.title, card.type, 5, r, card.title_range);
        }
    if (c.profile_ast && !c.set)
      for (const auto& decl : c.profile_ast->decls) {
        if (!decl.range.valid()) continue;
        // LSP SymbolKind: Field 8, Class 5, Function 12, Event 24, Key 20, Property 7, Enum 10, Constant 14
        int kind = 14;
        switch (decl.kind) {
          case ast::DeclKind::Stat:
          case ast::DeclKind::PlayerStat: kind = 8; break;
          case ast::DeclKind::CardType: kind = 5; break;
          case ast::DeclKind::Verb: kind = 12; break;
          case ast::DeclKind::Event: kind = 24; break;
          case ast::DeclKind::Keyword:
          case ast::DeclKind::Keywords: kind = 20; break;
          case ast::DeclKind::Policy: kind = 7; break;
          case ast::DeclKind::Zone:
          case ast::DeclKind::State:
          case ast::DeclKind::Status: kind = 10; break;
          default: break;
        }
        const char* what = ast::decl_kind_name(decl.kind);
        symbol(decl.name ? decl.name->text : what, what, kind, decl.range,
               decl.name ? decl.name->range : decl.kind_range);
      }
    return symbols;
  }

  // ---- formatting: `cardc fmt`'s layout (format_source, which proves the result parses to the same AST), sent
  // as one edit over the lines that change. A document that does not parse is not formatted: an error says why.
  bool format(const json& id, const json& params) {
    Document* d = doc(params);
    if (!d) return reply(id, json::array());
    const CheckedDocument& c = *d->checked;
    std::string error;
    const FormatLanguage lang = c.set ? FormatLanguage::CardSet : FormatLanguage::Profile;
    std::optional<std::string> formatted = format_source(d->text, lang, d->path, error);
    if (!formatted) {
      send_error(id, -32803, "cannot format " + d->path + ": it does not parse\n" + error);
      return true;
    }
    auto lines = [](const std::string& t) {
      std::vector<std::string_view> out;
      for (size_t b = 0; b < t.size();) {
        size_t nl = t.find('\n', b);
        size_t e = nl == std::string::npos ? t.size() : nl + 1;
        out.push_back(std::string_view(t).substr(b, e - b));
        b = e;
      }
      return out;
    };
    const auto before = lines(d->text), after = lines(*formatted);
    size_t head = 0, tail = 0;
    while (head < before.size() && head < after.size() && before[head] == after[head]) ++head;
    while (tail < before.size() - head && tail < after.size() - head &&
           before[before.size() - 1 - tail] == after[after.size() - 1 - tail])
      ++tail;
    if (head == before.size() && head == after.size()) return reply(id, json::array());
    size_t from = 0, to = 0;
    for (size_t i = 0; i < before.size() - tail; ++i) (i < head ? from : to) += before[i].size();
    to += from;
    std::string replacement;
    for (size_t i = head; i < after.size() - tail; ++i) replacement += after[i];
    json range = {{"start", position(c.sm, c.file, static_cast<uint32_t>(from))},
                  {"end", position(c.sm, c.file, static_cast<uint32_t>(to))}};
    return reply(id, json::array({{{"range", range}, {"newText", replacement}}}));
  }

  // ---- references and rename: a stat, keyword or card type of the profile, or a card's title (tools/name_uses.h)
  struct NameAt {
    GameName name;
    SourceRange range;    // as written under the cursor
    std::string refused;  // why it cannot be renamed from here
  };

  std::optional<NameAt> name_at(const CheckedDocument& c, const std::string& text, uint32_t off) {
    if (!c.set) return std::nullopt;
    const GameProfile* p = c.profile();
    auto in = [&](SourceRange r) { return r.valid() && off >= r.begin && off <= r.end; };
    for (const auto& card : c.set->cards) {
      if (!in(card.range)) continue;
      if (in(card.title_range) && !card.title.empty())
        return NameAt{{NameKind::Title, card.title}, card.title_range, ""};
      if (!p) return std::nullopt;
      for (const auto& st : card.stats)
        if (in(st.name_range))
          if (auto i = p->stat(st.name)) {
            const std::string& full = p->stats[*i].name;
            std::string refused;
            if (st.name != full)
              refused = "'" + std::string(st.name) + "' is an abbreviation of " + full + ": rename " + full;
            return NameAt{{NameKind::Stat, full}, st.name_range, refused};
          }
      for (const auto& k : card.keywords)
        if (in(k.range))
          if (const KeywordDef* kd = p->keyword(k.text); kd && kd->name == k.text) {
            const size_t at = text.find(k.text, k.range.begin);
            SourceRange r{k.range.file, static_cast<uint32_t>(at), static_cast<uint32_t>(at + k.text.size())};
            return NameAt{{NameKind::Keyword, k.text}, r.end <= k.range.end ? r : k.range, ""};
          }
      if (in(card.type_range) && p->card_type(card.type))
        return NameAt{{NameKind::CardType, card.type}, card.type_range, ""};
      // In card text: the longest title, keyword, card type or stat name written whole under the cursor.
      std::optional<NameAt> best;
      for (const ast::Paragraph& para : card.text) {
        if (!in(para.range)) continue;
        const std::string_view written =
            std::string_view(text).substr(para.range.begin, para.range.end - para.range.begin);
        auto consider = [&](NameKind kind, const std::string& name) {
          for (auto [b, e] : word_occurrences(written, name, kind != NameKind::Title, false)) {
            SourceRange r{para.range.file, static_cast<uint32_t>(para.range.begin + b),
                          static_cast<uint32_t>(para.range.begin + e)};
            if (in(r) && (!best || r.end - r.begin > best->range.end - best->range.begin))
              best = NameAt{{kind, name}, r, ""};
          }
        };
        for (const auto& other : c.set->cards) consider(NameKind::Title, other.title);
        for (const auto& k : p->keywords) consider(NameKind::Keyword, k.name);
        for (const auto& t : p->card_types) consider(NameKind::CardType, t.name);
        for (const auto& st : p->stats) consider(NameKind::Stat, st.name);
      }
      return best;
    }
    return std::nullopt;
  }

  // One document's text and its set, wherever it comes from (open in the editor, or read from disk).
  struct SetText {
    std::string uri;
    const SourceManager* sm = nullptr;
    const ast::CardSetFile* set = nullptr;
  };

  // The sets where `n` may be written: for a title, this document; for a profile name, every open set of the same
  // profile and the sets beside the profile on disk (its folder and those under it) of the same game.
  template <class F>
  void for_each_set(const Document& here, const GameName& n, F&& f) {
    const CheckedDocument& c = *here.checked;
    f(SetText{here.uri, &c.sm, c.set.get()});
    if (n.kind == NameKind::Title || c.profile_path.empty()) return;
    std::vector<std::string> seen{canonical(here.path)};
    for (const auto& [uri, d] : docs_)
      if (&d != &here && d.checked && d.checked->set && d.checked->profile_path == c.profile_path) {
        seen.push_back(canonical(d.path));
        f(SetText{uri, &d.checked->sm, d.checked->set.get()});
      }
    std::error_code ec;
    const auto folder = std::filesystem::path(c.profile_path).parent_path();
    std::vector<std::string> files;
    // Bounded: a profile in a large folder (a home directory) is not worth a long walk; what is past it is not seen.
    constexpr int kMaxEntries = 20000;
    int entries = 0;
    for (auto it = std::filesystem::recursive_directory_iterator(
             folder, std::filesystem::directory_options::skip_permission_denied, ec);
         !ec && it != std::filesystem::recursive_directory_iterator() && ++entries <= kMaxEntries; it.increment(ec))
      if (it->is_regular_file(ec) && file_kind(it->path().string()) == FileKind::CardSet)
        files.push_back(it->path().string());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
      if (std::find(seen.begin(), seen.end(), canonical(file)) != seen.end()) continue;
      SourceManager sm;
      DiagnosticEngine scratch(sm);
      std::string error;
      FileId id = sm.load(file, error, ParseLimits{}.max_file_bytes);
      if (id == kNoFile) continue;
      auto set = parse_card_set(sm, id, scratch);
      if (!set || set->game != c.set->game) continue;
      auto where = find_profile(set->game, file, opts_.profile_dirs);
      if (!where || canonical(*where) != c.profile_path) continue;
      f(SetText{path_to_uri(file), &sm, set.get()});
    }
  }

  // The declaration and every other whole-word use of a profile name in the profile's text (comments skipped).
  std::vector<SourceRange> profile_uses(const CheckedDocument& c, const GameName& n) {
    std::vector<SourceRange> out;
    if (n.kind == NameKind::Title || !c.set_profile) return out;
    for (auto [b, e] : word_occurrences(c.set_profile->text, n.name, false, true))
      out.push_back({1, static_cast<uint32_t>(b), static_cast<uint32_t>(e)});  // file 1 of the profile's sm
    return out;
  }

  json references(const json& params) {
    Document* d = doc(params);
    json locations = json::array();
    if (!d) return locations;
    uint32_t off = offset_of(d->text, params.at("position").at("line"), params.at("position").at("character"));
    auto at = name_at(*d->checked, d->text, off);
    if (!at) return locations;
    const bool declaration = params.value("context", json::object()).value("includeDeclaration", true);
    if (declaration)
      for (SourceRange r : profile_uses(*d->checked, at->name))
        locations.push_back({{"uri", path_to_uri(d->checked->set_profile->path)},
                             {"range", range_json(d->checked->set_profile->sm, r)}});
    for_each_set(*d, at->name, [&](const SetText& s) {
      for (SourceRange r : name_uses(s.sm->contents(s.set->file), *s.set, at->name))
        if (declaration || at->name.kind != NameKind::Title || r != title_range_of(*s.set, at->name.name))
          locations.push_back({{"uri", s.uri}, {"range", range_json(*s.sm, r)}});
    });
    return locations;
  }

  static SourceRange title_range_of(const ast::CardSetFile& set, const std::string& title) {
    for (const auto& card : set.cards)
      if (card.title == title) return card.title_range;
    return {};
  }

  bool prepare_rename(const json& id, const json& params) {
    Document* d = doc(params);
    if (!d) return reply(id, nullptr);
    uint32_t off = offset_of(d->text, params.at("position").at("line"), params.at("position").at("character"));
    auto at = name_at(*d->checked, d->text, off);
    if (!at) {
      send_error(id, -32803, "nothing to rename here: a card's title, or a stat, keyword or card type of the game");
      return true;
    }
    if (!at->refused.empty()) {
      send_error(id, -32803, at->refused);
      return true;
    }
    return reply(id, {{"range", range_json(d->checked->sm, at->range)},
                      {"placeholder", std::string(d->checked->sm.text(at->range))}});
  }

  bool rename(const json& id, const json& params) {
    Document* d = doc(params);
    if (!d) return reply(id, nullptr);
    const CheckedDocument& c = *d->checked;
    uint32_t off = offset_of(d->text, params.at("position").at("line"), params.at("position").at("character"));
    const std::string new_name = params.at("newName").get<std::string>();
    auto at = name_at(c, d->text, off);
    auto refuse = [&](const std::string& why) {
      send_error(id, -32803, why);
      return true;
    };
    if (!at) return refuse("nothing to rename here: a card's title, or a stat, keyword or card type of the game");
    if (!at->refused.empty()) return refuse(at->refused);
    const GameName& n = at->name;
    // A name is one line of words: no quotes, comments or list separators around it.
    const bool bad = new_name.empty() || new_name.front() == ' ' || new_name.back() == ' ' ||
                     new_name.find_first_of("\"#\n\r\t,*") != std::string::npos ||
                     new_name.find("\xC2\xB7") != std::string::npos;
    if (bad)
      return refuse("'" + new_name + "' cannot be a name: one line of words, without quotes, '#', ',', '*' or '·'");
    if (new_name == n.name) return reply(id, {{"changes", json::object()}});
    const GameProfile* p = c.profile();
    const bool taken = n.kind == NameKind::Title     ? title_range_of(*c.set, new_name).valid()
                       : n.kind == NameKind::Stat    ? p->stat(new_name).has_value()
                       : n.kind == NameKind::Keyword ? p->keyword(new_name) != nullptr
                                                     : p->card_type(new_name) != nullptr;
    if (taken) return refuse("'" + new_name + "' is already a name of this game or set: renaming would merge the two");
    json changes = json::object();
    if (n.kind != NameKind::Title) {
      // The profile first, checked: it must still load, with the new name where the old one was.
      const std::string& old_text = c.set_profile->text;
      const auto uses = profile_uses(c, n);
      std::string renamed = old_text;
      json edits = json::array();
      for (auto it = uses.rbegin(); it != uses.rend(); ++it) {
        renamed.replace(it->begin, it->end - it->begin, new_name);
        edits.push_back({{"range", range_json(c.set_profile->sm, *it)}, {"newText", new_name}});
      }
      SourceManager sm;
      DiagnosticEngine diags(sm);
      FileId f = sm.add(c.set_profile->path, renamed);
      auto ast = parse_profile(sm, f, diags);
      auto model = ast ? load_profile(*ast, diags) : nullptr;
      const bool found = model && (n.kind == NameKind::Stat      ? model->stat(new_name).has_value()
                                   : n.kind == NameKind::Keyword ? model->keyword(new_name) != nullptr
                                                                 : model->card_type(new_name) != nullptr);
      if (!model || diags.errors() > 0 || !found) {
        std::string why =
            diags.all().empty() ? "the name is not declared there afterwards" : diags.all().front().message;
        return refuse("renaming '" + n.name + "' to '" + new_name + "' would break the profile: " + why);
      }
      changes[path_to_uri(c.set_profile->path)] = edits;
    }
    for_each_set(*d, n, [&](const SetText& s) {
      json edits = json::array();
      for (SourceRange r : name_uses(s.sm->contents(s.set->file), *s.set, n))
        edits.push_back(
            {{"range", range_json(*s.sm, r)},
             {"newText", n.kind == NameKind::Title ? new_name : respelled(s.sm->text(r), n.name, new_name)}});
      if (!edits.empty()) changes[s.uri] = edits;
    });
    return reply(id, {{"changes", changes}});
  }

  json code_actions(const json& params) {
    Document* d = doc(params);
    json actions = json::array();
    if (!d) return actions;
    for (const auto& dg : params.value("context", json::object()).value("diagnostics", json::array())) {
      if (!dg.contains("data") || !dg["data"].contains("fixits") || dg["data"]["fixits"].empty()) continue;
      std::string title = "Fix: " + dg.value("message", std::string("apply the fix-it"));
      const auto& edits = dg["data"]["fixits"];
      if (edits.size() == 1) title = "Replace with '" + edits[0].value("newText", std::string()) + "'";
      actions.push_back({{"title", title},
                         {"kind", "quickfix"},
                         {"diagnostics", json::array({dg})},
                         {"isPreferred", true},
                         {"edit", {{"changes", {{d->uri, edits}}}}}});
    }
    return actions;
  }

  bool reply(const json& id, const json& result) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"result", result}});
    return true;
  }
  void send_error(const json& id, int code, const std::string& message) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
  }
  void send(const json& j) {
    std::string s = j.dump(-1, ' ', false, json::error_handler_t::replace);
    out_ << "Content-Length: " << s.size() << "\r\n\r\n" << s;
    out_.flush();
  }

  const LspOptions& opts_;
  std::ostream& out_;
  std::ostream& log_;
  std::map<std::string, Document> docs_;
  bool shutdown_ = false;
  bool watch_ = false;  // the client registers file watchers for us
  int exit_code_ = 1;
};

}  // namespace

namespace {

// Message framing limits: LSP headers are a few short lines ("Content-Length: 123"). Input that breaks them (a
// header with no newline, endless header lines) is not LSP, and the server stops reading it rather than buffering
// it: memory stays bounded on any input.
constexpr size_t kMaxHeaderLine = 8192;
constexpr int kMaxHeaderLines = 64;

enum class HeaderLine { Read, EndOfInput, TooLong };

// One header line without its newline, read a character at a time up to kMaxHeaderLine.
HeaderLine read_header_line(std::istream& in, std::string& line) {
  line.clear();
  for (int c = in.get(); c != std::char_traits<char>::eof(); c = in.get()) {
    if (c == '\n') return HeaderLine::Read;
    if (line.size() >= kMaxHeaderLine) return HeaderLine::TooLong;
    line += static_cast<char>(c);
  }
  return HeaderLine::EndOfInput;
}

}  // namespace

int run_lsp(const LspOptions& opts, std::istream& in, std::ostream& out, std::ostream& log) {
  Server server(opts, out, log);
  std::string line;
  while (true) {
    // Headers up to an empty line; only Content-Length matters.
    long long length = -1;
    bool any = false;
    int lines = 0;
    while (true) {
      const HeaderLine got = read_header_line(in, line);
      if (got == HeaderLine::EndOfInput) {
        in.setstate(std::ios::failbit);
        break;
      }
      if (got == HeaderLine::TooLong || ++lines > kMaxHeaderLines) {
        log << "cardc lsp: message framing broken (a header line over " << kMaxHeaderLine << " bytes or over "
            << kMaxHeaderLines << " header lines); stopping\n";
        return 1;
      }
      any = true;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty()) break;
      auto colon = line.find(':');
      if (colon != std::string::npos) {
        std::string name = line.substr(0, colon);
        for (auto& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (name == "content-length") {
          try {
            length = std::stoll(line.substr(colon + 1));
          } catch (...) {
            length = -1;
          }
        }
      }
    }
    if (!any || !in) return server.exit_code();  // end of input
    if (length < 0 || length > (64ll << 20)) {
      log << "cardc lsp: a message without a valid Content-Length; skipped\n";
      continue;
    }
    // Read in chunks: memory follows the bytes that arrive, not the length a header claims.
    std::string body;
    constexpr size_t kChunk = 1 << 20;
    while (body.size() < static_cast<size_t>(length)) {
      const size_t want = std::min(kChunk, static_cast<size_t>(length) - body.size());
      const size_t had = body.size();
      body.resize(had + want);
      in.read(body.data() + had, static_cast<std::streamsize>(want));
      if (static_cast<size_t>(in.gcount()) != want) return server.exit_code();
    }
    if (!server.handle(body)) return server.exit_code();
  }
}

}  // namespace cardc::tools
