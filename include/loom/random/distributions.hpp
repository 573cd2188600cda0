// loom/random/distributions.hpp: one draw of each distribution by NumPy 1.24's algorithms (its
// distributions.c), step for step, so that the same bit generator gives the same numbers.
// No fused multiply-adds: they would change the last bits. The hot paths (inlined into the fill
// loops) keep each product apart explicitly (product()); the rest is compiled with contraction off.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <type_traits>

#include "../config.hpp"
#include "bit_generators.hpp"
#include "ziggurat_tables.hpp"

#if defined(__clang__)
#pragma float_control(push)
#pragma clang fp contract(off)
#endif

namespace loom::random::detail {

// a * b, never fused with an addition around it.
template <class T>
LOOM_INLINE T product(T a, T b) {
#if defined(__clang__)
    return a * b;  // the pragma above keeps clang from fusing
#elif defined(__GNUC__) && __GNUC__ >= 12
    return __builtin_assoc_barrier(a * b);
#else
    volatile T p = a * b;
    return p;
#endif
}

template <class G>
LOOM_INLINE float next_float(G& g) {
    return static_cast<float>(g.next32() >> 8) * (1.0f / 16777216.0f);
}

// The rare paths of the ziggurats (outside the boxes, the tail), out of line.
template <class G>
double standard_normal_slow(G& g, int idx, std::uint64_t rabs, double x);
template <class G>
float standard_normal_f_slow(G& g, int idx, std::uint32_t rabs, float x);
template <class G>
double standard_exponential_slow(G& g, std::uint8_t idx, double x);
template <class G>
float standard_exponential_f_slow(G& g, std::uint8_t idx, float x);

template <class G>
LOOM_INLINE double standard_normal(G& g) {
    const std::uint64_t r = g.next64();
    const int idx = static_cast<int>(r & 0xff);
    const std::uint64_t rs = r >> 8;
    const std::uint64_t rabs = (rs >> 1) & 0x000fffffffffffffULL;
    // the sign from bit 8 of r, flipped without a branch (-0.0 as NumPy's x = -x)
    const double x = std::bit_cast<double>(std::bit_cast<std::uint64_t>(static_cast<double>(rabs) * zig::wi_double[idx]) ^ (rs << 63));
    if (rabs < zig::ki_double[idx]) return x;
    return standard_normal_slow(g, idx, rabs, x);
}

template <class G>
LOOM_INLINE float standard_normal_f(G& g) {
    const std::uint32_t r = g.next32();
    const int idx = static_cast<int>(r & 0xff);
    const std::uint32_t rabs = (r >> 9) & 0x0007fffff;
    const float x = std::bit_cast<float>(std::bit_cast<std::uint32_t>(static_cast<float>(rabs) * zig::wi_float[idx]) ^ ((r >> 8) << 31));
    if (rabs < zig::ki_float[idx]) return x;
    return standard_normal_f_slow(g, idx, rabs, x);
}

template <class G>
LOOM_INLINE double standard_exponential(G& g) {
    std::uint64_t ri = g.next64() >> 3;
    const auto idx = static_cast<std::uint8_t>(ri & 0xFF);
    ri >>= 8;
    const double x = static_cast<double>(ri) * zig::we_double[idx];
    if (ri < zig::ke_double[idx]) return x;
    return standard_exponential_slow(g, idx, x);
}

template <class G>
LOOM_INLINE float standard_exponential_f(G& g) {
    std::uint32_t ri = g.next32() >> 1;
    const auto idx = static_cast<std::uint8_t>(ri & 0xFF);
    ri >>= 8;
    const float x = static_cast<float>(ri) * zig::we_float[idx];
    if (ri < zig::ke_float[idx]) return x;
    return standard_exponential_f_slow(g, idx, x);
}

template <class G>
LOOM_INLINE double uniform(G& g, double low, double range) {
    return low + product(range, g.next_double());
}
template <class G>
LOOM_INLINE double normal(G& g, double loc, double scale) {
    return loc + product(scale, standard_normal(g));
}

}  // namespace loom::random::detail

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=off")
#endif

namespace loom::random::detail {

template <class G>
[[gnu::noinline]] double standard_normal_slow(G& g, int idx, std::uint64_t rabs, double x) {
    for (;;) {
        if (idx == 0) {
            for (;;) {
                const double xx = -zig::nor_inv_r * std::log1p(-g.next_double());
                const double yy = -std::log1p(-g.next_double());
                if (yy + yy > xx * xx) return ((rabs >> 8) & 0x1) ? -(zig::nor_r + xx) : zig::nor_r + xx;
            }
        }
        if ((zig::fi_double[idx - 1] - zig::fi_double[idx]) * g.next_double() + zig::fi_double[idx] < std::exp(-0.5 * x * x))
            return x;
        // rejected: the next draw, as the fast path does it
        const std::uint64_t r = g.next64();
        idx = static_cast<int>(r & 0xff);
        const std::uint64_t rs = r >> 8;
        rabs = (rs >> 1) & 0x000fffffffffffffULL;
        x = static_cast<double>(rabs) * zig::wi_double[idx];
        if (rs & 0x1) x = -x;
        if (rabs < zig::ki_double[idx]) return x;
    }
}

template <class G>
[[gnu::noinline]] float standard_normal_f_slow(G& g, int idx, std::uint32_t rabs, float x) {
    for (;;) {
        if (idx == 0) {
            for (;;) {
                const float xx = -zig::nor_inv_r_f * std::log1p(-next_float(g));
                const float yy = -std::log1p(-next_float(g));
                if (yy + yy > xx * xx) return ((rabs >> 8) & 0x1) ? -(zig::nor_r_f + xx) : zig::nor_r_f + xx;
            }
        }
        if (((zig::fi_float[idx - 1] - zig::fi_float[idx]) * next_float(g) + zig::fi_float[idx]) < std::exp(-0.5 * x * x))
            return x;
        const std::uint32_t r = g.next32();
        idx = static_cast<int>(r & 0xff);
        rabs = (r >> 9) & 0x0007fffff;
        x = static_cast<float>(rabs) * zig::wi_float[idx];
        if ((r >> 8) & 0x1) x = -x;
        if (rabs < zig::ki_float[idx]) return x;
    }
}

template <class G>
[[gnu::noinline]] double standard_exponential_slow(G& g, std::uint8_t idx, double x) {
    for (;;) {
        if (idx == 0) return zig::exp_r - std::log1p(-g.next_double());
        if ((zig::fe_double[idx - 1] - zig::fe_double[idx]) * g.next_double() + zig::fe_double[idx] < std::exp(-x)) return x;
        std::uint64_t ri = g.next64() >> 3;
        idx = static_cast<std::uint8_t>(ri & 0xFF);
        ri >>= 8;
        x = static_cast<double>(ri) * zig::we_double[idx];
        if (ri < zig::ke_double[idx]) return x;
    }
}

template <class G>
[[gnu::noinline]] float standard_exponential_f_slow(G& g, std::uint8_t idx, float x) {
    for (;;) {
        if (idx == 0) return zig::exp_r_f - std::log1p(-next_float(g));
        if ((zig::fe_float[idx - 1] - zig::fe_float[idx]) * next_float(g) + zig::fe_float[idx] < std::exp(-x)) return x;
        std::uint32_t ri = g.next32() >> 1;
        idx = static_cast<std::uint8_t>(ri & 0xFF);
        ri >>= 8;
        x = static_cast<float>(ri) * zig::we_float[idx];
        if (ri < zig::ke_float[idx]) return x;
    }
}

template <class G>
double standard_gamma(G& g, double shape) {
    if (shape == 1.0) return standard_exponential(g);
    if (shape == 0.0) return 0.0;
    if (shape < 1.0) {
        for (;;) {
            const double u = g.next_double(), v = standard_exponential(g);
            if (u <= 1.0 - shape) {
                const double x = std::pow(u, 1. / shape);
                if (x <= v) return x;
            } else {
                const double y = -std::log((1 - u) / shape);
                const double x = std::pow(1.0 - shape + shape * y, 1. / shape);
                if (x <= (v + y)) return x;
            }
        }
    }
    const double b = shape - 1. / 3., c = 1. / std::sqrt(9 * b);
    for (;;) {
        double x, v;
        do {
            x = standard_normal(g);
            v = 1.0 + c * x;
        } while (v <= 0.0);
        v = v * v * v;
        const double u = g.next_double();
        if (u < 1.0 - 0.0331 * (x * x) * (x * x)) return b * v;
        if (std::log(u) < 0.5 * x * x + b * (1. - v + std::log(v))) return b * v;
    }
}

template <class G>
double beta(G& g, double a, double b) {
    if ((a <= 1.0) && (b <= 1.0)) {
        for (;;) {  // Johnk's algorithm
            const double u = g.next_double(), v = g.next_double();
            const double x = std::pow(u, 1.0 / a), y = std::pow(v, 1.0 / b), xpy = x + y;
            if ((xpy <= 1.0) && (xpy > 0.0)) {
                if (x + y > 0) return x / xpy;
                double log_x = std::log(u) / a, log_y = std::log(v) / b;
                const double log_m = log_x > log_y ? log_x : log_y;
                log_x -= log_m;
                log_y -= log_m;
                return std::exp(log_x - std::log(std::exp(log_x) + std::exp(log_y)));
            }
        }
    }
    const double ga = standard_gamma(g, a), gb = standard_gamma(g, b);
    return ga / (ga + gb);
}

// log-gamma of SPECFUN (Zhang and Jin), as NumPy's random_loggam.
inline double loggam(double x) {
    static constexpr double a[10] = {8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04,
                                     -5.952380952380952e-04, 8.417508417508418e-04, -1.917526917526918e-03,
                                     6.410256410256410e-03, -2.955065359477124e-02, 1.796443723688307e-01,
                                     -1.39243221690590e+00};
    if ((x == 1.0) || (x == 2.0)) return 0.0;
    const std::int64_t n = x < 7.0 ? static_cast<std::int64_t>(7 - x) : 0;
    double x0 = x + static_cast<double>(n);
    const double x2 = (1.0 / x0) * (1.0 / x0);
    const double lg2pi = 1.8378770664093453e+00;
    double gl0 = a[9];
    for (int k = 8; k >= 0; k--) {
        gl0 *= x2;
        gl0 += a[k];
    }
    double gl = gl0 / x0 + 0.5 * lg2pi + (x0 - 0.5) * std::log(x0) - x0;
    if (x < 7.0) {
        for (std::int64_t k = 1; k <= n; k++) {
            gl -= std::log(x0 - 1.0);
            x0 -= 1.0;
        }
    }
    return gl;
}

template <class G>
std::int64_t poisson(G& g, double lam) {
    if (lam >= 10) {  // Hoermann's transformed rejection (PTRS)
        const double slam = std::sqrt(lam), loglam = std::log(lam);
        const double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
        const double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
        for (;;) {
            const double u = g.next_double() - 0.5, v = g.next_double();
            const double us = 0.5 - std::fabs(u);
            const auto k = static_cast<std::int64_t>(std::floor((2 * a / us + b) * u + lam + 0.43));
            if ((us >= 0.07) && (v <= vr)) return k;
            if ((k < 0) || ((us < 0.013) && (v > us))) continue;
            if ((std::log(v) + std::log(invalpha) - std::log(a / (us * us) + b)) <=
                (-lam + static_cast<double>(k) * loglam - loggam(static_cast<double>(k + 1))))
                return k;
        }
    }
    if (lam == 0) return 0;
    const double enlam = std::exp(-lam);  // multiplication of uniforms
    std::int64_t x = 0;
    double prod = 1.0;
    for (;;) {
        prod *= g.next_double();
        if (prod > enlam)
            x += 1;
        else
            return x;
    }
}

template <class G>
std::int64_t binomial_inversion(G& g, std::int64_t n, double p) {
    const double q = 1.0 - p, qn = std::exp(static_cast<double>(n) * std::log(q)), np = static_cast<double>(n) * p;
    const auto bound = static_cast<std::int64_t>(std::min(static_cast<double>(n), np + 10.0 * std::sqrt(np * q + 1)));
    std::int64_t x = 0;
    double px = qn, u = g.next_double();
    while (u > px) {
        x++;
        if (x > bound) {
            x = 0;
            px = qn;
            u = g.next_double();
        } else {
            u -= px;
            px = (static_cast<double>(n - x + 1) * p * px) / (static_cast<double>(x) * q);
        }
    }
    return x;
}

// Kachitvichyanukul and Schmeiser's BTPE, NumPy's steps and labels kept.
template <class G>
std::int64_t binomial_btpe(G& g, std::int64_t n, double p) {
    const double r = std::min(p, 1.0 - p), q = 1.0 - r, fm = static_cast<double>(n) * r + r;
    const auto m = static_cast<std::int64_t>(std::floor(fm));
    const double p1 = std::floor(2.195 * std::sqrt(static_cast<double>(n) * r * q) - 4.6 * q) + 0.5;
    const double xm = static_cast<double>(m) + 0.5, xl = xm - p1, xr = xm + p1, c = 0.134 + 20.5 / (15.3 + static_cast<double>(m));
    double a = (fm - xl) / (fm - xl * r);
    const double laml = a * (1.0 + a / 2.0);
    a = (xr - fm) / (xr * q);
    const double lamr = a * (1.0 + a / 2.0);
    const double p2 = p1 * (1.0 + 2.0 * c), p3 = p2 + c / laml, p4 = p3 + c / lamr;
    double u, v, x;
    std::int64_t y, k;
step10:
    {
        const double nrq = static_cast<double>(n) * r * q;
        (void)nrq;
    }
    u = g.next_double() * p4;
    v = g.next_double();
    if (u > p1) goto step20;
    y = static_cast<std::int64_t>(std::floor(xm - p1 * v + u));
    goto step60;
step20:
    if (u > p2) goto step30;
    x = xl + (u - p1) / c;
    v = v * c + 1.0 - std::fabs(static_cast<double>(m) - x + 0.5) / p1;
    if (v > 1.0) goto step10;
    y = static_cast<std::int64_t>(std::floor(x));
    goto step50;
step30:
    if (u > p3) goto step40;
    y = static_cast<std::int64_t>(std::floor(xl + std::log(v) / laml));
    if ((y < 0) || (v == 0.0)) goto step10;
    v = v * (u - p2) * laml;
    goto step50;
step40:
    y = static_cast<std::int64_t>(std::floor(xr - std::log(v) / lamr));
    if ((y > n) || (v == 0.0)) goto step10;
    v = v * (u - p3) * lamr;
step50: {
    const double nrq = static_cast<double>(n) * r * q;
    k = std::llabs(y - m);
    if ((k > 20) && (static_cast<double>(k) < ((nrq) / 2.0 - 1))) goto step52;
    const double s = r / q, aa = s * static_cast<double>(n + 1);
    double f = 1.0;
    if (m < y) {
        for (std::int64_t i = m + 1; i <= y; i++) f *= (aa / static_cast<double>(i) - s);
    } else if (m > y) {
        for (std::int64_t i = y + 1; i <= m; i++) f /= (aa / static_cast<double>(i) - s);
    }
    if (v > f) goto step10;
    goto step60;
}
step52: {
    const double nrq = static_cast<double>(n) * r * q;
    const double kd = static_cast<double>(k);
    const double rho = (kd / (nrq)) * ((kd * (kd / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
    // -k * k in int64 as NumPy computes it, wrapping (as x86 does) where it overflows, without UB
    const double t = static_cast<double>(static_cast<std::int64_t>(0ULL - std::uint64_t(k) * std::uint64_t(k))) / (2 * nrq);
    const double aa = std::log(v);
    if (aa < (t - rho)) goto step60;
    if (aa > (t + rho)) goto step10;
    const double x1 = static_cast<double>(y + 1), f1 = static_cast<double>(m + 1), z = static_cast<double>(n + 1 - m),
                 w = static_cast<double>(n - y + 1);
    const double x2 = x1 * x1, f2 = f1 * f1, z2 = z * z, w2 = w * w;
    if (aa > (xm * std::log(f1 / x1) + (static_cast<double>(n - m) + 0.5) * std::log(z / w) +
              static_cast<double>(y - m) * std::log(w * r / (x1 * q)) +
              (13680. - (462. - (132. - (99. - 140. / f2) / f2) / f2) / f2) / f1 / 166320. +
              (13680. - (462. - (132. - (99. - 140. / z2) / z2) / z2) / z2) / z / 166320. +
              (13680. - (462. - (132. - (99. - 140. / x2) / x2) / x2) / x2) / x1 / 166320. +
              (13680. - (462. - (132. - (99. - 140. / w2) / w2) / w2) / w2) / w / 166320.))
        goto step10;
}
step60:
    if (p > 0.5) y = n - y;
    return y;
}

template <class G>
std::int64_t binomial(G& g, double p, std::int64_t n) {
    if ((n == 0) || (p == 0.0f)) return 0;
    if (p <= 0.5) {
        if (p * static_cast<double>(n) <= 30.0) return binomial_inversion(g, n, p);
        return binomial_btpe(g, n, p);
    }
    const double q = 1.0 - p;
    if (q * static_cast<double>(n) <= 30.0) return n - binomial_inversion(g, n, q);
    return n - binomial_btpe(g, n, q);
}

}  // namespace loom::random::detail

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif

namespace loom::random::detail {

// ---- bounded integers: Lemire's method, NumPy's buffering of 8- and 16-bit draws ----

// The small draws of one call share a 32-bit word: 16-bit draws take its halves, 8-bit its bytes.
struct word_buffer {
    std::uint32_t buf = 0;
    int count = 0;  // the draws of Bits bits still in buf after the current one

    // The next Bits bits (16, 8 or 1): the low ones of a fresh word, then the word shifted down.
    template <int Bits, class G>
    std::uint32_t next(G& g) {
        if (!count) {
            buf = g.next32();
            count = 32 / Bits - 1;
        } else {
            buf >>= Bits;
            count -= 1;
        }
        return buf & ((std::uint32_t(1) << Bits) - 1);
    }
};

// A uniform draw in [0, rng] of unsigned U, rng below U's maximum (Lemire's nearly divisionless method).
template <class U, class G>
U lemire(G& g, U rng, word_buffer& wb) {
    using W = std::conditional_t<sizeof(U) == 8, uint128_t, std::conditional_t<sizeof(U) == 4, std::uint64_t, std::uint32_t>>;
    constexpr int bits = sizeof(U) * 8;
    const U rng_excl = static_cast<U>(rng + 1);
    auto draw = [&]() -> U {
        if constexpr (sizeof(U) == 8) return g.next64();
        else if constexpr (sizeof(U) == 4) return g.next32();
        else return static_cast<U>(wb.template next<8 * sizeof(U)>(g));
    };
    W m = static_cast<W>(draw()) * rng_excl;
    U leftover = static_cast<U>(m);
    if (leftover < rng_excl) {
        const U threshold = static_cast<U>(static_cast<U>(std::numeric_limits<U>::max() - rng) % rng_excl);
        while (leftover < threshold) {
            m = static_cast<W>(draw()) * rng_excl;
            leftover = static_cast<U>(m);
        }
    }
    return static_cast<U>(m >> bits);
}

// off + a draw in [0, rng] for an unsigned U of 1 to 8 bytes, as NumPy's random_bounded_uint64 and
// random_buffered_bounded_uint32/16/8 with use_masked false (Generator.integers).
template <class U, class G>
U bounded(G& g, U off, U rng, word_buffer& wb) {
    if (rng == 0) return off;
    if constexpr (sizeof(U) == 8) {
        if (rng <= 0xFFFFFFFFULL) {
            if (rng == 0xFFFFFFFFULL) return off + g.next32();
            return off + lemire<std::uint32_t>(g, static_cast<std::uint32_t>(rng), wb);
        }
        if (rng == ~std::uint64_t(0)) return off + g.next64();
        return off + lemire<std::uint64_t>(g, rng, wb);
    } else {
        if (rng == std::numeric_limits<U>::max()) {
            if constexpr (sizeof(U) == 4) return off + g.next32();
            else return static_cast<U>(off + wb.template next<8 * sizeof(U)>(g));
        }
        return static_cast<U>(off + lemire<U>(g, rng, wb));
    }
}

// n draws of off + lemire<uint32>(e, rng) into out from an LCG engine: the 64-bit words made a
// block at a time by pcg_fill and read as NumPy's next32 reads them (low half, then high). A block
// with no rejected draw is converted in one branch-free loop; otherwise it is read again one draw at
// a time, and the engine set back to the words used (the half left over buffered, as next32 does).
template <class U, class E>
void lemire32_fill(E& e, U off, std::uint32_t rng, U* out, std::size_t n, word_buffer& wb) {
    constexpr std::size_t block = 256;
    std::uint64_t words[block];
    const std::uint64_t rng_excl = std::uint64_t(rng) + 1;
    const auto threshold = static_cast<std::uint32_t>((0xFFFFFFFFu - rng) % rng_excl);
    std::size_t i = 0;
    while (i < n) {
        if (e.has_uint32) {  // a half buffered by an earlier draw comes first
            out[i++] = static_cast<U>(off + lemire<std::uint32_t>(e, rng, wb));
            continue;
        }
        const uint128_t start = e.s;
        const std::size_t nw = std::min(block, (n - i + 1) / 2), halves = 2 * nw;
        pcg_fill(e, words, nw, [](std::uint64_t w) { return w; });
        auto half = [&](std::size_t h) { return static_cast<std::uint32_t>(words[h >> 1] >> (h & 1 ? 32 : 0)); };
        if (halves <= n - i) {  // all the block's halves are draws unless one is rejected: check them at once
            bool rejected = false;
            U* o = out + i;
            for (std::size_t k = 0; k < nw; ++k) {
                const std::uint64_t lo = (words[k] & 0xFFFFFFFFu) * rng_excl, hi = (words[k] >> 32) * rng_excl;
                rejected |= (static_cast<std::uint32_t>(lo) < threshold) | (static_cast<std::uint32_t>(hi) < threshold);
                o[2 * k] = static_cast<U>(off + static_cast<U>(lo >> 32));
                o[2 * k + 1] = static_cast<U>(off + static_cast<U>(hi >> 32));
            }
            if (!rejected) {
                i += halves;
                e.uinteger = static_cast<std::uint32_t>(words[nw - 1] >> 32);  // as next32 leaves it
                continue;
            }
        }
        std::size_t h = 0;
        bool spilled = false;  // a rejection ran past the block: the engine drew the rest itself
        while (i < n && h < halves) {
            std::uint64_t m = std::uint64_t(half(h++)) * rng_excl;
            while (static_cast<std::uint32_t>(m) < threshold) {  // rare: rejected, draw again
                spilled = h == halves;
                m = std::uint64_t(spilled ? e.next32() : half(h++)) * rng_excl;
            }
            out[i++] = static_cast<U>(off + static_cast<U>(m >> 32));
        }
        if (!spilled && h > 0) {  // the engine at the words used; next32's buffer as it would be
            e.s = lcg_advance(start, (h + 1) / 2, E::mult, e.inc);
            e.has_uint32 = h & 1;
            e.uinteger = static_cast<std::uint32_t>(words[(h - 1) >> 1] >> 32);
        }
    }
}

// n draws of bounded(g, off, rng, wb) into out: the same draws, the path chosen once for the loop.
template <class U, class G>
void bounded_fill(G& g, U off, U rng, U* out, std::size_t n, word_buffer& wb) {
    auto run = [&](auto draw) {
        for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<U>(off + draw());
    };
    if (rng == 0) return run([] { return U(0); });
    if constexpr (sizeof(U) == 8) {
        if (rng == 0xFFFFFFFFULL) return run([&] { return g.next32(); });
        if (rng < 0xFFFFFFFFULL) {
            const auto r32 = static_cast<std::uint32_t>(rng);
            if constexpr (lcg_engine<G>) return lemire32_fill(g, off, r32, out, n, wb);
            return run([&] { return lemire<std::uint32_t>(g, r32, wb); });
        }
        if (rng == ~std::uint64_t(0)) return run([&] { return g.next64(); });
        return run([&] { return lemire<std::uint64_t>(g, rng, wb); });
    } else {
        if (rng == std::numeric_limits<U>::max()) {
            if constexpr (sizeof(U) == 4) return run([&] { return g.next32(); });
            else return run([&] { return static_cast<U>(wb.template next<8 * sizeof(U)>(g)); });
        }
        if constexpr (sizeof(U) == 4 && lcg_engine<G>) return lemire32_fill(g, off, rng, out, n, wb);
        return run([&] { return lemire<U>(g, rng, wb); });
    }
}

// A draw in [0, max] by masked rejection, as NumPy's random_interval (shuffle and permutation).
template <class G>
std::uint64_t interval(G& g, std::uint64_t max) {
    if (max == 0) return 0;
    std::uint64_t mask = max;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    mask |= mask >> 32;
    std::uint64_t v;
    if (max <= 0xffffffffULL) {
        while ((v = (g.next32() & mask)) > max) {
        }
    } else {
        while ((v = (g.next64() & mask)) > max) {
        }
    }
    return v;
}

}  // namespace loom::random::detail

#if defined(__clang__)
#pragma float_control(pop)
#endif
