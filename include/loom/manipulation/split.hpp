// loom/manipulation/split.hpp: split and array_split, an operand cut along an axis into a std::vector of views (NumPy's np.split).
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../view/as_view.hpp"
#include "../view/axes.hpp"
#include "../view/owning.hpp"
#include "../view/strided_view.hpp"

namespace loom {

namespace detail {

// The pieces of x along axis `axis` between consecutive cut points 0, cuts..., length, each
// cut taken as a Python slice bound (negative counts from the end, clipped; a piece whose end
// comes before its start is empty), as views sharing x's memory (unstack's kind of view).
template <class X>
auto split_at(X&& x, const axes_t& cuts, std::ptrdiff_t axis, const char* fn) {
    auto whole = view_of(std::forward<X>(x), [](auto& v) { return as_view(v); });
    using W = decltype(whole);
    using T = std::remove_pointer_t<decltype(whole.data())>;
    const std::size_t a = normalize_axis(axis, whole.ndim(), fn);
    const auto n = static_cast<std::ptrdiff_t>(whole.shape()[a]);
    const auto bound = [n](std::ptrdiff_t i) { return i < 0 ? std::max<std::ptrdiff_t>(i + n, 0) : std::min(i, n); };
    std::vector<W> pieces;
    pieces.reserve(cuts.size() + 1);
    shape_t s = whole.shape();
    const bool empty = whole.size() == 0;  // no element to point at (the pointer may be null)
    for (std::size_t i = 0; i <= cuts.size(); ++i) {
        const std::ptrdiff_t start = i == 0 ? 0 : bound(cuts[i - 1]), stop = i == cuts.size() ? n : bound(cuts[i]);
        s[a] = static_cast<std::size_t>(std::max<std::ptrdiff_t>(stop - start, 0));
        const std::ptrdiff_t offset = empty || s[a] == 0 ? 0 : start * whole.strides()[a];
        strided_view<T> v(whole.data() + offset, s, whole.strides());
        if constexpr (is_owning_view<W>::value) pieces.emplace_back(whole.owner(), std::move(v));
        else pieces.push_back(std::move(v));
    }
    return pieces;
}

// The cut points of `sections` pieces of an axis of n elements: the first n % sections one
// longer (array_split), or all equal (split: std::invalid_argument when they cannot be).
inline axes_t section_cuts(std::size_t n, std::ptrdiff_t sections, bool equal, const char* fn) {
    if (sections <= 0)
        throw std::invalid_argument(std::string("loom::") + fn + ": the number of sections must be 1 or more, not " +
                                    std::to_string(sections));
    const auto k = static_cast<std::size_t>(sections);
    if (equal && n % k != 0)
        throw std::invalid_argument(std::string("loom::") + fn + ": " + std::to_string(sections) +
                                    " sections cannot divide an axis of " + std::to_string(n) +
                                    " elements equally (array_split makes the first ones longer)");
    axes_t cuts;
    std::size_t at = 0;
    for (std::size_t i = 0; i + 1 < k; ++i) {
        at += n / k + (i < n % k ? 1 : 0);
        cuts.push_back(static_cast<std::ptrdiff_t>(at));
    }
    return cuts;
}

template <class X>
auto split_sections(X&& x, std::ptrdiff_t sections, std::ptrdiff_t axis, bool equal, const char* fn) {
    const shape_t s = x.shape();  // an expression is evaluated once, in split_at
    const std::size_t a = normalize_axis(axis, s.size(), fn);
    return split_at(std::forward<X>(x), section_cuts(s[a], sections, equal, fn), axis, fn);
}

}  // namespace detail

//! x cut along `axis` into `sections` pieces of equal length, as a std::vector of views of x
//! (NumPy's np.split; writable when x is): no copy; a temporary or an expression is evaluated
//! once and the views share (and keep alive) its memory. std::invalid_argument when the
//! sections cannot be equal or are not 1 or more; index_error for a bad axis (rank 0 included).
//!   auto parts = loom::split(loom::arange<int>(6), 3);   // views of {0 1}, {2 3}, {4 5}
template <class X, std::integral N>
    requires view_source<X&&> && (!std::same_as<N, bool>)
auto split(X&& x, N sections, std::ptrdiff_t axis = 0) {
    return detail::split_sections(std::forward<X>(x), detail::to_ptrdiff(sections), axis, true, "split");
}
//! x cut before each index along `axis` (NumPy's np.split with a list): `{2, 3}` gives
//! x[:2], x[2:3], x[3:]; indices are Python slice bounds (negative counts from the end,
//! beyond the length or out of order give empty pieces).
//!   auto parts = loom::split(m, {1, 3}, 1);   // columns [0, 1), [1, 3), [3, end)
template <class X>
    requires view_source<X&&>
auto split(X&& x, std::initializer_list<std::ptrdiff_t> indices, std::ptrdiff_t axis = 0) {
    return detail::split_at(std::forward<X>(x), detail::to_axes(indices), axis, "split");
}
template <class X, integer_range R>
    requires view_source<X&&>
auto split(X&& x, const R& indices, std::ptrdiff_t axis = 0) {
    return detail::split_at(std::forward<X>(x), detail::to_axes(indices), axis, "split");
}

//! As split, but `sections` need not divide the axis: the first `length % sections` pieces
//! are one longer (NumPy's np.array_split); with a list of indices, the same as split.
//!   auto parts = loom::array_split(loom::arange<int>(5), 3);   // {0 1}, {2 3}, {4}
template <class X, std::integral N>
    requires view_source<X&&> && (!std::same_as<N, bool>)
auto array_split(X&& x, N sections, std::ptrdiff_t axis = 0) {
    return detail::split_sections(std::forward<X>(x), detail::to_ptrdiff(sections), axis, false, "array_split");
}
template <class X>
    requires view_source<X&&>
auto array_split(X&& x, std::initializer_list<std::ptrdiff_t> indices, std::ptrdiff_t axis = 0) {
    return detail::split_at(std::forward<X>(x), detail::to_axes(indices), axis, "array_split");
}
template <class X, integer_range R>
    requires view_source<X&&>
auto array_split(X&& x, const R& indices, std::ptrdiff_t axis = 0) {
    return detail::split_at(std::forward<X>(x), detail::to_axes(indices), axis, "array_split");
}

}  // namespace loom
