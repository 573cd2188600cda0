// tests/differential/combo_i64.cpp: the differential test's expression shapes for the 'i64' element types.
#include "differential.hpp"

namespace loom_diff {
void register_i64(registry& reg) { register_combo<combo_i64>(reg, "i64"); }
}  // namespace loom_diff
