// loom/eval/loops/splatted.hpp: the splatted strategy: rows where a leaf is broadcast along the row, every leaf by its own step.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "../../simd/simd.hpp"
#include "../kernel_traits.hpp"
#include "../rows.hpp"
#include "../walk.hpp"

namespace loom::detail {

// Rows in which a leaf broadcast along the row (stride 0) is its value
// splatted; every other leaf steps by one element.
template <class T, class E>
struct splatted_rows : kernel_traits<T, E> {
    using Tr = kernel_traits<T, E>;
    using Tr::each;
    using Tr::elem;
    using Tr::L;
    using Tr::line;
    using Tr::prefetch_ahead;
    using Tr::prefetches;
    using Tr::slots;
    using Tr::vectorized;
    using Tr::W;

    // out[0 .. n) <- e, every cursor stepping by its own step (0 for splats).
    // The cursors are copied to locals so that they live in registers. Inlined
    // where the steps and n are constants (the static evaluator, which passes
    // n as N too), called through rows_general everywhere else (N = 0: n known
    // at run time only). A constant row of at most unrolled_batches batches is
    // written out batch by batch, no loop: with the loop, g++ left a fixed 4x4
    // r = a + 2*b two trips of two batches on AVX2.
    static constexpr std::size_t unrolled_batches = 8;
    template <std::size_t N = 0, std::uint64_t S = splats_unknown>
    LOOM_INLINE static void row_steps(const E& e, T* out, const cursor* start, std::size_t n) {
        cursor c[slots] = {};
        for (std::size_t k = 0; k < L; ++k) c[k] = start[k];
        std::size_t i = 0;
#if LOOM_SIMD
        if constexpr (vectorized) {
            hold_splats<S>(c);
            if constexpr (N != 0 && N / W <= unrolled_batches) {
                [&]<std::size_t... b>(std::index_sequence<b...>) {
                    ((Tr::template put<S>(out + b * W, e, c), step<S>(c)), ...);
                }(std::make_index_sequence<N / W>{});
                i = N / W * W;
            } else {
                // two batches a trip: short rows (outer products) spend less on the loop
#pragma GCC unroll 2
                for (; i + W <= n; i += W) {
                    if constexpr (prefetches)
                        if (i % line == 0) prefetch_ahead(c, out + i);
                    Tr::template put<S>(out + i, e, c);
                    step<S>(c);
                }
            }
        }
#endif
        row_tail<vectorized && N == 0, S>(e, out + i, out + n, c);
    }
    // Every cursor `count` elements further (a batch: W; the tail: 1). Where
    // the row loop knows the set S of splatted leaves, those stay and the
    // others move by count elements, a constant: in the general kind a leaf
    // not broadcast along the row steps by one element (driver::run sets its
    // cursor so; gathered and turned tiles are rows of one-element steps), so
    // the compiler can give the target and the leaves one index. Where S is not known,
    // each cursor's own step (0 for a splat), with no test.
    template <std::uint64_t S, std::size_t count>
    LOOM_INLINE static void advance(cursor* c) {
        for (std::size_t k = 0; k < L; ++k) {
            if constexpr (S == splats_unknown) c[k].p += count == 1 ? c[k].step_one : c[k].step_batch;
            else if (!splatted<S>(k, c[k])) c[k].p += elem[k] * static_cast<std::ptrdiff_t>(count);
        }
    }
    // every cursor one batch further
    template <std::uint64_t S = splats_unknown>
    LOOM_INLINE static void step(cursor* c) {
        advance<S, W>(c);
    }

    // [o, end) <- e one element at a time: a row's tail. It walks a pointer:
    // counted by an index, g++ 12 at -O2 with 256-bit batches warned for a
    // fixed 4x4 (a row of one batch) that an impossible iteration 2^61 - 1
    // overflows. Opaque: the tail after batches of a row whose length is not
    // a constant, kept scalar (scalar_loop). Tested once before the loop and
    // at its bottom: written as a for loop, g++ 12 entered some copies of it
    // (rows_of<1> of the 4-D pattern) by a jump to the test at the bottom,
    // and short rows took longer.
    template <bool Opaque = false, std::uint64_t S = splats_unknown>
    LOOM_INLINE static void row_tail(const E& e, T* o, T* end, cursor* c) {
        if (o == end) return;
        do {
            if constexpr (Opaque) scalar_loop(o);
            *o = static_cast<T>(walker<E>::template scalar<0>(e, c));
            advance<S, 1>(c);
        } while (++o != end);
    }

    // A leaf broadcast along the row is splatted from a copy in its cursor
    // (walker::batch): the cursors are locals whose address never escapes, so
    // the compiler knows no store to out changes the copy and splats it once
    // per row; read through the leaf's pointer, it would be reloaded every
    // batch.
    template <std::uint64_t S = splats_unknown>
    LOOM_INLINE static void hold_splats(cursor* c) {
        for (std::size_t k = 0; k < L; ++k)
            if (splatted<S>(k, c[k]) && static_cast<std::size_t>(elem[k]) <= sizeof c[k].held)  // (a wider one is read at p)
                std::memcpy(&c[k].held, c[k].p, static_cast<std::size_t>(elem[k]));
    }

    // m rows of n elements in the general kind, the rows os (target, elements)
    // and is[k] (leaves, bytes) apart: one call for all of them, so that the
    // per-row cost is a few additions and not a call (short rows: x(M,1) * y(1,N)).
    // steps[k]: leaf k's steps along the row (its pointer is not used).
    static void rows_general(const E& e, T* out, std::ptrdiff_t os, const std::byte* const* ptr,
                             const std::ptrdiff_t* is, const cursor* steps, std::size_t m, std::size_t n) {
        const std::ptrdiff_t none[slots] = {};
        rows_for(steps)(e, out, os, ptr, is, steps, m, n, 1, 0, none);
    }
    // The general kind's rows for a set S of leaves splatted along the row
    // (rows_for), `planes` times, ps (target, elements) and ips[k] (leaves,
    // bytes) apart: one copy of each for all their callers.
    template <std::uint64_t S>
    [[gnu::noinline]] LOOM_HOT_LOOPS static void rows_of(const E& e, T* out, std::ptrdiff_t os, const std::byte* const* ptr,
                                          const std::ptrdiff_t* is, const cursor* steps, std::size_t m,
                                          std::size_t n, std::size_t planes, std::ptrdiff_t ps,
                                          const std::ptrdiff_t* ips) {
        each(out, ps, ptr, ips, planes, [&](T* o, const std::byte* const* q) {
            rows_stepped<S>(e, o, os, q, is, steps, m, n);
        });
    }

    // The rows for the set of leaves that steps[k] broadcast along the row
    // (splatted). With two leaves, one splatted and one not (a broadcast such
    // as a(16,1,12,1) + b(14,1,10) or A + c(M,1)), a row loop for that set
    // (rows_of<S>), chosen once per call, so that nothing in a row tests it.
    // Otherwise
    // the one loop that tests each leaf (splats_unknown; compilers unswitch it
    // on the tests): a loop per set of three or more leaves, or for the rare
    // sets of two (both splatted, or neither: turned tiles), would be more
    // code to compile for every expression.
    using rows_of_fn = void (*)(const E&, T*, std::ptrdiff_t, const std::byte* const*, const std::ptrdiff_t*,
                                const cursor*, std::size_t, std::size_t, std::size_t, std::ptrdiff_t,
                                const std::ptrdiff_t*);
    static rows_of_fn rows_for(const cursor* steps) {
        if constexpr (L == 2) {
            constexpr auto by_set = []<std::size_t... S>(std::index_sequence<S...>) {
                return std::array<rows_of_fn, sizeof...(S)>{&rows_of<S == 1 || S == 2 ? S : splats_unknown>...};
            }(std::make_index_sequence<4>{});
            std::size_t set = 0;
            for (std::size_t k = 0; k < L; ++k) set |= std::size_t{splatted<splats_unknown>(k, steps[k])} << k;
            return by_set[set];
        } else {
            return &rows_of<splats_unknown>;
        }
    }
    template <std::uint64_t S = splats_unknown>
    static void rows_stepped(const E& e, T* out, std::ptrdiff_t os, const std::byte* const* ptr,
                             const std::ptrdiff_t* is, const cursor* steps, std::size_t m, std::size_t n) {
        // the steps in locals and the row pointers advanced by addition: read
        // through the arguments and recomputed with a multiplication, they were
        // reloaded from the stack every row
        cursor c[slots] = {};
        std::ptrdiff_t down[slots] = {};
        for (std::size_t k = 0; k < L; ++k) {
            c[k] = {ptr[k], steps[k].step_batch, steps[k].step_one};
            down[k] = is[k];
        }
        for (std::size_t i = 0; i < m; ++i, out += os) {
            row_steps<0, S>(e, out, c, n);
            for (std::size_t k = 0; k < L; ++k) c[k].p += down[k];
        }
    }
};

}  // namespace loom::detail
