#include "driver/cli_conventions.h"

#include <memory>
#include <vector>

#include "base/suggest.h"
#include "cardrt/cardrt.h"

#ifndef CARDC_VERSION
#define CARDC_VERSION "unknown"
#endif

namespace cardc {

namespace {

// The format version the runtime writes, read from its own first line ("cardrt-profile N").
std::string profile_description_format() {
  std::unique_ptr<cardrt_profile, void (*)(cardrt_profile*)> p(cardrt_profile_create("version"),
                                                                cardrt_profile_destroy);
  if (!p) return "unknown";
  const int64_t size = cardrt_profile_describe(p.get(), nullptr, 0);
  if (size <= 0) return "unknown";
  std::string text(static_cast<size_t>(size), '\0');
  cardrt_profile_describe(p.get(), text.data(), size);
  const std::string header = "cardrt-profile ";
  if (text.compare(0, header.size(), header) != 0) return "unknown";
  return text.substr(header.size(), text.find('\n') - header.size());
}

std::vector<std::string> subcommand_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) names.push_back(sub->get_name());
  return names;
}

}  // namespace

std::string version_text() {
  return std::string("cardc ") + CARDC_VERSION + "\ncard library ABI " + std::to_string(CARDRT_ABI_VERSION) +
         " (runtime " + std::to_string(cardrt_abi_version()) + ")\nprofile description format " +
         profile_description_format();
}

std::optional<std::string> unknown_subcommand_message(const CLI::App& app, int argc, const char* const* argv) {
  if (argc < 2) return std::nullopt;
  const std::string word = argv[1];
  if (word.empty() || word[0] == '-') return std::nullopt;
  const std::vector<std::string> names = subcommand_names(app);
  for (const auto& n : names)
    if (n == word) return std::nullopt;
  std::string message = "cardc: '" + word + "' is not a cardc command";
  if (auto near = closest(word, names)) message += "; did you mean '" + *near + "'?";
  return message + "\nRun 'cardc --help' for the list of commands.";
}

std::string unknown_option_hints(const CLI::App& app) {
  std::string out;
  for (const CLI::App* sub : app.get_subcommands()) {
    std::vector<std::string> known;
    for (const CLI::Option* opt : sub->get_options()) {
      for (const auto& l : opt->get_lnames()) known.push_back("--" + l);
      for (const auto& s : opt->get_snames()) known.push_back("-" + s);
    }
    for (const std::string& arg : sub->remaining()) {
      if (arg.size() < 2 || arg[0] != '-') continue;
      const std::string name = arg.substr(0, arg.find('='));
      out += "cardc " + sub->get_name() + ": unknown option '" + name + "'";
      if (auto near = closest(name, known)) out += "; did you mean '" + *near + "'?";
      out += "\n";
    }
  }
  return out;
}

}  // namespace cardc
