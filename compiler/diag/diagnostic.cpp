#include "diag/diagnostic.h"

namespace cardc {

namespace {
constexpr DiagInfo kInfos[] = {
#define DIAG(name, severity, format) {#name, Severity::severity, format},
#include "diag/diagnostics.def"
#undef DIAG
};
}  // namespace

const DiagInfo& diag_info(DiagId id) { return kInfos[static_cast<size_t>(id)]; }

std::optional<DiagId> diag_by_name(std::string_view name) {
  for (size_t i = 0; i < static_cast<size_t>(DiagId::Count); ++i)
    if (kInfos[i].name == name) return static_cast<DiagId>(i);
  return std::nullopt;
}

std::string_view severity_name(Severity s) {
  switch (s) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "error";
}

}  // namespace cardc
