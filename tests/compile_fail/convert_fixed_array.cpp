// tests/compile_fail/convert_fixed_array.cpp: a fixed_array of integers from floating elements must not compile (the static evaluator's path).
// expect: elements_do_not_convert<double, int, false>
#include <loom/loom.hpp>

int main() {
    loom::fixed_array<int, 3> r;
    const loom::fixed_array<double, 3> d{1.5, 2.5, 3.5};
    r = d * 2.0;
    return r(0);
}
