// loom/linalg/extension.hpp: the rest of the Array API's linalg names: loom's products reachable
// as loom::linalg::matmul and the like, diagonal and trace over the last two axes (the Array API's,
// where NumPy's np.trace takes the first two), cross and matrix_power.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

#include "../linalg/outer.hpp"
#include "../view/diagonal.hpp"
#include "lu.hpp"
#include "stack.hpp"

namespace loom::linalg {

using loom::matmul;
using loom::matrix_transpose;
using loom::outer;
using loom::tensordot;
using loom::vecdot;

//! The `offset`-th diagonal of each matrix of a stack (the last two axes), a view: `(..., k)`.
template <class X>
    requires view_source<X&&>
auto diagonal(X&& x, std::ptrdiff_t offset = 0) {
    return loom::diagonal(std::forward<X>(x), offset, -2, -1);
}

//! The sum of the `offset`-th diagonal of each matrix of a stack (the last two axes): the batch shape.
template <class X>
    requires view_source<X&&>
auto trace(X&& x, std::ptrdiff_t offset = 0) {
    return loom::trace(std::forward<X>(x), offset, -2, -1);
}

//! The cross product of 3-vectors along `axis` (-1 by default), x1 and x2 broadcast (Array API
//! `linalg.cross`); the axis must have 3 elements in both.
template <expression X1, expression X2>
auto cross(const X1& x1, const X2& x2, std::ptrdiff_t axis = -1) {
    using T = promote_t<typename X1::value_type, typename X2::value_type>;
    const array<T> a = x1, b = x2;
    const std::ptrdiff_t ra = std::ptrdiff_t(a.shape().size()), rb = std::ptrdiff_t(b.shape().size());
    if (axis >= 0 || -axis > std::min(ra, rb))
        throw index_error("loom::linalg::cross: axis " + std::to_string(axis) + " must be negative and within both ranks (" +
                          std::to_string(ra) + " and " + std::to_string(rb) + ")");
    if (a.shape()[std::size_t(ra + axis)] != 3 || b.shape()[std::size_t(rb + axis)] != 3)
        throw std::invalid_argument("loom::linalg::cross: axis " + std::to_string(axis) + " must have 3 elements, got shapes " +
                                    to_string(a.shape()) + " and " + to_string(b.shape()));
    const shape_t s = broadcast_shapes(a.shape(), b.shape());
    const array<T> ab = loom::broadcast_to(a, s), bb = loom::broadcast_to(b, s);
    array<T> out = loom::detail::uninitialized<T>(s);
    const std::size_t ax = std::size_t(std::ptrdiff_t(s.size()) + axis);
    std::size_t inner = 1;
    for (std::size_t d = ax + 1; d < s.size(); ++d) inner *= s[d];
    const std::size_t outer_n = inner ? out.size() / (3 * inner) : 0;
    for (std::size_t o = 0; o < outer_n; ++o)
        for (std::size_t i = 0; i < inner; ++i) {
            const std::size_t base = o * 3 * inner + i;
            const T* p = ab.data() + base;
            const T* q = bb.data() + base;
            T* r = out.data() + base;
            r[0] = p[inner] * q[2 * inner] - p[2 * inner] * q[inner];
            r[inner] = p[2 * inner] * q[0] - p[0] * q[2 * inner];
            r[2 * inner] = p[0] * q[inner] - p[inner] * q[0];
        }
    return out;
}

namespace detail {
// base^e for a stack of square matrices, by repeated squaring (the identity for e = 0).
template <class U>
array<U> power_of(array<U> base, unsigned long long e) {
    const shape_t s = base.shape();
    array<U> result = loom::broadcast_to(loom::eye<U>(s[s.size() - 1]), s);
    bool first = true;
    while (e) {
        if (e & 1) {
            result = first ? base : array<U>(loom::matmul(result, base));
            first = false;
        }
        e >>= 1;
        if (e) base = loom::matmul(base, base);
    }
    return result;
}
}  // namespace detail

//! Each square matrix of a stack to the power n (NumPy's matrix_power), in x's type: n >= 0 by
//! repeated squaring (the identity for 0); n < 0 the power of the inverse (a singular matrix throws
//! linalg_error; integer matrices throw std::invalid_argument: convert them to double first).
template <expression X>
auto matrix_power(const X& x, long long n) {
    using T = typename X::value_type;
    const array<T> a = x;
    const auto& s = a.shape();
    if (s.size() < 2 || s[s.size() - 1] != s[s.size() - 2])
        detail::bad_shape("matrix_power", "expected square matrices in the last two axes", s);
    if (n >= 0) return detail::power_of(a, static_cast<unsigned long long>(n));
    if constexpr (std::is_same_v<detail::compute_t<T>, T>) {
        return detail::power_of(array<T>(inv(a)), static_cast<unsigned long long>(-(n + 1)) + 1);
    } else {
        throw std::invalid_argument("loom::linalg::matrix_power: a negative power of an integer matrix is not an integer "
                                    "matrix; convert it to double first");
        return a;
    }
}

}  // namespace loom::linalg
