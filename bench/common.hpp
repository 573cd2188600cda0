// bench/common.hpp: what every benchmark program shares: deterministic operand values, aligned buffers,
// registration of one checked workload per (case, implementation, size), and the STREAM-style triad.
#pragma once

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <utility>

#include <loom/loom.hpp>

#ifdef LOOM_BENCH_HAVE_XTENSOR
#include <xtensor/xmath.hpp>
#include <xtensor/xnoalias.hpp>
#include <xtensor/xtensor.hpp>
#include <xtensor/xmanipulation.hpp>
#endif
#ifdef LOOM_BENCH_HAVE_EIGEN
#include <Eigen/Core>
#endif

namespace bench {

// Bytes per operand: in cache (fits L1/L2) and out of cache (as large as the whole 32 MiB L3 here).
inline constexpr std::size_t cache_bytes = std::size_t{32} << 10;
inline constexpr std::size_t memory_bytes = std::size_t{32} << 20;

// The value of element i of operand `seed`: a counter-based hash mapped to [lo, hi).
// Every implementation fills its operands from this function and every reference
// recomputes them from it, so no implementation is ever checked against another.
inline double unit(std::uint64_t seed, std::uint64_t i) {
    std::uint64_t z = (seed << 40) + i + 0x9E3779B97F4A7C15ull;  // splitmix64 finalizer
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * 0x1.0p-53;
}

struct range {
    double lo = 0.5, hi = 1.5;  // no zeros, no denormals, no overflow for + and *
};

template <class T>
T value(std::uint64_t seed, std::uint64_t i, range r = {}) {
    return static_cast<T>(r.lo + (r.hi - r.lo) * unit(seed, i));
}

template <class T>
void fill(T* p, std::size_t n, std::uint64_t seed, range r = {}) {
    for (std::size_t i = 0; i < n; ++i) p[i] = value<T>(seed, i, r);
}

// A 64-byte aligned block for the hand loops and the triad: the alignment loom's arrays have, and
// their pages: from 4 MiB it is advised to the kernel as wanting huge pages as loom's buffers are
// (loom::huge_pages(); LOOM_HUGE_PAGES=0 turns it off for both), so that the hand loops and the triad
// run on the same kind of memory as loom.
template <class T>
class buffer {
public:
    explicit buffer(std::size_t n)
        : p_(static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t{64}))), n_(n) {
        if (n * sizeof(T) >= loom::huge_page_bytes) loom::detail::advise_huge_pages(p_.get(), n * sizeof(T));
        for (std::size_t i = 0; i < n; ++i) p_.get()[i] = T(0);  // touch every page before timing
    }
    buffer(std::size_t n, std::uint64_t seed, range r = {}) : buffer(n) { fill(p_.get(), n_, seed, r); }
    T* data() const noexcept { return p_.get(); }
    std::size_t size() const noexcept { return n_; }

private:
    struct release {
        void operator()(T* p) const noexcept { ::operator delete(p, std::align_val_t{64}); }
    };
    std::unique_ptr<T, release> p_;
    std::size_t n_;
};

template <class T>
loom::array<T> loom_array(const loom::shape_t& s, std::uint64_t seed, range r = {}) {
    loom::array<T> a(s);
    fill(a.data(), a.size(), seed, r);
    return a;
}

#ifdef LOOM_BENCH_HAVE_XTENSOR
template <class T, std::size_t N>
xt::xtensor<T, N> xt_array(const std::array<std::size_t, N>& s, std::uint64_t seed, range r = {}) {
    xt::xtensor<T, N> a(s);
    fill(a.data(), a.size(), seed, r);
    return a;
}
#endif

#ifdef LOOM_BENCH_HAVE_EIGEN
// Row-major with dynamic extents, the layout and the run-time shapes loom has;
// vectors (one row or one column) as Eigen requires them.
template <class T>
using eigen_array = Eigen::Array<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class T>
using eigen_row = Eigen::Array<T, 1, Eigen::Dynamic>;
template <class T>
using eigen_col = Eigen::Array<T, Eigen::Dynamic, 1>;

template <class A>
A eigen_fill(Eigen::Index rows, Eigen::Index cols, std::uint64_t seed, range r = {}) {
    A a(rows, cols);
    fill(a.data(), static_cast<std::size_t>(a.size()), seed, r);
    return a;
}
#endif

template <class T>
const char* type_suffix() {
    return std::is_same_v<T, float> ? "_f32" : "_f64";
}

// What one benchmark measures. Names are "<case>/<impl>/<size>" (size: cache or memory);
// bytes follow STREAM: every operand element read once plus every result element
// written once (write-allocate traffic not counted).
struct spec {
    std::string name;
    std::size_t count;  // elements of the result, checked against the reference
    std::size_t bytes;  // per run
    double tol;         // |x - ref| <= tol * (1 + |ref|)
};

namespace detail {

// The workload of the benchmark that ran last: released before the next one is
// built, so a program never holds more than one set of large operands.
inline std::function<void()>& release_previous() {
    static std::function<void()> f;
    return f;
}

template <class T, class Ref>
std::string mismatch(const spec& s, const Ref& ref, const T* out) {
    for (std::size_t i = 0; i < s.count; ++i) {
        const double want = ref(i);
        const double got = static_cast<double>(out[i]);
        if (!(std::fabs(got - want) <= s.tol * (1.0 + std::fabs(want)))) {
            char msg[256];
            std::snprintf(msg, sizeof msg, "%s: element %zu is %.17g, the reference loop gives %.17g",
                          s.name.c_str(), i, got, want);
            return msg;
        }
    }
    return {};
}

}  // namespace detail

// Registers benchmark `s`. `make()` builds the workload outside the timed loop:
// an object with `void run()` (the timed body) and `out()` (a pointer to the
// row-major result of the last run). A new workload runs once untimed; the
// first result is checked element by element against `ref(flat_index)`, a plain
// scalar computation from value(); a mismatch fails the benchmark with
// SkipWithError.
template <class Ref, class Make>
benchmark::internal::Benchmark* add(spec s, Ref ref, Make make) {
    using job = std::invoke_result_t<Make&>;
    struct slot_t {
        std::unique_ptr<job> job_;
        bool checked_ = false;
        std::string error_;
    };
    auto slot = std::make_shared<slot_t>();
    return benchmark::RegisterBenchmark(s.name.c_str(), [s, ref, make, slot](benchmark::State& st) {
        // Built again when another benchmark ran in between (--benchmark_enable_random_interleaving).
        if (!slot->job_) {
            if (auto& previous = detail::release_previous()) previous();
            slot->job_.reset(new job(make()));
            detail::release_previous() = [slot] { slot->job_.reset(); };
            // one untimed run: every implementation starts with its result's pages mapped
            // (xtensor and Eigen leave a new result uninitialized) and its operands cached alike
            slot->job_->run();
        }
        if (!slot->checked_) {
            slot->error_ = detail::mismatch(s, ref, slot->job_->out());
            slot->checked_ = true;
        }
        if (!slot->error_.empty()) {
            st.SkipWithError(slot->error_.c_str());
            return;
        }
        job& j = *slot->job_;
        for (auto _ : st) {
            j.run();
            benchmark::ClobberMemory();
        }
        st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations()) * static_cast<std::int64_t>(s.bytes));
    });
}

// STREAM triad a[i] = b[i] + s * c[i] over three arrays of memory_bytes each:
// the bandwidth the out-of-cache cases of the same program are compared with.
inline void add_triad() {
    constexpr std::size_t n = memory_bytes / sizeof(double);
    constexpr double s = 3.0;
    add({"triad/hand/memory", n, 3 * n * sizeof(double), 1e-15},
        [](std::size_t i) { return value<double>(2, i) + s * value<double>(3, i); },
        [] {
            struct job {
                buffer<double> a, b, c;
                void run() {
                    double* __restrict pa = a.data();
                    const double* __restrict pb = b.data();
                    const double* __restrict pc = c.data();
                    const std::size_t m = a.size();
                    for (std::size_t i = 0; i < m; ++i) pa[i] = pb[i] + s * pc[i];
                }
                const double* out() const { return a.data(); }
            };
            return job{buffer<double>(n), buffer<double>(n, 2), buffer<double>(n, 3)};
        });
}

// The usual main: benchmark flags, then the registered benchmarks.
// LOOM_BENCH_STREAMING_THRESHOLD=<bytes> in the environment sets
// loom::set_streaming_threshold first (0: plain stores only), so that one
// binary measures loom with and without non-temporal stores.
inline int run_main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    if (const char* t = std::getenv("LOOM_BENCH_STREAMING_THRESHOLD")) {
        char* end = nullptr;
        const unsigned long long bytes = std::strtoull(t, &end, 10);
        if (!*t || *end) {
            std::fprintf(stderr, "LOOM_BENCH_STREAMING_THRESHOLD=%s is not a number of bytes\n", t);
            return 2;
        }
        loom::set_streaming_threshold(static_cast<std::size_t>(bytes));
    }
    benchmark::AddCustomContext("loom streaming threshold", std::to_string(loom::streaming_threshold()));
    benchmark::AddCustomContext("loom huge pages", loom::huge_pages() ? "on" : "off");
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    if (auto& previous = detail::release_previous()) previous();
    return 0;
}

}  // namespace bench
