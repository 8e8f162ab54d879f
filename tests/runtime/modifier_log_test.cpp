// A stat modifier's log record names its operation (cardrt_log_event::op, ABI 17), so a reader can tell "set to 4"
// from "+4", a doubling from "+2" and the end of a maximum from the end of a bonus (002 rule 523's five operations;
// 003 step C's bounds, which are no bonus or penalty). Values worked out from the rules by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

using namespace rt;

namespace {

std::vector<cardrt_log_event> records(cardrt_game* g, int32_t kind) {
  std::vector<cardrt_log_event> out;
  for (int32_t i = 0; i < cardrt_log_count(g); ++i) {
    cardrt_log_event e{};
    EXPECT_EQ(cardrt_log_get(g, i, &e), CARDRT_OK);
    if (e.kind == kind) out.push_back(e);
  }
  return out;
}

}  // namespace

// 002 523.1: additions, multiplications, subtractions, divisions, then sets; each record says which one it was given.
TEST(ModifierLog, EachOperationOf523IsNamed) {
  TestGame t(make_heroes());
  const int32_t d = t.def("Stone Ox", "Creature", {{"Power", 5}, {"Health", 3}});
  t.start();
  const int32_t ox = t.play(d, 0);
  // (5 + 2) = 7; * 2 = 14; - 1 = 13; / 2 = 6 (rounded down); then set to 4 = 4
  ASSERT_GT(cardrt_stat_modify_op(t, nullptr, ox, heroes::Power, CARDRT_OP_ADD, 2, CARDRT_DUR_PERMANENT), 0);
  ASSERT_GT(cardrt_stat_modify_op(t, nullptr, ox, heroes::Power, CARDRT_OP_MUL, 2, CARDRT_DUR_PERMANENT), 0);
  ASSERT_GT(cardrt_stat_modify_op(t, nullptr, ox, heroes::Power, CARDRT_OP_SUB, 1, CARDRT_DUR_PERMANENT), 0);
  ASSERT_GT(cardrt_stat_modify_op(t, nullptr, ox, heroes::Power, CARDRT_OP_DIV, 2, CARDRT_DUR_PERMANENT), 0);
  const int32_t set = cardrt_stat_modify_op(t, nullptr, ox, heroes::Power, CARDRT_OP_SET, 4, CARDRT_DUR_PERMANENT);
  ASSERT_GT(set, 0);
  const auto added = records(t, CARDRT_LOG_MODIFIER_ADDED);
  ASSERT_EQ(added.size(), 5u);
  const int32_t ops[] = {CARDRT_OP_ADD, CARDRT_OP_MUL, CARDRT_OP_SUB, CARDRT_OP_DIV, CARDRT_OP_SET};
  const int32_t operands[] = {2, 2, 1, 2, 4};
  const int32_t values[] = {7, 14, 13, 6, 4};
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(added[i].op, ops[i]) << i;
    EXPECT_EQ(added[i].amount, operands[i]) << i;
    EXPECT_EQ(added[i].value, values[i]) << i;
  }
  // the set ends: the value is the other four's again, and the record says a set ended, not a bonus of 4
  ASSERT_EQ(cardrt_modifier_end(t, nullptr, set), CARDRT_OK);
  const auto ended = records(t, CARDRT_LOG_MODIFIER_ENDED);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(ended[0].op, CARDRT_OP_SET);
  EXPECT_EQ(ended[0].amount, 4);
  EXPECT_EQ(ended[0].value, 6);
  // the text and JSON renderings name the operation
  const std::string text = t.text_log(), json = t.json_log();
  EXPECT_NE(text.find("modifier_added player=0 card=1[Stone Ox] what=Power op=multiply amount=2 value=14"),
            std::string::npos) << text;
  EXPECT_NE(text.find("modifier_ended player=0 card=1[Stone Ox] what=Power op=set amount=4 value=6"),
            std::string::npos) << text;
  EXPECT_NE(json.find("\"amount\":1,\"value\":13,\"op\":2,\"op_name\":\"subtract\""), std::string::npos) << json;
  // a record of another kind has no operation
  const auto bonuses = records(t, CARDRT_LOG_BONUS);
  ASSERT_FALSE(bonuses.empty());
  EXPECT_EQ(bonuses[0].op, -1);
  EXPECT_NE(json.find("\"kind\":\"bonus\""), std::string::npos);
  EXPECT_NE(json.find("\"op\":-1,\"op_name\":\"\""), std::string::npos) << json;
}

TEST(ModifierLog, DivisionRoundedUpIsNamed) {
  TestGame t(make_heroes());
  const int32_t d = t.def("Stone Ox", "Creature", {{"Power", 5}, {"Health", 3}});
  t.start();
  const int32_t ox = t.play(d, 0);
  ASSERT_GT(cardrt_stat_modify_op(t, nullptr, ox, heroes::Power, CARDRT_OP_DIV_UP, 2, CARDRT_DUR_PERMANENT), 0);
  const auto added = records(t, CARDRT_LOG_MODIFIER_ADDED);
  ASSERT_EQ(added.size(), 1u);
  EXPECT_EQ(added[0].op, CARDRT_OP_DIV_UP);
  EXPECT_EQ(added[0].value, 3);  // 5 / 2 = 2.5, rounded up
  EXPECT_NE(t.text_log().find("what=Power op=divide_up amount=2 value=3"), std::string::npos) << t.text_log();
}

// 003 step C: a maximum is logged as one when given (bound_added) and when it ends with the turn (modifier_ended),
// so its end is not told as the end of a +1 bonus.
TEST(ModifierLog, MaximumAndMinimumAreNamed) {
  TestGame t(make_legends());
  const int32_t d = t.def("Bushi", "Personality", {{"Force", 4}, {"Chi", 2}});
  t.start();
  cardrt_game_begin_turn(t, 0);
  const int32_t c = t.play(d, 0);
  ASSERT_GT(cardrt_stat_bound(t, nullptr, c, legends::Force, CARDRT_BOUND_MAX, 1, CARDRT_DUR_END_OF_TURN), 0);
  ASSERT_GT(cardrt_stat_bound(t, nullptr, c, legends::Chi, CARDRT_BOUND_MIN, 3, CARDRT_DUR_PERMANENT), 0);
  const auto bounds = records(t, CARDRT_LOG_BOUND_ADDED);
  ASSERT_EQ(bounds.size(), 2u);
  EXPECT_EQ(bounds[0].op, CARDRT_OP_MAXIMUM);
  EXPECT_EQ(bounds[0].amount, 1);
  EXPECT_EQ(bounds[0].value, 1);
  EXPECT_EQ(bounds[1].op, CARDRT_OP_MINIMUM);
  EXPECT_EQ(bounds[1].value, 3);
  cardrt_game_end_turn(t);
  const auto ended = records(t, CARDRT_LOG_MODIFIER_ENDED);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(ended[0].op, CARDRT_OP_MAXIMUM);
  EXPECT_EQ(ended[0].value, 4);
  EXPECT_NE(t.text_log().find("modifier_ended player=0 card=1[Bushi] what=Force op=maximum amount=1 value=4"),
            std::string::npos) << t.text_log();
}

// A saved game keeps each record's operation: the loaded game's log is the saved one's, field for field.
TEST(ModifierLog, SavedGamesKeepTheOperation) {
  TestGame t(make_heroes());
  const int32_t d = t.def("Stone Ox", "Creature", {{"Power", 5}, {"Health", 3}});
  t.start();
  const int32_t ox = t.play(d, 0);
  ASSERT_GT(cardrt_stat_modify_op(t, nullptr, ox, heroes::Power, CARDRT_OP_MUL, 3, CARDRT_DUR_PERMANENT), 0);
  char error[256] = "";
  const int64_t n = cardrt_game_save(t, nullptr, 0, error, sizeof error);
  ASSERT_GT(n, 0) << error;
  std::vector<uint8_t> bytes(static_cast<size_t>(n));
  ASSERT_EQ(cardrt_game_save(t, bytes.data(), n, error, sizeof error), n);
  cardrt_game* loaded = cardrt_game_load(t.profile(), t.pool(), bytes.data(), n, nullptr, error, sizeof error);
  ASSERT_NE(loaded, nullptr) << error;
  const auto before = records(t, CARDRT_LOG_MODIFIER_ADDED), after = records(loaded, CARDRT_LOG_MODIFIER_ADDED);
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].op, CARDRT_OP_MUL);
  EXPECT_EQ(after[0].amount, before[0].amount);
  EXPECT_EQ(after[0].value, 15);
  cardrt_game_destroy(loaded);
}

// A grant that ends is logged with what -1 (not a stat); the text names what it granted, never by number.
TEST(ModifierLog, AnEndedGrantIsNamedByWhatItGranted) {
  TestGame t(make_legends());
  const int32_t d = t.def("Bushi", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.start();
  cardrt_game_begin_turn(t, 0);
  const int32_t c = t.play(d, 0);
  ASSERT_GT(cardrt_grant_keyword(t, nullptr, c, legends::Dragon, CARDRT_DUR_END_OF_TURN), 0);
  cardrt_game_end_turn(t);
  const auto ended = records(t, CARDRT_LOG_MODIFIER_ENDED);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(ended[0].what, -1);
  EXPECT_EQ(ended[0].op, -1);
  EXPECT_EQ(ended[0].value, legends::Dragon);
  EXPECT_NE(t.text_log().find("modifier_ended player=0 card=1[Bushi] what=keyword Dragon amount=0 value=5"),
            std::string::npos) << t.text_log();
}
