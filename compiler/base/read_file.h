#pragma once
// The whole contents of a file as bytes ("" when it cannot be read), for tools, tests and benchmarks that do not
// need the SourceManager's diagnostics.
#include <string>

namespace cardc {

std::string read_file(const std::string& path);

}  // namespace cardc
