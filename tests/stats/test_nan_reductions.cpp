// tests/stats/test_nan_reductions.cpp: nansum, nanmean, nanmax, nanmin, nanargmax, nanargmin, nanvar and
// nanstd against plain loops over the numbers of each lane, and values NumPy 1.24 gives for the same calls.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/stats/nan_reductions.hpp>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {
constexpr double nan_v = std::numeric_limits<double>::quiet_NaN();

template <class T>
std::vector<T> vals(const loom::array<T>& a) {
    return std::vector<T>(a.begin(), a.end());
}

// The numbers (not NaN) of each lane of x over the axes marked in red, in the result's row-major
// order, and each lane's position of its elements (for the arg functions, along one axis).
template <class T>
std::vector<std::vector<T>> lanes_of(const loom::array<T>& x, const std::vector<bool>& red, bool keep_nan = false) {
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
        const T v = x.data()[flat++];
        if (keep_nan || v == v) out[j].push_back(v);
    });
    return out;
}

std::vector<std::size_t> reduced_shape(const shape_t& s, const std::vector<bool>& red, bool keep) {
    std::vector<std::size_t> r;
    for (std::size_t d = 0; d < s.size(); ++d)
        if (!red[d]) r.push_back(s[d]);
        else if (keep) r.push_back(1);
    return r;
}

// x of shape (4, 5, 6) with NaN at every seventh element and the lane (1, :, 2), the only one all NaN.
template <class T>
loom::array<T> with_nans() {
    auto x = ref::filled<T>({4, 5, 6}, 7);
    for (std::size_t i = 0; i < x.size(); i += 7) x.data()[i] = std::numeric_limits<T>::quiet_NaN();
    for (std::size_t j = 0; j < 5; ++j) x.data()[1 * 30 + j * 6 + 2] = std::numeric_limits<T>::quiet_NaN();
    return x;
}
}  // namespace

TEMPLATE_LIST_TEST_CASE("the nan reductions are the plain reductions of each lane's numbers, over axes and layouts",
                        "[stats][nan_reductions]", ref::float_types) {
    using T = TestType;
    const double rel = std::is_same_v<T, float> ? 2e-5 : 1e-12;
    const auto x = with_nans<T>();
    const T qnan = std::numeric_limits<T>::quiet_NaN();
    struct axes_case {
        std::vector<std::ptrdiff_t> axes;
        std::vector<bool> red;
    };
    for (const axes_case& c : {axes_case{{0}, {true, false, false}}, axes_case{{-1}, {false, false, true}},
                               axes_case{{1}, {false, true, false}}, axes_case{{2, 0}, {true, false, true}},
                               axes_case{{0, 1, 2}, {true, true, true}}}) {
        const auto lanes = lanes_of(x, c.red);
        for (const bool keep : {false, true}) {
            const auto shape = reduced_shape(x.shape(), c.red, keep);
            ref::each_layout(x, [&](const auto& xv, const char* layout) {
                INFO(layout << ", " << c.axes.size() << " axes, keepdims " << keep);
                const auto at = [&](auto f) {
                    std::size_t k = 0;
                    return [&, f, k](const ref::index_t&) mutable { return f(lanes[k++]); };
                };
                const auto sum_of = [](const std::vector<T>& l) {
                    double s = 0;
                    for (T v : l) s += static_cast<double>(v);
                    return s;
                };
                const auto var_of = [&](const std::vector<T>& l, double corr) {
                    const double n = static_cast<double>(l.size()), m = sum_of(l) / n;
                    double ss = 0;
                    for (T v : l) ss += (static_cast<double>(v) - m) * (static_cast<double>(v) - m);
                    return n - corr > 0 ? ss / (n - corr) : nan_v;
                };
                loom::array<T> r;
                r = keep ? loom::nansum(xv, c.axes, loom::keepdims) : loom::nansum(xv, c.axes);
                CHECK(ref::mismatch_near(r, shape, at(sum_of), rel, 1e-12) == "");
                r = keep ? loom::nanmean(xv, c.axes, loom::keepdims) : loom::nanmean(xv, c.axes);
                CHECK(ref::mismatch_near(r, shape, at([&](const auto& l) { return sum_of(l) / double(l.size()); }), rel, 1e-12) == "");
                r = keep ? loom::nanmax(xv, c.axes, loom::keepdims) : loom::nanmax(xv, c.axes);
                CHECK(ref::mismatch(r, shape, at([&](const auto& l) { return l.empty() ? qnan : *std::max_element(l.begin(), l.end()); })) == "");
                r = keep ? loom::nanmin(xv, c.axes, loom::keepdims) : loom::nanmin(xv, c.axes);
                CHECK(ref::mismatch(r, shape, at([&](const auto& l) { return l.empty() ? qnan : *std::min_element(l.begin(), l.end()); })) == "");
                for (const double corr : {0.0, 1.0, 4.5}) {
                    INFO("correction " << corr);
                    r = keep ? loom::nanvar(xv, c.axes, loom::keepdims, loom::correction(corr))
                             : loom::nanvar(xv, c.axes, loom::correction(corr));
                    CHECK(ref::mismatch_near(r, shape, at([&](const auto& l) { return var_of(l, corr); }), rel, 1e-12) == "");
                    r = keep ? loom::nanstd(xv, c.axes, loom::keepdims, loom::correction(corr))
                             : loom::nanstd(xv, c.axes, loom::correction(corr));
                    CHECK(ref::mismatch_near(r, shape, at([&](const auto& l) { return std::sqrt(var_of(l, corr)); }), rel, 1e-12) == "");
                }
            });
        }
    }
    // over every axis by default; a lane of nothing but NaN: 0, NaN, NaN (NumPy warns)
    const auto all = lanes_of(x, {true, true, true})[0];
    double total = 0;
    for (T v : all) total += static_cast<double>(v);
    CHECK(static_cast<double>(T(loom::nansum(x))) == Approx(total).epsilon(rel));
    const loom::array<T> nan_lane = loom::view(x, 1, loom::all, 2);
    CHECK(T(loom::nansum(nan_lane)) == 0);
    CHECK(std::isnan(T(loom::nanmean(nan_lane))));
    CHECK(std::isnan(T(loom::nanmax(nan_lane))));
    CHECK(std::isnan(T(loom::nanvar(nan_lane))));
}

TEMPLATE_LIST_TEST_CASE("on elements that cannot be NaN the nan reductions are the plain ones", "[stats][nan_reductions]",
                        ref::number_types) {
    using T = TestType;
    const auto x = ref::filled<T>({6, 7}, 2);
    static_assert(std::is_same_v<typename decltype(loom::nansum(x))::value_type, typename decltype(loom::sum(x))::value_type>);
    static_assert(std::is_same_v<typename decltype(loom::nanmean(x))::value_type, typename decltype(loom::mean(x))::value_type>);
    static_assert(std::is_same_v<typename decltype(loom::nanvar(x))::value_type, typename decltype(loom::var(x))::value_type>);
    static_assert(std::is_same_v<typename decltype(loom::nanmax(x))::value_type, T>);
    for (const std::ptrdiff_t axis : {0, 1}) {
        CHECK(ref::values(loom::nansum(x, axis)) == ref::values(loom::sum(x, axis)));
        CHECK(ref::values(loom::nanmax(x, axis, loom::keepdims)) == ref::values(loom::max(x, axis, loom::keepdims)));
        CHECK(ref::values(loom::nanmin(x, axis)) == ref::values(loom::min(x, axis)));
        CHECK(vals(loom::nanargmax(x, axis)) == ref::values(loom::argmax(x, axis)));
        CHECK(vals(loom::nanargmin(x, axis)) == ref::values(loom::argmin(x, axis)));
        const auto m = ref::values(loom::nanmean(x, axis)), m0 = ref::values(loom::mean(x, axis));
        const auto v = ref::values(loom::nanstd(x, axis, loom::correction(1))), v0 = ref::values(loom::stddev(x, axis, loom::correction(1)));
        for (std::size_t i = 0; i < m.size(); ++i) {
            CHECK(ref::near(m[i], m0[i], 1e-6, 1e-6));
            CHECK(ref::near(v[i], v0[i], 1e-5, 1e-6));
        }
    }
    CHECK(vals(loom::nanargmax(x)) == std::vector<std::int64_t>{std::int64_t(loom::argmax(x))});
}

TEST_CASE("nan reductions: NumPy's values", "[stats][nan_reductions]") {
    const double n = nan_v;
    const loom::array<double> x = {{1.5, n, -2.0, 4.0}, {n, n, n, n}, {3.0, 0.25, n, -1.0}};
    const auto same = [](const std::vector<double>& got, const std::vector<double>& want) {
        if (got.size() != want.size()) return false;
        for (std::size_t i = 0; i < got.size(); ++i)
            if (!ref::near(got[i], want[i], 1e-15, 0)) return false;
        return true;
    };
    // np.nansum(x), axis=0, axis=1 (and so on for each function)
    CHECK(same(ref::values(loom::nansum(x)), {5.75}));
    CHECK(same(ref::values(loom::nansum(x, 0)), {4.5, 0.25, -2.0, 3.0}));
    CHECK(same(ref::values(loom::nansum(x, 1)), {3.5, 0.0, 2.25}));
    CHECK(same(ref::values(loom::nanmean(x)), {0.9583333333333334}));
    CHECK(same(ref::values(loom::nanmean(x, 0)), {2.25, 0.25, -2.0, 1.5}));
    CHECK(same(ref::values(loom::nanmean(x, 1)), {1.1666666666666667, n, 0.75}));
    CHECK(same(ref::values(loom::nanmax(x)), {4.0}));
    CHECK(same(ref::values(loom::nanmax(x, 0)), {3.0, 0.25, -2.0, 4.0}));
    CHECK(same(ref::values(loom::nanmax(x, 1)), {4.0, n, 3.0}));
    CHECK(same(ref::values(loom::nanmin(x, 0)), {1.5, 0.25, -2.0, -1.0}));
    CHECK(same(ref::values(loom::nanmin(x, 1)), {-2.0, n, -1.0}));
    CHECK(same(ref::values(loom::nanvar(x)), {4.467013888888889}));
    CHECK(same(ref::values(loom::nanvar(x, 0)), {0.5625, 0.0, 0.0, 6.25}));
    CHECK(same(ref::values(loom::nanvar(x, 1)), {6.055555555555556, n, 2.7916666666666665}));
    CHECK(same(ref::values(loom::nanstd(x)), {2.1135311421620666}));
    CHECK(same(ref::values(loom::nanstd(x, 1)), {2.4608038433722337, n, 1.6708281379802852}));
    // ddof=1: np.nanvar(x, axis=1, ddof=1), np.nanstd(x, axis=0, ddof=1)
    CHECK(same(ref::values(loom::nanvar(x, 1, loom::correction(1))), {9.083333333333334, n, 4.1875}));
    CHECK(same(ref::values(loom::nanstd(x, 0, loom::correction(1))), {1.0606601717798212, n, n, 3.5355339059327378}));
    // np.nanargmax(x, axis=0), np.nanargmin(x, axis=0), np.nanargmax(x), np.nanargmin(x)
    CHECK(vals(loom::nanargmax(x, 0)) == std::vector<std::int64_t>{2, 2, 0, 0});
    CHECK(vals(loom::nanargmin(x, 0)) == std::vector<std::int64_t>{0, 2, 0, 2});
    CHECK(vals(loom::nanargmax(x)) == std::vector<std::int64_t>{3});
    CHECK(vals(loom::nanargmin(x)) == std::vector<std::int64_t>{2});
    CHECK(loom::nanargmax(x, 0, loom::keepdims).shape() == shape_t{1, 4});
    // float32 keeps float32: np.nanmean(f, axis=1), np.nanvar(f, axis=1), np.nanstd(f)
    const loom::array<float> f = loom::astype<float>(x);
    static_assert(std::is_same_v<decltype(loom::nanvar(f))::value_type, float>);
    const auto fm = ref::values(loom::nanmean(f, 1)), fv = ref::values(loom::nanvar(f, 1));
    CHECK(fm[0] == 1.1666666269302368f);
    CHECK(fm[2] == 0.75f);
    CHECK(fv[0] == Approx(6.05555534362793f).epsilon(1e-6));
    CHECK(fv[2] == Approx(2.7916667461395264f).epsilon(1e-6));
    CHECK(float(loom::nanstd(f)) == Approx(2.1135311126708984f).epsilon(1e-6));
    // integers: np.nanmean of int16 is double; np.nansum of uint8 is uint64 (300, no wrap)
    CHECK(vals(loom::array<double>(loom::nanmean(loom::array<std::int16_t>{{1, 2}, {3, 5}}, 0))) == std::vector<double>{2, 3.5});
    CHECK(std::uint64_t(loom::nansum(loom::array<std::uint8_t>{200, 100})) == 300);
    // complex: NaN in either part is NaN: np.nansum, np.nanmean, np.nanvar of [1+2j, nan+1j, 3-1j]
    const loom::array<std::complex<double>> z = {std::complex<double>(1, 2), std::complex<double>(n, 1),
                                                 std::complex<double>(3, -1)};
    CHECK(std::complex<double>(loom::nansum(z)) == std::complex<double>(4, 1));
    CHECK(std::complex<double>(loom::nanmean(z)) == std::complex<double>(2, 0.5));
    CHECK(double(loom::nanvar(z)) == 3.25);
}

TEST_CASE("nanargmax and nanargmin: the index among the numbers; all-NaN and empty slices throw", "[stats][nan_reductions]") {
    const auto x = with_nans<double>();
    for (const std::ptrdiff_t axis : {0, 2, -1}) {
        // the lane (1, :, 2) is all NaN: along axes 0 and 2 no slice is, along axis 1 one is
        const std::size_t a = axis < 0 ? 2 : static_cast<std::size_t>(axis);
        std::vector<bool> red(3, false);
        red[a] = true;
        const auto lanes = lanes_of(x, red, true);
        ref::each_layout(x, [&](const auto& xv, const char* layout) {
            INFO(layout << ", axis " << axis);
            const auto got_max = vals(loom::nanargmax(xv, axis)), got_min = vals(loom::nanargmin(xv, axis));
            for (std::size_t j = 0; j < lanes.size(); ++j) {
                std::int64_t imax = -1, imin = -1;
                for (std::size_t i = 0; i < lanes[j].size(); ++i) {
                    const double v = lanes[j][i];
                    if (v != v) continue;
                    if (imax < 0 || v > lanes[j][static_cast<std::size_t>(imax)]) imax = static_cast<std::int64_t>(i);
                    if (imin < 0 || v < lanes[j][static_cast<std::size_t>(imin)]) imin = static_cast<std::int64_t>(i);
                }
                CHECK(got_max[j] == imax);
                CHECK(got_min[j] == imin);
            }
        });
    }
    CHECK_THROWS_WITH(loom::nanargmax(x, 1), Catch::Equals("loom::nanargmax: the slice x[1, :, 2] is all NaN"));
    CHECK_THROWS_WITH(loom::nanargmin(x * 1.0, 1, loom::keepdims), Catch::Contains("x[1, :, 2] is all NaN"));
    const loom::array<double> all_nan(shape_t{2, 2}, nan_v);
    CHECK_THROWS_WITH(loom::nanargmax(all_nan), Catch::Equals("loom::nanargmax: x is all NaN"));
    // -inf is a number: np.nanargmax([-inf, nan]) is 0
    CHECK(vals(loom::nanargmax(loom::array<double>{-std::numeric_limits<double>::infinity(), nan_v})) ==
          std::vector<std::int64_t>{0});
    // empty: NumPy raises for an empty slice, and gives an empty result where there are no slices
    CHECK_THROWS_WITH(loom::nanargmax(loom::array<double>(shape_t{0})), Catch::Contains("x is empty"));
    CHECK_THROWS_WITH(loom::nanargmin(loom::array<int>(shape_t{3, 0}), 1), Catch::Contains("empty"));
    CHECK_THROWS_AS(loom::nanargmax(loom::array<double>(shape_t{0, 3}), 0), std::invalid_argument);
    CHECK(loom::nanargmax(loom::array<double>(shape_t{3, 0}), 0).shape() == shape_t{0});
    CHECK_THROWS_AS(loom::nanargmax(x, 3), loom::index_error);
}

TEST_CASE("nan reductions: lazy nodes, empty arrays and errors", "[stats][nan_reductions]") {
    const double n = nan_v;
    loom::array<double> x = {{1, n, 3}, {4, 5, n}};
    // lazy: built over x, computed when assigned, reading x's values then
    const auto s = loom::nansum(x, 1);
    x.data()[1] = 10;
    CHECK(ref::values(s) == std::vector<double>{14, 9});
    // fused into an expression, broadcast with keepdims; an expression operand, a temporary array
    const loom::array<double> centred = x - loom::nanmean(x, 1, loom::keepdims);
    CHECK(ref::values(loom::view(centred, 0, loom::all)) == std::vector<double>{1 - 14.0 / 3.0, 10 - 14.0 / 3.0, 3 - 14.0 / 3.0});
    CHECK(ref::values(loom::nanmax(x * 2.0, 0)) == std::vector<double>{8, 20, 6});
    CHECK(ref::values(loom::nanmin(loom::array<double>{n, 2, 1}, 0)) == std::vector<double>{1});
    CHECK(ref::values(loom::nanmean(loom::array<double>{n, 2, 1})) == std::vector<double>{1.5});
    CHECK(ref::values(loom::nanvar(loom::array<double>{n, 2, 1}, loom::correction(1))) == std::vector<double>{0.5});
    // empty: nansum 0, nanmean and nanvar NaN; nanmax and nanmin throw (NumPy: no identity for fmax)
    const loom::array<double> e(shape_t{0, 3});
    CHECK(ref::values(loom::nansum(e, 0)) == std::vector<double>{0, 0, 0});
    CHECK(std::isnan(double(loom::nanmean(e))));
    CHECK(std::isnan(double(loom::nanstd(e))));
    CHECK_THROWS_WITH(loom::array<double>(loom::nanmax(e, 0)), Catch::Contains("loom::nanmax"));
    CHECK_THROWS_WITH(loom::array<double>(loom::nanmin(e)), Catch::Contains("loom::nanmin"));
    CHECK(loom::array<double>(loom::nanmax(loom::array<double>(shape_t{3, 0}), 0)).shape() == shape_t{0});
    // axes out of range or repeated, named by the reduction that reads them
    CHECK_THROWS_AS(loom::array<double>(loom::nanmax(x, 2)), loom::index_error);
    CHECK_THROWS_AS(loom::array<double>(loom::nansum(x, {0, 0})), loom::index_error);
    // the result type given, as for sum
    static_assert(std::is_same_v<decltype(loom::nansum<float>(x))::value_type, float>);
}

TEST_CASE("nanmax and nanmin over large arrays, on threads and in SIMD batches", "[stats][nan_reductions]") {
    loom::array<double> x(shape_t{600, 1100});
    for (std::size_t i = 0; i < x.size(); ++i)
        x.data()[i] = i % 5 == 1 ? nan_v : static_cast<double>((i * 7919) % 100003) - 50000.0;
    for (std::size_t j = 0; j < 1100; ++j) x.data()[7 * 1100 + j] = nan_v;  // row 7 all NaN
    for (const std::ptrdiff_t axis : {0, 1}) {
        const std::vector<bool> red = {axis == 0, axis == 1};
        const auto lanes = lanes_of(x, red);
        const auto mx = ref::values(loom::nanmax(x, axis)), mn = ref::values(loom::nanmin(loom::transpose(loom::transpose(x)), axis));
        const auto mx1 = [&] {
            loom::threads_scope one(1);
            return ref::values(loom::nanmax(x, axis));
        }();
        for (std::size_t j = 0; j < lanes.size(); ++j) {
            const auto& l = lanes[j];
            CHECK(ref::same(mx[j], l.empty() ? nan_v : *std::max_element(l.begin(), l.end())));
            CHECK(ref::same(mn[j], l.empty() ? nan_v : *std::min_element(l.begin(), l.end())));
            CHECK(ref::same(mx[j], mx1[j]));
        }
    }
    const auto all = lanes_of(x, {true, true})[0];
    CHECK(double(loom::nanmax(x)) == *std::max_element(all.begin(), all.end()));
    CHECK(double(loom::nanmin(x + 0.0)) == *std::min_element(all.begin(), all.end()));
}
