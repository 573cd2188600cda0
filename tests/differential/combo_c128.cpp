// tests/differential/combo_c128.cpp: the differential test's expression shapes for the 'c128' element types.
#include "differential.hpp"

namespace loom_diff {
namespace {
[[maybe_unused]] const bool registered = register_combo<combo_c128>("c128");
}  // namespace
}  // namespace loom_diff
