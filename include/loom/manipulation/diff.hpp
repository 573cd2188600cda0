// loom/manipulation/diff.hpp: diff, the n-th differences along an axis (Array API 2024.12, NumPy's np.diff).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../core/shape.hpp"
#include "../expr/operators.hpp"
#include "../view/axes.hpp"
#include "../view/strided_view.hpp"
#include "concat.hpp"

namespace loom {

//! diff's values put before x along the axis (NumPy's prepend=): a number, taken as a slice
//! of size 1 along the axis, or an array of x's shape but along the axis (rank 0: a number).
//! It refers to an array it is given, so it is made in the call.
//!   loom::diff(loom::array<int>{1, 4, 9}, loom::prepend(0))   // 1 3 5
template <class V>
struct prepend_t {
    V values;
};
//! diff's values put after x along the axis (NumPy's append=), as loom::prepend's.
//!   loom::diff(loom::array<int>{1, 4, 9}, loom::append(9))   // 3 5 0
template <class V>
struct append_t {
    V values;
};

template <class V>
    requires(expression<V> || scalar_value<V>)
constexpr auto prepend(const V& v) noexcept {
    if constexpr (expression<V>) return prepend_t<const V&>{v};
    else return prepend_t<V>{v};
}
template <class V>
    requires(expression<V> || scalar_value<V>)
constexpr auto append(const V& v) noexcept {
    if constexpr (expression<V>) return append_t<const V&>{v};
    else return append_t<V>{v};
}

namespace detail {

template <class O>
struct diff_option : std::false_type {};
// The element type of prepend's or append's values: an expression's, or a number's own.
template <class V>
struct diff_values {
    using type = canonical_t<V>;
};
template <class V>
    requires expression<std::remove_cvref_t<V>>
struct diff_values<V> {
    using type = typename std::remove_cvref_t<V>::value_type;
};

template <class V>
struct diff_option<prepend_t<V>> : std::true_type {
    static constexpr bool before = true;
    using value_type = typename diff_values<V>::type;
};
template <class V>
struct diff_option<append_t<V>> : std::true_type {
    static constexpr bool before = false;
    using value_type = typename diff_values<V>::type;
};

template <class... O>
inline constexpr bool diff_options = (diff_option<O>::value && ...);

// The n-th differences of `cur` along axis a.
template <class T>
array<T> diff_of(array<T> cur, std::ptrdiff_t n, std::size_t a) {
    for (std::ptrdiff_t k = 0; k < n && cur.shape()[a] > 0; ++k) {
        shape_t s = cur.shape();
        s[a] -= 1;
        if (cur.size() == 0) {  // another axis is empty: no elements (and maybe no memory) to subtract
            cur = array<T>(s);
            continue;
        }
        const strides_t& st = cur.strides();
        const strided_view<const T> lo(cur.data(), s, st), hi(cur.data() + st[a], s, st);
        array<T> next;
        if constexpr (std::is_same_v<T, bool>) next = hi != lo;
        else next = hi - lo;
        cur = std::move(next);
    }
    return cur;
}

// An option's values as an array of R with x's shape s but along axis a: a number (or rank 0)
// as one slice, an array checked to fit.
template <class R, class O>
array<R> diff_part(const O& o, const shape_t& s, std::size_t a) {
    const char* what = diff_option<O>::before ? "prepend" : "append";
    shape_t one = s;
    one[a] = 1;
    if constexpr (expression<std::remove_cvref_t<decltype(o.values)>>) {
        using V = typename std::remove_cvref_t<decltype(o.values)>::value_type;
        const array<V> v = o.values;
        if (v.ndim() == 0) return array<R>(one, static_cast<R>(v.data()[0]));
        bool fits = v.ndim() == s.size();
        for (std::size_t k = 0; fits && k < s.size(); ++k) fits = k == a || v.shape()[k] == s[k];
        if (!fits)
            throw std::invalid_argument(std::string("loom::diff: ") + what + " has shape " + to_string(v.shape()) +
                                        ", x " + to_string(s) + "; it must be x's but along axis " +
                                        std::to_string(a) + ", or a number");
        return array<R>(v);
    } else {
        return array<R>(one, static_cast<R>(o.values));
    }
}

}  // namespace detail

//! diff(x, n = 1, axis = -1): the n-th differences along `axis`, out[i] = x[i + 1] - x[i]
//! taken n times (for bool, x[i + 1] != x[i], as NumPy's), in a new array whose axis is n
//! shorter (empty when n is its length or more); n = 0 gives a copy. A rank-0 x or a
//! negative n throws std::invalid_argument, an axis out of range loom::index_error.
//!   loom::diff(loom::array<int>{1, 4, 9, 16})   // 3 5 7
template <expression X>
auto diff(const X& x, std::ptrdiff_t n = 1, std::ptrdiff_t axis = -1) {
    using T = typename X::value_type;
    if (n < 0) throw std::invalid_argument("loom::diff: the order n must be 0 or more, not " + std::to_string(n));
    array<T> cur = x;
    if (cur.ndim() == 0) throw std::invalid_argument("loom::diff: x must have at least one axis; it has rank 0");
    const std::size_t a = detail::normalize_axis(axis, cur.ndim(), "diff");
    return detail::diff_of(std::move(cur), n, a);
}

//! diff(x, n, axis, loom::prepend(v), loom::append(w)): the differences of x with v before it
//! and w after it along the axis (NumPy's prepend= and append=; either or both, in any order),
//! in the promoted type of x, v and w. v and w are numbers (a slice of size 1) or arrays of
//! x's shape but along the axis; std::invalid_argument otherwise. As NumPy's, n = 0 gives x
//! (converted) and leaves them out.
//!   loom::diff(loom::array<double>{{1, 2}, {4, 8}}, 1, 0, loom::prepend(0.0))   // {{1, 2}, {3, 6}}
template <expression X, class... O>
    requires(sizeof...(O) > 0 && detail::diff_options<O...>)
auto diff(const X& x, std::ptrdiff_t n, std::ptrdiff_t axis, const O&... options) {
    static_assert((detail::diff_option<O>::before + ... + 0) <= 1, "loom::diff: loom::prepend given twice");
    static_assert((!detail::diff_option<O>::before + ... + 0) <= 1, "loom::diff: loom::append given twice");
    using R = result_type_t<typename X::value_type, typename detail::diff_option<O>::value_type...>;
    if (n < 0) throw std::invalid_argument("loom::diff: the order n must be 0 or more, not " + std::to_string(n));
    array<R> cur = x;
    if (cur.ndim() == 0) throw std::invalid_argument("loom::diff: x must have at least one axis; it has rank 0");
    const std::size_t a = detail::normalize_axis(axis, cur.ndim(), "diff");
    if (n == 0) return cur;
    const shape_t s = cur.shape();
    // x between the parts before it and after it, in one array
    const auto before = std::tuple_cat([&] {
        if constexpr (detail::diff_option<O>::before) return std::tuple<array<R>>(detail::diff_part<R>(options, s, a));
        else return std::tuple<>();
    }()...);
    const auto after = std::tuple_cat([&] {
        if constexpr (!detail::diff_option<O>::before) return std::tuple<array<R>>(detail::diff_part<R>(options, s, a));
        else return std::tuple<>();
    }()...);
    const auto parts = std::apply([&](const auto&... p) {
        return std::apply([&](const auto&... q) { return std::tie(p..., cur, q...); }, after);
    }, before);
    return detail::diff_of(detail::join_parts<false, R>(parts, static_cast<std::ptrdiff_t>(a)), n, a);
}

//! diff(x, loom::prepend(v), loom::append(w)): diff(x, 1, -1, ...), the first differences along the last axis.
template <expression X, class... O>
    requires(sizeof...(O) > 0 && detail::diff_options<O...>)
auto diff(const X& x, const O&... options) {
    return diff(x, 1, -1, options...);
}

}  // namespace loom
