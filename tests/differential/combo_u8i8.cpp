// tests/differential/combo_u8i8.cpp: the differential test's expression shapes for the 'u8i8' element types.
#include "differential.hpp"

namespace loom_diff {
namespace {
[[maybe_unused]] const bool registered = register_combo<combo_u8i8>("u8i8");
}  // namespace
}  // namespace loom_diff
