// tests/compile_fail/static_shapes_do_not_broadcast_nary.cpp: where() over (3, 1), (1, 4), (5) must not compile: the first two broadcast to (3, 4), which conflicts with (5).
// expect: static_shapes_do_not_broadcast<loom::extents<3, 4>, loom::extents<5>, -1>
#include <loom/loom.hpp>

int main() {
    const loom::fixed_array<bool, 3, 1> c;
    const loom::fixed_array<double, 1, 4> x;
    const loom::fixed_array<double, 5> y;
    auto e = loom::where(c, x, y);
    return static_cast<int>(e.size());
}
