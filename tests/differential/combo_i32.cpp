// tests/differential/combo_i32.cpp: the differential test's expression shapes for the 'i32' element types.
#include "differential.hpp"

namespace loom_diff {
void register_i32(registry& reg) { register_combo<combo_i32>(reg, "i32"); }
}  // namespace loom_diff
