// bench/matmul.cpp: matrix products. loom::matmul of square doubles (64 to 2048) and of a batch (64, 128, 128) by
// (128, 128) against Eigen (a loop over the batch) and, when loom is built with its blas option, OpenBLAS called
// directly ("hand"); loom's own kernel (whatever the build) against Eigen as gemm_kernel; a matrix times a vector
// against Eigen and a loop of dot products. Everything on one thread: Eigen and OpenBLAS are told so, as loom's
// kernel has one.
#include "common.hpp"

#include <algorithm>
#include <string>
#include <type_traits>

#if LOOM_BLAS
#include <cblas.h>
extern "C" void openblas_set_num_threads(int);
#endif

namespace {

// The first `rows` rows of a @ b are checked, each element a dot product of row i of operand 1 and column j of 2.
double dot_ref(std::size_t i, std::size_t j, std::size_t k, std::size_t n) {
    double s = 0;
    for (std::size_t p = 0; p < k; ++p) s += bench::value<double>(1, i * k + p) * bench::value<double>(2, p * n + j);
    return s;
}

void square(std::size_t n) {
    const std::string size = std::to_string(n);
    const std::size_t checked = std::min<std::size_t>(n, 4) * n;
    const auto ref = [n](std::size_t e) { return dot_ref(e / n, e % n, n, n); };
    const double flops_bytes = 3.0 * static_cast<double>(n * n) * sizeof(double);  // the three matrices, once
    const auto sp = [&](const std::string& c, const char* impl) {
        return bench::spec{c + "/" + impl + "/" + size, checked, static_cast<std::size_t>(flops_bytes), 1e-13};
    };
    bench::add(sp("matmul_f64", "loom"), ref, [n] {
        struct job {
            loom::array<double> a, b, r;
            void run() { r = loom::matmul(a, b); }
            const double* out() const { return r.data(); }
        };
        return job{bench::loom_array<double>({n, n}, 1), bench::loom_array<double>({n, n}, 2), {}};
    });
    bench::add(sp("gemm_kernel_f64", "loom"), ref, [n] {  // loom's own kernel, with or without the BLAS option
        struct job {
            loom::array<double> a, b, r;
            void run() {
                const auto ld = static_cast<std::ptrdiff_t>(r.shape()[1]);
                loom::detail::gemm(r.shape()[0], r.shape()[1], a.shape()[1], a.data(), ld, 1, b.data(), ld, 1, r.data(), ld, 1);
            }
            const double* out() const { return r.data(); }
        };
        return job{bench::loom_array<double>({n, n}, 1), bench::loom_array<double>({n, n}, 2), loom::array<double>(loom::shape_t{n, n})};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    for (const char* c : {"matmul_f64", "gemm_kernel_f64"}) {
        bench::add(sp(c, "eigen"), ref, [n] {
            using M = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
            struct job {
                M a, b, r;
                void run() { r.noalias() = a * b; }
                const double* out() const { return r.data(); }
            };
            const auto e = static_cast<Eigen::Index>(n);
            M a(e, e), b(e, e);
            bench::fill(a.data(), n * n, 1);
            bench::fill(b.data(), n * n, 2);
            return job{std::move(a), std::move(b), M(e, e)};
        });
    }
#endif
#if LOOM_BLAS
    bench::add(sp("matmul_f64", "hand"), ref, [n] {  // OpenBLAS called directly
        struct job {
            bench::buffer<double> a, b, r;
            std::size_t n;
            void run() {
                const int m = static_cast<int>(n);
                cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, m, m, 1.0, a.data(), m, b.data(), m, 0.0, r.data(), m);
            }
            const double* out() const { return r.data(); }
        };
        return job{bench::buffer<double>(n * n, 1), bench::buffer<double>(n * n, 2), bench::buffer<double>(n * n), n};
    });
#endif
}

// Products with a short side, (m, k) @ (k, n) with few rows and a long inner axis (a small batch through a dense
// layer): loom::matmul and loom's own kernel against OpenBLAS called directly, float and double.
template <class T>
void skinny(std::size_t m, std::size_t k, std::size_t n) {
    const std::string size = std::to_string(m) + "x" + std::to_string(k) + "x" + std::to_string(n);
    const std::string c = std::string("skinny") + bench::type_suffix<T>();
    const auto ref = [k, n](std::size_t e) {
        double s = 0;
        for (std::size_t p = 0; p < k; ++p) s += double(bench::value<T>(1, e / n * k + p)) * double(bench::value<T>(2, p * n + e % n));
        return s;
    };
    const double tol = std::is_same_v<T, float> ? 1e-4 : 1e-13;
    const std::size_t bytes = (m * k + k * n + m * n) * sizeof(T);
    const auto sp = [&](const char* impl) { return bench::spec{c + "/" + impl + "/" + size, m * n, bytes, tol}; };
    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<T> a, b, r;
            void run() { r = loom::matmul(a, b); }
            const T* out() const { return r.data(); }
        };
        return job{bench::loom_array<T>({m, k}, 1), bench::loom_array<T>({k, n}, 2), {}};
    });
    bench::add(sp("kernel"), ref, [=] {  // loom's own kernel, with or without the BLAS option
        struct job {
            loom::array<T> a, b, r;
            void run() {
                const std::size_t m = r.shape()[0], n = r.shape()[1], k = a.shape()[1];
                loom::detail::gemm(m, n, k, a.data(), static_cast<std::ptrdiff_t>(k), 1, b.data(), static_cast<std::ptrdiff_t>(n), 1,
                                   r.data(), static_cast<std::ptrdiff_t>(n), 1);
            }
            const T* out() const { return r.data(); }
        };
        return job{bench::loom_array<T>({m, k}, 1), bench::loom_array<T>({k, n}, 2), loom::array<T>(loom::shape_t{m, n})};
    });
#if LOOM_BLAS
    bench::add(sp("hand"), ref, [=] {  // OpenBLAS called directly
        struct job {
            bench::buffer<T> a, b, r;
            int m, n, k;
            void run() {
                if constexpr (std::is_same_v<T, float>)
                    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a.data(), k, b.data(), n, 0.0f, r.data(), n);
                else
                    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, a.data(), k, b.data(), n, 0.0, r.data(), n);
            }
            const T* out() const { return r.data(); }
        };
        bench::buffer<T> a(m * k), b(k * n);
        bench::fill(a.data(), m * k, 1);
        bench::fill(b.data(), k * n, 2);
        return job{std::move(a), std::move(b), bench::buffer<T>(m * n), int(m), int(n), int(k)};
    });
#endif
}

// (64, 128, 128) @ (128, 128): one batch of matrices by one matrix.
void batched() {
    constexpr std::size_t nb = 64, m = 128;
    const std::size_t checked = 4 * m;
    const auto ref = [](std::size_t e) { return dot_ref(e / m, e % m, m, m); };
    const auto sp = [&](const char* impl) {
        return bench::spec{std::string("matmul_batch/") + impl + "/64x128", checked, (2 * nb * m * m + m * m) * sizeof(double), 1e-13};
    };
    bench::add(sp("loom"), ref, [] {
        struct job {
            loom::array<double> x, w, r;
            void run() { r = loom::matmul(x, w); }
            const double* out() const { return r.data(); }
        };
        return job{bench::loom_array<double>({nb, m, m}, 1), bench::loom_array<double>({m, m}, 2), {}};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [] {  // what an Eigen user writes: a loop over the batch
        using M = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
        using Map = Eigen::Map<M>;
        using CMap = Eigen::Map<const M>;
        struct job {
            bench::buffer<double> x, r;
            M w;
            void run() {
                const auto e = static_cast<Eigen::Index>(m);
                for (std::size_t b = 0; b < nb; ++b) Map(r.data() + b * m * m, e, e).noalias() = CMap(x.data() + b * m * m, e, e) * w;
            }
            const double* out() const { return r.data(); }
        };
        M w(static_cast<Eigen::Index>(m), static_cast<Eigen::Index>(m));
        bench::fill(w.data(), m * m, 2);
        return job{bench::buffer<double>(nb * m * m, 1), bench::buffer<double>(nb * m * m), std::move(w)};
    });
#endif
}

// (n, n) @ (n,): a matrix times a vector, against Eigen and the loop of dot products a C++ programmer writes.
void matvec(std::size_t n) {
    const auto ref = [n](std::size_t i) {
        double s = 0;
        for (std::size_t p = 0; p < n; ++p) s += bench::value<double>(1, i * n + p) * bench::value<double>(2, p);
        return s;
    };
    const auto sp = [&](const char* impl) {
        return bench::spec{std::string("matvec_f64/") + impl + "/" + std::to_string(n), n, (n * n + 2 * n) * sizeof(double), 1e-13};
    };
    bench::add(sp("loom"), ref, [n] {
        struct job {
            loom::array<double> a, x, y;
            void run() { y = loom::matmul(a, x); }
            const double* out() const { return y.data(); }
        };
        return job{bench::loom_array<double>({n, n}, 1), bench::loom_array<double>({n}, 2), {}};
    });
    bench::add(sp("hand"), ref, [n] {
        struct job {
            bench::buffer<double> a, x, y;
            std::size_t n;
            void run() {
                const double* __restrict pa = a.data();
                const double* __restrict px = x.data();
                double* __restrict py = y.data();
                for (std::size_t i = 0; i < n; ++i) {
                    double s = 0;
                    for (std::size_t p = 0; p < n; ++p) s += pa[i * n + p] * px[p];
                    py[i] = s;
                }
            }
            const double* out() const { return y.data(); }
        };
        return job{bench::buffer<double>(n * n, 1), bench::buffer<double>(n, 2), bench::buffer<double>(n), n};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [n] {
        using M = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
        struct job {
            M a;
            Eigen::VectorXd x, y;
            void run() { y.noalias() = a * x; }
            const double* out() const { return y.data(); }
        };
        const auto e = static_cast<Eigen::Index>(n);
        M a(e, e);
        Eigen::VectorXd x(e);
        bench::fill(a.data(), n * n, 1);
        bench::fill(x.data(), n, 2);
        return job{std::move(a), std::move(x), Eigen::VectorXd(e)};
    });
#endif
}

}  // namespace

int main(int argc, char** argv) {
#ifdef LOOM_BENCH_HAVE_EIGEN
    Eigen::setNbThreads(1);
#endif
#if LOOM_BLAS
    openblas_set_num_threads(1);
#endif
    for (const std::size_t n : {64, 256, 512, 1024, 2048}) square(n);
    batched();
    for (const std::size_t n : {256, 4096}) matvec(n);
    skinny<float>(8, 3000, 500);   // the MLP's first layer (bench/programs.cpp)
    skinny<double>(8, 3000, 500);
    skinny<double>(16, 2000, 2000);
    return bench::run_main(argc, argv);
}
