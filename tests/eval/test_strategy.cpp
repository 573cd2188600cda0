// tests/eval/test_strategy.cpp: every strategy of the pipeline is reached (detail::last_traversal) and gives the plain loop's values, odd sizes and misaligned views included.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "../support/reference.hpp"

#if !LOOM_TRACE_STRATEGY
#error "tests/eval/test_strategy.cpp needs a build with -DLOOM_TRACE_STRATEGY=1 (tests/meson.build sets it)"
#endif

using loom::shape_t;
using loom::detail::strategy;
using ref::index_t;

namespace {

// What ran last, and whether it streamed.
strategy last() { return loom::detail::last_traversal().kind; }
bool streamed() { return loom::detail::last_traversal().streamed; }

// The strategy expected where SIMD is on; every vectorized strategy is the
// scalar one without it.
constexpr strategy simd_or_scalar(strategy s) { return LOOM_SIMD ? s : strategy::scalar; }

// A row-major array of shape s holding pattern values, placed `pad` elements
// into a larger buffer: the view is misaligned for pad > 0.
template <class T>
struct padded {
    loom::array<T> buf;
    loom::strided_view<T> v;
    padded(const std::vector<std::size_t>& s, std::size_t seed, std::size_t pad)
        : buf(shape_t{ref::count(s) + pad}),
          v(buf.data() + pad, ref::to_shape(s), loom::c_strides(ref::to_shape(s))) {
        for (std::size_t i = 0; i < buf.size(); ++i) buf.data()[i] = ref::pattern<T>(i, seed);
    }
    T at(const index_t& idx, const std::vector<std::size_t>& s) const {
        return v.data()[ref::offset(idx, s)];
    }
};

}  // namespace

TEST_CASE("fill: an expression without leaves into any layout", "[eval][strategy]") {
    loom::array<double> x = ref::filled<double>({7, 9}, 1);
    loom::view(x, loom::range(1, loom::none, 2), loom::all) = 2.5;
    CHECK(last() == strategy::fill);
    CHECK(ref::mismatch(x, {7, 9}, [&](const index_t& i) {
              return i[0] % 2 == 1 ? 2.5 : ref::pattern<double>(i[0] * 9 + i[1], 1);
          }) == "");
}

TEMPLATE_TEST_CASE("contiguous: operands of the target's shape, owning and misaligned views, plain and streamed",
                   "[eval][strategy]", double, std::int16_t, bool) {
    using T = TestType;
    for (std::size_t n : {1, 7, 37, 129}) {
        for (std::size_t pad : {0, 1, 3}) {
            INFO("n " << n << " pad " << pad);
            const padded<T> a({n}, 1, pad), b({n}, 2, 0);
            const auto want = [&](const index_t& i) {
                if constexpr (std::is_same_v<T, bool>) return static_cast<T>(a.at(i, {n}) != b.at(i, {n}));
                else return static_cast<T>(a.at(i, {n}) - b.at(i, {n}));
            };
            const auto e = [](const auto& x, const auto& y) {
                if constexpr (std::is_same_v<T, bool>) return x ^ y;
                else return x - y;
            };
            for (const std::size_t threshold : {std::size_t{0}, std::size_t{1}}) {
                const loom::streaming_threshold_scope scope(threshold);
                loom::array<T> r(shape_t{n});
                r = e(a.v, b.v);  // views of the target's shape
                CHECK(last() == simd_or_scalar(strategy::contiguous));
                CHECK(streamed() == (LOOM_SIMD && threshold == 1 && !std::is_same_v<T, bool>));
                CHECK(ref::mismatch(r, {n}, want) == "");
                const loom::array<T> oa = a.v, ob = b.v;
                loom::array<T> s(shape_t{n});
                s = e(oa, ob);  // owning operands: the small-array path
                CHECK(last() == simd_or_scalar(strategy::contiguous));
                CHECK(ref::mismatch(s, {n}, want) == "");
            }
        }
    }
}

// Rows whose operands do not touch the target finish with one batch over the
// row's last elements (recomputed, the same values); rows that read the target
// in step finish element by element. Both give the plain loop's values, for
// every row length around the SIMD widths.
TEMPLATE_TEST_CASE("contiguous rows: a stencil into another grid and a view in step, every row length",
                   "[eval][strategy]", double, float, std::int16_t) {
    using T = TestType;
    using loom::none;
    using loom::range;
    for (std::size_t n = 1; n <= 70; ++n) {
        INFO("row length " << n);
        const loom::array<T> u = ref::filled<T>({5, n + 2}, 1);
        loom::array<T> v = ref::filled<T>({5, n + 2}, 2);
        const loom::array<T> v0 = v;
        const auto stencil = [&](const index_t& i) {
            const auto at = [&](std::size_t r, std::size_t c) { return u.data()[r * (n + 2) + c]; };
            const std::size_t r = i[0] + 1, c = i[1] + 1;
            return static_cast<T>(at(r - 1, c) + at(r + 1, c) + at(r, c - 1) + at(r, c + 1));
        };
        loom::view(v, range(1, -1), range(1, -1)) = loom::view(u, range(0, -2), range(1, -1)) +
                                                     loom::view(u, range(2, none), range(1, -1)) +
                                                     loom::view(u, range(1, -1), range(0, -2)) +
                                                     loom::view(u, range(1, -1), range(2, none));
        CHECK(last() == simd_or_scalar(strategy::contiguous));
        const loom::array<T> inner = loom::view(v, range(1, -1), range(1, -1));
        CHECK(ref::mismatch(inner, {3, n}, stencil) == "");
        CHECK(v.data()[0] == v0.data()[0]);  // the border is untouched
        CHECK(v.data()[n + 1] == v0.data()[n + 1]);
        // in step: every element read once before it is written, doubled once
        auto in = loom::view(v, range(1, -1), range(1, -1));
        in = in * static_cast<T>(2);
        CHECK(ref::mismatch(loom::eval(loom::view(v, range(1, -1), range(1, -1))), {3, n}, [&](const index_t& i) {
                  return static_cast<T>(stencil(i) * static_cast<T>(2));
              }) == "");
    }
}

TEMPLATE_TEST_CASE("splatted: broadcast operands, with and without a plan", "[eval][strategy]", double, std::int16_t) {
    using T = TestType;
    for (std::size_t m : {1, 5}) {
        for (std::size_t n : {3, 17, 33}) {
            INFO(m << " x " << n);
            const padded<T> a({m, n}, 1, 1), c({m, 1}, 2, 0);
            loom::array<T> r(shape_t{m, n});
            r = a.v + c.v;  // a column broadcast: rows without a plan
            CHECK(last() == simd_or_scalar(strategy::splatted));
            CHECK(ref::mismatch(r, {m, n}, [&](const index_t& i) {
                      return static_cast<T>(a.at(i, {m, n}) + c.at(i, {m, 1}));
                  }) == "");
        }
    }
    // rank 3: the planner
    const padded<T> a({4, 1, 5}, 1, 3), b({3, 1}, 2, 0);
    const loom::array<T> r = a.v * b.v;
    CHECK(last() == simd_or_scalar(strategy::splatted));
    CHECK(ref::mismatch(r, {4, 3, 5}, [&](const index_t& i) {
              return static_cast<T>(a.at(i, {4, 1, 5}) * b.at(i, {3, 1}));
          }) == "");
}

TEMPLATE_TEST_CASE("gathered: a strided operand and a strided target", "[eval][strategy]", double, std::int16_t) {
    using T = TestType;
    for (std::size_t n : {2, 9, 300}) {
        INFO("n " << n);
        const loom::array<T> big = ref::filled<T>({2 * n}, 1);
        const loom::array<T> b = ref::filled<T>({n}, 2);
        const auto every_other = loom::view(big, loom::range(0, loom::none, 2));
        const loom::array<T> r = every_other + b;
        CHECK(last() == simd_or_scalar(strategy::gathered));
        CHECK(ref::mismatch(r, {n}, [&](const index_t& i) {
                  return static_cast<T>(big.data()[2 * i[0]] + b.data()[i[0]]);
              }) == "");
        loom::array<T> target(shape_t{2 * n}, T(0));
        loom::view(target, loom::range(1, loom::none, 2)) = b - T(1);
        CHECK(last() == simd_or_scalar(strategy::gathered));
        CHECK(ref::mismatch(target, {2 * n}, [&](const index_t& i) {
                  return i[0] % 2 ? static_cast<T>(b.data()[i[0] / 2] - T(1)) : T(0);
              }) == "");
    }
}

TEST_CASE("turned: an operand against the target's order, tiles turned into rows", "[eval][strategy]") {
    for (std::size_t n : {64, 67}) {
        INFO("n " << n);
        const loom::array<double> a = ref::filled<double>({n, n}, 1), b = ref::filled<double>({n, n}, 2);
        const loom::array<double> r = a + loom::transpose(b);
        CHECK(last() == simd_or_scalar(strategy::turned));
        CHECK(ref::mismatch(r, {n, n}, [&](const index_t& i) {
                  return a.data()[i[0] * n + i[1]] + b.data()[i[1] * n + i[0]];
              }) == "");
    }
}

TEST_CASE("scalar: an operation without a batch body", "[eval][strategy]") {
    const loom::array<std::int32_t> a = ref::filled<std::int32_t>({5, 13}, 1), b = ref::filled<std::int32_t>({13}, 2);
    const loom::array<std::int32_t> r = a % b;
    CHECK(last() == strategy::scalar);
    CHECK(ref::mismatch(r, {5, 13}, [&](const index_t& i) {
              const std::int32_t x = a.data()[i[0] * 13 + i[1]], y = b.data()[i[1]];
              return y == 0 || y == -1 ? 0 : x % y;
          }) == "");
}

TEST_CASE("fixed: static shapes into a fixed_array, decided at compile time", "[eval][strategy]") {
    loom::fixed_array<float, 3, 5> a, b;
    for (std::size_t i = 0; i < a.size(); ++i) {
        a.data()[i] = ref::pattern<float>(i, 1);
        b.data()[i] = ref::pattern<float>(i, 2);
    }
    // chosen at compile time (static_assign.hpp), not traced: a store per
    // assignment is a measurable part of one that takes a nanosecond
    STATIC_REQUIRE(loom::detail::static_shaped<decltype(a * b)>);
    loom::fixed_array<float, 3, 5> r = a * b;
    for (std::size_t i = 0; i < r.size(); ++i) CHECK(r.data()[i] == a.data()[i] * b.data()[i]);
}

TEST_CASE("gathered: the channel views of an interleaved buffer, gathered together or one by one",
          "[eval][strategy]") {
    // c channels of `std::uint8_t`, `std::int16_t` or `double` in (H, W, c): every channel read
    // (gathered in one loop), and two of three (each gathered alone)
    const auto check = [](auto zero, std::size_t c, std::size_t h, std::size_t w) {
        using T = decltype(zero);
        INFO("c " << c << ", " << h << " x " << w << ", " << sizeof(T) << "-byte elements");
        const loom::array<T> img = ref::filled<T>({h, w, c}, 1);
        const auto ch = [&](std::size_t i) { return loom::view(img, loom::all, loom::all, static_cast<long>(i)); };
        const auto at = [&](const index_t& i, std::size_t k) {
            return static_cast<double>(img.data()[(i[0] * w + i[1]) * c + k]);
        };
        loom::array<double> r(shape_t{h, w});
        if (c == 2) r = ch(0) * 2.0 - ch(1);
        else if (c == 3) r = ch(0) * 2.0 - ch(1) + ch(2) * 0.5;
        else r = ch(3) * 2.0 - ch(1) + ch(2) * 0.5 - ch(0);  // channel 0 not first among the leaves
        CHECK(last() == simd_or_scalar(strategy::gathered));
        CHECK(ref::mismatch(r, {h, w}, [&](const index_t& i) {
                  if (c == 2) return at(i, 0) * 2.0 - at(i, 1);
                  const double p = at(i, 0) * 2.0 - at(i, 1), q = at(i, 2) * 0.5;  // one operation a statement
                  if (c == 3) return p + q;
                  const double u = at(i, 3) * 2.0 - at(i, 1), v = u + q;
                  return v - at(i, 0);
              }) == "");
        if (c == 3) {
            r = ch(0) * 1.0 - ch(2);  // two of the three channels
            CHECK(last() == simd_or_scalar(strategy::gathered));
            CHECK(ref::mismatch(r, {h, w}, [&](const index_t& i) { return at(i, 0) - at(i, 2); }) == "");
        }
    };
    for (std::size_t c : {2, 3, 4}) {
        for (const auto& [h, w] : {std::pair<std::size_t, std::size_t>{1, 3}, {5, 17}, {9, 70}}) {
            check(std::uint8_t{}, c, h, w);
            check(std::int16_t{}, c, h, w);
            check(double{}, c, h, w);
        }
    }
}
