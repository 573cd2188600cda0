// tests/support/reference.hpp: plain-loop reference helpers the tests compute expected values with.
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <vector>

#include <loom/loom.hpp>

namespace ref {

// The element types of API.md.
using all_types = std::tuple<bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
                             std::uint16_t, std::uint32_t, std::uint64_t, float, double>;
using number_types = std::tuple<std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
                                std::uint16_t, std::uint32_t, std::uint64_t, float, double>;
using integer_types = std::tuple<std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
                                 std::uint16_t, std::uint32_t, std::uint64_t>;
using float_types = std::tuple<float, double>;

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

// An array of shape `s` holding `values` in row-major order (for shapes nested
// braces cannot spell unambiguously, such as a column {{1}, {2}}).
template <class T>
loom::array<T> make(const std::vector<std::size_t>& s, const std::vector<T>& values) {
    loom::array<T> a(to_shape(s));
    for (std::size_t i = 0; i < values.size() && i < a.size(); ++i) a.data()[i] = values[i];
    return a;
}

}  // namespace ref
