// tests/differential/combo_c64f64.cpp: the differential test's expression shapes for the 'c64f64' element types.
#include "differential.hpp"

namespace loom_diff {
namespace {
[[maybe_unused]] const bool registered = register_combo<combo_c64f64>("c64f64");
}  // namespace
}  // namespace loom_diff
