// bench/compile/program_loom.cpp: the 30-statement program of bench/compile_time.py in loom; program_xtensor.cpp
// and program_eigen.cpp are the same statements, and all three print the same checksum.
// EXPRS (0, 1 or 30): 0 the operands and the checksum only, 1 the first statement too, 30 all of them.
#include <loom/loom.hpp>

#include <cstddef>
#include <cmath>
#include <cstdio>

#ifndef EXPRS
#define EXPRS 30
#endif

int main(int argc, char**) {
    // shapes from argc, so that the compiler folds nothing
    const std::size_t m = 4 + static_cast<std::size_t>(argc), n = 5 + static_cast<std::size_t>(argc);
    using A = loom::array<double>;
    A a = loom::empty<double>({m, n}), b = loom::empty<double>({m, n}), c = loom::empty<double>({m, n});
    A v = loom::empty<double>({n}), u = loom::empty<double>({m, 1});
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
    A r3 = loom::exp(c) - loom::log(a + 1.0);
    s += r3(3, 4);
    A r4 = loom::sqrt(b) * loom::abs(c);
    s += r4(0, 3);
    A r5 = loom::sin(a) + loom::cos(b) * c;
    s += r5(4, 0);
    A r6 = loom::where(c > 0.0, a, b);
    s += r6(2, 2);
    A r7 = loom::maximum(a, b) - loom::minimum(b, c);
    s += r7(1, 4);
    A r8 = loom::where(a > b, a - b, 0.0);
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
    A r14 = a - loom::mean(a, 0);
    s += r14(0, 1);
    A r15 = c * v - u;
    s += r15(2, 4);
    A r16 = (a + v) * u + c;
    s += r16(3, 3);
    A r17 = a * v + b * u;
    s += r17(1, 0);
    A r18 = loom::sqrt(u * u + v * v);
    s += r18(4, 2);

    // reductions
    s += double(loom::sum(a));
    A r20 = loom::sum(a, 0);
    s += r20(2);
    A r21 = loom::sum(b * c, 1);
    s += r21(1);
    A r22 = loom::max(c, 1);
    s += r22(3);
    s += double(loom::mean(a * b + c));
    s += double(loom::sum(a * b));  // a dot product
    A r25 = a / loom::sum(a, 1, loom::keepdims);
    s += r25(2, 5);

    // views: a column and a row read and written, a sub-block, a strided slice, a transpose
    loom::view(r2, loom::all, 0) = loom::view(b, loom::all, 3) * 3.0;
    s += r2(2, 0);
    loom::view(r3, 1) = loom::view(a, 2) - loom::view(c, 0);
    s += r3(1, 3);
    A r28 = loom::view(a, loom::range(1, 3), loom::range(1, 4)) *
            loom::view(b, loom::range(2, 4), loom::range(0, 3));
    s += r28(1, 2);
    A r29 = loom::view(b, loom::range(0, m, 2), loom::range(1, n, 2)) + 1.0;
    s += r29(1, 1);
    A r30 = loom::transpose(a) * 2.0 + loom::transpose(b);
    s += r30(3, 1);
#endif
    std::printf("checksum %.17g\n", s);
}
