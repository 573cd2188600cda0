// loom/stats/bins.hpp: counting and bins, NumPy's bincount, digitize, histogram and interp.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
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
#include "../eval/check.hpp"
#include "../expr/functions.hpp"
#include "../sort/search.hpp"
#include "../view/as_view.hpp"

namespace loom {

//! histogram's option for densities (NumPy's density=True): each bin's count divided by the
//! total and by the bin's width, so that the result integrates to 1 over the range.
//!   auto [pdf, edges] = loom::histogram(x, 50, loom::density);
struct density_t {
    explicit constexpr density_t() = default;
};
inline constexpr density_t density{};

//! histogram's option for weights (NumPy's weights=): the sums of w's elements (w of x's shape)
//! in each bin in place of the counts. It refers to w, so it is made in the call.
//!   auto [mass, edges] = loom::histogram(x, 20, loom::weights(w));
template <class W>
struct weights_t {
    const W& values;
};
template <expression W>
constexpr weights_t<W> weights(const W& w) noexcept {
    return {w};
}

//! What histogram returns: the counts per bin and the bins' edges (one more than the counts).
//! C is std::int64_t for counts, the weights' type for sums of floating weights (std::int64_t
//! for integer or bool ones), double for densities.
template <class E, class C = std::int64_t>
struct histogram_result {
    array<C> counts;
    array<E> edges;
};

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

// f(p, n) with x's n elements in row-major order at p: x's own memory when it is contiguous, else
// an array x is evaluated into.
template <class X, class F>
decltype(auto) with_flat(const X& x, F&& f) {
    using T = typename X::value_type;
    if constexpr (memory_leaf<X>) {
        const T* p = with_memory(x, [](const auto* d, const shape_t& s, const strides_t& st) -> const T* {
            return is_contiguous(s, st) ? d : nullptr;
        });
        if (p) return f(p, size_of(x.shape()));
    }
    const array<T> a = x;
    return f(a.data(), a.size());
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

// x as computed, kept from being fused with the addition it goes into (an FMA rounds once): NumPy
// rounds its products and sums apart, and compilers contract across statements (GCC's default).
template <class F>
inline F unfused(F x) noexcept {
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
    asm("" : "+x"(x));
#elif (defined(__GNUC__) || defined(__clang__)) && defined(__aarch64__)
    asm("" : "+w"(x));
#elif defined(__GNUC__) || defined(__clang__)
    asm("" : "+m"(x));
#endif
    return x;
}

// NumPy's np.linspace(lo, hi, n) (n >= 2) in double, then as F: i * step + lo (i / (n - 1) * (hi - lo)
// + lo when the step underflows to 0), the last hi.
template <class F>
array<F> numpy_linspace(double lo, double hi, std::size_t n) {
    array<F> r(shape_t{n});
    const double delta = hi - lo, div = static_cast<double>(n - 1), step = delta / div;
    for (std::size_t i = 0; i + 1 < n; ++i) {
        const double at = step == 0 ? static_cast<double>(i) / div * delta : static_cast<double>(i) * step;
        r.data()[i] = static_cast<F>(unfused(at) + lo);
    }
    r.data()[n - 1] = static_cast<F>(hi);
    return r;
}

// How many of the sorted keys[0, n) are at most v (Strict: below v), v not NaN. A bisection whose
// steps depend on n only, the comparison added as a number: no branch on it to mispredict.
template <bool Strict, class C>
std::size_t count_below(const C* keys, std::size_t n, C v) noexcept {
    if (n == 0) return 0;
    std::size_t lo = 0;
    for (; n > 1; n -= n / 2) {
        const C& k = keys[lo + n / 2 - 1];
        lo += static_cast<std::size_t>(Strict ? k < v : k <= v) * (n / 2);
    }
    return lo + (Strict ? keys[lo] < v : keys[lo] <= v);
}

// count_below of B values at once: the B bisections in step, their loads overlapping.
template <bool Strict, std::size_t B, class C>
void count_below(const C* keys, std::size_t n, const C* v, std::size_t* out) noexcept {
    std::size_t lo[B] = {};
    if (n == 0) {
        for (std::size_t j = 0; j < B; ++j) out[j] = 0;
        return;
    }
    for (; n > 1; n -= n / 2)
        for (std::size_t j = 0; j < B; ++j) {
            const C& k = keys[lo[j] + n / 2 - 1];
            lo[j] += static_cast<std::size_t>(Strict ? k < v[j] : k <= v[j]) * (n / 2);
        }
    for (std::size_t j = 0; j < B; ++j) out[j] = lo[j] + (Strict ? keys[lo[j]] < v[j] : keys[lo[j]] <= v[j]);
}
inline constexpr std::size_t search_batch = 8;

// NumPy's sum of a contiguous axis of floating numbers, to the bit: blocks of 8192 added in turn,
// each summed pairwise with eight accumulators below 128 elements.
template <class W>
W pairwise_sum(const W* a, std::size_t n) {
    if (n < 8) {
        W r = W(0);
        for (std::size_t i = 0; i < n; ++i) r += a[i];
        return r;
    }
    if (n <= 128) {
        W r[8];
        for (std::size_t k = 0; k < 8; ++k) r[k] = a[k];
        std::size_t i = 8;
        for (; i < n - n % 8; i += 8)
            for (std::size_t k = 0; k < 8; ++k) r[k] += a[i + k];
        W s = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; ++i) s += a[i];
        return s;
    }
    std::size_t half = n / 2;
    half -= half % 8;
    return pairwise_sum(a, half) + pairwise_sum(a + half, n - half);
}
template <class W>
W numpy_sum(const W* a, std::size_t n) {
    W s = W(0);
    for (std::size_t i = 0; i < n; i += 8192) s += pairwise_sum(a + i, std::min<std::size_t>(8192, n - i));
    return s;
}

template <class T, class W>
auto bincount_of(const T* x, std::size_t n, const W* weights, std::size_t minlength) {
    static_assert(std::is_integral_v<T>, "loom::bincount: x must hold integers (or bool)");
    using R = std::conditional_t<std::is_void_v<W>, std::int64_t, double>;
    using U = std::make_unsigned_t<std::conditional_t<std::is_same_v<T, bool>, unsigned char, T>>;
    // one pass: the counts grow (doubling) when a value is past them; `top` is max(x) + 1
    std::vector<R> counts(std::max<std::size_t>(minlength, 64), R(0));
    std::size_t top = minlength;
    R* c = counts.data();
    std::size_t size = counts.size();
    for (std::size_t i = 0; i < n; ++i) {
        const T v = x[i];
        const auto u = static_cast<std::size_t>(static_cast<U>(v));
        if (u >= size) [[unlikely]] {
            if constexpr (std::is_signed_v<T>)
                if (v < 0)
                    throw std::invalid_argument("loom::bincount: x must have no negative elements; x[" +
                                                std::to_string(i) + "] is " + std::to_string(+v));
            counts.resize(std::max(u + 1, 2 * size), R(0));
            c = counts.data();
            size = counts.size();
        }
        top = std::max(top, u + 1);
        if constexpr (std::is_void_v<W>) c[u] += 1;
        else c[u] += static_cast<double>(weights[i]);
    }
    array<R> r(shape_t{top});
    std::copy(counts.begin(), counts.begin() + static_cast<std::ptrdiff_t>(top), r.data());
    return r;
}

template <class O>
inline constexpr bool is_weights = false;
template <class W>
inline constexpr bool is_weights<weights_t<W>> = true;
template <class... O>
inline constexpr bool histogram_options = ((std::is_same_v<O, density_t> || is_weights<O>) && ...);

// The element type of the weights among histogram's options, void without.
template <class... O>
struct weights_type {
    using type = void;
};
template <class W, class... O>
struct weights_type<weights_t<W>, O...> {
    using type = typename W::value_type;
};
template <class O1, class... O>
struct weights_type<O1, O...> : weights_type<O...> {};

// The weights' expression among histogram's options (nullptr without).
inline std::nullptr_t weights_arg() noexcept { return nullptr; }
template <class W, class... O>
const W* weights_arg(const weights_t<W>& w, const O&...) noexcept {
    return &w.values;
}
template <class O1, class... O>
auto weights_arg(const O1&, const O&... o) noexcept {
    return weights_arg(o...);
}

// What the bins of a histogram sum: counts as std::int64_t, floating weights in their type
// (NumPy's result type), integer and bool weights as std::int64_t.
template <class WV>
using histogram_sum_t = std::conditional_t<std::is_floating_point_v<WV>, WV, std::int64_t>;

// The bins' sums: bin(v) gives the bin of the element v, `bins` for one not counted. Floating
// weights are summed in double in blocks of 65536 elements, each block's sums then added to the
// result, in its type: NumPy's bincount of each block, its bits.
template <class T, class WV, class Bin>
array<histogram_sum_t<WV>> histogram_sums(std::size_t bins, const T* x, std::size_t n, const WV* w, Bin bin) {
    using N = histogram_sum_t<WV>;
    constexpr bool floating = std::is_floating_point_v<WV>;
    using A = std::conditional_t<floating, double, std::int64_t>;
    array<N> r(shape_t{bins}, N(0));
    std::vector<A> acc(bins + 1, A(0));  // the last collects the elements not counted: no branch on it
    A* a = acc.data();
    const std::size_t block = floating ? 65536 : n;
    for (std::size_t b = 0; b < n; b += block) {
        const std::size_t end = n - b > block ? b + block : n;
        for (std::size_t i = b; i < end; ++i) {
            if constexpr (std::is_void_v<WV>) a[bin(x[i])] += 1;
            else a[bin(x[i])] += static_cast<A>(w[i]);
        }
        for (std::size_t k = 0; k < bins; ++k) {
            r.data()[k] += static_cast<N>(a[k]);
            a[k] = A(0);
        }
    }
    return r;
}

// The histogram's result from its sums: with density, each divided by its bin's width and the
// total, in NumPy's order (n / db / n.sum()).
template <bool Density, class E, class N>
auto histogram_finish(array<N> sums, array<E> edges) {
    if constexpr (!Density) {
        return histogram_result<E, N>{std::move(sums), std::move(edges)};
    } else {
        const std::size_t bins = sums.size();
        double total;
        if constexpr (std::is_floating_point_v<N>) {
            total = static_cast<double>(numpy_sum(sums.data(), bins));
        } else {
            N t = 0;
            for (std::size_t k = 0; k < bins; ++k) t += sums.data()[k];
            total = static_cast<double>(t);
        }
        array<double> d(shape_t{bins});
        const E* e = edges.data();
        for (std::size_t k = 0; k < bins; ++k) {
            const auto width = static_cast<double>(static_cast<E>(e[k + 1] - e[k]));
            d.data()[k] = static_cast<double>(sums.data()[k]) / width / total;
        }
        return histogram_result<E, double>{std::move(d), std::move(edges)};
    }
}

// f(w): w the weights among the options, row-major, checked to have x's shape (nullptr without).
template <class X, class F, class... O>
decltype(auto) with_histogram_weights(const X& x, F&& f, const O&... options) {
    const auto w = weights_arg(options...);
    if constexpr (std::is_null_pointer_v<decltype(w)>) {
        return f(static_cast<const void*>(nullptr));
    } else {
        using WV = typename std::remove_cvref_t<decltype(*w)>::value_type;
        static_assert(!is_complex_v<WV>, "loom::histogram: the weights must be real numbers");
        if (w->shape() != x.shape())
            throw std::invalid_argument("loom::histogram: the weights have shape " + to_string(w->shape()) + ", x " +
                                        to_string(x.shape()) + "; they must be the same");
        return with_flat(*w, [&](const WV* p, std::size_t) { return f(p); });
    }
}

template <class... O>
constexpr void check_histogram_options() {
    static_assert(((std::is_same_v<O, density_t> ? 1 : 0) + ... + 0) <= 1, "loom::histogram: loom::density given twice");
    static_assert(((is_weights<O> ? 1 : 0) + ... + 0) <= 1, "loom::histogram: loom::weights given twice");
}

}  // namespace detail

//! bincount(x, minlength = 0): how often each value 0, 1, ... occurs in x (rank 1,
//! integers or bool, none negative), as array<std::int64_t> of length max(x) + 1 or
//! minlength, whichever is more (NumPy's np.bincount). std::invalid_argument for a
//! negative element (naming it) or another rank.
//!   loom::bincount(loom::array<int>{0, 1, 1, 3})   // 1 2 0 1
template <expression X>
array<std::int64_t> bincount(const X& x, std::size_t minlength = 0) {
    using T = typename X::value_type;
    if (x.shape().size() != 1)
        throw std::invalid_argument("loom::bincount: x has shape " + to_string(x.shape()) + "; it must have one axis");
    return detail::with_flat(x, [&](const T* p, std::size_t n) {
        return detail::bincount_of<T, void>(p, n, nullptr, minlength);
    });
}

//! bincount(x, weights, minlength = 0): the sums of weights[i] for each value of x[i],
//! array<double>; weights has x's shape (std::invalid_argument otherwise).
template <expression X, expression W>
array<double> bincount(const X& x, const W& weights, std::size_t minlength = 0) {
    using T = typename X::value_type;
    using V = typename W::value_type;
    static_assert(!is_complex_v<V>, "loom::bincount: weights must be real numbers");
    if (x.shape().size() != 1)
        throw std::invalid_argument("loom::bincount: x has shape " + to_string(x.shape()) + "; it must have one axis");
    if (weights.shape() != x.shape())
        throw std::invalid_argument("loom::bincount: weights have shape " + to_string(weights.shape()) + ", x has " +
                                    to_string(x.shape()) + "; they must be the same");
    return detail::with_flat(x, [&](const T* p, std::size_t n) {
        return detail::with_flat(weights, [&](const V* w, std::size_t) {
            return detail::bincount_of<T, V>(p, n, w, minlength);
        });
    });
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
    const std::vector<V> bv = detail::vector_of<V>(bins, "digitize", "bins");
    const int mono = detail::monotonicity(bv);
    if (mono == 0) throw std::invalid_argument("loom::digitize: bins must increase or decrease monotonically");
    const std::size_t n = bv.size();
    if constexpr (!expression<X>) {  // a number: searchsorted's comparison of a C++ number
        array<V> b(shape_t{n});
        for (std::size_t i = 0; i < n; ++i) b.data()[i] = bv[mono == 1 ? i : n - 1 - i];
        const std::int64_t i = searchsorted(b, x, right ? side::left : side::right).data()[0];
        return array<std::int64_t>(shape_t{}, mono == 1 ? i : static_cast<std::int64_t>(n) - i);
    } else {
        using T = typename X::value_type;
        using C = result_type_t<T, V>;
        static_assert(!is_complex_v<C>, "loom::digitize: x must hold real numbers");
        std::vector<C> keys(n);  // increasing: a decreasing bins is searched reversed, the result mirrored
        for (std::size_t i = 0; i < n; ++i) keys[i] = static_cast<C>(bv[mono == 1 ? i : n - 1 - i]);
        array<std::int64_t> r(x.shape());
        std::int64_t* out = r.data();
        detail::with_flat(x, [&](const T* p, std::size_t m) {
            const auto place = [&](auto strict) {
                constexpr std::size_t L = detail::search_batch;
                for (std::size_t b = 0; b < m; b += L) {
                    const std::size_t cnt = std::min(L, m - b);
                    C v[L] = {};
                    std::size_t k[L];
                    for (std::size_t j = 0; j < cnt; ++j) v[j] = static_cast<C>(p[b + j]);
                    detail::count_below<decltype(strict)::value, L>(keys.data(), n, v, k);
                    for (std::size_t j = 0; j < cnt; ++j) {
                        std::size_t kj = k[j];
                        if constexpr (std::is_floating_point_v<C>) kj = v[j] != v[j] ? n : kj;  // NaN sorts last
                        out[b + j] = static_cast<std::int64_t>(mono == 1 ? kj : n - kj);
                    }
                }
            };
            if (right) place(std::true_type{});
            else place(std::false_type{});
        });
        return r;
    }
}

//! histogram(x, bins = 10, range, options...): counts of x's elements (any shape) in `bins`
//! bins of equal width over range = {lo, hi} (by default x's smallest and largest elements;
//! lo - 0.5 and hi + 0.5 when they are equal), NumPy's np.histogram: each bin holds
//! [edge, next edge), the last [edge, hi]; elements outside the range are not counted. The
//! edges are float for float x and double otherwise. The options, after range or in its
//! place: loom::weights(w), sums of w per bin (histogram_result<E, W>, std::int64_t sums
//! for integer weights), and loom::density, the counts or sums divided by their total and
//! the bin's width (histogram_result<E, double>). std::invalid_argument when the range is
//! not finite (an x with NaN and no range), lo > hi, bins is 0, or w is not of x's shape.
//!   auto [counts, edges] = loom::histogram(x, 20, std::pair{0.0, 1.0});
//!   auto [pdf, edges] = loom::histogram(x, 20, loom::weights(w), loom::density);
template <expression X, class... O>
    requires detail::histogram_options<O...>
auto histogram(const X& x, std::size_t bins = 10, std::optional<std::pair<double, double>> range = {},
               const O&... options) {
    using T = typename X::value_type;
    static_assert(!is_complex_v<T>, "loom::histogram: x must hold real numbers");
    detail::check_histogram_options<O...>();
    using F = std::conditional_t<std::is_same_v<T, float>, float, double>;
    constexpr bool dens = (std::is_same_v<O, density_t> || ...);
    if (bins == 0) throw std::invalid_argument("loom::histogram: bins must be 1 or more");
    return detail::with_flat(x, [&](const T* p, std::size_t n) {
        // the range in double, as NumPy's Python floats; the edges computed from it in double
        double lo, hi;
        if (range) {
            lo = range->first, hi = range->second;
            if (lo > hi) throw std::invalid_argument("loom::histogram: the range's max must be larger than its min");
        } else if (n == 0) {
            lo = 0, hi = 1;
        } else {
            T mn = p[0], mx = p[0];
            bool nan = false;
            for (std::size_t i = 0; i < n; ++i) {
                const T v = p[i];
                mn = v < mn ? v : mn;
                mx = mx < v ? v : mx;
                if constexpr (std::is_floating_point_v<T>) nan = nan || v != v;
            }
            lo = nan ? std::numeric_limits<double>::quiet_NaN() : static_cast<double>(mn);
            hi = nan ? lo : static_cast<double>(mx);
        }
        if (!std::isfinite(lo) || !std::isfinite(hi))
            throw std::invalid_argument("loom::histogram: the range [" + std::to_string(lo) + ", " +
                                        std::to_string(hi) + "] is not finite");
        if (lo == hi) lo -= 0.5, hi += 0.5;
        array<F> edges = detail::numpy_linspace<F>(lo, hi, bins + 1);
        const F* e = edges.data();
        const F flo = e[0], fhi = e[bins], norm = static_cast<F>(bins) / (fhi - flo);
        const std::size_t last = bins - 1;
        return detail::with_histogram_weights(x, [&](const auto* w) {
            if (std::isfinite(norm)) {
                // NumPy's: the bin from the scaled position, then corrected by one against the
                // edges where rounding put it in a neighbour (rare: branches predicted not taken);
                // an element not counted goes to `bins`
                return detail::histogram_finish<dens>(
                    detail::histogram_sums(bins, p, n, w, [=](T v0) {
                        const F v = static_cast<F>(v0);
                        if (!(v >= flo && v <= fhi)) [[unlikely]] return bins;
                        auto k = static_cast<std::size_t>(static_cast<std::ptrdiff_t>((v - flo) * norm));
                        k = std::min(k, last);
                        if (v < e[k]) [[unlikely]] --k;
                        else if (v >= e[k + 1] && k != last) [[unlikely]] ++k;
                        return k;
                    }),
                    std::move(edges));
            }
            // a range too narrow for F's bins: search the edges
            return detail::histogram_finish<dens>(detail::histogram_sums(bins, p, n, w, [=](T v0) {
                const F v = static_cast<F>(v0);
                const bool in = v >= flo && v <= fhi;
                const std::size_t k = std::min(detail::count_below<false>(e, bins + 1, in ? v : flo) - 1, last);
                return in ? k : bins;
            }), std::move(edges));
        }, options...);
    });
}

//! histogram(x, bins, options...): histogram(x, bins, range, options...) over x's range.
template <expression X, class... O>
    requires(sizeof...(O) > 0 && detail::histogram_options<O...>)
auto histogram(const X& x, std::size_t bins, const O&... options) {
    return histogram(x, bins, std::nullopt, options...);
}

//! histogram(x, edges, options...): counts of x's elements in the bins between consecutive
//! edges (rank 1, increasing, at least two): [edges[i], edges[i + 1]), the last closed; the
//! edges returned as given. The options as above; with weights, each bin's sum is taken in
//! the order of x (NumPy's differences of a running sum may differ in the last bits).
//! std::invalid_argument when the edges do not increase.
//!   auto [counts, edges] = loom::histogram(x, loom::array<double>{0, 0.5, 2, 4});
template <expression X, expression E, class... O>
    requires detail::histogram_options<O...>
auto histogram(const X& x, const E& edges, const O&... options) {
    using T = typename X::value_type;
    using V = typename E::value_type;
    static_assert(!is_complex_v<T> && !is_complex_v<V>, "loom::histogram: x and the edges must be real numbers");
    detail::check_histogram_options<O...>();
    constexpr bool dens = (std::is_same_v<O, density_t> || ...);
    const std::vector<V> ev = detail::vector_of<V>(edges, "histogram", "the edges");
    if (ev.size() < 2) throw std::invalid_argument("loom::histogram: give at least two edges");
    if (detail::monotonicity(ev) != 1) throw std::invalid_argument("loom::histogram: the edges must increase monotonically");
    using C = result_type_t<T, V>;
    const std::size_t bins = ev.size() - 1, last = bins - 1;
    const std::vector<C> keys(ev.begin(), ev.end());
    array<V> er(shape_t{ev.size()});
    std::copy(ev.begin(), ev.end(), er.data());
    return detail::with_flat(x, [&](const T* p, std::size_t n) {
        return detail::with_histogram_weights(x, [&](const auto* w) {
            const C* e = keys.data();
            const C lo = e[0], hi = e[bins];
            return detail::histogram_finish<dens>(detail::histogram_sums(bins, p, n, w, [=](T v0) {
                const C v = static_cast<C>(v0);
                const bool in = v >= lo && v <= hi;
                const std::size_t k = std::min(detail::count_below<false>(e, bins + 1, in ? v : lo) - 1, last);
                return in ? k : bins;
            }), std::move(er));
        }, options...);
    });
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
    std::vector<double> dx = detail::vector_of<double>(xp, "interp", "xp");
    const std::vector<double> dy = detail::vector_of<double>(fp, "interp", "fp");
    if (dx.empty()) throw std::invalid_argument("loom::interp: xp is empty; give at least one point");
    if (dx.size() != dy.size())
        throw std::invalid_argument("loom::interp: xp has " + std::to_string(dx.size()) + " points, fp " +
                                    std::to_string(dy.size()) + "; they must be the same");
    const double lval = left ? *left : dy.front(), rval = right ? *right : dy.back();
    const std::size_t n = dx.size();
    dx.insert(dx.end(), 2, std::numeric_limits<double>::infinity());  // past the last point: the guesses need no bound
    const double *px = dx.data(), *py = dy.data();
    const auto run = [&](const auto* in, double* out, std::size_t m) {
        if (n == 1) {
            for (std::size_t i = 0; i < m; ++i) {
                const auto v = static_cast<double>(in[i]);
                out[i] = v < px[0] ? lval : v > px[0] ? rval : py[0];
            }
            return;
        }
        // NumPy's slopes, computed once when there are fewer segments than points
        std::vector<double> slopes;
        if (n <= m) {
            slopes.resize(n - 1);
            for (std::size_t j = 0; j + 1 < n; ++j) slopes[j] = (py[j + 1] - py[j]) / (px[j + 1] - px[j]);
        }
        // The points in blocks: where a block ascends (sorted x), each point's segment is the last
        // one's or the next (else a search), NumPy's guess; otherwise the block's searches run at once.
        constexpr std::size_t B = detail::search_batch;
        std::size_t j = 0;
        for (std::size_t b = 0; b < m; b += B) {
            const std::size_t cnt = std::min(B, m - b);
            double v[B];
            std::size_t seg[B];
            for (std::size_t k = 0; k < cnt; ++k) v[k] = static_cast<double>(in[b + k]);
            bool ascending = true;
            for (std::size_t k = 1; k < cnt; ++k) ascending = ascending && v[k] >= v[k - 1];
            if (ascending) {
                for (std::size_t k = 0; k < cnt; ++k) {
                    const double t = v[k];
                    if (t >= px[0] && t <= px[n - 1] && !(px[j] <= t && t < px[j + 1]))
                        j = px[j + 1] <= t && t < px[j + 2] ? j + 1 : detail::count_below<false>(px, n, t) - 1;
                    seg[k] = j;
                }
            } else {
                double c[B];
                for (std::size_t k = 0; k < B; ++k) c[k] = k < cnt && v[k] >= px[0] && v[k] <= px[n - 1] ? v[k] : px[0];
                detail::count_below<false, B>(px, n, c, seg);
                for (std::size_t k = 0; k < cnt; ++k) --seg[k];
                j = seg[cnt - 1];
            }
            for (std::size_t k = 0; k < cnt; ++k) {
                const double t = v[k];
                const std::size_t s = seg[k];
                double y;
                if (t != t) {
                    y = t;
                } else if (t < px[0]) {
                    y = lval;
                } else if (t > px[n - 1]) {
                    y = rval;
                } else if (s == n - 1 || px[s] == t) {
                    y = py[s];
                } else {
                    const double slope = slopes.empty() ? (py[s + 1] - py[s]) / (px[s + 1] - px[s]) : slopes[s];
                    y = detail::unfused(slope * (t - px[s])) + py[s];
                    if (y != y) {  // NumPy's: an infinite slope, or infinities in fp
                        y = detail::unfused(slope * (t - px[s + 1])) + py[s + 1];
                        if (y != y && py[s] == py[s + 1]) y = py[s];
                    }
                }
                out[b + k] = y;
            }
        }
    };
    if constexpr (expression<X>) {
        array<double> r(x.shape());
        detail::with_flat(x, [&](const auto* p, std::size_t m) { run(p, r.data(), m); });
        return r;
    } else {
        array<double> r(shape_t{}, 0.0);
        const double v = static_cast<double>(x);
        run(&v, r.data(), 1);
        return r;
    }
}

}  // namespace loom
