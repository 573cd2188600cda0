// loom/sort/sets.hpp: NumPy's set routines isin, intersect1d, union1d and setdiff1d, by sorting.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../core/shape.hpp"
#include "../core/storage.hpp"
#include "../eval/pipeline.hpp"
#include "../expr/node.hpp"
#include "search.hpp"
#include "sort.hpp"
#include "unique.hpp"

namespace loom {

namespace detail {

// An operand's element type for promotion: its value_type, or a C++ number's type, weak.
template <class X>
struct set_operand {
    using type = weak<canonical_t<X>>;
};
template <expression X>
struct set_operand<X> {
    using type = typename X::value_type;
};
// The element type of one operand, and the type two operands compare in (as in an expression).
template <class X>
using set_element_t = typename strip_weak<typename set_operand<X>::type>::type;
template <class X1, class X2>
using set_common_t = promote_t<typename set_operand<X1>::type, typename set_operand<X2>::type>;

// The set functions sort: complex numbers, which have no order, stop here with this message.
template <class T>
constexpr bool set_orders() {
    static_assert(!is_complex_v<T>,
                  "loom: isin, intersect1d, union1d and setdiff1d sort elements, and complex numbers have no order: "
                  "use loom::real(x) or loom::abs(x) instead");
    return !is_complex_v<T>;
}

// x's elements (an expression of any rank, or a C++ number) flattened in C order, as C; their
// number in n.
template <class C, class X>
buffer<C> set_flat(const X& x, std::size_t& n) {
    if constexpr (expression<X>) {
        const shape_t s = x.shape();
        n = size_of(s);
        buffer<C> r(n);
        if (n == 0) return r;
        with_elements(x, [&](const auto* d, const shape_t&, const strides_t& st) {
            C* o = r.data();
            if (s.empty()) {
                *o = static_cast<C>(*d);
                return;
            }
            const std::size_t len = s.back();
            const std::ptrdiff_t step = st.back();
            for_each_row(s, st, [&](std::ptrdiff_t row, const shape_t&) {
                for (std::size_t j = 0; j < len; ++j) *o++ = static_cast<C>(d[row + static_cast<std::ptrdiff_t>(j) * step]);
            });
        });
        return r;
    } else {
        n = 1;
        buffer<C> r(1);
        *r.data() = static_cast<C>(x);
        return r;
    }
}

// Sorts p[0, n) in place, stably, NaN last.
template <class C>
void set_sort(C* p, std::size_t n) {
    if (n < 2) return;
    buffer<C> tmp(n);
    sort_lane<C, false>(p, p, tmp.data(), n);
}

// The sorted p[0, n) reduced in place to the first element of each run of equal ones (-0.0
// and 0.0 are one value); NaN: each its own (nans = keep), one (nans = one, NumPy 1.24's
// np.unique) or none (nans = drop). Returns the number left.
enum class set_nans { keep, one, drop };
template <class C>
std::size_t set_unique(C* p, std::size_t n, set_nans nans) {
    std::size_t m = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (p[i] != p[i]) {  // the NaNs, all at the end
            if (nans == set_nans::keep) p[m++] = p[i];
            else if (nans == set_nans::one && (m == 0 || p[m - 1] == p[m - 1])) p[m++] = p[i];
            continue;
        }
        if (m == 0 || !(p[i] == p[m - 1])) p[m++] = p[i];
    }
    return m;
}

// Whether v is among the sorted, NaN-free keys[0, m).
template <class C>
bool set_has(const C* keys, std::size_t m, C v) {
    if (v != v) return false;
    const C* q = std::lower_bound(keys, keys + m, v);
    return q != keys + m && *q == v;
}

}  // namespace detail

//! isin(element, test_elements, invert = false): for each element of `element` (an array,
//! view, expression or C++ number), whether it equals an element of `test_elements` (any
//! shape, flattened), NumPy's np.isin: array<bool> of element's shape (rank 0 for a number);
//! `invert` gives the opposite. The two compare in their promoted type; NaN is in no set,
//! -0.0 equals 0.0. Complex elements do not compile.
//!   loom::isin(loom::array<int>{1, 2, 3, 4}, loom::array<int>{4, 2});   // {false, true, false, true}
template <operand E, operand T>
array<bool> isin(const E& element, const T& test_elements, bool invert = false) {
    using C = detail::set_common_t<E, T>;
    if constexpr (detail::set_orders<C>()) {
        std::size_t m = 0, n = 0;
        detail::buffer<C> keys = detail::set_flat<C>(test_elements, m);
        detail::set_sort(keys.data(), m);
        m = detail::set_unique(keys.data(), m, detail::set_nans::drop);
        const detail::buffer<C> e = detail::set_flat<C>(element, n);
        shape_t s;
        if constexpr (expression<E>) s = element.shape();
        array<bool> r(s);
        for (std::size_t i = 0; i < n; ++i) r.data()[i] = detail::set_has(keys.data(), m, e.data()[i]) != invert;
        return r;
    } else {
        return {};
    }
}

//! intersect1d(ar1, ar2, assume_unique = false): the sorted distinct values found in both
//! (flattened) operands, NumPy's np.intersect1d: a rank-1 array of their promoted type.
//! NaN is in no intersection; for -0.0 and 0.0, ar1's. `assume_unique` skips making each
//! operand unique first (then a value repeated in either may be repeated in the result).
//!   loom::intersect1d(loom::array<int>{1, 3, 4, 3}, loom::array<int>{3, 1, 2, 1});   // {1, 3}
template <operand X1, operand X2>
auto intersect1d(const X1& ar1, const X2& ar2, bool assume_unique = false) {
    using C = detail::set_common_t<X1, X2>;
    if constexpr (detail::set_orders<C>()) {
        std::size_t n1 = 0, n2 = 0;
        detail::buffer<C> a = detail::set_flat<C>(ar1, n1), b = detail::set_flat<C>(ar2, n2);
        detail::set_sort(a.data(), n1);
        detail::set_sort(b.data(), n2);
        if (!assume_unique) {
            n1 = detail::set_unique(a.data(), n1, detail::set_nans::keep);
            n2 = detail::set_unique(b.data(), n2, detail::set_nans::keep);
        }
        // NumPy's: both in one sorted sequence (ar1's first among equals); a value equal to the next is in both
        detail::buffer<C> aux(n1 + n2);
        std::merge(a.data(), a.data() + n1, b.data(), b.data() + n2, aux.data(), detail::search_less<C>);
        std::size_t m = 0;
        for (std::size_t i = 0; i + 1 < n1 + n2; ++i)
            if (aux.data()[i] == aux.data()[i + 1]) aux.data()[m++] = aux.data()[i];
        return detail::adopted(std::move(aux), shape_t{m});
    } else {
        return array<C>();
    }
}

//! union1d(ar1, ar2): the sorted distinct values of both (flattened) operands, NumPy's
//! np.union1d: a rank-1 array of their promoted type, NaN once at the end if either has one.
//!   loom::union1d(loom::array<int>{-1, 0, 1}, loom::array<int>{-2, 0, 2});   // {-2, -1, 0, 1, 2}
template <operand X1, operand X2>
auto union1d(const X1& ar1, const X2& ar2) {
    using C = detail::set_common_t<X1, X2>;
    if constexpr (detail::set_orders<C>()) {
        std::size_t n1 = 0, n2 = 0;
        const detail::buffer<C> a = detail::set_flat<C>(ar1, n1), b = detail::set_flat<C>(ar2, n2);
        detail::buffer<C> all(n1 + n2);
        std::copy(a.data(), a.data() + n1, all.data());
        std::copy(b.data(), b.data() + n2, all.data() + n1);
        detail::set_sort(all.data(), n1 + n2);
        const std::size_t m = detail::set_unique(all.data(), n1 + n2, detail::set_nans::one);
        return detail::adopted(std::move(all), shape_t{m});
    } else {
        return array<C>();
    }
}

//! setdiff1d(ar1, ar2, assume_unique = false): the sorted distinct values of ar1 (flattened)
//! that are not in ar2, NumPy's np.setdiff1d: a rank-1 array of ar1's element type (the two
//! compare in their promoted type). NaN stays, once, as NaN is in no set. With
//! `assume_unique`, ar1 is taken as it is: its elements not in ar2, in ar1's order.
//!   loom::setdiff1d(loom::array<int>{1, 2, 3, 2, 4, 1}, loom::array<int>{3, 4, 5, 6});   // {1, 2}
template <operand X1, operand X2>
auto setdiff1d(const X1& ar1, const X2& ar2, bool assume_unique = false) {
    using T = detail::set_element_t<X1>;
    using C = detail::set_common_t<X1, X2>;
    if constexpr (detail::set_orders<C>()) {
        std::size_t n1 = 0, m = 0;
        detail::buffer<T> a = detail::set_flat<T>(ar1, n1);
        if (!assume_unique) {
            detail::set_sort(a.data(), n1);
            n1 = detail::set_unique(a.data(), n1, detail::set_nans::one);
        }
        detail::buffer<C> keys = detail::set_flat<C>(ar2, m);
        detail::set_sort(keys.data(), m);
        m = detail::set_unique(keys.data(), m, detail::set_nans::drop);
        std::size_t k = 0;
        for (std::size_t i = 0; i < n1; ++i)
            if (!detail::set_has(keys.data(), m, static_cast<C>(a.data()[i]))) a.data()[k++] = a.data()[i];
        return detail::adopted(std::move(a), shape_t{k});
    } else {
        return array<T>();
    }
}

}  // namespace loom
