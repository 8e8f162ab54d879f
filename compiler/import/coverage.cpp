#include "import/coverage.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

namespace cardc::import {

namespace {

using nlohmann::json;

std::string base_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

std::string str(const json& o, const char* key) {
  auto it = o.find(key);
  return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string percent(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

}  // namespace

bool compute_coverage(std::string_view import_report_json, std::string_view check_json, Coverage& out,
                      std::string& error) {
  json report, check;
  try {
    report = json::parse(import_report_json.begin(), import_report_json.end());
  } catch (const json::exception& e) {
    error = std::string("the import report is not JSON: ") + e.what();
    return false;
  }
  try {
    check = json::parse(check_json.begin(), check_json.end());
  } catch (const json::exception& e) {
    error = std::string("the check output is not JSON: ") + e.what();
    return false;
  }
  if (!report.contains("files") || !report["files"].is_array()) {
    error = "the import report has no \"files\" list";
    return false;
  }
  if (!check.is_object() || !check.contains("diagnostics") || !check["diagnostics"].is_array()) {
    error = "the check output has no \"diagnostics\" list (run cardc check --diagnostics-format=json)";
    return false;
  }

  // The cards written into each output file, by file name (outputs of one import have distinct names).
  std::map<std::string, std::vector<std::string>> written;
  std::map<std::string, ReasonCount> reasons;
  std::vector<std::string> reason_order;
  for (const json& f : report["files"]) {
    if (f.contains("error")) {
      error = "the import of '" + str(f, "input") + "' failed: " + str(f, "error");
      return false;
    }
    ++out.files;
    out.cards += f.value("cards", size_t{0});
    auto& titles = written[base_name(str(f, "output"))];
    for (const json& c : f.value("written", json::array())) titles.push_back(str(c, "title"));
    out.imported += titles.size();
    for (const json& p : f.value("not_converted", json::array())) {
      ++out.not_converted;
      std::string cat = str(p, "category").empty() ? str(p, "reason") : str(p, "category");
      auto [it, fresh] = reasons.try_emplace(cat);
      if (fresh) {
        it->second.reason = cat;
        it->second.example = str(p, "title");
        reason_order.push_back(cat);
      }
      ++it->second.count;
    }
  }

  // `cardc check` adds "compiled" to its summary (unless --stop-after stopped it): how many cards compiled to the IR.
  if (check.contains("summary") && check["summary"].is_object() && check["summary"].contains("compiled") &&
      check["summary"]["compiled"].is_number_integer())
    out.compiled = check["summary"]["compiled"].get<long>();
  // ... and "faithful": of those, the cards whose meaning the wording grammar read whole and renders back (docs/meaning.md)
  if (check.contains("summary") && check["summary"].is_object() && check["summary"].contains("faithful") &&
      check["summary"]["faithful"].is_number_integer())
    out.faithful = check["summary"]["faithful"].get<long>();
  if (check.contains("summary") && check["summary"].is_object() && check["summary"].contains("lowered") &&
      check["summary"]["lowered"].is_number_integer())
    out.lowered = check["summary"]["lowered"].get<long>();
  std::map<std::string, DiagnosticCount> by_name;
  std::vector<std::string> name_order;
  std::map<std::string, std::set<std::string>> card_errors;  // file \x1f title -> error names
  std::map<std::string, std::set<std::string>> name_cards;   // name -> cards
  std::set<std::string> dirty_files;                         // an error outside any card
  for (const json& d : check["diagnostics"]) {
    std::string name = str(d, "name"), severity = str(d, "severity"), file = base_name(str(d, "file"));
    std::string card = str(d, "card");
    auto [it, fresh] = by_name.try_emplace(name);
    if (fresh) {
      it->second.name = name;
      it->second.severity = severity;
      name_order.push_back(name);
    }
    ++it->second.count;
    if (it->second.example.empty() && !card.empty()) it->second.example = card;
    if (!card.empty()) name_cards[name].insert(file + '\x1f' + card);
    if (severity != "error") continue;
    // Every check binds each card (issue 21 B10): a card that does not compile has an error, so clean is compiled.
    if (card.empty()) dirty_files.insert(file);
    else card_errors[file + '\x1f' + card].insert(name);
  }

  for (const auto& [file, titles] : written)
    for (const auto& t : titles)
      if (!dirty_files.count(file) && !card_errors.count(file + '\x1f' + t)) ++out.clean;
  for (const auto& [key, names] : card_errors)
    if (names.size() == 1) ++by_name[*names.begin()].only;
  for (auto& [name, d] : by_name) d.cards = name_cards[name].size();

  for (const auto& n : name_order) out.diagnostics.push_back(by_name[n]);
  std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(),
                   [](const DiagnosticCount& a, const DiagnosticCount& b) { return a.count > b.count; });
  for (const auto& r : reason_order) out.not_converted_reasons.push_back(reasons[r]);
  std::stable_sort(out.not_converted_reasons.begin(), out.not_converted_reasons.end(),
                   [](const ReasonCount& a, const ReasonCount& b) { return a.count > b.count; });
  return true;
}

std::string coverage_text(const Coverage& c, size_t top) {
  std::string s;
  auto line = [&](const std::string& label, const std::string& value) {
    s += label + std::string(label.size() < 20 ? 20 - label.size() : 1, ' ') + value + "\n";
  };
  if (!c.corpus.empty()) s += "Coverage of " + c.corpus + "\n";
  line("files", std::to_string(c.files));
  line("cards", std::to_string(c.cards));
  line("imported", std::to_string(c.imported) + " (" + std::to_string(c.not_converted) + " not converted)");
  line("cards clean", std::to_string(c.clean) + " (" + percent(c.clean_percent()) + "% of all cards, no errors)");
  line("cards compiled", c.compiled < 0 ? std::string("n/a: checked with --stop-after")
                                        : std::to_string(c.compiled) + " (" + percent(c.compiled_percent()) +
                                              "% of all cards, to native code)");
  if (c.faithful >= 0)
    line("cards faithful", std::to_string(c.faithful) + " (compiled, read whole by the wording grammar, round-trips)");
  if (c.lowered >= 0)
    line("cards lowered", std::to_string(c.lowered) + " (compiled from their meaning, not bound from their words)");
  if (!c.not_converted_reasons.empty()) {
    s += "\nnot converted, by reason:\n";
    for (const auto& r : c.not_converted_reasons)
      s += "  " + std::to_string(r.count) + "  " + r.reason + "  (e.g. '" + r.example + "')\n";
  }
  s += "\ntop " + std::to_string(std::min(top, c.diagnostics.size())) +
       " diagnostics (count, cards with it, cards failing on it alone):\n";
  char buf[512];
  for (size_t i = 0; i < c.diagnostics.size() && i < top; ++i) {
    const auto& d = c.diagnostics[i];
    std::snprintf(buf, sizeof buf, "  %6zu %6zu %6zu  %-34s %-8s e.g. '", d.count, d.cards, d.only, d.name.c_str(),
                  d.severity.c_str());
    s += buf + d.example + "'\n";
  }
  return s;
}

std::string coverage_json(const Coverage& c, size_t top) {
  nlohmann::ordered_json j;
  j["corpus"] = c.corpus;
  j["files"] = c.files;
  j["cards"] = c.cards;
  j["imported"] = c.imported;
  j["not_converted"] = c.not_converted;
  j["clean"] = c.clean;
  j["clean_percent"] = std::stod(percent(c.clean_percent()));
  if (c.compiled < 0) {
    j["compiled"] = nullptr;
    j["compiled_note"] = "n/a: checked with --stop-after";
  } else {
    j["compiled"] = c.compiled;
    j["compiled_percent"] = std::stod(percent(c.compiled_percent()));
  }
  if (c.faithful >= 0) j["faithful"] = c.faithful;
  if (c.lowered >= 0) j["lowered"] = c.lowered;
  j["not_converted_reasons"] = nlohmann::ordered_json::array();
  for (const auto& r : c.not_converted_reasons)
    j["not_converted_reasons"].push_back(
        nlohmann::ordered_json{{"reason", r.reason}, {"count", r.count}, {"example", r.example}});
  j["diagnostics"] = nlohmann::ordered_json::array();
  for (size_t i = 0; i < c.diagnostics.size() && i < top; ++i) {
    const auto& d = c.diagnostics[i];
    j["diagnostics"].push_back(nlohmann::ordered_json{{"name", d.name},
                                {"severity", d.severity},
                                {"count", d.count},
                                {"cards", d.cards},
                                {"only", d.only},
                                {"example", d.example}});
  }
  return j.dump(1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace cardc::import
