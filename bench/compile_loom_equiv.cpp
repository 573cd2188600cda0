// bench/compile_loom_equiv.cpp: a quickstart-sized loom program, compiled by bench/compile_time.sh against
// bench/compile_xtensor_equiv.cpp (the same program written with xtensor) while examples/quickstart.cpp is missing.
#include <iostream>

#include <loom/loom.hpp>

int main() {
    loom::array<double> a = {{1, 2, 3}, {4, 5, 6}};
    loom::array<double> row = {10, 20, 30};
    loom::array<double> v = {1, 2};
    loom::array<double> col = loom::reshape(v, {2, 1});

    loom::array<double> r = a * 2.0 + row;        // row broadcast, one fused pass
    r += col;                                      // column broadcast, in place
    loom::array<double> s = loom::exp(a) * loom::sin(r);
    loom::array<double> t = loom::transpose(a) + 1.0;
    auto grid = loom::eval(col * row);             // outer product (2, 3)

    std::cout << r << '\n' << s << '\n' << t << '\n' << grid << '\n';
    return loom::allclose(r, a * 2.0 + row + col) ? 0 : 1;
}
