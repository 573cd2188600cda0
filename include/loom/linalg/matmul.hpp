// loom/linalg/matmul.hpp: matmul (batch axes broadcast), tensordot and matrix_transpose.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "../containers/array.hpp"
#include "../core/dtype.hpp"
#include "../core/errors.hpp"
#include "../core/shape.hpp"
#include "../manipulation/concat.hpp"
#include "../view/as_view.hpp"
#include "../view/axes.hpp"
#include "../view/owning.hpp"
#include "../view/reshape.hpp"
#include "../view/transpose.hpp"
#include "product.hpp"

namespace loom {

namespace detail {

// An operand as read-only memory of element type R (source_view): its own, any strides, when it
// is of type R; else converted into a new array the view owns.
template <class R, class X>
auto matrix_memory(const X& x) {
    if constexpr (std::is_same_v<typename X::value_type, R>) return source_view(x);
    else return source_view(array<R>(x));
}

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_matmul(const shape_t& s1, const shape_t& s2, const std::string& why) {
    throw broadcast_error("matmul: cannot multiply " + to_string(s1) + " by " + to_string(s2) + ": " + why);
}

// x1 (..., m, k) times x2 (..., k, n), the batch axes broadcast, into a new row-major array;
// rank-1 operands promoted ((k,) -> (1, k) for x1, (k, 1) for x2) and the added axis removed.
template <class R, class X1, class X2>
array<R> matmul_of(const X1& x1, const X2& x2) {
    const shape_t o1 = x1.shape(), o2 = x2.shape();
    if (o1.empty() || o2.empty())
        throw_matmul(o1, o2, std::string(o1.empty() ? "x1" : "x2") + " has rank 0; matmul needs one axis or more");
    {  // the shapes checked before anything is evaluated or allocated
        const std::size_t k1 = o1.back(), k2 = o2.size() == 1 ? o2[0] : o2[o2.size() - 2];
        if (k1 != k2)
            throw_matmul(o1, o2, "x1's last axis has " + std::to_string(k1) + " elements and x2's " +
                                     (o2.size() == 1 ? "only axis " : "second-to-last axis ") + std::to_string(k2));
    }
    // the batch axes, aligned at the right, checked on the shapes too
    shape_t s1 = o1, s2 = o2;
    const bool v1 = s1.size() == 1, v2 = s2.size() == 1;
    if (v1) s1.insert(0, 1);
    if (v2) s2.push_back(1);
    const std::size_t r1 = s1.size(), r2 = s2.size();
    const std::size_t m = s1[r1 - 2], k = s1[r1 - 1], n = s2[r2 - 1];
    const std::size_t rb = std::max(r1, r2) - 2;
    const auto extent = [rb](const shape_t& s, std::size_t j) { return j + s.size() >= rb + 2 ? s[j + s.size() - rb - 2] : 1; };
    shape_t batch(rb, 1);
    for (std::size_t j = 0; j < rb; ++j) {
        const std::size_t e1 = extent(s1, j), e2 = extent(s2, j);
        if (e1 != e2 && e1 != 1 && e2 != 1)
            throw_matmul(o1, o2, "the batch axes do not broadcast: axis " + std::to_string(j) + " of the batch has " +
                                     std::to_string(e1) + " and " + std::to_string(e2));
        batch[j] = e1 == 1 ? e2 : e1;
    }
    const auto A = matrix_memory<R>(x1);
    const auto B = matrix_memory<R>(x2);
    strides_t t1 = A.strides(), t2 = B.strides();
    if (v1) t1.insert(0, 0);
    if (v2) t2.push_back(0);
    strides_t b1(rb, 0), b2(rb, 0);  // the batch strides; 0 where an operand's extent is 1 (or missing)
    for (std::size_t j = 0; j < rb; ++j) {
        if (extent(s1, j) != 1) b1[j] = t1[j + r1 - rb - 2];
        if (extent(s2, j) != 1) b2[j] = t2[j + r2 - rb - 2];
    }
    shape_t out = batch;
    if (!v1) out.push_back(m);
    if (!v2) out.push_back(n);
    array<R> res = uninitialized<R>(out);
    if (res.size() == 0) return res;
    const R* a = A.data();
    const R* b = B.data();
    const std::ptrdiff_t rsa = t1[r1 - 2], csa = t1[r1 - 1], rsb = t2[r2 - 2], csb = t2[r2 - 1];
    const auto mn = static_cast<std::ptrdiff_t>(m * n);
    const std::size_t count = size_of(batch);
    // x2 the same for every batch and x1's batches one run of rows: one product of count * m rows
    bool fold = count > 1;
    for (std::size_t j = 0; j < rb && fold; ++j) {
        const std::ptrdiff_t below = j + 1 < rb ? b1[j + 1] * static_cast<std::ptrdiff_t>(batch[j + 1])
                                                : rsa * static_cast<std::ptrdiff_t>(m);
        fold = b2[j] == 0 && (batch[j] == 1 || b1[j] == below);
    }
    if (fold) {
        product(count * m, n, k, a, rsa, csa, b, rsb, csb, res.data(), static_cast<std::ptrdiff_t>(n), 1);
        return res;
    }
    small_vector<std::size_t, 8> pos(rb, 0);
    R* c = res.data();
    for (std::size_t i = 0; i < count; ++i, c += mn) {
        std::ptrdiff_t off1 = 0, off2 = 0;
        for (std::size_t j = 0; j < rb; ++j) {
            off1 += static_cast<std::ptrdiff_t>(pos[j]) * b1[j];
            off2 += static_cast<std::ptrdiff_t>(pos[j]) * b2[j];
        }
        product(m, n, k, a + off1, rsa, csa, b + off2, rsb, csb, c, static_cast<std::ptrdiff_t>(n), 1);
        for (std::size_t j = rb; j-- > 0;) {
            if (++pos[j] < batch[j]) break;
            pos[j] = 0;
        }
    }
    return res;
}

// The (rows, cols) matrix of a view whose first `split` axes make its rows and the others
// its columns: its own memory when that reshape needs no copy (reshape_strides), else a
// row-major copy.
template <class R>
struct matrix2 {
    std::optional<array<R>> copy;
    const R* data;
    std::size_t rows, cols;
    std::ptrdiff_t rs, cs;
};
template <class R>
matrix2<R> as_matrix(const strided_view<const R>& v, std::size_t split) {
    std::size_t rows = 1, cols = 1;
    for (std::size_t i = 0; i < v.ndim(); ++i) (i < split ? rows : cols) *= v.shape()[i];
    strides_t st;
    if (reshape_strides(v.shape(), v.strides(), shape_t{rows, cols}, st)) return {std::nullopt, v.data(), rows, cols, st[0], st[1]};
    array<R> c(v);
    const R* p = c.data();
    return {std::move(c), p, rows, cols, static_cast<std::ptrdiff_t>(cols), 1};
}

template <class R, class X1, class X2>
array<R> tensordot_of(const X1& x1, const X2& x2, const axes_t& ax1, const axes_t& ax2) {
    const shape_t s1 = x1.shape(), s2 = x2.shape();  // checked before anything is evaluated
    const auto fail = [&](const std::string& why) {
        throw broadcast_error("tensordot: cannot contract " + to_string(s1) + " with " + to_string(s2) + ": " + why);
    };
    if (ax1.size() != ax2.size())
        fail("the axis lists " + to_string(ax1) + " and " + to_string(ax2) + " differ in length");
    small_vector<bool, 8> in1(s1.size(), false), in2(s2.size(), false);
    axes_t p1, p2, c1;  // x1: free axes then contracted (c1); x2: contracted then free
    for (std::size_t i = 0; i < ax1.size(); ++i) {
        const std::size_t a = normalize_axis(ax1[i], s1.size(), "tensordot"), b = normalize_axis(ax2[i], s2.size(), "tensordot");
        if (in1[a] || in2[b]) throw index_error("loom: tensordot: an axis is contracted twice in " + to_string(ax1) + ", " + to_string(ax2));
        in1[a] = in2[b] = true;
        if (s1[a] != s2[b])
            fail("axis " + std::to_string(ax1[i]) + " of x1 has " + std::to_string(s1[a]) + " elements and axis " +
                 std::to_string(ax2[i]) + " of x2 " + std::to_string(s2[b]));
        c1.push_back(static_cast<std::ptrdiff_t>(a));
        p2.push_back(static_cast<std::ptrdiff_t>(b));
    }
    shape_t out;
    for (std::size_t i = 0; i < s1.size(); ++i)
        if (!in1[i]) p1.push_back(static_cast<std::ptrdiff_t>(i)), out.push_back(s1[i]);
    const std::size_t free1 = p1.size();
    for (const std::ptrdiff_t a : c1) p1.push_back(a);
    for (std::size_t i = 0; i < s2.size(); ++i)
        if (!in2[i]) p2.push_back(static_cast<std::ptrdiff_t>(i)), out.push_back(s2[i]);
    const auto A = matrix_memory<R>(x1);
    const auto B = matrix_memory<R>(x2);
    const auto ma = as_matrix(permute(A, p1), free1);
    const auto mb = as_matrix(permute(B, p2), ax2.size());
    array<R> res = uninitialized<R>(out);
    if (res.size() != 0)
        product(ma.rows, mb.cols, ma.cols, ma.data, ma.rs, ma.cs, mb.data, mb.rs, mb.cs, res.data(),
                static_cast<std::ptrdiff_t>(mb.cols), 1);
    return res;
}

template <class X1, class X2>
using product_t = promote_t<typename X1::value_type, typename X2::value_type>;

}  // namespace detail

//! The matrix product of x1 and x2 with the Array API's rules (NumPy's `x1 @ x2`), as a new
//! array of their promoted element type: x1 (..., m, k) times x2 (..., k, n) is (..., m, n), the
//! batch axes (all but the last two) broadcast; a rank-1 x1 is a row (1, k) and a rank-1 x2 a
//! column (k, 1), the added axis removed from the result. Inner sizes that differ, batch axes
//! that do not broadcast and rank-0 operands throw broadcast_error naming both shapes, before
//! anything is evaluated. Transposed views are read in place; expressions are evaluated once.
//!   loom::array<double> c = loom::matmul(a, loom::matrix_transpose(b));
template <expression X1, expression X2>
auto matmul(const X1& x1, const X2& x2) {
    return detail::matmul_of<detail::product_t<X1, X2>>(x1, x2);
}

//! The sum of products of x1 and x2 over their last `axes` and first `axes` axes respectively
//! (Array API `tensordot` with an integer), as a new array: its shape is x1's free axes, then x2's.
//!   loom::tensordot(a, b, 1);   // (2, 3) with (3, 4): the matrix product
template <expression X1, expression X2>
auto tensordot(const X1& x1, const X2& x2, std::size_t axes = 2) {
    const std::size_t r1 = x1.shape().size(), r2 = x2.shape().size();
    if (axes > r1 || axes > r2)
        throw index_error("loom: tensordot: " + std::to_string(axes) + " axes to contract, but the operands have ranks " +
                          std::to_string(r1) + " and " + std::to_string(r2));
    detail::axes_t a1, a2;
    for (std::size_t i = 0; i < axes; ++i) {
        a1.push_back(static_cast<std::ptrdiff_t>(r1 - axes + i));
        a2.push_back(static_cast<std::ptrdiff_t>(i));
    }
    return detail::tensordot_of<detail::product_t<X1, X2>>(x1, x2, a1, a2);
}
//! Over the axes paired by two lists (Array API `tensordot` with two sequences): axis
//! axes1[i] of x1 with axis axes2[i] of x2, which must have one extent.
//!   loom::tensordot(a, b, {0, 2}, {1, 0});
template <expression X1, expression X2>
auto tensordot(const X1& x1, const X2& x2, std::initializer_list<std::ptrdiff_t> axes1,
               std::initializer_list<std::ptrdiff_t> axes2) {
    return detail::tensordot_of<detail::product_t<X1, X2>>(x1, x2, detail::to_axes(axes1), detail::to_axes(axes2));
}
template <expression X1, expression X2, integer_range R1, integer_range R2>
auto tensordot(const X1& x1, const X2& x2, const R1& axes1, const R2& axes2) {
    return detail::tensordot_of<detail::product_t<X1, X2>>(x1, x2, detail::to_axes(axes1), detail::to_axes(axes2));
}

//! The view of x with its last two axes swapped: the transposes of a stack of matrices
//! (Array API `matrix_transpose`, NumPy's `x.mT`); std::invalid_argument below rank 2.
template <class X>
    requires view_source<X&&>
auto matrix_transpose(X&& x) {
    return detail::lazy_view_of(std::forward<X>(x), [&](auto& x) {
        auto v = detail::as_view(x);
        const std::size_t n = v.ndim();
        if (n < 2)
            throw std::invalid_argument("loom::matrix_transpose: x has shape " + to_string(v.shape()) +
                                        "; it needs two axes or more");
        detail::axes_t order;
        for (std::size_t i = 0; i < n; ++i) order.push_back(static_cast<std::ptrdiff_t>(i));
        std::swap(order[n - 2], order[n - 1]);
        return detail::permute(v, order);
    });
}

}  // namespace loom
