// loom/linalg/cholesky.hpp: the Cholesky factor of each Hermitian positive-definite matrix of a stack.
#pragma once

#include <cmath>
#include <cstddef>
#include <string>

#include "stack.hpp"

namespace loom {

//! cholesky's choice of the upper factor: `loom::linalg::cholesky(a, loom::upper)`.
struct upper_t {};
inline constexpr upper_t upper{};

}  // namespace loom

namespace loom::linalg {

namespace detail {

// The lower factor L (A = L L^H) of the n x n row-major a in place, reading a's lower triangle only
// and zeroing the upper one; false (a left as it is then) if a pivot is not positive or is NaN.
template <class R>
bool cholesky_lower(R* a, std::size_t n) {
    using Re = real_t<R>;
    for (std::size_t j = 0; j < n; ++j) {
        R* rj = a + j * n;
        Re d = std::real(rj[j]);
        for (std::size_t p = 0; p < j; ++p) d -= std::real(rj[p] * conj_of(rj[p]));
        if (!(d > 0)) return false;
        const Re l = std::sqrt(d);
        rj[j] = R(l);
        for (std::size_t i = j + 1; i < n; ++i) {
            R* ri = a + i * n;
            R s = ri[j];
            for (std::size_t p = 0; p < j; ++p) s -= ri[p] * conj_of(rj[p]);
            ri[j] = s / l;
        }
    }
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) a[i * n + j] = R(0);
    return true;
}

// The factors of every matrix of x's stack: lower, or upper (the conjugate transpose).
template <class X>
auto cholesky_of(const X& x, bool upper) {
    using R = compute_t<typename X::value_type>;
    auto s = make_stack<R>(x, "cholesky", true);
    const std::size_t n = s.n;
    for (std::size_t b = 0; b < s.count; ++b) {
        R* m = s.matrix(b);
        if (!cholesky_lower(m, n))
            cannot_factor("cholesky", "matrix is not positive definite", b, s.count);
        if (upper) {
            for (std::size_t i = 0; i < n; ++i) {
                m[i * n + i] = conj_of(m[i * n + i]);
                for (std::size_t j = i + 1; j < n; ++j) {
                    m[i * n + j] = conj_of(m[j * n + i]);
                    m[j * n + i] = R(0);
                }
            }
        }
    }
    return std::move(s.a);
}

}  // namespace detail

//! The Cholesky factor of each matrix of a stack (..., n, n): lower L with A = L L^H (NumPy's
//! default; only A's lower triangle is read), or upper U = L^H with `loom::upper`. A matrix that is
//! not positive definite (or holds NaN) throws loom::linalg_error naming its index in the stack.
//!   auto l = loom::linalg::cholesky(a);                 // a = l l^T
//!   auto u = loom::linalg::cholesky(a, loom::upper);    // a = u^T u
template <expression X>
auto cholesky(const X& x) {
    return detail::cholesky_of(x, false);
}
template <expression X>
auto cholesky(const X& x, upper_t) {
    return detail::cholesky_of(x, true);
}

}  // namespace loom::linalg
