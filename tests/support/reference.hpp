// tests/support/reference.hpp: plain-loop reference helpers the tests compute expected values with.
#pragma once

#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include <loom/loom.hpp>

namespace ref {

// The element types of API.md. scripts/test.sh builds the suite twice and
// splits them between its two configurations (tests/meson.build sets
// LOOM_TEST_TYPES), so that each type runs in at least one and each
// configuration stays in the suite's time budget:
//   1 (sanitizers)  bool, int8, uint16, int32, uint64, float, double: each way
//                   integer arithmetic can go wrong in C++ under UBSan (int8_t
//                   and uint16_t promote to int, which a uint16_t product can
//                   overflow; int32_t overflows as itself; uint64_t wraps)
//   2 (portable)    bool, uint8, int16, uint32, int64, float, double: the other
//                   four integer types
// Both have a type of each size (1, 2, 4 and 8 bytes: every SIMD lane count),
// signed and unsigned, both floating types and bool. Undefined (or `meson
// configure -Dtest_types=all`): all eleven. The light cases that only
// construct, print or name the types (every_type) run all eleven always.
using every_type = std::tuple<bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
                              std::uint16_t, std::uint32_t, std::uint64_t, float, double>;
#if defined(LOOM_TEST_TYPES) && LOOM_TEST_TYPES == 1
using integer_types = std::tuple<std::int8_t, std::uint16_t, std::int32_t, std::uint64_t>;
#elif defined(LOOM_TEST_TYPES) && LOOM_TEST_TYPES == 2
using integer_types = std::tuple<std::uint8_t, std::int16_t, std::uint32_t, std::int64_t>;
#else
using integer_types = std::tuple<std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
                                 std::uint16_t, std::uint32_t, std::uint64_t>;
#endif
template <class... I>
auto with_floats(std::tuple<I...>) -> std::tuple<I..., float, double>;
template <class... I>
auto with_bool(std::tuple<I...>) -> std::tuple<bool, I...>;
using number_types = decltype(with_floats(integer_types{}));
using all_types = decltype(with_bool(number_types{}));
using float_types = std::tuple<float, double>;
// The complex types, split between the two configurations as the integers are (the laws over
// every layout are the heaviest cases to compile): complex<float> in 1, complex<double> in 2.
#if defined(LOOM_TEST_TYPES) && LOOM_TEST_TYPES == 1
using complex_types = std::tuple<std::complex<float>>;
#elif defined(LOOM_TEST_TYPES) && LOOM_TEST_TYPES == 2
using complex_types = std::tuple<std::complex<double>>;
#else
using complex_types = std::tuple<std::complex<float>, std::complex<double>>;
#endif

using index_t = std::vector<std::size_t>;

// Number of elements of a shape, by hand.
inline std::size_t count(const std::vector<std::size_t>& s) {
    std::size_t n = 1;
    for (std::size_t e : s) n *= e;
    return n;
}

// Row-major strides in elements, by hand.
inline std::vector<std::ptrdiff_t> row_major(const std::vector<std::size_t>& s) {
    std::vector<std::ptrdiff_t> st(s.size());
    std::ptrdiff_t acc = 1;
    for (std::size_t i = s.size(); i-- > 0;) {
        st[i] = acc;
        acc *= static_cast<std::ptrdiff_t>(s[i]);
    }
    return st;
}

// Calls f(idx) for every multi-index of `s` in row-major order (once for rank 0).
template <class F>
void for_each_index(const std::vector<std::size_t>& s, F&& f) {
    if (count(s) == 0) return;
    index_t idx(s.size(), 0);
    for (;;) {
        f(static_cast<const index_t&>(idx));
        std::size_t d = s.size();
        for (;;) {
            if (d == 0) return;
            --d;
            if (++idx[d] < s[d]) break;
            idx[d] = 0;
        }
    }
}

// Element offset of an operand of shape `os` and strides `ost` read at result
// index `idx` under NumPy broadcasting: axes align at the right, size-1 axes stay at 0.
inline std::ptrdiff_t offset(const index_t& idx, const std::vector<std::size_t>& os,
                             const std::vector<std::ptrdiff_t>& ost) {
    std::ptrdiff_t off = 0;
    const std::size_t n = idx.size(), r = os.size();
    for (std::size_t j = 0; j < r; ++j) {
        const std::size_t i = n - r + j;
        if (os[j] != 1) off += static_cast<std::ptrdiff_t>(idx[i]) * ost[j];
    }
    return off;
}

// Row-major offset of a broadcast operand of shape `os`.
inline std::ptrdiff_t offset(const index_t& idx, const std::vector<std::size_t>& os) {
    return offset(idx, os, row_major(os));
}

// The loom shape of a std::vector shape.
inline loom::shape_t to_shape(const std::vector<std::size_t>& s) { return loom::shape_t(s); }

// A deterministic pseudo-random value for element i of a test operand: small
// enough that sums and products of a few stay in range for every element type.
template <class T>
T pattern(std::size_t i, std::size_t seed) {
    const std::size_t h = (i * 2654435761u + seed * 40503u) % 1000;
    if constexpr (std::is_same_v<T, bool>) return h % 3 != 0;
    else if constexpr (std::is_floating_point_v<T>) return static_cast<T>(static_cast<double>(h) / 64.0 - 7.0);
    else if constexpr (std::is_signed_v<T>) return static_cast<T>(static_cast<int>(h % 11) - 5);
    else return static_cast<T>(h % 11);
}

// An array of shape `s` filled with pattern<T>(i, seed) in row-major order.
template <class T>
loom::array<T> filled(const std::vector<std::size_t>& s, std::size_t seed) {
    loom::array<T> a(to_shape(s));
    for (std::size_t i = 0; i < count(s); ++i) a.data()[i] = pattern<T>(i, seed);
    return a;
}

// 0, 1, ..., n-1 in row-major order, as an array of shape `s`.
template <class T = double>
loom::array<T> iota(const loom::shape_t& s) {
    loom::array<T> a(s);
    for (std::size_t i = 0; i < a.size(); ++i) a.data()[i] = static_cast<T>(i);
    return a;
}

// The elements of any expression, evaluated, in row-major order.
template <class E>
auto values(const E& e) {
    using T = typename std::remove_cvref_t<E>::value_type;
    const loom::array<T> a(e);
    return std::vector<T>(a.begin(), a.end());
}

// The message of the Error that f() throws, or "(no error)" when it throws none.
template <class Error, class F>
std::string what_of(F&& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

// An array of shape `s` holding `values` in row-major order (for shapes nested
// braces cannot spell unambiguously, such as a column {{1}, {2}}).
template <class T>
loom::array<T> make(const std::vector<std::size_t>& s, const std::vector<T>& values) {
    loom::array<T> a(to_shape(s));
    for (std::size_t i = 0; i < values.size() && i < a.size(); ++i) a.data()[i] = values[i];
    return a;
}

// Text of one value for failure messages (8-bit integers as numbers).
template <class T>
std::string text(T v) {
    std::ostringstream os;
    if constexpr (std::is_same_v<T, bool>) os << (v ? "true" : "false");
    else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) os << static_cast<long long>(v);
    else if constexpr (std::is_integral_v<T>) os << static_cast<unsigned long long>(v);
    else {
        os.precision(17);
        os << v;
    }
    return os.str();
}

inline std::string text(const index_t& idx) {
    std::string s = "(";
    for (std::size_t i = 0; i < idx.size(); ++i) s += (i ? ", " : "") + std::to_string(idx[i]);
    return s + ")";
}

// Equal, with NaN equal to NaN (complex numbers: part by part).
template <class T>
bool same(T x, T y) {
    if constexpr (loom::is_complex_v<T>) return same(x.real(), y.real()) && same(x.imag(), y.imag());
    else if constexpr (std::is_floating_point_v<T>) return (std::isnan(x) && std::isnan(y)) || x == y;
    else return x == y;
}

// Within `rel` relative or `abs` absolute distance; NaN matches NaN, infinities match themselves
// (complex numbers: the distance |x - y| against |y|, non-finite parts matched exactly).
template <class T>
bool near(T x, T y, double rel, double abs) {
    if (same(x, y)) return true;
    if constexpr (loom::is_complex_v<T>) {
        const std::complex<double> a(x), b(y);
        if (!std::isfinite(a.real()) || !std::isfinite(a.imag()) || !std::isfinite(b.real()) || !std::isfinite(b.imag()))
            return false;
        return std::abs(a - b) <= abs + rel * std::abs(b);
    } else {
    const double a = static_cast<double>(x), b = static_cast<double>(y);
    if (!std::isfinite(a) || !std::isfinite(b)) return false;
    return std::fabs(a - b) <= abs + rel * std::fabs(b);
    }
}

// How a value must match the one wanted: exactly (NaN matching NaN) when rel
// is negative, else within rel relative or abs absolute distance (near).
struct tolerance {
    double rel = -1.0, abs = 0.0;
    template <class T>
    bool operator()(T got, T want) const {
        return rel < 0 ? same(got, want) : near(got, want, rel, abs);
    }
};

// What a result of the wrong shape says (empty for the right one): once per
// type of result, not once per call site of mismatch_within.
template <class R>
std::string shape_mismatch(const R& r, const std::vector<std::size_t>& want) {
    if (r.shape() == to_shape(want)) return "";
    std::ostringstream os;
    os << "shape " << r.shape() << ", want " << to_shape(want);
    return os.str();
}

// The first element of got[] (row-major over `shape`) that does not match
// want[] within t, and how many do not; empty when all do. Compiled once per
// element type, not once per call site (mismatch_within).
template <class T>
std::string mismatch_values(const T* got, const std::vector<T>& want, const std::vector<std::size_t>& shape,
                            tolerance t) {
    std::size_t flat = 0, bad = 0;
    std::string first;
    for_each_index(shape, [&](const index_t& idx) {
        const T g = got[flat], w = want[flat];
        ++flat;
        if (!t(g, w) && bad++ == 0) first = "at " + text(idx) + ": got " + text(g) + ", want " + text(w);
    });
    if (bad == 0) return "";
    return first + " (" + std::to_string(bad) + " mismatches)";
}

// Compares the row-major elements of `r` (of shape `shape`) with expected(idx),
// converted to r's element type, within t. Empty when everything matches, else
// the first mismatch and how many there were. Only the loop that calls
// expected is compiled per call site; the comparison and its message once per
// element type (compiled per call site, they were 16% of the code of
// tests/expr/test_operators.cpp).
template <class R, class F>
std::string mismatch_within(const R& r, const std::vector<std::size_t>& shape, F&& expected, tolerance t) {
    using T = typename R::value_type;
    if (std::string bad = shape_mismatch(r, shape); !bad.empty()) return bad;
    std::vector<T> want;
    want.reserve(count(shape));
    for_each_index(shape, [&](const index_t& idx) { want.push_back(static_cast<T>(expected(idx))); });
    return mismatch_values<T>(r.data(), want, shape, t);
}

template <class R, class F>
std::string mismatch(const R& r, const std::vector<std::size_t>& shape, F&& expected) {
    return mismatch_within(r, shape, expected, tolerance{});
}

template <class R, class F>
std::string mismatch_near(const R& r, const std::vector<std::size_t>& shape, F&& expected, double rel,
                          double abs = 0.0) {
    return mismatch_within(r, shape, expected, tolerance{rel, abs});
}

// Whether text s contains part (error messages).
inline bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// Whether a V can be assigned a double (arrays and writable views, not read-only ones).
template <class V>
concept assignable_from_double = requires(V v) { v = 1.0; };

// The element of x (row-major, any rank) read at result index idx under broadcasting.
template <class X>
auto at(const X& x, const index_t& idx) {
    return x.data()[offset(idx, std::vector<std::size_t>(x.shape().begin(), x.shape().end()))];
}

// Element idx of the row-major values x of shape s.
template <class T>
T at(const std::vector<T>& x, const std::vector<std::size_t>& s, const index_t& idx) {
    return x[static_cast<std::size_t>(offset(idx, s))];
}

// f(operand, name) over three operands holding x's values: x itself, a view walking x's
// reversed copy backwards (negative strides), and x + 0 (an expression).
template <class T, class F>
void each_layout(const loom::array<T>& x, F&& f) {
    f(x, "array");
    const loom::array<T> r(loom::flip(x));
    f(loom::flip(r), "reversed view");
    f(x + T(0), "expression");
}

}  // namespace ref
