// loom/stats/bins.hpp: counting and bins, NumPy's bincount, digitize, histogram and interp.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../containers/array.hpp"
#include "../containers/factories.hpp"
#include "../core/dtype.hpp"
#include "../core/shape.hpp"
#include "../expr/functions.hpp"
#include "../sort/search.hpp"

namespace loom {

namespace detail {

// x's elements as a std::vector of U, row-major, with x's shape checked to be rank 1.
template <class U, class X>
std::vector<U> vector_of(const X& x, const char* fn, const char* what) {
    const array<typename X::value_type> a = x;
    if (a.ndim() != 1)
        throw std::invalid_argument(std::string("loom::") + fn + ": " + what + " has shape " + to_string(a.shape()) +
                                    "; it must have one axis");
    std::vector<U> v(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) v[i] = static_cast<U>(a.data()[i]);
    return v;
}

// +1 when v never decreases, -1 when it never increases (and is not constant), 0 otherwise (NaN included).
template <class T>
int monotonicity(const std::vector<T>& v) {
    bool up = true, down = true;
    for (std::size_t i = 1; i < v.size(); ++i) {
        up = up && v[i] >= v[i - 1];
        down = down && v[i] <= v[i - 1];
    }
    return up ? 1 : down ? -1 : 0;
}

template <class T, class W>
auto bincount_of(const array<T>& x, const W* weights, std::size_t minlength) {
    static_assert(std::is_integral_v<T>, "loom::bincount: x must hold integers (or bool)");
    using R = std::conditional_t<std::is_void_v<W>, std::int64_t, double>;
    if (x.ndim() != 1)
        throw std::invalid_argument("loom::bincount: x has shape " + to_string(x.shape()) + "; it must have one axis");
    std::size_t n = minlength;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const T v = x.data()[i];
        if constexpr (std::is_signed_v<T>)
            if (v < 0)
                throw std::invalid_argument("loom::bincount: x must have no negative elements; x[" + std::to_string(i) +
                                            "] is " + std::to_string(+v));
        n = std::max(n, static_cast<std::size_t>(v) + 1);
    }
    array<R> r(shape_t{n}, R(0));
    for (std::size_t i = 0; i < x.size(); ++i) {
        if constexpr (std::is_void_v<W>) r.data()[static_cast<std::size_t>(x.data()[i])] += 1;
        else r.data()[static_cast<std::size_t>(x.data()[i])] += static_cast<double>(weights[i]);
    }
    return r;
}

}  // namespace detail

//! bincount(x, minlength = 0): how often each value 0, 1, ... occurs in x (rank 1,
//! integers or bool, none negative), as array<std::int64_t> of length max(x) + 1 or
//! minlength, whichever is more (NumPy's np.bincount). std::invalid_argument for a
//! negative element (naming it) or another rank.
//!   loom::bincount(loom::array<int>{0, 1, 1, 3})   // 1 2 0 1
template <expression X>
array<std::int64_t> bincount(const X& x, std::size_t minlength = 0) {
    return detail::bincount_of<typename X::value_type, void>(array<typename X::value_type>(x), nullptr, minlength);
}

//! bincount(x, weights, minlength = 0): the sums of weights[i] for each value of x[i],
//! array<double>; weights has x's shape (std::invalid_argument otherwise).
template <expression X, expression W>
array<double> bincount(const X& x, const W& weights, std::size_t minlength = 0) {
    using V = typename W::value_type;
    static_assert(!is_complex_v<V>, "loom::bincount: weights must be real numbers");
    const array<typename X::value_type> xa = x;
    const array<V> wa = weights;
    if (wa.shape() != xa.shape())
        throw std::invalid_argument("loom::bincount: weights have shape " + to_string(wa.shape()) + ", x has " +
                                    to_string(xa.shape()) + "; they must be the same");
    return detail::bincount_of<typename X::value_type, V>(xa, wa.data(), minlength);
}

//! digitize(x, bins, right = false): for each element of x the index of the bin it falls
//! in, array<std::int64_t> of x's shape (NumPy's np.digitize): with bins increasing,
//! i such that bins[i - 1] <= x < bins[i] (right: bins[i - 1] < x <= bins[i]), 0 below
//! and len(bins) above; with bins decreasing, the mirror. NaN goes past the last bin.
//! std::invalid_argument when bins (rank 1) neither increase nor decrease.
//!   loom::digitize(loom::array<double>{0.5, 1.0, 7.0}, loom::array<double>{1, 2, 4})   // 0 1 3
template <class X, expression B>
    requires(expression<X> || scalar_value<std::remove_cvref_t<X>>)
array<std::int64_t> digitize(const X& x, const B& bins, bool right = false) {
    using V = typename B::value_type;
    static_assert(!is_complex_v<V>, "loom::digitize: bins must be real numbers");
    array<V> b = bins;
    if (b.ndim() != 1)
        throw std::invalid_argument("loom::digitize: bins has shape " + to_string(b.shape()) + "; it must have one axis");
    const std::vector<V> bv(b.begin(), b.end());
    const int mono = detail::monotonicity(bv);
    if (mono == 0) throw std::invalid_argument("loom::digitize: bins must increase or decrease monotonically");
    const side sd = right ? side::left : side::right;
    if (mono == 1) return searchsorted(b, x, sd);
    for (std::size_t i = 0; i < bv.size(); ++i) b.data()[i] = bv[bv.size() - 1 - i];
    array<std::int64_t> r = searchsorted(b, x, sd);
    for (auto& v : r) v = static_cast<std::int64_t>(bv.size()) - v;
    return r;
}

//! What histogram returns: the counts per bin and the bins' edges (one more than the counts).
template <class E>
struct histogram_result {
    array<std::int64_t> counts;
    array<E> edges;
};

//! histogram(x, bins = 10, range): counts of x's elements (any shape) in `bins` bins of equal
//! width over range = {lo, hi} (by default x's smallest and largest elements; lo - 0.5 and
//! hi + 0.5 when they are equal), NumPy's np.histogram: each bin holds [edge, next edge),
//! the last [edge, hi]; elements outside the range are not counted. The edges are float
//! for float x and double otherwise. std::invalid_argument when the range is not finite
//! (an x with NaN and no range), lo > hi, or bins is 0.
//!   auto [counts, edges] = loom::histogram(x, 20, std::pair{0.0, 1.0});
template <expression X>
auto histogram(const X& x, std::size_t bins = 10, std::optional<std::pair<double, double>> range = {}) {
    using T = typename X::value_type;
    static_assert(!is_complex_v<T>, "loom::histogram: x must hold real numbers");
    using F = std::conditional_t<std::is_same_v<T, float>, float, double>;
    if (bins == 0) throw std::invalid_argument("loom::histogram: bins must be 1 or more");
    const array<T> a = x;
    F lo, hi;
    if (range) {
        lo = static_cast<F>(range->first);
        hi = static_cast<F>(range->second);
        if (lo > hi) throw std::invalid_argument("loom::histogram: the range's max must be larger than its min");
    } else if (a.size() == 0) {
        lo = 0, hi = 1;
    } else {
        const auto [mn, mx] = std::minmax_element(a.begin(), a.end());
        lo = static_cast<F>(*mn), hi = static_cast<F>(*mx);
        for (const T v : a)  // minmax_element skips NaN comparisons: look for one
            if (v != v) lo = hi = static_cast<F>(v);
    }
    if (!std::isfinite(lo) || !std::isfinite(hi))
        throw std::invalid_argument("loom::histogram: the range [" + std::to_string(lo) + ", " + std::to_string(hi) +
                                    "] is not finite");
    if (lo == hi) lo -= F(0.5), hi += F(0.5);
    histogram_result<F> r{array<std::int64_t>(shape_t{bins}, std::int64_t{0}), linspace<F>(lo, hi, bins + 1)};
    const F* e = r.edges.data();
    const F norm = static_cast<F>(bins) / (hi - lo);
    for (const T v0 : a) {
        const F v = static_cast<F>(v0);
        if (!(v >= lo && v <= hi)) continue;
        // NumPy's: the scaled position, then corrected against the edges
        auto i = static_cast<std::size_t>((v - lo) * norm);
        if (i == bins) --i;
        if (v < e[i]) --i;
        else if (v >= e[i + 1] && i != bins - 1) ++i;
        ++r.counts.data()[i];
    }
    return r;
}

//! histogram(x, edges): counts of x's elements in the bins between consecutive edges
//! (rank 1, increasing, at least two): [edges[i], edges[i + 1]), the last closed; the
//! edges returned as given. std::invalid_argument when they do not increase.
template <expression X, expression E>
auto histogram(const X& x, const E& edges) {
    using T = typename X::value_type;
    using V = typename E::value_type;
    static_assert(!is_complex_v<T> && !is_complex_v<V>, "loom::histogram: x and the edges must be real numbers");
    const std::vector<V> ev = detail::vector_of<V>(edges, "histogram", "the edges");
    if (ev.size() < 2) throw std::invalid_argument("loom::histogram: give at least two edges");
    if (detail::monotonicity(ev) != 1) throw std::invalid_argument("loom::histogram: the edges must increase monotonically");
    using C = result_type_t<T, V>;
    const array<T> a = x;
    std::vector<C> sorted(a.begin(), a.end());
    std::sort(sorted.begin(), sorted.end(), detail::search_less<C>);
    histogram_result<V> r{array<std::int64_t>(shape_t{ev.size() - 1}), array<V>(shape_t{ev.size()})};
    std::copy(ev.begin(), ev.end(), r.edges.data());
    const auto at = [&](std::size_t i, side sd) {
        return detail::search_one(sorted.data(), sorted.size(), static_cast<C>(ev[i]), sd);
    };
    std::int64_t prev = at(0, side::left);
    for (std::size_t i = 1; i < ev.size(); ++i) {
        const std::int64_t cur = at(i, i + 1 == ev.size() ? side::right : side::left);
        r.counts.data()[i - 1] = cur - prev;
        prev = cur;
    }
    return r;
}

//! interp(x, xp, fp, left, right): the piecewise-linear interpolant through the points
//! (xp[i], fp[i]) at each element of x, array<double> of x's shape (NumPy's np.interp):
//! xp increasing (not checked), left (fp[0] by default) below xp[0], right (fp's last by
//! default) above its last; NaN stays NaN. std::invalid_argument for empty xp, or xp and
//! fp of different lengths.
//!   loom::interp(loom::array<double>{2.5}, loom::array<double>{1, 2, 3}, loom::array<double>{3, 2, 0})   // 1
template <class X, expression XP, expression FP>
    requires(expression<X> || scalar_value<std::remove_cvref_t<X>>)
array<double> interp(const X& x, const XP& xp, const FP& fp, std::optional<double> left = {},
                     std::optional<double> right = {}) {
    const std::vector<double> dx = detail::vector_of<double>(xp, "interp", "xp");
    const std::vector<double> dy = detail::vector_of<double>(fp, "interp", "fp");
    if (dx.empty()) throw std::invalid_argument("loom::interp: xp is empty; give at least one point");
    if (dx.size() != dy.size())
        throw std::invalid_argument("loom::interp: xp has " + std::to_string(dx.size()) + " points, fp " +
                                    std::to_string(dy.size()) + "; they must be the same");
    const double lval = left ? *left : dy.front(), rval = right ? *right : dy.back();
    array<double> r;
    if constexpr (expression<X>) r = astype<double>(x);
    else r = array<double>(shape_t{}, static_cast<double>(x));
    const std::size_t n = dx.size();
    for (double& v : r) {
        if (n == 1) {
            v = v < dx[0] ? lval : v > dx[0] ? rval : dy[0];
            continue;
        }
        if (v != v) continue;
        if (v < dx[0]) {
            v = lval;
        } else if (v > dx[n - 1]) {
            v = rval;
        } else {
            const auto j = static_cast<std::size_t>(std::upper_bound(dx.begin(), dx.end(), v) - dx.begin()) - 1;
            if (j == n - 1 || dx[j] == v) {
                v = dy[j];
            } else {
                const double slope = (dy[j + 1] - dy[j]) / (dx[j + 1] - dx[j]);
                double y = slope * (v - dx[j]) + dy[j];
                if (y != y) {  // NumPy's: an infinite slope, or infinities in fp
                    y = slope * (v - dx[j + 1]) + dy[j + 1];
                    if (y != y && dy[j] == dy[j + 1]) y = dy[j];
                }
                v = y;
            }
        }
    }
    return r;
}

}  // namespace loom
