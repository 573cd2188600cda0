// loom/broadcast/broadcast_in_dim.hpp: XLA BroadcastInDim: broadcast_in_dim(x, out_shape, dims) as a read-only view.
#pragma once

#include <initializer_list>
#include <string>
#include <utility>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../view/as_view.hpp"
#include "../view/owning.hpp"
#include "../view/axes.hpp"
#include "../view/strided_view.hpp"
#include "dims.hpp"

namespace loom {

namespace detail {

template <class T>
strided_view<const T> in_dim_view(const strided_view<T>& v, const shape_t& out, const axes_t& dims) {
    const shape_t& s = v.shape();
    check_dims("broadcast_in_dim", s, dims, out.size());
    strides_t st(out.size(), 0);
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto d = static_cast<std::size_t>(dims[i]);
        if (s[i] == out[d]) st[d] = v.strides()[i];
        else if (s[i] != 1)
            throw broadcast_error("broadcast_in_dim(" + to_string(s) + ", dims " + to_string(dims) + "): axis " +
                                  std::to_string(i) + " has " + std::to_string(s[i]) + " but out_shape " +
                                  to_string(out) + " has " + std::to_string(out[d]) + " at dim " + std::to_string(d));
    }
    return strided_view<const T>(v.data(), out, std::move(st));
}

}  // namespace detail

//! XLA BroadcastInDim: a read-only view of `x` with shape `out_shape`, where
//! axis i of `x` becomes axis `dims[i]` of the result and every other axis is
//! new. `dims` has one entry per axis of `x`, strictly increasing and below
//! `out_shape`'s rank; `x.shape()[i]` equals `out_shape[dims[i]]` or is 1.
//! Any violation throws broadcast_error naming the value.
//!   loom::array<double> v = {7, 8, 9};
//!   auto cols = loom::broadcast_in_dim(v, {3, 3}, {0});   // rows of 7 7 7, 8 8 8, 9 9 9
template <class X>
    requires view_source<X&&>
auto broadcast_in_dim(X&& x, const shape_t& out_shape, std::initializer_list<std::ptrdiff_t> dims) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        return detail::in_dim_view(detail::as_view(x), out_shape, detail::to_axes(dims));
    });
}
template <class X, integer_range R>
    requires view_source<X&&>
auto broadcast_in_dim(X&& x, const shape_t& out_shape, const R& dims) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        return detail::in_dim_view(detail::as_view(x), out_shape, detail::to_axes(dims));
    });
}

}  // namespace loom
