// tests/compile_fail/full_like_floating_into_integer.cpp: full_like of an integer array with a floating value must
// not compile (the value would be truncated), and say how to write it.
// expect: loom::full_like: the value is of a higher kind
// expect: full_like<double>(x, 2.5)
#include <loom/loom.hpp>

int main() {
    const loom::array<int> a = {1, 2, 3};
    return loom::full_like(a, 2.5)(0);
}
