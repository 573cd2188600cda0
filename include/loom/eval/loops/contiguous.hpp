// loom/eval/loops/contiguous.hpp: the contiguous strategy: every leaf and the target step by one element, one shared index.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "../../simd/simd.hpp"
#include "../kernel_traits.hpp"
#include "../rows.hpp"
#include "../walk.hpp"
#include "splatted.hpp"

namespace loom::detail {

// The loop a hand-written one would be: one index for the target and every leaf.
template <class T, class E>
struct contiguous_rows : kernel_traits<T, E> {
    using Tr = kernel_traits<T, E>;
    using Tr::elem;
    using Tr::L;
    using Tr::line;
    using Tr::prefetch_ahead;
    using Tr::prefetches;
    using Tr::put;
    using Tr::slots;
    using Tr::vectorized;
    using Tr::W;

#if LOOM_SIMD && defined(__GNUC__)
    // A bool expression into bools, its masks vector registers of lanes wider than a byte.
    static constexpr bool wide_bools = [] {
        if constexpr (vectorized && std::is_same_v<T, bool> && std::is_same_v<typename E::value_type, bool>)
            return simd::vector_masks<simd::uint_lanes<W>>;
        return false;
    }();
#else
    static constexpr bool wide_bools = false;
#endif

    // out[0 .. n) <- e with every leaf stepping by one element from base[k].
    // Disjoint: no leaf reads the target's memory, so the elements after the
    // last whole batch are the last W ones, computed again in one batch (the
    // elements before them get the values they already hold).
    LOOM_INLINE static void row_flat(const E& e, T* out, const std::byte* const* base_in, std::size_t n,
                                     [[maybe_unused]] bool disjoint = false) {
        cursor c[slots] = {};
        const std::byte* base[slots];
        for (std::size_t k = 0; k < L; ++k) {
            base[k] = base_in[k];
            c[k] = {base[k], elem[k] * static_cast<std::ptrdiff_t>(W), elem[k]};
        }
        // every leaf's cursor at element j
        const auto at = [&](std::size_t j) {
            for (std::size_t k = 0; k < L; ++k) c[k].p = base[k] + static_cast<std::ptrdiff_t>(j) * elem[k];
        };
        std::size_t i = 0;
#if LOOM_SIMD
        if constexpr (wide_bools) {
            // comparisons into bools: G batches' masks narrowed into one register of bytes
            using X = simd::uint_lanes<W>;
            constexpr std::size_t G = sizeof(X);
            for (; i + G * W <= n; i += G * W) {
                simd::mask<X> m[G];
                for (std::size_t g = 0; g < G; ++g) {
                    at(i + g * W);
                    m[g] = walker<E>::template truth<0, X>(e, c);
                }
                simd::store_bools(out + i, m);
            }
        }
        if constexpr (vectorized) {
            for (; i + W <= n; i += W) {
                at(i);
                if constexpr (prefetches)
                    if (i % line == 0) prefetch_ahead(c, out + i);
                put(out + i, e, c);
            }
            if (disjoint && i < n && n >= W) {
                i = n - W;
                at(i);
                put(out + i, e, c);
                return;
            }
        }
#endif
        for (; i < n; ++i) {
            if constexpr (vectorized) scalar_loop(i, n);  // the tail only
            at(i);
            out[i] = static_cast<T>(walker<E>::template scalar<0>(e, c));
        }
    }

    // The leaves' pointers by value, for a call out of line (run_flat_large):
    // a caller that passed them by address had to keep them in memory on its
    // fast path too.
    struct bases {
        const std::byte* p[slots];
    };
};

}  // namespace loom::detail
