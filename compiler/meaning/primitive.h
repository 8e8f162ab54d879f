#pragma once
// The effect primitives of profile/primitives.def as an enum: what a verb does, whatever word a game prints for it.
// Compiler code switches on this, never compares a primitive's name.
#include <cstdint>
#include <optional>
#include <string_view>

namespace cardc::meaning {

// Each enumerator is the primitive's name with a trailing underscore (several are C++ keywords: return, double).
enum class Primitive : uint8_t {
#define PRIMITIVE(name) name##_,
#include "profile/primitives.def"
#undef PRIMITIVE
};

inline constexpr size_t kPrimitiveCount = 0
#define PRIMITIVE(name) +1
#include "profile/primitives.def"
#undef PRIMITIVE
    ;

// The name in primitives.def ("take_control").
std::string_view primitive_name(Primitive p);
// The primitive a profile verb names (`[primitive = bow]`); nullopt for a name primitives.def does not list.
std::optional<Primitive> primitive_named(std::string_view name);

}  // namespace cardc::meaning
