// loom/view/expand_dims.hpp: expand_dims (insert a size-1 axis) and squeeze (drop size-1 axes), as views.
#pragma once

#include <string>
#include <type_traits>
#include <utility>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "as_view.hpp"
#include "owning.hpp"
#include "axes.hpp"

namespace loom {

namespace detail {

template <class T>
strided_view<T> squeeze_axes(const strided_view<T>& v, const axes_t& axes) {
    const std::size_t n = v.ndim();
    small_vector<bool, 8> drop(n, false);
    for (std::ptrdiff_t a : axes) {
        const std::size_t k = normalize_axis(a, n, "squeeze");
        if (drop[k])
            throw index_error("loom: squeeze: axes " + to_string(axes) + " name axis " + std::to_string(a) + " twice");
        if (v.shape()[k] != 1)
            throw index_error("loom: squeeze: axis " + std::to_string(a) + " of shape " + to_string(v.shape()) +
                              " has size " + std::to_string(v.shape()[k]) + ", not 1");
        drop[k] = true;
    }
    shape_t s;
    strides_t st;
    for (std::size_t i = 0; i < n; ++i)
        if (!drop[i]) {
            s.push_back(v.shape()[i]);
            st.push_back(v.strides()[i]);
        }
    return strided_view<T>(v.data(), std::move(s), std::move(st));
}

}  // namespace detail

//! The view of `x` with a new axis of size 1 at position `axis` of the result
//! (Array API `expand_dims`); `axis` in [-ndim-1, ndim], negative counting from
//! the end; index_error otherwise.
//!   auto c = loom::expand_dims(v3, 1);   // (3,) -> (3, 1), a column
template <class X>
    requires view_source<X&&>
auto expand_dims(X&& x, std::ptrdiff_t axis) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        return detail::with_memory(x, [axis](auto* data, const shape_t& s, const strides_t& st) {
            using T = std::remove_pointer_t<decltype(data)>;
            const std::size_t n = s.size();
            const std::size_t k = detail::normalize_axis(axis, n + 1, "expand_dims");
            return strided_view<T>(detail::fill_layout, n + 1, [&](std::size_t* os, std::ptrdiff_t* ost) {
                for (std::size_t i = 0, j = 0; j <= n; ++j) {
                    if (j == k) {
                        os[j] = 1;
                        ost[j] = 0;
                    } else {
                        os[j] = s[i];
                        ost[j] = st[i++];
                    }
                }
                return data;
            });
        });
    });
}

//! The view of `x` without the named axes, each of which must have size 1
//! (index_error otherwise); `squeeze(x)` drops every size-1 axis.
//!   auto v = loom::squeeze(col, 1);   // (3, 1) -> (3,)
template <class X>
    requires view_source<X&&>
auto squeeze(X&& x, std::ptrdiff_t axis) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        return detail::squeeze_axes(detail::as_view(x), detail::axes_t{axis});
    });
}
template <class X>
    requires view_source<X&&>
auto squeeze(X&& x, std::initializer_list<std::ptrdiff_t> axes) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        return detail::squeeze_axes(detail::as_view(x), detail::to_axes(axes));
    });
}
template <class X, integer_range R>
    requires view_source<X&&>
auto squeeze(X&& x, const R& axes) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        return detail::squeeze_axes(detail::as_view(x), detail::to_axes(axes));
    });
}
template <class X>
    requires view_source<X&&>
auto squeeze(X&& x) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        auto v = detail::as_view(x);
        detail::axes_t axes;
        for (std::size_t i = 0; i < v.ndim(); ++i)
            if (v.shape()[i] == 1) axes.push_back(static_cast<std::ptrdiff_t>(i));
        return detail::squeeze_axes(v, axes);
    });
}

}  // namespace loom
