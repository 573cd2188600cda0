// loom/linalg/outer.hpp: NumPy's outer (a lazy product of two flattened operands), inner and kron.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "../containers/array.hpp"
#include "../core/shape.hpp"
#include "../expr/operators.hpp"
#include "../view/as_view.hpp"
#include "../view/axes.hpp"
#include "../view/owning.hpp"
#include "../view/reshape.hpp"
#include "../view/strided_view.hpp"
#include "matmul.hpp"

namespace loom {

namespace detail {

// x's elements in C order as a read-only view of shape `to` (of x's size): x's own memory when
// its layout allows that without a copy, else a copy the view owns; an expression is evaluated
// once. One type for every case: the owner is empty when the caller keeps the memory.
template <class X>
auto flat_view(X&& x, const shape_t& to) {
    auto v = view_of(std::forward<X>(x), [](auto& m) { return as_const_view(m); });
    using T = typename decltype(v)::value_type;
    std::shared_ptr<const void> owner;
    if constexpr (is_owning_view<decltype(v)>::value) owner = v.owner();
    strides_t st;
    if (reshape_strides(v.shape(), v.strides(), to, st))
        return owning_view<const T>(std::move(owner), strided_view<const T>(v.data(), to, std::move(st)));
    auto copy = std::make_shared<array<T>>(strided_view<const T>(v));
    const T* p = copy->data();
    return owning_view<const T>(std::move(copy), strided_view<const T>(p, to, c_strides(to)));
}

// The Kronecker product through the interleaved shape (a0, b0, a1, b1, ...), whose row-major
// layout is the result's: a with stride 0 along the b axes, b along the a axes, multiplied
// into it in one assignment. The shorter shape is padded with 1s in front.
template <class R, class X1, class X2>
array<R> kron_of(const X1& x1, const X2& x2) {
    const auto a = source_view(x1);
    const auto b = source_view(x2);
    using A = typename decltype(a)::value_type;
    using B = typename decltype(b)::value_type;
    const std::size_t ra = a.ndim(), rb = b.ndim(), n = std::max(ra, rb);
    shape_t both, sa, sb, out;
    strides_t ta, tb;
    for (std::size_t k = 0; k < n; ++k) {
        const bool ha = k + ra >= n, hb = k + rb >= n;
        const std::size_t ea = ha ? a.shape()[k + ra - n] : 1, eb = hb ? b.shape()[k + rb - n] : 1;
        both.push_back(ea), both.push_back(eb);
        sa.push_back(ea), sa.push_back(1);
        sb.push_back(1), sb.push_back(eb);
        ta.push_back(ha ? a.strides()[k + ra - n] : 0), ta.push_back(0);
        tb.push_back(0), tb.push_back(hb ? b.strides()[k + rb - n] : 0);
        out.push_back(ea * eb);
    }
    array<R> r = uninitialized<R>(out);
    if (r.size() != 0)
        strided_view<R>(r.data(), both, c_strides(both)) =
            strided_view<const A>(a.data(), sa, ta) * strided_view<const B>(b.data(), sb, tb);
    return r;
}

}  // namespace detail

//! The outer product of x1 and x2, each flattened in C order (NumPy's np.outer): a lazy
//! expression of shape (x1.size(), x2.size()) and their product's element type, out(i, j) =
//! x1[i] * x2[j], no conjugation. Arrays and views whose layout flattens without a copy are
//! read in place (keep them alive while the expression is); others and expressions are copied
//! or evaluated once into memory the expression owns.
//!   loom::array<double> m = loom::outer(loom::array<double>{1, 2}, loom::array<double>{1, 10, 100});
//!   // {{1, 10, 100}, {2, 20, 200}}
template <class X1, class X2>
    requires view_source<X1&&> && view_source<X2&&>
auto outer(X1&& x1, X2&& x2) {
    const std::size_t m = x1.size(), n = x2.size();
    auto column = detail::flat_view(std::forward<X1>(x1), shape_t{m, 1});
    auto row = detail::flat_view(std::forward<X2>(x2), shape_t{n});
    return std::move(column) * std::move(row);
}

//! The sums of products of x1 and x2 over their last axes (NumPy's np.inner), as a new array
//! of shape x1.shape()[:-1] + x2.shape()[:-1] and their promoted element type, no conjugation:
//! rank 0 for two vectors; a rank-0 operand multiplies the other element-wise. Last axes of
//! different lengths throw std::invalid_argument naming both shapes.
//!   loom::inner(loom::array<int>{1, 2, 3}, loom::array<int>{0, 1, 0});   // a rank-0 array, 2
template <expression X1, expression X2>
auto inner(const X1& x1, const X2& x2) {
    using R = detail::product_t<X1, X2>;
    const shape_t s1 = x1.shape(), s2 = x2.shape();
    if (s1.empty() || s2.empty()) return array<R>(x1 * x2);
    if (s1.back() != s2.back())
        throw std::invalid_argument("loom::inner: x1 has shape " + to_string(s1) + " and x2 " + to_string(s2) +
                                    ": their last axes differ (" + std::to_string(s1.back()) + " and " +
                                    std::to_string(s2.back()) + " elements)");
    return detail::tensordot_of<R>(x1, x2, detail::axes_t{-1}, detail::axes_t{-1});
}

//! The Kronecker product of x1 and x2 (NumPy's np.kron): a new array of their promoted
//! element type, the shorter shape padded with 1s in front, of shape x1's times x2's axis by
//! axis: blocks x1[i, j, ...] * x2.
//!   loom::kron(loom::eye<int>(2), loom::array<int>{{1, 2}, {3, 4}});   // (4, 4): two blocks on the diagonal
template <expression X1, expression X2>
auto kron(const X1& x1, const X2& x2) {
    return detail::kron_of<detail::product_t<X1, X2>>(x1, x2);
}

}  // namespace loom
