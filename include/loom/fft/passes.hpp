// loom/fft/passes.hpp: the butterflies. A block holds L transforms side by side: element j of lane l
// at j * L + l, real and imaginary parts in separate arrays. A Stockham pass of radix r reads x and
// writes y (no bit reversal: the result comes out in order), and its inner loop runs over s * L
// consecutive numbers, in SIMD batches.
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>

#include "../simd/simd.hpp"

namespace loom::fft::detail {

// One pass: radix r over sub-transforms of length r * m, s of them interleaved (s = the product of
// the radices before it); wr/wi hold exp(-2 pi i p k / (r m)) at p * (r - 1) + k - 1.
template <class T>
struct stage {
    std::size_t r = 0, m = 0, s = 0;
    std::vector<T> wr, wi;
    std::vector<T> vr, vi;  // the first pass's roots again, at (k - 1) m + p (for pass8_across)
};

template <class T, class V>
inline V load_v(const T* p) noexcept {
#if LOOM_SIMD
    if constexpr (!std::is_same_v<V, T>) return simd::load(p);
    else
#endif
        return *p;
}
template <class T, class V>
inline void store_v(T* p, const V& v) noexcept {
#if LOOM_SIMD
    if constexpr (!std::is_same_v<V, T>) simd::store(p, v);
    else
#endif
        *p = v;
}

// body(std::type_identity<V>, t) for t in [0, k): SIMD batches, then single numbers.
template <class T, class F>
inline void over_lanes(std::size_t k, F&& body) {
    std::size_t t = 0;
#if LOOM_SIMD
    if constexpr (simd::vectorizable<T>) {
        using B = simd::batch<T>;
        for (; t + B::size <= k; t += B::size) body(std::type_identity<B>{}, t);
    }
#endif
    for (; t < k; ++t) body(std::type_identity<T>{}, t);
}

// k numbers from src to dst, in SIMD batches.
template <class T>
inline void copy_lanes(T* dst, const T* src, std::size_t k) noexcept {
    over_lanes<T>(k, [&](auto tag, std::size_t t) {
        using V = typename decltype(tag)::type;
        store_v<T>(dst + t, load_v<T, V>(src + t));
    });
}

// k complex numbers, stored as pairs (real, imaginary) from src on, into their real and imaginary
// parts (a std::complex<T> array read through T*, as the standard allows).
template <class T>
inline void split_lanes(const T* src, std::size_t k, T* re, T* im) noexcept {
    std::size_t t = 0;
#if LOOM_SIMD
    if constexpr (simd::vectorizable<T>) {
        using B = simd::batch<std::complex<T>>;
        for (; t + B::size <= k; t += B::size) {
            const B v = B::load_unaligned(reinterpret_cast<const std::complex<T>*>(src + 2 * t));
            simd::store(re + t, v.real());
            simd::store(im + t, v.imag());
        }
    }
#endif
    for (; t < k; ++t) {
        re[t] = src[2 * t];
        im[t] = src[2 * t + 1];
    }
}

// k complex numbers (re + i im) * scale written as pairs from dst on.
template <class T>
inline void join_lanes(T* dst, std::size_t k, const T* re, const T* im, T scale) noexcept {
    std::size_t t = 0;
#if LOOM_SIMD
    if constexpr (simd::vectorizable<T>) {
        using B = simd::batch<std::complex<T>>;
        using R = simd::batch<T>;
        const R f(scale);
        for (; t + B::size <= k; t += B::size)
            B(simd::load(re + t) * f, simd::load(im + t) * f).store_unaligned(reinterpret_cast<std::complex<T>*>(dst + 2 * t));
    }
#endif
    for (; t < k; ++t) {
        dst[2 * t] = re[t] * scale;
        dst[2 * t + 1] = im[t] * scale;
    }
}

#if LOOM_SIMD
// The W x W tile of a block (re, im) [rows][k] at row j and lane l0, transposed in registers into
// r and i: r[l] holds lane l0 + l's numbers of rows j .. j + W - 1.
template <class T>
inline void load_tile_transposed(const T* re, const T* im, std::size_t k, std::size_t j, std::size_t l0,
                                 simd::batch<T>* r, simd::batch<T>* i) noexcept {
    for (std::size_t q = 0; q < simd::batch<T>::size; ++q) {
        r[q] = simd::load(re + (j + q) * k + l0);
        i[q] = simd::load(im + (j + q) * k + l0);
    }
    simd::transpose(r);
    simd::transpose(i);
}
#endif

// (ar + i ai) * (wr + i wi), stored.
template <class T, class V>
inline void store_times(T* yr, T* yi, const V& ar, const V& ai, T wr, T wi) noexcept {
    store_v<T>(yr, V(ar * V(wr) - ai * V(wi)));
    store_v<T>(yi, V(ar * V(wi) + ai * V(wr)));
}

template <class T>
void pass2(const stage<T>& st, std::size_t lanes, const T* xr, const T* xi, T* yr, T* yi) {
    const std::size_t m = st.m, k = st.s * lanes;
    for (std::size_t p = 0; p < m; ++p) {
        const T wr = st.wr[p], wi = st.wi[p];
        const std::size_t a0 = p * k, a1 = (p + m) * k, b0 = 2 * p * k, b1 = b0 + k;
        over_lanes<T>(k, [&](auto tag, std::size_t t) {
            using V = typename decltype(tag)::type;
            const V ar = load_v<T, V>(xr + a0 + t), ai = load_v<T, V>(xi + a0 + t);
            const V br = load_v<T, V>(xr + a1 + t), bi = load_v<T, V>(xi + a1 + t);
            store_v<T>(yr + b0 + t, V(ar + br));
            store_v<T>(yi + b0 + t, V(ai + bi));
            store_times<T>(yr + b1 + t, yi + b1 + t, V(ar - br), V(ai - bi), wr, wi);
        });
    }
}

// The DFT of 4 numbers a into o[F], o[F + S], o[F + 2 S], o[F + 3 S]: X_0 = s02 + s13, X_2 = s02 - s13,
// X_1 and X_3 = d02 -+ i (a_1 - a_3), with s02 = a_0 + a_2, d02 = a_0 - a_2, s13 = a_1 + a_3 (the
// places known at compile time, so that o stays in registers).
template <std::size_t F, std::size_t S, class V>
inline void butterfly4(const V* ar, const V* ai, V* orr, V* oi) noexcept {
    const V s02r = ar[0] + ar[2], s02i = ai[0] + ai[2], d02r = ar[0] - ar[2], d02i = ai[0] - ai[2];
    const V s13r = ar[1] + ar[3], s13i = ai[1] + ai[3];
    const V m13r = ai[1] - ai[3], m13i = ar[3] - ar[1];  // -i (a_1 - a_3)
    orr[F] = s02r + s13r;
    oi[F] = s02i + s13i;
    orr[F + S] = d02r + m13r;
    oi[F + S] = d02i + m13i;
    orr[F + 2 * S] = s02r - s13r;
    oi[F + 2 * S] = s02i - s13i;
    orr[F + 3 * S] = d02r - m13r;
    oi[F + 3 * S] = d02i - m13i;
}

template <class T>
void pass4(const stage<T>& st, std::size_t lanes, const T* xr, const T* xi, T* yr, T* yi) {
    const std::size_t m = st.m, k = st.s * lanes;
    for (std::size_t p = 0; p < m; ++p) {
        const T* w = st.wr.data() + 3 * p;
        const T* v = st.wi.data() + 3 * p;
        const std::size_t b = 4 * p * k;
        over_lanes<T>(k, [&](auto tag, std::size_t t) {
            using V = typename decltype(tag)::type;
            V ar[4], ai[4], orr[4], oi[4];
            for (std::size_t j = 0; j < 4; ++j) {
                ar[j] = load_v<T, V>(xr + (p + j * m) * k + t);
                ai[j] = load_v<T, V>(xi + (p + j * m) * k + t);
            }
            butterfly4<0, 1>(ar, ai, orr, oi);
            store_v<T>(yr + b + t, orr[0]);
            store_v<T>(yi + b + t, oi[0]);
            for (std::size_t q = 1; q < 4; ++q)
                store_times<T>(yr + b + q * k + t, yi + b + q * k + t, orr[q], oi[q], w[q - 1], v[q - 1]);
        });
    }
}

// The DFT of 8 numbers a (real parts ar, imaginary ai) into o, in order: radix 2 between a_j and
// a_{j+4}, the differences times exp(-2 pi i j / 8), then radix 4 on each half (the sums giving the
// even outputs, the differences the odd ones).
template <class T, class V>
inline void butterfly8(const V* ar, const V* ai, V* orr, V* oi) noexcept {
    const V h(T(0.707106781186547524400844362104849039L));
    V br[4], bi[4], cr[4], ci[4];
    for (std::size_t j = 0; j < 4; ++j) {
        br[j] = ar[j] + ar[j + 4];
        bi[j] = ai[j] + ai[j + 4];
        cr[j] = ar[j] - ar[j + 4];
        ci[j] = ai[j] - ai[j + 4];
    }
    {  // times exp(-i pi / 4), -i, exp(-3 i pi / 4)
        const V r1 = cr[1], i1 = ci[1];
        cr[1] = h * (r1 + i1);
        ci[1] = h * (i1 - r1);
        const V r2 = cr[2];
        cr[2] = ci[2];
        ci[2] = -r2;
        const V r3 = cr[3], i3 = ci[3];
        cr[3] = h * (i3 - r3);
        ci[3] = -h * (r3 + i3);
    }
    butterfly4<0, 2>(br, bi, orr, oi);  // the even outputs
    butterfly4<1, 2>(cr, ci, orr, oi);  // the odd ones
}

template <class T>
void pass8(const stage<T>& st, std::size_t lanes, const T* xr, const T* xi, T* yr, T* yi) {
    const std::size_t m = st.m, k = st.s * lanes;
    for (std::size_t p = 0; p < m; ++p) {
        const T* w = st.wr.data() + 7 * p;
        const T* v = st.wi.data() + 7 * p;
        const std::size_t b = 8 * p * k;
        over_lanes<T>(k, [&](auto tag, std::size_t t) {
            using V = typename decltype(tag)::type;
            V ar[8], ai[8], orr[8], oi[8];
            for (std::size_t j = 0; j < 8; ++j) {
                ar[j] = load_v<T, V>(xr + (p + j * m) * k + t);
                ai[j] = load_v<T, V>(xi + (p + j * m) * k + t);
            }
            butterfly8<T>(ar, ai, orr, oi);
            store_v<T>(yr + b + t, orr[0]);
            store_v<T>(yi + b + t, oi[0]);
            for (std::size_t q = 1; q < 8; ++q)
                store_times<T>(yr + b + q * k + t, yi + b + q * k + t, orr[q], oi[q], w[q - 1], v[q - 1]);
        });
    }
}

// Whether the first pass of one transform (s = 1, one lane) can run as pass8_across: radix 8 and
// SIMD batches of 4 or 8 that divide m.
template <class T>
constexpr std::size_t across_width() {
#if LOOM_SIMD
    if constexpr (simd::vectorizable<T>) {
        constexpr std::size_t w = simd::batch<T>::size;
        return w == 4 || w == 8 ? w : 0;
    }
#endif
    return 0;
}
template <class T>
bool pass8_across_fits(const stage<T>& st, std::size_t lanes) {
    constexpr std::size_t w = across_width<T>();
    return w && st.r == 8 && st.s == 1 && lanes == 1 && st.m % w == 0 && !st.vr.empty();
}

// Radix 8 of a single transform's first pass in SIMD across p (its inner run is one number long):
// W consecutive p at once, the roots from vr/vi ([k - 1][p]), the 8 outputs of each p (8 p + k)
// put side by side by W x W transposes in registers.
template <class T>
void pass8_across(const stage<T>& st, const T* xr, const T* xi, T* yr, T* yi) {
#if LOOM_SIMD
    if constexpr (across_width<T>() != 0) {
        using B = simd::batch<T>;
        constexpr std::size_t w = B::size;
        const std::size_t m = st.m;
        for (std::size_t p0 = 0; p0 < m; p0 += w) {
            B ar[8], ai[8], orr[8], oi[8];
            for (std::size_t j = 0; j < 8; ++j) {
                ar[j] = simd::load(xr + p0 + j * m);
                ai[j] = simd::load(xi + p0 + j * m);
            }
            butterfly8<T>(ar, ai, orr, oi);
            for (std::size_t q = 1; q < 8; ++q) {
                const B a = simd::load(st.vr.data() + (q - 1) * m + p0), b = simd::load(st.vi.data() + (q - 1) * m + p0);
                const B r = orr[q];
                orr[q] = r * a - oi[q] * b;
                oi[q] = r * b + oi[q] * a;
            }
            for (std::size_t half = 0; half < 8; half += w) {  // outputs half .. half + w - 1 of each p
                simd::transpose(orr + half);
                simd::transpose(oi + half);
                for (std::size_t i = 0; i < w; ++i) {
                    simd::store(yr + 8 * (p0 + i) + half, orr[half + i]);
                    simd::store(yi + 8 * (p0 + i) + half, oi[half + i]);
                }
            }
        }
    }
#else
    (void)st, (void)xr, (void)xi, (void)yr, (void)yi;
#endif
}

// cos and sin of 2 pi h / R for h in [0, R), in T.
template <class T, std::size_t R>
struct odd_constants {
    T c[R], s[R];
    odd_constants() {
        constexpr long double two_pi = 6.283185307179586476925286766559005768L;
        for (std::size_t h = 0; h < R; ++h) {
            c[h] = static_cast<T>(std::cos(two_pi * h / R));
            s[h] = static_cast<T>(std::sin(two_pi * h / R));
        }
    }
};

// An odd radix R: X_k = a0 + sum_j cos(2 pi j k / R) (a_j + a_{R-j}) - i sin(2 pi j k / R) (a_j - a_{R-j}),
// X_{R-k} the same with + i.
template <class T, std::size_t R>
void pass_odd(const stage<T>& st, std::size_t lanes, const T* xr, const T* xi, T* yr, T* yi) {
    static const odd_constants<T, R> cs;
    constexpr std::size_t H = (R - 1) / 2;
    const std::size_t m = st.m, k = st.s * lanes;
    for (std::size_t p = 0; p < m; ++p) {
        const T* w = st.wr.data() + (R - 1) * p;
        const T* v = st.wi.data() + (R - 1) * p;
        over_lanes<T>(k, [&](auto tag, std::size_t t) {
            using V = typename decltype(tag)::type;
            V ar[R], ai[R];
            for (std::size_t j = 0; j < R; ++j) {
                ar[j] = load_v<T, V>(xr + (p + j * m) * k + t);
                ai[j] = load_v<T, V>(xi + (p + j * m) * k + t);
            }
            V sr[H + 1], si[H + 1], dr[H + 1], di[H + 1];
            V y0r = ar[0], y0i = ai[0];
            for (std::size_t j = 1; j <= H; ++j) {
                sr[j] = ar[j] + ar[R - j];
                si[j] = ai[j] + ai[R - j];
                dr[j] = ar[j] - ar[R - j];
                di[j] = ai[j] - ai[R - j];
                y0r += sr[j];
                y0i += si[j];
            }
            const std::size_t b = R * p * k + t;
            store_v<T>(yr + b, y0r);
            store_v<T>(yi + b, y0i);
            for (std::size_t q = 1; q <= H; ++q) {
                V er = ar[0], ei = ai[0], fr(T(0)), fi(T(0));
                for (std::size_t j = 1; j <= H; ++j) {
                    const std::size_t h = (j * q) % R;
                    er += V(cs.c[h]) * sr[j];
                    ei += V(cs.c[h]) * si[j];
                    fr += V(cs.s[h]) * dr[j];
                    fi += V(cs.s[h]) * di[j];
                }
                // X_q = e - i f, X_{R-q} = e + i f
                store_times<T>(yr + b + q * k, yi + b + q * k, V(er + fi), V(ei - fr), w[q - 1], v[q - 1]);
                store_times<T>(yr + b + (R - q) * k, yi + b + (R - q) * k, V(er - fi), V(ei + fr), w[R - q - 1],
                               v[R - q - 1]);
            }
        });
    }
}

// The radices a plan's passes use, in the order they are taken out of n.
inline constexpr std::size_t radices[] = {8, 4, 2, 3, 5, 7, 11, 13};

template <class T>
void run_pass(const stage<T>& st, std::size_t lanes, const T* xr, const T* xi, T* yr, T* yi) {
    switch (st.r) {
        case 2: return pass2(st, lanes, xr, xi, yr, yi);
        case 4: return pass4(st, lanes, xr, xi, yr, yi);
        case 8: return pass8(st, lanes, xr, xi, yr, yi);
        case 3: return pass_odd<T, 3>(st, lanes, xr, xi, yr, yi);
        case 5: return pass_odd<T, 5>(st, lanes, xr, xi, yr, yi);
        case 7: return pass_odd<T, 7>(st, lanes, xr, xi, yr, yi);
        case 11: return pass_odd<T, 11>(st, lanes, xr, xi, yr, yi);
        default: return pass_odd<T, 13>(st, lanes, xr, xi, yr, yi);
    }
}

// The forward transform of a block through its passes, x and y taking turns: true where the result
// is left in (yr, yi), false where in (xr, xi).
template <class T>
bool run_stages(const std::vector<stage<T>>& stages, std::size_t lanes, T* xr, T* xi, T* yr, T* yi) {
    bool in_x = true;
    for (const stage<T>& st : stages) {
        if (pass8_across_fits(st, lanes)) {
            if (in_x) pass8_across(st, xr, xi, yr, yi);
            else pass8_across(st, yr, yi, xr, xi);
        } else if (in_x) {
            run_pass(st, lanes, xr, xi, yr, yi);
        } else {
            run_pass(st, lanes, yr, yi, xr, xi);
        }
        in_x = !in_x;
    }
    return !in_x;
}

}  // namespace loom::fft::detail
