// examples/semantics_inplace.cpp: the Array API in-place rule: the value must broadcast to the target's fixed shape.
#include <loom/loom.hpp>

#include <iostream>

int main() {
    loom::array<double> x = loom::zeros<double>({2, 3, 4});
    loom::array<double> a = loom::ones<double>({1, 3, 4});

    loom::view(x, loom::ellipsis) = a;  // fine: (1, 3, 4) broadcasts to (2, 3, 4)

    x(1, 2, 3) = 5;
    try {
        loom::view(x, 1, loom::ellipsis) = a;  // (1, 3, 4) into (3, 4): one axis too many
    } catch (const loom::broadcast_error& e) {
        std::cout << e.what() << '\n';
    }
    std::cout << "x(1, 2, 3) is still " << x(1, 2, 3) << '\n';  // nothing was written

    loom::array<double> y = loom::zeros<double>({3, 4});
    try {
        y += a;  // compound assignment follows the same rule
    } catch (const loom::broadcast_error& e) {
        std::cout << e.what() << '\n';
    }
    return x(1, 2, 3) == 5 && x(0, 0, 0) == 1 ? 0 : 1;
}
