// loom/eval/static_assign.hpp: assignment into a static shape: the plan made at compile time, loops of known trip counts.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

#include <boost/hana/at.hpp>

#include "../core/extents.hpp"
#include "pipeline.hpp"
#include "kernel.hpp"
#include "plan.hpp"
#include "walk.hpp"

namespace loom::detail {

template <std::size_t... D>
constexpr std::array<std::size_t, sizeof...(D) + 1> extents_array(extents<D...>) {
    return {D..., 0};
}

// One leaf as the static planner sees it (rank at most R).
template <std::size_t R>
struct static_leaf {
    std::size_t rank = 0;
    std::array<std::size_t, R + 1> extent{};
    std::size_t elem = 0;
};

template <class E, std::size_t R>
constexpr void static_leaves_into(static_leaf<R>* out) {
    if constexpr (memory_leaf<E>) {
        using X = typename static_info<E>::shape;
        static_assert(X::rank <= R);
        const auto ext = extents_array(X{});
        out->rank = X::rank;
        for (std::size_t i = 0; i < X::rank; ++i) out->extent[i] = ext[i];
        out->elem = sizeof(typename E::value_type);
    } else if constexpr (is_fn<E>::value) {
        [&]<class Op, class... A>(fn<Op, A...>*) {
            std::size_t i = 0;
            ((static_leaves_into<A, R>(out + walker<E>::offset[i++])), ...);
        }(static_cast<E*>(nullptr));
    }
}

// The loop nest of assigning E into a contiguous target of static shape S,
// made at compile time by the dynamic plan's rules (lay_axes): the leaves are
// row-major arrays, stepping 0 where they are broadcast.
template <class S, class E>
struct static_plan {
    static constexpr std::size_t L = walker<E>::leaves;
    static constexpr std::size_t R = S::rank;
    using type = loop_nest<std::array<std::size_t, R + 1>, std::array<std::ptrdiff_t, R + 1>, L>;
    static constexpr type value = [] {
        type p;
        const auto shape = extents_array(S{});
        std::array<static_leaf<R>, L ? L : 1> leaf{};
        static_leaves_into<E, R>(leaf.data());
        std::array<std::ptrdiff_t, R + 1> target{};  // row-major strides of S
        for (std::size_t i = R, st = 1; i-- > 0; st *= shape[i]) target[i] = static_cast<std::ptrdiff_t>(st);
        const auto leaf_at = [&](std::size_t k, std::size_t i) {
            const static_leaf<R>& l = leaf[k];
            if (i + l.rank < R || l.extent[i + l.rank - R] == 1) return std::ptrdiff_t{0};
            auto st = static_cast<std::ptrdiff_t>(l.elem);
            for (std::size_t j = i + l.rank - R + 1; j < l.rank; ++j) st *= static_cast<std::ptrdiff_t>(l.extent[j]);
            return st;
        };
        std::array<std::ptrdiff_t*, L ? L : 1> in{};
        for (std::size_t k = 0; k < L; ++k) in[k] = p.in[k].data();
        p.rank = lay_axes<L>(
            R, [&](std::size_t i) { return shape[i]; }, [&](std::size_t i) { return target[i]; }, leaf_at,
            p.extent.data(), p.out.data(), in.data());
        return p;
    }();
};

// Axis D and inward of the static plan P: loops of constant trip counts, the
// innermost a row of constant length and steps, all inlined.
template <class T, class E, class P, std::size_t D>
LOOM_INLINE void static_rows(const E& e, T* out, const std::byte* const* ptr) {
    using K = kernel<T, E>;
    constexpr auto& p = P::value;
    constexpr std::size_t L = K::L;
    if constexpr (p.rank == 0 || D + 1 == p.rank) {
        // the innermost axis: every leaf steps by one element or not at
        // all (leaves are row-major arrays), the target by one element
        constexpr std::size_t n = p.rank == 0 ? 1 : p.extent[D];
        cursor c[K::slots] = {};
        for (std::size_t k = 0; k < L; ++k) {
            const std::ptrdiff_t step = p.rank == 0 ? 0 : p.in[k][D];
            c[k] = {ptr[k], step * static_cast<std::ptrdiff_t>(K::W), step};
        }
        K::template row_steps<n>(e, out, c, n);
    } else {
        for (std::size_t i = 0; i < p.extent[D]; ++i) {
            const auto ii = static_cast<std::ptrdiff_t>(i);
            const std::byte* q[K::slots] = {};
            for (std::size_t k = 0; k < L; ++k) q[k] = ptr[k] + ii * p.in[k][D];
            static_rows<T, E, P, D + 1>(e, out + ii * p.out[D], q);
        }
    }
}

// out[0 .. S::size) <- e, where e's static shape broadcasts to S (checked by the caller).
template <class T, class S, class E>
LOOM_INLINE void static_assign(T* out, const E& e) {
    if constexpr (S::size != 0) {
        const std::byte* base[kernel<T, E>::slots] = {};
        collect_data(e, base);
        static_rows<T, E, static_plan<S, E>, 0>(e, out, base);
    }
}

// Whether some operation of a static tree has operands of different ranks
// (rank 0, C++ numbers, never counts): an implicit rank promotion, which the
// run-time policy (loom/broadcast/policy.hpp) may forbid.
template <class E>
constexpr bool static_promotes() {
    if constexpr (is_fn<E>::value) {
        return []<class Op, class... A>(fn<Op, A...>*) {
            std::size_t r = 0;
            bool differ = false;
            for (std::size_t a : {static_info<A>::rank...}) {
                if (a == 0) continue;
                differ = differ || (r != 0 && a != r);
                r = a;
            }
            return differ || (static_promotes<A>() || ...);
        }(static_cast<E*>(nullptr));
    } else {
        return false;
    }
}

// The general evaluator into a fixed_array, out of line (the static path is inlined).
template <class F, class E>
[[gnu::noinline]] void assign_fixed_dynamic(F& target, const E& e) {
    assign<mode::inplace>(target, e);
}

// target <- e in place, for a target of static shape (fixed_array): e must
// broadcast to the target's shape. Checked at compile time when e's shape is
// static (then the static evaluator runs), at run time otherwise (then the
// general evaluator, with its aliasing rules).
template <class F, class E>
LOOM_INLINE void assign_fixed(F& target, const E& e) {
    using S = typename F::shape_type;
    using T = typename F::value_type;
    static_assert(converts_to<E, T>);
    if constexpr (static_shaped<E>) {
        using V = typename static_info<E>::shape;
        static_assert(static_shape_does_not_fit<V, S, static_fit<V, S>::axis>::value);
        if constexpr (static_promotes<E>())
            if (rank_policy_ != rank_promotion::allow) return assign_fixed_dynamic(target, e);  // checks the policy
        static_assign<T, S>(target.data(), e);
    } else {
        constexpr std::size_t r = static_info<E>::rank;
        if constexpr (r != dynamic_rank) static_assert(static_rank_does_not_fit<r, S::rank, (r <= S::rank)>::value);
        assign_fixed_dynamic(target, e);
    }
}

}  // namespace loom::detail
