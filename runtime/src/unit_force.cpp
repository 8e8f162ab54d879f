// A unit's total Force: "target an enemy unit with lower total Force than ...". 003_c83c069b880758ae.txt Stats
// (Force): the Force of unbowed Personalities and Followers is totaled together in calculating unit Force; an Item's
// Force modifies its Personality's Force instead (already in his value), and a bowed card keeps its Force but does
// not add it.
#include "game.hpp"
#include "saturating.hpp"

namespace cardrt {

int32_t Game::unit_force(CardId id) const {
  const int32_t force = profile_->role(CARDRT_ROLE_FORCE);
  if (force < 0 || !valid_card(id) || !card(id).in_play) return 0;
  const Card& head = card(id).attached_to ? card(card(id).attached_to) : card(id);
  auto adds = [&](const Card& c) {
    return !has_state(c, CARDRT_STATE_BOWED) && stat_present(c, force) &&
           !(profile_->card_types[size_t(c.type)].flags & CARDRT_TYPE_STATS_MODIFY_HOST);
  };
  int64_t total = 0;
  if (adds(head)) total = acc_add(total, stat_value(head, force));
  for (CardId a : head.attachments)
    if (adds(card(a))) total = acc_add(total, stat_value(card(a), force));
  return clamp_to_i32(total);
}

}  // namespace cardrt
