// loom/expr/operators.hpp: the C++ operators on loom expressions; each builds a lazy fn node.
#pragma once

#include <utility>

#include "node.hpp"
#include "ops.hpp"

namespace loom {

// Element-wise; comparisons give bool elements. At least one operand is a loom
// expression, the other may be a C++ number (a rank-0 operand).

template <class A, class B>
    requires applicable<ops::add, A, B>
auto operator+(A&& a, B&& b) {
    return make_fn<ops::add>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::subtract, A, B>
auto operator-(A&& a, B&& b) {
    return make_fn<ops::subtract>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::multiply, A, B>
auto operator*(A&& a, B&& b) {
    return make_fn<ops::multiply>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::divide, A, B>
auto operator/(A&& a, B&& b) {
    return make_fn<ops::divide>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::modulo, A, B>
auto operator%(A&& a, B&& b) {
    return make_fn<ops::modulo>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::bit_and, A, B>
auto operator&(A&& a, B&& b) {
    return make_fn<ops::bit_and>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::bit_or, A, B>
auto operator|(A&& a, B&& b) {
    return make_fn<ops::bit_or>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::bit_xor, A, B>
auto operator^(A&& a, B&& b) {
    return make_fn<ops::bit_xor>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::shift_left, A, B>
auto operator<<(A&& a, B&& b) {
    return make_fn<ops::shift_left>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::shift_right, A, B>
auto operator>>(A&& a, B&& b) {
    return make_fn<ops::shift_right>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::equal, A, B>
auto operator==(A&& a, B&& b) {
    return make_fn<ops::equal>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::not_equal, A, B>
auto operator!=(A&& a, B&& b) {
    return make_fn<ops::not_equal>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::less, A, B>
auto operator<(A&& a, B&& b) {
    return make_fn<ops::less>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::less_equal, A, B>
auto operator<=(A&& a, B&& b) {
    return make_fn<ops::less_equal>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::greater, A, B>
auto operator>(A&& a, B&& b) {
    return make_fn<ops::greater>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::greater_equal, A, B>
auto operator>=(A&& a, B&& b) {
    return make_fn<ops::greater_equal>(std::forward<A>(a), std::forward<B>(b));
}

template <class A>
    requires(expression<A> && applicable<ops::negate, A>)
auto operator-(A&& a) {
    return make_fn<ops::negate>(std::forward<A>(a));
}

template <class A>
    requires(expression<A> && applicable<ops::unary_plus, A>)
auto operator+(A&& a) {
    return make_fn<ops::unary_plus>(std::forward<A>(a));
}

template <class A>
    requires(expression<A> && applicable<ops::bit_not, A>)
auto operator~(A&& a) {
    return make_fn<ops::bit_not>(std::forward<A>(a));
}

template <class A>
    requires(expression<A> && applicable<ops::logical_not, A>)
auto operator!(A&& a) {
    return make_fn<ops::logical_not>(std::forward<A>(a));
}

}  // namespace loom
