// tests/differential/combo_f32f64.cpp: the differential test's expression shapes for the 'f32f64' element types.
#include "differential.hpp"

namespace loom_diff {
namespace {
[[maybe_unused]] const bool registered = register_combo<combo_f32f64>("f32f64");
}  // namespace
}  // namespace loom_diff
