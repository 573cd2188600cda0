// loom/eval/kernel_traits.hpp: what the row loops of one expression share: its lanes, how it stores, its leaves' element sizes.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../simd/simd.hpp"
#include "rows.hpp"
#include "strategy.hpp"
#include "threads.hpp"
#include "walk.hpp"

namespace loom::detail {

template <class T, class E>
struct kernel;

// The constants of assigning E into T, and the pieces every loop family uses.
template <class T, class E>
struct kernel_traits {
    static constexpr std::size_t L = walker<E>::leaves;
    static constexpr std::size_t slots = L ? L : 1;
    static constexpr bool vectorized = runs_simd<T, E>;
    static constexpr std::size_t W = vectorized ? simd::lanes<lane_type<T, E>> : 1;
    static constexpr auto one = static_cast<std::ptrdiff_t>(sizeof(T));
    // Whether a batch is stored as a batch of T (else as a pack, converted).
    static constexpr bool stores_batches = vectorized && !std::is_same_v<T, bool> && simd::lanes<T> == W;
    // Non-temporal stores (streams()) for large targets, unless the loop is
    // bound by computing: then they make it slower, and the streamed copy of
    // the rows is not compiled.
    static constexpr bool may_stream = stores_batches && !heavy_tree<E>::value;
    // bytes of an element of each leaf
    static constexpr auto elem = [] {
        std::array<std::ptrdiff_t, slots> b{};
        for (std::size_t k = 0; k < L; ++k) b[k] = static_cast<std::ptrdiff_t>(walker<E>::elems[k]);
        return b;
    }();
    // bytes of an element of the target and of every leaf: what an element moves at most
    static constexpr std::size_t all_bytes = [] {
        std::size_t b = sizeof(T);
        for (std::size_t k = 0; k < L; ++k) b += walker<E>::elems[k];
        return b;
    }();
    // Work of one element (threads.hpp): its operations and a unit per 4
    // bytes it moves; a scalar loop does a batch's work per element.
    static constexpr std::size_t work = element_work(tree_work<E>::value, all_bytes) * (vectorized ? 1 : 4);
    // Assignments of fewer elements never start a thread, without a look at
    // the settings (every count is fewer without OpenMP).
    static constexpr std::size_t parallel_min = parallel_floor(work);
    static constexpr std::size_t chunk = 256;  // elements per gathered chunk
    // bytes of the widest leaf's element (at least 1): the room a gathered chunk of any leaf takes
    static constexpr std::size_t widest = [] {
        std::size_t b = 1;
        for (std::size_t k = 0; k < L; ++k) b = std::max<std::size_t>(b, walker<E>::elems[k]);
        return b;
    }();
    // Loops bound by computing (heavy trees) prefetch each leaf and the target
    // `ahead` bytes in front of the batch: at their pace the hardware
    // prefetchers alone do not keep the data coming; memory-bound loops gain
    // nothing from it. Once per 64-byte line of progress, not per batch.
    static constexpr bool prefetches = vectorized && heavy_tree<E>::value;
    static constexpr std::ptrdiff_t ahead = 2048;
    static constexpr std::size_t line = 64 / sizeof(T);
    using row_state = loom::detail::row_state<T, L>;

    // out[0 .. W) <- the batch of e at the cursors c: a batch of T, or W
    // elements converted to T.
    template <std::uint64_t S = splats_unknown>
    LOOM_INLINE static void put([[maybe_unused]] T* out, [[maybe_unused]] const E& e, [[maybe_unused]] const cursor* c) {
#if LOOM_SIMD
        if constexpr (stores_batches)
            simd::store(out, walker<E>::template batch<0, T, S>(e, c));
        else
            simd::store_pack(out, simd::convert<T>(walker<E>::template pack<0, W, S>(e, c)));
#endif
    }

    // prefetches: the lines `ahead` bytes in front of every leaf that steps
    // along the row (a splat's step is 0: its own line) and of the target.
    LOOM_INLINE static void prefetch_ahead(const cursor* c, const T* out) {
        for (std::size_t k = 0; k < L; ++k)
            simd::prefetch(c[k].p, c[k].step_batch * (ahead / (one * static_cast<std::ptrdiff_t>(W))));
        simd::prefetch<true>(out, ahead);
    }

    // f(out, leaves) for count steps, the target's os elements and leaf k's
    // is[k] bytes apart: the rows of a block, or the planes.
    template <class F>
    LOOM_INLINE static void each(T* out, std::ptrdiff_t os, const std::byte* const* ptr, const std::ptrdiff_t* is,
                                 std::size_t count, F f) {
        const std::byte* q[slots] = {};
        for (std::size_t k = 0; k < L; ++k) q[k] = ptr[k];
        for (std::size_t i = 0; i < count; ++i, out += os) {
            f(out, q);
            for (std::size_t k = 0; k < L; ++k) q[k] += is[k];
        }
    }
};

}  // namespace loom::detail
