// bench/threads.cpp: loom on one thread against loom with its default threads, in one binary: math-bound exp(a) * sin(b) and sum(exp(a)), memory-bound a * b + c * d over sizes from 1K to 4M doubles, and 4x4 and 32 KiB assignments. Wall-clock time (run it unpinned: scripts/bench_threads.py).
#include "common.hpp"

#include <cmath>
#include <string>

namespace {

constexpr bench::range exp_range{-4.0, 4.0};
constexpr bench::range sin_range{-8.0, 8.0};

// Each case on one thread ("one") and on the default count ("all"); the
// guard is set inside the timed body in both, so that both pay for it.
template <int Threads, class Job>
struct with_threads : Job {
    void run() {
        const loom::threads_scope scope(Threads);
        Job::run();
    }
};

std::string name(const char* kase, int threads, std::size_t n) {
    return std::string(kase) + "/" + (threads == 1 ? "one" : "all") + "/" + std::to_string(n);
}

template <int Threads>
void exp_sin(std::size_t n) {
    struct job {
        loom::array<double> a, b, r;
        void run() { r = loom::exp(a) * loom::sin(b); }
        const double* out() const { return r.data(); }
    };
    bench::add({name("exp_sin", Threads, n), n, 3 * n * sizeof(double), 1e-13},
               [](std::size_t i) {
                   return std::exp(bench::value<double>(1, i, exp_range)) * std::sin(bench::value<double>(2, i, sin_range));
               },
               [n] {
                   return with_threads<Threads, job>{job{bench::loom_array<double>({n}, 1, exp_range),
                                                         bench::loom_array<double>({n}, 2, sin_range),
                                                         loom::array<double>(loom::shape_t{n})}};
               })
        ->UseRealTime();
}

template <int Threads>
void sum_exp(std::size_t n) {
    struct job {
        loom::array<double> a;
        double s = 0;
        void run() { s = loom::sum(loom::exp(a)); }
        const double* out() const { return &s; }
    };
    const auto ref = [n](std::size_t) {
        double s = 0;
        for (std::size_t i = 0; i < n; ++i) s += std::exp(bench::value<double>(1, i, exp_range));
        return s;
    };
    bench::add({name("sum_exp", Threads, n), 1, n * sizeof(double), 1e-12}, ref,
               [n] { return with_threads<Threads, job>{job{bench::loom_array<double>({n}, 1, exp_range)}}; })
        ->UseRealTime();
}

template <int Threads>
void fused(std::size_t n) {
    struct job {
        loom::array<double> a, b, c, d, r;
        void run() { r = a * b + c * d; }
        const double* out() const { return r.data(); }
    };
    bench::add({name("fused", Threads, n), n, 5 * n * sizeof(double), 1e-15},
               [](std::size_t i) {
                   return bench::value<double>(1, i) * bench::value<double>(2, i) +
                          bench::value<double>(3, i) * bench::value<double>(4, i);
               },
               [n] {
                   return with_threads<Threads, job>{job{bench::loom_array<double>({n}, 1), bench::loom_array<double>({n}, 2),
                                                         bench::loom_array<double>({n}, 3), bench::loom_array<double>({n}, 4),
                                                         loom::array<double>(loom::shape_t{n})}};
               })
        ->UseRealTime();
}

// r = a + 2*b into an existing array: 4x4 (16 elements) and 32 KiB (4096).
template <int Threads>
void small(std::size_t rows, std::size_t cols, const char* kase) {
    struct job {
        loom::array<double> a, b, r;
        void run() { r = a + 2.0 * b; }
        const double* out() const { return r.data(); }
    };
    const std::size_t n = rows * cols;
    bench::add({name(kase, Threads, n), n, 3 * n * sizeof(double), 1e-15},
               [](std::size_t i) { return bench::value<double>(1, i) + 2.0 * bench::value<double>(2, i); },
               [=] {
                   return with_threads<Threads, job>{job{bench::loom_array<double>({rows, cols}, 1),
                                                         bench::loom_array<double>({rows, cols}, 2),
                                                         loom::array<double>(loom::shape_t{rows, cols})}};
               })
        ->UseRealTime();
}

template <int Threads>
void all_cases() {
    for (std::size_t n = std::size_t{1} << 10; n <= std::size_t{1} << 22; n <<= 2) {
        exp_sin<Threads>(n);
        sum_exp<Threads>(n);
        fused<Threads>(n);
    }
    small<Threads>(4, 4, "small_4x4");
    small<Threads>(64, 64, "small_32k");
}

}  // namespace

int main(int argc, char** argv) {
    all_cases<1>();
    all_cases<0>();
    benchmark::AddCustomContext("loom threads", std::to_string(loom::num_threads()));
    return bench::run_main(argc, argv);
}
