// bench/compile_xtensor_equiv.cpp: the program of bench/compile_loom_equiv.cpp written with xtensor (with xsimd),
// the reference bench/compile_time.sh compares loom's compile time with.
#include <iostream>

#include <xtensor/xarray.hpp>
#include <xtensor/xio.hpp>
#include <xtensor/xmanipulation.hpp>
#include <xtensor/xmath.hpp>
#include <xtensor/xoperation.hpp>

int main() {
    xt::xarray<double> a = {{1, 2, 3}, {4, 5, 6}};
    xt::xarray<double> row = {10, 20, 30};
    xt::xarray<double> v = {1, 2};
    xt::xarray<double> col = xt::reshape_view(v, {2, 1});

    xt::xarray<double> r = a * 2.0 + row;         // row broadcast
    r += col;                                      // column broadcast, in place
    xt::xarray<double> s = xt::exp(a) * xt::sin(r);
    xt::xarray<double> t = xt::transpose(a) + 1.0;
    xt::xarray<double> grid = col * row;           // outer product (2, 3)

    std::cout << r << '\n' << s << '\n' << t << '\n' << grid << '\n';
    return xt::allclose(r, a * 2.0 + row + col) ? 0 : 1;
}
