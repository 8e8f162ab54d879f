#pragma once
// The runtime's event log as sentences a person reads (`cardc run --narrate`, scripts/demo). The structured log
// (text or JSON lines) stays the record; this is only a way of telling it.
#include <string>

namespace cardc {

std::string narrate(const std::string& log_text);

}  // namespace cardc
