// loom/view/transpose.hpp: transpose (axes reversed) and permute_dims, as views.
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
strided_view<T> permute(const strided_view<T>& v, const axes_t& axes) {
    const std::size_t n = v.ndim();
    if (axes.size() != n)
        throw index_error("loom: permute_dims: axes " + to_string(axes) + " have " + std::to_string(axes.size()) +
                          " entries for shape " + to_string(v.shape()) + " of rank " + std::to_string(n));
    shape_t s(n, 0);
    strides_t st(n, 0);
    small_vector<bool, 8> seen(n, false);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t a = normalize_axis(axes[i], n, "permute_dims");
        if (seen[a])
            throw index_error("loom: permute_dims: axes " + to_string(axes) + " name axis " + std::to_string(axes[i]) +
                              " twice");
        seen[a] = true;
        s[i] = v.shape()[a];
        st[i] = v.strides()[a];
    }
    return strided_view<T>(v.data(), std::move(s), std::move(st));
}

}  // namespace detail

//! The view of `x` with its axes in reverse order (NumPy's `x.T`).
//!   loom::array<double> a = {{1, 2, 3}, {4, 5, 6}};
//!   auto t = loom::transpose(a);   // shape (3, 2), t(2, 1) == 6
template <class X>
    requires view_source<X&&>
auto transpose(X&& x) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        return detail::with_memory(x, [](auto* data, const shape_t& s, const strides_t& st) {
            using T = std::remove_pointer_t<decltype(data)>;
            const std::size_t n = s.size();
            return strided_view<T>(detail::fill_layout, n, [&](std::size_t* os, std::ptrdiff_t* ost) {
                for (std::size_t i = 0; i < n; ++i) {
                    os[i] = s[n - 1 - i];
                    ost[i] = st[n - 1 - i];
                }
                return data;
            });
        });
    });
}

//! The view of `x` whose axis i is `x`'s axis `axes[i]` (Array API
//! `permute_dims`); `axes` is a permutation, negative entries count from the
//! end; index_error otherwise.
//!   auto p = loom::permute_dims(cube, {2, 0, 1});   // (2, 3, 4) -> (4, 2, 3)
template <class X>
    requires view_source<X&&>
auto permute_dims(X&& x, std::initializer_list<std::ptrdiff_t> axes) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        return detail::permute(detail::as_view(x), detail::to_axes(axes));
    });
}
template <class X, integer_range R>
    requires view_source<X&&>
auto permute_dims(X&& x, const R& axes) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        return detail::permute(detail::as_view(x), detail::to_axes(axes));
    });
}

}  // namespace loom
