// loom/eval/direct.hpp: the leaves an assignment reads (the prepared pass), the small-array path, and the loops of the routes taken without a plan (flat, rows).
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include <boost/hana/at.hpp>

#include "../core/shape.hpp"
#include "alias.hpp"
#include "check.hpp"
#include "classify.hpp"
#include "kernel.hpp"
#include "shared_means.hpp"
#include "streaming.hpp"
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

// run_flat past the bound of large() (classify.hpp): by a plan of one axis,
// so that driver::run decides threads and streaming as for every large
// assignment. Out of line, the leaves' pointers by value (kernel::bases):
// small assignments never come here.
template <class T, class E>
[[gnu::noinline]] void run_flat_large(T* out, typename kernel<T, E>::bases b, const E& e, std::size_t n) {
    using K = kernel<T, E>;
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
    K::template run<true>(e, out, p);
}

// out[0 .. n) <- e, every leaf stepping by one element from base[k]: the
// small-array path's loop (assign_owning), which skips classify.
template <class T, class E>
LOOM_INLINE void run_flat(T* out, const std::byte* const* base, const E& e, std::size_t n) {
    using K = kernel<T, E>;
    if (large<T>(n, K::limits)) [[unlikely]] {
        typename K::bases b{};
        for (std::size_t k = 0; k < K::L; ++k) b.p[k] = base[k];
        return run_flat_large(out, b, e, n);
    }
    ran(strategy::contiguous);
    K::row_flat(e, out, base, n);
}

// The flat route's loop (classify.hpp takes_flat). ByPointer: through the
// expression's row functions, which its plan's path compiles anyway (the
// small-array path inlined the loop already for owning trees); else inlined.
template <bool ByPointer, class T, class E, std::size_t L>
void run_flat_route(T* data, const E& e, const routing<T, L>& r) {
    using K = kernel<T, E>;
    if (r.s.n == 0) return;  // an empty leaf's pointer may be null
    if constexpr (!K::vectorized) {
        ran(strategy::scalar);
        K::row_scalar(e, data, r.base, r.s, r.s.n);
    } else if constexpr (ByPointer) {
        const std::ptrdiff_t down[routing<T, L>::slots] = {};  // one row: no row pitch
        ran(strategy::contiguous);
        K::flat_rows(&e, data, 0, r.base, down, r.s, 1, r.s.n);
    } else {
        ran(strategy::contiguous);
        K::row_flat(e, data, r.base, r.s.n);
    }
}

// The rows route's loop (classify.hpp takes_rows): all the rows in one call.
// Inline: arrays and tensors from owning leaves (small ones are dominated by
// a call); else through the expression's row functions.
template <bool Inline, class T, class E, std::size_t L>
void run_rows_route(T* data, const E& e, const routing<T, L>& r) {
    using K = kernel<T, E>;
    // nothing to write; and an empty target's or leaf's pointer may be null,
    // which no row pitch may be added to
    if (r.m == 0 || r.s.n == 0) return;
    // rows of leaves that all step along them (A(M,N) + b(N)) are flat loops,
    // with no cursors to set up per row
    ran(r.along ? strategy::contiguous : strategy::splatted);
    if constexpr (Inline) {
        if (r.along)
            K::each(data, r.os, r.base, r.is, r.m,
                    [&](T* row, const std::byte* const* b) { K::row_flat(e, row, b, r.s.n, r.s.disjoint); });
        else
            K::rows_general(e, data, r.os, r.base, r.is, r.s.c, r.m, r.s.n);
    } else {
        (r.along ? K::flat_rows : K::general_rows)(&e, data, r.os, r.base, r.is, r.s, r.m, r.s.n);
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

}  // namespace loom::detail
