// examples/tutorial_broadcasting.cpp: operands of different shapes (docs/tutorial.md, step 3).
#include <loom/loom.hpp>

#include <iostream>

int main() {
    // snippet: rules
    loom::array<int> m = {{1, 2, 3}, {4, 5, 6}};  // (2, 3)
    loom::array<int> row = {10, 20, 30};          // (3,): lines up with m's last axis
    loom::array<int> col = {{100}, {200}};        // (2, 1): a column

    std::cout << m * 10 << '\n';                  // a number is rank 0: it goes everywhere
    std::cout << m + row << '\n';                 // row added to each row of m
    std::cout << m + col << '\n';                 // col added to each column of m
    std::cout << col + row << '\n';               // (2, 1) with (3,) gives (2, 3)
    // end snippet

    // snippet: error
    loom::array<int> pair = {1, 2};               // (2,) lines up with m's 3 columns: no match
    try {
        loom::array<int> bad = m + pair;
    } catch (const loom::broadcast_error& err) {
        std::cout << err.what() << '\n';
    }
    std::cout << m + loom::view(pair, loom::all, loom::newaxis) << '\n';  // as a (2, 1) column it fits
    // end snippet
}
