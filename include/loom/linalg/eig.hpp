// loom/linalg/eig.hpp: eigenvalues and eigenvectors of each general square matrix of a stack: balancing by
// powers of 2, Householder reduction to upper Hessenberg form, the shifted QR algorithm to the Schur form
// (Francis' implicit double shift for real matrices, Wilkinson's single shift for complex ones), the
// eigenvectors by back substitution on it (EISPACK's balanc, orthes, hqr2, comqr2; LAPACK's geev).
#pragma once

#include <algorithm>
#include <climits>
#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <vector>

#include "lapack.hpp"
#include "qr.hpp"
#include "stack.hpp"

namespace loom::linalg {

namespace detail {

template <class R>
using complex_of = std::complex<real_t<R>>;

// D^-1 A D with D = diag(2^e[i]) (exact): column i times 2^k and row i over it until their 2-norms are
// within a factor 2, each step taken only if it shrinks their sum by 5% (EISPACK's balanc, LAPACK's
// gebal, without their permutations). The eigenvalues are unchanged and |A|, which bounds the QR
// algorithm's error, often much smaller. The norms include the diagonal, as LAPACK's since 3.5 (after
// James, Langou and Lowery): the scaling stops once it no longer shrinks |A| much, where going on
// makes the eigenvectors' residual large. Each step shrinks the sum of the off-diagonal squares and
// |e[i]| stays within the exponent range: the loop terminates.
template <class R>
void balance(R* a, std::size_t n, int* e) {
    using Re = real_t<R>;
    const int limit = std::numeric_limits<Re>::max_exponent;
    std::fill_n(e, n, 0);
    for (bool again = n > 1; again;) {
        again = false;
        for (std::size_t i = 0; i < n; ++i) {
            const Re c = norm2(a + i, n, n), r = norm2(a + i * n, n);
            if (c == 0 || r == 0) continue;
            int k = 0;  // c 4^k within [r / 2, 2 r)
            for (Re cf = c; cf < r / 2 && e[i] + k < limit; cf *= 4) ++k;
            for (Re cf = c; cf >= 2 * r && e[i] + k > -limit; cf /= 4) --k;
            if (k == 0) continue;
            const Re f = std::ldexp(Re(1), k);
            if (c * f + r / f >= Re(0.95) * (c + r)) continue;
            e[i] += k;
            for (std::size_t j = 0; j < n; ++j)
                if (j != i) {
                    a[j * n + i] = scale_pow2(a[j * n + i], k);
                    a[i * n + j] = scale_pow2(a[i * n + j], -k);
                }
            again = true;
        }
    }
}

// A = Q H Q^H, H upper Hessenberg, Q = H_0 H_1 ... H_{n-3} with reflectors H_k = I - tau_k v_k v_k^H
// acting on rows and columns k + 1 .. n - 1 (LAPACK's gehd2): H in a's upper Hessenberg part, v_k below
// the subdiagonal of column k (its first element 1 implied), tau_k in tau. u and s are scratch.
template <class R>
void hessenberg(R* a, std::size_t n, R* tau, std::vector<R>& u, std::vector<R>& s) {
    for (std::size_t k = 0; k + 2 < n; ++k) {
        const std::size_t len = n - k - 1;
        R* col = a + (k + 1) * n + k;  // the reflector's alpha, then x below it
        tau[k] = make_reflector(col[0], col + n, len - 1, n);
        if (tau[k] == R(0)) continue;
        u.resize(len);  // v_k, contiguous
        u[0] = R(1);
        for (std::size_t i = 1; i < len; ++i) u[i] = col[i * n];
        for (std::size_t r = 0; r < n; ++r) {  // A[:, k+1:] -= tau (A[:, k+1:] v) v^H
            R* ar = a + r * n + k + 1;
            R dot = R(0);
            for (std::size_t i = 0; i < len; ++i) dot += ar[i] * u[i];
            dot *= tau[k];
            for (std::size_t i = 0; i < len; ++i) ar[i] -= dot * conj_of(u[i]);
        }
        apply_reflector(conj_of(tau[k]), u.data(), 1, a + (k + 1) * n + k + 1, len, len, n, s);  // H^H from the left
    }
}

// Q of hessenberg's reflectors into z (n x n), applied to the identity last to first (LAPACK's orghr).
template <class R>
void hessenberg_q(const R* a, std::size_t n, const R* tau, R* z, std::vector<R>& u, std::vector<R>& s) {
    std::fill_n(z, n * n, R(0));
    for (std::size_t i = 0; i < n; ++i) z[i * n + i] = R(1);
    for (std::size_t k = n < 3 ? 0 : n - 2; k-- > 0;) {
        const std::size_t len = n - k - 1;
        u.resize(len);
        u[0] = R(1);
        for (std::size_t i = 1; i < len; ++i) u[i] = a[(k + 1 + i) * n + k];
        apply_reflector(tau[k], u.data(), 1, z + (k + 1) * n + k + 1, len, len, n, s);
    }
}

// The rotation Q = [[cs, -sn], [sn, cs]] with Q^T [[a, b], [c, d]] Q in standard form, which overwrites
// a, b, c, d (LAPACK's lanv2): upper triangular when the eigenvalues are real, else a == d and b c < 0;
// the eigenvalues into w1 and w2 (a complex pair with the positive imaginary part first).
template <class Re>
void standardize_2x2(Re& a, Re& b, Re& c, Re& d, Re& cs, Re& sn, std::complex<Re>& w1, std::complex<Re>& w2) {
    const auto sign = [](Re x) { return std::copysign(Re(1), x); };
    const auto turn = [&](Re c1, Re s1) {  // Q <- Q [[c1, -s1], [s1, c1]]
        const Re t = cs * c1 - sn * s1;
        sn = cs * s1 + sn * c1;
        cs = t;
    };
    cs = 1;
    sn = 0;
    if (c == 0) {
    } else if (b == 0) {  // lower triangular: swap the two rows and columns
        std::swap(a, d);
        b = -c;
        c = 0;
        cs = 0;
        sn = 1;
    } else if (a != d || sign(b) == sign(c)) {
        const Re p = (a - d) / 2, bmax = std::max(std::abs(b), std::abs(c));
        const Re bmin = std::min(std::abs(b), std::abs(c)) * sign(b) * sign(c), scale = std::max(std::abs(p), bmax);
        const Re disc = p / scale * p + bmax / scale * bmin;  // (p^2 + b c) / scale
        if (disc >= 4 * std::numeric_limits<Re>::epsilon()) {
            // real and apart: d + y and d - b c / y, y the larger root; Q's first column an eigenvector
            const Re y = p + std::copysign(std::sqrt(scale) * std::sqrt(disc), p);
            a = d + y;
            d -= bmax / y * bmin;
            const Re h = std::hypot(c, y);
            cs = y / h;
            sn = c / h;
            b -= c;
            c = 0;
        } else {
            // complex or nearly equal: first rotate to equal diagonal entries (their mean, to be exact)
            const Re sigma = b + c, h = std::hypot(sigma, a - d);
            cs = std::sqrt((1 + std::abs(sigma) / h) / 2);
            sn = -(p / (h * cs)) * sign(sigma);
            const Re ab = a * cs + b * sn, bb = b * cs - a * sn, cb = c * cs + d * sn, db = d * cs - c * sn;
            b = bb * cs + db * sn;
            c = cb * cs - ab * sn;
            a = d = ((ab * cs + cb * sn) + (db * cs - bb * sn)) / 2;
            if (c != 0 && b != 0 && sign(b) == sign(c)) {  // real after all: a +- sqrt(b c), triangularised
                const Re sb = std::sqrt(std::abs(b)), sc = std::sqrt(std::abs(c));
                const Re q = std::copysign(sb * sc, c), t = 1 / std::sqrt(std::abs(b + c));
                a += q;
                d -= q;
                b -= c;
                c = 0;
                turn(sb * t, sc * t);
            } else if (c != 0 && b == 0) {
                b = -c;
                c = 0;
                turn(0, 1);
            }
        }
    }
    w1 = std::complex<Re>(a, 0);
    w2 = std::complex<Re>(d, 0);
    if (c != 0) {
        const Re im = std::sqrt(std::abs(b)) * std::sqrt(std::abs(c));
        w1.imag(im);
        w2.imag(-im);
    }
}

// Where the active block l..i of the Hessenberg h splits: the largest k in l+1..i whose h[k][k-1] is
// negligible (below smlnum, or below ulp times its neighbours by Ahues and Tisseur's test), else l.
template <class R>
std::size_t split_point(const R* h, std::size_t n, std::size_t l, std::size_t i) {
    using Re = real_t<R>;
    const Re ulp = std::numeric_limits<Re>::epsilon(), smlnum = std::numeric_limits<Re>::min() * (Re(n) / ulp);
    const auto at = [&](std::size_t r, std::size_t c) { return h[r * n + c]; };
    std::size_t k = i;
    for (; k > l; --k) {
        const Re sub = abs1(at(k, k - 1));
        if (sub <= smlnum) break;
        Re near = abs1(at(k - 1, k - 1)) + abs1(at(k, k));
        if (near == 0) {
            if (k >= 2) near += abs1(at(k - 1, k - 2));
            if (k < i) near += abs1(at(k + 1, k));
        }
        if (sub <= ulp * near) {
            const Re sup = abs1(at(k - 1, k)), dk = abs1(at(k, k)), diff = abs1(at(k - 1, k - 1) - at(k, k));
            const Re ab = std::max(sub, sup), ba = std::min(sub, sup), aa = std::max(dk, diff), bb = std::min(dk, diff);
            const Re s = aa + ab;
            if (ba * (ab / s) <= std::max(smlnum, ulp * (bb * (aa / s)))) break;
        }
    }
    return k;
}

// The real Schur form T = Z^T H Z of the upper Hessenberg h (n x n, row-major) by Francis' implicit
// double-shift QR algorithm (EISPACK's hqr2, LAPACK's lahqr): the eigenvalues into w in T's diagonal
// order, a complex pair (a standardised 2 x 2 block) with the positive imaginary part first. When z is
// not null, h becomes T and z is multiplied by Z; else only the active block is updated. Exceptional
// shifts after each 10 iterations without deflation; false after 30 n iterations.
template <class Re>
bool real_schur(Re* h, std::size_t n, Re* z, std::complex<Re>* w) {
    const Re ulp = std::numeric_limits<Re>::epsilon();
    const bool full = z != nullptr;
    const auto at = [&](std::size_t r, std::size_t c) -> Re& { return h[r * n + c]; };
    // rows p, q and columns p, q (above row `upto`) of h, and columns p, q of z, rotated by (cs, sn)
    const auto rotate = [&](std::size_t p, std::size_t q, std::size_t from, std::size_t upto, Re cs, Re sn) {
        for (std::size_t j = from; j < n; ++j) {
            const Re x = at(p, j), y = at(q, j);
            at(p, j) = cs * x + sn * y;
            at(q, j) = cs * y - sn * x;
        }
        for (std::size_t r = 0; r < upto; ++r) {
            const Re x = at(r, p), y = at(r, q);
            at(r, p) = cs * x + sn * y;
            at(r, q) = cs * y - sn * x;
        }
        for (std::size_t r = 0; r < n; ++r) {
            Re* zr = z + r * n;
            const Re x = zr[p], y = zr[q];
            zr[p] = cs * x + sn * y;
            zr[q] = cs * y - sn * x;
        }
    };
    std::size_t budget = 30 * n, its = 0, l = 0;
    for (std::size_t hi = n; hi > 0;) {
        const std::size_t i = hi - 1;
        l = split_point(h, n, l, i);
        if (l > 0) at(l, l - 1) = 0;
        if (l + 1 >= i) {  // one or two rows split off: their eigenvalues
            if (l == i) {
                w[i] = std::complex<Re>(at(i, i), 0);
            } else {
                Re cs, sn;
                standardize_2x2(at(i - 1, i - 1), at(i - 1, i), at(i, i - 1), at(i, i), cs, sn, w[i - 1], w[i]);
                if (full) rotate(i - 1, i, i + 1, i - 1, cs, sn);
            }
            hi = l;
            its = 0;
            l = 0;
            continue;
        }
        if (budget == 0) return false;
        --budget;
        ++its;
        // two shifts: the eigenvalues of the trailing 2 x 2 block (both the one nearer h[i][i] when real)
        Re h11 = at(i - 1, i - 1), h12 = at(i - 1, i), h21 = at(i, i - 1), h22 = at(i, i);
        if (its % 10 == 0) {  // exceptional shifts, from the top or the bottom of the block in turn
            const bool top = its % 20 == 10;
            const Re s = top ? std::abs(at(l + 1, l)) + std::abs(at(l + 2, l + 1))
                             : std::abs(at(i, i - 1)) + std::abs(at(i - 1, i - 2));
            h11 = Re(0.75) * s + (top ? at(l, l) : at(i, i));
            h12 = Re(-0.4375) * s;
            h21 = s;
            h22 = h11;
        }
        Re r1 = 0, i1 = 0, r2 = 0, i2 = 0;
        if (const Re s = std::abs(h11) + std::abs(h12) + std::abs(h21) + std::abs(h22); s != 0) {
            h11 /= s;
            h12 /= s;
            h21 /= s;
            h22 /= s;
            const Re tr = (h11 + h22) / 2, det = (h11 - tr) * (h22 - tr) - h12 * h21, root = std::sqrt(std::abs(det));
            if (det >= 0) {
                r1 = r2 = tr * s;
                i1 = root * s;
                i2 = -i1;
            } else {
                r1 = tr + root;
                r2 = tr - root;
                r1 = r2 = (std::abs(r1 - h22) <= std::abs(r2 - h22) ? r1 : r2) * s;
            }
        }
        // the sweep starts at m, where two consecutive subdiagonal entries are small enough that the
        // bulge, the first column of (H - s1)(H - s2), does not disturb the split above it
        Re v[3];
        std::size_t m = i - 2;
        for (;; --m) {
            const Re hmm = at(m, m);
            Re sub = at(m + 1, m);
            Re s = std::abs(hmm - r2) + std::abs(i2) + std::abs(sub);
            sub /= s;
            v[0] = sub * at(m, m + 1) + (hmm - r1) * ((hmm - r2) / s) - i1 * (i2 / s);
            v[1] = sub * (hmm + at(m + 1, m + 1) - r1 - r2);
            v[2] = sub * at(m + 2, m + 1);
            s = std::abs(v[0]) + std::abs(v[1]) + std::abs(v[2]);
            if (s != 0)
                for (Re& x : v) x /= s;
            if (m == l) break;
            const Re off = std::abs(at(m, m - 1)) * (std::abs(v[1]) + std::abs(v[2]));
            const Re on = std::abs(v[0]) * (std::abs(at(m - 1, m - 1)) + std::abs(hmm) + std::abs(at(m + 1, m + 1)));
            if (off <= ulp * on) break;
        }
        // chase the bulge from m down to i with reflectors of 3 (the last of 2) rows
        const std::size_t row_end = full ? n : i + 1, col_begin = full ? 0 : l;
        for (std::size_t k = m; k < i; ++k) {
            const std::size_t nr = std::min<std::size_t>(3, i - k + 1);
            if (k > m)
                for (std::size_t q = 0; q < nr; ++q) v[q] = at(k + q, k - 1);
            Re beta = v[0];
            const Re t1 = make_reflector(beta, v + 1, nr - 1, 1);
            if (k > m) {
                at(k, k - 1) = beta;
                for (std::size_t q = 1; q < nr; ++q) at(k + q, k - 1) = 0;
            } else if (m > l) {
                at(k, k - 1) *= 1 - t1;  // the reflector's effect, the entries below it negligible
            }
            if (t1 == 0) continue;
            const Re v2 = v[1], t2 = t1 * v2, v3 = nr == 3 ? v[2] : Re(0), t3 = t1 * v3;
            const std::size_t col_end = std::min(k + 3, i) + 1;
            if (nr == 3) {
                for (std::size_t j = k; j < row_end; ++j) {
                    const Re s = at(k, j) + v2 * at(k + 1, j) + v3 * at(k + 2, j);
                    at(k, j) -= s * t1;
                    at(k + 1, j) -= s * t2;
                    at(k + 2, j) -= s * t3;
                }
                for (std::size_t r = col_begin; r < col_end; ++r) {
                    Re* hr = h + r * n + k;
                    const Re s = hr[0] + v2 * hr[1] + v3 * hr[2];
                    hr[0] -= s * t1;
                    hr[1] -= s * t2;
                    hr[2] -= s * t3;
                }
                if (full)
                    for (std::size_t r = 0; r < n; ++r) {
                        Re* zr = z + r * n + k;
                        const Re s = zr[0] + v2 * zr[1] + v3 * zr[2];
                        zr[0] -= s * t1;
                        zr[1] -= s * t2;
                        zr[2] -= s * t3;
                    }
            } else {
                for (std::size_t j = k; j < row_end; ++j) {
                    const Re s = at(k, j) + v2 * at(k + 1, j);
                    at(k, j) -= s * t1;
                    at(k + 1, j) -= s * t2;
                }
                for (std::size_t r = col_begin; r < col_end; ++r) {
                    Re* hr = h + r * n + k;
                    const Re s = hr[0] + v2 * hr[1];
                    hr[0] -= s * t1;
                    hr[1] -= s * t2;
                }
                if (full)
                    for (std::size_t r = 0; r < n; ++r) {
                        Re* zr = z + r * n + k;
                        const Re s = zr[0] + v2 * zr[1];
                        zr[0] -= s * t1;
                        zr[1] -= s * t2;
                    }
            }
        }
    }
    return true;
}

// The complex Schur form T = Z^H H Z of the upper Hessenberg h (n x n, row-major) by the single-shift
// QR algorithm with Wilkinson's shift (EISPACK's comqr2, LAPACK's lahqr for complex): the eigenvalues
// into w in T's diagonal order. When z is not null, h becomes T and z is multiplied by Z; else only the
// active block is updated. Exceptional shifts after each 10 iterations without deflation; false after
// 30 n iterations.
template <class Re>
bool complex_schur(std::complex<Re>* h, std::size_t n, std::complex<Re>* z, std::complex<Re>* w) {
    using C = std::complex<Re>;
    const Re ulp = std::numeric_limits<Re>::epsilon();
    const bool full = z != nullptr;
    const auto at = [&](std::size_t r, std::size_t c) -> C& { return h[r * n + c]; };
    std::size_t budget = 30 * n, its = 0, l = 0;
    for (std::size_t hi = n; hi > 0;) {
        const std::size_t i = hi - 1;
        l = split_point(h, n, l, i);
        if (l > 0) at(l, l - 1) = C(0);
        if (l == i) {
            w[i] = at(i, i);
            hi = i;
            its = 0;
            l = 0;
            continue;
        }
        if (budget == 0) return false;
        --budget;
        ++its;
        C t;  // the shift
        if (its % 10 == 0) {  // exceptional, from the top or the bottom of the block in turn
            t = its % 20 == 10 ? at(l, l) + Re(0.75) * abs1(at(l + 1, l)) : at(i, i) + Re(0.75) * abs1(at(i, i - 1));
        } else {  // Wilkinson's: the eigenvalue of the trailing 2 x 2 block nearer h[i][i]
            t = at(i, i);
            const C u = std::sqrt(at(i - 1, i)) * std::sqrt(at(i, i - 1));
            if (const Re su = abs1(u); su != 0) {
                const C x = (at(i - 1, i - 1) - t) / Re(2);
                const Re sx = abs1(x), s = std::max(su, sx);
                C y = s * std::sqrt((x / s) * (x / s) + (u / s) * (u / s));
                if (sx > 0 && std::real(x / sx) * y.real() + std::imag(x / sx) * y.imag() < 0) y = -y;
                t -= u * (u / (x + y));
            }
        }
        // the sweep starts at m, where two consecutive subdiagonal entries are small enough
        C v[2];
        std::size_t m = i - 1;
        for (;; --m) {
            const C hmm = at(m, m), shifted = hmm - t, sub = at(m + 1, m);
            const Re s = abs1(shifted) + abs1(sub);
            v[0] = shifted / s;
            v[1] = sub / s;
            if (m == l) break;
            if (abs1(at(m, m - 1)) * abs1(v[1]) <= ulp * (abs1(v[0]) * (abs1(hmm) + abs1(at(m + 1, m + 1))))) break;
        }
        const std::size_t row_end = full ? n : i + 1, col_begin = full ? 0 : l;
        for (std::size_t k = m; k < i; ++k) {
            if (k > m) {
                v[0] = at(k, k - 1);
                v[1] = at(k + 1, k - 1);
            }
            C beta = v[0];
            const C t1 = make_reflector(beta, v + 1, 1, 1);
            if (k > m) {
                at(k, k - 1) = beta;
                at(k + 1, k - 1) = C(0);
            } else if (m > l) {
                at(k, k - 1) *= C(1) - std::conj(t1);
            }
            if (t1 == C(0)) continue;
            const C v2 = v[1], ct = std::conj(t1), cv2 = std::conj(v2);
            for (std::size_t j = k; j < row_end; ++j) {  // H^H from the left
                const C s = ct * (at(k, j) + cv2 * at(k + 1, j));
                at(k, j) -= s;
                at(k + 1, j) -= s * v2;
            }
            const std::size_t col_end = std::min(k + 2, i) + 1;
            for (std::size_t r = col_begin; r < col_end; ++r) {  // H from the right
                C* hr = h + r * n + k;
                const C s = t1 * (hr[0] + v2 * hr[1]);
                hr[0] -= s;
                hr[1] -= s * cv2;
            }
            if (full)
                for (std::size_t r = 0; r < n; ++r) {
                    C* zr = z + r * n + k;
                    const C s = t1 * (zr[0] + v2 * zr[1]);
                    zr[0] -= s;
                    zr[1] -= s * cv2;
                }
        }
    }
    return true;
}

// [[a, b], [c, d]] x = r, r overwritten by x, by Gaussian elimination with complete pivoting, a pivot
// below smin replaced by smin (the 2 x 2 blocks' rows of the back substitution, as LAPACK's laln2).
template <class C, class Re>
void solve_2x2(const C& a, const C& b, const C& c, const C& d, C* r, Re smin) {
    const C m[2][2] = {{a, b}, {c, d}};
    std::size_t pr = 0, pc = 0;
    for (std::size_t q = 1; q < 4; ++q)
        if (abs1(m[q / 2][q % 2]) > abs1(m[pr][pc])) {
            pr = q / 2;
            pc = q % 2;
        }
    if (abs1(m[pr][pc]) < smin) {  // all negligible: as smin I
        r[0] /= smin;
        r[1] /= smin;
        return;
    }
    const std::size_t qr = 1 - pr, qc = 1 - pc;
    const C piv = m[pr][pc], l = m[qr][pc] / piv;
    C u = m[qr][qc] - l * m[pr][qc];
    if (abs1(u) < smin) u = C(smin);
    C x[2];
    x[qc] = (r[qr] - l * r[pr]) / u;
    x[pc] = (r[pr] - m[pr][qc] * x[qc]) / piv;
    r[0] = x[0];
    r[1] = x[1];
}

// y (n values) times D = diag(2^e), powers of 2 taken out on the way so that nothing overflows or
// underflows needlessly, divided by its 2-norm; if `rotate`, times the unit number making its largest
// component real: positive if `positive`, else keeping the sign of its real part (LAPACK's geev).
template <class C>
void normalize_vector(C* y, std::size_t n, const int* e, bool rotate, bool positive) {
    using Re = typename C::value_type;
    int top = INT_MIN;
    for (std::size_t r = 0; r < n; ++r)
        if (y[r] != C(0)) {
            int ex = 0;
            std::frexp(abs1(y[r]), &ex);
            top = std::max(top, ex + e[r]);
        }
    if (top == INT_MIN) return;
    for (std::size_t r = 0; r < n; ++r) y[r] = scale_pow2(y[r], e[r] - top);
    const Re nrm = norm2(y, n);
    for (std::size_t r = 0; r < n; ++r) y[r] /= nrm;
    if (!rotate) return;
    std::size_t p = 0;
    for (std::size_t r = 1; r < n; ++r)
        if (std::norm(y[r]) > std::norm(y[p])) p = r;
    const Re big = std::abs(y[p]), sgn = positive || y[p].real() >= 0 ? Re(1) : Re(-1);
    const C f = std::conj(y[p]) / big * sgn;
    for (std::size_t r = 0; r < n; ++r) y[r] *= f;
    y[p] = C(sgn * big, 0);
}

// Workspace of general_eigen, kept across the matrices of a stack.
template <class R>
struct eig_work {
    std::vector<R> tau, u, s, z;
    std::vector<int> e;
    std::vector<complex_of<R>> x, y;
};

// The eigenvectors of A into vec's columns (n x n, row-major) from the Schur form t = Z^H B Z (z, n x n)
// of the balanced B = D^-1 A D, D = diag(2^e), and its eigenvalues w: x with (T - w_k) x = 0, x_k = 1
// (x_{k-1}, x_k in the null space of a real 2 x 2 block) by back substitution, then D Z x normalised. A
// diagonal difference below smin = eps |T| is replaced by smin (as LAPACK's trevc), and x is scaled
// down when it grows past 1 / sqrt(eps) (as hqr2), so nothing overflows. Complex pairs of a real T
// give conjugate vectors.
template <class R>
void schur_eigenvectors(const R* t, const R* z, std::size_t n, const complex_of<R>* w, const int* e,
                        complex_of<R>* vec, eig_work<R>& ws) {
    using Re = real_t<R>;
    using C = complex_of<R>;
    const Re eps = std::numeric_limits<Re>::epsilon(), big = 1 / std::sqrt(eps);
    Re tnorm = 0;
    for (std::size_t i = 0; i < n; ++i) {
        Re r = 0;
        for (std::size_t j = i == 0 ? 0 : i - 1; j < n; ++j) r += abs1(t[i * n + j]);
        tnorm = std::max(tnorm, r);
    }
    const Re smin = std::max(eps * tnorm, std::numeric_limits<Re>::min() * (Re(n) / eps));
    ws.x.resize(n);
    ws.y.resize(n);
    C* x = ws.x.data();
    C* y = ws.y.data();
    const auto block_above = [&](std::size_t j) {  // rows j - 1, j a 2 x 2 block of a real T
        if constexpr (is_complex<R>::value) return false;
        else return j > 0 && t[j * n + j - 1] != R(0);
    };
    for (std::size_t k = n; k-- > 0;) {
        const bool pair = block_above(k);
        const std::size_t top = pair ? k - 1 : k;
        const C lambda = w[top];
        if (pair) {  // the block [[a, b], [c, a]], b c < 0, and lambda = a + i sqrt(-b c)
            const Re b = std::real(t[(k - 1) * n + k]), c = std::real(t[k * n + k - 1]), nu = lambda.imag();
            x[k - 1] = std::abs(b) >= std::abs(c) ? C(1) : C(0, nu / c);
            x[k] = std::abs(b) >= std::abs(c) ? C(0, nu / b) : C(1);
        } else {
            x[k] = C(1);
        }
        const auto known = [&](std::size_t row, std::size_t from) {  // T[row, from..k] x[from..k]
            const R* tr = t + row * n;
            C s = C(0);
            for (std::size_t l = from; l <= k; ++l) s += tr[l] * x[l];
            return s;
        };
        for (std::size_t j = top; j-- > 0;) {
            const std::size_t last = j;  // x[j..last] solved now
            if (block_above(j)) {
                C r[2] = {-known(j - 1, j + 1), -known(j, j + 1)};
                solve_2x2(C(t[(j - 1) * n + j - 1]) - lambda, C(t[(j - 1) * n + j]), C(t[j * n + j - 1]),
                          C(t[j * n + j]) - lambda, r, smin);
                x[--j] = r[0];
                x[last] = r[1];
            } else {
                C d = C(t[j * n + j]) - lambda;
                if (abs1(d) < smin) d = C(smin);
                x[j] = -known(j, j + 1) / d;
            }
            Re g = 0;
            for (std::size_t q = j; q <= last; ++q) g = std::max(g, abs1(x[q]));
            if (g > big)
                for (std::size_t q = j; q <= k; ++q) x[q] /= g;
        }
        for (std::size_t r = 0; r < n; ++r) {  // y = Z x
            const R* zr = z + r * n;
            C s = C(0);
            for (std::size_t l = 0; l <= k; ++l) s += zr[l] * x[l];
            y[r] = s;
        }
        normalize_vector(y, n, e, pair || is_complex<R>::value, is_complex<R>::value);
        for (std::size_t r = 0; r < n; ++r) vec[r * n + top] = y[r];
        if (pair) {
            for (std::size_t r = 0; r < n; ++r) vec[r * n + k] = std::conj(y[r]);
            --k;
        }
    }
}

// The eigenvalues (into w) and, when vec is not null, the unit eigenvectors (vec's columns, n x n
// row-major) of the n x n row-major matrix a, which is overwritten. NaN or infinity in a gives NaN
// throughout. False if the QR algorithm did not converge.
template <class R>
bool general_eigen(R* a, std::size_t n, complex_of<R>* w, complex_of<R>* vec, eig_work<R>& ws) {
    using Re = real_t<R>;
    using C = complex_of<R>;
    int ex = 0;
    if (!finite_exponent(a, n * n, ex)) {
        const Re nan = std::numeric_limits<Re>::quiet_NaN();
        std::fill_n(w, n, C(nan, nan));
        if (vec) std::fill_n(vec, n * n, C(nan, nan));
        return true;
    }
    // scale by a power of 2 to max|a| ~ 1 (exact): no overflow or underflow in between
    for (std::size_t i = 0; i < n * n; ++i) a[i] = scale_pow2(a[i], -ex);
    ws.e.resize(n);
    balance(a, n, ws.e.data());
    ws.tau.assign(n, R(0));
    hessenberg(a, n, ws.tau.data(), ws.u, ws.s);
    R* z = nullptr;
    if (vec) {
        ws.z.resize(n * n);
        z = ws.z.data();
        hessenberg_q(a, n, ws.tau.data(), z, ws.u, ws.s);
    }
    for (std::size_t j = 0; j + 2 < n; ++j)  // the reflectors' vectors below the subdiagonal
        for (std::size_t i = j + 2; i < n; ++i) a[i * n + j] = R(0);
    bool converged;
    if constexpr (is_complex<R>::value) converged = complex_schur(a, n, z, w);
    else converged = real_schur(a, n, z, w);
    if (!converged) return false;
    if (vec) schur_eigenvectors(a, z, n, w, ws.e.data(), vec, ws);
    for (std::size_t i = 0; i < n; ++i) w[i] = scale_pow2(w[i], ex);
    return true;
}

// eig's and eigvals' loop over the stack: LAPACK when it takes a matrix, else loom's QR algorithm.
template <class R>
void eig_stack(stack<R>& s, complex_of<R>* w, complex_of<R>* vec, const char* fn) {
    eig_work<R> ws;
    const std::size_t n = s.n;
    for (std::size_t b = 0; b < s.count; ++b)
        if (!lapack_eig(s.matrix(b), n, w + b * n, vec ? vec + b * n * n : nullptr, ws.tau) &&
            !general_eigen(s.matrix(b), n, w + b * n, vec ? vec + b * n * n : nullptr, ws))
            cannot_factor(fn, "did not converge", b, s.count);
}

}  // namespace detail

//! eig's result: the eigenvalues of each matrix (..., n) and the unit eigenvectors as the columns of
//! (..., n, n): x v[:, j] = w[j] v[:, j]. Both complex.
template <class C>
struct eig_result {
    array<C> eigenvalues;
    array<C> eigenvectors;
};

//! The eigenvalues and right eigenvectors of each square matrix of a stack (..., n, n), as NumPy's
//! `np.linalg.eig` (LAPACK's geev): `{w, v}` with x v[:, j] = w[j] v[:, j], each column of unit 2-norm
//! with its largest component real (for complex x also positive; a real x's real eigenvalues have real
//! vectors). Unlike NumPy, the results are always complex (std::complex of float for float and
//! complex<float>, else of double; integers compute in double), as the Array API's eig; the eigenvalues
//! of a real matrix come in exactly conjugate pairs (positive imaginary part first), their vectors
//! conjugate. The order is unspecified (the Schur form's, as LAPACK's). Each matrix is balanced by
//! powers of 2 first (as geev, but without its permutations). A defective matrix gives nearly parallel
//! vectors. NaN (or infinity) in a matrix gives NaN in all its results; throws loom::linalg_error if the
//! QR algorithm does not converge (in 30 n iterations), std::invalid_argument for non-square matrices.
//!   auto [w, v] = loom::linalg::eig(loom::array<double>{{0, -1}, {1, 0}});   // w = {i, -i}
template <expression X>
auto eig(const X& x) {
    using R = detail::compute_t<typename X::value_type>;
    using C = detail::complex_of<R>;
    auto s = detail::make_stack<R>(x, "eig", true);
    eig_result<C> out{loom::detail::uninitialized<C>(detail::with_tail(s.batch, {s.n})),
                      loom::detail::uninitialized<C>(detail::with_tail(s.batch, {s.n, s.n}))};
    detail::eig_stack(s, out.eigenvalues.data(), out.eigenvectors.data(), "eig");
    return out;
}

//! The eigenvalues of each square matrix of a stack (..., n, n), as NumPy's `np.linalg.eigvals`:
//! eig's values (exactly on loom's own code; within rounding where LAPACK computes them, with the option
//! `lapack`), without forming the eigenvectors (cheaper). Always complex (see eig).
//!   loom::array<std::complex<double>> w = loom::linalg::eigvals(loom::array<double>{{2, 0}, {0, 3}});
template <expression X>
auto eigvals(const X& x) {
    using R = detail::compute_t<typename X::value_type>;
    using C = detail::complex_of<R>;
    auto s = detail::make_stack<R>(x, "eigvals", true);
    array<C> w = loom::detail::uninitialized<C>(detail::with_tail(s.batch, {s.n}));
    detail::eig_stack<R>(s, w.data(), nullptr, "eigvals");
    return w;
}

}  // namespace loom::linalg
