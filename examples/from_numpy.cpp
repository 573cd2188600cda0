// examples/from_numpy.cpp: the loom side of docs/from_numpy_xtensor_eigen.md; examples/from_numpy.py is the NumPy side.
// The test example_from_numpy runs both and requires the same numbers, in the same order.
#include <loom/loom.hpp>

#include <cstdint>
#include <iostream>

int main() {
    // snippet: create
    loom::array<double> a = {{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}};
    auto z = loom::zeros<double>({2, 3});
    auto n = loom::arange<std::int64_t>(6);
    auto t = loom::linspace<double>(0.0, 1.0, 5);
    std::cout << a.shape() << ' ' << z << ' ' << n << ' ' << t << '\n';
    // end snippet

    // snippet: elementwise
    auto e = a * 2 + loom::sqrt(a);  // lazy; printing evaluates it
    std::cout << e << '\n';
    std::cout << loom::where(a > 2, a, -a) << ' ' << loom::clip(a, 2, 5) << ' ' << loom::maximum(a, 3.5) << '\n';
    std::cout << loom::astype<std::int32_t>(a / 4) << '\n';
    // end snippet

    // snippet: broadcast
    loom::array<double> v = {10.0, 20.0};
    std::cout << a + loom::view(v, loom::all, loom::newaxis) << '\n';    // v as a column
    std::cout << loom::view(v, loom::all, loom::newaxis) * loom::view(a, 0) << '\n';  // outer product
    std::cout << loom::broadcast_to(loom::view(a, 0), {2, 3}) << '\n';
    // end snippet

    // snippet: views
    std::cout << loom::view(a, loom::range(1, loom::none), loom::range(loom::none, loom::none, -1)) << ' '
              << loom::view(a, loom::all, 1) << ' ' << loom::transpose(a) << '\n';
    auto six = loom::arange<std::int64_t>(6);
    std::cout << loom::reshape(six, {2, -1}) << '\n';
    loom::view(a, loom::all, 1) = 0;  // writes through the view
    a += 1;                           // in place
    std::cout << a << '\n';
    // end snippet

    // snippet: reductions
    loom::array<double> x = {{1.0, 2.0, 4.0}, {3.0, 0.5, 0.5}};
    std::cout << loom::mean(x, 0) << ' ' << loom::sum(x, 1, loom::keepdims) << ' ' << loom::argmax(x, 1) << '\n';
    loom::array<double> sm = loom::exp(x - loom::max(x, 1, loom::keepdims));  // softmax of each row
    sm /= loom::sum(sm, 1, loom::keepdims);
    std::cout << sm << '\n';
    std::cout << (x - loom::mean(x, 0, loom::keepdims)) / loom::stddev(x, 0, loom::keepdims) << '\n';
    // end snippet

    // snippet: checks
    std::cout << std::boolalpha << loom::array_equal(a, a) << ' ' << loom::allclose(a, a + 1e-9) << '\n';
    // end snippet
}
