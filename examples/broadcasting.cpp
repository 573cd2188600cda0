// examples/broadcasting.cpp: implicit broadcasting (NumPy / Array API rules) and its explicit forms.
#include <loom/loom.hpp>

#include <iostream>

int main() {
    // snippet: implicit
    loom::array<double> m = {{1, 2, 3}, {4, 5, 6}};  // (2, 3)
    loom::array<double> row = {10, 20, 30};          // (3,)   lines up with m's last axis
    loom::array<double> c = {100, 200};
    auto col = loom::view(c, loom::all, loom::newaxis);  // (2, 1): a column view of c

    std::cout << loom::eval(m + row) << '\n';        // row repeated over both rows
    std::cout << loom::eval(m + col) << '\n';        // col repeated over the three columns
    std::cout << loom::eval(col * row) << '\n';      // (2, 1) * (3,) -> (2, 3): an outer product
    std::cout << loom::eval(m * 2 + row - col) << '\n';  // any number of operands, one pass
    // end snippet

    // snippet: shapes
    std::cout << loom::broadcast_shapes({8, 1, 6, 1}, {7, 1, 5}) << '\n';  // shapes only
    try {
        loom::array<double> bad = m + loom::array<double>{1, 2};  // (2, 3) with (2,)
    } catch (const loom::broadcast_error& err) {
        std::cout << err.what() << '\n';
    }
    // end snippet

    // snippet: explicit
    auto wide = loom::broadcast_to(row, {4, 3});        // a read-only (4, 3) view, no copy
    std::cout << wide.shape() << ' ' << wide(3, 2) << '\n';
    loom::array<double> v = {7, 8};
    std::cout << loom::eval(m + loom::in_dim(v, {0})) << '\n';  // XLA style: v's axis 0 is m's axis 0
    auto [m2, c2] = loom::broadcast_arrays(m, col);     // N inputs, N views of one shape
    std::cout << m2.shape() << ' ' << c2.shape() << '\n';
    // end snippet
}
