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

#include "../simd/simd.hpp"
#include "lapack.hpp"
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
            Re r = hypot2(g, Re(1));
            g = d[m] - d[l] + e[l] / (g + std::copysign(r, g));
            Re s = 1, c = 1, p = 0;
            bool split = false;
            for (std::size_t i = m; i-- > l;) {  // chase the bulge up from m to l
                const Re f = s * e[i], b = c * e[i];
                r = hypot2(f, g);
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
    std::vector<R> v, p, tau, pv, pw, left, right;
    std::vector<std::size_t> order;
};

// Trailing matrices larger than this are reduced by panels (tridiagonal_panels), the rest column by column.
inline constexpr std::size_t tridiagonal_crossover = 96;

// The blocked reduction to tridiagonal form (LAPACK's sytrd with latrd, lower): panels of `nb` columns
// reduced one at a time against the trailing matrix as it was before the panel, corrected by the panel's
// reflectors V and the vectors W with A_panel_end = A - V W^H - W V^H, which one product (the matrix-
// product kernel, k = 2 nb) then applies to the trailing matrix. a is the whole Hermitian matrix (both
// triangles); d, e, tau and each reflector's vector (in column k from row k + 1) as the column-by-column
// loop leaves them. Returns the first column not reduced.
template <class R>
std::size_t tridiagonal_panels(R* a, std::size_t n, eigh_work<R>& ws) {
    using Re = real_t<R>;
    constexpr std::size_t nb = 32;
    std::size_t k0 = 0;
    for (; n - k0 > tridiagonal_crossover; k0 += nb) {
        const std::size_t rows = n - k0 - 1;  // V's and W's rows: the matrix's k0 + 1 .. n - 1
        ws.pv.assign(2 * rows * nb, R(0));
        ws.pw.assign(2 * rows * nb, R(0));
        R* V = ws.pv.data();  // row-major (rows x nb), and column by column in Vc (nb x rows): each loop
        R* W = ws.pw.data();  // below runs along memory in one of them
        R* Vc = V + rows * nb;
        R* Wc = W + rows * nb;
        R* x = ws.v.data();
        R* p = ws.p.data();
        R s1[nb], s2[nb];
        for (std::size_t j = 0; j < nb; ++j) {
            const std::size_t i = k0 + j, len = n - i - 1;
            // column i of the current matrix, rows i .. n - 1, from row i (Hermitian), corrected
            for (std::size_t r = i; r < n; ++r) x[r - i] = conj_of(a[i * n + r]);
            for (std::size_t l = 0; l < j; ++l) {
                const R wi = conj_of(W[(j - 1) * nb + l]), vi = conj_of(V[(j - 1) * nb + l]);
                const R* vl = Vc + l * rows + (j - 1);
                const R* wl = Wc + l * rows + (j - 1);
                for (std::size_t r = 0; r < len + 1; ++r) x[r] -= vl[r] * wi + wl[r] * vi;
            }
            ws.d[i] = std::real(x[0]);
            R alpha = x[1];
            const R tau = make_reflector(alpha, x + 2, len - 1, 1);
            ws.e[i] = std::real(alpha);
            ws.tau[i] = tau;
            R* v = x + 1;
            v[0] = R(1);
            for (std::size_t t = 0; t < len; ++t) a[(i + 1 + t) * n + i] = V[(j + t) * nb + j] = Vc[j * rows + j + t] = v[t];
            if (tau == R(0)) continue;
            // p = (A - V W^H - W V^H) v on rows i + 1 .. n - 1: A v as a sum of rows (A Hermitian), which
            // runs along memory without a floating reduction
            std::fill_n(p, len, R(0));
            for (std::size_t c = 0; c < len; ++c) {
                const R* ac = a + (i + 1 + c) * n + i + 1;
                const R vc = v[c];
                for (std::size_t t = 0; t < len; ++t) p[t] += conj_of(ac[t]) * vc;
            }
            for (std::size_t l = 0; l < j; ++l) s1[l] = s2[l] = R(0);
            for (std::size_t t = 0; t < len; ++t) {
                const R* vr = V + (j + t) * nb;
                const R* wr = W + (j + t) * nb;
                for (std::size_t l = 0; l < j; ++l) {
                    s1[l] += conj_of(wr[l]) * v[t];
                    s2[l] += conj_of(vr[l]) * v[t];
                }
            }
            for (std::size_t l = 0; l < j; ++l) {
                const R* vl = Vc + l * rows + j;
                const R* wl = Wc + l * rows + j;
                const R a1 = s1[l], a2 = s2[l];
                for (std::size_t t = 0; t < len; ++t) p[t] -= vl[t] * a1 + wl[t] * a2;
            }
            Re gamma = 0;
            for (std::size_t t = 0; t < len; ++t) gamma += std::real(conj_of(v[t]) * p[t]);
            const R half = R(std::norm(tau) * gamma / 2);
            for (std::size_t t = 0; t < len; ++t) W[(j + t) * nb + j] = Wc[j * rows + j + t] = tau * p[t] - half * v[t];
        }
        // A22 -= [V2 W2] [W2^H; V2^H] on rows and columns k0 + nb .. n - 1
        const std::size_t r2 = n - k0 - nb, off = nb - 1;
        ws.left.resize(r2 * 2 * nb);
        ws.right.resize(2 * nb * r2);
        for (std::size_t r = 0; r < r2; ++r)
            for (std::size_t l = 0; l < nb; ++l) {
                const R vv = V[(off + r) * nb + l], ww = W[(off + r) * nb + l];
                ws.left[r * 2 * nb + l] = vv;
                ws.left[r * 2 * nb + nb + l] = ww;
                ws.right[l * r2 + r] = conj_of(ww);
                ws.right[(nb + l) * r2 + r] = conj_of(vv);
            }
        loom::detail::gemm_sub(r2, r2, 2 * nb, ws.left.data(), static_cast<std::ptrdiff_t>(2 * nb), 1, ws.right.data(),
                               static_cast<std::ptrdiff_t>(r2), 1, a + (k0 + nb) * n + k0 + nb,
                               static_cast<std::ptrdiff_t>(n), 1);
    }
    return k0;
}

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
    scale_all(a, n * n, -ex);

    // Householder: H_k^H A H_k zeroes column k below the subdiagonal, H_k = I - tau v v^H acting on
    // k + 1 .. n - 1. The reflector's beta is real, so the tridiagonal matrix is real already.
    ws.d.assign(n, Re(0));
    ws.e.assign(n, Re(0));
    ws.tau.assign(n, R(0));
    ws.v.resize(n);
    ws.p.resize(n);
    for (std::size_t k = tridiagonal_panels(a, n, ws); k + 1 < n; ++k) {
        const std::size_t len = n - k - 1;
        R* v = ws.v.data();
        for (std::size_t i = 0; i < len; ++i) v[i] = a[(k + 1 + i) * n + k];
        R alpha = v[0];
        const R tau = make_reflector(alpha, v + 1, len - 1, 1);
        v[0] = R(1);
        ws.d[k] = std::real(a[k * n + k]);
        ws.e[k] = std::real(alpha);
        ws.tau[k] = tau;
        for (std::size_t i = 0; i < len; ++i) a[(k + 1 + i) * n + k] = v[i];  // v_k kept in column k, as QR keeps it
        if (tau == R(0)) continue;
        // A22 -= w v^H + v w^H with p = A22 v, w = tau p - |tau|^2 (v^H p) / 2 v
        R* b = a + (k + 1) * n + k + 1;
        R* p = ws.p.data();
        std::fill_n(p, len, R(0));
        for (std::size_t c = 0; c < len; ++c) {  // A22 v as a sum of rows (A22 Hermitian): along memory
            const R* bc = b + c * n;
            const R vc = v[c];
            for (std::size_t t = 0; t < len; ++t) p[t] += conj_of(bc[t]) * vc;
        }
        Re gamma = 0;
        for (std::size_t i = 0; i < len; ++i) gamma += std::real(conj_of(v[i]) * p[i]);
        const R half = R(std::norm(tau) * gamma / 2);
        for (std::size_t i = 0; i < len; ++i) p[i] = tau * p[i] - half * v[i];
        for (std::size_t i = 0; i < len; ++i) {
            R* bi = b + i * n;
            const R wi = p[i], vi = v[i];
            for (std::size_t j = 0; j < len; ++j) bi[j] -= wi * conj_of(v[j]) + vi * conj_of(p[j]);
        }
    }
    if (n > 0) ws.d[n - 1] = std::real(a[(n - 1) * n + n - 1]);

    // Z^T with Z = H_0 H_1 ... H_{n-2} = diag(1, Q), Q formed in vec as QR's from the reflectors below
    // the subdiagonal (by blocks through the matrix-product kernel when large), then transposed in
    // place: QL's rotations act on Z^T's rows
    R* zt = vec;
    if (vec) {
        std::fill_n(zt, n, R(0));
        zt[0] = R(1);
        if (n > 1) {
            const std::size_t m = n - 1;
            for (std::size_t r = 1; r < n; ++r) zt[r * n] = R(0);
            qr_form_q(a + n, m, m, ws.tau.data(), zt + n + 1, m, ws.left, n, n);
            for (std::size_t r = 1; r < n; ++r)
                for (std::size_t c = r + 1; c < n; ++c) std::swap(zt[r * n + c], zt[c * n + r]);
        }
    }
    if (!tridiagonal_ql(ws.d.data(), ws.e.data(), n, zt)) return false;

    ws.order.resize(n);
    std::iota(ws.order.begin(), ws.order.end(), std::size_t(0));
    // ascending, equal values in their order (std::sort with the index as tie-break: stable_sort
    // would allocate for every matrix of a stack)
    std::sort(ws.order.begin(), ws.order.end(),
              [&](std::size_t x, std::size_t y) { return ws.d[x] < ws.d[y] || (ws.d[x] == ws.d[y] && x < y); });
    for (std::size_t j = 0; j < n; ++j) w[j] = ws.d[ws.order[j]];
    scale_all(w, n, ex);
    if (vec) {  // vec[r, j] = zt[order[j], r]: transposed in place, then each row's columns reordered
        for (std::size_t r = 0; r < n; ++r)
            for (std::size_t c = r + 1; c < n; ++c) std::swap(zt[r * n + c], zt[c * n + r]);
        ws.p.resize(n);
        for (std::size_t r = 0; r < n; ++r) {
            R* row = vec + r * n;
            std::copy_n(row, n, ws.p.data());
            for (std::size_t j = 0; j < n; ++j) row[j] = ws.p[ws.order[j]];
        }
    }
    return true;
}

// The eigenvalues (ascending) and eigenvectors of L real symmetric N x N matrices at once (N = 2
// or 3), by cyclic Jacobi rotations: each step the same arithmetic on L lanes, which the compiler
// vectorises, where QL's chain of dependent rotations would take one matrix at a time. The lower
// triangles of a[0 .. L) are read, scaled by a power of 2 to max ~1 (exact). False for the lanes
// (in `failed`) that hold NaN or infinity or did not converge: the caller takes those through QL.
template <std::size_t N, std::size_t L, class Re>
void jacobi_small(const Re* const* a, Re (*w)[N], Re (*vec)[N * N], bool* failed) {
    Re m[N][N][L], v[N][N][L], scale[L];
    for (std::size_t l = 0; l < L; ++l) {
        int ex = 0;
        Re sym[N * N];
        for (std::size_t i = 0; i < N; ++i)
            for (std::size_t j = 0; j < N; ++j) sym[i * N + j] = a[l][i >= j ? i * N + j : j * N + i];
        failed[l] = !finite_exponent(sym, N * N, ex);
        if (failed[l]) ex = 0;
        scale[l] = std::ldexp(Re(1), ex);
        scale_all(sym, N * N, -ex);
        for (std::size_t i = 0; i < N; ++i)
            for (std::size_t j = 0; j < N; ++j) {
                m[i][j][l] = failed[l] ? Re(i == j) : sym[i * N + j];
                v[i][j][l] = Re(i == j);
            }
    }
    const Re eps = std::numeric_limits<Re>::epsilon(), tiny = std::numeric_limits<Re>::min();
    bool converged = false;
    // each statement a loop over the lanes, innermost, so that it vectorises
    Re c[L], sn[L], t[L];
    for (int sweep = 0; sweep < 12 && !converged; ++sweep) {
        for (std::size_t p = 0; p + 1 < N; ++p)
            for (std::size_t q = p + 1; q < N; ++q) {
                // t = tan of the angle that zeroes a_pq, the smaller root (1 / (2 theta) where theta^2
                // would lose it); 0 when a_pq is negligible. In batches: the compiler would not
                // vectorise std::sqrt (errno).
#if LOOM_SIMD
                using B = simd::batch<Re>;
                for (std::size_t l = 0; l < L; l += B::size) {
                    const B apq = simd::load(&m[p][q][l]);
                    const auto big = xsimd::abs(apq) > B(tiny);
                    const B theta = (simd::load(&m[q][q][l]) - simd::load(&m[p][p][l])) / (B(2) * xsimd::select(big, apq, B(1)));
                    const B at = xsimd::abs(theta);
                    const B root = xsimd::select(at > B(1 / eps), B(0.5) / at, B(1) / (at + xsimd::sqrt(at * at + B(1))));
                    const B tt = xsimd::select(big, xsimd::copysign(root, theta), B(0));
                    const B cc = B(1) / xsimd::sqrt(tt * tt + B(1));
                    simd::store(t + l, tt);
                    simd::store(c + l, cc);
                    simd::store(sn + l, tt * cc);
                }
#else
                for (std::size_t l = 0; l < L; ++l) {
                    const Re apq = m[p][q][l];
                    const bool big = std::abs(apq) > tiny;
                    const Re theta = (m[q][q][l] - m[p][p][l]) / (2 * (big ? apq : Re(1)));
                    const Re at = std::abs(theta);
                    const Re root = at > 1 / eps ? Re(0.5) / at : Re(1) / (at + std::sqrt(at * at + 1));
                    t[l] = big ? std::copysign(root, theta) : Re(0);
                    c[l] = 1 / std::sqrt(t[l] * t[l] + 1);
                    sn[l] = t[l] * c[l];
                }
#endif
                for (std::size_t l = 0; l < L; ++l) {
                    const Re apq = m[p][q][l];
                    m[p][p][l] -= t[l] * apq;
                    m[q][q][l] += t[l] * apq;
                    m[p][q][l] = m[q][p][l] = 0;
                }
                for (std::size_t r = 0; r < N; ++r) {
                    if (r != p && r != q)
                        for (std::size_t l = 0; l < L; ++l) {
                            const Re arp = m[r][p][l], arq = m[r][q][l];
                            m[r][p][l] = m[p][r][l] = c[l] * arp - sn[l] * arq;
                            m[r][q][l] = m[q][r][l] = sn[l] * arp + c[l] * arq;
                        }
                    for (std::size_t l = 0; l < L; ++l) {
                        const Re vrp = v[r][p][l], vrq = v[r][q][l];
                        v[r][p][l] = c[l] * vrp - sn[l] * vrq;
                        v[r][q][l] = sn[l] * vrp + c[l] * vrq;
                    }
                }
            }
        // converged when every off-diagonal element is below eps times its diagonal neighbours'
        converged = true;
        for (std::size_t l = 0; l < L; ++l)
            for (std::size_t p = 0; p + 1 < N; ++p)
                for (std::size_t q = p + 1; q < N; ++q)
                    converged = converged && std::abs(m[p][q][l]) <= eps * (std::abs(m[p][p][l]) + std::abs(m[q][q][l])) / 4 + tiny;
    }
    for (std::size_t l = 0; l < L; ++l) {
        failed[l] = failed[l] || !converged;
        std::size_t order[N];
        for (std::size_t i = 0; i < N; ++i) order[i] = i;
        for (std::size_t i = 1; i < N; ++i)  // insertion sort: ascending, equal values in order
            for (std::size_t j = i; j > 0 && m[order[j]][order[j]][l] < m[order[j - 1]][order[j - 1]][l]; --j)
                std::swap(order[j], order[j - 1]);
        for (std::size_t i = 0; i < N; ++i) {
            w[l][i] = m[order[i]][order[i]][l] * scale[l];
            if (vec)
                for (std::size_t r = 0; r < N; ++r) vec[l][r * N + i] = v[r][order[i]][l];
        }
    }
}

// The lanes of jacobi_small: 8, or a SIMD batch where it holds more.
template <class Re>
constexpr std::size_t jacobi_lanes() {
#if LOOM_SIMD
    return std::max<std::size_t>(8, simd::batch<Re>::size);
#else
    return 8;
#endif
}

// eigh's and eigvalsh's loop over the stack: real 2 x 2 and 3 x 3 matrices jacobi_lanes at a time
// by jacobi_small, the others (and what it gives up on) one at a time by LAPACK when it takes them,
// else QL.
template <class R>
void eigh_stack(stack<R>& s, real_t<R>* w, R* vec, const char* fn) {
    eigh_work<R> ws;
    const std::size_t n = s.n;
    auto one = [&](std::size_t b) {
        if (lapack_eigh(s.matrix(b), n, w + b * n, vec ? vec + b * n * n : nullptr, ws.pv)) return;
        if (!hermitian_eigen(s.matrix(b), n, w + b * n, vec ? vec + b * n * n : nullptr, ws))
            cannot_factor(fn, "did not converge", b, s.count);
    };
    if constexpr (!is_complex<R>::value) {
        if (n == 2 || n == 3) {
            constexpr std::size_t L = jacobi_lanes<R>();
            auto groups = [&](auto nn) {
                constexpr std::size_t N = decltype(nn)::value;
                R wl[L][N], vl[L][N * N];
                const R* src[L];
                bool failed[L];
                for (std::size_t b0 = 0; b0 < s.count; b0 += L) {
                    const std::size_t lanes = std::min(L, s.count - b0);
                    for (std::size_t l = 0; l < L; ++l) src[l] = s.matrix(b0 + (l < lanes ? l : 0));
                    jacobi_small<N, L>(src, wl, vec ? vl : nullptr, failed);
                    for (std::size_t l = 0; l < lanes; ++l) {
                        const std::size_t b = b0 + l;
                        if (failed[l]) {
                            one(b);
                            continue;
                        }
                        std::copy_n(wl[l], N, w + b * N);
                        if (vec) std::copy_n(vl[l], N * N, vec + b * N * N);
                    }
                }
            };
            if (n == 2) groups(std::integral_constant<std::size_t, 2>{});
            else groups(std::integral_constant<std::size_t, 3>{});
            return;
        }
    }
    for (std::size_t b = 0; b < s.count; ++b) one(b);
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
