// loom/broadcast/broadcast_to.hpp: broadcast_to(x, shape), a read-only stride-0 view of x with the given shape.
#pragma once

#include <string>
#include <utility>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../view/as_view.hpp"
#include "../view/owning.hpp"
#include "../view/strided_view.hpp"

namespace loom {

namespace detail {

// The read-only view of `v` stretched to `to` by the Array API rule: `v`'s
// axes align at the right, each equal to its target axis or 1 (stride 0 then).
template <class T>
strided_view<const T> stretch(const strided_view<T>& v, const shape_t& to) {
    const shape_t& s = v.shape();
    const std::size_t n = to.size(), r = s.size();
    if (r > n)
        throw broadcast_error("cannot broadcast " + to_string(s) + " to " + to_string(to) + ": rank " +
                              std::to_string(r) + " is above the target's rank " + std::to_string(n));
    strides_t st(n, 0);
    for (std::size_t j = 0; j < r; ++j) {
        const std::size_t i = n - r + j;
        if (s[j] == to[i]) st[i] = v.strides()[j];
        else if (s[j] != 1)
            throw broadcast_error("cannot broadcast " + to_string(s) + " to " + to_string(to) + ": axis " +
                                  std::to_string(static_cast<std::ptrdiff_t>(j) - static_cast<std::ptrdiff_t>(r)) +
                                  " has " + std::to_string(s[j]) + " and the target " + std::to_string(to[i]));
    }
    return strided_view<const T>(v.data(), to, std::move(st));
}

}  // namespace detail

//! A read-only view of `x` with shape `s`, by the Array API rule (axes align at
//! the right; a size-1 axis stretches, with stride 0); no copy. Throws
//! broadcast_error when `x` does not broadcast to `s`. Writing through it does
//! not compile.
//!   loom::array<double> row = {1, 2, 3};
//!   auto b = loom::broadcast_to(row, {4, 3});   // four rows of 1 2 3
template <class X>
    requires view_source<X&&>
auto broadcast_to(X&& x, const shape_t& s) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        return detail::stretch(detail::as_view(x), s);
    });
}

}  // namespace loom
