// tests/differential/combo_bi32.cpp: the differential test's expression shapes for the 'bi32' element types.
#include "differential.hpp"

namespace loom_diff {
namespace {
[[maybe_unused]] const bool registered = register_combo<combo_bi32>("bi32");
}  // namespace
}  // namespace loom_diff
