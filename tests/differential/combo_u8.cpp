// tests/differential/combo_u8.cpp: the differential test's expression shapes for the 'u8' element types.
#include "differential.hpp"

namespace loom_diff {
void register_u8(registry& reg) { register_combo<combo_u8>(reg, "u8"); }
}  // namespace loom_diff
