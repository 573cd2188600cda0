// loom/core/extents.hpp: static shapes (loom::extents) and their broadcasting at compile time, with Boost.Hana.
#pragma once

#include <cstddef>
#include <type_traits>

#include <boost/hana/back.hpp>
#include <boost/hana/concat.hpp>
#include <boost/hana/filter.hpp>
#include <boost/hana/fold_left.hpp>
#include <boost/hana/integral_constant.hpp>
#include <boost/hana/is_empty.hpp>
#include <boost/hana/range.hpp>
#include <boost/hana/replicate.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>
#include <boost/hana/zip.hpp>
#include <boost/hana/zip_with.hpp>

namespace loom {

//! A shape known at compile time: the shape of `fixed_array<T, D...>` is `extents<D...>`.
//!   static_assert(std::is_same_v<loom::static_shape_t<decltype(a + b)>, loom::extents<2, 3>>);
template <std::size_t... D>
struct extents {
    static constexpr std::size_t rank = sizeof...(D);
    static constexpr std::size_t size = (D * ... * std::size_t{1});
};

//! The rank of an expression type when it is known at compile time: `dynamic_rank` otherwise.
inline constexpr std::size_t dynamic_rank = static_cast<std::size_t>(-1);

namespace detail {

namespace hana = boost::hana;

// What the type of an operand says of its shape: the rank when it is known
// (fixed_array, tensor, C++ numbers, nodes over them), and the whole shape as
// `extents` when every extent is (fixed_array, numbers, nodes over them).
// Arrays, views and in_dim operands know neither. Specialized by each operand type.
template <class E>
struct static_info {
    static constexpr std::size_t rank = dynamic_rank;
    using shape = void;
};

template <class E>
inline constexpr bool static_shaped = !std::is_void_v<typename static_info<E>::shape>;

template <std::size_t... D>
constexpr auto hana_extents(extents<D...>) {
    return hana::tuple_c<std::size_t, D...>;
}

template <class Xs>
constexpr auto to_extents(Xs xs) {
    return hana::unpack(xs, [](auto... d) { return extents<decltype(d)::value...>{}; });
}

// xs with ones prepended up to rank N (the Array API's alignment at the right)
template <std::size_t N, class Xs>
constexpr auto pad_left(Xs xs) {
    constexpr std::size_t n = decltype(hana::length(xs))::value;
    return hana::concat(hana::replicate<hana::tuple_tag>(hana::size_c<1>, hana::size_c<N - n>), xs);
}

// (axis, a's extent, b's extent) -> whether the extents conflict: neither is 1 and they differ
struct extents_conflict {
    template <class T>
    constexpr auto operator()(T t) const {
        constexpr std::size_t x = decltype(+hana::at_c<1>(t))::value, y = decltype(+hana::at_c<2>(t))::value;
        return hana::bool_c<x != y && x != 1 && y != 1>;
    }
};
// the broadcast of two extents that do not conflict
struct extent_broadcast {
    template <class X, class Y>
    constexpr auto operator()(X x, Y y) const {
        if constexpr (X::value == 1) return y;
        else return x;
    }
};

// Broadcasting two static shapes: `type`, and `axis`, the conflicting axis
// nearest the right counted from it (-1 the last), or 0 when they broadcast.
// (Function objects rather than lambdas in these member initializers: clang 14
// crashes instantiating such lambdas from a precompiled header.)
template <class A, class B>
struct static_broadcast {
    static constexpr std::size_t n = A::rank > B::rank ? A::rank : B::rank;
    static constexpr auto a = pad_left<n>(hana_extents(A{}));
    static constexpr auto b = pad_left<n>(hana_extents(B{}));
    // (axis, a's extent, b's extent) wherever neither is 1 and they differ
    static constexpr auto conflicts = hana::filter(
        hana::zip(hana::to_tuple(hana::make_range(hana::int_c<-static_cast<int>(n)>, hana::int_c<0>)), a, b),
        extents_conflict{});
    static constexpr int last_conflict() {
        if constexpr (hana::is_empty(conflicts)) return 0;
        else return decltype(+hana::at_c<0>(hana::back(conflicts)))::value;
    }
    static constexpr int axis = last_conflict();
    using type = decltype(to_extents(hana::zip_with(extent_broadcast{}, a, b)));
};

// Writing a value of static shape V into a target of static shape T in place
// (V must broadcast to T, the in-place rule): `axis` is the axis nearest the
// right where V has neither 1 nor T's extent (counted from the right), the
// first of V's extra axes when V has more, or 0 when V fits.
template <class V, class T>
struct static_fit;
template <std::size_t... V, std::size_t... T>
struct static_fit<extents<V...>, extents<T...>> {
    static constexpr int axis = [] {
        constexpr std::size_t nv = sizeof...(V), nt = sizeof...(T);
        const std::size_t v[nv + 1] = {V..., 0}, t[nt + 1] = {T..., 0};
        if (nv > nt) return -static_cast<int>(nv);
        for (std::size_t j = nv; j-- > 0;)
            if (v[j] != 1 && v[j] != t[nt - nv + j]) return static_cast<int>(j) - static_cast<int>(nv);
        return 0;
    }();
};

}  // namespace detail

//! Named in the compile error for static shapes that do not broadcast:
//! `static_shapes_do_not_broadcast<extents<2, 3>, extents<4>, -1>` (axis -1 is the last).
template <class A, class B, int Axis>
struct static_shapes_do_not_broadcast {
    static_assert(Axis == 0, "loom: static shapes do not broadcast: the two shapes and the axis "
                             "(counted from the right, -1 the last) are this class's template arguments");
    static constexpr bool value = true;
};

//! Named in the compile error for assigning a static shape into a fixed shape it does not
//! broadcast to: `static_shape_does_not_fit<extents<2, 3>, extents<4, 4>, -1>` (value, target, axis).
template <class Value, class Target, int Axis>
struct static_shape_does_not_fit {
    static_assert(Axis == 0, "loom: this static shape does not broadcast to the fixed target shape: the "
                             "value's shape, the target's and the axis (counted from the right) are this "
                             "class's template arguments");
    static constexpr bool value = true;
};

//! Named in the compile error for a value whose rank, known at compile time, the target does not
//! take: `static_rank_does_not_fit<3, 2, false>` (value's rank, target's rank). In place (`=` into a
//! fixed_array, `+=`) the value may have fewer axes; `tensor<T, N> = e` takes rank N only.
template <std::size_t ValueRank, std::size_t TargetRank, bool Fits>
struct static_rank_does_not_fit {
    static_assert(Fits, "loom: the value's rank does not fit the target: the value's rank and the "
                        "target's are this class's template arguments");
    static constexpr bool value = true;
};

namespace detail {

template <class E>
constexpr bool has_static_axes() {
    if constexpr (static_shaped<E>) return static_info<E>::shape::rank > 0;
    else return false;
}

// The static information of an operation over operands A...: the largest rank
// when every operand's rank is known; the broadcast shape when every shape is.
// The operands whose shapes are known are checked against each other here,
// left to right as at run time, so that a conflict is a compile error.
template <class... A>
struct static_fn_info {
    static constexpr std::size_t rank = [] {
        if constexpr (((static_info<A>::rank == dynamic_rank) || ...)) return dynamic_rank;
        else {
            std::size_t r = 0;
            ((r = static_info<A>::rank > r ? static_info<A>::rank : r), ...);
            return r;
        }
    }();
    // the broadcast of the operands with static shapes, checked pair by pair
    static constexpr auto fold() {
        return hana::fold_left(hana::tuple_t<A...>, extents<>{}, [](auto acc, auto operand) {
            using E = typename decltype(operand)::type;
            if constexpr (!static_shaped<E>) {
                return acc;
            } else {
                using S = typename static_info<E>::shape;
                using B = static_broadcast<decltype(acc), S>;
                if constexpr (B::axis != 0) {
                    static_assert(static_shapes_do_not_broadcast<decltype(acc), S, B::axis>::value);
                    return acc;
                } else {
                    return typename B::type{};
                }
            }
        });
    }
    // (nothing to instantiate without an operand of static axes: arrays and numbers)
    static constexpr auto known = [] {
        if constexpr (!(has_static_axes<A>() || ...)) return extents<>{};
        else return fold();
    }();
    using shape = std::conditional_t<(static_shaped<A> && ...), std::remove_const_t<decltype(known)>, void>;
};

}  // namespace detail

//! The static shape of an expression type (`extents<...>`), or `void` when it is known only at run time.
template <class E>
using static_shape_t = typename detail::static_info<std::remove_cvref_t<E>>::shape;

//! The rank of an expression type, or `dynamic_rank` when it is known only at run time.
template <class E>
inline constexpr std::size_t static_rank_v = detail::static_info<std::remove_cvref_t<E>>::rank;

}  // namespace loom
