// bench/reductions.cpp: reductions and the programs built on them, loom against the loop an expert writes
// (several accumulators; a column sum as row-vector additions), Eigen and xtensor, in one binary:
// sum of 1M doubles, the dot product sum(a * b), row and column sums and the row maxima of 2048x2048,
// a softmax over the rows of 4096x1024 float, column normalisation of 4096x256, pairwise distances of
// 2000 points in 3-D.
#include "common.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#ifdef LOOM_BENCH_HAVE_XTENSOR
#include <xtensor/xreducer.hpp>
#include <xtensor/xsort.hpp>
#include <xtensor/xview.hpp>
#endif

namespace {

bench::spec spec(const char* kase, const char* impl, std::size_t count, std::size_t bytes, double tol) {
    return {std::string(kase) + "/" + impl + "/memory", count, bytes, tol};
}

// The sum of p[0 .. n) as an expert writes it without -ffast-math: 16 independent
// accumulators, which the compiler keeps in vector registers.
template <class T>
T hand_sum(const T* __restrict p, std::size_t n) {
    constexpr std::size_t K = 16;
    T acc[K] = {};
    const std::size_t whole = n / K * K;
    std::size_t i = 0;
    for (; i < whole; i += K)
        for (std::size_t k = 0; k < K; ++k) acc[k] += p[i + k];
    T s = 0;
    for (std::size_t k = 0; k < K; ++k) s += acc[k];
    for (; i < n; ++i) s += p[i];
    return s;
}
template <class T>
T hand_max(const T* __restrict p, std::size_t n) {
    constexpr std::size_t K = 16;
    T acc[K];
    for (std::size_t k = 0; k < K; ++k) acc[k] = -INFINITY;
    const std::size_t whole = n / K * K;
    std::size_t i = 0;
    for (; i < whole; i += K)
        for (std::size_t k = 0; k < K; ++k) acc[k] = p[i + k] > acc[k] ? p[i + k] : acc[k];
    T m = acc[0];
    for (std::size_t k = 1; k < K; ++k) m = acc[k] > m ? acc[k] : m;
    for (; i < n; ++i) m = p[i] > m ? p[i] : m;
    return m;
}

// ---- full sum and dot product of 1M doubles
constexpr std::size_t vec_n = std::size_t{1} << 20;

void full_sum() {
    const auto ref = [](std::size_t) {
        double s = 0;
        for (std::size_t i = 0; i < vec_n; ++i) s += bench::value<double>(1, i);
        return s;
    };
    const auto sp = [](const char* impl) { return spec("sum", impl, 1, vec_n * sizeof(double), 1e-12); };
    bench::add(sp("loom"), ref, [] {
        struct job {
            loom::array<double> a;
            std::vector<double> s = std::vector<double>(1);  // the result, where out() points
            void run() { s[0] = loom::sum(a); }
            const double* out() const { return s.data(); }
        };
        return job{bench::loom_array<double>({vec_n}, 1)};
    });
    bench::add(sp("hand"), ref, [] {
        struct job {
            bench::buffer<double> a;
            std::vector<double> s = std::vector<double>(1);  // the result, where out() points
            void run() { s[0] = hand_sum(a.data(), a.size()); }
            const double* out() const { return s.data(); }
        };
        return job{bench::buffer<double>(vec_n, 1)};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [] {
        struct job {
            bench::eigen_col<double> a;
            std::vector<double> s = std::vector<double>(1);  // the result, where out() points
            void run() { s[0] = a.sum(); }
            const double* out() const { return s.data(); }
        };
        job j{bench::eigen_col<double>(vec_n)};
        bench::fill(j.a.data(), vec_n, 1);
        return j;
    });
#endif
#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("xtensor"), ref, [] {
        struct job {
            xt::xtensor<double, 1> a;
            std::vector<double> s = std::vector<double>(1);  // the result, where out() points
            void run() { s[0] = xt::sum(a)(); }
            const double* out() const { return s.data(); }
        };
        return job{bench::xt_array<double, 1>({vec_n}, 1)};
    });
#endif
}

void dot() {
    const auto ref = [](std::size_t) {
        double s = 0;
        for (std::size_t i = 0; i < vec_n; ++i) s += bench::value<double>(1, i) * bench::value<double>(2, i);
        return s;
    };
    const auto sp = [](const char* impl) { return spec("dot", impl, 1, 2 * vec_n * sizeof(double), 1e-12); };
    bench::add(sp("loom"), ref, [] {
        struct job {
            loom::array<double> a, b;
            std::vector<double> s = std::vector<double>(1);  // the result, where out() points
            void run() { s[0] = loom::sum(a * b); }
            const double* out() const { return s.data(); }
        };
        return job{bench::loom_array<double>({vec_n}, 1), bench::loom_array<double>({vec_n}, 2)};
    });
    bench::add(sp("hand"), ref, [] {
        struct job {
            bench::buffer<double> a, b;
            std::vector<double> s = std::vector<double>(1);  // the result, where out() points
            void run() {
                constexpr std::size_t K = 16;
                const double* __restrict pa = a.data();
                const double* __restrict pb = b.data();
                double acc[K] = {};
                for (std::size_t i = 0; i < vec_n; i += K)
                    for (std::size_t k = 0; k < K; ++k) acc[k] += pa[i + k] * pb[i + k];
                double t = 0;
                for (std::size_t k = 0; k < K; ++k) t += acc[k];
                s[0] = t;
            }
            const double* out() const { return s.data(); }
        };
        return job{bench::buffer<double>(vec_n, 1), bench::buffer<double>(vec_n, 2)};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [] {
        struct job {
            bench::eigen_col<double> a, b;
            std::vector<double> s = std::vector<double>(1);  // the result, where out() points
            void run() { s[0] = (a * b).sum(); }
            const double* out() const { return s.data(); }
        };
        job j{bench::eigen_col<double>(vec_n), bench::eigen_col<double>(vec_n)};
        bench::fill(j.a.data(), vec_n, 1);
        bench::fill(j.b.data(), vec_n, 2);
        return j;
    });
#endif
#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("xtensor"), ref, [] {
        struct job {
            xt::xtensor<double, 1> a, b;
            std::vector<double> s = std::vector<double>(1);  // the result, where out() points
            void run() { s[0] = xt::sum(a * b)(); }
            const double* out() const { return s.data(); }
        };
        return job{bench::xt_array<double, 1>({vec_n}, 1), bench::xt_array<double, 1>({vec_n}, 2)};
    });
#endif
}

// ---- row sums, column sums and row maxima of a 2048x2048 double matrix
constexpr std::size_t mat_n = 2048;

enum class along { rows, cols, rowmax };

void matrix(along how) {
    const char* kase = how == along::rows ? "row_sum" : how == along::cols ? "col_sum" : "row_max";
    const auto ref = [how](std::size_t k) {
        double acc = how == along::rowmax ? -INFINITY : 0.0;
        for (std::size_t j = 0; j < mat_n; ++j) {
            const double v = how == along::cols ? bench::value<double>(1, j * mat_n + k) : bench::value<double>(1, k * mat_n + j);
            acc = how == along::rowmax ? std::max(acc, v) : acc + v;
        }
        return acc;
    };
    const auto sp = [&](const char* impl) { return spec(kase, impl, mat_n, mat_n * mat_n * sizeof(double), 1e-12); };
    bench::add(sp("loom"), ref, [how] {
        struct job {
            loom::array<double> x, r;
            along how;
            void run() {
                if (how == along::rows) r = loom::sum(x, 1);
                else if (how == along::cols) r = loom::sum(x, 0);
                else r = loom::max(x, 1);
            }
            const double* out() const { return r.data(); }
        };
        return job{bench::loom_array<double>({mat_n, mat_n}, 1), loom::array<double>(loom::shape_t{mat_n}), how};
    });
    bench::add(sp("hand"), ref, [how] {
        struct job {
            bench::buffer<double> x, r;
            along how;
            void run() {
                const double* __restrict px = x.data();
                double* __restrict pr = r.data();
                if (how == along::rows) {
                    for (std::size_t i = 0; i < mat_n; ++i) pr[i] = hand_sum(px + i * mat_n, mat_n);
                } else if (how == along::cols) {
                    for (std::size_t j = 0; j < mat_n; ++j) pr[j] = px[j];
                    for (std::size_t i = 1; i < mat_n; ++i)
                        for (std::size_t j = 0; j < mat_n; ++j) pr[j] += px[i * mat_n + j];
                } else {
                    for (std::size_t i = 0; i < mat_n; ++i) pr[i] = hand_max(px + i * mat_n, mat_n);
                }
            }
            const double* out() const { return r.data(); }
        };
        return job{bench::buffer<double>(mat_n * mat_n, 1), bench::buffer<double>(mat_n), how};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [how] {
        using A = bench::eigen_array<double>;
        struct job {
            A x;
            bench::eigen_col<double> r;
            along how;
            void run() {
                if (how == along::rows) r = x.rowwise().sum();
                else if (how == along::cols) r = x.colwise().sum().transpose();
                else r = x.rowwise().maxCoeff();
            }
            const double* out() const { return r.data(); }
        };
        return job{bench::eigen_fill<A>(mat_n, mat_n, 1), bench::eigen_col<double>(mat_n), how};
    });
#endif
#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("xtensor"), ref, [how] {
        struct job {
            xt::xtensor<double, 2> x;
            xt::xtensor<double, 1> r;
            along how;
            void run() {
                if (how == along::rows) r = xt::sum(x, {1});
                else if (how == along::cols) r = xt::sum(x, {0});
                else r = xt::amax(x, {1});
            }
            const double* out() const { return r.data(); }
        };
        return job{bench::xt_array<double, 2>({mat_n, mat_n}, 1), xt::xtensor<double, 1>({mat_n}), how};
    });
#endif
}

// ---- softmax over the rows of 4096x1024 float
constexpr std::size_t sm_m = 4096, sm_n = 1024;

void softmax() {
    const auto ref = [](std::size_t k) {
        const std::size_t i = k / sm_n;
        double mx = -INFINITY, tot = 0;
        for (std::size_t j = 0; j < sm_n; ++j) mx = std::max(mx, double(bench::value<float>(1, i * sm_n + j)));
        for (std::size_t j = 0; j < sm_n; ++j) tot += std::exp(double(bench::value<float>(1, i * sm_n + j)) - mx);
        return std::exp(double(bench::value<float>(1, k)) - mx) / tot;
    };
    const auto sp = [](const char* impl) { return spec("softmax", impl, sm_m * sm_n, 2 * sm_m * sm_n * sizeof(float), 1e-5); };
    bench::add(sp("loom"), ref, [] {
        struct job {
            loom::array<float> x, r;
            void run() {
                r = loom::exp(x - loom::max(x, -1, loom::keepdims));
                r /= loom::sum(r, -1, loom::keepdims);
            }
            const float* out() const { return r.data(); }
        };
        return job{bench::loom_array<float>({sm_m, sm_n}, 1), loom::array<float>(loom::shape_t{sm_m, sm_n})};
    });
    bench::add(sp("hand"), ref, [] {
        struct job {
            bench::buffer<float> x, r;
            void run() {
                for (std::size_t i = 0; i < sm_m; ++i) {
                    const float* __restrict px = x.data() + i * sm_n;
                    float* __restrict pr = r.data() + i * sm_n;
                    const float mx = hand_max(px, sm_n);
                    for (std::size_t j = 0; j < sm_n; ++j) pr[j] = std::exp(px[j] - mx);
                    const float inv = 1.0f / hand_sum(pr, sm_n);
                    for (std::size_t j = 0; j < sm_n; ++j) pr[j] *= inv;
                }
            }
            const float* out() const { return r.data(); }
        };
        return job{bench::buffer<float>(sm_m * sm_n, 1), bench::buffer<float>(sm_m * sm_n)};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [] {
        using A = bench::eigen_array<float>;
        struct job {
            A x, r;
            void run() {
                r = (x.colwise() - x.rowwise().maxCoeff()).exp();
                r.colwise() /= r.rowwise().sum();
            }
            const float* out() const { return r.data(); }
        };
        return job{bench::eigen_fill<A>(sm_m, sm_n, 1), A(sm_m, sm_n)};
    });
#endif
#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("xtensor"), ref, [] {
        struct job {
            xt::xtensor<float, 2> x, r;
            void run() {
                // xtensor's reducers are lazy and recomputed per element inside an expression:
                // an expert evaluates them first
                const xt::xtensor<float, 1> mx = xt::amax(x, {1});
                r = xt::exp(x - xt::view(mx, xt::all(), xt::newaxis()));
                const xt::xtensor<float, 1> tot = xt::sum(r, {1});
                r /= xt::view(tot, xt::all(), xt::newaxis());
            }
            const float* out() const { return r.data(); }
        };
        return job{bench::xt_array<float, 2>({sm_m, sm_n}, 1), xt::xtensor<float, 2>({sm_m, sm_n})};
    });
#endif
}

// ---- column normalisation (x - mean) / std of 4096x256 double
constexpr std::size_t cn_m = 4096, cn_n = 256;

void normalise() {
    const auto ref = [](std::size_t k) {
        const std::size_t j = k % cn_n;
        double mu = 0, v = 0;
        for (std::size_t i = 0; i < cn_m; ++i) mu += bench::value<double>(1, i * cn_n + j);
        mu /= cn_m;
        for (std::size_t i = 0; i < cn_m; ++i) v += std::pow(bench::value<double>(1, i * cn_n + j) - mu, 2);
        return (bench::value<double>(1, k) - mu) / std::sqrt(v / cn_m);
    };
    const auto sp = [](const char* impl) { return spec("normalise", impl, cn_m * cn_n, 2 * cn_m * cn_n * sizeof(double), 1e-10); };
    bench::add(sp("loom"), ref, [] {
        struct job {
            loom::array<double> x, r;
            void run() { r = (x - loom::mean(x, 0, loom::keepdims)) / loom::stddev(x, 0, loom::keepdims); }
            const double* out() const { return r.data(); }
        };
        return job{bench::loom_array<double>({cn_m, cn_n}, 1), loom::array<double>(loom::shape_t{cn_m, cn_n})};
    });
    bench::add(sp("hand"), ref, [] {
        struct job {
            bench::buffer<double> x, r, mu, sd;
            void run() {
                const double* __restrict px = x.data();
                double* __restrict pr = r.data();
                double* __restrict pm = mu.data();
                double* __restrict ps = sd.data();
                for (std::size_t j = 0; j < cn_n; ++j) pm[j] = 0, ps[j] = 0;
                for (std::size_t i = 0; i < cn_m; ++i)
                    for (std::size_t j = 0; j < cn_n; ++j) pm[j] += px[i * cn_n + j];
                for (std::size_t j = 0; j < cn_n; ++j) pm[j] /= cn_m;
                for (std::size_t i = 0; i < cn_m; ++i)
                    for (std::size_t j = 0; j < cn_n; ++j) {
                        const double d = px[i * cn_n + j] - pm[j];
                        ps[j] += d * d;
                    }
                for (std::size_t j = 0; j < cn_n; ++j) ps[j] = 1.0 / std::sqrt(ps[j] / cn_m);
                for (std::size_t i = 0; i < cn_m; ++i)
                    for (std::size_t j = 0; j < cn_n; ++j) pr[i * cn_n + j] = (px[i * cn_n + j] - pm[j]) * ps[j];
            }
            const double* out() const { return r.data(); }
        };
        return job{bench::buffer<double>(cn_m * cn_n, 1), bench::buffer<double>(cn_m * cn_n), bench::buffer<double>(cn_n),
                   bench::buffer<double>(cn_n)};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [] {
        using A = bench::eigen_array<double>;
        struct job {
            A x, r;
            void run() {
                const bench::eigen_row<double> mu = x.colwise().mean();
                const bench::eigen_row<double> sd = ((x.rowwise() - mu).square().colwise().sum() / double(cn_m)).sqrt();
                r = (x.rowwise() - mu).rowwise() / sd;
            }
            const double* out() const { return r.data(); }
        };
        return job{bench::eigen_fill<A>(cn_m, cn_n, 1), A(cn_m, cn_n)};
    });
#endif
#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("xtensor"), ref, [] {
        struct job {
            xt::xtensor<double, 2> x, r;
            void run() {
                const xt::xtensor<double, 1> mu = xt::mean(x, {0});
                const xt::xtensor<double, 1> sd = xt::stddev(x, {0});
                r = (x - mu) / sd;
            }
            const double* out() const { return r.data(); }
        };
        return job{bench::xt_array<double, 2>({cn_m, cn_n}, 1), xt::xtensor<double, 2>({cn_m, cn_n})};
    });
#endif
}

// ---- pairwise distances of 2000 points in 3-D: sqrt(sum(square(X(M,1,D) - Y(1,N,D)), -1))
constexpr std::size_t pd_m = 2000, pd_d = 3;

void distances() {
    const auto ref = [](std::size_t k) {
        const std::size_t i = k / pd_m, j = k % pd_m;
        double s = 0;
        for (std::size_t d = 0; d < pd_d; ++d) {
            const double t = bench::value<double>(1, i * pd_d + d) - bench::value<double>(2, j * pd_d + d);
            s += t * t;
        }
        return std::sqrt(s);
    };
    const auto sp = [](const char* impl) { return spec("distances", impl, pd_m * pd_m, pd_m * pd_m * sizeof(double), 1e-12); };
    bench::add(sp("loom"), ref, [] {
        struct job {
            loom::array<double> X, Y, r;
            void run() { r = loom::sqrt(loom::sum(loom::square(X - Y), -1)); }
            const double* out() const { return r.data(); }
        };
        return job{bench::loom_array<double>({pd_m, 1, pd_d}, 1), bench::loom_array<double>({1, pd_m, pd_d}, 2),
                   loom::array<double>(loom::shape_t{pd_m, pd_m})};
    });
    bench::add(sp("hand"), ref, [] {
        struct job {
            bench::buffer<double> X, Y, r;
            void run() {
                const double* __restrict px = X.data();
                const double* __restrict py = Y.data();
                double* __restrict pr = r.data();
                for (std::size_t i = 0; i < pd_m; ++i)
                    for (std::size_t j = 0; j < pd_m; ++j) {
                        const double a = px[i * 3] - py[j * 3], b = px[i * 3 + 1] - py[j * 3 + 1],
                                     c = px[i * 3 + 2] - py[j * 3 + 2];
                        pr[i * pd_m + j] = std::sqrt(a * a + b * b + c * c);
                    }
            }
            const double* out() const { return r.data(); }
        };
        return job{bench::buffer<double>(pd_m * pd_d, 1), bench::buffer<double>(pd_m * pd_d, 2), bench::buffer<double>(pd_m * pd_m)};
    });
#ifdef LOOM_BENCH_HAVE_XTENSOR
    bench::add(sp("xtensor"), ref, [] {
        struct job {
            xt::xtensor<double, 3> X, Y;
            xt::xtensor<double, 2> r;
            void run() { r = xt::sqrt(xt::sum(xt::square(X - Y), {2})); }
            const double* out() const { return r.data(); }
        };
        return job{bench::xt_array<double, 3>({pd_m, 1, pd_d}, 1), bench::xt_array<double, 3>({1, pd_m, pd_d}, 2),
                   xt::xtensor<double, 2>({pd_m, pd_m})};
    });
#endif
}

}  // namespace

int main(int argc, char** argv) {
    bench::add_triad();
    full_sum();
    dot();
    matrix(along::rows);
    matrix(along::cols);
    matrix(along::rowmax);
    softmax();
    normalise();
    distances();
    return bench::run_main(argc, argv);
}
