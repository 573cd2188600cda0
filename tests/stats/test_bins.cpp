// tests/stats/test_bins.cpp: diff, bincount, digitize, histogram and interp against their definitions
// (plain loops) and values NumPy 1.24 gives for the same calls.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;
using ref::index_t;

namespace {
constexpr double nan_v = std::numeric_limits<double>::quiet_NaN();
template <class T>
std::vector<T> vals(const loom::array<T>& a) {
    return std::vector<T>(a.begin(), a.end());  // not braces: a vector<bool> would take the two iterators as bools
}
}  // namespace

TEMPLATE_LIST_TEST_CASE("diff is x[i + 1] - x[i] along the axis, n times", "[stats][diff]", ref::number_types) {
    using T = TestType;
    const std::vector<std::size_t> s{4, 6};
    const auto x = ref::filled<T>(s, 1);
    for (std::ptrdiff_t axis : {0, 1, -1, -2}) {
        const std::size_t a = axis < 0 ? static_cast<std::size_t>(axis + 2) : static_cast<std::size_t>(axis);
        const loom::array<T> d = loom::diff(x, 1, axis);
        std::vector<std::size_t> ds = s;
        ds[a] -= 1;
        CHECK(ref::mismatch(d, ds, [&](const index_t& i) {
                  index_t j = i;
                  ++j[a];
                  return static_cast<T>(x.data()[j[0] * 6 + j[1]] - x.data()[i[0] * 6 + i[1]]);
              }) == "");
        // n = 2 is diff of diff; n past the length gives an empty axis
        CHECK(vals(loom::diff(x, 2, axis)) == vals(loom::diff(d, 1, axis)));
        CHECK(loom::diff(x, 9, axis).shape()[a] == 0);
    }
    CHECK(vals(loom::diff(x, 0)) == vals(x));
    CHECK(vals(loom::diff(x * T(1), 1)) == vals(loom::diff(x)));  // an expression operand
}

TEST_CASE("diff on bool, and its errors", "[stats][diff]") {
    CHECK(vals(loom::diff(loom::array<bool>{true, true, false, true})) == std::vector<bool>{false, true, true});
    CHECK_THROWS_WITH(loom::diff(loom::array<double>(shape_t{}, 1.0)), Catch::Contains("rank 0"));
    CHECK_THROWS_WITH(loom::diff(loom::array<double>{1, 2}, -1), Catch::Contains("order n must be 0 or more"));
    CHECK_THROWS_AS(loom::diff(loom::array<double>{1, 2}, 1, 1), loom::index_error);
}

TEMPLATE_LIST_TEST_CASE("bincount counts each value", "[stats][bincount]", ref::integer_types) {
    using T = TestType;
    const auto x = ref::filled<T>({40}, 2);
    std::vector<std::int64_t> want;
    bool negative = false;
    for (T v : x) {
        if constexpr (std::is_signed_v<T>) negative = negative || v < 0;
        if (v >= 0) {
            if (want.size() <= static_cast<std::size_t>(v)) want.resize(static_cast<std::size_t>(v) + 1, 0);
            ++want[static_cast<std::size_t>(v)];
        }
    }
    if (negative) {
        CHECK_THROWS_WITH(loom::bincount(x), Catch::Contains("no negative elements"));
    } else {
        CHECK(vals(loom::bincount(x)) == want);
        want.resize(want.size() + 3, 0);
        CHECK(vals(loom::bincount(x, want.size())) == want);
    }
}

TEST_CASE("bincount with weights, and NumPy's values", "[stats][bincount]") {
    const loom::array<int> x = {0, 1, 1, 3};
    CHECK(vals(loom::bincount(x)) == std::vector<std::int64_t>{1, 2, 0, 1});
    CHECK(vals(loom::bincount(x, 6)) == std::vector<std::int64_t>{1, 2, 0, 1, 0, 0});
    CHECK(vals(loom::bincount(x, loom::array<double>{0.5, 1, 2, 4})) == std::vector<double>{0.5, 3, 0, 4});
    CHECK(vals(loom::bincount(loom::array<int>(shape_t{0}))).empty());
    CHECK_THROWS_WITH(loom::bincount(x, loom::array<double>{1, 2}), Catch::Contains("weights have shape (2,)"));
    CHECK_THROWS_WITH(loom::bincount(loom::array<int>{{1}, {2}}), Catch::Contains("one axis"));
}

TEST_CASE("digitize: the bin of each element, bins increasing or decreasing", "[stats][digitize]") {
    const loom::array<double> x = {0.1, 0.5, 0.5, 1.7, 2.0, 2.5, 3.9, 4.0, -1.0, nan_v};
    const std::vector<double> b = {0, 1, 2, 4};
    const loom::array<double> inc = {0, 1, 2, 4}, dec = {4, 2, 1, 0};
    // the definition, by hand: i with b[i - 1] <= v < b[i] (right: b[i - 1] < v <= b[i])
    for (bool right : {false, true}) {
        INFO("right " << right);
        const auto got = vals(loom::digitize(x, inc, right));
        const auto got_dec = vals(loom::digitize(x, dec, right));
        for (std::size_t k = 0; k < x.size(); ++k) {
            const double v = x.data()[k];
            std::int64_t i = 0;
            while (i < 4 && !(v != v) && (right ? b[static_cast<std::size_t>(i)] < v : b[static_cast<std::size_t>(i)] <= v)) ++i;
            if (v != v) i = 4;
            CHECK(got[k] == i);
            CHECK(got_dec[k] == 4 - i);  // decreasing bins mirror the increasing ones
        }
    }
    // NumPy 1.24: np.digitize(x, [0, 1, 2, 4]) and right=True
    CHECK(vals(loom::digitize(x, inc)) == std::vector<std::int64_t>{1, 1, 1, 2, 3, 3, 3, 4, 0, 4});
    CHECK(vals(loom::digitize(x, inc, true)) == std::vector<std::int64_t>{1, 1, 1, 2, 2, 3, 3, 3, 0, 4});
    CHECK(vals(loom::digitize(loom::array<double>{{0.5}, {3.0}}, inc)) == std::vector<std::int64_t>{1, 3});
    CHECK(loom::digitize(loom::array<double>{{0.5}, {3.0}}, inc).shape() == shape_t{2, 1});
    CHECK_THROWS_WITH(loom::digitize(x, loom::array<double>{0, 2, 1}), Catch::Contains("increase or decrease"));
}

TEMPLATE_LIST_TEST_CASE("histogram with equal bins: every element in range counted once, in its bin",
                        "[stats][histogram]", ref::number_types) {
    using T = TestType;
    const auto x = ref::filled<T>({7, 9}, 3);
    for (std::size_t bins : {1, 3, 10}) {
        const auto [counts, edges] = loom::histogram(x, bins);
        REQUIRE(counts.size() == bins);
        REQUIRE(edges.size() == bins + 1);
        using F = typename decltype(edges)::value_type;
        std::vector<std::int64_t> want(bins, 0);
        for (T v0 : x) {
            const F v = static_cast<F>(v0);
            std::size_t i = 0;
            while (i + 1 < bins && v >= edges.data()[i + 1]) ++i;
            ++want[i];
        }
        CHECK(vals(counts) == want);
        CHECK(edges.data()[0] == static_cast<F>(*std::min_element(x.begin(), x.end())));
    }
}

TEST_CASE("histogram: ranges, given edges, NumPy's values and errors", "[stats][histogram]") {
    const loom::array<double> x = {0.1, 0.5, 0.5, 1.7, 2.0, 2.5, 3.9, 4.0, -1.0};
    // NumPy 1.24: np.histogram(x, 4), np.histogram(x, 3, (0., 3.)), np.histogram(x, [0, 0.5, 2, 4])
    auto h = loom::histogram(x, 4);
    CHECK(vals(h.counts) == std::vector<std::int64_t>{2, 2, 3, 2});
    CHECK(vals(h.edges) == std::vector<double>{-1, 0.25, 1.5, 2.75, 4});
    h = loom::histogram(x, 3, std::pair{0.0, 3.0});
    CHECK(vals(h.counts) == std::vector<std::int64_t>{3, 1, 2});
    const auto g = loom::histogram(x, loom::array<double>{0, 0.5, 2, 4});
    CHECK(vals(g.counts) == std::vector<std::int64_t>{1, 3, 4});
    CHECK(vals(g.edges) == std::vector<double>{0, 0.5, 2, 4});
    // one value: the range widened by 0.5 each way; no values: [0, 1]
    h = loom::histogram(loom::array<double>{2, 2}, 2);
    CHECK(vals(h.edges) == std::vector<double>{1.5, 2, 2.5});
    CHECK(vals(h.counts) == std::vector<std::int64_t>{0, 2});
    CHECK(vals(loom::histogram(loom::array<double>(shape_t{0}), 2).edges) == std::vector<double>{0, 0.5, 1});
    // NaN: not counted inside a given range, an error without one
    CHECK(vals(loom::histogram(loom::array<double>{nan_v, 1}, 1, std::pair{0.0, 2.0}).counts) ==
          std::vector<std::int64_t>{1});
    CHECK_THROWS_WITH(loom::histogram(loom::array<double>{nan_v, 1}), Catch::Contains("not finite"));
    CHECK_THROWS_WITH(loom::histogram(x, 2, std::pair{3.0, 1.0}), Catch::Contains("max must be larger"));
    CHECK_THROWS_WITH(loom::histogram(x, loom::array<double>{0, 2, 1}), Catch::Contains("increase monotonically"));
    CHECK_THROWS_WITH(loom::histogram(x, 0), Catch::Contains("bins must be 1 or more"));
    // float: float edges
    const auto hf = loom::histogram(loom::astype<float>(x), 3);
    static_assert(std::is_same_v<decltype(hf.edges)::value_type, float>);
}

TEST_CASE("interp: the piecewise-linear interpolant, NumPy's values at the ends and for NaN", "[stats][interp]") {
    const loom::array<double> xp = {0, 1, 2, 3}, fp = {0, 10, 5, 5};
    const loom::array<double> x = ref::iota<double>({31}) / 10.0 - 0.05;
    const loom::array<double> y = loom::interp(x, xp, fp);
    for (std::size_t k = 0; k < x.size(); ++k) {
        const double v = x.data()[k];
        double want;
        if (v < 0) want = 0;
        else if (v >= 3) want = 5;
        else {
            const auto j = static_cast<std::size_t>(v);
            want = fp.data()[j] + (fp.data()[j + 1] - fp.data()[j]) * (v - xp.data()[j]);
        }
        CHECK(y.data()[k] == Approx(want).margin(1e-12));
    }
    // NumPy 1.24: np.interp([-1, 0, 0.5, 1, 1.5, 2, 2.5, 3, 9, nan], [0, 1, 2, 3], [0, 10, 5, 5])
    const auto z = vals(loom::interp(loom::array<double>{-1, 0, 0.5, 1, 1.5, 2, 2.5, 3, 9, nan_v}, xp, fp));
    CHECK(std::vector<double>(z.begin(), z.end() - 1) == std::vector<double>{0, 0, 5, 10, 7.5, 5, 5, 5, 5});
    CHECK(std::isnan(z.back()));
    CHECK(vals(loom::interp(loom::array<double>{-1, 0.5, 9}, loom::array<double>{0, 1}, loom::array<double>{0, 10},
                            -5.0, 50.0)) == std::vector<double>{-5, 5, 50});
    CHECK(loom::interp(2.5, xp, fp).shape() == shape_t{});
    CHECK(vals(loom::interp(loom::array<int>{{1}, {2}}, xp, fp)) == std::vector<double>{10, 5});
    CHECK_THROWS_WITH(loom::interp(x, loom::array<double>(shape_t{0}), loom::array<double>(shape_t{0})),
                      Catch::Contains("xp is empty"));
    CHECK_THROWS_WITH(loom::interp(x, xp, loom::array<double>{1, 2}), Catch::Contains("the same"));
}
