// The C ABI contract: one list (abi.def), validated handles and arguments, no exception crossing the boundary,
// deterministic logs.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include "test_support.hpp"

using namespace rt;

TEST(Abi, ListMatchesAbiDefAndVersion) {
  EXPECT_EQ(cardrt_abi_version(), CARDRT_ABI_VERSION);
  int lines = 0;
#define CARDRT_ABI_FN(name, ...) ++lines;
#include "cardrt/abi.def"
#undef CARDRT_ABI_FN
  EXPECT_EQ(cardrt_abi_function_count(), lines);
  std::set<std::string> names;
  for (int i = 0; i < cardrt_abi_function_count(); ++i) {
    const std::string n = cardrt_abi_function_name(i);
    EXPECT_EQ(n.rfind("cardrt_", 0), 0u) << n;
    EXPECT_TRUE(names.insert(n).second) << "duplicate " << n;
  }
  EXPECT_EQ(cardrt_abi_function_name(-1), nullptr);
  // every listed function has the address the code generator registers (absoluteSymbols)
#define CARDRT_ABI_FN(name, ...) EXPECT_NE(reinterpret_cast<void*>(&name), nullptr);
#include "cardrt/abi.def"
#undef CARDRT_ABI_FN
}

TEST(Abi, HandlesAndArgumentsAreValidated) {
  EXPECT_EQ(cardrt_stat_modify(nullptr, nullptr, 1, 0, 1, 0), CARDRT_E_HANDLE);
  EXPECT_EQ(cardrt_game_begin_turn(nullptr, 0), CARDRT_E_HANDLE);
  EXPECT_EQ(cardrt_profile_add_stat(nullptr, "F", "F", 0, 0), CARDRT_E_HANDLE);
  EXPECT_EQ(cardrt_def_card(nullptr, "x", "y"), CARDRT_E_HANDLE);
  EXPECT_EQ(cardrt_stat_get(nullptr, 1, 0), 0);
  TestGame t(make_legends());
  EXPECT_EQ(cardrt_def_card(t.pool(), "x", "Nope"), CARDRT_E_UNKNOWN_NAME);
  const int32_t d = t.def("Bushi", "Personality", {{"Force", 1}, {"Chi", 2}});
  EXPECT_EQ(cardrt_def_stat(t.pool(), d, "Nope", CARDRT_BASE_VALUE, 1), CARDRT_E_UNKNOWN_NAME);
  EXPECT_EQ(cardrt_def_ability(t.pool(), d, CARDRT_AB_TRIGGERED, 0, "no_such_event", 0), CARDRT_E_UNKNOWN_NAME);
  t.start();
  const int32_t c = t.play(d, 0);
  EXPECT_EQ(cardrt_stat_modify(t, nullptr, 999, 0, 1, 0), CARDRT_E_ARGUMENT);
  EXPECT_EQ(cardrt_stat_modify(t, nullptr, c, 99, 1, 0), CARDRT_E_ARGUMENT);
  EXPECT_EQ(cardrt_stat_modify(t, nullptr, c, 0, 1, 99), CARDRT_E_ARGUMENT);
  EXPECT_EQ(cardrt_stat_modify(t, nullptr, CARDRT_NO_CARD, 0, 1, 0), CARDRT_FAILED);  // an illegal target
  EXPECT_EQ(cardrt_stat_get(t, 999, 0), 0);
  EXPECT_EQ(cardrt_last_error(t), CARDRT_E_ARGUMENT);
  EXPECT_EQ(cardrt_stat_id(t, "Chi"), legends::Chi);
  EXPECT_EQ(cardrt_stat_id(t, "chi"), CARDRT_E_UNKNOWN_NAME);
  EXPECT_EQ(cardrt_event_id(t, "battle_begins"), CARDRT_EV_FIRST_CUSTOM);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, c, 7), CARDRT_E_ARGUMENT);
  // a ctx from another game is refused
  TestGame other(make_legends());
  other.def("Bushi", "Personality");
  other.start();
  cardrt_log_event e;
  EXPECT_EQ(cardrt_log_get(t, -1, &e), CARDRT_E_ARGUMENT);
  // a pool made for another game is refused
  cardrt_profile* terrus = make_terrus();
  EXPECT_EQ(cardrt_game_create(terrus, t.pool(), 1, nullptr), nullptr);
  cardrt_profile_destroy(terrus);
}

namespace {
int32_t throws(cardrt_game*, cardrt_effect_ctx*) { throw std::runtime_error("card code misbehaved"); }
}  // namespace

// No C++ exception crosses the C ABI: it becomes CARDRT_E_INTERNAL.
TEST(Abi, ExceptionsAreCaughtAtTheBoundary) {
  TestGame t(make_legends());
  const int32_t d = t.def("Bushi", "Personality", {{"Force", 1}, {"Chi", 2}});
  const int32_t ab = t.ability(d, CARDRT_AB_ACTION, nullptr, 0, &throws);
  t.start();
  const int32_t c = t.play(d, 0);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, c, ab), CARDRT_E_INTERNAL);
  EXPECT_EQ(cardrt_stat_get(t, c, legends::Force), 1);  // the game is still usable
}

// The event log renders as text and JSON lines; a host callback hears every event once.
TEST(Abi, EventLogTextAndJsonLines) {
  TestGame t(make_legends());
  const int32_t d = t.def("Bushi", "Personality", {{"Force", 1}, {"Chi", 2}});
  t.start();
  const int32_t c = t.play(d, 0);
  cardrt_stat_modify(t, nullptr, c, legends::Force, 2, CARDRT_DUR_END_OF_TURN);
  const std::string text = t.text_log(), json = t.json_log();
  EXPECT_NE(text.find("bonus player=0 card=1[Bushi] what=Force amount=2 value=3"), std::string::npos) << text;
  EXPECT_NE(json.find("\"kind\":\"bonus\""), std::string::npos);
  std::istringstream lines(json);
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    ++n;
    EXPECT_EQ(line.front(), '{');
    EXPECT_EQ(line.back(), '}');
  }
  EXPECT_EQ(n, cardrt_log_count(t));
  char small[8];
  EXPECT_EQ(cardrt_log_render_text(t, small, sizeof small), int64_t(text.size()) + 1);
  EXPECT_EQ(std::string(small), text.substr(0, 7));
}
