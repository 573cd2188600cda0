// loom/containers/factories.hpp: the creation functions: zeros, ones, full, empty, arange, linspace, eye, the *_like ones, tril, triu, meshgrid.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "../core/dtype.hpp"
#include "../core/shape.hpp"
#include "../core/storage.hpp"
#include "../eval/pipeline.hpp"
#include "../expr/node.hpp"
#include "array.hpp"

namespace loom {

//! zeros<double>({2, 3}): an array of zeros.
template <element T>
array<T> zeros(const shape_t& s) { return array<T>(s, T(0)); }
//! ones<double>({2, 3}): an array of ones.
template <element T>
array<T> ones(const shape_t& s) { return array<T>(s, T(1)); }
//! full({2, 3}, 7.0): an array filled with `value`.
template <element T>
array<T> full(const shape_t& s, T value) { return array<T>(s, value); }
//! empty<double>({2, 3}): an array of shape `s` (loom zero-fills it too).
template <element T>
array<T> empty(const shape_t& s) { return array<T>(s); }

//! arange<int>(start, stop, step): start, start + step, ... below stop (above it for step < 0); real types only.
template <element T>
    requires(!is_complex_v<T>)
array<T> arange(T start, T stop, T step = T(1)) {
    if (step == T(0)) throw std::invalid_argument("loom: arange step must not be 0");
    std::size_t n = 0;
    if constexpr (std::is_floating_point_v<T>) {
        const double c = std::ceil((static_cast<double>(stop) - static_cast<double>(start)) / static_cast<double>(step));
        n = c > 0 ? static_cast<std::size_t>(c) : 0;
    } else {
        const auto lo = static_cast<long double>(start), hi = static_cast<long double>(stop),
                   st = static_cast<long double>(step);
        const long double c = std::ceil((hi - lo) / st);
        n = c > 0 ? static_cast<std::size_t>(c) : 0;
    }
    array<T> r(shape_t{n});
    for (std::size_t i = 0; i < n; ++i)
        r.data()[i] = static_cast<T>(start + static_cast<T>(i) * step);
    return r;
}
//! arange<int>(5): 0, 1, 2, 3, 4.
template <element T>
    requires(!is_complex_v<T>)
array<T> arange(T stop) { return arange<T>(T(0), stop, T(1)); }

//! linspace's choice of whether b is the last value: linspace(a, b, n, loom::endpoint(false))
//! gives n values spaced (b - a) / n, b left out (NumPy's endpoint=False).
struct endpoint {
    bool value = true;
    constexpr explicit endpoint(bool v) : value(v) {}
};

//! linspace<double>(0, 1, 5): n evenly spaced values from a to b, both included
//! (complex: along the segment from a to b, each part spaced evenly).
template <element T>
array<T> linspace(T a, T b, std::size_t n, endpoint last = endpoint(true)) {
    array<T> r(shape_t{n});
    if (n == 1) r.data()[0] = a;
    if (n < 2) return r;
    if constexpr (is_complex_v<T>) {
        using R = typename T::value_type;
        const array<R> re = linspace<R>(a.real(), b.real(), n, last), im = linspace<R>(a.imag(), b.imag(), n, last);
        for (std::size_t i = 0; i < n; ++i) r.data()[i] = T(re.data()[i], im.data()[i]);
    } else {
        const double steps = static_cast<double>(last.value ? n - 1 : n);
        const double step = (static_cast<double>(b) - static_cast<double>(a)) / steps;
        for (std::size_t i = 0; i < n; ++i)
            r.data()[i] = static_cast<T>(static_cast<double>(a) + step * static_cast<double>(i));
        if (last.value) r.data()[n - 1] = b;
    }
    return r;
}

//! eye<double>(n, m, k): an n x m array (m = n by default) with ones on the k-th
//! diagonal (k > 0 above the main one, k < 0 below) and zeros elsewhere.
template <element T>
array<T> eye(std::size_t n, std::size_t m, std::ptrdiff_t k = 0) {
    array<T> r(shape_t{n, m}, T(0));
    // past [-n, m] no k has an element: clamp, so that i + k cannot overflow
    const auto kk = std::clamp(k, -static_cast<std::ptrdiff_t>(n), static_cast<std::ptrdiff_t>(m));
    for (std::size_t i = 0; i < n; ++i) {
        const std::ptrdiff_t j = static_cast<std::ptrdiff_t>(i) + kk;
        if (j >= 0 && j < static_cast<std::ptrdiff_t>(m)) r.data()[i * m + static_cast<std::size_t>(j)] = T(1);
    }
    return r;
}
//! eye<double>(3): the 3 x 3 identity.
template <element T>
array<T> eye(std::size_t n) { return eye<T>(n, n, 0); }

namespace detail {

// The element type of a *_like result: x's, or U when given.
template <class U, class X>
using like_t = std::conditional_t<std::is_void_v<U>, typename std::remove_cvref_t<X>::value_type, U>;

template <class U>
concept like_type = std::is_void_v<U> || element<U>;

template <class S>
[[noreturn, gnu::cold, gnu::noinline]] void throw_fill_fits(S value, const char* type) {
    throw std::overflow_error("loom::full_like: the value " + std::to_string(value) + " does not fit the element type " +
                              type);
}

}  // namespace detail

//! zeros_like(x): zeros of x's shape and element type (x an array, view or expression,
//! not evaluated); zeros_like<U>(x) with element type U.
template <class U = void, expression X>
    requires detail::like_type<U>
auto zeros_like(const X& x) { return array<detail::like_t<U, X>>(x.shape()); }
//! ones_like(x), ones_like<U>(x): ones of x's shape.
template <class U = void, expression X>
    requires detail::like_type<U>
auto ones_like(const X& x) {
    using V = detail::like_t<U, X>;
    return array<V>(x.shape(), V(1));
}
//! empty_like(x), empty_like<U>(x): an array of x's shape (loom zero-fills it, as empty).
template <class U = void, expression X>
    requires detail::like_type<U>
auto empty_like(const X& x) { return array<detail::like_t<U, X>>(x.shape()); }
//! full_like(x, v), full_like<U>(x, v): x's shape filled with v, which must be of the element
//! type's kind or a lower one (2.5 into an int array does not compile) and, an integer, fit it
//! (std::overflow_error otherwise, as for a C++ number in an expression).
template <class U = void, expression X, scalar_value S>
    requires detail::like_type<U>
auto full_like(const X& x, S value) {
    using V = detail::like_t<U, X>;
    using C = detail::canonical_t<S>;
    static_assert(detail::kind_v<C> <= detail::kind_v<V>,
                  "loom::full_like: the value is of a higher kind (bool < integer < floating) than the element type: "
                  "convert it with static_cast, or name the element type: full_like<double>(x, 2.5)");
    if constexpr (std::is_integral_v<C> && !std::is_same_v<C, bool> && std::is_integral_v<V> &&
                  !std::is_same_v<V, bool>) {
        if (!std::in_range<V>(value)) detail::throw_fill_fits(value, detail::type_name<V>());
    }
    const shape_t s = x.shape();
    return array<V>(s, static_cast<V>(value));
}

namespace detail {

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_triangle_rank(const char* fn, const shape_t& s) {
    throw std::invalid_argument(std::string("loom::") + fn + ": the input has shape " + to_string(s) +
                                "; it needs two axes or more (a matrix, or a stack of matrices along the leading axes)");
}

// tril (Lower) or triu: x evaluated into a new array, then the other triangle of
// each matrix (the last two axes) set to zero.
template <bool Lower, class X>
auto triangle(const char* fn, const X& x, std::ptrdiff_t k) {
    using V = typename std::remove_cvref_t<X>::value_type;
    const shape_t s = x.shape();
    if (s.size() < 2) throw_triangle_rank(fn, s);
    array<V> r(x);
    const std::size_t rows = s[s.size() - 2], cols = s[s.size() - 1];
    if (r.size() == 0) return r;
    // past [-rows, cols] every k zeroes the same elements: clamp, so that i + k cannot overflow
    const auto kk = std::clamp(k, -static_cast<std::ptrdiff_t>(rows), static_cast<std::ptrdiff_t>(cols));
    V* row = r.data();
    for (std::size_t m = r.size() / (rows * cols); m > 0; --m)
        for (std::size_t i = 0; i < rows; ++i, row += cols) {
            // the row's columns left of the k-th diagonal (tril keeps them and the diagonal)
            const std::ptrdiff_t d = static_cast<std::ptrdiff_t>(i) + kk + (Lower ? 1 : 0);
            const std::size_t left = d <= 0 ? 0 : std::min(static_cast<std::size_t>(d), cols);
            if constexpr (Lower) std::fill_n(row + left, cols - left, V(0));
            else std::fill_n(row, left, V(0));
        }
    return r;
}

}  // namespace detail

//! tril(x, k = 0): x (rank 2 or more: each matrix of its last two axes) with the elements
//! above the k-th diagonal set to 0, as a new array<value_type>.
template <expression X>
auto tril(const X& x, std::ptrdiff_t k = 0) { return detail::triangle<true>("tril", x, k); }
//! triu(x, k = 0): x (rank 2 or more) with the elements below the k-th diagonal set to 0.
template <expression X>
auto triu(const X& x, std::ptrdiff_t k = 0) { return detail::triangle<false>("triu", x, k); }

//! The layout of meshgrid's outputs: `xy` (the default, NumPy's and the Array API's)
//! swaps their first two axes (x along columns), `ij` does not (matrix indexing).
enum class indexing { xy, ij };

namespace detail {

template <class X>
using value_type_of = typename std::remove_cvref_t<X>::value_type;

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_meshgrid_rank(std::size_t which, const shape_t& s) {
    throw std::invalid_argument("loom::meshgrid: x" + std::to_string(which + 1) + " (argument " +
                                std::to_string(which + 1) + ") has shape " + to_string(s) +
                                "; each input must have exactly one axis");
}

template <class... X>
constexpr bool meshgrid_inputs() {
    if constexpr (sizeof...(X) >= 1 && (expression<X> && ...)) return promotable<value_type_of<X>...>;
    else return false;
}
// x1, ..., xn, then an indexing
template <class... A>
constexpr bool meshgrid_inputs_then_indexing() {
    if constexpr (sizeof...(A) >= 2) {
        using all = std::tuple<A...>;
        return std::same_as<std::tuple_element_t<sizeof...(A) - 1, all>, indexing> &&
               []<std::size_t... I>(std::index_sequence<I...>) {
                   return meshgrid_inputs<std::tuple_element_t<I, all>...>();
               }(std::make_index_sequence<sizeof...(A) - 1>{});
    } else {
        return false;
    }
}

template <class T, class... X>
std::vector<array<T>> meshgrid_of(indexing ix, const X&... xs) {
    constexpr std::size_t n = sizeof...(X);
    shape_t out;  // every check before any allocation
    std::size_t which = 0;
    (
        [&] {
            const shape_t& s = xs.shape();
            if (s.size() != 1) throw_meshgrid_rank(which, s);
            out.push_back(s[0]);
            ++which;
        }(),
        ...);
    const bool swap = ix == indexing::xy && n >= 2;
    if (swap) std::swap(out[0], out[1]);
    const std::size_t total = size_of(out);
    std::vector<array<T>> r;
    r.reserve(n);
    which = 0;
    (
        [&] {
            const array<T> v(xs);  // the coordinates in T, evaluated once
            const std::size_t axis = swap && which < 2 ? 1 - which : which;
            std::size_t outer = 1, inner = 1;
            for (std::size_t a = 0; a < axis; ++a) outer *= out[a];
            for (std::size_t a = axis + 1; a < n; ++a) inner *= out[a];
            buffer<T> b(total);
            T* p = b.data();
            for (std::size_t o = 0; o < outer; ++o)
                for (std::size_t j = 0; j < v.size(); ++j, p += inner) std::fill_n(p, inner, v.data()[j]);
            array<T>& g = r.emplace_back();
            value_access::adopt(g, std::move(b), out);
            ++which;
        }(),
        ...);
    return r;
}

}  // namespace detail

//! meshgrid(x1, ..., xn[, loom::indexing::ij]): the coordinate grids of n rank-1 inputs, as a
//! std::vector of n arrays of their promoted element type. Each has shape (len(x1), ..., len(xn))
//! with ij; xy (the default) swaps the first two axes: meshgrid(x, y)[0] has shape (len(y), len(x)).
template <expression... X>
    requires(detail::meshgrid_inputs<X...>())
auto meshgrid(const X&... xs) {
    return detail::meshgrid_of<promote_t<detail::value_type_of<X>...>>(indexing::xy, xs...);
}
//! meshgrid(x, y, loom::indexing::ij): with the layout given last.
template <class... A>
    requires(detail::meshgrid_inputs_then_indexing<A...>())
auto meshgrid(const A&... a) {
    const std::tuple<const A&...> args(a...);
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
        return detail::meshgrid_of<promote_t<detail::value_type_of<std::tuple_element_t<I, std::tuple<A...>>>...>>(
            std::get<sizeof...(A) - 1>(args), std::get<I>(args)...);
    }(std::make_index_sequence<sizeof...(A) - 1>{});
}

}  // namespace loom
