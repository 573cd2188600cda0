// tests/differential/combo_u8.cpp: the differential test's expression shapes for the 'u8' element types.
#include "differential.hpp"

namespace loom_diff {
namespace {
[[maybe_unused]] const bool registered = register_combo<combo_u8>("u8");
}  // namespace
}  // namespace loom_diff
