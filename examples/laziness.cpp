// examples/laziness.cpp: expressions are lazy: building one computes nothing, assigning it runs one fused pass.
#include <loom/loom.hpp>

#include <iostream>
#include <type_traits>

int main() {
    loom::array<float> x = {0.0f, 0.5f, 1.0f, 1.5f};
    loom::array<float> y = {4, 3, 2, 1};

    // snippet: build
    auto e = 2 * x + loom::sqrt(y);  // a tree of nodes that refers to x and y
    static_assert(std::is_same_v<decltype(e)::value_type, float>);  // 2 does not widen float
    std::cout << e.shape() << '\n';  // worked out on demand, without computing an element
    // end snippet

    // snippet: late
    x(0) = 10;                  // the expression reads x when it is evaluated...
    loom::array<float> r = e;   // ...so r(0) is 2 * 10 + sqrt(4)
    std::cout << r << '\n';
    // end snippet

    // snippet: eval
    auto s = loom::eval(x * y);              // loom::eval: an array right away
    static_assert(std::is_same_v<decltype(s), loom::array<float>>);
    std::cout << s << '\n';
    std::cout << loom::astype<int>(s) << '\n';  // an explicit element type, still lazy
    // end snippet

    // snippet: reuse
    r = r * r - 1;  // reads r and writes r: correct, as if the right side were evaluated first
    std::cout << r << '\n';
    // end snippet
}
