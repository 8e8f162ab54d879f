// cardc_coverage: the figures of scripts/coverage from `cardc import --report` and `cardc check
// --diagnostics-format=json` output. Usage:
//   cardc_coverage --import-report=FILE --check=FILE [--corpus=NAME] [--top=N] [--json]
// Exit codes: 0 done, 2 usage or input error.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "import/coverage.h"

namespace {

bool read(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

int usage() {
  std::cerr << "usage: cardc_coverage --import-report=FILE --check=FILE [--corpus=NAME] [--top=N] [--json]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string report_path, check_path, corpus;
  size_t top = 25;
  bool as_json = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const std::string& opt, std::string& into) {
      if (a.rfind(opt + "=", 0) == 0) {
        into = a.substr(opt.size() + 1);
        return true;
      }
      if (a == opt && i + 1 < argc) {
        into = argv[++i];
        return true;
      }
      return false;
    };
    std::string top_text;
    if (a == "--json") as_json = true;
    else if (value("--import-report", report_path) || value("--check", check_path) || value("--corpus", corpus)) {
    } else if (value("--top", top_text)) {
      try {
        top = std::stoul(top_text);
      } catch (const std::exception&) {
        return usage();
      }
    } else {
      return usage();
    }
  }
  if (report_path.empty() || check_path.empty()) return usage();
  std::string report, check;
  if (!read(report_path, report)) {
    std::cerr << "cardc_coverage: cannot read '" << report_path << "'\n";
    return 2;
  }
  if (!read(check_path, check)) {
    std::cerr << "cardc_coverage: cannot read '" << check_path << "'\n";
    return 2;
  }
  cardc::import::Coverage c;
  c.corpus = corpus;
  std::string error;
  if (!cardc::import::compute_coverage(report, check, c, error)) {
    std::cerr << "cardc_coverage: " << error << "\n";
    return 2;
  }
  std::cout << (as_json ? cardc::import::coverage_json(c, top) : cardc::import::coverage_text(c, top));
  return 0;
}
