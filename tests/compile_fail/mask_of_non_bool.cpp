// tests/compile_fail/mask_of_non_bool.cpp: loom::mask takes a bool mask; integers are indices, for loom::take.
// expect: m must have bool elements
#include <loom/loom.hpp>

int main() {
    loom::array<double> x = {1.0, 2.0, 3.0};
    const loom::array<int> idx = {0, 2};
    loom::array<double> r = loom::mask(x, idx);
    return static_cast<int>(r.size());
}
