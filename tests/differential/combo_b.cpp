// tests/differential/combo_b.cpp: the differential test's expression shapes for the 'b' element types.
#include "differential.hpp"

namespace loom_diff {
void register_b(registry& reg) { register_combo<combo_b>(reg, "b"); }
}  // namespace loom_diff
