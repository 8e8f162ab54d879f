// Every choice goes to the host through one callback; answers are checked, and an illegal or missing
// answer falls back to the default chooser (first legal choice, or seeded random). Every answer is logged
// so a game can be replayed.
#include <algorithm>

#include "game.hpp"
#include "replay.hpp"

namespace cardrt {
namespace {

bool valid_answer(const cardrt_choice& c, const Game::Answer& a) {
  switch (c.kind) {
    case CARDRT_CHOICE_NUMBER: return a.size() == 1 && a[0] >= c.min_count && a[0] <= c.max_count;
    case CARDRT_CHOICE_YES_NO: return a.size() == 1 && (a[0] == 0 || a[0] == 1);
    default: break;
  }
  if (int32_t(a.size()) < c.min_count || int32_t(a.size()) > c.max_count) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] < 0 || a[i] >= c.option_count) return false;
    if (!c.allow_repeats)
      for (size_t j = 0; j < i; ++j)
        if (a[j] == a[i]) return false;
  }
  return true;
}

}  // namespace

Game::Answer Game::ask(cardrt_choice c, std::span<const int32_t> options) {
  c.options = options.data();
  c.option_count = int32_t(options.size());
  if (c.kind != CARDRT_CHOICE_NUMBER && c.kind != CARDRT_CHOICE_YES_NO) {
    if (!c.allow_repeats) c.max_count = std::min(c.max_count, c.option_count);
    c.min_count = std::min(c.min_count, c.max_count);
  }
  Answer answer;
  bool answered = false;
  // probing a constructor's option (002 524) asks no one and logs nothing: the first legal answer
  const bool probing = probing_ > 0;
  if (host_.choose && !probing) {
    const int32_t cap = std::max<int32_t>(1, c.kind == CARDRT_CHOICE_NUMBER ? 1 : c.max_count);
    std::vector<int32_t> buf(size_t(cap), 0);
    const int32_t n = host_.choose(host_.user, &c, buf.data(), cap);
    if (recording_) record_answer(*this, c, n, buf.data(), cap);
    if (n >= 0 && n <= cap)
      for (int32_t i = 0; i < n; ++i) answer.push_back(buf[size_t(i)]);
    answered = valid_answer(c, answer);
    if (!answered) {
      emit(CARDRT_LOG_CHOICE_INVALID, c.player, c.source_card, 0, c.purpose, n, 0);
      answer.clear();
    }
  }
  if (!answered) {
    const bool random = chooser_kind_ == CARDRT_CHOOSER_RANDOM && !probing;
    switch (c.kind) {
      case CARDRT_CHOICE_NUMBER:
        answer.push_back(random ? chooser_rng_.between(c.min_count, c.max_count) : c.min_count);
        break;
      case CARDRT_CHOICE_YES_NO: answer.push_back(random ? int32_t(chooser_rng_.below(2)) : 1); break;
      default: {
        // first legal: the fewest answers allowed (at least one when one is allowed), in option order
        int32_t k = std::max(c.min_count, std::min(1, c.max_count));
        if (random) k = chooser_rng_.between(k, c.max_count);
        if (c.allow_repeats) {
          for (int32_t i = 0; i < k; ++i)
            answer.push_back(random ? int32_t(chooser_rng_.below(uint32_t(c.option_count))) : 0);
        } else {
          InlineList<int32_t, 64> idx;
          for (int32_t i = 0; i < c.option_count; ++i) idx.push_back(i);
          if (random)
            for (int32_t i = 0; i < k; ++i)
              std::swap(idx[size_t(i)], idx[size_t(i) + chooser_rng_.below(uint32_t(c.option_count - i))]);
          for (int32_t i = 0; i < k; ++i) answer.push_back(idx[size_t(i)]);
        }
      }
    }
  }
  const int32_t first = answer.empty() ? -1
                        : (c.kind == CARDRT_CHOICE_NUMBER || c.kind == CARDRT_CHOICE_YES_NO)
                            ? answer[0]
                            : options[size_t(answer[0])];
  if (!probing) emit(CARDRT_LOG_CHOSEN, c.player, c.source_card, 0, c.purpose, int32_t(answer.size()), first);
  return answer;
}

size_t Game::ask_one(cardrt_choice c, std::span<const int32_t> options) {
  c.min_count = c.max_count = 1;
  const auto ans = ask(c, options);
  return ans.empty() ? 0 : size_t(ans[0]);
}

int32_t Game::choose_number(cardrt_effect_ctx* ctx, PlayerId p, int32_t min, int32_t max, int32_t purpose) {
  min = std::max(0, min);  // 000 7.2: negative numbers cannot be chosen
  if (max < min) max = min;
  cardrt_choice c{};
  c.kind = CARDRT_CHOICE_NUMBER;
  c.purpose = purpose;
  c.player = p;
  c.source_card = ctx_source(ctx);
  c.min_count = min;
  c.max_count = max;
  return ask(c, {})[0];
}

bool Game::choose_yes_no(cardrt_effect_ctx* ctx, PlayerId p, int32_t purpose, CardId source) {
  cardrt_choice c{};
  c.kind = CARDRT_CHOICE_YES_NO;
  c.purpose = purpose;
  c.player = p;
  c.source_card = source ? source : ctx_source(ctx);
  c.min_count = 0;
  c.max_count = 1;
  return ask(c, {})[0] != 0;
}

}  // namespace cardrt
