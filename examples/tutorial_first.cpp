// examples/tutorial_first.cpp: the tutorial's first program (docs/tutorial.md, step 1).
#include <loom/loom.hpp>

#include <iostream>

int main() {
    loom::array<double> prices = {{1.5, 2.0, 4.0}, {3.0, 0.5, 1.0}};  // 2 shops, 3 items
    loom::array<double> amount = {2, 10, 1};                         // how many of each item

    loom::array<double> cost = prices * amount;  // each row times amount, element by element
    std::cout << cost << '\n';
    std::cout << loom::sum(cost, 1) << '\n';     // the bill of each shop
}
