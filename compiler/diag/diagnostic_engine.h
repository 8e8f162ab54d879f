#pragma once
// Collects diagnostics from every stage; stages report and go on (recovery), the driver renders at the end.
#include <deque>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "diag/diagnostic.h"

namespace cardc {

// Errors reported per run unless asked otherwise (clang's default): past it they are dropped unformatted, so a
// file of junk costs 20 messages, not millions (cardc check --error-limit, the language server).
inline constexpr size_t kDefaultErrorLimit = 20;

class DiagnosticEngine {
 public:
  explicit DiagnosticEngine(const SourceManager& sources) : sources_(sources) {}

  template <typename... Args>
  Diagnostic& report(DiagId id, SourceRange range, const Args&... args) {
    const DiagInfo& info = diag_info(id);
    Severity sev = info.severity;
    if (sev == Severity::Warning && werror_) sev = Severity::Error;
    if (sev == Severity::Error && error_limit_ != 0 && errors_ >= error_limit_) {
      limit_hit_ = true;
      dropped_errors_.push_back(range);  // where, for the passes that ask (a card with an error is not compiled)
      sink_ = Diagnostic{};
      return sink_;  // past --error-limit: dropped (the summary says so)
    }
    (sev == Severity::Error ? errors_ : warnings_)++;
    Diagnostic& d = diags_.emplace_back();
    d.id = id;
    d.severity = sev;
    d.range = range;
    d.message = fmt::vformat(info.format, fmt::make_format_args(args...));
    d.card_title = current_card_;
    return d;
  }

  // Reports a diagnostic made earlier (a cached card's), counted and limited like a new one.
  void add(Diagnostic d) {
    if (d.severity == Severity::Warning && werror_) d.severity = Severity::Error;
    if (d.severity == Severity::Error && error_limit_ != 0 && errors_ >= error_limit_) {
      limit_hit_ = true;
      dropped_errors_.push_back(d.range);
      return;
    }
    (d.severity == Severity::Error ? errors_ : warnings_)++;
    diags_.push_back(std::move(d));
  }

  // Diagnostics reported while a card is being processed name that card (JSON "card" field).
  class CardScope {
   public:
    CardScope(DiagnosticEngine& e, std::string title) : e_(e), saved_(std::exchange(e.current_card_, std::move(title))) {}
    ~CardScope() { e_.current_card_ = std::move(saved_); }
    CardScope(const CardScope&) = delete;
    CardScope& operator=(const CardScope&) = delete;

   private:
    DiagnosticEngine& e_;
    std::string saved_;
  };

  void set_werror(bool on) { werror_ = on; }
  void set_error_limit(size_t n) { error_limit_ = n; }
  size_t errors() const { return errors_; }
  size_t warnings() const { return warnings_; }
  bool limit_hit() const { return limit_hit_; }
  // Where the errors past the limit were: not shown, but a card holding one still has an error.
  const std::vector<SourceRange>& dropped_errors() const { return dropped_errors_; }
  const SourceManager& sources() const { return sources_; }

  // In source order (file, then offset), stable for equal positions.
  std::deque<Diagnostic> sorted() const;
  const std::deque<Diagnostic>& all() const { return diags_; }
  void clear();

 private:
  const SourceManager& sources_;
  std::deque<Diagnostic> diags_;
  Diagnostic sink_;
  std::string current_card_;
  size_t errors_ = 0, warnings_ = 0, error_limit_ = 0;
  std::vector<SourceRange> dropped_errors_;
  bool werror_ = false, limit_hit_ = false;
};

}  // namespace cardc
