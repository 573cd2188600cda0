// loom/view/as_view.hpp: which operands views are taken of (viewable), the strided_view of one, and that view stretched to a broadcast shape.
#pragma once

#include <string>
#include <type_traits>
#include <utility>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../expr/node.hpp"
#include "strided_view.hpp"

namespace loom {

template <class T>
struct is_strided_view : std::false_type {};
template <class T>
struct is_strided_view<strided_view<T>> : std::true_type {};

//! What view(), transpose(), reshape(), broadcast_to() ... take: an array or
//! other memory leaf held by the caller (an lvalue), or a view of any value
//! category. A temporary array is refused: the view would outlive its memory.
template <class X>
concept viewable = memory_leaf<X> &&
                   (std::is_lvalue_reference_v<X> || is_strided_view<std::remove_cvref_t<X>>::value);

namespace detail {

template <class X>
concept exposes_memory = requires(X& x) {
    x.data();
    x.shape();
    x.strides();
};

// The strided_view of a memory leaf: writable when the leaf hands out a
// non-const pointer (a non-const array, a writable view), read-only otherwise.
template <class X>
auto as_view(X& x) {
    if constexpr (exposes_memory<X>) {
        using T = std::remove_pointer_t<decltype(x.data())>;
        return strided_view<T>(x.data(), x.shape(), x.strides());
    } else {
        const auto l = x.layout();
        using T = std::remove_cvref_t<decltype(*l.data)>;
        return strided_view<const T>(l.data, *l.shape, *l.strides);
    }
}

// f(data, shape, strides) on the memory of a memory leaf, its layout read in
// place rather than copied into a view first; data as as_view types it.
template <class X, class F>
decltype(auto) with_memory(X& x, F&& f) {
    if constexpr (exposes_memory<X>) {
        return f(x.data(), x.shape(), x.strides());
    } else {
        const auto l = x.layout();
        using T = std::remove_cvref_t<decltype(*l.data)>;
        return f(static_cast<const T*>(l.data), *l.shape, *l.strides);
    }
}

// The same, read-only.
template <class X>
auto as_const_view(X& x) {
    auto v = as_view(x);
    using T = typename decltype(v)::value_type;
    return strided_view<const T>(v);
}

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

}  // namespace loom
