#pragma once
// "-" as a path names standard input (docs/tools.md "Command line"): `cardc check -`, `cardc compile - -o set.so`,
// `cardc fmt -`. It is read once, up to the same size limit as a file, and is a card set named "<stdin>" in
// diagnostics; its game's profile is looked for from the current folder up, as for a set there.
#include <cstddef>
#include <string>

#include "base/source_manager.h"

namespace cardc {

inline constexpr const char* kStdinName = "<stdin>";

bool is_standard_input(const std::string& path);

// The name a path goes by in diagnostics: "<stdin>" for "-", else the path.
std::string input_name(const std::string& path);

// sm.load(path), or standard input for "-" (named "<stdin>"), read up to max_bytes and refused past it.
FileId load_input(SourceManager& sm, const std::string& path, std::string& error, size_t max_bytes);

}  // namespace cardc
