// tests/stats/test_quantile.cpp: median, quantile and percentile against sorted lanes (plain loops)
// and values NumPy 1.24 gives for the same calls.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/stats/quantile.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {
constexpr double nan_v = std::numeric_limits<double>::quiet_NaN();
constexpr double inf_v = std::numeric_limits<double>::infinity();
constexpr loom::method methods[] = {loom::method::linear, loom::method::lower, loom::method::higher,
                                    loom::method::nearest, loom::method::midpoint};

template <class T>
std::vector<T> vals(const loom::array<T>& a) {
    return std::vector<T>(a.begin(), a.end());
}

// The lanes of x over the axes marked in red, each sorted, in the result's row-major order.
template <class T>
std::vector<std::vector<T>> sorted_lanes(const loom::array<T>& x, const std::vector<bool>& red) {
    const std::vector<std::size_t> s(x.shape().begin(), x.shape().end());
    std::size_t lanes = 1;
    for (std::size_t d = 0; d < s.size(); ++d)
        if (!red[d]) lanes *= s[d];
    std::vector<std::vector<T>> out(lanes);
    std::size_t flat = 0;
    ref::for_each_index(s, [&](const ref::index_t& idx) {
        std::size_t j = 0;
        for (std::size_t d = 0; d < s.size(); ++d)
            if (!red[d]) j = j * s[d] + idx[d];
        out[j].push_back(x.data()[flat++]);
    });
    for (auto& l : out) std::sort(l.begin(), l.end());
    return out;
}

// The definitions, on a sorted lane: position i = (n - 1) q between v[floor(i)] and v[ceil(i)].
template <class T>
double quantile_of(const std::vector<T>& v, double q, loom::method m) {
    const double i = static_cast<double>(v.size() - 1) * q;
    const auto lo = static_cast<std::size_t>(std::floor(i)), hi = static_cast<std::size_t>(std::ceil(i));
    const double a = static_cast<double>(v[lo]), b = static_cast<double>(v[hi]), f = i - std::floor(i);
    switch (m) {
        case loom::method::lower: return a;
        case loom::method::higher: return b;
        case loom::method::nearest: return f < 0.5 ? a : f > 0.5 ? b : lo % 2 == 0 ? a : b;
        case loom::method::midpoint: return (a + b) / 2;
        case loom::method::linear: break;
    }
    return a + (b - a) * f;
}
template <class T>
double median_of(const std::vector<T>& v) {
    const std::size_t n = v.size();
    return n % 2 ? static_cast<double>(v[n / 2]) : (static_cast<double>(v[n / 2 - 1]) + static_cast<double>(v[n / 2])) / 2;
}

// The result's shape: q's axes, then x's without the reduced ones (keepdims: as 1).
std::vector<std::size_t> result_shape(const std::vector<std::size_t>& qs, const shape_t& s, const std::vector<bool>& red,
                                      bool keep) {
    std::vector<std::size_t> r = qs;
    for (std::size_t d = 0; d < s.size(); ++d)
        if (!red[d]) r.push_back(s[d]);
        else if (keep) r.push_back(1);
    return r;
}

struct axes_case {
    std::vector<std::ptrdiff_t> axes;  // empty with every: all axes
    bool every;
};
std::vector<bool> reduced(const axes_case& c, std::size_t n) {
    std::vector<bool> red(n, c.every);
    for (auto a : c.axes) red[static_cast<std::size_t>(a < 0 ? a + static_cast<std::ptrdiff_t>(n) : a)] = true;
    return red;
}
}  // namespace

TEMPLATE_LIST_TEST_CASE("quantile by each method is its definition on the sorted lanes, over axes and layouts",
                        "[stats][quantile]", ref::number_types) {
    using T = TestType;
    using R = std::conditional_t<std::is_floating_point_v<T>, T, double>;
    const double rel = std::is_same_v<R, float> ? 1e-6 : 1e-12;
    const auto x = ref::filled<T>({5, 4, 7}, 4);
    const std::vector<double> qs = {0, 0.1, 0.25, 0.5, 0.7, 0.95, 1};
    const loom::array<double> qa = loom::asarray<double>(qs, shape_t{qs.size()});
    for (const axes_case& c : {axes_case{{}, true}, axes_case{{0}, false}, axes_case{{-1}, false},
                               axes_case{{2, 0}, false}, axes_case{{1}, false}}) {
        const auto red = reduced(c, 3);
        const auto lanes = sorted_lanes(x, red);
        ref::each_layout(x, [&](const auto& xv, const char* layout) {
            INFO(layout << ", " << c.axes.size() << " axes");
            for (const loom::method m : methods) {
                INFO("method " << static_cast<int>(m));
                for (const bool keep : {false, true}) {
                    loom::array<R> r;
                    if (c.every && keep) r = loom::quantile(xv, qa, m, loom::keepdims);
                    else if (c.every) r = loom::quantile(xv, qa, m);
                    else if (keep) r = loom::quantile(xv, qa, c.axes, m, loom::keepdims);
                    else r = loom::quantile(xv, qa, c.axes, m);
                    const auto want_shape = result_shape({qs.size()}, x.shape(), red, keep);
                    std::vector<double> want;
                    for (double q : qs)
                        for (const auto& l : lanes) want.push_back(quantile_of(l, q, m));
                    std::size_t k = 0;
                    CHECK(ref::mismatch_near(r, want_shape, [&](const ref::index_t&) { return want[k++]; }, rel, 1e-12) == "");
                }
            }
            // median: the middle element, or the mean of the middle two
            loom::array<R> md = c.every ? loom::median(xv) : loom::median(xv, c.axes);
            std::size_t k = 0;
            CHECK(ref::mismatch_near(md, result_shape({}, x.shape(), red, false),
                                     [&](const ref::index_t&) { return median_of(lanes[k++]); }, rel, 1e-12) == "");
        });
    }
}

TEMPLATE_LIST_TEST_CASE("median, quantile and percentile: element types, shapes of q and keepdims", "[stats][quantile]",
                        ref::all_types) {
    using T = TestType;
    using R = std::conditional_t<std::is_floating_point_v<T>, T, double>;
    const auto x = ref::filled<T>({3, 4}, 1);
    static_assert(std::is_same_v<typename decltype(loom::median(x))::value_type, R>);
    static_assert(std::is_same_v<typename decltype(loom::quantile(x, 0.5, loom::method::lower))::value_type, R>);
    static_assert(std::is_same_v<typename decltype(loom::percentile(x, 50))::value_type, R>);
    CHECK(loom::median(x).shape() == shape_t{});
    CHECK(loom::median(x, 0).shape() == shape_t{4});
    CHECK(loom::median(x, {0, 1}, loom::keepdims).shape() == shape_t{1, 1});
    CHECK(loom::median(x, loom::keepdims).shape() == shape_t{1, 1});
    CHECK(loom::median(x, {}).shape() == shape_t{3, 4});  // over no axis: the elements themselves
    CHECK(vals(loom::median(x, {})) == vals(loom::array<R>(loom::astype<R>(x))));
    CHECK(loom::quantile(x, 0.5, 1, loom::method::nearest).shape() == shape_t{3});
    CHECK(loom::quantile(x, {0.5, 0.25}, 1, loom::method::higher).shape() == shape_t{2, 3});
    CHECK(loom::quantile(x, loom::array<double>{{0.5, 0.25, 0}, {1, 0.5, 0.5}}, {0}, loom::method::lower, loom::keepdims)
              .shape() == shape_t{2, 3, 1, 4});
    CHECK(loom::percentile(x, loom::array<float>{50, 25}, loom::method::nearest).shape() == shape_t{2});
    CHECK(loom::quantile(x, loom::array<double>(shape_t{0}), loom::method::lower).shape() == shape_t{0});
    // the same value however q comes: a number, a braced list, an array, a percentage
    const auto a = vals(loom::quantile(x, 0.25, 0, loom::method::lower));
    CHECK(vals(loom::quantile(x, {0.25}, {0}, loom::method::lower)) == a);
    CHECK(vals(loom::percentile(x, 25, std::vector<int>{0}, loom::method::lower)) == a);
}

TEST_CASE("median and quantile: NumPy's values", "[stats][quantile]") {
    const loom::array<double> x = {{1.5, -2.0, 7.25, 3.0, 0.5}, {4.0, 4.0, -1.0, 9.5, 2.0}, {0.0, 6.0, 3.5, -3.0, 8.0}};
    // NumPy 1.24: np.median(x), np.median(x, axis=0), np.median(x, axis=1)
    CHECK(vals(loom::median(x)) == std::vector<double>{3.0});
    CHECK(vals(loom::median(x, 0)) == std::vector<double>{1.5, 4, 3.5, 3, 2});
    CHECK(vals(loom::median(x, 1)) == std::vector<double>{1.5, 4, 3.5});
    // np.quantile(x, [0.1, 0.5, 0.9], axis=1, method=m), row-major
    const loom::array<double> q = {0.1, 0.5, 0.9};
    CHECK(vals(loom::quantile(x, q, 1)) == std::vector<double>{-1.0, 0.20000000000000018, -1.7999999999999998, 1.5, 4.0, 3.5,
                                                                5.550000000000001, 7.300000000000001, 7.2});
    CHECK(vals(loom::quantile(x, q, 1, loom::method::lower)) == std::vector<double>{-2, -1, -3, 1.5, 4, 3.5, 3, 4, 6});
    CHECK(vals(loom::quantile(x, q, 1, loom::method::higher)) == std::vector<double>{0.5, 2, 0, 1.5, 4, 3.5, 7.25, 9.5, 8});
    CHECK(vals(loom::quantile(x, q, 1, loom::method::nearest)) == std::vector<double>{-2, -1, -3, 1.5, 4, 3.5, 7.25, 9.5, 8});
    CHECK(vals(loom::quantile(x, q, 1, loom::method::midpoint)) ==
          std::vector<double>{-0.75, 0.5, -1.5, 1.5, 4, 3.5, 5.125, 6.75, 7});
    // np.percentile(x, 37.5, axis=0), np.percentile(x, [12.5, 95])
    CHECK(vals(loom::percentile(x, 37.5, 0)) == std::vector<double>{1.125, 2.5, 2.375, 1.5, 1.625});
    CHECK(vals(loom::percentile(x, {12.5, 95})) == std::vector<double>{-1.25, 8.45});
    // np.quantile(x, [0.2, 0.8], axis=0, keepdims=True): shape (2, 1, 5)
    const auto k = loom::quantile(x, {0.2, 0.8}, 0, loom::keepdims);
    CHECK(k.shape() == shape_t{2, 1, 5});
    CHECK(vals(k) == std::vector<double>{0.6000000000000001, 0.40000000000000036, 0.8, -0.5999999999999996, 1.1, 3.0, 5.2,
                                         5.75, 6.9, 5.6000000000000005});
    // integers give double: np.quantile([7, 1, 4, 9, 2, 8], [0, 0.3, 0.5, 1]), np.median of 6 and of 5 of them
    const loom::array<int> i = {7, 1, 4, 9, 2, 8};
    CHECK(vals(loom::quantile(i, {0, 0.3, 0.5, 1})) == std::vector<double>{1, 3, 5.5, 9});
    CHECK(vals(loom::median(i)) == std::vector<double>{5.5});
    CHECK(vals(loom::median(loom::view(i, loom::range(0, 5)))) == std::vector<double>{4});
    // bool: median as NumPy's mean of the middle ones; no interpolation
    CHECK(vals(loom::median(loom::array<bool>{true, false, true})) == std::vector<double>{1});
    CHECK(vals(loom::median(loom::array<bool>{true, false, true, false})) == std::vector<double>{0.5});
    CHECK(vals(loom::quantile(loom::array<bool>{true, false, true}, 0.5, loom::method::lower)) == std::vector<double>{1});
    // float keeps float: NumPy computes in double (np.quantile(f, 0.3) is 1.3399999976158141); loom
    // returns that value rounded to float; median as np.median, in float
    const loom::array<float> f = {1.5f, 2.25f, 8.0f, -0.1f};
    CHECK(vals(loom::quantile(f, 0.3)) == std::vector<float>{static_cast<float>(1.3399999976158141)});
    CHECK(vals(loom::quantile(f, 0.7)) == std::vector<float>{static_cast<float>(2.824999999999998)});
    CHECK(vals(loom::median(f)) == std::vector<float>{1.875f});
}

TEST_CASE("median and quantile: NaN propagates, infinities as NumPy's interpolation gives them", "[stats][quantile]") {
    // np.quantile([1, 2, nan, 4], 0.5) is nan; per row, only the rows with NaN
    CHECK(std::isnan(loom::quantile(loom::array<double>{1, 2, nan_v, 4}, 0.5).data()[0]));
    const loom::array<double> x = {{1, 2, nan_v, 4}, {1, 2, 3, 4}};
    const auto r = vals(loom::quantile(x, {0.5, 0.1}, 1));  // NumPy: [[nan, 2.5], [nan, 1.3]]
    CHECK(std::isnan(r[0]));
    CHECK(r[1] == 2.5);
    CHECK(std::isnan(r[2]));
    CHECK(r[3] == Approx(1.3).epsilon(1e-15));
    for (const loom::method m : methods) CHECK(std::isnan(loom::quantile(x, 0.0, 1, m).data()[0]));
    const auto md = vals(loom::median(x, 1));
    CHECK(std::isnan(md[0]));
    CHECK(md[1] == 2.5);
    CHECK(std::isnan(loom::median(loom::array<float>{nan_v, 1.0f}).data()[0]));
    // NumPy 1.24's _lerp: np.quantile([0, 1, inf], 0.5) and np.quantile([-inf, 1], 0) are nan (inf * 0),
    // np.quantile([1, inf], 0.4) is inf, np.quantile([inf], 0.5) nan; np.median([1, inf]) is inf,
    // np.median([-inf, inf]) nan; lower takes the element itself
    CHECK(std::isnan(loom::quantile(loom::array<double>{0, 1, inf_v}, 0.5).data()[0]));
    CHECK(std::isnan(loom::quantile(loom::array<double>{-inf_v, 1}, 0.0).data()[0]));
    CHECK(loom::quantile(loom::array<double>{1, inf_v}, 0.4).data()[0] == inf_v);
    CHECK(std::isnan(loom::quantile(loom::array<double>{inf_v}, 0.5).data()[0]));
    CHECK(loom::median(loom::array<double>{1, inf_v}).data()[0] == inf_v);
    CHECK(std::isnan(loom::median(loom::array<double>{-inf_v, inf_v}).data()[0]));
    CHECK(loom::quantile(loom::array<double>{0, 1, inf_v}, 1.0, loom::method::lower).data()[0] == inf_v);
}

TEST_CASE("median and quantile: empty arrays and errors", "[stats][quantile]") {
    // np.median of nothing is nan; of (0, 3) over axis 0 three NaN; of (3, 0) over axis 0 empty
    CHECK(std::isnan(loom::median(loom::array<double>(shape_t{0})).data()[0]));
    const auto m = loom::median(loom::array<int>(shape_t{0, 3}), 0);
    CHECK(m.shape() == shape_t{3});
    CHECK(std::all_of(m.begin(), m.end(), [](double v) { return std::isnan(v); }));
    CHECK(loom::median(loom::array<double>(shape_t{3, 0}), 0).shape() == shape_t{0});
    // np.quantile raises on an empty lane, gives an empty result where there are no lanes
    CHECK_THROWS_WITH(loom::quantile(loom::array<double>(shape_t{0}), 0.5), Catch::Contains("no elements along the axes"));
    CHECK_THROWS_AS(loom::quantile(loom::array<double>(shape_t{0, 3}), 0.5, 0), std::invalid_argument);
    CHECK(loom::quantile(loom::array<double>(shape_t{3, 0}), {0.5, 0.7}, 0).shape() == shape_t{2, 0});
    // q outside [0, 1] (percentile: [0, 100]) or NaN, named
    const loom::array<double> x = {1, 2, 3};
    CHECK_THROWS_WITH(loom::quantile(x, 1.5), Catch::Contains("loom::quantile: q must be in [0, 1]; q is 1.5"));
    CHECK_THROWS_WITH(loom::quantile(x, {0.5, -0.1}), Catch::Contains("q[1] is -0.1"));
    CHECK_THROWS_AS(loom::quantile(x, nan_v), std::invalid_argument);
    CHECK_THROWS_WITH(loom::percentile(x, 150), Catch::Contains("loom::percentile: q must be in [0, 100]; q is 150"));
    CHECK(vals(loom::percentile(x, 100)) == std::vector<double>{3});
    // axes: out of range or repeated
    CHECK_THROWS_AS(loom::median(x, 1), loom::index_error);
    CHECK_THROWS_AS(loom::quantile(loom::array<double>{{1, 2}}, 0.5, {0, 0}), loom::index_error);
    CHECK_THROWS_WITH(loom::quantile(x, 0.5, 2), Catch::Contains("loom::quantile"));
    // bool cannot be interpolated (NumPy cannot subtract it)
    CHECK_THROWS_WITH(loom::quantile(loom::array<bool>{true, false}, 0.5), Catch::Contains("bool"));
    CHECK_THROWS_AS(loom::quantile(loom::array<bool>{true}, 0.5, loom::method::midpoint), std::invalid_argument);
    // rank 0: one element
    CHECK(vals(loom::quantile(loom::array<double>(shape_t{}, 3.0), 0.5)) == std::vector<double>{3});
}

TEST_CASE("quantile: large lanes and many lanes, on threads, as the definition", "[stats][quantile]") {
    // enough elements for several threads; rows and columns; one long lane
    loom::array<double> x(shape_t{300, 700});
    for (std::size_t i = 0; i < x.size(); ++i) x.data()[i] = static_cast<double>((i * 7919) % 10007) / 7.0;
    x.data()[1234] = nan_v;  // row 1, column 534
    for (const std::ptrdiff_t axis : {0, 1}) {
        const std::vector<bool> red = {axis == 0, axis == 1};
        const auto lanes = sorted_lanes(x, red);
        const auto r = vals(loom::quantile(x, {0.3, 0.5}, axis));
        const auto r1 = [&] {
            loom::threads_scope one(1);
            return vals(loom::quantile(x, {0.3, 0.5}, axis));
        }();
        for (std::size_t j = 0; j < lanes.size(); ++j) {
            const bool nan_lane = axis == 0 ? j == 534 : j == 1;
            for (std::size_t k = 0; k < 2; ++k) {
                const double got = r[k * lanes.size() + j];
                if (nan_lane) CHECK(std::isnan(got));
                else CHECK(got == Approx(quantile_of(lanes[j], k ? 0.5 : 0.3, loom::method::linear)).epsilon(1e-13));
                CHECK(ref::same(got, r1[k * lanes.size() + j]));
            }
        }
    }
    x.data()[1234] = 0.0;
    const auto all = sorted_lanes(x, {true, true})[0];
    CHECK(loom::median(x).data()[0] == median_of(all));
    CHECK(loom::quantile(loom::flatten(x), 0.999, 0, loom::method::higher).data()[0] ==
          quantile_of(all, 0.999, loom::method::higher));
    // an expression operand is evaluated once and selected in place
    CHECK(loom::median(x * 2.0).data()[0] == 2 * median_of(all));
    // long lanes (selected by Floyd-Rivest): every method at many q, on random, sorted, reversed and
    // few-valued integer lanes
    const std::vector<double> qs = {0, 1e-6, 0.1, 0.25, 0.3, 0.5, 0.5 + 1e-7, 0.75, 0.9, 0.999999, 1};
    for (int kind = 0; kind < 4; ++kind) {
        loom::array<std::int32_t> v(shape_t{100003});
        for (std::size_t i = 0; i < v.size(); ++i) {
            const auto k = static_cast<std::int32_t>(i);
            v.data()[i] = kind == 0 ? static_cast<std::int32_t>((i * 2654435761u) % 1000003) : kind == 1 ? k : kind == 2 ? -k
                                    : static_cast<std::int32_t>((i * 40503u) % 7);
        }
        std::vector<std::int32_t> sorted(v.data(), v.data() + v.size());
        std::sort(sorted.begin(), sorted.end());
        for (const auto m : {loom::method::linear, loom::method::lower, loom::method::higher, loom::method::nearest,
                             loom::method::midpoint}) {
            const auto r = vals(loom::quantile(v, loom::array<double>(qs), 0, m));
            for (std::size_t k = 0; k < qs.size(); ++k) {
                INFO("lane kind " << kind << ", method " << static_cast<int>(m) << ", q " << qs[k]);
                CHECK(r[k] == Approx(quantile_of(sorted, qs[k], m)).epsilon(1e-15));
            }
        }
        CHECK(loom::median(v).data()[0] == median_of(sorted));
    }
}
