// loom/eval/rows.hpp: what every row loop shares: the per-assignment row state, the row functions' type, the opaque tail.
#pragma once

#include <cstddef>
#include <cstdint>

#include "walk.hpp"

namespace loom::detail {

// Keeps the optimizer from seeing through p: a loop that steps p is then not
// vectorized. For the scalar loop after a row's batches, which runs fewer
// than one batch of elements: at -O3, GCC 12 vectorized it anyway, behind
// run-time checks of its length and of the operands' overlap that could never
// pass, 13 of the 71 instructions of a row of 10 doubles (a(16,1,12,1) +
// b(14,1,10)). Not where the loop's length is a constant (fixed shapes): the
// compiler writes such a loop out.
template <class P>
LOOM_INLINE void scalar_loop(P& p) {
#if defined(__GNUC__) || defined(__clang__)
    asm("" : "+r"(p));
#endif
}
// The same unless n, the loop's length, is a constant once inlined.
template <class P>
LOOM_INLINE void scalar_loop(P& p, [[maybe_unused]] std::size_t n) {
#if defined(__GNUC__) || defined(__clang__)
    if (!__builtin_constant_p(n)) scalar_loop(p);
#endif
}

// Per-assignment state of the rows of a plan: the inner steps and the buffers
// the row kinds use.
template <class T, std::size_t L>
struct row_state {
    static constexpr std::size_t slots = L ? L : 1;
    std::size_t n;                 // row length
    std::ptrdiff_t out_step;       // target stride, elements
    std::ptrdiff_t step[slots];    // leaf strides, bytes
    bool tiled;                    // walk the two innermost axes in tiles
    bool nt = false;               // flat and general kinds: non-temporal stores (streams())
    bool disjoint = false;         // flat kind: no leaf reads the target's memory (row_flat)
    T* tiles = nullptr;            // tiled, packed kind: a tile buffer per strided leaf, when every
                                   // strided leaf is contiguous down the target's columns
    cursor c[slots] = {};          // steps per leaf; pointers are set per row
    // Untiled, every block of rows is repeated `planes` times along the third
    // axis from the end, ps (target, elements) and ips[k] (leaves, bytes)
    // apart, in the same call: a call of the rows per plane is a large part
    // of short rows' time.
    std::size_t planes = 1;
    std::ptrdiff_t ps = 0;
    std::ptrdiff_t ips[slots] = {};
};

// m rows of n elements of one expression, from the leaves at ptr[k], the rows
// os (target, elements) and is[k] (leaves, bytes) apart, s.planes times (the
// planes s.ps and s.ips[k] apart): the part of a kernel that depends on its
// expression, one function per row kind (kernel::flat_rows and the others).
// The expression goes behind void so that what is around the rows (the plan's
// odometer, the tiles, the choice of kind: driver) is compiled once per element
// type and leaf count, not once per expression: less code to compile.
template <class T, std::size_t L>
using rows_fn = void (*)(const void* e, T* out, std::ptrdiff_t os, const std::byte* const* ptr,
                         const std::ptrdiff_t* is, const row_state<T, L>& s, std::size_t m, std::size_t n);

// One expression's rows, by kind (packed: null where the caller knows that no
// leaf or target is strided; every kind is packed's when not vectorized), and
// its work per element for the threads' decision (kernel_traits::work).
template <class T, std::size_t L>
struct row_bodies {
    rows_fn<T, L> flat, general, packed;
    std::size_t work = 1, parallel_min = 0;
};

}  // namespace loom::detail
