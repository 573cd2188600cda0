// loom/view/diagonal.hpp: diagonal (a view of the diagonals of two axes, NumPy's) and trace, their sums.
#pragma once

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>

#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../expr/reduction.hpp"
#include "as_view.hpp"
#include "axes.hpp"
#include "owning.hpp"

namespace loom {

namespace detail {

// NumPy's PyArray_Diagonal: the elements v[..., i, ..., i + offset, ...] of axes a1 and a2 (i - offset
// on a2 ... for a negative offset, on a1), on a new last axis of stride s1 + s2; the other axes in order.
template <class T>
strided_view<T> diagonal_of(const strided_view<T>& v, std::ptrdiff_t offset, std::ptrdiff_t axis1, std::ptrdiff_t axis2,
                            const char* fn) {
    const std::size_t n = v.ndim();
    if (n < 2)
        throw std::invalid_argument(std::string("loom::") + fn + ": x has shape " + to_string(v.shape()) +
                                    "; it needs two axes or more");
    const std::size_t a1 = normalize_axis(axis1, n, fn), a2 = normalize_axis(axis2, n, fn);
    if (a1 == a2)
        throw index_error(std::string("loom: ") + fn + ": axis1 " + std::to_string(axis1) + " and axis2 " +
                          std::to_string(axis2) + " name one axis; the diagonal needs two");
    const shape_t& s = v.shape();
    const strides_t& st = v.strides();
    // the first element's row and column, and the diagonal's length (0 past the corner)
    const std::size_t row = offset < 0 ? static_cast<std::size_t>(-(offset + 1)) + 1 : 0;
    const std::size_t col = offset > 0 ? static_cast<std::size_t>(offset) : 0;
    const std::size_t len = row < s[a1] && col < s[a2] ? std::min(s[a1] - row, s[a2] - col) : 0;
    shape_t ds;
    strides_t dst;
    for (std::size_t i = 0; i < n; ++i)
        if (i != a1 && i != a2) ds.push_back(s[i]), dst.push_back(st[i]);
    ds.push_back(len);
    dst.push_back(st[a1] + st[a2]);
    const bool empty = size_of(ds) == 0;  // no element to point at (the pointer may be null)
    T* p = v.data();
    if (!empty) p += static_cast<std::ptrdiff_t>(row) * st[a1] + static_cast<std::ptrdiff_t>(col) * st[a2];
    return strided_view<T>(p, std::move(ds), std::move(dst));
}

}  // namespace detail

//! The view of the diagonals of x over axes `axis1` and `axis2` (NumPy's np.diagonal): the
//! elements x[i, i + offset] (offset > 0 above the main diagonal, < 0 below), on a new last
//! axis after x's other axes; writable when x is, no copy. A diagonal past the corner is
//! empty. std::invalid_argument below rank 2; index_error for an axis out of range or named twice.
//!   loom::array<int> m = {{1, 2, 3}, {4, 5, 6}};
//!   auto d = loom::diagonal(m);      // 1 5, a view of m
//!   auto u = loom::diagonal(m, 1);   // 2 6
template <class X>
    requires view_source<X&&>
auto diagonal(X&& x, std::ptrdiff_t offset = 0, std::ptrdiff_t axis1 = 0, std::ptrdiff_t axis2 = 1) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        return detail::diagonal_of(detail::as_view(x), offset, axis1, axis2, "diagonal");
    });
}

//! The sums of x's diagonals over axes `axis1` and `axis2` (NumPy's np.trace): a lazy
//! reduction of x's other axes' shape (rank 0 for a matrix, converting to a number), of sum's
//! element type (int64 for signed integers and bool, uint64 for unsigned); errors as diagonal's.
//!   double t = loom::trace(m);                   // m(0, 0) + m(1, 1) + ...
//!   loom::array<double> ts = loom::trace(batch, 0, 1, 2);   // one per matrix of (n, k, k)
template <class X>
    requires view_source<X&&>
auto trace(X&& x, std::ptrdiff_t offset = 0, std::ptrdiff_t axis1 = 0, std::ptrdiff_t axis2 = 1) {
    auto d = detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        return detail::diagonal_of(detail::as_view(x), offset, axis1, axis2, "trace");
    });
    return loom::sum(std::move(d), -1);
}

}  // namespace loom
