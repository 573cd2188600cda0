// loom/linalg/cholesky.hpp: the Cholesky factor of each Hermitian positive-definite matrix of a stack.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "gemm.hpp"
#include "stack.hpp"

namespace loom {

//! cholesky's choice of the upper factor: `loom::linalg::cholesky(a, loom::upper)`.
struct upper_t {};
inline constexpr upper_t upper{};

}  // namespace loom

namespace loom::linalg {

namespace detail {

// The lower factor of the diagonal block at (k0, k0) of size b of the n x n row-major a (its
// columns left of k0 already subtracted), in place; false if a pivot is not positive or is NaN.
template <class R>
bool cholesky_block(R* a, std::size_t n, std::size_t k0, std::size_t b) {
    using Re = real_t<R>;
    for (std::size_t j = k0; j < k0 + b; ++j) {
        R* rj = a + j * n;
        Re d = std::real(rj[j]);
        for (std::size_t p = k0; p < j; ++p) d -= std::real(rj[p] * conj_of(rj[p]));
        if (!(d > 0)) return false;
        const Re l = std::sqrt(d);
        rj[j] = R(l);
        for (std::size_t i = j + 1; i < k0 + b; ++i) {
            R* ri = a + i * n;
            R s = ri[j];
            for (std::size_t p = k0; p < j; ++p) s -= ri[p] * conj_of(rj[p]);
            ri[j] = s / l;
        }
    }
    return true;
}

// The lower factor L (A = L L^H) of the n x n row-major a in place, reading a's lower triangle only
// and zeroing the upper one; false if a pivot is not positive or is NaN. Right-looking and blocked:
// a diagonal block factored, the rows below it solved against it, and the trailing lower triangle
// updated a column block at a time by the matrix-product kernel.
template <class R>
bool cholesky_lower(R* a, std::size_t n) {
    constexpr std::size_t nb = factor_block;
    const auto ld = static_cast<std::ptrdiff_t>(n);
    std::vector<R> lh;  // L21^H of the current block column, for the product
    for (std::size_t k0 = 0; k0 < n; k0 += nb) {
        const std::size_t b = std::min(nb, n - k0), end = k0 + b;
        if (!cholesky_block(a, n, k0, b)) return false;
        if (end == n) break;
        for (std::size_t i = end; i < n; ++i) {  // L21 = A21 L11^-H, row by row
            R* ri = a + i * n;
            for (std::size_t j = k0; j < end; ++j) {
                const R* rj = a + j * n;
                R s = ri[j];
                for (std::size_t p = k0; p < j; ++p) s -= ri[p] * conj_of(rj[p]);
                ri[j] = s / std::real(rj[j]);
            }
        }
        const std::size_t m = n - end;
        lh.resize(b * m);
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t p = 0; p < b; ++p) lh[p * m + i] = conj_of(a[(end + i) * n + k0 + p]);
        // A22 -= L21 L21^H on and below the diagonal, by column blocks
        for (std::size_t j0 = 0; j0 < m; j0 += nb) {
            const std::size_t w = std::min(nb, m - j0);
            loom::detail::gemm_sub(m - j0, w, b, a + (end + j0) * n + k0, ld, 1, lh.data() + j0,
                                   static_cast<std::ptrdiff_t>(m), 1, a + (end + j0) * n + end + j0, ld, 1);
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
