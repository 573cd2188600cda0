// loom/stats/quantile.hpp: median, quantile and percentile over axes (NumPy's np.median, np.quantile, np.percentile), by selection.
#pragma once

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../core/shape.hpp"
#include "../core/storage.hpp"
#include "../detail/small_vector.hpp"
#include "../eval/reduce/axes.hpp"
#include "../eval/threads.hpp"
#include "../expr/reduction_nodes.hpp"
#include "../view/axes.hpp"

namespace loom {

//! How quantile and percentile take a value between the two elements around the
//! quantile's position i = (n - 1) * q in the sorted lane (NumPy's `method`):
//! linear interpolates at i, lower and higher take the element at floor(i) and
//! ceil(i), nearest at i rounded half to even, midpoint halfway between the two.
//!   loom::quantile(x, 0.9, -1, loom::method::nearest)
enum class method { linear, lower, higher, nearest, midpoint };

namespace detail {

// The element type of median, quantile and percentile: floating types keep theirs,
// integers and bool give double.
template <class T>
using quantile_result_t = std::conditional_t<std::is_floating_point_v<T>, T, double>;

// The options after x (and q), each optional, in this order: axes, a method (not for
// median), loom::keepdims.
template <class A>
concept method_argument = std::same_as<std::remove_cvref_t<A>, method>;
template <class A>
constexpr int quantile_option_rank() {
    if constexpr (axes_argument<A>) return 0;
    else if constexpr (method_argument<A>) return 1;
    else if constexpr (keepdims_argument<A>) return 2;
    else return -1;
}
template <class... A>
constexpr bool quantile_options_ok() {
    int last = -1;
    bool ok = true;
    for (int r : {quantile_option_rank<A>()..., 3}) {
        if (r == 3) break;
        ok = ok && r > last;
        last = r;
    }
    return ok;
}
template <class... A>
concept quantile_args = quantile_options_ok<A...>();
template <class... K>
concept quantile_keep_args = ((quantile_option_rank<K>() >= 1) && ...) && quantile_options_ok<K...>();

// What q may be: a real number, or an expression of real numbers (any shape).
template <class Q>
concept quantile_q = (std::is_arithmetic_v<std::remove_cvref_t<Q>> && !std::is_same_v<std::remove_cvref_t<Q>, bool>) ||
                     (expression<Q> && !is_complex_v<typename std::remove_cvref_t<Q>::value_type>);

struct quantile_options {
    axes_spec axes;
    method how = method::linear;
    bool keep = false;
    template <class A>
    void take(const A& a) {
        if constexpr (keepdims_argument<A>) keep = true;
        else if constexpr (method_argument<A>) how = a;
        else axes = axes_from(a);
    }
};

// The q values, flat, and their shape (that of the result's leading axes).
struct quantile_qs {
    std::vector<double> values;
    shape_t shape;
};
template <class Q>
quantile_qs quantiles_of(const Q& q) {
    quantile_qs r;
    if constexpr (expression<Q>) {
        const array<typename Q::value_type> a = q;
        r.shape = a.shape();
        r.values.assign(a.size(), 0.0);
        for (std::size_t i = 0; i < a.size(); ++i) r.values[i] = static_cast<double>(a.data()[i]);
    } else {
        r.values.push_back(static_cast<double>(q));
    }
    return r;
}
inline quantile_qs quantiles_of(std::initializer_list<double> q) {
    return {std::vector<double>(q.begin(), q.end()), shape_t{q.size()}};
}

// q (percentile: q / 100, as NumPy divides first) must lie in [0, 1]: std::invalid_argument naming it.
inline void check_quantiles(const char* fn, quantile_qs& q, double scale) {
    for (std::size_t i = 0; i < q.values.size(); ++i) {
        const double given = q.values[i], v = given / scale;
        if (!(v >= 0.0 && v <= 1.0)) {
            char text[64];
            std::snprintf(text, sizeof text, "%g", given);
            throw std::invalid_argument(std::string("loom::") + fn + ": q must be in [0, " + (scale == 1.0 ? "1" : "100") +
                                        "]; q" + (q.shape.empty() ? "" : "[" + std::to_string(i) + "]") + " is " + text);
        }
        q.values[i] = v;
    }
}

// What one quantile reads from a sorted lane of n elements, the same for every lane: the
// element at lo (take), lo and hi interpolated with weight gamma (lerp, NumPy's _lerp),
// or the mean of the elements at lo and hi (median).
struct quantile_pick {
    enum kind_t { take, lerp, mean } kind = take;
    std::size_t lo = 0, hi = 0;
    double gamma = 0;
};

// NumPy 1.24's indices and gamma for q: i = (n - 1) * q; past the last position both
// neighbours are the last element and gamma is taken against index -1, as NumPy's.
inline quantile_pick pick_of(double q, std::size_t n, method how) {
    const double i = static_cast<double>(n - 1) * q, last = static_cast<double>(n - 1);
    const auto at = [n](double v) { return std::min(static_cast<std::size_t>(v), n - 1); };
    quantile_pick p;
    switch (how) {
        case method::lower: p.lo = at(std::floor(i)); break;
        case method::higher: p.lo = at(std::ceil(i)); break;
        case method::nearest: {  // np.around: halves to even
            const double f = std::floor(i), d = i - f;
            p.lo = at(d > 0.5 || (d == 0.5 && std::fmod(f, 2.0) != 0.0) ? f + 1 : f);
            break;
        }
        case method::linear:
        case method::midpoint: {
            const double v = how == method::linear ? i : 0.5 * (std::floor(i) + std::ceil(i));
            p.kind = quantile_pick::lerp;
            const bool above = v >= last;
            p.lo = above ? n - 1 : at(std::floor(v));
            p.hi = above ? n - 1 : p.lo + 1;
            if (how == method::linear) p.gamma = v - (above ? -1.0 : std::floor(v));
            else p.gamma = std::fmod(v, 1.0) == 0.0 ? 0.0 : 0.5;
            break;
        }
    }
    if (p.kind == quantile_pick::take) p.hi = p.lo;
    return p;
}

// The picks for every q of a lane of n elements, and the sorted positions they read.
struct quantile_plan {
    std::vector<quantile_pick> picks;
    std::vector<std::size_t> positions;
};
inline quantile_plan plan_quantiles(const std::vector<double>& qs, std::size_t n, method how) {
    quantile_plan plan;
    for (const double q : qs) {
        plan.picks.push_back(pick_of(q, n, how));
        plan.positions.push_back(plan.picks.back().lo);
        plan.positions.push_back(plan.picks.back().hi);
    }
    std::sort(plan.positions.begin(), plan.positions.end());
    plan.positions.erase(std::unique(plan.positions.begin(), plan.positions.end()), plan.positions.end());
    return plan;
}
inline quantile_plan plan_median(std::size_t n) {
    quantile_plan plan;
    quantile_pick p;
    p.kind = quantile_pick::mean;
    p.hi = n / 2;
    p.lo = n % 2 ? p.hi : p.hi - 1;
    plan.picks.push_back(p);
    plan.positions = p.lo == p.hi ? std::vector<std::size_t>{p.lo} : std::vector<std::size_t>{p.lo, p.hi};
    return plan;
}

// NumPy's _lerp: b - (b - a)(1 - t) from t = 0.5 on, a + (b - a)t below, in double,
// b - a taken in the array's type for float (as NumPy subtracts the two arrays) and
// exactly for integers (a <= b: the unsigned difference).
template <class T>
double lerp_of(T a, T b, double t) {
    double d;
    if constexpr (std::is_floating_point_v<T>) d = static_cast<double>(static_cast<T>(b - a));
    else d = static_cast<double>(static_cast<std::uint64_t>(static_cast<std::uint64_t>(b) - static_cast<std::uint64_t>(a)));
    // the product rounded on its own, as NumPy's separate multiply: no fused multiply-add
    volatile double dt = t >= 0.5 ? d * (1 - t) : d * t;
    return t >= 0.5 ? static_cast<double>(b) - dt : static_cast<double>(a) + dt;
}

// Floyd and Rivest's SELECT (1975): a[k] becomes the element a sort would put there, the smaller ones
// before it and the larger after, as std::nth_element; a sample's own selection first brackets the
// k-th so that the partition runs about once over the rest (nth_element's introselect: about 3 times).
template <class T>
void floyd_rivest(T* a, std::ptrdiff_t left, std::ptrdiff_t right, std::ptrdiff_t k) {
    while (right > left) {
        if (right - left > 600) {  // their constants: a sample of n^(2/3), a margin of its deviation
            const double n = static_cast<double>(right - left + 1), i = static_cast<double>(k - left + 1);
            const double z = std::log(n), s = 0.5 * std::exp(2 * z / 3);
            const double sd = 0.5 * std::sqrt(z * s * (n - s) / n) * (i < n / 2 ? -1 : 1);
            const auto lo = std::max(left, static_cast<std::ptrdiff_t>(static_cast<double>(k) - i * s / n + sd));
            const auto hi = std::min(right, static_cast<std::ptrdiff_t>(static_cast<double>(k) + (n - i) * s / n + sd));
            floyd_rivest(a, lo, hi, k);
        }
        const T t = a[k];
        std::ptrdiff_t i = left, j = right;
        std::swap(a[left], a[k]);
        if (t < a[right]) std::swap(a[right], a[left]);
        while (i < j) {
            std::swap(a[i], a[j]);
            ++i;
            --j;
            while (a[i] < t) ++i;
            while (t < a[j]) --j;
        }
        if (!(a[left] < t) && !(t < a[left])) {
            std::swap(a[left], a[j]);
        } else {
            ++j;
            std::swap(a[j], a[right]);
        }
        if (j <= k) left = j + 1;
        if (k <= j) right = j - 1;
    }
}

// std::nth_element(first, nth, last), by Floyd-Rivest from 64K elements on (where it measured
// faster; below, introselect). The lane holds no NaN.
template <class T>
void select_nth(T* first, T* nth, T* last) {
    if (last - first >= 65536) floyd_rivest(first, 0, last - first - 1, nth - first);
    else std::nth_element(first, nth, last);
}

// The values the plan picks from the lane v[0, n) (reordered: each position holds the
// element a sort would put there), written to out[0], out[step], ...; NaN for a lane
// holding NaN (has_nan) and, for median, for an empty lane.
template <class R, class T>
void pick_lane(T* v, std::size_t n, bool has_nan, const quantile_plan& plan, R* out, std::size_t step) {
    if (has_nan || n == 0) {
        for (std::size_t k = 0; k < plan.picks.size(); ++k) out[k * step] = std::numeric_limits<R>::quiet_NaN();
        return;
    }
    std::size_t from = 0;  // positions below `from` hold their sorted elements
    for (const std::size_t k : plan.positions) {
        if (k == from) std::iter_swap(v + k, std::min_element(v + k, v + n));
        else select_nth(v + from, v + k, v + n);
        from = k + 1;
    }
    for (std::size_t k = 0; k < plan.picks.size(); ++k) {
        const quantile_pick& p = plan.picks[k];
        R r;
        if (p.kind == quantile_pick::take) r = static_cast<R>(v[p.lo]);
        else if (p.kind == quantile_pick::lerp) r = static_cast<R>(lerp_of(v[p.lo], v[p.hi], p.gamma));
        else if (p.lo == p.hi) r = static_cast<R>(v[p.lo]);
        else r = (static_cast<R>(v[p.lo]) + static_cast<R>(v[p.hi])) / R(2);  // np.mean of the middle two
        out[k * step] = r;
    }
}

// The lanes of x over the reduced axes: the kept axes in the result's (C) order, and
// the reduced ones with their strides made positive, sorted and merged where memory
// allows (a quantile does not depend on the order of a lane's elements).
struct lane_axis {
    std::size_t n;
    std::ptrdiff_t stride;
};
struct lane_layout {
    small_vector<lane_axis, 8> kept, reduced;
    std::ptrdiff_t base = 0;  // added to every lane's offset: the flipped reduced axes
    std::size_t lanes = 1, len = 1;

    std::ptrdiff_t lane_offset(std::size_t j) const {
        std::ptrdiff_t off = base;
        for (std::size_t d = kept.size(); d-- > 0;) {
            off += static_cast<std::ptrdiff_t>(j % kept[d].n) * kept[d].stride;
            j /= kept[d].n;
        }
        return off;
    }
    // The lane at p copied to buf; whether it holds a NaN.
    template <class T>
    bool gather(const T* p, T* buf) const {
        bool nan = false;
        if (reduced.empty()) {
            buf[0] = p[0];
            return p[0] != p[0];
        }
        const std::size_t inner = reduced.back().n;
        const std::ptrdiff_t s = reduced.back().stride;
        small_vector<std::size_t, 8> idx(reduced.size(), 0);
        std::ptrdiff_t off = 0;
        for (std::size_t o = 0; o < len; o += inner) {
            const T* row = p + off;
            if (s == 1) {
                for (std::size_t i = 0; i < inner; ++i) {
                    const T x = row[i];
                    buf[o + i] = x;
                    nan |= x != x;
                }
            } else {
                for (std::size_t i = 0; i < inner; ++i) {
                    const T x = row[static_cast<std::ptrdiff_t>(i) * s];
                    buf[o + i] = x;
                    nan |= x != x;
                }
            }
            for (std::size_t d = reduced.size() - 1; d-- > 0;) {  // the outer reduced axes, an odometer
                off += reduced[d].stride;
                if (++idx[d] < reduced[d].n) break;
                off -= static_cast<std::ptrdiff_t>(idx[d]) * reduced[d].stride;
                idx[d] = 0;
            }
        }
        return nan;
    }
};
inline lane_layout lanes_of(const shape_t& s, const strides_t& st, const bool* red) {
    lane_layout l;
    for (std::size_t i = 0; i < s.size(); ++i) {
        (red[i] ? l.len : l.lanes) *= s[i];
        if (s[i] == 1) continue;
        if (!red[i]) {
            l.kept.push_back({s[i], st[i]});
        } else if (st[i] < 0) {
            l.base += static_cast<std::ptrdiff_t>(s[i] - 1) * st[i];
            l.reduced.push_back({s[i], -st[i]});
        } else {
            l.reduced.push_back({s[i], st[i]});
        }
    }
    std::sort(l.reduced.begin(), l.reduced.end(), [](lane_axis a, lane_axis b) { return a.stride > b.stride; });
    small_vector<lane_axis, 8> merged;
    for (const lane_axis a : l.reduced) {
        if (!merged.empty() && merged.back().stride == a.stride * static_cast<std::ptrdiff_t>(a.n)) {
            merged.back() = {merged.back().n * a.n, a.stride};
        } else {
            merged.push_back(a);
        }
    }
    l.reduced = merged;
    return l;
}

// out[k * lanes + j] <- pick k of lane j, for every lane of the operand at data; in_place:
// data is a temporary of ours, and contiguous lanes are selected where they are.
template <class R, class T>
void quantile_lanes(const T* data, bool in_place, const shape_t& s, const strides_t& st, const bool* red,
                    const quantile_plan& plan, R* out) {
    const lane_layout l = lanes_of(s, st, red);
    if (l.lanes == 0) return;
    const bool contiguous = l.reduced.size() == 1 && l.reduced[0].stride == 1;
    const auto run = [&](std::size_t first, std::size_t last) {
        const bool own = !(in_place && contiguous);
        buffer<T> buf(own ? std::max<std::size_t>(l.len, 1) : 0);
        for (std::size_t j = first; j < last; ++j) {
            const T* p = l.len > 0 ? data + l.lane_offset(j) : data;  // an empty lane reads nothing
            T* v = buf.data();
            bool nan = false;
            if (!own) {
                v = const_cast<T*>(p);  // our own temporary (in_place)
                if constexpr (!std::is_integral_v<T>)
                    nan = std::any_of(v, v + l.len, [](T x) { return x != x; });
            } else if (l.len > 0) {
                nan = l.gather(p, v);
            }
            if constexpr (std::is_integral_v<T>) nan = false;
            pick_lane(v, l.len, nan, plan, out + j, l.lanes);
        }
    };
    const std::size_t total = l.lanes * l.len;
    const int threads = total >= parallel_floor(8) ? threads_for(total * 8, l.lanes) : 1;
    if (threads <= 1) return run(0, l.lanes);
    const auto chunks = static_cast<std::size_t>(threads);
    parallel_chunks(chunks, threads, [&](std::size_t c) { run(c * l.lanes / chunks, (c + 1) * l.lanes / chunks); });
}

template <class T>
constexpr bool quantile_operand() {
    static_assert(!is_complex_v<T>,
                  "loom: median, quantile and percentile order elements, and complex numbers have no order: "
                  "use loom::real(x) or loom::abs(x)");
    return !is_complex_v<T>;
}

// The shared body: R per lane over the axes of o, one leading axis per axis of q (none
// for a number q); median when `median`.
template <class X>
auto quantile_of(const char* fn, const X& x, const quantile_qs& q, const quantile_options& o, bool median) {
    using T = typename X::value_type;
    using R = quantile_result_t<T>;
    if constexpr (std::is_same_v<T, bool>)
        if (!median && (o.how == method::linear || o.how == method::midpoint))
            throw std::invalid_argument(std::string("loom::") + fn +
                                        ": bool elements cannot be interpolated (NumPy cannot subtract them): use "
                                        "method lower, higher or nearest, or loom::astype<double>(x)");
    const auto body = [&](const T* data, bool in_place, const shape_t& s, const strides_t& st) {
        small_vector<bool, 8> red(s.size(), false);
        reduced_axes(o.axes, s.size(), red.data(), fn);
        shape_t rs = q.shape;
        std::size_t len = 1, lanes = 1;
        for (std::size_t i = 0; i < s.size(); ++i) {
            (red[i] ? len : lanes) *= s[i];
            if (!red[i]) rs.push_back(s[i]);
            else if (o.keep) rs.push_back(1);
        }
        array<R> r(rs);
        if (lanes > 0 && q.values.size() > 0) {
            if (len == 0 && !median)
                throw std::invalid_argument(std::string("loom::") + fn + ": x of shape " + to_string(s) +
                                            " has no elements along the axes; a quantile of nothing has no value");
            const quantile_plan plan = median ? plan_median(len) : plan_quantiles(q.values, len, o.how);
            quantile_lanes(data, in_place, s, st, red.data(), plan, r.data());
        }
        return r;
    };
    if constexpr (memory_leaf<X>) {
        const auto l = x.layout();
        return body(l.data, false, *l.shape, *l.strides);
    } else {
        array<T> a = x;  // ours: its lanes are selected in place
        return body(a.data(), true, a.shape(), a.strides());
    }
}

template <class X, class Q, class... A>
auto quantile_call(const char* fn, double scale, const X& x, const Q& q, const A&... a) {
    using T = typename X::value_type;
    if constexpr (quantile_operand<T>()) {
        quantile_qs qs = quantiles_of(q);
        check_quantiles(fn, qs, scale);
        quantile_options o;
        (o.take(a), ...);
        return quantile_of(fn, x, qs, o, false);
    }
}

}  // namespace detail

//! median(x, axes, loom::keepdims): the median over the axes (every axis by default; an
//! integer, a braced list or a range of integers), as NumPy's np.median: the middle
//! element of each sorted lane, or the mean of the middle two. A new array of the
//! reduced shape: floating types keep theirs, integers and bool give double. NaN in a
//! lane gives NaN, an empty lane NaN; index_error for a bad axis.
//!   loom::median(loom::array<int>{3, 1, 4, 1})   // 2.0
template <expression X, class... A>
    requires detail::reduce_args<A...>
auto median(const X& x, const A&... a) {
    using T = typename X::value_type;
    if constexpr (detail::quantile_operand<T>()) {
        detail::quantile_options o;
        (o.take(a), ...);
        return detail::quantile_of("median", x, detail::quantile_qs{{0.5}, {}}, o, true);
    }
}
template <expression X, class... K>
    requires detail::keep_args<K...>
auto median(const X& x, std::initializer_list<std::ptrdiff_t> axes, const K&... k) {
    return median(x, detail::axes_t(axes.begin(), axes.end()), k...);
}

//! quantile(x, q, axes, loom::method::..., loom::keepdims): the q-th quantiles over the
//! axes (every axis by default), NumPy 1.24's np.quantile: the sorted lane's element at
//! position (n - 1) * q, interpolated by the method (loom::method::linear by default).
//! q is a number in [0, 1], a braced list or an array of them (any shape: the result
//! then starts with q's axes). A new array: floating types keep theirs, integers and
//! bool give double (bool only by lower, higher or nearest). NaN in a lane gives NaN.
//! std::invalid_argument for a q outside [0, 1] (naming it) or an empty lane.
//!   loom::quantile(x, {0.25, 0.75}, -1)   // (2, ...): the quartiles of each row
template <expression X, class Q, class... A>
    requires(detail::quantile_q<Q> && detail::quantile_args<A...>)
auto quantile(const X& x, const Q& q, const A&... a) {
    return detail::quantile_call("quantile", 1.0, x, q, a...);
}
template <expression X, class Q, class... K>
    requires(detail::quantile_q<Q> && detail::quantile_keep_args<K...>)
auto quantile(const X& x, const Q& q, std::initializer_list<std::ptrdiff_t> axes, const K&... k) {
    return detail::quantile_call("quantile", 1.0, x, q, detail::axes_t(axes.begin(), axes.end()), k...);
}
template <expression X, class... A>
    requires detail::quantile_args<A...>
auto quantile(const X& x, std::initializer_list<double> q, const A&... a) {
    return detail::quantile_call("quantile", 1.0, x, q, a...);
}
template <expression X, class... K>
    requires detail::quantile_keep_args<K...>
auto quantile(const X& x, std::initializer_list<double> q, std::initializer_list<std::ptrdiff_t> axes, const K&... k) {
    return detail::quantile_call("quantile", 1.0, x, q, detail::axes_t(axes.begin(), axes.end()), k...);
}

//! percentile(x, q, ...): quantile with q in percent, [0, 100] (NumPy's np.percentile:
//! q / 100 then as quantile); std::invalid_argument for a q outside [0, 100].
//!   loom::percentile(x, 95.0)
template <expression X, class Q, class... A>
    requires(detail::quantile_q<Q> && detail::quantile_args<A...>)
auto percentile(const X& x, const Q& q, const A&... a) {
    return detail::quantile_call("percentile", 100.0, x, q, a...);
}
template <expression X, class Q, class... K>
    requires(detail::quantile_q<Q> && detail::quantile_keep_args<K...>)
auto percentile(const X& x, const Q& q, std::initializer_list<std::ptrdiff_t> axes, const K&... k) {
    return detail::quantile_call("percentile", 100.0, x, q, detail::axes_t(axes.begin(), axes.end()), k...);
}
template <expression X, class... A>
    requires detail::quantile_args<A...>
auto percentile(const X& x, std::initializer_list<double> q, const A&... a) {
    return detail::quantile_call("percentile", 100.0, x, q, a...);
}
template <expression X, class... K>
    requires detail::quantile_keep_args<K...>
auto percentile(const X& x, std::initializer_list<double> q, std::initializer_list<std::ptrdiff_t> axes,
                const K&... k) {
    return detail::quantile_call("percentile", 100.0, x, q, detail::axes_t(axes.begin(), axes.end()), k...);
}

}  // namespace loom
