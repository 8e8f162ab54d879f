// The game: state model (players, cards, zones, modifiers, grants, resources, delayed effects) and the
// operations the ABI exposes. One Game per match; no global state. State is a plain value so that a
// cost can be paid as a transaction (copied before, restored when it fails: 003 Traits, costs).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "card_def.hpp"
#include "cardrt/cardrt.h"
#include "event_log.hpp"
#include "inline_list.hpp"
#include "prng.hpp"
#include "profile.hpp"

namespace cardrt {

using CardId = int32_t;
using PlayerId = int32_t;

// A sorted list of card ids with `id` in it (`in`) or not: the lists the game keeps by id (the cards in play, those
// with triggers, those that may hold a grant). Adding an id already there changes nothing.
inline void keep_sorted(std::vector<CardId>& ids, CardId id, bool in) {
  const auto at = std::lower_bound(ids.begin(), ids.end(), id);
  const bool there = at != ids.end() && *at == id;
  if (in && !there) ids.insert(at, id);
  else if (!in && there) ids.erase(at);
}

struct Duration {
  int32_t kind = CARDRT_DUR_PERMANENT;
  PlayerId player = -1;  // whose turn ("your next turn")
  int32_t turn = 0;      // that player's turn number at which it ends (001 Turn: counts that player's turns)
};

// Modifier operations beyond the ones cardrt_modify takes: maximum and minimum bounds (003 step C), named so in the log.
enum : int32_t { kOpMin = CARDRT_OP_MINIMUM, kOpMax = CARDRT_OP_MAXIMUM };

struct StatModifier {
  int32_t id = 0;
  int32_t stat = 0;
  int32_t op = CARDRT_OP_ADD;
  int32_t amount = 0;     // the bonus/penalty actually applied (ADD), or the operand
  int32_t nominal = 0;    // before a restriction ("will not reduce Chi below 1")
  bool restricted = false;
  int32_t restrict_floor = 0;
  cardrt_amount_fn fluct = nullptr;  // fluctuating bonus/penalty (003)
  int32_t sign = 1;
  int32_t frozen = 0;     // bounds: the value when added (min above max leaves the value unchanged)
  CardId source = 0;
  PlayerId controller = -1;
  int32_t ability = -1;
  Duration dur;
  uint64_t seq = 0;
  bool from_token = false;
  bool from_continuous = false;
  uint32_t seen_epoch = 0;
};

enum class GrantKind : int32_t { keyword, keyword_removal, protection, ability, state, restriction, attack_strength, negation };

// Grant::ability of a restriction that forbids only the next such action ("Negate its next straightening").
inline constexpr int32_t kRestrictionNext = 1;

struct Grant {
  int32_t id = 0;
  GrantKind kind = GrantKind::keyword;
  int32_t what = 0;         // keyword, protection, state; for ability: def
  int32_t ability = -1;     // for ability grants: index within def; for restrictions: the resource or -1; for
                            // attack strength: the amount
  cardrt_filter_fn filter = nullptr;  // restrictions: which other cards it applies to (nullptr: any)
  PlayerId player = -1;               // restrictions on a player ("You may not gain Honor")
  CardId source = 0;
  int32_t source_ability = -1;
  Duration dur;
  uint64_t seq = 0;
  bool from_continuous = false;
  uint32_t seen_epoch = 0;
};

struct UseRecord {
  int32_t key = 0;
  int64_t turn = 0;          // the turn of the last use
  int32_t this_turn = 0;     // uses in that turn
  int32_t this_game = 0;     // uses in the game ("Once per game")
};

struct TempEntry {
  int32_t count = 0;
  Duration dur;
  CardId source = 0;
};

// exists, in_play, type, controller and the printed keywords are its cardrt_card_view (cardrt.h), which compiled
// card code reads without a call: in_play is kept with zone and exists by Game::set_zone and set_in_play;
// keywords_varied is set by whatever may make its keywords differ from the printed ones, and never cleared.
struct Card : cardrt_card_view {
  Card()
      : cardrt_card_view{
            .exists = 1, .in_play = 0, .type = 0, .controller = 0, .keywords_varied = 0, .printed_keywords = 0} {}
  CardId id = 0;
  int32_t def = -1;  // -1: created card
  bool created = false;
  bool no_side = false;  // 001 Terrain: in no side or army
  PlayerId owner = 0;
  PlayerId zone_player = 0;  // whose zone list holds the card
  int32_t zone = 0;
  int32_t battlefield = 0;
  uint32_t states = 0;
  uint32_t object = 0;  // changes when the card changes zones: a new object for targeting
  int32_t x_value = 0;  // 000 7.4d: all X on a card share one value
  bool zero_chi_logged = false;
  // Inside the card, not on the heap, for the usual number of stats and counters: a snapshot (snapshot.cpp) copies
  // every card of the game, decks included, and these are the two lists every card has.
  InlineList<BaseStat, 8> base;  // by stat id: printed (copied from def) or granted by the creating effect
  std::vector<int32_t> created_keywords;
  std::vector<StatModifier> mods;
  // Where Game::reassert looks first: the continuous modifier it last found here, and the one after it. Settling runs
  // the same traits in the same order, so each finds its modifier just after the one before, or (a card that one
  // trait covers) where it was. Only a hint: it is checked.
  uint32_t reassert_hint = 0;
  // Two continuous modifiers here share source, ability and stat: a match at the hint may then not be the first one,
  // so reassert scans. Set when such a modifier is made (Game::modify), cleared only with the modifiers.
  bool continuous_mods_shared = false;
  std::vector<Grant> grants;
  InlineList<int32_t, 8> counters;  // by counter id
  CardId attached_to = 0;
  std::vector<CardId> attachments;
  std::vector<UseRecord> uses;
  std::vector<TempEntry> shields;  // "prevent the next N damage": what is left of each, and until when
  int32_t province = 0;       // the province it is in (provinces.cpp); 0 once it changes zones
  int32_t left_province = 0;  // the province it left in its last change of zone, 0: none ("... from a Province")
  // What it did while in play (card_history.cpp): the State::turn_serial of the turn it last won a duel in, the
  // State::battle_serial of the battle it last moved in; 0: not since it entered play
  int64_t won_duel_turn = 0;
  int64_t moved_battle = 0;
  // the turn it entered play in, and the turn it last issued challenges in with the card types it challenged then
  // (a bit per type): "if another of your Dojos entered play this turn", "if Ibara has challenged a Personality"
  int64_t entered_turn = 0;
  int64_t challenged_turn = 0;
  uint32_t challenged_types = 0;
};

// Produced resource that pays only for some cards ("2 Gold that can only pay for a single Kharmic action").
struct Earmark {
  int32_t count = 0;
  cardrt_filter_fn filter = nullptr;  // the card paid for it accepts (nullptr: any)
  PlayerId player = -1;               // whose eyes the filter reads with (its producer's controller)
  CardId source = 0;
  int32_t source_ability = -1;
  bool single = false;   // pays for one card only
  int64_t payment = 0;   // only for that payment (its serial; 0: any)
};

// A payment the engine opened (Game::begin_payment): Reactions answer its CARDRT_EV_PAYING event.
struct Payment {
  bool open = false;
  int64_t serial = 0;
  PlayerId player = -1;
  CardId card = 0;         // the card paid for
  int32_t resource = -1;
  int32_t amount = 0;      // what is due before reductions
  int32_t reduction = 0;   // "it costs 3 less Gold" during the payment
};

struct ResourceState {
  int32_t amount = 0;   // in the play area (002 522.2)
  std::vector<Earmark> earmarked;     // produced for some cards only, not in `amount`
  int32_t supply = 0;   // coins model only
  std::vector<TempEntry> temporary;   // temporary gains still held (002 522.4)
  std::vector<TempEntry> lost_for;    // temporary losses to give back
};

// "Take an additional Battle action to play a Terrain", "..., which he must perform": an additional action granted and
// not yet taken, and which actions may be it.
struct AdditionalAction {
  int32_t designators = 0;  // CARDRT_DESIG_* (0: any action)
  int32_t how = CARDRT_ADDITIONAL_ANY;  // playing a card, using an ability, or either
  CardId performer = 0;     // the card that must perform it (0: any)
  CardId card = 0;          // the card played or whose ability is used (0: any)
  cardrt_filter_fn filter = nullptr;  // ... or a filter that card must pass ("one of his Weapons")
  std::shared_ptr<cardrt_effect_ctx> ctx;  // the granting effect's, kept: the filter reads its targets
  bool restricted() const { return how != CARDRT_ADDITIONAL_ANY || performer || card || filter; }
};

struct Player {
  std::vector<std::vector<CardId>> zones;  // by zone id; index 0 is the top of an ordered zone
  std::vector<ResourceState> resources;
  int32_t wounds = 0;
  int32_t failed_draws = 0;
  int32_t turns_started = 0;
  int64_t last_turn_serial = 0;  // State::turn_serial when his last turn began ("since your last turn began")
  int64_t prev_turn_serial = 0;  // ... and when the one before it began
  bool lost = false;
  std::vector<AdditionalAction> additional_actions;  // granted and not taken, oldest first
};

struct EventInfo {
  int32_t kind = CARDRT_EV_NONE;
  CardId card = 0;
  PlayerId player = -1;
  int32_t amount = 0;
  int32_t what = -1;
  int32_t other = 0;
};

// A "would ..." event open to replacement effects (002 rule 525).
struct Pending {
  EventInfo ev;
  bool cancelled = false;
  int32_t cause = 0;  // destruction cause (kCauseZeroChi ...)
};
enum : int32_t { kCauseEffect = 0, kCauseZeroChi = 1, kCauseLethal = 2 };

struct Slot {
  static constexpr int kCap = 8;
  int32_t count = 0;
  int32_t ids[kCap]{};
  uint32_t objects[kCap]{};
  bool used = false;
  bool targeted = false;
  bool players = false;
  cardrt_filter_fn filter = nullptr;
  uint32_t flags = 0;
  PlayerId chooser = -1;
  // As made (every write puts a whole new Slot and fills ids/objects below count only, so the arrays of a slot
  // whose other fields are the defaults are all zero: this is the same as comparing with Slot{}).
  bool pristine() const {
    return count == 0 && !used && !targeted && !players && !filter && flags == 0 && chooser == -1;
  }
};

struct DelayedEffect {
  int32_t id = 0;
  int32_t boundary = 0;
  PlayerId player = -1;  // -1: the next such boundary of any player
  int32_t turn = 0;
  cardrt_effect_fn fn = nullptr;
  CardId source = 0;
  std::shared_ptr<cardrt_effect_ctx> ctx;
};

// A delayed effect waiting for an event about a card (cardrt_delay_until_event, 002 rule 521)
struct DelayedOnEvent {
  int32_t id = 0;
  int32_t event = 0;
  CardId card = 0;  // 0: any
  cardrt_effect_fn filter = nullptr;
  cardrt_effect_fn fn = nullptr;
  uint32_t flags = 0;
  int32_t lapses = 0;  // the boundary at which it lapses, 0: never
  CardId source = 0;
  std::shared_ptr<cardrt_effect_ctx> ctx;
};

struct SuppressedGrant {  // 003 Traits: a negated continuous grant does not re-appear at once
  CardId source = 0;
  int32_t ability = -1;
  CardId target = 0;
  int32_t kind = 0;  // 0 modifier, 1 grant
  int32_t what = 0;
  uint32_t seen_epoch = 0;
};

// A player's province (provinces.cpp): a game entity that can be targeted (001 Target), with a strength (003 Stats:
// provinces have stats), at a battlefield (001 This: "This Province" in a battle is the province of the battlefield).
struct ProvinceBonus {
  int32_t id = 0;
  int32_t amount = 0;
  CardId source = 0;
  Duration dur;
};
struct Province {
  int32_t id = 0;  // index + 1
  PlayerId owner = 0;
  int32_t battlefield = 0;
  bool destroyed = false;
  PlayerId destroyed_by = -1;
  int64_t destroyed_serial = 0;  // State::turn_serial when it was destroyed
  std::vector<ProvinceBonus> bonuses;
};

struct State {
  std::vector<Province> provinces;  // province id = index + 1
  int32_t province_zone = -1;       // where the engine keeps the cards in provinces (cardrt_game_set_province_zones)
  int32_t refill_zone = -1;         // the ordered zone whose top card refills a province
  std::vector<Card> cards;  // card id = index + 1
  std::vector<Player> players;
  PlayerId active = 0;
  int64_t turn_serial = 0;
  int32_t battlefield = 0;
  int64_t battle_serial = 0;  // counts the battles begun: one begins when the engine names a battlefield (card_history.cpp)
  int32_t phase = CARDRT_PHASE_OTHER;
  std::vector<DelayedEffect> delayed;
  std::vector<DelayedOnEvent> delayed_on_event;
  std::vector<SuppressedGrant> suppressed;
  std::vector<CardId> in_play;  // the cards in play, by id (kept with Card::in_play by Game::set_in_play)
  std::vector<CardId> in_play_continuous;  // those whose definition has continuous traits (kept with in_play)
  // At least the number of ability grants the cards in play hold: counted when one is made or its card enters play,
  // recounted by the continuous pass that walks every card in play because it is not 0 (Game::continuous_pass)
  int32_t ability_grants_in_play = 0;
  // The cards whose definition has triggered traits or Reactions that can answer from where they are, by id: in
  // play, or anywhere when one of them works out of play (CardDef::triggers_out_of_play). A deck of such cards is
  // not asked about every event.
  std::vector<CardId> with_triggers;
  int32_t ability_grants = 0;         // at least the ability grants any card holds (counted when made, recounted by
                                      // Game::dispatch's walk of grant_holders, which it makes while this is not 0)
  // The cards that may hold an ability grant, by id: a card is added when one is made (Game::grant), and
  // Game::dispatch drops those that hold none. Events ask these and with_triggers, not every card of the game (the
  // decks too), while a grant exists.
  std::vector<CardId> grant_holders;
  // At least the restrictions on players ("You may not gain Honor") the cards hold: counted when one is made,
  // recounted by Game::player_forbidden, which walks every card only while this is not 0.
  int32_t player_restrictions = 0;
  bool fluctuating = false;     // some modifier may have a fluctuating size (set when one is made; settling clears it)
  // At least the number of modifiers and grants continuous traits made that still exist: counted when one is made,
  // recounted when a pass ends unasserted ones (entries removed otherwise leave it above the real number)
  int32_t continuous_entries = 0;
  Prng rng;
  // Die results the engine scripted (cardrt_game_script_rolls), used before the generator, oldest first
  std::vector<int32_t> scripted_rolls;
  int32_t next_id = 16;  // ids of modifiers, grants and delayed effects: never equal to CARDRT_FAILED
  uint64_t seq = 0;
  PlayerId winner = -1;
  bool over = false;
  Payment payment;
  int64_t payment_serial = 0;
  struct Duel {
    CardId duelists[2] = {0, 0};
    CardId winner = 0;  // 0: undecided, or a tie
  } duel;               // the duel under way, or else the last one
};

class Game;
struct Recording;  // replay.hpp

}  // namespace cardrt

// The context a card function runs in: its source, controller, targets and the triggering event.
// Its first fields are a cardrt_ctx_view (cardrt.h: compiled card code reads them without a call).
struct cardrt_effect_ctx {
  cardrt::Game* game = nullptr;
  cardrt::CardId source = 0;
  cardrt::PlayerId controller = -1;
  int32_t def = -1;
  int32_t ability = -1;  // ability key on the source card (printed index, or 1000 + grant id)
  const cardrt::AbilityDef* ab = nullptr;
  int32_t x = 0;
  bool x_set = false;
  bool free_play = false;
  bool probe = false;       // checking legality only (002 rule 524 legal chains)
  bool continuous = false;  // asserting a continuous trait (003 Traits)
  bool targeting = false;   // in the ability's targeting step: its targeted events are raised after the step
  // 002 rule 524: a constructor's option whose targets its effect chooses. `probe_target_failed`: a targeting of the
  // probed effect found too few legal targets; `choosing_targets`: the effect runs (probing) only to choose its
  // targets as the chain is built; `chosen_slots`: the slots so chosen, which its targeting then keeps (a bit each)
  bool probe_target_failed = false;
  bool choosing_targets = false;
  uint8_t chosen_slots = 0;
  uint32_t epoch = 0;
  cardrt::EventInfo event;
  cardrt::Pending* pending = nullptr;
  uint8_t filled_slots = 0;  // a bit per slot written since the context was fresh: what Game::EffectRun resets
  cardrt::Slot slots[8];     // last: Game::EffectRun resets what comes before them in one copy
};
static_assert(offsetof(cardrt_effect_ctx, game) == offsetof(cardrt_ctx_view, game) &&
              offsetof(cardrt_effect_ctx, source) == offsetof(cardrt_ctx_view, source) &&
              offsetof(cardrt_effect_ctx, controller) == offsetof(cardrt_ctx_view, controller) &&
              sizeof(cardrt::Game*) == sizeof(const void*));

namespace cardrt {

struct AbilityRef {
  int32_t def = -1;
  int32_t index = -1;
  int32_t key = -1;
  const AbilityDef* ab = nullptr;
};

// A card's abilities, or the cards in play, fixed before card code runs (card code may grant abilities or move
// cards while they are being visited); room for the usual counts inside, so building one allocates nothing.
using AbilityList = InlineList<AbilityRef, 8>;
using CardList = InlineList<CardId, 64>;

class Game {
 public:
  Game(std::shared_ptr<const Profile> profile, std::shared_ptr<const CardPool> pool, uint64_t seed,
       const cardrt_host* host);
  // A snapshot (snapshot.cpp, cardrt_game_clone): the same state as `from`, which must be between operations, sharing
  // its frozen profile and pool, with `host` its own. Every member below is either copied there or is scratch that is
  // empty between operations: a member added to Game or State must be seen to there.
  Game(const Game& from, const cardrt_host* host);
  Game(const Game&) = delete;
  friend struct SavedGame;  // saved_game.cpp: reads and writes every member a snapshot copies
  friend struct Replay;     // replay.cpp: records engine calls and plays them back
  Game& operator=(const Game&) = delete;
  // Between operations: no call of the engine's under way (a clone or a save is taken only then).
  bool idle() const { return depth_ == 0 && each_depth_ == 0 && run_depth_ == 0; }

  const Profile& profile() const { return *profile_; }
  const CardPool& pool() const { return *pool_; }
  State& state() { return s_; }
  const State& state() const { return s_; }
  EventLog& log() { return log_; }
  const EventLog& log() const { return log_; }
  int32_t last_error = CARDRT_OK;
  cardrt_game* handle = nullptr;  // passed to card code

  // --- lookup ---
  bool valid_card(CardId id) const { return id > 0 && id <= int32_t(s_.cards.size()) && s_.cards[size_t(id - 1)].exists; }
  bool valid_player(PlayerId p) const { return p >= 0 && p < int32_t(s_.players.size()); }
  Card& card(CardId id) { return s_.cards[size_t(id - 1)]; }
  const Card& card(CardId id) const { return s_.cards[size_t(id - 1)]; }
  // The discard pile the card goes to when destroyed or discarded: its card type's (the profile declares it), else
  // the game's discard pile; -1 when the game has none.
  int32_t discard_pile(CardId id) const { return profile_->discard_pile_of(card(id).type); }
  bool in_play(CardId id) const { return id > 0 && id <= int32_t(s_.cards.size()) && card(id).in_play; }
  // Tells the handle's cardrt_game_view where the cards are: after any change that may move State::cards.
  void publish_cards();
  void set_zone(Card& c, int32_t zone);
  void set_in_play(Card& c, bool in_play);
  const CardDef* def_of(const Card& c) const { return c.def >= 0 ? &pool_->defs[size_t(c.def)] : nullptr; }
  std::string card_title(CardId id) const;
  PlayerId opponent(PlayerId p) const;

  // --- stats (stat_value.cpp, stats.cpp) ---
  bool stat_present(const Card& c, int32_t stat) const {
    return stat >= 0 && stat < int32_t(c.base.size()) && c.base[size_t(stat)].kind != CARDRT_BASE_ABSENT;
  }
  int32_t stat_base(const Card& c, int32_t stat) const;
  int32_t stat_value(const Card& c, int32_t stat, const StatModifier* exclude = nullptr) const;
  int32_t modify(cardrt_effect_ctx* ctx, CardId target, int32_t stat, int32_t op, int32_t amount, int32_t dur,
                 cardrt_amount_fn fluct = nullptr, int32_t sign = 1, bool grants_stat = false, bool token = false,
                 bool restricted = false, int32_t restrict_floor = 0);
  // A continuous trait asserting again the bonus it keeps (no fluctuating size, no restriction): that modifier's id
  // when Game::modify would answer only that, else 0 (then ask modify). The common case of every settle, kept small.
  int32_t reassert(const cardrt_effect_ctx* ctx, CardId target, int32_t stat, int32_t amount, int32_t dur) {
    if (!ctx || !ctx->continuous || ctx->probe || !valid_card(target) || dur < 0 || dur >= CARDRT_DUR_COUNT) return 0;
    Card& c = card(target);
    // modify's checks in its order (an absent or "-" stat fails there; a stat id out of range is not present)
    if (!stat_present(c, stat) || c.base[size_t(stat)].kind == CARDRT_BASE_DASH) return 0;
    auto keeps = [&](const StatModifier& m) {
      return m.from_continuous && m.source == ctx->source && m.ability == ctx->ability && m.stat == stat &&
             m.op == CARDRT_OP_ADD;
    };
    StatModifier* found = nullptr;
    const size_t n = c.mods.size();
    if (n > 4 && !c.continuous_mods_shared) {  // a few modifiers are scanned sooner than the hint is checked
      // the next trait's modifier follows the last one found; a card one trait covers has it where it was
      const size_t h = c.reassert_hint;
      if (h + 1 < n && keeps(c.mods[h + 1])) found = &c.mods[h + 1];
      else if (h < n && keeps(c.mods[h])) found = &c.mods[h];
      // the only modifier with this key: the scan below would find it, or nothing if it is already asserted
      if (found && found->seen_epoch == ctx->epoch) return 0;
    }
    if (!found) {
      for (StatModifier& m : c.mods)
        if (keeps(m) && m.seen_epoch != ctx->epoch) {
          found = &m;
          break;
        }
      if (!found) return 0;
    }
    if (found->fluct || found->nominal != amount) return 0;  // modify sees to a changed size or fluctuation
    mark_asserted(found->seen_epoch, ctx->epoch);
    found->sign = 1;
    c.reassert_hint = uint32_t(found - c.mods.data());
    return found->id;
  }
  int32_t set_stat(cardrt_effect_ctx* ctx, CardId target, int32_t stat, int32_t value, int32_t dur);
  int32_t bound(cardrt_effect_ctx* ctx, CardId target, int32_t stat, int32_t which, int32_t value, int32_t dur);
  int32_t restrict_floor(int32_t modifier, int32_t floor);
  int32_t end_modifier(cardrt_effect_ctx* ctx, int32_t modifier);
  int32_t switch_stats(cardrt_effect_ctx* ctx, CardId a, int32_t sa, CardId b, int32_t sb);
  StatModifier* find_modifier(int32_t id, Card** owner = nullptr);
  void apply_restriction(Card& c, StatModifier& m);
  bool refresh_fluctuating();

  // --- keywords, states, grants (grants.cpp) ---
  bool has_keyword(const Card& c, int32_t kw) const;
  bool has_protection(const Card& c, int32_t prot, bool continuous_only = false) const;
  bool has_state(const Card& c, int32_t st) const { return (c.states >> st) & 1u; }
  int32_t set_state(cardrt_effect_ctx* ctx, CardId id, int32_t st, bool on);
  int32_t grant(cardrt_effect_ctx* ctx, CardId id, GrantKind kind, int32_t what, int32_t ability, int32_t dur,
                cardrt_filter_fn filter = nullptr, PlayerId player = -1);
  // --- restrictions (restrictions.cpp) ---
  bool forbidden(CardId actor, int32_t action, CardId other);
  // negations.cpp: negated bonuses and penalties
  bool has_negation(const Card& c, int32_t stat) const;
  bool from_action(const StatModifier& m) const;
  bool negated(const Card& c, const StatModifier& m) const;
  // additional_actions.cpp
  struct Taking {  // an action the engine is about to give a player (cardrt_game_take_additional_action_for)
    int32_t designators, how;
    CardId card, performer;
  };
  int32_t grant_additional_action(cardrt_effect_ctx* ctx, PlayerId p, AdditionalAction a);
  bool additional_action_fits(const AdditionalAction& a, int32_t designators, int32_t how, CardId card, CardId performer);
  int32_t take_additional_action(PlayerId p, const Taking* action);  // nullptr: an action of no description
  // payments.cpp
  int32_t begin_payment(PlayerId p, CardId for_card, int32_t resource, int32_t amount);
  int32_t finish_payment(PlayerId p);
  int32_t gain_earmarked(cardrt_effect_ctx* ctx, PlayerId p, int32_t r, int32_t n, cardrt_filter_fn filter, uint32_t flags);
  int32_t reduce_payment(cardrt_effect_ctx* ctx, int32_t n);
  int32_t earmarked(PlayerId p, int32_t r) const;
  CardId payment_card() const { return s_.payment.open ? s_.payment.card : 0; }
  bool earmark_accepts(const Earmark& e, CardId for_card);
  // A restriction stops the action now: logged, and a "next ..." restriction ends (it negated its one action).
  bool forbid_now(cardrt_effect_ctx* ctx, CardId actor, int32_t action);
  bool player_forbidden(PlayerId p, int32_t action, int32_t what);
  int32_t remove_keyword(cardrt_effect_ctx* ctx, CardId id, int32_t kw, int32_t dur);
  AbilityList abilities_of(const Card& c) const;
  // Visits the card's abilities where they are: printed ones in order, then granted ones in grant order. The visit
  // must not run card code (it may grant the card abilities while its grants are walked): use abilities_of then.
  template <class F>
  void for_each_ability(const Card& c, F&& visit) const {
    if (const CardDef* d = def_of(c))
      for (size_t i = 0; i < d->abilities.size(); ++i)
        if (!(d->abilities[i].flags & CARDRT_ABF_GRANTED))  // 003 Embedded text: not a feature of the card itself
          visit(AbilityRef{c.def, int32_t(i), int32_t(i), &d->abilities[i]});
    for (const Grant& g : c.grants)
      if (g.kind == GrantKind::ability)
        visit(AbilityRef{g.what, g.ability, 1000 + g.id, &pool_->defs[size_t(g.what)].abilities[size_t(g.ability)]});
  }
  // The same for the card's continuous traits only, through its definition's index of them.
  template <class F>
  void for_each_continuous_trait(const Card& c, F&& visit) const {
    if (const CardDef* d = def_of(c))
      for (int32_t i : d->continuous) visit(AbilityRef{c.def, i, i, &d->abilities[size_t(i)]});
    for (const Grant& g : c.grants)
      if (g.kind == GrantKind::ability) {
        const AbilityDef& ab = pool_->defs[size_t(g.what)].abilities[size_t(g.ability)];
        if (ab.kind == CARDRT_AB_CONTINUOUS) visit(AbilityRef{g.what, g.ability, 1000 + g.id, &ab});
      }
  }

  // --- zones and cards (zones.cpp) ---
  CardId add_card(int32_t def, PlayerId owner, int32_t zone);
  int32_t move_card(cardrt_effect_ctx* ctx, CardId id, int32_t zone, bool to_bottom = false);
  int32_t put_into_play(CardId id, PlayerId controller, int32_t battlefield = -1);
  int32_t destroy(cardrt_effect_ctx* ctx, CardId id, int32_t cause);
  int32_t discard_card(cardrt_effect_ctx* ctx, CardId id);
  int32_t draw(cardrt_effect_ctx* ctx, PlayerId p, int32_t n);
  int32_t discard_from_hand(cardrt_effect_ctx* ctx, PlayerId p, int32_t n);
  int32_t discard_random(cardrt_effect_ctx* ctx, PlayerId p, int32_t n);
  // A player's hand as an effect sees it: an Action card being played is not one of its cards.
  std::vector<CardId> hand_for(const cardrt_effect_ctx* ctx, PlayerId p) const;
  // The cards of `ids` the filter accepts (all without one), read in the effect's context.
  std::vector<CardId> accepted(cardrt_effect_ctx* ctx, const std::vector<CardId>& ids, cardrt_filter_fn filter);
  int32_t mill(cardrt_effect_ctx* ctx, PlayerId p, int32_t n);
  int32_t attach(cardrt_effect_ctx* ctx, CardId att, CardId host, bool transfer);
  CardId create_card(cardrt_effect_ctx* ctx, int32_t type, PlayerId controller, int32_t zone);
  int32_t add_counters(cardrt_effect_ctx* ctx, CardId id, int32_t counter, int32_t n);
  int32_t remove_counters(cardrt_effect_ctx* ctx, CardId id, int32_t counter, int32_t n);
  int32_t damage_counter() const;
  CardList cards_in_play() const;
  // The cards in play whose continuous traits settling runs: those of in_play_continuous while no card in play may
  // hold a granted ability, else every card in play (recounting the grants)
  CardList cards_with_continuous_traits();

  // --- resources (resources.cpp) ---
  int32_t gain_resource(cardrt_effect_ctx* ctx, PlayerId p, int32_t r, int32_t n, int32_t dur = -1);
  int32_t lose_resource(cardrt_effect_ctx* ctx, PlayerId p, int32_t r, int32_t n, int32_t dur = -1, bool pay = false);
  int32_t set_resource(cardrt_effect_ctx* ctx, PlayerId p, int32_t r, int32_t v, bool doubling);
  int32_t accumulate(PlayerId p, int32_t r);

  // --- damage, dice, victory (damage.cpp) ---
  int32_t roll_d6(cardrt_effect_ctx* ctx, CardId who, int32_t what);
  int32_t script_rolls(const int32_t* results, int32_t count);
  int32_t random_below(cardrt_effect_ctx* ctx, int32_t bound);
  int32_t deal_damage(cardrt_effect_ctx* ctx, CardId target, int32_t amount, uint32_t flags, CardId from);
  int32_t attack(cardrt_effect_ctx* ctx, CardId attacker, CardId defender);
  int32_t heal(cardrt_effect_ctx* ctx, CardId id, int32_t n);
  int32_t wound_player(cardrt_effect_ctx* ctx, PlayerId p, int32_t n);
  int32_t heal_player(cardrt_effect_ctx* ctx, PlayerId p, int32_t n);
  int32_t inflict_status(cardrt_effect_ctx* ctx, CardId id, int32_t counter, int32_t n, uint32_t flags);
  int32_t end_of_turn_resist(PlayerId p);
  std::vector<int32_t> statuses_on(const Card& c) const;  // Status counter kinds on the card (004)
  int32_t choose_status(PlayerId chooser, CardId id, CardId source);
  int32_t deal_damage_divided(cardrt_effect_ctx* ctx, int32_t slot, int32_t amount, uint32_t flags);
  int32_t prevent_damage(cardrt_effect_ctx* ctx, CardId id, int32_t amount, int32_t dur);
  int32_t absorb_damage(Card& c, int32_t amount);

  // --- looking, searching, playing from hand (card_search.cpp) ---
  void fill_slot(cardrt_effect_ctx* ctx, int32_t slot, const std::vector<CardId>& ids);
  std::vector<CardId> slot_cards(cardrt_effect_ctx* ctx, int32_t slot);
  int32_t look_at_top(cardrt_effect_ctx* ctx, int32_t slot, PlayerId p, int32_t zone, int32_t count);
  int32_t reorder_top(cardrt_effect_ctx* ctx, int32_t slot);
  int32_t choose_from_slot(cardrt_effect_ctx* ctx, int32_t from, int32_t to, int32_t min, int32_t max);
  int32_t slot_except(cardrt_effect_ctx* ctx, int32_t from, uint32_t except, int32_t to);
  int32_t put_slot(cardrt_effect_ctx* ctx, int32_t slot, PlayerId p, int32_t zone, uint32_t flags);
  int32_t choose_zone(cardrt_effect_ctx* ctx, uint32_t zones);
  int32_t search_zone(cardrt_effect_ctx* ctx, int32_t slot, PlayerId p, int32_t zone, cardrt_filter_fn filter,
                      int32_t min, int32_t max);
  void shuffle_zone(PlayerId p, int32_t zone);
  int32_t reveal(cardrt_effect_ctx* ctx, CardId id);
  CardId play_from_hand(cardrt_effect_ctx* ctx, PlayerId p, cardrt_filter_fn filter);

  // --- duels and battlefields (duels.cpp) ---
  CardId duel(cardrt_effect_ctx* ctx, CardId challenger, CardId challenged, uint32_t flags);
  CardId choose_focus(cardrt_effect_ctx* ctx, CardId duelist);
  int32_t duel_total(CardId duelist, CardId focused);
  CardId duel_card(PlayerId you, int32_t which) const;
  int32_t send_home(cardrt_effect_ctx* ctx, CardId id);

  // --- what cards did this turn or battle, and units (card_history.cpp, unit_force.cpp) ---
  void set_battlefield(int32_t battlefield);
  void move_unit(CardId head, int32_t battlefield);
  int32_t card_history(CardId id, int32_t which) const;
  void record_challenge(CardId challenger, CardId challenged);
  int32_t challenged_this_turn(CardId id, int32_t type) const;
  int32_t unit_force(CardId id) const;

  // --- provinces (provinces.cpp) ---
  bool valid_province(int32_t id) const { return id > 0 && id <= int32_t(s_.provinces.size()); }
  Province& province(int32_t id) { return s_.provinces[size_t(id - 1)]; }
  int32_t add_province(PlayerId owner, int32_t battlefield);
  int32_t put_in_province(CardId card, int32_t province, bool face_up);
  int32_t province_strength(int32_t id);
  int32_t modify_province(cardrt_effect_ctx* ctx, int32_t id, int32_t amount, int32_t dur);
  int32_t destroy_province(cardrt_effect_ctx* ctx, int32_t id, PlayerId by);
  int32_t battlefield_province(int32_t battlefield) const;
  int32_t card_province(CardId card) const;
  int32_t count_provinces(PlayerId p, int32_t which) const;
  int32_t choose_province(cardrt_effect_ctx* ctx, PlayerId whose);
  int32_t reveal_provinces(PlayerId p);
  int32_t refill_province(cardrt_effect_ctx* ctx, int32_t id, CardId with, bool face_up);
  void expire_province_bonuses(int32_t boundary, PlayerId p);

  // --- each player in turn (each_player.cpp) ---
  int32_t for_each_player(cardrt_effect_ctx* ctx, cardrt_filter_fn filter, cardrt_effect_fn fn);

  // --- attacks with a strength (attack_strength.cpp) ---
  bool attack_reaches(cardrt_effect_ctx* ctx, CardId target, int32_t kind, int32_t strength);
  int32_t player_loses(PlayerId p);
  int32_t player_wins(PlayerId p);

  // --- abilities, triggers, replacement, constructor (abilities.cpp, triggers.cpp, constructor.cpp) ---
  // One run of an ability and its effect context. Contexts are kept one per resolution depth (a run started
  // while another runs is one deeper) and reused: a run starts from a fresh context without allocating one.
  // Card code sees the context only while its run lasts (a delayed effect keeps a copy).
  class EffectRun {
   public:
    EffectRun(Game& g, CardId source, const AbilityRef& ref, PlayerId controller);
    ~EffectRun() { --g_.run_depth_; }
    EffectRun(const EffectRun&) = delete;
    EffectRun& operator=(const EffectRun&) = delete;
    cardrt_effect_ctx& ctx() { return *ctx_; }

   private:
    Game& g_;
    cardrt_effect_ctx* ctx_;
  };
  int32_t use_ability(PlayerId p, CardId id, int32_t ability_key, bool free_play, bool terrain_play = false);
  int32_t resolve(cardrt_effect_ctx& ctx, bool voluntary, bool tactical, PlayerId player, bool terrain_play = false);
  bool cancelled_by_response(const cardrt_effect_ctx& ctx, PlayerId player);
  void dispatch(const EventInfo& ev);
  bool replace(Pending& p);
  int32_t construct(cardrt_effect_ctx* ctx, int32_t kind, int32_t count);
  int32_t once_per_turn(cardrt_effect_ctx* ctx, int32_t key);
  bool used_this_turn(const Card& c, int32_t key) const;
  bool use_limit_reached(const Card& c, int32_t key, uint32_t flags) const;
  void mark_used(Card& c, int32_t key);

  // --- targeting and choices (targeting.cpp, chooser.cpp) ---
  int32_t target(cardrt_effect_ctx* ctx, int32_t slot, cardrt_filter_fn filter, int32_t min, int32_t max,
                 uint32_t flags, bool targeted, bool players);
  int32_t slot_get(cardrt_effect_ctx* ctx, int32_t slot, int32_t index);
  bool candidate_legal(cardrt_effect_ctx* ctx, const Slot& s, int32_t id);
  // The answer: positions in `options` (a number or yes/no for those choices); room for 8 inside.
  using Answer = InlineList<int32_t, 8>;
  Answer ask(cardrt_choice c, std::span<const int32_t> options);
  size_t ask_one(cardrt_choice c, std::span<const int32_t> options);  // exactly one option: its position
  int32_t choose_number(cardrt_effect_ctx* ctx, PlayerId p, int32_t min, int32_t max, int32_t purpose);
  bool choose_yes_no(cardrt_effect_ctx* ctx, PlayerId p, int32_t purpose, CardId source);
  void set_default_chooser(int32_t kind, uint64_t seed) {
    chooser_kind_ = kind;
    chooser_rng_.reseed(seed);
  }

  // --- timing (durations.cpp) ---
  Duration make_duration(int32_t kind, PlayerId controller) const;
  bool duration_ends(const Duration& d, int32_t boundary, PlayerId p) const;
  int32_t begin_turn(PlayerId p);
  int32_t end_turn();
  int32_t signal(int32_t boundary);
  static std::shared_ptr<cardrt_effect_ctx> kept_ctx(const cardrt_effect_ctx& ctx);
  int32_t delay(cardrt_effect_ctx* ctx, int32_t boundary, PlayerId player, int32_t turns, cardrt_effect_fn fn);
  int32_t delay_until_event(cardrt_effect_ctx* ctx, int32_t event, CardId card, cardrt_effect_fn filter, uint32_t flags,
                            int32_t lapses, cardrt_effect_fn fn);
  enum EndMode { kEndWhileInPlay, kEndBattleBound, kEndAll };
  void end_effects_from(CardId source, EndMode mode);

  // --- continuous traits and rule checks (settle.cpp) ---
  void settle();
  bool continuous_pass();
  // Marks a modifier or grant of a continuous trait as asserted in the pass of `epoch`, keeping count of the
  // entries marked in the current pass: when they are as many as State::continuous_entries, none is left to end.
  void mark_asserted(uint32_t& seen_epoch, uint32_t epoch) {
    if (seen_epoch == epoch_) --continuous_seen_;
    seen_epoch = epoch;
    if (seen_epoch == epoch_) ++continuous_seen_;
  }
  void count_made_continuous(uint32_t epoch) {
    ++s_.continuous_entries;
    if (epoch == epoch_) ++continuous_seen_;
  }

  // what a player pays to bring a card into play: its cost stat less the reductions (zones.cpp)
  int32_t play_cost(PlayerId p, CardId id, int32_t stat, CardId host = 0);

  // --- keyword rule modules (keyword_rules.cpp) ---
  int32_t tactical_battle(PlayerId p);
  int32_t play_terrain(PlayerId p, CardId id, int32_t ability);
  void discard_terrains();
  bool is_tactician(const Card& c) const;

  // --- bookkeeping ---
  void emit(int32_t kind, PlayerId player, CardId card, CardId other, int32_t what, int32_t amount, int32_t value,
            int32_t op = -1);
  // a stat modifier's record (modifier_added, _changed, _ended, bound_added): its operation and operand, the value now
  void emit_modifier(int32_t kind, const Card& c, const StatModifier& m);
  void flush_events();
  uint64_t next_seq() { return ++s_.seq; }
  int32_t next_id() { return s_.next_id++; }
  PlayerId ctx_controller(const cardrt_effect_ctx* ctx) const { return ctx ? ctx->controller : s_.active; }
  CardId ctx_source(const cardrt_effect_ctx* ctx) const { return ctx ? ctx->source : 0; }

  // Top-level operations run inside a Scope: at depth 0 the game settles and delivers events to the host.
  struct Scope {
    Game& g;
    explicit Scope(Game& game) : g(game) { ++g.depth_; }
    ~Scope();
  };
  void leave_scope();  // what ~Scope does: at depth 0 settle and deliver the events
  // cardrt_each_card_begin / _end: a loop of compiled code over the cards in play, in one operation (a Scope
  // from begin to end). Begin copies the cards in play into the loop's own list, which the handle's view shows
  // (each_ids) and which stays where it is until the loop ends, whatever deeper loops do; returns their number.
  int32_t each_card_begin();
  bool each_card_end();  // false: no loop under way
  std::vector<std::vector<CardId>> each_snapshots_;  // one list per loop depth, reused
  size_t each_depth_ = 0;
  int depth_ = 0;
  int trigger_depth_ = 0;
  uint32_t epoch_ = 0;
  int32_t continuous_seen_ = 0;  // entries marked asserted in the current continuous pass (mark_asserted)
  mutable int eval_depth_ = 0;  // guards asterisk and fluctuating amounts that read themselves
  bool deferring_ = false;      // events raised while asserting continuous traits wait for the pass to end
  bool continuous_changed_ = false;
  std::vector<EventInfo> deferred_;
  void raise(const EventInfo& ev);
  void expire(int32_t boundary, PlayerId p);
  void fire_delayed(int32_t boundary, PlayerId p);
  void fire_delayed_on_event(const EventInfo& ev);
  void leave_play(Card& c);
  void remove_from_zone(Card& c);
  void insert_into_zone(Card& c, PlayerId p, int32_t zone, bool bottom);
  bool is_terrain(const Card& c) const;
  SuppressedGrant* find_suppressed(CardId source, int32_t ability, CardId target, int32_t kind, int32_t what);
  bool constructor_legal(cardrt_effect_ctx* ctx);
  bool option_legal(cardrt_effect_ctx* ctx, const ModeDef& mode);
  // --- replays (replay.cpp, replay.hpp) ---
  std::shared_ptr<Recording> recording_;  // while the engine records the game (cardrt_game_record); not cloned
  bool played_ = false;          // something changed the game since it was made from its seed
  bool in_engine_call_ = false;  // an engine call (recorded when recording) is under way
  int probing_ = 0;  // > 0 while an option is probed: its questions go to no one (the default answer, unlogged)
  cardrt_effect_ctx rule_ctx(PlayerId controller, CardId source = 0);

 private:
  std::shared_ptr<const Profile> profile_;
  std::shared_ptr<const CardPool> pool_;
  uint64_t seed_ = 0;  // what the game was made with (a replay of a fresh game starts from it)
  cardrt_host host_{};
  State s_;
  EventLog log_;
  size_t delivered_ = 0;
  int32_t chooser_kind_ = CARDRT_CHOOSER_FIRST;
  Prng chooser_rng_;
  std::vector<std::pair<CardId, int32_t>> resolving_;  // (card, ability key) chains for 002 525.1
  std::vector<std::unique_ptr<cardrt_effect_ctx>> runs_;  // EffectRun's contexts by depth
  size_t run_depth_ = 0;
  friend class EventLog;
};

}  // namespace cardrt
