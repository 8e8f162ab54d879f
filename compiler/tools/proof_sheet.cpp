#include "tools/proof_sheet.h"

#include <fmt/format.h>

#include <map>

namespace cardc::tools {

std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string text_to_html(std::string_view src, uint32_t base,
                         const std::vector<std::pair<uint32_t, uint32_t>>& bold_ranges) {
  std::string out;
  bool mark_bold = false, italic = false, open_b = false, open_i = false;
  int reminder = 0;
  auto in_bold_range = [&](uint32_t off) {
    for (auto [b, e] : bold_ranges)
      if (off >= b && off < e) return true;
    return false;
  };
  auto sync = [&](uint32_t off) {
    bool want_b = mark_bold || in_bold_range(off);
    bool want_i = italic || reminder > 0;
    if (open_b && !want_b) out += "</b>", open_b = false;
    if (open_i && !want_i) {
      if (open_b) out += "</b>";
      out += "</i>", open_i = false;
      if (open_b) out += "<b>";
    }
    if (!open_i && want_i) {
      if (open_b) out += "</b>", open_b = false;
      out += "<i>", open_i = true;
    }
    if (!open_b && want_b) out += "<b>", open_b = true;
  };
  for (size_t i = 0; i < src.size();) {
    uint32_t off = base + static_cast<uint32_t>(i);
    if (src.substr(i, 2) == "**") {
      mark_bold = !mark_bold;
      i += 2;
      continue;
    }
    if (src[i] == '_') {
      italic = !italic;
      ++i;
      continue;
    }
    if (src[i] == '(') ++reminder;
    sync(off);
    out += html_escape(src.substr(i, 1));
    if (src[i] == ')' && reminder > 0) --reminder;
    ++i;
  }
  if (open_b) out += "</b>";
  if (open_i) out += "</i>";
  return out;
}

namespace {

constexpr std::string_view kStyle = R"css(
:root { --ink: #1d1a16; --paper: #f6f1e4; --frame: #3b3326; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px; background: #d9d4c7; color: var(--ink);
       font-family: "DejaVu Serif", Georgia, "Times New Roman", serif; }
header.sheet { margin: 0 0 20px; font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; }
header.sheet h1 { margin: 0 0 4px; font-size: 22px; }
header.sheet p { margin: 0; font-size: 13px; color: #4a4338; }
main { display: flex; flex-wrap: wrap; gap: 22px; align-items: flex-start; }
.slot { width: 300px; }
article.card { width: 300px; min-height: 420px; border-radius: 14px; padding: 10px; background: var(--frame);
       box-shadow: 0 2px 6px rgba(0,0,0,.35); display: flex; flex-direction: column; gap: 6px; break-inside: avoid; }
.card .title-bar { display: flex; justify-content: space-between; align-items: center; gap: 6px;
       background: var(--paper); border-radius: 8px 8px 3px 3px; padding: 6px 8px; }
.card h2.title { margin: 0; font-size: 16px; line-height: 1.15; }
.card h2.title.untitled { font-style: italic; font-weight: normal; color: #6b6252; }
.badge { font: bold 10px "DejaVu Sans", Helvetica, sans-serif; padding: 2px 6px; border-radius: 9px; white-space: nowrap; }
.badge.clean { background: #2f7d32; color: #fff; }
.badge.warnings { background: #c88a04; color: #fff; }
.badge.errors { background: #b3261e; color: #fff; }
.card .art { height: 96px; border-radius: 3px; border: 2px solid #2a2419;
       background: linear-gradient(135deg, var(--art1), var(--art2)); display: flex; align-items: flex-end;
       justify-content: flex-end; padding: 4px 6px; color: rgba(255,255,255,.85); font: 11px "DejaVu Sans", sans-serif; }
.card .type-line { background: var(--paper); border-radius: 3px; padding: 4px 8px; font-size: 12.5px; }
.card .type-line .type { font-weight: bold; }
.card .stats { display: flex; flex-wrap: wrap; gap: 4px; }
.card .stat { background: var(--paper); border-radius: 10px; padding: 2px 7px; font: 11.5px "DejaVu Sans", sans-serif; }
.card .stat .v { font-weight: bold; margin-left: 3px; }
.card .text-box { flex: 1; background: var(--paper); border-radius: 3px 3px 8px 8px; padding: 7px 9px; font-size: 12.5px;
       line-height: 1.35; }
.card .text-box p { margin: 0 0 6px; }
.card .text-box p.flavor { font-style: italic; color: #4a4338; border-top: 1px solid #c9bfa8; padding-top: 5px; margin-top: 8px; }
ul.diags { list-style: none; margin: 6px 0 0; padding: 0; font: 11.5px "DejaVu Sans Mono", monospace; }
ul.diags li { background: #fff8; border-left: 4px solid #999; padding: 3px 6px; margin-bottom: 3px; word-break: break-word; }
ul.diags li.error { border-color: #b3261e; }
ul.diags li.warning { border-color: #c88a04; }
ul.diags li .where { color: #6b6252; }
section.file-diags { margin-top: 24px; }
/* Print: cards at their real size, 63 x 88 mm, nine to an A4 page (3 x 3); the screen's 300px face is scaled to
   63 mm (zoom 0.7937) and cut at 88 mm; diagnostics, the header and shadows are for the screen only. */
@page { size: A4 portrait; margin: 16mm 10mm; }
@media print {
  body { background: #fff; padding: 0; }
  header.sheet, ul.diags, section.file-diags { display: none; }
  main { display: grid; grid-template-columns: repeat(3, 63mm); grid-auto-rows: 88mm; gap: 0; justify-content: center; }
  .slot { width: 63mm; height: 88mm; break-inside: avoid; overflow: hidden; }
  article.card { zoom: 0.7937; height: 419px; min-height: 0; overflow: hidden; box-shadow: none; border-radius: 10px;
                 -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
)css";

// A stable pair of colours per card type, for the art box.
std::pair<std::string, std::string> art_colours(const std::string& type) {
  uint32_t h = 2166136261u;
  for (unsigned char c : type) h = (h ^ c) * 16777619u;
  int hue = static_cast<int>(h % 360);
  return {fmt::format("hsl({}, 45%, 42%)", hue), fmt::format("hsl({}, 50%, 22%)", (hue + 40) % 360)};
}

std::string where(const SourceManager& sm, SourceRange r) {
  if (!r.valid()) return "";
  LineCol lc = sm.line_col(r.file, r.begin);
  return fmt::format("{}:{}:{}", sm.name(r.file), lc.line, lc.col);
}

std::string diag_item(const SourceManager& sm, const Diagnostic& d) {
  std::string s = fmt::format("<li class=\"{}\"><span class=\"where\">{}</span> {}: {} [{}]", severity_name(d.severity),
                              html_escape(where(sm, d.range)), severity_name(d.severity), html_escape(d.message),
                              diag_info(d.id).name);
  for (const auto& n : d.notes) s += "<br>&nbsp;&nbsp;note: " + html_escape(n.message);
  return s + "</li>\n";
}

}  // namespace

std::string render_proof_sheet(const CompiledSet& cs, ProofCounts* counts_out) {
  const SourceManager& sm = cs.sm;
  const ast::CardSetFile* set = cs.set.get();
  ProofCounts counts;
  std::string body;
  // Diagnostics by card: those inside a card's range, in the set's file.
  std::map<size_t, std::vector<const Diagnostic*>> by_card;
  std::vector<const Diagnostic*> other;
  auto diags = cs.diags.sorted();
  for (const auto& d : diags) {
    bool placed = false;
    if (set && d.range.valid() && d.range.file == set->file) {
      for (size_t i = 0; i < set->cards.size(); ++i) {
        const auto& r = set->cards[i].range;
        if (d.range.begin >= r.begin && d.range.begin <= r.end) {
          by_card[i].push_back(&d);
          placed = true;
          break;
        }
      }
    }
    if (!placed) other.push_back(&d);
  }
  const GameProfile* profile = cs.profile.get();
  if (set) {
    for (size_t i = 0; i < set->cards.size(); ++i) {
      const ast::Card& card = set->cards[i];
      const CardReading* reading = cs.ctx && i < cs.ctx->readings.size() ? &cs.ctx->readings[i] : nullptr;
      size_t errors = 0, warnings = 0;
      for (const auto* d : by_card[i]) (d->severity == Severity::Error ? errors : warnings) += d->severity != Severity::Note;
      const char* status = errors ? "errors" : warnings ? "warnings" : "clean";
      std::string badge = errors     ? fmt::format("&#x2717; {} error{}", errors, errors == 1 ? "" : "s")
                          : warnings ? fmt::format("! {} warning{}", warnings, warnings == 1 ? "" : "s")
                                     : std::string("&#x2713; checks clean");
      ++counts.cards;
      (errors ? counts.with_errors : warnings ? counts.with_warnings : counts.clean)++;
      auto [c1, c2] = art_colours(card.type);
      std::string title = card.title.empty() ? "<h2 class=\"title untitled\">untitled (created card)</h2>"
                                             : "<h2 class=\"title\">" + html_escape(card.title) + "</h2>";
      std::string type_line = "<span class=\"type\">" + html_escape(card.type) + "</span>";
      if (!card.keywords.empty()) {
        type_line += " &#x2014; ";
        for (size_t k = 0; k < card.keywords.size(); ++k)
          type_line += (k ? " &#x2022; " : "") + std::string("<b class=\"keyword") +
                       (card.keywords[k].bold ? " rules" : "") + "\">" + html_escape(card.keywords[k].text) + "</b>";
      }
      std::string stats;
      for (const auto& st : card.stats) {
        std::string label(st.name);
        if (profile) {
          if (auto idx = profile->stat(st.name); idx && !profile->stats[*idx].abbrevs.empty() && st.name.size() > 3)
            label = profile->stats[*idx].abbrevs.front();
        }
        stats += fmt::format("<span class=\"stat\" title=\"{}\">{}<span class=\"v\">{}</span></span>", html_escape(st.name),
                             html_escape(label), html_escape(sm.text(st.value.range)));
      }
      std::string text;
      for (const auto& p : card.text) {
        std::vector<std::pair<uint32_t, uint32_t>> bold;
        if (reading) {
          for (const auto& u : reading->units)
            if (u.kind == UnitKind::Ability && !u.designators.empty() && p.blocks.size() > 1 &&
                u.range.begin >= p.range.begin && u.range.begin < p.range.end)
              bold.emplace_back(p.blocks[0].range.begin, p.blocks[0].range.end + 1);  // with its colon
        }
        text += "<p>" + text_to_html(sm.text(p.range), p.range.begin, bold) + "</p>";
      }
      if (!card.flavor.empty()) text += "<p class=\"flavor\">" + html_escape(card.flavor) + "</p>";
      body += fmt::format(
          "<div class=\"slot\">\n<article class=\"card status-{}\" data-title=\"{}\" data-status=\"{}\" style=\"--art1: {}; "
          "--art2: {}\">\n<div class=\"title-bar\">{}<span class=\"badge {}\">{}</span></div>\n"
          "<div class=\"art\">{}</div>\n<div class=\"type-line\">{}</div>\n<div class=\"stats\">{}</div>\n"
          "<div class=\"text-box\">{}</div>\n</article>\n",
          status, html_escape(card.title), status, c1, c2, title, status, badge, html_escape(card.type), type_line,
          stats, text);
      if (!by_card[i].empty()) {
        body += "<ul class=\"diags\">\n";
        for (const auto* d : by_card[i]) body += diag_item(sm, *d);
        body += "</ul>\n";
      }
      body += "</div>\n";
    }
  }
  std::string file_diags;
  if (!other.empty()) {
    file_diags = "<section class=\"file-diags\"><h2>Other diagnostics</h2><ul class=\"diags\">\n";
    for (const auto* d : other) file_diags += diag_item(sm, *d);
    file_diags += "</ul></section>\n";
  }
  std::string set_name = set && !set->set_name.empty() ? set->set_name : cs.path;
  std::string game = set ? set->game : "";
  std::string page = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{} &#x2014; card proofs</title>\n"
      "<style>{}</style>\n</head>\n<body>\n<header class=\"sheet\"><h1>{}</h1><p>game {} &#x00B7; {} card{} &#x00B7; {} "
      "clean, {} with warnings, {} with errors &#x00B7; {}</p></header>\n"
      "<main id=\"cards\" data-card-count=\"{}\">\n{}</main>\n{}</body>\n</html>\n",
      html_escape(set_name), kStyle, html_escape(set_name), html_escape(game), counts.cards, counts.cards == 1 ? "" : "s",
      counts.clean, counts.with_warnings, counts.with_errors, html_escape(cs.path), counts.cards, body, file_diags);
  if (counts_out) *counts_out = counts;
  return page;
}

}  // namespace cardc::tools
