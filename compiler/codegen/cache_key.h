#pragma once
// Keys of the object cache (docs/codegen.md "Loading large sets"), without LLVM in the interface: the driver keys a
// set by its source text with them.
#include <string>
#include <string_view>

namespace cardc::codegen {

// A 128-bit key (xxh3) as 32 hex digits.
std::string cache_key(std::string_view material);

}  // namespace cardc::codegen
