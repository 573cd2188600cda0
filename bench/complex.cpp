// bench/complex.cpp: complex numbers, r = a * b + c and r = abs(a) on 1M std::complex<double>, loom against a
// hand loop over std::complex and Eigen, and the triad.
#include "common.hpp"

#include <complex>

namespace {

using C = std::complex<double>;
constexpr std::size_t n = std::size_t{1} << 20;
constexpr std::size_t rows = 1024, cols = n / rows;

// Element i of operand `seed`: the real part is bench::value(seed, 2 i), the imaginary part bench::value(seed, 2 i + 1),
// so that a complex array is filled as the doubles it holds.
void fill(C* p, std::uint64_t seed) { bench::fill(reinterpret_cast<double*>(p), 2 * n, seed); }
C at(std::uint64_t seed, std::size_t i) { return {bench::value<double>(seed, 2 * i), bench::value<double>(seed, 2 * i + 1)}; }

loom::array<C> loom_complex(std::uint64_t seed) {
    loom::array<C> a(loom::shape_t{rows, cols});
    fill(a.data(), seed);
    return a;
}
bench::buffer<C> buffer_complex(std::uint64_t seed) {
    bench::buffer<C> b(n);
    fill(b.data(), seed);
    return b;
}

// r = a * b + c; the result is checked as its 2n doubles (real, imaginary, ...).
void fma() {
    const auto sp = [](const char* impl) { return bench::spec{std::string("complex_fma/") + impl + "/1M", 2 * n, 4 * n * sizeof(C), 1e-15}; };
    const auto ref = [](std::size_t k) {
        const C v = at(1, k / 2) * at(2, k / 2) + at(3, k / 2);
        return k % 2 ? v.imag() : v.real();
    };
    bench::add(sp("loom"), ref, [] {
        struct job {
            loom::array<C> a, b, c, r;
            void run() { r = a * b + c; }
            const double* out() const { return reinterpret_cast<const double*>(r.data()); }
        };
        return job{loom_complex(1), loom_complex(2), loom_complex(3), loom::array<C>(loom::shape_t{rows, cols})};
    });
    bench::add(sp("hand"), ref, [] {
        struct job {
            bench::buffer<C> a, b, c, r;
            void run() {
                const C* __restrict pa = a.data();
                const C* __restrict pb = b.data();
                const C* __restrict pc = c.data();
                C* __restrict pr = r.data();
                for (std::size_t i = 0; i < n; ++i) pr[i] = pa[i] * pb[i] + pc[i];
            }
            const double* out() const { return reinterpret_cast<const double*>(r.data()); }
        };
        return job{buffer_complex(1), buffer_complex(2), buffer_complex(3), bench::buffer<C>(n)};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [] {
        using A = bench::eigen_array<C>;
        struct job {
            A a, b, c, r;
            void run() { r = a * b + c; }
            const double* out() const { return reinterpret_cast<const double*>(r.data()); }
        };
        const auto make = [](std::uint64_t seed) {
            A x(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
            fill(x.data(), seed);
            return x;
        };
        return job{make(1), make(2), make(3), A(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols))};
    });
#endif
}

// r = abs(a), a real result.
void modulus() {
    const auto sp = [](const char* impl) { return bench::spec{std::string("complex_abs/") + impl + "/1M", n, n * (sizeof(C) + sizeof(double)), 1e-15}; };
    const auto ref = [](std::size_t i) { return std::abs(at(1, i)); };
    bench::add(sp("loom"), ref, [] {
        struct job {
            loom::array<C> a;
            loom::array<double> r;
            void run() { r = loom::abs(a); }
            const double* out() const { return r.data(); }
        };
        return job{loom_complex(1), loom::array<double>(loom::shape_t{rows, cols})};
    });
    bench::add(sp("hand"), ref, [] {
        struct job {
            bench::buffer<C> a;
            bench::buffer<double> r;
            void run() {
                const C* __restrict pa = a.data();
                double* __restrict pr = r.data();
                for (std::size_t i = 0; i < n; ++i) pr[i] = std::abs(pa[i]);
            }
            const double* out() const { return r.data(); }
        };
        return job{buffer_complex(1), bench::buffer<double>(n)};
    });
#ifdef LOOM_BENCH_HAVE_EIGEN
    bench::add(sp("eigen"), ref, [] {
        struct job {
            bench::eigen_array<C> a;
            bench::eigen_array<double> r;
            void run() { r = a.abs(); }
            const double* out() const { return r.data(); }
        };
        bench::eigen_array<C> a(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
        fill(a.data(), 1);
        return job{std::move(a), bench::eigen_array<double>(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols))};
    });
#endif
}

}  // namespace

int main(int argc, char** argv) {
    bench::add_triad();
    fma();
    modulus();
    return bench::run_main(argc, argv);
}
