// loom/sort/partition.hpp: NumPy's partial sorts partition and argpartition along an axis, NaN last.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../core/shape.hpp"
#include "../core/storage.hpp"
#include "../eval/pipeline.hpp"
#include "../expr/node.hpp"
#include "../view/axes.hpp"
#include "search.hpp"
#include "sort.hpp"

namespace loom {

namespace detail {

template <class T>
constexpr bool partition_orders() {
    static_assert(!is_complex_v<T>,
                  "loom: partition and argpartition order elements, and complex numbers have no order: partition "
                  "loom::real(x) or loom::abs(x) instead");
    return !is_complex_v<T>;
}

// The kth positions on an axis of len elements, negative ones counted from the end, ascending
// and without repeats. NumPy checks them only when the array has elements.
inline std::vector<std::size_t> kth_positions(const axes_t& kth, std::size_t len, bool check, const char* fn) {
    std::vector<std::size_t> ks;
    const auto n = static_cast<std::ptrdiff_t>(len);
    for (const std::ptrdiff_t k : kth) {
        const std::ptrdiff_t at = k < 0 ? k + n : k;
        if (at < 0 || at >= n) {
            if (!check) continue;
            throw std::invalid_argument(std::string("loom::") + fn + ": kth " + std::to_string(k) +
                                        " is out of bounds for an axis of length " + std::to_string(len));
        }
        ks.push_back(static_cast<std::size_t>(at));
    }
    std::sort(ks.begin(), ks.end());
    ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
    return ks;
}

// Partitions p[0, len) about each of ks in turn (NumPy's order for several): the later ones
// only within what lies after the earlier, which keeps those in place.
template <class Item, class Less>
void select_lane(Item* p, std::size_t len, const std::vector<std::size_t>& ks, Less less) {
    std::size_t lo = 0;
    for (const std::size_t k : ks) {
        std::nth_element(p + lo, p + k, p + len, less);
        lo = k + 1;
    }
}

template <class X>
auto partition_of(const X& x, const axes_t& kth, std::ptrdiff_t axis) {
    using T = typename X::value_type;
    array<T> r(x);  // C order: partitioned in place
    const shape_t s = r.shape();
    const std::size_t ax = normalize_axis(axis, s.size(), "partition");
    const std::size_t len = s[ax];
    const std::vector<std::size_t> ks = kth_positions(kth, len, r.size() > 0, "partition");
    if (r.size() == 0 || ks.empty()) return r;
    const strides_t st = c_strides(s);
    const std::ptrdiff_t step = st[ax];
    T* d = r.data();
    if (step == 1 || len == 1) {
        for_each_lane(s, st, st, ax, [&](std::ptrdiff_t off, std::ptrdiff_t) { select_lane(d + off, len, ks, search_less<T>); });
        return r;
    }
    // lanes across rows: copied out and back a group at a time, so that neighbouring lanes
    // share the cache lines read and written (as sort does)
    constexpr std::size_t group = 16;
    buffer<T> lanes(group * len);
    std::ptrdiff_t offs[group];
    std::size_t g = 0;
    const auto flush = [&] {
        T* l = lanes.data();
        for (std::size_t i = 0; i < len; ++i)
            for (std::size_t b = 0; b < g; ++b) l[b * len + i] = d[offs[b] + static_cast<std::ptrdiff_t>(i) * step];
        for (std::size_t b = 0; b < g; ++b) select_lane(l + b * len, len, ks, search_less<T>);
        for (std::size_t i = 0; i < len; ++i)
            for (std::size_t b = 0; b < g; ++b) d[offs[b] + static_cast<std::ptrdiff_t>(i) * step] = l[b * len + i];
        g = 0;
    };
    for_each_lane(s, st, st, ax, [&](std::ptrdiff_t off, std::ptrdiff_t) {
        offs[g] = off;
        if (++g == group) flush();
    });
    if (g > 0) flush();
    return r;
}

template <class X>
array<std::int64_t> argpartition_of(const X& x, const axes_t& kth, std::ptrdiff_t axis) {
    using T = typename X::value_type;
    using K = sort_key_t<T>;
    shape_t s = x.shape();
    if (s.empty()) s = shape_t{1};  // NumPy's: a rank-0 x as one of shape (1,)
    const std::size_t ax = normalize_axis(axis, s.size(), "argpartition");
    const std::size_t n = size_of(s), len = s[ax];
    const std::vector<std::size_t> ks = kth_positions(kth, len, n > 0, "argpartition");
    array<std::int64_t> r(s);
    if (n == 0) return r;
    const strides_t ost = c_strides(s);
    buffer<keyed<K>> items(len);
    with_elements(x, [&](const T* data, const shape_t&, const strides_t& xst) {
        const strides_t st = xst.empty() ? strides_t{1} : xst;
        const std::ptrdiff_t step = st[ax], ostep = ost[ax];
        for_each_lane(s, st, ost, ax, [&](std::ptrdiff_t off, std::ptrdiff_t ooff) {
            keyed<K>* it = items.data();
            for (std::size_t i = 0; i < len; ++i)
                it[i] = {sort_key<T, false>(data[off + static_cast<std::ptrdiff_t>(i) * step]), static_cast<std::int64_t>(i)};
            select_lane(it, len, ks, [](const keyed<K>& a, const keyed<K>& b) { return a.key < b.key; });
            std::int64_t* q = r.data() + ooff;
            for (std::size_t i = 0; i < len; ++i) q[static_cast<std::ptrdiff_t>(i) * ostep] = it[i].index;
        });
    });
    return r;
}

}  // namespace detail

//! partition(x, kth, axis = -1): a copy of `x` (an array, view or expression) with each lane
//! along `axis` rearranged so that the element at position kth is the one a sort would put
//! there, none before it larger and none after it smaller (NaN sorts last), NumPy's
//! np.partition; the order within the two sides is unspecified. kth counts from the end when
//! negative; a list of them (braced, or any range of integers) fixes each. std::invalid_argument
//! for a kth out of range (checked when x has elements), loom::index_error for a bad axis
//! (rank 0 included). Complex elements do not compile.
//!   loom::partition(loom::array<int>{7, 1, 5, 3, 9}, 2);   // {3, 1, 5, 7, 9} or another order around 5
template <expression X>
auto partition(const X& x, std::ptrdiff_t kth, std::ptrdiff_t axis = -1) {
    if constexpr (detail::partition_orders<typename X::value_type>()) return detail::partition_of(x, detail::to_axes({kth}), axis);
}
//! partition(x, {k1, k2, ...}, axis = -1): fixes every kth of the list.
template <expression X>
auto partition(const X& x, std::initializer_list<std::ptrdiff_t> kth, std::ptrdiff_t axis = -1) {
    if constexpr (detail::partition_orders<typename X::value_type>()) return detail::partition_of(x, detail::to_axes(kth), axis);
}
//! partition(x, kth, axis = -1) with kth a range of integers (a std::vector, ...).
template <expression X, integer_range K>
auto partition(const X& x, const K& kth, std::ptrdiff_t axis = -1) {
    if constexpr (detail::partition_orders<typename X::value_type>()) return detail::partition_of(x, detail::to_axes(kth), axis);
}

//! argpartition(x, kth, axis = -1): the positions along `axis` that partition `x` about kth
//! (a number or a list, as partition), NumPy's np.argpartition: array<std::int64_t> of x's shape,
//! `take_along_axis(x, argpartition(x, k, a), a)` being a partition(x, k, a). As NumPy, a
//! rank-0 x counts as shape (1,). Errors as partition's.
//!   loom::argpartition(loom::array<double>{3, 1, NAN, 2}, 1);   // {1, 3, 0, 2} or another order around 3
template <expression X>
array<std::int64_t> argpartition(const X& x, std::ptrdiff_t kth, std::ptrdiff_t axis = -1) {
    if constexpr (detail::partition_orders<typename X::value_type>()) return detail::argpartition_of(x, detail::to_axes({kth}), axis);
    else return {};
}
//! argpartition(x, {k1, k2, ...}, axis = -1): about every kth of the list.
template <expression X>
array<std::int64_t> argpartition(const X& x, std::initializer_list<std::ptrdiff_t> kth, std::ptrdiff_t axis = -1) {
    if constexpr (detail::partition_orders<typename X::value_type>()) return detail::argpartition_of(x, detail::to_axes(kth), axis);
    else return {};
}
//! argpartition(x, kth, axis = -1) with kth a range of integers.
template <expression X, integer_range K>
array<std::int64_t> argpartition(const X& x, const K& kth, std::ptrdiff_t axis = -1) {
    if constexpr (detail::partition_orders<typename X::value_type>()) return detail::argpartition_of(x, detail::to_axes(kth), axis);
    else return {};
}

}  // namespace loom
