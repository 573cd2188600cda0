// tests/compile_fail/convert_float_scalar_in_place.cpp: int_array *= 1.5 (computed in double) must not compile.
// expect: elements_do_not_convert<double, int, false>
// expect: convert explicitly with loom::astype<U>(e)
#include <loom/loom.hpp>

int main() {
    loom::array<int> i = {1, 2, 3};
    i *= 1.5;
    return i(0);
}
