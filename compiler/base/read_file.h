#pragma once
// Reading input files. read_input is how every command reads what a user names (card sets, profiles, scenarios,
// exports, keys, documents): a regular file opened non-blocking, so a FIFO, a device or a socket is refused
// instead of hanging or reading forever, and never more than a limit. read_file is for tools, tests and
// benchmarks that do not need the diagnostics.
#include <cstdint>
#include <string>

namespace cardc {

// Reads `path` whole into `out`: a regular file of at most `max_bytes` (a larger one is refused without reading
// past the limit), or standard input for "-" when `allow_stdin` (read up to the limit). On failure returns false
// with `why`, the reason to follow "cannot read 'PATH': " ("not a regular file (a FIFO)"; "No such file or
// directory"; "larger than the 16 MiB limit").
bool read_input(const std::string& path, uint64_t max_bytes, std::string& out, std::string& why,
                bool allow_stdin = false);

// The whole contents of a file as bytes ("" when it cannot be read).
std::string read_file(const std::string& path);

}  // namespace cardc
