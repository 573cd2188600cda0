// loom/stats/convolve.hpp: 1-D discrete convolution and cross-correlation, NumPy's np.convolve and np.correlate.
#pragma once

#include <algorithm>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../core/shape.hpp"
#include "../expr/node.hpp"
#include "../simd/simd.hpp"
#include "../core/storage.hpp"
#include "../eval/pipeline.hpp"
#include "../sort/sort.hpp"
#include "../view/as_view.hpp"

namespace loom {

//! How much of the sliding product convolve and correlate return, NumPy's modes: `full`
//! every overlap (length M + N - 1), `same` the length of the longer operand, centred as
//! NumPy centres it, `valid` only where the two overlap completely (max(M, N) - min(M, N) + 1).
//!   loom::convolve(a, v, loom::conv_mode::same);
enum class conv_mode { full, same, valid };

namespace detail {

// What the sums run in: integers as unsigned words (they wrap as NumPy's do, without signed
// overflow; the result is the same modulo 2^bits), bool as bytes (or of ands), complex
// numbers as separate real and imaginary parts (the loops then vectorize).
template <class R>
struct conv_acc {
    using type = R;
};
template <class R>
    requires std::is_integral_v<R>
struct conv_acc<R> {
    using type = std::conditional_t<std::is_same_v<R, bool>, std::uint8_t,
                                    std::conditional_t<(sizeof(R) <= 4), std::uint32_t, std::uint64_t>>;
};
template <class F>
struct conv_acc<std::complex<F>> {
    using type = F;
};
template <class R>
using conv_acc_t = typename conv_acc<R>::type;

// One operand's elements as accumulators, contiguous: re (and im for complex R), x's own
// memory when it is already that (a contiguous array or view of float, double, std::uint32_t
// or std::uint64_t), else the copies re_ and im_.
template <class R>
struct conv_signal {
    using A = conv_acc_t<R>;
    const A* re = nullptr;
    const A* im = nullptr;
    std::size_t n = 0;
    std::vector<A> re_, im_;

    // re and im in re_ and im_, to be changed
    void own() {
        if (re_.size() != n) re_.assign(re, re + n);
        re = re_.data();
        im = im_.data();
    }
    void reverse() {
        own();
        std::reverse(re_.begin(), re_.end());
        std::reverse(im_.begin(), im_.end());
        re = re_.data(), im = im_.data();
    }
    void conjugate() {
        own();
        for (A& v : im_) v = -v;
    }
};

// x read as R, then as accumulators: rank 1, or 0 as one element where NumPy allows it
// (np.convolve's ndmin=1; np.correlate takes rank 1 only).
template <class R, class X>
conv_signal<R> conv_read(const X& x, const char* fn, const char* name, bool rank0) {
    using A = conv_acc_t<R>;
    using T = typename X::value_type;
    const shape_t s = x.shape();
    if (s.size() > 1 || (s.empty() && !rank0))
        throw std::invalid_argument(std::string("loom::") + fn + ": " + name + " has shape " + to_string(s) +
                                    "; it must have one axis" + (rank0 ? " (or none)" : ""));
    conv_signal<R> r;
    r.n = size_of(s);
    if (r.n == 0) return r;
    if constexpr (memory_leaf<X> && std::is_same_v<T, A>) {
        const bool read = with_memory(x, [&](const A* d, const shape_t&, const strides_t& st) {
            if (!s.empty() && r.n > 1 && st[0] != 1) return false;
            r.re = d;  // x outlives the call
            return true;
        });
        if (read) return r;
    }
    r.re_.resize(r.n);
    if constexpr (is_complex_v<R>) r.im_.resize(r.n);
    with_elements(x, [&](const auto* d, const shape_t&, const strides_t& st) {
        const std::ptrdiff_t step = s.empty() ? 0 : st[0];
        for (std::size_t i = 0; i < r.n; ++i) {
            const R v = static_cast<R>(d[static_cast<std::ptrdiff_t>(i) * step]);
            if constexpr (is_complex_v<R>) {
                r.re_[i] = v.real();
                r.im_[i] = v.imag();
            } else if constexpr (std::is_integral_v<R> && !std::is_same_v<R, bool>) {
                // sign-extended first, so that the unsigned word is v modulo 2^bits
                using W = std::conditional_t<std::is_signed_v<R>, std::make_signed_t<A>, A>;
                r.re_[i] = static_cast<A>(static_cast<W>(v));
            } else {
                r.re_[i] = static_cast<A>(v);
            }
        }
    });
    r.re = r.re_.data();
    r.im = r.im_.data();
    return r;
}

// One output: the sum of l[at + i] * s[i] over the i in [i0, i1) (at + i0 >= 0), in the order
// of i (as NumPy's dot); the loop of the ends and of the tails.
template <class R>
R conv_one(const conv_signal<R>& l, const conv_signal<R>& s, std::ptrdiff_t at, std::size_t i0, std::size_t i1) {
    using A = conv_acc_t<R>;
    A re(0), im(0);
    for (std::size_t i = i0; i < i1; ++i) {
        const auto k = static_cast<std::size_t>(at + static_cast<std::ptrdiff_t>(i));
        if constexpr (is_complex_v<R>) {  // NumPy's complex dot, term by term
            re += l.re[k] * s.re[i] - l.im[k] * s.im[i];
            im += l.re[k] * s.im[i] + l.im[k] * s.re[i];
        } else if constexpr (std::is_same_v<R, bool>) {
            re = static_cast<A>(re | (l.re[k] & s.re[i]));
        } else {
            re += l.re[k] * s.re[i];
        }
    }
    if constexpr (is_complex_v<R>) return R(re, im);
    else if constexpr (std::is_same_v<R, bool>) return re != 0;
    else return static_cast<R>(re);
}

// The outputs o[0, count) where every tap meets l: o[q] = sum of l[q + i] * s[i] over i in
// [0, n). Floating types in SIMD batches along q, four batches of outputs at a time held in
// registers over all the taps (each sum still in the order of i, a multiply then an add);
// the rest by conv_one.
template <class R>
void conv_interior(const conv_signal<R>& l, const conv_signal<R>& s, R* o, std::size_t count) {
    const std::size_t n = s.n;
    std::size_t q = 0;
#if LOOM_SIMD
    using A = conv_acc_t<R>;
    if constexpr (std::is_floating_point_v<A>) {
        using B = simd::batch<A>;
        constexpr std::size_t w = B::size, g = is_complex_v<R> ? 4 : 8;  // g batches of outputs in registers
        for (; q + g * w <= count; q += g * w) {
            if constexpr (is_complex_v<R>) {
                B re[g], im[g];
                for (std::size_t t = 0; t < g; ++t) re[t] = im[t] = B(A(0));
                for (std::size_t i = 0; i < n; ++i) {
                    const B sr = simd::splat(s.re[i]), si = simd::splat(s.im[i]);
                    for (std::size_t t = 0; t < g; ++t) {
                        const B xr = simd::load(l.re + q + t * w + i), xi = simd::load(l.im + q + t * w + i);
                        re[t] = re[t] + (xr * sr - xi * si);
                        im[t] = im[t] + (xr * si + xi * sr);
                    }
                }
                alignas(64) A rb[g * w], ib[g * w];
                for (std::size_t t = 0; t < g; ++t) {
                    re[t].store_aligned(rb + t * w);
                    im[t].store_aligned(ib + t * w);
                }
                for (std::size_t k = 0; k < g * w; ++k) o[q + k] = R(rb[k], ib[k]);
            } else {
                B acc[g];
                for (std::size_t t = 0; t < g; ++t) acc[t] = B(A(0));
                for (std::size_t i = 0; i < n; ++i) {
                    const B sv = simd::splat(s.re[i]);
                    for (std::size_t t = 0; t < g; ++t) acc[t] = acc[t] + simd::load(l.re + q + t * w + i) * sv;
                }
                for (std::size_t t = 0; t < g; ++t) simd::store(o + q + t * w, acc[t]);
            }
        }
    }
#endif
    for (; q < count; ++q) o[q] = conv_one(l, s, static_cast<std::ptrdiff_t>(q), 0, n);
}

// NumPy's _pyarray_correlate: out[j] = sum over i of l[i + j - left] * s[i], the terms with
// l's index in range, for j in [0, len); l the longer operand (n1), s the shorter (n). The
// outputs where every tap meets l in conv_interior, the few at the ends one by one.
template <class R>
array<R> correlate_core(const conv_signal<R>& l, const conv_signal<R>& s, conv_mode mode) {
    const std::size_t n1 = l.n, n = s.n;
    std::size_t left = 0, right = 0;
    if (mode == conv_mode::same) left = n / 2, right = n - left - 1;
    else if (mode == conv_mode::full) left = right = n - 1;
    const std::size_t len = n1 - n + 1 + left + right, inner = n1 - n + 1;
    buffer<R> out(len);
    R* o = out.data();
    const auto shift = [&](std::size_t j) { return static_cast<std::ptrdiff_t>(j) - static_cast<std::ptrdiff_t>(left); };
    for (std::size_t j = 0; j < left; ++j) o[j] = conv_one(l, s, shift(j), left - j, n);
    conv_interior(l, s, o + left, inner);
    for (std::size_t j = left + inner; j < len; ++j) o[j] = conv_one(l, s, shift(j), 0, n1 + left - j);
    array<R> r;
    value_access::adopt(r, std::move(out), shape_t{len});
    return r;
}

inline void conv_check_empty(std::size_t na, std::size_t nv, const char* fn) {
    if (na == 0 || nv == 0)
        throw std::invalid_argument(std::string("loom::") + fn + ": " + (na == 0 ? "a" : "v") +
                                    " is empty; both operands need at least one element");
}

}  // namespace detail

//! convolve(a, v, mode = loom::conv_mode::full): the discrete linear convolution of two
//! rank-1 operands (arrays, views or expressions; rank 0 counts as one element), NumPy's
//! np.convolve: (a * v)[k] = sum over m of a[m] v[k - m], of the length `mode` gives; the
//! operands swap when v is the longer. The element type is the two promoted as in an
//! expression; integers wrap as NumPy's, bool gives or-of-ands. std::invalid_argument for an
//! empty operand or one of rank 2 or more.
//!   loom::convolve(loom::array<double>{1, 2, 3}, loom::array<double>{0, 1, 0.5});   // {0, 1, 2.5, 4, 1.5}
template <expression A, expression V>
auto convolve(const A& a, const V& v, conv_mode mode = conv_mode::full) {
    using R = promote_t<typename A::value_type, typename V::value_type>;
    detail::conv_signal<R> x = detail::conv_read<R>(a, "convolve", "a", true),
                            y = detail::conv_read<R>(v, "convolve", "v", true);
    detail::conv_check_empty(x.n, y.n, "convolve");
    if (y.n > x.n) std::swap(x, y);
    y.reverse();
    return detail::correlate_core(x, y, mode);
}

//! correlate(a, v, mode = loom::conv_mode::valid): the cross-correlation of two rank-1
//! operands, NumPy's np.correlate: c[k] = sum over n of a[n + k] conj(v[n]) (conj for complex
//! v only), `valid` by default as NumPy's. When a is the shorter, the result is NumPy's too:
//! computed with the operands swapped, then reversed. Element type and errors as convolve's,
//! but both operands must have rank 1 (NumPy's np.correlate refuses rank 0).
//!   loom::correlate(loom::array<double>{1, 2, 3}, loom::array<double>{0, 1, 0.5});   // {3.5}
template <expression A, expression V>
auto correlate(const A& a, const V& v, conv_mode mode = conv_mode::valid) {
    using R = promote_t<typename A::value_type, typename V::value_type>;
    detail::conv_signal<R> x = detail::conv_read<R>(a, "correlate", "a", false),
                            y = detail::conv_read<R>(v, "correlate", "v", false);
    detail::conv_check_empty(x.n, y.n, "correlate");
    if constexpr (is_complex_v<R>) y.conjugate();
    if (x.n >= y.n) return detail::correlate_core(x, y, mode);
    array<R> r = detail::correlate_core(y, x, mode);
    std::reverse(r.begin(), r.end());
    return r;
}

}  // namespace loom
