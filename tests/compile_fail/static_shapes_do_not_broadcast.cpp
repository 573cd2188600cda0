// tests/compile_fail/static_shapes_do_not_broadcast.cpp: (2, 3) + (4) of static shapes must not compile; the error names both shapes and the axis.
// expect: static_shapes_do_not_broadcast<loom::extents<2, 3>, loom::extents<4>, -1>
// expect: loom: static shapes do not broadcast
#include <loom/loom.hpp>

int main() {
    auto e = loom::fixed_array<double, 2, 3>{} + loom::fixed_array<double, 4>{};
    return static_cast<int>(e.size());
}
