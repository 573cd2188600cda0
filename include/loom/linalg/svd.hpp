// loom/linalg/svd.hpp: the singular value decomposition of each matrix of a stack: below 16 rows or
// columns by one-sided (Hestenes) Jacobi rotations (the columns of A, of A^H when A is wide, rotated
// pairwise until orthogonal; their norms are the singular values, the rotations accumulate V), from
// 16 by bidiagonalisation and the QR algorithm (svd_bidiag.hpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "eigh.hpp"
#include "lapack.hpp"
#include "qr.hpp"
#include "stack.hpp"
#include "svd_bidiag.hpp"

namespace loom::linalg {

namespace detail {

// Workspace of jacobi_svd, kept across the matrices of a stack.
template <class R>
struct svd_work {
    std::vector<R> g, v, ur, q, tau, w;
    std::vector<real_t<R>> sigma, sq;
    std::vector<std::size_t> order;
    bidiag_work<R> bidiag;
};

// Matrices with min(M, N) from this go through bidiagonalisation (bidiag_svd), smaller ones through Jacobi.
inline constexpr std::size_t bidiag_min = 16;

// The SVD of the m x n row-major matrix a: s (min(m, n), descending) and, if `vectors`,
// u (m x ucols) and vh (vrows x n), row-major, where ucols = m and vrows = n if `full`, else
// min(m, n). NaN (or infinity) in a gives NaN throughout. False after 60 sweeps.
template <class R>
bool jacobi_svd(const R* a, std::size_t m, std::size_t n, real_t<R>* s, R* u, R* vh, bool vectors, bool full,
                svd_work<R>& ws) {
    using Re = real_t<R>;
    const bool wide = m < n;  // then work on A^H = V S U^H
    const std::size_t k = std::min(m, n), len = std::max(m, n);
    const std::size_t ucols = vectors ? (full ? len : k) : 0;  // of the tall factor (U, or V if wide)
    // G's k rows are the columns of A (scaled by 2^-ex, exact), or of A^H when wide
    int ex = 0;
    if (!svd_operand(a, m, n, s, u, vh, vectors, full, false, ws.g, ex)) return true;
    R* g = ws.g.data();
    // rows of V^T (columns of V), from the identity
    R* v = nullptr;
    if (vectors) {
        ws.v.assign(k * k, R(0));
        v = ws.v.data();
        for (std::size_t i = 0; i < k; ++i) v[i * k + i] = R(1);
    }
    const Re eps = std::numeric_limits<Re>::epsilon();
    // rotate while |cos| of two columns exceeds sqrt(len) eps (LAPACK's gesvj's; at least 4 eps,
    // above the rounding noise of the cosine itself)
    const Re tol = eps * std::max(std::sqrt(Re(len)), Re(4));
    // columns with |g|^2 below this are negligible (|g| < ~1e-146 of max|a| in double): left alone
    const Re negligible = std::numeric_limits<Re>::min() / eps;
    auto sqnorm = [&](const R* x) {
        Re t = 0;
        for (std::size_t i = 0; i < len; ++i) t += std::norm(x[i]);
        return t;
    };
    bool converged = k < 2;
    for (int sweep = 0; sweep < 60 && !converged; ++sweep) {
        converged = true;
        for (std::size_t i = 0; i + 1 < k; ++i)
            for (std::size_t j = i + 1; j < k; ++j) {
                R* gi = g + i * len;
                R* gj = g + j * len;
                Re alpha = 0, beta = 0;
                R gamma = R(0);
                for (std::size_t r = 0; r < len; ++r) {
                    alpha += std::norm(gi[r]);
                    beta += std::norm(gj[r]);
                    gamma += conj_of(gi[r]) * gj[r];
                }
                if (alpha < negligible || beta < negligible) continue;
                const Re gabs = std::abs(gamma);
                if (!(gabs > tol * std::sqrt(alpha) * std::sqrt(beta))) continue;
                // the rotation diagonalising [[alpha, gamma], [conj(gamma), beta]]: t = tan(theta),
                // the smaller root of t^2 + 2 zeta t - 1 = 0
                const Re zeta = (beta - alpha) / (2 * gabs);
                const Re t = std::copysign(Re(1), zeta) / (std::abs(zeta) + hypot2(Re(1), zeta));
                if (t == 0) continue;
                const Re c = 1 / std::sqrt(1 + t * t), sn = c * t;
                const R ph = gamma / gabs;  // the phase of gamma (its sign when real)
                const R a12 = sn * ph, a21 = sn * conj_of(ph);
                // g_i <- c g_i - sn conj(ph) g_j, g_j <- sn ph g_i + c g_j (and V's columns alike)
                for (std::size_t r = 0; r < len; ++r) {
                    const R x = gi[r], y = gj[r];
                    gi[r] = c * x - a21 * y;
                    gj[r] = a12 * x + c * y;
                }
                if (vectors) {
                    R* vi = v + i * k;
                    R* vj = v + j * k;
                    for (std::size_t r = 0; r < k; ++r) {
                        const R x = vi[r], y = vj[r];
                        vi[r] = c * x - a21 * y;
                        vj[r] = a12 * x + c * y;
                    }
                }
                converged = false;
            }
    }
    if (!converged) return false;

    // singular values: the column norms, descending; negligible columns last
    ws.sigma.resize(k);
    ws.sq.resize(k);
    ws.order.resize(k);
    for (std::size_t i = 0; i < k; ++i) {
        ws.sq[i] = sqnorm(g + i * len);
        ws.sigma[i] = norm2(g + i * len, len);
    }
    std::iota(ws.order.begin(), ws.order.end(), std::size_t(0));
    std::sort(ws.order.begin(), ws.order.end(), [&](std::size_t x, std::size_t y) {  // stable: the index breaks ties
        const bool nx = ws.sq[x] < negligible, ny = ws.sq[y] < negligible;
        if (nx != ny) return ny;
        return ws.sigma[x] > ws.sigma[y] || (ws.sigma[x] == ws.sigma[y] && x < y);
    });
    for (std::size_t i = 0; i < k; ++i) s[i] = ws.sigma[ws.order[i]];
    scale_all(s, k, ex);
    if (!vectors) return true;

    // the tall factor T (len x ucols): normalised columns, then an orthonormal completion for the
    // negligible ones and, if full, up to len columns
    std::size_t rank = 0;
    while (rank < k && !(ws.sq[ws.order[rank]] < negligible)) ++rank;
    ws.ur.resize(len * rank);
    for (std::size_t c = 0; c < rank; ++c) {
        const R* gc = g + ws.order[c] * len;
        const Re inv = 1 / ws.sigma[ws.order[c]];
        for (std::size_t r = 0; r < len; ++r) ws.ur[r * rank + c] = gc[r] * inv;
    }
    auto tall = [&](std::size_t r, std::size_t c) { return ws.ur[r * rank + c]; };
    if (ucols > rank) {
        // the Householder QR of the rank columns: Q's further columns are orthogonal to them
        ws.q.resize(len * ucols);
        ws.tau.resize(rank);
        std::vector<R> qr_a(ws.ur);
        qr_factor(qr_a.data(), len, rank, ws.tau.data(), ws.w);
        qr_form_q(qr_a.data(), len, rank, ws.tau.data(), ws.q.data(), ucols, ws.w);
    }
    auto tall_full = [&](std::size_t r, std::size_t c) { return c < rank ? tall(r, c) : ws.q[r * ucols + c]; };
    if (!wide) {  // U = T (m x ucols), Vh = V^H (n x n)
        for (std::size_t r = 0; r < m; ++r)
            for (std::size_t c = 0; c < ucols; ++c) u[r * ucols + c] = tall_full(r, c);
        for (std::size_t i = 0; i < k; ++i) {
            const R* vi = v + ws.order[i] * k;
            for (std::size_t c = 0; c < n; ++c) vh[i * n + c] = conj_of(vi[c]);
        }
    } else {  // A = T S V^H with (T, V) of A^H: U = V (m x m), Vh = T^H (ucols x n)
        for (std::size_t r = 0; r < m; ++r)
            for (std::size_t c = 0; c < k; ++c) u[r * k + c] = v[ws.order[c] * k + r];
        for (std::size_t c = 0; c < ucols; ++c)
            for (std::size_t r = 0; r < n; ++r) vh[c * n + r] = conj_of(tall_full(r, c));
    }
    return true;
}

// svd's and svdvals' loop over the stack: LAPACK when it takes a matrix, else Jacobi or bidiagonal QR.
template <class R>
void svd_stack(const stack<R>& st, real_t<R>* s, R* u, R* vh, bool vectors, bool full, const char* fn) {
    svd_work<R> ws;
    const std::size_t m = st.m, n = st.n, k = std::min(m, n);
    const std::size_t ucols = full ? m : k, vrows = full ? n : k;
    for (std::size_t b = 0; b < st.count; ++b)
        if (!lapack_svd(st.matrix(b), m, n, s + b * k, vectors ? u + b * m * ucols : nullptr,
                        vectors ? vh + b * vrows * n : nullptr, vectors, full, ws.w) &&
            !(k >= bidiag_min ? bidiag_svd(st.matrix(b), m, n, s + b * k, vectors ? u + b * m * ucols : nullptr,
                                          vectors ? vh + b * vrows * n : nullptr, vectors, full, ws.bidiag)
                              : jacobi_svd(st.matrix(b), m, n, s + b * k, vectors ? u + b * m * ucols : nullptr,
                                           vectors ? vh + b * vrows * n : nullptr, vectors, full, ws)))
            cannot_factor(fn, "did not converge", b, st.count);
}

}  // namespace detail

//! svd's result: x = U diag(S) Vh, U and Vh with orthonormal columns and rows, S descending.
template <class R>
struct svd_result {
    array<R> U;
    array<detail::real_t<R>> S;
    array<R> Vh;
};

//! The singular value decomposition of each matrix of a stack (..., M, N), as NumPy's
//! `np.linalg.svd`, K = min(M, N): S (..., K) descending and non-negative; U (..., M, M) and
//! Vh (..., N, N) if `full_matrices` (default), else U (..., M, K) and Vh (..., K, N). Singular
//! vectors of zero singular values (and the completion to square factors) are an orthonormal basis
//! of the rest. Integers compute in double. NaN (or infinity) in a matrix gives NaN in all its
//! results; throws loom::linalg_error if the Jacobi sweeps (60) or the bidiagonal QR steps (30 K) do not converge.
//!   auto [u, s, vh] = loom::linalg::svd(a, false);   // a = u diag(s) vh
template <expression X>
auto svd(const X& x, bool full_matrices = true) {
    using R = detail::compute_t<typename X::value_type>;
    auto st = detail::make_stack<R>(x, "svd", false);
    const std::size_t m = st.m, n = st.n, k = std::min(m, n);
    svd_result<R> out{loom::detail::uninitialized<R>(detail::with_tail(st.batch, {m, full_matrices ? m : k})),
                      loom::detail::uninitialized<detail::real_t<R>>(detail::with_tail(st.batch, {k})),
                      loom::detail::uninitialized<R>(detail::with_tail(st.batch, {full_matrices ? n : k, n}))};
    detail::svd_stack(st, out.S.data(), out.U.data(), out.Vh.data(), true, full_matrices, "svd");
    return out;
}

//! The singular values of each matrix of a stack (..., M, N), descending (..., min(M, N)), as svd's
//! S without forming U and Vh (cheaper).
template <expression X>
auto svdvals(const X& x) {
    using R = detail::compute_t<typename X::value_type>;
    auto st = detail::make_stack<R>(x, "svdvals", false);
    array<detail::real_t<R>> s = loom::detail::uninitialized<detail::real_t<R>>(detail::with_tail(st.batch, {std::min(st.m, st.n)}));
    detail::svd_stack<R>(st, s.data(), nullptr, nullptr, false, false, "svdvals");
    return s;
}

}  // namespace loom::linalg
