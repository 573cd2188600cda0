// bench/programs.cpp: real NumPy programs ported to loom statement by statement, against the same statements as
// plain loops (one loop nest per statement, temporaries as buffers, raw __restrict pointers, no intrinsics) and, where
// natural, the loops a performance engineer writes (restructured: interchanged, fused, no temporaries): Jacobi and 3-D
// heat stencils with time steps, a Thomas solve along the last axis, Barba's cavity flow, n-body forces by
// broadcasting, an azimuthal average through per-bin masks, alpha*A@x + beta*B@x and a float32 MLP forward pass.
// Single thread. The NumPy versions are in bench/numpy_cases.py. Each loom port keeps the NumPy program's named
// temporaries as named arrays (job members assigned with =, so their buffers are reused, as the hand loops' are).
#include "common.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace {

using loom::all;
using loom::newaxis;
using loom::none;
using loom::range;
using loom::view;

using darray = loom::array<double>;

bench::spec spec(const char* kase, const char* impl, const std::string& size, std::size_t count, std::size_t bytes,
                 double tol) {
    return {std::string(kase) + "/" + impl + "/" + size, count, bytes, tol};
}

// A reference computed once, on first use, by `compute()` (a plain scalar program in double), shared by every
// implementation of a case.
template <class F>
auto cached(F compute) {
    auto v = std::make_shared<std::vector<double>>();
    return [v, compute](std::size_t i) {
        if (v->empty()) *v = compute();
        return (*v)[i];
    };
}

// The results of a program with several outputs, concatenated (row-major each) for the check.
template <class... P>
const double* pack(std::vector<double>& dst, std::size_t n, const P*... p) {
    dst.clear();
    (dst.insert(dst.end(), p, p + n), ...);
    return dst.data();
}

std::vector<double> values(std::size_t n, std::uint64_t seed, bench::range r = {}) {
    std::vector<double> v(n);
    bench::fill(v.data(), n, seed, r);
    return v;
}

// ---- jacobi_steps: T sweeps of v[1:-1,1:-1] = 0.25*(u[:-2,1:-1] + u[2:,1:-1] + u[1:-1,:-2] + u[1:-1,2:]), then
// u, v = v, u; u and v start as copies of u0.
constexpr int jacobi_steps_T = 50;

void jacobi_steps(std::size_t m) {
    const std::size_t cells = m * m, T = jacobi_steps_T;
    const std::string size = std::to_string(m);
    const std::size_t bytes = (2 * cells + T * (cells + (m - 2) * (m - 2))) * sizeof(double);
    const auto ref = cached([m, cells] {
        std::vector<double> u = values(cells, 1), v = u;
        for (int t = 0; t < jacobi_steps_T; ++t) {
            for (std::size_t i = 1; i + 1 < m; ++i)
                for (std::size_t j = 1; j + 1 < m; ++j)
                    v[i * m + j] = 0.25 * (u[(i - 1) * m + j] + u[(i + 1) * m + j] + u[i * m + j - 1] + u[i * m + j + 1]);
            std::swap(u, v);
        }
        return u;
    });

    bench::add(spec("jacobi_steps", "loom", size, cells, bytes, 1e-13), ref, [=] {
        struct job {
            darray u0, u, v;
            void run() {
                u = u0;
                v = u0;
                for (int t = 0; t < jacobi_steps_T; ++t) {
                    view(v, range(1, -1), range(1, -1)) =
                        0.25 * (view(u, range(0, -2), range(1, -1)) + view(u, range(2, none), range(1, -1)) +
                                view(u, range(1, -1), range(0, -2)) + view(u, range(1, -1), range(2, none)));
                    std::swap(u, v);
                }
            }
            const double* out() const { return u.data(); }
        };
        return job{bench::loom_array<double>({m, m}, 1), darray(loom::shape_t{m, m}), darray(loom::shape_t{m, m})};
    });

    bench::add(spec("jacobi_steps", "hand", size, cells, bytes, 1e-13), ref, [=] {
        struct job {
            bench::buffer<double> u0, a, b;
            std::size_t m;
            const double* result = nullptr;
            void run() {
                double* __restrict u = a.data();
                double* __restrict v = b.data();
                const double* __restrict p0 = u0.data();
                for (std::size_t k = 0; k < m * m; ++k) u[k] = p0[k];
                for (std::size_t k = 0; k < m * m; ++k) v[k] = p0[k];
                for (int t = 0; t < jacobi_steps_T; ++t) {
                    for (std::size_t i = 1; i + 1 < m; ++i)
                        for (std::size_t j = 1; j + 1 < m; ++j)
                            v[i * m + j] =
                                0.25 * (u[(i - 1) * m + j] + u[(i + 1) * m + j] + u[i * m + j - 1] + u[i * m + j + 1]);
                    std::swap(u, v);
                }
                result = u;
            }
            const double* out() const { return result; }
        };
        return job{bench::buffer<double>(cells, 1), bench::buffer<double>(cells), bench::buffer<double>(cells), m};
    });
}

// ---- heat3d: T steps of the explicit 7-point heat equation on an n^3 grid,
// un[1:-1,1:-1,1:-1] = u[1:-1,1:-1,1:-1] + alpha*(u[2:,..] + u[:-2,..] + ... - 6*u[1:-1,1:-1,1:-1]), u, un = un, u.
constexpr int heat_T = 10;
constexpr double heat_alpha = 0.1;

void heat3d(std::size_t n) {
    const std::size_t cells = n * n * n, q = n - 2;
    const std::string size = std::to_string(n);
    const std::size_t bytes = (2 * cells + heat_T * (cells + q * q * q)) * sizeof(double);
    const auto ref = cached([n, cells] {
        std::vector<double> u = values(cells, 1), un = u;
        const std::size_t s = n * n;
        for (int t = 0; t < heat_T; ++t) {
            for (std::size_t i = 1; i + 1 < n; ++i)
                for (std::size_t j = 1; j + 1 < n; ++j)
                    for (std::size_t k = 1; k + 1 < n; ++k) {
                        const std::size_t c = i * s + j * n + k;
                        un[c] = u[c] + heat_alpha * (u[c + s] + u[c - s] + u[c + n] + u[c - n] + u[c + 1] + u[c - 1] -
                                                     6 * u[c]);
                    }
            std::swap(u, un);
        }
        return u;
    });

    bench::add(spec("heat3d", "loom", size, cells, bytes, 1e-13), ref, [=] {
        struct job {
            darray u0, u, un;
            void run() {
                const auto I = range(1, -1), lo = range(0, -2), hi = range(2, none);
                u = u0;
                un = u0;
                for (int t = 0; t < heat_T; ++t) {
                    view(un, I, I, I) =
                        view(u, I, I, I) + heat_alpha * (view(u, hi, I, I) + view(u, lo, I, I) + view(u, I, hi, I) +
                                                         view(u, I, lo, I) + view(u, I, I, hi) + view(u, I, I, lo) -
                                                         6 * view(u, I, I, I));
                    std::swap(u, un);
                }
            }
            const double* out() const { return u.data(); }
        };
        const loom::shape_t s{n, n, n};
        return job{bench::loom_array<double>(s, 1), darray(s), darray(s)};
    });

    bench::add(spec("heat3d", "hand", size, cells, bytes, 1e-13), ref, [=] {
        struct job {
            bench::buffer<double> u0, a, b;
            std::size_t n;
            const double* result = nullptr;
            void run() {
                double* __restrict u = a.data();
                double* __restrict un = b.data();
                const double* __restrict p0 = u0.data();
                const std::size_t s = n * n;
                for (std::size_t c = 0; c < n * s; ++c) u[c] = p0[c];
                for (std::size_t c = 0; c < n * s; ++c) un[c] = p0[c];
                for (int t = 0; t < heat_T; ++t) {
                    for (std::size_t i = 1; i + 1 < n; ++i)
                        for (std::size_t j = 1; j + 1 < n; ++j)
                            for (std::size_t k = 1; k + 1 < n; ++k) {
                                const std::size_t c = i * s + j * n + k;
                                un[c] = u[c] + heat_alpha * (u[c + s] + u[c - s] + u[c + n] + u[c - n] + u[c + 1] +
                                                             u[c - 1] - 6 * u[c]);
                            }
                    std::swap(u, un);
                }
                result = u;
            }
            const double* out() const { return result; }
        };
        return job{bench::buffer<double>(cells, 1), bench::buffer<double>(cells), bench::buffer<double>(cells), n};
    });
}

// ---- thomas: tridiagonal systems a x[k-1] + b x[k] + c x[k+1] = d along the last axis of (P, Q, n) arrays, solved
// a level at a time over views (:, :, k): the forward sweep k = 1..n-1 with a named denom, then back substitution.
// b is dominant (in [4, 5)), so no pivoting.
constexpr bench::range diag_range{4.0, 5.0};

// x <- the solution of each of `sys` tridiagonal systems of n unknowns stored one after another (sub-diagonal a,
// diagonal b, super-diagonal c, right side d), one system at a time with scalar recurrences: the reference, and
// the restructured program.
void thomas_lines(const double* __restrict a, const double* __restrict b, const double* __restrict c,
                  const double* __restrict d, double* __restrict cp, double* __restrict dp, double* __restrict x,
                  std::size_t sys, std::size_t n) {
    for (std::size_t s = 0; s < sys; ++s) {
        const std::size_t o = s * n;
        cp[0] = c[o] / b[o];
        dp[0] = d[o] / b[o];
        for (std::size_t k = 1; k < n; ++k) {
            const double den = b[o + k] - a[o + k] * cp[k - 1];
            cp[k] = c[o + k] / den;
            dp[k] = (d[o + k] - a[o + k] * dp[k - 1]) / den;
        }
        x[o + n - 1] = dp[n - 1];
        for (std::size_t k = n - 1; k-- > 0;) x[o + k] = dp[k] - cp[k] * x[o + k + 1];
    }
}

void thomas(std::size_t P, std::size_t Q, std::size_t n) {
    const std::size_t cells = P * Q * n, sys = P * Q;
    const std::string size = std::to_string(P) + "x" + std::to_string(Q) + "x" + std::to_string(n);
    const std::size_t bytes = 7 * cells * sizeof(double);  // a, b, c, d read; cp, dp, x written
    const auto ref = cached([=] {
        const std::vector<double> a = values(cells, 1), b = values(cells, 2, diag_range), c = values(cells, 3),
                                  d = values(cells, 4);
        std::vector<double> x(cells), cp(n), dp(n);
        thomas_lines(a.data(), b.data(), c.data(), d.data(), cp.data(), dp.data(), x.data(), sys, n);
        return x;
    });

    bench::add(spec("thomas", "loom", size, cells, bytes, 1e-13), ref, [=] {
        struct job {
            darray a, b, c, d, cp, dp, x, denom;
            void run() {
                const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(d.shape()[2]);
                view(cp, all, all, 0) = view(c, all, all, 0) / view(b, all, all, 0);
                view(dp, all, all, 0) = view(d, all, all, 0) / view(b, all, all, 0);
                for (std::ptrdiff_t k = 1; k < n; ++k) {
                    denom = view(b, all, all, k) - view(a, all, all, k) * view(cp, all, all, k - 1);
                    view(cp, all, all, k) = view(c, all, all, k) / denom;
                    view(dp, all, all, k) = (view(d, all, all, k) - view(a, all, all, k) * view(dp, all, all, k - 1)) / denom;
                }
                view(x, all, all, n - 1) = view(dp, all, all, n - 1);
                for (std::ptrdiff_t k = n - 2; k >= 0; --k)
                    view(x, all, all, k) = view(dp, all, all, k) - view(cp, all, all, k) * view(x, all, all, k + 1);
            }
            const double* out() const { return x.data(); }
        };
        const loom::shape_t s{P, Q, n};
        return job{bench::loom_array<double>(s, 1), bench::loom_array<double>(s, 2, diag_range),
                   bench::loom_array<double>(s, 3), bench::loom_array<double>(s, 4), darray(s), darray(s), darray(s),
                   darray(loom::shape_t{P, Q})};
    });

    bench::add(spec("thomas", "hand", size, cells, bytes, 1e-13), ref, [=] {
        struct job {
            bench::buffer<double> a, b, c, d, cp, dp, x, denom;
            std::size_t sys, n;
            void run() {
                const double* __restrict pa = a.data();
                const double* __restrict pb = b.data();
                const double* __restrict pc = c.data();
                const double* __restrict pd = d.data();
                double* __restrict pcp = cp.data();
                double* __restrict pdp = dp.data();
                double* __restrict px = x.data();
                double* __restrict den = denom.data();
                for (std::size_t s = 0; s < sys; ++s) pcp[s * n] = pc[s * n] / pb[s * n];
                for (std::size_t s = 0; s < sys; ++s) pdp[s * n] = pd[s * n] / pb[s * n];
                for (std::size_t k = 1; k < n; ++k) {
                    for (std::size_t s = 0; s < sys; ++s) den[s] = pb[s * n + k] - pa[s * n + k] * pcp[s * n + k - 1];
                    for (std::size_t s = 0; s < sys; ++s) pcp[s * n + k] = pc[s * n + k] / den[s];
                    for (std::size_t s = 0; s < sys; ++s)
                        pdp[s * n + k] = (pd[s * n + k] - pa[s * n + k] * pdp[s * n + k - 1]) / den[s];
                }
                for (std::size_t s = 0; s < sys; ++s) px[s * n + n - 1] = pdp[s * n + n - 1];
                for (std::size_t k = n - 1; k-- > 0;)
                    for (std::size_t s = 0; s < sys; ++s) px[s * n + k] = pdp[s * n + k] - pcp[s * n + k] * px[s * n + k + 1];
            }
            const double* out() const { return x.data(); }
        };
        return job{bench::buffer<double>(cells, 1), bench::buffer<double>(cells, 2, diag_range),
                   bench::buffer<double>(cells, 3), bench::buffer<double>(cells, 4), bench::buffer<double>(cells),
                   bench::buffer<double>(cells), bench::buffer<double>(cells), bench::buffer<double>(sys), sys, n};
    });

    // one system at a time, its recurrences in scalars along contiguous memory
    bench::add(spec("thomas", "restructured", size, cells, bytes, 1e-13), ref, [=] {
        struct job {
            bench::buffer<double> a, b, c, d, cp, dp, x;
            std::size_t sys, n;
            void run() { thomas_lines(a.data(), b.data(), c.data(), d.data(), cp.data(), dp.data(), x.data(), sys, n); }
            const double* out() const { return x.data(); }
        };
        return job{bench::buffer<double>(cells, 1), bench::buffer<double>(cells, 2, diag_range),
                   bench::buffer<double>(cells, 3), bench::buffer<double>(cells, 4), bench::buffer<double>(n),
                   bench::buffer<double>(n), bench::buffer<double>(cells), sys, n};
    });
}

// ---- cavity: Lorena Barba's "12 steps to Navier-Stokes", step 11 (lid-driven cavity): nt steps of build_up_b,
// pressure_poisson (nit Jacobi iterations with Neumann and Dirichlet boundaries) and the velocity update, from
// u = v = p = 0. The element formulas, as NumPy evaluates them (left to right), shared by the loops and the reference.
struct cavity_par {
    std::size_t nx, ny;
    int nt = 10, nit = 50;
    double dx, dy, rho = 1.0, nu = 0.1, dt = 0.001;
    explicit cavity_par(std::size_t n) : nx(n), ny(n), dx(2.0 / double(n - 1)), dy(2.0 / double(n - 1)) {}
};

inline double sq(double x) { return x * x; }

// b at (i, j) from u, v at (i, j-1), (i, j+1), (i-1, j), (i+1, j): west, east, south, north
inline double b_elem(const cavity_par& c, double uw, double ue, double us, double un, double vw, double ve, double vs,
                     double vn) {
    return c.rho * (1 / c.dt * ((ue - uw) / (2 * c.dx) + (vn - vs) / (2 * c.dy)) - sq((ue - uw) / (2 * c.dx)) -
                    2 * ((un - us) / (2 * c.dy) * (ve - vw) / (2 * c.dx)) - sq((vn - vs) / (2 * c.dy)));
}

inline double p_elem(const cavity_par& c, double pw, double pe, double ps, double pn, double b) {
    const double dx2 = c.dx * c.dx, dy2 = c.dy * c.dy;
    return ((pe + pw) * dy2 + (pn + ps) * dx2) / (2 * (dx2 + dy2)) - dx2 * dy2 / (2 * (dx2 + dy2)) * b;
}

// the velocity component f (u or v) at (i, j); `grad` the pressure difference along its axis, over 2 rho h
inline double vel_elem(const cavity_par& c, double fc, double fw, double fe, double fs, double fn, double uc, double vc,
                       double h, double pm, double pp) {
    return fc - uc * c.dt / c.dx * (fc - fw) - vc * c.dt / c.dy * (fc - fs) - c.dt / (2 * c.rho * h) * (pp - pm) +
           c.nu * (c.dt / (c.dx * c.dx) * (fe - 2 * fc + fw) + c.dt / (c.dy * c.dy) * (fn - 2 * fc + fs));
}

// the boundary statements of pressure_poisson, in their order
inline void p_boundary(double* __restrict p, std::size_t ny, std::size_t nx) {
    for (std::size_t i = 0; i < ny; ++i) p[i * nx + nx - 1] = p[i * nx + nx - 2];
    for (std::size_t j = 0; j < nx; ++j) p[j] = p[nx + j];
    for (std::size_t i = 0; i < ny; ++i) p[i * nx] = p[i * nx + 1];
    for (std::size_t j = 0; j < nx; ++j) p[(ny - 1) * nx + j] = 0;
}

inline void uv_boundary(double* __restrict u, double* __restrict v, std::size_t ny, std::size_t nx) {
    for (std::size_t j = 0; j < nx; ++j) u[j] = 0;
    for (std::size_t i = 0; i < ny; ++i) u[i * nx] = 0;
    for (std::size_t i = 0; i < ny; ++i) u[i * nx + nx - 1] = 0;
    for (std::size_t j = 0; j < nx; ++j) u[(ny - 1) * nx + j] = 1;
    for (std::size_t j = 0; j < nx; ++j) v[j] = 0;
    for (std::size_t j = 0; j < nx; ++j) v[(ny - 1) * nx + j] = 0;
    for (std::size_t i = 0; i < ny; ++i) v[i * nx] = 0;
    for (std::size_t i = 0; i < ny; ++i) v[i * nx + nx - 1] = 0;
}

void cavity(std::size_t n) {
    const cavity_par c(n);
    const std::size_t nx = c.nx, ny = c.ny, cells = nx * ny;
    const std::string size = std::to_string(n);
    // per step: b (u, v read, b written), nit x (copy p, p from pn and b), u and v (un, vn, p read)
    const std::size_t bytes = c.nt * (2 * 2 * cells + 3 * cells + c.nit * 5 * cells + 6 * cells) * sizeof(double);
    const auto ref = cached([c, nx, ny, cells] {
        std::vector<double> u(cells), v(cells), p(cells), b(cells), un, vn, pn;
        const auto at = [nx](std::size_t i, std::size_t j) { return i * nx + j; };
        for (int t = 0; t < c.nt; ++t) {
            un = u;
            vn = v;
            for (std::size_t i = 1; i + 1 < ny; ++i)
                for (std::size_t j = 1; j + 1 < nx; ++j)
                    b[at(i, j)] = b_elem(c, u[at(i, j - 1)], u[at(i, j + 1)], u[at(i - 1, j)], u[at(i + 1, j)],
                                         v[at(i, j - 1)], v[at(i, j + 1)], v[at(i - 1, j)], v[at(i + 1, j)]);
            for (int q = 0; q < c.nit; ++q) {
                pn = p;
                for (std::size_t i = 1; i + 1 < ny; ++i)
                    for (std::size_t j = 1; j + 1 < nx; ++j)
                        p[at(i, j)] = p_elem(c, pn[at(i, j - 1)], pn[at(i, j + 1)], pn[at(i - 1, j)], pn[at(i + 1, j)],
                                             b[at(i, j)]);
                p_boundary(p.data(), ny, nx);
            }
            for (std::size_t i = 1; i + 1 < ny; ++i)
                for (std::size_t j = 1; j + 1 < nx; ++j) {
                    const std::size_t k = at(i, j);
                    u[k] = vel_elem(c, un[k], un[k - 1], un[k + 1], un[k - nx], un[k + nx], un[k], vn[k], c.dx,
                                    p[k - 1], p[k + 1]);
                    v[k] = vel_elem(c, vn[k], vn[k - 1], vn[k + 1], vn[k - nx], vn[k + nx], un[k], vn[k], c.dy,
                                    p[k - nx], p[k + nx]);
                }
            uv_boundary(u.data(), v.data(), ny, nx);
        }
        std::vector<double> out;
        pack(out, cells, u.data(), v.data(), p.data());
        return out;
    });

    bench::add(spec("cavity", "loom", size, 3 * cells, bytes, 1e-10), ref, [=] {
        struct job {
            cavity_par c;
            darray u, v, p, b, un, vn, pn;
            mutable std::vector<double> packed;

            void build_up_b() {
                const auto I = range(1, -1), lo = range(0, -2), hi = range(2, none);
                const double rho = c.rho, dt = c.dt, dx = c.dx, dy = c.dy;
                view(b, I, I) = rho * (1 / dt * ((view(u, I, hi) - view(u, I, lo)) / (2 * dx) +
                                                 (view(v, hi, I) - view(v, lo, I)) / (2 * dy)) -
                                       loom::square((view(u, I, hi) - view(u, I, lo)) / (2 * dx)) -
                                       2 * ((view(u, hi, I) - view(u, lo, I)) / (2 * dy) *
                                            (view(v, I, hi) - view(v, I, lo)) / (2 * dx)) -
                                       loom::square((view(v, hi, I) - view(v, lo, I)) / (2 * dy)));
            }
            void pressure_poisson() {
                const auto I = range(1, -1), lo = range(0, -2), hi = range(2, none);
                const double dx2 = c.dx * c.dx, dy2 = c.dy * c.dy;
                for (int q = 0; q < c.nit; ++q) {
                    pn = p;
                    view(p, I, I) = ((view(pn, I, hi) + view(pn, I, lo)) * dy2 + (view(pn, hi, I) + view(pn, lo, I)) * dx2) /
                                        (2 * (dx2 + dy2)) -
                                    dx2 * dy2 / (2 * (dx2 + dy2)) * view(b, I, I);
                    view(p, all, -1) = view(p, all, -2);  // dp/dx = 0 at x = 2
                    view(p, 0, all) = view(p, 1, all);    // dp/dy = 0 at y = 0
                    view(p, all, 0) = view(p, all, 1);    // dp/dx = 0 at x = 0
                    view(p, -1, all) = 0.0;               // p = 0 at y = 2
                }
            }
            void run() {
                const auto I = range(1, -1), lo = range(0, -2), hi = range(2, none);
                const double rho = c.rho, nu = c.nu, dt = c.dt, dx = c.dx, dy = c.dy;
                u.fill(0.0);
                v.fill(0.0);
                p.fill(0.0);
                b.fill(0.0);
                for (int t = 0; t < c.nt; ++t) {
                    un = u;
                    vn = v;
                    build_up_b();
                    pressure_poisson();
                    view(u, I, I) = view(un, I, I) - view(un, I, I) * dt / dx * (view(un, I, I) - view(un, I, lo)) -
                                    view(vn, I, I) * dt / dy * (view(un, I, I) - view(un, lo, I)) -
                                    dt / (2 * rho * dx) * (view(p, I, hi) - view(p, I, lo)) +
                                    nu * (dt / (dx * dx) * (view(un, I, hi) - 2 * view(un, I, I) + view(un, I, lo)) +
                                          dt / (dy * dy) * (view(un, hi, I) - 2 * view(un, I, I) + view(un, lo, I)));
                    view(v, I, I) = view(vn, I, I) - view(un, I, I) * dt / dx * (view(vn, I, I) - view(vn, I, lo)) -
                                    view(vn, I, I) * dt / dy * (view(vn, I, I) - view(vn, lo, I)) -
                                    dt / (2 * rho * dy) * (view(p, hi, I) - view(p, lo, I)) +
                                    nu * (dt / (dx * dx) * (view(vn, I, hi) - 2 * view(vn, I, I) + view(vn, I, lo)) +
                                          dt / (dy * dy) * (view(vn, hi, I) - 2 * view(vn, I, I) + view(vn, lo, I)));
                    view(u, 0, all) = 0.0;
                    view(u, all, 0) = 0.0;
                    view(u, all, -1) = 0.0;
                    view(u, -1, all) = 1.0;  // the lid
                    view(v, 0, all) = 0.0;
                    view(v, -1, all) = 0.0;
                    view(v, all, 0) = 0.0;
                    view(v, all, -1) = 0.0;
                }
            }
            const double* out() const { return pack(packed, u.size(), u.data(), v.data(), p.data()); }
        };
        const loom::shape_t s{ny, nx};
        return job{c, darray(s), darray(s), darray(s), darray(s), darray(s), darray(s), darray(s), {}};
    });

    bench::add(spec("cavity", "hand", size, 3 * cells, bytes, 1e-10), ref, [=] {
        struct job {
            cavity_par par;
            bench::buffer<double> u, v, p, b, un, vn, pn;
            mutable std::vector<double> packed;
            void run() {
                const cavity_par c = par;  // a local copy: stores through the pointers cannot change it
                const std::size_t nx = c.nx, ny = c.ny, cells = nx * ny;
                double* __restrict pu = u.data();
                double* __restrict pv = v.data();
                double* __restrict pp = p.data();
                double* __restrict pb = b.data();
                double* __restrict pun = un.data();
                double* __restrict pvn = vn.data();
                double* __restrict ppn = pn.data();
                for (std::size_t k = 0; k < cells; ++k) pu[k] = 0;
                for (std::size_t k = 0; k < cells; ++k) pv[k] = 0;
                for (std::size_t k = 0; k < cells; ++k) pp[k] = 0;
                for (std::size_t k = 0; k < cells; ++k) pb[k] = 0;
                for (int t = 0; t < c.nt; ++t) {
                    for (std::size_t k = 0; k < cells; ++k) pun[k] = pu[k];
                    for (std::size_t k = 0; k < cells; ++k) pvn[k] = pv[k];
                    for (std::size_t i = 1; i + 1 < ny; ++i)
                        for (std::size_t j = 1; j + 1 < nx; ++j) {
                            const std::size_t k = i * nx + j;
                            pb[k] = b_elem(c, pu[k - 1], pu[k + 1], pu[k - nx], pu[k + nx], pv[k - 1], pv[k + 1],
                                           pv[k - nx], pv[k + nx]);
                        }
                    for (int q = 0; q < c.nit; ++q) {
                        for (std::size_t k = 0; k < cells; ++k) ppn[k] = pp[k];
                        for (std::size_t i = 1; i + 1 < ny; ++i)
                            for (std::size_t j = 1; j + 1 < nx; ++j) {
                                const std::size_t k = i * nx + j;
                                pp[k] = p_elem(c, ppn[k - 1], ppn[k + 1], ppn[k - nx], ppn[k + nx], pb[k]);
                            }
                        p_boundary(pp, ny, nx);
                    }
                    for (std::size_t i = 1; i + 1 < ny; ++i)
                        for (std::size_t j = 1; j + 1 < nx; ++j) {
                            const std::size_t k = i * nx + j;
                            pu[k] = vel_elem(c, pun[k], pun[k - 1], pun[k + 1], pun[k - nx], pun[k + nx], pun[k],
                                             pvn[k], c.dx, pp[k - 1], pp[k + 1]);
                        }
                    for (std::size_t i = 1; i + 1 < ny; ++i)
                        for (std::size_t j = 1; j + 1 < nx; ++j) {
                            const std::size_t k = i * nx + j;
                            pv[k] = vel_elem(c, pvn[k], pvn[k - 1], pvn[k + 1], pvn[k - nx], pvn[k + nx], pun[k],
                                             pvn[k], c.dy, pp[k - nx], pp[k + nx]);
                        }
                    uv_boundary(pu, pv, ny, nx);
                }
            }
            const double* out() const { return pack(packed, u.size(), u.data(), v.data(), p.data()); }
        };
        return job{c,
                   bench::buffer<double>(cells),
                   bench::buffer<double>(cells),
                   bench::buffer<double>(cells),
                   bench::buffer<double>(cells),
                   bench::buffer<double>(cells),
                   bench::buffer<double>(cells),
                   bench::buffer<double>(cells),
                   {}};
    });

    // no copies: the Poisson iterations and the velocity update alternate between two buffers (the boundary ring
    // carried over), u and v updated in one loop
    bench::add(spec("cavity", "restructured", size, 3 * cells, bytes, 1e-10), ref, [=] {
        struct job {
            cavity_par par;
            bench::buffer<double> u0, v0, p0, u1, v1, p1, b;
            mutable std::vector<double> packed;
            const double *ru = nullptr, *rv = nullptr, *rp = nullptr;
            void run() {
                const cavity_par c = par;
                const std::size_t nx = c.nx, ny = c.ny, cells = nx * ny;
                double *u = u0.data(), *v = v0.data(), *p = p0.data(), *un = u1.data(), *vn = v1.data(),
                       *pn = p1.data();
                double* __restrict pb = b.data();
                std::fill_n(u, cells, 0.0);
                std::fill_n(v, cells, 0.0);
                std::fill_n(p, cells, 0.0);
                std::fill_n(pb, cells, 0.0);
                for (int t = 0; t < c.nt; ++t) {
                    {
                        const double* __restrict cu = u;
                        const double* __restrict cv = v;
                        for (std::size_t i = 1; i + 1 < ny; ++i)
                            for (std::size_t j = 1; j + 1 < nx; ++j) {
                                const std::size_t k = i * nx + j;
                                pb[k] = b_elem(c, cu[k - 1], cu[k + 1], cu[k - nx], cu[k + nx], cv[k - 1], cv[k + 1],
                                               cv[k - nx], cv[k + nx]);
                            }
                    }
                    for (int q = 0; q < c.nit; ++q) {
                        std::swap(p, pn);  // pn: the previous iterate
                        const double* __restrict src = pn;
                        double* __restrict dst = p;
                        for (std::size_t j = 0; j < nx; ++j) dst[j] = src[j];
                        for (std::size_t i = 1; i + 1 < ny; ++i) {
                            dst[i * nx] = src[i * nx];
                            for (std::size_t j = 1; j + 1 < nx; ++j) {
                                const std::size_t k = i * nx + j;
                                dst[k] = p_elem(c, src[k - 1], src[k + 1], src[k - nx], src[k + nx], pb[k]);
                            }
                            dst[i * nx + nx - 1] = src[i * nx + nx - 1];
                        }
                        for (std::size_t j = 0; j < nx; ++j) dst[(ny - 1) * nx + j] = src[(ny - 1) * nx + j];
                        p_boundary(dst, ny, nx);
                    }
                    std::swap(u, un);
                    std::swap(v, vn);
                    {
                        const double* __restrict cu = un;
                        const double* __restrict cv = vn;
                        const double* __restrict cp = p;
                        double* __restrict nu_ = u;
                        double* __restrict nv = v;
                        for (std::size_t i = 1; i + 1 < ny; ++i)
                            for (std::size_t j = 1; j + 1 < nx; ++j) {
                                const std::size_t k = i * nx + j;
                                nu_[k] = vel_elem(c, cu[k], cu[k - 1], cu[k + 1], cu[k - nx], cu[k + nx], cu[k], cv[k],
                                                  c.dx, cp[k - 1], cp[k + 1]);
                                nv[k] = vel_elem(c, cv[k], cv[k - 1], cv[k + 1], cv[k - nx], cv[k + nx], cu[k], cv[k],
                                                 c.dy, cp[k - nx], cp[k + nx]);
                            }
                    }
                    uv_boundary(u, v, ny, nx);
                }
                ru = u;
                rv = v;
                rp = p;
            }
            const double* out() const { return pack(packed, par.nx * par.ny, ru, rv, rp); }
        };
        return job{c,
                   bench::buffer<double>(cells),
                   bench::buffer<double>(cells),
                   bench::buffer<double>(cells),
                   bench::buffer<double>(cells),
                   bench::buffer<double>(cells),
                   bench::buffer<double>(cells),
                   bench::buffer<double>(cells),
                   {}};
    });
}

// ---- nbody: the accelerations of N bodies by broadcasting: dx = x[:, None] - x[None, :] (likewise y, z),
// r2 = dx**2 + dy**2 + dz**2 + soft**2, inv_r3 = r2 ** -1.5, ax = sum(dx * inv_r3 * m, axis=1) (likewise ay, az).
constexpr double nbody_soft = 0.1;
constexpr bench::range unit_range{0.0, 1.0};

void nbody(std::size_t N) {
    const std::string size = std::to_string(N);
    const std::size_t bytes = (4 * N + 5 * N * N + 3 * N * N) * sizeof(double);  // the (N, N) temporaries written once
    const auto ref = cached([N] {
        const std::vector<double> x = values(N, 1, unit_range), y = values(N, 2, unit_range),
                                  z = values(N, 3, unit_range), m = values(N, 4);
        std::vector<double> a(3 * N);
        for (std::size_t i = 0; i < N; ++i)
            for (std::size_t j = 0; j < N; ++j) {
                const double dx = x[i] - x[j], dy = y[i] - y[j], dz = z[i] - z[j];
                const double r2 = dx * dx + dy * dy + dz * dz + nbody_soft * nbody_soft;
                const double inv_r3 = 1.0 / (r2 * std::sqrt(r2));
                a[i] += dx * inv_r3 * m[j];
                a[N + i] += dy * inv_r3 * m[j];
                a[2 * N + i] += dz * inv_r3 * m[j];
            }
        return a;
    });

    bench::add(spec("nbody", "loom", size, 3 * N, bytes, 1e-10), ref, [=] {
        struct job {
            darray x, y, z, m, dx, dy, dz, r2, inv_r3, ax, ay, az;
            mutable std::vector<double> packed;
            void run() {
                const double soft = nbody_soft;
                dx = view(x, all, newaxis) - view(x, newaxis, all);
                dy = view(y, all, newaxis) - view(y, newaxis, all);
                dz = view(z, all, newaxis) - view(z, newaxis, all);
                r2 = loom::square(dx) + loom::square(dy) + loom::square(dz) + soft * soft;
                inv_r3 = loom::pow(r2, -1.5);
                ax = loom::sum(dx * inv_r3 * m, 1);
                ay = loom::sum(dy * inv_r3 * m, 1);
                az = loom::sum(dz * inv_r3 * m, 1);
            }
            const double* out() const { return pack(packed, ax.size(), ax.data(), ay.data(), az.data()); }
        };
        const loom::shape_t s{N};
        return job{bench::loom_array<double>(s, 1, unit_range), bench::loom_array<double>(s, 2, unit_range),
                   bench::loom_array<double>(s, 3, unit_range), bench::loom_array<double>(s, 4), {}, {}, {}, {}, {},
                   {}, {}, {}, {}};
    });

    bench::add(spec("nbody", "hand", size, 3 * N, bytes, 1e-10), ref, [=] {
        struct job {
            bench::buffer<double> x, y, z, m, dx, dy, dz, r2, inv_r3, a;
            std::size_t N;
            static void diff(double* __restrict d, const double* __restrict p, std::size_t N) {
                for (std::size_t i = 0; i < N; ++i)
                    for (std::size_t j = 0; j < N; ++j) d[i * N + j] = p[i] - p[j];
            }
            static void row_sum(double* __restrict out, const double* __restrict d, const double* __restrict inv,
                                const double* __restrict m, std::size_t N) {
                for (std::size_t i = 0; i < N; ++i) {
                    double s = 0;
                    for (std::size_t j = 0; j < N; ++j) s += d[i * N + j] * inv[i * N + j] * m[j];
                    out[i] = s;
                }
            }
            void run() {
                const std::size_t NN = N * N;
                diff(dx.data(), x.data(), N);
                diff(dy.data(), y.data(), N);
                diff(dz.data(), z.data(), N);
                {
                    const double* __restrict px = dx.data();
                    const double* __restrict py = dy.data();
                    const double* __restrict pz = dz.data();
                    double* __restrict pr = r2.data();
                    for (std::size_t k = 0; k < NN; ++k)
                        pr[k] = px[k] * px[k] + py[k] * py[k] + pz[k] * pz[k] + nbody_soft * nbody_soft;
                }
                {
                    const double* __restrict pr = r2.data();
                    double* __restrict pi = inv_r3.data();
                    for (std::size_t k = 0; k < NN; ++k) pi[k] = std::pow(pr[k], -1.5);
                }
                row_sum(a.data(), dx.data(), inv_r3.data(), m.data(), N);
                row_sum(a.data() + N, dy.data(), inv_r3.data(), m.data(), N);
                row_sum(a.data() + 2 * N, dz.data(), inv_r3.data(), m.data(), N);
            }
            const double* out() const { return a.data(); }
        };
        const std::size_t NN = N * N;
        return job{bench::buffer<double>(N, 1, unit_range), bench::buffer<double>(N, 2, unit_range),
                   bench::buffer<double>(N, 3, unit_range), bench::buffer<double>(N, 4), bench::buffer<double>(NN),
                   bench::buffer<double>(NN), bench::buffer<double>(NN), bench::buffer<double>(NN),
                   bench::buffer<double>(NN), bench::buffer<double>(3 * N), N};
    });

    // one pass over the pairs, no (N, N) temporaries; 4 partial sums per component, so that the pair loop vectorizes
    bench::add(spec("nbody", "restructured", size, 3 * N, bytes, 1e-10), ref, [=] {
        struct job {
            bench::buffer<double> x, y, z, m, a;
            std::size_t N;
            void run() {
                const double* __restrict px = x.data();
                const double* __restrict py = y.data();
                const double* __restrict pz = z.data();
                const double* __restrict pm = m.data();
                double* __restrict pa = a.data();
                constexpr std::size_t L = 4;
                for (std::size_t i = 0; i < N; ++i) {
                    double sx[L] = {}, sy[L] = {}, sz[L] = {};
                    std::size_t j = 0;
                    for (; j + L <= N; j += L)
                        for (std::size_t l = 0; l < L; ++l) {
                            const double dx = px[i] - px[j + l], dy = py[i] - py[j + l], dz = pz[i] - pz[j + l];
                            const double r2 = dx * dx + dy * dy + dz * dz + nbody_soft * nbody_soft;
                            const double inv_r3 = 1.0 / (r2 * std::sqrt(r2));
                            sx[l] += dx * inv_r3 * pm[j + l];
                            sy[l] += dy * inv_r3 * pm[j + l];
                            sz[l] += dz * inv_r3 * pm[j + l];
                        }
                    for (; j < N; ++j) {
                        const double dx = px[i] - px[j], dy = py[i] - py[j], dz = pz[i] - pz[j];
                        const double r2 = dx * dx + dy * dy + dz * dz + nbody_soft * nbody_soft;
                        const double inv_r3 = 1.0 / (r2 * std::sqrt(r2));
                        sx[0] += dx * inv_r3 * pm[j];
                        sy[0] += dy * inv_r3 * pm[j];
                        sz[0] += dz * inv_r3 * pm[j];
                    }
                    pa[i] = (sx[0] + sx[1]) + (sx[2] + sx[3]);
                    pa[N + i] = (sy[0] + sy[1]) + (sy[2] + sy[3]);
                    pa[2 * N + i] = (sz[0] + sz[1]) + (sz[2] + sz[3]);
                }
            }
            const double* out() const { return a.data(); }
        };
        return job{bench::buffer<double>(N, 1, unit_range), bench::buffer<double>(N, 2, unit_range),
                   bench::buffer<double>(N, 3, unit_range), bench::buffer<double>(N, 4), bench::buffer<double>(3 * N),
                   N};
    });
}

// ---- azimuthal: the radial profile of an (n, n) image around an off-centre beam: edges = linspace(0, rmax,
// nbins + 1); for each bin, m = (r >= edges[i]) & (r < edges[i + 1]); profile[i] = data[m].mean(). The radius
// of each pixel, r, is an input (computed once, as integrators keep it).
constexpr std::size_t az_bins = 50;
constexpr double az_cy = 319.3, az_cx = 320.6, az_rmax = 320.0;

std::vector<double> radii(std::size_t n) {
    std::vector<double> r(n * n);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            r[i * n + j] = std::sqrt(sq(double(i) - az_cy) + sq(double(j) - az_cx));
    return r;
}

void azimuthal(std::size_t n) {
    const std::size_t px = n * n;
    const std::string size = std::to_string(n);
    const std::size_t bytes = az_bins * (px * (2 * sizeof(double) + 2 * sizeof(bool)));
    const auto ref = cached([n, px] {
        const std::vector<double> r = radii(n), data = values(px, 1);
        const double step = az_rmax / double(az_bins);
        std::vector<double> profile(az_bins);
        for (std::size_t b = 0; b < az_bins; ++b) {
            const double lo = double(b) * step, hi = b + 1 == az_bins ? az_rmax : double(b + 1) * step;
            double s = 0;
            std::size_t count = 0;
            for (std::size_t k = 0; k < px; ++k)
                if (r[k] >= lo && r[k] < hi) {
                    s += data[k];
                    ++count;
                }
            profile[b] = s / double(count);
        }
        return profile;
    });

    bench::add(spec("azimuthal", "loom", size, az_bins, bytes, 1e-12), ref, [=] {
        struct job {
            darray r, data, profile;
            loom::array<bool> m;
            void run() {
                const darray edges = loom::linspace<double>(0.0, az_rmax, az_bins + 1);
                for (std::size_t i = 0; i < az_bins; ++i) {
                    m = (r >= edges(i)) & (r < edges(i + 1));
                    profile(i) = loom::mean(loom::mask(data, m));
                }
            }
            const double* out() const { return profile.data(); }
        };
        darray r(loom::shape_t{n, n});
        const std::vector<double> rr = radii(n);
        std::copy(rr.begin(), rr.end(), r.data());
        return job{std::move(r), bench::loom_array<double>({n, n}, 1), darray(loom::shape_t{az_bins}),
                   loom::array<bool>(loom::shape_t{n, n})};
    });

    bench::add(spec("azimuthal", "hand", size, az_bins, bytes, 1e-12), ref, [=] {
        struct job {
            bench::buffer<double> r, data, profile, edges;
            bench::buffer<bool> m;
            void run() {
                const std::size_t px = r.size();
                double* __restrict e = edges.data();
                const double step = az_rmax / double(az_bins);  // np.linspace
                for (std::size_t i = 0; i <= az_bins; ++i) e[i] = double(i) * step;
                e[az_bins] = az_rmax;
                const double* __restrict pr = r.data();
                const double* __restrict pd = data.data();
                bool* __restrict pm = m.data();
                for (std::size_t i = 0; i < az_bins; ++i) {
                    const double lo = e[i], hi = e[i + 1];
                    for (std::size_t k = 0; k < px; ++k) pm[k] = (pr[k] >= lo) & (pr[k] < hi);
                    double s = 0;
                    std::size_t count = 0;
                    for (std::size_t k = 0; k < px; ++k) {
                        s += pm[k] ? pd[k] : 0.0;
                        count += pm[k];
                    }
                    profile.data()[i] = s / double(count);
                }
            }
            const double* out() const { return profile.data(); }
        };
        bench::buffer<double> r(px);
        const std::vector<double> rr = radii(n);
        std::copy(rr.begin(), rr.end(), r.data());
        return job{std::move(r), bench::buffer<double>(px, 1), bench::buffer<double>(az_bins),
                   bench::buffer<double>(az_bins + 1), bench::buffer<bool>(px)};
    });

    // a histogram: one pass over the pixels, each added to its bin (found by division, then checked on the edges)
    bench::add(spec("azimuthal", "restructured", size, az_bins, bytes, 1e-12), ref, [=] {
        struct job {
            bench::buffer<double> r, data, profile, edges, sums;
            bench::buffer<std::size_t> counts;
            void run() {
                const std::size_t px = r.size();
                double* __restrict e = edges.data();
                double* __restrict s = sums.data();
                std::size_t* __restrict c = counts.data();
                const double step = az_rmax / double(az_bins);
                for (std::size_t i = 0; i <= az_bins; ++i) e[i] = double(i) * step;
                e[az_bins] = az_rmax;
                for (std::size_t i = 0; i < az_bins; ++i) s[i] = 0, c[i] = 0;
                const double* __restrict pr = r.data();
                const double* __restrict pd = data.data();
                for (std::size_t k = 0; k < px; ++k) {
                    const double rk = pr[k];
                    if (!(rk >= 0.0 && rk < az_rmax)) continue;
                    std::size_t b = std::min(static_cast<std::size_t>(rk / step), az_bins - 1);
                    if (rk < e[b]) --b;
                    else if (rk >= e[b + 1]) ++b;
                    s[b] += pd[k];
                    ++c[b];
                }
                for (std::size_t i = 0; i < az_bins; ++i) profile.data()[i] = s[i] / double(c[i]);
            }
            const double* out() const { return profile.data(); }
        };
        bench::buffer<double> r(px);
        const std::vector<double> rr = radii(n);
        std::copy(rr.begin(), rr.end(), r.data());
        return job{std::move(r),
                   bench::buffer<double>(px, 1),
                   bench::buffer<double>(az_bins),
                   bench::buffer<double>(az_bins + 1),
                   bench::buffer<double>(az_bins),
                   bench::buffer<std::size_t>(az_bins)};
    });
}

// ---- matvec_chain: y = alpha * A @ x + beta * B @ x on (N, N) float64, as NumPy parses it:
// (alpha * A) @ x + (beta * B) @ x.
constexpr double mv_alpha = 1.5, mv_beta = -0.5;

void matvec_chain(std::size_t N) {
    const std::string size = std::to_string(N);
    const std::size_t bytes = (2 * N * N + 2 * N) * sizeof(double);
    const auto ref = cached([N] {
        const std::vector<double> A = values(N * N, 1), B = values(N * N, 2), x = values(N, 3);
        std::vector<double> y(N);
        for (std::size_t i = 0; i < N; ++i) {
            double s = 0, t = 0;
            for (std::size_t j = 0; j < N; ++j) s += mv_alpha * A[i * N + j] * x[j];
            for (std::size_t j = 0; j < N; ++j) t += mv_beta * B[i * N + j] * x[j];
            y[i] = s + t;
        }
        return y;
    });

    bench::add(spec("matvec_chain", "loom", size, N, bytes, 1e-11), ref, [=] {
        struct job {
            darray A, B, x, y;
            void run() { y = loom::matmul(mv_alpha * A, x) + loom::matmul(mv_beta * B, x); }
            const double* out() const { return y.data(); }
        };
        return job{bench::loom_array<double>({N, N}, 1), bench::loom_array<double>({N, N}, 2),
                   bench::loom_array<double>({N}, 3), darray(loom::shape_t{N})};
    });

    bench::add(spec("matvec_chain", "hand", size, N, bytes, 1e-11), ref, [=] {
        struct job {
            bench::buffer<double> A, B, x, y;
            std::size_t N;
            void run() {
                const double* __restrict pA = A.data();
                const double* __restrict pB = B.data();
                const double* __restrict px = x.data();
                double* __restrict py = y.data();
                for (std::size_t i = 0; i < N; ++i) {
                    double s = 0, t = 0;
                    for (std::size_t j = 0; j < N; ++j) s += mv_alpha * pA[i * N + j] * px[j];
                    for (std::size_t j = 0; j < N; ++j) t += mv_beta * pB[i * N + j] * px[j];
                    py[i] = s + t;
                }
            }
            const double* out() const { return y.data(); }
        };
        return job{bench::buffer<double>(N * N, 1), bench::buffer<double>(N * N, 2), bench::buffer<double>(N, 3),
                   bench::buffer<double>(N), N};
    });

    // both rows in one pass, alpha and beta factored out, 8 partial sums each so that the dot products vectorize
    bench::add(spec("matvec_chain", "restructured", size, N, bytes, 1e-11), ref, [=] {
        struct job {
            bench::buffer<double> A, B, x, y;
            std::size_t N;
            void run() {
                const double* __restrict pA = A.data();
                const double* __restrict pB = B.data();
                const double* __restrict px = x.data();
                double* __restrict py = y.data();
                constexpr std::size_t L = 8;
                for (std::size_t i = 0; i < N; ++i) {
                    double s[L] = {}, t[L] = {};
                    std::size_t j = 0;
                    for (; j + L <= N; j += L)
                        for (std::size_t l = 0; l < L; ++l) {
                            s[l] += pA[i * N + j + l] * px[j + l];
                            t[l] += pB[i * N + j + l] * px[j + l];
                        }
                    for (; j < N; ++j) {
                        s[0] += pA[i * N + j] * px[j];
                        t[0] += pB[i * N + j] * px[j];
                    }
                    double ss = 0, tt = 0;
                    for (std::size_t l = 0; l < L; ++l) ss += s[l], tt += t[l];
                    py[i] = mv_alpha * ss + mv_beta * tt;
                }
            }
            const double* out() const { return y.data(); }
        };
        return job{bench::buffer<double>(N * N, 1), bench::buffer<double>(N * N, 2), bench::buffer<double>(N, 3),
                   bench::buffer<double>(N), N};
    });
}

// ---- mlp: a float32 forward pass, h = relu(X @ W1 + b1), z = h @ W2 + b2, then a row-wise softmax
// e = exp(z - z.max(1, keepdims)), probs = e / e.sum(1, keepdims).
constexpr bench::range x_range{-1.0, 1.0}, w1_range{-0.03, 0.03}, w2_range{-0.3, 0.3}, bias_range{-0.1, 0.1};

void mlp(std::size_t Bt, std::size_t K, std::size_t H, std::size_t O) {
    const std::string size = std::to_string(Bt) + "x" + std::to_string(K) + "x" + std::to_string(H);
    const std::size_t bytes = (Bt * K + K * H + H + H * O + O + Bt * H + 3 * Bt * O) * sizeof(float);
    const auto ref = cached([=] {
        const std::vector<double> X = values(Bt * K, 1, x_range), W1 = values(K * H, 2, w1_range),
                                  b1 = values(H, 3, bias_range), W2 = values(H * O, 4, w2_range),
                                  b2 = values(O, 5, bias_range);
        const auto f = [](double v) { return double(float(v)); };  // the float inputs, exactly
        std::vector<double> h(Bt * H), out(Bt * O);
        for (std::size_t i = 0; i < Bt; ++i) {
            for (std::size_t j = 0; j < H; ++j) {
                double s = 0;
                for (std::size_t k = 0; k < K; ++k) s += f(X[i * K + k]) * f(W1[k * H + j]);
                h[i * H + j] = std::max(s + f(b1[j]), 0.0);
            }
            std::vector<double> z(O);
            double mx = -INFINITY, sum = 0;
            for (std::size_t j = 0; j < O; ++j) {
                double s = 0;
                for (std::size_t k = 0; k < H; ++k) s += h[i * H + k] * f(W2[k * O + j]);
                z[j] = s + f(b2[j]);
                mx = std::max(mx, z[j]);
            }
            for (std::size_t j = 0; j < O; ++j) sum += std::exp(z[j] - mx);
            for (std::size_t j = 0; j < O; ++j) out[i * O + j] = std::exp(z[j] - mx) / sum;
        }
        return out;
    });

    bench::add(spec("mlp", "loom", size, Bt * O, bytes, 1e-5), ref, [=] {
        struct job {
            loom::array<float> X, W1, b1, W2, b2, h, z, e, probs;
            void run() {
                h = loom::maximum(loom::matmul(X, W1) + b1, 0.0f);
                z = loom::matmul(h, W2) + b2;
                e = loom::exp(z - loom::max(z, 1, loom::keepdims));
                probs = e / loom::sum(e, 1, loom::keepdims);
            }
            const float* out() const { return probs.data(); }
        };
        return job{bench::loom_array<float>({Bt, K}, 1, x_range),
                   bench::loom_array<float>({K, H}, 2, w1_range),
                   bench::loom_array<float>({H}, 3, bias_range),
                   bench::loom_array<float>({H, O}, 4, w2_range),
                   bench::loom_array<float>({O}, 5, bias_range),
                   {},
                   {},
                   {},
                   {}};
    });

    bench::add(spec("mlp", "hand", size, Bt * O, bytes, 1e-5), ref, [=] {
        struct job {
            bench::buffer<float> X, W1, b1, W2, b2, h, z, e, probs, acc;
            std::size_t Bt, K, H, O;
            // r = max(a @ w + bias, lo): (n, k) @ (k, m), row by row, the k loop outside the contiguous m loop
            static void affine(float* __restrict r, const float* __restrict a, const float* __restrict w,
                               const float* __restrict bias, float* __restrict acc, std::size_t n, std::size_t k,
                               std::size_t m, bool relu) {
                for (std::size_t i = 0; i < n; ++i) {
                    for (std::size_t j = 0; j < m; ++j) acc[j] = 0;
                    for (std::size_t p = 0; p < k; ++p) {
                        const float av = a[i * k + p];
                        for (std::size_t j = 0; j < m; ++j) acc[j] += av * w[p * m + j];
                    }
                    for (std::size_t j = 0; j < m; ++j)
                        r[i * m + j] = relu ? std::max(acc[j] + bias[j], 0.0f) : acc[j] + bias[j];
                }
            }
            void run() {
                affine(h.data(), X.data(), W1.data(), b1.data(), acc.data(), Bt, K, H, true);
                affine(z.data(), h.data(), W2.data(), b2.data(), acc.data(), Bt, H, O, false);
                const float* __restrict pz = z.data();
                float* __restrict pe = e.data();
                float* __restrict po = probs.data();
                for (std::size_t i = 0; i < Bt; ++i) {
                    float mx = pz[i * O];
                    for (std::size_t j = 1; j < O; ++j) mx = std::max(mx, pz[i * O + j]);
                    for (std::size_t j = 0; j < O; ++j) pe[i * O + j] = std::exp(pz[i * O + j] - mx);
                }
                for (std::size_t i = 0; i < Bt; ++i) {
                    float s = 0;
                    for (std::size_t j = 0; j < O; ++j) s += pe[i * O + j];
                    for (std::size_t j = 0; j < O; ++j) po[i * O + j] = pe[i * O + j] / s;
                }
            }
            const float* out() const { return probs.data(); }
        };
        return job{bench::buffer<float>(Bt * K, 1, x_range), bench::buffer<float>(K * H, 2, w1_range),
                   bench::buffer<float>(H, 3, bias_range), bench::buffer<float>(H * O, 4, w2_range),
                   bench::buffer<float>(O, 5, bias_range), bench::buffer<float>(Bt * H), bench::buffer<float>(Bt * O),
                   bench::buffer<float>(Bt * O), bench::buffer<float>(Bt * O), bench::buffer<float>(H), Bt, K, H, O};
    });

    // W1 read once for all the rows (four of its rows per pass over the accumulators), bias and relu fused; layer 2 and the softmax per row
    bench::add(spec("mlp", "restructured", size, Bt * O, bytes, 1e-5), ref, [=] {
        struct job {
            bench::buffer<float> X, W1, b1, W2, b2, h, probs, zrow;
            std::size_t Bt, K, H, O;
            void run() {
                const float* __restrict px = X.data();
                const float* __restrict pw1 = W1.data();
                const float* __restrict pb1 = b1.data();
                const float* __restrict pw2 = W2.data();
                const float* __restrict pb2 = b2.data();
                float* __restrict ph = h.data();
                float* __restrict po = probs.data();
                float* __restrict z = zrow.data();
                for (std::size_t q = 0; q < Bt * H; ++q) ph[q] = 0;
                std::size_t p = 0;
                for (; p + 4 <= K; p += 4)
                    for (std::size_t i = 0; i < Bt; ++i) {
                        const float x0 = px[i * K + p], x1 = px[i * K + p + 1], x2 = px[i * K + p + 2],
                                    x3 = px[i * K + p + 3];
                        for (std::size_t j = 0; j < H; ++j)
                            ph[i * H + j] += x0 * pw1[p * H + j] + x1 * pw1[(p + 1) * H + j] +
                                             x2 * pw1[(p + 2) * H + j] + x3 * pw1[(p + 3) * H + j];
                    }
                for (; p < K; ++p)
                    for (std::size_t i = 0; i < Bt; ++i) {
                        const float xv = px[i * K + p];
                        for (std::size_t j = 0; j < H; ++j) ph[i * H + j] += xv * pw1[p * H + j];
                    }
                for (std::size_t q = 0; q < Bt * H; ++q) ph[q] = std::max(ph[q] + pb1[q % H], 0.0f);
                for (std::size_t i = 0; i < Bt; ++i) {
                    for (std::size_t j = 0; j < O; ++j) z[j] = 0;
                    for (std::size_t p = 0; p < H; ++p) {
                        const float hv = ph[i * H + p];
                        for (std::size_t j = 0; j < O; ++j) z[j] += hv * pw2[p * O + j];
                    }
                    float mx = -INFINITY, s = 0;
                    for (std::size_t j = 0; j < O; ++j) z[j] += pb2[j], mx = std::max(mx, z[j]);
                    for (std::size_t j = 0; j < O; ++j) z[j] = std::exp(z[j] - mx), s += z[j];
                    for (std::size_t j = 0; j < O; ++j) po[i * O + j] = z[j] / s;
                }
            }
            const float* out() const { return probs.data(); }
        };
        return job{bench::buffer<float>(Bt * K, 1, x_range), bench::buffer<float>(K * H, 2, w1_range),
                   bench::buffer<float>(H, 3, bias_range), bench::buffer<float>(H * O, 4, w2_range),
                   bench::buffer<float>(O, 5, bias_range), bench::buffer<float>(Bt * H), bench::buffer<float>(Bt * O),
                   bench::buffer<float>(O), Bt, K, H, O};
    });
}

}  // namespace

int main(int argc, char** argv) {
    loom::set_num_threads(1);  // single thread, as the hand loops and (pinned) NumPy
    jacobi_steps(256);         // two 512 KiB grids, 50 sweeps
    heat3d(64);                // two 2 MiB grids, 10 steps
    thomas(64, 64, 32);        // 4096 systems of 32 unknowns
    cavity(41);                // Barba's grid: 13 KiB arrays, every statement small
    cavity(101);               // 80 KiB arrays
    nbody(1000);               // (1000, 1000) temporaries of 8 MB
    azimuthal(640);            // 409600 pixels, 50 bins
    matvec_chain(2000);        // two 32 MB matrices
    mlp(8, 3000, 500, 10);     // a 6 MB float32 W1
    return bench::run_main(argc, argv);
}
