// loom/eval/reduce.hpp: computing a reduction node into its buffer, once per assignment that reads it, and reading it as a leaf.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../core/storage.hpp"
#include "../expr/reduction.hpp"
#include "../simd/simd.hpp"
#include "alias.hpp"
#include "pipeline.hpp"
#include "threads.hpp"
#include "walk.hpp"

namespace loom::detail {

// Which axes of a rank-n operand are reduced (red[i]); index_error for an
// axis out of range or given twice.
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_axis(const char* fn, std::ptrdiff_t axis, std::size_t n,
                                                              bool repeated) {
    if (repeated)
        throw index_error(std::string("loom::") + fn + ": axis " + std::to_string(axis) + " is given more than once");
    throw index_error(std::string("loom::") + fn + ": axis " + std::to_string(axis) +
                      " is out of range for an operand of rank " + std::to_string(n));
}
inline void reduced_axes(const axes_spec& a, std::size_t n, bool* red, const char* fn) {
    for (std::size_t i = 0; i < n; ++i) red[i] = a.every;
    if (a.every) return;
    const auto r = static_cast<std::ptrdiff_t>(n);
    for (const std::ptrdiff_t ax : a.list) {
        if (ax < -r || ax >= r) throw_axis(fn, ax, n, false);
        const auto i = static_cast<std::size_t>(ax < 0 ? ax + r : ax);
        if (red[i]) throw_axis(fn, ax, n, true);
        red[i] = true;
    }
}

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_empty_reduction(const char* fn, const shape_t& s) {
    throw std::invalid_argument(std::string("loom::") + fn + ": a reduction over no elements has no value (operand shape " +
                                to_string(s) + ")");
}

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
    static constexpr std::size_t block = 32 * W;  // elements summed in one pass of the accumulators
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
        return combine(row(p, h, s), row(p + static_cast<std::ptrdiff_t>(h) * s, n - h, s));
    }

    // The same on `threads` threads, with the same bits (parallel_halves).
    static A row(const V* p, std::size_t n, std::ptrdiff_t s, int threads) {
        if (threads <= 1) return row(p, n, s);
#if LOOM_SIMD
        if constexpr (vectorized) {
            if (s == 1 && n >= 4 * W)
                return parallel_halves<A>(
                    n, block, half_batches, [p](std::size_t lo, std::size_t m) { return row_simd_or_plain(p + lo, m); },
                    combine, threads);
        }
#endif
        return parallel_halves<A>(
            n, block, half,
            [p, s](std::size_t lo, std::size_t m) { return row(p + static_cast<std::ptrdiff_t>(lo) * s, m, s); }, combine,
            threads);
    }

#if LOOM_SIMD
    // Contiguous: four SIMD accumulators over blocks, blocks by halves.
    static A row_simd(const V* p, std::size_t n) {
        if (n > block) {
            const std::size_t h = half_batches(n);
            return combine(row_simd_or_plain(p, h), row_simd_or_plain(p + h, n - h));
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
        const B b = Kind::combine(Kind::combine(a0, a1), Kind::combine(a2, a3));
        alignas(64) A lanes[W];
        simd::store(lanes, b);
        A r = lanes[0];
        for (std::size_t k = 1; k < W; ++k) r = combine(r, lanes[k]);
        for (; i < n; ++i) r = combine(r, p[i]);
        return r;
    }
    static A row_simd_or_plain(const V* p, std::size_t n) { return n >= 4 * W ? row_simd(p, n) : plain(p, n, 1); }
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
    return Rd::combine(reduce_rows<Rd, A>(base, ri, lo, mid, n, s), reduce_rows<Rd, A>(base, ri, mid, hi, n, s));
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

// The shape of a reduction: the operand's without the reduced axes (keepdims:
// with them as 1). red gets the reduced axes, s the operand's shape.
template <class K, class R, class X>
shape_t reduced_shape(const reduction<K, R, X>& e, shape_t& s, small_vector<bool, 8>& red) {
    s = shape_of(e.arg_);
    red.resize(s.size(), false);
    reduced_axes(e.axes_, s.size(), red.data(), K::name);
    shape_t r;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!red[i]) r.push_back(s[i]);
        else if (e.keepdims_) r.push_back(1);
    }
    return r;
}

// f(data, strides) over the elements of x, of shape s: an array or a view in
// place, anything else evaluated first into a row-major buffer.
template <class X, class F>
void with_operand(const X& x, const shape_t& s, F&& f) {
    using V = typename X::value_type;
    if constexpr (memory_leaf<X>) {
        const auto l = x.layout();
        f(l.data, *l.strides);
    } else {
        buffer<V> tmp(size_of(s));
        const strides_t cs = c_strides(s);
        assign_fresh(fresh_target<V>{tmp.data(), s, cs}, x, leaves_of<X>(x));
        f(static_cast<const V*>(tmp.data()), cs);
    }
}

// Every axis reduced and every leaf of x contiguous with x's own shape (a dot
// product, a norm): x's batches are combined in registers as they are
// computed, with no block buffer; four accumulators over blocks of 32
// batches, blocks by halves, as reducer::row.
template <class K, class A, class X>
struct fused_flat {
    using Tr = kernel_traits<A, X>;
    static constexpr std::size_t W = Tr::W, slots = Tr::slots, block = 32 * W;
    static constexpr bool applies = [] {
#if LOOM_SIMD
        if constexpr (K::simd && !K::arg && !K::moment && std::is_same_v<A, typename X::value_type>)
            return Tr::stores_batches;
#endif
        return false;
    }();

    static bool fits(const leaves_of<X>& lv, const shape_t& s, const bool* red) {
        for (std::size_t i = 0; i < s.size(); ++i)
            if (!red[i]) return false;
        if (!all_shaped(lv.d, Tr::L, s)) return false;
        for (std::size_t k = 0; k < Tr::L; ++k)
            if (!is_contiguous(s, *lv.d[k].strides)) return false;
        return true;
    }

#if LOOM_SIMD
    static std::size_t half(std::size_t n) { return (n / 2 + W - 1) / W * W; }
    static A run(const X& x, const leaves_of<X>& lv, std::size_t n) {
        const std::byte* base[slots] = {};
        for (std::size_t k = 0; k < Tr::L; ++k) base[k] = lv.d[k].data;
        // on threads: the halves of the same tree (parallel_halves)
        const int threads = n >= Tr::parallel_min ? threads_for(n * Tr::work, 16) : 1;
        if (threads > 1)
            return parallel_halves<A>(
                n, block, half, [&](std::size_t lo, std::size_t m) { return range(x, base, lo, m); },
                [](A a, A b) { return K::combine(a, b); }, threads);
        return range(x, base, 0, n);
    }
    static A range(const X& x, const std::byte* const* base, std::size_t lo, std::size_t n) {
        if (n > block) {
            const std::size_t h = half(n);
            return K::combine(range(x, base, lo, h), range(x, base, lo + h, n - h));
        }
        cursor c[slots] = {};
        for (std::size_t k = 0; k < Tr::L; ++k) c[k] = {nullptr, Tr::elem[k] * static_cast<std::ptrdiff_t>(W), Tr::elem[k]};
        const auto at = [&](std::size_t i) {
            for (std::size_t k = 0; k < Tr::L; ++k) c[k].p = base[k] + static_cast<std::ptrdiff_t>(lo + i) * Tr::elem[k];
        };
        using B = simd::batch<A>;
        B a0 = simd::splat(K::template identity<A>()), a1 = a0, a2 = a0, a3 = a0;
        std::size_t i = 0;
        for (; i + 4 * W <= n; i += 4 * W) {
            at(i);
            a0 = K::combine(a0, walker<X>::template batch<0, A>(x, c));
            at(i + W);
            a1 = K::combine(a1, walker<X>::template batch<0, A>(x, c));
            at(i + 2 * W);
            a2 = K::combine(a2, walker<X>::template batch<0, A>(x, c));
            at(i + 3 * W);
            a3 = K::combine(a3, walker<X>::template batch<0, A>(x, c));
        }
        for (; i + W <= n; i += W) {
            at(i);
            a0 = K::combine(a0, walker<X>::template batch<0, A>(x, c));
        }
        alignas(64) A lanes[W];
        simd::store(lanes, K::combine(K::combine(a0, a1), K::combine(a2, a3)));
        A r = lanes[0];
        for (std::size_t k = 1; k < W; ++k) r = K::combine(r, lanes[k]);
        for (; i < n; ++i) {
            at(i);
            r = K::combine(r, static_cast<A>(walker<X>::template scalar<0>(x, c)));
        }
        return r;
    }
#endif
};

// out (row-major over the kept axes) <- Kind over the reduced axes of x, an
// expression that is not an array or a view, without a buffer of x's shape:
// x is evaluated block by block (a box of about `block` elements, contiguous
// in x's row-major order) by the element-wise pipeline, through its leaves
// moved to the block's start, and each block is reduced at once while it is
// in the cache. The blocks of one part of the output come one after another
// and their partial results are paired as a binary counter pairs its bits,
// so that sums stay pairwise across blocks.
template <class K, class A, class X>
void reduce_blocked(A* out, const X& x, const shape_t& s0, const bool* red0) {
    using V = typename X::value_type;
    using Rd = reducer<K, A, V>;
    constexpr std::size_t block = std::size_t{1} << 14;
    const std::size_t n = s0.size();
    if (size_of(s0) == 0 || n == 0) {  // nothing to read, or one element: as from memory
        buffer<V> one(size_of(s0));
        const strides_t cs = c_strides(s0);
        if (n == 0) assign_fresh(fresh_target<V>{one.data(), s0, cs}, x, leaves_of<X>(x));
        return reduce_memory<K, A, V>(out, one.data(), s0, cs, red0);
    }
    const leaves_of<X> lv(x);  // reductions inside x are computed here, once
    constexpr std::size_t L = leaves_of<X>::size;
#if LOOM_SIMD
    if constexpr (fused_flat<K, A, X>::applies) {
        if (fused_flat<K, A, X>::fits(lv, s0, red0)) {
            out[0] = fused_flat<K, A, X>::run(x, lv, size_of(s0));
            return;
        }
    }
#endif
    // A short innermost axis reduced across other kept axes (the coordinates of
    // points): the reduced axes go first, so that a block is a slab of outputs
    // and the blocks' partials combine element by element. Kept axes keep
    // their order, so the output's layout is the same.
    small_vector<std::size_t, 8> perm;
    const bool outward = red0[n - 1] && s0[n - 1] <= Rd::short_row &&
                         std::any_of(red0, red0 + n, [](bool r) { return !r; });
    for (int pass = 0; pass < 2; ++pass)
        for (std::size_t i = 0; i < n; ++i)
            if (outward ? red0[i] == (pass == 0) : pass == 0) perm.push_back(i);
    shape_t s(n, 0);
    small_vector<bool, 8> red(n, false);
    for (std::size_t i = 0; i < n; ++i) {
        s[i] = s0[perm[i]];
        red[i] = red0[perm[i]];
    }
    // each leaf at the operand's rank (broadcast axes of extent 1), in that order
    shape_t leaf_full[L ? L : 1];
    strides_t leaf_st[L ? L : 1];
    for (std::size_t k = 0; k < L; ++k) {
        const shape_t& ls = *lv.d[k].shape;
        const std::size_t off = n - ls.size();
        leaf_full[k] = shape_t(n, 1);
        leaf_st[k] = strides_t(n, 0);
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t a = perm[i];
            if (a < off) continue;
            leaf_full[k][i] = ls[a - off];
            leaf_st[k][i] = (*lv.d[k].strides)[a - off];
        }
    }
    // blocks: axes after t whole, axis t in chunks, axes before t one index at a time
    std::size_t t = n - 1, inner = 1;
    while (t > 0 && inner * s[t] <= block) inner *= s[t--];
    const std::size_t chunk = std::clamp<std::size_t>(block / inner, 1, s[t]);
    const std::size_t chunks = (s[t] + chunk - 1) / chunk;
    // the outer steps, the output's parts first (kept axes), then what each part reduces over
    struct step {
        std::size_t axis, n;
    };
    small_vector<step, 8> kept_steps, red_steps;
    for (std::size_t i = 0; i <= t; ++i) (red[i] ? red_steps : kept_steps).push_back({i, i == t ? chunks : s[i]});
    std::size_t parts = 1, per_part = 1;
    for (const auto& k : kept_steps) parts *= k.n;
    for (const auto& r : red_steps) per_part *= r.n;
    // a part of the output: contiguous, its size set by the block's kept extents
    const auto part_size = [&](std::size_t ext_t) {
        std::size_t p = red[t] ? 1 : ext_t;
        for (std::size_t i = t + 1; i < n; ++i)
            if (!red[i]) p *= s[i];
        return p;
    };
    shape_t ks;  // the output in keepdims form
    for (std::size_t i = 0; i < n; ++i) ks.push_back(red[i] ? 1 : s[i]);
    const strides_t kst = c_strides(ks);
    bool inner_reduces = false;  // whether a block reduces any of its own axes
    for (std::size_t i = t; i < n; ++i) inner_reduces = inner_reduces || red[i];
    std::size_t depth = 1;
    for (std::size_t b = per_part; b > 1; b = (b + 1) / 2) ++depth;
    const std::size_t pmax = part_size(chunk);
    // the parts [first, last), each with its own buffers: parts are independent,
    // so threads take pieces of them and every part's bits stay the same
    const auto run_parts = [&](std::size_t first, std::size_t last) {
        buffer<V> buf(block > inner * chunk ? block : inner * chunk);
        buffer<A> levels((depth + 1) * pmax);
        small_vector<std::size_t, 8> lev;  // the level of each partial on the stack
        // the leaves moved to a block's start: each leaf's own shape and strides, its
        // extents those of the block where it is not broadcast
        leaves_of<X> lb = lv;
        shape_t leaf_shape[L ? L : 1];
        for (std::size_t k = 0; k < L; ++k) leaf_shape[k] = shape_t(n, 1);
        small_vector<std::size_t, 8> start(n, 0);
        shape_t bs = s;
        for (std::size_t i = 0; i < t; ++i) bs[i] = 1;
        small_vector<std::size_t, 8> kidx(kept_steps.size(), 0), ridx(red_steps.size(), 0);
        for (std::size_t k = kept_steps.size(), f = first; k-- > 0; f /= kept_steps[k].n) kidx[k] = f % kept_steps[k].n;
        for (std::size_t part = first; part < last; ++part) {
            for (std::size_t k = 0; k < kept_steps.size(); ++k) start[kept_steps[k].axis] = kidx[k];
            std::fill_n(ridx.data(), ridx.size(), std::size_t{0});
            lev.resize(0);
            std::size_t ext_t = 0;
            for (std::size_t b = 0; b < per_part; ++b) {
                for (std::size_t r = 0; r < red_steps.size(); ++r) start[red_steps[r].axis] = ridx[r];
                const std::size_t c0 = start[t] * chunk;
                ext_t = std::min(chunk, s[t] - c0);
                bs[t] = ext_t;
                for (std::size_t k = 0; k < L; ++k) {
                    const leaf_desc& d = lv.d[k];
                    std::ptrdiff_t at = 0;
                    for (std::size_t i = 0; i < n; ++i) {
                        leaf_shape[k][i] = leaf_full[k][i] == 1 ? 1 : bs[i];
                        if (leaf_full[k][i] == 1) continue;
                        const std::size_t from = i == t ? c0 : (i < t ? start[i] : 0);
                        at += static_cast<std::ptrdiff_t>(from) * leaf_st[k][i];
                    }
                    lb.d[k] = {d.data + at * static_cast<std::ptrdiff_t>(d.elem), d.elem, &leaf_shape[k], &leaf_st[k]};
                }
                const strides_t cs = c_strides(bs);
                // this block's partial on the stack, then equal levels paired; a
                // block that reduces nothing within itself is its own partial
                A* slot = levels.data() + lev.size() * pmax;
                // (an element lifts to itself unless the types differ or it is counted)
                constexpr bool lifts_to_itself = std::is_same_v<A, V> && !std::is_same_v<K, reduce_kind::count>;
                if constexpr (lifts_to_itself) {
                    if (!inner_reduces) assign_planned<false, false>(slot, bs, cs, x, lb);
                }
                if (!lifts_to_itself || inner_reduces) {
                    assign_planned<false, false>(buf.data(), bs, cs, x, lb);
                    reduce_memory<K, A, V>(slot, buf.data(), bs, cs, red.data());
                }
                const std::size_t p = part_size(ext_t);
                lev.push_back(0);
                while (lev.size() >= 2 && lev[lev.size() - 1] == lev[lev.size() - 2]) {
                    Rd::merge(levels.data() + (lev.size() - 2) * pmax, levels.data() + (lev.size() - 1) * pmax, p);
                    lev.resize(lev.size() - 1);
                    ++lev.back();
                }
                for (std::size_t r = red_steps.size(); r-- > 0;) {
                    if (++ridx[r] < red_steps[r].n) break;
                    ridx[r] = 0;
                }
            }
            const std::size_t p = part_size(ext_t);
            for (std::size_t k = lev.size(); k-- > 1;) Rd::merge(levels.data() + (k - 1) * pmax, levels.data() + k * pmax, p);
            std::size_t o = 0;
            for (std::size_t i = 0; i < t; ++i) o += red[i] ? 0 : start[i] * static_cast<std::size_t>(kst[i]);
            if (!red[t]) o += start[t] * chunk * static_cast<std::size_t>(kst[t]);
            std::copy_n(levels.data(), p, out + o);
            for (std::size_t k = kept_steps.size(); k-- > 0;) {
                if (++kidx[k] < kept_steps[k].n) break;
                kidx[k] = 0;
            }
        }
    };
    const int threads = parts >= 2 ? threads_for(size_of(s) * kernel_traits<V, X>::work, parts) : 1;
    const std::size_t pieces = threads > 1 ? static_cast<std::size_t>(threads) : 1;
    parallel_chunks(pieces, threads, [&](std::size_t c) { run_parts(parts * c / pieces, parts * (c + 1) / pieces); });
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

// How many elements each output of a reduction over red combines.
inline std::size_t reduced_count(const shape_t& s, const bool* red) {
    std::size_t count = 1;
    for (std::size_t i = 0; i < s.size(); ++i)
        if (red[i]) count *= s[i];
    return count;
}
// The m sums at p divided by count: means (NaN for a count of 0).
template <class R>
void sums_to_means(R* p, std::size_t m, std::size_t count) {
    for (std::size_t i = 0; i < m; ++i) p[i] = p[i] / static_cast<R>(count);
}

// out (m elements) <- the means over the reduced axes of the operand at data;
// Shared: the operand is the user's memory, and an assignment that shares
// means (eval/shared_means.hpp) takes them from, or leaves them for, the
// other mean, var and stddev nodes over it.
template <bool Shared, class R, class V>
void means_memory(R* out, std::size_t m, const V* data, const shape_t& s, const strides_t& st, const bool* red) {
    if constexpr (Shared) {  // not `Shared ? memo : nullptr`: GCC 12 warns of the null `this` in the dead branch
        shared_means* const memo = shared_means_now;
        if (memo) {
            if (const R* v = memo->find<R>(data, s, st, red)) return void(std::copy_n(v, m, out));
        }
        reduce_memory<reduce_kind::sum, R, V>(out, data, s, st, red);
        sums_to_means(out, m, reduced_count(s, red));
        if (memo) memo->keep<R>(data, s, st, red, out, m);
    } else {
        reduce_memory<reduce_kind::sum, R, V>(out, data, s, st, red);
        sums_to_means(out, m, reduced_count(s, red));
    }
}

// var and stddev into out: the mean, then the sum of the squared deviations
// from it over N - correction (NaN where that is not positive).
template <class K, bool Shared, class R, class V>
void moment_memory(R* out, const V* data, const shape_t& s, const strides_t& st, const bool* red, double correction) {
    const std::size_t count = reduced_count(s, red);
    shape_t ks;  // the reduced shape with the reduced axes as 1
    for (std::size_t i = 0; i < s.size(); ++i) ks.push_back(red[i] ? 1 : s[i]);
    const std::size_t m = size_of(ks);
    using M = std::conditional_t<is_complex_v<V>, std::complex<R>, R>;  // the means' type
    buffer<M> mu(std::max<std::size_t>(m, 1));
    means_memory<Shared>(mu.data(), m, data, s, st, red);
    const strides_t kst = c_strides(ks);
    const raw_leaf<V> xl{data, &s, &st};
    const raw_leaf<M> ml{mu.data(), &ks, &kst};
    // the squared deviations (|d|^2 = real(d * conj(d)) for complex ones), summed block by block as they are computed
    auto d = make_fn<ops::subtract>(xl, ml);
    if constexpr (is_complex_v<V>)
        reduce_blocked<reduce_kind::sum, R>(out, make_fn<ops::real>(make_fn<ops::multiply>(d, make_fn<ops::conj>(d))), s, red);
    else
        reduce_blocked<reduce_kind::sum, R>(out, make_fn<ops::square>(d), s, red);
    const double dof = static_cast<double>(count) - correction;
    for (std::size_t i = 0; i < m; ++i) {
        R v = dof > 0 ? static_cast<R>(out[i] / static_cast<R>(dof)) : std::numeric_limits<R>::quiet_NaN();
        if constexpr (K::root) v = std::sqrt(v);
        out[i] = v;
    }
}

// e's value into e.out_, from its operand's memory (with_operand).
template <class K, class R, class X>
void compute(const reduction<K, R, X>& e) {
    using V = typename X::value_type;
    shape_t s;
    small_vector<bool, 8> red;
    shape_t rs = reduced_shape(e, s, red);
    buffer<R> out(std::max<std::size_t>(size_of(rs), 1));
    if constexpr (!K::arg && !K::moment && !memory_leaf<X>) {
        reduce_blocked<K, R>(out.data(), e.arg_, s, red.data());
        if constexpr (K::divides) sums_to_means(out.data(), size_of(rs), reduced_count(s, red.data()));
    } else {
        with_operand(e.arg_, s, [&](const V* data, const strides_t& st) {
            if constexpr (K::arg) arg_memory<K, V>(out.data(), data, s, st, red.data());
            else if constexpr (K::moment) moment_memory<K, memory_leaf<X>, R, V>(out.data(), data, s, st, red.data(), e.correction_);
            else if constexpr (K::divides) means_memory<memory_leaf<X>>(out.data(), size_of(rs), data, s, st, red.data());
            else reduce_memory<K, R, V>(out.data(), data, s, st, red.data());
        });
    }
    e.out_.take(std::move(out), std::move(rs));
}

// The operand's shape, the axis of a cumulative node and its result's shape
// (rank 0 counts as one element along a single axis).
template <class K, class R, class X>
shape_t cumulative_shape(const cumulative<K, R, X>& e, shape_t& s, std::size_t& axis) {
    s = shape_of(e.arg_);
    if (s.empty()) s = shape_t{1};
    else if (!e.has_axis_ && s.size() > 1)
        throw std::invalid_argument(std::string("loom::cumulative_") + (K::name[0] == 's' ? "sum" : "prod") +
                                    ": an operand of rank " + std::to_string(s.size()) + " needs an axis");
    const auto r = static_cast<std::ptrdiff_t>(s.size());
    const std::ptrdiff_t a = e.has_axis_ ? e.axis_ : 0;
    if (a < -r || a >= r)
        throw index_error(std::string("loom::cumulative_") + (K::name[0] == 's' ? "sum" : "prod") + ": axis " +
                          std::to_string(a) + " is out of range for an operand of rank " + std::to_string(s.size()));
    axis = static_cast<std::size_t>(a < 0 ? a + r : a);
    shape_t rs = s;
    rs[axis] += e.initial_ ? 1 : 0;
    return rs;
}

template <class K, class R, class X>
void compute(const cumulative<K, R, X>& e) {
    using V = typename X::value_type;
    shape_t s;
    std::size_t axis = 0;
    shape_t rs = cumulative_shape(e, s, axis);
    const strides_t ors = c_strides(rs);
    buffer<R> out(std::max<std::size_t>(size_of(rs), 1));
    const shape_t xs = shape_of(e.arg_);  // rank 0 stays rank 0 for the operand's own strides
    with_operand(e.arg_, xs, [&](const V* data, const strides_t& st0) {
        strides_t st = st0;
        if (xs.empty()) st = strides_t{1};
        const std::size_t n = s[axis], lines = n ? size_of(s) / n : 0;
        small_vector<std::size_t, 8> idx(s.size(), 0);
        for (std::size_t l = 0; l < lines; ++l) {
            std::ptrdiff_t in = 0, o = 0;
            for (std::size_t k = 0; k < s.size(); ++k) {
                in += static_cast<std::ptrdiff_t>(idx[k]) * st[k];
                o += static_cast<std::ptrdiff_t>(idx[k]) * ors[k];
            }
            R acc = K::template identity<R>();
            R* dst = out.data() + o;
            if (e.initial_) *dst = acc, dst += ors[axis];
            // the first element is itself, not the identity combined with it (which
            // loses a -0.0 in a sum, and turns inf + 1i into inf + NaN i in a complex product)
            for (std::size_t i = 0; i < n; ++i, dst += ors[axis]) {
                const R x = K::template lift<R>(data[in + static_cast<std::ptrdiff_t>(i) * st[axis]]);
                acc = i == 0 ? x : K::combine(acc, x);
                *dst = acc;
            }
            for (std::size_t k = s.size(); k-- > 0;) {
                if (k == axis) continue;
                if (++idx[k] < s[k]) break;
                idx[k] = 0;
            }
        }
        if (e.initial_ && n == 0) {  // lines of only the identity
            const std::size_t m = size_of(rs);
            for (std::size_t i = 0; i < m; ++i) out.data()[i] = K::template identity<R>();
        }
    });
    e.out_.take(std::move(out), std::move(rs));
}

template <class K, class R, class X>
struct mean_readers<reduction<K, R, X>> : std::integral_constant<int, (K::divides || K::moment) && memory_leaf<X>> {};

// Reductions and cumulative nodes read as leaves over their buffers, computed
// when the assignment collects its leaves (once per assignment).
template <class E, class R>
struct computed_leaf : leaf_reads<R> {
    static void collect(const E& e, leaf_desc* out) {
        compute(e);
        *out = {reinterpret_cast<const std::byte*>(e.out_.buf.data()), sizeof(R), &e.out_.shape, &e.out_.strides};
    }
    // A lone node assigned to an array or tensor (pipeline.hpp, assign_handed): its
    // values, computed into a buffer of its own, and their shape, for the target to take.
    static buffer<R> hand_over(const E& e, shape_t& s) {
        compute(e);
        s = std::move(e.out_.shape);
        return std::move(e.out_.buf);
    }
};

template <class K, class R, class X>
struct walker<reduction<K, R, X>> : computed_leaf<reduction<K, R, X>, R> {
    static void shape_into(const reduction<K, R, X>& e, shape_t& acc) {
        shape_t s;
        small_vector<bool, 8> red;
        broadcast_into(acc, reduced_shape(e, s, red));
    }
};

template <class K, class R, class X>
struct walker<cumulative<K, R, X>> : computed_leaf<cumulative<K, R, X>, R> {
    static void shape_into(const cumulative<K, R, X>& e, shape_t& acc) {
        shape_t s;
        std::size_t axis = 0;
        broadcast_into(acc, cumulative_shape(e, s, axis));
    }
};

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_not_one(const char* fn, const shape_t& s) {
    throw std::invalid_argument(std::string("loom::") + fn + ": only a reduction of one element converts to a number; this one has shape " +
                                to_string(s));
}

}  // namespace loom::detail

namespace loom {

template <class Kind, class R, class X>
reduction<Kind, R, X>::operator R() const {
    detail::compute(*this);
    if (size_of(out_.shape) != 1) detail::throw_not_one(Kind::name, out_.shape);
    return out_.buf.data()[0];
}

}  // namespace loom
