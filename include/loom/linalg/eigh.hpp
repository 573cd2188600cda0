// loom/linalg/eigh.hpp: eigenvalues and eigenvectors of each Hermitian (real symmetric) matrix of a
// stack: Householder reduction to a real symmetric tridiagonal matrix, then the implicit QL algorithm
// with Wilkinson's shift (EISPACK's tql2 and tqli), the vectors back-transformed, all sorted ascending.
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "qr.hpp"
#include "stack.hpp"

namespace loom::linalg {

namespace detail {

// The eigenvalues of the symmetric tridiagonal matrix with diagonal d and off-diagonal e (e[i]
// couples i and i + 1; e[n-1] is scratch), by the implicit QL algorithm with Wilkinson's shift
// (tqli): d gets them, unsorted. When z is not null, the rotations are applied to the rows i, i + 1
// of z (n x n, row-major): z's rows then hold the eigenvectors. False after 30 n sweeps.
// e[m] is negligible below eps (|d[m]| + |d[m+1]|) or below eps times the largest |d[i]| + |e[i]|
// so far (tql2's test): without the latter a matrix graded large to small stalls, its bulge
// underflowing before it reaches the top.
template <class Re, class R>
bool tridiagonal_ql(Re* d, Re* e, std::size_t n, R* z) {
    const Re eps = std::numeric_limits<Re>::epsilon(), tiny = std::numeric_limits<Re>::min();
    if (n == 0) return true;
    e[n - 1] = 0;
    std::size_t budget = 30 * n;
    Re big = 0;
    for (std::size_t l = 0; l < n; ++l) {
        big = std::max(big, std::abs(d[l]) + std::abs(e[l]));
        for (;;) {
            std::size_t m = l;  // the first negligible e[m] at or after l: the block l..m splits off
            for (; m + 1 < n; ++m) {
                const Re em = std::abs(e[m]);
                if (em <= eps * (std::abs(d[m]) + std::abs(d[m + 1])) || em <= eps * big || em <= tiny) break;
            }
            if (m == l) break;
            if (budget-- == 0) return false;
            // Wilkinson's shift: the eigenvalue of the leading 2 x 2 block nearer d[l]
            Re g = (d[l + 1] - d[l]) / (2 * e[l]);
            Re r = std::hypot(g, Re(1));
            g = d[m] - d[l] + e[l] / (g + std::copysign(r, g));
            Re s = 1, c = 1, p = 0;
            bool split = false;
            for (std::size_t i = m; i-- > l;) {  // chase the bulge up from m to l
                const Re f = s * e[i], b = c * e[i];
                r = std::hypot(f, g);
                e[i + 1] = r;
                if (r == 0) {  // underflow: e[i + 1] is 0, the matrix splits there; start again
                    d[i + 1] -= p;
                    e[m] = 0;
                    split = true;
                    break;
                }
                s = f / r;
                c = g / r;
                g = d[i + 1] - p;
                r = (d[i] - g) * s + 2 * c * b;
                p = s * r;
                d[i + 1] = g + p;
                g = c * r - b;
                if (z) {
                    R* zi = z + i * n;
                    R* zj = zi + n;
                    for (std::size_t k = 0; k < n; ++k) {
                        const R t = zj[k];
                        zj[k] = s * zi[k] + c * t;
                        zi[k] = c * zi[k] - s * t;
                    }
                }
            }
            if (split) continue;
            d[l] -= p;
            e[l] = g;
            e[m] = 0;
        }
    }
    return true;
}

// Workspace of hermitian_eigen, kept across the matrices of a stack.
template <class R>
struct eigh_work {
    std::vector<real_t<R>> d, e;
    std::vector<R> v, p, tau, z;
    std::vector<std::size_t> order;
};

// The eigenvalues (ascending, into w) and, when vec is not null, the eigenvectors (as vec's columns,
// n x n row-major) of the Hermitian n x n row-major matrix a, of which only the lower triangle is
// read; a is overwritten. NaN (or infinity) in a gives NaN throughout. False if QL did not converge.
template <class R>
bool hermitian_eigen(R* a, std::size_t n, real_t<R>* w, R* vec, eigh_work<R>& ws) {
    using Re = real_t<R>;
    // the whole matrix from its lower triangle; the diagonal real
    for (std::size_t i = 0; i < n; ++i) {
        a[i * n + i] = R(std::real(a[i * n + i]));
        for (std::size_t j = i + 1; j < n; ++j) a[i * n + j] = conj_of(a[j * n + i]);
    }
    int ex = 0;
    if (!finite_exponent(a, n * n, ex)) {
        std::fill_n(w, n, std::numeric_limits<Re>::quiet_NaN());
        if (vec) std::fill_n(vec, n * n, R(std::numeric_limits<Re>::quiet_NaN()));
        return true;
    }
    // scale by a power of 2 to max|a| ~ 1 (exact): no overflow or underflow in between
    for (std::size_t i = 0; i < n * n; ++i) a[i] = scale_pow2(a[i], -ex);

    // Householder: H_k^H A H_k zeroes column k below the subdiagonal, H_k = I - tau v v^H acting on
    // k + 1 .. n - 1. The reflector's beta is real, so the tridiagonal matrix is real already.
    ws.d.assign(n, Re(0));
    ws.e.assign(n, Re(0));
    ws.tau.assign(n, R(0));
    ws.v.resize(n);
    ws.p.resize(n);
    for (std::size_t k = 0; k + 1 < n; ++k) {
        const std::size_t len = n - k - 1;
        R* v = ws.v.data();
        for (std::size_t i = 0; i < len; ++i) v[i] = a[(k + 1 + i) * n + k];
        R alpha = v[0];
        const R tau = make_reflector(alpha, v + 1, len - 1, 1);
        v[0] = R(1);
        ws.d[k] = std::real(a[k * n + k]);
        ws.e[k] = std::real(alpha);
        ws.tau[k] = tau;
        std::copy_n(v, len, a + k * n + k + 1);  // v_k kept in row k, which is no longer needed
        if (tau == R(0)) continue;
        // A22 -= w v^H + v w^H with p = A22 v, w = tau p - |tau|^2 (v^H p) / 2 v
        R* b = a + (k + 1) * n + k + 1;
        R* p = ws.p.data();
        Re gamma = 0;
        for (std::size_t i = 0; i < len; ++i) {
            const R* bi = b + i * n;
            R s = R(0);
            for (std::size_t j = 0; j < len; ++j) s += bi[j] * v[j];
            p[i] = s;
            gamma += std::real(conj_of(v[i]) * s);
        }
        const R half = R(std::norm(tau) * gamma / 2);
        for (std::size_t i = 0; i < len; ++i) p[i] = tau * p[i] - half * v[i];
        for (std::size_t i = 0; i < len; ++i) {
            R* bi = b + i * n;
            const R wi = p[i], vi = v[i];
            for (std::size_t j = 0; j < len; ++j) bi[j] -= wi * conj_of(v[j]) + vi * conj_of(p[j]);
        }
    }
    if (n > 0) ws.d[n - 1] = std::real(a[(n - 1) * n + n - 1]);

    // Z^T with Z = H_0 H_1 ... H_{n-2}, accumulated backwards: QL's rotations then act on its rows
    R* zt = nullptr;
    if (vec) {
        ws.z.assign(n * n, R(0));
        zt = ws.z.data();
        for (std::size_t i = 0; i < n; ++i) zt[i * n + i] = R(1);
        for (std::size_t k = n < 2 ? 0 : n - 1; k-- > 0;) {  // Z^T <- Z^T H_k^T
            const R tau = ws.tau[k];
            if (tau == R(0)) continue;
            const R* v = a + k * n + k + 1;
            for (std::size_t r = k + 1; r < n; ++r) {
                R* zr = zt + r * n + k + 1;
                R s = R(0);
                for (std::size_t j = 0; j + k + 1 < n; ++j) s += zr[j] * conj_of(v[j]);
                s *= tau;
                for (std::size_t j = 0; j + k + 1 < n; ++j) zr[j] -= s * v[j];
            }
        }
    }
    if (!tridiagonal_ql(ws.d.data(), ws.e.data(), n, zt)) return false;

    ws.order.resize(n);
    std::iota(ws.order.begin(), ws.order.end(), std::size_t(0));
    std::stable_sort(ws.order.begin(), ws.order.end(), [&](std::size_t x, std::size_t y) { return ws.d[x] < ws.d[y]; });
    for (std::size_t j = 0; j < n; ++j) w[j] = std::ldexp(ws.d[ws.order[j]], ex);
    if (vec)
        for (std::size_t j = 0; j < n; ++j) {
            const R* zj = zt + ws.order[j] * n;
            for (std::size_t r = 0; r < n; ++r) vec[r * n + j] = zj[r];
        }
    return true;
}

// eigh's and eigvalsh's loop over the stack.
template <class R>
void eigh_stack(stack<R>& s, real_t<R>* w, R* vec, const char* fn) {
    eigh_work<R> ws;
    const std::size_t n = s.n;
    for (std::size_t b = 0; b < s.count; ++b)
        if (!hermitian_eigen(s.matrix(b), n, w + b * n, vec ? vec + b * n * n : nullptr, ws))
            cannot_factor(fn, "did not converge", b, s.count);
}

}  // namespace detail

//! eigh's result: the eigenvalues of each matrix ascending (..., n), real, and the orthonormal
//! eigenvectors as the columns of (..., n, n): x v[:, j] = w[j] v[:, j].
template <class R>
struct eigh_result {
    array<detail::real_t<R>> eigenvalues;
    array<R> eigenvectors;
};

//! The eigenvalues and eigenvectors of each Hermitian (real symmetric) matrix of a stack (..., n, n),
//! as NumPy's `np.linalg.eigh`: only the lower triangle is read (NumPy's UPLO='L'), the imaginary
//! part of the diagonal is ignored; eigenvalues ascending. Integers compute in double. NaN (or
//! infinity) in a matrix gives NaN in all its results; throws loom::linalg_error if QL does not
//! converge (in 30 n sweeps).
//!   auto [w, v] = loom::linalg::eigh(loom::array<double>{{2, 1}, {1, 2}});   // w = {1, 3}
template <expression X>
auto eigh(const X& x) {
    using R = detail::compute_t<typename X::value_type>;
    auto s = detail::make_stack<R>(x, "eigh", true);
    eigh_result<R> out{loom::detail::uninitialized<detail::real_t<R>>(detail::with_tail(s.batch, {s.n})),
                       loom::detail::uninitialized<R>(detail::with_tail(s.batch, {s.n, s.n}))};
    detail::eigh_stack(s, out.eigenvalues.data(), out.eigenvectors.data(), "eigh");
    return out;
}

//! The eigenvalues of each Hermitian matrix of a stack (..., n, n), ascending (..., n), as eigh's
//! without forming the eigenvectors (cheaper).
template <expression X>
auto eigvalsh(const X& x) {
    using R = detail::compute_t<typename X::value_type>;
    auto s = detail::make_stack<R>(x, "eigvalsh", true);
    array<detail::real_t<R>> w = loom::detail::uninitialized<detail::real_t<R>>(detail::with_tail(s.batch, {s.n}));
    detail::eigh_stack<R>(s, w.data(), nullptr, "eigvalsh");
    return w;
}

}  // namespace loom::linalg
