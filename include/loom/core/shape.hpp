// loom/core/shape.hpp: shape_t and strides_t, row-major strides, element counts, printing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "../detail/small_vector.hpp"
#include "errors.hpp"

namespace loom {

namespace detail {

// A range (anything std::ranges::begin and end take) of integers. Written
// here rather than with std::ranges::input_range: that needs <ranges>, which
// cost every program that includes loom a tenth of a second to parse.
template <class R>
using iterable_value_t = std::iter_value_t<decltype(std::ranges::begin(std::declval<const R&>()))>;
template <class R>
concept integer_iterable = requires(const R& r) {
    std::ranges::begin(r);
    std::ranges::end(r);
} && std::integral<iterable_value_t<R>>;

}  // namespace detail

//! The extents of an array: `shape_t{2, 3}`, `shape_t{}` (rank 0), or built from
//! any range of integers. Ranks up to 8 never touch the heap.
class shape_t : public detail::small_vector<std::size_t, 8> {
    using base = detail::small_vector<std::size_t, 8>;

public:
    shape_t() noexcept = default;
    shape_t(std::initializer_list<std::size_t> init) : base(init) {}
    template <class R>
        requires detail::integer_iterable<R> && (!std::same_as<std::remove_cvref_t<R>, shape_t>)
    explicit shape_t(const R& r) : base(std::ranges::begin(r), std::ranges::end(r)) {}
    explicit shape_t(std::size_t rank, std::size_t fill) : base(rank, fill) {}
    template <class It>
    shape_t(It first, It last) : base(first, last) {}

    friend bool operator==(const shape_t& a, const shape_t& b) noexcept {
        return static_cast<const base&>(a) == static_cast<const base&>(b);
    }
};

//! Strides in elements (not bytes), one per axis.
using strides_t = detail::small_vector<std::ptrdiff_t, 8>;

namespace detail {

template <class Seq>
void print_tuple(std::ostream& os, const Seq& s) {
    os << '(';
    for (std::size_t i = 0; i < s.size(); ++i) os << (i ? ", " : "") << s[i];
    if (s.size() == 1) os << ',';
    os << ')';
}

// The text print_tuple writes, without a stream.
template <class Seq>
std::string to_string(const Seq& s) {
    std::string t = "(";
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (i) t += ", ";
        t += std::to_string(s[i]);
    }
    if (s.size() == 1) t += ',';
    t += ')';
    return t;
}

}  // namespace detail

//! Prints like a Python tuple: `(2, 3)`, `(3,)`, `()`.
inline std::ostream& operator<<(std::ostream& os, const shape_t& s) {
    detail::print_tuple(os, s);
    return os;
}

namespace detail {

// Offset in elements of the element at indices i... (unchecked).
template <class... I>
std::ptrdiff_t element_offset(const strides_t& strides, I... i) noexcept {
    std::ptrdiff_t off = 0;
    std::size_t k = 0;
    ((off += static_cast<std::ptrdiff_t>(i) * strides[k++]), ...);
    return off;
}

// at()'s errors, out of line (never inlined): their strings' code once, not
// in every caller.
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_at_count(std::size_t count, const char* what, std::size_t rank) {
    throw index_error("loom: at() got " + std::to_string(count) + " indices for " + what + " of rank " +
                      std::to_string(rank));
}
template <class I>
[[noreturn, gnu::cold, gnu::noinline]] void throw_at_bounds(I idx, std::size_t axis, std::ptrdiff_t n) {
    throw index_error("loom: index " + std::to_string(idx) + " is out of bounds for axis " + std::to_string(axis) +
                      " with size " + std::to_string(n));
}

// element_offset, checked: one index per axis, each in range (negative counts from
// the end); index_error naming the index, the axis and its size otherwise.
// `what` is "an array" or "a view", for the message.
template <class... I>
std::ptrdiff_t checked_element_offset(const char* what, const shape_t& shape, const strides_t& strides, I... i) {
    if (sizeof...(I) != shape.size()) throw_at_count(sizeof...(I), what, shape.size());
    std::ptrdiff_t off = 0;
    std::size_t k = 0;
    auto one = [&](auto idx) {
        const auto n = static_cast<std::ptrdiff_t>(shape[k]);
        auto v = static_cast<std::ptrdiff_t>(idx);
        if constexpr (std::is_signed_v<decltype(idx)>)
            if (v < 0) v += n;
        if (v < 0 || v >= n) throw_at_bounds(idx, k, n);
        off += v * strides[k++];
    };
    (one(i), ...);
    return off;
}

// r(i, j)'s indices in a build without NDEBUG: one per axis, each in [0, n),
// or the program stops with a message saying what was wrong (as Eigen's
// asserts do). With NDEBUG nothing is checked and nothing is paid.
[[noreturn, gnu::cold, gnu::noinline]] inline void index_assert(const std::string& what) {
    std::fputs(("loom: " + what + " (operator() checks indices only without NDEBUG; at() always does)\n").c_str(),
               stderr);
    std::abort();
}
template <class... I>
inline void debug_index([[maybe_unused]] const char* what, [[maybe_unused]] const shape_t& shape,
                        [[maybe_unused]] I... i) noexcept {
#ifndef NDEBUG
    if (sizeof...(I) != shape.size())
        index_assert("operator() got " + std::to_string(sizeof...(I)) + " indices for " + what + " of rank " +
                     std::to_string(shape.size()));
    if constexpr (sizeof...(I) > 0) {
        std::size_t k = 0;
        const auto one = [&](auto idx) {
            bool negative = false;
            if constexpr (std::is_signed_v<decltype(idx)>) negative = idx < 0;
            if (negative || static_cast<std::uint64_t>(idx) >= shape[k])
                index_assert("index " + std::to_string(idx) + " is out of bounds for axis " + std::to_string(k) +
                             " with size " + std::to_string(shape[k]));
            ++k;
        };
        (one(i), ...);
    }
#endif
}

// Out of line (never inlined): the message's string code once, not at every size_of.
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_size_overflow(const shape_t& s) {
    throw std::length_error("loom: shape " + to_string(s) + " has more elements than std::size_t can count");
}

}  // namespace detail

//! Number of elements; throws std::length_error when the product overflows std::size_t.
inline std::size_t size_of(const shape_t& s) {
    std::size_t n = 1;
    bool overflow = false;
    for (std::size_t e : s) {
        if (e == 0) return 0;
        overflow |= __builtin_mul_overflow(n, e, &n);  // no division on this hot path
    }
    if (overflow) detail::throw_size_overflow(s);
    return n;
}

namespace detail {
// The element count of a shape that is known to fit (an existing array's),
// inlined: ranks up to 3 by hand. size_of checks for overflow out of line,
// and GCC turns a plain loop over the extents into a vector reduction, which
// costs a small assignment a noticeable part of its time.
inline std::size_t count_of(const shape_t& s) noexcept {
    const std::size_t* d = s.data();
    const std::size_t r = s.size();
    std::size_t n = r == 0 ? 1 : d[0];
    if (r >= 2) n *= d[1];
    if (r >= 3) n *= d[2];
    for (std::size_t i = 3; i < r; ++i) n *= d[i];
    return n;
}

// A shape of rank 4 or less packed into one word, for comparing the shapes of
// owning arrays with one load each (the small-array path): the rank plus one in
// bits 60..62, then the extents in fields of 60 / rank bits (60, 30, 20, 15).
// 0 when the shape does not fit (rank over 4, an extent too wide). The packing
// is a function of the shape alone, so two shapes with keys are equal exactly
// when their keys are, and a shape with a key never equals one without.
inline std::uint64_t shape_key(const shape_t& s) noexcept {
    const std::size_t r = s.size();
    if (r > 4) return 0;
    constexpr unsigned char field[5] = {0, 60, 30, 20, 15};  // 60 / r, without a division
    std::uint64_t key = std::uint64_t(r + 1) << 60;
    const std::size_t bits = field[r];
    for (std::size_t i = 0; i < r; ++i) {
        if (s[i] >> bits) return 0;
        key |= std::uint64_t(s[i]) << (bits * i);
    }
    return key;
}

// c_strides(s) written into `st` (no temporary to move from).
inline void c_strides_into(const shape_t& s, strides_t& st) {
    const std::size_t n = s.size();
    st.resize_for_overwrite(n);
    const std::size_t* e = s.data();
    std::ptrdiff_t* out = st.data();
    std::size_t acc = 1;  // unsigned: a shape too large to allocate wraps here, no UB (size_of throws)
    for (std::size_t i = n; i-- > 0;) {
        out[i] = static_cast<std::ptrdiff_t>(acc);
        acc *= e[i] ? e[i] : 1;
    }
}
}  // namespace detail

//! Row-major (C order) strides of a shape, in elements.
inline strides_t c_strides(const shape_t& s) {
    strides_t st;
    detail::c_strides_into(s, st);
    return st;
}

}  // namespace loom
