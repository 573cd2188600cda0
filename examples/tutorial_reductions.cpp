// examples/tutorial_reductions.cpp: sums, means, maxima along axes, and row-wise formulas (docs/tutorial.md, step 5).
#include <loom/loom.hpp>

#include <iostream>

int main() {
    // snippet: axes
    loom::array<double> x = {{3, 1, 4, 0},
                             {2, 2, 2, 2},
                             {1, 5, 3, 7}};   // (3, 4)
    std::cout << loom::sum(x) << '\n';        // everything: one number
    std::cout << loom::sum(x, 0) << '\n';     // down the columns: (4,)
    std::cout << loom::mean(x, 1) << '\n';    // along each row: (3,)
    std::cout << loom::max(x, 0) << '\n';
    std::cout << loom::argmax(x, 1) << '\n';  // where each row's maximum is
    std::cout << loom::sum(x, 1, loom::keepdims).shape() << '\n';  // (3, 1): lines up with x
    // end snippet

    // snippet: rows
    loom::array<double> share = x / loom::sum(x, 1, loom::keepdims);  // each row divided by its sum
    std::cout << share << '\n';

    auto e = loom::exp(x - loom::max(x, 1, loom::keepdims));         // softmax over each row
    loom::array<double> p = e / loom::sum(e, 1, loom::keepdims);
    std::cout << p << '\n';
    std::cout << loom::sum(p, 1) << ' ' << loom::argmax(p, 1) << '\n';
    // end snippet
}
