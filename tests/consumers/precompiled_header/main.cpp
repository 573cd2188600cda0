// tests/consumers/precompiled_header/main.cpp: a program compiled against loom.hpp as a precompiled
// header (g++ .gch and clang++ -include-pch, tests/consumers/run.sh), with nothing else included
// from loom. Static shapes broadcast at compile time: clang 14 crashed instantiating those from a
// precompiled header while loom's static broadcasting used lambdas in member initializers.
#include <cstdio>

int main() {
    // Expected values worked out by hand: m + v with v broadcast along m's rows.
    loom::fixed_array<double, 2, 3> m;
    loom::fixed_array<float, 3> v;
    for (std::size_t i = 0; i < 6; ++i) m.data()[i] = double(i);
    for (std::size_t j = 0; j < 3; ++j) v.data()[j] = float(10 * (j + 1));
    loom::fixed_array<double, 2, 3> r = m + v;
    const double want[] = {10, 21, 32, 13, 24, 35};
    for (std::size_t i = 0; i < 6; ++i)
        if (r.data()[i] != want[i]) return std::printf("r[%zu] = %g, want %g\n", i, r.data()[i], want[i]), 1;

    // In place: v must broadcast to r's fixed shape (checked at compile time).
    r += v;
    const double want_in_place[] = {20, 41, 62, 23, 44, 65};
    for (std::size_t i = 0; i < 6; ++i)
        if (r.data()[i] != want_in_place[i])
            return std::printf("r[%zu] = %g after +=, want %g\n", i, r.data()[i], want_in_place[i]), 1;

    // The same with run-time shapes, and a static shape into an array.
    loom::array<double> a = {{1, 2, 3}, {4, 5, 6}};
    loom::array<double> s = a * v + 1.0;
    const double want_s[] = {11, 41, 91, 41, 101, 181};
    for (std::size_t i = 0; i < 6; ++i)
        if (s.data()[i] != want_s[i]) return std::printf("s[%zu] = %g, want %g\n", i, s.data()[i], want_s[i]), 1;

    // A sum large enough for threads where OpenMP is on: the same bits with one thread.
    loom::array<double> big = loom::arange<double>(1 << 20) * 0.5;
    const double all = loom::sum(big);
    double one = 0;
    {
        const loom::threads_scope serial(1);
        one = loom::sum(big);
    }
    if (all != one) return std::printf("sum on %d threads %.17g, on one %.17g\n", loom::num_threads(), all, one), 1;
#ifdef _OPENMP
    const int openmp = 1;
#else
    const int openmp = 0;
#endif
    // A product large enough for the BLAS when loom was built with one: its symbols must link.
    const loom::array<double> p = loom::matmul(loom::ones<double>({64, 64}), loom::full<double>({64, 64}, 2.0));
    if (p(0, 0) != 128.0 || p(63, 63) != 128.0) return std::printf("matmul gives %g, want 128\n", p(0, 0)), 1;
    std::printf("loom %s simd=%d openmp=%d blas=%d ok\n", LOOM_VERSION_STRING, LOOM_SIMD, openmp, LOOM_BLAS);
    return 0;
}
