// tests/compile_fail/wrong_index_count.cpp: two indices into a fixed_array of rank 1 must not compile.
// expect: fixed_array<double, 3>
// expect: sizeof...(I) == rank
#include <loom/loom.hpp>

int main() {
    loom::fixed_array<double, 3> v{1, 2, 3};
    return static_cast<int>(v(1, 2));
}
