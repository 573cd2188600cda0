// loom/eval/reduce/blocked.hpp: reducing an expression that is not in memory: block by block as the element-wise pass computes it, or fused into registers.
#pragma once

#include <algorithm>
#include <cstddef>
#include <type_traits>

#include "../../core/shape.hpp"
#include "../../core/storage.hpp"
#include "../../detail/small_vector.hpp"
#include "../../simd/simd.hpp"
#include "../kernel_traits.hpp"
#include "../pipeline.hpp"
#include "../threads.hpp"
#include "../walk.hpp"
#include "memory.hpp"

namespace loom::detail {

// A node the prepared pass computes into memory of its own value type and
// shape (a reduction, a cumulative or a masked node): reduced from there.
template <class X>
inline constexpr bool lone_leaf = !memory_leaf<X> && !is_fn<X>::value && !needs_rank<X>::value &&
                                  walker<X>::leaves == 1 && walker<X>::slots == 1 &&
                                  std::is_base_of_v<leaf_reads<typename X::value_type>, walker<X>>;

// f(data, strides) over the elements of x, of shape s: an array or a view in
// place, a lone computed node where the prepared pass puts it, anything else
// evaluated first into a row-major buffer.
template <class X, class F>
void with_operand(const X& x, const shape_t& s, F&& f) {
    using V = typename X::value_type;
    if constexpr (memory_leaf<X>) {
        const auto l = x.layout();
        f(l.data, *l.strides);
    } else if constexpr (lone_leaf<X>) {
        const prepared_leaves<X> lv(x);
        f(reinterpret_cast<const V*>(lv.d[0].data), *lv.d[0].strides);
    } else {
        buffer<V> tmp(size_of(s));
        const strides_t cs = c_strides(s);
        assign_fresh(fresh_target<V>{tmp.data(), s, cs}, x, prepared_leaves<X>(x));
        f(static_cast<const V*>(tmp.data()), cs);
    }
}

// Every axis reduced and every leaf of x contiguous with x's own shape (a dot
// product, a norm): x's batches are combined in registers as they are
// computed, with no block buffer; the tree of reducer::lanes (four
// accumulators over blocks of 64 batches, blocks by halves, lanes apart until the end).
template <class K, class A, class X>
struct fused_flat {
    using Tr = kernel_traits<A, X>;
    static constexpr std::size_t W = Tr::W, slots = Tr::slots, block = reducer<K, A, A>::lanes_block;
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
    using B = simd::batch<A>;
    static A run(const X& x, const leaves_of<X>& lv, std::size_t n) {
        const std::byte* base[slots] = {};
        for (std::size_t k = 0; k < Tr::L; ++k) base[k] = lv.d[k].data;
        const std::size_t m = n / W * W;
        // on threads: the halves of the same tree (parallel_halves)
        const int threads = n >= Tr::parallel_min ? threads_for(n * Tr::work, 16) : 1;
        B v = threads > 1 ? parallel_halves<B>(
                                m, block, half, [&](std::size_t lo, std::size_t k) { return lanes(x, base, lo, k); },
                                [](B a, B b) { return K::combine(a, b); }, threads)
                          : lanes(x, base, 0, m);
        A r = reducer<K, A, A>::fold(v);
        cursor c[slots] = {};
        for (std::size_t i = m; i < n; ++i) {
            at(c, base, i);
            r = K::combine(r, static_cast<A>(walker<X>::template scalar<0>(x, c)));
        }
        return r;
    }
    // the leaves' cursors at element i
    static void at(cursor* c, const std::byte* const* base, std::size_t i) {
        for (std::size_t k = 0; k < Tr::L; ++k)
            c[k] = {base[k] + static_cast<std::ptrdiff_t>(i) * Tr::elem[k], Tr::elem[k] * static_cast<std::ptrdiff_t>(W), Tr::elem[k]};
    }
    static B lanes(const X& x, const std::byte* const* base, std::size_t lo, std::size_t n) {
        if (n > block) {
            const std::size_t h = half(n);
            // the left half first (GCC evaluates arguments right to left): memory in increasing order
            const B left = lanes(x, base, lo, h);
            return K::combine(left, lanes(x, base, lo + h, n - h));
        }
        cursor c[slots] = {};
        B a0 = simd::splat(K::template identity<A>()), a1 = a0, a2 = a0, a3 = a0;
        std::size_t i = 0;
        for (; i + 4 * W <= n; i += 4 * W) {
            at(c, base, lo + i);
            a0 = K::combine(a0, walker<X>::template batch<0, A>(x, c));
            at(c, base, lo + i + W);
            a1 = K::combine(a1, walker<X>::template batch<0, A>(x, c));
            at(c, base, lo + i + 2 * W);
            a2 = K::combine(a2, walker<X>::template batch<0, A>(x, c));
            at(c, base, lo + i + 3 * W);
            a3 = K::combine(a3, walker<X>::template batch<0, A>(x, c));
        }
        for (; i + W <= n; i += W) {
            at(c, base, lo + i);
            a0 = K::combine(a0, walker<X>::template batch<0, A>(x, c));
        }
        return K::combine(K::combine(a0, a1), K::combine(a2, a3));
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
        if (n == 0) assign_fresh(fresh_target<V>{one.data(), s0, cs}, x, prepared_leaves<X>(x));
        return reduce_memory<K, A, V>(out, one.data(), s0, cs, red0);
    }
    const prepared_leaves<X> lv(x);  // reductions inside x are computed here, once
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
        leaves_of<X> lb = lv;  // the descriptors only: lv keeps the storage
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
                    if (!inner_reduces) assign_routed<false, false, into::fresh>(slot, bs, cs, x, lb, true, true);
                }
                if (!lifts_to_itself || inner_reduces) {
                    assign_routed<false, false, into::fresh>(buf.data(), bs, cs, x, lb, true, true);
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

}  // namespace loom::detail
