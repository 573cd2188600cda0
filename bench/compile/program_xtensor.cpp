// bench/compile/program_xtensor.cpp: the 30-statement program of bench/compile_time.py in xtensor (with xsimd:
// XTENSOR_USE_XSIMD), the statements of program_loom.cpp one for one, printing the same checksum.
// EXPRS (0, 1 or 30): 0 the operands and the checksum only, 1 the first statement too, 30 all of them.
#include <xtensor/xarray.hpp>
#include <xtensor/xmanipulation.hpp>
#include <xtensor/xmath.hpp>
#include <xtensor/xoperation.hpp>
#include <xtensor/xview.hpp>

#include <cstddef>
#include <cmath>
#include <cstdio>

#ifndef EXPRS
#define EXPRS 30
#endif

int main(int argc, char**) {
    // shapes from argc, so that the compiler folds nothing
    const std::size_t m = 4 + static_cast<std::size_t>(argc), n = 5 + static_cast<std::size_t>(argc);
    using A = xt::xarray<double>;
    A a = A::from_shape({m, n}), b = A::from_shape({m, n}), c = A::from_shape({m, n});
    A v = A::from_shape({n}), u = A::from_shape({m, 1});
    for (std::size_t i = 0; i < m; ++i) {
        for (std::size_t j = 0; j < n; ++j) {
            a(i, j) = 0.5 + 0.1 * double(i) + 0.07 * double(j);
            b(i, j) = 2.0 - 0.05 * double(i) + 0.02 * double(j);
            c(i, j) = std::sin(0.3 * double(i) + 0.7 * double(j) + 0.1);
        }
        u(i, 0) = 0.5 + 0.2 * double(i);
    }
    for (std::size_t j = 0; j < n; ++j) v(j) = 1.0 + 0.1 * double(j);
    double s = a(1, 1) + b(1, 1) + c(1, 1) + v(1) + u(1, 0);

#if EXPRS >= 1
    // element-wise
    A r1 = a * b + 1.0;
    s += r1(1, 2);
#endif
#if EXPRS >= 30
    A r2 = (a - c) * 0.5 + b / (a + 2.0);
    s += r2(2, 1);
    A r3 = xt::exp(c) - xt::log(a + 1.0);
    s += r3(3, 4);
    A r4 = xt::sqrt(b) * xt::abs(c);
    s += r4(0, 3);
    A r5 = xt::sin(a) + xt::cos(b) * c;
    s += r5(4, 0);
    A r6 = xt::where(c > 0.0, a, b);
    s += r6(2, 2);
    A r7 = xt::maximum(a, b) - xt::minimum(b, c);
    s += r7(1, 4);
    A r8 = xt::where(a > b, a - b, 0.0);
    s += r8(4, 5);
    A r9 = a * a + b * b - 2.0 * a * b;
    s += r9(3, 1);
    r1 = r1 * 0.25 + a;
    s += r1(2, 3);

    // broadcasts: row vector, column, outer product, reductions broadcast back
    A r11 = a + v;
    s += r11(1, 3);
    A r12 = a * u;
    s += r12(3, 2);
    A r13 = u * v;
    s += r13(4, 5);
    A r14 = a - xt::mean(a, {0});
    s += r14(0, 1);
    A r15 = c * v - u;
    s += r15(2, 4);
    A r16 = (a + v) * u + c;
    s += r16(3, 3);
    A r17 = a * v + b * u;
    s += r17(1, 0);
    A r18 = xt::sqrt(u * u + v * v);
    s += r18(4, 2);

    // reductions
    s += xt::sum(a)();
    A r20 = xt::sum(a, {0});
    s += r20(2);
    A r21 = xt::sum(b * c, {1});
    s += r21(1);
    A r22 = xt::amax(c, {1});
    s += r22(3);
    s += xt::mean(a * b + c)();
    s += xt::sum(a * b)();  // a dot product
    // the sums made an array first: xtensor 0.24 broadcasts a lazy keep_dims reducer wrongly (its issue #2737)
    A r25 = a / A(xt::sum(a, {1}, xt::keep_dims));
    s += r25(2, 5);

    // views: a column and a row read and written, a sub-block, a strided slice, a transpose
    xt::view(r2, xt::all(), 0) = xt::view(b, xt::all(), 3) * 3.0;
    s += r2(2, 0);
    xt::view(r3, 1) = xt::view(a, 2) - xt::view(c, 0);
    s += r3(1, 3);
    A r28 = xt::view(a, xt::range(1, 3), xt::range(1, 4)) *
            xt::view(b, xt::range(2, 4), xt::range(0, 3));
    s += r28(1, 2);
    A r29 = xt::view(b, xt::range(0, m, 2), xt::range(1, n, 2)) + 1.0;
    s += r29(1, 1);
    A r30 = xt::transpose(a) * 2.0 + xt::transpose(b);
    s += r30(3, 1);
#endif
    std::printf("checksum %.17g\n", s);
}
