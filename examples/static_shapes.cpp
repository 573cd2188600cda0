// examples/static_shapes.cpp: fixed_array (shape in the type) and tensor (rank in the type), with compile-time broadcasting.
#include <loom/loom.hpp>

#include <iostream>
#include <type_traits>

int main() {
    // snippet: fixed
    loom::fixed_array<double, 4, 4> a, b, r;        // zero-filled, the elements inline (no heap)
    a.fill(1.0);
    b = loom::arange<double>(4) * 0.5;              // in place: (4,) broadcasts to (4, 4)
    r = a + 2 * b;                                  // shapes checked at compile time, loop unrolled
    std::cout << r << '\n';
    // end snippet

    // snippet: static
    loom::fixed_array<double, 3> row = {1, 2, 3};
    loom::fixed_array<double, 2, 1> col = {{10}, {20}};
    auto outer = col + row;                         // broadcast at compile time
    static_assert(std::is_same_v<loom::static_shape_t<decltype(outer)>, loom::extents<2, 3>>);
    loom::fixed_array<double, 2, 3> m = outer;
    std::cout << m << '\n';
    // end snippet

    // snippet: mixed
    loom::array<double> dyn = {100, 200, 300};       // shape known at run time only
    loom::array<double> sum = m + dyn;              // (2, 3) with (3,): checked at run time
    std::cout << sum.shape() << '\n';
    try {
        m += loom::array<double>{1, 2};             // (2,) does not broadcast to (2, 3)
    } catch (const loom::broadcast_error& err) {
        std::cout << err.what() << '\n';
    }
    // end snippet

    // snippet: tensor
    loom::tensor<double, 2> t(loom::shape_t{2, 3});  // rank 2, extents at run time
    t = m * 2;                                      // value semantics, as array<T>
    t = loom::zeros<double>({5, 1});                // any extents of rank 2
    static_assert(loom::static_rank_v<decltype(t + row)> == 2);
    std::cout << t.shape() << '\n';
    try {
        t = loom::zeros<double>({5});               // rank 1: rejected, t unchanged
    } catch (const loom::broadcast_error& err) {
        std::cout << err.what() << '\n';
    }
    // end snippet
}
