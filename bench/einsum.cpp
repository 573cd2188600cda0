// bench/einsum.cpp: loom::einsum on the forms NumPy programs use, each against what a C++ programmer writes
// without it ("hand"): a batched matrix product against loom::matmul, a trace, a full contraction, a matrix
// times a vector and an outer product against plain loops. NumPy's np.einsum in bench/numpy_cases.py.
#include "common.hpp"

#include <loom/linalg/einsum.hpp>

#include <string>

namespace {

// (64, 128, 128) @ (64, 128, 128), "bij,bjk->bik".
void batch() {
    constexpr std::size_t nb = 64, m = 128;
    const auto ref = [](std::size_t e) {
        const std::size_t b = e / (m * m), i = e / m % m, j = e % m;
        double s = 0;
        for (std::size_t p = 0; p < m; ++p) s += bench::value<double>(1, (b * m + i) * m + p) * bench::value<double>(2, (b * m + p) * m + j);
        return s;
    };
    const auto sp = [&](const char* impl) {
        return bench::spec{std::string("einsum_batch/") + impl + "/64x128", 4 * m, 3 * nb * m * m * sizeof(double), 1e-13};
    };
    struct job {
        loom::array<double> a, b, r;
        bool use_einsum;
        void run() { r = use_einsum ? loom::einsum("bij,bjk->bik", a, b) : loom::matmul(a, b); }
        const double* out() const { return r.data(); }
    };
    bench::add(sp("loom"), ref, [] { return job{bench::loom_array<double>({nb, m, m}, 1), bench::loom_array<double>({nb, m, m}, 2), {}, true}; });
    bench::add(sp("hand"), ref, [] { return job{bench::loom_array<double>({nb, m, m}, 1), bench::loom_array<double>({nb, m, m}, 2), {}, false}; });
}

// "ii": the trace of an (n, n) matrix.
void trace(std::size_t n) {
    const auto ref = [n](std::size_t) {
        double s = 0;
        for (std::size_t i = 0; i < n; ++i) s += bench::value<double>(1, i * n + i);
        return s;
    };
    const auto sp = [&](const char* impl) { return bench::spec{std::string("einsum_trace/") + impl + "/" + std::to_string(n), 1, n * sizeof(double), 1e-13}; };
    bench::add(sp("loom"), ref, [n] {
        struct job {
            loom::array<double> a, r;
            void run() { r = loom::einsum("ii", a); }
            const double* out() const { return r.data(); }
        };
        return job{bench::loom_array<double>({n, n}, 1), {}};
    });
    bench::add(sp("hand"), ref, [n] {
        struct job {
            bench::buffer<double> a, r;
            std::size_t n;
            void run() {
                const double* __restrict p = a.data();
                double s = 0;
                for (std::size_t i = 0; i < n; ++i) s += p[i * (n + 1)];
                r.data()[0] = s;
            }
            const double* out() const { return r.data(); }
        };
        return job{bench::buffer<double>(n * n, 1), bench::buffer<double>(1), n};
    });
}

// "ij,ij->": the sum of the element-wise products of two (n, n) matrices.
void inner(std::size_t n) {
    const auto ref = [n](std::size_t) {
        double s = 0;
        for (std::size_t i = 0; i < n * n; ++i) s += bench::value<double>(1, i) * bench::value<double>(2, i);
        return s;
    };
    const auto sp = [&](const char* impl) { return bench::spec{std::string("einsum_inner/") + impl + "/" + std::to_string(n), 1, 2 * n * n * sizeof(double), 1e-11}; };
    bench::add(sp("loom"), ref, [n] {
        struct job {
            loom::array<double> a, b, r;
            void run() { r = loom::einsum("ij,ij->", a, b); }
            const double* out() const { return r.data(); }
        };
        return job{bench::loom_array<double>({n, n}, 1), bench::loom_array<double>({n, n}, 2), {}};
    });
    bench::add(sp("hand"), ref, [n] {  // four accumulators, as a careful programmer unrolls a dot product
        struct job {
            bench::buffer<double> a, b, r;
            std::size_t n;
            void run() {
                const double* __restrict pa = a.data();
                const double* __restrict pb = b.data();
                double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
                const std::size_t len = n * n;
                std::size_t i = 0;
                for (; i + 4 <= len; i += 4) {
                    s0 += pa[i] * pb[i];
                    s1 += pa[i + 1] * pb[i + 1];
                    s2 += pa[i + 2] * pb[i + 2];
                    s3 += pa[i + 3] * pb[i + 3];
                }
                for (; i < len; ++i) s0 += pa[i] * pb[i];
                r.data()[0] = (s0 + s1) + (s2 + s3);
            }
            const double* out() const { return r.data(); }
        };
        return job{bench::buffer<double>(n * n, 1), bench::buffer<double>(n * n, 2), bench::buffer<double>(1), n};
    });
}

// "ij,j->i": an (n, n) matrix times a vector.
void matvec(std::size_t n) {
    const auto ref = [n](std::size_t i) {
        double s = 0;
        for (std::size_t p = 0; p < n; ++p) s += bench::value<double>(1, i * n + p) * bench::value<double>(2, p);
        return s;
    };
    const auto sp = [&](const char* impl) { return bench::spec{std::string("einsum_matvec/") + impl + "/" + std::to_string(n), n, (n * n + 2 * n) * sizeof(double), 1e-13}; };
    bench::add(sp("loom"), ref, [n] {
        struct job {
            loom::array<double> a, x, y;
            void run() { y = loom::einsum("ij,j->i", a, x); }
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
}

// "i,j->ij": the outer product of two vectors of n.
void outer(std::size_t n) {
    const auto ref = [n](std::size_t e) { return bench::value<double>(1, e / n) * bench::value<double>(2, e % n); };
    const auto sp = [&](const char* impl) { return bench::spec{std::string("einsum_outer/") + impl + "/" + std::to_string(n), n * n, (n * n + 2 * n) * sizeof(double), 1e-15}; };
    bench::add(sp("loom"), ref, [n] {
        struct job {
            loom::array<double> x, y, r;
            void run() { r = loom::einsum("i,j->ij", x, y); }
            const double* out() const { return r.data(); }
        };
        return job{bench::loom_array<double>({n}, 1), bench::loom_array<double>({n}, 2), {}};
    });
    bench::add(sp("hand"), ref, [n] {  // a new result each time, as einsum makes one
        struct job {
            bench::buffer<double> x, y;
            loom::array<double> r;
            std::size_t n;
            void run() {
                r = loom::array<double>(loom::shape_t{n, n});
                const double* __restrict px = x.data();
                const double* __restrict py = y.data();
                double* __restrict pr = r.data();
                for (std::size_t i = 0; i < n; ++i)
                    for (std::size_t j = 0; j < n; ++j) pr[i * n + j] = px[i] * py[j];
            }
            const double* out() const { return r.data(); }
        };
        return job{bench::buffer<double>(n, 1), bench::buffer<double>(n, 2), {}, n};
    });
}

}  // namespace

int main(int argc, char** argv) {
    batch();
    for (const std::size_t n : {100, 1000}) trace(n);
    for (const std::size_t n : {100, 1000}) inner(n);
    matvec(1000);
    outer(1000);
    return bench::run_main(argc, argv);
}
