// loom/expr/functions.hpp: element-wise functions (math, rounding, predicates, where, clip, astype).
#pragma once

#include <type_traits>
#include <utility>

#include "node.hpp"
#include "ops.hpp"

namespace loom {

// Lazy, element-wise, broadcasting. Math functions compute integers in double;
// round is half to even; minimum/maximum propagate NaN.

template <class A>
    requires applicable<ops::abs, A>
auto abs(A&& a) {
    return make_fn<ops::abs>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::sqrt, A>
auto sqrt(A&& a) {
    return make_fn<ops::sqrt>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::cbrt, A>
auto cbrt(A&& a) {
    return make_fn<ops::cbrt>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::exp, A>
auto exp(A&& a) {
    return make_fn<ops::exp>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::expm1, A>
auto expm1(A&& a) {
    return make_fn<ops::expm1>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::log, A>
auto log(A&& a) {
    return make_fn<ops::log>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::log1p, A>
auto log1p(A&& a) {
    return make_fn<ops::log1p>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::log2, A>
auto log2(A&& a) {
    return make_fn<ops::log2>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::log10, A>
auto log10(A&& a) {
    return make_fn<ops::log10>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::sin, A>
auto sin(A&& a) {
    return make_fn<ops::sin>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::cos, A>
auto cos(A&& a) {
    return make_fn<ops::cos>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::tan, A>
auto tan(A&& a) {
    return make_fn<ops::tan>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::asin, A>
auto asin(A&& a) {
    return make_fn<ops::asin>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::acos, A>
auto acos(A&& a) {
    return make_fn<ops::acos>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::atan, A>
auto atan(A&& a) {
    return make_fn<ops::atan>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::sinh, A>
auto sinh(A&& a) {
    return make_fn<ops::sinh>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::cosh, A>
auto cosh(A&& a) {
    return make_fn<ops::cosh>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::tanh, A>
auto tanh(A&& a) {
    return make_fn<ops::tanh>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::floor, A>
auto floor(A&& a) {
    return make_fn<ops::floor>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::ceil, A>
auto ceil(A&& a) {
    return make_fn<ops::ceil>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::trunc, A>
auto trunc(A&& a) {
    return make_fn<ops::trunc>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::round, A>
auto round(A&& a) {
    return make_fn<ops::round>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::square, A>
auto square(A&& a) {
    return make_fn<ops::square>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::sign, A>
auto sign(A&& a) {
    return make_fn<ops::sign>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::isnan, A>
auto isnan(A&& a) {
    return make_fn<ops::isnan>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::isinf, A>
auto isinf(A&& a) {
    return make_fn<ops::isinf>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::isfinite, A>
auto isfinite(A&& a) {
    return make_fn<ops::isfinite>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::logical_not, A>
auto logical_not(A&& a) {
    return make_fn<ops::logical_not>(std::forward<A>(a));
}

template <class A, class B>
    requires applicable<ops::atan2, A, B>
auto atan2(A&& a, B&& b) {
    return make_fn<ops::atan2>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::power, A, B>
auto pow(A&& a, B&& b) {
    return make_fn<ops::power>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::minimum, A, B>
auto minimum(A&& a, B&& b) {
    return make_fn<ops::minimum>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::maximum, A, B>
auto maximum(A&& a, B&& b) {
    return make_fn<ops::maximum>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::logical_and, A, B>
auto logical_and(A&& a, B&& b) {
    return make_fn<ops::logical_and>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::logical_or, A, B>
auto logical_or(A&& a, B&& b) {
    return make_fn<ops::logical_or>(std::forward<A>(a), std::forward<B>(b));
}

template <class A>
    requires applicable<ops::acosh, A>
auto acosh(A&& a) {
    return make_fn<ops::acosh>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::asinh, A>
auto asinh(A&& a) {
    return make_fn<ops::asinh>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::atanh, A>
auto atanh(A&& a) {
    return make_fn<ops::atanh>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::reciprocal, A>
auto reciprocal(A&& a) {
    return make_fn<ops::reciprocal>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::signbit, A>
auto signbit(A&& a) {
    return make_fn<ops::signbit>(std::forward<A>(a));
}

template <class A, class B>
    requires applicable<ops::copysign, A, B>
auto copysign(A&& a, B&& b) {
    return make_fn<ops::copysign>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::hypot, A, B>
auto hypot(A&& a, B&& b) {
    return make_fn<ops::hypot>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::nextafter, A, B>
auto nextafter(A&& a, B&& b) {
    return make_fn<ops::nextafter>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::logaddexp, A, B>
auto logaddexp(A&& a, B&& b) {
    return make_fn<ops::logaddexp>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::floor_divide, A, B>
auto floor_divide(A&& a, B&& b) {
    return make_fn<ops::floor_divide>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::remainder, A, B>
auto remainder(A&& a, B&& b) {
    return make_fn<ops::remainder>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires applicable<ops::logical_xor, A, B>
auto logical_xor(A&& a, B&& b) {
    return make_fn<ops::logical_xor>(std::forward<A>(a), std::forward<B>(b));
}

//! clip(x, lo, hi) = minimum(maximum(x, lo), hi).
template <class X, class L, class H>
    requires applicable<ops::clip, X, L, H>
auto clip(X&& x, L&& lo, H&& hi) {
    return make_fn<ops::clip>(std::forward<X>(x), std::forward<L>(lo), std::forward<H>(hi));
}

//! where(cond, x, y): x where cond is true (non-zero), else y; the three broadcast together.
template <class C, class X, class Y>
    requires applicable<ops::where, C, X, Y>
auto where(C&& cond, X&& x, Y&& y) {
    // the operands of a node are converted to its compute type (x's and y's),
    // which would turn a condition of 0.5 or 256 into 0: make it bool first
    if constexpr (scalar_value<std::remove_cvref_t<C>>)
        return make_fn<ops::where>(ops::detail::truthy(cond), std::forward<X>(x), std::forward<Y>(y));
    else if constexpr (std::is_same_v<typename std::remove_cvref_t<C>::value_type, bool>)
        return make_fn<ops::where>(std::forward<C>(cond), std::forward<X>(x), std::forward<Y>(y));
    else
        return make_fn<ops::where>(make_fn<ops::cast<bool>>(std::forward<C>(cond)), std::forward<X>(x),
                                   std::forward<Y>(y));
}

//! real(z), imag(z): the parts of complex numbers, as real numbers (of real ones: x and 0).
template <class A>
    requires applicable<ops::real, A>
auto real(A&& a) {
    return make_fn<ops::real>(std::forward<A>(a));
}

template <class A>
    requires applicable<ops::imag, A>
auto imag(A&& a) {
    return make_fn<ops::imag>(std::forward<A>(a));
}

//! conj(z): the complex conjugate (real numbers unchanged).
template <class A>
    requires applicable<ops::conj, A>
auto conj(A&& a) {
    return make_fn<ops::conj>(std::forward<A>(a));
}

//! astype<U>(e): the elements of e converted to U with static_cast (a complex
//! number only to a complex type, or to bool: true when not zero).
//!   auto f = loom::astype<float>(a * 2);
template <element U, class A>
    requires(expression<A> && (applicable<ops::cast<U>, A> ||
                               is_complex_v<typename std::remove_cvref_t<A>::value_type>))
auto astype(A&& a) {
    using V = typename std::remove_cvref_t<A>::value_type;
    static_assert(ops::detail::casts_to<V, U>,
                  "loom::astype: complex numbers convert only to a complex type or to bool; take "
                  "loom::real(e), loom::imag(e) or loom::abs(e) for real numbers");
    if constexpr (ops::detail::casts_to<V, U>)
        return make_fn<ops::cast<U>>(std::forward<A>(a));
}

}  // namespace loom
