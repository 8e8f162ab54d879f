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
  // The first word that is neither an option nor the value of a global option ("--color never check").
  std::string word;
  for (int i = 1; i < argc && word.empty(); ++i) {
    const std::string arg = argv[i];
    if (arg.empty() || arg[0] != '-') {
      word = arg;
      break;
    }
    if (const CLI::Option* opt = app.get_option_no_throw(arg.substr(0, arg.find('=')));
        opt && opt->get_items_expected_min() > 0 && arg.find('=') == std::string::npos)
      ++i;  // its value
  }
  if (word.empty()) return std::nullopt;
  const std::vector<std::string> names = subcommand_names(app);
  for (const auto& n : names)
    if (n == word) return std::nullopt;
  std::string message = "cardc: '" + word + "' is not a cardc command";
  if (auto near = closest(word, names)) message += "; did you mean '" + *near + "'?";
  return message + "\nRun 'cardc --help' for the list of commands.";
}

std::string unknown_option_hints(const CLI::App& app) {
  // The subcommand that was parsed, if any; its options and the global ones (which fall through) are known.
  const auto parsed = app.get_subcommands();
  const CLI::App* sub = parsed.empty() ? &app : parsed.front();
  std::vector<std::string> known;
  for (const CLI::App* a : {&app, sub})
    for (const CLI::Option* opt : a->get_options()) {
      for (const auto& l : opt->get_lnames()) known.push_back("--" + l);
      for (const auto& s : opt->get_snames()) known.push_back("-" + s);
    }
  const std::string who = sub == &app ? "cardc" : "cardc " + sub->get_name();
  std::string out;
  for (const std::string& arg : app.remaining(true)) {
    if (arg.size() < 2 || arg[0] != '-') continue;
    const std::string name = arg.substr(0, arg.find('='));
    out += who + ": unknown option '" + name + "'";
    if (auto near = closest(name, known)) out += "; did you mean '" + *near + "'?";
    out += "\n";
  }
  return out;
}

CLI::Option* add_profile_path_option(CLI::App* command, std::vector<std::string>& dirs) {
  return command->add_option("--profile-path", dirs, "Extra folder to look for GAME.game in (repeatable)")
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

}  // namespace cardc
