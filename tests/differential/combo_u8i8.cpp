// tests/differential/combo_u8i8.cpp: the differential test's expression shapes for the 'u8i8' element types.
#include "differential.hpp"

namespace loom_diff {
void register_u8i8(registry& reg) { register_combo<combo_u8i8>(reg, "u8i8"); }
}  // namespace loom_diff
