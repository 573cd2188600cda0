// loom/stats/average.hpp: weighted averages, spread and covariance (NumPy's np.average, np.ptp, np.cov, np.corrcoef).
#pragma once

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../core/shape.hpp"
#include "../expr/functions.hpp"
#include "../expr/operators.hpp"
#include "../expr/reduction.hpp"
#include "../linalg/matmul.hpp"
#include "../view/axes.hpp"
#include "../view/strided_view.hpp"
#include "../view/transpose.hpp"

namespace loom {

namespace detail {

// The element type of a weighted average, NumPy's: double for integer or bool x; for
// floating x, the promoted type with floating weights, and with integer weights x's
// own type where they fit it exactly (bool, 8 and 16 bits), double otherwise.
template <class T, class V>
using average_t = std::conditional_t<
    !std::is_floating_point_v<T>, double,
    std::conditional_t<std::is_floating_point_v<V>, result_type_t<T, V>,
                       std::conditional_t<(sizeof(V) <= 2), T, double>>>;

// An axes argument of average: not an expression (an array there is the weights).
template <class A>
concept average_axes = axes_argument<A> && !expression<A>;
template <class... A>
concept plain_average_args = reduce_args<A...> && (!expression<A> && ...);

// The sum of e over the axes in R, a lazy node.
template <class R, class E>
auto sum_over(E&& e, const axes_spec& axes, bool keep) {
    return reduction<reduce_kind::sum, R, capture_t<E&&>>(capture_operand(std::forward<E>(e)), axes, keep);
}

// sum(x * w) / sum(w) over the axes, x and w (broadcast against x) already in R: compiled
// once per R, whatever the operands were. std::invalid_argument where w sums to zero.
template <class R>
array<R> weighted_mean(const strided_view<const R>& x, const strided_view<const R>& w, const axes_spec& axes, bool keep) {
    const array<R> scale = sum_over<R>(w, axes, keep);
    for (const R s : scale)
        if (s == R(0)) throw std::invalid_argument("loom::average: the weights sum to zero; they cannot normalize");
    return array<R>(sum_over<R>(x * w, axes, keep) / scale);
}

// An operand as memory of R: its own when it is an array or view of R, else converted into `keep`.
template <class R, class X>
strided_view<const R> memory_in(const X& x, array<R>& keep) {
    if constexpr (memory_leaf<X> && std::is_same_v<typename X::value_type, R>) {
        const auto l = x.layout();
        return strided_view<const R>(l.data, *l.shape, *l.strides);
    } else {
        keep = astype<R>(x);
        return strided_view<const R>(keep.data(), keep.shape(), keep.strides());
    }
}

// NumPy's checks, then sum(x * w) / sum(w) over the axes in R (x and w converted to R
// first, as NumPy's multiply with dtype=R); w of x's shape, or (with one axis) rank 1
// along it. std::invalid_argument where NumPy raises.
template <class R, class X, class W>
array<R> weighted_average(const X& x, const W& w, const axes_spec& axes, bool keep) {
    array<R> xk, wk;
    const strided_view<const R> xv = memory_in<R>(x, xk), wv = memory_in<R>(w, wk);
    const shape_t& xs = xv.shape();
    const shape_t& wsh = wv.shape();
    if (wsh == xs) return weighted_mean<R>(xv, wv, axes, keep);
    const std::string shapes = "the weights have shape " + to_string(wsh) + " and x " + to_string(xs);
    if (axes.every || axes.list.size() != 1)
        throw std::invalid_argument("loom::average: " + shapes + ": weights of another shape than x's need one axis");
    if (wsh.size() != 1)
        throw std::invalid_argument("loom::average: " + shapes + ": weights of another shape than x's must have one axis");
    const std::size_t ax = normalize_axis(axes.list[0], xs.size(), "average");
    if (wsh[0] != xs[ax])
        throw std::invalid_argument("loom::average: " + shapes + ": the weights' length must be that of x's axis " +
                                    std::to_string(axes.list[0]));
    shape_t ws(xs.size(), 1);
    strides_t wst(xs.size(), 0);
    ws[ax] = wsh[0];
    wst[ax] = wv.strides()[0];
    return weighted_mean<R>(xv, strided_view<const R>(wv.data(), ws, wst), axes, keep);
}

template <class X, class W, class... K>
auto average_of(const X& x, const axes_spec& axes, const W& w, const K&...) {
    using T = typename X::value_type;
    using V = typename W::value_type;
    static_assert(!is_complex_v<T> && !is_complex_v<V>, "loom::average: x and the weights must hold real numbers");
    return weighted_average<average_t<T, V>>(x, w, axes, sizeof...(K) > 0);
}

// cov's variables as the rows of a (variables, observations) array of double, NumPy's
// `array(m, ndmin=2)`, transposed when rowvar is false (and there is more than one row).
template <class X>
array<double> variables_of(const X& x, bool rowvar, const char* what) {
    using T = typename X::value_type;
    static_assert(!is_complex_v<T>, "loom::cov, loom::corrcoef: x and y must hold real numbers");
    array<double> m = astype<double>(x);
    if (m.ndim() > 2)
        throw std::invalid_argument(std::string("loom::cov: ") + what + " has shape " + to_string(m.shape()) +
                                    "; it must have at most two axes");
    if (m.ndim() < 2) {
        const std::size_t n = m.ndim() == 0 ? 1 : m.size();
        array<double> r(shape_t{1, n});
        std::copy_n(m.data(), n, r.data());
        return r;
    }
    if (!rowvar && m.shape()[0] != 1) return array<double>(transpose(m));
    return m;
}

// NumPy 1.24's np.cov on the variables in the rows of v: the rows centred on their means,
// their products summed (one matrix product, mirrored so that the result is exactly
// symmetric) times 1 / (observations - ddof), that factor infinite when not positive;
// size-1 axes squeezed.
inline array<double> cov_of(array<double> v, std::ptrdiff_t ddof) {
    const std::size_t n = v.shape()[0], m = v.shape()[1];
    const array<double> centred = v - mean(v, 1, keepdims);
    const std::ptrdiff_t obs = static_cast<std::ptrdiff_t>(m) - ddof;
    const double fact = obs > 0 ? static_cast<double>(obs) : 0.0;
    array<double> c = matmul(centred, transpose(centred));
    const double scale = 1.0 / fact;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i; j < n; ++j) c.data()[j * n + i] = c.data()[i * n + j] *= scale;
    if (n == 1) return array<double>(shape_t{}, c.data()[0]);
    return c;
}

template <class X, class Y>
array<double> cov_call(const X& x, const Y* y, bool rowvar, std::ptrdiff_t ddof) {
    array<double> v = variables_of(x, rowvar, "x");
    const array<double> w = y ? variables_of(*y, rowvar, "y") : array<double>();  // y's rank checked first, as NumPy's
    if (v.shape()[0] == 0) return array<double>(shape_t{0, 0});
    if (y) {
        if (w.shape()[1] != v.shape()[1])
            throw std::invalid_argument("loom::cov: x has " + std::to_string(v.shape()[1]) + " observations and y " +
                                        std::to_string(w.shape()[1]) + "; they must be the same");
        array<double> both(shape_t{v.shape()[0] + w.shape()[0], v.shape()[1]});
        std::copy_n(v.data(), v.size(), both.data());
        std::copy_n(w.data(), w.size(), both.data() + v.size());
        v = std::move(both);
    }
    return cov_of(std::move(v), ddof);
}

// NumPy's np.corrcoef from the covariances: each divided by the two standard deviations,
// then clipped to [-1, 1]; a single variable gives c / c (1, or NaN).
inline array<double> corrcoef_of(array<double> c) {
    if (c.ndim() == 0) {
        c.data()[0] /= c.data()[0];
        return c;
    }
    const std::size_t n = c.shape()[0];
    double* p = c.data();
    std::vector<double> sd(n);
    for (std::size_t i = 0; i < n; ++i) sd[i] = std::sqrt(p[i * n + i]);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            double& v = p[i * n + j];
            v = v / sd[i] / sd[j];
            if (v < -1.0) v = -1.0;
            else if (v > 1.0) v = 1.0;
        }
    return c;
}

}  // namespace detail

//! average(x, axes, loom::keepdims): without weights, the mean (np.average is np.mean
//! then): mean's lazy node, element types and options.
//!   loom::average(x, 0)
template <expression X, class... A>
    requires detail::plain_average_args<A...>
auto average(X&& x, A&&... a) {
    return mean(std::forward<X>(x), std::forward<A>(a)...);
}
template <expression X, class... K>
    requires detail::keep_args<K...>
auto average(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return mean(std::forward<X>(x), axes, k...);
}

//! average(x, axis, weights, loom::keepdims): the weighted average sum(x * w) / sum(w)
//! over the axes (NumPy's np.average): weights of x's shape, or of one axis as long as
//! x's `axis` (then only one axis). A new array: double for integer or bool x; for
//! floating x, NumPy's promotion with the weights' type. std::invalid_argument when the
//! weights do not fit x (NumPy's TypeError and ValueError) or sum to zero along a lane.
//!   loom::average(x, 1, loom::array<double>{1, 2, 3})
template <expression X, class A, expression W, class... K>
    requires(detail::average_axes<A> && detail::keep_args<K...>)
auto average(const X& x, const A& axes, const W& weights, K... k) {
    return detail::average_of(x, detail::axes_from(axes), weights, k...);
}
template <expression X, expression W, class... K>
    requires detail::keep_args<K...>
auto average(const X& x, std::initializer_list<std::ptrdiff_t> axes, const W& weights, K... k) {
    return detail::average_of(x, detail::axes_from(axes), weights, k...);
}
//! average(x, weights, loom::keepdims): over every axis, the weights of x's shape.
template <expression X, expression W, class... K>
    requires detail::keep_args<K...>
auto average(const X& x, const W& weights, K... k) {
    return detail::average_of(x, detail::axes_spec{}, weights, k...);
}

//! ptp(x, axes, loom::keepdims): max - min over the axes, "peak to peak" (NumPy's np.ptp):
//! x's element type (integers wrap, as NumPy's); NaN propagates; a lazy node;
//! std::invalid_argument when a reduction is empty, as max.
//!   loom::ptp(loom::array<int>{4, 9, 1})   // 8
template <expression X, class... A>
    requires detail::reduce_args<A...>
auto ptp(X&& x, A&&... a) {
    static_assert(!std::is_same_v<typename std::remove_cvref_t<X>::value_type, bool>,
                  "loom::ptp: bool elements cannot be subtracted (NumPy raises too): use loom::astype<int>(x)");
    const auto c = detail::capture_operand(std::forward<X>(x));
    using C = std::remove_cvref_t<decltype(c)>;
    return max(C(c), a...) - min(C(c), a...);
}
template <expression X, class... K>
    requires detail::keep_args<K...>
auto ptp(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return ptp(std::forward<X>(x), detail::axes_t(axes.begin(), axes.end()), k...);
}

//! cov(x, rowvar = true, ddof = 1): the covariance matrix of the variables in x's rows
//! (rowvar false: its columns), each row the observations of one variable (NumPy 1.24's
//! np.cov): x of rank 0, 1 (one variable) or 2; a new array<double> (variables,
//! variables), rank 0 for one variable, (0, 0) for none; the divisor observations -
//! ddof, and infinite values (or NaN) when that is not positive, as NumPy's.
//! std::invalid_argument for a rank above 2.
//!   loom::cov(loom::array<double>{{0, 1, 2}, {2, 1, 0}})   // {{1, -1}, {-1, 1}}
template <expression X>
array<double> cov(const X& x, bool rowvar = true, std::ptrdiff_t ddof = 1) {
    return detail::cov_call(x, static_cast<const X*>(nullptr), rowvar, ddof);
}
//! cov(x, y, rowvar = true, ddof = 1): the variables of y (rank 1 or 2, as many
//! observations as x) appended to x's, NumPy's; std::invalid_argument when the counts of
//! observations differ.
template <expression X, expression Y>
array<double> cov(const X& x, const Y& y, bool rowvar = true, std::ptrdiff_t ddof = 1) {
    return detail::cov_call(x, &y, rowvar, ddof);
}

//! corrcoef(x, rowvar = true): the Pearson correlation coefficients of cov(x, rowvar)
//! (NumPy's np.corrcoef): each covariance over the two standard deviations, clipped to
//! [-1, 1]; rank 0 for one variable (1, or NaN when its variance is 0 or NaN).
//!   loom::corrcoef(x)
template <expression X>
array<double> corrcoef(const X& x, bool rowvar = true) {
    return detail::corrcoef_of(cov(x, rowvar));
}
//! corrcoef(x, y, rowvar = true): with y's variables appended, as cov(x, y).
template <expression X, expression Y>
array<double> corrcoef(const X& x, const Y& y, bool rowvar = true) {
    return detail::corrcoef_of(cov(x, y, rowvar));
}

}  // namespace loom
