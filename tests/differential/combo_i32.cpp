// tests/differential/combo_i32.cpp: the differential test's expression shapes for the 'i32' element types.
#include "differential.hpp"

namespace loom_diff {
namespace {
[[maybe_unused]] const bool registered = register_combo<combo_i32>("i32");
}  // namespace
}  // namespace loom_diff
