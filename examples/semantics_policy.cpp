// examples/semantics_policy.cpp: the rank-promotion policy (JAX's jax_numpy_rank_promotion): allow, warn, raise.
#include <loom/loom.hpp>

#include <iostream>

int main() {
    loom::array<double> X = {{1, 2, 3}, {4, 5, 6}};  // (2, 3)
    loom::array<double> v = {7, 8, 9};               // (3,)
    loom::array<double> row = {{7, 8, 9}};           // (1, 3)

    loom::rank_promotion_scope guard(loom::rank_promotion::raise);  // this thread, until the scope ends
    try {
        loom::array<double> r = X + v;  // (3,) would silently become (1, 3)
    } catch (const loom::broadcast_error& e) {
        std::cout << e.what() << '\n';
    }
    // Allowed: same rank, scalars, and every explicit form.
    loom::array<double> a = X + row;
    loom::array<double> b = X + 2.0;
    loom::array<double> c = X + loom::in_dim(v, {1});
    loom::array<double> d = X + loom::expand_dims(v, 0);
    loom::array<double> e = X + loom::view(v, loom::newaxis, loom::all);
    loom::array<double> f = X + loom::broadcast_to(v, {2, 3});
    std::cout << c << '\n';
    bool ok = loom::array_equal(a, c) && loom::array_equal(c, d) && loom::array_equal(d, e) &&
              loom::array_equal(e, f) && b(0, 0) == 3;

    loom::set_rank_promotion(loom::rank_promotion::warn);  // one line on std::clog, then goes on
    loom::array<double> g = X + v;
    return ok && loom::array_equal(g, c) ? 0 : 1;
}
