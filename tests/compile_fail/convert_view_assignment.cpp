// tests/compile_fail/convert_view_assignment.cpp: storing floating elements through a view of an integer array must not compile.
// expect: elements_do_not_convert<float, short
// expect: convert explicitly with loom::astype<U>(e)
#include <loom/loom.hpp>

#include <cstdint>

int main() {
    loom::array<std::int16_t> i = {{1, 2}, {3, 4}};
    const loom::array<float> f = {0.5f, 1.5f};
    loom::view(i, 0) = f;
    return i(0, 0);
}
