// loom/linalg/qr.hpp: the QR factorisation of each matrix of a stack by Householder reflections
// (LAPACK's geqr2 and orgqr steps, so Q and R have LAPACK's, and NumPy's, signs).
#pragma once

#include <cmath>
#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>

#include "gemm.hpp"
#include "stack.hpp"

namespace loom {

//! qr's modes, as NumPy's: `reduced` gives Q (M, K) and R (K, N), `complete` Q (M, M) and R (M, N),
//! with K = min(M, N).
enum class qr_mode { reduced, complete };

}  // namespace loom

namespace loom::linalg {

namespace detail {

// The reflector H = I - tau v v^H with H^H (alpha, x) = (beta, 0), beta real (LAPACK's larfg): x is
// overwritten by v below its first element (which is 1), alpha by beta; returns tau. Computed on the
// values scaled by a power of 2 to max ~1 (v and tau do not depend on it; beta is scaled back), so
// 1 / (alpha - beta) cannot overflow for a subnormal column.
template <class R>
R make_reflector(R& alpha, R* x, std::size_t len, std::size_t stride) {
    using Re = real_t<R>;
    Re big = abs1(alpha);
    for (std::size_t i = 0; i < len; ++i) big = std::max(big, abs1(x[i * stride]));
    int e = 0;
    // scaled only out of the middle of the exponent range (2^-511 to 2^512 for double), where nothing
    // can overflow or underflow
    using lim = std::numeric_limits<Re>;
    const bool middle = big >= std::ldexp(Re(1), lim::min_exponent / 2) && big <= std::ldexp(Re(1), lim::max_exponent / 2);
    if (big > 0 && big <= lim::max() && !middle) {
        std::frexp(big, &e);
        alpha = scale_pow2(alpha, -e);
        for (std::size_t i = 0; i < len; ++i) x[i * stride] = scale_pow2(x[i * stride], -e);
    }
    const Re xnorm = norm2(x, len, stride);
    const Re ar = std::real(alpha), ai = std::imag(alpha);
    if (xnorm == 0 && ai == 0) {
        alpha = scale_pow2(alpha, e);
        return R(0);
    }
    const Re beta = -std::copysign(std::hypot(std::hypot(ar, ai), xnorm), ar);
    R tau;
    if constexpr (is_complex<R>::value) tau = R((beta - ar) / beta, -ai / beta);
    else tau = (beta - ar) / beta;
    const R f = R(1) / (alpha - R(beta));
    for (std::size_t i = 0; i < len; ++i) x[i * stride] *= f;
    alpha = scale_pow2(R(beta), e);
    return tau;
}

// C = (I - t v v^H) C for the rows x cols block C (row-major, leading dimension ld), v[0] = 1 implied
// and v[i] = vcol[i * vstride] below it.
template <class R>
void apply_reflector(R t, const R* vcol, std::size_t vstride, R* c, std::size_t rows, std::size_t cols, std::size_t ld,
                     std::vector<R>& w) {
    if (t == R(0) || cols == 0) return;
    w.assign(cols, R(0));
    for (std::size_t i = 0; i < rows; ++i) {  // w = C^H v, row by row (contiguous)
        const R vi = i == 0 ? R(1) : vcol[i * vstride];
        const R* ci = c + i * ld;
        for (std::size_t j = 0; j < cols; ++j) w[j] += conj_of(ci[j]) * vi;
    }
    for (std::size_t i = 0; i < rows; ++i) {
        const R tv = t * (i == 0 ? R(1) : vcol[i * vstride]);
        R* ci = c + i * ld;
        for (std::size_t j = 0; j < cols; ++j) ci[j] -= tv * conj_of(w[j]);
    }
}

// The reflectors k0 .. k0 + b of a (below A's diagonal, rows lda apart; tau their factors) as one block
// H_k0 ... H_(k0+b-1) = I - V T V^H (LAPACK's larft, forward and columnwise): V (rows x b, unit lower
// trapezoidal, rows from k0) and V^H explicit for the product kernel, T upper triangular.
template <class R>
struct block_reflector {
    std::vector<R> v, vh, t, w, g;
    std::size_t rows = 0, b = 0;

    void make(const R* a, std::size_t m, std::size_t lda, std::size_t k0, std::size_t width, const R* tau) {
        rows = m - k0;
        b = width;
        v.assign(rows * b, R(0));
        vh.resize(b * rows);
        t.assign(b * b, R(0));
        for (std::size_t r = 0; r < rows; ++r)
            for (std::size_t c = 0; c < b && c <= r; ++c) v[r * b + c] = r == c ? R(1) : a[(k0 + r) * lda + k0 + c];
        for (std::size_t r = 0; r < rows; ++r)
            for (std::size_t c = 0; c < b; ++c) vh[c * rows + r] = conj_of(v[r * b + c]);
        g.resize(b * b);  // G = V^H V by the product kernel: its column i above the diagonal is V(:, 0:i)^H v_i
        loom::detail::gemm(b, b, rows, vh.data(), static_cast<std::ptrdiff_t>(rows), 1, v.data(),
                           static_cast<std::ptrdiff_t>(b), 1, g.data(), static_cast<std::ptrdiff_t>(b), 1);
        for (std::size_t i = 0; i < b; ++i) {  // T(0:i, i) = -tau_i T(0:i, 0:i) V(:, 0:i)^H v_i
            t[i * b + i] = tau[k0 + i];
            for (std::size_t j = 0; j < i; ++j) {
                R d = R(0);
                for (std::size_t l = j; l < i; ++l) d += t[j * b + l] * g[l * b + i];
                t[j * b + i] = -tau[k0 + i] * d;
            }
        }
    }

    // C (rows x cols, leading dimension ld) = (I - V op(T) V^H) C, op(T) = T^H (applying the
    // block's adjoint, as the factorisation does) or T (forming Q).
    void apply(R* c, std::size_t cols, std::size_t ld, bool adjoint) {
        if (cols == 0) return;
        w.resize(b * cols);
        const auto lc = static_cast<std::ptrdiff_t>(cols);
        loom::detail::gemm(b, cols, rows, vh.data(), static_cast<std::ptrdiff_t>(rows), 1, c,
                           static_cast<std::ptrdiff_t>(ld), 1, w.data(), lc, 1);
        if (adjoint) {  // W = T^H W: row i from rows j <= i, so from the bottom up in place
            for (std::size_t i = b; i-- > 0;) {
                R* wi = w.data() + i * cols;
                const R d = conj_of(t[i * b + i]);
                for (std::size_t q = 0; q < cols; ++q) wi[q] *= d;
                for (std::size_t j = 0; j < i; ++j) {
                    const R f = conj_of(t[j * b + i]);
                    const R* wj = w.data() + j * cols;
                    for (std::size_t q = 0; q < cols; ++q) wi[q] += f * wj[q];
                }
            }
        } else {  // W = T W: row i from rows j >= i, so from the top down in place
            for (std::size_t i = 0; i < b; ++i) {
                R* wi = w.data() + i * cols;
                const R d = t[i * b + i];
                for (std::size_t q = 0; q < cols; ++q) wi[q] *= d;
                for (std::size_t j = i + 1; j < b; ++j) {
                    const R f = t[i * b + j];
                    const R* wj = w.data() + j * cols;
                    for (std::size_t q = 0; q < cols; ++q) wi[q] += f * wj[q];
                }
            }
        }
        loom::detail::gemm_sub(rows, cols, b, v.data(), static_cast<std::ptrdiff_t>(b), 1, w.data(), lc, 1, c,
                               static_cast<std::ptrdiff_t>(ld), 1);
    }
};

// A (m x n, row-major) = Q R: R in A's upper triangle, the reflectors' vectors below it, their
// factors in tau (min(m, n) of them). Blocked: each panel of factor_block columns by single
// reflections, then applied to the columns right of it as one block reflector.
template <class R>
void qr_factor(R* a, std::size_t m, std::size_t n, R* tau, std::vector<R>& w) {
    const std::size_t k = std::min(m, n);
    block_reflector<R> br;
    for (std::size_t k0 = 0; k0 < k; k0 += factor_block) {
        // a block reflector pays when enough columns are right of the panel; else the rest in one
        const bool blocked = k0 + factor_block < k && n - (k0 + factor_block) >= factor_block / 2;
        const std::size_t end = blocked ? k0 + factor_block : k, cols_end = blocked ? end : n;
        for (std::size_t i = k0; i < end; ++i) {
            tau[i] = make_reflector(a[i * n + i], a + (i + 1) * n + i, m - i - 1, n);
            apply_reflector(conj_of(tau[i]), a + i * n + i, n, a + i * n + i + 1, m - i, cols_end - i - 1, n, w);
        }
        if (!blocked) break;
        br.make(a, m, n, k0, factor_block, tau);
        br.apply(a + k0 * n + end, n - end, n, true);
    }
}

// Q's first `cols` columns (m x cols, row-major, rows ldq apart: cols by default) from qr_factor's
// reflectors in the m x n a (rows lda apart: n by default) (LAPACK's org2r, and orgqr's blocks from the
// last to the first when there are more than one).
template <class R>
void qr_form_q(const R* a, std::size_t m, std::size_t n, const R* tau, R* q, std::size_t cols, std::vector<R>& w,
               std::size_t lda = 0, std::size_t ldq = 0) {
    const std::size_t k = std::min(m, n);
    if (lda == 0) lda = n;
    if (ldq == 0) ldq = cols;
    if (k <= factor_block) {
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t j = 0; j < cols; ++j) q[i * ldq + j] = (j < k && i > j) ? a[i * lda + j] : R(i == j ? 1 : 0);
        for (std::size_t i = k; i-- > 0;) {
            if (i + 1 < cols) apply_reflector(tau[i], q + i * ldq + i, ldq, q + i * ldq + i + 1, m - i, cols - i - 1, ldq, w);
            for (std::size_t r = i + 1; r < m; ++r) q[r * ldq + i] *= -tau[i];
            q[i * ldq + i] = R(1) - tau[i];
            for (std::size_t r = 0; r < i; ++r) q[r * ldq + i] = R(0);
        }
        return;
    }
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < cols; ++j) q[i * ldq + j] = R(i == j ? 1 : 0);
    block_reflector<R> br;
    for (std::size_t k0 = (k - 1) / factor_block * factor_block;; k0 -= factor_block) {
        br.make(a, m, lda, k0, std::min(factor_block, k - k0), tau);
        br.apply(q + k0 * ldq + k0, cols - k0, ldq, false);  // columns left of k0 are still e_j there
        if (k0 == 0) break;
    }
}

}  // namespace detail

//! qr's result: Q with orthonormal columns and R upper triangular, x = Q R.
template <class T>
struct qr_result {
    array<T> Q;
    array<T> R;
};

//! The QR factorisation of each matrix of a stack (..., M, N), as NumPy's `np.linalg.qr` (LAPACK's
//! Householder reflections and signs): `{Q, R}` with `mode` `reduced` (default) or `complete`.
//!   auto [q, r] = loom::linalg::qr(a);
template <expression X>
auto qr(const X& x, qr_mode mode = qr_mode::reduced) {
    using R = detail::compute_t<typename X::value_type>;
    auto s = detail::make_stack<R>(x, "qr", false);
    const std::size_t m = s.m, n = s.n, k = std::min(m, n);
    const std::size_t qcols = mode == qr_mode::complete ? m : k, rrows = mode == qr_mode::complete ? m : k;
    qr_result<R> out{loom::detail::uninitialized<R>(detail::with_tail(s.batch, {m, qcols})),
                     loom::detail::uninitialized<R>(detail::with_tail(s.batch, {rrows, n}))};
    std::vector<R> tau(k), w;
    for (std::size_t b = 0; b < s.count; ++b) {
        R* a = s.matrix(b);
        detail::qr_factor(a, m, n, tau.data(), w);
        detail::qr_form_q(a, m, n, tau.data(), out.Q.data() + b * m * qcols, qcols, w);
        R* r = out.R.data() + b * rrows * n;
        for (std::size_t i = 0; i < rrows; ++i)
            for (std::size_t j = 0; j < n; ++j) r[i * n + j] = (j >= i && i < m) ? a[i * n + j] : R(0);
    }
    return out;
}

}  // namespace loom::linalg
