// tests/core/index_assert.cpp: r(i, j) in a build without NDEBUG stops the program on a wrong
// count of indices or an index out of range, saying which (index_assert.py runs each case).
#include <loom/loom.hpp>

#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    const char* c = argv[1];
    loom::array<double> a = {{1, 2, 3}, {4, 5, 6}};
    loom::fixed_array<double, 3> f{1, 2, 3};
    loom::tensor<double, 2> t = a;
    const auto v = loom::view(a, loom::range(0, 2), 1);  // (2,): a's second column
    if (!std::strcmp(c, "ok")) {  // every element once, in range: no assertion
        double s = 0;
        for (int i = 0; i < 2; ++i)
            for (std::size_t j = 0; j < 3; ++j) s += a(i, j) + t(i, j);
        s += f(0) + f(2) + v(0) + v(1);
        std::printf("ok %g\n", s);
        return 0;
    }
    double x = 0;
    if (!std::strcmp(c, "count")) x = a(1);
    if (!std::strcmp(c, "too_many")) x = a(1, 2, 0);
    if (!std::strcmp(c, "range")) x = a(1, 3);
    if (!std::strcmp(c, "negative")) x = a(-1, 0);
    if (!std::strcmp(c, "fixed")) x = f(3);
    if (!std::strcmp(c, "tensor")) x = t(2, 0);
    if (!std::strcmp(c, "view")) x = v(2);
    std::printf("no assertion: %g\n", x);
    return 0;
}
