#include "meaning/primitive.h"

#include <array>

namespace cardc::meaning {

namespace {
constexpr std::array<std::string_view, kPrimitiveCount> kNames = {
#define PRIMITIVE(name) #name,
#include "profile/primitives.def"
#undef PRIMITIVE
};
}  // namespace

std::string_view primitive_name(Primitive p) { return kNames[static_cast<size_t>(p)]; }

std::optional<Primitive> primitive_named(std::string_view name) {
  for (size_t i = 0; i < kNames.size(); ++i)
    if (kNames[i] == name) return static_cast<Primitive>(i);
  return std::nullopt;
}

}  // namespace cardc::meaning
