#pragma once
// A progress line on stderr for long runs (`cardc check` / `cardc compile` of more than a few hundred cards):
//   cardc: checking big.cards: 10,000 cards, 1.4 s
// shown only when stderr is a terminal (isatty) and the output is not JSON, redrawn in place with \r by a
// background thread a few times a second, and erased (\r, blanks, \r) when the work ends, so that nothing of it
// stays on the screen or reaches a pipe or a file.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include <fmt/format.h>

namespace cardc {

// Header-only (the driver library's source list is not the driver's to change).

// Sets with more cards than this show the progress line.
inline constexpr size_t kProgressMinCards = 300;

// The number of cards in a card set's text, counted without parsing (lines that begin with `card `).
size_t count_cards(std::string_view text);


class ProgressLine {
 public:
  // enabled: the caller's decision (a terminal, not JSON); CARDC_NO_PROGRESS in the environment turns it off.
  explicit ProgressLine(bool enabled);
  ~ProgressLine();  // erases the line
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // Whether stderr is a terminal (the condition for `enabled`, besides the output format).
  static bool stderr_is_terminal();

  bool enabled() const { return enabled_; }
  // What is being done now ("checking big.cards: 10,000 cards"); the elapsed time is appended.
  void set(std::string what);
  // Erases the line (until the next set()): before printing anything else to stderr.
  void clear();

 private:
  void loop();
  void draw_locked();
  void erase_locked();

  bool enabled_ = false;
  bool stop_ = false;
  bool drawn_ = false;
  size_t width_ = 0;
  std::string what_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::mutex mu_;
  std::condition_variable cv_;
  std::thread thread_;
};



inline size_t count_cards(std::string_view text) {
  size_t n = 0;
  for (size_t p = 0; p < text.size();) {
    if (text.compare(p, 5, "card ") == 0) ++n;
    const size_t nl = text.find('\n', p);
    if (nl == std::string_view::npos) break;
    p = nl + 1;
  }
  return n;
}

inline bool ProgressLine::stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

inline ProgressLine::ProgressLine(bool enabled) : enabled_(enabled && !std::getenv("CARDC_NO_PROGRESS")) {
  if (enabled_) thread_ = std::thread([this] { loop(); });
}


inline void ProgressLine::set(std::string what) {
  if (!enabled_) return;
  std::lock_guard<std::mutex> lock(mu_);
  what_ = std::move(what);
}

inline void ProgressLine::clear() {
  if (!enabled_) return;
  std::lock_guard<std::mutex> lock(mu_);
  what_.clear();
  erase_locked();
}

inline void ProgressLine::erase_locked() {
  if (!drawn_) return;
  // \r, blanks over what was drawn, \r: the cursor is back at the start of an empty line.
  std::fputs(("\r" + std::string(width_, ' ') + "\r").c_str(), stderr);
  std::fflush(stderr);
  drawn_ = false;
  width_ = 0;
}

inline ProgressLine::~ProgressLine() {
  if (!enabled_) return;
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
  std::lock_guard<std::mutex> lock(mu_);
  erase_locked();
}

inline void ProgressLine::draw_locked() {
  if (what_.empty()) return;
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::string line = fmt::format("cardc: {}, {:.1f} s", what_, secs);
  if (line.size() > 78) line = line.substr(0, 77) + "~";
  const size_t shown = line.size();
  if (shown < width_) line += std::string(width_ - shown, ' ');
  std::fputs(("\r" + line).c_str(), stderr);
  std::fflush(stderr);
  width_ = std::max(width_, shown);
  drawn_ = true;
}

inline void ProgressLine::loop() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!stop_) {
    draw_locked();
    cv_.wait_for(lock, std::chrono::milliseconds(100), [this] { return stop_; });
  }
}

}  // namespace cardc
