// loom/view/swap.hpp: swapaxes and rot90, views that exchange two axes (rot90 with a flip, as NumPy).
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <utility>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "as_view.hpp"
#include "axes.hpp"
#include "owning.hpp"
#include "rearrange.hpp"
#include "transpose.hpp"

namespace loom {

namespace detail {

// 0, 1, ..., n - 1 with entries a and b exchanged.
inline axes_t swapped_order(std::size_t n, std::size_t a, std::size_t b) {
    axes_t order;
    for (std::size_t i = 0; i < n; ++i) order.push_back(static_cast<std::ptrdiff_t>(i));
    std::swap(order[a], order[b]);
    return order;
}

// NumPy's rot90: k quarter turns (any integer, taken modulo 4) in the plane of axes[0] and
// axes[1], from the first towards the second, as flips and an exchange of the two axes.
template <class T>
strided_view<T> rotated(const strided_view<T>& v, std::ptrdiff_t k, const axes_t& axes) {
    const std::size_t n = v.ndim();
    if (axes.size() != 2)
        throw index_error("loom: rot90: axes " + to_string(axes) + " have " + std::to_string(axes.size()) +
                          " entries; give the two axes of the plane");
    const std::size_t a = normalize_axis(axes[0], n, "rot90"), b = normalize_axis(axes[1], n, "rot90");
    if (a == b) throw index_error("loom: rot90: axes " + to_string(axes) + " name axis " + std::to_string(a) + " twice");
    const auto on = [](std::size_t i) { return axes_t{static_cast<std::ptrdiff_t>(i)}; };
    switch (((k % 4) + 4) % 4) {
        case 1: return permute(flipped(v, on(b), false), swapped_order(n, a, b));
        case 2: return flipped(flipped(v, on(a), false), on(b), false);
        case 3: return flipped(permute(v, swapped_order(n, a, b)), on(b), false);
        default: return v;
    }
}

}  // namespace detail

//! The view of x with axes `axis1` and `axis2` exchanged (NumPy's np.swapaxes); negative axes
//! count from the end, one axis twice gives x's layout; index_error for an axis out of range.
//!   auto s = loom::swapaxes(cube, 0, 2);   // (2, 3, 4) -> (4, 3, 2), s(i, j, k) == cube(k, j, i)
template <class X>
    requires view_source<X&&>
auto swapaxes(X&& x, std::ptrdiff_t axis1, std::ptrdiff_t axis2) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        auto v = detail::as_view(x);
        const std::size_t n = v.ndim();
        return detail::permute(v, detail::swapped_order(n, detail::normalize_axis(axis1, n, "swapaxes"),
                                                        detail::normalize_axis(axis2, n, "swapaxes")));
    });
}

//! The view of x turned k quarter turns (k taken modulo 4, negative turning back) in the plane
//! of `axes`, from the first axis towards the second (NumPy's np.rot90): flips and an exchange
//! of the two axes, no copy. index_error unless `axes` names two different axes of x.
//!   loom::array<int> m = {{1, 2}, {3, 4}};
//!   auto r = loom::rot90(m);   // {{2, 4}, {1, 3}}, a view of m
template <class X>
    requires view_source<X&&>
auto rot90(X&& x, std::ptrdiff_t k = 1, std::initializer_list<std::ptrdiff_t> axes = {0, 1}) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        return detail::rotated(detail::as_view(x), k, detail::to_axes(axes));
    });
}
template <class X, integer_range R>
    requires view_source<X&&>
auto rot90(X&& x, std::ptrdiff_t k, const R& axes) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        return detail::rotated(detail::as_view(x), k, detail::to_axes(axes));
    });
}

}  // namespace loom
