// tests/compile_fail/control_compiles.cpp: the valid neighbours of the other cases, which must compile (proves the runner's command line works).
// expect-success
#include <loom/loom.hpp>

int main() {
    const loom::fixed_array<double, 2, 3> a;
    const loom::fixed_array<double, 3> b{1, 2, 3};
    loom::fixed_array<double, 4, 2, 3> r;
    r = a + b;
    r += b;
    const loom::fixed_array<bool, 3, 1> c;
    const loom::fixed_array<double, 1, 4> x;
    const loom::fixed_array<double, 4> y;
    const loom::fixed_array<double, 3, 4> w = loom::where(c, x, y);
    const loom::tensor<double, 3> t = loom::fixed_array<double, 2, 3, 4>{};
    loom::tensor<double, 2> u(loom::shape_t{2, 3});
    u = a * 2.0;
    return static_cast<int>(r(0, 0, 0) + b(1) + w(0, 0) + t(0, 0, 0) + u(0, 0));
}
