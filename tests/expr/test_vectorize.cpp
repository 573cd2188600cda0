// tests/expr/test_vectorize.cpp: user-defined element-wise functions (vectorize, map) against plain loops, and
// the element-wise functions on numbers and SIMD batches.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <atomic>
#include <cmath>
#include <complex>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;
using ref::index_t;

namespace {

// The function under test, one body for elements and batches: what the
// built-in e1 of the kernel laws computes (bool: logic, floating: a * b + c,
// integers: a + b - c), written as a user would.
template <class X>
struct element_of {
    using type = X;
};
template <class X>
    requires loom::simd::is_batch<X>
struct element_of<X> {
    using type = typename X::value_type;
};
struct body {
    template <class X>
    auto operator()(const X& a, const X& b, const X& c) const {
        using E = typename element_of<X>::type;
        if constexpr (std::is_same_v<E, bool>) return static_cast<bool>((a && b) || c);
        else if constexpr (std::is_floating_point_v<E>) return a * b + c;
        else return X(a + b - c);  // the element type kept (int8 + int8 is an int in C++)
    }
};
template <class T>
T want(T a, T b, T c) {
    if constexpr (std::is_same_v<T, bool>) return (a && b) || c;
    else if constexpr (std::is_floating_point_v<T>) {
        const T p = a * b;  // one operation a statement: no FMA contraction
        return p + c;
    } else {
        const T s = static_cast<T>(a + b);
        return static_cast<T>(s - c);
    }
}

template <class T, class E>
constexpr bool simd_of(const E&) {
    return loom::detail::runs_simd<T, E>;
}

std::vector<std::size_t> vec_of(const shape_t& s) { return {s.begin(), s.end()}; }

// The values of an operand (an expression or a number), row-major.
template <class T, class X>
loom::array<T> values_of(const X& x) {
    if constexpr (loom::scalar_value<X>) {
        loom::array<T> a(shape_t{});
        a.data()[0] = static_cast<T>(x);
        return a;
    } else {
        return loom::array<T>(x);
    }
}

// f over a, b, c into a new array and into every other element of a wider
// array (the elements between left as they were), against the loop.
template <class T, class F, class A, class B, class C>
void law(const F& f, const A& a, const B& b, const C& c, const std::vector<std::size_t>& rs) {
    const loom::array<T> ea = values_of<T>(a), eb = values_of<T>(b), ec = values_of<T>(c);
    const auto w = [&](const index_t& i) {
        return want<T>(ea.data()[ref::offset(i, vec_of(ea.shape()))], eb.data()[ref::offset(i, vec_of(eb.shape()))],
                       ec.data()[ref::offset(i, vec_of(ec.shape()))]);
    };
    const loom::array<T> r = f(a, b, c);
    CHECK(ref::mismatch(r, rs, w) == "");
    shape_t wide(rs.begin(), rs.end());
    wide.back() = 2 * wide.back() + 1;
    loom::array<T> big = loom::zeros<T>(wide);
    auto odd = loom::view(big, loom::ellipsis, loom::range(1, loom::none, 2));
    odd = f(a, b, c);
    const loom::array<T> got = odd;
    CHECK(ref::mismatch(got, rs, w) == "");
    const loom::array<T> even = loom::view(big, loom::ellipsis, loom::range(0, loom::none, 2));
    CHECK(ref::mismatch(even, vec_of(even.shape()), [](const index_t&) { return T(0); }) == "");
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("vectorize gives the plain loop's values over layouts, in batches where f takes them",
                        "[expr][vectorize]", ref::all_types) {
    using T = TestType;
    const auto f = loom::vectorize(body{});
    const auto g = loom::vectorize(body{}, loom::elements_only);
    for (std::size_t n : {1, 3, 8, 17, 33}) {
        INFO("n = " << n);
        const loom::array<T> a = ref::filled<T>({4, n}, 1), b = ref::filled<T>({4, n}, 2), c = ref::filled<T>({n}, 3);
        const loom::array<T> col = ref::filled<T>({4, 1}, 4);
        const loom::array<T> wide = ref::filled<T>({4, 2 * n}, 5);
        const auto strided = loom::view(wide, loom::all, loom::range(0, loom::none, 2));
        const auto reversed = loom::view(a, loom::range(loom::none, loom::none, -1), loom::all);
        law<T>(f, a, b, c, {4, n});              // same shapes and a row
        law<T>(g, a, b, c, {4, n});              // the same, element by element
        law<T>(f, strided, reversed, col, {4, n});  // strided, reversed, a column
        law<T>(f, loom::transpose(loom::transpose(a)), b, T(1), {4, n});  // a number operand
        const auto ta = loom::transpose(ref::filled<T>({n, 4}, 6));
        law<T>(f, ta, b, c, {4, n});  // a transposed operand
    }
    const loom::array<T> a = ref::filled<T>({5}, 1);
    if constexpr (LOOM_SIMD && loom::simd::vectorizable<T>) {
        CHECK(simd_of<T>(f(a, a, a)));
        CHECK(simd_of<T>(f(a, a, a) + a));  // fused into a larger tree
    }
    CHECK_FALSE(simd_of<T>(g(a, a, a)));
}

TEST_CASE("vectorize: result types deduced or given, numbers and batches in, lambdas that capture", "[expr][vectorize]") {
    const loom::array<double> x = {-2.0, -0.5, 0.0, 0.5, 2.0};
    auto sigmoid = loom::vectorize([](auto v) { return 1 / (1 + loom::exp(-v)); });
    const loom::array<double> s = sigmoid(x * 2 + 1);
    for (std::size_t i = 0; i < x.size(); ++i) CHECK(s.data()[i] == Approx(1 / (1 + std::exp(-(x.data()[i] * 2 + 1)))));
    // a number in, a number out
    static_assert(std::is_same_v<decltype(sigmoid(0.5)), double>);
    CHECK(sigmoid(0.5) == Approx(1 / (1 + std::exp(-0.5))));
    // integers promote as f says: the result type is f's on the compute type
    const loom::array<int> k = {0, 1, 2};
    const auto sk = sigmoid(k);
    static_assert(std::is_same_v<decltype(sk)::value_type, double>);
    const loom::array<double> skv = sk;
    CHECK(skv.data()[1] == Approx(1 / (1 + std::exp(-1.0))));
    // given: converted
    auto third = loom::vectorize<float>([](double v) { return v / 3; });
    const loom::array<float> t = third(x);
    CHECK(t.data()[4] == Approx(2.0f / 3));
    // a predicate gives bool, in batches
    auto positive = loom::vectorize([](auto v) { return v > 0; });
    const loom::array<bool> p = positive(x);
    CHECK(ref::mismatch(p, {5}, [&](const index_t& i) { return x.data()[i[0]] > 0; }) == "");
    if constexpr (LOOM_SIMD) CHECK(simd_of<bool>(positive(x)));
    // where on batches and numbers: a ReLU
    auto relu = loom::vectorize([](auto v) { return loom::where(v > 0, v, 0.0); });
    const loom::array<double> r = relu(x);
    CHECK(ref::mismatch(r, {5}, [&](const index_t& i) { return std::max(x.data()[i[0]], 0.0); }) == "");
    CHECK(relu(-3.0) == 0.0);
    if constexpr (LOOM_SIMD) CHECK(simd_of<double>(relu(x)));
    // a typed parameter runs element by element; so does a body with ?:
    auto piecewise = loom::vectorize([](double v) { return v < 0 ? -v : v * v; });
    const loom::array<double> q = piecewise(x);
    CHECK(ref::mismatch(q, {5}, [&](const index_t& i) {
              const double v = x.data()[i[0]];
              return v < 0 ? -v : v * v;
          }) == "");
    CHECK_FALSE(simd_of<double>(piecewise(x)));
    // captures, by value and by reference
    double scale = 3;
    auto scaled = loom::vectorize([&scale](auto v) { return v * scale; });
    scale = 4;
    const loom::array<double> sc = scaled(x);
    CHECK(sc.data()[4] == 8.0);
    // map: one call, several operands broadcast
    const loom::array<double> col = {{1.0}, {2.0}};
    const loom::array<double> m = loom::map([](auto u, auto v) { return u * 10 + v; }, col, x);
    CHECK(m.shape() == shape_t{2, 5});
    CHECK(m.data()[5 + 4] == 22.0);
    // complex numbers, element by element
    const loom::array<std::complex<double>> z = {std::complex<double>(1, 2), std::complex<double>(0, -1)};
    const loom::array<double> re = loom::map([](auto w) { return std::real(w * w); }, z);
    CHECK(re.data()[0] == -3.0);
}

TEST_CASE("vectorize follows the tree's rules: broadcasting errors, in-place shapes, aliasing, threads",
          "[expr][vectorize]") {
    auto add = loom::vectorize([](auto u, auto v) { return u + v; });
    const loom::array<double> a = ref::filled<double>({3, 4}, 1), b = ref::filled<double>({5}, 2);
    CHECK_THROWS_AS(loom::array<double>(add(a, b)), loom::broadcast_error);
    loom::array<double> r = loom::zeros<double>({3, 4});
    const loom::array<double> before = r;
    CHECK_THROWS_AS(r += add(a, ref::filled<double>({3, 1, 4}, 3)), loom::broadcast_error);
    CHECK(ref::mismatch(r, {3, 4}, [](const index_t&) { return 0.0; }) == "");  // nothing written
    // aliasing: the target read shifted by one along the axis
    loom::array<double> s = ref::iota<double>({10});
    loom::view(s, loom::range(1, loom::none)) = add(loom::view(s, loom::range(0, 9)), 0.0);
    CHECK(ref::mismatch(s, {10}, [](const index_t& i) { return i[0] == 0 ? 0.0 : static_cast<double>(i[0] - 1); }) ==
          "");
    // a large assignment on threads gives the loop's values, f called once per element
    std::atomic<long> calls{0};
    auto counted = loom::vectorize([&calls](double v) {
        calls.fetch_add(1, std::memory_order_relaxed);
        return v * 2;
    });
    const loom::array<double> big = ref::iota<double>({1 << 18});
    loom::array<double> out = counted(big);
    CHECK(calls.load() == (1 << 18));
    CHECK(ref::mismatch(out, {1 << 18}, [](const index_t& i) { return 2.0 * static_cast<double>(i[0]); }) == "");
}

TEMPLATE_LIST_TEST_CASE("element-wise functions on numbers give numbers", "[expr][functions][numbers]",
                        ref::float_types) {
    using T = TestType;
    static_assert(std::is_same_v<decltype(loom::exp(T(1))), T>);
    CHECK(loom::exp(T(1)) == std::exp(T(1)));
    CHECK(loom::tanh(T(0.5)) == std::tanh(T(0.5)));
    CHECK(loom::hypot(T(3), T(4)) == T(5));
    CHECK(loom::maximum(T(2), T(-1)) == T(2));
    CHECK(std::isnan(loom::maximum(T(2), std::numeric_limits<T>::quiet_NaN())));  // NaN propagates, as on arrays
    CHECK(loom::clip(T(5), T(0), T(1)) == T(1));
    CHECK(loom::where(true, T(1), T(2)) == T(1));
    CHECK(loom::where(0.5, T(1), T(2)) == T(1));  // a condition of 0.5 is true
    CHECK(loom::isnan(std::numeric_limits<T>::quiet_NaN()));
    // integers compute in double, as on arrays
    static_assert(std::is_same_v<decltype(loom::sqrt(4)), double>);
    CHECK(loom::sqrt(4) == 2.0);
    static_assert(std::is_same_v<decltype(loom::abs(-3)), int>);
    CHECK(loom::abs(std::complex<T>(3, 4)) == T(5));
}

#if LOOM_SIMD
TEST_CASE("element-wise functions on SIMD batches give batches", "[expr][functions][numbers]") {
    using B = loom::simd::batch<double>;
    const B x(0.25);
    static_assert(std::is_same_v<decltype(loom::exp(x)), B>);
    static_assert(std::is_same_v<decltype(loom::maximum(x, 1.0)), B>);
    CHECK(loom::simd::sum(loom::maximum(x, 1.0)) == Approx(1.0 * B::size));
    CHECK(loom::simd::sum(loom::exp(x)) == Approx(std::exp(0.25) * B::size));
    CHECK(loom::simd::sum(loom::where(x > 0.5, x, 2.0)) == Approx(2.0 * B::size));
}
#endif
