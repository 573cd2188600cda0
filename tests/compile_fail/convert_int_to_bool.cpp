// tests/compile_fail/convert_int_to_bool.cpp: assigning integer elements to a bool array must not compile.
// expect: elements_do_not_convert<int, bool, false>
// expect: convert explicitly with loom::astype<U>(e)
#include <loom/loom.hpp>

int main() {
    const loom::array<int> i = {0, 1, 2};
    loom::array<bool> b;
    b = i;
    return b(0) ? 1 : 0;
}
