// bench/compile/quickstart_xtensor.cpp: examples/quickstart.cpp written with xtensor (with xsimd), the program
// bench/compile_time.py compares loom's quickstart with. Same operations, line for line.
#include <xtensor/xarray.hpp>
#include <xtensor/xbuilder.hpp>
#include <xtensor/xexception.hpp>
#include <xtensor/xio.hpp>
#include <xtensor/xview.hpp>

#include <iostream>

int main() {
    xt::xarray<double> a = {{1, 2, 3}, {4, 5, 6}};  // shape (2, 3)
    xt::xarray<double> b = {10, 20, 30};            // shape (3,): broadcasts over a's rows

    auto e = a * b + 1.0;       // lazy
    xt::xarray<double> r = e;   // evaluated here
    std::cout << r << '\n';

    r -= b;                                 // in place
    xt::view(r, xt::all(), 0) = 0.0;        // write through a view: the first column
    std::cout << xt::view(r, 1) << '\n';    // the second row

    try {
        r += xt::ones<double>({2, 2, 3});   // xtensor resizes r here where loom throws
    } catch (const xt::broadcast_error& err) {
        std::cout << err.what() << '\n';
    }
}
