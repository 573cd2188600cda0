// tests/compile_fail/static_rank_does_not_fit_tensor.cpp: tensor<double, 2> from a value of static rank 3 must not compile.
// expect: static_rank_does_not_fit<3, 2, false>
// expect: loom: the value's rank does not fit the target
#include <loom/loom.hpp>

int main() {
    loom::tensor<double, 2> t = loom::fixed_array<double, 2, 3, 4>{};
    return static_cast<int>(t.size());
}
