// tests/differential/combo_f64.cpp: the differential test's expression shapes for the 'f64' element types.
#include "differential.hpp"

namespace loom_diff {
void register_f64(registry& reg) { register_combo<combo_f64>(reg, "f64"); }
}  // namespace loom_diff
