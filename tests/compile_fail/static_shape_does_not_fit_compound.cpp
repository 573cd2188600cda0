// tests/compile_fail/static_shape_does_not_fit_compound.cpp: r += x where r (3, 1) would grow to (3, 4) must not compile.
// expect: static_shape_does_not_fit<loom::extents<3, 4>, loom::extents<3, 1>, -1>
#include <loom/loom.hpp>

int main() {
    loom::fixed_array<double, 3, 1> r;
    const loom::fixed_array<double, 4> x;
    r += x;
    return static_cast<int>(r(0, 0));
}
