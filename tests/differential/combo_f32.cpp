// tests/differential/combo_f32.cpp: the differential test's expression shapes for the 'f32' element types.
#include "differential.hpp"

namespace loom_diff {
namespace {
[[maybe_unused]] const bool registered = register_combo<combo_f32>("f32");
}  // namespace
}  // namespace loom_diff
