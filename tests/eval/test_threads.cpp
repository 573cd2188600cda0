// tests/eval/test_threads.cpp: the thread settings, every strategy on 1, 2 and 3 threads against the plain loop's values, reductions with the same bits for any count of threads, no nested teams, errors from a thread.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "../support/reference.hpp"
#include "threads_cases.hpp"

#if !LOOM_TRACE_STRATEGY
#error "tests/eval/test_threads.cpp needs a build with -DLOOM_TRACE_STRATEGY=1 (tests/meson.build sets it)"
#endif

using loom::shape_t;
using loom::detail::strategy;
using ref::index_t;

namespace {

#ifdef _OPENMP
constexpr bool openmp = true;
#else
constexpr bool openmp = false;
#endif

loom::detail::traversal last() { return loom::detail::last_traversal(); }

// The threads a limit of n allows: n where OpenMP is on, else 1.
int expected_threads(int n) { return openmp ? n : 1; }

// Whether an assignment large enough for threads ran on a fitting count with a
// limit of t: one for t = 1 or without OpenMP, else two to t (fewer than t
// where the work is worth fewer).
bool threads_fit(int got, int t) { return expected_threads(t) == 1 ? got == 1 : got >= 2 && got <= t; }

}  // namespace

TEST_CASE("num_threads, set_num_threads and threads_scope", "[eval][threads]") {
    const int base = loom::num_threads();
    CHECK(base >= 1);
    if (!openmp) CHECK(base == 1);
    CHECK(loom::set_num_threads(3) == 0);
    CHECK(loom::num_threads() == expected_threads(3));
    {
        const loom::threads_scope one(1);
        CHECK(loom::num_threads() == 1);
        {
            const loom::threads_scope dflt(0);
            CHECK(loom::num_threads() == base);
        }
        CHECK(loom::num_threads() == 1);
    }
    CHECK(loom::num_threads() == expected_threads(3));
    // a negative count: an error naming it, and the setting unchanged
    CHECK(ref::has(ref::what_of<std::invalid_argument>([] { loom::set_num_threads(-2); }), "not -2"));
    CHECK_THROWS_AS(loom::threads_scope(-1), std::invalid_argument);
    CHECK(loom::num_threads() == expected_threads(3));
    CHECK(loom::set_num_threads(0) == 3);
    CHECK(loom::num_threads() == base);
#ifdef _OPENMP
    // the default follows OpenMP's (OMP_NUM_THREADS, omp_set_num_threads)
    const int omp = omp_get_max_threads();
    omp_set_num_threads(5);
    CHECK(loom::num_threads() == 5);
    omp_set_num_threads(omp);
#endif
}

TEST_CASE("every strategy on 1, 2 and 3 threads gives the plain loop's values", "[eval][threads]") {
    const std::size_t m = 401, n = 347;  // odd extents: pieces of unequal length
    const loom::array<double> a = ref::filled<double>({m, n}, 1), b = ref::filled<double>({m, n}, 2);
    const loom::array<double> row = ref::filled<double>({n}, 3), sq = ref::filled<double>({n, n}, 4);
    const loom::array<double> col = ref::filled<double>({m, 1}, 10);
    const loom::array<double> wide = ref::filled<double>({m, 2 * n}, 5);
    const loom::array<double> a3 = ref::filled<double>({3, m, n}, 6);
    const auto at = [](const loom::array<double>& x, std::size_t i, std::size_t j) { return x.data()[i * x.shape()[1] + j]; };
    for (const int t : {1, 2, 3}) {
        INFO(t << " threads");
        const loom::threads_scope scope(t);
        const bool simd = LOOM_SIMD;
        {
            loom::array<double> r = a + b - row;  // a row broadcast: every leaf steps along the rows
            CHECK(last().kind == (simd ? strategy::contiguous : strategy::scalar));
            CHECK(threads_fit(last().threads, t));
            CHECK(ref::mismatch(r, {m, n}, [&](const index_t& i) { return at(a, i[0], i[1]) + at(b, i[0], i[1]) - row.data()[i[1]]; }) == "");
            r = a - col;  // a column broadcast: col is splatted along each row
            CHECK(last().kind == (simd ? strategy::splatted : strategy::scalar));
            CHECK(threads_fit(last().threads, t));
            CHECK(ref::mismatch(r, {m, n}, [&](const index_t& i) { return at(a, i[0], i[1]) - col.data()[i[0]]; }) == "");
        }
        {
            loom::array<double> r(shape_t{m, n});
            r = (a + b) - a * 0.5;  // same shapes: the flat loop, by plan past the threads' bound
            CHECK(last().kind == (simd ? strategy::contiguous : strategy::scalar));
            CHECK(threads_fit(last().threads, t));
            CHECK(ref::mismatch(r, {m, n}, [&](const index_t& i) {
                      const double x = at(a, i[0], i[1]), y = at(b, i[0], i[1]);
                      return (x + y) - x * 0.5;
                  }) == "");
            r += a * 0.25;  // in place, reading itself in step
            CHECK(threads_fit(last().threads, t));
        }
        {
            const auto odd = loom::view(wide, loom::all, loom::range(1, loom::none, 2));  // strided columns
            loom::array<double> r = odd - b;
            CHECK(last().kind == (simd ? strategy::gathered : strategy::scalar));
            CHECK(threads_fit(last().threads, t));
            CHECK(ref::mismatch(r, {m, n}, [&](const index_t& i) { return at(wide, i[0], 2 * i[1] + 1) - at(b, i[0], i[1]); }) == "");
        }
        {
            loom::array<double> r = sq + loom::transpose(sq);
            CHECK(last().kind == (simd ? strategy::turned : strategy::scalar));
            CHECK(threads_fit(last().threads, t));
            CHECK(ref::mismatch(r, {n, n}, [&](const index_t& i) { return at(sq, i[0], i[1]) + at(sq, i[1], i[0]); }) == "");
        }
        {
            loom::array<std::int32_t> ia = ref::filled<std::int32_t>({m, n}, 7), ib = ref::filled<std::int32_t>({m, n}, 8);
            ib += 6;  // no zero divisors
            loom::array<std::int32_t> r = ia % ib;  // no batch body: the scalar loop
            CHECK(last().kind == strategy::scalar);
            CHECK(threads_fit(last().threads, t));
            CHECK(ref::mismatch(r, {m, n}, [&](const index_t& i) {
                      const std::size_t k = i[0] * n + i[1];
                      return ia.data()[k] % ib.data()[k];
                  }) == "");
        }
        {
            loom::array<double> r(shape_t{3, m, n});
            r = a3 - b;  // rank 3: the planes of a broadcast operand
            CHECK(threads_fit(last().threads, t));
            CHECK(ref::mismatch(r, {3, m, n}, [&](const index_t& i) {
                      return a3.data()[(i[0] * m + i[1]) * n + i[2]] - at(b, i[1], i[2]);
                  }) == "");
        }
        {
            loom::array<double> big = ref::filled<double>({m, 2 * n}, 9);
            loom::view(big, loom::all, loom::range(0, loom::none, 2)) = a - b;  // a strided target
            CHECK(threads_fit(last().threads, t));
            CHECK(ref::mismatch(big, {m, 2 * n}, [&](const index_t& i) {
                      return i[1] % 2 == 0 ? at(a, i[0], i[1] / 2) - at(b, i[0], i[1] / 2)
                                           : ref::pattern<double>(i[0] * 2 * n + i[1], 9);
                  }) == "");
        }
        {
            const loom::streaming_threshold_scope stream(1);  // non-temporal stores on every thread
            loom::array<double> r(shape_t{m, n});
            r = a - b;
            CHECK(last().streamed == simd);
            CHECK(threads_fit(last().threads, t));
            CHECK(ref::mismatch(r, {m, n}, [&](const index_t& i) { return at(a, i[0], i[1]) - at(b, i[0], i[1]); }) == "");
        }
    }
}

TEST_CASE("small and cheap assignments start no thread", "[eval][threads]") {
    const loom::threads_scope scope(2);
    loom::array<double> a = ref::filled<double>({4, 4}, 1), r(shape_t{4, 4});
    r = a + a * 2.0;
    CHECK(last().threads == 1);
    loom::array<double> k = ref::filled<double>({4096}, 2), s(shape_t{4096});  // 32 KiB
    s = k + k * 2.0;
    CHECK(last().threads == 1);
    s = loom::exp(k) * loom::sin(k);  // math functions: worth threads from fewer elements
    CHECK(last().threads == 1);
}

TEST_CASE("inside a parallel region of the caller's, loom runs on the calling thread", "[eval][threads]") {
    const loom::array<double> a = ref::filled<double>({500, 400}, 1), b = ref::filled<double>({500, 400}, 2);
    std::vector<int> threads(2, 0);
    std::vector<std::string> bad(2);
#ifdef _OPENMP
#pragma omp parallel num_threads(2)
#endif
    {
        int me = 0;
#ifdef _OPENMP
        me = omp_get_thread_num();
#endif
        const loom::threads_scope scope(3);
        loom::array<double> r = a - b;
        threads[me] = loom::detail::last_traversal().threads;
        for (std::size_t i = 0; i < r.size(); ++i)
            if (r.data()[i] != a.data()[i] - b.data()[i]) bad[me] = "element " + std::to_string(i);
    }
    CHECK(threads[0] == 1);
    CHECK(bad[0] == "");
    if (openmp) {
        CHECK(threads[1] == 1);
        CHECK(bad[1] == "");
    }
}

TEST_CASE("an error on one thread reaches the caller after the others", "[eval][threads]") {
    std::atomic<int> ran{0};
    const auto body = [&](std::size_t c) {
        if (c == 5) throw std::runtime_error("chunk 5 failed");
        ++ran;
    };
    CHECK(ref::what_of<std::runtime_error>([&] { loom::detail::parallel_chunks(8, 2, body); }) == "chunk 5 failed");
    CHECK(ran == 7);  // every other chunk ran
}

TEST_CASE("reductions give the same bits with 1, 2, 3 and 7 threads", "[eval][threads][reduce]") {
    std::vector<std::pair<std::string, std::vector<double>>> one;
    {
        const loom::threads_scope scope(1);
        one = threads_cases::run();
    }
    REQUIRE(one.size() == 17);
    for (const int t : {2, 3, 7}) {
        const loom::threads_scope scope(t);
        const auto many = threads_cases::run();
        REQUIRE(many.size() == one.size());
        for (std::size_t c = 0; c < one.size(); ++c) {
            INFO(one[c].first << " on " << t << " threads");
            REQUIRE(many[c].second.size() == one[c].second.size());
            std::size_t differ = 0;
            for (std::size_t i = 0; i < one[c].second.size(); ++i)
                differ += std::memcmp(&one[c].second[i], &many[c].second[i], sizeof(double)) != 0;
            CHECK(differ == 0);
        }
    }
    // and they are the sums: the first against a plain loop in long double
    long double s = 0;
    const loom::array<double> x = threads_cases::rough<double>({1 << 20}, 1);
    for (double v : x) s += v;
    CHECK(one[0].second[0] == Approx(static_cast<double>(s)).epsilon(1e-13));
}
