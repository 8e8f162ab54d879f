#include "diag/diagnostic_engine.h"

#include <algorithm>
#include <vector>

namespace cardc {

std::deque<Diagnostic> DiagnosticEngine::sorted() const {
  std::vector<const Diagnostic*> order;
  for (const auto& d : diags_) order.push_back(&d);
  std::stable_sort(order.begin(), order.end(), [this](const Diagnostic* a, const Diagnostic* b) {
    // Diagnostics without a place (whole-run problems) come first; then by file name and offset.
    if (a->range.valid() != b->range.valid()) return !a->range.valid();
    if (!a->range.valid()) return false;
    if (a->range.file != b->range.file) return sources_.name(a->range.file) < sources_.name(b->range.file);
    return a->range.begin < b->range.begin;
  });
  std::deque<Diagnostic> out;
  for (const auto* d : order) out.push_back(*d);
  return out;
}

void DiagnosticEngine::clear() {
  diags_.clear();
  errors_ = warnings_ = 0;
  limit_hit_ = false;
  dropped_errors_.clear();
}

}  // namespace cardc
