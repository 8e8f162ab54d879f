#include "tools/lsp_server.h"

#include <chrono>
#include <istream>
#include <map>
#include <memory>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "diag/render.h"
#include "driver/inputs.h"
#include "parse/parser.h"
#include "profile/load_profile.h"
#include "sema/pipeline.h"

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

// ---- one checked document: everything a request needs, rebuilt after each edit
struct Checked {
  SourceManager sm;
  DiagnosticEngine diags{sm};
  FileId file = kNoFile;
  std::unique_ptr<ast::CardSetFile> set;
  std::unique_ptr<ast::ProfileFile> profile_ast;
  std::unique_ptr<GameProfile> profile;
  std::unique_ptr<CheckContext> ctx;
};

struct Document {
  std::string uri, path, text;
  int64_t version = 0;
  std::unique_ptr<Checked> checked;
  CardParseCache cards;  // an edit re-parses only the cards whose text changed
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
      if (method == "initialize") return reply(id, initialize());
      if (method == "initialized") return true;
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
        return true;
      }
      if (method == "textDocument/didClose") {
        std::string uri = params.at("textDocument").at("uri");
        docs_.erase(uri);
        publish(uri, json::array(), json());
        return true;
      }
      if (method == "textDocument/didSave") return true;
      if (method == "textDocument/hover") return reply(id, hover(params));
      if (method == "textDocument/completion") return reply(id, completion(params));
      if (method == "textDocument/definition") return reply(id, definition(params));
      if (method == "textDocument/codeAction") return reply(id, code_actions(params));
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
              {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", false}}},
              {"hoverProvider", true},
              {"completionProvider", {{"triggerCharacters", json::array({"*"})}}},
              {"definitionProvider", true},
              {"codeActionProvider", {{"codeActionKinds", json::array({"quickfix"})}}}}},
            {"serverInfo", {{"name", "cardc"}, {"version", "0.1.0"}}}};
  }

  void recheck(Document& d) {
    auto start = std::chrono::steady_clock::now();
    auto c = std::make_unique<Checked>();
    c->diags.set_error_limit(kDefaultErrorLimit);  // as cardc check: a junk document sends 20 errors, not millions
    c->file = c->sm.add(d.path, d.text);
    FileKind kind = file_kind(d.path);
    if (kind == FileKind::Profile) {
      c->profile_ast = parse_profile(c->sm, c->file, c->diags);
      if (c->profile_ast) c->profile = load_profile(*c->profile_ast, c->diags);
    } else {
      c->set = parse_card_set(c->sm, c->file, c->diags, ParseLimits{}, &d.cards);
      if (c->set && !c->set->game.empty()) {
        auto where = find_profile(c->set->game, d.path, opts_.profile_dirs);
        if (!where) {
          c->diags.report(DiagId::UnknownGame, c->set->game_range, c->set->game, c->set->game, c->set->game);
        } else {
          // The profile's own problems are reported on the profile, not here: a scratch engine.
          std::string error;
          FileId pf = c->sm.load(*where, error, ParseLimits{}.max_file_bytes);
          SourceManager& sm = c->sm;
          DiagnosticEngine scratch(sm);
          if (pf != kNoFile) c->profile_ast = parse_profile(sm, pf, scratch);
          if (c->profile_ast) c->profile = load_profile(*c->profile_ast, scratch);
          if (c->profile) {
            c->ctx = std::make_unique<CheckContext>(CheckContext{c->sm, *c->profile, *c->set, c->diags, {}});
            run_sema(*c->ctx);
          }
        }
      }
    }
    d.checked = std::move(c);
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
         << d.cards.misses() << ", reused: " << d.cards.hits() << ")\n";
    publish(d.uri, diags, d.version);
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
  const ast::Card* card_at(const Checked& c, uint32_t offset, size_t* index = nullptr) {
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
    const Checked& c = *d->checked;
    uint32_t off = offset_of(d->text, params.at("position").at("line"), params.at("position").at("character"));
    const GameProfile* p = c.profile.get();
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

  json markdown(const std::string& s, SourceRange r, const Checked& c) {
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

  std::string card_meaning(const Checked& c, const ast::Card& card, size_t index) {
    std::string out = "**" + (card.title.empty() ? std::string("(untitled)") : card.title) + "** — " + card.type;
    if (!c.ctx || index >= c.ctx->readings.size()) return out + "\n\n(not checked: no profile)";
    const CardReading& r = c.ctx->readings[index];
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
    return out;
  }

  json completion(const json& params) {
    Document* d = doc(params);
    json items = json::array();
    if (!d) return items;
    const Checked& c = *d->checked;
    auto add = [&](const std::string& label, int kind, const std::string& detail) {
      items.push_back({{"label", label}, {"kind", kind}, {"detail", detail}});
    };
    const GameProfile* p = c.profile.get();
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
      for (const auto& card : c.set->cards)
        if (!card.title.empty()) add(card.title, 18, "card title (" + card.type + ")");
    if (!c.set)
      for (const char* k : {"stat", "player stat", "resource", "card type", "zone", "state", "designator", "keyword",
                            "keywords:", "event", "duration", "status", "dice", "verb", "policy"})
        add(k, 14, "declaration");
    return {{"isIncomplete", false}, {"items", items}};
  }

  json definition(const json& params) {
    Document* d = doc(params);
    if (!d || !d->checked->set) return nullptr;
    const Checked& c = *d->checked;
    uint32_t off = offset_of(d->text, params.at("position").at("line"), params.at("position").at("character"));
    auto goto_title = [&](std::string_view title) -> json {
      for (const auto& card : c.set->cards)
        if (card.title == title) return {{"uri", d->uri}, {"range", range_json(c.sm, card.title_range)}};
      return nullptr;
    };
    if (c.ctx) {
      for (const auto& r : c.ctx->readings)
        for (const auto& u : r.units)
          for (const auto& ref : u.references)
            if (ref.kind == RefKind::Title && off >= ref.range.begin && off <= ref.range.end) {
              if (ref.antecedent.valid())
                return {{"uri", d->uri}, {"range", range_json(c.sm, ref.antecedent)}};
              json j = goto_title(c.sm.text(ref.range));
              if (!j.is_null()) return j;
            }
    }
    // Fallback: any card title written out in the text under the cursor.
    for (const auto& card : c.set->cards) {
      if (card.title.empty()) continue;
      size_t from = off >= card.title.size() ? off - card.title.size() : 0;
      size_t at = d->text.find(card.title, from);
      if (at != std::string::npos && at <= off && off <= at + card.title.size() && card.title_range.begin > at + 1 + 0 &&
          !(at >= card.title_range.begin && at < card.title_range.end))
        return {{"uri", d->uri}, {"range", range_json(c.sm, card.title_range)}};
    }
    return nullptr;
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
    std::string body(static_cast<size_t>(length), '\0');
    in.read(body.data(), length);
    if (in.gcount() != length) return server.exit_code();
    if (!server.handle(body)) return server.exit_code();
  }
}

}  // namespace cardc::tools
