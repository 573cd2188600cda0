// tests/stats/test_average.cpp: average, ptp, cov and corrcoef against their definitions (plain loops)
// and values NumPy 1.24 gives for the same calls.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/stats/average.hpp>

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

template <class T>
std::vector<T> vals(const loom::array<T>& a) {
    return std::vector<T>(a.begin(), a.end());
}

bool close(const std::vector<double>& got, const std::vector<double>& want, double rel = 1e-14) {
    if (got.size() != want.size()) return false;
    for (std::size_t i = 0; i < got.size(); ++i)
        if (!ref::near(got[i], want[i], rel, 1e-14)) return false;
    return true;
}

// The covariances of the rows of v (variables x observations) by their definition.
std::vector<double> cov_by_hand(const std::vector<std::vector<double>>& v, int ddof) {
    const std::size_t n = v.size(), m = v[0].size();
    std::vector<double> mean(n, 0), c(n * n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        for (double x : v[i]) mean[i] += x;
        mean[i] /= static_cast<double>(m);
    }
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            for (std::size_t k = 0; k < m; ++k) c[i * n + j] += (v[i][k] - mean[i]) * (v[j][k] - mean[j]);
            c[i * n + j] /= static_cast<double>(static_cast<int>(m) - ddof);
        }
    return c;
}
}  // namespace

TEMPLATE_LIST_TEST_CASE("average with weights is sum(x * w) / sum(w) over the axes, any layout", "[stats][average]",
                        ref::number_types) {
    using T = TestType;
    const auto x = ref::filled<T>({4, 5}, 3);
    const loom::array<double> w2 = ref::filled<double>({4, 5}, 5) + 8.0;  // positive
    const loom::array<double> w_rows = {1, 2, 0.5, 3}, w_cols = {0.25, 1, 2, 0, 3};
    static_assert(std::is_same_v<typename decltype(loom::average(x, 0, w_rows))::value_type, double>);
    ref::each_layout(x, [&](const auto& xv, const char* layout) {
        INFO(layout);
        for (const bool keep : {false, true}) {
            // rank-1 weights along axis 0 and along axis 1 (-1)
            const auto r0 = keep ? loom::average(xv, 0, w_rows, loom::keepdims) : loom::average(xv, 0, w_rows);
            CHECK(ref::mismatch_near(r0, keep ? std::vector<std::size_t>{1, 5} : std::vector<std::size_t>{5},
                                     [&](const ref::index_t& i) {
                                         const std::size_t j = i.back();
                                         double s = 0, sw = 0;
                                         for (std::size_t k = 0; k < 4; ++k) {
                                             s += static_cast<double>(x(k, j)) * w_rows.data()[k];
                                             sw += w_rows.data()[k];
                                         }
                                         return s / sw;
                                     },
                                     1e-13, 1e-13) == "");
            const auto r1 = keep ? loom::average(xv, {-1}, w_cols, loom::keepdims) : loom::average(xv, {-1}, w_cols);
            CHECK(ref::mismatch_near(r1, keep ? std::vector<std::size_t>{4, 1} : std::vector<std::size_t>{4},
                                     [&](const ref::index_t& i) {
                                         double s = 0, sw = 0;
                                         for (std::size_t k = 0; k < 5; ++k) {
                                             s += static_cast<double>(x(i[0], k)) * w_cols.data()[k];
                                             sw += w_cols.data()[k];
                                         }
                                         return s / sw;
                                     },
                                     1e-13, 1e-13) == "");
        }
        // weights of x's shape: along one axis, and over every axis
        const auto r = loom::average(xv, 1, w2);
        CHECK(ref::mismatch_near(r, {4},
                                 [&](const ref::index_t& i) {
                                     double s = 0, sw = 0;
                                     for (std::size_t k = 0; k < 5; ++k) {
                                         s += static_cast<double>(x(i[0], k)) * w2(i[0], k);
                                         sw += w2(i[0], k);
                                     }
                                     return s / sw;
                                 },
                                 1e-13, 1e-13) == "");
        double s = 0, sw = 0;
        for (std::size_t k = 0; k < x.size(); ++k) {
            s += static_cast<double>(x.data()[k]) * w2.data()[k];
            sw += w2.data()[k];
        }
        CHECK(loom::average(xv, w2).data()[0] == Approx(s / sw).epsilon(1e-13));
        CHECK(loom::average(xv, {0, 1}, w2, loom::keepdims).shape() == shape_t{1, 1});
        // without weights: mean, a lazy node
        CHECK(ref::values(loom::average(xv, 1)) == ref::values(loom::mean(x, 1)));
        CHECK(ref::values(loom::average(xv, {0}, loom::keepdims)) == ref::values(loom::mean(x, 0, loom::keepdims)));
    });
}

TEST_CASE("average: NumPy's values, element types and errors", "[stats][average]") {
    const loom::array<double> m = {{1.5, -2.0, 7.25, 3.0, 0.5}, {4.0, 4.0, -1.0, 9.5, 2.0}, {0.0, 6.0, 3.5, -3.0, 8.0}};
    // np.average(m, axis=1, weights=[1, 2, 3, 4, 5]), axis=0 with [0.5, 0.25, 0.25], and weights arange(15)
    CHECK(close(vals(loom::average(m, 1, loom::array<int>{1, 2, 3, 4, 5})), {2.25, 3.8, 3.3666666666666667}));
    CHECK(close(vals(loom::average(m, 0, loom::array<double>{0.5, 0.25, 0.25})), {1.75, 1.5, 4.25, 3.125, 2.75}));
    CHECK(close(vals(loom::average(m, loom::reshape(loom::arange<double>(15), {3, 5}))), {3.1952380952380954}));
    CHECK(double(loom::average(m)) == Approx(43.25 / 15));  // np.average(m)
    // element types as NumPy's: float x keeps float with 8- and 16-bit integer weights, float
    // weights, bool weights; becomes double with wider integer weights; integer x gives double
    const loom::array<float> f = loom::astype<float>(m);
    static_assert(std::is_same_v<decltype(loom::average(f, 1, loom::array<std::int16_t>{1, 2, 3, 4, 5}))::value_type, float>);
    static_assert(std::is_same_v<decltype(loom::average(f, 1, loom::array<float>{1, 2, 3, 4, 5}))::value_type, float>);
    static_assert(std::is_same_v<decltype(loom::average(f, 1, loom::array<std::int32_t>{1, 2, 3, 4, 5}))::value_type, double>);
    static_assert(std::is_same_v<decltype(loom::average(f, 1, loom::array<double>{1, 2, 3, 4, 5}))::value_type, double>);
    static_assert(std::is_same_v<decltype(loom::average(loom::array<std::int8_t>{1}, loom::array<float>{1}))::value_type, double>);
    // np.average(a.astype(float32), axis=1, weights=int16 [1, 2, 3]): [1.3333334, 4.3333335]
    const loom::array<double> a = {{0, 1, 2}, {3, 4, 5}};
    CHECK(vals(loom::average(loom::astype<float>(a), 1, loom::array<std::int16_t>{1, 2, 3})) ==
          std::vector<float>{1.3333334f, 4.3333335f});
    // NumPy's TypeError and ValueError, and its ZeroDivisionError
    CHECK_THROWS_WITH(loom::average(a, loom::array<double>{1, 2, 3}), Catch::Contains("need one axis"));
    CHECK_THROWS_WITH(loom::average(a, 1, loom::array<double>{{1, 2, 3}}), Catch::Contains("must have one axis"));
    CHECK_THROWS_WITH(loom::average(a, 1, loom::array<double>{1, 2}),
                      Catch::Contains("the weights have shape (2,) and x (2, 3)"));
    CHECK_THROWS_WITH(loom::average(a, 1, loom::array<double>{1, -1, 0}), Catch::Contains("the weights sum to zero"));
    CHECK_THROWS_AS(loom::average(a, 2, loom::array<double>{1, 2}), loom::index_error);
    CHECK_THROWS_AS(loom::average(loom::array<double>(shape_t{0}), loom::array<double>(shape_t{0})), std::invalid_argument);
    // no lanes: an empty result, nothing to divide
    CHECK(loom::average(loom::array<double>(shape_t{0, 3}), 1, loom::array<double>{1, 1, 1}).shape() == shape_t{0});
    // an expression operand and expression weights
    CHECK(close(vals(loom::average(a * 2.0, 1, loom::array<double>{1, 2, 3} + 0.0)), {8.0 / 3.0, 26.0 / 3.0}));
}

TEMPLATE_LIST_TEST_CASE("ptp is max - min over the axes", "[stats][ptp]", ref::number_types) {
    using T = TestType;
    const auto x = ref::filled<T>({3, 6}, 9);
    ref::each_layout(x, [&](const auto& xv, const char* layout) {
        INFO(layout);
        for (const std::ptrdiff_t axis : {0, 1}) {
            const loom::array<T> r = loom::ptp(xv, axis);
            const loom::array<T> mx = loom::max(x, axis), mn = loom::min(x, axis);
            CHECK(ref::mismatch(r, {x.shape()[axis == 0 ? 1 : 0]},
                                [&](const ref::index_t& i) { return static_cast<T>(mx.data()[i[0]] - mn.data()[i[0]]); }) == "");
        }
        CHECK(ref::values(loom::ptp(xv, {0, 1}, loom::keepdims)) == std::vector<T>{static_cast<T>(T(loom::max(x)) - T(loom::min(x)))});
    });
    static_assert(std::is_same_v<typename decltype(loom::ptp(x))::value_type, T>);
}

TEST_CASE("ptp: NumPy's values, wrapping, NaN and empty", "[stats][ptp]") {
    const loom::array<double> m = {{1.5, -2.0, 7.25, 3.0, 0.5}, {4.0, 4.0, -1.0, 9.5, 2.0}, {0.0, 6.0, 3.5, -3.0, 8.0}};
    // np.ptp(m), np.ptp(m, axis=0), np.ptp(m, axis=1)
    CHECK(double(loom::ptp(m)) == 12.5);
    CHECK(ref::values(loom::ptp(m, 0)) == std::vector<double>{4, 8, 8.25, 12.5, 7.5});
    CHECK(ref::values(loom::ptp(m, 1)) == std::vector<double>{9.25, 10.5, 11});
    // np.ptp(np.array([-128, 127], np.int8)) is -1: the difference wraps in int8
    CHECK(std::int8_t(loom::ptp(loom::array<std::int8_t>{-128, 127})) == -1);
    CHECK(std::isnan(double(loom::ptp(loom::array<double>{1, nan_v}))));
    CHECK_THROWS_AS(double(loom::ptp(loom::array<double>(shape_t{0}))), std::invalid_argument);
    // lazy: fused with what reads it
    const loom::array<double> scaled = (m - loom::min(m, 1, loom::keepdims)) / loom::ptp(m, 1, loom::keepdims);
    CHECK(ref::values(loom::max(scaled, 1)) == std::vector<double>{1, 1, 1});
    CHECK(ref::values(loom::ptp(m * 2.0, 0)) == std::vector<double>{8, 16, 16.5, 25, 15});
}

TEST_CASE("cov and corrcoef are their definitions on the rows (or columns) of x", "[stats][cov]") {
    const auto x = ref::filled<double>({4, 9}, 11);
    std::vector<std::vector<double>> rows(4, std::vector<double>(9)), cols(9, std::vector<double>(4));
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = 0; j < 9; ++j) rows[i][j] = cols[j][i] = x(i, j);
    ref::each_layout(x, [&](const auto& xv, const char* layout) {
        INFO(layout);
        for (const int ddof : {0, 1, 2}) {
            CHECK(close(vals(loom::cov(xv, true, ddof)), cov_by_hand(rows, ddof), 1e-13));
            CHECK(close(vals(loom::cov(xv, false, ddof)), cov_by_hand(cols, ddof), 1e-13));
        }
        CHECK(loom::cov(xv).shape() == shape_t{4, 4});
        CHECK(loom::cov(xv, false).shape() == shape_t{9, 9});
        // corrcoef: the covariances over the standard deviations, ones on the diagonal
        const auto c = cov_by_hand(rows, 1);
        const auto r = vals(loom::corrcoef(xv));
        for (std::size_t i = 0; i < 4; ++i)
            for (std::size_t j = 0; j < 4; ++j)
                CHECK(ref::near(r[i * 4 + j], c[i * 4 + j] / std::sqrt(c[i * 4 + i] * c[j * 4 + j]), 1e-13, 1e-14));
        // the covariance matrix is exactly symmetric
        const auto cv = vals(loom::cov(xv));
        for (std::size_t i = 0; i < 4; ++i)
            for (std::size_t j = 0; j < 4; ++j) CHECK(cv[i * 4 + j] == cv[j * 4 + i]);
    });
    // y's variables appended to x's
    const loom::array<double> top = loom::view(x, loom::range(0, 3)), last = loom::view(x, 3);
    CHECK(close(vals(loom::cov(top, last)), vals(loom::cov(x)), 1e-15));
    CHECK(close(vals(loom::corrcoef(top, last)), vals(loom::corrcoef(x)), 1e-15));
    CHECK(close(vals(loom::cov(loom::transpose(top), loom::transpose(loom::view(x, loom::range(3, 4))), false)),
                vals(loom::cov(x)), 1e-15));
}

TEST_CASE("cov and corrcoef: NumPy's values, shapes and edge cases", "[stats][cov]") {
    const loom::array<double> m = {{1.5, -2.0, 7.25, 3.0, 0.5}, {4.0, 4.0, -1.0, 9.5, 2.0}, {0.0, 6.0, 3.5, -3.0, 8.0}};
    // np.cov(m), np.cov(m, rowvar=False, ddof=0)[0], np.corrcoef(m), np.corrcoef(m[0], m[2])
    CHECK(close(vals(loom::cov(m)), {11.7625, -4.418749999999999, -5.3375, -4.418749999999999, 14.700000000000001,
                                     -11.412500000000001, -5.3375, -11.412500000000001, 19.8}));
    const auto c0 = vals(loom::cov(m, false, 0));
    CHECK(c0.size() == 25);
    CHECK(close(std::vector<double>(c0.begin(), c0.begin() + 5),
                {2.7222222222222223, -0.5555555555555555, -3.666666666666667, 8.36111111111111, -3.5}));
    CHECK(close(vals(loom::corrcoef(m)), {1.0, -0.3360399764100406, -0.3497481892388696, -0.3360399764100406, 1.0,
                                          -0.668943638476969, -0.3497481892388696, -0.6689436384769689, 0.9999999999999998}));
    CHECK(close(vals(loom::corrcoef(loom::view(m, 0), loom::view(m, 2))),
                {1.0, -0.3497481892388696, -0.3497481892388696, 0.9999999999999998}));
    // np.cov([[0, 2], [1, 1], [2, 0]].T), of integers: double
    CHECK(vals(loom::cov(loom::transpose(loom::array<int>{{0, 2}, {1, 1}, {2, 0}}))) == std::vector<double>{1, -1, -1, 1});
    // one variable: rank 0 (np.cov([1, 2, 4, 7]) is array(7.)), ddof=0 5.25; with y a 2x2
    CHECK(loom::cov(loom::array<int>{1, 2, 4, 7}).shape() == shape_t{});
    CHECK(vals(loom::cov(loom::array<int>{1, 2, 4, 7})) == std::vector<double>{7});
    CHECK(vals(loom::cov(loom::array<int>{1, 2, 4, 7}, true, 0)) == std::vector<double>{5.25});
    CHECK(vals(loom::cov(loom::array<float>{1, 2, 4, 7})) == std::vector<double>{7});
    CHECK(vals(loom::cov(loom::array<float>{{1, 2, 4, 7}}, false)) == std::vector<double>{7});  // one row stays a variable
    CHECK(close(vals(loom::cov(loom::array<int>{1, 2, 4, 7}, loom::array<int>{2, 1, 0, 3})),
                {7, 1.3333333333333333, 1.3333333333333333, 1.6666666666666667}));
    CHECK(close(vals(loom::corrcoef(loom::array<int>{1, 2, 4, 7}, loom::array<int>{2, 1, 0, 3})),
                {1, 0.39036003, 0.39036003, 1}, 1e-8));
    // np.cov(np.array([[1., 2], [3, 4], [5, 7]]), np.array([[1., 2, 3]]), rowvar=False)
    CHECK(close(vals(loom::cov(loom::array<double>{{1, 2}, {3, 4}, {5, 7}}, loom::array<double>{{1, 2, 3}}, false)),
                {4, 5, 2, 5, 6.333333333333333, 2.5, 2, 2.5, 1}));
    // corrcoef of one variable: 1, or NaN for a constant; constant rows give NaN, clipped values stay in [-1, 1]
    CHECK(vals(loom::corrcoef(loom::array<int>{1, 2, 4, 7})) == std::vector<double>{1});
    CHECK(std::isnan(loom::corrcoef(loom::array<int>{1, 1, 1}).data()[0]));
    const auto cc = vals(loom::corrcoef(loom::array<int>{{1, 1, 1}, {1, 2, 3}}));
    CHECK((std::isnan(cc[0]) && std::isnan(cc[1]) && std::isnan(cc[2]) && cc[3] == 1));
    const auto big = vals(loom::corrcoef(loom::array<double>{{1e-300, 2e-300, 3e-300}, {3, 2, 1}}));
    for (double v : big) CHECK((std::isnan(v) || (v >= -1 && v <= 1)));
    // empty and degenerate: (0, n) -> (0, 0); no observations -> NaN; too few -> inf (np.cov ddof=3)
    CHECK(loom::cov(loom::array<double>(shape_t{0, 3})).shape() == shape_t{0, 0});
    CHECK(loom::corrcoef(loom::array<double>(shape_t{0, 3})).shape() == shape_t{0, 0});
    const auto e = vals(loom::cov(loom::array<double>(shape_t{2, 0})));
    CHECK((e.size() == 4 && std::isnan(e[0]) && std::isnan(e[3])));
    CHECK(std::isnan(loom::cov(loom::array<double>(shape_t{0})).data()[0]));
    CHECK(std::isnan(loom::cov(loom::array<double>(shape_t{}, 5.0)).data()[0]));
    CHECK(vals(loom::cov(loom::array<int>{{1, 2, 3}, {3, 2, 1}}, true, 3)) == std::vector<double>{inf_v, -inf_v, -inf_v, inf_v});
    // NaN propagates
    CHECK(std::isnan(loom::cov(loom::array<double>{1, nan_v, 3}).data()[0]));
    // errors: rank above 2, observations that differ
    CHECK_THROWS_WITH(loom::cov(loom::array<double>(shape_t{2, 2, 2})), Catch::Contains("at most two axes"));
    CHECK_THROWS_WITH(loom::cov(loom::array<double>{{0, 1, 2}}, loom::array<double>(shape_t{2, 4})),
                      Catch::Contains("x has 3 observations and y 4"));
    CHECK_THROWS_AS(loom::corrcoef(loom::array<double>(shape_t{1, 1, 1})), std::invalid_argument);
}
