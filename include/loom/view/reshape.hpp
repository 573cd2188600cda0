// loom/view/reshape.hpp: reshape and flatten as views; a layout that cannot be viewed so is an index_error.
#pragma once

#include <string>
#include <utility>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "as_view.hpp"
#include "owning.hpp"
#include "axes.hpp"

namespace loom {

namespace detail {

// The target shape, with one -1 entry inferred from the element count.
inline shape_t resolve_reshape(const shape_t& from, const axes_t& to) {
    const std::size_t total = size_of(from);
    std::size_t known = 1, unknown = to.size();
    for (std::size_t i = 0; i < to.size(); ++i) {
        if (to[i] == -1 && unknown == to.size()) {
            unknown = i;
            continue;
        }
        if (to[i] < 0)
            throw index_error("loom: reshape: size " + std::to_string(to[i]) + " in " + to_string(to) +
                              " is negative (only one -1 may stand for an inferred size)");
        known *= static_cast<std::size_t>(to[i]);
    }
    shape_t s(to.size(), 0);
    for (std::size_t i = 0; i < to.size(); ++i)
        if (i != unknown) s[i] = static_cast<std::size_t>(to[i]);
    if (unknown != to.size()) {
        if (known == 0 || total % known != 0)
            throw index_error("loom: reshape: cannot reshape " + to_string(from) + " (" + std::to_string(total) +
                              " elements) into " + to_string(to));
        s[unknown] = total / known;
    }
    // compare with overflow-safe counting
    bool ok = true;
    try {
        ok = size_of(s) == total;
    } catch (const std::length_error&) {
        ok = false;
    }
    if (!ok)
        throw index_error("loom: reshape: cannot reshape " + to_string(from) + " (" + std::to_string(total) +
                          " elements) into " + to_string(to));
    return s;
}

// NumPy's _attempt_nocopy_reshape (C order): new strides for `to` over the
// memory of (shape, strides), or false when some group of axes that has to
// merge is not contiguous in memory.
inline bool reshape_strides(const shape_t& shape, const strides_t& strides, const shape_t& to, strides_t& out) {
    out.assign(to.size(), 0);
    if (size_of(to) == 0) {
        out = c_strides(to);
        return true;
    }
    shape_t od;
    strides_t os;
    for (std::size_t i = 0; i < shape.size(); ++i)
        if (shape[i] != 1) {
            od.push_back(shape[i]);
            os.push_back(strides[i]);
        }
    const std::size_t on = od.size(), nn = to.size();
    std::size_t oi = 0, oj = 1, ni = 0, nj = 1;
    while (ni < nn && oi < on) {
        std::size_t np = to[ni], op = od[oi];
        while (np != op) {
            if (np < op) np *= to[nj++];
            else op *= od[oj++];
        }
        for (std::size_t ok = oi; ok + 1 < oj; ++ok)
            if (os[ok] != static_cast<std::ptrdiff_t>(od[ok + 1]) * os[ok + 1]) return false;
        out[nj - 1] = os[oj - 1];
        for (std::size_t nk = nj - 1; nk > ni; --nk) out[nk - 1] = out[nk] * static_cast<std::ptrdiff_t>(to[nk]);
        ni = nj++;
        oi = oj++;
    }
    // trailing axes of size 1
    const std::ptrdiff_t last = ni > 0 ? out[ni - 1] : 1;
    for (; ni < nn; ++ni) out[ni] = last;
    return true;
}

template <class T>
strided_view<T> reshape_view(const strided_view<T>& v, const axes_t& to, const char* what) {
    shape_t s = resolve_reshape(v.shape(), to);
    strides_t st;
    if (!reshape_strides(v.shape(), v.strides(), s, st))
        throw index_error(std::string("loom: ") + what + ": cannot view shape " + to_string(v.shape()) +
                          " with strides " + to_string(v.strides()) + " as " + to_string(s) +
                          " without a copy; evaluate it first (auto tmp = loom::eval(x);) and reshape that, or pass loom::copy_if_needed");
    return strided_view<T>(v.data(), std::move(s), std::move(st));
}

// x reshaped to `to`, read-only: in x's memory when its layout allows, else in a row-major copy
// the result owns.
template <class X>
auto reshape_or_copy(X&& x, const axes_t& to) {
    auto v = view_of(std::forward<X>(x), [](auto& m) { return as_const_view(m); });
    using T = typename decltype(v)::value_type;
    std::shared_ptr<const void> owner;
    if constexpr (is_owning_view<decltype(v)>::value) owner = v.owner();
    shape_t s = resolve_reshape(v.shape(), to);
    strides_t st;
    if (reshape_strides(v.shape(), v.strides(), s, st))
        return owning_view<const T>(std::move(owner), strided_view<const T>(v.data(), std::move(s), std::move(st)));
    auto copy = std::make_shared<const array<T>>(static_cast<const strided_view<const T>&>(v));
    st = c_strides(s);
    const T* p = copy->data();
    return owning_view<const T>(std::move(copy), strided_view<const T>(p, std::move(s), std::move(st)));
}

}  // namespace detail

//! The tag of reshape(x, s, loom::copy_if_needed): NumPy's reshape, a copy where a view cannot be.
struct copy_if_needed_t {
    explicit constexpr copy_if_needed_t() = default;
};
inline constexpr copy_if_needed_t copy_if_needed{};

//! The view of `x` with shape `s` (one entry may be -1, inferred), elements
//! taken in row-major order. Always a view, never a copy: when the memory
//! layout of `x` does not allow it (a transposed or sliced view whose axes
//! cannot merge), index_error; evaluate `x` into an array first. A temporary array or an
//! expression (evaluated once) is owned by the result, an owning_view.
//!   loom::array<int> a = loom::arange<int>(6);
//!   auto m = loom::reshape(a, {2, -1});   // (2, 3), shares a's memory
template <class X>
    requires view_source<X&&>
auto reshape(X&& x, std::initializer_list<std::ptrdiff_t> s) {
    return detail::view_of(std::forward<X>(x), [&](auto& x) {
        return detail::reshape_view(detail::as_view(x), detail::to_axes(s), "reshape");
    });
}
template <class X, integer_range R>
    requires view_source<X&&>
auto reshape(X&& x, const R& s) {
    return detail::view_of(std::forward<X>(x), [&](auto& x) {
        return detail::reshape_view(detail::as_view(x), detail::to_axes(s), "reshape");
    });
}

//! reshape(x, s, loom::copy_if_needed): NumPy's np.reshape, a read-only view of `x` with shape `s`
//! in x's memory when its layout allows (as reshape(x, s)), else of a row-major copy of x that
//! the view owns (a transposed or sliced view whose axes cannot merge). Read-only, so that a write
//! meant for x is never lost in a copy; std::invalid_argument/index_error as reshape for sizes.
//!   auto r = loom::reshape(loom::matrix_transpose(m), {-1}, loom::copy_if_needed);
template <class X>
    requires view_source<X&&>
auto reshape(X&& x, std::initializer_list<std::ptrdiff_t> s, copy_if_needed_t) {
    return detail::reshape_or_copy(std::forward<X>(x), detail::to_axes(s));
}
template <class X, integer_range R>
    requires view_source<X&&>
auto reshape(X&& x, const R& s, copy_if_needed_t) {
    return detail::reshape_or_copy(std::forward<X>(x), detail::to_axes(s));
}

//! The rank-1 view of all of `x`'s elements in row-major order (NumPy's
//! `ravel` without its silent copy): index_error when the layout does not allow it.
//!   auto f = loom::flatten(m);   // shape (6,)
template <class X>
    requires view_source<X&&>
auto flatten(X&& x) {
    return detail::view_of(std::forward<X>(x), [&](auto& x) {
        return detail::reshape_view(detail::as_view(x), detail::axes_t{-1}, "flatten");
    });
}

}  // namespace loom
