// bench/broadcast.cpp: row, column, outer-product and 4-D broadcasts, loom against a hand loop, xtensor, Eigen and the triad.
#include "common.hpp"

namespace {

struct dims {
    std::size_t rows, cols;
};

// (rows, cols) with `bytes` in the result: 64 rows in cache, 2048 out of it.
template <class T>
dims dims_for(std::size_t bytes) {
    const std::size_t rows = bytes >= bench::memory_bytes ? 2048 : 64;
    return {rows, bytes / sizeof(T) / rows};
}

template <class T>
double tol() {
    return std::is_same_v<T, float> ? 1e-6 : 1e-14;
}

// r(M,N) = A(M,N) + b(N)
template <class T>
void row(const char* size, std::size_t bytes) {
    const dims d = dims_for<T>(bytes);
    const std::size_t M = d.rows, N = d.cols;
    const auto sp = [&](const char* impl) {
        return bench::spec{std::string("row") + bench::type_suffix<T>() + "/" + impl + "/" + size, M * N,
                           (2 * M * N + N) * sizeof(T), tol<T>()};
    };
    const auto ref = [N](std::size_t i) {
        return static_cast<double>(bench::value<T>(1, i)) + static_cast<double>(bench::value<T>(2, i % N));
    };

    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<T> a, b, r;
            void run() { r = a + b; }
            const T* out() const { return r.data(); }
        };
        return job{bench::loom_array<T>({M, N}, 1), bench::loom_array<T>({N}, 2), loom::array<T>(loom::shape_t{M, N})};
    });

    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<T> a, b, r;
            std::size_t m, n;
            void run() {
                const T* __restrict pa = a.data();
                const T* __restrict pb = b.data();
                T* __restrict pr = r.data();
                for (std::size_t i = 0; i < m; ++i)
                    for (std::size_t j = 0; j < n; ++j) pr[i * n + j] = pa[i * n + j] + pb[j];
            }
            const T* out() const { return r.data(); }
        };
        return job{bench::buffer<T>(M * N, 1), bench::buffer<T>(N, 2), bench::buffer<T>(M * N), M, N};
    });

#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("xtensor"), ref, [=] {
        struct job {
            xt::xtensor<T, 2> a;
            xt::xtensor<T, 1> b;
            xt::xtensor<T, 2> r;
            void run() { xt::noalias(r) = a + b; }
            const T* out() const { return r.data(); }
        };
        return job{bench::xt_array<T, 2>({M, N}, 1), bench::xt_array<T, 1>({N}, 2),
                   xt::xtensor<T, 2>(std::array<std::size_t, 2>{M, N})};
    });
#endif

#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [=] {
        using A = bench::eigen_array<T>;
        using B = bench::eigen_row<T>;
        struct job {
            A a;
            B b;
            A r;
            void run() { r = a.rowwise() + b; }
            const T* out() const { return r.data(); }
        };
        const auto m = static_cast<Eigen::Index>(M), n = static_cast<Eigen::Index>(N);
        return job{bench::eigen_fill<A>(m, n, 1), bench::eigen_fill<B>(1, n, 2), A(m, n)};
    });
#endif
}

// r(M,N) = A(M,N) + c(M,1)
void column(const char* size, std::size_t bytes) {
    using T = double;
    const dims d = dims_for<T>(bytes);
    const std::size_t M = d.rows, N = d.cols;
    const auto sp = [&](const char* impl) {
        return bench::spec{std::string("column/") + impl + "/" + size, M * N, (2 * M * N + M) * sizeof(T),
                           tol<T>()};
    };
    const auto ref = [N](std::size_t i) { return bench::value<T>(1, i) + bench::value<T>(2, i / N); };

    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<T> a, c, r;
            void run() { r = a + c; }
            const T* out() const { return r.data(); }
        };
        return job{bench::loom_array<T>({M, N}, 1), bench::loom_array<T>({M, 1}, 2), loom::array<T>(loom::shape_t{M, N})};
    });

    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<T> a, c, r;
            std::size_t m, n;
            void run() {
                const T* __restrict pa = a.data();
                const T* __restrict pc = c.data();
                T* __restrict pr = r.data();
                for (std::size_t i = 0; i < m; ++i)
                    for (std::size_t j = 0; j < n; ++j) pr[i * n + j] = pa[i * n + j] + pc[i];
            }
            const T* out() const { return r.data(); }
        };
        return job{bench::buffer<T>(M * N, 1), bench::buffer<T>(M, 2), bench::buffer<T>(M * N), M, N};
    });

#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("xtensor"), ref, [=] {
        struct job {
            xt::xtensor<T, 2> a, c, r;
            void run() { xt::noalias(r) = a + c; }
            const T* out() const { return r.data(); }
        };
        return job{bench::xt_array<T, 2>({M, N}, 1), bench::xt_array<T, 2>({M, 1}, 2),
                   xt::xtensor<T, 2>(std::array<std::size_t, 2>{M, N})};
    });
#endif

#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [=] {
        using A = bench::eigen_array<T>;
        using C = bench::eigen_col<T>;
        struct job {
            A a;
            C c;
            A r;
            void run() { r = a.colwise() + c; }
            const T* out() const { return r.data(); }
        };
        const auto m = static_cast<Eigen::Index>(M), n = static_cast<Eigen::Index>(N);
        return job{bench::eigen_fill<A>(m, n, 1), bench::eigen_fill<C>(m, 1, 2), A(m, n)};
    });
#endif
}

// r(M,N) = x(M,1) * y(1,N)
void outer(const char* size, std::size_t bytes) {
    using T = double;
    const dims d = dims_for<T>(bytes);
    const std::size_t M = d.rows, N = d.cols;
    const auto sp = [&](const char* impl) {
        return bench::spec{std::string("outer/") + impl + "/" + size, M * N, (M * N + M + N) * sizeof(T),
                           tol<T>()};
    };
    const auto ref = [N](std::size_t i) { return bench::value<T>(1, i / N) * bench::value<T>(2, i % N); };

    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<T> x, y, r;
            void run() { r = x * y; }
            const T* out() const { return r.data(); }
        };
        return job{bench::loom_array<T>({M, 1}, 1), bench::loom_array<T>({1, N}, 2), loom::array<T>(loom::shape_t{M, N})};
    });

    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<T> x, y, r;
            void run() {
                const T* __restrict px = x.data();
                const T* __restrict py = y.data();
                T* __restrict pr = r.data();
                const std::size_t m = x.size(), n = y.size();
                for (std::size_t i = 0; i < m; ++i)
                    for (std::size_t j = 0; j < n; ++j) pr[i * n + j] = px[i] * py[j];
            }
            const T* out() const { return r.data(); }
        };
        return job{bench::buffer<T>(M, 1), bench::buffer<T>(N, 2), bench::buffer<T>(M * N)};
    });

#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("xtensor"), ref, [=] {
        struct job {
            xt::xtensor<T, 2> x, y, r;
            void run() { xt::noalias(r) = x * y; }
            const T* out() const { return r.data(); }
        };
        return job{bench::xt_array<T, 2>({M, 1}, 1), bench::xt_array<T, 2>({1, N}, 2),
                   xt::xtensor<T, 2>(std::array<std::size_t, 2>{M, N})};
    });
#endif

#ifdef LOOM_BENCH_HAVE_EIGEN
    // Eigen spells an outer product as a matrix product of a column and a row vector.
    bench::add(sp("eigen"), ref, [=] {
        using A = bench::eigen_array<T>;
        using X = bench::eigen_col<T>;
        using Y = bench::eigen_row<T>;
        struct job {
            X x;
            Y y;
            A r;
            void run() { r.matrix().noalias() = x.matrix() * y.matrix(); }
            const T* out() const { return r.data(); }
        };
        const auto m = static_cast<Eigen::Index>(M), n = static_cast<Eigen::Index>(N);
        return job{bench::eigen_fill<X>(m, 1, 1), bench::eigen_fill<Y>(1, n, 2), A(m, n)};
    });
#endif
}

// The (8,1,6,1) with (7,1,5) pattern, every extent scaled by k:
// a(8k,1,6k,1) + b(7k,1,5k) -> r(8k,7k,6k,5k). Eigen has no rank-4 broadcasting.
void four_d(const char* size, std::size_t k) {
    using T = double;
    const std::size_t e0 = 8 * k, e1 = 7 * k, e2 = 6 * k, e3 = 5 * k;
    const std::size_t n = e0 * e1 * e2 * e3;
    const bench::spec base{std::string("bcast4d/"), n, (n + e0 * e2 + e1 * e3) * sizeof(T), tol<T>()};
    const auto sp = [&](const char* impl) {
        bench::spec s = base;
        s.name += std::string(impl) + "/" + size;
        return s;
    };
    const auto ref = [=](std::size_t i) {
        const std::size_t i3 = i % e3, i2 = i / e3 % e2, i1 = i / (e3 * e2) % e1, i0 = i / (e3 * e2 * e1);
        return bench::value<T>(1, i0 * e2 + i2) + bench::value<T>(2, i1 * e3 + i3);
    };

    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<T> a, b, r;
            void run() { r = a + b; }
            const T* out() const { return r.data(); }
        };
        return job{bench::loom_array<T>({e0, 1, e2, 1}, 1), bench::loom_array<T>({e1, 1, e3}, 2),
                   loom::array<T>(loom::shape_t{e0, e1, e2, e3})};
    });

    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<T> a, b, r;
            std::size_t n0, n1, n2, n3;
            void run() {
                const T* __restrict pa = a.data();
                const T* __restrict pb = b.data();
                T* __restrict pr = r.data();
                for (std::size_t i0 = 0; i0 < n0; ++i0)
                    for (std::size_t i1 = 0; i1 < n1; ++i1)
                        for (std::size_t i2 = 0; i2 < n2; ++i2) {
                            const T av = pa[i0 * n2 + i2];
                            const T* brow = pb + i1 * n3;
                            T* rrow = pr + ((i0 * n1 + i1) * n2 + i2) * n3;
                            for (std::size_t i3 = 0; i3 < n3; ++i3) rrow[i3] = av + brow[i3];
                        }
            }
            const T* out() const { return r.data(); }
        };
        return job{bench::buffer<T>(e0 * e2, 1), bench::buffer<T>(e1 * e3, 2), bench::buffer<T>(n),
                   e0, e1, e2, e3};
    });

#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("xtensor"), ref, [=] {
        struct job {
            xt::xtensor<T, 4> a;
            xt::xtensor<T, 3> b;
            xt::xtensor<T, 4> r;
            void run() { xt::noalias(r) = a + b; }
            const T* out() const { return r.data(); }
        };
        return job{bench::xt_array<T, 4>({e0, 1, e2, 1}, 1), bench::xt_array<T, 3>({e1, 1, e3}, 2),
                   xt::xtensor<T, 4>(std::array<std::size_t, 4>{e0, e1, e2, e3})};
    });
#endif
}

}  // namespace

int main(int argc, char** argv) {
    bench::add_triad();
    row<double>("cache", bench::cache_bytes);
    row<double>("memory", bench::memory_bytes);
    row<float>("cache", bench::cache_bytes);
    row<float>("memory", bench::memory_bytes);
    column("cache", bench::cache_bytes);
    column("memory", bench::memory_bytes);
    outer("cache", bench::cache_bytes);
    outer("memory", bench::memory_bytes);
    four_d("cache", 2);   // r(16,14,12,10): 210 KiB, L2
    four_d("memory", 8);  // r(64,56,48,40): 52.5 MiB
    return bench::run_main(argc, argv);
}
