// tests/differential/combo_b.cpp: the differential test's expression shapes for the 'b' element types.
#include "differential.hpp"

namespace loom_diff {
namespace {
[[maybe_unused]] const bool registered = register_combo<combo_b>("b");
}  // namespace
}  // namespace loom_diff
