#pragma once
// A diagnostic is a value: kind, range, rendered message, notes and fix-its.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_manager.h"

namespace cardc {

enum class DiagId : uint16_t {
#define DIAG(name, severity, format) name,
#include "diag/diagnostics.def"
#undef DIAG
  Count
};

enum class Severity : uint8_t { Note, Warning, Error };

struct DiagInfo {
  std::string_view name;
  Severity severity;
  std::string_view format;
};

const DiagInfo& diag_info(DiagId id);
std::optional<DiagId> diag_by_name(std::string_view name);
std::string_view severity_name(Severity s);

// Replace `range` with `replacement` (empty replacement removes, empty range inserts).
struct FixIt {
  SourceRange range;
  std::string replacement;
};

struct Note {
  SourceRange range;  // may be invalid: a note without a place
  std::string message;
};

struct Diagnostic {
  DiagId id{};
  Severity severity = Severity::Error;
  SourceRange range;
  std::string message;
  std::vector<Note> notes;
  std::vector<FixIt> fixits;
  std::string card_title;  // the card it lies in, when it lies in one

  Diagnostic& note(SourceRange r, std::string msg) {
    notes.push_back({r, std::move(msg)});
    return *this;
  }
  Diagnostic& fix(SourceRange r, std::string replacement) {
    fixits.push_back({r, std::move(replacement)});
    return *this;
  }
};

}  // namespace cardc
