// loom/select/indices.hpp: index arithmetic, NumPy's argwhere, unravel_index and ravel_multi_index.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../broadcast/broadcast_shapes.hpp"
#include "../containers/array.hpp"
#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../core/storage.hpp"
#include "../sort/search.hpp"
#include "../sort/sort.hpp"
#include "../view/axes.hpp"
#include "take.hpp"

namespace loom {

namespace detail {

// The flat index an unravel_index or ravel_multi_index shape spans: its element count as
// std::int64_t (axes of 0 left out of the product, as NumPy's check); std::invalid_argument
// when that does not fit.
inline std::int64_t index_space(const shape_t& s, const char* fn) {
    std::int64_t n = 1;
    for (const std::size_t e : s) {
        if (e == 0) continue;
        if (!std::in_range<std::int64_t>(e) || __builtin_mul_overflow(n, static_cast<std::int64_t>(e), &n))
            throw std::invalid_argument(std::string("loom::") + fn + ": shape " + to_string(s) +
                                        " has more elements than std::int64_t can count");
    }
    return size_of(s) == 0 ? 0 : n;
}

// f(element) over the elements of a memory layout (any rank, 0 included), in C order.
template <class T, class F>
void each_in_c_order(const T* d, const shape_t& s, const strides_t& st, F&& f) {
    if (s.empty()) {
        f(*d);
        return;
    }
    const std::size_t len = s.back();
    const std::ptrdiff_t step = st.back();
    for_each_row(s, st, [&](std::ptrdiff_t row, const shape_t&) {
        for (std::size_t j = 0; j < len; ++j) f(d[row + static_cast<std::ptrdiff_t>(j) * step]);
    });
}

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_flat_index(std::int64_t i, const shape_t& s, std::int64_t n) {
    throw index_error("loom::unravel_index: index " + std::to_string(i) + " is out of bounds for shape " + to_string(s) +
                      " of " + std::to_string(n) + " elements");
}

// The flat indices (C order) of `indices`, widened to std::int64_t; unsigned ones beyond its
// range saturate (out of bounds for any shape all the same).
template <class I>
std::vector<std::int64_t> flat_indices(const I& indices) {
    std::vector<std::int64_t> r;
    if constexpr (expression<I>) {
        const shape_t s = indices.shape();
        r.reserve(size_of(s));
        with_elements(indices, [&](const auto* d, const shape_t&, const strides_t& st) {
            if (size_of(s) > 0) each_in_c_order(d, s, st, [&](auto v) { r.push_back(to_ptrdiff(v)); });
        });
    } else {
        r.push_back(to_ptrdiff(indices));
    }
    return r;
}

}  // namespace detail

//! argwhere(x): the indices of the non-zero elements of `x` (any rank; NaN counts as
//! non-zero), one row per element in C order: array<std::int64_t> of shape (count, ndim),
//! NumPy's np.argwhere. A rank-0 x gives shape (1, 0) when non-zero, (0, 0) otherwise.
//!   loom::argwhere(loom::array<int>{{0, 7}, {5, 0}});   // {{0, 1}, {1, 0}}
template <expression X>
array<std::int64_t> argwhere(const X& x) {
    using T = typename X::value_type;
    const shape_t s = x.shape();
    const std::size_t n = s.size();
    std::vector<std::int64_t> rows;
    std::size_t count = 0;
    if (size_of(s) > 0) {
        detail::with_elements(x, [&](const T* d, const shape_t&, const strides_t& st) {
            if (n == 0) {
                count = *d != T(0);
                return;
            }
            const std::size_t len = s.back();
            const std::ptrdiff_t step = st.back();
            detail::for_each_row(s, st, [&](std::ptrdiff_t row, const shape_t& at) {
                for (std::size_t j = 0; j < len; ++j) {
                    if (d[row + static_cast<std::ptrdiff_t>(j) * step] == T(0)) continue;
                    for (std::size_t a = 0; a + 1 < n; ++a) rows.push_back(static_cast<std::int64_t>(at[a]));
                    rows.push_back(static_cast<std::int64_t>(j));
                    ++count;
                }
            });
        });
    }
    array<std::int64_t> r(shape_t{count, n});
    for (std::size_t i = 0; i < rows.size(); ++i) r.data()[i] = rows[i];
    return r;
}

//! unravel_index(indices, shape): the coordinates in `shape` (C order) of flat indices, one
//! array<std::int64_t> per axis of shape, each of the shape of `indices` (an integer array,
//! view or expression; rank 0 for a C++ integer), NumPy's np.unravel_index. loom::index_error
//! naming the index for one that is negative or not below the number of elements (every index
//! for a shape with an axis of 0); std::invalid_argument when that number exceeds std::int64_t.
//!   auto ij = loom::unravel_index(loom::array<int>{1, 5}, {2, 3});   // ij[0] = {0, 1}, ij[1] = {1, 2}
template <class I>
    requires(index_operand<I> || (std::integral<I> && !std::same_as<I, bool>))
std::vector<array<std::int64_t>> unravel_index(const I& indices, const shape_t& shape) {
    const std::size_t n = shape.size();
    const std::int64_t total = detail::index_space(shape, "unravel_index");
    shape_t ishape;
    if constexpr (expression<I>) ishape = indices.shape();
    const std::vector<std::int64_t> flat = detail::flat_indices(indices);
    for (const std::int64_t i : flat)
        if (i < 0 || i >= total) detail::throw_flat_index(i, shape, total);
    std::vector<array<std::int64_t>> r;
    r.reserve(n);
    for (std::size_t a = 0; a < n; ++a) r.emplace_back(ishape);
    for (std::size_t k = 0; k < flat.size(); ++k) {
        auto i = static_cast<std::uint64_t>(flat[k]);
        for (std::size_t a = n; a-- > 0;) {
            const std::uint64_t e = shape[a];
            r[a].data()[k] = static_cast<std::int64_t>(i % e);
            i /= e;
        }
    }
    return r;
}

//! One axis's coordinates in ravel_multi_index's multi_index: an integer array, view or
//! expression (widened to std::int64_t), or one C++ integer (rank 0); converts implicitly.
//!   loom::coordinate_array c = 2;
class coordinate_array {
public:
    template <class I>
        requires(index_operand<I> || (std::integral<I> && !std::same_as<I, bool>))
    coordinate_array(const I& indices) {  // implicit: {i0, 2} is a multi_index
        shape_t s;
        if constexpr (expression<I>) s = indices.shape();
        const std::vector<std::int64_t> flat = detail::flat_indices(indices);
        values_ = array<std::int64_t>(s);
        for (std::size_t k = 0; k < flat.size(); ++k) values_.data()[k] = flat[k];
    }
    //! The coordinates, C order.
    const array<std::int64_t>& values() const noexcept { return values_; }

private:
    array<std::int64_t> values_;
};

namespace detail {

inline array<std::int64_t> ravel_of(const coordinate_array* parts, std::size_t count, const shape_t& shape) {
    const std::size_t n = shape.size();
    if (count != n)
        throw std::invalid_argument("loom::ravel_multi_index: multi_index has " + std::to_string(count) +
                                    " coordinate arrays; shape " + to_string(shape) + " needs " + std::to_string(n));
    index_space(shape, "ravel_multi_index");
    shape_t out;
    for (std::size_t a = 0; a < n; ++a) broadcast_into(out, parts[a].values().shape());
    const std::size_t rank = out.size(), m = size_of(out);
    // each part's strides in the result's index space: 0 on the axes it is broadcast along
    std::vector<strides_t> st(n, strides_t(rank, 0));
    for (std::size_t a = 0; a < n; ++a) {
        const shape_t& ps = parts[a].values().shape();
        const strides_t pc = c_strides(ps);
        for (std::size_t k = 0; k < ps.size(); ++k)
            if (ps[k] != 1) st[a][rank - ps.size() + k] = pc[k];
    }
    // the flat index's multiplier of each axis (C order)
    std::vector<std::int64_t> mult(n, 1);
    for (std::size_t a = n; a-- > 1;) mult[a - 1] = mult[a] * static_cast<std::int64_t>(shape[a]);
    array<std::int64_t> r(out);
    shape_t pos(rank, 0);
    std::vector<std::ptrdiff_t> off(n, 0);
    for (std::size_t k = 0; k < m; ++k) {
        std::int64_t flat = 0;
        for (std::size_t a = 0; a < n; ++a) {
            const std::int64_t c = parts[a].values().data()[off[a]];
            if (c < 0 || std::cmp_greater_equal(c, shape[a])) throw_index_bounds("ravel_multi_index", c, a, shape[a]);
            flat += c * mult[a];
        }
        r.data()[k] = flat;
        for (std::size_t d = rank; d-- > 0;) {  // the odometer over the result's axes
            for (std::size_t a = 0; a < n; ++a) off[a] += st[a][d];
            if (++pos[d] < out[d]) break;
            for (std::size_t a = 0; a < n; ++a) off[a] -= st[a][d] * static_cast<std::ptrdiff_t>(pos[d]);
            pos[d] = 0;
        }
    }
    return r;
}

}  // namespace detail

//! ravel_multi_index(multi_index, shape): the flat indices (C order) in `shape` of the
//! coordinates in multi_index, one entry per axis of shape: integer arrays, views or
//! expressions, or C++ integers, broadcast together (NumPy's np.ravel_multi_index, mode
//! 'raise'): array<std::int64_t> of the broadcast shape. loom::index_error naming a coordinate
//! that is negative or not below its axis's size; std::invalid_argument when multi_index
//! does not have one entry per axis; loom::broadcast_error when the entries do not broadcast.
//!   loom::ravel_multi_index({loom::array<int>{0, 1}, 2}, {2, 3});   // {2, 5}
inline array<std::int64_t> ravel_multi_index(std::initializer_list<coordinate_array> multi_index, const shape_t& shape) {
    return detail::ravel_of(multi_index.begin(), multi_index.size(), shape);
}
//! ravel_multi_index(multi_index, shape) with multi_index a range (a std::vector, ...) of
//! integer arrays, views, expressions or integers.
template <class R>
    requires requires(const R& r) {
        std::ranges::begin(r);
        std::ranges::end(r);
    } && std::convertible_to<detail::iterable_value_t<R>, coordinate_array>
array<std::int64_t> ravel_multi_index(const R& multi_index, const shape_t& shape) {
    std::vector<coordinate_array> parts;
    for (const auto& p : multi_index) parts.emplace_back(p);
    return detail::ravel_of(parts.data(), parts.size(), shape);
}

}  // namespace loom
