#pragma once
// A diagnostic as a JSON value (nlohmann-json), for the commands that build JSON documents around diagnostics
// (check --diagnostics-format=json). Keys keep the documented order: file, range, severity, name, message, notes,
// fixits, card. Serialize with dump_json: bytes that are not UTF-8 (a Latin-1 file name) become U+FFFD, so the
// output is always valid UTF-8 JSON.
#include <string>

#include <nlohmann/json.hpp>

#include "diag/diagnostic.h"

namespace cardc {

class SourceManager;

nlohmann::ordered_json diagnostic_json(const SourceManager& sm, const Diagnostic& d);
std::string dump_json(const nlohmann::ordered_json& value);

}  // namespace cardc
