// loom/view/rearrange.hpp: flip, moveaxis and unstack, views that reorder or split an operand's axes.
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "as_view.hpp"
#include "axes.hpp"
#include "owning.hpp"
#include "transpose.hpp"

namespace loom {

namespace detail {

// Which of n axes `axes` names (each once); index_error naming `fn` otherwise.
inline small_vector<bool, 8> axis_set(const axes_t& axes, std::size_t n, const char* fn) {
    small_vector<bool, 8> on(n, false);
    for (const std::ptrdiff_t a : axes) {
        const std::size_t k = normalize_axis(a, n, fn);
        if (on[k])
            throw index_error(std::string("loom: ") + fn + ": axes " + to_string(axes) + " name axis " +
                              std::to_string(a) + " twice");
        on[k] = true;
    }
    return on;
}

// v with the axes in `on` walked backwards (all of them when `every`).
template <class T>
strided_view<T> flipped(const strided_view<T>& v, const axes_t& axes, bool every) {
    const std::size_t n = v.ndim();
    const small_vector<bool, 8> on = every ? small_vector<bool, 8>(n, true) : axis_set(axes, n, "flip");
    shape_t s = v.shape();
    strides_t st = v.strides();
    T* p = v.data();
    const bool empty = size_of(s) == 0;  // no element to point at (the pointer may be null)
    for (std::size_t i = 0; i < n; ++i) {
        if (!on[i]) continue;
        if (!empty) p += static_cast<std::ptrdiff_t>(s[i] - 1) * st[i];
        st[i] = -st[i];
    }
    return strided_view<T>(p, std::move(s), std::move(st));
}

// NumPy's moveaxis: the axes not moved keep their order; each source axis goes to its destination.
inline axes_t moved_order(const axes_t& src, const axes_t& dst, std::size_t n) {
    if (src.size() != dst.size())
        throw index_error("loom: moveaxis: source " + to_string(src) + " and destination " + to_string(dst) +
                          " name different numbers of axes");
    const small_vector<bool, 8> from = axis_set(src, n, "moveaxis");
    const small_vector<bool, 8> to = axis_set(dst, n, "moveaxis");
    (void)to;
    axes_t order(n, -1);
    for (std::size_t i = 0; i < src.size(); ++i)
        order[normalize_axis(dst[i], n, "moveaxis")] = static_cast<std::ptrdiff_t>(normalize_axis(src[i], n, "moveaxis"));
    std::size_t next = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (order[i] >= 0) continue;
        while (from[next]) ++next;
        order[i] = static_cast<std::ptrdiff_t>(next++);
    }
    return order;
}

template <class X>
auto flip_of(X&& x, const axes_t& axes, bool every) {
    return lazy_view_of(std::forward<X>(x), [&](auto& x) { return flipped(as_view(x), axes, every); });
}

template <class X>
auto moveaxis_of(X&& x, const axes_t& src, const axes_t& dst) {
    return lazy_view_of(std::forward<X>(x), [&](auto& x) {
        auto v = as_view(x);
        return permute(v, moved_order(src, dst, v.ndim()));
    });
}

}  // namespace detail

//! The view of `x` with the order of the elements reversed along every axis
//! (Array API `flip`, NumPy `np.flip`): no copy, negative strides.
//!   loom::array<int> a = {1, 2, 3};
//!   auto r = loom::flip(a);   // 3 2 1, a view of a
template <class X>
    requires view_source<X&&>
auto flip(X&& x) {
    return detail::flip_of(std::forward<X>(x), {}, true);
}
//! The same along one axis (negative counts from the end); index_error when out of range.
template <class X>
    requires view_source<X&&>
auto flip(X&& x, std::ptrdiff_t axis) {
    return detail::flip_of(std::forward<X>(x), detail::axes_t{axis}, false);
}
//! The same along the axes listed, each once: `loom::flip(m, {0, 1})`.
template <class X>
    requires view_source<X&&>
auto flip(X&& x, std::initializer_list<std::ptrdiff_t> axes) {
    return detail::flip_of(std::forward<X>(x), detail::to_axes(axes), false);
}
template <class X, integer_range R>
    requires view_source<X&&>
auto flip(X&& x, const R& axes) {
    return detail::flip_of(std::forward<X>(x), detail::to_axes(axes), false);
}

//! The view of `x` with axis `source` moved to position `destination`, the
//! other axes in their order (Array API `moveaxis`).
//!   auto m = loom::moveaxis(cube, 0, -1);   // (2, 3, 4) -> (3, 4, 2)
template <class X>
    requires view_source<X&&>
auto moveaxis(X&& x, std::ptrdiff_t source, std::ptrdiff_t destination) {
    return detail::moveaxis_of(std::forward<X>(x), detail::axes_t{source}, detail::axes_t{destination});
}
//! Several axes at once: `loom::moveaxis(x, {0, 1}, {-1, -2})`; each list names each axis once.
template <class X>
    requires view_source<X&&>
auto moveaxis(X&& x, std::initializer_list<std::ptrdiff_t> source, std::initializer_list<std::ptrdiff_t> destination) {
    return detail::moveaxis_of(std::forward<X>(x), detail::to_axes(source), detail::to_axes(destination));
}
template <class X, integer_range R1, integer_range R2>
    requires view_source<X&&>
auto moveaxis(X&& x, const R1& source, const R2& destination) {
    return detail::moveaxis_of(std::forward<X>(x), detail::to_axes(source), detail::to_axes(destination));
}

//! The slices of `x` along `axis`, in order, as a std::vector of views of
//! rank ndim - 1 (Array API `unstack`); a temporary or an expression is
//! evaluated once and the views share (and keep alive) its memory.
//!   loom::array<int> m = {{1, 2}, {3, 4}};
//!   auto rows = loom::unstack(m);   // rows[1] is a view of {3, 4}
//!   auto cols = loom::unstack(m, 1);
template <class X>
    requires view_source<X&&>
auto unstack(X&& x, std::ptrdiff_t axis = 0) {
    auto whole = detail::view_of(std::forward<X>(x), [](auto& v) { return detail::as_view(v); });
    using W = decltype(whole);
    using T = std::remove_pointer_t<decltype(whole.data())>;
    const std::size_t n = whole.ndim();
    if (n == 0)
        throw index_error("loom: unstack: the operand has shape (); it needs one axis or more");
    const std::size_t a = detail::normalize_axis(axis, n, "unstack");
    shape_t s;
    strides_t st;
    for (std::size_t i = 0; i < n; ++i)
        if (i != a) s.push_back(whole.shape()[i]), st.push_back(whole.strides()[i]);
    std::vector<W> pieces;
    pieces.reserve(whole.shape()[a]);
    const bool empty = whole.size() == 0;  // no element to point at (the pointer may be null)
    for (std::size_t i = 0; i < whole.shape()[a]; ++i) {
        strided_view<T> v(whole.data() + (empty ? 0 : static_cast<std::ptrdiff_t>(i) * whole.strides()[a]), s, st);
        if constexpr (is_owning_view<W>::value) pieces.emplace_back(whole.owner(), std::move(v));
        else pieces.push_back(std::move(v));
    }
    return pieces;
}

}  // namespace loom
