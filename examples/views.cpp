// examples/views.cpp: views: slicing with Python rules, transpose, reshape, and arrays over memory loom does not own.
#include <loom/loom.hpp>

#include <iostream>

int main() {
    // snippet: slicing
    loom::array<int> x = loom::arange<int>(12);
    auto m = loom::reshape(x, {3, 4});          // (3, 4), shares x's memory
    std::cout << loom::view(m, 1) << '\n';      // m[1]       -> the second row
    std::cout << loom::view(m, loom::all, loom::range(loom::none, loom::none, -2)) << '\n';  // m[:, ::-2]
    std::cout << loom::view(m, loom::ellipsis, loom::newaxis).shape() << '\n';  // m[..., None]
    std::cout << loom::transpose(m).shape() << '\n';  // m.T
    // end snippet

    // snippet: writing
    loom::view(m, loom::range(1, 3), loom::range(1, 3)) = 0;  // m[1:3, 1:3] = 0 writes into x
    std::cout << x << '\n';
    // end snippet

    // snippet: adapt
    double buf[6] = {1, 2, 3, 4, 5, 6};         // memory someone else owns
    auto v = loom::adapt(buf, {2, 3});          // a writable (2, 3) view over it
    v *= 2;
    std::cout << buf[5] << ' ' << loom::flatten(v) << '\n';
    // end snippet
}
