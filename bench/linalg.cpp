// bench/linalg.cpp: loom::linalg's factorisations of one double matrix (n = 64 to 1024; 2048 for lu and cholesky)
// and its calls on stacks of 100,000 small matrices, against Eigen, LAPACKE (OpenBLAS's LAPACK, called row-major)
// and, in bench/numpy_cases.py (filter "linalg"), NumPy; everything on one thread.
//   lu_solve_f64   A x = b, one right-hand side: la::solve, Eigen's PartialPivLU, LAPACKE_dgesv
//   cholesky_f64   L of an SPD matrix: la::cholesky, Eigen's LLT, LAPACKE_dpotrf
//   qr_f64         Q and R, both formed: la::qr, Eigen's HouseholderQR and householderQ(), dgeqrf and dorgqr
//   eigh_f64       eigenvalues and eigenvectors: la::eigh, Eigen's SelfAdjointEigenSolver, LAPACKE_dsyevd
//   svd_f64        thin U, S, Vh: la::svd(a, false), Eigen's BDCSVD (and JacobiSVD to 256), LAPACKE_dgesdd
//                  (eigh and svd also as loom_lapack: loom's call sent to LAPACK, with loom's option `lapack`)
//   <op>_<k>x<k>_f64/<impl>/100k  solve, inv, det and eigh of 100,000 3x3 matrices (solve and det of 2x2, 4x4):
//                  one loom call on the stack against a loop over Eigen's fixed-size matrices
// Each implementation factors its own copy of the operand inside the timing (loom and NumPy copy it), and its
// result is checked against values known by construction (x_true, eigenvalues, singular values) or computed
// by hand from a corner of the operand (the first rows of L and of R). OpenBLAS picks its kernels when loaded,
// OPENBLAS_CORETYPE overriding them: compare LAPACKE with NumPy in one environment (scripts/bench_summary.py
// unsets OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE for NumPy's cases).
#include "common.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <loom/linalg.hpp>

#ifdef LOOM_BENCH_HAVE_EIGEN
#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <Eigen/QR>
#include <Eigen/SVD>
#endif
#ifdef LOOM_BENCH_HAVE_LAPACKE
#include <complex>
// LAPACKE's complex types as C++'s (its default, C99's _Complex, is an extension in C++)
#define lapack_complex_float std::complex<float>
#define lapack_complex_double std::complex<double>
#include <lapacke.h>
// OpenBLAS's thread count and kernels, when LAPACKE's LAPACK is OpenBLAS's: weak, so that another LAPACK links too.
extern "C" void openblas_set_num_threads(int) __attribute__((weak));
extern "C" int openblas_get_num_threads() __attribute__((weak));
extern "C" char* openblas_get_corename() __attribute__((weak));
#endif

namespace {

namespace la = loom::linalg;

using matrix = std::vector<double>;  // row-major
constexpr bench::range symmetric{-1.0, 1.0};

// Operand seeds (bench::value's first argument).
enum : std::uint64_t {
    seed_lu = 1, seed_chol = 2, seed_qr = 3, seed_eigh_v = 5, seed_eigh_w = 6, seed_svd_s = 7, seed_svd_u = 8,
    seed_x = 9, seed_svd_v = 10, seed_small = 20, seed_small_v = 21, seed_small_w = 22
};

// With loom's option `lapack`, the `loom` cases run loom's own code (main sets every threshold to never)
// and the `loom_lapack` ones send their matrix to LAPACK while this lives.
struct lapack_on {
    la::lapack_routine r;
    explicit lapack_on(la::lapack_routine routine) : r(routine) { la::set_lapack_threshold(r, 0); }
    ~lapack_on() { la::set_lapack_threshold(r, std::numeric_limits<std::size_t>::max()); }
};

std::string name(const std::string& kase, const char* impl, const std::string& size) {
    return kase + "/" + impl + "/" + size;
}

double x_true(std::size_t i) { return bench::value<double>(seed_x, i); }

// A general random n x n matrix, entries in [-1, 1).
matrix general(std::uint64_t seed, std::size_t n) {
    matrix a(n * n);
    bench::fill(a.data(), a.size(), seed, symmetric);
    return a;
}

// b = A x_true for each of the `count` n x n matrices of a (row-major, one after the other).
matrix times_x(const matrix& a, std::size_t n, std::size_t count = 1) {
    matrix b(n * count, 0.0);
    for (std::size_t m = 0; m < count; ++m)
        for (std::size_t i = 0; i < n; ++i) {
            double s = 0;
            for (std::size_t j = 0; j < n; ++j) s += a[(m * n + i) * n + j] * x_true(m * n + j);
            b[m * n + i] = s;
        }
    return b;
}

// G G^T / n + I with G's entries in [-1, 1): symmetric positive definite (eigenvalues from 1).
// G G^T by loom::matmul (an operand, not a result); the upper triangle mirrors the lower one.
matrix spd(std::size_t n) {
    const loom::array<double> g = bench::loom_array<double>({n, n}, seed_chol, symmetric);
    const loom::array<double> ggt = loom::matmul(g, loom::transpose(g));
    matrix a(n * n);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j <= i; ++j)
            a[i * n + j] = a[j * n + i] = ggt.data()[i * n + j] / static_cast<double>(n) + (i == j ? 1.0 : 0.0);
    return a;
}

// u / |u| for the n values of u, in place.
void normalise(double* u, std::size_t n) {
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) s += u[i] * u[i];
    s = std::sqrt(s);
    for (std::size_t i = 0; i < n; ++i) u[i] /= s;
}

// H diag(d) H with the reflector H = I - 2 u u^T (u a unit vector), into the n x n row-major out: symmetric
// (exactly: both triangles from the same expression) with the eigenvalues d.
void reflected_symmetric(const double* d, const double* u, std::size_t n, double* out) {
    double s = 0;
    for (std::size_t k = 0; k < n; ++k) s += d[k] * u[k] * u[k];
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            out[i * n + j] = (i == j ? d[i] : 0.0) + u[i] * u[j] * (4 * s - 2 * (d[i] + d[j]));
}

// H1 diag(sigma) H2 with reflectors H1 = I - 2 u u^T, H2 = I - 2 v v^T: the singular values sigma.
void reflected_general(const double* sigma, const double* u, const double* v, std::size_t n, double* out) {
    double t = 0;
    for (std::size_t k = 0; k < n; ++k) t += u[k] * sigma[k] * v[k];
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            out[i * n + j] = (i == j ? sigma[i] : 0.0) - 2 * u[i] * u[j] * sigma[j] - 2 * sigma[i] * v[i] * v[j] +
                             4 * t * u[i] * v[j];
}

// Known spectra: eigenvalues k + [0.25, 0.75) ascending, singular values n - k + [0.25, 0.75) descending.
double eigenvalue(std::uint64_t seed, std::size_t flat, std::size_t k) {
    return static_cast<double>(k) + 0.5 * bench::value<double>(seed, flat);
}
double singular_value(std::size_t n, std::size_t k) {
    return static_cast<double>(n - k) + 0.5 * bench::value<double>(seed_svd_s, k);
}

matrix eigh_operand(std::size_t n) {
    matrix d(n), u(n), a(n * n);
    for (std::size_t k = 0; k < n; ++k) d[k] = eigenvalue(seed_eigh_w, k, k);
    bench::fill(u.data(), n, seed_eigh_v);
    normalise(u.data(), n);
    reflected_symmetric(d.data(), u.data(), n, a.data());
    return a;
}

matrix svd_operand(std::size_t n) {
    matrix s(n), u(n), v(n), a(n * n);
    for (std::size_t k = 0; k < n; ++k) s[k] = singular_value(n, k);
    bench::fill(u.data(), n, seed_svd_u);
    bench::fill(v.data(), n, seed_svd_v);
    normalise(u.data(), n);
    normalise(v.data(), n);
    reflected_general(s.data(), u.data(), v.data(), n, a.data());
    return a;
}

// The operands of one case and size, built once while its implementations run one after another (the last
// one built is held; each job copies what it needs).
struct operands {
    matrix a, b;
};
template <class Build>
std::shared_ptr<const operands> cached(const std::string& key, Build build) {
    static std::string held_key;
    static std::shared_ptr<const operands> held;
    if (key != held_key || !held) {
        held.reset();
        held = std::make_shared<const operands>(build());
        held_key = key;
    }
    return held;
}

loom::array<double> to_loom(const matrix& v, const loom::shape_t& s) {
    loom::array<double> a(s);
    std::copy(v.begin(), v.end(), a.data());
    return a;
}

#ifdef LOOM_BENCH_HAVE_EIGEN
// Eigen's LU, LLT and QR factor row-major matrices (loom's and NumPy's layout); its eigensolver and SVDs its own
// column-major ones.
using rowmat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class M>
M to_eigen(const matrix& v, std::size_t n) {
    const auto e = static_cast<Eigen::Index>(n);
    return M(Eigen::Map<const rowmat>(v.data(), e, e));
}
#endif

// ---------------------------------------------------------------------------------------------------------------
// One matrix of order n.

void lu_solve(std::size_t n) {
    const std::string c = "lu_solve_f64", size = std::to_string(n), key = c + size;
    const auto sp = [&](const char* impl) { return bench::spec{name(c, impl, size), n, (n * n + 2 * n) * 8, 1e-8}; };
    const auto ref = [](std::size_t i) { return x_true(i); };
    const auto ops = [key, n] {
        return cached(key, [n] {
            matrix a = general(seed_lu, n);
            matrix b = times_x(a, n);
            return operands{std::move(a), std::move(b)};
        });
    };
    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<double> a, b, x;
            void run() { x = la::solve(a, b); }
            const double* out() const { return x.data(); }
        };
        const auto o = ops();
        return job{to_loom(o->a, {n, n}), to_loom(o->b, {n, 1}), {}};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [=] {
        struct job {
            rowmat a;
            Eigen::VectorXd b, x;
            void run() { x = Eigen::PartialPivLU<rowmat>(a).solve(b); }
            const double* out() const { return x.data(); }
        };
        const auto o = ops();
        return job{to_eigen<rowmat>(o->a, n), Eigen::Map<const Eigen::VectorXd>(o->b.data(), Eigen::Index(n)), {}};
    });
#endif
#ifdef LOOM_BENCH_HAVE_LAPACKE
    bench::add(sp("lapacke"), ref, [=] {
        struct job {
            matrix a, b, lu, x;
            std::vector<lapack_int> piv;
            void run() {
                const auto m = static_cast<lapack_int>(b.size());
                lu = a;
                x = b;
                LAPACKE_dgesv(LAPACK_ROW_MAJOR, m, 1, lu.data(), m, piv.data(), x.data(), 1);
            }
            const double* out() const { return x.data(); }
        };
        const auto o = ops();
        return job{o->a, o->b, matrix(n * n), matrix(n), std::vector<lapack_int>(n)};
    });
#endif
}

// The first 4 rows of L are checked: they depend on A's leading 4 x 4 block only, factored here by hand.
void cholesky(std::size_t n) {
    const std::string c = "cholesky_f64", size = std::to_string(n), key = c + size;
    auto l4 = std::make_shared<std::array<double, 16>>();
    {
        double a4[4][4];
        for (std::size_t i = 0; i < 4; ++i)
            for (std::size_t j = 0; j < 4; ++j) {
                double s = 0;
                for (std::size_t k = 0; k < n; ++k)
                    s += bench::value<double>(seed_chol, i * n + k, symmetric) *
                         bench::value<double>(seed_chol, j * n + k, symmetric);
                a4[i][j] = s / static_cast<double>(n) + (i == j ? 1.0 : 0.0);
            }
        auto& l = *l4;
        for (std::size_t j = 0; j < 4; ++j) {
            double d = a4[j][j];
            for (std::size_t p = 0; p < j; ++p) d -= l[j * 4 + p] * l[j * 4 + p];
            l[j * 4 + j] = std::sqrt(d);
            for (std::size_t i = j + 1; i < 4; ++i) {
                double s = a4[i][j];
                for (std::size_t p = 0; p < j; ++p) s -= l[i * 4 + p] * l[j * 4 + p];
                l[i * 4 + j] = s / l[j * 4 + j];
            }
        }
    }
    const auto ref = [l4, n](std::size_t e) {
        const std::size_t i = e / n, j = e % n;
        return j <= i ? (*l4)[i * 4 + j] : 0.0;
    };
    const auto sp = [&](const char* impl) { return bench::spec{name(c, impl, size), 4 * n, 2 * n * n * 8, 1e-12}; };
    const auto ops = [key, n] { return cached(key, [n] { return operands{spd(n), {}}; }); };
    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<double> a, l;
            void run() { l = la::cholesky(a); }
            const double* out() const { return l.data(); }
        };
        return job{to_loom(ops()->a, {n, n}), {}};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [=] {
        struct job {
            rowmat a, l;
            void run() { l = Eigen::LLT<rowmat>(a).matrixL(); }  // the upper triangle set to 0
            const double* out() const { return l.data(); }
        };
        return job{to_eigen<rowmat>(ops()->a, n), {}};
    });
#endif
#ifdef LOOM_BENCH_HAVE_LAPACKE
    bench::add(sp("lapacke"), ref, [=] {
        struct job {
            matrix a, l;
            std::size_t n;
            void run() {
                l = a;
                LAPACKE_dpotrf(LAPACK_ROW_MAJOR, 'L', static_cast<lapack_int>(n), l.data(), static_cast<lapack_int>(n));
                for (std::size_t i = 0; i < n; ++i) std::fill(l.begin() + i * n + i + 1, l.begin() + (i + 1) * n, 0.0);
            }
            const double* out() const { return l.data(); }
        };
        return job{ops()->a, matrix(n * n), n};
    });
#endif
}

// The first row of R is checked: R[0][0] = -sign(a00) |a[:, 0]| and R[0][j] = a[:, 0] . a[:, j] / R[0][0]
// (LAPACK's signs, which NumPy and Eigen share).
void qr(std::size_t n) {
    const std::string c = "qr_f64", size = std::to_string(n), key = c + size;
    auto r0 = std::make_shared<std::vector<double>>(n);
    {
        const auto a = [n](std::size_t i, std::size_t j) {
            return bench::value<double>(seed_qr, i * n + j, symmetric);
        };
        double s = 0;
        for (std::size_t i = 0; i < n; ++i) s += a(i, 0) * a(i, 0);
        const double r00 = -std::copysign(std::sqrt(s), a(0, 0));
        for (std::size_t j = 0; j < n; ++j) {
            double d = 0;
            for (std::size_t i = 0; i < n; ++i) d += a(i, 0) * a(i, j);
            (*r0)[j] = d / r00;
        }
    }
    const auto ref = [r0](std::size_t j) { return (*r0)[j]; };
    const auto sp = [&](const char* impl) { return bench::spec{name(c, impl, size), n, 3 * n * n * 8, 1e-11}; };
    const auto ops = [key, n] { return cached(key, [n] { return operands{general(seed_qr, n), {}}; }); };
    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<double> a;
            la::qr_result<double> f;
            void run() { f = la::qr(a); }
            const double* out() const { return f.R.data(); }
        };
        return job{to_loom(ops()->a, {n, n}), {}};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [=] {
        struct job {
            rowmat a, q, r;
            void run() {
                const Eigen::HouseholderQR<rowmat> f(a);
                q = f.householderQ();  // square: the thin Q is the whole one
                r = f.matrixQR().triangularView<Eigen::Upper>();
            }
            const double* out() const { return r.data(); }
        };
        return job{to_eigen<rowmat>(ops()->a, n), {}, {}};
    });
#endif
#ifdef LOOM_BENCH_HAVE_LAPACKE
    bench::add(sp("lapacke"), ref, [=] {
        struct job {
            matrix a, f, r, tau;
            std::size_t n;
            void run() {
                const auto m = static_cast<lapack_int>(n);
                f = a;
                LAPACKE_dgeqrf(LAPACK_ROW_MAJOR, m, m, f.data(), m, tau.data());
                for (std::size_t i = 0; i < n; ++i)
                    for (std::size_t j = 0; j < n; ++j) r[i * n + j] = j >= i ? f[i * n + j] : 0.0;
                LAPACKE_dorgqr(LAPACK_ROW_MAJOR, m, m, m, f.data(), m, tau.data());  // f becomes Q
            }
            const double* out() const { return r.data(); }
        };
        return job{ops()->a, matrix(n * n), matrix(n * n), matrix(n), n};
    });
#endif
}

// Eigenvalues and eigenvectors of H D H; the eigenvalues (D's, ascending) are checked.
void eigh(std::size_t n) {
    const std::string c = "eigh_f64", size = std::to_string(n), key = c + size;
    const auto ref = [](std::size_t k) { return eigenvalue(seed_eigh_w, k, k); };
    const auto sp = [&](const char* impl) { return bench::spec{name(c, impl, size), n, 2 * n * n * 8, 1e-10}; };
    const auto ops = [key, n] { return cached(key, [n] { return operands{eigh_operand(n), {}}; }); };
    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<double> a;
            la::eigh_result<double> f;
            void run() { f = la::eigh(a); }
            const double* out() const { return f.eigenvalues.data(); }
        };
        return job{to_loom(ops()->a, {n, n}), {}};
    });
    if (la::has_lapack) {
        bench::add(sp("loom_lapack"), ref, [=] {
            struct job {
                loom::array<double> a;
                la::eigh_result<double> f;
                void run() {
                    const lapack_on on(la::lapack_routine::eigh);
                    f = la::eigh(a);
                }
                const double* out() const { return f.eigenvalues.data(); }
            };
            return job{to_loom(ops()->a, {n, n}), {}};
        });
    }
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [=] {
        struct job {
            Eigen::MatrixXd a;  // symmetric: the layout does not matter
            Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> f;
            void run() { f.compute(a, Eigen::ComputeEigenvectors); }
            const double* out() const { return f.eigenvalues().data(); }
        };
        return job{to_eigen<Eigen::MatrixXd>(ops()->a, n), {}};
    });
#endif
#ifdef LOOM_BENCH_HAVE_LAPACKE
    bench::add(sp("lapacke"), ref, [=] {
        struct job {
            matrix a, z, w;
            std::size_t n;
            void run() {
                const auto m = static_cast<lapack_int>(n);
                z = a;
                LAPACKE_dsyevd(LAPACK_ROW_MAJOR, 'V', 'L', m, z.data(), m, w.data());  // z becomes the vectors
            }
            const double* out() const { return w.data(); }
        };
        return job{ops()->a, matrix(n * n), matrix(n), n};
    });
#endif
}

// The thin SVD of H1 diag(sigma) H2; the singular values (sigma, descending) are checked.
void svd(std::size_t n) {
    const std::string c = "svd_f64", size = std::to_string(n), key = c + size;
    const auto ref = [n](std::size_t k) { return singular_value(n, k); };
    const auto sp = [&](const char* impl) { return bench::spec{name(c, impl, size), n, 3 * n * n * 8, 1e-10}; };
    const auto ops = [key, n] { return cached(key, [n] { return operands{svd_operand(n), {}}; }); };
    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<double> a;
            la::svd_result<double> f;
            void run() { f = la::svd(a, false); }
            const double* out() const { return f.S.data(); }
        };
        return job{to_loom(ops()->a, {n, n}), {}};
    });
    if (la::has_lapack) {
        bench::add(sp("loom_lapack"), ref, [=] {
            struct job {
                loom::array<double> a;
                la::svd_result<double> f;
                void run() {
                    const lapack_on on(la::lapack_routine::svd);
                    f = la::svd(a, false);
                }
                const double* out() const { return f.S.data(); }
            };
            return job{to_loom(ops()->a, {n, n}), {}};
        });
    }
#ifdef LOOM_BENCH_HAVE_EIGEN
    // Eigen's SVDs in its own (column-major) layout, converted from the row-major operand before timing.
    constexpr unsigned thin = Eigen::ComputeThinU | Eigen::ComputeThinV;
    bench::add(sp("eigen"), ref, [=] {
        struct job {
            Eigen::MatrixXd a;
            Eigen::BDCSVD<Eigen::MatrixXd> f;
            void run() { f.compute(a, thin); }
            const double* out() const { return f.singularValues().data(); }
        };
        return job{to_eigen<Eigen::MatrixXd>(ops()->a, n), {}};
    });
    if (n <= 256) {  // one-sided Jacobi, as loom's: slow beyond
        bench::add(sp("eigen_jacobi"), ref, [=] {
            struct job {
                Eigen::MatrixXd a;
                Eigen::JacobiSVD<Eigen::MatrixXd> f;
                void run() { f.compute(a, thin); }
                const double* out() const { return f.singularValues().data(); }
            };
            return job{to_eigen<Eigen::MatrixXd>(ops()->a, n), {}};
        });
    }
#endif
#ifdef LOOM_BENCH_HAVE_LAPACKE
    bench::add(sp("lapacke"), ref, [=] {
        struct job {
            matrix a, f, s, u, vt;
            std::size_t n;
            void run() {
                const auto m = static_cast<lapack_int>(n);
                f = a;
                LAPACKE_dgesdd(LAPACK_ROW_MAJOR, 'S', m, m, f.data(), m, s.data(), u.data(), m, vt.data(), m);
            }
            const double* out() const { return s.data(); }
        };
        return job{ops()->a, matrix(n * n), matrix(n), matrix(n * n), matrix(n * n), n};
    });
#endif
}

// ---------------------------------------------------------------------------------------------------------------
// Stacks of 100,000 k x k matrices: one loom call on the stack (count, k, k) against a loop over Eigen's
// fixed-size matrices.

constexpr std::size_t count = 100'000;

// Element (r, c) of matrix m of the solve, inv and det stacks: entries in [-1, 1) plus k on the diagonal,
// diagonally dominant (well conditioned).
double small_entry(std::size_t k, std::size_t m, std::size_t r, std::size_t c) {
    return bench::value<double>(seed_small, (m * k + r) * k + c, symmetric) + (r == c ? static_cast<double>(k) : 0.0);
}

// The determinant of the row-major k x k matrix a (k <= 4) by cofactor expansion along the first row.
double cofactor_det(const double* a, std::size_t k) {
    if (k == 1) return a[0];
    double d = 0, minor[9];
    for (std::size_t c = 0; c < k; ++c) {
        std::size_t p = 0;
        for (std::size_t i = 1; i < k; ++i)
            for (std::size_t j = 0; j < k; ++j)
                if (j != c) minor[p++] = a[i * k + j];
        d += (c % 2 ? -1.0 : 1.0) * a[c] * cofactor_det(minor, k - 1);
    }
    return d;
}

// Matrix m of the stack, row-major.
std::array<double, 16> small_matrix(std::size_t k, std::size_t m) {
    std::array<double, 16> a{};
    for (std::size_t r = 0; r < k; ++r)
        for (std::size_t c = 0; c < k; ++c) a[r * k + c] = small_entry(k, m, r, c);
    return a;
}

// Element (r, c) of the inverse of matrix a: the cofactor of (c, r) over the determinant.
double cofactor_inv(const double* a, std::size_t k, std::size_t r, std::size_t c) {
    double minor[9];
    std::size_t p = 0;
    for (std::size_t i = 0; i < k; ++i)
        for (std::size_t j = 0; j < k; ++j)
            if (i != c && j != r) minor[p++] = a[i * k + j];
    return ((r + c) % 2 ? -1.0 : 1.0) * cofactor_det(minor, k - 1) / cofactor_det(a, k);
}

// The solve, inv and det stack (count k x k matrices, row-major) and b = A x_true of shape (count, k, 1).
std::shared_ptr<const operands> small_operands(std::size_t k, bool rhs) {
    return cached("small" + std::to_string(k) + (rhs ? "b" : ""), [k, rhs] {
        matrix a(count * k * k);
        for (std::size_t m = 0; m < count; ++m)
            for (std::size_t r = 0; r < k; ++r)
                for (std::size_t c = 0; c < k; ++c) a[(m * k + r) * k + c] = small_entry(k, m, r, c);
        matrix b = rhs ? times_x(a, k, count) : matrix{};
        return operands{std::move(a), std::move(b)};
    });
}

// The eigh stack: matrix m is H D H with its own reflector and eigenvalues j + [0.25, 0.75), j = 0, 1, 2.
std::shared_ptr<const operands> eigh3_operands() {
    return cached("eigh3", [] {
        matrix a(count * 9);
        for (std::size_t m = 0; m < count; ++m) {
            double d[3], u[3];
            for (std::size_t j = 0; j < 3; ++j) {
                d[j] = eigenvalue(seed_small_w, m * 3 + j, j);
                u[j] = bench::value<double>(seed_small_v, m * 3 + j);
            }
            normalise(u, 3);
            reflected_symmetric(d, u, 3, a.data() + m * 9);
        }
        return operands{std::move(a), {}};
    });
}

std::string small_case(const char* op, std::size_t k) {
    return std::string(op) + "_" + std::to_string(k) + "x" + std::to_string(k) + "_f64";
}

#ifdef LOOM_BENCH_HAVE_EIGEN
template <int K, int Options = Eigen::ColMajor>
using fixed = Eigen::Matrix<double, K, K, Options>;
template <int K>
using fixed_vector = Eigen::Matrix<double, K, 1>;

// The stack as Eigen's fixed-size matrices (column-major, Eigen's default).
template <int K>
std::vector<fixed<K>> eigen_stack(const matrix& a) {
    std::vector<fixed<K>> s(count);
    for (std::size_t m = 0; m < count; ++m) s[m] = Eigen::Map<const fixed<K, Eigen::RowMajor>>(a.data() + m * K * K);
    return s;
}
// A vector of fixed-size vectors or matrices is a contiguous run of their elements.
template <class V>
const double* flat(const std::vector<V>& v) {
    static_assert(sizeof(V) == sizeof(double) * V::SizeAtCompileTime);
    return v.front().data();
}
#endif

template <int K>
void small_solve() {
    const std::string c = small_case("solve", K);
    const auto sp = [&](const char* impl) {
        return bench::spec{name(c, impl, "100k"), count * K, count * (K * K + 2 * K) * 8, 1e-12};
    };
    const auto ref = [](std::size_t i) { return x_true(i); };
    bench::add(sp("loom"), ref, [] {
        struct job {
            loom::array<double> a, b, x;
            void run() { x = la::solve(a, b); }
            const double* out() const { return x.data(); }
        };
        const auto o = small_operands(K, true);
        return job{to_loom(o->a, {count, K, K}), to_loom(o->b, {count, K, 1}), {}};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [] {
        struct job {
            std::vector<fixed<K>> a;
            std::vector<fixed_vector<K>> b, x;
            void run() {
                for (std::size_t m = 0; m < count; ++m) x[m] = a[m].partialPivLu().solve(b[m]);
            }
            const double* out() const { return flat(x); }
        };
        const auto o = small_operands(K, true);
        std::vector<fixed_vector<K>> b(count);
        for (std::size_t m = 0; m < count; ++m) b[m] = Eigen::Map<const fixed_vector<K>>(o->b.data() + m * K);
        return job{eigen_stack<K>(o->a), std::move(b), std::vector<fixed_vector<K>>(count)};
    });
#endif
}

template <int K>
void small_det() {
    const std::string c = small_case("det", K);
    const auto sp = [&](const char* impl) {
        return bench::spec{name(c, impl, "100k"), count, count * (K * K + 1) * 8, 1e-12};
    };
    const auto ref = [](std::size_t m) { return cofactor_det(small_matrix(K, m).data(), K); };
    bench::add(sp("loom"), ref, [] {
        struct job {
            loom::array<double> a, d;
            void run() { d = la::det(a); }
            const double* out() const { return d.data(); }
        };
        return job{to_loom(small_operands(K, false)->a, {count, K, K}), {}};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [] {
        struct job {
            std::vector<fixed<K>> a;
            std::vector<double> d;
            void run() {
                for (std::size_t m = 0; m < count; ++m) d[m] = a[m].determinant();
            }
            const double* out() const { return d.data(); }
        };
        return job{eigen_stack<K>(small_operands(K, false)->a), std::vector<double>(count)};
    });
#endif
}

void small_inv() {
    constexpr int K = 3;
    const std::string c = small_case("inv", K);
    const auto sp = [&](const char* impl) {
        return bench::spec{name(c, impl, "100k"), count * K * K, count * K * K * 2 * 8, 1e-12};
    };
    const auto ref = [](std::size_t e) {
        const std::size_t m = e / (K * K), r = e % (K * K) / K, col = e % K;
        return cofactor_inv(small_matrix(K, m).data(), K, r, col);
    };
    bench::add(sp("loom"), ref, [] {
        struct job {
            loom::array<double> a, r;
            void run() { r = la::inv(a); }
            const double* out() const { return r.data(); }
        };
        return job{to_loom(small_operands(K, false)->a, {count, K, K}), {}};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [] {
        struct job {
            std::vector<fixed<K>> a;
            std::vector<fixed<K, Eigen::RowMajor>> r;  // row-major, as the result checked
            void run() {
                for (std::size_t m = 0; m < count; ++m) r[m] = a[m].inverse();
            }
            const double* out() const { return flat(r); }
        };
        return job{eigen_stack<K>(small_operands(K, false)->a), std::vector<fixed<K, Eigen::RowMajor>>(count)};
    });
#endif
}

// Eigenvalues and eigenvectors of each 3x3 matrix; the eigenvalues are checked.
void small_eigh() {
    constexpr int K = 3;
    const std::string c = small_case("eigh", K);
    const auto sp = [&](const char* impl) {
        return bench::spec{name(c, impl, "100k"), count * K, count * (2 * K * K + K) * 8, 1e-10};
    };
    const auto ref = [](std::size_t e) { return eigenvalue(seed_small_w, e, e % K); };
    bench::add(sp("loom"), ref, [] {
        struct job {
            loom::array<double> a;
            la::eigh_result<double> f;
            void run() { f = la::eigh(a); }
            const double* out() const { return f.eigenvalues.data(); }
        };
        return job{to_loom(eigh3_operands()->a, {count, K, K}), {}};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    // SelfAdjointEigenSolver's iterative compute() and its closed form for 3x3, computeDirect()
    for (const bool direct : {false, true}) {
        bench::add(sp(direct ? "eigen_direct" : "eigen"), ref, [direct] {
            struct job {
                std::vector<fixed<K>> a, v;
                std::vector<fixed_vector<K>> w;
                bool direct;
                void run() {
                    Eigen::SelfAdjointEigenSolver<fixed<K>> f;
                    for (std::size_t m = 0; m < count; ++m) {
                        if (direct) f.computeDirect(a[m]);
                        else f.compute(a[m]);
                        w[m] = f.eigenvalues();
                        v[m] = f.eigenvectors();
                    }
                }
                const double* out() const { return flat(w); }
            };
            return job{eigen_stack<K>(eigh3_operands()->a), std::vector<fixed<K>>(count),
                       std::vector<fixed_vector<K>>(count), direct};
        });
    }
#endif
}

}  // namespace

int main(int argc, char** argv) {
    loom::set_num_threads(1);
    for (int r = 0; r < 6; ++r)
        la::set_lapack_threshold(static_cast<la::lapack_routine>(r), std::numeric_limits<std::size_t>::max());
#ifdef LOOM_BENCH_HAVE_EIGEN
    Eigen::setNbThreads(1);
#endif
#ifdef LOOM_BENCH_HAVE_LAPACKE
    if (openblas_set_num_threads) openblas_set_num_threads(1);
    benchmark::AddCustomContext("openblas threads",
                                openblas_get_num_threads ? std::to_string(openblas_get_num_threads()) : "not OpenBLAS");
    // the kernels OpenBLAS chose (OPENBLAS_CORETYPE overrides them): NumPy's run should show the same
    benchmark::AddCustomContext("openblas core", openblas_get_corename ? openblas_get_corename() : "not OpenBLAS");
#endif
    for (const std::size_t n : {64, 128, 256, 512, 1024, 2048}) {
        lu_solve(n);
        cholesky(n);
        if (n > 1024) continue;  // the others take long at 2048
        qr(n);
        eigh(n);
        svd(n);
    }
    small_solve<3>();
    small_solve<2>();
    small_solve<4>();
    small_det<3>();
    small_det<2>();
    small_det<4>();
    small_inv();
    small_eigh();
    return bench::run_main(argc, argv);
}
