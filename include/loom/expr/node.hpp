// loom/expr/node.hpp: expression nodes (scalar leaves, references to arrays, N-ary fn nodes) and operand capture.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/hana/at.hpp>
#include <boost/hana/tuple.hpp>

#include "../broadcast/broadcast_shapes.hpp"
#include "../core/dtype.hpp"
#include "../core/extents.hpp"
#include "../core/shape.hpp"

namespace loom {

//! Anything loom evaluates lazily: arrays, views and expression nodes.
template <class E>
concept expression = requires { std::remove_cvref_t<E>::loom_expression; } &&
                     std::remove_cvref_t<E>::loom_expression;

//! An operand of an element-wise operation: a loom expression or a C++ number.
template <class X>
concept operand = expression<X> || scalar_value<std::remove_cvref_t<X>>;

//! What a leaf holding memory tells the evaluator: pointer, shape and strides (elements).
template <class T>
struct leaf_layout {
    const T* data;
    const shape_t* shape;
    const strides_t* strides;
};

//! An expression that reads memory directly (arrays, views).
template <class E>
concept memory_leaf = expression<E> && requires(const std::remove_cvref_t<E>& e) { e.layout(); };

namespace detail {
template <class E>
shape_t shape_of(const E& e);
}

//! shape(), ndim() and size() for lazy nodes, derived from the walk of the tree.
template <class Derived>
struct expression_base {
    static constexpr bool loom_expression = true;
    //! The broadcast shape; throws broadcast_error when the operands are incompatible.
    shape_t shape() const { return detail::shape_of(static_cast<const Derived&>(*this)); }
    std::size_t ndim() const { return shape().size(); }
    std::size_t size() const { return size_of(shape()); }
};

//! A C++ number as a rank-0 operand.
template <element T>
struct scalar_node : expression_base<scalar_node<T>> {
    using value_type = T;
    T value_;
    explicit scalar_node(T v) : value_(v) {}
};

namespace detail {
template <class E>
struct is_scalar_node : std::false_type {};
template <element T>
struct is_scalar_node<scalar_node<T>> : std::true_type {};
}  // namespace detail

//! A non-owning reference to a memory leaf the user keeps alive (an lvalue array or view).
template <class L>
struct leaf_ref : expression_base<leaf_ref<L>> {
    using value_type = typename L::value_type;
    const L* leaf_;
    explicit leaf_ref(const L& l) : leaf_(&l) {}
    auto layout() const { return leaf_->layout(); }
};

namespace detail {

template <class E>
struct promo { using type = typename E::value_type; };
template <class T>
struct promo<scalar_node<T>> { using type = weak<T>; };
// the type an operand contributes to promotion: its value type, weak for C++ scalars
template <class E>
using promo_t = typename promo<E>::type;

template <class X>
struct capture;
template <class X>
    requires scalar_value<std::remove_cvref_t<X>>
struct capture<X> { using type = scalar_node<canonical_t<X>>; };
template <class X>
    requires(expression<X> && memory_leaf<X> && std::is_lvalue_reference_v<X>)
struct capture<X> { using type = leaf_ref<std::remove_cvref_t<X>>; };
template <class X>
    requires(expression<X> && !(memory_leaf<X> && std::is_lvalue_reference_v<X>))
struct capture<X> { using type = std::remove_cvref_t<X>; };

// How an expression stores an operand: C++ numbers as scalar nodes, lvalue
// arrays and views by reference, temporaries (expressions, rvalue arrays) by value.
template <class X>
using capture_t = typename capture<X>::type;

template <class X>
capture_t<X&&> capture_operand(X&& x) {
    using C = capture_t<X&&>;
    if constexpr (std::is_same_v<C, std::remove_cvref_t<X>>) return std::forward<X>(x);
    else return C(x);
}

}  // namespace detail

//! The compute type of `Op` over operands `A...` (after promotion).
template <class Op, class... A>
using compute_t = typename Op::template compute<detail::promo_t<A>...>;

namespace detail {
// Whether every leaf of E is a C++ number or a reduction (a rank-0 tree such as
// `0.5 * loom::sum(x)` when the reductions are of one element); reduction_nodes.hpp
// adds the reductions.
template <class E>
struct number_tree : std::false_type {};
template <element T>
struct number_tree<scalar_node<T>> : std::true_type {};
// The value of an expression of one element (defined in eval/reduce/computed.hpp).
template <class E>
typename E::value_type value_of_one(const E& e);
}  // namespace detail

//! An element-wise operation `Op` over operands `A...`, held in a Hana tuple.
template <class Op, class... A>
struct fn : expression_base<fn<Op, A...>> {
    using compute_type = compute_t<Op, A...>;
    using value_type = typename Op::template result<compute_type>;
    boost::hana::tuple<A...> args_;
    [[no_unique_address]] Op op_;  // the body: an empty tag for the built-in ops, the function for vectorize
    explicit fn(A... a)
        requires std::is_default_constructible_v<Op>
        : args_(std::move(a)...) {}
    fn(Op op, A... a) : args_(std::move(a)...), op_(std::move(op)) {}
    //! A tree of numbers and reductions of one element converts to its value:
    //! `double m = 0.5 * loom::sum(x);` evaluates it (std::invalid_argument when
    //! it has more than one element).
    operator value_type() const
        requires(detail::number_tree<A>::value && ...)
    {
        return detail::value_of_one(*this);
    }
    // operands whose shapes are static are broadcast here, at compile time
    static_assert(sizeof(detail::static_fn_info<A...>) > 0);
};

namespace detail {
template <class Op, class... A>
struct number_tree<fn<Op, A...>> : std::bool_constant<(number_tree<A>::value && ...)> {};
template <element T>
struct static_info<scalar_node<T>> {
    static constexpr std::size_t rank = 0;
    using shape = extents<>;
};
template <class L>
struct static_info<leaf_ref<L>> : static_info<L> {};
template <class Op, class... A>
struct static_info<fn<Op, A...>> {
    static constexpr std::size_t rank = static_fn_info<A...>::rank;
    using shape = typename static_fn_info<A...>::shape;
};
}  // namespace detail

//! True when `Op` applies to operands of these types (the element types promote).
template <class Op, class... X>
concept applicable = (operand<X> && ...) && (expression<X> || ...) &&
                     requires { typename Op::template result<compute_t<Op, detail::capture_t<X&&>...>>; };

namespace detail {

// A C++ integer takes an integer array's type (the Array API's weak scalars):
// it must fit it, as NumPy 2 requires (OverflowError there). `int8 + 1000`
// would otherwise compute with 1000 wrapped to -24, and `int8 < 1000` be false.
template <class S>
[[noreturn, gnu::cold, gnu::noinline]] void throw_scalar_fits(S value, const char* type) {
    throw std::overflow_error("loom: the C++ number " + std::to_string(value) + " does not fit the array's element type " +
                              type + " (a C++ integer takes the array's type): cast the array with astype first");
}
template <class C, class A>
void check_scalar_fits(const A& a) {
    if constexpr (is_scalar_node<A>::value) {
        using S = typename A::value_type;
        if constexpr (std::is_integral_v<S> && !std::is_same_v<S, bool> && std::is_integral_v<C> &&
                      !std::is_same_v<C, bool> && !std::is_same_v<S, C>) {
            if (!std::in_range<C>(a.value_)) throw_scalar_fits(a.value_, type_name<C>());
        }
    }
}

}  // namespace detail

//! Builds the node for `op(x...)`, capturing each operand (op: the body, a user's
//! function for vectorize); std::overflow_error when a C++ integer does not fit the
//! integer type it takes (`array<int8_t>{} + 1000`).
template <class Op, class... X>
    requires applicable<Op, X...>
auto make_fn(Op op, X&&... x) {
    using F = fn<Op, detail::capture_t<X&&>...>;
    F f(std::move(op), detail::capture_operand(std::forward<X>(x))...);
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        (detail::check_scalar_fits<typename F::compute_type>(boost::hana::at_c<I>(f.args_)), ...);
    }(std::index_sequence_for<X...>{});
    return f;
}
//! The same for a built-in op, an empty tag: `make_fn<ops::add>(a, b)`.
template <class Op, class... X>
    requires applicable<Op, X...>
auto make_fn(X&&... x) {
    return make_fn(Op{}, std::forward<X>(x)...);
}

}  // namespace loom
