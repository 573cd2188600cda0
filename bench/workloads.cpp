// bench/workloads.cpp: loom on real workloads against the loop a careful C++ programmer writes (raw __restrict
// pointers, same flags, no intrinsics) and the triad: a 2-D Jacobi stencil through four views, RGB to gray
// through channel views, mixed element types (uint8 to float, float times double), int32 arithmetic with
// shifts, where(), a bool mask and a Black-Scholes call price (log, sqrt, exp).
#include "common.hpp"

namespace {

using std::int32_t;
using std::uint8_t;

// (rows, cols) of the element-wise cases: the widest array (operand or result) has about `bytes`;
// 64 rows in cache, 2048 out of it, as in the other programs.
struct dims {
    std::size_t rows, cols;
    std::size_t n() const { return rows * cols; }
};

dims dims_for(std::size_t bytes, std::size_t widest) {
    const std::size_t rows = bytes >= bench::memory_bytes ? 2048 : 64;
    return {rows, bytes / widest / rows};
}

bench::spec spec(const char* kase, const char* impl, const char* size, std::size_t count, std::size_t bytes,
                 double tol) {
    return {std::string(kase) + "/" + impl + "/" + size, count, bytes, tol};
}

// ---- jacobi: two sweeps of v(1:-1,1:-1) = 0.25*(u(0:-2,1:-1) + u(2:,1:-1) + u(1:-1,0:-2) + u(1:-1,2:))
// on an (N+2)x(N+2) double grid, u -> v then v -> u; the boundary stays as filled. Bytes per sweep: the
// grid read once and the interior written once.
constexpr int jacobi_sweeps = 2;  // a run: u -> v, then v -> u

void jacobi_loom(loom::array<double>& dst, const loom::array<double>& src) {
    using loom::none;
    using loom::range;
    using loom::view;
    view(dst, range(1, -1), range(1, -1)) =
        0.25 * (view(src, range(0, -2), range(1, -1)) + view(src, range(2, none), range(1, -1)) +
                view(src, range(1, -1), range(0, -2)) + view(src, range(1, -1), range(2, none)));
}

void jacobi_hand(double* __restrict dst, const double* __restrict src, std::size_t n) {
    const std::size_t m = n + 2;
    for (std::size_t i = 1; i <= n; ++i)
        for (std::size_t j = 1; j <= n; ++j)
            dst[i * m + j] =
                0.25 * (src[(i - 1) * m + j] + src[(i + 1) * m + j] + src[i * m + j - 1] + src[i * m + j + 1]);
}

// Element (i, j) of the grid after `k` sweeps, straight from value().
double jacobi_ref(std::size_t m, int k, std::size_t i, std::size_t j) {
    if (k == 0 || i == 0 || j == 0 || i == m - 1 || j == m - 1) return bench::value<double>(1, i * m + j);
    return 0.25 * (jacobi_ref(m, k - 1, i - 1, j) + jacobi_ref(m, k - 1, i + 1, j) +
                   jacobi_ref(m, k - 1, i, j - 1) + jacobi_ref(m, k - 1, i, j + 1));
}

void jacobi(const char* size, std::size_t n) {
    const std::size_t m = n + 2, cells = m * m;
    const std::size_t bytes = jacobi_sweeps * (cells + n * n) * sizeof(double);
    const auto ref = [m](std::size_t i) { return jacobi_ref(m, jacobi_sweeps, i / m, i % m); };

    bench::add(spec("jacobi", "loom", size, cells, bytes, 1e-14), ref, [=] {
        struct job {
            loom::array<double> u, v;
            void run() {
                jacobi_loom(v, u);
                jacobi_loom(u, v);
            }
            const double* out() const { return u.data(); }
        };
        return job{bench::loom_array<double>({m, m}, 1), bench::loom_array<double>({m, m}, 1)};
    });

    bench::add(spec("jacobi", "hand", size, cells, bytes, 1e-14), ref, [=] {
        struct job {
            bench::buffer<double> u, v;
            std::size_t n;
            void run() {
                jacobi_hand(v.data(), u.data(), n);
                jacobi_hand(u.data(), v.data(), n);
            }
            const double* out() const { return u.data(); }
        };
        return job{bench::buffer<double>(cells, 1), bench::buffer<double>(cells, 1), n};
    });
}

// ---- rgb_gray: gray(H,W) = 0.299*R + 0.587*G + 0.114*B from an interleaved uint8 image (H,W,3), in float.
constexpr bench::range byte_range{0.0, 256.0};  // integers 0..255 as uint8
constexpr float gray_r = 0.299f, gray_g = 0.587f, gray_b = 0.114f;

void rgb_gray(const char* size, std::size_t bytes) {
    const dims d = dims_for(bytes, sizeof(float));
    const std::size_t H = d.rows, W = d.cols, px = d.n();
    const auto sp = [&](const char* impl) {
        return spec("rgb_gray", impl, size, px, px * (3 * sizeof(uint8_t) + sizeof(float)), 1e-6);
    };
    const auto ref = [](std::size_t p) {
        const auto c = [p](std::size_t k) { return static_cast<double>(bench::value<uint8_t>(1, 3 * p + k, byte_range)); };
        return double(gray_r) * c(0) + double(gray_g) * c(1) + double(gray_b) * c(2);
    };

    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<uint8_t> img;
            loom::array<float> gray;
            void run() {
                using loom::all;
                using loom::view;
                gray = gray_r * view(img, all, all, 0) + gray_g * view(img, all, all, 1) +
                       gray_b * view(img, all, all, 2);
            }
            const float* out() const { return gray.data(); }
        };
        return job{bench::loom_array<uint8_t>({H, W, 3}, 1, byte_range), loom::array<float>(loom::shape_t{H, W})};
    });

    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<uint8_t> img;
            bench::buffer<float> gray;
            void run() {
                const uint8_t* __restrict pi = img.data();
                float* __restrict pg = gray.data();
                const std::size_t m = gray.size();
                for (std::size_t p = 0; p < m; ++p)
                    pg[p] = gray_r * pi[3 * p] + gray_g * pi[3 * p + 1] + gray_b * pi[3 * p + 2];
            }
            const float* out() const { return gray.data(); }
        };
        return job{bench::buffer<uint8_t>(3 * px, 1, byte_range), bench::buffer<float>(px)};
    });
}

// ---- u8_norm: r = float(x) / 255 as a multiplication by the reciprocal, uint8 in, float out.
constexpr float inv255 = 1.0f / 255.0f;

void u8_norm(const char* size, std::size_t bytes) {
    const dims d = dims_for(bytes, sizeof(float));
    const std::size_t n = d.n();
    const auto sp = [&](const char* impl) {
        return spec("u8_norm", impl, size, n, n * (sizeof(uint8_t) + sizeof(float)), 1e-6);
    };
    const auto ref = [](std::size_t i) {
        return static_cast<double>(bench::value<uint8_t>(1, i, byte_range)) * double(inv255);
    };

    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<uint8_t> x;
            loom::array<float> r;
            void run() { r = loom::astype<float>(x) * inv255; }
            const float* out() const { return r.data(); }
        };
        return job{bench::loom_array<uint8_t>({d.rows, d.cols}, 1, byte_range),
                   loom::array<float>(loom::shape_t{d.rows, d.cols})};
    });

    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<uint8_t> x;
            bench::buffer<float> r;
            void run() {
                const uint8_t* __restrict px = x.data();
                float* __restrict pr = r.data();
                const std::size_t m = r.size();
                for (std::size_t i = 0; i < m; ++i) pr[i] = static_cast<float>(px[i]) * inv255;
            }
            const float* out() const { return r.data(); }
        };
        return job{bench::buffer<uint8_t>(n, 1, byte_range), bench::buffer<float>(n)};
    });
}

// ---- f32_f64: r = a * b, float times double into double.
void f32_f64(const char* size, std::size_t bytes) {
    const dims d = dims_for(bytes, sizeof(double));
    const std::size_t n = d.n();
    const auto sp = [&](const char* impl) {
        return spec("f32_f64", impl, size, n, n * (sizeof(float) + 2 * sizeof(double)), 1e-15);
    };
    const auto ref = [](std::size_t i) {
        return static_cast<double>(bench::value<float>(1, i)) * bench::value<double>(2, i);
    };

    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<float> a;
            loom::array<double> b, r;
            void run() { r = a * b; }
            const double* out() const { return r.data(); }
        };
        const loom::shape_t s{d.rows, d.cols};
        return job{bench::loom_array<float>(s, 1), bench::loom_array<double>(s, 2), loom::array<double>(s)};
    });

    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<float> a;
            bench::buffer<double> b, r;
            void run() {
                const float* __restrict pa = a.data();
                const double* __restrict pb = b.data();
                double* __restrict pr = r.data();
                const std::size_t m = r.size();
                for (std::size_t i = 0; i < m; ++i) pr[i] = pa[i] * pb[i];
            }
            const double* out() const { return r.data(); }
        };
        return job{bench::buffer<float>(n, 1), bench::buffer<double>(n, 2), bench::buffer<double>(n)};
    });
}

// ---- i32_shift: r = ((a * 3) + (b >> 2)) ^ (a << 1) on int32. Operands in [-2^20, 2^20): nothing
// overflows, so the hand loop's plain signed arithmetic (C++20 shifts) is loom's wrapping arithmetic.
constexpr bench::range i32_range{-1048576.0, 1048576.0};

void i32_shift(const char* size, std::size_t bytes) {
    const dims d = dims_for(bytes, sizeof(int32_t));
    const std::size_t n = d.n();
    const auto sp = [&](const char* impl) { return spec("i32_shift", impl, size, n, 3 * n * sizeof(int32_t), 0.0); };
    const auto ref = [](std::size_t i) {
        const std::int64_t a = bench::value<int32_t>(1, i, i32_range), b = bench::value<int32_t>(2, i, i32_range);
        return static_cast<double>(((a * 3) + (b >> 2)) ^ (a * 2));
    };

    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<int32_t> a, b, r;
            void run() { r = ((a * 3) + (b >> 2)) ^ (a << 1); }
            const int32_t* out() const { return r.data(); }
        };
        const loom::shape_t s{d.rows, d.cols};
        return job{bench::loom_array<int32_t>(s, 1, i32_range), bench::loom_array<int32_t>(s, 2, i32_range),
                   loom::array<int32_t>(s)};
    });

    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<int32_t> a, b, r;
            void run() {
                const int32_t* __restrict pa = a.data();
                const int32_t* __restrict pb = b.data();
                int32_t* __restrict pr = r.data();
                const std::size_t m = r.size();
                for (std::size_t i = 0; i < m; ++i) pr[i] = ((pa[i] * 3) + (pb[i] >> 2)) ^ (pa[i] << 1);
            }
            const int32_t* out() const { return r.data(); }
        };
        return job{bench::buffer<int32_t>(n, 1, i32_range), bench::buffer<int32_t>(n, 2, i32_range),
                   bench::buffer<int32_t>(n)};
    });
}

// ---- leaky_relu: r = where(x > 0, x, 0.01*x) on float, x in [-1, 1).
constexpr bench::range signed_range{-1.0, 1.0};
constexpr float leak = 0.01f;

void leaky_relu(const char* size, std::size_t bytes) {
    const dims d = dims_for(bytes, sizeof(float));
    const std::size_t n = d.n();
    const auto sp = [&](const char* impl) { return spec("leaky_relu", impl, size, n, 2 * n * sizeof(float), 1e-6); };
    const auto ref = [](std::size_t i) {
        const double x = bench::value<float>(1, i, signed_range);
        return x > 0.0 ? x : double(leak) * x;
    };

    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<float> x, r;
            void run() { r = loom::where(x > 0.0f, x, leak * x); }
            const float* out() const { return r.data(); }
        };
        const loom::shape_t s{d.rows, d.cols};
        return job{bench::loom_array<float>(s, 1, signed_range), loom::array<float>(s)};
    });

    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<float> x, r;
            void run() {
                const float* __restrict px = x.data();
                float* __restrict pr = r.data();
                const std::size_t m = r.size();
                for (std::size_t i = 0; i < m; ++i) pr[i] = px[i] > 0.0f ? px[i] : leak * px[i];
            }
            const float* out() const { return r.data(); }
        };
        return job{bench::buffer<float>(n, 1, signed_range), bench::buffer<float>(n)};
    });
}

// ---- mask: m = (x > lo) & (x < hi), float in, bool out; x in [0, 1), half of it inside.
constexpr bench::range mask_range{0.0, 1.0};
constexpr float mask_lo = 0.25f, mask_hi = 0.75f;

void mask(const char* size, std::size_t bytes) {
    const dims d = dims_for(bytes, sizeof(float));
    const std::size_t n = d.n();
    const auto sp = [&](const char* impl) {
        return spec("mask", impl, size, n, n * (sizeof(float) + sizeof(bool)), 0.0);
    };
    const auto ref = [](std::size_t i) {
        const float x = bench::value<float>(1, i, mask_range);
        return x > mask_lo && x < mask_hi ? 1.0 : 0.0;
    };

    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<float> x;
            loom::array<bool> m;
            void run() { m = (x > mask_lo) & (x < mask_hi); }
            const bool* out() const { return m.data(); }
        };
        const loom::shape_t s{d.rows, d.cols};
        return job{bench::loom_array<float>(s, 1, mask_range), loom::array<bool>(s)};
    });

    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<float> x;
            bench::buffer<bool> m;
            void run() {
                const float* __restrict px = x.data();
                bool* __restrict pm = m.data();
                const std::size_t k = m.size();
                for (std::size_t i = 0; i < k; ++i) pm[i] = (px[i] > mask_lo) & (px[i] < mask_hi);
            }
            const bool* out() const { return m.data(); }
        };
        return job{bench::buffer<float>(n, 1, mask_range), bench::buffer<bool>(n)};
    });
}

// ---- black_scholes: the price of a European call, in float, with the normal CDF approximated by the
// logistic function N(x) ~ 1 / (1 + exp(-1.702 x)) (loom has no erf):
//   d1 = (log(S/K) + (r + sigma^2/2) T) / (sigma sqrt(T)),  d2 = d1 - sigma sqrt(T),
//   C = S N(d1) - K exp(-r T) N(d2).
// Written in loom as a user would, one lazy expression built from named sub-expressions (which are
// copied into each use: loom computes d1 twice and sqrt(T) three times an element, the hand loop once).
constexpr bench::range spot_range{80.0, 120.0};
constexpr bench::range strike_range{80.0, 120.0};
constexpr bench::range expiry_range{0.25, 2.0};
constexpr float bs_rate = 0.05f, bs_sigma = 0.2f;
constexpr float bs_drift = bs_rate + 0.5f * bs_sigma * bs_sigma;
constexpr float cnd_k = -1.702f;

template <class X>
auto cnd_loom(X&& x) {
    return 1.0f / (1.0f + loom::exp(cnd_k * std::forward<X>(x)));
}

inline float cnd_hand(float x) { return 1.0f / (1.0f + std::exp(cnd_k * x)); }

double cnd_ref(double x) { return 1.0 / (1.0 + std::exp(double(cnd_k) * x)); }

void black_scholes(const char* size, std::size_t bytes) {
    const dims d = dims_for(bytes, sizeof(float));
    const std::size_t n = d.n();
    // float log and exp (libm's and xsimd's), against the same formula in double
    const auto sp = [&](const char* impl) {
        return spec("black_scholes", impl, size, n, 4 * n * sizeof(float), 1e-5);
    };
    const auto ref = [](std::size_t i) {
        const double S = bench::value<float>(1, i, spot_range), K = bench::value<float>(2, i, strike_range),
                     T = bench::value<float>(3, i, expiry_range);
        const double sigma = bs_sigma, sqrtT = std::sqrt(T);
        const double d1 = (std::log(S / K) + double(bs_drift) * T) / (sigma * sqrtT);
        const double d2 = d1 - sigma * sqrtT;
        return S * cnd_ref(d1) - K * std::exp(-double(bs_rate) * T) * cnd_ref(d2);
    };

    bench::add(sp("loom"), ref, [=] {
        struct job {
            loom::array<float> S, K, T, C;
            void run() {
                const auto sqrtT = loom::sqrt(T);
                const auto d1 = (loom::log(S / K) + bs_drift * T) / (bs_sigma * sqrtT);
                const auto d2 = d1 - bs_sigma * sqrtT;
                C = S * cnd_loom(d1) - K * loom::exp(-bs_rate * T) * cnd_loom(d2);
            }
            const float* out() const { return C.data(); }
        };
        const loom::shape_t s{d.rows, d.cols};
        return job{bench::loom_array<float>(s, 1, spot_range), bench::loom_array<float>(s, 2, strike_range),
                   bench::loom_array<float>(s, 3, expiry_range), loom::array<float>(s)};
    });

    bench::add(sp("hand"), ref, [=] {
        struct job {
            bench::buffer<float> S, K, T, C;
            void run() {
                const float* __restrict ps = S.data();
                const float* __restrict pk = K.data();
                const float* __restrict pt = T.data();
                float* __restrict pc = C.data();
                const std::size_t m = C.size();
                for (std::size_t i = 0; i < m; ++i) {
                    const float sqrtT = std::sqrt(pt[i]);
                    const float d1 = (std::log(ps[i] / pk[i]) + bs_drift * pt[i]) / (bs_sigma * sqrtT);
                    const float d2 = d1 - bs_sigma * sqrtT;
                    pc[i] = ps[i] * cnd_hand(d1) - pk[i] * std::exp(-bs_rate * pt[i]) * cnd_hand(d2);
                }
            }
            const float* out() const { return C.data(); }
        };
        return job{bench::buffer<float>(n, 1, spot_range), bench::buffer<float>(n, 2, strike_range),
                   bench::buffer<float>(n, 3, expiry_range), bench::buffer<float>(n)};
    });
}

}  // namespace

int main(int argc, char** argv) {
    bench::add_triad();
    jacobi("cache", 62);      // a 64x64 grid: 32 KiB, two of them in L2
    jacobi("memory", 1024);   // a 1026x1026 grid: 8 MiB (the two grids fit the 32 MiB L3)
    const std::pair<const char*, std::size_t> sizes[] = {{"cache", bench::cache_bytes},
                                                         {"memory", bench::memory_bytes}};
    for (const auto& [size, bytes] : sizes) rgb_gray(size, bytes);
    for (const auto& [size, bytes] : sizes) u8_norm(size, bytes);
    for (const auto& [size, bytes] : sizes) f32_f64(size, bytes);
    for (const auto& [size, bytes] : sizes) i32_shift(size, bytes);
    for (const auto& [size, bytes] : sizes) leaky_relu(size, bytes);
    for (const auto& [size, bytes] : sizes) mask(size, bytes);
    for (const auto& [size, bytes] : sizes) black_scholes(size, bytes);
    return bench::run_main(argc, argv);
}
