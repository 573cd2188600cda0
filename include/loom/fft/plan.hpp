// loom/fft/plan.hpp: what a transform of length n needs, built once and cached per thread: the
// passes and their roots (n with prime factors up to 13), else Bluestein's chirps and the plan of
// its convolution; the real transforms' half-length plan and roots.
#pragma once

#include <algorithm>
#include <complex>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "passes.hpp"
#include "roots.hpp"

namespace loom::fft::detail {

// Working memory kept per thread and reused from call to call (a fresh block while the thread's own
// is in use further up the same call).
template <class T, int Slot>
class scratch {
public:
    explicit scratch(std::size_t count) {
        if (!busy_) {
            busy_ = mine_ = true;
            if (size_ < count) {  // not zero-filled: every use writes before it reads
                store_.reset(new T[count]);
                size_ = count;
            }
            p_ = store_.get();
        } else {
            own_.reset(new T[count]);
            p_ = own_.get();
        }
    }
    ~scratch() {
        if (mine_) busy_ = false;
    }
    scratch(const scratch&) = delete;
    scratch& operator=(const scratch&) = delete;
    T* data() const noexcept { return p_; }

private:
    static inline thread_local std::unique_ptr<T[]> store_;
    static inline thread_local std::size_t size_ = 0;
    static inline thread_local bool busy_ = false;
    std::unique_ptr<T[]> own_;
    T* p_ = nullptr;
    bool mine_ = false;
};

template <class T>
struct complex_plan {
    std::size_t n = 1;
    std::vector<stage<T>> stages;
    // One transform of a long n in two steps of about sqrt(n) each, each over many lanes (n = n1 n2:
    // n2 transforms of n1, the roots exp(-2 pi i j2 k1 / n) at j2 n1 + k1, n1 transforms of n2).
    std::size_t n1 = 0, n2 = 0;
    std::shared_ptr<const complex_plan<T>> p1, p2;
    std::vector<T> tw_re, tw_im;
    // Bluestein (a prime factor above 13): the convolution's length and plan, the chirp
    // exp(-pi i j^2 / n) for j < n, and the transform of the convolution's kernel over `conv`.
    std::size_t conv = 0;
    std::shared_ptr<const complex_plan<T>> sub;
    std::vector<T> chirp_re, chirp_im, kern_re, kern_im;
};

// From this length a single transform goes in four steps (from the larger one where its first pass
// runs in SIMD across p, pass8_across).
inline constexpr std::size_t four_step_min = 512;
inline constexpr std::size_t four_step_across_min = 4096;

inline bool passes_can(std::size_t n) {
    for (std::size_t r : {2, 3, 5, 7, 11, 13})
        while (n % r == 0) n /= r;
    return n == 1;
}

// The least 2^a 3^b 5^c >= n.
inline std::size_t good_size(std::size_t n) {
    std::size_t best = 1;
    while (best < n) best *= 2;
    for (std::size_t f5 = 1; f5 < best; f5 *= 5)
        for (std::size_t f35 = f5; f35 < best; f35 *= 3) {
            std::size_t x = f35;
            while (x < n) x *= 2;
            best = std::min(best, x);
        }
    return best;
}

// At most this many plans of each kind stay cached per thread (the least recently used goes).
inline constexpr std::size_t plan_cache_size = 16;

template <class P, class Build>
std::shared_ptr<const P> cached(std::size_t n, Build build) {
    thread_local std::vector<std::shared_ptr<const P>> cache;
    for (std::size_t i = 0; i < cache.size(); ++i)
        if (cache[i]->n == n) {
            std::shared_ptr<const P> p = cache[i];
            cache.erase(cache.begin() + static_cast<std::ptrdiff_t>(i));
            cache.push_back(p);
            return p;
        }
    std::shared_ptr<const P> p = build(n);
    if (cache.size() >= plan_cache_size) cache.erase(cache.begin());
    cache.push_back(p);
    return p;
}

template <class T>
std::shared_ptr<const complex_plan<T>> get_plan(std::size_t n);

template <class T>
bool execute(const complex_plan<T>& p, std::size_t lanes, T* xr, T* xi, T* wr, T* wi);

// (outr, outi)[j][l] = (ur, ui)[j][l] (wr + i wi)[j] for j < count, l < lanes.
template <class T>
void times_rows(const T* wr, const T* wi, std::size_t count, std::size_t lanes, const T* ur, const T* ui, T* outr,
                T* outi) {
    for (std::size_t j = 0; j < count; ++j) {
        const T cr = wr[j], ci = wi[j];
        for (std::size_t l = j * lanes; l < (j + 1) * lanes; ++l) {
            const T u = ur[l], v = ui[l];
            outr[l] = u * cr - v * ci;
            outi[l] = u * ci + v * cr;
        }
    }
}

// x_j exp(-pi i j^2 / n) convolved with exp(pi i j^2 / n) through transforms of length conv, then
// times exp(-pi i k^2 / n) again: the DFT of x for any n.
template <class T>
void bluestein(const complex_plan<T>& p, std::size_t lanes, T* xr, T* xi) {
    const std::size_t n = p.n, m = p.conv;
    scratch<T, 2> buf(4 * m * lanes);
    T *ar = buf.data(), *ai = ar + m * lanes, *br = ai + m * lanes, *bi = br + m * lanes;
    times_rows(p.chirp_re.data(), p.chirp_im.data(), n, lanes, xr, xi, ar, ai);
    std::fill(ar + n * lanes, ar + m * lanes, T(0));
    std::fill(ai + n * lanes, ai + m * lanes, T(0));
    const bool moved = execute(*p.sub, lanes, ar, ai, br, bi);
    times_rows(p.kern_re.data(), p.kern_im.data(), m, lanes, moved ? br : ar, moved ? bi : ai, ar, ai);
    // the inverse: the forward transform on (imaginary, real)
    const bool back = execute(*p.sub, lanes, ai, ar, bi, br);
    times_rows(p.chirp_re.data(), p.chirp_im.data(), n, lanes, back ? br : ar, back ? bi : ai, xr, xi);
}

// Lanes per block for transforms of n numbers, `total` lanes in all: up to two SIMD batches (so the
// first pass, of stride 1, runs in SIMD too), while the block's four arrays fit in about 512 KiB.
template <class T>
std::size_t lanes_for(std::size_t n, std::size_t total) {
#if LOOM_SIMD
    const std::size_t w = simd::vectorizable<T> ? simd::batch<T>::size : 1;
#else
    const std::size_t w = 1;
#endif
    const std::size_t most = std::max<std::size_t>(2 * w, 8);
    const std::size_t fit = std::max<std::size_t>(1, (std::size_t{512} << 10) / (4 * sizeof(T) * std::max<std::size_t>(n, 1)));
    std::size_t l = std::min({most, fit, std::max<std::size_t>(total, 1)});
    if (l > w) l -= l % w;
    return l;
}

// Where the four steps' first half leaves the number of column c and row q (c < n2, q < n1) for the
// second: blocks of l2 consecutive q (the lanes the second half transforms together), the block
// from q0 on at q0 n2, laid out [c][q - q0] with the block's width, so that the second half runs
// on each block where it lies.
struct step_layout {
    std::size_t n1, n2, l2;
    std::size_t width(std::size_t q0) const noexcept { return std::min(l2, n1 - q0); }  // q0: a block's first q
};

// (fr, fi) [n1][k] (columns c0 .. c0 + k) times the roots (wr, wi) [c][n1], written to (tr, ti) as
// `to` lays them out, block by block: W x W tiles transposed in registers (when to.l2 is whole
// batches, so that no tile straddles two blocks), the rows and lanes past the last whole tile one
// number at a time.
template <class T>
void times_roots_transposed(const T* fr, const T* fi, std::size_t k, std::size_t c0, const T* wr, const T* wi,
                            const step_layout& to, T* tr, T* ti) noexcept {
    const std::size_t n1 = to.n1;
    std::size_t lanes_done = 0, rows_done = 0;  // lanes [0, lanes_done) x rows [0, rows_done) in tiles
#if LOOM_SIMD
    if constexpr (simd::vectorizable<T>) {
        using B = simd::batch<T>;
        constexpr std::size_t w = B::size;
        if (to.l2 % w == 0) {
            lanes_done = k - k % w;
            rows_done = n1 - n1 % w;
            for (std::size_t l0 = 0; l0 < lanes_done; l0 += w)
                for (std::size_t q0 = 0; q0 < rows_done; q0 += to.l2) {
                    const std::size_t width = to.width(q0), end = std::min(q0 + width, rows_done);
                    for (std::size_t j = q0; j < end; j += w) {
                        B re[w], im[w];
                        load_tile_transposed(fr, fi, k, j, l0, re, im);
                        for (std::size_t l = 0; l < w; ++l) {
                            const std::size_t c = c0 + l0 + l, root = c * n1 + j, at = q0 * to.n2 + c * width + (j - q0);
                            const B a = simd::load(wr + root), b = simd::load(wi + root);
                            simd::store(tr + at, B(re[l] * a - im[l] * b));
                            simd::store(ti + at, B(re[l] * b + im[l] * a));
                        }
                    }
                }
        }
    }
#endif
    for (std::size_t q0 = 0; q0 < n1; q0 += to.l2) {
        const std::size_t width = to.width(q0);
        for (std::size_t l = 0; l < k; ++l) {
            const std::size_t c = c0 + l, base = q0 * to.n2 + c * width;
            for (std::size_t q = std::max(q0, l < lanes_done ? rows_done : 0); q < q0 + width; ++q) {
                const T u = fr[q * k + l], v = fi[q * k + l];
                tr[base + q - q0] = u * wr[c * n1 + q] - v * wi[c * n1 + q];
                ti[base + q - q0] = u * wi[c * n1 + q] + v * wr[c * n1 + q];
            }
        }
    }
}

// One transform of n = n1 n2 numbers: the n2 columns x[j1 n2 + j2] transformed over j1 a block of
// lanes at a time, times the roots, stored transposed; then the n1 rows of that transformed over j2,
// X[k2 n1 + k1] coming out in order. load(e, k, re, im) reads the k input numbers from index e on
// into re[0..k), im[0..k); store(e, k, re, im) writes k results from index e on.
template <class T, class Load, class Store>
void four_step(const complex_plan<T>& p, Load&& load, Store&& store) {
    const std::size_t n1 = p.n1, n2 = p.n2;
    const std::size_t l1 = lanes_for<T>(n1, n2), l2 = lanes_for<T>(n2, n1);
    const std::size_t block = std::max(n1 * l1, n2 * l2);
    const step_layout between{n1, n2, l2};
    scratch<T, 1> mem(2 * p.n + 4 * block);
    T *tr = mem.data(), *ti = tr + p.n, *br = ti + p.n, *bi = br + block, *wr = bi + block, *wi = wr + block;
    for (std::size_t c0 = 0; c0 < n2; c0 += l1) {
        const std::size_t k = std::min(l1, n2 - c0);
        for (std::size_t j = 0; j < n1; ++j) load(j * n2 + c0, k, br + j * k, bi + j * k);
        const bool moved = execute(*p.p1, k, br, bi, wr, wi);
        times_roots_transposed(moved ? wr : br, moved ? wi : bi, k, c0, p.tw_re.data(), p.tw_im.data(), between, tr,
                               ti);
    }
    for (std::size_t d0 = 0; d0 < n1; d0 += l2) {  // each block of rows where the first half left it
        const std::size_t k = between.width(d0);
        T *xr = tr + d0 * n2, *xi = ti + d0 * n2;
        const bool moved = execute(*p.p2, k, xr, xi, wr, wi);
        const T *fr = moved ? wr : xr, *fi = moved ? wi : xi;
        for (std::size_t q = 0; q < n2; ++q) store(q * n1 + d0, k, fr + q * k, fi + q * k);
    }
}

// The forward DFT, unnormalised, of each lane of the block (xr, xi) [n][lanes], (wr, wi) scratch of
// the same size: true where the result is left in (wr, wi), false where in (xr, xi). A single long
// transform goes in four steps. Called on (xi, xr, wi, wr), it computes the inverse, the result's
// real parts in xr or wr again.
template <class T>
bool execute(const complex_plan<T>& p, std::size_t lanes, T* xr, T* xi, T* wr, T* wi) {
    if (p.conv) {
        bluestein(p, lanes, xr, xi);
        return false;
    }
    if (p.n1 && lanes == 1) {
        four_step(
            p, [&](std::size_t e, std::size_t k, T* re, T* im) {
                copy_lanes(re, xr + e, k);
                copy_lanes(im, xi + e, k);
            },
            [&](std::size_t e, std::size_t k, const T* re, const T* im) {
                copy_lanes(xr + e, re, k);
                copy_lanes(xi + e, im, k);
            });
        return false;
    }
    return run_stages(p.stages, lanes, xr, xi, wr, wi);
}

template <class T>
std::shared_ptr<const complex_plan<T>> build_plan(std::size_t n) {
    auto p = std::make_shared<complex_plan<T>>();
    p->n = n;
    if (n <= 1) return p;
    if (passes_can(n)) {
        std::vector<std::size_t> factors;
        std::size_t rest = n;
        for (std::size_t r : radices)
            while (rest % r == 0) {
                factors.push_back(r);
                rest /= r;
            }
        const unit_roots roots(n);
        std::size_t s = 1, cur = n;
        for (std::size_t r : factors) {
            stage<T> st;
            st.r = r;
            st.m = cur / r;
            st.s = s;
            st.wr.resize(st.m * (r - 1));
            st.wi.resize(st.m * (r - 1));
            for (std::size_t q = 0; q < st.m; ++q)
                for (std::size_t k = 1; k < r; ++k) roots.get(q * k * s, st.wr[q * (r - 1) + k - 1], st.wi[q * (r - 1) + k - 1]);
            if (s == 1 && r == 8 && across_width<T>() && st.m % across_width<T>() == 0) {
                st.vr.resize(st.m * 7);
                st.vi.resize(st.m * 7);
                for (std::size_t q = 0; q < st.m; ++q)
                    for (std::size_t k = 1; k < 8; ++k) {
                        st.vr[(k - 1) * st.m + q] = st.wr[q * 7 + k - 1];
                        st.vi[(k - 1) * st.m + q] = st.wi[q * 7 + k - 1];
                    }
            }
            p->stages.push_back(std::move(st));
            s *= r;
            cur /= r;
        }
        if (n >= (p->stages[0].vr.empty() ? four_step_min : four_step_across_min)) {
            std::size_t n1 = 1;
            for (std::size_t d = 1; d * d <= n; ++d)
                if (n % d == 0) n1 = d;
            if (n1 >= 8) {
                p->n1 = n1;
                p->n2 = n / n1;
                p->p1 = get_plan<T>(p->n1);
                p->p2 = get_plan<T>(p->n2);
                p->tw_re.resize(n);
                p->tw_im.resize(n);
                for (std::size_t j = 0; j < p->n2; ++j)
                    for (std::size_t q = 0; q < p->n1; ++q) roots.get(q * j, p->tw_re[j * p->n1 + q], p->tw_im[j * p->n1 + q]);
            }
        }
        return p;
    }
    const std::size_t m = good_size(2 * n - 1);
    p->conv = m;
    p->sub = get_plan<T>(m);
    const unit_roots roots(2 * n);  // exp(-pi i j^2 / n) = exp(-2 pi i (j^2 mod 2n) / 2n)
    p->chirp_re.resize(n);
    p->chirp_im.resize(n);
    for (std::size_t j = 0, sq = 0; j < n; ++j) {  // sq = j^2 mod 2n, exactly
        roots.get(sq, p->chirp_re[j], p->chirp_im[j]);
        sq = (sq + 2 * j + 1) % (2 * n);
    }
    std::vector<T> kr(m, T(0)), ki(m, T(0)), wr(m), wi(m);
    for (std::size_t j = 0; j < n; ++j) {  // exp(pi i j^2 / n) at j and at m - j
        kr[j] = p->chirp_re[j];
        ki[j] = -p->chirp_im[j];
        if (j) {
            kr[m - j] = kr[j];
            ki[m - j] = ki[j];
        }
    }
    if (execute(*p->sub, 1, kr.data(), ki.data(), wr.data(), wi.data())) {
        kr.swap(wr);
        ki.swap(wi);
    }
    const T scale = T(1) / static_cast<T>(m);
    for (std::size_t k = 0; k < m; ++k) {
        kr[k] *= scale;
        ki[k] *= scale;
    }
    p->kern_re = std::move(kr);
    p->kern_im = std::move(ki);
    return p;
}

template <class T>
std::shared_ptr<const complex_plan<T>> get_plan(std::size_t n) {
    return cached<complex_plan<T>>(n, [](std::size_t k) { return build_plan<T>(k); });
}

// A real transform of even length n runs as a complex one of n / 2 (even and odd samples as real and
// imaginary parts) with exp(-2 pi i k / n), k <= n / 2, to separate them; of odd length as a complex
// one of n.
template <class T>
struct real_plan {
    std::size_t n = 0;
    std::shared_ptr<const complex_plan<T>> inner;
    std::vector<T> wr, wi;
};

template <class T>
std::shared_ptr<const real_plan<T>> get_real_plan(std::size_t n) {
    return cached<real_plan<T>>(n, [](std::size_t len) {
        auto p = std::make_shared<real_plan<T>>();
        p->n = len;
        if (len % 2) {
            p->inner = get_plan<T>(len);
            return std::shared_ptr<const real_plan<T>>(p);
        }
        const std::size_t h = len / 2;
        p->inner = get_plan<T>(h);
        const unit_roots roots(len);
        p->wr.resize(h + 1);
        p->wi.resize(h + 1);
        for (std::size_t k = 0; k <= h; ++k) roots.get(k, p->wr[k], p->wi[k]);
        return std::shared_ptr<const real_plan<T>>(p);
    });
}

}  // namespace loom::fft::detail
