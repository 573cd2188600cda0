// examples/inplace.cpp: in-place assignment keeps the target's shape; a value that does not fit is rejected before any write.
#include <loom/loom.hpp>

#include <iostream>

int main() {
    // snippet: accepted
    loom::array<double> x = loom::zeros<double>({2, 3});
    loom::array<double> row = {1, 2, 3};
    x += row;                                     // (3,) broadcasts to (2, 3)
    x *= 10;                                      // a scalar is rank 0
    loom::view(x, 1, loom::ellipsis) = row * row; // a view is a fixed-shape target too
    std::cout << x << '\n';
    // end snippet

    // snippet: rejected
    loom::array<double> big = loom::ones<double>({1, 2, 3});  // broadcasts *with* x to (1, 2, 3)...
    try {
        x += big;                                 // ...but not *to* (2, 3): x cannot grow
    } catch (const loom::broadcast_error& err) {
        std::cout << err.what() << '\n';
    }
    std::cout << x(0, 0) << ' ' << x(1, 2) << '\n';  // untouched: checked before any write
    // end snippet

    // snippet: value
    loom::array<double> y = x + big;              // plain `=` has value semantics: y takes (1, 2, 3)
    std::cout << y.shape() << '\n';
    // end snippet
}
