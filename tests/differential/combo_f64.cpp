// tests/differential/combo_f64.cpp: the differential test's expression shapes for the 'f64' element types.
#include "differential.hpp"

namespace loom_diff {
namespace {
[[maybe_unused]] const bool registered = register_combo<combo_f64>("f64");
}  // namespace
}  // namespace loom_diff
