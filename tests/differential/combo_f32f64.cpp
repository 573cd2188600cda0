// tests/differential/combo_f32f64.cpp: the differential test's expression shapes for the 'f32f64' element types.
#include "differential.hpp"

namespace loom_diff {
void register_f32f64(registry& reg) { register_combo<combo_f32f64>(reg, "f32f64"); }
}  // namespace loom_diff
