// tests/compile_fail/static_shape_does_not_fit.cpp: a fixed (2, 3) value assigned into fixed_array<double, 4, 4> must not compile (in place, the shape cannot change).
// expect: static_shape_does_not_fit<loom::extents<2, 3>, loom::extents<4, 4>, -1>
// expect: loom: this static shape does not broadcast to the fixed target shape
#include <loom/loom.hpp>

int main() {
    loom::fixed_array<double, 4, 4> r;
    const loom::fixed_array<double, 2, 3> v;
    r = v;
    return static_cast<int>(r(0, 0));
}
