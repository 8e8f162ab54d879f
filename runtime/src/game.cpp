#include "game.hpp"
#include "handles.hpp"

#include <algorithm>

namespace cardrt {

Game::Game(std::shared_ptr<const Profile> profile, std::shared_ptr<const CardPool> pool, uint64_t seed,
           const cardrt_host* host)
    : profile_(std::move(profile)), pool_(std::move(pool)), seed_(seed), chooser_rng_(seed ^ 0x5eedc400ce5ull) {
  if (host) host_ = *host;
  s_.rng.reseed(seed);
  const Profile& p = *profile_;
  s_.players.resize(size_t(std::max(1, p.players)));
  for (auto& pl : s_.players) {
    pl.zones.resize(p.zones.size());
    pl.resources.resize(p.resources.size());
    for (size_t r = 0; r < p.resources.size(); ++r)
      if (p.resources[r].model == CARDRT_RESOURCE_SUPPLY) pl.resources[r].supply = p.resources[r].supply_size;
  }
  emit(CARDRT_LOG_GAME_START, -1, 0, 0, -1, int32_t(s_.players.size()), int32_t(seed & 0x7fffffff));
}

void Game::publish_cards() {
  if (!handle) return;
  cardrt_game_view& v = handle->view;
  v.game = this;
  // each card's view is its cardrt_card_view base, one Card apart
  v.cards = s_.cards.empty() ? nullptr
                             : reinterpret_cast<const char*>(static_cast<const cardrt_card_view*>(s_.cards.data()));
  v.card_count = int32_t(s_.cards.size());
  v.card_stride = int32_t(sizeof(Card));
}

Game::Scope::~Scope() { g.leave_scope(); }

void Game::leave_scope() {
  if (--depth_ != 0) return;
  ++depth_;  // settling runs card code; its own scopes must not settle again
  try {
    settle();
  } catch (...) {
    last_error = CARDRT_E_INTERNAL;
  }
  flush_events();
  --depth_;
}

int32_t Game::each_card_begin() {
  if (each_depth_ == each_snapshots_.size()) each_snapshots_.emplace_back();
  // a deeper loop's list may reallocate this vector of lists: moving a list keeps its elements where they are
  std::vector<CardId>& ids = each_snapshots_[each_depth_];
  ids.assign(s_.in_play.begin(), s_.in_play.end());
  ++each_depth_;
  ++depth_;  // as a Scope: one operation until each_card_end
  if (handle) handle->view.each_ids = ids.data();
  return int32_t(ids.size());
}

bool Game::each_card_end() {
  if (each_depth_ == 0) return false;
  --each_depth_;
  if (handle) handle->view.each_ids = each_depth_ ? each_snapshots_[each_depth_ - 1].data() : nullptr;
  leave_scope();
  return true;
}

std::string Game::card_title(CardId id) const {
  if (id <= 0 || id > int32_t(s_.cards.size())) return "?";
  const Card& c = card(id);
  if (const CardDef* d = def_of(c); d && !d->title.empty()) return d->title;
  // 003 Created cards: a created card has no title; name it by its type for the log
  const auto& types = profile_->card_types;
  return c.type >= 0 && c.type < int32_t(types.size()) ? "created " + types[size_t(c.type)].name : "card";
}

PlayerId Game::opponent(PlayerId p) const {
  const int32_t n = int32_t(s_.players.size());
  if (n < 2 || !valid_player(p)) return -1;
  return (p + 1) % n;
}

void Game::emit(int32_t kind, PlayerId player, CardId card, CardId other, int32_t what, int32_t amount,
                int32_t value, int32_t op) {
  cardrt_log_event e{};
  e.seq = uint32_t(log_.size() + 1);
  e.kind = kind;
  e.player = player;
  e.card = card;
  e.other = other;
  e.what = what;
  e.amount = amount;
  e.value = value;
  e.op = op;
  log_.push(e);
}

void Game::emit_modifier(int32_t kind, const Card& c, const StatModifier& m) {
  emit(kind, c.controller, c.id, m.source, m.stat, m.amount, stat_value(c, m.stat), m.op);
}

void Game::flush_events() {
  if (!host_.on_event) {
    delivered_ = log_.size();
    return;
  }
  while (delivered_ < log_.size()) {
    const cardrt_log_event e = log_.events()[delivered_++];
    host_.on_event(host_.user, &e);
  }
}

void Game::raise(const EventInfo& ev) {
  if (deferring_) {
    deferred_.push_back(ev);
    return;
  }
  dispatch(ev);
}

cardrt_effect_ctx Game::rule_ctx(PlayerId controller, CardId source) {
  cardrt_effect_ctx ctx;
  ctx.game = this;
  ctx.controller = controller;
  ctx.source = source;
  return ctx;
}

CardList Game::cards_in_play() const {
  CardList out;
  out.assign(s_.in_play.data(), s_.in_play.data() + s_.in_play.size());
  return out;
}

CardList Game::cards_with_continuous_traits() {
  CardList out;
  if (s_.ability_grants_in_play == 0) {
    out.assign(s_.in_play_continuous.data(), s_.in_play_continuous.data() + s_.in_play_continuous.size());
    return out;
  }
  int32_t grants = 0;
  for (CardId id : s_.in_play) {
    out.push_back(id);
    for (const Grant& g : card(id).grants) grants += g.kind == GrantKind::ability ? 1 : 0;
  }
  s_.ability_grants_in_play = grants;
  return out;
}

}  // namespace cardrt
