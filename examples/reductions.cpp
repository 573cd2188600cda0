// examples/reductions.cpp: reductions are lazy nodes, computed once per assignment before the element-wise pass.
#include <loom/loom.hpp>

#include <iostream>

int main() {
    loom::array<double> x = {{1.0, 5.0, 3.0}, {4.0, 2.0, 6.0}};

    // snippet: lazy
    auto centred = x - loom::mean(x, 1, loom::keepdims);  // nothing computed yet
    loom::array<double> c = centred;  // the two row means first, then one pass over x
    std::cout << c << '\n';
    // end snippet

    // snippet: fused
    loom::array<double> y = {{1.0, 1.0, 1.0}, {2.0, 2.0, 2.0}};
    double dot = loom::sum(x * y);              // one number: evaluated on conversion
    std::cout << dot << ' ' << loom::sum(x * y, 0) << ' ' << loom::max(x, {0, 1}) << '\n';
    // end snippet

    // snippet: accurate
    loom::array<float> ones = loom::ones<float>({20000000, 2});
    std::cout << loom::sum(ones, 0) << '\n';  // pairwise along every axis: exactly 2e7
    // end snippet
}
