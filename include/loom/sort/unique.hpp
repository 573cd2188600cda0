// loom/sort/unique.hpp: the Array API's set functions unique_values, unique_counts, unique_inverse and unique_all.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../core/shape.hpp"
#include "../core/storage.hpp"
#include "../eval/pipeline.hpp"
#include "../expr/node.hpp"
#include "sort.hpp"

namespace loom {

//! unique_counts's result: the distinct values (ascending) and how often each occurs.
template <class T>
struct unique_counts_result {
    array<T> values;
    array<std::int64_t> counts;
};
//! unique_inverse's result: the distinct values and, for each element of x (x's shape),
//! the position of its value in `values`.
template <class T>
struct unique_inverse_result {
    array<T> values;
    array<std::int64_t> inverse_indices;
};
//! unique_all's result: the distinct values, the index of each one's first occurrence in
//! the flattened x, the inverse indices (x's shape) and the counts.
template <class T>
struct unique_all_result {
    array<T> values;
    array<std::int64_t> indices;
    array<std::int64_t> inverse_indices;
    array<std::int64_t> counts;
};

namespace detail {

template <class T>
array<T> adopted(buffer<T>&& b, const shape_t& s) {
    array<T> r;
    value_access::adopt(r, std::move(b), s);
    return r;
}

// x's elements sorted stably (ascending, NaN last): the sort that the unique functions
// without positions group; the number of elements comes back in n.
template <class X>
buffer<typename X::value_type> sorted_flat(const X& x, std::size_t& n) {
    using T = typename X::value_type;
    const array<T> a(x);  // C order
    n = a.size();
    buffer<T> s(n), tmp(n);
    if (n > 0) sort_lane<T, false>(a.data(), s.data(), tmp.data(), n);
    return s;
}

// Values (first of each run of equal ones: -0.0 and 0.0 are one value, every NaN its own)
// and, when counts is given, the length of each run.
template <class T>
array<T> runs(const T* s, std::size_t n, array<std::int64_t>* counts) {
    std::size_t m = 0;
    for (std::size_t i = 0; i < n; ++i) m += i == 0 || !(s[i] == s[i - 1]);
    buffer<T> v(m);
    buffer<std::int64_t> c(counts ? m : 0);
    std::size_t g = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (i == 0 || !(s[i] == s[i - 1])) {
            v.data()[g++] = s[i];
            if (counts) c.data()[g - 1] = 0;
        }
        if (counts) ++c.data()[g - 1];
    }
    if (counts) *counts = adopted(std::move(c), shape_t{m});
    return adopted(std::move(v), shape_t{m});
}

// Every output of unique_all; the others take what they need of it.
template <class X>
unique_all_result<typename X::value_type> unique_everything(const X& x) {
    using T = typename X::value_type;
    using K = sort_key_t<T>;
    const array<T> a(x);  // C order
    const std::size_t n = a.size();
    const T* v = a.data();
    buffer<keyed<K>> items(n), tmp(n);
    for (std::size_t i = 0; i < n; ++i) items.data()[i] = {sort_key<T, false>(v[i]), static_cast<std::int64_t>(i)};
    if (n > 0) stable_sort_items(items.data(), items.data(), tmp.data(), n, by_key{});
    const keyed<K>* p = items.data();
    std::size_t m = 0;
    for (std::size_t i = 0; i < n; ++i) m += i == 0 || !(v[p[i].index] == v[p[i - 1].index]);
    buffer<T> values(m);
    buffer<std::int64_t> first(m), counts(m), inverse(n);
    std::size_t g = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const auto at = p[i].index;
        if (i == 0 || !(v[at] == v[p[i - 1].index])) {  // a new value: its first occurrence, as the sort is stable
            values.data()[g] = v[at];
            first.data()[g] = at;
            counts.data()[g] = 0;
            ++g;
        }
        ++counts.data()[g - 1];
        inverse.data()[at] = static_cast<std::int64_t>(g - 1);
    }
    return {adopted(std::move(values), shape_t{m}), adopted(std::move(first), shape_t{m}),
            adopted(std::move(inverse), a.shape()), adopted(std::move(counts), shape_t{m})};
}

}  // namespace detail

//! The distinct elements of `x` (an array, view or expression, any shape), sorted ascending,
//! as a rank-1 array (the Array API's unique_values). -0.0 and 0.0 are one value, reported
//! as whichever comes first in x; every NaN is distinct (the Array API), all of them last.
//!   loom::unique_values(loom::array<int>{{3, 1}, {3, 2}});   // {1, 2, 3}
template <expression X>
auto unique_values(const X& x) {
    using T = typename X::value_type;
    if constexpr (detail::orders<T>()) {
        std::size_t n = 0;
        const detail::buffer<T> s = detail::sorted_flat(x, n);
        return detail::runs(s.data(), n, static_cast<array<std::int64_t>*>(nullptr));
    }
}

//! The distinct elements of `x` and how often each occurs: a unique_counts_result
//! `{values, counts}`, as unique_values.
//!   auto [v, c] = loom::unique_counts(loom::array<int>{3, 1, 3});   // v = {1, 3}, c = {1, 2}
template <expression X>
auto unique_counts(const X& x) {
    using T = typename X::value_type;
    if constexpr (detail::orders<T>()) {
        std::size_t n = 0;
        const detail::buffer<T> s = detail::sorted_flat(x, n);
        unique_counts_result<T> r;
        r.values = detail::runs(s.data(), n, &r.counts);
        return r;
    }
}

//! The distinct elements of `x` and, for each element of x, the position of its value
//! among them: a unique_inverse_result `{values, inverse_indices}`, inverse_indices of x's
//! shape, so that `take(values, inverse_indices)` gives x back.
//!   auto [v, inv] = loom::unique_inverse(loom::array<int>{3, 1, 3});   // inv = {1, 0, 1}
template <expression X>
auto unique_inverse(const X& x) {
    using T = typename X::value_type;
    if constexpr (detail::orders<T>()) {
        auto all = detail::unique_everything(x);
        return unique_inverse_result<T>{std::move(all.values), std::move(all.inverse_indices)};
    }
}

//! unique_all(x): a unique_all_result `{values, indices, inverse_indices, counts}`: the
//! distinct values, the index of each one's first occurrence in the flattened x (C order),
//! the inverse indices (x's shape) and the counts.
//!   auto u = loom::unique_all(loom::array<int>{3, 1, 3});   // u.indices = {1, 0}, u.counts = {1, 2}
template <expression X>
auto unique_all(const X& x) {
    using T = typename X::value_type;
    if constexpr (detail::orders<T>()) return detail::unique_everything(x);
}

}  // namespace loom
