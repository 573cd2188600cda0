// loom/eval/walk.hpp: how the evaluator walks an expression tree: shapes, leaves, scalar and batch values.
#pragma once

#include <array>
#include <cstddef>
#include <utility>

#include "../expr/node.hpp"
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
// steps per SIMD batch and per scalar element. A stride-0 leaf points at a
// splat buffer with steps of 0, so every leaf is read the same way.
struct cursor {
    const std::byte* p;
    std::ptrdiff_t step_batch;
    std::ptrdiff_t step_one;
};

template <class E>
struct walker;

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
    template <std::size_t K, class C>
    static simd::batch<C> batch(const E&, const cursor* c) {
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
    template <std::size_t K, class C>
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

    static void shape_into(const E& e, shape_t& acc) {
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            (walker<A>::shape_into(arg<I>(e), acc), ...);
        }(index{});
    }
    static void collect(const E& e, leaf_desc* out) {
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            (walker<A>::collect(arg<I>(e), out + offset[I]), ...);
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
    template <std::size_t K, class X>
    static simd::batch<X> batch(const E& e, const cursor* c) {
        return [&]<std::size_t... I>(std::index_sequence<I...>) {
            return Op{}(walker<A>::template batch<K + offset[I], X>(arg<I>(e), c)...);
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

}  // namespace loom::detail
