// loom/stats/nan_reductions.hpp: reductions that ignore NaN (NumPy's nansum, nanmean, nanmax, nanmin, nanargmax, nanargmin, nanvar, nanstd) over loom's reductions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../core/shape.hpp"
#include "../detail/small_vector.hpp"
#include "../eval/reduce/axes.hpp"
#include "../expr/functions.hpp"
#include "../expr/operators.hpp"
#include "../expr/reduction.hpp"
#include "../view/axes.hpp"

namespace loom {

namespace detail {

namespace reduce_kind {

// NumPy's np.fmax.reduce (nanmax) and np.fmin.reduce (nanmin): a NaN loses to any
// number, so a result is NaN only where every element is; the identity NaN.
struct fmax : plain {
    static constexpr const char* name = "nanmax";
    template <class V>
    using result = V;
    template <class A>
    static constexpr A identity() { return std::numeric_limits<A>::quiet_NaN(); }
    template <class A, class V>
    static A lift(V x) { return static_cast<A>(x); }
    // a NaN as ~(a == a) in batches: xsimd's != is an ordered compare on AVX (false for NaN)
    template <class X>
    static X combine(X a, X b) {
        if constexpr (::loom::ops::detail::is_batch<X>) return select((b > a) | ~(a == a), b, a);
        else return (b > a || a != a) ? b : a;
    }
    static constexpr bool simd = true, nonempty = true, divides = false, orders = true;
};
struct fmin : fmax {
    static constexpr const char* name = "nanmin";
    template <class X>
    static X combine(X a, X b) {
        if constexpr (::loom::ops::detail::is_batch<X>) return select((b < a) | ~(a == a), b, a);
        else return (b < a || a != a) ? b : a;
    }
};

}  // namespace reduce_kind

// Element types that can hold NaN: the others reduce as the plain reductions do.
template <class V>
inline constexpr bool holds_nan = std::is_floating_point_v<V> || is_complex_v<V>;

// The reduction node of Kind over e, built from parsed options.
template <class Kind, class R, class E>
auto reduction_node(E&& e, const axes_spec& axes, bool keep, double corr = 0) {
    return reduction<Kind, R, capture_t<E&&>>(capture_operand(std::forward<E>(e)), axes, keep, corr);
}

// c (a captured operand, copied into each use: an lvalue leaf_ref would be held by
// reference) with NaN as 0, NumPy's _replace_nan; and whether an element is a number.
template <class C>
auto nan_to_zero(const C& c) {
    using V = typename C::value_type;
    return where(isnan(C(c)), V(0), C(c));
}
template <class C>
auto not_nan(const C& c) {
    return logical_not(isnan(C(c)));
}

// nanvar (Root: nanstd) as NumPy 1.24 computes it: the mean of the numbers, the squared
// deviations of the numbers from it summed, divided by (count - correction) in double;
// NaN where that divisor is not positive.
template <bool Root, class U, class C, class... A>
auto nan_moment(const C& c, const A&... a) {
    using V = typename C::value_type;
    using M = reduce_kind::mean_type<V>;
    using R = std::conditional_t<std::is_void_v<U>, real_of_t<M>, U>;
    reduce_options o;
    (o.take(a), ...);
    const auto mean_kept = reduction_node<reduce_kind::sum, M>(nan_to_zero(c), o.axes, true) /
                           reduction_node<reduce_kind::count, std::int64_t>(not_nan(c), o.axes, true);
    const auto d = where(isnan(C(c)), M(0), C(c) - mean_kept);
    auto squares = [&] {
        if constexpr (is_complex_v<M>) return real(d * conj(d));
        else return square(d);
    }();
    auto ss = reduction_node<reduce_kind::sum, real_of_t<M>>(std::move(squares), o.axes, o.keep);
    const auto dof =
        astype<double>(reduction_node<reduce_kind::count, std::int64_t>(not_nan(c), o.axes, o.keep)) - o.correction;
    auto v = where(dof > 0.0, astype<R>(astype<double>(std::move(ss)) / dof), std::numeric_limits<R>::quiet_NaN());
    if constexpr (Root) return sqrt(std::move(v));
    else return v;
}

// "x[1, :, 0]": the slice of x (rank n, red marking the reduced axes) at the index `flat`
// of the reduction's result.
inline std::string slice_name(const shape_t& s, const bool* red, std::size_t flat) {
    small_vector<std::size_t, 8> idx(s.size(), 0);
    for (std::size_t d = s.size(); d-- > 0;) {
        if (red[d]) continue;
        idx[d] = flat % s[d];
        flat /= s[d];
    }
    std::string r = "x[";
    for (std::size_t d = 0; d < s.size(); ++d) r += (d ? ", " : "") + (red[d] ? std::string(":") : std::to_string(idx[d]));
    return r + "]";
}

// nanargmax and nanargmin, NumPy's: an all-NaN (or empty) slice throws, before anything
// else; then argmax (argmin) with NaN as -inf (inf).
template <class K, class X, class... A>
array<std::int64_t> nan_arg(const char* fn, const X& x, const A&... a) {
    using V = typename X::value_type;
    if constexpr (holds_nan<V> && !memory_leaf<X>) {
        const array<V> e = x;  // read twice: evaluated once
        return nan_arg<K>(fn, e, a...);
    } else {
        reduce_options o;
        (o.take(a), ...);
        const shape_t s = x.shape();
        small_vector<bool, 8> red(s.size(), false);
        reduced_axes(o.axes, s.size(), red.data(), fn);
        std::size_t len = 1, lanes = 1;
        for (std::size_t i = 0; i < s.size(); ++i) (red[i] ? len : lanes) *= s[i];
        if (len == 0 && lanes > 0)
            throw std::invalid_argument(std::string("loom::") + fn + ": " +
                                        (o.axes.every ? std::string("x is empty") : "the slices of x along the axis are empty") +
                                        " (x has shape " + to_string(s) + ")");
        if constexpr (!holds_nan<V>) {
            return array<std::int64_t>(reduction_node<K, std::int64_t>(x, o.axes, o.keep));
        } else {
            if (lanes > 0) {
                const array<bool> all_nan = reduction_node<reduce_kind::all, bool>(isnan(x), o.axes, false);
                for (std::size_t j = 0; j < all_nan.size(); ++j)
                    if (all_nan.data()[j])
                        throw std::invalid_argument(std::string("loom::") + fn + ": " +
                                                    (o.axes.every ? std::string("x") : "the slice " + slice_name(s, red.data(), j)) +
                                                    " is all NaN");
            }
            constexpr V fill = K::largest ? -std::numeric_limits<V>::infinity() : std::numeric_limits<V>::infinity();
            return array<std::int64_t>(reduction_node<K, std::int64_t>(where(isnan(x), fill, x), o.axes, o.keep));
        }
    }
}

}  // namespace detail

// Each takes the options of the reduction it follows: axes (an integer, a braced list or
// a range of integers), then loom::keepdims, then (nanvar, nanstd) loom::correction(c);
// an explicit first template argument sets the result type. Elements that cannot be NaN
// (integers, bool) reduce exactly as sum, mean, max, ... do.

//! The sum over the axes of the elements that are not NaN (NumPy's np.nansum): sum's
//! element types; 0 where every element is NaN, and when empty.
//!   loom::nansum(loom::array<double>{1, NAN, 2})   // 3
template <class U = void, expression X, class... A>
    requires detail::reduce_args<A...>
auto nansum(X&& x, A&&... a) {
    using V = typename std::remove_cvref_t<X>::value_type;
    if constexpr (detail::holds_nan<V>) return sum<U>(detail::nan_to_zero(detail::capture_operand(std::forward<X>(x))), a...);
    else return sum<U>(std::forward<X>(x), a...);
}
template <class U = void, expression X, class... K>
    requires detail::keep_args<K...>
auto nansum(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return nansum<U>(std::forward<X>(x), detail::axes_t(axes.begin(), axes.end()), k...);
}

//! The mean over the axes of the elements that are not NaN (np.nanmean): their sum over
//! their count; mean's element types; NaN where every element is NaN, and when empty.
//!   loom::nanmean(x, 0)
template <class U = void, expression X, class... A>
    requires detail::reduce_args<A...>
auto nanmean(X&& x, A&&... a) {
    using V = typename std::remove_cvref_t<X>::value_type;
    if constexpr (!detail::holds_nan<V>) {
        return mean<U>(std::forward<X>(x), a...);
    } else {
        using R = std::conditional_t<std::is_void_v<U>, detail::reduce_kind::mean_type<V>, U>;
        const auto c = detail::capture_operand(std::forward<X>(x));
        return sum<R>(detail::nan_to_zero(c), a...) / count_nonzero(detail::not_nan(c), a...);
    }
}
template <class U = void, expression X, class... K>
    requires detail::keep_args<K...>
auto nanmean(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return nanmean<U>(std::forward<X>(x), detail::axes_t(axes.begin(), axes.end()), k...);
}

//! The largest element over the axes that is not NaN (np.nanmax, NumPy's fmax reduction):
//! x's element type; NaN where every element is NaN; std::invalid_argument when a
//! reduction is empty.
//!   loom::nanmax(x, -1)
template <class U = void, expression X, class... A>
    requires detail::reduce_args<A...>
auto nanmax(X&& x, A&&... a) {
    using V = typename std::remove_cvref_t<X>::value_type;
    using R = std::conditional_t<std::is_void_v<U>, V, U>;
    using K = std::conditional_t<std::is_floating_point_v<R>, detail::reduce_kind::fmax, detail::reduce_kind::max>;
    return detail::reduce_call<K, U>(std::forward<X>(x), a...);
}
template <class U = void, expression X, class... K>
    requires detail::keep_args<K...>
auto nanmax(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return nanmax<U>(std::forward<X>(x), detail::axes_t(axes.begin(), axes.end()), k...);
}

//! The smallest element over the axes that is not NaN (np.nanmin), as nanmax.
template <class U = void, expression X, class... A>
    requires detail::reduce_args<A...>
auto nanmin(X&& x, A&&... a) {
    using V = typename std::remove_cvref_t<X>::value_type;
    using R = std::conditional_t<std::is_void_v<U>, V, U>;
    using K = std::conditional_t<std::is_floating_point_v<R>, detail::reduce_kind::fmin, detail::reduce_kind::min>;
    return detail::reduce_call<K, U>(std::forward<X>(x), a...);
}
template <class U = void, expression X, class... K>
    requires detail::keep_args<K...>
auto nanmin(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return nanmin<U>(std::forward<X>(x), detail::axes_t(axes.begin(), axes.end()), k...);
}

//! The index of the largest element that is not NaN (np.nanargmax), as argmax: of the
//! flattened x, or along one axis (`nanargmax(x, axis[, loom::keepdims])`); a new
//! array<std::int64_t>. std::invalid_argument naming the slice when one is all NaN,
//! and when one is empty.
//!   loom::nanargmax(loom::array<double>{1, NAN, 3})   // 2
template <expression X, class... A>
    requires detail::arg_args<A...>
array<std::int64_t> nanargmax(const X& x, const A&... a) {
    return detail::nan_arg<detail::reduce_kind::argmax>("nanargmax", x, a...);
}
//! The index of the smallest element that is not NaN (np.nanargmin), as nanargmax.
template <expression X, class... A>
    requires detail::arg_args<A...>
array<std::int64_t> nanargmin(const X& x, const A&... a) {
    return detail::nan_arg<detail::reduce_kind::argmin>("nanargmin", x, a...);
}

//! The variance over the axes of the elements that are not NaN (np.nanvar), the divisor
//! their count minus c with loom::correction(c) (0 by default): var's element types;
//! NaN where that divisor is 0 or less (every element NaN, or empty).
//!   loom::nanvar(x, 0, loom::correction(1))
template <class U = void, expression X, class... A>
    requires detail::moment_args<A...>
auto nanvar(X&& x, A&&... a) {
    using V = typename std::remove_cvref_t<X>::value_type;
    if constexpr (!detail::holds_nan<V>) return var<U>(std::forward<X>(x), a...);
    else return detail::nan_moment<false, U>(detail::capture_operand(std::forward<X>(x)), a...);
}
template <class U = void, expression X, class... K>
    requires detail::moment_keep_args<K...>
auto nanvar(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return nanvar<U>(std::forward<X>(x), detail::axes_t(axes.begin(), axes.end()), k...);
}

//! The standard deviation of the elements that are not NaN (np.nanstd): the square root of nanvar.
template <class U = void, expression X, class... A>
    requires detail::moment_args<A...>
auto nanstd(X&& x, A&&... a) {
    using V = typename std::remove_cvref_t<X>::value_type;
    if constexpr (!detail::holds_nan<V>) return stddev<U>(std::forward<X>(x), a...);
    else return detail::nan_moment<true, U>(detail::capture_operand(std::forward<X>(x)), a...);
}
template <class U = void, expression X, class... K>
    requires detail::moment_keep_args<K...>
auto nanstd(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return nanstd<U>(std::forward<X>(x), detail::axes_t(axes.begin(), axes.end()), k...);
}

}  // namespace loom
