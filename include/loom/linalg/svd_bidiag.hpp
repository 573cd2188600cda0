// loom/linalg/svd_bidiag.hpp: the SVD of a larger matrix by Householder bidiagonalisation (LAPACK's
// gebd2), the implicit shifted QR algorithm on the real bidiagonal matrix (Golub and Kahan; Golub and
// Van Loan's 8.6.2, as bdsqr without its zero-shift sweeps), and the factors formed by block reflectors.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <vector>

#include "qr.hpp"
#include "stack.hpp"

namespace loom::linalg::detail {

// Workspace of bidiag_svd, kept across the matrices of a stack.
template <class R>
struct bidiag_work {
    std::vector<R> t, tauq, taup, q, pa, p, wr, zr, tmp, w;
    std::vector<real_t<R>> d, e, wt, zt;
    std::vector<std::size_t> order;
};

// The operand of an SVD of the m x n row-major a: T = A, or A^H when wide (len x k, len >= k), scaled by
// 2^-ex (exact) into `buf` as T (rows_of_t) or as T^T (each row a column of T); false when a holds NaN or
// infinity, after s, u (m x (full ? m : k)) and vh ((full ? n : k) x n) are filled with NaN.
template <class R>
bool svd_operand(const R* a, std::size_t m, std::size_t n, real_t<R>* s, R* u, R* vh, bool vectors, bool full,
                 bool rows_of_t, std::vector<R>& buf, int& ex) {
    const bool wide = m < n;
    const std::size_t k = std::min(m, n), len = std::max(m, n);
    if (!finite_exponent(a, m * n, ex)) {
        const real_t<R> nan = std::numeric_limits<real_t<R>>::quiet_NaN();
        std::fill_n(s, k, nan);
        if (vectors) {
            std::fill_n(u, m * (full ? m : k), R(nan));
            std::fill_n(vh, (full ? n : k) * n, R(nan));
        }
        return false;
    }
    buf.resize(len * k);
    R* t = buf.data();
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            const R x = wide ? conj_of(a[i * n + j]) : a[i * n + j];
            const std::size_t r = wide ? j : i, c = wide ? i : j;  // T's row and column
            t[rows_of_t ? r * k + c : c * len + r] = x;
        }
    scale_all(t, len * k, -ex);
    return true;
}

// The rotation (c, s) with c y + s z = r, -s y + c z = 0; r = hypot(y, z) (c = 1, s = 0 for y = z = 0).
template <class Re>
void rotation(Re y, Re z, Re& c, Re& s, Re& r) {
    r = hypot2(y, z);
    if (r == 0) {
        c = 1, s = 0;
        return;
    }
    c = y / r, s = z / r;
}

// Rows i and j of the k-column real matrix x: (x_i, x_j) <- (c x_i + s x_j, -s x_i + c x_j).
template <class Re>
void rotate_rows(Re* x, std::size_t k, std::size_t i, std::size_t j, Re c, Re s) {
    if (!x) return;
    Re* xi = x + i * k;
    Re* xj = x + j * k;
    for (std::size_t l = 0; l < k; ++l) {
        const Re a = xi[l], b = xj[l];
        xi[l] = c * a + s * b;
        xj[l] = c * b - s * a;
    }
}

// The singular values of the k x k upper bidiagonal matrix B (diagonal d, superdiagonal e), into d, with
// B = W diag(d) Z^T accumulated in wt = W^T and zt = Z^T (k x k each, from the identity; null: values only).
// An e below eps (|d_i| + |d_i+1|) or eps |B| is set to zero, splitting B; a diagonal below eps |B| is set to
// zero and its row's e chased out by rotations, so every shifted step works on an unreduced block. False
// after 30 k steps. d may be left negative.
template <class Re>
bool bidiagonal_qr(Re* d, Re* e, std::size_t k, Re* wt, Re* zt) {
    const Re eps = std::numeric_limits<Re>::epsilon();
    Re bnorm = 0;
    for (std::size_t i = 0; i < k; ++i) bnorm = std::max({bnorm, std::abs(d[i]), i + 1 < k ? std::abs(e[i]) : Re(0)});
    const Re small = eps * bnorm;
    std::size_t budget = 30 * k + 30;
    std::size_t hi = k == 0 ? 0 : k - 1;
    while (hi > 0) {
        for (std::size_t i = 0; i < hi; ++i)
            if (std::abs(e[i]) <= eps * (std::abs(d[i]) + std::abs(d[i + 1])) || std::abs(e[i]) <= small) e[i] = 0;
        if (e[hi - 1] == 0) {
            --hi;
            continue;
        }
        std::size_t lo = hi - 1;
        while (lo > 0 && e[lo - 1] != 0) --lo;
        // a negligible diagonal in the block: zero, then its row's (or the last column's) e chased out
        bool chased = false;
        for (std::size_t i = lo; i <= hi && !chased; ++i) {
            if (std::abs(d[i]) > small) continue;
            d[i] = 0;
            chased = true;
            Re c, s, r;
            if (i < hi) {  // rows j > i rotated against row i: B[i][j] zeroed against d_j
                Re bulge = e[i];
                e[i] = 0;
                for (std::size_t j = i + 1; j <= hi; ++j) {
                    rotation(d[j], bulge, c, s, r);
                    d[j] = r;
                    rotate_rows(wt, k, j, i, c, s);
                    if (j < hi) {
                        bulge = -s * e[j];
                        e[j] = c * e[j];
                    }
                }
            } else {  // d_hi = 0: columns j < hi rotated against column hi: B[j][hi] zeroed against d_j
                Re bulge = e[hi - 1];
                e[hi - 1] = 0;
                for (std::size_t j = hi; j-- > lo;) {
                    rotation(d[j], bulge, c, s, r);
                    d[j] = r;
                    rotate_rows(zt, k, j, hi, c, s);
                    if (j > lo) {
                        bulge = -s * e[j - 1];
                        e[j - 1] = c * e[j - 1];
                    }
                }
            }
        }
        if (chased) continue;
        if (budget-- == 0) return false;
        // Wilkinson's shift: the eigenvalue of B^T B's trailing 2 x 2 block nearer its last diagonal
        const Re f = d[hi - 1], g = e[hi - 1], h = d[hi], ep = hi - 1 > lo ? e[hi - 2] : Re(0);
        const Re t11 = f * f + ep * ep, t12 = f * g, t22 = g * g + h * h;
        const Re delta = (t11 - t22) / 2, root = hypot2(delta, t12);
        const Re denom = delta + std::copysign(root, delta);
        const Re mu = denom != 0 ? t22 - t12 * t12 / denom : t22 - std::abs(t12);
        Re y = d[lo] * d[lo] - mu, z = d[lo] * e[lo];
        for (std::size_t i = lo; i < hi; ++i) {
            Re c, s, r;
            rotation(y, z, c, s, r);  // columns i, i + 1: zeroes the bulge above (or starts the chase)
            if (i > lo) e[i - 1] = r;
            const Re di = d[i], ei = e[i];
            d[i] = c * di + s * ei;
            e[i] = c * ei - s * di;
            Re bulge = s * d[i + 1];
            d[i + 1] *= c;
            rotate_rows(zt, k, i, i + 1, c, s);
            rotation(d[i], bulge, c, s, r);  // rows i, i + 1: zeroes the bulge below the diagonal
            d[i] = r;
            const Re e2 = e[i], d2 = d[i + 1];
            e[i] = c * e2 + s * d2;
            d[i + 1] = c * d2 - s * e2;
            rotate_rows(wt, k, i, i + 1, c, s);
            if (i + 1 < hi) {
                y = e[i];
                z = s * e[i + 1];
                e[i + 1] *= c;
            }
        }
    }
    return true;
}

// The SVD of the m x n row-major matrix a, as jacobi_svd's results: s (min(m, n), descending) and, if
// `vectors`, u (m x ucols) and vh (vrows x n). T = A (or A^H when wide: len x k, len >= k) = Q B P^H by
// Householder reflections from the left and right (LAPACK's gebd2), B = W S Z^T by bidiagonal_qr, so
// T = (Q W) S (P Z)^H; Q and P formed as QR's Q by block reflectors, the products by the product kernel.
// NaN (or infinity) in a gives NaN throughout. False if the QR algorithm did not converge.
template <class R>
bool bidiag_svd(const R* a, std::size_t m, std::size_t n, real_t<R>* s, R* u, R* vh, bool vectors, bool full,
                bidiag_work<R>& ws) {
    using Re = real_t<R>;
    const bool wide = m < n;
    const std::size_t k = std::min(m, n), len = std::max(m, n);
    const std::size_t tcols = vectors ? (full ? len : k) : 0;  // columns of the tall factor Q W
    int ex = 0;
    if (!svd_operand(a, m, n, s, u, vh, vectors, full, true, ws.t, ex)) return true;
    R* t = ws.t.data();

    // T = Q B P^H: H_c from the left zeroes column c below the diagonal, G_c from the right row c right
    // of the superdiagonal (its vector conjugated, as LAPACK's gebd2)
    ws.tauq.assign(k, R(0));
    ws.taup.assign(k, R(0));
    ws.d.resize(k);
    ws.e.assign(k, Re(0));
    for (std::size_t c = 0; c < k; ++c) {
        ws.tauq[c] = make_reflector(t[c * k + c], t + (c + 1) * k + c, len - c - 1, k);
        ws.d[c] = std::real(t[c * k + c]);
        apply_reflector(conj_of(ws.tauq[c]), t + c * k + c, k, t + c * k + c + 1, len - c, k - c - 1, k, ws.w);
        if (c + 1 >= k) continue;
        R* row = t + c * k + c + 1;
        const std::size_t rl = k - c - 1;
        for (std::size_t j = 0; j < rl; ++j) row[j] = conj_of(row[j]);
        const R tau = make_reflector(row[0], row + 1, rl - 1, 1);
        ws.taup[c] = tau;
        ws.e[c] = std::real(row[0]);
        row[0] = R(1);
        if (tau != R(0))
            for (std::size_t r = c + 1; r < len; ++r) {  // rows below: C <- C (I - tau v v^H)
                R* tr = t + r * k + c + 1;
                R sum = R(0);
                for (std::size_t j = 0; j < rl; ++j) sum += tr[j] * row[j];
                sum *= tau;
                for (std::size_t j = 0; j < rl; ++j) tr[j] -= sum * conj_of(row[j]);
            }
    }

    Re* wt = nullptr;
    Re* zt = nullptr;
    if (vectors) {
        ws.wt.assign(k * k, Re(0));
        ws.zt.assign(k * k, Re(0));
        wt = ws.wt.data();
        zt = ws.zt.data();
        for (std::size_t i = 0; i < k; ++i) wt[i * k + i] = zt[i * k + i] = Re(1);
    }
    if (!bidiagonal_qr(ws.d.data(), ws.e.data(), k, wt, zt)) return false;
    for (std::size_t i = 0; i < k; ++i)
        if (ws.d[i] < 0) {
            ws.d[i] = -ws.d[i];
            if (zt)
                for (std::size_t l = 0; l < k; ++l) zt[i * k + l] = -zt[i * k + l];
        }
    ws.order.resize(k);
    std::iota(ws.order.begin(), ws.order.end(), std::size_t(0));
    std::sort(ws.order.begin(), ws.order.end(),
              [&](std::size_t x, std::size_t y) { return ws.d[x] > ws.d[y] || (ws.d[x] == ws.d[y] && x < y); });
    for (std::size_t i = 0; i < k; ++i) s[i] = ws.d[ws.order[i]];
    scale_all(s, k, ex);
    if (!vectors) return true;

    // Q (len x tcols) from the left reflectors; P (k x k) = diag(1, P22) from the right ones
    ws.q.resize(len * tcols);
    qr_form_q(t, len, k, ws.tauq.data(), ws.q.data(), tcols, ws.w);
    ws.p.assign(k * k, R(0));
    ws.p[0] = R(1);
    if (k > 1) {
        const std::size_t k1 = k - 1;
        ws.pa.assign(k1 * k1, R(0));
        for (std::size_t c = 0; c < k1; ++c)
            for (std::size_t r = c + 1; r < k1; ++r) ws.pa[r * k1 + c] = t[c * k + r + 1];
        qr_form_q(ws.pa.data(), k1, k1, ws.taup.data(), ws.p.data() + k + 1, k1, ws.w, k1, k);
    }
    // the sorted rows of W^T and Z^T in R: (Q W)[:, j] = Q[:, 0:k] W^T[order[j], :]^T, (P Z)^H's row j = Z^T[order[j], :] P^H
    ws.wr.resize(k * k);
    ws.zr.resize(k * k);
    for (std::size_t j = 0; j < k; ++j)
        for (std::size_t l = 0; l < k; ++l) {
            ws.wr[l * k + j] = R(wt[ws.order[j] * k + l]);  // W with its columns sorted
            ws.zr[j * k + l] = R(zt[ws.order[j] * k + l]);  // Z^T with its rows sorted
        }
    // U_t = Q W (len x k) into tmp; Vt^H = Z^T P^H (k x k) into p's room after
    ws.tmp.resize(len * k + k * k);
    R* ut = ws.tmp.data();
    R* vth = ut + len * k;
    const auto lk = static_cast<std::ptrdiff_t>(k), lt = static_cast<std::ptrdiff_t>(tcols);
    loom::detail::gemm(len, k, k, ws.q.data(), lt, 1, ws.wr.data(), lk, 1, ut, lk, 1);
    for (R& x : ws.p) x = conj_of(x);  // P^H read as conj(P) transposed
    loom::detail::gemm(k, k, k, ws.zr.data(), lk, 1, ws.p.data(), 1, lk, vth, lk, 1);
    auto tall = [&](std::size_t r, std::size_t c) { return c < k ? ut[r * k + c] : ws.q[r * tcols + c]; };
    if (!wide) {  // U = U_t (m x tcols), Vh = Vt^H (n x n, n = k)
        for (std::size_t r = 0; r < m; ++r)
            for (std::size_t c = 0; c < tcols; ++c) u[r * tcols + c] = tall(r, c);
        std::copy_n(vth, k * k, vh);
    } else {  // A = T^H = (P Z) S (Q W)^H: U = P Z (m x m, m = k), Vh = (Q W)^H (tcols x n)
        for (std::size_t r = 0; r < m; ++r)
            for (std::size_t c = 0; c < k; ++c) u[r * k + c] = conj_of(vth[c * k + r]);
        for (std::size_t c = 0; c < tcols; ++c)
            for (std::size_t r = 0; r < n; ++r) vh[c * n + r] = conj_of(tall(r, c));
    }
    return true;
}

}  // namespace loom::linalg::detail
