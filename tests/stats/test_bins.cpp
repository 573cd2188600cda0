// tests/stats/test_bins.cpp: diff (with prepend and append), bincount, digitize, histogram (with weights
// and density) and interp against their definitions (plain loops) and values NumPy 1.24 gives for the
// same calls.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <type_traits>
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

TEMPLATE_LIST_TEST_CASE("diff with prepend and append: x between them along the axis", "[stats][diff]",
                        ref::number_types) {
    using T = TestType;
    const auto x = ref::filled<T>({3, 4}, 4);
    const auto p = ref::filled<T>({3, 2}, 5), q = ref::filled<T>({1, 4}, 6);
    // the definition: diff of the joined array
    CHECK(vals(loom::diff(x, 1, 1, loom::prepend(p))) == vals(loom::diff(loom::concat(std::tie(p, x), 1), 1, 1)));
    CHECK(vals(loom::diff(x, 2, 0, loom::append(q), loom::prepend(q))) ==
          vals(loom::diff(loom::concat(std::tie(q, x, q), 0), 2, 0)));
    // a number is a slice of size 1 along the axis
    const loom::array<T> one(shape_t{3, 1}, T(1));
    CHECK(vals(loom::diff(x, loom::prepend(T(1)))) == vals(loom::diff(loom::concat(std::tie(one, x), 1))));
    CHECK(loom::diff(x, 1, 0, loom::append(T(1))).shape() == shape_t{3, 4});
}

TEST_CASE("diff with prepend and append: NumPy's values, types and errors", "[stats][diff]") {
    const loom::array<int> v = {1, 4, 9};
    // NumPy 1.24: np.diff([1, 4, 9], prepend=0), append=9, and n=2 with both
    CHECK(vals(loom::diff(v, loom::prepend(0))) == std::vector<int>{1, 3, 5});
    CHECK(vals(loom::diff(v, loom::append(9))) == std::vector<int>{3, 5, 0});
    CHECK(vals(loom::diff(v, 2, -1, loom::prepend(0), loom::append(loom::array<int>{20, 30}))) ==
          std::vector<int>{2, 2, 6, -1});
    // np.diff(a, axis=0, prepend=0), axis=1 prepend=[[10], [20]], axis=0 append=[[0, 0], [1, 1]]
    const loom::array<int> a = {{1, 2}, {4, 8}};
    CHECK(vals(loom::diff(a, 1, 0, loom::prepend(0))) == std::vector<int>{1, 2, 3, 6});
    CHECK(vals(loom::diff(a, 1, 1, loom::prepend(loom::array<int>{{10}, {20}}))) == std::vector<int>{-9, 1, -16, 4});
    const auto d = loom::diff(a, 1, 0, loom::append(loom::array<int>{{0, 0}, {1, 1}}));
    CHECK(d.shape() == shape_t{3, 2});
    CHECK(vals(d) == std::vector<int>{3, 6, -4, -8, 1, 1});
    // a rank-0 array is a number: np.diff(a, prepend=np.array(7))
    CHECK(vals(loom::diff(a, loom::prepend(loom::array<int>(shape_t{}, 7)))) == std::vector<int>{-6, 1, -3, 4});
    // the promoted type of all three: np.diff([1, 2, 4], prepend=0.5); bool stays bool only with bool
    const auto h = loom::diff(loom::array<int>{1, 2, 4}, loom::prepend(0.5));
    static_assert(std::is_same_v<decltype(h)::value_type, double>);
    CHECK(vals(h) == std::vector<double>{0.5, 1, 2});
    const loom::array<bool> b = {true, false};
    CHECK(vals(loom::diff(b, loom::prepend(true))) == std::vector<bool>{false, true});
    CHECK(vals(loom::diff(b, loom::prepend(1))) == std::vector<int>{0, -1});
    // n = 0 leaves them out, as NumPy's; an empty axis takes them
    CHECK(vals(loom::diff(loom::array<int>{1, 2}, 0, -1, loom::prepend(5))) == std::vector<int>{1, 2});
    const auto e = loom::diff(loom::array<double>(shape_t{2, 0}), loom::prepend(1.0), loom::append(3.0));
    CHECK(e.shape() == shape_t{2, 1});
    CHECK(vals(e) == std::vector<double>{2, 2});
    // errors: another rank, another length off the axis (NumPy's ValueError), and diff's own
    CHECK_THROWS_WITH(loom::diff(a, 1, 0, loom::prepend(loom::array<int>{1, 2, 3})),
                      Catch::Contains("prepend has shape (3,), x (2, 2); it must be x's but along axis 0"));
    CHECK_THROWS_WITH(loom::diff(a, 1, 0, loom::append(loom::array<int>{{1, 2, 3}})), Catch::Contains("append has shape (1, 3)"));
    CHECK_THROWS_WITH(loom::diff(a, -1, 0, loom::append(1)), Catch::Contains("order n must be 0 or more"));
    CHECK_THROWS_WITH(loom::diff(loom::array<int>(shape_t{}, 1), loom::append(1)), Catch::Contains("rank 0"));
    CHECK_THROWS_AS(loom::diff(a, 1, 2, loom::append(1)), loom::index_error);
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
    // values past the counts so far: the counts grow to max(x) + 1, whatever the order
    const loom::array<std::int64_t> up = ref::iota<std::int64_t>({1000});
    CHECK(vals(loom::bincount(up)) == std::vector<std::int64_t>(1000, 1));
    const auto far = vals(loom::bincount(loom::array<std::int64_t>{5000, 2}));
    CHECK(far.size() == 5001);
    CHECK(std::accumulate(far.begin(), far.end(), std::int64_t{0}) == 2);
    CHECK(far[5000] == 1);
    CHECK(vals(loom::bincount(loom::array<bool>{true, true, false})) == std::vector<std::int64_t>{1, 2});
    CHECK_THROWS_WITH(loom::bincount(loom::array<int>{1, 2, 900, -3}), Catch::Contains("x[3] is -3"));
    // a view: its elements, not its memory's
    const loom::array<int> m = {{0, 9}, {2, 9}};
    CHECK(vals(loom::bincount(loom::view(m, loom::all, 0))) == std::vector<std::int64_t>{1, 0, 1});
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
    // NumPy 1.24: integers against double bins, decreasing bins with right=True, and numbers
    const loom::array<int> xi = {-3, 0, 1, 2, 5};
    CHECK(vals(loom::digitize(xi, loom::array<double>{0.5, 1.0, 2.5})) == std::vector<std::int64_t>{0, 0, 2, 2, 3});
    CHECK(vals(loom::digitize(xi, loom::array<double>{2.5, 1.0, 0.5}, true)) == std::vector<std::int64_t>{3, 3, 2, 1, 0});
    CHECK(loom::digitize(1.0, loom::array<double>{0, 1, 2}).data()[0] == 2);
    CHECK(loom::digitize(1.0, loom::array<double>{2, 1, 0}).data()[0] == 1);
    CHECK(loom::digitize(1.0, loom::array<double>{2, 1, 0}, true).data()[0] == 2);
    // many bins: the bisection against the definition's count
    const loom::array<double> many = ref::iota<double>({1000}) / 8.0;
    const loom::array<double> at = ref::iota<double>({300}) * 0.43 - 3.0;
    const auto k = vals(loom::digitize(at, many)), kr = vals(loom::digitize(at, many, true));
    for (std::size_t i = 0; i < at.size(); ++i) {
        const double v = at.data()[i];
        CHECK(k[i] == std::count_if(many.begin(), many.end(), [&](double b) { return b <= v; }));
        CHECK(kr[i] == std::count_if(many.begin(), many.end(), [&](double b) { return b < v; }));
    }
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
        // weights of one sum to the counts; the density integrates to 1
        const loom::array<double> ones(x.shape(), 1.0);
        const auto [sums, edges1] = loom::histogram(x, bins, loom::weights(ones));
        CHECK(vals(sums) == std::vector<double>(want.begin(), want.end()));
        CHECK(vals(edges1) == vals(edges));
        const auto [pdf, edges2] = loom::histogram(x, bins, loom::density);
        double area = 0;
        for (std::size_t i = 0; i < bins; ++i) area += pdf.data()[i] * static_cast<double>(edges.data()[i + 1] - edges.data()[i]);
        CHECK(area == Approx(1.0).epsilon(1e-12));
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
    // NumPy 1.24: np.histogram(np.float32([0.1, 0.3, 0.7, 0.2]), 5, (0.1, 0.7)): edges from the range in double
    const auto g32 = loom::histogram(loom::array<float>{0.1f, 0.3f, 0.7f, 0.2f}, 5, std::pair{0.1, 0.7});
    CHECK(vals(g32.counts) == std::vector<std::int64_t>{2, 1, 0, 0, 1});
    CHECK(vals(g32.edges) == std::vector<float>{0.1f, 0.22f, 0.34f, static_cast<float>(0.46000000834465027), 0.58f, 0.7f});
}

TEST_CASE("histogram with weights and density: NumPy's values, types and errors", "[stats][histogram]") {
    const loom::array<double> x = {0.1, 0.5, 0.5, 1.7, 2.0, 2.5, 3.9, 4.0, -1.0};
    const loom::array<double> w = {1, 2, 0.5, -1, 3, 0.25, 2, 1, 4};
    const loom::array<double> edges = {0, 0.5, 2, 4};
    // NumPy 1.24: np.histogram(x, 4, weights=w), density=True, and (0, 3) with both
    const auto hw = loom::histogram(x, 4, loom::weights(w));
    static_assert(std::is_same_v<decltype(hw), const loom::histogram_result<double, double>>);
    CHECK(vals(hw.counts) == std::vector<double>{5, 2.5, 2.25, 3});
    CHECK(vals(hw.edges) == std::vector<double>{-1, 0.25, 1.5, 2.75, 4});
    CHECK(vals(loom::histogram(x, 4, loom::density).counts) ==
          std::vector<double>{0.17777777777777778, 0.17777777777777778, 0.26666666666666666, 0.17777777777777778});
    CHECK(vals(loom::histogram(x, 3, std::pair{0.0, 3.0}, loom::weights(w), loom::density).counts) ==
          std::vector<double>{0.6086956521739131, -0.17391304347826086, 0.5652173913043478});
    // given edges: np.histogram(x, [0, 0.5, 2, 4], weights=w), density=True, both
    CHECK(vals(loom::histogram(x, edges, loom::weights(w)).counts) == std::vector<double>{1, 1.5, 6.25});
    CHECK(vals(loom::histogram(x, edges, loom::density).counts) == std::vector<double>{0.25, 0.25, 0.25});
    CHECK(vals(loom::histogram(x, edges, loom::density, loom::weights(w)).counts) ==
          std::vector<double>{0.22857142857142856, 0.11428571428571428, 0.35714285714285715});
    // the sums' type: integers for integer weights, float for float weights (NumPy's the weights' dtype)
    const auto hi = loom::histogram(x, 4, loom::weights(loom::array<int>{1, 2, 3, 4, 5, 6, 7, 8, 9}));
    static_assert(std::is_same_v<decltype(hi.counts)::value_type, std::int64_t>);
    CHECK(vals(hi.counts) == std::vector<std::int64_t>{10, 5, 15, 15});
    const auto hf = loom::histogram(x, 4, loom::weights(loom::astype<float>(w)));
    static_assert(std::is_same_v<decltype(hf.counts)::value_type, float>);
    CHECK(vals(hf.counts) == std::vector<float>{5, 2.5, 2.25, 3});
    // 70000 elements: NumPy sums each 65536 in double, then adds the blocks (in float for float weights)
    const loom::array<double> i = ref::iota<double>({70000});
    const loom::array<double> xb = i % 7.0, wb = 0.1 * (i % 13.0);
    CHECK(vals(loom::histogram(xb, 3, loom::weights(wb)).counts) ==
          std::vector<double>{11998.300000000452, 11999.500000000451, 18000.200000001132});
    CHECK(vals(loom::histogram(xb, 3, loom::weights(loom::astype<float>(wb))).counts) ==
          std::vector<float>{11998.30078125f, 11999.5f, 18000.201171875f});
    CHECK(vals(loom::histogram(xb, 3, loom::weights(wb), loom::density).counts) ==
          std::vector<double>{0.14284370684318146, 0.14285799323777168, 0.21429829991904684});
    // no elements: a density of 0 / 0
    const auto e = loom::histogram(loom::array<double>(shape_t{0}), 2, loom::density);
    CHECK(std::isnan(e.counts.data()[0]));
    // weights of another shape; x of another shape is flattened with its weights
    CHECK_THROWS_WITH(loom::histogram(x, 4, loom::weights(loom::array<double>{1, 2})),
                      Catch::Contains("loom::histogram: the weights have shape (2,), x (9,)"));
    CHECK_THROWS_WITH(loom::histogram(x, edges, loom::weights(loom::array<double>{1, 2})), Catch::Contains("(2,)"));
    const loom::array<double> x2 = {{0.0, 1.0}, {2.0, 3.0}}, w2 = {{1.0, 2.0}, {3.0, 4.0}};
    CHECK(vals(loom::histogram(x2, 2, loom::weights(w2)).counts) == std::vector<double>{3, 7});
    CHECK(vals(loom::histogram(loom::transpose(x2), 2, loom::weights(loom::transpose(w2))).counts) ==
          std::vector<double>{3, 7});
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
    // NumPy 1.24: a repeated point takes its last value; an infinite value in fp
    CHECK(vals(loom::interp(loom::array<double>{-1, 0.5, 1, 1.5, 2, 3, 3.5}, loom::array<double>{0, 1, 1, 2, 3},
                            loom::array<double>{0, 10, 20, 5, 5})) == std::vector<double>{0, 5, 20, 12.5, 5, 5, 5});
    const double inf = std::numeric_limits<double>::infinity();
    CHECK(vals(loom::interp(loom::array<double>{0.5, 2.5}, xp, loom::array<double>{0, inf, 1, 1})) ==
          std::vector<double>{inf, 1});
}

TEST_CASE("interp: sorted or not, more points than knots or fewer, the same values", "[stats][interp]") {
    const loom::array<double> xp = ref::iota<double>({200}) * 0.37, fp = loom::sin(xp) * 3.0;
    const loom::array<double> up = ref::iota<double>({1000}) * 0.075 - 1.0;  // sorted, past both ends
    loom::array<double> down(up.shape());
    std::reverse_copy(up.begin(), up.end(), down.begin());
    const auto y = vals(loom::interp(up, xp, fp));
    auto yd = vals(loom::interp(down, xp, fp));
    std::reverse(yd.begin(), yd.end());
    CHECK(y == yd);
    for (std::size_t k = 0; k < up.size(); k += 7)  // one point at a time: fewer points than knots
        CHECK(loom::interp(up.data()[k], xp, fp).data()[0] == y[k]);
}
