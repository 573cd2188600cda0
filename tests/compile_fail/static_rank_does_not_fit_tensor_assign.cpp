// tests/compile_fail/static_rank_does_not_fit_tensor_assign.cpp: assigning a tensor<double, 1> expression to a tensor<double, 2> must not compile (value semantics keep the rank).
// expect: static_rank_does_not_fit<1, 2, false>
#include <loom/loom.hpp>

int main() {
    loom::tensor<double, 2> t(loom::shape_t{2, 3});
    const loom::tensor<double, 1> v(loom::shape_t{3});
    t = v * 2.0;
    return static_cast<int>(t.size());
}
