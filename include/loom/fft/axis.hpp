// loom/fft/axis.hpp: one transform along one axis of a contiguous row-major array, every other
// position of the array a lane: blocks of lanes gathered into the passes' layout, transformed,
// scaled and scattered to the result; blocks shared among threads (the same bits on any count).
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <vector>

#include "../core/shape.hpp"
#include "../eval/threads.hpp"
#include "plan.hpp"

namespace loom::fft::detail {

// Lane l of an axis of length `len` (the other axes flattened in C order) starts at
// (l / inner) len inner + l % inner and steps by `inner`.
struct axis_walk {
    std::size_t inner = 1, len = 0;
    std::size_t base(std::size_t l) const { return (l / inner) * len * inner + l % inner; }
};

inline std::size_t inner_size(const shape_t& s, std::size_t axis) {
    std::size_t k = 1;
    for (std::size_t d = axis + 1; d < s.size(); ++d) k *= s[d];
    return k;
}

// The count of lanes: the product of the other axes' lengths.
inline std::size_t lane_count(const shape_t& s, std::size_t axis) {
    std::size_t k = 1;
    for (std::size_t d = 0; d < s.size(); ++d)
        if (d != axis) k *= s[d];
    return k;
}

// f(first lane, lanes, xr, xi, wr, wi) for each block of `lanes` lanes (the last one shorter), each
// thread with its own four arrays of n * lanes numbers.
template <class T, class F>
void for_blocks(std::size_t total, std::size_t n, std::size_t lanes, F&& f) {
    if (total == 0) return;
    const std::size_t blocks = (total + lanes - 1) / lanes;
    std::size_t log_n = 1;
    while ((std::size_t{1} << log_n) < n) ++log_n;
    const int threads = loom::detail::threads_for(total * n * log_n * 2, blocks);
    const auto chunks = static_cast<std::size_t>(threads);
    loom::detail::parallel_chunks(chunks, threads, [&](std::size_t c) {
        scratch<T, 0> buf(4 * n * lanes);
        T *xr = buf.data(), *xi = xr + n * lanes, *wr = xi + n * lanes, *wi = wr + n * lanes;
        for (std::size_t b = blocks * c / chunks; b < blocks * (c + 1) / chunks; ++b) {
            const std::size_t l0 = b * lanes;
            f(l0, std::min(lanes, total - l0), xr, xi, wr, wi);
        }
    });
}

// Elements j < have of k lanes (lane l's element j the pair at src[l] + 2 j inner) into re/im [j][k], zeros
// from have to n: lanes side by side in memory copied a row at a time, lanes that are rows of their
// own (inner 1) a square tile at a time, transposed in registers.
template <class T>
void gather(const T* const* src, std::size_t inner, std::size_t k, std::size_t have, std::size_t n, T* re,
            T* im) {
    bool side_by_side = true;
    for (std::size_t l = 1; l < k; ++l) side_by_side = side_by_side && src[l] - src[0] == static_cast<std::ptrdiff_t>(2 * l);
    std::size_t j = 0;
    if (side_by_side && inner == k) {  // the block is one run of memory
        split_lanes(src[0], have * k, re, im);
        j = have;
    } else if (side_by_side) {
        for (; j < have; ++j) split_lanes(src[0] + 2 * j * inner, k, re + j * k, im + j * k);
    }
#if LOOM_SIMD
    else if constexpr (simd::vectorizable<T>) {
        using B = simd::batch<T>;
        using C = simd::batch<std::complex<T>>;
        constexpr std::size_t w = B::size;
        if (inner == 1 && k % w == 0)
            for (; j + w <= have; j += w)
                for (std::size_t l0 = 0; l0 < k; l0 += w) {
                    B r[w], i[w];
                    for (std::size_t q = 0; q < w; ++q) {
                        const C v = C::load_unaligned(reinterpret_cast<const std::complex<T>*>(src[l0 + q] + 2 * j));
                        r[q] = v.real();
                        i[q] = v.imag();
                    }
                    simd::transpose(r);
                    simd::transpose(i);
                    for (std::size_t q = 0; q < w; ++q) {
                        simd::store(re + (j + q) * k + l0, r[q]);
                        simd::store(im + (j + q) * k + l0, i[q]);
                    }
                }
    }
#endif
    for (; j < have; ++j)
        for (std::size_t l = 0; l < k; ++l) {
            re[j * k + l] = src[l][2 * j * inner];
            im[j * k + l] = src[l][2 * j * inner + 1];
        }
    std::fill(re + have * k, re + n * k, T(0));
    std::fill(im + have * k, im + n * k, T(0));
}

// re/im [j][k] times scale, j < n, to k lanes (lane l's element j the pair at dst[l] + 2 j inner); the inverse
// of gather's ways.
template <class T>
void scatter(T* const* dst, std::size_t inner, std::size_t k, std::size_t n, const T* re, const T* im,
             T scale) {
    bool side_by_side = true;
    for (std::size_t l = 1; l < k; ++l) side_by_side = side_by_side && dst[l] - dst[0] == static_cast<std::ptrdiff_t>(2 * l);
    std::size_t j = 0;
    if (side_by_side && inner == k) {
        join_lanes(dst[0], n * k, re, im, scale);
        j = n;
    } else if (side_by_side) {
        for (; j < n; ++j) join_lanes(dst[0] + 2 * j * inner, k, re + j * k, im + j * k, scale);
    }
#if LOOM_SIMD
    else if constexpr (simd::vectorizable<T>) {
        using B = simd::batch<T>;
        using C = simd::batch<std::complex<T>>;
        constexpr std::size_t w = B::size;
        if (inner == 1 && k % w == 0) {
            const B f(scale);
            for (; j + w <= n; j += w)
                for (std::size_t l0 = 0; l0 < k; l0 += w) {
                    B r[w], i[w];
                    load_tile_transposed(re, im, k, j, l0, r, i);
                    for (std::size_t q = 0; q < w; ++q)
                        C(r[q] * f, i[q] * f).store_unaligned(reinterpret_cast<std::complex<T>*>(dst[l0 + q] + 2 * j));
                }
        }
    }
#endif
    for (; j < n; ++j)
        for (std::size_t l = 0; l < k; ++l) {
            dst[l][2 * j * inner] = re[j * k + l] * scale;
            dst[l][2 * j * inner + 1] = im[j * k + l] * scale;
        }
}

// The most lanes a block has (the size of the pointer arrays below).
inline constexpr std::size_t max_lanes = 64;

// out (axis length n) = the DFT (or its inverse, unnormalised) of `in` (axis length in_shape[axis],
// cropped or padded with zeros to n) along `axis`, times `scale`.
template <class T>
void complex_axis(const complex_plan<T>& plan, const std::complex<T>* in, const shape_t& in_shape, std::size_t axis,
                  std::size_t n, bool inverse, T scale, std::complex<T>* out) {
    const std::size_t inner = inner_size(in_shape, axis), len = in_shape[axis];
    const std::size_t lanes_total = lane_count(in_shape, axis);
    const axis_walk src{inner, len}, dst{inner, n};
    if (len == 0) {  // an empty axis padded: zeros (and no pointer into the empty input)
        std::fill(out, out + lanes_total * n, std::complex<T>(0));
        return;
    }
    const std::size_t lanes = lanes_for<T>(n, lanes_total), used = std::min(len, n);
    if (lanes == 1 && plan.n1) {  // long transforms one at a time, in four steps from in to out
        const int threads = loom::detail::threads_for(lanes_total * n * 16, lanes_total);
        loom::detail::parallel_chunks(lanes_total, threads, [&](std::size_t l) {
            const T* x = reinterpret_cast<const T*>(in + src.base(l));
            T* y = reinterpret_cast<T*>(out + dst.base(l));
            four_step(
                plan,
                [&](std::size_t e, std::size_t k, T* re, T* im) {
                    if (inverse) std::swap(re, im);
                    const std::size_t have = e >= used ? 0 : std::min(k, used - e);
                    const T* from = have ? x + 2 * e * inner : x;
                    if (inner == 1) {
                        split_lanes(from, have, re, im);
                        std::fill(re + have, re + k, T(0));
                        std::fill(im + have, im + k, T(0));
                    } else {
                        gather(&from, inner, 1, have, k, re, im);
                    }
                },
                [&](std::size_t e, std::size_t k, const T* re, const T* im) {
                    if (inverse) std::swap(re, im);
                    T* to = y + 2 * e * inner;
                    if (inner == 1) join_lanes(to, k, re, im, scale);
                    else scatter(&to, inner, 1, k, re, im, scale);
                });
        });
        return;
    }
    for_blocks<T>(lanes_total, n, lanes, [&](std::size_t l0, std::size_t k, T* xr, T* xi, T* wr, T* wi) {
        const T* from[max_lanes] = {};
        T* to[max_lanes] = {};
        for (std::size_t l = 0; l < k; ++l) {
            from[l] = reinterpret_cast<const T*>(in + src.base(l0 + l));
            to[l] = reinterpret_cast<T*>(out + dst.base(l0 + l));
        }
        gather(from, inner, k, used, n, xr, xi);
        const bool moved = inverse ? execute(plan, k, xi, xr, wi, wr) : execute(plan, k, xr, xi, wr, wi);
        scatter(to, inner, k, n, moved ? wr : xr, moved ? wi : xi, scale);
    });
}

// The same with n's plan from this thread's cache.
template <class T>
void complex_axis(const std::complex<T>* in, const shape_t& in_shape, std::size_t axis, std::size_t n, bool inverse,
                  T scale, std::complex<T>* out) {
    complex_axis(*get_plan<T>(n), in, in_shape, axis, n, inverse, scale, out);
}

// One lane's X_q, q <= m, from Z = DFT(even + i odd) of m = n / 2: 2 X_q = (Z_q + conj Z_{m-q}) -
// i exp(-2 pi i q / n) (Z_q - conj Z_{m-q}); X_q and X_{m-q} together, written as pairs times f:
// in SIMD blocks of q from the start and of m - q from the end (read and written backwards).
template <class T>
void separate_one(const T* zr, const T* zi, std::size_t m, const T* pr, const T* pi, T* out, T f) {
    const auto pair = [&](std::size_t q) {
        const std::size_t c = q == 0 ? 0 : m - q;
        const T ar = zr[q], ai = zi[q], cr = zr[c], ci = zi[c];
        const T er = ar + cr, ei = ai - ci, orr = ai + ci, oi = cr - ar;
        out[2 * q] = (er + pr[q] * orr - pi[q] * oi) * f;
        out[2 * q + 1] = (ei + pr[q] * oi + pi[q] * orr) * f;
        const T gr = cr + ar, gi = ci - ai, hr = ci + ai, hi = ar - cr;  // Z_q and Z_{m-q} swapped
        out[2 * (m - q)] = (gr + pr[m - q] * hr - pi[m - q] * hi) * f;
        out[2 * (m - q) + 1] = (gi + pr[m - q] * hi + pi[m - q] * hr) * f;
    };
    pair(0);
    std::size_t q = 1;
#if LOOM_SIMD
    if constexpr (simd::vectorizable<T>) {
        using B = simd::batch<T>;
        constexpr std::size_t w = B::size;
        const B scale(f);
        for (; 2 * (q + w - 1) < m; q += w) {  // q .. q + w - 1 below m / 2, their mirrors above it
            const std::size_t c = m - q - (w - 1);
            const B ar = simd::load(zr + q), ai = simd::load(zi + q);
            const B cr = simd::reverse(simd::load(zr + c)), ci = simd::reverse(simd::load(zi + c));
            const B ur = simd::load(pr + q), ui = simd::load(pi + q);
            const B vr = simd::reverse(simd::load(pr + c)), vi = simd::reverse(simd::load(pi + c));
            const B er = ar + cr, ei = ai - ci, orr = ai + ci, oi = cr - ar;
            const B xr = (er + ur * orr - ui * oi) * scale, xi = (ei + ur * oi + ui * orr) * scale;
            // Z_q and Z_{m-q} swapped: g = conj e, h = -conj o
            const B yr = simd::reverse(B((er + vr * orr + vi * oi) * scale));
            const B yi = simd::reverse(B((vi * orr - vr * oi - ei) * scale));
            simd::store(out + 2 * q, simd::zip_lo(xr, xi));
            simd::store(out + 2 * q + w, simd::zip_hi(xr, xi));
            simd::store(out + 2 * c, simd::zip_lo(yr, yi));
            simd::store(out + 2 * c + w, simd::zip_hi(yr, yi));
        }
    }
#endif
    for (; 2 * q <= m; ++q) pair(q);
}

// out (axis length n / 2 + 1) = the DFT of the real `in` (cropped or padded to n) along `axis`,
// times `scale`. An even n: the even and odd samples as real and imaginary parts of a transform of
// n / 2, separated after it; an odd n: a complex transform of n.
template <class T>
void real_forward_axis(const T* in, const shape_t& in_shape, std::size_t axis, std::size_t n, T scale,
                       std::complex<T>* out) {
    const std::size_t inner = inner_size(in_shape, axis), len = in_shape[axis];
    const std::size_t lanes_total = lane_count(in_shape, axis);
    const axis_walk src{inner, len}, dst{inner, n / 2 + 1};
    if (len == 0) {
        std::fill(out, out + lanes_total * (n / 2 + 1), std::complex<T>(0));
        return;
    }
    const auto plan = get_real_plan<T>(n);
    const bool odd = n % 2 != 0;
    const std::size_t m = odd ? n : n / 2, used = std::min(len, n);
    const std::size_t lanes = lanes_for<T>(m, lanes_total);
    if (lanes == 1 && !odd && inner == 1 && plan->inner->n1) {  // long rows one at a time, in four steps
        const int threads = loom::detail::threads_for(lanes_total * n * 8, lanes_total);
        loom::detail::parallel_chunks(lanes_total, threads, [&](std::size_t l) {
            const T* x = in + src.base(l);
            scratch<T, 3> z(2 * m);
            T *zr = z.data(), *zi = zr + m;
            four_step(
                *plan->inner,
                [&](std::size_t e, std::size_t k, T* re, T* im) {
                    const std::size_t have = 2 * e >= used ? 0 : std::min(k, (used - 2 * e) / 2);
                    split_lanes(x + 2 * e, have, re, im);
                    std::fill(re + have, re + k, T(0));
                    std::fill(im + have, im + k, T(0));
                    if (have < k && 2 * (e + have) < used) re[have] = x[2 * (e + have)];  // an odd count's last
                },
                [&](std::size_t e, std::size_t k, const T* re, const T* im) {
                    copy_lanes(zr + e, re, k);
                    copy_lanes(zi + e, im, k);
                });
            separate_one(zr, zi, m, plan->wr.data(), plan->wi.data(), reinterpret_cast<T*>(out + dst.base(l)),
                         T(0.5) * scale);
        });
        return;
    }
    for_blocks<T>(lanes_total, m + 1, lanes, [&](std::size_t l0, std::size_t k, T* xr, T* xi, T* wr, T* wi) {
        T* to[max_lanes] = {};
        for (std::size_t l = 0; l < k; ++l) to[l] = reinterpret_cast<T*>(out + dst.base(l0 + l));
        if (!odd && inner == 1) {  // pairs of samples read as complex numbers
            const T* from[max_lanes] = {};
            for (std::size_t l = 0; l < k; ++l) from[l] = in + src.base(l0 + l);
            gather(from, 1, k, used / 2, m, xr, xi);
            if (used % 2)
                for (std::size_t l = 0; l < k; ++l) xr[used / 2 * k + l] = in[src.base(l0 + l) + used - 1];
        } else {
            std::size_t at[max_lanes] = {};
            for (std::size_t l = 0; l < k; ++l) at[l] = src.base(l0 + l);
            for (std::size_t j = 0; j < m; ++j)
                for (std::size_t l = 0; l < k; ++l) {
                    const std::size_t e = odd ? j : 2 * j;
                    xr[j * k + l] = e < used ? in[at[l] + e * inner] : T(0);
                    xi[j * k + l] = !odd && e + 1 < used ? in[at[l] + (e + 1) * inner] : T(0);
                }
        }
        const bool moved = execute(*plan->inner, k, xr, xi, wr, wi);
        const T *zr = moved ? wr : xr, *zi = moved ? wi : xi;
        if (odd) return scatter(to, inner, k, n / 2 + 1, zr, zi, scale);
        // Z = DFT(even + i odd): 2 X_q = (Z_q + conj Z_{m-q}) - i exp(-2 pi i q / n) (Z_q - conj Z_{m-q})
        T *gr = moved ? xr : wr, *gi = moved ? xi : wi;
        const T *pr = plan->wr.data(), *pi = plan->wi.data();
        if (k == 1 && inner == 1) return separate_one(zr, zi, m, pr, pi, to[0], T(0.5) * scale);
        for (std::size_t q = 0; q <= m; ++q) {
            const T* ar_ = zr + (q == m ? 0 : q) * k;
            const T* ai_ = zi + (q == m ? 0 : q) * k;
            const T* cr_ = zr + (q == 0 ? 0 : m - q) * k;
            const T* ci_ = zi + (q == 0 ? 0 : m - q) * k;
            const T w_r = pr[q], w_i = pi[q];
            over_lanes<T>(k, [&](auto tag, std::size_t t) {
                using V = typename decltype(tag)::type;
                const V ar = load_v<T, V>(ar_ + t), ai = load_v<T, V>(ai_ + t);
                const V cr = load_v<T, V>(cr_ + t), ci = load_v<T, V>(ci_ + t);
                const V er = ar + cr, ei = ai - ci, orr = ai + ci, oi = cr - ar;  // a + conj c, -i (a - conj c)
                store_v<T>(gr + q * k + t, V(er + V(w_r) * orr - V(w_i) * oi));
                store_v<T>(gi + q * k + t, V(ei + V(w_r) * oi + V(w_i) * orr));
            });
        }
        scatter(to, inner, k, m + 1, gr, gi, T(0.5) * scale);
    });
}

// out (real, axis length n) = the inverse DFT, unnormalised, of the Hermitian sequence whose first
// n / 2 + 1 numbers are `in`'s (cropped or padded with zeros; the imaginary parts of X_0, and of
// X_{n/2} for an even n, ignored), times `scale`.
template <class T>
void real_inverse_axis(const std::complex<T>* in, const shape_t& in_shape, std::size_t axis, std::size_t n, T scale,
                       T* out) {
    const std::size_t inner = inner_size(in_shape, axis), len = in_shape[axis];
    const std::size_t lanes_total = lane_count(in_shape, axis);
    const axis_walk src{inner, len}, dst{inner, n};
    if (len == 0) {
        std::fill(out, out + lanes_total * n, T(0));
        return;
    }
    const auto plan = get_real_plan<T>(n);
    const bool odd = n % 2 != 0;
    const std::size_t m = odd ? n : n / 2, half = n / 2 + 1;
    const std::size_t lanes = lanes_for<T>(m, lanes_total);
    for_blocks<T>(lanes_total, std::max(m, half), lanes, [&](std::size_t l0, std::size_t k, T* xr, T* xi, T* wr, T* wi) {
        const T* from[max_lanes] = {};
        for (std::size_t l = 0; l < k; ++l) from[l] = reinterpret_cast<const T*>(in + src.base(l0 + l));
        gather(from, inner, k, std::min(len, half), half, wr, wi);  // X_q, q <= n / 2
        std::fill(wi, wi + k, T(0));
        if (!odd) std::fill(wi + m * k, wi + (m + 1) * k, T(0));
        if (odd) {
            for (std::size_t q = 0; q < n; ++q) {
                if (2 * q <= n) {
                    copy_lanes(xr + q * k, wr + q * k, k);
                    copy_lanes(xi + q * k, wi + q * k, k);
                } else {
                    copy_lanes(xr + q * k, wr + (n - q) * k, k);
                    for (std::size_t l = 0; l < k; ++l) xi[q * k + l] = -wi[(n - q) * k + l];
                }
            }
        } else {
            // Z_q = (X_q + conj X_{m-q}) + i exp(2 pi i q / n) (X_q - conj X_{m-q}): the transform of
            // even + i odd samples, n / 2 times theirs
            for (std::size_t q = 0; q < m; ++q) {
                const T w_r = plan->wr[q], w_i = -plan->wi[q];
                const T *ar_ = wr + q * k, *ai_ = wi + q * k, *cr_ = wr + (m - q) * k, *ci_ = wi + (m - q) * k;
                over_lanes<T>(k, [&](auto tag, std::size_t t) {
                    using V = typename decltype(tag)::type;
                    const V ar = load_v<T, V>(ar_ + t), ai = load_v<T, V>(ai_ + t);
                    const V cr = load_v<T, V>(cr_ + t), ci = load_v<T, V>(ci_ + t);
                    const V er = ar + cr, ei = ai - ci, dr = ar - cr, di = ai + ci;
                    const V orr = dr * V(w_r) - di * V(w_i), oi = dr * V(w_i) + di * V(w_r);
                    store_v<T>(xr + q * k + t, V(er - oi));
                    store_v<T>(xi + q * k + t, V(ei + orr));
                });
            }
        }
        const bool moved = execute(*plan->inner, k, xi, xr, wi, wr);  // the inverse
        const T *fr = moved ? wr : xr, *fi = moved ? wi : xi;
        if (!odd && inner == 1) {  // pairs of samples written as complex numbers
            T* to[max_lanes] = {};
            for (std::size_t l = 0; l < k; ++l) to[l] = out + dst.base(l0 + l);
            return scatter(to, 1, k, m, fr, fi, scale);
        }
        for (std::size_t l = 0; l < k; ++l) {
            T* o = out + dst.base(l0 + l);
            for (std::size_t j = 0; j < m; ++j) {
                if (odd) {
                    o[j * inner] = fr[j * k + l] * scale;
                } else {
                    o[2 * j * inner] = fr[j * k + l] * scale;
                    o[(2 * j + 1) * inner] = fi[j * k + l] * scale;
                }
            }
        }
    });
}

}  // namespace loom::fft::detail
