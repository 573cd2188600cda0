// tests/differential/combo_i32f64.cpp: the differential test's expression shapes for the 'i32f64' element types.
#include "differential.hpp"

namespace loom_diff {
namespace {
[[maybe_unused]] const bool registered = register_combo<combo_i32f64>("i32f64");
}  // namespace
}  // namespace loom_diff
