// tests/differential/combo_i64.cpp: the differential test's expression shapes for the 'i64' element types.
#include "differential.hpp"

namespace loom_diff {
namespace {
[[maybe_unused]] const bool registered = register_combo<combo_i64>("i64");
}  // namespace
}  // namespace loom_diff
