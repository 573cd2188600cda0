// loom/eval/kernel.hpp: the fused loop: an odometer over the outer axes, SIMD batches along the innermost.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdlib>
#include <cstddef>
#include <cstring>
#include <memory>
#include <utility>

#include "../simd/simd.hpp"
#include "plan.hpp"
#include "streaming.hpp"
#include "walk.hpp"

namespace loom::detail {

// The type whose batches set the lanes of an assignment of E into T: the
// first type an operation of the tree computes in; with none (a leaf, casts of
// leaves), T itself, or bytes for a bool target.
template <class T, class E>
using lane_type = typename first_lane<typename walker<E>::lane,
                                      std::conditional_t<std::is_same_v<T, bool>, std::uint8_t, T>>::type;

// Whether an assignment of E into T elements runs in SIMD batches: every op of
// the tree has a batch body in its compute type, and every compute type has
// the lanes of lane_type (leaves and results of other element types are
// converted in registers).
template <class T, class E>
inline constexpr bool runs_simd = [] {
    if constexpr (!LOOM_SIMD || !simd::vectorizable<lane_type<T, E>>) return false;
    else return walker<E>::template vec<simd::lanes<lane_type<T, E>>>;
}();

// The kinds of rows, how the innermost loop sees the operands of one
// assignment (kernel::flat_rows, general_rows, packed_rows). Decided once per
// assignment, not per row (driver::run):
//   flat    every leaf and the target step by one element: one shared index,
//           the loop a hand-written one would be
//   general a leaf is broadcast along the row (stride 0): its batches are its
//           value splatted, every leaf steps by its own step
//   packed  a leaf or the target is strided: gathered/scattered through
//           chunk buffers, then as general

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

// dst[i * ld + j] <- the T at src + i * sizeof(T) + j * col bytes, for i < m,
// j < n: a tile of an operand that runs down the target's columns
// (A + transpose(B)), turned into rows. Reads go along the operand's own rows;
// 4x4 blocks are transposed in registers (GCC/Clang vector extensions), so
// every load and store moves four elements.
template <class T>
void pack_transposed(T* dst, std::size_t ld, const std::byte* src, std::ptrdiff_t col, std::size_t m, std::size_t n) {
    constexpr auto one = static_cast<std::ptrdiff_t>(sizeof(T));
    const auto at = [&](std::size_t i, std::size_t j) {
        T v;
        std::memcpy(&v, src + static_cast<std::ptrdiff_t>(i) * one + static_cast<std::ptrdiff_t>(j) * col, sizeof(T));
        return v;
    };
    std::size_t j = 0;
#if defined(__GNUC__)
    using lane = std::conditional_t<std::is_same_v<T, bool>, unsigned char, T>;  // bool as its bytes
    typedef lane v4 __attribute__((vector_size(4 * sizeof(lane))));
    for (; j + 4 <= n; j += 4) {
        std::size_t i = 0;
        for (; i + 4 <= m; i += 4) {
            const std::byte* s = src + static_cast<std::ptrdiff_t>(i) * one + static_cast<std::ptrdiff_t>(j) * col;
            v4 c0, c1, c2, c3;  // columns j .. j+3 of the tile, rows i .. i+3
            std::memcpy(&c0, s, sizeof(v4));
            std::memcpy(&c1, s + col, sizeof(v4));
            std::memcpy(&c2, s + 2 * col, sizeof(v4));
            std::memcpy(&c3, s + 3 * col, sizeof(v4));
            const v4 t0 = __builtin_shufflevector(c0, c1, 0, 4, 2, 6), t1 = __builtin_shufflevector(c0, c1, 1, 5, 3, 7);
            const v4 t2 = __builtin_shufflevector(c2, c3, 0, 4, 2, 6), t3 = __builtin_shufflevector(c2, c3, 1, 5, 3, 7);
            const v4 r0 = __builtin_shufflevector(t0, t2, 0, 1, 4, 5), r1 = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
            const v4 r2 = __builtin_shufflevector(t0, t2, 2, 3, 6, 7), r3 = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
            T* d = dst + i * ld + j;
            std::memcpy(d, &r0, sizeof(v4));
            std::memcpy(d + ld, &r1, sizeof(v4));
            std::memcpy(d + 2 * ld, &r2, sizeof(v4));
            std::memcpy(d + 3 * ld, &r3, sizeof(v4));
        }
        for (; i < m; ++i)
            for (std::size_t jj = j; jj < j + 4; ++jj) dst[i * ld + jj] = at(i, jj);
    }
#endif
    for (; j < n; ++j)
        for (std::size_t i = 0; i < m; ++i) dst[i * ld + j] = at(i, j);
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
    T* tiles = nullptr;            // tiled, packed kind: a tile buffer per strided leaf, when every
                                   // strided leaf is contiguous down the target's columns
    cursor c[slots] = {};          // steps per leaf; pointers are set per row
    // Untiled, every block of rows is repeated `planes` times along the third
    // axis from the end, ps (target, elements) and ips[k] (leaves, bytes)
    // apart, in the same call: one call of the rows per plane cost the 4-D
    // pattern r(16,14,12,10) = a(16,1,12,1) + b(14,1,10) 1.1-1.4x the time.
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
// type and leaf count, not once per expression (8 expressions of
// bench/compile_exprs.cpp: 98.0 -> 77.4 KB of code at -O2).
template <class T, std::size_t L>
using rows_fn = void (*)(const void* e, T* out, std::ptrdiff_t os, const std::byte* const* ptr,
                         const std::ptrdiff_t* is, const row_state<T, L>& s, std::size_t m, std::size_t n);

// One expression's rows, by kind (packed: null where the caller knows that no
// leaf or target is strided; every kind is packed's when not vectorized).
template <class T, std::size_t L>
struct row_bodies {
    rows_fn<T, L> flat, general, packed;
};

// Everything of an assignment by plan but its rows: which kind the rows are,
// the odometer over the outer axes, the tiles, the tile buffers of the turned
// leaves, the non-temporal stores' decision and fence.
template <class T, std::size_t L, bool Vectorized, bool MayStream, std::size_t Lanes>
struct driver {
    static constexpr std::size_t slots = L ? L : 1;
    static constexpr std::size_t W = Vectorized ? Lanes : 1;
    static constexpr auto one = static_cast<std::ptrdiff_t>(sizeof(T));
    static constexpr std::size_t tile = 64;    // rows and columns of a tile
    // rows x columns of a tile when strided leaves are turned into rows (pack_transposed).
    // A + transpose(B) with tiles of 32 x 64, 64 x 64, 32 x 128: 4.4, 4.1-4.6, 4.0 ms at
    // 2048 x 2048 and 0.93, 1.12, 1.09 us at 64 x 64 on an AMD Zen 5 (48 KiB L1); with
    // 32 x 64, 16 x 64, 8 x 64 on an Intel Xeon with AVX-512 (48 KiB L1): 1.56-1.93,
    // 1.34-1.37, 1.33-1.50 us at 64 x 64 (Eigen 1.40) and 8.1-9.4, 7.4-10.1, 10.9-15.8 ms
    // at 2048 x 2048, three runs each
    static constexpr std::size_t turn_rows = 16, turn_cols = 64;
    // Rows of a turned tile when the assignment streams (s.nt: far larger than
    // the caches): each row of the transposed operand is then read 512 bytes
    // at a time, not 128. A + transpose(B) at 2048 x 2048 on the Intel Xeon,
    // nine alternating runs of each against the triad in the same binary:
    // median 0.67 with 64 x 64 tiles, 0.59 with 16 x 64 (32 x 64 0.59, 64 x 128
    // 0.62, 128 x 64 0.65, 128 x 128 0.67 in five or four). Not in cache: at
    // 64 x 64 to 512 x 512 the tall tiles were 1.03 to 1.4 times slower. The
    // bench_transpose binary before and after, ten alternating runs: median
    // 0.54 -> 0.75 of the triad.
    static constexpr std::size_t turn_rows_streamed = 64;
    static std::size_t turn_rows_of(const row_state<T, L>& s) { return s.nt ? turn_rows_streamed : turn_rows; }
    using state = row_state<T, L>;

    // Whether the rows' call runs the third axis from the end too (its planes):
    // untiled plans of rank 3 and more.
    static bool folds_planes(const plan<L>& p, const state& s) { return p.rank >= 3 && !s.tiled; }

    // The bytes an assignment by plan p moves: its target's and each distinct
    // buffer's that its leaves read, once however many leaves read it (a
    // stencil's views of one grid); and a bound of it without a loop (no leaf
    // reads more elements than the target has), which rejects small
    // assignments first.
    static std::size_t moved(const plan<L>& p) {
        std::size_t bytes = p.size * sizeof(T);
        for (std::size_t k = 0; k < L; ++k)
            if (!p.reads_earlier(k)) bytes += p.leaf_count(k) * p.elem[k];
        return bytes;
    }
    static std::size_t moved_at_most(const plan<L>& p) {
        std::size_t bytes = sizeof(T);
        for (std::size_t k = 0; k < L; ++k) bytes += p.elem[k];
        return p.size * bytes;
    }

    // The two innermost axes: m rows of s.n elements, the rows os (target,
    // elements) and is[k] (leaves, bytes) apart, in one call of body. Or, when
    // an operand runs against the target's order (A + transpose(B)), in square
    // tiles, so that the lines such an operand touches stay in L1 across rows;
    // with s.tiles, the strided leaves' tiles are turned into rows first
    // (pack_transposed) and body is the general kind's.
    static void block(const void* e, T* out, const std::byte* const* ptr, const state& s, std::size_t m,
                      std::ptrdiff_t os, const std::ptrdiff_t* is, rows_fn<T, L> body) {
        const std::size_t ti = !s.tiled ? m : s.tiles ? turn_rows_of(s) : tile;
        const std::size_t tj = !s.tiled ? s.n : s.tiles ? turn_cols : tile;
        const std::byte* q[slots] = {};
        std::ptrdiff_t qs[slots] = {};
        for (std::size_t i0 = 0; i0 < m; i0 += ti) {
            const std::size_t rows = std::min(m - i0, ti);
            const auto i = static_cast<std::ptrdiff_t>(i0);
            for (std::size_t j0 = 0; j0 < s.n; j0 += tj) {
                const std::size_t cols = std::min(s.n - j0, tj);
                const auto j = static_cast<std::ptrdiff_t>(j0);
                for (std::size_t k = 0; k < L; ++k) q[k] = ptr[k] + i * is[k] + j * s.step[k];
                if constexpr (Vectorized) {
                    if (s.tiles) {
                        const std::byte* here[slots] = {};  // the tile's leaves before they are turned
                        for (std::size_t k = 0; k < L; ++k) here[k] = q[k];
                        T* buf = s.tiles;
                        for (std::size_t k = 0; k < L; ++k) {
                            qs[k] = is[k];
                            if (s.step[k] == 0 || s.step[k] == one) continue;
                            pack_transposed(buf, turn_cols, q[k], s.step[k], rows, cols);
                            q[k] = reinterpret_cast<const std::byte*>(buf);
                            qs[k] = static_cast<std::ptrdiff_t>(turn_cols) * one;
                            buf += ti * turn_cols;  // ti: turn_rows_of(s)
                        }
                        if constexpr (MayStream)
                            if (s.nt && j0 + tj < s.n) prefetch_tile(here, is, s, rows, std::min(s.n - j0 - tj, tj));
                        body(e, out + i * os + j, os, q, qs, s, rows, cols);
                        continue;
                    }
                }
                body(e, out + i * os + j * s.out_step, os, q, is, s, rows, cols);
            }
        }
    }

    // Turned tiles that stream (far larger than the caches): the lines of the
    // next tile along the row band, of rows x cols elements, requested after
    // this one (its leaves at q) is turned and before it is computed: before
    // it is turned, 0.73-0.82 of the triad against 0.80-0.87 (medians of 11
    // alternating runs, four runs; after it is computed, 0.83-0.85), and in
    // the bench_transpose binary, six alternating runs, median 0.71 -> 0.77.
    // A leaf contiguous along the row is read there in `rows` pieces of `cols`
    // elements, is[k] bytes apart; a turned leaf in `cols` pieces of `rows`
    // elements, s.step[k] apart. Either way that is 64 pieces a tile on as many pages,
    // more than the hardware prefetchers follow at once (at 2048 x 2048
    // without this: r = transpose(B) 5.2 ms, r = A + B 4.9 ms,
    // r = A + transpose(B) 9.9 ms). On an Intel Xeon (AVX-512) at 2048 x 2048,
    // against the triad of the same process, medians of 9 to 15 alternating
    // runs of a one-off program: 0.64-0.76 without, 0.70-0.88 with (five runs
    // each, medians 0.69 and 0.87); against a triad on unaligned buffers, 0.70
    // without, 0.92 with A's lines alone, 0.85 with B's alone, 1.00 with both
    // (1.03 as prefetcht1; two tiles ahead, or the prefetches spread over the
    // tile's rows, no better). The bench_transpose binary before and after,
    // six alternating runs: 0.59-0.73 (median 0.62) -> 0.73-0.77 (0.75). Not
    // streamed, at 1024 x 1024 and 512 x 512 (from the caches), the same
    // prefetches took 1.11 and 1.10 times the time: only streamed tiles take
    // them. Always inlined: a function of nothing but prefetches is one
    // without effects to GCC, which drops the calls to it (simd::prefetch).
    LOOM_INLINE static void prefetch_tile(const std::byte* const* q, const std::ptrdiff_t* is, const state& s,
                                          std::size_t rows, std::size_t cols) {
        constexpr auto ahead = static_cast<std::ptrdiff_t>(turn_cols);  // the tiles' columns
        for (std::size_t k = 0; k < L; ++k) {
            if (s.step[k] == 0) continue;
            const bool along = s.step[k] == one;
            const std::ptrdiff_t next = ahead * s.step[k], pitch = along ? is[k] : s.step[k];
            const std::size_t pieces = pitch == 0 ? 1 : along ? rows : cols;  // a row vector: one piece
            const auto bytes = static_cast<std::ptrdiff_t>((along ? cols : rows) * sizeof(T));
            for (std::size_t r = 0; r < pieces; ++r)
                for (std::ptrdiff_t b = 0; b < bytes; b += 64)
                    simd::prefetch(q[k], next + static_cast<std::ptrdiff_t>(r) * pitch + b);
        }
    }

    // Every row of the plan: the two innermost axes as a block (untiled, the
    // third from the end too, as the block's planes), the outer ones as an
    // odometer.
    static void rows(const void* e, T* out, const plan<L>& p, const state& s, rows_fn<T, L> body) {
        const std::byte* ptr[slots] = {};
        for (std::size_t k = 0; k < L; ++k) ptr[k] = p.base[k];
        const std::size_t r = p.rank;
        const std::size_t m = r >= 2 ? p.extent[r - 2] : 1;
        const std::ptrdiff_t os = r >= 2 ? p.out[r - 2] : 0;
        std::ptrdiff_t is[slots] = {};
        for (std::size_t k = 0; r >= 2 && k < L; ++k) is[k] = p.in[k][r - 2];
        const std::size_t outer = r <= 2 ? 0 : r - 2 - (folds_planes(p, s) ? 1 : 0);  // the odometer's axes
        if (outer == 0) return block(e, out, ptr, s, m, os, is, body);
        shape_t idx(outer, 0);
        for (;;) {
            block(e, out, ptr, s, m, os, is, body);
            std::size_t d = outer;
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

    // The packed kind with s.tiles set: the tile buffers on the stack for up to
    // two turned leaves of turn_rows (a heap block freed every call cost 9% of
    // a 64 x 64 A + transpose(B) in malloc_consolidate), on the heap past that
    // and for the streamed tiles (assignments that stream, 32 MiB and more by
    // default, where one allocation is nothing).
    [[gnu::noinline]] static void rows_turned(const void* e, T* out, const plan<L>& p, state& s, std::size_t turned,
                                              rows_fn<T, L> general) {
        alignas(64) T local[2 * turn_rows * turn_cols];
        const std::size_t need = turned * turn_rows_of(s) * turn_cols;
        std::unique_ptr<T[]> heap;
        if (need > std::size(local)) heap = std::make_unique_for_overwrite<T[]>(need);
        s.tiles = heap ? heap.get() : local;
        rows(e, out, p, s, general);
    }

    static void run_packed(const void* e, T* out, const plan<L>& p, state& s, const row_bodies<T, L>& b) {
        const std::size_t r = p.rank;
        // A + transpose(B): when every strided leaf is contiguous down the
        // target's columns (and the target along its rows), tiles of those
        // leaves are transposed into buffers and the rows run as the general kind.
        std::size_t turned = 0;
        bool turnable = Vectorized && s.tiled && s.out_step == 1;
        for (std::size_t k = 0; turnable && k < L; ++k) {
            turnable = p.elem[k] == sizeof(T);  // tiles are turned as T
            if (s.step[k] == 0 || s.step[k] == one) continue;
            turnable = p.in[k][r - 2] == one;
            ++turned;
        }
        if (turnable && turned) return rows_turned(e, out, p, s, turned, b.general);
        rows(e, out, p, s, b.packed);
    }

    // Dense: the caller writes into a row-major contiguous target from leaves
    // that all own row-major contiguous memory (owning_tree), so every step
    // along a row is 0 or one element and the packed kind, the tiles and the
    // turned tiles are not compiled (b.packed may be null).
    template <bool Dense>
    [[gnu::noinline]] static void run(const void* e, T* out, const plan<L>& p, const row_bodies<T, L>& b) {
        if (p.size == 0) return;
        state s;
        const std::size_t r = p.rank;
        s.n = r ? p.extent[r - 1] : 1;
        s.out_step = r ? p.out[r - 1] : 1;
        bool flat = s.out_step == 1, packed = s.out_step != 1;
        // tiles when an operand steps across cache lines along the row but
        // more closely along the next axis out
        const auto against = [&](std::ptrdiff_t inner, std::ptrdiff_t outer) {
            return r >= 2 && std::abs(inner) > 64 && std::abs(outer) < std::abs(inner);
        };
        s.tiled = r >= 2 && against(s.out_step * one, p.out[r - 2] * one);
        for (std::size_t k = 0; k < L; ++k) {
            const auto elem = static_cast<std::ptrdiff_t>(p.elem[k]);
            s.step[k] = r ? p.in[k][r - 1] : 0;
            flat = flat && s.step[k] == elem;
            packed = packed || (s.step[k] != 0 && s.step[k] != elem);
            s.tiled = s.tiled || (r >= 2 && against(s.step[k], p.in[k][r - 2]));
            const bool bcast = s.step[k] == 0;
            s.c[k] = {nullptr, bcast ? 0 : elem * static_cast<std::ptrdiff_t>(W), bcast ? 0 : elem};
        }
        if (folds_planes(p, s)) {
            s.planes = p.extent[r - 3];
            s.ps = p.out[r - 3];
            for (std::size_t k = 0; k < L; ++k) s.ips[k] = p.in[k][r - 3];
        }
        if constexpr (!Vectorized) {
            // every kind is the scalar rows with the leaves' own steps: one copy of the rows
            rows(e, out, p, s, b.packed);
        } else {
            // streamed, the flat kind runs as the general one (rows_streamed)
            s.nt = MayStream && s.out_step == 1 && streams<T>(moved_at_most(p)) && streams<T>(moved(p));
            if (flat && !s.nt) rows(e, out, p, s, b.flat);
            else if (!packed) rows(e, out, p, s, b.general);
            else if constexpr (Dense) assert(!"driver::run<Dense>: a leaf or the target steps by neither 0 nor one element");
            else run_packed(e, out, p, s, b);
            if (s.nt) simd::stream_fence();
        }
    }
};

template <class T, class E>
struct kernel {
    static constexpr std::size_t L = walker<E>::leaves;
    static constexpr bool vectorized = runs_simd<T, E>;
    static constexpr std::size_t lanes = vectorized ? simd::lanes<lane_type<T, E>> : 1;
    // Whether a batch is stored as a batch of T (else as a pack, converted).
    static constexpr bool stores_batches = vectorized && !std::is_same_v<T, bool> && simd::lanes<T> == lanes;
    // Non-temporal stores (streams()) for large targets, unless the loop is
    // bound by computing: then they made it slower, and the streamed copy of
    // the rows is not compiled.
    static constexpr bool may_stream = stores_batches && !heavy_tree<E>::value;
    using driver_type = driver<T, L, vectorized, may_stream, lanes>;
    static constexpr std::size_t slots = driver_type::slots;
    static constexpr std::size_t W = driver_type::W;
    static constexpr auto one = driver_type::one;
    // bytes of an element of each leaf
    static constexpr auto elem = [] {
        std::array<std::ptrdiff_t, slots> b{};
        for (std::size_t k = 0; k < L; ++k) b[k] = static_cast<std::ptrdiff_t>(walker<E>::elems[k]);
        return b;
    }();

    // out[0 .. W) <- the batch of e at the cursors c: a batch of T, or W
    // elements converted to T.
    template <std::uint64_t S = splats_unknown>
    LOOM_INLINE static void put(T* out, const E& e, const cursor* c) {
#if LOOM_SIMD
        if constexpr (stores_batches)
            simd::store(out, walker<E>::template batch<0, T, S>(e, c));
        else
            simd::store_pack(out, simd::convert<T>(walker<E>::template pack<0, W, S>(e, c)));
#endif
    }
    static constexpr std::size_t chunk = 256;  // elements per packed chunk
    // Loops bound by computing (heavy trees) prefetch each leaf and the target
    // `ahead` bytes in front of the batch: at their pace the hardware
    // prefetchers alone did not keep the data coming (2048 x 2048 doubles:
    // exp(a) * sin(b) 1.27-1.41x as fast with them, exp(A) * c 1.25-1.28x; in
    // cache 0.97-1.03x; a plain loop of xsimd batches gained alike with 1 to
    // 8 KiB). Memory-bound loops gained nothing from them (0.99-1.02x).
    static constexpr bool prefetches = vectorized && heavy_tree<E>::value;
    static constexpr std::ptrdiff_t ahead = 2048;
    // Once per 64-byte line of progress, not per batch (16 or 32 bytes with
    // SSE2 or AVX2): fewer instructions for the same lines (against a
    // prefetch per batch 0.99-1.05x the time). With AVX2 at 2048 x 2048 the
    // heavy cases above were 1.07-1.28x as fast, in cache 0.97-0.99x; with
    // SSE2, whose batches of sin and exp are slow enough for the hardware
    // prefetchers, 1.00-1.09x and 0.99-1.01x.
    static constexpr std::size_t line = 64 / sizeof(T);

    using row_state = loom::detail::row_state<T, L>;
    static std::size_t moved(const plan<L>& p) { return driver_type::moved(p); }
    static std::size_t moved_at_most(const plan<L>& p) { return driver_type::moved_at_most(p); }

    // out[0 .. n) <- e with every leaf stepping by one element from base[k].
    LOOM_INLINE static void row_flat(const E& e, T* out, const std::byte* const* base_in, std::size_t n) {
        cursor c[slots] = {};
        const std::byte* base[slots];
        for (std::size_t k = 0; k < L; ++k) {
            base[k] = base_in[k];
            c[k] = {base[k], elem[k] * static_cast<std::ptrdiff_t>(W), elem[k]};
        }
        std::size_t i = 0;
#if LOOM_SIMD
        if constexpr (vectorized) {
            for (; i + W <= n; i += W) {
                for (std::size_t k = 0; k < L; ++k) c[k].p = base[k] + static_cast<std::ptrdiff_t>(i) * elem[k];
                if constexpr (prefetches)
                    if (i % line == 0) prefetch_ahead(c, out + i);
                put(out + i, e, c);
            }
        }
#endif
        for (; i < n; ++i) {
            if constexpr (vectorized) scalar_loop(i, n);  // the tail only
            for (std::size_t k = 0; k < L; ++k) c[k].p = base[k] + static_cast<std::ptrdiff_t>(i) * elem[k];
            out[i] = static_cast<T>(walker<E>::template scalar<0>(e, c));
        }
    }

    // row_flat with non-temporal stores (streams()) and the fence after them,
    // through the general kind's loop: one copy of the loop that streams
    // serves both kinds. Out of line, the leaves' pointers by value: a caller
    // that passed them by address had to keep them in memory on its fast path
    // too (4x4 r = a + 2*b in place: 1.95 -> 2.31 ns).
    struct bases {
        const std::byte* p[slots];
    };
    [[gnu::noinline]] static void row_flat_streamed(const E& e, T* out, bases base, std::size_t n) {
        cursor steps[slots] = {};
        std::ptrdiff_t down[slots] = {};
        for (std::size_t k = 0; k < L; ++k) steps[k] = {nullptr, elem[k] * static_cast<std::ptrdiff_t>(W), elem[k]};
        rows_streamed(e, out, 0, base.p, down, steps, 1, n);
        simd::stream_fence();
    }

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
                    ((put<S>(out + b * W, e, c), step<S>(c)), ...);
                }(std::make_index_sequence<N / W>{});
                i = N / W * W;
            } else {
                // two batches a trip: x(64,1) * y(1,64) in cache 218 -> 191 ns (hand loop 177)
#pragma GCC unroll 2
                for (; i + W <= n; i += W) {
                    if constexpr (prefetches)
                        if (i % line == 0) prefetch_ahead(c, out + i);
                    put<S>(out + i, e, c);
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
    // the compiler can give the target and the leaves one index (x(64,1) *
    // y(1,64): 9 -> 7 instructions per two batches). Where S is not known,
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
    // and those rows of 10 doubles took 1.15 times as long.
    template <bool Opaque = false, std::uint64_t S = splats_unknown>
    LOOM_INLINE static void row_tail(const E& e, T* o, T* end, cursor* c) {
        if (o == end) return;
        do {
            if constexpr (Opaque) scalar_loop(o);
            *o = static_cast<T>(walker<E>::template scalar<0>(e, c));
            advance<S, 1>(c);
        } while (++o != end);
    }

    // row_steps with non-temporal stores (streams()), for targets far larger
    // than the caches: the elements before the first one aligned for them go
    // one by one, through the loop of the tail; not unrolled (memory bound).
    LOOM_INLINE static void row_streamed(const E& e, T* out, const cursor* start, std::size_t n) {
        cursor c[slots] = {};
        for (std::size_t k = 0; k < L; ++k) c[k] = start[k];
        hold_splats(c);
        // pointers, no index: with an index beside them, g++ 12 kept the
        // target's pointer on the stack and added to it there every batch
        T* o = out;
        T* const end = out + n;
        T* stop = out + stream_head(out, n);
        for (;;) {
            row_tail<true>(e, o, stop, c);  // a head or tail of less than a batch
            o = stop;
            if (stop == end) break;
#if LOOM_SIMD
            if constexpr (vectorized) {
                T* const last = o + (end - o) / static_cast<std::ptrdiff_t>(W) * static_cast<std::ptrdiff_t>(W);
                for (; o != last; o += W) {
                    simd::stream(o, walker<E>::template batch<0, T>(e, c));
                    step(c);
                }
            }
#endif
            stop = end;
        }
    }

    // A leaf broadcast along the row is splatted from a copy in its cursor
    // (walker::batch): the cursors are locals whose address never escapes, so
    // the compiler knows no store to out changes the copy and splats it once
    // per row; read through the leaf's pointer, it would be reloaded every
    // batch.
    template <std::uint64_t S = splats_unknown>
    LOOM_INLINE static void hold_splats(cursor* c) {
        for (std::size_t k = 0; k < L; ++k)
            if (splatted<S>(k, c[k])) std::memcpy(&c[k].held, c[k].p, static_cast<std::size_t>(elem[k]));
    }

    // prefetches: the lines `ahead` bytes in front of every leaf that steps
    // along the row (a splat's step is 0: its own line) and of the target.
    LOOM_INLINE static void prefetch_ahead(const cursor* c, const T* out) {
        for (std::size_t k = 0; k < L; ++k)
            simd::prefetch(c[k].p, c[k].step_batch * (ahead / (one * static_cast<std::ptrdiff_t>(W))));
        simd::prefetch<true>(out, ahead);
    }

    // m rows of n elements in the general kind, the rows os (target, elements)
    // and is[k] (leaves, bytes) apart: one call for all of them, so that the
    // per-row cost is a few additions and not a call (short rows: x(M,1) * y(1,N)).
    // steps[k]: leaf k's steps along the row (its pointer is not used).
    // nt: with non-temporal stores (streams(), may_stream), in a copy of the
    // loop of its own, out of line: only large targets take it.
    static void rows_general(const E& e, T* out, std::ptrdiff_t os, const std::byte* const* ptr,
                             const std::ptrdiff_t* is, const cursor* steps, std::size_t m, std::size_t n,
                             bool nt = false) {
        if constexpr (may_stream)
            if (nt) return rows_streamed(e, out, os, ptr, is, steps, m, n);
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
            rows_stepped<false, S>(e, o, os, q, is, steps, m, n);
        });
    }

    // The rows for the set of leaves that steps[k] broadcast along the row
    // (splatted). With two leaves, one splatted and one not (a broadcast such
    // as a(16,1,12,1) + b(14,1,10) or A + c(M,1)), a row loop for that set
    // (rows_of<S>), chosen once per call, so that nothing in a row tests it:
    // 59 -> 47 instructions a row of 10 doubles in the 4-D pattern. Otherwise
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
    [[gnu::noinline]] static void rows_streamed(const E& e, T* out, std::ptrdiff_t os, const std::byte* const* ptr,
                                                const std::ptrdiff_t* is, const cursor* steps, std::size_t m,
                                                std::size_t n) {
        rows_stepped<true>(e, out, os, ptr, is, steps, m, n);
    }
    template <bool nt, std::uint64_t S = splats_unknown>
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
            if constexpr (nt) row_streamed(e, out, c, n);
            else row_steps<0, S>(e, out, c, n);
            for (std::size_t k = 0; k < L; ++k) c[k].p += down[k];
        }
    }

    // dst <- m elements of `bytes` bytes from src, `step` bytes apart: each
    // element copied by a copy of known size.
    static void gather(std::byte* dst, const std::byte* src, std::ptrdiff_t step, std::size_t bytes, std::size_t m) {
        const auto copy = [&]<std::size_t B>(std::integral_constant<std::size_t, B>) {
            for (std::size_t j = 0; j < m; ++j, src += step) std::memcpy(dst + j * B, src, B);
        };
        switch (bytes) {
        case 1: return copy(std::integral_constant<std::size_t, 1>{});
        case 2: return copy(std::integral_constant<std::size_t, 2>{});
        case 4: return copy(std::integral_constant<std::size_t, 4>{});
        default: return copy(std::integral_constant<std::size_t, 8>{});
        }
    }

    // One row with strided leaves or target: gather, compute, scatter, chunk by chunk.
    [[gnu::noinline]] LOOM_HOT_LOOPS static void row_packed(const E& e, T* out, const std::byte* const* ptr, const row_state& s, std::size_t n) {
        alignas(64) std::byte buf[slots][chunk * sizeof(std::uint64_t)];  // chunk elements of any leaf
        alignas(64) T obuf[chunk];
        const std::byte* at[slots] = {};  // each leaf's chunk: in place, or gathered into buf[k]
        const std::ptrdiff_t none[slots] = {};
        for (std::size_t k = 0; k < L; ++k) at[k] = ptr[k];
        for (std::size_t start = 0; start < n; start += chunk) {
            const std::size_t m = std::min(chunk, n - start);
            const auto st = static_cast<std::ptrdiff_t>(start);
            for (std::size_t k = 0; k < L; ++k) {
                if (s.step[k] == 0) continue;  // one value for the whole row
                if (s.step[k] == elem[k]) {
                    at[k] = ptr[k] + st * elem[k];
                    continue;
                }
                gather(buf[k], ptr[k] + st * s.step[k], s.step[k], static_cast<std::size_t>(elem[k]), m);
                at[k] = reinterpret_cast<const std::byte*>(buf[k]);
            }
            // one row of the general kind's rows: no copy of the row loop of its own
            rows_general(e, s.out_step == 1 ? out + start : obuf, 0, at, none, s.c, 1, m);
            if (s.out_step != 1) {
                T* o = out + st * s.out_step;
                for (std::size_t j = 0; j < m; ++j, o += s.out_step) *o = obuf[j];
            }
        }
    }

    // Scalar kind (mixed element types, bool, ops without batch bodies): every
    // leaf and the target step by their own strides.
    LOOM_INLINE static void row_scalar(const E& e, T* out, const std::byte* const* ptr, const row_state& s,
                                       std::size_t n) {
        cursor c[slots] = {};
        for (std::size_t k = 0; k < L; ++k) c[k] = {ptr[k], 0, s.step[k]};
        for (std::size_t i = 0; i < n; ++i, out += s.out_step) {
            *out = static_cast<T>(walker<E>::template scalar<0>(e, c));
            for (std::size_t k = 0; k < L; ++k) c[k].p += c[k].step_one;
        }
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

    // The rows of each kind (rows_fn): m rows of n elements from ptr, the rows
    // os (target, elements) and is[k] (leaves, bytes) apart, s.planes times.
    LOOM_HOT_LOOPS static void flat_rows(const void* ev, T* out, std::ptrdiff_t os, const std::byte* const* ptr,
                                         const std::ptrdiff_t* is, const row_state& s, std::size_t m, std::size_t n) {
        const E& e = *static_cast<const E*>(ev);
        each(out, s.ps, ptr, s.ips, s.planes, [&](T* o, const std::byte* const* q) {
            each(o, os, q, is, m, [&](T* row, const std::byte* const* base) { row_flat(e, row, base, n); });
        });
    }
    LOOM_HOT_LOOPS static void general_rows(const void* ev, T* out, std::ptrdiff_t os, const std::byte* const* ptr,
                                            const std::ptrdiff_t* is, const row_state& s, std::size_t m, std::size_t n) {
        const E& e = *static_cast<const E*>(ev);
        if constexpr (may_stream) {
            if (s.nt) {
                return each(out, s.ps, ptr, s.ips, s.planes, [&](T* o, const std::byte* const* q) {
                    rows_streamed(e, o, os, q, is, s.c, m, n);
                });
            }
        }
        rows_for(s.c)(e, out, os, ptr, is, s.c, m, n, s.planes, s.ps, s.ips);
    }
    LOOM_HOT_LOOPS static void packed_rows(const void* ev, T* out, std::ptrdiff_t os, const std::byte* const* ptr,
                                           const std::ptrdiff_t* is, const row_state& s, std::size_t m, std::size_t n) {
        const E& e = *static_cast<const E*>(ev);
        each(out, s.ps, ptr, s.ips, s.planes, [&](T* o, const std::byte* const* q) {
            each(o, os, q, is, m, [&](T* row, const std::byte* const* base) {
                if constexpr (vectorized) row_packed(e, row, base, s, n);
                else row_scalar(e, row, base, s, n);
            });
        });
    }

    // The rows run<Dense> can reach (driver::run): with Dense, no leaf or target
    // is strided, so packed_rows is not compiled; not vectorized, every kind
    // is packed_rows' scalar rows.
    template <bool Dense>
    static constexpr row_bodies<T, L> bodies() {
        if constexpr (!vectorized) return {nullptr, nullptr, &packed_rows};
        else if constexpr (Dense) return {&flat_rows, &general_rows, nullptr};
        else return {&flat_rows, &general_rows, &packed_rows};
    }

    // target <- e by plan p.
    template <bool Dense = false>
    LOOM_INLINE static void run(const E& e, T* out, const plan<L>& p) {
        static constexpr row_bodies<T, L> b = bodies<Dense>();
        driver_type::template run<Dense && vectorized>(&e, out, p, b);
    }
};

}  // namespace loom::detail
