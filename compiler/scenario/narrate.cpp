#include "scenario/narrate.h"

#include <map>
#include <sstream>

#include <fmt/format.h>

namespace cardc {

namespace {

// One line of cardrt_log_render_text: "  12 kind player=0 card=1[Title] other=2[Title] what=X op=O amount=A value=V"
// (op: a stat modifier's operation, ABI 17).
struct Line {
  std::string seq, kind, player, card, other, what, op, amount, value;
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
      // what= may hold blanks ("prayer token"): it runs to " op=" or " amount=".
      size_t end = rest.find(' ', j);
      if (key == "what") {
        const size_t op = rest.find(" op=", j), amount = rest.find(" amount=", j);
        end = op != std::string::npos && op < amount ? op : amount;
      }
      if (end == std::string::npos) end = rest.size();
      value = rest.substr(j, end - j);
      j = end;
    }
    if (key == "player") l.player = value;
    else if (key == "card") l.card = value;
    else if (key == "other") l.other = value;
    else if (key == "what") l.what = value;
    else if (key == "op") l.op = value;
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

// A stat modifier as it was given (002 rule 523's operations, 003 step C's bounds): "gets +2 ATK", "'s ATK is
// doubled", "'s Force gets a maximum of 1". The log's op says which; a line without one (a log older than ABI 17)
// claims no operation.
std::string modifier_given(const Line& l) {
  const std::string& a = l.amount;
  if (l.op == "multiply")
    return l.card + "'s " + l.what + (a == "2" ? " is doubled" : a == "3" ? " is tripled" : " is multiplied by " + a);
  if (l.op == "divide") return l.card + "'s " + l.what + (a == "2" ? " is halved" : " is divided by " + a) + ", rounded down";
  if (l.op == "divide_up") return l.card + "'s " + l.what + (a == "2" ? " is halved" : " is divided by " + a) + ", rounded up";
  if (l.op == "subtract") return a + " is subtracted from " + l.card + "'s " + l.what;
  if (l.op == "set") return l.card + "'s " + l.what + " is set to " + a;
  if (l.op == "maximum") return l.card + "'s " + l.what + " gets a maximum of " + a;
  if (l.op == "minimum") return l.card + "'s " + l.what + " gets a minimum of " + a;
  if (l.op == "add") return l.card + " gets " + signed_amount(a) + " " + l.what;
  return l.card + "'s " + l.what + " gets a modifier of " + a;
}

// The same modifier named as a thing that changes or ends: "the +1 Force bonus of Tsubaki", "the maximum of 1 on ...".
std::string modifier_named(const Line& l) {
  const std::string& a = l.amount;
  const std::string of = l.card + "'s " + l.what;
  if (l.op == "multiply") return "the " + (a == "2" ? std::string("doubling") : a == "3" ? "tripling" : "multiplication by " + a) + " of " + of;
  if (l.op == "divide") return "the " + (a == "2" ? std::string("halving") : "division by " + a) + " (rounded down) of " + of;
  if (l.op == "divide_up") return "the " + (a == "2" ? std::string("halving") : "division by " + a) + " (rounded up) of " + of;
  if (l.op == "subtract") return "the subtraction of " + a + " from " + of;
  if (l.op == "set") return "the setting of " + of + " to " + a;
  if (l.op == "maximum") return "the maximum of " + a + " on " + of;
  if (l.op == "minimum") return "the minimum of " + a + " on " + of;
  if (l.op == "add") return "the " + signed_amount(a) + " " + l.what + (a.rfind('-', 0) == 0 ? " penalty" : " bonus") + " of " + l.card;
  return "a modifier of " + of;
}

// A modifier whose operand changed (a fluctuating one recomputed, a restricted one limited): its new operand.
std::string modifier_now(const Line& l) {
  const std::string& a = l.amount;
  const std::string of = l.card + "'s " + l.what;
  if (l.op == "multiply") return of + " is now multiplied by " + a;
  if (l.op == "divide") return of + " is now divided by " + a + ", rounded down";
  if (l.op == "divide_up") return of + " is now divided by " + a + ", rounded up";
  if (l.op == "subtract") return a + " is now subtracted from " + of;
  if (l.op == "set") return of + " is now set to " + a;
  if (l.op == "maximum" || l.op == "minimum") return "The " + l.op + " on " + of + " is now " + a;
  if (l.op == "add") return "The " + l.what + (a.rfind('-', 0) == 0 ? " penalty" : " bonus") + " of " + l.card + " is now " + signed_amount(a);
  return "A modifier of " + of + " is now " + a;
}

std::string capitalized(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = char(s[0] - 'a' + 'A');
  return s;
}

// A boundary of the log (CARDRT_BOUNDARY_*) in words.
std::string boundary_words(const std::string& b) {
  if (b == "turn_start") return "the start of the turn";
  if (b == "turn_end") return "the end of the turn";
  if (b == "phase_end") return "the end of the phase";
  if (b == "battle_resolved") return "the battle's resolution";
  if (b == "battle_end") return "the end of the battle";
  if (b == "duel_end") return "the end of the duel";
  if (b == "dawn") return "dawn";
  if (b == "battle_resolving") return "the battle resolution";
  return b;
}

// What a restriction forbids (CARDRT_FORBID_*, the log's restriction names), after "may not". A player's restriction
// on gaining names its resource ("gain_resource:Honor").
std::string forbidden_words(const std::string& w) {
  if (w.rfind("gain_resource", 0) == 0) return w.size() > 14 ? "gain " + w.substr(14) : "gain resources";
  static const std::map<std::string, std::string> words = {
      {"attack", "attack"},
      {"issue_challenge", "issue challenges"},
      {"receive_status", "be inflicted with Statuses"},
      {"ranged_attack_target", "be targeted by ranged attacks"},
      {"melee_attack_target", "be targeted by melee attacks"},
      {"receive_attachment", "receive attachments"},
      {"straighten", "straighten"},
      {"move", "move"},
      {"perform_actions", "perform actions"},
      {"use_abilities", "have its abilities used"},
      {"assign_attack", "be assigned to attack"},
      {"contribute_force", "contribute Force"},
      {"resolution_bow", "be bowed by battle resolution"}};
  const auto it = words.find(w);
  return it == words.end() ? w : it->second;
}

// A choice's purpose (CARDRT_PURPOSE_*) in words.
std::string purpose_words(const std::string& p) {
  static const std::map<std::string, std::string> words = {
      {"target", "choice of targets"}, {"choose", "choice"}, {"x", "choice of X"},
      {"optional", "\"you may\" choice"}, {"reaction", "choice of a reaction"}, {"lose_coins", "choice of coins to lose"},
      {"discard", "choice of cards to discard"}, {"replacement", "choice of the replacement to apply first"},
      {"construct", "choice of options"}, {"tactician", "Tactician choice"}, {"status_type", "choice of a status"},
      {"resist_roll", "Resist roll choice"}, {"order", "choice of an order"}, {"search", "choice of cards found"},
      {"divide", "choice of how to divide"}, {"focus", "choice of a card to focus"},
      {"accept_challenge", "choice to accept a challenge"}, {"play", "choice of a card to play"},
      {"verb", "choice of a verb"}, {"zone", "choice of a zone"}};
  const auto it = words.find(p);
  return it == words.end() ? "choice" : it->second;
}

// A protection (CARDRT_PROT_*, the log's names) in words, after the card: "Akodo Kage cannot be destroyed".
std::string protection_words(const std::string& w) {
  if (w == "cannot_be_destroyed") return "cannot be destroyed";
  if (w == "zero_chi") return "is not destroyed for having 0 Chi";
  if (w == "untargetable_by_opponents") return "cannot be targeted by its controller's opponents";
  return "is protected (" + w + ")";
}

// An event the log names (a profile's phrase, or a built-in one: "enter_play"), in words: "\"enter play\"".
std::string event_words(std::string e) {
  for (char& ch : e)
    if (ch == '_') ch = ' ';
  return "\"" + e + "\"";
}

// An additional action's designators ("battle", "limited|open", "any"): "an additional Battle action".
std::string additional_action(const std::string& designators) {
  if (designators.empty() || designators == "any") return "an additional action";
  std::string words;
  for (size_t i = 0; i <= designators.size();) {
    size_t bar = designators.find('|', i);
    if (bar == std::string::npos) bar = designators.size();
    std::string d = designators.substr(i, bar - i);
    for (char& ch : d)
      if (ch == '_') ch = ' ';
    words += (words.empty() ? "" : " or ") + capitalized(d);
    i = bar + 1;
  }
  return "an additional " + words + " action";
}

// A grant that ended: the log names it with what it granted ("keyword Samurai", "restriction attack"; cardrt.h).
std::string grant_ended(const Line& l) {
  const auto after = [&](const char* prefix) { return l.what.substr(std::string(prefix).size()); };
  const auto is = [&](const char* prefix) { return l.what.rfind(prefix, 0) == 0; };
  if (is("keyword removal ")) return "The removal of " + l.card + "'s keyword " + after("keyword removal ") + " ends";
  if (is("keyword ")) return "The keyword " + after("keyword ") + " granted to " + l.card + " ends";
  if (is("protection ")) return "The protection of " + l.card + " (it " + protection_words(after("protection ")) + ") ends";
  if (is("ability of ")) return "The ability of " + after("ability of ") + " granted to " + l.card + " ends";
  if (is("restriction ")) return "The restriction \"may not " + forbidden_words(after("restriction ")) + "\" on " + l.card + " ends";
  if (is("attack strength ")) return "The change to the strength of " + after("attack strength ") + " attacks targeting " + l.card + " ends";
  if (is("negation ")) return "The negation of modifiers to " + l.card + "'s " + after("negation ") + " ends";
  return "A grant to " + l.card + " ends";
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
  // card: whose trait, other: the card performing it, what: the event, amount: the trait (its ability key)
  if (k == "triggered")
    return l.card + "'s trait " + std::to_string(number(l.amount) + 1) + " triggers on " + event_words(l.what) +
           (l.other.empty() ? "" : ", performed by " + l.other) + ".";
  if (k == "ability_used") return "Player " + l.player + " uses an ability of " + l.card + ".";
  if (k == "targeted") return l.other + " targets " + l.card + ".";
  if (k == "chosen" || k == "bonus" || k == "penalty") return {};
  if (k == "resource_gained") return "Player " + l.player + " gains " + l.amount + " " + l.what + " (now " + l.value + ")" + by + ".";
  if (k == "resource_lost") return "Player " + l.player + " loses " + l.amount + " " + l.what + by + " (now " + l.value + ").";
  // 002 522.4 at a duration's end: temporary coins go back to the supply (amount: minus how many), coins lost for a
  // while come back (amount: how many); neither is a gain or a loss
  if (k == "resource_returned")
    return l.amount.rfind('-', 0) == 0
               ? "Player " + l.player + " returns " + l.amount.substr(1) + " temporary " + l.what + " to the supply (now " + l.value + ")."
               : "Player " + l.player + " gets back " + l.amount + " " + l.what + " he lost for a while (now " + l.value + ").";
  // the log's op says which of 002 rule 523's operations, or 003 step C's bounds, the modifier is
  if (k == "modifier_added" || k == "bound_added")
    return modifier_given(l) + by + ": " + l.what + " is now " + l.value + ".";
  if (k == "modifier_ended")
    return l.op.empty() ? grant_ended(l) + by + "." : capitalized(modifier_named(l)) + " ends" + by + ": " + l.what + " is now " + l.value + ".";
  if (k == "resource_set")
    return "Player " + l.player + "'s " + l.what + (l.amount == "2" ? " is doubled to " : " is set to ") + l.value + by + ".";
  // a fluctuating or restricted modifier's operand changed (amount: the new one)
  if (k == "modifier_changed") return capitalized(modifier_now(l)) + by + ": " + l.what + " is now " + l.value + ".";
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
  // card: the card healed, what: the counters removed, amount: how many, value: how many are left
  if (k == "heal")
    return l.amount + " " + (l.what.empty() ? std::string("damage") : l.what + " counters") + (l.amount == "1" && !l.what.empty() ? " is" : " are") +
           " removed from " + l.card + by + " (" + l.value + " left).";
  if (k == "heal_player") return "Player " + l.player + "'s hero heals " + l.amount + " wounds" + by + " (" + l.value + " left).";
  if (k == "wound_player") return "Player " + l.player + "'s hero takes " + l.amount + " wounds" + by + ".";
  if (k == "roll")
    return (l.card.empty() ? "Player " + l.player : l.card) + " rolls " + l.value + " on a D" + l.amount + (l.what.empty() ? "" : " for " + l.what) + by + ".";
  if (k == "random") return "A random number below " + l.amount + by + ": " + l.value + ".";
  if (k == "draw") return "Player " + l.player + " draws " + l.card + ".";
  if (k == "draw_failed") return "Player " + l.player + " cannot draw: the deck is empty.";
  if (k == "discard") return "Player " + l.player + " discards " + l.card + by + ".";
  if (k == "mill") return l.card + " goes from the deck to the discard pile.";
  if (k == "destroyed") return l.card + " is destroyed" + by + (l.amount == "1" ? " for having 0 Chi (003 Chi)" : l.amount == "2" ? " by Lethal Damage (004 Health)" : "") + ".";
  if (k == "destruction_prevented") return l.card + "'s destruction is prevented" + by + ".";
  if (k == "status_applied") return l.card + " suffers " + l.what + by + ".";
  if (k == "status_resisted") return l.card + " resists " + l.what + " (rolled " + l.amount + ", Resist " + l.value + ").";
  if (k == "counters") return l.card + " has " + l.value + " " + l.what + " counters.";
  // card: the replacement's card, other: the event's card, what: the event, value: its amount now (-1: cancelled)
  if (k == "replaced")
    return (l.card.empty() ? std::string("A replacement") : l.card) + " replaces the event " + event_words(l.what) +
           (l.other.empty() ? "" : " of " + l.other) + (l.value == "-1" ? ": it does not happen." : ": its amount is now " + l.value + ".");
  if (k == "cycle_stopped") return "The replacement cycle stops before its first repetition (002 rule 525).";
  // card: its source; what: the boundary it waits for (value: how many turns on), or "event E" (other: the card the
  // event must happen to, none: any)
  if (k == "delayed_added") {
    if (l.what.rfind("event ", 0) == 0)
      return "A delayed effect of " + l.card + " waits for the event " + event_words(l.what.substr(6)) +
             (l.other.empty() ? "" : " to happen to " + l.other) + ".";
    const int turns = number(l.value);
    return "A delayed effect of " + l.card + " will happen at " + boundary_words(l.what) +
           (turns > 0 ? ", " + l.value + (turns == 1 ? " turn" : " turns") + " from now" : "") + ".";
  }
  if (k == "delayed_fired") return "A delayed effect of " + l.card + " happens.";
  if (k == "x_announced") return "Player " + l.player + " announces X = " + l.value + " for " + l.card + " (at most " + l.amount + ", 000 7.4a).";
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
  if (k == "protection_granted") return l.card + " " + protection_words(l.what) + by + ".";
  if (k == "delayed_cancelled")
    return l.value == "1" ? "A delayed effect of " + l.card + " lapses at " + boundary_words(l.what) + " without happening."
                          : "A delayed effect of " + l.card + " is cancelled: its source is gone, and it will not happen.";
  if (k == "choice_invalid")
    return "Player " + l.player + "'s answer to the " + purpose_words(l.what) + (l.card.empty() ? "" : " of " + l.card) +
           " is not legal: the default answer is taken instead.";
  // 003 Traits: a negated continuous effect does not immediately apply again
  if (k == "grant_suppressed")
    return "What " + (l.other.empty() ? std::string("a continuous trait") : l.other + "'s continuous trait") + " gave " + l.card +
           " was negated: the trait does not apply it again at once (003 Traits).";
  if (k == "restriction_granted") {
    // a player's restriction is held by the card whose text imposes it
    if (l.amount != "-1" && !l.amount.empty())
      return "Player " + l.amount + " may not " + forbidden_words(l.what) + " (" + (l.other.empty() ? l.card : l.other) + ").";
    if (l.value == "1") return "The next time " + l.card + " would " + forbidden_words(l.what) + ", it does not" + by + ".";
    return l.card + " may not " + forbidden_words(l.what) + by + ".";
  }
  if (k == "forbidden") {
    if (l.what.rfind("gain_resource", 0) == 0)
      return "Player " + l.player + " may not " + forbidden_words(l.what) + by + ": " + l.amount + " " +
             (l.what.size() > 14 ? l.what.substr(14) : "resources") + " are not gained.";
    if (l.what == "attack") return l.card + " may not attack " + l.other + ": the attack does not happen.";
    if (l.what == "issue_challenge") return l.card + " may not issue challenges: it does not challenge " + l.other + ".";
    if (l.what == "receive_status") return l.card + " cannot be inflicted with Statuses" + by + ": it receives none.";
    if (l.what == "receive_attachment") return l.card + " may not receive attachments: " + l.other + " is not attached to it.";
    return l.card + " may not " + forbidden_words(l.what) + by + ": it does not happen.";
  }
  if (k == "looked") return "Player " + l.player + " looks at " + l.card + " in " + l.what + by + ".";
  if (k == "reordered")
    return "Player " + l.player + " puts " + l.amount + (l.amount == "1" ? " card" : " cards") + (l.value == "1" ? " on the bottom of " : " back on top of ") + l.what + by + ".";
  if (k == "challenge_refused") return l.card + " refuses the challenge of " + l.other + ".";
  if (k == "shield_added") return "The next " + l.amount + " damage to " + l.card + " will be prevented" + by + ".";
  if (k == "ability_granted")
    return l.card + " gains ability " + std::to_string(number(l.amount) + 1) + " of " + l.what + by + ".";
  if (k == "action_cancelled") return l.card + "'s action is cancelled by the response of " + l.other + ".";
  if (k == "additional_action") {
    const std::string left = " (" + l.amount + " pending).";
    if (l.value == "1") return "Player " + l.player + " may take " + additional_action(l.what) + by + left;
    if (l.value == "0") return "Player " + l.player + " takes " + additional_action(l.what) + (l.card.empty() ? "" : " with " + l.card) + left;
    return "Player " + l.player + "'s " + additional_action(l.what).substr(3) + " lapses unused at the end of the turn" + left;
  }
  if (k == "attack_strength_granted")
    return capitalized(l.what) + " attacks targeting " + l.card + " have " + signed_amount(l.amount) + " strength" + by + ".";
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
