// tests/eval/test_mixed.cpp: laws of expressions whose leaves, operations and target have different element types: SIMD with conversions in registers gives the plain loop's values on every layout.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;
using ref::index_t;

namespace {

// A value of element i of operand `seed` in [lo, hi] for integers (every
// type holds it), and around that range for floating types; bool alternates
// irregularly.
template <class T>
T value(std::size_t i, std::size_t seed, int lo, int hi) {
    const std::size_t h = (i * 2654435761u + seed * 40503u) % 1009;
    if constexpr (std::is_same_v<T, bool>) return h % 3 != 0;
    else if constexpr (std::is_floating_point_v<T>) return static_cast<T>(lo + (hi - lo) * static_cast<double>(h) / 1008.0);
    else return static_cast<T>(lo + static_cast<int>(h % static_cast<std::size_t>(hi - lo + 1)));
}

// One operand in a buffer of its own: its values at result index idx come from
// value<T>(flat index of the operand's own row-major order).
template <class T>
struct operand {
    std::vector<std::size_t> shape;
    loom::array<T> buf;
    std::size_t seed;
    int lo, hi;
    operand(std::vector<std::size_t> s, std::size_t sd, int l, int h, std::size_t pad)
        : shape(std::move(s)), buf(shape_t{ref::count(shape) * 2 + pad + 1}), seed(sd), lo(l), hi(h) {
        for (std::size_t i = 0; i < buf.size(); ++i) buf.data()[i] = value<T>(i, seed + 7, lo, hi);
    }
    T at(const index_t& idx) const {
        return value<T>(static_cast<std::size_t>(ref::offset(idx, shape)), seed, lo, hi);
    }
};

// The layouts an operand of shape s takes: contiguous at an offset of `pad`
// elements (misaligned for pad > 0), every other element, and reversed along
// the last axis. Each is a view over the operand's buffer, written so that its
// logical elements are value<T>(row-major index).
enum class kind { contiguous, strided, reversed };

template <class T>
loom::strided_view<const T> place(operand<T>& o, kind k, std::size_t pad) {
    const std::size_t n = ref::count(o.shape), r = o.shape.size();
    std::vector<std::ptrdiff_t> st = ref::row_major(o.shape);
    std::ptrdiff_t start = static_cast<std::ptrdiff_t>(pad);
    if (k == kind::strided)
        for (auto& x : st) x *= 2;
    if (k == kind::reversed && r > 0 && o.shape[r - 1] > 0) {
        start += static_cast<std::ptrdiff_t>(o.shape[r - 1] - 1);
        st[r - 1] = -st[r - 1];
    }
    loom::strided_view<const T> v{o.buf.data() + start, ref::to_shape(o.shape), loom::strides_t(st.begin(), st.end())};
    // write the logical values through a writable twin of the view
    loom::strided_view<T> w{o.buf.data() + start, ref::to_shape(o.shape), loom::strides_t(st.begin(), st.end())};
    std::size_t flat = 0;
    ref::for_each_index(o.shape, [&](const index_t& idx) {
        std::ptrdiff_t off = 0;
        for (std::size_t d = 0; d < r; ++d) off += static_cast<std::ptrdiff_t>(idx[d]) * st[d];
        w.data()[off] = value<T>(flat++, o.seed, o.lo, o.hi);
    });
    (void)n;
    return v;
}

// The law for a two-operand case: e(a, b) into a new array, into an array of
// the result's shape (=), into every other element of a larger array (a
// strided target), with plain and with non-temporal stores, equals want(x, y)
// element by element, for a and b in every layout and in broadcast shapes.
// e must run in SIMD batches (checked at compile time where SIMD is on).
template <class R, class A, class B, class E, class Want>
void law2(int alo, int ahi, int blo, int bhi, E e, Want want, ref::tolerance tol = {}) {
    using Expr = decltype(e(std::declval<loom::strided_view<const A>>(), std::declval<loom::strided_view<const B>>()));
    static_assert(!LOOM_SIMD || loom::detail::runs_simd<R, Expr>, "the case must run in SIMD batches");
    const std::vector<std::vector<std::vector<std::size_t>>> shapes = {
        {{0}, {0}, {0}},        {{1}, {1}, {1}},          {{3}, {3}, {3}},          {{7}, {7}, {7}},
        {{8}, {8}, {8}},        {{9}, {9}, {9}},          {{15}, {15}, {15}},       {{16}, {16}, {16}},
        {{17}, {17}, {17}},     {{31}, {31}, {31}},       {{33}, {33}, {33}},       {{63}, {63}, {63}},
        {{65}, {65}, {65}},     {{130}, {130}, {130}},    {{5, 19}, {19}, {5, 19}}, {{5, 1}, {1, 21}, {5, 21}},
        {{4, 1, 9}, {3, 1}, {4, 3, 9}}, {{1}, {40}, {40}}, {{6, 70}, {6, 70}, {6, 70}},
    };
    for (const auto& s : shapes) {
        const auto& rs = s[2];
        for (kind ka : {kind::contiguous, kind::strided, kind::reversed}) {
            for (std::size_t pad : {0u, 1u, 3u}) {
                const kind kb = ka == kind::contiguous ? kind::reversed : kind::contiguous;
                operand<A> oa(s[0], 1, alo, ahi, pad);
                operand<B> ob(s[1], 2, blo, bhi, 2);
                const auto va = place(oa, ka, pad);
                const auto vb = place(ob, kb, 2);
                INFO("a " << ref::to_shape(s[0]) << " kind " << int(ka) << " pad " << pad << ", b "
                          << ref::to_shape(s[1]) << " -> " << ref::to_shape(rs));
                const auto expect = [&](const index_t& i) { return static_cast<R>(want(oa.at(i), ob.at(i))); };
                for (const std::size_t threshold : {std::size_t{0}, std::size_t{1}}) {
                    const loom::streaming_threshold_scope scope(threshold);
                    const loom::array<R> fresh = e(va, vb);
                    CHECK(ref::mismatch_within(fresh, rs, expect, tol) == "");
                    loom::array<R> same(ref::to_shape(rs));
                    same = e(va, vb);
                    CHECK(ref::mismatch_within(same, rs, expect, tol) == "");
                    // every other element of a larger buffer, the gaps untouched
                    std::vector<std::size_t> wide = rs;
                    if (!wide.empty()) wide.back() *= 2;
                    loom::array<R> big(ref::to_shape(wide), R(1));
                    auto target = loom::view(big, loom::ellipsis, loom::range(0, loom::none, 2));
                    target = e(va, vb);
                    const loom::array<R> got = target;
                    CHECK(ref::mismatch_within(got, rs, expect, tol) == "");
                    bool gaps = true;
                    for (std::size_t j = 1; j < big.size(); j += 2) gaps = gaps && big.data()[j] == R(1);
                    CHECK(gaps);
                }
            }
        }
    }
}

template <class T>
T shl(T a, T b) {  // loom's <<: 0 for counts below 0 or of the width and more
    if (b < 0 || static_cast<std::uint64_t>(b) >= sizeof(T) * 8) return 0;
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(a) << b);
}
template <class T>
T shr(T a, T b) {  // loom's >>: the sign fill for such counts
    if (b < 0 || static_cast<std::uint64_t>(b) >= sizeof(T) * 8) return a < 0 ? T(-1) : T(0);
    return static_cast<T>(a >> b);
}

}  // namespace

TEST_CASE("uint8 to float in registers: astype, and a division by a float number", "[eval][mixed]") {
    law2<float, std::uint8_t, std::uint8_t>(
        0, 255, 0, 255, [](const auto& a, const auto& b) { return loom::astype<float>(a) * (1.0f / 255.0f) + b / 255.0f; },
        [](std::uint8_t x, std::uint8_t y) {
            const float p = static_cast<float>(x) * (1.0f / 255.0f);
            const float q = static_cast<float>(y) / 255.0f;
            return p + q;
        });
}

TEST_CASE("float times double into double, and float into a double target", "[eval][mixed]") {
    law2<double, float, double>(-50, 50, -3, 9, [](const auto& a, const auto& b) { return a * b; },
                                [](float x, double y) { return static_cast<double>(x) * y; });
    law2<double, float, float>(-50, 50, -3, 9, [](const auto& a, const auto& b) { return a - b; },
                               [](float x, float y) { return static_cast<double>(x - y); });
    law2<float, double, double>(-50, 50, -3, 9, [](const auto& a, const auto& b) { return loom::astype<float>(a + b); },
                                [](double x, double y) { return static_cast<float>(x + y); });
}

TEST_CASE("comparisons and logical operations into bool", "[eval][mixed]") {
    law2<bool, float, float>(-4, 4, -4, 4, [](const auto& x, const auto& y) { return (x > -1.0f) & (y < 2.5f); },
                             [](float x, float y) { return x > -1.0f && y < 2.5f; });
    law2<bool, std::int64_t, std::int64_t>(-9, 9, -9, 9, [](const auto& x, const auto& y) { return loom::logical_not(x <= y) | (x == 3); },
                                           [](std::int64_t x, std::int64_t y) { return !(x <= y) || x == 3; });
    law2<bool, double, std::int32_t>(-2, 2, -2, 2,
                                     [](const auto& x, const auto& y) { return loom::logical_and(x, y) != (x >= 1.5); },
                                     [](double x, std::int32_t y) { return (x != 0 && y != 0) != (x >= 1.5); });
    law2<bool, bool, bool>(0, 1, 0, 1, [](const auto& m, const auto& n) { return (m ^ n) | ~m; },
                           [](bool m, bool n) { return (m != n) || !m; });
    law2<bool, float, bool>(-3, 3, 0, 1, [](const auto& x, const auto& m) { return loom::astype<bool>(x) == m; },
                            [](float x, bool m) { return (x != 0.0f) == m; });
}

// Comparisons of contiguous operands into a contiguous bool target (the path that narrows
// several batches' masks into one register of bytes): every length around those groups,
// each byte 0 or 1 and equal to the plain comparison, into a new array and an array in place.
template <class T>
void contiguous_comparisons() {
    for (std::size_t n = 0; n <= 200; n += n < 70 ? 1 : 43) {
        INFO(n << " elements");
        loom::array<T> x(shape_t{n}), y(shape_t{n});
        for (std::size_t i = 0; i < n; ++i) {
            x.data()[i] = value<T>(i, 1, -5, 5);
            y.data()[i] = value<T>(i, 2, -5, 5);
        }
        const loom::array<bool> lt = x < y;
        loom::array<bool> both(shape_t{n});
        both = (x >= T(0)) & (y != T(1));
        std::size_t wrong = 0;
        for (std::size_t i = 0; i < n; ++i) {
            unsigned char b1, b2;
            std::memcpy(&b1, lt.data() + i, 1);
            std::memcpy(&b2, both.data() + i, 1);
            wrong += b1 != (x.data()[i] < y.data()[i] ? 1 : 0);
            wrong += b2 != (x.data()[i] >= T(0) && y.data()[i] != T(1) ? 1 : 0);
        }
        CHECK(wrong == 0);
    }
}

TEST_CASE("comparisons of contiguous operands into bool, every length around the narrowed groups", "[eval][mixed]") {
    contiguous_comparisons<double>();
    contiguous_comparisons<float>();
    contiguous_comparisons<std::int64_t>();
    contiguous_comparisons<std::int16_t>();
    contiguous_comparisons<std::uint8_t>();
}

TEST_CASE("where with a computed and with a bool condition", "[eval][mixed]") {
    law2<float, float, float>(-5, 5, -5, 5, [](const auto& x, const auto& y) { return loom::where(x > 0.0f, x, 0.01f * y); },
                              [](float x, float y) { return x > 0.0f ? x : 0.01f * y; });
    law2<std::int16_t, bool, std::int16_t>(
        0, 1, -300, 300, [](const auto& m, const auto& y) { return loom::where(m, y, -y); },
        [](bool m, std::int16_t y) { return m ? y : static_cast<std::int16_t>(-y); });
    law2<double, double, std::uint8_t>(-3, 3, 0, 9, [](const auto& x, const auto& u) { return loom::where(x, u, x); },
                                       [](double x, std::uint8_t u) { return x != 0 ? static_cast<double>(u) : x; });
}

TEST_CASE("integer arithmetic in SIMD: products, shifts by any count, minimum, abs", "[eval][mixed]") {
    law2<std::int32_t, std::int32_t, std::int32_t>(
        -100000, 100000, -5, 40, [](const auto& a, const auto& b) { return ((a * 3) + (a >> b)) ^ (a << b); },
        [](std::int32_t x, std::int32_t y) {
            const auto p = static_cast<std::int32_t>(x * 3);
            const auto q = static_cast<std::int32_t>(p + shr(x, y));
            return static_cast<std::int32_t>(q ^ shl(x, y));
        });
    law2<std::int64_t, std::int64_t, std::int64_t>(
        -100000, 100000, -3, 70, [](const auto& a, const auto& b) { return (a << b) - loom::abs(a) * b; },
        [](std::int64_t x, std::int64_t y) {
            const auto p = static_cast<std::uint64_t>(shl(x, y));  // wrapping, as loom's -
            const auto q = static_cast<std::uint64_t>((x < 0 ? -x : x) * y);
            return static_cast<std::int64_t>(p - q);
        });
    law2<std::uint8_t, std::uint8_t, std::uint8_t>(
        0, 255, 0, 10, [](const auto& a, const auto& b) { return loom::minimum(a * b, a >> b); },
        [](std::uint8_t x, std::uint8_t y) {
            const auto p = static_cast<std::uint8_t>(x * y);
            const auto q = shr(x, y);
            return p < q ? p : q;
        });
    law2<std::int16_t, std::int8_t, std::uint8_t>(-128, 127, 0, 255, [](const auto& a, const auto& b) { return a + b; },
                                                 [](std::int8_t x, std::uint8_t y) {
                                                     return static_cast<std::int16_t>(x + y);
                                                 });
}

TEST_CASE("bool values as numbers, and numbers narrowed by astype", "[eval][mixed]") {
    law2<float, bool, float>(0, 1, -9, 9, [](const auto& m, const auto& x) { return m * x + m; },
                             [](bool m, float x) {
                                 const float p = static_cast<float>(m) * x;  // one operation a statement: no FMA
                                 return p + static_cast<float>(m);
                             });
    law2<std::int8_t, double, double>(-100, 100, -20, 20, [](const auto& x, const auto& y) { return loom::astype<std::int8_t>(x + y); },
                                      [](double x, double y) { return static_cast<std::int8_t>(x + y); });
    law2<std::uint16_t, float, std::int32_t>(
        0, 1000, 0, 1000, [](const auto& x, const auto& y) { return loom::astype<std::uint16_t>(x) + loom::astype<std::uint16_t>(y); },
        [](float x, std::int32_t y) {
            return static_cast<std::uint16_t>(static_cast<std::uint16_t>(x) + static_cast<std::uint16_t>(y));
        });
}
