// examples/semantics_implicit.cpp: implicit broadcasting by the Array API (NumPy) algorithm.
#include <loom/loom.hpp>

#include <iostream>

int main() {
    // Shapes align at the right; a size-1 axis stretches; missing axes count as 1.
    std::cout << loom::broadcast_shapes({8, 1, 6, 1}, {7, 1, 5}) << '\n';

    loom::array<double> X = {{1, 2, 3}, {4, 5, 6}};  // (2, 3)
    loom::array<double> v = {7, 8, 9};               // (3,): repeated over the rows
    loom::array<double> r = X + v;
    std::cout << r << '\n';

    loom::array<double> w = {1, 2};  // (2,) lines up with axis -1 of X, which has 3
    try {
        loom::array<double> bad = X + w;
    } catch (const loom::broadcast_error& e) {
        std::cout << e.what() << '\n';
    }
    return loom::array_equal(r, loom::array<double>{{8, 10, 12}, {11, 13, 15}}) ? 0 : 1;
}
