// loom/containers/fixed_array.hpp: loom::fixed_array<T, D...>, an N-d array whose shape is in its type and whose elements are inline.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "../eval/static_assign.hpp"
#include "../expr/node.hpp"
#include "../detail/compound_assignments.hpp"
#include "../expr/ops.hpp"
#include "array.hpp"
#include "../core/dtype.hpp"
#include "../core/extents.hpp"
#include "../core/shape.hpp"

namespace loom {

//! A row-major array of shape (D...) held inline (no heap), like std::array:
//!   loom::fixed_array<double, 4, 4> a = ..., b = ...;
//!   loom::fixed_array<double, 4, 4> r = a + 2 * b;   // shapes checked at compile time, loop unrolled
//! Its shape never changes: `=` and `+=` write in place, and the value must
//! broadcast to (D...) (a compile error when its shape is static, broadcast_error otherwise).
template <element T, std::size_t... D>
class fixed_array : public detail::compound_assignments<fixed_array<T, D...>> {
public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;
    using shape_type = extents<D...>;
    static constexpr bool loom_expression = true;
    static constexpr std::size_t rank = sizeof...(D);
    static constexpr std::size_t static_size = shape_type::size;

    //! Zero-filled.
    fixed_array() noexcept : data_{} {}
    //! Nested braces of exactly the shape: `fixed_array<int, 2, 2> m = {{1, 2}, {3, 4}};`
    //! std::invalid_argument when a list has another length.
    fixed_array(detail::nested_list_t<T, rank> l)
        requires(rank >= 1)
    {
        T* out = data_.data();
        copy_checked<rank>(l, out);
    }
    //! Any expression that broadcasts to (D...); one unrolled pass when its shape is static.
    template <expression E>
        requires(!std::same_as<std::remove_cvref_t<E>, fixed_array>)
    fixed_array(const E& e) {
        detail::assign_fixed(*this, e);
    }

    fixed_array(const fixed_array&) = default;
    fixed_array& operator=(const fixed_array&) = default;

    //! In place: `e` must broadcast to (D...); nothing is written otherwise.
    template <expression E>
        requires(!std::same_as<std::remove_cvref_t<E>, fixed_array>)
    fixed_array& operator=(const E& e) {
        detail::assign_fixed(*this, e);
        return *this;
    }
    //! Every element set to `v` (the shape cannot change, so a number is a fill).
    template <scalar_value U>
    fixed_array& operator=(U v) {
        fill(static_cast<T>(v));
        return *this;
    }

    // += -= *= /= %= &= |= ^= <<= >>= (detail::compound_assignments) write in place: `x` must broadcast to (D...); nothing is written otherwise.

    //! The shape as a shape_t, for code written against array<T>.
    static const shape_t& shape() noexcept {
        static const shape_t s{D...};
        return s;
    }
    static const strides_t& strides() noexcept {
        static const strides_t st = c_strides(shape());
        return st;
    }
    static constexpr std::size_t ndim() noexcept { return rank; }
    static constexpr std::size_t size() noexcept { return static_size; }
    T* data() noexcept { return data_.data(); }
    const T* data() const noexcept { return data_.data(); }
    leaf_layout<T> layout() const noexcept { return {data_.data(), &shape(), &strides()}; }

    //! Element reference, unchecked (checked by an assertion in builds without NDEBUG).
    template <std::integral... I>
        requires(sizeof...(I) == rank)
    T& operator()(I... i) noexcept {
        detail::debug_index("a fixed_array", shape(), i...);
        return data_[offset(i...)];
    }
    template <std::integral... I>
        requires(sizeof...(I) == rank)
    const T& operator()(I... i) const noexcept {
        detail::debug_index("a fixed_array", shape(), i...);
        return data_[offset(i...)];
    }
    //! Element reference, checked: each index in range (negative counts from the end).
    template <std::integral... I>
        requires(sizeof...(I) == rank)
    T& at(I... i) { return data_[checked_offset(i...)]; }
    template <std::integral... I>
        requires(sizeof...(I) == rank)
    const T& at(I... i) const { return data_[checked_offset(i...)]; }

    iterator begin() noexcept { return data(); }
    iterator end() noexcept { return data() + static_size; }
    const_iterator begin() const noexcept { return data(); }
    const_iterator end() const noexcept { return data() + static_size; }

    //! Sets every element to `value`.
    void fill(T value) noexcept { std::fill_n(data(), static_size, value); }

private:
    static constexpr std::array<std::size_t, rank> extent_{D...};
    static constexpr std::array<std::ptrdiff_t, rank> stride_ = [] {
        std::array<std::ptrdiff_t, rank> st{};
        std::ptrdiff_t acc = 1;
        for (std::size_t i = rank; i-- > 0;) {
            st[i] = acc;
            acc *= static_cast<std::ptrdiff_t>(extent_[i]);
        }
        return st;
    }();

    // Copies l, a list at depth rank - R, to out after checking its length;
    // each innermost list copies exactly the static extent, so g++ -O2 sees
    // no write past the array for a list that would throw.
    template <std::size_t R>
    static void copy_checked(const detail::nested_list_t<T, R>& l, T*& out) {
        const std::size_t axis = rank - R, want = extent_[axis];
        if (l.size() != want)
            throw std::invalid_argument("loom: fixed_array initializer: a list at depth " + std::to_string(axis) +
                                        " has " + std::to_string(l.size()) + " elements where the shape " +
                                        detail::to_string(extent_) + " has " + std::to_string(want));
        if constexpr (R > 1)
            for (const auto& sub : l) copy_checked<R - 1>(sub, out);
        else
            out = std::copy_n(l.begin(), extent_[rank - 1], out);
    }

    friend struct detail::compound_assignments<fixed_array<T, D...>>;
    template <class Op, class X>
    fixed_array& compound(const X& x) {  // x outlives the assignment
        detail::assign_fixed(*this, make_fn<Op>(*this, x));
        return *this;
    }

    template <class... I>
    static std::size_t offset(I... i) noexcept {
        std::ptrdiff_t off = 0;
        std::size_t k = 0;
        ((off += static_cast<std::ptrdiff_t>(i) * stride_[k++]), ...);
        return static_cast<std::size_t>(off);
    }
    template <class... I>
    static std::size_t checked_offset(I... i) {
        return static_cast<std::size_t>(detail::checked_element_offset("a fixed_array", shape(), strides(), i...));
    }

    // aligned to the largest of 16, 32, 64 bytes that divides the size, so that
    // whole SIMD batches never straddle a cache line; never padded
    static constexpr std::size_t bytes_ = static_size * sizeof(T);
    static constexpr std::size_t align_ = bytes_ % 64 == 0 && bytes_ ? 64
                                          : bytes_ % 32 == 0 && bytes_ ? 32
                                          : bytes_ % 16 == 0 && bytes_ ? 16
                                                                       : alignof(T);
    alignas(align_) std::array<T, static_size> data_;
};

namespace detail {
template <element T, std::size_t... D>
struct static_info<fixed_array<T, D...>> {
    static constexpr std::size_t rank = sizeof...(D);
    using shape = extents<D...>;
};
}  // namespace detail

}  // namespace loom
