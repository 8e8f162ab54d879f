// The structured event log: everything that happens, as records an engine can replay and audit,
// rendered as text lines or JSON lines. Same seed and same choices give byte-identical output.
#pragma once
#include <string>
#include <vector>

#include "cardrt/cardrt.h"

namespace cardrt {

class Game;

class EventLog {
 public:
  void push(const cardrt_log_event& e) { events_.push_back(e); }
  const std::vector<cardrt_log_event>& events() const { return events_; }
  size_t size() const { return events_.size(); }
  void truncate(size_t n) {
    if (n < events_.size()) events_.resize(n);
  }
  std::string render_text(const Game& g) const;
  std::string render_json(const Game& g) const;
  static const char* kind_name(int32_t kind);

 private:
  std::vector<cardrt_log_event> events_;
};

}  // namespace cardrt
