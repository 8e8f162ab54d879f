// check --compile counts a card as compiled only when it has no error, also past --error-limit (the errors not shown
// are errors all the same: 003 Chi, a Follower has no Chi stat, so giving one +2C is an error on every such card).
#include <gtest/gtest.h>

#include "test_support.h"

namespace cardc {

TEST(ErrorLimit, ErrorsPastTheLimitStillKeepTheirCardFromCompiling) {
  std::string set = "game legends\n";
  for (int i = 0; i < 25; ++i)
    set += "card \"Misworded " + std::to_string(i) +
           "\"\n  type Strategy\n  text\n    **Battle:** Target a Follower. It has +2C until the battle ends.\nend\n";
  std::string path = test::write_temp("error_limit.cards", set);
  auto r = test::run_cardc("check --compile --diagnostics-format=json --profile-path=" + std::string(CARDC_SOURCE_DIR) +
                           "/cards " + path);
  EXPECT_NE(r.output.find("\"compiled\":0"), std::string::npos) << r.output.substr(r.output.size() > 300 ? r.output.size() - 300 : 0);
  auto all = test::run_cardc("check --compile --error-limit=0 --diagnostics-format=json --profile-path=" +
                             std::string(CARDC_SOURCE_DIR) + "/cards " + path);
  EXPECT_NE(all.output.find("\"errors\":25"), std::string::npos);
  EXPECT_NE(all.output.find("\"compiled\":0"), std::string::npos);
}

}  // namespace cardc
