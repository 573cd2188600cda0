// tests/compile_fail/convert_float_to_int.cpp: constructing an integer array from floating elements must not compile.
// expect: elements_do_not_convert<double, int, false>
// expect: convert explicitly with loom::astype<U>(e)
#include <loom/loom.hpp>

int main() {
    const loom::array<double> d = {1.7, -2.7, 300.2};
    const loom::array<int> i = d;
    return i(0);
}
