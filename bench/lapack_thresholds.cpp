// bench/lapack_thresholds.cpp: where LAPACK overtakes loom's own code, for the defaults of
// loom::linalg::lapack_threshold (built with loom's Meson option `lapack`). For each order n, the best
// of repeated calls of eigh, eigvalsh, svd (thin), svdvals, eig and eigvals on one random double matrix
// with every matrix kept by loom (threshold SIZE_MAX) over the same with every matrix sent to LAPACK
// (threshold 0): a ratio above 1 means LAPACK is faster. Run it on one thread, as the defaults were:
//   OPENBLAS_NUM_THREADS=1 taskset -c 1 build/bench/lapack_thresholds
#include <loom/linalg.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>

namespace la = loom::linalg;

namespace {

// The least time of f over at least 3 calls and 0.3 s (at most 2000 calls).
template <class F>
double best_seconds(F&& f) {
    double best = 1e300, total = 0;
    for (int calls = 0; (total < 0.3 || calls < 3) && calls < 2000; ++calls) {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        const double d = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        best = std::min(best, d);
        total += d;
    }
    return best;
}

// loom's own time over LAPACK's for the calls f of routine r.
template <class F>
double own_over_lapack(la::lapack_routine r, F&& f) {
    la::set_lapack_threshold(r, std::numeric_limits<std::size_t>::max());
    const double own = best_seconds(f);
    la::set_lapack_threshold(r, 0);
    const double lapack = best_seconds(f);
    return own / lapack;
}

}  // namespace

int main() {
    if (!la::has_lapack) {
        std::puts("loom was built without the option lapack: nothing to compare");
        return 0;
    }
    loom::set_num_threads(1);
    std::mt19937_64 gen(1);
    std::uniform_real_distribution<double> uniform(-1, 1);
    std::puts("loom's time / LAPACK's (above 1: LAPACK faster), double, one matrix of order n");
    std::puts("    n   eigh  eigvalsh   svd  svdvals   eig  eigvals");
    for (std::size_t n : {4, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384}) {
        loom::array<double> a(loom::shape_t{n, n});
        for (auto& v : a) v = uniform(gen);
        const loom::array<double> s = (a + la::matrix_transpose(a)) * 0.5;
        using R = la::lapack_routine;
        const double r[6] = {own_over_lapack(R::eigh, [&] { (void)la::eigh(s); }),
                             own_over_lapack(R::eigvalsh, [&] { (void)la::eigvalsh(s); }),
                             own_over_lapack(R::svd, [&] { (void)la::svd(a, false); }),
                             own_over_lapack(R::svdvals, [&] { (void)la::svdvals(a); }),
                             own_over_lapack(R::eig, [&] { (void)la::eig(a); }),
                             own_over_lapack(R::eigvals, [&] { (void)la::eigvals(a); })};
        std::printf("%5zu %6.2f %9.2f %5.2f %8.2f %5.2f %8.2f\n", n, r[0], r[1], r[2], r[3], r[4], r[5]);
        std::fflush(stdout);
    }
}
