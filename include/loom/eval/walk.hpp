// loom/eval/walk.hpp: how the evaluator walks an expression tree: shapes, leaves, scalar and batch values.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "../broadcast/policy.hpp"
#include "../expr/node.hpp"
#include "../expr/ops.hpp"
#include "../simd/simd.hpp"

namespace loom::detail {

// One memory leaf as the planner sees it.
struct leaf_desc {
    const std::byte* data;
    std::size_t elem;  // bytes per element
    const shape_t* shape;
    const strides_t* strides;  // elements
};

// Where the kernel reads a leaf in the current row: a pointer and the byte
// steps per SIMD batch and per scalar element. A leaf broadcast along the row
// has steps of 0 and its batches are its one value splatted.
struct cursor {
    const std::byte* p;
    std::ptrdiff_t step_batch;
    std::ptrdiff_t step_one;
    std::uint64_t held = 0;  // step_batch 0: the leaf's value for this row (kernel::row_steps)
};

template <class E>
struct walker;

// Which leaves are broadcast along the row (bit K: leaf K), where the row loop
// knows it at compile time (kernel::rows_for); splats_unknown: each leaf's
// batch tests its step at run time.
inline constexpr std::uint64_t splats_unknown = ~std::uint64_t{0};
template <std::uint64_t S>
constexpr bool splatted(std::size_t k, const cursor& c) {
    return S == splats_unknown ? c.step_batch == 0 : ((S >> k) & 1) != 0;
}

// An in_dim operand (loom/broadcast/in_dim.hpp) is raised to a rank the
// operation holding it decides: walkers of trees that hold one have
// `needs_rank` and take that rank (`ctx`) in shape_into and collect.
inline constexpr std::size_t no_rank = static_cast<std::size_t>(-1);

template <class E>
struct needs_rank : std::false_type {};
template <class E>
    requires requires { walker<E>::needs_rank; }
struct needs_rank<E> : std::bool_constant<walker<E>::needs_rank> {};

// in_dim operands themselves (specialized by in_dim.hpp)
template <class E>
struct is_raised : std::false_type {};

// Whether a tree has a heavy op (ops::heavy) anywhere (in_dim.hpp specializes it too).
template <class E>
struct heavy_tree : std::false_type {};
template <class Op, class... A>
struct heavy_tree<fn<Op, A...>> : std::bool_constant<ops::heavy<Op> || (heavy_tree<A>::value || ...)> {};

// the larger rank, no_rank standing for "none yet"
inline std::size_t max_rank(std::size_t a, std::size_t b) { return a == no_rank || (b != no_rank && b > a) ? b : a; }

template <class E>
std::size_t rank_of(const E& e);

template <class E>
void shape_in(const E& e, shape_t& acc, std::size_t ctx) {
    if constexpr (needs_rank<E>::value) walker<E>::shape_into(e, acc, ctx);
    else walker<E>::shape_into(e, acc);
}
template <class E>
void collect_in(const E& e, leaf_desc* out, std::size_t ctx) {
    if constexpr (needs_rank<E>::value) walker<E>::collect(e, out, ctx);
    else walker<E>::collect(e, out);
}

// Memory leaves: arrays, views and references to them.
template <class E>
    requires memory_leaf<E>
struct walker<E> {
    using T = typename E::value_type;
    static constexpr std::size_t leaves = 1;
    template <class C>
    static constexpr bool simd = std::is_same_v<T, C> && simd::vectorizable<C>;

    static void shape_into(const E& e, shape_t& acc) { broadcast_into(acc, *e.layout().shape); }
    static void collect(const E& e, leaf_desc* out) {
        const auto l = e.layout();
        *out = {reinterpret_cast<const std::byte*>(l.data), sizeof(T), l.shape, l.strides};
    }
    template <std::size_t K>
    static T scalar(const E&, const cursor* c) {
        return *reinterpret_cast<const T*>(c[K].p);
    }
#if LOOM_SIMD
    template <std::size_t K, class C, std::uint64_t S = splats_unknown>
    static simd::batch<C> batch(const E&, const cursor* c) {
        // a leaf broadcast along the row (step 0) is one value splatted; with
        // S known the test is gone, and otherwise it is loop-invariant, so
        // compilers unswitch the row loop on it
        if (splatted<S>(K, c[K])) {
            C v;
            std::memcpy(&v, &c[K].held, sizeof(C));
            return simd::splat(v);
        }
        return simd::load(reinterpret_cast<const C*>(c[K].p));
    }
#endif
};

template <class T>
struct walker<scalar_node<T>> {
    static constexpr std::size_t leaves = 0;
    template <class C>
    static constexpr bool simd = simd::vectorizable<C>;

    static void shape_into(const scalar_node<T>&, shape_t&) {}
    static void collect(const scalar_node<T>&, leaf_desc*) {}
    template <std::size_t K>
    static T scalar(const scalar_node<T>& e, const cursor*) { return e.value_; }
#if LOOM_SIMD
    template <std::size_t K, class C, std::uint64_t S = splats_unknown>
    static simd::batch<C> batch(const scalar_node<T>& e, const cursor*) {
        return simd::splat(static_cast<C>(e.value_));
    }
#endif
};

template <class Op, class... A>
struct walker<fn<Op, A...>> {
    using E = fn<Op, A...>;
    using C = typename E::compute_type;
    using R = typename E::value_type;
    using index = std::index_sequence_for<A...>;

    // first leaf index of each operand, in depth-first order
    static constexpr std::array<std::size_t, sizeof...(A) + 1> offset = [] {
        std::array<std::size_t, sizeof...(A) + 1> o{};
        std::size_t i = 0, acc = 0;
        ((o[i++] = acc, acc += walker<A>::leaves), ...);
        o[i] = acc;
        return o;
    }();
    static constexpr std::size_t leaves = offset[sizeof...(A)];
    template <class X>
    static constexpr bool simd = std::is_same_v<R, X> && std::is_same_v<C, X> &&
                                 Op::template simd<X> && (walker<A>::template simd<X> && ...);

    template <std::size_t I>
    static const auto& arg(const E& e) { return boost::hana::at_c<I>(e.args_); }

    static constexpr bool needs_rank = (detail::needs_rank<A>::value || ...);

    // The largest rank among the operands that are not in_dim (no_rank when
    // none has a rank of its own yet), found from the tree's structure alone.
    static std::size_t local_rank(const E& e) {
        std::size_t r = no_rank;
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            ((r = is_raised<A>::value ? r : max_rank(r, rank_of(arg<I>(e)))), ...);
        }(index{});
        return r;
    }
    // The rank this operation's in_dim operands are raised to: the largest rank
    // among the other operands when it is 1 or more; when they are all rank 0
    // (C++ numbers) or in_dim, the rank the enclosing operation passes down.
    static std::size_t raise_rank(const E& e, std::size_t ctx) {
        const std::size_t r = local_rank(e);
        if (r != no_rank && r > 0) return r;
        return ctx != no_rank ? ctx : r;
    }

    static void shape_into(const E& e, shape_t& acc, std::size_t ctx = no_rank) {
        const rank_promotion policy = rank_policy_;
        if constexpr (!needs_rank) {
            if (policy == rank_promotion::allow) {
                [&]<std::size_t... I>(std::index_sequence<I...>) {
                    (walker<A>::shape_into(arg<I>(e), acc), ...);
                }(index{});
                return;
            }
        }
        // each operand's own shape (in_dim ones raised), then the policy looks at them all
        shape_t s[sizeof...(A)];
        const std::size_t n = needs_rank ? raise_rank(e, ctx) : no_rank;
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            (shape_in(arg<I>(e), s[I], n), ...);
        }(index{});
        if (policy != rank_promotion::allow && sizeof...(A) > 1) check_rank_promotion(policy, s, sizeof...(A));
        for (const shape_t& si : s) broadcast_into(acc, si);
    }
    static void collect(const E& e, leaf_desc* out, std::size_t ctx = no_rank) {
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            if constexpr (needs_rank) {
                const std::size_t n = raise_rank(e, ctx);
                (collect_in(arg<I>(e), out + offset[I], n), ...);
            } else {
                (walker<A>::collect(arg<I>(e), out + offset[I]), ...);
            }
        }(index{});
    }
    template <std::size_t K>
    static R scalar(const E& e, const cursor* c) {
        return [&]<std::size_t... I>(std::index_sequence<I...>) {
            return static_cast<R>(
                Op{}(static_cast<C>(walker<A>::template scalar<K + offset[I]>(arg<I>(e), c))...));
        }(index{});
    }
#if LOOM_SIMD
    template <std::size_t K, class X, std::uint64_t S = splats_unknown>
    static simd::batch<X> batch(const E& e, const cursor* c) {
        return [&]<std::size_t... I>(std::index_sequence<I...>) {
            return Op{}(walker<A>::template batch<K + offset[I], X, S>(arg<I>(e), c)...);
        }(index{});
    }
#endif
};

template <class E>
shape_t shape_of(const E& e) {
    shape_t s;
    walker<E>::shape_into(e, s);
    return s;
}

template <class T>
struct is_fn : std::false_type {};
template <class Op, class... A>
struct is_fn<fn<Op, A...>> : std::true_type {};

// The rank of an operand's shape from the tree's structure (no shapes are
// broadcast, no policy is checked); no_rank for an in_dim, and for an
// operation whose rank is the one its enclosing operation passes down.
template <class E>
std::size_t rank_of(const E& e) {
    if constexpr (is_raised<E>::value) {
        return no_rank;
    } else if constexpr (memory_leaf<E>) {
        return e.layout().shape->size();
    } else if constexpr (is_fn<E>::value) {
        const std::size_t r = walker<E>::local_rank(e);
        return r == 0 && needs_rank<E>::value ? no_rank : r;
    } else {
        return shape_of(e).size();
    }
}

}  // namespace loom::detail
