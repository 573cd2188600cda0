// examples/vectorize.cpp: your own element-wise functions, lazy and fused as the built-in ones.
#include <loom/loom.hpp>

#include <iostream>

int main() {
    loom::array<double> a = {-2.0, -1.0, 0.0, 1.0, 2.0};
    loom::array<double> b = {0.5, 0.5, 0.5, 0.5, 0.5};

    // snippet: sigmoid
    auto sigmoid = loom::vectorize([](auto x) { return 1 / (1 + loom::exp(-x)); });
    loom::array<double> r = sigmoid(a * 2 + b);  // one fused loop, in SIMD batches
    double s = sigmoid(0.5);                     // a number in, a number out
    std::cout << r << ' ' << s << '\n';
    // end snippet

    // snippet: branches
    // in batches: where and comparisons instead of ?: and if
    auto relu = loom::vectorize([](auto x) { return loom::where(x > 0, x, 0.0); });
    // a typed parameter: element by element, any C++ inside
    auto step = loom::vectorize([](double x) { return x < 0 ? -1.0 : x * x; });
    loom::array<double> t = relu(a) + step(a);
    std::cout << t << '\n';
    // end snippet

    // snippet: map
    loom::array<double> col = {{10.0}, {20.0}};
    std::cout << loom::map([](auto u, auto v) { return u + v * v; }, col, a) << '\n';
    // end snippet
}
