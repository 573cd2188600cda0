// bench/transpose.cpp: r = A + transpose(B), an operand against the target's order; loom against the naive hand loop, xtensor, Eigen and the triad.
#include "common.hpp"

namespace {

void transpose(const char* size, std::size_t n) {
    using T = double;
    const auto sp = [&](const char* impl) {
        return bench::spec{std::string("transpose/") + impl + "/" + size, n * n, 3 * n * n * sizeof(T), 1e-14};
    };
    const auto ref = [n](std::size_t i) { return bench::value<T>(1, i) + bench::value<T>(2, i % n * n + i / n); };

    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<T> a, b, r;
            void run() { r = a + loom::transpose(b); }
            const T* out() const { return r.data(); }
        };
        return job{bench::loom_array<T>({n, n}, 1), bench::loom_array<T>({n, n}, 2), loom::array<T>(loom::shape_t{n, n})};
    });

    // The loop anyone writes first: row by row through r and A, down columns of B.
    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<T> a, b, r;
            std::size_t m;
            void run() {
                const T* __restrict pa = a.data();
                const T* __restrict pb = b.data();
                T* __restrict pr = r.data();
                for (std::size_t i = 0; i < m; ++i)
                    for (std::size_t j = 0; j < m; ++j) pr[i * m + j] = pa[i * m + j] + pb[j * m + i];
            }
            const T* out() const { return r.data(); }
        };
        return job{bench::buffer<T>(n * n, 1), bench::buffer<T>(n * n, 2), bench::buffer<T>(n * n), n};
    });

#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("xtensor"), ref, [=] {
        struct job {
            xt::xtensor<T, 2> a, b, r;
            void run() { xt::noalias(r) = a + xt::transpose(b); }
            const T* out() const { return r.data(); }
        };
        return job{bench::xt_array<T, 2>({n, n}, 1), bench::xt_array<T, 2>({n, n}, 2),
                   xt::xtensor<T, 2>(std::array<std::size_t, 2>{n, n})};
    });
#endif

#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [=] {
        using A = bench::eigen_array<T>;
        struct job {
            A a, b, r;
            void run() { r = a + b.transpose(); }
            const T* out() const { return r.data(); }
        };
        const auto m = static_cast<Eigen::Index>(n);
        return job{bench::eigen_fill<A>(m, m, 1), bench::eigen_fill<A>(m, m, 2), A(m, m)};
    });
#endif
}

}  // namespace

int main(int argc, char** argv) {
    bench::add_triad();
    transpose("cache", 64);     // 32 KiB per operand
    transpose("memory", 2048);  // 32 MiB per operand
    return bench::run_main(argc, argv);
}
