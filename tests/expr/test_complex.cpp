// tests/expr/test_complex.cpp: complex element types: promotion, arithmetic in SIMD and in the scalar tail on every
// layout, the functions of complex numbers (branch cuts and special values), reductions and in-place assignment.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;
using ref::index_t;
using cf = std::complex<float>;
using cd = std::complex<double>;

// The Array API's promotion with complex types, loom's integer-with-floating rule, and NEP 50's weak C++ numbers.
static_assert(std::is_same_v<loom::promote_t<cf, double>, cd>);
static_assert(std::is_same_v<loom::promote_t<cf, float>, cf>);
static_assert(std::is_same_v<loom::promote_t<cf, cd>, cd>);
static_assert(std::is_same_v<loom::promote_t<std::int64_t, cf>, cf>);
static_assert(std::is_same_v<loom::promote_t<bool, cd>, cd>);
static_assert(std::is_same_v<decltype(loom::array<float>{} * cd{})::value_type, cf>);  // a complex number takes float's precision
static_assert(std::is_same_v<decltype(loom::array<int>{} * cd{})::value_type, cd>);
static_assert(std::is_same_v<decltype(loom::array<cf>{} * 2.0)::value_type, cf>);
static_assert(std::is_same_v<decltype(loom::abs(loom::array<cf>{}))::value_type, float>);
static_assert(std::is_same_v<decltype(loom::real(loom::array<cd>{}))::value_type, double>);
static_assert(std::is_same_v<decltype(loom::exp(loom::array<cf>{}))::value_type, cf>);
static_assert(std::is_same_v<decltype(loom::var(loom::array<cf>{}))::value_type, float>);
static_assert(loom::can_cast_v<float, cf> && loom::can_cast_v<cf, cd> && !loom::can_cast_v<double, cf> &&
              !loom::can_cast_v<cd, double>);
static_assert(std::is_same_v<loom::result_type_t<loom::array<cf>, double>, cd>);
static_assert(loom::finfo<cd>::eps == std::numeric_limits<double>::epsilon());
static_assert(!loom::applicable<loom::ops::less, loom::array<cd>&, loom::array<cd>&>);
static_assert(!loom::applicable<loom::ops::maximum, loom::array<cd>&, double>);
static_assert(!loom::applicable<loom::ops::floor, loom::array<cf>&>);
static_assert(!loom::applicable<loom::ops::remainder, loom::array<cf>&, float>);
static_assert(!loom::applicable<loom::ops::atan2, loom::array<cd>&, loom::array<cd>&>);
static_assert(!loom::applicable<loom::ops::bit_and, loom::array<cd>&, loom::array<cd>&>);
#if LOOM_SIMD
// The arithmetic and the parts run in batches of complex numbers, real leaves converted in registers.
static_assert(loom::detail::runs_simd<cd, decltype(loom::array<cd>{} * loom::array<cd>{} + loom::array<double>{})>);
static_assert(loom::detail::runs_simd<float, decltype(loom::abs(loom::array<cf>{}) + loom::real(loom::array<cf>{}))>);
static_assert(loom::detail::runs_simd<bool, decltype(loom::array<cd>{} == loom::conj(loom::array<cd>{}))>);
static_assert(loom::detail::runs_simd<cf, decltype(loom::array<cf>{} / loom::array<cf>{} + loom::reciprocal(loom::array<cf>{}))>);
#endif

namespace {

// A value for element i of operand `seed`: both parts in [-4, 4] (the real part alone for real types).
template <class T>
T value(std::size_t i, std::size_t seed) {
    const auto part = [&](std::size_t s) {
        const std::size_t h = (i * 2654435761u + s * 40503u) % 1009;
        return -4.0 + 8.0 * static_cast<double>(h) / 1008.0;
    };
    if constexpr (loom::is_complex_v<T>) {
        using R = typename T::value_type;
        return T(static_cast<R>(part(seed)), static_cast<R>(part(seed + 101)));
    } else {
        return static_cast<T>(part(seed));
    }
}

enum class layout { contiguous, strided, reversed };

// An operand of shape s whose element at index idx is value<T>(row-major index of idx, seed), in a layout:
// contiguous, every other element, or reversed along the last axis.
template <class T>
struct laid {
    std::vector<std::size_t> shape;
    std::size_t seed;
    loom::array<T> buf;
    loom::strided_view<const T> view;
    laid(std::vector<std::size_t> s, std::size_t sd, layout k)
        : shape(std::move(s)), seed(sd), buf(shape_t{2 * ref::count(shape) + 1}), view(make(k)) {}
    T at(const index_t& idx) const { return value<T>(static_cast<std::size_t>(ref::offset(idx, shape)), seed); }

private:
    loom::strided_view<const T> make(layout k) {
        std::vector<std::ptrdiff_t> st = ref::row_major(shape);
        std::ptrdiff_t start = 0;
        const std::size_t r = shape.size();
        if (k == layout::strided)
            for (auto& x : st) x *= 2;
        if (k == layout::reversed && r > 0 && shape[r - 1] > 0) {
            start = static_cast<std::ptrdiff_t>(shape[r - 1] - 1);
            st[r - 1] = -st[r - 1];
        }
        std::size_t flat = 0;
        ref::for_each_index(shape, [&](const index_t& idx) {
            std::ptrdiff_t off = start;
            for (std::size_t d = 0; d < r; ++d) off += static_cast<std::ptrdiff_t>(idx[d]) * st[d];
            buf.data()[off] = value<T>(flat++, seed);
        });
        return {buf.data() + start, ref::to_shape(shape), loom::strides_t(st.begin(), st.end())};
    }
};

// e(a, b) equals want(x, y) within tol for a and b in each layout and in broadcast shapes (a broadcast
// column is a splatted leaf), into a new array, into an array of its shape and into a strided target.
template <class R, class A, class B, class E, class Want>
void law2(E e, Want want, ref::tolerance tol = {}) {
    const std::vector<std::vector<std::vector<std::size_t>>> shapes = {
        {{0}, {0}, {0}},       {{1}, {1}, {1}},       {{3}, {3}, {3}},           {{8}, {8}, {8}},
        {{17}, {17}, {17}},    {{33}, {33}, {33}},    {{5, 19}, {19}, {5, 19}},  {{5, 1}, {1, 21}, {5, 21}},
        {{6, 70}, {6, 1}, {6, 70}}, {{1}, {40}, {40}}, {{4, 1, 9}, {3, 1}, {4, 3, 9}},
    };
    for (const auto& s : shapes) {
        for (layout ka : {layout::contiguous, layout::strided, layout::reversed}) {
            const layout kb = ka == layout::contiguous ? layout::reversed : layout::contiguous;
            const laid<A> a(s[0], 1, ka);
            const laid<B> b(s[1], 2, kb);
            INFO("a " << ref::to_shape(s[0]) << " layout " << int(ka) << ", b " << ref::to_shape(s[1]));
            const auto expect = [&](const index_t& i) { return static_cast<R>(want(a.at(i), b.at(i))); };
            const loom::array<R> fresh = e(a.view, b.view);
            CHECK(ref::mismatch_within(fresh, s[2], expect, tol) == "");
            loom::array<R> same(ref::to_shape(s[2]));
            same = e(a.view, b.view);
            CHECK(ref::mismatch_within(same, s[2], expect, tol) == "");
            std::vector<std::size_t> wide = s[2];
            wide.back() *= 2;
            loom::array<R> big(ref::to_shape(wide), R(7));
            auto target = loom::view(big, loom::ellipsis, loom::range(0, loom::none, 2));
            target = e(a.view, b.view);
            const loom::array<R> got = target;
            CHECK(ref::mismatch_within(got, s[2], expect, tol) == "");
            bool gaps = true;
            for (std::size_t j = 1; j < big.size(); j += 2) gaps = gaps && big.data()[j] == R(7);
            CHECK(gaps);
        }
    }
}

// The schoolbook product (NumPy's, and loom's: no C99 Annex G rescue of infinities).
template <class T>
T times(T a, T b) {
    return T(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
}

template <class T>
ref::tolerance ulps(double n) {
    const double eps = std::numeric_limits<loom::real_of_t<T>>::epsilon();
    return {n * eps, 64 * n * eps};  // products of numbers up to |4 + 4i| may cancel: an absolute part
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("complex arithmetic on every layout", "[expr][complex]", ref::complex_types) {
    using T = TestType;
    using R = loom::real_of_t<T>;
    law2<T, T, T>([](const auto& a, const auto& b) { return a + b; }, [](T x, T y) { return x + y; });
    law2<T, T, T>([](const auto& a, const auto& b) { return a - b; }, [](T x, T y) { return x - y; });
    law2<T, T, T>([](const auto& a, const auto& b) { return a * b; }, [](T x, T y) { return times(x, y); },
                  ulps<T>(4));
    law2<T, T, T>([](const auto& a, const auto& b) { return a / b; }, [](T x, T y) { return x / y; }, ulps<T>(8));
    law2<T, T, R>([](const auto& a, const auto& b) { return b / a; }, [](T x, R y) { return T(y) / x; }, ulps<T>(8));
    law2<T, T, T>([](const auto& a, const auto& b) { return a * b + a; },
                  [](T x, T y) { return times(x, y) + x; }, ulps<T>(8));
    law2<T, T, T>([](const auto& a, const auto& b) { return -a + loom::conj(b); },
                  [](T x, T y) { return -x + std::conj(y); });
    // a real operand: its numbers are the real parts
    law2<T, T, R>([](const auto& a, const auto& b) { return a * b - R(2); },
                  [](T x, R y) { return T(x.real() * y, x.imag() * y) - T(2); }, ulps<T>(4));
    law2<T, R, T>([](const auto& a, const auto& b) { return a + b; }, [](R x, T y) { return T(x) + y; });
    // the parts and the modulus, real results
    law2<R, T, T>([](const auto& a, const auto& b) { return loom::abs(a) + loom::real(b) * loom::imag(b); },
                  [](T x, T y) { return std::abs(x) + y.real() * y.imag(); }, ulps<T>(4));
    law2<bool, T, T>([](const auto& a, const auto& b) { return a == b; }, [](T x, T y) { return x == y; });
    law2<bool, T, T>([](const auto& a, const auto& b) { return loom::logical_or(a != loom::conj(a), b == b); },
                     [](T x, T) { return x != std::conj(x) || true; });
    law2<T, T, T>([](const auto& a, const auto& b) { return loom::where(loom::real(a) > R(0), a, b); },
                  [](T x, T y) { return x.real() > 0 ? x : y; });
    law2<T, T, T>([](const auto& a, const auto& b) { return loom::square(a) + loom::reciprocal(b); },
                  [](T x, T y) { return times(x, x) + T(1) / y; }, ulps<T>(8));
}

TEST_CASE("complex types mixed: float with complex<double>, integers, C++ numbers", "[expr][complex]") {
    const loom::array<float> f = {1.5f, -2.0f, 0.25f};
    const loom::array<int> i = {1, 2, 3};
    loom::array<cf> z(shape_t{3});
    z.fill(cf(1, -1));
    const loom::array<cd> w = z * f + i;  // complex<float> with float and int: complex<float>, stored widened
    CHECK(ref::same(w(0), cd(2.5, -1.5)));
    CHECK(ref::same(w(1), cd(0.0, 2.0)));
    const loom::array<cf> g = f * cd(0, 2);  // a complex C++ number takes float's precision
    CHECK(ref::same(g(2), cf(0, 0.5f)));
    const loom::array<cd> h = loom::astype<cd>(i) + cd(0, 1);
    CHECK(ref::same(h(1), cd(2, 1)));
    const loom::array<bool> nz = loom::astype<bool>(h - cd(1, 1));  // true where not zero
    CHECK(ref::mismatch(nz, {3}, [](const index_t& k) { return k[0] != 0; }) == "");
    const loom::array<cf> narrowed = loom::astype<cf>(h);
    CHECK(ref::same(narrowed(2), cf(3, 1)));
}

TEST_CASE("complex arrays in place: +=, *= with real and complex operands, view assignment", "[expr][complex]") {
    loom::array<cd> z(shape_t{2, 3});
    z.fill(cd(1, 2));
    const loom::array<double> col = {{2.0}, {-1.0}};
    z *= col;  // broadcast along the rows
    CHECK(ref::same(z(0, 1), cd(2, 4)));
    CHECK(ref::same(z(1, 2), cd(-1, -2)));
    z += cd(0, 1);
    CHECK(ref::same(z(1, 0), cd(-1, -1)));
    loom::view(z, 0, loom::all) = loom::conj(loom::view(z, 1, loom::all));
    CHECK(ref::same(z(0, 2), cd(-1, 1)));
    z(1, 1) = cd(5, 5);
    CHECK(ref::same(z(1, 1), cd(5, 5)));
    // a rejected assignment writes nothing
    const loom::array<cd> before = z;
    CHECK_THROWS_AS(z += loom::array<cd>(shape_t{4}), loom::broadcast_error);
    CHECK(ref::mismatch(z, {2, 3}, [&](const index_t& i) { return before(i[0], i[1]); }) == "");
}

TEST_CASE("abs of complex numbers: no overflow, infinities and NaN as hypot", "[expr][complex]") {
    const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    // in the SIMD lanes and in the tail: 9 elements
    const std::vector<cd> in = {cd(3, 4),     cd(1e300, 1e300), cd(1e-300, 1e-300), cd(0, 0),   cd(-0.0, -5),
                                cd(inf, nan), cd(nan, -inf),    cd(nan, 1),         cd(-2, 0)};
    const std::vector<double> want = {5, std::sqrt(2.0) * 1e300, std::sqrt(2.0) * 1e-300, 0, 5, inf, inf, nan, 2};
    for (std::size_t rep = 0; rep < 2; ++rep) {
        loom::array<cd> z(shape_t{rep ? 9u : 1u});
        for (std::size_t k = 0; k < in.size(); ++k) {
            if (rep == 0) z(0) = in[k];
            else z(k) = in[k];
            if (rep == 0) {
                const loom::array<double> m = loom::abs(z);
                CHECK(ref::near(m(0), want[k], 4e-16, 0));
            }
        }
        if (rep == 1) {
            const loom::array<double> m = loom::abs(z);
            for (std::size_t k = 0; k < in.size(); ++k) {
                INFO(k);
                CHECK(ref::near(m(k), want[k], 4e-16, 0));
            }
        }
    }
    const loom::array<cf> f = {cf(3e30f, 4e30f)};  // would overflow float as x*x + y*y
    CHECK(ref::near(loom::array<float>(loom::abs(f))(0), 5e30f, 4e-7, 0));
}

TEST_CASE("complex division: Smith's method, in the SIMD lanes and the tail", "[expr][complex]") {
    const double inf = std::numeric_limits<double>::infinity(), big = 1e300;
    // 9 quotients: SIMD lanes and the scalar tail; the reference is worked out by hand
    const std::vector<cd> num = {cd(1, 2), cd(big, big), cd(1, 1), cd(1, 0), cd(-2, 0), cd(4, 2), cd(0, 0), cd(3, 4), cd(1, -1)};
    const std::vector<cd> den = {cd(3, 4), cd(big, -big), cd(0, 0), cd(0, 2), cd(1e-300, 1e-300), cd(2, 0), cd(1, 1), cd(0, 1), cd(-1, 0)};
    const std::vector<cd> want = {cd(0.44, 0.08), cd(0, 1), cd(inf, inf), cd(0, -0.5), cd(-1e300, 1e300), cd(2, 1),
                                  cd(0, 0), cd(4, -3), cd(-1, 1)};
    loom::array<cd> a(shape_t{9}), b(shape_t{9});
    for (std::size_t k = 0; k < 9; ++k) {
        a(k) = num[k];
        b(k) = den[k];
    }
    const loom::array<cd> q = a / b;
    for (std::size_t k = 0; k < 9; ++k) {
        INFO(k << ": " << num[k] << " / " << den[k] << " gives " << q(k));
        CHECK(ref::near(q(k), want[k], 1e-15, 0));
    }
}

TEST_CASE("functions of complex numbers: branch cuts and special values", "[expr][complex]") {
    const double pi = 3.14159265358979323846, ln2p = std::log(2 + std::sqrt(3.0));  // acosh(2)
    const auto one = [](auto f, cd z) {
        const loom::array<cd> a = {z};
        return cd(loom::array<cd>(f(a))(0));
    };
    const auto near = [](cd got, cd want) {
        INFO("got " << got << ", want " << want);
        return ref::near(got, want, 1e-15, 1e-15);
    };
    const auto sqrt = [](const auto& a) { return loom::sqrt(a); };
    const auto log = [](const auto& a) { return loom::log(a); };
    const auto asin = [](const auto& a) { return loom::asin(a); };
    const auto acos = [](const auto& a) { return loom::acos(a); };
    const auto atanh = [](const auto& a) { return loom::atanh(a); };
    const auto atan = [](const auto& a) { return loom::atan(a); };
    // the cuts along the negative real axis (sqrt, log) and beyond +-1 (asin, acos, atanh): the sign of a zero
    // imaginary part picks the side
    CHECK(near(one(sqrt, cd(-4, 0.0)), cd(0, 2)));
    CHECK(near(one(sqrt, cd(-4, -0.0)), cd(0, -2)));
    CHECK(near(one(log, cd(-1, 0.0)), cd(0, pi)));
    CHECK(near(one(log, cd(-1, -0.0)), cd(0, -pi)));
    CHECK(near(one(asin, cd(2, 0.0)), cd(pi / 2, ln2p)));
    CHECK(near(one(asin, cd(2, -0.0)), cd(pi / 2, -ln2p)));
    CHECK(near(one(acos, cd(2, 0.0)), cd(0, -ln2p)));
    CHECK(near(one(acos, cd(2, -0.0)), cd(0, ln2p)));
    CHECK(near(one(atanh, cd(2, 0.0)), cd(std::log(3.0) / 2, pi / 2)));
    CHECK(near(one(atanh, cd(2, -0.0)), cd(std::log(3.0) / 2, -pi / 2)));
    CHECK(near(one(atan, cd(0, 2.0)), cd(pi / 2, std::log(3.0) / 2)));
    CHECK(near(one(atan, cd(-0.0, 2.0)), cd(-pi / 2, std::log(3.0) / 2)));
    // exp(i pi) = -1; log of a zero is -inf; sign is z / |z|
    CHECK(near(one([](const auto& a) { return loom::exp(a); }, cd(0, pi)), cd(-1, 0)));
    const cd l0 = one(log, cd(0, 0));
    CHECK((l0.real() == -std::numeric_limits<double>::infinity() && l0.imag() == 0));
    CHECK(near(one([](const auto& a) { return loom::sign(a); }, cd(3, -4)), cd(0.6, -0.8)));
    CHECK(ref::same(one([](const auto& a) { return loom::sign(a); }, cd(0, 0)), cd(0, 0)));
    // expm1 keeps its accuracy near 0, where exp(z) - 1 loses it
    CHECK(near(one([](const auto& a) { return loom::expm1(a); }, cd(1e-10, 1e-10)), cd(1e-10, 1e-10)));
    CHECK(near(one([](const auto& a) { return loom::expm1(a); }, cd(1, pi / 2)), cd(-1, std::exp(1.0))));
    CHECK(near(one([](const auto& a) { return loom::log2(a); }, cd(0, 8)), cd(3, pi / 2 / std::log(2.0))));
    // log1p's cut below -1: the sign of a zero imaginary part picks the side
    CHECK(near(one([](const auto& a) { return loom::log1p(a); }, cd(-3, 0.0)), cd(std::log(2.0), pi)));
    CHECK(near(one([](const auto& a) { return loom::log1p(a); }, cd(-3, -0.0)), cd(std::log(2.0), -pi)));
    CHECK(near(one([](const auto& a) { return loom::log10(a); }, cd(-100, 0.0)), cd(2, pi / std::log(10.0))));
    CHECK(near(one([](const auto& a) { return loom::pow(a, 2.0); }, cd(1, 1)), cd(0, 2)));
    // predicates look at both parts
    const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    const loom::array<cd> z = {cd(1, nan), cd(inf, 0), cd(1, 2), cd(0, 0)};
    CHECK(ref::mismatch(loom::array<bool>(loom::isnan(z)), {4}, [](const index_t& i) { return i[0] == 0; }) == "");
    CHECK(ref::mismatch(loom::array<bool>(loom::isinf(z)), {4}, [](const index_t& i) { return i[0] == 1; }) == "");
    CHECK(ref::mismatch(loom::array<bool>(loom::isfinite(z)), {4}, [](const index_t& i) { return i[0] >= 2; }) == "");
    CHECK(ref::mismatch(loom::array<bool>(loom::logical_not(z)), {4}, [](const index_t& i) { return i[0] == 3; }) == "");
}

TEMPLATE_TEST_CASE("math functions of complex numbers match the C++ library's", "[expr][complex]", cf, cd) {
    using T = TestType;
    loom::array<T> z(shape_t{37});
    for (std::size_t i = 0; i < z.size(); ++i) z(i) = value<T>(i, 5);
    const auto check = [&](auto f, auto g) {
        const loom::array<T> got = f(z);
        CHECK(ref::mismatch_within(got, {37}, [&](const index_t& i) { return g(z(i[0])); }, ulps<T>(4)) == "");
    };
    check([](const auto& a) { return loom::exp(a); }, [](T x) { return std::exp(x); });
    check([](const auto& a) { return loom::log(a); }, [](T x) { return std::log(x); });
    check([](const auto& a) { return loom::sqrt(a); }, [](T x) { return std::sqrt(x); });
    check([](const auto& a) { return loom::sin(a); }, [](T x) { return std::sin(x); });
    check([](const auto& a) { return loom::cos(a); }, [](T x) { return std::cos(x); });
    check([](const auto& a) { return loom::tan(a); }, [](T x) { return std::tan(x); });
    check([](const auto& a) { return loom::sinh(a); }, [](T x) { return std::sinh(x); });
    check([](const auto& a) { return loom::cosh(a); }, [](T x) { return std::cosh(x); });
    check([](const auto& a) { return loom::tanh(a); }, [](T x) { return std::tanh(x); });
    check([](const auto& a) { return loom::asin(a); }, [](T x) { return std::asin(x); });
    check([](const auto& a) { return loom::acos(a); }, [](T x) { return std::acos(x); });
    check([](const auto& a) { return loom::atan(a); }, [](T x) { return std::atan(x); });
    check([](const auto& a) { return loom::asinh(a); }, [](T x) { return std::asinh(x); });
    check([](const auto& a) { return loom::acosh(a); }, [](T x) { return std::acosh(x); });
    check([](const auto& a) { return loom::atanh(a); }, [](T x) { return std::atanh(x); });
    check([](const auto& a) { return loom::log10(a); }, [](T x) { return std::log10(x); });
    check([](const auto& a) { return loom::pow(a, a); }, [](T x) { return std::pow(x, x); });
    check([](const auto& a) { return loom::expm1(a); }, [](T x) { return std::exp(x) - T(1); });
    check([](const auto& a) { return loom::log1p(a); }, [](T x) { return std::log(x + T(1)); });
}

TEMPLATE_TEST_CASE("reductions of complex numbers", "[expr][complex][reduce]", cf, cd) {
    using T = TestType;
    using R = loom::real_of_t<T>;
    loom::array<T> z(shape_t{5, 203});
    for (std::size_t i = 0; i < 5; ++i)
        for (std::size_t j = 0; j < 203; ++j) z(i, j) = value<T>(i * 203 + j, 3);
    const auto tol = ulps<T>(64);
    // the reference in double precision, row by row
    std::vector<cd> rows(5, 0), prods(5, 1), dots(5, 0);
    std::vector<double> sq(5, 0);
    for (std::size_t i = 0; i < 5; ++i)
        for (std::size_t j = 0; j < 203; ++j) {
            const cd x(z(i, j));
            rows[i] += x;
            if (j < 8) prods[i] *= x;
            dots[i] += std::conj(x) * x;
        }
    for (std::size_t i = 0; i < 5; ++i)
        for (std::size_t j = 0; j < 203; ++j) sq[i] += std::norm(cd(z(i, j)) - rows[i] / 203.0);
    const loom::array<T> s = loom::sum(z, 1), m = loom::mean(z, -1);
    CHECK(ref::mismatch_within(s, {5}, [&](const index_t& i) { return T(rows[i[0]]); }, tol) == "");
    CHECK(ref::mismatch_within(m, {5}, [&](const index_t& i) { return T(rows[i[0]] / 203.0); }, tol) == "");
    const loom::array<T> p = loom::prod(loom::view(z, loom::all, loom::range(0, 8)), 1);
    CHECK(ref::mismatch_within(p, {5}, [&](const index_t& i) { return T(prods[i[0]]); }, tol) == "");
    const loom::array<R> v = loom::var(z, 1), sd = loom::stddev(z, 1, loom::correction(1));
    CHECK(ref::mismatch_within(v, {5}, [&](const index_t& i) { return R(sq[i[0]] / 203); }, tol) == "");
    CHECK(ref::mismatch_within(sd, {5}, [&](const index_t& i) { return R(std::sqrt(sq[i[0]] / 202)); }, tol) == "");
    const loom::array<T> d = loom::vecdot(z, z);  // conjugates its first operand: |z|^2 summed
    CHECK(ref::mismatch_within(d, {5}, [&](const index_t& i) { return T(dots[i[0]]); }, tol) == "");
    const T total = loom::sum(z);
    cd all = 0;
    for (const cd r : rows) all += r;
    CHECK(ref::near(total, T(all), tol.rel, tol.abs));
    // a running product starts from the first element itself: inf + 1i stays so (1 * (inf + 1i) has a NaN part)
    const R inf = std::numeric_limits<R>::infinity(), nan = std::numeric_limits<R>::quiet_NaN();
    const loom::array<T> cp = loom::cumulative_prod(loom::array<T>{T(inf, 1), T(nan, 6)});
    CHECK(ref::same(cp(0), T(inf, 1)));
    CHECK(ref::same(loom::array<T>(loom::cumulative_prod(loom::array<T>{T(nan, 6)}))(0), T(nan, 6)));
    const loom::array<T> cs = loom::cumulative_sum(z, 1);
    CHECK(ref::near(cs(3, 202), T(rows[3]), tol.rel, tol.abs));
    // along the outer axis, and fused into an element-wise expression
    const loom::array<T> cols = loom::sum(z, 0) * T(0, 1);
    CHECK(ref::near(cols(7), T(0, 1) * (z(0, 7) + z(1, 7) + z(2, 7) + z(3, 7) + z(4, 7)), tol.rel, tol.abs));
    CHECK(std::int64_t(loom::count_nonzero(z)) == 5 * 203);
    CHECK(bool(loom::any(z - z)) == false);
}

TEST_CASE("complex arrays with threads: a large product", "[expr][complex][threads]") {
    const loom::threads_scope two(2);
    loom::array<cd> a(shape_t{300, 700}), b(shape_t{700});
    for (std::size_t i = 0; i < a.size(); ++i) a.data()[i] = value<cd>(i, 1);
    for (std::size_t i = 0; i < b.size(); ++i) b.data()[i] = value<cd>(i, 2);
    const loom::array<cd> r = a * b + a;
    CHECK(ref::mismatch_within(r, {300, 700}, [&](const index_t& i) { return times(a(i[0], i[1]), b(i[1])) + a(i[0], i[1]); },
                               ulps<cd>(8)) == "");
}

TEST_CASE("complex arrays: creation, views, broadcasting of expressions", "[expr][complex]") {
    const loom::array<cd> z = loom::linspace<cd>(cd(0, 1), cd(2, -1), 5);
    CHECK(ref::mismatch(z, {5}, [](const index_t& i) { return cd(0.5 * double(i[0]), 1 - 0.5 * double(i[0])); }) == "");
    CHECK(ref::same(loom::eye<cf>(2)(1, 1), cf(1, 0)));
    CHECK(ref::same(loom::full(shape_t{2}, cd(1, 2))(1), cd(1, 2)));
    CHECK(ref::same(loom::zeros_like(z)(4), cd(0, 0)));
    loom::array<cd> m(shape_t{2, 3});
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 3; ++j) m(i, j) = cd(double(i), double(j));
    const loom::array<cd> t = loom::transpose(m);
    CHECK(t.shape() == shape_t{3, 2});
    CHECK(ref::same(t(2, 1), cd(1, 2)));
    const loom::array<cd> r = loom::reshape(m * cd(0, 1), {3, 2});  // an expression reshaped: evaluated once
    CHECK(ref::same(r(2, 1), cd(-2, 1)));
    const loom::array<cd> sum_t = loom::transpose(m + m);  // a lazy view of an expression
    CHECK(ref::same(sum_t(1, 1), cd(2, 2)));
    const loom::array<cd> b = loom::broadcast_to(loom::view(m, 1, loom::all), {4, 3});
    CHECK(ref::same(b(3, 2), cd(1, 2)));
    const loom::array<double> flat = loom::imag(loom::flatten(m));
    CHECK(ref::mismatch(flat, {6}, [](const index_t& i) { return double(i[0] % 3); }) == "");
}

TEST_CASE("complex numbers in static shapes, comparisons of whole arrays, shared means, std interop", "[expr][complex]") {
    loom::fixed_array<cd, 2, 3> f;
    f = loom::full(shape_t{3}, cd(1, 1)) * 2.0;  // a static target, a run-time operand
    CHECK(ref::same(f(1, 2), cd(2, 2)));
    loom::tensor<cf, 2> t = loom::conj(loom::full(shape_t{2, 2}, cf(0, 3)));
    CHECK(ref::same(t(1, 0), cf(0, -3)));
    const loom::array<cd> a = {cd(1, 1), cd(2, -1)};
    CHECK(loom::array_equal(a, a * 1.0));
    CHECK(loom::allclose(a, a + cd(0, 1e-9)));
    CHECK_FALSE(loom::allclose(a, a + cd(0, 1e-3)));
    CHECK(loom::allclose(loom::real(a), loom::array<double>{1, 2}));
    // mean and var of one array in one assignment share the mean
    const loom::array<cd> both = loom::mean(a) + loom::var(a);
    CHECK(ref::near(both(), cd(1.5 + 1.25, 0), 1e-15, 0));
    const std::vector<cd> v = loom::to_vector(a * cd(0, 1));
    CHECK(ref::same(v[1], cd(1, 2)));
    const loom::array<cf> back = loom::asarray<cf>(std::vector<cf>{cf(1, 2), cf(3, 4)}, {2});
    CHECK(ref::same(back(1), cf(3, 4)));
}
