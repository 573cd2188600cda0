// examples/tutorial_inplace.cpp: assignment into an existing array or view (docs/tutorial.md, step 6).
#include <loom/loom.hpp>

#include <iostream>

int main() {
    // snippet: keep
    loom::array<int> grid = loom::zeros<int>({2, 3});
    loom::array<int> row = {1, 2, 3};
    grid += row;                             // row broadcasts to grid's (2, 3)
    grid *= 10;
    loom::view(grid, 1) -= row;              // only the second row
    std::cout << grid << '\n';
    // end snippet

    // snippet: reject
    auto first = loom::view(grid, 0);        // (3,): the first row
    loom::array<int> col = {{1}, {2}};       // (2, 1): with (3,) it would make (2, 3)
    try {
        first += col;                        // the row is (3,) and stays (3,)
    } catch (const loom::broadcast_error& err) {
        std::cout << err.what() << '\n';
    }
    std::cout << grid << '\n';               // not a single element written
    // end snippet

    // snippet: value
    loom::array<int> table = first + col;    // a new array takes the shape of its value
    std::cout << table << '\n';
    grid = loom::sum(table, 0);              // plain = gives grid a value, shape included
    std::cout << grid.shape() << ' ' << grid << '\n';
    // end snippet
}
