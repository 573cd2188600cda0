// examples/quickstart.cpp: loom on one screen: arrays, a lazy broadcasting expression, in-place updates, a view.
#include <loom/loom.hpp>

#include <iostream>

int main() {
    loom::array<double> a = {{1, 2, 3}, {4, 5, 6}};  // shape (2, 3)
    loom::array<double> b = {10, 20, 30};            // shape (3,): broadcasts over a's rows

    auto e = a * b + 1.0;       // lazy: an expression; nothing is computed yet
    loom::array<double> r = e;  // one fused, vectorized pass; the only allocation
    std::cout << r << '\n';

    r -= b;                                 // in place: b must broadcast to r's shape
    loom::view(r, loom::all, 0) = 0.0;      // write through a view: the first column
    std::cout << loom::view(r, 1) << '\n';  // the second row

    try {
        r += loom::ones<double>({2, 2, 3}); // would make r (2, 2, 3): in place, r keeps (2, 3)
    } catch (const loom::broadcast_error& err) {
        std::cout << err.what() << '\n';
    }
}
