// examples/tutorial_views.cpp: views and slicing, reading and writing (docs/tutorial.md, step 4).
#include <loom/loom.hpp>

#include <iostream>

int main() {
    // snippet: read
    loom::array<int> m = loom::reshape(loom::arange<int>(12), {3, 4});
    std::cout << m << '\n';
    std::cout << loom::view(m, 1) << '\n';                              // m[1]: the second row
    std::cout << loom::view(m, loom::all, 2) << '\n';                   // m[:, 2]: the third column
    std::cout << loom::view(m, loom::range(0, 2), loom::range(1, 3)) << '\n';  // m[0:2, 1:3]
    std::cout << loom::view(m, loom::all, loom::range(loom::none, loom::none, 2)) << '\n';  // m[:, ::2]
    std::cout << loom::view(m, -1, loom::range(loom::none, loom::none, -1)) << '\n';  // m[-1, ::-1]
    // end snippet

    // snippet: axes
    std::cout << loom::transpose(m) << '\n';                            // m.T: (4, 3)
    std::cout << loom::view(m, 0, loom::newaxis).shape() << '\n';       // m[0, None]: (1, 4)
    std::cout << loom::view(m, loom::all, loom::newaxis, loom::all).shape() << '\n';  // m[:, None, :]
    // end snippet

    // snippet: write
    auto corner = loom::view(m, loom::range(1, 3), loom::range(2, 4));  // m[1:3, 2:4]: no copy
    corner = 0;                                  // writes into m
    loom::view(m, 0) += 100;                     // so does any in-place operator on a view
    std::cout << m << '\n';
    // end snippet
}
