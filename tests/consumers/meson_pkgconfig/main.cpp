// tests/consumers/meson_pkgconfig/main.cpp: a program using an installed loom found through pkg-config (loom.pc).
#include <loom/loom.hpp>

#include <cstdio>

int main() {
    // Expected values worked out by hand: a * col + 1 with col broadcast along the rows.
    loom::array<double> a = {{1, 2, 3}, {4, 5, 6}};
    loom::array<double> col(loom::shape_t{2, 1});
    col(0, 0) = 10;
    col(1, 0) = 20;
    loom::array<double> r = a * col + 1.0;
    const double want[] = {11, 21, 31, 81, 101, 121};
    for (std::size_t i = 0; i < 6; ++i)
        if (r.data()[i] != want[i]) return std::printf("r[%zu] = %g, want %g\n", i, r.data()[i], want[i]), 1;

    // 37 elements: SIMD batches plus a tail. sum(2i + 1, i < 37) = 37 * 37.
    loom::array<float> x = loom::arange<float>(37.0f);
    loom::array<float> y = x * 2 + 1;
    float sum = 0;
    for (float v : y) sum += v;
    if (sum != 1369.0f) return std::printf("sum = %g, want 1369\n", double(sum)), 1;

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
