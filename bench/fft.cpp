// bench/fft.cpp: loom::fft against FFTW 3 (when installed; comparison only) and, in bench/numpy_cases.py (filter
// "fft"), NumPy's pocketfft; double, one thread.
//   c2c_f64/<impl>/<n>      fft of n complex numbers (n = 1024, 65536, 1048576, 1000, 1000003)
//   r2c_f64/<impl>/<n>      rfft of n real numbers, the same n
//   rfft2_f64/<impl>/2048x2048   rfft2 of a 2048 x 2048 real image
//   batch_c2c_f64/<impl>/10000x256   fft along the last axis of a 10000 x 256 complex array
// loom's calls return a new array, as NumPy's; FFTW writes a buffer made before the timing, its plans made with
// FFTW_MEASURE (FFTW_ESTIMATE for 1000003: measuring that prime takes minutes). Before timing, each case checks
// loom's result at three frequencies against the DFT's sum, and against FFTW's (relative L2 difference below 1e-12)
// when FFTW is there.
#include "common.hpp"

#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <loom/fft.hpp>

#ifdef LOOM_BENCH_HAVE_FFTW
#include <fftw3.h>
#endif

namespace {

using cd = std::complex<double>;

loom::array<cd> complex_operand(const loom::shape_t& s, std::uint64_t seed) {
    loom::array<cd> a(s);
    for (std::size_t i = 0; i < a.size(); ++i)
        a.data()[i] = {bench::value<double>(seed, 2 * i, {-1, 1}), bench::value<double>(seed, 2 * i + 1, {-1, 1})};
    return a;
}

loom::array<double> real_operand(const loom::shape_t& s, std::uint64_t seed) {
    return bench::loom_array<double>(s, seed, {-1, 1});
}

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "bench_fft: %s\n", what.c_str());
    std::exit(1);
}

// ||a - b|| / ||b|| over n complex numbers.
double difference(const cd* a, const cd* b, std::size_t n) {
    double num = 0, den = 0;
    for (std::size_t i = 0; i < n; ++i) {
        num += std::norm(a[i] - b[i]);
        den += std::norm(b[i]);
    }
    return std::sqrt(num / den);
}

std::string size_name(std::size_t n) { return std::to_string(n); }

// The DFT of the n numbers x[j * stride] at frequency k, summed in long double.
template <class T>
std::complex<long double> dft_at(const T* x, std::size_t n, std::size_t stride, std::size_t k) {
    constexpr long double two_pi = 6.283185307179586476925286766559005768L;
    std::complex<long double> s = 0;
    for (std::size_t j = 0; j < n; ++j) {
        const long double a = -two_pi * static_cast<long double>((j * k) % n) / static_cast<long double>(n);
        const std::complex<double> v(x[j * stride]);
        s += std::complex<long double>(v.real(), v.imag()) * std::complex<long double>(std::cos(a), std::sin(a));
    }
    return s;
}

// loom's X[k * stride] against the sum for k = 0, 1 and n / 3, relative to sqrt(n) max |x|.
template <class T>
void spot_check(const char* what, const T* x, std::size_t n, std::size_t stride, const cd* X) {
    double big = 0;
    for (std::size_t j = 0; j < n; ++j) big = std::max(big, std::abs(std::complex<double>(x[j * stride])));
    for (const std::size_t k : {std::size_t{0}, std::size_t{1}, n / 3}) {
        const std::complex<long double> d = std::complex<long double>(X[k * stride].real(), X[k * stride].imag()) -
                                            dft_at(x, n, stride, k);
        if (!(static_cast<double>(std::abs(d)) < 1e-12 * big * std::sqrt(static_cast<double>(n))))
            fail(std::string(what) + ": loom's value at frequency " + std::to_string(k) + " is off the DFT's sum");
    }
}

#ifdef LOOM_BENCH_HAVE_FFTW
unsigned flags_for(std::size_t n) { return n == 1000003 ? FFTW_ESTIMATE : FFTW_MEASURE; }

// An FFTW plan and its buffers, the input filled after planning (FFTW_MEASURE overwrites it).
struct fftw_job {
    fftw_plan plan = nullptr;
    void* in = nullptr;
    void* out = nullptr;
    std::size_t out_count = 0;
    ~fftw_job() {
        fftw_destroy_plan(plan);
        fftw_free(in);
        fftw_free(out);
    }
    const cd* result() const { return static_cast<const cd*>(out); }
};
#endif

void check(const char* what, const loom::array<cd>& mine, const cd* reference) {
    const double d = difference(mine.data(), reference, mine.size());
    if (!(d < 1e-12)) fail(std::string(what) + ": loom differs from FFTW by " + std::to_string(d));
}

void c2c(std::size_t n) {
    auto x = std::make_shared<loom::array<cd>>(complex_operand({n}, 1));
    spot_check("c2c", x->data(), n, 1, loom::fft::fft(*x).data());
    benchmark::RegisterBenchmark(("c2c_f64/loom/" + size_name(n)).c_str(), [x](benchmark::State& st) {
        for (auto _ : st) benchmark::DoNotOptimize(loom::fft::fft(*x));
    });
#ifdef LOOM_BENCH_HAVE_FFTW
    auto job = std::make_shared<fftw_job>();
    job->in = fftw_malloc(n * sizeof(cd));
    job->out = fftw_malloc(n * sizeof(cd));
    job->plan = fftw_plan_dft_1d(static_cast<int>(n), static_cast<fftw_complex*>(job->in),
                                 static_cast<fftw_complex*>(job->out), FFTW_FORWARD, flags_for(n));
    std::copy_n(x->data(), n, static_cast<cd*>(job->in));
    fftw_execute(job->plan);
    check("c2c", loom::fft::fft(*x), job->result());
    benchmark::RegisterBenchmark(("c2c_f64/fftw/" + size_name(n)).c_str(), [job](benchmark::State& st) {
        for (auto _ : st) {
            fftw_execute(job->plan);
            benchmark::DoNotOptimize(job->out);
        }
    });
#endif
}

void r2c(std::size_t n) {
    auto x = std::make_shared<loom::array<double>>(real_operand({n}, 2));
    spot_check("r2c", x->data(), n, 1, loom::fft::rfft(*x).data());
    benchmark::RegisterBenchmark(("r2c_f64/loom/" + size_name(n)).c_str(), [x](benchmark::State& st) {
        for (auto _ : st) benchmark::DoNotOptimize(loom::fft::rfft(*x));
    });
#ifdef LOOM_BENCH_HAVE_FFTW
    auto job = std::make_shared<fftw_job>();
    job->in = fftw_malloc(n * sizeof(double));
    job->out = fftw_malloc((n / 2 + 1) * sizeof(cd));
    job->plan = fftw_plan_dft_r2c_1d(static_cast<int>(n), static_cast<double*>(job->in),
                                     static_cast<fftw_complex*>(job->out), flags_for(n));
    std::copy_n(x->data(), n, static_cast<double*>(job->in));
    fftw_execute(job->plan);
    check("r2c", loom::fft::rfft(*x), job->result());
    benchmark::RegisterBenchmark(("r2c_f64/fftw/" + size_name(n)).c_str(), [job](benchmark::State& st) {
        for (auto _ : st) {
            fftw_execute(job->plan);
            benchmark::DoNotOptimize(job->out);
        }
    });
#endif
}

void rfft2(std::size_t n) {
    auto x = std::make_shared<loom::array<double>>(real_operand({n, n}, 3));
    {  // column 0 of rfft2 is the fft of the rows' sums; row 0 the rfft of the columns' sums
        const loom::array<cd> r = loom::fft::rfft2(*x);
        std::vector<double> sums(n, 0.0);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) sums[i] += x->data()[i * n + j];
        spot_check("rfft2", sums.data(), n, 1, loom::array<cd>(loom::view(r, loom::all, 0)).data());
    }
    const std::string size = size_name(n) + "x" + size_name(n);
    benchmark::RegisterBenchmark(("rfft2_f64/loom/" + size).c_str(), [x](benchmark::State& st) {
        for (auto _ : st) benchmark::DoNotOptimize(loom::fft::rfft2(*x));
    });
#ifdef LOOM_BENCH_HAVE_FFTW
    auto job = std::make_shared<fftw_job>();
    job->in = fftw_malloc(n * n * sizeof(double));
    job->out = fftw_malloc(n * (n / 2 + 1) * sizeof(cd));
    job->plan = fftw_plan_dft_r2c_2d(static_cast<int>(n), static_cast<int>(n), static_cast<double*>(job->in),
                                     static_cast<fftw_complex*>(job->out), FFTW_MEASURE);
    std::copy_n(x->data(), n * n, static_cast<double*>(job->in));
    fftw_execute(job->plan);
    check("rfft2", loom::fft::rfft2(*x), job->result());
    benchmark::RegisterBenchmark(("rfft2_f64/fftw/" + size).c_str(), [job](benchmark::State& st) {
        for (auto _ : st) {
            fftw_execute(job->plan);
            benchmark::DoNotOptimize(job->out);
        }
    });
#endif
}

void batch(std::size_t rows, std::size_t n) {
    auto x = std::make_shared<loom::array<cd>>(complex_operand({rows, n}, 4));
    spot_check("batch", x->data() + 7 * n, n, 1, loom::fft::fft(*x).data() + 7 * n);
    const std::string size = size_name(rows) + "x" + size_name(n);
    benchmark::RegisterBenchmark(("batch_c2c_f64/loom/" + size).c_str(), [x](benchmark::State& st) {
        for (auto _ : st) benchmark::DoNotOptimize(loom::fft::fft(*x));
    });
#ifdef LOOM_BENCH_HAVE_FFTW
    auto job = std::make_shared<fftw_job>();
    job->in = fftw_malloc(rows * n * sizeof(cd));
    job->out = fftw_malloc(rows * n * sizeof(cd));
    const int len = static_cast<int>(n);
    job->plan = fftw_plan_many_dft(1, &len, static_cast<int>(rows), static_cast<fftw_complex*>(job->in), nullptr, 1,
                                   len, static_cast<fftw_complex*>(job->out), nullptr, 1, len, FFTW_FORWARD,
                                   FFTW_MEASURE);
    std::copy_n(x->data(), rows * n, static_cast<cd*>(job->in));
    fftw_execute(job->plan);
    check("batch", loom::fft::fft(*x), job->result());
    benchmark::RegisterBenchmark(("batch_c2c_f64/fftw/" + size).c_str(), [job](benchmark::State& st) {
        for (auto _ : st) {
            fftw_execute(job->plan);
            benchmark::DoNotOptimize(job->out);
        }
    });
#endif
}

}  // namespace

int main(int argc, char** argv) {
    loom::set_num_threads(1);
    for (const std::size_t n : {1024, 65536, 1048576, 1000, 1000003}) {
        c2c(n);
        r2c(n);
    }
    rfft2(2048);
    batch(10000, 256);
    return bench::run_main(argc, argv);
}
