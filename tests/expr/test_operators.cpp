// tests/expr/test_operators.cpp: every C++ operator on loom expressions, checked against plain loops.
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

// Operands of three ranks that broadcast to (3, 4, 5): a (3,4,5), b (5), c (4,1).
template <class T>
struct operands {
    std::vector<std::size_t> as{3, 4, 5}, bs{5}, cs{4, 1}, rs{3, 4, 5};
    loom::array<T> a = ref::filled<T>(as, 1);
    loom::array<T> b = ref::filled<T>(bs, 2);
    loom::array<T> c = ref::filled<T>(cs, 3);
    T av(const index_t& i) const { return a.data()[ref::offset(i, as)]; }
    T bv(const index_t& i) const { return b.data()[ref::offset(i, bs)]; }
    T cv(const index_t& i) const { return c.data()[ref::offset(i, cs)]; }
};

// C++ semantics of loom's integer division and remainder (x / 0 and x % 0 are 0).
template <class T>
T divide(T x, T y) {
    if constexpr (std::is_same_v<T, bool>) return y ? x : false;
    else if constexpr (std::is_integral_v<T>) return y == 0 ? T(0) : static_cast<T>(x / y);
    else return x / y;
}
template <class T>
T modulo(T x, T y) {
    if constexpr (std::is_same_v<T, bool>) return false;
    else if constexpr (std::is_integral_v<T>) return y == 0 ? T(0) : static_cast<T>(x % y);
    else return std::fmod(x, y);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("+ - * over three ranks of operands", "[expr][operators][arithmetic]", ref::all_types) {
    using T = TestType;
    const operands<T> o;
    const loom::array<T> r1 = o.a + o.b - o.c;
    CHECK(ref::mismatch(r1, o.rs, [&](const index_t& i) {
              return static_cast<T>(static_cast<T>(o.av(i) + o.bv(i)) - o.cv(i));
          }) == "");
    const loom::array<T> r2 = o.a * o.b + o.c * o.c;
    CHECK(ref::mismatch(r2, o.rs, [&](const index_t& i) {
              // one operation a statement: no a*b+c contracted into an FMA here
              const T p = static_cast<T>(o.av(i) * o.bv(i));
              const T q = static_cast<T>(o.cv(i) * o.cv(i));
              return static_cast<T>(p + q);
          }) == "");
    // the low-rank operand on the left
    const loom::array<T> r3 = o.c - o.a;
    CHECK(ref::mismatch(r3, o.rs, [&](const index_t& i) { return static_cast<T>(o.cv(i) - o.av(i)); }) == "");
}

TEMPLATE_LIST_TEST_CASE("/ and % follow C++, with x / 0 and x % 0 giving 0", "[expr][operators][division]", ref::all_types) {
    using T = TestType;
    const operands<T> o;  // signed patterns hold -5..5, unsigned 0..10: zeros and -1s occur
    const loom::array<T> q = o.a / o.b;
    CHECK(ref::mismatch(q, o.rs, [&](const index_t& i) { return divide(o.av(i), o.bv(i)); }) == "");
    const loom::array<T> q2 = o.c / o.a;
    CHECK(ref::mismatch(q2, o.rs, [&](const index_t& i) { return divide(o.cv(i), o.av(i)); }) == "");
    if constexpr (!std::is_same_v<T, bool>) {
        const loom::array<T> m = o.a % o.b;
        CHECK(ref::mismatch(m, o.rs, [&](const index_t& i) { return modulo(o.av(i), o.bv(i)); }) == "");
    }
}

TEMPLATE_LIST_TEST_CASE("integer division by zero gives 0 and never traps", "[expr][operators][division]", ref::integer_types) {
    using T = TestType;
    constexpr T lo = std::numeric_limits<T>::min(), hi = std::numeric_limits<T>::max();
    const loom::array<T> a = {T(7), T(0), lo, hi, T(1), T(2), T(3), T(4), T(5), T(6), T(8), T(9), T(10), T(11), T(12), T(13), T(14)};
    const loom::array<T> z(shape_t{17});
    const loom::array<T> q = a / z;
    const loom::array<T> m = a % z;
    for (std::size_t i = 0; i < q.size(); ++i) {
        CHECK(q(i) == T(0));
        CHECK(m(i) == T(0));
    }
    const loom::array<T> qs = a / T(0);
    const loom::array<T> ms = a % 0;
    for (std::size_t i = 0; i < qs.size(); ++i) {
        CHECK(qs(i) == T(0));
        CHECK(ms(i) == T(0));
    }
    // the in-place forms too
    loom::array<T> r = a;
    r /= z;
    for (T v : r) CHECK(v == T(0));
    if constexpr (std::is_signed_v<T>) {
        // min / -1 wraps to min, min % -1 is 0 (no SIGFPE)
        const loom::array<T> mins = {lo, lo};
        const loom::array<T> neg = {T(-1), T(-1)};
        const loom::array<T> w = mins / neg;
        const loom::array<T> x = mins % neg;
        CHECK(w(0) == lo);
        CHECK(x(1) == T(0));
        // C++ truncation toward zero, remainder with the dividend's sign
        const loom::array<T> n = {T(-7), T(7), T(-7)};
        const loom::array<T> d = {T(2), T(-2), T(-2)};
        CHECK(loom::array_equal(n / d, loom::array<T>{T(-3), T(-3), T(3)}));
        CHECK(loom::array_equal(n % d, loom::array<T>{T(-1), T(1), T(-1)}));
    }
}

TEST_CASE("floating / and % follow IEEE and fmod", "[expr][operators][division]") {
    const double inf = std::numeric_limits<double>::infinity();
    const loom::array<double> a = {1, -1, 0, 7.5, -7.5};
    const loom::array<double> z = {0, 0, 0, 2, 2};
    const loom::array<double> q = a / z;
    CHECK(q(0) == inf);
    CHECK(q(1) == -inf);
    CHECK(std::isnan(q(2)));
    CHECK(q(3) == 3.75);
    const loom::array<double> m = a % z;
    CHECK(std::isnan(m(0)));
    CHECK(m(3) == 1.5);
    CHECK(m(4) == -1.5);
    const loom::array<float> f = {7.5f, -7.5f};
    const loom::array<float> mf = f % 2.0f;
    CHECK(mf(0) == 1.5f);
    CHECK(mf(1) == -1.5f);
}

TEMPLATE_LIST_TEST_CASE("unary minus and plus", "[expr][operators][unary]", ref::number_types) {
    using T = TestType;
    const operands<T> o;
    const loom::array<T> n = -o.a;
    CHECK(ref::mismatch(n, o.as, [&](const index_t& i) { return static_cast<T>(-o.av(i)); }) == "");
    const loom::array<T> p = +o.a;
    CHECK(ref::mismatch(p, o.as, [&](const index_t& i) { return o.av(i); }) == "");
    const loom::array<T> nn = -(o.a - o.b);
    CHECK(ref::mismatch(nn, o.rs, [&](const index_t& i) { return static_cast<T>(-static_cast<T>(o.av(i) - o.bv(i))); }) == "");
    if constexpr (std::is_signed_v<T> && std::is_integral_v<T>) {
        const loom::array<T> m = {std::numeric_limits<T>::min()};
        CHECK(loom::eval(-m)(0) == std::numeric_limits<T>::min());  // wraps, no UB
    }
}

TEMPLATE_LIST_TEST_CASE("bitwise & | ^ ~ on integers and bool", "[expr][operators][bitwise]", ref::all_types) {
    using T = TestType;
    if constexpr (std::is_integral_v<T>) {
        const operands<T> o;
        const loom::array<T> r = (o.a & o.b) | (o.c ^ o.a);
        CHECK(ref::mismatch(r, o.rs, [&](const index_t& i) {
                  const auto x = +o.av(i), y = +o.bv(i), z = +o.cv(i);  // as int (no bitwise-on-bool warning)
                  return static_cast<T>((x & y) | (z ^ x));
              }) == "");
        const loom::array<T> nt = ~o.a;
        if constexpr (std::is_same_v<T, bool>)
            CHECK(ref::mismatch(nt, o.as, [&](const index_t& i) { return !o.av(i); }) == "");  // ~ on bool is not
        else
            CHECK(ref::mismatch(nt, o.as, [&](const index_t& i) { return static_cast<T>(~o.av(i)); }) == "");
        const loom::array<T> s = o.a ^ T(1);
        CHECK(ref::mismatch(s, o.as, [&](const index_t& i) { return static_cast<T>(o.av(i) ^ T(1)); }) == "");
    }
}

TEST_CASE("bit patterns through bitwise operators", "[expr][operators][bitwise]") {
    const loom::array<std::uint8_t> a = {0xF0, 0x0F, 0xAA};
    const loom::array<std::uint8_t> b = {0xFF, 0x01, 0x55};
    CHECK(loom::array_equal(a & b, loom::array<std::uint8_t>{0xF0, 0x01, 0x00}));
    CHECK(loom::array_equal(a | b, loom::array<std::uint8_t>{0xFF, 0x0F, 0xFF}));
    CHECK(loom::array_equal(a ^ b, loom::array<std::uint8_t>{0x0F, 0x0E, 0xFF}));
    CHECK(loom::array_equal(~a, loom::array<std::uint8_t>{0x0F, 0xF0, 0x55}));
    const loom::array<std::int32_t> s = {-1, 0, 5};
    CHECK(loom::array_equal(~s, loom::array<std::int32_t>{0, -1, -6}));
    const loom::array<bool> t = {true, false};
    CHECK(loom::array_equal(~t, loom::array<bool>{false, true}));
    CHECK(loom::array_equal(t & loom::array<bool>{true, true}, loom::array<bool>{true, false}));
}

TEMPLATE_LIST_TEST_CASE("shifts, including counts out of range", "[expr][operators][shift]", ref::integer_types) {
    using T = TestType;
    constexpr int bits = sizeof(T) * 8;
    const loom::array<T> v = {T(1), T(3), T(5), std::numeric_limits<T>::max(), std::numeric_limits<T>::min()};
    for (int k = 0; k < bits; ++k) {
        INFO("count " << k);
        const loom::array<T> l = v << k;
        const loom::array<T> r = v >> k;
        for (std::size_t i = 0; i < v.size(); ++i) {
            using U = std::make_unsigned_t<T>;
            CHECK(l(i) == static_cast<T>(static_cast<U>(static_cast<U>(v(i)) << k)));
            CHECK(r(i) == static_cast<T>(v(i) >> k));
        }
    }
    // counts of the width or more, and negative counts: 0 for <<, the sign fill for >>
    const loom::array<T> big = {T(bits), T(bits + 1)};
    const loom::array<T> x = {T(5), std::numeric_limits<T>::min()};
    const loom::array<T> l = x << big;
    const loom::array<T> r = x >> big;
    CHECK(l(0) == T(0));
    CHECK(l(1) == T(0));
    CHECK(r(0) == T(0));
    CHECK(r(1) == (std::is_signed_v<T> ? T(-1) : T(0)));
    if constexpr (std::is_signed_v<T>) {
        const loom::array<T> neg = {T(-1), T(-3)};
        CHECK(loom::eval(x << neg)(0) == T(0));
        CHECK(loom::eval(x >> neg)(1) == T(-1));
    }
    // an array of counts, broadcast over rows
    const loom::array<T> counts = {T(0), T(1), T(2)};
    const auto col = ref::make<T>({2, 1}, {T(1), T(4)});
    CHECK(loom::array_equal(col << counts, loom::array<T>{{T(1), T(2), T(4)}, {T(4), T(8), T(16)}}));
    CHECK(loom::array_equal(col >> counts, loom::array<T>{{T(1), T(0), T(0)}, {T(4), T(2), T(1)}}));
}

TEMPLATE_LIST_TEST_CASE("comparisons give bool, with broadcasting", "[expr][operators][compare]", ref::all_types) {
    using T = TestType;
    const operands<T> o;
    using B = loom::array<bool>;
    const B eq = o.a == o.b, ne = o.a != o.c, lt = o.a < o.b, le = o.c <= o.a, gt = o.b > o.c, ge = o.a >= o.b;
    CHECK(ref::mismatch(eq, o.rs, [&](const index_t& i) { return o.av(i) == o.bv(i); }) == "");
    CHECK(ref::mismatch(ne, o.rs, [&](const index_t& i) { return o.av(i) != o.cv(i); }) == "");
    CHECK(ref::mismatch(lt, o.rs, [&](const index_t& i) { return o.av(i) < o.bv(i); }) == "");
    CHECK(ref::mismatch(le, o.rs, [&](const index_t& i) { return o.cv(i) <= o.av(i); }) == "");
    CHECK(ref::mismatch(gt, {4, 5}, [&](const index_t& i) { return o.bv(i) > o.cv(i); }) == "");
    CHECK(ref::mismatch(ge, o.rs, [&](const index_t& i) { return o.av(i) >= o.bv(i); }) == "");
    // with a scalar on either side
    const B s1 = o.a > T(1), s2 = T(1) > o.a;
    CHECK(ref::mismatch(s1, o.as, [&](const index_t& i) { return o.av(i) > T(1); }) == "");
    CHECK(ref::mismatch(s2, o.as, [&](const index_t& i) { return T(1) > o.av(i); }) == "");
}

TEST_CASE("comparisons with NaN", "[expr][operators][compare]") {
    const loom::array<double> a = {std::nan(""), 1.0};
    CHECK(loom::array_equal(a == a, loom::array<bool>{false, true}));
    CHECK(loom::array_equal(a != a, loom::array<bool>{true, false}));
    CHECK(loom::array_equal(a < 2.0, loom::array<bool>{false, true}));
    CHECK(loom::array_equal(a >= 1.0, loom::array<bool>{false, true}));
}

TEMPLATE_LIST_TEST_CASE("! is logical not", "[expr][operators][logical]", ref::all_types) {
    using T = TestType;
    const operands<T> o;
    const loom::array<bool> n = !o.a;
    CHECK(ref::mismatch(n, o.as, [&](const index_t& i) { return !o.av(i); }) == "");
    const loom::array<bool> nn = !(o.a == o.b);
    CHECK(ref::mismatch(nn, o.rs, [&](const index_t& i) { return o.av(i) != o.bv(i); }) == "");
}

TEST_CASE("C++ scalars on either side of every binary operator", "[expr][operators][scalar]") {
    const loom::array<int> a = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    auto check = [&](const auto& e, auto f) {
        const loom::array<int> r = e;
        for (std::size_t i = 0; i < a.size(); ++i) CHECK(r(i) == f(a(i)));
    };
    check(a + 2, [](int x) { return x + 2; });
    check(2 + a, [](int x) { return 2 + x; });
    check(a - 2, [](int x) { return x - 2; });
    check(20 - a, [](int x) { return 20 - x; });
    check(a * 3, [](int x) { return x * 3; });
    check(3 * a, [](int x) { return 3 * x; });
    check(a / 2, [](int x) { return x / 2; });
    check(100 / a, [](int x) { return 100 / x; });
    check(a % 4, [](int x) { return x % 4; });
    check(100 % a, [](int x) { return 100 % x; });
    check(a & 6, [](int x) { return x & 6; });
    check(6 | a, [](int x) { return 6 | x; });
    check(a ^ 5, [](int x) { return x ^ 5; });
    check(a << 2, [](int x) { return x << 2; });
    check(1 << a, [](int x) { return 1 << x; });
    check(a >> 1, [](int x) { return x >> 1; });
    check(1024 >> a, [](int x) { return 1024 >> x; });
    const loom::array<double> d = {0.5, 1.5, -2.5};
    const loom::array<double> r = 1.0 / d - 2.0 * d;
    for (std::size_t i = 0; i < d.size(); ++i) CHECK(r(i) == 1.0 / d(i) - 2.0 * d(i));
}

TEST_CASE("mixed-rank, mixed-type expressions match plain loops", "[expr][operators][broadcast]") {
    // (2, 1, 3, 4) with (3, 1), (4), a rank-0 array and a C++ scalar
    const std::vector<std::size_t> as{2, 1, 3, 4}, bs{3, 1}, cs{4}, rs{2, 1, 3, 4};
    const auto a = ref::filled<double>(as, 7);
    const auto b = ref::filled<float>(bs, 8);
    const auto c = ref::filled<std::int16_t>(cs, 9);
    const loom::array<double> s(shape_t{}, 0.75);
    const loom::array<double> r = (a * b - c) / (s + 2.0) + c * c;
    CHECK(ref::mismatch(r, rs, [&](const index_t& i) {
              const double av = a.data()[ref::offset(i, as)];
              const double bv = b.data()[ref::offset(i, bs)];
              const double cv = c.data()[ref::offset(i, cs)];
              // c * c is int16 * int16 in int16, then promoted
              const auto cc = static_cast<std::int16_t>(c.data()[ref::offset(i, cs)] * c.data()[ref::offset(i, cs)]);
              const double p = av * bv;  // one operation a statement: no FMA contraction
              const double q = (p - cv) / (0.75 + 2.0);
              return q + static_cast<double>(cc);
          }) == "");
    // an int8 and a uint8 operand meet in int16; the float scalar makes it float
    const auto i8 = ref::filled<std::int8_t>({5, 1}, 10);
    const auto u8 = ref::filled<std::uint8_t>({6}, 11);
    const auto m = loom::eval((i8 - u8) * 0.5f);
    static_assert(std::is_same_v<decltype(m)::value_type, float>);
    CHECK(ref::mismatch(m, {5, 6}, [&](const index_t& i) {
              const int x = i8.data()[i[0]], y = u8.data()[i[1]];
              return static_cast<float>(static_cast<std::int16_t>(x - y)) * 0.5f;
          }) == "");
}

TEMPLATE_LIST_TEST_CASE("compound assignments on arrays and views, with broadcasting", "[expr][operators][inplace]", ref::integer_types) {
    using T = TestType;
    const operands<T> o;
    auto run = [&](auto op, auto f) {
        loom::array<T> r = o.a;
        loom::array<T> backing = o.a;
        auto v = loom::adapt(backing.data(), shape_t{3, 4, 5});
        op(r, o.b);
        op(v, o.c);
        CHECK(ref::mismatch(r, o.rs, [&](const index_t& i) { return f(o.av(i), o.bv(i)); }) == "");
        CHECK(ref::mismatch(backing, o.rs, [&](const index_t& i) { return f(o.av(i), o.cv(i)); }) == "");
    };
    run([](auto& r, const auto& x) { r += x; }, [](T x, T y) { return static_cast<T>(x + y); });
    run([](auto& r, const auto& x) { r -= x; }, [](T x, T y) { return static_cast<T>(x - y); });
    run([](auto& r, const auto& x) { r *= x; }, [](T x, T y) { return static_cast<T>(x * y); });
    run([](auto& r, const auto& x) { r /= x; }, [](T x, T y) { return divide(x, y); });
    run([](auto& r, const auto& x) { r %= x; }, [](T x, T y) { return modulo(x, y); });
    run([](auto& r, const auto& x) { r &= x; }, [](T x, T y) { return static_cast<T>(x & y); });
    run([](auto& r, const auto& x) { r |= x; }, [](T x, T y) { return static_cast<T>(x | y); });
    run([](auto& r, const auto& x) { r ^= x; }, [](T x, T y) { return static_cast<T>(x ^ y); });
    using U = std::make_unsigned_t<T>;
    // shift counts: the patterns hold -5..10; negative counts give 0 / the sign fill
    run([](auto& r, const auto& x) { r <<= x; }, [](T x, T y) {
        return y < 0 ? T(0) : static_cast<T>(static_cast<U>(static_cast<U>(x) << y));
    });
    run([](auto& r, const auto& x) { r >>= x; }, [](T x, T y) {
        return y < 0 ? (x < 0 ? T(-1) : T(0)) : static_cast<T>(x >> y);
    });
}

TEMPLATE_LIST_TEST_CASE("compound assignments on floating arrays", "[expr][operators][inplace]", ref::float_types) {
    using T = TestType;
    const operands<T> o;
    loom::array<T> r = o.a;
    r += o.b;
    r *= o.c;
    r -= T(0.5);
    r /= o.b;
    CHECK(ref::mismatch(r, o.rs, [&](const index_t& i) {
              const T s1 = o.av(i) + o.bv(i);
              const T s2 = s1 * o.cv(i);
              const T s3 = s2 - T(0.5);
              return static_cast<T>(s3 / o.bv(i));
          }) == "");
    // a wider right-hand side is computed wide, then stored in T
    loom::array<T> w = o.a;
    w += loom::array<double>{0.125};
    CHECK(ref::mismatch(w, o.as, [&](const index_t& i) { return static_cast<T>(static_cast<double>(o.av(i)) + 0.125); }) == "");
}
