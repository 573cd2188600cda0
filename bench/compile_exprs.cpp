// bench/compile_exprs.cpp: what each further expression costs to compile (bench/compile_time.sh
// --expressions). EXPRS (0, 1 or 8) distinct expressions assigned to new arrays, in loom, or in
// xtensor with -DEXPRS_XTENSOR: one program text, so the two libraries compile the same operations.
#ifdef EXPRS_XTENSOR
#include <xtensor/xarray.hpp>
#include <xtensor/xbuilder.hpp>
namespace lib = xt;
using A = xt::xarray<double>;
#else
#include <loom/loom.hpp>
namespace lib = loom;
using A = loom::array<double>;
#endif

#ifndef EXPRS
#define EXPRS 8
#endif

int main() {
    const A a = lib::ones<double>({4, 5}), b = lib::ones<double>({5}), c = lib::ones<double>({4, 5});
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
