#pragma once
// Replays (replay.cpp; docs/runtime.md "Replays"): while an engine records a game (cardrt_game_record), every engine
// call that changes it, with its arguments and result, and every answer the host gave to a choice; from those and
// the game's start (its seed, or a saved game) cardrt_replay_play makes the same game again, event for event.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "cardrt/cardrt.h"

namespace cardrt {

class Game;

// The engine calls a replay holds, by number (the numbers are the format's: append only): the engine API's calls that
// change a game, then the card ABI functions an engine calls itself to play the game's rules (with no effect context,
// between calls: an attack, damage, a stat set by the rules). The arity is the number of int32 arguments after the
// game (and the context, NULL); -1: a list (cardrt_game_script_rolls' results).
#define CARDRT_REPLAY_CALLS(X)                                                                                         \
  X(set_default_chooser, cardrt_game_set_default_chooser, 3) /* kind, the seed's low and high 32 bits */               \
  X(add_card, cardrt_game_add_card, 3) X(put_into_play, cardrt_game_put_into_play, 2)                                 \
  X(begin_turn, cardrt_game_begin_turn, 1) X(end_turn, cardrt_game_end_turn, 0) X(signal, cardrt_game_signal, 1)      \
  X(set_phase, cardrt_game_set_phase, 1) X(set_battlefield, cardrt_game_set_battlefield, 1)                           \
  X(move_to_battlefield, cardrt_game_move_to_battlefield, 2) X(add_province, cardrt_game_add_province, 2)             \
  X(put_in_province, cardrt_game_put_in_province, 3) X(destroy_province, cardrt_game_destroy_province, 2)             \
  X(reveal_provinces, cardrt_game_reveal_provinces, 1) X(set_province_zones, cardrt_game_set_province_zones, 2)       \
  X(take_additional_action, cardrt_game_take_additional_action, 1)                                                     \
  X(take_additional_action_for, cardrt_game_take_additional_action_for, 5) X(emit, cardrt_game_emit, 4)              \
  X(emit_other, cardrt_game_emit_other, 5) X(forbidden, cardrt_game_forbidden, 3)                                     \
  X(accumulate, cardrt_game_accumulate, 2) X(draw, cardrt_game_draw, 2) X(concede, cardrt_game_concede, 1)            \
  X(use_ability, cardrt_game_use_ability, 3) X(play_free, cardrt_game_play_free, 3)                                   \
  X(tactical_battle, cardrt_game_tactical_battle, 1) X(play_terrain, cardrt_game_play_terrain, 3)                     \
  X(script_rolls, cardrt_game_script_rolls, -1) X(end_of_turn_resist, cardrt_game_end_of_turn_resist, 1)              \
  X(begin_payment, cardrt_game_begin_payment, 4) X(finish_payment, cardrt_game_finish_payment, 1)                     \
  X(attach, cardrt_attach, 2) X(transfer, cardrt_transfer, 2) X(attack, cardrt_attack, 2)                             \
  X(deal_damage, cardrt_deal_damage, 3) X(heal, cardrt_heal, 2) X(wound_player, cardrt_wound_player, 2)              \
  X(heal_player, cardrt_heal_player, 2) X(set_resource, cardrt_set_resource, 3)                                       \
  X(gain_resource, cardrt_gain_resource, 3) X(stat_modify, cardrt_stat_modify, 4)                                     \
  X(stat_modify_op, cardrt_stat_modify_op, 5) X(stat_set, cardrt_stat_set, 4)

enum class EngineCallKind : int32_t {
#define CARDRT_REPLAY_ENUM(name, function, arity) name,
  CARDRT_REPLAY_CALLS(CARDRT_REPLAY_ENUM)
#undef CARDRT_REPLAY_ENUM
      count
};

struct RecordedCall {
  int32_t call = 0;            // EngineCallKind
  std::vector<int32_t> args;
  int32_t result = 0;
  uint32_t answers_end = 0;    // the answers given up to the end of this call
  uint32_t events_end = 0;     // the events logged since the recording began, up to the end of this call
};

struct RecordedAnswer {
  int32_t kind = 0, purpose = 0, player = 0, option_count = 0;  // the choice, to see a replay depart from it
  int32_t count = 0;                                            // what the host's callback returned
  std::vector<int32_t> values;                                  // what it wrote (min(count, room) values)
};

struct Recording {
  bool from_seed = true;            // else from `start`, a saved game
  uint64_t seed = 0;
  int32_t chooser_kind = 0;
  uint64_t chooser_words[4] = {};   // the default chooser's generator when the recording began
  std::string start;                // the saved game the recording began from (from_seed false)
  bool host_chooses = false;        // the host answered choices (else the default chooser did)
  uint32_t events_begin = 0;        // the game's log size when the recording began
  std::vector<RecordedCall> calls;
  std::vector<RecordedAnswer> answers;
  std::string unreplayable;         // why the recording cannot be played back ("" when it can)
};

// Around an engine call (c_abi.cpp): recorded when the game records, and the game marked played.
class EngineCall {
 public:
  EngineCall(Game& g, EngineCallKind kind, std::initializer_list<int32_t> args) noexcept;
  EngineCall(Game& g, EngineCallKind kind, const int32_t* list, int32_t count) noexcept;  // script_rolls
  ~EngineCall();
  void finish(int32_t result) noexcept;

 private:
  Game& g_;
  bool top_ = false;       // a call of the engine's between operations (not from inside a callback)
  bool recorded_ = false;  // kept in the game's recording
};

// A change to the game outside any engine call (a card ABI function the engine called itself): a recording cannot
// hold it. Called at the top level of act() only.
void note_unrecorded_change(Game& g);

// An answer of the host's (chooser.cpp), while the game records.
void record_answer(Game& g, const cardrt_choice& c, int32_t count, const int32_t* values, int32_t room) noexcept;

}  // namespace cardrt
