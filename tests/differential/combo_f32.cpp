// tests/differential/combo_f32.cpp: the differential test's expression shapes for the 'f32' element types.
#include "differential.hpp"

namespace loom_diff {
void register_f32(registry& reg) { register_combo<combo_f32>(reg, "f32"); }
}  // namespace loom_diff
