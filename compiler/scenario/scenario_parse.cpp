#include "scenario/scenario.h"

#include <filesystem>

namespace cardc {

bool parse_scenario(const std::string& path, const std::string& text, Scenario& out, std::string& error,
                    const ScenarioLimits& limits) {
  out.path = path;
  uint32_t line_no = 0;
  size_t pos = 0;
  auto fail = [&](const std::string& msg) {
    error = path + ":" + std::to_string(line_no) + ": " + msg;
    return false;
  };
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string line = text.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    ++line_no;
    pos = nl == std::string::npos ? text.size() + 1 : nl + 1;
    if (line.size() > limits.max_line) return fail("line is longer than " + std::to_string(limits.max_line) + " bytes");
    for (unsigned char c : line)
      if (c == 0) return fail("the scenario is not text");
    ScenarioStep step;
    step.line = line_no;
    for (size_t i = 0; i < line.size();) {
      if (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
        ++i;
        continue;
      }
      if (line[i] == '#') break;
      if (line[i] == '"') {
        size_t end = line.find('"', i + 1);
        if (end == std::string::npos) return fail("quoted text is not closed");
        step.words.push_back(line.substr(i + 1, end - i - 1));
        i = end + 1;
        continue;
      }
      size_t end = i;
      while (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != '\r') ++end;
      step.words.push_back(line.substr(i, end - i));
      i = end;
    }
    if (step.words.empty()) continue;
    const std::string& head = step.words[0];
    if (head == "set") {
      if (step.words.size() != 2) return fail("'set' takes the card set's path");
      std::filesystem::path p(step.words[1]);
      if (p.is_relative()) p = std::filesystem::path(path).parent_path() / p;
      out.set_path = p.lexically_normal().string();
      continue;
    }
    if (head == "seed") {
      if (step.words.size() != 2) return fail("'seed' takes a number");
      try {
        out.seed = std::stoull(step.words[1]);
      } catch (...) {
        return fail("'" + step.words[1] + "' is not a seed");
      }
      continue;
    }
    if (out.steps.size() >= limits.max_steps) return fail("more than " + std::to_string(limits.max_steps) + " steps");
    out.steps.push_back(std::move(step));
  }
  if (out.set_path.empty()) {
    line_no = 1;
    return fail("the scenario names no card set ('set PATH')");
  }
  return true;
}

}  // namespace cardc
