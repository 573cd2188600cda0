// loom/eval/classify.hpp: the classify step: the route an assignment takes (strategy.hpp's table), decided once from the target's layout and the leaves.
#pragma once

#include <cstddef>

#include "../broadcast/policy.hpp"
#include "../core/shape.hpp"
#include "alias.hpp"
#include "check.hpp"
#include "rows.hpp"
#include "strategy.hpp"
#include "streaming.hpp"
#include "walk.hpp"

namespace loom::detail {

// What an assignment writes into, for the alias and rows rules:
//   fresh   a buffer just allocated: no leaf reads it
//   owning  an array's or tensor's row-major buffer: owning leaves read it in step or not at all
//   other   any other target (a view, a fixed_array): a leaf may overlap it anyhow
enum class into { fresh, owning, other };

// The constants of one expression's kernel that classify reads, passed at run
// time so that classify is compiled once per element type and leaf count.
struct route_limits {
    std::size_t parallel_min;  // the least element count that may start threads
    std::size_t all_bytes;     // the bytes one element moves at most: the target's and every leaf's
    bool may_stream;           // it may write with non-temporal stores
    bool vectorized;           // it runs in SIMD batches (rows need them)
    std::size_t lanes;         // elements of a batch (1 when not vectorized)
};

// Whether an assignment of n elements is large: threads may start, or its
// stores may stream by a bound of the bytes it moves (every leaf counted).
// Then it goes by plan, where driver::run decides both (on the distinct
// bytes, driver::moved); the routes without a plan (flat, rows) take only
// the rest.
template <class T>
LOOM_INLINE bool large(std::size_t n, const route_limits& k) {
    return n >= k.parallel_min || (k.may_stream && streams<T>(n * k.all_bytes));
}

// The route classify chose and, for flat and rows, the loop's set-up.
template <class T, std::size_t L>
struct routing {
    static constexpr std::size_t slots = L ? L : 1;
    route how = route::planned;
    std::size_t m = 1;                  // rows: how many
    std::ptrdiff_t os = 0;              // rows: the target's row pitch, elements
    bool along = true;                  // rows: every leaf steps along the rows (none is splatted)
    const std::byte* base[slots] = {};  // flat, rows: each leaf's first byte
    std::ptrdiff_t is[slots] = {};      // rows: each leaf's row pitch, bytes
    row_state<T, L> s{};                // flat, rows: the row length, steps, cursors, disjoint
};

// The flat route: every leaf of the target's shape (the caller checked), the
// target and every leaf contiguous, no leaf overlapping the target other than
// in step (x = x * 2). Fills r.base, r.s.
template <class T, std::size_t L>
bool takes_flat(routing<T, L>& r, T* data, const shape_t& shape, const strides_t& strides, const leaf_desc* leaves,
                std::size_t w) {
    if (!is_contiguous(shape, strides)) return false;
    const std::size_t n = size_of(shape);
    const auto* t = reinterpret_cast<const std::byte*>(data);
    for (std::size_t k = 0; k < L; ++k) {
        const leaf_desc& d = leaves[k];
        if (!is_contiguous(shape, *d.strides)) return false;
        if (d.data != t && d.data < t + n * sizeof(T) && t < d.data + n * d.elem) return false;
        if (d.data == t && d.elem != sizeof(T)) return false;
        const auto elem = static_cast<std::ptrdiff_t>(d.elem);
        r.base[k] = d.data;
        r.s.step[k] = elem;
        r.s.c[k] = {nullptr, elem * static_cast<std::ptrdiff_t>(w), elem};
    }
    r.s.n = n;
    r.s.out_step = 1;
    return true;
}

// The rows route: the row, column and outer-product patterns of a 2-D
// target (m, n) whose rows are contiguous, os elements apart. Leaves of rank 1
// or 2 whose rows are contiguous (an owning leaf's are; a view's when its
// last axis steps by one element or has size 1, any row pitch), each axis 1
// or the target's. Exact: e's shape must be the target's (value mode); else
// it broadcasts to it (in place). A leaf that may overlap the target (a
// view; any leaf of a target that is not an array) must not, other than in
// step (x += view(x)). Fills r.
template <class T, std::size_t L, into Into, bool Owned>
bool takes_rows(routing<T, L>& r, T* data, const shape_t& shape, std::ptrdiff_t os, const leaf_desc* leaves,
                bool exact, std::size_t w) {
    // owning leaves are row-major and read an owning target in step or not at all
    constexpr bool may_overlap = Into == into::other || (Into == into::owning && !Owned);
    // ranks 1 and 2 together are a rank promotion: the plan's path checks the policy
    if (rank_policy_ != rank_promotion::allow) return false;
    const std::size_t m = shape[0], n = shape[1];
    if (m > 1 && os < 0) return false;  // rows walked backwards: by plan
    const auto* t = reinterpret_cast<const std::byte*>(data);
    const std::byte* t_end = m && n ? t + ((m - 1) * static_cast<std::size_t>(os) + n) * sizeof(T) : t;
    // e's shape is the target's when some leaf has rank 2 and each axis is some leaf's
    bool rank2 = false, full0 = m == 1, full1 = n == 1;
    r.s.disjoint = true;  // no leaf reads the target's memory (a buffer just allocated: none can)
    for (std::size_t k = 0; k < L; ++k) {
        const leaf_desc& d = leaves[k];
        const shape_t& ls = *d.shape;
        const std::size_t rk = ls.size();
        if (rk > 2) return false;
        const std::size_t e0 = rk == 2 ? ls[0] : 1, e1 = rk ? ls[rk - 1] : 1;
        if ((e0 != 1 && e0 != m) || (e1 != 1 && e1 != n)) return false;
        std::ptrdiff_t pitch = static_cast<std::ptrdiff_t>(e1);  // elements from row to row
        if constexpr (!Owned) {
            const strides_t& st = *d.strides;
            if (e1 != 1 && st[rk - 1] != 1) return false;  // rows must be contiguous
            if (e0 != 1) pitch = st[0];
        }
        if constexpr (may_overlap) {  // only the target's own elements in step
            const byte_range span = span_of(d.data, d.elem, ls, *d.strides);
            const bool in_step = d.data == t && e0 == m && e1 == n && (m == 1 || pitch == os);
            const bool overlaps = span.lo < t_end && t < span.hi;
            if (overlaps && !in_step) return false;
            r.s.disjoint = r.s.disjoint && !overlaps;
        } else if constexpr (Into == into::owning) {
            r.s.disjoint = r.s.disjoint && d.data != t;  // owning leaves: the target's buffer or another
        }
        rank2 = rank2 || rk == 2;
        full0 = full0 || e0 == m;
        full1 = full1 || e1 == n;
        r.along = r.along && e1 == n;
        const auto elem = static_cast<std::ptrdiff_t>(d.elem);
        const std::ptrdiff_t col = e1 == 1 ? 0 : elem;  // bytes per element along the row
        r.base[k] = d.data;
        r.is[k] = e0 == 1 ? 0 : pitch * elem;
        r.s.c[k] = {nullptr, col * static_cast<std::ptrdiff_t>(w), col};
    }
    if (exact && !(rank2 && full0 && full1)) return false;
    r.m = m;
    r.os = os;
    r.s.n = n;
    r.s.out_step = 1;
    return true;
}

// The classify step: the route of target <- e (the target's data, shape and
// strides; the leaves), strategy.hpp's table top to bottom:
//   flat      every leaf of the target's shape, all contiguous, not large
//   rows      a 2-D row, column or outer-product pattern (takes_rows), not large
//   unresolved  neither, and e's shape not known (known: the caller resolved
//             or checked it; exact: it must be the target's, else broadcast to it)
//   copied    a leaf reads the target's memory out of step (check_alias)
//   planned   everything else, and every large assignment
// A number (no leaf) is the caller's (fill). Compiled once per element type,
// leaf count and target kind.
template <class T, std::size_t L, into Into, bool Owned>
routing<T, L> classify(T* data, const shape_t& shape, const strides_t& strides, const leaf_desc* leaves, bool known,
                       bool exact, bool check_alias, const route_limits& k) {
    routing<T, L> r;
    const std::size_t w = k.lanes;
    const bool same = all_shaped(leaves, L, shape);
    const bool big = large<T>(size_of(shape), k);
    if (same && takes_flat(r, data, shape, strides, leaves, w)) {
        if (!big) return r.how = route::flat, r;
    } else if (k.vectorized && shape.size() == 2 && (shape[1] == 1 || strides[1] == 1) && !big &&
               takes_rows<T, L, Into, Owned>(r, data, shape, Into == into::other ? strides[0]
                                                                                   : static_cast<std::ptrdiff_t>(shape[1]),
                                             leaves, exact, w)) {
        return r.how = route::rows, r;
    }
    if (!known && !same) return r.how = route::unresolved, r;
    if (check_alias) {
        const auto* t = reinterpret_cast<const std::byte*>(data);
        const byte_range span = span_of(t, sizeof(T), shape, strides);
        for (std::size_t j = 0; j < L; ++j)
            if (reads_overlapping(leaves[j], span, sizeof(T), shape, strides)) return r.how = route::copied, r;
    }
    r.how = route::planned;
    return r;
}

}  // namespace loom::detail
