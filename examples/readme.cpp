// examples/readme.cpp: the README's first screen: broadcasting, reductions and an in-place update.
#include <loom/loom.hpp>

#include <iostream>

int main() {
    loom::array<double> x = {{1, 200}, {2, 400}, {3, 600}, {6, 800}};  // 4 samples of 2 features

    // Standardise each column: (4, 2) with the (2,) means and deviations, broadcast over the rows.
    // The two reductions are computed once, then the whole right-hand side runs as one fused loop.
    loom::array<double> z = (x - loom::mean(x, 0)) / loom::stddev(x, 0);
    std::cout << z << '\n';

    // A softmax of each row: keepdims leaves (4, 1), which broadcasts against (4, 2).
    auto e = loom::exp(z - loom::max(z, 1, loom::keepdims));  // lazy: nothing computed yet
    loom::array<double> p = e / loom::sum(e, 1, loom::keepdims);
    std::cout << p << '\n';

    x += loom::array<double>{10, 20};  // in place: x keeps its shape (4, 2)
    std::cout << loom::argmax(x, 0) << ' ' << loom::sum(x) << '\n';
}
