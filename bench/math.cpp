// bench/math.cpp: the math-heavy r = exp(a) * sin(b), loom against a hand loop over std::exp/std::sin, xtensor, Eigen and the triad;
// a user-defined sigmoid (vectorize) written once for batches and once element by element, against the same loop,
// the operators, xtensor's vectorize and Eigen's unaryExpr.
#include "common.hpp"

#ifdef LOOM_BENCH_HAVE_XTENSOR
#include <xtensor/xvectorize.hpp>
#endif

namespace {

constexpr bench::range exp_range{-4.0, 4.0};
constexpr bench::range sin_range{-8.0, 8.0};

void exp_sin(const char* size, std::size_t bytes) {
    using T = double;
    const std::size_t rows = bytes >= bench::memory_bytes ? 2048 : 64;
    const std::size_t cols = bytes / sizeof(T) / rows;
    const std::size_t n = rows * cols;
    const auto sp = [&](const char* impl) {
        // libm and the SIMD kernels of xsimd and Eigen agree to a few ulp
        return bench::spec{std::string("exp_sin/") + impl + "/" + size, n, 3 * n * sizeof(T), 1e-13};
    };
    const auto ref = [](std::size_t i) {
        return std::exp(bench::value<T>(1, i, exp_range)) * std::sin(bench::value<T>(2, i, sin_range));
    };

    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<T> a, b, r;
            void run() { r = loom::exp(a) * loom::sin(b); }
            const T* out() const { return r.data(); }
        };
        return job{bench::loom_array<T>({rows, cols}, 1, exp_range), bench::loom_array<T>({rows, cols}, 2, sin_range),
                   loom::array<T>(loom::shape_t{rows, cols})};
    });

    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<T> a, b, r;
            void run() {
                const T* __restrict pa = a.data();
                const T* __restrict pb = b.data();
                T* __restrict pr = r.data();
                const std::size_t m = r.size();
                for (std::size_t i = 0; i < m; ++i) pr[i] = std::exp(pa[i]) * std::sin(pb[i]);
            }
            const T* out() const { return r.data(); }
        };
        return job{bench::buffer<T>(n, 1, exp_range), bench::buffer<T>(n, 2, sin_range), bench::buffer<T>(n)};
    });

#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("xtensor"), ref, [=] {
        struct job {
            xt::xtensor<T, 2> a, b, r;
            void run() { xt::noalias(r) = xt::exp(a) * xt::sin(b); }
            const T* out() const { return r.data(); }
        };
        const std::array<std::size_t, 2> s{rows, cols};
        return job{bench::xt_array<T, 2>(s, 1, exp_range), bench::xt_array<T, 2>(s, 2, sin_range),
                   xt::xtensor<T, 2>(s)};
    });
#endif

#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [=] {
        using A = bench::eigen_array<T>;
        struct job {
            A a, b, r;
            void run() { r = a.exp() * b.sin(); }
            const T* out() const { return r.data(); }
        };
        const auto R = static_cast<Eigen::Index>(rows), C = static_cast<Eigen::Index>(cols);
        return job{bench::eigen_fill<A>(R, C, 1, exp_range), bench::eigen_fill<A>(R, C, 2, sin_range), A(R, C)};
    });
#endif
}

// r = sigmoid(a) = 1 / (1 + exp(-a)), the user's function. sigmoid: loom::vectorize of a lambda that runs on
// batches; sigmoid_ops: the same written with loom's operators; sigmoid_elements: vectorize called element by
// element (loom::elements_only); each against the loop calling the same function on each element.
struct sigmoid_fn {
    template <class X>
    X operator()(X x) const {
        return 1 / (1 + loom::exp(-x));
    }
};

template <class Make>
void sigmoid_case(const char* name, const char* size, std::size_t bytes, Make make) {
    using T = double;
    const std::size_t n = bytes / sizeof(T);
    const auto sp = [&](const char* impl) {
        return bench::spec{std::string(name) + "/" + impl + "/" + size, n, 2 * n * sizeof(T), 1e-13};
    };
    const auto ref = [](std::size_t i) { return 1 / (1 + std::exp(-bench::value<T>(1, i, exp_range))); };
    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<T> a, r;
            Make f;
            void run() { r = f(a); }
            const T* out() const { return r.data(); }
        };
        return job{bench::loom_array<T>({n}, 1, exp_range), loom::array<T>(loom::shape_t{n}), make};
    });
    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<T> a, r;
            void run() {
                const T* __restrict pa = a.data();
                T* __restrict pr = r.data();
                const std::size_t m = r.size();
                for (std::size_t i = 0; i < m; ++i) pr[i] = 1 / (1 + std::exp(-pa[i]));
            }
            const T* out() const { return r.data(); }
        };
        return job{bench::buffer<T>(n, 1, exp_range), bench::buffer<T>(n)};
    });
#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("xtensor"), ref, [=] {
        struct job {
            xt::xtensor<T, 1> a, r;
            void run() {
                auto f = xt::vectorize([](T x) { return 1 / (1 + std::exp(-x)); });
                xt::noalias(r) = f(a);
            }
            const T* out() const { return r.data(); }
        };
        return job{bench::xt_array<T, 1>({n}, 1, exp_range), xt::xtensor<T, 1>(std::array<std::size_t, 1>{n})};
    });
#endif
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [=] {
        using A = bench::eigen_array<T>;
        struct job {
            A a, r;
            void run() {
                r = a.unaryExpr([](T x) { return 1 / (1 + std::exp(-x)); });
            }
            const T* out() const { return r.data(); }
        };
        const auto N = static_cast<Eigen::Index>(n);
        return job{bench::eigen_fill<A>(N, 1, 1, exp_range), A(N, 1)};
    });
#endif
}

void sigmoid(const char* size, std::size_t bytes) {
    sigmoid_case("sigmoid", size, bytes, loom::vectorize(sigmoid_fn{}));
    sigmoid_case("sigmoid_ops", size, bytes, [](const auto& a) { return 1.0 / (1.0 + loom::exp(-a)); });
    sigmoid_case("sigmoid_elements", size, bytes, loom::vectorize(sigmoid_fn{}, loom::elements_only));
}

}  // namespace

int main(int argc, char** argv) {
    bench::add_triad();
    exp_sin("cache", bench::cache_bytes);
    exp_sin("memory", bench::memory_bytes);
    sigmoid("cache", bench::cache_bytes);
    sigmoid("memory", bench::memory_bytes);
    return bench::run_main(argc, argv);
}
