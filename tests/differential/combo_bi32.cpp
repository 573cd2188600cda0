// tests/differential/combo_bi32.cpp: the differential test's expression shapes for the 'bi32' element types.
#include "differential.hpp"

namespace loom_diff {
void register_bi32(registry& reg) { register_combo<combo_bi32>(reg, "bi32"); }
}  // namespace loom_diff
