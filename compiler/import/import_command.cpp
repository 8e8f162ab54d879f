#include "import/import_command.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <sstream>
#include <system_error>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "base/read_file.h"
#include "import/oracle_import.h"
#include "parse/parser.h"

namespace cardc::import {

namespace fs = std::filesystem;

namespace {

// An export is read up to the card file limit (the whole L5R Oracle export is under 2 MB): what it converts to
// could not be read back anyway when it is much larger.
constexpr uint64_t kMaxExportBytes = ParseLimits{}.max_file_bytes;

std::string mib(size_t bytes) { return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB"; }

// Why cardc check would refuse `text`, a set of `cards` cards, before reading a card (ParseLimits, the limits
// check applies): "" when it would read it.
std::string beyond_limits(const std::string& text, size_t cards) {
  const ParseLimits limits;
  if (text.size() > limits.max_file_bytes)
    return "the set would be " + mib(text.size()) + ", over the " + mib(limits.max_file_bytes) +
           " file limit of cardc check: split the export";
  if (cards > limits.max_cards)
    return "the set would hold " + std::to_string(cards) + " cards, over the " + std::to_string(limits.max_cards) +
           " card limit of cardc check: split the export";
  size_t line = 1, start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != '\n') continue;
    if (i - start > limits.max_line_bytes)
      return "line " + std::to_string(line) + " of the set would be " + std::to_string(i - start) +
             " bytes long, over the " + std::to_string(limits.max_line_bytes) + "-byte line limit of cardc check";
    ++line;
    start = i + 1;
  }
  return "";
}

// The JSON files to import: files as given, folders' *.json files (not recursive), in name order.
bool expand(const std::vector<std::string>& paths, std::vector<std::string>& files, std::ostream& err) {
  bool ok = true;
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (fs::directory_iterator it(p, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec) && it->path().extension() == ".json")
          found.push_back(it->path().lexically_normal().string());
      if (ec) {
        err << "cardc import: cannot read folder '" << p << "': " << ec.message() << "\n";
        ok = false;
      }
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::exists(p, ec)) {
      files.push_back(p);
    } else {
      err << "cardc import: cannot read '" << p << "': No such file or directory\n";
      ok = false;
    }
  }
  return ok;
}

std::string same_file_key(const std::string& path) {
  std::error_code ec;
  fs::path c = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? fs::absolute(path).lexically_normal().string() : c.string();
}

std::string describe(const CardRef& c) {
  std::string s = c.title.empty() ? "entry " + std::to_string(c.index + 1) : "card '" + c.title + "'";
  if (!c.cardid.empty()) s += " (cardid " + c.cardid + ")";
  return s;
}

}  // namespace

std::string write_file_atomically(const std::string& path, const std::string& contents) {
  fs::path target(path);
  fs::path tmp = target.parent_path() / ("." + target.filename().string() + ".tmp-" + std::to_string(::getpid()));
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return std::strerror(errno);
    out << contents;
    out.flush();
    if (!out) {
      std::error_code ec;
      fs::remove(tmp, ec);
      return "write error";
    }
  }
  std::error_code ec;
  fs::rename(tmp, target, ec);
  if (ec) {
    std::error_code ec2;
    fs::remove(tmp, ec2);
    return ec.message();
  }
  return {};
}

int run_import(const ImportOptions& opts, std::ostream& out, std::ostream& err) {
  if (opts.from != "l5r-oracle") {
    err << "cardc import: unknown source format '" << opts.from << "' (known: l5r-oracle)\n";
    return 2;
  }
  if (opts.out_dir.empty()) {
    err << "cardc import: no output folder (-o OUT_DIR)\n";
    return 2;
  }
  std::vector<std::string> files;
  bool io_error = !expand(opts.inputs, files, err);

  std::error_code ec;
  fs::create_directories(opts.out_dir, ec);
  if (ec || !fs::is_directory(opts.out_dir, ec)) {
    err << "cardc import: cannot create output folder '" << opts.out_dir << "'"
        << (ec ? ": " + ec.message() : "") << "\n";
    return 2;
  }

  // One output per input; two inputs with one name, or an output that is an input, are refused up front.
  std::map<std::string, std::string> inputs_by_key;
  for (const auto& f : files) inputs_by_key[same_file_key(f)] = f;
  std::map<std::string, std::string> output_owner;
  std::vector<std::pair<std::string, std::string>> jobs;  // input, output
  for (const auto& f : files) {
    std::string output = (fs::path(opts.out_dir) / (fs::path(f).stem().string() + ".cards")).string();
    if (auto it = output_owner.find(output); it != output_owner.end()) {
      err << "cardc import: '" << f << "' and '" << it->second << "' would both be written to '" << output << "'\n";
      io_error = true;
      continue;
    }
    if (inputs_by_key.count(same_file_key(output))) {
      err << "cardc import: refusing to overwrite the input '" << output << "'\n";
      io_error = true;
      continue;
    }
    output_owner[output] = f;
    jobs.emplace_back(f, output);
  }

  nlohmann::json report = {{"from", opts.from}, {"files", nlohmann::json::array()}};
  size_t cards = 0, written = 0, not_converted = 0, files_done = 0;
  for (const auto& [input, output] : jobs) {
    nlohmann::json entry = {{"input", input}, {"output", output}};
    std::string text, why;
    if (!read_input(input, kMaxExportBytes, text, why)) {
      err << input << ":1:1: error: cannot read '" << input << "': " << why << "\n";
      io_error = true;
      entry["error"] = "cannot read: " + why;
      report["files"].push_back(entry);
      continue;
    }
    SetOptions so;
    so.game = opts.game;
    so.set_name = "Oracle of the Void: " + fs::path(input).stem().string();
    SetConversion conv = convert_oracle_set(text, so);
    if (!conv.error.empty()) {
      err << "cardc import: " << input << ": " << conv.error << "\n";
      io_error = true;
      entry["error"] = conv.error;
      report["files"].push_back(entry);
      continue;
    }
    for (const Problem& p : conv.problems)
      err << "cardc import: " << input << ": " << describe(p.card) << " not converted: " << p.reason << "\n";
    if (const std::string why_l = beyond_limits(conv.text, conv.written.size()); !why_l.empty()) {
      err << input << ":1:1: error: not imported: " << why_l << "\n";
      io_error = true;
      entry["error"] = "not imported: " + why_l;
      report["files"].push_back(entry);
      continue;
    }
    if (auto why_w = write_file_atomically(output, conv.text); !why_w.empty()) {
      err << "cardc import: cannot write '" << output << "': " << why_w << "\n";
      io_error = true;
      entry["error"] = "cannot write: " + why_w;
      report["files"].push_back(entry);
      continue;
    }
    ++files_done;
    cards += conv.cards_in;
    written += conv.written.size();
    not_converted += conv.problems.size();
    entry["cards"] = conv.cards_in;
    entry["written"] = nlohmann::json::array();
    for (const CardRef& c : conv.written)
      entry["written"].push_back({{"index", c.index}, {"title", c.title}, {"cardid", c.cardid}});
    entry["not_converted"] = nlohmann::json::array();
    for (const Problem& p : conv.problems)
      entry["not_converted"].push_back(
          {{"index", p.card.index}, {"title", p.card.title}, {"cardid", p.card.cardid}, {"reason", p.reason},
           {"category", p.category}});
    report["files"].push_back(entry);
  }
  report["summary"] = {{"files", files_done}, {"cards", cards}, {"written", written}, {"not_converted", not_converted}};
  if (!opts.report.empty()) {
    std::string dumped = report.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    if (auto why = write_file_atomically(opts.report, dumped); !why.empty()) {
      err << "cardc import: cannot write the report '" << opts.report << "': " << why << "\n";
      io_error = true;
    }
  }
  out << "imported " << files_done << (files_done == 1 ? " file, " : " files, ") << cards << " cards into "
      << opts.out_dir << ": " << written << " written, " << not_converted << " not converted\n";
  if (io_error) return 2;
  return not_converted ? 1 : 0;
}

}  // namespace cardc::import
