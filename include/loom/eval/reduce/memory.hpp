// loom/eval/reduce/memory.hpp: reducing an operand in memory: pairwise loops over rows and columns, on threads, and the index of the extreme element.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../../core/shape.hpp"
#include "../../core/storage.hpp"
#include "../../detail/small_vector.hpp"
#include "../../simd/simd.hpp"
#include "../threads.hpp"
#include "axes.hpp"

namespace loom::detail {

// One axis of the operand as the loops see it: extent and stride (elements).
struct red_axis {
    std::size_t n;
    std::ptrdiff_t stride;
};

// The loops of Kind over operand elements of V into accumulators of A.
// Sums are grouped pairwise (rows of a block in several SIMD accumulators,
// blocks and rows by halves), so that the error grows as log2 of the count
// along every axis, not only the fastest one.
template <class Kind, class A, class V>
struct reducer {
    static constexpr bool vectorized = [] {
#if LOOM_SIMD
        if constexpr (std::is_same_v<A, V> && Kind::simd && simd::vectorizable<A>) return true;
#endif
        return false;
    }();
    static constexpr std::size_t W = vectorized ? simd::lanes<A> : 1;
    static constexpr std::size_t block = 32 * W;  // elements summed in sequence (rows not in batches)
    static constexpr std::size_t lanes_block = 64 * W;  // elements summed in one pass of the SIMD accumulators
    static constexpr std::size_t rows_block = 8;  // rows combined in sequence before pairing
    static constexpr std::size_t short_row = 8;   // rows this short are walked across the outputs

    static A combine(A a, A b) { return Kind::combine(a, b); }

    // n elements from p, stride s apart, in sequence (n small or not contiguous).
    static A plain(const V* p, std::size_t n, std::ptrdiff_t s) {
        A a = Kind::template identity<A>();
        for (std::size_t i = 0; i < n; ++i) a = combine(a, Kind::template lift<A>(p[static_cast<std::ptrdiff_t>(i) * s]));
        return a;
    }

    // Where a range of n elements is halved: the middle (strided rows), or the
    // batch boundary nearest it (contiguous rows in batches).
    static std::size_t half(std::size_t n) { return n / 2; }
    static std::size_t half_batches(std::size_t n) { return (n / 2 + W - 1) / W * W; }

    // The reduction of one row of n elements, stride s.
    static A row(const V* p, std::size_t n, std::ptrdiff_t s) {
        if constexpr (vectorized) {
            if (s == 1 && n >= 4 * W) return row_simd(p, n);
        }
        if (n <= block) return plain(p, n, s);
        const std::size_t h = half(n);
        // the left half first (GCC evaluates arguments right to left): memory in increasing order
        const A left = row(p, h, s);
        return combine(left, row(p + static_cast<std::ptrdiff_t>(h) * s, n - h, s));
    }

    // The same on `threads` threads, with the same bits (parallel_halves).
    static A row(const V* p, std::size_t n, std::ptrdiff_t s, int threads) {
        if (threads <= 1) return row(p, n, s);
#if LOOM_SIMD
        if constexpr (vectorized) {
            if (s == 1 && n >= 4 * W) {
                const std::size_t m = n / W * W;
                const auto v = parallel_halves<simd::batch<A>>(
                    m, lanes_block, half_batches, [p](std::size_t lo, std::size_t k) { return lanes(p + lo, k); },
                    [](simd::batch<A> x, simd::batch<A> y) { return Kind::combine(x, y); }, threads);
                return tail(fold(v), p, m, n);
            }
        }
#endif
        return parallel_halves<A>(
            n, block, half,
            [p, s](std::size_t lo, std::size_t m) { return row(p + static_cast<std::ptrdiff_t>(lo) * s, m, s); }, combine,
            threads);
    }

#if LOOM_SIMD
    // Contiguous: the whole batches by `lanes`, their lanes folded, then the
    // elements after the last whole batch.
    static A row_simd(const V* p, std::size_t n) {
        const std::size_t m = n / W * W;
        return tail(fold(lanes(p, m)), p, m, n);
    }
    // n (a multiple of W) elements as one batch: four accumulators over blocks
    // of 64 batches (16 elements in sequence per lane, as NumPy's 8
    // accumulators over 128), blocks by halves, lanes kept apart until the end.
    static simd::batch<A> lanes(const V* p, std::size_t n) {
        if (n > lanes_block) {
            const std::size_t h = half_batches(n);
            // the left half first (GCC evaluates arguments right to left): memory in increasing order
            const auto left = lanes(p, h);
            return Kind::combine(left, lanes(p + h, n - h));
        }
        using B = simd::batch<A>;
        B a0 = simd::splat(Kind::template identity<A>()), a1 = a0, a2 = a0, a3 = a0;
        std::size_t i = 0;
        for (; i + 4 * W <= n; i += 4 * W) {
            a0 = Kind::combine(a0, simd::load(p + i));
            a1 = Kind::combine(a1, simd::load(p + i + W));
            a2 = Kind::combine(a2, simd::load(p + i + 2 * W));
            a3 = Kind::combine(a3, simd::load(p + i + 3 * W));
        }
        for (; i + W <= n; i += W) a0 = Kind::combine(a0, simd::load(p + i));
        return Kind::combine(Kind::combine(a0, a1), Kind::combine(a2, a3));
    }
    // A batch's lanes combined in order: one order for rows in memory and fused_flat.
    static A fold(simd::batch<A> v) {
        alignas(64) A l[W];
        simd::store(l, v);
        A r = l[0];
        for (std::size_t k = 1; k < W; ++k) r = combine(r, l[k]);
        return r;
    }
    static A tail(A r, const V* p, std::size_t m, std::size_t n) {
        for (std::size_t i = m; i < n; ++i) r = combine(r, p[i]);
        return r;
    }
#endif

    // acc[j] <- lift(p[j * s]) for j < n (the first row of a group).
    static void first(A* acc, const V* p, std::size_t n, std::ptrdiff_t s) {
        for (std::size_t j = 0; j < n; ++j) acc[j] = Kind::template lift<A>(p[static_cast<std::ptrdiff_t>(j) * s]);
    }
    // acc[j] <- combine(acc[j], lift(p[j * s])) for j < n.
    static void into(A* acc, const V* p, std::size_t n, std::ptrdiff_t s) {
        std::size_t j = 0;
#if LOOM_SIMD
        if constexpr (vectorized) {
            if (s == 1)
                for (; j + W <= n; j += W) simd::store(acc + j, Kind::combine(simd::load(acc + j), simd::load(p + j)));
        }
#endif
        for (; j < n; ++j) acc[j] = combine(acc[j], Kind::template lift<A>(p[static_cast<std::ptrdiff_t>(j) * s]));
    }
    // acc[j] <- combine(acc[j], b[j]) for j < n (two partial rows).
    static void merge(A* acc, const A* b, std::size_t n) {
        std::size_t j = 0;
#if LOOM_SIMD
        if constexpr (simd::vectorizable<A> && Kind::simd)
            for (; j + simd::lanes<A> <= n; j += simd::lanes<A>)
                simd::store(acc + j, Kind::combine(simd::load(acc + j), simd::load(b + j)));
#endif
        for (; j < n; ++j) acc[j] = combine(acc[j], b[j]);
    }
};

// Rows of the reduced axes other than the innermost: row i (row-major over
// those axes) starts offset(i) elements from the base.
struct row_index {
    const red_axis* ax;
    std::size_t count;  // axes
    std::ptrdiff_t offset(std::size_t i) const {
        std::ptrdiff_t off = 0;
        for (std::size_t k = count; k-- > 0;) {
            off += static_cast<std::ptrdiff_t>(i % ax[k].n) * ax[k].stride;
            i /= ax[k].n;
        }
        return off;
    }
};

// Positions over some axes in row-major order (the outputs over the kept
// axes): the element offset of the current one, stepped to the next.
struct odometer {
    const red_axis* ax;
    std::size_t count;  // axes
    small_vector<std::size_t, 8> idx;
    std::ptrdiff_t off = 0;
    odometer(const red_axis* a, std::size_t c) : ax(a), count(c), idx(c, 0) {}
    // Position i (row-major) directly.
    void seek(std::size_t i) {
        off = 0;
        for (std::size_t k = count; k-- > 0;) {
            idx[k] = i % ax[k].n;
            off += static_cast<std::ptrdiff_t>(idx[k]) * ax[k].stride;
            i /= ax[k].n;
        }
    }
    void next() {
        for (std::size_t k = count; k-- > 0;) {
            off += ax[k].stride;
            if (++idx[k] < ax[k].n) return;
            off -= static_cast<std::ptrdiff_t>(ax[k].n) * ax[k].stride;
            idx[k] = 0;
        }
    }
};

// The reduction of the rows [lo, hi) of a group, each of n elements stride
// s: in sequence up to rows_block rows, else the two halves combined.
template <class Rd, class A, class V>
A reduce_rows(const V* base, const row_index& ri, std::size_t lo, std::size_t hi, std::size_t n, std::ptrdiff_t s) {
    if (hi - lo <= Rd::rows_block) {
        A a = Rd::row(base + ri.offset(lo), n, s);
        for (std::size_t i = lo + 1; i < hi; ++i) a = Rd::combine(a, Rd::row(base + ri.offset(i), n, s));
        return a;
    }
    const std::size_t mid = lo + (hi - lo) / 2;
    // the left half first (GCC evaluates arguments right to left): memory in increasing order
    const A left = reduce_rows<Rd, A>(base, ri, lo, mid, n, s);
    return Rd::combine(left, reduce_rows<Rd, A>(base, ri, mid, hi, n, s));
}

// acc[0 .. n) <- the rows [lo, hi) of a group combined element by element;
// scratch holds n elements for each level of halving below this one.
template <class Rd, class A, class V>
void accumulate_rows(A* acc, A* scratch, const V* base, const row_index& ri, std::size_t lo, std::size_t hi,
                     std::size_t n, std::ptrdiff_t s) {
    if (hi - lo <= Rd::rows_block) {
        Rd::first(acc, base + ri.offset(lo), n, s);
        for (std::size_t i = lo + 1; i < hi; ++i) Rd::into(acc, base + ri.offset(i), n, s);
        return;
    }
    const std::size_t mid = lo + (hi - lo) / 2;
    accumulate_rows<Rd, A>(acc, scratch + n, base, ri, lo, mid, n, s);
    accumulate_rows<Rd, A>(scratch, scratch + n, base, ri, mid, hi, n, s);
    Rd::merge(acc, scratch, n);
}

// The threads for a reduction reading n elements of V, cut into at most
// `pieces` independent parts (threads.hpp; 1 for few elements).
template <class V>
int reduce_threads(std::size_t n, std::size_t pieces) {
    constexpr std::size_t work = element_work(0, sizeof(V));
    return n >= parallel_floor(work) ? threads_for(n * work, pieces) : 1;
}

// out (row-major over the kept axes) <- Kind over the reduced axes of the
// operand at data (shape s, strides st, elements), red[i] marking them.
template <class Kind, class A, class V>
void reduce_memory(A* out, const V* data, const shape_t& s, const strides_t& st, const bool* red) {
    using Rd = reducer<Kind, A, V>;
    const std::size_t n = s.size();
    std::size_t count = 1, out_size = 1;
    for (std::size_t i = 0; i < n; ++i) (red[i] ? count : out_size) *= s[i];
    if (out_size == 0) return;
    if (count == 0) {
        if constexpr (Kind::nonempty) throw_empty_reduction(Kind::name, s);
        std::fill_n(out, out_size, Kind::template identity<A>());
        return;
    }
    // the axes that matter (extent above 1), adjacent ones of one kind merged
    // where memory allows: a contiguous operand reduced over every axis is one row
    small_vector<red_axis, 8> kept, gone;  // kept: outer to inner; gone: reduced
    bool last_reduced = false;
    std::ptrdiff_t prev_stride = 0;
    bool have = false;
    for (std::size_t i = 0; i < n; ++i) {
        if (s[i] == 1) continue;
        auto& list = red[i] ? gone : kept;
        const bool mergeable = have && last_reduced == red[i] && prev_stride == st[i] * static_cast<std::ptrdiff_t>(s[i]);
        if (mergeable) {
            list.back().n *= s[i];
            list.back().stride = st[i];
        } else {
            list.push_back({s[i], st[i]});
        }
        have = true;
        last_reduced = red[i];
        prev_stride = st[i];
    }
    if (!have) {  // a single element
        out[0] = Kind::template lift<A>(*data);
        return;
    }
    if (last_reduced) {
        // each output element: the rows of the reduced outer axes, each reduced along the innermost
        const red_axis inner = gone.back();
        gone.resize(gone.size() - 1);
        std::size_t rows = 1;
        for (const auto& g : gone) rows *= g.n;
        const row_index ri{gone.data(), gone.size()};
        if (rows == 1 && inner.n <= Rd::short_row && !kept.empty()) {
            // many short rows (the 3 coordinates of a point): each element of a
            // row in turn over every output, not a call per output element
            const red_axis last = kept.back();
            for (std::size_t j = 0; j < inner.n; ++j) {
                const V* col = data + static_cast<std::ptrdiff_t>(j) * inner.stride;
                odometer at(kept.data(), kept.size() - 1);
                for (std::size_t o = 0; o < out_size; o += last.n, at.next()) {
                    if (j == 0) Rd::first(out + o, col + at.off, last.n, last.stride);
                    else Rd::into(out + o, col + at.off, last.n, last.stride);
                }
            }
            return;
        }
        const bool one_row = out_size == 1 && rows == 1;
        const int threads = reduce_threads<V>(count * out_size, one_row ? 16 : out_size);
        if (one_row) {  // its halves on threads
            out[0] = Rd::row(data, inner.n, inner.stride, threads);
            return;
        }
        // the outputs in pieces, one odometer each
        const std::size_t pieces = threads > 1 ? static_cast<std::size_t>(threads) : 1;
        parallel_chunks(pieces, threads, [&](std::size_t c) {
            const std::size_t lo = out_size * c / pieces, hi = out_size * (c + 1) / pieces;
            odometer at(kept.data(), kept.size());
            at.seek(lo);
            for (std::size_t o = lo; o < hi; ++o, at.next())
                out[o] = reduce_rows<Rd, A>(data + at.off, ri, 0, rows, inner.n, inner.stride);
        });
    } else {
        // each output row (the innermost axis kept): the rows of the reduced axes added element by element
        const red_axis inner = kept.back();
        kept.resize(kept.size() - 1);
        std::size_t rows = 1;
        for (const auto& g : gone) rows *= g.n;
        const row_index ri{gone.data(), gone.size()};
        std::size_t levels = 1;
        for (std::size_t r = rows; r > Rd::rows_block; r = (r + 1) / 2) ++levels;
        // on threads: pieces of the output rows, or of the columns when there
        // are fewer rows than threads (each column is its own sum)
        const std::size_t out_rows = out_size / inner.n;
        const int threads = reduce_threads<V>(count * out_size, out_rows > 1 ? out_rows : inner.n / 64);
        const std::size_t pieces = threads > 1 ? static_cast<std::size_t>(threads) : 1;
        const bool by_columns = out_rows < pieces;
        parallel_chunks(pieces, threads, [&](std::size_t c) {
            const std::size_t r0 = by_columns ? 0 : out_rows * c / pieces;
            const std::size_t r1 = by_columns ? out_rows : out_rows * (c + 1) / pieces;
            const std::size_t j0 = by_columns ? inner.n * c / pieces / 8 * 8 : 0;
            const std::size_t j1 = by_columns && c + 1 < pieces ? inner.n * (c + 1) / pieces / 8 * 8 : inner.n;
            if (r0 >= r1 || j0 >= j1) return;
            buffer<A> scratch(levels * (j1 - j0));
            odometer at(kept.data(), kept.size());
            at.seek(r0);
            const V* col = data + static_cast<std::ptrdiff_t>(j0) * inner.stride;
            for (std::size_t o = r0; o < r1; ++o, at.next())
                accumulate_rows<Rd, A>(out + o * inner.n + j0, scratch.data(), col + at.off, ri, 0, rows, j1 - j0,
                                       inner.stride);
        });
    }
}

// out (row-major over the kept axes) <- the index of the extreme element over
// the reduced axes, counted row-major over them: the first of equal ones, the
// first NaN where there is one.
template <class K, class V>
void arg_memory(std::int64_t* out, const V* data, const shape_t& s, const strides_t& st, const bool* red) {
    const std::size_t n = s.size();
    std::size_t count = 1, out_size = 1;
    for (std::size_t i = 0; i < n; ++i) (red[i] ? count : out_size) *= s[i];
    if (out_size == 0) return;
    if (count == 0) throw_empty_reduction(K::name, s);
    small_vector<red_axis, 8> kept, gone;
    for (std::size_t i = 0; i < n; ++i) (red[i] ? gone : kept).push_back({s[i], st[i]});
    const row_index ri{gone.data(), gone.size()};
    odometer pos(kept.data(), kept.size());
    for (std::size_t o = 0; o < out_size; ++o, pos.next()) {
        const V* base = data + pos.off;
        V best = base[ri.offset(0)];
        std::size_t at = 0;
        for (std::size_t i = 1; i < count; ++i) {
            if constexpr (std::is_floating_point_v<V>)
                if (best != best) break;  // a NaN: the first one wins
            const V v = base[ri.offset(i)];
            bool better;
            if constexpr (K::largest) better = v > best;
            else better = v < best;
            if constexpr (std::is_floating_point_v<V>) better = better || v != v;
            if (better) {
                best = v;
                at = i;
            }
        }
        out[o] = static_cast<std::int64_t>(at);
    }
}

}  // namespace loom::detail
