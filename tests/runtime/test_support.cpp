#include "test_support.hpp"

#include <stdexcept>

namespace rt {
namespace {

void must(int32_t r) {
  if (r < 0) throw std::runtime_error("profile/pool call failed: " + std::to_string(r));
}

int32_t scripted_choose(void* user, const cardrt_choice* c, int32_t* answer, int32_t cap) {
  auto* s = static_cast<Script*>(user);
  s->seen.push_back(*c);
  s->seen_options.emplace_back(c->options, c->options + c->option_count);
  if (!s->answers.empty()) {
    auto a = s->answers.front();
    s->answers.pop_front();
    int32_t n = 0;
    for (int32_t v : a)
      if (n < cap) answer[n++] = v;
    return n;
  }
  // first legal choice
  if (c->kind == CARDRT_CHOICE_NUMBER) {
    answer[0] = c->min_count;
    return 1;
  }
  if (c->kind == CARDRT_CHOICE_YES_NO) {
    answer[0] = 1;
    return 1;
  }
  int32_t k = c->min_count > 0 ? c->min_count : (c->max_count > 0 ? 1 : 0);
  for (int32_t i = 0; i < k && i < cap; ++i) answer[i] = c->allow_repeats ? 0 : i;
  return k;
}

}  // namespace

// 003 (legends): Force, Chi, Personal Honor, Honor Requirement (may be negative; "-" for created), Gold Cost,
// Focus Value. Items' Force and Chi are modifiers of their Personality.
cardrt_profile* make_legends() {
  cardrt_profile* p = cardrt_profile_create("legends");
  using namespace legends;
  must(cardrt_profile_add_stat(p, "Force", "F", CARDRT_FLOOR_ZERO, 0));
  must(cardrt_profile_add_stat(p, "Chi", "C", CARDRT_FLOOR_ZERO, 0));
  must(cardrt_profile_add_stat(p, "Personal Honor", "PH", CARDRT_FLOOR_ZERO, 0));
  must(cardrt_profile_add_stat(p, "Honor Requirement", "HR", CARDRT_FLOOR_NONE, CARDRT_STATF_CREATED_DASH));
  must(cardrt_profile_add_stat(p, "Gold Cost", "GC", CARDRT_FLOOR_ZERO, 0));
  must(cardrt_profile_add_stat(p, "Focus Value", "FV", CARDRT_FLOOR_ZERO, 0));
  const int32_t personality[] = {Force, Chi, PersonalHonor, HonorRequirement, GoldCost};
  const int32_t follower[] = {Force, HonorRequirement, GoldCost};
  const int32_t item[] = {Force, Chi, GoldCost};
  const int32_t action[] = {FocusValue, GoldCost};
  const int32_t holding[] = {GoldCost};
  must(cardrt_profile_add_card_type(p, "Personality", personality, 5, 0));
  must(cardrt_profile_add_card_type(p, "Follower", follower, 3, 0));
  must(cardrt_profile_add_card_type(p, "Item", item, 3, CARDRT_TYPE_STATS_MODIFY_HOST));
  must(cardrt_profile_add_card_type(p, "Action", action, 2, 0));
  must(cardrt_profile_add_card_type(p, "Holding", holding, 1, 0));
  must(cardrt_profile_add_card_type(p, "Region", nullptr, 0, 0));
  must(cardrt_profile_add_resource(p, "Gold", CARDRT_RESOURCE_COUNTER, CARDRT_FLOOR_ZERO, 0, 0));
  must(cardrt_profile_add_resource(p, "Family Honor", CARDRT_RESOURCE_COUNTER, CARDRT_FLOOR_NONE, 0, 0));
  must(cardrt_profile_add_zone(p, "Deck", CARDRT_ZONE_ORDERED | CARDRT_ZONE_HIDDEN));
  must(cardrt_profile_add_zone(p, "Hand", CARDRT_ZONE_HIDDEN));
  must(cardrt_profile_add_zone(p, "Discard", CARDRT_ZONE_ORDERED));
  must(cardrt_profile_add_zone(p, "Play", CARDRT_ZONE_IN_PLAY));
  must(cardrt_profile_add_zone(p, "Removed", 0));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_DECK, Deck));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_HAND, Hand));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_DISCARD, Discard));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_PLAY, Play));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_REMOVED, Removed));
  must(cardrt_profile_add_keyword(p, "Samurai", CARDRT_KWR_NONE));
  must(cardrt_profile_add_keyword(p, "Tactician", CARDRT_KWR_TACTICIAN));
  must(cardrt_profile_add_keyword(p, "Tactical", CARDRT_KWR_TACTICAL));
  must(cardrt_profile_add_keyword(p, "Terrain", CARDRT_KWR_TERRAIN));
  must(cardrt_profile_add_keyword(p, "Unique", CARDRT_KWR_NONE));
  must(cardrt_profile_add_keyword(p, "Dragon", CARDRT_KWR_NONE));
  must(cardrt_profile_add_keyword(p, "Lion Clan", CARDRT_KWR_NONE));
  must(cardrt_profile_add_counter(p, "token", CARDRT_COUNTER_TOKEN));
  must(cardrt_profile_set_stat_role(p, CARDRT_ROLE_FORCE, Force));
  must(cardrt_profile_set_stat_role(p, CARDRT_ROLE_CHI, Chi));
  must(cardrt_profile_set_stat_role(p, CARDRT_ROLE_PERSONAL_HONOR, PersonalHonor));
  must(cardrt_profile_set_stat_role(p, CARDRT_ROLE_FOCUS, FocusValue));
  must(cardrt_profile_add_event(p, "battle_begins"));
  must(cardrt_profile_set_modifier_order(p, CARDRT_ORDER_STEPS_A_C));
  must(cardrt_profile_enable_rules(p, CARDRT_RULE_ZERO_CHI | CARDRT_RULE_TACTICAL | CARDRT_RULE_TERRAIN));
  must(cardrt_profile_set_players(p, 2, 0));
  return p;
}

// 000 (terrus): ATK/DEF/HP beast statistics may be negative (7.2); results and duels floor at zero.
cardrt_profile* make_terrus() {
  cardrt_profile* p = cardrt_profile_create("terrus");
  using namespace terrus;
  must(cardrt_profile_add_stat(p, "ATK", "ATK", CARDRT_FLOOR_NONE, 0));
  must(cardrt_profile_add_stat(p, "DEF", "DEF", CARDRT_FLOOR_NONE, 0));
  must(cardrt_profile_add_stat(p, "HP", "HP", CARDRT_FLOOR_NONE, 0));
  const int32_t beast[] = {Atk, Def, Hp};
  must(cardrt_profile_add_card_type(p, "Beast", beast, 3, 0));
  must(cardrt_profile_add_card_type(p, "Ruler", nullptr, 0, 0));
  must(cardrt_profile_add_resource(p, "vitae", CARDRT_RESOURCE_COUNTER, CARDRT_FLOOR_ZERO_EXCEPT_SET, 0, 0));
  must(cardrt_profile_add_zone(p, "Deck", CARDRT_ZONE_ORDERED | CARDRT_ZONE_HIDDEN));
  must(cardrt_profile_add_zone(p, "Hand", CARDRT_ZONE_HIDDEN));
  must(cardrt_profile_add_zone(p, "Discard", CARDRT_ZONE_ORDERED));
  must(cardrt_profile_add_zone(p, "Field", CARDRT_ZONE_IN_PLAY));
  must(cardrt_profile_add_zone(p, "Ravine", 0));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_DECK, Deck));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_HAND, Hand));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_DISCARD, Discard));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_PLAY, Field));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_REMOVED, Ravine));
  must(cardrt_profile_set_stat_role(p, CARDRT_ROLE_ATTACK, Atk));
  must(cardrt_profile_add_event(p, "duel_begins"));
  return p;
}

// 002 (heroes): rule 523 modifier order, coins with a supply (522), prayer tokens, hero wounds and deck-out (601).
cardrt_profile* make_heroes() {
  cardrt_profile* p = cardrt_profile_create("heroes");
  using namespace heroes;
  must(cardrt_profile_add_stat(p, "Power", "P", CARDRT_FLOOR_ZERO, 0));
  must(cardrt_profile_add_stat(p, "Health", "H", CARDRT_FLOOR_ZERO, 0));
  const int32_t creature[] = {Power, Health};
  must(cardrt_profile_add_card_type(p, "Creature", creature, 2, 0));
  must(cardrt_profile_add_card_type(p, "Spell", nullptr, 0, 0));
  must(cardrt_profile_add_resource(p, "coins", CARDRT_RESOURCE_SUPPLY, CARDRT_FLOOR_ZERO, 10, 30));
  must(cardrt_profile_add_resource(p, "prayer", CARDRT_RESOURCE_COUNTER, CARDRT_FLOOR_ZERO, 0, 0));
  must(cardrt_profile_add_zone(p, "Deck", CARDRT_ZONE_ORDERED | CARDRT_ZONE_HIDDEN));
  must(cardrt_profile_add_zone(p, "Hand", CARDRT_ZONE_HIDDEN));
  must(cardrt_profile_add_zone(p, "Discard", CARDRT_ZONE_ORDERED));
  must(cardrt_profile_add_zone(p, "Play", CARDRT_ZONE_IN_PLAY));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_DECK, Deck));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_HAND, Hand));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_DISCARD, Discard));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_PLAY, Play));
  must(cardrt_profile_add_counter(p, "wound", CARDRT_COUNTER_DAMAGE));
  must(cardrt_profile_set_modifier_order(p, CARDRT_ORDER_RULE_523));
  must(cardrt_profile_enable_rules(p, CARDRT_RULE_HERO_WOUNDS | CARDRT_RULE_DECK_OUT));
  must(cardrt_profile_set_players(p, 2, 20));
  return p;
}

// 004 (gems): HP, AT, LK, RS; damage and Status counters; D6 rolls.
cardrt_profile* make_gems() {
  cardrt_profile* p = cardrt_profile_create("gems");
  using namespace gems;
  must(cardrt_profile_add_stat(p, "Health", "HP", CARDRT_FLOOR_ZERO, 0));
  must(cardrt_profile_add_stat(p, "Attack", "AT", CARDRT_FLOOR_ZERO, 0));
  must(cardrt_profile_add_stat(p, "Luck", "LK", CARDRT_FLOOR_ZERO, 0));
  must(cardrt_profile_add_stat(p, "Resist", "RS", CARDRT_FLOOR_ZERO, 0));
  const int32_t unit[] = {HP, AT, LK, RS};
  must(cardrt_profile_add_card_type(p, "Unit", unit, 4, 0));
  must(cardrt_profile_add_zone(p, "Deck", CARDRT_ZONE_ORDERED | CARDRT_ZONE_HIDDEN));
  must(cardrt_profile_add_zone(p, "Hand", CARDRT_ZONE_HIDDEN));
  must(cardrt_profile_add_zone(p, "Discard Pile", CARDRT_ZONE_ORDERED));
  must(cardrt_profile_add_zone(p, "Play", CARDRT_ZONE_IN_PLAY));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_DECK, Deck));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_HAND, Hand));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_DISCARD, Discard));
  must(cardrt_profile_set_zone_role(p, CARDRT_ZROLE_PLAY, Play));
  must(cardrt_profile_add_counter(p, "damage", CARDRT_COUNTER_DAMAGE));
  must(cardrt_profile_add_counter(p, "Poison", CARDRT_COUNTER_STATUS));
  must(cardrt_profile_add_counter(p, "Burn", CARDRT_COUNTER_STATUS));
  must(cardrt_profile_set_stat_role(p, CARDRT_ROLE_HEALTH, HP));
  must(cardrt_profile_set_stat_role(p, CARDRT_ROLE_ATTACK, AT));
  must(cardrt_profile_set_stat_role(p, CARDRT_ROLE_LUCK, LK));
  must(cardrt_profile_set_stat_role(p, CARDRT_ROLE_RESIST, RS));
  must(cardrt_profile_enable_rules(p, CARDRT_RULE_LETHAL_DAMAGE | CARDRT_RULE_GEM_DICE));
  must(cardrt_profile_set_dice(p, 6));
  return p;
}

TestGame::TestGame(cardrt_profile* profile, uint64_t seed)
    : profile_(profile), pool_(cardrt_cardpool_create(profile)), seed_(seed) {}

TestGame::~TestGame() {
  cardrt_game_destroy(game_);
  cardrt_cardpool_destroy(pool_);
  cardrt_profile_destroy(profile_);
}

void TestGame::start() {
  cardrt_host host{};
  host.user = &script_;
  host.choose = &scripted_choose;
  game_ = cardrt_game_create(profile_, pool_, seed_, &host);
  if (!game_) throw std::runtime_error("game_create failed");
}

int32_t TestGame::def(const char* title, const char* type, std::vector<std::pair<const char*, int32_t>> stats,
                      std::vector<const char*> keywords) {
  const int32_t d = cardrt_def_card(pool_, title, type);
  must(d);
  for (auto& [name, v] : stats) must(cardrt_def_stat(pool_, d, name, CARDRT_BASE_VALUE, v));
  for (const char* k : keywords) must(cardrt_def_keyword(pool_, d, k));
  return d;
}

int32_t TestGame::ability(int32_t d, int32_t kind, const char* trigger, uint32_t flags, cardrt_effect_fn effect,
                          cardrt_effect_fn target, cardrt_effect_fn cost, cardrt_effect_fn condition,
                          int32_t designators) {
  const int32_t a = cardrt_def_ability(pool_, d, kind, designators, trigger ? trigger : "", flags);
  must(a);
  auto fn = [](cardrt_effect_fn f) { return reinterpret_cast<cardrt_any_fn>(f); };
  if (effect) must(cardrt_def_ability_fn(pool_, d, a, kind == CARDRT_AB_CONTINUOUS ? CARDRT_FN_CONTINUOUS : CARDRT_FN_EFFECT, fn(effect)));
  if (target) must(cardrt_def_ability_fn(pool_, d, a, CARDRT_FN_TARGET, fn(target)));
  if (cost) must(cardrt_def_ability_fn(pool_, d, a, CARDRT_FN_COST, fn(cost)));
  if (condition) must(cardrt_def_ability_fn(pool_, d, a, CARDRT_FN_CONDITION, fn(condition)));
  return a;
}

int32_t TestGame::add(int32_t d, int32_t player, int32_t zone) {
  const int32_t id = cardrt_game_add_card(game_, d, player, zone);
  must(id);
  return id;
}

int32_t TestGame::play(int32_t d, int32_t player) {
  // the hand role zone first, then into play through the engine API (enters play)
  const int32_t id = cardrt_game_add_card(game_, d, player, 1);
  must(id);
  must(cardrt_game_put_into_play(game_, id, player));
  return id;
}

std::string TestGame::text_log() {
  const int64_t n = cardrt_log_render_text(game_, nullptr, 0);
  std::string s(size_t(n), '\0');
  cardrt_log_render_text(game_, s.data(), n);
  s.resize(size_t(n - 1));
  return s;
}

std::string TestGame::json_log() {
  const int64_t n = cardrt_log_render_json(game_, nullptr, 0);
  std::string s(size_t(n), '\0');
  cardrt_log_render_json(game_, s.data(), n);
  s.resize(size_t(n - 1));
  return s;
}

int TestGame::count_log(int32_t kind) {
  int n = 0;
  cardrt_log_event e;
  for (int32_t i = 0; i < cardrt_log_count(game_); ++i)
    if (cardrt_log_get(game_, i, &e) == CARDRT_OK && e.kind == kind) ++n;
  return n;
}

}  // namespace rt
