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

// How the innermost loop sees the operands of one assignment. Decided once
// per assignment, not per row:
//   flat    every leaf and the target step by one element: one shared index,
//           the loop a hand-written one would be
//   general a leaf is broadcast along the row (stride 0): it reads a one-batch
//           splat buffer refilled per row, every leaf steps by its own step
//   packed  a leaf or the target is strided: gathered/scattered through
//           chunk buffers, then as general
enum class row_kind { flat, general, packed };

template <class T, class E>
struct kernel {
    static constexpr std::size_t L = walker<E>::leaves;
    static constexpr std::size_t slots = L ? L : 1;
    static constexpr bool vectorized = runs_simd<T, E>;
    static constexpr std::size_t W = vectorized ? simd::lanes<T> : 1;
    static constexpr auto one = static_cast<std::ptrdiff_t>(sizeof(T));
    static constexpr std::size_t chunk = 256;  // elements per packed chunk

    // Per-assignment state: the inner steps and the buffers the row kinds use.
    struct row_state {
        row_kind kind;
        std::size_t n;                 // row length
        std::ptrdiff_t out_step;       // target stride, elements
        std::ptrdiff_t step[slots];    // leaf strides, bytes
        cursor c[slots];
        alignas(64) T splat[slots][W];
    };

    // out[0 .. n) <- e with every leaf stepping by one element from base[k].
    LOOM_INLINE static void row_flat(const E& e, T* out, const std::byte* const* base_in, std::size_t n) {
        cursor c[slots];
        const std::byte* base[slots];
        for (std::size_t k = 0; k < L; ++k) base[k] = base_in[k];
        std::size_t i = 0;
#if LOOM_SIMD
        if constexpr (vectorized) {
            for (; i + W <= n; i += W) {
                for (std::size_t k = 0; k < L; ++k) c[k].p = base[k] + static_cast<std::ptrdiff_t>(i) * one;
                simd::store(out + i, walker<E>::template batch<0, T>(e, c));
            }
        }
#endif
        for (; i < n; ++i) {
            for (std::size_t k = 0; k < L; ++k) c[k].p = base[k] + static_cast<std::ptrdiff_t>(i) * one;
            out[i] = static_cast<T>(walker<E>::template scalar<0>(e, c));
        }
    }

    // out[0 .. n) <- e, every cursor stepping by its own step (0 for splats).
    // The cursors are copied to locals so that they live in registers.
    LOOM_INLINE static void row_stepped(const E& e, T* out, const cursor* start, std::size_t n) {
        cursor c[slots];
        for (std::size_t k = 0; k < L; ++k) c[k] = start[k];
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

    // One batch-wide store, so the loads that follow forward from it (a
    // scalar fill followed by a vector load stalls on store forwarding).
    LOOM_INLINE static void fill_splat(T* splat, const std::byte* src) {
#if LOOM_SIMD
        if constexpr (vectorized) simd::store(splat, simd::splat(*reinterpret_cast<const T*>(src)));
#endif
    }

    // One row in the general kind: stride-0 leaves read a refilled splat buffer.
    LOOM_INLINE static void row_general(const E& e, T* out, const std::byte* const* ptr, row_state& s) {
        for (std::size_t k = 0; k < L; ++k) {
            if (s.step[k] == 0) {
                if constexpr (vectorized) fill_splat(s.splat[k], ptr[k]);
                else s.c[k].p = ptr[k];
            } else {
                s.c[k].p = ptr[k];
            }
        }
        row_stepped(e, out, s.c, s.n);
    }

    // One row with strided leaves or target: gather, compute, scatter, chunk by chunk.
    static void row_packed(const E& e, T* out, const std::byte* const* ptr, row_state& s) {
        alignas(64) T buf[slots][chunk];
        alignas(64) T obuf[chunk];
        for (std::size_t k = 0; k < L; ++k)
            if (s.step[k] == 0) fill_splat(s.splat[k], ptr[k]);
        for (std::size_t start = 0; start < s.n; start += chunk) {
            const std::size_t m = std::min(chunk, s.n - start);
            const auto st = static_cast<std::ptrdiff_t>(start);
            for (std::size_t k = 0; k < L; ++k) {
                if (s.step[k] == 0) continue;  // the splat buffer stays put
                if (s.step[k] == one) {
                    s.c[k].p = ptr[k] + st * one;
                    continue;
                }
                const std::byte* src = ptr[k] + st * s.step[k];
                for (std::size_t j = 0; j < m; ++j, src += s.step[k]) std::memcpy(&buf[k][j], src, sizeof(T));
                s.c[k].p = reinterpret_cast<const std::byte*>(buf[k]);
            }
            if (s.out_step == 1) {
                row_stepped(e, out + start, s.c, m);
            } else {
                row_stepped(e, obuf, s.c, m);
                T* o = out + st * s.out_step;
                for (std::size_t j = 0; j < m; ++j, o += s.out_step) *o = obuf[j];
            }
        }
    }

    // Scalar kind (mixed element types, bool, ops without batch bodies): every
    // leaf and the target step by their own strides.
    LOOM_INLINE static void row_scalar(const E& e, T* out, const std::byte* const* ptr, row_state& s) {
        for (std::size_t k = 0; k < L; ++k) s.c[k].p = ptr[k];
        for (std::size_t i = 0; i < s.n; ++i, out += s.out_step) {
            *out = static_cast<T>(walker<E>::template scalar<0>(e, s.c));
            for (std::size_t k = 0; k < L; ++k) s.c[k].p += s.step[k];
        }
    }

    template <row_kind K>
    LOOM_INLINE static void row(const E& e, T* out, const std::byte* const* ptr, row_state& s) {
        if constexpr (!vectorized) row_scalar(e, out, ptr, s);
        else if constexpr (K == row_kind::flat) row_flat(e, out, ptr, s.n);
        else if constexpr (K == row_kind::general) row_general(e, out, ptr, s);
        else row_packed(e, out, ptr, s);
    }

    // Every row of the plan, walking the outer axes as an odometer.
    template <row_kind K>
    static void rows(const E& e, T* out, const plan<L>& p, row_state& s) {
        const std::byte* ptr[slots];
        for (std::size_t k = 0; k < L; ++k) ptr[k] = p.base[k];
        const std::size_t r = p.rank;
        if (r <= 1) return row<K>(e, out, ptr, s);
        if (r == 2) {
            const std::size_t m = p.extent[0];
            const std::ptrdiff_t os = p.out[0];
            std::ptrdiff_t is[slots];
            for (std::size_t k = 0; k < L; ++k) is[k] = p.in[k][0];
            for (std::size_t i = 0; i < m; ++i) {
                row<K>(e, out, ptr, s);
                out += os;
                for (std::size_t k = 0; k < L; ++k) ptr[k] += is[k];
            }
            return;
        }
        shape_t idx(r - 1, 0);
        for (;;) {
            row<K>(e, out, ptr, s);
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

    static void run(const E& e, T* out, const plan<L>& p) {
        if (p.size == 0) return;
        row_state s;
        const std::size_t r = p.rank;
        s.n = r ? p.extent[r - 1] : 1;
        s.out_step = r ? p.out[r - 1] : 1;
        bool flat = s.out_step == 1, packed = s.out_step != 1;
        for (std::size_t k = 0; k < L; ++k) {
            s.step[k] = r ? p.in[k][r - 1] : 0;
            flat = flat && s.step[k] == one;
            packed = packed || (s.step[k] != 0 && s.step[k] != one);
            const bool splat = s.step[k] == 0 && vectorized;
            s.c[k] = {splat ? reinterpret_cast<const std::byte*>(s.splat[k]) : nullptr,
                      splat ? 0 : one * static_cast<std::ptrdiff_t>(W), splat ? 0 : one};
        }
        if (flat) rows<row_kind::flat>(e, out, p, s);
        else if (!packed) rows<row_kind::general>(e, out, p, s);
        else rows<row_kind::packed>(e, out, p, s);
    }
};

}  // namespace loom::detail
