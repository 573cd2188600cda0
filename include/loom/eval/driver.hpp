// loom/eval/driver.hpp: an assignment by plan: the strategy its plan takes, the odometer over the outer axes, blocks and tiles of the inner two.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdlib>
#include <memory>

#include "../simd/simd.hpp"
#include "loops/streamed.hpp"
#include "loops/turned.hpp"
#include "plan.hpp"
#include "rows.hpp"
#include "strategy.hpp"
#include "streaming.hpp"
#include "threads.hpp"

namespace loom::detail {

// Everything of an assignment by plan but its rows: which kind the rows are,
// the odometer over the outer axes, the tiles, the tile buffers of the turned
// leaves, the non-temporal stores' decision and fence.
template <class T, std::size_t L, bool Vectorized, bool MayStream, std::size_t Lanes>
struct driver {
    static constexpr std::size_t slots = L ? L : 1;
    static constexpr std::size_t W = Vectorized ? Lanes : 1;
    static constexpr auto one = static_cast<std::ptrdiff_t>(sizeof(T));
    static constexpr std::size_t tile = 64;    // rows and columns of a tile
    // rows x columns of a tile when strided leaves are turned into rows
    // (pack_transposed): a tile and its turned copy stay in a 48 KiB L1
    // (docs/design/performance-notes.md, "Transposed operands")
    static constexpr std::size_t turn_rows = 16, turn_cols = 64;
    // Rows of a turned tile when the assignment streams (s.nt: far larger than
    // the caches): each row of the transposed operand is then read 512 bytes
    // at a time, not 128, which memory serves faster; from the caches, tall
    // tiles are slower.
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
                        call(body, e, out + i * os + j, os, q, qs, s, rows, cols);
                        continue;
                    }
                }
                call(body, e, out + i * os + j * s.out_step, os, q, is, s, rows, cols);
            }
        }
    }

    // body's rows, with non-temporal stores when the assignment streams (s.nt).
    LOOM_INLINE static void call(rows_fn<T, L> body, const void* e, T* out, std::ptrdiff_t os, const std::byte* const* q,
                                 const std::ptrdiff_t* is, const state& s, std::size_t rows, std::size_t cols) {
        if constexpr (MayStream)
            if (s.nt) return rows_streamed<T, L>(body, e, out, os, q, is, s, rows, cols);
        body(e, out, os, q, is, s, rows, cols);
    }

    // Turned tiles that stream (far larger than the caches): the lines of the
    // next tile along the row band, of rows x cols elements, requested after
    // this one (its leaves at q) is turned and before it is computed. A leaf
    // contiguous along the row is read there in `rows` pieces of `cols`
    // elements, is[k] bytes apart; a turned leaf in `cols` pieces of `rows`
    // elements, s.step[k] apart: either way 64 pieces a tile on as many pages,
    // more than the hardware prefetchers follow at once. From the caches the
    // same prefetches cost time: only streamed tiles take them. Always
    // inlined: a function of nothing but prefetches is one without effects to
    // GCC, which drops the calls to it (simd::prefetch).
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

    // The turned strategy: the tile buffers on the stack for up to two turned
    // leaves of turn_rows (a heap block freed every call shows in small
    // assignments), on the heap past that and for the streamed tiles
    // (assignments that stream, where one allocation is nothing).
    [[gnu::noinline]] static void rows_turned(const void* e, T* out, const plan<L>& p, state& s, std::size_t turned,
                                              rows_fn<T, L> general) {
        alignas(64) T local[2 * turn_rows * turn_cols];
        const std::size_t need = turned * turn_rows_of(s) * turn_cols;
        std::unique_ptr<T[]> heap;
        if (need > std::size(local)) heap = std::make_unique_for_overwrite<T[]>(need);
        s.tiles = heap ? heap.get() : local;
        rows(e, out, p, s, general);
    }

    // Whether the strided leaves of a gathered plan can be turned instead: A +
    // transpose(B), every strided leaf contiguous down the target's columns,
    // the target along its rows, tiles; tiles are turned as T. Returns how
    // many leaves are turned (0: none can be).
    static std::size_t turnable(const plan<L>& p, const state& s) {
        if (!Vectorized || !s.tiled || s.out_step != 1) return 0;
        const std::size_t r = p.rank;
        std::size_t turned = 0;
        for (std::size_t k = 0; k < L; ++k) {
            if (p.elem[k] != sizeof(T)) return 0;
            if (s.step[k] == 0 || s.step[k] == one) continue;
            if (p.in[k][r - 2] != one) return 0;
            ++turned;
        }
        return turned;
    }

    // The row state of plan p: the innermost steps, tiles, planes, and
    // whether it streams.
    static state prepare(const plan<L>& p) {
        state s;
        const std::size_t r = p.rank;
        s.n = r ? p.extent[r - 1] : 1;
        s.out_step = r ? p.out[r - 1] : 1;
        // tiles when an operand steps across cache lines along the row but
        // more closely along the next axis out
        const auto against = [&](std::ptrdiff_t inner, std::ptrdiff_t outer) {
            return r >= 2 && std::abs(inner) > 64 && std::abs(outer) < std::abs(inner);
        };
        s.tiled = r >= 2 && against(s.out_step * one, p.out[r - 2] * one);
        for (std::size_t k = 0; k < L; ++k) {
            const auto elem = static_cast<std::ptrdiff_t>(p.elem[k]);
            s.step[k] = r ? p.in[k][r - 1] : elem;  // rank 0: one element, as if stepping along
            s.tiled = s.tiled || (r >= 2 && against(s.step[k], p.in[k][r - 2]));
            const bool bcast = s.step[k] == 0;
            s.c[k] = {nullptr, bcast ? 0 : elem * static_cast<std::ptrdiff_t>(W), bcast ? 0 : elem};
        }
        if (folds_planes(p, s)) {
            s.planes = p.extent[r - 3];
            s.ps = p.out[r - 3];
            for (std::size_t k = 0; k < L; ++k) s.ips[k] = p.in[k][r - 3];
        }
        s.nt = Vectorized && MayStream && s.out_step == 1 && streams<T>(moved_at_most(p)) && streams<T>(moved(p));
        return s;
    }

    // The strategy of plan p (strategy.hpp's table): scalar without batches;
    // contiguous when every leaf and the target step by one element; splatted
    // when no leaf or target is strided; turned or gathered otherwise.
    static strategy choose(const plan<L>& p, const state& s) {
        if (!Vectorized) return strategy::scalar;
        bool flat = s.out_step == 1, strided = s.out_step != 1;
        for (std::size_t k = 0; k < L; ++k) {
            const auto elem = static_cast<std::ptrdiff_t>(p.elem[k]);
            flat = flat && s.step[k] == elem;
            strided = strided || (s.step[k] != 0 && s.step[k] != elem);
        }
        if (flat) return strategy::contiguous;
        if (!strided) return strategy::splatted;
        return turnable(p, s) ? strategy::turned : strategy::gathered;
    }

    // The loop of strategy `kind` over plan p. Dense: the caller writes into a
    // row-major contiguous target from leaves that all own row-major
    // contiguous memory (owning_tree), so no leaf is strided and the gathered
    // and turned loops are not compiled (b.packed may be null).
    template <bool Dense>
    static void run_kind(strategy kind, const void* e, T* out, const plan<L>& p, state& s, const row_bodies<T, L>& b) {
        switch (kind) {
        case strategy::contiguous: rows(e, out, p, s, b.flat); break;
        case strategy::splatted: rows(e, out, p, s, b.general); break;
        case strategy::scalar: rows(e, out, p, s, b.packed); break;  // the scalar rows, the leaves' own steps
        default:
            if constexpr (Dense) {
                assert(!"driver::run<Dense>: a leaf or the target steps by neither 0 nor one element");
            } else if (kind == strategy::turned) {
                rows_turned(e, out, p, s, turnable(p, s), b.general);
            } else {
                rows(e, out, p, s, b.packed);
            }
        }
    }

    // The pieces the outermost axis of p is cut into for threads: its
    // indices; a single axis (one row) in whole cache lines.
    static constexpr std::size_t line = 64 / sizeof(T) > 0 ? 64 / sizeof(T) : 1;
    static std::size_t grain(const plan<L>& p) { return p.rank == 1 ? 4 * line : 1; }

    // The loop over the piece [lo, hi) of p's outermost axis (in grains): the
    // same strategy and stores as the whole, on the sub-plan of those indices.
    template <bool Dense>
    static void run_piece(strategy kind, bool nt, const void* e, T* out, const plan<L>& p, std::size_t lo,
                          std::size_t hi, const row_bodies<T, L>& b) {
        const std::size_t g = grain(p), ext = p.extent[0];
        const std::size_t i0 = lo * g, i1 = std::min(ext, hi * g);
        if (i0 >= i1) return;
        plan<L> q = p;
        q.extent[0] = i1 - i0;
        q.size = p.size / ext * (i1 - i0);
        for (std::size_t k = 0; k < L; ++k) q.base[k] += static_cast<std::ptrdiff_t>(i0) * p.in[k][0];
        state s = prepare(q);
        s.nt = nt;
        run_kind<Dense>(kind, e, out + static_cast<std::ptrdiff_t>(i0) * p.out[0], q, s, b);
        if (nt) simd::stream_fence();
    }

    // target <- e by plan p: the strategy, then its loop; on several threads
    // (threads.hpp) when the work is worth them, each on a piece of the
    // outermost axis.
    template <bool Dense>
    [[gnu::noinline]] static void run(const void* e, T* out, const plan<L>& p, const row_bodies<T, L>& b) {
        if (p.size == 0) return;
        state s = prepare(p);
        const strategy kind = choose(p, s);
        s.nt = s.nt && kind != strategy::gathered;  // gathered chunks are stored as they are scattered
        ran(kind, s.nt);
        if (p.size >= b.parallel_min && p.rank > 0) {
            const std::size_t pieces = (p.extent[0] + grain(p) - 1) / grain(p);
            const int threads = threads_for(p.size * b.work, pieces);
            if (threads > 1) {
                ran_on(threads);
                const std::size_t chunks = static_cast<std::size_t>(threads);
                parallel_chunks(chunks, threads, [&](std::size_t c) {
                    run_piece<Dense>(kind, s.nt, e, out, p, pieces * c / chunks, pieces * (c + 1) / chunks, b);
                });
                return;
            }
        }
        run_kind<Dense>(kind, e, out, p, s, b);
        if (s.nt) simd::stream_fence();
    }
};

}  // namespace loom::detail
