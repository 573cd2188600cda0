// tests/differential/combo_i32f64.cpp: the differential test's expression shapes for the 'i32f64' element types.
#include "differential.hpp"

namespace loom_diff {
void register_i32f64(registry& reg) { register_combo<combo_i32f64>(reg, "i32f64"); }
}  // namespace loom_diff
