// loom/eval/kernel.hpp: the fused loop: an odometer over the outer axes, SIMD batches along the innermost.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "../simd/simd.hpp"
#include "plan.hpp"
#include "walk.hpp"

namespace loom::detail {

// Whether an assignment of E into T elements runs in SIMD batches: every node
// and leaf of the tree has element type T and every op has a batch body.
template <class T, class E>
inline constexpr bool runs_simd = LOOM_SIMD && simd::vectorizable<T> && walker<E>::template simd<T>;

template <class T, class E>
struct kernel {
    static constexpr std::size_t L = walker<E>::leaves;
    static constexpr std::size_t slots = L ? L : 1;
    static constexpr bool vectorized = runs_simd<T, E>;
    static constexpr std::size_t W = vectorized ? simd::lanes<T> : 1;
    // elements per chunk when a leaf or the target is strided and gets packed
    static constexpr std::size_t chunk = 256;

    // out[0 .. n) <- e, with cursors already set up; steps decide how each leaf moves
    static void inner(const E& e, T* out, cursor* c, std::size_t n) {
        std::size_t i = 0;
#if LOOM_SIMD
        if constexpr (vectorized) {
            for (; i + W <= n; i += W) {
                simd::store(out + i, walker<E>::template batch<0, T>(e, c));
                for (std::size_t k = 0; k < L; ++k) c[k].p += c[k].step_batch;
            }
        }
#endif
        for (; i < n; ++i) {
            out[i] = static_cast<T>(walker<E>::template scalar<0>(e, c));
            for (std::size_t k = 0; k < L; ++k) c[k].p += c[k].step_one;
        }
    }

    // One row of n elements. ptr: each leaf's first element; step: its byte stride.
    static void row(const E& e, T* out, std::ptrdiff_t out_step, const std::byte* const* ptr,
                    const std::ptrdiff_t* step, std::size_t n) {
        cursor c[slots];
        if constexpr (!vectorized) {
            // scalar: every leaf steps by its own stride, the target by its own
            for (std::size_t k = 0; k < L; ++k) c[k] = {ptr[k], 0, step[k]};
            for (std::size_t i = 0; i < n; ++i, out += out_step) {
                *out = static_cast<T>(walker<E>::template scalar<0>(e, c));
                for (std::size_t k = 0; k < L; ++k) c[k].p += c[k].step_one;
            }
        } else {
            constexpr auto one = static_cast<std::ptrdiff_t>(sizeof(T));
            alignas(64) T splat[slots][W];
            bool packed = out_step != 1;
            for (std::size_t k = 0; k < L; ++k) {
                if (step[k] == 0) {
                    std::fill_n(splat[k], W, *reinterpret_cast<const T*>(ptr[k]));
                    c[k] = {reinterpret_cast<const std::byte*>(splat[k]), 0, 0};
                } else {
                    c[k] = {ptr[k], one * static_cast<std::ptrdiff_t>(W), one};
                    packed = packed || step[k] != one;
                }
            }
            if (!packed) return inner(e, out, c, n);
            row_packed(e, out, out_step, ptr, step, n, c);
        }
    }

    // Strided leaves are gathered, a strided target scattered, chunk by chunk.
    static void row_packed(const E& e, T* out, std::ptrdiff_t out_step, const std::byte* const* ptr,
                           const std::ptrdiff_t* step, std::size_t n, cursor* c) {
        constexpr auto one = static_cast<std::ptrdiff_t>(sizeof(T));
        alignas(64) T buf[slots][chunk];
        alignas(64) T obuf[chunk];
        for (std::size_t start = 0; start < n; start += chunk) {
            const std::size_t m = std::min(chunk, n - start);
            const auto s = static_cast<std::ptrdiff_t>(start);
            for (std::size_t k = 0; k < L; ++k) {
                if (step[k] == 0) continue;  // the splat buffer stays put
                if (step[k] == one) {
                    c[k].p = ptr[k] + s * one;
                } else {
                    const std::byte* src = ptr[k] + s * step[k];
                    for (std::size_t j = 0; j < m; ++j, src += step[k])
                        std::memcpy(&buf[k][j], src, sizeof(T));
                    c[k].p = reinterpret_cast<const std::byte*>(buf[k]);
                }
            }
            if (out_step == 1) {
                inner(e, out + start, c, m);
            } else {
                inner(e, obuf, c, m);
                T* o = out + s * out_step;
                for (std::size_t j = 0; j < m; ++j, o += out_step) *o = obuf[j];
            }
        }
    }

    static void run(const E& e, T* out, const plan<L>& p) {
        if (p.size == 0) return;
        const std::byte* ptr[slots];
        std::ptrdiff_t step[slots];
        for (std::size_t k = 0; k < L; ++k) ptr[k] = p.base[k];
        if (p.rank == 0) {
            for (std::size_t k = 0; k < L; ++k) step[k] = 0;
            return row(e, out, 1, ptr, step, 1);
        }
        const std::size_t r = p.rank;
        const std::size_t n = p.extent[r - 1];
        const std::ptrdiff_t out_step = p.out[r - 1];
        for (std::size_t k = 0; k < L; ++k) step[k] = p.in[k][r - 1];
        if (r == 1) return row(e, out, out_step, ptr, step, n);
        shape_t idx(r - 1, 0);
        for (;;) {
            row(e, out, out_step, ptr, step, n);
            // odometer over the outer axes
            std::size_t d = r - 1;
            for (;;) {
                if (d == 0) return;
                --d;
                out += p.out[d];
                for (std::size_t k = 0; k < L; ++k) ptr[k] += p.in[k][d];
                if (++idx[d] < p.extent[d]) break;
                idx[d] = 0;
                const auto ext = static_cast<std::ptrdiff_t>(p.extent[d]);
                out -= p.out[d] * ext;
                for (std::size_t k = 0; k < L; ++k) ptr[k] -= p.in[k][d] * ext;
            }
        }
    }
};

}  // namespace loom::detail
