#pragma once
// `cardc import --from=l5r-oracle FILE_OR_DIR... -o OUT_DIR [--report=FILE]`: each JSON file of an Oracle of the
// Void export (a folder: its *.json files) becomes OUT_DIR/<name>.cards. Cards that cannot be converted are named
// on stderr with the reason; none is dropped silently.
#include <iosfwd>
#include <string>
#include <vector>

namespace cardc::import {

struct ImportOptions {
  std::string from = "l5r-oracle";
  std::vector<std::string> inputs;
  std::string out_dir;
  std::string report;  // optional: write a JSON report of every file and card here
  std::string game = "legends";
};

// Exit codes: 0 every card converted, 1 some cards could not be converted, 2 an input or output error.
int run_import(const ImportOptions& opts, std::ostream& out, std::ostream& err);

// Writes `contents` to `path` atomically (a temporary file beside it, then a rename). Returns "" or why not.
std::string write_file_atomically(const std::string& path, const std::string& contents);

}  // namespace cardc::import
