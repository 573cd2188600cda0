// loom/expr/functions.hpp: element-wise functions (math, rounding, predicates, where, clip, astype).
#pragma once

#include <type_traits>
#include <utility>

#include "node.hpp"
#include "ops.hpp"

namespace loom {

namespace detail {

// An element-wise function called without an array: on C++ numbers it gives a
// number now (loom::exp(0.5) is a double); on SIMD batches, with numbers
// beside them, a batch. So one function body (a lambda given to vectorize)
// runs on elements and on batches alike.
template <class Op, class... X>
concept on_numbers = sizeof...(X) > 0 && (scalar_value<std::remove_cvref_t<X>> && ...) &&
                     requires { typename Op::template result<typename Op::template compute<std::remove_cvref_t<X>...>>; };

template <class... X>
struct batch_element {  // the element type of the first batch among X
    using type = void;
};
template <class X0, class... X>
struct batch_element<X0, X...> {
    using type = std::conditional_t<simd::is_batch<X0>, X0, typename batch_element<X...>::type>;
};
template <class... X>
using batch_element_t = typename batch_element<X...>::type;

template <class B, class X>
B as_batch(const X& x) {
    if constexpr (simd::is_batch<X>) return x;
    else return B(static_cast<typename B::value_type>(x));
}

template <class Op, class... X>
concept on_batches = !std::is_void_v<batch_element_t<std::remove_cvref_t<X>...>> &&
                     ((simd::is_batch<std::remove_cvref_t<X>> || scalar_value<std::remove_cvref_t<X>>) && ...) &&
                     ((!simd::is_batch<std::remove_cvref_t<X>> ||
                       std::is_same_v<std::remove_cvref_t<X>, batch_element_t<std::remove_cvref_t<X>...>>) && ...) &&
                     Op::template simd<typename batch_element_t<std::remove_cvref_t<X>...>::value_type> &&
                     !ops::on_masks<Op, typename batch_element_t<std::remove_cvref_t<X>...>::value_type> &&
                     requires(const Op op, const batch_element_t<std::remove_cvref_t<X>...>& b) {
                         op((void(sizeof(X)), b)...);
                     };

}  // namespace detail

//! The operands an element-wise function takes: arrays, views and expressions
//! with numbers (a lazy node), numbers alone (a number), or SIMD batches with
//! numbers (a batch).
template <class Op, class... X>
concept elementwise = applicable<Op, X...> || detail::on_numbers<Op, X...> || detail::on_batches<Op, X...>;

namespace detail {
// Op on the operands, as the kind of operands says (elementwise).
template <class Op, class... X>
auto call(X&&... x) {
    if constexpr (applicable<Op, X...>) {
        return make_fn<Op>(std::forward<X>(x)...);
    } else if constexpr (on_numbers<Op, X...>) {
        using C = typename Op::template compute<std::remove_cvref_t<X>...>;
        return static_cast<typename Op::template result<C>>(Op{}(static_cast<C>(x)...));
    } else {
        using B = batch_element_t<std::remove_cvref_t<X>...>;
        return Op{}(as_batch<B>(x)...);
    }
}
}  // namespace detail

// Lazy, element-wise, broadcasting. Math functions compute integers in double;
// round is half to even; minimum/maximum propagate NaN.

template <class A>
    requires elementwise<ops::abs, A>
auto abs(A&& a) {
    return detail::call<ops::abs>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::sqrt, A>
auto sqrt(A&& a) {
    return detail::call<ops::sqrt>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::cbrt, A>
auto cbrt(A&& a) {
    return detail::call<ops::cbrt>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::exp, A>
auto exp(A&& a) {
    return detail::call<ops::exp>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::expm1, A>
auto expm1(A&& a) {
    return detail::call<ops::expm1>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::log, A>
auto log(A&& a) {
    return detail::call<ops::log>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::log1p, A>
auto log1p(A&& a) {
    return detail::call<ops::log1p>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::log2, A>
auto log2(A&& a) {
    return detail::call<ops::log2>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::log10, A>
auto log10(A&& a) {
    return detail::call<ops::log10>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::sin, A>
auto sin(A&& a) {
    return detail::call<ops::sin>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::cos, A>
auto cos(A&& a) {
    return detail::call<ops::cos>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::tan, A>
auto tan(A&& a) {
    return detail::call<ops::tan>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::asin, A>
auto asin(A&& a) {
    return detail::call<ops::asin>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::acos, A>
auto acos(A&& a) {
    return detail::call<ops::acos>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::atan, A>
auto atan(A&& a) {
    return detail::call<ops::atan>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::sinh, A>
auto sinh(A&& a) {
    return detail::call<ops::sinh>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::cosh, A>
auto cosh(A&& a) {
    return detail::call<ops::cosh>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::tanh, A>
auto tanh(A&& a) {
    return detail::call<ops::tanh>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::floor, A>
auto floor(A&& a) {
    return detail::call<ops::floor>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::ceil, A>
auto ceil(A&& a) {
    return detail::call<ops::ceil>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::trunc, A>
auto trunc(A&& a) {
    return detail::call<ops::trunc>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::round, A>
auto round(A&& a) {
    return detail::call<ops::round>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::square, A>
auto square(A&& a) {
    return detail::call<ops::square>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::sign, A>
auto sign(A&& a) {
    return detail::call<ops::sign>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::isnan, A>
auto isnan(A&& a) {
    return detail::call<ops::isnan>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::isinf, A>
auto isinf(A&& a) {
    return detail::call<ops::isinf>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::isfinite, A>
auto isfinite(A&& a) {
    return detail::call<ops::isfinite>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::logical_not, A>
auto logical_not(A&& a) {
    return detail::call<ops::logical_not>(std::forward<A>(a));
}

template <class A, class B>
    requires elementwise<ops::atan2, A, B>
auto atan2(A&& a, B&& b) {
    return detail::call<ops::atan2>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires elementwise<ops::power, A, B>
auto pow(A&& a, B&& b) {
    return detail::call<ops::power>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires elementwise<ops::minimum, A, B>
auto minimum(A&& a, B&& b) {
    return detail::call<ops::minimum>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires elementwise<ops::maximum, A, B>
auto maximum(A&& a, B&& b) {
    return detail::call<ops::maximum>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires elementwise<ops::logical_and, A, B>
auto logical_and(A&& a, B&& b) {
    return detail::call<ops::logical_and>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires elementwise<ops::logical_or, A, B>
auto logical_or(A&& a, B&& b) {
    return detail::call<ops::logical_or>(std::forward<A>(a), std::forward<B>(b));
}

template <class A>
    requires elementwise<ops::acosh, A>
auto acosh(A&& a) {
    return detail::call<ops::acosh>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::asinh, A>
auto asinh(A&& a) {
    return detail::call<ops::asinh>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::atanh, A>
auto atanh(A&& a) {
    return detail::call<ops::atanh>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::reciprocal, A>
auto reciprocal(A&& a) {
    return detail::call<ops::reciprocal>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::signbit, A>
auto signbit(A&& a) {
    return detail::call<ops::signbit>(std::forward<A>(a));
}

template <class A, class B>
    requires elementwise<ops::copysign, A, B>
auto copysign(A&& a, B&& b) {
    return detail::call<ops::copysign>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires elementwise<ops::hypot, A, B>
auto hypot(A&& a, B&& b) {
    return detail::call<ops::hypot>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires elementwise<ops::nextafter, A, B>
auto nextafter(A&& a, B&& b) {
    return detail::call<ops::nextafter>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires elementwise<ops::logaddexp, A, B>
auto logaddexp(A&& a, B&& b) {
    return detail::call<ops::logaddexp>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires elementwise<ops::floor_divide, A, B>
auto floor_divide(A&& a, B&& b) {
    return detail::call<ops::floor_divide>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires elementwise<ops::remainder, A, B>
auto remainder(A&& a, B&& b) {
    return detail::call<ops::remainder>(std::forward<A>(a), std::forward<B>(b));
}

template <class A, class B>
    requires elementwise<ops::logical_xor, A, B>
auto logical_xor(A&& a, B&& b) {
    return detail::call<ops::logical_xor>(std::forward<A>(a), std::forward<B>(b));
}

//! exp2(x): 2 to the power x.
template <class A>
    requires elementwise<ops::exp2, A>
auto exp2(A&& a) {
    return detail::call<ops::exp2>(std::forward<A>(a));
}

//! erf(x): the error function.
template <class A>
    requires elementwise<ops::erf, A>
auto erf(A&& a) {
    return detail::call<ops::erf>(std::forward<A>(a));
}

//! erfc(x): 1 - erf(x), accurate where erf(x) is near 1.
template <class A>
    requires elementwise<ops::erfc, A>
auto erfc(A&& a) {
    return detail::call<ops::erfc>(std::forward<A>(a));
}

//! lgamma(x): log |Γ(x)|.
template <class A>
    requires elementwise<ops::lgamma, A>
auto lgamma(A&& a) {
    return detail::call<ops::lgamma>(std::forward<A>(a));
}

//! tgamma(x): Γ(x).
template <class A>
    requires elementwise<ops::tgamma, A>
auto tgamma(A&& a) {
    return detail::call<ops::tgamma>(std::forward<A>(a));
}

//! expit(x): the logistic sigmoid 1 / (1 + exp(-x)).
template <class A>
    requires elementwise<ops::expit, A>
auto expit(A&& a) {
    return detail::call<ops::expit>(std::forward<A>(a));
}

//! sigmoid(x): expit(x).
template <class A>
    requires elementwise<ops::expit, A>
auto sigmoid(A&& a) {
    return detail::call<ops::expit>(std::forward<A>(a));
}

//! logit(x): log(p / (1 - p)), the inverse of expit.
template <class A>
    requires elementwise<ops::logit, A>
auto logit(A&& a) {
    return detail::call<ops::logit>(std::forward<A>(a));
}

//! sinc(x): sin(πx) / (πx), 1 at 0.
template <class A>
    requires elementwise<ops::sinc, A>
auto sinc(A&& a) {
    return detail::call<ops::sinc>(std::forward<A>(a));
}

//! deg2rad(x): degrees to radians.
template <class A>
    requires elementwise<ops::deg2rad, A>
auto deg2rad(A&& a) {
    return detail::call<ops::deg2rad>(std::forward<A>(a));
}

//! rad2deg(x): radians to degrees.
template <class A>
    requires elementwise<ops::rad2deg, A>
auto rad2deg(A&& a) {
    return detail::call<ops::rad2deg>(std::forward<A>(a));
}

//! clip(x, lo, hi) = minimum(maximum(x, lo), hi).
template <class X, class L, class H>
    requires elementwise<ops::clip, X, L, H>
auto clip(X&& x, L&& lo, H&& hi) {
    return detail::call<ops::clip>(std::forward<X>(x), std::forward<L>(lo), std::forward<H>(hi));
}

//! clip with one bound (NumPy's clip with None): clip(x, lo) = maximum(x, lo);
//! clip(x, {}, hi) = minimum(x, hi), the `{}` a loom::no_bound.
struct no_bound {};

template <class X, class L>
    requires elementwise<ops::maximum, X, L>
auto clip(X&& x, L&& lo) {
    return detail::call<ops::maximum>(std::forward<X>(x), std::forward<L>(lo));
}

template <class X, class H>
    requires elementwise<ops::minimum, X, H>
auto clip(X&& x, no_bound, H&& hi) {
    return detail::call<ops::minimum>(std::forward<X>(x), std::forward<H>(hi));
}

//! where(cond, x, y): x where cond is true (non-zero), else y; the three broadcast together.
//! On numbers, a number; on a mask of batches (a comparison in a function
//! given to vectorize) and batches or numbers, a batch.
template <class C, class X, class Y>
    requires(applicable<ops::where, C, X, Y> || detail::on_numbers<ops::where, C, X, Y> ||
             (simd::is_mask<std::remove_cvref_t<C>> &&
              !std::is_void_v<detail::batch_element_t<std::remove_cvref_t<X>, std::remove_cvref_t<Y>>>))
auto where(C&& cond, X&& x, Y&& y) {
    if constexpr (detail::on_numbers<ops::where, C, X, Y>) {
        using T = ops::where::compute<std::remove_cvref_t<C>, std::remove_cvref_t<X>, std::remove_cvref_t<Y>>;
        return ops::detail::truthy(cond) ? static_cast<T>(x) : static_cast<T>(y);
    } else if constexpr (simd::is_mask<std::remove_cvref_t<C>>) {
        using B = detail::batch_element_t<std::remove_cvref_t<X>, std::remove_cvref_t<Y>>;
        return simd::select(cond, detail::as_batch<B>(x), detail::as_batch<B>(y));
    }
    // the operands of a node are converted to its compute type (x's and y's),
    // which would turn a condition of 0.5 or 256 into 0: make it bool first
    else if constexpr (scalar_value<std::remove_cvref_t<C>>)
        return make_fn<ops::where>(ops::detail::truthy(cond), std::forward<X>(x), std::forward<Y>(y));
    else if constexpr (std::is_same_v<typename std::remove_cvref_t<C>::value_type, bool>)
        return make_fn<ops::where>(std::forward<C>(cond), std::forward<X>(x), std::forward<Y>(y));
    else
        return make_fn<ops::where>(make_fn<ops::cast<bool>>(std::forward<C>(cond)), std::forward<X>(x),
                                   std::forward<Y>(y));
}

//! real(z), imag(z): the parts of complex numbers, as real numbers (of real ones: x and 0).
template <class A>
    requires elementwise<ops::real, A>
auto real(A&& a) {
    return detail::call<ops::real>(std::forward<A>(a));
}

template <class A>
    requires elementwise<ops::imag, A>
auto imag(A&& a) {
    return detail::call<ops::imag>(std::forward<A>(a));
}

//! conj(z): the complex conjugate (real numbers unchanged).
template <class A>
    requires elementwise<ops::conj, A>
auto conj(A&& a) {
    return detail::call<ops::conj>(std::forward<A>(a));
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
