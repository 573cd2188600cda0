// loom/expr/vectorize.hpp: user-defined element-wise functions (vectorize, map) as nodes of the tree.
#pragma once

#include <concepts>
#include <cstddef>
#include <type_traits>
#include <utility>

#include "functions.hpp"
#include "node.hpp"
#include "ops.hpp"

namespace loom {

//! Tag for vectorize: call f on elements only, never on SIMD batches (for a
//! generic lambda whose body does not compile on batches).
struct elements_only_t {
    explicit elements_only_t() = default;
};
inline constexpr elements_only_t elements_only{};

namespace ops {

namespace detail {

template <class F, class C, std::size_t... I>
auto call_on(std::index_sequence<I...>) -> std::invoke_result_t<const F&, decltype((void(I), std::declval<C>()))...>;

// f's result on N elements of C, or R when given.
template <class F, class R, class C, std::size_t N>
struct user_result {
    using type = R;
};
template <class F, class C, std::size_t N>
struct user_result<F, void, C, N> {
    using type = std::remove_cvref_t<decltype(call_on<F, C>(std::make_index_sequence<N>{}))>;
};

// Whether f runs on batches of C: C vectorizes, f's result on elements is C
// (or bool), and f called on N batches of C gives a batch of C (or a mask). f
// is tried on batches only then, as a generic lambda's body is compiled to
// find its result.
template <class F, class R, class C, std::size_t N, bool Batches>
constexpr bool user_simd() {
#if LOOM_SIMD
    if constexpr (Batches && simd::vectorizable<C>) {
        using E = typename user_result<F, R, C, N>::type;
        if constexpr (std::is_same_v<E, C> || std::is_same_v<E, bool>) {
            using B = simd::batch<C>;
            using Ro = typename user_result<F, void, C, N>::type;  // f's own result on elements
            if constexpr (std::is_same_v<Ro, E>) {
                return [] {
                    if constexpr (requires { call_on<F, B>(std::make_index_sequence<N>{}); }) {
                        using Rb = std::remove_cvref_t<decltype(call_on<F, B>(std::make_index_sequence<N>{}))>;
                        return std::is_same_v<E, C> ? std::is_same_v<Rb, B> : std::is_same_v<Rb, simd::mask<C>>;
                    } else {
                        return false;
                    }
                }();
            }
        }
    }
#endif
    return false;
}

}  // namespace detail

// A user's function f of N operands (vectorize, map): computed in the
// operands' promoted type, its result f's (or R), in batches when f takes them.
template <class F, class R, std::size_t N, bool Batches>
struct user {
    F f;
    template <class... P>
    using compute = promote_t<P...>;
    template <class C>
    using result = typename detail::user_result<F, R, C, N>::type;
    template <class C>
    static constexpr bool simd = detail::user_simd<F, R, C, N, Batches>();
    template <class... X>
    decltype(auto) operator()(const X&... x) const {
        return f(x...);
    }
};

}  // namespace ops

//! The callable vectorize(f) returns: on arrays, views and expressions a lazy
//! node (broadcast, fused, threaded as the built-in functions); on numbers
//! f's value now; on batches f's batch.
template <class F, class R = void, bool Batches = true>
struct vectorized {
    F f;

    template <class... X>
        requires(sizeof...(X) > 0)
    auto operator()(X&&... x) const {
        using Op = ops::user<F, R, sizeof...(X), Batches>;
        if constexpr ((expression<X> || ...)) {
            static_assert(element<typename Op::template result<compute_t<Op, detail::capture_t<X&&>...>>>,
                          "loom::vectorize: f must return a type arrays hold (bool, an integer, float, double, "
                          "complex), or give one: loom::vectorize<T>(f)");
            return make_fn(Op{f}, std::forward<X>(x)...);
        } else if constexpr (std::is_void_v<R>) {
            return f(std::forward<X>(x)...);
        } else {
            return static_cast<R>(f(std::forward<X>(x)...));
        }
    }
};

//! vectorize(f): f, a function of elements, as an element-wise function of
//! arrays. vectorize<R>(f) converts f's results to R; vectorize(f,
//! elements_only) never calls f on SIMD batches.
//!   auto sigmoid = loom::vectorize([](auto x) { return 1 / (1 + loom::exp(-x)); });
//!   loom::array<double> r = sigmoid(a * 2 + b);
template <class R = void, class F>
auto vectorize(F&& f) {
    return vectorized<std::decay_t<F>, R>{std::forward<F>(f)};
}
template <class R = void, class F>
auto vectorize(F&& f, elements_only_t) {
    return vectorized<std::decay_t<F>, R, false>{std::forward<F>(f)};
}

//! map(f, x...): vectorize(f)(x...), for one call.
template <class F, class... X>
    requires(sizeof...(X) > 0)
auto map(F&& f, X&&... x) {
    return vectorize(std::forward<F>(f))(std::forward<X>(x)...);
}

}  // namespace loom
