// tests/differential/combo_c64i32.cpp: the differential test's expression shapes for the 'c64i32' element types.
#include "differential.hpp"

namespace loom_diff {
namespace {
[[maybe_unused]] const bool registered = register_combo<combo_c64i32>("c64i32");
}  // namespace
}  // namespace loom_diff
