// examples/aliasing.cpp: right-hand sides that read the target behave as if evaluated into a copy first.
#include <loom/loom.hpp>

#include <iostream>

int main() {
    // snippet: same
    loom::array<int> a = {1, 2, 3, 4, 5};
    a += a * a;           // element i reads only element i: computed in place, no temporary
    std::cout << a << '\n';
    // end snippet

    // snippet: shifted
    loom::array<int> b = {1, 2, 3, 4, 5};
    // b[1:] = b[:-1]: each write would clobber the next read; loom copies b first
    loom::view(b, loom::range(1, loom::none)) = loom::view(b, loom::range(loom::none, -1));
    std::cout << b << '\n';
    // end snippet

    // snippet: transposed
    loom::array<int> m = {{1, 2}, {3, 4}};
    m += loom::transpose(m);   // reads m in another order while writing it (Eigen needs .eval())
    std::cout << m << '\n';
    // end snippet
}
