// loom/expr/reduction_nodes.hpp: reductions as lazy nodes (sum, prod, mean, max, min, all, any, count_nonzero) and the axes they run over.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <tuple>
#include <type_traits>
#include <utility>

#include "../core/shape.hpp"
#include "../core/storage.hpp"
#include "../detail/small_vector.hpp"
#include "../view/indexing.hpp"
#include "node.hpp"
#include "ops.hpp"

namespace loom {

//! Keeps the reduced axes, with size 1, so that the result broadcasts against the operand.
struct keepdims_t {
    explicit constexpr keepdims_t() = default;
};
inline constexpr keepdims_t keepdims{};

//! The divisor of var and stddev is N - c: `loom::var(x, 0, loom::correction(1))` is the sample variance.
struct correction_t {
    double value = 0;
};
constexpr correction_t correction(double c) noexcept { return {c}; }

namespace detail {

// The axes of a reduction as the user gave them: every axis, or a list
// (possibly empty: no axis), checked against the operand's rank when it is
// evaluated.
struct axes_spec {
    bool every = true;
    small_vector<std::ptrdiff_t, 8> list;
};

// What each reduction does with the elements of one reduction, in its
// accumulator type A (the result's element type): the value it starts from,
// how an element of the operand enters (lift) and how two partial results
// combine. `ordered` kinds give the same bits in any grouping (max, min, the
// logical ones and counts); sums and products are grouped pairwise.
namespace reduce_kind {

// What sets a kind apart from the plain ones (sum ... count): a second pass
// over the deviations from the mean (var, stddev), or an index (argmax, argmin).
struct plain {
    static constexpr bool moment = false, arg = false, divides = false;
    static constexpr bool orders = false;  // compares elements: not for complex numbers
};

template <class V>
using sum_type = std::conditional_t<std::is_floating_point_v<V> || is_complex_v<V>, V,
                                    std::conditional_t<std::is_unsigned_v<V> && !std::is_same_v<V, bool>,
                                                       std::uint64_t, std::int64_t>>;
template <class V>
using mean_type = std::conditional_t<std::is_floating_point_v<V> || is_complex_v<V>, V, double>;

struct sum : plain {
    static constexpr const char* name = "sum";
    template <class V>
    using result = sum_type<V>;
    template <class A>
    static constexpr A identity() { return A(0); }
    template <class A, class V>
    static A lift(V x) { return static_cast<A>(x); }
    template <class X>
    static X combine(X a, X b) { return ops::add{}(a, b); }
    static constexpr bool simd = true, nonempty = false, divides = false;
};
struct prod : plain {
    static constexpr const char* name = "prod";
    template <class V>
    using result = sum_type<V>;
    template <class A>
    static constexpr A identity() { return A(1); }
    template <class A, class V>
    static A lift(V x) { return static_cast<A>(x); }
    template <class X>
    static X combine(X a, X b) { return ops::multiply{}(a, b); }
    static constexpr bool simd = true, nonempty = false, divides = false;
};
struct mean : sum {
    static constexpr const char* name = "mean";
    template <class V>
    using result = mean_type<V>;
    static constexpr bool divides = true;  // the sum over the count (NaN when empty)
};
struct max : plain {
    static constexpr const char* name = "max";
    template <class V>
    using result = V;
    template <class A>
    static constexpr A identity() {
        if constexpr (std::numeric_limits<A>::has_infinity) return -std::numeric_limits<A>::infinity();
        else return std::numeric_limits<A>::lowest();
    }
    template <class A, class V>
    static A lift(V x) { return static_cast<A>(x); }
    template <class X>
    static X combine(X a, X b) { return ops::maximum{}(a, b); }  // NaN propagates
    static constexpr bool simd = true, nonempty = true, divides = false, orders = true;
};
struct min : plain {
    static constexpr const char* name = "min";
    template <class V>
    using result = V;
    template <class A>
    static constexpr A identity() {
        if constexpr (std::numeric_limits<A>::has_infinity) return std::numeric_limits<A>::infinity();
        else return std::numeric_limits<A>::max();
    }
    template <class A, class V>
    static A lift(V x) { return static_cast<A>(x); }
    template <class X>
    static X combine(X a, X b) { return ops::minimum{}(a, b); }
    static constexpr bool simd = true, nonempty = true, divides = false, orders = true;
};
struct all : plain {
    static constexpr const char* name = "all";
    template <class V>
    using result = bool;
    template <class A>
    static constexpr A identity() { return true; }
    template <class A, class V>
    static A lift(V x) { return x != V(0); }  // NaN is not zero: true
    template <class X>
    static X combine(X a, X b) { return a && b; }
    static constexpr bool simd = false, nonempty = false, divides = false;
};
struct any : plain {
    static constexpr const char* name = "any";
    template <class V>
    using result = bool;
    template <class A>
    static constexpr A identity() { return false; }
    template <class A, class V>
    static A lift(V x) { return x != V(0); }
    template <class X>
    static X combine(X a, X b) { return a || b; }
    static constexpr bool simd = false, nonempty = false, divides = false;
};
struct count : plain {
    static constexpr const char* name = "count_nonzero";
    template <class V>
    using result = std::int64_t;
    template <class A>
    static constexpr A identity() { return 0; }
    template <class A, class V>
    static A lift(V x) { return x != V(0) ? 1 : 0; }
    template <class X>
    static X combine(X a, X b) { return a + b; }
    static constexpr bool simd = false, nonempty = false, divides = false;
};

// The variance (root: its square root, the standard deviation): the mean of
// the squared deviations from the mean (|x - mean|^2 for complex numbers, a
// real result), the divisor N - correction.
struct var : plain {
    static constexpr const char* name = "var";
    template <class V>
    using result = real_of_t<mean_type<V>>;
    static constexpr bool moment = true, root = false;
};
struct stddev : var {
    static constexpr const char* name = "stddev";
    static constexpr bool root = true;
};
// The index of the largest (smallest) element: the first of equal ones, a NaN
// counting as the extreme.
struct argmax : plain {
    static constexpr const char* name = "argmax";
    template <class V>
    using result = std::int64_t;
    static constexpr bool arg = true, largest = true, orders = true;
};
struct argmin : argmax {
    static constexpr const char* name = "argmin";
    static constexpr bool largest = false;
};

}  // namespace reduce_kind

}  // namespace detail

//! A reduction of X by Kind over some axes: an expression of element type R
//! whose shape is X's without the reduced axes (or with them as 1: keepdims).
//! Each assignment that reads it computes it once, into a buffer of that
//! shape, before the element-wise pass (eval/reduce.hpp).
template <class Kind, class R, class X>
struct reduction : expression_base<reduction<Kind, R, X>> {
    using value_type = R;
    using kind = Kind;
    X arg_;
    detail::axes_spec axes_;
    bool keepdims_ = false;
    double correction_ = 0;  // var, stddev: the divisor is N - correction

    reduction(X x, detail::axes_spec axes, bool keep, double correction = 0)
        : arg_(std::move(x)), axes_(std::move(axes)), keepdims_(keep), correction_(correction) {}
    //! The value of a reduction with one element (over every axis, say):
    //! evaluates it. `double s = loom::sum(a * b);`
    operator R() const;
};

namespace detail {
template <class Kind, class R, class X>
struct number_tree<reduction<Kind, R, X>> : std::true_type {};
}  // namespace detail

namespace detail {

template <class E>
struct is_reduction : std::false_type {};
template <class K, class R, class X>
struct is_reduction<reduction<K, R, X>> : std::true_type {};

// An axis argument: an integer, or a range of integers.
template <class A>
concept axis_list = std::ranges::input_range<A> && std::integral<std::ranges::range_value_t<A>>;
template <class A>
concept axes_argument = std::integral<std::remove_cvref_t<A>> || axis_list<std::remove_cvref_t<A>>;

template <class A>
axes_spec axes_from(const A& a) {
    axes_spec s;
    s.every = false;
    if constexpr (std::integral<A>) {
        s.list.push_back(static_cast<std::ptrdiff_t>(a));
    } else {
        for (const auto& v : a) s.list.push_back(static_cast<std::ptrdiff_t>(v));
    }
    return s;
}

// What follows the operand of a reduction, in this order, each optional:
// axes, loom::keepdims, loom::correction(c) (var and stddev only).
template <class A>
concept keepdims_argument = std::same_as<std::remove_cvref_t<A>, keepdims_t>;
template <class A>
concept correction_argument = std::same_as<std::remove_cvref_t<A>, correction_t>;
template <class A>
constexpr int option_rank() {
    if constexpr (axes_argument<A>) return 0;
    else if constexpr (keepdims_argument<A>) return 1;
    else if constexpr (correction_argument<A>) return 2;
    else return -1;
}
template <bool Corr, class... A>
constexpr bool options_ok() {
    int last = -1;
    bool ok = true;
    for (int r : {option_rank<A>()..., 3}) {
        if (r == 3) break;
        ok = ok && r > last && (r != 2 || Corr);
        last = r;
    }
    return ok;
}
// The same after a braced list of axes.
template <bool Corr, class... K>
constexpr bool after_list_ok() {
    return ((option_rank<K>() >= 1) && ...) && options_ok<Corr, K...>();
}
template <class... A>
concept reduce_args = options_ok<false, A...>();
template <class... A>
concept moment_args = options_ok<true, A...>();
template <class... K>
concept keep_args = after_list_ok<false, K...>();
template <class... K>
concept moment_keep_args = after_list_ok<true, K...>();

struct reduce_options {
    axes_spec axes;
    bool keep = false;
    double correction = 0;
    template <class A>
    void take(const A& a) {
        if constexpr (keepdims_argument<A>) keep = true;
        else if constexpr (correction_argument<A>) correction = a.value;
        else axes = axes_from(a);
    }
};

// The node for Kind over x: R is U when given, else the kind's result type.
template <class Kind, class U, class X, class... A>
auto reduce_call(X&& x, const A&... a) {
    using C = capture_t<X&&>;
    using V = typename C::value_type;
    using R = std::conditional_t<std::is_void_v<U>, typename Kind::template result<V>, U>;
    static_assert(element<R>, "loom: a reduction's result type must be one of loom's element types");
    static_assert(!Kind::orders || !is_complex_v<V>,
                  "loom: max, min, argmax and argmin compare elements, and complex numbers have no order: "
                  "reduce loom::real(x) or loom::abs(x)");
    static_assert(!is_complex_v<V> || is_complex_v<R> || Kind::moment || std::is_same_v<R, bool> ||
                      std::is_same_v<R, std::int64_t>,
                  "loom: the sum, product or mean of complex numbers is complex: give a complex result type");
    reduce_options o;
    (o.take(a), ...);
    return reduction<Kind, R, C>(capture_operand(std::forward<X>(x)), std::move(o.axes), o.keep, o.correction);
}

}  // namespace detail

// Every reduction takes (x), (x, axis), (x, {axes...}), (x, range of axes),
// each optionally followed by loom::keepdims; axes count from the end when
// negative. An explicit first template argument sets the result type.

//! The sum over the axes: floating types keep theirs, signed integers and bool give int64, unsigned uint64.
template <class U = void, expression X, class... A>
    requires detail::reduce_args<A...>
auto sum(X&& x, A&&... a) {
    return detail::reduce_call<detail::reduce_kind::sum, U>(std::forward<X>(x), std::forward<A>(a)...);
}
template <class U = void, expression X, class... K>
    requires detail::keep_args<K...>
auto sum(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return detail::reduce_call<detail::reduce_kind::sum, U>(std::forward<X>(x), axes, k...);
}

//! The product over the axes: element types as sum's; 1 when empty.
template <class U = void, expression X, class... A>
    requires detail::reduce_args<A...>
auto prod(X&& x, A&&... a) {
    return detail::reduce_call<detail::reduce_kind::prod, U>(std::forward<X>(x), std::forward<A>(a)...);
}
template <class U = void, expression X, class... K>
    requires detail::keep_args<K...>
auto prod(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return detail::reduce_call<detail::reduce_kind::prod, U>(std::forward<X>(x), axes, k...);
}

//! The mean over the axes: floating types keep theirs, integers give double; NaN when empty.
template <class U = void, expression X, class... A>
    requires detail::reduce_args<A...>
auto mean(X&& x, A&&... a) {
    return detail::reduce_call<detail::reduce_kind::mean, U>(std::forward<X>(x), std::forward<A>(a)...);
}
template <class U = void, expression X, class... K>
    requires detail::keep_args<K...>
auto mean(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return detail::reduce_call<detail::reduce_kind::mean, U>(std::forward<X>(x), axes, k...);
}

//! The largest element over the axes (NaN propagates); std::invalid_argument when a reduction is empty.
template <class U = void, expression X, class... A>
    requires detail::reduce_args<A...>
auto max(X&& x, A&&... a) {
    return detail::reduce_call<detail::reduce_kind::max, U>(std::forward<X>(x), std::forward<A>(a)...);
}
template <class U = void, expression X, class... K>
    requires detail::keep_args<K...>
auto max(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return detail::reduce_call<detail::reduce_kind::max, U>(std::forward<X>(x), axes, k...);
}

//! The smallest element over the axes (NaN propagates); std::invalid_argument when a reduction is empty.
template <class U = void, expression X, class... A>
    requires detail::reduce_args<A...>
auto min(X&& x, A&&... a) {
    return detail::reduce_call<detail::reduce_kind::min, U>(std::forward<X>(x), std::forward<A>(a)...);
}
template <class U = void, expression X, class... K>
    requires detail::keep_args<K...>
auto min(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return detail::reduce_call<detail::reduce_kind::min, U>(std::forward<X>(x), axes, k...);
}

//! Whether any element over the axes is not zero (NaN counts as true); false when empty.
template <class U = void, expression X, class... A>
    requires detail::reduce_args<A...>
auto any(X&& x, A&&... a) {
    return detail::reduce_call<detail::reduce_kind::any, U>(std::forward<X>(x), std::forward<A>(a)...);
}
template <class U = void, expression X, class... K>
    requires detail::keep_args<K...>
auto any(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return detail::reduce_call<detail::reduce_kind::any, U>(std::forward<X>(x), axes, k...);
}

//! How many elements over the axes are not zero, as int64.
template <class U = void, expression X, class... A>
    requires detail::reduce_args<A...>
auto count_nonzero(X&& x, A&&... a) {
    return detail::reduce_call<detail::reduce_kind::count, U>(std::forward<X>(x), std::forward<A>(a)...);
}
template <class U = void, expression X, class... K>
    requires detail::keep_args<K...>
auto count_nonzero(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return detail::reduce_call<detail::reduce_kind::count, U>(std::forward<X>(x), axes, k...);
}

//! The variance over the axes, the divisor N - c with loom::correction(c) (0 by
//! default): floating types keep theirs, integers give double; NaN where N - c <= 0.
template <class U = void, expression X, class... A>
    requires detail::moment_args<A...>
auto var(X&& x, A&&... a) {
    return detail::reduce_call<detail::reduce_kind::var, U>(std::forward<X>(x), a...);
}
template <class U = void, expression X, class... K>
    requires detail::moment_keep_args<K...>
auto var(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return detail::reduce_call<detail::reduce_kind::var, U>(std::forward<X>(x), axes, k...);
}

//! The standard deviation over the axes: the square root of var (named so that
//! it does not hide the std namespace).
template <class U = void, expression X, class... A>
    requires detail::moment_args<A...>
auto stddev(X&& x, A&&... a) {
    return detail::reduce_call<detail::reduce_kind::stddev, U>(std::forward<X>(x), a...);
}
template <class U = void, expression X, class... K>
    requires detail::moment_keep_args<K...>
auto stddev(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) {
    return detail::reduce_call<detail::reduce_kind::stddev, U>(std::forward<X>(x), axes, k...);
}

namespace detail {
template <class... A>
concept arg_args = sizeof...(A) == 0 || (sizeof...(A) == 1 && ((std::integral<std::remove_cvref_t<A>> || keepdims_argument<A>) && ...)) ||
                   (sizeof...(A) == 2 && options_ok<false, A...>() && (!axis_list<std::remove_cvref_t<A>> && ...));
}  // namespace detail

//! The index of the largest element as int64: of the flattened array (row-major),
//! or along one axis (`argmax(x, axis[, loom::keepdims])`). The first of equal
//! elements; a NaN counts as the largest; std::invalid_argument when empty.
template <expression X, class... A>
    requires detail::arg_args<A...>
auto argmax(X&& x, A&&... a) {
    return detail::reduce_call<detail::reduce_kind::argmax, void>(std::forward<X>(x), a...);
}
//! The index of the smallest element, as argmax.
template <expression X, class... A>
    requires detail::arg_args<A...>
auto argmin(X&& x, A&&... a) {
    return detail::reduce_call<detail::reduce_kind::argmin, void>(std::forward<X>(x), a...);
}

//! The sum of the products of x1 and x2 (broadcast against each other) over
//! `axis` (the last by default), in the products' element type: the Array API's vecdot
//! (which conjugates a complex x1: the inner product).
template <expression X1, class X2>
    requires applicable<ops::multiply, X1, X2>
auto vecdot(X1&& x1, X2&& x2, std::ptrdiff_t axis = -1) {
    auto p = [&] {
        if constexpr (is_complex_v<typename std::remove_cvref_t<X1>::value_type>)
            return make_fn<ops::multiply>(make_fn<ops::conj>(std::forward<X1>(x1)), std::forward<X2>(x2));
        else
            return make_fn<ops::multiply>(std::forward<X1>(x1), std::forward<X2>(x2));
    }();
    using P = typename decltype(p)::value_type;
    return detail::reduce_call<detail::reduce_kind::sum, P>(std::move(p), axis);
}

//! With cumulative_sum and cumulative_prod: the axis is one longer and starts
//! with the identity (0 for the sum, 1 for the product).
struct include_initial_t {
    explicit constexpr include_initial_t() = default;
};
inline constexpr include_initial_t include_initial{};

//! The running sums (products) of X along one axis: an expression of X's shape
//! (the axis one longer with include_initial), computed once per assignment
//! that reads it, as a reduction is.
template <class Kind, class R, class X>
struct cumulative : expression_base<cumulative<Kind, R, X>> {
    using value_type = R;
    using kind = Kind;
    X arg_;
    bool has_axis_ = false;  // else the operand must have rank 0 or 1
    std::ptrdiff_t axis_ = 0;
    bool initial_ = false;

    cumulative(X x, bool has_axis, std::ptrdiff_t axis, bool initial)
        : arg_(std::move(x)), has_axis_(has_axis), axis_(axis), initial_(initial) {}
};

namespace detail {
template <class... A>
concept cumulative_args =
    sizeof...(A) == 0 ||
    (sizeof...(A) == 1 && ((std::integral<std::remove_cvref_t<A>> || std::same_as<std::remove_cvref_t<A>, include_initial_t>) && ...)) ||
    (sizeof...(A) == 2 && requires(A... a) {
        requires std::integral<std::remove_cvref_t<std::tuple_element_t<0, std::tuple<A...>>>>;
        requires std::same_as<std::remove_cvref_t<std::tuple_element_t<1, std::tuple<A...>>>, include_initial_t>;
    });

template <class Kind, class U, class X, class... A>
auto cumulative_call(X&& x, const A&... a) {
    using C = capture_t<X&&>;
    using V = typename C::value_type;
    using R = std::conditional_t<std::is_void_v<U>, typename Kind::template result<V>, U>;
    static_assert(element<R>, "loom: a cumulative reduction's result type must be one of loom's element types");
    bool has_axis = false, initial = false;
    std::ptrdiff_t axis = 0;
    [[maybe_unused]] const auto take = [&](const auto& v) {
        if constexpr (std::integral<std::remove_cvref_t<decltype(v)>>) {
            has_axis = true;
            axis = static_cast<std::ptrdiff_t>(v);
        } else {
            initial = true;
        }
    };
    (take(a), ...);
    return cumulative<Kind, R, C>(capture_operand(std::forward<X>(x)), has_axis, axis, initial);
}
}  // namespace detail

//! The running sums along `axis` (left out only for rank <= 1), element types as sum's.
template <class U = void, expression X, class... A>
    requires detail::cumulative_args<A...>
auto cumulative_sum(X&& x, A&&... a) {
    return detail::cumulative_call<detail::reduce_kind::sum, U>(std::forward<X>(x), a...);
}
//! The running products along `axis`, element types as prod's.
template <class U = void, expression X, class... A>
    requires detail::cumulative_args<A...>
auto cumulative_prod(X&& x, A&&... a) {
    return detail::cumulative_call<detail::reduce_kind::prod, U>(std::forward<X>(x), a...);
}

//! loom::all(x, ...): whether every element over the axes is not zero (NaN
//! counts as true); true when empty. (Without an operand, loom::all is the
//! slice tag of view(x, loom::all, 0).)
template <class X, class... A>
    requires expression<X>
auto all_t::operator()(X&& x, A&&... a) const {
    static_assert(detail::reduce_args<A...>, "loom::all(x, ...): axes (an integer or a range of integers), then loom::keepdims");
    return detail::reduce_call<detail::reduce_kind::all, void>(std::forward<X>(x), std::forward<A>(a)...);
}
template <class X, class... K>
    requires expression<X>
auto all_t::operator()(X&& x, std::initializer_list<std::ptrdiff_t> axes, K... k) const {
    static_assert(detail::keep_args<K...>, "loom::all(x, {axes}, ...): only loom::keepdims may follow the axes");
    return detail::reduce_call<detail::reduce_kind::all, void>(std::forward<X>(x), axes, k...);
}

}  // namespace loom
