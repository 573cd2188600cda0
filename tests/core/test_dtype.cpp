// tests/core/test_dtype.cpp: the Array API promotion lattice, weak C++ scalars, and the value_type of real expressions.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cfloat>
#include <cstdint>
#include <stdexcept>
#include <tuple>
#include <type_traits>
#include <utility>

#include "../support/reference.hpp"

using std::int16_t;
using std::int32_t;
using std::int64_t;
using std::int8_t;
using std::uint16_t;
using std::uint32_t;
using std::uint64_t;
using std::uint8_t;

namespace {

template <class A, class B>
concept addable = requires(A a, B b) { a + b; };
template <class A, class B>
concept comparable = requires(A a, B b) { a < b; };
template <class A, class B>
concept bit_andable = requires(A a, B b) { a & b; };
template <class A, class B>
concept shiftable = requires(A a, B b) { a << b; };
template <class A>
concept complementable = requires(A a) { ~a; };

template <class E>
using vt = typename std::remove_cvref_t<E>::value_type;

}  // namespace

// ---- the lattice on element types --------------------------------------------

// same kind, wider type
static_assert(std::is_same_v<loom::promote_t<int8_t, int16_t>, int16_t>);
static_assert(std::is_same_v<loom::promote_t<int16_t, int8_t>, int16_t>);
static_assert(std::is_same_v<loom::promote_t<int32_t, int64_t>, int64_t>);
static_assert(std::is_same_v<loom::promote_t<uint8_t, uint32_t>, uint32_t>);
static_assert(std::is_same_v<loom::promote_t<uint16_t, uint64_t>, uint64_t>);
static_assert(std::is_same_v<loom::promote_t<float, double>, double>);
static_assert(std::is_same_v<loom::promote_t<double, float>, double>);
static_assert(std::is_same_v<loom::promote_t<float, float>, float>);
// signed with unsigned: the next signed type wide enough
static_assert(std::is_same_v<loom::promote_t<int8_t, uint8_t>, int16_t>);
static_assert(std::is_same_v<loom::promote_t<uint8_t, int8_t>, int16_t>);
static_assert(std::is_same_v<loom::promote_t<int16_t, uint8_t>, int16_t>);
static_assert(std::is_same_v<loom::promote_t<int8_t, uint16_t>, int32_t>);
static_assert(std::is_same_v<loom::promote_t<int16_t, uint16_t>, int32_t>);
static_assert(std::is_same_v<loom::promote_t<int32_t, uint16_t>, int32_t>);
static_assert(std::is_same_v<loom::promote_t<int32_t, uint32_t>, int64_t>);
static_assert(std::is_same_v<loom::promote_t<uint32_t, int8_t>, int64_t>);
static_assert(std::is_same_v<loom::promote_t<int64_t, uint32_t>, int64_t>);
// no signed type holds every uint64: int64 (or any signed type) with uint64 has no common type
static_assert(!loom::promotable<int64_t, uint64_t>);
static_assert(!loom::promotable<uint64_t, int64_t>);
static_assert(!loom::promotable<int32_t, uint64_t>);
static_assert(!loom::promotable<int8_t, uint64_t>);
static_assert(loom::promotable<uint64_t, uint8_t>);
// integer with floating: the floating type
static_assert(std::is_same_v<loom::promote_t<int32_t, float>, float>);
static_assert(std::is_same_v<loom::promote_t<int64_t, float>, float>);
static_assert(std::is_same_v<loom::promote_t<double, uint8_t>, double>);
static_assert(std::is_same_v<loom::promote_t<uint64_t, double>, double>);
// bool with a number: the number
static_assert(std::is_same_v<loom::promote_t<bool, int8_t>, int8_t>);
static_assert(std::is_same_v<loom::promote_t<uint16_t, bool>, uint16_t>);
static_assert(std::is_same_v<loom::promote_t<bool, float>, float>);
static_assert(std::is_same_v<loom::promote_t<bool, bool>, bool>);
// more than two
static_assert(std::is_same_v<loom::promote_t<bool, int8_t, uint8_t>, int16_t>);
static_assert(std::is_same_v<loom::promote_t<int8_t, uint8_t, float>, float>);
// whatever the order: the highest kind decides, so int64 and uint64 meet as floats
static_assert(std::is_same_v<loom::promote_t<int64_t, uint64_t, float>, float>);
static_assert(std::is_same_v<loom::promote_t<int64_t, float, uint64_t>, float>);
static_assert(std::is_same_v<loom::promote_t<float, uint64_t, int64_t>, float>);
static_assert(!loom::promotable<int64_t, bool, uint64_t>);
static_assert(!loom::promotable<bool, uint64_t, int64_t>);
// a C++ scalar counts after the arrays: a double scalar with int8 and float32 arrays is float32
static_assert(std::is_same_v<loom::promote_t<int8_t, loom::detail::weak<double>, float>, float>);
static_assert(std::is_same_v<loom::promote_t<loom::detail::weak<double>, int8_t, float>, float>);
static_assert(std::is_same_v<loom::promote_t<int8_t, loom::detail::weak<double>>, double>);

// ---- the same rules on real expressions --------------------------------------

TEST_CASE("expressions take the promoted element type", "[core][dtype]") {
    loom::array<int8_t> i8 = {100, -1};
    loom::array<int16_t> i16 = {1000, 2};
    loom::array<uint8_t> u8 = {200, 1};
    loom::array<int32_t> i32 = {-1, 16777217};
    loom::array<uint32_t> u32 = {4000000000u, 1};
    loom::array<float> f = {0.1f, 0.0f};
    loom::array<double> d = {0.2, 1};
    loom::array<bool> b = {true, false};

    static_assert(std::is_same_v<vt<decltype(i8 + i16)>, int16_t>);
    static_assert(std::is_same_v<vt<decltype(i8 + u8)>, int16_t>);
    static_assert(std::is_same_v<vt<decltype(i32 + u32)>, int64_t>);
    static_assert(std::is_same_v<vt<decltype(f + d)>, double>);
    static_assert(std::is_same_v<vt<decltype(i32 * f)>, float>);
    static_assert(std::is_same_v<vt<decltype(b + i8)>, int8_t>);
    static_assert(std::is_same_v<vt<decltype(b * d)>, double>);

    // the values are computed in the wider type, not wrapped in the narrow one
    const auto s1 = loom::eval(i8 + u8);
    static_assert(std::is_same_v<decltype(s1), const loom::array<int16_t>>);
    CHECK(s1(0) == 300);
    CHECK(s1(1) == 0);
    const auto s2 = loom::eval(i32 + u32);
    CHECK(s2(0) == int64_t{3999999999});
    const auto s3 = loom::eval(i8 + i16);
    CHECK(s3(0) == 1100);
    const auto s4 = loom::eval(f + d);
    CHECK(s4(0) == static_cast<double>(0.1f) + 0.2);
    const auto s5 = loom::eval(i32 + f);
    CHECK(s5(1) == 16777216.0f);  // 16777217 is not a float
    const auto s6 = loom::eval(b + i8);
    CHECK(s6(0) == 101);
    CHECK(s6(1) == -1);
    // comparisons compare in the promoted type: -1 < 1u is true here (unlike C++)
    const auto c = loom::eval(i32 < u32);
    CHECK(c(0) == true);
}

TEST_CASE("C++ scalars of the array's kind take the array's type", "[core][dtype][scalar]") {
    loom::array<float> f = {1.0f, 3.0f};
    loom::array<int8_t> i8 = {100, -100};
    loom::array<uint8_t> u8 = {1, 255};
    loom::array<int32_t> i32 = {1, 2};
    loom::array<bool> b = {true, false};
    loom::array<double> d = {1, 2};

    static_assert(std::is_same_v<vt<decltype(f * 2.0)>, float>);
    static_assert(std::is_same_v<vt<decltype(2.0 * f)>, float>);
    static_assert(std::is_same_v<vt<decltype(i8 + 1)>, int8_t>);
    static_assert(std::is_same_v<vt<decltype(1 + i8)>, int8_t>);
    static_assert(std::is_same_v<vt<decltype(i8 + 1LL)>, int8_t>);
    static_assert(std::is_same_v<vt<decltype(u8 + 1)>, uint8_t>);
    static_assert(std::is_same_v<vt<decltype(f + 1)>, float>);
    static_assert(std::is_same_v<vt<decltype(d + 1.0f)>, double>);
    static_assert(std::is_same_v<vt<decltype(b + true)>, bool>);
    // a scalar of a higher kind keeps its own type
    static_assert(std::is_same_v<vt<decltype(i8 + 1.5)>, double>);
    static_assert(std::is_same_v<vt<decltype(i32 * 2.0f)>, float>);
    static_assert(std::is_same_v<vt<decltype(b + 1)>, int32_t>);
    static_assert(std::is_same_v<vt<decltype(b * 0.5)>, double>);
    // comparisons give bool whatever the operands
    static_assert(std::is_same_v<vt<decltype(f < 2.0)>, bool>);
    static_assert(std::is_same_v<vt<decltype(i8 == 1)>, bool>);

    // array<float> * 2.0 computes in float: 16777217.0 becomes 16777216.0f
    const auto r1 = loom::eval(f * 16777217.0);
    CHECK(r1(0) == 16777216.0f);
    CHECK(r1(1) == 3.0f * 16777216.0f);
    // array<int8_t> + 1 stays int8 and wraps as int8 does
    const auto r2 = loom::eval(i8 + 100);
    CHECK(r2(0) == static_cast<int8_t>(200));
    CHECK(r2(1) == 0);
    const auto r3 = loom::eval(u8 + 1);
    CHECK(r3(1) == 0);
    const auto r4 = loom::eval(i8 + 1.5);
    CHECK(r4(0) == 101.5);
    const auto r5 = loom::eval(b + 1);
    CHECK(r5(0) == 2);
    CHECK(r5(1) == 1);
}

TEST_CASE("a C++ integer must fit the integer type it takes", "[core][dtype][scalar]") {
    loom::array<int8_t> i8 = {100, -100};
    loom::array<uint8_t> u8 = {1, 255};
    // NumPy 2 raises OverflowError; wrapped, 1000 would become -24 and `i8 < 1000` be false
    CHECK_THROWS_AS(i8 < 1000, std::overflow_error);
    CHECK_THROWS_AS(i8 + 128, std::overflow_error);
    CHECK_THROWS_AS(i8 - (-129), std::overflow_error);
    CHECK_THROWS_AS(u8 + (-1), std::overflow_error);
    CHECK_THROWS_AS(u8 * 256u, std::overflow_error);
    CHECK_THROWS_AS(loom::where(u8 > 1, u8, 300), std::overflow_error);
    CHECK_THROWS_WITH(i8 == 1000, Catch::Matchers::Contains("1000") && Catch::Matchers::Contains("int8"));
    // in place: the target is left as it was
    CHECK_THROWS_AS(i8 += 1000, std::overflow_error);
    CHECK(i8(0) == 100);
    CHECK(i8(1) == -100);
    // the limits themselves fit; a number of a higher kind keeps its own type; a wider array takes it
    CHECK(loom::eval(i8 < 127)(0));
    CHECK(loom::eval(i8 > -128)(1));
    CHECK(loom::eval(u8 + 0)(1) == 255);
    CHECK(loom::eval(i8 < 1000.0)(0));
    CHECK(loom::eval(loom::astype<int16_t>(i8) + 1000)(0) == 1100);
}

TEST_CASE("int64 with uint64 does not compile; neither do bitwise ops on floats", "[core][dtype]") {
    loom::array<int64_t> a = {1};
    loom::array<uint64_t> b = {1};
    loom::array<int32_t> c = {1};
    loom::array<double> d = {1};
    // checked with requires-expressions in a templated context
    [&]<class A, class B>(A& x, B& y) {
        static_assert(!requires { x + y; });
        static_assert(!requires { y * x; });
        static_assert(!requires { x < y; });
        static_assert(!requires { loom::maximum(x, y); });
        static_assert(!requires { loom::where(x > 0, x, y); });
    }(a, b);
    static_assert(!addable<loom::array<int64_t>&, loom::array<uint64_t>&>);
    static_assert(!addable<loom::array<int32_t>&, loom::array<uint64_t>&>);
    static_assert(!comparable<loom::array<uint64_t>&, loom::array<int8_t>&>);
    static_assert(addable<loom::array<int64_t>&, loom::array<uint32_t>&>);
    // an explicit cast makes it compile
    static_assert(addable<loom::array<int64_t>&, decltype(loom::astype<int64_t>(b))>);
    const auto r = loom::eval(a + loom::astype<int64_t>(b));
    CHECK(r(0) == 2);
    // a C++ uint64 scalar is weak: it takes the array's type
    static_assert(std::is_same_v<vt<decltype(a + uint64_t{1})>, int64_t>);
    // bitwise operators and shifts need integers (or bool)
    static_assert(!bit_andable<loom::array<double>&, loom::array<double>&>);
    static_assert(!bit_andable<loom::array<double>&, int>);
    static_assert(bit_andable<loom::array<int32_t>&, loom::array<bool>&>);
    static_assert(!complementable<loom::array<float>&>);
    static_assert(complementable<loom::array<bool>&>);
    static_assert(!shiftable<loom::array<double>&, int>);
    static_assert(shiftable<loom::array<int32_t>&, int>);
    // an operation needs at least one loom expression among its operands
    static_assert(!loom::applicable<loom::ops::add, int, double>);
    (void)c;
    (void)d;
}

TEST_CASE("functions have the element types API.md gives", "[core][dtype]") {
    loom::array<int32_t> i = {4};
    loom::array<float> f = {4};
    loom::array<int8_t> i8 = {4};
    loom::array<int16_t> i16 = {4};
    // math on integers computes in double; float stays float
    static_assert(std::is_same_v<vt<decltype(loom::sqrt(i))>, double>);
    static_assert(std::is_same_v<vt<decltype(loom::sqrt(f))>, float>);
    static_assert(std::is_same_v<vt<decltype(loom::atan2(f, i))>, float>);
    static_assert(std::is_same_v<vt<decltype(loom::sin(f * 2.0))>, float>);
    // rounding, abs, square, sign, minimum, maximum, clip, pow keep the promoted type
    static_assert(std::is_same_v<vt<decltype(loom::floor(i))>, int32_t>);
    static_assert(std::is_same_v<vt<decltype(loom::abs(i8))>, int8_t>);
    static_assert(std::is_same_v<vt<decltype(loom::square(f))>, float>);
    static_assert(std::is_same_v<vt<decltype(loom::sign(i16))>, int16_t>);
    static_assert(std::is_same_v<vt<decltype(loom::minimum(i8, i16))>, int16_t>);
    static_assert(std::is_same_v<vt<decltype(loom::clip(i8, 0, 3))>, int8_t>);
    static_assert(std::is_same_v<vt<decltype(loom::pow(i, 2))>, int32_t>);
    static_assert(std::is_same_v<vt<decltype(loom::pow(f, 2))>, float>);
    // predicates give bool
    static_assert(std::is_same_v<vt<decltype(loom::isnan(f))>, bool>);
    static_assert(std::is_same_v<vt<decltype(loom::logical_and(i, f))>, bool>);
    static_assert(std::is_same_v<vt<decltype(!i)>, bool>);
    // where: x and y promote, cond is only a condition
    static_assert(std::is_same_v<vt<decltype(loom::where(f > 1.0, i8, i16))>, int16_t>);
    static_assert(std::is_same_v<vt<decltype(loom::where(i, f, 0))>, float>);
    // astype: exactly the asked type
    static_assert(std::is_same_v<vt<decltype(loom::astype<uint8_t>(f))>, uint8_t>);
    static_assert(std::is_same_v<vt<decltype(loom::astype<bool>(i))>, bool>);
    CHECK(loom::eval(loom::sqrt(i))(0) == 2.0);
    CHECK(loom::eval(loom::where(f > 1.0, i8, i16))(0) == 4);
}

TEMPLATE_LIST_TEST_CASE("every element type: value_type of arrays and of their expressions", "[core][dtype]", ref::every_type) {
    using T = TestType;
    static_assert(loom::element<T>);
    static_assert(std::is_same_v<typename loom::array<T>::value_type, T>);
    loom::array<T> a = {T(1), T(0)};
    static_assert(std::is_same_v<vt<decltype(a + a)>, T>);
    static_assert(std::is_same_v<vt<decltype(a == a)>, bool>);
    static_assert(std::is_same_v<vt<decltype(loom::astype<double>(a))>, double>);
    static_assert(std::is_same_v<vt<decltype(loom::eval(a - a))>, T>);
    static_assert(std::is_same_v<loom::promote_t<T, bool>, T>);
    static_assert(std::is_same_v<loom::promote_t<T, T>, T>);
    // a C++ scalar of T's own kind keeps T
    if constexpr (std::is_floating_point_v<T>) static_assert(std::is_same_v<vt<decltype(a * 2.0)>, T>);
    else if constexpr (!std::is_same_v<T, bool>) static_assert(std::is_same_v<vt<decltype(a * 2)>, T>);
    const auto r = loom::eval(a + a);
    CHECK(r(0) == static_cast<T>(T(1) + T(1)));
    CHECK(r(1) == T(0));
}

TEST_CASE("element and scalar_value concepts", "[core][dtype]") {
    static_assert(!loom::element<long double>);
    static_assert(!loom::element<char16_t>);
    static_assert(!loom::element<int*>);
    static_assert(loom::scalar_value<long long>);
    static_assert(loom::scalar_value<char>);
    static_assert(!loom::scalar_value<long double>);
    // C++ types map onto the element types of their size and kind
    static_assert(std::is_same_v<loom::detail::canonical_t<long long>, int64_t>);
    static_assert(std::is_same_v<loom::detail::canonical_t<unsigned char>, uint8_t>);
    static_assert(std::is_same_v<loom::detail::canonical_t<const short&>, int16_t>);
    SUCCEED("compile-time checks");
}

// ---- the Array API's data type functions ---------------------------------------

// result_type_t is promote_t: the Array API lattice, whatever the order, on element
// types and on array, view and expression types (their value_type)
static_assert(std::is_same_v<loom::result_type_t<int8_t, uint8_t>, int16_t>);
static_assert(std::is_same_v<loom::result_type_t<uint8_t, int8_t>, int16_t>);
static_assert(std::is_same_v<loom::result_type_t<int32_t, uint32_t>, int64_t>);
static_assert(std::is_same_v<loom::result_type_t<float, double>, double>);
static_assert(std::is_same_v<loom::result_type_t<bool, uint16_t>, uint16_t>);
static_assert(std::is_same_v<loom::result_type_t<bool, bool>, bool>);
static_assert(std::is_same_v<loom::result_type_t<int64_t, float>, float>);
static_assert(std::is_same_v<loom::result_type_t<float>, float>);
static_assert(std::is_same_v<loom::result_type_t<int8_t, uint8_t, int16_t>, int16_t>);
static_assert(std::is_same_v<loom::result_type_t<int8_t, uint16_t, float>, float>);
static_assert(std::is_same_v<loom::result_type_t<loom::array<int8_t>, uint8_t>, int16_t>);
static_assert(std::is_same_v<loom::result_type_t<loom::array<float>, loom::array<double>>, double>);
static_assert(std::is_same_v<loom::result_type_t<decltype(std::declval<loom::array<int32_t>&>() * 2), uint32_t>, int64_t>);
// ... and the same as the element type of the expression
static_assert(std::is_same_v<loom::result_type_t<uint8_t, int8_t>,
                             vt<decltype(std::declval<loom::array<uint8_t>&>() + std::declval<loom::array<int8_t>&>())>>);

// isdtype<T>(kind): the Array API's kinds
static_assert(loom::isdtype<bool>("bool") && !loom::isdtype<bool>("integral") && !loom::isdtype<bool>("numeric"));
static_assert(loom::isdtype<int8_t>("signed integer") && !loom::isdtype<int8_t>("unsigned integer"));
static_assert(loom::isdtype<uint64_t>("unsigned integer") && loom::isdtype<uint64_t>("integral"));
static_assert(loom::isdtype<float>("real floating") && loom::isdtype<double>("numeric"));
static_assert(loom::isdtype<std::complex<float>>("complex floating") && !loom::isdtype<std::complex<float>>("real floating"));
static_assert(loom::e == 2.718281828459045 && loom::pi == 3.141592653589793);
static_assert(loom::inf > 1e308 && loom::nan != loom::nan);

TEST_CASE("isdtype names an unknown kind", "[core][dtype]") {
    CHECK_THROWS_WITH(loom::isdtype<int>("floating"), Catch::Contains("unknown kind \"floating\""));
}

// can_cast_v<From, To>: result_type_t<From, To> is To. Same kind and wider, the
// next signed type for an unsigned one, bool to anything, an integer to a floating
// type (as `int_array + float_array` is floating; it may round: int64 -> float);
// never a floating type to an integer, a number to bool, down, or signed to unsigned.
static_assert(loom::can_cast_v<int8_t, int64_t>);
static_assert(loom::can_cast_v<int8_t, int8_t>);
static_assert(loom::can_cast_v<uint8_t, int16_t>);
static_assert(loom::can_cast_v<uint32_t, int64_t>);
static_assert(loom::can_cast_v<uint8_t, uint64_t>);
static_assert(loom::can_cast_v<float, double>);
static_assert(loom::can_cast_v<bool, int8_t>);
static_assert(loom::can_cast_v<bool, uint64_t>);
static_assert(loom::can_cast_v<bool, double>);
static_assert(loom::can_cast_v<int32_t, float>);
static_assert(loom::can_cast_v<int64_t, float>);
static_assert(loom::can_cast_v<uint64_t, double>);
static_assert(!loom::can_cast_v<int64_t, int8_t>);
static_assert(!loom::can_cast_v<double, float>);
static_assert(!loom::can_cast_v<float, int32_t>);
static_assert(!loom::can_cast_v<double, int64_t>);
static_assert(!loom::can_cast_v<int8_t, uint8_t>);
static_assert(!loom::can_cast_v<int8_t, uint64_t>);
static_assert(!loom::can_cast_v<uint8_t, int8_t>);
static_assert(!loom::can_cast_v<uint64_t, int64_t>);  // no common type at all
static_assert(!loom::can_cast_v<int64_t, uint64_t>);
static_assert(!loom::can_cast_v<int8_t, bool>);
static_assert(!loom::can_cast_v<float, bool>);

namespace {
// result_type_t<From, To> is To, with false where the pair has no common type
template <class From, class To>
constexpr bool promotes_to() {
    if constexpr (loom::promotable<From, To>) return std::is_same_v<loom::result_type_t<From, To>, To>;
    else return false;
}
template <class From, class... To>
constexpr bool can_cast_matches_promotion(std::tuple<To...>) {
    return ((loom::can_cast_v<From, To> == promotes_to<From, To>()) && ...);
}
template <class From, class... To>
constexpr std::size_t casts_to_count(std::tuple<To...>) {
    return (std::size_t{loom::can_cast_v<From, To>} + ...);
}
}  // namespace

TEMPLATE_LIST_TEST_CASE("can_cast_v is result_type_t<From, To> == To for every pair", "[core][dtype][can_cast]",
                        ref::every_type) {
    using From = TestType;
    STATIC_REQUIRE(can_cast_matches_promotion<From>(ref::every_type{}));
    STATIC_REQUIRE(loom::can_cast_v<From, From>);
    STATIC_REQUIRE(loom::can_cast_v<bool, From>);
    STATIC_REQUIRE(loom::can_cast_v<From, bool> == std::is_same_v<From, bool>);
    // to both floating types from every integer; to double from float too
    STATIC_REQUIRE(loom::can_cast_v<From, double>);
    // how many types each casts to: bool all 11, int8 6 (itself, int16, int32, int64, float, double) ...
    constexpr std::size_t n = casts_to_count<From>(ref::every_type{});
    if constexpr (std::is_same_v<From, bool>) STATIC_REQUIRE(n == 11);
    if constexpr (std::is_same_v<From, int8_t>) STATIC_REQUIRE(n == 6);
    if constexpr (std::is_same_v<From, uint8_t>) STATIC_REQUIRE(n == 9);
    if constexpr (std::is_same_v<From, uint64_t>) STATIC_REQUIRE(n == 3);
    if constexpr (std::is_same_v<From, float>) STATIC_REQUIRE(n == 2);
    if constexpr (std::is_same_v<From, double>) STATIC_REQUIRE(n == 1);
}

// finfo and iinfo: the values of <cfloat> and <cstdint>
static_assert(loom::finfo<float>::bits == 32 && loom::finfo<double>::bits == 64);
static_assert(loom::finfo<float>::eps == FLT_EPSILON && loom::finfo<double>::eps == DBL_EPSILON);
static_assert(loom::finfo<float>::max == FLT_MAX && loom::finfo<double>::max == DBL_MAX);
static_assert(loom::finfo<float>::min == -FLT_MAX && loom::finfo<double>::min == -DBL_MAX);
static_assert(loom::finfo<float>::smallest_normal == FLT_MIN && loom::finfo<double>::smallest_normal == DBL_MIN);
static_assert(std::is_same_v<loom::finfo<float>::dtype, float>);
static_assert(std::is_same_v<std::remove_cv_t<decltype(loom::finfo<float>::eps)>, float>);
static_assert(loom::iinfo<int8_t>::bits == 8 && loom::iinfo<int8_t>::min == INT8_MIN && loom::iinfo<int8_t>::max == INT8_MAX);
static_assert(loom::iinfo<int16_t>::bits == 16 && loom::iinfo<int16_t>::min == INT16_MIN && loom::iinfo<int16_t>::max == INT16_MAX);
static_assert(loom::iinfo<int32_t>::bits == 32 && loom::iinfo<int32_t>::min == INT32_MIN && loom::iinfo<int32_t>::max == INT32_MAX);
static_assert(loom::iinfo<int64_t>::bits == 64 && loom::iinfo<int64_t>::min == INT64_MIN && loom::iinfo<int64_t>::max == INT64_MAX);
static_assert(loom::iinfo<uint8_t>::bits == 8 && loom::iinfo<uint8_t>::min == 0 && loom::iinfo<uint8_t>::max == UINT8_MAX);
static_assert(loom::iinfo<uint16_t>::bits == 16 && loom::iinfo<uint16_t>::max == UINT16_MAX);
static_assert(loom::iinfo<uint32_t>::bits == 32 && loom::iinfo<uint32_t>::max == UINT32_MAX);
static_assert(loom::iinfo<uint64_t>::bits == 64 && loom::iinfo<uint64_t>::min == 0 && loom::iinfo<uint64_t>::max == UINT64_MAX);
static_assert(std::is_same_v<loom::iinfo<uint16_t>::dtype, uint16_t>);

TEST_CASE("finfo and iinfo as NumPy gives them", "[core][dtype][finfo]") {
    // numpy.finfo(numpy.float32): eps 1.1920929e-07, max 3.4028235e+38, smallest_normal 1.1754944e-38
    CHECK(loom::finfo<float>::eps == 1.1920929e-07f);
    CHECK(loom::finfo<float>::max == 3.4028235e+38f);
    CHECK(loom::finfo<float>::smallest_normal == 1.1754944e-38f);
    // numpy.finfo(numpy.float64): eps 2.220446049250313e-16, max 1.7976931348623157e+308,
    // smallest_normal 2.2250738585072014e-308
    CHECK(loom::finfo<double>::eps == 2.220446049250313e-16);
    CHECK(loom::finfo<double>::min == -1.7976931348623157e+308);
    CHECK(loom::finfo<double>::smallest_normal == 2.2250738585072014e-308);
    // 1 + eps is the next number after 1
    CHECK(1.0f + loom::finfo<float>::eps > 1.0f);
    CHECK(1.0f + loom::finfo<float>::eps / 2 == 1.0f);
    // an instance works too (constexpr, as the Array API's finfo object)
    constexpr loom::finfo<double> f{};
    static_assert(f.bits == 64);
    CHECK(loom::iinfo<int64_t>::min == -9223372036854775807LL - 1);
    CHECK(loom::iinfo<uint32_t>::max == 4294967295u);
}
