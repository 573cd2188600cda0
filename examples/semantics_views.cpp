// examples/semantics_views.cpp: views with Python's slice rules; transpose, reshape and the in-place rule through views.
#include <loom/loom.hpp>

#include <iostream>

int main() {
    using loom::all;
    using loom::none;
    using loom::range;
    loom::array<int> x = loom::arange<int>(10);

    std::cout << loom::view(x, range(none, none, -1)) << '\n';  // x[::-1]
    std::cout << loom::view(x, range(8, 1, -3)) << '\n';        // x[8:1:-3]
    std::cout << loom::view(x, range(-3, 100)) << '\n';         // x[-3:100]: bounds are clipped

    auto m = loom::reshape(x, {2, 5});  // a view: same memory
    loom::view(m, all, range(none, none, 2)) = 0;  // m[:, ::2] = 0 writes into x
    std::cout << x << '\n';
    std::cout << loom::view(m, loom::newaxis, 1, loom::ellipsis).shape() << '\n';  // m[None, 1, ...]

    auto t = loom::transpose(m);  // (5, 2), strides (1, 5)
    try {
        auto flat = loom::flatten(t);  // not expressible as a view of x
    } catch (const loom::index_error& e) {
        std::cout << e.what() << '\n';
    }
    loom::array<int> copy = t;  // evaluate first, then any reshape is a view of the copy
    std::cout << loom::flatten(copy) << '\n';
    return x(1) == 1 && x(2) == 0 && copy(3, 1) == 8 ? 0 : 1;
}
