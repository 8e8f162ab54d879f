#include "scenario/narrate.h"

#include <map>
#include <sstream>

#include <fmt/format.h>

namespace cardc {

namespace {

// One line of cardrt_log_render_text: "  12 kind player=0 card=1[Title] other=2[Title] what=X amount=A value=V".
struct Line {
  std::string seq, kind, player, card, other, what, amount, value;
};

bool parse(const std::string& s, Line& l) {
  std::istringstream in(s);
  if (!(in >> l.seq >> l.kind)) return false;
  std::string rest;
  std::getline(in, rest);
  // Fields are key=value; titles in brackets may hold blanks.
  size_t i = 0;
  while (i < rest.size()) {
    while (i < rest.size() && rest[i] == ' ') ++i;
    size_t eq = rest.find('=', i);
    if (eq == std::string::npos) break;
    std::string key = rest.substr(i, eq - i);
    size_t j = eq + 1;
    std::string value;
    if (key == "card" || key == "other") {
      size_t open = rest.find('[', j), close = rest.find("] ", j);
      if (close == std::string::npos) close = rest.rfind(']');
      value = open != std::string::npos && close != std::string::npos ? rest.substr(open + 1, close - open - 1) : "";
      j = close == std::string::npos ? rest.size() : close + 1;
    } else {
      // what= may hold blanks ("prayer token"): it runs to " amount=".
      size_t end = key == "what" ? rest.find(" amount=", j) : rest.find(' ', j);
      if (end == std::string::npos) end = rest.size();
      value = rest.substr(j, end - j);
      j = end;
    }
    if (key == "player") l.player = value;
    else if (key == "card") l.card = value;
    else if (key == "other") l.other = value;
    else if (key == "what") l.what = value;
    else if (key == "amount") l.amount = value;
    else if (key == "value") l.value = value;
    i = j;
  }
  return true;
}

std::string signed_amount(const std::string& a) { return (!a.empty() && a[0] != '-') ? "+" + a : a; }

int number(const std::string& s) {
  try {
    return std::stoi(s);
  } catch (...) {
    return 0;
  }
}

// The log names a province by its id ("province2"): "province 2".
std::string province(const std::string& what) {
  return what.rfind("province", 0) == 0 ? "province " + what.substr(8) : what;
}

std::string tell(const Line& l) {
  const std::string by = l.other.empty() ? "" : " (" + l.other + ")";
  const std::string& k = l.kind;
  if (k == "game_start") return "The game begins.";
  if (k == "card_created") return l.card.empty() ? "A card is created." : l.card + " is put into " + l.what + " of player " + l.player + ".";
  if (k == "boundary") {
    if (l.what == "turn_start") return "-- Player " + l.player + "'s turn begins --";
    if (l.what == "turn_end") return "-- Player " + l.player + "'s turn ends --";
    return "-- " + l.what + " --";
  }
  if (k == "enter_play") return l.card + " enters play.";
  if (k == "leave_play") return l.card + " leaves play.";
  if (k == "card_moved") return l.card + " moves to " + l.what + ".";
  if (k == "ceased_to_exist") return l.card + " ceases to exist.";
  if (k == "triggered") return l.card + ": a trait triggers (" + l.what + ").";
  if (k == "ability_used") return "Player " + l.player + " uses an ability of " + l.card + ".";
  if (k == "targeted") return l.other + " targets " + l.card + ".";
  if (k == "chosen" || k == "bonus" || k == "penalty") return {};
  if (k == "resource_gained") return "Player " + l.player + " gains " + l.amount + " " + l.what + " (now " + l.value + ")" + by + ".";
  if (k == "resource_lost") return "Player " + l.player + " loses " + l.amount + " " + l.what + " (now " + l.value + ")" + by + ".";
  if (k == "resource_returned") return "Player " + l.player + "'s temporary " + l.what + " return to the supply (now " + l.value + ").";
  if (k == "modifier_added") return l.card + " gets " + signed_amount(l.amount) + " " + l.what + by + ": " + l.what + " is now " + l.value + ".";
  // a modifier that ends may have been a bonus, a maximum, a set or a multiplication: the log does not say which
  if (k == "modifier_ended")
    return l.what.empty() ? "A grant to " + l.card + " ends." : "A modifier of " + l.card + "'s " + l.what + " ends: " + l.what + " is now " + l.value + ".";
  if (k == "bound_added") return l.card + "'s " + l.what + " gets a minimum or maximum of " + l.amount + by + ": " + l.what + " is now " + l.value + ".";
  if (k == "resource_set")
    return "Player " + l.player + "'s " + l.what + (l.amount == "2" ? " is doubled to " : " is set to ") + l.value + by + ".";
  if (k == "modifier_changed") return l.card + "'s " + l.what + " modifier changes: " + l.what + " is now " + l.value + ".";
  if (k == "state_changed") return l.card + (l.amount == "1" ? " becomes " : " is no longer ") + l.what + ".";
  if (k == "keyword_granted") return l.card + " gains the keyword " + l.what + by + ".";
  if (k == "keyword_removed") return l.card + " loses the keyword " + l.what + by + ".";
  if (k == "attached") return l.card + " is attached to " + l.other + ".";
  if (k == "transferred") return l.card + " is transferred to " + l.other + " (001 Transfer).";
  if (k == "sent_home") return l.card + " is sent home from battlefield " + l.amount + by + ".";
  if (k == "terrain_discarded")
    return l.card + ", a Terrain, is discarded after the battle at battlefield " + l.amount + " resolves (001 Terrain).";
  if (k == "shuffled") return "Player " + l.player + " shuffles " + l.what + ".";
  if (k == "revealed") return l.card + " is revealed from " + l.what + by + ".";
  if (k == "focused") return "Player " + l.player + " focuses " + l.card + " for " + l.other + " (focus value " + l.amount + ").";
  if (k == "damage_prevented")
    return l.amount + " damage to " + l.card + " is prevented (" + l.value + " more would be prevented).";
  if (k == "paid")
    return "Player " + l.player + " pays " + l.amount + " " + l.what + (l.card.empty() ? "" : " for " + l.card) + " (" + l.value + " left).";
  if (k == "damage") return l.card + " takes " + l.amount + " damage" + by + " (" + l.value + " in all).";
  if (k == "heal" || k == "heal_player") return "Healed " + l.amount + by + ".";
  if (k == "wound_player") return "Player " + l.player + "'s hero takes " + l.amount + " wounds" + by + ".";
  if (k == "roll") return (l.card.empty() ? "Player " + l.player : l.card) + " rolls " + l.value + " on a D" + l.amount + (l.what.empty() ? "" : " for " + l.what) + ".";
  if (k == "random") return "A random number: " + l.value + ".";
  if (k == "draw") return "Player " + l.player + " draws " + l.card + ".";
  if (k == "draw_failed") return "Player " + l.player + " cannot draw: the deck is empty.";
  if (k == "discard") return "Player " + l.player + " discards " + l.card + ".";
  if (k == "mill") return l.card + " goes from the deck to the discard pile.";
  if (k == "destroyed") return l.card + " is destroyed" + by + ".";
  if (k == "destruction_prevented") return l.card + "'s destruction is prevented" + by + ".";
  if (k == "status_applied") return l.card + " suffers " + l.what + by + ".";
  if (k == "status_resisted") return l.card + " resists " + l.what + " (rolled " + l.amount + ", Resist " + l.value + ").";
  if (k == "counters") return l.card + " has " + l.value + " " + l.what + " counters.";
  if (k == "replaced") return (l.card.empty() ? "A replacement" : l.card) + " replaces the event: the amount is now " + l.value + ".";
  if (k == "cycle_stopped") return "The replacement cycle stops before its first repetition (002 rule 525).";
  if (k == "delayed_added") return "A delayed effect waits" + by + ".";
  if (k == "delayed_fired") return "A delayed effect of " + l.card + " happens.";
  if (k == "x_announced") return l.card + ": X is announced as " + l.value + ".";
  // 002 rule 524: the chain is built, each option queued with its targets, before any of it resolves
  if (k == "chain")
    return l.card + ": option " + std::to_string(number(l.amount) + 1) + " is queued as link " + std::to_string(number(l.value) + 1) + " of the chain.";
  if (k == "critical")
    return (l.other.empty() ? "The roll" : l.other + "'s roll") + " of " + l.amount + " is at most its Luck " + l.value + ": Critical Damage to " + l.card + ", whose Resist is ignored.";
  if (k == "duel") {
    const int a = number(l.amount), b = number(l.value);
    const std::string result = a > b ? l.card + " wins." : b > a ? l.other + " wins." : "a tie: no one wins.";
    return "Duel: " + l.card + " (" + l.amount + ") against " + l.other + " (" + l.value + "): " + result;
  }
  if (k == "province_added")
    return "Player " + l.player + "'s " + province(l.what) + " is added at battlefield " + l.amount + " (strength " + l.value + ").";
  if (k == "province_strength")
    return l.amount == "0" ? "A strength bonus or penalty of player " + l.player + "'s " + province(l.what) + " ends (strength " + l.value + ")."
                           : "Player " + l.player + "'s " + province(l.what) + " gets " + signed_amount(l.amount) + " strength" + by + " (now " + l.value + ").";
  if (k == "province_destroyed")
    return "Player " + l.player + "'s " + province(l.what) + " is destroyed" + (l.amount == "-1" ? "" : " by player " + l.amount) + ".";
  if (k == "in_province")
    return l.value != "0" ? l.card + " is in play with " + province(l.what) + ", at battlefield " + l.value + "."
                          : l.card + " is put into " + province(l.what) + (l.amount == "1" ? ", face-up." : ", face-down.");
  if (k == "provinces_revealed") return "Player " + l.player + " reveals his provinces: " + l.amount + " cards turn face-up.";
  if (k == "cost_failed") return l.card + ": a cost cannot be paid; nothing resolves.";
  if (k == "target_illegal") return l.card + " is no longer a legal target; that part fails.";
  if (k == "protection_granted") return l.card + " is protected: " + l.what + by + ".";
  if (k == "win") return "Player " + l.player + " wins the game.";
  if (k == "lose") return "Player " + l.player + " loses the game.";
  return {};
}

}  // namespace

std::string narrate(const std::string& log_text) {
  std::string out;
  std::istringstream in(log_text);
  std::string line;
  while (std::getline(in, line)) {
    Line l;
    if (!parse(line, l)) continue;
    std::string s = tell(l);
    if (s.empty() && l.kind != "chosen" && l.kind != "bonus" && l.kind != "penalty") s = line;  // untold kinds stay raw
    if (!s.empty()) out += "  " + s + "\n";
  }
  return out;
}

}  // namespace cardc
