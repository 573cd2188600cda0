// bench/compile/program_eigen.cpp: the 30-statement program of bench/compile_time.py in Eigen, the statements
// of program_loom.cpp one for one, printing the same checksum. Eigen arrays are 2-D only: v is a row
// vector, u a column; broadcasts go through rowwise()/colwise(), where through select().
#include <Eigen/Dense>

#include <cmath>
#include <cstdio>

#ifndef EXPRS
#define EXPRS 30
#endif

int main(int argc, char**) {
    // shapes from argc, so that the compiler folds nothing
    const Eigen::Index m = 4 + argc, n = 5 + argc;
    using A = Eigen::ArrayXXd;
    A a(m, n), b(m, n), c(m, n);
    Eigen::Array<double, 1, Eigen::Dynamic> v(n);
    Eigen::ArrayXd u(m);
    for (Eigen::Index i = 0; i < m; ++i) {
        for (Eigen::Index j = 0; j < n; ++j) {
            a(i, j) = 0.5 + 0.1 * double(i) + 0.07 * double(j);
            b(i, j) = 2.0 - 0.05 * double(i) + 0.02 * double(j);
            c(i, j) = std::sin(0.3 * double(i) + 0.7 * double(j) + 0.1);
        }
        u(i) = 0.5 + 0.2 * double(i);
    }
    for (Eigen::Index j = 0; j < n; ++j) v(j) = 1.0 + 0.1 * double(j);
    double s = a(1, 1) + b(1, 1) + c(1, 1) + v(1) + u(1);

#if EXPRS >= 1
    // element-wise
    A r1 = a * b + 1.0;
    s += r1(1, 2);
#endif
#if EXPRS >= 30
    A r2 = (a - c) * 0.5 + b / (a + 2.0);
    s += r2(2, 1);
    A r3 = c.exp() - (a + 1.0).log();
    s += r3(3, 4);
    A r4 = b.sqrt() * c.abs();
    s += r4(0, 3);
    A r5 = a.sin() + b.cos() * c;
    s += r5(4, 0);
    A r6 = (c > 0.0).select(a, b);
    s += r6(2, 2);
    A r7 = a.max(b) - b.min(c);
    s += r7(1, 4);
    A r8 = (a > b).select(a - b, 0.0);
    s += r8(4, 5);
    A r9 = a * a + b * b - 2.0 * a * b;
    s += r9(3, 1);
    r1 = r1 * 0.25 + a;
    s += r1(2, 3);

    // broadcasts: row vector, column, outer product, reductions broadcast back
    A r11 = a.rowwise() + v;
    s += r11(1, 3);
    A r12 = a.colwise() * u;
    s += r12(3, 2);
    A r13 = u.replicate(1, n).rowwise() * v;
    s += r13(4, 5);
    A r14 = a.rowwise() - a.colwise().mean();
    s += r14(0, 1);
    A r15 = (c.rowwise() * v).colwise() - u;
    s += r15(2, 4);
    A r16 = (a.rowwise() + v).colwise() * u + c;
    s += r16(3, 3);
    A r17 = (a.rowwise() * v) + (b.colwise() * u);
    s += r17(1, 0);
    A r18 = ((u * u).replicate(1, n).rowwise() + v * v).sqrt();
    s += r18(4, 2);

    // reductions
    s += a.sum();
    Eigen::Array<double, 1, Eigen::Dynamic> r20 = a.colwise().sum();
    s += r20(2);
    Eigen::ArrayXd r21 = (b * c).rowwise().sum();
    s += r21(1);
    Eigen::ArrayXd r22 = c.rowwise().maxCoeff();
    s += r22(3);
    s += (a * b + c).mean();
    s += (a * b).sum();  // a dot product
    A r25 = a.colwise() / a.rowwise().sum();
    s += r25(2, 5);

    // views: a column and a row read and written, a sub-block, a strided slice, a transpose
    r2.col(0) = b.col(3) * 3.0;
    s += r2(2, 0);
    r3.row(1) = a.row(2) - c.row(0);
    s += r3(1, 3);
    A r28 = a.block(1, 1, 2, 3) * b.block(2, 0, 2, 3);
    s += r28(1, 2);
    A r29 = b(Eigen::seq(0, Eigen::last, 2), Eigen::seq(1, Eigen::last, 2)) + 1.0;
    s += r29(1, 1);
    A r30 = a.transpose() * 2.0 + b.transpose();
    s += r30(3, 1);
#endif
    std::printf("checksum %.17g\n", s);
}
