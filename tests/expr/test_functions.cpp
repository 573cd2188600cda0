// tests/expr/test_functions.cpp: every element-wise function of API.md against the std:: functions and by-hand values.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;
using ref::index_t;

namespace {

constexpr double nan_v = std::numeric_limits<double>::quiet_NaN();
constexpr double inf_v = std::numeric_limits<double>::infinity();

// n values evenly spread over [lo, hi]; n = 37 covers whole SIMD batches and a tail
template <class T>
loom::array<T> spread(double lo, double hi, std::size_t n = 37) {
    loom::array<T> a(shape_t{n});
    for (std::size_t i = 0; i < n; ++i)
        a.data()[i] = static_cast<T>(lo + (hi - lo) * static_cast<double>(i) / static_cast<double>(n - 1));
    return a;
}

// xsimd's vector math may differ from the C library by a few ulps
template <class T>
constexpr double ulps = 8 * std::numeric_limits<T>::epsilon();

// f(x) against std::g(x) computed in double and rounded to T
template <class T, class F, class G>
void check_unary(const char* name, F f, G g, double lo, double hi) {
    INFO(name << " over [" << lo << ", " << hi << "]");
    const auto x = spread<T>(lo, hi);
    const loom::array<T> r = f(x);
    CHECK(ref::mismatch_near(r, {x.size()}, [&](const index_t& i) {
              return static_cast<T>(g(static_cast<double>(x.data()[i[0]])));
          }, ulps<T>, 4 * std::numeric_limits<T>::min()) == "");
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("math functions match the C library", "[expr][functions][math]", ref::float_types) {
    using T = TestType;
    check_unary<T>("sqrt", [](const auto& x) { return loom::sqrt(x); }, [](double v) { return std::sqrt(v); }, 0, 100);
    check_unary<T>("cbrt", [](const auto& x) { return loom::cbrt(x); }, [](double v) { return std::cbrt(v); }, -30, 30);
    check_unary<T>("exp", [](const auto& x) { return loom::exp(x); }, [](double v) { return std::exp(v); }, -20, 20);
    check_unary<T>("expm1", [](const auto& x) { return loom::expm1(x); }, [](double v) { return std::expm1(v); }, -3, 3);
    check_unary<T>("log", [](const auto& x) { return loom::log(x); }, [](double v) { return std::log(v); }, 0.01, 1000);
    check_unary<T>("log1p", [](const auto& x) { return loom::log1p(x); }, [](double v) { return std::log1p(v); }, -0.9, 50);
    check_unary<T>("log2", [](const auto& x) { return loom::log2(x); }, [](double v) { return std::log2(v); }, 0.01, 1000);
    check_unary<T>("log10", [](const auto& x) { return loom::log10(x); }, [](double v) { return std::log10(v); }, 0.01, 1000);
    check_unary<T>("sin", [](const auto& x) { return loom::sin(x); }, [](double v) { return std::sin(v); }, -7, 7);
    check_unary<T>("cos", [](const auto& x) { return loom::cos(x); }, [](double v) { return std::cos(v); }, -7, 7);
    check_unary<T>("tan", [](const auto& x) { return loom::tan(x); }, [](double v) { return std::tan(v); }, -1.4, 1.4);
    check_unary<T>("asin", [](const auto& x) { return loom::asin(x); }, [](double v) { return std::asin(v); }, -1, 1);
    check_unary<T>("acos", [](const auto& x) { return loom::acos(x); }, [](double v) { return std::acos(v); }, -1, 1);
    check_unary<T>("atan", [](const auto& x) { return loom::atan(x); }, [](double v) { return std::atan(v); }, -50, 50);
    check_unary<T>("sinh", [](const auto& x) { return loom::sinh(x); }, [](double v) { return std::sinh(v); }, -5, 5);
    check_unary<T>("cosh", [](const auto& x) { return loom::cosh(x); }, [](double v) { return std::cosh(v); }, -5, 5);
    check_unary<T>("tanh", [](const auto& x) { return loom::tanh(x); }, [](double v) { return std::tanh(v); }, -5, 5);
    check_unary<T>("abs", [](const auto& x) { return loom::abs(x); }, [](double v) { return std::fabs(v); }, -9, 9);
    check_unary<T>("square", [](const auto& x) { return loom::square(x); }, [](double v) { return v * v; }, -9, 9);
    check_unary<T>("floor", [](const auto& x) { return loom::floor(x); }, [](double v) { return std::floor(v); }, -9, 9);
    check_unary<T>("ceil", [](const auto& x) { return loom::ceil(x); }, [](double v) { return std::ceil(v); }, -9, 9);
    check_unary<T>("trunc", [](const auto& x) { return loom::trunc(x); }, [](double v) { return std::trunc(v); }, -9, 9);
}

TEMPLATE_LIST_TEST_CASE("special functions match the C library and their definitions", "[expr][functions][special]",
                        ref::float_types) {
    using T = TestType;
    const double pi = 3.14159265358979323846;
    check_unary<T>("exp2", [](const auto& x) { return loom::exp2(x); }, [](double v) { return std::exp2(v); }, -20, 20);
    check_unary<T>("erf", [](const auto& x) { return loom::erf(x); }, [](double v) { return std::erf(v); }, -4, 4);
    check_unary<T>("erfc", [](const auto& x) { return loom::erfc(x); }, [](double v) { return std::erfc(v); }, -3, 9);
    // lgamma over its zeros at 1 and 2 (where batches mixing lanes below and above 1.25 once lost lanes)
    check_unary<T>("lgamma", [](const auto& x) { return loom::lgamma(x); }, [](double v) { return std::lgamma(v); }, 0.01, 30);
    check_unary<T>("lgamma", [](const auto& x) { return loom::lgamma(x); }, [](double v) { return std::lgamma(v); }, -4.9, -4.1);
    check_unary<T>("tgamma", [](const auto& x) { return loom::tgamma(x); }, [](double v) { return std::tgamma(v); }, 0.01, 30);
    check_unary<T>("tgamma", [](const auto& x) { return loom::tgamma(x); }, [](double v) { return std::tgamma(v); }, -4.9, -4.1);
    check_unary<T>("expit", [](const auto& x) { return loom::expit(x); }, [](double v) { return 1 / (1 + std::exp(-v)); }, -30, 30);
    check_unary<T>("sigmoid", [](const auto& x) { return loom::sigmoid(x); }, [](double v) { return 1 / (1 + std::exp(-v)); }, -5, 5);
    check_unary<T>("logit", [](const auto& x) { return loom::logit(x); }, [](double v) { return std::log(v / (1 - v)); }, 0.01, 0.45);
    check_unary<T>("sinc", [](const auto& x) { return loom::sinc(x); },
                   [&](double v) { return v == 0 ? 1.0 : std::sin(pi * v) / (pi * v); }, -0.45, 0.45);
    check_unary<T>("deg2rad", [](const auto& x) { return loom::deg2rad(x); }, [&](double v) { return v * pi / 180; }, -360, 360);
    check_unary<T>("rad2deg", [](const auto& x) { return loom::rad2deg(x); }, [&](double v) { return v * 180 / pi; }, -7, 7);
    // at the ends: expit saturates without NaN, sinc is 1 at 0 and 0 at the integers
    const loom::array<T> ends = {T(-1000), T(1000), T(0), T(2)};
    const loom::array<T> e = loom::expit(ends);
    CHECK(e(0) == T(0));
    CHECK(e(1) == T(1));
    const loom::array<T> s = loom::sinc(ends);
    CHECK(s(2) == T(1));
    CHECK(std::abs(s(3)) < T(1e-6));
    CHECK(loom::erf(T(0)) == T(0));  // on numbers too
    // the gamma functions end on infinities and the largest values (they once looped without end there)
    constexpr T inf = std::numeric_limits<T>::infinity(), big = std::numeric_limits<T>::max();
    const loom::array<T> far = {-inf, inf, big, T(1e8), T(1), T(2), T(0.5), T(3)};
    const loom::array<T> lg = loom::lgamma(far), tg = loom::tgamma(far);
    CHECK(lg(0) == inf);
    CHECK(lg(1) == inf);
    CHECK(lg(2) == inf);
    CHECK(lg(4) == T(0));
    CHECK(lg(5) == T(0));
    CHECK(std::isnan(tg(0)));
    CHECK(tg(1) == inf);
    CHECK(tg(2) == inf);
    CHECK(tg(3) == inf);
    CHECK(std::abs(tg(7) - T(2)) <= 8 * std::numeric_limits<T>::epsilon());
}

TEMPLATE_LIST_TEST_CASE("math functions at special values", "[expr][functions][math]", ref::float_types) {
    using T = TestType;
    const auto nan = static_cast<T>(nan_v), inf = static_cast<T>(inf_v);
    const loom::array<T> x = {T(0), T(-0.0), inf, -inf, nan, T(1), T(-1), T(4)};
    const std::vector<std::size_t> s{x.size()};
    auto at = [&](const index_t& i) { return x.data()[i[0]]; };
    // the C library's special-value rules, element by element (NaN, infinities
    // and zeros exactly, finite values within a few ulps)
    auto close = [&](const auto& e, auto g) {
        return ref::mismatch_near(loom::eval(e), s, [&](const index_t& i) { return g(at(i)); }, ulps<T>);
    };
    CHECK(close(loom::sqrt(x), [](T v) { return std::sqrt(v); }) == "");
    CHECK(close(loom::exp(x), [](T v) { return std::exp(v); }) == "");
    CHECK(close(loom::expm1(x), [](T v) { return std::expm1(v); }) == "");
    CHECK(close(loom::log(x), [](T v) { return std::log(v); }) == "");
    CHECK(close(loom::log1p(x), [](T v) { return std::log1p(v); }) == "");
    CHECK(close(loom::abs(x), [](T v) { return std::fabs(v); }) == "");
    CHECK(close(loom::floor(x), [](T v) { return std::floor(v); }) == "");
    CHECK(close(loom::ceil(x), [](T v) { return std::ceil(v); }) == "");
    CHECK(close(loom::trunc(x), [](T v) { return std::trunc(v); }) == "");
    CHECK(close(loom::tanh(x), [](T v) { return std::tanh(v); }) == "");
    CHECK(close(loom::atan(x), [](T v) { return std::atan(v); }) == "");
    CHECK(close(loom::sin(x), [](T v) { return std::sin(v); }) == "");
    CHECK(close(loom::cbrt(x), [](T v) { return std::cbrt(v); }) == "");
    // signed zeros keep their sign where the C library keeps it
    const loom::array<T> z = {T(-0.0), T(-0.0), T(-0.0), T(-0.0), T(-0.0), T(-0.0), T(-0.0), T(-0.0), T(-0.0)};
    for (T v : loom::eval(loom::sqrt(z))) CHECK(std::signbit(v));
    for (T v : loom::eval(loom::sin(z))) CHECK(std::signbit(v));
    for (T v : loom::eval(loom::floor(z))) CHECK(std::signbit(v));
    for (T v : loom::eval(loom::trunc(z))) CHECK(std::signbit(v));
    for (T v : loom::eval(loom::round(z))) CHECK(std::signbit(v));
    // ceil and trunc of a small negative number are -0
    const loom::array<T> small = {T(-0.3), T(-0.3), T(-0.3), T(-0.3), T(-0.3), T(-0.3), T(-0.3), T(-0.3), T(-0.3)};
    for (T v : loom::eval(loom::ceil(small))) CHECK((v == T(0) && std::signbit(v)));
    for (T v : loom::eval(loom::trunc(small))) CHECK((v == T(0) && std::signbit(v)));
    for (T v : loom::eval(loom::round(small))) CHECK((v == T(0) && std::signbit(v)));
}

TEMPLATE_LIST_TEST_CASE("math functions on subnormal numbers, in batches with normal ones", "[expr][functions][math]",
                        ref::float_types) {
    using T = TestType;
    // subnormals of both signs (the smallest, the largest, between), zeros and normal numbers, in
    // batches and the scalar tail (xsimd's log, log2, log10, cbrt and pow of doubles are wrong there)
    constexpr T tiny = std::numeric_limits<T>::denorm_min(), least = std::numeric_limits<T>::min();
    std::vector<T> v;
    for (int i = 0; i < 37; ++i) {
        const T sub = i % 3 == 0 ? tiny * T(i + 1) : i % 3 == 1 ? least - tiny * T(i) : least / T(i + 2);
        v.push_back(i % 5 == 4 ? T(0.5) * T(i) : (i % 2 ? -sub : sub));
    }
    loom::array<T> x(loom::shape_t{v.size()});
    std::copy(v.begin(), v.end(), x.data());
    const std::vector<std::size_t> s{x.size()};
    auto close = [&](const auto& e, auto g) {
        return ref::mismatch_near(loom::eval(e), s, [&](const index_t& i) { return g(v[i[0]]); }, ulps<T>);
    };
    CHECK(close(loom::log(x), [](T a) { return std::log(a); }) == "");
    CHECK(close(loom::log2(x), [](T a) { return std::log2(a); }) == "");
    CHECK(close(loom::log10(x), [](T a) { return std::log10(a); }) == "");
    CHECK(close(loom::log1p(x), [](T a) { return std::log1p(a); }) == "");
    CHECK(close(loom::cbrt(x), [](T a) { return std::cbrt(a); }) == "");
    CHECK(close(loom::sqrt(loom::abs(x)), [](T a) { return std::sqrt(std::fabs(a)); }) == "");
    CHECK(close(loom::pow(loom::abs(x), T(0.5)), [](T a) { return std::pow(std::fabs(a), T(0.5)); }) == "");
    CHECK(close(loom::pow(loom::abs(x), T(-0.25)), [](T a) { return std::pow(std::fabs(a), T(-0.25)); }) == "");
    CHECK(close(loom::exp(x), [](T a) { return std::exp(a); }) == "");
    CHECK(close(loom::sin(x), [](T a) { return std::sin(a); }) == "");
    CHECK(close(loom::tanh(x), [](T a) { return std::tanh(a); }) == "");
    CHECK(close(loom::asinh(x), [](T a) { return std::asinh(a); }) == "");
    CHECK(close(loom::atanh(x), [](T a) { return std::atanh(a); }) == "");
    CHECK(close(loom::expm1(x), [](T a) { return std::expm1(a); }) == "");
}

TEMPLATE_LIST_TEST_CASE("atan2 at zeros and infinities, in SIMD batches and the scalar tail", "[expr][functions][math]", ref::float_types) {
    using T = TestType;
    const T inf = static_cast<T>(inf_v), nan = static_cast<T>(nan_v);
    const std::vector<T> ys = {T(0), T(-0.0), T(0), T(-0.0), inf, inf, -inf, -inf, T(1), T(-1), T(0), nan, T(0), T(-0.0), T(1), -inf};
    const std::vector<T> xs = {T(0), T(0), T(-0.0), T(-0.0), inf, -inf, inf, -inf, T(0), T(-0.0), T(-3), T(0), nan, T(5), -inf, T(2)};
    // 16 pairs, then again shifted by one so every pair meets both the SIMD body and the tail
    for (std::size_t shift = 0; shift < 2; ++shift) {
        loom::array<T> y(shape_t{17}), x(shape_t{17});
        for (std::size_t i = 0; i < 17; ++i) {
            y(i) = ys[(i + shift) % 16];
            x(i) = xs[(i + shift) % 16];
        }
        const loom::array<T> r = loom::atan2(y, x);
        CHECK(ref::mismatch_near(r, {17}, [&](const index_t& i) { return std::atan2(y(i[0]), x(i[0])); }, ulps<T>) == "");
        for (std::size_t i = 0; i < 17; ++i) {
            INFO("atan2(" << y(i) << ", " << x(i) << ")");
            if (!std::isnan(r(i))) CHECK(std::signbit(r(i)) == std::signbit(std::atan2(y(i), x(i))));
        }
    }
}

TEST_CASE("math on integers computes in double", "[expr][functions][math]") {
    const loom::array<int> a = {0, 1, 4, 9, 16, 2, 3};
    const auto r = loom::eval(loom::sqrt(a));
    static_assert(std::is_same_v<decltype(r)::value_type, double>);
    for (std::size_t i = 0; i < a.size(); ++i) CHECK(r(i) == std::sqrt(static_cast<double>(a(i))));
    const loom::array<std::int64_t> big = {(std::int64_t{1} << 53) + 1};
    CHECK(loom::eval(loom::log2(big))(0) == Approx(53.0));
    const loom::array<std::uint8_t> u = {0, 255};
    CHECK(loom::eval(loom::exp(u))(0) == 1.0);
}

TEMPLATE_LIST_TEST_CASE("atan2 and pow on floats match the C library", "[expr][functions][math]", ref::float_types) {
    using T = TestType;
    const auto y = spread<T>(-5, 5, 11);
    const auto x = ref::make<T>({5, 1}, {T(-3), T(-0.5), T(0), T(0.5), T(3)});
    const loom::array<T> r = loom::atan2(y, x);
    CHECK(ref::mismatch_near(r, {5, 11}, [&](const index_t& i) {
              return static_cast<T>(std::atan2(static_cast<double>(y.data()[i[1]]), static_cast<double>(x.data()[i[0]])));
          }, ulps<T>) == "");
    const auto base = spread<T>(0.1, 6, 11);
    const auto ex = ref::make<T>({5, 1}, {T(-2), T(-0.5), T(0), T(1.5), T(3)});
    const loom::array<T> p = loom::pow(base, ex);
    CHECK(ref::mismatch_near(p, {5, 11}, [&](const index_t& i) {
              return static_cast<T>(std::pow(static_cast<double>(base.data()[i[1]]), static_cast<double>(ex.data()[i[0]])));
          }, 2 * ulps<T>) == "");
    // over many decades of the base and both signs of the exponent: the C library's pow, bit for bit
    // (NumPy's), also at C99's special values (an exponential of y log x loses |y log x| ulp)
    constexpr T inf = std::numeric_limits<T>::infinity();
    std::vector<T> bs, es;
    for (int i = 0; i < 61; ++i) {
        bs.push_back(std::pow(T(10), T(i % 31 - 15) * (sizeof(T) == 8 ? T(10) : T(1.2))) * T(1.37));
        es.push_back(T(i % 13 - 6) * T(0.77));
    }
    for (T v : {T(0), T(-0.0), inf, -inf, T(-2), T(1), T(-1)}) {
        for (T e : {T(-3), T(-2.5), T(0), T(2), T(3), T(0.5)}) {
            bs.push_back(v);
            es.push_back(e);
        }
    }
    loom::array<T> wb(loom::shape_t{bs.size()}), we(loom::shape_t{bs.size()});
    std::copy(bs.begin(), bs.end(), wb.data());
    std::copy(es.begin(), es.end(), we.data());
    const loom::array<T> wide = loom::pow(wb, we);
    for (std::size_t i = 0; i < bs.size(); ++i) {
        const T want = std::pow(bs[i], es[i]), got = wide.data()[i];
        INFO("pow(" << bs[i] << ", " << es[i] << ")");
        CHECK(((got == want && std::signbit(got) == std::signbit(want)) || (std::isnan(got) && std::isnan(want))));
    }
    // a scalar exponent
    const loom::array<T> sq = loom::pow(base, 2);
    CHECK(ref::mismatch_near(sq, {11}, [&](const index_t& i) {
              const double b = base.data()[i[0]];
              return static_cast<T>(b * b);
          }, ulps<T>) == "");
    // quadrants, worked by hand
    const loom::array<T> qy = {T(1), T(1), T(-1), T(-1)};
    const loom::array<T> qx = {T(1), T(-1), T(-1), T(1)};
    const loom::array<T> q = loom::atan2(qy, qx);
    const double pi = 3.14159265358979323846;
    CHECK(q(0) == Approx(pi / 4));
    CHECK(q(1) == Approx(3 * pi / 4));
    CHECK(q(2) == Approx(-3 * pi / 4));
    CHECK(q(3) == Approx(-pi / 4));
}

TEMPLATE_LIST_TEST_CASE("integer pow is exact, by squaring", "[expr][functions][pow]", ref::integer_types) {
    using T = TestType;
    const loom::array<T> base = {T(0), T(1), T(2), T(3), T(5), T(2)};
    const loom::array<T> ex = {T(3), T(9), T(6), T(4), T(2), T(0)};
    const loom::array<T> r = loom::pow(base, ex);
    CHECK(loom::array_equal(r, loom::array<T>{T(0), T(1), T(64), T(81), T(25), T(1)}));
    if constexpr (std::is_signed_v<T>) {
        const loom::array<T> b = {T(-2), T(-2), T(2), T(1), T(-1), T(-1)};
        const loom::array<T> e = {T(3), T(2), T(-1), T(-5), T(-3), T(-4)};
        // a negative exponent gives 0 unless the base is 1 or -1
        CHECK(loom::array_equal(loom::pow(b, e), loom::array<T>{T(-8), T(4), T(0), T(1), T(-1), T(1)}));
    }
    // overflow wraps as unsigned arithmetic does: 2^(bits) is 0
    const loom::array<T> two = {T(2)};
    CHECK(loom::eval(loom::pow(two, T(sizeof(T) * 8)))(0) == T(0));
}

TEMPLATE_LIST_TEST_CASE("abs, square, rounding and sign on integers", "[expr][functions]", ref::integer_types) {
    using T = TestType;
    const auto x = ref::filled<T>({4, 9}, 5);
    const std::vector<std::size_t> s{4, 9};
    auto at = [&](const index_t& i) { return x.data()[i[0] * 9 + i[1]]; };
    CHECK(ref::mismatch(loom::eval(loom::abs(x)), s, [&](const index_t& i) { return at(i) < 0 ? T(-at(i)) : at(i); }) == "");
    CHECK(ref::mismatch(loom::eval(loom::square(x)), s, [&](const index_t& i) { return static_cast<T>(at(i) * at(i)); }) == "");
    CHECK(ref::mismatch(loom::eval(loom::floor(x)), s, at) == "");
    CHECK(ref::mismatch(loom::eval(loom::ceil(x)), s, at) == "");
    CHECK(ref::mismatch(loom::eval(loom::trunc(x)), s, at) == "");
    CHECK(ref::mismatch(loom::eval(loom::round(x)), s, at) == "");
    CHECK(ref::mismatch(loom::eval(loom::sign(x)), s, [&](const index_t& i) {
              return at(i) > 0 ? T(1) : at(i) < 0 ? static_cast<T>(-1) : T(0);
          }) == "");
}

TEMPLATE_LIST_TEST_CASE("round is half to even", "[expr][functions][round]", ref::float_types) {
    using T = TestType;
    const loom::array<T> x = {T(0.5),  T(1.5),  T(2.5),   T(3.5),  T(-0.5), T(-1.5), T(-2.5), T(2.4999),
                              T(2.501), T(-2.6), T(0.0),  T(-0.0), T(7.0),  T(1e7 + 0.5), T(4.5), T(5.5),
                              T(6.5),  T(-3.5), T(-4.5), T(0.49999997), T(100.5)};
    const loom::array<T> want = {T(0),  T(2),  T(2),  T(4),  T(-0.0), T(-2), T(-2), T(2),
                                 T(3),  T(-3), T(0),  T(-0.0), T(7),  T(1e7), T(4), T(6),
                                 T(6),  T(-4), T(-4), T(0), T(100)};
    const loom::array<T> r = loom::round(x);
    CHECK(loom::array_equal(r, want));
    for (std::size_t i = 0; i < r.size(); ++i) CHECK(std::signbit(r(i)) == std::signbit(want(i)));
    const loom::array<T> nan = {static_cast<T>(nan_v)};
    CHECK(std::isnan(loom::eval(loom::round(nan))(0)));
}

TEMPLATE_LIST_TEST_CASE("sign on floats: -1, 0, 1, NaN stays NaN", "[expr][functions][sign]", ref::float_types) {
    using T = TestType;
    // 19 elements: whole SIMD batches and a scalar tail
    const loom::array<T> x = {T(-3), T(0), T(2.5), static_cast<T>(nan_v), static_cast<T>(-inf_v), static_cast<T>(inf_v),
                              T(-1e-30), T(1e-30), T(-7), T(7), T(0), T(-2), T(3), T(-4), T(5), T(-6), T(8),
                              static_cast<T>(nan_v), T(-0.5)};
    const loom::array<T> r = loom::sign(x);
    CHECK(ref::mismatch(r, {x.size()}, [&](const index_t& i) {
              const T v = x.data()[i[0]];
              return std::isnan(v) ? v : v > 0 ? T(1) : v < 0 ? T(-1) : T(0);
          }) == "");
    const loom::array<std::uint8_t> u = {0, 7};
    CHECK(loom::array_equal(loom::sign(u), loom::array<std::uint8_t>{0, 1}));
}

TEMPLATE_LIST_TEST_CASE("minimum and maximum, with NaN propagated", "[expr][functions][minmax]", ref::number_types) {
    using T = TestType;
    const std::vector<std::size_t> as{3, 7}, bs{7};
    const auto a = ref::filled<T>(as, 1);
    const auto b = ref::filled<T>(bs, 2);
    const loom::array<T> mn = loom::minimum(a, b), mx = loom::maximum(b, a);
    CHECK(ref::mismatch(mn, as, [&](const index_t& i) {
              const T x = a.data()[i[0] * 7 + i[1]], y = b.data()[i[1]];
              return x < y ? x : y;
          }) == "");
    CHECK(ref::mismatch(mx, as, [&](const index_t& i) {
              const T x = a.data()[i[0] * 7 + i[1]], y = b.data()[i[1]];
              return x > y ? x : y;
          }) == "");
    if constexpr (std::is_floating_point_v<T>) {
        const T n = static_cast<T>(nan_v);
        // NaN in either position, in the SIMD body (first 16) and the tail
        loom::array<T> p(shape_t{19}, T(1)), q(shape_t{19}, T(2));
        p(0) = n;
        q(5) = n;
        p(17) = n;
        q(18) = n;
        const loom::array<T> lo = loom::minimum(p, q), hi = loom::maximum(p, q);
        for (std::size_t i = 0; i < 19; ++i) {
            const bool has_nan = i == 0 || i == 5 || i == 17 || i == 18;
            INFO("element " << i);
            CHECK(std::isnan(lo(i)) == has_nan);
            CHECK(std::isnan(hi(i)) == has_nan);
            if (!has_nan) {
                CHECK(lo(i) == T(1));
                CHECK(hi(i) == T(2));
            }
        }
        // a NaN scalar
        CHECK(std::isnan(loom::eval(loom::maximum(p, nan_v))(3)));
    }
}

TEST_CASE("minimum and maximum promote mixed operands", "[expr][functions][minmax]") {
    const loom::array<std::int8_t> a = {-100, 100};
    const loom::array<std::uint8_t> b = {200, 50};
    const auto lo = loom::eval(loom::minimum(a, b));
    const auto hi = loom::eval(loom::maximum(a, b));
    static_assert(std::is_same_v<decltype(lo)::value_type, std::int16_t>);
    CHECK(loom::array_equal(lo, loom::array<std::int16_t>{-100, 50}));
    CHECK(loom::array_equal(hi, loom::array<std::int16_t>{200, 100}));
}

TEMPLATE_LIST_TEST_CASE("clip", "[expr][functions][clip]", ref::number_types) {
    using T = TestType;
    const std::vector<std::size_t> xs{4, 9};
    const auto x = ref::filled<T>(xs, 3);
    const T lo = T(2), hi = T(5);
    const loom::array<T> r = loom::clip(x, lo, hi);
    CHECK(ref::mismatch(r, xs, [&](const index_t& i) {
              const T v = x.data()[i[0] * 9 + i[1]];
              return v < lo ? lo : v > hi ? hi : v;
          }) == "");
    // array bounds broadcast with x
    const auto lows = ref::make<T>({4, 1}, {T(0), T(1), T(2), T(3)});
    const loom::array<T> r2 = loom::clip(x, lows, T(4));
    CHECK(ref::mismatch(r2, xs, [&](const index_t& i) {
              const T v = x.data()[i[0] * 9 + i[1]], l = lows.data()[i[0]];
              const T m = v < l ? l : v;
              return m > T(4) ? T(4) : m;
          }) == "");
    if constexpr (std::is_floating_point_v<T>) {
        const loom::array<T> n = {static_cast<T>(nan_v), T(-10), T(10)};
        const loom::array<T> c = loom::clip(n, T(-1), T(1));
        CHECK(std::isnan(c(0)));
        CHECK(c(1) == T(-1));
        CHECK(c(2) == T(1));
    }
}

TEMPLATE_LIST_TEST_CASE("clip with one bound", "[expr][functions][clip]", ref::number_types) {
    using T = TestType;
    const std::vector<std::size_t> xs{3, 7};
    const auto x = ref::filled<T>(xs, 5);
    const loom::array<T> lo = loom::clip(x, T(2));
    CHECK(ref::mismatch(lo, xs, [&](const index_t& i) {
              const T v = x.data()[i[0] * 7 + i[1]];
              return v < T(2) ? T(2) : v;
          }) == "");
    const loom::array<T> hi = loom::clip(x, {}, T(3));
    CHECK(ref::mismatch(hi, xs, [&](const index_t& i) {
              const T v = x.data()[i[0] * 7 + i[1]];
              return v > T(3) ? T(3) : v;
          }) == "");
    if constexpr (std::is_floating_point_v<T>) {
        const loom::array<T> n = {static_cast<T>(nan_v), T(-10)};
        CHECK(std::isnan(loom::array<T>(loom::clip(n, T(0)))(0)));
        CHECK(loom::clip(T(5), {}, T(1)) == T(1));  // numbers
    }
}

TEST_CASE("where picks x where cond is true, y elsewhere, with broadcasting", "[expr][functions][where]") {
    const loom::array<bool> cond = {true, false, true};
    const auto x = ref::make<double>({2, 1}, {10, 20});
    const loom::array<double> y = {1, 2, 3};
    const loom::array<double> r = loom::where(cond, x, y);
    CHECK(loom::array_equal(r, loom::array<double>{{10, 2, 10}, {20, 2, 20}}));
    // scalars for x and y
    const loom::array<int> s = loom::where(y > 1.5, 1, -1);
    CHECK(loom::array_equal(s, loom::array<int>{-1, 1, 1}));
    // x and y promote: int8 with int16
    const loom::array<std::int8_t> i8 = {-1, -2, -3};
    const loom::array<std::int16_t> i16 = {1000, 2000, 3000};
    const auto m = loom::eval(loom::where(cond, i8, i16));
    static_assert(std::is_same_v<decltype(m)::value_type, std::int16_t>);
    CHECK(loom::array_equal(m, loom::array<std::int16_t>{-1, 2000, -3}));
}

TEST_CASE("where reads a numeric cond as 'not zero'", "[expr][functions][where]") {
    // cond of a numeric type: any non-zero value counts as true, whatever x and y are
    const loom::array<double> c = {0.0, 0.5, -0.25, 2.0, std::nan("")};
    const loom::array<double> fx = {1, 1, 1, 1, 1}, fy = {0, 0, 0, 0, 0};
    CHECK(loom::array_equal(loom::where(c, fx, fy), loom::array<double>{0, 1, 1, 1, 1}));
    const loom::array<int> ix = {1, 1, 1, 1, 1}, iy = {0, 0, 0, 0, 0};
    CHECK(loom::array_equal(loom::where(c, ix, iy), loom::array<int>{0, 1, 1, 1, 1}));
    const loom::array<std::int64_t> big = {0, 256, 65536, -256, 1};
    const loom::array<std::int8_t> bx = {1, 1, 1, 1, 1}, by = {0, 0, 0, 0, 0};
    CHECK(loom::array_equal(loom::where(big, bx, by), loom::array<std::int8_t>{0, 1, 1, 1, 1}));
}

TEMPLATE_LIST_TEST_CASE("isnan, isinf, isfinite", "[expr][functions][predicates]", ref::all_types) {
    using T = TestType;
    if constexpr (std::is_floating_point_v<T>) {
        const loom::array<T> x = {T(0), static_cast<T>(nan_v), static_cast<T>(inf_v), static_cast<T>(-inf_v),
                                  std::numeric_limits<T>::max(), std::numeric_limits<T>::denorm_min(), T(-1)};
        CHECK(loom::array_equal(loom::isnan(x), loom::array<bool>{false, true, false, false, false, false, false}));
        CHECK(loom::array_equal(loom::isinf(x), loom::array<bool>{false, false, true, true, false, false, false}));
        CHECK(loom::array_equal(loom::isfinite(x), loom::array<bool>{true, false, false, false, true, true, true}));
    } else {
        const auto x = ref::filled<T>({9}, 4);
        for (bool v : loom::eval(loom::isnan(x))) CHECK_FALSE(v);
        for (bool v : loom::eval(loom::isinf(x))) CHECK_FALSE(v);
        for (bool v : loom::eval(loom::isfinite(x))) CHECK(v);
    }
}

TEMPLATE_LIST_TEST_CASE("logical_and, logical_or, logical_not read 'not zero'", "[expr][functions][logical]", ref::all_types) {
    using T = TestType;
    const std::vector<std::size_t> as{3, 6}, bs{6};
    const auto a = ref::filled<T>(as, 6);
    const auto b = ref::filled<T>(bs, 7);
    auto av = [&](const index_t& i) { return a.data()[i[0] * 6 + i[1]] != T(0); };
    auto bv = [&](const index_t& i) { return b.data()[i[1]] != T(0); };
    CHECK(ref::mismatch(loom::eval(loom::logical_and(a, b)), as, [&](const index_t& i) { return av(i) && bv(i); }) == "");
    CHECK(ref::mismatch(loom::eval(loom::logical_or(a, b)), as, [&](const index_t& i) { return av(i) || bv(i); }) == "");
    CHECK(ref::mismatch(loom::eval(loom::logical_not(a)), as, [&](const index_t& i) { return !av(i); }) == "");
    CHECK(ref::mismatch(loom::eval(loom::logical_and(a, true)), as, av) == "");
    CHECK(ref::mismatch(loom::eval(loom::logical_or(a, false)), as, av) == "");
}

TEST_CASE("logical functions on mixed types and NaN", "[expr][functions][logical]") {
    const loom::array<double> d = {0.0, 0.5, std::nan(""), -0.0};
    const loom::array<int> i = {1, 1, 0, 1};
    CHECK(loom::array_equal(loom::logical_and(d, i), loom::array<bool>{false, true, false, false}));
    CHECK(loom::array_equal(loom::logical_or(d, i), loom::array<bool>{true, true, true, true}));
    CHECK(loom::array_equal(loom::logical_not(d), loom::array<bool>{true, false, false, true}));
}

TEST_CASE("astype converts with static_cast", "[expr][functions][astype]") {
    const loom::array<double> d = {-2.7, -0.5, 0.0, 0.5, 2.7, 255.0};
    CHECK(loom::array_equal(loom::astype<int>(d), loom::array<int>{-2, 0, 0, 0, 2, 255}));
    CHECK(loom::array_equal(loom::astype<bool>(d), loom::array<bool>{true, true, false, true, true, true}));
    const loom::array<double> pos = {0.0, 1.9, 254.5};
    CHECK(loom::array_equal(loom::astype<std::uint8_t>(pos), loom::array<std::uint8_t>{0, 1, 254}));
    const loom::array<bool> b = {true, false};
    CHECK(loom::array_equal(loom::astype<float>(b), loom::array<float>{1.0f, 0.0f}));
    const loom::array<std::int32_t> big = {16777217, -16777217};
    CHECK(loom::array_equal(loom::astype<float>(big), loom::array<float>{16777216.0f, -16777216.0f}));
    const loom::array<std::int32_t> w = {300, -1};
    CHECK(loom::array_equal(loom::astype<std::uint8_t>(w), loom::array<std::uint8_t>{44, 255}));
    // astype of an expression, and to the same type (a no-op)
    CHECK(loom::array_equal(loom::astype<std::int64_t>(w * 2), loom::array<std::int64_t>{600, -2}));
    const auto same = loom::eval(loom::astype<double>(d));
    CHECK(loom::array_equal(same, d));
    // long enough for SIMD batches: the identity cast keeps every element
    const auto x = spread<double>(-3, 3);
    CHECK(loom::array_equal(loom::astype<double>(x) + 0.0, x));
    // float -> double is exact; double -> float rounds
    const loom::array<double> third = {1.0 / 3};
    CHECK(loom::eval(loom::astype<float>(third))(0) == static_cast<float>(1.0 / 3));
}

// ---- the Array API's element-wise functions beyond C++'s operators

namespace {

// Pairs (a, b) cycled over n elements, so that every pair meets both the SIMD
// body and the scalar tail.
template <class T>
std::pair<loom::array<T>, loom::array<T>> cycled(const std::vector<T>& as, const std::vector<T>& bs, std::size_t shift,
                                                 std::size_t n = 37) {
    loom::array<T> a(shape_t{n}), b(shape_t{n});
    for (std::size_t i = 0; i < n; ++i) {
        a(i) = as[(i + shift) % as.size()];
        b(i) = bs[(i + shift) % bs.size()];
    }
    return {a, b};
}

// Equal with NaN equal to NaN and zeros equal only with the same sign.
template <class T>
bool identical(T x, T y) {
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
    return x == y && std::signbit(x) == std::signbit(y);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("acosh, asinh, atanh, reciprocal and the binary math functions match the C library",
                        "[expr][functions][math][array_api]", ref::float_types) {
    using T = TestType;
    check_unary<T>("acosh", [](const auto& x) { return loom::acosh(x); }, [](double v) { return std::acosh(v); }, 1, 50);
    check_unary<T>("asinh", [](const auto& x) { return loom::asinh(x); }, [](double v) { return std::asinh(v); }, -50, 50);
    check_unary<T>("atanh", [](const auto& x) { return loom::atanh(x); }, [](double v) { return std::atanh(v); }, -0.99, 0.99);
    check_unary<T>("reciprocal", [](const auto& x) { return loom::reciprocal(x); }, [](double v) { return 1 / v; }, 0.1, 9);
    // binary, broadcast (5, 1) with (11)
    const auto y = spread<T>(-6, 6, 11);
    const auto x = ref::make<T>({5, 1}, {T(-30), T(-0.5), T(0.25), T(2), T(40)});
    const auto check2 = [&](const char* name, const auto& e, auto g, double tol) {
        INFO(name);
        CHECK(ref::mismatch_near(loom::eval(e), {5, 11}, [&](const index_t& i) {
                  return static_cast<T>(g(static_cast<long double>(x.data()[i[0]]), static_cast<long double>(y.data()[i[1]])));
              }, tol, 4 * std::numeric_limits<T>::min()) == "");
    };
    check2("copysign", loom::copysign(x, y), [](long double a, long double b) { return std::copysign(a, b); }, 0);
    check2("hypot", loom::hypot(x, y), [](long double a, long double b) { return std::hypot(a, b); }, ulps<T>);
    check2("logaddexp", loom::logaddexp(x, y),
           [](long double a, long double b) { return std::max(a, b) + std::log1p(std::exp(-std::fabs(a - b))); }, ulps<T>);
    check2("nextafter", loom::nextafter(x, y), [](long double a, long double b) {
        return std::nextafter(static_cast<T>(a), static_cast<T>(b));
    }, 0);
}

TEMPLATE_LIST_TEST_CASE("floor_divide and remainder on floats: Python's // and %, the Array API's special cases",
                        "[expr][functions][array_api]", ref::float_types) {
    using T = TestType;
    const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN(), z = T(0);
    // a, b, a // b, a % b (worked by hand from the Array API's special cases and Python)
    const std::vector<std::array<T, 4>> table = {
        {T(5), T(3), T(1), T(2)},          {T(-5), T(3), T(-2), T(1)},        {T(5), T(-3), T(-2), T(-1)},
        {T(-5), T(-3), T(1), T(-2)},       {T(5.5), T(2), T(2), T(1.5)},      {T(-5.5), T(2), T(-3), T(0.5)},
        {T(6), T(3), T(2), z},             {T(-6), T(3), T(-2), z},           {T(6), T(-3), T(-2), -z},
        {z, T(3), z, z},                   {-z, T(3), -z, z},                 {z, T(-3), -z, -z},
        {-z, T(-3), z, -z},                {T(5), z, inf, nan},               {T(5), -z, -inf, nan},
        {T(-5), z, -inf, nan},             {z, z, nan, nan},                  {-z, -z, nan, nan},
        {inf, T(2), inf, nan},             {inf, T(-2), -inf, nan},           {-inf, T(2), -inf, nan},
        {inf, inf, nan, nan},              {-inf, inf, nan, nan},             {T(5), inf, z, T(5)},
        {T(-5), inf, -z, inf},             {T(5), -inf, -z, -inf},            {T(-5), -inf, z, T(-5)},
        {z, inf, z, z},                    {-z, -inf, z, -z},                 {nan, T(1), nan, nan},
        {T(1), nan, nan, nan},
    };
    std::vector<T> as, bs;
    for (const auto& r : table) {
        as.push_back(r[0]);
        bs.push_back(r[1]);
    }
    for (std::size_t shift = 0; shift < 2; ++shift) {
        const auto [a, b] = cycled(as, bs, shift, 2 * table.size() + 3);
        const loom::array<T> q = loom::floor_divide(a, b), m = loom::remainder(a, b);
        for (std::size_t i = 0; i < a.size(); ++i) {
            const auto& r = table[(i + shift) % table.size()];
            INFO(r[0] << " // " << r[1] << " gave " << q(i) << ", % gave " << m(i));
            CHECK(identical(q(i), r[2]));
            CHECK(identical(m(i), r[3]));
        }
    }
    // exact where floor(a / b) rounds: 1 / 0.1 is 10 in floating point, 1 // 0.1 is 9 (Python)
    const loom::array<double> one = {1.0}, tenth = {0.1};
    CHECK(loom::eval(loom::floor_divide(one, tenth))(0) == 9.0);
    CHECK(loom::eval(loom::remainder(one, tenth))(0) == std::fmod(1.0, 0.1));
    // a == b * (a // b) + a % b, and the remainder has b's sign and is smaller than |b|
    const auto av = spread<T>(-40, 40, 41), bv = ref::make<T>({4, 1}, {T(-7.5), T(-0.3), T(0.7), T(3)});
    const loom::array<T> q = loom::floor_divide(av, bv), m = loom::remainder(av, bv);
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = 0; j < 41; ++j) {
            const T a = av(j), b = bv(i, 0);
            INFO(a << " and " << b);
            CHECK(q(i, j) == std::floor(q(i, j)));
            CHECK(static_cast<double>(b) * q(i, j) + m(i, j) == Approx(a).margin(1e-4));
            CHECK((m(i, j) == 0 || std::signbit(m(i, j)) == std::signbit(b)));
            CHECK(std::fabs(m(i, j)) <= std::fabs(b));
        }
}

TEMPLATE_LIST_TEST_CASE("floor_divide and remainder on integers round toward minus infinity", "[expr][functions][array_api]",
                        ref::integer_types) {
    using T = TestType;
    constexpr bool sig = std::is_signed_v<T>;
    std::vector<T> as, bs;
    for (int a = sig ? -9 : 0; a <= 9; ++a)
        for (int b = sig ? -4 : 0; b <= 4; ++b) {
            as.push_back(static_cast<T>(a));
            bs.push_back(static_cast<T>(b));
        }
    loom::array<T> a(shape_t{as.size()}), b(shape_t{bs.size()});
    std::copy(as.begin(), as.end(), a.begin());
    std::copy(bs.begin(), bs.end(), b.begin());
    const loom::array<T> q = loom::floor_divide(a, b), m = loom::remainder(a, b);
    static_assert(std::is_same_v<typename decltype(loom::floor_divide(a, b))::value_type, T>);
    for (std::size_t i = 0; i < as.size(); ++i) {
        const long long x = as[i], y = bs[i];
        // x // 0 and x % 0 are 0 (as x / 0 and x % 0 are in loom)
        const long long wq = y == 0 ? 0 : static_cast<long long>(std::floor(static_cast<double>(x) / static_cast<double>(y)));
        const long long wm = y == 0 ? 0 : x - y * wq;
        INFO(x << " // " << y);
        CHECK(static_cast<long long>(q(i)) == wq);
        CHECK(static_cast<long long>(m(i)) == wm);
    }
    if constexpr (sig) {
        // the most negative value over -1 wraps, as NumPy's; its remainder is 0
        const loom::array<T> lo = {std::numeric_limits<T>::min()}, minus1 = {T(-1)};
        CHECK(loom::eval(loom::floor_divide(lo, minus1))(0) == std::numeric_limits<T>::min());
        CHECK(loom::eval(loom::remainder(lo, minus1))(0) == T(0));
    }
}

TEMPLATE_LIST_TEST_CASE("copysign, hypot, logaddexp, nextafter, reciprocal and the inverse hyperbolics at special values",
                        "[expr][functions][array_api]", ref::float_types) {
    using T = TestType;
    const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN(), z = T(0);
    const T ln2 = static_cast<T>(0.693147180559945309417232121458176568L);
    struct row {
        T a, b, copysign, hypot, logaddexp;
    };
    const std::vector<row> table = {
        {T(1), -z, T(-1), T(1), std::log(std::exp(T(1)) + T(1))},
        {-z, z, z, z, ln2},
        {T(-2), T(3), T(2), std::hypot(T(2), T(3)), std::log(std::exp(T(-2)) + std::exp(T(3)))},
        {inf, nan, inf, inf, nan},
        {nan, -inf, nan, inf, nan},
        {nan, T(1), nan, nan, nan},
        {inf, inf, inf, inf, inf},
        {-inf, -inf, -inf, inf, -inf},
        {inf, -inf, -inf, inf, inf},
        {T(1), inf, T(1), inf, inf},
        {T(-1), -inf, T(-1), inf, T(-1)},
        {T(80), T(80), T(80), std::hypot(T(80), T(80)), T(80) + ln2},
        {T(1e30), T(1e30), T(1e30), std::hypot(T(1e30), T(1e30)), T(1e30) + ln2},  // x * x would overflow float
        {T(-50), T(50), T(50), std::hypot(T(50), T(50)), T(50)},
    };
    std::vector<T> as, bs;
    for (const auto& r : table) {
        as.push_back(r.a);
        bs.push_back(r.b);
    }
    for (std::size_t shift = 0; shift < 2; ++shift) {
        const auto [a, b] = cycled(as, bs, shift);
        const loom::array<T> c = loom::copysign(a, b), h = loom::hypot(a, b), l = loom::logaddexp(a, b);
        for (std::size_t i = 0; i < a.size(); ++i) {
            const auto& r = table[(i + shift) % table.size()];
            INFO("(" << r.a << ", " << r.b << "): copysign " << c(i) << ", hypot " << h(i) << ", logaddexp " << l(i));
            if (std::isnan(r.copysign)) CHECK((std::isnan(c(i)) && std::signbit(c(i)) == std::signbit(r.b)));
            else CHECK(identical(c(i), r.copysign));
            CHECK(ref::near(h(i), r.hypot, ulps<T>, 0));
            CHECK(ref::near(l(i), r.logaddexp, ulps<T>, 0));
        }
    }
    // nextafter: toward the second argument by one representable step
    const loom::array<T> from = {T(1), z, -z, T(1), nan, T(1), inf};
    const loom::array<T> to = {T(2), T(-1), z, nan, T(1), T(1), z};
    const loom::array<T> n = loom::nextafter(from, to);
    CHECK(n(0) == T(1) + std::numeric_limits<T>::epsilon());
    CHECK(n(1) == -std::numeric_limits<T>::denorm_min());
    CHECK(identical(n(2), z));  // equal arguments give the second
    CHECK(std::isnan(n(3)));
    CHECK(std::isnan(n(4)));
    CHECK(n(5) == T(1));
    CHECK(n(6) == std::numeric_limits<T>::max());
    // the inverse hyperbolics and reciprocal, in SIMD batches and the tail
    const std::vector<T> xs = {T(1), T(0.5), T(-1), T(1), T(2), -z, inf, -inf, nan, z};
    const auto [x, unused] = cycled(xs, xs, 0);
    const loom::array<T> ac = loom::acosh(x), as_ = loom::asinh(x), at = loom::atanh(x), rc = loom::reciprocal(x);
    for (std::size_t i = 0; i < x.size(); ++i) {
        const T v = x(i);
        INFO("x = " << v);
        CHECK(ref::near(ac(i), std::acosh(v), ulps<T>, 0));
        CHECK(ref::near(as_(i), std::asinh(v), ulps<T>, 0));
        CHECK(ref::near(at(i), std::atanh(v), ulps<T>, 0));
        CHECK(identical(rc(i), T(1) / v));
        if (v == 0) CHECK(std::signbit(as_(i)) == std::signbit(v));
    }
    (void)unused;
}

TEMPLATE_LIST_TEST_CASE("signbit and logical_xor", "[expr][functions][array_api]", ref::all_types) {
    using T = TestType;
    const auto x = ref::filled<T>({3, 13}, 9);
    const auto y = ref::filled<T>({13}, 4);
    const loom::array<bool> s = loom::signbit(x), l = loom::logical_xor(x, y);
    static_assert(std::is_same_v<typename decltype(loom::signbit(x))::value_type, bool>);
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = 0; j < 13; ++j) {
            const T v = x(i, j);
            if constexpr (std::is_floating_point_v<T>) CHECK(s(i, j) == std::signbit(v));
            else if constexpr (std::is_same_v<T, bool>) CHECK(!s(i, j));
            else CHECK(s(i, j) == (static_cast<long double>(v) < 0));
            CHECK(l(i, j) == ((v != T(0)) != (y(j) != T(0))));
        }
    if constexpr (std::is_floating_point_v<T>) {
        const T nan = std::numeric_limits<T>::quiet_NaN();
        const loom::array<T> sp = {T(-0.0), T(0), -std::numeric_limits<T>::infinity(), -nan, nan};
        const loom::array<bool> sb = loom::signbit(sp);
        CHECK(loom::array_equal(sb, loom::array<bool>{true, false, true, std::signbit(-nan), std::signbit(nan)}));
    }
}

TEST_CASE("the new element-wise functions' result types", "[expr][functions][array_api]") {
    const loom::array<std::int8_t> i8 = {1};
    const loom::array<std::int16_t> i16 = {1};
    const loom::array<int> i32 = {1};
    const loom::array<float> f = {1};
    static_assert(std::is_same_v<decltype(loom::floor_divide(i8, i16))::value_type, std::int16_t>);
    static_assert(std::is_same_v<decltype(loom::remainder(i32, f))::value_type, float>);
    static_assert(std::is_same_v<decltype(loom::hypot(i32, i32))::value_type, double>);
    static_assert(std::is_same_v<decltype(loom::logaddexp(f, 2.0))::value_type, float>);
    static_assert(std::is_same_v<decltype(loom::copysign(f, i8))::value_type, float>);
    static_assert(std::is_same_v<decltype(loom::reciprocal(i32))::value_type, double>);
    static_assert(std::is_same_v<decltype(loom::logical_xor(f, i8))::value_type, bool>);
    CHECK(loom::eval(loom::floor_divide(i8, 2))(0) == 0);
    CHECK(loom::eval(loom::remainder(-7, i32 * 3))(0) == 2);
}
