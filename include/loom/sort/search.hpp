// loom/sort/search.hpp: searchsorted (loom::side::left | right, an optional sorter) and nonzero.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../core/storage.hpp"
#include "../eval/pipeline.hpp"
#include "../expr/node.hpp"
#include "sort.hpp"

namespace loom {

//! Which end of a run of elements equal to the value searchsorted returns: `left` (the
//! default), the first position, or `right`, the one past the last.
enum class side { left, right };

namespace detail {

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_searchsorted_rank(const shape_t& s) {
    throw std::invalid_argument("loom::searchsorted: x1 has shape " + to_string(s) +
                                "; it must have exactly one axis (a vector sorted in ascending order)");
}
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_sorter_shape(const shape_t& s, std::size_t n) {
    throw std::invalid_argument("loom::searchsorted: the sorter has shape " + to_string(s) +
                                "; it must have one axis of x1's length " + std::to_string(n));
}
template <class I>
[[noreturn, gnu::cold, gnu::noinline]] void throw_sorter_index(I v, std::size_t i, std::size_t n) {
    throw index_error("loom::searchsorted: sorter[" + std::to_string(i) + "] is " + std::to_string(+v) +
                      ", out of range for x1 of length " + std::to_string(n));
}
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_nonzero_rank() {
    throw std::invalid_argument("loom::nonzero: x has rank 0 (shape ()); the Array API defines nonzero for one axis "
                                "or more: give it one with loom::expand_dims(x, 0)");
}

// NumPy's order for searching: every NaN after every number.
template <class C>
inline bool search_less(C a, C b) noexcept {
    if constexpr (std::is_floating_point_v<C>) return a < b || (b != b && a == a);
    else return a < b;
}

// The position of v in the sorted keys[0, n).
template <class C>
inline std::int64_t search_one(const C* keys, std::size_t n, C v, side sd) noexcept {
    const C* p = sd == side::left ? std::lower_bound(keys, keys + n, v, search_less<C>)
                                  : std::upper_bound(keys, keys + n, v, search_less<C>);
    return static_cast<std::int64_t>(p - keys);
}

// Calls f(row, idx) for every row along the last axis of a layout (rank 1 or more): row
// is the offset of its first element, idx the indices of the other axes, in C order.
template <class F>
void for_each_row(const shape_t& s, const strides_t& st, F&& f) {
    const std::size_t n = s.size();
    if (size_of(s) == 0) return;
    shape_t idx(n, 0);
    std::ptrdiff_t off = 0;
    for (;;) {
        f(off, static_cast<const shape_t&>(idx));
        std::size_t d = n - 1;
        for (;;) {
            if (d == 0) return;
            --d;
            if (++idx[d] < s[d]) {
                off += st[d];
                break;
            }
            off -= static_cast<std::ptrdiff_t>(idx[d] - 1) * st[d];
            idx[d] = 0;
        }
    }
}

struct no_sorter {};

// x1's elements as C, in order, through `sorter` (a rank-1 integer operand) when given.
template <class C, class X1, class S>
buffer<C> search_keys(const X1& x1, const S* sorter) {
    const shape_t s1 = x1.shape();
    if (s1.size() != 1) throw_searchsorted_rank(s1);
    const std::size_t n = s1[0];
    buffer<C> keys(n);
    with_elements(x1, [&](const auto* d, const shape_t&, const strides_t& st) {
        if constexpr (std::is_same_v<S, no_sorter>) {
            for (std::size_t i = 0; i < n; ++i) keys.data()[i] = static_cast<C>(d[static_cast<std::ptrdiff_t>(i) * st[0]]);
        } else {
        const shape_t ss = sorter->shape();
        if (ss.size() != 1 || ss[0] != n) throw_sorter_shape(ss, n);
        with_elements(*sorter, [&](const auto* o, const shape_t&, const strides_t& ost) {
            for (std::size_t i = 0; i < n; ++i) {
                const auto j = o[static_cast<std::ptrdiff_t>(i) * ost[0]];
                if (!std::in_range<std::size_t>(j) || static_cast<std::size_t>(j) >= n)
                    throw_sorter_index(j, i, n);
                keys.data()[i] = static_cast<C>(d[static_cast<std::ptrdiff_t>(j) * st[0]]);
            }
        });
        }
    });
    return keys;
}

// The type x1 and x2 compare in: promoted as in an expression (a C++ number takes x1's
// type when of its kind or a lower one).
template <class V1, class X2>
struct search_type {
    using type = promote_t<V1, weak<canonical_t<X2>>>;
};
template <class V1, expression X2>
struct search_type<V1, X2> {
    using type = promote_t<V1, typename X2::value_type>;
};

template <class X1, class X2, class S>
array<std::int64_t> searchsorted_of(const X1& x1, const X2& x2, side sd, const S* sorter) {
    using C = typename search_type<typename X1::value_type, X2>::type;
    if constexpr (orders<C>()) {
        const buffer<C> keys = search_keys<C>(x1, sorter);
        const std::size_t n1 = x1.shape()[0];
        if constexpr (expression<X2>) {
            const shape_t s = x2.shape();
            buffer<std::int64_t> out(size_of(s));
            with_elements(x2, [&](const auto* d, const shape_t&, const strides_t& st) {
                if (s.size() == 0) {
                    out.data()[0] = search_one(keys.data(), n1, static_cast<C>(*d), sd);
                    return;
                }
                const std::size_t len = s.back();
                const std::ptrdiff_t step = st.back();
                std::int64_t* o = out.data();
                for_each_row(s, st, [&](std::ptrdiff_t row, const shape_t&) {
                    for (std::size_t j = 0; j < len; ++j)
                        *o++ = search_one(keys.data(), n1, static_cast<C>(d[row + static_cast<std::ptrdiff_t>(j) * step]), sd);
                });
            });
            array<std::int64_t> r;
            value_access::adopt(r, std::move(out), s);
            return r;
        } else {
            using N = canonical_t<X2>;
            std::int64_t pos;
            if constexpr (std::is_integral_v<N> && std::is_integral_v<C> && !std::is_same_v<C, bool>) {
                // an integer beyond C's range is beyond every element
                if (std::cmp_less(x2, std::numeric_limits<C>::min())) pos = 0;
                else if (std::cmp_greater(x2, std::numeric_limits<C>::max())) pos = static_cast<std::int64_t>(n1);
                else pos = search_one(keys.data(), n1, static_cast<C>(x2), sd);
            } else {
                pos = search_one(keys.data(), n1, static_cast<C>(x2), sd);
            }
            return array<std::int64_t>(shape_t{}, pos);
        }
    } else {
        return {};
    }
}

template <class X>
std::vector<array<std::int64_t>> nonzero_of(const X& x) {
    const shape_t s = x.shape();
    const std::size_t n = s.size();
    if (n == 0) throw_nonzero_rank();
    using T = typename X::value_type;
    std::vector<array<std::int64_t>> r;
    r.reserve(n);
    with_elements(x, [&](const T* d, const shape_t&, const strides_t& st) {
        const std::size_t len = s.back();
        const std::ptrdiff_t step = st.back();
        std::size_t count = 0;
        for_each_row(s, st, [&](std::ptrdiff_t row, const shape_t&) {
            for (std::size_t j = 0; j < len; ++j) count += d[row + static_cast<std::ptrdiff_t>(j) * step] != T(0);
        });
        std::vector<buffer<std::int64_t>> idx;
        idx.reserve(n);
        for (std::size_t a = 0; a < n; ++a) idx.emplace_back(count);
        std::size_t k = 0;
        for_each_row(s, st, [&](std::ptrdiff_t row, const shape_t& at) {
            for (std::size_t j = 0; j < len; ++j) {
                if (d[row + static_cast<std::ptrdiff_t>(j) * step] == T(0)) continue;
                for (std::size_t a = 0; a + 1 < n; ++a) idx[a].data()[k] = static_cast<std::int64_t>(at[a]);
                idx[n - 1].data()[k++] = static_cast<std::int64_t>(j);
            }
        });
        for (std::size_t a = 0; a < n; ++a) value_access::adopt(r.emplace_back(), std::move(idx[a]), shape_t{count});
    });
    return r;
}

}  // namespace detail

//! The positions at which the elements of `x2` would be inserted into `x1` (rank 1, sorted
//! ascending with NaN last: not checked) to keep it sorted, NumPy's `np.searchsorted`: for
//! side::left the first such position, for side::right the last. `x2` is an array, view,
//! expression or C++ number; the result, array<std::int64_t> of x2's shape. Elements compare
//! in their promoted type; std::invalid_argument when x1 does not have one axis.
//!   loom::searchsorted(loom::array<double>{1, 2, 2, 3}, 2.0, loom::side::right);   // 3
template <expression X1, class X2>
    requires(expression<X2> || scalar_value<std::remove_cvref_t<X2>>)
array<std::int64_t> searchsorted(const X1& x1, const X2& x2, side sd = side::left) {
    return detail::searchsorted_of(x1, x2, sd, static_cast<const detail::no_sorter*>(nullptr));
}
//! searchsorted(x1, x2, side, sorter): x1 in the order of `sorter`, integer indices that sort
//! it (the Array API's argument): the positions are into sorter. index_error for an index
//! outside x1, std::invalid_argument when sorter is not of x1's length.
//!   loom::searchsorted(x1, x2, loom::side::left, loom::argsort(x1));
template <expression X1, class X2, expression S>
    requires((expression<X2> || scalar_value<std::remove_cvref_t<X2>>) &&
             std::is_integral_v<typename S::value_type> && !std::is_same_v<typename S::value_type, bool>)
array<std::int64_t> searchsorted(const X1& x1, const X2& x2, side sd, const S& sorter) {
    return detail::searchsorted_of(x1, x2, sd, &sorter);
}

//! The indices of the non-zero elements of `x` (an array, view or expression; NaN counts
//! as non-zero), one array<std::int64_t> per axis, in C order, as NumPy's `np.nonzero`;
//! std::invalid_argument for rank 0 (the Array API).
//!   auto ij = loom::nonzero(loom::array<int>{{0, 7}, {5, 0}});   // ij[0] = {0, 1}, ij[1] = {1, 0}
template <expression X>
std::vector<array<std::int64_t>> nonzero(const X& x) {
    return detail::nonzero_of(x);
}

}  // namespace loom
