#include "event_log.hpp"

#include <fmt/format.h>

#include "game.hpp"

namespace cardrt {
namespace {

// What the "what" field names, by log kind, so the text can use the game's own words.
enum class What { none, stat, resource, zone, keyword, counter, event, state, boundary, purpose, protection, restriction,
                  designators, attack, province, definition };

struct KindInfo {
  const char* name;
  What what;
};

constexpr KindInfo kKinds[] = {
    {"none", What::none},
    {"game_start", What::none},
    {"card_created", What::zone},
    {"card_moved", What::zone},
    {"enter_play", What::zone},
    {"leave_play", What::zone},
    {"ceased_to_exist", What::none},
    {"bonus", What::stat},
    {"penalty", What::stat},
    {"modifier_added", What::stat},
    {"modifier_changed", What::stat},
    {"modifier_ended", What::stat},
    {"bound_added", What::stat},
    {"state_changed", What::state},
    {"keyword_granted", What::keyword},
    {"keyword_removed", What::keyword},
    {"resource_gained", What::resource},
    {"resource_lost", What::resource},
    {"resource_returned", What::resource},
    {"resource_set", What::resource},
    {"draw", What::none},
    {"draw_failed", What::none},
    {"discard", What::none},
    {"mill", What::none},
    {"destroyed", What::none},
    {"destruction_prevented", What::none},
    {"damage", What::none},
    {"heal", What::counter},
    {"wound_player", What::none},
    {"heal_player", What::none},
    {"roll", What::stat},
    {"random", What::none},
    {"critical", What::none},
    {"status_resisted", What::counter},
    {"status_applied", What::counter},
    {"counters", What::counter},
    {"ability_used", What::none},
    {"triggered", What::event},
    {"cost_failed", What::none},
    {"targeted", What::none},
    {"chosen", What::purpose},
    {"target_illegal", What::none},
    {"replaced", What::event},
    {"cycle_stopped", What::event},
    {"delayed_added", What::boundary},
    {"delayed_fired", What::boundary},
    {"delayed_cancelled", What::boundary},
    {"boundary", What::boundary},
    {"attached", What::none},
    {"transferred", What::none},
    {"terrain_discarded", What::none},
    {"x_announced", What::none},
    {"win", What::none},
    {"lose", What::none},
    {"choice_invalid", What::purpose},
    {"grant_suppressed", What::none},
    {"protection_granted", What::protection},
    {"chain", What::none},
    {"restriction_granted", What::restriction},
    {"forbidden", What::restriction},
    {"looked", What::zone},
    {"revealed", What::zone},
    {"shuffled", What::zone},
    {"reordered", What::zone},
    {"sent_home", What::none},
    {"duel", What::none},
    {"challenge_refused", What::none},
    {"focused", What::none},
    {"damage_prevented", What::none},
    {"shield_added", What::none},
    {"ability_granted", What::definition},
    {"action_cancelled", What::none},
    {"additional_action", What::designators},
    {"attack_strength_granted", What::attack},
    {"paid", What::resource},
    {"province_added", What::province},
    {"province_strength", What::province},
    {"province_destroyed", What::province},
    {"in_province", What::province},
    {"provinces_revealed", What::none},
};
static_assert(sizeof(kKinds) / sizeof(kKinds[0]) == CARDRT_LOG_KIND_COUNT, "one name per log kind");

const char* const kForbid[] = {"attack",           "issue_challenge",      "receive_status",
                               "gain_resource",    "ranged_attack_target", "melee_attack_target",
                               "receive_attachment", "straighten",         "move",
                               "perform_actions",  "use_abilities",        "assign_attack",
                               "contribute_force", "resolution_bow"};
static_assert(sizeof(kForbid) / sizeof(kForbid[0]) == CARDRT_FORBID_COUNT, "one name per restriction");
const char* kBoundaries[] = {"none", "turn_start", "turn_end", "phase_end", "battle_resolved",
                             "battle_end", "duel_end", "dawn", "battle_resolving"};
const char* kProtections[] = {"cannot_be_destroyed", "zero_chi", "untargetable_by_opponents"};
const char* kPurposes[] = {"none", "target", "choose", "x", "optional", "reaction", "lose_coins", "discard",
                           "replacement", "construct", "tactician", "status_type", "resist_roll", "order",
                           "search", "divide", "focus", "accept_challenge", "play", "verb", "zone"};

// A stat modifier's operation (cardrt_log_event::op), in the words of 002 rule 523 and 003 step C.
const char* op_name(int32_t op) {
  switch (op) {
    case CARDRT_OP_ADD: return "add";
    case CARDRT_OP_MUL: return "multiply";
    case CARDRT_OP_SUB: return "subtract";
    case CARDRT_OP_DIV: return "divide";
    case CARDRT_OP_SET: return "set";
    case CARDRT_OP_DIV_UP: return "divide_up";
    case CARDRT_OP_MINIMUM: return "minimum";
    case CARDRT_OP_MAXIMUM: return "maximum";
    default: return "";
  }
}

template <class T>
std::string name_at(const NamedList<T>& v, int32_t i) {
  if (i < 0 || i >= int32_t(v.size())) return fmt::format("{}", i);
  return v[size_t(i)].name;
}

// A grant that ended (modifier_ended with what -1; amount: its GrantKind, value: what it granted), named with what it
// granted: "keyword Samurai", "restriction attack", "ability of Rite Master".
std::string grant_name(const Game& g, int32_t kind, int32_t what) {
  const Profile& p = g.profile();
  const auto& defs = g.pool().defs;
  switch (GrantKind(kind)) {
    case GrantKind::keyword: return "keyword " + name_at(p.keywords, what);
    case GrantKind::keyword_removal: return "keyword removal " + name_at(p.keywords, what);
    case GrantKind::protection:
      return std::string("protection ") + (what >= 0 && what < CARDRT_PROT_COUNT ? kProtections[what] : "?");
    case GrantKind::ability:
      return "ability of " + (what >= 0 && what < int32_t(defs.size()) ? defs[size_t(what)].title : std::string("?"));
    case GrantKind::restriction:
      return std::string("restriction ") + (what >= 0 && what < CARDRT_FORBID_COUNT ? kForbid[what] : "?");
    case GrantKind::attack_strength:
      return std::string("attack strength ") + (what == CARDRT_ATTACK_RANGED ? "ranged" : what == CARDRT_ATTACK_MELEE ? "melee" : "?");
    case GrantKind::negation: return "negation " + name_at(p.stats, what);
    case GrantKind::state: break;
  }
  return "grant";
}

std::string what_name(const Game& g, const cardrt_log_event& e) {
  const Profile& p = g.profile();
  const What w = (e.kind > 0 && e.kind < CARDRT_LOG_KIND_COUNT) ? kKinds[e.kind].what : What::none;
  switch (w) {
    case What::none: return {};
    case What::stat:
      if (e.kind == CARDRT_LOG_MODIFIER_ENDED && e.what < 0) return grant_name(g, e.amount, e.value);
      return name_at(p.stats, e.what);
    case What::resource: return name_at(p.resources, e.what);
    case What::zone: return name_at(p.zones, e.what);
    case What::keyword: return name_at(p.keywords, e.what);
    case What::counter: return name_at(p.counters, e.what);
    case What::event:
      if (e.what >= CARDRT_EV_FIRST_CUSTOM && e.what < p.event_count())
        return p.events[size_t(e.what - CARDRT_EV_FIRST_CUSTOM)];
      return builtin_event_name(e.what);
    case What::state:
      if (e.what >= 0 && e.what < int32_t(p.card_states.size())) return p.card_states[size_t(e.what)];
      return fmt::format("{}", e.what);
    case What::boundary:
      // a delayed effect that waits for an event, not a boundary (what 0): the event, by its name (value)
      if (e.kind == CARDRT_LOG_DELAYED_ADDED && e.what == 0) {
        if (e.value >= CARDRT_EV_FIRST_CUSTOM && e.value < p.event_count()) return "event " + p.events[size_t(e.value - CARDRT_EV_FIRST_CUSTOM)];
        return std::string("event ") + builtin_event_name(e.value);
      }
      return (e.what >= 0 && e.what < CARDRT_BOUNDARY_COUNT) ? kBoundaries[e.what] : fmt::format("{}", e.what);
    case What::designators: {  // CARDRT_DESIG_* bits: "battle", "limited|open"; none: any action
      static const char* const names[] = {"limited", "open", "battle", "reaction", "terrain_battle", "other"};
      std::string out;
      for (int b = 0; b < 6; ++b)
        if (e.what & (1 << b)) out += (out.empty() ? "" : "|") + std::string(names[b]);
      return out.empty() ? std::string("any") : out;
    }
    case What::purpose:
      return (e.what >= 0 && e.what <= CARDRT_PURPOSE_ZONE) ? kPurposes[e.what] : fmt::format("{}", e.what);
    case What::protection:
      return (e.what >= 0 && e.what < CARDRT_PROT_COUNT) ? kProtections[e.what] : fmt::format("{}", e.what);
    case What::restriction: {
      if (e.what < 0 || e.what >= CARDRT_FORBID_COUNT) return fmt::format("{}", e.what);
      // a player's "may not gain Honor" names the resource (value; -1: any), never by its number
      const bool for_player = e.kind == CARDRT_LOG_FORBIDDEN || e.amount >= 0;
      if (e.what == CARDRT_FORBID_GAIN_RESOURCE && for_player && e.value >= 0 && e.value < int32_t(p.resources.size()))
        return fmt::format("{}:{}", kForbid[e.what], p.resources[size_t(e.value)].name);
      return kForbid[e.what];
    }
    case What::province: return fmt::format("province{}", e.what);
    case What::definition: {  // the card whose ability was granted, by its title
      const auto& defs = g.pool().defs;
      if (e.what < 0 || e.what >= int32_t(defs.size())) return fmt::format("{}", e.what);
      return defs[size_t(e.what)].title.empty() ? std::string("untitled card") : defs[size_t(e.what)].title;
    }
    case What::attack:
      return e.what == CARDRT_ATTACK_RANGED ? "ranged" : e.what == CARDRT_ATTACK_MELEE ? "melee" : fmt::format("{}", e.what);
  }
  return {};
}

std::string json_escape(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += char(c);
    } else if (c < 0x20) {
      out += fmt::format("\\u{:04x}", c);
    } else {
      out += char(c);
    }
  }
  return out;
}

}  // namespace

const char* EventLog::kind_name(int32_t kind) {
  return (kind > 0 && kind < CARDRT_LOG_KIND_COUNT) ? kKinds[kind].name : "unknown";
}

std::string EventLog::render_text(const Game& g) const {
  std::string out;
  for (const auto& e : events_) {
    out += fmt::format("{:>5} {}", e.seq, kind_name(e.kind));
    if (e.player >= 0) out += fmt::format(" player={}", e.player);
    if (e.card > 0) out += fmt::format(" card={}[{}]", e.card, g.card_title(e.card));
    if (e.other > 0) out += fmt::format(" other={}[{}]", e.other, g.card_title(e.other));
    const std::string w = what_name(g, e);
    if (!w.empty()) out += fmt::format(" what={}", w);
    if (e.op >= 0) out += fmt::format(" op={}", op_name(e.op));
    out += fmt::format(" amount={} value={}\n", e.amount, e.value);
  }
  return out;
}

std::string EventLog::render_json(const Game& g) const {
  std::string out;
  for (const auto& e : events_) {
    out += fmt::format(
        "{{\"seq\":{},\"kind\":\"{}\",\"player\":{},\"card\":{},\"other\":{},\"what\":{},\"what_name\":\"{}\","
        "\"amount\":{},\"value\":{},\"op\":{},\"op_name\":\"{}\"}}\n",
        e.seq, kind_name(e.kind), e.player, e.card, e.other, e.what, json_escape(what_name(g, e)), e.amount,
        e.value, e.op, op_name(e.op));
  }
  return out;
}

}  // namespace cardrt
