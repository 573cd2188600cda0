// bench/fused.cpp: same-shape fused r = a*b + c*d (double and float), loom against a hand loop, xtensor, Eigen and the triad.
#include "common.hpp"

namespace {

// r = a*b + c*d over (rows, cols) operands of `bytes` each.
template <class T>
void fused(const char* size, std::size_t bytes) {
    const std::size_t rows = bytes >= bench::memory_bytes ? 2048 : 64;
    const std::size_t cols = bytes / sizeof(T) / rows;
    const std::size_t n = rows * cols;
    const std::string name = std::string("fused") + bench::type_suffix<T>();
    const auto sp = [&](const char* impl) {
        return bench::spec{name + "/" + impl + "/" + size, n, 5 * n * sizeof(T),
                           std::is_same_v<T, float> ? 1e-6 : 1e-14};
    };
    const auto ref = [](std::size_t i) {
        const auto v = [i](int seed) { return static_cast<double>(bench::value<T>(seed, i)); };
        return v(1) * v(2) + v(3) * v(4);
    };

    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<T> a, b, c, d, r;
            void run() { r = a * b + c * d; }
            const T* out() const { return r.data(); }
        };
        const loom::shape_t s{rows, cols};
        return job{bench::loom_array<T>(s, 1), bench::loom_array<T>(s, 2), bench::loom_array<T>(s, 3),
                   bench::loom_array<T>(s, 4), loom::array<T>(s)};
    });

    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<T> a, b, c, d, r;
            void run() {
                const T* __restrict pa = a.data();
                const T* __restrict pb = b.data();
                const T* __restrict pc = c.data();
                const T* __restrict pd = d.data();
                T* __restrict pr = r.data();
                const std::size_t m = r.size();
                for (std::size_t i = 0; i < m; ++i) pr[i] = pa[i] * pb[i] + pc[i] * pd[i];
            }
            const T* out() const { return r.data(); }
        };
        return job{bench::buffer<T>(n, 1), bench::buffer<T>(n, 2), bench::buffer<T>(n, 3),
                   bench::buffer<T>(n, 4), bench::buffer<T>(n)};
    });

#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("xtensor"), ref, [=] {
        struct job {
            xt::xtensor<T, 2> a, b, c, d, r;
            void run() { xt::noalias(r) = a * b + c * d; }
            const T* out() const { return r.data(); }
        };
        const std::array<std::size_t, 2> s{rows, cols};
        return job{bench::xt_array<T>(s, 1), bench::xt_array<T>(s, 2), bench::xt_array<T>(s, 3),
                   bench::xt_array<T>(s, 4), xt::xtensor<T, 2>(s)};
    });
#endif

#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [=] {
        using A = bench::eigen_array<T>;
        struct job {
            A a, b, c, d, r;
            void run() { r = a * b + c * d; }
            const T* out() const { return r.data(); }
        };
        const auto R = static_cast<Eigen::Index>(rows), C = static_cast<Eigen::Index>(cols);
        return job{bench::eigen_fill<A>(R, C, 1), bench::eigen_fill<A>(R, C, 2), bench::eigen_fill<A>(R, C, 3),
                   bench::eigen_fill<A>(R, C, 4), A(R, C)};
    });
#endif
}

}  // namespace

int main(int argc, char** argv) {
    bench::add_triad();
    fused<double>("cache", bench::cache_bytes);
    fused<double>("memory", bench::memory_bytes);
    fused<float>("cache", bench::cache_bytes);
    fused<float>("memory", bench::memory_bytes);
    return bench::run_main(argc, argv);
}
