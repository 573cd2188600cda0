// examples/tutorial_arrays.cpp: making arrays and printing them (docs/tutorial.md, step 2).
#include <loom/loom.hpp>

#include <cstdint>
#include <iostream>
#include <vector>

int main() {
    // snippet: literal
    loom::array<int> a = {{1, 2, 3}, {4, 5, 6}};  // nested braces: rank 2, shape (2, 3)
    std::cout << a << '\n';
    std::cout << a.shape() << ' ' << a.ndim() << ' ' << a.size() << '\n';
    std::cout << a(1, 2) << '\n';                 // one element: row 1, column 2
    // end snippet

    // snippet: factories
    std::cout << loom::zeros<double>({2, 3}) << '\n';
    std::cout << loom::full({2, 2}, 7) << '\n';                  // the value's type is the element type
    std::cout << loom::arange<int>(0, 10, 3) << '\n';            // 0, 3, 6, 9
    std::cout << loom::linspace<double>(0, 1, 5) << '\n';        // 5 points, both ends included
    std::cout << loom::eye<int>(3) << '\n';
    std::cout << loom::reshape(loom::arange<double>(6), {2, 3}) << '\n';
    // end snippet

    // snippet: convert
    std::vector<float> v = {0.5f, 1.5f, 2.5f, 3.5f};
    auto b = loom::asarray(v, {2, 2});                 // copies the vector into a (2, 2) array
    std::cout << b << '\n';
    std::cout << loom::astype<std::int64_t>(b * 2) << '\n';  // another element type, explicitly
    std::vector<float> back = loom::to_vector(b + 1);  // and back to the standard library
    std::cout << back.size() << ' ' << back[3] << '\n';
    // end snippet
}
