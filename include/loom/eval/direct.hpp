// loom/eval/direct.hpp: the strategies taken without a plan: contiguous operands of the target's shape (one flat loop), and 2-D rows (row, column, outer product).
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include <boost/hana/at.hpp>

#include "../broadcast/policy.hpp"
#include "../core/shape.hpp"
#include "alias.hpp"
#include "check.hpp"
#include "kernel.hpp"
#include "shared_means.hpp"
#include "streaming.hpp"
#include "threads.hpp"
#include "walk.hpp"

namespace loom::detail {

// The leaves of an expression as the strategies read them: each one's memory and layout.
template <class E>
struct leaves_of {
    static constexpr std::size_t size = walker<E>::leaves;
    leaf_desc d[size ? size : 1] = {};
};

// The prepared pass, once per assignment: the leaves collected, and the
// reductions, cumulative and masked nodes in the tree computed into storage
// this object owns (sharing their means when several need them), so that
// the loop reads only memory. Lives as long as the assignment; never copied.
template <class E>
struct prepared_leaves : leaves_of<E> {
    static constexpr std::size_t slots = walker<E>::slots;
    static constexpr bool shares_means = mean_readers<E>::value >= 2;
    struct none {};
    [[no_unique_address]] std::conditional_t<slots == 0, none, std::array<prepared, slots>> store;
    [[no_unique_address]] std::conditional_t<shares_means, shared_means, none> means;

    explicit prepared_leaves(const E& e) {
        prepare_ctx ctx{nullptr, nullptr};
        if constexpr (slots > 0) ctx.next = store.data();
        if constexpr (shares_means) ctx.means = &means;
        walker<E>::collect(e, this->d, ctx);
    }
    prepared_leaves(const prepared_leaves&) = delete;
    prepared_leaves& operator=(const prepared_leaves&) = delete;
};

// The bytes a flat assignment of n elements moves, each distinct leaf once.
template <class T, std::size_t L>
std::size_t flat_bytes(const std::byte* const* base, const std::ptrdiff_t* elem, std::size_t n) {
    std::size_t bytes = sizeof(T);
    for (std::size_t k = 0; k < L; ++k) {
        const auto reach = [&](std::size_t j) { return base[j] + n * static_cast<std::size_t>(elem[j]); };
        bool seen = false;
        for (std::size_t j = 0; j < k; ++j) seen = seen || (base[j] < reach(k) && base[k] < reach(j));
        if (!seen) bytes += static_cast<std::size_t>(elem[k]);
    }
    return n * bytes;
}

// Whether a flat assignment of n elements streams: the bytes it moves, the
// target's and each distinct leaf's (a leaf over memory an earlier one reads
// counts once: x * x), reach the threshold. Counting every leaf first, a
// bound without a loop, keeps small assignments from the pairs' loop.
template <class T, std::size_t L>
LOOM_INLINE bool flat_streams(const std::byte* const* base, const std::ptrdiff_t* elem, std::size_t n) {
    std::size_t all = sizeof(T);
    for (std::size_t k = 0; k < L; ++k) all += static_cast<std::size_t>(elem[k]);
    return streams<T>(n * all) && streams<T>(flat_bytes<T, L>(base, elem, n));
}

// run_flat past the bound of streams() or of threads: on several threads
// through a plan of one axis (driver::run) when the work is worth them;
// streamed when the distinct bytes reach the threshold too. Out of line, the
// leaves' pointers by value (kernel::bases): small assignments never come
// here.
template <class T, class E>
[[gnu::noinline]] void run_flat_large(T* out, typename kernel<T, E>::bases b, const E& e, std::size_t n) {
    using K = kernel<T, E>;
    if (n >= K::parallel_min && threads_for(n * K::work, n / K::driver_type::line) > 1) {
        plan<K::L> p;
        p.rank = 1;
        p.size = n;
        p.extent = shape_t{n};
        p.out = strides_t{1};
        for (std::size_t k = 0; k < K::L; ++k) {
            p.in[k] = strides_t{K::elem[k]};
            p.base[k] = b.p[k];
            p.elem[k] = static_cast<std::size_t>(K::elem[k]);
        }
        return K::template run<true>(e, out, p);
    }
    if constexpr (K::may_stream) {
        if (streams<T>(flat_bytes<T, K::L>(b.p, K::elem.data(), n))) {
            ran(strategy::contiguous, true);
            typename K::row_state s{};
            const std::ptrdiff_t down[K::slots] = {};  // one row: no row pitch
            for (std::size_t k = 0; k < K::L; ++k) s.c[k] = {nullptr, K::elem[k] * static_cast<std::ptrdiff_t>(K::W), K::elem[k]};
            rows_streamed<T, K::L>(&K::flat_rows, &e, out, 0, b.p, down, s, 1, n);
            simd::stream_fence();
            return;
        }
    }
    ran(strategy::contiguous);
    K::row_flat(e, out, b.p, n);
}

// out[0 .. n) <- e, every leaf stepping by one element from base[k]; with
// non-temporal stores when it moves enough bytes (streams(), kernel::may_stream).
template <class T, class E>
LOOM_INLINE void run_flat(T* out, const std::byte* const* base, const E& e, std::size_t n) {
    using K = kernel<T, E>;
    // counting every leaf: a bound; and the least count for threads
    if (n >= K::parallel_min || (K::may_stream && streams<T>(n * K::all_bytes))) [[unlikely]] {
        typename K::bases b{};
        for (std::size_t k = 0; k < K::L; ++k) b.p[k] = base[k];
        return run_flat_large(out, b, e, n);
    }
    ran(strategy::contiguous);
    K::row_flat(e, out, base, n);
}

// Whether assign_flat applies to a target of T (data, shape, strides) and L
// leaves: the same shapes, everything contiguous, no leaf overlapping the
// target other than in step. Then base[k] and step[k] are leaf k's first byte
// and element size, and n the element count. Inlined: a call is a large part
// of a small assignment.
template <std::size_t L, class T>
LOOM_INLINE bool flat_leaves(T* data, const shape_t& shape, const strides_t& strides, const leaf_desc* leaves,
                             const std::byte** base, std::ptrdiff_t* step, std::size_t& n) {
    if (!all_shaped(leaves, L, shape) || !is_contiguous(shape, strides)) return false;
    n = size_of(shape);
    const auto* t = reinterpret_cast<const std::byte*>(data);
    for (std::size_t k = 0; k < L; ++k) {
        const leaf_desc& d = leaves[k];
        if (!is_contiguous(shape, *d.strides)) return false;
        // a leaf over the target's own elements in step is fine (x = x * 2);
        // any other overlap goes through the aliasing path
        if (d.data != t && d.data < t + n * sizeof(T) && t < d.data + n * d.elem) return false;
        if (d.data == t && d.elem != sizeof(T)) return false;
        base[k] = d.data;
        step[k] = static_cast<std::ptrdiff_t>(d.elem);
    }
    return true;
}

// assign_flat's loop through the expression's row functions (kernel::bodies<true>:
// flat, streamed when large (rows_streamed); the scalar rows when not vectorized), which
// its plan's path compiles anyway: compiled once per element type and leaf
// count, not once per expression, at the price of a call and a row_state.
template <class T, std::size_t L, bool Vectorized, bool MayStream, std::size_t W>
bool flat_by_pointer(T* data, const shape_t& shape, const strides_t& strides, const leaf_desc* leaves, const void* e,
                     const row_bodies<T, L>& b) {
    using D = driver<T, L, Vectorized, MayStream, W>;
    const std::byte* base[D::slots] = {};
    const std::ptrdiff_t down[D::slots] = {};  // one row: no row pitch
    row_state<T, L> s{};
    if (!flat_leaves<L>(data, shape, strides, leaves, base, s.step, s.n)) return false;
    if (s.n == 0) return true;  // an empty leaf's pointer may be null
    if (s.n >= b.parallel_min) return false;  // large enough for threads: by plan (driver::run)
    s.out_step = 1;
    for (std::size_t k = 0; k < L; ++k) s.c[k] = {nullptr, s.step[k] * static_cast<std::ptrdiff_t>(D::W), s.step[k]};
    if constexpr (!Vectorized) {
        ran(strategy::scalar);
        b.packed(e, data, 0, base, down, s, 1, s.n);
    } else {
        s.nt = MayStream && flat_streams<T, L>(base, s.step, s.n);
        ran(strategy::contiguous, s.nt);
        if (s.nt) {
            rows_streamed<T, L>(b.flat, e, data, 0, base, down, s, 1, s.n);
            simd::stream_fence();
        } else {
            b.flat(e, data, 0, base, down, s, 1, s.n);
        }
    }
    return true;
}

// Same shapes, everything contiguous: one flat loop and no plan. Returns
// false when that does not apply (or a leaf overlaps the target elsewhere).
// An expression without leaves goes to fill() instead.
//
// Tried: the pipeline ran the small-array path (assign_owning) first, for
// owning leaves that run in SIMD batches (owning_flat). That path covers every
// case of this one but a new shape, so here the loop is not inlined again but
// called (flat_by_pointer): less code to compile per expression.
template <bool Tried = false, class T, class E>
bool assign_flat(T* data, const shape_t& shape, const strides_t& strides, const E& e, const leaves_of<E>& lv) {
    using K = kernel<T, E>;
    if constexpr (Tried) {
        static constexpr row_bodies<T, K::L> b = K::template bodies<true>();
        return flat_by_pointer<T, K::L, K::vectorized, K::may_stream, K::W>(data, shape, strides, lv.d, &e, b);
    } else {
        const std::byte* base[K::slots];
        typename K::row_state s;
        if (!flat_leaves<K::L>(data, shape, strides, lv.d, base, s.step, s.n)) return false;
        if constexpr (K::vectorized) {
            run_flat(data, base, e, s.n);
        } else {
            if (s.n >= K::parallel_min) return false;  // large enough for threads: by plan (driver::run)
            ran(strategy::scalar);
            s.out_step = 1;
            K::row_scalar(e, data, base, s, s.n);
        }
        return true;
    }
}

// Leaves that own row-major contiguous memory (array, tensor): two of them
// are the same buffer (read in step) or do not overlap at all. Each owning
// type specializes this with `same_shape(leaf, s)`.
template <class L>
struct owning : std::false_type {};
template <class L>
struct owning<leaf_ref<L>> : owning<L> {
    template <class S>
    static bool same_shape(const leaf_ref<L>& l, const S& s) noexcept {
        return owning<L>::same_shape(*l.leaf_, s);
    }
};

// What owning leaves are compared with: a shape_t, or an owning target itself
// (a tensor compares its N extents with another's directly, an array its shape key).
inline const shape_t& shape_ref(const shape_t& s) noexcept { return s; }
template <class S>
    requires requires(const S& s) { s.shape(); }
const shape_t& shape_ref(const S& s) noexcept {
    return s.shape();
}
// Its element count (an owning target keeps its own).
inline std::size_t count_ref(const shape_t& s) noexcept { return count_of(s); }
template <class S>
    requires requires(const S& s) { s.shape(); }
std::size_t count_ref(const S& s) noexcept {
    return s.size();
}

// Whether every leaf of E is owning (numbers have no leaf).
template <class E>
constexpr bool owning_tree() {
    if constexpr (memory_leaf<E>) return owning<E>::value;
    else if constexpr (is_fn<E>::value)
        return []<class Op, class... A>(fn<Op, A...>*) { return (owning_tree<A>() && ...); }(static_cast<E*>(nullptr));
    else return std::is_same_v<E, scalar_node<typename E::value_type>>;
}

// The element pointers of a tree whose leaves expose data() (arrays, tensors,
// fixed arrays, by value or by reference), in the walker's depth-first order.
template <class E>
LOOM_INLINE void collect_data(const E& e, const std::byte** out) {
    if constexpr (memory_leaf<E>) {
        if constexpr (requires { e.leaf_; }) *out = reinterpret_cast<const std::byte*>(e.leaf_->data());
        else *out = reinterpret_cast<const std::byte*>(e.data());
    } else if constexpr (is_fn<E>::value) {
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            (collect_data(boost::hana::at_c<I>(e.args_), out + walker<E>::offset[I]), ...);
        }(std::make_index_sequence<walker<E>::offset.size() - 1>{});
    }
}

// Whether every leaf of an owning tree has exactly shape s (a shape_t or an owning target).
template <class E, class S>
LOOM_INLINE bool owning_shaped(const E& e, const S& s) {
    if constexpr (memory_leaf<E>) {
        return owning<E>::same_shape(e, s);
    } else if constexpr (is_fn<E>::value) {
        return [&]<std::size_t... I>(std::index_sequence<I...>) {
            return (owning_shaped(boost::hana::at_c<I>(e.args_), s) && ...);
        }(std::make_index_sequence<walker<E>::offset.size() - 1>{});
    } else {
        return true;
    }
}

// The first leaf of an owning tree (depth-first), which has one: the array or
// tensor itself, which the other leaves' shapes are compared with.
template <class E>
LOOM_INLINE const auto& first_leaf(const E& e) {
    if constexpr (memory_leaf<E>) {
        if constexpr (requires { e.leaf_; }) return *e.leaf_;
        else return e;
    } else {
        return [&]<class Op, class... A>(const fn<Op, A...>& f) -> const auto& {
            constexpr std::size_t first = [] {
                std::size_t k = 0;
                for (bool has : {(walker<A>::leaves > 0)...}) {
                    if (has) break;
                    ++k;
                }
                return k;
            }();
            return first_leaf(boost::hana::at_c<first>(f.args_));
        }(e);
    }
}

// The small-array path applies to E: its leaves all own their memory, and it runs in SIMD batches.
template <class T, class E>
inline constexpr bool owning_flat = owning_tree<E>() && kernel<T, E>::vectorized && walker<E>::leaves > 0;

// out[0 .. n) <- e, for owning leaves of the target's shape (n elements).
template <class T, class E>
LOOM_INLINE void run_owning_flat(T* out, const E& e, std::size_t n) {
    const std::byte* base[walker<E>::leaves];
    collect_data(e, base);
    run_flat(out, base, e, n);
}

// The small-array path: into an owning target (an array or tensor, or its
// shape), from leaves that all own their memory and have the target's shape:
// one flat loop, nothing else looked at (no aliasing can be partial, no axis is
// broadcast). False when it does not apply.
template <class T, class S, class E>
LOOM_INLINE bool assign_owning(T* data, const S& target, const E& e) {
    if constexpr (owning_flat<T, E>) {
        if (!owning_shaped(e, target)) return false;
        run_owning_flat(data, e, count_ref(target));  // the leaves hold this many elements
        return true;
    } else {
        return false;
    }
}

// What assign_rows_2d writes into: a buffer just allocated (no leaf can read
// it), an array or tensor (r = e, r op= e), or any other row-major-rows
// target (a view, a fixed_array: in place).
enum class rows_into { fresh, owning, other };

// The rows of rows_2d through the expression's row functions: one type for
// every expression of an element type and leaf count, so one rows_2d.
template <class T, std::size_t L>
struct rows_by_pointer {
    const void* e;
    rows_fn<T, L> flat, general;
    void operator()(bool flat_kind, T* out, std::ptrdiff_t os, const std::byte* const* base, const std::ptrdiff_t* is,
                    const row_state<T, L>& s, std::size_t m, std::size_t n) const {
        (flat_kind ? flat : general)(e, out, os, base, is, s, m, n);
    }
};

// Rows without a plan: the row, column and outer-product patterns. Leaves of
// rank 1 or 2 whose rows are contiguous (arrays and tensors; views whose last
// axis steps by one element or has size 1, any row pitch), each axis either 1
// or the target's, into a 2-D target (m, n) with contiguous rows os elements
// apart; all the rows in one call of `rows` (the expression's kernel::flat_rows
// or general_rows, which the planner's path compiles anyway, so that this is
// compiled once per element type and leaf count; or inlined rows for arrays
// in place). Into an array (fresh or owning), e's shape must be the target's;
// in place (other), it broadcasts to it. A leaf that may overlap the target
// (a view; any leaf of a target that is not an array) must not, other than in
// step (x += view(x)); the general path copes with the rest. False when that
// does not apply (then nothing was written).
template <class T, std::size_t L, rows_into Into, bool Owned, bool MayStream, std::size_t W, class Rows>
LOOM_HOT_LOOPS bool rows_2d(T* data, const shape_t& shape, std::ptrdiff_t os, const leaf_desc* leaves, Rows rows,
                            const rows_by_pointer<T, L>& streamed) {
    using D = driver<T, L, true, MayStream, W>;
    // owning leaves are row-major and read an owning target in step or not at all
    constexpr bool may_overlap = Into == rows_into::other || (Into == rows_into::owning && !Owned);
    // ranks 1 and 2 together are a rank promotion: the general path checks the policy
    if (shape.size() != 2 || rank_policy_ != rank_promotion::allow) return false;
    const std::size_t m = shape[0], n = shape[1];
    if constexpr (Into == rows_into::other)
        if (m > 1 && os < 0) return false;  // rows walked backwards: the general path
    const auto* t = reinterpret_cast<const std::byte*>(data);
    const std::byte* t_end = m && n ? t + ((m - 1) * static_cast<std::size_t>(os) + n) * sizeof(T) : t;
    const std::byte* base[D::slots] = {};
    std::ptrdiff_t is[D::slots] = {};
    row_state<T, L> s{};
    // e's shape is the target's when some leaf has rank 2 and each axis is some leaf's
    bool rank2 = false, full0 = m == 1, full1 = n == 1;
    bool along = true;  // every leaf steps along the rows (none is splatted)
    s.disjoint = true;  // no leaf reads the target's memory (a buffer just allocated: none can)
    std::size_t moved = m * n * sizeof(T);  // bytes: the target's, then every leaf's (for streams())
    for (std::size_t k = 0; k < L; ++k) {
        const leaf_desc& d = leaves[k];
        const shape_t& ls = *d.shape;
        const std::size_t r = ls.size();
        if (r > 2) return false;
        const std::size_t e0 = r == 2 ? ls[0] : 1, e1 = r ? ls[r - 1] : 1;
        if ((e0 != 1 && e0 != m) || (e1 != 1 && e1 != n)) return false;
        std::ptrdiff_t pitch = static_cast<std::ptrdiff_t>(e1);  // elements from row to row
        if constexpr (!Owned) {
            const strides_t& st = *d.strides;
            if (e1 != 1 && st[r - 1] != 1) return false;  // rows must be contiguous
            if (e0 != 1) pitch = st[0];
        }
        if constexpr (may_overlap) {  // only the target's own elements in step
            const byte_range span = span_of(d.data, d.elem, ls, *d.strides);
            const bool in_step = d.data == t && e0 == m && e1 == n && (m == 1 || pitch == os);
            const bool overlaps = span.lo < t_end && t < span.hi;
            if (overlaps && !in_step) return false;
            s.disjoint = s.disjoint && !overlaps;
        } else if constexpr (Into == rows_into::owning) {
            s.disjoint = s.disjoint && d.data != t;  // owning leaves: the target's buffer or another
        }
        rank2 = rank2 || r == 2;
        full0 = full0 || e0 == m;
        full1 = full1 || e1 == n;
        along = along && e1 == n;
        moved += e0 * e1 * d.elem;
        const auto elem = static_cast<std::ptrdiff_t>(d.elem);
        const std::ptrdiff_t col = e1 == 1 ? 0 : elem;  // bytes per element along the row
        base[k] = d.data;
        is[k] = e0 == 1 ? 0 : pitch * elem;
        s.c[k] = {nullptr, col * static_cast<std::ptrdiff_t>(D::W), col};
    }
    if constexpr (Into != rows_into::other)
        if (!(rank2 && full0 && full1)) return false;
    // nothing to write; and an empty target's or leaf's pointer may be null, which
    // no row pitch may be added to
    if (m == 0 || n == 0) return true;
    s.n = n;
    s.out_step = 1;
    // past the threshold counting every leaf: count the views of one buffer once
    s.nt = MayStream && streams<T>(moved) && streams<T>(m * n * sizeof(T) + distinct_leaf_bytes(leaves, L));
    // rows of leaves that all step along them (A(M,N) + b(N)) are flat
    // loops, with no cursors to set up per row
    ran(along ? strategy::contiguous : strategy::splatted, s.nt);
    if constexpr (MayStream) {
        if (s.nt) {
            rows_streamed<T, L>(along ? streamed.flat : streamed.general, streamed.e, data, os, base, is, s, m, n);
            simd::stream_fence();
            return true;
        }
    }
    rows(along, data, os, base, is, s, m, n);
    return true;
}

template <rows_into Into, class T, class E>
bool assign_rows_2d(T* data, const shape_t& shape, std::ptrdiff_t os, const E& e, const leaves_of<E>& lv) {
    using K = kernel<T, E>;
    constexpr bool owned = owning_tree<E>();
    // a number: assign_leaves fills the target
    if constexpr (!K::vectorized || K::L == 0) {
        return false;
    } else if (shape.size() == 2 && shape[0] * shape[1] >= K::parallel_min) {
        return false;  // large enough for threads: by plan (driver::run)
    } else if constexpr (Into == rows_into::owning && owned) {
        // arrays and tensors in place (the row, column and outer cases): the
        // rows inlined here, no call per assignment: small ones are dominated by it
        return rows_2d<T, K::L, Into, owned, K::may_stream, K::W>(
            data, shape, os, lv.d,
            [&](bool flat_kind, T* out, std::ptrdiff_t ros, const std::byte* const* base, const std::ptrdiff_t* is,
                const typename K::row_state& s, std::size_t m, std::size_t n) {
                if (flat_kind) K::each(out, ros, base, is, m, [&](T* row, const std::byte* const* b) { K::row_flat(e, row, b, n, s.disjoint); });
                else K::rows_general(e, out, ros, base, is, s.c, m, n);
            },
            rows_by_pointer<T, K::L>{&e, &K::flat_rows, &K::general_rows});
    } else {
        const rows_by_pointer<T, K::L> by{&e, &K::flat_rows, &K::general_rows};
        return rows_2d<T, K::L, Into, owned, K::may_stream, K::W>(data, shape, os, lv.d, by, by);
    }
}

// The same into a row-major target (an array, a fresh buffer): rows n apart.
template <rows_into Into, class T, class E>
bool assign_rows_2d(T* data, const shape_t& shape, const E& e, const leaves_of<E>& lv) {
    return shape.size() == 2 && assign_rows_2d<Into>(data, shape, static_cast<std::ptrdiff_t>(shape[1]), e, lv);
}

// The same in place, into a target given by its layout: one whose rows are
// contiguous (a view, a fixed_array); false otherwise.
template <class T, class E>
bool assign_rows_2d(T* data, const shape_t& shape, const strides_t& strides, const E& e, const leaves_of<E>& lv) {
    if (shape.size() != 2 || (shape[1] != 1 && strides[1] != 1)) return false;
    return assign_rows_2d<rows_into::other>(data, shape, strides[0], e, lv);
}

}  // namespace loom::detail
