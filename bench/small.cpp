// bench/small.cpp: the fixed cost of one assignment, r = a + 2*b on 4x4 arrays, in place and into a new array;
// loom against a hand loop, xtensor and Eigen with run-time extents (array<T>, tensor<T, 2>) and with
// static extents (fixed_array<T, 4, 4> against a loop over double[16], xtensor_fixed, Eigen's Array44d).
#include "common.hpp"

#ifdef LOOM_BENCH_HAVE_XTENSOR
#include <xtensor/xfixed.hpp>
#endif

namespace {

using T = double;
constexpr std::size_t M = 4, N = 4, n = M * N;

// A new block of n elements, left uninitialized: what a hand-written `new double[n]` gets.
struct fresh {
    std::unique_ptr<T[]> p_{new T[n]};
};

// r = a + 2*b over containers of static size with data() (loom's fixed_array, Eigen's fixed Array).
template <class A>
struct fixed_job {
    A a, b, r;
    void run() { r = a + 2.0 * b; }
    const T* out() const { return r.data(); }
    static fixed_job make() {
        fixed_job j;
        bench::fill(j.a.data(), n, 1, {});
        bench::fill(j.b.data(), n, 2, {});
        return j;
    }
};

void small() {
    const auto sp = [](const char* kase, const char* impl) {
        return bench::spec{std::string(kase) + "/" + impl + "/4x4", n, 3 * n * sizeof(T), 1e-15};
    };
    const auto ref = [](std::size_t i) { return bench::value<T>(1, i) + 2.0 * bench::value<T>(2, i); };
    // the hand loop of the in-place cases (array and tensor): run-time length, __restrict pointers
    const auto hand_inplace = [] {
        struct job {
            bench::buffer<T> a, b, r;
            void run() {
                const T* __restrict pa = a.data();
                const T* __restrict pb = b.data();
                T* __restrict pr = r.data();
                const std::size_t m = r.size();
                for (std::size_t i = 0; i < m; ++i) pr[i] = pa[i] + 2.0 * pb[i];
            }
            const T* out() const { return r.data(); }
        };
        return job{bench::buffer<T>(n, 1), bench::buffer<T>(n, 2), bench::buffer<T>(n)};
    };

    // r = a + 2*b into an existing 4x4 array
    bench::add(sp("small_inplace", "loom"), ref, [] {
        struct job {
            loom::array<T> a, b, r;
            void run() { r = a + 2.0 * b; }
            const T* out() const { return r.data(); }
        };
        return job{bench::loom_array<T>({M, N}, 1), bench::loom_array<T>({M, N}, 2), loom::array<T>(loom::shape_t{M, N})};
    });
    bench::add(sp("small_inplace", "hand"), ref, hand_inplace);
#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("small_inplace", "xtensor"), ref, [] {
        struct job {
            xt::xtensor<T, 2> a, b, r;
            void run() { xt::noalias(r) = a + 2.0 * b; }
            const T* out() const { return r.data(); }
        };
        return job{bench::xt_array<T, 2>({M, N}, 1), bench::xt_array<T, 2>({M, N}, 2),
                   xt::xtensor<T, 2>(std::array<std::size_t, 2>{M, N})};
    });
#endif
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("small_inplace", "eigen"), ref, [] {
        using A = bench::eigen_array<T>;
        struct job {
            A a, b, r;
            void run() { r = a + 2.0 * b; }
            const T* out() const { return r.data(); }
        };
        return job{bench::eigen_fill<A>(M, N, 1), bench::eigen_fill<A>(M, N, 2), A(M, N)};
    });
#endif

    // The same in place with the rank in the type: tensor<T, 2> (its overhead over the
    // hand loop, against array<T>'s above, is what the summary compares).
    bench::add(sp("small_tensor", "loom"), ref, [] {
        struct job {
            loom::tensor<T, 2> a, b, r;
            void run() { r = a + 2.0 * b; }
            const T* out() const { return r.data(); }
        };
        return job{loom::tensor<T, 2>(bench::loom_array<T>({M, N}, 1)),
                   loom::tensor<T, 2>(bench::loom_array<T>({M, N}, 2)), loom::tensor<T, 2>(loom::shape_t{M, N})};
    });
    bench::add(sp("small_tensor", "hand"), ref, hand_inplace);

    // Static extents: fixed_array<T, 4, 4> against a loop over T[16] of constant trip count.
    bench::add(sp("small_fixed", "loom"), ref, fixed_job<loom::fixed_array<T, M, N>>::make);
    bench::add(sp("small_fixed", "hand"), ref, [] {
        struct job {
            alignas(64) T a[n], b[n], r[n];
            void run() {
                for (std::size_t i = 0; i < n; ++i) r[i] = a[i] + 2.0 * b[i];
            }
            const T* out() const { return r; }
        };
        job j;
        bench::fill(j.a, n, 1, {});
        bench::fill(j.b, n, 2, {});
        return j;
    });
#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("small_fixed", "xtensor"), ref, [] {
        using X = xt::xtensor_fixed<T, xt::xshape<M, N>>;
        struct job {
            X a, b, r;
            void run() { xt::noalias(r) = a + 2.0 * b; }
            const T* out() const { return r.data(); }
        };
        job j;
        bench::fill(j.a.data(), n, 1, {});
        bench::fill(j.b.data(), n, 2, {});
        return j;
    });
#endif
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("small_fixed", "eigen"), ref, fixed_job<Eigen::Array<T, M, N, Eigen::RowMajor>>::make);
#endif

    // r = a + 2*b into a new array, allocated and freed on every run.
    // out() evaluates once more into a kept array for the check.
    bench::add(sp("small_new", "loom"), ref, [] {
        struct job {
            loom::array<T> a, b, kept;
            void run() {
                loom::array<T> r = a + 2.0 * b;
                benchmark::DoNotOptimize(r.data());
            }
            const T* out() {
                kept = loom::eval(a + 2.0 * b);
                return kept.data();
            }
        };
        return job{bench::loom_array<T>({M, N}, 1), bench::loom_array<T>({M, N}, 2), {}};
    });
    bench::add(sp("small_new", "hand"), ref, [] {
        struct job {
            bench::buffer<T> a, b;
            fresh kept;
            static fresh compute(const T* __restrict pa, const T* __restrict pb, std::size_t m) {
                fresh r;
                T* __restrict pr = r.p_.get();
                for (std::size_t i = 0; i < m; ++i) pr[i] = pa[i] + 2.0 * pb[i];
                return r;
            }
            void run() {
                fresh r = compute(a.data(), b.data(), a.size());
                benchmark::DoNotOptimize(r.p_.get());
            }
            const T* out() {
                kept = compute(a.data(), b.data(), a.size());
                return kept.p_.get();
            }
        };
        return job{bench::buffer<T>(n, 1), bench::buffer<T>(n, 2), {}};
    });
#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("small_new", "xtensor"), ref, [] {
        struct job {
            xt::xtensor<T, 2> a, b, kept;
            void run() {
                xt::xtensor<T, 2> r = a + 2.0 * b;
                benchmark::DoNotOptimize(r.data());
            }
            const T* out() {
                kept = a + 2.0 * b;
                return kept.data();
            }
        };
        return job{bench::xt_array<T, 2>({M, N}, 1), bench::xt_array<T, 2>({M, N}, 2), {}};
    });
#endif
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("small_new", "eigen"), ref, [] {
        using A = bench::eigen_array<T>;
        struct job {
            A a, b, kept;
            void run() {
                A r = a + 2.0 * b;
                benchmark::DoNotOptimize(r.data());
            }
            const T* out() {
                kept = a + 2.0 * b;
                return kept.data();
            }
        };
        return job{bench::eigen_fill<A>(M, N, 1), bench::eigen_fill<A>(M, N, 2), A()};
    });
#endif
}

}  // namespace

int main(int argc, char** argv) {
    small();
    return bench::run_main(argc, argv);
}
