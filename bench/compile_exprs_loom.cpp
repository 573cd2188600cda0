// bench/compile_exprs_loom.cpp: what each further expression costs to compile (bench/compile_time.sh
// --expressions). EXPRS (0, 1 or 8) distinct expressions assigned to new arrays; the same program in
// xtensor is bench/compile_exprs_xtensor.cpp.
#include <loom/loom.hpp>

#ifndef EXPRS
#define EXPRS 8
#endif

using A = loom::array<double>;

int main() {
    const A a = loom::ones<double>({4, 5}), b = loom::ones<double>({5}), c = loom::ones<double>({4, 5});
    double sum = a.data()[0];
#if EXPRS >= 1
    A r1 = a * b + 1.0;
    sum += r1.data()[0];
#endif
#if EXPRS >= 8
    A r2 = a - b * 2.0;
    A r3 = a * c + b;
    A r4 = (a + c) * (b - 1.0);
    A r5 = a / (c + 3.0);
    A r6 = a * a + c * c;
    A r7 = b - a;
    A r8 = (a - c) * 0.5;
    sum += r2.data()[0] + r3.data()[0] + r4.data()[0] + r5.data()[0] + r6.data()[0] + r7.data()[0] + r8.data()[0];
#endif
    return sum > 0 ? 0 : 1;
}
